//! `sudogen puzzle`: unique puzzles, minimal by default, from any strategy's
//! grids.
//!
//! **Contract.** Puzzle `i` of a run is made from grid `i` of `sudogen
//! generate` with the same strategy, size and seed: its unique solution is
//! that grid. The order in which givens are tried for removal comes from a
//! stream of its own, ChaCha8 keyed by `seed ^ PUZZLE_KEY` on stream `i`, so
//! it never disturbs the grid's draws, and a puzzle depends only on
//! (strategy, size, seed, index, symmetry, clue target, search budget): the
//! same for every `-j`, `--start` and shard.
//!
//! **Search budget.** `--budget` bounds the guesses of each puzzle's
//! uniqueness checks together; a given whose check runs out stays (see
//! [`puzzle::Settings::budget`]). Such puzzles are written, unique but not
//! known to be minimal, and reported together at the end (how many, and the
//! first indices), and the run exits 1.
//!
//! **Rated runs.** With `--rating` or `--level`, puzzle `i` is the first of
//! up to `--attempts` candidates rated in range: attempt 0 is the plain
//! puzzle `i` above, attempt `k > 0` is made the same way from runs keyed
//! by the seed mixed with `k` (see [`attempt_key`]), so a rated run is
//! still a pure function of (strategy, size, seed, index, options). An index
//! whose attempts all miss is left out and reported, and the run exits 1.

use std::io::{self, Write};
use std::sync::Mutex;

use clap::Args;

use super::generate::{Config as GridConfig, run_fields, write_indexed, write_run};
use super::{Exit, GridArgs, OutputArgs, ReportArgs, RunArgs, UsageError, warn};
use crate::format::{Field, Record, Value, Writer};
use crate::grid::{Grid, Size};
use crate::puzzle::{self, Settings, Symmetry};
use crate::random::RunRng;
use crate::rate::{BEYOND, Level, rate_singles, rate_solved};
use crate::solve::DEFAULT_BUDGET;
use rand_chacha::ChaCha8Rng;

/// XOR-ed into the run's seed to key the removal streams.
pub const PUZZLE_KEY: u64 = 0x7075_7a7a_6c65_7321;

/// How to make puzzles.
#[derive(Debug, Args)]
#[command(mut_arg("count", |a| a.help("How many puzzles (0 writes none)")))]
#[command(mut_arg("start", |a| {
    a.help("Index of the first puzzle: `--start K -n N` makes puzzles K..K+N of the run, exactly as a longer run would")
}))]
pub struct PuzzleArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub grid: GridArgs,

    #[command(flatten)]
    #[allow(missing_docs)]
    pub run: RunArgs,

    #[command(flatten)]
    #[allow(missing_docs)]
    pub output: OutputArgs,

    /// The symmetry of the givens (minimal subject to it)
    #[arg(long, value_enum, default_value_t = Symmetry::None)]
    pub symmetry: Symmetry,

    /// Stop removing givens at N clues: unique, not minimal
    #[arg(long, value_name = "N", value_parser = super::parse_clues, allow_negative_numbers = true)]
    pub clues: Option<usize>,

    /// Also write each puzzle's solution
    #[arg(long)]
    pub with_solution: bool,

    /// Guesses one puzzle's uniqueness checks may spend together; a given
    /// whose check runs out of them stays, and the puzzle (unique, but not
    /// known to be minimal) is reported and the run exits 1
    #[arg(long, value_name = "GUESSES", default_value_t = DEFAULT_BUDGET,
          value_parser = super::parse_budget, allow_negative_numbers = true)]
    pub budget: u64,

    /// Keep only puzzles with a Sudoku Explainer rating in this range: A..B,
    /// A.., ..B or A, one decimal (e.g. 4.0..6.2). Ratings are exact below
    /// 9.0; an open range such as 8.0.. also takes the puzzles rated 9.0+
    #[arg(long, value_name = "A..B", value_parser = parse_rating, conflicts_with = "level")]
    pub rating: Option<(u8, u8)>,

    /// Keep only puzzles of this level: easy (SE 1.0-1.5), medium
    /// (1.6-2.5), hard (2.6-4.4), expert (4.5-6.4), fiendish (6.5 and up)
    #[arg(long, value_enum)]
    pub level: Option<Level>,

    /// With --rating or --level: candidates tried per puzzle before it is
    /// reported missing
    #[arg(long, value_name = "N", default_value_t = 1000,
          value_parser = super::parse_attempts, allow_negative_numbers = true)]
    pub attempts: u64,

    #[command(flatten)]
    #[allow(missing_docs)]
    pub report: ReportArgs,
}

/// A `puzzle` run with every option resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// The run of grids the puzzles are made from: puzzle `i` solves to
    /// grid `i` of it (its format is the puzzles' output format).
    pub grids: GridConfig,
    /// Symmetry and clue target.
    pub settings: Settings,
    /// Write the solutions too.
    pub with_solution: bool,
    /// Keep only puzzles rated in this range.
    pub filter: Option<Filter>,
}

/// The ratings a rated run keeps, in tenths of the SE scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Filter {
    /// The lowest rating kept.
    pub low: u8,
    /// The highest rating kept; `u8::MAX` for no bound (which also keeps
    /// the puzzles rated as the lower bound 9.0+).
    pub high: u8,
    /// Candidates tried per puzzle.
    pub attempts: u64,
}

impl Filter {
    /// Whether a rating is kept.
    fn keeps(&self, rating: &crate::rate::Rating) -> bool {
        if rating.exact {
            (self.low..=self.high).contains(&rating.se)
        } else {
            // Needs techniques not implemented: at least `se` (9.0 for
            // 9x9, 6.5 for larger sizes), exact value unknown.
            self.high == u8::MAX && self.low <= rating.se
        }
    }

    /// The range as written by the user.
    fn text(&self) -> String {
        let tenths = |x: u8| format!("{}.{}", x / 10, x % 10);
        if self.high == u8::MAX {
            format!("{}..", tenths(self.low))
        } else {
            format!("{}..{}", tenths(self.low), tenths(self.high))
        }
    }
}

/// Parses `A..B`, `A..`, `..B` or `A` (SE ratings with at most one
/// decimal) into tenths.
fn parse_rating(s: &str) -> Result<(u8, u8), String> {
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

/// The key mixed into a run's seed for attempt `k > 0` of a rated run.
pub fn attempt_key(seed: u64, k: u64) -> u64 {
    seed ^ k.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(17) ^ 0x7261_7465_6421_0000
}

impl PuzzleArgs {
    /// Resolves the options; a clue target below what the size allows is a
    /// usage error.
    pub fn config(&self) -> anyhow::Result<Config> {
        let grids = GridConfig::of(&self.grid, &self.run, &self.output)?;
        let size = grids.size;
        if let Some(n) = self.clues {
            let least = puzzle::fewest_clues(size);
            if n < least || n > size.cells() {
                return Err(UsageError(format!(
                    "--clues {n} is not possible for a {size} puzzle with one solution; use {least} to {}",
                    size.cells()
                ))
                .into());
            }
        }
        let range = self.rating.or(self.level.map(Level::range));
        if let Some((low, high)) = range
            && ((high != u8::MAX && high >= BEYOND) || low > BEYOND)
        {
            return Err(UsageError(format!(
                "--rating {}: exact ratings of 9.0 and up need nested forcing chains, which sudogen does not rate yet; end the range at 8.9, or take every puzzle rated 9.0+ with 9.0..",
                self.rating.map_or_else(|| "of this level".to_string(), |(l, h)| Filter { low: l, high: h, attempts: 0 }.text())
            ))
            .into());
        }
        Ok(Config {
            grids,
            settings: Settings {
                symmetry: self.symmetry,
                clues: self.clues,
                budget: self.budget,
            },
            with_solution: self.with_solution,
            filter: range.map(|(low, high)| Filter {
                low,
                high,
                attempts: self.attempts,
            }),
        })
    }
}

/// Runs `sudogen puzzle`.
pub fn run(args: &PuzzleArgs) -> anyhow::Result<Exit> {
    let config = args.config()?;
    if args.report.verbose {
        warn(format_args!(
            "puzzles from strategy {}, size {}, seed {}, puzzles {}..{}, symmetry {}, format {}, jobs {}",
            config.grids.strategy,
            config.grids.size.side(),
            config.grids.seed,
            config.grids.start,
            u128::from(config.grids.start) + u128::from(config.grids.count),
            config.settings.symmetry.name(),
            config.grids.format.name(),
            config.grids.jobs
        ));
    }
    let reports = Reports::default();
    let exit = write_run(
        &args.output,
        args.report.quiet,
        config.grids.count,
        |out, done| config.write_rated(out, done, &reports),
    )?;
    let Reports { missed, unproven } = reports;
    let missed = missed.into_inner().unwrap_or_else(|e| e.into_inner());
    let unproven = unproven.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut failed = false;
    if unproven.count > 0 {
        let short = match config.settings.clues {
            None => {
                "unique, but not known to be minimal; raise --budget, or stop earlier with --clues"
                    .to_string()
            }
            Some(n) => format!("unique, but above {n} clues; raise --budget"),
        };
        warn(format_args!(
            "{} kept givens whose uniqueness check ran out of the search budget ({} guesses per puzzle; {}): {short}",
            crate::grid::plural(unproven.count as usize, "puzzle"),
            config.settings.budget,
            unproven.text()
        ));
        failed = true;
    }
    if let (Some(filter), true) = (config.filter, missed.count > 0) {
        warn(format_args!(
            "{} not made: none of {} attempts rated {} ({}); widen the range or raise --attempts",
            crate::grid::plural(missed.count as usize, "puzzle"),
            filter.attempts,
            filter.text(),
            missed.text()
        ));
        failed = true;
    }
    Ok(if failed { Exit::Failure } else { exit })
}

/// The puzzles of a run to report at its end.
#[derive(Default)]
struct Reports {
    /// Indices a rated run could not fill.
    missed: Mutex<Indices>,
    /// Indices of puzzles with givens whose check ran out of budget.
    unproven: Mutex<Indices>,
}

/// How many puzzles, and the first few of them (memory stays flat however
/// many there are).
#[derive(Default)]
struct Indices {
    count: u64,
    /// The smallest indices, in order, at most [`Indices::SHOWN`].
    first: Vec<u64>,
}

impl Indices {
    const SHOWN: usize = 10;

    fn add(this: &Mutex<Indices>, index: u64) {
        let mut this = this.lock().unwrap_or_else(|e| e.into_inner());
        this.count += 1;
        let at = this.first.partition_point(|&i| i < index);
        if at < Self::SHOWN {
            this.first.insert(at, index);
            this.first.truncate(Self::SHOWN);
        }
    }

    /// "puzzles 1, 5, 8", with "..." when there are more.
    fn text(&self) -> String {
        let shown: Vec<String> = self.first.iter().map(u64::to_string).collect();
        let more = if self.count > self.first.len() as u64 {
            ", ..."
        } else {
            ""
        };
        let noun = if self.count == 1 { "puzzle" } else { "puzzles" };
        format!("{noun} {}{more}", shown.join(", "))
    }
}

impl Config {
    /// The writer for this run, recording it in JSON.
    pub fn writer(&self) -> Writer {
        let seed = self.grids.seed.to_string();
        let mut fields = run_fields(self.grids.strategy, self.grids.size, &seed).to_vec();
        fields.push(Field {
            name: "symmetry",
            value: Value::Text(self.settings.symmetry.name()),
        });
        Writer::new(
            self.grids.format,
            self.grids.size,
            self.grids.start,
            &fields,
        )
        .for_puzzles(self.with_solution)
    }

    /// Puzzles per chunk at most (chunks are sized by time up to this): a
    /// 9x9 puzzle takes about a hundred uniqueness checks, larger ones far
    /// more.
    fn chunk_len(&self) -> u64 {
        match self.grids.size {
            Size::S4 => 256,
            Size::S9 => 16,
            Size::S16 | Size::S25 => 1,
        }
    }

    /// Writes the run's puzzles to `out`, calling `done(n)` after each
    /// chunk of `n` puzzles is written. (What `sudogen puzzle` reports at
    /// the end, puzzles missed or cut short by the budget, is not kept.)
    pub fn write_to<W: Write + ?Sized>(
        &self,
        out: &mut W,
        done: impl FnMut(u64),
    ) -> io::Result<()> {
        self.write_rated(out, done, &Reports::default())
    }

    /// [`write_to`](Config::write_to), adding to `reports` the indices a
    /// rated run could not fill and those of puzzles the search budget
    /// kept from what was asked.
    fn write_rated<W: Write + ?Sized>(
        &self,
        out: &mut W,
        done: impl FnMut(u64),
        reports: &Reports,
    ) -> io::Result<()> {
        let writer = self.writer();
        writer.write_header(out)?;
        let seed = self.grids.seed;
        let grids = RunRng::new(seed);
        let removals = RunRng::new(seed ^ PUZZLE_KEY);
        let (strategy, size, settings) = (self.grids.strategy, self.grids.size, self.settings);
        let filter = self.filter;
        let work = |index: u64, grid: &mut Grid, buf: &mut Vec<u8>| {
            let Some(filter) = filter else {
                strategy.generate(&mut grids.for_index(index), grid);
                let made = puzzle::make(&mut removals.for_index(index), grid, settings);
                if made.fell_short(&settings) {
                    Indices::add(&reports.unproven, index);
                }
                let record = Record {
                    index,
                    grid: &made.puzzle,
                    fields: &[],
                    solution: Some(grid),
                };
                let _ = writer.write(buf, &record);
                return;
            };
            let ceiling = filter.high;
            // Up to the easy level's top (SE 1.5: hidden singles only), a
            // candidate can be dropped as soon as hidden singles stop
            // solving it (`puzzle::make_easy`): the same puzzles, sooner.
            let easy_only = ceiling <= Level::Easy.range().1;
            let make = |rng: &mut ChaCha8Rng, grid: &Grid| {
                if easy_only {
                    puzzle::make_easy(rng, grid, settings)
                } else {
                    Some(puzzle::make(rng, grid, settings))
                }
            };
            for k in 0..filter.attempts {
                let made = if k == 0 {
                    strategy.generate(&mut grids.for_index(index), grid);
                    make(&mut removals.for_index(index), grid)
                } else {
                    let key = attempt_key(seed, k);
                    strategy.generate(&mut RunRng::new(key).for_index(index), grid);
                    make(&mut RunRng::new(key ^ PUZZLE_KEY).for_index(index), grid)
                };
                let Some(made) = made else {
                    continue;
                };
                let short = made.fell_short(&settings);
                let p = made.puzzle;
                // An easy puzzle is rated from its singles alone (the same
                // rating, without walking the steps).
                let rated = match easy_only.then(|| rate_singles(&p)).flatten() {
                    Some(r) => Ok(r),
                    None => rate_solved(&p, grid, false, ceiling),
                };
                let Ok(r) = rated else {
                    continue;
                };
                if !filter.keeps(&r) {
                    continue;
                }
                if short {
                    Indices::add(&reports.unproven, index);
                }
                let fields = [
                    Field {
                        name: "se",
                        value: Value::Tenths(u64::from(r.se)),
                    },
                    Field {
                        name: "exact",
                        value: Value::Bool(r.exact),
                    },
                    Field {
                        name: "level",
                        value: Value::Text(r.level().name()),
                    },
                    Field {
                        name: "hardest",
                        value: Value::Text(r.hardest_name()),
                    },
                    Field {
                        name: "attempt",
                        value: Value::UInt(k),
                    },
                ];
                let record = Record {
                    index,
                    grid: &p,
                    fields: &fields,
                    solution: Some(grid),
                };
                let _ = writer.write(buf, &record);
                return;
            }
            Indices::add(&reports.missed, index);
        };
        let scratch = || Grid::empty(size);
        write_indexed(
            out,
            (self.grids.start, self.grids.count, self.chunk_len()),
            self.grids.jobs,
            done,
            scratch,
            work,
        )
    }
}
