//! What every format reads and writes: the [`Record`] (a grid or puzzle
//! with what a command found about it), what the records of a run hold
//! ([`Content`]), and why a record could not be read ([`RecordError`]).
//!
//! Every format module imports this one; it imports none of them.

use std::fmt;

use crate::grid::{Grid, ParseError, Shape, ShapeError, Size, Variant, or_list, plural};
use crate::techniques::{Step, cell_name};

/// The longest line read whole; longer lines are reported and skipped.
pub const MAX_LINE: usize = 1 << 16;

/// What each record of a run holds: the same in every format, so a format
/// decides once per run how its records look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Content {
    /// Complete grids (`generate`).
    Grids,
    /// Puzzles made, with their solutions when `with_solution`, and their
    /// rating when the run was rated (`puzzle`).
    Puzzles {
        /// Whether each puzzle's solution is written beside it.
        with_solution: bool,
        /// Whether the puzzles are rated: the formats with columns for it
        /// (CSV) write the rating too.
        rated: bool,
    },
    /// Puzzles read and solved (`solve`): the solution, or with `count`
    /// the number of solutions found.
    Solutions {
        /// Whether the count of solutions is written instead of one.
        count: bool,
    },
    /// Puzzles read and rated (`rate`), with every step when `explain`.
    Ratings {
        /// Whether the steps of the solution path are written too.
        explain: bool,
        /// Whether SE's pearl rating (EP) is written too.
        ep: bool,
        /// Whether SE's diamond rating (ED) is written too.
        ed: bool,
    },
    /// Canonical forms (`canon`), with the transform that maps each record
    /// to its form (a field named `transform`) when `transform`.
    Forms {
        /// Whether the transform is written too.
        transform: bool,
    },
}

/// One record to write: its index and grid, and what the command found.
#[derive(Clone, Copy, Debug)]
pub struct Record<'a> {
    /// The record's index (0-based) in the run or the input.
    pub index: u64,
    /// The grid: a complete grid, or a puzzle (empty cells are 0).
    pub grid: &'a Grid,
    /// The puzzle's solution, when there is one to write.
    pub solution: Option<&'a Grid>,
    /// What a search for solutions found (`solve`).
    pub search: Option<Searched>,
    /// The puzzle's rating.
    pub rating: Option<&'a Rated<'a>>,
    /// What is wrong with the record, if something is (no solution, a
    /// budget run out): formats with room for it say so.
    pub problem: Option<&'a str>,
    /// Further named values (in the formats that have room for them:
    /// JSON), written last.
    pub fields: &'a [Field<'a>],
    /// What the record carried when it was read (see [`Label`]): written
    /// back after everything else where the format has room, except where
    /// the record already has a value of that name.
    pub labels: &'a [Label<'a>],
}

impl<'a> Record<'a> {
    /// The text of the field named `name`, if the record has one.
    pub fn text(&self, name: &str) -> Option<&'a str> {
        self.fields.iter().find_map(|f| match f.value {
            Value::Text(text) if f.name == name => Some(text),
            _ => None,
        })
    }

    /// A record of `grid` alone.
    pub fn new(index: u64, grid: &'a Grid) -> Record<'a> {
        Record {
            index,
            grid,
            solution: None,
            search: None,
            rating: None,
            problem: None,
            fields: &[],
            labels: &[],
        }
    }

    /// The label named `name` (ASCII case ignored), if the record carries
    /// one.
    pub fn label(&self, name: &str) -> Option<&'a Label<'a>> {
        self.labels
            .iter()
            .find(|l| l.name.eq_ignore_ascii_case(name))
    }

    /// The first label among `names` the record carries, and its value as
    /// text (empty values skipped).
    pub fn label_text(&self, names: &[&str]) -> Option<(&'a str, std::borrow::Cow<'a, str>)> {
        names.iter().find_map(|n| {
            // A label without a value is skipped before its name is
            // compared: `line` records all carry an absent comment.
            let label = self
                .labels
                .iter()
                .find(|l| l.value != LabelValue::Absent && l.name.eq_ignore_ascii_case(n))?;
            let text = label.value.text();
            (!text.is_empty()).then_some((label.name, text))
        })
    }
}

/// What a search for a puzzle's solutions found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Searched {
    /// Solutions found.
    pub solutions: u64,
    /// The limit it stopped at.
    pub limit: u64,
    /// Guesses made.
    pub guesses: u64,
    /// Whether the search budget cut it short (`solutions` is then a lower
    /// bound).
    pub cut: bool,
}

impl Searched {
    /// Whether the count is only a lower bound: the limit was reached, or
    /// the budget cut the search.
    pub fn at_least(&self) -> bool {
        self.solutions >= self.limit || self.cut
    }
}

/// A puzzle's rating, as records carry it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rated<'a> {
    /// The rating in tenths (72 is 7.2); a lower bound unless `exact`.
    pub se: u8,
    /// Whether `se` is the rating itself rather than a lower bound.
    pub exact: bool,
    /// SE's pearl rating (EP) in tenths: the rating up to the first step
    /// that places a value; a lower bound unless `ep_exact`.
    pub ep: u8,
    /// Whether `ep` is SE's pearl rating rather than a lower bound.
    pub ep_exact: bool,
    /// SE's diamond rating (ED) in tenths: the rating of the first step;
    /// a lower bound unless `ed_exact`.
    pub ed: u8,
    /// Whether `ed` is SE's diamond rating rather than a lower bound.
    pub ed_exact: bool,
    /// The named level.
    pub level: &'a str,
    /// The hardest technique's name.
    pub hardest: &'a str,
    /// How many steps the solution path took.
    pub steps: u64,
    /// What the number means (`SE`, or `technique level` beyond 9x9).
    pub scale: &'a str,
    /// The steps, when they were asked for.
    pub path: &'a [StepRecord],
    /// What the path leaves out, when it is not complete (written after
    /// the steps).
    pub unfinished: Option<&'a str>,
}

/// A rating a record read carries (as `rate` and rated `puzzle` runs write
/// it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Carried {
    /// The rating in tenths (72 is 7.2).
    pub se: u8,
    /// Whether it is the rating itself rather than a lower bound (`9.0+`).
    pub exact: bool,
    /// The level, if the record names one.
    pub level: Option<String>,
}

impl Carried {
    /// Reads `7.2 fiendish ...` (or `9.0+ ...`): a rating with one
    /// decimal, and the word after it as the level when it is one word of
    /// letters.
    pub fn parse(text: &[u8]) -> Option<Carried> {
        let text = std::str::from_utf8(text).ok()?;
        let mut words = text.split_whitespace();
        let rating = words.next()?;
        let (number, exact) = match rating.strip_suffix('+') {
            Some(n) => (n, false),
            None => (rating, true),
        };
        let (whole, tenth) = number.split_once('.')?;
        let whole: u8 = whole.parse().ok().filter(|&w: &u8| (1..=25).contains(&w))?;
        let tenth: u8 = tenth
            .parse()
            .ok()
            .filter(|&t: &u8| t <= 9 && tenth.len() == 1)?;
        let level = words
            .next()
            .filter(|w| w.len() <= 20 && w.bytes().all(|b| b.is_ascii_alphabetic()))
            .map(str::to_string);
        Some(Carried {
            se: whole * 10 + tenth,
            exact,
            level,
        })
    }
}

/// One step of a solution path, as records carry it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepRecord {
    /// The technique's name.
    pub technique: &'static str,
    /// Its rating in tenths.
    pub rating: u8,
    /// The step in words.
    pub text: String,
    /// The cell it fills (its name, such as `r3c7`) and the value, if any.
    pub place: Option<(String, u8)>,
    /// The candidates it removes: each cell's name and values.
    pub removes: Vec<(String, Vec<u8>)>,
    /// The name HoDoKu and SudokuWiki give the pattern, if it has one.
    pub known_as: Option<&'static str>,
    /// A chaining step's chains, each its links in order.
    pub chains: Vec<Vec<LinkRecord>>,
}

impl StepRecord {
    /// A step of the killer logical solver as records carry it (`rate
    /// --explain` of a killer puzzle, the bindings): its technique, the
    /// technique's level as its rating ([`KillerLevel::tenths`]), its
    /// words, the value it places and the candidates it removes, cells
    /// named on a grid of `size`.
    ///
    /// [`KillerLevel::tenths`]: crate::killer::logic::KillerLevel::tenths
    pub fn of_killer(step: &crate::killer::logic::KillerStep, size: Size) -> StepRecord {
        StepRecord {
            technique: step.technique.name(),
            rating: step.technique.level().tenths(),
            text: step.text.clone(),
            place: step.place.map(|(cell, v)| (cell_name(size, cell), v)),
            removes: (step.removes.iter())
                .map(|&(cell, values)| (cell_name(size, cell), values.iter().collect()))
                .collect(),
            known_as: None,
            chains: Vec::new(),
        }
    }

    /// `step` as records carry it, on a grid of `shape`, its text's values
    /// written as `symbol` gives them.
    pub fn of(step: &Step, shape: Shape, symbol: &dyn Fn(u8) -> char) -> StepRecord {
        let size = shape.size();
        StepRecord {
            technique: step.technique.name(),
            rating: step.rating,
            text: step.describe_in(shape.clone(), symbol),
            place: step.place.map(|(cell, v)| (cell_name(size, cell), v)),
            removes: step
                .removes
                .iter()
                .map(|&(cell, values)| (cell_name(size, cell), values.iter().collect()))
                .collect(),
            known_as: step.known_as,
            chains: step
                .chains
                .iter()
                .map(|chain| {
                    chain
                        .links
                        .iter()
                        .map(|l| LinkRecord {
                            cell: cell_name(size, l.cell),
                            value: l.value,
                            on: l.on,
                            reason: l.reason.describe(shape.clone()),
                            from: l.from.clone(),
                        })
                        .collect()
                })
                .collect(),
        }
    }
}

/// One link of a chain, as records carry it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkRecord {
    /// The cell's name, such as `r3c7`.
    pub cell: String,
    /// The value.
    pub value: u8,
    /// Whether the value is on (placed) or off (removed) there.
    pub on: bool,
    /// Why: `assumption`, `cell`, a unit (`row 3`), or an inner technique.
    pub reason: String,
    /// The earlier links of the chain it follows from (0-based indices).
    pub from: Vec<usize>,
}

/// A named value written beside a record's grids (in the formats that have
/// room for it: JSON).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Field<'a> {
    /// The key.
    pub name: &'static str,
    /// The value.
    pub value: Value<'a>,
}

/// The value of a [`Field`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value<'a> {
    /// An unsigned integer.
    UInt(u64),
    /// A string (written with JSON escapes).
    Text(&'a str),
    /// A boolean.
    Bool(bool),
    /// A grid, as rows of integers (0 for empty).
    Grid(&'a Grid),
    /// No value (`null`).
    Null,
    /// A number in tenths, written with one decimal (`72` as `7.2`).
    Tenths(u64),
}

/// A value a record carried when it was read, and which no command
/// computes: a CSV column of its row (by the header's name), a JSON
/// record's key, a `line` record's trailing `# comment` (named `comment`)
/// or rating (`se`, `exact`, `level`, `hardest`, `ep`, `ed`, as `rate`
/// writes them). Commands pass labels on with the record, and every writer
/// writes them back where its format has room (see
/// [`RecordFormat`](super::RecordFormat)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Label<'a> {
    /// The name (a CSV column's, a JSON key).
    pub name: &'a str,
    /// The value.
    pub value: LabelValue<'a>,
}

/// The value of a [`Label`]: text, or JSON as it was written, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabelValue<'a> {
    /// Text (a CSV field, a comment).
    Text(&'a str),
    /// A JSON value, as written (`12`, `"hard"`, `[[1,2],[3,4]]`).
    Json(&'a str),
    /// No value: the record's input has a column of this name, which this
    /// record leaves out (a `line` without a comment, a row under an
    /// earlier header without that column). A table writes an empty field
    /// for it, so that every record of one input is one table; the other
    /// formats write nothing.
    Absent,
}

impl<'a> LabelValue<'a> {
    /// The value as text: a JSON string's characters, another JSON value
    /// as written, `null` as nothing.
    pub fn text(&self) -> std::borrow::Cow<'a, str> {
        match *self {
            LabelValue::Absent => "".into(),
            LabelValue::Text(t) => t.into(),
            LabelValue::Json("null") => "".into(),
            LabelValue::Json(json) if json.starts_with('"') => {
                match serde_json::from_str::<String>(json) {
                    Ok(s) => s.into(),
                    Err(_) => json.into(),
                }
            }
            LabelValue::Json(json) => json.into(),
        }
    }
}

/// Labels laid out in one buffer, as a batch keeps them: for each, its
/// kind, the name and the value, each length first.
#[derive(Clone, Debug, Default)]
pub struct LabelBuf {
    bytes: Vec<u8>,
}

/// The kinds of value a [`LabelBuf`] holds, as its first byte.
const TEXT: u8 = 0;
const JSON: u8 = 1;
const ABSENT: u8 = 2;

impl LabelBuf {
    /// Appends a label (invalid UTF-8 replaced).
    pub fn push(&mut self, name: &[u8], value: &[u8], json: bool) {
        self.push_kind(if json { JSON } else { TEXT }, name, value);
    }

    /// Appends a label without a value ([`LabelValue::Absent`]).
    pub fn push_absent(&mut self, name: &[u8]) {
        self.push_kind(ABSENT, name, b"");
    }

    fn push_kind(&mut self, kind: u8, name: &[u8], value: &[u8]) {
        self.bytes.push(kind);
        for part in [name, value] {
            let text = String::from_utf8_lossy(part);
            self.bytes
                .extend_from_slice(&(text.len() as u32).to_le_bytes());
            self.bytes.extend_from_slice(text.as_bytes());
        }
    }

    /// How many bytes it holds.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Whether it holds no label.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Forgets every label.
    pub fn clear(&mut self) {
        self.bytes.clear();
    }

    /// Appends to `out` the labels laid out in `bytes[start..end]`.
    pub fn decode<'b>(&'b self, start: usize, end: usize, out: &mut Vec<Label<'b>>) {
        let mut rest = &self.bytes[start..end];
        let take = |rest: &mut &'b [u8]| -> &'b str {
            let len = u32::from_le_bytes([rest[0], rest[1], rest[2], rest[3]]) as usize;
            let text = &rest[4..4 + len];
            *rest = &rest[4 + len..];
            // Written from a `str` by `push`.
            std::str::from_utf8(text).unwrap_or_default()
        };
        while let Some((&kind, tail)) = rest.split_first() {
            rest = tail;
            let name = take(&mut rest);
            let value = take(&mut rest);
            out.push(Label {
                name,
                value: match kind {
                    JSON => LabelValue::Json(value),
                    ABSENT => LabelValue::Absent,
                    _ => LabelValue::Text(value),
                },
            });
        }
    }
}

/// Why a record is not a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The line is longer than [`MAX_LINE`].
    LineTooLong,
    /// The cells of a `line` or `csv` record: their count or a symbol.
    Cells(ParseError),
    /// The first row of a `grid` block has a number of cells that is no
    /// size's side.
    RowWidth {
        /// How many cells it has.
        found: usize,
    },
    /// A `grid` block or a JSON grid has the wrong number of rows.
    Rows {
        /// How many rows it has.
        found: usize,
        /// The size it was read as, if known.
        expected: Option<Size>,
    },
    /// A row (1-based) does not have the size's number of cells.
    RowCells {
        /// The row, 1-based.
        row: usize,
        /// The size it was read as.
        size: Size,
    },
    /// A CSV header's number of cell columns is no size's.
    CsvHeader {
        /// How many cell columns it has.
        cells: usize,
    },
    /// A CSV record came before any header and its number of fields fits
    /// no size (with an index or without).
    CsvNoHeader {
        /// How many fields it has.
        fields: usize,
    },
    /// A value (CSV or JSON) is not a cell value of the size.
    Value {
        /// The value as written.
        text: String,
        /// The size it was read as.
        size: Size,
    },
    /// A line starting with `{` is not JSON.
    Json(String),
    /// A JSON record has no `grid` (or `puzzle`, or `form`) field.
    JsonNoGrid,
    /// A JSON field holds a value of the wrong type.
    JsonType {
        /// What it holds ("a number", ...).
        found: &'static str,
    },
    /// A symbol that is not the size's, in a record whose symbols look
    /// like another alphabet: as many distinct ones as the side.
    Alphabet {
        /// The symbol.
        found: char,
        /// The size it was read as.
        size: Size,
        /// The record's symbols, in order (`ABCDEFGHI`).
        alphabet: String,
    },
    /// What is wrong with one field of a record.
    Field {
        /// The field's name.
        field: &'static str,
        /// What is wrong with it.
        error: Box<RecordError>,
    },
    /// The shape a record says it has (box, variant, regions), or the
    /// variant it is read with, cannot be.
    Shape(ShapeError),
    /// A Solo game ID that cannot be read: what is wrong with it.
    Solo(String),
    /// A killer record's cages cannot be: what is wrong with them.
    Cages(crate::cages::CageError),
    /// An f-puzzles object (or a SudokuPad link to one) that cannot be
    /// read: what is wrong with it, naming the field.
    Fpuzzles(String),
    /// A record names its variant, and another is asked for.
    VariantConflict {
        /// The variant the record names.
        own: Variant,
        /// The variant asked for.
        asked: Variant,
    },
}

impl From<ShapeError> for RecordError {
    fn from(e: ShapeError) -> Self {
        RecordError::Shape(e)
    }
}

impl RecordError {
    /// The error for a record whose bytes are `record` (as written): a bad
    /// symbol becomes [`RecordError::Alphabet`] when the record's distinct
    /// letters and digits (`0` aside, an empty cell) are as many as the
    /// side, or are all among the side's first letters, so another
    /// alphabet would read it.
    pub fn with_alphabet_of(self, record: &[u8]) -> RecordError {
        let RecordError::Cells(ParseError::BadSymbol { found, size }) = self else {
            return self;
        };
        // A control character is no symbol of another alphabet.
        if found.is_control() {
            return self;
        }
        let mut seen = [false; 128];
        for &b in record {
            if b.is_ascii_alphanumeric() && b != b'0' {
                seen[usize::from(b)] = true;
            }
        }
        let mut alphabet: String = (0u8..128)
            .filter(|&b| seen[usize::from(b)])
            .map(char::from)
            .collect();
        // Letters only, within the first `side` of the alphabet: the
        // letters from `A` (or `a`), some of which the record lacks.
        let side = size.side();
        for first in [b'A', b'a'] {
            let letters = first..first + side as u8;
            if !alphabet.is_empty() && alphabet.bytes().all(|b| letters.contains(&b)) {
                alphabet = letters.map(char::from).collect();
            }
        }
        // The size's own symbols: another alphabet would change nothing.
        let own = alphabet.as_bytes() == &crate::grid::SYMBOLS[..side];
        if alphabet.len() == side && !own {
            RecordError::Alphabet {
                found,
                size,
                alphabet,
            }
        } else {
            RecordError::Cells(ParseError::BadSymbol { found, size })
        }
    }
}

impl From<ParseError> for RecordError {
    fn from(e: ParseError) -> Self {
        RecordError::Cells(e)
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sides = || or_list(Size::USUAL.iter().map(|s| s.side()));
        match self {
            RecordError::LineTooLong => write!(f, "line longer than {MAX_LINE} bytes, skipped"),
            RecordError::Cells(e) => e.fmt(f),
            RecordError::RowWidth { found } => {
                write!(
                    f,
                    "a row of {}, expected {}",
                    plural(*found, "cell"),
                    sides()
                )
            }
            RecordError::Rows {
                found,
                expected: Some(s),
            } => write!(f, "{}, expected {}", plural(*found, "row"), s.side()),
            RecordError::Rows {
                found,
                expected: None,
            } => write!(f, "{}, expected {}", plural(*found, "row"), sides()),
            RecordError::CsvNoHeader { fields } => write!(
                f,
                "a CSV record of {} with no header line before it \
                 (index,r1c1,...) to give its size",
                plural(*fields, "field")
            ),
            RecordError::RowCells { row, size } => {
                write!(f, "row {row} does not have {} cells", size.side())
            }
            RecordError::CsvHeader { cells } => write!(
                f,
                "CSV header has {cells} cell columns, expected {}",
                or_list(Size::USUAL.iter().map(|s| s.cells()))
            ),
            RecordError::Value { text, size } => write!(
                f,
                "{text:?} is not a value of {} grid (0 to {})",
                crate::shape::A(size),
                size.side()
            ),
            RecordError::Json(e) => write!(f, "not JSON: {e}"),
            RecordError::JsonNoGrid => f.write_str("no \"grid\", \"puzzle\" or \"form\" field"),
            RecordError::JsonType { found } => write!(
                f,
                "{found}, expected rows of numbers or a string of symbols"
            ),
            RecordError::Field { field, error } => write!(f, "field \"{field}\": {error}"),
            RecordError::Shape(e) => e.fmt(f),
            RecordError::Solo(e) => write!(f, "Solo game ID: {e}"),
            RecordError::Cages(e) => write!(f, "killer cages: {e}"),
            RecordError::Fpuzzles(e) => write!(f, "f-puzzles: {e}"),
            RecordError::VariantConflict {
                own: Variant::Jigsaw(_),
                asked: Variant::Jigsaw(_),
            } => f.write_str("the record's regions are not the regions asked for"),
            RecordError::VariantConflict { own, asked } => {
                let own = match own {
                    Variant::None => "it has no variant".to_string(),
                    v => format!("its variant is {}", v.name()),
                };
                write!(
                    f,
                    "the record says {own}, but variant {} is asked for",
                    asked.name()
                )
            }
            RecordError::Alphabet {
                found,
                size,
                alphabet,
            } => write!(
                f,
                "'{found}' is not a symbol of {} grid; the record looks written in the alphabet {alphabet}",
                crate::shape::A(size)
            ),
        }
    }
}

impl std::error::Error for RecordError {}
