//! Output formats: one writer per format, each writing whole grids through
//! any `io::Write`.
//!
//! Writers are stateless per grid: what a grid's bytes are depends only on
//! the run's [`Meta`] and the grid's index, so grids can be formatted on any
//! thread in any order and concatenated.

use std::io::{self, Write};

use crate::grid::{Grid, Size};
use crate::strategies::Strategy;

pub mod csv;
pub mod json;
pub mod line;
pub mod pretty;

/// An output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Format {
    /// Human-readable rows with `|` between stacks and rules between bands
    Grid,
    /// One grid per line, the symbols row-major (the 81-character format)
    Line,
    /// A header `index,r1c1,...` then one record per grid of integers
    Csv,
    /// JSON Lines: one object per grid with strategy, size, seed, index and rows
    Json,
}

impl Format {
    /// Every format.
    pub const ALL: &'static [Format] = &[Format::Grid, Format::Line, Format::Csv, Format::Json];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Grid => "grid",
            Format::Line => "line",
            Format::Csv => "csv",
            Format::Json => "json",
        }
    }
}

/// What a run records beside its grids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meta {
    /// The strategy that made the grids.
    pub strategy: Strategy,
    /// Their size.
    pub size: Size,
    /// The run's seed.
    pub seed: u64,
    /// The index of the first grid written.
    pub start: u64,
}

/// Writes grids of a run in one format.
#[derive(Clone, Copy, Debug)]
pub struct GridWriter {
    format: Format,
    meta: Meta,
}

impl GridWriter {
    /// A writer of `format` for the run described by `meta`.
    pub fn new(format: Format, meta: Meta) -> Self {
        GridWriter { format, meta }
    }

    /// The format.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Writes what comes before the first grid (the CSV header).
    pub fn write_header<W: Write + ?Sized>(&self, w: &mut W) -> io::Result<()> {
        match self.format {
            Format::Csv => csv::write_header(w, self.meta.size),
            Format::Grid | Format::Line | Format::Json => Ok(()),
        }
    }

    /// Writes grid number `index` of the run.
    #[inline]
    pub fn write_grid<W: Write + ?Sized>(
        &self,
        w: &mut W,
        index: u64,
        grid: &Grid,
    ) -> io::Result<()> {
        match self.format {
            Format::Line => line::write_grid(w, grid),
            Format::Grid => pretty::write_grid(w, grid, index != self.meta.start),
            Format::Csv => csv::write_grid(w, index, grid),
            Format::Json => json::write_grid(w, &self.meta, index, grid),
        }
    }
}

/// Appends the decimal digits of `x` to `buf`.
#[inline]
pub(crate) fn push_decimal(buf: &mut Vec<u8>, mut x: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (x % 10) as u8;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[i..]);
}

/// Appends a cell value (0 to 25) in decimal to `buf`.
#[inline]
pub(crate) fn push_value(buf: &mut Vec<u8>, v: u8) {
    if v >= 10 {
        buf.push(b'0' + v / 10);
    }
    buf.push(b'0' + v % 10);
}

thread_local! {
    /// A scratch buffer per thread, so formatting a grid does not allocate.
    static SCRATCH: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Runs `build` on an empty scratch buffer and writes what it built.
#[inline]
pub(crate) fn with_scratch<W: Write + ?Sized>(
    w: &mut W,
    build: impl FnOnce(&mut Vec<u8>),
) -> io::Result<()> {
    SCRATCH.with(|cell| {
        let mut buf = cell.borrow_mut();
        buf.clear();
        build(&mut buf);
        w.write_all(&buf)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals() {
        for x in [0u64, 7, 10, 99, 12345, u64::MAX] {
            let mut b = Vec::new();
            push_decimal(&mut b, x);
            assert_eq!(b, x.to_string().into_bytes());
        }
        for v in 0..=25u8 {
            let mut b = Vec::new();
            push_value(&mut b, v);
            assert_eq!(b, v.to_string().into_bytes());
        }
    }
}
