//! `sudogen stats`: how far a strategy's grids, or grids read from files,
//! are from uniformly random.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use super::{Exit, GridArgs, Output, RunArgs, UsageError, batches, each_input, warn};
use crate::format::read::Reader;
use crate::grid::{Grid, Size};
use crate::pipeline;
use crate::random::RunRng;
use crate::stats::Stats;
use crate::strategies::Strategy;

/// The options that only make sense when grids are generated: a file to
/// read (named either way) conflicts with each.
const GENERATION_ONLY: [&str; 4] = ["strategy", "count", "seed", "start"];

/// What to measure.
#[derive(Debug, Args)]
#[command(mut_arg("count", |a| a.default_value("100000").help("How many grids to generate")))]
pub struct StatsArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub grid: GridArgs,

    #[command(flatten)]
    #[allow(missing_docs)]
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

    /// The report: a table for people or JSON for programs
    #[arg(short, long, value_enum, default_value_t = ReportFormat::Table)]
    pub format: ReportFormat,

    /// The significance level of each test
    #[arg(long, default_value_t = 0.001, value_name = "P", value_parser = parse_level)]
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
    Read(Vec<PathBuf>),
}

/// A `stats` run with every option resolved.
#[derive(Clone, Debug)]
pub struct Config {
    /// The grid size measured.
    pub size: Size,
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
        let source = if inputs.is_empty() {
            self.run.check_range()?;
            if self.run.count == 0 {
                return Err(UsageError("nothing to measure; use --count 1 or more".into()).into());
            }
            Source::Generate {
                strategy: self.grid.strategy()?,
                seed: self.run.seed(),
                start: self.run.start,
                count: self.run.count,
            }
        } else {
            Source::Read(inputs)
        };
        Ok(Config {
            size: self.grid.size,
            source,
            jobs: self.run.jobs.get(),
            format: self.format,
            level: self.level,
        })
    }
}

/// Grids generated per work item.
const CHUNK: u64 = 4096;

/// Runs `sudogen stats`.
pub fn run(args: &StatsArgs) -> anyhow::Result<Exit> {
    let config = args.config()?;
    let size = config.size;
    let mut out = Output::stdout()?;
    let (counts, skipped, source) = match &config.source {
        &Source::Generate {
            strategy,
            seed,
            start,
            count,
        } => {
            if stdin_is_data() {
                warn(format_args!(
                    "note: measuring {count} generated grids; standard input is not read (to measure it: sudogen stats -)"
                ));
            }
            let counts = measure(strategy, size, seed, start, count, config.jobs);
            let source = format!("strategy {strategy}, size {size}, seed {seed}");
            (counts, 0, source)
        }
        Source::Read(files) => {
            let mut total = (Stats::new(size), 0u64);
            let all_read = each_input(files, |name, input| {
                let mut reader = Reader::new(input, None, None);
                let (counts, skipped) = pipeline::fold(
                    config.jobs,
                    batches(&mut reader, name),
                    || (Stats::new(size), 0u64),
                    |(counts, skipped), batch| {
                        let _ = batch.for_each(|_, grid| {
                            match grid {
                                Ok(g) if g.size() == size && g.is_valid() => counts.add(g),
                                Ok(g)
                                    if g.size() == size
                                        && !g.is_complete()
                                        && g.validate_givens().is_ok() =>
                                {
                                    counts.add_puzzle(g)
                                }
                                _ => *skipped += 1,
                            }
                            Ok::<(), ()>(())
                        });
                    },
                    merge,
                )?;
                total = merge(
                    std::mem::replace(&mut total, (Stats::new(size), 0)),
                    (counts, skipped),
                );
                Ok(())
            })?;
            if !all_read {
                return Ok(Exit::Usage);
            }
            if total.0.grids() == 0 && total.0.puzzles() == 0 {
                warn(format_args!(
                    "error: no valid {size} grids or puzzles in the input ({} records skipped); nothing to measure",
                    total.1
                ));
                return Ok(Exit::Failure);
            }
            let plural = if files.len() == 1 { "" } else { "s" };
            let source = format!("{size} records read from {} input{plural}", files.len());
            (total.0, total.1, source)
        }
    };
    let rows = counts.report(config.level);
    let what = out.what.clone();
    match config.format {
        ReportFormat::Table => {
            writeln!(out.file, "{source}").context(what.clone())?;
            write!(out.file, "{}", crate::stats::table(&rows, config.level))
                .context(what.clone())?;
            if skipped > 0 {
                writeln!(
                    out.file,
                    "({skipped} records skipped: invalid or not {size})"
                )
                .context(what.clone())?;
            }
        }
        ReportFormat::Json => {
            let doc = crate::stats::json(&rows, size, config.level, &source);
            writeln!(out.file, "{doc}").context(what.clone())?;
        }
    }
    out.finish()?;
    Ok(Exit::Success)
}

/// Whether standard input is a pipe or a non-empty file: `sudogen puzzle
/// | sudogen stats` reads like a request to measure the pipe, but without
/// a file named `stats` generates (reading standard input whenever it is
/// not a terminal would hang a script whose standard input never closes).
/// A terminal or `/dev/null` is neither.
fn stdin_is_data() -> bool {
    super::metadata_of(&std::io::stdin()).is_some_and(|m| {
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

/// Adds two partial counts.
fn merge(mut a: (Stats, u64), b: (Stats, u64)) -> (Stats, u64) {
    a.0.merge(b.0);
    a.1 += b.1;
    a
}

/// Generates grids `start..start + count` of a run and counts their
/// statistics, on `jobs` threads; the result does not depend on `jobs`.
pub fn measure(
    strategy: Strategy,
    size: Size,
    seed: u64,
    start: u64,
    count: u64,
    jobs: usize,
) -> Stats {
    let run = RunRng::new(seed);
    let (mut next, mut left) = (start, count);
    let source = || {
        let chunk = (left > 0).then(|| (next, left.min(CHUNK)));
        if let Some((_, len)) = chunk {
            next = next.wrapping_add(len);
            left -= len;
        }
        Ok::<_, std::convert::Infallible>(chunk)
    };
    let step = |stats: &mut Stats, (from, len): (u64, u64)| {
        let mut grid = Grid::empty(size);
        for index in (0..len).map(|k| from + k) {
            strategy.generate(&mut run.for_index(index), &mut grid);
            stats.add(&grid);
        }
    };
    let merge = |mut a: Stats, b: Stats| {
        a.merge(b);
        a
    };
    let jobs = usize::try_from(count.div_ceil(CHUNK)).map_or(jobs, |chunks| jobs.min(chunks));
    match pipeline::fold(jobs, source, || Stats::new(size), step, merge) {
        Ok(stats) => stats,
        Err(never) => match never {},
    }
}

/// Parses a significance level: a probability strictly between 0 and 1.
fn parse_level(s: &str) -> Result<f64, String> {
    s.parse::<f64>()
        .ok()
        .filter(|p| *p > 0.0 && *p < 1.0)
        .ok_or_else(|| format!("'{s}' is not a level; use a probability such as 0.001"))
}
