//! `sudogen transform`: each record moved by a symmetry of the grid
//! (digits relabelled, bands, stacks, rows and columns permuted, the grid
//! transposed), its solution with it: for augmenting a training set, or to
//! disguise a puzzle.
//!
//! Copy `k` of record `i` is moved by the transform drawn from stream `i`
//! of the seed at copy `k` ([`sudogen::transform::TransformStream`]), so
//! the output is a pure function of (input, seed, copies), the same for
//! every `-j`.

use clap::Args;

use super::args::{Input, InputArgs, JobsArgs, OutputArgs};
use super::exit::{Exit, usage};
use super::io::describe;
use super::parse::{format_choice, parse_seed};
use super::records::{self, Processed};
use sudogen::format::read::Batch;
use sudogen::format::{Content, Field, Format, Record, Value, Writer};
use sudogen::grid::Size;
use sudogen::transform::{Shape, Transform, TransformStream};

/// Worked examples, at the end of `--help`.
pub const EXAMPLES: &str = "\
Examples:
  sudogen puzzle -n 1000 --seed 1 --with-solution | sudogen transform --copies 3 --seed 2
  sudogen transform --seed 7 -f csv train.csv > disguised.csv
  sudogen transform --given 't/r132456789/c123456789/d123456789' puzzles.txt";

/// How to transform.
#[derive(Debug, Args)]
#[command(mut_arg("format", |a| a.value_parser(format_choice(Content::Puzzles { with_solution: true, rated: false }, false))))]
pub struct TransformArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Seed of the random transforms [default: drawn from the operating
    /// system, shown with the records in json]
    #[arg(long, value_name = "u64", value_parser = parse_seed, allow_negative_numbers = true)]
    pub seed: Option<u64>,

    /// Transformed copies of each record
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = parse_copies)]
    pub copies: u32,

    /// Apply this transform to every record instead of random ones (as
    /// `canon --transform` prints them)
    #[arg(long, value_name = "TRANSFORM", conflicts_with_all = ["seed", "copies"])]
    pub given: Option<String>,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub jobs: JobsArgs,
}

/// Parses `--copies`: 1 to a million.
fn parse_copies(s: &str) -> Result<u32, String> {
    s.trim()
        .parse::<u32>()
        .ok()
        .filter(|n| (1..=1_000_000).contains(n))
        .ok_or_else(|| format!("'{s}' is not a number of copies; use 1 to 1000000"))
}

/// Runs `sudogen transform`.
pub fn run(args: &TransformArgs) -> anyhow::Result<Exit> {
    let input = args.input.resolve_plain("transform")?;
    let seed = args.seed.unwrap_or_else(rand::random);
    let format = args.output.format()?;
    let given = args.given.clone();
    // A given transform is checked once, on the first record's shape.
    if let Some(text) = &given {
        let shape = Shape::of(input.size.unwrap_or(Size::S9));
        Transform::parse(text, shape).map_err(|e| usage(format!("--given {text}: {e}")))?;
    }
    let seed_text = seed.to_string();
    let config = (input, seed, args.copies, format, given, seed_text);
    records::run(
        &config.0,
        args.jobs.get(),
        &args.output,
        "grids or puzzles in the input; nothing was transformed",
        &mut |_| true,
        |first, batch| transform_batch(&config, first, batch),
    )
}

/// Moves every record of `batch`, the first being record `first`.
fn transform_batch(
    (input, seed, copies, format, given, seed_text): &(
        Input,
        u64,
        u32,
        Format,
        Option<String>,
        String,
    ),
    first: u64,
    batch: &Batch,
) -> Processed {
    let mut s = Processed::default();
    let fields = [Field {
        name: "seed",
        value: Value::Text(seed_text),
    }];
    let content = Content::Puzzles {
        with_solution: true,
        rated: false,
    };
    let writer =
        Writer::new(*format, content, Size::S9, 0, &fields).with_symbols(input.symbols.clone());
    let stream = TransformStream::new(*seed);
    // One output per copy of each record read, so that copies and records
    // line up: `unreadable` in the place of each copy of one that has none.
    let stand_in = |s: &mut Processed, i: u64, why: &str| {
        for k in 0..u64::from(*copies) {
            writer.push_unreadable(&mut s.out, i * u64::from(*copies) + k, why);
        }
    };
    let mut index = first;
    let _ = batch.for_each_full(|read| {
        let (i, line) = (index, read.line);
        index += 1;
        let grid = match read.grid {
            Ok(g) => g,
            Err(e) => {
                let message = describe(&e);
                stand_in(&mut s, i, &message);
                s.report_malformed(line, message);
                return Ok::<(), ()>(());
            }
        };
        if let Err(problem) = records::classic_only("transform", grid) {
            stand_in(&mut s, i, &problem);
            s.report_unfit(line, problem, records::VARIANT_RECORDS);
            return Ok(());
        }
        if let Err(problem) = records::writable(*format, grid) {
            stand_in(&mut s, i, &problem);
            s.report_failed(line, problem);
            return Ok(());
        }
        let shape = Shape::of(grid.size());
        let solution = match records::carried(read.solution) {
            Ok(sol) => sol,
            Err(problem) => {
                stand_in(&mut s, i, &problem);
                s.report_malformed(line, problem);
                return Ok(());
            }
        };
        let filled = match solution {
            Some(_) => None,
            None => match records::solution_for(*format, grid) {
                Ok(filled) => filled,
                Err(problem) => {
                    s.report_failed(line, problem);
                    None
                }
            },
        };
        let solution = solution.or(filled.as_ref());
        // What went wrong with a copy, said once per record.
        let mut failed = None;
        for k in 0..*copies {
            let at = i * u64::from(*copies) + u64::from(k);
            let t = match given {
                Some(text) => {
                    Transform::parse(text, shape).map_err(|e| format!("the given transform: {e}"))
                }
                None => Ok(stream.transform(shape, i, k)),
            };
            let moved = t.and_then(|t| {
                let fits = "the transform does not fit this grid".to_string();
                let moved = t.apply(grid).map_err(|_| fits.clone())?;
                let solved = solution.map(|g| t.apply(g)).transpose();
                Ok((moved, solved.map_err(|_| fits)?))
            });
            match moved {
                Ok((moved, solved)) => {
                    let record = Record {
                        solution: solved.as_ref(),
                        labels: read.labels,
                        ..Record::new(at, &moved)
                    };
                    writer.push_sized(&mut s.out, &record);
                }
                Err(problem) => {
                    writer.push_unreadable(&mut s.out, at, &problem);
                    failed.get_or_insert(problem);
                }
            }
        }
        if let Some(problem) = failed {
            s.report_failed(line, problem);
        }
        Ok(())
    });
    s
}
