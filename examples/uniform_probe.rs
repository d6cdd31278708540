//! Uniform sampler figures: table build time, proposals per grid, time per
//! grid. `cargo run --release --example uniform_probe -- [GRIDS]`
use std::time::Instant;
use sudogen::grid::{Grid, Size};
use sudogen::random::grid_rng;
use sudogen::strategies::uniform::{Uniform, b_table};

fn main() {
    let grids: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let t = Instant::now();
    let max = b_table().iter().max().copied();
    println!(
        "B table (280 x 280) built in {:.2?}, largest entry {max:?}",
        t.elapsed()
    );
    let mut g = Grid::empty(Size::S9);
    let mut proposals = 0;
    let t = Instant::now();
    for i in 0..grids {
        proposals += Uniform.generate_9x9(&mut grid_rng(1, i), &mut g).proposals;
        assert!(g.is_valid(), "{g:?}");
    }
    println!(
        "{grids} grids: {:.1} proposals per grid, {:.2?} per grid",
        proposals as f64 / grids as f64,
        t.elapsed() / grids as u32
    );
}
