//! The `fpuzzles` and `sudokupad` formats: the SudokuPad links decode, by
//! a decoder that shares no code with sudogen's (Python's `lzstring`,
//! installed by `.ci/run`; outside CI the tests that need it say they
//! skipped), to f-puzzles objects read here by the test's own code, which
//! reproduce each puzzle, its solution, its shape and its variant; the
//! f-puzzles objects and the links are read back by every command in the
//! shape they give; bad objects and links are refused naming the field.

use std::io::Write;
use std::process::{Command, Stdio};

mod common;

const BIN: &str = env!("CARGO_BIN_EXE_sudogen");

/// Runs sudogen with `args`, `stdin` on its standard input: its standard
/// output, standard error and exit code.
fn sudogen(args: &[&str], stdin: &str) -> (String, String, i32) {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let text = stdin.to_string();
    let writer = std::thread::spawn(move || input.write_all(text.as_bytes()));
    let out = child.wait_with_output().unwrap();
    let _ = writer.join();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// The jigsaw map of docs/GUIDE.md.
const MAP: &str =
    "AAABBBCCCAABBBCCCCAAAABBBCCDDDDEEEFFDDEEEFFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII";

/// A shape of the test: the options that make it, its side, its boxes
/// (rows by columns), its variant's marks, a jigsaw's map.
struct Case {
    name: &'static str,
    opts: &'static [&'static str],
    n: usize,
    boxes: (usize, usize),
    x: bool,
    hyper: bool,
    jigsaw: bool,
}

const fn case(
    name: &'static str,
    opts: &'static [&'static str],
    n: usize,
    boxes: (usize, usize),
) -> Case {
    Case {
        name,
        opts,
        n,
        boxes,
        x: false,
        hyper: false,
        jigsaw: false,
    }
}

/// Every shape f-puzzles can hold that sudogen makes: boxes of every
/// side up to 16 (and 6x6 turned), X, Hyper, a jigsaw.
const CASES: &[Case] = &[
    case("4", &["--size", "4"], 4, (2, 2)),
    case("6", &["--size", "6"], 6, (2, 3)),
    case("6 turned", &["--size", "6", "--box", "3x2"], 6, (3, 2)),
    case("8", &["--size", "8"], 8, (2, 4)),
    case("9", &[], 9, (3, 3)),
    case("10", &["--size", "10", "--clues", "60"], 10, (2, 5)),
    case("12", &["--size", "12", "--clues", "90"], 12, (3, 4)),
    case(
        "16",
        &["--size", "16", "-s", "chain", "--clues", "160"],
        16,
        (4, 4),
    ),
    Case {
        x: true,
        ..case("X", &["--variant", "x"], 9, (3, 3))
    },
    Case {
        hyper: true,
        ..case("Hyper", &["--variant", "hyper"], 9, (3, 3))
    },
    Case {
        jigsaw: true,
        ..case("Jigsaw", &["--regions", "{regions}"], 9, (3, 3))
    },
];

/// The options of `case`, with the jigsaw map's file put in.
fn options(case: &Case, dir: &std::path::Path) -> Vec<String> {
    let regions = dir.join("regions.txt");
    std::fs::write(&regions, MAP).unwrap();
    case.opts
        .iter()
        .map(|o| {
            if *o == "{regions}" {
                regions.display().to_string()
            } else {
                o.to_string()
            }
        })
        .collect()
}

/// The puzzles `puzzle -n 3 --seed 7 --with-solution` makes in `case`'s
/// shape, written in `format`.
fn made(case: &Case, dir: &std::path::Path, format: &str) -> String {
    let mut args: Vec<String> = [
        "puzzle",
        "-n",
        "3",
        "--seed",
        "7",
        "--with-solution",
        "-f",
        format,
    ]
    .map(String::from)
    .to_vec();
    args.extend(options(case, dir));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (out, err, code) = sudogen(&args, "");
    assert_eq!(code, 0, "{}: {err}", case.name);
    out
}

/// A value of a `line` grid (`.` empty, `1`-`9`, then `A`...).
fn value(c: char) -> u8 {
    match c {
        '.' | '0' => 0,
        '1'..='9' => c as u8 - b'0',
        _ => c as u8 - b'A' + 10,
    }
}

/// The test's own reading of an f-puzzles object of `case`'s shape (see
/// [`common::fpuzzles_object`]): its givens and its solution.
fn read_object(v: &serde_json::Value, case: &Case) -> (Vec<u8>, Option<Vec<u8>>) {
    let n = case.n;
    let regions: Vec<usize> = if case.jigsaw {
        MAP.bytes().map(usize::from).collect()
    } else {
        (0..n * n)
            .map(|i| (i / n / case.boxes.0) * 100 + (i % n) / case.boxes.1)
            .collect()
    };
    common::fpuzzles_object(v, n, &regions, case.x, case.hyper)
        .unwrap_or_else(|e| panic!("{}: {e}: {v}", case.name))
}

/// The puzzles and solutions of `line` records (a jigsaw's map, between
/// them, passed over: the test has its own).
fn truth(text: &str) -> Vec<(Vec<u8>, Vec<u8>)> {
    text.lines()
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let p = f[0].chars().map(value).collect();
            let s = f[f.len() - 1].chars().map(value).collect();
            (p, s)
        })
        .collect()
}

#[test]
fn links_decode_to_each_puzzle_its_solution_and_its_shape() {
    if !common::lz_decoder_or_skip("links_decode_to_each_puzzle_its_solution_and_its_shape") {
        return;
    }
    let dir = common::scratch_dir();
    for case in CASES {
        let truth = truth(&made(case, dir.path(), "line"));
        let links = made(case, dir.path(), "sudokupad");
        let data: Vec<String> = links
            .lines()
            .map(|l| {
                l.strip_prefix("https://sudokupad.app/fpuzzles")
                    .unwrap_or_else(|| panic!("{}: not a SudokuPad link: {l}", case.name))
                    .to_string()
            })
            .collect();
        assert_eq!(data.len(), 3, "{}", case.name);
        let decoded = common::lz_decode_base64(&data).unwrap();
        for ((json, (puzzle, solution)), link) in decoded.iter().zip(&truth).zip(links.lines()) {
            let json = json
                .as_ref()
                .unwrap_or_else(|| panic!("{}: {link}", case.name));
            let v: serde_json::Value = serde_json::from_str(json).unwrap();
            let (givens, sol) = read_object(&v, case);
            assert_eq!(&givens, puzzle, "{}", case.name);
            assert_eq!(sol.as_ref(), Some(solution), "{}", case.name);
            assert_eq!(v["author"], "sudogen");
        }
        // The f-puzzles objects are the links' own.
        let objects = made(case, dir.path(), "fpuzzles");
        for (line, json) in objects.lines().zip(&decoded) {
            let ours: serde_json::Value = serde_json::from_str(line).unwrap();
            let theirs: serde_json::Value = serde_json::from_str(json.as_ref().unwrap()).unwrap();
            assert_eq!(ours, theirs, "{}", case.name);
        }
    }
}

/// f-puzzles objects and links are read back in the shape they give, with
/// no shape option: `solve` writes each object back as it was, with its
/// count of solutions; a file of links solves to the same objects.
#[test]
fn fpuzzles_round_trips_on_every_shape() {
    let dir = common::scratch_dir();
    for case in CASES {
        let objects = made(case, dir.path(), "fpuzzles");
        let (solved, err, code) = sudogen(&["solve", "-f", "fpuzzles"], &objects);
        assert_eq!(code, 0, "{}: {err}", case.name);
        let expected: String = objects
            .lines()
            .map(|l| format!("{},\"solutions\":1}}\n", l.strip_suffix('}').unwrap()))
            .collect();
        assert_eq!(solved, expected, "{}", case.name);
        let links = made(case, dir.path(), "sudokupad");
        let (from_links, err, code) = sudogen(&["solve", "-f", "fpuzzles"], &links);
        assert_eq!(code, 0, "{}: {err}", case.name);
        assert_eq!(from_links, expected, "{}", case.name);
        // And links written back from links are the same links.
        let (again, _, code) = sudogen(&["rate", "-f", "sudokupad"], &links);
        assert_eq!(code, 0, "{}", case.name);
        for (a, l) in again.lines().zip(links.lines()) {
            assert!(a.starts_with(l), "{}: {a} / {l}", case.name);
        }
    }
}

/// A record another program wrote: f-puzzles's own key order, a title,
/// cells without `given`, an empty solution, a 6x6 with explicit regions
/// that are its boxes: read as a 6x6 with 2x3 boxes, the title kept.
#[test]
fn other_programs_objects_are_read() {
    let puzzle = sudogen(&["puzzle", "--size", "6", "-n", "1", "--seed", "1"], "").0;
    let cells: Vec<u8> = puzzle.trim().chars().map(value).collect();
    let mut rows = Vec::new();
    for r in 0..6 {
        let row: Vec<String> = (0..6)
            .map(|c| {
                let region = (r / 2) * 2 + c / 3;
                match cells[r * 6 + c] {
                    0 => format!("{{\"region\":{region},\"centerPencilMarks\":[]}}"),
                    v => format!("{{\"value\":{v},\"given\":true,\"region\":{region}}}"),
                }
            })
            .collect();
        rows.push(format!("[{}]", row.join(",")));
    }
    let object = format!(
        "{{\"size\":6,\"title\":\"Mine\",\"grid\":[{}],\"solution\":[],\"disabledlogic\":[\"Hidden Single\"]}}\n",
        rows.join(",")
    );
    let (out, err, code) = sudogen(&["solve", "--count", "-f", "fpuzzles"], &object);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["title"], "Mine");
    assert_eq!(v["disabledlogic"][0], "Hidden Single");
    assert_eq!(v["solutions"], 1, "{out}");
    // Written without regions: they are SudokuPad's 2x3 boxes.
    assert!(!out.contains("region"), "{out}");
}

/// A 4x4 f-puzzles object with killer cages (the grid 1234/3412/2143/4321
/// cut as AABB/CDDB/CEFF/GEHH).
const KILLER_4X4: &str = concat!(
    r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":["#,
    r#"{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R1C3","R1C4","R2C4"],"value":"9"},"#,
    r#"{"cells":["R2C1","R3C1"],"value":"5"},{"cells":["R2C2","R2C3"],"value":"5"},"#,
    r#"{"cells":["R3C2","R4C2"],"value":"4"},{"cells":["R3C3","R3C4"],"value":"7"},"#,
    r#"{"cells":["R4C1"],"value":"4"},{"cells":["R4C3","R4C4"],"value":"3"}]}"#
);

/// Malformed objects and links: one line each naming the field, exit 2
/// (input that could not be read), the run going on; a shape f-puzzles
/// cannot draw: exit 2 before anything is written.
#[test]
fn bad_records_name_the_field_and_exit_codes_keep_the_promises() {
    let good = sudogen(
        &[
            "puzzle", "--size", "4", "-n", "1", "--seed", "1", "-f", "fpuzzles",
        ],
        "",
    )
    .0;
    let killer_overlap = KILLER_4X4.replace(r#"["R1C1","R1C2"]"#, r#"["R1C1","R1C2","R1C3"]"#);
    let cases = [
        (
            "{\"size\":9,\"grid\":[[{}]]}",
            "f-puzzles: field \"grid\": 1 rows where size 9 has 9",
        ),
        (
            "{\"size\":30,\"grid\":[[{\"value\":1}]]}",
            "f-puzzles: field \"size\": 30; sudogen reads sides 4 to 25",
        ),
        (
            "{\"size\":4,\"grid\":[[{}]],\"antiknight\":true}",
            "f-puzzles: field \"antiknight\": a constraint sudogen does not solve with",
        ),
        (
            killer_overlap.as_str(),
            "f-puzzles: field \"killercage\": cages 1 and 2 both hold R1C3: a cell is in one cage",
        ),
        (
            "https://sudokupad.app/fpuzzlesN4IgzglgXgpiBcBOANCA",
            "f-puzzles: the link's data does not decompress",
        ),
        (
            "https://sudokupad.app/fpuzzles@@@",
            "not lz-string's base64",
        ),
    ];
    for (line, message) in cases {
        let input = format!("{line}\n{good}");
        let (out, err, code) = sudogen(&["solve", "-f", "fpuzzles"], &input);
        assert_eq!(code, 2, "{line}: {err}");
        assert!(err.contains(message), "{line}: {err}");
        let first = err.lines().next().unwrap();
        assert!(
            first.starts_with("sudogen: ") && first.contains(":1:"),
            "{err}"
        );
        assert!(!err.contains("panicked"), "{err}");
        // One answer per record: `unreadable`, then the good one solved.
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{out}");
        assert!(lines[0].contains("unreadable"), "{out}");
    }
    for format in ["fpuzzles", "sudokupad"] {
        let (out, err, code) = sudogen(&["generate", "--size", "25", "-n", "1", "-f", format], "");
        assert_eq!(code, 2, "{err}");
        assert_eq!(
            err,
            "sudogen: error: f-puzzles and SudokuPad draw grids up to 16x16: write 25x25 grids as line, csv or json\n"
        );
        assert!(out.is_empty());
    }
}

/// A file mixing sudogen's JSON, f-puzzles objects and links is read with
/// no format named: each line in its own.
#[test]
fn formats_are_detected_line_by_line() {
    let one = |f: &str| sudogen(&["puzzle", "-n", "1", "--seed", "3", "-f", f], "").0;
    let mixed = format!("{}{}{}", one("json"), one("fpuzzles"), one("sudokupad"));
    let (out, err, code) = sudogen(&["solve"], &mixed);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines.iter().all(|l| *l == lines[0]), "{out}");
}
