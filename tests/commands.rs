//! Byte stability of every command that reads records or reports: the
//! exact standard output, standard error and exit status of `solve`,
//! `rate`, `check`, `stats` and rated or shaped `puzzle` runs, on fixed
//! inputs (`tests/golden/inputs/`) and seeds.
//!
//! Each case is pinned in `tests/golden/commands/NAME.txt`: the command
//! line, the exit status, then standard output and standard error. The
//! files were written by this test with `SUDOGEN_BLESS=1` and read by hand;
//! a change to any of them is a change of what sudogen writes, to be
//! recorded in the changelog.

use std::path::PathBuf;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_sudogen");

fn golden() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// The cases: a name and the arguments, run in `tests/golden/inputs` with
/// an empty standard input (so file names in messages are short and fixed).
fn cases() -> Vec<(&'static str, &'static str)> {
    vec![
        // solve: every format, counting, another alphabet, inputs of every
        // format sudogen writes.
        ("solve-line", "solve puzzles.line"),
        ("solve-grid", "solve -f grid puzzles.line"),
        ("solve-csv", "solve -f csv puzzles.line"),
        ("solve-json", "solve -f json puzzles.line"),
        ("solve-count", "solve --count --limit 10 puzzles.line"),
        (
            "solve-count-json",
            "solve --count --limit 10 -f json puzzles.line",
        ),
        ("solve-count-csv", "solve --count -f csv puzzles.line"),
        ("solve-budget", "solve --budget 0 -f json puzzles.line"),
        ("solve-symbols", "solve --symbols ABCDEFGHI letters.txt"),
        (
            "solve-symbols-grid",
            "solve --symbols ABCDEFGHI -f grid letters.txt",
        ),
        (
            "solve-inputs",
            "solve ../puzzle-9.csv ../puzzle-9.json ../puzzle-9.grid ../puzzle-9.line",
        ),
        ("solve-forced", "solve --input-format csv ../puzzle-9.csv"),
        ("solve-size", "solve --size 4 puzzles.line"),
        // rate: every format, with and without the path.
        ("rate-line", "rate puzzles.line"),
        ("rate-grid", "rate -f grid puzzles.line"),
        ("rate-csv", "rate -f csv puzzles.line"),
        ("rate-json", "rate -f json puzzles.line"),
        ("rate-explain", "rate --explain ../puzzle-9.line"),
        ("rate-explain-csv", "rate --explain -f csv ../puzzle-9.line"),
        (
            "rate-explain-json",
            "rate --explain -f json ../puzzle-9.line",
        ),
        ("rate-symbols", "rate --symbols ABCDEFGHI letters.txt"),
        // rate past 9.4 (nested forcing chains): SE's ER, EP and ED in
        // every format, a work budget that gives bounds, nested steps
        // explained.
        ("rate-hard", "rate --ep --ed hard.line"),
        ("rate-hard-grid", "rate --ep -f grid hard-1.line"),
        ("rate-hard-csv", "rate --ep --ed -f csv hard.line"),
        ("rate-hard-json", "rate --ep --ed -f json hard.line"),
        ("rate-hard-work", "rate --ep --ed --work 100000 hard.line"),
        (
            "rate-hard-work-json",
            "rate --ed --work 100000 -f json hard.line",
        ),
        ("rate-hard-explain", "rate --explain hard-1.line"),
        (
            "rate-hard-explain-json",
            "rate --explain -f json hard-1.line",
        ),
        ("rate-hard-explain-csv", "rate --explain -f csv hard-1.line"),
        (
            "rate-hard-symbols",
            "rate --explain --ep --symbols ABCDEFGHI hard-letters.txt",
        ),
        // check: puzzles and grids, every rule.
        ("check-puzzles", "check puzzles.line"),
        ("check-unique", "check --unique puzzles.line"),
        ("check-grids", "check grids.line"),
        ("check-complete", "check --complete --distinct grids.line"),
        (
            "check-solutions",
            "check ../puzzle-9.line ../puzzle-9.csv ../puzzle-9.json",
        ),
        ("check-symbols", "check --symbols ABCDEFGHI letters.txt"),
        ("check-forced", "check -f line --size 9 grids.line"),
        // stats: generated and read, table and JSON.
        ("stats-generated", "stats -n 3000 --seed 3 -j 2"),
        (
            "stats-generated-json",
            "stats -s backtrack -n 2000 --seed 3 -f json",
        ),
        (
            "stats-generated-4",
            "stats --size 4 -s potential -n 3000 --seed 3",
        ),
        ("stats-read", "stats grids.line"),
        ("stats-read-json", "stats -f json grids.line"),
        ("stats-puzzles", "stats puzzles.line"),
        (
            "stats-puzzles-json",
            "stats -f json --input puzzles.line ../puzzle-9.line",
        ),
        // puzzle: rated runs and options not pinned by the golden puzzle
        // files.
        (
            "puzzle-level-json",
            "puzzle -n 3 --seed 5 --level hard -f json",
        ),
        (
            "puzzle-level-line",
            "puzzle -n 3 --seed 5 --level easy --with-solution",
        ),
        (
            "puzzle-rating-csv",
            "puzzle -n 3 --seed 5 --rating 3.0..4.0 -f csv",
        ),
        (
            "puzzle-rating-grid",
            "puzzle -n 2 --seed 5 --rating 2.0.. -f grid",
        ),
        (
            "puzzle-clues",
            "puzzle -n 3 --seed 5 --clues 30 -f csv --with-solution",
        ),
        (
            "puzzle-4-json",
            "puzzle -n 2 --seed 5 --size 4 -f json --with-solution",
        ),
        (
            "puzzle-start",
            "puzzle -n 2 --seed 5 --start 7 -s backtrack --symmetry rot180",
        ),
        ("puzzle-budget", "puzzle -n 2 --seed 5 --budget 0 -f json"),
        // killer (issue 51): the cages in the line, JSON and CSV layouts;
        // X-killer with givens.
        (
            "puzzle-killer-line",
            "puzzle -n 2 --seed 5 --variant killer --with-solution",
        ),
        (
            "puzzle-killer-json",
            "puzzle -n 2 --seed 5 --variant killer -f json --with-solution",
        ),
        (
            "puzzle-killer-csv",
            "puzzle -n 2 --seed 5 --variant killer -f csv --with-solution",
        ),
        (
            "puzzle-x-killer-6",
            "puzzle -n 2 --seed 5 --size 6 --variant x-killer --clues 3 --with-solution",
        ),
        // generate: options beside those of the golden grid files.
        (
            "generate-start",
            "generate -n 3 --seed 5 --start 18446744073709551613 -s rotate",
        ),
        (
            "generate-grid-16",
            "-s rotate --size 16 -n 2 --seed 5 -f grid",
        ),
        (
            "generate-json-25",
            "-s rotate --size 25 -n 1 --seed 5 -f json",
        ),
        ("generate-csv-4", "--size 4 -n 3 --seed 5 -f csv"),
    ]
}

/// What a run printed, as the golden file holds it.
fn transcript(args: &str) -> String {
    let out = Command::new(BIN)
        .args(args.split_whitespace())
        .current_dir(golden().join("inputs"))
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    format!(
        "$ sudogen {args}\nexit: {}\n--- stdout\n{}--- stderr\n{}",
        out.status.code().map_or("signal".into(), |c| c.to_string()),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn every_command_output_is_stable() {
    let dir = golden().join("commands");
    let bless = std::env::var_os("SUDOGEN_BLESS").is_some();
    let mut failed = Vec::new();
    for (name, args) in cases() {
        let got = transcript(args);
        let path = dir.join(format!("{name}.txt"));
        if bless {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &got).unwrap();
        }
        let expected = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e}; run with SUDOGEN_BLESS=1 once", path.display()));
        if got != expected {
            eprintln!("--- {name}: expected\n{expected}\n--- got\n{got}");
            failed.push(name);
        }
    }
    assert!(failed.is_empty(), "output changed: {failed:?}");
}

/// Every file in `commands/` belongs to a case (a case renamed or dropped
/// leaves no stale file that nothing checks).
#[test]
fn no_stale_golden_files() {
    let names: Vec<String> = cases().iter().map(|(n, _)| format!("{n}.txt")).collect();
    for entry in std::fs::read_dir(golden().join("commands")).unwrap() {
        let file = entry.unwrap().file_name().into_string().unwrap();
        assert!(names.contains(&file), "no case writes {file}");
    }
}
