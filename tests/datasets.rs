//! The dataset commands (issue 43) from the command line: canonical forms,
//! transforms, splits, distinct streams, and the layouts of the
//! machine-learning datasets, written and read. The canonical forms
//! themselves are checked against an independent reference in
//! `tests/canon.rs`.

use std::collections::HashSet;

use assert_cmd::Command as Cmd;
use predicates::prelude::*;

const BIN: &str = env!("CARGO_BIN_EXE_sudogen");

fn sudogen() -> Cmd {
    Cmd::new(BIN)
}

/// Standard output of `sudogen ARGS` with `input`, which must succeed.
fn run(args: &[&str], input: &str) -> String {
    let out = sudogen()
        .args(args)
        .write_stdin(input.to_string())
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

fn puzzles(n: &str, solutions: bool) -> String {
    let mut args = vec!["puzzle", "-n", n, "--seed", "1", "-f", "line"];
    if solutions {
        args.push("--with-solution");
    }
    run(&args, "")
}

/// The acceptance commands.
#[test]
fn acceptance() {
    let p = puzzles("1000", false);
    let forms = run(&["canon"], &p);
    assert_eq!(forms.lines().count(), 1000);
    let copies = run(&["transform", "--copies", "3", "--seed", "2"], &p);
    assert_eq!(copies.lines().count(), 3000);
    let distinct = run(&["canon", "--distinct"], &copies);
    assert_eq!(distinct.lines().count(), 1000);
    let dir = tempfile::tempdir().unwrap();
    let k = dir.path().join("k.csv");
    let kaggle = run(
        &[
            "puzzle",
            "-n",
            "1000",
            "--seed",
            "1",
            "--with-solution",
            "-f",
            "kaggle",
        ],
        "",
    );
    std::fs::write(&k, &kaggle).unwrap();
    assert!(kaggle.starts_with("quizzes,solutions\n"));
    let solved = sudogen()
        .args(["solve", "--input-format", "kaggle"])
        .arg(&k)
        .output()
        .unwrap();
    assert!(solved.status.success(), "{solved:?}");
    let expected: Vec<String> = puzzles("1000", true)
        .lines()
        .map(|l| l.split(' ').nth(1).unwrap().to_string())
        .collect();
    let got: Vec<String> = String::from_utf8(solved.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(got, expected);
}

/// Forms do not change under transforms, and `--transform` gives the
/// transform that makes each form, which `transform --given` applies.
#[test]
fn forms_are_invariant_and_their_transforms_make_them() {
    let p = puzzles("50", false);
    for by in ["string", "pattern", "solution"] {
        let forms = run(&["canon", "--by", by], &p);
        let moved = run(&["transform", "--seed", "9"], &p);
        assert_ne!(moved, p);
        assert_eq!(run(&["canon", "--by", by], &moved), forms, "{by}");
        // Each line: FORM TRANSFORM; the transform applied to the puzzle
        // gives the form.
        let with = run(&["canon", "--by", by, "--transform"], &p);
        for (line, puzzle) in with.lines().zip(p.lines()).take(10) {
            let (form, t) = line.split_once(' ').unwrap();
            let applied = run(&["transform", "--given", t], &format!("{puzzle}\n"));
            assert_eq!(applied.trim(), form, "{by}: {t}");
        }
    }
    // The forms of the three conventions differ (on most puzzles).
    let string = run(&["canon"], &p);
    let pattern = run(&["canon", "--by", "pattern"], &p);
    assert_ne!(string, pattern);
}

/// Solutions move with their puzzles, and a transform's copies are the
/// same for every `-j`.
#[test]
fn transforms_carry_solutions_and_are_reproducible() {
    let p = puzzles("30", true);
    let one = run(
        &["transform", "--copies", "4", "--seed", "3", "-j", "1"],
        &p,
    );
    let two = run(
        &["transform", "--copies", "4", "--seed", "3", "-j", "2"],
        &p,
    );
    assert_eq!(one, two);
    sudogen()
        .args(["check", "--unique"])
        .write_stdin(one.clone())
        .assert()
        .success()
        .stdout(predicate::str::contains("120 with their solutions checked"));
    assert_ne!(one, run(&["transform", "--copies", "4", "--seed", "4"], &p));
}

/// A split puts all isomorphs of a puzzle in one part, the parts' sizes
/// follow the fractions, and the same seed gives the same parts.
#[test]
fn splits_keep_isomorphs_together() {
    let dir = tempfile::tempdir().unwrap();
    let prefix = dir.path().join("d");
    let p = puzzles("300", true);
    let copies = run(&["transform", "--copies", "4", "--seed", "5"], &p);
    let split = |seed: &str| {
        sudogen()
            .args([
                "split", "--train", "0.8", "--test", "0.2", "--seed", seed, "-o",
            ])
            .arg(&prefix)
            .write_stdin(copies.clone())
            .assert()
            .success()
            .stderr(predicate::str::starts_with(
                "sudogen: note: 1200 records split: train ",
            ));
        let read = |part: &str| {
            std::fs::read_to_string(format!("{}.{part}.txt", prefix.display())).unwrap()
        };
        (read("train"), read("test"))
    };
    let (train, test) = split("1");
    assert_eq!(train.lines().count() + test.lines().count(), 1200);
    assert!(
        (150..=330).contains(&test.lines().count()),
        "{}",
        test.lines().count()
    );
    let forms = |text: &str| -> HashSet<String> {
        run(&["canon"], text).lines().map(String::from).collect()
    };
    assert!(forms(&train).is_disjoint(&forms(&test)));
    // Each puzzle's four copies are together.
    assert_eq!(test.lines().count() % 4, 0);
    assert_eq!(split("1"), (train.clone(), test));
    assert_ne!(split("2").0, train);
}

/// `split --by solution` (issue 50, item 29): the several puzzles of one
/// grid land in one part, from the solution each record carries or, without
/// one, the one found by solving it; by the puzzle's own form they do not.
#[test]
fn split_by_solution_keeps_the_puzzles_of_one_grid_together() {
    let dir = tempfile::tempdir().unwrap();
    let grids = run(&["generate", "-n", "50", "--seed", "5", "-f", "line"], "");
    // Three puzzles of each grid: `puzzle --from` with three seeds.
    let mut both = String::new();
    for seed in ["1", "2", "3"] {
        both += &run(
            &[
                "puzzle",
                "--from",
                "-",
                "--seed",
                seed,
                "--with-solution",
                "-f",
                "line",
            ],
            &grids,
        );
    }
    // The grid of each puzzle, from the file itself (no solver involved).
    let grid_of: std::collections::HashMap<String, String> = both
        .lines()
        .map(|l| {
            let (p, s) = l.split_once(' ').unwrap();
            (p.to_string(), s.to_string())
        })
        .collect();
    assert_eq!(grid_of.len(), 150);
    let alone: String = both.lines().map(|l| format!("{}\n", &l[..81])).collect();
    // How many grids have puzzles in both parts of a split of `input`.
    let shared = |by: &str, input: &str| -> usize {
        let prefix = dir.path().join(format!("by-{by}"));
        sudogen()
            .args(["split", "--by", by, "--train", "0.5", "--test", "0.5"])
            .args(["--seed", "1", "-o"])
            .arg(&prefix)
            .write_stdin(input.to_string())
            .assert()
            .success()
            .stderr(predicate::str::starts_with(
                "sudogen: note: 150 records split: train ",
            ));
        let part = |name: &str| -> HashSet<String> {
            std::fs::read_to_string(format!("{}.{name}.txt", prefix.display()))
                .unwrap()
                .lines()
                .map(|l| grid_of[&l[..81]].clone())
                .collect()
        };
        let (train, test) = (part("train"), part("test"));
        assert!(!train.is_empty() && !test.is_empty());
        train.intersection(&test).count()
    };
    // By the puzzle's own form, most grids leak (36 of 50 here).
    assert!(shared("string", &both) > 20);
    assert_eq!(shared("solution", &both), 0);
    assert_eq!(shared("solution", &alone), 0);
    // A solution that does not solve its puzzle, or a puzzle with several
    // and none carried, is named.
    let first = both.lines().next().unwrap();
    let wrong = format!("{} {}{}\n", &first[..81], &first[82..162], &first[82..83]);
    sudogen()
        .args(["split", "--by", "solution", "--train", "1", "-o"])
        .arg(dir.path().join("bad"))
        .write_stdin(wrong)
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with(
            "sudogen: <stdin>:1: its solution is not a valid grid: ",
        ));
    sudogen()
        .args(["split", "--by", "solution", "--train", "1", "-o"])
        .arg(dir.path().join("bad"))
        .write_stdin(format!("{}\n", ".".repeat(81)))
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with(
            "sudogen: <stdin>:1: more than one solution, so no solution grid to split it by; give the record its solution\n",
        ));
}

/// A record that carries a variant (CSV, JSON) is refused as `--variant`
/// is: a split's symmetries would not keep its units.
#[test]
fn split_refuses_records_that_carry_a_variant() {
    let dir = tempfile::tempdir().unwrap();
    let x = run(
        &[
            "puzzle",
            "--variant",
            "x",
            "-n",
            "2",
            "--seed",
            "1",
            "-f",
            "csv",
        ],
        "",
    );
    sudogen()
        .args(["split", "--train", "1", "-o"])
        .arg(dir.path().join("x"))
        .write_stdin(x)
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with(
            "sudogen: <stdin>:2: a 9x9 X record: split works on grids without a variant (its symmetries would not keep the units of variant x)\n",
        ));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// `canon` and `transform` refuse a record that carries a variant (CSV,
/// JSON: X, Hyper, a jigsaw's regions) as `split` does, record by record
/// (exit 1), with `unreadable` in its place; they used to write it moved
/// by the classic symmetries, which break its units. A classic record
/// beside it is still worked on.
#[test]
fn canon_and_transform_refuse_records_that_carry_a_variant() {
    let dir = tempfile::tempdir().unwrap();
    let regions = dir.path().join("regions.txt");
    std::fs::write(
        &regions,
        "AAABBBCCC\nAABBBCCCC\nAAAABBBCC\nDDDDEEEFF\nDDEEEFFFF\nDDDEEEFFF\nGGGHHHIII\nGGGHHHIII\nGGGHHHIII\n",
    )
    .unwrap();
    let regions = regions.to_str().unwrap();
    let make = |shape: &[&str], format: &str| {
        let mut args = vec!["puzzle", "-n", "1", "--seed", "1", "-f", format];
        args.extend_from_slice(shape);
        run(&args, "")
    };
    let classic = make(&[], "json");
    for (shape, named) in [
        (&["--variant", "x"][..], "9x9 X record"),
        (&["--variant", "hyper"], "9x9 hyper record"),
        (&["--regions", regions], "9x9 jigsaw record"),
    ] {
        let variant = named.split(' ').nth(1).unwrap().to_lowercase();
        for format in ["csv", "json"] {
            let records = make(shape, format);
            // In CSV the header is line 1.
            let line = if format == "csv" { 2 } else { 1 };
            for command in [&["canon"][..], &["transform", "--seed", "1"]] {
                let out = sudogen()
                    .args(command)
                    .write_stdin(format!("{records}{classic}"))
                    .output()
                    .unwrap();
                let stderr = String::from_utf8(out.stderr).unwrap();
                assert_eq!(out.status.code(), Some(1), "{command:?} {named}: {stderr}");
                assert_eq!(
                    stderr,
                    format!(
                        "sudogen: <stdin>:{line}: a {named}: {} works on grids without a variant (its symmetries would not keep the units of variant {variant})\n",
                        command[0]
                    )
                );
                let stdout = String::from_utf8(out.stdout).unwrap();
                let lines: Vec<&str> = stdout.lines().collect();
                assert_eq!(lines.len(), 2, "{stdout}");
                assert_eq!(lines[0], "unreadable");
                assert_eq!(lines[1].len(), 81, "{stdout}");
            }
        }
    }
}

/// A part's fraction given twice is refused (issue 50, item 27), not the
/// last one taken.
#[test]
fn a_fraction_given_twice_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    for (args, says) in [
        (
            &["--train", "0.5", "--train", "0.3"][..],
            "sudogen: error: --train is given 2 times (0.5, 0.3); give each part's fraction once\n",
        ),
        (
            &["--train", "0.5", "--test", "0.2", "--test", "0.2"],
            "sudogen: error: --test is given 2 times (0.2, 0.2); give each part's fraction once\n",
        ),
    ] {
        sudogen()
            .arg("split")
            .args(args)
            .arg("-o")
            .arg(dir.path().join("p"))
            .write_stdin(puzzles("3", false))
            .assert()
            .code(2)
            .stderr(says);
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// The machine-learning layouts round-trip, and files written to the
/// published layouts by other tools are read by their headers.
#[test]
fn ml_layouts_round_trip_and_read_others() {
    let p = puzzles("20", true);
    let dir = tempfile::tempdir().unwrap();
    for format in ["kaggle", "kaggle-3m", "extreme", "csv", "json"] {
        let written = run(
            &[
                "puzzle",
                "-n",
                "20",
                "--seed",
                "1",
                "--with-solution",
                "-f",
                format,
            ],
            "",
        );
        // Read back without being told the layout.
        let back = run(
            &["puzzle", "--from", "-", "--seed", "1", "--with-solution"],
            &run(&["solve"], &written),
        );
        assert_eq!(back, p, "{format}");
        sudogen()
            .arg("check")
            .write_stdin(written)
            .assert()
            .success()
            .stdout(predicate::str::contains("20 with their solutions checked"));
    }
    // npy: two arrays, read back.
    let npy = dir.path().join("p.npy");
    sudogen()
        .args([
            "puzzle",
            "-n",
            "20",
            "--seed",
            "1",
            "--with-solution",
            "-f",
            "npy",
            "-o",
        ])
        .arg(&npy)
        .assert()
        .success();
    let sols = dir.path().join("p.solutions.npy");
    let bytes = std::fs::read(&npy).unwrap();
    assert!(bytes.starts_with(b"\x93NUMPY"));
    assert!(String::from_utf8_lossy(&bytes[..128]).contains("'shape': (20, 81)"));
    assert_eq!(bytes.len() % 64, 20 * 81 % 64);
    let solved = sudogen().arg("solve").arg(&npy).output().unwrap();
    let from_file = sudogen().arg("solve").arg(&sols).output().unwrap();
    assert_eq!(solved.stdout, from_file.stdout);
    let expected: String = p
        .lines()
        .map(|l| format!("{}\n", l.split(' ').nth(1).unwrap()))
        .collect();
    assert_eq!(String::from_utf8(solved.stdout).unwrap(), expected);
    // Hand-made samples of the published layouts.
    let line = p.lines().next().unwrap();
    let (puzzle, solution) = line.split_once(' ').unwrap();
    let zeros = puzzle.replace('.', "0");
    for text in [
        format!("quizzes,solutions\n{zeros},{solution}\n"),
        format!("id,puzzle,solution,clues,difficulty\n0,{puzzle},{solution},24,1.2\n"),
        format!("source,question,answer,rating\nhardest,{puzzle},{solution},17\n"),
    ] {
        sudogen()
            .arg("check")
            .write_stdin(text.clone())
            .assert()
            .success()
            .stdout(predicate::str::contains("1 with its solution checked"));
        assert_eq!(run(&["solve"], &text), format!("{solution}\n"), "{text}");
    }
    // npy needs a file.
    sudogen()
        .args(["puzzle", "-n", "2", "-f", "npy"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("-o NAME.npy"));
}

/// Rated puzzles carry their rating in CSV and JSON.
#[test]
fn ratings_in_records() {
    let csv = run(
        &["puzzle", "-n", "3", "--seed", "1", "--rate", "-f", "csv"],
        "",
    );
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("index,puzzle,solution,clues,se,exact,level,hardest")
    );
    let rated = run(&["rate", "-f", "csv"], &puzzles("3", false));
    for (mine, theirs) in lines.zip(rated.lines().skip(1)) {
        let m: Vec<&str> = mine.split(',').collect();
        let t: Vec<&str> = theirs.split(',').collect();
        assert_eq!(&m[4..8], &t[2..6], "{mine} / {theirs}");
    }
    let json = run(
        &["puzzle", "-n", "1", "--seed", "1", "--rate", "-f", "json"],
        "",
    );
    for key in ["\"se\":", "\"level\":", "\"hardest\":"] {
        assert!(json.contains(key), "{json}");
    }
}
