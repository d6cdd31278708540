//! The 16x16 solver: one 64-bit mask per digit and band.
//!
//! **Idea.** The band solver of [`super::bands`] carried to 16x16, where a
//! band (four rows) is 64 cells: one `u64` per digit and band, bit
//! `16r + c` for row `r` of the band and column `c`, so the masks of a
//! digit are its 256 cells in reading order. A digit takes one cell in each
//! row and each box of a band, so the *quads* that still hold candidates
//! (a row's four cells in one box, 16 per band) decide, through the 24
//! ways to match the four rows with the four boxes, which quads are
//! possible at all: a table of the 65,536 quad patterns (built at first
//! use, 128 KB) gives the quads some matching uses. That one look-up
//! applies every locked-candidates deduction between the band's rows and
//! boxes, and with rows left with one cell it finds hidden singles in rows
//! and boxes. Where a box of the band keeps the digit in one column, the
//! other bands lose that column. When nothing changes, the sixteen digits'
//! masks are counted bit-sliced per cell (candidates 1, 2, 3+): naked
//! singles, empty cells, and the two-candidate cells to guess on. When
//! that fixes nothing either, each digit's open cells are counted
//! bit-sliced per column over the four bands (a row of a band is a 16-bit
//! lane, and the four lanes fold into one): hidden singles in columns,
//! and columns left without the digit.
//!
//! **Guesses** are on the two-candidate cell whose values have the fewest
//! places in its row, column or box (see [`super::generic`], where this
//! choice halves the guesses on minimal 16x16 puzzles), that score divided
//! by the dead ends met so far at the cell and at its two digits' band
//! masks (dom/wdeg, see `solve/explore.rs`; at most `WEIGHT_CAP` of
//! them count); else on the first cell with the fewest candidates. Every
//! two-candidate cell is scored. The weights and the full scan halve the
//! guesses again on minimal 16x16 puzzles, and hidden singles in columns
//! take off another third to half (the README has the figures). The
//! search itself is the shared one of `solve/explore.rs`: the states of
//! open guesses (1.1 KB each) live on a stack in a `Vec`, not in a
//! recursion, and the weights beside them.
//!
//! **Cost.** Per band update a few shifts, two table look-ups and the row
//! and column tests; docs/PERFORMANCE.md has the measured times.
//!
//! **Why this is not one generic with [`super::bands`].** The two share an
//! idea (a mask per digit and band, a table over a band's row-box
//! pattern), not their code: the 9x9 band is 27 bits of a `u32` with six
//! 512-entry tables built at compile time (triads, the boxes a row's
//! candidates allow, column claims, singles), its own recursive search on
//! a 300-byte board copied per guess, and guess weights switched on only
//! after its first guesses; the 16x16 band is a whole `u64`, its one table
//! (65,536 quad patterns) is built at first use, it counts candidates
//! bit-sliced across sixteen digits, and it runs on the shared
//! heap-stacked search of `explore.rs` with weights from the start. A
//! generic over the band word would have to abstract each of those
//! differences behind a trait, on the 9x9 path that makes the whole
//! tool's speed (it is faster than tdoku on every published set): the two
//! stay apart, and each keeps its own tests against the per-cell solver.

use super::explore::{DeadEnds, NO_FAILURE, Node, explore};
use super::{Budget, Found};
use crate::grid::{Grid, Size};

/// One row of a band.
const ROW: u64 = 0xFFFF;
/// Bit 0 of each row of a band: a column's cells, shifted by the column.
const COLUMN: u64 = 0x0001_0001_0001_0001;
/// The low nibble of each row: box 0's cells, shifted by 4 per box.
const BOX: u64 = 0x000F_000F_000F_000F;

/// The band masks of band 0 (bits of `poss` indices), shifted by the band.
const BAND: u64 = 0x1111_1111_1111_1111;

/// The cells of row `r` of a band.
#[inline(always)]
fn row_cells(r: usize) -> u64 {
    ROW << (16 * r)
}

/// The cells of box `j` of a band.
#[inline(always)]
fn box_cells(j: usize) -> u64 {
    BOX << (4 * j)
}

/// The cells of column `c` of a band.
#[inline(always)]
fn col_cells(c: usize) -> u64 {
    COLUMN << c
}

/// The quad pattern of a band mask: bit `4r + j` when row `r` has a
/// candidate in box `j`.
#[inline(always)]
fn quads(p: u64) -> usize {
    // A bit at the bottom of each nonempty nibble, then the 16 bits at
    // stride 4 gathered into 16 contiguous bits.
    let mut y = (p | p >> 1 | p >> 2 | p >> 3) & 0x1111_1111_1111_1111;
    y = (y | y >> 3) & 0x0303_0303_0303_0303;
    y = (y | y >> 6) & 0x000F_000F_000F_000F;
    y = (y | y >> 12) & 0x0000_00FF_0000_00FF;
    y = (y | y >> 24) & 0xFFFF;
    y as usize
}

/// The cells of a quad pattern: each nibble `4r + j` set widened to the
/// quad's four cells.
#[inline(always)]
fn quad_cells(q: u16) -> u64 {
    // Spread the 16 bits to stride 4, then fill each nibble.
    let mut y = u64::from(q);
    y = (y | y << 24) & 0x0000_00FF_0000_00FF;
    y = (y | y << 12) & 0x000F_000F_000F_000F;
    y = (y | y << 6) & 0x0303_0303_0303_0303;
    y = (y | y << 3) & 0x1111_1111_1111_1111;
    y * 0xF
}

/// For each quad pattern: the quads that some matching of the band's four
/// rows with its four boxes uses (0 when none exists).
fn allowed() -> &'static [u16] {
    static TABLE: std::sync::OnceLock<Vec<u16>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        // The 24 matchings, as quad patterns.
        let mut matchings = Vec::with_capacity(24);
        for a in 0..4 {
            for b in 0..4 {
                for c in 0..4 {
                    for d in 0..4 {
                        let boxes = [a, b, c, d];
                        if (1 << a | 1 << b | 1 << c | 1 << d) == 0xF {
                            let q = (0..4).fold(0u16, |q, r| q | 1 << (4 * r + boxes[r]));
                            matchings.push(q);
                        }
                    }
                }
            }
        }
        (0..=u16::MAX)
            .map(|s| {
                matchings
                    .iter()
                    .filter(|&&m| s & m == m)
                    .fold(0, |acc, &m| acc | m)
            })
            .collect()
    })
}

/// The rows of a band mask with exactly one candidate, as cells.
#[inline(always)]
fn single_rows(p: u64) -> u64 {
    let mut out = 0;
    for r in 0..4 {
        let x = p & row_cells(r);
        if x & x.wrapping_sub(1) == 0 {
            out |= x;
        }
    }
    out
}

/// The columns of a band mask that hold a candidate, as 16 bits.
#[inline(always)]
fn columns(p: u64) -> u64 {
    (p | p >> 16 | p >> 32 | p >> 48) & ROW
}

/// What the other bands keep of a digit, given the columns where it may be
/// in this band: a box of this band with the digit in one column puts it
/// there, so the other bands lose that column.
#[inline(always)]
fn other_bands_keep(cols: u64) -> u64 {
    let mut lose = 0;
    for j in 0..4 {
        let x = cols & (0xF << (4 * j));
        if x & x.wrapping_sub(1) == 0 {
            lose |= x;
        }
    }
    !(lose * COLUMN)
}

/// The state of a search: where each digit may go, band by band.
#[derive(Clone, Copy)]
struct Board {
    /// `poss[4 * digit + band]`.
    poss: [u64; 64],
    /// Each band mask as of its last update: a mask that differs has
    /// changed since and is updated again.
    prev: [u64; 64],
    /// The band masks that may differ from `prev`, a bit each (a cheap
    /// over-estimate kept by whoever writes a mask, so that only these are
    /// compared).
    maybe: u64,
    /// The cells of each band not yet fixed.
    unsolved: [u64; 4],
    /// The unfixed cells of each band with exactly two candidates, from
    /// the last count.
    pairs: [u64; 4],
    /// What failed when the board was found dead, as an index of
    /// [`Weights`] (`NO_FAILURE` before that).
    failed: u16,
}

/// What a search learns from its dead ends: for each cell (0 to 255) and
/// each digit's band (`256 + 4 * digit + band`), how many dead ends it
/// caused: a cell left without candidates, a digit left without a place in
/// a band.
pub(crate) type Weights = DeadEnds<{ 256 + 64 }>;

/// The weight of a guess's score (see [`Board::pick`]) counts at most
/// this many dead ends: the fewest guesses among caps from 16 to 4096 on
/// 200 minimal 16x16 puzzles (32 to 128 within 5% of each other on a
/// second set; the README has the guesses with and without weights).
const WEIGHT_CAP: u32 = 64;

/// The puzzle has no solution (from this state).
struct Dead;

impl Board {
    fn new() -> Board {
        Board {
            poss: [u64::MAX; 64],
            prev: [0; 64],
            maybe: u64::MAX,
            unsolved: [u64::MAX; 4],
            pairs: [0; 4],
            failed: NO_FAILURE,
        }
    }

    /// Fixes `digit` (0-based) in cell `bit` of `band`.
    #[inline(always)]
    fn place(&mut self, digit: usize, band: usize, bit: u64) -> Result<(), Dead> {
        let sub = 4 * digit + band;
        if self.poss[sub] & bit == 0 {
            self.failed = (64 * band) as u16 + bit.trailing_zeros() as u16;
            return Err(Dead);
        }
        let i = bit.trailing_zeros() as usize;
        let (r, c) = (i / 16, i % 16);
        // The column leaves every band, then the band keeps the cell and
        // loses its row and box (no branch on which band is which).
        let own = self.poss[sub];
        for b in 0..4 {
            self.restrict(4 * digit + b, !col_cells(c));
        }
        self.poss[sub] = own & (!(row_cells(r) | box_cells(c / 4) | col_cells(c)) | bit);
        self.remove_others(digit, band, bit);
        self.unsolved[band] &= !bit;
        Ok(())
    }

    /// Keeps only `keep` of band mask `sub`.
    #[inline(always)]
    fn restrict(&mut self, sub: usize, keep: u64) {
        self.poss[sub] &= keep;
        self.maybe |= 1 << sub;
    }

    /// Removes `cells` of `band` from every digit but `digit` (the masks
    /// are marked as changed only if `cells` is not empty, without a
    /// branch).
    #[inline(always)]
    fn remove_others(&mut self, digit: usize, band: usize, cells: u64) {
        let own = self.poss[4 * digit + band];
        for d in 0..16 {
            self.poss[4 * d + band] &= !cells;
        }
        self.poss[4 * digit + band] = own;
        self.maybe |= (BAND << band) & u64::from(cells != 0).wrapping_neg();
    }

    /// Applies the band deductions to every changed band mask until none
    /// changes.
    fn update(&mut self, allowed: &[u16]) -> Result<(), Dead> {
        loop {
            // Which masks changed, one bit each.
            let mut changed = 0u64;
            let mut maybe = std::mem::take(&mut self.maybe);
            while maybe != 0 {
                let sub = maybe.trailing_zeros() as usize;
                maybe &= maybe - 1;
                changed |= u64::from(self.poss[sub] != self.prev[sub]) << sub;
            }
            if changed == 0 {
                return Ok(());
            }
            while changed != 0 {
                let sub = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                self.update_band(sub, allowed)?;
            }
        }
    }

    #[inline(always)]
    fn update_band(&mut self, sub: usize, allowed: &[u16]) -> Result<(), Dead> {
        let (digit, band) = (sub / 4, sub % 4);
        let p = self.poss[sub] & quad_cells(allowed[quads(self.poss[sub])]);
        if p == 0 {
            self.failed = 256 + sub as u16;
            return Err(Dead);
        }
        self.poss[sub] = p;
        self.prev[sub] = p;
        // The other bands lose the columns (the band keeps its own mask:
        // no branch on which band is which).
        let keep = other_bands_keep(columns(p));
        for b in 0..4 {
            self.restrict(4 * digit + b, keep);
        }
        self.poss[sub] = p;
        // A row with one cell left for the digit is that digit's: the
        // other digits leave it.
        // Without a branch on whether there is any (mispredicted often):
        // with none, this changes nothing.
        let fixed = single_rows(p) & self.unsolved[band];
        self.unsolved[band] &= !fixed;
        self.remove_others(digit, band, fixed);
        Ok(())
    }

    /// Counts candidates per cell: fixes naked singles, finds empty cells,
    /// records two-candidate cells. Returns whether it fixed any.
    fn singles(&mut self) -> Result<bool, Dead> {
        let mut any = false;
        for band in 0..4 {
            let (mut one, mut two, mut three) = (0u64, 0u64, 0u64);
            for digit in 0..16 {
                let m = self.poss[4 * digit + band];
                three |= two & m;
                two |= one & m;
                one |= m;
            }
            if one != u64::MAX {
                self.failed = (64 * band) as u16 + (!one).trailing_zeros() as u16;
                return Err(Dead);
            }
            self.pairs[band] = two & !three & self.unsolved[band];
            let mut singles = one & !two & self.unsolved[band];
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles &= singles - 1;
                let digit = (0..16)
                    .find(|&d| self.poss[4 * d + band] & bit != 0)
                    .ok_or(Dead)?;
                self.place(digit, band, bit)?;
                any = true;
            }
        }
        Ok(any)
    }

    /// Deduces until nothing more follows.
    fn propagate(&mut self, allowed: &[u16]) -> Result<(), Dead> {
        loop {
            self.update(allowed)?;
            if self.unsolved == [0; 4] {
                return Ok(());
            }
            if !self.singles()? && !self.column_singles()? {
                return Ok(());
            }
        }
    }

    /// Hidden singles in columns: a digit with one open cell in a column
    /// goes there; a digit with no cell at all in a column kills the board
    /// (charged to nothing: no weight is kept per column, and charging the
    /// digit's first band mask made more guesses). Returns whether it fixed
    /// any. A column where the digit is fixed has no open cell for it (the
    /// board is updated before this runs), so it is neither.
    fn column_singles(&mut self) -> Result<bool, Dead> {
        let mut any = false;
        for digit in 0..16 {
            // Per row of a band (a 16-bit lane each): the columns seen
            // once and more than once over the four bands, counting open
            // cells only; and every column the digit holds at all.
            let (mut once, mut more, mut all) = (0u64, 0u64, 0u64);
            for band in 0..4 {
                let p = self.poss[4 * digit + band];
                all |= p;
                let open = p & self.unsolved[band];
                more |= once & open;
                once |= open;
            }
            // Fold the four lanes into one.
            let (o2, m2) = (once >> 32, more >> 32);
            more |= m2 | (once & o2);
            once |= o2;
            let (o2, m2) = (once >> 16, more >> 16);
            more |= m2 | (once & o2);
            once |= o2;
            if columns(all) != ROW {
                return Err(Dead);
            }
            let mut hidden = once & !more & ROW;
            while hidden != 0 {
                let c = hidden.trailing_zeros() as usize;
                hidden &= hidden - 1;
                for band in 0..4 {
                    let cell = self.poss[4 * digit + band] & self.unsolved[band] & col_cells(c);
                    if cell != 0 {
                        self.place(digit, band, cell)?;
                        any = true;
                        break;
                    }
                }
            }
        }
        Ok(any)
    }

    /// The digits (a bit each) that cell `bit` of `band` may hold.
    fn digits_at(&self, band: usize, bit: u64) -> u32 {
        (0..16)
            .filter(|&d| self.poss[4 * d + band] & bit != 0)
            .fold(0, |m, d| m | 1 << d)
    }

    /// The fewest places `digit` has in the row, column or box of cell `i`
    /// of `band`.
    fn fewest_places(&self, digit: usize, band: usize, i: usize) -> u32 {
        let p = self.poss[4 * digit + band];
        let (r, c) = (i / 16, i % 16);
        let col: u32 = (0..4)
            .map(|b| (self.poss[4 * digit + b] & col_cells(c)).count_ones())
            .sum();
        (p & row_cells(r))
            .count_ones()
            .min((p & box_cells(c / 4)).count_ones())
            .min(col)
    }

    /// The cell to guess on, `(band, bit)`: the two-candidate cell whose
    /// values have the fewest places in one of its units, then in all,
    /// that score divided by one more than the dead ends the cell and its
    /// two digits' band masks caused (at most [`WEIGHT_CAP`]); else the
    /// first unfixed cell with the fewest candidates.
    fn pick(&self, weights: &Weights) -> (usize, u64) {
        let w = &weights.0;
        let mut best = (0, 0, u32::MAX);
        for band in 0..4 {
            let mut cells = self.pairs[band];
            while cells != 0 {
                let bit = cells & cells.wrapping_neg();
                cells &= cells - 1;
                let i = bit.trailing_zeros() as usize;
                let digits = self.digits_at(band, bit);
                let a = digits.trailing_zeros() as usize;
                let b = 31 - digits.leading_zeros() as usize;
                let (pa, pb) = (
                    self.fewest_places(a, band, i),
                    self.fewest_places(b, band, i),
                );
                let dead_ends = w[64 * band + i]
                    .saturating_add(w[256 + 4 * a + band])
                    .saturating_add(w[256 + 4 * b + band]);
                let score =
                    (pa.min(pb) * 64 + pa + pb) * WEIGHT_CAP / (1 + dead_ends).min(WEIGHT_CAP);
                if score < best.2 {
                    best = (band, bit, score);
                }
            }
        }
        if best.2 != u32::MAX {
            return (best.0, best.1);
        }
        let mut fewest = (0, 0, u32::MAX);
        for band in 0..4 {
            let mut cells = self.unsolved[band];
            while cells != 0 {
                let bit = cells & cells.wrapping_neg();
                cells &= cells - 1;
                let n = self.digits_at(band, bit).count_ones();
                if n < fewest.2 {
                    fewest = (band, bit, n);
                }
            }
        }
        (fewest.0, fewest.1)
    }

    /// Writes the solved board into `grid`.
    fn write(&self, grid: &mut Grid) {
        grid.clear(Size::S16);
        let cells = grid.cells_mut();
        for digit in 0..16 {
            for band in 0..4 {
                let mut m = self.poss[4 * digit + band];
                while m != 0 {
                    cells[64 * band + m.trailing_zeros() as usize] = digit as u8 + 1;
                    m &= m - 1;
                }
            }
        }
    }
}

/// Searches the 16x16 puzzle `grid`, recording solutions in `found` until
/// its limit or the budget is reached; `exclude` and `hint` as for
/// [`super::bands::search`].
pub fn search(
    grid: &Grid,
    exclude: Option<(usize, u8)>,
    hint: Option<&Grid>,
    found: &mut Found,
    budget: &mut Budget,
) {
    debug_assert_eq!(grid.size(), Size::S16);
    let mut board = Board::new();
    for (i, &v) in grid.cells()[..256].iter().enumerate() {
        if v != 0
            && board
                .place(usize::from(v) - 1, i / 64, 1 << (i % 64))
                .is_err()
        {
            return;
        }
    }
    if let Some((cell, value)) = exclude {
        board.restrict(
            4 * (usize::from(value) - 1) + cell / 64,
            !(1 << (cell % 64)),
        );
    }
    if board.singles().is_err() {
        return;
    }
    explore(board, hint.map(Grid::cells), found, budget);
}

impl Node for Board {
    /// A cell, `(band, bit)`; alternative `i` is digit `i` (0-based).
    type Choice = (usize, u64);
    type Weights = Weights;

    fn deduce(&mut self) -> bool {
        self.propagate(allowed()).is_ok()
    }

    fn solved(&self) -> bool {
        self.unsolved == [0; 4]
    }

    fn write(&self, grid: &mut Grid) {
        Board::write(self, grid);
    }

    fn learn(&self, weights: &mut Weights) {
        weights.charge(self.failed);
    }

    fn choose(&self, weights: &Weights) -> ((usize, u64), u32) {
        let (band, bit) = self.pick(weights);
        ((band, bit), self.digits_at(band, bit))
    }

    fn hinted(&self, (band, bit): (usize, u64), hint: &[u8], rest: u32) -> Option<usize> {
        let v = hint[64 * band + bit.trailing_zeros() as usize];
        let first = rest & (1u32 << v >> 1);
        (first != 0).then(|| first.trailing_zeros() as usize)
    }

    fn take(&mut self, (band, bit): (usize, u64), digit: usize) -> bool {
        self.place(digit, band, bit).is_ok()
    }

    fn rule_out(&mut self, (band, bit): (usize, u64), digit: usize) -> bool {
        self.restrict(4 * digit + band, !bit);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same solution counts (up to 3) as the per-cell solver, and a
    /// valid first solution, on random subsets of 16x16 grids (some with a
    /// given changed, often a conflict), with and without an excluded
    /// value and a hint.
    #[test]
    fn agrees_with_the_per_cell_solver() {
        use crate::random::{below, grid_rng};
        use crate::solve::{counted, generic};
        use crate::strategies::Strategy;
        let mut counts = [0; 4];
        for i in 0..100 {
            let mut rng = grid_rng(16, i);
            let g = Strategy::Backtrack.grid(&mut rng, Size::S16);
            let mut p = g.clone();
            let keep = 90 + below(&mut rng, 130);
            for cell in 0..256 {
                if below(&mut rng, 256) >= keep {
                    p.cells_mut()[cell] = 0;
                }
            }
            if i % 4 == 3 {
                let cell = below(&mut rng, 256) as usize;
                p.cells_mut()[cell] = 1 + below(&mut rng, 16) as u8;
            }
            let empty = p.cells().iter().position(|&v| v == 0);
            let exclude = empty.map(|c| (c, g.cells()[c]));
            for (exclude, hint) in [(None, None), (exclude, Some(&g))] {
                let n = counted(search, &p, exclude, hint, 3);
                assert_eq!(n, counted(generic::search, &p, exclude, hint, 3), "{p:?}");
                counts[n as usize] += 1;
            }
        }
        assert!(counts.iter().all(|&k| k > 3), "{counts:?}");
    }

    /// A dead end is charged to what failed: the cell left without a
    /// candidate, or the digit left without a place in a band.
    #[test]
    fn a_dead_board_names_what_failed() {
        let mut weights = Weights::default();
        // Digit 0 barred from every cell of band 2 but row 0's first box,
        // and then from those too.
        let mut board = Board::new();
        assert!(board.update(allowed()).is_ok());
        board.restrict(2, quad_cells(1));
        board.restrict(2, !quad_cells(1));
        assert!(board.propagate(allowed()).is_err());
        board.learn(&mut weights);
        assert_eq!(weights.0[256 + 2], 1);
        // Cell 5 of band 1 left with no digit.
        let mut board = Board::new();
        for d in 0..16 {
            board.restrict(4 * d + 1, !(1 << 5));
        }
        assert!(board.singles().is_err());
        board.learn(&mut weights);
        assert_eq!(weights.0[64 + 5], 1);
        assert_eq!(weights.0.iter().sum::<u32>(), 2);
        // A live board charges nothing.
        Board::new().learn(&mut weights);
        assert_eq!(weights.0.iter().sum::<u32>(), 2);
    }

    /// The weights start afresh for each search: a puzzle's search (its
    /// guesses and first solution) is the same whatever was searched
    /// before it on the thread.
    #[test]
    fn a_search_does_not_depend_on_the_searches_before_it() {
        use crate::puzzle::{self, Settings};
        use crate::random::grid_rng;
        use crate::solve::{Search, search as solve};
        use crate::strategies::Strategy;
        let settings = Settings::MINIMAL;
        let puzzles: Vec<Grid> = (0..6)
            .map(|i| {
                let g = Strategy::Chain.grid(&mut grid_rng(3, i), Size::S16);
                puzzle::make(&mut grid_rng(4, i), &g, settings).puzzle
            })
            .collect();
        let alone: Vec<_> = puzzles
            .iter()
            .map(|p| solve(p, Search::default()))
            .collect();
        for (p, first) in puzzles.iter().zip(&alone).rev() {
            assert_eq!(&solve(p, Search::default()), first);
        }
        assert!(alone.iter().all(|o| o.solutions == 1));
        assert!(alone.iter().any(|o| o.guesses > 0));
    }

    /// A digit with one open cell in a column goes there (the other digits
    /// leave the cell, the digit leaves its row); a digit with no cell in a
    /// column kills the board.
    #[test]
    fn column_hidden_singles_are_found() {
        // Digit 0 barred from column 3 except row 1 of band 2.
        let at = 1 << (16 + 3);
        let mut board = Board::new();
        for band in 0..4 {
            board.restrict(band, !col_cells(3) | if band == 2 { at } else { 0 });
        }
        assert!(board.update(allowed()).is_ok());
        assert!(!board.singles().unwrap_or(true), "no naked single");
        assert!(board.column_singles().unwrap_or(false));
        assert_eq!(board.unsolved[2] & at, 0);
        assert_eq!(board.digits_at(2, at), 1);
        assert_eq!(board.poss[2] & row_cells(1), at);
        // And with that cell barred too, the column has no place for it.
        let mut board = Board::new();
        for band in 0..4 {
            board.restrict(band, !col_cells(3));
        }
        assert!(board.column_singles().is_err());
    }

    #[test]
    fn quads_gather_and_spread_back() {
        for q in [0u16, 1, 0x8421, 0xFFFF, 0x1234, 0xF0F0] {
            let cells = quad_cells(q);
            assert_eq!(quads(cells), usize::from(q));
            for k in 0..16 {
                let nibble = (cells >> (4 * k)) & 0xF;
                assert_eq!(nibble, if q & 1 << k != 0 { 0xF } else { 0 });
            }
        }
        // One cell in row 2, box 3.
        assert_eq!(quads(1 << (16 * 2 + 13)), 1 << (4 * 2 + 3));
    }

    #[test]
    fn allowed_quads_follow_the_row_box_matchings() {
        let allowed = allowed();
        assert_eq!(allowed[0xFFFF], 0xFFFF);
        // Rows 0 and 1 only in box 0: no matching.
        assert_eq!(allowed[0xFF11], 0);
        // Row 0 only in box 1: the other rows lose box 1.
        let a = allowed[0xFFF2];
        assert_eq!(a & 0x0F, 0x02);
        assert_eq!(a & 0x2220, 0);
        // The diagonal is one matching, and the only one left.
        assert_eq!(allowed[0x8421], 0x8421);
    }

    #[test]
    fn a_box_in_one_column_takes_that_column_from_the_other_bands() {
        // Box 0 in column 2 only; box 1 in columns 4 and 5; boxes 2 and 3
        // empty (which removes nothing).
        let keep = other_bands_keep(1 << 2 | 1 << 4 | 1 << 5);
        assert_eq!(!keep, col_cells(2));
    }
}
