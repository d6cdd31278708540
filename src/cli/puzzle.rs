//! `sudogen puzzle`: unique puzzles, minimal by default, from any strategy's
//! grids.
//!
//! **Contract.** Puzzle `i` of a run is made from grid `i` of `sudogen
//! generate` with the same strategy, size and seed: its unique solution is
//! that grid. The order in which givens are tried for removal comes from a
//! stream of its own, ChaCha8 keyed by `seed ^ PUZZLE_KEY` on stream `i`, so
//! it never disturbs the grid's draws, and a puzzle depends only on
//! (strategy, size, seed, index, symmetry, clue target): the same for every
//! `-j`, `--start` and shard.

use std::io::{self, Write};

use clap::Args;

use super::generate::{Config as GridConfig, run_fields, write_indexed, write_run};
use super::{Exit, GridArgs, OutputArgs, ReportArgs, RunArgs, UsageError, warn};
use crate::format::{Field, Record, Value, Writer};
use crate::grid::{Grid, Size};
use crate::puzzle::{self, Settings, Symmetry};
use crate::random::RunRng;

/// XOR-ed into the run's seed to key the removal streams.
pub const PUZZLE_KEY: u64 = 0x7075_7a7a_6c65_7321;

/// How to make puzzles.
#[derive(Debug, Args)]
pub struct PuzzleArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub grid: GridArgs,

    #[command(flatten)]
    #[allow(missing_docs)]
    pub run: RunArgs,

    #[command(flatten)]
    #[allow(missing_docs)]
    pub output: OutputArgs,

    /// The symmetry of the givens (minimal subject to it)
    #[arg(long, value_enum, default_value_t = Symmetry::None)]
    pub symmetry: Symmetry,

    /// Stop removing givens at N clues: unique, not minimal
    #[arg(long, value_name = "N")]
    pub clues: Option<usize>,

    /// Also write each puzzle's solution
    #[arg(long)]
    pub with_solution: bool,

    #[command(flatten)]
    #[allow(missing_docs)]
    pub report: ReportArgs,
}

/// A `puzzle` run with every option resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// The run of grids the puzzles are made from: puzzle `i` solves to
    /// grid `i` of it (its format is the puzzles' output format).
    pub grids: GridConfig,
    /// Symmetry and clue target.
    pub settings: Settings,
    /// Write the solutions too.
    pub with_solution: bool,
}

impl PuzzleArgs {
    /// Resolves the options; a clue target below what the size allows is a
    /// usage error.
    pub fn config(&self) -> anyhow::Result<Config> {
        let grids = GridConfig::of(&self.grid, &self.run, &self.output)?;
        let size = grids.size;
        if let Some(n) = self.clues {
            let least = puzzle::fewest_clues(size);
            if n < least || n > size.cells() {
                return Err(UsageError(format!(
                    "--clues {n} is not possible for a {size} puzzle with one solution; use {least} to {}",
                    size.cells()
                ))
                .into());
            }
        }
        Ok(Config {
            grids,
            settings: Settings {
                symmetry: self.symmetry,
                clues: self.clues,
            },
            with_solution: self.with_solution,
        })
    }
}

/// Runs `sudogen puzzle`.
pub fn run(args: &PuzzleArgs) -> anyhow::Result<Exit> {
    let config = args.config()?;
    if args.report.verbose {
        warn(format_args!(
            "puzzles from strategy {}, size {}, seed {}, puzzles {}..{}, symmetry {}, format {}, jobs {}",
            config.grids.strategy,
            config.grids.size.side(),
            config.grids.seed,
            config.grids.start,
            u128::from(config.grids.start) + u128::from(config.grids.count),
            config.settings.symmetry.name(),
            config.grids.format.name(),
            config.grids.jobs
        ));
    }
    write_run(
        &args.output,
        args.report.quiet,
        config.grids.count,
        |out, done| config.write_to(out, done),
    )
}

impl Config {
    /// The writer for this run, recording it in JSON.
    pub fn writer(&self) -> Writer {
        let seed = self.grids.seed.to_string();
        let mut fields = run_fields(self.grids.strategy, self.grids.size, &seed).to_vec();
        fields.push(Field {
            name: "symmetry",
            value: Value::Text(self.settings.symmetry.name()),
        });
        Writer::new(
            self.grids.format,
            self.grids.size,
            self.grids.start,
            &fields,
        )
        .for_puzzles(self.with_solution)
    }

    /// Puzzles per chunk: a 9x9 puzzle takes about a hundred uniqueness
    /// checks, larger ones far more.
    fn chunk_len(&self) -> u64 {
        match self.grids.size {
            Size::S4 => 256,
            Size::S9 => 16,
            Size::S16 | Size::S25 => 1,
        }
    }

    /// Writes the run's puzzles to `out`, calling `done(n)` after each
    /// chunk of `n` puzzles is written.
    pub fn write_to<W: Write + ?Sized>(
        &self,
        out: &mut W,
        done: impl FnMut(u64),
    ) -> io::Result<()> {
        let writer = self.writer();
        writer.write_header(out)?;
        let grids = RunRng::new(self.grids.seed);
        let removals = RunRng::new(self.grids.seed ^ PUZZLE_KEY);
        let (strategy, size, settings) = (self.grids.strategy, self.grids.size, self.settings);
        let work = |index: u64, grid: &mut Grid, buf: &mut Vec<u8>| {
            strategy.generate(&mut grids.for_index(index), grid);
            let p = puzzle::make(&mut removals.for_index(index), grid, settings);
            let record = Record {
                index,
                grid: &p,
                fields: &[],
                solution: Some(grid),
            };
            let _ = writer.write(buf, &record);
        };
        let scratch = || Grid::empty(size);
        write_indexed(
            out,
            (self.grids.start, self.grids.count, self.chunk_len()),
            self.grids.jobs,
            done,
            scratch,
            work,
        )
    }
}
