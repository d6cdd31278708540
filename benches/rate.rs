//! The rater, one core, per puzzle (uniqueness check included):
//!
//! - puzzles made here: 200 minimal 9x9 puzzles from `uniform` grids (seed
//!   1), by level, so the figure does not depend on files outside the
//!   repository;
//! - when `../shared/data` exists, Berthier's SE-rated collection by SE
//!   band (skipped, with a note, when the folder is absent).
//!
//! - the committed SE sample past 9.4 (`tests/data/se-hard.txt`, nested
//!   forcing chains), one puzzle per SE band 9.5-9.9, 10.0-10.4, 10.5-10.9,
//!   11.0 and up (the quickest of each band for serate, so a sample takes
//!   seconds, not minutes), in its own group `rate-se-hard`.
//!
//! `cargo bench --bench rate`; `cargo run --release --example
//! rate_agreement` gives the agreement with SE and the mean time per band,
//! `cargo run --release --example se_hard` the whole SE sample against
//! serate's times.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sudogen::puzzle::{self, Settings};
use sudogen::random::grid_rng;
use sudogen::rate::{Level, rate};
use sudogen::{Grid, Size, Strategy};

/// Minimal puzzles made here, grouped by level.
fn made() -> Vec<(Level, Vec<Grid>)> {
    let mut by_level: Vec<(Level, Vec<Grid>)> =
        Level::ALL.iter().map(|&l| (l, Vec::new())).collect();
    for i in 0..200 {
        let mut grid = Grid::empty(Size::S9);
        Strategy::Uniform.generate(&mut grid_rng(1, i), &mut grid);
        let p = puzzle::make(&mut grid_rng(2, i), &grid, Settings::MINIMAL).puzzle;
        let level = rate(&p, false).expect("a unique puzzle").level();
        by_level
            .iter_mut()
            .find(|(l, _)| *l == level)
            .expect("every level")
            .1
            .push(p);
    }
    by_level
}

/// The rated collection, grouped into SE bands, when present.
fn collection() -> Option<Vec<(&'static str, Vec<Grid>)>> {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/cb-000-rated.tsv");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!(
            "{} not found (../shared/data is absent): skipped",
            path.display()
        );
        return None;
    };
    let mut bands: Vec<(&'static str, Vec<Grid>)> = vec![
        ("se-1.0-2.5", vec![]),
        ("se-2.6-6.2", vec![]),
        ("se-6.5-7.4", vec![]),
        ("se-7.5-up", vec![]),
    ];
    for line in text.lines().filter(|l| !l.starts_with('#')).take(4000) {
        let mut f = line.split('\t');
        let (Some(p), Some(se)) = (f.next(), f.next()) else {
            continue;
        };
        let Ok(g) = Grid::parse_line(p.as_bytes(), None) else {
            continue;
        };
        let se: f64 = se.parse().unwrap_or(0.0);
        let band = if se <= 2.5 {
            0
        } else if se <= 6.2 {
            1
        } else if se < 7.5 {
            2
        } else {
            3
        };
        bands[band].1.push(g);
    }
    Some(bands)
}

/// One puzzle per band of the committed SE sample (the one serate rated
/// fastest in the band): (band, puzzle).
fn se_hard() -> Vec<(&'static str, Grid)> {
    let text = include_str!("../tests/data/se-hard.txt");
    let bands: [(&'static str, f64, f64); 4] = [
        ("se-9.5-9.9", 9.5, 9.95),
        ("se-10.0-10.4", 9.95, 10.45),
        ("se-10.5-10.9", 10.45, 10.95),
        ("se-11.0-up", 10.95, 99.0),
    ];
    let secs = |s: &str| -> f64 {
        let s = s.trim_end_matches('s');
        match s.split_once('m') {
            Some((m, r)) => {
                m.parse::<f64>().unwrap_or(0.0) * 60.0 + r.parse::<f64>().unwrap_or(0.0)
            }
            None => s.parse().unwrap_or(f64::MAX),
        }
    };
    let mut best: Vec<Option<(f64, Grid)>> = vec![None; bands.len()];
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() < 5 {
            continue;
        }
        let (Ok(g), Ok(er)) = (Grid::parse_line(f[0].as_bytes(), None), f[1].parse::<f64>()) else {
            continue;
        };
        let t = secs(f[4]);
        if let Some(i) = bands.iter().position(|&(_, lo, hi)| er >= lo && er < hi)
            && best[i].as_ref().is_none_or(|(bt, _)| t < *bt)
        {
            best[i] = Some((t, g));
        }
    }
    bands
        .iter()
        .zip(best)
        .filter_map(|(&(name, _, _), b)| b.map(|(_, g)| (name, g)))
        .collect()
}

fn bench_se_hard(c: &mut Criterion) {
    let mut group = c.benchmark_group("rate-se-hard");
    group.sample_size(10);
    group.measurement_time(std::time::Duration::from_secs(20));
    for (band, p) in se_hard() {
        group.bench_with_input(BenchmarkId::new("puzzle", band), &p, |b, p| {
            b.iter(|| black_box(rate(black_box(p), false).ok()))
        });
    }
    group.finish();
}

fn bench_rate(c: &mut Criterion) {
    let mut group = c.benchmark_group("rate");
    group.sample_size(10);
    for (level, puzzles) in made() {
        if puzzles.is_empty() {
            continue;
        }
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_with_input(BenchmarkId::new("made", level.name()), &puzzles, |b, ps| {
            b.iter(|| {
                for p in ps {
                    black_box(rate(black_box(p), false).ok());
                }
            })
        });
    }
    if let Some(bands) = collection() {
        for (name, puzzles) in bands {
            // At most 100 per band keeps a sample under a few seconds.
            let puzzles: Vec<Grid> = puzzles.into_iter().take(100).collect();
            group.throughput(Throughput::Elements(puzzles.len() as u64));
            group.bench_with_input(BenchmarkId::new("cb-000", name), &puzzles, |b, ps| {
                b.iter(|| {
                    for p in ps {
                        black_box(rate(black_box(p), false).ok());
                    }
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench_rate, bench_se_hard);
criterion_main!(benches);
