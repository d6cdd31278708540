//! `chain`: the chain-swap mutator (seed 004, "Sudoku puzzle generation
//! without brute force").
//!
//! **Algorithm.** Start from a valid grid: the seed's fixed grid for 9x9,
//! the `rotate` base grid for the other sizes. Make 5 passes; in each, visit
//! every cell once, in a freshly shuffled order. For a cell, choose at random
//! whether to work along its row or its column, and a random partner
//! line in the same box (another column of its stack, or another row of its
//! band). Swap the cell with its counterpart on the partner line. That puts
//! a second copy of the arriving value on the cell's line; find that other
//! copy and swap it with its own counterpart on the partner line, and so on
//! until the value that left the first cell arrives back. Each swap is
//! between two cells of one box and one row (or column), so boxes and rows
//! (columns) stay valid throughout, and when the chain closes the two lines
//! have exchanged the values of a set of rows (columns) holding the same
//! values: the grid is valid again.
//!
//! **How we read the seed.** The seed's list shuffle swaps each position
//! with a random one (a biased shuffle); we use Fisher–Yates. The seed picks
//! the partner among the 2 other lines of the box; we pick uniformly among
//! the `b - 1` others at every size, drawing direction and partner together
//! with one bounded draw. The seed finds the other copy by
//! scanning the line; we keep, for each line, where each value is, so each
//! chain step is O(1). A chain closes after at most `n` steps (the values of
//! one line are all different), and we stop there as a guard.
//!
//! **Cost.** 5 × n² chains: 405 for 9x9, of 5.7 swaps on average (2,293
//! swap steps per grid, measured over 20,000 grids), plus about 800 random
//! draws. Each step waits on two dependent loads (the partner cell, then
//! where its value sits on the line), so the steps alone cost about 7 µs at
//! best on this class of machine; we measure 12.8 µs per 9x9 grid, 1.4 µs
//! per 4x4, 59 µs per 16x16 and 188 µs per 25x25. Going much faster would
//! take fewer passes or a different algorithm, not tuning.
//!
//! **Bias.** These moves form a Markov chain on valid grids, started from one
//! fixed grid. Whether it reaches every grid, and how many passes it needs to
//! forget its start, are not established: 5 passes is the seed's choice, and
//! more passes trade speed for variety. Expect the output to remember the
//! start grid's structure; see the README's randomness table.

use rand::Rng;

use super::{Generator, assert_supported, rotate};
use crate::grid::{Grid, MAX_CELLS, MAX_SIDE, Size};
use crate::random::{below, shuffle};

/// The one-line description.
pub const DESCRIPTION: &str =
    "chain-swap mutator: 5 passes of box-preserving swap chains from a fixed valid grid";

/// The number of passes over the cells, as in the seed.
pub const PASSES: usize = 5;

/// The seed's start grid for 9x9.
const SEED_GRID_9: &str =
    "123456789456789123789123456312645978645978312978312645231564897564897231897231564";

/// The chain-swap mutator. See the [module docs](self).
#[derive(Clone, Copy, Debug)]
pub struct Chain {
    /// Passes over all cells (the seed's 5 by default).
    pub passes: usize,
}

impl Default for Chain {
    fn default() -> Self {
        Chain { passes: PASSES }
    }
}

/// Writes the start grid for `grid.size()` into `grid`.
pub fn start_grid(grid: &mut Grid) {
    if grid.size() == Size::S9 {
        for (cell, s) in grid.cells_mut().iter_mut().zip(SEED_GRID_9.bytes()) {
            *cell = s - b'0';
        }
    } else {
        rotate::base_grid(grid);
    }
}

/// The grid during mutation, with where each value is on each line, in
/// 32-wide arrays indexed through `& 31` so the chain loops need no bounds
/// checks or multiplications.
struct Board {
    n: usize,
    /// `cell[r][c]`: the value at row `r`, column `c`.
    cell: [[u8; 32]; 32],
    /// `in_row[r][v]`: the column of `v` in row `r`.
    in_row: [[u8; 32]; 32],
    /// `in_col[c][v]`: the row of `v` in column `c`.
    in_col: [[u8; 32]; 32],
}

impl Board {
    fn of(grid: &Grid) -> Board {
        let n = grid.size().side();
        let mut p = Board {
            n,
            cell: [[0; 32]; 32],
            in_row: [[0; 32]; 32],
            in_col: [[0; 32]; 32],
        };
        for r in 0..n {
            for c in 0..n {
                let v = grid.get(r, c);
                p.cell[r][c] = v;
                p.in_row[r][v as usize] = c as u8;
                p.in_col[c][v as usize] = r as u8;
            }
        }
        p
    }

    fn write(&self, grid: &mut Grid) {
        for r in 0..self.n {
            for c in 0..self.n {
                grid.set(r, c, self.cell[r][c]);
            }
        }
    }

    /// Swaps (r, c1) with (r, c2), then repairs columns c1 and c2 down the
    /// chain of rows until the first value returns to column c1.
    #[inline]
    fn swap_columns_chain(&mut self, r: usize, c1: usize, c2: usize) {
        let (mut r, c1, c2) = (r & 31, c1 & 31, c2 & 31);
        let target = self.cell[r][c1];
        for _ in 0..self.n {
            let (a, b) = (self.cell[r][c1], self.cell[r][c2]);
            let (ai, bi) = (a as usize & 31, b as usize & 31);
            self.cell[r][c1] = b;
            self.cell[r][c2] = a;
            self.in_row[r][ai] = c2 as u8;
            self.in_row[r][bi] = c1 as u8;
            // The other copy of b in column c1 is where b was before it came.
            let next = self.in_col[c1][bi] as usize & 31;
            self.in_col[c1][bi] = r as u8;
            self.in_col[c2][ai] = r as u8;
            if b == target {
                return;
            }
            r = next;
        }
        debug_assert!(false, "a swap chain did not close within {} steps", self.n);
    }

    /// The same as [`Board::swap_columns_chain`] with rows and columns
    /// exchanged.
    #[inline]
    fn swap_rows_chain(&mut self, r1: usize, c: usize, r2: usize) {
        let (r1, mut c, r2) = (r1 & 31, c & 31, r2 & 31);
        let target = self.cell[r1][c];
        for _ in 0..self.n {
            let (a, b) = (self.cell[r1][c], self.cell[r2][c]);
            let (ai, bi) = (a as usize & 31, b as usize & 31);
            self.cell[r1][c] = b;
            self.cell[r2][c] = a;
            self.in_col[c][ai] = r2 as u8;
            self.in_col[c][bi] = r1 as u8;
            let next = self.in_row[r1][bi] as usize & 31;
            self.in_row[r1][bi] = c as u8;
            self.in_row[r2][ai] = c as u8;
            if b == target {
                return;
            }
            c = next;
        }
        debug_assert!(false, "a swap chain did not close within {} steps", self.n);
    }
}

impl Chain {
    /// Applies the passes to `grid`, which must be valid.
    pub fn mutate<R: Rng + ?Sized>(&self, rng: &mut R, grid: &mut Grid) {
        let size = grid.size();
        let (b, n) = (size.box_size(), size.side());
        let mut board = Board::of(grid);
        let mut order = [0u16; MAX_CELLS];
        for (i, x) in order[..size.cells()].iter_mut().enumerate() {
            *x = i as u16;
        }
        let places = size.places();
        // The line `offset` places further round the same box as line `i`,
        // without divisions in the loop.
        let partner = |i: usize, offset: usize| {
            let within = i % b + offset;
            i - i % b + if within >= b { within - b } else { within }
        };
        let mut partners = [[0u8; MAX_SIDE]; MAX_SIDE];
        for (i, row) in partners[..n].iter_mut().enumerate() {
            for (offset, p) in row[..b].iter_mut().enumerate() {
                *p = partner(i, offset) as u8;
            }
        }
        // One draw per cell picks both the direction and the partner line:
        // uniform over the 2(b - 1) pairs.
        let choices = 2 * (b as u32 - 1);
        for _ in 0..self.passes {
            shuffle(rng, &mut order[..size.cells()]);
            for &cell in &order[..size.cells()] {
                let p = places[cell as usize];
                let (r, c) = (p.row as usize, p.col as usize);
                let choice = below(rng, choices);
                let offset = 1 + (choice >> 1) as usize;
                if choice & 1 == 0 {
                    let c2 = partners[c][offset] as usize;
                    board.swap_columns_chain(r, c, c2);
                } else {
                    let r2 = partners[r][offset] as usize;
                    board.swap_rows_chain(r, c, r2);
                }
            }
        }
        board.write(grid);
    }
}

impl Generator for Chain {
    fn sizes(&self) -> &'static [Size] {
        &Size::ALL
    }

    fn generate<R: Rng + ?Sized>(&self, rng: &mut R, grid: &mut Grid) {
        assert_supported(self, "chain", grid.size());
        start_grid(grid);
        self.mutate(rng, grid);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::grid_rng;
    use crate::strategies::testing::assert_valid_grids;

    #[test]
    fn start_grids_are_valid() {
        for size in Size::ALL {
            let mut g = Grid::empty(size);
            start_grid(&mut g);
            assert_eq!(g.validate(), Ok(()), "{size}");
        }
    }

    #[test]
    fn grids_are_valid() {
        assert_valid_grids(&Chain::default(), 3000);
    }

    #[test]
    fn every_single_chain_keeps_the_grid_valid() {
        // One chain at a time, checking after each: a chain that broke the
        // grid would be caught at the step that broke it.
        for size in Size::ALL {
            let mut g = Grid::empty(size);
            start_grid(&mut g);
            let mut rng = grid_rng(8, size.side() as u64);
            let n = size.side();
            let b = size.box_size();
            let mut board = Board::of(&g);
            for _ in 0..300 {
                let (r, c) = (
                    below(&mut rng, n as u32) as usize,
                    below(&mut rng, n as u32) as usize,
                );
                let off = 1 + below(&mut rng, b as u32 - 1) as usize;
                if crate::random::coin(&mut rng) {
                    board.swap_columns_chain(r, c, c - c % b + (c % b + off) % b);
                } else {
                    board.swap_rows_chain(r, c, r - r % b + (r % b + off) % b);
                }
                board.write(&mut g);
                assert_eq!(g.validate(), Ok(()), "{size}");
                assert_eq!(Board::of(&g).in_row, board.in_row, "positions out of step");
                assert_eq!(Board::of(&g).in_col, board.in_col, "positions out of step");
            }
        }
    }

    #[test]
    fn the_seeds_worked_example() {
        // Swapping the top-left 1 with the 4 below it ends, as in the seed,
        // with rows 1 and 2 exchanged in columns 1, 4 and 7.
        let mut g = Grid::empty(Size::S9);
        start_grid(&mut g);
        let mut board = Board::of(&g);
        board.swap_rows_chain(0, 0, 1);
        board.write(&mut g);
        let rows: Vec<String> = g
            .rows()
            .take(2)
            .map(|r| r.iter().map(|v| v.to_string()).collect())
            .collect();
        assert_eq!(rows, ["423756189", "156489723"]);
    }

    #[test]
    fn zero_passes_give_the_start_grid() {
        let g = Chain { passes: 0 }.grid(&mut grid_rng(1, 1), Size::S9);
        assert_eq!(g.to_string(), SEED_GRID_9);
    }
}
