//! The `json` format: JSON Lines, one object per grid,
//! `{"strategy":"backtrack","size":9,"seed":7,"index":0,"grid":[[...],...]}`
//! with the rows as arrays of integers.

use std::io::{self, Write};

use super::{Meta, push_decimal, push_value, with_scratch};
use crate::grid::Grid;

/// Writes the object of grid `index`.
pub fn write_grid<W: Write + ?Sized>(
    w: &mut W,
    meta: &Meta,
    index: u64,
    grid: &Grid,
) -> io::Result<()> {
    with_scratch(w, |buf| {
        // Strategy names are plain identifiers: nothing to escape.
        buf.extend_from_slice(b"{\"strategy\":\"");
        buf.extend_from_slice(meta.strategy.name().as_bytes());
        buf.extend_from_slice(b"\",\"size\":");
        push_decimal(buf, grid.size().side() as u64);
        buf.extend_from_slice(b",\"seed\":");
        push_decimal(buf, meta.seed);
        buf.extend_from_slice(b",\"index\":");
        push_decimal(buf, index);
        buf.extend_from_slice(b",\"grid\":[");
        for (r, row) in grid.rows().enumerate() {
            if r > 0 {
                buf.push(b',');
            }
            buf.push(b'[');
            for (c, &v) in row.iter().enumerate() {
                if c > 0 {
                    buf.push(b',');
                }
                push_value(buf, v);
            }
            buf.push(b']');
        }
        buf.extend_from_slice(b"]}\n");
    })
}
