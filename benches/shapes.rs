//! The shapes and variants beside the classic 9x9, one core: a grid, a
//! puzzle (grid included, top-down removal to minimal, the symmetry
//! `sudogen puzzle` would be asked for beside Solo), and solving a set of
//! the tool's own minimal puzzles (count to two): keeping the first
//! solution (`solve`), and counting only, as the uniqueness checks of the
//! puzzle maker do (9x9 X and Hyper then go to the band solver with their
//! extra units, `solve::bands_x`, the first to the bitboard solver); and
//! the start-up of a 6x6 run (its table of grids).
//!
//! `cargo bench --bench shapes`. Grids come from each shape's default
//! strategy (`sudogen puzzle` without `-s`), unless the name says.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sudogen::grid::{Layout, Shape, Variant};
use sudogen::puzzle::{self, Settings, Symmetry};
use sudogen::random::grid_rng;
use sudogen::solve::{Search, count_solutions, search};
use sudogen::{Grid, Size, Strategy};

/// The jigsaw map of docs/GUIDE.md.
const JIGSAW: &str =
    "AAABBBCCC AABBBCCCC AAAABBBCC DDDDEEEFF DDEEEFFFF DDDEEEFFF GGGHHHIII GGGHHHIII GGGHHHIII";

fn shapes() -> Vec<(&'static str, Shape)> {
    vec![
        ("9x9", Size::S9.into()),
        ("6x6", Size::boxed(6, 2, 3).unwrap().into()),
        ("12x12", Size::boxed(12, 3, 4).unwrap().into()),
        ("x", Shape::new(Size::S9, Variant::X).unwrap()),
        ("hyper", Shape::new(Size::S9, Variant::Hyper).unwrap()),
        ("jigsaw", Shape::jigsaw(Layout::parse(JIGSAW).unwrap())),
    ]
}

fn grids(c: &mut Criterion) {
    let mut group = c.benchmark_group("shapes/grid");
    let mut cases: Vec<(String, Shape, Strategy)> = shapes()
        .into_iter()
        .map(|(name, shape)| {
            (
                name.to_string(),
                shape.clone(),
                Strategy::default_for(shape),
            )
        })
        .collect();
    let x = Shape::new(Size::S9, Variant::X).unwrap();
    cases.push(("x-backtrack".into(), x.clone(), Strategy::Backtrack));
    cases.push(("x-potential".into(), x, Strategy::Potential));
    for (name, shape, strategy) in cases {
        let mut rng = grid_rng(2026, 0);
        let mut grid = Grid::new(shape);
        group.bench_function(name, |b| {
            b.iter(|| {
                strategy.generate(&mut rng, &mut grid);
                black_box(&grid);
            });
        });
    }
    group.finish();
}

fn puzzles(c: &mut Criterion) {
    let mut group = c.benchmark_group("shapes/puzzle");
    for (name, shape) in shapes() {
        // Minimal 6x6 as the issue asks; the others 2-fold symmetric, as
        // Solo makes them.
        let symmetry = if name == "6x6" {
            Symmetry::None
        } else {
            Symmetry::Rot180
        };
        let settings = Settings {
            symmetry,
            ..Settings::MINIMAL
        };
        let strategy = Strategy::default_for(shape.clone());
        let (mut grid_rng_, mut removal_rng) = (grid_rng(2026, 0), grid_rng(2026, 1));
        let mut grid = Grid::new(shape);
        group.bench_function(format!("{name}-{}", symmetry.name()), |b| {
            b.iter(|| {
                strategy.generate(&mut grid_rng_, &mut grid);
                black_box(puzzle::make(&mut removal_rng, &grid, settings));
            });
        });
    }
    group.finish();
}

/// 50 minimal puzzles of `shape`.
fn minimal_set(shape: Shape) -> Vec<Grid> {
    let strategy = Strategy::default_for(shape.clone());
    (0..50)
        .map(|i| {
            let grid = strategy.grid(&mut grid_rng(7, i), shape.clone());
            puzzle::make(&mut grid_rng(8, i), &grid, Settings::MINIMAL).puzzle
        })
        .collect()
}

fn solving(c: &mut Criterion) {
    let mut group = c.benchmark_group("shapes/solve-50");
    for (name, shape) in shapes() {
        let set = minimal_set(shape);
        group.bench_function(name, |b| {
            b.iter(|| {
                for p in &set {
                    black_box(search(p, Search::default()));
                }
            });
        });
    }
    group.finish();
}

fn counting(c: &mut Criterion) {
    let mut group = c.benchmark_group("shapes/count-50");
    for (name, shape) in shapes() {
        if !matches!(name, "9x9" | "x" | "hyper") {
            continue;
        }
        let set = minimal_set(shape);
        group.bench_function(name, |b| {
            b.iter(|| {
                for p in &set {
                    black_box(count_solutions(p, 2));
                }
            });
        });
    }
    group.finish();
}

/// What a 6x6 run does before its first record with the default strategy
/// (`uniform`): list the 39,168 grids whose first row is `123456` (issue
/// 53: a 6x6 run's first record within 10 ms of a 9x9 run's).
fn start_up(c: &mut Criterion) {
    let mut group = c.benchmark_group("shapes/start-up");
    group.bench_function("6x6-table", |b| {
        b.iter(|| black_box(sudogen::strategies::uniform::list_6x6_first_row().len()));
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = grids, puzzles, solving, counting, start_up
}
criterion_main!(benches);
