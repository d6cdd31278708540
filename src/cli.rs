//! The command line, declared with clap's derive API: the doc comments here
//! are the `--help` text.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::format::Format;
use crate::grid::Size;
use crate::strategies::Strategy;

const EXAMPLES: &str = "\
Examples:
  sudogen -n 5                              five uniformly random grids, drawn for people
  sudogen -n 1000000 --seed 7 > grids.txt   a reproducible corpus, one grid per line
  sudogen -s chain --size 16 -n 3 -f json   three 16x16 grids as JSON Lines
  sudogen completions bash > ~/.local/share/bash-completion/completions/sudogen";

/// Fast, reproducible Sudoku grid generator.
///
/// Every grid written is a complete, valid Sudoku grid. A grid is a pure
/// function of (strategy, size, seed, index): the same options give the same
/// bytes on every machine.
#[derive(Debug, Parser)]
#[command(
    name = "sudogen",
    version,
    after_help = EXAMPLES,
    after_long_help = EXAMPLES,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// Something other than generating grids
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Options for generating grids (the default action)
    #[command(flatten)]
    pub generate: GenerateArgs,
}

/// The commands besides generation.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check that grids are valid: any format sudogen writes, any size.
    ///
    /// Prints one line per bad grid (`FILE:LINE: what is wrong`) and a
    /// summary. Exit status 0 if every grid is valid, 1 if any is not, 2 if
    /// an input cannot be read.
    Check(CheckArgs),
    /// Measure how far grids are from uniformly random.
    ///
    /// Generates grids (same options as generation) or reads them with
    /// --input, and compares symbol frequencies, duplicates and, for 9x9,
    /// band classes and unavoidable rectangles with their values under the
    /// uniform distribution, with p-values.
    Stats(StatsArgs),
    /// Print a shell completion script to standard output
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// What to check.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files to read (`-` or none: standard input)
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Read every record in this format [default: detected line by line]
    #[arg(short, long, value_enum)]
    pub format: Option<Format>,

    /// Read every grid as this size [default: inferred from each record]
    #[arg(long, value_parser = parse_size, value_name = "4|9|16|25")]
    pub size: Option<Size>,

    /// Also count distinct grids (keeps 16 bytes per distinct grid)
    #[arg(long)]
    pub distinct: bool,
}

/// What to measure.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// The generation algorithm [default: uniform for 4x4 and 9x9, backtrack
    /// for 16x16 and 25x25]
    #[arg(short, long, value_enum)]
    pub strategy: Option<Strategy>,

    /// How many grids to generate
    #[arg(short = 'n', long, default_value_t = 100_000, value_name = "N")]
    pub count: u64,

    /// Seed of the run [default: drawn from the operating system]
    #[arg(long, value_name = "u64")]
    pub seed: Option<u64>,

    /// Side length of the grids (with --input: the size to keep)
    #[arg(long, default_value = "9", value_parser = parse_size, value_name = "4|9|16|25")]
    pub size: Size,

    /// Read grids from these files (`-`: standard input) instead of
    /// generating; invalid grids and other sizes are counted and skipped
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub input: Vec<PathBuf>,

    /// The report: a table for people or JSON for programs
    #[arg(short, long, value_enum, default_value_t = ReportFormat::Table)]
    pub format: ReportFormat,

    /// The significance level of each test
    #[arg(long, default_value_t = 0.001, value_name = "P", value_parser = parse_level)]
    pub level: f64,

    /// Worker threads for generating [default: the available cores]
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
}

/// How `stats` prints its report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ReportFormat {
    /// An aligned table
    Table,
    /// One JSON object
    Json,
}

impl StatsArgs {
    /// The strategy asked for, or the default for the size.
    pub fn strategy(&self) -> Strategy {
        self.strategy.unwrap_or(Strategy::default_for(self.size))
    }
}

/// How to generate grids.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The generation algorithm [default: uniform for 4x4 and 9x9, backtrack
    /// for 16x16 and 25x25]
    #[arg(short, long, value_enum)]
    pub strategy: Option<Strategy>,

    /// How many grids to write (0 writes none)
    #[arg(short = 'n', long, default_value_t = 1, value_name = "N")]
    pub count: u64,

    /// Seed of the run; without it one is drawn from the operating system
    /// (shown by --verbose and recorded in JSON output)
    #[arg(long, value_name = "u64")]
    pub seed: Option<u64>,

    /// Side length of the grids
    #[arg(long, default_value = "9", value_parser = parse_size, value_name = "4|9|16|25")]
    pub size: Size,

    /// Output format [default: grid on a terminal, line otherwise]
    #[arg(short, long, value_enum)]
    pub format: Option<Format>,

    /// Write to FILE instead of standard output
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Index of the first grid: `--start K -n N` writes grids K..K+N of the
    /// run, exactly as a longer run would
    #[arg(long, default_value_t = 0, value_name = "INDEX")]
    pub start: u64,

    /// Worker threads [default: the available cores]; the output is the
    /// same for every value
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,

    /// Print the seed and other details to standard error
    #[arg(short, long)]
    pub verbose: bool,

    /// Never show a progress bar (one is shown on a terminal for long runs)
    #[arg(short, long)]
    pub quiet: bool,
}

impl GenerateArgs {
    /// The strategy asked for, or the default for the size.
    pub fn strategy(&self) -> Strategy {
        self.strategy.unwrap_or(Strategy::default_for(self.size))
    }
}

/// Parses a significance level: a probability strictly between 0 and 1.
fn parse_level(s: &str) -> Result<f64, String> {
    s.parse::<f64>()
        .ok()
        .filter(|p| *p > 0.0 && *p < 1.0)
        .ok_or_else(|| format!("'{s}' is not a level; use a probability such as 0.001"))
}

/// Parses a side length.
fn parse_size(s: &str) -> Result<Size, String> {
    s.trim()
        .parse::<usize>()
        .ok()
        .and_then(Size::from_side)
        .ok_or_else(|| format!("'{s}' is not a grid size; use 4, 9, 16 or 25"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn sizes_parse() {
        assert_eq!(parse_size("16"), Ok(Size::S16));
        assert!(parse_size("10").unwrap_err().contains("use 4, 9, 16 or 25"));
    }

    #[test]
    fn help_lists_every_strategy_with_its_description() {
        let help = Cli::command().render_long_help().to_string();
        // Undo clap's line wrapping before looking for whole descriptions.
        let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
        for &s in Strategy::ALL {
            assert!(flat.contains(&format!("- {}: ", s.name())), "{help}");
            assert!(flat.contains(&s.help()), "{help}");
        }
    }
}
