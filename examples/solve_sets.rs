//! Times the solver on the published collections in `../shared/data`
//! (limit 2, one core): mean time and guesses per puzzle for each set.
//!
//! `cargo run --release --example solve_sets [ROUNDS]`
//!
//! Without `../shared/data` (a fresh clone) it says so on standard error
//! and exits 2.

use std::time::Instant;

use sudogen::Grid;
use sudogen::solve::{Search, search};

fn main() {
    let dir = std::env::var_os("SOLVE_SETS_DIR").map_or_else(
        || std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        std::path::PathBuf::from,
    );
    let rounds: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(3);
    for file in ["17-clue.txt", "top1465.txt", "forum-hardest-1106.txt"] {
        let path = dir.join(file);
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!(
                "solve_sets: {} not found (../shared/data, or SOLVE_SETS_DIR, is not part of a fresh clone); nothing was timed",
                path.display()
            );
            std::process::exit(2);
        };
        let puzzles: Vec<Grid> = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| Grid::parse_line(l.split_whitespace().next()?.as_bytes(), None).ok())
            .collect();
        let mut best = f64::MAX;
        let mut guesses = 0;
        for _ in 0..rounds {
            let t = Instant::now();
            guesses = 0;
            for p in &puzzles {
                let out = search(p, Search::default());
                assert_eq!(out.solutions, 1);
                guesses += out.guesses;
            }
            best = best.min(t.elapsed().as_secs_f64() / puzzles.len() as f64);
        }
        println!(
            "{file}: {} puzzles, {:.2} us per puzzle (best of {rounds}), {:.1} guesses per puzzle",
            puzzles.len(),
            best * 1e6,
            guesses as f64 / puzzles.len() as f64
        );
    }
}
