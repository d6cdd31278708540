//! Canonical (minlex) forms of grids and puzzles, in three conventions.
//!
//! Two grids or puzzles are *isomorphs* when a [`Transform`] (transposition,
//! band, stack, row and column permutations, relabelling) maps one to the
//! other. A canonical form is one representative per class, so isomorphs
//! are recognised by comparing forms. All three conventions here are
//! *minlex*: the lexicographically smallest row-major string of cell
//! values (empty cells as `0`, the smallest value) over every geometric
//! symmetry, the symbols relabelled in order of first appearance (the
//! first given becomes 1, the next new symbol 2, ...). They differ in
//! what is minimised first ([`By`]):
//!
//! - [`By::String`] (the default): the string itself. For 9x9 this is the
//!   smallest 81-character string over the 3,359,232 geometric
//!   symmetries.
//! - [`By::Pattern`]: the given/empty pattern first (the 0/1 string with
//!   1 for a given, smallest first), then the string among the symmetries
//!   that give the smallest pattern. This is what Dobrichev's widely used
//!   minlexer computes; it differs from the string form for most puzzles
//!   (78% of random minimal 9x9 puzzles, 59% of the 17-clue list;
//!   measured), never for complete grids.
//! - [`By::Solution`]: the solution grid's minlex form first: the puzzle is
//!   carried by a symmetry that maps its (unique) solution to the
//!   solution's canonical form, the smallest such image when the solution
//!   has automorphisms. The puzzle's labels are then the solution's, not
//!   renumbered (SudokuWiki shows puzzles this way).
//!
//! The same definition holds for every shape; 9x9 has fast paths
//! (`canon/nine.rs`: puzzles row by row, complete grids by their second
//! row), every other shape (and 9x9 on request, [`Canonicalizer::general`])
//! the general search (`canon/general.rs`: cell by cell, branching only on
//! ties); each file's opening comment gives its algorithm, cost and
//! limits.
//!
//! ```
//! use sudogen::canon::{self, By};
//! use sudogen::Grid;
//!
//! let p = Grid::parse(
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//!     None,
//! )
//! .unwrap();
//! let c = canon::canon(&p, By::String).unwrap();
//! // The form is an isomorph of the puzzle, by the transform returned.
//! assert_eq!(c.transform.apply(&p).unwrap(), c.form);
//! assert_eq!(canon::form(&c.form, By::String).unwrap(), c.form);
//! ```

use std::cell::RefCell;
use std::fmt;

use crate::grid::{Grid, Invalid, Size};
use crate::transform::{Shape, Transform};

mod general;
mod nine;

/// What a canonical form minimises first (see the
/// [module documentation](self)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum By {
    /// The cell string itself.
    #[default]
    String,
    /// The given/empty pattern, then the string.
    Pattern,
    /// The solution grid's form, then the puzzle's image.
    Solution,
}

impl By {
    /// Every convention, the default first.
    pub const ALL: [By; 3] = [By::String, By::Pattern, By::Solution];

    /// The convention's name (`string`, `pattern`, `solution`).
    pub fn name(self) -> &'static str {
        match self {
            By::String => "string",
            By::Pattern => "pattern",
            By::Solution => "solution",
        }
    }

    /// The convention named `name`.
    pub fn from_name(name: &str) -> Option<By> {
        By::ALL.into_iter().find(|b| b.name() == name)
    }
}

/// A canonical form and a transform that maps the input to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canon {
    /// The canonical form.
    pub form: Grid,
    /// A symmetry with `transform.apply(input) == form`. When the input
    /// has automorphisms, several do; this is the one the search meets
    /// first (a function of the input).
    pub transform: Transform,
}

/// Why a grid has no canonical form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CanonError {
    /// Its givens repeat a symbol in a row, column or box.
    Invalid(Invalid),
    /// [`By::Solution`] on a puzzle without a solution.
    NoSolution,
    /// [`By::Solution`] on a puzzle with more than one solution.
    ManySolutions,
    /// A shape whose boxes are more than 5 columns wide (14x14 with 2x7
    /// boxes, 22x22 with 2x11): the search keeps the orderings of one
    /// stack's columns as a 128-bit set.
    WideBoxes(Size),
}

impl fmt::Display for CanonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CanonError::Invalid(e) => write!(f, "{e}"),
            CanonError::NoSolution => write!(f, "no solution, so no solution-first form"),
            CanonError::ManySolutions => {
                write!(f, "more than one solution, so no solution-first form")
            }
            CanonError::WideBoxes(size) => write!(
                f,
                "no canonical form for {size} grids with {} boxes: the search takes boxes at most 5 columns wide",
                size.box_text()
            ),
        }
    }
}

impl std::error::Error for CanonError {}

/// Which search to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Path {
    /// The fast 9x9 searches where they apply.
    Fast,
    /// The general search everywhere.
    General,
}

/// Canonicalises grids and puzzles, reusing its buffers: make one per
/// thread and call it for each record (no allocation per call once warm).
pub struct Canonicalizer {
    path: Path,
    general: general::Engine,
    nine: nine::Engine,
}

impl Default for Canonicalizer {
    fn default() -> Self {
        Canonicalizer::new()
    }
}

impl Canonicalizer {
    /// A canonicaliser using the fast 9x9 searches.
    pub fn new() -> Canonicalizer {
        Canonicalizer {
            path: Path::Fast,
            general: general::Engine::new(),
            nine: nine::Engine::new(),
        }
    }

    /// A canonicaliser using the general search at every size, 9x9
    /// included (slower there): the same forms, for checking the fast
    /// paths.
    pub fn general() -> Canonicalizer {
        Canonicalizer {
            path: Path::General,
            ..Canonicalizer::new()
        }
    }

    /// The canonical form of `grid` under `by`, and a transform to it.
    pub fn canon(&mut self, grid: &Grid, by: By) -> Result<Canon, CanonError> {
        let size = grid.size();
        let shape = Shape::of(size);
        if shape.box_cols() > 5 {
            return Err(CanonError::WideBoxes(size));
        }
        let fast = self.path == Path::Fast && size == Size::S9;
        if !(fast && by != By::Solution) {
            check_givens(grid)?;
        }
        match by {
            By::String | By::Pattern => {
                let mut form = Grid::empty(size);
                let transform = if fast {
                    if !self
                        .nine
                        .canon(grid.cells(), by == By::Pattern, form.cells_mut())
                    {
                        return Err(invalid(grid));
                    }
                    self.nine.transform()
                } else {
                    self.general_form(grid.cells(), shape, by == By::Pattern, form.cells_mut())
                };
                Ok(Canon { form, transform })
            }
            By::Solution => {
                let solution = if grid.is_complete() {
                    grid.clone()
                } else {
                    solution_of(grid)?
                };
                let mut best: Option<(Grid, Transform)> = None;
                let mut image = Grid::empty(size);
                let mut consider = |t: Transform| {
                    t.apply_cells(grid.cells(), image.cells_mut());
                    if best.as_ref().is_none_or(|(b, _)| image.cells() < b.cells()) {
                        best = Some((image.clone(), t));
                    }
                };
                if fast {
                    self.nine.grid_symmetries(solution.cells(), &mut consider);
                } else {
                    self.general.run(solution.cells(), shape, false);
                    for b in self.general.branches() {
                        self.general.for_each_transform(b, |t| {
                            consider(t);
                            true
                        });
                    }
                }
                let (form, transform) = best.expect("a grid has a canonical form");
                Ok(Canon { form, transform })
            }
        }
    }

    /// The canonical form of `grid` under `by` (without the transform:
    /// a little faster).
    pub fn form(&mut self, grid: &Grid, by: By) -> Result<Grid, CanonError> {
        if by != By::Solution && self.path == Path::Fast && grid.size() == Size::S9 {
            let mut form = Grid::empty(Size::S9);
            if !self
                .nine
                .canon(grid.cells(), by == By::Pattern, form.cells_mut())
            {
                return Err(invalid(grid));
            }
            return Ok(form);
        }
        self.canon(grid, by).map(|c| c.form)
    }

    /// The string or pattern form of cells of any `shape` (row-major, `0`
    /// for empty), written to `out`, and a transform to it: for shapes the
    /// grid type does not have yet. `None` (and `out` untouched) if a
    /// symbol repeats in a row, column or box, or a value is larger than
    /// the side. Panics if `cells` or `out` is shorter than the shape.
    pub fn canon_cells(
        &mut self,
        cells: &[u8],
        shape: Shape,
        pattern_first: bool,
        out: &mut [u8],
    ) -> Option<Transform> {
        let cells = &cells[..shape.cells()];
        if self.path == Path::Fast && shape == Shape::of(Size::S9) {
            if cells.iter().any(|&v| v > 9) || !self.nine.canon(cells, pattern_first, out) {
                return None;
            }
            return Some(self.nine.transform());
        }
        if !cells_valid(cells, &shape) {
            return None;
        }
        Some(self.general_form(cells, shape, pattern_first, out))
    }

    fn general_form(
        &mut self,
        cells: &[u8],
        shape: Shape,
        pattern_first: bool,
        out: &mut [u8],
    ) -> Transform {
        let n2 = shape.cells();
        self.general.run(cells, shape, pattern_first);
        out[..n2].copy_from_slice(&self.general.best[..n2]);
        self.general.first_transform(&self.general.branches()[0])
    }
}

/// The unique solution of `puzzle`, or why there is none.
fn solution_of(puzzle: &Grid) -> Result<Grid, CanonError> {
    // One search to two solutions, without a budget.
    let out = crate::solve::search(puzzle, crate::solve::Search::default());
    match (out.solutions, out.first) {
        (1, Some(solution)) => Ok(solution),
        (0, _) => Err(CanonError::NoSolution),
        _ => Err(CanonError::ManySolutions),
    }
}

/// Checks that no given repeats in a row, column or box (bit masks; the
/// grid's own check names the fault).
fn check_givens(grid: &Grid) -> Result<(), CanonError> {
    let mut rows = [0u32; 25];
    let mut cols = [0u32; 25];
    let mut boxes = [0u32; 25];
    let mut bad = 0u32;
    for (&v, place) in grid.cells().iter().zip(grid.geometry().places()) {
        let bit = (1u32 << v) & !1;
        let (r, c, x) = (
            usize::from(place.row),
            usize::from(place.col),
            usize::from(place.boxn),
        );
        bad |= (rows[r] | cols[c] | boxes[x]) & bit;
        rows[r] |= bit;
        cols[c] |= bit;
        boxes[x] |= bit;
    }
    if bad != 0 {
        return Err(invalid(grid));
    }
    Ok(())
}

/// Whether no value exceeds the side and no symbol repeats in a row,
/// column or box of `shape`.
fn cells_valid(cells: &[u8], shape: &Shape) -> bool {
    let (n, br, bc) = (shape.side(), shape.box_rows(), shape.box_cols());
    let mut rows = [0u32; 25];
    let mut cols = [0u32; 25];
    let mut boxes = [0u32; 25];
    for (i, &v) in cells.iter().enumerate() {
        if usize::from(v) > n {
            return false;
        }
        if v == 0 {
            continue;
        }
        let (r, c) = (i / n, i % n);
        let x = (r / br) * (n / bc) + c / bc;
        let bit = 1u32 << v;
        if (rows[r] | cols[c] | boxes[x]) & bit != 0 {
            return false;
        }
        rows[r] |= bit;
        cols[c] |= bit;
        boxes[x] |= bit;
    }
    true
}

/// The error for givens known to repeat a symbol in a unit.
fn invalid(grid: &Grid) -> CanonError {
    CanonError::Invalid(grid.validate_givens().expect_err("a repeated given"))
}

thread_local! {
    static CANONICALIZER: RefCell<Canonicalizer> = RefCell::new(Canonicalizer::new());
}

/// The canonical form of `grid` under `by` and a transform to it (a
/// [`Canonicalizer`] kept per thread).
pub fn canon(grid: &Grid, by: By) -> Result<Canon, CanonError> {
    CANONICALIZER.with(|c| c.borrow_mut().canon(grid, by))
}

/// The canonical form of `grid` under `by`.
pub fn form(grid: &Grid, by: By) -> Result<Grid, CanonError> {
    canon(grid, by).map(|c| c.form)
}
