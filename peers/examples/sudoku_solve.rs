//! The `sudoku` crate's side of the whole-process comparison with
//! `sudogen solve FILE`: reads a file of 81-character puzzles (lines
//! starting with `#` and blank lines skipped, anything after the first
//! word ignored), solves each checking that the solution is unique, and
//! writes one solution per line (the puzzle followed by `# not unique` when
//! it has none or several), as sudogen's line format does.
//!
//!   cargo build --release --example sudoku_solve
//!   target/release/examples/sudoku_solve FILE > solutions.txt

use std::io::{BufRead, BufReader, BufWriter, Write};

fn main() -> std::io::Result<()> {
    let path = std::env::args().nth(1).expect("usage: sudoku_solve FILE");
    let input = BufReader::new(std::fs::File::open(path)?);
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut solutions = [[0u8; 81]; 2];
    for line in input.lines() {
        let line = line?;
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let word = line.split_whitespace().next().unwrap_or_default();
        match sudoku::Sudoku::from_str_line(word) {
            // Up to two solutions, into a buffer (no allocation): one means
            // unique.
            Ok(puzzle) => match puzzle.solutions_up_to_buffer(&mut solutions, 2) {
                1 => {
                    let mut text = [0u8; 82];
                    for (t, &v) in text.iter_mut().zip(&solutions[0]) {
                        *t = b'0' + v;
                    }
                    text[81] = b'\n';
                    out.write_all(&text)?;
                }
                _ => writeln!(out, "{word} # not unique")?,
            },
            Err(_) => writeln!(out, "unreadable")?,
        }
    }
    out.flush()
}
