//! The web page: a book as one self-contained HTML file to play in a
//! browser, with hints, and to print.
//!
//! Everything is inline: the page (`page/page.html`), its style sheet
//! (`page/page.css`, the print style sheet in it) and its script
//! (`page/page.js`), built in with `include_str!`; the font, subset to the
//! grids' symbols, as a WOFF `data:` URL (as the SVG pages embed it); and
//! the book as one JSON object in a `<script type="application/json">`:
//! the shape (side, boxes or region map, diagonals, windows), the symbols,
//! each puzzle's label, givens and solution, and the hint steps. Nothing
//! is fetched, so the file works opened from disk and from any host.
//!
//! Cells are coded one character each ([`CODE`]: `0` empty, then the
//! values), so a 9x9 puzzle costs 81 bytes. The steps, most of a book's
//! weight, are one JSON array (a list of steps per puzzle) packed with
//! raw DEFLATE and written in Base64, which the page unpacks with the
//! browser's `DecompressionStream`: a hard 9x9 puzzle's path of some 60
//! steps takes about 1 KB.

use std::collections::BTreeSet;
use std::fmt::Write;

use serde_json::{Value, json};

use super::font::{self, FAMILY};
use super::{Entry, Error, Geometry, Options};
use crate::grid::Shape;
use crate::techniques::Step;

/// The page, without its style sheet, script and data.
const PAGE: &str = include_str!("page/page.html");
/// The page's style sheet, screen and print.
const STYLE: &str = include_str!("page/page.css");
/// The page's script.
const SCRIPT: &str = include_str!("page/page.js");

/// The characters that code a cell in the page's data: `0` for an empty
/// cell, then value `v` as the `v`-th character after it (up to 64,
/// [`MAX_SIDE`](super::MAX_SIDE)).
pub const CODE: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_~";

/// One step of a puzzle's solving path, as the page shows it for a hint:
/// its sentence and the cells it is about.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hint {
    /// The step in words, as `rate --explain` writes it.
    pub text: String,
    /// The cells of the pattern (0-based, row-major), besides those below.
    pub cells: Vec<usize>,
    /// The cell the step fills and its value, if it fills one.
    pub place: Option<(usize, u8)>,
    /// The cells it removes candidates from, each with the values
    /// removed.
    pub removes: Vec<(usize, Vec<u8>)>,
}

impl Hint {
    /// The hint of a rater's step on a grid of `shape`, its values
    /// written as `symbol` gives them: its text is [`Step::describe_in`];
    /// its cells those of the pattern and of the chain (each once, and
    /// none that it fills or removes from).
    pub fn from_step(step: &Step, shape: Shape, symbol: &dyn Fn(u8) -> char) -> Hint {
        let place = step.place;
        let removes: Vec<(usize, Vec<u8>)> = (step.removes.iter())
            .map(|&(c, values)| (c, values.iter().collect()))
            .collect();
        let mut seen = BTreeSet::new();
        seen.extend(place.map(|(c, _)| c));
        seen.extend(removes.iter().map(|&(c, _)| c));
        let cells = (step.cells.iter().copied())
            .chain(step.chain.iter().map(|&(c, _, _)| c))
            .filter(|&c| seen.insert(c))
            .collect();
        Hint {
            text: step.describe_in(shape, symbol),
            cells,
            place,
            removes,
        }
    }

    /// Every cell the hint points at: the pattern's, the one it fills,
    /// those it removes from.
    pub fn all_cells(&self) -> BTreeSet<usize> {
        let mut all: BTreeSet<usize> = self.cells.iter().copied().collect();
        all.extend(self.place.map(|(c, _)| c));
        all.extend(self.removes.iter().map(|&(c, _)| c));
        all
    }
}

/// Writes `entries` as one self-contained HTML page, `hints[i]` being the
/// solving path of `entries[i]` (missing or empty: no hints for it).
/// Only `geometry`, `alphabet`, `title`, `answers` and `answers_heading`
/// of `options` matter: a browser lays the page out.
pub fn write(entries: &[Entry], hints: &[Vec<Hint>], options: &Options) -> Result<String, Error> {
    super::check(entries, options)?;
    let g = &options.geometry;
    // The page's board is built for one side, boxes and variant; a killer
    // puzzle's cages and a jigsaw puzzle's regions are its own, set when
    // it is opened.
    let board = |geometry: &Geometry| Geometry {
        cages: Vec::new(),
        regions: None,
        ..geometry.clone()
    };
    let book_board = board(g);
    if let Some((index, entry)) = (entries.iter().enumerate()).find(|(_, e)| {
        e.geometry
            .as_ref()
            .is_some_and(|own| board(own) != book_board)
    }) {
        return Err(Error::Entry {
            index,
            number: entry.number,
            message: "a web page holds puzzles of one size and variant (each may have its own jigsaw map or cages), and this one's differs from the book's; write PDF or SVG for a book that mixes them, or a page for each shape".to_string(),
        });
    }
    let n = g.side;
    let symbols: Vec<char> = options.alphabet.chars().take(n).collect();
    for (index, (entry, path)) in entries.iter().zip(hints).enumerate() {
        let bad = path.iter().find(|h| {
            h.all_cells().iter().any(|&c| c >= g.cells())
                || (h.place.iter().map(|&(_, v)| v))
                    .chain(
                        h.removes
                            .iter()
                            .flat_map(|(_, values)| values.iter().copied()),
                    )
                    .any(|v| v == 0 || usize::from(v) > n)
        });
        if let Some(h) = bad {
            return Err(Error::Entry {
                index,
                number: entry.number,
                message: format!("a hint names a cell or value off the grid: {}", h.text),
            });
        }
    }
    let code: Vec<char> = CODE.chars().collect();
    let cells = |values: &[u8]| -> String {
        values
            .iter()
            .map(|&v| code.get(usize::from(v)).copied().unwrap_or('0'))
            .collect()
    };
    let mut shape = json!({ "side": n });
    match &g.regions {
        Some(r) => shape["regions"] = json!(r),
        None => shape["box"] = json!([g.box_rows, g.box_cols]),
    }
    if g.diagonals {
        shape["diagonals"] = json!(true);
    }
    if !g.windows.is_empty() {
        let w: Vec<Value> = (g.windows.iter())
            .map(|w| json!([w.row, w.col, w.height, w.width]))
            .collect();
        shape["windows"] = json!(w);
    }
    // Puzzles whose regions are not all the book's carry their own.
    let own_regions = entries
        .iter()
        .any(|e| e.geometry_in(options).regions != g.regions);
    let puzzles: Vec<Value> = entries
        .iter()
        .map(|e| {
            let mut p = json!({
                "n": e.number,
                "label": e.detail(),
                "givens": cells(&e.puzzle),
                "solution": cells(&e.solution),
            });
            if own_regions {
                p["regions"] = json!(e.geometry_in(options).regions);
            }
            let cages = &e.geometry_in(options).cages;
            if !cages.is_empty() {
                p["cages"] = json!(
                    cages
                        .iter()
                        .map(|c| json!([c.sum, c.cells]))
                        .collect::<Vec<_>>()
                );
            }
            p
        })
        .collect();
    // A step: [text, pattern cells, removals] and, if it fills a cell,
    // that cell and its value; a removal is [cell, value, ...].
    let steps: Vec<Value> = (0..entries.len())
        .map(|i| {
            let path = hints.get(i).map_or(&[][..], Vec::as_slice);
            Value::Array(
                path.iter()
                    .map(|h| {
                        let removes: Vec<Value> = (h.removes.iter())
                            .map(|(c, values)| {
                                let mut r = vec![json!(c)];
                                r.extend(values.iter().map(|v| json!(v)));
                                Value::Array(r)
                            })
                            .collect();
                        let mut s = json!([h.text, h.cells, removes]);
                        if let (Some((c, v)), Value::Array(a)) = (h.place, &mut s) {
                            a.extend([json!(c), json!(v)]);
                        }
                        s
                    })
                    .collect(),
            )
        })
        .collect();
    let packed =
        miniz_oxide::deflate::compress_to_vec(Value::Array(steps).to_string().as_bytes(), 9);
    let title = options
        .title
        .clone()
        .unwrap_or_else(|| "Sudoku".to_string());
    let book = json!({
        "title": title,
        "symbols": symbols.iter().collect::<String>(),
        "code": CODE,
        "answers": options.answers,
        "answersHeading": options.answers_heading,
        "shape": shape,
        "puzzles": puzzles,
        "steps": super::svg::base64(&packed),
    });
    // `</` would end the script element early; `<\/` is the same JSON.
    let data = book.to_string().replace("</", "<\\/");
    let font = font_face(&symbols, entries)?;
    let mut out =
        String::with_capacity(PAGE.len() + STYLE.len() + SCRIPT.len() + data.len() + 8192);
    for (i, part) in PAGE.split("{{").enumerate() {
        if i == 0 {
            out.push_str(part);
            continue;
        }
        let (key, rest) = part.split_once("}}").unwrap_or(("", part));
        match key {
            "title" => out.push_str(&super::svg::escape(&title)),
            "style" => {
                out.push_str(&font);
                out.push_str(STYLE);
            }
            "data" => out.push_str(&data),
            "script" => out.push_str(SCRIPT),
            _ => {}
        }
        out.push_str(rest);
    }
    Ok(out)
}

/// The `@font-face` rule of the built-in font, subset to the grids'
/// symbols and the characters of the labels, and the custom property
/// `--grid-font` that names it with its fallbacks.
fn font_face(symbols: &[char], entries: &[Entry]) -> Result<String, Error> {
    let mut chars: BTreeSet<char> = symbols.iter().copied().collect();
    chars.extend("#0123456789".chars());
    for e in entries {
        chars.extend(e.detail().chars());
    }
    let ttf = font::web_subset(chars.iter().copied()).map_err(Error::Font)?;
    let woff = font::woff(&ttf).map_err(Error::Font)?;
    let family = format!("{FAMILY} {}", font::tag(chars.iter().map(|&c| c as u16)));
    let mut out = String::new();
    let _ = writeln!(
        out,
        "@font-face{{font-family:'{family}';font-weight:bold;src:url(data:font/woff;base64,{}) format('woff')}}\n:root{{--grid-font:'{family}','{FAMILY}',Verdana,Arial,sans-serif}}",
        super::svg::base64(&woff)
    );
    Ok(out)
}
