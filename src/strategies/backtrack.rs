//! `backtrack`: the linear backtracker (seed 002, "Sudoku generator using
//! backtracking").
//!
//! **Algorithm.** Visit the cells in reading order. Every cell keeps the set
//! of values not yet tried there, initially all of them. At a cell, draw a
//! random untried value; if it clashes with its row, column or box, strike
//! it and draw again; if it fits, strike it, place it and go to the next
//! cell. When a cell has no untried value left, give it back every value,
//! empty the previous cell (whose value stays struck there) and return to it.
//!
//! **How we read the seed.** The seed draws untried values one at a time and
//! strikes each clash as it meets it. A clash at a cell stays a clash until
//! an earlier cell changes, and by then the cell's untried set has been
//! refilled, so striking every clash at once gives the same distribution of
//! grids: we keep the untried set and the used values of each unit as
//! bitmasks and draw uniformly from `untried & !used` in one step. (The
//! seed's `GetRan(0, Count - 1)` calls `Random.Next(lower, upper - 1)`,
//! whose upper bound is exclusive, so it never picks the last two entries of
//! a list and cannot pick at all from a list of one; that is a bug, and we
//! draw uniformly from the whole set as the text intends.)
//!
//! **Fail-safe (ours).** Linear backtracking can wander for a very long time
//! in a dead subtree: never seen at 9x9, common at 16x16, the rule at 25x25.
//! Each attempt may step back at most a per-size budget of times
//! ([`Limits::for_size`]); past that it starts again from an empty grid, on
//! the same random stream. After `max_restarts` abandoned attempts the grid
//! is made by the `rotate` strategy instead, so the work per grid is bounded
//! outright by `(max_restarts + 1) × budget` step-backs. The budgets below
//! make that fallback astronomically rare (under 10^-100 per grid at every
//! size), but it exists, and a test forces it.
//!
//! **Measurements** (`cargo run --release --example backtrack_effort`,
//! seed 1, one core). Without a budget, the step-backs per grid are: 4x4 at
//! most 3; 9x9 mean 50, median 35, p99.9 461, max 512 over 10,000 grids;
//! 16x16 median 4,600 but 1.3% of 1,000 grids past 10^8; 25x25 median 10^8.
//! So the tails, not the typical grid, set the cost, and restarts cut them:
//!
//! | size | budget | restarts per grid | chosen because |
//! |---|---|---|---|
//! | 16x16 | 1,000 / **5,000** / 20,000 | 7.0 / 0.88 / 0.24 | time per grid flat across the three (within 20%); fewer restarts |
//! | 25x25 | 100,000 / **300,000** / 1,000,000 | 206 / 33 / 19 | fastest of those tried, about half the time of either neighbour (40 grids each) |
//!
//! 9x9 keeps a budget of 10,000 (20 times the largest count seen) and 4x4
//! 1,000, so neither restarts in practice. With 33 attempts per 25x25 grid
//! on average, the chance that 10,000 all fail is about e^-300.
//!
//! **Cost.** Proportional to the cells filled plus the step-backs, so it is
//! set by the tails above: tiny at 4x4 and 9x9, dominated by restarts at
//! 25x25, where single grids vary by a factor of ten (README's performance
//! table).
//!
//! **Bias.** Random-order backtracking is not uniform: grids whose early
//! cells leave more room later are favoured. The `uniform` strategy's
//! statistics in the README show by how much.

use rand::Rng;

use super::{Generator, assert_supported, with_restarts};
use crate::candidates::UnitMasks;
use crate::grid::{Grid, MAX_CELLS, Size};
use crate::mask::Mask;

/// The one-line description.
pub const DESCRIPTION: &str =
    "linear backtracker: reading order, random untried value per cell, step back when stuck";

/// The fail-safe limits of one grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Step-backs one attempt may make before it is abandoned.
    pub budget: u64,
    /// Abandoned attempts before the grid is made by `rotate` instead.
    pub max_restarts: u32,
}

impl Limits {
    /// The limits for `size`, chosen from measurements (module docs) so
    /// that attempts lost in a dead subtree are cut off early while the
    /// fallback stays out of reach in practice.
    pub const fn for_size(size: Size) -> Limits {
        match size.side() {
            0..=4 => Limits {
                budget: 1_000,
                max_restarts: 100,
            },
            5..=9 => Limits {
                budget: 10_000,
                max_restarts: 1_000,
            },
            10..=16 => Limits {
                budget: 5_000,
                max_restarts: 1_000,
            },
            _ => Limits {
                budget: 300_000,
                max_restarts: 10_000,
            },
        }
    }
}

/// The linear backtracker. See the [module docs](self).
#[derive(Clone, Copy, Debug, Default)]
pub struct Backtrack {
    /// Limits to use instead of [`Limits::for_size`] (for tests and
    /// measurements).
    pub limits: Option<Limits>,
}

/// What one call to [`Backtrack::generate_counted`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effort {
    /// Step-backs over all attempts.
    pub backtracks: u64,
    /// Attempts abandoned for exceeding the budget.
    pub restarts: u32,
    /// Whether the fail-safe fell back to `rotate`.
    pub fell_back: bool,
}

impl Backtrack {
    /// The limits in force for `size`.
    pub fn limits(&self, size: Size) -> Limits {
        self.limits.unwrap_or(Limits::for_size(size))
    }

    /// Fills `grid` and reports the effort it took.
    pub fn generate_counted<R: Rng + ?Sized>(&self, rng: &mut R, grid: &mut Grid) -> Effort {
        let size = grid.size();
        assert_supported(self, "backtrack", grid.shape());
        let limits = self.limits(size);
        let mut backtracks = 0;
        let mut untried = [Mask::EMPTY; MAX_CELLS];
        let mut used = UnitMasks::default();
        let r = with_restarts(rng, grid, limits.max_restarts, |rng, grid| {
            fill(
                rng,
                grid,
                &mut untried,
                &mut used,
                limits.budget,
                &mut backtracks,
            )
        });
        Effort {
            backtracks,
            restarts: r.restarts,
            fell_back: r.fell_back,
        }
    }
}

/// One attempt: returns `false` if it used up its step-back budget.
#[inline]
fn fill<R: Rng + ?Sized>(
    rng: &mut R,
    grid: &mut Grid,
    untried: &mut [Mask; MAX_CELLS],
    used: &mut UnitMasks,
    budget: u64,
    backtracks: &mut u64,
) -> bool {
    let size = grid.size();
    let geometry = grid.shape().geo();
    let places = geometry.places();
    let count = size.cells();
    let full = size.full_mask();
    grid.clear_cells();
    used.clear();
    untried[..count].fill(full);
    let cells = grid.cells_mut();
    let mut backs = 0u64;
    let mut c = 0usize;
    while c < count {
        let p = places[c];
        let open = untried[c] & !used.used(p);
        if open.is_empty() {
            // Out of values: refill this cell and step back to the last one,
            // whose value stays struck from its untried set.
            untried[c] = full;
            if c == 0 || backs == budget {
                return false;
            }
            backs += 1;
            *backtracks += 1;
            c -= 1;
            used.unplace(places[c], cells[c]);
            cells[c] = 0;
        } else {
            let v = open.choose(rng);
            untried[c].remove(v);
            used.place(p, v);
            cells[c] = v;
            c += 1;
        }
    }
    true
}

impl Generator for Backtrack {
    fn sizes(&self) -> &'static [Size] {
        &Size::ALL
    }

    fn supports(&self, _shape: &crate::grid::Shape) -> bool {
        true
    }

    #[inline]
    fn generate<R: Rng + ?Sized>(&self, rng: &mut R, grid: &mut Grid) {
        self.generate_counted(rng, grid);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::grid_rng;
    use crate::strategies::testing::assert_valid_grids;

    #[test]
    fn grids_are_valid() {
        assert_valid_grids(&Backtrack::default(), 3000);
    }

    #[test]
    fn fail_safe_falls_back_and_stays_valid() {
        // A budget of zero step-backs with no restarts: any attempt that
        // needs to step back must end in the fallback, and still be valid.
        let tight = Backtrack {
            limits: Some(Limits {
                budget: 0,
                max_restarts: 0,
            }),
        };
        let mut fell_back = 0;
        for size in Size::ALL {
            for i in 0..200 {
                let mut g = Grid::empty(size);
                let e = tight.generate_counted(&mut grid_rng(3, i), &mut g);
                assert_eq!(g.validate(), Ok(()), "{size} #{i}");
                assert!(e.backtracks == 0 && e.restarts == 0);
                fell_back += u32::from(e.fell_back);
            }
        }
        assert!(fell_back > 500, "only {fell_back} fallbacks");
    }

    #[test]
    fn restarts_are_bounded() {
        let b = Backtrack {
            limits: Some(Limits {
                budget: 1,
                max_restarts: 3,
            }),
        };
        for i in 0..100 {
            let mut g = Grid::empty(Size::S16);
            let e = b.generate_counted(&mut grid_rng(4, i), &mut g);
            assert!(e.restarts <= 3 && e.backtracks <= 4);
            assert_eq!(g.validate(), Ok(()));
        }
    }
}
