//! The bitboard solver, for the small and middle shapes other than the
//! classic 9x9 and 16x16: rectangular boxes (6x6, 8x8, 10x10, 12x12, ...),
//! X, Hyper and Jigsaw up to 12x12, and the shapes without a variant up
//! to 16x16 ([`takes`]). (9x9 X and Hyper searches that keep no solution
//! go to [`super::bands_x`] instead.)
//!
//! **Algorithm.** The state is a set of cells per value, a bit per cell
//! (one to four 64-bit words): the cells where the value may still go, a
//! fixed cell being in its own value's set alone. Fixing a cell takes it
//! out of every other value's set and takes its peers (read whole from the
//! shape's tables) out of its value's set: a few word operations, whatever
//! the shape. Deduction alternates two rules until neither applies:
//! *naked singles*, found for all cells at once by counting the value sets
//! bit-sliced (the open cells in one set only are singles, those in none
//! kill the branch), and *hidden singles*, a value with one place left in
//! a unit that does not hold it yet (a value with none kills the branch;
//! the units already holding a value are skipped, and only the units
//! whose places of the value changed since the last look are read, a bit
//! per unit each). Then the search guesses, depth first, on the cell with
//! two candidates whose values have the fewest places in its units (the
//! sets counted once more, to three, find those cells), or on a
//! fewest-candidate cell when none has two, and tries the values from the
//! lowest (the hint's first).
//!
//! **Why a solver of its own.** The per-cell solver ([`super::generic`])
//! carries what the hardest 25x25 puzzles need (all-different filtering,
//! counted places, learned weights) in a state sized for 625 cells; the
//! uniqueness checks of the puzzle maker on 6x6, 12x12 or X puzzles are
//! settled by singles and a guess or two, where that machinery costs more
//! than it saves. Here a 9x9 X state is about 600 bytes. The figures are in
//! docs/PERFORMANCE.md ("Shapes and variants").
//!
//! **Limits.** No locked candidates or subsets (tried: half the guesses,
//! more time): a hard puzzle takes more guesses than in the per-cell
//! solver, which keeps the variants past 12x12 and every shape past 16x16
//! (18x18 and up).

use super::explore::{Node, explore};
use super::{Budget, Found};
use crate::grid::{Geometry, Grid, Shape};
use crate::shape::CellSet;

/// The most values (the side) this solver takes.
pub const MAX_VALUES: usize = 16;

/// The most cells this solver takes.
pub const MAX_CELLS: usize = 256;

/// Whether the bitboard solver takes puzzles of `shape`: every shape up to
/// 12x12, and those without a variant up to 16x16. (A variant adds units
/// that singles alone use poorly on large grids: minimal 16x16 X puzzles
/// took six times longer here than in the per-cell solver, 14x14 and
/// 15x15 ones without a variant 40% less; docs/PERFORMANCE.md.)
pub fn takes(shape: &Shape) -> bool {
    let side = shape.size().side();
    side <= 12 || (shape.is_plain() && side <= MAX_VALUES)
}

/// A set of cells in `W` words.
type Set<const W: usize> = [u64; W];

/// The first `W` words of a shape's cell set.
#[inline(always)]
fn words<const W: usize>(s: &CellSet) -> Set<W> {
    std::array::from_fn(|w| s[w])
}

/// A search state: the places of each value, the open cells, and the
/// units that do not yet hold each value.
#[derive(Clone)]
struct Board<'g, const W: usize> {
    geometry: &'g Geometry,
    peers: &'g [CellSet],
    units: &'g [CellSet],
    unit_bits: &'g [u128],
    /// The side (number of values).
    n: usize,
    /// `places[v]`: the cells that may hold value `v + 1`; a fixed cell is
    /// in its value's set alone.
    places: [Set<W>; MAX_VALUES],
    /// The cells not yet fixed.
    open: Set<W>,
    /// `todo[v]`: the units (a bit each) that do not yet hold `v + 1`.
    todo: [u64; MAX_VALUES],
    /// `dirty[v]`: the units where the places of `v + 1` changed since
    /// [`Board::hidden_singles`] last looked.
    dirty: [u64; MAX_VALUES],
}

impl<'g, const W: usize> Board<'g, W> {
    /// The state of `grid`'s givens, with `exclude`'s value ruled out at
    /// its cell; `None` if two givens clash.
    fn new(grid: &'g Grid, exclude: Option<(usize, u8)>) -> Option<Self> {
        let geometry = grid.geometry();
        let n = grid.size().side();
        let cells = n * n;
        debug_assert!(n <= MAX_VALUES && cells <= 64 * W);
        debug_assert!(geometry.unit_count() <= 64);
        let peers = geometry.peer_sets();
        let unit_bits = geometry.unit_bits();
        let all_units = (1u64 << geometry.unit_count()) - 1;
        let mut given = [[0u64; W]; MAX_VALUES];
        let mut seen = [[0u64; W]; MAX_VALUES];
        let mut todo = [0u64; MAX_VALUES];
        todo[..n].fill(all_units);
        let mut open: Set<W> = std::array::from_fn(|w| {
            let bits = cells.saturating_sub(64 * w).min(64);
            if bits == 64 {
                u64::MAX
            } else {
                (1 << bits) - 1
            }
        });
        for (c, &v) in grid.cells().iter().enumerate() {
            if v == 0 {
                continue;
            }
            let (k, w, b) = (usize::from(v) - 1, c / 64, 1u64 << (c % 64));
            if seen[k][w] & b != 0 {
                return None;
            }
            given[k][w] |= b;
            open[w] &= !b;
            let p = &peers[c];
            for (s, &q) in seen[k].iter_mut().zip(p) {
                *s |= q;
            }
            todo[k] &= !(unit_bits[c] as u64);
        }
        let mut places = [[0u64; W]; MAX_VALUES];
        for k in 0..n {
            for w in 0..W {
                places[k][w] = (open[w] & !seen[k][w]) | given[k][w];
            }
        }
        if let Some((cell, v)) = exclude {
            places[usize::from(v) - 1][cell / 64] &= !(1 << (cell % 64));
        }
        Some(Board {
            geometry,
            peers,
            units: geometry.unit_sets(),
            unit_bits,
            n,
            places,
            open,
            todo,
            dirty: [all_units; MAX_VALUES],
        })
    }

    /// Fixes the open `cell` to value `k + 1` (which it must have).
    #[inline(always)]
    fn fix(&mut self, cell: usize, k: usize) {
        let (w, b) = (cell / 64, 1u64 << (cell % 64));
        debug_assert!(self.places[k][w] & b != 0 && self.open[w] & b != 0);
        self.open[w] &= !b;
        for p in &mut self.places[..self.n] {
            p[w] &= !b;
        }
        let peers: Set<W> = words(&self.peers[cell]);
        let p = &mut self.places[k];
        // The value leaves the peers that had it: their units change.
        let mut touched = 0;
        for i in 0..W {
            let mut gone = p[i] & peers[i];
            p[i] &= !peers[i];
            while gone != 0 {
                touched |= self.unit_bits[i * 64 + gone.trailing_zeros() as usize] as u64;
                gone &= gone - 1;
            }
        }
        p[w] |= b;
        let units = self.unit_bits[cell] as u64;
        self.todo[k] &= !units;
        // Every other value lost a place in the cell's units.
        for d in &mut self.dirty[..self.n] {
            *d |= units;
        }
        self.dirty[k] |= touched;
    }

    /// The open cells in at least one, two and three value sets.
    #[inline(always)]
    fn counts(&self) -> (Set<W>, Set<W>, Set<W>) {
        let (mut ones, mut twos, mut threes) = ([0u64; W], [0u64; W], [0u64; W]);
        for p in &self.places[..self.n] {
            for w in 0..W {
                threes[w] |= twos[w] & p[w];
                twos[w] |= ones[w] & p[w];
                ones[w] |= p[w];
            }
        }
        (ones, twos, threes)
    }

    /// Naked singles: fixes every open cell left with one value; `None`
    /// if an open cell has none, else whether anything was fixed.
    #[inline(always)]
    fn naked_singles(&mut self) -> Option<bool> {
        let (mut ones, mut twos) = ([0u64; W], [0u64; W]);
        for p in &self.places[..self.n] {
            for w in 0..W {
                twos[w] |= ones[w] & p[w];
                ones[w] |= p[w];
            }
        }
        let mut any = false;
        for w in 0..W {
            if self.open[w] & !ones[w] != 0 {
                return None;
            }
            let mut singles = self.open[w] & !twos[w];
            any |= singles != 0;
            while singles != 0 {
                let b = singles & singles.wrapping_neg();
                singles ^= b;
                // An earlier single of this batch may have taken the value.
                let k = self.places[..self.n].iter().position(|p| p[w] & b != 0)?;
                self.fix(w * 64 + b.trailing_zeros() as usize, k);
            }
        }
        Some(any)
    }

    /// Hidden singles: fixes every value with one place left in a unit
    /// that does not hold it; `None` if such a value has no place, else
    /// whether anything was fixed.
    #[inline(always)]
    fn hidden_singles(&mut self) -> Option<bool> {
        let mut any = false;
        for k in 0..self.n {
            let mut units = self.todo[k] & self.dirty[k];
            self.dirty[k] = 0;
            while units != 0 {
                let u = units.trailing_zeros() as usize;
                units &= units - 1;
                let unit = &self.units[u];
                let p = &self.places[k];
                // The value's places in the unit: none, one, or more (one
                // when a single word holds them, and one bit of it).
                let (mut or, mut words) = (0u64, 0u32);
                for w in 0..W {
                    let x = p[w] & unit[w];
                    or |= x;
                    words += u32::from(x != 0);
                }
                if or == 0 {
                    return None;
                }
                if words == 1 && or & (or - 1) == 0 {
                    let w = (0..W).position(|w| p[w] & unit[w] != 0).unwrap_or(0);
                    let at = w * 64 + or.trailing_zeros() as usize;
                    self.fix(at, k);
                    any = true;
                    // Units the fixed cell filled are no longer looked at.
                    units &= self.todo[k];
                }
            }
        }
        Some(any)
    }

    /// The values (a bit per value index) open at `cell`.
    #[inline]
    fn values(&self, cell: usize) -> u32 {
        let (w, b) = (cell / 64, 1u64 << (cell % 64));
        (self.places[..self.n].iter().enumerate())
            .fold(0, |m, (k, p)| m | u32::from(p[w] & b != 0) << k)
    }

    /// Whether any open cell is left.
    #[inline(always)]
    fn any_open(&self) -> bool {
        self.open.iter().any(|&w| w != 0)
    }
}

impl<const W: usize> Node for Board<'_, W> {
    type Choice = u16;
    type Weights = ();

    fn deduce(&mut self) -> bool {
        loop {
            if !self.any_open() {
                return true;
            }
            match self.naked_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.hidden_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    fn solved(&self) -> bool {
        !self.any_open()
    }

    fn write(&self, grid: &mut Grid) {
        grid.clear(self.geometry.shape());
        let cells = grid.cells_mut();
        for (k, p) in self.places[..self.n].iter().enumerate() {
            for (w, &word) in p.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    cells[w * 64 + bits.trailing_zeros() as usize] = k as u8 + 1;
                    bits &= bits - 1;
                }
            }
        }
    }

    fn learn(&self, _: &mut ()) {}

    fn choose(&self, _: &()) -> (u16, u32) {
        let (_, twos, threes) = self.counts();
        // The cell with two values whose values have the fewest places in
        // its units (a value with two places in a unit fills the other one
        // when the guess takes it away).
        let mut best = (u32::MAX, 0usize);
        for w in 0..W {
            let mut two = self.open[w] & twos[w] & !threes[w];
            while two != 0 {
                let cell = w * 64 + two.trailing_zeros() as usize;
                two &= two - 1;
                let mut score = 0;
                let mut values = self.values(cell);
                while values != 0 {
                    let k = values.trailing_zeros() as usize;
                    values &= values - 1;
                    let p = &self.places[k];
                    let fewest = (self.geometry.cell_units(cell).units().iter())
                        .map(|&u| {
                            let unit = &self.units[usize::from(u)];
                            (0..W).map(|i| (p[i] & unit[i]).count_ones()).sum::<u32>()
                        })
                        .min()
                        .unwrap_or(0);
                    score += fewest;
                }
                if score < best.0 {
                    best = (score, cell);
                }
            }
        }
        if best.0 != u32::MAX {
            return (best.1 as u16, self.values(best.1));
        }
        // No cell with two values: the first with the fewest.
        let mut best = (u32::MAX, 0, 0);
        for w in 0..W {
            let mut bits = self.open[w];
            while bits != 0 {
                let cell = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let values = self.values(cell);
                if values.count_ones() < best.0 {
                    best = (values.count_ones(), cell, values);
                }
            }
        }
        (best.1 as u16, best.2)
    }

    fn hinted(&self, cell: u16, hint: &[u8], rest: u32) -> Option<usize> {
        let k = usize::from(hint[usize::from(cell)]).checked_sub(1)?;
        (rest & 1 << k != 0).then_some(k)
    }

    fn take(&mut self, cell: u16, k: usize) -> bool {
        let cell = usize::from(cell);
        if self.places[k][cell / 64] & 1 << (cell % 64) == 0 {
            return false;
        }
        self.fix(cell, k);
        true
    }

    fn rule_out(&mut self, cell: u16, k: usize) -> bool {
        let cell = usize::from(cell);
        self.places[k][cell / 64] &= !(1 << (cell % 64));
        self.dirty[k] |= self.unit_bits[cell] as u64;
        true
    }
}

/// Finds the solutions of `grid` (side at most 16), into `found`, until
/// its limit or the budget is reached; `exclude` and `hint` as in
/// [`super::generic::search`].
pub fn search(
    grid: &Grid,
    exclude: Option<(usize, u8)>,
    hint: Option<&Grid>,
    found: &mut Found,
    budget: &mut Budget,
) {
    match grid.size().cells() {
        0..=64 => search_in::<1>(grid, exclude, hint, found, budget),
        65..=128 => search_in::<2>(grid, exclude, hint, found, budget),
        129..=192 => search_in::<3>(grid, exclude, hint, found, budget),
        _ => search_in::<4>(grid, exclude, hint, found, budget),
    }
}

/// [`search`] with `W` words per set.
fn search_in<const W: usize>(
    grid: &Grid,
    exclude: Option<(usize, u8)>,
    hint: Option<&Grid>,
    found: &mut Found,
    budget: &mut Budget,
) {
    if let Some(board) = Board::<W>::new(grid, exclude) {
        explore(board, hint.map(Grid::cells), found, budget);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Layout, Size, Variant};
    use crate::random::{below, grid_rng};
    use crate::solve::{counted, generic};
    use crate::strategies::Strategy;

    /// The same solution counts (up to 3) as the per-cell solver, and a
    /// valid first solution, on random subsets of grids of every shape
    /// this solver takes (some with a given changed, often a conflict),
    /// with and without an excluded value and a hint.
    #[test]
    fn agrees_with_the_per_cell_solver() {
        let jigsaw = Layout::parse(
            "AAABBBCCC AABBBCCCC AAAABBBCC DDDDEEEFF DDEEEFFFF DDDEEEFFF GGGHHHIII GGGHHHIII GGGHHHIII",
        )
        .unwrap();
        let shapes = [
            Shape::from(Size::S4),
            Size::boxed(6, 2, 3).unwrap().into(),
            Size::boxed(8, 2, 4).unwrap().into(),
            Size::boxed(10, 2, 5).unwrap().into(),
            Size::boxed(12, 3, 4).unwrap().into(),
            Size::boxed(15, 3, 5).unwrap().into(),
            Shape::new(Size::S9, Variant::X).unwrap(),
            Shape::new(Size::S9, Variant::Hyper).unwrap(),
            Shape::new(Size::boxed(6, 2, 3).unwrap(), Variant::X).unwrap(),
            Shape::jigsaw(jigsaw),
        ];
        for shape in shapes {
            assert!(takes(&shape), "{shape}");
            let cells = shape.size().cells() as u32;
            let mut counts = [0; 4];
            for i in 0..60 {
                let mut rng = grid_rng(12, i);
                let g = Strategy::Search.grid(&mut rng, &shape);
                let mut p = g.clone();
                // Keep between a fifth and two thirds of the givens.
                let keep = cells / 5 + below(&mut rng, cells * 2 / 3 - cells / 5);
                for cell in 0..cells as usize {
                    if below(&mut rng, cells) >= keep {
                        p.cells_mut()[cell] = 0;
                    }
                }
                if i % 4 == 3 {
                    let cell = below(&mut rng, cells) as usize;
                    p.cells_mut()[cell] = 1 + below(&mut rng, shape.side() as u32) as u8;
                }
                let empty = p.cells().iter().position(|&v| v == 0);
                let exclude = empty.map(|c| (c, g.cells()[c]));
                for (exclude, hint) in [(None, None), (exclude, Some(&g))] {
                    let n = counted(search, &p, exclude, hint, 3);
                    let per_cell = counted(generic::search, &p, exclude, hint, 3);
                    assert_eq!(n, per_cell, "{shape}: {p:?}");
                    counts[n as usize] += 1;
                }
            }
            assert!(
                counts.iter().filter(|&&k| k > 0).count() >= 2,
                "{shape}: {counts:?}"
            );
        }
    }

    /// The empty 4x4 grid has 288 solutions, the empty 6x6 grid's first
    /// row fixed to 1..6 has 28,200,960 / 720 = 39,168.
    #[test]
    fn known_counts() {
        let count = |g: &Grid, limit| counted(search, g, None, None, limit);
        assert_eq!(count(&Grid::empty(Size::S4), 1000), 288);
        let mut g = Grid::new(Size::boxed(6, 2, 3).unwrap());
        for c in 0..6 {
            g.cells_mut()[c] = c as u8 + 1;
        }
        assert_eq!(count(&g, 100_000), 39_168);
    }

    /// Givens that clash give no solution, whatever the shape.
    #[test]
    fn clashing_givens_have_no_solution() {
        for shape in [
            Shape::new(Size::S9, Variant::X).unwrap(),
            Size::boxed(12, 3, 4).unwrap().into(),
        ] {
            let mut g = Grid::new(&shape);
            // The two ends of the main diagonal (a unit only under X), and
            // for 12x12 a row.
            let n = shape.side();
            g.cells_mut()[0] = 5;
            g.cells_mut()[n * n - 1] = 5;
            if shape.is_plain() {
                g.cells_mut()[n * n - 1] = 0;
                g.cells_mut()[n - 1] = 5;
            }
            assert_eq!(counted(search, &g, None, None, 1), 0, "{shape}");
        }
    }
}
