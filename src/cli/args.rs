//! The argument groups several commands share, each declared once and
//! flattened into the commands that take it (`#[command(flatten)]`), with
//! what each resolves to.

use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};

use clap::Args;

use super::exit::{UsageError, usage};
use super::io::{Output, open_output};
use super::parse::{
    SizeParser, VariantKind, choice, parse_box, parse_budget, parse_count, parse_jobs, parse_seed,
    parse_start,
};
use sudogen::format::unpack::Unpacked;
use sudogen::format::{Format, Symbols, symbols};
use sudogen::grid::{A, Layout, Shape, Size, Variant};
use sudogen::solve::{Budget, DEFAULT_BUDGET};
use sudogen::strategies::{Strategy, UnsupportedSize};

/// The grids to make: strategy and size.
#[derive(Debug, Args)]
pub struct GridArgs {
    /// The generation algorithm [default: uniform for 4x4, 9x9, and 6x6
    /// with boxes 2x3, without a variant; search for the variants;
    /// backtrack for the other shapes]
    #[arg(short, long, value_parser = choice::<Strategy>())]
    pub strategy: Option<Strategy>,

    /// Side length of the grids, with its usual boxes (6: 2x3, 8: 2x4, 10:
    /// 2x5, 12: 3x4, 15: 3x5, 20: 4x5, ...) [default: 9]
    #[arg(long, value_parser = SizeParser, value_name = "4|6|8|9|...|25")]
    pub size: Option<Size>,

    #[command(flatten)]
    pub shape: ShapeArgs,
}

impl GridArgs {
    /// The shape asked for: the size (9x9 by default), its boxes and its
    /// variant; a usage error for one that cannot be.
    pub fn shape(&self) -> anyhow::Result<Shape> {
        self.shape_for(self.size)
    }

    /// [`GridArgs::shape`] with the side `size` gives (`--size`, or the
    /// size an alphabet implies), boxes and variant as asked.
    pub fn shape_for(&self, size: Option<Size>) -> anyhow::Result<Shape> {
        let (size, variant) = self.shape.resolve(size)?;
        let size = size.unwrap_or(Size::S9);
        let variant = variant.unwrap_or_default();
        let name = variant.name();
        Shape::new(size, variant).map_err(|e| usage(format!("--variant {name}: {e}")))
    }

    /// The strategy asked for, or the default, for grids of `shape`; a
    /// usage error if it cannot make them.
    pub fn strategy_for(&self, shape: &Shape) -> anyhow::Result<Strategy> {
        let strategy = self.strategy.unwrap_or(Strategy::default_for(shape));
        strategy.check_size(shape).map_err(unsupported)?;
        Ok(strategy)
    }
}

/// A strategy asked for a shape it cannot make, as a usage error that
/// says which shapes it makes and which strategies make this one.
fn unsupported(e: UnsupportedSize) -> UsageError {
    let others: Vec<&str> = e.others().iter().map(|s| s.name()).collect();
    UsageError(format!(
        "strategy '{}' cannot make {} (it makes {}); use a strategy that can: {}",
        e.strategy,
        e.shape.of("grids"),
        e.strategy.reach(),
        others.join(", ")
    ))
}

/// The shape of the grids beyond their side: boxes and variant.
#[derive(Debug, Args)]
pub struct ShapeArgs {
    /// Boxes R rows tall and C columns wide, for a side of R·C (3x4: 12x12
    /// with boxes of 3 rows and 4 columns) [default: the side's usual
    /// boxes]
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub boxes: Option<(usize, usize)>,

    /// The variant: x (both long diagonals are units too), hyper (four more
    /// 3x3 units at rows and columns 2-4 and 6-8, 9x9 only), jigsaw (the
    /// regions of --regions in place of the boxes; without --regions,
    /// generate and puzzle draw a new map for every grid, written by the
    /// formats that carry a map a record: line, csv, json, solo, fpuzzles,
    /// sudokupad), killer and
    /// x-killer (puzzle cuts each grid into cages with sums; the commands
    /// that read take the cages each record carries) [default: none]
    #[arg(long, value_parser = choice::<VariantKind>())]
    pub variant: Option<VariantKind>,

    /// The regions of a jigsaw grid: N·N letters, one per cell row by row
    /// (cells of one letter form a region of N cells; white space is
    /// skipped), or a file holding them; implies --variant jigsaw
    #[arg(long, value_name = "LAYOUT")]
    pub regions: Option<String>,
}

impl ShapeArgs {
    /// Whether a run that makes grids draws a jigsaw map for each one:
    /// `--variant jigsaw` without `--regions`.
    pub fn draws_layouts(&self) -> bool {
        self.variant == Some(VariantKind::Jigsaw) && self.regions.is_none()
    }

    /// Whether killer puzzles are asked for (`--variant killer` or
    /// `x-killer`): their cages come with each puzzle, the shape's units
    /// being those of the variant beside it.
    pub fn is_killer(&self) -> bool {
        self.variant.is_some_and(VariantKind::is_killer)
    }

    /// The size to make or read records as (`size` is `--size`'s; `None`:
    /// inferred from each record read), and the variant asked for, if any.
    pub fn resolve(&self, size: Option<Size>) -> anyhow::Result<(Option<Size>, Option<Variant>)> {
        let kind = self
            .variant
            .or(self.regions.as_ref().map(|_| VariantKind::Jigsaw));
        if kind == Some(VariantKind::Jigsaw) {
            let Some(text) = &self.regions else {
                return Err(usage(
                    "--variant jigsaw needs its regions; give --regions LAYOUT (N·N letters, one per cell, or a file holding them)",
                ));
            };
            if self.boxes.is_some() {
                return Err(usage(
                    "--box does not go with jigsaw regions, which take the boxes' place; leave out --box",
                ));
            }
            let layout = read_layout(text)?;
            if let Some(size) = size.filter(|s| s.side() != layout.side()) {
                return Err(usage(format!(
                    "--regions is {} map but --size is {}; leave out --size (the map gives the side)",
                    A(format_args!("{n}x{n}", n = layout.side())),
                    size.side()
                )));
            }
            let shape = Shape::jigsaw(layout);
            return Ok((Some(shape.size()), Some(shape.variant().clone())));
        }
        if self.regions.is_some() {
            return Err(usage(
                "--regions goes with --variant jigsaw only; leave out --variant, or --regions",
            ));
        }
        let size = match (size, self.boxes) {
            (size, None) => size,
            (None, Some((r, c))) => {
                Some(Size::boxed(r * c, r, c).map_err(|e| usage(e.to_string()))?)
            }
            (Some(size), Some((r, c))) => Some(Size::boxed(size.side(), r, c).map_err(|e| {
                usage(format!(
                    "--box {r}x{c} does not fit --size {}: {e}",
                    size.side()
                ))
            })?),
        };
        let variant = kind.map(|k| match k {
            VariantKind::X | VariantKind::XKiller => Variant::X,
            VariantKind::Hyper => Variant::Hyper,
            VariantKind::None | VariantKind::Jigsaw | VariantKind::Killer => Variant::None,
        });
        if variant == Some(Variant::Hyper) {
            // Hyper reads and makes 9x9 grids only.
            let size = size.unwrap_or(Size::S9);
            Shape::new(size, Variant::Hyper)
                .map_err(|e| usage(format!("--variant hyper: {e}; use --size 9")))?;
            return Ok((Some(size), variant));
        }
        Ok((size, variant))
    }
}

/// The region map of `--regions`: the letters given, or those of the file
/// they name (where a line starting with `#` is a comment). A value that
/// is no map and looks like a path (a `/`, a `.`) is a file that is not
/// there.
fn read_layout(text: &str) -> anyhow::Result<Layout> {
    let path = Path::new(text);
    if path.is_file() {
        let letters = std::fs::read_to_string(path)
            .map_err(|e| usage(format!("--regions {text}: cannot read the file: {e}")))?;
        let letters: String = letters
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n");
        return Layout::parse(&letters).map_err(|e| usage(format!("--regions {text}: {e}")));
    }
    Layout::parse(text).map_err(|e| {
        if text.contains(['/', '.', '\\']) {
            let what = if path.exists() {
                "is not a file"
            } else {
                "no such file"
            };
            usage(format!(
                "--regions {text}: {what}; name a file of region letters, or give the letters themselves (N·N, one per cell)"
            ))
        } else {
            usage(format!("--regions: {e}"))
        }
    })
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
    /// Files to read, plain or packed in gzip, zip or .npz (`-` or none:
    /// standard input)
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Read every grid as this size [default: inferred from each record]
    #[arg(long, value_parser = SizeParser, value_name = "4|6|8|9|...|25")]
    pub size: Option<Size>,

    #[command(flatten)]
    pub shape: ShapeArgs,

    /// Read every record in this format [default: detected line by line]
    #[arg(long, value_name = "FORMAT", value_parser = choice::<Format>())]
    pub input_format: Option<Format>,

    /// Other characters that mean an empty cell in the records read, any
    /// but the digits 1-9 (`·` too; `.`, `0`, `-`, `_` and `*` always do)
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
    /// The size, if forced (given, or implied by the alphabet, a box or a
    /// region map).
    pub size: Option<Size>,
    /// The variant every record is read with, if one was given.
    pub variant: Option<Variant>,
    /// Another alphabet, if any.
    pub symbols: Option<Symbols>,
    /// Other characters that mean an empty cell.
    pub empty: String,
}

impl Input {
    /// A reader of one of the inputs, with every reading option (and the
    /// solutions array an `.npz` holds beside its puzzles).
    pub fn reader(&self, mut inner: Unpacked) -> sudogen::format::read::Reader<Unpacked> {
        let solutions = inner.solutions.take();
        sudogen::format::read::Reader::new(inner, self.format, self.size)
            .with_symbols(self.symbols.clone())
            .with_empty(&self.empty)
            .with_variant(self.variant.clone())
            .with_npy_solutions(solutions)
    }
}

impl InputArgs {
    /// [`InputArgs::resolve`] for a command whose symmetries are the
    /// classic ones (`canon`, `transform`, `split`): a variant is a usage
    /// error, since those symmetries would not keep its units.
    pub fn resolve_plain(&self, command: &str) -> anyhow::Result<Input> {
        let input = self.resolve()?;
        if let Some(variant) = input.variant.as_ref().filter(|v| **v != Variant::None) {
            return Err(usage(format!(
                "sudogen {command} works on grids without a variant (its symmetries would not keep the units of --variant {}); leave out --variant and --regions",
                variant.name()
            )));
        }
        Ok(input)
    }

    /// Resolves the options: the files (standard input if none), and the
    /// size to read every record as (given, or implied by `--symbols`).
    pub fn resolve(&self) -> anyhow::Result<Input> {
        let (size, symbols) = match self.symbols.resolve(self.size)? {
            Some((size, symbols)) => (Some(size), Some(symbols)),
            None => (self.size, None),
        };
        let (size, variant) = self.shape.resolve(size)?;
        let files = if self.files.is_empty() {
            vec![PathBuf::from("-")]
        } else {
            self.files.clone()
        };
        let empty = self.empty.clone().unwrap_or_default();
        if let Some(c) = empty.chars().find(|c| ('1'..='9').contains(c)) {
            return Err(usage(format!(
                "--empty {empty}: '{c}' is a symbol, not an empty cell; name other characters"
            )));
        }
        if let Some(c) = empty.chars().find(|c| c.is_whitespace() || c.is_control()) {
            return Err(usage(format!(
                "--empty: '{}' separates or ends cells, it cannot be one; name other characters",
                c.escape_debug()
            )));
        }
        Ok(Input {
            files,
            format: self.input_format,
            size,
            variant,
            symbols,
            empty,
        })
    }
}

/// Another alphabet for the records read.
#[derive(Debug, Args)]
pub struct SymbolsArgs {
    /// The symbols of the values 1, 2, 3, ..., in the records read and
    /// written (line and grid formats, CSV puzzle strings): one per value,
    /// so their number gives the size; letters, digits or any characters
    /// beyond ASCII; ranges as 1-9A-G, A-P or 0-F (hex). `.` is an empty
    /// cell
    #[arg(long, value_name = "ALPHABET")]
    pub symbols: Option<String>,
}

impl SymbolsArgs {
    /// The alphabet and the size it implies, if one was given: a usage
    /// error unless it names as many distinct ASCII letters or digits as
    /// a side with boxes (4, 6, 8, 9, ... 25), and agrees with `size`
    /// (the `--size` given, if any).
    pub fn resolve(&self, size: Option<Size>) -> anyhow::Result<Option<(Size, Symbols)>> {
        let Some(written) = &self.symbols else {
            return Ok(None);
        };
        // The library speaks of "the symbols"; here they are the option's.
        let flag = |e: String| usage(e.replacen("the symbols", "--symbols", 1));
        let alphabet =
            &symbols::expand(written).map_err(|e| usage(format!("--symbols {written}: {e}")))?;
        let count = alphabet.chars().count();
        let implied = Size::from_side(count).ok_or_else(|| {
            usage(format!(
                "--symbols has {count} characters; use {}, one per value",
                super::parse::sides()
            ))
        })?;
        if let Some(size) = size.filter(|&s| s != implied) {
            return Err(usage(format!(
                "--symbols has {count} characters but --size is {}",
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
    /// Output format [default: the output file's extension (.txt, .csv,
    /// .json, .jsonl, .npy), else grid on a terminal and line otherwise]
    #[arg(short, long, value_parser = choice::<Format>())]
    pub format: Option<Format>,

    /// Write to FILE instead of standard output (`-`: standard output):
    /// whole or not at all, keeping its mode; a link, FIFO or device is
    /// written through, never replaced
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// The file name extensions that stand for record formats, and the
/// formats each may hold (the first is the one it chooses when `-f` is
/// not given). Any other extension names no format: then `-f`, or the
/// default, decides.
pub const EXTENSIONS: Extensions = &[
    ("txt", &["line", "grid", "sudokupad"]),
    ("csv", &["csv", "kaggle", "kaggle-3m", "extreme"]),
    ("json", &["json", "fpuzzles"]),
    ("jsonl", &["json", "fpuzzles"]),
    ("ndjson", &["json", "fpuzzles"]),
    ("npy", &["npy"]),
    ("solo", &["solo"]),
    ("fpuzzles", &["fpuzzles"]),
    ("sudokupad", &["sudokupad"]),
];

/// File name extensions (lower case), each with the formats it may hold.
pub type Extensions = &'static [(&'static str, &'static [&'static str])];

/// A format's name, and the format of a name.
pub type Names<F> = (fn(F) -> &'static str, fn(&str) -> Option<F>);

/// Chooses the format of a file written to `path`: `asked` (`-f`) when it
/// fits the file's extension, else the first format the extension stands
/// for in `extensions`, else `default`. `-f` against the extension (`-f
/// csv -o y.json`) is a usage error: the file would hold one format under
/// another's name.
pub fn format_for_file<F: Copy>(
    path: Option<&Path>,
    asked: Option<F>,
    extensions: Extensions,
    (name, named): Names<F>,
    default: F,
) -> anyhow::Result<F> {
    let known = |p: &Path| {
        let extension = p.extension()?.to_str()?.to_ascii_lowercase();
        let (_, formats) = extensions.iter().find(|(e, _)| *e == extension)?;
        Some((extension, *formats))
    };
    let Some((path, (extension, formats))) = path.and_then(|p| Some((p, known(p)?))) else {
        return Ok(asked.unwrap_or(default));
    };
    let Some(asked) = asked else {
        return Ok(named(formats[0]).unwrap_or(default));
    };
    let asked_name = name(asked);
    if formats.contains(&asked_name) {
        return Ok(asked);
    }
    let instead = extensions
        .iter()
        .find(|(_, f)| f.contains(&asked_name))
        .map_or(String::new(), |(e, _)| {
            format!(", or name it {}", path.with_extension(e).display())
        });
    Err(usage(format!(
        "-f {asked_name} would write {asked_name} into {}, a .{extension} name; leave out -f to write {}{instead}",
        path.display(),
        formats[0]
    )))
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

    /// The format asked for, else the one the output file's extension
    /// stands for, else `grid` on a terminal and `line` elsewhere; a usage
    /// error when `-f` and the extension disagree.
    pub fn format(&self) -> anyhow::Result<Format> {
        let default = if self.is_terminal() {
            Format::GRID
        } else {
            Format::LINE
        };
        format_for_file(
            self.path(),
            self.format,
            EXTENSIONS,
            (Format::name, Format::named),
            default,
        )
    }

    /// Opens the output, refusing a file that is also one of `inputs`.
    pub fn open_for(&self, inputs: &[PathBuf]) -> anyhow::Result<Output> {
        open_output(self.path(), inputs)
    }
}
