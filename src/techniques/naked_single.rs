//! Naked single: a cell with one candidate left takes it (SE 2.3).
//!
//! Cells are tried in reading order. Cost: one pass over the cells.

use super::{Step, Technique};
use crate::candidates::Board;

/// The first cell, in reading order, with exactly one candidate.
pub fn find(board: &Board) -> Option<Step> {
    (0..board.size().cells()).find_map(|cell| {
        let c = board.cands(cell);
        (c.len() == 1).then(|| {
            let mut step = Step::new(Technique::NakedSingle, 23);
            step.place = Some((cell, c.first().expect("one candidate")));
            step
        })
    })
}
