//! `sudogen split`: a dataset in parts (train, test, validation) such that
//! all isomorphs of a puzzle fall in the same part: no test puzzle is a
//! relabelled, rotated or row-swapped copy of a training puzzle.
//!
//! A record's part is decided by its canonical form's fingerprint and the
//! seed ([`sudogen::dataset::Split`]): the same on every machine, for
//! every `-j` and every order of the input. With `--by solution` the form
//! is its solution grid's ([`sudogen::dataset::split_key`]), so the
//! puzzles of one grid stay together too.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::{ArgAction, Args, ValueEnum};

use super::args::{InputArgs, JobsArgs};
use super::exit::{Exit, usage};
use super::io::{Output, batches, describe, each_input, open_output, warn};
use super::parse::{format_choice, parse_seed};
use super::records;
use sudogen::canon::{By, Canonicalizer};
use sudogen::check::solution_problem;
use sudogen::dataset::{Split, split_key};
use sudogen::format::read::{BATCH_RECORDS, Batch};
use sudogen::format::{Content, Format, Formatted, Headed, Record, Writer};
use sudogen::grid::{Size, plural};
use sudogen::pipeline;

/// Worked examples, at the end of `--help`.
pub const EXAMPLES: &str = "\
Examples:
  sudogen puzzle -n 10000 --seed 1 --with-solution -f csv | sudogen split --train 0.9 --test 0.1 -f csv
  sudogen split --train 0.8 --valid 0.1 --test 0.1 --seed 3 -o data puzzles.txt
  sudogen split --by solution --test 0.1 -o part all.csv   the puzzles of one grid on one side
  sudogen split --test 0.05 -o heldout all.csv      only a test part; the rest is dropped";

/// How to split.
#[derive(Debug, Args)]
pub struct SplitArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// The fraction of the records in the training part
    #[arg(long, value_name = "F", value_parser = parse_fraction, action = ArgAction::Append)]
    pub train: Vec<f64>,

    /// The fraction in the validation part
    #[arg(long, value_name = "F", value_parser = parse_fraction, action = ArgAction::Append)]
    pub valid: Vec<f64>,

    /// The fraction in the test part
    #[arg(long, value_name = "F", value_parser = parse_fraction, action = ArgAction::Append)]
    pub test: Vec<f64>,

    /// What one part keeps together
    #[arg(long, value_enum, default_value_t = Together::String)]
    pub by: Together,

    /// Seed of the split: another seed, other parts
    #[arg(long, value_name = "u64", default_value_t = 0, value_parser = parse_seed,
          allow_negative_numbers = true)]
    pub seed: u64,

    /// The parts' files: PREFIX.train.EXT, PREFIX.valid.EXT, PREFIX.test.EXT
    /// (EXT: txt for line and grid, csv for the CSV layouts, jsonl); a
    /// folder (`-o data/`) gets data/split.train.EXT, ...
    #[arg(short, long, value_name = "PREFIX", default_value = "split")]
    pub output: PathBuf,

    /// The parts' format [default: line]
    #[arg(short, long, value_parser = format_choice(Content::Puzzles { with_solution: true, rated: false }, false))]
    pub format: Option<Format>,

    #[command(flatten)]
    pub jobs: JobsArgs,
}

/// What a split keeps in one part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Together {
    /// A puzzle and its isomorphs (relabelled, rotated, rows or columns
    /// swapped), by the string form
    String,
    /// The same groups as string, by the pattern-first form (another,
    /// independent split)
    Pattern,
    /// The puzzles of one solution grid and of its isomorphs, so that no
    /// test answer was seen in training (the record's solution, else the
    /// one found by solving it)
    Solution,
}

impl Together {
    /// The canonical convention of the split's key.
    fn by(self) -> By {
        match self {
            Together::String => By::String,
            Together::Pattern => By::Pattern,
            Together::Solution => By::Solution,
        }
    }
}

/// A part's fraction, given at most once (a repeated option is a usage
/// error, not the last one silently).
fn once(name: &str, given: &[f64]) -> anyhow::Result<Option<f64>> {
    match given {
        [] => Ok(None),
        [x] => Ok(Some(*x)),
        more => {
            let values: Vec<String> = more.iter().map(f64::to_string).collect();
            Err(usage(format!(
                "--{name} is given {} times ({}); give each part's fraction once",
                more.len(),
                values.join(", ")
            )))
        }
    }
}

/// The file extension of a format's parts.
fn extension(format: Format) -> &'static str {
    match format.name() {
        "json" => "jsonl",
        "line" | "grid" => "txt",
        "solo" => "solo",
        "fpuzzles" => "fpuzzles",
        "sudokupad" => "sudokupad",
        _ => "csv",
    }
}

/// The prefix of the parts' files: `-o` as given, or `FOLDER/split` when
/// it names a folder (`-o data/`, or `-o data` where `data` is one). A
/// split writes a file per part, so `-o -` is refused.
fn prefix(output: &Path) -> anyhow::Result<PathBuf> {
    if output.as_os_str() == "-" || output.as_os_str().is_empty() {
        return Err(usage(
            "split writes a file per part (PREFIX.train.txt, ...), not standard output; name a PREFIX with -o",
        ));
    }
    let text = output.as_os_str().to_string_lossy();
    if output.is_dir() || text.ends_with('/') || text.ends_with(std::path::MAIN_SEPARATOR) {
        return Ok(output.join("split"));
    }
    Ok(output.to_path_buf())
}

/// Parses a fraction: a number from 0 to 1.
fn parse_fraction(s: &str) -> Result<f64, String> {
    s.trim()
        .parse::<f64>()
        .ok()
        .filter(|x| (0.0..=1.0).contains(x))
        .ok_or_else(|| format!("'{s}' is not a fraction; use a number from 0 to 1, such as 0.9"))
}

/// The parts of one batch: each part's records, and what was wrong.
#[derive(Default)]
struct Parts {
    parts: Vec<Formatted>,
    counts: Vec<u64>,
    problems: Vec<(u64, String)>,
    /// Whether a record could not be read (the run then exits 2, as the
    /// other commands do; a record read and refused, 1).
    malformed: bool,
}

/// Runs `sudogen split`.
pub fn run(args: &SplitArgs) -> anyhow::Result<Exit> {
    let input = args.input.resolve_plain("split")?;
    let mut named: Vec<(&str, f64)> = Vec::new();
    for (name, given) in [
        ("train", &args.train),
        ("valid", &args.valid),
        ("test", &args.test),
    ] {
        named.extend(once(name, given)?.map(|f| (name, f)));
    }
    if named.is_empty() {
        return Err(usage(
            "name the parts: --train F, --valid F, --test F (fractions)",
        ));
    }
    let fractions: Vec<f64> = named.iter().map(|(_, f)| *f).collect();
    let split = Split::new(&fractions, args.seed).map_err(|e| usage(format!("the parts: {e}")))?;
    let format = args.format.unwrap_or(Format::LINE);
    let prefix = prefix(&args.output)?;
    let mut outs: Vec<Output> = Vec::new();
    for (name, _) in &named {
        let mut path = prefix.clone().into_os_string();
        path.push(format!(".{name}.{}", extension(format)));
        outs.push(open_output(Some(&PathBuf::from(path)), &input.files)?);
    }
    let writer = Writer::new(
        format,
        Content::Puzzles {
            with_solution: true,
            rated: false,
        },
        Size::S9,
        0,
        &[],
    )
    .with_symbols(input.symbols.clone());
    let mut last: Vec<Headed> = named.iter().map(|_| Headed::default()).collect();
    let mut counts = vec![0u64; named.len()];
    let (mut index, mut bad, mut malformed) = (0u64, false, false);
    let pace = pipeline::Pace::new(BATCH_RECORDS);
    let all_read = each_input(&input.files, |name, reader| {
        let mut reader = input.reader(reader);
        let mut next = batches(&mut reader, name, &pace);
        let mut said = records::Capped::default();
        let read = pipeline::ordered(
            args.jobs.get(),
            || {
                Ok(next()?.map(|b| {
                    let first = index;
                    index += b.len() as u64;
                    (first, b)
                }))
            },
            |(first, batch): (u64, Batch), _| {
                pace.time(batch.len(), || {
                    parts(&split, args.by.by(), &writer, first, &batch)
                })
            },
            |done: Parts| -> anyhow::Result<()> {
                for (line, message) in &done.problems {
                    said.say(name, *line, message);
                    bad = true;
                }
                malformed |= done.malformed;
                for (k, part) in done.parts.iter().enumerate() {
                    let out = &mut outs[k];
                    let mut bytes = part.bytes_after(&mut last[k]);
                    if counts[k] == 0 && format == Format::GRID {
                        // A part's first grid was not the input's first:
                        // the blank line that parts it from the one before
                        // has none to part it from.
                        bytes = bytes.strip_prefix(b"\n").unwrap_or(bytes);
                    }
                    out.file.write_all(bytes).context(out.what.clone())?;
                    counts[k] += done.counts[k];
                }
                Ok(())
            },
        );
        said.end(name);
        read
    })?;
    if !all_read || bad {
        warn("error: nothing was split; mend the records above, or leave them out");
        // The parts' files are dropped unwritten.
        return Ok(if all_read && !malformed {
            Exit::Failure
        } else {
            Exit::Usage
        });
    }
    if index == 0 {
        warn("error: no grids or puzzles in the input; nothing was split");
        return Ok(Exit::Failure);
    }
    for out in outs {
        out.finish()?;
    }
    let parts: Vec<String> = named
        .iter()
        .zip(&counts)
        .map(|((name, _), n)| format!("{name} {n}"))
        .collect();
    let dropped = index - counts.iter().sum::<u64>();
    warn(format_args!(
        "note: {} split: {}{}",
        plural(index as usize, "record"),
        parts.join(", "),
        if dropped > 0 {
            format!(", {dropped} in no part")
        } else {
            String::new()
        }
    ));
    Ok(Exit::Success)
}

thread_local! {
    /// A canonicaliser per worker.
    static CANON: std::cell::RefCell<Canonicalizer> = std::cell::RefCell::new(Canonicalizer::new());
}

/// Sorts the records of a batch into their parts, each placed by its key
/// under `by`.
fn parts(split: &Split, by: By, writer: &Writer, first: u64, batch: &Batch) -> Parts {
    let n = split.parts();
    let mut out = Parts {
        parts: (0..n).map(|_| Formatted::default()).collect(),
        counts: vec![0; n],
        problems: Vec::new(),
        malformed: false,
    };
    let mut index = first;
    let _ = batch.for_each_full(|read| {
        let (i, line) = (index, read.line);
        index += 1;
        let grid = match read.grid {
            Ok(g) => g,
            Err(e) => {
                out.problems.push((line, describe(&e)));
                out.malformed = true;
                return Ok::<(), ()>(());
            }
        };
        if let Err(problem) = records::classic_only("split", grid) {
            out.problems.push((line, problem));
            return Ok(());
        }
        if let Err(problem) = records::writable(writer.format(), grid) {
            out.problems.push((line, problem));
            return Ok(());
        }
        let solution = match records::carried(read.solution) {
            Ok(s) => s,
            Err(problem) => {
                out.problems.push((line, problem));
                return Ok(());
            }
        };
        // Split by solution, a record's solution must solve it.
        if let Some(s) = solution.filter(|_| by == By::Solution)
            && let Some(problem) = solution_problem(grid, Ok(s))
        {
            out.problems.push((line, problem));
            return Ok(());
        }
        let key = CANON.with(|c| split_key(&mut c.borrow_mut(), grid, solution, by));
        let key = match key {
            Ok(key) => key,
            Err(e) => {
                out.problems.push((line, e.to_string()));
                return Ok(());
            }
        };
        if let Some(k) = split.part(key) {
            let filled = match solution {
                Some(_) => None,
                None => match records::solution_for(writer.format(), grid) {
                    Ok(filled) => filled,
                    Err(problem) => {
                        out.problems.push((line, problem));
                        return Ok(());
                    }
                },
            };
            let record = Record {
                solution: solution.or(filled.as_ref()),
                labels: read.labels,
                ..Record::new(i, grid)
            };
            writer.push_sized(&mut out.parts[k], &record);
            out.counts[k] += 1;
        }
        Ok(())
    });
    out
}
