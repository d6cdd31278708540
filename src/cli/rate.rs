//! `sudogen rate`: each puzzle's difficulty on the Sudoku Explainer scale,
//! its level, its hardest technique, and with `--explain` the whole
//! solution path.
//!
//! Reads what `solve` reads and streams the same way (in input order, the
//! same bytes for every `-j`). A puzzle without exactly one solution is
//! reported on standard error as `FILE:LINE: message` and the run exits 1
//! at the end; malformed input exits 2.

use std::sync::atomic::{AtomicBool, Ordering};

use clap::Args;

use super::args::{BudgetArgs, Input, InputArgs, JobsArgs, OutputArgs, ReportArgs};
use super::exit::Exit;
use super::io::describe;
use super::io::warn;
use super::parse::{format_choice, parse_work};
use super::progress::Progress;
use super::records::{self, Processed, with_rated};
use sudogen::format::read::Batch;
use sudogen::format::{Content, Format, Record, Writer};
use sudogen::grid::Size;
use sudogen::rate::{DEFAULT_WORK, Scale, Unrated, rate_killer, rate_limited};
use sudogen::solve::Budget;

/// Worked examples, at the end of `--help`.
pub const EXAMPLES: &str = "\
Examples:
  sudogen rate puzzles.txt                  rating, level and hardest technique per puzzle
  sudogen puzzle -n 20 | sudogen rate       rate a stream
  sudogen rate --explain -f json p.txt      every step, for hints
  sudogen rate -f csv -o rated.csv p.txt    a table for a spreadsheet
  sudogen rate --ep --ed hardest.txt        SE's ER, EP and ED, as serate's %r %p %d
  sudogen rate --work 300000000 many.txt    about 10 s of nested chains a puzzle, then a bound";

/// What to rate, and how.
#[derive(Debug, Args)]
#[command(mut_arg("format", |a| a.value_parser(format_choice(Content::Ratings { explain: false, ep: false, ed: false }, false))))]
#[command(mut_arg("budget", |a| a.help(
    "Give up on a puzzle whose uniqueness check takes more than this many guesses; it is reported and the run exits 1"
)))]
pub struct RateArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Also write every step of the solution path: as `#` comment lines
    /// after each puzzle (which readers skip), as `"path"` in json (chain
    /// steps with every link: cell, value, on, reason), or in a `path`
    /// column in csv
    #[arg(long)]
    pub explain: bool,

    /// Also write SE's pearl rating (EP: the hardest step up to the first
    /// placement), as `serate`'s %p: `ep 10.2` after the rating, or an `ep`
    /// field in json and csv
    #[arg(long)]
    pub ep: bool,

    /// Also write SE's diamond rating (ED: the first step's rating), as
    /// `serate`'s %d: `ed 2.6` after the rating, or an `ed` field in json
    /// and csv
    #[arg(long)]
    pub ed: bool,

    /// Stop the nested forcing chains (SE 9.0 and up, 9x9) of a puzzle
    /// after this much work (about 30 million units a second on one
    /// core): its rating is then written as a lower bound, such as
    /// `9.5+`. Without it every puzzle is rated exactly, however long it
    /// takes
    #[arg(long, value_name = "UNITS", value_parser = parse_work)]
    pub work: Option<Budget>,

    #[command(flatten)]
    pub budget: BudgetArgs,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub jobs: JobsArgs,

    #[command(flatten)]
    pub report: ReportArgs,
}

/// A `rate` run with every option resolved.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where the puzzles come from.
    pub input: Input,
    /// Write the solution paths.
    pub explain: bool,
    /// Write SE's pearl rating.
    pub ep: bool,
    /// Write SE's diamond rating.
    pub ed: bool,
    /// The nested forcing chains' work budget per puzzle.
    pub work: Budget,
    /// Guesses allowed per uniqueness check.
    pub budget: Budget,
    /// The output format.
    pub format: Format,
    /// Worker threads.
    pub jobs: usize,
}

impl RateArgs {
    /// Resolves the options.
    pub fn config(&self) -> anyhow::Result<Config> {
        let input = self.input.resolve()?;
        records::writable_variant(self.output.format()?, &input)?;
        Ok(Config {
            input,
            explain: self.explain,
            ep: self.ep,
            ed: self.ed,
            work: self.work.unwrap_or(DEFAULT_WORK),
            budget: self.budget.budget,
            format: self.output.format()?,
            jobs: self.jobs.get(),
        })
    }
}

/// Whether the note that SE is defined for classic 9x9 only was written.
static NOTED: AtomicBool = AtomicBool::new(false);

/// Runs `sudogen rate`.
pub fn run(args: &RateArgs) -> anyhow::Result<Exit> {
    let config = args.config()?;
    if args.report.verbose {
        warn(format_args!(
            "rating {}: jobs {}, search budget {} guesses, work {}",
            config
                .input
                .files
                .iter()
                .map(|f| f.display().to_string())
                .collect::<Vec<_>>()
                .join(", "),
            config.jobs,
            config.budget,
            if config.work.bound() == u64::MAX {
                "unlimited".to_string()
            } else {
                config.work.to_string()
            }
        ));
    }
    // A bar on a terminal, unless the ratings themselves go there.
    let shown = !args.report.quiet && !args.output.is_terminal();
    let progress = Progress::reading(&config.input.files, "puzzles read", shown);
    let exit = records::run_showing(
        &config.input,
        config.jobs,
        &args.output,
        "puzzles in the input; nothing was rated",
        &mut |_| true,
        Some(&progress),
        |first, batch| rate_batch(&config, first, batch),
    );
    progress.finish();
    exit
}

/// Rates every record of `batch`, the first being record `first`.
fn rate_batch(config: &Config, first: u64, batch: &Batch) -> Processed {
    let mut s = Processed::default();
    let content = Content::Ratings {
        explain: config.explain,
        ep: config.ep,
        ed: config.ed,
    };
    let writer = Writer::new(config.format, content, Size::S9, 0, &[])
        .with_symbols(config.input.symbols.clone());
    let symbols = config.input.symbols.as_ref();
    let mut index = first;
    let _ = batch.for_each_full(|read| {
        let (record_index, line) = (index, read.line);
        index += 1;
        // One answer per record read, so that answers and records line
        // up: `unreadable` in the place of one that could not be read.
        let puzzle = match read.grid {
            Ok(p) => p,
            Err(e) => {
                let message = describe(&e);
                writer.push_unreadable(&mut s.out, record_index, &message);
                s.report_malformed(line, message);
                return Ok::<(), ()>(());
            }
        };
        let solution = match records::carried(read.solution) {
            Ok(s) => s,
            Err(problem) => {
                writer.push_unreadable(&mut s.out, record_index, &problem);
                s.report_malformed(line, problem);
                return Ok(());
            }
        };
        if let Err(problem) = records::writable(config.format, puzzle) {
            writer.push_unreadable(&mut s.out, record_index, &problem);
            s.report_failed(line, problem);
            return Ok(());
        }
        let shape = puzzle.shape();
        if let Some(note) = Scale::note(shape)
            && !NOTED.swap(true, Ordering::Relaxed)
        {
            warn(format_args!("note: {note}"));
        }
        // A layout that needs a solution gets the puzzle's (if it has not
        // one, the rating says why).
        let filled = match solution {
            Some(_) => None,
            None => records::solution_for(config.format, puzzle).unwrap_or_default(),
        };
        let record = Record {
            solution: solution.or(filled.as_ref()),
            labels: read.labels,
            ..Record::new(record_index, puzzle)
        };
        // Rated and written, or why not.
        let failed = if shape.is_killer() {
            rate_killer(puzzle, config.budget).map(|rating| {
                records::with_killer_rated(&rating, shape, config.explain, |rated| {
                    let record = Record {
                        rating: Some(rated),
                        ..record
                    };
                    writer.push_sized(&mut s.out, &record);
                });
            })
        } else {
            rate_limited(puzzle, config.explain, config.budget, config.work).map(|rating| {
                with_rated(&rating, shape, config.explain, symbols, |rated| {
                    let record = Record {
                        rating: Some(rated),
                        ..record
                    };
                    writer.push_sized(&mut s.out, &record);
                });
            })
        };
        if let Err(e) = failed {
            let problem = problem(e);
            s.report_failed(line, problem.clone());
            let record = Record {
                problem: Some(&problem),
                ..record
            };
            writer.push_sized(&mut s.out, &record);
        }
        Ok(())
    });
    s
}

/// Why a puzzle was not rated, with what to do where the user can do
/// something.
fn problem(e: Unrated) -> String {
    match e {
        Unrated::Budget => format!("{e}; raise --budget"),
        e => e.to_string(),
    }
}
