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
//! With our reading, over 100,000 grids per size (seed 1, the same program
//! with `potential-first 100000 SIZE`):
//!
//! | size | tries: mean / sd / median / p99 / max | 1 try | 2 | 3–4 | 5–10 | 11–100 | 101–1,000 | 1,001–10,000 | more | fallbacks |
//! |---|---|---|---|---|---|---|---|---|---|---|
//! | 4x4 | 1.00 / 0 / 1 / 1 / 1 | 100,000 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 |
//! | 9x9 | 3.76 / 3.24 / 3 / 15 / 40 | 26,617 | 19,713 | 24,673 | 24,410 | 4,587 | 0 | 0 | 0 | 0 |
//! | 16x16 | 978 / 982 / 678 / 4,538 / 11,423 | 94 | 115 | 213 | 610 | 8,955 | 54,113 | 35,897 | 3 | 0 |
//!
//! The spread is that of a geometric law (sd close to the mean): each try
//! succeeds with about 1 in 3.8 at 9x9 and 1 in 980 at 16x16.
//!
//! The seed recomputes the whole potential array and rescans it for singles
//! after every placement. We keep the array bit-sliced instead: for each
//! value, the set of empty cells where it is still possible, as a bitset.
//! A placement strikes its value from the placed cell's peers with one mask
//! per word, and one pass over the values counts, for all cells at once,
//! which have no value left (a dead end) and which have exactly one (the
//! first of those, in reading order, is forced next). The fill, and the
//! random numbers it draws, are exactly those of the seed's rescan.
//!
//! **Sizes.** 4x4, 9x9 and 16x16. At 25x25 no reading finished a grid in
//! reasonable time, so asking for it is a usage error.
//!
//! **Fail-safe (ours).** Tries are independent, so their number is
//! geometric. After [`Potential::default_max_restarts`] failed tries (1,000
//! for 4x4 and 9x9, 100,000 for 16x16) the grid is made by `rotate` instead:
//! with the failure rates above that has a chance below e^-90 per grid, and
//! it bounds the work per grid (about 100 times the mean at 16x16).
//!
//! **Cost.** O(n · cells / 64) per placement, times the tries per grid:
//! 1.00 at 4x4, 3.76 at 9x9 and 978 at 16x16 on average (100,000 grids,
//! `cargo run --release --example strategy_counters -- potential`); times in
//! the README's performance table. **Bias.** Not uniform: forced moves, the reading-order
//! choice and restarts favour grids that are easy to reach by propagation.

use rand::Rng;

use super::{Generator, Restarts, assert_supported, with_restarts};
use crate::grid::{Grid, MAX_SIDE, Size};
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
        match size.side() {
            ..=9 => 1_000,
            _ => 100_000,
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
        assert_supported(self, "potential", grid.shape());
        let mut state = State::new(self.choice);
        with_restarts(rng, grid, self.max_restarts(size), |rng, grid| {
            state.attempt(rng, grid)
        })
    }
}

/// The working state of one try.
struct State {
    choice: CellChoice,
}

impl State {
    fn new(choice: CellChoice) -> State {
        State { choice }
    }

    /// One try from an empty grid: `false` if a cell ran out of values.
    fn attempt<R: Rng + ?Sized>(&mut self, rng: &mut R, grid: &mut Grid) -> bool {
        match grid.size().cells().div_ceil(64) {
            1 => self.sliced::<1, R>(rng, grid),
            2 => self.sliced::<2, R>(rng, grid),
            3 => self.sliced::<3, R>(rng, grid),
            4 => self.sliced::<4, R>(rng, grid),
            _ => self.sliced::<10, R>(rng, grid),
        }
    }

    /// The potential array kept bit-sliced: `cand[v]` is the set of empty
    /// cells where value `v + 1` is still possible, `W` words of 64 cells.
    /// After each placement, one pass over the values counts, for every
    /// cell at once, whether it has none, one, or more values left (a
    /// two-bit saturating counter in the words `ones` and `twos`).
    fn sliced<const W: usize, R: Rng + ?Sized>(&mut self, rng: &mut R, grid: &mut Grid) -> bool {
        let size = grid.size();
        let (n, count) = (size.side(), size.cells());
        let geometry = grid.shape().geo();
        let peers = geometry.peer_sets();
        let mut all = [0u64; W];
        for (k, word) in all.iter_mut().enumerate() {
            let bits = count.saturating_sub(64 * k).min(64);
            *word = if bits == 64 {
                u64::MAX
            } else {
                (1u64 << bits) - 1
            };
        }
        let mut empty = all;
        let mut cand = [[0u64; W]; MAX_SIDE];
        for c in &mut cand[..n] {
            *c = all;
        }
        grid.clear_cells();
        let cells = grid.cells_mut();
        let potential_of = |cand: &[[u64; W]; MAX_SIDE], cell: usize| {
            let (word, bit) = (cell / 64, cell % 64);
            let mut m = Mask::EMPTY;
            for (v, c) in cand[..n].iter().enumerate() {
                m.0 |= (((c[word] >> bit) & 1) as u32) << v;
            }
            m
        };
        // Cells before `cursor` are filled; filling only ever adds cells.
        let mut cursor = 0;
        loop {
            let (mut ones, mut twos) = ([0u64; W], [0u64; W]);
            for c in &cand[..n] {
                for w in 0..W {
                    twos[w] |= ones[w] & c[w];
                    ones[w] |= c[w];
                }
            }
            let mut forced = None;
            for w in 0..W {
                // An empty cell with no value left: a dead end.
                if empty[w] & !ones[w] != 0 {
                    return false;
                }
                let single = ones[w] & !twos[w];
                if forced.is_none() && single != 0 {
                    forced = Some(64 * w + single.trailing_zeros() as usize);
                }
            }
            let cell = match forced {
                Some(cell) => cell,
                None => {
                    while cursor < count && cells[cursor] != 0 {
                        cursor += 1;
                    }
                    if cursor == count {
                        return true;
                    }
                    self.free_cell(rng, cells, cursor, |c| potential_of(&cand, c))
                }
            };
            let p = potential_of(&cand, cell);
            let value = if forced.is_some() {
                p.first().unwrap_or(1)
            } else {
                p.choose(rng)
            };
            cells[cell] = value;
            let (word, bit) = (cell / 64, 1u64 << (cell % 64));
            empty[word] &= !bit;
            for c in &mut cand[..n] {
                c[word] &= !bit;
            }
            let own = &mut cand[usize::from(value) - 1];
            for (c, &peer) in own.iter_mut().zip(&peers[cell][..W]) {
                *c &= !peer;
            }
        }
    }

    /// The empty cell that gets a random value, given the first one.
    fn free_cell<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        cells: &[u8],
        first: usize,
        potential: impl Fn(usize) -> Mask,
    ) -> usize {
        let empty = || (first..cells.len()).filter(|&c| cells[c] == 0);
        match self.choice {
            CellChoice::First => first,
            CellChoice::Uniform => {
                let k = below(rng, empty().count() as u32) as usize;
                empty().nth(k).unwrap_or(first)
            }
            CellChoice::Fewest => {
                let len = |c: usize| potential(c).len();
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

    /// Every box shape and variant up to 16x16 (at 25x25 no reading
    /// finishes a grid in reasonable time).
    fn supports(&self, shape: &crate::grid::Shape) -> bool {
        shape.side() <= 16
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
