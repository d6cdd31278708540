//! Checking records: which are valid complete grids or valid puzzles (no
//! given repeated; with `unique`, exactly one solution; a solution written
//! beside a puzzle must fit it), what is wrong with the others, and how
//! many are distinct. Works batch by batch, so batches
//! can be checked on any thread and tallied in order.

use std::collections::HashSet;
use std::hash::{BuildHasher, Hasher};

use crate::format::RecordError;
use crate::format::read::Batch;
use crate::grid::Grid;
use crate::shape::Variant;
use crate::solve::{Budget, Search};

/// What a check found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Records read (grids and unreadable records).
    pub read: u64,
    /// Valid complete grids.
    pub valid: u64,
    /// Records that are not valid.
    pub invalid: u64,
    /// Of the valid records, those with empty cells (puzzles).
    pub puzzles: u64,
    /// Of the valid records, those that carried a solution, checked.
    pub solutions: u64,
    /// Distinct valid grids, when asked for.
    pub distinct: Option<u64>,
}

impl Summary {
    /// The closing line of the report.
    pub fn line(&self) -> String {
        let mut s = format!(
            "{} read: {} valid, {} invalid",
            crate::grid::plural(self.read as usize, "grid"),
            self.valid,
            self.invalid
        );
        if self.puzzles > 0 {
            let (verb, noun) = if self.puzzles == 1 {
                ("is", "a puzzle")
            } else {
                ("are", "puzzles")
            };
            s += &format!(
                " ({} of the valid {verb} {noun} with empty cells)",
                self.puzzles
            );
        }
        if self.solutions > 0 {
            s += &format!(
                ", {} with {} checked",
                self.solutions,
                if self.solutions == 1 {
                    "its solution"
                } else {
                    "their solutions"
                }
            );
        }
        if let Some(d) = self.distinct {
            s += &format!(", {d} distinct");
        }
        s
    }
}

/// A 128-bit fingerprint of a grid: two keyed SipHash values. Collisions
/// among 10^9 grids have probability below 10^-20.
pub fn fingerprint(grid: &Grid) -> u128 {
    let hash = |key: u64| {
        let mut h =
            std::hash::BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default()
                .build_hasher();
        h.write_u64(key);
        h.write(grid.cells());
        h.finish()
    };
    u128::from(hash(0x5eed)) << 64 | u128::from(hash(0xc0ffee))
}

/// What a check requires of each record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Count distinct valid grids (keeps a fingerprint of each).
    pub distinct: bool,
    /// Records must be complete grids: no empty cell.
    pub complete: bool,
    /// Puzzles must have exactly one solution.
    pub unique: bool,
    /// With `unique`: the guesses one puzzle's search may make; a puzzle
    /// whose search runs out first is a problem (its uniqueness is not
    /// settled).
    pub budget: Budget,
}

impl Default for Rules {
    /// Nothing beyond validity, and no search budget.
    fn default() -> Self {
        Rules {
            distinct: false,
            complete: false,
            unique: false,
            budget: Budget::UNLIMITED,
        }
    }
}

/// What one batch holds: its problems in order, and its valid grids'
/// fingerprints when distinct grids are counted.
#[derive(Clone, Debug, Default)]
pub struct BatchReport {
    /// Records read.
    pub read: u64,
    /// Valid records.
    pub valid: u64,
    /// Valid records with empty cells.
    pub puzzles: u64,
    /// Valid records whose solution was checked.
    pub solutions: u64,
    /// Each bad record's line and what is wrong with it.
    pub problems: Vec<(u64, Problem)>,
    /// Fingerprints of the valid grids (if asked for).
    pub fingerprints: Vec<u128>,
}

/// What is wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// What is wrong, in words.
    Text(String),
    /// The search for a second solution ran out of its budget of this many
    /// guesses before uniqueness was settled.
    Budget(u64),
    /// The record could not be read.
    Record(RecordError),
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::Text(text) => f.write_str(text),
            Problem::Record(e) => e.fmt(f),
            Problem::Budget(guesses) => write!(
                f,
                "search budget of {guesses} guesses exceeded before uniqueness was settled"
            ),
        }
    }
}

impl From<String> for Problem {
    fn from(text: String) -> Problem {
        Problem::Text(text)
    }
}

/// What is wrong with one grid under `rules`, if anything.
pub fn problem(grid: &Grid, rules: Rules) -> Option<Problem> {
    problem_written(grid, rules, |c| c)
}

/// [`problem`], naming a symbol as `written` turns it (into the alphabet
/// of the input).
fn problem_written(grid: &Grid, rules: Rules, written: impl Fn(char) -> char) -> Option<Problem> {
    let text = |e: crate::grid::Invalid| Problem::Text(e.written_as(&written).to_string());
    if grid.is_complete() || rules.complete {
        return grid.validate().err().map(text);
    }
    if let Err(e) = grid.validate_givens() {
        return Some(text(e));
    }
    if rules.unique {
        let search = Search {
            limit: 2,
            budget: rules.budget,
        };
        let out = crate::solve::search(grid, search);
        return match (out.solutions, out.cut) {
            (2.., _) => Some(Problem::Text("2+ solutions".into())),
            (0, false) => Some(Problem::Text("no solution".into())),
            (1, false) => None,
            (_, true) => Some(Problem::Budget(rules.budget.bound())),
        };
    }
    None
}

/// The guesses [`unique_under`] gives each variant's search: a hint in a
/// message is not worth a long search.
const HINT_BUDGET: u64 = 1_000;

/// The variant under which `puzzle`, a grid without a variant that has
/// several solutions, has exactly one: X, else Hyper (where the size has
/// them); `None` if neither, or if a search would take more than a few
/// guesses to tell. Every solution with the extra units is a solution
/// without them, so only a puzzle with several solutions can be unique
/// under a variant; this names the option such a record was made for.
pub fn unique_under(puzzle: &Grid) -> Option<Variant> {
    if !puzzle.shape().is_plain() {
        return None;
    }
    [Variant::X, Variant::Hyper].into_iter().find(|variant| {
        let mut grid = puzzle.clone();
        if grid.set_variant(variant.clone()).is_err() || grid.validate_givens().is_err() {
            return false;
        }
        let search = Search {
            limit: 2,
            budget: Budget::new(HINT_BUDGET),
        };
        let out = crate::solve::search(&grid, search);
        out.solutions == 1 && !out.cut
    })
}

/// What is wrong with `solution` as a solution of the valid record `grid`,
/// if anything: it must be a valid complete grid of the same size that
/// keeps every given.
pub fn solution_problem(grid: &Grid, solution: Result<&Grid, RecordError>) -> Option<String> {
    solution_problem_written(grid, solution, |c| c)
}

/// [`solution_problem`], naming a symbol as `written` turns it.
fn solution_problem_written(
    grid: &Grid,
    solution: Result<&Grid, RecordError>,
    written: impl Fn(char) -> char,
) -> Option<String> {
    let solution = match solution {
        Ok(s) => s,
        Err(e) => return Some(format!("its solution: {e}")),
    };
    if solution.size() != grid.size() {
        return Some(format!(
            "its solution is {} grid, the puzzle {}",
            crate::shape::A(solution.size()),
            grid.size()
        ));
    }
    if let Err(e) = solution.validate() {
        return Some(format!(
            "its solution is not a valid grid: {}",
            e.written_as(written)
        ));
    }
    let n = grid.size().side();
    let kept = grid.cells().iter().zip(solution.cells());
    kept.enumerate()
        .find(|&(_, (&g, &s))| g != 0 && g != s)
        .map(|(i, _)| {
            format!(
                "its solution does not keep the given at r{}c{}",
                i / n + 1,
                i % n + 1
            )
        })
}

/// Checks every record of `batch`, and the solution of each that carries
/// one.
pub fn check_batch(batch: &Batch, rules: Rules) -> BatchReport {
    let mut report = BatchReport::default();
    let _ = batch.for_each_with_solution(|line, grid, solution| {
        report.read += 1;
        let problem = match grid {
            Ok(grid) => match problem_written(grid, rules, |c| batch.as_written(c)).or_else(|| {
                let solution = solution.clone()?;
                solution_problem_written(grid, solution, |c| batch.as_written(c)).map(Problem::Text)
            }) {
                None => {
                    report.valid += 1;
                    report.puzzles += u64::from(!grid.is_complete());
                    report.solutions += u64::from(solution.is_some());
                    if rules.distinct {
                        report.fingerprints.push(fingerprint(grid));
                    }
                    return Ok::<(), ()>(());
                }
                Some(problem) => problem,
            },
            Err(e) => Problem::Record(e),
        };
        report.problems.push((line, problem));
        Ok(())
    });
    report
}

/// The running totals of a check over any number of batches and inputs.
#[derive(Debug, Default)]
pub struct Tally {
    summary: Summary,
    seen: Option<HashSet<u128>>,
}

impl Tally {
    /// A tally that counts distinct grids if `distinct`.
    pub fn new(distinct: bool) -> Tally {
        Tally {
            summary: Summary {
                distinct: distinct.then_some(0),
                ..Summary::default()
            },
            seen: distinct.then(HashSet::new),
        }
    }

    /// Adds a batch's report.
    pub fn add(&mut self, report: &BatchReport) {
        self.summary.read += report.read;
        self.summary.valid += report.valid;
        self.summary.puzzles += report.puzzles;
        self.summary.solutions += report.solutions;
        self.summary.invalid += report.read - report.valid;
        if let Some(seen) = &mut self.seen {
            seen.extend(&report.fingerprints);
            self.summary.distinct = Some(seen.len() as u64);
        }
    }

    /// What was found so far.
    pub fn summary(&self) -> Summary {
        self.summary
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::read::Reader;

    /// A solution must be a valid complete grid of the puzzle's size that
    /// keeps every given.
    #[test]
    fn a_solution_must_fit_its_puzzle() {
        let good =
            "123456789456789123789123456234567891567891234891234567345678912678912345912345678";
        let grid = |s: &str| Grid::parse(s, None).unwrap();
        let puzzle = grid(&format!("{}.{}", &good[..40], &good[41..]));
        assert_eq!(solution_problem(&puzzle, Ok(&grid(good))), None);
        // Another valid grid (digits 1 and 2 exchanged) changes givens.
        let other: String = good
            .chars()
            .map(|c| match c {
                '1' => '2',
                '2' => '1',
                c => c,
            })
            .collect();
        assert_eq!(
            solution_problem(&puzzle, Ok(&grid(&other))).unwrap(),
            "its solution does not keep the given at r1c1"
        );
        assert_eq!(
            solution_problem(&puzzle, Ok(&puzzle)).unwrap(),
            "its solution is not a valid grid: cell r5c5 is empty"
        );
        assert_eq!(
            solution_problem(&puzzle, Ok(&grid("1234341221434321"))).unwrap(),
            "its solution is a 4x4 grid, the puzzle 9x9"
        );
        assert_eq!(
            solution_problem(&puzzle, Err(RecordError::JsonNoGrid)).unwrap(),
            "its solution: no \"grid\", \"puzzle\" or \"form\" field"
        );
    }

    /// A classic puzzle with several solutions that has one as X names
    /// X, one as Hyper names Hyper; an empty grid, a puzzle that already
    /// has a variant and a 4x4 puzzle with several X solutions name none.
    #[test]
    fn names_the_variant_a_puzzle_is_unique_under() {
        let grid = |s: &str| Grid::parse(s, None).unwrap();
        let x = grid(
            ".3.6...59.....9...........7........4...8.65..5.....1....3....9.........2.47.....1",
        );
        assert_eq!(unique_under(&x), Some(Variant::X));
        let hyper = grid(
            "...6...5......9.8.........7........6...1..8.....4......7.....6..5.9..1.4.24.....3",
        );
        assert_eq!(unique_under(&hyper), Some(Variant::Hyper));
        assert_eq!(unique_under(&grid(&".".repeat(81))), None);
        let mut as_x = x.clone();
        as_x.set_variant(Variant::X).unwrap();
        assert_eq!(unique_under(&as_x), None);
        assert_eq!(unique_under(&grid("1...............")), None);
    }

    #[test]
    fn reports_bad_grids_by_line_and_counts() {
        let good =
            "123456789456789123789123456234567891567891234891234567345678912678912345912345678";
        let mut swapped = good.as_bytes().to_vec();
        swapped.swap(0, 1);
        let text = format!(
            "{good}\n{}\n{}\n{good}\n",
            String::from_utf8(swapped).unwrap(),
            &good[1..]
        );
        let mut reader = Reader::new(text.as_bytes(), None, None);
        let mut tally = Tally::new(true);
        let mut problems = Vec::new();
        while let Some(batch) = reader.next_batch().unwrap() {
            let report = check_batch(
                &batch,
                Rules {
                    distinct: true,
                    ..Rules::default()
                },
            );
            tally.add(&report);
            problems.extend(report.problems);
        }
        let problems: Vec<(u64, String)> = problems
            .into_iter()
            .map(|(line, problem)| (line, problem.to_string()))
            .collect();
        assert_eq!(
            problems,
            [
                (2, "column 1 has two 2s".to_string()),
                (3, "80 cells where 81 are expected".to_string())
            ]
        );
        assert_eq!(
            tally.summary().line(),
            "4 grids read: 2 valid, 2 invalid, 1 distinct"
        );
    }
}
