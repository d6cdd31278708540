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

use super::records::{self, Processed, PuzzleInput, PuzzleInputArgs};
use super::{Exit, JobsArgs, OutputArgs, warn};
use crate::format::json::push_string;
use crate::format::read::Batch;
use crate::format::{Field, Format, Record, Value, Writer, push_decimal};
use crate::grid::{Grid, Size};
use crate::rate::{Rating, rate_within};
use crate::techniques::{Step, cell_name};

/// What to rate, and how.
#[derive(Debug, Args)]
pub struct RateArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub input: PuzzleInputArgs,

    /// Also write every step of the solution path: as `#` comment lines
    /// after each puzzle (which readers skip), or as `"path"` in json
    #[arg(long)]
    pub explain: bool,

    /// Give up on a puzzle whose uniqueness check takes more than this many
    /// guesses; it is reported and the run exits 1
    #[arg(long, value_name = "GUESSES", default_value_t = crate::solve::DEFAULT_BUDGET,
          value_parser = super::parse_budget, allow_negative_numbers = true)]
    pub budget: u64,

    #[command(flatten)]
    #[allow(missing_docs)]
    pub output: OutputArgs,

    #[command(flatten)]
    #[allow(missing_docs)]
    pub jobs: JobsArgs,
}

/// A `rate` run with every option resolved.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where the puzzles come from.
    pub input: PuzzleInput,
    /// Write the solution paths.
    pub explain: bool,
    /// Guesses allowed per uniqueness check.
    pub budget: u64,
    /// The output format.
    pub format: Format,
    /// Worker threads.
    pub jobs: usize,
}

/// The CSV header of `rate`'s records; `check`, `solve` and `stats` read
/// the puzzle back from its second field.
pub const CSV_HEADER: &str = "index,puzzle,se,exact,level,hardest,steps\n";

/// Whether the note that SE is defined for 9x9 only was written.
static NOTED: AtomicBool = AtomicBool::new(false);

/// Runs `sudogen rate`.
pub fn run(args: &RateArgs) -> anyhow::Result<Exit> {
    let config = Config {
        input: args.input.resolve()?,
        explain: args.explain,
        budget: args.budget,
        format: args.output.format(),
        jobs: args.jobs.get(),
    };
    records::run(&config.input, config.jobs, &args.output, |first, batch| {
        rate_batch(&config, first, batch)
    })
}

/// Rates every record of `batch`, the first being record `first`.
fn rate_batch(config: &Config, first: u64, batch: &Batch) -> Processed {
    let mut s = Processed::default();
    let mut index = first;
    let _ = batch.for_each(|line, puzzle| {
        let record_index = index;
        index += 1;
        let puzzle = match puzzle {
            Ok(p) => p,
            Err(e) => {
                s.report_malformed(line, e);
                return Ok::<(), ()>(());
            }
        };
        let size = puzzle.size();
        if size != Size::S9 && !NOTED.swap(true, Ordering::Relaxed) {
            warn(format_args!(
                "note: Sudoku Explainer ratings are defined for 9x9 only; for {size} puzzles the number is the level of the hardest technique on the same scale"
            ));
        }
        let rated = rate_within(puzzle, config.explain, config.budget);
        if let Err(e) = &rated {
            s.report_failed(line, e.to_string());
        }
        write_rated(config, &mut s, record_index, puzzle, rated.as_ref().map_err(|e| e.to_string()));
        Ok(())
    });
    s
}

fn write_rated(
    config: &Config,
    s: &mut Processed,
    index: u64,
    puzzle: &Grid,
    rated: Result<&Rating, String>,
) {
    let size = puzzle.size();
    let writer = Writer::new(config.format, size, 0, &[])
        .without_json_grid()
        .for_puzzles(false)
        .with_symbols(config.input.symbols.clone());
    let record = |fields| Record {
        index,
        grid: puzzle,
        fields,
        solution: None,
    };
    match config.format {
        Format::Json => {
            let path = rated
                .as_ref()
                .ok()
                .filter(|_| config.explain)
                .map(|r| path_json(size, &r.path));
            let fields: Vec<Field> = match &rated {
                Ok(r) => {
                    let mut f = vec![
                        field("se", Value::Tenths(u64::from(r.se))),
                        field("exact", Value::Bool(r.exact)),
                        field("level", Value::Text(r.level().name())),
                        field("hardest", Value::Text(r.hardest_name())),
                        field("steps", Value::UInt(r.steps as u64)),
                        field("scale", Value::Text(scale(size))),
                    ];
                    if let Some(p) = &path {
                        f.push(field("path", Value::Json(p)));
                    }
                    f
                }
                Err(e) => vec![field("se", Value::Null), field("error", Value::Text(e))],
            };
            let _ = writer.write(&mut s.out, &record(&fields));
        }
        Format::Csv => {
            if s.last_size != Some(size) {
                s.out.extend_from_slice(CSV_HEADER.as_bytes());
                if s.first_size.is_none() {
                    s.header = s.out.len();
                }
            }
            s.first_size.get_or_insert(size);
            s.last_size = Some(size);
            push_decimal(&mut s.out, index);
            s.out.push(b',');
            let symbols: Vec<u8> = puzzle
                .cells()
                .iter()
                .map(|&v| if v == 0 { b'0' } else { size.symbol(v) })
                .collect();
            s.out.extend_from_slice(&symbols);
            match &rated {
                Ok(r) => s.out.extend_from_slice(
                    format!(
                        ",{}.{},{},{},{},{}\n",
                        r.se / 10,
                        r.se % 10,
                        r.exact,
                        r.level().name(),
                        r.hardest_name(),
                        r.steps
                    )
                    .as_bytes(),
                ),
                Err(_) => s.out.extend_from_slice(b",,,,,\n"),
            }
            explain_comments(config, s, size, &rated);
        }
        format => {
            let _ = writer.write(&mut s.out, &record(&[]));
            let summary = match &rated {
                Ok(r) => format!("{} {} {}", r.se_text(), r.level().name(), r.hardest_name()),
                Err(e) => format!("# {e}"),
            };
            if format == Format::Line {
                s.out.pop();
                s.out.push(b' ');
            } else {
                s.out.extend_from_slice(b"# ");
            }
            s.out.extend_from_slice(summary.as_bytes());
            s.out.push(b'\n');
            explain_comments(config, s, size, &rated);
        }
    }
}

fn field<'a>(name: &'static str, value: Value<'a>) -> Field<'a> {
    Field { name, value }
}

/// What the rating number means for this size.
fn scale(size: Size) -> &'static str {
    if size == Size::S9 {
        "SE"
    } else {
        "technique level"
    }
}

/// The steps as `#` comment lines: `# 12. hidden single in box 3: r2c7 = 5 (1.2)`.
fn explain_comments(
    config: &Config,
    s: &mut Processed,
    size: Size,
    rated: &Result<&Rating, String>,
) {
    if let (true, Ok(r)) = (config.explain, rated) {
        for (i, step) in r.path.iter().enumerate() {
            s.out.extend_from_slice(
                format!(
                    "# {}. {} ({}.{})\n",
                    i + 1,
                    step.describe(size),
                    step.rating / 10,
                    step.rating % 10
                )
                .as_bytes(),
            );
        }
        if !r.exact {
            s.out.extend_from_slice(
                b"# then techniques sudogen does not implement yet (nested forcing chains; chains beyond 9x9)\n",
            );
        }
    }
}

/// The path as a JSON array of steps, for games that give hints:
/// `{"technique","rating","text","place":{"cell","value"},"removes":[...]}`.
fn path_json(size: Size, path: &[Step]) -> String {
    let mut buf = Vec::new();
    buf.push(b'[');
    for (i, step) in path.iter().enumerate() {
        if i > 0 {
            buf.push(b',');
        }
        buf.extend_from_slice(b"{\"technique\":");
        push_string(&mut buf, step.technique.name());
        buf.extend_from_slice(
            format!(",\"rating\":{}.{}", step.rating / 10, step.rating % 10).as_bytes(),
        );
        buf.extend_from_slice(b",\"text\":");
        push_string(&mut buf, &step.describe(size));
        if let Some((cell, v)) = step.place {
            buf.extend_from_slice(b",\"place\":{\"cell\":");
            push_string(&mut buf, &cell_name(size, cell));
            buf.extend_from_slice(format!(",\"value\":{v}}}").as_bytes());
        }
        buf.extend_from_slice(b",\"removes\":[");
        for (j, &(cell, values)) in step.removes.iter().enumerate() {
            if j > 0 {
                buf.push(b',');
            }
            buf.extend_from_slice(b"{\"cell\":");
            push_string(&mut buf, &cell_name(size, cell));
            let vs: Vec<String> = values.iter().map(|v| v.to_string()).collect();
            buf.extend_from_slice(format!(",\"values\":[{}]}}", vs.join(",")).as_bytes());
        }
        buf.extend_from_slice(b"]}");
    }
    buf.push(b']');
    String::from_utf8(buf).expect("JSON is UTF-8")
}
