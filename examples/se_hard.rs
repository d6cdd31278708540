//! Rates puzzles against Sudoku Explainer's own ratings as `serate
//! --format='%g %r %p %d %e'` writes them (puzzle, ER, EP, ED, time), and
//! prints every difference and the time taken per puzzle.
//!
//! ```text
//! cargo run --release --example se_hard [-- FILE]
//! ```
//!
//! FILE defaults to `tests/data/se-hard.txt`, the committed sample.

use std::time::Instant;

use sudogen::Grid;
use sudogen::rate::rate;

fn tenths(s: &str) -> u8 {
    (s.parse::<f64>().expect("a rating") * 10.0).round() as u8
}

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/se-hard.txt").to_string()
    });
    let text = std::fs::read_to_string(&path).expect("the sample file");
    let (mut n, mut er, mut ep, mut ed) = (0, 0, 0, 0);
    let mut total = 0.0;
    let mut slowest = (0.0, String::new());
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        let grid = Grid::parse_line(f[0].as_bytes(), None).expect("a puzzle");
        let (r, p, d) = (tenths(f[1]), tenths(f[2]), tenths(f[3]));
        let t = Instant::now();
        let explain = std::env::var("EXPLAIN").is_ok();
        let got = rate(&grid, explain).expect("rated");
        for step in got.path.iter().filter(|s| s.hint.is_some()) {
            let h = step.hint.as_ref().expect("a hint");
            println!(
                "  {} (complexity {})",
                step.describe(grid.size()),
                h.complexity
            );
            for n in &h.nested {
                println!("    nested: {n}");
            }
            for (i, chain) in h.chains.iter().enumerate() {
                println!(
                    "    chain {}: {} lines; last: {}",
                    i + 1,
                    chain.len(),
                    chain.last().map_or("", |s| s)
                );
            }
        }
        let secs = t.elapsed().as_secs_f64();
        total += secs;
        if secs > slowest.0 {
            slowest = (secs, f[0].to_string());
        }
        n += 1;
        er += usize::from(got.exact && got.se == r);
        ep += usize::from(got.ep == p);
        ed += usize::from(got.ed == d);
        let mark = if got.se == r && got.ep == p && got.ed == d {
            "ok "
        } else {
            "DIFF"
        };
        println!(
            "{mark} {} SE {r}/{p}/{d} ours {}/{}/{} {} {:.2}s (serate {}) work {}",
            f[0],
            got.se_text(),
            got.ep,
            got.ed,
            got.hardest_name(),
            secs,
            f.get(4).unwrap_or(&"?"),
            got.work
        );
    }
    println!(
        "{n} puzzles: ER {er}, EP {ep}, ED {ed} agree; total {total:.1} s, slowest {:.2} s ({})",
        slowest.0, slowest.1
    );
}
