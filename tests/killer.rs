//! The killer engine (cages, solver, maker), checked by this test's own
//! validator and search, which share no code with the library's: the
//! units are rebuilt here from the side and the box size, the cages from
//! their list, and the count is a plain backtracking over cages, a
//! whole cage filled at a time (the cage with the fewest fillings first).
//!
//! The debug run makes about 500 puzzles, most of them 4x4 and 6x6 (the
//! checker's search takes seconds on a 9x9 killer without givens); the
//! `release_*` tests (ignored, run by `.ci/run` with `--release --
//! --ignored`) make thousands per shape.

mod common;

use sudogen::cages::{Cage, Cages};
use sudogen::grid::{Layout, Shape, Size, Variant};
use sudogen::killer::make::{Puzzle, Settings, make};
use sudogen::killer::solve;
use sudogen::random::RunRng;
use sudogen::solve::{Budget, Search};
use sudogen::{Grid, Strategy};

/// A 9x9 jigsaw map.
const JIGSAW: &str =
    "AAABBBCCC AABBBCCCC AAAABBBCC DDDDEEEFF DDEEEFFFF DDDEEEFFF GGGHHHIII GGGHHHIII GGGHHHIII";

/// The test's own view of a killer puzzle: units, cages, and a search.
struct Checker {
    side: usize,
    /// For each cell, the other cells of its units.
    peers: Vec<Vec<usize>>,
    units: Vec<Vec<usize>>,
    /// Each cage's cells and sum.
    cages: Vec<(Vec<usize>, u32)>,
}

/// The units of a shape, built here: rows, columns, boxes (or a jigsaw
/// map's regions), X's diagonals, Hyper's windows (9x9).
fn units(
    side: usize,
    box_rows: usize,
    box_cols: usize,
    variant: &str,
    regions: Option<&str>,
) -> Vec<Vec<usize>> {
    let mut units = Vec::new();
    for r in 0..side {
        units.push((0..side).map(|c| r * side + c).collect());
    }
    for c in 0..side {
        units.push((0..side).map(|r| r * side + c).collect());
    }
    match regions {
        Some(map) => {
            let map: Vec<char> = map.chars().filter(|c| !c.is_whitespace()).collect();
            let mut letters = map.clone();
            letters.sort_unstable();
            letters.dedup();
            for l in letters {
                units.push((0..side * side).filter(|&c| map[c] == l).collect());
            }
        }
        None => {
            for br in (0..side).step_by(box_rows) {
                for bc in (0..side).step_by(box_cols) {
                    let mut unit = Vec::new();
                    for r in br..br + box_rows {
                        for c in bc..bc + box_cols {
                            unit.push(r * side + c);
                        }
                    }
                    units.push(unit);
                }
            }
        }
    }
    match variant {
        "x" => {
            units.push((0..side).map(|i| i * side + i).collect());
            units.push((0..side).map(|i| i * side + side - 1 - i).collect());
        }
        "hyper" => {
            for br in [1, 5] {
                for bc in [1, 5] {
                    let mut unit = Vec::new();
                    for r in br..br + 3 {
                        for c in bc..bc + 3 {
                            unit.push(r * side + c);
                        }
                    }
                    units.push(unit);
                }
            }
        }
        _ => {}
    }
    units
}

impl Checker {
    fn new(side: usize, units: Vec<Vec<usize>>, list: &[Cage]) -> Checker {
        let mut peers = vec![Vec::new(); side * side];
        for unit in &units {
            for &a in unit {
                for &b in unit {
                    if a != b && !peers[a].contains(&b) {
                        peers[a].push(b);
                    }
                }
            }
        }
        Checker {
            side,
            peers,
            units,
            cages: list.iter().map(|c| (c.cells.clone(), c.sum)).collect(),
        }
    }

    /// Checks the puzzle's cages against its solution: cells covered
    /// once, cages connected and of at most `side` cells, no value twice
    /// in a cage, sums right, the solution valid in every unit.
    fn validate(&self, solution: &[u8]) {
        let n = self.side;
        common::check_cages(n, &self.cages, 1, solution, "");
        for unit in &self.units {
            let mut values: Vec<u8> = unit.iter().map(|&c| solution[c]).collect();
            values.sort_unstable();
            assert_eq!(values, (1..=n as u8).collect::<Vec<_>>(), "unit {unit:?}");
        }
    }

    /// The ways to fill the empty cells of cage `k` in `grid` (values
    /// distinct in the cage, none seen by a cell in its units, the sum
    /// right), at most `cap` of them.
    fn fillings(&self, grid: &mut [u8], k: usize, cap: usize) -> Vec<Vec<u8>> {
        let (cells, sum) = &self.cages[k];
        let mut out = Vec::new();
        let mut values = Vec::new();
        self.fill(grid, cells, *sum, 0, &mut values, cap, &mut out);
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn fill(
        &self,
        grid: &mut [u8],
        cells: &[usize],
        sum: u32,
        at: usize,
        values: &mut Vec<u8>,
        cap: usize,
        out: &mut Vec<Vec<u8>>,
    ) {
        if out.len() >= cap {
            return;
        }
        let placed: u32 = cells.iter().map(|&c| u32::from(grid[c])).sum();
        if placed > sum {
            return;
        }
        let Some(i) = (at..cells.len()).find(|&i| grid[cells[i]] == 0) else {
            if placed == sum {
                out.push(values.clone());
            }
            return;
        };
        let cell = cells[i];
        for v in 1..=self.side as u8 {
            if cells.iter().any(|&c| grid[c] == v) || self.peers[cell].iter().any(|&p| grid[p] == v)
            {
                continue;
            }
            grid[cell] = v;
            values.push(v);
            self.fill(grid, cells, sum, i + 1, values, cap, out);
            values.pop();
            grid[cell] = 0;
        }
    }

    /// Counts the solutions from `grid` up to `limit`, keeping them: it
    /// fills a whole cage at a time, the cage with the fewest fillings
    /// first.
    fn count(&self, grid: &mut Vec<u8>, limit: usize, found: &mut Vec<Vec<u8>>) {
        if found.len() >= limit {
            return;
        }
        let mut best: Option<(usize, usize)> = None;
        for k in 0..self.cages.len() {
            if self.cages[k].0.iter().all(|&c| grid[c] != 0) {
                continue;
            }
            let cap = best.map_or(usize::MAX, |(_, n)| n);
            let n = self.fillings(grid, k, cap).len();
            if n == 0 {
                return;
            }
            if best.is_none_or(|(_, b)| n < b) {
                best = Some((k, n));
            }
        }
        let Some((k, _)) = best else {
            // Every cage is full; the units were kept as cells were filled.
            found.push(grid.clone());
            return;
        };
        let empty: Vec<usize> = self.cages[k]
            .0
            .iter()
            .copied()
            .filter(|&c| grid[c] == 0)
            .collect();
        for filling in self.fillings(grid, k, usize::MAX) {
            for (&c, &v) in empty.iter().zip(&filling) {
                grid[c] = v;
            }
            self.count(grid, limit, found);
            for &c in &empty {
                grid[c] = 0;
            }
            if found.len() >= limit {
                return;
            }
        }
    }
}

/// A shape of the tests: the library's shape and the checker's units.
struct Case {
    shape: Shape,
    units: Vec<Vec<usize>>,
}

fn case(side: usize, variant: &str) -> Case {
    let size = Size::from_side(side).unwrap();
    let (v, regions) = match variant {
        "x" => (Variant::X, None),
        "hyper" => (Variant::Hyper, None),
        "jigsaw" => (Variant::None, Some(JIGSAW)),
        _ => (Variant::None, None),
    };
    let shape = match regions {
        Some(map) => Shape::jigsaw(Layout::parse(map).unwrap()),
        None => Shape::new(size, v).unwrap(),
    };
    Case {
        shape,
        units: units(side, size.box_rows(), size.box_cols(), variant, regions),
    }
}

/// Puzzle `i` of seed `seed` on `shape`, with `givens`.
fn puzzle(shape: Shape, seed: u64, i: u64, givens: usize) -> (Puzzle, Vec<u8>) {
    common::killer_puzzle(&shape, seed, i, givens)
}

/// Makes `count` puzzles of a shape and checks each with the checker.
fn check_shape(side: usize, variant: &str, count: u64, givens: usize) {
    let case = case(side, variant);
    let mut singles = 0;
    let mut cages = 0;
    for i in 0..count {
        let (puzzle, solution) = puzzle(case.shape.clone(), 51, i, givens);
        let list = puzzle.cages.list();
        cages += list.len();
        singles += list.iter().filter(|c| c.cells.len() == 1).count();
        let checker = Checker::new(side, case.units.clone(), &list);
        checker.validate(&solution);
        assert_eq!(puzzle.givens.iter().filter(|&&v| v != 0).count(), givens);
        for (c, &v) in puzzle.givens.iter().enumerate() {
            assert!(v == 0 || v == solution[c]);
        }
        let mut grid = puzzle.givens.clone();
        let mut found = Vec::new();
        checker.count(&mut grid, 2, &mut found);
        assert_eq!(
            found,
            vec![solution.clone()],
            "{variant} {side} puzzle {i}: {:?}",
            puzzle.cages
        );
    }
    // Single cells are rare.
    assert!(
        singles * 10 < cages,
        "{singles} single cells of {cages} cages"
    );
}

#[test]
fn wikipedia_killer_has_its_published_solution() {
    // The example of Wikipedia's "Killer sudoku" article
    // (File:Killersudoku_color.svg), cages as a map, sums in map order.
    let map = "AABBBCDEF GGHHCCDEF GGIICJKKF LMMINJKOF LPPQNJOOR \
               SPTQNUVVR STTQWUUXX SYZWWaaXX SYZWbbbcc";
    let sums = "3 15 22 4 16 15 25 17 9 8 20 6 14 17 17 13 20 12 27 6 20 6 10 14 8 16 15 13 17";
    let solution: Vec<u8> = "215647398 368952174 794381652 586274931 142593867 \
                             973816425 821739546 659428713 437165289"
        .bytes()
        .filter(u8::is_ascii_digit)
        .map(|b| b - b'0')
        .collect();
    let cages = Cages::parse_map(map, sums).unwrap();
    assert_eq!(cages.count(), 29);
    cages.check_solution(&solution).unwrap();
    assert_eq!(cages.map_text(), map.replace(' ', ""));
    let case = case(9, "none");
    let checker = Checker::new(9, case.units.clone(), &cages.list());
    checker.validate(&solution);
    let mut found = Vec::new();
    checker.count(&mut vec![0; 81], 2, &mut found);
    assert_eq!(found, vec![solution.clone()]);
    let out = solve::search(case.shape.geometry(), &cages, &[], Search::default()).unwrap();
    assert_eq!((out.solutions, out.first), (1, Some(solution)));
    assert!(!out.cut);
}

#[test]
fn the_solver_counts_as_the_checker_does() {
    // Puzzles made ambiguous by merging each cage with its neighbour:
    // the solver's count (up to 30) is the checker's.
    for (side, variant) in [(4, "none"), (6, "none"), (4, "x")] {
        let case = case(side, variant);
        for i in 0..40 {
            let (puzzle, solution) = puzzle(case.shape.clone(), 7, i, 0);
            let mut list = puzzle.cages.list();
            // Merge cage 0 into a neighbouring cage whose values it lacks.
            let n = side;
            let first = list.remove(0);
            let target = list.iter().position(|c| {
                c.cells.iter().any(|&m| {
                    first
                        .cells
                        .iter()
                        .any(|&f| (f / n).abs_diff(m / n) + (f % n).abs_diff(m % n) == 1)
                }) && c.cells.len() + first.cells.len() <= n
                    && c.cells
                        .iter()
                        .all(|&m| first.cells.iter().all(|&f| solution[f] != solution[m]))
            });
            match target {
                Some(t) => {
                    list[t].cells.extend(&first.cells);
                    list[t].sum += first.sum;
                }
                None => list.push(first),
            }
            let cages = Cages::new(side, &list).unwrap();
            let checker = Checker::new(side, case.units.clone(), &cages.list());
            let mut found = Vec::new();
            checker.count(&mut vec![0; n * n], 30, &mut found);
            let search = Search {
                limit: 30,
                budget: Budget::UNLIMITED,
            };
            let out = solve::search(case.shape.geometry(), &cages, &[], search).unwrap();
            assert_eq!(
                out.solutions,
                found.len() as u64,
                "{variant} {side} {i}: {cages:?}"
            );
            // Walking toward a known solution first (as the maker counts)
            // finds the same count, the known solution first.
            let near = solve::Solver::new(case.shape.geometry(), &cages)
                .unwrap()
                .search_near(&[], &solution, search)
                .unwrap();
            assert_eq!(near.solutions, out.solutions, "{variant} {side} {i}");
            assert_eq!(near.first.as_ref(), Some(&solution), "{variant} {side} {i}");
            // Both find solutions in their own order: the solver's first
            // two are among the checker's.
            for s in [&out.first, &out.second].into_iter().flatten() {
                assert!(found.len() == 30 || found.contains(s));
                case_validates(&checker, s);
            }
        }
    }
}

#[test]
fn the_same_stream_makes_the_same_puzzle() {
    let shape = Shape::from(Size::S9);
    let a = puzzle(shape.clone(), 3, 5, 0);
    let b = puzzle(shape.clone(), 3, 5, 0);
    assert_eq!(a, b);
    let c = puzzle(shape.clone(), 3, 6, 0);
    assert_ne!(a.0.cages, c.0.cages);
    // `make` on a fixed grid: the same random state, the same cages.
    let grid = Strategy::Backtrack.generate_grid(shape.clone());
    let settings = Settings {
        budget: Budget::new(1_000_000),
        ..Settings::default()
    };
    let one = make(
        shape.geometry(),
        &grid,
        &mut RunRng::new(1).for_index(0),
        &settings,
    )
    .unwrap();
    let two = make(
        shape.geometry(),
        &grid,
        &mut RunRng::new(1).for_index(0),
        &settings,
    )
    .unwrap();
    assert_eq!(one, two);
}

#[test]
fn bad_grids_and_bounds_are_errors() {
    use sudogen::killer::make::MakeError;
    let shape = Shape::from(Size::S9);
    let settings = Settings::default();
    let mut rng = RunRng::new(1).for_index(0);
    assert_eq!(
        make(shape.geometry(), &[1; 80], &mut rng, &settings),
        Err(MakeError::Solution)
    );
    assert_eq!(
        make(shape.geometry(), &[0; 81], &mut rng, &settings),
        Err(MakeError::Solution)
    );
    // A grid that breaks the rows: no solution has it.
    let mut grid = Strategy::Backtrack.generate_grid(shape.clone());
    grid.swap(0, 1);
    assert_eq!(
        make(shape.geometry(), &grid, &mut rng, &settings),
        Err(MakeError::NotSolved)
    );
    // No repair allowed: most grids' first cages are ambiguous.
    let strict = Settings {
        repairs: 0,
        ..settings
    };
    let failed = (0..20)
        .filter(|&i| {
            let grid = Strategy::Backtrack.generate_grid_from(shape.clone(), i);
            make(shape.geometry(), &grid, &mut rng, &strict) == Err(MakeError::Repairs)
        })
        .count();
    assert!(failed > 0);
    // 16x16 is the largest side.
    let big = Shape::from(Size::S25);
    let grid: Vec<u8> = (0..625).map(|c| (c % 25) as u8 + 1).collect();
    assert!(matches!(
        make(big.geometry(), &grid, &mut rng, &settings),
        Err(MakeError::Killer(_))
    ));
}

/// The checker's validation of a solution the solver found.
fn case_validates(checker: &Checker, solution: &[u8]) {
    checker.validate(solution);
}

/// Grids of a strategy, for the tests above.
trait GridOf {
    fn generate_grid(self, shape: Shape) -> Vec<u8>;
    fn generate_grid_from(self, shape: Shape, i: u64) -> Vec<u8>;
}

impl GridOf for Strategy {
    fn generate_grid(self, shape: Shape) -> Vec<u8> {
        self.generate_grid_from(shape, 0)
    }
    fn generate_grid_from(self, shape: Shape, i: u64) -> Vec<u8> {
        let mut grid = Grid::new(shape);
        self.generate(&mut RunRng::new(99).for_index(i), &mut grid);
        grid.cells().to_vec()
    }
}

#[test]
fn four_by_four_puzzles_are_unique() {
    check_shape(4, "none", 300, 0);
}

#[test]
fn six_by_six_puzzles_are_unique() {
    check_shape(6, "none", 150, 0);
}

#[test]
fn nine_by_nine_puzzles_are_unique() {
    check_shape(9, "none", 12, 0);
}

#[test]
fn variants_puzzles_are_unique() {
    check_shape(9, "x", 6, 0);
    check_shape(9, "hyper", 4, 0);
    check_shape(9, "jigsaw", 4, 0);
    check_shape(8, "none", 4, 0);
}

#[test]
fn givens_are_kept() {
    check_shape(9, "none", 4, 6);
    check_shape(6, "none", 40, 3);
}

#[test]
#[ignore = "release only: thousands of puzzles"]
fn release_four_by_four_puzzles_are_unique() {
    check_shape(4, "none", 5000, 0);
}

#[test]
#[ignore = "release only: thousands of puzzles"]
fn release_six_by_six_puzzles_are_unique() {
    check_shape(6, "none", 3000, 0);
}

#[test]
#[ignore = "release only: thousands of puzzles"]
fn release_nine_by_nine_puzzles_are_unique() {
    check_shape(9, "none", 2000, 0);
}

#[test]
#[ignore = "release only: thousands of puzzles"]
fn release_nine_by_nine_x_puzzles_are_unique() {
    check_shape(9, "x", 2000, 0);
}

#[test]
#[ignore = "release only: 12x12 killers take seconds each"]
fn release_twelve_by_twelve_puzzles_are_unique() {
    check_shape(12, "none", 20, 0);
}
