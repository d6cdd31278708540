//! The `csv` format, for spreadsheets and data frames: a header line, then
//! one record per line.
//!
//! - Grids (and solutions): `index,r1c1,r1c2,...`, the cell values as
//!   integers (0 for empty); the header comes again where the size
//!   changes.
//! - Puzzles: `index,puzzle,solution,clues`, each grid as one string of
//!   symbols (`0` for empty).
//! - Ratings: `index,puzzle,se,exact,level,hardest,steps`, then `ep` and
//!   `ed` (SE's pearl and diamond ratings, `9.5+` for a lower bound) when
//!   asked.
//! - Counts of solutions: the count alone (`3`, `2+` for a lower bound).
//!
//! Grids of a shape other than the classic ones (4x4, 9x9, 16x16, 25x25
//! with square boxes, no variant) carry it in three more columns, named in
//! the header: `box` (`2x3`), `variant` (`none`, `x`, `hyper`, `jigsaw`)
//! and `regions` (a jigsaw's region map as letters, else empty).
//!
//! Reading follows the headers, sudogen's and other programs': under a
//! header that names a puzzle column (`puzzle`, `quizzes`, `question`...)
//! the puzzle is read from it, its solution from a `solution` (`solutions`,
//! `answer`) column, and its rating from `se` and `level` columns; under a
//! grid header (`index,r1c1,...`) the values are the cells. Without a
//! header, a field as long as a grid (81 symbols) is the puzzle and the
//! next such field its solution; else the values are the cells, after an
//! index unless their number is a grid's. Fields may be quoted, and a
//! leading index column (as pandas writes) is fine.

use super::record::{Content, Record, RecordError};
use super::spec::{Encoding, Framer, Frames, RecordFormat, Run, claim};
use super::text::{
    push_count, push_decimal, push_steps, push_symbols_zero, push_tenths, push_value,
};
use crate::grid::{Grid, ParseError, Shape, Size, Variant};

/// The `csv` format.
#[derive(Clone, Copy, Debug)]
pub struct Csv;

/// The header of puzzle records.
const PUZZLES: &[u8] = b"index,puzzle,solution,clues\n";

/// The header of rated puzzle records.
const RATED_PUZZLES: &[u8] = b"index,puzzle,solution,clues,se,exact,level,hardest\n";

/// The header of rating records; `check`, `solve` and `stats` read the
/// puzzle back from its second field.
const RATINGS: &[u8] = b"index,puzzle,se,exact,level,hardest,steps\n";

impl RecordFormat for Csv {
    fn name(&self) -> &'static str {
        "csv"
    }

    fn description(&self) -> &'static str {
        "A header line, then one record per line (cells as integers, or puzzles as strings)"
    }

    fn header(&self, out: &mut Vec<u8>, run: &Run, shape: Shape) {
        match run.content {
            Content::Grids | Content::Solutions { count: false } => {
                push_grid_header(out, shape.size());
            }
            Content::Puzzles { rated: false, .. } => out.extend_from_slice(PUZZLES),
            Content::Puzzles { rated: true, .. } => out.extend_from_slice(RATED_PUZZLES),
            Content::Ratings { ep, ed, .. } => {
                // `...,steps` then `,ep`, `,ed` when asked.
                out.extend_from_slice(&RATINGS[..RATINGS.len() - 1]);
                if ep {
                    out.extend_from_slice(b",ep");
                }
                if ed {
                    out.extend_from_slice(b",ed");
                }
                out.push(b'\n');
            }
            Content::Forms { transform: false } => out.extend_from_slice(b"index,form\n"),
            Content::Forms { transform: true } => out.extend_from_slice(b"index,form,transform\n"),
            Content::Solutions { count: true } => return,
        }
        if !shape.is_classic() && !matches!(run.content, Content::Forms { .. }) {
            out.pop();
            out.extend_from_slice(SHAPE_COLUMNS);
        }
    }

    fn layout(&self, content: Content) -> &'static str {
        match content {
            Content::Grids => {
                "`index,r1c1,r1c2,...`: a header, then each grid's index and cell values"
            }
            Content::Puzzles { rated: false, .. } => {
                "`index,puzzle,solution,clues`: the grids as strings of symbols, 0 for empty"
            }
            Content::Puzzles { rated: true, .. } => {
                "`index,puzzle,solution,clues,se,exact,level,hardest`: the grids as strings of symbols, 0 for empty"
            }
            Content::Solutions { .. } => {
                "`index,r1c1,r1c2,...`: each solution's index and cell values (a header where the size changes); with --count, each count on a line"
            }
            Content::Ratings { .. } => {
                "`index,puzzle,se,exact,level,hardest,steps`: one puzzle a line (then `ep`, `ed` with --ep, --ed: `9.5+` for a lower bound)"
            }
            Content::Forms { .. } => {
                "`index,form,transform`: each form as a string of symbols, 0 for empty (transform with --transform)"
            }
        }
    }

    fn write(&self, out: &mut Vec<u8>, run: &Run, record: &Record<'_>) {
        match run.content {
            Content::Grids => push_values(out, record.index, record.grid),
            Content::Forms { transform } => {
                push_decimal(out, record.index);
                out.push(b',');
                push_symbols_zero(out, record.grid, run.symbols.as_ref());
                if let Some(t) = record.text("transform").filter(|_| transform) {
                    out.push(b',');
                    out.extend_from_slice(t.as_bytes());
                }
                out.push(b'\n');
            }
            Content::Solutions { count: false } => {
                push_values(out, record.index, record.solution.unwrap_or(record.grid));
            }
            Content::Solutions { count: true } => {
                if let Some(search) = &record.search {
                    push_count(out, search);
                }
            }
            Content::Puzzles {
                with_solution,
                rated,
            } => {
                push_decimal(out, record.index);
                out.push(b',');
                push_symbols_zero(out, record.grid, run.symbols.as_ref());
                out.push(b',');
                if let Some(s) = record.solution.filter(|_| with_solution) {
                    push_symbols_zero(out, s, run.symbols.as_ref());
                }
                out.push(b',');
                push_decimal(out, record.grid.filled() as u64);
                match record.rating.filter(|_| rated) {
                    Some(r) => {
                        out.push(b',');
                        push_tenths(out, u64::from(r.se));
                        out.extend_from_slice(if r.exact { b",true," } else { b",false," });
                        out.extend_from_slice(r.level.as_bytes());
                        out.push(b',');
                        out.extend_from_slice(r.hardest.as_bytes());
                    }
                    None if rated => out.extend_from_slice(b",,,,"),
                    None => {}
                }
                push_shape(out, record.grid);
                out.push(b'\n');
            }
            Content::Ratings { explain, ep, ed } => {
                push_decimal(out, record.index);
                out.push(b',');
                push_symbols_zero(out, record.grid, run.symbols.as_ref());
                match record.rating {
                    Some(r) => {
                        out.push(b',');
                        push_tenths(out, u64::from(r.se));
                        out.extend_from_slice(if r.exact { b",true," } else { b",false," });
                        out.extend_from_slice(r.level.as_bytes());
                        out.push(b',');
                        out.extend_from_slice(r.hardest.as_bytes());
                        out.push(b',');
                        push_decimal(out, r.steps);
                        for (asked, value, exact) in
                            [(ep, r.ep, r.ep_exact), (ed, r.ed, r.ed_exact)]
                        {
                            if asked {
                                out.push(b',');
                                push_tenths(out, u64::from(value));
                                if !exact {
                                    out.push(b'+');
                                }
                            }
                        }
                        push_shape(out, record.grid);
                        out.push(b'\n');
                        if explain {
                            push_steps(out, r);
                        }
                    }
                    None => {
                        out.extend_from_slice(b",,,,,");
                        out.extend_from_slice(&b",,"[..usize::from(ep) + usize::from(ed)]);
                        push_shape(out, record.grid);
                        out.push(b'\n');
                    }
                }
            }
        }
    }

    fn detect(&self, line: &[u8]) -> Option<u8> {
        (line[0] != b'{' && memchr::memchr(b',', line).is_some()).then_some(claim::MARKED)
    }

    fn framer(&self) -> Box<dyn Framer> {
        framer()
    }
}

/// The header of the shape columns of grids other than the classic ones.
const SHAPE_COLUMNS: &[u8] = b",box,variant,regions\n";

/// Appends a record's shape columns (`,2x3,x,`), if its shape is not one
/// of the classic ones.
fn push_shape(out: &mut Vec<u8>, grid: &Grid) {
    let shape = grid.shape();
    if shape.is_classic() {
        return;
    }
    out.push(b',');
    if shape.has_boxes() {
        out.extend_from_slice(shape.size().box_text().as_bytes());
    }
    out.push(b',');
    out.extend_from_slice(shape.variant().name().as_bytes());
    out.push(b',');
    if let Variant::Jigsaw(layout) = shape.variant() {
        out.extend_from_slice(layout.text().as_bytes());
    }
}

/// Where a header's shape columns are, if it has them.
#[derive(Clone, Copy, Debug, Default)]
struct ShapeColumns {
    boxes: Option<usize>,
    variant: Option<usize>,
    regions: Option<usize>,
}

impl ShapeColumns {
    /// The shape of a record of side `side` whose fields are `fields`, if
    /// the header has shape columns.
    fn shape(&self, fields: &[&[u8]], side: usize) -> Option<Result<Shape, RecordError>> {
        if self.boxes.is_none() && self.variant.is_none() && self.regions.is_none() {
            return None;
        }
        let text = |i: Option<usize>| {
            i.and_then(|i| fields.get(i))
                .and_then(|f| std::str::from_utf8(f).ok())
        };
        let shape = Shape::from_names(
            side,
            text(self.boxes),
            text(self.variant),
            text(self.regions),
        );
        Some(shape.map_err(RecordError::Shape))
    }
}

/// A reader of CSV lines, for the formats whose files are CSV.
pub fn framer() -> Box<dyn Framer> {
    Box::new(CsvFramer::default())
}

/// What the last header said.
#[derive(Clone, Copy, Debug, Default)]
enum Header {
    /// No header (yet), or one that names no puzzle column.
    #[default]
    None,
    /// `index,r1c1,...`: grid values of this size, and where the shape
    /// columns are.
    Grid(Size, ShapeColumns),
    /// Named columns: the puzzle's, and where present the solution's, the
    /// rating's, whether it is exact, the level's, and the shape's.
    Columns {
        puzzle: usize,
        solution: Option<usize>,
        se: Option<usize>,
        exact: Option<usize>,
        level: Option<usize>,
        shape: ShapeColumns,
    },
}

/// Reads records after the last header.
#[derive(Default)]
struct CsvFramer {
    header: Header,
}

impl Framer for CsvFramer {
    fn take(&mut self, line: &[u8], frames: &mut Frames<'_>) {
        let forced = frames.forced_size();
        let number = frames.line();
        let fields = split(line);
        if let Some(header) = header_of(&fields) {
            match header {
                Ok(header) => self.header = header,
                Err(e) => {
                    self.header = Header::None;
                    frames.push_error(e);
                }
            }
            return;
        }
        match self.header {
            Header::Grid(size, shape) => {
                let values = Encoding::Values { header: true };
                // The index and the cells; the shape columns after them
                // are read here.
                let end = (memchr::memchr_iter(b',', line).nth(size.cells()))
                    .filter(|_| shape.boxes.is_some() || shape.regions.is_some())
                    .unwrap_or(line.len());
                frames.push(number, values, Some(forced.unwrap_or(size)), &line[..end]);
                if let Some(shape) = shape.shape(&fields, size.side()) {
                    frames.shape_last(shape);
                }
            }
            Header::Columns {
                puzzle,
                solution,
                se,
                exact,
                level,
                shape,
            } => {
                let field = |i: Option<usize>| i.and_then(|i| fields.get(i)).copied();
                let puzzle = field(Some(puzzle)).unwrap_or_default();
                frames.push(number, Encoding::StandardSymbols, forced, puzzle);
                let side = (4..=25).find(|s| s * s == puzzle.len());
                if let (Some(shape), Some(_)) = (shape.shape(&fields, side.unwrap_or(0)), side) {
                    frames.shape_last(shape);
                }
                if let Some(s) = field(solution).filter(|f| !f.is_empty()) {
                    frames.push_solution(Encoding::StandardSymbols, s);
                }
                if let Some(rating) = field(se).filter(|f| !f.is_empty()) {
                    let mut extra = rating.to_vec();
                    if field(exact) == Some(b"false".as_slice()) {
                        extra.push(b'+');
                    }
                    if let Some(level) = field(level) {
                        extra.push(b' ');
                        extra.extend_from_slice(level);
                    }
                    frames.push_extra(&extra);
                }
            }
            Header::None => {
                // A field as long as a grid is the puzzle; the next of the
                // same length its solution.
                let mut grids = fields.iter().filter(|f| is_grid_string(f));
                match grids.next() {
                    Some(puzzle) => {
                        frames.push(number, Encoding::StandardSymbols, forced, puzzle);
                        if let Some(s) = grids.next().filter(|s| s.len() == puzzle.len()) {
                            frames.push_solution(Encoding::StandardSymbols, s);
                        }
                    }
                    None => frames.push(number, Encoding::Values { header: false }, forced, line),
                }
            }
        }
    }
}

/// The fields of a line: separated by commas, quotes around a field
/// dropped (a quoted field may hold commas), white space around each
/// trimmed.
fn split(line: &[u8]) -> Vec<&[u8]> {
    let mut fields = Vec::new();
    let mut rest = line;
    loop {
        let trimmed = rest.trim_ascii_start();
        if let Some(quoted) = trimmed.strip_prefix(b"\"") {
            let end = memchr::memchr(b'"', quoted).unwrap_or(quoted.len());
            fields.push(&quoted[..end]);
            let after = quoted.get(end + 1..).unwrap_or_default();
            match memchr::memchr(b',', after) {
                Some(i) => rest = &after[i + 1..],
                None => return fields,
            }
        } else {
            match memchr::memchr(b',', rest) {
                Some(i) => {
                    fields.push(rest[..i].trim_ascii());
                    rest = &rest[i + 1..];
                }
                None => {
                    fields.push(rest.trim_ascii());
                    return fields;
                }
            }
        }
    }
}

/// Whether a field is a grid as a string of symbols: as many as a size
/// has cells, each a symbol or an empty cell.
fn is_grid_string(field: &[u8]) -> bool {
    Size::from_cells(field.len()).is_some()
        && field
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b"._-*".contains(&b))
}

/// The names a puzzle column goes by, and a solution column.
const PUZZLE_NAMES: &[&str] = &[
    "puzzle", "puzzles", "quizzes", "quiz", "question", "problem", "grid", "sudoku", "board",
];
const SOLUTION_NAMES: &[&str] = &["solution", "solutions", "answer", "answers"];

/// What a header line says, if the line is one: a header has no field that
/// is a number or a grid, and a name in its first or second field (a
/// leading index column may be unnamed); `Err` for a grid header whose
/// cell columns are no size's.
fn header_of(fields: &[&[u8]]) -> Option<Result<Header, RecordError>> {
    let named = |f: &&[u8]| f.first().is_some_and(u8::is_ascii_alphabetic);
    let numeric = |f: &&[u8]| !f.is_empty() && f.iter().all(|b| b.is_ascii_digit() || *b == b'.');
    let is_header =
        fields.iter().take(2).any(named) && !fields.iter().any(|f| numeric(f) || is_grid_string(f));
    if !is_header {
        return None;
    }
    let lower: Vec<String> = fields
        .iter()
        .map(|f| String::from_utf8_lossy(f).to_ascii_lowercase())
        .collect();
    let find = |names: &[&str]| lower.iter().position(|f| names.contains(&f.as_str()));
    let shape = ShapeColumns {
        boxes: find(&["box"]),
        variant: find(&["variant"]),
        regions: find(&["regions"]),
    };
    if lower.get(1).is_some_and(|f| f == "r1c1") {
        let cell = |f: &String| f.starts_with('r') && f[1..].contains('c');
        let cells = lower[1..].iter().take_while(|f| cell(f)).count();
        return Some(
            Size::from_cells(cells)
                .map(|size| Header::Grid(size, shape))
                .ok_or(RecordError::CsvHeader { cells }),
        );
    }
    Some(Ok(match find(PUZZLE_NAMES) {
        Some(puzzle) => Header::Columns {
            puzzle,
            solution: find(SOLUTION_NAMES),
            se: find(&["se"]),
            exact: find(&["exact"]),
            level: find(&["level"]),
            shape,
        },
        None => Header::None,
    }))
}

/// Appends the header line of grids of `size`: `index,r1c1,r1c2,...`.
fn push_grid_header(buf: &mut Vec<u8>, size: Size) {
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
}

/// Appends a record of grid values: its index, its cells, and its shape
/// where it is not a classic one.
fn push_values(buf: &mut Vec<u8>, index: u64, grid: &Grid) {
    push_decimal(buf, index);
    for &v in grid.cells() {
        buf.push(b',');
        push_value(buf, v);
    }
    push_shape(buf, grid);
    buf.push(b'\n');
}

/// Reads a record of cell values, after an index (under a grid header, or
/// when the values are one more than a size's cells), of `size`, the size
/// forced or announced by the header; without one, the size is inferred
/// from the number of values. `header` says whether a header came first.
pub fn parse_values(line: &[u8], size: Option<Size>, header: bool) -> Result<Grid, RecordError> {
    let mut fields = line.split(|&b| b == b',');
    let all = fields.clone().count();
    // Without a header, as many values as a size's cells have no index.
    if header || Size::from_cells(all).is_none() || size.is_some_and(|s| s.cells() != all) {
        fields.next();
    }
    let cells = fields.clone().count();
    let size = match size.or(Size::from_cells(cells)) {
        Some(s) if s.cells() == cells => s,
        None if !header => return Err(RecordError::CsvNoHeader { fields: all }),
        forced => {
            return Err(RecordError::Cells(ParseError::CellCount {
                found: cells,
                expected: forced.map(Size::cells),
            }));
        }
    };
    let mut g = Grid::empty(size);
    for (cell, text) in g.cells_mut().iter_mut().zip(fields) {
        *cell = value(text, size)?;
    }
    Ok(g)
}

/// A cell value written as a decimal integer.
fn value(text: &[u8], size: Size) -> Result<u8, RecordError> {
    std::str::from_utf8(text)
        .ok()
        .map(|t| t.trim().trim_matches('"'))
        .and_then(|t| {
            if t.is_empty() || t == "." {
                Some(0)
            } else {
                t.parse::<u8>().ok()
            }
        })
        .filter(|&v| usize::from(v) <= size.side())
        .ok_or_else(|| RecordError::Value {
            text: String::from_utf8_lossy(text).into_owned(),
            size,
        })
}

#[cfg(test)]
mod tests {
    use crate::format::read::Reader;

    /// What the reader makes of `text`: each record's grid and solution
    /// (or what is wrong), as strings.
    fn read(text: &str) -> Vec<(String, Option<String>)> {
        let mut reader = Reader::new(text.as_bytes(), None, None);
        let mut out = Vec::new();
        while let Some(batch) = reader.next_batch().unwrap() {
            let _ = batch.for_each_with_solution(|_, grid, solution| {
                out.push((
                    grid.map_or_else(|e| e.to_string(), |g| g.to_string()),
                    solution.map(|s| s.map_or_else(|e| e.to_string(), |g| g.to_string())),
                ));
                Ok::<(), ()>(())
            });
        }
        out
    }

    const P: &str = "0034341221434320";
    const S: &str = "1234341221434321";

    /// The layouts of other programs: named columns in any order, quoted
    /// fields, a pandas index column, no header at all.
    #[test]
    fn other_programs_layouts() {
        let puzzle = P.replace('0', ".");
        for text in [
            format!("quizzes,solutions\n{P},{S}\n"),
            format!("id,puzzle,solution,clues,difficulty\n1,{P},{S},12,0.0\n"),
            format!("source,question,answer,rating\n\"a, b\",{P},{S},3\n"),
            format!(",puzzle,solution\n0,{P},{S}\n"),
            format!("\"{P}\",\"{S}\"\n"),
            format!("7,{P},{S},12\n"),
            format!("index,puzzle,solution,clues\n7,{P},{S},12\n"),
        ] {
            let got = read(&text);
            assert_eq!(got.len(), 1, "{text}: {got:?}");
            assert_eq!(got[0].0, puzzle, "{text}");
            assert_eq!(got[0].1.as_deref(), Some(S), "{text}");
        }
    }

    /// Values on one line: 16 of them are a 4x4 grid without an index, 17
    /// an index and a grid; a count of neither says how many fields it
    /// has.
    #[test]
    fn values_with_and_without_an_index() {
        let values: Vec<String> = S.bytes().map(|b| char::from(b).to_string()).collect();
        let bare = values.join(",");
        assert_eq!(read(&format!("{bare}\n"))[0].0, S);
        assert_eq!(read(&format!("5,{bare}\n"))[0].0, S);
        assert_eq!(
            read("1,2,3\n")[0].0,
            "a CSV record of 3 fields with no header line before it (index,r1c1,...) to give its size"
        );
    }
}
