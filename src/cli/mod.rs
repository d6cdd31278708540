//! The command line: the top-level parser and its commands, one file per
//! command, each `Args` (clap's derive; the doc comments are the `--help`
//! text) → `Config` (every option resolved) → `run`. The argument groups
//! several commands share are declared once in [`args`]; option values are
//! parsed in [`parse`]; reading and writing in [`io`]; exit statuses in
//! [`exit`]; clap's errors as one line in [`usage`].
//!
//! The library knows nothing of this module: it takes plain values.

use clap::{Parser, Subcommand};

pub mod args;
pub mod canon;
pub mod check;
pub mod completions;
pub mod exit;
pub mod files;
pub mod generate;
pub mod io;
pub mod parse;
pub mod print;
pub mod progress;
pub mod puzzle;
pub mod rate;
pub mod records;
pub mod solve;
pub mod split;
pub mod stats;
pub mod transform;
pub mod usage;

pub use exit::{Exit, exit_for, is_broken_pipe};
pub use io::warn;

const EXAMPLES: &str = "\
Examples:
  sudogen -n 5                              five uniformly random grids, drawn for people
  sudogen -n 1000000 --seed 7 > grids.txt   a reproducible corpus, one grid per line
  sudogen -s chain --size 16 -n 3 -f json   three 16x16 grids as JSON Lines
  sudogen puzzle -n 1000 | sudogen solve    minimal puzzles with one solution, solved
  sudogen puzzle -n 20 | sudogen rate       the same, rated on the Sudoku Explainer scale
  sudogen completions bash > ~/.local/share/bash-completion/completions/sudogen";

/// Fast, reproducible Sudoku grids and puzzles: generate, check, solve, make
/// and rate.
///
/// Every grid written is a complete, valid Sudoku grid, and every puzzle
/// made has exactly one solution. What sudogen makes is a pure function of
/// (command, strategy, size, seed, index): the same options give the same
/// bytes on every machine.
#[derive(Debug, Parser)]
#[command(
    name = "sudogen",
    version,
    after_help = EXAMPLES,
    after_long_help = EXAMPLES,
    args_conflicts_with_subcommands = true,
    args_override_self = true
)]
pub struct Cli {
    /// Something other than generating grids
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Options for generating grids (the default action)
    #[command(flatten)]
    pub generate: generate::GenerateArgs,
}

/// The commands; without one, `sudogen` generates grids.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Generate grids (the default when no command is given)
    #[command(args_override_self = true, after_help = generate::EXAMPLES)]
    Generate(generate::GenerateArgs),
    /// Check that grids and puzzles are valid: any format sudogen writes,
    /// any size.
    ///
    /// A record with empty cells is a puzzle, valid if no given repeats
    /// (with --unique, if it has exactly one solution); a complete record
    /// is a grid. Prints one line per bad record (`FILE:LINE: what is
    /// wrong`) and a summary. Exit status 0 if every record is valid, 1 if
    /// any is not, 2 if an input cannot be read.
    #[command(args_override_self = true, after_help = check::EXAMPLES)]
    Check(check::CheckArgs),
    /// Measure how far grids are from uniformly random.
    ///
    /// Generates grids (same options as generation) or reads them from the
    /// files named (`sudogen stats FILE`, or --input FILE; `-` is standard
    /// input), and compares symbol frequencies, duplicates and, for 9x9,
    /// band classes and unavoidable rectangles with their values under the
    /// uniform distribution, with p-values. Puzzles read are also counted
    /// by their clues (mean, sd, how many have each count) and their
    /// Sudoku Explainer ratings.
    #[command(args_override_self = true, after_help = stats::EXAMPLES)]
    Stats(stats::StatsArgs),
    /// Solve puzzles, or count their solutions: any format sudogen reads,
    /// any size.
    ///
    /// Writes one solution per puzzle, in input order. A puzzle with no
    /// solution or several is reported on standard error (`FILE:LINE: no
    /// solution`, `2+ solutions`) and written as it was; the run then
    /// exits 1. A record that cannot be read is reported too, and
    /// `unreadable` stands in its place (in JSON,
    /// `{"index":I,"error":"..."}`), so the answers line up with the
    /// records, with --count too; the run then exits 2.
    #[command(args_override_self = true, after_help = solve::EXAMPLES)]
    Solve(solve::SolveArgs),
    /// Rate puzzles on the Sudoku Explainer scale: rating, level, hardest
    /// technique, and with --explain every step.
    ///
    /// Writes `PUZZLE RATING LEVEL HARDEST` per puzzle in the line format,
    /// SE's exact rating over the whole scale at classic 9x9, nested
    /// forcing chains (9.0 to about 12) included; with --ep and --ed, SE's
    /// pearl and diamond ratings too. On other shapes and variants the
    /// number is a technique level on the same scale (JSON's `scale`). `9.5+`
    /// marks a lower bound: --work stopped the nested chains (or, beyond
    /// classic 4x4 and 9x9, `6.5+`: chains are not searched).
    /// Levels: easy 1.0-1.5, medium 1.6-2.5, hard 2.6-4.4, expert 4.5-6.4,
    /// fiendish 6.5 and up. A puzzle without exactly one solution is reported and the
    /// run exits 1; malformed input exits 2.
    #[command(args_override_self = true, after_help = rate::EXAMPLES)]
    Rate(rate::RateArgs),
    /// Make puzzles with exactly one solution: minimal by default,
    /// optionally symmetric, from any strategy's grids.
    ///
    /// Puzzle i is made from grid i of `sudogen generate` with the same
    /// strategy, size and seed, and is the same bytes for every -j, --start
    /// and shard.
    #[command(args_override_self = true, after_help = puzzle::EXAMPLES)]
    Puzzle(puzzle::PuzzleArgs),
    /// The canonical (minlex) form of each grid or puzzle; with --distinct,
    /// the records without their isomorphs.
    ///
    /// Two records have the same form exactly when one is the other moved
    /// by a symmetry of the grid: digits relabelled, bands, stacks, rows in
    /// bands and columns in stacks permuted, the grid transposed. Three
    /// conventions: string (the smallest string, the default), pattern (the
    /// givens' positions first) and solution (by the solution grid's form).
    #[command(after_help = canon::EXAMPLES)]
    Canon(canon::CanonArgs),
    /// Move each record by a symmetry of the grid, its solution with it:
    /// random and reproducible from --seed and the record's index, or
    /// --given.
    #[command(after_help = transform::EXAMPLES)]
    Transform(transform::TransformArgs),
    /// Split a dataset into parts (train, validation, test) that keep all
    /// isomorphs of a puzzle together (with --by solution, all puzzles of
    /// one solution grid), reproducibly from --seed.
    #[command(after_help = split::EXAMPLES)]
    Split(split::SplitArgs),
    /// Typeset puzzles as a book: PDF or SVG pages, with the solutions at
    /// the back.
    ///
    /// Reads puzzle records in any format sudogen reads (with the
    /// solutions, ratings and levels they carry; every puzzle is solved in
    /// the book's shape, and a solution it carries must be the one found).
    /// Each puzzle is labelled with its number and, when known, its level
    /// and rating. Nothing is written unless every record is a puzzle with
    /// exactly one solution in the book's shape (exit 1; 2 for records
    /// that cannot be read).
    #[command(after_help = print::EXAMPLES)]
    Print(print::PrintArgs),
    /// Print a shell completion script to standard output
    #[command(after_help = completions::EXAMPLES)]
    Completions(completions::CompletionsArgs),
}

/// Runs the command the command line names.
pub fn run(cli: Cli) -> anyhow::Result<Exit> {
    match cli.command {
        None => generate::run(&cli.generate),
        Some(Command::Generate(args)) => generate::run(&args),
        Some(Command::Check(args)) => check::run(&args),
        Some(Command::Stats(args)) => stats::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Rate(args)) => rate::run(&args),
        Some(Command::Puzzle(args)) => puzzle::run(&args),
        Some(Command::Canon(args)) => canon::run(&args),
        Some(Command::Transform(args)) => transform::run(&args),
        Some(Command::Split(args)) => split::run(&args),
        Some(Command::Print(args)) => print::run(&args),
        Some(Command::Completions(args)) => completions::run(&args),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;
    use sudogen::strategies::Strategy;

    #[test]
    fn cli_is_well_formed() {
        Cli::command().debug_assert();
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

    /// Every command's help ends with worked examples.
    #[test]
    fn every_command_has_examples() {
        let mut cli = Cli::command();
        for sub in cli.get_subcommands_mut() {
            let help = sub.render_help().to_string();
            let tail = help.split("Examples:").nth(1);
            let examples = tail.map_or(0, |t| t.lines().filter(|l| l.contains("sudogen")).count());
            assert!((2..=6).contains(&examples), "{}: {help}", sub.get_name());
        }
    }
}
