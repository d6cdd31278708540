//! The `line` format: one grid per line, its symbols row-major and nothing
//! else, as other Sudoku tools read and write them.

use std::io::{self, Write};

use crate::grid::{Grid, MAX_CELLS, SYMBOLS, Size};

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

/// Writes `grid` as one line.
#[inline]
pub fn write_grid<W: Write + ?Sized>(w: &mut W, grid: &Grid) -> io::Result<()> {
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
    w.write_all(&buf[..=n])
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
            write_grid(&mut out, &g).unwrap();
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
