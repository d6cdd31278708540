//! The `line` format: one record per line, the grid's symbols row-major
//! (`.` for an empty cell), as other Sudoku tools read and write them.
//! What a command adds follows on the same line: a puzzle's solution after
//! a space, a rating summary, a `# problem`.
//!
//! Reading takes a line's first field; a second field of the same length
//! is its solution (`PUZZLE SOLUTION`), and anything after is ignored
//! (collections append counts or ratings).

use super::record::{Content, Record, RecordError};
use super::spec::{Encoding, Framer, Frames, RecordFormat, Run, claim};
use super::text::{
    cell_value, first_field, push_count, push_pearls, push_steps, push_summary, rewrite,
};
use crate::grid::{Grid, MAX_CELLS, SYMBOLS, Size};

/// The `line` format.
#[derive(Clone, Copy, Debug)]
pub struct Line;

impl RecordFormat for Line {
    fn name(&self) -> &'static str {
        "line"
    }

    fn description(&self) -> &'static str {
        "One grid per line, the symbols row-major (the 81-character format)"
    }

    fn layout(&self, content: Content) -> &'static str {
        match content {
            Content::Grids => "one grid per line, its symbols row-major",
            Content::Puzzles { .. } => {
                "one puzzle per line, `.` for empty; its solution after a space, when written"
            }
            Content::Solutions { .. } => {
                "each puzzle's solution on a line (one not solved as it was, then `# what is wrong`); with --count, its number of solutions (`2+`: at least)"
            }
            Content::Ratings { .. } => {
                "`PUZZLE RATING LEVEL HARDEST` per puzzle (`9.5+`: a lower bound; then `ep EP ed ED` with --ep, --ed); with --explain, each step on a `#` line"
            }
            Content::Forms { .. } => {
                "each record's canonical form on a line; with --transform, the transform after a space"
            }
        }
    }

    fn write(&self, out: &mut Vec<u8>, run: &Run, record: &Record<'_>) {
        let symbols = run.symbols.as_ref();
        match run.content {
            Content::Grids => {
                let from = out.len();
                push_grid(out, record.grid);
                rewrite(out, from, symbols);
            }
            Content::Puzzles { with_solution, .. } => {
                let from = out.len();
                push_grid(out, record.grid);
                if let Some(s) = record.solution.filter(|_| with_solution) {
                    out.pop();
                    out.push(b' ');
                    push_grid(out, s);
                }
                rewrite(out, from, symbols);
            }
            Content::Solutions { count: true } => {
                if let Some(search) = &record.search {
                    push_count(out, search);
                }
            }
            Content::Solutions { count: false } => {
                let from = out.len();
                push_grid(out, record.solution.unwrap_or(record.grid));
                rewrite(out, from, symbols);
                if let Some(problem) = record.problem {
                    out.pop();
                    out.extend_from_slice(b" # ");
                    out.extend_from_slice(problem.as_bytes());
                    out.push(b'\n');
                }
            }
            Content::Forms { transform } => {
                let from = out.len();
                push_grid(out, record.grid);
                rewrite(out, from, symbols);
                if let Some(t) = record.text("transform").filter(|_| transform) {
                    out.pop();
                    out.push(b' ');
                    out.extend_from_slice(t.as_bytes());
                    out.push(b'\n');
                }
            }
            Content::Ratings { explain, ep, ed } => {
                let from = out.len();
                push_grid(out, record.grid);
                rewrite(out, from, symbols);
                out.pop();
                out.push(b' ');
                match (record.rating, record.problem) {
                    (Some(rated), _) => {
                        push_summary(out, rated);
                        push_pearls(out, rated, ep, ed);
                    }
                    (None, problem) => {
                        out.extend_from_slice(b"# ");
                        out.extend_from_slice(problem.unwrap_or_default().as_bytes());
                    }
                }
                out.push(b'\n');
                if let (true, Some(rated)) = (explain, record.rating) {
                    push_steps(out, rated);
                }
            }
        }
    }

    fn detect(&self, line: &[u8]) -> Option<u8> {
        if tokens(line).is_some() {
            return Some(claim::SHAPED);
        }
        let (first, _) = first_field(line);
        // A field of a size's cell count, or a few cells off one (a record
        // with a cell missing, followed by a comment, is still a record).
        // (A rule of the `grid` format, with its `+`, is no record.)
        let n = first.len();
        let rule = memchr::memchr(b'+', first).is_some();
        Some(
            if !rule && (Size::from_cells(n).is_some() || Size::near_cells(n).is_some()) {
                claim::SHAPED
            } else {
                claim::FALLBACK
            },
        )
    }

    fn framer(&self) -> Box<dyn Framer> {
        Box::new(LineFramer)
    }
}

/// Reads lines: the first field is the record, a second of its length its
/// solution.
struct LineFramer;

impl Framer for LineFramer {
    fn take(&mut self, line: &[u8], frames: &mut Frames<'_>) {
        if tokens(line).is_some() {
            let size = frames.forced_size();
            frames.push(frames.line(), Encoding::Tokens, size, line);
            return;
        }
        let (first, rest) = first_field(line);
        let rest = rest.trim_ascii_start();
        let (second, after) = first_field(rest);
        let size = frames.forced_size();
        frames.push(frames.line(), Encoding::Symbols, size, first);
        let rest = if second.len() == first.len() {
            frames.push_solution(Encoding::Symbols, second);
            after.trim_ascii_start()
        } else {
            rest
        };
        // What follows, if anything: a rating and a level, as `rate`
        // writes them.
        if rest.first().is_some_and(u8::is_ascii_digit) {
            frames.push_extra(rest);
        }
    }
}

/// The cells of a whole grid written on one line as symbols or numbers
/// separated by white space or commas (`5 3 0 0 7 ...`): as many tokens as
/// a 9x9, 16x16 or 25x25 grid has cells, none longer than two characters,
/// and no `|` (a row of a `grid` block).
fn tokens(line: &[u8]) -> Option<impl Iterator<Item = &[u8]>> {
    let split = || {
        line.split(|&b| b.is_ascii_whitespace() || b == b',')
            .filter(|t| !t.is_empty())
    };
    let count = split().count();
    let grid = matches!(count, 81 | 256 | 625);
    (grid && !line.contains(&b'|') && split().all(|t| t.len() <= 2)).then(split)
}

/// Reads a grid written as tokens (see [`tokens`]) of `size`, or of the
/// size their number gives.
pub fn parse_tokens(line: &[u8], size: Option<Size>) -> Result<Grid, RecordError> {
    let cells: Vec<&[u8]> = line
        .split(|&b| b.is_ascii_whitespace() || b == b',')
        .filter(|t| !t.is_empty())
        .collect();
    let size = match size.or(Size::from_cells(cells.len())) {
        Some(s) if s.cells() == cells.len() => s,
        other => {
            return Err(RecordError::Cells(crate::grid::ParseError::CellCount {
                found: cells.len(),
                expected: other.map(Size::cells),
            }));
        }
    };
    let mut g = Grid::empty(size);
    for (cell, token) in g.cells_mut().iter_mut().zip(cells) {
        *cell = cell_value(token, size)?;
    }
    Ok(g)
}

/// Symbols by value for sizes above 9x9 (`.` for an empty cell), padded so
/// that any `u8 & 31` indexes it.
const LETTERS: [u8; 32] = {
    let mut t = [b'.'; 32];
    let mut v = 1;
    while v <= 25 {
        t[v] = SYMBOLS[v - 1];
        v += 1;
    }
    t
};

/// Appends `grid` as one line, with its newline.
#[inline]
pub fn push_grid(out: &mut Vec<u8>, grid: &Grid) {
    let size = grid.size();
    let n = size.cells();
    let mut buf = [0u8; MAX_CELLS + 1];
    let cells = grid.cells();
    if size <= Size::S9 {
        // Values 1..9 are the digits, an empty cell (0) is `.`, the
        // community's convention for puzzles. This loop vectorises (a
        // select, no branch).
        for (out, &v) in buf[..n].iter_mut().zip(cells) {
            *out = if v == 0 { b'.' } else { b'0' + v };
        }
    } else {
        for (out, &v) in buf[..n].iter_mut().zip(cells) {
            *out = LETTERS[usize::from(v & 31)];
        }
    }
    buf[n] = b'\n';
    out.extend_from_slice(&buf[..=n]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_of_every_size_and_empty_cells() {
        for size in Size::ALL {
            let mut g = Grid::empty(size);
            for (i, c) in g.cells_mut().iter_mut().enumerate() {
                *c = (i % (size.side() + 1)) as u8;
            }
            let mut out = Vec::new();
            push_grid(&mut out, &g);
            let text = String::from_utf8(out).unwrap();
            assert_eq!(text.len(), size.cells() + 1);
            // What we write, the parser reads back, empty cells included.
            assert_eq!(
                Grid::parse(text.trim_end(), Some(size)).unwrap(),
                g,
                "{size}"
            );
        }
    }
}
