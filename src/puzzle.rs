//! Puzzles from grids: givens removed top-down while the solution stays
//! unique.
//!
//! **Algorithm.** Start from a complete grid. Group the cells into the
//! orbits of the chosen symmetry (single cells without one). Visit the
//! orbits in a random order; remove each orbit's givens, and put them back
//! if the puzzle no longer has exactly one solution (a uniqueness check:
//! [`count_solutions`] with limit 2). After one pass every orbit has been
//! tried once; an orbit that could not go then cannot go later either
//! (removing more givens never makes a puzzle unique again), so the puzzle
//! is *minimal subject to the symmetry*: no orbit of givens can be removed.
//! With no symmetry, no single given can be removed.
//!
//! With a clue target, the pass stops as soon as the puzzle has that many
//! clues or fewer (unique, not minimal).
//!
//! **Cost.** One uniqueness check per orbit: 81 for a 9x9 puzzle without
//! symmetry. The README has the measured times.
//!
//! **Bias.** Top-down removal in random order is the most common method and
//! is biased towards puzzles with more clues than a uniform draw of minimal
//! puzzles would give (Berthier: mean 24.38 clues for top-down from uniform
//! grids, against about 26.6 for uniform minimal puzzles).

use rand::Rng;

use crate::candidates::UnitMasks;
use crate::grid::{Grid, Size};
use crate::random::shuffle;
use crate::solve::{count_solutions, has_solution_without};

/// A map of the cell (row, column) of a grid of side n to another cell.
type CellMap = fn(usize, usize, usize) -> (usize, usize);

/// The symmetry a puzzle's givens keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum)]
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
            Symmetry::All => "all",
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
}

/// The fewest clues a unique puzzle of `size` can have, as far as is
/// proven: 4 for 4x4, 17 for 9x9 (McGuire, Tugemann and Civario, 2012),
/// and `n - 1` otherwise (with two symbols absent from the givens, they
/// could be swapped in any solution).
pub fn fewest_clues(size: Size) -> usize {
    match size {
        Size::S4 => 4,
        Size::S9 => 17,
        _ => size.side() - 1,
    }
}

/// Makes a puzzle whose unique solution is `solution` (a complete valid
/// grid), drawing the removal order from `rng`.
pub fn make<R: Rng + ?Sized>(rng: &mut R, solution: &Grid, settings: Settings) -> Grid {
    let mut orbits = settings.symmetry.orbits(solution.size());
    shuffle(rng, &mut orbits);
    let mut puzzle = solution.clone();
    let size = solution.size();
    let places = size.places();
    // What each unit of the puzzle holds, kept in step with the givens.
    let mut units = UnitMasks::default();
    for (i, &v) in solution.cells().iter().enumerate() {
        units.place(places[i], v);
    }
    let mut clues = size.cells();
    let target = settings.clues.unwrap_or(0);
    for orbit in &orbits {
        if clues <= target {
            break;
        }
        for &i in orbit {
            puzzle.cells_mut()[i] = 0;
            units.unplace(places[i], solution.cells()[i]);
        }
        let unique = match orbit[..] {
            // One cell: unique when its value still follows from the other
            // givens by a single (then the puzzle has the same solutions),
            // else unless a solution puts another value there.
            [i] => {
                forced(&puzzle, &units, i, solution.cells()[i])
                    || !has_solution_without(&puzzle, i, solution.cells()[i])
            }
            _ => count_solutions(&puzzle, 2) == 1,
        };
        if unique {
            clues -= orbit.len();
        } else {
            for &i in orbit {
                puzzle.cells_mut()[i] = solution.cells()[i];
                units.place(places[i], solution.cells()[i]);
            }
        }
    }
    puzzle
}

/// Whether the empty `cell` must hold `v` by a naked single (its units
/// hold every other value) or a hidden single (in one of its units no
/// other empty cell can hold `v`), given the units' contents `units`. Such
/// a cell can lose its given without the puzzle gaining a solution, so no
/// search is needed: the decision is the one the search would make.
fn forced(puzzle: &Grid, units: &UnitMasks, cell: usize, v: u8) -> bool {
    let size = puzzle.size();
    let places = size.places();
    let n = size.side();
    if units.used(places[cell]).len() as usize == n - 1 {
        return true;
    }
    let p = places[cell];
    let cells = puzzle.cells();
    let (row, col, boxn) = (usize::from(p.row), usize::from(p.col), usize::from(p.boxn));
    let blocked = |c: usize| c == cell || cells[c] != 0 || units.used(places[c]).contains(v);
    (0..n).all(|k| blocked(size.box_cell(boxn, k)))
        || (0..n).all(|k| blocked(size.cell(row, k)))
        || (0..n).all(|k| blocked(size.cell(k, col)))
}

/// The number of givens of a puzzle.
pub fn clues(puzzle: &Grid) -> usize {
    puzzle.cells().iter().filter(|&&v| v != 0).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::grid_rng;
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
                    Symmetry::Rot90 => 4,
                    Symmetry::All => 8,
                    _ => 2,
                };
                assert_eq!(largest, expected, "{s:?} {size}");
            }
        }
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
                    };
                    let p = make(&mut grid_rng(4, i), &grid, settings);
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

    #[test]
    #[ignore = "release only (about 3 s): cargo test --release --lib -- --ignored"]
    fn top_down_minimal_puzzles_average_berthiers_clue_count() {
        // Berthier: top-down minimal puzzles from uniform grids have 24.38
        // clues on average (sd 1.12); the mean of 20,000 has sd 0.008.
        let n = 20_000;
        let settings = Settings {
            symmetry: Symmetry::None,
            clues: None,
        };
        let total: usize = (0..n)
            .map(|i| {
                let grid = Strategy::Uniform.grid(&mut grid_rng(11, i), Size::S9);
                clues(&make(&mut grid_rng(12, i), &grid, settings))
            })
            .sum();
        let mean = total as f64 / n as f64;
        assert!((mean - 24.38).abs() < 0.05, "mean {mean}");
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
            },
        );
        assert_eq!(clues(&p), 40);
        assert_eq!(crate::solve::solve(&p), Some(grid));
    }
}
