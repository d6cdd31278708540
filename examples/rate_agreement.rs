//! Compares `sudogen`'s ratings with Sudoku Explainer's published ones on
//! `../shared/data/cb-000-rated.tsv` (`puzzle<TAB>SE<TAB>clues`), and prints
//! the agreement by SE band and the time per puzzle.
//!
//! ```text
//! cargo run --release --example rate_agreement [-- FILE [LIMIT]]
//! ```
//!
//! The file is not part of the repository; without it this says so and
//! exits 2.

use std::collections::BTreeMap;
use std::time::Instant;

use sudogen::rate::rate;
use sudogen::{Grid, Size};

/// Per SE band: puzzles, exact, within 0.2, nanoseconds, our ratings when
/// different.
#[derive(Default)]
struct Band {
    count: usize,
    exact: usize,
    near: usize,
    ns: u128,
    diff: BTreeMap<String, usize>,
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .unwrap_or_else(|| "../shared/data/cb-000-rated.tsv".to_string());
    let limit: usize = args
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!(
            "rate_agreement: {path} is absent (the shared data folder is not part of a fresh clone); nothing compared"
        );
        std::process::exit(2);
    };
    let mut bands: BTreeMap<u8, Band> = BTreeMap::new();
    let show = std::env::var("SHOW")
        .ok()
        .and_then(|s| s.parse::<u8>().ok());
    for line in text.lines().filter(|l| !l.starts_with('#')).take(limit) {
        let mut f = line.split('\t');
        let (Some(p), Some(se)) = (f.next(), f.next()) else {
            continue;
        };
        let values: Vec<u8> = p
            .bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect();
        let grid = Grid::from_values(Size::S9, &values).expect("81 cells");
        let se: f64 = se.parse().expect("an SE rating");
        let se = (se * 10.0).round() as u8;
        let t = Instant::now();
        let r = rate(&grid, false);
        let ns = t.elapsed().as_nanos();
        let e = bands.entry(se).or_default();
        e.count += 1;
        e.ns += ns;
        match r {
            Ok(r) => {
                if r.exact && r.se == se {
                    e.exact += 1;
                }
                if r.exact && r.se.abs_diff(se) <= 2 {
                    e.near += 1;
                }
                if !(r.exact && r.se == se) {
                    *e.diff.entry(r.se_text()).or_default() += 1;
                    if show == Some(se) {
                        println!("{p} SE {se} ours {} {}", r.se_text(), r.hardest_name());
                    }
                }
            }
            Err(err) => *e.diff.entry(err.to_string()).or_default() += 1,
        }
    }
    println!("| SE | puzzles | exact | within 0.2 | mean µs | ours when different |");
    println!("|---|---|---|---|---|---|");
    let (mut n, mut ex, mut n62, mut ex62, mut t62, mut t) = (0, 0, 0, 0, 0u128, 0u128);
    for (se, b) in &bands {
        let (count, exact, near, ns, diff) = (&b.count, &b.exact, &b.near, &b.ns, &b.diff);
        let diff: Vec<String> = diff.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        println!(
            "| {}.{} | {count} | {exact} | {near} | {:.1} | {} |",
            se / 10,
            se % 10,
            *ns as f64 / *count as f64 / 1000.0,
            diff.join(", ")
        );
        n += count;
        ex += exact;
        t += ns;
        if *se <= 62 {
            n62 += count;
            ex62 += exact;
            t62 += ns;
        }
    }
    println!();
    println!(
        "SE <= 6.2: {ex62}/{n62} exact ({:.2}%), mean {:.1} µs; all: {ex}/{n} exact ({:.2}%), mean {:.1} µs",
        100.0 * ex62 as f64 / n62.max(1) as f64,
        t62 as f64 / n62.max(1) as f64 / 1000.0,
        100.0 * ex as f64 / n.max(1) as f64,
        t as f64 / n.max(1) as f64 / 1000.0
    );
}
