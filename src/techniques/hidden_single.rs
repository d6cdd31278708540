//! Hidden single: a value with only one place left in a unit goes there.
//!
//! SE rates the last empty cell of a unit (a "full house") 1.0, a hidden
//! single in a box 1.2 and one in a row or column 1.5. It looks for full
//! houses first, then boxes, rows and columns in that order, values in
//! increasing order: the first found is the step. Cost: one load per unit
//! and value (the board keeps each unit's positions per value).

use super::{Step, Technique};
use crate::candidates::Board;

/// The first full house, else the first hidden single (boxes, rows,
/// columns).
pub fn find(board: &Board) -> Option<Step> {
    let n = board.size().side();
    // A unit with one empty cell holds a full house; once none has, no
    // hidden single is alone in its unit.
    for alone in [true, false] {
        for region in 0..board.regions() {
            if alone != (board.empty_in(region) == 1) {
                continue;
            }
            for v in 1..=n as u8 {
                let p = board.positions(region, v);
                if p.count_ones() != 1 {
                    continue;
                }
                let cell = board.region_cell(region, p.trailing_zeros() as usize);
                let (technique, rating) = if alone {
                    (Technique::FullHouse, 10)
                } else if region < n {
                    (Technique::HiddenSingle, 12)
                } else {
                    (Technique::HiddenSingle, 15)
                };
                let mut step = Step::new(technique, rating);
                step.place = Some((cell, v));
                step.regions = vec![region];
                return Some(step);
            }
        }
    }
    None
}
