//! What `solve` and `rate` share: reading puzzles in any format and
//! alphabet, working on them in batches through the
//! [pipeline], and writing the results in input order with
//! a `FILE:LINE: message` on standard error for each puzzle that failed.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use super::{Exit, InputArgs, OutputArgs, batches, each_input, is_broken_pipe, warn};
use crate::format::read::{BATCH_RECORDS, Batch, Reader};
use crate::format::{Format, Symbols};
use crate::grid::Size;
use crate::pipeline;

/// The input options of the commands that read puzzles.
#[derive(Debug, Args)]
pub struct PuzzleInputArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub input: InputArgs,

    /// Read every record in this format [default: detected line by line]
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub input_format: Option<Format>,
}

/// Where puzzles come from, every option resolved.
#[derive(Clone, Debug)]
pub struct PuzzleInput {
    /// The inputs (`-`: standard input).
    pub files: Vec<PathBuf>,
    /// The input format, if forced.
    pub format: Option<Format>,
    /// The size, if forced.
    pub size: Option<Size>,
    /// Another alphabet, if any.
    pub symbols: Option<Symbols>,
}

impl PuzzleInputArgs {
    /// Resolves the options (see [`InputArgs::size_and_symbols`]).
    pub fn resolve(&self) -> anyhow::Result<PuzzleInput> {
        let (size, symbols) = self.input.size_and_symbols()?;
        Ok(PuzzleInput {
            files: self.input.files(),
            format: self.input_format,
            size,
            symbols,
        })
    }
}

/// What working on one batch gave: the output bytes and the messages.
#[derive(Default)]
pub struct Processed {
    /// The bytes to write.
    pub out: Vec<u8>,
    /// What to say about each record that failed or could not be read,
    /// in input order.
    pub reports: Vec<Report>,
    /// CSV: the size of the first and last record written, and how many
    /// bytes of header start `out`, so a header repeated from the previous
    /// batch is dropped.
    pub first_size: Option<Size>,
    /// See `first_size`.
    pub last_size: Option<Size>,
    /// See `first_size`.
    pub header: usize,
}

/// A message about one record: `FILE:LINE: message` on standard error.
pub struct Report {
    /// The record's line in its input.
    pub line: u64,
    /// What is wrong with it.
    pub message: String,
    /// Whether the record could not be read (exit 2; these are capped per
    /// input, see [`MALFORMED_SHOWN`]), rather than a puzzle that failed
    /// (exit 1).
    pub malformed: bool,
}

impl Processed {
    /// The record at `line` could not be read: `error` says why (exit 2).
    pub fn report_malformed(&mut self, line: u64, error: impl std::fmt::Display) {
        self.reports.push(Report {
            line,
            message: error.to_string(),
            malformed: true,
        });
    }

    /// The puzzle at `line` failed: `message` says how (exit 1).
    pub fn report_failed(&mut self, line: u64, message: String) {
        self.reports.push(Report {
            line,
            message,
            malformed: false,
        });
    }
}

/// How many unreadable records of one input are named one by one; the rest
/// are counted in one line at the end of the input, so that a file that is
/// not puzzles at all (a binary file, say) gives a screenful, not a line
/// per record.
pub const MALFORMED_SHOWN: u64 = 20;

/// Reads every puzzle of `input`, works on batches on `jobs` threads with
/// `work(index of the batch's first record, batch)`, and writes the
/// results in input order. Exit 2 if an input was unreadable or a record
/// malformed, 1 if a puzzle failed, and 0 otherwise; a broken pipe ends
/// the run quietly.
pub fn run(
    input: &PuzzleInput,
    jobs: usize,
    output: &OutputArgs,
    work: impl Fn(u64, &Batch) -> Processed + Sync,
) -> anyhow::Result<Exit> {
    let mut out = output.open_for(&input.files)?;
    let mut unreadable = false;
    let (mut malformed, mut failed) = (false, false);
    let mut index = 0u64;
    let mut result = || -> anyhow::Result<()> {
        let mut csv_size: Option<Size> = None;
        let work = &work;
        let pace = &pipeline::Pace::new(BATCH_RECORDS);
        unreadable = !each_input(&input.files, |name, reader| {
            // Unreadable records of this input, named or not.
            let mut malformed_here = 0u64;
            let mut reader =
                Reader::new(reader, input.format, input.size).with_symbols(input.symbols.clone());
            let mut next = batches(&mut reader, name, pace);
            pipeline::ordered(
                jobs,
                || {
                    Ok(next()?.map(|b| {
                        let first = index;
                        index += b.len() as u64;
                        (first, b)
                    }))
                },
                |(first, batch): (u64, Batch), _| pace.time(batch.len(), || work(first, &batch)),
                |done| -> anyhow::Result<()> {
                    let mut bytes = &done.out[..];
                    if done.first_size.is_some() && done.first_size == csv_size {
                        bytes = &bytes[done.header..];
                    }
                    if done.last_size.is_some() {
                        csv_size = done.last_size;
                    }
                    out.file.write_all(bytes).context(out.what.clone())?;
                    for report in &done.reports {
                        // A record that could not be read exits 2, a
                        // puzzle that failed 1.
                        malformed |= report.malformed;
                        failed |= !report.malformed;
                        if report.malformed {
                            malformed_here += 1;
                            if malformed_here > MALFORMED_SHOWN {
                                continue;
                            }
                        }
                        warn(format_args!("{name}:{}: {}", report.line, report.message));
                    }
                    // Batch by batch (each about `Pace::TARGET` of work), so
                    // the output flows however slow the records are.
                    out.file.flush().context(out.what.clone())
                },
            )?;
            if malformed_here > MALFORMED_SHOWN {
                warn(format_args!(
                    "{name}: {} more records could not be read ({malformed_here} in all); is it a file of puzzles? (--input-format and --symbols read other layouts)",
                    malformed_here - MALFORMED_SHOWN
                ));
            }
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
