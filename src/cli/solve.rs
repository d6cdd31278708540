//! `sudogen solve`: the solution of each puzzle, or how many it has.
//!
//! Puzzles are read in batches on the calling thread and solved on the
//! workers of the [pipeline](crate::pipeline); results are written in input
//! order, so the output is the same bytes for every `-j`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use super::{Exit, InputArgs, JobsArgs, OutputArgs, UsageError, batches, each_input};
use super::{is_broken_pipe, warn};
use crate::format::read::{Batch, Reader};
use crate::format::{Field, Format, Record, Symbols, Value, Writer, csv};
use crate::grid::{Grid, Size};
use crate::pipeline;
use crate::solve::{Search, search};

/// The default search budget: guesses per puzzle.
pub const DEFAULT_BUDGET: u64 = 1_000_000;

/// What to solve, and how.
#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub input: InputArgs,

    /// Read every record in this format [default: detected line by line]
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub input_format: Option<Format>,

    /// The symbols of the values 1, 2, 3, ... in the input and output, for
    /// files written with another alphabet (16x16: ABCDEFGHIJKLMNOP); their
    /// number gives the size. `.` is an empty cell
    #[arg(long, value_name = "ALPHABET")]
    pub symbols: Option<String>,

    /// Print how many solutions each puzzle has (up to --limit) instead of
    /// a solution
    #[arg(long)]
    pub count: bool,

    /// Stop at N solutions: 2 (the default) tells a unique puzzle from one
    /// with several; with --count, larger values count further
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,

    /// Give up on a puzzle after this many guesses; it is reported and the
    /// run exits 1
    #[arg(long, value_name = "GUESSES", default_value_t = DEFAULT_BUDGET)]
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
    /// The inputs (`-`: standard input).
    pub files: Vec<PathBuf>,
    /// The input format, if forced.
    pub input_format: Option<Format>,
    /// The size, if forced.
    pub size: Option<Size>,
    /// Another alphabet, if any.
    pub symbols: Option<Symbols>,
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
        let mut size = self.input.size;
        let symbols = match &self.symbols {
            None => None,
            Some(alphabet) => {
                let implied = Size::from_side(alphabet.len()).ok_or_else(|| {
                    UsageError(format!(
                        "--symbols has {} characters; use 4, 9, 16 or 25, one per value",
                        alphabet.len()
                    ))
                })?;
                if size.is_some_and(|s| s != implied) {
                    return Err(UsageError(format!(
                        "--symbols has {} characters but --size is {}",
                        alphabet.len(),
                        size.map_or(0, Size::side)
                    ))
                    .into());
                }
                size = Some(implied);
                Some(Symbols::new(alphabet, implied).map_err(UsageError)?)
            }
        };
        Ok(Config {
            files: self.input.files(),
            input_format: self.input_format,
            size,
            symbols,
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

/// What solving one batch gave: the output bytes and the messages.
struct Solved {
    out: Vec<u8>,
    /// `(line, message)` for each puzzle not solved as asked.
    reports: Vec<(u64, String)>,
    /// CSV: the size of the first and last record, and how many bytes of
    /// header start `out`.
    first_size: Option<Size>,
    last_size: Option<Size>,
    header: usize,
    malformed: bool,
    failed: bool,
}

/// Runs `sudogen solve`.
pub fn run(args: &SolveArgs) -> anyhow::Result<Exit> {
    let config = args.config()?;
    let mut out = args.output.open()?;
    let mut unreadable = false;
    let (mut malformed, mut failed) = (false, false);
    let mut index = 0u64;
    let mut result = || -> anyhow::Result<()> {
        let mut csv_size: Option<Size> = None;
        let config = &config;
        unreadable = !each_input(&config.files, |name, input| {
            let mut reader = Reader::new(input, config.input_format, config.size)
                .with_symbols(config.symbols.clone());
            let mut next = batches(&mut reader, name);
            pipeline::ordered(
                config.jobs,
                || {
                    Ok(next()?.map(|b| {
                        let first = index;
                        index += b.len() as u64;
                        (first, b)
                    }))
                },
                |(first, batch): (u64, Batch), _| solve_batch(config, first, &batch),
                |solved| -> anyhow::Result<()> {
                    let mut bytes = &solved.out[..];
                    if solved.first_size.is_some() && solved.first_size == csv_size {
                        bytes = &bytes[solved.header..];
                    }
                    if solved.last_size.is_some() {
                        csv_size = solved.last_size;
                    }
                    out.file.write_all(bytes).context(out.what.clone())?;
                    for (line, message) in &solved.reports {
                        warn(format_args!("{name}:{line}: {message}"));
                    }
                    malformed |= solved.malformed;
                    failed |= solved.failed;
                    Ok(())
                },
            )?;
            out.file.flush().context(out.what.clone())
        })?;
        Ok(())
    };
    match result() {
        Err(e) if is_broken_pipe(&e) => {}
        Err(e) => return Err(e),
        Ok(()) => out.finish()?,
    }
    Ok(if unreadable || malformed {
        Exit::Usage
    } else if failed {
        Exit::Failure
    } else {
        Exit::Success
    })
}

/// Solves every record of `batch`, the first being record `first`.
fn solve_batch(config: &Config, first: u64, batch: &Batch) -> Solved {
    let mut s = Solved {
        out: Vec::new(),
        reports: Vec::new(),
        first_size: None,
        last_size: None,
        header: 0,
        malformed: false,
        failed: false,
    };
    let writer = Writer::new(config.format, Size::S9, 0, &[])
        .without_json_grid()
        .with_symbols(config.symbols.clone());
    let mut index = first;
    let _ = batch.for_each(|line, puzzle| {
        let record_index = index;
        index += 1;
        let puzzle = match puzzle {
            Ok(p) => p,
            Err(e) => {
                s.reports.push((line, e.to_string()));
                s.malformed = true;
                return Ok::<(), ()>(());
            }
        };
        let outcome = search(puzzle, config.search);
        let limit = config.search.limit;
        let n = outcome.solutions;
        let at_least = if n >= limit { "+" } else { "" };
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
            s.reports.push((line, message.clone()));
            s.failed = true;
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
