//! The shared candidate state of a grid being filled or solved: which
//! values each row, column and box already holds, so the candidates of a
//! cell are the values none of its three units holds yet.
//!
//! Fills (`backtrack`), and later the solver and the rater, build on this one
//! piece; [`Mask`] is the set type underneath.

use crate::grid::Place;
use crate::mask::Mask;

/// The values already placed in each row, column and box of a grid being
/// filled: the candidates of a cell are the values none of its three units
/// holds yet.
///
/// Each array has 32 slots, indexed through `& 31` (units number at most
/// 25), so the hot loops that use it carry no bounds checks.
#[derive(Clone, Debug)]
pub struct UnitMasks {
    rows: [Mask; 32],
    cols: [Mask; 32],
    boxes: [Mask; 32],
}

impl Default for UnitMasks {
    fn default() -> Self {
        UnitMasks {
            rows: [Mask::EMPTY; 32],
            cols: [Mask::EMPTY; 32],
            boxes: [Mask::EMPTY; 32],
        }
    }
}

impl UnitMasks {
    /// Forgets every placement.
    #[inline]
    pub fn clear(&mut self) {
        *self = UnitMasks::default();
    }

    /// The values used by any unit of the cell at `p`.
    #[inline]
    pub fn used(&self, p: Place) -> Mask {
        let (r, c, b) = Self::slots(p);
        self.rows[r] | self.cols[c] | self.boxes[b]
    }

    #[inline]
    fn slots(p: Place) -> (usize, usize, usize) {
        (
            p.row as usize & 31,
            p.col as usize & 31,
            p.boxn as usize & 31,
        )
    }

    /// Records `value` at `p`.
    #[inline]
    pub fn place(&mut self, p: Place, value: u8) {
        let (r, c, b) = Self::slots(p);
        self.rows[r].insert(value);
        self.cols[c].insert(value);
        self.boxes[b].insert(value);
    }

    /// Forgets `value` at `p`.
    #[inline]
    pub fn unplace(&mut self, p: Place, value: u8) {
        let (r, c, b) = Self::slots(p);
        self.rows[r].remove(value);
        self.cols[c].remove(value);
        self.boxes[b].remove(value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Size;

    #[test]
    fn place_and_unplace_track_every_unit_of_a_cell() {
        let places = Size::S9.places();
        let mut m = UnitMasks::default();
        // r1c1 (box 1) and r2c5 (box 2).
        m.place(places[0], 4);
        m.place(places[13], 7);
        // r1c5 shares row 1 with r1c1 and column 5 and box 2 with r2c5.
        assert_eq!(m.used(places[4]), Mask::single(4) | Mask::single(7));
        // r9c9 shares nothing with either.
        assert_eq!(m.used(places[80]), Mask::EMPTY);
        m.unplace(places[0], 4);
        assert_eq!(m.used(places[4]), Mask::single(7));
        m.clear();
        assert_eq!(m.used(places[4]), Mask::EMPTY);
    }
}
