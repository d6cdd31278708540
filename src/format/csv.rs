//! The `csv` format, for spreadsheets and data frames: a header line, then
//! one record per line.
//!
//! - Grids (and solutions): `index,r1c1,r1c2,...`, the cell values as
//!   integers (0 for empty).
//! - Puzzles: `index,puzzle,solution,clues`, each grid as one string of
//!   symbols (`0` for empty).
//! - Ratings: `index,puzzle,se,exact,level,hardest,steps`, then `ep` and
//!   `ed` (SE's pearl and diamond ratings, `9.5+` for a lower bound) when
//!   asked, and `path` with the steps (`text (rating); ...`) when asked.
//! - Forms: `index,form`, then `transform` when asked.
//! - Counts of solutions: the count alone (`3`, `2+` for a lower bound).
//!
//! Grids of a shape other than the classic ones (4x4, 9x9, 16x16, 25x25
//! with square boxes, no variant) carry it in three more columns, named in
//! the header: `box` (`2x3`), `variant` (`none`, `x`, `hyper`, `jigsaw`)
//! and `regions` (a jigsaw's region map as letters, else empty).
//!
//! A record read keeps its columns: after ours come its solution, where
//! ours have no column for it (ratings, forms), then its labels (the
//! input's other columns, a JSON record's other keys, a line's rating and
//! `comment`), but those of a name ours already have (ours win); a label a
//! record leaves out, but its input declares (`line`'s `comment`, or a
//! column an earlier record had), is an empty field, so that the records
//! of one input are one table. The header comes again only where it
//! changes (another size, a column not met before).
//! A field with a comma, a quote or white space at an end is quoted, a
//! quote in it doubled.
//!
//! Reading follows the headers, sudogen's and other programs': under a
//! header that names a puzzle column (`puzzle`, `quizzes`, `question`...)
//! the puzzle is read from it, its solution from a `solution` (`solutions`,
//! `answer`) column, and its rating from `se` and `level` columns; every
//! other named column but `index` and `clues` (which writers compute) is a
//! label of the record. Under a grid
//! header (`index,r1c1,...`) the values are the cells, and the columns
//! after them labels. Without a header, a field as long as a grid (81
//! symbols) is the puzzle and the next such field (or one a few cells off,
//! to be reported) its solution; else the values are the cells, after an
//! index unless their number is a grid's. Fields may be quoted, a leading
//! index column (as pandas writes) is fine, and so is a CSV of one column
//! (`puzzle` alone on its header line, or each field in quotes).

use super::record::{Content, Label, Rated, Record, RecordError};
use super::spec::{Encoding, Framer, Frames, RecordFormat, Run, claim};
use super::text::{
    push_count, push_csv_field, push_decimal, push_symbols_zero, push_tenths, push_value,
};
use crate::cages::Cages;
use crate::grid::{Grid, ParseError, Shape, Size, Variant};

/// The `csv` format.
#[derive(Clone, Copy, Debug)]
pub struct Csv;

/// The columns of records holding `content`, before the shape's and the
/// extra ones (see [`extras`]); `None` for grids of values
/// (`index,r1c1,...`), which depend on the size.
fn columns(content: Content) -> Option<Vec<&'static str>> {
    let mut columns = vec!["index"];
    match content {
        Content::Grids | Content::Solutions { .. } => return None,
        Content::Puzzles { .. } => columns.extend(["puzzle", "solution", "clues"]),
        Content::Ratings { .. } => columns.push("puzzle"),
        Content::Forms { transform } => {
            columns.push("form");
            if transform {
                columns.push("transform");
            }
        }
    }
    columns.extend(rating_columns(content));
    Some(columns)
}

/// The columns of a rating, in a rated run (`puzzle --rate`, `rate`):
/// `se,exact,level,hardest`, then for `rate` `steps` and what was asked
/// (`ep`, `ed`, `path`); none in other runs. The layouts without a rating
/// column of their own (`kaggle`) add them after theirs.
pub(super) fn rating_columns(content: Content) -> Vec<&'static str> {
    let mut columns = Vec::new();
    match content {
        Content::Puzzles { rated: true, .. } => {
            columns.extend(["se", "exact", "level", "hardest"]);
        }
        Content::Ratings { explain, ep, ed } => {
            columns.extend(["se", "exact", "level", "hardest", "steps"]);
            for (asked, name) in [(ep, "ep"), (ed, "ed"), (explain, "path")] {
                if asked {
                    columns.push(name);
                }
            }
        }
        _ => {}
    }
    columns
}

/// Appends the fields of [`rating_columns`], each after a comma: the
/// record's rating, or empty fields when it has none.
pub(super) fn push_rating_fields(out: &mut Vec<u8>, content: Content, record: &Record<'_>) {
    let (steps, ep, ed, explain) = match content {
        Content::Puzzles { rated: true, .. } => (false, false, false, false),
        Content::Ratings { explain, ep, ed } => (true, ep, ed, explain),
        _ => return,
    };
    let Some(r) = record.rating else {
        for _ in rating_columns(content) {
            out.push(b',');
        }
        return;
    };
    out.push(b',');
    push_tenths(out, u64::from(r.se));
    out.extend_from_slice(if r.exact { b",true," } else { b",false," });
    out.extend_from_slice(r.level.as_bytes());
    out.push(b',');
    out.extend_from_slice(r.hardest.as_bytes());
    if steps {
        out.push(b',');
        push_decimal(out, r.steps);
    }
    for (asked, value, exact) in [(ep, r.ep, r.ep_exact), (ed, r.ed, r.ed_exact)] {
        if asked {
            out.push(b',');
            push_tenths(out, u64::from(value));
            if !exact {
                out.push(b'+');
            }
        }
    }
    if explain {
        out.push(b',');
        push_path_field(out, r);
    }
}

/// What a record adds to the columns of its content: its solution, where
/// the content has no column for it (ratings, forms), then its labels but
/// those of a name the record already has a column for (ours win) and the
/// second of a name seen twice.
fn extras<'r>(run: &Run, record: &'r Record<'r>) -> Vec<Extra<'r>> {
    let shaped = ["index", "box", "variant", "regions", "cages", "sums"];
    let solution = matches!(run.content, Content::Ratings { .. } | Content::Forms { .. });
    let mut out = Vec::new();
    if let (true, Some(s)) = (solution, record.solution) {
        out.push(Extra::Solution(s));
    }
    if record.labels.is_empty() {
        return out;
    }
    let columns = columns(run.content);
    let mut names: Vec<&str> = Vec::new();
    for label in record.labels {
        let name = label.name;
        let ours = match &columns {
            Some(columns) => columns.iter().any(|c| c.eq_ignore_ascii_case(name)),
            None => is_cell_name(name),
        } || shaped.iter().any(|c| c.eq_ignore_ascii_case(name))
            || (solution && name.eq_ignore_ascii_case("solution"));
        if !ours && !names.iter().any(|n| n.eq_ignore_ascii_case(name)) {
            names.push(name);
            out.push(Extra::Label(label));
        }
    }
    out
}

/// A column [`extras`] adds.
enum Extra<'r> {
    Solution(&'r Grid),
    Label(&'r Label<'r>),
}

/// Whether a column's name is a cell's (`r1c1`).
fn is_cell_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    let Some(rest) = lower.strip_prefix('r') else {
        return false;
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    rest.split_once('c')
        .is_some_and(|(row, col)| digits(row) && digits(col))
}

/// Appends a rating's steps as one field: `text (rating); ...`, then what
/// the path leaves out.
fn push_path_field(out: &mut Vec<u8>, rated: &Rated<'_>) {
    let mut text = Vec::new();
    for (i, step) in rated.path.iter().enumerate() {
        if i > 0 {
            text.extend_from_slice(b"; ");
        }
        text.extend_from_slice(step.text.as_bytes());
        text.extend_from_slice(b" (");
        push_tenths(&mut text, u64::from(step.rating));
        text.push(b')');
    }
    if let Some(rest) = rated.unfinished {
        if !text.is_empty() {
            text.extend_from_slice(b"; ");
        }
        text.extend_from_slice(rest.as_bytes());
    }
    push_csv_field(out, &String::from_utf8_lossy(&text));
}

impl RecordFormat for Csv {
    fn name(&self) -> &'static str {
        "csv"
    }

    fn description(&self) -> &'static str {
        "A header line, then one record per line (cells as integers, or puzzles as strings)"
    }

    fn header(&self, out: &mut Vec<u8>, run: &Run, record: &Record<'_>) {
        if run.content == (Content::Solutions { count: true }) {
            return;
        }
        let shape = record.grid.shape();
        match columns(run.content) {
            None => push_grid_header(out, shape.size()),
            Some(columns) => out.extend_from_slice(columns.join(",").as_bytes()),
        }
        if !shape.is_classic() && !matches!(run.content, Content::Forms { .. }) {
            out.extend_from_slice(SHAPE_COLUMNS);
            if shape.is_killer() {
                out.extend_from_slice(CAGE_COLUMNS);
            }
        }
        for extra in extras(run, record) {
            out.push(b',');
            match extra {
                Extra::Solution(_) => out.extend_from_slice(b"solution"),
                Extra::Label(label) => push_csv_field(out, label.name),
            }
        }
        out.push(b'\n');
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
                "`index,puzzle,se,exact,level,hardest,steps`: one puzzle a line (then `ep`, `ed` with --ep, --ed: `9.5+` for a lower bound; `path`, the steps, with --explain)"
            }
            Content::Forms { .. } => {
                "`index,form,transform`: each form as a string of symbols, 0 for empty (transform with --transform)"
            }
        }
    }

    fn write(&self, out: &mut Vec<u8>, run: &Run, record: &Record<'_>) {
        let symbols = run.symbols.as_ref();
        match run.content {
            Content::Grids => {
                push_values(out, record.index, record.grid);
                push_shape(out, record.grid);
            }
            Content::Solutions { count: false } => {
                push_values(out, record.index, record.solution.unwrap_or(record.grid));
                push_shape(out, record.grid);
            }
            Content::Solutions { count: true } => {
                if let Some(search) = &record.search {
                    push_count(out, search);
                }
                return;
            }
            Content::Forms { transform } => {
                push_decimal(out, record.index);
                out.push(b',');
                push_symbols_zero(out, record.grid, symbols);
                if let Some(t) = record.text("transform").filter(|_| transform) {
                    out.push(b',');
                    out.extend_from_slice(t.as_bytes());
                }
            }
            Content::Puzzles { with_solution, .. } => {
                push_decimal(out, record.index);
                out.push(b',');
                push_symbols_zero(out, record.grid, symbols);
                out.push(b',');
                if let Some(s) = record.solution.filter(|_| with_solution) {
                    push_symbols_zero(out, s, symbols);
                }
                out.push(b',');
                push_decimal(out, record.grid.filled() as u64);
                push_rating_fields(out, run.content, record);
                push_shape(out, record.grid);
            }
            Content::Ratings { .. } => {
                push_decimal(out, record.index);
                out.push(b',');
                push_symbols_zero(out, record.grid, symbols);
                push_rating_fields(out, run.content, record);
                push_shape(out, record.grid);
            }
        }
        for extra in extras(run, record) {
            out.push(b',');
            match extra {
                Extra::Solution(s) => push_symbols_zero(out, s, symbols),
                Extra::Label(label) => push_csv_field(out, &label.value.text()),
            }
        }
        out.push(b'\n');
    }

    fn detect(&self, line: &[u8]) -> Option<u8> {
        // A CSV of one column: a field in quotes, or the header alone
        // (`puzzle`); else fields between commas (looked for last: the
        // longest test).
        let quoted = line.len() >= 2 && line.starts_with(b"\"") && line.ends_with(b"\"");
        let header = PUZZLE_NAMES
            .iter()
            .any(|n| n.as_bytes().eq_ignore_ascii_case(line));
        // Commas in a `line` record's `# comment` (`... # Easter Monster,
        // 2007`) make no CSV: a `#` after white space, outside quotes,
        // ends what counts.
        // (The first comma is looked for first: most lines have none.)
        let commas = || {
            let Some(comma) = memchr::memchr(b',', line) else {
                return false;
            };
            let comment = memchr::memchr_iter(b'#', &line[..comma])
                .find(|&i| i > 0 && line[i - 1].is_ascii_whitespace())
                .filter(|&i| memchr::memchr(b'"', &line[..i]).is_none());
            line[0] != b'{' && comment.is_none()
        };
        (quoted || header || commas()).then_some(claim::MARKED)
    }

    fn framer(&self) -> Box<dyn Framer> {
        framer()
    }

    fn writes_cages(&self) -> bool {
        true
    }
}

/// The header of the shape columns of grids other than the classic ones.
const SHAPE_COLUMNS: &[u8] = b",box,variant,regions";

/// The header of a killer record's cage columns, after its shape
/// columns: the cage map (a symbol a cell, as `line` writes it) and the
/// sums in map order, joined by spaces.
const CAGE_COLUMNS: &[u8] = b",cages,sums";

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
    if let Some(cages) = shape.cages() {
        out.push(b',');
        out.extend_from_slice(&cages.map_bytes());
        out.push(b',');
        let sums: Vec<String> = cages.sums().iter().map(u32::to_string).collect();
        out.extend_from_slice(sums.join(" ").as_bytes());
    }
}

/// Where a header's shape columns are, if it has them.
#[derive(Clone, Copy, Debug, Default)]
struct ShapeColumns {
    boxes: Option<usize>,
    variant: Option<usize>,
    regions: Option<usize>,
    cages: Option<usize>,
    sums: Option<usize>,
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
        )
        .map_err(RecordError::Shape);
        let (map, sums) = (
            text(self.cages).unwrap_or(""),
            text(self.sums).unwrap_or(""),
        );
        if map.trim().is_empty() && sums.trim().is_empty() {
            return Some(shape);
        }
        Some(shape.and_then(|shape| {
            let cages = Cages::parse_map(map, sums).map_err(RecordError::Cages)?;
            shape.with_cages(cages).map_err(RecordError::Shape)
        }))
    }
}

/// A reader of CSV lines, for the formats whose files are CSV.
pub fn framer() -> Box<dyn Framer> {
    Box::new(CsvFramer::default())
}

/// What the last header said.
#[derive(Clone, Debug, Default)]
enum Header {
    /// No header (yet), or one that names no puzzle column.
    #[default]
    None,
    /// `index,r1c1,...`: grid values of this size, where the shape columns
    /// are, and the labels' columns.
    Grid(Size, ShapeColumns, Vec<Column>),
    /// Named columns: the puzzle's, and where present the solution's, the
    /// rating's, whether it is exact, the level's, the shape's, and the
    /// labels'.
    Columns {
        puzzle: usize,
        solution: Option<usize>,
        se: Option<usize>,
        exact: Option<usize>,
        level: Option<usize>,
        shape: ShapeColumns,
        labels: Vec<Column>,
    },
}

/// A column whose values are labels: where it is, and its name.
#[derive(Clone, Debug)]
struct Column {
    at: usize,
    name: Vec<u8>,
}

/// Gives the last record added the labels its fields hold in `columns`
/// (an empty one where the row is short).
fn push_labels(columns: &[Column], fields: &[&[u8]], frames: &mut Frames<'_>) {
    for column in columns {
        let value = fields.get(column.at).copied().unwrap_or_default();
        frames.push_label(&column.name, &unquote(value), false);
    }
}

/// A field as written, a quote doubled inside quotes as one.
fn unquote(field: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    if memchr::memmem::find(field, b"\"\"").is_none() {
        return field.into();
    }
    let mut out = Vec::with_capacity(field.len());
    let mut bytes = field.iter();
    while let Some(&b) = bytes.next() {
        out.push(b);
        if b == b'"' {
            bytes.next();
        }
    }
    out.into()
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
        match &self.header {
            Header::Grid(size, shape, labels) => {
                let (size, shape) = (*size, *shape);
                let values = Encoding::Values { header: true };
                // The index and the cells; the columns after them are read
                // here.
                let after = shape.boxes.is_some()
                    || shape.regions.is_some()
                    || shape.cages.is_some()
                    || !labels.is_empty();
                let end = (memchr::memchr_iter(b',', line).nth(size.cells()))
                    .filter(|_| after)
                    .unwrap_or(line.len());
                frames.push(number, values, Some(forced.unwrap_or(size)), &line[..end]);
                if let Some(shape) = shape.shape(&fields, size.side()) {
                    frames.shape_last(shape);
                }
                push_labels(labels, &fields, frames);
            }
            Header::Columns {
                puzzle,
                solution,
                se,
                exact,
                level,
                shape,
                labels,
            } => {
                let field = |i: Option<usize>| i.and_then(|i| fields.get(i)).copied();
                let puzzle = field(Some(*puzzle)).unwrap_or_default();
                frames.push(number, Encoding::StandardSymbols, forced, puzzle);
                let side = (4..=25).find(|s| s * s == puzzle.len());
                if let (Some(shape), Some(_)) = (shape.shape(&fields, side.unwrap_or(0)), side) {
                    frames.shape_last(shape);
                }
                if let Some(s) = field(*solution).filter(|f| !f.is_empty()) {
                    frames.push_solution(Encoding::StandardSymbols, s);
                }
                if let Some(rating) = field(*se).filter(|f| !f.is_empty()) {
                    let mut extra = rating.to_vec();
                    if field(*exact) == Some(b"false".as_slice()) {
                        extra.push(b'+');
                    }
                    if let Some(level) = field(*level) {
                        extra.push(b' ');
                        extra.extend_from_slice(level);
                    }
                    frames.push_extra(&extra);
                }
                push_labels(labels, &fields, frames);
            }
            Header::None => {
                // A field as long as a grid is the puzzle; the next of the
                // same length its solution (or of a length a few cells off,
                // to be reported).
                let at = fields.iter().position(|f| is_grid_string(f, false));
                match at.map(|at| (fields[at], &fields[at + 1..])) {
                    Some((puzzle, rest)) => {
                        frames.push(number, Encoding::StandardSymbols, forced, puzzle);
                        let cells = Size::from_cells(puzzle.len());
                        let solution = |s: &&&[u8]| {
                            s.len() == puzzle.len() || Size::near_cells(s.len()) == cells
                        };
                        let mut grids = rest.iter().filter(|f| is_grid_string(f, true));
                        if let Some(s) = grids.next().filter(solution) {
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
/// dropped (a quoted field may hold commas, and a quote written twice),
/// white space around each trimmed.
fn split(line: &[u8]) -> Vec<&[u8]> {
    let mut fields = Vec::new();
    let mut rest = line;
    loop {
        let trimmed = rest.trim_ascii_start();
        if let Some(quoted) = trimmed.strip_prefix(b"\"") {
            // The closing quote: one not followed by another.
            let mut end = 0;
            loop {
                match memchr::memchr(b'"', &quoted[end..]) {
                    Some(i) if quoted.get(end + i + 1) == Some(&b'"') => end += i + 2,
                    Some(i) => {
                        end += i;
                        break;
                    }
                    None => {
                        end = quoted.len();
                        break;
                    }
                }
            }
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
/// has cells (or, if `near`, a few more or fewer), each a symbol or an
/// empty cell.
fn is_grid_string(field: &[u8], near: bool) -> bool {
    let n = field.len();
    (Size::from_cells(n).is_some() || (near && Size::near_cells(n).is_some()))
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
    let is_header = fields.iter().take(2).any(named)
        && !fields
            .iter()
            .any(|f| numeric(f) || is_grid_string(f, false));
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
        cages: find(&["cages"]),
        sums: find(&["sums"]),
    };
    // Every other named column is a label (an unnamed one, or `index`, is
    // the row's number, and `clues` the puzzle's givens, which writers
    // give afresh).
    let labels = |structural: &dyn Fn(usize) -> bool| -> Vec<Column> {
        let shaped = [
            shape.boxes,
            shape.variant,
            shape.regions,
            shape.cages,
            shape.sums,
        ];
        (0..fields.len())
            .filter(|&i| !structural(i) && !shaped.contains(&Some(i)))
            .filter(|&i| !["", "index", "clues"].contains(&lower[i].as_str()))
            .map(|at| Column {
                at,
                name: unquote(fields[at]).into_owned(),
            })
            .collect()
    };
    if lower.get(1).is_some_and(|f| f == "r1c1") {
        let cell = |f: &String| f.starts_with('r') && f[1..].contains('c');
        let cells = lower[1..].iter().take_while(|f| cell(f)).count();
        let labels = labels(&|i| i <= cells);
        return Some(
            Size::from_cells(cells)
                .map(|size| Header::Grid(size, shape, labels))
                .ok_or(RecordError::CsvHeader { cells }),
        );
    }
    Some(Ok(match find(PUZZLE_NAMES) {
        Some(puzzle) => {
            let solution = find(SOLUTION_NAMES);
            Header::Columns {
                puzzle,
                solution,
                se: find(&["se"]),
                exact: find(&["exact"]),
                level: find(&["level"]),
                shape,
                labels: labels(&|i| i == puzzle || Some(i) == solution),
            }
        }
        None => Header::None,
    }))
}

/// Appends the header of grids of `size`: `index,r1c1,r1c2,...`.
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
}

/// Appends a record of grid values: its index and its cells.
fn push_values(buf: &mut Vec<u8>, index: u64, grid: &Grid) {
    push_decimal(buf, index);
    for &v in grid.cells() {
        buf.push(b',');
        push_value(buf, v);
    }
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

    /// Every named column but the grids', the shape's, `index` and
    /// `clues` is a label, in the header's order, quotes undone; a short row gives an
    /// empty one; a grid header's columns after the cells are labels too.
    #[test]
    fn other_columns_are_labels() {
        let labels = |text: &str| {
            let mut reader = Reader::new(text.as_bytes(), None, None);
            let mut out = Vec::new();
            while let Some(batch) = reader.next_batch().unwrap() {
                let _ = batch.for_each_full(|read| {
                    assert!(read.grid.is_ok(), "{text}");
                    let l: Vec<String> = read
                        .labels
                        .iter()
                        .map(|l| format!("{}={}", l.name, l.value.text()))
                        .collect();
                    out.push(l.join("|"));
                    Ok::<(), ()>(())
                });
            }
            out
        };
        assert_eq!(
            labels(&format!(
                "id,\"a, b\",puzzle,index,solution,note,clues\n7,\"x, \"\"y\"\"\",{P},3,{S},n,12\n8,z,{P}\n"
            )),
            ["id=7|a, b=x, \"y\"|note=n", "id=8|a, b=z|note="]
        );
        let cells: Vec<String> = S.bytes().map(|b| char::from(b).to_string()).collect();
        let header: Vec<String> = (1..=16)
            .map(|i| format!("r{}c{}", (i - 1) / 4 + 1, (i - 1) % 4 + 1))
            .collect();
        assert_eq!(
            labels(&format!(
                "index,{},tag\n0,{},t\n",
                header.join(","),
                cells.join(",")
            )),
            ["tag=t"]
        );
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
