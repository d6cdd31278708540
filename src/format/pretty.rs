//! The `grid` format, for people: symbols separated by spaces, `|` between
//! stacks, a `-+-` rule between bands, a blank line between grids.
//!
//! ```text
//! 1 2 3 | 4 5 6 | 7 8 9
//! ...
//! ------+-------+------
//! ```

use std::io::{self, Write};

use super::read::RecordError;
use super::with_scratch;
use crate::grid::{Grid, ParseError, Size};

/// Writes `grid`, preceded by a blank line if it is not the first.
pub fn write_grid<W: Write + ?Sized>(w: &mut W, grid: &Grid, separate: bool) -> io::Result<()> {
    let size = grid.size();
    let b = size.box_size();
    with_scratch(w, |buf| {
        if separate {
            buf.push(b'\n');
        }
        for (r, row) in grid.rows().enumerate() {
            if r > 0 && r % b == 0 {
                push_rule(buf, b);
            }
            for (c, &v) in row.iter().enumerate() {
                if c > 0 {
                    buf.extend_from_slice(if c % b == 0 { b" | " } else { b" " });
                }
                buf.push(size.symbol(v));
            }
            buf.push(b'\n');
        }
    })
}

/// The rule under a band: dashes under the symbols, `+` under each `|`.
fn push_rule(buf: &mut Vec<u8>, b: usize) {
    for stack in 0..b {
        if stack > 0 {
            buf.extend_from_slice(b"-+-");
        }
        buf.extend(std::iter::repeat_n(b'-', 2 * b - 1));
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
    line.contains(&b' ') || line.contains(&b'|') || is_rule(line)
}

/// The symbol tokens of a row: white-space separated, `|` dropped.
pub fn row_tokens(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(|b| b.is_ascii_whitespace())
        .filter(|t| !t.is_empty() && *t != b"|")
}

/// Reads a block: its rows, one per line (`\n`-separated, rules already
/// left out). The size is that of the forced `size`, or inferred from the
/// number of cells in the first row.
pub fn parse_block(block: &[u8], size: Option<Size>) -> Result<Grid, RecordError> {
    let mut rows = block.split(|&b| b == b'\n');
    let first = rows.clone().next().unwrap_or_default();
    let side = row_tokens(first).count();
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
        for token in row_tokens(row) {
            if count == size.side() || token.len() != 1 {
                count = usize::MAX;
                break;
            }
            let v = size.value_of(token[0]).ok_or(ParseError::BadSymbol {
                found: char::from(token[0]),
                size,
            })?;
            g.set(r, count, v);
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
    use crate::grid::Size;

    #[test]
    fn layout_of_a_4x4_grid() {
        let g = Grid::parse("1234341221434321", Some(Size::S4)).unwrap();
        let mut out = Vec::new();
        write_grid(&mut out, &g, false).unwrap();
        write_grid(&mut out, &g, true).unwrap();
        let one = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n";
        assert_eq!(String::from_utf8(out).unwrap(), format!("{one}\n{one}"));
        // What the grid format writes, the grid parser reads back.
        assert_eq!(Grid::parse(one, None).unwrap(), g);
    }
}
