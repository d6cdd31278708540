//! The `grid` format, for people: symbols separated by spaces, `|` between
//! stacks, a `-+-` rule between bands, a blank line between grids.
//!
//! ```text
//! 1 2 3 | 4 5 6 | 7 8 9
//! ...
//! ------+-------+------
//! ```

use std::io::{self, Write};

use super::with_scratch;
use crate::grid::Grid;

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
