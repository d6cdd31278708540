//! Naked pairs, triples and quads: `d` cells of a unit whose candidates
//! together are `d` values take those values, so the values go from the
//! unit's other cells.
//!
//! SE rates naked pair 3.0, triple 3.6, quad 5.0, looks at boxes, then
//! columns, then rows, only in units with at least `2d` empty cells, and
//! each cell of the set must have at least two candidates. Cost: subsets of
//! the unit's cells with 2 to `d` candidates, at most C(9, 4) = 126 per 9x9
//! unit.

use super::{Step, Technique, boxes_columns_rows, first_subset};
use crate::candidates::Board;
use crate::mask::Mask;

/// The first naked set of `degree` cells.
pub fn find(board: &Board, degree: usize) -> Option<Step> {
    let n = board.size().side();
    for region in boxes_columns_rows(board) {
        if board.empty_in(region) < 2 * degree {
            continue;
        }
        let cells: Vec<usize> = (0..n)
            .map(|k| board.region_cell(region, k))
            .filter(|&c| (2..=degree as u32).contains(&board.cands(c).len()))
            .collect();
        let found = first_subset(&cells, degree, |set| {
            let union = set.iter().fold(Mask::EMPTY, |m, &c| m | board.cands(c));
            if union.len() as usize != degree {
                return None;
            }
            let removes: Vec<(usize, Mask)> = (0..n)
                .map(|k| board.region_cell(region, k))
                .filter(|c| !set.contains(c))
                .map(|c| (c, board.cands(c) & union))
                .filter(|(_, m)| !m.is_empty())
                .collect();
            if removes.is_empty() {
                return None;
            }
            let (technique, rating) = match degree {
                2 => (Technique::NakedPair, 30),
                3 => (Technique::NakedTriple, 36),
                _ => (Technique::NakedQuad, 50),
            };
            let mut step = Step::new(technique, rating);
            step.values = union;
            step.cells = set.to_vec();
            step.regions = vec![region];
            step.removes = removes;
            Some(step)
        });
        if found.is_some() {
            return found;
        }
    }
    None
}
