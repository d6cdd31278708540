//! Formats: one file per format, each with its writer and its parser, and
//! [`read`], the streaming reader that detects the format line by line.
//!
//! Writers work on [`Record`]s (an index, a grid that may have empty cells,
//! optionally a second grid such as a solution, and named extra fields),
//! never on what made them. Writers are stateless per record: a record's
//! bytes depend only on the [`Writer`]'s settings and the record, so records
//! can be formatted on any thread in any order and concatenated.

use std::io::{self, Write};

use crate::grid::{Grid, Size};

pub mod csv;
pub mod json;
pub mod line;
pub mod pretty;
pub mod read;

/// An output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Format {
    /// Human-readable rows with `|` between stacks and rules between bands
    Grid,
    /// One grid per line, the symbols row-major (the 81-character format)
    Line,
    /// A header `index,r1c1,...` then one record per grid of integers
    Csv,
    /// JSON Lines: one object per grid with strategy, size, seed, index and rows
    Json,
}

impl Format {
    /// Every format.
    pub const ALL: &'static [Format] = &[Format::Grid, Format::Line, Format::Csv, Format::Json];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Grid => "grid",
            Format::Line => "line",
            Format::Csv => "csv",
            Format::Json => "json",
        }
    }
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
    /// JSON written elsewhere, inserted as it is (it must be valid JSON).
    Json(&'a str),
}

/// One record to write: its index in the run and its grids.
#[derive(Clone, Copy, Debug)]
pub struct Record<'a> {
    /// The record's index (0-based) in the run or the input.
    pub index: u64,
    /// The grid (empty cells are 0).
    pub grid: &'a Grid,
    /// Fields of this record alone, written after the grid.
    pub fields: &'a [Field<'a>],
    /// The solution of a puzzle, for writers [for puzzles](Writer::for_puzzles).
    pub solution: Option<&'a Grid>,
}

/// Writes the records of one run in one format.
#[derive(Clone, Debug)]
pub struct Writer {
    format: Format,
    size: Size,
    start: u64,
    /// JSON: `{` and the run's fields, each followed by a comma.
    json_prefix: Vec<u8>,
    /// JSON: whether the record's grid is written (as `"grid"`).
    json_grid: bool,
    /// `line` and `grid`: the symbols to write instead of the standard ones.
    symbols: Option<Symbols>,
    /// Records are puzzles, with their solutions written too if `Some(true)`.
    puzzles: Option<bool>,
}

/// An alphabet of cell symbols other than the standard `1-9A-Z`, such as
/// `ABCDEFGHIJKLMNOP` for 16x16 files written with letters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbols {
    /// Byte read → standard symbol (or `.` for empty, or a byte no size
    /// accepts).
    to_standard: [u8; 256],
    /// Standard symbol → byte written.
    from_standard: [u8; 256],
}

impl Symbols {
    /// `Ok` if every character of `alphabet` is ASCII (one byte each, so
    /// its length counts its characters), else what to say about the first
    /// that is not.
    pub fn ascii(alphabet: &str) -> Result<(), String> {
        match alphabet.chars().find(|c| !c.is_ascii()) {
            None => Ok(()),
            Some(c) => Err(format!(
                "--symbols must be ASCII letters or digits; '{c}' is not usable"
            )),
        }
    }

    /// The alphabet whose `i`-th character stands for value `i + 1`: as many
    /// distinct letters or digits as the side of the grids. `.` is an empty
    /// cell, and so is `0` unless the alphabet uses it.
    pub fn new(alphabet: &str, size: Size) -> Result<Symbols, String> {
        Symbols::ascii(alphabet)?;
        let bytes = alphabet.as_bytes();
        if bytes.len() != size.side() {
            return Err(format!(
                "--symbols has {} characters; a {size} grid needs {}",
                bytes.len(),
                size.side()
            ));
        }
        let mut to_standard = [0u8; 256];
        let mut from_standard = [0u8; 256];
        for b in 0..=255u8 {
            // A byte outside the alphabet reads as itself unless that is a
            // standard symbol, which would then be misread: DEL instead.
            to_standard[usize::from(b)] = if crate::grid::SYMBOLS.contains(&b) {
                0x7f
            } else {
                b
            };
            from_standard[usize::from(b)] = b;
        }
        to_standard[usize::from(b'.')] = b'.';
        to_standard[usize::from(b'0')] = b'.';
        for (i, &b) in bytes.iter().enumerate() {
            if !b.is_ascii_alphanumeric() || bytes[..i].contains(&b) {
                return Err(format!(
                    "--symbols must be {} distinct letters or digits; '{}' is not usable",
                    size.side(),
                    char::from(b)
                ));
            }
            let standard = crate::grid::SYMBOLS[i];
            to_standard[usize::from(b)] = standard;
            from_standard[usize::from(standard)] = b;
        }
        Ok(Symbols {
            to_standard,
            from_standard,
        })
    }

    /// Rewrites bytes read into standard symbols.
    pub fn read(&self, bytes: &mut [u8]) {
        for b in bytes {
            *b = self.to_standard[usize::from(*b)];
        }
    }

    /// A standard symbol in this alphabet (anything else as it is).
    pub fn written(&self, symbol: char) -> char {
        u8::try_from(symbol).map_or(symbol, |b| char::from(self.from_standard[usize::from(b)]))
    }

    /// Rewrites standard symbols into this alphabet.
    pub fn write(&self, bytes: &mut [u8]) {
        for b in bytes {
            *b = self.from_standard[usize::from(*b)];
        }
    }
}

impl Writer {
    /// A writer of `format` for grids of `size` whose first record has
    /// index `start`; `run` holds the fields every record of the run shares
    /// (in JSON, written first in every object).
    pub fn new(format: Format, size: Size, start: u64, run: &[Field<'_>]) -> Self {
        let mut json_prefix = vec![b'{'];
        for field in run {
            json::push_field(&mut json_prefix, field);
            json_prefix.push(b',');
        }
        Writer {
            format,
            size,
            start,
            json_prefix,
            json_grid: true,
            symbols: None,
            puzzles: None,
        }
    }

    /// Writes records as puzzles: `line` writes the puzzle (`.` for empty)
    /// and, with `with_solution`, the solution after a space; `grid` draws
    /// the solution below the puzzle; `csv` writes `index,puzzle,solution,
    /// clues` with the grids as strings (`0` for empty); `json` writes
    /// `"puzzle"`, `"solution"` and `"clues"`. The solution comes from the
    /// record's `solution`.
    pub fn for_puzzles(mut self, with_solution: bool) -> Self {
        self.puzzles = Some(with_solution);
        self
    }

    /// Leaves the record's grid out of JSON objects (when the fields carry
    /// the grids under their own names).
    pub fn without_json_grid(mut self) -> Self {
        self.json_grid = false;
        self
    }

    /// Writes `line` and `grid` records in this alphabet.
    pub fn with_symbols(mut self, symbols: Option<Symbols>) -> Self {
        self.symbols = symbols;
        self
    }

    /// The format.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Writes what comes before the first record (the CSV header).
    pub fn write_header<W: Write + ?Sized>(&self, w: &mut W) -> io::Result<()> {
        match self.format {
            Format::Csv if self.puzzles.is_some() => w.write_all(b"index,puzzle,solution,clues\n"),
            Format::Csv => csv::write_header(w, self.size),
            Format::Grid | Format::Line | Format::Json => Ok(()),
        }
    }

    /// Writes one record.
    #[inline]
    pub fn write<W: Write + ?Sized>(&self, w: &mut W, record: &Record<'_>) -> io::Result<()> {
        if let (Some(symbols), Format::Line | Format::Grid) = (&self.symbols, self.format) {
            let mut buf = Vec::new();
            self.write_standard(&mut buf, record)?;
            symbols.write(&mut buf);
            return w.write_all(&buf);
        }
        self.write_standard(w, record)
    }

    #[inline]
    fn write_standard<W: Write + ?Sized>(&self, w: &mut W, record: &Record<'_>) -> io::Result<()> {
        if let Some(with_solution) = self.puzzles {
            return self.write_puzzle(w, record, with_solution);
        }
        match self.format {
            Format::Line => line::write_grid(w, record.grid),
            Format::Grid => pretty::write_grid(w, record.grid, record.index != self.start),
            Format::Csv => csv::write_record(w, record),
            Format::Json => json::write_record(w, &self.json_prefix, self.json_grid, record),
        }
    }
}

impl Writer {
    fn write_puzzle<W: Write + ?Sized>(
        &self,
        w: &mut W,
        record: &Record<'_>,
        with_solution: bool,
    ) -> io::Result<()> {
        let puzzle = record.grid;
        let solution = record.solution.filter(|_| with_solution);
        match self.format {
            Format::Line => with_scratch(w, |buf| {
                let _ = line::write_grid(buf, puzzle);
                if let Some(s) = solution {
                    buf.pop();
                    buf.push(b' ');
                    let _ = line::write_grid(buf, s);
                }
            }),
            Format::Grid => {
                pretty::write_grid(w, puzzle, record.index != self.start)?;
                match solution {
                    Some(s) => pretty::write_grid(w, s, true),
                    None => Ok(()),
                }
            }
            Format::Csv => with_scratch(w, |buf| {
                // The grids as strings of symbols, `0` for an empty cell.
                let push_grid = |buf: &mut Vec<u8>, g: &Grid| {
                    buf.extend(
                        g.cells()
                            .iter()
                            .map(|&v| if v == 0 { b'0' } else { g.size().symbol(v) }),
                    );
                };
                push_decimal(buf, record.index);
                buf.push(b',');
                push_grid(buf, puzzle);
                buf.push(b',');
                if let Some(s) = solution {
                    push_grid(buf, s);
                }
                buf.push(b',');
                push_decimal(buf, crate::puzzle::clues(puzzle) as u64);
                buf.push(b'\n');
            }),
            Format::Json => {
                let clues = crate::puzzle::clues(puzzle) as u64;
                let mut fields = vec![Field {
                    name: "puzzle",
                    value: Value::Grid(puzzle),
                }];
                if let Some(s) = solution {
                    fields.push(Field {
                        name: "solution",
                        value: Value::Grid(s),
                    });
                }
                fields.push(Field {
                    name: "clues",
                    value: Value::UInt(clues),
                });
                fields.extend_from_slice(record.fields);
                let record = Record {
                    fields: &fields,
                    ..*record
                };
                json::write_record(w, &self.json_prefix, false, &record)
            }
        }
    }
}

/// Appends the decimal digits of `x` to `buf`.
#[inline]
pub(crate) fn push_decimal(buf: &mut Vec<u8>, mut x: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (x % 10) as u8;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[i..]);
}

/// Appends a cell value (0 to 25) in decimal to `buf`.
#[inline]
pub(crate) fn push_value(buf: &mut Vec<u8>, v: u8) {
    if v >= 10 {
        buf.push(b'0' + v / 10);
    }
    buf.push(b'0' + v % 10);
}

thread_local! {
    /// A scratch buffer per thread, so formatting a grid does not allocate.
    static SCRATCH: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Runs `build` on an empty scratch buffer and writes what it built.
#[inline]
pub(crate) fn with_scratch<W: Write + ?Sized>(
    w: &mut W,
    build: impl FnOnce(&mut Vec<u8>),
) -> io::Result<()> {
    SCRATCH.with(|cell| {
        let mut buf = cell.borrow_mut();
        buf.clear();
        build(&mut buf);
        w.write_all(&buf)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals() {
        for x in [0u64, 7, 10, 99, 12345, u64::MAX] {
            let mut b = Vec::new();
            push_decimal(&mut b, x);
            assert_eq!(b, x.to_string().into_bytes());
        }
        for v in 0..=25u8 {
            let mut b = Vec::new();
            push_value(&mut b, v);
            assert_eq!(b, v.to_string().into_bytes());
        }
    }

    #[test]
    fn json_carries_run_and_record_fields() {
        let g = Grid::parse("1234341221434321", None).unwrap();
        let w = Writer::new(
            Format::Json,
            Size::S4,
            0,
            &[Field {
                name: "strategy",
                value: Value::Text("x\"y"),
            }],
        );
        let mut out = Vec::new();
        let fields = [Field {
            name: "count",
            value: Value::UInt(3),
        }];
        w.write(
            &mut out,
            &Record {
                index: 2,
                grid: &g,
                fields: &fields,
                solution: None,
            },
        )
        .unwrap();
        let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(doc["strategy"], "x\"y");
        assert_eq!(doc["index"], 2);
        assert_eq!(doc["count"], 3);
        assert_eq!(doc["grid"][1][0], 3);
    }
}
