//! Typesets puzzles read from standard input as a PDF or SVG book, through
//! `sudogen::print`: a way to look at the printing room before the `print`
//! command exists.
//!
//! Each line is `PUZZLE SOLUTION` (as `sudogen puzzle --with-solution -f
//! line` writes) or a puzzle alone, which is solved here, and may go on
//! with a rating and a level (as `sudogen rate` writes `PUZZLE RATING LEVEL
//! TECHNIQUE`).
//!
//! ```sh
//! sudogen puzzle -n 60 --seed 1 --with-solution -f line \
//!   | cargo run --release --example print_book -- --per-page 6 -o book.pdf
//! sudogen puzzle -n 60 --seed 1 | sudogen rate \
//!   | cargo run --release --example print_book -- --title "Sixty" -o rated.pdf
//! sudogen puzzle -n 1 --seed 4 -f line \
//!   | cargo run --release --example print_book -- --format svg -o page.svg
//! ```
//!
//! Options: `--paper NAME`, `--per-page N`, `--answers-per-page N`,
//! `--large-print`, `--title TEXT`, `--no-solutions`, `--no-page-numbers`,
//! `--alphabet SYMBOLS`, `--format pdf|svg`, `-o FILE` (SVG pages go to
//! `FILE` with `-1`, `-2`, ... before the extension; `--single` writes
//! the first puzzle alone), and, to see how variants will look (the
//! puzzles stay classic ones), `--x` (shaded diagonals) and `--hyper`
//! (9x9 with four shaded windows), `--jigsaw` (9x9 drawn with irregular
//! regions).

use std::io::{self, BufRead};
use std::process::ExitCode;

use sudogen::Grid;
use sudogen::print::{self, Entry, Geometry, Options, Paper};

/// A 9x9 Jigsaw layout, region by region, to see how region borders print.
const JIGSAW: &str = concat!(
    "AAAABBCCC",
    "AABBBBCCC",
    "DAABEBCCF",
    "DDAEEBCFF",
    "DDDEEEFFF",
    "DGDEHEFIF",
    "GGDEHHIIF",
    "GGGHHHIII",
    "GGGHHHIII",
);

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("print_book: {e}");
            ExitCode::from(1)
        }
    }
}

fn run() -> Result<(), String> {
    let mut options = Options::default();
    let (mut format, mut output, mut single) = ("pdf".to_string(), None, false);
    let (mut diagonals, mut hyper, mut jigsaw) = (false, false, false);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--paper" => options.paper = Paper::parse(&value()?)?,
            "--per-page" => options.per_page = value()?.parse().map_err(|e| format!("{e}"))?,
            "--answers-per-page" => {
                options.answers_per_page = Some(value()?.parse().map_err(|e| format!("{e}"))?)
            }
            "--large-print" => options.large_print = true,
            "--title" => options.title = Some(value()?),
            "--no-solutions" => options.answers = false,
            "--no-page-numbers" => options.page_numbers = false,
            "--alphabet" => options.alphabet = value()?,
            "--format" => format = value()?,
            "--single" => single = true,
            "--x" => diagonals = true,
            "--hyper" => hyper = true,
            "--jigsaw" => jigsaw = true,
            "-o" => output = Some(value()?),
            _ => return Err(format!("unknown argument '{arg}'")),
        }
    }
    let mut entries = Vec::new();
    for (i, line) in io::stdin().lock().lines().enumerate() {
        let line = line.map_err(|e| e.to_string())?;
        let mut fields = line.split_whitespace();
        let Some(puzzle) = fields.next() else {
            continue;
        };
        let parse = |s: &str| {
            Grid::parse_line(s.as_bytes(), None).map_err(|e| format!("line {}: {e}", i + 1))
        };
        let puzzle = parse(puzzle)?;
        let mut rest: Vec<&str> = fields.collect();
        let solution = match rest.first().map(|s| parse(s)) {
            Some(Ok(s)) => {
                rest.remove(0);
                s
            }
            _ => sudogen::solve::solve(&puzzle).ok_or(format!("line {}: no solution", i + 1))?,
        };
        // `sudogen rate` writes `PUZZLE RATING LEVEL TECHNIQUE`.
        let (rating, level) = match rest[..] {
            [r, l, ..] if r.parse::<f32>().is_ok() => (Some(r.to_string()), Some(l.to_string())),
            _ => (None, None),
        };
        options.geometry = match (hyper, jigsaw, puzzle.size().side()) {
            (true, _, 9) => Geometry::hyper(),
            (_, true, 9) => Geometry::jigsaw(9, JIGSAW.bytes().map(|b| b - b'A').collect()),
            _ => Geometry::from_size(puzzle.size()),
        };
        options.geometry.diagonals = diagonals;
        entries.push(Entry {
            level,
            rating,
            ..Entry::new(
                entries.len() as u64 + 1,
                puzzle.cells().to_vec(),
                solution.cells().to_vec(),
            )
        });
    }
    let output = output.unwrap_or_else(|| format!("book.{format}"));
    match format.as_str() {
        "pdf" => {
            let bytes = print::pdf(&entries, &options).map_err(|e| e.to_string())?;
            std::fs::write(&output, bytes).map_err(|e| format!("{output}: {e}"))?;
        }
        "svg" if single => {
            let first = entries.first().ok_or("no puzzles")?;
            let svg = print::svg_puzzle(first, &options).map_err(|e| e.to_string())?;
            std::fs::write(&output, svg).map_err(|e| format!("{output}: {e}"))?;
        }
        "svg" => {
            let pages = print::svg_pages(&entries, &options).map_err(|e| e.to_string())?;
            let (stem, ext) = output.rsplit_once('.').unwrap_or((&output, "svg"));
            for (i, page) in pages.iter().enumerate() {
                let path = format!("{stem}-{}.{ext}", i + 1);
                std::fs::write(&path, page).map_err(|e| format!("{path}: {e}"))?;
            }
        }
        _ => return Err(format!("unknown format '{format}': pdf or svg")),
    }
    Ok(())
}
