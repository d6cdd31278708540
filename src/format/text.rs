//! Small writing helpers the formats share: decimal numbers, cell values
//! and symbols appended to a byte buffer, and a scratch buffer per thread.

use std::io::{self, Write};

use super::record::{Rated, Record, RecordError, Searched};
use super::symbols::Symbols;
use crate::grid::{Grid, ParseError, Size};

/// Appends the decimal digits of `x` to `buf`.
#[inline]
pub fn push_decimal(buf: &mut Vec<u8>, mut x: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (x % 10) as u8;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[i..]);
}

/// Appends a cell value (0 to 25) in decimal to `buf`.
#[inline]
pub fn push_value(buf: &mut Vec<u8>, v: u8) {
    if v >= 10 {
        buf.push(b'0' + v / 10);
    }
    buf.push(b'0' + v % 10);
}

/// Appends a rating in tenths with one decimal (`72` as `7.2`).
pub fn push_tenths(buf: &mut Vec<u8>, x: u64) {
    push_decimal(buf, x / 10);
    buf.push(b'.');
    push_decimal(buf, x % 10);
}

/// Appends the grid's symbols row-major, `0` for an empty cell (how CSV
/// records and other tables write a puzzle in one field), in another
/// alphabet if any (`.` for empty when it uses `0`).
pub fn push_symbols_zero(buf: &mut Vec<u8>, grid: &Grid, symbols: Option<&Symbols>) {
    let size = grid.size();
    let empty = if symbols.is_some_and(Symbols::uses_zero) {
        b'.'
    } else {
        b'0'
    };
    let from = buf.len();
    buf.extend(grid.cells().iter().map(|&v| match v {
        0 => empty,
        v => size.symbol(v),
    }));
    if let Some(s) = symbols {
        // `.` and `0` are no standard symbols: an empty cell stays.
        s.write(buf, from);
    }
}

/// Rewrites the standard symbols of `buf[from..]` into `symbols`, if any.
pub fn rewrite(buf: &mut Vec<u8>, from: usize, symbols: Option<&Symbols>) {
    if let Some(symbols) = symbols {
        symbols.write(buf, from);
    }
}

/// Appends a count of solutions as the text formats write it: `3`, or
/// `2+` when it is only a lower bound.
pub fn push_count(buf: &mut Vec<u8>, search: &Searched) {
    push_decimal(buf, search.solutions);
    if search.at_least() {
        buf.push(b'+');
    }
    buf.push(b'\n');
}

/// Appends a rating as the text formats summarise it: `7.2 fiendish
/// forcing-chain` (`9.0+` for a lower bound).
pub fn push_summary(buf: &mut Vec<u8>, rated: &Rated<'_>) {
    push_tenths(buf, u64::from(rated.se));
    if !rated.exact {
        buf.push(b'+');
    }
    buf.push(b' ');
    buf.extend_from_slice(rated.level.as_bytes());
    buf.push(b' ');
    buf.extend_from_slice(rated.hardest.as_bytes());
}

/// Appends SE's pearl and diamond ratings as the text formats write them,
/// each when asked: ` ep 10.2 ed 2.6` (`+` after a lower bound).
pub fn push_pearls(buf: &mut Vec<u8>, rated: &Rated<'_>, ep: bool, ed: bool) {
    for (asked, name, value, exact) in [
        (ep, &b" ep "[..], rated.ep, rated.ep_exact),
        (ed, &b" ed "[..], rated.ed, rated.ed_exact),
    ] {
        if asked {
            buf.extend_from_slice(name);
            push_tenths(buf, u64::from(value));
            if !exact {
                buf.push(b'+');
            }
        }
    }
}

/// Appends the steps of a rating's path as comment lines, which readers
/// skip: `# 12. hidden single in box 3: r2c7 = 5 (1.2)`, then what the
/// path leaves out, if anything.
pub fn push_steps(buf: &mut Vec<u8>, rated: &Rated<'_>) {
    for (i, step) in rated.path.iter().enumerate() {
        buf.extend_from_slice(b"# ");
        push_decimal(buf, i as u64 + 1);
        buf.extend_from_slice(b". ");
        buf.extend_from_slice(step.text.as_bytes());
        buf.extend_from_slice(b" (");
        push_tenths(buf, u64::from(step.rating));
        buf.extend_from_slice(b")\n");
    }
    if let Some(rest) = rated.unfinished {
        buf.extend_from_slice(b"# ");
        buf.extend_from_slice(rest.as_bytes());
        buf.push(b'\n');
    }
}

/// The names of the labels a rating summary is read into and written
/// from (as a rated CSV's columns): `7.2 fiendish xy-wing ep 7.2 ed 2.6`.
pub const SUMMARY: [&str; 6] = ["se", "exact", "level", "hardest", "ep", "ed"];

/// Appends the record's rating, as the text formats summarise it (see
/// [`push_summary`] and [`push_pearls`]): the one computed, else the one
/// its labels carry (`se`, `exact`, `level`, `hardest`, `ep`, `ed`, as a
/// rated CSV has them). Returns whether it appended one.
pub fn push_rating(buf: &mut Vec<u8>, record: &Record<'_>, ep: bool, ed: bool) -> bool {
    if let Some(rated) = record.rating {
        push_summary(buf, rated);
        push_pearls(buf, rated, ep, ed);
        return true;
    }
    let Some((_, se)) = record.label_text(&["se"]) else {
        return false;
    };
    buf.extend_from_slice(se.as_bytes());
    if record
        .label_text(&["exact"])
        .is_some_and(|(_, e)| e == "false")
        && !se.ends_with('+')
    {
        buf.push(b'+');
    }
    for name in ["level", "hardest"] {
        if let Some((_, text)) = record.label_text(&[name]) {
            buf.push(b' ');
            buf.extend_from_slice(text.as_bytes());
        }
    }
    for name in ["ep", "ed"] {
        if let Some((_, text)) = record.label_text(&[name]) {
            buf.push(b' ');
            buf.extend_from_slice(name.as_bytes());
            buf.push(b' ');
            buf.extend_from_slice(text.as_bytes());
        }
    }
    true
}

/// Appends ` # COMMENT` if the record carries a comment (a label named
/// `comment`), on one line.
pub fn push_comment(buf: &mut Vec<u8>, record: &Record<'_>) {
    if let Some((_, text)) = record.label_text(&["comment"]) {
        buf.extend_from_slice(b" # ");
        push_one_line(buf, &text);
    }
}

/// Appends `text` with its line breaks as spaces.
pub fn push_one_line(buf: &mut Vec<u8>, text: &str) {
    buf.extend(
        text.bytes()
            .map(|b| if b == b'\n' || b == b'\r' { b' ' } else { b }),
    );
}

/// Appends `text` as one CSV field: as it is, or in quotes (a quote in it
/// doubled) when it holds a comma, a quote or a line break, or starts or
/// ends with white space.
pub fn push_csv_field(buf: &mut Vec<u8>, text: &str) {
    let plain = !text.contains([',', '"', '\n', '\r']) && text.trim_ascii().len() == text.len();
    if plain {
        buf.extend_from_slice(text.as_bytes());
        return;
    }
    buf.push(b'"');
    for b in text.bytes() {
        match b {
            b'"' => buf.extend_from_slice(b"\"\""),
            b'\n' | b'\r' => buf.push(b' '),
            b => buf.push(b),
        }
    }
    buf.push(b'"');
}

/// A cell's value: a symbol of the size, or a number up to its side.
pub fn cell_value(token: &[u8], size: Size) -> Result<u8, RecordError> {
    if let [b] = token {
        return size
            .value_of(*b)
            .ok_or(RecordError::Cells(ParseError::BadSymbol {
                found: char::from(*b),
                size,
            }));
    }
    std::str::from_utf8(token)
        .ok()
        .filter(|t| t.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|t| t.parse::<u8>().ok())
        .filter(|&v| usize::from(v) <= size.side())
        .ok_or_else(|| RecordError::Value {
            text: String::from_utf8_lossy(token).into_owned(),
            size,
        })
}

/// A line's first field (up to the first space, tab or carriage return)
/// and the rest.
#[inline]
pub fn first_field(line: &[u8]) -> (&[u8], &[u8]) {
    match memchr::memchr3(b' ', b'\t', b'\r', line) {
        None => (line, &[]),
        Some(i) => line.split_at(i),
    }
}

thread_local! {
    /// A scratch buffer per thread, so writing to an `io::Write` does not
    /// allocate per record.
    static SCRATCH: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Runs `build` on an empty scratch buffer and writes what it built.
#[inline]
pub fn with_scratch<W: Write + ?Sized>(
    w: &mut W,
    build: impl FnOnce(&mut Vec<u8>),
) -> io::Result<()> {
    SCRATCH.with(|cell| {
        let mut buf = cell.borrow_mut();
        buf.clear();
        build(&mut buf);
        w.write_all(&buf)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals() {
        for x in [0u64, 7, 10, 99, 12345, u64::MAX] {
            let mut b = Vec::new();
            push_decimal(&mut b, x);
            assert_eq!(b, x.to_string().into_bytes());
        }
        for v in 0..=25u8 {
            let mut b = Vec::new();
            push_value(&mut b, v);
            assert_eq!(b, v.to_string().into_bytes());
        }
        let mut b = Vec::new();
        push_tenths(&mut b, 72);
        assert_eq!(b, b"7.2");
    }
}
