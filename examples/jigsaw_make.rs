//! Makes unique minimal jigsaw puzzles, each on a new random layout: the
//! whole path of `puzzle --variant jigsaw` without `--regions` (layout,
//! solution grid, top-down removal), for timing beside Solo's `9j`.
//!
//! ```text
//! cargo run --release --example jigsaw_make -- [COUNT] [SIDE] [SEED] [SYMMETRY]
//! hyperfine -N 'target/release/examples/jigsaw_make 1000 9 1' \
//!     '/usr/games/sgt-solo --generate 1000 9j'
//! ```
//!
//! Puzzle `i` draws its layout and grid from stream `i` of the seed
//! ([`sudogen::random::grid_rng`]) and its removal order as `puzzle` does
//! for a given grid ([`sudogen::runs::SolutionRun`]). Each line written is
//! the puzzle (`.` for an empty cell) and its region map (a letter a
//! cell); standard error gets the count, the layouts checked for a grid,
//! the mean clues and any puzzle the search budget kept from minimal.
//!
//! The shape room keeps at most `MAX_LAYOUTS` (4096) distinct maps per
//! process today, the rejected layouts included: keep COUNT to about
//! 3,000.

use std::io::Write;

use sudogen::grid::SYMBOLS;
use sudogen::layouts;
use sudogen::puzzle::{Settings, Symmetry, clues};
use sudogen::random::RunRng;
use sudogen::runs::SolutionRun;
use sudogen::solve::DEFAULT_BUDGET;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or(default.to_string());
    let count: u64 = arg(0, "1000").parse().expect("COUNT: a number");
    let side: usize = arg(1, "9").parse().expect("SIDE: a number");
    let seed: u64 = arg(2, "1").parse().expect("SEED: a number");
    let symmetry = Symmetry::named(&arg(3, "none")).expect("SYMMETRY: none, rot180, ...");
    let draw_only = arg(4, "") == "layouts";
    let settings = Settings {
        symmetry,
        clues: None,
        budget: DEFAULT_BUDGET,
    };
    let layouts_rng = RunRng::new(seed);
    let run = SolutionRun::new(seed, settings, None);
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    let (mut checked, mut total_clues, mut short) = (0u64, 0usize, 0u64);
    for i in 0..count {
        let drawn = layouts::draw(side, &mut layouts_rng.for_index(i)).unwrap_or_else(|e| {
            eprintln!("jigsaw_make: {e}");
            std::process::exit(2)
        });
        checked += u64::from(drawn.attempts);
        if draw_only {
            writeln!(
                out,
                "{}",
                drawn
                    .regions
                    .iter()
                    .map(|&k| char::from(b'A' + k))
                    .collect::<String>()
            )
            .expect("write");
            continue;
        }
        let made = run
            .make(i, &drawn.solution)
            .expect("no filter: every puzzle is made");
        total_clues += clues(&made.puzzle);
        short += u64::from(made.fell_short);
        let mut line: Vec<u8> = made
            .puzzle
            .cells()
            .iter()
            .map(|&v| {
                if v == 0 {
                    b'.'
                } else {
                    SYMBOLS[usize::from(v) - 1]
                }
            })
            .collect();
        line.push(b' ');
        line.extend(drawn.regions.iter().map(|&k| b'A' + k));
        line.push(b'\n');
        out.write_all(&line).expect("write");
    }
    out.flush().expect("write");
    eprintln!(
        "{count} {side}x{side} jigsaw puzzles ({}), {checked} layouts checked for a grid, {:.2} clues on average, {short} not proven minimal",
        symmetry.name(),
        total_clues as f64 / count.max(1) as f64
    );
}
