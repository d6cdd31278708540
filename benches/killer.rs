//! Time per killer puzzle (no givens, unique), grid included: a grid of
//! the default strategy, then cages drawn and re-cut until unique
//! (`killer::make::make_from`, the grids it discards included), one core;
//! and one uniqueness count of a finished 9x9 puzzle.
//!
//! `cargo bench --bench killer`. One random stream is made once and
//! reused, as in the `puzzle` bench.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use sudogen::grid::{Shape, Size, Variant};
use sudogen::killer::make::{Settings, make_from};
use sudogen::killer::solve;
use sudogen::random::grid_rng;
use sudogen::solve::Search;
use sudogen::{Grid, Strategy};

fn killer(c: &mut Criterion) {
    let settings = Settings::default();
    let mut group = c.benchmark_group("killer");
    for (name, shape) in [
        ("9", Shape::from(Size::S9)),
        ("9x", Shape::new(Size::S9, Variant::X).expect("9x9 X")),
        ("6", Shape::from(Size::from_side(6).expect("6x6"))),
    ] {
        let strategy = Strategy::default_for(shape.clone());
        let mut grid = Grid::new(shape.clone());
        let mut rng = grid_rng(2026, 0);
        group.bench_function(BenchmarkId::new("make", name), |b| {
            b.iter(|| {
                black_box(make_from(
                    shape.geometry(),
                    &mut rng,
                    &settings,
                    100,
                    |rng| {
                        strategy.generate(rng, &mut grid);
                        grid.cells().to_vec()
                    },
                ))
            });
        });
    }
    // The uniqueness count of one finished 9x9 puzzle.
    let shape = Shape::from(Size::S9);
    let mut grid = Grid::new(shape.clone());
    let (puzzle, _, _) = make_from(
        shape.geometry(),
        &mut grid_rng(2026, 1),
        &settings,
        100,
        |rng| {
            Strategy::default_for(shape.clone()).generate(rng, &mut grid);
            grid.cells().to_vec()
        },
    )
    .expect("a 9x9 killer");
    group.bench_function(BenchmarkId::new("count", "9"), |b| {
        b.iter(|| {
            black_box(solve::search(
                shape.geometry(),
                &puzzle.cages,
                &[],
                Search::default(),
            ))
        });
    });
    group.finish();
}

criterion_group!(benches, killer);
criterion_main!(benches);
