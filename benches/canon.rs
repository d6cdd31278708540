//! Canonical forms and transforms, one core: throughput in forms (or
//! transforms) a second.
//!
//! `cargo bench --bench canon`. The puzzle sets:
//! - the published 17-clue list, `../shared/data/17-clue.txt` (or
//!   `$SUDOGEN_DATA/17-clue.txt`), read only when present: the bench
//!   says so on standard error when it is absent and skips that group;
//! - 2,000 random minimal 9x9 puzzles made by the library (`uniform`
//!   grids, top-down removal), seed 2026;
//! - 2,000 9x9 grids (`uniform`), 20 16x16 and 4 25x25 grids
//!   (`backtrack`), for the complete-grid searches.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sudogen::canon::{By, Canonicalizer};
use sudogen::puzzle::{self, Settings};
use sudogen::random::grid_rng;
use sudogen::transform::{Shape, TransformStream};
use sudogen::{Grid, Size, Strategy};

fn grids(size: Size, count: u64) -> Vec<Grid> {
    let strategy = if size == Size::S9 {
        Strategy::Uniform
    } else {
        Strategy::Backtrack
    };
    (0..count)
        .map(|i| {
            let mut g = Grid::empty(size);
            strategy.generate(&mut grid_rng(2026, i), &mut g);
            g
        })
        .collect()
}

fn minimal_puzzles(count: u64) -> Vec<Grid> {
    grids(Size::S9, count)
        .iter()
        .enumerate()
        .map(|(i, g)| puzzle::make(&mut grid_rng(2027, i as u64), g, Settings::MINIMAL).puzzle)
        .collect()
}

fn seventeen() -> Option<Vec<Grid>> {
    let dir = std::env::var_os("SUDOGEN_DATA").map_or_else(
        || std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        std::path::PathBuf::from,
    );
    let path = dir.join("17-clue.txt");
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(
            text.lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .map(|l| Grid::parse_line(l.trim().as_bytes(), None).expect("a puzzle"))
                .collect(),
        ),
        Err(_) => {
            eprintln!(
                "NOTE: {} not found (a fresh clone has no ../shared/data): the 17-clue group is skipped",
                path.display()
            );
            None
        }
    }
}

fn forms(c: &mut Criterion, group: &str, set: &[Grid], bys: &[By], general_too: bool) {
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(set.len() as u64));
    if set.len() > 1000 {
        g.sample_size(10);
    }
    let paths: &[bool] = if general_too {
        &[false, true]
    } else {
        &[false]
    };
    for &general in paths {
        for &by in bys {
            let mut canon = if general {
                Canonicalizer::general()
            } else {
                Canonicalizer::new()
            };
            let name = if general {
                format!("{}-general", by.name())
            } else {
                by.name().to_string()
            };
            g.bench_function(BenchmarkId::from_parameter(name), |b| {
                b.iter(|| {
                    for p in set {
                        black_box(canon.form(p, by).expect("a valid puzzle"));
                    }
                });
            });
        }
    }
    g.finish();
}

fn canon(c: &mut Criterion) {
    if let Some(set) = seventeen() {
        forms(c, "canon/17-clue", &set, &[By::String, By::Pattern], false);
    }
    let minimal = minimal_puzzles(2000);
    forms(c, "canon/minimal-9", &minimal, &By::ALL, false);
    forms(
        c,
        "canon/minimal-9-sample",
        &minimal[..200],
        &[By::String, By::Pattern],
        true,
    );
    forms(
        c,
        "canon/grid-9",
        &grids(Size::S9, 2000),
        &[By::String],
        false,
    );
    forms(
        c,
        "canon/grid-16",
        &grids(Size::S16, 20),
        &[By::String],
        false,
    );
    forms(
        c,
        "canon/grid-25",
        &grids(Size::S25, 4),
        &[By::String],
        false,
    );
}

fn transforms(c: &mut Criterion) {
    let mut g = c.benchmark_group("transform/9");
    let set = minimal_puzzles(1000);
    let shape = Shape::of(Size::S9);
    let stream = TransformStream::new(7);
    g.throughput(Throughput::Elements(set.len() as u64));
    g.bench_function("draw", |b| {
        b.iter(|| {
            for i in 0..set.len() as u64 {
                black_box(stream.transform(shape, i, 0));
            }
        });
    });
    let ts: Vec<_> = (0..set.len() as u64)
        .map(|i| stream.transform(shape, i, 0))
        .collect();
    g.bench_function("apply", |b| {
        b.iter(|| {
            for (t, p) in ts.iter().zip(&set) {
                black_box(t.apply(p).expect("9x9"));
            }
        });
    });
    g.bench_function("draw-and-apply", |b| {
        b.iter(|| {
            for (i, p) in set.iter().enumerate() {
                black_box(stream.transform(shape, i as u64, 0).apply(p).expect("9x9"));
            }
        });
    });
    g.finish();
}

criterion_group!(benches, canon, transforms);
criterion_main!(benches);
