//! `sudogen [generate]`: write grids of a run, in order, in any format.
//!
//! Grids are made and formatted in chunks of consecutive indices on the
//! workers of the [pipeline]; the calling thread writes
//! the chunks in order. Every grid has its own random stream and the
//! writers are stateless per record, so the bytes do not depend on the
//! number of jobs or on how a run is split with `--start`.

use std::io::{self, Write};

use anyhow::Context;
use clap::Args;

use super::progress::Progress;
use super::{Exit, GridArgs, OutputArgs, ReportArgs, RunArgs, warn};
use crate::format::{Field, Format, Record, Value, Writer};
use crate::grid::{Grid, Size};
use crate::pipeline;
use crate::random::RunRng;
use crate::strategies::Strategy;

/// How to generate grids.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub grid: GridArgs,

    #[command(flatten)]
    #[allow(missing_docs)]
    pub run: RunArgs,

    #[command(flatten)]
    #[allow(missing_docs)]
    pub output: OutputArgs,

    #[command(flatten)]
    #[allow(missing_docs)]
    pub report: ReportArgs,
}

/// A generation run with every option resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// The strategy.
    pub strategy: Strategy,
    /// The grid size.
    pub size: Size,
    /// The run's seed.
    pub seed: u64,
    /// The index of the first grid.
    pub start: u64,
    /// How many grids.
    pub count: u64,
    /// The output format.
    pub format: Format,
    /// Worker threads (at least 1).
    pub jobs: usize,
}

impl GenerateArgs {
    /// Resolves the options; usage errors for a size the strategy cannot
    /// make or a run past the last index.
    pub fn config(&self) -> anyhow::Result<Config> {
        Config::of(&self.grid, &self.run, &self.output)
    }
}

impl Config {
    /// The run the shared argument groups describe (also the grids of a
    /// `puzzle` run); usage errors for a size the strategy cannot make or a
    /// run past the last index.
    pub fn of(grid: &GridArgs, run: &RunArgs, output: &OutputArgs) -> anyhow::Result<Config> {
        let strategy = grid.strategy()?;
        run.check_range()?;
        Ok(Config {
            strategy,
            size: grid.size(),
            seed: run.seed(),
            start: run.start,
            count: run.count,
            format: output.format(),
            jobs: run.jobs.get(),
        })
    }
}

/// Runs `sudogen generate`.
pub fn run(args: &GenerateArgs) -> anyhow::Result<Exit> {
    let config = args.config()?;
    if args.report.verbose {
        let kernel = match config.strategy {
            Strategy::Chain => format!(
                " ({} kernel)",
                crate::strategies::Chain::kernel(config.size)
            ),
            _ => String::new(),
        };
        warn(format_args!(
            "strategy {}{kernel}, size {}, seed {}, grids {}..{}, format {}, jobs {}",
            config.strategy,
            config.size.side(),
            config.seed,
            config.start,
            u128::from(config.start) + u128::from(config.count),
            config.format.name(),
            config.jobs
        ));
    }
    write_run(
        &args.output,
        args.report.quiet,
        config.count,
        |out, done| config.write_to(out, done),
    )
}

/// Opens the output, writes a run to it with `write` (which reports each
/// finished chunk to the progress bar), and flushes it, naming the output
/// in any error.
pub fn write_run(
    output: &OutputArgs,
    quiet: bool,
    count: u64,
    write: impl FnOnce(&mut std::io::BufWriter<std::fs::File>, &mut dyn FnMut(u64)) -> io::Result<()>,
) -> anyhow::Result<Exit> {
    let mut out = output.open()?;
    let progress = Progress::new(count, !quiet && !output.is_terminal());
    let result = write(&mut out.file, &mut |n| progress.advance(n));
    progress.finish();
    result.context(out.what.clone())?;
    out.finish()?;
    Ok(Exit::Success)
}

/// The fields every JSON record of a run carries: strategy, size, and the
/// seed as a string (JSON readers that hold numbers as doubles, such as jq
/// and JavaScript, would round seeds above 2^53).
pub fn run_fields(strategy: Strategy, size: Size, seed: &str) -> [Field<'_>; 3] {
    [
        Field {
            name: "strategy",
            value: Value::Text(strategy.name()),
        },
        Field {
            name: "size",
            value: Value::UInt(size.side() as u64),
        },
        Field {
            name: "seed",
            value: Value::Text(seed),
        },
    ]
}

impl Config {
    /// The writer for this run's format, recording the run in JSON.
    pub fn writer(&self) -> Writer {
        let seed = self.seed.to_string();
        let fields = run_fields(self.strategy, self.size, &seed);
        Writer::new(self.format, self.size, self.start, &fields)
    }

    /// Grids per chunk at most (chunks are sized by time up to this):
    /// large enough to amortise the hand-over.
    pub fn chunk_len(&self) -> u64 {
        match self.size {
            Size::S4 | Size::S9 => 1024,
            Size::S16 => 32,
            Size::S25 => 1,
        }
    }

    /// Writes the run's grids to `out`, calling `done(n)` after each chunk
    /// of `n` grids is written.
    pub fn write_to<W: Write + ?Sized>(
        &self,
        out: &mut W,
        done: impl FnMut(u64),
    ) -> io::Result<()> {
        let writer = self.writer();
        writer.write_header(out)?;
        let run = RunRng::new(self.seed);
        let (strategy, size) = (self.strategy, self.size);
        let work = |index: u64, grid: &mut Grid, buf: &mut Vec<u8>| {
            strategy.generate(&mut run.for_index(index), grid);
            let record = Record {
                index,
                grid,
                fields: &[],
                solution: None,
            };
            // Writing to a Vec cannot fail.
            let _ = writer.write(buf, &record);
        };
        let chunk = self.chunk_len();
        let scratch = || Grid::empty(size);
        write_indexed(
            out,
            (self.start, self.count, chunk),
            self.jobs,
            done,
            scratch,
            work,
        )
    }
}

/// Writes the records of indices `start..start + count` (made and formatted
/// by `work`, with scratch state from `scratch` once per chunk) to `out` in
/// order, in chunks of at most `chunk` indices (sized by time, see
/// [`pipeline::Pace`]: the first record comes at once however slow each
/// is) on `jobs` workers, calling `done(n)` after each chunk of `n` records
/// is written.
/// A run may end at the very last index, 2^64 - 1: chunks are (first index,
/// length), never an end index. No more workers start than there are
/// chunks, and once the writer fails no new record is begun.
pub fn write_indexed<W: Write + ?Sized, S>(
    out: &mut W,
    (start, count, chunk): (u64, u64, u64),
    jobs: usize,
    mut done: impl FnMut(u64),
    scratch: impl Fn() -> S + Sync,
    work: impl Fn(u64, &mut S, &mut Vec<u8>) + Sync,
) -> io::Result<()> {
    let (mut next, mut left) = (start, count);
    let pace = &pipeline::Pace::new(usize::try_from(chunk).unwrap_or(usize::MAX));
    let source = || {
        if left == 0 {
            return Ok(None);
        }
        let c = (next, left.min(chunk).min(pace.records() as u64));
        next = next.wrapping_add(c.1);
        left -= c.1;
        Ok(Some(c))
    };
    let make = |(from, len): (u64, u64), stop: &pipeline::Stop| {
        pace.time(len as usize, || {
            let mut buf = Vec::new();
            let mut state = scratch();
            for index in (0..len).map(|k| from + k) {
                if stop.is_set() {
                    break;
                }
                work(index, &mut state, &mut buf);
            }
            (len, buf)
        })
    };
    let jobs = usize::try_from(count.div_ceil(chunk)).map_or(jobs, |chunks| jobs.min(chunks));
    pipeline::ordered(jobs, source, make, |(n, buf): (u64, Vec<u8>)| {
        out.write_all(&buf)?;
        out.flush()?;
        done(n);
        Ok::<(), io::Error>(())
    })?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::read::Reader;

    fn bytes(config: &Config) -> Vec<u8> {
        let mut out = Vec::new();
        config.write_to(&mut out, |_| {}).unwrap();
        out
    }

    fn config(strategy: Strategy, size: Size, count: u64, format: Format) -> Config {
        Config {
            strategy,
            size,
            seed: 5,
            start: 17,
            count,
            format,
            jobs: 1,
        }
    }

    #[test]
    fn output_is_the_same_for_every_number_of_jobs() {
        for (strategy, size, count) in [
            (Strategy::Uniform, Size::S9, 3000),
            (Strategy::Rotate, Size::S16, 100),
            (Strategy::Chain, Size::S25, 9),
        ] {
            for &format in Format::ALL {
                let job = config(strategy, size, count, format);
                let one = bytes(&job);
                for jobs in [2, 3, 8] {
                    assert!(
                        one == bytes(&Config { jobs, ..job }),
                        "{strategy} {format:?} -j{jobs}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_last_indices_are_reachable() {
        let job = Config {
            start: u64::MAX - 4,
            count: 5,
            ..config(Strategy::Rotate, Size::S9, 5, Format::Line)
        };
        for jobs in [1, 2] {
            let out = bytes(&Config { jobs, ..job });
            assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), 5, "-j{jobs}");
        }
    }

    #[test]
    fn every_format_reads_back_what_it_wrote() {
        for &format in Format::ALL {
            for size in Size::ALL {
                let job = config(Strategy::Rotate, size, 4, format);
                let out = bytes(&job);
                let expected = bytes(&Config {
                    format: Format::Line,
                    ..job
                });
                for forced in [None, Some(format)] {
                    let grids: Vec<String> = Reader::new(&out[..], forced, None)
                        .map(|r| r.unwrap().grid.unwrap().to_string() + "\n")
                        .collect();
                    assert_eq!(grids.concat().into_bytes(), expected, "{format:?} {size}");
                }
            }
        }
    }
}
