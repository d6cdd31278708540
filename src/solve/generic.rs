//! The solver for every size: candidates per cell, singles, and guesses.
//!
//! **Algorithm.** Each cell keeps its candidates as a [`Mask`]. Fixing a
//! cell removes its value from its peers' candidates (naked singles follow:
//! a peer left with one candidate is fixed next). When no naked single is
//! left, each unit's candidates are counted bit-sliced over its cells
//! (values seen once, twice or more): a value seen nowhere kills the branch,
//! a value seen once is a hidden single. When neither applies, the cell
//! with the fewest candidates is guessed, depth first, on a copy of the
//! state.
//!
//! **Cost.** A state is a candidate mask per cell (2.5 KB at 25x25), copied
//! once per guess; each pass over the units costs `3n` units of `n` cells.
//! Fast enough for 16x16 and 25x25 puzzles with many clues; very hard large
//! puzzles can need a search budget (see [`super::Search`]).

use super::{Budget, Found};
use crate::grid::{Grid, MAX_CELLS, Size};
use crate::mask::Mask;

/// Cells of every unit of a size: rows, then columns, then boxes, `n` cells
/// each.
fn units(size: Size) -> &'static [u16] {
    static TABLES: [std::sync::OnceLock<Vec<u16>>; 4] = [const { std::sync::OnceLock::new() }; 4];
    TABLES[size as usize].get_or_init(|| {
        let n = size.side();
        let mut out = Vec::with_capacity(3 * n * n);
        for r in 0..n {
            out.extend((0..n).map(|c| size.cell(r, c) as u16));
        }
        for c in 0..n {
            out.extend((0..n).map(|r| size.cell(r, c) as u16));
        }
        out.extend_from_slice(size.box_cells());
        out
    })
}

/// A search state.
#[derive(Clone)]
struct State {
    size: Size,
    /// Candidates of each cell; a fixed cell holds its value alone.
    cand: [Mask; MAX_CELLS],
    fixed: [bool; MAX_CELLS],
    /// Cells fixed but not yet removed from their peers: `queue[..queued]`
    /// (an array, so copying the state for a guess never allocates).
    queue: [u16; MAX_CELLS],
    queued: usize,
    left: usize,
}

/// No solution from this state.
struct Dead;

impl State {
    fn new(size: Size) -> State {
        let mut cand = [Mask::EMPTY; MAX_CELLS];
        cand[..size.cells()].fill(size.full_mask());
        State {
            size,
            cand,
            fixed: [false; MAX_CELLS],
            queue: [0; MAX_CELLS],
            queued: 0,
            left: size.cells(),
        }
    }

    /// Fixes `cell` to `value` (its peers are updated by [`State::flush`]).
    fn fix(&mut self, cell: usize, value: u8) -> Result<(), Dead> {
        if !self.cand[cell].contains(value) {
            return Err(Dead);
        }
        if !self.fixed[cell] {
            self.fixed[cell] = true;
            self.left -= 1;
            self.cand[cell] = Mask::single(value);
            // Each cell is queued at most once (when fixed), so this fits.
            self.queue[self.queued] = cell as u16;
            self.queued += 1;
        }
        Ok(())
    }

    /// Removes the values of newly fixed cells from their peers, fixing
    /// naked singles as they appear.
    fn flush(&mut self) -> Result<(), Dead> {
        let peers = self.size.peer_table();
        let per = self.size.peer_count();
        while self.queued > 0 {
            self.queued -= 1;
            let cell = self.queue[self.queued];
            let cell = usize::from(cell);
            let bit = self.cand[cell];
            for &p in &peers[cell * per..(cell + 1) * per] {
                let p = usize::from(p);
                if self.cand[p].0 & bit.0 == 0 {
                    continue;
                }
                if self.fixed[p] {
                    return Err(Dead);
                }
                let m = Mask(self.cand[p].0 & !bit.0);
                self.cand[p] = m;
                match m.len() {
                    0 => return Err(Dead),
                    1 => self.fix(p, m.first().unwrap_or(1))?,
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// One pass of hidden singles over every unit; whether it fixed any.
    fn hidden_singles(&mut self) -> Result<bool, Dead> {
        let n = self.size.side();
        let full = self.size.full_mask().0;
        let mut any = false;
        for unit in units(self.size).chunks_exact(n) {
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
                return Err(Dead);
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
            if !self.locked_candidates()? {
                return Ok(());
            }
        }
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
        match left.len() {
            0 => Err(Dead),
            1 => self.fix(cell, left.first().unwrap_or(1)).map(|()| true),
            _ => Ok(true),
        }
    }

    /// One pass of locked candidates. Each box is cut into `b` segments of
    /// `b` cells along rows (and along columns): a value whose candidates
    /// in the box lie in one segment leaves the rest of that row (pointing),
    /// and a value whose candidates in a row lie in one segment leaves the
    /// rest of that box (claiming). Whether anything was removed.
    fn locked_candidates(&mut self) -> Result<bool, Dead> {
        let size = self.size;
        let (b, n) = (size.box_size(), size.side());
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
            let mut seg = [[0u32; 5]; 25];
            for (r, row) in seg[..n].iter_mut().enumerate() {
                for (s, slot) in row[..b].iter_mut().enumerate() {
                    let mut m = 0;
                    for c in s * b..s * b + b {
                        m |= self.cand[at(r, c)].0;
                    }
                    *slot = m;
                }
            }
            for r in 0..n {
                for s in 0..b {
                    let mine = seg[r][s];
                    // Claiming: in row r, only in this box.
                    let other_stacks = (0..b).filter(|&t| t != s).fold(0, |m, t| m | seg[r][t]);
                    let claimed = mine & !other_stacks;
                    // Pointing: in this box, only in row r.
                    let band = r - r % b;
                    let other_rows = (band..band + b)
                        .filter(|&q| q != r)
                        .fold(0, |m, q| m | seg[q][s]);
                    let pointing = mine & !other_rows;
                    if claimed & !pointing != 0 {
                        for q in (band..band + b).filter(|&q| q != r) {
                            for c in s * b..s * b + b {
                                any |= self.remove(at(q, c), claimed)?;
                            }
                        }
                    }
                    if pointing & !claimed != 0 {
                        for c in (0..n).filter(|&c| c / b != s) {
                            any |= self.remove(at(r, c), pointing)?;
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

    /// The unfixed cell with the fewest candidates.
    fn pick(&self) -> usize {
        let mut best = (0, u32::MAX);
        for cell in 0..self.size.cells() {
            if !self.fixed[cell] {
                let n = self.cand[cell].len();
                if n < best.1 {
                    best = (cell, n);
                    if n == 2 {
                        break;
                    }
                }
            }
        }
        best.0
    }

    fn write(&self, grid: &mut Grid) {
        grid.clear(self.size);
        for (out, m) in grid.cells_mut().iter_mut().zip(&self.cand) {
            *out = m.first().unwrap_or(0);
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
    let mut state = State::new(grid.size());
    for (cell, &v) in grid.cells().iter().enumerate() {
        if v != 0 && state.fix(cell, v).is_err() {
            return;
        }
    }
    if let Some((cell, value)) = exclude
        && state.remove(cell, Mask::single(value).0).is_err()
    {
        return;
    }
    explore(state, hint.map(Grid::cells), found, budget);
}

/// Deduces from `state`, then guesses on the cell with the fewest
/// candidates, depth first: the `hint`'s value first (when it is a
/// candidate), then the others from the smallest.
fn explore(mut state: State, hint: Option<&[u8]>, found: &mut Found, budget: &mut Budget) {
    loop {
        if state.propagate().is_err() {
            return;
        }
        if state.left == 0 {
            found.record(|g| state.write(g));
            return;
        }
        let cell = state.pick();
        let mut rest = state.cand[cell];
        let first = hint.map_or(0, |h| h[cell]);
        while rest.len() > 1 {
            let v = if first != 0 && rest.contains(first) {
                first
            } else {
                let Some(v) = rest.first() else { return };
                v
            };
            rest.remove(v);
            if !budget.spend() {
                return;
            }
            let mut trial = state.clone();
            if trial.fix(cell, v).is_ok() {
                explore(trial, hint, found, budget);
            }
            if found.done() || budget.exhausted() {
                return;
            }
            state.cand[cell].remove(v);
        }
        let Some(v) = rest.first() else { return };
        if state.fix(cell, v).is_err() {
            return;
        }
    }
}
