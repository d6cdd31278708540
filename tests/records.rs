//! Records keep what they came with (issue 50, items 5, 6, 16, 19, 25):
//! every column of the input, a line's rating and comment, and the
//! solution, through every command that passes records on, in every
//! format that can hold them; the layouts that always have a solution get
//! one; what is written reads back.
//!
//! The outputs are read here by readers of the test's own (a small CSV
//! parser, `serde_json` for JSON Lines), and solutions are checked by the
//! independent counter of `tests/common`, not by the library.

mod common;

use std::path::Path;
use std::process::{Command, Output};

use common::{Scratch, line_cells, naive_count, scratch_dir};

const BIN: &str = env!("CARGO_BIN_EXE_sudogen");

/// Runs `sudogen ARGS` in `dir`.
fn sudogen(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap()
}

/// Standard output of a run that must succeed.
fn ok(dir: &Path, args: &[&str]) -> String {
    let out = sudogen(dir, args);
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// The rows of a CSV text, each a list of fields: RFC 4180 as written by
/// hand here (fields separated by commas, a field in quotes may hold
/// commas, a quote inside quotes written twice).
fn csv_rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|line| {
            let mut fields = Vec::new();
            let mut field = String::new();
            let mut quoted = false;
            let mut chars = line.chars().peekable();
            while let Some(c) = chars.next() {
                match (c, quoted) {
                    ('"', true) if chars.peek() == Some(&'"') => {
                        chars.next();
                        field.push('"');
                    }
                    ('"', true) => quoted = false,
                    ('"', false) if field.is_empty() => quoted = true,
                    (',', false) => fields.push(std::mem::take(&mut field)),
                    (c, _) => field.push(c),
                }
            }
            assert!(!quoted, "a quote left open: {line}");
            fields.push(field);
            fields
        })
        .collect()
}

/// A CSV text as records of named fields: the first line is the header,
/// every other line a record with as many fields; a column name appears
/// once.
fn csv_records(text: &str) -> Vec<Vec<(String, String)>> {
    let rows = csv_rows(text);
    let header = &rows[0];
    for (i, name) in header.iter().enumerate() {
        assert!(!header[..i].contains(name), "{name} twice: {header:?}");
    }
    rows[1..]
        .iter()
        .map(|row| {
            assert_eq!(row.len(), header.len(), "{row:?} under {header:?}");
            header.iter().cloned().zip(row.iter().cloned()).collect()
        })
        .collect()
}

/// The value of a field, if the record has it.
fn field<'a>(record: &'a [(String, String)], name: &str) -> Option<&'a str> {
    record
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// Three puzzles of the golden files, with their solutions.
fn puzzles() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/puzzle-9.line"),
    )
    .unwrap();
    text.lines()
        .take(3)
        .map(|l| {
            let (p, s) = l.split_once(' ').unwrap();
            (p.to_string(), s.to_string())
        })
        .collect()
}

/// The columns of the input that are not grids, with each record's
/// values: some with a comma and a quote, some that other layouts have
/// columns of (`id`, `difficulty`, `source`, `rating`), a rating as a
/// rated CSV has it.
const LABELS: [&str; 9] = [
    "id",
    "difficulty",
    "source",
    "rating",
    "se",
    "level",
    "hardest",
    "note",
    "a, b",
];

fn label_values(i: usize) -> [String; 9] {
    [
        format!("{}", 100 + i),
        format!("{i}.5"),
        format!("set {i}"),
        format!("{}", 7 + i),
        format!("{}.{i}", 3 + i),
        "hard".to_string(),
        "xy-wing".to_string(),
        format!("said \"hi\", {i} times"),
        format!("b{i}"),
    ]
}

/// The input: `id,puzzle,solution,...` with the labels above.
fn input_csv() -> String {
    let mut text = String::from(
        "id,puzzle,solution,difficulty,source,rating,se,level,hardest,note,\"a, b\"\n",
    );
    for (i, (p, s)) in puzzles().iter().enumerate() {
        let v = label_values(i);
        text += &format!(
            "{},{p},{s},{},{},{},{},{},{},\"{}\",{}\n",
            v[0],
            v[1],
            v[2],
            v[3],
            v[4],
            v[5],
            v[6],
            v[7].replace('"', "\"\""),
            v[8]
        );
    }
    text
}

/// The commands that pass records on, as the issue names them.
const COMMANDS: [&[&str]; 5] = [
    &["canon", "--distinct", "--original"],
    &["split", "--train", "1", "-o", "part"],
    &["transform", "--seed", "1"],
    &["solve"],
    &["rate"],
];

/// What `command` writes in `format` from `input` (`split`: its train
/// part).
fn pass(dir: &Path, command: &[&str], format: &str, input: &str) -> String {
    let mut args: Vec<&str> = command.to_vec();
    args.extend(["-f", format, input]);
    let out = ok(dir, &args);
    if command[0] == "split" {
        let ext = match format {
            "json" => "jsonl",
            "line" | "grid" => "txt",
            _ => "csv",
        };
        return std::fs::read_to_string(dir.join(format!("part.train.{ext}"))).unwrap();
    }
    out
}

/// The labels a command computes a value of, in a format: there its value
/// wins over the input's.
fn computed(command: &str, format: &str) -> &'static [&'static str] {
    match (command, format) {
        ("rate", "csv" | "json" | "kaggle") => &["se", "level", "hardest"],
        ("rate", "kaggle-3m") => &["difficulty"],
        ("rate", "extreme") => &["rating"],
        _ => &[],
    }
}

/// Every column of the input survives every command that passes records
/// on, in every CSV layout and in JSON, under its own name, with its
/// value, once (but where the command computes that column); the layouts
/// that always have a solution have the input's.
#[test]
fn every_column_of_the_input_survives() {
    let dir = scratch_dir();
    std::fs::write(dir.path().join("in.csv"), input_csv()).unwrap();
    let puzzles = puzzles();
    for command in COMMANDS {
        for format in ["csv", "kaggle", "kaggle-3m", "extreme", "json"] {
            let out = pass(dir.path(), command, format, "in.csv");
            let what = format!("{command:?} -f {format}");
            let records: Vec<Vec<(String, String)>> = if format == "json" {
                out.lines()
                    .map(|l| {
                        let doc: serde_json::Value = serde_json::from_str(l).unwrap();
                        let doc = doc.as_object().unwrap();
                        doc.iter()
                            .map(|(k, v)| {
                                let v = v.as_str().map_or_else(|| v.to_string(), str::to_string);
                                (k.clone(), v)
                            })
                            .collect()
                    })
                    .collect()
            } else {
                csv_records(&out)
            };
            assert_eq!(records.len(), 3, "{what}:\n{out}");
            for (i, record) in records.iter().enumerate() {
                let values = label_values(i);
                for (name, value) in LABELS.iter().zip(&values) {
                    let got = field(record, name);
                    assert!(got.is_some(), "{what}: no {name} in {record:?}");
                    if !computed(command[0], format).contains(name) {
                        assert_eq!(got, Some(value.as_str()), "{what}: {name}");
                    }
                }
                let solution = ["solutions", "solution", "answer"]
                    .iter()
                    .find_map(|n| field(record, n));
                if format.starts_with("kaggle") || format == "extreme" {
                    let solution = solution.unwrap_or_else(|| panic!("{what}: {record:?}"));
                    if command[0] != "transform" {
                        assert_eq!(solution, puzzles[i].1, "{what}");
                    }
                }
            }
        }
    }
}

/// A line keeps its rating and its comment through every command that
/// passes records on, in `line`, `grid`, CSV and JSON; `rate` writes its
/// own rating in place of the one carried, and the comment after it.
#[test]
fn a_line_keeps_its_rating_and_its_comment() {
    let dir = scratch_dir();
    let puzzles = puzzles();
    let text: String = puzzles
        .iter()
        .enumerate()
        .map(|(i, (p, _))| format!("{p} 4.{i} hard xy-wing # Easter Monster {i}\n"))
        .collect();
    std::fs::write(dir.path().join("in.txt"), &text).unwrap();
    for command in COMMANDS {
        for format in ["line", "grid"] {
            let out = pass(dir.path(), command, format, "in.txt");
            let what = format!("{command:?} -f {format}");
            let comments: Vec<&str> = out.lines().filter(|l| l.contains("Easter")).collect();
            assert_eq!(comments.len(), 3, "{what}:\n{out}");
            for (i, line) in comments.iter().enumerate() {
                assert!(
                    line.ends_with(&format!("# Easter Monster {i}")),
                    "{what}: {line}"
                );
            }
            let rated = out.lines().filter(|l| l.contains(" hard xy-wing")).count();
            let expected = match command[0] {
                // Its own rating; a solution has none.
                "rate" | "solve" => 0,
                _ => 3,
            };
            assert_eq!(rated, expected, "{what}:\n{out}");
        }
        let csv = csv_records(&pass(dir.path(), command, "csv", "in.txt"));
        let json = pass(dir.path(), command, "json", "in.txt");
        for (i, record) in csv.iter().enumerate() {
            let comment = format!("Easter Monster {i}");
            assert_eq!(
                field(record, "comment"),
                Some(comment.as_str()),
                "{command:?}"
            );
            if command[0] != "rate" {
                assert_eq!(field(record, "se"), Some(format!("4.{i}").as_str()));
                assert_eq!(field(record, "hardest"), Some("xy-wing"));
            }
            let doc: serde_json::Value =
                serde_json::from_str(json.lines().nth(i).unwrap()).unwrap();
            assert_eq!(doc["comment"], comment.as_str(), "{command:?}");
        }
    }
}

/// A grid is valid and complete, keeps the givens of `puzzle`, and is
/// the puzzle's only solution, by the independent counter.
fn assert_solves(puzzle: &str, solution: &str, what: &str) {
    let (p, s) = (line_cells(puzzle), line_cells(solution));
    assert_eq!(s.len(), 81, "{what}: {solution:?}");
    assert!(p.iter().zip(&s).all(|(&a, &b)| a == 0 || a == b), "{what}");
    assert_eq!(naive_count(&mut s.clone(), 9, 2), 1, "{what}: not a grid");
    assert_eq!(naive_count(&mut p.clone(), 9, 2), 1, "{what}: not unique");
}

/// The layouts that always carry a solution get one when the input has
/// none (item 6): `split`, `canon`, `transform` and `rate` solve the
/// puzzle; one without a unique solution is reported, not written with an
/// empty one in silence.
#[test]
fn layouts_that_carry_the_solution_always_have_one() {
    let dir = scratch_dir();
    let text: String = puzzles().iter().map(|(p, _)| format!("{p}\n")).collect();
    std::fs::write(dir.path().join("in.txt"), &text).unwrap();
    for command in [&COMMANDS[0], &COMMANDS[1], &COMMANDS[2], &COMMANDS[4]] {
        for format in ["kaggle", "kaggle-3m", "extreme"] {
            let out = pass(dir.path(), command, format, "in.txt");
            let what = format!("{command:?} -f {format}");
            let rows = csv_rows(&out);
            let header = &rows[0];
            let at = |names: &[&str]| header.iter().position(|h| names.contains(&h.as_str()));
            let puzzle = at(&["quizzes", "puzzle", "question"]).unwrap();
            let solution = at(&["solutions", "solution", "answer"]).unwrap();
            assert_eq!(rows.len(), 4, "{what}:\n{out}");
            for row in &rows[1..] {
                assert_solves(&row[puzzle], &row[solution], &what);
            }
        }
    }
    // Several solutions (an empty grid): reported, the run fails.
    std::fs::write(dir.path().join("two.txt"), ".".repeat(81) + "\n").unwrap();
    let out = sudogen(
        dir.path(),
        &["transform", "--seed", "1", "-f", "kaggle", "two.txt"],
    );
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "sudogen: two.txt:1: no solution to write in the kaggle layout, which has one for every puzzle: it has 2+ solutions\n"
    );
}

/// A CSV of one column with its header (`puzzle`, or `"puzzle"` quoted)
/// reads as puzzles (item 16).
#[test]
fn a_csv_of_one_column_reads() {
    let (p, s) = puzzles()[0].clone();
    for text in [
        format!("puzzle\n{p}\n"),
        format!("\"puzzle\"\n\"{p}\"\n"),
        format!("Quizzes\n\"{p}\"\n{p}\n"),
    ] {
        let file = Scratch::file("one.csv", text.as_bytes());
        let out = sudogen(Path::new("."), &["solve", file.to_str().unwrap()]);
        assert!(out.status.success(), "{text}: {out:?}");
        let solutions = String::from_utf8(out.stdout).unwrap();
        assert!(solutions.lines().count() >= 1, "{text}");
        assert!(solutions.lines().all(|l| l == s), "{text}: {solutions}");
    }
}

/// `check --unique` reports a solution a cell short or long (in a line,
/// in a CSV with or without a header), naming the field, and exits 1
/// (item 19).
#[test]
fn a_solution_of_the_wrong_length_is_reported() {
    let (p, s) = puzzles()[0].clone();
    let short = &s[..80];
    let long = format!("{s}1");
    for (name, text, cells) in [
        ("short.txt", format!("{p} {short}\n"), 80),
        ("long.txt", format!("{p} {long}\n"), 82),
        ("short.csv", format!("{p},{short}\n"), 80),
        ("long.csv", format!("puzzle,solution\n{p},{long}\n"), 82),
    ] {
        let file = Scratch::file(name, text.as_bytes());
        let out = sudogen(
            Path::new("."),
            &["check", "--unique", file.to_str().unwrap()],
        );
        assert_eq!(out.status.code(), Some(1), "{name}: {out:?}");
        let line = if name == "long.csv" { 2 } else { 1 };
        let report = String::from_utf8(out.stdout).unwrap();
        assert_eq!(
            report.lines().next().unwrap(),
            format!(
                "{}:{line}: its solution: {cells} cells where 81 are expected",
                file.display()
            ),
            "{name}"
        );
    }
}

/// Rated puzzles show their rating in `line` and `grid` as `rate` writes
/// it; `--with-solution -f grid` titles its blocks; `rate --explain -f
/// csv` is CSV, its steps in a column; everything reads back (item 25).
#[test]
fn ratings_and_solutions_are_shown_and_read_back() {
    let dir = scratch_dir();
    let d = dir.path();
    let line = ok(d, &["puzzle", "-n", "2", "--seed", "3", "--rate"]);
    for l in line.lines() {
        let fields: Vec<&str> = l.split(' ').collect();
        assert_eq!(fields.len(), 4, "{l}");
        assert!(fields[1].parse::<f64>().is_ok(), "{l}");
    }
    let grid = ok(
        d,
        &["puzzle", "-n", "2", "--seed", "3", "--rate", "-f", "grid"],
    );
    let notes: Vec<&str> = grid.lines().filter(|l| l.starts_with("# ")).collect();
    let summaries: Vec<String> = line
        .lines()
        .map(|l| format!("# {}", l.split_once(' ').unwrap().1))
        .collect();
    assert_eq!(notes, summaries);

    let grid = ok(
        d,
        &[
            "puzzle",
            "-n",
            "2",
            "--seed",
            "3",
            "--with-solution",
            "-f",
            "grid",
        ],
    );
    let titles: Vec<&str> = grid
        .lines()
        .filter(|l| l.starts_with(char::is_alphabetic))
        .collect();
    assert_eq!(titles, ["Puzzle 1", "Solution 1", "Puzzle 2", "Solution 2"]);
    std::fs::write(d.join("p.grid"), &grid).unwrap();
    let check = ok(d, &["check", "p.grid"]);
    assert!(check.starts_with("2 grids read: 2 valid"), "{check}");
    assert!(check.contains("2 with their solutions checked"), "{check}");

    let text: String = puzzles().iter().map(|(p, _)| format!("{p}\n")).collect();
    std::fs::write(d.join("in.txt"), &text).unwrap();
    let csv = ok(d, &["rate", "--explain", "-f", "csv", "in.txt"]);
    let records = csv_records(&csv);
    assert_eq!(records.len(), 3, "{csv}");
    for record in &records {
        let path = field(record, "path").unwrap();
        let steps: Vec<&str> = path.split("; ").collect();
        assert_eq!(
            steps.len().to_string(),
            field(record, "steps").unwrap(),
            "{path}"
        );
        assert!(steps.iter().all(|s| s.ends_with(')')), "{path}");
    }
    std::fs::write(d.join("rated.csv"), &csv).unwrap();
    let again = ok(d, &["rate", "-f", "csv", "rated.csv"]);
    assert_eq!(csv_records(&again).len(), 3);
    // Every format, rated with solutions, reads back: as many puzzles, and
    // their solutions with them.
    for format in [
        "line",
        "grid",
        "csv",
        "json",
        "kaggle",
        "kaggle-3m",
        "extreme",
    ] {
        let out = ok(
            d,
            &[
                "puzzle",
                "-n",
                "3",
                "--seed",
                "3",
                "--rate",
                "--with-solution",
                "-f",
                format,
            ],
        );
        let file = format!("r.{format}");
        std::fs::write(d.join(&file), out).unwrap();
        let check = ok(d, &["check", "--unique", &file]);
        assert!(
            check.starts_with("3 grids read: 3 valid"),
            "{format}: {check}"
        );
        assert!(
            check.contains("3 with their solutions checked"),
            "{format}: {check}"
        );
    }
}

/// `--with-solution -f grid` writes each solution below its puzzle, the
/// blocks titled `Puzzle N` and `Solution N`: every command reads that
/// back as one record per puzzle, the solution with it, and writes it so
/// again; untitled blocks are still records of their own.
#[test]
fn a_grid_with_solutions_reads_back_as_one_record_each() {
    let dir = scratch_dir();
    let d = dir.path();
    let grid = ok(
        d,
        &[
            "puzzle",
            "-n",
            "3",
            "--seed",
            "1",
            "--with-solution",
            "-f",
            "grid",
        ],
    );
    std::fs::write(d.join("p.txt"), &grid).unwrap();
    let truth = ok(d, &["puzzle", "-n", "3", "--seed", "1", "--with-solution"]);
    let truth: Vec<(&str, &str)> = truth.lines().map(|l| l.split_once(' ').unwrap()).collect();
    let solved = ok(d, &["solve", "p.txt"]);
    let solutions: Vec<&str> = truth.iter().map(|t| t.1).collect();
    assert_eq!(solved.lines().collect::<Vec<_>>(), solutions);
    // Each record keeps its solution: `rate` and `canon` write it beside
    // the puzzle.
    let rated = ok(d, &["rate", "p.txt"]);
    let rated: Vec<Vec<&str>> = rated.lines().map(|l| l.split(' ').collect()).collect();
    assert_eq!(rated.len(), 3, "{rated:?}");
    for (r, (p, s)) in rated.iter().zip(&truth) {
        assert_eq!((r[0], r[1]), (*p, *s));
    }
    for command in [&["canon"][..], &["transform", "--seed", "1"]] {
        let out = ok(d, &[command, &["p.txt"]].concat());
        let records: Vec<&str> = out.lines().collect();
        assert_eq!(records.len(), 3, "{command:?}: {out}");
        for r in records {
            let (p, s) = r.split_once(' ').unwrap();
            assert_solves(p, s, r);
        }
    }
    let check = ok(d, &["check", "--unique", "p.txt"]);
    assert!(
        check.starts_with("3 grids read: 3 valid") && check.contains("3 with their solutions"),
        "{check}"
    );
    // `rate -f grid` writes the pairs again, which read back the same.
    let again = ok(d, &["rate", "-f", "grid", "p.txt"]);
    std::fs::write(d.join("again.txt"), &again).unwrap();
    assert_eq!(ok(d, &["solve", "again.txt"]), solved);
    // Untitled, the same blocks are six records.
    let untitled: String = grid
        .lines()
        .filter(|l| !l.starts_with(char::is_alphabetic))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(d.join("untitled.txt"), untitled).unwrap();
    assert_eq!(ok(d, &["solve", "untitled.txt"]).lines().count(), 6);
}

/// A puzzle `rate` cannot rate says why on one `#` line in `grid`, as a
/// rating would stand there (`# no solution`), not as a comment of a
/// comment (`# # no solution`).
#[test]
fn an_unrated_grid_says_why_once() {
    let dir = scratch_dir();
    let d = dir.path();
    let (p, _) = &puzzles()[0];
    let unsolvable = format!("11{}", &p[2..]);
    std::fs::write(
        d.join("in.txt"),
        format!("{}\n{unsolvable}\n", ".".repeat(81)),
    )
    .unwrap();
    let out = sudogen(d, &["rate", "-f", "grid", "in.txt"]);
    let text = String::from_utf8(out.stdout).unwrap();
    let notes: Vec<&str> = text.lines().filter(|l| l.starts_with('#')).collect();
    assert_eq!(notes, ["# 2+ solutions", "# no solution"], "{text}");
}

/// `kaggle` (`quizzes,solutions`) has no rating column: a rated run
/// (`rate`, `puzzle --rate`) adds the rating's columns after its two, as
/// `csv` names them and with `csv`'s values; the input's other columns
/// follow (item 6's layouts, the labels rule).
#[test]
fn a_rated_kaggle_table_has_the_rating_after_its_columns() {
    let dir = scratch_dir();
    let d = dir.path();
    let text: String = puzzles()
        .iter()
        .map(|(p, s)| format!("{p},{s},note {}\n", &p[..3]))
        .collect();
    std::fs::write(d.join("in.csv"), format!("quizzes,solutions,name\n{text}")).unwrap();
    let kaggle = csv_rows(&ok(d, &["rate", "-f", "kaggle", "--ep", "in.csv"]));
    let csv = csv_records(&ok(d, &["rate", "-f", "csv", "--ep", "in.csv"]));
    assert_eq!(
        kaggle[0],
        [
            "quizzes",
            "solutions",
            "se",
            "exact",
            "level",
            "hardest",
            "steps",
            "ep",
            "name"
        ]
    );
    assert_eq!(kaggle.len(), 4);
    for ((row, record), (p, s)) in kaggle[1..].iter().zip(&csv).zip(puzzles()) {
        assert_eq!(row[0], p.replace('.', "0"));
        assert_eq!(row[1], s);
        for (i, name) in ["se", "exact", "level", "hardest", "steps", "ep"]
            .iter()
            .enumerate()
        {
            assert_eq!(Some(row[2 + i].as_str()), field(record, name), "{name}");
        }
        assert_eq!(row[8], format!("note {}", &p[..3]));
    }
    let made = csv_rows(&ok(
        d,
        &["puzzle", "-n", "2", "--seed", "1", "--rate", "-f", "kaggle"],
    ));
    let made_csv = csv_records(&ok(
        d,
        &["puzzle", "-n", "2", "--seed", "1", "--rate", "-f", "csv"],
    ));
    assert_eq!(
        made[0],
        ["quizzes", "solutions", "se", "exact", "level", "hardest"]
    );
    for (row, record) in made[1..].iter().zip(&made_csv) {
        assert_eq!(Some(row[2].as_str()), field(record, "se"));
        assert_eq!(Some(row[5].as_str()), field(record, "hardest"));
    }
}

/// The rows of a CSV text that must be one table: one header, at the top,
/// and every row as many fields as it; read by this file's parser and, where
/// Python is installed, by its `csv` module (pandas' `read_csv` too, where
/// pandas is), which must see as many rows of as many columns.
fn one_table(text: &str, what: &str) -> Vec<Vec<(String, String)>> {
    let rows = csv_rows(text);
    let header = &rows[0];
    for (i, row) in rows.iter().enumerate().skip(1) {
        assert_ne!(row, header, "{what}: the header again at row {i}:\n{text}");
        assert_eq!(row.len(), header.len(), "{what}: row {i}:\n{text}");
    }
    let python = r#"
import csv, sys
text = sys.stdin.read()
rows = list(csv.reader(text.splitlines()))
assert all(len(r) == len(rows[0]) for r in rows), "ragged rows"
assert rows[0] not in rows[1:], "a second header"
try:
    import io, pandas
    frame = pandas.read_csv(io.StringIO(text), dtype=str, keep_default_na=False)
    assert frame.shape == (len(rows) - 1, len(rows[0])), frame.shape
    assert list(frame.columns) == rows[0], list(frame.columns)
except ImportError:
    pass
print(len(rows) - 1, len(rows[0]))
"#;
    if let Ok(mut child) = Command::new("python3")
        .args(["-c", python])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
    {
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{what}: python: {out:?}\n{text}");
        let shape = format!("{} {}\n", rows.len() - 1, header.len());
        assert_eq!(String::from_utf8_lossy(&out.stdout), shape, "{what}");
    }
    csv_records(text)
}

/// A file of lines, some named with a comment and some not (the first
/// not), is one table in CSV and in the layouts, whatever the command: a
/// `comment` column, empty where a line has none (a header each time the
/// set of labels changed was no table pandas could read).
#[test]
fn lines_with_and_without_comments_are_one_table() {
    let dir = scratch_dir();
    let d = dir.path();
    let comments = ["", "Easter Monster", "", "a, \"quoted\" name"];
    let truth = ok(d, &["puzzle", "-n", "4", "--seed", "1", "--with-solution"]);
    let text: String = truth
        .lines()
        .zip(comments)
        .map(|(l, c)| {
            let p = l.split(' ').next().unwrap();
            if c.is_empty() {
                format!("{p}\n")
            } else {
                format!("{p} # {c}\n")
            }
        })
        .collect();
    std::fs::write(d.join("mixed.txt"), &text).unwrap();
    for command in [
        &["rate"][..],
        &["rate", "--explain", "--ep"],
        &["solve"],
        &["canon"],
        &["transform", "--seed", "1"],
        &["split", "--train", "1", "-o", "part"],
    ] {
        for format in ["csv", "kaggle", "kaggle-3m", "extreme"] {
            let what = format!("{command:?} -f {format}");
            let out = pass(d, command, format, "mixed.txt");
            let records = one_table(&out, &what);
            assert_eq!(records.len(), 4, "{what}:\n{out}");
            for (record, comment) in records.iter().zip(comments) {
                assert_eq!(field(record, "comment"), Some(comment), "{what}");
            }
        }
    }
    // The JSON records of the lines without a comment have no key for it.
    let json = ok(d, &["rate", "-f", "json", "mixed.txt"]);
    for (line, comment) in json.lines().zip(comments) {
        let doc: serde_json::Value = serde_json::from_str(line).unwrap();
        let want = (!comment.is_empty()).then(|| serde_json::json!(comment));
        assert_eq!(doc.get("comment").cloned(), want, "{line}");
    }
    // And the lines written back are the lines read.
    let lines = ok(d, &["canon", "-f", "line", "mixed.txt"]);
    for (line, comment) in lines.lines().zip(comments) {
        assert_eq!(line.contains(" # "), !comment.is_empty(), "{line}");
    }
}
