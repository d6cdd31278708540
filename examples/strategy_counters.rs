//! Counts how often each strategy's repairs and fail-safes fire, per size.
//! The figures in the strategies' module docs come from this program.
//!
//! `cargo run --release --example strategy_counters -- bas|potential[-first|-uniform|-fewest] [GRIDS] [SIZE]`

use std::time::Instant;

use sudogen::grid::{Grid, Size};
use sudogen::random::grid_rng;
use sudogen::strategies::Bas;
use sudogen::strategies::bas::Counters;
use sudogen::strategies::potential::{CellChoice, Potential};

fn potential(grids: u64, size: Size, choice: CellChoice) {
    let mut tries = Vec::with_capacity(grids as usize);
    let mut fell_back = 0;
    let mut grid = Grid::empty(size);
    let t0 = Instant::now();
    for i in 0..grids {
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
        let t = Instant::now();
        Bas.generate_counted(&mut grid_rng(1, i), &mut grid, &mut c);
        worst = worst.max(t.elapsed());
        assert!(grid.is_valid());
    }
    println!(
        "bas {size}: {grids} grids, BAS {} ({:.2}/grid), PAS {} ({:.3}/grid, {} swaps), \
         ABS {} (1 per {:.0} grids), restarts {} (1 per {:.0} grids), fallbacks {}; \
         {:.2?}/grid, worst {worst:.2?}",
        c.bas,
        c.bas as f64 / grids as f64,
        c.pas,
        c.pas as f64 / grids as f64,
        c.pas_swaps,
        c.abs,
        grids as f64 / c.abs.max(1) as f64,
        c.restarts,
        grids as f64 / c.restarts.max(1) as f64,
        c.fallbacks,
        t0.elapsed() / grids as u32,
    );
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
    for size in sizes {
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
