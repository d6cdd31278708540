//! What a format is: the [`RecordFormat`] trait each format module
//! implements (its name, how it writes a record, how it recognises and
//! frames the lines it reads), the settings of a run it writes with
//! ([`Run`]), and the [`Frames`] its reading half hands records to.
//!
//! Format modules import this module, [`record`](super::record),
//! [`text`](super::text) and [`symbols`](super::symbols); none of those
//! imports a format.

use super::record::{Content, Field, Label, LabelBuf, LabelValue, Record, RecordError};
use super::symbols::Symbols;
use crate::grid::{Shape, Size, Variant};

/// The answer written for a record that could not be read (see
/// [`RecordFormat::unreadable`]).
pub const UNREADABLE: &str = "unreadable";

/// One format, reader and writer side by side.
pub trait RecordFormat: Sync + std::fmt::Debug {
    /// The name used on the command line (`line`, `csv`, ...).
    fn name(&self) -> &'static str;

    /// What it looks like, in one line (for `--help`).
    fn description(&self) -> &'static str;

    /// What its records look like when they hold `content`, in one line
    /// (for the `--help` of the command that writes them).
    fn layout(&self, content: Content) -> &'static str;

    /// Bytes computed once per run from the fields every record of the
    /// run shares (strategy, size, seed...), handed to every
    /// [`write`](RecordFormat::write) as [`Run::prefix`]: JSON writes them
    /// first in every object; other formats have no room for them.
    fn prefix(&self, _fields: &[Field<'_>]) -> Vec<u8> {
        Vec::new()
    }

    /// Appends what comes before records like `record` (a CSV header
    /// line, which names the columns of its shape and its labels); nothing
    /// by default. It may depend on the record's shape, on the names of its
    /// labels and on whether it has a solution, nothing else.
    fn header(&self, _out: &mut Vec<u8>, _run: &Run, _record: &Record<'_>) {}

    /// Appends one record. Writers are stateless per record: a record's
    /// bytes depend only on the run and the record, so records can be
    /// formatted on any thread and concatenated.
    fn write(&self, out: &mut Vec<u8>, run: &Run, record: &Record<'_>);

    /// Whether the format can write records of `shape`; `Err` says why
    /// not, and what to use instead (Solo has no Hyper variant). The
    /// commands refuse such a run, or such a record, with that line.
    fn holds(&self, _shape: &Shape) -> Result<(), String> {
        Ok(())
    }

    /// Whether it writes (and reads back) a killer puzzle's cages; the
    /// formats without room for them refuse killer records
    /// ([`super::Format::holds`]).
    fn writes_cages(&self) -> bool {
        false
    }

    /// Whether every record written has its solution beside it (the
    /// machine-learning layouts): a command that has a puzzle without one
    /// solves it first.
    fn needs_solution(&self) -> bool {
        false
    }

    /// Appends what stands for record `index` of the input, which could
    /// not be read because of `error`, so that a command that answers each
    /// record (`solve`) writes one answer per record read: [`UNREADABLE`]
    /// on a line by default, which no reader takes for a grid.
    fn unreadable(&self, out: &mut Vec<u8>, _run: &Run, _index: u64, _error: &str) {
        out.extend_from_slice(UNREADABLE.as_bytes());
        out.push(b'\n');
    }

    /// Whether a line read (trimmed, neither blank nor a comment) looks
    /// like this format, and how surely: the reader takes the format that
    /// claims a line with the lowest number (see [`claim`]).
    fn detect(&self, line: &[u8]) -> Option<u8>;

    /// A fresh reader state for one input.
    fn framer(&self) -> Box<dyn Framer>;
}

/// How surely a format claims a line it detects: the lowest claim wins.
pub mod claim {
    /// The line is this format's, in a form another format's mark claims
    /// too (an f-puzzles object is a JSON object).
    pub const EXACT: u8 = 0;
    /// The line can only be this format (JSON's `{`).
    pub const SURE: u8 = 1;
    /// The line has this format's distinctive marks (CSV's commas).
    pub const MARKED: u8 = 2;
    /// The line has the shape of this format (a field of a known cell
    /// count).
    pub const SHAPED: u8 = 3;
    /// The line looks like this format (symbols separated by spaces).
    pub const LIKELY: u8 = 4;
    /// Nothing else claims it: read it as this format, to say what is
    /// wrong with it.
    pub const FALLBACK: u8 = 9;
}

/// The settings a run's records are written with.
#[derive(Clone, Debug)]
pub struct Run {
    /// What each record holds.
    pub content: Content,
    /// The size of the run's grids (the header of a run of one size).
    pub size: Size,
    /// Their shape: the size and the variant.
    pub shape: Shape,
    /// The index of the run's first record (the `grid` format puts a
    /// blank line before every other record).
    pub start: u64,
    /// Another alphabet to write the cells in, where the format writes
    /// symbols (`line`, `grid`).
    pub symbols: Option<Symbols>,
    /// What [`RecordFormat::prefix`] computed for this run.
    pub prefix: Vec<u8>,
    /// The names of the fields every record of the run shares (a label
    /// of one of these names is not written again).
    pub shared: Vec<&'static str>,
}

/// How the cells of a framed record are written, which decides how it is
/// parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// The cells' symbols row-major, in the input's alphabet (`line`).
    Symbols,
    /// The cells' symbols row-major, always the standard ones (`0` or `.`
    /// for empty), as CSV fields hold them.
    StandardSymbols,
    /// An index, then the cell values as decimal integers separated by
    /// commas, and whether a header line before it gave the size (`csv`).
    Values {
        /// Whether a header gave the size.
        header: bool,
    },
    /// Rows of symbols separated by white space (and `|`), one row per
    /// `\n`-separated line (`grid`).
    Rows,
    /// A whole grid on one line as symbols or numbers separated by white
    /// space or commas (`5 3 0 0 7 ...`), in the input's alphabet.
    Tokens,
    /// The cell values as bytes (a row of an `npy` array).
    Bytes,
    /// A JSON object with the grid as rows of integers (`json`).
    Json,
    /// The description of a Simon Tatham's Solo game ID, its givens part
    /// (`solo`; the record's shape comes from the ID's parameters).
    Solo,
}

/// A record framed by a [`Framer`]: where its bytes are in the batch, and
/// how to read them.
#[derive(Clone, Debug)]
pub(crate) struct Raw {
    pub(crate) line: u64,
    pub(crate) kind: Result<Encoding, RecordError>,
    pub(crate) size: Option<Size>,
    /// The variant the record says it has (a CSV row's shape columns).
    pub(crate) variant: Option<Variant>,
    /// A killer record's cages (a line's cage map and sums, a CSV row's
    /// `cages` and `sums`).
    pub(crate) cages: Option<std::sync::Arc<crate::cages::Cages>>,
    pub(crate) start: usize,
    pub(crate) end: usize,
    /// A solution written beside the record (`PUZZLE SOLUTION`, or the
    /// solution field of a puzzle CSV): its bytes in the batch.
    pub(crate) solution: Option<(usize, usize)>,
    /// What else the record says about itself, as text (a rating and a
    /// level, `7.2 fiendish`): its bytes in the batch.
    pub(crate) extra: Option<(usize, usize)>,
    /// How many of the input's label names ([`BatchLabels::declared`])
    /// were declared when the record was read: its columns.
    pub(crate) declared: usize,
}

/// The labels of a batch's records (see [`Label`]): their bytes, and the
/// record each stretch of them belongs to; and the names of the labels
/// the input has declared so far.
#[derive(Clone, Debug, Default)]
pub(crate) struct BatchLabels {
    buf: LabelBuf,
    /// The record's place in the batch, and its labels' bytes.
    spans: Vec<(usize, usize, usize)>,
    /// Every label name the framers of the input have given a record so
    /// far (or declared: `line`'s `comment`), in the order first met,
    /// through this batch: the columns of the input's records. A name,
    /// once declared, stays: a later record without that label has it
    /// as [`LabelValue::Absent`](super::record::LabelValue::Absent), so
    /// that a table written from the input does not change its header
    /// when a record leaves a column out.
    pub(crate) declared: Vec<String>,
}

impl BatchLabels {
    /// Appends a label of record `raw` (the last to be given labels).
    fn push(&mut self, raw: usize, name: &[u8], value: &[u8], json: bool) {
        let start = self.buf.len();
        self.buf.push(name, value, json);
        match self.spans.last_mut() {
            Some(span) if span.0 == raw => span.2 = self.buf.len(),
            _ => self.spans.push((raw, start, self.buf.len())),
        }
        self.declare(name);
    }

    /// Declares a label name (see [`BatchLabels::declared`]).
    fn declare(&mut self, name: &[u8]) {
        // Met on every record of an input (`line` declares its comment on
        // each): the bytes are compared before any string is made.
        if self.declared.iter().any(|d| d.as_bytes() == name) {
            return;
        }
        let name = String::from_utf8_lossy(name);
        if !self.declared.iter().any(|d| *d == name) {
            self.declared.push(name.into_owned());
        }
    }

    /// Appends to `out` the labels of record `raw`, which was read when
    /// `declared` names were declared: one for each of those names, in
    /// their order (its own, or an absent one), then any more of its own
    /// (a name it has twice); `cursor` is where to look from (records are
    /// asked for in order).
    pub(crate) fn of<'b>(
        &'b self,
        raw: usize,
        declared: usize,
        cursor: &mut usize,
        out: &mut Vec<Label<'b>>,
    ) {
        let from = out.len();
        while let Some(&(at, start, end)) = self.spans.get(*cursor) {
            if at > raw {
                break;
            }
            *cursor += 1;
            if at == raw {
                self.buf.decode(start, end, out);
                break;
            }
        }
        let names = &self.declared[..declared.min(self.declared.len())];
        if names.is_empty() {
            return;
        }
        // The common cases without a vector: a record with none of its own
        // labels, and one with every declared label in the declared order.
        if out.len() == from {
            out.extend(names.iter().map(|name| Label {
                name,
                value: LabelValue::Absent,
            }));
            return;
        }
        if out.len() - from == names.len()
            && out[from..].iter().zip(names).all(|(l, n)| l.name == n)
        {
            return;
        }
        let mut own: Vec<Option<Label<'b>>> = out.drain(from..).map(Some).collect();
        for name in names {
            let mine = own
                .iter_mut()
                .find(|l| l.is_some_and(|l| l.name == name))
                .and_then(Option::take);
            out.push(mine.unwrap_or(Label {
                name,
                value: LabelValue::Absent,
            }));
        }
        out.extend(own.into_iter().flatten());
    }
}

/// Where a format's reader puts the records it frames: a batch's bytes
/// and records, with the line being read.
#[derive(Debug)]
pub struct Frames<'a> {
    pub(crate) bytes: &'a mut Vec<u8>,
    pub(crate) labels: &'a mut BatchLabels,
    pub(crate) written: &'a mut Vec<u8>,
    pub(crate) raws: &'a mut Vec<Raw>,
    pub(crate) symbols: Option<&'a Symbols>,
    /// Other characters that mean an empty cell in this input.
    pub(crate) empty: &'a Empty,
    /// The characters beyond ASCII met in cells that are neither an empty
    /// cell nor a symbol: the `i`-th stands in the batch's bytes as the
    /// marker `ODD + i` (one byte per cell, as the parsers take them, and
    /// none a symbol of any size), so that cells are counted as
    /// characters and an error can name the character.
    pub(crate) odd: &'a mut Vec<char>,
    pub(crate) line: u64,
    pub(crate) size: Option<Size>,
}

impl Frames<'_> {
    /// The number (1-based) of the line being read.
    pub fn line(&self) -> u64 {
        self.line
    }

    /// The size every record is to be read as, if the user forced one.
    pub fn forced_size(&self) -> Option<Size> {
        self.size
    }

    /// Adds a record that starts at line `line`, with its bytes and how
    /// they are written; `size` is the size to read it as, if known.
    pub fn push(&mut self, line: u64, encoding: Encoding, size: Option<Size>, bytes: &[u8]) {
        let (start, end) = self.append(encoding, bytes);
        self.raws.push(Raw {
            line,
            kind: Ok(encoding),
            size,
            variant: None,
            cages: None,
            start,
            end,
            solution: None,
            extra: None,
            declared: self.labels.declared.len(),
        });
    }

    /// Adds `text` as what the last record added says about itself: its
    /// rating and level as `rate` writes them (`7.2 fiendish ...`).
    pub fn push_extra(&mut self, text: &[u8]) {
        let start = self.bytes.len();
        self.bytes.extend_from_slice(text);
        if self.symbols.is_some() {
            self.written.extend_from_slice(text);
        }
        if let Some(raw) = self.raws.last_mut() {
            raw.extra = Some((start, self.bytes.len()));
        }
    }

    /// Adds a label (see [`Label`]) to the last record added: `json` if
    /// the value is JSON as written, else text.
    pub fn push_label(&mut self, name: &[u8], value: &[u8], json: bool) {
        if let Some(raw) = self.raws.len().checked_sub(1) {
            self.labels.push(raw, name, value, json);
            self.raws[raw].declared = self.labels.declared.len();
        }
    }

    /// Declares a label every record of this input may have (`line`'s
    /// `comment`), from the last record added on: a record without it has
    /// it as absent (see [`BatchLabels::declared`]), so that records with
    /// and without it are one table.
    pub fn declare_label(&mut self, name: &[u8]) {
        if let Some(raw) = self.raws.last_mut() {
            self.labels.declare(name);
            raw.declared = self.labels.declared.len();
        }
    }

    /// Gives the last record added the killer cages it carries (a line's
    /// cage map and sums), or makes it an error saying why it cannot have
    /// them.
    pub fn cages_last(&mut self, cages: Result<crate::cages::Cages, RecordError>) {
        if let Some(raw) = self.raws.last_mut() {
            match cages {
                Ok(cages) => raw.cages = Some(std::sync::Arc::new(cages)),
                Err(e) => raw.kind = Err(e),
            }
        }
    }

    /// Gives the last record added the shape it says it has (a CSV row's
    /// box, variant and regions), or makes it an error saying why it
    /// cannot have it.
    pub fn shape_last(&mut self, shape: Result<Shape, RecordError>) {
        if let Some(raw) = self.raws.last_mut() {
            match shape {
                Ok(shape) => {
                    raw.size = Some(shape.size());
                    raw.variant = Some(shape.variant().clone());
                    raw.cages = shape.cages_arc().cloned();
                }
                Err(e) => raw.kind = Err(e),
            }
        }
    }

    /// Adds `bytes`, written as `encoding`, as the solution of the last
    /// record added.
    pub fn push_solution(&mut self, encoding: Encoding, bytes: &[u8]) {
        let range = self.append(encoding, bytes);
        if let Some(raw) = self.raws.last_mut() {
            raw.solution = Some(range);
        }
    }

    /// Adds a record known to be bad, at the line being read.
    pub fn push_error(&mut self, error: RecordError) {
        self.raws.push(Raw {
            line: self.line,
            kind: Err(error),
            size: None,
            variant: None,
            cages: None,
            start: self.bytes.len(),
            end: self.bytes.len(),
            solution: None,
            extra: None,
            declared: self.labels.declared.len(),
        });
    }

    /// Appends `bytes` to the batch, rewritten into standard symbols when
    /// they are in the input's alphabet; their range. Cells are one byte
    /// each: a character beyond ASCII becomes `.` (an empty cell named by
    /// the user), a symbol's marker, or an odd one's (see
    /// [`Frames::odd`]).
    fn append(&mut self, encoding: Encoding, bytes: &[u8]) -> (usize, usize) {
        let start = self.bytes.len();
        let cells = matches!(
            encoding,
            Encoding::Symbols | Encoding::Rows | Encoding::Tokens
        );
        if cells && !is_ascii(bytes) {
            self.narrow(bytes);
        } else {
            self.bytes.extend_from_slice(bytes);
        }
        if cells && !self.empty.ascii.is_empty() {
            for b in &mut self.bytes[start..] {
                if self.empty.ascii.contains(b) {
                    *b = b'.';
                }
            }
        }
        if let Some(symbols) = self.symbols {
            // The bytes as written, so a symbol outside the alphabet can be
            // named as written.
            let written = self.bytes[start..].to_vec();
            self.written.extend_from_slice(&written);
            if cells {
                symbols.read(&mut self.bytes[start..]);
            }
        }
        (start, self.bytes.len())
    }

    /// Appends cells written with characters beyond ASCII, one byte per
    /// character (see [`Frames::append`]); bytes that are not UTF-8 are
    /// odd characters too (U+FFFD). Out of line: most input is ASCII.
    #[cold]
    #[inline(never)]
    fn narrow(&mut self, bytes: &[u8]) {
        for chunk in bytes.utf8_chunks() {
            for c in chunk.valid().chars() {
                let b = match u8::try_from(c) {
                    Ok(b) if b.is_ascii() => b,
                    _ if self.empty.wide.contains(&c) => b'.',
                    _ => match self.symbols.and_then(|s| s.marker(c)) {
                        Some(marker) => marker,
                        None => odd_marker(self.odd, c),
                    },
                };
                self.bytes.push(b);
            }
            if !chunk.invalid().is_empty() {
                let b = odd_marker(self.odd, '\u{FFFD}');
                self.bytes.push(b);
            }
        }
    }
}

/// Whether `bytes` are all ASCII: `<[u8]>::is_ascii`, in about half its
/// instructions on a record's few dozen bytes (every record read is
/// checked): their 8-byte words OR-ed together, the last one overlapping.
fn is_ascii(bytes: &[u8]) -> bool {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let word = |w: &[u8]| u64::from_ne_bytes(w.try_into().unwrap_or_default());
    match bytes.len().checked_sub(8) {
        None => bytes.is_ascii(),
        Some(last) => {
            let words = bytes.chunks_exact(8);
            words.fold(word(&bytes[last..]), |all, w| all | word(w)) & HIGH == 0
        }
    }
}

/// The other characters that mean an empty cell in an input (`--empty`).
#[derive(Clone, Debug, Default)]
pub(crate) struct Empty {
    /// The ASCII ones.
    pub(crate) ascii: Vec<u8>,
    /// The others (`·`).
    pub(crate) wide: Vec<char>,
}

impl Empty {
    /// The characters of `chars`.
    pub(crate) fn new(chars: &str) -> Empty {
        let (ascii, wide): (Vec<char>, Vec<char>) = chars.chars().partition(char::is_ascii);
        Empty {
            ascii: ascii.into_iter().map(|c| c as u8).collect(),
            wide,
        }
    }
}

/// The first marker of an odd character (see [`Frames::odd`]); past the
/// symbols' markers ([`WIDE`](super::symbols::WIDE) and the 25 after it).
const ODD: u8 = 0xa0;

/// The marker of the odd character `c`, added to `odd` if it is new (the
/// last marker stands for every one past the room there is).
fn odd_marker(odd: &mut Vec<char>, c: char) -> u8 {
    let room = usize::from(u8::MAX - ODD);
    let i = match odd.iter().position(|&o| o == c) {
        Some(i) => i,
        None if odd.len() < room => {
            odd.push(c);
            odd.len() - 1
        }
        None => room,
    };
    ODD + i as u8
}

/// Which odd character a marker byte stands for, if it is one: an index
/// into [`Frames::odd`] (one past its end: a character beyond them).
pub(crate) fn odd_index(b: u8) -> Option<usize> {
    b.checked_sub(ODD).map(usize::from)
}

/// A format's reading state for one input: it is handed the lines the
/// reader gives this format, and frames records from them.
pub trait Framer: Send {
    /// Takes one line (trimmed, neither blank nor a comment).
    fn take(&mut self, line: &[u8], frames: &mut Frames<'_>);

    /// Ends a record still open across lines (at a blank line, a line of
    /// another format, or the end of the input).
    fn end(&mut self, _frames: &mut Frames<'_>) {}

    /// Whether a record spanning lines is open: a batch never ends inside
    /// one.
    fn is_open(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`is_ascii`] says what `<[u8]>::is_ascii` says, wherever a byte
    /// beyond ASCII stands, at every length around the words.
    #[test]
    fn is_ascii_agrees_with_std() {
        for len in 0..40 {
            let plain = vec![b'7'; len];
            assert!(is_ascii(&plain), "{len}");
            for at in 0..len {
                for high in [0x80, 0xb7, 0xff] {
                    let mut bytes = plain.clone();
                    bytes[at] = high;
                    assert!(!is_ascii(&bytes), "{len} {at} {high}");
                }
            }
        }
    }
}
