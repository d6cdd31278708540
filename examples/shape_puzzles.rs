//! The time to make puzzles of any shape, one core: grid and removal
//! apart, with the guesses the uniqueness checks spent.
//!
//! `cargo run --release --example shape_puzzles -- SIDE VARIANT COUNT
//! [SYMMETRY] [REGIONS]`, e.g. `-- 6 none 10000` for minimal 6x6 puzzles,
//! `-- 9 x 2000 rot180`, `-- 12 none 1000 rot180`, or `-- 9 jigsaw 200
//! rot180 LAYOUT` (81 region letters). Grids come from the shape's default
//! strategy (as `sudogen puzzle` makes them), or from the one the
//! environment variable `STRATEGY` names (`STRATEGY=backtrack`), seed 1;
//! puzzle `i` from grid `i`.

use std::time::Instant;

use sudogen::Strategy;
use sudogen::grid::Shape;
use sudogen::puzzle::{self, Settings, Symmetry};
use sudogen::random::grid_rng;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || -> ! {
        eprintln!("usage: shape_puzzles SIDE VARIANT COUNT [SYMMETRY] [REGIONS]");
        std::process::exit(2);
    };
    let side: usize = args
        .first()
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| usage());
    let count: u64 = args
        .get(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| usage());
    let shape = Shape::from_names(
        side,
        None,
        args.get(1).map(String::as_str),
        args.get(4).map(String::as_str),
    )
    .unwrap_or_else(|e| {
        eprintln!("shape_puzzles: {e}");
        std::process::exit(2)
    });
    let symmetry = args
        .get(3)
        .map_or(Some(Symmetry::None), |s| Symmetry::named(s))
        .unwrap_or_else(|| usage());
    let settings = Settings {
        symmetry,
        ..Settings::MINIMAL
    };
    let strategy = std::env::var("STRATEGY")
        .ok()
        .and_then(|s| Strategy::named(&s))
        .unwrap_or(Strategy::default_for(shape.clone()));
    let (mut grid_time, mut removal_time) = (0.0, 0.0);
    let (mut clues, mut guesses) = (0, 0);
    for i in 0..count {
        let start = Instant::now();
        let grid = strategy.grid(&mut grid_rng(1, i), shape.clone());
        let made = Instant::now();
        let p = puzzle::make(&mut grid_rng(2, i), &grid, settings);
        removal_time += made.elapsed().as_secs_f64();
        grid_time += (made - start).as_secs_f64();
        clues += puzzle::clues(&p.puzzle);
        guesses += p.guesses;
    }
    let per = |t: f64| t * 1e6 / count as f64;
    println!(
        "{shape} {}, {count} puzzles by {strategy}: grid {:.1} µs, removal {:.1} µs, total {:.1} µs a puzzle; {:.1} clues, {:.1} guesses",
        symmetry.name(),
        per(grid_time),
        per(removal_time),
        per(grid_time + removal_time),
        clues as f64 / count as f64,
        guesses as f64 / count as f64
    );
}
