//! Unique rectangles and loops (SE 4.5 and up), types 1 to 4.
//!
//! A puzzle with one solution cannot end in a "deadly pattern": cells that
//! could take two values `a`, `b` in either of two ways, each unit of the
//! pattern holding exactly two of its cells. So when all but a few cells of
//! such a loop hold only {a, b}, the extra candidates of the others must be
//! used: type 1 (one cell with extras: `a` and `b` go from it), type 2 (the
//! extra cells share one extra value `z`: `z` goes from every cell seeing
//! them all), type 3 (two extra cells whose extras form a naked or hidden
//! set with other cells of a shared unit), type 4 (`a` confined to the two
//! extra cells in a shared unit: `b` goes from both).
//!
//! Loops are found as SE finds them: from each cell with exactly two
//! candidates, a depth-first walk through cells holding both values, each
//! move within a unit of a different kind than the last, at most two cells
//! with extra values (more only while they add no new extra value); a closed
//! walk of 4 or more cells is a loop when every unit it visits holds exactly
//! two of its cells, at positions of different parity. SE rates 4.5 for a
//! rectangle, +0.1 for a loop of 6 cells, +0.2 for 8, +0.5 for 10 or more,
//! and for type 3 +0.1 per value of a naked set beyond the first, or per
//! cell of a hidden set beyond c1 and one other; among all the
//! loops found it takes the lowest rating, then the lowest type.
//!
//! Cost: the walk can branch widely on a board full of candidates, so it
//! is bounded by [`WALK_BUDGET`] cells per starting cell (SE has no bound;
//! no 9x9 puzzle we rated came near it).

use super::{Step, Technique, first_subset};
use crate::candidates::Board;
use crate::mask::Mask;

/// The most cells one walk may visit.
pub const WALK_BUDGET: usize = 20_000;

struct Found {
    rating: u8,
    kind: u8,
    step: Step,
}

/// The lowest-rated unique loop step, lowest type first.
pub fn find(board: &Board) -> Option<Step> {
    let mut found: Vec<Found> = Vec::new();
    for cell in 0..board.size().cells() {
        let c = board.cands(cell);
        if c.len() != 2 {
            continue;
        }
        let mut it = c.iter();
        let (v1, v2) = (it.next()?, it.next()?);
        let mut walk = Walk {
            board,
            v1,
            v2,
            path: Vec::new(),
            loops: Vec::new(),
            budget: WALK_BUDGET,
        };
        walk.visit(cell, 2, Mask::EMPTY, None);
        for lp in std::mem::take(&mut walk.loops) {
            if is_valid(board, &lp) {
                let l = Loop {
                    board,
                    cells: &lp,
                    v1,
                    v2,
                };
                l.hints(&mut found);
            }
        }
    }
    // Stable: among equals, the first found.
    found.sort_by_key(|f| (f.rating, f.kind));
    found.into_iter().next().map(|f| f.step)
}

struct Walk<'a> {
    board: &'a Board,
    v1: u8,
    v2: u8,
    path: Vec<usize>,
    loops: Vec<Vec<usize>>,
    budget: usize,
}

impl Walk<'_> {
    fn visit(&mut self, cell: usize, allowed_extra: i32, extra: Mask, last_kind: Option<usize>) {
        if self.budget == 0 {
            return;
        }
        self.budget -= 1;
        self.path.push(cell);
        let pair = Mask::single(self.v1) | Mask::single(self.v2);
        let n = self.board.size().side();
        let mut extra = extra;
        let regions = self.board.regions_of(cell);
        for (kind, &region) in regions.iter().enumerate() {
            if last_kind == Some(kind) {
                continue;
            }
            for k in 0..n {
                let next = self.board.region_cell(region, k);
                if next == self.path[0] && self.path.len() >= 4 {
                    self.loops.push(self.path.clone());
                } else if !self.path.contains(&next) {
                    let p = self.board.cands(next);
                    if p & pair != pair {
                        continue;
                    }
                    // As in SE, the extra values gathered here carry over
                    // to the later cells of this unit.
                    extra = extra | (p & !pair);
                    let many = p.len() > 2;
                    if !many || extra.len() == 1 || allowed_extra > 0 {
                        self.visit(next, allowed_extra - i32::from(many), extra, Some(kind));
                    }
                }
            }
        }
        self.path.pop();
    }
}

/// Every unit the loop visits holds two of its cells, one at an even and
/// one at an odd position.
fn is_valid(board: &Board, lp: &[usize]) -> bool {
    let mut seen = [0u128; 2];
    for (i, &cell) in lp.iter().enumerate() {
        for r in board.regions_of(cell) {
            let bit = 1u128 << r;
            if seen[i % 2] & bit != 0 {
                return false;
            }
            seen[i % 2] |= bit;
        }
    }
    seen[0] == seen[1]
}

fn loop_rating(len: usize) -> u8 {
    let mut r = 45;
    if len >= 10 {
        r += 3;
    }
    if len >= 8 {
        r += 2;
    } else if len >= 6 {
        r += 1;
    }
    r
}

/// A loop found on values `v1`, `v2`, and the board it lies on.
struct Loop<'a> {
    board: &'a Board,
    cells: &'a [usize],
    v1: u8,
    v2: u8,
}

fn base(lp: &[usize], v1: u8, v2: u8, rating: u8) -> Step {
    let technique = if lp.len() == 4 {
        Technique::UniqueRectangle
    } else {
        Technique::UniqueLoop
    };
    let mut step = Step::new(technique, rating);
    step.cells = lp.to_vec();
    step.values = Mask::single(v1) | Mask::single(v2);
    step
}

fn push(found: &mut Vec<Found>, kind: u8, mut step: Step, removes: Vec<(usize, Mask)>) {
    if removes.is_empty() {
        return;
    }
    step.removes = removes;
    if step.kind.is_none() {
        step.kind = Some(format!("type {kind}"));
    }
    found.push(Found {
        rating: step.rating,
        kind,
        step,
    });
}

impl Loop<'_> {
    fn hints(&self, found: &mut Vec<Found>) {
        let (board, lp, v1, v2) = (self.board, self.cells, self.v1, self.v2);
        let pair = Mask::single(v1) | Mask::single(v2);
        let extras: Vec<usize> = lp
            .iter()
            .copied()
            .filter(|&c| board.cands(c).len() > 2)
            .collect();
        let rating = loop_rating(lp.len());
        match extras.len() {
            0 => {}
            1 => {
                let c = extras[0];
                push(
                    found,
                    1,
                    base(lp, v1, v2, rating),
                    vec![(c, board.cands(c) & pair)],
                );
            }
            2 => {
                let (c1, c2) = (extras[0], extras[1]);
                let extra = (board.cands(c1) | board.cands(c2)) & !pair;
                if extra.len() == 1 {
                    self.type2(&extras, found);
                } else if extra.len() >= 2 {
                    self.type3(c1, c2, extra, found);
                }
                self.type4(c1, c2, found);
            }
            _ => self.type2(&extras, found),
        }
    }

    fn type2(&self, extras: &[usize], found: &mut Vec<Found>) {
        let (board, lp, v1, v2) = (self.board, self.cells, self.v1, self.v2);
        let pair = Mask::single(v1) | Mask::single(v2);
        let z = board.cands(extras[0]) & !pair;
        // Sound only when every extra cell adds the same single value.
        if z.len() != 1 || extras.iter().any(|&c| board.cands(c) & !pair != z) {
            return;
        }
        let zv = z.first().expect("one value");
        let removes: Vec<(usize, Mask)> = (0..board.size().cells())
            .filter(|&c| {
                !extras.contains(&c)
                    && board.cands(c).contains(zv)
                    && extras.iter().all(|&e| board.sees(c, e))
            })
            .map(|c| (c, z))
            .collect();
        let mut step = base(lp, v1, v2, loop_rating(lp.len()));
        step.values = step.values | z;
        push(found, 2, step, removes);
    }

    fn type3(&self, c1: usize, c2: usize, extra: Mask, found: &mut Vec<Found>) {
        let (board, lp, v1, v2) = (self.board, self.cells, self.v1, self.v2);
        let n = board.size().side();
        let pair = Mask::single(v1) | Mask::single(v2);
        let rating = loop_rating(lp.len());
        for degree in extra.len() as usize..=7 {
            for (r1, r2) in board.regions_of(c1).into_iter().zip(board.regions_of(c2)) {
                if r1 != r2 {
                    continue;
                }
                let region = r1;
                let empty = board.empty_in(region);
                let cells: Vec<usize> = (0..n).map(|k| board.region_cell(region, k)).collect();
                if degree * 2 <= empty {
                    // Naked set: c1 and c2 act as one cell holding the extra
                    // values, with degree - 1 other cells of the unit.
                    let others: Vec<usize> = cells
                        .iter()
                        .copied()
                        .filter(|&c| c != c1 && c != c2 && board.cands(c).len() >= 2)
                        .collect();
                    let _ = first_subset(&others, degree - 1, |set| {
                        let union = set.iter().fold(extra, |m, &c| m | board.cands(c));
                        let named = set
                            .iter()
                            .fold(extra & board.cands(c1) & board.cands(c2), |m, &c| {
                                m | board.cands(c)
                            });
                        if named.len() as usize != degree || union.len() as usize != degree {
                            return None::<()>;
                        }
                        let removes: Vec<(usize, Mask)> = cells
                            .iter()
                            .copied()
                            .filter(|&c| c != c1 && c != c2 && !set.contains(&c))
                            .map(|c| (c, board.cands(c) & union))
                            .filter(|(_, m)| !m.is_empty())
                            .collect();
                        let mut step = base(lp, v1, v2, rating + degree as u8 - 1);
                        step.values = step.values | union;
                        step.regions = vec![region];
                        step.kind =
                            Some(format!("type 3 with a naked {}", super::set_name(degree)));
                        push(found, 3, step, removes);
                        None
                    });
                }
                if degree * 2 < empty {
                    // Hidden set: v1, v2 and degree - 2 values outside the
                    // loop's extras, confined to c1 and degree - 1 other cells.
                    let rest: Vec<u8> = (1..=n as u8)
                        .filter(|&v| !pair.contains(v) && !extra.contains(v))
                        .collect();
                    let i2 = board.index_in(region, c2);
                    let i1 = board.index_in(region, c1);
                    let _ = first_subset(&rest, degree - 2, |set| {
                        let values: Vec<u8> = set.iter().copied().chain([v1, v2]).collect();
                        let mut union = 0u32;
                        for &v in &values {
                            let p = board.positions(region, v) & !(1 << i2);
                            if p == 0 {
                                return None::<()>;
                            }
                            union |= p;
                        }
                        if union.count_ones() as usize != degree {
                            return None;
                        }
                        let hidden = values.iter().fold(Mask::EMPTY, |m, &v| m | Mask::single(v));
                        let removes: Vec<(usize, Mask)> = (0..n)
                            .filter(|&k| union & (1 << k) != 0 && k != i1 && k != i2)
                            .map(|k| board.region_cell(region, k))
                            .map(|c| (c, board.cands(c) & !hidden))
                            .filter(|(_, m)| !m.is_empty())
                            .collect();
                        // SE adds 0.1 per cell of the set beyond c1 and one more
                        // (the set's cells other than c1 and c2, less one).
                        let mut step = base(lp, v1, v2, rating + degree as u8 - 2);
                        step.values = hidden;
                        step.regions = vec![region];
                        step.kind =
                            Some(format!("type 3 with a hidden {}", super::set_name(degree)));
                        push(found, 3, step, removes);
                        None
                    });
                }
            }
        }
    }

    fn type4(&self, c1: usize, c2: usize, found: &mut Vec<Found>) {
        let (board, lp, v1, v2) = (self.board, self.cells, self.v1, self.v2);
        let n = board.size().side();
        let (mut lock1, mut lock2) = (None, None);
        for (r1, r2) in board.regions_of(c1).into_iter().zip(board.regions_of(c2)) {
            if r1 != r2 {
                continue;
            }
            let others = (0..n)
                .map(|k| board.region_cell(r1, k))
                .filter(|&c| c != c1 && c != c2);
            let (mut has1, mut has2) = (false, false);
            for c in others {
                has1 |= board.cands(c).contains(v1);
                has2 |= board.cands(c).contains(v2);
            }
            if !has1 {
                lock1 = Some(r1);
            }
            if !has2 {
                lock2 = Some(r1);
            }
        }
        let (region, gone) = match (lock1, lock2) {
            (Some(r), _) => (r, v2),
            (None, Some(r)) => (r, v1),
            (None, None) => return,
        };
        let mut step = base(lp, v1, v2, loop_rating(lp.len()));
        step.regions = vec![region];
        let g = Mask::single(gone);
        push(found, 4, step, vec![(c1, g), (c2, g)]);
    }
}
