//! Runs: grid `i` and puzzle `i` of a run, the pure functions of
//! (strategy, shape, seed, index, settings) that `sudogen generate` and
//! `sudogen puzzle` write, and that any other caller (a benchmark, a
//! binding) gets byte for byte.
//!
//! **Grids.** Grid `i` of a run is drawn from its own ChaCha8 stream
//! ([`RunRng::for_index`]), so any grid can be made alone.
//!
//! **Puzzles.** Puzzle `i` is made from grid `i` of the run with the same
//! strategy, size and seed: its unique solution is that grid. The order in
//! which givens are tried for removal comes from a stream of its own,
//! ChaCha8 keyed by `seed ^ PUZZLE_KEY` on stream `i`, so it never disturbs
//! the grid's draws.
//!
//! **Rated runs.** With a [`Filter`], puzzle `i` is the first of up to
//! `attempts` candidates rated in range: attempt 0 is the plain puzzle `i`
//! above, attempt `k > 0` is made the same way from runs keyed by the seed
//! mixed with `k` (see [`attempt_key`]), so a rated run is still a pure
//! function of (strategy, size, seed, index, settings).
//!
//! **Clue targets.** A run that is not rated may try up to `attempts`
//! removal orders of the same grid toward its clue target
//! ([`PuzzleRun::with_clue_attempts`]): attempt 0 is the plain puzzle `i`,
//! attempt `k > 0` draws its order from the removal key of the seed mixed
//! with `k` (stream `i`), the grid staying grid `i`. The first attempt
//! that reaches the target is the puzzle; when none does, the one with
//! the fewest clues (the earliest of those), which is then minimal.

use rand_chacha::ChaCha8Rng;

use crate::format::{Record, Writer};
use crate::grid::{Grid, Shape, Size};
use crate::pipeline;
use crate::puzzle::{self, Settings};
use crate::random::RunRng;
use crate::rate::{Level, Rating, rate_singles, rate_solved};
use crate::strategies::Strategy;

/// XOR-ed into the run's seed to key the removal streams.
pub const PUZZLE_KEY: u64 = 0x7075_7a7a_6c65_7321;

/// The key mixed into a run's seed for attempt `k > 0` of a rated run.
pub fn attempt_key(seed: u64, k: u64) -> u64 {
    seed ^ k.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(17) ^ 0x7261_7465_6421_0000
}

/// How far above a clue target a run's puzzles stayed, from their counts
/// by number of clues (`above[c]` puzzles of `c` clues): how many there
/// are and their range as text (`22 to 26, median 24`, or `24` when they
/// all have the same count); `None` when there are none.
pub fn clue_spread(above: &[u64]) -> Option<(u64, String)> {
    let total: u64 = above.iter().sum();
    if total == 0 {
        return None;
    }
    let least = above.iter().position(|&n| n > 0)?;
    let most = above.iter().rposition(|&n| n > 0)?;
    // The median: the clue count at which half of them are reached.
    let mut seen = 0;
    let median = above
        .iter()
        .position(|&n| {
            seen += n;
            2 * seen >= total
        })
        .unwrap_or(most);
    let range = if least == most {
        format!("{least}")
    } else {
        format!("{least} to {most}, median {median}")
    };
    Some((total, range))
}

/// The grids of a run.
#[derive(Clone, Debug)]
pub struct GridRun {
    strategy: Strategy,
    shape: Shape,
    seed: u64,
    /// The seed expanded once (it costs more than a `rotate` grid).
    rng: RunRng,
}

impl PartialEq for GridRun {
    fn eq(&self, other: &GridRun) -> bool {
        (self.strategy, self.shape, self.seed) == (other.strategy, other.shape, other.seed)
    }
}

impl Eq for GridRun {}

impl GridRun {
    /// The run of `strategy`'s grids of `shape` (a size, or a size and
    /// variant) keyed by `seed` (the strategy must support the shape: see
    /// [`Strategy::check_size`]).
    pub fn new(strategy: Strategy, shape: impl Into<Shape>, seed: u64) -> GridRun {
        GridRun {
            strategy,
            shape: shape.into(),
            seed,
            rng: RunRng::new(seed),
        }
    }

    /// The strategy.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// The grid size.
    pub fn size(&self) -> Size {
        self.shape.size()
    }

    /// The grid shape: size and variant.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The run's seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Fills `grid` with grid `index` of the run.
    #[inline]
    pub fn fill(&self, index: u64, grid: &mut Grid) {
        if grid.shape() != self.shape {
            *grid = Grid::new(self.shape);
        }
        self.strategy.generate(&mut self.rng.for_index(index), grid);
    }

    /// Grid `index` of the run.
    pub fn grid(&self, index: u64) -> Grid {
        let mut grid = Grid::new(self.shape);
        self.fill(index, &mut grid);
        grid
    }

    /// Writes grids `start..start + count` with `writer` to `out` (its
    /// header first) on `jobs` workers, in order, calling `done(n)` after
    /// each chunk of `n` grids is written: what `sudogen generate` writes.
    pub fn write<W: std::io::Write + ?Sized>(
        &self,
        writer: &Writer,
        (start, count): (u64, u64),
        jobs: usize,
        out: &mut W,
        done: impl FnMut(u64),
    ) -> std::io::Result<()> {
        writer.write_header(out)?;
        // Grids per chunk at most (chunks are sized by time up to this):
        // large enough to amortise the hand-over.
        let chunk = match self.shape.side() {
            0..=12 => 1024,
            13..=16 => 32,
            _ => 1,
        };
        pipeline::write_indexed(
            out,
            (start, count, chunk),
            jobs,
            done,
            || Grid::new(self.shape),
            |index, grid, buf| {
                self.fill(index, grid);
                writer.push(buf, &Record::new(index, grid));
            },
        )
    }
}

/// The ratings a rated run keeps, in tenths of the SE scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Filter {
    /// The lowest rating kept.
    pub low: u8,
    /// The highest rating kept; `u8::MAX` for no bound (which also keeps
    /// the puzzles rated only as a lower bound).
    pub high: u8,
    /// Candidates tried per puzzle.
    pub attempts: u64,
}

impl Filter {
    /// Whether every rating is kept, the lower bounds too, from one
    /// attempt: what `--rate` asks for (rate the plain puzzle).
    pub fn rates_only(&self) -> bool {
        self.low <= 10 && self.high == u8::MAX && self.attempts <= 1
    }

    /// Whether a rating is kept.
    pub fn keeps(&self, rating: &Rating) -> bool {
        if rating.exact {
            (self.low..=self.high).contains(&rating.se)
        } else {
            // Needs techniques not implemented: at least `se`, exact value
            // unknown.
            self.high == u8::MAX && self.low <= rating.se
        }
    }

    /// A rating range as the user wrote it, in SE's tenths: `7.2..8.0`,
    /// or `7.2..` without an upper bound.
    pub fn range_text(low: u8, high: u8) -> String {
        let tenths = |x: u8| format!("{}.{}", x / 10, x % 10);
        if high == u8::MAX {
            format!("{}..", tenths(low))
        } else {
            format!("{}..{}", tenths(low), tenths(high))
        }
    }

    /// Parses `A..B`, `A..`, `..B` or `A` (SE ratings with at most one
    /// decimal) into tenths, low and high (`u8::MAX` for no upper bound);
    /// the error says what to write instead.
    pub fn parse_range(s: &str) -> Result<(u8, u8), String> {
        let one = |t: &str| -> Result<u8, String> {
            let x: f64 = t
                .trim()
                .parse()
                .map_err(|_| format!("'{t}' is not a rating; use a number such as 4.0"))?;
            if !(1.0..=20.0).contains(&x) || ((x * 10.0).round() - x * 10.0).abs() > 1e-9 {
                return Err(format!(
                    "'{t}' is not a rating; use 1.0 to 20.0 with one decimal"
                ));
            }
            Ok((x * 10.0).round() as u8)
        };
        let (low, high) = match s.split_once("..") {
            Some((a, b)) => (
                if a.is_empty() { 10 } else { one(a)? },
                if b.is_empty() { u8::MAX } else { one(b)? },
            ),
            None => {
                let x = one(s)?;
                (x, x)
            }
        };
        if low > high {
            return Err(format!(
                "'{s}' is an empty range; write the lower rating first"
            ));
        }
        Ok((low, high))
    }
}

/// The puzzles of a run.
#[derive(Clone, Debug)]
pub struct PuzzleRun {
    grids: GridRun,
    settings: Settings,
    filter: Option<Filter>,
    /// Removal orders tried toward the clue target (1: the plain one).
    clue_attempts: u64,
    /// The removal streams' key, expanded once.
    removals: RunRng,
}

/// Puzzle `i` of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunPuzzle {
    /// The puzzle.
    pub puzzle: Grid,
    /// Its rating, in a rated run.
    pub rating: Option<Rating>,
    /// The attempt that gave it (0 in a run that is not rated).
    pub attempt: u64,
    /// Whether the search budget kept it from what the settings asked
    /// (see [`puzzle::Made::fell_short`]).
    pub fell_short: bool,
}

impl PuzzleRun {
    /// The puzzles made from `grids` (puzzle `i` solves to grid `i`) with
    /// `settings` (symmetry, clue target, search budget), keeping only
    /// those a `filter` takes.
    pub fn new(grids: GridRun, settings: Settings, filter: Option<Filter>) -> PuzzleRun {
        let removals = RunRng::new(grids.seed ^ PUZZLE_KEY);
        PuzzleRun {
            grids,
            settings,
            filter,
            clue_attempts: 1,
            removals,
        }
    }

    /// The same run trying up to `attempts` removal orders of each grid
    /// toward the settings' clue target (see [the module](self)); ignored
    /// without a target, and in runs that keep a rating range (there each
    /// attempt is a candidate for the range).
    pub fn with_clue_attempts(mut self, attempts: u64) -> PuzzleRun {
        self.clue_attempts = attempts.max(1);
        self
    }

    /// The grids the puzzles are made from.
    pub fn grids(&self) -> &GridRun {
        &self.grids
    }

    /// Puzzle `index` of the run, with its solution left in `grid`; `None`
    /// when a rated run's attempts all miss the range.
    pub fn make(&self, index: u64, grid: &mut Grid) -> Option<RunPuzzle> {
        let seed = self.grids.seed;
        let settings = self.settings;
        let Some(filter) = self.filter.filter(|f| !f.rates_only()) else {
            self.grids.fill(index, grid);
            let tries = Tries {
                seed,
                index,
                attempts: self.clue_attempts,
            };
            let first = self.removals.for_index(index);
            return tries.toward_clues(first, grid, settings, self.filter);
        };
        let ceiling = filter.high;
        // Up to the easy level's top (SE 1.5: hidden singles only), a
        // candidate can be dropped as soon as hidden singles stop solving
        // it (`puzzle::make_easy`): the same puzzles, sooner.
        let easy_only = ceiling <= Level::Easy.range().1;
        let make = |rng: &mut ChaCha8Rng, grid: &Grid| {
            if easy_only {
                puzzle::make_easy(rng, grid, settings)
            } else {
                Some(puzzle::make(rng, grid, settings))
            }
        };
        for k in 0..filter.attempts {
            if pipeline::interrupted() {
                // The process is stopping: the puzzle would be dropped, and
                // thousands of attempts can take seconds more.
                return None;
            }
            let mut removals = if k == 0 {
                self.grids.fill(index, grid);
                self.removals.for_index(index)
            } else {
                let key = attempt_key(seed, k);
                GridRun::new(self.grids.strategy, self.grids.shape, key).fill(index, grid);
                RunRng::new(key ^ PUZZLE_KEY).for_index(index)
            };
            let Some(made) = make(&mut removals, grid) else {
                continue;
            };
            // An easy puzzle is rated from its singles alone (the same
            // rating, without walking the steps).
            let rated = match easy_only.then(|| rate_singles(&made.puzzle)).flatten() {
                Some(r) => Ok(r),
                None => rate_solved(&made.puzzle, grid, false, ceiling),
            };
            let Ok(rating) = rated else {
                continue;
            };
            if filter.keeps(&rating) {
                return Some(RunPuzzle {
                    fell_short: made.fell_short(&settings),
                    puzzle: made.puzzle,
                    rating: Some(rating),
                    attempt: k,
                });
            }
        }
        None
    }
}

/// Puzzles made from solution grids given (a file's, say): puzzle `i` from
/// grid `i`, its removal order from stream `i` of the seed's removal key,
/// exactly as [`PuzzleRun`] makes puzzle `i` from its own grid `i`.
#[derive(Clone, Debug)]
pub struct SolutionRun {
    seed: u64,
    settings: Settings,
    filter: Option<Filter>,
    clue_attempts: u64,
    removals: RunRng,
}

impl SolutionRun {
    /// Puzzles keyed by `seed`, made with `settings`, kept when `filter`
    /// takes them.
    pub fn new(seed: u64, settings: Settings, filter: Option<Filter>) -> SolutionRun {
        SolutionRun {
            seed,
            settings,
            filter,
            clue_attempts: 1,
            removals: RunRng::new(seed ^ PUZZLE_KEY),
        }
    }

    /// [`PuzzleRun::with_clue_attempts`] for puzzles of given grids.
    pub fn with_clue_attempts(mut self, attempts: u64) -> SolutionRun {
        self.clue_attempts = attempts.max(1);
        self
    }

    /// Puzzle `index`, whose unique solution is `solution` (a complete
    /// valid grid); `None` when a rated run's attempts all miss the range.
    /// Attempt `k > 0` draws its removal order from the key mixed with `k`.
    pub fn make(&self, index: u64, solution: &Grid) -> Option<RunPuzzle> {
        let settings = self.settings;
        let Some(filter) = self.filter.filter(|f| !f.rates_only()) else {
            let tries = Tries {
                seed: self.seed,
                index,
                attempts: self.clue_attempts,
            };
            let first = self.removals.for_index(index);
            return tries.toward_clues(first, solution, settings, self.filter);
        };
        let easy_only = filter.high <= Level::Easy.range().1;
        for k in 0..filter.attempts {
            if pipeline::interrupted() {
                // The process is stopping: the puzzle would be dropped, and
                // thousands of attempts can take seconds more.
                return None;
            }
            let mut removals = if k == 0 {
                self.removals.for_index(index)
            } else {
                RunRng::new(attempt_key(self.seed, k) ^ PUZZLE_KEY).for_index(index)
            };
            let made = if easy_only {
                puzzle::make_easy(&mut removals, solution, settings)
            } else {
                Some(puzzle::make(&mut removals, solution, settings))
            };
            let Some(made) = made else { continue };
            let rated = match easy_only.then(|| rate_singles(&made.puzzle)).flatten() {
                Some(r) => Ok(r),
                None => rate_solved(&made.puzzle, solution, false, filter.high),
            };
            if let Ok(rating) = rated
                && filter.keeps(&rating)
            {
                return Some(RunPuzzle {
                    fell_short: made.fell_short(&settings),
                    puzzle: made.puzzle,
                    rating: Some(rating),
                    attempt: k,
                });
            }
        }
        None
    }
}

/// The removal orders of puzzle `index` of a run keyed by `seed` that a
/// clue target may try.
struct Tries {
    seed: u64,
    index: u64,
    attempts: u64,
}

impl Tries {
    /// The puzzle of `solution` made with `settings` from the first of the
    /// removal orders that reaches the clue target (`first` is attempt
    /// 0's stream), or else the one with the fewest clues; rated when
    /// `rate` asks (`None` if it cannot be).
    fn toward_clues(
        &self,
        first: ChaCha8Rng,
        solution: &Grid,
        settings: Settings,
        rate: Option<Filter>,
    ) -> Option<RunPuzzle> {
        let mut removals = first;
        let mut best: Option<(puzzle::Made, u64)> = None;
        for k in 0..self.attempts.max(1) {
            if k > 0 {
                removals =
                    RunRng::new(attempt_key(self.seed, k) ^ PUZZLE_KEY).for_index(self.index);
            }
            let made = puzzle::make(&mut removals, solution, settings);
            let clues = puzzle::clues(&made.puzzle);
            let reached = settings.clues.is_none_or(|target| clues <= target);
            if best
                .as_ref()
                .is_none_or(|(b, _)| clues < puzzle::clues(&b.puzzle))
            {
                best = Some((made, k));
            }
            if reached {
                break;
            }
        }
        let (made, attempt) = best?;
        let rating = match rate {
            None => None,
            Some(filter) => Some(rate_solved(&made.puzzle, solution, false, filter.high).ok()?),
        };
        Some(RunPuzzle {
            fell_short: made.fell_short(&settings),
            puzzle: made.puzzle,
            rating,
            attempt,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::grid_rng;

    /// Grid `i` of a run is the strategy's grid from stream `i` of the
    /// seed, and puzzle `i` solves to it.
    #[test]
    fn puzzle_i_solves_to_grid_i() {
        let grids = GridRun::new(Strategy::Uniform, Size::S9, 7);
        let run = PuzzleRun::new(grids.clone(), Settings::MINIMAL, None);
        for index in [0, 1, 99] {
            let g = grids.grid(index);
            assert_eq!(g, Strategy::Uniform.grid(&mut grid_rng(7, index), Size::S9));
            let mut solution = Grid::empty(Size::S9);
            let made = run.make(index, &mut solution).unwrap();
            assert_eq!(solution, g);
            assert_eq!(crate::solve::solve(&made.puzzle), Some(g));
        }
    }

    /// Puzzles made from given grids are those the run makes from its own
    /// grids, index for index.
    #[test]
    fn puzzles_from_given_grids_match_the_run() {
        let grids = GridRun::new(Strategy::Uniform, Size::S9, 11);
        let run = PuzzleRun::new(grids.clone(), Settings::MINIMAL, None);
        let from = SolutionRun::new(11, Settings::MINIMAL, None);
        let mut grid = Grid::empty(Size::S9);
        for index in [0, 5, 77] {
            let made = run.make(index, &mut grid).unwrap();
            assert_eq!(from.make(index, &grids.grid(index)), Some(made));
        }
    }

    /// A rated run keeps only ratings in range, and says which attempt
    /// gave each.
    #[test]
    fn a_rated_run_keeps_its_range() {
        let filter = Filter {
            low: 26,
            high: 44,
            attempts: 1000,
        };
        let grids = GridRun::new(Strategy::Uniform, Size::S9, 3);
        let run = PuzzleRun::new(grids, Settings::MINIMAL, Some(filter));
        let mut grid = Grid::empty(Size::S9);
        for index in 0..5 {
            let made = run.make(index, &mut grid).unwrap();
            let rating = made.rating.unwrap();
            assert!((26..=44).contains(&rating.se), "{rating:?}");
            assert_eq!(crate::rate::rate(&made.puzzle, false), Ok(rating));
        }
    }

    /// With a clue target, attempt `k` of puzzle `i` is the removal order
    /// of its own stream, on the same grid: the first to reach the target
    /// is the puzzle, else the one with the fewest clues; one attempt is
    /// the plain run, and puzzles of given grids are the run's.
    #[test]
    fn clue_attempts_take_the_first_order_that_reaches_the_target() {
        let settings = Settings {
            clues: Some(22),
            ..Settings::MINIMAL
        };
        let grids = GridRun::new(Strategy::Uniform, Size::S9, 5);
        let plain = PuzzleRun::new(grids.clone(), settings, None);
        let tried = PuzzleRun::new(grids.clone(), settings, None).with_clue_attempts(40);
        let from = SolutionRun::new(5, settings, None).with_clue_attempts(40);
        let mut grid = Grid::empty(Size::S9);
        let (mut retried, mut missed) = (0, 0);
        for index in 0..30 {
            let solution = grids.grid(index);
            // Each order by hand.
            let orders: Vec<puzzle::Made> = (0..40)
                .map(|k| {
                    let mut rng = if k == 0 {
                        RunRng::new(5 ^ PUZZLE_KEY).for_index(index)
                    } else {
                        RunRng::new(attempt_key(5, k) ^ PUZZLE_KEY).for_index(index)
                    };
                    puzzle::make(&mut rng, &solution, settings)
                })
                .collect();
            let count = |m: &puzzle::Made| puzzle::clues(&m.puzzle);
            let (k, want) = match orders.iter().position(|m| count(m) <= 22) {
                Some(k) => (k, &orders[k]),
                None => {
                    missed += 1;
                    let fewest = orders.iter().map(count).min().unwrap();
                    let k = orders.iter().position(|m| count(m) == fewest).unwrap();
                    (k, &orders[k])
                }
            };
            retried += usize::from(k > 0);
            let made = tried.make(index, &mut grid).unwrap();
            assert_eq!(grid, solution);
            assert_eq!(
                (made.attempt, &made.puzzle),
                (k as u64, &want.puzzle),
                "#{index}"
            );
            assert_eq!(from.make(index, &solution), Some(made));
            let first = plain.make(index, &mut grid).unwrap();
            assert_eq!((first.attempt, &first.puzzle), (0, &orders[0].puzzle));
        }
        assert!(
            retried > 5 && missed < 30,
            "{retried} retried, {missed} missed"
        );
    }
}
