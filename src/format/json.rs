//! The `json` format: JSON Lines, one object per record. The run's fields
//! come first, then `"index"` and the grids as rows of integers (0 for an
//! empty cell), then what the command found:
//! `{"strategy":"backtrack","size":9,"seed":"7","index":0,"grid":[[...],...]}`.
//!
//! - Grids: `grid`.
//! - Puzzles: `puzzle`, `solution` (when asked), `clues`, and a rated
//!   run's `se`, `exact`, `level`, `hardest`, `scale`.
//! - Solutions: `puzzle`, `solution` (or `null`), `solutions`,
//!   `limit_reached`, `guesses`, `budget_exceeded`.
//! - Ratings: `puzzle`, `clues`, `se`, `exact`, `level`, `hardest`,
//!   `steps`, `scale`, SE's pearl and diamond ratings when asked (`ep`,
//!   `ep_exact`, `ed`, `ed_exact`), and with the steps `path`; or `se:
//!   null` and `error`.
//!
//! `scale` says what `se` is (`rate::Scale`): `"SE"`, Sudoku Explainer's
//! rating, on classic 9x9; `"technique level"` on every other shape.
//!
//! Records of a shape other than the classic ones (4x4, 9x9, 16x16, 25x25
//! with square boxes, no variant) say it after the index: `"box":"2x3"`
//! (not for a jigsaw grid), `"variant":"x"`, and a jigsaw's
//! `"regions":"AAAB..."` (its region map as letters).
//!
//! A record read keeps its labels (see [`Label`](super::Label)): they
//! follow as keys, but those of a name the record already has (ours win);
//! text that is a number or `true`/`false` is written as one, empty text
//! as `null`. Ratings and forms write the record's `solution` too.
//!
//! Reading takes the rows of `grid` (or `puzzle`, or a form's `form`: what
//! every writer here writes reads back), and `solution` rows
//! beside them, with the shape the record says it has; every other key but
//! the shape's, `index` and `clues` is a label (in the order of their
//! names).

use super::record::{
    Carried, Content, Field, Label, LabelBuf, LabelValue, LinkRecord, Rated, Record, RecordError,
    StepRecord, Value,
};
use super::spec::{Encoding, Framer, Frames, RecordFormat, Run, claim};
use super::text::{push_decimal, push_tenths, push_value};
use crate::cages::{Cage, CageError, Cages};
use crate::grid::{Grid, Shape, Size, Variant};

/// The `json` format.
#[derive(Clone, Copy, Debug)]
pub struct Json;

/// The keys of an object being written, kept only for a record with
/// labels (whose names must not repeat one): most have none, and then
/// nothing is allocated.
struct Keys<'a> {
    names: Vec<&'a str>,
    kept: bool,
}

impl<'a> Keys<'a> {
    /// No keys yet; `kept`: keep those to come.
    fn new(kept: bool) -> Self {
        Keys {
            names: Vec::new(),
            kept,
        }
    }

    /// Notes a key written.
    fn push(&mut self, name: &'a str) {
        if self.kept {
            self.names.push(name);
        }
    }

    /// Notes keys written.
    fn extend(&mut self, names: impl IntoIterator<Item = &'a str>) {
        if self.kept {
            self.names.extend(names);
        }
    }
}

impl RecordFormat for Json {
    fn name(&self) -> &'static str {
        "json"
    }

    fn description(&self) -> &'static str {
        "JSON Lines: one object per record with the run's settings, the index and the rows"
    }

    fn prefix(&self, fields: &[Field<'_>]) -> Vec<u8> {
        let mut prefix = vec![b'{'];
        for field in fields {
            push_field(&mut prefix, field);
            prefix.push(b',');
        }
        prefix
    }

    fn layout(&self, content: Content) -> &'static str {
        match content {
            Content::Grids => {
                "`{strategy,size,seed,index,grid}` per line, the grid as rows of numbers, the seed a string"
            }
            Content::Puzzles { .. } => {
                "`{strategy,size,seed,symmetry,index,puzzle,solution,clues}` per line (solution when written; se, exact, level, hardest, scale, attempt in rated runs)"
            }
            Content::Solutions { .. } => {
                "`{index,puzzle,solution,solutions,limit_reached,guesses,budget_exceeded}` per line, the grids as rows (solution null when there is not one)"
            }
            Content::Ratings { .. } => {
                "`{index,puzzle,clues,se,exact,level,hardest,steps,scale}` per line (path with --explain; error instead of a rating for a puzzle not rated)"
            }
            Content::Forms { .. } => {
                "`{index,form}` per line, the form as rows of numbers (transform with --transform)"
            }
        }
    }

    fn write(&self, out: &mut Vec<u8>, run: &Run, record: &Record<'_>) {
        out.extend_from_slice(&run.prefix);
        out.extend_from_slice(b"\"index\":");
        push_decimal(out, record.index);
        push_shape(out, record.grid.shape());
        // The keys written, so that a label of the same name is not.
        let mut written = Keys::new(!record.labels.is_empty());
        written.extend(run.shared.iter().copied());
        written.extend(["index", "box", "variant", "regions", "cages"]);
        let mut field = |out: &mut Vec<u8>, name: &'static str, value: Value<'_>| {
            out.push(b',');
            push_field(out, &Field { name, value });
            written.push(name);
        };
        match run.content {
            Content::Grids => field(out, "grid", Value::Grid(record.grid)),
            Content::Forms { .. } => {
                field(out, "form", Value::Grid(record.grid));
                if let Some(s) = record.solution {
                    field(out, "solution", Value::Grid(s));
                }
            }
            Content::Puzzles { with_solution, .. } => {
                field(out, "puzzle", Value::Grid(record.grid));
                if let Some(s) = record.solution.filter(|_| with_solution) {
                    field(out, "solution", Value::Grid(s));
                }
                field(out, "clues", Value::UInt(record.grid.filled() as u64));
                if let Some(r) = record.rating {
                    field(out, "se", Value::Tenths(u64::from(r.se)));
                    field(out, "exact", Value::Bool(r.exact));
                    field(out, "level", Value::Text(r.level));
                    field(out, "hardest", Value::Text(r.hardest));
                    field(out, "scale", Value::Text(r.scale));
                }
            }
            Content::Solutions { .. } => {
                field(out, "puzzle", Value::Grid(record.grid));
                let solution = record.solution.map_or(Value::Null, Value::Grid);
                field(out, "solution", solution);
                if let Some(s) = &record.search {
                    field(out, "solutions", Value::UInt(s.solutions));
                    field(out, "limit_reached", Value::Bool(s.solutions >= s.limit));
                    field(out, "guesses", Value::UInt(s.guesses));
                    field(out, "budget_exceeded", Value::Bool(s.cut));
                }
            }
            Content::Ratings { explain, ep, ed } => {
                field(out, "puzzle", Value::Grid(record.grid));
                if let Some(s) = record.solution {
                    field(out, "solution", Value::Grid(s));
                }
                field(out, "clues", Value::UInt(record.grid.filled() as u64));
                match record.rating {
                    Some(r) => {
                        field(out, "se", Value::Tenths(u64::from(r.se)));
                        field(out, "exact", Value::Bool(r.exact));
                        field(out, "level", Value::Text(r.level));
                        field(out, "hardest", Value::Text(r.hardest));
                        field(out, "steps", Value::UInt(r.steps));
                        field(out, "scale", Value::Text(r.scale));
                        if ep {
                            field(out, "ep", Value::Tenths(u64::from(r.ep)));
                            field(out, "ep_exact", Value::Bool(r.ep_exact));
                        }
                        if ed {
                            field(out, "ed", Value::Tenths(u64::from(r.ed)));
                            field(out, "ed_exact", Value::Bool(r.ed_exact));
                        }
                        if explain {
                            out.extend_from_slice(b",\"path\":");
                            push_path(out, r);
                            written.push("path");
                        }
                    }
                    None => {
                        field(out, "se", Value::Null);
                        field(
                            out,
                            "error",
                            Value::Text(record.problem.unwrap_or_default()),
                        );
                        // No rating: none carried stands in for it.
                        written.extend(["exact", "level", "hardest", "steps", "scale"]);
                        written.extend(["ep", "ep_exact", "ed", "ed_exact", "path"]);
                    }
                }
            }
        }
        for f in record.fields {
            out.push(b',');
            push_field(out, f);
            written.push(f.name);
        }
        push_labels(out, record.labels, &mut written.names);
        out.extend_from_slice(b"}\n");
    }

    fn unreadable(&self, out: &mut Vec<u8>, run: &Run, index: u64, error: &str) {
        out.extend_from_slice(&run.prefix);
        out.extend_from_slice(b"\"index\":");
        push_decimal(out, index);
        out.extend_from_slice(b",\"error\":");
        push_string(out, error);
        out.extend_from_slice(b"}\n");
    }

    fn detect(&self, line: &[u8]) -> Option<u8> {
        (line[0] == b'{').then_some(claim::SURE)
    }

    fn framer(&self) -> Box<dyn Framer> {
        Box::new(JsonFramer)
    }

    fn writes_cages(&self) -> bool {
        true
    }
}

/// Appends the fields of a shape other than the classic ones: `box`,
/// `variant`, a jigsaw's `regions`.
fn push_shape(out: &mut Vec<u8>, shape: &Shape) {
    if shape.is_classic() {
        return;
    }
    if shape.has_boxes() {
        out.extend_from_slice(b",\"box\":\"");
        out.extend_from_slice(shape.size().box_text().as_bytes());
        out.push(b'"');
    }
    out.extend_from_slice(b",\"variant\":\"");
    out.extend_from_slice(shape.variant().name().as_bytes());
    out.push(b'"');
    if let Variant::Jigsaw(layout) = shape.variant() {
        out.extend_from_slice(b",\"regions\":\"");
        out.extend_from_slice(layout.text().as_bytes());
        out.push(b'"');
    }
    if let Some(cages) = shape.cages() {
        out.extend_from_slice(b",\"cages\":[");
        for k in 0..cages.count() {
            if k > 0 {
                out.push(b',');
            }
            out.extend_from_slice(b"{\"sum\":");
            push_decimal(out, u64::from(cages.sum(k)));
            out.extend_from_slice(b",\"cells\":[");
            for (i, &c) in cages.cells(k).iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                push_decimal(out, u64::from(c));
            }
            out.extend_from_slice(b"]}");
        }
        out.push(b']');
    }
}

/// A record's `cages` (`[{"sum": 15, "cells": [0, 1, 10]}, ...]`, cells
/// row-major from 0) for a grid of side `side`; `None` without them.
fn cages_of(doc: &serde_json::Value, side: usize) -> Result<Option<Cages>, RecordError> {
    let Some(value) = doc.get("cages") else {
        return Ok(None);
    };
    let wrong = |what: &str| RecordError::Cages(CageError::Written(format!("\"cages\": {what}")));
    let list = value
        .as_array()
        .ok_or_else(|| wrong("not an array of {\"sum\", \"cells\"} objects"))?;
    let mut cages = Vec::with_capacity(list.len());
    for (k, cage) in list.iter().enumerate() {
        let sum = cage
            .get("sum")
            .and_then(serde_json::Value::as_u64)
            .and_then(|s| u32::try_from(s).ok())
            .ok_or_else(|| wrong(&format!("cage {} has no \"sum\" number", k + 1)))?;
        let cells = cage
            .get("cells")
            .and_then(serde_json::Value::as_array)
            .and_then(|cells| {
                cells
                    .iter()
                    .map(|c| c.as_u64().and_then(|c| usize::try_from(c).ok()))
                    .collect::<Option<Vec<usize>>>()
            })
            .ok_or_else(|| {
                wrong(&format!(
                    "cage {} has no \"cells\" array of cell numbers",
                    k + 1
                ))
            })?;
        cages.push(Cage { sum, cells });
    }
    Cages::new(side, &cages)
        .map(Some)
        .map_err(RecordError::Cages)
}

/// The shape a record says it has (`box`, `variant`, `regions`), if it
/// says any, for a grid field holding `value`.
fn shape_of(
    doc: &serde_json::Value,
    value: &serde_json::Value,
) -> Result<Option<Shape>, RecordError> {
    let text = |k: &str| doc.get(k).and_then(serde_json::Value::as_str);
    let (boxes, variant, regions) = (text("box"), text("variant"), text("regions"));
    let caged = doc.get("cages").is_some();
    if boxes.is_none() && variant.is_none() && regions.is_none() && !caged {
        return Ok(None);
    }
    let side = match value {
        serde_json::Value::Array(rows) => rows.len(),
        serde_json::Value::String(s) => (1..=25).find(|n| n * n == s.len()).unwrap_or(0),
        _ => 0,
    };
    let shape = Shape::from_names(side, boxes, variant, regions).map_err(RecordError::Shape)?;
    match cages_of(doc, side)? {
        Some(cages) => shape
            .with_cages(cages)
            .map(Some)
            .map_err(RecordError::Shape),
        None => Ok(Some(shape)),
    }
}

/// The grid of a field, at the shape the record says (the size forced
/// wins over the record's).
fn shaped(
    doc: &serde_json::Value,
    field: &'static str,
    value: &serde_json::Value,
    size: Option<Size>,
) -> Result<Grid, RecordError> {
    let shape = shape_of(doc, value)?;
    let mut grid = grid_of(field, value, size.or(shape.as_ref().map(Shape::size)))?;
    if let Some(shape) = shape.filter(|s| s.side() == grid.size().side()) {
        grid.set_variant(shape.variant().clone())?;
        grid.set_cages(shape.cages_arc().cloned())?;
    }
    Ok(grid)
}

/// Each line is a record.
struct JsonFramer;

impl Framer for JsonFramer {
    fn take(&mut self, line: &[u8], frames: &mut Frames<'_>) {
        let size = frames.forced_size();
        frames.push(frames.line(), Encoding::Json, size, line);
    }
}

/// Appends `grid` as an array of rows of integers.
fn push_rows(buf: &mut Vec<u8>, grid: &Grid) {
    buf.push(b'[');
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
    buf.push(b']');
}

/// Appends `,"name":value` for each label but those the record leaves out
/// and those of a name in `written` (the keys already written, which
/// grows by the names written: a name seen twice, as a CSV header may
/// repeat one, is written once). What `json` and `fpuzzles` share.
pub(super) fn push_labels<'a>(out: &mut Vec<u8>, labels: &[Label<'a>], written: &mut Vec<&'a str>) {
    for label in labels {
        // A label the record leaves out is no key (see LabelValue).
        if label.value == LabelValue::Absent
            || written.iter().any(|w| w.eq_ignore_ascii_case(label.name))
        {
            continue;
        }
        written.push(label.name);
        out.push(b',');
        push_string(out, label.name);
        out.push(b':');
        push_label_value(out, label.value);
    }
}

/// Appends `"name":value`.
pub(super) fn push_field(buf: &mut Vec<u8>, field: &Field<'_>) {
    push_string(buf, field.name);
    buf.push(b':');
    match field.value {
        Value::UInt(x) => push_decimal(buf, x),
        Value::Text(s) => push_string(buf, s),
        Value::Bool(b) => buf.extend_from_slice(if b { b"true" } else { b"false" }),
        Value::Grid(g) => push_rows(buf, g),
        Value::Null => buf.extend_from_slice(b"null"),
        Value::Tenths(x) => push_tenths(buf, x),
    }
}

/// Appends a label's value: JSON as it was read; text as a number or a
/// boolean where it is written as one (`7.2`, `true`), `null` where it is
/// empty, else as a string.
pub(super) fn push_label_value(buf: &mut Vec<u8>, value: LabelValue<'_>) {
    match value {
        LabelValue::Json(json) => buf.extend_from_slice(json.as_bytes()),
        LabelValue::Text("") | LabelValue::Absent => buf.extend_from_slice(b"null"),
        LabelValue::Text(text @ ("true" | "false")) => buf.extend_from_slice(text.as_bytes()),
        LabelValue::Text(text) if is_number(text) => buf.extend_from_slice(text.as_bytes()),
        LabelValue::Text(text) => push_string(buf, text),
    }
}

/// Whether `text` is a JSON number as written (`-12`, `7.2`, `1e5`; not
/// `007`, `.5` or `1.`).
fn is_number(text: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let rest = text.strip_prefix('-').unwrap_or(text);
    let (mantissa, exponent) = match rest.find(['e', 'E']) {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    let (whole, fraction) = match mantissa.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (mantissa, None),
    };
    digits(whole)
        && (whole == "0" || !whole.starts_with('0'))
        && fraction.is_none_or(digits)
        && exponent.is_none_or(|e| digits(e.strip_prefix(['+', '-']).unwrap_or(e)))
}

/// Appends `s` as a JSON string.
pub(super) fn push_string(buf: &mut Vec<u8>, s: &str) {
    buf.push(b'"');
    for c in s.chars() {
        match c {
            '"' => buf.extend_from_slice(b"\\\""),
            '\\' => buf.extend_from_slice(b"\\\\"),
            c if u32::from(c) < 0x20 => {
                buf.extend_from_slice(format!("\\u{:04x}", u32::from(c)).as_bytes());
            }
            c => buf.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
        }
    }
    buf.push(b'"');
}

/// Appends the path as an array of steps, for games that give hints:
/// `{"technique","rating","text","place":{"cell","value"},"removes":[...]}`,
/// then `"known_as"` where the pattern has a HoDoKu name, and a chaining
/// step's `"chains":[{"links":[{"cell","value","on","reason","from"}]}]`.
fn push_path(buf: &mut Vec<u8>, rated: &Rated<'_>) {
    buf.extend_from_slice(path_text(rated.path).as_bytes());
}

/// A path's steps as a JSON array, as `rate --explain -f json` writes its
/// `"path"` (for the bindings).
pub fn path_text(path: &[StepRecord]) -> String {
    let mut buf = Vec::new();
    buf.push(b'[');
    for (i, step) in path.iter().enumerate() {
        if i > 0 {
            buf.push(b',');
        }
        push_step(&mut buf, step);
    }
    buf.push(b']');
    String::from_utf8(buf).expect("JSON written from strings is UTF-8")
}

/// Appends one step of a path.
fn push_step(buf: &mut Vec<u8>, step: &StepRecord) {
    buf.extend_from_slice(b"{\"technique\":");
    push_string(buf, step.technique);
    buf.extend_from_slice(b",\"rating\":");
    push_tenths(buf, u64::from(step.rating));
    buf.extend_from_slice(b",\"text\":");
    push_string(buf, &step.text);
    if let Some((cell, v)) = &step.place {
        buf.extend_from_slice(b",\"place\":{\"cell\":");
        push_string(buf, cell);
        buf.extend_from_slice(b",\"value\":");
        push_decimal(buf, u64::from(*v));
        buf.push(b'}');
    }
    buf.extend_from_slice(b",\"removes\":[");
    for (j, (cell, values)) in step.removes.iter().enumerate() {
        if j > 0 {
            buf.push(b',');
        }
        buf.extend_from_slice(b"{\"cell\":");
        push_string(buf, cell);
        buf.extend_from_slice(b",\"values\":[");
        for (k, &v) in values.iter().enumerate() {
            if k > 0 {
                buf.push(b',');
            }
            push_decimal(buf, u64::from(v));
        }
        buf.extend_from_slice(b"]}");
    }
    buf.push(b']');
    if let Some(name) = step.known_as {
        buf.extend_from_slice(b",\"known_as\":");
        push_string(buf, name);
    }
    if !step.chains.is_empty() {
        buf.extend_from_slice(b",\"chains\":[");
        for (j, chain) in step.chains.iter().enumerate() {
            if j > 0 {
                buf.push(b',');
            }
            buf.extend_from_slice(b"{\"links\":[");
            for (k, link) in chain.iter().enumerate() {
                if k > 0 {
                    buf.push(b',');
                }
                push_link(buf, link);
            }
            buf.extend_from_slice(b"]}");
        }
        buf.push(b']');
    }
    buf.push(b'}');
}

/// Appends one link of a chain:
/// `{"cell":"r2c7","value":7,"on":true,"reason":"row 2","from":[0]}`.
fn push_link(buf: &mut Vec<u8>, link: &LinkRecord) {
    buf.extend_from_slice(b"{\"cell\":");
    push_string(buf, &link.cell);
    buf.extend_from_slice(b",\"value\":");
    push_decimal(buf, u64::from(link.value));
    buf.extend_from_slice(if link.on {
        b",\"on\":true"
    } else {
        b",\"on\":false"
    });
    buf.extend_from_slice(b",\"reason\":");
    push_string(buf, &link.reason);
    buf.extend_from_slice(b",\"from\":[");
    for (i, &f) in link.from.iter().enumerate() {
        if i > 0 {
            buf.push(b',');
        }
        push_decimal(buf, f as u64);
    }
    buf.extend_from_slice(b"]}");
}

/// Reads a record: an object whose `grid` (or, for puzzles, `puzzle`; for
/// canonical forms, `form`) is an array of rows of numbers, or a string of
/// symbols (`0` or `.` for empty). Other fields are ignored.
pub fn parse(line: &[u8], size: Option<Size>) -> Result<Grid, RecordError> {
    let doc = document(line)?;
    let (field, value) = grid_field(&doc)?;
    shaped(&doc, field, value, size)
}

/// [`parse`], and the record's `"solution"` if it has one (read at the
/// size of the grid, when that was read): rows or a string; `null`, as
/// `solve` writes for a puzzle without one, is none; anything else is
/// an error naming the field.
pub fn parse_with_solution(
    line: &[u8],
    size: Option<Size>,
) -> (Result<Grid, RecordError>, Option<Result<Grid, RecordError>>) {
    let doc = match document(line) {
        Ok(doc) => doc,
        Err(e) => return (Err(e), None),
    };
    let grid = grid_field(&doc).and_then(|(field, value)| shaped(&doc, field, value, size));
    let size = grid.as_ref().ok().map(Grid::size).or(size);
    let solution = match doc.get("solution") {
        None | Some(serde_json::Value::Null) => None,
        Some(value) => Some(shaped(&doc, "solution", value, size)),
    };
    (grid, solution)
}

/// [`parse_with_solution`], the rating the record carries, if any
/// (`"se"`, `"exact"`, `"level"`, as rated runs write them), and its other
/// keys as labels, added to `labels` (every key but the grids, the shape,
/// the index and the clues, which writers write themselves).
#[allow(clippy::type_complexity)]
pub fn parse_full(
    line: &[u8],
    size: Option<Size>,
    labels: &mut LabelBuf,
) -> (
    Result<Grid, RecordError>,
    Option<Result<Grid, RecordError>>,
    Option<Carried>,
) {
    let (grid, solution) = parse_with_solution(line, size);
    let doc = document(line).ok();
    if let Some(serde_json::Value::Object(map)) = &doc {
        for (key, value) in map {
            if !NOT_LABELS.contains(&key.as_str()) {
                let text = value.to_string();
                labels.push(key.as_bytes(), text.as_bytes(), true);
            }
        }
    }
    let rating = doc.and_then(|doc| {
        let se = doc.get("se")?.as_f64()?;
        let tenths = (se * 10.0).round();
        ((10.0..=250.0).contains(&tenths)).then(|| Carried {
            se: tenths as u8,
            exact: doc.get("exact").and_then(|e| e.as_bool()).unwrap_or(true),
            level: doc
                .get("level")
                .and_then(|l| l.as_str())
                .map(str::to_string),
        })
    });
    (grid, solution, rating)
}

/// The keys of a record read that are not labels: its grids, its shape,
/// its index and its number of givens (which writers compute).
const NOT_LABELS: &[&str] = &[
    "grid", "puzzle", "form", "solution", "box", "variant", "regions", "cages", "index", "clues",
];

/// A record's JSON.
fn document(line: &[u8]) -> Result<serde_json::Value, RecordError> {
    serde_json::from_slice(line).map_err(|e| RecordError::Json(e.to_string()))
}

/// The record's grid field: `grid`, else `puzzle`, else `form` (a
/// canonical form, as `canon` writes it).
fn grid_field(doc: &serde_json::Value) -> Result<(&'static str, &serde_json::Value), RecordError> {
    ["grid", "puzzle", "form"]
        .into_iter()
        .find_map(|k| Some((k, doc.get(k)?)))
        .ok_or(RecordError::JsonNoGrid)
}

/// The grid a field holds: rows of numbers, or a string of symbols.
fn grid_of(
    field: &'static str,
    value: &serde_json::Value,
    size: Option<Size>,
) -> Result<Grid, RecordError> {
    let in_field = |error: RecordError| RecordError::Field {
        field,
        error: Box::new(error),
    };
    match value {
        serde_json::Value::Array(rows) => rows_of(rows, size).map_err(in_field),
        serde_json::Value::String(text) => {
            Grid::parse_line(text.as_bytes(), size).map_err(|e| in_field(RecordError::Cells(e)))
        }
        other => Err(in_field(RecordError::JsonType {
            found: json_type(other),
        })),
    }
}

/// What kind of JSON value this is, for messages.
fn json_type(value: &serde_json::Value) -> &'static str {
    match value {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

/// The grid in an array of rows.
fn rows_of(rows: &[serde_json::Value], size: Option<Size>) -> Result<Grid, RecordError> {
    let size = match size.or(Size::from_side(rows.len())) {
        Some(s) if s.side() == rows.len() => s,
        forced => {
            return Err(RecordError::Rows {
                found: rows.len(),
                expected: forced,
            });
        }
    };
    let mut g = Grid::empty(size);
    for (r, row) in rows.iter().enumerate() {
        let row = row
            .as_array()
            .filter(|a| a.len() == size.side())
            .ok_or(RecordError::RowCells { row: r + 1, size })?;
        for (c, v) in row.iter().enumerate() {
            let v = v
                .as_u64()
                .filter(|&v| v <= size.side() as u64)
                .ok_or_else(|| RecordError::Value {
                    text: v.to_string(),
                    size,
                })?;
            g.set(r, c, v as u8);
        }
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record reads from `grid` or `puzzle`, rows or a string; anything
    /// else says which fields it looked for, or which field is wrong.
    #[test]
    fn a_record_without_a_grid_names_the_fields_read() {
        let rows = r#"[[1,2,3,4],[3,4,1,2],[2,1,4,3],[4,3,2,0]]"#;
        for field in ["grid", "puzzle", "form"] {
            for value in [rows, r#""1234341221434320""#] {
                let g = parse(format!(r#"{{"{field}":{value}}}"#).as_bytes(), None).unwrap();
                assert_eq!(g.to_string(), "123434122143432.");
            }
        }
        for line in [r#"{"board":[[1]]}"#, r#"[1,2]"#] {
            let err = parse(line.as_bytes(), None).unwrap_err();
            assert_eq!(err.to_string(), r#"no "grid", "puzzle" or "form" field"#);
        }
        let err = parse(br#"{"puzzle":7}"#, None).unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"field "puzzle": a number, expected rows of numbers or a string of symbols"#
        );
        let (grid, solution) = parse_with_solution(
            format!(r#"{{"puzzle":{rows},"solution":"abc","x":1}}"#).as_bytes(),
            None,
        );
        assert!(grid.is_ok());
        assert_eq!(
            solution.unwrap().unwrap_err().to_string(),
            r#"field "solution": 3 cells, expected 16"#
        );
        let (_, none) =
            parse_with_solution(br#"{"puzzle":"1234341221434320","solution":null}"#, None);
        assert!(none.is_none());
    }
}
