//! The `sudokupad` format: one link per record that opens the puzzle in
//! SudokuPad, `https://sudokupad.app/fpuzzles` followed by the puzzle's
//! f-puzzles object (see [`fpuzzles`](super::fpuzzles)) compressed with
//! lz-string's `compressToBase64`, the form SudokuPad's own f-puzzles
//! loader reads (`fpuzzles` or `fpuz`, then the data). The object carries
//! the puzzle's shape (regions, X's diagonals, Hyper's windows) and, when
//! the record has it, its solution, which SudokuPad checks the player's
//! grid against.
//!
//! As in the `line` format, what a command adds follows the link on its
//! line: a rating, a `# comment`. The links are read back (their data
//! decompressed and read as an f-puzzles object), and so are f-puzzles's
//! own (`https://f-puzzles.com/?load=...`), so that every command takes
//! them. f-puzzles draws grids up to 16x16: larger ones are refused, as
//! in `fpuzzles`.

use super::fpuzzles;
use super::line;
use super::record::{Content, Record};
use super::spec::{Framer, Frames, RecordFormat, Run, claim};
use super::symbols::Symbols;
use crate::grid::{Grid, Shape};

/// What every link written starts with: SudokuPad's address and the name
/// of its f-puzzles loader.
pub const PREFIX: &str = "https://sudokupad.app/fpuzzles";

/// The longest compressed data read from a link, in characters: a 16x16
/// puzzle with its solution takes about 2,000, and lz-string's output can
/// grow as the square of its input, so a longer one is refused rather
/// than unpacked.
pub const MAX_DATA: usize = 16 * 1024;

/// The `sudokupad` format.
#[derive(Clone, Copy, Debug)]
pub struct Sudokupad;

impl RecordFormat for Sudokupad {
    fn writes_cages(&self) -> bool {
        true
    }

    fn name(&self) -> &'static str {
        "sudokupad"
    }

    fn description(&self) -> &'static str {
        "links that open each puzzle in SudokuPad (https://sudokupad.app/fpuzzles... with its f-puzzles object), one per line"
    }

    fn layout(&self, content: Content) -> &'static str {
        match content {
            Content::Grids => "one SudokuPad link per line, every cell given",
            Content::Puzzles { .. } => {
                "one SudokuPad link per line, with the solution inside when written; then its rating, when rated"
            }
            Content::Solutions { .. } => {
                "each puzzle's solution as a SudokuPad link (one not solved as it was, then `# what is wrong`); with --count, its number of solutions"
            }
            Content::Ratings { .. } => {
                "`LINK RATING LEVEL HARDEST` per puzzle, the solution inside the link; with --explain, each step on a `#` line"
            }
            Content::Forms { .. } => {
                "each record's canonical form as a SudokuPad link; with --transform, the transform after a space"
            }
        }
    }

    fn write(&self, out: &mut Vec<u8>, run: &Run, record: &Record<'_>) {
        line::write_record(out, run, record, push_link);
    }

    fn holds(&self, shape: &Shape) -> Result<(), String> {
        fpuzzles::holds(shape.clone())
    }

    fn detect(&self, line: &[u8]) -> Option<u8> {
        let (first, _) = super::text::first_field(line);
        data_of(first).map(|_| claim::SURE)
    }

    fn framer(&self) -> Box<dyn Framer> {
        Box::new(SudokupadFramer)
    }
}

/// Appends a grid's link, its solution inside, if any (no newline). The
/// alphabet option does not apply: f-puzzles writes numbers.
fn push_link(out: &mut Vec<u8>, grid: &Grid, solution: Option<&Grid>, _: Option<&Symbols>) {
    out.extend_from_slice(PREFIX.as_bytes());
    out.extend_from_slice(link_data(grid, solution).as_bytes());
}

/// The data of a grid's link: its f-puzzles object, compressed.
pub fn link_data(grid: &Grid, solution: Option<&Grid>) -> String {
    let mut json = Vec::new();
    fpuzzles::push_core(&mut json, grid, solution, [None; 3]);
    json.push(b'}');
    // The object is UTF-8: what push_core writes is.
    lz_str::compress_to_base64(String::from_utf8_lossy(&json).as_ref())
}

/// The compressed data of a link, if `field` is one: SudokuPad's
/// (`https://sudokupad.app/fpuzzles...`, `.../fpuz...`, with or without
/// `https://` and `www.`) or f-puzzles's (`https://f-puzzles.com/?load=...`).
fn data_of(field: &[u8]) -> Option<&[u8]> {
    let mut rest = field;
    for scheme in [&b"https://"[..], b"http://"] {
        if let Some(r) = rest.strip_prefix(scheme) {
            rest = r;
            break;
        }
    }
    rest = rest.strip_prefix(b"www.").unwrap_or(rest);
    if let Some(r) = rest.strip_prefix(b"sudokupad.app/") {
        let r = r.strip_prefix(b"?puzzleid=").unwrap_or(r);
        return r
            .strip_prefix(b"fpuzzles")
            .or_else(|| r.strip_prefix(b"fpuz"));
    }
    rest.strip_prefix(b"f-puzzles.com/?load=")
}

/// Reads lines: a link, then what the record says about itself.
struct SudokupadFramer;

impl Framer for SudokupadFramer {
    fn take(&mut self, text: &[u8], frames: &mut Frames<'_>) {
        let (first, rest) = super::text::first_field(text);
        let parsed = match data_of(first) {
            None => Err("not a SudokuPad link (https://sudokupad.app/fpuzzles...)".to_string()),
            Some(data) => read_data(data),
        };
        fpuzzles::frame(parsed, frames);
        line::take_trailing(rest.trim_ascii_start(), frames);
    }
}

/// Reads a link's data: `%`-escapes undone, lz-string's base64
/// decompressed, the f-puzzles object read.
pub(super) fn read_data(data: &[u8]) -> Result<fpuzzles::Parsed, String> {
    if data.len() > MAX_DATA {
        return Err(format!(
            "a link of {} characters of data; sudogen reads links up to {MAX_DATA}",
            data.len()
        ));
    }
    let data = unescape(data);
    let text = std::str::from_utf8(&data)
        .ok()
        .filter(|t| {
            t.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"+/=".contains(&b))
        })
        .ok_or("the link's data is not lz-string's base64 (letters, digits, `+`, `/`, `=`)")?;
    let wide = lz_str::decompress_from_base64(text)
        .filter(|w| !w.is_empty())
        .ok_or("the link's data does not decompress (lz-string base64); was the link cut?")?;
    let json = String::from_utf16(&wide).map_err(|_| "the link's data decompresses to no text")?;
    fpuzzles::read_object(json.as_bytes())
}

/// `data` with its `%XX` escapes undone (a link copied from an address
/// bar may have them).
fn unescape(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len());
    let mut i = 0;
    while i < data.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        match (data[i], data.get(i + 1).copied(), data.get(i + 2).copied()) {
            (b'%', Some(a), Some(b)) if hex(a).is_some() && hex(b).is_some() => {
                out.push((hex(a).unwrap_or(0) * 16 + hex(b).unwrap_or(0)) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Size;

    #[test]
    fn links_are_recognised() {
        let data = |t: &str| data_of(t.as_bytes()).map(|d| String::from_utf8_lossy(d).into_owned());
        assert_eq!(
            data("https://sudokupad.app/fpuzzlesN4Ig").as_deref(),
            Some("N4Ig")
        );
        assert_eq!(data("sudokupad.app/fpuzN4Ig").as_deref(), Some("N4Ig"));
        assert_eq!(
            data("https://www.f-puzzles.com/?load=N4Ig").as_deref(),
            Some("N4Ig")
        );
        assert_eq!(data("https://sudokupad.app/scl123"), None);
        assert_eq!(data("3x3:abc"), None);
    }

    #[test]
    fn a_link_reads_back_its_grid() {
        let grid = Grid::parse("1..4.4.22.4.43.1", None).unwrap();
        let data = link_data(&grid, None);
        let read = read_data(data.as_bytes()).unwrap();
        assert_eq!(read.shape, grid.shape().clone());
        assert_eq!(read.givens, grid.cells());
        let escaped = data.replace('+', "%2B").replace('/', "%2F");
        assert_eq!(read_data(escaped.as_bytes()).unwrap().givens, grid.cells());
        let _ = Size::S4;
    }

    /// Garbage, cut links and long ones are errors, never a panic or a
    /// long unpacking.
    #[test]
    fn bad_links_say_what_is_wrong() {
        let err = |t: &str| read_data(t.as_bytes()).unwrap_err();
        assert!(err("").contains("does not decompress"), "{}", err(""));
        assert!(err("!!").contains("not lz-string's base64"));
        let grid = Grid::parse("1..4.4.22.4.43.1", None).unwrap();
        let data = link_data(&grid, None);
        let cut = &data[..data.len() / 2];
        let e = err(cut);
        assert!(e.contains("decompress") || e.contains("not JSON"), "{e}");
        assert!(err(&"A".repeat(MAX_DATA + 1)).contains("up to 16384"));
        // Every prefix of a link, and a few thousand bytes of noise, are
        // read or refused.
        for end in 0..data.len() {
            let _ = read_data(&data.as_bytes()[..end]);
        }
        let mut x = 12345u64;
        let noise: String = (0..MAX_DATA)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                char::from(
                    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
                        [(x % 64) as usize],
                )
            })
            .collect();
        let started = std::time::Instant::now();
        let _ = read_data(noise.as_bytes());
        assert!(started.elapsed().as_secs() < 2);
    }
}
