//! `sudogen solve`: the solution of each puzzle, or how many it has.
//!
//! Puzzles are read in batches on the calling thread and solved on the
//! workers of the pipeline; results are written in input order, so the
//! output is the same bytes for every `-j`.

use clap::Args;

use super::args::{BudgetArgs, Input, InputArgs, JobsArgs, OutputArgs};
use super::exit::Exit;
use super::io::describe;
use super::parse::{format_choice, parse_limit};
use super::records::{self, Processed};
use sudogen::format::read::Batch;
use sudogen::format::{Content, Format, Record, Searched, Writer};
use sudogen::grid::Size;
use sudogen::solve::{Search, search};

/// Worked examples, at the end of `--help`.
pub const EXAMPLES: &str = "\
Examples:
  sudogen solve puzzles.txt                     one solution per puzzle, in order
  sudogen puzzle -n 1000 | sudogen solve -j 2   solve a stream on two cores
  sudogen solve --count --limit 1000 p.txt      how many solutions (0, 1, ... or 1000+)
  sudogen solve --symbols ABCDEFGHIJKLMNOP p16.txt   16x16 puzzles written in letters";

/// What to solve, and how.
#[derive(Debug, Args)]
#[command(mut_arg("format", |a| a.value_parser(format_choice(Content::Solutions { count: false }, false))))]
#[command(mut_arg("budget", |a| a.help(
    "Give up on a puzzle after this many guesses; it is reported and the run exits 1"
)))]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Print how many solutions each puzzle has (up to --limit) instead of
    /// a solution
    #[arg(long)]
    pub count: bool,

    /// Stop at N solutions: 2 (the default) tells a unique puzzle from one
    /// with several; with --count, larger values count further
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = parse_limit, allow_negative_numbers = true)]
    pub limit: u64,

    #[command(flatten)]
    pub budget: BudgetArgs,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub jobs: JobsArgs,
}

/// A `solve` run with every option resolved.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where the puzzles come from.
    pub input: Input,
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
        let input = self.input.resolve()?;
        let format = self.output.format()?;
        records::writable_variant(format, &input)?;
        Ok(Config {
            input,
            count: self.count,
            search: Search {
                limit: self.limit,
                budget: self.budget.budget,
            },
            format,
            jobs: self.jobs.get(),
        })
    }
}

/// Runs `sudogen solve`.
pub fn run(args: &SolveArgs) -> anyhow::Result<Exit> {
    let config = args.config()?;
    records::run(
        &config.input,
        config.jobs,
        &args.output,
        "puzzles in the input; nothing was solved",
        &mut |_| true,
        |first, batch| solve_batch(&config, first, batch),
    )
}

/// Solves every record of `batch`, the first being record `first`.
fn solve_batch(config: &Config, first: u64, batch: &Batch) -> Processed {
    let mut s = Processed::default();
    let content = Content::Solutions {
        count: config.count,
    };
    let writer = Writer::new(config.format, content, Size::S9, 0, &[])
        .with_symbols(config.input.symbols.clone());
    // A solution or a count per record: a line format writes about as
    // many bytes as it read (a table's headers and a JSON object's fields
    // grow as they must).
    s.out.reserve(batch.byte_len() + batch.len());
    let mut index = first;
    let _ = batch.for_each_full(|read| {
        let (record_index, line) = (index, read.line);
        index += 1;
        let puzzle = match read.grid {
            Ok(p) => p,
            Err(e) => {
                // One answer per record read, so that answers and
                // records line up: `unreadable` in its place.
                let message = describe(&e);
                writer.push_unreadable(&mut s.out, record_index, &message);
                s.report_malformed(line, message);
                return Ok::<(), ()>(());
            }
        };
        if let Err(problem) = records::writable(config.format, puzzle) {
            writer.push_unreadable(&mut s.out, record_index, &problem);
            s.report_failed(line, problem);
            return Ok(());
        }
        let outcome = search(puzzle, config.search);
        let searched = Searched {
            solutions: outcome.solutions,
            limit: config.search.limit,
            guesses: outcome.guesses,
            cut: outcome.cut,
        };
        let n = outcome.solutions;
        // What is wrong, if anything: a cut search always; in solving mode,
        // no solution or several (limit 1 asks for any one solution).
        let problem = if outcome.cut {
            Some(format!(
                "search budget of {} guesses exceeded ({n} solutions found); raise --budget",
                config.search.budget
            ))
        } else if config.count {
            None
        } else if n == 0 {
            Some("no solution".to_string())
        } else if n > 1 {
            let plus = if searched.at_least() { "+" } else { "" };
            Some(format!("{n}{plus} solutions"))
        } else {
            None
        };
        if let Some(message) = &problem {
            s.report_failed(line, message.clone());
        }
        let unique = outcome.is_unique(&config.search);
        let solution = match config.count {
            true => outcome.first.as_ref().filter(|_| unique),
            false => outcome.first.as_ref().filter(|_| problem.is_none()),
        };
        let record = Record {
            solution,
            search: Some(searched),
            problem: problem.as_deref(),
            labels: read.labels,
            ..Record::new(record_index, puzzle)
        };
        writer.push_sized(&mut s.out, &record);
        Ok(())
    });
    s
}
