//! Random jigsaw layouts (`sudogen::layouts`), one core: a layout with
//! its grid (`draw`: the mixing, the grid search, the maps passed over),
//! and the mixing alone (`mixed`, [`layouts::MIX_PER_CELL`] tries a cell).
//!
//! `cargo bench --bench layouts`. The whole path of a puzzle on a new
//! layout (layout, grid, top-down removal) is `examples/jigsaw_make`,
//! timed beside Solo's `9j` with hyperfine.
//!
//! Each `draw` case cycles over the layouts of 500 fixed streams; the
//! shape room keeps the last few layouts made, so the building of a
//! geometry (about 3% of a 9x9 draw) is counted for most draws.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sudogen::layouts;
use sudogen::random::grid_rng;

/// The streams each `draw` case cycles over.
const STREAMS: u64 = 500;

fn draw(c: &mut Criterion) {
    let mut group = c.benchmark_group("layouts/draw");
    for side in [6, 9, 12] {
        let mut i = 0;
        group.bench_function(format!("{side}x{side}"), |b| {
            b.iter(|| {
                i = (i + 1) % STREAMS;
                let drawn = layouts::draw(side, &mut grid_rng(7, i)).expect("a layout");
                black_box(drawn)
            })
        });
    }
    group.finish();
}

fn mixed(c: &mut Criterion) {
    let mut group = c.benchmark_group("layouts/mixed");
    for side in [6, 9, 12] {
        let mut i = 0;
        let tries = layouts::MIX_PER_CELL * side * side;
        group.bench_function(format!("{side}x{side}"), |b| {
            b.iter(|| {
                i += 1;
                black_box(layouts::mixed(side, tries, &mut grid_rng(7, i)))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, draw, mixed);
criterion_main!(benches);
