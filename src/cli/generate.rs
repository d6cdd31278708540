//! `sudogen [generate]`: write grids of a run, in order, in any format.
//!
//! Grids are made and formatted in chunks of consecutive indices on the
//! workers of the pipeline ([`pipeline::write_indexed`]); the calling thread
//! writes the chunks in order. Every grid has its own random stream and the
//! writers are stateless per record, so the bytes do not depend on the
//! number of jobs or on how a run is split with `--start`.

use std::io::Write;

use clap::Args;

use super::args::{GridArgs, OutputArgs, ReportArgs, RunArgs, SymbolsArgs};
use super::exit::{Exit, usage};
use super::io::warn;
use super::parse::format_choice;
use super::progress::write_run;
use sudogen::format::{Content, Field, Format, Symbols, Value, Writer};
use sudogen::grid::Size;
use sudogen::runs::GridRun;
use sudogen::strategies::Strategy;

/// Worked examples, at the end of `--help`.
pub const EXAMPLES: &str = "\
Examples:
  sudogen generate -n 5                          five uniformly random grids
  sudogen generate -n 1000000 --seed 7 -o g.txt  a reproducible corpus, one grid per line
  sudogen generate -n 10 --seed 7 --start 5      exactly grids 5..14 of that run
  sudogen generate -s chain --size 16 -f json    a 16x16 grid as JSON Lines";

/// How to generate grids.
#[derive(Debug, Args)]
#[command(mut_arg("format", |a| a.value_parser(format_choice(Content::Grids, true))))]
pub struct GenerateArgs {
    #[command(flatten)]
    pub grid: GridArgs,

    #[command(flatten)]
    pub run: RunArgs,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub symbols: SymbolsArgs,

    #[command(flatten)]
    pub report: ReportArgs,
}

/// A generation run with every option resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The grids: strategy, size, seed.
    pub grids: GridRun,
    /// The index of the first grid.
    pub start: u64,
    /// How many grids.
    pub count: u64,
    /// The output format.
    pub format: Format,
    /// Worker threads (at least 1).
    pub jobs: usize,
    /// Another alphabet to write the cells in.
    pub symbols: Option<Symbols>,
}

impl Config {
    /// The run the shared argument groups describe (also the grids of a
    /// `puzzle` run); usage errors for a size the strategy cannot make or a
    /// run past the last index.
    pub fn of(
        grid: &GridArgs,
        run: &RunArgs,
        output: &OutputArgs,
        symbols: &SymbolsArgs,
    ) -> anyhow::Result<Config> {
        // An alphabet gives the size, and must agree with `--size`.
        let symbols = symbols.resolve(grid.size)?;
        if grid.shape.draws_layouts() {
            return Config::drawing_layouts(grid, run, output, symbols);
        }
        let shape = grid.shape_for(symbols.as_ref().map(|(size, _)| *size).or(grid.size))?;
        let strategy = grid.strategy_for(&shape)?;
        sudogen::solve::has_grid(&shape).map_err(|e| usage(format!("--regions: {e}")))?;
        run.check_range()?;
        let format = output.format()?;
        if format == Format::NPY && output.path().is_none() {
            return Err(usage("npy arrays go to a file; name it with -o NAME.npy"));
        }
        format.holds(&shape).map_err(usage)?;
        Ok(Config {
            symbols: symbols.map(|(_, s)| s),
            grids: GridRun::new(strategy, shape.clone(), run.seed()),
            start: run.start,
            count: run.count,
            format,
            jobs: run.jobs.get(),
        })
    }

    /// [`Config::of`] for `--variant jigsaw` without `--regions`: a new
    /// region map for every grid (sides 4 to 16).
    fn drawing_layouts(
        grid: &GridArgs,
        run: &RunArgs,
        output: &OutputArgs,
        symbols: Option<(Size, Symbols)>,
    ) -> anyhow::Result<Config> {
        if grid.shape.boxes.is_some() {
            return Err(usage(
                "--box does not go with jigsaw regions, which take the boxes' place; leave out --box",
            ));
        }
        let side = symbols
            .as_ref()
            .map(|(size, _)| *size)
            .or(grid.size)
            .map_or(9, |s| s.side());
        let strategy = grid.strategy.unwrap_or(Strategy::Search);
        let grids = GridRun::drawing_layouts(strategy, side, run.seed())
            .map_err(|e| usage(format!("--variant jigsaw: {e}")))?;
        grid.strategy_for(grids.shape())?;
        run.check_range()?;
        let format = output.format()?;
        if format == Format::NPY && output.path().is_none() {
            return Err(usage("npy arrays go to a file; name it with -o NAME.npy"));
        }
        format.holds(grids.shape()).map_err(usage)?;
        format.holds_layouts().map_err(usage)?;
        Ok(Config {
            symbols: symbols.map(|(_, s)| s),
            grids,
            start: run.start,
            count: run.count,
            format,
            jobs: run.jobs.get(),
        })
    }

    /// The fields every JSON record of the run carries: strategy, size, and
    /// the seed as a string (JSON readers that hold numbers as doubles, such
    /// as jq and JavaScript, would round seeds above 2^53).
    pub fn fields<'a>(&self, seed: &'a str) -> Vec<Field<'a>> {
        vec![
            Field {
                name: "strategy",
                value: Value::Text(self.grids.strategy().name()),
            },
            Field {
                name: "size",
                value: Value::UInt(self.grids.size().side() as u64),
            },
            Field {
                name: "seed",
                value: Value::Text(seed),
            },
        ]
    }

    /// The `--verbose` line: the run's settings.
    fn describe(&self) -> String {
        let (strategy, size, seed) = (self.grids.strategy(), self.grids.size(), self.grids.seed());
        let kernel = match strategy {
            Strategy::Chain => format!(" ({} kernel)", sudogen::strategies::Chain::kernel(size)),
            _ => String::new(),
        };
        let shape = self.grids.shape();
        let variant = if shape.is_classic() {
            String::new()
        } else {
            format!(
                " (boxes {}, variant {})",
                size.box_text(),
                shape.variant().name()
            )
        };
        format!(
            "strategy {strategy}{kernel}, size {}{variant}, seed {seed}, grids {}..{}, format {}, jobs {}",
            size.side(),
            self.start,
            u128::from(self.start) + u128::from(self.count),
            self.format.name(),
            self.jobs
        )
    }
}

/// Runs `sudogen generate`.
pub fn run(args: &GenerateArgs) -> anyhow::Result<Exit> {
    if args.grid.shape.is_killer() {
        return Err(usage(
            "generate makes grids, and killer cages come with puzzles; use sudogen puzzle --variant killer",
        ));
    }
    let config = Config::of(&args.grid, &args.run, &args.output, &args.symbols)?;
    if args.report.verbose {
        warn(config.describe());
    }
    let npy = (config.format == Format::NPY).then_some((config.grids.size().cells(), false));
    write_run(
        &args.output,
        args.report.quiet,
        (config.count, "grids"),
        npy,
        |out, done| write(&config, out, done),
    )?;
    Ok(Exit::Success)
}

/// Writes the run's grids to `out`, calling `done(n)` after each chunk of
/// `n` grids is written.
pub fn write<W: Write + ?Sized>(
    config: &Config,
    out: &mut W,
    done: impl FnMut(u64),
) -> std::io::Result<()> {
    let seed = config.grids.seed().to_string();
    let writer = Writer::new(
        config.format,
        Content::Grids,
        config.grids.shape(),
        config.start,
        &config.fields(&seed),
    )
    .with_symbols(config.symbols.clone());
    let range = (config.start, config.count);
    config.grids.write(&writer, range, config.jobs, out, done)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudogen::format::FORMATS;
    use sudogen::format::read::Reader;
    use sudogen::grid::Size;

    fn bytes(config: &Config) -> Vec<u8> {
        let mut out = Vec::new();
        write(config, &mut out, |_| {}).unwrap();
        out
    }

    fn config(strategy: Strategy, size: Size, count: u64, format: Format) -> Config {
        Config {
            grids: GridRun::new(strategy, size, 5),
            start: 17,
            count,
            format,
            jobs: 1,
            symbols: None,
        }
    }

    #[test]
    fn output_is_the_same_for_every_number_of_jobs() {
        for (strategy, size, count) in [
            (Strategy::Uniform, Size::S9, 3000),
            (Strategy::Rotate, Size::S16, 100),
            (Strategy::Chain, Size::S25, 9),
        ] {
            for &format in FORMATS {
                let job = config(strategy, size, count, format);
                let one = bytes(&job);
                for jobs in [2, 3, 8] {
                    assert!(
                        one == bytes(&Config {
                            jobs,
                            ..job.clone()
                        }),
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
            ..config(Strategy::Rotate, Size::S9, 5, Format::LINE)
        };
        for jobs in [1, 2] {
            let out = bytes(&Config {
                jobs,
                ..job.clone()
            });
            assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), 5, "-j{jobs}");
        }
    }

    #[test]
    fn every_format_reads_back_what_it_wrote() {
        for &format in FORMATS {
            for size in Size::ALL {
                let job = config(Strategy::Rotate, size, 4, format);
                let mut out = bytes(&job);
                if format == Format::NPY {
                    // The CLI finishes npy rows as an array (Output::finish_npy).
                    let rows = sudogen::format::npy::header(4, size.cells());
                    out = [rows, out].concat();
                }
                let expected = bytes(&Config {
                    format: Format::LINE,
                    ..job.clone()
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
