//! The 9x9 solver: one 27-bit mask per digit and band.
//!
//! **Idea** (the band representation of JCZSolve, by zhouyundong_2012 and
//! others on the enjoysudoku forum; this is our own derivation and code).
//! For each digit and each band (three rows), keep the cells of the band
//! where the digit may still go, as 27 bits: bit `9r + c` for row `r` of
//! the band and column `c`. One digit in one band must take one cell in
//! each of the band's rows and one in each of its boxes, so which *triads*
//! (a row's three cells in one box) still hold candidates decides, through
//! the six ways to match the three rows with the three boxes, which triads
//! are possible at all: a 512-entry table turns the 9-bit triad pattern
//! into the 27-bit mask of cells still allowed. That one look-up applies
//! every locked-candidates deduction (pointing and claiming) of the band,
//! and hidden singles in rows and boxes follow from it. Columns are the
//! only link between bands: where a box of the band keeps the digit in one
//! column, the other bands lose that column; and, in a search past its
//! first `WEIGH_AFTER` guesses, where a column keeps the digit in one band
//! only, that band's box keeps only that column (claiming along columns,
//! after which the band's table look-up finds hidden singles in columns).
//!
//! A band's mask is revisited only when it changed. When nothing changes,
//! the nine digits' masks are counted bit-sliced per cell (candidates 1,
//! 2, 3+), which finds naked singles, empty cells and the two-candidate
//! cells to guess on. A guess copies the 244-byte state and tries both
//! values of a two-candidate cell (or the fewest-candidate cell).
//!
//! **Guesses** go to the first two-candidate cell, from the last band
//! back, while the search is young. After `WEIGH_AFTER` guesses it
//! takes instead the two-candidate cell whose cell and two digits' band
//! masks have met the most dead ends in this search (dom/wdeg, as the
//! 16x16 solver does; see `solve/explore.rs`): hard puzzles go back to
//! the part that keeps failing, while easy ones, settled in a few
//! guesses, never pay for the scan. The weights start at zero for every
//! search, so a search is still a function of its puzzle alone.
//!
//! **Cost.** Each band update is a few table look-ups and masks; a puzzle
//! with a unique solution usually needs tens of them and a few guesses. The
//! README's solver table has the measured times on real collections.
//!
//! **Limits.** Until a search has made `WEIGH_AFTER` guesses, columns are
//! only used to pass a box's column on (claiming along them cost the
//! uniqueness checks of `puzzle`, which seldom guess that often, more
//! than it saved); like JCZSolve, speed over deduction. No subsets or
//! fish.
//!
//! The 16x16 solver ([`super::bands16`]) carries the idea to 64-bit bands;
//! its module says why the two are not one generic.

use super::explore::DeadEnds;
use super::{Budget, Found};
use crate::grid::{Grid, Size};

/// All 27 cells of a band.
const ALL: u32 = (1 << 27) - 1;
/// The 9 cells of a row.
const ROW: u32 = 0x1FF;

/// For each 9-bit row of a band: which of its three triads (boxes) hold a
/// candidate, as 3 bits.
static TRIADS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut r = 0;
    while r < 512 {
        let mut j = 0;
        while j < 3 {
            if (r >> (3 * j)) & 7 != 0 {
                t[r] |= 1 << j;
            }
            j += 1;
        }
        r += 1;
    }
    t
};

/// The triad pattern of a band mask: bit `3r + j` when row `r` has a
/// candidate in box `j`.
#[inline(always)]
fn triads(p: u32) -> u32 {
    u32::from(TRIADS[(p & ROW) as usize])
        | u32::from(TRIADS[((p >> 9) & ROW) as usize]) << 3
        | u32::from(TRIADS[(p >> 18) as usize]) << 6
}

/// For each 9-bit triad pattern: the cells of the rows and of the boxes
/// that hold one of its triads (what a digit's givens there take from it).
static TAKEN: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut k = 0;
        while k < 9 {
            if s & (1 << k) != 0 {
                t[s] |= row_cells(k / 3) | box_cells(k % 3);
            }
            k += 1;
        }
        s += 1;
    }
    t
};

/// For each 9-bit triad pattern (bit `3r + j`: row `r` of the band has a
/// candidate in box `j`): the 27-bit mask of the cells in triads that some
/// matching of rows to boxes can use. 0 when no matching exists.
static ALLOWED: [u32; 512] = {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut triads = 0u32;
        let mut p = 0;
        while p < 6 {
            let perm = PERMS[p];
            let mut ok = true;
            let mut r = 0;
            while r < 3 {
                if s & (1 << (3 * r + perm[r])) == 0 {
                    ok = false;
                }
                r += 1;
            }
            if ok {
                let mut r = 0;
                while r < 3 {
                    triads |= 1 << (3 * r + perm[r]);
                    r += 1;
                }
            }
            p += 1;
        }
        let mut cells = 0u32;
        let mut k = 0;
        while k < 9 {
            if triads & (1 << k) != 0 {
                let (r, j) = (k / 3, k % 3);
                cells |= 7 << (9 * r + 3 * j);
            }
            k += 1;
        }
        t[s] = cells;
        s += 1;
    }
    t
};

/// For each 9-bit set of columns where a digit may be in a band: the mask
/// to apply to the other two bands. A box of the band whose candidates lie
/// in one column puts the digit in that column here, so the other bands
/// lose it.
static OTHER_BANDS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut cols: u32 = 0;
    while cols < 512 {
        let mut keep = ALL;
        let mut stack = 0;
        while stack < 3 {
            let in_stack: u32 = (cols >> (3 * stack)) & 7;
            if in_stack.count_ones() == 1 {
                let c = 3 * stack + in_stack.trailing_zeros() as usize;
                keep &= !(1 << c | 1 << (c + 9) | 1 << (c + 18));
            }
            stack += 1;
        }
        t[cols as usize] = keep;
        cols += 1;
    }
    t
};

/// The columns of a band mask that hold a candidate, as 9 bits.
#[inline(always)]
fn columns(p: u32) -> u32 {
    (p | p >> 9 | p >> 18) & ROW
}

/// The cells of a band's row `r`, box `j`, column `c`.
const fn row_cells(r: usize) -> u32 {
    ROW << (9 * r)
}
const fn box_cells(j: usize) -> u32 {
    (7 | 7 << 9 | 7 << 18) << (3 * j)
}
const fn col_cells(c: usize) -> u32 {
    1 << c | 1 << (c + 9) | 1 << (c + 18)
}

/// The cells of a band in the columns `cols` (9 bits): the inverse of
/// [`columns`].
#[inline(always)]
const fn cells_of_columns(cols: u32) -> u32 {
    cols | cols << 9 | cols << 18
}

/// For the columns (9 bits) a digit must fill in a band, the band's cells
/// it may keep: in each stack with such a column, that column (a stack with
/// two is left to the other deductions).
static COLUMN_CLAIM: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut oc = 0;
    while oc < 512 {
        let mut a = 0u32;
        let mut s = 0;
        while s < 3 {
            let st = 7u32 << (3 * s);
            let sc = oc as u32 & st;
            a |= if sc != 0 { sc } else { st };
            s += 1;
        }
        t[oc] = cells_of_columns(a);
        oc += 1;
    }
    t
};

/// For each 9-bit row: itself if it holds exactly one candidate, else 0.
static SINGLE: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut r = 0;
    while r < 512 {
        if (r as u32).count_ones() == 1 {
            t[r] = r as u32;
        }
        r += 1;
    }
    t
};

/// The rows of a band mask that hold exactly one candidate, as cells.
#[inline(always)]
fn single_rows(p: u32) -> u32 {
    SINGLE[(p & ROW) as usize]
        | SINGLE[((p >> 9) & ROW) as usize] << 9
        | SINGLE[(p >> 18) as usize] << 18
}

/// For each band mask `3 * digit + band`: its digit, and the masks of the
/// same digit in the two other bands.
static NEIGHBOURS: [(u8, u8, u8); 27] = {
    let mut t = [(0u8, 0u8, 0u8); 27];
    let mut sub = 0;
    while sub < 27 {
        let (digit, band) = (sub / 3, sub % 3);
        let (b1, b2) = match band {
            0 => (1, 2),
            1 => (0, 2),
            _ => (0, 1),
        };
        t[sub] = (digit as u8, (3 * digit + b1) as u8, (3 * digit + b2) as u8);
        sub += 1;
    }
    t
};

/// The givens of a 9x9 puzzle as band masks, what a search starts from,
/// kept in step with a puzzle whose givens come and go one at a time (as in
/// top-down removal, where it saves reading the grid for each check). The
/// givens are taken to be part of a valid grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Givens {
    /// `given[3 * digit + band]`: the digit's givens in the band.
    given: [u32; 27],
    /// The given cells of each band.
    filled: [u32; 3],
    /// `sees[3 * digit + band]`: the cells of the band that the digit's
    /// givens there see along their rows and boxes, kept with the givens.
    /// With `columns`, the cells open to the digit are the others not
    /// given.
    sees: [u32; 27],
    /// `columns[digit]`: the columns holding a given of the digit, as 9
    /// bits.
    columns: [u32; 9],
}

impl Givens {
    /// The givens of the 9x9 `grid`.
    pub fn new(grid: &Grid) -> Givens {
        let (given, filled) = given_masks(grid);
        let mut givens = Givens {
            given,
            filled,
            sees: [0; 27],
            columns: [0; 9],
        };
        for (digit, g) in givens.given.chunks_exact(3).enumerate() {
            givens.columns[digit] = columns(g[0]) | columns(g[1]) | columns(g[2]);
        }
        for sub in 0..27 {
            givens.resee(sub);
        }
        givens
    }

    /// Works out `sees` of band mask `sub` again.
    #[inline(always)]
    fn resee(&mut self, sub: usize) {
        self.sees[sub] = TAKEN[triads(self.given[sub]) as usize];
    }

    /// Adds the given `value` (1 to 9) at the empty `cell` (0 to 80).
    pub fn add(&mut self, cell: usize, value: u8) {
        let (digit, band, i) = (usize::from(value) - 1, cell / 27, cell % 27);
        self.given[3 * digit + band] |= 1 << i;
        self.filled[band] |= 1 << i;
        self.columns[digit] |= 1 << (i % 9);
        self.resee(3 * digit + band);
    }

    /// Removes the given `value` at `cell`. (A digit has one given in a
    /// column at most, so the column is free of it.)
    pub fn remove(&mut self, cell: usize, value: u8) {
        let (digit, band, i) = (usize::from(value) - 1, cell / 27, cell % 27);
        self.given[3 * digit + band] &= !(1 << i);
        self.filled[band] &= !(1 << i);
        self.columns[digit] &= !(1 << (i % 9));
        self.resee(3 * digit + band);
    }

    /// The cells of `band` where no given of `digit` (0-based) sees and
    /// no given stands: where the digit may go.
    #[inline(always)]
    fn open(&self, digit: usize, band: usize) -> u32 {
        let cols = cells_of_columns(self.columns[digit]);
        open_cells(self.sees[3 * digit + band], cols, self.filled[band])
    }

    /// Whether the givens put `value` at the empty `cell` by a hidden
    /// single: in its row, column or box no other cell is open to it.
    pub fn hidden_single(&self, cell: usize, value: u8) -> bool {
        let (band, i) = (cell / 27, cell % 27);
        let (bit, r, c) = (1u32 << i, i / 9, i % 9);
        let digit = usize::from(value) - 1;
        let open: [u32; 3] = std::array::from_fn(|b| self.open(digit, b));
        let here = open[band];
        // The column's open cells band by band: their sum is `bit` only
        // when `bit` is the one cell (the masks share bit positions).
        let col = col_cells(c);
        let in_column = open.iter().map(|&o| o & col).sum::<u32>();
        here & row_cells(r) == bit || here & box_cells(c / 3) == bit || in_column == bit
    }

    /// Whether the givens put a value at the empty `cell` by a naked
    /// single: one value only is open to it.
    pub fn naked_single(&self, cell: usize) -> bool {
        let (band, bit) = (cell / 27, 1u32 << (cell % 27));
        (0..9)
            .map(|d| u32::from(self.open(d, band) & bit != 0))
            .sum::<u32>()
            == 1
    }

    /// The search's starting board.
    fn board(&self) -> Board {
        Board::from_masks(self)
    }
}

/// The band masks of the 9x9 `grid`'s givens: `given[3 * digit + band]`
/// (digits 0-based) and the given cells of each band.
fn given_masks(grid: &Grid) -> ([u32; 27], [u32; 3]) {
    debug_assert_eq!(grid.size(), Size::S9);
    let cells = grid.cells();
    // Which cells hold a value, eight at a time; then only those are read
    // (a puzzle has a few dozen givens among its 81 cells).
    let mut nonzero = u128::from(cells[80] != 0) << 80;
    for (k, word) in cells[..80].chunks_exact(8).enumerate() {
        let w = u64::from_le_bytes(word.try_into().expect("8 bytes"));
        nonzero |= u128::from(nonzero_bytes(w)) << (8 * k);
    }
    let mut given = [0u32; 27];
    let filled: [u32; 3] = std::array::from_fn(|band| (nonzero >> (27 * band)) as u32 & ALL);
    for (band, (&f, cells)) in filled.iter().zip(cells.chunks_exact(27)).enumerate() {
        let mut f = f;
        while f != 0 {
            let i = f.trailing_zeros() as usize;
            f &= f - 1;
            given[3 * (usize::from(cells[i]) - 1) + band] |= 1 << i;
        }
    }
    (given, filled)
}

/// The bytes of `w` (little-endian) that are not 0, as 8 bits: bit `k` for
/// byte `k`.
#[inline(always)]
fn nonzero_bytes(w: u64) -> u8 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    // A byte's high bit, after this, is set exactly when the byte is not
    // 0: its own high bit, or a carry out of its low seven bits (which
    // never crosses into the next byte).
    let high = (((w & LOW7) + LOW7) | w) & !LOW7;
    // Gather the eight high bits into the top byte: bit 8k + 7 moves to
    // bit 56 + k (no two partial products meet, so no carries).
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// The cells of a band open to a digit whose givens see `sees` there along
/// rows and boxes and hold the columns whose cells are `cols`, when the
/// band's given cells are `filled`: outside all of them.
#[inline(always)]
fn open_cells(sees: u32, cols: u32, filled: u32) -> u32 {
    ALL & !(sees | cols | filled)
}

/// The state of a search: where each digit may go, band by band.
#[derive(Clone, Copy)]
pub(super) struct Board {
    /// `poss[3 * digit + band]`.
    pub(super) poss: [u32; 27],
    /// Each band mask as of its last update: a mask that differs has
    /// changed since and is updated again.
    prev: [u32; 27],
    /// The cells of each band not yet fixed.
    pub(super) unsolved: [u32; 3],
    /// The unfixed cells of each band with exactly two candidates, from
    /// the last count.
    pub(super) pairs: [u32; 3],
    /// What failed when the board was found dead, as an index of
    /// [`Weights`] (`u8::MAX`, beyond them, before that: it counts
    /// nothing). A byte, to keep the board small.
    pub(super) failed: u8,
}

/// What a search learns from its dead ends: how many each cell (0 to 80)
/// and each digit's band mask (`81 + 3 * digit + band`) caused: a cell
/// left without candidates, a digit left without a place in a band.
type Weights = DeadEnds<{ 81 + 27 }>;

/// Guesses a search makes before it weights its choices by dead ends (see
/// [`Board::pick_weighted`]) and claims along columns (see
/// [`Board::column_claims`]). For the weights, among 0, 4, 8, 16 and 32, 8
/// made the fewest instructions on top1465 and was within 1% of the fewest
/// on the forum's hardest (the README has the figures); weighting from the
/// first guess costs the easy puzzles a scan that saves them little. The
/// column claims from the first guess on cost the uniqueness checks of
/// `puzzle` 8% more instructions, and saved the hard puzzles no more.
const WEIGH_AFTER: u64 = 8;

/// The puzzle has no solution (from this state).
pub(super) struct Dead;

impl Board {
    fn new() -> Board {
        Board {
            poss: [ALL; 27],
            prev: [0; 27],
            unsolved: [ALL; 3],
            pairs: [0; 3],
            failed: u8::MAX,
        }
    }

    /// The board of the givens of `grid`: the state [`Board::place`] would
    /// reach placing them one by one, built digit by digit (each digit's
    /// givens take their rows and boxes in their band and their columns in
    /// every band; every given takes its cell from the other digits). With
    /// `CHECK`, `Dead` if two givens of a digit share a unit; without, the
    /// caller knows they do not (the givens are part of a valid grid).
    // Inlined into both searches (this one and `bands_x`'s): called
    // from two places, it would otherwise stay a call, at a cost to the
    // classic search.
    #[inline(always)]
    pub(super) fn from_givens<const CHECK: bool>(grid: &Grid) -> Result<Board, Dead> {
        if CHECK {
            let (given, filled) = given_masks(grid);
            Board::checked(&given, &filled)
        } else {
            Ok(Board::from_masks(&Givens::new(grid)))
        }
    }

    /// The board of `givens` (part of a valid grid): each digit may go
    /// where its givens see nothing and nothing is given, and where it is
    /// given.
    #[inline(always)]
    fn from_masks(givens: &Givens) -> Board {
        let Givens {
            given,
            filled,
            sees,
            columns,
        } = givens;
        let mut board = Board::new();
        // Digit by digit, the three bands (straight-line code, no division).
        let digits = board.poss.chunks_exact_mut(3).zip(sees.chunks_exact(3));
        for (((poss, sees), given), &cols) in digits.zip(given.chunks_exact(3)).zip(columns) {
            let cols = cells_of_columns(cols);
            for band in 0..3 {
                poss[band] = open_cells(sees[band], cols, filled[band]) | given[band];
            }
        }
        board.unsolved = filled.map(|f| ALL & !f);
        board
    }

    /// [`Board::from_givens`] with the check, from the givens' band masks
    /// ([`given_masks`]): `Dead` if two givens of a digit share a unit.
    fn checked(given: &[u32; 27], filled: &[u32; 3]) -> Result<Board, Dead> {
        let mut board = Board::new();
        for digit in 0..9 {
            let g = &given[3 * digit..3 * digit + 3];
            let (c0, c1, c2) = (columns(g[0]), columns(g[1]), columns(g[2]));
            // At most one given per column over the three bands (two in a
            // column of one band share a box, found below).
            if c0 & c1 != 0 || c0 & c2 != 0 || c1 & c2 != 0 {
                return Err(Dead);
            }
            let cols = cells_of_columns(c0 | c1 | c2);
            for band in 0..3 {
                let m = g[band];
                let triads = triads(m);
                // At most one given per row, and per box (no two rows
                // with a given in the same box).
                let rows = [m & ROW, (m >> 9) & ROW, m >> 18];
                let [t0, t1, t2] = [triads & 7, (triads >> 3) & 7, triads >> 6];
                if rows.iter().any(|&r| SINGLE[r as usize] != r)
                    || t0 & t1 != 0
                    || t0 & t2 != 0
                    || t1 & t2 != 0
                {
                    return Err(Dead);
                }
                let sees = TAKEN[triads as usize];
                board.poss[3 * digit + band] = open_cells(sees, cols, filled[band]) | m;
            }
        }
        board.unsolved = filled.map(|f| ALL & !f);
        Ok(board)
    }

    /// Fixes `digit` (0-based) in cell `bit` of `band`.
    #[inline(always)]
    pub(super) fn place(&mut self, digit: usize, band: usize, bit: u32) -> Result<(), Dead> {
        let sub = 3 * digit + band;
        if self.poss[sub] & bit == 0 {
            self.failed = (27 * band) as u8 + bit.trailing_zeros() as u8;
            return Err(Dead);
        }
        let i = bit.trailing_zeros() as usize;
        let (r, c) = (i / 9, i % 9);
        self.restrict(sub, !(row_cells(r) | box_cells(c / 3) | col_cells(c)) | bit);
        for b in 0..3 {
            if b != band {
                self.restrict(3 * digit + b, !col_cells(c));
            }
        }
        self.remove_others(digit, band, bit);
        self.unsolved[band] &= !bit;
        Ok(())
    }

    /// Keeps only `keep` of band mask `sub`.
    #[inline(always)]
    pub(super) fn restrict(&mut self, sub: usize, keep: u32) {
        self.poss[sub] &= keep;
    }

    /// Removes `cells` of `band` from every digit but `digit`.
    #[inline(always)]
    fn remove_others(&mut self, digit: usize, band: usize, cells: u32) {
        let own = self.poss[3 * digit + band];
        for d in 0..9 {
            self.poss[3 * d + band] &= !cells;
        }
        self.poss[3 * digit + band] = own;
    }

    /// Applies the band deductions to every changed band mask until none
    /// changes.
    #[inline(always)]
    fn update(&mut self) -> Result<(), Dead> {
        loop {
            // Which masks changed, one bit each (a loop that vectorises).
            let mut changed = 0u32;
            for sub in 0..27 {
                changed |= u32::from(self.poss[sub] != self.prev[sub]) << sub;
            }
            if changed == 0 {
                return Ok(());
            }
            while changed != 0 {
                let sub = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                self.update_band(sub)?;
            }
        }
    }

    #[inline(always)]
    fn update_band(&mut self, sub: usize) -> Result<(), Dead> {
        let old = self.poss[sub];
        let triads = triads(old);
        let (digit, s1, s2) = NEIGHBOURS[sub];
        let (digit, s1, s2) = (usize::from(digit), usize::from(s1), usize::from(s2));
        let band = sub - 3 * digit;
        let p = old & ALLOWED[triads as usize];
        if p == 0 {
            self.failed = 81 + sub as u8;
            return Err(Dead);
        }
        self.poss[sub] = p;
        self.prev[sub] = p;
        let keep = OTHER_BANDS[columns(p) as usize];
        self.restrict(s1, keep);
        self.restrict(s2, keep);
        // A row with one cell left for the digit is that digit's: the
        // other digits leave it.
        // Without a branch on whether there is any: it would be
        // mispredicted often, and with none this changes nothing.
        let fixed = single_rows(p) & self.unsolved[band];
        self.unsolved[band] &= !fixed;
        self.remove_others(digit, band, fixed);
        Ok(())
    }

    /// Counts candidates per cell: fixes naked singles, finds empty cells,
    /// records two-candidate cells. Returns whether it fixed any.
    #[inline(always)]
    pub(super) fn singles(&mut self) -> Result<bool, Dead> {
        let mut any = false;
        for band in 0..3 {
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for digit in 0..9 {
                let m = self.poss[3 * digit + band];
                three |= two & m;
                two |= one & m;
                one |= m;
            }
            if one != ALL {
                self.failed = (27 * band) as u8 + (!one & ALL).trailing_zeros() as u8;
                return Err(Dead);
            }
            self.pairs[band] = two & !three & self.unsolved[band];
            let mut singles = one & !two & self.unsolved[band];
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles &= singles - 1;
                // The one digit that holds the cell, read without a
                // branch per digit (which would be mispredicted).
                // (A plain loop: as an iterator's sum it was left a call
                // once the search of `bands_x` shared it.)
                let mut digit = 0;
                for d in 0..9 {
                    digit += usize::from(self.poss[3 * d + band] & bit != 0) * d;
                }
                self.place(digit, band, bit)?;
                any = true;
            }
        }
        Ok(any)
    }

    /// Deduces until nothing more follows; with `columns`, also by
    /// [`Board::column_claims`] once the rest finds nothing.
    // Inlined into both searches (this one and `bands_x`'s): called
    // from two places, it would otherwise stay a call, at a cost to the
    // classic search.
    #[inline(always)]
    pub(super) fn propagate(&mut self, columns: bool) -> Result<(), Dead> {
        loop {
            self.update()?;
            if self.unsolved == [0; 3] {
                return Ok(());
            }
            if !self.singles()? {
                if columns && self.column_claims()? {
                    continue;
                }
                return Ok(());
            }
        }
    }

    /// Claiming along columns, which the band masks do not see: a digit
    /// whose column is open in one band only fills it in that band, so in
    /// that band's box it keeps only that column (the row-box matching of
    /// the next band update then finds any hidden single in the column). A
    /// digit with a column open in no band kills the branch (charged to
    /// nothing: the weights count cells and band masks). Whether anything
    /// changed.
    fn column_claims(&mut self) -> Result<bool, Dead> {
        let mut any = false;
        for digit in 0..9 {
            let p = [
                self.poss[3 * digit],
                self.poss[3 * digit + 1],
                self.poss[3 * digit + 2],
            ];
            let c = [columns(p[0]), columns(p[1]), columns(p[2])];
            if c[0] | c[1] | c[2] != ROW {
                self.failed = u8::MAX;
                return Err(Dead);
            }
            let only = [
                c[0] & !(c[1] | c[2]),
                c[1] & !(c[0] | c[2]),
                c[2] & !(c[0] | c[1]),
            ];
            for b in 0..3 {
                let np = p[b] & COLUMN_CLAIM[only[b] as usize];
                any |= np != p[b];
                self.poss[3 * digit + b] = np;
            }
        }
        Ok(any)
    }

    /// Writes the solved board into `grid`.
    pub(super) fn write(&self, grid: &mut Grid) {
        grid.clear(Size::S9);
        let cells = grid.cells_mut();
        for digit in 0..9 {
            for band in 0..3 {
                let mut m = self.poss[3 * digit + band];
                while m != 0 {
                    let i = m.trailing_zeros() as usize;
                    m &= m - 1;
                    cells[27 * band + i] = digit as u8 + 1;
                }
            }
        }
    }

    /// Adds one to the weight of what failed, if anything did.
    fn learn(&self, weights: &mut Weights) {
        weights.charge(u16::from(self.failed));
    }

    /// [`Board::pick`], but among the two-candidate cells the one whose
    /// cell and two digits' band masks met the most dead ends (the first
    /// of them in [`Board::pick`]'s order on a tie).
    fn pick_weighted(&self, weights: &Weights) -> (usize, u32) {
        let w = &weights.0;
        let mut best = (0, 0, 0);
        for band in (0..3).rev() {
            let mut cells = self.pairs[band];
            while cells != 0 {
                let bit = cells & cells.wrapping_neg();
                cells &= cells - 1;
                // The cell's two digits, found without a branch per digit
                // (a branch there was half the search's mispredictions on
                // the forum's hardest puzzles).
                let digits = (0..9).fold(0u32, |m, d| {
                    m | u32::from(self.poss[3 * d + band] & bit != 0) << d
                });
                debug_assert_eq!(digits.count_ones(), 2, "a pair cell");
                // (Bit 8 bounds both at the last digit, whatever `digits`.)
                let d1 = (digits | 1 << 8).trailing_zeros() as usize;
                let d2 = (digits & digits.wrapping_sub(1) | 1 << 8).trailing_zeros() as usize;
                let score = w[27 * band + bit.trailing_zeros() as usize]
                    .saturating_add(1)
                    .saturating_add(w[81 + 3 * d1 + band])
                    .saturating_add(w[81 + 3 * d2 + band]);
                if score > best.2 {
                    best = (band, bit, score);
                }
            }
        }
        if best.2 > 0 {
            return (best.0, best.1);
        }
        self.pick()
    }

    /// The cell to guess on: a two-candidate cell if any, else an unfixed
    /// cell with the fewest candidates. `(band, bit)`.
    pub(super) fn pick(&self) -> (usize, u32) {
        // The last band first: measured on the published collections, as
        // written and rotated 180 degrees (README), it is never far behind
        // the first band first and well ahead on some.
        for band in (0..3).rev() {
            let p = self.pairs[band];
            if p != 0 {
                return (band, p & p.wrapping_neg());
            }
        }
        let mut best = (0, 0, u32::MAX);
        for band in 0..3 {
            let mut cells = self.unsolved[band];
            while cells != 0 {
                let bit = cells & cells.wrapping_neg();
                cells &= cells - 1;
                let n = (0..9)
                    .filter(|&d| self.poss[3 * d + band] & bit != 0)
                    .count() as u32;
                if n < best.2 {
                    best = (band, bit, n);
                }
            }
        }
        (best.0, best.1)
    }
}

/// Searches the 9x9 puzzle `grid` (cells 0 to 9), recording solutions in
/// `found` until its limit or the budget is reached. With `exclude =
/// Some((cell, value))`, only solutions where that empty cell does not
/// hold that value count. With a `hint` (a complete grid), each guess tries
/// the hint's value first: the solutions found are the same, but a
/// solution near the hint comes first. `trusted`: the givens are known
/// not to conflict (part of a valid grid), which saves checking them.
pub fn search(
    grid: &Grid,
    trusted: bool,
    exclude: Option<(usize, u8)>,
    hint: Option<&Grid>,
    found: &mut Found,
    budget: &mut Budget,
) {
    debug_assert_eq!(grid.size(), Size::S9);
    let board = if trusted {
        Board::from_givens::<false>(grid)
    } else {
        Board::from_givens::<true>(grid)
    };
    if let Ok(board) = board {
        search_board(board, exclude, hint, found, budget);
    }
}

/// [`search`] from the givens as band masks (part of a valid grid).
pub fn search_givens(
    givens: &Givens,
    exclude: Option<(usize, u8)>,
    hint: Option<&Grid>,
    found: &mut Found,
    budget: &mut Budget,
) {
    search_board(givens.board(), exclude, hint, found, budget);
}

/// [`search`] from the board of the givens.
fn search_board(
    mut board: Board,
    exclude: Option<(usize, u8)>,
    hint: Option<&Grid>,
    found: &mut Found,
    budget: &mut Budget,
) {
    if let Some((cell, value)) = exclude {
        board.restrict(
            3 * (usize::from(value) - 1) + cell / 27,
            !(1 << (cell % 27)),
        );
    }
    if board.singles().is_err() {
        return;
    }
    let hint = hint.map(|g| &g.cells()[..81]);
    let mut weights = Weights::default();
    explore(board, hint, found, budget, &mut weights);
}

/// Deduces from `board`, then guesses, depth first; at each guess the
/// `hint`'s value first (when it is a candidate), then the others from the
/// smallest.
fn explore(
    mut board: Board,
    hint: Option<&[u8]>,
    found: &mut Found,
    budget: &mut Budget,
    weights: &mut Weights,
) {
    loop {
        // A search past its first guesses is on a hard puzzle: it also
        // claims along columns, and weights its guesses.
        let hard = budget.spent_here() >= WEIGH_AFTER;
        if board.propagate(hard).is_err() {
            board.learn(weights);
            return;
        }
        if board.unsolved == [0; 3] {
            found.record(|g| board.write(g));
            return;
        }
        let (band, bit) = if hard {
            board.pick_weighted(weights)
        } else {
            board.pick()
        };
        let mut rest = (0..9)
            .filter(|&d| board.poss[3 * d + band] & bit != 0)
            .fold(0u32, |m, d| m | 1 << d);
        let first = hint.map_or(0, |h| {
            let v = h[27 * band + bit.trailing_zeros() as usize];
            rest & (1u32 << v >> 1)
        });
        // Every candidate but the last on a copy, excluding it here after;
        // the last on this board.
        while rest.count_ones() > 1 {
            let d = if rest & first != 0 {
                first.trailing_zeros()
            } else {
                rest.trailing_zeros()
            } as usize;
            rest &= !(1 << d);
            if !budget.spend() {
                return;
            }
            let mut trial = board;
            if trial.place(d, band, bit).is_ok() {
                explore(trial, hint, found, budget, weights);
            } else {
                trial.learn(weights);
            }
            if found.done() || budget.exhausted() {
                return;
            }
            board.poss[3 * d + band] &= !bit;
        }
        if rest == 0
            || board
                .place(rest.trailing_zeros() as usize, band, bit)
                .is_err()
        {
            board.learn(weights);
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nonzero bytes of a word, against a byte-by-byte reading, on
    /// the bytes where carries could go wrong (0, 1, 0x7F, 0x80, 0xFF) and
    /// on every byte value in every position.
    #[test]
    fn nonzero_bytes_reads_each_byte() {
        let naive = |w: u64| (0..8).fold(0u8, |m, k| m | u8::from(w.to_le_bytes()[k] != 0) << k);
        let tricky = [0u8, 1, 0x7F, 0x80, 0xFF, 9];
        let mut words = Vec::new();
        for a in tricky {
            for b in tricky {
                words.push(u64::from_le_bytes([a, b, a, 0, b, b, 0, a]));
                words.push(u64::from_le_bytes([0, 0, a, b, 0, a, b, 0]));
            }
        }
        for v in 0..=255u8 {
            for k in 0..8 {
                words.push(u64::from(v) << (8 * k));
                words.push(!(u64::from(0xFFu8) << (8 * k)) | u64::from(v) << (8 * k));
            }
        }
        for w in words {
            assert_eq!(nonzero_bytes(w), naive(w), "{w:#018x}");
        }
    }

    /// The givens' band masks, against a cell-by-cell reading, from the
    /// empty grid to the full one.
    #[test]
    fn given_masks_read_every_given() {
        let mut rng = crate::random::grid_rng(5, 0);
        for n in 0..200 {
            let mut grid = crate::strategies::Strategy::Backtrack.grid(&mut rng, Size::S9);
            // Keep about n % 9 cells in 8 (none to all), scattered.
            for cell in 0..81 {
                if (cell * 37 + n * 11) % 8 >= n % 9 {
                    grid.cells_mut()[cell] = 0;
                }
            }
            let (given, filled) = given_masks(&grid);
            for cell in 0..81 {
                let (band, bit) = (cell / 27, 1u32 << (cell % 27));
                let v = grid.cells()[cell];
                assert_eq!(filled[band] & bit != 0, v != 0);
                for d in 0..9 {
                    assert_eq!(given[3 * d + band] & bit != 0, usize::from(v) == d + 1);
                }
            }
        }
    }

    /// A digit whose column is open in one band only keeps only that
    /// column in that band's box; a digit with a column open in no band
    /// kills the branch.
    #[test]
    fn a_column_open_in_one_band_is_claimed_by_its_box() {
        let mut board = Board::new();
        // Digit 1 (index 0): column 4 open only in band 0.
        board.restrict(1, !col_cells(4));
        board.restrict(2, !col_cells(4));
        let before = board.poss;
        assert!(matches!(board.column_claims(), Ok(true)));
        // Band 0, box 1 (columns 3 to 5): column 4 only.
        assert_eq!(board.poss[0], ALL & !(box_cells(1) & !col_cells(4)));
        assert_eq!(board.poss[1..], before[1..]);
        assert!(matches!(board.column_claims(), Ok(false)));
        // Two such columns in one stack of a band: both kept (the band
        // update deals with the box).
        let mut board = Board::new();
        for c in [0, 1] {
            board.restrict(3 * 5 + 1, !col_cells(c));
            board.restrict(3 * 5 + 2, !col_cells(c));
        }
        assert!(matches!(board.column_claims(), Ok(true)));
        assert_eq!(board.poss[15], ALL & !(col_cells(2)));
        // Digit 4 (index 3) with column 7 open nowhere.
        let mut board = Board::new();
        for band in 0..3 {
            board.restrict(3 * 3 + band, !col_cells(7));
        }
        assert!(board.column_claims().is_err());
    }

    /// A dead end is charged to what failed (a cell left without a
    /// candidate, a digit left without a place in a band, a placement on a
    /// cell the digit has left); a live board charges nothing.
    #[test]
    fn a_dead_board_names_what_failed() {
        let mut weights = Weights::default();
        // Cell 5 of band 1 without any digit.
        let mut board = Board::new();
        for d in 0..9 {
            board.restrict(3 * d + 1, !(1 << 5));
        }
        assert!(board.singles().is_err());
        board.learn(&mut weights);
        assert_eq!(weights.0[27 + 5], 1);
        // Digit 3 (0-based) left with row 0 of band 2 only: no matching.
        let mut board = Board::new();
        board.restrict(3 * 3 + 2, ROW);
        assert!(board.propagate(false).is_err());
        board.learn(&mut weights);
        assert_eq!(weights.0[81 + 3 * 3 + 2], 1);
        // Digit 0 placed where it may not go.
        let mut board = Board::new();
        board.restrict(0, !1);
        assert!(board.place(0, 0, 1).is_err());
        board.learn(&mut weights);
        assert_eq!(weights.0[0], 1);
        assert_eq!(weights.0.iter().sum::<u32>(), 3);
        Board::new().learn(&mut weights);
        assert_eq!(weights.0.iter().sum::<u32>(), 3);
    }

    /// Weighted, the guess goes to the two-candidate cell with the most
    /// dead ends at it and its digits' band masks; without weights, to
    /// the unweighted choice.
    #[test]
    fn the_weighted_pick_takes_the_heaviest_pair_cell() {
        let mut board = Board::new();
        // Cells 0 and 1 of band 0 keep digits 0 and 1 only.
        for d in 2..9 {
            board.restrict(3 * d, !0b11);
        }
        assert!(board.singles().is_ok());
        assert_eq!(board.pairs, [0b11, 0, 0]);
        let mut weights = Weights::default();
        assert_eq!(board.pick_weighted(&weights), board.pick());
        assert_eq!(board.pick(), (0, 1));
        weights.0[1] = 2;
        assert_eq!(board.pick_weighted(&weights), (0, 0b10));
        // Band masks count for both cells alike: cell 1 still leads.
        weights.0[81] = 5;
        assert_eq!(board.pick_weighted(&weights), (0, 0b10));
        weights.0[0] = 3;
        assert_eq!(board.pick_weighted(&weights), (0, 1));
    }

    #[test]
    fn allowed_triads_follow_the_row_box_matchings() {
        // Every triad present: everything allowed.
        assert_eq!(ALLOWED[0x1FF], ALL);
        // Row 0 only in box 0, row 1 only in box 0: no matching.
        assert_eq!(ALLOWED[0b000_001_001], 0);
        // Row 0 only in box 1: rows 1 and 2 lose box 1.
        let s = 0b111_111_010;
        let m = ALLOWED[s];
        assert_eq!(m & box_cells(1) & (row_cells(1) | row_cells(2)), 0);
        assert_eq!(m & row_cells(0), 7 << 3);
    }

    /// The board built from the givens in one pass is the board of
    /// placing them one by one, and both see the same conflicts: random
    /// subsets of grids, then with one given changed (often a conflict in
    /// a row, a column or a box, sometimes none).
    #[test]
    fn the_board_from_the_givens_is_the_board_of_placing_them() {
        use crate::random::{below, grid_rng};
        use crate::strategies::Strategy;
        let one_by_one = |grid: &Grid| -> Option<Board> {
            let mut board = Board::new();
            for (i, &v) in grid.cells().iter().enumerate() {
                if v != 0 {
                    board
                        .place(usize::from(v) - 1, i / 27, 1 << (i % 27))
                        .ok()?;
                }
            }
            Some(board)
        };
        let same = |a: &Board, b: &Board| a.poss == b.poss && a.unsolved == b.unsolved;
        let (mut conflicts, mut fine) = (0, 0);
        for i in 0..2000 {
            let mut rng = grid_rng(77, i);
            let mut p = Strategy::Uniform.grid(&mut rng, Size::S9);
            let keep = 10 + below(&mut rng, 60);
            for cell in 0..81 {
                if below(&mut rng, 81) >= keep {
                    p.cells_mut()[cell] = 0;
                }
            }
            let b = one_by_one(&p).expect("a subset of a grid has no conflict");
            let fast = Board::from_givens::<true>(&p).ok().expect("no conflict");
            assert!(same(&b, &fast));
            assert!(same(&b, &Board::from_givens::<false>(&p).ok().unwrap()));
            // Change one cell to another value.
            let cell = below(&mut rng, 81) as usize;
            p.cells_mut()[cell] = 1 + below(&mut rng, 9) as u8;
            match (one_by_one(&p), Board::from_givens::<true>(&p)) {
                (Some(b), Ok(fast)) => {
                    assert!(same(&b, &fast), "{p:?}");
                    fine += 1;
                }
                (None, Err(Dead)) => conflicts += 1,
                _ => panic!("the two disagree on a conflict: {p:?}"),
            }
        }
        assert!(
            conflicts > 500 && fine > 100,
            "{conflicts} conflicts, {fine} fine"
        );
    }

    #[test]
    fn a_box_in_one_column_takes_that_column_from_the_other_bands() {
        // Columns 0, 1 (stack 0), 4 (stack 1), 6, 7, 8 (stack 2).
        let keep = OTHER_BANDS[0b111_010_011];
        assert_eq!(keep, ALL & !col_cells(4));
    }
}
