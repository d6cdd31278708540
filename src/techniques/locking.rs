//! Intersections: pointing and claiming.
//!
//! When a value's candidates in a box all lie in one row or column
//! (pointing), or a line's all lie in one box (claiming), the value goes in
//! that intersection, so it can be removed from the rest of the second unit.
//! SE rates pointing 2.6 and claiming 2.8. In "direct" mode SE only counts
//! an intersection whose removals leave a hidden single of the same value
//! in another unit of the first unit's type (a box for pointing, a line for
//! claiming), and then places that single without making the removals:
//! direct pointing 1.7, direct claiming 1.9. Pairs of units are tried in
//! SE's order: box with column, box with row, column with box, row with box.
//!
//! Cost: each check is a few mask operations on the board's positions (a
//! box's cells in one of its rows are `b` consecutive positions; a line's
//! cells in one box too), `2b` crossings per unit.

use super::{Step, Technique, cells_at};
use crate::candidates::Board;
use crate::mask::Mask;

/// The first intersection step; `direct` asks for SE's direct variant.
pub fn find(board: &Board, direct: bool) -> Option<Step> {
    let n = board.size().side();
    let b = board.size().box_size();
    // (box, column), (box, row): the box's positions along one of its
    // columns or rows; then (column, box), (row, box).
    for lines_are_rows in [false, true] {
        for bx in 0..n {
            for i in 0..b {
                let line = line_of_box(n, b, bx, i, lines_are_rows);
                if let Some(s) = pointing(board, bx, line, i, lines_are_rows, direct) {
                    return Some(s);
                }
            }
        }
    }
    for lines_are_rows in [false, true] {
        for l in 0..n {
            let line = if lines_are_rows { n + l } else { 2 * n + l };
            for j in 0..b {
                if let Some(s) = claiming(board, line, l, j, lines_are_rows, direct) {
                    return Some(s);
                }
            }
        }
    }
    None
}

/// The row (or column) region through row (column) `i` of box `bx`.
fn line_of_box(n: usize, b: usize, bx: usize, i: usize, rows: bool) -> usize {
    if rows {
        n + (bx / b) * b + i
    } else {
        2 * n + (bx % b) * b + i
    }
}

/// The positions, within a box, of its row `i` (or column `i`).
fn box_line_mask(b: usize, i: usize, rows: bool) -> u32 {
    let mut m = 0;
    for k in 0..b {
        m |= 1 << if rows { i * b + k } else { k * b + i };
    }
    m
}

/// The positions, within a line, of the cells in its `j`-th box.
fn segment(b: usize, j: usize) -> u32 {
    ((1u32 << b) - 1) << (j * b)
}

fn step(direct: bool, pointing: bool, place: Option<(usize, u8)>) -> Step {
    let (technique, rating) = match (direct, pointing) {
        (true, true) => (Technique::DirectPointing, 17),
        (true, false) => (Technique::DirectClaiming, 19),
        (false, true) => (Technique::Pointing, 26),
        (false, false) => (Technique::Claiming, 28),
    };
    let mut s = Step::new(technique, rating);
    s.place = place;
    s
}

/// Box `bx`'s candidates confined to its line `i` (region `line`).
fn pointing(
    board: &Board,
    bx: usize,
    line: usize,
    i: usize,
    rows: bool,
    direct: bool,
) -> Option<Step> {
    let n = board.size().side();
    let b = board.size().box_size();
    let inside = box_line_mask(b, i, rows);
    // Where the box lies along the line.
    let seg = segment(b, if rows { bx % b } else { bx / b });
    for v in 1..=n as u8 {
        let p = board.positions(bx, v);
        if p.count_ones() <= 1 || p & !inside != 0 {
            continue;
        }
        let victims = board.positions(line, v) & !seg;
        if victims == 0 {
            continue;
        }
        let mut s = if direct {
            // Another box of the same band (stack) crossing the line, left
            // with one place for v.
            let others = (0..b).map(|k| {
                if rows {
                    (bx / b) * b + k
                } else {
                    k * b + bx % b
                }
            });
            let single = others.filter(|&o| o != bx).find_map(|o| {
                let p3 = board.positions(o, v);
                let rest = p3 & !inside;
                (p3.count_ones() > 1 && rest.count_ones() == 1)
                    .then(|| (board.region_cell(o, rest.trailing_zeros() as usize), o))
            });
            let Some((cell, o)) = single else {
                continue;
            };
            let mut s = step(true, true, Some((cell, v)));
            s.regions = vec![bx, line, o];
            s
        } else {
            let mut s = step(false, true, None);
            s.regions = vec![bx, line];
            s.removes = cells_at(board, line, victims)
                .map(|c| (c, Mask::single(v)))
                .collect();
            s
        };
        s.values = Mask::single(v);
        s.cells = cells_at(board, bx, p).collect();
        return Some(s);
    }
    None
}

/// Line `line` (the `l`-th row or column)'s candidates confined to its
/// `j`-th box.
fn claiming(
    board: &Board,
    line: usize,
    l: usize,
    j: usize,
    rows: bool,
    direct: bool,
) -> Option<Step> {
    let n = board.size().side();
    let b = board.size().box_size();
    let seg = segment(b, j);
    let bx = if rows { (l / b) * b + j } else { j * b + l / b };
    let inside = box_line_mask(b, l % b, rows);
    for v in 1..=n as u8 {
        let p = board.positions(line, v);
        if p.count_ones() <= 1 || p & !seg != 0 {
            continue;
        }
        let victims = board.positions(bx, v) & !inside;
        if victims == 0 {
            continue;
        }
        let mut s = if direct {
            // Another line through the same box, left with one place for v.
            let base = if rows { n } else { 2 * n };
            let single = (0..b)
                .map(|k| (l / b) * b + k)
                .filter(|&o| o != l)
                .find_map(|o| {
                    let p3 = board.positions(base + o, v);
                    let rest = p3 & !seg;
                    (p3.count_ones() > 1 && rest.count_ones() == 1).then(|| {
                        (
                            board.region_cell(base + o, rest.trailing_zeros() as usize),
                            base + o,
                        )
                    })
                });
            let Some((cell, o)) = single else {
                continue;
            };
            let mut s = step(true, false, Some((cell, v)));
            s.regions = vec![line, bx, o];
            s
        } else {
            let mut s = step(false, false, None);
            s.regions = vec![line, bx];
            s.removes = cells_at(board, bx, victims)
                .map(|c| (c, Mask::single(v)))
                .collect();
            s
        };
        s.values = Mask::single(v);
        s.cells = cells_at(board, line, p).collect();
        return Some(s);
    }
    None
}
