//! `chain`: the chain-swap mutator (seed 004, "Sudoku puzzle generation
//! without brute force").
//!
//! **Algorithm.** Start from a valid grid: the seed's fixed grid for 9x9,
//! the `rotate` base grid for the other sizes. Make 5 passes; in each, visit
//! every cell once, in a freshly shuffled order. For a cell, toss a coin for
//! whether to work along its row or its column, and pick a random partner
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
//! the `b - 1` others at every size. The seed finds the other copy by
//! scanning the line; we keep, for each line, where each value is, so each
//! chain step is O(1). A chain closes after at most `n` steps (the values of
//! one line are all different), and we stop there as a guard.
//!
//! **Cost.** 5 × n² chains of a few swaps each: about 400 chains for 9x9.
//!
//! **Bias.** These moves form a Markov chain on valid grids, started from one
//! fixed grid. Whether it reaches every grid, and how many passes it needs to
//! forget its start, are not established: 5 passes is the seed's choice, and
//! more passes trade speed for variety. Expect the output to remember the
//! start grid's structure; see the README's randomness table.

use rand::Rng;

use super::{Generator, assert_supported, rotate};
use crate::grid::{Grid, MAX_CELLS, MAX_SIDE, Size};
use crate::random::{below, coin, shuffle};

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

/// Where each value is on each line: `at[line][value]` is the position
/// along the line.
struct Positions {
    /// `in_row[r][v]`: the column of `v` in row `r`.
    in_row: [[u8; MAX_SIDE + 1]; MAX_SIDE],
    /// `in_col[c][v]`: the row of `v` in column `c`.
    in_col: [[u8; MAX_SIDE + 1]; MAX_SIDE],
}

impl Positions {
    fn of(grid: &Grid) -> Positions {
        let n = grid.size().side();
        let mut p = Positions {
            in_row: [[0; MAX_SIDE + 1]; MAX_SIDE],
            in_col: [[0; MAX_SIDE + 1]; MAX_SIDE],
        };
        for r in 0..n {
            for c in 0..n {
                let v = grid.get(r, c) as usize;
                p.in_row[r][v] = c as u8;
                p.in_col[c][v] = r as u8;
            }
        }
        p
    }
}

impl Chain {
    /// Applies the passes to `grid`, which must be valid.
    pub fn mutate<R: Rng + ?Sized>(&self, rng: &mut R, grid: &mut Grid) {
        let size = grid.size();
        let (b, n) = (size.box_size(), size.side());
        let mut pos = Positions::of(grid);
        let mut order = [0u16; MAX_CELLS];
        for (i, x) in order[..size.cells()].iter_mut().enumerate() {
            *x = i as u16;
        }
        for _ in 0..self.passes {
            shuffle(rng, &mut order[..size.cells()]);
            for &cell in &order[..size.cells()] {
                let (r, c) = (cell as usize / n, cell as usize % n);
                let along_row = coin(rng);
                // A random other line of the same box: offset 1..b within it.
                let offset = 1 + below(rng, b as u32 - 1) as usize;
                if along_row {
                    let c2 = c - c % b + (c % b + offset) % b;
                    swap_columns_chain(grid, &mut pos, r, c, c2);
                } else {
                    let r2 = r - r % b + (r % b + offset) % b;
                    swap_rows_chain(grid, &mut pos, r, c, r2);
                }
            }
        }
    }
}

/// Swaps (r, c1) with (r, c2), then repairs columns c1 and c2 down the chain
/// of rows until the first value returns to column c1.
fn swap_columns_chain(grid: &mut Grid, pos: &mut Positions, mut r: usize, c1: usize, c2: usize) {
    let n = grid.size().side();
    let target = grid.get(r, c1);
    for _ in 0..n {
        let (a, b) = (grid.get(r, c1), grid.get(r, c2));
        grid.set(r, c1, b);
        grid.set(r, c2, a);
        pos.in_row[r][a as usize] = c2 as u8;
        pos.in_row[r][b as usize] = c1 as u8;
        // The other copy of b in column c1 is where b was before it came.
        let next = pos.in_col[c1][b as usize] as usize;
        pos.in_col[c1][b as usize] = r as u8;
        pos.in_col[c2][a as usize] = r as u8;
        if b == target {
            return;
        }
        r = next;
    }
    debug_assert!(false, "a swap chain did not close within {n} steps");
}

/// The same as [`swap_columns_chain`] with rows and columns exchanged.
fn swap_rows_chain(grid: &mut Grid, pos: &mut Positions, r1: usize, mut c: usize, r2: usize) {
    let n = grid.size().side();
    let target = grid.get(r1, c);
    for _ in 0..n {
        let (a, b) = (grid.get(r1, c), grid.get(r2, c));
        grid.set(r1, c, b);
        grid.set(r2, c, a);
        pos.in_col[c][a as usize] = r2 as u8;
        pos.in_col[c][b as usize] = r1 as u8;
        let next = pos.in_row[r1][b as usize] as usize;
        pos.in_row[r1][b as usize] = c as u8;
        pos.in_row[r2][a as usize] = c as u8;
        if b == target {
            return;
        }
        c = next;
    }
    debug_assert!(false, "a swap chain did not close within {n} steps");
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
            let mut pos = Positions::of(&g);
            for _ in 0..300 {
                let (r, c) = (
                    below(&mut rng, n as u32) as usize,
                    below(&mut rng, n as u32) as usize,
                );
                let off = 1 + below(&mut rng, b as u32 - 1) as usize;
                if coin(&mut rng) {
                    swap_columns_chain(&mut g, &mut pos, r, c, c - c % b + (c % b + off) % b);
                } else {
                    swap_rows_chain(&mut g, &mut pos, r, c, r - r % b + (r % b + off) % b);
                }
                assert_eq!(g.validate(), Ok(()), "{size}");
            }
        }
    }

    #[test]
    fn the_seeds_worked_example() {
        // Swapping the top-left 1 with the 4 below it ends, as in the seed,
        // with rows 1 and 2 exchanged in columns 1, 4 and 7.
        let mut g = Grid::empty(Size::S9);
        start_grid(&mut g);
        let mut pos = Positions::of(&g);
        swap_rows_chain(&mut g, &mut pos, 0, 0, 1);
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
