//! `sudogen solve`: the solution of each puzzle, or how many it has.
//!
//! Puzzles are read in batches on the calling thread and solved on the
//! workers of the [pipeline](crate::pipeline); results are written in input
//! order, so the output is the same bytes for every `-j`.

use clap::Args;

use super::records::{self, Processed, PuzzleInput, PuzzleInputArgs};
use super::{Exit, JobsArgs, OutputArgs};
use crate::format::read::Batch;
use crate::format::{Field, Format, Record, Value, Writer, csv};
use crate::grid::{Grid, Size};
use crate::solve::{Search, search};

pub use crate::solve::DEFAULT_BUDGET;

/// What to solve, and how.
#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub input: PuzzleInputArgs,

    /// Print how many solutions each puzzle has (up to --limit) instead of
    /// a solution
    #[arg(long)]
    pub count: bool,

    /// Stop at N solutions: 2 (the default) tells a unique puzzle from one
    /// with several; with --count, larger values count further
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = super::parse_limit, allow_negative_numbers = true)]
    pub limit: u64,

    /// Give up on a puzzle after this many guesses; it is reported and the
    /// run exits 1
    #[arg(long, value_name = "GUESSES", default_value_t = DEFAULT_BUDGET,
          value_parser = super::parse_budget, allow_negative_numbers = true)]
    pub budget: u64,

    #[command(flatten)]
    #[allow(missing_docs)]
    pub output: OutputArgs,

    #[command(flatten)]
    #[allow(missing_docs)]
    pub jobs: JobsArgs,
}

/// A `solve` run with every option resolved.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where the puzzles come from.
    pub input: PuzzleInput,
    /// Count instead of solving.
    pub count: bool,
    /// Solutions limit and guess budget.
    pub search: Search,
    /// The output format.
    pub format: Format,
    /// Worker threads.
    pub jobs: usize,
}

impl SolveArgs {
    /// Resolves the options.
    pub fn config(&self) -> anyhow::Result<Config> {
        Ok(Config {
            input: self.input.resolve()?,
            count: self.count,
            search: Search {
                limit: self.limit,
                budget: self.budget,
            },
            format: self.output.format(),
            jobs: self.jobs.get(),
        })
    }
}

/// Runs `sudogen solve`.
pub fn run(args: &SolveArgs) -> anyhow::Result<Exit> {
    let config = args.config()?;
    records::run(&config.input, config.jobs, &args.output, |first, batch| {
        solve_batch(&config, first, batch)
    })
}

/// Solves every record of `batch`, the first being record `first`.
fn solve_batch(config: &Config, first: u64, batch: &Batch) -> Processed {
    let mut s = Processed::default();
    let writer = Writer::new(config.format, Size::S9, 0, &[])
        .without_json_grid()
        .with_symbols(config.input.symbols.clone());
    let mut index = first;
    let _ = batch.for_each(|line, puzzle| {
        let record_index = index;
        index += 1;
        let puzzle = match puzzle {
            Ok(p) => p,
            Err(e) => {
                s.report_malformed(line, e);
                return Ok::<(), ()>(());
            }
        };
        let outcome = search(puzzle, config.search);
        let limit = config.search.limit;
        let n = outcome.solutions;
        // At least `n`: the limit was reached, or the budget cut the search.
        let at_least = if n >= limit || outcome.cut { "+" } else { "" };
        // What is wrong, if anything: a cut search always; in solving mode,
        // no solution or several (limit 1 asks for any one solution).
        let verdict = if outcome.cut {
            Some(format!(
                "search budget of {} guesses exceeded ({n} solutions found); raise --budget",
                config.search.budget
            ))
        } else if config.count {
            None
        } else if n == 0 {
            Some("no solution".to_string())
        } else if n > 1 {
            Some(format!("{n}{at_least} solutions"))
        } else {
            None
        };
        if let Some(message) = &verdict {
            s.report_failed(line, message.clone());
        }
        let unique = n == 1 && !outcome.cut && limit >= 2;
        let solution = if config.count {
            outcome.first.as_ref().filter(|_| unique)
        } else {
            outcome.first.as_ref().filter(|_| verdict.is_none())
        };
        match config.format {
            Format::Json => {
                let fields = [
                    Field {
                        name: "puzzle",
                        value: Value::Grid(puzzle),
                    },
                    Field {
                        name: "solution",
                        value: solution.map_or(Value::Null, Value::Grid),
                    },
                    Field {
                        name: "solutions",
                        value: Value::UInt(n),
                    },
                    Field {
                        name: "limit_reached",
                        value: Value::Bool(n >= limit),
                    },
                    Field {
                        name: "guesses",
                        value: Value::UInt(outcome.guesses),
                    },
                    Field {
                        name: "budget_exceeded",
                        value: Value::Bool(outcome.cut),
                    },
                ];
                let record = Record {
                    index: record_index,
                    grid: puzzle,
                    fields: &fields,
                    solution: None,
                };
                let _ = writer.write(&mut s.out, &record);
            }
            _ if config.count => {
                s.out
                    .extend_from_slice(format!("{n}{at_least}\n").as_bytes());
            }
            format => {
                // The solution; a puzzle not solved is written as it was,
                // and in the `line` format marked with what is wrong.
                let grid: &Grid = solution.unwrap_or(puzzle);
                if format == Format::Csv && s.last_size != Some(grid.size()) {
                    let _ = csv::write_header(&mut s.out, grid.size());
                    if s.first_size.is_none() {
                        s.header = s.out.len();
                    }
                }
                if s.first_size.is_none() {
                    s.first_size = Some(grid.size());
                }
                s.last_size = Some(grid.size());
                let record = Record {
                    index: record_index,
                    grid,
                    fields: &[],
                    solution: None,
                };
                let _ = writer.write(&mut s.out, &record);
                if let (Format::Line, Some(message)) = (format, &verdict) {
                    s.out.pop();
                    s.out
                        .extend_from_slice(format!(" # {message}\n").as_bytes());
                }
            }
        }
        Ok(())
    });
    if config.format != Format::Csv || config.count {
        s.first_size = None;
        s.last_size = None;
    }
    s
}
