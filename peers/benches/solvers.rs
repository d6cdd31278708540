//! sudogen's solver beside the `sudoku` crate (a JCZSolve port) on the
//! published collections: one uniqueness check (limit 2) per puzzle, one
//! core. Reads `../../shared/data` and says so when it is absent.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

fn lines(file: &str) -> Option<Vec<String>> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data").join(file);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(
            text.lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .map(|l| l.split_whitespace().next().unwrap_or_default().to_string())
                .collect(),
        ),
        Err(_) => {
            eprintln!("{} not found (../shared/data is absent): skipped", path.display());
            None
        }
    }
}

fn solvers(c: &mut Criterion) {
    for (name, file) in [
        ("17-clue", "17-clue.txt"),
        ("top1465", "top1465.txt"),
        ("forum-hardest-1106", "forum-hardest-1106.txt"),
    ] {
        let Some(lines) = lines(file) else { continue };
        let ours: Vec<sudogen::Grid> = lines
            .iter()
            .map(|l| sudogen::Grid::parse_line(l.as_bytes(), None).unwrap())
            .collect();
        let theirs: Vec<sudoku::Sudoku> = lines
            .iter()
            .map(|l| sudoku::Sudoku::from_str_line(l).unwrap())
            .collect();
        let mut group = c.benchmark_group(format!("solve/{name}"));
        group.throughput(Throughput::Elements(lines.len() as u64));
        group.sample_size(10);
        group.bench_function(BenchmarkId::from_parameter("sudogen"), |b| {
            b.iter(|| {
                for p in &ours {
                    black_box(sudogen::solve::count_solutions(black_box(p), 2));
                }
            });
        });
        group.bench_function(BenchmarkId::from_parameter("sudoku-0.8"), |b| {
            b.iter(|| {
                for p in &theirs {
                    black_box(black_box(*p).solutions_count_up_to(2));
                }
            });
        });
        group.finish();
    }
}

criterion_group!(benches, solvers);
criterion_main!(benches);
