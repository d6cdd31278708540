//! Parsing option values: whole numbers that say what to type instead,
//! sizes, and the named choices of the library (strategies, formats,
//! symmetries, levels), offered with their descriptions.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};

use sudogen::format::{Content, Format};
use sudogen::grid::{A, Size, or_list};
use sudogen::pipeline::MAX_JOBS;
use sudogen::puzzle::Symmetry;
use sudogen::rate::Level;
use sudogen::solve::Budget;
use sudogen::strategies::Strategy;

/// A library type chosen by name on the command line.
pub trait Choice: Copy + Send + Sync + 'static {
    /// Every value, in the order `--help` lists them.
    fn all() -> Vec<Self>;
    /// Its name on the command line.
    fn name(self) -> &'static str;
    /// What it is, for `--help`.
    fn help(self) -> String;
}

/// The parser of a [`Choice`]: clap's own for its names (so a wrong value
/// gets clap's message, possible values and suggestion), mapped to the
/// value.
pub fn choice<T: Choice>() -> impl TypedValueParser<Value = T> {
    let values = T::all()
        .into_iter()
        .map(|v| PossibleValue::new(v.name()).help(v.help()));
    PossibleValuesParser::new(values).map(|name: String| {
        T::all()
            .into_iter()
            .find(|v| v.name() == name)
            .expect("clap accepts only the names listed")
    })
}

/// The parser of `-f` for a command whose records hold `content`: each
/// format's help says what those records look like. `npy` is offered only
/// where `npy` says (it is finished as arrays by `generate` and `puzzle`).
pub fn format_choice(content: Content, npy: bool) -> impl TypedValueParser<Value = Format> {
    let values = sudogen::format::FORMATS
        .iter()
        .filter(move |&&f| npy || f != Format::NPY)
        .map(move |f| PossibleValue::new(f.name()).help(f.spec().layout(content)));
    PossibleValuesParser::new(values)
        .map(|name: String| Format::named(&name).expect("clap accepts only the names listed"))
}

impl Choice for Strategy {
    fn all() -> Vec<Self> {
        Strategy::ALL.to_vec()
    }
    fn name(self) -> &'static str {
        Strategy::name(self)
    }
    fn help(self) -> String {
        Strategy::help(self)
    }
}

impl Choice for Format {
    fn all() -> Vec<Self> {
        sudogen::format::FORMATS.to_vec()
    }
    fn name(self) -> &'static str {
        Format::name(self)
    }
    fn help(self) -> String {
        self.description().to_string()
    }
}

impl Choice for Symmetry {
    fn all() -> Vec<Self> {
        Symmetry::ALL.to_vec()
    }
    fn name(self) -> &'static str {
        Symmetry::name(self)
    }
    fn help(self) -> String {
        self.description().to_string()
    }
}

impl Choice for Level {
    fn all() -> Vec<Self> {
        Level::ALL.to_vec()
    }
    fn name(self) -> &'static str {
        Level::name(self)
    }
    fn help(self) -> String {
        self.description().to_string()
    }
}

/// The variants by name on the command line (`jigsaw` takes its map from
/// `--regions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantKind {
    /// Rows, columns and boxes.
    None,
    /// Both long diagonals too.
    X,
    /// Four more 3x3 windows (9x9).
    Hyper,
    /// Regions in place of the boxes.
    Jigsaw,
    /// Killer cages with sums (puzzles draw their own).
    Killer,
    /// Killer cages and both long diagonals.
    XKiller,
}

impl VariantKind {
    /// Whether puzzles of this variant are killer puzzles.
    pub fn is_killer(self) -> bool {
        matches!(self, VariantKind::Killer | VariantKind::XKiller)
    }
}

impl Choice for VariantKind {
    fn all() -> Vec<Self> {
        vec![
            VariantKind::None,
            VariantKind::X,
            VariantKind::Hyper,
            VariantKind::Jigsaw,
            VariantKind::Killer,
            VariantKind::XKiller,
        ]
    }
    fn name(self) -> &'static str {
        match self {
            VariantKind::None => "none",
            VariantKind::X => "x",
            VariantKind::Hyper => "hyper",
            VariantKind::Jigsaw => "jigsaw",
            VariantKind::Killer => "killer",
            VariantKind::XKiller => "x-killer",
        }
    }
    fn help(self) -> String {
        match self {
            VariantKind::None => "Rows, columns and boxes",
            VariantKind::X => "X-Sudoku: both long diagonals hold every symbol too",
            VariantKind::Hyper => {
                "Hyper (Windoku): four more 3x3 windows, rows and columns 2-4 and 6-8 (9x9)"
            }
            VariantKind::Jigsaw => "Jigsaw: the regions of --regions in place of the boxes",
            VariantKind::Killer => {
                "Killer: cages whose cells add up to their sums, no symbol twice in a cage (puzzle draws the cages of each puzzle)"
            }
            VariantKind::XKiller => "Killer cages on an X-Sudoku",
        }
        .to_string()
    }
}

/// `--size`: parsed by [`parse_size`], with the sides that have boxes as
/// its possible values, so shell completion offers them.
#[derive(Clone, Copy, Debug)]
pub struct SizeParser;

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
        const SIDES: [&str; 15] = [
            "4", "6", "8", "9", "10", "12", "14", "15", "16", "18", "20", "21", "22", "24", "25",
        ];
        Some(Box::new(
            SIDES.into_iter().map(clap::builder::PossibleValue::new),
        ))
    }
}

/// The sides that have boxes, as a list for messages.
pub fn sides() -> String {
    or_list(Size::USUAL.iter().map(|s| s.side()))
}

/// Parses a side length: its usual boxes (`--box` gives others).
fn parse_size(s: &str) -> Result<Size, String> {
    let side = s.trim().parse::<usize>().ok();
    if let Some(size) = side.and_then(Size::from_side) {
        return Ok(size);
    }
    Err(match side {
        Some(n) if (4..=25).contains(&n) => format!(
            "{} grid has no boxes; use {}, or regions of your own with --variant jigsaw --regions LAYOUT",
            A(format_args!("{n}x{n}")),
            sides()
        ),
        _ => format!("'{s}' is not a grid size; use {}", sides()),
    })
}

/// Parses `--box RxC`: boxes R rows tall and C columns wide.
pub fn parse_box(s: &str) -> Result<(usize, usize), String> {
    let t = s.trim();
    let parsed = t
        .split_once(['x', 'X', '*'])
        .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)));
    match parsed {
        Some((r, c)) => Size::boxed(r * c, r, c)
            .map(|_| (r, c))
            .map_err(|e| format!("'{t}': {e}")),
        None => Err(format!(
            "'{t}' is not a box; write rows x columns, such as 2x3 (for 6x6) or 3x4 (for 12x12)"
        )),
    }
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
pub fn parse_count(s: &str) -> Result<u64, String> {
    Whole::any("a count", "1000").parse(s)
}

/// Parses a seed: any 64-bit whole number.
pub fn parse_seed(s: &str) -> Result<u64, String> {
    Whole::any("a seed", "42").parse(s)
}

/// Parses the index of a run's first grid.
pub fn parse_start(s: &str) -> Result<u64, String> {
    Whole::any("an index", "1000").parse(s)
}

/// Parses a search budget: a number of guesses, 0 or more.
pub fn parse_budget(s: &str) -> Result<Budget, String> {
    Whole::any("a number of guesses", "1000000")
        .parse(s)
        .map(Budget::new)
}

/// Parses a work budget for the nested forcing chains: units of work
/// (potentials followed), 0 or more.
pub fn parse_work(s: &str) -> Result<Budget, String> {
    Whole::any("an amount of work", "30000000")
        .parse(s)
        .map(Budget::new)
}

/// Parses a number of clues, negative ones included: the size's own range
/// is checked later, and a message that names it says more than "use 0
/// or more".
pub fn parse_clues(s: &str) -> Result<i64, String> {
    s.trim()
        .parse::<i64>()
        .map_err(|_| format!("'{s}' is not a number of clues; use a whole number such as 30"))
}

/// Parses a solution limit: 1 or more.
pub fn parse_limit(s: &str) -> Result<u64, String> {
    let whole = Whole {
        min: 1,
        ..Whole::any("a solution limit", "1000")
    };
    whole.parse(s)
}

/// Parses a number of attempts per puzzle: 1 to a million.
pub fn parse_attempts(s: &str) -> Result<u64, String> {
    let whole = Whole {
        min: 1,
        max: sudogen::runs::MAX_ATTEMPTS,
        ..Whole::any("a number of attempts", "1000")
    };
    whole.parse(s)
}

/// Parses a number of worker threads: 1 to [`MAX_JOBS`].
pub fn parse_jobs(s: &str) -> Result<usize, String> {
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

    #[test]
    fn sizes_and_jobs_parse() {
        assert_eq!(parse_size("16"), Ok(Size::S16));
        assert_eq!(parse_size("6").map(|s| s.box_text()), Ok("2x3".to_string()));
        assert!(
            parse_size("30")
                .unwrap_err()
                .contains("use 4, 6, 8, 9, 10, 12")
        );
        assert!(parse_size("7").unwrap_err().contains("no boxes"));
        assert_eq!(parse_box("3x4"), Ok((3, 4)));
        assert!(parse_box("1x9").unwrap_err().contains("at least 2 rows"));
        assert!(parse_box("three").unwrap_err().contains("such as 2x3"));
        assert_eq!(parse_jobs("2"), Ok(2));
        assert!(parse_jobs("0").is_err());
        assert!(parse_jobs("65535").unwrap_err().contains("use 1 to 256"));
    }

    #[test]
    fn whole_numbers_say_what_to_type() {
        let attempts = |s| parse_attempts(s).unwrap_err();
        assert_eq!(parse_seed(" 42 "), Ok(42));
        assert_eq!(parse_seed("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(parse_budget("0"), Ok(Budget::new(0)));
        assert_eq!(parse_clues("30"), Ok(30));
        assert_eq!(parse_clues("-1"), Ok(-1));
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
        assert!(parse_clues("x").unwrap_err().contains("such as 30"));
    }
}
