//! Streams a file of puzzles through the canonical form and a
//! [`Distinct`] set, as `--distinct` would, and prints the counts, the
//! time and the peak memory of the process (`VmHWM` of
//! `/proc/self/status`, on Linux).
//!
//! ```sh
//! cargo run --release -- puzzle -n 1000000 --seed 1 > p1m.txt
//! cargo run --release --example canon_distinct -- p1m.txt [string|pattern|solution]
//! ```

use std::io::{BufRead, BufReader};
use std::time::Instant;

use sudogen::Grid;
use sudogen::canon::{By, Canonicalizer};
use sudogen::dataset::{Distinct, Fingerprint};

fn peak_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: canon_distinct FILE [string|pattern|solution]");
        std::process::exit(2);
    };
    let by = args
        .get(1)
        .and_then(|a| By::from_name(a))
        .unwrap_or_default();
    let file = std::fs::File::open(path).unwrap_or_else(|e| {
        eprintln!("canon_distinct: {path}: {e}");
        std::process::exit(2);
    });
    let before = peak_kib();
    let start = Instant::now();
    let mut c = Canonicalizer::new();
    let mut seen = Distinct::new();
    let mut grid = Grid::empty(sudogen::Size::S9);
    for line in BufReader::new(file).lines() {
        let line = line.expect("a line");
        let Some(field) = line.split_whitespace().next() else {
            continue;
        };
        if field.starts_with('#') {
            continue;
        }
        grid.read_line(field.as_bytes(), None).expect("a puzzle");
        let form = c.form(&grid, by).expect("a valid puzzle");
        seen.insert(Fingerprint::of(&form));
    }
    println!(
        "{} records, {} distinct, {} duplicates ({}), {:.2} s; peak memory {} KiB (at start {} KiB)",
        seen.offered(),
        seen.distinct(),
        seen.duplicates(),
        by.name(),
        start.elapsed().as_secs_f64(),
        peak_kib().map_or("?".into(), |k| k.to_string()),
        before.map_or("?".into(), |k| k.to_string()),
    );
}
