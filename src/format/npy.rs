//! The `npy` format: NumPy arrays, one row of cell values (`uint8`, `0` for
//! empty) per record, as machine-learning code loads them with
//! `numpy.load`: `N x 81` for 9x9.
//!
//! A record's puzzle goes to one array and its solution, when it has one,
//! to another: the writer puts them side by side in one stream (puzzle,
//! then solution, per record), and [`split_into_arrays`] makes the two
//! files once the number of records is known (an `.npy` header holds the
//! shape before the data; a stream's length is known only at its end, so
//! the header is written here, by hand: ten lines, where a crate would want
//! the shape first).
//!
//! Reading detects the magic bytes at the start of an input; each row of
//! an `N x C` or `N x S x S` array of `uint8` is a record.

use std::io::{self, Read, Write};

use super::record::{Content, Record};
use super::spec::{Framer, Frames, RecordFormat, Run};

/// The magic bytes an `.npy` file starts with.
pub const MAGIC: &[u8] = b"\x93NUMPY";

/// The `npy` format.
#[derive(Clone, Copy, Debug)]
pub struct Npy;

impl RecordFormat for Npy {
    fn name(&self) -> &'static str {
        "npy"
    }

    fn description(&self) -> &'static str {
        "NumPy arrays: N x 81 uint8 cell values, 0 for empty (written by generate and puzzle, solutions in NAME.solutions.npy; read one array at a time)"
    }

    fn layout(&self, _content: Content) -> &'static str {
        "NumPy arrays (-o NAME.npy): N x 81 uint8 cell values, 0 for empty; solutions, when there are, in NAME.solutions.npy"
    }

    fn write(&self, out: &mut Vec<u8>, run: &Run, record: &Record<'_>) {
        out.extend_from_slice(record.grid.cells());
        // A puzzle's solution goes to the second array only when asked
        // for (`--with-solution`), as in every other format: the records
        // of a run always carry it.
        if let (
            Content::Puzzles {
                with_solution: true,
                ..
            },
            Some(solution),
        ) = (run.content, record.solution)
        {
            out.extend_from_slice(solution.cells());
        }
    }

    fn detect(&self, _line: &[u8]) -> Option<u8> {
        None
    }

    fn framer(&self) -> Box<dyn Framer> {
        Box::new(NoLines)
    }
}

/// `npy` is not read line by line (the reader reads its rows).
struct NoLines;

impl Framer for NoLines {
    fn take(&mut self, _line: &[u8], frames: &mut Frames<'_>) {
        frames.push_error(super::record::RecordError::Json(
            "an npy array is read whole, from the start of an input".into(),
        ));
    }
}

/// The header of an `npy` (version 1.0) array of `rows` x `cells` bytes,
/// padded so the data starts at a multiple of 64.
pub fn header(rows: u64, cells: usize) -> Vec<u8> {
    let dict = format!("{{'descr': '|u1', 'fortran_order': False, 'shape': ({rows}, {cells}), }}");
    let unpadded = MAGIC.len() + 2 + 2 + dict.len() + 1;
    let len = unpadded.div_ceil(64) * 64;
    let mut out = Vec::with_capacity(len);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[1, 0]);
    out.extend_from_slice(&((len - 10) as u16).to_le_bytes());
    out.extend_from_slice(dict.as_bytes());
    out.resize(len - 1, b' ');
    out.push(b'\n');
    out
}

/// The rows and cells per row of an `npy` array of bytes whose header
/// starts `bytes` (magic included), and the header's length: `Err` says
/// what is wrong (another element type, a Fortran order, a shape that is
/// not rows of cells).
pub fn parse_header(bytes: &[u8]) -> Result<(u64, usize, usize), String> {
    if !bytes.starts_with(MAGIC) || bytes.len() < 10 {
        return Err("not an npy array".into());
    }
    let (len, at) = match bytes[6] {
        1 => (usize::from(u16::from_le_bytes([bytes[8], bytes[9]])), 10),
        2 | 3 if bytes.len() >= 12 => (
            u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize,
            12,
        ),
        v => return Err(format!("npy version {v} is not read")),
    };
    let dict = bytes
        .get(at..at + len)
        .and_then(|d| std::str::from_utf8(d).ok())
        .ok_or("a truncated npy header")?;
    let value = |key: &str| -> Option<&str> {
        let i = dict.find(&format!("'{key}'"))?;
        let rest = dict[i + key.len() + 2..]
            .trim_start()
            .strip_prefix(':')?
            .trim_start();
        Some(rest)
    };
    let descr = value("descr").ok_or("an npy header without descr")?;
    if !(descr.starts_with("'|u1'")
        || descr.starts_with("'<u1'")
        || descr.starts_with("'>u1'")
        || descr.starts_with("'|b1'"))
    {
        return Err(format!(
            "npy elements of type {}; write them as uint8",
            descr.split(',').next().unwrap_or(descr)
        ));
    }
    if value("fortran_order").is_some_and(|v| v.starts_with("True")) {
        return Err("an npy array in Fortran order; save it in C order".into());
    }
    let shape = value("shape").ok_or("an npy header without shape")?;
    let inner = shape
        .strip_prefix('(')
        .and_then(|s| s.split(')').next())
        .ok_or("an npy shape that is not a tuple")?;
    let dims: Vec<u64> = inner
        .split(',')
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(|d| d.parse::<u64>().map_err(|_| format!("npy shape ({inner})")))
        .collect::<Result<_, _>>()?;
    let (rows, cells) = match dims[..] {
        [rows, cells] => (rows, cells),
        [rows, a, b] => (rows, a * b),
        _ => {
            return Err(format!(
                "an npy array of shape ({inner}); use rows of cells, N x 81"
            ));
        }
    };
    Ok((rows, cells as usize, at + len))
}

/// Makes the `npy` files of a stream written by [`Npy`]: `puzzles` gets
/// the first `cells` bytes of each record, and `solutions`, when records
/// are twice as long, the rest. `stream` holds `bytes` bytes. Errors say
/// what is wrong (records of several sizes).
pub fn split_into_arrays(
    stream: &mut impl Read,
    bytes: u64,
    cells: usize,
    puzzles: &mut impl Write,
    solutions: Option<&mut dyn Write>,
) -> io::Result<u64> {
    let per = cells as u64 * if solutions.is_some() { 2 } else { 1 };
    if !bytes.is_multiple_of(per) {
        return Err(io::Error::other(
            "the records are not all of one size; an npy array holds grids of one size",
        ));
    }
    let rows = bytes / per;
    puzzles.write_all(&header(rows, cells))?;
    let mut solutions = solutions;
    if let Some(s) = solutions.as_mut() {
        s.write_all(&header(rows, cells))?;
    }
    let mut record = vec![0u8; per as usize];
    for _ in 0..rows {
        stream.read_exact(&mut record)?;
        puzzles.write_all(&record[..cells])?;
        if let Some(s) = solutions.as_mut() {
            s.write_all(&record[cells..])?;
        }
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_read_back() {
        for (rows, cells) in [(0, 81), (3, 81), (1_000_000, 256), (7, 16)] {
            let h = header(rows, cells);
            assert_eq!(h.len() % 64, 0);
            assert_eq!(parse_header(&h), Ok((rows, cells, h.len())));
        }
        let with = |dict: &str| {
            let mut h = MAGIC.to_vec();
            h.extend_from_slice(&[1, 0]);
            h.extend_from_slice(&(dict.len() as u16).to_le_bytes());
            h.extend_from_slice(dict.as_bytes());
            h
        };
        let square = with("{'descr': '|u1', 'fortran_order': False, 'shape': (2, 9, 9), }");
        assert_eq!(parse_header(&square), Ok((2, 81, square.len())));
        let wide = with("{'descr': '<i8', 'fortran_order': False, 'shape': (2, 81), }");
        assert!(parse_header(&wide).unwrap_err().contains("'<i8'"));
        let fortran = with("{'descr': '|u1', 'fortran_order': True, 'shape': (2, 81), }");
        assert!(parse_header(&fortran).unwrap_err().contains("Fortran"));
    }
}
