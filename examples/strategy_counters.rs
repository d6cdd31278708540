//! Counts how often each strategy's repairs and fail-safes fire, per size.
//! The figures in the strategies' module docs come from this program.
//!
//! `cargo run --release --example strategy_counters -- bas|potential[-first|-uniform|-fewest] [GRIDS] [SIZE]`
//!
//! Progress goes to standard error every tenth of the grids: 100,000
//! 16x16 `potential` grids take a few minutes.

use std::time::Instant;

use sudogen::grid::{Grid, Size};
use sudogen::random::grid_rng;
use sudogen::strategies::bas::Counters;
use sudogen::strategies::potential::{CellChoice, Potential};
use sudogen::strategies::{Bas, Generator};

fn potential(grids: u64, size: Size, choice: CellChoice) {
    let mut tries = Vec::with_capacity(grids as usize);
    let mut fell_back = 0;
    let mut grid = Grid::empty(size);
    let t0 = Instant::now();
    for i in 0..grids {
        progress(i, grids, size);
        let r = Potential {
            choice,
            ..Potential::default()
        }
        .generate_counted(&mut grid_rng(1, i), &mut grid);
        assert!(grid.is_valid());
        tries.push(u64::from(r.restarts) + 1);
        fell_back += u32::from(r.fell_back);
    }
    let elapsed = t0.elapsed();
    let mean = tries.iter().sum::<u64>() as f64 / grids as f64;
    let var = tries
        .iter()
        .map(|&t| (t as f64 - mean).powi(2))
        .sum::<f64>()
        / grids as f64;
    let mut hist = [0u64; 8];
    for &t in &tries {
        let bucket = match t {
            1 => 0,
            2 => 1,
            3..=4 => 2,
            5..=10 => 3,
            11..=100 => 4,
            101..=1000 => 5,
            1001..=10000 => 6,
            _ => 7,
        };
        hist[bucket] += 1;
    }
    tries.sort_unstable();
    println!(
        "potential {choice:?} {size}: {grids} grids, tries mean {mean:.2} sd {:.2} median {} p99 {} max {}, \
         fallbacks {fell_back}, {:.2?}/grid",
        var.sqrt(),
        tries[tries.len() / 2],
        tries[tries.len() * 99 / 100],
        tries[tries.len() - 1],
        elapsed / grids as u32
    );
    println!(
        "  tries 1: {} | 2: {} | 3-4: {} | 5-10: {} | 11-100: {} | 101-1000: {} | 1001-10000: {} | more: {}",
        hist[0], hist[1], hist[2], hist[3], hist[4], hist[5], hist[6], hist[7]
    );
}

fn bas(grids: u64, size: Size) {
    let mut c = Counters::default();
    let mut grid = Grid::empty(size);
    let mut worst = std::time::Duration::ZERO;
    let t0 = Instant::now();
    for i in 0..grids {
        progress(i, grids, size);
        let t = Instant::now();
        Bas.generate_counted(&mut grid_rng(1, i), &mut grid, &mut c);
        worst = worst.max(t.elapsed());
        assert!(grid.is_valid());
    }
    println!(
        "bas {size}: {grids} grids, BAS {} ({:.2}/grid), PAS {} ({:.3}/grid, {} swaps), \
         ABS {} ({}), restarts {} ({}), fallbacks {}; \
         {:.2?}/grid, worst {worst:.2?}",
        c.bas,
        c.bas as f64 / grids as f64,
        c.pas,
        c.pas as f64 / grids as f64,
        c.pas_swaps,
        c.abs,
        rate(c.abs, grids),
        c.restarts,
        rate(c.restarts, grids),
        c.fallbacks,
        t0.elapsed() / grids as u32,
    );
}

/// How often something happened: "none", "1 per 73 grids", "4.4 per grid".
fn rate(events: u64, grids: u64) -> String {
    if events == 0 {
        "none".into()
    } else if events >= grids {
        format!("{:.1} per grid", events as f64 / grids as f64)
    } else {
        format!("1 per {:.0} grids", grids as f64 / events as f64)
    }
}

/// Reports progress on standard error every tenth of the run.
fn progress(i: u64, grids: u64, size: Size) {
    let tenth = (grids / 10).max(1);
    if i > 0 && i.is_multiple_of(tenth) {
        eprintln!("  {size}: {i} of {grids} grids");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let what = args.first().map(String::as_str).unwrap_or("potential");
    let grids: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let sizes: Vec<Size> = match args
        .get(2)
        .and_then(|a| a.parse().ok())
        .and_then(Size::from_side)
    {
        Some(s) => vec![s],
        None => Size::ALL.to_vec(),
    };
    let potential_sizes = Potential::default().sizes();
    for size in sizes {
        if what.starts_with("potential") && !potential_sizes.contains(&size) {
            eprintln!("potential cannot make {size} grids; skipped");
            continue;
        }
        match what {
            "bas" => bas(grids, size),
            "potential" => potential(grids, size, CellChoice::default()),
            "potential-uniform" => potential(grids, size, CellChoice::Uniform),
            "potential-first" => potential(grids, size, CellChoice::First),
            "potential-fewest" => potential(grids, size, CellChoice::Fewest),
            other => panic!("unknown strategy {other}"),
        }
    }
}
