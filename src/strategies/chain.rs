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
//! with one bounded draw. The seed finds the other copy by scanning the
//! line; we keep, for each line, where each value is, so each chain step is
//! O(1). A chain closes after at most `n` steps (the values of one line are
//! all different), and we stop there as a guard.
//!
//! **Two kernels, one result.** The portable kernel ([`Chain::mutate_portable`])
//! walks each chain step by step as the seed does. The swaps of a chain are
//! fixed before it starts (they are the cycle through the first cell of a
//! permutation of the line, see `x86.rs`), so on x86-64 with AVX2 a vector
//! kernel finds the whole cycle with a few byte shuffles and applies it at
//! once, for sizes up to 16x16. Both kernels make the same draws and give
//! the same grid, which the tests check chain by chain and grid by grid; the
//! golden files pin the output on every machine.
//!
//! **Cost.** 5 × n² chains: 405 for 9x9, of 5.7 swaps on average (2,293
//! swap steps per grid, measured over 20,000 grids), plus 810 random draws
//! (a fixed share of the time). The portable kernel's cost grows with the
//! swap steps: it waits on two dependent loads per step and mispredicts the
//! end of each chain. The vector kernel takes no branch on the chain and
//! costs about the same for every chain, so its cost grows with the number
//! of chains and the lines of the other view (n per chain), and it is about
//! 2.7 times as fast at 9x9. The README's performance table gives both
//! (`cargo bench --bench strategies`, groups `chain` and `chain-portable`).
//!
//! **Bias.** These moves form a Markov chain on valid grids, started from one
//! fixed grid. Whether it reaches every grid, and how many passes it needs to
//! forget its start, are not established: 5 passes is the seed's choice, and
//! more passes trade speed for variety. Expect the output to remember the
//! start grid's structure; see the README's randomness table.

use rand::Rng;

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod x86;

use super::{Generator, assert_supported, rotate};
use crate::grid::{Grid, Invalid, MAX_CELLS, MAX_SIDE, Size};
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

/// The view whose lines are rows: line `r` is row `r`, position `x` on it
/// is column `x`. Views index the kernels' per-view arrays.
const ROWS: usize = 0;
/// The view whose lines are columns: line `c` is column `c`, position `x`
/// on it is row `x`.
const COLS: usize = 1;

/// The seed's main loop, shared by both chain kernels so that they make the
/// same draws: `passes` times, shuffle the cells and, for each, draw the
/// direction and the partner line and call `chain(view, line, partner, pos)`.
///
/// A chain along columns (view [`COLS`]) swaps the cell at row `pos` of
/// column `line` with its neighbour in column `partner`; a chain along rows
/// (view [`ROWS`]) does the same with rows and columns exchanged.
#[inline(always)]
fn drive<R: Rng + ?Sized>(
    passes: usize,
    size: Size,
    rng: &mut R,
    mut chain: impl FnMut(usize, usize, usize, usize),
) {
    let (b, n) = (size.box_rows(), size.side());
    let mut order = [0u16; MAX_CELLS];
    for (i, x) in order[..size.cells()].iter_mut().enumerate() {
        *x = i as u16;
    }
    let shape = crate::grid::Shape::from(size);
    let places = shape.places();
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
    for _ in 0..passes {
        shuffle(rng, &mut order[..size.cells()]);
        for &cell in &order[..size.cells()] {
            let p = places[cell as usize];
            let (r, c) = (p.row as usize, p.col as usize);
            let choice = below(rng, choices);
            let offset = 1 + (choice >> 1) as usize;
            // An even draw works along the cell's column pair, an odd one
            // along its row pair.
            let view = (choice as usize & 1) ^ 1;
            let (line, pos) = if view == COLS { (c, r) } else { (r, c) };
            chain(view, line, partners[line][offset] as usize, pos);
        }
    }
}

/// The portable kernel: the grid, and for each line of each view (rows,
/// columns) where each value sits on it, in 32-wide arrays indexed through
/// `& 31` so the chain loop needs no bounds checks or multiplications. A
/// chain is walked step by step, as in the seed, with each "find the other
/// copy" an O(1) look-up.
struct Walker {
    n: usize,
    /// `cell[r << 5 | c]`: the value at row `r`, column `c`.
    cell: [u8; 32 * 32],
    /// `at[v][l][value]`: the position of `value` on line `l` of view `v`.
    at: [[[u8; 32]; 32]; 2],
}

impl Walker {
    fn of(grid: &Grid) -> Walker {
        let n = grid.size().side();
        let mut w = Walker {
            n,
            cell: [0; 32 * 32],
            at: [[[0; 32]; 32]; 2],
        };
        for r in 0..n {
            for c in 0..n {
                let v = grid.get(r, c);
                w.cell[r << 5 | c] = v;
                w.at[ROWS][r][v as usize] = c as u8;
                w.at[COLS][c][v as usize] = r as u8;
            }
        }
        w
    }

    fn write(&self, grid: &mut Grid) {
        for r in 0..self.n {
            for c in 0..self.n {
                grid.set(r, c, self.cell[r << 5 | c]);
            }
        }
    }

    /// Swaps position `pos` of lines `l1` and `l2` of view `view`, then
    /// follows the chain: the value that arrived on `l1` has another copy
    /// there, which is swapped with its counterpart on `l2`, and so on until
    /// the value that first left `l1` arrives back.
    #[inline]
    fn chain(&mut self, view: usize, l1: usize, l2: usize, pos: usize) {
        // One copy per view, so the cell indexing is constant shifts.
        if view == ROWS {
            self.chain_in::<ROWS>(l1, l2, pos)
        } else {
            self.chain_in::<COLS>(l1, l2, pos)
        }
    }

    /// [`Walker::chain`] in view `V`.
    #[inline]
    fn chain_in<const V: usize>(&mut self, l1: usize, l2: usize, pos: usize) {
        let v = V & 1;
        // Position x of line l is cell (l, x) in rows, (x, l) in columns.
        let (line_shift, pos_shift) = if v == ROWS { (5, 0) } else { (0, 5) };
        let (l1, l2, mut x) = (l1 & 31, l2 & 31, pos & 31);
        let (base1, base2) = (l1 << line_shift, l2 << line_shift);
        let target = self.cell[base1 | x << pos_shift];
        for _ in 0..self.n {
            let (i1, i2) = (
                (base1 | x << pos_shift) & 1023,
                (base2 | x << pos_shift) & 1023,
            );
            let (a, b) = (self.cell[i1], self.cell[i2]);
            let (ai, bi) = (a as usize & 31, b as usize & 31);
            self.cell[i1] = b;
            self.cell[i2] = a;
            self.at[v ^ 1][x][ai] = l2 as u8;
            self.at[v ^ 1][x][bi] = l1 as u8;
            // The other copy of b on l1 is where b was before it came.
            let next = self.at[v][l1][bi] as usize & 31;
            self.at[v][l1][bi] = x as u8;
            self.at[v][l2][ai] = x as u8;
            if b == target {
                return;
            }
            x = next;
        }
        debug_assert!(false, "a swap chain did not close within {} steps", self.n);
    }
}

/// Whether the portable kernel is forced: the environment variable
/// `SUDOGEN_PORTABLE` is set to anything but `0` or nothing. Read once per
/// process; it lets the tests, and a user who doubts the vector kernel, run
/// everything through the portable one (same grids either way).
pub fn portable_forced() -> bool {
    static FORCED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *FORCED.get_or_init(|| {
        std::env::var_os("SUDOGEN_PORTABLE").is_some_and(|v| !v.is_empty() && v != "0")
    })
}

impl Chain {
    /// The kernel [`Chain::mutate`] uses for grids of `size` on this
    /// machine: `"avx2"` or `"portable"`.
    pub fn kernel(size: Size) -> &'static str {
        #[cfg(target_arch = "x86_64")]
        if x86::fits(size) && x86::enabled() {
            return "avx2";
        }
        let _ = size;
        "portable"
    }

    /// Applies the passes to `grid`, which must be a valid complete grid
    /// (a chain on a grid with a repeated value would not close as the seed
    /// says, and could leave it invalid): otherwise the error says why, and
    /// `grid` is untouched.
    ///
    /// On x86-64 with AVX2 (Intel since 2013, AMD since 2015) sizes up to
    /// 16x16 use the vector kernel, unless [`portable_forced`]; everything
    /// else uses the portable one, [`Chain::mutate_portable`]. Both give the
    /// same grid.
    pub fn mutate<R: Rng + ?Sized>(&self, rng: &mut R, grid: &mut Grid) -> Result<(), Invalid> {
        grid.validate()?;
        self.mutate_valid(rng, grid);
        Ok(())
    }

    /// [`Chain::mutate`] on a grid known to be valid.
    fn mutate_valid<R: Rng + ?Sized>(&self, rng: &mut R, grid: &mut Grid) {
        #[cfg(target_arch = "x86_64")]
        if x86::try_mutate(self.passes, rng, grid) {
            return;
        }
        self.walk(rng, grid);
    }

    /// [`Chain::mutate`] with the portable kernel, which walks each chain
    /// step by step. The same draws and the same grid, on any CPU.
    pub fn mutate_portable<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        grid: &mut Grid,
    ) -> Result<(), Invalid> {
        grid.validate()?;
        self.walk(rng, grid);
        Ok(())
    }

    /// [`Generator::generate`] with the portable kernel: the same grid.
    pub fn generate_portable<R: Rng + ?Sized>(&self, rng: &mut R, grid: &mut Grid) {
        assert_supported(self, "chain", grid.shape());
        start_grid(grid);
        self.walk(rng, grid);
    }

    /// The portable kernel on a valid grid.
    fn walk<R: Rng + ?Sized>(&self, rng: &mut R, grid: &mut Grid) {
        let mut walker = Walker::of(grid);
        drive(self.passes, grid.size(), rng, |view, l1, l2, pos| {
            walker.chain(view, l1, l2, pos)
        });
        walker.write(grid);
    }
}

impl Generator for Chain {
    fn sizes(&self) -> &'static [Size] {
        &Size::ALL
    }

    fn generate<R: Rng + ?Sized>(&self, rng: &mut R, grid: &mut Grid) {
        assert_supported(self, "chain", grid.shape());
        start_grid(grid);
        self.mutate_valid(rng, grid);
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

    /// `count` random chains for `size`: (view, line, partner, position).
    pub(super) fn random_chains(size: Size, seed: u64, count: usize) -> Vec<[usize; 4]> {
        let (n, b) = (size.side(), size.box_rows());
        let mut rng = grid_rng(seed, n as u64);
        (0..count)
            .map(|_| {
                let line = below(&mut rng, n as u32) as usize;
                let pos = below(&mut rng, n as u32) as usize;
                let off = 1 + below(&mut rng, b as u32 - 1) as usize;
                let partner = line - line % b + (line % b + off) % b;
                let view = usize::from(crate::random::coin(&mut rng));
                [view, line, partner, pos]
            })
            .collect()
    }

    #[test]
    fn every_single_chain_keeps_the_grid_valid() {
        // One chain at a time, checking after each: a chain that broke the
        // grid, or left the positions out of step, is caught where it did.
        for size in Size::ALL {
            let mut g = Grid::empty(size);
            start_grid(&mut g);
            let mut walker = Walker::of(&g);
            for [view, l1, l2, pos] in random_chains(size, 8, 300) {
                walker.chain(view, l1, l2, pos);
                walker.write(&mut g);
                assert_eq!(g.validate(), Ok(()), "{size}");
                let fresh = Walker::of(&g);
                assert_eq!(fresh.cell, walker.cell, "{size}: cells out of step");
                assert_eq!(fresh.at, walker.at, "{size}: positions out of step");
            }
        }
    }

    /// The seed's grid after its move "swap the top-left 1 with the 4
    /// below it" and the repairs it describes: its last figure, all 81 cells.
    pub(super) const SEED_RESULT_9: &str = concat!(
        "423756189",
        "156489723",
        "789123456",
        "312645978",
        "645978312",
        "978312645",
        "231564897",
        "564897231",
        "897231564",
    );

    #[test]
    fn the_seeds_worked_example() {
        // The seed's fixed grid, as it prints it.
        let mut g = Grid::parse(
            "1 2 3 | 4 5 6 | 7 8 9
             4 5 6 | 7 8 9 | 1 2 3
             7 8 9 | 1 2 3 | 4 5 6
             3 1 2 | 6 4 5 | 9 7 8
             6 4 5 | 9 7 8 | 3 1 2
             9 7 8 | 3 1 2 | 6 4 5
             2 3 1 | 5 6 4 | 8 9 7
             5 6 4 | 8 9 7 | 2 3 1
             8 9 7 | 2 3 1 | 5 6 4",
            None,
        )
        .unwrap();
        let mut start = Grid::empty(Size::S9);
        start_grid(&mut start);
        assert_eq!(g, start);
        // The portable kernel (the vector kernel's test is in `x86.rs`).
        let mut walker = Walker::of(&g);
        walker.chain(ROWS, 0, 1, 0);
        walker.write(&mut g);
        assert_eq!(g.to_string(), SEED_RESULT_9);
    }

    #[test]
    fn both_kernels_give_the_same_grids() {
        // `mutate` takes the vector kernel where it can (x86-64 with AVX2,
        // up to 16x16, SUDOGEN_PORTABLE unset); `x86.rs` also compares the
        // vector kernel directly.
        for size in Size::ALL {
            for index in 0..200 {
                let mut fast = Grid::empty(size);
                start_grid(&mut fast);
                let mut portable = fast.clone();
                Chain::default()
                    .mutate(&mut grid_rng(31, index), &mut fast)
                    .unwrap();
                Chain::default()
                    .mutate_portable(&mut grid_rng(31, index), &mut portable)
                    .unwrap();
                assert_eq!(fast, portable, "{size} index {index}");
            }
        }
    }

    #[test]
    fn mutate_refuses_invalid_grids_and_leaves_them_alone() {
        for size in Size::ALL {
            let mut g = Grid::empty(size);
            start_grid(&mut g);
            g.set(0, 0, g.get(0, 1));
            let before = g.clone();
            assert!(
                Chain::default()
                    .mutate(&mut grid_rng(1, 1), &mut g)
                    .is_err()
            );
            assert!(
                Chain::default()
                    .mutate_portable(&mut grid_rng(1, 1), &mut g)
                    .is_err()
            );
            assert_eq!(g, before);
        }
    }

    #[test]
    #[cfg(not(target_arch = "x86_64"))]
    fn avx2_is_not_expected_off_x86() {
        assert!(
            std::env::var_os("SUDOGEN_EXPECT_AVX2").is_none(),
            "SUDOGEN_EXPECT_AVX2 is set on a CPU that is not x86-64"
        );
    }

    #[test]
    fn zero_passes_give_the_start_grid() {
        let g = Chain { passes: 0 }.grid(&mut grid_rng(1, 1), Size::S9);
        assert_eq!(g.to_string(), SEED_GRID_9);
    }
}
