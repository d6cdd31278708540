//! The printing room: typesets puzzles as a book, a PDF (vector, its one
//! font embedded and subset) or SVG pages, ready for paper.
//!
//! Puzzles are laid out 1 to 12 to a page, each labelled with its number
//! and, when known, its level and Sudoku Explainer rating, with running
//! heads, page numbers and an answer section at the back. The layout is
//! made once, as a list of shapes and text runs per page (`layout.rs`), and
//! written by two back ends ([`pdf`](fn@pdf) through the `pdf-writer` crate, and
//! [`svg_pages`], plain XML), so the two formats always agree.
//!
//! Nothing here knows sudogen's [`Grid`](crate::Grid) or
//! [`Size`](crate::Size): a puzzle is a slice of cell values (`0` empty,
//! `1..=side`) and its shape a [`Geometry`] (boxes of any shape, Jigsaw
//! regions, shaded diagonals or windows), so new kinds of grid print
//! without changes here.
//!
//! Text is drawn in reading order: on each page the running head, then for
//! each grid its label and its digits row by row, left to right, then the
//! page number. A screen reader, a search, and `pdftotext` all read a grid
//! as its rows.
//!
//! ```
//! use sudogen::print::{self, Entry, Options};
//!
//! let solution: Vec<u8> = "1234341221434321".bytes().map(|b| b - b'0').collect();
//! let mut puzzle = solution.clone();
//! for i in [0, 5, 6, 10, 15] {
//!     puzzle[i] = 0;
//! }
//! let entries = [Entry::new(1, puzzle, solution)];
//! let options = Options { per_page: 1, ..Options::new(print::Geometry::square(4)) };
//! let pdf = print::pdf(&entries, &options).unwrap();
//! assert!(pdf.starts_with(b"%PDF-"));
//! let svg = print::svg_pages(&entries, &options).unwrap();
//! assert_eq!(svg.len(), 2); // the puzzle page and the answer page
//! ```

use std::fmt;

use crate::rate::Scale;

mod font;
mod geometry;
mod html;
mod layout;
mod paper;
mod pdf;
mod svg;

pub use geometry::{Cage, Geometry, MAX_SIDE, Window};
pub use html::{CODE, Hint};
pub use paper::Paper;

/// The numbers of puzzles a page can hold.
pub const PER_PAGE: &[usize] = &[1, 2, 4, 6, 9, 12];

/// The most puzzles a page holds when no number is asked for (see
/// [`default_per_page`]).
pub const DEFAULT_PER_PAGE: usize = 6;

/// The most solutions an answer page can be asked to hold.
pub const MAX_ANSWERS_PER_PAGE: usize = 48;

/// One puzzle to print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The number it is labelled with (`#12`) and its solution is found by.
    pub number: u64,
    /// The cells, row-major: `0` for empty, else the given's value
    /// `1..=side`.
    pub puzzle: Vec<u8>,
    /// The solution, row-major, every cell `1..=side` and equal to the
    /// puzzle's givens.
    pub solution: Vec<u8>,
    /// The level, printed as it is (`hard`).
    pub level: Option<String>,
    /// The rating (`3.4`), printed after its scale's label (`SE 3.4`).
    pub rating: Option<String>,
    /// What the rating is: Sudoku Explainer's (labelled `SE`), or a
    /// technique level (labelled `level`) beyond classic 9x9.
    pub scale: Scale,
    /// The puzzle's own shape, in a book that mixes shapes (`None`: the
    /// book's, [`Options::geometry`]).
    pub geometry: Option<Geometry>,
}

impl Entry {
    /// A puzzle numbered `number`, with neither level nor rating.
    pub fn new(number: u64, puzzle: Vec<u8>, solution: Vec<u8>) -> Entry {
        Entry {
            number,
            puzzle,
            solution,
            level: None,
            rating: None,
            scale: Scale::Se,
            geometry: None,
        }
    }

    /// The shape the puzzle is drawn in: its own, else the book's.
    pub fn geometry_in<'a>(&'a self, options: &'a Options) -> &'a Geometry {
        self.geometry.as_ref().unwrap_or(&options.geometry)
    }

    /// What the label shows after the number: `hard · SE 3.4` (`easy ·
    /// level 1.2` for a technique level), or whichever part is known.
    pub(crate) fn detail(&self) -> String {
        let mut parts = Vec::new();
        if let Some(level) = self.level.as_deref().filter(|s| !s.trim().is_empty()) {
            parts.push(level.trim().to_string());
        }
        if let Some(rating) = self.rating.as_deref().filter(|s| !s.trim().is_empty()) {
            parts.push(format!("{} {}", self.scale.label(), rating.trim()));
        }
        parts.join(" · ")
    }
}

/// How to lay a book out.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The page size.
    pub paper: Paper,
    /// Puzzles per page: one of [`PER_PAGE`] (1 or 2 in large print).
    pub per_page: usize,
    /// Large print: bigger, heavier digits and lines for readers with
    /// low vision, 1 or 2 puzzles per page, bigger answer grids.
    pub large_print: bool,
    /// The running head of the puzzle pages (none if `None`), and the
    /// document's title in the PDF's metadata.
    pub title: Option<String>,
    /// Whether pages carry their number at the foot.
    pub page_numbers: bool,
    /// Whether the book ends with the solutions.
    pub answers: bool,
    /// Solutions per answer page (`None`: as many as stay legible, such as
    /// 20 9x9 grids on A4), 1 to [`MAX_ANSWERS_PER_PAGE`].
    pub answers_per_page: Option<usize>,
    /// The running head of the answer pages.
    pub answers_heading: String,
    /// The shape of the book's grids (each entry may have its own, see
    /// [`Entry::geometry`]): the one its sizes and legibility are
    /// measured by, so that of its largest side.
    pub geometry: Geometry,
    /// Whether the variants' rules are stated: a short line for each
    /// variant present, on the page where it first appears (see
    /// [`Geometry::rule`]); room for it is kept on every puzzle page of a
    /// book that has one.
    pub rules: bool,
    /// The symbol of each value: value `v` is printed as the `v`-th
    /// character. It needs at least `side` characters, all different, none
    /// a space.
    pub alphabet: String,
}

impl Options {
    /// The default layout for grids of `geometry`: A4, 6 puzzles per page
    /// (the command line takes [`default_per_page`] instead),
    /// page numbers, solutions at the back under "Solutions", symbols
    /// `1`-`9` then `A`-`Z`.
    pub fn new(geometry: Geometry) -> Options {
        Options {
            paper: Paper::A4,
            per_page: 6,
            large_print: false,
            title: None,
            page_numbers: true,
            answers: true,
            answers_per_page: None,
            answers_heading: "Solutions".to_string(),
            geometry,
            rules: false,
            alphabet: String::from_utf8_lossy(crate::grid::SYMBOLS).into_owned(),
        }
    }
}

impl Default for Options {
    /// [`Options::new`] for 9x9.
    fn default() -> Options {
        Options::new(Geometry::square(9))
    }
}

/// Why a book could not be typeset.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// There were no puzzles.
    NoPuzzles,
    /// A number of puzzles per page that is not offered.
    PerPage(usize),
    /// Large print with more than 2 puzzles per page.
    LargePrintPerPage(usize),
    /// A number of solutions per page that is not offered.
    AnswersPerPage(usize),
    /// A geometry that cannot be drawn (what is wrong with it).
    Geometry(String),
    /// An alphabet that cannot print the values (what is wrong with it).
    Alphabet(String),
    /// A title, heading, level or rating the font cannot print.
    Text(String),
    /// A puzzle or solution that does not fit the geometry.
    Entry {
        /// The entry's position in the list (0-based).
        index: usize,
        /// The entry's number.
        number: u64,
        /// What is wrong with it.
        message: String,
    },
    /// The PDF library failed (not expected to happen).
    Pdf(String),
    /// The font could not be cut down to embed in an SVG page (not
    /// expected to happen).
    Font(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NoPuzzles => f.write_str("there are no puzzles to print"),
            Error::PerPage(n) => write!(
                f,
                "{n} puzzles per page is not a layout on offer: choose 1, 2, 4, 6, 9 or 12"
            ),
            Error::LargePrintPerPage(n) => {
                write!(f, "large print holds 1 or 2 puzzles per page, not {n}")
            }
            Error::AnswersPerPage(n) => write!(
                f,
                "{n} solutions per page is not a layout on offer: choose 1 to {MAX_ANSWERS_PER_PAGE}"
            ),
            Error::Geometry(m) => write!(f, "grid shape: {m}"),
            Error::Alphabet(m) => write!(f, "symbols: {m}"),
            Error::Text(m) => f.write_str(m),
            Error::Entry {
                number, message, ..
            } => write!(f, "puzzle #{number}: {message}"),
            Error::Pdf(m) => write!(f, "writing the PDF: {m}"),
            Error::Font(m) => write!(f, "embedding the font in SVG: {m}"),
        }
    }
}

impl std::error::Error for Error {}

/// Typesets `entries` as a PDF: the puzzle pages, then (if
/// `options.answers`) the answer pages.
///
/// The font is embedded once, subset to the characters used, and shared by
/// every page; all drawing is vector, and text can be extracted (each
/// grid's digits row by row).
pub fn pdf(entries: &[Entry], options: &Options) -> Result<Vec<u8>, Error> {
    let book = check(entries, options)?;
    let pages = layout::book(entries, options, &book);
    pdf::write(&pages, options)
}

/// Typesets `entries` as SVG documents, one per page, laid out exactly as
/// [`pdf`](fn@pdf) lays them out.
///
/// The text is real SVG text in the built-in font, embedded in each page
/// (subset to the page's characters, as a WOFF file in a `data:` URL), so
/// that browsers draw it as the PDF does; a viewer that ignores embedded
/// fonts falls back to an installed Atkinson Hyperlegible, then to other
/// sans-serif faces.
pub fn svg_pages(entries: &[Entry], options: &Options) -> Result<Vec<String>, Error> {
    let book = check(entries, options)?;
    layout::book(entries, options, &book)
        .iter()
        .map(svg::write)
        .collect()
}

/// One puzzle as a small SVG document: its label and its grid, nothing
/// else (for a web page or a worksheet). Only `geometry`, `alphabet` and
/// `large_print` of `options` matter.
pub fn svg_puzzle(entry: &Entry, options: &Options) -> Result<String, Error> {
    check_single(entry, options)?;
    svg::write(&layout::single(entry, options, false))
}

/// [`svg_puzzle`] for the puzzle's solution, the givens dark and the
/// filled cells lighter.
pub fn svg_solution(entry: &Entry, options: &Options) -> Result<String, Error> {
    check_single(entry, options)?;
    svg::write(&layout::single(entry, options, true))
}

/// Writes `entries` as one self-contained web page to play them in a
/// browser, and to print them: everything inline (style, script, the
/// font subset to the symbols, the puzzles), nothing fetched. `hints[i]`
/// is the solving path of `entries[i]` ([`Hint::from_step`] of each step
/// of the rater's path), shown a step at a time; a puzzle without one has
/// no hints. Of `options`, the geometry, alphabet, title and answers
/// matter (the browser lays the page out); printed, the page gives the
/// open puzzle, then its solution if `options.answers`.
pub fn html(entries: &[Entry], hints: &[Vec<Hint>], options: &Options) -> Result<String, Error> {
    html::write(entries, hints, options)
}

/// How a book's pages fall, and how big its cells are: what [`plan`]
/// tells before anything is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plan {
    /// Pages of puzzles.
    pub puzzle_pages: usize,
    /// Pages of solutions (0 without an answer section).
    pub answer_pages: usize,
    /// Solutions per full answer page.
    pub answers_per_page: usize,
    /// The side of a puzzle grid's cells, in millimetres.
    pub puzzle_cell_mm: f32,
    /// The side of a solution grid's cells, in millimetres.
    pub answer_cell_mm: f32,
}

impl Plan {
    /// Whether the puzzle grids' cells are big enough to write in:
    /// [`WRITABLE_CELL_MM`] or more.
    pub fn puzzles_writable(&self) -> bool {
        self.puzzle_cell_mm >= WRITABLE_CELL_MM
    }

    /// Whether the solution grids' cells are big enough to read (or there
    /// are none): [`READABLE_CELL_MM`] or more.
    pub fn answers_readable(&self) -> bool {
        self.answer_pages == 0 || self.answer_cell_mm >= READABLE_CELL_MM
    }
}

/// The smallest cell, in millimetres, that a reader can write a digit in
/// by hand: a pencilled digit is 3 to 4 mm tall, and forms that ask for
/// handwritten digits give each a box of 5 mm or more; printed puzzle
/// books use cells of 6 to 10 mm. [`Plan::puzzles_writable`] tells.
pub const WRITABLE_CELL_MM: f32 = 5.0;

/// The smallest cell, in millimetres, whose printed digit can be read:
/// the digit takes 70% of the cell, and 2.1 mm (6-point type) is about
/// the smallest size held legible in print. [`Plan::answers_readable`]
/// tells.
pub const READABLE_CELL_MM: f32 = 3.0;

/// How many puzzles a page holds when none is asked for: the most of
/// [`PER_PAGE`] up to [`DEFAULT_PER_PAGE`] whose puzzle cells are writable
/// ([`WRITABLE_CELL_MM`]) on `options`' paper, for its geometry, title and
/// page numbers (its `per_page` aside), so that 9x9 on A4 takes 6 and
/// 16x16 or small paper fewer; 1 if none is (then [`plan`] tells how
/// small the cells are), and 1 in large print. An invalid geometry gets
/// [`DEFAULT_PER_PAGE`], for [`plan`] to refuse.
pub fn default_per_page(options: &Options) -> usize {
    if options.large_print {
        return 1;
    }
    if check_shape(options).is_err() {
        return DEFAULT_PER_PAGE;
    }
    PER_PAGE
        .iter()
        .rev()
        .copied()
        .filter(|&n| n <= DEFAULT_PER_PAGE)
        .find(|&per_page| {
            let options = Options {
                per_page,
                ..options.clone()
            };
            let (_, _, (cell, _)) = measure(&options, options.rules);
            cell / paper::MM >= WRITABLE_CELL_MM
        })
        .unwrap_or(1)
}

/// How `entries` fall into pages with `options` (checking them as
/// [`pdf`](fn@pdf) does).
pub fn plan(entries: &[Entry], options: &Options) -> Result<Plan, Error> {
    Ok(check(entries, options)?.plan)
}

/// The checked layout numbers of a book.
pub(crate) struct Book {
    /// The pages.
    pub(crate) plan: Plan,
    /// The columns and rows of grids on an answer page, and how many
    /// solutions it holds.
    pub(crate) answer_grid: (usize, usize, usize),
    /// The font size of running heads and page numbers.
    pub(crate) furniture: f32,
    /// Whether the running head states the variants' rules.
    pub(crate) rules: bool,
}

/// Checks everything that could make layout fail, so that layout and the
/// back ends need not: the options, the geometry, the alphabet, the texts,
/// and every entry against the geometry.
fn check(entries: &[Entry], options: &Options) -> Result<Book, Error> {
    if !PER_PAGE.contains(&options.per_page) {
        return Err(Error::PerPage(options.per_page));
    }
    if options.large_print && options.per_page > 2 {
        return Err(Error::LargePrintPerPage(options.per_page));
    }
    if let Some(n) = options.answers_per_page
        && !(1..=MAX_ANSWERS_PER_PAGE).contains(&n)
    {
        return Err(Error::AnswersPerPage(n));
    }
    check_shape(options)?;
    if let Some(title) = &options.title {
        check_text("the title", title)?;
    }
    check_text("the heading of the answer pages", &options.answers_heading)?;
    if entries.is_empty() {
        return Err(Error::NoPuzzles);
    }
    for (index, entry) in entries.iter().enumerate() {
        if let Some(own) = &entry.geometry {
            own.validate()?;
            if own.side > options.geometry.side {
                return Err(Error::Entry {
                    index,
                    number: entry.number,
                    message: format!(
                        "a {0}x{0} grid in a book measured for {1}x{1}: give the book the geometry of its largest side",
                        own.side, options.geometry.side
                    ),
                });
            }
        }
        check_entry(index, entry, entry.geometry_in(options))?;
    }
    let rules = options.rules
        && entries
            .iter()
            .any(|e| e.geometry_in(options).rule().is_some());
    let (furniture, answer_grid, (puzzle_cell, answer_cell)) = measure(options, rules);
    let answers_per_page = answer_grid.2;
    Ok(Book {
        plan: Plan {
            puzzle_pages: entries.len().div_ceil(options.per_page),
            answer_pages: if options.answers {
                entries.len().div_ceil(answers_per_page)
            } else {
                0
            },
            answers_per_page,
            puzzle_cell_mm: puzzle_cell / paper::MM,
            answer_cell_mm: answer_cell / paper::MM,
        },
        answer_grid,
        furniture,
        rules,
    })
}

/// The measures of a book laid out with `options` (checked): the font
/// size of its running heads and page numbers, the grid of an answer page
/// (columns, rows, solutions), and the side of the puzzles' and the
/// solutions' cells, in points.
fn measure(options: &Options, rules: bool) -> (f32, (usize, usize, usize), (f32, f32)) {
    let furniture = layout::furniture(options, rules);
    let answer_grid = layout::answer_grid(options, furniture);
    let cells = layout::cells(options, furniture, answer_grid, rules);
    (furniture, answer_grid, cells)
}

/// [`check`] for one puzzle drawn alone.
fn check_single(entry: &Entry, options: &Options) -> Result<(), Error> {
    check_shape(options)?;
    check_entry(0, entry, entry.geometry_in(options))
}

/// Checks the geometry and that the alphabet can print its values.
fn check_shape(options: &Options) -> Result<(), Error> {
    options.geometry.validate()?;
    let side = options.geometry.side;
    let symbols: Vec<char> = options.alphabet.chars().collect();
    if symbols.len() < side {
        return Err(Error::Alphabet(format!(
            "'{}' has {} symbols, and {} grid needs {side}",
            options.alphabet,
            symbols.len(),
            crate::shape::A(format_args!("{side}x{side}"))
        )));
    }
    let face = font::Face::get();
    for (i, &c) in symbols[..side].iter().enumerate() {
        if c.is_whitespace() || c.is_control() {
            return Err(Error::Alphabet(format!(
                "symbol {} is a space or a control character ({})",
                i + 1,
                c.escape_unicode()
            )));
        }
        if symbols[..i].contains(&c) {
            return Err(Error::Alphabet(format!(
                "'{c}' stands for two values, {} and {}",
                symbols[..i].iter().position(|&d| d == c).unwrap_or(0) + 1,
                i + 1
            )));
        }
        if !face.has(c) {
            return Err(Error::Alphabet(format!(
                "the font has no '{c}' ({})",
                c.escape_unicode()
            )));
        }
    }
    Ok(())
}

/// Checks that the font can print `text` and that it has no control
/// characters (which neither a page nor XML can hold).
fn check_text(what: &str, text: &str) -> Result<(), Error> {
    let face = font::Face::get();
    match text.chars().find(|&c| c.is_control() || !face.has(c)) {
        None => Ok(()),
        Some(c) if c.is_control() => Err(Error::Text(format!(
            "{what} '{}' holds a control character ({})",
            text.escape_debug(),
            c.escape_unicode()
        ))),
        Some(c) => Err(Error::Text(format!(
            "{what} '{text}' holds '{c}' ({}), which the font has no letter for",
            c.escape_unicode()
        ))),
    }
}

/// Checks one entry against the geometry: lengths, values, and a solution
/// that is complete and agrees with the givens.
fn check_entry(index: usize, entry: &Entry, geometry: &Geometry) -> Result<(), Error> {
    let fail = |message: String| Error::Entry {
        index,
        number: entry.number,
        message,
    };
    let n = geometry.side;
    let cells = geometry.cells();
    for (what, values) in [("puzzle", &entry.puzzle), ("solution", &entry.solution)] {
        if values.len() != cells {
            return Err(fail(format!(
                "the {what} has {} cells, and {} grid has {cells}",
                values.len(),
                crate::shape::A(format_args!("{n}x{n}"))
            )));
        }
    }
    for (i, (&p, &s)) in entry.puzzle.iter().zip(&entry.solution).enumerate() {
        let (row, col) = (i / n + 1, i % n + 1);
        if usize::from(p) > n {
            return Err(fail(format!(
                "the puzzle's cell at row {row}, column {col} holds {p}, above the grid's {n} symbols"
            )));
        }
        if s == 0 || usize::from(s) > n {
            return Err(fail(format!(
                "the solution's cell at row {row}, column {col} holds {s}, not a value from 1 to {n}"
            )));
        }
        if p != 0 && p != s {
            return Err(fail(format!(
                "the puzzle gives {p} at row {row}, column {col}, where its solution has {s}"
            )));
        }
    }
    if let Some(level) = &entry.level {
        check_text("the level", level).map_err(|e| fail(e.to_string()))?;
    }
    if let Some(rating) = &entry.rating {
        check_text("the rating", rating).map_err(|e| fail(e.to_string()))?;
    }
    Ok(())
}
