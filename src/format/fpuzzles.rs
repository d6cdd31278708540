//! The `fpuzzles` format: the JSON objects of f-puzzles (the puzzle
//! editor at f-puzzles.com), one per line, which SudokuPad opens too (see
//! [`sudokupad`](super::sudokupad), which links to them).
//!
//! An object gives the grid's side (`size`), its cells as rows of objects
//! (`grid`: `{"value":5,"given":true}` for a given, `{}` for an empty
//! cell, and a cell's `region`, 0-based, where the regions are not the
//! side's usual boxes: a jigsaw, or boxes turned the other way), the
//! variant's marks (`"diagonal+":true` and `"diagonal-":true` for X, the
//! four Hyper windows as `extraregion`), a `solution` (the values
//! row-major, which SudokuPad checks the player's grid against), and
//! `title`, `author` and `ruleset`. f-puzzles has no other way to write
//! boxes than regions, so a region map that is boxes of some shape is read
//! as those boxes; where a cell has no `region`, its region is the side's
//! usual box (2 rows by 3 columns for 6x6, as sudogen's; a prime side's
//! are its rows, as SudokuPad reads them).
//!
//! What a command adds follows as keys, as in the `json` format: a
//! rating's `se`, `exact`, `level`, `hardest` and `steps`, a search's
//! `solutions`, an `error`, a record's labels (every key of an object
//! read that is none of the above is one, kept as it was).
//!
//! f-puzzles draws grids up to 16x16: a larger one is refused (see
//! [`RecordFormat::holds`]). A record with constraints sudogen does not
//! solve with (`antiknight`, `thermometer`, ...) is refused, naming the
//! key. Killer cages are f-puzzles's `killercage`: a list of cages, each
//! its `cells` (`"R1C1"`, 1-based) and its sum as a string `value`
//! ([`push_killer_cages`] writes them, [`killer_cages`] reads them, every
//! cell in one cage, each cage joined and with a sum); records do not
//! carry cages yet, so an object with cages is refused once they are read.

use super::json::{push_field, push_label_value, push_labels, push_string};
use super::record::{Content, Field, LabelValue, Record, RecordError, Value};
use super::spec::{Encoding, Framer, Frames, RecordFormat, Run, claim};
use super::text::{push_decimal, push_value};
use crate::cages::{Cage, Cages};
use crate::grid::{Grid, Layout, Shape, Size, Variant};
use crate::shape::Unit;

/// The largest side f-puzzles draws.
pub const MAX_SIDE: usize = 16;

/// The key of killer cages (`[{"cells":["R1C1","R1C2"],"value":"10"}]`):
/// see [`push_killer_cages`] and [`killer_cages`].
pub const KILLER_CAGES: &str = "killercage";

/// The sentence a killer puzzle's rules add to its `ruleset`.
pub const KILLER_RULE: &str =
    " The digits in each dashed cage add up to its small number and do not repeat within it.";

/// The keys of f-puzzles's constraints that sudogen does not solve with:
/// a record with one of them set is refused (its solution is not ours).
const CONSTRAINTS: &[&str] = &[
    "antiknight",
    "antiking",
    "disjointgroups",
    "nonconsecutive",
    "arrow",
    "thermometer",
    "palindrome",
    "littlekillersum",
    "sandwichsum",
    "difference",
    "ratio",
    "xv",
    "clone",
    "quadruple",
    "betweenline",
    "minimum",
    "maximum",
    "odd",
    "even",
    "renban",
    "whispers",
    "entropicline",
    "regionsumline",
    "lockout",
    "negative",
];

/// The `fpuzzles` format.
#[derive(Clone, Copy, Debug)]
pub struct Fpuzzles;

impl RecordFormat for Fpuzzles {
    fn writes_cages(&self) -> bool {
        true
    }

    fn name(&self) -> &'static str {
        "fpuzzles"
    }

    fn description(&self) -> &'static str {
        "f-puzzles JSON objects (size, grid, diagonal+/-, extraregion), one per line: they open in f-puzzles and SudokuPad"
    }

    fn layout(&self, content: Content) -> &'static str {
        match content {
            Content::Grids => "one f-puzzles object per line, every cell given",
            Content::Puzzles { .. } => {
                "one f-puzzles object per line (`size`, `title`, `author`, `ruleset`, `grid`, the variant's keys; `solution` when written; se, exact, level, hardest in rated runs)"
            }
            Content::Solutions { .. } => {
                "each puzzle as an f-puzzles object with its `solution` (or `error`); with --count, its number of `solutions`"
            }
            Content::Ratings { .. } => {
                "each puzzle as an f-puzzles object with its `solution`, `se`, `exact`, `level`, `hardest`, `steps` (or `error`)"
            }
            Content::Forms { .. } => {
                "each record's canonical form as an f-puzzles object (`transform` with --transform)"
            }
        }
    }

    fn write(&self, out: &mut Vec<u8>, run: &Run, record: &Record<'_>) {
        write_object(out, run.content, record);
    }

    fn holds(&self, shape: &Shape) -> Result<(), String> {
        holds(shape.clone())
    }

    fn detect(&self, line: &[u8]) -> Option<u8> {
        is_object(line).then_some(claim::EXACT)
    }

    fn framer(&self) -> Box<dyn Framer> {
        Box::new(FpuzzlesFramer)
    }
}

/// Whether f-puzzles can draw grids of `shape` (sides up to 16); `Err`
/// says why not. What `fpuzzles` and `sudokupad` share.
pub(super) fn holds(shape: Shape) -> Result<(), String> {
    if shape.side() > MAX_SIDE {
        return Err(format!(
            "f-puzzles and SudokuPad draw grids up to {MAX_SIDE}x{MAX_SIDE}: write {0}x{0} grids as line, csv or json",
            shape.side()
        ));
    }
    Ok(())
}

/// Whether a line is an f-puzzles object: JSON whose `grid` holds rows of
/// objects (sudogen's `json` holds rows of numbers).
fn is_object(line: &[u8]) -> bool {
    if line.first() != Some(&b'{') {
        return false;
    }
    let Some(at) = memchr::memmem::find(line, b"\"grid\"") else {
        return false;
    };
    let mut rest = line[at + 6..].iter().filter(|b| !b.is_ascii_whitespace());
    rest.next() == Some(&b':')
        && rest.next() == Some(&b'[')
        && rest.next() == Some(&b'[')
        && rest.next() == Some(&b'{')
}

/// The title, author and rules of a record of `shape` written here, where
/// it does not carry its own.
struct Meta {
    title: String,
    ruleset: String,
}

impl Meta {
    /// What sudogen says of a puzzle of `shape`.
    fn of(shape: Shape) -> Meta {
        let side = shape.side();
        let name = match shape.variant() {
            Variant::None => "Sudoku",
            Variant::X => "X-Sudoku",
            Variant::Hyper => "Hyper Sudoku",
            Variant::Jigsaw(_) => "Jigsaw Sudoku",
        };
        let name = match (shape.is_killer(), shape.variant()) {
            (false, _) => name.to_string(),
            (true, Variant::None) => "Killer Sudoku".to_string(),
            (true, _) => format!("Killer {name}"),
        };
        let title = if side == 9 {
            name
        } else {
            format!("{side}x{side} {name}")
        };
        let units = match shape.variant() {
            Variant::Jigsaw(_) => "row, column and outlined region",
            _ => "row, column and box",
        };
        let mut ruleset =
            format!("Place the digits 1 to {side} so that each appears once in every {units}.");
        match shape.variant() {
            Variant::X => ruleset += " Digits may not repeat along either long diagonal.",
            Variant::Hyper => {
                ruleset += " Digits may not repeat in any of the four shaded 3x3 windows."
            }
            _ => {}
        }
        if shape.is_killer() {
            ruleset += KILLER_RULE;
        }
        Meta { title, ruleset }
    }
}

/// The author written into every record that does not carry its own.
const AUTHOR: &str = "sudogen";

/// Writes one record as an f-puzzles object on a line.
fn write_object(out: &mut Vec<u8>, content: Content, record: &Record<'_>) {
    let (grid, solution) = match content {
        Content::Grids => (record.grid, None),
        Content::Puzzles { with_solution, .. } => {
            (record.grid, record.solution.filter(|_| with_solution))
        }
        Content::Solutions { .. } | Content::Ratings { .. } | Content::Forms { .. } => {
            (record.grid, record.solution)
        }
    };
    let carried = |name: &str| {
        record
            .label(name)
            .map(|l| l.value)
            .filter(|v| *v != LabelValue::Absent)
    };
    let mut written: Vec<&str> = vec!["title", "author", "ruleset", "size", "grid", "solution"];
    push_core(
        out,
        grid,
        solution,
        [carried("title"), carried("author"), carried("ruleset")],
    );
    written.extend(["diagonal+", "diagonal-", "extraregion"]);
    let mut field = |out: &mut Vec<u8>, name: &'static str, value: Value<'_>| {
        out.push(b',');
        push_field(out, &Field { name, value });
        written.push(name);
    };
    let rated = |field: &mut dyn FnMut(&mut Vec<u8>, &'static str, Value<'_>),
                 out: &mut Vec<u8>,
                 steps: bool| {
        if let Some(r) = record.rating {
            field(out, "se", Value::Tenths(u64::from(r.se)));
            field(out, "exact", Value::Bool(r.exact));
            field(out, "level", Value::Text(r.level));
            field(out, "hardest", Value::Text(r.hardest));
            if steps {
                field(out, "steps", Value::UInt(r.steps));
            }
        }
    };
    match content {
        Content::Grids => {}
        Content::Puzzles { .. } => rated(&mut field, out, false),
        Content::Forms { transform } => {
            if let Some(t) = record.text("transform").filter(|_| transform) {
                field(out, "transform", Value::Text(t));
            }
            rated(&mut field, out, false);
        }
        Content::Solutions { .. } => {
            if let Some(s) = &record.search {
                field(out, "solutions", Value::UInt(s.solutions));
            }
            if let Some(problem) = record.problem {
                field(out, "error", Value::Text(problem));
            }
        }
        Content::Ratings { .. } => match record.rating {
            Some(_) => rated(&mut field, out, true),
            None => field(
                out,
                "error",
                Value::Text(record.problem.unwrap_or_default()),
            ),
        },
    }
    for f in record.fields {
        out.push(b',');
        push_field(out, f);
        written.push(f.name);
    }
    push_labels(out, record.labels, &mut written);
    out.extend_from_slice(b"}\n");
}

/// Appends an f-puzzles object's own keys, from its `{` on, without its
/// closing `}`: its size, title, author and rules (`meta`'s, where a
/// record carries them; sudogen's otherwise), its cells (each value a
/// given), the variant's keys, and its solution, if any. What `fpuzzles`
/// and `sudokupad` share.
pub(super) fn push_core(
    out: &mut Vec<u8>,
    grid: &Grid,
    solution: Option<&Grid>,
    meta: [Option<LabelValue<'_>>; 3],
) {
    let shape = grid.shape();
    let ours = Meta::of(shape.clone());
    let [title, author, ruleset] = meta;
    out.extend_from_slice(b"{\"size\":");
    push_decimal(out, shape.side() as u64);
    for (key, carried, own) in [
        ("title", title, ours.title.as_str()),
        ("author", author, AUTHOR),
        ("ruleset", ruleset, ours.ruleset.as_str()),
    ] {
        out.push(b',');
        push_string(out, key);
        out.push(b':');
        match carried {
            Some(value) => push_label_value(out, value),
            None => push_string(out, own),
        }
    }
    out.extend_from_slice(b",\"grid\":[");
    let regions = !usual_boxes(shape.clone());
    let places = shape.places();
    let side = shape.side();
    for (i, &v) in grid.cells().iter().enumerate() {
        if i % side == 0 {
            if i > 0 {
                out.extend_from_slice(b"],");
            }
            out.push(b'[');
        } else {
            out.push(b',');
        }
        out.push(b'{');
        if v != 0 {
            out.extend_from_slice(b"\"value\":");
            push_value(out, v);
            out.extend_from_slice(b",\"given\":true");
        }
        if regions {
            if v != 0 {
                out.push(b',');
            }
            out.extend_from_slice(b"\"region\":");
            push_value(out, places[i].boxn);
        }
        out.push(b'}');
    }
    out.extend_from_slice(b"]]");
    push_variant(out, shape.clone());
    if let Some(cages) = shape.cages() {
        push_killer_cages(out, cages);
    }
    if let Some(s) = solution {
        out.extend_from_slice(b",\"solution\":[");
        for (i, &v) in s.cells().iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            push_value(out, v);
        }
        out.push(b']');
    }
}

/// Appends the keys of a shape's variant: X's two diagonals, Hyper's
/// windows as extra regions (their cells `R2C2`, 1-based).
fn push_variant(out: &mut Vec<u8>, shape: Shape) {
    match shape.variant() {
        Variant::X => out.extend_from_slice(b",\"diagonal+\":true,\"diagonal-\":true"),
        Variant::Hyper => {
            out.extend_from_slice(b",\"extraregion\":[");
            for (k, window) in windows(shape.clone()).iter().enumerate() {
                if k > 0 {
                    out.push(b',');
                }
                out.extend_from_slice(b"{\"cells\":[");
                for (j, &cell) in window.iter().enumerate() {
                    if j > 0 {
                        out.push(b',');
                    }
                    push_cell_name(out, usize::from(cell), shape.side());
                }
                out.extend_from_slice(b"]}");
            }
            out.push(b']');
        }
        Variant::None | Variant::Jigsaw(_) => {}
    }
}

/// The cells of a shape's Hyper windows, each sorted.
fn windows(shape: Shape) -> Vec<Vec<u16>> {
    let geometry = shape.geometry();
    (0..geometry.unit_count())
        .filter(|&u| matches!(geometry.kind(u), Unit::Window(_)))
        .map(|u| {
            let mut cells = geometry.unit(u).to_vec();
            cells.sort_unstable();
            cells
        })
        .collect()
}

/// The boxes f-puzzles and SudokuPad give a side when its cells name no
/// region, rows tall and columns wide: the most rows up to the square
/// root that divide the side (2x3 for 6x6, 3x4 for 12x12; a prime side's
/// rows).
fn default_boxes(side: usize) -> (usize, usize) {
    let mut rows = side.isqrt();
    while rows > 1 && !side.is_multiple_of(rows) {
        rows -= 1;
    }
    let rows = rows.max(1);
    (rows, side / rows)
}

/// Whether a shape's regions are the boxes f-puzzles gives its side (its
/// cells are written without `region`).
fn usual_boxes(shape: Shape) -> bool {
    let size = shape.size();
    size.has_boxes() && (size.box_rows(), size.box_cols()) == default_boxes(size.side())
}

/// What an f-puzzles object holds, read.
#[derive(Debug)]
pub(super) struct Parsed {
    /// Its shape.
    pub(super) shape: Shape,
    /// Its givens, row-major, 0 for an empty cell.
    pub(super) givens: Vec<u8>,
    /// Its solution, if it has one.
    pub(super) solution: Option<Vec<u8>>,
    /// Its other keys, and their values as JSON (in the order of their
    /// names).
    pub(super) labels: Vec<(String, String)>,
}

/// Reads lines, each an f-puzzles object.
struct FpuzzlesFramer;

impl Framer for FpuzzlesFramer {
    fn take(&mut self, line: &[u8], frames: &mut Frames<'_>) {
        frame(read_object(line), frames);
    }
}

/// Hands a record read (or why it could not be) to `frames`, at the line
/// being read. What `fpuzzles` and `sudokupad` share.
pub(super) fn frame(parsed: Result<Parsed, String>, frames: &mut Frames<'_>) {
    match parsed {
        Ok(p) => {
            frames.push(
                frames.line(),
                Encoding::Bytes,
                Some(p.shape.size()),
                &p.givens,
            );
            frames.shape_last(Ok(p.shape));
            if let Some(s) = &p.solution {
                frames.push_solution(Encoding::Bytes, s);
            }
            for (name, value) in &p.labels {
                frames.push_label(name.as_bytes(), value.as_bytes(), true);
            }
        }
        Err(e) => frames.push_error(RecordError::Fpuzzles(e)),
    }
}

/// Reads an f-puzzles object; `Err` says what is wrong, naming the field.
pub(super) fn read_object(text: &[u8]) -> Result<Parsed, String> {
    use serde_json::Value as J;
    let doc: J = serde_json::from_slice(text).map_err(|e| format!("not JSON ({e})"))?;
    let J::Object(map) = doc else {
        return Err("not a JSON object".into());
    };
    let field = |name: &str, what: String| format!("field \"{name}\": {what}");
    let side = match map.get("size") {
        None => {
            return Err(field(
                "size",
                "missing; f-puzzles objects give their side".into(),
            ));
        }
        Some(v) => v
            .as_u64()
            .ok_or_else(|| field("size", format!("{v} is not a side")))?,
    };
    let side = usize::try_from(side).unwrap_or(usize::MAX);
    if !(crate::shape::MIN_SIDE..=crate::shape::MAX_SIDE).contains(&side) {
        return Err(field(
            "size",
            format!(
                "{side}; sudogen reads sides {} to {}",
                crate::shape::MIN_SIDE,
                crate::shape::MAX_SIDE
            ),
        ));
    }
    for key in CONSTRAINTS {
        let set = match map.get(*key) {
            None | Some(J::Null | J::Bool(false)) => false,
            Some(J::Array(a)) => !a.is_empty(),
            Some(J::Object(o)) => !o.is_empty(),
            Some(_) => true,
        };
        if set {
            return Err(field(
                key,
                "a constraint sudogen does not solve with; only classic, X, Hyper, jigsaw and killer puzzles are read".into(),
            ));
        }
    }
    let rows = map
        .get("grid")
        .ok_or_else(|| field("grid", "missing; f-puzzles objects give their cells".into()))?
        .as_array()
        .ok_or_else(|| field("grid", "not an array of rows".into()))?;
    if rows.len() != side {
        return Err(field(
            "grid",
            format!("{} rows where size {side} has {side}", rows.len()),
        ));
    }
    let (box_rows, box_cols) = default_boxes(side);
    let n = side * side;
    let mut givens = vec![0u8; n];
    let mut values = vec![0u8; n];
    let mut regions = vec![0u8; n];
    let mut entered = false;
    for (r, row) in rows.iter().enumerate() {
        let cells = row
            .as_array()
            .filter(|c| c.len() == side)
            .ok_or_else(|| field("grid", format!("row {} is not {side} cells", r + 1)))?;
        for (c, cell) in cells.iter().enumerate() {
            let at = r * side + c;
            let name = || format!("R{}C{}", r + 1, c + 1);
            let cell = cell
                .as_object()
                .ok_or_else(|| field("grid", format!("{} is not an object", name())))?;
            let value = match cell.get("value") {
                None | Some(J::Null) => 0,
                Some(v) => v
                    .as_u64()
                    .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
                    .filter(|&v| (1..=side as u64).contains(&v))
                    .ok_or_else(|| {
                        field(
                            "grid",
                            format!("{}'s value {v} is not a digit from 1 to {side}", name()),
                        )
                    })? as u8,
            };
            let given = match cell.get("given") {
                None | Some(J::Null) => false,
                Some(J::Bool(b)) => *b,
                Some(v) => {
                    return Err(field(
                        "grid",
                        format!("{}'s given {v} is not true or false", name()),
                    ));
                }
            };
            if given {
                givens[at] = value;
            } else if value != 0 {
                entered = true;
            }
            values[at] = value;
            regions[at] = match cell.get("region") {
                None => ((r / box_rows) * box_rows + c / box_cols) as u8,
                Some(v) => v.as_u64().filter(|&v| v < side as u64).ok_or_else(|| {
                    field(
                        "grid",
                        format!("{}'s region {v} is not one of 0 to {}", name(), side - 1),
                    )
                })? as u8,
            };
        }
    }
    let mut shape = shape_of(&regions, side).map_err(|e| field("grid", e))?;
    let flag = |key: &str| -> Result<bool, String> {
        match map.get(key) {
            None | Some(J::Null) => Ok(false),
            Some(J::Bool(b)) => Ok(*b),
            Some(v) => Err(field(key, format!("{v} is not true or false"))),
        }
    };
    let (plus, minus) = (flag("diagonal+")?, flag("diagonal-")?);
    if plus != minus {
        let key = if plus { "diagonal+" } else { "diagonal-" };
        return Err(field(
            key,
            "one long diagonal alone; sudogen's X puzzles have both".into(),
        ));
    }
    let extra = match map.get("extraregion") {
        None | Some(J::Null) => Vec::new(),
        Some(v) => extra_regions(v, side).map_err(|e| field("extraregion", e))?,
    };
    if plus {
        if !extra.is_empty() {
            return Err(field(
                "extraregion",
                "extra regions beside X's diagonals; sudogen has no such variant".into(),
            ));
        }
        shape = Shape::new(shape.size(), Variant::X).map_err(|e| {
            field(
                "diagonal+",
                format!("X diagonals on this grid: {e}; sudogen's X puzzles have boxes"),
            )
        })?;
    } else if !extra.is_empty() {
        let hyper = Shape::new(shape.size(), Variant::Hyper).ok();
        match hyper {
            Some(h) if windows(h.clone()) == extra => shape = h,
            _ => {
                return Err(field(
                    "extraregion",
                    "regions other than the four Hyper windows of a 9x9 grid with 3x3 boxes; sudogen has no such variant".into(),
                ));
            }
        }
    }
    let cages = match map.get(KILLER_CAGES) {
        None | Some(J::Null) => None,
        Some(J::Array(a)) if a.is_empty() => None,
        Some(v) => Some(killer_cages(v, side).map_err(|e| field(KILLER_CAGES, e))?),
    };
    if let Some(cages) = cages {
        shape = shape
            .with_cages(cages)
            .map_err(|e| field(KILLER_CAGES, e.to_string()))?;
    }
    let solution = match map.get("solution") {
        None | Some(J::Null) => None,
        Some(v) => solution_of(v, side).map_err(|e| field("solution", e))?,
    };
    // A grid whose every cell has a value, some entered rather than
    // given, holds its solution (as SudokuPad reads it).
    let solution =
        solution.or_else(|| (entered && values.iter().all(|&v| v != 0)).then_some(values));
    let ours = [
        "size",
        "grid",
        "solution",
        "diagonal+",
        "diagonal-",
        "extraregion",
        KILLER_CAGES,
    ];
    let labels = map
        .iter()
        .filter(|(k, _)| !ours.contains(&k.as_str()))
        .map(|(k, v)| (k.clone(), v.to_string()))
        .collect();
    Ok(Parsed {
        shape,
        givens,
        solution,
        labels,
    })
}

/// The shape whose regions are `regions` (a number per cell): boxes of
/// some shape where they are boxes, a jigsaw otherwise.
fn shape_of(regions: &[u8], side: usize) -> Result<Shape, String> {
    for rows in 2..=side / 2 {
        if !side.is_multiple_of(rows) || side / rows < 2 {
            continue;
        }
        let cols = side / rows;
        let boxn = |i: usize| (i / side / rows) * rows + (i % side) / cols;
        let mut of_region = [u8::MAX; 256];
        let mut of_box = [u8::MAX; 256];
        let same = regions.iter().enumerate().all(|(i, &r)| {
            let b = boxn(i) as u8;
            let fits = (of_region[usize::from(r)] == u8::MAX || of_region[usize::from(r)] == b)
                && (of_box[usize::from(b)] == u8::MAX || of_box[usize::from(b)] == r);
            of_region[usize::from(r)] = b;
            of_box[usize::from(b)] = r;
            fits
        });
        if same {
            let size = Size::boxed(side, rows, cols).map_err(|e| e.to_string())?;
            return Shape::new(size, Variant::None).map_err(|e| e.to_string());
        }
    }
    let layout = Layout::new(regions).map_err(|e| format!("its regions: {e}"))?;
    Ok(Shape::jigsaw(layout))
}

/// The cells of each extra region (`[{"cells":["R2C2",...]},...]`), each
/// sorted, in the order the windows come in a Hyper shape.
fn extra_regions(value: &serde_json::Value, side: usize) -> Result<Vec<Vec<u16>>, String> {
    let regions = value.as_array().ok_or("not an array of regions")?;
    let mut out = Vec::with_capacity(regions.len());
    for region in regions {
        let cells = region
            .get("cells")
            .and_then(serde_json::Value::as_array)
            .ok_or("a region without its \"cells\"")?;
        let mut set = Vec::with_capacity(cells.len());
        for cell in cells {
            let name = cell.as_str().unwrap_or_default();
            set.push(cell_of(name, side).ok_or_else(|| {
                format!("{cell} is not a cell of the grid (`R1C1` to `R{side}C{side}`)")
            })?);
        }
        set.sort_unstable();
        out.push(set);
    }
    out.sort();
    Ok(out)
}

/// The cell `R3C4` names (1-based), if it is one of the grid's.
fn cell_of(name: &str, side: usize) -> Option<u16> {
    let rest = name.strip_prefix(['R', 'r'])?;
    let (r, c) = rest.split_once(['C', 'c'])?;
    let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
    ((1..=side).contains(&r) && (1..=side).contains(&c)).then(|| ((r - 1) * side + c - 1) as u16)
}

/// Appends the killer cages as f-puzzles writes them, after a comma:
/// `,"killercage":[{"cells":["R1C1","R1C2"],"value":"3"},...]`, the
/// cages in their order (by first cell), each its cells in reading order
/// and its sum as a string. [`killer_cages`] reads it back.
pub fn push_killer_cages(out: &mut Vec<u8>, cages: &Cages) {
    let side = cages.side();
    out.extend_from_slice(b",\"killercage\":[");
    for k in 0..cages.count() {
        if k > 0 {
            out.push(b',');
        }
        out.extend_from_slice(b"{\"cells\":[");
        for (j, &cell) in cages.cells(k).iter().enumerate() {
            if j > 0 {
                out.push(b',');
            }
            push_cell_name(out, usize::from(cell), side);
        }
        out.extend_from_slice(b"],\"value\":\"");
        push_decimal(out, u64::from(cages.sum(k)));
        out.extend_from_slice(b"\"}");
    }
    out.push(b']');
}

/// Appends a cell's f-puzzles name in quotes (`"R2C3"`, 1-based).
fn push_cell_name(out: &mut Vec<u8>, cell: usize, side: usize) {
    out.extend_from_slice(b"\"R");
    push_decimal(out, (cell / side + 1) as u64);
    out.push(b'C');
    push_decimal(out, (cell % side + 1) as u64);
    out.push(b'"');
}

/// Reads f-puzzles's killer cages (the value of `killercage`, see
/// [`push_killer_cages`]) on a grid of side `side`. A cage's `value` may be
/// a string or a number; a cage without one (f-puzzles allows it, a cage
/// whose digits only may not repeat) is refused, as is a grid some of
/// whose cells are in no cage: sudogen's killer puzzles cage every cell
/// with a sum. `Err` says what is wrong, naming the cage by its place in
/// the list (1-based) and its cells as `R1C1`.
pub fn killer_cages(value: &serde_json::Value, side: usize) -> Result<Cages, String> {
    use serde_json::Value as J;
    let list = value.as_array().ok_or("not a list of cages")?;
    let name = |cell: usize| format!("R{}C{}", cell / side + 1, cell % side + 1);
    let mut owner = vec![usize::MAX; side * side];
    let mut cages = Vec::with_capacity(list.len());
    for (k, cage) in list.iter().enumerate() {
        let which = k + 1;
        let cells = cage
            .get("cells")
            .and_then(J::as_array)
            .ok_or_else(|| format!("cage {which} has no \"cells\" list"))?;
        let mut set = Vec::with_capacity(cells.len());
        for cell in cells {
            let at = cell
                .as_str()
                .and_then(|n| cell_of(n, side))
                .ok_or_else(|| {
                    format!(
                        "cage {which}: {cell} is not a cell of the grid (`R1C1` to `R{side}C{side}`)"
                    )
                })?;
            let at = usize::from(at);
            match owner[at] {
                o if o == k => {
                    return Err(format!("cage {which} names {} twice", name(at)));
                }
                usize::MAX => owner[at] = k,
                o => {
                    return Err(format!(
                        "cages {} and {which} both hold {}: a cell is in one cage",
                        o + 1,
                        name(at)
                    ));
                }
            }
            set.push(at);
        }
        let at = || {
            set.first()
                .map(|&c| format!(" (at {})", name(c)))
                .unwrap_or_default()
        };
        let sum = match cage.get("value") {
            None | Some(J::Null) => None,
            Some(J::String(t)) if t.trim().is_empty() => None,
            Some(J::String(t)) => Some(
                t.trim()
                    .parse::<u32>()
                    .map_err(|_| format!("cage {which}{}: its value \"{t}\" is not a sum", at()))?,
            ),
            Some(v) => Some(
                v.as_u64()
                    .and_then(|v| u32::try_from(v).ok())
                    .ok_or_else(|| format!("cage {which}{}: its value {v} is not a sum", at()))?,
            ),
        };
        let sum = sum.ok_or_else(|| {
            format!(
                "cage {which}{} has no value: sudogen's killer cages all have sums",
                at()
            )
        })?;
        cages.push(Cage { sum, cells: set });
    }
    if let Some(cell) = owner.iter().position(|&o| o == usize::MAX) {
        return Err(format!(
            "{} is in no cage: sudogen's killer puzzles cage every cell",
            name(cell)
        ));
    }
    Cages::new(side, &cages).map_err(|e| e.to_string())
}

/// A `solution`: the values row-major, as numbers, as digit strings or as
/// one string of digits; none where it is all empty (SudokuPad's blank
/// solution).
fn solution_of(value: &serde_json::Value, side: usize) -> Result<Option<Vec<u8>>, String> {
    use serde_json::Value as J;
    let n = side * side;
    let values: Vec<Option<u64>> = match value {
        J::Array(items) if items.is_empty() => return Ok(None),
        J::String(s) if s.is_empty() => return Ok(None),
        J::Array(items) => items
            .iter()
            .map(|v| match v {
                J::Null => Some(0),
                J::String(s) if s.is_empty() || s == "." => Some(0),
                J::String(s) => s.parse().ok(),
                v => v.as_u64(),
            })
            .collect(),
        J::String(s) if s.contains(',') => s.split(',').map(|t| t.trim().parse().ok()).collect(),
        J::String(s) => s
            .chars()
            .map(|c| {
                if c == '.' {
                    Some(0)
                } else {
                    c.to_digit(10).map(u64::from)
                }
            })
            .collect(),
        v => return Err(format!("{v} is not a list of values")),
    };
    if values.len() != n {
        return Err(format!(
            "{} values where a grid of side {side} has {n}",
            values.len()
        ));
    }
    let mut out = Vec::with_capacity(n);
    for (i, v) in values.into_iter().enumerate() {
        match v.filter(|&v| v <= side as u64) {
            Some(v) => out.push(v as u8),
            None => {
                return Err(format!(
                    "R{}C{}'s value is not a digit from 1 to {side}",
                    i / side + 1,
                    i % side + 1
                ));
            }
        }
    }
    Ok(out.iter().any(|&v| v != 0).then_some(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn object(grid: &Grid, solution: Option<&Grid>) -> String {
        let mut out = Vec::new();
        push_core(&mut out, grid, solution, [None; 3]);
        out.push(b'}');
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn default_boxes_are_sudokupad_s() {
        assert_eq!(default_boxes(4), (2, 2));
        assert_eq!(default_boxes(6), (2, 3));
        assert_eq!(default_boxes(8), (2, 4));
        assert_eq!(default_boxes(9), (3, 3));
        assert_eq!(default_boxes(10), (2, 5));
        assert_eq!(default_boxes(12), (3, 4));
        assert_eq!(default_boxes(14), (2, 7));
        assert_eq!(default_boxes(15), (3, 5));
        assert_eq!(default_boxes(16), (4, 4));
        assert_eq!(default_boxes(7), (1, 7));
    }

    /// A 6x6 with boxes 3 rows by 2 columns writes its regions and reads
    /// back in its own boxes; one with the usual 2x3 writes none.
    #[test]
    fn boxes_turned_write_their_regions() {
        let usual = Grid::empty(Size::boxed(6, 2, 3).unwrap());
        let turned = Grid::empty(Size::boxed(6, 3, 2).unwrap());
        assert!(!object(&usual, None).contains("region"));
        let text = object(&turned, None);
        assert!(text.contains("\"region\":1"), "{text}");
        let read = read_object(text.as_bytes()).unwrap();
        assert_eq!(read.shape, turned.shape().clone());
        let read = read_object(object(&usual, None).as_bytes()).unwrap();
        assert_eq!(read.shape, usual.shape().clone());
    }

    #[test]
    fn bad_objects_name_the_field() {
        let err = |t: &str| read_object(t.as_bytes()).unwrap_err();
        assert_eq!(
            err("{\"grid\":[]}"),
            "field \"size\": missing; f-puzzles objects give their side"
        );
        assert!(err("{\"size\":30,\"grid\":[]}").starts_with("field \"size\": 30;"));
        assert!(err("{\"size\":4,\"grid\":[[{},{},{},{}]]}").starts_with("field \"grid\": 1 rows"));
        assert!(
            err("{\"size\":4,\"grid\":[],\"antiknight\":true}").starts_with("field \"antiknight\"")
        );
        let row = "[{},{},{},{}]";
        let cells = format!("[[{{\"value\":5,\"given\":true}},{{}},{{}},{{}}],{row},{row},{row}]");
        let e = err(&format!("{{\"size\":4,\"grid\":{cells}}}"));
        assert_eq!(
            e,
            "field \"grid\": R1C1's value 5 is not a digit from 1 to 4"
        );
        let e = err(&format!(
            "{{\"size\":4,\"grid\":[{row},{row},{row},{row}],\"diagonal+\":true}}"
        ));
        assert!(
            e.starts_with("field \"diagonal+\": one long diagonal alone"),
            "{e}"
        );
    }

    /// The 4x4 grid 1234/3412/2143/4321 cut as AABB/CDDB/CEFF/GEHH.
    fn four() -> Cages {
        Cages::parse_map("AABB CDDB CEFF GEHH", "3 9 5 5 4 7 4 3").unwrap()
    }

    fn read_cages(text: &str, side: usize) -> Result<Cages, String> {
        killer_cages(&serde_json::from_str(text).unwrap(), side)
    }

    #[test]
    fn killer_cages_are_written_as_f_puzzles_writes_them_and_read_back() {
        let cages = four();
        let mut out = Vec::new();
        push_killer_cages(&mut out, &cages);
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text,
            ",\"killercage\":[\
             {\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"3\"},\
             {\"cells\":[\"R1C3\",\"R1C4\",\"R2C4\"],\"value\":\"9\"},\
             {\"cells\":[\"R2C1\",\"R3C1\"],\"value\":\"5\"},\
             {\"cells\":[\"R2C2\",\"R2C3\"],\"value\":\"5\"},\
             {\"cells\":[\"R3C2\",\"R4C2\"],\"value\":\"4\"},\
             {\"cells\":[\"R3C3\",\"R3C4\"],\"value\":\"7\"},\
             {\"cells\":[\"R4C1\"],\"value\":\"4\"},\
             {\"cells\":[\"R4C3\",\"R4C4\"],\"value\":\"3\"}]"
        );
        let object: serde_json::Value =
            serde_json::from_str(&format!("{{{}}}", &text[1..])).unwrap();
        assert_eq!(killer_cages(&object[KILLER_CAGES], 4), Ok(cages));
    }

    /// As f-puzzles saves them: cages in the order drawn, cells in the
    /// order clicked, colours beside; values as strings or numbers.
    #[test]
    fn f_puzzles_s_own_cages_are_read() {
        let text = r##"[
            {"cells":["R4C3","R4C4"],"value":"3","outlineC":"#000000","fontC":"#000000"},
            {"cells":["R2C4","R1C4","R1C3"],"value":"9"},
            {"cells":["R1C1","R1C2"],"value":3},
            {"cells":["R3C1","R2C1"],"value":" 5 "},
            {"cells":["r2c2","R2C3"],"value":"5"},
            {"cells":["R3C2","R4C2"],"value":"4"},
            {"cells":["R4C1"],"value":"4"},
            {"cells":["R3C4","R3C3"],"value":"7"}
        ]"##;
        assert_eq!(read_cages(text, 4), Ok(four()));
    }

    #[test]
    fn bad_killer_cages_name_the_cage() {
        let err = |t: &str| read_cages(t, 4).unwrap_err();
        let rest = r#"{"cells":["R1C3","R1C4","R2C4"],"value":"9"},
            {"cells":["R2C1","R3C1"],"value":"5"},{"cells":["R2C2","R2C3"],"value":"5"},
            {"cells":["R3C2","R4C2"],"value":"4"},{"cells":["R3C3","R3C4"],"value":"7"},
            {"cells":["R4C1"],"value":"4"},{"cells":["R4C3","R4C4"],"value":"3"}"#;
        let with = |first: &str| format!("[{first},{rest}]");
        assert!(read_cages(&with(r#"{"cells":["R1C1","R1C2"],"value":"3"}"#), 4).is_ok());
        assert_eq!(err("{}"), "not a list of cages");
        assert_eq!(
            err(&with(r#"{"value":"3"}"#)),
            "cage 1 has no \"cells\" list"
        );
        assert_eq!(
            err(&with(r#"{"cells":["R1C1","R1C5"],"value":"3"}"#)),
            "cage 1: \"R1C5\" is not a cell of the grid (`R1C1` to `R4C4`)"
        );
        assert_eq!(
            err(&with(r#"{"cells":["R1C1","R1C1"],"value":"3"}"#)),
            "cage 1 names R1C1 twice"
        );
        assert_eq!(
            err(&with(r#"{"cells":["R1C1","R1C2","R1C3"],"value":"3"}"#)),
            "cages 1 and 2 both hold R1C3: a cell is in one cage"
        );
        assert_eq!(
            err(&with(r#"{"cells":["R1C1"],"value":"1"}"#)),
            "R1C2 is in no cage: sudogen's killer puzzles cage every cell"
        );
        assert_eq!(
            err(&with(r#"{"cells":["R1C1","R1C2"]}"#)),
            "cage 1 (at R1C1) has no value: sudogen's killer cages all have sums"
        );
        assert_eq!(
            err(&with(r#"{"cells":["R1C1","R1C2"],"value":""}"#)),
            "cage 1 (at R1C1) has no value: sudogen's killer cages all have sums"
        );
        assert_eq!(
            err(&with(r#"{"cells":["R1C1","R1C2"],"value":"3?"}"#)),
            "cage 1 (at R1C1): its value \"3?\" is not a sum"
        );
        assert_eq!(
            err(&with(r#"{"cells":["R1C1","R1C2"],"value":-3}"#)),
            "cage 1 (at R1C1): its value -3 is not a sum"
        );
        assert_eq!(
            err(&with(r#"{"cells":["R1C1","R1C2"],"value":"8"}"#)),
            "cage 1 sums to 8: a cage of 2 cells sums to 3 to 7"
        );
        // R1C1 and R4C1 in one cage, R1C2 alone: two pieces.
        let apart = r#"[{"cells":["R1C1","R4C1"],"value":"5"},{"cells":["R1C2"],"value":"2"},
            {"cells":["R1C3","R1C4","R2C4"],"value":"9"},
            {"cells":["R2C1","R3C1"],"value":"5"},{"cells":["R2C2","R2C3"],"value":"5"},
            {"cells":["R3C2","R4C2"],"value":"4"},{"cells":["R3C3","R3C4"],"value":"7"},
            {"cells":["R4C3","R4C4"],"value":"3"}]"#;
        assert_eq!(
            err(apart),
            "cage 1 is 2 pieces: a cage's cells must be joined side by side"
        );
    }

    /// An object with cages: they are read into its shape (a bad one
    /// named in the field's error).
    #[test]
    fn an_object_s_killer_cages_are_read() {
        let row = "[{},{},{},{}]";
        let mut out = Vec::new();
        push_killer_cages(&mut out, &four());
        let cages = String::from_utf8(out).unwrap();
        let object = format!("{{\"size\":4,\"grid\":[{row},{row},{row},{row}]{cages}}}");
        let read = read_object(object.as_bytes()).unwrap();
        assert_eq!(read.shape.cages(), Some(&four()));
        let bad = object.replace("\"R4C1\"]", "\"R4C1\",\"R4C2\"]");
        assert_eq!(
            read_object(bad.as_bytes()).unwrap_err(),
            "field \"killercage\": cages 5 and 7 both hold R4C2: a cell is in one cage"
        );
        // No cages, or an empty list: a classic puzzle.
        let empty = format!("{{\"size\":4,\"grid\":[{row},{row},{row},{row}],\"killercage\":[]}}");
        assert!(read_object(empty.as_bytes()).is_ok());
    }
}
