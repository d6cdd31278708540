//! Canonicalises every puzzle of a file, one core, and prints the rate
//! (and, with `--print`, each form, `.` for empty, for comparing with
//! another minlexer's output line by line).
//!
//! ```sh
//! cargo run --release --example canon_times -- FILE [string|pattern|solution] [--general] [--print] [--transform] [--reps N]
//! ```
//!
//! `--transform` prints each form followed by a transform that maps the
//! puzzle to it.
//!
//! The file holds one puzzle per line, the first whitespace-separated
//! field, `#` lines skipped (as `sudogen solve` reads the `line` format).

use std::time::Instant;

use sudogen::Grid;
use sudogen::canon::{By, Canonicalizer};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!(
            "usage: canon_times FILE [string|pattern|solution] [--general] [--print] [--transform] [--reps N]"
        );
        std::process::exit(2);
    };
    let by = args
        .iter()
        .skip(1)
        .find_map(|a| By::from_name(a))
        .unwrap_or_default();
    let general = args.iter().any(|a| a == "--general");
    let with_transform = args.iter().any(|a| a == "--transform");
    let print = with_transform || args.iter().any(|a| a == "--print");
    let reps: usize = args
        .iter()
        .position(|a| a == "--reps")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("canon_times: {path}: {e}");
        std::process::exit(2);
    });
    let puzzles: Vec<Grid> = text
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|field| !field.starts_with('#'))
        .map(|field| Grid::parse_line(field.as_bytes(), None).expect("a puzzle"))
        .collect();
    let mut c = if general {
        Canonicalizer::general()
    } else {
        Canonicalizer::new()
    };
    let mut forms = Vec::with_capacity(puzzles.len());
    let start = Instant::now();
    for rep in 0..reps {
        for p in &puzzles {
            if with_transform {
                let canon = c.canon(p, by).expect("a valid puzzle");
                if rep == 0 {
                    forms.push((canon.form, Some(canon.transform)));
                }
            } else {
                let f = c.form(p, by).expect("a valid puzzle");
                if rep == 0 {
                    forms.push((f, None));
                }
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let done = (puzzles.len() * reps) as f64;
    eprintln!(
        "{} forms ({}, {}): {:.3} s, {:.0} a second, {:.3} µs each",
        done,
        by.name(),
        if general { "general" } else { "fast" },
        secs,
        done / secs,
        secs * 1e6 / done
    );
    if print {
        let mut out = String::new();
        for f in &forms {
            out.push_str(&f.0.to_string());
            if let Some(t) = &f.1 {
                out.push(' ');
                out.push_str(&t.to_string());
            }
            out.push('\n');
        }
        print!("{out}");
    }
}
