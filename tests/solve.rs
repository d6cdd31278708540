//! The solver against an independent one, and `sudogen solve` against the
//! real binary.

use assert_cmd::Command;
use predicates::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudogen::random::grid_rng;
use sudogen::solve::{Search, count_solutions, search};
use sudogen::{Grid, Size, Strategy};

mod common;
use common::{naive_count, scratch_dir};

const BIN: &str = env!("CARGO_BIN_EXE_sudogen");

/// A random puzzle of `size`: a grid with `blanks` cells emptied, and with
/// probability 1/4 one given changed (often making it unsolvable).
fn random_puzzle(size: Size, blanks: usize, rng: &mut ChaCha8Rng, seed: u64) -> Grid {
    let strategy = if size <= Size::S9 {
        Strategy::Uniform
    } else {
        Strategy::Chain
    };
    let mut g = strategy.grid(&mut grid_rng(seed, 0), size);
    let cells = size.cells();
    for _ in 0..blanks {
        let i = rng.random_range(0..cells);
        g.cells_mut()[i] = 0;
    }
    if rng.random_range(0..4) == 0 {
        let i = rng.random_range(0..cells);
        g.cells_mut()[i] = rng.random_range(1..=size.side() as u8);
    }
    g
}

#[test]
fn the_solver_agrees_with_an_independent_one_at_every_size() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let (mut none, mut one, mut many) = (0, 0, 0);
    for (size, puzzles, blanks) in [
        (Size::S4, 1500, 4..14),
        (Size::S9, 1500, 35..65),
        (Size::S16, 150, 60..120),
        (Size::S25, 30, 100..180),
    ] {
        for k in 0..puzzles {
            let b = rng.random_range(blanks.clone());
            let puzzle = random_puzzle(size, b, &mut rng, k);
            for limit in [1, 2, 10] {
                let expected = naive_count(&mut puzzle.cells().to_vec(), size.side(), limit);
                let got = count_solutions(&puzzle, limit);
                assert_eq!(got, expected, "{size} limit {limit}: {puzzle:?}");
                if limit == 10 {
                    match got {
                        0 => none += 1,
                        1 => one += 1,
                        _ => many += 1,
                    }
                }
            }
            // The first solution is a valid grid that keeps the givens.
            if let Some(solution) = search(&puzzle, Search::default()).first {
                assert!(solution.is_valid());
                for (&p, &s) in puzzle.cells().iter().zip(solution.cells()) {
                    assert!(p == 0 || p == s);
                }
            }
        }
    }
    // The sample covers all three outcomes well.
    assert!(none > 100 && one > 100 && many > 100, "{none} {one} {many}");
}

fn sudogen() -> Command {
    Command::new(BIN)
}

/// A puzzle with a unique solution, and its solution.
const PUZZLE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const SOLUTION: &str =
    "468931527751624839392578461134756298289413675675289314846192753513867942927345186";

#[test]
fn solve_writes_the_solution_of_each_puzzle_in_order() {
    let input = format!(
        "# a comment\n{PUZZLE} 126732\n\n{}\r\n",
        PUZZLE.replace('.', "0")
    );
    sudogen()
        .arg("solve")
        .write_stdin(input)
        .assert()
        .success()
        .stdout(format!("{SOLUTION}\n{SOLUTION}\n"));
}

#[test]
fn unsolvable_and_ambiguous_puzzles_are_reported_and_exit_1() {
    let mut conflict = PUZZLE.to_string();
    conflict.replace_range(1..2, "4");
    let ambiguous = ".".repeat(81);
    let input = format!("{PUZZLE}\n{conflict}\n{ambiguous}\n");
    sudogen()
        .arg("solve")
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(format!(
            "{SOLUTION}\n{conflict} # no solution\n{ambiguous} # 2+ solutions\n"
        ))
        .stderr("sudogen: <stdin>:2: no solution\nsudogen: <stdin>:3: 2+ solutions\n");
}

#[test]
fn counting_gives_known_answers() {
    sudogen()
        .args(["solve", "--count", "--limit", "1000"])
        .write_stdin(format!(
            "{}\n{}\n{PUZZLE}\n",
            ".".repeat(16),
            ".".repeat(81)
        ))
        .assert()
        .success()
        .stdout("288\n1000+\n1\n");
}

#[test]
fn malformed_input_exits_2_and_names_the_line() {
    sudogen()
        .arg("solve")
        .write_stdin(format!("{PUZZLE}\nhello\n"))
        .assert()
        .code(2)
        .stdout(format!("{SOLUTION}\nunreadable\n"))
        .stderr(predicate::str::starts_with("sudogen: <stdin>:2: "));
}

/// A file that is mostly not puzzles names its first 20 unreadable
/// records, then counts the rest in one line, per input; the good
/// puzzles among them are still solved, each unreadable one has
/// `unreadable` in its place, and the run exits 2.
#[test]
fn unreadable_records_are_named_up_to_twenty_per_input_then_counted() {
    let dir = scratch_dir();
    let mut bad = String::new();
    for i in 0..50 {
        bad.push_str(if i == 30 { PUZZLE } else { "12345" });
        bad.push('\n');
    }
    let (a, b) = (dir.path().join("a.txt"), dir.path().join("b.txt"));
    std::fs::write(&a, &bad).unwrap();
    std::fs::write(&b, "12345\n".repeat(22)).unwrap();
    let out = sudogen().arg("solve").arg(&a).arg(&b).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    // One answer per record, `unreadable` where it could not be read.
    let answers = format!(
        "{}{SOLUTION}\n{}",
        "unreadable\n".repeat(30),
        "unreadable\n".repeat(19 + 22)
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), answers);
    let err = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 42, "{err}");
    let (a, b) = (a.display(), b.display());
    assert_eq!(
        lines[0],
        format!(
            "sudogen: {a}:1: 5 cells, expected 16, 36, 64, 81, 100, 144, 196, 225, 256, 324, 400, 441, 484, 576 or 625"
        )
    );
    assert_eq!(
        lines[19],
        format!(
            "sudogen: {a}:20: 5 cells, expected 16, 36, 64, 81, 100, 144, 196, 225, 256, 324, 400, 441, 484, 576 or 625"
        )
    );
    let more = |name, n, all| {
        format!("sudogen: {name}: {n} more records could not be read ({all} in all); ")
    };
    assert!(lines[20].starts_with(&more(&a, 29, 49)), "{err}");
    assert_eq!(
        lines[21],
        format!(
            "sudogen: {b}:1: 5 cells, expected 16, 36, 64, 81, 100, 144, 196, 225, 256, 324, 400, 441, 484, 576 or 625"
        )
    );
    assert!(lines[41].starts_with(&more(&b, 2, 22)), "{err}");
    // Twenty exactly: no summary line.
    sudogen()
        .arg("solve")
        .write_stdin("12345\n".repeat(20))
        .assert()
        .code(2)
        .stderr(predicate::function(|e: &str| {
            e.lines().count() == 20 && !e.contains("more records")
        }));
}

#[test]
fn json_carries_the_puzzle_the_solution_and_the_effort() {
    let out = sudogen()
        .args(["solve", "-f", "json"])
        .write_stdin(format!("{PUZZLE}\n"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["index"], 0);
    assert_eq!(doc["solutions"], 1);
    assert_eq!(doc["solution"][0][0], 4);
    assert_eq!(doc["puzzle"][0][1], 0);
    assert!(doc["guesses"].is_u64());
}

#[test]
fn the_output_is_the_same_for_every_number_of_jobs() {
    let puzzles = sudogen()
        .args(["-n", "3000", "--seed", "5", "-f", "line"])
        .output()
        .unwrap()
        .stdout;
    // Blank a third of each grid's cells: many puzzles have several
    // solutions, which exercises the reports too.
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let text: String = String::from_utf8(puzzles)
        .unwrap()
        .lines()
        .map(|l| {
            let mut b = l.as_bytes().to_vec();
            for _ in 0..30 {
                b[rng.random_range(0..81)] = b'.';
            }
            String::from_utf8(b).unwrap() + "\n"
        })
        .collect();
    let run = |jobs: &str| {
        sudogen()
            .args(["solve", "-j", jobs])
            .write_stdin(text.clone())
            .output()
            .unwrap()
    };
    let one = run("1");
    for jobs in ["2", "5"] {
        let other = run(jobs);
        assert_eq!(one.stdout, other.stdout, "-j{jobs}");
        assert_eq!(one.stderr, other.stderr, "-j{jobs}");
        assert_eq!(one.status.code(), other.status.code());
    }
    assert_eq!(String::from_utf8(one.stdout).unwrap().lines().count(), 3000);
}

#[test]
fn other_alphabets_are_read_and_written() {
    // A 16x16 grid written with A-P, two cells emptied.
    let grid = sudogen()
        .args(["-s", "rotate", "--size", "16", "--seed", "2", "-f", "line"])
        .output()
        .unwrap()
        .stdout;
    let standard = String::from_utf8(grid).unwrap();
    let letters: String = standard
        .trim_end()
        .chars()
        .map(|c| {
            let v = c.to_digit(36).unwrap() as u8;
            char::from(b'A' + v - 1)
        })
        .collect();
    let mut puzzle = letters.clone().into_bytes();
    puzzle[0] = b'.';
    puzzle[100] = b'.';
    sudogen()
        .args(["solve", "--symbols", "ABCDEFGHIJKLMNOP"])
        .write_stdin(puzzle)
        .assert()
        .success()
        .stdout(format!("{letters}\n"));
    sudogen()
        .args(["solve", "--symbols", "ABC"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--symbols has 3 characters"));
    // Characters, not bytes: four Greek letters are four characters, read
    // and written as they are; ASCII punctuation is not usable.
    sudogen()
        .args(["solve", "--symbols", "αβγδ"])
        .write_stdin("αβγδγδαββαδγδγβ.\n")
        .assert()
        .success()
        .stdout("αβγδγδαββαδγδγβα\n");
    sudogen()
        .args(["solve", "--symbols", "AB!D"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr("sudogen: error: --symbols must be letters, digits or characters beyond ASCII; '!' is not usable\n");
}

#[test]
fn the_budget_stops_a_search_and_says_so() {
    sudogen()
        .args(["solve", "--count", "--limit", "1000000", "--budget", "10"])
        .write_stdin(format!("{}\n", ".".repeat(81)))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "search budget of 10 guesses exceeded",
        ));
    // The count of a search cut short is a lower bound, written as one.
    let out = sudogen()
        .args(["solve", "--count", "--limit", "1000000", "--budget", "10"])
        .write_stdin(format!("{}\n", ".".repeat(81)))
        .output()
        .unwrap();
    let count = String::from_utf8(out.stdout).unwrap();
    let n: u64 = count.trim_end().strip_suffix('+').unwrap().parse().unwrap();
    assert!(n < 1_000_000, "{count}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains(&format!("({n} solutions found)")),
        "{stderr}"
    );
}

/// `check --unique` gives up on a puzzle whose search runs out of budget,
/// reports it, and exits 1; `--budget` alone is a usage error.
#[test]
fn check_unique_is_bounded_by_the_budget() {
    let puzzles = sudogen()
        .args(["puzzle", "-n", "8", "--seed", "1"])
        .output()
        .unwrap()
        .stdout;
    let puzzles = String::from_utf8(puzzles).unwrap();
    // Which of them the solver settles without a guess.
    let mut expected = String::new();
    let mut cut = 0;
    for (i, line) in puzzles.lines().enumerate() {
        let p = Grid::parse_line(line.as_bytes(), None).unwrap();
        if search(&p, Search::default()).guesses > 0 {
            cut += 1;
            expected += &format!(
                "<stdin>:{}: search budget of 0 guesses exceeded before uniqueness was settled; raise --budget\n",
                i + 1
            );
        }
    }
    assert!(cut > 0 && cut < 8, "{cut} of 8 need a guess");
    let valid = 8 - cut;
    let puzzles_phrase = if valid == 1 {
        "is a puzzle"
    } else {
        "are puzzles"
    };
    expected += &format!(
        "8 grids read: {valid} valid, {cut} invalid ({valid} of the valid {puzzles_phrase} with empty cells)\n"
    );
    sudogen()
        .args(["check", "--unique", "--budget", "0"])
        .write_stdin(puzzles.clone())
        .assert()
        .code(1)
        .stdout(expected);
    sudogen()
        .args(["check", "--unique"])
        .write_stdin(puzzles.clone())
        .assert()
        .code(0);
    sudogen()
        .args(["check", "--budget", "0"])
        .write_stdin(puzzles)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--unique"));
}

#[test]
fn check_unique_solves_each_puzzle() {
    let input = format!("{PUZZLE}\n{}\n{SOLUTION}\n", ".".repeat(81));
    sudogen()
        .arg("check")
        .write_stdin(input.clone())
        .assert()
        .code(0)
        .stdout("3 grids read: 3 valid, 0 invalid (2 of the valid are puzzles with empty cells)\n");
    sudogen()
        .args(["check", "--unique"])
        .write_stdin(input.clone())
        .assert()
        .code(1)
        .stdout("<stdin>:2: 2+ solutions\n3 grids read: 2 valid, 1 invalid (1 of the valid is a puzzle with empty cells)\n");
    sudogen()
        .args(["check", "--complete"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("<stdin>:1: cell r1c2 is empty"));
}

/// Output starts at once: each solution is written as soon as its puzzle
/// is read, while the input is still open, at every `-j` (a batch ends
/// rather than wait for more input, batches are sized by time, the input
/// is read on a thread of its own, and each batch's output is flushed).
/// So a program can feed puzzles one at a time and read each answer.
/// Before, `solve` waited for a thousand puzzles or the end of the input.
/// (The timeout only turns a hang into a failure; nothing here is timed.)
#[test]
fn each_solution_is_written_before_the_input_ends() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command as StdCommand, Stdio};
    use std::sync::mpsc;
    use std::time::Duration;
    let puzzles = sudogen()
        .args(["puzzle", "-n", "3", "--seed", "5", "--with-solution"])
        .output()
        .unwrap()
        .stdout;
    let puzzles = String::from_utf8(puzzles).unwrap();
    for jobs in ["1", "2", "3"] {
        let mut child = StdCommand::new(BIN)
            .args(["solve", "-j", jobs])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if tx.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        let mut answers = Vec::new();
        for line in puzzles.lines() {
            let (puzzle, solution) = line.split_once(' ').unwrap();
            writeln!(stdin, "{puzzle}").unwrap();
            stdin.flush().unwrap();
            let got = rx.recv_timeout(Duration::from_secs(120));
            let answered = got.is_ok();
            answers.push((got, solution));
            if !answered {
                break;
            }
        }
        drop(stdin);
        let status = child.wait().unwrap();
        reader.join().unwrap();
        for (got, solution) in answers {
            assert_eq!(
                got.as_deref(),
                Ok(solution),
                "-j {jobs}: no answer before more input"
            );
        }
        assert!(status.success());
    }
}
