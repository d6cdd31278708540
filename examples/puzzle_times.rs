//! The distribution of the time to make one puzzle, one core: median, 99th
//! percentile and worst, for the removal alone and with the grid included.
//!
//! `cargo run --release --example puzzle_times -- SIZE COUNT [CLUES]
//! [BUDGET]`, e.g. `-- 16 50` for 50 minimal 16x16 puzzles, `-- 25 20 343`
//! for 25x25 with 343 clues (55% of the cells; 0 for minimal), `-- 25 5 0
//! 1000000` for minimal 25x25 puzzles under `sudogen puzzle`'s default
//! search budget (without one, no budget). It also gives the guesses each
//! puzzle's checks spent, and how many puzzles kept givens unchecked. Grids come from `backtrack` (as `sudogen
//! puzzle --size 16 -s backtrack` makes them), seed 1, puzzle `i` from
//! grid `i`.

use std::time::Instant;

use sudogen::puzzle::{self, Settings, Symmetry};
use sudogen::random::grid_rng;
use sudogen::{Size, Strategy};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).and_then(|a| a.parse::<usize>().ok());
    let (Some(side), Some(count)) = (arg(0), arg(1)) else {
        eprintln!("usage: puzzle_times SIZE COUNT [CLUES] [BUDGET]");
        std::process::exit(2);
    };
    let Some(size) = Size::from_side(side) else {
        eprintln!("puzzle_times: size is 4, 9, 16 or 25");
        std::process::exit(2);
    };
    let settings = Settings {
        symmetry: Symmetry::None,
        clues: arg(2).filter(|&c| c > 0),
        budget: sudogen::solve::Budget::new(arg(3).map_or(u64::MAX, |b| b as u64)),
    };
    let (mut removal, mut total) = (Vec::with_capacity(count), Vec::with_capacity(count));
    let mut clues = 0;
    let (mut guesses, mut unproven, mut unchecked) = (Vec::with_capacity(count), 0, 0);
    for i in 0..count as u64 {
        let start = Instant::now();
        let grid = Strategy::Backtrack.grid(&mut grid_rng(1, i), size);
        let made = Instant::now();
        let p = puzzle::make(&mut grid_rng(2, i), &grid, settings);
        removal.push(made.elapsed().as_secs_f64() * 1e3);
        total.push(start.elapsed().as_secs_f64() * 1e3);
        clues += puzzle::clues(&p.puzzle);
        guesses.push(p.guesses);
        unproven += usize::from(p.unproven > 0);
        unchecked += p.unproven;
    }
    println!(
        "{side}x{side}, {count} puzzles, {:.1} clues on average; {unproven} kept givens unchecked, {:.1} on average",
        clues as f64 / count as f64,
        unchecked as f64 / count as f64
    );
    guesses.sort_unstable();
    println!(
        "  guesses per puzzle: median {}, worst {}",
        guesses[(guesses.len() - 1) / 2],
        guesses[guesses.len() - 1]
    );
    for (name, mut times) in [("removal", removal), ("grid and removal", total)] {
        times.sort_by(f64::total_cmp);
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        println!(
            "  {name}: median {:.2} ms, 99th percentile {:.2} ms, worst {:.2} ms",
            at(0.5),
            at(0.99),
            at(1.0)
        );
    }
}
