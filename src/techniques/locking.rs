//! Intersections: pointing and claiming.
//!
//! When a value's candidates in a box all lie in one row or column
//! (pointing), or a line's all lie in one box (claiming), the value goes in
//! that intersection, so it can be removed from the rest of the second unit.
//! SE rates pointing 2.6 and claiming 2.8. In "direct" mode SE only counts
//! an intersection whose removals leave a hidden single of the same value
//! in another unit of the first unit's type (a box for pointing, a line for
//! claiming), and then places that single without making the removals: direct pointing 1.7, direct
//! claiming 1.9. Pairs of units are tried in SE's order: box with column,
//! box with row, column with box, row with box.

use super::{Step, Technique, cells_at};
use crate::candidates::Board;
use crate::mask::Mask;

/// The first intersection step; `direct` asks for SE's direct variant.
pub fn find(board: &Board, direct: bool) -> Option<Step> {
    let n = board.size().side();
    let boxes = 0..n;
    let rows = n..2 * n;
    let cols = 2 * n..3 * n;
    let orders = [
        (boxes.clone(), cols.clone()),
        (boxes.clone(), rows.clone()),
        (cols, boxes.clone()),
        (rows, boxes),
    ];
    for (first, second) in orders {
        for r1 in first.clone() {
            for r2 in second.clone() {
                if let Some(step) = intersect(board, r1, r2, first.clone(), direct) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// Whether `cell` lies in `region`.
fn in_region(board: &Board, cell: usize, region: usize) -> bool {
    board.regions_of(cell).contains(&region)
}

fn crosses(board: &Board, a: usize, b: usize) -> bool {
    (0..board.size().side()).any(|k| in_region(board, board.region_cell(a, k), b))
}

fn intersect(
    board: &Board,
    r1: usize,
    r2: usize,
    same_type: std::ops::Range<usize>,
    direct: bool,
) -> Option<Step> {
    if !crosses(board, r1, r2) {
        return None;
    }
    let n = board.size().side();
    let pointing = r1 < n;
    for v in 1..=n as u8 {
        let p = board.positions(r1, v);
        if p.count_ones() <= 1 || !cells_at(board, r1, p).all(|c| in_region(board, c, r2)) {
            continue;
        }
        // The removals: cells of r2 outside r1 holding v.
        let victims: Vec<usize> = cells_at(board, r2, board.positions(r2, v))
            .filter(|&c| !in_region(board, c, r1))
            .collect();
        if victims.is_empty() {
            continue;
        }
        let mut step = if direct {
            let Some((cell, r3)) = following_single(board, r1, r2, same_type.clone(), v) else {
                continue;
            };
            let technique = if pointing {
                Technique::DirectPointing
            } else {
                Technique::DirectClaiming
            };
            let mut step = Step::new(technique, if pointing { 17 } else { 19 });
            step.place = Some((cell, v));
            step.regions = vec![r1, r2, r3];
            step
        } else {
            let technique = if pointing {
                Technique::Pointing
            } else {
                Technique::Claiming
            };
            let mut step = Step::new(technique, if pointing { 26 } else { 28 });
            step.regions = vec![r1, r2];
            step
        };
        step.values = Mask::single(v);
        step.cells = cells_at(board, r1, p).collect();
        // As in SE, a direct step only places its single.
        if !direct {
            step.removes = victims.into_iter().map(|c| (c, Mask::single(v))).collect();
        }
        return Some(step);
    }
    None
}

/// A unit of the first unit's type, other than `r1`, crossing `r2`, in
/// which `v` keeps one place once `r2`'s cells lose it: (that cell, unit).
fn following_single(
    board: &Board,
    r1: usize,
    r2: usize,
    same_type: std::ops::Range<usize>,
    v: u8,
) -> Option<(usize, usize)> {
    for r3 in same_type {
        if r3 == r1 || !crosses(board, r3, r2) {
            continue;
        }
        let p3 = board.positions(r3, v);
        if p3.count_ones() <= 1 {
            continue;
        }
        let mut remain = cells_at(board, r3, p3).filter(|&c| !in_region(board, c, r2));
        if let (Some(cell), None) = (remain.next(), remain.next()) {
            return Some((cell, r3));
        }
    }
    None
}
