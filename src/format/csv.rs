//! The `csv` format, for spreadsheets and data frames: a header line, then
//! one record per line.
//!
//! - Grids (and solutions): `index,r1c1,r1c2,...`, the cell values as
//!   integers (0 for empty); the header comes again where the size
//!   changes.
//! - Puzzles: `index,puzzle,solution,clues`, each grid as one string of
//!   symbols (`0` for empty).
//! - Ratings: `index,puzzle,se,exact,level,hardest,steps`.
//! - Counts of solutions: the count alone (`3`, `2+` for a lower bound).
//!
//! Reading follows the headers: under a puzzle header the puzzle is the
//! second field (and the third its solution, when the header names one);
//! under a grid header the values are the cells; with no header the
//! number of values gives the size.

use super::record::{Content, Record, RecordError};
use super::spec::{Encoding, Framer, Frames, RecordFormat, Run, claim};
use super::text::{
    push_count, push_decimal, push_steps, push_symbols_zero, push_tenths, push_value,
};
use crate::grid::{Grid, ParseError, Size};

/// The `csv` format.
#[derive(Clone, Copy, Debug)]
pub struct Csv;

/// The header of puzzle records.
const PUZZLES: &[u8] = b"index,puzzle,solution,clues\n";

/// The header of rating records; `check`, `solve` and `stats` read the
/// puzzle back from its second field.
const RATINGS: &[u8] = b"index,puzzle,se,exact,level,hardest,steps\n";

impl RecordFormat for Csv {
    fn name(&self) -> &'static str {
        "csv"
    }

    fn description(&self) -> &'static str {
        "A header line, then one record per line (cells as integers, or puzzles as strings)"
    }

    fn header(&self, out: &mut Vec<u8>, run: &Run, size: Size) {
        match run.content {
            Content::Grids | Content::Solutions { count: false } => push_grid_header(out, size),
            Content::Puzzles { .. } => out.extend_from_slice(PUZZLES),
            Content::Ratings { .. } => out.extend_from_slice(RATINGS),
            Content::Solutions { count: true } => {}
        }
    }

    fn write(&self, out: &mut Vec<u8>, run: &Run, record: &Record<'_>) {
        match run.content {
            Content::Grids => push_values(out, record.index, record.grid),
            Content::Solutions { count: false } => {
                push_values(out, record.index, record.solution.unwrap_or(record.grid));
            }
            Content::Solutions { count: true } => {
                if let Some(search) = &record.search {
                    push_count(out, search);
                }
            }
            Content::Puzzles { with_solution } => {
                push_decimal(out, record.index);
                out.push(b',');
                push_symbols_zero(out, record.grid);
                out.push(b',');
                if let Some(s) = record.solution.filter(|_| with_solution) {
                    push_symbols_zero(out, s);
                }
                out.push(b',');
                push_decimal(out, record.grid.filled() as u64);
                out.push(b'\n');
            }
            Content::Ratings { explain } => {
                push_decimal(out, record.index);
                out.push(b',');
                push_symbols_zero(out, record.grid);
                match record.rating {
                    Some(r) => {
                        out.push(b',');
                        push_tenths(out, u64::from(r.se));
                        out.extend_from_slice(if r.exact { b",true," } else { b",false," });
                        out.extend_from_slice(r.level.as_bytes());
                        out.push(b',');
                        out.extend_from_slice(r.hardest.as_bytes());
                        out.push(b',');
                        push_decimal(out, r.steps);
                        out.push(b'\n');
                        if explain {
                            push_steps(out, r);
                        }
                    }
                    None => out.extend_from_slice(b",,,,,\n"),
                }
            }
        }
    }

    fn detect(&self, line: &[u8]) -> Option<u8> {
        (line.starts_with(b"index,")
            || (line[0].is_ascii_digit() && memchr::memchr(b',', line).is_some()))
        .then_some(claim::MARKED)
    }

    fn framer(&self) -> Box<dyn Framer> {
        Box::new(CsvFramer::default())
    }
}

/// What the last header said.
#[derive(Default)]
struct CsvFramer {
    /// The size a grid header announced.
    size: Option<Size>,
    /// Whether the header was that of puzzles, and whether its third
    /// column is their solutions.
    puzzles: bool,
    solutions: bool,
}

impl Framer for CsvFramer {
    fn take(&mut self, line: &[u8], frames: &mut Frames<'_>) {
        let forced = frames.forced_size();
        let number = frames.line();
        if is_puzzle_header(line) {
            self.puzzles = true;
            self.solutions = line.starts_with(b"index,puzzle,solution");
            self.size = None;
        } else if is_header(line) {
            self.puzzles = false;
            match header_size(line) {
                Ok(size) => self.size = Some(size),
                Err(e) => {
                    self.size = None;
                    frames.push_error(e);
                }
            }
        } else if self.puzzles {
            let mut fields = line.split(|&b| b == b',');
            let puzzle = fields.nth(1).unwrap_or_default();
            frames.push(number, Encoding::StandardSymbols, forced, puzzle);
            if let Some(solution) = fields.next().filter(|f| !f.is_empty() && self.solutions) {
                frames.push_solution(Encoding::StandardSymbols, solution);
            }
        } else {
            let header = self.size.is_some();
            frames.push(
                number,
                Encoding::Values { header },
                forced.or(self.size),
                line,
            );
        }
    }
}

/// Appends the header line of grids of `size`: `index,r1c1,r1c2,...`.
fn push_grid_header(buf: &mut Vec<u8>, size: Size) {
    buf.extend_from_slice(b"index");
    let n = size.side() as u64;
    for r in 1..=n {
        for c in 1..=n {
            buf.extend_from_slice(b",r");
            push_decimal(buf, r);
            buf.push(b'c');
            push_decimal(buf, c);
        }
    }
    buf.push(b'\n');
}

/// Appends a record of grid values: its index and its cells.
fn push_values(buf: &mut Vec<u8>, index: u64, grid: &Grid) {
    push_decimal(buf, index);
    for &v in grid.cells() {
        buf.push(b',');
        push_value(buf, v);
    }
    buf.push(b'\n');
}

/// Whether a line is a header (`index,...`).
fn is_header(line: &[u8]) -> bool {
    line.starts_with(b"index")
}

/// Whether a header is that of puzzles (`index,puzzle,...`), whose records
/// hold the puzzle as a string in their second field.
fn is_puzzle_header(line: &[u8]) -> bool {
    line.starts_with(b"index,puzzle")
}

/// The size a header announces: as many cell columns as the size has cells.
fn header_size(line: &[u8]) -> Result<Size, RecordError> {
    let cells = line.split(|&b| b == b',').count() - 1;
    Size::from_cells(cells).ok_or(RecordError::CsvHeader { cells })
}

/// Reads a record (the index, then the cell values) of `size`, the size
/// forced or announced by the header; without one, the size is inferred
/// from the number of values. `header` says whether a header came first.
pub fn parse_values(line: &[u8], size: Option<Size>, header: bool) -> Result<Grid, RecordError> {
    let mut fields = line.split(|&b| b == b',');
    fields.next();
    let cells = fields.clone().count();
    let size = match size.or(Size::from_cells(cells)) {
        Some(s) if s.cells() == cells => s,
        None if !header => return Err(RecordError::CsvNoHeader { cells }),
        forced => {
            return Err(RecordError::Cells(ParseError::CellCount {
                found: cells,
                expected: forced.map(Size::cells),
            }));
        }
    };
    let mut g = Grid::empty(size);
    for (cell, text) in g.cells_mut().iter_mut().zip(fields) {
        *cell = value(text, size)?;
    }
    Ok(g)
}

/// A cell value written as a decimal integer.
fn value(text: &[u8], size: Size) -> Result<u8, RecordError> {
    std::str::from_utf8(text)
        .ok()
        .and_then(|t| t.trim().parse::<u8>().ok())
        .filter(|&v| usize::from(v) <= size.side())
        .ok_or_else(|| RecordError::Value {
            text: String::from_utf8_lossy(text).into_owned(),
            size,
        })
}
