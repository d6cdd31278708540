//! The shared candidate state of a grid being filled or solved: which
//! values each row, column and box (and each extra unit of a variant)
//! already holds, so the candidates of a cell are the values none of its
//! units holds yet.
//!
//! Fills (`backtrack`) build on [`UnitMasks`]; the rater and its techniques
//! on [`Board`], the pencil marks of a puzzle being solved by hand: each
//! empty cell's candidates, and for each unit and value the cells of the
//! unit still holding that candidate. [`Mask`] is the set type underneath.

use crate::grid::{Geometry, Grid, MAX_CELLS, Place, Shape, Size};
use crate::mask::Mask;
use crate::shape::{Geo, MAX_UNITS};

/// The values already placed in each row, column and box (or region) of a
/// grid being filled, and in each extra unit of its variant: the
/// candidates of a cell are the values none of its units holds yet.
///
/// Each array has 32 (or 8) slots, indexed through `& 31` (`& 7`): units
/// number at most 25 of a kind, and extra units at most 4, so the hot
/// loops that use it carry no bounds checks.
#[derive(Clone, Debug)]
pub struct UnitMasks {
    rows: [Mask; 32],
    cols: [Mask; 32],
    boxes: [Mask; 32],
    extra: [Mask; 8],
}

impl Default for UnitMasks {
    fn default() -> Self {
        UnitMasks {
            rows: [Mask::EMPTY; 32],
            cols: [Mask::EMPTY; 32],
            boxes: [Mask::EMPTY; 32],
            extra: [Mask::EMPTY; 8],
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
        let m = self.rows[r] | self.cols[c] | self.boxes[b];
        if p.extra == 0 {
            m
        } else {
            m | self.extra_used(p.extra)
        }
    }

    /// The values used by the extra units `extra` (a bit each).
    #[cold]
    fn extra_used(&self, extra: u8) -> Mask {
        let mut m = Mask::EMPTY;
        let mut bits = extra;
        while bits != 0 {
            m = m | self.extra[usize::from(bits.trailing_zeros() as u8 & 7)];
            bits &= bits - 1;
        }
        m
    }

    /// Adds or removes `value` in the extra units `extra`.
    #[cold]
    fn mark_extra(&mut self, extra: u8, value: u8, on: bool) {
        let mut bits = extra;
        while bits != 0 {
            let slot = &mut self.extra[usize::from(bits.trailing_zeros() as u8 & 7)];
            if on {
                slot.insert(value);
            } else {
                slot.remove(value);
            }
            bits &= bits - 1;
        }
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
        if p.extra != 0 {
            self.mark_extra(p.extra, value, true);
        }
    }

    /// Forgets `value` at `p`.
    #[inline]
    pub fn unplace(&mut self, p: Place, value: u8) {
        let (r, c, b) = Self::slots(p);
        self.rows[r].remove(value);
        self.cols[c].remove(value);
        self.boxes[b].remove(value);
        if p.extra != 0 {
            self.mark_extra(p.extra, value, false);
        }
    }

    /// What each unit of `grid` holds: its givens placed.
    pub fn of(grid: &Grid) -> UnitMasks {
        let places = grid.geometry().places();
        let mut units = UnitMasks::default();
        for (i, &v) in grid.cells().iter().enumerate() {
            if v != 0 {
                units.place(places[i], v);
            }
        }
        units
    }
}

/// Which singles [`singles_fill`] applies. Each takes in the ones before
/// it, in the order of Sudoku Explainer's ratings: the last empty cell of a
/// unit (a full house, 1.0), a value with one place left in a box (hidden
/// single in a box, 1.2), or in any unit (in a row or column, 1.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Singles {
    /// Full houses only.
    FullHouses,
    /// Full houses and hidden singles in boxes.
    InBoxes,
    /// Every hidden single (full houses are hidden singles too).
    Hidden,
}

/// Whether `singles`, applied until none is left, fill `target` in
/// `puzzle` (or, for a `target` out of range, every empty cell). `units`
/// holds what each unit of `puzzle` holds. [`singles_fill_all`] takes a
/// set of targets.
///
/// Singles only become more available as cells fill (a value's places in
/// a unit only shrink), so the cells they fill do not depend on the order
/// they are applied in, and a puzzle with more givens of the same solution
/// lets them fill at least as much. Each round finds the singles of every
/// unit and places them at once (their peers lose the value before the
/// next unit is looked at); it stops when a round places nothing, so there
/// are at most as many rounds as empty cells. Singles are taken to be
/// right: on givens with no solution the answer means nothing, but the
/// work stays bounded.
pub fn singles_fill(puzzle: &Grid, units: &UnitMasks, target: usize, singles: Singles) -> bool {
    let one = [target];
    let targets = (target < puzzle.size().cells()).then_some(&one[..]);
    singles_fill_all(puzzle, units, targets, singles)
}

/// Whether `singles`, applied until none is left, fill every cell of
/// `targets` in `puzzle` (distinct empty cells of it; with `None`, every
/// empty cell), as [`singles_fill`] does for one.
pub fn singles_fill_all(
    puzzle: &Grid,
    units: &UnitMasks,
    targets: Option<&[usize]>,
    singles: Singles,
) -> bool {
    match puzzle.size().cells() {
        0..=16 => fill_sized::<16>(puzzle, units, targets, singles),
        17..=81 => fill_sized::<81>(puzzle, units, targets, singles),
        82..=256 => fill_sized::<256>(puzzle, units, targets, singles),
        _ => fill_sized::<625>(puzzle, units, targets, singles),
    }
}

/// [`singles_fill_all`] for a size of `CELLS` cells (the work array then fits
/// the size).
fn fill_sized<const CELLS: usize>(
    puzzle: &Grid,
    units: &UnitMasks,
    targets: Option<&[usize]>,
    singles: Singles,
) -> bool {
    let size = puzzle.size();
    let n = size.side();
    let geometry = puzzle.geometry();
    let places = geometry.places();
    let full = size.full_mask().0;
    // Units are the boxes (or regions), then the rows, then the columns,
    // then a variant's units: hidden singles are looked for in the first
    // `hidden_units`, full houses elsewhere.
    let hidden_units = match singles {
        Singles::FullHouses => 0,
        Singles::InBoxes => n,
        Singles::Hidden => geometry.unit_count(),
    };
    // The candidates of each empty cell (0 once filled, and for givens).
    let mut cand = [0u32; CELLS];
    let mut empty = 0;
    for ((c, &v), p) in cand.iter_mut().zip(puzzle.cells()).zip(places) {
        if v == 0 {
            *c = full & !units.used(*p).0;
            empty += 1;
        }
    }
    // The targets not filled yet.
    let mut wanted = targets.map_or(empty, <[usize]>::len);
    if wanted == 0 {
        return true;
    }
    let unit_cells = geometry.unit_cells();
    while empty > 0 {
        let mut placed = false;
        for (u, unit) in unit_cells.chunks_exact(n).enumerate() {
            let mut found = if u < hidden_units {
                // The values with one place in the unit.
                let (mut once, mut twice) = (0u32, 0u32);
                for &c in unit {
                    let m = cand[usize::from(c)];
                    twice |= once & m;
                    once |= m;
                }
                once & !twice
            } else {
                // The one value left, if one cell is left.
                let (mut open, mut last) = (0, 0u32);
                for &c in unit {
                    let m = cand[usize::from(c)];
                    open += usize::from(m != 0);
                    last |= m;
                }
                if open == 1 { last } else { 0 }
            };
            while found != 0 {
                let bit = found & found.wrapping_neg();
                found ^= bit;
                let Some(&cell) = unit.iter().find(|&&c| cand[usize::from(c)] & bit != 0) else {
                    continue;
                };
                let cell = usize::from(cell);
                if targets.is_none_or(|t| t.contains(&cell)) {
                    wanted -= 1;
                    if wanted == 0 {
                        return true;
                    }
                }
                cand[cell] = 0;
                for &p in geometry.peers(cell) {
                    cand[usize::from(p)] &= !bit;
                }
                empty -= 1;
                placed = true;
            }
        }
        if !placed {
            return false;
        }
    }
    true
}

/// The pencil marks of a puzzle being solved by hand.
///
/// Units ("regions") are numbered as Sudoku Explainer orders them: boxes
/// (or jigsaw regions) `0..n`, then rows `n..2n`, then columns `2n..3n`,
/// then a variant's extra units. Cell `k` of a region is its `k`-th cell
/// in reading order. For each region and value, a bit set of the region's
/// cells that still hold the value as a candidate is kept up to date, so
/// "where can 5 go in row 3" is one load.
#[derive(Clone)]
pub struct Board {
    shape: Shape,
    geometry: Geo,
    values: [u8; MAX_CELLS],
    cands: [Mask; MAX_CELLS],
    /// `pos[region][v - 1]`: bit `k` set when cell `k` of the region holds
    /// `v` as a candidate.
    pos: [[u32; crate::grid::MAX_SIDE]; MAX_UNITS],
    /// Empty cells per region.
    empty_in: [u8; MAX_UNITS],
    empty: usize,
}

impl Board {
    /// The pencil marks of `puzzle`: each empty cell holds every value that
    /// no given in its units holds. Returns `None` when two givens of a
    /// unit repeat a value.
    pub fn new(puzzle: &Grid) -> Option<Board> {
        let shape = puzzle.shape().clone();
        let geometry = shape.geo();
        let size = shape.size();
        let mut units = UnitMasks::default();
        let places = geometry.places();
        for (i, &v) in puzzle.cells().iter().enumerate() {
            if v != 0 {
                if units.used(places[i]).contains(v) && Self::repeats(puzzle, &geometry, i) {
                    return None;
                }
                units.place(places[i], v);
            }
        }
        let mut board = Board {
            shape,
            geometry: geometry.clone(),
            values: [0; MAX_CELLS],
            cands: [Mask::EMPTY; MAX_CELLS],
            pos: [[0; crate::grid::MAX_SIDE]; MAX_UNITS],
            empty_in: [0; MAX_UNITS],
            empty: 0,
        };
        let full = size.full_mask();
        for (i, &v) in puzzle.cells().iter().enumerate() {
            board.values[i] = v;
            if v == 0 {
                board.empty += 1;
                for &r in geometry.cell_units(i).units() {
                    board.empty_in[usize::from(r)] += 1;
                }
                let c = full & !units.used(places[i]);
                board.cands[i] = c;
                for u in c.iter() {
                    board.set_positions(i, u, true);
                }
            }
        }
        Some(board)
    }

    /// Whether the given at `cell` repeats in one of its units.
    fn repeats(puzzle: &Grid, geometry: &Geometry, cell: usize) -> bool {
        let v = puzzle.cells()[cell];
        geometry
            .peers(cell)
            .iter()
            .any(|&p| puzzle.cells()[usize::from(p)] == v)
    }

    /// The grid's size.
    #[inline]
    pub fn size(&self) -> Size {
        self.shape.size()
    }

    /// The grid's shape.
    #[inline]
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The unit tables of the grid's shape.
    #[inline]
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The value at `cell` (0 if empty).
    #[inline]
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The candidates of `cell` (empty once it holds a value).
    #[inline]
    pub fn cands(&self, cell: usize) -> Mask {
        self.cands[cell]
    }

    /// How many cells are still empty.
    #[inline]
    pub fn empty_cells(&self) -> usize {
        self.empty
    }

    /// The cells of region `r` still holding `v` as a candidate, as a bit
    /// set of positions within the region.
    #[inline]
    pub fn positions(&self, region: usize, v: u8) -> u32 {
        self.pos[region][usize::from(v) - 1]
    }

    /// How many cells of region `r` are still empty.
    #[inline]
    pub fn empty_in(&self, region: usize) -> usize {
        usize::from(self.empty_in[region])
    }

    /// The number of regions (`3n`, and a variant's extra units).
    #[inline]
    pub fn regions(&self) -> usize {
        self.geometry.unit_count()
    }

    /// The cell index of the `k`-th cell of region `region`.
    #[inline]
    pub fn region_cell(&self, region: usize, k: usize) -> usize {
        usize::from(self.geometry.unit(region)[k])
    }

    /// The box (or jigsaw region), row and column regions of `cell`, in
    /// that order (a variant's extra units are in
    /// [`Board::units_of`]).
    #[inline]
    pub fn regions_of(&self, cell: usize) -> [usize; 3] {
        let units = self.geometry.cell_units(cell).units();
        [
            usize::from(units[0]),
            usize::from(units[1]),
            usize::from(units[2]),
        ]
    }

    /// Every region of `cell`: its box (or jigsaw region), row, column,
    /// then its extra units.
    #[inline]
    pub fn units_of(&self, cell: usize) -> &[u8] {
        self.geometry.cell_units(cell).units()
    }

    /// Where `cell` lies within region `region` (which must hold it).
    #[inline]
    pub fn index_in(&self, region: usize, cell: usize) -> usize {
        let cu = self.geometry.cell_units(cell);
        let i = cu.units().iter().position(|&u| usize::from(u) == region);
        usize::from(cu.positions()[i.unwrap_or(0)])
    }

    /// Whether two different cells share a unit.
    #[inline]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.geometry.sees(a, b)
    }

    fn set_positions(&mut self, cell: usize, v: u8, on: bool) {
        let cu = self.geometry.cell_units(cell);
        for (&r, &k) in cu.units().iter().zip(cu.positions()) {
            let bit = 1u32 << k;
            let slot = &mut self.pos[usize::from(r)][usize::from(v) - 1];
            if on {
                *slot |= bit;
            } else {
                *slot &= !bit;
            }
        }
    }

    /// Places `v` at `cell` and removes `v` from the candidates of its peers.
    pub fn place(&mut self, cell: usize, v: u8) {
        if self.values[cell] != 0 {
            return;
        }
        for u in self.cands[cell].iter() {
            self.set_positions(cell, u, false);
        }
        self.cands[cell] = Mask::EMPTY;
        self.values[cell] = v;
        self.empty -= 1;
        for &r in self.geometry.cell_units(cell).units() {
            self.empty_in[usize::from(r)] -= 1;
        }
        let geometry = self.geometry.clone();
        for &p in geometry.peers(cell) {
            self.remove(usize::from(p), v);
        }
    }

    /// Removes candidate `v` from `cell`; returns whether it was there.
    pub fn remove(&mut self, cell: usize, v: u8) -> bool {
        if !self.cands[cell].contains(v) {
            return false;
        }
        self.cands[cell].remove(v);
        self.set_positions(cell, v, false);
        true
    }

    /// The cells' values as a grid.
    pub fn grid(&self) -> Grid {
        Grid::from_values(&self.shape, &self.values[..self.shape.cells()])
            .expect("values fit the size")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn place_and_unplace_track_every_unit_of_a_cell() {
        let nine = Shape::from(Size::S9);
        let places = nine.places();
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

    /// The cells hidden singles fill from `puzzle` (9x9), the plain way:
    /// scan every unit and value until nothing changes.
    fn naive_hidden_closure(puzzle: &Grid) -> Grid {
        let mut g = puzzle.clone();
        let unit = |u: usize, k: usize| match u / 9 {
            0 => (u % 9, k),
            1 => (k, u % 9),
            _ => (u % 9 / 3 * 3 + k / 3, u % 9 % 3 * 3 + k % 3),
        };
        let fits = |g: &Grid, r: usize, c: usize, v: u8| {
            g.get(r, c) == 0
                && (0..9).all(|k| g.get(r, k) != v && g.get(k, c) != v)
                && (0..9).all(|k| g.get(r / 3 * 3 + k / 3, c / 3 * 3 + k % 3) != v)
        };
        loop {
            let mut changed = false;
            for u in 0..27 {
                for v in 1..=9 {
                    let spots: Vec<_> = (0..9)
                        .map(|k| unit(u, k))
                        .filter(|&(r, c)| fits(&g, r, c, v))
                        .collect();
                    if let [(r, c)] = spots[..] {
                        g.set(r, c, v);
                        changed = true;
                    }
                }
            }
            if !changed {
                return g;
            }
        }
    }

    /// With targets, `singles_fill` says whether hidden singles fill all
    /// of them: compared with a plain closure on puzzles emptied to many
    /// depths and random target sets (some filled, some not).
    #[test]
    fn singles_fill_reaches_exactly_the_targets_the_plain_closure_fills() {
        use crate::random::{below, grid_rng, shuffle};
        use crate::strategies::Strategy;
        let (mut yes, mut no) = (0, 0);
        for i in 0..200 {
            let mut rng = grid_rng(61, i);
            let grid = Strategy::Uniform.grid(&mut rng, Size::S9);
            let mut order: Vec<usize> = (0..81).collect();
            shuffle(&mut rng, &mut order);
            let emptied = &order[..20 + below(&mut rng, 50) as usize];
            let mut puzzle = grid.clone();
            for &c in emptied {
                puzzle.cells_mut()[c] = 0;
            }
            let closure = naive_hidden_closure(&puzzle);
            let units = UnitMasks::of(&puzzle);
            for n in [1, 2, 4, 8] {
                let targets = &emptied[..n.min(emptied.len())];
                let expected = targets.iter().all(|&c| closure.cells()[c] != 0);
                let got = singles_fill_all(&puzzle, &units, Some(targets), Singles::Hidden);
                assert_eq!(got, expected, "#{i} targets {targets:?}");
                if expected { yes += 1 } else { no += 1 }
            }
            let all = closure.cells().iter().all(|&v| v != 0);
            let whole = singles_fill_all(&puzzle, &units, None, Singles::Hidden);
            assert_eq!(whole, all, "#{i}");
            let whole = singles_fill(&puzzle, &units, usize::MAX, Singles::Hidden);
            assert_eq!(whole, all, "#{i}");
            let first = emptied[0];
            let one = singles_fill(&puzzle, &units, first, Singles::Hidden);
            assert_eq!(one, closure.cells()[first] != 0, "#{i}");
            assert!(singles_fill_all(
                &puzzle,
                &units,
                Some(&[]),
                Singles::Hidden
            ));
        }
        assert!(yes > 50 && no > 50, "{yes} filled, {no} not");
    }

    #[test]
    fn board_keeps_positions_in_step_with_candidates() {
        let mut g = Grid::empty(Size::S9);
        g.set(0, 0, 5);
        let mut b = Board::new(&g).unwrap();
        assert_eq!(b.empty_cells(), 80);
        // Row 1 (region 9): 5 can go nowhere but... nowhere: r1c1 holds it.
        assert_eq!(b.positions(9, 5), 0);
        // Row 2 (region 10): 5 only outside box 1, cells 3..8.
        assert_eq!(b.positions(10, 5), 0b1_1111_1000);
        b.place(b.region_cell(10, 4), 5);
        assert_eq!(b.positions(10, 5), 0);
        // Column 5 (region 22) lost 5 everywhere.
        assert_eq!(b.positions(22, 5), 0);
        assert!(b.remove(80, 1));
        assert!(!b.remove(80, 1));
        assert_eq!(b.positions(8, 1) & (1 << 8), 0);
        for r in 0..27 {
            for k in 0..9 {
                let cell = b.region_cell(r, k);
                assert_eq!(b.index_in(r, cell), k);
                assert!(b.regions_of(cell).contains(&r));
            }
        }
        let mut bad = Grid::empty(Size::S9);
        bad.set(0, 0, 5);
        bad.set(0, 8, 5);
        assert!(Board::new(&bad).is_none());
    }
}
