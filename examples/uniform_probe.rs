//! Uniform sampler figures: the cost of the tables built at first use,
//! transversal proposals per grid, time per grid.
//! `cargo run --release --example uniform_probe -- [GRIDS]`
use std::time::Instant;
use sudogen::grid::{Grid, Size};
use sudogen::random::grid_rng;
use sudogen::strategies::uniform::{Uniform, warm_tables};

fn main() {
    let grids: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let t = Instant::now();
    let mut g = Grid::empty(Size::S9);
    Uniform.generate_9x9(&mut grid_rng(1, 0), &mut g);
    println!("first grid, with the tables it needs: {:.2?}", t.elapsed());
    let t = Instant::now();
    let bytes = warm_tables();
    println!(
        "every table built at first use, all at once: {:.2?}, {} KB",
        t.elapsed(),
        bytes / 1024
    );
    let mut proposals = 0;
    let t = Instant::now();
    for i in 0..grids {
        let tries = Uniform.generate_9x9(&mut grid_rng(1, i), &mut g);
        proposals += tries.proposals;
        assert!(g.is_valid() && !tries.fell_back, "{g:?}");
    }
    println!(
        "{grids} grids: {:.2} transversal proposals per grid, {:.2?} per grid",
        proposals as f64 / grids as f64,
        t.elapsed() / grids as u32
    );
}
