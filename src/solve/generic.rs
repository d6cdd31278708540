//! The per-cell solver, for every size (used at 4x4 and 25x25): candidates
//! per cell, singles, locked candidates, all-different filtering, and
//! guesses that learn from dead ends.
//!
//! **Algorithm.** Each cell keeps its candidates as a [`Mask`]. Fixing a
//! cell removes its value from its peers' candidates (naked singles follow:
//! a peer left with one candidate is fixed next). Hidden singles come two
//! ways. Until the search first guesses, each unit's candidates are
//! counted bit-sliced over its cells (values seen once, twice or more): a
//! value seen nowhere kills the branch, a value seen once is a hidden
//! single. From the first guess on, each unit keeps the number of places
//! of each value, counted down as candidates go: a value down to one place
//! is noted (a bit per unit) and fixed at the next look, one down to none
//! kills the branch. (Counting every removal costs more than scanning when
//! singles alone nearly solve the puzzle, as with dense 25x25 puzzles; it
//! pays once the search branches.) Then locked candidates, pointing and
//! claiming, in one pass per row and per box. Then, unit by unit among
//! those whose candidates changed since, the all-different filter
//! (generalized arc consistency, Régin, "A filtering algorithm for
//! constraints of difference in CSPs", AAAI 1994): a matching of the
//! unit's open cells to distinct values (Kuhn's augmenting paths on bit
//! masks), then the cells that can hand their value on to a free value
//! or around a cycle (reach and strongly connected components by
//! bit-parallel search) say which candidates some assignment of the whole
//! unit uses; the rest go. This removes every naked and hidden subset of
//! any size at once. When the filter removes something, the cheaper rules
//! run again before the next unit.
//!
//! When nothing applies, the search guesses, depth first, on a copy of the
//! state (the search of `solve/explore.rs`, shared with the 16x16 solver):
//! on the two-candidate cell whose values have the fewest places in its
//! units (a value with two places in a unit puts itself in the other one
//! when the guess takes it away, so both branches deduce more), that score
//! divided by the dead ends the search has met at the cell, at its two
//! values' places in its units, and at its units (dom/wdeg, see
//! `solve/explore.rs`, at most `WEIGHT_CAP` of them); or, when no cell
//! has two candidates, on the fewest-candidate cell or on the places of a
//! value in a unit if it has fewer (the exact-cover choice of the
//! constraint with the fewest options).
//!
//! **Cost.** A state is a candidate mask per cell, the same facts by
//! value (for each value the set of cells that may hold it, so the peers
//! a fixed cell's value leaves, and the one place of a hidden single, are
//! found a 64-bit word at a time rather than cell by cell), and the place
//! counts: about 9 KB at 25x25, copied once per guess. A 4x4 search uses a
//! state sized for 16 cells. The all-different filter
//! costs about a quarter of a node's time on hard 25x25 puzzles, and
//! repays it: on
//! 25x25 puzzles from `sudogen puzzle` it cuts the guesses sixfold, the
//! weights alone by a third, and both together twenty- to thirtyfold
//! (the README has the figures). Very hard
//! large puzzles can still need a search budget (see [`super::Search`]).
//! The README has the measured times.

use super::explore::{DeadEnds, NO_FAILURE, Node, explore};
use super::{Budget, Found};
use crate::grid::{Geometry, Grid, MAX_CELLS, Shape};
use crate::mask::Mask;
use crate::shape::{CellSet, MAX_UNITS, SET_WORDS};

/// Words of a set of cells ([`CellSet`]) at the largest size.
const WORDS: usize = SET_WORDS;

/// The largest side.
const MAX_SIDE: usize = crate::grid::MAX_SIDE;

/// A search state for up to `C` cells, `W` words of cell sets. Sized by
/// the puzzle ([`search`]): a 4x4 state is a few hundred bytes, where one
/// sized for 25x25 would be some 9 KB to set up and copy per guess.
#[derive(Clone)]
struct State<'g, const C: usize, const W: usize> {
    shape: &'g Shape,
    /// The unit tables of the shape.
    geometry: &'g Geometry,
    /// The units of each cell as bits (the geometry's).
    unit_bits: &'g [u128],
    /// Candidates of each cell; a fixed cell holds its value alone.
    cand: [Mask; C],
    /// `has[v - 1]`: the cells with `v` among their candidates (the same
    /// facts as `cand`, by value: peers and unit cells holding a value are
    /// then found a word at a time).
    has: [[u64; W]; MAX_SIDE],
    /// The peers of each cell, as sets of cells.
    peer_sets: &'g [CellSet],
    /// The cells of each unit, as sets of cells.
    unit_sets: &'g [CellSet],
    fixed: [bool; C],
    /// Cells fixed but not yet removed from their peers: `queue[..queued]`
    /// (an array, so copying the state for a guess never allocates).
    queue: [u16; C],
    queued: usize,
    left: usize,
    /// `places[unit][v - 1]`: the cells of the unit that still have `v` as
    /// a candidate (a fixed cell counts for its value).
    places: [[u8; MAX_SIDE]; MAX_UNITS],
    /// `pending[v - 1]`: the units where `v` went down to one place since
    /// they were last looked at (hidden single candidates), one bit each.
    pending: [u128; MAX_SIDE],
    /// The units whose candidates changed since [`State::all_different`]
    /// last filtered them, a bit each.
    dirty: u128,
    /// The units whose candidates changed since [`State::locked_candidates`]
    /// last looked at their band or stack, a bit each (only the row and
    /// column bits are read).
    changed: u128,
    /// What failed when the state was found dead (see [`Weights`]).
    failed: Failed,
    /// Whether `places` is kept up to date: not until the search first
    /// guesses (until then hidden singles come from scans, which cost less
    /// than counting every removal when singles alone nearly solve the
    /// puzzle); [`State::recount`] starts it.
    counting: bool,
}

/// No solution from this state.
struct Dead;

/// The constraint that failed in a dead state, as an index into
/// [`Weights`]: a cell left without candidates, a value left without a
/// place in a unit, or a unit without room for its values.
#[derive(Clone, Copy)]
struct Failed(u16);

impl Failed {
    const NONE: Failed = Failed(NO_FAILURE);
    fn cell(cell: usize) -> Failed {
        Failed(cell as u16)
    }
    fn place(unit: usize, value: usize) -> Failed {
        Failed((MAX_CELLS + unit * MAX_SIDE + value) as u16)
    }
    fn unit(unit: usize) -> Failed {
        Failed((MAX_CELLS + MAX_UNITS * MAX_SIDE + unit) as u16)
    }
}

/// What a search learns from its dead ends: how many each cell, each
/// value's places in a unit, and each unit caused (see [`Failed`]).
pub(crate) type Weights = DeadEnds<{ MAX_CELLS + MAX_UNITS * MAX_SIDE + MAX_UNITS }>;

/// The weight of a guess's score counts at most this many dead ends. On
/// six 25x25 puzzles from `sudogen puzzle`, caps of 16, 64, 256 and 1024
/// gave 261K, 165K, 104K and 98K guesses, larger caps about the same.
const WEIGHT_CAP: u32 = 1024;

/// What a guess branches on; each alternative fixes one cell to one value.
#[derive(Clone, Copy)]
enum Branch {
    /// The candidates of a cell: alternative `i` is value `i + 1` there.
    Cell(usize),
    /// The places of `value` in a unit: alternative `i` is the unit's
    /// `i`-th cell (in the order of [`Geometry::unit_cells`]).
    Place { unit: usize, value: u8 },
}

impl Branch {
    /// The cell and value of alternative `i`.
    fn alternative(self, geometry: &Geometry, i: usize) -> (usize, u8) {
        match self {
            Branch::Cell(cell) => (cell, i as u8 + 1),
            Branch::Place { unit, value } => (usize::from(geometry.unit(unit)[i]), value),
        }
    }

    /// The alternative a complete grid `hint` takes, if it is one of
    /// `alternatives`.
    fn hinted(self, geometry: &Geometry, hint: &[u8], alternatives: u32) -> Option<usize> {
        let i = match self {
            Branch::Cell(cell) => usize::from(hint[cell]).checked_sub(1)?,
            Branch::Place { unit, value } => geometry
                .unit(unit)
                .iter()
                .position(|&c| hint[usize::from(c)] == value)?,
        };
        (alternatives & 1 << i != 0).then_some(i)
    }
}

impl<'g, const C: usize, const W: usize> State<'g, C, W> {
    fn new(shape: &'g Shape) -> Self {
        let size = shape.size();
        let geometry = shape.geometry();
        debug_assert!(size.cells() <= C && C <= 64 * W);
        let mut cand = [Mask::EMPTY; C];
        cand[..size.cells()].fill(size.full_mask());
        let mut all = [0u64; W];
        for c in 0..size.cells() {
            all[c / 64] |= 1 << (c % 64);
        }
        let mut has = [[0u64; W]; MAX_SIDE];
        has[..size.side()].fill(all);
        State {
            has,
            peer_sets: geometry.peer_sets(),
            unit_sets: geometry.unit_sets(),
            shape,
            geometry,
            unit_bits: geometry.unit_bits(),
            cand,
            fixed: [false; C],
            queue: [0; C],
            queued: 0,
            left: size.cells(),
            // Counted by `recount` when the search first guesses.
            places: [[0; MAX_SIDE]; MAX_UNITS],
            pending: [0; MAX_SIDE],
            counting: false,
            dirty: u128::MAX,
            changed: u128::MAX,
            failed: Failed::NONE,
        }
    }

    /// Counts the places of every value in every unit afresh (and notes
    /// the values with one place), then keeps them up to date.
    fn recount(&mut self) -> Result<(), Dead> {
        let n = self.shape.side();
        for (u, unit) in self.geometry.unit_cells().chunks_exact(n).enumerate() {
            let mut counts = [0u8; MAX_SIDE];
            for &c in unit {
                let mut m = self.cand[usize::from(c)].0;
                while m != 0 {
                    counts[m.trailing_zeros() as usize] += 1;
                    m &= m - 1;
                }
            }
            for (v, &k) in counts[..n].iter().enumerate() {
                self.places[u][v] = k;
                match k {
                    0 => return Err(self.dead(Failed::place(u, v))),
                    1 => self.pending[v] |= 1 << u,
                    _ => {}
                }
            }
        }
        self.counting = true;
        Ok(())
    }

    /// Counts the values `gone` (a bit per value) out of the places of
    /// `cell`'s units: a value left with one place in a unit is noted as a
    /// hidden single candidate, one left with none kills the branch.
    #[inline(always)]
    fn count_out(&mut self, cell: usize, gone: u32) -> Result<(), Dead> {
        if !self.counting {
            return Ok(());
        }
        let units = self.geometry.cell_units(cell).units();
        let mut g = gone;
        while g != 0 {
            let v = g.trailing_zeros() as usize;
            g &= g - 1;
            for &u in units {
                let u = usize::from(u);
                let places = &mut self.places[u][v];
                *places -= 1;
                match *places {
                    0 => return Err(self.dead(Failed::place(u, v))),
                    1 => self.pending[v] |= 1 << u,
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// Takes `cell` out of the cells holding each of `values` (a bit each).
    #[inline(always)]
    fn unhold(&mut self, cell: usize, values: u32) {
        let (w, bit) = (cell / 64, !(1u64 << (cell % 64)));
        let mut g = values;
        while g != 0 {
            self.has[g.trailing_zeros() as usize][w] &= bit;
            g &= g - 1;
        }
    }

    /// Notes what failed; the branch is dead.
    #[cold]
    fn dead(&mut self, failed: Failed) -> Dead {
        self.failed = failed;
        Dead
    }

    /// Marks the units of `cell` as changed.
    #[inline(always)]
    fn touch(&mut self, cell: usize) {
        self.dirty |= self.unit_bits[cell];
        self.changed |= self.unit_bits[cell];
    }

    /// Fixes `cell` to `value` (its peers are updated by [`State::flush`]).
    fn fix(&mut self, cell: usize, value: u8) -> Result<(), Dead> {
        if !self.cand[cell].contains(value) {
            return Err(self.dead(Failed::cell(cell)));
        }
        if !self.fixed[cell] {
            self.fixed[cell] = true;
            self.left -= 1;
            let others = self.cand[cell].0 & !Mask::single(value).0;
            self.cand[cell] = Mask::single(value);
            self.unhold(cell, others);
            self.touch(cell);
            self.count_out(cell, others)?;
            // Each cell is queued at most once (when fixed), so this fits.
            self.queue[self.queued] = cell as u16;
            self.queued += 1;
        }
        Ok(())
    }

    /// Removes the values of newly fixed cells from their peers, fixing
    /// naked singles as they appear.
    fn flush(&mut self) -> Result<(), Dead> {
        while self.queued > 0 {
            self.queued -= 1;
            let cell = self.queue[self.queued];
            let cell = usize::from(cell);
            let bit = self.cand[cell];
            let v = bit.0.trailing_zeros() as usize;
            let sets = self.peer_sets;
            // The peers holding the value, a word at a time, in cell order.
            for (w, &peers) in sets[cell][..W].iter().enumerate() {
                let mut hits = peers & self.has[v][w];
                while hits != 0 {
                    let p = 64 * w + hits.trailing_zeros() as usize;
                    hits &= hits - 1;
                    if self.fixed[p] {
                        return Err(self.dead(Failed::cell(p)));
                    }
                    let m = Mask(self.cand[p].0 & !bit.0);
                    self.cand[p] = m;
                    // `unhold(p, bit.0)`, with the word at hand (2% fewer
                    // instructions on a hard 25x25 solve than the call).
                    self.has[v][w] &= !(1 << (p % 64));
                    self.touch(p);
                    self.count_out(p, bit.0)?;
                    match m.len() {
                        0 => return Err(self.dead(Failed::cell(p))),
                        1 => self.fix(p, m.first().unwrap_or(1))?,
                        _ => {}
                    }
                }
            }
        }
        Ok(())
    }

    /// Fixes hidden singles: from the places counted (see
    /// [`State::recount`]) once the search guesses, by a scan of every unit
    /// before. Whether it fixed any.
    fn hidden_singles(&mut self) -> Result<bool, Dead> {
        if self.counting {
            self.hidden_singles_counted()
        } else {
            self.hidden_singles_scan()
        }
    }

    /// One pass of hidden singles over every unit; whether it fixed any.
    /// Cheaper than counting when most cells fall to singles without a
    /// guess (a dense puzzle).
    fn hidden_singles_scan(&mut self) -> Result<bool, Dead> {
        let n = self.shape.side();
        let full = self.shape.size().full_mask().0;
        let mut any = false;
        for (u, unit) in self.geometry.unit_cells().chunks_exact(n).enumerate() {
            // Values seen once, seen more than once, and fixed (values
            // already fixed in the unit are seen once too).
            let (mut once, mut more, mut placed) = (0u32, 0u32, 0u32);
            for &c in unit {
                let c = usize::from(c);
                let m = self.cand[c].0;
                more |= once & m;
                once |= m;
                placed |= m & 0u32.wrapping_sub(u32::from(self.fixed[c]));
            }
            if once != full {
                let v = (full & !once).trailing_zeros() as usize;
                return Err(self.dead(Failed::place(u, v)));
            }
            let mut hidden = once & !more & !placed;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                let value = bit.trailing_zeros() as u8 + 1;
                if let Some(&c) = unit
                    .iter()
                    .find(|&&c| self.cand[usize::from(c)].0 & bit != 0)
                {
                    self.fix(usize::from(c), value)?;
                    any = true;
                }
            }
            // Clear the peers now, so the units after this one see it.
            self.flush()?;
        }
        Ok(any)
    }

    /// Fixes the hidden singles noted since the last call (a value with
    /// one place left in a unit); whether it fixed any.
    fn hidden_singles_counted(&mut self) -> Result<bool, Dead> {
        let n = self.shape.side();
        let mut any = false;
        for v in 0..n {
            while self.pending[v] != 0 {
                let u = self.pending[v].trailing_zeros() as usize;
                self.pending[v] &= self.pending[v] - 1;
                if self.places[u][v] != 1 {
                    continue;
                }
                // The one cell of the unit holding v.
                let unit = &self.unit_sets[u];
                let Some(c) = (0..W).find_map(|w| {
                    let m = unit[w] & self.has[v][w];
                    (m != 0).then(|| 64 * w + m.trailing_zeros() as usize)
                }) else {
                    return Err(self.dead(Failed::place(u, v)));
                };
                if !self.fixed[c] {
                    self.fix(c, v as u8 + 1)?;
                    // Clear the peers now, so later candidates see it.
                    self.flush()?;
                    any = true;
                }
            }
        }
        Ok(any)
    }

    fn propagate(&mut self) -> Result<(), Dead> {
        loop {
            self.flush()?;
            if self.left == 0 {
                return Ok(());
            }
            if self.hidden_singles()? {
                continue;
            }
            if self.locked_candidates()? {
                continue;
            }
            if !self.all_different()? {
                return Ok(());
            }
        }
    }

    /// One pass of all-different filtering over every unit (generalized
    /// arc consistency, Régin 1994): a value leaves a cell when no
    /// assignment of the unit's open cells to distinct values gives it
    /// that value. Whether anything was removed.
    fn all_different(&mut self) -> Result<bool, Dead> {
        let n = self.shape.side();
        let units = self.geometry.unit_cells();
        let count = self.geometry.unit_count();
        let mut any = false;
        while self.dirty != 0 {
            let u = self.dirty.trailing_zeros() as usize;
            if u >= count {
                self.dirty = 0;
                break;
            }
            let unit = &units[u * n..(u + 1) * n];
            let mut cells = [0usize; MAX_SIDE];
            let mut masks = [0u32; MAX_SIDE];
            let mut k = 0;
            let mut values = 0u32;
            for &c in unit {
                let c = usize::from(c);
                if !self.fixed[c] {
                    cells[k] = c;
                    masks[k] = self.cand[c].0;
                    values |= masks[k];
                    k += 1;
                }
            }
            self.dirty &= !(1 << u);
            if k < 2 {
                continue;
            }
            let Some(allowed) = all_different_support(&masks[..k], values) else {
                return Err(self.dead(Failed::unit(u)));
            };
            let mut removed = false;
            for i in 0..k {
                let gone = masks[i] & !allowed[i];
                if gone != 0 {
                    removed |= self.remove(cells[i], gone)?;
                }
            }
            if removed {
                // Its own removals leave the unit consistent; the others
                // of the cells' units are to filter again.
                self.dirty &= !(1 << u);
                any = true;
                break;
            }
        }
        Ok(any)
    }

    /// Removes `values` from the candidates of `cell` (not fixed), fixing
    /// it if one is left; whether anything was removed.
    fn remove(&mut self, cell: usize, values: u32) -> Result<bool, Dead> {
        let m = self.cand[cell].0;
        if self.fixed[cell] || m & values == 0 {
            return Ok(false);
        }
        let left = Mask(m & !values);
        self.cand[cell] = left;
        self.unhold(cell, m & values);
        self.touch(cell);
        self.count_out(cell, m & values)?;
        match left.len() {
            0 => Err(self.dead(Failed::cell(cell))),
            1 => self.fix(cell, left.first().unwrap_or(1)).map(|()| true),
            _ => Ok(true),
        }
    }

    /// One pass of locked candidates. Each box of `h` rows and `w` columns
    /// is cut into `h` segments of `w` cells along rows (and `w` of `h`
    /// along columns): a value whose candidates in the box lie in one
    /// segment leaves the rest of that row (pointing), and a value whose
    /// candidates in a row lie in one segment leaves the rest of that box
    /// (claiming). Whether anything was removed. Jigsaw shapes, without
    /// boxes, skip it (the all-different filter finds the same removals,
    /// later); a variant's extra units take no part.
    fn locked_candidates(&mut self) -> Result<bool, Dead> {
        let size = self.shape.size();
        if !size.has_boxes() {
            return Ok(false);
        }
        let n = size.side();
        let mut any = false;
        // `seg[band_row][stack]`: the candidates of row `r`'s cells in the
        // box of stack `stack` (and the same with rows and columns
        // exchanged on the second round).
        for transpose in [false, true] {
            let at = |r: usize, c: usize| {
                if transpose {
                    size.cell(c, r)
                } else {
                    size.cell(r, c)
                }
            };
            // Along rows a band is `h` rows of boxes `w` wide; along
            // columns, `w` columns of boxes `h` tall.
            let (h, w) = if transpose {
                (size.box_cols(), size.box_rows())
            } else {
                (size.box_rows(), size.box_cols())
            };
            let stacks = n / w;
            // The rows of the band (columns of the stack) are units
            // `first..first + n`: only a band with a changed row can give
            // something new (its deductions stay within the band).
            let first = if transpose { 2 * n } else { n };
            let mut seg = [[0u32; MAX_SIDE / 2]; MAX_SIDE];
            let mut row_once = [0u32; MAX_SIDE];
            for band in (0..n).step_by(h) {
                let rows = ((1u128 << h) - 1) << (first + band);
                if self.changed & rows == 0 {
                    continue;
                }
                self.changed &= !rows;
                // (Indexed loops: the iterator forms cost 2 to 6% more
                // instructions in the whole solve.)
                #[allow(clippy::needless_range_loop)]
                for r in band..band + h {
                    for s in 0..stacks {
                        let mut m = 0;
                        for c in s * w..s * w + w {
                            m |= self.cand[at(r, c)].0;
                        }
                        seg[r][s] = m;
                    }
                }
                // Per row, the values in exactly one of its segments; per
                // box (band, stack), the values in exactly one of its rows.
                #[allow(clippy::needless_range_loop)]
                for r in band..band + h {
                    let (mut once, mut more) = (0u32, 0u32);
                    for &m in &seg[r][..stacks] {
                        more |= once & m;
                        once |= m;
                    }
                    row_once[r] = once & !more;
                }
                for s in 0..stacks {
                    let (mut once, mut more) = (0u32, 0u32);
                    for row in &seg[band..band + h] {
                        more |= once & row[s];
                        once |= row[s];
                    }
                    let box_once = once & !more;
                    for r in band..band + h {
                        let mine = seg[r][s];
                        // Claiming: in row r, only in this box.
                        let claimed = mine & row_once[r];
                        // Pointing: in this box, only in row r.
                        let pointing = mine & box_once;
                        if claimed & !pointing != 0 {
                            for q in (band..band + h).filter(|&q| q != r) {
                                for c in s * w..s * w + w {
                                    any |= self.remove(at(q, c), claimed)?;
                                }
                            }
                        }
                        if pointing & !claimed != 0 {
                            for c in (0..n).filter(|&c| c / w != s) {
                                any |= self.remove(at(r, c), pointing)?;
                            }
                        }
                    }
                }
            }
            if any {
                // Segments are stale now; singles first.
                return Ok(true);
            }
        }
        Ok(any)
    }

    /// What to guess on (the place counts are kept by then, see
    /// [`State::recount`]). Among the two-candidate cells, the one whose values are most
    /// tied down: the fewest places either value has in one of the cell's
    /// units, then the fewest in all (a value with two places in a unit
    /// fixes the other place when the guess takes it away, so both
    /// branches deduce more). And when no cell has two candidates but some
    /// unit has a value with fewer places than the fewest candidates, the
    /// places of that value in that unit (the exact-cover choice of the
    /// constraint with the fewest options). Returns the branch and its
    /// alternatives, a bit each (see [`Branch::alternative`]).
    fn pick(&self, weights: &Weights) -> (Branch, u32) {
        let w = &weights.0;
        debug_assert!(self.counting);
        // (cell, candidates, score): lower is better.
        let mut best = (0, u32::MAX, u32::MAX);
        for cell in 0..self.shape.cells() {
            if self.fixed[cell] {
                continue;
            }
            let n = self.cand[cell].len();
            if n < best.1 {
                best = (cell, n, u32::MAX);
            }
            if n == 2 {
                let m = self.cand[cell].0;
                let (a, b) = (m.trailing_zeros() as usize, 31 - m.leading_zeros() as usize);
                let (mut pa, mut pb) = (u32::MAX, u32::MAX);
                let mut dead_ends = w[cell];
                for &u in self.geometry.cell_units(cell).units() {
                    let u = usize::from(u);
                    pa = pa.min(u32::from(self.places[u][a]));
                    pb = pb.min(u32::from(self.places[u][b]));
                    dead_ends = dead_ends
                        .saturating_add(w[Failed::place(u, a).0 as usize])
                        .saturating_add(w[Failed::place(u, b).0 as usize])
                        .saturating_add(w[Failed::unit(u).0 as usize]);
                }
                let tied = pa.min(pb) * 64 + pa + pb;
                let score = tied * WEIGHT_CAP / (1 + dead_ends).min(WEIGHT_CAP);
                if score < best.2 {
                    best = (cell, n, score);
                }
            }
        }
        let (cell, fewest, _) = best;
        if fewest > 2 {
            // A value with one place is fixed there (hidden singles ran to
            // the end), so only counts of two and more are open choices.
            let n = self.shape.side();
            let units = self.geometry.unit_count();
            let mut place = (0, 0, fewest);
            'units: for (u, counts) in self.places[..units].iter().enumerate() {
                for (v, &k) in counts[..n].iter().enumerate() {
                    let k = u32::from(k);
                    if k >= 2 && k < place.2 {
                        place = (u, v, k);
                        if k == 2 {
                            break 'units;
                        }
                    }
                }
            }
            if place.2 < fewest {
                let (unit, v) = (place.0, place.1);
                let bit = 1 << v;
                let cells = self.geometry.unit(unit);
                let alternatives = cells
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| self.cand[usize::from(c)].0 & bit != 0)
                    .fold(0, |m, (i, _)| m | 1 << i);
                let value = v as u8 + 1;
                return (Branch::Place { unit, value }, alternatives);
            }
        }
        (Branch::Cell(cell), self.cand[cell].0)
    }

    fn write(&self, grid: &mut Grid) {
        grid.clear(self.shape);
        for (out, m) in grid.cells_mut().iter_mut().zip(&self.cand) {
            *out = m.first().unwrap_or(0);
        }
    }
}

/// For cells with candidates `masks` (a bit per value, `values` their
/// union), the candidates each cell keeps in some assignment of distinct
/// values to all the cells; `None` if there is no such assignment.
fn all_different_support(masks: &[u32], values: u32) -> Option<[u32; MAX_SIDE]> {
    const FREE: u8 = u8::MAX;
    let k = masks.len();
    // owner[v]: the cell matched to value v; matched[i]: cell i's value.
    let mut owner = [FREE; 32];
    let mut matched = [0u8; MAX_SIDE];
    let mut unmatched = 0u32;
    let mut taken = 0u32;
    for (i, &m) in masks.iter().enumerate() {
        let free = m & !taken;
        if free != 0 {
            let v = free.trailing_zeros() as usize;
            owner[v] = i as u8;
            matched[i] = v as u8;
            taken |= 1 << v;
        } else {
            unmatched |= 1 << i;
        }
    }
    while unmatched != 0 {
        let i = unmatched.trailing_zeros() as usize;
        unmatched &= unmatched - 1;
        let mut seen = 0u32;
        if !augment(i, masks, &mut owner, &mut matched, &mut seen) {
            return None;
        }
    }
    let taken = matched[..k].iter().fold(0u32, |t, &v| t | 1 << v);
    // The search runs on the matched values, each standing for its cell:
    // value v points at value w when v's cell could take w instead (w's
    // cell then has to move on).
    let free = values & !taken;
    let mut succ = [0u32; 32];
    let mut escapes = 0u32;
    for (i, &m) in masks.iter().enumerate() {
        let v = usize::from(matched[i]);
        succ[v] = m & taken & !(1 << v);
        if m & free != 0 {
            escapes |= 1 << v;
        }
    }
    // The values whose cells reach a free value: any of them can be given
    // up (the cell moves on, and the next, until one takes a free value).
    let loose = reaching(escapes, taken, &succ);
    let mut keep = [0u32; 32];
    let mut left = taken & !loose;
    // Strongly connected components of the rest, forward and backward
    // reach from each one's lowest value: within a component, values pass
    // around a cycle.
    while left != 0 {
        let x = 1 << left.trailing_zeros();
        let comp = reached(x, &succ) & reaching(x, left, &succ);
        if comp == taken {
            // One cycle through every cell: nothing to remove.
            let mut out = [0u32; MAX_SIDE];
            out[..k].copy_from_slice(masks);
            return Some(out);
        }
        let mut m = comp;
        while m != 0 {
            keep[m.trailing_zeros() as usize] = comp | loose | free;
            m &= m - 1;
        }
        left &= !comp;
    }
    // A loose cell can take another loose cell's value (that one moves on
    // towards a free value), or a free value.
    let mut m = loose;
    while m != 0 {
        keep[m.trailing_zeros() as usize] = loose | free;
        m &= m - 1;
    }
    let mut out = [0u32; MAX_SIDE];
    for i in 0..k {
        out[i] = masks[i] & keep[usize::from(matched[i])];
    }
    Some(out)
}

/// The values reached from `start` along `succ` (`start` included).
fn reached(start: u32, succ: &[u32; 32]) -> u32 {
    let (mut seen, mut frontier) = (start, start);
    while frontier != 0 {
        let v = frontier.trailing_zeros() as usize;
        frontier &= frontier - 1;
        let new = succ[v] & !seen;
        seen |= new;
        frontier |= new;
    }
    seen
}

/// The values among `nodes` that reach `target` along `succ` (`target`
/// included), found a layer at a time, so no reversed edges are needed.
fn reaching(target: u32, nodes: u32, succ: &[u32; 32]) -> u32 {
    let mut found = target;
    loop {
        let mut new = 0;
        let mut m = nodes & !found;
        while m != 0 {
            let v = m.trailing_zeros() as usize;
            m &= m - 1;
            if succ[v] & found != 0 {
                new |= 1 << v;
            }
        }
        if new == 0 {
            return found;
        }
        found |= new;
    }
}

/// An augmenting path from the unmatched cell `i` (Kuhn's algorithm).
fn augment(
    i: usize,
    masks: &[u32],
    owner: &mut [u8; 32],
    matched: &mut [u8; MAX_SIDE],
    seen: &mut u32,
) -> bool {
    loop {
        let m = masks[i] & !*seen;
        if m == 0 {
            return false;
        }
        let v = m.trailing_zeros() as usize;
        *seen |= 1 << v;
        let j = owner[v];
        if j == u8::MAX || augment(usize::from(j), masks, owner, matched, seen) {
            owner[v] = i as u8;
            matched[i] = v as u8;
            return true;
        }
    }
}

/// Searches the puzzle `grid`, recording solutions in `found` until its
/// limit or the budget is reached. With `exclude = Some((cell, value))`,
/// only solutions where that empty cell does not hold that value count.
/// With a `hint` (a complete grid), each guess tries the hint's value
/// first: the same solutions, but one near the hint comes first.
pub fn search(
    grid: &Grid,
    exclude: Option<(usize, u8)>,
    hint: Option<&Grid>,
    found: &mut Found,
    budget: &mut Budget,
) {
    match grid.size().cells() {
        0..=16 => search_in::<16, 1>(grid, exclude, hint, found, budget),
        17..=64 => search_in::<64, 1>(grid, exclude, hint, found, budget),
        65..=144 => search_in::<144, 3>(grid, exclude, hint, found, budget),
        145..=256 => search_in::<256, 4>(grid, exclude, hint, found, budget),
        _ => search_in::<MAX_CELLS, WORDS>(grid, exclude, hint, found, budget),
    }
}

/// [`search`] with a state of `C` cells and `W` words.
fn search_in<const C: usize, const W: usize>(
    grid: &Grid,
    exclude: Option<(usize, u8)>,
    hint: Option<&Grid>,
    found: &mut Found,
    budget: &mut Budget,
) {
    // The givens (and the excluded value) go in without counting places;
    // they are counted once, when the search first guesses.
    let mut state = State::<C, W>::new(grid.shape());
    for (cell, &v) in grid.cells().iter().enumerate() {
        if v != 0 && state.fix(cell, v).is_err() {
            return;
        }
    }
    // The excluded value goes before any deduction (the cell is empty).
    if let Some((cell, value)) = exclude
        && state.remove(cell, Mask::single(value).0).is_err()
    {
        return;
    }
    if state.flush().is_err() {
        return;
    }
    explore(state, hint.map(Grid::cells), found, budget);
}

impl<const C: usize, const W: usize> Node for State<'_, C, W> {
    type Choice = Branch;
    type Weights = Weights;

    fn deduce(&mut self) -> bool {
        // Once the search is about to guess, the places start being
        // counted. (A fixpoint of the scans has no value without a place,
        // so the recount does not fail; the branch would be dead if it
        // did.)
        self.propagate().is_ok() && (self.left == 0 || self.counting || self.recount().is_ok())
    }

    fn solved(&self) -> bool {
        self.left == 0
    }

    fn write(&self, grid: &mut Grid) {
        State::write(self, grid);
    }

    fn learn(&self, weights: &mut Weights) {
        weights.charge(self.failed.0);
    }

    fn choose(&self, weights: &Weights) -> (Branch, u32) {
        self.pick(weights)
    }

    fn hinted(&self, branch: Branch, hint: &[u8], rest: u32) -> Option<usize> {
        branch.hinted(self.geometry, hint, rest)
    }

    fn take(&mut self, branch: Branch, i: usize) -> bool {
        let (cell, v) = branch.alternative(self.geometry, i);
        self.fix(cell, v).is_ok()
    }

    fn rule_out(&mut self, branch: Branch, i: usize) -> bool {
        let (cell, v) = branch.alternative(self.geometry, i);
        self.remove(cell, Mask::single(v).0).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Size;
    use crate::solve::count_solutions;

    /// The state [`search`] uses for 4x4 puzzles.
    type Small<'g> = State<'g, 16, 1>;

    /// Whether the cells by value (`has`) say what the candidates say.
    fn index_agrees<const C: usize, const W: usize>(state: &State<'_, C, W>) -> bool {
        (0..MAX_SIDE).all(|v| {
            (0..64 * W).all(|c| {
                let held = state.has[v][c / 64] & 1 << (c % 64) != 0;
                let candidate = c < state.shape.cells() && state.cand[c].0 & 1 << v != 0;
                held == candidate
            })
        })
    }

    /// Walks down a search at random from a puzzle of `grid` with about
    /// half its cells emptied: at each step a guess on a copy, or the
    /// guess ruled out when the copy dies; the cells by value agree with
    /// the candidates after every step, in dead states too.
    fn walk_keeps_the_index<const C: usize, const W: usize>(grid: &Grid, seed: u64) {
        use crate::random::{below, grid_rng};
        let mut rng = grid_rng(seed, 1);
        let mut state = State::<C, W>::new(grid.shape());
        for (cell, &v) in grid.cells().iter().enumerate() {
            if below(&mut rng, 100) < 45 {
                assert!(state.fix(cell, v).is_ok());
            }
        }
        assert!(state.propagate().is_ok() && state.recount().is_ok());
        assert!(index_agrees(&state));
        let weights = Weights::default();
        for _ in 0..200 {
            if state.left == 0 {
                return;
            }
            let (branch, alternatives) = state.pick(&weights);
            let mut pick = alternatives;
            for _ in 0..below(&mut rng, alternatives.count_ones()) {
                pick &= pick - 1;
            }
            let i = pick.trailing_zeros() as usize;
            let mut trial = state.clone();
            let alive = trial.take(branch, i) && trial.deduce();
            assert!(index_agrees(&trial));
            if alive {
                state = trial;
            } else {
                let alive = state.rule_out(branch, i) && state.deduce();
                assert!(index_agrees(&state));
                if !alive {
                    return;
                }
            }
        }
    }

    #[test]
    fn cells_by_value_follow_the_candidates() {
        use crate::Strategy;
        use crate::random::grid_rng;
        for seed in 0..40 {
            let g4 = Strategy::Backtrack.grid(&mut grid_rng(seed, 0), Size::S4);
            walk_keeps_the_index::<16, 1>(&g4, seed);
        }
        for seed in 0..3 {
            let g25 = Strategy::Chain.grid(&mut grid_rng(seed, 0), Size::S25);
            walk_keeps_the_index::<MAX_CELLS, WORDS>(&g25, seed);
        }
    }

    /// The all-different filter keeps exactly the values some assignment
    /// of distinct values gives each cell, and says when there is none:
    /// against every assignment, enumerated, on random candidate sets of
    /// up to 7 cells over up to 9 values (often with values to spare,
    /// often with none to spare, sometimes with no assignment).
    #[test]
    fn all_different_keeps_exactly_the_supported_values() {
        use crate::random::{below, grid_rng};
        fn enumerate(masks: &[u32], i: usize, used: u32, support: &mut [u32]) -> bool {
            if i == masks.len() {
                return true;
            }
            let mut any = false;
            for v in 0..32 {
                if masks[i] & !used & 1 << v != 0 && enumerate(masks, i + 1, used | 1 << v, support)
                {
                    support[i] |= 1 << v;
                    any = true;
                }
            }
            any
        }
        let mut rng = grid_rng(11, 0);
        let (mut none, mut pruned) = (0, 0);
        for _ in 0..20_000 {
            let k = 2 + below(&mut rng, 6) as usize;
            let n_values = k as u32 + below(&mut rng, 3);
            let density = 1 + below(&mut rng, 4);
            let masks: Vec<u32> = (0..k)
                .map(|_| {
                    let mut m = 0;
                    for v in 0..n_values {
                        if below(&mut rng, 5) < density {
                            m |= 1 << v;
                        }
                    }
                    m
                })
                .collect();
            let values = masks.iter().fold(0, |a, &m| a | m);
            let mut support = vec![0; k];
            let exists = enumerate(&masks, 0, 0, &mut support);
            match all_different_support(&masks, values) {
                None => {
                    assert!(!exists, "{masks:?}: an assignment exists");
                    none += 1;
                }
                Some(out) => {
                    assert!(exists, "{masks:?}: no assignment exists");
                    assert_eq!(&out[..k], &support[..], "{masks:?}");
                    pruned += usize::from(out[..k] != masks[..]);
                }
            }
        }
        // Both outcomes and removals are common enough to be tested.
        assert!(
            none > 1000 && pruned > 1000,
            "{none} without, {pruned} pruned"
        );
    }

    /// The 4x4 grid with one given: every cell of its row, column and box
    /// keeps three candidates, while its value has two places in each other
    /// row, column and box: the guess is on those places. The count is
    /// exact through such guesses (288 grids, a quarter with 1 in the
    /// corner).
    #[test]
    fn a_value_with_fewer_places_than_any_cell_has_candidates_is_guessed_on() {
        let mut g = Grid::empty(Size::S4);
        g.set(0, 0, 1);
        let four = Shape::from(Size::S4);
        let mut state = Small::new(&four);
        assert!(state.fix(0, 1).is_ok() && state.propagate().is_ok());
        assert!(state.recount().is_ok());
        let (branch, alternatives) = state.pick(&Weights::default());
        let Branch::Place { unit, value } = branch else {
            panic!("a cell branch");
        };
        assert_eq!((value, alternatives.count_ones()), (1, 2));
        for i in (0..4).filter(|&i| alternatives & 1 << i != 0) {
            let (cell, v) = branch.alternative(Shape::from(Size::S4).geometry(), i);
            assert_eq!(v, 1);
            assert!(
                Shape::from(Size::S4)
                    .geometry()
                    .unit(unit)
                    .contains(&(cell as u16))
            );
            assert!(state.cand[cell].contains(1) && !state.fixed[cell]);
        }
        assert_eq!(count_solutions(&g, 1000), 72);
        // A solution as the hint: its alternative is the unit's cell where
        // the solution has the value.
        let hint = crate::solve::search(&g, crate::solve::Search::default())
            .first
            .expect("solutions");
        let i = branch
            .hinted(Shape::from(Size::S4).geometry(), hint.cells(), alternatives)
            .expect("the hint's place is an alternative");
        assert_eq!(
            hint.cells()[branch.alternative(Shape::from(Size::S4).geometry(), i).0],
            1
        );
    }

    /// A dead state charges what failed: a cell left without candidates,
    /// a value left without a place in a unit, a unit whose cells cannot
    /// all take distinct values; a live one charges nothing.
    #[test]
    fn a_dead_state_names_what_failed() {
        let mut weights = Weights::default();
        // Cell 6 loses every value.
        let four = Shape::from(Size::S4);
        let mut state = Small::new(&four);
        assert!(state.remove(6, 0b1111).is_err());
        state.learn(&mut weights);
        assert_eq!(weights.0[6], 1);
        // Value 1 loses every place in box 0 (cells 0, 1, 4, 5), with the
        // places counted.
        let four = Shape::from(Size::S4);
        let mut state = Small::new(&four);
        assert!(state.recount().is_ok());
        let out: Vec<bool> = [0, 1, 4, 5]
            .iter()
            .map(|&c| state.remove(c, 0b0001).is_ok())
            .collect();
        assert_eq!(out, [true, true, true, false]);
        state.learn(&mut weights);
        assert_eq!(weights.0[usize::from(Failed::place(0, 0).0)], 1);
        // Three cells of box 0 share two values.
        let four = Shape::from(Size::S4);
        let mut state = Small::new(&four);
        for c in [0, 1, 4] {
            assert!(state.remove(c, 0b1100).is_ok());
        }
        assert!(state.all_different().is_err());
        state.learn(&mut weights);
        assert_eq!(weights.0[usize::from(Failed::unit(0).0)], 1);
        assert_eq!(weights.0.iter().sum::<u32>(), 3);
        Small::new(&four).learn(&mut weights);
        assert_eq!(weights.0.iter().sum::<u32>(), 3);
    }

    /// A two-candidate cell is guessed on before any value's places, and
    /// the hint's alternative is its value there.
    #[test]
    fn the_hinted_alternative_is_the_hints_cell_or_value() {
        let four = Shape::from(Size::S4);
        let mut state = Small::new(&four);
        // Row 0: 1 2 . . ; row 1: 3 4 . . : cells (0,2), (0,3) keep {3, 4}.
        for (cell, v) in [(0, 1), (1, 2), (4, 3), (5, 4)] {
            assert!(state.fix(cell, v).is_ok());
        }
        assert!(state.propagate().is_ok() && state.recount().is_ok());
        let (branch, alternatives) = state.pick(&Weights::default());
        let Branch::Cell(cell) = branch else {
            panic!("a place branch");
        };
        assert_eq!(state.cand[cell].len(), 2);
        assert_eq!(alternatives, state.cand[cell].0);
        let mut hint = [0u8; 16];
        hint[cell] = 4;
        assert_eq!(
            branch.hinted(Shape::from(Size::S4).geometry(), &hint, alternatives),
            Some(3)
        );
        hint[cell] = 2;
        assert_eq!(
            branch.hinted(Shape::from(Size::S4).geometry(), &hint, alternatives),
            None
        );
    }
}
