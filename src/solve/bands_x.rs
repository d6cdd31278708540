//! The 9x9 band solver ([`super::bands`]) with the extra units of X (the
//! two long diagonals) and Hyper (the four windows): the classic board and
//! its deductions unchanged, and after them, until nothing changes, one
//! pass over the extra units, each a mask per band.
//!
//! **The pass.** For each extra unit and digit: the cells of the unit open
//! to the digit, band by band. None: the branch is dead. One fixed cell of
//! the unit holding the digit: the digit leaves the unit's other cells (two
//! such cells: dead, which is also what checks clashing givens). One open
//! cell, not fixed yet: the digit goes there (a hidden single in the unit),
//! through the classic placement. A fixed cell is in its digit's band mask
//! and no other, so the band masks say which cells hold a digit.
//!
//! **Guesses** go to a two-candidate cell of an extra unit when there is
//! one (from the last band back), else to the classic choice. Unlike the
//! classic search, no weighted guesses and no claiming along columns past
//! the first guesses: on the uniqueness checks of X puzzles both cost more
//! than they saved (281 M -> 254 M instructions without the weights, 240 M
//! without the claims too, for 200 puzzles; Hyper 253 M -> 244 M).
//!
//! **Why not in [`super::bands`].** The classic solver stays as it was (no
//! branch on a variant in its hot loops): this module uses its board, its
//! deductions and its choice of guess through `pub(super)` items, and has
//! its own copy of the search loop, with the pass in it.
//!
//! **Where it is used.** Only where the search order does not show: the
//! uniqueness checks of the puzzle maker ([`super::has_other_solution`])
//! and counts that keep no solution ([`super::count_solutions`]). It
//! guesses in another order than the bitboard solver ([`super::boards`]),
//! so the first of several solutions can differ; searches that keep the
//! first solution (`solve`, grids filled toward a hint) stay on the
//! bitboard solver, so that every output is the same bytes.

use super::bands::{Board, Dead};
use super::{Budget, Found};
use crate::grid::{Grid, Size, Variant};

/// An extra unit: its cells in each band (bit `9r + c` for row `r` of the
/// band, column `c`).
type Unit = [u32; 3];

/// The band masks of the unit of `cells` (0 to 80).
const fn unit_of(cells: [usize; 9]) -> Unit {
    let mut u = [0u32; 3];
    let mut k = 0;
    while k < 9 {
        u[cells[k] / 27] |= 1 << (cells[k] % 27);
        k += 1;
    }
    u
}

/// X: the main diagonal (r, r) and the anti-diagonal (r, 8 - r).
static X_UNITS: [Unit; 2] = {
    let mut main = [0usize; 9];
    let mut anti = [0usize; 9];
    let mut r = 0;
    while r < 9 {
        main[r] = 9 * r + r;
        anti[r] = 9 * r + 8 - r;
        r += 1;
    }
    [unit_of(main), unit_of(anti)]
};

/// Hyper: the windows at rows and columns 1-3 and 5-7 (0-based).
static HYPER_UNITS: [Unit; 4] = {
    let mut units = [[0u32; 3]; 4];
    let mut w = 0;
    while w < 4 {
        let (r0, c0) = (1 + 4 * (w / 2), 1 + 4 * (w % 2));
        let mut cells = [0usize; 9];
        let mut k = 0;
        while k < 9 {
            cells[k] = 9 * (r0 + k / 3) + c0 + k % 3;
            k += 1;
        }
        units[w] = unit_of(cells);
        w += 1;
    }
    units
};

/// Whether this solver takes puzzles of `size` and `variant`: 9x9 X and
/// Hyper.
pub fn takes(size: Size, variant: &Variant) -> bool {
    size == Size::S9 && matches!(variant, Variant::X | Variant::Hyper)
}

/// Searches the 9x9 X or Hyper puzzle `grid` as [`super::bands::search`]
/// does the classic one: the same arguments, the same solutions (in
/// another order than [`super::boards`]).
pub fn search(
    grid: &Grid,
    trusted: bool,
    exclude: Option<(usize, u8)>,
    hint: Option<&Grid>,
    found: &mut Found,
    budget: &mut Budget,
) {
    debug_assert!(takes(grid.size(), grid.variant()));
    match grid.variant() {
        Variant::X => search_with(&X_UNITS, grid, trusted, exclude, hint, found, budget),
        _ => search_with(&HYPER_UNITS, grid, trusted, exclude, hint, found, budget),
    }
}

/// [`search`] with the extra `units`.
fn search_with<const N: usize>(
    units: &[Unit; N],
    grid: &Grid,
    trusted: bool,
    exclude: Option<(usize, u8)>,
    hint: Option<&Grid>,
    found: &mut Found,
    budget: &mut Budget,
) {
    debug_assert_eq!(grid.size(), Size::S9);
    // The classic check of the givens (rows, columns, boxes); the first
    // pass checks them in the extra units.
    let board = if trusted {
        Board::from_givens::<false>(grid)
    } else {
        Board::from_givens::<true>(grid)
    };
    let Ok(mut board) = board else {
        return;
    };
    if let Some((cell, value)) = exclude {
        board.restrict(
            3 * (usize::from(value) - 1) + cell / 27,
            !(1 << (cell % 27)),
        );
    }
    if board.singles().is_err() {
        return;
    }
    let hint = hint.map(|g| &g.cells()[..81]);
    explore(units, board, [0; N], hint, found, budget);
}

/// The cell to guess on: a two-candidate cell of an extra unit if any
/// (from the last band back), else the classic choice.
#[inline(always)]
fn pick<const N: usize>(units: &[Unit; N], board: &Board) -> (usize, u32) {
    for band in (0..3).rev() {
        let on: u32 = units.iter().fold(0, |m, u| m | u[band]);
        let p = board.pairs[band] & on;
        if p != 0 {
            return (band, p & p.wrapping_neg());
        }
    }
    board.pick()
}

/// [`Board::place`], and the digit leaves the other cells of the extra
/// units through the cell at once (rather than at the next pass, after the
/// classic deductions have run without it).
#[inline(always)]
fn place<const N: usize>(
    units: &[Unit; N],
    board: &mut Board,
    digit: usize,
    band: usize,
    bit: u32,
) -> Result<(), Dead> {
    board.place(digit, band, bit)?;
    for unit in units {
        if unit[band] & bit != 0 {
            let poss = &mut board.poss[3 * digit..3 * digit + 3];
            for (p, &u) in poss.iter_mut().zip(unit) {
                *p &= !u;
            }
            poss[band] |= bit;
        }
    }
    Ok(())
}

/// Whether the band masks `m` hold one cell in all (without counting
/// bits, which is slow on the baseline x86-64 target).
#[inline(always)]
fn one_cell(m: [u32; 3]) -> bool {
    let or = m[0] | m[1] | m[2];
    let bands = u32::from(m[0] != 0) + u32::from(m[1] != 0) + u32::from(m[2] != 0);
    bands == 1 && or & (or - 1) == 0
}

/// The pass over the extra `units` (see the module's doc): whether it
/// changed anything. (Locked candidates where an extra unit meets a box,
/// tried too, saved a sixth of the nodes and cost more than that.)
///
/// `done[u]`: the digits (a bit each) that unit `u` holds, its other cells
/// rid of them: nothing more follows for them in this branch (no other
/// cell of the unit can come to hold them), so they are skipped.
#[inline(always)]
fn extra_pass<const N: usize>(
    units: &[Unit; N],
    board: &mut Board,
    done: &mut [u16; N],
) -> Result<bool, Dead> {
    let mut any = false;
    for (unit, done) in units.iter().zip(done) {
        let mut digits = !*done & 0x1FF;
        while digits != 0 {
            let digit = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let sub = 3 * digit;
            let open: Unit = std::array::from_fn(|b| board.poss[sub + b] & unit[b]);
            let fixed: Unit = std::array::from_fn(|b| open[b] & !board.unsolved[b]);
            if open == [0; 3] {
                board.failed = u8::MAX;
                return Err(Dead);
            }
            if fixed != [0; 3] {
                // The unit holds the digit (twice: dead), so its other
                // cells lose it.
                if !one_cell(fixed) {
                    board.failed = u8::MAX;
                    return Err(Dead);
                }
                if open != fixed {
                    for b in 0..3 {
                        board.poss[sub + b] &= !(unit[b] & !fixed[b]);
                    }
                    any = true;
                }
                *done |= 1 << digit;
            } else if one_cell(open) {
                // A hidden single in the unit.
                let band = open.iter().position(|&m| m != 0).unwrap_or(0);
                place(units, board, digit, band, open[band])?;
                any = true;
            }
        }
    }
    Ok(any)
}

/// Deduces from `board` (the classic deductions, then the pass over the
/// extra units, until neither changes anything), then guesses, depth
/// first, as [`super::bands`]'s search does before its weighted guesses.
/// (`done`: see [`extra_pass`].)
fn explore<const N: usize>(
    units: &[Unit; N],
    mut board: Board,
    mut done: [u16; N],
    hint: Option<&[u8]>,
    found: &mut Found,
    budget: &mut Budget,
) {
    loop {
        let alive = loop {
            if board.propagate(false).is_err() {
                break false;
            }
            match extra_pass(units, &mut board, &mut done) {
                Err(Dead) => break false,
                Ok(true) => continue,
                Ok(false) => break true,
            }
        };
        if !alive {
            return;
        }
        if board.unsolved == [0; 3] {
            found.record(|g| {
                board.write(g);
                let variant = if N == X_UNITS.len() {
                    Variant::X
                } else {
                    Variant::Hyper
                };
                g.set_variant(variant)
                    .expect("a 9x9 grid takes X and Hyper");
            });
            return;
        }
        let (band, bit) = pick(units, &board);
        let mut rest = (0..9)
            .filter(|&d| board.poss[3 * d + band] & bit != 0)
            .fold(0u32, |m, d| m | 1 << d);
        let first = hint.map_or(0, |h| {
            let v = h[27 * band + bit.trailing_zeros() as usize];
            rest & (1u32 << v >> 1)
        });
        while rest.count_ones() > 1 {
            let d = if rest & first != 0 {
                first.trailing_zeros()
            } else {
                rest.trailing_zeros()
            } as usize;
            rest &= !(1 << d);
            if !budget.spend() {
                return;
            }
            let mut trial = board;
            if place(units, &mut trial, d, band, bit).is_ok() {
                explore(units, trial, done, hint, found, budget);
            }
            if found.done() || budget.exhausted() {
                return;
            }
            board.poss[3 * d + band] &= !bit;
        }
        if rest == 0 || place(units, &mut board, rest.trailing_zeros() as usize, band, bit).is_err()
        {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;
    use crate::random::{below, grid_rng};
    use crate::solve::{Found, boards, counted, generic};
    use crate::strategies::Strategy;

    /// [`search`] untrusted, as a [`crate::solve::SearchFn`].
    fn untrusted(
        g: &Grid,
        exclude: Option<(usize, u8)>,
        hint: Option<&Grid>,
        found: &mut Found,
        budget: &mut Budget,
    ) {
        search(g, false, exclude, hint, found, budget);
    }

    /// The first solution `solver` finds, if any.
    fn first(
        solver: crate::solve::SearchFn,
        g: &Grid,
        exclude: Option<(usize, u8)>,
        hint: Option<&Grid>,
    ) -> Option<Grid> {
        let mut found = Found {
            limit: 1,
            count: 0,
            keep: true,
            first: None,
        };
        solver(g, exclude, hint, &mut found, &mut { Budget::UNLIMITED });
        found.first
    }

    /// The extra units are those of the shapes' tables.
    #[test]
    fn the_extra_units_are_the_shapes() {
        for (variant, units) in [
            (Variant::X, &X_UNITS[..]),
            (Variant::Hyper, &HYPER_UNITS[..]),
        ] {
            let shape = Shape::new(Size::S9, variant.clone()).unwrap();
            let classic = Shape::from(Size::S9).geometry().unit_sets().len();
            let sets = shape.geometry().unit_sets();
            assert_eq!(sets.len(), classic + units.len(), "{variant:?}");
            for (unit, set) in units.iter().zip(&sets[classic..]) {
                for cell in 0..81 {
                    let ours = unit[cell / 27] & 1 << (cell % 27) != 0;
                    let theirs = set[cell / 64] & 1 << (cell % 64) != 0;
                    assert_eq!(ours, theirs, "{variant:?} cell {cell}");
                }
            }
        }
    }

    /// The same solution counts (up to 4) as the per-cell and the bitboard
    /// solvers, on random subsets of X and Hyper grids (unique, several
    /// solutions, none: some with a given changed, often a clash), with
    /// and without an excluded value and a hint, trusted or not; the first
    /// solution of a unique puzzle is theirs, and with a solution as the
    /// hint the first found is the hint.
    #[test]
    fn agrees_with_the_other_solvers() {
        for variant in [Variant::X, Variant::Hyper] {
            let shape = Shape::new(Size::S9, variant.clone()).unwrap();
            let mut counts = [0; 5];
            for i in 0..600 {
                let mut rng = grid_rng(53, i);
                let g = Strategy::Search.grid(&mut rng, &shape);
                let mut p = g.clone();
                // Keep between 14 and 50 givens, about.
                let keep = 14 + below(&mut rng, 36);
                for cell in 0..81 {
                    if below(&mut rng, 81) >= keep {
                        p.cells_mut()[cell] = 0;
                    }
                }
                let changed = i % 5 == 4;
                if changed {
                    let cell = below(&mut rng, 81) as usize;
                    p.cells_mut()[cell] = 1 + below(&mut rng, 9) as u8;
                }
                let empty = p.cells().iter().position(|&v| v == 0);
                let exclude = empty.map(|c| (c, g.cells()[c]));
                for (exclude, hint) in [(None, None), (exclude, Some(&g)), (None, Some(&g))] {
                    let n = counted(untrusted, &p, exclude, hint, 4);
                    let per_cell = counted(generic::search, &p, exclude, hint, 4);
                    let bitboard = counted(boards::search, &p, exclude, hint, 4);
                    assert_eq!((n, n), (per_cell, bitboard), "{variant:?}: {p:?}");
                    if !changed {
                        let mut found = Found {
                            limit: 4,
                            count: 0,
                            keep: false,
                            first: None,
                        };
                        search(&p, true, exclude, hint, &mut found, &mut {
                            Budget::UNLIMITED
                        });
                        assert_eq!(found.count, n, "trusted, {variant:?}: {p:?}");
                    }
                    let ours = first(untrusted, &p, exclude, hint);
                    if n == 1 {
                        assert_eq!(ours, first(boards::search, &p, exclude, hint));
                    }
                    if !changed && exclude.is_none() && hint.is_some() {
                        assert_eq!(ours.as_ref(), Some(&g), "{variant:?}: {p:?}");
                    }
                    counts[n as usize] += 1;
                }
            }
            assert!(counts.iter().all(|&k| k > 20), "{variant:?}: {counts:?}");
        }
    }

    /// Givens that clash in an extra unit only give no solution.
    #[test]
    fn clashing_givens_in_an_extra_unit_have_no_solution() {
        let mut x = Grid::new(Shape::new(Size::S9, Variant::X).unwrap());
        // The two ends of the anti-diagonal.
        x.cells_mut()[8] = 4;
        x.cells_mut()[72] = 4;
        let mut hyper = Grid::new(Shape::new(Size::S9, Variant::Hyper).unwrap());
        // Two corners of the first window, in two boxes.
        hyper.cells_mut()[10] = 7;
        hyper.cells_mut()[9 * 3 + 3] = 7;
        for g in [x, hyper] {
            assert_eq!(counted(untrusted, &g, None, None, 1), 0, "{g:?}");
        }
    }

    /// The empty X grid has solutions, and a count to a limit reaches it.
    #[test]
    fn empty_grids_count_to_the_limit() {
        for variant in [Variant::X, Variant::Hyper] {
            let g = Grid::new(Shape::new(Size::S9, variant).unwrap());
            assert_eq!(counted(untrusted, &g, None, None, 500), 500);
        }
    }
}
