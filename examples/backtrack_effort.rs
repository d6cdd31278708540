//! Measures the linear backtracker's effort per grid: step-backs, restarts,
//! fallbacks and the slowest grid, per size. The figures in
//! `src/strategies/backtrack.rs` come from this program.
//!
//! `cargo run --release --example backtrack_effort -- [GRIDS_9x9] [BUDGET]`

use std::time::{Duration, Instant};

use sudogen::grid::{Grid, Size};
use sudogen::random::grid_rng;
use sudogen::strategies::backtrack::{Backtrack, Limits};

fn main() {
    let mut args = std::env::args().skip(1);
    let grids: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let budget: Option<u64> = args.next().and_then(|a| a.parse().ok());
    for size in Size::ALL {
        let count = match size.side() {
            0..=9 => grids,
            10..=16 => grids / 10,
            _ => grids / 100,
        }
        .max(10);
        let b = Backtrack {
            limits: budget.map(|budget| Limits {
                budget,
                ..Limits::for_size(size)
            }),
        };
        let mut backs = Vec::with_capacity(count as usize);
        let (mut restarts, mut fallbacks, mut worst) = (0u64, 0u64, Duration::ZERO);
        let mut restarted_grids = 0u64;
        let mut grid = Grid::empty(size);
        let t0 = Instant::now();
        for i in 0..count {
            let t = Instant::now();
            let e = b.generate_counted(&mut grid_rng(1, i), &mut grid);
            worst = worst.max(t.elapsed());
            assert!(grid.is_valid());
            backs.push(e.backtracks);
            restarts += u64::from(e.restarts);
            restarted_grids += u64::from(e.restarts > 0);
            fallbacks += u64::from(e.fell_back);
        }
        let total = t0.elapsed();
        backs.sort_unstable();
        let q = |p: f64| backs[((backs.len() - 1) as f64 * p) as usize];
        let mean = backs.iter().sum::<u64>() as f64 / backs.len() as f64;
        println!(
            "{size}: {count} grids, budget {}, step-backs mean {mean:.1} median {} p99 {} p99.9 {} max {}; \
             restarts {restarts} ({restarted_grids} grids), fallbacks {fallbacks}; \
             mean {:.2?}/grid, worst {worst:.2?}",
            b.limits(size).budget,
            q(0.5),
            q(0.99),
            q(0.999),
            backs[backs.len() - 1],
            total / count as u32,
        );
    }
}
