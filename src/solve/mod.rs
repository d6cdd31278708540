//! Solving puzzles and counting their solutions, at every size.
//!
//! [`search`] finds the solutions of a puzzle (a [`Grid`] whose empty cells
//! are 0) up to a limit: limit 1 finds one, limit 2 tells a unique puzzle
//! from one with several, a larger limit counts. A search budget (a number
//! of guesses) bounds the work on very hard large puzzles; a search cut by
//! it says so.
//!
//! Classic 9x9 puzzles go to the band solver ([`bands`]), classic 16x16
//! puzzles to its 64-bit version ([`bands16`]), the other shapes up to
//! 12x12 (4x4, rectangular boxes, X, Hyper, Jigsaw) and those without a
//! variant up to 16x16 to the bitboard solver ([`boards`]), the rest to
//! the per-cell solver ([`generic`]); the last two read their units from
//! the shape's tables. 9x9 X and Hyper searches that keep no solution (the
//! uniqueness checks of `puzzle`, counts) go to the band solver with the
//! extra units as masks ([`bands_x`]), which finds the same solutions in
//! another order. All are exact: they find every solution, in a fixed
//! order, so the first solution found is the same every run.

use crate::grid::{Grid, Size};

pub mod bands;
pub mod bands16;
pub mod bands_x;
pub mod boards;
mod explore;
pub mod generic;

pub use crate::budget::{Budget, DEFAULT_BUDGET, Search};

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found, at most the limit.
    pub solutions: u64,
    /// The first solution found.
    pub first: Option<Grid>,
    /// Guesses made (branches tried beyond deduction).
    pub guesses: u64,
    /// Whether the budget cut the search short: then `solutions` is only a
    /// lower bound (and 0 does not mean "no solution").
    pub cut: bool,
}

impl Outcome {
    /// Whether the puzzle certainly has exactly one solution (the search
    /// used a limit of 2 or more and was not cut).
    pub fn is_unique(&self, search: &Search) -> bool {
        self.solutions == 1 && !self.cut && search.limit >= 2
    }
}

/// The solutions found so far, up to the limit.
pub struct Found {
    limit: u64,
    count: u64,
    /// Whether to keep the first solution (a search that only needs to
    /// know whether there is one skips writing it).
    keep: bool,
    first: Option<Grid>,
}

impl Found {
    /// Records a solution, written into a grid by `write` (only the first
    /// is kept).
    #[inline]
    pub(crate) fn record(&mut self, write: impl FnOnce(&mut Grid)) {
        if self.keep && self.first.is_none() {
            let mut g = Grid::empty(Size::S4);
            write(&mut g);
            debug_assert!(g.is_valid(), "the solver wrote an invalid grid: {g:?}");
            self.first = Some(g);
        }
        self.count += 1;
    }

    /// Whether the limit is reached.
    #[inline]
    pub(crate) fn done(&self) -> bool {
        self.count >= self.limit
    }
}

/// Searches `puzzle` as `search` says. Givens that conflict give no
/// solution.
pub fn search(puzzle: &Grid, search: Search) -> Outcome {
    search_all(puzzle, search, true, None)
}

/// [`search`], each guess trying `hint`'s value first: the same solutions,
/// in another order, so the first found follows the hint. The hint is a
/// grid of the puzzle's shape with a value at every cell; it need not be
/// valid (the `search` strategy fills an empty grid toward random values).
pub fn search_toward(puzzle: &Grid, hint: &Grid, search: Search) -> Outcome {
    debug_assert!(hint.shape() == puzzle.shape() && hint.is_complete());
    search_all(puzzle, search, true, Some(hint))
}

/// Whether `puzzle` has a solution that differs from `solution` (a
/// complete grid) at the empty cell `cell`, with the guesses `budget`
/// allows (what the search spends is taken from it); `None` if the budget
/// ran out before the search could tell (with [`Budget::UNLIMITED`] it
/// never does).
///
/// This is the fast uniqueness test for top-down removal: if a puzzle has
/// the unique solution S, it stays unique without the given at `cell`
/// exactly when it has no solution with something other than S's value
/// there (a solution that agrees at `cell` solves the puzzle with the
/// given, so it is S). One search for one solution replaces a count to 2.
/// Each guess tries S's value first: such another solution, when there is
/// one, usually differs from S in few cells, so staying close to S finds
/// it after fewer guesses (the answer is the same either way).
///
/// The givens of `puzzle` must be values of `solution` (the search then
/// skips checking them against each other).
pub fn has_other_solution(
    puzzle: &Grid,
    cell: usize,
    solution: &Grid,
    budget: &mut Budget,
) -> Option<bool> {
    debug_assert!(solution.is_valid() && solution.is_complete());
    debug_assert!(
        (puzzle.cells().iter().zip(solution.cells())).all(|(&p, &s)| p == 0 || p == s),
        "the puzzle's givens are not the solution's"
    );
    let mut found = Found::first();
    let exclude = Some((cell, solution.cells()[cell]));
    budget.begin();
    dispatch(puzzle, true, exclude, Some(solution), &mut found, budget);
    found.settled(budget)
}

/// [`has_other_solution`] for a 9x9 puzzle given by its givens' band
/// masks (kept in step by the caller, as top-down removal does): whether
/// the puzzle of `givens`, which leaves `cell` empty, has a solution other
/// than `solution` there.
pub fn has_other_solution_9(
    givens: &bands::Givens,
    cell: usize,
    solution: &Grid,
    budget: &mut Budget,
) -> Option<bool> {
    debug_assert_eq!(solution.size(), Size::S9);
    let mut found = Found::first();
    let exclude = Some((cell, solution.cells()[cell]));
    budget.begin();
    bands::search_givens(givens, exclude, Some(solution), &mut found, budget);
    found.settled(budget)
}

impl Found {
    /// A search for any one solution: a limit of one, none kept.
    fn first() -> Found {
        Found {
            limit: 1,
            count: 0,
            keep: false,
            first: None,
        }
    }

    /// Whether a search for one solution found one; `None` if its budget
    /// cut it first.
    fn settled(&self, budget: &Budget) -> Option<bool> {
        (self.count > 0 || !budget.cut).then_some(self.count > 0)
    }
}

fn search_all(puzzle: &Grid, search: Search, keep: bool, hint: Option<&Grid>) -> Outcome {
    let mut found = Found {
        limit: search.limit.max(1),
        count: 0,
        keep,
        first: None,
    };
    let mut budget = search.budget;
    budget.begin();
    dispatch(puzzle, false, None, hint, &mut found, &mut budget);
    Outcome {
        solutions: found.count,
        first: found.first,
        guesses: budget.spent - search.budget.spent,
        cut: budget.cut,
    }
}

/// Sends a search to the solver of the puzzle's shape: the band solvers
/// for the classic 9x9 and 16x16, the bitboard solver for the other shapes
/// it takes ([`boards::takes`]), the per-cell solver for the rest.
/// (`trusted`: the givens are a solution's, so the 9x9 solver may skip
/// checking them.)
#[inline]
fn dispatch(
    puzzle: &Grid,
    trusted: bool,
    exclude: Option<(usize, u8)>,
    hint: Option<&Grid>,
    found: &mut Found,
    budget: &mut Budget,
) {
    if let Some(cages) = puzzle.shape().cages() {
        killer(puzzle, cages, exclude, found, budget);
        return;
    }
    let plain = puzzle.shape().is_plain();
    if plain && puzzle.size() == Size::S9 {
        bands::search(puzzle, trusted, exclude, hint, found, budget);
    } else if !found.keep && bands_x::takes(puzzle.size(), puzzle.variant()) {
        // 9x9 X and Hyper when no solution is kept: it finds the same
        // solutions in another order than the bitboard solver, so the
        // searches whose first solution shows stay there.
        bands_x::search(puzzle, trusted, exclude, hint, found, budget);
    } else if plain && puzzle.size() == Size::S16 {
        bands16::search(puzzle, exclude, hint, found, budget);
    } else if boards::takes(puzzle.shape()) {
        boards::search(puzzle, exclude, hint, found, budget);
    } else {
        generic::search(puzzle, exclude, hint, found, budget);
    }
}

/// A killer puzzle's search, by the killer solver ([`crate::killer::solve`]):
/// its cages and its units, the givens (if any) placed first. Its first
/// solution is the least in the order it branches (a hint is not
/// followed).
fn killer(
    puzzle: &Grid,
    cages: &crate::cages::Cages,
    exclude: Option<(usize, u8)>,
    found: &mut Found,
    budget: &mut Budget,
) {
    let Ok(solver) = crate::killer::solve::Solver::new(puzzle.geometry(), cages) else {
        // Sides past 16: no combination tables. The shape refuses such
        // cages when it is built, so this is not reached.
        return;
    };
    let search = Search {
        limit: found.limit.saturating_sub(found.count).max(1),
        budget: *budget,
    };
    let Ok(out) = solver.search_excluding(puzzle.cells(), exclude, search) else {
        return;
    };
    budget.left = budget.left.saturating_sub(out.guesses);
    budget.spent = budget.spent.saturating_add(out.guesses);
    budget.cut |= out.cut;
    found.count += out.solutions;
    if found.keep && found.first.is_none() {
        found.first = out
            .first
            .and_then(|values| Grid::from_values(puzzle.shape(), &values));
    }
}

/// A shape without a single valid grid: a jigsaw map can have none (its
/// regions can cut the grid so that no arrangement fits).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoGrid {
    /// The shape.
    pub shape: crate::grid::Shape,
}

impl std::fmt::Display for NoGrid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "no {} grid fits these regions: every arrangement repeats a symbol in some row, column or region",
            self.shape
        )
    }
}

impl std::error::Error for NoGrid {}

/// Whether `shape` has a valid grid at all. Every box shape and variant
/// has (answered at once); a jigsaw map is searched once, within
/// [`DEFAULT_BUDGET`] guesses (a map the search cannot settle is taken to
/// have one).
pub fn has_grid(shape: &crate::grid::Shape) -> Result<(), NoGrid> {
    if shape.has_boxes() {
        return Ok(());
    }
    let search = Search {
        limit: 1,
        budget: DEFAULT_BUDGET,
    };
    let out = search_all(&Grid::new(shape), search, false, None);
    if out.solutions == 0 && !out.cut {
        Err(NoGrid {
            shape: shape.clone(),
        })
    } else {
        Ok(())
    }
}

/// The solution of `puzzle` if it has exactly one.
pub fn solve(puzzle: &Grid) -> Option<Grid> {
    let s = Search::default();
    let out = search(puzzle, s);
    if out.is_unique(&s) { out.first } else { None }
}

/// The number of solutions of `puzzle`, counting no further than `limit`
/// (no solution is written out: a uniqueness check needs only the count).
pub fn count_solutions(puzzle: &Grid, limit: u64) -> u64 {
    let search = Search {
        limit,
        budget: Budget::UNLIMITED,
    };
    search_all(puzzle, search, false, None).solutions
}

/// A solver's search, as [`bands16`], [`boards`] and [`generic`] take it
/// (for the tests that compare them).
#[cfg(test)]
pub(crate) type SearchFn = fn(&Grid, Option<(usize, u8)>, Option<&Grid>, &mut Found, &mut Budget);

/// `solver`'s count of the solutions of `puzzle` (with `exclude` and
/// `hint`) up to `limit`, without a budget. The first solution, kept, must
/// be valid, of the puzzle's shape, and hold its givens.
#[cfg(test)]
pub(crate) fn counted(
    solver: SearchFn,
    puzzle: &Grid,
    exclude: Option<(usize, u8)>,
    hint: Option<&Grid>,
    limit: u64,
) -> u64 {
    let mut found = Found {
        limit,
        count: 0,
        keep: true,
        first: None,
    };
    solver(puzzle, exclude, hint, &mut found, &mut {
        Budget::UNLIMITED
    });
    if let Some(first) = &found.first {
        assert!(first.is_valid(), "{first:?}");
        assert_eq!(first.shape(), puzzle.shape());
        let cells = puzzle.cells().iter().zip(first.cells());
        assert!(cells.clone().all(|(&a, &b)| a == 0 || a == b), "{first:?}");
    }
    found.count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::grid_rng;
    use crate::strategies::Strategy;

    #[test]
    fn the_empty_4x4_grid_has_288_solutions() {
        assert_eq!(count_solutions(&Grid::empty(Size::S4), 1000), 288);
        assert_eq!(count_solutions(&Grid::empty(Size::S4), 100), 100);
    }

    #[test]
    fn a_grid_with_one_unavoidable_rectangle_emptied_has_two_solutions() {
        // Every rectangle a b / b a (two rows of a band, two columns of
        // different stacks) of a uniform grid, emptied alone.
        let g = Strategy::Uniform.grid(&mut grid_rng(1, 0), Size::S9);
        let (mut count, mut tried) = (0, 0);
        for r1 in 0..9 {
            for r2 in r1 + 1..(r1 / 3 + 1) * 3 {
                for c1 in 0..9 {
                    for c2 in (c1 / 3 + 1) * 3..9 {
                        if g.get(r1, c1) == g.get(r2, c2) && g.get(r1, c2) == g.get(r2, c1) {
                            let mut p = g.clone();
                            for (r, c) in [(r1, c1), (r1, c2), (r2, c1), (r2, c2)] {
                                p.set(r, c, 0);
                            }
                            assert_eq!(count_solutions(&p, 10), 2);
                            count += 1;
                        }
                        tried += 1;
                    }
                }
            }
        }
        assert!(count > 0 && tried > 0);
    }

    #[test]
    fn another_solution_exists_exactly_when_the_puzzle_is_not_unique() {
        for size in [Size::S4, Size::S9, Size::S16] {
            let g = Strategy::Rotate.grid(&mut grid_rng(5, 2), size);
            // One empty cell: its value is forced.
            let mut p = g.clone();
            p.cells_mut()[7] = 0;
            let unlimited = &mut { Budget::UNLIMITED };
            assert_eq!(
                has_other_solution(&p, 7, &g, unlimited),
                Some(false),
                "{size}"
            );
            // The empty grid has solutions with every value there.
            let empty = Grid::empty(size);
            assert_eq!(
                has_other_solution(&empty, 7, &g, unlimited),
                Some(true),
                "{size}"
            );
        }
        // An unavoidable rectangle emptied: the other solution avoids each
        // of its four values.
        let g = Strategy::Uniform.grid(&mut grid_rng(1, 0), Size::S9);
        'search: for r1 in 0..9 {
            for r2 in r1 + 1..(r1 / 3 + 1) * 3 {
                for c1 in 0..9 {
                    for c2 in (c1 / 3 + 1) * 3..9 {
                        if g.get(r1, c1) == g.get(r2, c2) && g.get(r1, c2) == g.get(r2, c1) {
                            let mut p = g.clone();
                            for (r, c) in [(r1, c1), (r1, c2), (r2, c1), (r2, c2)] {
                                p.set(r, c, 0);
                            }
                            let cell = Size::S9.cell(r1, c1);
                            let other =
                                has_other_solution(&p, cell, &g, &mut { Budget::UNLIMITED });
                            assert_eq!(other, Some(true));
                            break 'search;
                        }
                    }
                }
            }
        }
    }

    /// Filling an empty 25x25 grid goes hundreds of guesses deep, an empty
    /// 16x16 grid tens; both searches keep their states on the heap, so a
    /// small stack is enough.
    #[test]
    fn deep_searches_fit_a_small_stack() {
        for (size, least) in [(Size::S16, 10), (Size::S25, 100)] {
            let out = std::thread::Builder::new()
                .stack_size(256 * 1024)
                .spawn(move || {
                    search(
                        &Grid::empty(size),
                        Search {
                            limit: 1,
                            budget: Budget::new(100_000),
                        },
                    )
                })
                .unwrap()
                .join()
                .unwrap();
            assert_eq!(out.solutions, 1, "{size}");
            assert!(out.guesses > least, "{size}: {} guesses", out.guesses);
            assert!(out.first.unwrap().is_valid(), "{size}");
        }
    }

    #[test]
    fn conflicting_givens_have_no_solution() {
        for size in Size::ALL {
            let mut g = Grid::empty(size);
            g.set(0, 0, 1);
            g.set(0, size.side() - 1, 1);
            assert_eq!(count_solutions(&g, 2), 0, "{size}");
        }
    }

    #[test]
    fn complete_grids_are_their_own_solution() {
        for size in Size::ALL {
            let g = Strategy::Rotate.grid(&mut grid_rng(3, 1), size);
            let out = search(&g, Search::default());
            assert_eq!(out.solutions, 1, "{size}");
            assert_eq!(out.first.as_ref(), Some(&g));
            assert_eq!(out.guesses, 0);
        }
    }

    #[test]
    fn the_budget_cuts_the_search_and_says_so() {
        let out = search(
            &Grid::empty(Size::S9),
            Search {
                limit: 1_000_000,
                budget: Budget::new(50),
            },
        );
        assert!(out.cut);
        assert_eq!(out.guesses, 50);
        assert!(out.solutions < 1_000_000);
    }
}
