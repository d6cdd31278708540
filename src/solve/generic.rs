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
    /// Cells fixed but not yet removed from their peers.
    queue: Vec<u16>,
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
            queue: Vec::with_capacity(size.cells()),
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
            self.queue.push(cell as u16);
        }
        Ok(())
    }

    /// Removes the values of newly fixed cells from their peers, fixing
    /// naked singles as they appear.
    fn flush(&mut self) -> Result<(), Dead> {
        let peers = self.size.peer_table();
        let per = self.size.peer_count();
        while let Some(cell) = self.queue.pop() {
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
            let (mut once, mut more) = (0u32, 0u32);
            for &c in unit {
                let m = self.cand[usize::from(c)].0;
                more |= once & m;
                once |= m;
            }
            if once != full {
                return Err(Dead);
            }
            let mut hidden = once & !more;
            // Values already fixed in the unit are seen once too.
            for &c in unit {
                if self.fixed[usize::from(c)] {
                    hidden &= !self.cand[usize::from(c)].0;
                }
            }
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
            if self.left == 0 || !self.hidden_singles()? {
                return Ok(());
            }
        }
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
/// limit or the budget is reached.
pub fn search(grid: &Grid, found: &mut Found, budget: &mut Budget) {
    let mut state = State::new(grid.size());
    for (cell, &v) in grid.cells().iter().enumerate() {
        if v != 0 && state.fix(cell, v).is_err() {
            return;
        }
    }
    explore(state, found, budget);
}

fn explore(mut state: State, found: &mut Found, budget: &mut Budget) {
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
        while rest.len() > 1 {
            let Some(v) = rest.first() else { return };
            rest.remove(v);
            if !budget.spend() {
                return;
            }
            let mut trial = state.clone();
            if trial.fix(cell, v).is_ok() {
                explore(trial, found, budget);
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
