//! The argument groups several commands share, each declared once and
//! flattened into the commands that take it (`#[command(flatten)]`), with
//! what each resolves to.

use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};

use clap::Args;

use super::exit::{UsageError, usage};
use super::io::{Output, open_output};
use super::parse::{
    SizeParser, choice, parse_budget, parse_count, parse_jobs, parse_seed, parse_start,
};
use sudogen::format::{Format, Symbols, symbols};
use sudogen::grid::Size;
use sudogen::solve::{Budget, DEFAULT_BUDGET};
use sudogen::strategies::{Strategy, UnsupportedSize};

/// The grids to make: strategy and size.
#[derive(Debug, Args)]
pub struct GridArgs {
    /// The generation algorithm [default: uniform for 4x4 and 9x9, backtrack
    /// for 16x16 and 25x25]
    #[arg(short, long, value_parser = choice::<Strategy>())]
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
        self.strategy_for(self.size())
    }

    /// The strategy asked for, or the default, for grids of `size`; a usage
    /// error if it cannot make them.
    pub fn strategy_for(&self, size: Size) -> anyhow::Result<Strategy> {
        let strategy = self.strategy.unwrap_or(Strategy::default_for(size));
        strategy.check_size(size).map_err(unsupported)?;
        Ok(strategy)
    }
}

/// A strategy asked for a size it cannot make, as a usage error that says
/// which sizes and strategies to use instead.
fn unsupported(e: UnsupportedSize) -> UsageError {
    let sides: Vec<String> = e
        .strategy
        .sizes()
        .iter()
        .map(|s| s.side().to_string())
        .collect();
    let others: Vec<&str> = e.others().iter().map(|s| s.name()).collect();
    UsageError(format!(
        "strategy '{}' cannot make {} grids; use --size {}, or a strategy that can: {}",
        e.strategy,
        e.size,
        sides.join(", "),
        others.join(", ")
    ))
}

/// Which records of a run: seed, first index, count.
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
            return Err(usage(
                "--start plus --count is past the last index (2^64 - 1); use a smaller --start or --count",
            ));
        }
        Ok(())
    }
}

/// How many threads.
#[derive(Debug, Args)]
pub struct JobsArgs {
    /// Worker threads [default: the available cores]; the output is the
    /// same for every value
    #[arg(short, long, value_name = "N", value_parser = parse_jobs, allow_negative_numbers = true)]
    pub jobs: Option<usize>,
}

impl JobsArgs {
    /// The threads asked for, or the available cores.
    pub fn get(&self) -> usize {
        self.jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
    }
}

/// How hard to search each puzzle.
#[derive(Debug, Args)]
pub struct BudgetArgs {
    /// Guesses one puzzle's search may make; a puzzle it cannot settle
    /// within them is reported, and the run exits 1
    #[arg(long, value_name = "GUESSES", default_value_t = DEFAULT_BUDGET,
          value_parser = parse_budget, allow_negative_numbers = true)]
    pub budget: Budget,
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

    /// Read every record in this format [default: detected line by line]
    #[arg(long, value_name = "FORMAT", value_parser = choice::<Format>())]
    pub input_format: Option<Format>,

    /// Other characters that mean an empty cell in the records read (`.`,
    /// `0`, `-`, `_` and `*` always do)
    #[arg(long, value_name = "CHARS")]
    pub empty: Option<String>,

    #[command(flatten)]
    pub symbols: SymbolsArgs,
}

/// Where records come from, every option resolved.
#[derive(Clone, Debug)]
pub struct Input {
    /// The inputs (`-`: standard input).
    pub files: Vec<PathBuf>,
    /// The input format, if forced.
    pub format: Option<Format>,
    /// The size, if forced (given, or implied by the alphabet).
    pub size: Option<Size>,
    /// Another alphabet, if any.
    pub symbols: Option<Symbols>,
    /// Other characters that mean an empty cell.
    pub empty: Vec<u8>,
}

impl Input {
    /// A reader of one of the inputs, with every reading option.
    pub fn reader<R: std::io::Read>(&self, inner: R) -> sudogen::format::read::Reader<R> {
        sudogen::format::read::Reader::new(inner, self.format, self.size)
            .with_symbols(self.symbols.clone())
            .with_empty(&self.empty)
    }
}

impl InputArgs {
    /// Resolves the options: the files (standard input if none), and the
    /// size to read every record as (given, or implied by `--symbols`).
    pub fn resolve(&self) -> anyhow::Result<Input> {
        let (size, symbols) = match self.symbols.resolve(self.size)? {
            Some((size, symbols)) => (Some(size), Some(symbols)),
            None => (self.size, None),
        };
        let files = if self.files.is_empty() {
            vec![PathBuf::from("-")]
        } else {
            self.files.clone()
        };
        let empty = self.empty.clone().unwrap_or_default();
        if let Some(c) = empty
            .chars()
            .find(|c| !c.is_ascii() || ('1'..='9').contains(c))
        {
            return Err(usage(format!(
                "--empty {empty}: '{c}' is a symbol, not an empty cell; name other characters"
            )));
        }
        Ok(Input {
            files,
            format: self.input_format,
            size,
            symbols,
            empty: empty.into_bytes(),
        })
    }
}

/// Another alphabet for the records read.
#[derive(Debug, Args)]
pub struct SymbolsArgs {
    /// The symbols of the values 1, 2, 3, ..., in the records read and
    /// written (line and grid formats, CSV puzzle strings): one per value,
    /// so their number gives the size; ranges as 1-9A-G, A-P or 0-F (hex).
    /// `.` is an empty cell
    #[arg(long, value_name = "ALPHABET")]
    pub symbols: Option<String>,
}

impl SymbolsArgs {
    /// The alphabet and the size it implies, if one was given: a usage
    /// error unless it names 4, 9, 16 or 25 distinct ASCII letters or
    /// digits, and agrees with `size` (the `--size` given, if any).
    pub fn resolve(&self, size: Option<Size>) -> anyhow::Result<Option<(Size, Symbols)>> {
        let Some(written) = &self.symbols else {
            return Ok(None);
        };
        // The library speaks of "the symbols"; here they are the option's.
        let flag = |e: String| usage(e.replacen("the symbols", "--symbols", 1));
        Symbols::ascii(written).map_err(flag)?;
        let alphabet =
            &symbols::expand(written).map_err(|e| usage(format!("--symbols {written}: {e}")))?;
        let implied = Size::from_side(alphabet.len()).ok_or_else(|| {
            usage(format!(
                "--symbols has {} characters; use 4, 9, 16 or 25, one per value",
                alphabet.len()
            ))
        })?;
        if let Some(size) = size.filter(|&s| s != implied) {
            return Err(usage(format!(
                "--symbols has {} characters but --size is {}",
                alphabet.len(),
                size.side()
            )));
        }
        let symbols = Symbols::new(alphabet, implied).map_err(flag)?;
        Ok(Some((implied, symbols)))
    }
}

/// Where and how to write records.
#[derive(Debug, Args)]
pub struct OutputArgs {
    /// Output format [default: grid on a terminal, line otherwise]
    #[arg(short, long, value_parser = choice::<Format>())]
    pub format: Option<Format>,

    /// Write to FILE instead of standard output (`-`: standard output)
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

impl OutputArgs {
    /// The output file, `None` for standard output.
    pub fn path(&self) -> Option<&Path> {
        self.output.as_deref().filter(|p| p.as_os_str() != "-")
    }

    /// Whether the output is a terminal.
    pub fn is_terminal(&self) -> bool {
        self.path().is_none() && io::stdout().is_terminal()
    }

    /// The format asked for, or `grid` on a terminal and `line` elsewhere.
    pub fn format(&self) -> Format {
        self.format.unwrap_or(if self.is_terminal() {
            Format::GRID
        } else {
            Format::LINE
        })
    }

    /// Opens the output, refusing a file that is also one of `inputs`.
    pub fn open_for(&self, inputs: &[PathBuf]) -> anyhow::Result<Output> {
        open_output(self.path(), inputs)
    }
}
