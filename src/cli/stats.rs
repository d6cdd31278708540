//! `sudogen stats`: how far a strategy's grids, or grids read from files,
//! are from uniformly random.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use super::args::{GridArgs, ReportArgs, RunArgs, SymbolsArgs};
use super::exit::{Exit, usage};
use super::io::{Output, batches, each_input, metadata_of, warn};
use super::progress::Progress;
use sudogen::format::Symbols;
use sudogen::format::read::{BATCH_RECORDS, Batch, Reader};
use sudogen::format::report;
use sudogen::grid::{Grid, Shape, Size, Variant};
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
  sudogen stats -f json -n 10000 > report.json    the report as one JSON object
  sudogen stats --variant x -n 10000              X grids: the tests that apply to them
  sudogen stats jigsaw.jsonl                      jigsaw puzzles (JSON carries the regions), unique in their shape";

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
    /// generating; puzzles (empty cells) are counted by their clues and,
    /// if unique in their shape, rated; invalid records and other shapes
    /// than the one measured (--size, --box, --variant, --regions, or the
    /// first valid record's) are counted and skipped
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

    #[command(flatten)]
    pub report: ReportArgs,
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
        /// The run (its strategy, shape and seed).
        run: Box<GridRun>,
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
        /// The size every record is read as, if forced (by the alphabet,
        /// a box or a region map).
        forced: Option<Size>,
        /// The variant every record is read with, if given.
        variant: Option<Variant>,
    },
}

/// A `stats` run with every option resolved.
#[derive(Clone, Debug)]
pub struct Config {
    /// The grid shape measured (`None`: reading, the shape of the first
    /// valid record read).
    pub shape: Option<Shape>,
    /// The grids.
    pub source: Source,
    /// Worker threads.
    pub jobs: usize,
    /// The report's format.
    pub format: ReportFormat,
    /// The significance level.
    pub level: f64,
    /// Whether a progress bar may be shown (on a terminal, after a second).
    pub progress: bool,
}

impl StatsArgs {
    /// Resolves the options.
    pub fn config(&self) -> anyhow::Result<Config> {
        // The files named either way, positional ones first.
        let inputs: Vec<PathBuf> = self.files.iter().chain(&self.input).cloned().collect();
        let (shape, source) = if inputs.is_empty() {
            if self.symbols.symbols.is_some() {
                return Err(usage(
                    "--symbols reads files, and no file was named; use sudogen stats --symbols ALPHABET FILE",
                ));
            }
            if self.grid.shape.is_killer() {
                return Err(usage(
                    "stats measures grids, and killer cages come with puzzles; measure the grids of the variant beside them (leave out --variant killer, or use --variant x)",
                ));
            }
            let run = if self.grid.shape.draws_layouts() {
                // A new jigsaw map for every grid.
                let side = self.grid.size.map_or(9, |s| s.side());
                let strategy = self.grid.strategy.unwrap_or(Strategy::Search);
                let run = GridRun::drawing_layouts(strategy, side, self.run.seed())
                    .map_err(|e| usage(format!("--variant jigsaw: {e}")))?;
                self.grid.strategy_for(run.shape())?;
                run
            } else {
                let shape = self.grid.shape()?;
                GridRun::new(self.grid.strategy_for(&shape)?, shape, self.run.seed())
            };
            self.run.check_range()?;
            if self.run.count == 0 {
                return Err(usage("nothing to measure; use --count 1 or more"));
            }
            let shape = run.shape().clone();
            let source = Source::Generate {
                run: Box::new(run),
                start: self.run.start,
                count: self.run.count,
            };
            (Some(shape), source)
        } else {
            let mut size = self.grid.size;
            let symbols = self.symbols.resolve(size)?.map(|(implied, symbols)| {
                size = Some(implied);
                Box::new(symbols)
            });
            // The size an alphabet, a box or a region map implies is
            // forced on every record (a line record does not say its
            // boxes); --size alone picks the records measured.
            let shape_args = &self.grid.shape;
            let forces =
                symbols.is_some() || shape_args.boxes.is_some() || shape_args.regions.is_some();
            let (size, variant) = shape_args.resolve(size)?;
            let shape = match size {
                Some(size) => {
                    let variant = variant.clone().unwrap_or_default();
                    let name = variant.name();
                    Some(
                        Shape::new(size, variant)
                            .map_err(|e| usage(format!("--variant {name}: {e}")))?,
                    )
                }
                None => None,
            };
            let source = Source::Read {
                files: inputs,
                symbols,
                forced: size.filter(|_| forces),
                variant,
            };
            (shape, source)
        };
        Ok(Config {
            shape,
            source,
            jobs: self.run.jobs.get(),
            format: self.format,
            level: self.level,
            progress: !self.report.quiet,
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
    if args.report.verbose {
        let what = match &config.source {
            Source::Generate { .. } => "generated grids".to_string(),
            Source::Read { files, .. } => files
                .iter()
                .map(|f| f.display().to_string())
                .collect::<Vec<_>>()
                .join(", "),
        };
        warn(format_args!(
            "measuring {what}: jobs {}, level {}",
            config.jobs, config.level
        ));
    }
    let mut out = Output::stdout()?;
    let measured = match &config.source {
        Source::Generate { run, start, count } => {
            if stdin_is_data() {
                warn(format_args!(
                    "note: measuring {count} generated grids; standard input is not read (to measure it: sudogen stats -)"
                ));
            }
            let source = format!(
                "strategy {}, size {}, seed {}",
                run.strategy(),
                run.shape(),
                run.seed()
            );
            let progress = Progress::new(*count, "grids", config.progress);
            let counts = measure((**run).clone(), (*start, *count), config.jobs, &|n| {
                progress.advance(n)
            });
            progress.finish();
            Measured {
                counts,
                skipped: Skipped::default(),
                source,
            }
        }
        Source::Read {
            files,
            symbols,
            forced,
            variant,
        } => {
            let reading = Reading {
                files,
                symbols: symbols.as_deref(),
                forced: *forced,
                variant: variant.clone(),
            };
            match read(&config, &reading)? {
                Ok(measured) => measured,
                Err(exit) => return Ok(exit),
            }
        }
    };
    if pipeline::interrupted() {
        // The reader of the report has gone: the counts are partial and
        // there is no one to show them to.
        return Ok(Exit::Success);
    }
    let Measured {
        counts,
        skipped,
        source,
    } = measured;
    let shape = counts.shape();
    let rows = counts.report(config.level);
    let what = out.what.clone();
    match config.format {
        ReportFormat::Table => {
            writeln!(out.file, "{source}").context(what.clone())?;
            write!(out.file, "{}", report::table(&rows, config.level)).context(what.clone())?;
            if skipped.any() {
                writeln!(out.file, "({})", skipped.describe(Some(shape))).context(what.clone())?;
            }
        }
        ReportFormat::Json => {
            // What the table's last line says: the records not measured.
            let skipped = match config.source {
                Source::Read { .. } => Some((skipped.invalid, skipped.other_size)),
                Source::Generate { .. } => None,
            };
            let doc = report::json(&rows, shape, config.level, &source, skipped);
            writeln!(out.file, "{doc}").context(what.clone())?;
        }
    }
    out.finish()?;
    Ok(Exit::Success)
}

/// The inputs of a `stats` run that reads, and how to read them.
struct Reading<'a> {
    files: &'a [PathBuf],
    symbols: Option<&'a Symbols>,
    forced: Option<Size>,
    variant: Option<Variant>,
}

/// Measures the records of the inputs; the exit status instead when an
/// input cannot be read (2) or holds nothing to measure (1, said on
/// standard error).
fn read(config: &Config, reading: &Reading<'_>) -> anyhow::Result<Result<Measured, Exit>> {
    let files = reading.files;
    let mut shape = config.shape.clone();
    let mut total: Option<(Stats, Skipped)> = None;
    let mut unmeasured = Skipped::default();
    // Puzzles are rated, which can take a while each: batches sized by
    // time share the work out evenly to the end.
    let pace = pipeline::Pace::new(BATCH_RECORDS);
    let progress = Progress::reading(files, "records read", config.progress);
    let all_read = each_input(files, |name, input| {
        let mut reader = Reader::new(input, None, reading.forced)
            .with_symbols(reading.symbols.cloned())
            .with_variant(reading.variant.clone());
        let mut next = batches(&mut reader, name, &pace);
        // Without a shape asked for: the shape of the first valid record
        // (the batches before it have none, so skip them whatever it is).
        let mut first = None;
        while shape.is_none() {
            let Some(batch) = next()? else { break };
            shape = first_shape(&batch);
            if shape.is_some() {
                first = Some(batch);
            } else {
                unmeasured.invalid += batch.len() as u64;
            }
        }
        let Some(shape) = shape.clone() else {
            return Ok(());
        };
        let source = || {
            let batch = match first.take() {
                Some(batch) => Some(batch),
                None => next()?,
            };
            if let Some(batch) = &batch {
                progress.read(batch);
            }
            Ok::<_, anyhow::Error>(batch)
        };
        let init = || (Stats::new(&shape), Skipped::default());
        let step = |part: &mut (Stats, Skipped), batch: Batch| {
            pace.time(batch.len(), || count(part, &batch, &shape));
        };
        let part = pipeline::fold(config.jobs, source, init, step, merge)?;
        total = Some(match total.take() {
            Some(total) => merge(total, part),
            None => part,
        });
        Ok(())
    });
    progress.finish();
    let all_read = all_read?;
    if !all_read {
        return Ok(Err(Exit::Usage));
    }
    if pipeline::interrupted() {
        // The reader of the report has gone (see `run`).
        return Ok(Err(Exit::Success));
    }
    let (counts, skipped) = match total {
        Some((counts, skipped)) => (counts, skipped.merge(unmeasured)),
        None => (Stats::new(Size::S9), unmeasured),
    };
    if counts.grids() == 0 && counts.puzzles() == 0 {
        if skipped.any() {
            let what = shape.as_ref().map_or(String::new(), |s| format!("{s} "));
            warn(format_args!(
                "error: no valid {what}grids or puzzles in the input ({}); nothing to measure",
                skipped.describe(shape.as_ref())
            ));
        } else {
            warn("error: no grids or puzzles in the input; nothing to measure");
        }
        return Ok(Err(Exit::Failure));
    }
    let shape = counts.shape();
    let plural = if files.len() == 1 { "" } else { "s" };
    let source = format!("{shape} records read from {} input{plural}", files.len());
    Ok(Ok(Measured {
        counts,
        skipped,
        source,
    }))
}

/// Counts the records of a batch: grids and puzzles of `shape` measured,
/// the others skipped.
fn count((counts, skipped): &mut (Stats, Skipped), batch: &Batch, shape: &Shape) {
    let _ = batch.for_each(|_, grid| {
        match grid.ok().and_then(kind) {
            // (Jigsaws of any map are measured together.)
            Some(Kind::Grid(g)) if g.shape().same_kind(shape) => counts.add(g),
            Some(Kind::Puzzle(g)) if g.shape().same_kind(shape) => counts.add_puzzle(g),
            Some(Kind::Grid(g) | Kind::Puzzle(g)) => skipped.other(g.shape(), shape),
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

/// The shape of the first record of `batch` that `stats` can measure.
fn first_shape(batch: &Batch) -> Option<Shape> {
    batch
        .for_each(|_, grid| match grid.ok().and_then(kind) {
            Some(Kind::Grid(g) | Kind::Puzzle(g)) => Err(g.shape().clone()),
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
    /// Those sizes, a bit per side.
    sizes: u32,
    /// Valid, of the side measured but another shape (boxes or variant).
    other_shape: u64,
}

impl Skipped {
    /// Counts a record of `shape`, which is not the one `measured`.
    fn other(&mut self, shape: &Shape, measured: &Shape) {
        if shape.side() == measured.side() {
            self.other_shape += 1;
        } else {
            self.other_size += 1;
            self.sizes |= 1 << shape.side();
        }
    }

    fn merge(self, b: Skipped) -> Skipped {
        Skipped {
            invalid: self.invalid + b.invalid,
            other_size: self.other_size + b.other_size,
            sizes: self.sizes | b.sizes,
            other_shape: self.other_shape + b.other_shape,
        }
    }

    fn any(&self) -> bool {
        self.invalid + self.other_size + self.other_shape > 0
    }

    /// `N records skipped: ...`, saying how to measure the other sizes
    /// (called only when [`Skipped::any`]).
    fn describe(&self, shape: Option<&Shape>) -> String {
        let size = shape.map(Shape::size);
        let mut parts = Vec::new();
        if self.invalid > 0 {
            parts.push(format!("{} invalid", self.invalid));
        }
        if self.other_size > 0 {
            let sizes: Vec<String> = (0..32)
                .filter(|&side| self.sizes & 1 << side != 0)
                .map(|side| format!("{side}x{side}"))
                .collect();
            let measured = size.map_or(String::new(), |s| format!(" than {s}"));
            parts.push(format!(
                "{} of another size{measured} ({}: measure them with --size)",
                self.other_size,
                sizes.join(", ")
            ));
        }
        if self.other_shape > 0 {
            let measured = shape.map_or(String::new(), |s| format!(" than {s}"));
            parts.push(format!(
                "{} of another shape{measured} (measure them with --box, --variant or --regions)",
                self.other_shape
            ));
        }
        let n = self.invalid + self.other_size + self.other_shape;
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
