//! Puzzles from grids: givens removed top-down while the solution stays
//! unique.
//!
//! **Algorithm.** Start from a complete grid. Group the cells into the
//! orbits of the chosen symmetry (single cells without one). Visit the
//! orbits in a random order; remove each orbit's givens, and put them back
//! if the puzzle no longer has exactly one solution (a uniqueness check:
//! [`count_solutions`](crate::solve::count_solutions) with limit 2). After
//! one pass every orbit has been tried once; an orbit that could not go
//! then cannot go later either (removing more givens never makes a puzzle
//! unique again), so the puzzle is *minimal subject to the symmetry*: no
//! orbit of givens can be removed.
//! With no symmetry, no single given can be removed.
//!
//! A symmetry is a pattern of cells, on any shape: it need not map the
//! shape's units onto units (a quarter turn of a 6x6 grid does not, nor a
//! half turn of most jigsaw maps), and nothing below assumes it does.
//! Each check holds for any grouping of the cells into orbits.
//!
//! With a clue target, the pass stops as soon as the puzzle has that many
//! clues or fewer (unique, not minimal).
//!
//! **Easy puzzles.** [`make_easy`] makes the same puzzle as [`make`] but
//! gives up soon after it cannot be easy (Sudoku Explainer 1.5 at most:
//! hidden singles alone solve it). Hidden singles only get easier with more
//! givens, so once an accepted removal leaves a puzzle they cannot solve,
//! no later one can be easy. The check runs after every few accepted
//! removals and stops as soon as hidden singles fill the cells emptied
//! since the last check (the puzzle then had them solve it). A removal a
//! hidden single undoes at once needs no check. `puzzle --level easy` uses
//! it: the same puzzles, sooner.
//!
//! **Shortcuts.** Most checks need no search, and every shortcut makes the
//! decision the search would make, so the puzzles are the same:
//! - a removed given whose value still follows from the other givens by a
//!   naked or hidden single can go (the puzzle keeps its solutions);
//! - a given that is the last one left in one of the grid's small
//!   unavoidable sets ([`unavoidable`]) must stay (emptying the set would
//!   let its values be rearranged into a second solution);
//! - otherwise a single cell is checked by one search for a solution that
//!   differs from the grid there
//!   ([`has_other_solution`](crate::solve::has_other_solution)), which
//!   guesses the grid's values first; an orbit of several cells by one
//!   such search per cell, the orbit's earlier cells given back (a second
//!   solution differs from the grid in some cell of the orbit; see
//!   `orbit_unique`), each cell a single still fills skipping its search.
//!
//! At 9x9 the givens are also kept as the 9x9 solver's band masks
//! ([`bands::Givens`]), updated as givens go and come back: hidden singles
//! are read from them with a few masks, and each search starts from them
//! without reading the grid. Naked singles are read at every size from the
//! values each unit holds (one count of three masks; at 9x9 that is a
//! tenth of the band masks' cost).
//!
//! **Budget.** The searches of one pass may spend a number of guesses
//! together ([`Settings::budget`]; `sudogen puzzle --budget`, a million by
//! default). Once it is spent, a check that would need a guess keeps its
//! orbit's givens: the puzzle stays unique, but those givens were never
//! shown to be needed, so it is no longer known to be minimal
//! ([`Made::unproven`] counts them). The budget counts guesses, not time,
//! so the puzzle is still a function of its inputs. 9x9 and 16x16 passes
//! spend far less (the README has the figures); some 25x25 passes would
//! need hours without it, since near 45% of the cells given a single check
//! can take a million guesses.
//!
//! **Cost.** One check per orbit: 81 for a 9x9 puzzle without symmetry, of
//! which about 28 search. The README has the measured times.
//!
//! **Bias.** Top-down removal in random order is the most common method and
//! is biased towards puzzles with more clues than a uniform draw of minimal
//! puzzles would give (Berthier: mean 24.38 clues for top-down from uniform
//! grids, against about 26.6 for uniform minimal puzzles).

use rand::Rng;

pub mod unavoidable;

use crate::candidates::{Singles, UnitMasks, singles_fill_all};
use crate::grid::{Grid, Shape, Size};
use crate::random::shuffle;
use crate::shape::Geo;
use crate::solve::{Budget, bands, has_other_solution, has_other_solution_9};
use unavoidable::Unavoidable;

/// A map of the cell (row, column) of a grid of side n to another cell.
type CellMap = fn(usize, usize, usize) -> (usize, usize);

/// The symmetry a puzzle's givens keep: a pattern of the cells, which
/// needs nothing of the shape's units (a quarter turn of a 6x6 grid turns
/// its 2x3 boxes into 3x2 cells that are no box, and the givens can still
/// keep it). The names of Simon Tatham's Solo for the same groups:
/// `none` a, `rot180` r2, `rot90` r4, `mirror` m2, `diagonal` md2,
/// `both-mirrors` m4, `both-diagonals` md4, `all` m8 (Solo has no
/// `flip` or `antidiagonal`, which are `mirror` and `diagonal` turned a
/// quarter).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No symmetry
    None,
    /// Half turn: a given at (r, c) has one at (n-1-r, n-1-c)
    Rot180,
    /// Quarter turns
    Rot90,
    /// Left-right mirror
    Mirror,
    /// Top-bottom flip
    Flip,
    /// The main diagonal
    Diagonal,
    /// The anti-diagonal
    Antidiagonal,
    /// Both mirrors, left-right and top-bottom (and the half turn they
    /// make together)
    BothMirrors,
    /// Both diagonals (and the half turn they make together)
    BothDiagonals,
    /// All eight symmetries of the square
    All,
}

impl Symmetry {
    /// Every symmetry.
    pub const ALL: &'static [Symmetry] = &[
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Diagonal,
        Symmetry::Antidiagonal,
        Symmetry::BothMirrors,
        Symmetry::BothDiagonals,
        Symmetry::All,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Antidiagonal => "antidiagonal",
            Symmetry::BothMirrors => "both-mirrors",
            Symmetry::BothDiagonals => "both-diagonals",
            Symmetry::All => "all",
        }
    }

    /// The symmetry of this name, if there is one.
    pub fn named(name: &str) -> Option<Symmetry> {
        Symmetry::ALL.iter().copied().find(|s| s.name() == name)
    }

    /// What it keeps, in a few words.
    pub fn description(self) -> &'static str {
        match self {
            Symmetry::None => "No symmetry",
            Symmetry::Rot180 => "Half turn: a given at (r, c) has one at (n-1-r, n-1-c)",
            Symmetry::Rot90 => "Quarter turns",
            Symmetry::Mirror => "Left-right mirror",
            Symmetry::Flip => "Top-bottom flip",
            Symmetry::Diagonal => "The main diagonal",
            Symmetry::Antidiagonal => "The anti-diagonal",
            Symmetry::BothMirrors => {
                "Left-right and top-bottom mirrors together (so also the half turn)"
            }
            Symmetry::BothDiagonals => "Both diagonals together (so also the half turn)",
            Symmetry::All => "All eight symmetries of the square",
        }
    }

    /// The maps of the cell (r, c) of a grid of side n that generate the
    /// symmetry's group.
    fn generators(self) -> &'static [CellMap] {
        const ROT180: CellMap = |r, c, n| (n - 1 - r, n - 1 - c);
        const ROT90: CellMap = |r, c, n| (c, n - 1 - r);
        const MIRROR: CellMap = |r, c, n| (r, n - 1 - c);
        const FLIP: CellMap = |r, c, n| (n - 1 - r, c);
        const DIAGONAL: CellMap = |r, c, _| (c, r);
        const ANTI: CellMap = |r, c, n| (n - 1 - c, n - 1 - r);
        match self {
            Symmetry::None => &[],
            Symmetry::Rot180 => &[ROT180],
            Symmetry::Rot90 => &[ROT90],
            Symmetry::Mirror => &[MIRROR],
            Symmetry::Flip => &[FLIP],
            Symmetry::Diagonal => &[DIAGONAL],
            Symmetry::Antidiagonal => &[ANTI],
            Symmetry::BothMirrors => &[MIRROR, FLIP],
            Symmetry::BothDiagonals => &[DIAGONAL, ANTI],
            Symmetry::All => &[ROT90, MIRROR],
        }
    }

    /// The orbits of the cells of `size` under the symmetry, each cell in
    /// exactly one, in order of their smallest cell.
    pub fn orbits(self, size: Size) -> Vec<Vec<usize>> {
        let n = size.side();
        let gens = self.generators();
        let mut seen = vec![false; size.cells()];
        let mut out = Vec::new();
        for start in 0..size.cells() {
            if seen[start] {
                continue;
            }
            let mut orbit = vec![start];
            seen[start] = true;
            let mut k = 0;
            while k < orbit.len() {
                let (r, c) = (orbit[k] / n, orbit[k] % n);
                for g in gens {
                    let (r2, c2) = g(r, c, n);
                    let cell = r2 * n + c2;
                    if !seen[cell] {
                        seen[cell] = true;
                        orbit.push(cell);
                    }
                }
                k += 1;
            }
            out.push(orbit);
        }
        out
    }

    /// [`Symmetry::orbits`] laid flat and built once per side: the cells
    /// of every orbit in order, and where each orbit starts (one more
    /// entry than orbits, the last the number of cells).
    fn flat_orbits(self, size: Size) -> (&'static [u16], &'static [u16]) {
        type Flat = std::sync::OnceLock<(Vec<u16>, Vec<u16>)>;
        const SIDES: usize = crate::grid::MAX_SIDE + 1;
        const KINDS: usize = Symmetry::ALL.len();
        static FLAT: [[Flat; SIDES]; KINDS] = [const { [const { Flat::new() }; SIDES] }; KINDS];
        let (cells, starts) = FLAT[self as usize][size.side()].get_or_init(|| {
            let orbits = self.orbits(size);
            let mut starts = vec![0u16];
            let mut cells = Vec::with_capacity(size.cells());
            for orbit in &orbits {
                cells.extend(orbit.iter().map(|&c| c as u16));
                starts.push(cells.len() as u16);
            }
            (cells, starts)
        });
        (cells, starts)
    }

    /// Whether the givens of `puzzle` keep the symmetry.
    pub fn holds(self, puzzle: &Grid) -> bool {
        self.orbits(puzzle.size()).iter().all(|orbit| {
            let given = |&i: &usize| puzzle.cells()[i] != 0;
            orbit.iter().all(given) || !orbit.iter().any(given)
        })
    }
}

/// How to make a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The symmetry of the givens.
    pub symmetry: Symmetry,
    /// Stop as soon as the puzzle has at most this many clues (`None`: go
    /// on until minimal).
    pub clues: Option<usize>,
    /// The guesses the uniqueness checks of one puzzle may spend together.
    /// A check the budget cuts short keeps its givens: the puzzle stays
    /// unique, but is no longer known to be minimal ([`Made::unproven`]
    /// counts those givens).
    pub budget: Budget,
}

impl Settings {
    /// Minimal puzzles without symmetry and without a search budget.
    pub const MINIMAL: Settings = Settings {
        symmetry: Symmetry::None,
        clues: None,
        budget: Budget::UNLIMITED,
    };
}

/// A puzzle made by [`make`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Made {
    /// The puzzle: exactly one solution, the grid it was made from.
    pub puzzle: Grid,
    /// Givens kept because their check ran out of search budget (0 when
    /// none did): each might have gone without losing uniqueness, so a
    /// puzzle with any is unique but not known to be minimal.
    pub unproven: usize,
    /// Guesses the uniqueness checks spent.
    pub guesses: u64,
}

impl Made {
    /// Whether the search budget kept the pass from what `settings` asked
    /// for: a given stayed unchecked, and the puzzle is above the clue
    /// target (or, without one, not known to be minimal). A pass that
    /// reached its target with givens unchecked lost nothing.
    pub fn fell_short(&self, settings: &Settings) -> bool {
        self.unproven > 0 && settings.clues.is_none_or(|n| clues(&self.puzzle) > n)
    }
}

/// The fewest clues a unique puzzle of `shape` can have, as far as is
/// proven: 4 for 4x4, 17 for 9x9 (McGuire, Tugemann and Civario, 2012),
/// and `n - 1` otherwise, variants included (with two symbols absent from
/// the givens, they could be swapped in any solution).
pub fn fewest_clues(shape: impl Into<Shape>) -> usize {
    let shape = shape.into();
    match shape.size() {
        Size::S4 if shape.is_plain() => 4,
        Size::S9 if shape.is_plain() => 17,
        size => size.side() - 1,
    }
}

/// Makes a puzzle whose unique solution is `solution` (a complete valid
/// grid), drawing the removal order from `rng`.
pub fn make<R: Rng + ?Sized>(rng: &mut R, solution: &Grid, settings: Settings) -> Made {
    // Without easy checks the pass never stops early.
    remove_givens(rng, solution, settings, None).unwrap_or_else(|| Made {
        puzzle: solution.clone(),
        unproven: 0,
        guesses: 0,
    })
}

/// [`make`]'s puzzle if hidden singles alone solve it (Sudoku Explainer
/// 1.0 to 1.5, the `easy` level), else `None`, often long before the pass
/// ends: the same random draws, the same decisions, so `make_easy(...) ==
/// Some(p)` exactly when `make(...) == p` and `p` is easy.
///
/// Hidden singles only get easier with more givens (every deduction they
/// make from a puzzle they also make from one with more givens of the same
/// solution), and the final puzzle's givens are a subset of every puzzle
/// met on the way. So once an accepted removal leaves a puzzle hidden
/// singles cannot solve, the final one cannot be easy and the pass stops.
///
/// The check is made after every few (four) accepted removals
/// (and at the end) rather than after each: a check costs about what a
/// uniqueness search costs, and most passes that fail do so near their end.
/// If puzzle `P` was solvable by hidden singles and the removals since
/// left `Q`, hidden singles solve `Q` exactly when they fill the cells
/// emptied since `P`, leaving out those a hidden single filled from the
/// givens of their time: going back through the removals, each of those
/// is a hidden single again once the later cells are filled (hidden
/// singles only get easier with more givens), and then every given of `P`
/// is there.
pub fn make_easy<R: Rng + ?Sized>(
    rng: &mut R,
    solution: &Grid,
    settings: Settings,
) -> Option<Made> {
    remove_givens(rng, solution, settings, Some(EASY_CHECK_EVERY))
}

/// How many accepted removals [`make_easy`] lets pass before it checks
/// that hidden singles still solve the puzzle: measured best among 1 to 8
/// on 1,000 easy puzzles (callgrind, 11% fewer instructions than 1).
const EASY_CHECK_EVERY: usize = 4;

/// The removal pass of [`make`] and, with `easy_check_every` (how many
/// accepted removals pass between checks), [`make_easy`].
fn remove_givens<R: Rng + ?Sized>(
    rng: &mut R,
    solution: &Grid,
    settings: Settings,
    easy_check_every: Option<usize>,
) -> Option<Made> {
    let easy_only = easy_check_every.is_some();
    let check_every = easy_check_every.unwrap_or(usize::MAX).max(1);
    // The orbits in a random order (as orbit numbers).
    let (orbit_cells, starts) = settings.symmetry.flat_orbits(solution.size());
    let mut order: Vec<u16> = (0..starts.len() as u16 - 1).collect();
    shuffle(rng, &mut order);
    let mut orbit = Vec::with_capacity(8);
    let mut puzzle = solution.clone();
    let size = solution.size();
    let mut tracked = Tracked::new(solution);
    let mut clues = size.cells();
    let target = settings.clues.unwrap_or(0);
    // The small unavoidable sets (both families on the classic shapes,
    // the value pairs on the others: `Unavoidable::new`), built at the
    // first check a single cannot settle (a run stopped early by
    // `--clues` or by `make_easy` may never need them).
    let mut sets: Option<Unavoidable> = None;
    // With easy checks: the cells emptied since hidden singles were last
    // known to solve the puzzle, other than those a hidden single filled
    // from the givens at once (see `make_easy`).
    let mut unverified = Vec::new();
    // The guesses the checks may still spend, and the givens kept because
    // a check ran out of them.
    let mut budget = settings.budget;
    let mut unproven = 0;
    for &o in &order {
        if clues <= target {
            break;
        }
        let o = usize::from(o);
        orbit.clear();
        let cells = &orbit_cells[usize::from(starts[o])..usize::from(starts[o + 1])];
        orbit.extend(cells.iter().map(|&c| usize::from(c)));
        let orbit = &orbit[..];
        for &i in orbit {
            puzzle.cells_mut()[i] = 0;
            tracked.unplace(i, solution.cells()[i]);
        }
        let (unique, hidden) = check_removal(
            &mut tracked,
            &mut puzzle,
            orbit,
            solution,
            &mut sets,
            &mut budget,
        );
        if unique.is_none() {
            unproven += orbit.len();
        }
        if unique == Some(true) {
            clues -= orbit.len();
            if easy_only && !hidden {
                // Checked a few at a time: hidden singles still solve the
                // puzzle if they fill every cell emptied since they last
                // did (see `make_easy`).
                unverified.extend_from_slice(orbit);
                if unverified.len() >= check_every {
                    if !singles_fill_all(
                        &puzzle,
                        &tracked.units,
                        Some(&unverified),
                        Singles::Hidden,
                    ) {
                        return None;
                    }
                    unverified.clear();
                }
            }
        } else {
            if let Some(sets) = &mut sets {
                sets.put_back(orbit);
            }
            for &i in orbit {
                puzzle.cells_mut()[i] = solution.cells()[i];
                tracked.place(i, solution.cells()[i]);
            }
        }
    }
    if !unverified.is_empty()
        && !singles_fill_all(&puzzle, &tracked.units, Some(&unverified), Singles::Hidden)
    {
        return None;
    }
    Some(Made {
        puzzle,
        unproven,
        guesses: budget.spent() - settings.budget.spent(),
    })
}

/// Whether `puzzle`, with the givens of `orbit` just emptied, is still
/// unique (`None`: the budget ran out first), and whether a hidden single
/// fills the orbit's one cell from the other givens. The cheap answers
/// first: a hidden single, a small unavoidable set left empty, a naked
/// single; then a search.
#[inline]
fn check_removal(
    tracked: &mut Tracked,
    puzzle: &mut Grid,
    orbit: &[usize],
    solution: &Grid,
    sets: &mut Option<Unavoidable>,
    budget: &mut Budget,
) -> (Option<bool>, bool) {
    match orbit[..] {
        // One cell whose value still follows from the other givens by a
        // hidden single: the puzzle keeps its solutions, and hidden singles
        // solve it if they solved it before.
        [i] if tracked.hidden_forced(puzzle, i, solution.cells()[i]) => {
            if let Some(sets) = sets {
                let emptied = sets.take(orbit);
                debug_assert!(!emptied, "a unique puzzle emptied an unavoidable set");
            }
            (Some(true), true)
        }
        // A small unavoidable set left without a given: the puzzle would
        // have another solution.
        _ if sets
            .get_or_insert_with(|| Unavoidable::of_puzzle(solution, puzzle, orbit))
            .take(orbit) =>
        {
            (Some(false), false)
        }
        // One cell: unique when a naked single forces its value, else
        // unless a solution puts another value there.
        [i] if tracked.naked_forced(i) => (Some(true), false),
        [i] => (
            tracked
                .has_other_solution(puzzle, i, solution, budget)
                .map(|other| !other),
            false,
        ),
        _ => (
            orbit_unique(tracked, puzzle, orbit, solution, budget),
            false,
        ),
    }
}

/// Whether `puzzle`, with the givens of `orbit` just emptied, is still
/// unique (`None`: the budget ran out first). A solution other than the
/// grid's differs from it in some cell of the orbit (one that agrees on
/// the orbit solves the puzzle before the removal, whose one solution is
/// the grid's); so the puzzle is unique exactly when, for each cell of the
/// orbit, no solution that agrees with the grid on the cells before it
/// puts another value there: one [`has_other_solution`] per cell, each
/// cheaper than counting the solutions to two.
fn orbit_unique(
    tracked: &mut Tracked,
    puzzle: &mut Grid,
    orbit: &[usize],
    solution: &Grid,
    budget: &mut Budget,
) -> Option<bool> {
    let mut unique = Some(true);
    let mut placed = 0;
    for &i in orbit {
        // A cell a single still fills from the givens (the orbit's later
        // cells empty) holds its value in every solution.
        let v = solution.cells()[i];
        let forced = tracked.naked_forced(i) || tracked.hidden_forced(puzzle, i, v);
        let other = if forced {
            Some(false)
        } else {
            tracked.has_other_solution(puzzle, i, solution, budget)
        };
        match other {
            Some(false) => {}
            other => {
                unique = other.map(|_| false);
                break;
            }
        }
        // The next cells' searches keep this one's value.
        puzzle.cells_mut()[i] = v;
        tracked.place(i, v);
        placed += 1;
    }
    for &i in &orbit[..placed] {
        puzzle.cells_mut()[i] = 0;
        tracked.unplace(i, solution.cells()[i]);
    }
    unique
}

/// What the removal checks read besides the puzzle, kept in step with its
/// givens: the values each unit holds, and at 9x9 the givens as the 9x9
/// solver's band masks (its searches then start from them without reading
/// the grid, and the singles are read from them too).
struct Tracked {
    geometry: Geo,
    units: UnitMasks,
    bands: Option<bands::Givens>,
}

impl Tracked {
    /// Every cell of `solution` a given.
    fn new(solution: &Grid) -> Tracked {
        let shape = solution.shape();
        let units = UnitMasks::of(solution);
        let classic_9 = shape.size() == Size::S9 && shape.is_plain();
        let bands = classic_9.then(|| bands::Givens::new(solution));
        Tracked {
            geometry: shape.geo(),
            units,
            bands,
        }
    }

    /// `value` is given at `cell` again.
    fn place(&mut self, cell: usize, value: u8) {
        self.units.place(self.geometry.places()[cell], value);
        if let Some(b) = &mut self.bands {
            b.add(cell, value);
        }
    }

    /// `cell`'s given, `value`, is gone.
    fn unplace(&mut self, cell: usize, value: u8) {
        self.units.unplace(self.geometry.places()[cell], value);
        if let Some(b) = &mut self.bands {
            b.remove(cell, value);
        }
    }

    /// Whether the empty `cell` must hold `v` by a hidden single: in one of
    /// its units no other empty cell can hold `v`. Such a cell (or one
    /// forced by [`Tracked::naked_forced`]) can lose its given without the
    /// puzzle gaining a solution, so no search is needed: the decision is
    /// the one the search would make.
    fn hidden_forced(&self, puzzle: &Grid, cell: usize, v: u8) -> bool {
        match &self.bands {
            Some(b) => b.hidden_single(cell, v),
            None => hidden_forced(puzzle, &self.units, cell, v),
        }
    }

    /// Whether the empty `cell`'s units hold every other value (a naked
    /// single). Read from the units' contents at every size: at 9x9 this
    /// costs a count of three masks, against nine open-cell masks from the
    /// band masks ([`bands::Givens::naked_single`], which answers the same).
    fn naked_forced(&self, cell: usize) -> bool {
        let n = self.geometry.shape().side();
        self.units.used(self.geometry.places()[cell]).len() as usize == n - 1
    }

    /// [`has_other_solution`] on `puzzle`, whose givens these are.
    fn has_other_solution(
        &self,
        puzzle: &Grid,
        cell: usize,
        solution: &Grid,
        budget: &mut Budget,
    ) -> Option<bool> {
        match &self.bands {
            Some(b) => has_other_solution_9(b, cell, solution, budget),
            None => has_other_solution(puzzle, cell, solution, budget),
        }
    }
}

/// Whether hidden singles (full houses included) alone solve `puzzle`:
/// whether it rates at most 1.5 on the Sudoku Explainer scale. Each round
/// finds, per unit, the values with exactly one place left and places
/// them; it stops when a round places nothing (at most one round per
/// empty cell).
pub fn solvable_by_hidden_singles(puzzle: &Grid) -> bool {
    let units = UnitMasks::of(puzzle);
    singles_fill_all(puzzle, &units, None, Singles::Hidden)
}

/// [`Tracked::hidden_forced`] read from the units' contents `units`
/// (shapes other than the classic 9x9).
fn hidden_forced(puzzle: &Grid, units: &UnitMasks, cell: usize, v: u8) -> bool {
    let geometry = puzzle.geometry();
    let places = geometry.places();
    let cells = puzzle.cells();
    // Every cell of a unit is looked at, without a branch per cell (the
    // answers are data-dependent and would be mispredicted).
    let blocked = |c: usize| (c == cell) | (cells[c] != 0) | units.used(places[c]).contains(v);
    let unit_blocked = |u: u8| {
        (geometry.unit(usize::from(u)).iter()).fold(true, |all, &c| all & blocked(usize::from(c)))
    };
    geometry
        .cell_units(cell)
        .units()
        .iter()
        .any(|&u| unit_blocked(u))
}

/// The number of givens of a puzzle.
pub fn clues(puzzle: &Grid) -> usize {
    puzzle.filled()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::grid_rng;
    use crate::solve::count_solutions;
    use crate::strategies::Strategy;

    #[test]
    fn orbits_partition_the_cells() {
        for size in Size::ALL {
            for &s in Symmetry::ALL {
                let orbits = s.orbits(size);
                let mut cells: Vec<usize> = orbits.iter().flatten().copied().collect();
                cells.sort_unstable();
                assert_eq!(cells, (0..size.cells()).collect::<Vec<_>>(), "{s:?} {size}");
                let largest = orbits.iter().map(Vec::len).max().unwrap();
                let expected = match s {
                    Symmetry::None => 1,
                    Symmetry::Rot90 | Symmetry::BothMirrors | Symmetry::BothDiagonals => 4,
                    Symmetry::All => 8,
                    _ => 2,
                };
                assert_eq!(largest, expected, "{s:?} {size}");
            }
        }
    }

    /// At 9x9 the checks read the band masks; they answer as the checks
    /// every other size uses (the units' contents, the grid's search) on
    /// every empty cell of puzzles emptied to many depths, with the masks
    /// kept in step by removing givens and putting some back.
    #[test]
    fn band_mask_checks_answer_as_the_unit_checks() {
        use crate::random::below;
        let (mut hidden, mut naked, mut other) = (0, 0, 0);
        for i in 0..150 {
            let mut rng = grid_rng(71, i);
            let grid = Strategy::Uniform.grid(&mut rng, Size::S9);
            let mut order: Vec<usize> = (0..81).collect();
            shuffle(&mut rng, &mut order);
            let mut tracked = Tracked::new(&grid);
            let mut puzzle = grid.clone();
            let depth = 30 + below(&mut rng, 35) as usize;
            for &c in &order[..depth] {
                puzzle.cells_mut()[c] = 0;
                tracked.unplace(c, grid.cells()[c]);
            }
            // A few back.
            for &c in &order[..depth / 10] {
                puzzle.cells_mut()[c] = grid.cells()[c];
                tracked.place(c, grid.cells()[c]);
            }
            assert_eq!(tracked.bands, Some(bands::Givens::new(&puzzle)), "#{i}");
            for c in (0..81).filter(|&c| puzzle.cells()[c] == 0) {
                let v = grid.cells()[c];
                let h = tracked.hidden_forced(&puzzle, c, v);
                assert_eq!(
                    h,
                    hidden_forced(&puzzle, &tracked.units, c, v),
                    "#{i} r{}c{}",
                    c / 9,
                    c % 9
                );
                let used = tracked.units.used(Shape::from(Size::S9).places()[c]).len();
                let n = tracked.bands.as_ref().expect("9x9").naked_single(c);
                assert_eq!(n, used == 8, "#{i} r{}c{}", c / 9, c % 9);
                let o = tracked.has_other_solution(&puzzle, c, &grid, &mut { Budget::UNLIMITED });
                assert_eq!(
                    o,
                    has_other_solution(&puzzle, c, &grid, &mut { Budget::UNLIMITED }),
                    "#{i} r{}c{}",
                    c / 9,
                    c % 9
                );
                hidden += usize::from(h);
                naked += usize::from(n);
                other += usize::from(o == Some(true));
            }
        }
        assert!(
            hidden > 100 && naked > 100 && other > 100,
            "{hidden} {naked} {other}"
        );
    }

    #[test]
    fn puzzles_are_unique_minimal_and_symmetric() {
        for (size, count) in [(Size::S4, 50), (Size::S9, 30)] {
            for &symmetry in Symmetry::ALL {
                for i in 0..count {
                    let grid = Strategy::Uniform.grid(&mut grid_rng(3, i), size);
                    let settings = Settings {
                        symmetry,
                        clues: None,
                        budget: Budget::UNLIMITED,
                    };
                    let p = make(&mut grid_rng(4, i), &grid, settings).puzzle;
                    assert_eq!(crate::solve::solve(&p), Some(grid.clone()));
                    assert!(symmetry.holds(&p), "{symmetry:?}");
                    // Minimal subject to the symmetry: every orbit of
                    // givens is needed.
                    for orbit in symmetry.orbits(size) {
                        if p.cells()[orbit[0]] == 0 {
                            continue;
                        }
                        let mut q = p.clone();
                        for &c in &orbit {
                            q.cells_mut()[c] = 0;
                        }
                        assert!(count_solutions(&q, 2) >= 2, "{symmetry:?}: not minimal");
                    }
                }
            }
        }
    }

    /// Hidden singles solve a puzzle exactly when Sudoku Explainer rates
    /// it 1.5 or less (the rater, a separate implementation, decides).
    #[test]
    fn hidden_singles_solve_exactly_the_puzzles_rated_up_to_1_5() {
        let (mut easy, mut not) = (0, 0);
        for i in 0..400 {
            let grid = Strategy::Uniform.grid(&mut grid_rng(31, i), Size::S9);
            let settings = Settings::MINIMAL;
            let p = make(&mut grid_rng(32, i), &grid, settings).puzzle;
            let rated_easy = crate::rate::rate(&p, false).unwrap().se <= 15;
            assert_eq!(solvable_by_hidden_singles(&p), rated_easy, "{p:?}");
            if rated_easy { easy += 1 } else { not += 1 }
        }
        assert!(easy > 40 && not > 40, "{easy} easy, {not} not");
        // A grid is solved; the empty grid is not.
        let grid = Strategy::Uniform.grid(&mut grid_rng(31, 0), Size::S9);
        assert!(solvable_by_hidden_singles(&grid));
        assert!(!solvable_by_hidden_singles(&Grid::empty(Size::S9)));
    }

    /// `make_easy` gives `make`'s puzzle when that is easy and nothing
    /// otherwise, with symmetry (orbits of several cells), with a clue
    /// target, and at 4x4 and 16x16 (at 9x9 both outcomes must occur).
    #[test]
    fn make_easy_is_make_when_easy() {
        let cases = [
            (Size::S4, Symmetry::None, None, 100),
            (Size::S9, Symmetry::None, None, 300),
            (Size::S9, Symmetry::Rot180, None, 100),
            (Size::S9, Symmetry::All, None, 100),
            (Size::S9, Symmetry::None, Some(30), 100),
            // 16x16: near-minimal puzzles are never easy, 150-clue ones
            // always; both ways are compared.
            (Size::S16, Symmetry::None, Some(100), 6),
            (Size::S16, Symmetry::None, Some(150), 6),
        ];
        for (size, symmetry, clues, count) in cases {
            let settings = Settings {
                symmetry,
                clues,
                budget: Budget::UNLIMITED,
            };
            let strategy = if size == Size::S16 {
                Strategy::Backtrack
            } else {
                Strategy::Uniform
            };
            let mut easy = 0;
            for i in 0..count {
                let grid = strategy.grid(&mut grid_rng(33, i), size);
                let p = make(&mut grid_rng(34, i), &grid, settings);
                let is_easy = solvable_by_hidden_singles(&p.puzzle);
                easy += u64::from(is_easy);
                let expected = is_easy.then_some(p);
                let fast = make_easy(&mut grid_rng(34, i), &grid, settings);
                assert_eq!(fast, expected, "{size} {symmetry:?} {clues:?} #{i}");
                // Checked after every removal, and rarely.
                for every in [1, 9] {
                    let other = remove_givens(&mut grid_rng(34, i), &grid, settings, Some(every));
                    assert_eq!(
                        other, expected,
                        "{size} {symmetry:?} {clues:?} #{i} {every}"
                    );
                }
            }
            assert!(
                size != Size::S9 || (easy > 0 && easy < count),
                "{size} {symmetry:?} {clues:?}: {easy} of {count} easy"
            );
        }
    }

    #[test]
    #[ignore = "release only (about 3 s): cargo test --release --lib -- --ignored"]
    fn top_down_minimal_puzzles_average_berthiers_clue_count() {
        // Berthier: top-down minimal puzzles from uniform grids have 24.38
        // clues on average (sd 1.12); the mean of 20,000 has sd 0.008.
        let n = 20_000;
        let settings = Settings::MINIMAL;
        let total: usize = (0..n)
            .map(|i| {
                let grid = Strategy::Uniform.grid(&mut grid_rng(11, i), Size::S9);
                clues(&make(&mut grid_rng(12, i), &grid, settings).puzzle)
            })
            .sum();
        let mean = total as f64 / n as f64;
        assert!((mean - 24.38).abs() < 0.05, "mean {mean}");
    }

    /// A search budget only keeps givens whose check it cuts short: the
    /// puzzle stays unique (and symmetric), a pass no check of which was
    /// cut is the unbudgeted pass, and the budget is never overspent.
    #[test]
    fn a_budget_keeps_the_givens_it_cannot_check_and_changes_nothing_else() {
        let mut cut = 0;
        for symmetry in [Symmetry::None, Symmetry::Rot180] {
            for i in 0..40 {
                let grid = Strategy::Uniform.grid(&mut grid_rng(5, i), Size::S9);
                let free_settings = Settings {
                    symmetry,
                    ..Settings::MINIMAL
                };
                let free = make(&mut grid_rng(6, i), &grid, free_settings);
                assert_eq!(free.unproven, 0);
                for budget in [0, 3, 10, free.guesses] {
                    let settings = Settings {
                        budget: Budget::new(budget),
                        ..free_settings
                    };
                    let made = make(&mut grid_rng(6, i), &grid, settings);
                    assert!(made.guesses <= budget, "#{i}: {} > {budget}", made.guesses);
                    assert_eq!(crate::solve::solve(&made.puzzle), Some(grid.clone()));
                    assert!(symmetry.holds(&made.puzzle));
                    assert_eq!(made.fell_short(&settings), made.unproven > 0);
                    if made.unproven == 0 {
                        assert_eq!(made, free, "#{i} budget {budget}");
                    } else {
                        cut += 1;
                        assert!(made.unproven <= clues(&made.puzzle));
                    }
                }
                // Exactly the guesses the pass needs: nothing is cut.
                let exact = Settings {
                    budget: Budget::new(free.guesses),
                    ..free_settings
                };
                assert_eq!(make(&mut grid_rng(6, i), &grid, exact), free);
            }
        }
        assert!(cut > 80, "only {cut} passes were cut");
        // 16x16 (the 64-bit band solver's checks) the same way.
        for i in 0..3 {
            let grid = Strategy::Chain.grid(&mut grid_rng(9, i), Size::S16);
            for budget in [0, 200] {
                let settings = Settings {
                    budget: Budget::new(budget),
                    ..Settings::MINIMAL
                };
                let made = make(&mut grid_rng(10, i), &grid, settings);
                assert!(made.guesses <= budget && made.unproven > 0, "#{i} {budget}");
                assert_eq!(crate::solve::solve(&made.puzzle), Some(grid.clone()));
            }
        }
        // With a clue target, unchecked givens matter only above it.
        let (mut reached, mut above) = (0, 0);
        for i in 0..40 {
            let grid = Strategy::Uniform.grid(&mut grid_rng(7, i), Size::S9);
            let settings = Settings {
                clues: Some(25),
                budget: Budget::new(0),
                ..Settings::MINIMAL
            };
            let made = make(&mut grid_rng(8, i), &grid, settings);
            assert_eq!(crate::solve::solve(&made.puzzle), Some(grid));
            let short = made.fell_short(&settings);
            assert_eq!(short, made.unproven > 0 && clues(&made.puzzle) > 25);
            reached += usize::from(made.unproven > 0 && !short);
            above += usize::from(short);
        }
        assert!(reached > 0 && above > 0, "{reached} reached, {above} above");
    }

    #[test]
    fn a_clue_target_stops_early() {
        let grid = Strategy::Uniform.grid(&mut grid_rng(1, 1), Size::S9);
        let p = make(
            &mut grid_rng(2, 2),
            &grid,
            Settings {
                symmetry: Symmetry::None,
                clues: Some(40),
                budget: Budget::UNLIMITED,
            },
        )
        .puzzle;
        assert_eq!(clues(&p), 40);
        assert_eq!(crate::solve::solve(&p), Some(grid));
    }
}
