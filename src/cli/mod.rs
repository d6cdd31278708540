//! The command line: one file per command, each `Args` (clap's derive; the
//! doc comments are the `--help` text) → `Config` (every option resolved)
//! → `run`. The argument groups several commands share are declared once
//! here and flattened in.

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::{Args, Parser, Subcommand};

use crate::format::{Format, Symbols};
use crate::grid::{Size, or_list};
use crate::pipeline::MAX_JOBS;
use crate::strategies::Strategy;

pub mod check;
pub mod completions;
pub mod generate;
pub mod progress;
pub mod puzzle;
pub mod rate;
pub mod records;
pub mod solve;
pub mod stats;

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
    #[command(args_override_self = true)]
    Generate(generate::GenerateArgs),
    /// Check that grids and puzzles are valid: any format sudogen writes,
    /// any size.
    ///
    /// A record with empty cells is a puzzle, valid if no given repeats
    /// (with --unique, if it has exactly one solution); a complete record
    /// is a grid. Prints one line per bad record (`FILE:LINE: what is
    /// wrong`) and a summary. Exit status 0 if every record is valid, 1 if
    /// any is not, 2 if an input cannot be read.
    #[command(args_override_self = true)]
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
    #[command(args_override_self = true)]
    Stats(stats::StatsArgs),
    /// Solve puzzles, or count their solutions: any format sudogen reads,
    /// any size.
    ///
    /// Writes one solution per puzzle, in input order. A puzzle with no
    /// solution or several is reported on standard error (`FILE:LINE: no
    /// solution`, `2+ solutions`) and written as it was; the run then exits
    /// 1. Malformed input exits 2.
    #[command(args_override_self = true)]
    Solve(solve::SolveArgs),
    /// Rate puzzles on the Sudoku Explainer scale: rating, level, hardest
    /// technique, and with --explain every step.
    ///
    /// Writes `PUZZLE RATING LEVEL HARDEST` per puzzle in the line format
    /// (`9.0+` marks a lower bound: the puzzle needs nested forcing chains,
    /// SE 9.0 and up, which sudogen does not implement yet).
    /// Levels: easy 1.0-1.5, medium 1.6-2.5, hard 2.6-4.4, expert 4.5-6.4,
    /// fiendish 6.5 and up. A puzzle without exactly one solution is reported and the
    /// run exits 1; malformed input exits 2.
    #[command(args_override_self = true)]
    Rate(rate::RateArgs),
    /// Make puzzles with exactly one solution: minimal by default,
    /// optionally symmetric, from any strategy's grids.
    ///
    /// Puzzle i is made from grid i of `sudogen generate` with the same
    /// strategy, size and seed, and is the same bytes for every -j, --start
    /// and shard.
    #[command(args_override_self = true)]
    Puzzle(puzzle::PuzzleArgs),
    /// Print a shell completion script to standard output
    Completions(completions::CompletionsArgs),
}

/// How a command ended, as the process exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Exit {
    /// Everything went well.
    Success = 0,
    /// Invalid grids were found, or an error happened while running.
    Failure = 1,
    /// The usage was wrong, or an input could not be read.
    Usage = 2,
}

/// A usage error found after parsing (exit status 2): what is wrong and
/// what to do instead.
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// An input could not be read (exit status 2).
#[derive(Debug)]
pub struct Unreadable(pub String);

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unreadable {}

/// Whether an error is, at its root, the reader of our output going away
/// (`sudogen ... | head`).
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// The exit status an error calls for: 2 for usage errors and unreadable
/// input, 1 for everything else.
pub fn exit_for(err: &anyhow::Error) -> Exit {
    if err.is::<UsageError>() || err.is::<Unreadable>() {
        Exit::Usage
    } else {
        Exit::Failure
    }
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
        Some(Command::Completions(args)) => completions::run(&args),
    }
}

/// The grids to make: strategy and size.
#[derive(Debug, Args)]
pub struct GridArgs {
    /// The generation algorithm [default: uniform for 4x4 and 9x9, backtrack
    /// for 16x16 and 25x25]
    #[arg(short, long, value_enum)]
    pub strategy: Option<Strategy>,

    /// Side length of the grids [default: 9]
    #[arg(long, value_parser = SizeParser, value_name = "4|9|16|25")]
    pub size: Option<Size>,
}

impl GridArgs {
    /// The size asked for, or 9x9.
    pub fn size(&self) -> Size {
        self.size.unwrap_or(Size::S9)
    }

    /// The strategy asked for, or the default for the size; a usage error
    /// if it cannot make that size.
    pub fn strategy(&self) -> anyhow::Result<Strategy> {
        let strategy = self.strategy.unwrap_or(Strategy::default_for(self.size()));
        strategy
            .check_size(self.size())
            .map_err(|e| UsageError(e.to_string()))?;
        Ok(strategy)
    }
}

/// Which grids of a run: seed, first index, count.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// How many grids (0 writes none)
    #[arg(short = 'n', long, default_value_t = 1, value_name = "N",
          value_parser = parse_count, allow_negative_numbers = true)]
    pub count: u64,

    /// Seed of the run; without it one is drawn from the operating system
    /// (shown by --verbose and recorded in JSON output)
    #[arg(long, value_name = "u64", value_parser = parse_seed, allow_negative_numbers = true)]
    pub seed: Option<u64>,

    /// Index of the first grid: `--start K -n N` makes grids K..K+N of the
    /// run, exactly as a longer run would
    #[arg(long, default_value_t = 0, value_name = "INDEX",
          value_parser = parse_start, allow_negative_numbers = true)]
    pub start: u64,

    #[command(flatten)]
    #[allow(missing_docs)]
    pub jobs: JobsArgs,
}

impl RunArgs {
    /// The seed asked for, or one drawn from the operating system.
    pub fn seed(&self) -> u64 {
        self.seed.unwrap_or_else(rand::random)
    }

    /// A usage error if the run would go past the last index, 2^64 - 1
    /// (which itself can be made).
    pub fn check_range(&self) -> anyhow::Result<()> {
        if self.count > 0 && self.start.checked_add(self.count - 1).is_none() {
            return Err(UsageError(
                "--start plus --count is past the last index (2^64 - 1); use a smaller --start or --count"
                    .into(),
            )
            .into());
        }
        Ok(())
    }
}

/// How many threads.
#[derive(Debug, Args)]
pub struct JobsArgs {
    /// Worker threads [default: the available cores]; the output is the
    /// same for every value
    #[arg(short, long, value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<usize>,
}

impl JobsArgs {
    /// The threads asked for, or the available cores.
    pub fn get(&self) -> usize {
        self.jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
    }
}

/// What a long run reports on standard error.
#[derive(Debug, Args)]
pub struct ReportArgs {
    /// Print the seed and other details to standard error
    #[arg(short, long)]
    pub verbose: bool,

    /// Never show a progress bar (one is shown on a terminal for long runs)
    #[arg(short, long)]
    pub quiet: bool,
}

/// Where to read records from, and how.
#[derive(Debug, Args)]
pub struct InputArgs {
    /// Files to read (`-` or none: standard input)
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Read every grid as this size [default: inferred from each record]
    #[arg(long, value_parser = SizeParser, value_name = "4|9|16|25")]
    pub size: Option<Size>,

    #[command(flatten)]
    #[allow(missing_docs)]
    pub symbols: SymbolsArgs,
}

impl InputArgs {
    /// The inputs: the files, or standard input if none.
    pub fn files(&self) -> Vec<PathBuf> {
        if self.files.is_empty() {
            vec![PathBuf::from("-")]
        } else {
            self.files.clone()
        }
    }

    /// The size to read every record as (given, or implied by
    /// `--symbols`), and the alphabet.
    pub fn size_and_symbols(&self) -> anyhow::Result<(Option<Size>, Option<Symbols>)> {
        match self.symbols.resolve(self.size)? {
            Some((size, symbols)) => Ok((Some(size), Some(symbols))),
            None => Ok((self.size, None)),
        }
    }
}

/// Another alphabet for the records read.
#[derive(Debug, Args)]
pub struct SymbolsArgs {
    /// The symbols of the values 1, 2, 3, ... in the files read, for files
    /// written with another alphabet (16x16: ABCDEFGHIJKLMNOP); their
    /// number gives the size. `.` is an empty cell. `solve` and `rate`
    /// write their records with them too
    #[arg(long, value_name = "ALPHABET")]
    pub symbols: Option<String>,
}

impl SymbolsArgs {
    /// The alphabet and the size it implies, if one was given: a usage
    /// error unless it names 4, 9, 16 or 25 distinct ASCII letters or
    /// digits, and agrees with `size` (the `--size` given, if any).
    pub fn resolve(&self, size: Option<Size>) -> anyhow::Result<Option<(Size, Symbols)>> {
        let Some(alphabet) = &self.symbols else {
            return Ok(None);
        };
        Symbols::ascii(alphabet).map_err(UsageError)?;
        let implied = Size::from_side(alphabet.len()).ok_or_else(|| {
            UsageError(format!(
                "--symbols has {} characters; use 4, 9, 16 or 25, one per value",
                alphabet.len()
            ))
        })?;
        if let Some(size) = size.filter(|&s| s != implied) {
            return Err(UsageError(format!(
                "--symbols has {} characters but --size is {}",
                alphabet.len(),
                size.side()
            ))
            .into());
        }
        let symbols = Symbols::new(alphabet, implied).map_err(UsageError)?;
        Ok(Some((implied, symbols)))
    }
}

/// Where and how to write records.
#[derive(Debug, Args)]
pub struct OutputArgs {
    /// Output format [default: grid on a terminal, line otherwise]
    #[arg(short, long, value_enum)]
    pub format: Option<Format>,

    /// Write to FILE instead of standard output (`-`: standard output)
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

impl OutputArgs {
    /// The output file, `None` for standard output.
    fn path(&self) -> Option<&Path> {
        self.output.as_deref().filter(|p| p.as_os_str() != "-")
    }

    /// Whether the output is a terminal.
    pub fn is_terminal(&self) -> bool {
        self.path().is_none() && io::stdout().is_terminal()
    }

    /// The format asked for, or `grid` on a terminal and `line` elsewhere.
    pub fn format(&self) -> Format {
        self.format.unwrap_or(if self.is_terminal() {
            Format::Grid
        } else {
            Format::Line
        })
    }

    /// Opens the output, refusing a file that is also one of `inputs`
    /// (`-`: standard input): `-o` would empty it before it is read, and
    /// standard output appended to it (`>>`) would be read back as input
    /// while it grows, without end.
    pub fn open_for(&self, inputs: &[PathBuf]) -> anyhow::Result<Output> {
        let output = match self.path() {
            Some(path) => std::fs::metadata(path).ok(),
            None => metadata_of(&io::stdout()),
        };
        if let Some(output) = output.filter(|m| m.is_file()) {
            for input in inputs {
                let stdin = input.as_os_str() == "-";
                let meta = if stdin {
                    metadata_of(&io::stdin())
                } else {
                    std::fs::metadata(input).ok()
                };
                if meta.is_some_and(|m| same_file(&m, &output)) {
                    let what = if stdin {
                        "standard input is the output file".to_string()
                    } else {
                        format!("{} is both an input and the output", input.display())
                    };
                    return Err(
                        UsageError(format!("{what}; write the output to another file")).into(),
                    );
                }
            }
        }
        self.open()
    }

    /// Opens the output.
    pub fn open(&self) -> anyhow::Result<Output> {
        match self.path() {
            Some(path) => {
                let file = File::create(path)
                    .with_context(|| format!("cannot create {}", path.display()))?;
                Ok(Output::new(file, format!("writing {}", path.display())))
            }
            None => Output::stdout(),
        }
    }
}

/// A buffered output that names itself in errors.
pub struct Output {
    /// The buffered file.
    pub file: BufWriter<File>,
    /// What errors say: "writing to standard output", "writing FILE".
    pub what: String,
}

impl Output {
    fn new(file: File, what: String) -> Output {
        Output {
            file: BufWriter::with_capacity(1 << 16, file),
            what,
        }
    }

    /// Standard output, as a file of its own: unlike `io::stdout()`, a
    /// closed standard output is an error here, not silently ignored.
    pub fn stdout() -> anyhow::Result<Output> {
        let what = "writing to standard output".to_string();
        let file = stdout_file().context(what.clone())?;
        Ok(Output::new(file, what))
    }

    /// Flushes, naming the output in the error.
    pub fn finish(mut self) -> anyhow::Result<()> {
        self.file.flush().context(self.what)
    }
}

/// What the file behind standard input or output is (a terminal, a pipe,
/// a file...), if the system says.
#[cfg(unix)]
pub fn metadata_of(stream: &impl std::os::fd::AsFd) -> Option<std::fs::Metadata> {
    let fd = stream.as_fd().try_clone_to_owned().ok()?;
    File::from(fd).metadata().ok()
}

#[cfg(not(unix))]
pub fn metadata_of<T>(_stream: &T) -> Option<std::fs::Metadata> {
    None
}

/// Whether two files are one (the same device and file number); on
/// systems without those, never.
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        a.dev() == b.dev() && a.ino() == b.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = (a, b);
        false
    }
}

#[cfg(unix)]
fn stdout_file() -> io::Result<File> {
    use std::os::fd::AsFd;
    Ok(File::from(io::stdout().as_fd().try_clone_to_owned()?))
}

#[cfg(windows)]
fn stdout_file() -> io::Result<File> {
    use std::os::windows::io::AsHandle;
    Ok(File::from(io::stdout().as_handle().try_clone_to_owned()?))
}

/// The keys that end what is typed at a terminal.
#[cfg(windows)]
const END_OF_INPUT: &str = "Ctrl-Z and Enter";
/// The keys that end what is typed at a terminal.
#[cfg(not(windows))]
const END_OF_INPUT: &str = "Ctrl-D";

/// Opens an input: standard input for `-`, else the file. The error says
/// why it cannot be read, naming it.
fn open_input(path: &Path) -> Result<(String, Box<dyn Read + Send>), String> {
    if path.as_os_str() == "-" {
        if io::stdin().is_terminal() {
            // Someone at a terminal who left out the file would otherwise
            // see a run that waits without a word.
            warn(format_args!(
                "note: reading standard input from the terminal: paste puzzles or grids, then {END_OF_INPUT} (or name a file)"
            ));
        }
        return Ok(("<stdin>".into(), Box::new(io::stdin())));
    }
    let name = path.display().to_string();
    if path.is_dir() {
        return Err(format!("cannot read {name}: it is a directory"));
    }
    match File::open(path) {
        Ok(file) => Ok((name, Box::new(file))),
        Err(e) => Err(format!("cannot read {name}: {e}")),
    }
}

/// Opens each input in turn (`-`: standard input) and calls `each` with
/// its name and contents; an input that cannot be opened is reported
/// (`sudogen: error: cannot read ...`) and skipped. Returns whether every
/// input could be opened.
pub fn each_input(
    files: &[PathBuf],
    mut each: impl FnMut(&str, Box<dyn Read + Send>) -> anyhow::Result<()>,
) -> anyhow::Result<bool> {
    let mut all = true;
    for path in files {
        match open_input(path) {
            Ok((name, input)) => each(&name, input)?,
            Err(message) => {
                warn(format_args!("error: {message}"));
                all = false;
            }
        }
    }
    Ok(all)
}

/// The batches of a reader as a pipeline source, each of as many records
/// as `pace` asks for; a read error names the input and is
/// [`Unreadable`].
pub fn batches<'a, R: Read>(
    reader: &'a mut crate::format::read::Reader<R>,
    name: &'a str,
    pace: &'a crate::pipeline::Pace,
) -> impl FnMut() -> anyhow::Result<Option<crate::format::read::Batch>> + 'a {
    move || {
        reader
            .next_batch_of(pace.records())
            .map_err(|e| Unreadable(format!("cannot read {name}: {e}")).into())
    }
}

/// Prints a line to standard error; a failure to do so is ignored (there
/// is nowhere left to report it).
pub fn warn(message: impl std::fmt::Display) {
    let _ = writeln!(io::stderr().lock(), "sudogen: {message}");
}

/// `--size`: parsed by [`parse_size`], with the four sizes as its possible
/// values, so shell completion offers them.
#[derive(Clone, Copy, Debug)]
struct SizeParser;

impl clap::builder::TypedValueParser for SizeParser {
    type Value = Size;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Size, clap::Error> {
        parse_size(&value.to_string_lossy()).map_err(|message| {
            clap::Error::raw(
                clap::error::ErrorKind::InvalidValue,
                format!("invalid value for '--size': {message}\n"),
            )
            .with_cmd(cmd)
        })
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            ["4", "9", "16", "25"]
                .into_iter()
                .map(clap::builder::PossibleValue::new),
        ))
    }
}

/// Parses a side length.
fn parse_size(s: &str) -> Result<Size, String> {
    s.trim()
        .parse::<usize>()
        .ok()
        .and_then(Size::from_side)
        .ok_or_else(|| {
            format!(
                "'{s}' is not a grid size; use {}",
                or_list(Size::ALL.iter().map(|s| s.side()))
            )
        })
}

/// A whole-number option: what its number is (for the error), an example
/// of one, and the values allowed. Every whole-number option parses
/// through one, so a mistyped value says what to type instead of what
/// Rust's integer parser saw ("invalid digit found in string").
#[derive(Clone, Copy)]
struct Whole {
    what: &'static str,
    example: &'static str,
    min: u64,
    max: u64,
}

impl Whole {
    /// Any number, 0 or more.
    const fn any(what: &'static str, example: &'static str) -> Whole {
        Whole {
            what,
            example,
            min: 0,
            max: u64::MAX,
        }
    }

    /// The values allowed, in words.
    fn range(self) -> String {
        if self.max == u64::MAX {
            format!("{} or more", self.min)
        } else {
            format!("{} to {}", self.min, self.max)
        }
    }

    fn parse(self, s: &str) -> Result<u64, String> {
        let Whole { what, example, .. } = self;
        let t = s.trim();
        match t.parse::<u64>() {
            Ok(n) if (self.min..=self.max).contains(&n) => Ok(n),
            Ok(_) => Err(format!(
                "'{t}' is out of range for {what}; use {}",
                self.range()
            )),
            Err(e) => Err(match e.kind() {
                std::num::IntErrorKind::PosOverflow => {
                    format!("'{t}' is too large for {what}; the largest is {}", self.max)
                }
                _ if t
                    .strip_prefix('-')
                    .is_some_and(|r| r.parse::<u64>().is_ok()) =>
                {
                    format!("{what} cannot be negative; use {}", self.range())
                }
                _ => format!("'{t}' is not {what}; use a whole number such as {example}"),
            }),
        }
    }
}

/// Parses a count: a whole number, 0 or more.
fn parse_count(s: &str) -> Result<u64, String> {
    Whole::any("a count", "1000").parse(s)
}

/// Parses a seed: any 64-bit whole number.
fn parse_seed(s: &str) -> Result<u64, String> {
    Whole::any("a seed", "42").parse(s)
}

/// Parses the index of a run's first grid.
fn parse_start(s: &str) -> Result<u64, String> {
    Whole::any("an index", "1000").parse(s)
}

/// Parses a search budget: a number of guesses, 0 or more.
fn parse_budget(s: &str) -> Result<u64, String> {
    Whole::any("a number of guesses", "1000000").parse(s)
}

/// Parses a number of clues (the size's own bounds are checked later).
fn parse_clues(s: &str) -> Result<usize, String> {
    let whole = Whole {
        max: u64::try_from(usize::MAX).unwrap_or(u64::MAX),
        ..Whole::any("a number of clues", "30")
    };
    whole.parse(s).map(|n| n as usize)
}

/// Parses a solution limit: 1 or more.
fn parse_limit(s: &str) -> Result<u64, String> {
    let whole = Whole {
        min: 1,
        ..Whole::any("a solution limit", "1000")
    };
    whole.parse(s)
}

/// Parses a number of attempts per puzzle: 1 to a million.
fn parse_attempts(s: &str) -> Result<u64, String> {
    let whole = Whole {
        min: 1,
        max: 1_000_000,
        ..Whole::any("a number of attempts", "1000")
    };
    whole.parse(s)
}

/// Parses a number of worker threads: 1 to [`MAX_JOBS`].
fn parse_jobs(s: &str) -> Result<usize, String> {
    match s.trim().parse::<u64>() {
        Ok(n @ 1..) if n <= MAX_JOBS as u64 => Ok(n as usize),
        Ok(0) => Err("use at least 1 worker thread".into()),
        _ => Err(format!(
            "'{s}' is not a number of worker threads; use 1 to {MAX_JOBS} (this machine has {})",
            std::thread::available_parallelism().map_or(1, usize::from)
        )),
    }
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
    fn sizes_and_jobs_parse() {
        assert_eq!(parse_size("16"), Ok(Size::S16));
        assert!(parse_size("10").unwrap_err().contains("use 4, 9, 16 or 25"));
        assert_eq!(parse_jobs("2"), Ok(2));
        assert!(parse_jobs("0").is_err());
        assert!(parse_jobs("65535").unwrap_err().contains("use 1 to 256"));
    }

    #[test]
    fn whole_numbers_say_what_to_type() {
        let attempts = |s| parse_attempts(s).unwrap_err();
        assert_eq!(parse_seed(" 42 "), Ok(42));
        assert_eq!(parse_seed("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(parse_budget("0"), Ok(0));
        assert_eq!(parse_clues("30"), Ok(30));
        assert_eq!(parse_limit("1"), Ok(1));
        assert_eq!(parse_attempts("1000000"), Ok(1_000_000));
        assert_eq!(
            parse_seed("abc").unwrap_err(),
            "'abc' is not a seed; use a whole number such as 42"
        );
        assert_eq!(
            parse_start("-3").unwrap_err(),
            "an index cannot be negative; use 0 or more"
        );
        assert_eq!(
            parse_count("18446744073709551616").unwrap_err(),
            "'18446744073709551616' is too large for a count; the largest is 18446744073709551615"
        );
        assert_eq!(
            parse_limit("0").unwrap_err(),
            "'0' is out of range for a solution limit; use 1 or more"
        );
        assert_eq!(
            attempts("1000001"),
            "'1000001' is out of range for a number of attempts; use 1 to 1000000"
        );
        assert_eq!(
            attempts("-0.5"),
            "'-0.5' is not a number of attempts; use a whole number such as 1000"
        );
        assert!(parse_budget("1e6").unwrap_err().contains("such as 1000000"));
        assert!(
            parse_clues("-1")
                .unwrap_err()
                .contains("cannot be negative")
        );
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
