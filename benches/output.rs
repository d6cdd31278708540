//! The writers alone (every format, 9x9) and the whole pipeline (generate,
//! format, write to a sink) at one and two jobs.
//!
//! `cargo bench --bench output`

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sudogen::cli::generate::Config;
use sudogen::format::{Format, Record};
use sudogen::random::grid_rng;
use sudogen::{Generator, Size, Strategy};

fn writers(c: &mut Criterion) {
    let grid = sudogen::strategies::Uniform.grid(&mut grid_rng(1, 1), Size::S9);
    let mut group = c.benchmark_group("write/9");
    for &format in Format::ALL {
        let writer = Config {
            strategy: Strategy::Uniform,
            size: Size::S9,
            seed: 1,
            start: 0,
            count: 1,
            format,
            jobs: 1,
        }
        .writer();
        let mut buf = Vec::with_capacity(1 << 20);
        let mut index = 0u64;
        group.bench_function(BenchmarkId::from_parameter(format.name()), |b| {
            b.iter(|| {
                if buf.len() > (1 << 19) {
                    buf.clear();
                }
                let record = Record {
                    index,
                    grid: black_box(&grid),
                    fields: &[],
                    solution: None,
                };
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
            let job = Config {
                strategy,
                size: Size::S9,
                seed: 7,
                start: 0,
                count: GRIDS,
                format: Format::Line,
                jobs,
            };
            let id = BenchmarkId::new(strategy.name(), format!("j{jobs}"));
            group.bench_function(id, |b| {
                b.iter(|| job.write_to(&mut std::io::sink(), |_| {}).unwrap());
            });
        }
    }
    group.finish();
}

criterion_group!(benches, writers, pipeline);
criterion_main!(benches);
