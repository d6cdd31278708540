//! The `line` format: one record per line, the grid's symbols row-major
//! (`.` for an empty cell), as other Sudoku tools read and write them.
//! What a command adds follows on the same line: a puzzle's solution after
//! a space, a rating summary, a `# problem`, then the record's `# comment`.
//!
//! A jigsaw grid's region map follows its cells, one letter a cell
//! row-major (`A` for the region of the first cell, `B` for the next region
//! met, ...), as forum posts give jigsaws: `PUZZLE REGIONS SOLUTION`. A
//! line is then a whole jigsaw record: read back, it has its own regions
//! whatever `--regions` says (a map that differs from `--regions` is
//! reported).
//!
//! Reading takes a line's first field; a second field of the same length
//! written in letters that make a region map is its regions; a field of
//! the same length (or a few cells off, to be reported) is its solution. What follows is kept with the record as labels (see
//! [`Label`](super::Label)): a transform as `canon --transform` writes it,
//! a rating summary as `rate` writes it (`7.2 fiendish xy-wing`, read as
//! the labels `se`, `exact`, `level`, `hardest`, and `ep`, `ed`), then a
//! `# comment`; other text (counts, other programs' notes) is ignored.
//! Every line declares `comment` (see `Frames::declare_label`): a line
//! without one has it absent, so a table made from a file of lines, some
//! with comments, has one header. Writing puts a record's rating (the one
//! computed, else the one its labels carry) and its comment back on its
//! line; the line has no room for other labels.

use super::record::{Carried, Content, Record, RecordError};
use super::spec::{Encoding, Framer, Frames, RecordFormat, Run, claim};
use super::symbols::Symbols;
use super::text::{
    SUMMARY, cell_value, first_field, push_comment, push_count, push_rating, push_steps, rewrite,
};
use crate::cages::{CageError, Cages};
use crate::grid::{Grid, Layout, MAX_CELLS, SYMBOLS, Shape, Size, Variant};

/// The `line` format.
#[derive(Clone, Copy, Debug)]
pub struct Line;

impl RecordFormat for Line {
    fn writes_cages(&self) -> bool {
        true
    }

    fn name(&self) -> &'static str {
        "line"
    }

    fn description(&self) -> &'static str {
        "One grid per line, the symbols row-major (the 81-character format)"
    }

    fn layout(&self, content: Content) -> &'static str {
        match content {
            Content::Grids => "one grid per line, its symbols row-major",
            Content::Puzzles { .. } => {
                "one puzzle per line, `.` for empty; its solution after a space, when written; then its rating, when rated"
            }
            Content::Solutions { .. } => {
                "each puzzle's solution on a line (one not solved as it was, then `# what is wrong`); with --count, its number of solutions (`2+`: at least)"
            }
            Content::Ratings { .. } => {
                "`PUZZLE RATING LEVEL HARDEST` per puzzle (`9.5+`: a lower bound; then `ep EP ed ED` with --ep, --ed); with --explain, each step on a `#` line"
            }
            Content::Forms { .. } => {
                "each record's canonical form on a line; with --transform, the transform after a space"
            }
        }
    }

    fn write(&self, out: &mut Vec<u8>, run: &Run, record: &Record<'_>) {
        write_record(out, run, record, push_pair);
    }

    fn detect(&self, line: &[u8]) -> Option<u8> {
        if tokens(line).is_some() {
            return Some(claim::SHAPED);
        }
        let (first, rest) = first_field(line);
        let (second, after) = first_field(rest.trim_ascii_start());
        if killer(first, second, after).is_some() {
            // A killer line's sums are numbers joined by commas: the line
            // is no CSV row.
            return Some(claim::SURE);
        }
        // A field of a size's cell count, or a few cells off one (a record
        // with a cell missing, followed by a comment, is still a record).
        // (A rule of the `grid` format, with its `+`, is no record.)
        let n = first.len();
        let rule = memchr::memchr(b'+', first).is_some();
        Some(
            if !rule && (Size::from_cells(n).is_some() || Size::near_cells(n).is_some()) {
                claim::SHAPED
            } else {
                claim::FALLBACK
            },
        )
    }

    fn framer(&self) -> Box<dyn Framer> {
        Box::new(LineFramer)
    }
}

/// How a line-per-record format writes a grid and, after a space, its
/// solution (no newline): `line`'s symbols, `solo`'s game IDs.
pub(super) type PushPair = fn(&mut Vec<u8>, &Grid, Option<&Grid>, Option<&Symbols>);

/// Writes one record as a line (see the module's description), its grids
/// written by `pair`: what `line` and `solo` share.
pub(super) fn write_record(out: &mut Vec<u8>, run: &Run, record: &Record<'_>, pair: PushPair) {
    let symbols = run.symbols.as_ref();
    match run.content {
        Content::Grids => {
            pair(out, record.grid, None, symbols);
            out.push(b'\n');
            return;
        }
        Content::Solutions { count: true } => {
            if let Some(search) = &record.search {
                push_count(out, search);
            }
            return;
        }
        Content::Solutions { count: false } => {
            pair(out, record.solution.unwrap_or(record.grid), None, symbols);
            if let Some(problem) = record.problem {
                out.extend_from_slice(b" # ");
                out.extend_from_slice(problem.as_bytes());
            }
        }
        Content::Puzzles { with_solution, .. } => {
            let solution = record.solution.filter(|_| with_solution);
            pair(out, record.grid, solution, symbols);
            push_rated(out, record, false, false);
        }
        Content::Forms { transform } => {
            pair(out, record.grid, record.solution, symbols);
            if let Some(t) = record.text("transform").filter(|_| transform) {
                out.push(b' ');
                out.extend_from_slice(t.as_bytes());
            }
            push_rated(out, record, false, false);
        }
        Content::Ratings { explain, ep, ed } => {
            pair(out, record.grid, record.solution, symbols);
            if record.rating.is_none() {
                out.extend_from_slice(b" # ");
                out.extend_from_slice(record.problem.unwrap_or_default().as_bytes());
            } else {
                push_rated(out, record, ep, ed);
            }
            push_comment(out, record);
            out.push(b'\n');
            if let (true, Some(rated)) = (explain, record.rating) {
                push_steps(out, rated);
            }
            return;
        }
    }
    push_comment(out, record);
    out.push(b'\n');
}

/// Reads lines: the first field is the record, a second of its length its
/// solution; then what the record says about itself.
struct LineFramer;

impl Framer for LineFramer {
    fn take(&mut self, line: &[u8], frames: &mut Frames<'_>) {
        if tokens(line).is_some() {
            let size = frames.forced_size();
            frames.push(frames.line(), Encoding::Tokens, size, line);
            frames.declare_label(COMMENT);
            return;
        }
        let (first, rest) = first_field(line);
        let rest = rest.trim_ascii_start();
        let (second, after) = first_field(rest);
        let size = frames.forced_size();
        frames.push(frames.line(), Encoding::Symbols, size, first);
        let (second, after, rest) = match killer(first, second, after) {
            Some((cages, after)) => {
                frames.cages_last(cages);
                let rest = after.trim_ascii_start();
                let (next, after) = first_field(rest);
                (next, after, rest)
            }
            None => match regions(first, second) {
                Some(map) => {
                    frames.shape_last(map);
                    let rest = after.trim_ascii_start();
                    let (next, after) = first_field(rest);
                    (next, after, rest)
                }
                None => (second, after, rest),
            },
        };
        let rest = if is_solution(first, second) {
            frames.push_solution(Encoding::Symbols, second);
            after.trim_ascii_start()
        } else {
            rest
        };
        take_trailing(rest, frames);
    }
}

/// Gives the record just framed what follows its grids on its line: a
/// rating and a level as `rate` writes them, and the labels of
/// [`push_trailing`]; and declares `comment`. What `line` and `solo`
/// share.
pub(super) fn take_trailing(rest: &[u8], frames: &mut Frames<'_>) {
    // What follows, if anything: a rating and a level, as `rate` writes
    // them.
    if rest.first().is_some_and(u8::is_ascii_digit) {
        frames.push_extra(rest);
    }
    push_trailing(rest, frames);
    // Every line may have a comment: a line without one is a record
    // without it, not one of another table.
    frames.declare_label(COMMENT);
}

/// The region map a line's second field gives after the cells `first`:
/// a field of as many letters that either make a map, or look like one
/// gone wrong (`Err`: what is wrong with it). A map is told from a
/// solution written in letters by its neighbours: most cells of a map
/// have a side-by-side neighbour of their region (all of them, with at
/// least `n - 1` such pairs a region), where no two side-by-side cells of
/// a solution hold the same symbol.
fn regions(first: &[u8], second: &[u8]) -> Option<Result<Shape, RecordError>> {
    let size = Size::from_cells(first.len())?;
    if second.len() != first.len() || !second.iter().all(u8::is_ascii_alphabetic) {
        return None;
    }
    let n = size.side();
    let pairs = (0..n * n)
        .filter(|&c| {
            (c % n + 1 < n && second[c] == second[c + 1])
                || (c + n < n * n && second[c] == second[c + n])
        })
        .count();
    let text = std::str::from_utf8(second).ok()?;
    match Layout::parse(text) {
        Ok(layout) => Some(Ok(Shape::jigsaw(layout))),
        Err(e) if 2 * pairs >= n * (n - 1) => Some(Err(RecordError::Shape(e))),
        Err(_) => None,
    }
}

/// A killer line's cages after the cells `first`: a cage map of as many
/// symbols (`second`) and the sums in map order, numbers joined by commas
/// (the next field of `after`), as [`push_pair`] writes them; with what
/// follows them. `None` when the fields are not a map and sums; `Err`
/// when they are, but make no cages.
fn killer<'a>(
    first: &[u8],
    second: &[u8],
    after: &'a [u8],
) -> Option<(Result<Cages, RecordError>, &'a [u8])> {
    let (sums, rest) = first_field(after.trim_ascii_start());
    let is_sums = sums.contains(&b',') && sums.iter().all(|&b| b.is_ascii_digit() || b == b',');
    let is_map = second.len() == first.len();
    let wrong = |what: String| Some((Err(RecordError::Cages(CageError::Written(what))), rest));
    match (is_map, is_sums) {
        (true, true) => {}
        // A cage map and something else where the sums go.
        (true, false) if sums.contains(&b',') => {
            return wrong(format!(
                "the sums field `{}` is not numbers joined by commas",
                String::from_utf8_lossy(sums)
            ));
        }
        // Sums after a field that is no cage map of the cells.
        (false, true) if Size::from_cells(first.len()).is_some() && !second.is_empty() => {
            return wrong(format!(
                "a cage map of {} symbols for a grid of {} cells; give one symbol a cell",
                second.len(),
                first.len()
            ));
        }
        _ => return None,
    }
    let (Ok(map), Ok(sums)) = (std::str::from_utf8(second), std::str::from_utf8(sums)) else {
        return None;
    };
    Some((
        Cages::parse_map(map, sums).map_err(RecordError::Cages),
        rest,
    ))
}

/// The label of a line's trailing `# comment`.
const COMMENT: &[u8] = b"comment";

/// Whether the second field of a line is the first's solution: as long as
/// it, or (so that a solution a cell short or long is reported, not
/// ignored) a few cells off a grid's length that the first has, and
/// written in symbols.
fn is_solution(first: &[u8], second: &[u8]) -> bool {
    second.len() == first.len()
        || (!second.is_empty()
            && Size::from_cells(first.len()).is_some()
            && Size::near_cells(second.len()) == Size::from_cells(first.len())
            && second
                .iter()
                .all(|&b| b.is_ascii_alphanumeric() || b"._-*".contains(&b)))
}

/// Gives the record what follows its grids as labels: a transform as
/// `canon --transform` writes it (`transform`), a rating summary as `rate`
/// writes it (`se`, `exact`, `level`, `hardest`, `ep`, `ed`), then a `#
/// comment` (`comment`).
fn push_trailing(rest: &[u8], frames: &mut Frames<'_>) {
    if rest.is_empty() {
        return;
    }
    let mut rest = rest;
    let (word, after) = first_field(rest);
    if is_transform(word) {
        frames.push_label(b"transform", word, false);
        rest = after.trim_ascii_start();
    }
    let (summary, comment) = match memchr::memchr(b'#', rest) {
        Some(i) if i == 0 || rest[i - 1].is_ascii_whitespace() => (&rest[..i], &rest[i + 1..]),
        _ => (rest, &[][..]),
    };
    // Text that is no rating (a count, another program's notes) is not
    // kept, as it never was.
    for (name, value) in summary_labels(summary.trim_ascii()).unwrap_or_default() {
        frames.push_label(name.as_bytes(), value.as_bytes(), false);
    }
    let comment = comment.trim_ascii();
    if !comment.is_empty() {
        frames.push_label(COMMENT, comment, false);
    }
}

/// Whether a word is a transform as `canon --transform` writes it
/// (`t/r021345678/c012345678/d123456789`).
fn is_transform(word: &[u8]) -> bool {
    let word = word.strip_prefix(b"t/").unwrap_or(word);
    word.starts_with(b"r")
        && word.windows(2).any(|w| w == b"/c")
        && word.windows(2).any(|w| w == b"/d")
}

/// A rating summary as `rate` writes it, `7.2 fiendish xy-wing` (`9.0+`
/// for a lower bound; then `ep 7.2 ed 2.6` when asked), as labels named
/// as a rated CSV's columns; `Some(empty)` for no text, `None` for text
/// that is not one.
fn summary_labels(text: &[u8]) -> Option<Vec<(&'static str, String)>> {
    let text = std::str::from_utf8(text).ok()?;
    let mut words = text.split_ascii_whitespace();
    let mut labels = Vec::new();
    let Some(rating) = words.next() else {
        return Some(labels);
    };
    let carried = Carried::parse(rating.as_bytes())?;
    labels.push((SUMMARY[0], rating.trim_end_matches('+').to_string()));
    labels.push((SUMMARY[1], carried.exact.to_string()));
    let mut names = [SUMMARY[2], SUMMARY[3]].into_iter();
    while let Some(word) = words.next() {
        if let Some(pearl) = SUMMARY[4..].iter().find(|&&n| n == word) {
            let value = words.next()?;
            Carried::parse(value.as_bytes())?;
            labels.push((pearl, value.to_string()));
        } else if word.starts_with(|c: char| c.is_ascii_alphabetic()) {
            labels.push((names.next()?, word.to_string()));
        } else {
            return None;
        }
    }
    Some(labels)
}

/// Appends a grid, a jigsaw's regions and its solution, if any, on one
/// line (no newline).
fn push_pair(out: &mut Vec<u8>, grid: &Grid, solution: Option<&Grid>, symbols: Option<&Symbols>) {
    let from = out.len();
    push_grid(out, grid);
    out.pop();
    rewrite(out, from, symbols);
    if let Variant::Jigsaw(layout) = grid.variant() {
        out.push(b' ');
        out.extend_from_slice(layout.text().as_bytes());
    }
    if let Some(cages) = grid.shape().cages() {
        out.push(b' ');
        out.extend_from_slice(&cages.map_bytes());
        out.push(b' ');
        out.extend_from_slice(cages.sums_text().as_bytes());
    }
    if let Some(s) = solution {
        out.push(b' ');
        let from = out.len();
        push_grid(out, s);
        out.pop();
        rewrite(out, from, symbols);
    }
}

/// Appends ` RATING`, if the record has one (see [`push_rating`]).
fn push_rated(out: &mut Vec<u8>, record: &Record<'_>, ep: bool, ed: bool) {
    let at = out.len();
    out.push(b' ');
    if !push_rating(out, record, ep, ed) {
        out.truncate(at);
    }
}

/// The cells of a whole grid written on one line as symbols or numbers
/// separated by white space or commas (`5 3 0 0 7 ...`): as many tokens as
/// a 9x9, 16x16 or 25x25 grid has cells, none longer than two characters,
/// and no `|` (a row of a `grid` block).
fn tokens(line: &[u8]) -> Option<impl Iterator<Item = &[u8]>> {
    // 81 tokens need 80 separators: a shorter line (every 81-character
    // record) is none, told without scanning it.
    const SHORTEST: usize = 81 + 80;
    let long = line.len() >= SHORTEST;
    let split = || {
        line.split(|&b| b.is_ascii_whitespace() || b == b',')
            .filter(|t| !t.is_empty())
    };
    let grid = long && matches!(split().count(), 81 | 256 | 625);
    (grid && !line.contains(&b'|') && split().all(|t| t.len() <= 2)).then(split)
}

/// Reads a grid written as tokens (see [`tokens`]) of `size`, or of the
/// size their number gives.
pub fn parse_tokens(line: &[u8], size: Option<Size>) -> Result<Grid, RecordError> {
    let cells: Vec<&[u8]> = line
        .split(|&b| b.is_ascii_whitespace() || b == b',')
        .filter(|t| !t.is_empty())
        .collect();
    let size = match size.or(Size::from_cells(cells.len())) {
        Some(s) if s.cells() == cells.len() => s,
        other => {
            return Err(RecordError::Cells(crate::grid::ParseError::CellCount {
                found: cells.len(),
                expected: other.map(Size::cells),
            }));
        }
    };
    let mut g = Grid::empty(size);
    for (cell, token) in g.cells_mut().iter_mut().zip(cells) {
        *cell = cell_value(token, size)?;
    }
    Ok(g)
}

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

/// Appends `grid` as one line, with its newline.
#[inline]
pub fn push_grid(out: &mut Vec<u8>, grid: &Grid) {
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
    out.extend_from_slice(&buf[..=n]);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What follows a line's grids: a rating as `rate` writes it (other
    /// text is none), a transform.
    #[test]
    fn the_rest_of_a_line_is_labels() {
        let labels = |rest: &str| summary_labels(rest.as_bytes());
        let named = |pairs: &[(&'static str, &str)]| {
            Some(
                pairs
                    .iter()
                    .map(|&(n, v)| (n, v.to_string()))
                    .collect::<Vec<_>>(),
            )
        };
        assert_eq!(
            labels("9.0+ fiendish nested-chains ep 9.0+ ed 2.6"),
            named(&[
                ("se", "9.0"),
                ("exact", "false"),
                ("level", "fiendish"),
                ("hardest", "nested-chains"),
                ("ep", "9.0+"),
                ("ed", "2.6"),
            ])
        );
        assert_eq!(labels(""), named(&[]));
        for other in ["11.9/11.9/11.3", "Easter Monster", "7.2 a b c", "7.2 ep"] {
            assert_eq!(labels(other), None, "{other}");
        }
        assert!(is_transform(b"t/r132456879/c321987465/d512948673"));
        assert!(is_transform(b"r4321/c4321/d3412") && !is_transform(b"r1c1"));
    }

    #[test]
    fn symbols_of_every_size_and_empty_cells() {
        for size in Size::ALL {
            let mut g = Grid::empty(size);
            for (i, c) in g.cells_mut().iter_mut().enumerate() {
                *c = (i % (size.side() + 1)) as u8;
            }
            let mut out = Vec::new();
            push_grid(&mut out, &g);
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
