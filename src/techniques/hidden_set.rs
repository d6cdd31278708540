//! Hidden pairs, triples and quads: `d` values of a unit whose candidates
//! lie in the same `d` cells own those cells, so the cells' other
//! candidates go.
//!
//! SE rates hidden pair 3.4, triple 4.0, quad 5.4, and looks at boxes, then
//! columns, then rows, only in units with more than `2d` empty cells (a
//! smaller hidden set is then the complement of a naked one). Every value of
//! the set must have at least two places. In "direct" mode (pairs 2.0,
//! triples 2.5) SE counts a hidden set only when the removals leave a hidden
//! single of another value in the same unit, and then places that single
//! without making the removals; direct mode looks at units with more than
//! `d` empty cells.
//!
//! Cost: subsets of the unit's values with 2 to `d` places each, so at most
//! C(9, 4) = 126 per 9x9 unit and usually far fewer.

use super::{Step, Technique, boxes_columns_rows, cells_at, first_subset};
use crate::candidates::Board;
use crate::mask::Mask;

/// The first hidden set of `degree` values; `direct` asks for SE's direct
/// variant (degree 2 or 3).
pub fn find(board: &Board, degree: usize, direct: bool) -> Option<Step> {
    let n = board.size().side();
    for region in boxes_columns_rows(board) {
        let empty = board.empty_in(region);
        if !(empty > 2 * degree || (direct && empty > degree)) {
            continue;
        }
        let values: Vec<u8> = (1..=n as u8)
            .filter(|&v| (2..=degree as u32).contains(&board.positions(region, v).count_ones()))
            .collect();
        let found = first_subset(&values, degree, |set| {
            let union = set.iter().fold(0, |u, &v| u | board.positions(region, v));
            if union.count_ones() as usize != degree {
                return None;
            }
            let set_mask = set.iter().fold(Mask::EMPTY, |m, &v| m | Mask::single(v));
            let removes: Vec<(usize, Mask)> = cells_at(board, region, union)
                .map(|c| (c, board.cands(c) & !set_mask))
                .filter(|(_, m)| !m.is_empty())
                .collect();
            if removes.is_empty() {
                return None;
            }
            let technique = match (degree, direct) {
                (2, true) => Technique::DirectHiddenPair,
                (3, true) => Technique::DirectHiddenTriple,
                (2, false) => Technique::HiddenPair,
                (3, false) => Technique::HiddenTriple,
                _ => Technique::HiddenQuad,
            };
            let rating = match (degree, direct) {
                (2, true) => 20,
                (3, true) => 25,
                (2, false) => 34,
                (3, false) => 40,
                _ => 54,
            };
            let mut step = Step::new(technique, rating);
            if direct {
                let single = (1..=n as u8)
                    .filter(|&w| !set_mask.contains(w))
                    .find_map(|w| {
                        let p = board.positions(region, w);
                        let rest = p & !union;
                        (p.count_ones() > 1 && rest.count_ones() == 1)
                            .then(|| (board.region_cell(region, rest.trailing_zeros() as usize), w))
                    })?;
                step.place = Some(single);
            }
            step.values = set_mask;
            step.cells = cells_at(board, region, union).collect();
            step.regions = vec![region];
            // As in SE, a direct step only places its single.
            if !direct {
                step.removes = removes;
            }
            Some(step)
        });
        if found.is_some() {
            return found;
        }
    }
    None
}
