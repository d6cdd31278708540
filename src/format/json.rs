//! The `json` format: JSON Lines, one object per record. The run's fields
//! come first, then `"index"` and `"grid"` (rows as arrays of integers, 0
//! for an empty cell), then the record's own fields:
//! `{"strategy":"backtrack","size":9,"seed":7,"index":0,"grid":[[...],...]}`.

use std::io::{self, Write};

use super::read::RecordError;
use super::{Field, Record, Value, push_decimal, push_value, with_scratch};
use crate::grid::{Grid, Size};

/// Writes `record` as one object; `prefix` is `{` and the run's fields,
/// each followed by a comma.
pub fn write_record<W: Write + ?Sized>(
    w: &mut W,
    prefix: &[u8],
    with_grid: bool,
    record: &Record<'_>,
) -> io::Result<()> {
    with_scratch(w, |buf| {
        buf.extend_from_slice(prefix);
        buf.extend_from_slice(b"\"index\":");
        push_decimal(buf, record.index);
        if with_grid {
            buf.extend_from_slice(b",\"grid\":");
            push_rows(buf, record.grid);
        }
        for field in record.fields {
            buf.push(b',');
            push_field(buf, field);
        }
        buf.extend_from_slice(b"}\n");
    })
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

/// Appends `"name":value`.
pub(crate) fn push_field(buf: &mut Vec<u8>, field: &Field<'_>) {
    push_string(buf, field.name);
    buf.push(b':');
    match field.value {
        Value::UInt(x) => push_decimal(buf, x),
        Value::Text(s) => push_string(buf, s),
        Value::Bool(b) => buf.extend_from_slice(if b { b"true" } else { b"false" }),
        Value::Grid(g) => push_rows(buf, g),
        Value::Null => buf.extend_from_slice(b"null"),
        Value::Tenths(x) => {
            push_decimal(buf, x / 10);
            buf.push(b'.');
            push_decimal(buf, x % 10);
        }
        Value::Json(s) => buf.extend_from_slice(s.as_bytes()),
    }
}

/// Appends `s` as a JSON string.
pub(crate) fn push_string(buf: &mut Vec<u8>, s: &str) {
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

/// Reads a record: an object whose `grid` (or, for puzzles, `puzzle`) is
/// an array of rows.
pub fn parse(line: &[u8], size: Option<Size>) -> Result<Grid, RecordError> {
    rows_of(&document(line)?, &["grid", "puzzle"], size)
}

/// [`parse`], and the record's `"solution"` rows if it has them (read at
/// the size of the grid, when that was read).
pub fn parse_with_solution(
    line: &[u8],
    size: Option<Size>,
) -> (Result<Grid, RecordError>, Option<Result<Grid, RecordError>>) {
    let doc = match document(line) {
        Ok(doc) => doc,
        Err(e) => return (Err(e), None),
    };
    let grid = rows_of(&doc, &["grid", "puzzle"], size);
    let size = grid.as_ref().ok().map(Grid::size).or(size);
    // Rows only: `null`, as `solve` writes for a puzzle without one, is no
    // solution, and neither is a string (grids in JSON are read as rows).
    let solution = doc
        .get("solution")
        .filter(|s| s.is_array())
        .map(|_| rows_of(&doc, &["solution"], size));
    (grid, solution)
}

/// A record's JSON.
fn document(line: &[u8]) -> Result<serde_json::Value, RecordError> {
    serde_json::from_slice(line).map_err(|e| RecordError::Json(e.to_string()))
}

/// The grid in the rows of the first of `keys` that `doc` has.
fn rows_of(
    doc: &serde_json::Value,
    keys: &[&str],
    size: Option<Size>,
) -> Result<Grid, RecordError> {
    let rows = keys
        .iter()
        .find_map(|&k| doc.get(k))
        .and_then(|g| g.as_array())
        .ok_or(RecordError::JsonNoGrid)?;
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

    /// A record reads from `grid` or `puzzle` rows; anything else says
    /// which fields it looked for.
    #[test]
    fn a_record_without_rows_names_the_fields_read() {
        let rows = r#"[[1,2,3,4],[3,4,1,2],[2,1,4,3],[4,3,2,0]]"#;
        for field in ["grid", "puzzle"] {
            let g = parse(format!(r#"{{"{field}":{rows}}}"#).as_bytes(), None).unwrap();
            assert_eq!(g.to_string(), "123434122143432.");
        }
        for line in [
            r#"{"puzzle":"1234341221434320"}"#,
            r#"{"board":[[1]]}"#,
            r#"[1,2]"#,
        ] {
            let err = parse(line.as_bytes(), None).unwrap_err();
            assert_eq!(err.to_string(), r#"no "grid" or "puzzle" array of rows"#);
        }
    }
}
