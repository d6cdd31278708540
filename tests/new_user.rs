//! What a new user hit (issue 40), one test per finding: stopping when the
//! reader leaves, honest messages, and the layouts people's files have.
//! Each test failed before its fix.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::Command as Cmd;
use predicates::prelude::*;

const BIN: &str = env!("CARGO_BIN_EXE_sudogen");

fn sudogen() -> Cmd {
    Cmd::new(BIN)
}

/// Standard output of a run that must succeed.
fn stdout_of(args: &[&str]) -> String {
    let out = Command::new(BIN).args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// Runs `args` with `input`, reads one line of its output, closes the
/// pipe, and returns how long the run took to end after that, and its
/// exit status; a run still going after `limit` is killed and fails.
fn leave_after_one_line(args: &[&str], input: &str, limit: Duration) -> (Duration, Option<i32>) {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(!line.is_empty(), "{args:?} wrote nothing");
    // The reader is gone (its end of the pipe was dropped above).
    let left = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return (left.elapsed(), status.code());
        }
        if left.elapsed() > limit {
            let _ = child.kill();
            panic!("{args:?} still running {limit:?} after its reader left");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

// 1. The run stops soon after its reader leaves, even while the workers
//    are busy on a record that would take minutes.
#[test]
fn a_run_stops_when_its_reader_leaves_even_mid_record() {
    // A grid that counts at once, then an empty 25x25 grid whose count
    // would run for hours.
    let input = format!("1234341221434321\n{}\n", ".".repeat(625));
    for jobs in ["1", "2"] {
        let args = [
            "solve",
            "--count",
            "--limit",
            "1000000000000",
            "--budget",
            "100000000000",
            "-j",
            jobs,
        ];
        let (after, status) = leave_after_one_line(&args, &input, Duration::from_secs(30));
        assert!(after < Duration::from_secs(5), "-j {jobs}: {after:?}");
        assert_eq!(status, Some(0), "-j {jobs}");
    }
}

/// The issue's own case: 25x25 puzzles piped to `head -1` (release only:
/// the first minimal 25x25 puzzle takes tens of seconds).
#[test]
#[ignore = "release only: a minimal 25x25 puzzle takes tens of seconds"]
fn puzzles_of_25x25_piped_to_head_stop_at_once() {
    let args = [
        "puzzle", "--size", "25", "-n", "100", "--seed", "1", "-j", "2",
    ];
    let (after, status) = leave_after_one_line(&args, "", Duration::from_secs(60));
    eprintln!("stopped {after:?} after the first line");
    assert!(after < Duration::from_secs(5), "{after:?}");
    assert_eq!(status, Some(0));
}

// 3. A clue target out of reach is said once, with what was reached.
#[test]
fn a_clue_target_out_of_reach_is_said() {
    let out = Command::new(BIN)
        .args(["puzzle", "--clues", "17", "-n", "20", "--seed", "1"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 20);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("sudogen: note: --clues 17: 20 puzzles stayed above 17 clues (")
            && err.contains("median")
            && err.contains("How few clues"),
        "{err}"
    );
    // A target reached is not mentioned.
    sudogen()
        .args(["puzzle", "--clues", "40", "-n", "5", "--seed", "1"])
        .assert()
        .success()
        .stderr("");
}

// 4. Every command that reads records fails on an empty input.
#[test]
fn empty_input_is_a_failure_everywhere() {
    for (command, says) in [
        ("solve", "no puzzles in the input; nothing was solved"),
        ("rate", "no puzzles in the input; nothing was rated"),
        ("check", "no grids in the input; nothing was checked"),
        (
            "stats",
            "no grids or puzzles in the input; nothing to measure",
        ),
    ] {
        let mut cmd = sudogen();
        cmd.arg(command);
        if command == "stats" {
            cmd.arg("-");
        }
        cmd.write_stdin("")
            .assert()
            .code(1)
            .stderr(format!("sudogen: error: {says}\n"));
    }
}

// 5. Readers check the fields they use, and ignore the others.
#[test]
fn json_fields_are_checked_and_named() {
    let puzzle = stdout_of(&[
        "puzzle",
        "-n",
        "1",
        "--seed",
        "3",
        "--with-solution",
        "-f",
        "json",
    ]);
    let bad = puzzle.replace(
        "\"solution\":[[",
        "\"unknown\":1,\"solution\":\"abc\",\"x\":[[",
    );
    sudogen()
        .arg("check")
        .write_stdin(bad)
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with(
            "<stdin>:1: its solution: field \"solution\": 3 cells, expected 81\n",
        ));
    let typed = puzzle.replace("\"solution\":[[", "\"solution\":7,\"x\":[[");
    sudogen()
        .arg("check")
        .write_stdin(typed)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "field \"solution\": a number, expected rows of numbers or a string of symbols",
        ));
    // Strings of symbols are grids too, and unknown fields are ignored.
    let line = stdout_of(&["puzzle", "-n", "1", "--seed", "3", "--with-solution"]);
    let (p, s) = line.trim().split_once(' ').unwrap();
    sudogen()
        .arg("check")
        .write_stdin(format!("{{\"id\":9,\"puzzle\":\"{p}\",\"solution\":\"{s}\"}}\n"))
        .assert()
        .success()
        .stdout("1 grid read: 1 valid, 0 invalid (1 of the valid is a puzzle with empty cells), 1 with its solution checked\n");
}

/// The text between the first pair of backticks.
fn quoted(text: &str) -> &str {
    text.split('`').nth(1).unwrap_or_default()
}

/// What `sudogen COMMAND --help` says a format's records look like.
fn layout(command: &str, format: &str) -> String {
    let help = stdout_of(&[command, "--help"]);
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let output = flat
        .find("-f, --format")
        .unwrap_or_else(|| panic!("{command}: {flat}"));
    let at = flat[output..]
        .find(&format!("- {format}: "))
        .unwrap_or_else(|| panic!("{command}: {flat}"));
    flat[output + at..].to_string()
}

// 6. Each command's help describes what it writes, as a real record has it.
#[test]
fn each_help_describes_its_own_records() {
    let puzzles = stdout_of(&["puzzle", "-n", "2", "--seed", "1"]);
    let run = |command: &str, format: &str| -> String {
        let mut args = vec![command, "-f", format];
        match command {
            "generate" => args.extend(["-n", "2", "--seed", "1"]),
            "puzzle" => args.extend(["-n", "2", "--seed", "1", "--with-solution"]),
            _ => {}
        }
        let out = sudogen()
            .args(&args)
            .write_stdin(puzzles.clone())
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}: {out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    for command in ["generate", "puzzle", "solve", "rate"] {
        // CSV: the header the help quotes is the first line written.
        let csv = run(command, "csv");
        let header = quoted(&layout(command, "csv")).replace(",...", "");
        assert!(
            csv.starts_with(&header),
            "{command}: help says {header}, writes {csv}"
        );
        // JSON: the fields the help names are the record's, in order.
        let json = run(command, "json");
        let record: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
        let mut keys: Vec<&str> = record
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let described = layout(command, "json");
        let mut named: Vec<&str> = quoted(&described)
            .trim_matches(|c| c == '{' || c == '}')
            .split(',')
            .collect();
        keys.sort_unstable();
        named.sort_unstable();
        assert_eq!(keys, named, "{command}");
    }
}

// 7. One true description of `uniform`.
#[test]
fn uniform_is_described_as_it_works() {
    let help = stdout_of(&["--help"]);
    assert!(
        help.contains("exact uniform sampling by band counting"),
        "{help}"
    );
    assert!(!help.contains("rejection"), "{help}");
}

// 8. A missing shell is clap's usual message, on one line, with the shells.
#[test]
fn completions_without_a_shell_lists_the_shells() {
    sudogen()
        .arg("completions")
        .assert()
        .code(2)
        .stderr(
            "sudogen: error: the following required argument was not provided: <SHELL> (one of bash, elvish, fish, powershell, zsh); see 'sudogen completions --help'\n",
        );
}

// 9 and 10. Negative numbers reach their parsers, which name the range:
// the size's own range for clues.
#[test]
fn negative_numbers_get_their_range() {
    for (args, says) in [
        (
            &["-j", "-1"][..],
            "'-1' is not a number of worker threads; use 1 to 256",
        ),
        (
            &["puzzle", "--rating", "-1..3"],
            "'-1' is not a rating; use 1.0 to 20.0",
        ),
        (
            &["puzzle", "--clues", "-1"],
            "--clues -1 is not possible for a 9x9 puzzle with one solution; use 17 to 81",
        ),
        (&["puzzle", "--clues", "0", "--size", "4"], "use 4 to 16"),
        (&["stats", "--level", "-0.5"], "'-0.5' is not a level"),
    ] {
        let out = sudogen().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains(says) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}

// 11 and 18. Alphabets: a repeated symbol is named; ranges; output in
// the alphabet asked for.
#[test]
fn alphabets_are_named_and_written() {
    sudogen()
        .args(["solve", "--symbols", "ABCDEFGHA"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr("sudogen: error: --symbols must be distinct: 'A' appears twice; each value needs its own\n");
    let hex = stdout_of(&["generate", "--symbols", "0-F", "-n", "2", "--seed", "4"]);
    let plain = stdout_of(&["generate", "--size", "16", "-n", "2", "--seed", "4"]);
    let back: String = plain
        .chars()
        .map(|c| match c.to_digit(17) {
            Some(v) if v > 0 => char::from_digit(v - 1, 16).unwrap().to_ascii_uppercase(),
            _ => c,
        })
        .collect();
    assert_eq!(hex, back);
    // What is written in an alphabet reads back in it.
    let letters = stdout_of(&[
        "puzzle",
        "--symbols",
        "A-I",
        "-n",
        "3",
        "--seed",
        "4",
        "--with-solution",
    ]);
    assert!(
        letters.bytes().all(|b| b"ABCDEFGHI. \n".contains(&b)),
        "{letters}"
    );
    sudogen()
        .args(["check", "--symbols", "A-I"])
        .write_stdin(letters)
        .assert()
        .success();
    let csv = stdout_of(&[
        "puzzle",
        "--symbols",
        "A-I",
        "-n",
        "1",
        "--seed",
        "4",
        "-f",
        "csv",
    ]);
    let puzzle = csv.lines().nth(1).unwrap().split(',').nth(1).unwrap();
    assert!(puzzle.bytes().all(|b| b"ABCDEFGHI0".contains(&b)), "{csv}");
}

// 12. A file in another alphabet, read without --symbols, says which.
#[test]
fn a_file_in_letters_suggests_its_alphabet() {
    let puzzles = stdout_of(&["puzzle", "-n", "2", "--seed", "10"]);
    let letters: String = puzzles
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(v) => char::from(b'A' + v as u8 - 1),
            None => c,
        })
        .collect();
    let out = sudogen()
        .arg("solve")
        .write_stdin(letters.clone())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    let first = err.lines().next().unwrap();
    assert!(
        first.starts_with("sudogen: <stdin>:1: '")
            && first.ends_with("; read it with --symbols ABCDEFGHI"),
        "{err}"
    );
    sudogen()
        .args(["solve", "--symbols", "ABCDEFGHI"])
        .write_stdin(letters)
        .assert()
        .success();
}

// 13. A record one cell short, with a comment after it.
#[test]
fn a_record_one_cell_short_says_so() {
    let puzzle = stdout_of(&["puzzle", "-n", "1", "--seed", "2"]);
    sudogen()
        .arg("check")
        .write_stdin(format!("{} # from a book\n", &puzzle.trim()[..80]))
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with(
            "<stdin>:1: 80 cells where 81 are expected\n",
        ));
}

// 14. Layouts people have: Project Euler's, values separated by spaces or
// commas, empty cells as - _ * or named with --empty.
#[test]
fn common_layouts_are_read() {
    let puzzle = stdout_of(&["puzzle", "-n", "1", "--seed", "5"])
        .trim()
        .to_string();
    let expected = {
        let out = sudogen()
            .arg("solve")
            .write_stdin(format!("{puzzle}\n"))
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let zeros = puzzle.replace('.', "0");
    let rows: Vec<&str> = (0..9).map(|r| &zeros[9 * r..9 * r + 9]).collect();
    let spaced: String = zeros.chars().map(|c| format!("{c} ")).collect();
    let commas: Vec<String> = zeros.chars().map(String::from).collect();
    for (what, text, extra) in [
        (
            "Project Euler",
            format!("Grid 01\n{}\n", rows.join("\n")),
            None,
        ),
        ("spaces", format!("{spaced}\n"), None),
        ("commas", format!("{}\n", commas.join(",")), None),
        ("dashes", format!("{}\n", puzzle.replace('.', "-")), None),
        (
            "underscores",
            format!("{}\n", puzzle.replace('.', "_")),
            None,
        ),
        ("stars", format!("{}\n", puzzle.replace('.', "*")), None),
        (
            "x with --empty",
            format!("{}\n", puzzle.replace('.', "x")),
            Some("x"),
        ),
    ] {
        let mut cmd = sudogen();
        cmd.arg("solve");
        if let Some(chars) = extra {
            cmd.args(["--empty", chars]);
        }
        let out = cmd.write_stdin(text).output().unwrap();
        assert!(out.status.success(), "{what}: {out:?}");
        assert_eq!(String::from_utf8(out.stdout).unwrap(), expected, "{what}");
    }
}

// 15. CSV as other programs write it; field counts right.
#[test]
fn csv_layouts_of_other_programs() {
    let line = stdout_of(&["puzzle", "-n", "1", "--seed", "6", "--with-solution"]);
    let (p, s) = line.trim().split_once(' ').unwrap();
    let z = p.replace('.', "0");
    for text in [
        format!("quizzes,solutions\n{z},{s}\n"),
        format!("\"{z}\",\"{s}\"\n"),
        format!(",puzzle,solution\n0,{z},{s}\n"),
        format!("0,{z},{s},24\n"),
        format!("index,puzzle,solution,clues\n0,{z},{s},24\n"),
        format!("source,question,answer,rating\n\"book, p. 3\",{z},{s},1.5\n"),
    ] {
        sudogen()
            .arg("check")
            .write_stdin(text.clone())
            .assert()
            .success()
            .stdout(predicate::str::contains("1 with its solution checked"));
    }
    sudogen()
        .arg("check")
        .write_stdin("1,2,3,4\n")
        .assert()
        .code(1)
        .stdout(predicate::str::contains("a CSV record of 4 fields"));
}

// 17. Puzzles from the user's own grids: the same puzzles as from the
// generated grids they are.
#[test]
fn puzzles_from_the_users_grids() {
    let grids = stdout_of(&["generate", "-n", "4", "--seed", "8"]);
    let made = stdout_of(&["puzzle", "-n", "4", "--seed", "8", "--with-solution"]);
    sudogen()
        .args(["puzzle", "--from", "-", "--seed", "8", "--with-solution"])
        .write_stdin(grids.clone())
        .assert()
        .success()
        .stdout(made);
    // Something that is not a grid is named, and the run fails.
    sudogen()
        .args(["puzzle", "--from", "-", "--seed", "8"])
        .write_stdin(format!("{}\n{grids}", ".".repeat(81)))
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with(
            "sudogen: <stdin>:1: not a complete valid grid (cell r1c1 is empty), so no puzzle",
        ));
}

// 2. Every value printed uses the run's symbols: the steps of --explain
// too.
#[test]
fn explained_steps_use_the_runs_symbols() {
    let puzzle = stdout_of(&["puzzle", "-n", "1", "--seed", "3"]);
    let letters: String = puzzle
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(v) => char::from(b'A' + v as u8 - 1),
            None => c,
        })
        .collect();
    let out = sudogen()
        .args(["rate", "--explain", "--symbols", "A-I"])
        .write_stdin(letters)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let steps: Vec<&str> = text.lines().filter(|l| l.starts_with("# ")).collect();
    assert!(steps.len() > 20, "{text}");
    for step in steps {
        // `r1c5 = A`: the value after each `= ` is a letter.
        for value in step.split(" = ").skip(1) {
            let v = value.chars().next().unwrap();
            assert!(('A'..='I').contains(&v), "{step}");
        }
    }
    // 16x16 values above 9 are letters in the standard alphabet too.
    let p16 = stdout_of(&[
        "puzzle", "--size", "16", "-s", "chain", "-n", "1", "--seed", "2",
    ]);
    let text = sudogen()
        .args(["rate", "--explain"])
        .write_stdin(p16)
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    let placed: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("# "))
        .flat_map(|l| l.split(" = ").skip(1))
        .map(|v| v.split_whitespace().next().unwrap())
        .collect();
    assert!(placed.len() > 20, "{text}");
    // One symbol each (`B`, not `11`), and some of them letters.
    assert!(placed.iter().all(|v| v.chars().count() == 1), "{placed:?}");
    assert!(
        placed
            .iter()
            .any(|v| v.chars().all(|c| c.is_ascii_uppercase())),
        "{placed:?}"
    );
}
