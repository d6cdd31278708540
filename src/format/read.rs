//! Reading records back: every registered format, detected line by line
//! (so files of mixed formats work) or forced, any size, streaming.
//!
//! Reading is split in two so that it can run in parallel:
//!
//! - [`Reader::next_batch`] (one thread, in input order) cuts the input
//!   into lines, decides each line's format (the one that claims it most
//!   surely, see [`RecordFormat::detect`]), and hands the line to that
//!   format's [`Framer`], which copies each record's bytes into a
//!   [`Batch`] with its line number. It does no per-cell work.
//! - [`Batch::for_each`] (any thread) parses each record of a batch into a
//!   grid, or says what is wrong with it.
//!
//! The reader never trusts its input: lines are capped at [`MAX_LINE`]
//! bytes (the rest is skipped and reported), bytes need not be UTF-8, a
//! UTF-8 byte-order mark and white space around a line are ignored, `#`
//! starts a comment line, and a bad record is reported with its line
//! number while reading goes on.

use std::io::{self, Read};

use super::record::{Carried, Label, LabelBuf, RecordError};
use super::spec::{self, BatchLabels, Empty, Encoding, Framer, Frames, Raw};
use super::{FORMATS, Format, Symbols, csv, json, line, npy, pretty, solo};
use crate::grid::{Grid, ParseError, Size, Variant, plural};

pub use super::record::MAX_LINE;

/// The read buffer: room for a longest line and more.
const BUFFER: usize = 4 * MAX_LINE;

/// A batch ends after this many records (or fewer, asked for with
/// [`Reader::next_batch_of`]) or bytes, whichever comes first (never inside
/// a record that spans lines).
pub const BATCH_RECORDS: usize = 1024;
const BATCH_BYTES: usize = 1 << 20;

/// Records framed in input order, ready to parse on any thread.
#[derive(Clone, Debug, Default)]
pub struct Batch {
    bytes: Vec<u8>,
    /// With another alphabet (`--symbols`): the bytes as written, before
    /// they were rewritten into standard symbols in `bytes`, so that a
    /// symbol outside the alphabet is named as written (see
    /// [`Batch::named_as_written`]). Empty otherwise.
    written: Vec<u8>,
    /// That alphabet.
    symbols: Option<Symbols>,
    /// The variant every record is read with, if one was forced.
    variant: Option<Variant>,
    /// Other characters that mean an empty cell.
    empty: Empty,
    /// The characters beyond ASCII of the records' cells that are neither
    /// an empty cell nor a symbol, which stand as markers in `bytes` (see
    /// [`Frames::odd`]), so that an error can name them.
    odd: Vec<char>,
    raws: Vec<Raw>,
    /// What the records carry (see [`Label`]).
    labels: BatchLabels,
}

impl Batch {
    /// How many records the batch holds.
    pub fn len(&self) -> usize {
        self.raws.len()
    }

    /// How many bytes its records take (as read, white space around them
    /// left out): about what a command that writes each record back, or
    /// a grid in its place, writes.
    pub fn byte_len(&self) -> usize {
        self.bytes.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.raws.is_empty()
    }

    /// The bytes of its records as framed: about the input they came
    /// from, less line ends and skipped lines (what a progress bar counts).
    pub fn framed_bytes(&self) -> usize {
        self.bytes.len()
    }

    /// A standard symbol (as the grids read hold it) as the input writes
    /// it: itself, or its letter in the alphabet of `--symbols`.
    pub fn as_written(&self, symbol: char) -> char {
        self.symbols.as_ref().map_or(symbol, |s| s.written(symbol))
    }

    /// `error` with a character beyond ASCII named as written, where the
    /// record holds its marker (see [`Frames::odd`]). Out of line: the
    /// path of a record read well stays short.
    #[cold]
    #[inline(never)]
    fn named(&self, error: RecordError) -> RecordError {
        let real = |found: char| {
            u8::try_from(found)
                .ok()
                .and_then(spec::odd_index)
                .map_or(found, |i| self.odd.get(i).copied().unwrap_or('\u{FFFD}'))
        };
        match error {
            RecordError::Cells(ParseError::BadSymbol { found, size }) => {
                RecordError::Cells(ParseError::BadSymbol {
                    found: real(found),
                    size,
                })
            }
            RecordError::Alphabet {
                found,
                size,
                alphabet,
            } => RecordError::Alphabet {
                found: real(found),
                size,
                alphabet,
            },
            other => other,
        }
    }

    /// Parses every record in order, calling `f` with its line and the grid
    /// (borrowed: nothing is copied) or what is wrong with it.
    pub fn for_each<E>(
        &self,
        mut f: impl FnMut(u64, Result<&Grid, RecordError>) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut scratch = Grid::empty(Size::S9);
        for raw in &self.raws {
            let parsed = self.parse(raw, &mut scratch);
            f(raw.line, parsed.map(|()| &scratch))?;
        }
        Ok(())
    }

    /// Gives a grid read from `raw` its variant: the one the record says it
    /// has (a CSV row's shape columns, a JSON record's fields, which gave
    /// the grid its variant as it was parsed), else the one forced, else
    /// none. A record that names a variant other than the one forced is
    /// an error: neither silently wins.
    fn shape(&self, raw: &Raw, grid: &mut Grid) -> Result<(), RecordError> {
        let own = raw
            .variant
            .clone()
            .or((!grid.shape().is_plain()).then(|| grid.variant().clone()));
        match (own, self.variant.clone()) {
            (Some(own), Some(asked)) if own != asked => {
                return Err(RecordError::VariantConflict { own, asked });
            }
            (Some(v), _) | (None, Some(v)) if v != *grid.variant() => {
                grid.set_variant(v).map_err(RecordError::Shape)?;
            }
            _ => {}
        }
        match &raw.cages {
            Some(cages) => grid
                .set_cages(Some(cages.clone()))
                .map_err(RecordError::Shape),
            None => Ok(()),
        }
    }

    /// [`Batch::for_each`], with each record's solution when the record
    /// carries one: a `line` record followed by a field of its length
    /// (`PUZZLE SOLUTION`, as `puzzle --with-solution` writes), the
    /// solution field of a puzzle CSV, a JSON record's `"solution"` rows,
    /// the block titled `Solution N` after a `grid` block titled `Puzzle
    /// N` (see [`Pairing`]).
    pub fn for_each_with_solution<E>(
        &self,
        mut f: impl FnMut(
            u64,
            Result<&Grid, RecordError>,
            Option<Result<&Grid, RecordError>>,
        ) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut scratch = Grid::empty(Size::S9);
        let mut solution = Grid::empty(Size::S9);
        for raw in &self.raws {
            let (parsed, solved) = match (&raw.kind, raw.solution) {
                (Ok(Encoding::Json), _) => {
                    let (grid, sol) =
                        json::parse_with_solution(&self.bytes[raw.start..raw.end], raw.size);
                    let parsed = grid.map(|g| scratch = g);
                    let parsed = parsed.and_then(|()| self.shape(raw, &mut scratch));
                    let sol = sol.map(|r| {
                        r.map(|g| solution = g)
                            .and_then(|()| self.shape(raw, &mut solution))
                    });
                    (parsed, sol)
                }
                (_, Some((start, end))) => {
                    let parsed = self.parse(raw, &mut scratch);
                    let solved = self.parse_solution(raw, (start, end), &mut solution);
                    (parsed, Some(solved))
                }
                _ => (self.parse(raw, &mut scratch), None),
            };
            f(
                raw.line,
                parsed.map(|()| &scratch),
                solved.map(|r| r.map(|()| &solution)),
            )?;
        }
        Ok(())
    }

    /// [`Batch::for_each_with_solution`], with the rating each record
    /// carries, if any: after a `line` record (`PUZZLE 7.2 fiendish ...`,
    /// as `rate` writes), in a CSV's `se` and `level` columns, in a JSON
    /// record's `"se"` and `"level"`; and its labels (see [`Label`]).
    pub fn for_each_full<E>(
        &self,
        mut f: impl FnMut(ReadRecord<'_>) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut scratch = Grid::empty(Size::S9);
        let mut solution = Grid::empty(Size::S9);
        let mut cursor = 0;
        // One vector of labels for the batch, emptied after each record
        // (its labels borrow from that record's JSON, so it is handed on
        // as an empty vector of another lifetime: see [`emptied`]).
        let mut spare: Vec<Label<'static>> = Vec::new();
        for (i, raw) in self.raws.iter().enumerate() {
            let mut json_labels = LabelBuf::default();
            let (parsed, solved, rating) = match (&raw.kind, raw.solution) {
                (Ok(Encoding::Json), _) => {
                    let (grid, sol, rating) = json::parse_full(
                        &self.bytes[raw.start..raw.end],
                        raw.size,
                        &mut json_labels,
                    );
                    let parsed = grid.map(|g| scratch = g);
                    let parsed = parsed.and_then(|()| self.shape(raw, &mut scratch));
                    let sol = sol.map(|r| {
                        r.map(|g| solution = g)
                            .and_then(|()| self.shape(raw, &mut solution))
                    });
                    (parsed, sol, rating)
                }
                (_, sol) => {
                    let parsed = self.parse(raw, &mut scratch);
                    let solved = sol.map(|range| self.parse_solution(raw, range, &mut solution));
                    let rating = raw
                        .extra
                        .and_then(|(start, end)| Carried::parse(&self.bytes[start..end]));
                    (parsed, solved, rating)
                }
            };
            let mut labels = emptied(std::mem::take(&mut spare));
            self.labels.of(i, raw.declared, &mut cursor, &mut labels);
            if !json_labels.is_empty() {
                json_labels.decode(0, json_labels.len(), &mut labels);
            }
            f(ReadRecord {
                line: raw.line,
                grid: parsed.map(|()| &scratch),
                solution: solved.map(|r| r.map(|()| &solution)),
                rating,
                labels: &labels,
            })?;
            spare = emptied(labels);
        }
        Ok(())
    }

    /// Parses the solution of record `raw`, at `start..end` of the batch,
    /// into `solution`, with the record's variant.
    fn parse_solution(
        &self,
        raw: &Raw,
        (start, end): (usize, usize),
        solution: &mut Grid,
    ) -> Result<(), RecordError> {
        let bytes = &self.bytes[start..end];
        if matches!(
            raw.kind,
            Ok(Encoding::Bytes | Encoding::Rows | Encoding::Solo)
        ) {
            // A row of an npy array, or a grid's block, as the record's
            // own.
            let cells = Raw {
                start,
                end,
                solution: None,
                ..raw.clone()
            };
            self.parse_cells(&cells, solution)?;
        } else {
            solution
                .read_line(bytes, raw.size)
                .map_err(|e| self.named_as_written(start, end, e.into()))?;
        }
        self.shape(raw, solution)
    }

    /// Parses record `raw` into `scratch`, with its variant.
    fn parse(&self, raw: &Raw, scratch: &mut Grid) -> Result<(), RecordError> {
        self.parse_cells(raw, scratch)?;
        self.shape(raw, scratch)
    }

    /// Parses record `raw`'s cells into `scratch`.
    fn parse_cells(&self, raw: &Raw, scratch: &mut Grid) -> Result<(), RecordError> {
        self.parse_cells_marked(raw, scratch)
            .map_err(|e| self.named(e))
    }

    /// [`Batch::parse_cells`], a character beyond ASCII named by its
    /// marker.
    fn parse_cells_marked(&self, raw: &Raw, scratch: &mut Grid) -> Result<(), RecordError> {
        let bytes = &self.bytes[raw.start..raw.end];
        // Without another alphabet, a bad symbol in a record that looks
        // written in one says so.
        let as_written = |e: RecordError| match self.symbols {
            Some(_) => self.named_as_written(raw.start, raw.end, e),
            None => e.with_alphabet_of(bytes),
        };
        match &raw.kind {
            Ok(Encoding::Symbols | Encoding::StandardSymbols) => scratch
                .read_line(bytes, raw.size)
                .map_err(|e| as_written(e.into())),
            Ok(Encoding::Json) => json::parse(bytes, raw.size).map(|g| *scratch = g),
            &Ok(Encoding::Values { header }) => {
                csv::parse_values(bytes, raw.size, header).map(|g| *scratch = g)
            }
            Ok(Encoding::Rows) => pretty::parse_block(bytes, raw.size)
                .map(|g| *scratch = g)
                .map_err(as_written),
            Ok(Encoding::Bytes) => {
                let size = raw.size.or(Size::from_cells(bytes.len()));
                match size.and_then(|s| Grid::from_values(s, bytes)) {
                    Some(g) => {
                        *scratch = g;
                        Ok(())
                    }
                    None => Err(RecordError::Value {
                        text: bytes.iter().max().map_or_else(String::new, u8::to_string),
                        size: size.unwrap_or(Size::S9),
                    }),
                }
            }
            Ok(Encoding::Tokens) => line::parse_tokens(bytes, raw.size)
                .map(|g| *scratch = g)
                .map_err(as_written),
            Ok(Encoding::Solo) => {
                let size = raw
                    .size
                    .ok_or_else(|| RecordError::Solo("its parameters give no size".into()))?;
                solo::parse_cells(bytes, size).map(|g| *scratch = g)
            }
            Err(e) => Err(e.clone()),
        }
    }

    /// `error`, from parsing `bytes[start..end]`, with a symbol outside
    /// another alphabet named as written: [`Symbols::read`] turns such a
    /// byte that is a standard symbol (`1` in a file of `A` to `P`) into
    /// DEL, so that it is not misread, and the parsers stop at the first
    /// bad symbol from the left, so the first DEL of the record is the
    /// one they name.
    fn named_as_written(&self, start: usize, end: usize, error: RecordError) -> RecordError {
        let error = match error {
            RecordError::Cells(ParseError::BadSymbol {
                found: '\x7f',
                size,
            }) if !self.written.is_empty() => {
                let at = self.bytes[start..end].iter().position(|&b| b == 0x7f);
                RecordError::Cells(ParseError::BadSymbol {
                    found: at.map_or('\x7f', |i| char::from(self.written[start + i])),
                    size,
                })
            }
            other => other,
        };
        self.named(error)
    }

    /// The framing API over this batch, at line `line`.
    fn frames(&mut self, line: u64, size: Option<Size>) -> Frames<'_> {
        Frames {
            bytes: &mut self.bytes,
            labels: &mut self.labels,
            written: &mut self.written,
            raws: &mut self.raws,
            symbols: self.symbols.as_ref(),
            empty: &self.empty,
            odd: &mut self.odd,
            line,
            size,
        }
    }
}

/// One record read, with what it carries (see [`Batch::for_each_full`]).
#[derive(Debug)]
pub struct ReadRecord<'a> {
    /// The 1-based line number where the record starts.
    pub line: u64,
    /// The grid read (possibly incomplete or invalid), or what is wrong.
    pub grid: Result<&'a Grid, RecordError>,
    /// The solution written beside it, if any, or what is wrong with it.
    pub solution: Option<Result<&'a Grid, RecordError>>,
    /// The rating it carries, if any.
    pub rating: Option<Carried>,
    /// What else it carries, to be written back with it.
    pub labels: &'a [Label<'a>],
}

/// One record with its grid owned, as the [`Reader`]'s iterator yields it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// The 1-based line number where the record starts.
    pub line: u64,
    /// The grid read (possibly incomplete or invalid), or what is wrong.
    pub grid: Result<Grid, RecordError>,
}

/// The lines of an input, each at most [`MAX_LINE`] bytes.
struct Lines<R> {
    inner: R,
    buf: Vec<u8>,
    /// The unread bytes are `buf[pos..end]`; no newline in `buf[pos..scan]`.
    pos: usize,
    scan: usize,
    end: usize,
    eof: bool,
    /// Skipping the rest of a line that was too long.
    skipping: bool,
    number: u64,
}

/// What [`Lines::next`] found: a line as a range of the buffer, or a line
/// that was too long, or (when told not to read) that no whole line is
/// buffered.
enum Line {
    Text(usize, usize),
    TooLong,
    Unread,
}

impl<R: Read> Lines<R> {
    fn new(inner: R) -> Self {
        Lines {
            inner,
            buf: vec![0; BUFFER],
            pos: 0,
            scan: 0,
            end: 0,
            eof: false,
            skipping: false,
            number: 0,
        }
    }

    /// The unread bytes, after reading until there are at least `n` of
    /// them or the input ends (`n` at most the buffer's size).
    fn peek(&mut self, n: usize) -> io::Result<&[u8]> {
        while self.end - self.pos < n && !self.eof {
            self.buf.copy_within(self.pos..self.end, 0);
            self.end -= self.pos;
            // What was scanned for newlines stays scanned; nothing more.
            self.scan -= self.pos;
            self.pos = 0;
            match self.inner.read(&mut self.buf[self.end..]) {
                Ok(0) => self.eof = true,
                Ok(k) => self.end += k,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(&self.buf[self.pos..self.end])
    }

    /// Takes the next `n` bytes as a whole (`None` at the end; a last
    /// piece shorter than `n` is an error).
    fn take(&mut self, n: usize) -> io::Result<Option<(usize, usize)>> {
        let have = self.peek(n)?.len();
        if have == 0 {
            return Ok(None);
        }
        if have < n {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                format!("the input ends inside a row ({have} of its {n} bytes)"),
            ));
        }
        let start = self.pos;
        self.pos += n;
        self.scan = self.pos;
        Ok(Some((start, start + n)))
    }

    /// How many bytes are left unread, reading (and dropping) them to the
    /// end of the input.
    fn rest(&mut self) -> io::Result<u64> {
        let buffered = (self.end - self.pos) as u64;
        self.pos = self.end;
        self.scan = self.end;
        if self.eof {
            return Ok(buffered);
        }
        self.eof = true;
        Ok(buffered + io::copy(&mut self.inner, &mut io::sink())?)
    }

    /// The next line; with `may_read` false, [`Line::Unread`] rather than
    /// a read of the input (which could wait on a slow writer).
    fn next(&mut self, may_read: bool) -> io::Result<Option<Line>> {
        loop {
            if let Some(i) = memchr::memchr(b'\n', &self.buf[self.scan..self.end]) {
                let (start, newline) = (self.pos, self.scan + i);
                self.pos = newline + 1;
                self.scan = self.pos;
                self.number += 1;
                if std::mem::take(&mut self.skipping) || newline - start > MAX_LINE {
                    return Ok(Some(Line::TooLong));
                }
                return Ok(Some(Line::Text(start, newline)));
            }
            self.scan = self.end;
            if self.end - self.pos > MAX_LINE {
                // Too long already: drop what we have, skip to its end.
                self.skipping = true;
                self.pos = self.end;
            }
            if self.eof {
                if self.pos == self.end && !self.skipping {
                    return Ok(None);
                }
                // A last line without a newline.
                let start = std::mem::replace(&mut self.pos, self.end);
                self.number += 1;
                if std::mem::take(&mut self.skipping) {
                    return Ok(Some(Line::TooLong));
                }
                return Ok(Some(Line::Text(start, self.end)));
            }
            if !may_read {
                return Ok(Some(Line::Unread));
            }
            self.buf.copy_within(self.pos..self.end, 0);
            self.end -= self.pos;
            self.scan -= self.pos;
            self.pos = 0;
            match self.inner.read(&mut self.buf[self.end..]) {
                Ok(0) => self.eof = true,
                Ok(n) => self.end += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }
}

/// `labels` emptied, as a vector of labels of any lifetime: the same
/// allocation (collecting a vector's own iterator into a vector of a type
/// of the same size reuses it), so that a batch allocates one vector of
/// labels, not one per record.
fn emptied<'b>(mut labels: Vec<Label<'_>>) -> Vec<Label<'b>> {
    labels.clear();
    labels.into_iter().map(|_| unreachable!()).collect()
}

/// Strips white space around a line, and a byte-order mark before the
/// first.
fn trim(mut line: &[u8], first: bool) -> &[u8] {
    if first {
        line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    }
    line.trim_ascii()
}

/// An `npy` array being read: its rows and cells per row, as its header
/// gives them, and the rows read so far.
#[derive(Clone, Copy, Debug)]
struct NpyRows {
    cells: usize,
    rows: u64,
    read: u64,
}

/// An `npy` array's header, if `lines` starts with one: its rows and
/// cells per row (the header is then consumed).
fn npy_header<R: Read>(lines: &mut Lines<R>) -> io::Result<Option<NpyRows>> {
    let start = lines.peek(12)?;
    if !start.starts_with(npy::MAGIC) {
        return Ok(None);
    }
    let len = match start.get(6) {
        Some(1) => 10 + usize::from(u16::from_le_bytes([start[8], start[9]])),
        _ => {
            12 + start
                .get(8..12)
                .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
        }
    };
    let bytes = lines.peek(len.min(MAX_LINE))?;
    let (rows, cells, header) = npy::parse_header(bytes).map_err(io::Error::other)?;
    if Size::from_cells(cells).is_none() {
        return Err(io::Error::other(format!(
            "an npy array of rows of {cells} cells; a grid has 16, 81, 256 or 625"
        )));
    }
    lines.take(header)?;
    Ok(Some(NpyRows {
        cells,
        rows,
        read: 0,
    }))
}

impl NpyRows {
    /// Takes row `read + 1` from `lines`: its range in their buffer.
    fn row<R: Read>(&self, lines: &mut Lines<R>) -> io::Result<(usize, usize)> {
        match lines.take(self.cells) {
            Ok(Some(row)) => Ok(row),
            Ok(None) => Err(self.truncated(0)),
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
                let have = lines.peek(self.cells)?.len();
                Err(self.truncated(have))
            }
            Err(e) => Err(e),
        }
    }

    /// An error if `lines` holds more bytes after the rows.
    fn end<R: Read>(&self, lines: &mut Lines<R>) -> io::Result<()> {
        let extra = lines.rest()?;
        if extra == 0 {
            return Ok(());
        }
        Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "the npy header gives {} of {} cells, but {} follow them; an npy file holds one array (numpy refuses it too)",
                plural(self.rows as usize, "row"),
                self.cells,
                plural(extra as usize, "more byte"),
            ),
        ))
    }

    /// The error for an input that ends `have` bytes into row `read + 1`.
    fn truncated(self, have: usize) -> io::Error {
        let part = if have > 0 {
            format!(" and {} of the next", plural(have, "byte"))
        } else {
            String::new()
        };
        io::Error::new(
            io::ErrorKind::UnexpectedEof,
            format!(
                "the npy header gives {} of {} cells, but the input ends after {}{part}; the file is cut short (numpy refuses it too)",
                plural(self.rows as usize, "row"),
                self.cells,
                plural(self.read as usize, "row"),
            ),
        )
    }
}

/// A streaming reader of records, in batches or one by one.
pub struct Reader<R> {
    lines: Lines<R>,
    format: Option<Format>,
    size: Option<Size>,
    symbols: Option<Symbols>,
    variant: Option<Variant>,
    /// Other characters that mean an empty cell.
    empty: Empty,
    /// Each format's reading state for this input, as [`FORMATS`] orders
    /// them (made when the format first claims a line).
    framers: Vec<Option<Box<dyn Framer>>>,
    /// The format of the last line framed.
    current: Option<usize>,
    /// Whether the start of the input was looked at (for an `npy` array).
    started: bool,
    /// An `npy` array being read.
    npy: Option<NpyRows>,
    /// The solutions array read beside an `npy` array, if any.
    solutions: Option<Lines<Box<dyn Read + Send>>>,
    /// Parsed records not yet taken by the iterator.
    ready: std::collections::VecDeque<Item>,
    /// The records' titles, and a titled puzzle's solution.
    titles: Titles,
    /// The label names the input has declared so far (see
    /// [`BatchLabels`]), between batches.
    declared: Vec<String>,
    /// The bytes the largest batch so far held: a new batch has room for
    /// as many from the start (rather than growing to it, copying).
    bytes_hint: usize,
}

/// A record's title as `-f grid` writes a puzzle's and its solution's
/// (`Puzzle 3`, `Solution 3`; any case), with its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Titled {
    Puzzle(u64),
    Solution(u64),
    /// Any other title (`Grid 01`).
    Other,
}

impl Titled {
    /// The title `line` is, if it is one (see [`title_of`]).
    fn of(line: &[u8]) -> Option<Titled> {
        let (word, number) = title_of(line)?;
        let number = std::str::from_utf8(number).ok()?.parse().ok();
        Some(match number {
            Some(n) if word.eq_ignore_ascii_case(b"puzzle") => Titled::Puzzle(n),
            Some(n) if word.eq_ignore_ascii_case(b"solution") => Titled::Solution(n),
            _ => Titled::Other,
        })
    }
}

/// Where the reader is in pairing a titled puzzle with its solution: a
/// record titled `Solution N` right after the one titled `Puzzle N` (only
/// blank and comment lines between them) is that puzzle's solution, not a
/// record of its own, when both are blocks of rows (see [`may_pair`]). The
/// batch does not end while a pairing is open, so the two are framed into
/// the same one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Pairing {
    #[default]
    None,
    /// The batch's last record (its place) was titled `Puzzle N`.
    Puzzle { number: u64, raw: usize },
    /// Then came the title `Solution N`: the next record is the solution
    /// of the record at this place.
    Solution { raw: usize },
}

/// The titles of an input's records, as the reader meets them.
#[derive(Clone, Copy, Debug, Default)]
struct Titles {
    /// The title read since the last record, for the next record to start.
    title: Option<Titled>,
    /// The title of the record being framed.
    framing: Option<Titled>,
    /// A titled puzzle waiting for its solution.
    pairing: Pairing,
}

impl Titles {
    /// Whether a titled puzzle waits for its solution: the batch is not to
    /// end.
    fn open(&self) -> bool {
        self.pairing != Pairing::None
    }

    /// Takes a title line, read when the batch holds `records` records.
    fn titled(&mut self, title: Titled, records: usize) {
        self.pairing = match (self.pairing, title) {
            (Pairing::Puzzle { number, raw }, Titled::Solution(n))
                if n == number && raw + 1 == records =>
            {
                Pairing::Solution { raw }
            }
            _ => Pairing::None,
        };
        self.title = Some(title);
    }

    /// A record starts: it has the title read before it, if any; a titled
    /// puzzle followed by anything but its solution's title has none.
    fn start(&mut self) {
        self.framing = self.title.take();
        if let Pairing::Puzzle { .. } = self.pairing {
            self.pairing = Pairing::None;
        }
    }

    /// Gives the records framed since the batch held `from` their titles:
    /// a solution is folded into its puzzle's record.
    fn pair(&mut self, batch: &mut Batch, from: usize) {
        let mut at = from;
        while at < batch.raws.len() {
            self.pairing = match self.pairing {
                Pairing::Solution { raw }
                    if raw + 1 == at && may_pair(&batch.raws[raw], &batch.raws[at]) =>
                {
                    let solution = batch.raws.remove(at);
                    batch.raws[raw].solution = Some((solution.start, solution.end));
                    self.framing = None;
                    return;
                }
                _ => match self.framing.take() {
                    Some(Titled::Puzzle(number)) => Pairing::Puzzle { number, raw: at },
                    _ => Pairing::None,
                },
            };
            at += 1;
        }
    }
}

impl<R: Read> Reader<R> {
    /// A reader of `inner`; `format` and `size` force those instead of
    /// detecting them.
    pub fn new(inner: R, format: Option<Format>, size: Option<Size>) -> Self {
        Reader {
            lines: Lines::new(inner),
            format,
            size,
            symbols: None,
            variant: None,
            empty: Empty::default(),
            framers: FORMATS.iter().map(|_| None).collect(),
            current: None,
            started: false,
            npy: None,
            solutions: None,
            ready: Default::default(),
            titles: Titles::default(),
            declared: Vec::new(),
            bytes_hint: 0,
        }
    }

    /// Reads records written in this alphabet (where a format writes
    /// symbols: `line`, `grid`).
    pub fn with_symbols(mut self, symbols: Option<Symbols>) -> Self {
        self.symbols = symbols;
        self
    }

    /// Reads every record with this variant (X, Hyper, or a jigsaw map,
    /// whose size is then to be forced too), whatever the records say;
    /// `None`: the variant each record says it has, or none.
    pub fn with_variant(mut self, variant: Option<Variant>) -> Self {
        self.variant = variant;
        self
    }

    /// Reads the solutions of the records from `solutions`, an `npy` array
    /// of the shape of the one being read (an `.npz`'s solutions array):
    /// row `i` is the solution of record `i`. Ignored when the input is
    /// not an `npy` array.
    pub fn with_npy_solutions(mut self, solutions: Option<Box<dyn Read + Send>>) -> Self {
        self.solutions = solutions.map(Lines::new);
        self
    }

    /// Reads these characters too as empty cells, where a format writes
    /// symbols (`.`, `0`, `-`, `_` and `*` always are): any characters,
    /// ASCII or beyond (`·`).
    pub fn with_empty(mut self, empty: &str) -> Self {
        self.empty = Empty::new(empty);
        self
    }

    /// Frames the next records, up to a batch; `None` at the end.
    pub fn next_batch(&mut self) -> io::Result<Option<Batch>> {
        self.next_batch_of(BATCH_RECORDS)
    }

    /// Whether the format of the last line holds a record open across
    /// lines.
    fn open(&self) -> bool {
        self.current
            .and_then(|i| self.framers[i].as_ref())
            .is_some_and(|f| f.is_open())
    }

    /// Ends the record the last line's format holds open, if any.
    fn end(&mut self, batch: &mut Batch, number: u64) {
        end_open(
            &mut self.framers,
            self.current,
            batch,
            number,
            self.size,
            &mut self.titles,
        );
    }

    /// The format of a line: the one forced, or the one that claims it
    /// most surely (the first registered, on a tie).
    fn format_of(&self, line: &[u8]) -> usize {
        let forced = self
            .format
            .and_then(|f| FORMATS.iter().position(|&g| g == f));
        forced.unwrap_or_else(|| {
            let claims = FORMATS.iter().map(|f| f.spec().detect(line));
            claims
                .enumerate()
                .filter_map(|(i, c)| Some((c?, i)))
                .min()
                .map_or(0, |(_, i)| i)
        })
    }

    /// [`Reader::next_batch`], of at most `records` records (at least
    /// one; at most [`BATCH_RECORDS`]), and only of the records read
    /// without waiting for more input once it holds one.
    pub fn next_batch_of(&mut self, records: usize) -> io::Result<Option<Batch>> {
        let records = records.clamp(1, BATCH_RECORDS);
        if !self.started {
            self.started = true;
            self.npy = self.npy_header()?;
        }
        if let Some(rows) = self.npy {
            return self.npy_batch(records, rows);
        }
        let mut batch = Batch {
            symbols: self.symbols.clone(),
            variant: self.variant.clone(),
            empty: self.empty.clone(),
            ..Batch::default()
        };
        batch.bytes.reserve(self.bytes_hint);
        // The input's label names carry on from batch to batch.
        batch.labels.declared = std::mem::take(&mut self.declared);
        let framed = self.frame(&mut batch, records);
        self.bytes_hint = self.bytes_hint.max(batch.bytes.len());
        self.declared.clone_from(&batch.labels.declared);
        framed?;
        Ok((!batch.is_empty()).then_some(batch))
    }

    /// Frames records into `batch` (see [`Reader::next_batch_of`]) until
    /// it is full, or holds a record and the input has no more to give at
    /// once, or the input ends.
    fn frame(&mut self, batch: &mut Batch, records: usize) -> io::Result<()> {
        loop {
            let open = self.open() || self.titles.open();
            if !open && (batch.raws.len() >= records || batch.bytes.len() >= BATCH_BYTES) {
                return Ok(());
            }
            let number = self.lines.number + 1;
            // Once the batch holds a record, it ends rather than wait for
            // more input (a record spanning lines is never split): a slow
            // writer upstream, or a program feeding puzzles one at a time,
            // gets each answer as soon as its record is read.
            let may_read = batch.is_empty() || open;
            let (start, end) = match self.lines.next(may_read)? {
                Some(Line::Unread) => return Ok(()),
                None => {
                    self.end(batch, number);
                    self.titles = Titles::default();
                    return Ok(());
                }
                Some(Line::TooLong) => {
                    self.end(batch, number);
                    self.titles.start();
                    let from = batch.raws.len();
                    batch
                        .frames(number, None)
                        .push_error(RecordError::LineTooLong);
                    self.titles.pair(batch, from);
                    continue;
                }
                Some(Line::Text(start, end)) => (start, end),
            };
            let line = trim(&self.lines.buf[start..end], number == 1);
            if line.is_empty() {
                self.end(batch, number);
                continue;
            }
            if line[0] == b'#' {
                // A comment (collections start with source notes).
                continue;
            }
            if let Some(title) = Titled::of(line) {
                // A record's title (`Grid 01`, as Project Euler writes;
                // `Puzzle 1` and `Solution 1`, as `-f grid` writes): it
                // ends the record before it.
                self.end(batch, number);
                self.titles.titled(title, batch.raws.len());
                continue;
            }
            let format = self.format_of(line);
            if self.current != Some(format) {
                end_open(
                    &mut self.framers,
                    self.current,
                    batch,
                    number,
                    self.size,
                    &mut self.titles,
                );
                self.current = Some(format);
            }
            let framer =
                self.framers[format].get_or_insert_with(|| FORMATS[format].spec().framer());
            if !framer.is_open() {
                self.titles.start();
            }
            let from = batch.raws.len();
            framer.take(line, &mut batch.frames(number, self.size));
            self.titles.pair(batch, from);
        }
    }

    /// An `npy` array's header, if the input starts with one: its rows and
    /// cells per row (the header is then consumed); and the header of the
    /// solutions array beside it, if there is one, which must be of the
    /// same shape.
    fn npy_header(&mut self) -> io::Result<Option<NpyRows>> {
        let Some(npy) = npy_header(&mut self.lines)? else {
            return Ok(None);
        };
        if let Some(solutions) = &mut self.solutions {
            let theirs = npy_header(solutions)?.ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    "the solutions are not an npy array",
                )
            })?;
            if (theirs.rows, theirs.cells) != (npy.rows, npy.cells) {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "the solutions array is {} x {}, the puzzles' {} x {}; they must match row for row",
                        theirs.rows, theirs.cells, npy.rows, npy.cells
                    ),
                ));
            }
        }
        Ok(Some(npy))
    }

    /// The next rows of an `npy` array, each a record (with its solution,
    /// from the solutions array, if there is one); an error if the input
    /// holds fewer rows than its header gives, or more bytes.
    fn npy_batch(&mut self, records: usize, mut npy: NpyRows) -> io::Result<Option<Batch>> {
        let mut batch = Batch {
            variant: self.variant.clone(),
            ..Batch::default()
        };
        while batch.raws.len() < records && npy.read < npy.rows {
            let (start, end) = npy.row(&mut self.lines)?;
            let at = batch.bytes.len();
            batch.bytes.extend_from_slice(&self.lines.buf[start..end]);
            let solution = match &mut self.solutions {
                Some(solutions) => {
                    let (start, end) = npy.row(solutions).map_err(|e| {
                        io::Error::new(e.kind(), format!("the solutions array: {e}"))
                    })?;
                    let from = batch.bytes.len();
                    batch.bytes.extend_from_slice(&solutions.buf[start..end]);
                    Some((from, batch.bytes.len()))
                }
                None => None,
            };
            npy.read += 1;
            batch.raws.push(Raw {
                line: npy.read,
                kind: Ok(Encoding::Bytes),
                size: self.size,
                variant: None,
                cages: None,
                start: at,
                end: at + npy.cells,
                solution,
                extra: None,
                declared: 0,
            });
        }
        if npy.read == npy.rows {
            npy.end(&mut self.lines)?;
            if let Some(solutions) = &mut self.solutions {
                npy.end(solutions)
                    .map_err(|e| io::Error::new(e.kind(), format!("the solutions array: {e}")))?;
            }
        }
        self.npy = Some(npy);
        Ok((!batch.is_empty()).then_some(batch))
    }

    /// Calls `f` with every record: its line and the grid or what is wrong.
    /// The grid is only borrowed, so no record is copied.
    pub fn visit<E: From<io::Error>>(
        &mut self,
        mut f: impl FnMut(u64, Result<&Grid, RecordError>) -> Result<(), E>,
    ) -> Result<(), E> {
        while let Some(batch) = self.next_batch()? {
            batch.for_each(&mut f)?;
        }
        Ok(())
    }
}

/// The word and the number of a line that is a record's title: a word,
/// and a number (`Grid 01`, `Puzzle #12:`, `Sudoku 3`).
fn title_of(line: &[u8]) -> Option<(&[u8], &[u8])> {
    // The word is letters: a line that starts otherwise (every `line`
    // record in digits and `.`) is told at its first byte.
    if !line
        .trim_ascii_start()
        .first()
        .is_some_and(u8::is_ascii_alphabetic)
    {
        return None;
    }
    let mut words = line
        .split(u8::is_ascii_whitespace)
        .filter(|w| !w.is_empty());
    let (Some(word), Some(number), None) = (words.next(), words.next(), words.next()) else {
        return None;
    };
    let number = number.strip_prefix(b"#").unwrap_or(number);
    let number = number.strip_suffix(b":").unwrap_or(number);
    (word.len() >= 2
        && word.iter().all(u8::is_ascii_alphabetic)
        && !number.is_empty()
        && number.iter().all(u8::is_ascii_digit))
    .then_some((word, number))
}

/// Whether record `solution` can be the solution of record `puzzle`: both
/// blocks of rows (`grid`; a block has no labels or rating of its own to
/// carry), and the puzzle without one.
fn may_pair(puzzle: &Raw, solution: &Raw) -> bool {
    let rows = Ok(Encoding::Rows);
    puzzle.kind == rows && solution.kind == rows && puzzle.solution.is_none()
}

/// Ends the record the format `current` holds open, if any, and gives it
/// its title.
fn end_open(
    framers: &mut [Option<Box<dyn Framer>>],
    current: Option<usize>,
    batch: &mut Batch,
    number: u64,
    size: Option<Size>,
    titles: &mut Titles,
) {
    if let Some(framer) = current.and_then(|i| framers[i].as_mut()) {
        let from = batch.raws.len();
        framer.end(&mut batch.frames(number, size));
        titles.pair(batch, from);
    }
}

/// Records as owned values, for convenience; [`Reader::visit`] and batches
/// avoid copying each grid.
impl<R: Read> Iterator for Reader<R> {
    type Item = io::Result<Item>;

    fn next(&mut self) -> Option<io::Result<Item>> {
        loop {
            if let Some(item) = self.ready.pop_front() {
                return Some(Ok(item));
            }
            match self.next_batch() {
                Ok(Some(batch)) => {
                    let ready = &mut self.ready;
                    let _ = batch.for_each(|line, grid| {
                        ready.push_back(Item {
                            line,
                            grid: grid.cloned(),
                        });
                        Ok::<(), ()>(())
                    });
                }
                Ok(None) => return None,
                Err(e) => return Some(Err(e)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::LabelValue;

    fn read(text: &[u8]) -> Vec<(u64, Result<String, String>)> {
        Reader::new(text, None, None)
            .map(|r| {
                let r = r.unwrap();
                (
                    r.line,
                    r.grid.map(|g| g.to_string()).map_err(|e| e.to_string()),
                )
            })
            .collect()
    }

    const GOOD: &str =
        "123456789456789123789123456234567891567891234891234567345678912678912345912345678";

    /// With another alphabet, a standard symbol outside it is named as
    /// written (it is read as DEL, so as not to be misread), in a line, in
    /// a line's solution and in a block, and so is a DEL written as such;
    /// the grids read hold standard symbols, which the batch writes back.
    #[test]
    fn a_symbol_outside_another_alphabet_is_named_as_written() {
        let alphabet = "ABCDEFGHI";
        let letters: String = GOOD
            .bytes()
            .map(|b| char::from(alphabet.as_bytes()[usize::from(b - b'1')]))
            .collect();
        let stray = |at: usize, c: char| {
            let mut l = letters.clone().into_bytes();
            l[at] = c as u8;
            String::from_utf8(l).unwrap()
        };
        let block: String = letters
            .as_bytes()
            .chunks(9)
            .map(|row| {
                let row: Vec<String> = row.iter().map(|&b| char::from(b).to_string()).collect();
                row.join(" ") + "\n"
            })
            .collect();
        let block = block.replacen('C', "7", 1);
        let text = format!(
            "{}\n{}\n{letters} {}\n\n{block}",
            stray(5, '3'),
            stray(7, '\x7f'),
            stray(80, 'Z'),
        );
        let symbols = Symbols::new(alphabet, Size::S9).unwrap();
        let mut reader =
            Reader::new(text.as_bytes(), None, Some(Size::S9)).with_symbols(Some(symbols));
        let batch = reader.next_batch().unwrap().unwrap();
        let mut got = Vec::new();
        let _ = batch.for_each_with_solution(|line, grid, solution| {
            let say =
                |r: Result<&Grid, RecordError>| r.map(|g| g.to_string()).map_err(|e| e.to_string());
            got.push((line, say(grid), solution.map(say)));
            Ok::<(), ()>(())
        });
        let not = |c: &str| Err(format!("{c} is not a symbol of a 9x9 grid"));
        assert_eq!(got[0], (1, not("'3'"), None));
        assert_eq!(got[1], (2, not("'\\x7f'"), None));
        assert_eq!(got[2], (3, Ok(GOOD.to_string()), Some(not("'Z'"))));
        assert_eq!(got[3], (5, not("'7'"), None));
        assert_eq!(batch.as_written('3'), 'C');
        assert_eq!(batch.as_written('.'), '.');
    }

    /// Each record's grid and solution, as `for_each_with_solution` gives
    /// them.
    fn pairs(text: &str) -> Vec<(String, Option<Result<String, String>>)> {
        let mut reader = Reader::new(text.as_bytes(), None, None);
        let mut out = Vec::new();
        while let Some(batch) = reader.next_batch().unwrap() {
            let _ = batch.for_each_with_solution(|_, grid, solution| {
                out.push((
                    grid.map_or_else(|e| e.to_string(), |g| g.to_string()),
                    solution.map(|s| s.map(|g| g.to_string()).map_err(|e| e.to_string())),
                ));
                Ok::<(), ()>(())
            });
        }
        out
    }

    /// A solution comes with a `line` record whose second field is as long
    /// as the first (or a few cells off it, to be reported), with a puzzle
    /// CSV record whose solution field (under a header that names one) is
    /// not empty, and with a JSON record whose `solution` is rows; nothing
    /// else carries one (not a rated CSV's third field), and `for_each`
    /// reads the same grids either way.
    #[test]
    fn solutions_are_read_beside_their_puzzles() {
        let puzzle = format!(".{}", &GOOD[1..]);
        let zeros = format!("0{}", &GOOD[1..]);
        let rows = |g: &str| {
            let cells: Vec<String> = g
                .bytes()
                .map(|b| (b.max(b'0') - b'0').to_string())
                .collect();
            let rows: Vec<String> = cells
                .chunks(9)
                .map(|r| format!("[{}]", r.join(",")))
                .collect();
            format!("[{}]", rows.join(","))
        };
        let text = [
            format!("{puzzle} {GOOD}"),
            format!("{puzzle} {GOOD} 126732"),
            format!("{puzzle} 126732"),
            format!("{puzzle}\t{}", &GOOD[..80]),
            "index,puzzle,solution,clues".to_string(),
            format!("0,{zeros},{GOOD},80"),
            format!("1,{zeros},,80"),
            format!(r#"{{"puzzle":{},"solution":{}}}"#, rows(&zeros), rows(GOOD)),
            format!(r#"{{"puzzle":{},"solution":null}}"#, rows(&zeros)),
            format!(r#"{{"puzzle":{},"solution":[[1]]}}"#, rows(&zeros)),
            "index,puzzle,se,exact".to_string(),
            format!("0,{zeros},7.2,true"),
        ]
        .join("\n");
        let good = Some(Ok(GOOD.to_string()));
        let p = puzzle.clone();
        assert_eq!(
            pairs(&text),
            [
                (p.clone(), good.clone()),
                (p.clone(), good.clone()),
                (p.clone(), None),
                // A cell short: a solution, to be reported.
                (
                    p.clone(),
                    Some(Err("80 cells where 81 are expected".to_string()))
                ),
                (p.clone(), good.clone()),
                (p.clone(), None),
                (p.clone(), good),
                (p.clone(), None),
                (
                    p.clone(),
                    Some(Err("field \"solution\": 1 row, expected 9".to_string()))
                ),
                (p, None),
            ]
        );
        let plain: Vec<String> = read(text.as_bytes())
            .into_iter()
            .map(|(_, g)| g.unwrap_or_else(|e| e))
            .collect();
        let paired: Vec<String> = pairs(&text).into_iter().map(|(g, _)| g).collect();
        assert_eq!(plain, paired);
    }

    /// A block titled `Solution N` right after the block titled `Puzzle
    /// N` (comments and blank lines between them) is that puzzle's
    /// solution, as `-f grid` writes it, in every batch and with batches
    /// of one record; other blocks, and a solution whose title does not
    /// follow its puzzle's, are records of their own.
    #[test]
    fn a_titled_solution_block_is_its_puzzles_solution() {
        let solution = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n";
        let puzzle = "1 . | . 4\n. 4 | . 2\n----+----\n2 . | 4 .\n4 3 | . 1\n";
        let (p, s) = (
            "1..4.4.22.4.43.1".to_string(),
            "1234341221434321".to_string(),
        );
        let pair = |n: u32| format!("Puzzle {n}\n{puzzle}# 1.2 easy\n\nSolution {n}\n{solution}\n");
        let text = [
            pair(1),
            pair(2),
            // Untitled: two records.
            format!("{puzzle}\n{solution}\n"),
            // A solution numbered for another puzzle, a title between.
            format!("Puzzle 5\n{puzzle}\nSolution 6\n{solution}\n"),
            format!("Puzzle 7\n{puzzle}\nGrid 7\n{solution}\n"),
            // A puzzle titled without a solution, then a pair.
            format!("Puzzle 8\n{puzzle}\n"),
            pair(9),
        ]
        .concat();
        let paired = Some(Ok(s.clone()));
        let want = [
            (p.clone(), paired.clone()),
            (p.clone(), paired.clone()),
            (p.clone(), None),
            (s.clone(), None),
            (p.clone(), None),
            (s.clone(), None),
            (p.clone(), None),
            (s.clone(), None),
            (p.clone(), None),
            (p.clone(), paired),
        ];
        assert_eq!(pairs(&text), want);
        let lines: Vec<u64> = read(text.as_bytes()).iter().map(|r| r.0).collect();
        assert_eq!(lines, [2, 17, 31, 37, 44, 51, 58, 65, 72, 79]);
        // Batches of one record, and many pairs over several batches.
        let mut reader = Reader::new(text.as_bytes(), None, None);
        let mut records = 0;
        while let Some(batch) = reader.next_batch_of(1).unwrap() {
            records += batch.len();
        }
        assert_eq!(records, want.len());
        let many: String = (1..=3000).map(pair).collect();
        let got = pairs(&many);
        assert_eq!(got.len(), 3000);
        assert!(got.iter().all(|g| g.1.is_some()));
    }

    /// A label name, once met in an input, stays: a later record without it
    /// has it absent, in the order the names were met, in batches of any
    /// size; `line` declares `comment` on every line.
    #[test]
    fn label_names_once_met_stay() {
        let p = &GOOD[..80];
        let text = format!("{p}.\n{p}. # two\n{p}. 7.2 fiendish x\n{p}.\n");
        let labels = |records: usize| {
            let mut reader = Reader::new(text.as_bytes(), None, None);
            let mut all = Vec::new();
            while let Some(batch) = reader.next_batch_of(records).unwrap() {
                let _ = batch.for_each_full(|read| {
                    let shown: Vec<String> = read
                        .labels
                        .iter()
                        .map(|l| match l.value {
                            LabelValue::Absent => format!("{}-", l.name),
                            v => format!("{}={}", l.name, v.text()),
                        })
                        .collect();
                    all.push(shown.join(" "));
                    Ok::<(), ()>(())
                });
            }
            all
        };
        let want = [
            "comment-",
            "comment=two",
            "comment- se=7.2 exact=true level=fiendish hardest=x",
            "comment- se- exact- level- hardest-",
        ];
        assert_eq!(labels(1), want);
        assert_eq!(labels(BATCH_RECORDS), want);
    }

    /// An input that arrives in pieces, as a pipe gives it.
    struct Pieces(Vec<Vec<u8>>);

    impl Read for Pieces {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Ok(0);
            }
            let piece = self.0.remove(0);
            let n = piece.len().min(buf.len());
            buf[..n].copy_from_slice(&piece[..n]);
            if n < piece.len() {
                self.0.insert(0, piece[n..].to_vec());
            }
            Ok(n)
        }
    }

    /// A first piece shorter than the check for an npy array's magic (a
    /// title alone, say) is still read line by line, its newline kept.
    #[test]
    fn a_short_first_piece_keeps_its_lines() {
        let rows = "003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n002609500\n800203009\n005010300\n";
        for first in ["Grid 01\n", "G", "Grid 01\n00", "\n"] {
            let rest = format!("Grid 01\n{rows}");
            let rest = rest.strip_prefix(first).unwrap_or(&rest);
            let pieces = Pieces(vec![first.as_bytes().to_vec(), rest.as_bytes().to_vec()]);
            let got: Vec<_> = Reader::new(pieces, None, None)
                .map(|r| r.unwrap().grid.map(|g| g.to_string()))
                .collect();
            assert_eq!(
                got,
                [Ok("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".to_string())],
                "{first:?}"
            );
        }
    }

    #[test]
    fn mixed_formats_in_one_stream() {
        let mut text = format!("{GOOD}\n\n");
        text += "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n";
        text += "{\"grid\":[[1,2,3,4],[3,4,1,2],[2,1,4,3],[4,3,2,1]]}\n";
        text += "index,r1c1,r1c2,r1c3,r1c4,r2c1,r2c2,r2c3,r2c4,r3c1,r3c2,r3c3,r3c4,r4c1,r4c2,r4c3,r4c4\n";
        text += "0,1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1\n";
        text += &format!("{GOOD}\n");
        let got = read(text.as_bytes());
        let lines: Vec<u64> = got.iter().map(|g| g.0).collect();
        assert_eq!(lines, [1, 3, 8, 10, 11]);
        assert!(got.iter().all(|g| g.1.is_ok()), "{got:?}");
    }

    #[test]
    fn bad_records_are_reported_and_reading_goes_on() {
        let text = format!(
            "{}\n{}x\nx{}\n\u{0}\u{1}garbage\n{{\"grid\":[[1]]\n{GOOD}\n",
            &GOOD[1..],
            &GOOD[1..],
            &GOOD[1..]
        );
        let got = read(text.as_bytes());
        assert_eq!(got[0], (1, Err("80 cells where 81 are expected".into())));
        assert_eq!(got[1], (2, Err("'x' is not a symbol of a 9x9 grid".into())));
        assert_eq!(got[2], (3, Err("'x' is not a symbol of a 9x9 grid".into())));
        assert!(got[3].1.as_ref().unwrap_err().contains("cells, expected"));
        assert!(got[4].1.as_ref().unwrap_err().starts_with("not JSON"));
        assert_eq!(got[5], (6, Ok(GOOD.to_string())));
    }

    #[test]
    fn enormous_lines_truncated_input_and_empty_input() {
        for len in [MAX_LINE + 1, MAX_LINE * 3, BUFFER * 2 + 5] {
            let mut text = vec![b'1'; len];
            text.push(b'\n');
            text.extend_from_slice(b"1234341221434321");
            let got = read(&text);
            assert_eq!(
                got[0].1,
                Err(format!("line longer than {MAX_LINE} bytes, skipped")),
                "{len}"
            );
            assert_eq!(got[1], (2, Ok("1234341221434321".into())), "{len}");
            // And as the last line, without a newline.
            let got = read(&text[..len]);
            assert_eq!(got.len(), 1, "{len}");
            assert!(got[0].1.is_err());
        }
        assert!(read(b"").is_empty());
        assert!(read(b"\n\n\r\n").is_empty());
        // A block cut short by the end of the input.
        let got = read(b"1 2 | 3 4\n3 4 | 1 2\n");
        assert_eq!(got, [(1, Err("2 rows, expected 4".into()))]);
    }

    #[test]
    fn batches_never_split_a_block_and_number_lines_across_batches() {
        let block = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n";
        let text = block.repeat(3000);
        let mut reader = Reader::new(text.as_bytes(), None, None);
        let (mut records, mut batches) = (0u64, 0);
        while let Some(batch) = reader.next_batch().unwrap() {
            batches += 1;
            batch
                .for_each(|line, grid| {
                    assert_eq!(line, records * 5 + 1);
                    assert_eq!(grid.unwrap().to_string(), "1234341221434321");
                    records += 1;
                    Ok::<(), ()>(())
                })
                .unwrap();
        }
        assert_eq!(records, 3000);
        assert!(batches > 1);
    }

    proptest::proptest! {
        #[test]
        fn never_panics_on_arbitrary_bytes(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..2000)) {
            for format in std::iter::once(None).chain(FORMATS.iter().copied().map(Some)) {
                for r in Reader::new(&bytes[..], format, None) {
                    let _ = r.unwrap().grid.map(|g| g.validate());
                }
                // And with the solutions beside the grids, as `check`
                // reads them (the same grids either way).
                let mut reader = Reader::new(&bytes[..], format, None);
                while let Some(batch) = reader.next_batch().unwrap() {
                    let mut plain = Vec::new();
                    let _ = batch.for_each(|_, g| {
                        plain.push(g.cloned());
                        Ok::<(), ()>(())
                    });
                    let mut paired = Vec::new();
                    let _ = batch.for_each_with_solution(|_, g, s| {
                        if let (Ok(g), Some(s)) = (&g, s) {
                            let _ = crate::check::solution_problem(g, s);
                        }
                        paired.push(g.cloned());
                        Ok::<(), ()>(())
                    });
                    proptest::prop_assert_eq!(plain, paired);
                }
            }
        }
    }
}
