//! Value stability: the exact bytes of fixed-seed runs for every strategy,
//! size and format. A grid is a pure function of (strategy, size, seed,
//! index), so these files must never change unless we decide to break that
//! promise (and say so in the changelog).
//!
//! The files were written by this test with `SUDOGEN_BLESS=1` and checked by
//! hand; every grid in them is also checked by the validator here.

use std::path::PathBuf;
use std::process::Command;

use sudogen::format::FORMATS;
use sudogen::{Grid, Size, Strategy};

const BIN: &str = env!("CARGO_BIN_EXE_sudogen");

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// The runs pinned for each strategy: every format at 9x9, and the `line`
/// format at every other size the strategy supports.
fn cases(strategy: Strategy) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for format in FORMATS.iter().map(|f| f.name()) {
        out.push((
            format!("{strategy}-9.{format}"),
            vec![
                "-s".into(),
                strategy.name().into(),
                "-f".into(),
                format.into(),
                "-n".into(),
                "3".into(),
                "--seed".into(),
                "2026".into(),
            ],
        ));
    }
    for &size in strategy.sizes() {
        if size != Size::S9 {
            let side = size.side().to_string();
            out.push((
                format!("{strategy}-{side}.line"),
                [
                    "-s",
                    strategy.name(),
                    "--size",
                    &side,
                    "-n",
                    "2",
                    "--seed",
                    "2026",
                ]
                .map(String::from)
                .to_vec(),
            ));
        }
    }
    out
}

/// Runs the binary with `args` and compares its output with the golden file
/// `name` (written first with `SUDOGEN_BLESS=1`); returns the file's bytes.
/// npy arrays are written to files: their bytes (the solutions' array
/// after the puzzles', when there is one) stand for the output.
fn check_golden(name: &str, args: &[String]) -> Vec<u8> {
    let scratch = tempfile::tempdir().unwrap();
    let array = scratch.path().join("out.npy");
    let mut command = Command::new(BIN);
    command.args(args);
    let npy = name.ends_with(".npy");
    if npy {
        command.arg("-o").arg(&array);
    }
    let out = command.output().unwrap();
    assert!(out.status.success(), "{name}: {out:?}");
    let mut stdout = out.stdout;
    if npy {
        stdout = std::fs::read(&array).unwrap();
        if let Ok(solutions) = std::fs::read(scratch.path().join("out.solutions.npy")) {
            stdout.extend(solutions);
        }
    }
    let path = golden_dir().join(name);
    if std::env::var_os("SUDOGEN_BLESS").is_some() {
        std::fs::write(&path, &stdout).unwrap();
    }
    let expected = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; run with SUDOGEN_BLESS=1 once", path.display()));
    assert!(
        stdout == expected,
        "{name}: output differs from {}:\n{}",
        path.display(),
        String::from_utf8_lossy(&stdout)
    );
    expected
}

fn check_strategy(strategy: Strategy) {
    for (name, args) in cases(strategy) {
        let expected = check_golden(&name, &args);
        if name.ends_with(".line") {
            for line in String::from_utf8(expected).unwrap().lines() {
                assert_eq!(
                    Grid::parse(line, None).unwrap().validate(),
                    Ok(()),
                    "{name}"
                );
            }
        }
    }
}

/// Every strategy, every format, every size: a new strategy or format
/// needs no new test here, only its golden files (`SUDOGEN_BLESS=1`).
#[test]
fn every_strategy_output_is_stable() {
    for &strategy in Strategy::ALL {
        check_strategy(strategy);
    }
}

/// Puzzles are part of the contract too: every format at 9x9 (with their
/// solutions), each symmetry in the `line` format, and the other sizes.
fn puzzle_cases() -> Vec<(String, Vec<String>)> {
    let run = |name: String, extra: &[&str]| {
        let mut args: Vec<String> = ["puzzle", "-n", "3", "--seed", "2026"]
            .map(String::from)
            .to_vec();
        args.extend(extra.iter().map(|s| s.to_string()));
        (name, args)
    };
    let mut out = Vec::new();
    for format in FORMATS.iter().map(|f| f.name()) {
        out.push(run(
            format!("puzzle-9.{format}"),
            &["-f", format, "--with-solution"],
        ));
    }
    for s in sudogen::puzzle::Symmetry::ALL.iter().map(|s| s.name()) {
        out.push(run(format!("puzzle-9-{s}.line"), &["--symmetry", s]));
    }
    // The f-puzzles objects and SudokuPad links of the shapes they hold.
    out.push(run(
        "puzzle-6.fpuzzles".into(),
        &["--size", "6", "-f", "fpuzzles", "--with-solution"],
    ));
    out.push(run(
        "puzzle-x.fpuzzles".into(),
        &["--variant", "x", "-f", "fpuzzles"],
    ));
    out.push(run(
        "puzzle-hyper.sudokupad".into(),
        &["--variant", "hyper", "-f", "sudokupad", "--with-solution"],
    ));
    out.push(run(
        "puzzle-12.sudokupad".into(),
        &["--size", "12", "-f", "sudokupad", "-n", "1"],
    ));
    out.push(run("puzzle-4.line".into(), &["--size", "4"]));
    out.push(run(
        "puzzle-16.line".into(),
        &["--size", "16", "-s", "chain", "-n", "1"],
    ));
    out.push(run(
        "puzzle-25.line".into(),
        &["--size", "25", "-s", "chain", "-n", "1", "--clues", "400"],
    ));
    out
}

#[test]
fn puzzle_output_is_stable() {
    for (name, args) in puzzle_cases() {
        check_golden(&name, &args);
    }
}

#[test]
fn every_strategy_has_golden_files() {
    for &strategy in Strategy::ALL {
        for (name, _) in cases(strategy) {
            assert!(
                golden_dir().join(&name).exists(),
                "missing golden file {name}"
            );
        }
    }
}
