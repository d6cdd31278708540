//! Killer Sudoku through the binary (issue 51): `sudogen puzzle
//! --variant killer` and `x-killer` on every side from 4 to 12, its
//! records read back by the other commands, with exact texts and exit
//! codes. Every puzzle is checked by the test's own validator and search
//! (`common::cages_of_map`, `common::cages_fit`, `common::KillerSearch`),
//! which share no code with the library: the units from the rules as
//! written, the cages connected and covering every cell once, sums equal
//! to the solution's, no value twice in a cage, and exactly one solution
//! under the cages.
//!
//! The release-only test (`#[ignore]`, run by `.ci/run`) makes thousands
//! of 9x9 puzzles and prints the distribution of their cage sizes:
//! `cargo test --profile ci --test killer_cli -- --ignored --nocapture`.

use std::process::{Command, Output, Stdio};
use std::time::Instant;

mod common;
use common::{KillerSearch, TestCage, cages_fit, cages_of_map, units_of, units_valid};

const BIN: &str = env!("CARGO_BIN_EXE_sudogen");

/// Runs the binary with `args`, `input` on its standard input.
fn sudogen(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    out
}

/// The standard output of a run that must succeed quietly.
fn ok(args: &[&str], input: &str) -> String {
    let out = sudogen(args, input);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stderr.is_empty(),
        "sudogen {}: exit {:?}: {stderr}",
        args.join(" "),
        out.status.code()
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The exit code and standard error of a run.
fn fails(args: &[&str], input: &str) -> (Option<i32>, String) {
    let out = sudogen(args, input);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A symbol's value: `.` and `0` empty, `1`-`9` then `A`-`Z`.
fn cells_of(s: &str, n: usize) -> Vec<u8> {
    let cells: Vec<u8> = s
        .bytes()
        .map(|b| match b {
            b'.' | b'0' => 0,
            b'1'..=b'9' => b - b'0',
            b'A'..=b'Z' => b - b'A' + 10,
            _ => panic!("not a symbol: {s}"),
        })
        .collect();
    assert_eq!(cells.len(), n * n, "not a {n}x{n} grid: {s}");
    assert!(cells.iter().all(|&v| usize::from(v) <= n), "{s}");
    cells
}

/// A killer record as the line layout documents it: `PUZZLE CAGEMAP SUMS
/// [SOLUTION]`, the sums joined by commas in map order.
#[derive(Clone, Debug, PartialEq)]
struct Killer {
    puzzle: Vec<u8>,
    cages: Vec<TestCage>,
    solution: Option<Vec<u8>>,
}

fn parse_line(line: &str, n: usize) -> Killer {
    let fields: Vec<&str> = line.split(' ').collect();
    assert!(
        fields.len() == 3 || fields.len() == 4,
        "not a killer line: {line}"
    );
    let sums: Vec<u32> = fields[2].split(',').map(|s| s.parse().unwrap()).collect();
    Killer {
        puzzle: cells_of(fields[0], n),
        cages: cages_of_map(fields[1], &sums).unwrap_or_else(|e| panic!("{e}: {line}")),
        solution: fields.get(3).map(|s| cells_of(s, n)),
    }
}

/// The shape of a run: side, boxes and X.
#[derive(Clone, Copy)]
struct Shape {
    n: usize,
    boxes: (usize, usize),
    x: bool,
}

const fn shape(n: usize, boxes: (usize, usize), x: bool) -> Shape {
    Shape { n, boxes, x }
}

/// Checks a killer record by the rules: the givens repeat nothing, the
/// solution is a valid grid holding them, the cages fit it, and the
/// cage search finds exactly that one solution.
fn validate(shape: Shape, k: &Killer, what: &str) {
    let n = shape.n;
    let units = units_of(n, shape.boxes, shape.x, false, None);
    let solution = k.solution.as_ref().expect("a solution");
    assert!(units_valid(&k.puzzle, n, &units, false), "{what}");
    assert!(units_valid(solution, n, &units, true), "{what}");
    for (c, &v) in k.puzzle.iter().enumerate() {
        assert!(v == 0 || v == solution[c], "{what}: given {c} differs");
    }
    if let Err(e) = cages_fit(n, &k.cages, solution) {
        panic!("{what}: {e}");
    }
    let found = KillerSearch::new(n, &units, &k.cages).solutions(&k.puzzle, 2);
    assert_eq!(found.len(), 1, "{what}: {} solutions", found.len());
    assert_eq!(&found[0], solution, "{what}: not its one solution");
}

#[test]
fn the_tests_own_checks_can_fail() {
    let units = units_of(4, (2, 2), false, false, None);
    let solution = cells_of("3241412323141432", 4);
    let k = parse_line("................ ABBCABDCEEDFEEFF 7,7,4,3,10,9", 4);
    assert_eq!(k.cages.len(), 6);
    assert_eq!(cages_fit(4, &k.cages, &solution), Ok(()));
    let one = KillerSearch::new(4, &units, &k.cages).solutions(&k.puzzle, 2);
    assert_eq!(one, vec![solution.clone()]);
    // A sum off by one, a cage in two pieces, a cell in no cage.
    let mut wrong = k.cages.clone();
    wrong[0].1 += 1;
    assert!(cages_fit(4, &wrong, &solution).is_err());
    assert!(
        KillerSearch::new(4, &units, &wrong)
            .solutions(&k.puzzle, 2)
            .is_empty()
    );
    let apart = vec![(vec![0, 2], 5)];
    assert!(cages_fit(4, &apart, &solution).is_err());
    assert!(cages_fit(4, &k.cages[1..], &solution).is_err());
    // The rows as cages: every grid is a solution.
    let rows = cages_of_map("AAAABBBBCCCCDDDD", &[10; 4]).unwrap();
    assert_eq!(
        KillerSearch::new(4, &units, &rows)
            .solutions(&[0; 16], 2)
            .len(),
        2
    );
}

/// Makes `count` puzzles and checks each; returns them.
fn made(shape: Shape, options: &[&str], count: usize) -> Vec<Killer> {
    let count_s = count.to_string();
    let mut args = vec!["puzzle", "-n", &count_s, "--seed", "51", "--with-solution"];
    args.extend(options);
    let out = ok(&args, "");
    let recs: Vec<Killer> = out.lines().map(|l| parse_line(l, shape.n)).collect();
    assert_eq!(recs.len(), count);
    for (i, k) in recs.iter().enumerate() {
        validate(shape, k, &format!("{} puzzle {i}", options.join(" ")));
        if !options.contains(&"--clues") {
            assert!(k.puzzle.iter().all(|&v| v == 0), "givens without --clues");
        }
    }
    recs
}

#[test]
fn killer_puzzles_of_each_side_are_unique_by_the_tests_search() {
    made(
        shape(4, (2, 2), false),
        &["--variant", "killer", "--size", "4"],
        30,
    );
    made(
        shape(6, (2, 3), false),
        &["--variant", "killer", "--size", "6"],
        12,
    );
    made(shape(9, (3, 3), false), &["--variant", "killer"], 6);
    made(shape(9, (3, 3), true), &["--variant", "x-killer"], 4);
}

#[test]
fn a_twelve_by_twelve_killer_is_unique_by_the_tests_search() {
    // 30 givens: the test's search takes minutes on a 12x12 killer
    // without givens (the cages alone); with them, a second.
    let start = Instant::now();
    made(
        shape(12, (3, 4), false),
        &["--variant", "killer", "--size", "12", "--clues", "30"],
        1,
    );
    println!(
        "one 12x12 killer made and checked in {:.1} s",
        start.elapsed().as_secs_f64()
    );
}

/// The first 9x9 killer of seed 51, with its solution, as its line.
fn first_nine() -> String {
    ok(
        &[
            "puzzle",
            "--variant",
            "killer",
            "-n",
            "1",
            "--seed",
            "51",
            "--with-solution",
        ],
        "",
    )
    .trim_end()
    .to_string()
}

#[test]
fn check_names_a_wrong_sum_and_a_repeat_in_a_cage() {
    let line = first_nine();
    let f: Vec<&str> = line.split(' ').collect();
    // The first sum one more than the solution gives: the cage at r1c1.
    let (first, rest) = f[2].split_once(',').unwrap();
    let sum: u32 = first.parse().unwrap();
    let wrong = format!("{} {} {},{rest} {}\n", f[0], f[1], sum + 1, f[3]);
    let out = sudogen(&["check"], &wrong);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "<stdin>:1: its solution is not a valid grid: the cage at r1c1 adds up to {sum}, not its sum {}\n1 grid read: 0 valid, 1 invalid\n",
            sum + 1
        )
    );
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    // A cage holding a value twice: cells (r, c), (r, c+1) and
    // (r+1, c+1), the first and last equal (across a box's edge); every
    // other cell a cage of its own (symbols by cell, modulo 61, so
    // neighbours differ; `9` for the cage).
    let solution = cells_of(f[3], 9);
    let first = (0..72)
        .find(|&a| a % 9 < 8 && solution[a] == solution[a + 10])
        .expect("two equal cells on a diagonal");
    let cage = [first, first + 1, first + 10];
    let symbols = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let map: String = (0..81)
        .map(|i| {
            char::from(if cage.contains(&i) {
                b'9'
            } else {
                symbols[i % 61]
            })
        })
        .collect();
    let sums: Vec<String> = (0..81)
        .filter(|i| !cage[1..].contains(i))
        .map(|i| {
            if i == first {
                cage.iter().map(|&c| u32::from(solution[c])).sum::<u32>()
            } else {
                u32::from(solution[i])
            }
            .to_string()
        })
        .collect();
    let record = format!("{} {map} {} {}\n", f[0], sums.join(","), f[3]);
    let out = sudogen(&["check"], &record);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "<stdin>:1: its solution is not a valid grid: the cage at r{}c{} has {} twice\n1 grid read: 0 valid, 1 invalid\n",
            first / 9 + 1,
            first % 9 + 1,
            solution[first]
        )
    );
}

#[test]
fn a_malformed_cage_map_or_sums_field_is_one_line() {
    let line = first_nine();
    let f: Vec<&str> = line.split(' ').collect();
    let bad_symbol = format!("{}?", &f[1][..80]);
    let (first, _) = f[2].split_once(',').unwrap();
    let cases = [
        (
            format!("{} {bad_symbol} {} {}", f[0], f[2], f[3]),
            "<stdin>:1: killer cages: cage map symbol '?' at cell 80: use letters A-Z, a-z and digits",
        ),
        (
            format!("{} {} {first},19 {}", f[0], f[1], f[3]),
            "<stdin>:1: killer cages: the cage map has 26 cages and 2 sums: give one sum per cage, in map order",
        ),
    ];
    let cages = cages_of_map(f[1], &[0; 26]).map(|c| c.len());
    assert_eq!(cages, Ok(26), "the map of seed 51's first killer");
    for (record, says) in &cases {
        // check: an invalid record, exit 1, the summary after it.
        let out = sudogen(&["check"], &format!("{record}\n"));
        assert_eq!(out.status.code(), Some(1), "{record}");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            format!("{says}\n1 grid read: 0 valid, 1 invalid\n")
        );
        // solve: an unreadable record, exit 2, one line on standard error.
        let (code, stderr) = fails(&["solve"], &format!("{record}\n"));
        assert_eq!(code, Some(2), "{record}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with("sudogen: <stdin>:1: killer cages: "),
            "{stderr}"
        );
    }
    // A map a symbol short: refused in one line too (the line is then
    // taken for a CSV record, and the message says so: reported, not
    // pinned here).
    let short = format!("{} {} {} {}\n", f[0], &f[1][..80], f[2], f[3]);
    let out = sudogen(&["check"], &short);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(lines[0].starts_with("<stdin>:1: "), "{stdout}");
    assert_eq!(lines[1], "1 grid read: 0 valid, 1 invalid");
}

/// A sums field that is not numbers (it was taken for a CSV header, and
/// the record was lost), and a cage map of the wrong length, are invalid
/// records that say what is wrong.
#[test]
fn a_sum_that_is_not_a_number_is_an_invalid_record() {
    let line = first_nine();
    let f: Vec<&str> = line.split(' ').collect();
    let (first, _) = f[2].split_once(',').unwrap();
    let record = format!("{} {} {first},x {}\n", f[0], f[1], f[3]);
    let out = sudogen(&["check"], &record);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("<stdin>:1: "), "{stdout}");
    assert!(
        stdout.ends_with("1 grid read: 0 valid, 1 invalid\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("is not numbers joined by commas"),
        "{stdout}"
    );
    let short = format!("{} {} {}\n", f[0], &f[1][1..], f[2]);
    let out = sudogen(&["check"], &short);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.starts_with(
            "<stdin>:1: killer cages: a cage map of 80 symbols for a grid of 81 cells; give one symbol a cell\n"
        ),
        "{stdout}"
    );
}

#[test]
fn the_same_bytes_for_every_jobs_count_and_start() {
    for variant in ["killer", "x-killer"] {
        let run = |extra: &[&str]| {
            let mut args = vec!["puzzle", "--variant", variant, "--seed", "7"];
            args.extend(extra);
            ok(&args, "")
        };
        let whole = run(&["-n", "24", "-j", "1"]);
        assert_eq!(whole.lines().count(), 24);
        assert_eq!(run(&["-n", "24", "-j", "2"]), whole, "{variant}: -j 2");
        let tail: Vec<&str> = whole.lines().skip(16).collect();
        let start = run(&["-n", "8", "--start", "16", "-j", "2"]);
        assert_eq!(
            start.lines().collect::<Vec<_>>(),
            tail,
            "{variant}: --start 16"
        );
    }
}

#[test]
fn line_json_csv_line_keep_the_cages_and_the_solution() {
    for (variant, read, x) in [
        ("killer", None, false),
        ("x-killer", Some("x-killer"), true),
    ] {
        let line = ok(
            &[
                "puzzle",
                "--variant",
                variant,
                "-n",
                "3",
                "--seed",
                "9",
                "--with-solution",
            ],
            "",
        );
        let start: Vec<Killer> = line.lines().map(|l| parse_line(l, 9)).collect();
        let mut opts: Vec<&str> = Vec::new();
        if let Some(v) = read {
            opts.extend(["--variant", v]);
        }
        // The command, then the shape's options, then the rest.
        let with = |args: &[&'static str]| -> Vec<&str> {
            (args[..1].iter().chain(&opts).chain(&args[1..]))
                .copied()
                .collect()
        };
        let json = ok(&with(&["solve", "-f", "json"]), &line);
        // The JSON records: the cages as a list of {sum, cells}.
        for (l, k) in json.lines().zip(&start) {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let mut cages: Vec<TestCage> = (v["cages"].as_array().unwrap().iter())
                .map(|c| {
                    let cells = (c["cells"].as_array().unwrap().iter())
                        .map(|x| x.as_u64().unwrap() as usize)
                        .collect();
                    (cells, c["sum"].as_u64().unwrap() as u32)
                })
                .collect();
            cages.sort();
            let mut want = k.cages.clone();
            want.sort();
            assert_eq!(cages, want, "{variant}: json");
            assert_eq!(v["variant"], if x { "x" } else { "none" });
        }
        // CSV from the JSON (no options: the records name their shape).
        let csv = ok(&["solve", "-f", "csv"], &json);
        let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
        let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
        for (l, k) in csv.lines().skip(1).zip(&start) {
            let fields: Vec<&str> = l.split(',').collect();
            let sums: Vec<u32> = (fields[at("sums")].split(' '))
                .map(|s| s.parse().unwrap())
                .collect();
            assert_eq!(
                cages_of_map(fields[at("cages")], &sums),
                Ok(k.cages.clone())
            );
        }
        let back = ok(&with(&["solve"]), &csv);
        for (l, k) in back.lines().zip(&start) {
            let r = parse_line(l, 9);
            assert_eq!(r.cages, k.cages, "{variant}: back in the line layout");
            assert_eq!(
                Some(&r.puzzle),
                k.solution.as_ref(),
                "{variant}: the solution"
            );
        }
        assert_eq!(back.lines().count(), 3);
    }
}

#[test]
fn a_killer_level_run_counts_killer_attempts_and_says_so() {
    // Fewer attempts than a classic level would ask for are a killer
    // run's to choose.
    let args = [
        "puzzle",
        "--variant",
        "killer",
        "--size",
        "6",
        "--level",
        "easy",
    ];
    let out = sudogen(
        &[&args[..], &["--attempts", "4", "-n", "3", "--seed", "1"]].concat(),
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "sudogen: 1 puzzle not made: none of 4 attempts was a killer puzzle of level easy (puzzle 1); choose another level or raise --attempts\n"
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 2);
    // The default is 100 killer candidates, not a classic rating's odds.
    let (code, err) = fails(
        &[
            "puzzle",
            "--variant",
            "killer",
            "--level",
            "easy",
            "-n",
            "1",
            "--seed",
            "1",
        ],
        "",
    );
    assert_eq!(code, Some(1));
    assert_eq!(
        err,
        "sudogen: 1 puzzle not made: none of 100 attempts was a killer puzzle of level easy (puzzle 0); choose another level or raise --attempts\n"
    );
}

#[test]
fn five_clues_are_five_givens_of_the_solution() {
    let recs = made(
        shape(9, (3, 3), false),
        &["--variant", "killer", "--clues", "5"],
        6,
    );
    for k in &recs {
        let givens = k.puzzle.iter().filter(|&&v| v != 0).count();
        assert_eq!(givens, 5, "{k:?}");
    }
}

#[test]
#[ignore = "release only: 2,000 9x9 killers, each checked by the test's own search (about 80 s on two busy cores)"]
fn release_thousands_of_nine_by_nine_killers() {
    let count = 2000;
    let start = Instant::now();
    let out = ok(
        &[
            "puzzle",
            "--variant",
            "killer",
            "-n",
            &count.to_string(),
            "--seed",
            "51",
            "--with-solution",
        ],
        "",
    );
    let made = start.elapsed().as_secs_f64();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), count);
    // Checked on two threads.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let recs: Vec<Killer> = lines.iter().map(|l| parse_line(l, 9)).collect();
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(k) = recs.get(i) else { break };
                    validate(shape(9, (3, 3), false), k, &format!("puzzle {i}"));
                }
            });
        }
    });
    println!(
        "{count} 9x9 killers: made in {made:.1} s, checked in {:.1} s",
        start.elapsed().as_secs_f64() - made
    );
    // The cage sizes of the first 1,000.
    let mut sizes = [0usize; 10];
    for k in &recs[..1000] {
        for (cells, _) in &k.cages {
            sizes[cells.len()] += 1;
        }
    }
    let total: usize = sizes.iter().sum();
    println!(
        "cage sizes over 1,000 9x9 killers ({total} cages, {:.1} a puzzle):",
        total as f64 / 1000.0
    );
    for (size, &k) in sizes.iter().enumerate().filter(|(_, k)| **k > 0) {
        println!(
            "  {size} cells: {k:6} ({:.1}%)",
            100.0 * k as f64 / total as f64
        );
    }
    // Printed killers' cages: mostly 2 to 5 cells, few single cells.
    let two_to_five: usize = sizes[2..=5].iter().sum();
    assert!(two_to_five * 10 >= total * 8, "{sizes:?}");
    assert!(sizes[1] * 20 <= total, "{sizes:?}");
}
