//! Times the solver puzzle by puzzle (one uniqueness check each, limit 2,
//! one core, best of three) on a file of puzzles, and prints the
//! distribution: median, 90th and 99th percentiles, worst, mean, and the
//! guesses in all.
//!
//! ```sh
//! cargo run --release -- puzzle --size 16 -s chain -n 200 --seed 3 > p16.txt
//! cargo run --release --example solve_times -- p16.txt
//! ```
//!
//! The file is read as `sudogen solve` reads the `line` format: one puzzle
//! per line, the first whitespace-separated field, `#` lines skipped.

use std::time::Instant;

use sudogen::Grid;
use sudogen::solve::{Search, search};

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: solve_times FILE (one puzzle per line)");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("solve_times: {path}: {e}");
            std::process::exit(2);
        }
    };
    let mut puzzles = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let Some(field) = line.split_whitespace().next() else {
            continue;
        };
        if field.starts_with('#') {
            continue;
        }
        match Grid::parse_line(field.as_bytes(), None) {
            Ok(p) => puzzles.push(p),
            Err(e) => {
                eprintln!("solve_times: {path}:{}: {e}", n + 1);
                std::process::exit(2);
            }
        }
    }
    if puzzles.is_empty() {
        eprintln!("solve_times: {path}: no puzzles");
        std::process::exit(2);
    }
    let mut times = Vec::with_capacity(puzzles.len());
    let mut guesses = 0;
    for p in &puzzles {
        let mut best = f64::MAX;
        for round in 0..3 {
            let start = Instant::now();
            let out = search(p, Search::default());
            best = best.min(start.elapsed().as_secs_f64() * 1e3);
            if out.solutions != 1 {
                eprintln!("solve_times: a puzzle without exactly one solution");
                std::process::exit(1);
            }
            if round == 0 {
                guesses += out.guesses;
            }
        }
        times.push(best);
    }
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "{} puzzles: median {:.2} ms, 90th percentile {:.2} ms, 99th {:.2} ms, worst {:.2} ms, mean {:.2} ms; {guesses} guesses",
        times.len(),
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0),
        mean
    );
}
