//! `sudogen stats`: how far a strategy's grids, or grids read from files,
//! are from uniformly random.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use super::args::{GridArgs, RunArgs, SymbolsArgs};
use super::exit::{Exit, usage};
use super::io::{Output, batches, each_input, metadata_of, warn};
use sudogen::format::Symbols;
use sudogen::format::read::{BATCH_RECORDS, Batch, Reader};
use sudogen::format::report;
use sudogen::grid::{Grid, Size};
use sudogen::pipeline;
use sudogen::runs::GridRun;
use sudogen::stats::{Stats, measure};
use sudogen::strategies::Strategy;

/// Worked examples, at the end of `--help`.
pub const EXAMPLES: &str = "\
Examples:
  sudogen stats -s backtrack -n 100000 --seed 1   how random is a strategy?
  sudogen stats grids.txt                         ... or another program's grids (or puzzles)
  sudogen puzzle -n 1000 | sudogen stats -        ... or a pipe, named as '-'
  sudogen stats -f json -n 10000 > report.json    the report as one JSON object";

/// The options that only make sense when grids are generated: a file to
/// read (named either way) conflicts with each.
const GENERATION_ONLY: [&str; 4] = ["strategy", "count", "seed", "start"];

/// What to measure.
#[derive(Debug, Args)]
#[command(mut_arg("count", |a| a.default_value("100000").help("How many grids to generate")))]
#[command(mut_arg("size", |a| a.help(
    "Side length of the grids [default: 9; reading files: the size of the first valid record]"
)))]
pub struct StatsArgs {
    #[command(flatten)]
    pub grid: GridArgs,

    #[command(flatten)]
    pub run: RunArgs,

    /// Grid or puzzle files to measure instead of generating (`-`:
    /// standard input), as with --input: `sudogen stats puzzles.txt`
    #[arg(value_name = "FILE", conflicts_with_all = GENERATION_ONLY)]
    pub files: Vec<PathBuf>,

    /// Read grids from these files (`-`: standard input) instead of
    /// generating; puzzles (empty cells) are counted by their clues; invalid
    /// records and other sizes than --size are counted and skipped
    #[arg(long, value_name = "FILE", num_args = 1..,
          conflicts_with_all = GENERATION_ONLY)]
    pub input: Vec<PathBuf>,

    #[command(flatten)]
    pub symbols: SymbolsArgs,

    /// The report: a table for people or JSON for programs
    #[arg(short, long, value_enum, default_value_t = ReportFormat::Table)]
    pub format: ReportFormat,

    /// The significance level of each test
    #[arg(long, default_value_t = 0.001, value_name = "P", value_parser = parse_level,
          allow_negative_numbers = true)]
    pub level: f64,
}

/// How `stats` prints its report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ReportFormat {
    /// An aligned table
    Table,
    /// One JSON object
    Json,
}

/// Where the grids come from.
#[derive(Clone, Debug)]
pub enum Source {
    /// Generated: indices `start..start + count` of a run.
    Generate {
        /// The strategy.
        strategy: Strategy,
        /// The run's seed.
        seed: u64,
        /// The first index.
        start: u64,
        /// How many grids.
        count: u64,
    },
    /// Read from files (`-`: standard input).
    Read {
        /// The files.
        files: Vec<PathBuf>,
        /// Their alphabet, if another (boxed: a [`Symbols`] is two
        /// 256-byte tables).
        symbols: Option<Box<Symbols>>,
    },
}

/// A `stats` run with every option resolved.
#[derive(Clone, Debug)]
pub struct Config {
    /// The grid size measured (`None`: reading, the size of the first
    /// valid record read).
    pub size: Option<Size>,
    /// The grids.
    pub source: Source,
    /// Worker threads.
    pub jobs: usize,
    /// The report's format.
    pub format: ReportFormat,
    /// The significance level.
    pub level: f64,
}

impl StatsArgs {
    /// Resolves the options.
    pub fn config(&self) -> anyhow::Result<Config> {
        // The files named either way, positional ones first.
        let inputs: Vec<PathBuf> = self.files.iter().chain(&self.input).cloned().collect();
        let mut size = self.grid.size;
        let source = if inputs.is_empty() {
            if self.symbols.symbols.is_some() {
                return Err(usage(
                    "--symbols reads files, and no file was named; use sudogen stats --symbols ALPHABET FILE",
                ));
            }
            size = Some(self.grid.size());
            self.run.check_range()?;
            if self.run.count == 0 {
                return Err(usage("nothing to measure; use --count 1 or more"));
            }
            Source::Generate {
                strategy: self.grid.strategy()?,
                seed: self.run.seed(),
                start: self.run.start,
                count: self.run.count,
            }
        } else {
            let symbols = self.symbols.resolve(size)?.map(|(implied, symbols)| {
                size = Some(implied);
                Box::new(symbols)
            });
            Source::Read {
                files: inputs,
                symbols,
            }
        };
        Ok(Config {
            size,
            source,
            jobs: self.run.jobs.get(),
            format: self.format,
            level: self.level,
        })
    }
}

/// What was measured: the counts, the records skipped, and where the grids
/// came from (the report's first line).
struct Measured {
    counts: Stats,
    skipped: Skipped,
    source: String,
}

/// Runs `sudogen stats`.
pub fn run(args: &StatsArgs) -> anyhow::Result<Exit> {
    let config = args.config()?;
    let mut out = Output::stdout()?;
    let measured = match &config.source {
        &Source::Generate {
            strategy,
            seed,
            start,
            count,
        } => {
            let size = config.size.unwrap_or(Size::S9);
            if stdin_is_data() {
                warn(format_args!(
                    "note: measuring {count} generated grids; standard input is not read (to measure it: sudogen stats -)"
                ));
            }
            let run = GridRun::new(strategy, size, seed);
            Measured {
                counts: measure(run, start, count, config.jobs),
                skipped: Skipped::default(),
                source: format!("strategy {strategy}, size {size}, seed {seed}"),
            }
        }
        Source::Read { files, symbols } => match read(&config, files, symbols.as_deref())? {
            Ok(measured) => measured,
            Err(exit) => return Ok(exit),
        },
    };
    let Measured {
        counts,
        skipped,
        source,
    } = measured;
    let size = counts.size();
    let rows = counts.report(config.level);
    let what = out.what.clone();
    match config.format {
        ReportFormat::Table => {
            writeln!(out.file, "{source}").context(what.clone())?;
            write!(out.file, "{}", report::table(&rows, config.level)).context(what.clone())?;
            if skipped.any() {
                writeln!(out.file, "({})", skipped.describe(Some(size))).context(what.clone())?;
            }
        }
        ReportFormat::Json => {
            // What the table's last line says: the records not measured.
            let skipped = match config.source {
                Source::Read { .. } => Some((skipped.invalid, skipped.other_size)),
                Source::Generate { .. } => None,
            };
            let doc = report::json(&rows, size, config.level, &source, skipped);
            writeln!(out.file, "{doc}").context(what.clone())?;
        }
    }
    out.finish()?;
    Ok(Exit::Success)
}

/// Measures the records of `files`; the exit status instead when an input
/// cannot be read (2) or holds nothing to measure (1, said on standard
/// error).
fn read(
    config: &Config,
    files: &[PathBuf],
    symbols: Option<&Symbols>,
) -> anyhow::Result<Result<Measured, Exit>> {
    let mut size = config.size;
    // With another alphabet, the size it implies is forced.
    let forced = if symbols.is_some() { config.size } else { None };
    let mut total: Option<(Stats, Skipped)> = None;
    let mut unmeasured = Skipped::default();
    // Puzzles are rated, which can take a while each: batches sized by
    // time share the work out evenly to the end.
    let pace = pipeline::Pace::new(BATCH_RECORDS);
    let all_read = each_input(files, |name, input| {
        let mut reader = Reader::new(input, None, forced).with_symbols(symbols.cloned());
        let mut next = batches(&mut reader, name, &pace);
        // Without --size: the size of the first valid record (the batches
        // before it have none, so skip them whatever it is).
        let mut first = None;
        while size.is_none() {
            let Some(batch) = next()? else { break };
            size = first_size(&batch);
            if size.is_some() {
                first = Some(batch);
            } else {
                unmeasured.invalid += batch.len() as u64;
            }
        }
        let Some(size) = size else {
            return Ok(());
        };
        let source = || match first.take() {
            Some(batch) => Ok(Some(batch)),
            None => next(),
        };
        let init = || (Stats::new(size), Skipped::default());
        let step = |part: &mut (Stats, Skipped), batch: Batch| {
            pace.time(batch.len(), || count(part, &batch, size));
        };
        let part = pipeline::fold(config.jobs, source, init, step, merge)?;
        total = Some(match total.take() {
            Some(total) => merge(total, part),
            None => part,
        });
        Ok(())
    })?;
    if !all_read {
        return Ok(Err(Exit::Usage));
    }
    let (counts, skipped) = match total {
        Some((counts, skipped)) => (counts, skipped.merge(unmeasured)),
        None => (Stats::new(Size::S9), unmeasured),
    };
    if counts.grids() == 0 && counts.puzzles() == 0 {
        if skipped.any() {
            let what = size.map_or(String::new(), |s| format!("{s} "));
            warn(format_args!(
                "error: no valid {what}grids or puzzles in the input ({}); nothing to measure",
                skipped.describe(size)
            ));
        } else {
            warn("error: no grids or puzzles in the input; nothing to measure");
        }
        return Ok(Err(Exit::Failure));
    }
    let size = counts.size();
    let plural = if files.len() == 1 { "" } else { "s" };
    let source = format!("{size} records read from {} input{plural}", files.len());
    Ok(Ok(Measured {
        counts,
        skipped,
        source,
    }))
}

/// Counts the records of a batch: grids and puzzles of `size` measured,
/// the others skipped.
fn count((counts, skipped): &mut (Stats, Skipped), batch: &Batch, size: Size) {
    let _ = batch.for_each(|_, grid| {
        match grid.ok().and_then(kind) {
            Some(Kind::Grid(g)) if g.size() == size => counts.add(g),
            Some(Kind::Puzzle(g)) if g.size() == size => counts.add_puzzle(g),
            Some(Kind::Grid(g) | Kind::Puzzle(g)) => skipped.other(g.size()),
            None => skipped.invalid += 1,
        }
        Ok::<(), ()>(())
    });
}

/// Whether standard input is a pipe or a non-empty file: `sudogen puzzle
/// | sudogen stats` reads like a request to measure the pipe, but without
/// a file named `stats` generates (reading standard input whenever it is
/// not a terminal would hang a script whose standard input never closes).
/// A terminal or `/dev/null` is neither.
fn stdin_is_data() -> bool {
    metadata_of(&std::io::stdin()).is_some_and(|m| {
        let t = m.file_type();
        is_fifo(&t) || (t.is_file() && m.len() > 0)
    })
}

#[cfg(unix)]
fn is_fifo(t: &std::fs::FileType) -> bool {
    std::os::unix::fs::FileTypeExt::is_fifo(t)
}

#[cfg(not(unix))]
fn is_fifo(_t: &std::fs::FileType) -> bool {
    false
}

/// What a record read is, if `stats` can measure it.
enum Kind<'a> {
    /// A valid complete grid.
    Grid(&'a Grid),
    /// A puzzle: empty cells, and no given repeated in a unit.
    Puzzle(&'a Grid),
}

fn kind(grid: &Grid) -> Option<Kind<'_>> {
    if grid.is_valid() {
        Some(Kind::Grid(grid))
    } else if !grid.is_complete() && grid.validate_givens().is_ok() {
        Some(Kind::Puzzle(grid))
    } else {
        None
    }
}

/// The size of the first record of `batch` that `stats` can measure.
fn first_size(batch: &Batch) -> Option<Size> {
    batch
        .for_each(|_, grid| match grid.ok().and_then(kind) {
            Some(Kind::Grid(g) | Kind::Puzzle(g)) => Err(g.size()),
            None => Ok(()),
        })
        .err()
}

/// The records read but not measured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Skipped {
    /// Not grids or puzzles (unreadable, or a unit repeats a value).
    invalid: u64,
    /// Valid, but of another size than the one measured.
    other_size: u64,
    /// Those sizes, a bit per [`Size`].
    sizes: u8,
}

impl Skipped {
    fn other(&mut self, size: Size) {
        self.other_size += 1;
        self.sizes |= 1 << size as u8;
    }

    fn merge(self, b: Skipped) -> Skipped {
        Skipped {
            invalid: self.invalid + b.invalid,
            other_size: self.other_size + b.other_size,
            sizes: self.sizes | b.sizes,
        }
    }

    fn any(&self) -> bool {
        self.invalid + self.other_size > 0
    }

    /// `N records skipped: ...`, saying how to measure the other sizes
    /// (called only when [`Skipped::any`]).
    fn describe(&self, size: Option<Size>) -> String {
        let mut parts = Vec::new();
        if self.invalid > 0 {
            parts.push(format!("{} invalid", self.invalid));
        }
        if self.other_size > 0 {
            let sizes: Vec<String> = Size::ALL
                .iter()
                .filter(|&&s| self.sizes & 1 << s as u8 != 0)
                .map(|s| s.to_string())
                .collect();
            let measured = size.map_or(String::new(), |s| format!(" than {s}"));
            parts.push(format!(
                "{} of another size{measured} ({}: measure them with --size)",
                self.other_size,
                sizes.join(", ")
            ));
        }
        let n = self.invalid + self.other_size;
        let records = if n == 1 { "record" } else { "records" };
        format!("{n} {records} skipped: {}", parts.join(", "))
    }
}

/// Adds two partial counts.
fn merge(a: (Stats, Skipped), b: (Stats, Skipped)) -> (Stats, Skipped) {
    let (mut counts, skipped) = a;
    counts.merge(b.0);
    (counts, skipped.merge(b.1))
}

/// Parses a significance level: a probability strictly between 0 and 1.
fn parse_level(s: &str) -> Result<f64, String> {
    s.parse::<f64>()
        .ok()
        .filter(|p| *p > 0.0 && *p < 1.0)
        .ok_or_else(|| format!("'{s}' is not a level; use a probability such as 0.001"))
}
