//! The `grid` format, for people: symbols separated by spaces, `|` between
//! stacks, a `-+-` rule between bands, a blank line between records.
//!
//! ```text
//! 1 2 3 | 4 5 6 | 7 8 9
//! ...
//! ------+-------+------
//! ```
//!
//! A puzzle's solution is drawn below it, and then each block has a title
//! (`Puzzle 1`, `Solution 1`, counted from 1); a rating (the one computed,
//! else the one the record carries) and the record's comment follow the
//! puzzle as `#` comment lines. Reading skips comments, and frames a
//! block of rows (as many as the first row has cells), skipping the rules;
//! the reader takes titles (`read.rs`), and makes the block titled
//! `Solution N` after the one titled `Puzzle N` that puzzle's solution. Rows may also be written without
//! separators (`003020600`, as Project Euler's puzzles are), or as numbers
//! separated by spaces or commas (`10 11 12 ...` in a 16x16 grid).

use super::record::{Content, Record, RecordError};
use super::spec::{Encoding, Framer, Frames, RecordFormat, Run, claim};
use super::text::{
    cell_value, push_count, push_decimal, push_one_line, push_rating, push_steps, rewrite,
};
use crate::grid::{Grid, Size};

/// The `grid` format.
#[derive(Clone, Copy, Debug)]
pub struct Pretty;

impl RecordFormat for Pretty {
    fn name(&self) -> &'static str {
        "grid"
    }

    fn description(&self) -> &'static str {
        "Human-readable rows with `|` between stacks and rules between bands"
    }

    fn layout(&self, content: Content) -> &'static str {
        match content {
            Content::Grids => {
                "each grid in rows, `|` between stacks, rules between bands, a blank line between grids"
            }
            Content::Puzzles { .. } => {
                "each puzzle in rows (`.` for empty), then `# RATING` when rated; its solution below it, when written (the blocks then titled `Puzzle 1`, `Solution 1`)"
            }
            Content::Solutions { .. } => {
                "each solution in rows; with --count, each puzzle's number of solutions on a line"
            }
            Content::Ratings { .. } => {
                "each puzzle in rows, then `# RATING LEVEL HARDEST` (then `ep EP ed ED` with --ep, --ed), or `# no solution` (why it has no rating); its solution below it, when the record has one (the blocks then titled `Puzzle 1`, `Solution 1`); with --explain, each step on a `#` line"
            }
            Content::Forms { .. } => {
                "each canonical form in rows; with --transform, the transform on a `#` line below"
            }
        }
    }

    fn write(&self, out: &mut Vec<u8>, run: &Run, record: &Record<'_>) {
        let symbols = run.symbols.as_ref();
        let separate = record.index != run.start;
        let from = out.len();
        match run.content {
            Content::Grids => push_grid(out, record.grid, separate),
            Content::Solutions { count: true } => {
                if let Some(search) = &record.search {
                    push_count(out, search);
                }
                return;
            }
            Content::Solutions { count: false } => {
                push_grid(out, record.solution.unwrap_or(record.grid), separate);
                rewrite(out, from, symbols);
                push_notes(out, record, None);
                return;
            }
            Content::Puzzles { with_solution, .. } => {
                let solution = record.solution.filter(|_| with_solution);
                push_titled(out, run, record, solution, |out| {
                    push_notes(out, record, Some((false, false)));
                });
                return;
            }
            Content::Forms { transform } => {
                push_titled(out, run, record, record.solution, |out| {
                    if let Some(t) = record.text("transform").filter(|_| transform) {
                        out.extend_from_slice(b"# ");
                        out.extend_from_slice(t.as_bytes());
                        out.push(b'\n');
                    }
                    push_notes(out, record, Some((false, false)));
                });
                return;
            }
            Content::Ratings { explain, ep, ed } => {
                push_titled(out, run, record, record.solution, |out| {
                    if record.rating.is_none() {
                        out.extend_from_slice(b"# ");
                        out.extend_from_slice(record.problem.unwrap_or_default().as_bytes());
                        out.push(b'\n');
                        push_notes(out, record, None);
                    } else {
                        push_notes(out, record, Some((ep, ed)));
                    }
                    if let (true, Some(rated)) = (explain, record.rating) {
                        push_steps(out, rated);
                    }
                });
                return;
            }
        }
        rewrite(out, from, symbols);
    }

    fn unreadable(&self, out: &mut Vec<u8>, run: &Run, index: u64, _error: &str) {
        // Blocks are apart, as `write` sets them.
        if index != run.start && run.content != (Content::Solutions { count: true }) {
            out.push(b'\n');
        }
        out.extend_from_slice(super::spec::UNREADABLE.as_bytes());
        out.push(b'\n');
    }

    fn detect(&self, line: &[u8]) -> Option<u8> {
        (is_row_or_rule(line) || is_bare_row(line)).then_some(claim::LIKELY)
    }

    fn framer(&self) -> Box<dyn Framer> {
        Box::new(BlockFramer { block: None })
    }
}

/// Appends a record's puzzle block, what `notes` writes below it, and its
/// solution's block, if any: then each block has a title, `Puzzle 1` and
/// `Solution 1` (1-based), by which the reader pairs them again.
fn push_titled(
    out: &mut Vec<u8>,
    run: &Run,
    record: &Record<'_>,
    solution: Option<&Grid>,
    notes: impl FnOnce(&mut Vec<u8>),
) {
    let symbols = run.symbols.as_ref();
    let separate = record.index != run.start;
    let title = |out: &mut Vec<u8>, word: &[u8]| {
        out.extend_from_slice(word);
        push_decimal(out, record.index + 1);
        out.push(b'\n');
    };
    if solution.is_some() {
        if separate {
            out.push(b'\n');
        }
        title(out, b"Puzzle ");
    }
    let from = out.len();
    push_grid(out, record.grid, separate && solution.is_none());
    rewrite(out, from, symbols);
    notes(out);
    if let Some(s) = solution {
        out.push(b'\n');
        title(out, b"Solution ");
        let from = out.len();
        push_grid(out, s, false);
        rewrite(out, from, symbols);
    }
}

/// Appends the record's rating (with `pearls`: EP and ED when asked; see
/// [`push_rating`]) and its comment, each on a `#` line.
fn push_notes(out: &mut Vec<u8>, record: &Record<'_>, pearls: Option<(bool, bool)>) {
    if let Some((ep, ed)) = pearls {
        let at = out.len();
        out.extend_from_slice(b"# ");
        if push_rating(out, record, ep, ed) {
            out.push(b'\n');
        } else {
            out.truncate(at);
        }
    }
    if let Some((_, comment)) = record.label_text(&["comment"]) {
        out.extend_from_slice(b"# ");
        push_one_line(out, &comment);
        out.push(b'\n');
    }
}

/// Frames blocks of rows.
struct BlockFramer {
    block: Option<Block>,
}

/// A block being framed: where it starts, its rows so far (separated by
/// `\n`), how many, and how many it needs.
struct Block {
    line: u64,
    bytes: Vec<u8>,
    rows: usize,
    side: usize,
}

impl Framer for BlockFramer {
    fn take(&mut self, line: &[u8], frames: &mut Frames<'_>) {
        if is_rule(line) {
            return;
        }
        let block = self.block.get_or_insert_with(|| Block {
            line: frames.line(),
            bytes: Vec::new(),
            rows: 0,
            side: frames
                .forced_size()
                .map_or_else(|| row_cells(line).count(), Size::side),
        });
        if block.rows > 0 {
            block.bytes.push(b'\n');
        }
        block.bytes.extend_from_slice(line);
        block.rows += 1;
        if block.rows >= block.side {
            self.end(frames);
        }
    }

    fn end(&mut self, frames: &mut Frames<'_>) {
        if let Some(block) = self.block.take() {
            let size = frames.forced_size();
            frames.push(block.line, Encoding::Rows, size, &block.bytes);
        }
    }

    fn is_open(&self) -> bool {
        self.block.is_some()
    }
}

/// Appends `grid`, preceded by a blank line if `separate`.
///
/// Rules go between bands of boxes `h` rows tall and `|` between stacks
/// `w` columns wide; a jigsaw grid, whose regions rules cannot draw, has
/// neither.
pub fn push_grid(buf: &mut Vec<u8>, grid: &Grid, separate: bool) {
    let size = grid.size();
    let n = size.side();
    // Without boxes, no band or stack ever ends inside the grid.
    let (h, w) = if size.has_boxes() {
        (size.box_rows(), size.box_cols())
    } else {
        (n, n)
    };
    if separate {
        buf.push(b'\n');
    }
    for (r, row) in grid.rows().enumerate() {
        if r > 0 && r % h == 0 {
            push_rule(buf, n / w, w);
        }
        for (c, &v) in row.iter().enumerate() {
            if c > 0 {
                buf.extend_from_slice(if c % w == 0 { b" | " } else { b" " });
            }
            buf.push(size.symbol(v));
        }
        buf.push(b'\n');
    }
}

/// The rule under a band of `stacks` stacks `w` columns wide: dashes under
/// the symbols, `+` under each `|`.
fn push_rule(buf: &mut Vec<u8>, stacks: usize, w: usize) {
    for stack in 0..stacks {
        if stack > 0 {
            buf.extend_from_slice(b"-+-");
        }
        buf.extend(std::iter::repeat_n(b'-', 2 * w - 1));
    }
    buf.push(b'\n');
}

/// Whether a line is a rule (`------+-------+------`).
pub fn is_rule(line: &[u8]) -> bool {
    line.iter().all(|&b| matches!(b, b'-' | b'+' | b' '))
}

/// Whether a line looks like a row of this format (symbols separated by
/// spaces, or `|` between stacks) or a rule.
pub fn is_row_or_rule(line: &[u8]) -> bool {
    memchr::memchr2(b' ', b'|', line).is_some() || is_rule(line)
}

/// Whether a line is a row of a 4x4 or 9x9 grid written without
/// separators (`003020600`, or `??3?2?6??` with other empty marks): as
/// many visible characters as the side, a digit among them.
fn is_bare_row(line: &[u8]) -> bool {
    matches!(line.len(), 4 | 9)
        && line
            .iter()
            .all(|&b| b.is_ascii_graphic() && b != b'|' && b != b',')
        && line.iter().any(u8::is_ascii_digit)
}

/// The tokens of a row: separated by white space or commas, `|` dropped.
fn row_tokens(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(|&b| b.is_ascii_whitespace() || b == b',' || b == b'|')
        .filter(|t| !t.is_empty())
}

/// The cells of a row: its tokens, or the characters of a row written
/// without separators.
fn row_cells(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut tokens = row_tokens(line);
    let bare = match (tokens.next(), tokens.next()) {
        (Some(one), None) if one.len() > 1 && !one.iter().all(u8::is_ascii_digit) => true,
        (Some(one), None) => one.len() > 1 && matches!(one.len(), 4 | 9),
        _ => false,
    };
    let (tokens, chars) = if bare {
        (None, Some(line.trim_ascii().chunks(1)))
    } else {
        (Some(row_tokens(line)), None)
    };
    tokens
        .into_iter()
        .flatten()
        .chain(chars.into_iter().flatten())
}

/// Reads a block: its rows, one per line (`\n`-separated, rules already
/// left out). The size is that of the forced `size`, or inferred from the
/// number of cells in the first row.
pub fn parse_block(block: &[u8], size: Option<Size>) -> Result<Grid, RecordError> {
    let mut rows = block.split(|&b| b == b'\n');
    let first = rows.clone().next().unwrap_or_default();
    let side = row_cells(first).count();
    let size = match size.or(Size::from_side(side)) {
        Some(s) => s,
        None => return Err(RecordError::RowWidth { found: side }),
    };
    let found = rows.clone().count();
    if found != size.side() {
        return Err(RecordError::Rows {
            found,
            expected: Some(size),
        });
    }
    let mut g = Grid::empty(size);
    for r in 0..size.side() {
        let row = rows.next().unwrap_or_default();
        let mut count = 0;
        for token in row_cells(row) {
            if count == size.side() {
                count = usize::MAX;
                break;
            }
            g.set(r, count, cell_value(token, size)?);
            count += 1;
        }
        if count != size.side() {
            return Err(RecordError::RowCells { row: r + 1, size });
        }
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_of_a_4x4_grid() {
        let g = Grid::parse("1234341221434321", Some(Size::S4)).unwrap();
        let mut out = Vec::new();
        push_grid(&mut out, &g, false);
        push_grid(&mut out, &g, true);
        let one = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n";
        assert_eq!(String::from_utf8(out).unwrap(), format!("{one}\n{one}"));
        // What the grid format writes, the grid parser reads back.
        assert_eq!(Grid::parse(one, None).unwrap(), g);
    }

    /// Rows without separators, and rows of numbers, read as rows.
    #[test]
    fn rows_as_other_programs_write_them() {
        let g = "1234341221434321";
        let bare = parse_block(b"1234\n3412\n2143\n4321", None).unwrap();
        assert_eq!(bare.to_string(), g);
        let numbers = parse_block(b"1, 2, 3, 4\n3 4 1 2\n2 1 | 4 3\n4 3 2 1", None).unwrap();
        assert_eq!(numbers.to_string(), g);
        let sixteen: Vec<String> = (0..16)
            .map(|r| {
                let row: Vec<String> = (0..16)
                    .map(|c| ((r * 4 + r / 4 + c) % 16 + 1).to_string())
                    .collect();
                row.join(" ")
            })
            .collect();
        let big = parse_block(sixteen.join("\n").as_bytes(), None).unwrap();
        assert_eq!(big.size(), Size::S16);
        assert!(big.is_valid(), "{big:?}");
        assert!(
            is_bare_row(b"003020600") && !is_bare_row(b"Solutions") && !is_bare_row(b"0030206")
        );
    }
}
