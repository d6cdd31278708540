//! The solver, one core, one uniqueness check (limit 2) per puzzle:
//!
//! - the published collections in `../shared/data` (skipped, with a note,
//!   when the folder is absent): time per whole set, and puzzles per second;
//! - puzzles made here: 16x16 minimal puzzles (clues removed top-down while
//!   the solution stays unique), 25x25 puzzles with 55% of the cells given.
//!
//! `cargo bench --bench solve`; `cd peers && cargo bench` puts the `sudoku`
//! crate beside it.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudogen::random::{grid_rng, shuffle};
use sudogen::solve::count_solutions;
use sudogen::{Grid, Size, Strategy};

fn collection(file: &str) -> Option<Vec<Grid>> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(file);
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!(
            "{} not found (../shared/data is absent): skipped",
            path.display()
        );
        return None;
    };
    Some(
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| Grid::parse_line(l.split_whitespace().next()?.as_bytes(), None).ok())
            .collect(),
    )
}

/// Removes the clues of `grid` in a random order, each only if the puzzle
/// stays unique, down to `keep` clues (0: until no clue can go).
fn top_down(grid: &Grid, keep: usize, seed: u64) -> Grid {
    let mut p = grid.clone();
    let mut order: Vec<usize> = (0..grid.size().cells()).collect();
    shuffle(&mut ChaCha8Rng::seed_from_u64(seed), &mut order);
    let mut clues = order.len();
    for i in order {
        if clues <= keep {
            break;
        }
        let v = p.cells()[i];
        p.cells_mut()[i] = 0;
        if count_solutions(&p, 2) == 1 {
            clues -= 1;
        } else {
            p.cells_mut()[i] = v;
        }
    }
    p
}

fn collections(c: &mut Criterion) {
    for (name, file) in [
        ("17-clue", "17-clue.txt"),
        ("top1465", "top1465.txt"),
        ("forum-hardest-1106", "forum-hardest-1106.txt"),
    ] {
        let Some(puzzles) = collection(file) else {
            continue;
        };
        let mut group = c.benchmark_group("solve");
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.sample_size(10);
        group.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| {
                for p in &puzzles {
                    black_box(count_solutions(black_box(p), 2));
                }
            });
        });
        group.finish();
    }
}

fn large(c: &mut Criterion) {
    for (size, keep, count) in [(Size::S16, 0, 5), (Size::S25, 625 * 55 / 100, 3)] {
        let mut group = c.benchmark_group(format!("solve/{}", size.side()));
        group.sample_size(10);
        for k in 0..count {
            let grid = Strategy::Chain.grid(&mut grid_rng(7, k), size);
            let puzzle = top_down(&grid, keep, k);
            let clues = puzzle.cells().iter().filter(|&&v| v != 0).count();
            let id = format!("puzzle{k}-{clues}clues");
            group.bench_function(BenchmarkId::from_parameter(id), |b| {
                b.iter(|| black_box(count_solutions(black_box(&puzzle), 2)));
            });
        }
        group.finish();
    }
}

criterion_group!(benches, collections, large);
criterion_main!(benches);
