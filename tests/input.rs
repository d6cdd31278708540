//! Reading input as a new user hands it over (issue 50): NumPy arrays
//! written and read back with a header parser of the test's own, compressed
//! files, characters beyond ASCII, region maps named by path, and one
//! answer per record.

mod common;

use std::path::Path;
use std::process::Output;

use assert_cmd::Command as Cmd;
use common::{Scratch, naive_count, scratch_dir};

const BIN: &str = env!("CARGO_BIN_EXE_sudogen");

fn sudogen() -> Cmd {
    Cmd::new(BIN)
}

/// Runs `sudogen ARGS` with `stdin`.
fn run(args: &[&str], stdin: &[u8]) -> Output {
    sudogen()
        .args(args)
        .write_stdin(stdin.to_vec())
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// An `.npy` file read by the test's own parser (no code shared with
/// sudogen's): the shape in its header, and the bytes after the header.
fn read_npy(path: &Path) -> (Vec<usize>, Vec<u8>) {
    let bytes = std::fs::read(path).unwrap();
    assert_eq!(&bytes[..6], b"\x93NUMPY", "{}", path.display());
    assert_eq!(bytes[6], 1, "version 1.0");
    let len = usize::from(u16::from_le_bytes([bytes[8], bytes[9]]));
    let dict = std::str::from_utf8(&bytes[10..10 + len]).unwrap();
    assert!(dict.contains("'descr': '|u1'"), "{dict}");
    assert!(dict.contains("'fortran_order': False"), "{dict}");
    let shape = &dict[dict.find("'shape': (").unwrap() + 10..];
    let shape: Vec<usize> = shape[..shape.find(')').unwrap()]
        .split(',')
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(|d| d.parse().unwrap())
        .collect();
    (shape, bytes[10 + len..].to_vec())
}

/// Item 3: `puzzle -f npy` writes N rows of puzzles (not puzzles and
/// solutions interleaved), with `--rate` and at 16x16 too, and
/// `NAME.solutions.npy` only with `--with-solution`.
#[test]
fn npy_puzzles_are_one_row_each() {
    let dir = scratch_dir();
    for (name, extra, n, side) in [
        ("plain", &[][..], 4, 9),
        ("rated", &["--rate"][..], 3, 9),
        ("sixteen", &["--size", "16", "-s", "chain"][..], 1, 16),
        ("solved", &["--with-solution"][..], 4, 9),
    ] {
        let path = dir.path().join(format!("{name}.npy"));
        let count = n.to_string();
        let mut args = vec!["puzzle", "-n", &count, "--seed", "1", "-f", "npy"];
        args.extend_from_slice(extra);
        let out = sudogen().args(&args).arg("-o").arg(&path).output().unwrap();
        assert!(out.status.success(), "{name}: {out:?}");
        let cells = side * side;
        let (shape, data) = read_npy(&path);
        assert_eq!(shape, [n, cells], "{name}");
        assert_eq!(data.len(), n * cells, "{name}");
        for row in data.chunks(cells) {
            assert!(row.contains(&0), "{name}: a full grid among the puzzles");
            if side == 9 {
                assert_eq!(naive_count(&mut row.to_vec(), 9, 2), 1, "{name}");
            }
        }
        let solutions = dir.path().join(format!("{name}.solutions.npy"));
        if name == "solved" {
            let (shape, answers) = read_npy(&solutions);
            assert_eq!(shape, [n, cells]);
            assert_eq!(answers.len(), n * cells);
            for (puzzle, answer) in data.chunks(cells).zip(answers.chunks(cells)) {
                assert!(!answer.contains(&0));
                assert_eq!(naive_count(&mut answer.to_vec(), 9, 2), 1);
                assert!(puzzle.iter().zip(answer).all(|(&p, &a)| p == 0 || p == a));
            }
        } else {
            assert!(
                !solutions.exists(),
                "{name}: a solutions array nobody asked for"
            );
        }
        // `check` counts the puzzles, not twice as many records.
        let checked = run(&["check", path.to_str().unwrap()], b"");
        assert!(
            text(&checked.stdout).starts_with(&format!("{n} grid")),
            "{name}: {checked:?}"
        );
    }
}

/// Item 4: an npy file cut short, or with bytes after its rows, is
/// refused whole (one line naming the counts, exit 2), as numpy refuses
/// it; a value out of range is named as a number.
#[test]
fn npy_row_count_is_the_headers() {
    let dir = scratch_dir();
    let path = dir.path().join("g.npy");
    let out = sudogen()
        .args(["generate", "-n", "10", "--seed", "1", "-f", "npy", "-o"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let bytes = std::fs::read(&path).unwrap();
    let header = bytes.len() - 10 * 81;
    let cases = [
        (
            bytes[..header + 9 * 81].to_vec(),
            "the npy header gives 10 rows of 81 cells, but the input ends after 9 rows; the file is cut short (numpy refuses it too)",
        ),
        (
            bytes[..header + 9 * 81 + 40].to_vec(),
            "the npy header gives 10 rows of 81 cells, but the input ends after 9 rows and 40 bytes of the next; the file is cut short (numpy refuses it too)",
        ),
        (
            [&bytes[..], b"\x01\x02\x03"].concat(),
            "the npy header gives 10 rows of 81 cells, but 3 more bytes follow them; an npy file holds one array (numpy refuses it too)",
        ),
    ];
    for (contents, message) in cases {
        let file = Scratch::file("cut.npy", &contents);
        for command in ["check", "solve"] {
            let out = run(&[command, file.to_str().unwrap()], b"");
            assert_eq!(out.status.code(), Some(2), "{command}: {out:?}");
            let stderr = text(&out.stderr);
            let errors: Vec<&str> = stderr.lines().collect();
            assert_eq!(
                errors,
                [format!(
                    "sudogen: error: cannot read {}: {message}",
                    file.display()
                )],
                "{command}"
            );
        }
    }
    let mut bad = bytes.clone();
    bad[header + 5] = 147;
    let file = Scratch::file("bad.npy", &bad);
    let out = run(&["check", file.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        text(&out.stdout).contains(":1: \"147\" is not a value of a 9x9 grid (0 to 9)\n"),
        "{out:?}"
    );
}

const PUZZLE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const SOLUTION: &str =
    "468931527751624839392578461134756298289413675675289314846192753513867942927345186";

/// The first two messages of `stderr` (its `lines`): records 1 and 3 of
/// the input of [`every_record_gets_an_answer`] could not be read.
fn assert_unreadable_1_and_3(lines: &[&str], stderr: &str) {
    assert!(
        lines[0].starts_with("sudogen: <stdin>:1: 5 cells"),
        "{stderr}"
    );
    assert_eq!(
        lines[1],
        "sudogen: <stdin>:3: 80 cells where 81 are expected"
    );
}

/// Item 18: `solve` and `solve --count` answer every record, with
/// `unreadable` in place of one that could not be read (JSON: an `error`
/// at its index), so that answers line up with the records.
#[test]
fn every_record_gets_an_answer() {
    let input = format!("12345\n{PUZZLE}\n{}\n", &PUZZLE[1..]);
    let cases: [(&[&str], String); 5] = [
        (&["--count"], "unreadable\n1\nunreadable\n".into()),
        (
            &["--count", "-f", "csv"],
            "unreadable\n1\nunreadable\n".into(),
        ),
        (
            &["--count", "-f", "grid"],
            "unreadable\n1\nunreadable\n".into(),
        ),
        (&[], format!("unreadable\n{SOLUTION}\nunreadable\n")),
        (
            &["-f", "line"],
            format!("unreadable\n{SOLUTION}\nunreadable\n"),
        ),
    ];
    for (extra, expected) in cases {
        let mut args = vec!["solve"];
        args.extend_from_slice(extra);
        let out = run(&args, input.as_bytes());
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        assert_eq!(text(&out.stdout), expected, "{extra:?}");
        let stderr = text(&out.stderr);
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(lines.len(), 2, "{stderr}");
        assert_unreadable_1_and_3(&lines, &stderr);
    }
    let out = run(&["solve", "--count", "-f", "json"], input.as_bytes());
    let records: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 3);
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r["index"], i);
    }
    assert_eq!(records[1]["solutions"], 1);
    assert_eq!(records[2]["error"], "80 cells where 81 are expected");
    // In the grid format the blocks stay apart.
    let out = run(
        &["solve", "-f", "grid"],
        format!("{PUZZLE}\n1234\n{PUZZLE}\n").as_bytes(),
    );
    let blocks: Vec<&str> = std::str::from_utf8(&out.stdout)
        .unwrap()
        .split("\n\n")
        .collect();
    assert_eq!(blocks.len(), 3, "{out:?}");
    assert_eq!(blocks[1], "unreadable");
}

/// A puzzle `rate` rates at once (2.0, medium).
const EASY: &str =
    ".......3779..5..8.6......5.2...15...9....8..1.8.6....2.....7....1..6.....4.1..39.";

/// Item 18, as `solve` does: `rate`, `canon` and `transform` write one
/// answer per record read (per copy with `--copies`), `unreadable` in the
/// place of one that could not be read or whose solution could not be
/// (JSON: an `error` at its index); `canon --distinct` drops records
/// anyway, so it writes none.
#[test]
fn rate_canon_and_transform_answer_every_record() {
    let solved = run(&["solve"], EASY.as_bytes());
    let solution = text(&solved.stdout).trim().to_string();
    let input = format!("12345\n{EASY}\n{}\n{EASY} {}\n", &EASY[1..], &solution[1..]);
    let answers = |args: &[&str]| {
        let out = run(args, input.as_bytes());
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        let stderr = text(&out.stderr);
        let lines: Vec<&str> = stderr
            .lines()
            .filter(|l| !l.starts_with("sudogen: note:"))
            .collect();
        assert_eq!(lines.len(), 3, "{args:?}: {stderr}");
        assert_unreadable_1_and_3(&lines, &stderr);
        assert_eq!(
            lines[2],
            "sudogen: <stdin>:4: its solution: 80 cells where 81 are expected"
        );
        text(&out.stdout)
    };
    let out = answers(&["rate"]);
    assert_eq!(
        out,
        format!("unreadable\n{EASY} 2.0 medium direct-hidden-pair\nunreadable\nunreadable\n")
    );
    let out = answers(&["canon"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!([lines[0], lines[2], lines[3]], ["unreadable"; 3], "{out}");
    assert_eq!(lines[1].len(), 81, "{out}");
    let out = answers(&["transform", "--seed", "1", "--copies", "2"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 8, "{out}");
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(*line == "unreadable", !(2..4).contains(&i), "{out}");
    }
    for command in [
        &["rate", "-f", "json"][..],
        &["canon", "-f", "json"],
        &["transform", "--seed", "1", "-f", "json"],
    ] {
        let out = answers(command);
        let records: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(records.len(), 4, "{command:?}: {out}");
        for (i, r) in records.iter().enumerate() {
            assert_eq!(r["index"], i, "{command:?}: {out}");
            assert_eq!(r.get("error").is_some(), i != 1, "{command:?}: {out}");
        }
        assert_eq!(
            records[3]["error"],
            "its solution: 80 cells where 81 are expected"
        );
    }
    let out = answers(&["canon", "--distinct"]);
    assert_eq!(out.lines().count(), 1, "{out}");
}

/// Item 22: `puzzle --from` a file of puzzles (not grids) names the first
/// twenty, as `solve` names unreadable records, then counts the rest.
#[test]
fn puzzle_from_caps_its_messages() {
    let puzzles = run(&["puzzle", "-n", "30", "--seed", "3", "-f", "line"], b"");
    assert!(puzzles.status.success());
    let file = Scratch::file("puzzles.txt", &puzzles.stdout);
    let out = run(&["puzzle", "--from", file.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(out.stdout.is_empty());
    let stderr = text(&out.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 21, "{stderr}");
    let name = file.display();
    assert!(
        lines[19].starts_with(&format!(
            "sudogen: {name}:20: not a complete valid grid (cell "
        )),
        "{stderr}"
    );
    assert_eq!(
        lines[20],
        format!(
            "sudogen: {name}: 10 more records (30 in all) were not complete valid grids; --from makes puzzles from solution grids (sudogen solve solves puzzles)"
        )
    );
}

/// Item 22, in the commands that refuse a whole run for its records
/// (`print`, `split`): a file of the wrong size names 20 records, then
/// counts the rest, then says nothing was made.
#[test]
fn print_and_split_cap_their_messages() {
    let puzzles = run(&["puzzle", "-n", "30", "--seed", "3", "-f", "line"], b"");
    assert!(puzzles.status.success());
    let file = Scratch::file("nines.txt", &puzzles.stdout);
    let name = file.display();
    let out_dir = Scratch::file("unused.txt", b"");
    let prefix = out_dir.with_file_name("capped");
    let prefix = prefix.to_str().unwrap();
    let pdf = out_dir.with_file_name("capped.pdf");
    let pdf = pdf.to_str().unwrap();
    for (args, end) in [
        (
            vec!["print", "--size", "6", "-o", pdf],
            "sudogen: error: nothing was printed; mend the records above, or leave them out",
        ),
        (
            vec!["split", "--size", "6", "--train", "1", "-o", prefix],
            "sudogen: error: nothing was split; mend the records above, or leave them out",
        ),
    ] {
        let mut args = args.clone();
        args.push(file.to_str().unwrap());
        let out = run(&args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        let stderr = text(&out.stderr);
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(lines.len(), 22, "{args:?}: {stderr}");
        assert_eq!(
            lines[19],
            format!("sudogen: {name}:20: 81 cells, expected 36"),
            "{stderr}"
        );
        assert_eq!(
            lines[20],
            format!("sudogen: {name}: 10 more records with a problem (30 in all)")
        );
        assert_eq!(lines[21], end);
    }
    assert!(!out_dir.with_file_name("capped.pdf").exists());
}

const REGIONS: &str = "AAABBBCCC\nAABBBCCCC\nAAAABBBCC\nDDDDEEEFF\nDDEEEFFFF\nDDDEEEFFF\nGGGHHHIII\nGGGHHHIII\nGGGHHHIII\n";

/// Item 17: a `--regions` value that looks like a path and is no map is a
/// file that is missing (not "a region map of 12 cells"), and a regions
/// file may hold comment lines.
#[test]
fn regions_files_are_files() {
    let out = run(&["puzzle", "--regions", "nonexist.txt"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "sudogen: error: --regions nonexist.txt: no such file; name a file of region letters, or give the letters themselves (N·N, one per cell)\n"
    );
    let out = run(&["solve", "--regions", "maps/jigsaw"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--regions maps/jigsaw: no such file;"));
    let file = Scratch::file(
        "regions.txt",
        format!("# the guide's map\n{REGIONS}# end\n").as_bytes(),
    );
    let out = run(
        &[
            "puzzle",
            "--regions",
            file.to_str().unwrap(),
            "-n",
            "1",
            "--seed",
            "1",
        ],
        b"",
    );
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        text(&out.stdout).trim().len(),
        81 + 1 + 81,
        "the puzzle, then its map"
    );
}

/// Item 27 (in part): a record that names its variant is not read as
/// another one because `--variant` says so: the conflict is refused per
/// record (exit 2, naming the line), and a record that names none takes
/// the one given.
#[test]
fn a_records_own_variant_is_not_overridden() {
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
            "json",
        ],
        b"",
    );
    assert!(x.status.success());
    let out = run(&["solve", "--variant", "hyper"], &x.stdout);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "unreadable\nunreadable\n");
    assert_eq!(
        text(&out.stderr).lines().next().unwrap(),
        "sudogen: <stdin>:1: the record says its variant is x, but variant hyper is asked for; leave out --variant and --regions (a record that names its shape keeps it)"
    );
    // The same variant, or none given: solved.
    for args in [&["solve", "--variant", "x"][..], &["solve"][..]] {
        let out = run(args, &x.stdout);
        assert!(out.status.success(), "{args:?}: {out:?}");
    }
    // CSV rows carry their shape in columns.
    let csv = run(
        &[
            "puzzle",
            "--variant",
            "x",
            "-n",
            "1",
            "--seed",
            "1",
            "-f",
            "csv",
        ],
        b"",
    );
    let out = run(&["solve", "--variant", "hyper"], &csv.stdout);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains(":2: the record says its variant is x, but variant hyper"));
}

/// The stderr lines of a run, for exact comparison.
fn errors(out: &Output) -> Vec<String> {
    text(&out.stderr).lines().map(String::from).collect()
}

/// Item 15: cells are characters, not bytes: `·` for an empty cell is one
/// cell, named as written, and `--empty '·'` reads it; `é` is shown as
/// `é`; a NUL byte gets no `--symbols` hint; any characters beyond ASCII
/// can be the symbols.
#[test]
fn cells_are_characters() {
    let made = run(&["puzzle", "--size", "12", "-n", "1", "--seed", "1"], b"");
    let dots = text(&made.stdout);
    let middots = dots.replace('.', "·");
    let out = run(&["solve"], middots.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        errors(&out),
        [
            "sudogen: <stdin>:1: '·' is not a symbol of a 12x12 grid; if it marks an empty cell, read it with --empty '·'"
        ]
    );
    let with_dots = run(&["solve"], dots.as_bytes());
    let with_middots = run(&["solve", "--empty", "·"], middots.as_bytes());
    assert!(with_middots.status.success(), "{with_middots:?}");
    assert_eq!(with_middots.stdout, with_dots.stdout);
    // In the grid format too.
    let block = run(&["puzzle", "-n", "1", "--seed", "1", "-f", "grid"], b"");
    let block = text(&block.stdout).replace('.', "·");
    let out = run(&["solve", "--empty", "·"], block.as_bytes());
    assert_eq!(
        text(&out.stdout),
        format!(
            "{}\n",
            solution_of(&run(&["puzzle", "-n", "1", "--seed", "1"], b"").stdout)
        )
    );

    let accented = format!("{}é{}\n", &PUZZLE[..40], &PUZZLE[41..]);
    let out = run(&["solve"], accented.as_bytes());
    assert_eq!(
        errors(&out),
        ["sudogen: <stdin>:1: 'é' is not a symbol of a 9x9 grid"]
    );
    let nul = format!("{}\0{}\n", &PUZZLE[..40], &PUZZLE[41..]);
    let out = run(&["solve"], nul.as_bytes());
    assert_eq!(
        errors(&out),
        ["sudogen: <stdin>:1: '\\x00' is not a symbol of a 9x9 grid"]
    );
    // Bytes that are not UTF-8 are one cell each too.
    let latin1 = [
        &PUZZLE.as_bytes()[..40],
        b"\xe9",
        &PUZZLE.as_bytes()[41..],
        b"\n",
    ]
    .concat();
    let out = run(&["solve"], &latin1);
    assert_eq!(
        errors(&out),
        [
            "sudogen: <stdin>:1: '\u{FFFD}' is not a symbol of a 9x9 grid; the record holds bytes that are not UTF-8: save it as UTF-8"
        ]
    );

    let circled: String = PUZZLE
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => char::from_u32(0x245f + d).unwrap(),
            None => c,
        })
        .collect();
    let out = run(
        &["solve", "--symbols", "①②③④⑤⑥⑦⑧⑨"],
        format!("{circled}\n").as_bytes(),
    );
    assert!(out.status.success(), "{out:?}");
    let expected: String = SOLUTION
        .chars()
        .map(|c| char::from_u32(0x245f + c.to_digit(10).unwrap()).unwrap())
        .collect();
    assert_eq!(text(&out.stdout), format!("{expected}\n"));
    // `--empty` takes any character but a digit of the grids, and the
    // puzzle is read as written with it.
    let out = run(&["solve", "--empty", "5"], b"");
    assert_eq!(out.status.code(), Some(2));
}

/// The solution of the first `PUZZLE SOLUTION`-less puzzle line, by the
/// test's own search.
fn solution_of(line: &[u8]) -> String {
    let puzzle = text(line);
    let mut cells: Vec<u8> = common::line_cells(puzzle.trim());
    assert_eq!(naive_count(&mut cells.clone(), 9, 2), 1);
    fill(&mut cells);
    cells.iter().map(|v| char::from(b'0' + v)).collect()
}

/// Fills `cells` (9x9) with its first solution, plainly.
fn fill(cells: &mut [u8]) -> bool {
    let Some(i) = cells.iter().position(|&v| v == 0) else {
        return true;
    };
    for v in 1..=9 {
        let (r, c) = (i / 9, i % 9);
        let clash = (0..9).any(|k| {
            cells[r * 9 + k] == v
                || cells[k * 9 + c] == v
                || cells[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] == v
        });
        if !clash {
            cells[i] = v;
            if fill(cells) {
                return true;
            }
            cells[i] = 0;
        }
    }
    false
}

/// CRC-32 (IEEE), bit by bit: the test's own, for the archives it writes.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// `bytes` as gzip, framed by hand around a raw deflate stream.
fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255];
    out.extend(miniz_oxide::deflate::compress_to_vec(bytes, 6));
    out.extend(crc32(bytes).to_le_bytes());
    out.extend((bytes.len() as u32).to_le_bytes());
    out
}

/// A zip archive of `members` (name, bytes), written by hand: deflated
/// with a data descriptor (sizes after the data, as streaming writers and
/// numpy do) when `deflate`, else stored.
fn zip(members: &[(&str, &[u8])], deflate: bool) -> Vec<u8> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, bytes) in members {
        let data = if deflate {
            miniz_oxide::deflate::compress_to_vec(bytes, 6)
        } else {
            bytes.to_vec()
        };
        let (method, flags): (u16, u16) = if deflate { (8, 8) } else { (0, 0) };
        let (crc, packed, size) = (crc32(bytes), data.len() as u32, bytes.len() as u32);
        let offset = out.len() as u32;
        let known = |x: u32| if deflate { 0 } else { x };
        let header = |sig: &[u8], out: &mut Vec<u8>, central: bool| {
            out.extend(sig);
            if central {
                out.extend(20u16.to_le_bytes());
            }
            out.extend(20u16.to_le_bytes());
            out.extend(flags.to_le_bytes());
            out.extend(method.to_le_bytes());
            out.extend([0, 0, 0x21, 0]);
            let exact = central;
            for x in [crc, packed, size] {
                out.extend(if exact { x } else { known(x) }.to_le_bytes());
            }
            out.extend((name.len() as u16).to_le_bytes());
            out.extend(0u16.to_le_bytes());
            if central {
                // Comment length, disk, internal and external attributes.
                out.extend([0u8; 10]);
                out.extend(offset.to_le_bytes());
            }
            out.extend(name.as_bytes());
        };
        header(b"PK\x03\x04", &mut out, false);
        out.extend(&data);
        if deflate {
            out.extend(b"PK\x07\x08");
            for x in [crc, packed, size] {
                out.extend(x.to_le_bytes());
            }
        }
        header(b"PK\x01\x02", &mut central, true);
    }
    let start = out.len() as u32;
    let n = members.len() as u16;
    out.extend(&central);
    out.extend(b"PK\x05\x06");
    out.extend([0u8; 4]);
    out.extend(n.to_le_bytes());
    out.extend(n.to_le_bytes());
    out.extend((central.len() as u32).to_le_bytes());
    out.extend(start.to_le_bytes());
    out.extend([0u8; 2]);
    out
}

/// Item 14: gzip, zip and `.npz` inputs are read, as files and on
/// standard input, recognised by their bytes (not their names); other
/// binary inputs are refused in one line that says what they are.
#[test]
fn compressed_inputs_are_read() {
    let csv = run(
        &[
            "puzzle",
            "-n",
            "6",
            "--seed",
            "5",
            "--with-solution",
            "-f",
            "csv",
        ],
        b"",
    );
    assert!(csv.status.success());
    let csv = csv.stdout;
    let plain = run(&["solve"], &csv);
    assert!(plain.status.success());
    let checked = "6 grids read: 6 valid, 0 invalid (6 of the valid are puzzles with empty cells), 6 with their solutions checked\n";
    let archives = [
        ("puzzles.txt", gzip(&csv)),
        ("kaggle.zip", zip(&[("sudoku.csv", &csv)], true)),
        ("stored.bin", zip(&[("sudoku.csv", &csv)], false)),
    ];
    for (name, bytes) in &archives {
        let file = Scratch::file(name, bytes);
        let out = run(&["solve", file.to_str().unwrap()], b"");
        assert!(out.status.success(), "{name}: {out:?}");
        assert_eq!(out.stdout, plain.stdout, "{name}");
        let out = run(&["solve"], bytes);
        assert_eq!(out.stdout, plain.stdout, "{name} on standard input");
        let out = run(&["check", file.to_str().unwrap()], b"");
        assert_eq!(text(&out.stdout), checked, "{name}");
    }
    // Several members: read in order, each named in messages.
    let archive = zip(&[("a.csv", &csv), ("b.txt", b"12345\n")], true);
    let file = Scratch::file("two.zip", &archive);
    let out = run(&["solve", "--count", file.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "1\n1\n1\n1\n1\n1\nunreadable\n");
    assert!(
        text(&out.stderr).starts_with(&format!("sudogen: {}:b.txt:1: 5 cells", file.display())),
        "{out:?}"
    );
    // A damaged member: its CRC-32 says so.
    let mut damaged = zip(&[("sudoku.csv", &csv)], false);
    let at = 30 + "sudoku.csv".len() + 200;
    damaged[at] = if damaged[at] == b'1' { b'2' } else { b'1' };
    let file = Scratch::file("damaged.zip", &damaged);
    let out = run(&["solve", file.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).ends_with(&format!(
            "sudogen: error: cannot read {}:sudoku.csv: the zip member sudoku.csv is damaged: its CRC-32 does not match\n",
            file.display()
        )),
        "{out:?}"
    );
    // Binary inputs are named, not parsed as text (no `--symbols` hint).
    for (bytes, what) in [
        (
            &b"BZh91AY&SY\x12\x34\x56\x78\x9a\xbc\xde\xf0\x00\x01"[..],
            "bzip2-compressed input; unpack it first (bunzip2)",
        ),
        (
            &[
                0x8e, 0x01, 0x02, 0x00, 0x17, 0x9c, 0x03, 0x04, 0x05, 0x06, 0x10, 0x11, 0x12, 0x13,
                0x14, 0x15, 0x16, 0x18,
            ][..],
            "compressed or binary input, not records; unpack it, or name a file of records",
        ),
    ] {
        let file = Scratch::file("data.bin", bytes);
        let out = run(&["check", file.to_str().unwrap()], b"");
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            errors(&out),
            [format!(
                "sudogen: error: cannot read {}: {what}",
                file.display()
            )]
        );
    }
}

/// Item 14: an `.npz` (a zip of `.npy` arrays, as numpy.savez writes it)
/// is read as its puzzles array with the solutions array beside it.
#[test]
fn npz_arrays_are_read_with_their_solutions() {
    let dir = scratch_dir();
    let path = dir.path().join("p.npy");
    let out = sudogen()
        .args([
            "puzzle",
            "-n",
            "5",
            "--seed",
            "2",
            "--with-solution",
            "-f",
            "npy",
            "-o",
        ])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let puzzles = std::fs::read(&path).unwrap();
    let solutions = std::fs::read(dir.path().join("p.solutions.npy")).unwrap();
    let npz = zip(
        &[("puzzles.npy", &puzzles), ("solutions.npy", &solutions)],
        true,
    );
    let file = Scratch::file("p.npz", &npz);
    let out = run(&["check", file.to_str().unwrap()], b"");
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        text(&out.stdout),
        "5 grids read: 5 valid, 0 invalid (5 of the valid are puzzles with empty cells), 5 with their solutions checked\n"
    );
    // A solution that is not the puzzle's is found.
    let mut wrong = solutions.clone();
    let row = wrong.len() - 81;
    wrong.swap(row, row + 1);
    let npz = zip(
        &[("puzzles.npy", &puzzles), ("solutions.npy", &wrong)],
        false,
    );
    let file = Scratch::file("wrong.npz", &npz);
    let out = run(&["check", file.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        text(&out.stdout).contains("wrong.npz:puzzles.npy:5: "),
        "{out:?}"
    );
    // Arrays without names say which to give.
    let npz = zip(&[("arr_0.npy", &puzzles), ("arr_1.npy", &solutions)], false);
    let file = Scratch::file("arrays.npz", &npz);
    let out = run(&["check", file.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        errors(&out),
        [format!(
            "sudogen: error: cannot read {}: an npz of the arrays arr_0, arr_1; name the puzzles array `puzzles` (numpy.savez(file, puzzles=..., solutions=...))",
            file.display()
        )]
    );
}
