//! Reading grids back: every format sudogen writes, detected line by line
//! (so files of mixed formats work) or forced, any size, streaming.
//!
//! The reader never trusts its input: lines are capped at [`MAX_LINE`]
//! bytes (the rest is skipped and reported), bytes need not be UTF-8, and a
//! bad record is reported with its line number while reading goes on.

use std::collections::VecDeque;
use std::io::{self, BufRead};

use crate::format::Format;
use crate::grid::{Grid, ParseError, Size};

/// The longest line read whole; longer lines are reported and skipped.
pub const MAX_LINE: usize = 1 << 16;

/// One grid, or why a record is not one, with the line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The 1-based line number where the record starts.
    pub line: u64,
    /// The grid read (possibly incomplete or invalid), or what is wrong.
    pub grid: Result<Grid, String>,
}

/// A streaming reader of grids: an iterator of records.
pub struct GridReader<R> {
    inner: R,
    format: Option<Format>,
    size: Option<Size>,
    line_no: u64,
    buf: Vec<u8>,
    /// The size announced by the last CSV header seen.
    csv_size: Option<Size>,
    /// Rows of a `grid`-format block being read, and its first line.
    block: Vec<Vec<u8>>,
    block_line: u64,
    ready: VecDeque<Record>,
    /// The grid the `line` format is parsed into, reused.
    scratch: Grid,
    done: bool,
}

impl<R: BufRead> GridReader<R> {
    /// A reader of `inner`; `format` and `size` force those instead of
    /// detecting them.
    pub fn new(inner: R, format: Option<Format>, size: Option<Size>) -> Self {
        GridReader {
            inner,
            format,
            size,
            line_no: 0,
            buf: Vec::with_capacity(1024),
            csv_size: None,
            block: Vec::new(),
            block_line: 0,
            ready: VecDeque::new(),
            scratch: Grid::empty(Size::S9),
            done: false,
        }
    }

    /// Reads one line into `buf` (without its end), at most `MAX_LINE`
    /// bytes of it. `Ok(None)` at the end; `Ok(Some(false))` if it was cut.
    fn read_line(&mut self) -> io::Result<Option<bool>> {
        self.buf.clear();
        let (mut whole, mut any) = (true, false);
        loop {
            let chunk = match self.inner.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (take, end) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (chunk.len(), false),
            };
            let room = MAX_LINE - self.buf.len();
            whole &= take <= room;
            self.buf.extend_from_slice(&chunk[..take.min(room)]);
            self.inner.consume(if end { take + 1 } else { take });
            if end {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        self.line_no += 1;
        while matches!(self.buf.last(), Some(b'\r' | b' ' | b'\t')) {
            self.buf.pop();
        }
        Ok(Some(whole))
    }

    /// Emits the `grid`-format block being read, if any.
    fn end_block(&mut self, emit: Emit<'_>) -> io::Result<()> {
        if self.block.is_empty() {
            return Ok(());
        }
        let rows = std::mem::take(&mut self.block);
        match parse_block(&rows, self.size) {
            Ok(g) => emit(self.block_line, Ok(&g)),
            Err(e) => emit(self.block_line, Err(e)),
        }
    }

    fn push(&mut self, grid: Result<Grid, String>, emit: Emit<'_>) -> io::Result<()> {
        match grid {
            Ok(g) => emit(self.line_no, Ok(&g)),
            Err(e) => emit(self.line_no, Err(e)),
        }
    }

    /// Calls `f` with every record: its line and the grid or what is wrong.
    /// The grid is only borrowed, so no record is copied: the fast way to
    /// read many grids.
    pub fn visit(
        &mut self,
        mut f: impl FnMut(u64, Result<&Grid, String>) -> io::Result<()>,
    ) -> io::Result<()> {
        while !self.done {
            self.step(&mut f)?;
        }
        Ok(())
    }

    /// Reads one line and emits what it completes.
    fn step(&mut self, emit: Emit<'_>) -> io::Result<()> {
        let Some(whole) = self.read_line()? else {
            self.done = true;
            return self.end_block(emit);
        };
        if !whole {
            self.end_block(emit)?;
            let e = Err(format!("line longer than {MAX_LINE} bytes, skipped"));
            return self.push(e, emit);
        }
        if self.buf.is_empty() {
            return self.end_block(emit);
        }
        let kind = self.format.unwrap_or_else(|| self.detect());
        if kind != Format::Grid {
            self.end_block(emit)?;
        }
        match kind {
            Format::Line => {
                let line = self.line_no;
                match self.scratch.read_line(&self.buf, self.size) {
                    Ok(()) => emit(line, Ok(&self.scratch))?,
                    Err(e) => emit(line, Err(e.to_string()))?,
                }
            }
            Format::Json => {
                let g = parse_json(&self.buf, self.size);
                self.push(g, emit)?;
            }
            Format::Csv if self.buf.starts_with(b"index") => {
                let cells = self.buf.split(|&b| b == b',').count() - 1;
                self.csv_size = Size::from_cells(cells);
                if self.csv_size.is_none() {
                    let e = Err(format!(
                        "CSV header has {cells} cell columns, expected 16, 81, 256 or 625"
                    ));
                    self.push(e, emit)?;
                }
            }
            Format::Csv => {
                let g = parse_csv(&self.buf, self.size.or(self.csv_size));
                self.push(g, emit)?;
            }
            Format::Grid => {
                if !is_rule(&self.buf) {
                    if self.block.is_empty() {
                        self.block_line = self.line_no;
                    }
                    self.block.push(self.buf.clone());
                    let side = self
                        .size
                        .map_or_else(|| row_tokens(&self.block[0]).count(), |s| s.side());
                    if self.block.len() >= side {
                        self.end_block(emit)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Decides a line's format from its first bytes.
    fn detect(&self) -> Format {
        let b = &self.buf;
        if b[0] == b'{' {
            Format::Json
        } else if b.starts_with(b"index,")
            || (self.csv_size.is_some() && b[0].is_ascii_digit() && b.contains(&b','))
        {
            Format::Csv
        } else if b.contains(&b' ') || b.contains(&b'|') || is_rule(b) {
            Format::Grid
        } else {
            Format::Line
        }
    }
}

/// Where a reader sends each record.
type Emit<'a> = &'a mut dyn FnMut(u64, Result<&Grid, String>) -> io::Result<()>;

/// Records as owned values, for convenience; [`GridReader::visit`] avoids
/// copying each grid.
impl<R: BufRead> Iterator for GridReader<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        loop {
            if let Some(r) = self.ready.pop_front() {
                return Some(Ok(r));
            }
            if self.done {
                return None;
            }
            let mut got = VecDeque::new();
            let stepped = self.step(&mut |line, grid| {
                got.push_back(Record {
                    line,
                    grid: grid.cloned(),
                });
                Ok(())
            });
            self.ready = got;
            if let Err(e) = stepped {
                self.done = true;
                return Some(Err(e));
            }
        }
    }
}

/// Whether a line is a `grid`-format rule (`------+-------+------`).
fn is_rule(line: &[u8]) -> bool {
    line.iter().all(|&b| matches!(b, b'-' | b'+' | b' '))
}

/// The symbol tokens of a `grid`-format row: white-space separated, `|`
/// dropped.
fn row_tokens(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(|b| b.is_ascii_whitespace())
        .filter(|t| !t.is_empty() && *t != b"|")
}

/// Reads a `grid`-format block: one row per line.
fn parse_block(rows: &[Vec<u8>], size: Option<Size>) -> Result<Grid, String> {
    let side = row_tokens(&rows[0]).count();
    let size = match size.or(Size::from_side(side)) {
        Some(s) => s,
        None => return Err(format!("a row of {side} cells, expected 4, 9, 16 or 25")),
    };
    if rows.len() != size.side() {
        return Err(format!("{} rows, expected {}", rows.len(), size.side()));
    }
    let mut g = Grid::empty(size);
    for (r, row) in rows.iter().enumerate() {
        let mut count = 0;
        for token in row_tokens(row) {
            if count == size.side() || token.len() != 1 {
                count = usize::MAX;
                break;
            }
            let v = size.value_of(token[0]).ok_or_else(|| {
                ParseError::BadSymbol {
                    found: char::from(token[0]),
                    size,
                }
                .to_string()
            })?;
            g.set(r, count, v);
            count += 1;
        }
        if count != size.side() {
            return Err(format!("row {} does not have {} cells", r + 1, size.side()));
        }
    }
    Ok(g)
}

/// A cell value written as a decimal integer.
fn value(text: &[u8], size: Size) -> Result<u8, String> {
    let v = std::str::from_utf8(text)
        .ok()
        .and_then(|t| t.trim().parse::<u8>().ok())
        .filter(|&v| usize::from(v) <= size.side());
    v.ok_or_else(|| {
        format!(
            "{:?} is not a value of a {size} grid (0 to {})",
            String::from_utf8_lossy(text),
            size.side()
        )
    })
}

/// Reads a `csv` record: the index, then the cell values.
fn parse_csv(line: &[u8], size: Option<Size>) -> Result<Grid, String> {
    let fields: Vec<&[u8]> = line.split(|&b| b == b',').collect();
    let cells = fields.len() - 1;
    let size = match size.or(Size::from_cells(cells)) {
        Some(s) if s.cells() == cells => s,
        Some(s) => return Err(format!("{cells} cells, expected {}", s.cells())),
        None => return Err(format!("{cells} cells, expected 16, 81, 256 or 625")),
    };
    let mut g = Grid::empty(size);
    for (cell, text) in g.cells_mut().iter_mut().zip(&fields[1..]) {
        *cell = value(text, size)?;
    }
    Ok(g)
}

/// Reads a `json` record: an object whose `grid` is an array of rows.
fn parse_json(line: &[u8], size: Option<Size>) -> Result<Grid, String> {
    let doc: serde_json::Value =
        serde_json::from_slice(line).map_err(|e| format!("not JSON: {e}"))?;
    let rows = doc
        .get("grid")
        .and_then(|g| g.as_array())
        .ok_or("no \"grid\" array")?;
    let size = match size.or(Size::from_side(rows.len())) {
        Some(s) if s.side() == rows.len() => s,
        _ => return Err(format!("{} rows, expected 4, 9, 16 or 25", rows.len())),
    };
    let mut g = Grid::empty(size);
    for (r, row) in rows.iter().enumerate() {
        let row = row
            .as_array()
            .filter(|a| a.len() == size.side())
            .ok_or_else(|| format!("row {} does not have {} cells", r + 1, size.side()))?;
        for (c, v) in row.iter().enumerate() {
            let v = v
                .as_u64()
                .filter(|&v| v <= size.side() as u64)
                .ok_or_else(|| format!("{v} is not a value of a {size} grid"))?;
            g.set(r, c, v as u8);
        }
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Job;
    use crate::strategies::Strategy;

    fn read(text: &[u8]) -> Vec<(u64, Result<String, String>)> {
        GridReader::new(text, None, None)
            .map(|r| {
                let r = r.unwrap();
                (r.line, r.grid.map(|g| g.to_string()))
            })
            .collect()
    }

    #[test]
    fn every_format_reads_back_what_it_wrote() {
        for &format in Format::ALL {
            for size in Size::ALL {
                let job = Job {
                    strategy: Strategy::Rotate,
                    size,
                    seed: 3,
                    start: 0,
                    count: 4,
                    format,
                    jobs: 1,
                };
                let mut out = Vec::new();
                job.run(&mut out, |_| {}).unwrap();
                let mut expected = Vec::new();
                Job {
                    format: Format::Line,
                    ..job
                }
                .run(&mut expected, |_| {})
                .unwrap();
                for forced in [None, Some(format)] {
                    let grids: Vec<String> = GridReader::new(&out[..], forced, None)
                        .map(|r| r.unwrap().grid.unwrap().to_string() + "\n")
                        .collect();
                    assert_eq!(grids.concat().into_bytes(), expected, "{format:?} {size}");
                }
            }
        }
    }

    #[test]
    fn mixed_formats_in_one_stream() {
        let line =
            "123456789456789123789123456234567891567891234891234567345678912678912345912345678";
        let mut text = format!("{line}\n\n");
        text += "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n";
        text += "{\"grid\":[[1,2,3,4],[3,4,1,2],[2,1,4,3],[4,3,2,1]]}\n";
        text += "index,r1c1,r1c2,r1c3,r1c4,r2c1,r2c2,r2c3,r2c4,r3c1,r3c2,r3c3,r3c4,r4c1,r4c2,r4c3,r4c4\n";
        text += "0,1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1\n";
        text += &format!("{line}\n");
        let got = read(text.as_bytes());
        let lines: Vec<u64> = got.iter().map(|g| g.0).collect();
        assert_eq!(lines, [1, 3, 8, 10, 11]);
        assert!(got.iter().all(|g| g.1.is_ok()), "{got:?}");
    }

    #[test]
    fn bad_records_are_reported_and_reading_goes_on() {
        let good =
            "123456789456789123789123456234567891567891234891234567345678912678912345912345678";
        let text = format!(
            "{}\n{}x\nx{}\n\u{0}\u{1}garbage\n{{\"grid\":[[1]]\n{good}\n",
            &good[1..],
            &good[1..],
            &good[1..]
        );
        let got = read(text.as_bytes());
        assert_eq!(
            got[0],
            (1, Err("80 cells, expected 16, 81, 256 or 625".into()))
        );
        assert_eq!(got[1], (2, Err("'x' is not a symbol of a 9x9 grid".into())));
        assert_eq!(got[2], (3, Err("'x' is not a symbol of a 9x9 grid".into())));
        assert!(got[3].1.as_ref().unwrap_err().contains("cells, expected"));
        assert!(got[4].1.as_ref().unwrap_err().starts_with("not JSON"));
        assert_eq!(got[5], (6, Ok(good.to_string())));
    }

    #[test]
    fn enormous_lines_truncated_input_and_empty_input() {
        let mut text = vec![b'1'; MAX_LINE * 3];
        text.push(b'\n');
        text.extend_from_slice(b"1234341221434321");
        let got = read(&text);
        assert_eq!(
            got[0].1,
            Err(format!("line longer than {MAX_LINE} bytes, skipped"))
        );
        assert_eq!(got[1], (2, Ok("1234341221434321".into())));
        assert!(read(b"").is_empty());
        assert!(read(b"\n\n\r\n").is_empty());
        // A block cut short by the end of the input.
        let got = read(b"1 2 | 3 4\n3 4 | 1 2\n");
        assert_eq!(got, [(1, Err("2 rows, expected 4".into()))]);
    }

    proptest::proptest! {
        #[test]
        fn never_panics_on_arbitrary_bytes(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..2000)) {
            for format in [None, Some(Format::Line), Some(Format::Grid), Some(Format::Csv), Some(Format::Json)] {
                for r in GridReader::new(&bytes[..], format, None) {
                    let _ = r.unwrap().grid.map(|g| g.validate());
                }
            }
        }
    }
}
