//! `sudogen check`: verify grid files of any format and size, streaming,
//! in parallel, reporting in input order.

use std::io::Write;

use anyhow::Context;
use clap::Args;

use super::args::{BudgetArgs, InputArgs, JobsArgs};
use super::exit::{Exit, is_broken_pipe};
use super::io::{Output, batches, describe, each_input, warn};
use sudogen::check::{Problem, Rules, Tally, check_batch};
use sudogen::format::read::BATCH_RECORDS;
use sudogen::pipeline;

/// Worked examples, at the end of `--help`.
pub const EXAMPLES: &str = "\
Examples:
  sudogen check grids.txt                    every grid and puzzle valid? (exit 0, 1 or 2)
  sudogen check --unique puzzles.txt         ... and every puzzle has exactly one solution
  sudogen check --complete --distinct g.txt  complete grids only, and how many are distinct
  sudogen puzzle -n 100 | sudogen check -    check a stream";

/// What to check.
#[derive(Debug, Args)]
#[command(mut_arg("input_format", |a| a.short('f').visible_alias("format")))]
#[command(mut_arg("budget", |a| a.requires("unique").help(
    "With --unique: give up on a puzzle after this many guesses; it is reported (uniqueness not settled) and the run exits 1"
)))]
pub struct CheckArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Puzzles must have exactly one solution (each is solved)
    #[arg(long, conflicts_with = "complete")]
    pub unique: bool,

    #[command(flatten)]
    pub budget: BudgetArgs,

    /// Records must be complete grids: an empty cell is a fault (by
    /// default a record with empty cells is a puzzle, valid if no given
    /// repeats)
    #[arg(long)]
    pub complete: bool,

    /// Also count distinct grids (keeps a 16-byte fingerprint of each
    /// distinct grid in a hash set: about 42 bytes per grid at its peak)
    #[arg(long)]
    pub distinct: bool,

    #[command(flatten)]
    pub jobs: JobsArgs,
}

/// Runs `sudogen check`.
pub fn run(args: &CheckArgs) -> anyhow::Result<Exit> {
    let input = args.input.resolve()?;
    let mut out = Output::stdout()?;
    let mut tally = Tally::new(args.distinct);
    let mut unreadable = false;
    let jobs = args.jobs.get();
    let rules = Rules {
        distinct: args.distinct,
        complete: args.complete,
        unique: args.unique,
        budget: args.budget.budget,
    };
    let pace = pipeline::Pace::new(BATCH_RECORDS);
    let mut checked = || -> anyhow::Result<()> {
        unreadable = !each_input(&input.files, |name, reader| {
            let mut reader = input.reader(reader);
            pipeline::ordered(
                jobs,
                batches(&mut reader, name, &pace),
                |batch, _| pace.time(batch.len(), || check_batch(&batch, rules)),
                |report| -> anyhow::Result<()> {
                    for (line, problem) in &report.problems {
                        let text = match problem {
                            Problem::Budget(_) => format!("{problem}; raise --budget"),
                            Problem::Record(e) => describe(e),
                            Problem::Text(_) => problem.to_string(),
                        };
                        writeln!(out.file, "{name}:{line}: {text}").context(out.what.clone())?;
                    }
                    tally.add(&report);
                    // Batch by batch, as `solve` does.
                    out.file.flush().context(out.what.clone())
                },
            )
        })?;
        writeln!(out.file, "{}", tally.summary().line()).context(out.what.clone())?;
        out.file.flush().context(out.what.clone())
    };
    let result = checked();
    let summary = tally.summary();
    // The reader of the report went away (the watcher of standard output
    // may have stopped the run before anything was read): the verdict on
    // what was checked stands.
    let gone = sudogen::pipeline::interrupted();
    match result {
        Err(e) if is_broken_pipe(&e) => {}
        Err(e) => return Err(e),
        Ok(()) => {}
    }
    if summary.read == 0 && !unreadable && !gone {
        // Nothing checked is not "all valid" (an upstream command that
        // failed and wrote nothing must not pass).
        warn("error: no grids in the input; nothing was checked");
        return Ok(Exit::Failure);
    }
    Ok(if unreadable {
        Exit::Usage
    } else if summary.invalid > 0 {
        Exit::Failure
    } else {
        Exit::Success
    })
}
