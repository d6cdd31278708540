//! The writers alone (every format, 9x9) and the whole pipeline (generate,
//! format, write to a sink) at one and two jobs.
//!
//! `cargo bench --bench output`

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sudogen::format::{Content, FORMATS, Format, Record, Writer};
use sudogen::random::grid_rng;
use sudogen::runs::GridRun;
use sudogen::{Generator, Size, Strategy};

fn writers(c: &mut Criterion) {
    let grid = sudogen::strategies::Uniform.grid(&mut grid_rng(1, 1), Size::S9);
    let mut group = c.benchmark_group("write/9");
    for &format in FORMATS {
        let writer = Writer::new(format, Content::Grids, Size::S9, 0, &[]);
        let mut buf = Vec::with_capacity(1 << 20);
        let mut index = 0u64;
        group.bench_function(BenchmarkId::from_parameter(format.name()), |b| {
            b.iter(|| {
                if buf.len() > (1 << 19) {
                    buf.clear();
                }
                let record = Record::new(index, black_box(&grid));
                writer.write(&mut buf, &record).unwrap();
                index += 1;
            });
        });
    }
    group.finish();
}

fn pipeline(c: &mut Criterion) {
    const GRIDS: u64 = 20_000;
    let mut group = c.benchmark_group("pipeline/9/line");
    group.throughput(Throughput::Elements(GRIDS));
    group.sample_size(10);
    for strategy in [Strategy::Uniform, Strategy::Backtrack, Strategy::Rotate] {
        for jobs in [1, 2] {
            let run = GridRun::new(strategy, Size::S9, 7);
            let writer = Writer::new(Format::LINE, Content::Grids, Size::S9, 0, &[]);
            let id = BenchmarkId::new(strategy.name(), format!("j{jobs}"));
            group.bench_function(id, |b| {
                b.iter(|| {
                    let sink = &mut std::io::sink();
                    run.write(&writer, (0, GRIDS), jobs, sink, |_| {}).unwrap()
                });
            });
        }
    }
    group.finish();
}

criterion_group!(benches, writers, pipeline);
criterion_main!(benches);
