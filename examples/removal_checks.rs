//! Where a large puzzle's time goes: the uniqueness check of every cell of
//! one top-down removal pass, timed and grouped by the clues left, and the
//! slowest checks.
//!
//! `cargo run --release --example removal_checks -- SIZE [INDEX] [CELLS]`,
//! e.g. `-- 25 0 340` for the first 340 cells of a 25x25 pass (the whole
//! pass takes minutes at 25x25). The grid is `chain`'s grid `INDEX` of seed
//! 1; the cells are tried in a random order drawn from seed 2. Each cell is
//! checked with one search (`has_other_solution`), also where `puzzle`
//! decides without one (a cell still forced by a single, or left alone in
//! an unavoidable set): such checks are quick, and the decisions are the
//! same.

use std::time::Instant;

use sudogen::random::{grid_rng, shuffle};
use sudogen::solve::{Budget, has_other_solution};
use sudogen::{Size, Strategy};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).and_then(|a| a.parse::<usize>().ok());
    let Some(size) = arg(0).and_then(Size::from_side) else {
        eprintln!("usage: removal_checks SIZE [INDEX] [CELLS] (SIZE 4, 9, 16 or 25)");
        std::process::exit(2);
    };
    let index = arg(1).unwrap_or(0) as u64;
    let cells = arg(2).unwrap_or(size.cells()).min(size.cells());
    let grid = Strategy::Chain.grid(&mut grid_rng(1, index), size);
    let mut order: Vec<usize> = (0..size.cells()).collect();
    shuffle(&mut grid_rng(2, index), &mut order);
    let mut puzzle = grid.clone();
    let mut clues = size.cells();
    // (ms, step, clues before the check, whether the given stayed)
    let mut checks = Vec::with_capacity(cells);
    for (step, &cell) in order[..cells].iter().enumerate() {
        puzzle.cells_mut()[cell] = 0;
        let start = Instant::now();
        let kept =
            has_other_solution(&puzzle, cell, &grid, &mut { Budget::UNLIMITED }) == Some(true);
        checks.push((start.elapsed().as_secs_f64() * 1e3, step, clues, kept));
        if kept {
            puzzle.cells_mut()[cell] = grid.cells()[cell];
        } else {
            clues -= 1;
        }
    }
    let total: f64 = checks.iter().map(|c| c.0).sum();
    println!(
        "{side}x{side}, grid {index}: {cells} cells tried, {clues} clues left, {:.2} s",
        total / 1e3,
        side = size.side()
    );
    println!("clues left (share of cells)  checks  time      slowest");
    for tenth in (0..10).rev() {
        let (lo, hi) = (size.cells() * tenth / 10, size.cells() * (tenth + 1) / 10);
        let group: Vec<_> = checks
            .iter()
            .filter(|c| (lo + 1..=hi).contains(&c.2))
            .collect();
        if group.is_empty() {
            continue;
        }
        let time: f64 = group.iter().map(|c| c.0).sum();
        let worst = group.iter().map(|c| c.0).fold(0.0, f64::max);
        println!(
            "{:>4}-{:<4} ({:>3}-{:>3}%)        {:>5}  {:>8.1} ms {:>8.1} ms",
            lo + 1,
            hi,
            tenth * 10,
            tenth * 10 + 10,
            group.len(),
            time,
            worst
        );
    }
    checks.sort_by(|a, b| b.0.total_cmp(&a.0));
    println!("slowest checks:");
    for (ms, step, clues, kept) in checks.iter().take(10) {
        let outcome = if *kept { "given kept" } else { "given removed" };
        println!("  {ms:>9.1} ms  step {step}, {clues} clues, {outcome}");
    }
}
