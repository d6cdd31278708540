//! The `line` format: one grid per line, its symbols row-major and nothing
//! else, as other Sudoku tools read and write them.

use std::io::{self, Write};

use crate::grid::{Grid, MAX_CELLS};

/// Writes `grid` as one line.
#[inline]
pub fn write_grid<W: Write + ?Sized>(w: &mut W, grid: &Grid) -> io::Result<()> {
    let size = grid.size();
    let mut buf = [0u8; MAX_CELLS + 1];
    let n = size.cells();
    for (out, &v) in buf.iter_mut().zip(grid.cells()) {
        *out = size.symbol(v);
    }
    buf[n] = b'\n';
    w.write_all(&buf[..=n])
}
