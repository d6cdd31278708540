//! `potential`: the potential-array filler (seed 001, "Sudoku Algorithm
//! Part 1 - Filling the puzzle").
//!
//! **Algorithm.** Every cell keeps its *potential*: the set of values no
//! peer (a cell of its row, column or box) holds yet. Repeat until the grid
//! is full: if an empty cell has a single potential value, it must take it
//! (the first such cell in reading order, as the seed scans for it);
//! otherwise pick an empty cell and one of its potential values at random.
//! After each placement, strike the value from the potential of the empty
//! peers. If an empty cell's potential becomes empty, the attempt has
//! failed: start again from an empty grid.
//!
//! **How we read the seed.** The seed says "we find an empty cell" without
//! saying which. We measured three readings over the same seeds
//! (`cargo run --release --example strategy_counters -- potential-first`,
//! `-uniform`, `-fewest`; tries per grid, 20,000 9x9 grids and 300 16x16):
//!
//! | free cell | 9x9 tries: mean / median / p99 / max | 16x16 tries: mean / max | 25x25 |
//! |---|---|---|---|
//! | **first empty in reading order** | **3.77 / 3 / 16 / 40** | **1,048 / 5,294** | none in 10,000 tries |
//! | uniform among empty cells | 24.98 / 17 / 114 / 231 | none in 10,000 tries | none |
//! | fewest potential values (random tie) | 1.78 / 1 / 6 / 14 | 32 / 160 | 1 grid of 3 in 10,000 |
//!
//! Only the first reading matches the seed's "1 to ten tries on average",
//! and scanning for the first empty cell is how the seed finds its singles
//! too, so we use it. The uniform choice (the default) needs 25
//! tries a 9x9 grid and never finishes a 16x16 grid: that is the measured
//! reason not to use it. "Fewest" is a different, smarter algorithm (it is
//! the minimum-remaining-values heuristic, not the seed's); the other two
//! are kept as [`CellChoice`] for measurement.
//!
//! The seed recomputes the whole potential array and rescans it for singles
//! after every placement; we update only the peers of the placed cell and
//! keep the cells with one value in a bitset, so "the first single" is a bit
//! scan. The fill is the same.
//!
//! **Sizes.** 4x4, 9x9 and 16x16. At 25x25 no reading finished a grid in
//! reasonable time, so asking for it is a usage error.
//!
//! **Fail-safe (ours).** Tries are independent, so their number is
//! geometric. After [`Potential::default_max_restarts`] failed tries (1,000
//! for 4x4 and 9x9, 100,000 for 16x16) the grid is made by `rotate` instead:
//! with the failure rates above that has a chance below e^-90 per grid, and
//! it bounds the work per grid (about 0.3 s at 16x16).
//!
//! **Cost.** O(n² · peers) per try: about 6 µs per 9x9 grid, 3 ms per
//! 16x16 grid. **Bias.** Not uniform: forced moves, the reading-order
//! choice and restarts favour grids that are easy to reach by propagation.

use rand::Rng;

use super::{Generator, Restarts, assert_supported, with_restarts};
use crate::grid::{Grid, MAX_CELLS, Size};
use crate::mask::Mask;
use crate::random::below;

/// The one-line description.
pub const DESCRIPTION: &str =
    "potential array: forced cells first, else a random cell and value; restart on a dead end";

/// Which empty cell gets a random value when no cell is forced.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CellChoice {
    /// Uniformly among all empty cells.
    Uniform,
    /// The first empty cell in reading order.
    #[default]
    First,
    /// Uniformly among the empty cells with the fewest potential values.
    Fewest,
}

/// The potential-array filler. See the [module docs](self).
#[derive(Clone, Copy, Debug, Default)]
pub struct Potential {
    /// Failed tries allowed before falling back to `rotate`; `None` uses
    /// [`Potential::default_max_restarts`].
    pub max_restarts: Option<u32>,
    /// How the free cell is chosen.
    pub choice: CellChoice,
}

impl Potential {
    /// Failed tries allowed for `size` before the fallback.
    pub const fn default_max_restarts(size: Size) -> u32 {
        match size {
            Size::S4 | Size::S9 => 1_000,
            Size::S16 | Size::S25 => 100_000,
        }
    }

    /// The restart limit in force for `size`.
    pub fn max_restarts(&self, size: Size) -> u32 {
        self.max_restarts
            .unwrap_or(Self::default_max_restarts(size))
    }

    /// Fills `grid` and reports how many tries failed first.
    pub fn generate_counted<R: Rng + ?Sized>(&self, rng: &mut R, grid: &mut Grid) -> Restarts {
        let size = grid.size();
        assert_supported(self, "potential", size);
        let mut state = State::new(self.choice);
        with_restarts(rng, grid, self.max_restarts(size), |rng, grid| {
            state.attempt(rng, grid)
        })
    }
}

/// A bitset of cells.
#[derive(Clone, Copy)]
struct CellSet([u64; MAX_CELLS.div_ceil(64)]);

impl CellSet {
    #[inline]
    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    #[inline]
    fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }
    #[inline]
    fn first(&self, words: usize) -> Option<usize> {
        self.0[..words]
            .iter()
            .position(|&w| w != 0)
            .map(|k| k * 64 + self.0[k].trailing_zeros() as usize)
    }
}

/// The working state of one try, kept between tries to avoid re-zeroing.
struct State {
    choice: CellChoice,
    /// The potential of each empty cell; filled cells have none, so the
    /// peer update skips them without looking at the grid. 1,024 slots
    /// indexed through `& 1023`, so the hot loop has no bounds checks.
    potential: [Mask; 1024],
    singles: CellSet,
}

impl State {
    fn new(choice: CellChoice) -> State {
        State {
            choice,
            potential: [Mask::EMPTY; 1024],
            singles: CellSet([0; MAX_CELLS.div_ceil(64)]),
        }
    }

    /// One try from an empty grid: `false` if a cell ran out of values.
    fn attempt<R: Rng + ?Sized>(&mut self, rng: &mut R, grid: &mut Grid) -> bool {
        let size = grid.size();
        let count = size.cells();
        let words = count.div_ceil(64);
        grid.clear(size);
        self.potential[..count].fill(size.full_mask());
        self.singles.0[..words].fill(0);
        let cells = grid.cells_mut();
        let (peer_table, per) = (size.peer_table(), size.peer_count());
        // Cells before `cursor` are filled; filling only ever adds cells.
        let mut cursor = 0;
        loop {
            let forced = self.singles.first(words);
            let cell = match forced {
                Some(cell) => cell,
                None => {
                    while cursor < count && cells[cursor] != 0 {
                        cursor += 1;
                    }
                    if cursor == count {
                        return true;
                    }
                    self.free_cell(rng, cells, cursor)
                }
            };
            let p = self.potential[cell];
            let value = if forced.is_some() {
                p.first().unwrap_or(1)
            } else {
                p.choose(rng)
            };
            cells[cell] = value;
            self.potential[cell] = Mask::EMPTY;
            self.singles.remove(cell);
            let bit = Mask::single(value);
            for &peer in &peer_table[cell * per..cell * per + per] {
                let peer = usize::from(peer) & 1023;
                let m = self.potential[peer];
                if (m & bit).is_empty() {
                    continue;
                }
                let m = Mask(m.0 & !bit.0);
                self.potential[peer] = m;
                if m.is_empty() {
                    return false;
                }
                if m.0 & (m.0 - 1) == 0 {
                    self.singles.insert(peer);
                }
            }
        }
    }

    /// The empty cell that gets a random value, given the first one.
    fn free_cell<R: Rng + ?Sized>(&self, rng: &mut R, cells: &[u8], first: usize) -> usize {
        let empty = || (first..cells.len()).filter(|&c| cells[c] == 0);
        match self.choice {
            CellChoice::First => first,
            CellChoice::Uniform => {
                let k = below(rng, empty().count() as u32) as usize;
                empty().nth(k).unwrap_or(first)
            }
            CellChoice::Fewest => {
                let len = |c: usize| self.potential[c].len();
                let fewest = empty().map(len).min().unwrap_or(0);
                let ties = || empty().filter(|&c| len(c) == fewest);
                let k = below(rng, ties().count() as u32) as usize;
                ties().nth(k).unwrap_or(first)
            }
        }
    }
}

impl Generator for Potential {
    fn sizes(&self) -> &'static [Size] {
        &[Size::S4, Size::S9, Size::S16]
    }

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
        assert_valid_grids(&Potential::default(), 2000);
    }

    #[test]
    fn fail_safe_falls_back_and_stays_valid() {
        let none = Potential {
            max_restarts: Some(0),
            ..Potential::default()
        };
        let mut fell_back = 0;
        for size in [Size::S9, Size::S16] {
            for i in 0..300 {
                let mut g = Grid::empty(size);
                let r = none.generate_counted(&mut grid_rng(5, i), &mut g);
                assert_eq!(g.validate(), Ok(()));
                assert_eq!(r.restarts, 0);
                fell_back += u32::from(r.fell_back);
            }
        }
        assert!(fell_back > 50, "only {fell_back} fallbacks");
    }
}
