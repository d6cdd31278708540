//! `sudogen canon`: each grid's or puzzle's canonical form, and with
//! `--distinct` a stream without isomorphs.
//!
//! The work is [`sudogen::canon`]; records are read and written like
//! `solve`'s, in input order for every `-j`. With `--distinct`, the writer
//! keeps the first record of each form (a 128-bit fingerprint of the form
//! per distinct form is all it holds) and says at the end how many it
//! dropped.

use clap::{Args, ValueEnum};

use super::args::{Input, InputArgs, JobsArgs, OutputArgs};
use super::exit::Exit;
use super::io::{describe, warn};
use super::parse::format_choice;
use super::records::{self, Processed};
use sudogen::canon::{By, Canonicalizer};
use sudogen::dataset::{Distinct, Fingerprint};
use sudogen::format::read::Batch;
use sudogen::format::{Content, Field, Format, Record, Value, Writer};
use sudogen::grid::{Size, plural};

/// Worked examples, at the end of `--help`.
pub const EXAMPLES: &str = "\
Examples:
  sudogen puzzle -n 1000 --seed 1 | sudogen canon              the minlex form of each puzzle
  sudogen canon --by pattern 17-clue.txt                    the givens' pattern first, as Dobrichev's minlexer
  sudogen canon --distinct --original puzzles.txt > uniq.txt   drop isomorphs, keep the records
  sudogen canon --transform -f json grids.txt               each form with the transform that makes it";

/// Which canonical form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Convention {
    /// The smallest string over every symmetry, digits relabelled in order
    /// of appearance, empty cells smallest
    String,
    /// The givens' positions minimised first, then the digits
    /// (Dobrichev's minlexer)
    Pattern,
    /// The puzzle carried by its solution grid's canonical transform
    Solution,
}

/// What to canonicalise, and how.
#[derive(Debug, Args)]
#[command(mut_arg("format", |a| a.value_parser(format_choice(Content::Forms { transform: true }, false))))]
pub struct CanonArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// The convention
    #[arg(long, value_enum, default_value_t = Convention::String)]
    pub by: Convention,

    /// Also write the transform that maps each record to its form
    #[arg(long)]
    pub transform: bool,

    /// Drop the records whose form was seen before (isomorphs and
    /// duplicates), and say how many at the end
    #[arg(long)]
    pub distinct: bool,

    /// With --distinct (required): write the first record of each form as
    /// it was read, not the form
    #[arg(long, requires = "distinct")]
    pub original: bool,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub jobs: JobsArgs,
}

/// A `canon` run with every option resolved.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where the records come from.
    pub input: Input,
    /// The convention.
    pub by: By,
    /// Write the transforms.
    pub transform: bool,
    /// Drop isomorphs.
    pub distinct: bool,
    /// Write the records, not the forms.
    pub original: bool,
    /// The output format.
    pub format: Format,
    /// Worker threads.
    pub jobs: usize,
}

impl CanonArgs {
    /// Resolves the options.
    pub fn config(&self) -> anyhow::Result<Config> {
        Ok(Config {
            input: self.input.resolve_plain("canon")?,
            by: match self.by {
                Convention::String => By::String,
                Convention::Pattern => By::Pattern,
                Convention::Solution => By::Solution,
            },
            transform: self.transform,
            distinct: self.distinct,
            original: self.original,
            format: self.output.format()?,
            jobs: self.jobs.get(),
        })
    }
}

/// Runs `sudogen canon`.
pub fn run(args: &CanonArgs) -> anyhow::Result<Exit> {
    let config = args.config()?;
    let mut seen = Distinct::new();
    let mut keep = |key: u128| seen.insert(Fingerprint(key));
    let keep: &mut dyn FnMut(u128) -> bool = if config.distinct {
        &mut keep
    } else {
        &mut |_| true
    };
    let exit = records::run(
        &config.input,
        config.jobs,
        &args.output,
        "grids or puzzles in the input; nothing was canonicalised",
        keep,
        |first, batch| canon_batch(&config, first, batch),
    )?;
    if config.distinct && !sudogen::pipeline::interrupted() {
        let offered = seen.offered() as usize;
        warn(format_args!(
            "note: {} read, {} distinct, {} dropped",
            plural(offered, "record"),
            seen.distinct(),
            offered - seen.distinct()
        ));
    }
    Ok(exit)
}

thread_local! {
    /// A canonicaliser per worker (it keeps its buffers between records).
    static CANON: std::cell::RefCell<Canonicalizer> = std::cell::RefCell::new(Canonicalizer::new());
}

/// Canonicalises every record of `batch`, the first being record `first`.
fn canon_batch(config: &Config, first: u64, batch: &Batch) -> Processed {
    let mut s = Processed::default();
    let content = if config.original {
        Content::Puzzles {
            with_solution: true,
            rated: false,
        }
    } else {
        Content::Forms {
            transform: config.transform,
        }
    };
    let writer = Writer::new(config.format, content, Size::S9, 0, &[])
        .with_symbols(config.input.symbols.clone());
    // Without --distinct, one output per record read, so that forms and
    // records line up: `unreadable` in the place of one that has none.
    // (With --distinct the output drops records anyway.)
    let stand_in = |s: &mut Processed, i: u64, why: &str| {
        if !config.distinct {
            writer.push_unreadable(&mut s.out, i, why);
        }
    };
    let mut index = first;
    let _ = batch.for_each_full(|read| {
        let i = index;
        index += 1;
        let grid = match read.grid {
            Ok(g) => g,
            Err(e) => {
                let message = describe(&e);
                stand_in(&mut s, i, &message);
                s.report_malformed(read.line, message);
                return Ok::<(), ()>(());
            }
        };
        if let Err(problem) = records::classic_only("canon", grid) {
            stand_in(&mut s, i, &problem);
            s.report_unfit(read.line, problem, records::VARIANT_RECORDS);
            return Ok(());
        }
        if let Err(problem) = records::writable(config.format, grid) {
            stand_in(&mut s, i, &problem);
            s.report_failed(read.line, problem);
            return Ok(());
        }
        let solution = match records::carried(read.solution) {
            Ok(s) => s,
            Err(problem) => {
                stand_in(&mut s, i, &problem);
                s.report_malformed(read.line, problem);
                return Ok(());
            }
        };
        let canon = CANON.with(|c| c.borrow_mut().canon(grid, config.by));
        let canon = match canon {
            Ok(c) => c,
            Err(e) => {
                let problem = e.to_string();
                stand_in(&mut s, i, &problem);
                s.report_failed(read.line, problem);
                return Ok(());
            }
        };
        let text = canon.transform.to_string();
        let fields = [Field {
            name: "transform",
            value: Value::Text(&text),
        }];
        let filled = match solution {
            Some(_) => None,
            None => match records::solution_for(config.format, grid) {
                Ok(filled) => filled,
                Err(problem) => {
                    s.report_failed(read.line, problem);
                    None
                }
            },
        };
        let solution = solution.or(filled.as_ref());
        // The form's solution: the record's, moved by the same transform.
        let moved = solution.and_then(|s| canon.transform.apply(s).ok());
        let record = if config.original {
            Record {
                solution,
                labels: read.labels,
                ..Record::new(i, grid)
            }
        } else {
            Record {
                solution: moved.as_ref(),
                fields: if config.transform { &fields } else { &[] },
                labels: read.labels,
                ..Record::new(i, &canon.form)
            }
        };
        let start = writer.push_sized(&mut s.out, &record);
        if config.distinct {
            let key = Fingerprint::of(&canon.form).0;
            s.keys.push((key, start, s.out.bytes().len()));
        }
        Ok(())
    });
    s
}
