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
//! A record read keeps its labels here too: `id` and `source` come from
//! the input where it had them (else the record's index, and `sudogen`),
//! `difficulty` and `rating` from a rating computed, else from the input's
//! `difficulty`, `rating` or `se` column, whichever it has first. `kaggle`,
//! which has no rating column, takes a rated run's columns after its own
//! (`quizzes,solutions,se,exact,level,hardest`, then `steps` and those
//! asked for in `rate`, as `csv` names them); the input's other columns
//! follow. A record always has its
//! solution in these layouts: commands solve a puzzle that came without
//! one ([`RecordFormat::needs_solution`]).
//!
//! These three never claim a line when the format is detected: the CSV
//! reader recognises their headers, and `--input-format` forces them.

use super::csv;
use super::record::{Content, Label, LabelValue, Record};
use super::spec::{Framer, RecordFormat, Run};
use super::text::{push_csv_field, push_decimal, push_symbols_zero, push_tenths};
use crate::grid::Grid;

/// What fills one column of a layout.
#[derive(Clone, Copy, Debug)]
enum Fill {
    /// The puzzle (or grid).
    Puzzle,
    /// Its solution (a complete grid is its own).
    Solution,
    /// Its number of givens.
    Clues,
    /// A label of the first of these names the record has, else its
    /// index.
    Id(&'static [&'static str]),
    /// The rating computed, else a label of the first of these names the
    /// record has.
    Rating(&'static [&'static str]),
    /// A label of the first of these names the record has, else this text.
    Text(&'static [&'static str], &'static str),
}

/// A layout: its name and help, its columns, and how it writes an empty
/// cell.
#[derive(Debug)]
pub struct Layout {
    name: &'static str,
    description: &'static str,
    help: &'static str,
    columns: &'static [(&'static str, Fill)],
    /// `.` for empty (else `0`, or the alphabet's own).
    dots: bool,
}

/// The `kaggle` layout.
pub const KAGGLE: Layout = Layout {
    name: "kaggle",
    description: "`quizzes,solutions`: 81 digits each, 0 for empty (the Kaggle 1-million set)",
    help: "`quizzes,solutions`: the puzzle and its solution as strings of digits, 0 for empty; a rated run adds the rating's columns after them (`se,exact,level,hardest`, as csv)",
    columns: &[("quizzes", Fill::Puzzle), ("solutions", Fill::Solution)],
    dots: false,
};

/// The `kaggle-3m` layout.
pub const KAGGLE_3M: Layout = Layout {
    name: "kaggle-3m",
    description: "`id,puzzle,solution,clues,difficulty`: `.` for empty (the 3-million set)",
    help: "`id,puzzle,solution,clues,difficulty`: id the input's or the index, `.` for empty, difficulty the SE rating when known",
    columns: &[
        ("id", Fill::Id(&["id"])),
        ("puzzle", Fill::Puzzle),
        ("solution", Fill::Solution),
        ("clues", Fill::Clues),
        ("difficulty", Fill::Rating(&["difficulty", "rating", "se"])),
    ],
    dots: true,
};

/// The `extreme` layout.
pub const EXTREME: Layout = Layout {
    name: "extreme",
    description: "`source,question,answer,rating`: `.` for empty (the \"extreme\" benchmark)",
    help: "`source,question,answer,rating`: source the input's or sudogen, `.` for empty, rating the SE rating when known",
    columns: &[
        ("source", Fill::Text(&["source"], "sudogen")),
        ("question", Fill::Puzzle),
        ("answer", Fill::Solution),
        ("rating", Fill::Rating(&["rating", "difficulty", "se"])),
    ],
    dots: true,
};

impl Layout {
    /// The label of the first of `names` the record has (by name, even if
    /// empty, so that the columns are the same for records of the same
    /// labels).
    fn label<'r>(record: &'r Record<'r>, names: &[&str]) -> Option<&'r Label<'r>> {
        names.iter().find_map(|n| record.label(n))
    }

    /// The columns a rated run adds after the layout's own: a rating's
    /// (`se,exact,level,hardest`...: see [`csv::rating_columns`]) when the
    /// layout has no rating column of its own (`kaggle`), else none.
    fn added(&self, run: &Run) -> Vec<&'static str> {
        let rates = self
            .columns
            .iter()
            .any(|(_, fill)| matches!(fill, Fill::Rating(_)));
        if rates {
            Vec::new()
        } else {
            csv::rating_columns(run.content)
        }
    }

    /// The record's labels the layout does not write in its own columns
    /// (nor in those it adds), the first of each name.
    fn extras<'r>(&self, run: &Run, record: &'r Record<'r>) -> Vec<&'r Label<'r>> {
        let mut taken: Vec<&str> = self
            .columns
            .iter()
            .flat_map(|&(name, fill)| {
                let from = match fill {
                    Fill::Id(names) | Fill::Rating(names) | Fill::Text(names, _) => {
                        Layout::label(record, names).map(|l| l.name)
                    }
                    _ => None,
                };
                [Some(name), from]
            })
            .flatten()
            .collect();
        taken.extend(self.added(run));
        let mut out: Vec<&Label<'_>> = Vec::new();
        for label in record.labels {
            let seen = |n: &str| n.eq_ignore_ascii_case(label.name);
            if !taken.iter().any(|n| seen(n)) && !out.iter().any(|l| seen(l.name)) {
                out.push(label);
            }
        }
        out
    }

    fn push_header(&self, out: &mut Vec<u8>, run: &Run, record: &Record<'_>) {
        for (i, (name, _)) in self.columns.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            out.extend_from_slice(name.as_bytes());
        }
        for name in self.added(run) {
            out.push(b',');
            out.extend_from_slice(name.as_bytes());
        }
        for label in self.extras(run, record) {
            out.push(b',');
            push_csv_field(out, label.name);
        }
        out.push(b'\n');
    }

    fn push(&self, out: &mut Vec<u8>, run: &Run, record: &Record<'_>) {
        // A grid is its own solution.
        let solution = record
            .solution
            .or_else(|| record.grid.is_complete().then_some(record.grid));
        let grid = |out: &mut Vec<u8>, grid: &Grid| {
            if self.dots {
                let size = grid.size();
                out.extend(grid.cells().iter().map(|&v| size.symbol(v)));
            } else {
                push_symbols_zero(out, grid, run.symbols.as_ref());
            }
        };
        let label = |out: &mut Vec<u8>, names: &[&str]| match Layout::label(record, names) {
            Some(l) if l.value != LabelValue::Absent => {
                push_csv_field(out, &l.value.text());
                true
            }
            _ => false,
        };
        for (i, &(_, fill)) in self.columns.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            match fill {
                Fill::Puzzle => grid(out, record.grid),
                Fill::Solution => {
                    if let Some(s) = solution {
                        grid(out, s);
                    }
                }
                Fill::Clues => push_decimal(out, record.grid.filled() as u64),
                Fill::Id(names) => {
                    if !label(out, names) {
                        push_decimal(out, record.index);
                    }
                }
                Fill::Rating(names) => match record.rating {
                    Some(r) => push_tenths(out, u64::from(r.se)),
                    None => {
                        label(out, names);
                    }
                },
                Fill::Text(names, otherwise) => {
                    if !label(out, names) {
                        out.extend_from_slice(otherwise.as_bytes());
                    }
                }
            }
        }
        if !self.added(run).is_empty() {
            csv::push_rating_fields(out, run.content, record);
        }
        for l in self.extras(run, record) {
            out.push(b',');
            push_csv_field(out, &l.value.text());
        }
        out.push(b'\n');
    }
}

impl RecordFormat for Layout {
    fn name(&self) -> &'static str {
        self.name
    }

    fn description(&self) -> &'static str {
        self.description
    }

    fn layout(&self, _content: Content) -> &'static str {
        self.help
    }

    fn header(&self, out: &mut Vec<u8>, run: &Run, record: &Record<'_>) {
        self.push_header(out, run, record);
    }

    fn write(&self, out: &mut Vec<u8>, run: &Run, record: &Record<'_>) {
        self.push(out, run, record);
    }

    fn needs_solution(&self) -> bool {
        true
    }

    fn detect(&self, _line: &[u8]) -> Option<u8> {
        None
    }

    fn framer(&self) -> Box<dyn Framer> {
        csv::framer()
    }
}
