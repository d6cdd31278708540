//! `sudogen check`: verify grid files of any format and size, streaming,
//! in parallel, reporting in input order.

use std::io::Write;

use anyhow::Context;
use clap::Args;

use super::{Exit, InputArgs, JobsArgs, Output, batches, each_input, is_broken_pipe, warn};
use crate::check::{Rules, Tally, check_batch};
use crate::format::Format;
use crate::format::read::{BATCH_RECORDS, Reader};
use crate::pipeline;
use crate::solve::DEFAULT_BUDGET;

/// What to check.
#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub input: InputArgs,

    /// Read every record in this format [default: detected line by line]
    #[arg(short, long, value_enum)]
    pub format: Option<Format>,

    /// Puzzles must have exactly one solution (each is solved)
    #[arg(long, conflicts_with = "complete")]
    pub unique: bool,

    /// With --unique: give up on a puzzle after this many guesses; it is
    /// reported (uniqueness not settled) and the run exits 1
    #[arg(long, value_name = "GUESSES", default_value_t = DEFAULT_BUDGET, requires = "unique",
          value_parser = super::parse_budget, allow_negative_numbers = true)]
    pub budget: u64,

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
    #[allow(missing_docs)]
    pub jobs: JobsArgs,
}

/// Runs `sudogen check`.
pub fn run(args: &CheckArgs) -> anyhow::Result<Exit> {
    let (size, symbols) = args.input.size_and_symbols()?;
    let mut out = Output::stdout()?;
    let mut tally = Tally::new(args.distinct);
    let mut unreadable = false;
    let jobs = args.jobs.get();
    let rules = Rules {
        distinct: args.distinct,
        complete: args.complete,
        unique: args.unique,
        budget: args.budget,
    };
    let pace = pipeline::Pace::new(BATCH_RECORDS);
    let mut checked = || -> anyhow::Result<()> {
        unreadable = !each_input(&args.input.files(), |name, input| {
            let mut reader = Reader::new(input, args.format, size).with_symbols(symbols.clone());
            pipeline::ordered(
                jobs,
                batches(&mut reader, name, &pace),
                |batch, _| pace.time(batch.len(), || check_batch(&batch, rules)),
                |report| -> anyhow::Result<()> {
                    for (line, problem) in &report.problems {
                        writeln!(out.file, "{name}:{line}: {problem}").context(out.what.clone())?;
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
    match result {
        // The reader of the report went away: the verdict stands.
        Err(e) if is_broken_pipe(&e) => {}
        Err(e) => return Err(e),
        Ok(()) => {}
    }
    if summary.read == 0 && !unreadable {
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
