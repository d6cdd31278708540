//! The printing room: a book of 1,000 9x9 puzzles at 6 per page on A4 with
//! the answer section (167 puzzle pages and 50 answer pages), as PDF and as
//! SVG pages. The puzzles are made once, before timing; the PDF's size is
//! printed once. Targets (issue 41): under 1 s and under 1 MB.
//!
//! `cargo bench --bench print`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sudogen::print::{self, Entry, Options};
use sudogen::puzzle::{self, Settings};
use sudogen::random::grid_rng;
use sudogen::{Grid, Size, Strategy};

/// 1,000 minimal 9x9 puzzles with their solutions, half with a level and
/// rating (as `sudogen rate` would give them).
fn book() -> Vec<Entry> {
    (0..1000u64)
        .map(|i| {
            let mut grid = Grid::empty(Size::S9);
            Strategy::Uniform.generate(&mut grid_rng(41, i), &mut grid);
            let made = puzzle::make(&mut grid_rng(42, i), &grid, Settings::MINIMAL);
            let mut entry = Entry::new(i + 1, made.puzzle.cells().to_vec(), grid.cells().to_vec());
            if i % 2 == 0 {
                entry.level = Some("hard".into());
                entry.rating = Some("3.4".into());
            }
            entry
        })
        .collect()
}

fn print_book(c: &mut Criterion) {
    let entries = book();
    let options = Options {
        title: Some("A Thousand Sudoku".into()),
        ..Options::default()
    };
    let pdf = print::pdf(&entries, &options).unwrap();
    let svg: usize = print::svg_pages(&entries, &options)
        .unwrap()
        .iter()
        .map(String::len)
        .sum();
    eprintln!(
        "print/1000x9-6pp: PDF {} bytes, SVG pages {} bytes in all",
        pdf.len(),
        svg
    );
    let mut group = c.benchmark_group("print/1000x9-6pp");
    group.sample_size(10);
    group.bench_function("pdf", |b| {
        b.iter(|| black_box(print::pdf(black_box(&entries), &options).unwrap()))
    });
    group.bench_function("svg", |b| {
        b.iter(|| black_box(print::svg_pages(black_box(&entries), &options).unwrap()))
    });
    group.finish();
}

criterion_group!(benches, print_book);
criterion_main!(benches);
