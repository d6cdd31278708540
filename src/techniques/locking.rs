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
//! **Any shape.** The pairs are read from the shape's crossings (units that
//! share two cells or more, see [`crate::shape::Geometry::crossings`]), so
//! rectangular boxes, jigsaw regions (which take the boxes' part) and a
//! variant's extra units (Hyper's windows with rows and columns, taking a
//! box's part) work the same way; on the classic shapes the pairs, their
//! order and the steps are SE's. A variant's units crossing a box (a
//! diagonal through a box, a window over a box) come last, as pointing.
//!
//! Cost: each check is a few mask operations on the board's positions (the
//! crossing's cells as position masks in both units), one per crossing of
//! each unit and value.

use super::{Step, Technique, cells_at};
use crate::candidates::Board;
use crate::mask::Mask;
use crate::shape::Crossing;

/// The first intersection step; `direct` asks for SE's direct variant.
pub fn find(board: &Board, direct: bool) -> Option<Step> {
    let geometry = board.geometry();
    let n = board.size().side();
    let count = geometry.unit_count();
    let box_like = || (0..n).chain(3 * n..count);
    let line_of = |rows: bool| if rows { n..2 * n } else { 2 * n..3 * n };
    // (box, column), (box, row): the box's candidates along one line; then
    // (column, box), (row, box).
    for lines_are_rows in [false, true] {
        let lines = line_of(lines_are_rows);
        for bx in box_like() {
            for x in geometry.crossings(bx) {
                if lines.contains(&usize::from(x.b))
                    && let Some(s) = pointing(board, x, direct)
                {
                    return Some(s);
                }
            }
        }
    }
    for lines_are_rows in [false, true] {
        for l in line_of(lines_are_rows) {
            for x in geometry.crossings(l) {
                let b = usize::from(x.b);
                if (b < n || b >= 3 * n)
                    && let Some(s) = claiming(board, x, direct)
                {
                    return Some(s);
                }
            }
        }
    }
    // A variant's units with the boxes: either one confined to their
    // crossing clears the rest of the other.
    if !direct {
        for a in box_like() {
            for x in geometry.crossings(a) {
                let b = usize::from(x.b);
                if (b >= 3 * n || b < n && a >= 3 * n)
                    && let Some(s) = pointing(board, x, false)
                {
                    return Some(s);
                }
            }
        }
    }
    None
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

/// Box `x.a`'s candidates confined to its crossing with line `x.b`.
fn pointing(board: &Board, x: &Crossing, direct: bool) -> Option<Step> {
    let geometry = board.geometry();
    let n = board.size().side();
    let (bx, line) = (usize::from(x.a), usize::from(x.b));
    let (inside, seg) = (x.in_a, x.in_b);
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
            // Another box crossing the line, left with one place for v
            // once the line's cells outside box `bx` lose it. Units of the
            // box's kind may overlap (a Hyper window over a box): the
            // other box's cells on the line that lie in `bx` keep v.
            let others = geometry.crossings(line).iter().filter(|o| {
                let o = usize::from(o.b);
                o != bx && (o < n || o >= 3 * n)
            });
            let single = others.into_iter().find_map(|o| {
                let ob = usize::from(o.b);
                let p3 = board.positions(ob, v);
                let rest = p3 & !cleared(board, o, bx);
                (p3.count_ones() > 1 && rest.count_ones() == 1)
                    .then(|| (board.region_cell(ob, rest.trailing_zeros() as usize), ob))
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

/// Line `x.a`'s candidates confined to its crossing with box `x.b`.
fn claiming(board: &Board, x: &Crossing, direct: bool) -> Option<Step> {
    let geometry = board.geometry();
    let n = board.size().side();
    let (line, bx) = (usize::from(x.a), usize::from(x.b));
    let (seg, inside) = (x.in_a, x.in_b);
    // Lines of the same kind (rows, or columns).
    let kind = if line < 2 * n { n..2 * n } else { 2 * n..3 * n };
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
            // Another line through the same box, left with one place for v
            // once the box's cells off the line lose it.
            let single = geometry
                .crossings(bx)
                .iter()
                .filter(|o| usize::from(o.b) != line && kind.contains(&usize::from(o.b)))
                .find_map(|o| {
                    let ol = usize::from(o.b);
                    let p3 = board.positions(ol, v);
                    let rest = p3 & !cleared(board, o, line);
                    (p3.count_ones() > 1 && rest.count_ones() == 1)
                        .then(|| (board.region_cell(ol, rest.trailing_zeros() as usize), ol))
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

/// The positions in unit `o.b` of the cells its crossing `o` shares with
/// unit `o.a` that lie outside unit `keep`: where an intersection of `keep`
/// with `o.a` clears a value from `o.b`. On the classic shapes `o.b` and
/// `keep` share no cell and this is `o.in_b`; a Hyper window overlaps the
/// boxes, and its cells inside `keep` keep the value.
fn cleared(board: &Board, o: &Crossing, keep: usize) -> u32 {
    let bits = board.geometry().unit_bits();
    let ob = usize::from(o.b);
    let mut cleared = 0;
    let mut rest = o.in_b;
    while rest != 0 {
        let k = rest.trailing_zeros();
        rest &= rest - 1;
        if bits[board.region_cell(ob, k as usize)] & 1 << keep == 0 {
            cleared |= 1 << k;
        }
    }
    cleared
}
