//! Makes `N` killer puzzles (no givens, unique) from a seed and prints
//! them, one a line: the cage map, the sums, the solution. For timing the
//! whole process beside Solo (`sgt-solo --generate N 3x3k`):
//!
//! ```text
//! cargo build --release --example killer_make
//! hyperfine -N 'target/release/examples/killer_make 100 1' \
//!     '/usr/games/sgt-solo --generate 100 3x3k'
//! ```
//!
//! Arguments: `N SEED [SHAPE] [--sizes] [--quiet] [--givens K]
//! [--budget GUESSES] [--repairs R]`; SHAPE is
//! `9` (default), `4`, `6`, `8`, `12`, `16` or one of them followed by
//! `x` (X) or `h` (Hyper); `--sizes` prints the cage-size distribution
//! (and the repairs and attempts) instead of the puzzles.

use std::io::Write;

use sudogen::grid::{Shape, Size, Variant};
use sudogen::killer::make::{Settings, make_from};
use sudogen::random::RunRng;
use sudogen::solve::Budget;
use sudogen::{Grid, Strategy};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| args.iter().any(|a| a == name);
    // The words that are neither options nor their values.
    let words: Vec<&String> = (0..args.len())
        .filter(|&i| {
            !args[i].starts_with("--")
                && (i == 0
                    || !args[i - 1].starts_with("--g")
                        && !args[i - 1].starts_with("--b")
                        && !args[i - 1].starts_with("--r"))
        })
        .map(|i| &args[i])
        .collect();
    let count: u64 = words.first().and_then(|w| w.parse().ok()).unwrap_or(10);
    let seed: u64 = words.get(1).and_then(|w| w.parse().ok()).unwrap_or(1);
    let shape_text = words.get(2).map_or("9", |w| w.as_str());
    let option = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|g| g.parse::<u64>().ok())
    };
    let defaults = Settings::default();
    let givens = option("--givens").unwrap_or(0) as usize;
    let budget = option("--budget").map_or(defaults.budget, Budget::new);
    let repairs = option("--repairs").map_or(defaults.repairs, |r| r as usize);
    let (digits, variant) = match shape_text.as_bytes().last() {
        Some(b'x') => (&shape_text[..shape_text.len() - 1], Variant::X),
        Some(b'h') => (&shape_text[..shape_text.len() - 1], Variant::Hyper),
        _ => (shape_text, Variant::None),
    };
    let size = digits
        .parse()
        .ok()
        .and_then(Size::from_side)
        .expect("SHAPE: 4, 6, 8, 9, 12 or 16, maybe with x or h");
    let shape = Shape::new(size, variant).expect("a shape sudogen has");
    let strategy = Strategy::default_for(&shape);
    let geometry = shape.geometry();
    let settings = Settings {
        givens,
        budget,
        repairs,
    };
    let run = RunRng::new(seed);
    let mut grid = Grid::new(&shape);
    let mut sizes = vec![0u64; size.side() + 1];
    let (mut repairs, mut attempts, mut failed) = (0, 0, 0);
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    for i in 0..count {
        let mut rng = run.for_index(i);
        let made = make_from(geometry, &mut rng, &settings, 100, |rng| {
            strategy.generate(rng, &mut grid);
            grid.cells().to_vec()
        });
        let Ok((puzzle, solution, tries)) = made else {
            failed += 1;
            continue;
        };
        repairs += puzzle.repairs;
        attempts += tries;
        for (s, n) in puzzle.cages.size_counts().iter().enumerate() {
            sizes[s] += *n as u64;
        }
        if !flag("--sizes") && !flag("--quiet") {
            let solution: String = solution
                .iter()
                .map(|&v| char::from(size.symbol(v)))
                .collect();
            writeln!(
                out,
                "{} {} {solution}",
                puzzle.cages.map_text(),
                puzzle.cages.sums_text()
            )
            .expect("stdout");
        }
    }
    if flag("--sizes") {
        let total: u64 = sizes.iter().sum();
        writeln!(out, "{count} puzzles ({failed} failed), {total} cages, {:.2} a puzzle; {repairs} repairs, {attempts} grids", total as f64 / (count - failed) as f64).expect("stdout");
        for (s, &n) in sizes.iter().enumerate().filter(|(_, n)| **n > 0) {
            writeln!(
                out,
                "size {s}: {n} ({:.1}%)",
                100.0 * n as f64 / total as f64
            )
            .expect("stdout");
        }
    }
}
