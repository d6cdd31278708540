//! Shapes and variants (issue 42) through the binary: the issue's
//! acceptance commands as written, the usage errors for shapes that
//! cannot be, and (release-only, `#[ignore]`) thousands of grids of every
//! listed shape checked valid and puzzles checked unique and minimal, all
//! by the independent checkers of `common` (units built from the rules,
//! a plain backtracking counter), never by the library's own solver.

use std::process::{Command, Output};

mod common;
use common::{line_cells, naive_count_units, scratch_dir, units_of, units_valid};

const BIN: &str = env!("CARGO_BIN_EXE_sudogen");

/// A jigsaw map of 9x9 whose regions are connected and differ from the
/// boxes in the top two bands.
const JIGSAW: &str =
    "AAABBBCCC AABBBCCCC AAAABBBCC DDDDEEEFF DDEEEFFFF DDDEEEFFF GGGHHHIII GGGHHHIII GGGHHHIII";

fn run(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

/// Runs `args`, which must succeed; its standard output's lines.
fn lines(args: &[&str]) -> Vec<String> {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// A shape as the tests know it: the options that ask for it, its side,
/// and its units built by `common::units_of`.
struct Case {
    name: &'static str,
    args: Vec<&'static str>,
    n: usize,
    units: Vec<Vec<usize>>,
}

fn boxed(name: &'static str, size: &'static str, r: usize, c: usize) -> Case {
    Case {
        name,
        args: vec!["--size", size],
        n: r * c,
        units: units_of(r * c, (r, c), false, false, None),
    }
}

fn cases() -> Vec<Case> {
    vec![
        boxed("6 (2x3)", "6", 2, 3),
        boxed("8 (2x4)", "8", 2, 4),
        boxed("10 (2x5)", "10", 2, 5),
        boxed("12 (3x4)", "12", 3, 4),
        boxed("14 (2x7)", "14", 2, 7),
        boxed("15 (3x5)", "15", 3, 5),
        boxed("18 (3x6)", "18", 3, 6),
        boxed("20 (4x5)", "20", 4, 5),
        boxed("21 (3x7)", "21", 3, 7),
        boxed("24 (4x6)", "24", 4, 6),
        Case {
            name: "12 with boxes 4x3",
            args: vec!["--box", "4x3"],
            n: 12,
            units: units_of(12, (4, 3), false, false, None),
        },
        Case {
            name: "X",
            args: vec!["--variant", "x"],
            n: 9,
            units: units_of(9, (3, 3), true, false, None),
        },
        Case {
            name: "Hyper",
            args: vec!["--variant", "hyper"],
            n: 9,
            units: units_of(9, (3, 3), false, true, None),
        },
        Case {
            name: "Jigsaw",
            args: vec!["--regions", JIGSAW],
            n: 9,
            units: units_of(9, (3, 3), false, false, Some(JIGSAW)),
        },
        Case {
            name: "6x6 X",
            args: vec!["--size", "6", "--variant", "x"],
            n: 6,
            units: units_of(6, (2, 3), true, false, None),
        },
    ]
}

/// Checks that every line of `grids` is a full grid valid under `units`.
fn assert_grids_valid(name: &str, grids: &[String], n: usize, units: &[Vec<usize>]) {
    for (i, line) in grids.iter().enumerate() {
        // (A jigsaw's line has its map after its cells: the test's units
        // are the map asked for.)
        let cells = line_cells(line.split(' ').next().unwrap());
        assert_eq!(cells.len(), n * n, "{name}: grid {i}: {line}");
        assert!(
            units_valid(&cells, n, units, true),
            "{name}: grid {i} breaks a unit: {line}"
        );
    }
}

/// Checks that every `PUZZLE SOLUTION` line is a puzzle whose solution is
/// valid and holds its givens, with exactly one solution under `units`,
/// and minimal: without any one given it has two or more.
fn assert_puzzles_unique_and_minimal(
    name: &str,
    records: &[String],
    n: usize,
    units: &[Vec<usize>],
) {
    for (i, record) in records.iter().enumerate() {
        // (A jigsaw's line has its map between them.)
        let (puzzle, solution) = record.split_once(' ').expect("PUZZLE SOLUTION");
        let solution = solution.rsplit(' ').next().unwrap();
        let mut cells = line_cells(puzzle);
        let solution = line_cells(solution);
        assert_eq!(cells.len(), n * n, "{name}: puzzle {i}");
        assert!(
            units_valid(&solution, n, units, true),
            "{name}: solution {i}"
        );
        for (&p, &s) in cells.iter().zip(&solution) {
            assert!(p == 0 || p == s, "{name}: puzzle {i} is not its solution's");
        }
        assert_eq!(
            naive_count_units(&mut cells.clone(), n, units, 2),
            1,
            "{name}: puzzle {i} has not one solution: {puzzle}"
        );
        for k in 0..n * n {
            let given = cells[k];
            if given == 0 {
                continue;
            }
            cells[k] = 0;
            let count = naive_count_units(&mut cells.clone(), n, units, 2);
            cells[k] = given;
            assert_eq!(
                count, 2,
                "{name}: puzzle {i} is not minimal (cell {k} is not needed): {puzzle}"
            );
        }
    }
}

#[test]
fn acceptance_generate() {
    let six = lines(&["generate", "--size", "6", "-n", "1000", "-f", "line"]);
    assert_eq!(six.len(), 1000);
    assert!(six.iter().all(|l| l.len() == 36));
    assert_grids_valid("6x6", &six, 6, &units_of(6, (2, 3), false, false, None));
    // Boxes 2 rows tall and 3 wide: a grid of 3x2 boxes is not one.
    let three_by_two = units_of(6, (3, 2), false, false, None);
    assert!(
        six.iter()
            .any(|l| !units_valid(&line_cells(l), 6, &three_by_two, true))
    );

    let twelve = lines(&[
        "generate", "--size", "12", "--box", "3x4", "-n", "100", "-f", "line",
    ]);
    assert_eq!(twelve.len(), 100);
    assert!(twelve.iter().all(|l| l.len() == 144));
    assert_grids_valid(
        "12x12",
        &twelve,
        12,
        &units_of(12, (3, 4), false, false, None),
    );

    let x = lines(&["generate", "--variant", "x", "-n", "1000", "-f", "line"]);
    assert_eq!(x.len(), 1000);
    assert_grids_valid("X", &x, 9, &units_of(9, (3, 3), true, false, None));
}

#[test]
fn acceptance_puzzles_then_solve_check_rate() {
    let dir = scratch_dir();
    let units6 = units_of(6, (2, 3), false, false, None);
    let six = lines(&[
        "puzzle",
        "--size",
        "6",
        "-n",
        "100",
        "--seed",
        "1",
        "--with-solution",
        "-f",
        "line",
    ]);
    assert_eq!(six.len(), 100);
    assert_puzzles_unique_and_minimal("6x6", &six, 6, &units6);
    // The same command gives the same bytes.
    let again = lines(&[
        "puzzle",
        "--size",
        "6",
        "-n",
        "100",
        "--seed",
        "1",
        "--with-solution",
        "-f",
        "line",
    ]);
    assert_eq!(six, again);

    let x = lines(&[
        "puzzle",
        "--variant",
        "x",
        "-n",
        "100",
        "--seed",
        "1",
        "--with-solution",
        "-f",
        "line",
    ]);
    assert_eq!(x.len(), 100);
    assert!(x.iter().all(|l| l.len() == 2 * 81 + 1));
    // Debug builds check a few here; the release-only test checks all.
    assert_puzzles_unique_and_minimal("X", &x[..5], 9, &units_of(9, (3, 3), true, false, None));

    let twelve = lines(&[
        "puzzle",
        "--size",
        "12",
        "-n",
        "10",
        "--seed",
        "1",
        "--with-solution",
        "-f",
        "line",
    ]);
    assert_eq!(twelve.len(), 10);
    assert!(twelve.iter().all(|l| l.len() == 2 * 144 + 1));

    // sudogen solve --box 2x3 FILE: each puzzle's solution.
    let file6 = dir.path().join("six.txt");
    std::fs::write(&file6, six.join("\n") + "\n").unwrap();
    let solved = lines(&["solve", "--box", "2x3", file6.to_str().unwrap()]);
    let solutions: Vec<&str> = six.iter().map(|l| &l[37..]).collect();
    assert_eq!(solved, solutions);

    // sudogen check --variant x FILE: all valid, their solutions checked.
    let filex = dir.path().join("x.txt");
    std::fs::write(&filex, x.join("\n") + "\n").unwrap();
    let checked = lines(&["check", "--variant", "x", filex.to_str().unwrap()]);
    assert_eq!(
        checked.last().unwrap(),
        "100 grids read: 100 valid, 0 invalid (100 of the valid are puzzles with empty cells), 100 with their solutions checked"
    );
    // Read as classic 9x9, an X solution's diagonals are not checked; read
    // with --variant x, a classic grid that breaks a diagonal is invalid.
    let classic = lines(&["generate", "-n", "50", "-f", "line"]);
    let units_x = units_of(9, (3, 3), true, false, None);
    let breaking: Vec<&String> = classic
        .iter()
        .filter(|l| !units_valid(&line_cells(l), 9, &units_x, true))
        .collect();
    assert!(!breaking.is_empty());
    let filec = dir.path().join("classic.txt");
    std::fs::write(&filec, breaking[0].clone() + "\n").unwrap();
    let out = run(&["check", "--variant", "x", filec.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));

    // sudogen rate --size 6 FILE: one rating a puzzle, and a note that SE's
    // figures are defined for classic 9x9 only.
    let out = run(&["rate", "--size", "6", file6.to_str().unwrap()]);
    assert!(out.status.success());
    let rated = String::from_utf8(out.stdout).unwrap();
    assert_eq!(rated.lines().count(), 100);
    for (line, record) in rated.lines().zip(&six) {
        assert!(line.starts_with(&record[..36]), "{line}");
    }
    let note = String::from_utf8(out.stderr).unwrap();
    assert!(note.contains("defined for classic 9x9 only"), "{note}");
}

#[test]
fn shapes_that_cannot_be_are_one_line_usage_errors() {
    let dir = scratch_dir();
    let bad_record = dir.path().join("short.txt");
    // 35 symbols read as 6x6 boxes 2x3: one short.
    std::fs::write(&bad_record, "12345623456134561245612356123461234\n").unwrap();
    let bad_record = bad_record.to_str().unwrap();
    for (args, says) in [
        (
            &["generate", "--size", "9", "--box", "2x4"][..],
            "--box 2x4 does not fit --size 9: boxes of 2x4 (8 cells) do not make a side of 9; a side of 9 takes boxes of 3x3",
        ),
        (
            &["generate", "--box", "1x6"],
            "boxes have at least 2 rows and 2 columns (a side of 6 takes boxes of 2x3, 3x2)",
        ),
        (&["generate", "--box", "5x6"], "sides go from 4 to 25"),
        (
            &["generate", "--variant", "hyper", "--size", "6"],
            "--variant hyper: hyper windows exist only on 9x9 grids with 3x3 boxes, not on 6x6 grids with 2x3 boxes; use --size 9",
        ),
        (
            &["puzzle", "--regions", "AAAAABBBCCCCDDDD"],
            "--regions: region 'A' has 5 cells; every region of a 4x4 map needs 4",
        ),
        (
            &["solve", "--variant", "jigsaw"],
            "--variant jigsaw needs its regions; give --regions LAYOUT",
        ),
        (
            &["puzzle", "--variant", "jigsaw", "--size", "18"],
            "random jigsaw layouts are drawn for sides 4 to 16, not 18; give a region map",
        ),
        (
            &["generate", "--regions", JIGSAW, "--size", "6"],
            "--regions is a 9x9 map but --size is 6; leave out --size",
        ),
        (
            &["canon", "--variant", "x"],
            "sudogen canon works on grids without a variant",
        ),
        (
            &["transform", "--regions", JIGSAW],
            "sudogen transform works on grids without a variant",
        ),
        (
            &["solve", "--box", "2x3", bad_record],
            "short.txt:1: 35 cells, expected 36",
        ),
    ] {
        let out = run(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with("sudogen: "), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// The guide's map with its first and last cells swapped: regions 'A'
/// and 'I' each keep nine cells, but one of them sits alone in the far
/// corner (issue 50, item 9).
const SWAPPED: &str =
    "IAABBBCCC AABBBCCCC AAAABBBCC DDDDEEEFF DDEEEFFFF DDDEEEFFF GGGHHHIII GGGHHHIII GGGHHHIIA";

/// What a disconnected region is told, naming the first one in reading
/// order.
const DISCONNECTED: &str = "region 'I' is not connected: its cells fall into 2 pieces; a region's cells must join side by side (not only at corners), so redraw the map with each letter's cells in one piece";

/// A region map whose region is not one piece is refused by every command
/// that takes --regions (one line, exit 2), and a record that carries
/// such a map is an invalid record, named by its line.
#[test]
fn disconnected_regions_are_refused() {
    // Corner-touching is not joining: a 4x4 map whose region 'A' has a
    // cell meeting the others only at a corner.
    for (command, map) in [
        ("generate", SWAPPED),
        ("puzzle", SWAPPED),
        ("solve", SWAPPED),
        ("rate", SWAPPED),
        ("check", SWAPPED),
        ("stats", SWAPPED),
        ("print", SWAPPED),
        ("generate", "ABBB AABD CCAD CCDD"),
    ] {
        let reads = !matches!(command, "generate" | "puzzle" | "stats");
        let mut args = vec![command, "--regions", map];
        if reads {
            args.push("/dev/null");
        }
        let out = run(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{command} {map}: {err}");
        assert_eq!(err.lines().count(), 1, "{command}: {err}");
        let says = if map == SWAPPED {
            DISCONNECTED.to_string()
        } else {
            DISCONNECTED.replace("'I'", "'A'")
        };
        assert_eq!(err.trim_end(), format!("sudogen: error: --regions: {says}"));
    }
    // A JSON record carrying the swapped map: `check` counts it invalid
    // (exit 1), `solve` cannot read it (exit 2); both name its line.
    let dir = scratch_dir();
    let good = lines(&[
        "puzzle",
        "--regions",
        JIGSAW,
        "-n",
        "1",
        "--seed",
        "1",
        "-f",
        "json",
    ]);
    let map: String = JIGSAW.split_whitespace().collect();
    let swapped: String = SWAPPED.split_whitespace().collect();
    assert!(good[0].contains(&map));
    let file = dir.path().join("swapped.json");
    std::fs::write(&file, good[0].replace(&map, &swapped) + "\n").unwrap();
    let file = file.to_str().unwrap();
    for (command, code) in [("check", 1), ("solve", 2)] {
        let out = run(&[command, file]);
        let err = String::from_utf8_lossy(&out.stderr);
        let all = format!("{err}{}", String::from_utf8_lossy(&out.stdout));
        assert_eq!(out.status.code(), Some(code), "{command}: {all}");
        assert!(
            all.contains(&format!("swapped.json:1: {DISCONNECTED}")),
            "{command}: {all}"
        );
    }
}

/// `stats` follows the shape options (issue 50, item 8): generated grids
/// of a variant are measured as such, the header names the shape, and the
/// tests whose uniform reference is classic say they do not apply; puzzles
/// read from files are checked unique in their own shape; bad shape
/// options are usage errors on file input too.
#[test]
fn stats_follows_the_shape_options() {
    let classic_only = "(not applicable: its uniform reference is for classic 9x9 grids, not";
    for (args, shape) in [
        (&["--regions", JIGSAW][..], "9x9 jigsaw"),
        (&["--variant", "x"], "9x9 X"),
        (&["--variant", "hyper"], "9x9 hyper"),
    ] {
        let mut all = vec!["stats", "-n", "300", "--seed", "1"];
        all.extend(args);
        let table = lines(&all);
        assert_eq!(table[0], format!("strategy search, size {shape}, seed 1"));
        let row = |name: &str| {
            table
                .iter()
                .find(|l| l.starts_with(name))
                .unwrap_or_else(|| panic!("{args:?}: no {name}: {table:#?}"))
                .clone()
        };
        assert!(row("grids").trim_end().ends_with(" 300"), "{table:#?}");
        assert!(row("symbol in each cell: chi-square (df 648)").contains("pass"));
        for name in ["top-band class", "class of all bands", "4-cell unavoidable"] {
            let row = row(name);
            assert!(row.contains(&format!("{classic_only} {shape})")), "{row}");
            assert!(!row.contains("pass") && !row.contains("FAIL"), "{row}");
        }
        assert!(row("duplicate grids").contains("no expected number"));
    }
    // The JSON report names the shape; a test that does not apply has no
    // value.
    let json = lines(&[
        "stats",
        "--variant",
        "x",
        "-n",
        "50",
        "--seed",
        "1",
        "-f",
        "json",
    ]);
    let doc: serde_json::Value = serde_json::from_str(&json[0]).unwrap();
    assert_eq!(doc["shape"], "9x9 X");
    let band = doc["statistics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "top-band class (44): chi-square")
        .unwrap();
    assert!(band["value"].is_null() && band["pass"].is_null(), "{band}");

    // Files of puzzles of each variant: unique in their shape, whether the
    // records carry it (JSON) or the options give it (line).
    let dir = scratch_dir();
    for (args, format) in [
        (&["--regions", JIGSAW][..], "json"),
        (&["--regions", JIGSAW], "line"),
        (&["--variant", "x"], "line"),
        (&["--variant", "hyper"], "line"),
    ] {
        let mut make = vec!["puzzle", "-n", "12", "--seed", "3", "-f", format];
        make.extend(args);
        let file = dir.path().join(format!("p.{format}"));
        std::fs::write(&file, lines(&make).join("\n") + "\n").unwrap();
        let mut all = vec!["stats"];
        if format == "line" {
            all.extend(args);
        }
        all.push(file.to_str().unwrap());
        let table = lines(&all);
        assert!(
            table[0].ends_with("records read from 1 input"),
            "{table:#?}"
        );
        assert!(
            table
                .iter()
                .any(|l| l.starts_with("puzzles ") && l.trim_end().ends_with(" 12"))
        );
        assert!(
            !table
                .iter()
                .any(|l| l.contains("without exactly one solution")),
            "{args:?} {format}: {table:#?}"
        );
    }
    // Bad shape options: one line, exit 2, whether generating or reading.
    let file = dir.path().join("p.line");
    let file = file.to_str().unwrap();
    for (args, says) in [
        (
            &["stats", "--variant", "hyper", "--size", "6", file][..],
            "--variant hyper: hyper windows exist only on 9x9 grids",
        ),
        (
            &["stats", "--box", "4x4", "--size", "9", file],
            "--box 4x4 does not fit --size 9",
        ),
        (
            &["stats", "--variant", "jigsaw", file],
            "--variant jigsaw needs its regions",
        ),
        (&["stats", "--regions", SWAPPED, "-n", "5"], DISCONNECTED),
    ] {
        let out = run(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn every_shape_makes_a_few_valid_grids() {
    for case in cases() {
        let mut args = vec!["generate", "-n", "3", "-f", "line"];
        args.extend(&case.args);
        let grids = lines(&args);
        assert_eq!(grids.len(), 3, "{}", case.name);
        assert_grids_valid(case.name, &grids, case.n, &case.units);
    }
}

#[test]
fn json_and_csv_carry_the_shape_and_read_back() {
    let dir = scratch_dir();
    for (case, format) in cases()
        .into_iter()
        .filter(|c| c.n <= 12)
        .flat_map(|c| [(c.args.clone(), "json"), (c.args, "csv")])
    {
        let mut args = vec!["generate", "-n", "5", "-f", format];
        args.extend(&case);
        let written = lines(&args);
        let file = dir.path().join(format!("grids.{format}"));
        std::fs::write(&file, written.join("\n") + "\n").unwrap();
        // Read back without any shape option: the record says it.
        let out = run(&["check", file.to_str().unwrap()]);
        assert!(
            out.status.success(),
            "{case:?} {format}: {}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
}

/// Grids per shape for the release-only validity test: thousands, fewer
/// where a grid takes long to make (24x24: about 0.1 s each).
fn grids_for(n: usize) -> usize {
    match n {
        0..=18 => 5000,
        19..=21 => 2000,
        _ => 1000,
    }
}

#[test]
#[ignore = "release only: thousands of grids of every shape"]
fn release_grids_of_every_shape_are_valid() {
    for case in cases() {
        let count = grids_for(case.n).to_string();
        let mut args = vec!["generate", "-n", &count, "-f", "line"];
        args.extend(&case.args);
        let grids = lines(&args);
        assert_eq!(grids.len(), grids_for(case.n), "{}", case.name);
        assert_grids_valid(case.name, &grids, case.n, &case.units);
        let mut distinct = grids.clone();
        distinct.sort_unstable();
        distinct.dedup();
        // Far fewer grids than there are: repeats would mean a broken
        // stream (6x6 X has only a few thousand grids, so repeats are due).
        let least = if case.n == 6 && case.name.contains('X') {
            grids.len() / 2
        } else {
            grids.len() * 99 / 100
        };
        assert!(
            distinct.len() > least,
            "{}: {} distinct",
            case.name,
            distinct.len()
        );
        eprintln!("{}: {} grids valid", case.name, grids.len());
    }
}

#[test]
#[ignore = "release only: puzzles of every shape checked by the simple counter"]
fn release_puzzles_of_every_shape_are_unique_and_minimal() {
    for case in cases() {
        // The simple counter (no propagation) is too slow past 10x10 to
        // prove minimality; 12x12 and up are checked as grids only (above).
        let count = match case.n {
            0..=6 => 2000,
            7..=9 => 100,
            10 => 100,
            _ => continue,
        }
        .to_string();
        let mut args = vec![
            "puzzle",
            "-n",
            &count,
            "--seed",
            "42",
            "--with-solution",
            "-f",
            "line",
        ];
        args.extend(&case.args);
        let records = lines(&args);
        assert_eq!(records.len().to_string(), count, "{}", case.name);
        assert_puzzles_unique_and_minimal(case.name, &records, case.n, &case.units);
        eprintln!(
            "{}: {} puzzles unique and minimal",
            case.name,
            records.len()
        );
    }
    // Symmetric puzzles are unique too, and minimal among symmetric ones:
    // without any one orbit of givens (a cell and its images) they have
    // two solutions or more. The symmetry need not keep the units: a
    // quarter turn of 6x6 (2x3 boxes become 3x2), the diagonal of 12x12
    // (3x4 boxes become 4x3), a half turn of a jigsaw map that is not
    // symmetric; and the combined symmetries on 9x9.
    let jigsaw = units_of(9, (3, 3), false, false, Some(JIGSAW));
    for (args, n, units, count) in [
        (
            vec!["--variant", "x", "--symmetry", "rot180"],
            9,
            units_of(9, (3, 3), true, false, None),
            30,
        ),
        (
            vec!["--size", "8", "--symmetry", "rot180"],
            8,
            units_of(8, (2, 4), false, false, None),
            30,
        ),
        (
            vec!["--symmetry", "rot180"],
            9,
            units_of(9, (3, 3), false, false, None),
            30,
        ),
        (
            vec!["--variant", "hyper", "--symmetry", "rot180"],
            9,
            units_of(9, (3, 3), false, true, None),
            30,
        ),
        (
            vec!["--size", "6", "--symmetry", "rot90"],
            6,
            units_of(6, (2, 3), false, false, None),
            200,
        ),
        (
            vec!["--size", "12", "--symmetry", "diagonal"],
            12,
            units_of(12, (3, 4), false, false, None),
            3,
        ),
        (
            vec!["--regions", JIGSAW, "--symmetry", "rot180"],
            9,
            jigsaw.clone(),
            30,
        ),
        (
            vec!["--regions", JIGSAW, "--symmetry", "rot90"],
            9,
            jigsaw,
            30,
        ),
        (
            vec!["--symmetry", "both-mirrors"],
            9,
            units_of(9, (3, 3), false, false, None),
            30,
        ),
        (
            vec!["--symmetry", "both-diagonals"],
            9,
            units_of(9, (3, 3), false, false, None),
            30,
        ),
        (
            vec!["--symmetry", "all"],
            9,
            units_of(9, (3, 3), false, false, None),
            30,
        ),
        (
            vec!["--variant", "x", "--symmetry", "both-diagonals"],
            9,
            units_of(9, (3, 3), true, false, None),
            30,
        ),
    ] {
        let symmetry = args[args.len() - 1];
        let orbits = orbits_of(symmetry, n);
        let count = count.to_string();
        let mut all = vec![
            "puzzle",
            "-n",
            &count,
            "--seed",
            "5",
            "--with-solution",
            "-f",
            "line",
        ];
        all.extend(&args);
        let records = lines(&all);
        assert_eq!(records.len().to_string(), count, "{args:?}");
        for record in records {
            let (puzzle, solution) = record.split_once(' ').unwrap();
            // (A jigsaw's line has its map between them.)
            let solution = solution.rsplit(' ').next().unwrap();
            let cells = line_cells(puzzle);
            let solution = line_cells(solution);
            assert!(units_valid(&solution, n, &units, true), "{args:?}");
            assert_eq!(
                naive_count_units(&mut cells.clone(), n, &units, 2),
                1,
                "{args:?}"
            );
            for orbit in &orbits {
                let given = orbit.iter().filter(|&&k| cells[k] != 0).count();
                assert!(
                    given == 0 || given == orbit.len(),
                    "{args:?}: not symmetric (orbit {orbit:?}): {puzzle}"
                );
                if given == 0 {
                    continue;
                }
                let mut without = cells.clone();
                for &k in orbit {
                    without[k] = 0;
                }
                let count = naive_count_units(&mut without, n, &units, 2);
                assert_eq!(
                    count, 2,
                    "{args:?}: not minimal (orbit {orbit:?} is not needed): {puzzle}"
                );
            }
        }
        eprintln!("{args:?}: {count} puzzles unique, symmetric and minimal among symmetric ones");
    }
}

/// The orbits of the cells of an `n`x`n` grid under the symmetry of this
/// `--symmetry` name, built here from the maps of the square as written
/// (not from the library): every cell's images under the group the named
/// maps generate.
fn orbits_of(symmetry: &str, n: usize) -> Vec<Vec<usize>> {
    type Map = fn(usize, usize, usize) -> (usize, usize);
    let half: Map = |r, c, n| (n - 1 - r, n - 1 - c);
    let quarter: Map = |r, c, n| (c, n - 1 - r);
    let mirror: Map = |r, c, n| (r, n - 1 - c);
    let flip: Map = |r, c, n| (n - 1 - r, c);
    let diagonal: Map = |r, c, _| (c, r);
    let anti: Map = |r, c, n| (n - 1 - c, n - 1 - r);
    let maps: Vec<Map> = match symmetry {
        "none" => vec![],
        "rot180" => vec![half],
        "rot90" => vec![quarter, half],
        "mirror" => vec![mirror],
        "flip" => vec![flip],
        "diagonal" => vec![diagonal],
        "antidiagonal" => vec![anti],
        "both-mirrors" => vec![mirror, flip, half],
        "both-diagonals" => vec![diagonal, anti, half],
        "all" => vec![quarter, half, mirror, flip, diagonal, anti],
        other => panic!("no symmetry {other}"),
    };
    let mut seen = vec![false; n * n];
    let mut orbits = Vec::new();
    for start in 0..n * n {
        if seen[start] {
            continue;
        }
        // The images of the cell, and of those, until none is new.
        let mut orbit = vec![start];
        seen[start] = true;
        let mut k = 0;
        while k < orbit.len() {
            for map in &maps {
                let (r, c) = map(orbit[k] / n, orbit[k] % n, n);
                if !seen[r * n + c] {
                    seen[r * n + c] = true;
                    orbit.push(r * n + c);
                }
            }
            k += 1;
        }
        orbits.push(orbit);
    }
    orbits
}

/// The first grid's `<g>` of a one-puzzle book printed as SVG with `args`
/// from the records `input`: its shading and its lines.
fn printed_grid(input: &[String], args: &[&str]) -> String {
    let dir = scratch_dir();
    let file = dir.path().join("in.txt");
    std::fs::write(&file, input[0].clone() + "\n").unwrap();
    let svg = dir.path().join("book.svg");
    // (A title: every book has its head, so grids of all variants, whose
    // books state their rules there, are the same size.)
    let mut all = vec![
        "print",
        file.to_str().unwrap(),
        "-o",
        svg.to_str().unwrap(),
        "--title",
        "T",
    ];
    all.extend(args);
    let out = run(&all);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&svg).unwrap();
    let start = text.find("<g ").unwrap();
    let end = start + text[start..].find("</g>").unwrap();
    text[start..end].to_string()
}

/// The cells a printed grid shades (squares of the grey path).
fn shaded_cells(grid: &str) -> usize {
    grid.lines()
        .find(|l| l.contains("fill=\"#dedede\""))
        .map_or(0, |l| l.matches('z').count())
}

/// The printed grid's lines (paths drawn without fill), thin and thick.
fn grid_lines(grid: &str) -> Vec<&str> {
    grid.lines()
        .filter(|l| l.contains("fill=\"none\""))
        .collect()
}

#[test]
fn print_draws_boxes_diagonals_windows_and_regions() {
    let puzzle = |args: &[&str]| {
        let mut all = vec!["puzzle", "-n", "1", "--with-solution", "-f", "line"];
        all.extend(args);
        lines(&all)
    };
    let classic = printed_grid(&puzzle(&[]), &[]);
    assert_eq!(shaded_cells(&classic), 0);
    // X: both diagonals, 17 cells; Hyper: four windows of 9.
    let x = printed_grid(&puzzle(&["--variant", "x"]), &["--variant", "x"]);
    assert_eq!(shaded_cells(&x), 17);
    assert_eq!(grid_lines(&x), grid_lines(&classic));
    let hyper = printed_grid(&puzzle(&["--variant", "hyper"]), &["--variant", "hyper"]);
    assert_eq!(shaded_cells(&hyper), 36);
    // Jigsaw: the regions' borders, not the boxes'.
    let jigsaw = printed_grid(&puzzle(&["--regions", JIGSAW]), &["--regions", JIGSAW]);
    assert_eq!(shaded_cells(&jigsaw), 0);
    assert_ne!(grid_lines(&jigsaw), grid_lines(&classic));
    // 6x6: boxes 2 rows tall and 3 wide differ from 3 tall and 2 wide.
    let wide = printed_grid(&puzzle(&["--size", "6"]), &[]);
    let tall = printed_grid(&puzzle(&["--box", "3x2"]), &["--box", "3x2"]);
    assert_ne!(grid_lines(&wide), grid_lines(&tall));
}

/// The second rows a 6x6 grid with boxes 2x3 and first row `123456` can
/// have (`456` then `123` in some orders), each with its count of
/// completions by the simple counter: the band classes of the top band.
fn six_by_six_bands(units: &[Vec<usize>]) -> Vec<([u8; 6], u64)> {
    let perms = |a: [u8; 3]| {
        [
            [a[0], a[1], a[2]],
            [a[0], a[2], a[1]],
            [a[1], a[0], a[2]],
            [a[1], a[2], a[0]],
            [a[2], a[0], a[1]],
            [a[2], a[1], a[0]],
        ]
    };
    let mut out = Vec::new();
    for left in perms([4, 5, 6]) {
        for right in perms([1, 2, 3]) {
            let mut cells = vec![0u8; 36];
            let row: Vec<u8> = left.iter().chain(&right).copied().collect();
            cells[..6].copy_from_slice(&[1, 2, 3, 4, 5, 6]);
            cells[6..12].copy_from_slice(&row);
            let count = naive_count_units(&mut cells, 6, units, u64::MAX);
            out.push((row.try_into().unwrap(), count));
        }
    }
    out
}

#[test]
#[ignore = "release only: 200,000 uniform 6x6 grids"]
fn release_uniform_6x6_is_uniform() {
    let units = units_of(6, (2, 3), false, false, None);
    // The simple counter: 28,200,960 grids (720 relabellings of the grids
    // whose first row is 123456).
    let bands = six_by_six_bands(&units);
    let base: u64 = bands.iter().map(|b| b.1).sum();
    assert_eq!(base * 720, 28_200_960);

    let n = 200_000usize;
    let grids = lines(&[
        "generate", "--size", "6", "-s", "uniform", "-n", "200000", "--seed", "6", "-f", "line",
    ]);
    assert_eq!(grids.len(), n);
    assert_grids_valid("uniform 6x6", &grids, 6, &units);

    // Birthday: among n draws from N grids, n - distinct has mean about
    // n²/2N = 709.2 and a standard deviation about its square root (26.6);
    // four of them either side.
    let mut sorted = grids.clone();
    sorted.sort_unstable();
    sorted.dedup();
    let repeats = n - sorted.len();
    let expected = {
        let big_n = 28_200_960f64;
        let n = n as f64;
        n - big_n * (1.0 - (1.0 - 1.0 / big_n).powf(n))
    };
    eprintln!("uniform 6x6: {repeats} repeats among {n} (expected {expected:.1})");
    assert!(
        (repeats as f64 - expected).abs() < 4.0 * expected.sqrt(),
        "{repeats} repeats, expected {expected:.1}"
    );

    // Band classes: each grid relabelled so that its first row is 123456;
    // its second row then names its top band's class, whose probability
    // is the class's share of completions. χ² with 35 degrees of freedom:
    // mean 35; above 70 has a chance under 0.1%.
    let mut seen = vec![0u64; bands.len()];
    for g in &grids {
        let cells = line_cells(g);
        let mut label = [0u8; 7];
        for (k, &v) in cells[..6].iter().enumerate() {
            label[usize::from(v)] = k as u8 + 1;
        }
        let row: Vec<u8> = cells[6..12]
            .iter()
            .map(|&v| label[usize::from(v)])
            .collect();
        let k = bands.iter().position(|b| b.0[..] == row[..]).unwrap();
        seen[k] += 1;
    }
    let chi2: f64 = bands
        .iter()
        .zip(&seen)
        .map(|(&(_, count), &got)| {
            let expect = n as f64 * count as f64 / base as f64;
            (got as f64 - expect).powi(2) / expect
        })
        .sum();
    eprintln!("uniform 6x6: band-class chi-square {chi2:.1} on 35 degrees of freedom");
    assert!(chi2 < 70.0, "chi-square {chi2:.1}");
}

/// The bytes of shapes' runs, pinned (new outputs; `SUDOGEN_BLESS=1`
/// writes them).
#[test]
fn shapes_output_is_stable() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/shapes");
    let bless = std::env::var_os("SUDOGEN_BLESS").is_some();
    for (name, args) in [
        ("generate-6", &["generate", "--size", "6", "-n", "20"][..]),
        (
            "generate-6-backtrack",
            &["generate", "--size", "6", "-s", "backtrack", "-n", "20"],
        ),
        ("generate-8", &["generate", "--size", "8", "-n", "10"]),
        ("generate-12-4x3", &["generate", "--box", "4x3", "-n", "5"]),
        ("generate-x", &["generate", "--variant", "x", "-n", "10"]),
        (
            "generate-x-backtrack",
            &["generate", "--variant", "x", "-s", "backtrack", "-n", "10"],
        ),
        (
            "generate-hyper",
            &["generate", "--variant", "hyper", "-n", "10"],
        ),
        (
            "generate-jigsaw",
            &["generate", "--regions", JIGSAW, "-n", "10"],
        ),
        (
            "generate-6-csv",
            &["generate", "--size", "6", "-n", "3", "-f", "csv"],
        ),
        (
            "generate-x-json",
            &["generate", "--variant", "x", "-n", "3", "-f", "json"],
        ),
        (
            "puzzle-6",
            &["puzzle", "--size", "6", "-n", "20", "--with-solution"],
        ),
        (
            "puzzle-x",
            &["puzzle", "--variant", "x", "-n", "10", "--with-solution"],
        ),
        (
            "puzzle-12",
            &["puzzle", "--size", "12", "-n", "3", "--with-solution"],
        ),
        (
            "puzzle-jigsaw",
            &["puzzle", "--regions", JIGSAW, "-n", "5", "--with-solution"],
        ),
    ] {
        let mut all = args.to_vec();
        all.extend(["--seed", "7", "-f"]);
        if !all.contains(&"csv") && !all.contains(&"json") {
            all.push("line");
        } else {
            // The format was given before; drop the extra `-f`.
            all.pop();
        }
        let got = lines(&all).join("\n") + "\n";
        let path = dir.join(format!("{name}.txt"));
        if bless {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &got).unwrap();
        }
        let want = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e}; run with SUDOGEN_BLESS=1 once", path.display()));
        assert_eq!(got, want, "{name}: output changed");
    }
}

/// Runs `args` with `input` on standard input.
fn run_with(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// A jigsaw written as a line carries its region map after its cells,
/// one letter a cell (`PUZZLE REGIONS [SOLUTION]`), so the line alone is
/// the whole puzzle: read back without `--regions` it solves in its
/// regions (checked here by the test's own units and count); a map that
/// differs from `--regions`, or that is no map, is reported.
#[test]
fn a_jigsaw_line_carries_its_regions() {
    let made = lines(&[
        "puzzle",
        "-n",
        "3",
        "--seed",
        "5",
        "--variant",
        "jigsaw",
        "--regions",
        JIGSAW,
        "--with-solution",
    ]);
    let map: String = JIGSAW.split_whitespace().collect();
    let units = units_of(9, (3, 3), false, false, Some(JIGSAW));
    for line in &made {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields.len(), 3, "{line}");
        assert_eq!(fields[1], map, "{line}");
        let mut cells = line_cells(fields[0]);
        assert_eq!(naive_count_units(&mut cells, 9, &units, 2), 1, "{line}");
        let solution = line_cells(fields[2]);
        assert!(units_valid(&solution, 9, &units, true), "{line}");
    }
    // Solved with no --regions: the map comes from the line, and the
    // solution written is followed by it again.
    let puzzles: String = made
        .iter()
        .map(|l| l.split(' ').take(2).collect::<Vec<_>>().join(" ") + "\n")
        .collect();
    let out = run_with(&["solve", "-"], &puzzles);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let solved = String::from_utf8(out.stdout).unwrap();
    let want: Vec<String> = made
        .iter()
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            format!("{} {}", f[2], f[1])
        })
        .collect();
    assert_eq!(solved.lines().collect::<Vec<_>>(), want);
    // A map of its own that is not --regions' is a conflict; a field of
    // letters that is no map is named.
    let other = "AAAAAAAAABBBBBBBBBCCCCCCCCCDDDDDDDDDEEEEEEEEEFFFFFFFFFGGGGGGGGGHHHHHHHHHIIIIIIIII";
    let first = made[0].split(' ').next().unwrap();
    let out = run_with(
        &["solve", "--variant", "jigsaw", "--regions", JIGSAW, "-"],
        &format!("{first} {other}\n"),
    );
    // (As a CSV or JSON record that names another shape: exit 2.)
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(":1: the record's regions are not the regions asked for"),
        "{err}"
    );
    let broken = format!("B{}", &map[1..]);
    let out = run_with(&["solve", "-"], &format!("{first} {broken}\n"));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(":1: region 'B' has 10 cells"), "{err}");
}

/// The map of a line's second field as rows of letters (for `units_of`).
fn map_rows(map: &str, n: usize) -> String {
    (0..n)
        .map(|r| &map[r * n..(r + 1) * n])
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether every region of `map` (one letter a cell) has `n` cells in
/// one orthogonally connected piece, by the tests' own flood fill
/// ([`common::regions_problem`]).
fn regions_are_pieces(map: &str, n: usize) -> bool {
    let mut letters: Vec<u8> = map.bytes().collect();
    letters.sort_unstable();
    letters.dedup();
    let numbered: Vec<u8> = (map.bytes())
        .map(|b| {
            letters
                .iter()
                .position(|&l| l == b)
                .unwrap_or(usize::MAX)
                .min(255) as u8
        })
        .collect();
    letters.len() == n && common::regions_problem(&numbered, n).is_none()
}

/// `--variant jigsaw` without `--regions` draws a new map for every
/// puzzle (issue 51), from the seed and the index: every map N regions of
/// N cells in one piece each, not the boxes, all different; each puzzle
/// unique in its own map (the test's own units and count) and minimal;
/// the same bytes whatever `-j` and `--start`; every record carries its
/// map (line, CSV with one header, JSON), and reads back without options.
#[test]
fn jigsaws_draw_a_map_each() {
    // (Minimality is checked on 6x6, where the test's plain counter is
    // quick; the release tests check it on thousands of every shape.)
    for (side, count) in [("9", 6usize), ("6", 12), ("8", 3)] {
        let n: usize = side.parse().unwrap();
        let made = lines(&[
            "puzzle",
            "--variant",
            "jigsaw",
            "--size",
            side,
            "-n",
            &count.to_string(),
            "--seed",
            "11",
        ]);
        assert_eq!(made.len(), count);
        let boxes = units_of(
            n,
            if n == 8 {
                (2, 4)
            } else if n == 6 {
                (2, 3)
            } else {
                (3, 3)
            },
            false,
            false,
            None,
        );
        let mut maps = std::collections::HashSet::new();
        for line in &made {
            let (puzzle, map) = line.split_once(' ').unwrap();
            assert!(regions_are_pieces(map, n), "{line}");
            assert!(maps.insert(map.to_string()), "a map twice: {map}");
            let units = units_of(n, (1, n), false, false, Some(&map_rows(map, n)));
            assert_ne!(units[2 * n..], boxes[2 * n..], "the boxes: {map}");
            let mut cells = line_cells(puzzle);
            assert_eq!(
                naive_count_units(&mut cells.clone(), n, &units, 2),
                1,
                "{line}"
            );
            if n != 6 {
                continue;
            }
            for c in 0..cells.len() {
                if cells[c] != 0 {
                    let v = std::mem::replace(&mut cells[c], 0);
                    assert!(
                        naive_count_units(&mut cells.clone(), n, &units, 2) > 1,
                        "not minimal: {line}"
                    );
                    cells[c] = v;
                }
            }
        }
        // The same records from any start and thread count.
        let later = lines(&[
            "puzzle",
            "--variant",
            "jigsaw",
            "--size",
            side,
            "-n",
            "2",
            "--seed",
            "11",
            "--start",
            "1",
            "-j",
            "2",
        ]);
        assert_eq!(later[..], made[1..3]);
    }
    // Grids too; CSV keeps one header; JSON carries each map; read back.
    let grids = lines(&["generate", "--variant", "jigsaw", "-n", "5", "--seed", "3"]);
    for line in &grids {
        let (grid, map) = line.split_once(' ').unwrap();
        let units = units_of(9, (1, 9), false, false, Some(&map_rows(map, 9)));
        assert!(units_valid(&line_cells(grid), 9, &units, true), "{line}");
    }
    let csv = lines(&[
        "puzzle",
        "--variant",
        "jigsaw",
        "-n",
        "4",
        "--seed",
        "3",
        "-f",
        "csv",
    ]);
    assert_eq!(csv.len(), 5);
    assert!(csv[0].starts_with("index,puzzle,") && csv[0].ends_with(",regions"));
    assert!(csv[1..].iter().all(|r| !r.starts_with("index")));
    let json = lines(&[
        "puzzle",
        "--variant",
        "jigsaw",
        "-n",
        "4",
        "--seed",
        "3",
        "-f",
        "json",
    ]);
    let text = json.join("\n") + "\n";
    let out = run_with(&["check", "-"], &text);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // stats measures jigsaws of every map together, read or made.
    let puzzles = lines(&["puzzle", "--variant", "jigsaw", "-n", "6", "--seed", "3"]);
    let out = run_with(&["stats", "-"], &(puzzles.join("\n") + "\n"));
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{report}");
    assert!(
        report
            .lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["puzzles", "6"]),
        "{report}"
    );
    let report = lines(&["stats", "--variant", "jigsaw", "-n", "40", "--seed", "3"]).join("\n");
    assert!(
        report
            .lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["grids", "40"]),
        "{report}"
    );
    let same = lines(&["puzzle", "--variant", "jigsaw", "-n", "4", "--seed", "3"]);
    for (j, l) in json.iter().zip(&same) {
        let (_, map) = l.split_once(' ').unwrap();
        assert!(j.contains(&format!("\"regions\":\"{map}\"")), "{j}");
    }
}
