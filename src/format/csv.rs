//! The `csv` format: a header `index,r1c1,r1c2,...` then one record per
//! grid, its index and its cell values as integers, row-major.

use std::io::{self, Write};

use super::{push_decimal, push_value, with_scratch};
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

/// Writes the record of grid `index`.
pub fn write_grid<W: Write + ?Sized>(w: &mut W, index: u64, grid: &Grid) -> io::Result<()> {
    with_scratch(w, |buf| {
        push_decimal(buf, index);
        for &v in grid.cells() {
            buf.push(b',');
            push_value(buf, v);
        }
        buf.push(b'\n');
    })
}
