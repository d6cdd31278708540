//! Reports: what `stats` measured, as an aligned table for people or one
//! JSON object for programs.

use crate::grid::Shape;
use crate::stats::Row;

/// The report as an aligned table.
pub fn table(rows: &[Row], level: f64) -> String {
    let mut out = format!(
        "{:<50} {:>12} {:>12} {:>10}  {}\n",
        "statistic",
        "value",
        "uniform",
        "p-value",
        format_args!("result (level {level})")
    );
    for r in rows {
        let num = |x: f64| {
            if x.is_nan() {
                // A test that does not apply has no value.
                String::new()
            } else if x.fract() == 0.0 && x.abs() < 1e15 {
                format!("{x:.0}")
            } else if x.abs() >= 1e-3 {
                format!("{x:.4}")
            } else {
                format!("{x:.3e}")
            }
        };
        let mut name = r.name.clone();
        if let Some(df) = r.df {
            name += &format!(" (df {df:.0})");
        }
        let result = match r.pass {
            Some(true) => "pass",
            Some(false) => "FAIL",
            None => "",
        };
        let note = if r.note.is_empty() {
            String::new()
        } else {
            format!(" ({})", r.note)
        };
        out += &format!(
            "{:<50} {:>12} {:>12} {:>10}  {result}{note}\n",
            name,
            num(r.value),
            r.expected.map(num).unwrap_or_default(),
            r.p_value.map(|p| format!("{p:.4}")).unwrap_or_default(),
        );
    }
    out
}

/// The report as one JSON object; `source` says where the grids came from,
/// and `skipped`, for grids read, how many records were invalid and how
/// many of another size. A shape other than the classic ones is named in
/// `shape` (as `9x9 X`); a test that does not apply has a `null` value.
pub fn json(
    rows: &[Row],
    shape: &Shape,
    level: f64,
    source: &str,
    skipped: Option<(u64, u64)>,
) -> serde_json::Value {
    let items: Vec<serde_json::Value> = rows
        .iter()
        .map(|r| {
            serde_json::json!({
                "name": r.name,
                "value": r.value,
                "expected": r.expected,
                "df": r.df,
                "p_value": r.p_value,
                "pass": r.pass,
                "note": r.note,
            })
        })
        .collect();
    let mut doc = serde_json::json!({
        "size": shape.side(),
        "level": level,
        "source": source,
        "statistics": items,
    });
    if !shape.is_classic() {
        doc["shape"] = serde_json::json!(shape.to_string());
    }
    if let Some((invalid, other_size)) = skipped {
        doc["skipped"] = serde_json::json!({
            "invalid": invalid,
            "other_size": other_size,
        });
    }
    doc
}
