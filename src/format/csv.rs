//! The `csv` format: a header `index,r1c1,r1c2,...` then one record per
//! grid, its index and its cell values as integers (0 for empty), row-major.

use std::io::{self, Write};

use super::read::RecordError;
use super::{Record, push_decimal, push_value, with_scratch};
use crate::grid::{Grid, Size};

/// Writes the header line for grids of `size`.
pub fn write_header<W: Write + ?Sized>(w: &mut W, size: Size) -> io::Result<()> {
    with_scratch(w, |buf| {
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
    })
}

/// Writes one record: its index and its grid's cells.
pub fn write_record<W: Write + ?Sized>(w: &mut W, record: &Record<'_>) -> io::Result<()> {
    with_scratch(w, |buf| {
        push_decimal(buf, record.index);
        for &v in record.grid.cells() {
            buf.push(b',');
            push_value(buf, v);
        }
        buf.push(b'\n');
    })
}

/// Whether a line is a header (`index,...`).
pub fn is_header(line: &[u8]) -> bool {
    line.starts_with(b"index")
}

/// Whether a header is that of puzzles (`index,puzzle,solution,clues`),
/// whose records hold the puzzle as a string in their second field.
pub fn is_puzzle_header(line: &[u8]) -> bool {
    line.starts_with(b"index,puzzle")
}

/// The puzzle of a record under a puzzle header: its second field.
pub fn puzzle_field(line: &[u8]) -> &[u8] {
    line.split(|&b| b == b',').nth(1).unwrap_or_default()
}

/// Whether a puzzle header's third column is the solutions
/// (`index,puzzle,solution,...`, as `puzzle` writes; `rate` writes its
/// rating there).
pub fn is_solution_header(line: &[u8]) -> bool {
    line.starts_with(b"index,puzzle,solution")
}

/// The solution of a record under a solution header, if it has one: its
/// third field, when not empty.
pub fn solution_field(line: &[u8]) -> Option<&[u8]> {
    line.split(|&b| b == b',').nth(2).filter(|f| !f.is_empty())
}

/// The size a header announces: as many cell columns as the size has cells.
pub fn header_size(line: &[u8]) -> Result<Size, RecordError> {
    let cells = line.split(|&b| b == b',').count() - 1;
    Size::from_cells(cells).ok_or(RecordError::CsvHeader { cells })
}

/// Reads a record (the index, then the cell values) of `size`, the size
/// forced or announced by the header; without one, the size is inferred
/// from the number of values. `header` says whether a header came first.
pub fn parse(line: &[u8], size: Option<Size>, header: bool) -> Result<Grid, RecordError> {
    let mut fields = line.split(|&b| b == b',');
    fields.next();
    let cells = fields.clone().count();
    let size = match size.or(Size::from_cells(cells)) {
        Some(s) if s.cells() == cells => s,
        None if !header => return Err(RecordError::CsvNoHeader { cells }),
        forced => {
            return Err(RecordError::Cells(crate::grid::ParseError::CellCount {
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
