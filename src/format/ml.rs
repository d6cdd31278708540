//! The layouts of the public machine-learning Sudoku datasets, written as
//! they have them (and read back, like any CSV, from their headers):
//!
//! - `kaggle`: `quizzes,solutions`, 81 digits each, `0` for empty (the
//!   1-million puzzle set);
//! - `kaggle-3m`: `id,puzzle,solution,clues,difficulty`, `.` for empty
//!   (the 3-million puzzle set; `difficulty` here is the Sudoku Explainer
//!   rating when the record has one);
//! - `extreme`: `source,question,answer,rating`, `.` for empty (the
//!   "extreme" benchmark; `rating` as `difficulty` above).
//!
//! These three never claim a line when the format is detected: the CSV
//! reader recognises their headers, and `--input-format` forces them.

use super::csv;
use super::record::{Content, Record};
use super::spec::{Framer, RecordFormat, Run};
use super::text::{push_decimal, push_symbols_zero, push_tenths};
use crate::grid::Grid;

/// Appends a grid as a string of symbols, `.` for empty.
fn push_dots(out: &mut Vec<u8>, grid: &Grid) {
    let size = grid.size();
    out.extend(grid.cells().iter().map(|&v| size.symbol(v)));
}

/// The puzzle and the solution a record of any content gives these
/// layouts (a grid is its own solution).
fn grids<'a>(record: &'a Record<'a>) -> (&'a Grid, Option<&'a Grid>) {
    let solution = record
        .solution
        .or_else(|| record.grid.is_complete().then_some(record.grid));
    (record.grid, solution)
}

/// Appends the rating, if the record has one.
fn push_rating(out: &mut Vec<u8>, record: &Record<'_>) {
    if let Some(r) = record.rating {
        push_tenths(out, u64::from(r.se));
    }
}

/// The `kaggle` layout.
#[derive(Clone, Copy, Debug)]
pub struct Kaggle;

impl RecordFormat for Kaggle {
    fn name(&self) -> &'static str {
        "kaggle"
    }

    fn description(&self) -> &'static str {
        "`quizzes,solutions`: 81 digits each, 0 for empty (the Kaggle 1-million set)"
    }

    fn layout(&self, _content: Content) -> &'static str {
        "`quizzes,solutions`: the puzzle and its solution as strings of digits, 0 for empty"
    }

    fn header(&self, out: &mut Vec<u8>, _run: &Run, _size: crate::grid::Size) {
        out.extend_from_slice(b"quizzes,solutions\n");
    }

    fn write(&self, out: &mut Vec<u8>, run: &Run, record: &Record<'_>) {
        let (puzzle, solution) = grids(record);
        push_symbols_zero(out, puzzle, run.symbols.as_ref());
        out.push(b',');
        if let Some(s) = solution {
            push_symbols_zero(out, s, run.symbols.as_ref());
        }
        out.push(b'\n');
    }

    fn detect(&self, _line: &[u8]) -> Option<u8> {
        None
    }

    fn framer(&self) -> Box<dyn Framer> {
        csv::framer()
    }
}

/// The `kaggle-3m` layout.
#[derive(Clone, Copy, Debug)]
pub struct Kaggle3m;

impl RecordFormat for Kaggle3m {
    fn name(&self) -> &'static str {
        "kaggle-3m"
    }

    fn description(&self) -> &'static str {
        "`id,puzzle,solution,clues,difficulty`: `.` for empty (the 3-million set)"
    }

    fn layout(&self, _content: Content) -> &'static str {
        "`id,puzzle,solution,clues,difficulty`: `.` for empty, difficulty the SE rating when known"
    }

    fn header(&self, out: &mut Vec<u8>, _run: &Run, _size: crate::grid::Size) {
        out.extend_from_slice(b"id,puzzle,solution,clues,difficulty\n");
    }

    fn write(&self, out: &mut Vec<u8>, _run: &Run, record: &Record<'_>) {
        let (puzzle, solution) = grids(record);
        push_decimal(out, record.index);
        out.push(b',');
        push_dots(out, puzzle);
        out.push(b',');
        if let Some(s) = solution {
            push_dots(out, s);
        }
        out.push(b',');
        push_decimal(out, puzzle.filled() as u64);
        out.push(b',');
        push_rating(out, record);
        out.push(b'\n');
    }

    fn detect(&self, _line: &[u8]) -> Option<u8> {
        None
    }

    fn framer(&self) -> Box<dyn Framer> {
        csv::framer()
    }
}

/// The `extreme` layout.
#[derive(Clone, Copy, Debug)]
pub struct Extreme;

impl RecordFormat for Extreme {
    fn name(&self) -> &'static str {
        "extreme"
    }

    fn description(&self) -> &'static str {
        "`source,question,answer,rating`: `.` for empty (the \"extreme\" benchmark)"
    }

    fn layout(&self, _content: Content) -> &'static str {
        "`source,question,answer,rating`: source sudogen, `.` for empty, rating the SE rating when known"
    }

    fn header(&self, out: &mut Vec<u8>, _run: &Run, _size: crate::grid::Size) {
        out.extend_from_slice(b"source,question,answer,rating\n");
    }

    fn write(&self, out: &mut Vec<u8>, _run: &Run, record: &Record<'_>) {
        let (puzzle, solution) = grids(record);
        out.extend_from_slice(b"sudogen,");
        push_dots(out, puzzle);
        out.push(b',');
        if let Some(s) = solution {
            push_dots(out, s);
        }
        out.push(b',');
        push_rating(out, record);
        out.push(b'\n');
    }

    fn detect(&self, _line: &[u8]) -> Option<u8> {
        None
    }

    fn framer(&self) -> Box<dyn Framer> {
        csv::framer()
    }
}
