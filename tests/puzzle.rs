//! `sudogen puzzle` against the real binary, every puzzle checked with the
//! tests' independent counter.

use assert_cmd::Command;
use predicates::prelude::*;
use sudogen::puzzle::Symmetry;
use sudogen::{Grid, Size};

mod common;
use common::naive_count;

const BIN: &str = env!("CARGO_BIN_EXE_sudogen");

fn sudogen() -> Command {
    Command::new(BIN)
}

fn stdout_of(args: &[&str]) -> String {
    let out = sudogen().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// Whether each single given (or, with a symmetry, each orbit of givens)
/// is needed for uniqueness.
fn is_minimal(p: &Grid, symmetry: Symmetry) -> bool {
    let n = p.size().side();
    symmetry.orbits(p.size()).iter().all(|orbit| {
        if p.cells()[orbit[0]] == 0 {
            return true;
        }
        let mut q = p.cells().to_vec();
        for &c in orbit {
            q[c] = 0;
        }
        naive_count(&mut q, n, 2) >= 2
    })
}

#[test]
fn each_puzzle_solves_to_the_grid_of_the_same_index() {
    for strategy in ["uniform", "backtrack", "bas", "chain"] {
        let puzzles = stdout_of(&[
            "puzzle",
            "-s",
            strategy,
            "-n",
            "6",
            "--seed",
            "7",
            "--with-solution",
        ]);
        let grids = stdout_of(&["generate", "-s", strategy, "-n", "6", "--seed", "7"]);
        for (line, grid) in puzzles.lines().zip(grids.lines()) {
            let (puzzle, solution) = line.split_once(' ').unwrap();
            assert_eq!(solution, grid, "{strategy}");
            let p = Grid::parse_line(puzzle.as_bytes(), None).unwrap();
            assert_eq!(
                naive_count(&mut p.cells().to_vec(), 9, 10),
                1,
                "{strategy}: {puzzle}"
            );
            assert!(is_minimal(&p, Symmetry::None), "{strategy}: {puzzle}");
            for (&a, b) in p.cells().iter().zip(grid.bytes()) {
                assert!(a == 0 || a == b - b'0');
            }
        }
        assert_eq!(puzzles.lines().count(), 6);
    }
}

#[test]
fn every_symmetry_is_kept_and_minimal_subject_to_it() {
    for &symmetry in Symmetry::ALL {
        for size in ["4", "9"] {
            let out = stdout_of(&[
                "puzzle",
                "--size",
                size,
                "-n",
                "5",
                "--seed",
                "2",
                "--symmetry",
                symmetry.name(),
            ]);
            for line in out.lines() {
                let p = Grid::parse_line(line.as_bytes(), None).unwrap();
                let n = p.size().side();
                assert!(symmetry.holds(&p), "{symmetry:?}: {line}");
                assert_eq!(naive_count(&mut p.cells().to_vec(), n, 2), 1, "{line}");
                assert!(is_minimal(&p, symmetry), "{symmetry:?}: {line}");
            }
        }
    }
}

#[test]
fn larger_sizes_make_unique_puzzles() {
    // Minimal 16x16 puzzles are beyond the naive counter: check them with
    // the library's solver, and the naive counter on 16x16 puzzles with a
    // clue target.
    let out = stdout_of(&[
        "puzzle", "-s", "chain", "--size", "16", "-n", "2", "--seed", "3",
    ]);
    for line in out.lines() {
        let p = Grid::parse_line(line.as_bytes(), Some(Size::S16)).unwrap();
        assert_eq!(sudogen::solve::count_solutions(&p, 2), 1);
        assert!(sudogen::puzzle::clues(&p) < 130, "{line}");
    }
    let out = stdout_of(&[
        "puzzle", "-s", "chain", "--size", "16", "-n", "2", "--seed", "3", "--clues", "170",
    ]);
    for line in out.lines() {
        let p = Grid::parse_line(line.as_bytes(), Some(Size::S16)).unwrap();
        assert_eq!(naive_count(&mut p.cells().to_vec(), 16, 2), 1);
    }
    let out = stdout_of(&[
        "puzzle", "-s", "chain", "--size", "25", "-n", "1", "--seed", "3", "--clues", "400",
    ]);
    let p = Grid::parse_line(out.trim_end().as_bytes(), Some(Size::S25)).unwrap();
    assert_eq!(sudogen::puzzle::clues(&p), 400);
    assert_eq!(naive_count(&mut p.cells().to_vec(), 25, 2), 1);
}

#[test]
fn the_same_bytes_for_every_number_of_jobs_start_and_shard() {
    for format in ["line", "csv", "json", "grid"] {
        let base = [
            "puzzle",
            "-n",
            "40",
            "--seed",
            "9",
            "--with-solution",
            "-f",
            format,
        ];
        let one = stdout_of(&[&base[..], &["-j", "1"]].concat());
        let two = stdout_of(&[&base[..], &["-j", "2"]].concat());
        assert_eq!(one, two, "{format}");
    }
    let whole = stdout_of(&["puzzle", "-n", "30", "--seed", "9"]);
    let head = stdout_of(&["puzzle", "-n", "12", "--seed", "9"]);
    let tail = stdout_of(&["puzzle", "-n", "18", "--seed", "9", "--start", "12"]);
    assert_eq!(whole, head + &tail);
}

#[test]
fn clue_targets_are_reached_or_refused() {
    let out = stdout_of(&[
        "puzzle", "-n", "5", "--seed", "4", "--clues", "30", "-f", "csv",
    ]);
    for record in out.lines().skip(1) {
        assert!(record.ends_with(",30"), "{record}");
    }
    assert!(out.starts_with("index,puzzle,solution,clues\n"));
    sudogen()
        .args(["puzzle", "--clues", "16"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("use 17 to 81"));
}

/// `--attempts` with a clue target tries other removal orders of the same
/// grid (issue 50, item 21): the first that reaches the target is
/// written, else the one with the fewest clues (then minimal); the note
/// says how many reached it. Puzzle `i` still solves to grid `i`, and the
/// bytes are the same for every `-j` and `--start`.
#[test]
fn clue_attempts_try_other_removal_orders() {
    let clues = |line: &str| {
        line.split(' ')
            .next()
            .unwrap()
            .bytes()
            .filter(|b| b.is_ascii_digit() && *b != b'0')
            .count()
    };
    let base = [
        "puzzle",
        "-n",
        "20",
        "--seed",
        "1",
        "--with-solution",
        "--clues",
        "22",
    ];
    let once = stdout_of(&base);
    let above = once.lines().filter(|l| clues(l) > 22).count();
    assert!(above > 5, "{above} of 20 above 22 clues in one order each");
    let out = sudogen()
        .args(base)
        .args(["--attempts", "200"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "sudogen: note: --clues 22 --attempts 200: all 20 puzzles reached 22 clues\n"
    );
    let tried = String::from_utf8(out.stdout).unwrap();
    assert_eq!(tried.lines().count(), 20);
    for (a, b) in once.lines().zip(tried.lines()) {
        let (puzzle, solution) = b.split_once(' ').unwrap();
        // The same grid; the plain order's puzzle when it reached the target.
        assert_eq!(solution, a.split_once(' ').unwrap().1);
        assert_eq!(clues(b), 22, "{b}");
        if clues(a) == 22 {
            assert_eq!(a, b);
        }
        let p = Grid::parse_line(puzzle.as_bytes(), None).unwrap();
        assert_eq!(naive_count(&mut p.cells().to_vec(), 9, 2), 1, "{puzzle}");
        for (&g, s) in p.cells().iter().zip(solution.bytes()) {
            assert!(g == 0 || g == s - b'0');
        }
    }
    let args = [&base[..], &["--attempts", "200", "-j", "1"]].concat();
    assert_eq!(stdout_of(&args), tried);
    let tail = [&args[..], &["--start", "12", "-n", "8"]].concat();
    let tail = stdout_of(&tail);
    assert_eq!(
        tail,
        tried
            .lines()
            .skip(12)
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    );

    // Out of reach in 30 orders: the fewest clues found, a minimal puzzle,
    // never more clues than the plain order's.
    let far = ["puzzle", "-n", "4", "--seed", "1", "--clues", "19"];
    let plain = stdout_of(&far);
    let out = sudogen()
        .args(far)
        .args(["--attempts", "30"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("sudogen: note: --clues 19 --attempts 30: 0 of 4 puzzles reached 19 clues; 4 stayed above after 30 removal orders each and are written with the fewest clues found ("),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
    let best = String::from_utf8(out.stdout).unwrap();
    for (a, b) in plain.lines().zip(best.lines()) {
        assert!(clues(b) <= clues(a), "{a} {b}");
        let p = Grid::parse_line(b.as_bytes(), None).unwrap();
        assert!(is_minimal(&p, Symmetry::None), "{b}");
    }
    // Without a target there is nothing to retry toward.
    sudogen()
        .args(["puzzle", "-n", "2", "--attempts", "10"])
        .assert()
        .code(2)
        .stderr("sudogen: error: --attempts 10 retries toward --clues, --rating or --level, and none was given; add one, or leave out --attempts\n");
}

/// A search budget bounds each puzzle's checks: a given whose check runs
/// out stays, the puzzle stays unique, and the run says so and exits 1.
#[test]
fn a_search_budget_bounds_the_checks_and_says_so() {
    let args = ["puzzle", "-n", "20", "--seed", "1", "--with-solution"];
    let out = sudogen()
        .args(args)
        .args(["--budget", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("sudogen: ")
            && stderr.contains(
                " kept givens whose uniqueness check ran out of the search budget (0 guesses per puzzle; puzzles 0, "
            )
            && stderr.ends_with(
                "): unique, but not known to be minimal; raise --budget, or stop earlier with --clues\n"
            ),
        "{stderr}"
    );
    let grids = stdout_of(&["generate", "-n", "20", "--seed", "1"]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let mut not_minimal = 0;
    for (line, grid) in stdout.lines().zip(grids.lines()) {
        let (puzzle, solution) = line.split_once(' ').unwrap();
        assert_eq!(solution, grid);
        let p = Grid::parse_line(puzzle.as_bytes(), None).unwrap();
        assert_eq!(naive_count(&mut p.cells().to_vec(), 9, 2), 1, "{puzzle}");
        not_minimal += usize::from(!is_minimal(&p, Symmetry::None));
    }
    assert_eq!(stdout.lines().count(), 20);
    assert!(not_minimal > 0, "the report would be needless");
    // A budget no check comes near changes nothing, and says nothing.
    sudogen()
        .args(args)
        .args(["--budget", "1000000000"])
        .assert()
        .code(0)
        .stderr("")
        .stdout(stdout_of(&args));
    // With a clue target, unchecked givens are reported only when the
    // puzzle stays above it.
    let clues = ["puzzle", "--seed", "1", "--budget", "0", "--clues"];
    sudogen()
        .args(clues)
        .args(["30", "-n", "3"])
        .assert()
        .code(0)
        .stderr("");
    sudogen()
        .args(clues)
        .args(["26", "-n", "20"])
        .assert()
        .code(1)
        .stderr(
            "sudogen: 1 puzzle kept givens whose uniqueness check ran out of the search budget \
             (0 guesses per puzzle; puzzle 13): unique, but above 26 clues; raise --budget\n",
        );
    // A minimal 25x25 puzzle can take hours; with a small budget the pass
    // ends at once, unique.
    let out = sudogen()
        .args([
            "puzzle", "--size", "25", "-s", "chain", "-n", "1", "--seed", "6",
        ])
        .args(["--budget", "2000"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("(2000 guesses per puzzle; puzzle 0)"),
        "{stderr}"
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let p = Grid::parse_line(stdout.trim_end().as_bytes(), Some(Size::S25)).unwrap();
    assert_eq!(sudogen::solve::count_solutions(&p, 2), 1);
}

#[test]
fn every_format_reads_back_as_unique_puzzles() {
    for format in ["line", "csv", "json"] {
        let out = stdout_of(&[
            "puzzle",
            "-n",
            "10",
            "--seed",
            "5",
            "-f",
            format,
            "--with-solution",
        ]);
        sudogen()
            .args(["check", "--unique"])
            .write_stdin(out.clone())
            .assert()
            .code(0)
            .stdout(predicate::str::starts_with(
                "10 grids read: 10 valid, 0 invalid",
            ));
        let solved = sudogen().arg("solve").write_stdin(out).output().unwrap();
        assert_eq!(
            String::from_utf8(solved.stdout).unwrap(),
            stdout_of(&["-n", "10", "--seed", "5"]),
            "{format}"
        );
    }
}

#[test]
fn stats_reports_the_clue_counts_of_puzzles() {
    let puzzles = stdout_of(&["puzzle", "-n", "200", "--seed", "6", "-f", "csv"]);
    let expected: Vec<usize> = puzzles
        .lines()
        .skip(1)
        .map(|r| r.rsplit(',').next().unwrap().parse().unwrap())
        .collect();
    let mean = expected.iter().sum::<usize>() as f64 / expected.len() as f64;
    let out = sudogen()
        .args(["stats", "--input", "-", "-f", "json"])
        .write_stdin(puzzles)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = doc["statistics"].as_array().unwrap();
    let value = |name: &str| {
        rows.iter()
            .find(|r| r["name"] == name)
            .unwrap_or_else(|| panic!("no {name}: {doc}"))["value"]
            .as_f64()
            .unwrap()
    };
    assert_eq!(value("puzzles"), 200.0);
    assert!((value("clues per puzzle: mean") - mean).abs() < 1e-9);
    let total: f64 = rows
        .iter()
        .filter(|r| r["name"].as_str().unwrap().starts_with("puzzles with "))
        .map(|r| r["value"].as_f64().unwrap())
        .sum();
    assert_eq!(total, 200.0);
}

/// `check` reads back the solutions `puzzle --with-solution` writes, in
/// every format that puts them beside the puzzle, and checks them: a
/// solution that changes a given is a problem of its record (exit 1).
#[test]
fn check_checks_the_solutions_written_beside_the_puzzles() {
    for format in ["line", "csv", "json"] {
        let args = ["puzzle", "-n", "30", "--seed", "6", "--with-solution"];
        let text = stdout_of(&[&args[..], &["-f", format]].concat());
        sudogen()
            .arg("check")
            .write_stdin(text.clone())
            .assert()
            .success()
            .stdout(
                "30 grids read: 30 valid, 0 invalid (30 of the valid are puzzles with \
                 empty cells), 30 with their solutions checked\n",
            );
        // Record 7's solution with its digits 1 and 2 exchanged: still a
        // valid grid, but not this puzzle's (a puzzle has givens of at
        // least eight values). In JSON only the solution's rows change.
        let record = if format == "csv" { 8 } else { 7 };
        let swap = |s: &str| -> String {
            s.chars()
                .map(|c| match c {
                    '1' => '2',
                    '2' => '1',
                    c => c,
                })
                .collect()
        };
        let lines: Vec<String> = text
            .lines()
            .enumerate()
            .map(|(i, l)| match (i + 1 == record, format) {
                (false, _) => l.to_string(),
                (true, "line") => {
                    let (p, s) = l.split_once(' ').unwrap();
                    format!("{p} {}", swap(s))
                }
                (true, "csv") => {
                    let f: Vec<&str> = l.split(',').collect();
                    format!("{},{},{},{}", f[0], f[1], swap(f[2]), f[3])
                }
                (true, _) => {
                    let (head, tail) = l.split_once("\"solution\":").unwrap();
                    format!("{head}\"solution\":{}", swap(tail))
                }
            })
            .collect();
        let out = sudogen()
            .arg("check")
            .write_stdin(lines.join("\n") + "\n")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{format}: {out:?}");
        let report = String::from_utf8(out.stdout).unwrap();
        let first = report.lines().next().unwrap();
        assert!(
            first.starts_with(&format!(
                "<stdin>:{record}: its solution does not keep the given at r"
            )),
            "{format}: {report}"
        );
        assert!(
            report.ends_with(", 29 with their solutions checked\n")
                && report.contains("30 grids read: 29 valid, 1 invalid"),
            "{format}: {report}"
        );
    }
}
