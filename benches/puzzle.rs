//! Time per puzzle, grid included: a `uniform` grid (`backtrack` at 16x16),
//! then top-down removal to a minimal puzzle, one core.
//!
//! `cargo bench --bench puzzle`. The generators of the random numbers are
//! made once and reused, as in the `strategies` bench.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use sudogen::puzzle::{self, Settings};
use sudogen::random::grid_rng;
use sudogen::{Grid, Size, Strategy};

fn minimal(c: &mut Criterion) {
    let settings = Settings::MINIMAL;
    for (size, strategy) in [
        (Size::S9, Strategy::Uniform),
        (Size::S16, Strategy::Backtrack),
    ] {
        let mut group = c.benchmark_group(format!("puzzle/{}", size.side()));
        if size == Size::S16 {
            group.sample_size(10);
        }
        let (mut grid_rng_, mut removal_rng) = (grid_rng(2026, 0), grid_rng(2026, 1));
        let mut grid = Grid::empty(size);
        group.bench_function(BenchmarkId::from_parameter("minimal"), |b| {
            b.iter(|| {
                strategy.generate(&mut grid_rng_, &mut grid);
                black_box(puzzle::make(&mut removal_rng, &grid, settings));
            });
        });
        if size == Size::S9 {
            // `--level easy`: one attempt (most are given up early).
            group.bench_function(BenchmarkId::from_parameter("easy-attempt"), |b| {
                b.iter(|| {
                    strategy.generate(&mut grid_rng_, &mut grid);
                    black_box(puzzle::make_easy(&mut removal_rng, &grid, settings));
                });
            });
        }
        group.finish();
    }
}

criterion_group!(benches, minimal);
criterion_main!(benches);
