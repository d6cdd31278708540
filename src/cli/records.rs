//! What the commands that read puzzles share (`solve`, `rate`, `canon`,
//! `transform`, `split`): reading records in any format and alphabet,
//! working on them in batches through the pipeline, and writing the
//! results in input order with a `FILE:LINE: message` on standard error for
//! each record that failed; the solution a record carries or a layout
//! needs; and a rating as records carry it.

use std::io::Write;

use anyhow::Context;

use super::args::{Input, OutputArgs};
use super::exit::{Exit, UsageError};
use super::io::{batches, describe, each_input, warn};
use super::progress::Progress;
use sudogen::format::read::{BATCH_RECORDS, Batch};
use sudogen::format::{Format, Formatted, Headed, Rated, RecordError, StepRecord, Symbols};
use sudogen::grid::Grid;
use sudogen::pipeline;
use sudogen::rate::{KILLER_SCALE, Rating};
use sudogen::solve::{DEFAULT_BUDGET, Search};

/// What working on one batch gave: the output and the messages.
#[derive(Default)]
pub struct Processed {
    /// The records written.
    pub out: Formatted,
    /// What to say about each record that failed or could not be read,
    /// in input order.
    pub reports: Vec<Report>,
    /// When records may be dropped in the writer (`--distinct`): each
    /// record's key and where its bytes are in `out` (start, end). Bytes
    /// outside them (headers) are always written.
    pub keys: Vec<(u128, usize, usize)>,
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
    /// For a record read but not of the kind the command takes (a puzzle
    /// where `puzzle --from` takes solution grids; exit 1): what the line
    /// that counts those past the cap says of them ("were not complete
    /// grids"). They are capped as unreadable ones are.
    pub unfit: Option<&'static str>,
}

impl Processed {
    /// The record at `line` could not be read: `error` says why (exit 2).
    pub fn report_malformed(&mut self, line: u64, error: impl std::fmt::Display) {
        self.reports.push(Report {
            line,
            message: error.to_string(),
            malformed: true,
            unfit: None,
        });
    }

    /// The puzzle at `line` failed: `message` says how (exit 1).
    pub fn report_failed(&mut self, line: u64, message: String) {
        self.reports.push(Report {
            line,
            message,
            malformed: false,
            unfit: None,
        });
    }

    /// The record at `line` is not of the kind the command takes:
    /// `message` says how (exit 1; capped, with `those` in the summary,
    /// see [`Report::unfit`]).
    pub fn report_unfit(&mut self, line: u64, message: String, those: &'static str) {
        self.reports.push(Report {
            line,
            message,
            malformed: false,
            unfit: Some(those),
        });
    }
}

/// How many unreadable records of one input are named one by one (and as
/// many records of a kind the command does not take); the rest are counted
/// in one line at the end of the input, so that a file that is not
/// puzzles at all (a binary file, say), or a file of puzzles where grids
/// are expected, gives a screenful, not a line per record.
pub const MALFORMED_SHOWN: u64 = 20;

/// The problems of one input's records as a command that refuses the
/// whole run for them says them (`print`, `split`): the first
/// [`MALFORMED_SHOWN`] named, the rest counted in one line at the end.
#[derive(Debug, Default)]
pub struct Capped {
    said: u64,
}

impl Capped {
    /// Names record `line` of input `name` and what is wrong with it, if
    /// fewer than [`MALFORMED_SHOWN`] were named before.
    pub fn say(&mut self, name: &str, line: u64, message: &str) {
        self.said += 1;
        if self.said <= MALFORMED_SHOWN {
            warn(format_args!("{name}:{line}: {message}"));
        }
    }

    /// Counts the records not named, if any.
    pub fn end(&self, name: &str) {
        if self.said > MALFORMED_SHOWN {
            warn(format_args!(
                "{name}: {} more records with a problem ({} in all)",
                self.said - MALFORMED_SHOWN,
                self.said
            ));
        }
    }
}

/// Reads every puzzle of `input`, works on batches on `jobs` threads with
/// `work(index of the batch's first record, batch)`, and writes the
/// results in input order, but the records whose key `keep` refuses (see
/// [`Processed::keys`]). Exit 2 if an input was unreadable or a record
/// malformed, 1 if a puzzle failed or there was none (then it says `no
/// {done}`),
/// and 0 otherwise; a broken pipe ends the run quietly.
pub fn run(
    input: &Input,
    jobs: usize,
    output: &OutputArgs,
    done: &str,
    keep: &mut dyn FnMut(u128) -> bool,
    work: impl Fn(u64, &Batch) -> Processed + Sync,
) -> anyhow::Result<Exit> {
    run_showing(input, jobs, output, done, keep, None, work)
}

/// [`run`], counting each batch of records on `progress`, if given, as
/// it goes to the workers (see [`Progress::reading`]).
pub fn run_showing(
    input: &Input,
    jobs: usize,
    output: &OutputArgs,
    done: &str,
    keep: &mut dyn FnMut(u128) -> bool,
    progress: Option<&Progress>,
    work: impl Fn(u64, &Batch) -> Processed + Sync,
) -> anyhow::Result<Exit> {
    if output.format()? == sudogen::format::Format::NPY {
        let named = match (output.format, output.path()) {
            (None, Some(path)) => format!(" (-o {} names an npy file)", path.display()),
            _ => String::new(),
        };
        return Err(UsageError(format!(
            "npy arrays are written by generate and puzzle; write csv, json or kaggle here{named}"
        ))
        .into());
    }
    let mut out = output.open_for(&input.files)?;
    let (mut malformed, mut failed) = (false, false);
    let mut index = 0u64;
    let mut last_size = Headed::default();
    let pace = &pipeline::Pace::new(BATCH_RECORDS);
    let result = each_input(&input.files, |name, reader| {
        // Unreadable records of this input, named or not; and records it
        // does not take, with what the summary says of them.
        let mut malformed_here = 0u64;
        let mut unfit_here = (0u64, "");
        let mut reader = input.reader(reader);
        let mut next = batches(&mut reader, name, pace);
        pipeline::ordered(
            jobs,
            || {
                Ok(next()?.map(|b| {
                    let first = index;
                    index += b.len() as u64;
                    if let Some(progress) = progress {
                        progress.read(&b);
                    }
                    (first, b)
                }))
            },
            |(first, batch): (u64, Batch), _| pace.time(batch.len(), || work(first, &batch)),
            |done| -> anyhow::Result<()> {
                let bytes = done.out.bytes_after(&mut last_size);
                if done.keys.is_empty() {
                    out.file.write_all(bytes).context(out.what.clone())?;
                } else {
                    // Only the records `keep` takes, in order, and every
                    // byte between them (headers). A header dropped by
                    // `bytes_after` lies before the first record.
                    let skipped = done.out.bytes().len() - bytes.len();
                    let mut at = skipped;
                    for &(key, start, end) in &done.keys {
                        let all = done.out.bytes();
                        out.file
                            .write_all(&all[at.min(start)..start])
                            .context(out.what.clone())?;
                        if keep(key) {
                            out.file
                                .write_all(&all[start..end])
                                .context(out.what.clone())?;
                        }
                        at = end;
                    }
                    let all = done.out.bytes();
                    out.file.write_all(&all[at..]).context(out.what.clone())?;
                }
                for report in &done.reports {
                    // A record that could not be read exits 2, a puzzle
                    // that failed 1.
                    malformed |= report.malformed;
                    failed |= !report.malformed;
                    let shown = if report.malformed {
                        malformed_here += 1;
                        malformed_here
                    } else if let Some(those) = report.unfit {
                        unfit_here = (unfit_here.0 + 1, those);
                        unfit_here.0
                    } else {
                        0
                    };
                    if shown > MALFORMED_SHOWN {
                        continue;
                    }
                    warn(format_args!("{name}:{}: {}", report.line, report.message));
                }
                // Batch by batch (each about `Pace::TARGET` of work), so the
                // output flows however slow the records are.
                out.file.flush().context(out.what.clone())
            },
        )?;
        if malformed_here > MALFORMED_SHOWN {
            warn(format_args!(
                "{name}: {} more records could not be read ({malformed_here} in all); is it a file of puzzles? (--input-format and --symbols read other layouts)",
                malformed_here - MALFORMED_SHOWN
            ));
        }
        let (unfit, those) = unfit_here;
        if unfit > MALFORMED_SHOWN {
            warn(format_args!(
                "{name}: {} more records ({unfit} in all) {those}",
                unfit - MALFORMED_SHOWN
            ));
        }
        out.file.flush().context(out.what.clone())
    });
    let unreadable = match result {
        Err(e) if super::exit::is_broken_pipe(&e) => return Ok(verdict(false, malformed, failed)),
        Err(e) => return Err(e),
        Ok(all) => !all,
    };
    out.finish()?;
    if index == 0 && !unreadable {
        // Nothing done is not a success (an upstream command that failed
        // and wrote nothing must not pass), as with `check` and `stats`.
        warn(format_args!("error: no {done}"));
        return Ok(Exit::Failure);
    }
    Ok(verdict(unreadable, malformed, failed))
}

/// The exit status: 2 for unreadable input or records, 1 for puzzles that
/// failed, else 0.
fn verdict(unreadable: bool, malformed: bool, failed: bool) -> Exit {
    if unreadable || malformed {
        Exit::Usage
    } else if failed {
        Exit::Failure
    } else {
        Exit::Success
    }
}

/// The solution to write beside `puzzle` in `format`, when the record came
/// without one: none, unless the format always has one (the
/// machine-learning layouts), which then is the puzzle's unique solution;
/// `Err` says why there is none to write.
pub fn solution_for(format: Format, puzzle: &Grid) -> Result<Option<Grid>, String> {
    if !format.spec().needs_solution() || puzzle.is_complete() {
        return Ok(None);
    }
    let search = Search {
        limit: 2,
        budget: DEFAULT_BUDGET,
    };
    let out = sudogen::solve::search(puzzle, search);
    let why = match (out.solutions, out.cut) {
        (1, false) => return Ok(out.first),
        (_, true) => format!("its uniqueness is not settled within {DEFAULT_BUDGET} guesses"),
        (0, _) => "it has no solution".to_string(),
        _ => "it has 2+ solutions".to_string(),
    };
    Err(format!(
        "no solution to write in the {format} layout, which has one for every puzzle: {why}"
    ))
}

/// Whether `command` (`canon`, `transform`, `split`: their symmetries are
/// the classic ones) can take `grid`: a record that carries a variant
/// (CSV, JSON) is refused as `--variant` is, since those symmetries would
/// not keep its units; `Err` says so (a record that failed, exit 1).
pub fn classic_only(command: &str, grid: &Grid) -> Result<(), String> {
    let variant = grid.variant();
    if grid.shape().is_plain() {
        return Ok(());
    }
    if grid.shape().is_killer() {
        return Err(format!(
            "a {} record: {command} does not take killer puzzles yet (its symmetries would have to move the cages too)",
            grid.shape()
        ));
    }
    Err(format!(
        "a {} record: {command} works on grids without a variant (its symmetries would not keep the units of variant {})",
        grid.shape(),
        variant.name()
    ))
}

/// Whether `format` can write a record of `grid`'s shape (Solo has no
/// Hyper variant); `Err` says why not (a record that failed, exit 1).
pub fn writable(format: Format, grid: &Grid) -> Result<(), String> {
    format
        .holds(grid.shape())
        .map_err(|why| format!("a {} record: {why}", grid.shape()))
}

/// Whether `format` can write records of the variant `--variant` asks
/// for; a usage error (exit 2) if not.
pub fn writable_variant(format: Format, input: &Input) -> anyhow::Result<()> {
    let Some(variant) = input.variant.clone() else {
        return Ok(());
    };
    let size = input.size.unwrap_or(sudogen::grid::Size::S9);
    match sudogen::grid::Shape::new(size, variant) {
        Ok(shape) => format.holds(&shape).map_err(super::exit::usage),
        Err(_) => Ok(()),
    }
}

/// What the line that counts the records [`classic_only`] refused past
/// the cap says of them (see [`Processed::report_unfit`]).
pub const VARIANT_RECORDS: &str =
    "carry a variant; canon, transform and split work on grids without one";

/// The solution a record read carries, or what is wrong with it (to be
/// reported as a record that could not be read).
pub fn carried(solution: Option<Result<&Grid, RecordError>>) -> Result<Option<&Grid>, String> {
    solution
        .transpose()
        .map_err(|e| format!("its solution: {}", describe(&e)))
}

/// What a rating's path leaves out when the rating is a lower bound.
const UNFINISHED: &str = "then steps not searched: nested forcing chains past the work budget (--work), or chains beyond 9x9";

/// A rating as records carry it (with its steps when `explain`), handed
/// to `f`.
pub fn with_killer_rated<T>(
    rating: &sudogen::killer::logic::KillerRating,
    shape: &sudogen::grid::Shape,
    explain: bool,
    f: impl FnOnce(&Rated<'_>) -> T,
) -> T {
    let path: Vec<StepRecord> = if explain {
        (rating.steps.iter())
            .map(|step| StepRecord::of_killer(step, shape.size()))
            .collect()
    } else {
        Vec::new()
    };
    let se = rating.level.tenths();
    f(&Rated {
        se,
        exact: rating.solved,
        ep: se,
        ep_exact: false,
        ed: se,
        ed_exact: false,
        level: rating.level.name(),
        hardest: rating.hardest.map_or("none", |t| t.name()),
        steps: rating.steps.len() as u64,
        scale: KILLER_SCALE,
        path: &path,
        unfinished: (!rating.solved).then_some(
            "the killer techniques stop here: the rest needs more than they know (level expert)",
        ),
    })
}

/// Gives `f` `rating` as records carry it (see [`Rated`]), its path's
/// steps in the run's symbols when `explain`.
pub fn with_rated<T>(
    rating: &Rating,
    shape: &sudogen::grid::Shape,
    explain: bool,
    symbols: Option<&Symbols>,
    f: impl FnOnce(&Rated<'_>) -> T,
) -> T {
    let size = shape.size();
    // Values in the run's symbols, as the records write them.
    let symbol = |v: u8| {
        let standard = size.symbol(v);
        symbols.map_or(char::from(standard), |s| s.char_of(standard))
    };
    let path: Vec<StepRecord> = if explain {
        rating
            .path
            .iter()
            .map(|step| StepRecord::of(step, shape.clone(), &symbol))
            .collect()
    } else {
        Vec::new()
    };
    f(&Rated {
        se: rating.se,
        exact: rating.exact,
        ep: rating.ep,
        ep_exact: rating.ep_exact,
        ed: rating.ed,
        ed_exact: rating.ed_exact,
        level: rating.level().name(),
        hardest: rating.hardest_name(),
        steps: rating.steps as u64,
        scale: rating.scale.name(),
        path: &path,
        unfinished: (explain && !rating.exact).then_some(UNFINISHED),
    })
}
