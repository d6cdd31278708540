//! The `solo` format beside Simon Tatham's Solo itself: its puzzles read
//! here (every shape it shares with sudogen: boxes of any shape, X,
//! jigsaw) have one solution in their own shape, and Solo accepts the game
//! IDs sudogen writes. The exchange with Solo needs `sgt-solo` (Debian's
//! `sgt-puzzles`, which `.ci/run` installs); without it those tests say
//! they skipped. The IDs Solo wrote for the unit tests of
//! `src/format/solo.rs` are read and written back byte for byte there.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_sudogen");

/// Solo's command-line program, if installed.
fn solo() -> Option<&'static str> {
    ["/usr/games/sgt-solo", "/usr/bin/sgt-solo"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
}

/// Runs `program` with `args`, `stdin` on its standard input: its
/// standard output, standard error and exit code.
fn run(program: &str, args: &[&str], stdin: &str) -> (String, String, i32) {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// `count` game IDs Solo makes with `params`, a line each.
fn generate(solo: &str, count: usize, params: &str) -> String {
    let count = count.to_string();
    let (ids, err, code) = run(solo, &["--generate", &count, params], "");
    assert_eq!(code, 0, "sgt-solo --generate {count} {params}: {err}");
    assert_eq!(ids.lines().count().to_string(), count, "{params}: {ids}");
    ids
}

fn sudogen(args: &[&str], stdin: &str) -> (String, String, i32) {
    run(BIN, args, stdin)
}

/// The jigsaw map of docs/GUIDE.md.
const MAP: &str =
    "AAABBBCCCAABBBCCCCAAAABBBCCDDDDEEEFFDDEEEFFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII";

#[test]
fn solo_s_puzzles_are_read_in_their_own_shape_and_unique() {
    let Some(solo) = solo() else {
        eprintln!("SKIPPED: sgt-solo is not installed (apt-get install sgt-puzzles)");
        return;
    };
    for params in ["2x2", "2x3", "3x2", "3x3", "3x3x", "3x4", "9j", "6j"] {
        let ids = generate(solo, 4, params);
        // Unique in the shape the ID gives, with no shape option.
        let (stdout, stderr, code) = sudogen(&["check", "--unique"], &ids);
        assert_eq!(code, 0, "{params}: {stdout}{stderr}");
        assert!(
            stdout.contains("4 grids read: 4 valid"),
            "{params}: {stdout}"
        );
        // Solved, and the solution written back as an ID Solo's
        // parameters.
        let (stdout, stderr, code) = sudogen(&["solve", "-f", "solo"], &ids);
        assert_eq!(code, 0, "{params}: {stderr}");
        for line in stdout.lines() {
            assert!(line.starts_with(&format!("{params}:")), "{params}: {line}");
        }
    }
}

#[test]
fn solo_accepts_the_ids_sudogen_writes() {
    let Some(solo) = solo() else {
        eprintln!("SKIPPED: sgt-solo is not installed (apt-get install sgt-puzzles)");
        return;
    };
    let runs: &[&[&str]] = &[
        &[],
        &["--size", "4"],
        &["--size", "6", "--box", "3x2"],
        &["--size", "12"],
        &["--variant", "x"],
        &["--regions", MAP],
    ];
    for opts in runs {
        let mut args = vec!["puzzle", "-n", "3", "--seed", "8", "-f", "solo"];
        args.extend_from_slice(opts);
        let (ids, stderr, code) = sudogen(&args, "");
        assert_eq!(code, 0, "{opts:?}: {stderr}");
        // Solo prints puzzles from their IDs; it exits 1 naming the ID
        // it cannot read.
        let (ps, err, code) = run(solo, &["--print", "1x1", "--with-solutions"], &ids);
        assert_eq!(code, 0, "{opts:?}: Solo refused {ids}: {err}");
        // Three puzzles and their solutions, a page each.
        assert_eq!(ps.matches("showpage").count(), 6, "{opts:?}");
    }
    // Solo refuses a broken ID: the check above can fail.
    let (_, err, code) = run(solo, &["--print", "1x1"], "3x3:zzzb\n");
    assert_eq!(code, 1);
    assert!(err.contains("Not enough data to fill grid"), "{err}");
}

/// The IDs sudogen writes are the puzzles of the `line` format, in the
/// shape the ID names: read back without options, cell for cell (`rate`
/// writes each puzzle back as a line), and solved to the same solutions.
#[test]
fn ids_read_back_as_the_same_puzzles() {
    let runs: &[&[&str]] = &[
        &[],
        &["--size", "6", "--box", "3x2"],
        &["--size", "12"],
        &["--variant", "x"],
        &["--regions", MAP],
    ];
    for opts in runs {
        let mut base = vec!["puzzle", "-n", "4", "--seed", "3", "--with-solution"];
        base.extend_from_slice(opts);
        let line = sudogen(&[&base[..], &["-f", "line"]].concat(), "").0;
        let ids = sudogen(&[&base[..], &["-f", "solo"]].concat(), "").0;
        assert_eq!(ids.lines().count(), 4, "{opts:?}");
        let field = |text: &str, k: usize| -> Vec<String> {
            text.lines()
                .map(|l| l.split(' ').nth(k).unwrap().to_string())
                .collect()
        };
        let (rated, stderr, code) = sudogen(&["rate", "-f", "line"], &ids);
        assert_eq!(code, 0, "{opts:?}: {stderr}");
        assert_eq!(field(&rated, 0), field(&line, 0), "{opts:?}");
        let (solved, stderr, code) = sudogen(&["solve", "-f", "line"], &ids);
        assert_eq!(code, 0, "{opts:?}: {stderr}");
        // (A jigsaw's line has its map before its solution.)
        let solution = if opts.contains(&"--regions") { 2 } else { 1 };
        assert_eq!(field(&solved, 0), field(&line, solution), "{opts:?}");
    }
}

#[test]
fn what_solo_cannot_hold_is_refused_in_one_line() {
    let (out, err, code) = sudogen(
        &["puzzle", "--variant", "hyper", "-n", "1", "-f", "solo"],
        "",
    );
    assert_eq!(code, 2);
    assert_eq!(out, "");
    assert_eq!(
        err,
        "sudogen: error: Solo has no Hyper variant: write Hyper puzzles as line, csv or json\n"
    );
    let hyper = sudogen(
        &[
            "puzzle",
            "--variant",
            "hyper",
            "-n",
            "1",
            "--seed",
            "2",
            "-f",
            "json",
        ],
        "",
    )
    .0;
    let (out, err, code) = sudogen(&["solve", "-f", "solo"], &hyper);
    assert_eq!(code, 1);
    assert_eq!(out, "unreadable\n");
    assert_eq!(
        err,
        "sudogen: <stdin>:1: a 9x9 hyper record: Solo has no Hyper variant: write Hyper puzzles as line, csv or json\n"
    );
    // A killer ID is read with its cages, and solved by them (the line
    // written carries the cage map and sums).
    let (out, err, code) = sudogen(
        &["solve"],
        "3x3k:zzzc,____a______a__aa____aa_______________________a__a_aaaaaac__aaa_aab__aab_a____aa____ba_aaaaaaa__abaa,13_14_7_14_16a7_9_6d9d10c12_11_11_9_15_16a12f13a10_10_6a15_12b7c6b13_3a22_13b17c14b12c21b8a12d\n",
    );
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "485697321962318475371452689694873512517926834823145796258761943139584267746239158 ABCDEEFGHABCDIIFGHJJDDKLMNOPPQQKLMNORPSTULVWORXSTUYVWZaXbccYdZZaebbffddgeehhiiggg 13,14,7,14,16,7,9,6,9,10,12,11,11,9,15,16,12,13,10,10,6,15,12,7,6,13,3,22,13,17,14,12,21,8,12\n"
    );
    // Two jigsaws with regions of their own: a book of two maps.
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.pdf");
    let (_, err, code) = sudogen(
        &["print", "-o", book.to_str().unwrap()],
        "9j:a9c1a5b3_8_5a7i1d4_2_7b3k4b6_2_9d7i9a8_5_2b2a3c8a,bbbbbaab_babaa_bc__aadeblc_aa____b_______b__babbba__c__cccc_\n\
         9j:7a8d6e7c5b3_5c8c4b1a2b1e9b6a2b7c9c8_4b1c3e3d8a4,_edbdacca_abccda____becd_daaa__a_a_aaa_cb___aba_aabdadca\n",
    );
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(book.exists());
    // A broken ID names what is wrong (`check` reports on standard
    // output).
    let (out, _, code) = sudogen(&["check"], "3x3:zzzb\n9j:zzzc,bb\n");
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "<stdin>:1: Solo game ID: 80 cells where a grid of side 9 has 81\n\
         <stdin>:2: Solo game ID: the walls end before the grid's last one\n\
         2 grids read: 0 valid, 2 invalid\n"
    );
}

/// The solutions Solo prints for the `count` puzzles of `ids` (`--print
/// 1x1 --with-solutions` draws the puzzles' pages, then their solutions'
/// pages), each a value per cell, row-major, read from the PostScript:
/// each value is drawn centred (`(7) dup stringwidth pop 2 div neg 0
/// rmoveto show`) after a line that moves to its place (`... Y exch sub X
/// exch moveto pop pop`, Y larger higher up).
fn solo_solutions(solo: &str, ids: &str, count: usize) -> Vec<Vec<u8>> {
    let (ps, err, code) = run(solo, &["--print", "1x1", "--with-solutions"], ids);
    assert_eq!(code, 0, "Solo refused: {err}\n{ids}");
    let pages: Vec<&str> = ps.split("%%Page:").skip(1).collect();
    assert_eq!(pages.len(), 2 * count, "{ids}");
    pages[count..]
        .iter()
        .map(|page| {
            let mut place = None;
            let mut cells: Vec<(i64, i64, u8)> = Vec::new();
            for line in page.lines() {
                let words: Vec<&str> = line.split(' ').collect();
                if line.ends_with("exch moveto pop pop") && words.len() >= 8 {
                    let n = words.len();
                    place = Some((
                        words[n - 8].parse::<i64>().unwrap(),
                        words[n - 5].parse::<i64>().unwrap(),
                    ));
                } else if line.ends_with("dup stringwidth pop 2 div neg 0 rmoveto show") {
                    let value = line[1..line.find(')').unwrap()].parse().unwrap();
                    let (y, x) = place.take().expect("a place before each value");
                    cells.push((-y, x, value));
                }
            }
            cells.sort_unstable();
            cells.into_iter().map(|(_, _, v)| v).collect()
        })
        .collect()
}

/// The cages as the test's checker takes them.
fn cage_list(cages: &sudogen::cages::Cages) -> Vec<(Vec<usize>, u32)> {
    cages.list().into_iter().map(|c| (c.cells, c.sum)).collect()
}

/// Solo's killer puzzles, every shape it makes them in, read as their
/// cages: the solutions Solo prints fit them (checked by the test's own
/// code), and the IDs written back from what was read are Solo's byte
/// for byte.
#[test]
fn solo_s_killers_are_read_as_the_cages_of_its_solutions() {
    let Some(solo) = solo() else {
        eprintln!("SKIPPED: sgt-solo is not installed (apt-get install sgt-puzzles)");
        return;
    };
    let mut read = 0;
    for params in ["2x2k", "2x3k", "3x2k", "3x3k", "3x3kdu", "3x3xk", "9jk"] {
        let ids = generate(solo, 4, params);
        let solutions = solo_solutions(solo, &ids, 4);
        for (id, solution) in ids.lines().zip(&solutions) {
            let (grid, cages) = sudogen::format::solo::read_id(id.as_bytes())
                .unwrap_or_else(|e| panic!("{id}: {e}"));
            let cages = cages.unwrap_or_else(|| panic!("{id}: no cages"));
            let side = grid.size().side();
            // As Solo makes them, each cage of two cells or more.
            common::check_cages(side, &cage_list(&cages), 2, solution, id);
            // Givens, if any, are the solution's.
            for (c, &v) in grid.cells().iter().enumerate() {
                assert!(v == 0 || v == solution[c], "{id}");
            }
            assert_eq!(
                sudogen::format::solo::killer_id(&grid, &cages).as_deref(),
                Ok(id)
            );
            read += 1;
        }
    }
    assert_eq!(read, 28);
}

/// Killer puzzles sudogen makes, written as Solo IDs: Solo reads every
/// one, and prints sudogen's solution as its own, except where its solver
/// says "Multiple solutions exist for this puzzle": in a trial, 15 of 56
/// 9x9 killers, 18 of 59 X killers, 4 of 54 6x6. That is Solo's killer
/// solver, not the puzzles: tests/killer.rs's checker counts sudogen's
/// killers exhaustively, an independent count of one 9x9 and four 6x6 of
/// these found one solution each, and Solo's solver built from its source
/// (`-DSTANDALONE_SOLVER`) stops on them at `solver_set: Assertion
/// 'count > 0' failed`, after deductions from cages split by its rule of
/// 45 (`killer single-square deduced cage`). Read back here, they are
/// the same cages and givens. Puzzles with a cage of one cell (which Solo
/// does not read) are refused in one line.
#[test]
fn solo_solves_the_killer_ids_sudogen_writes() {
    use sudogen::grid::{Layout, Shape, Size, Variant};
    use sudogen::killer::make::{Settings, make_from};
    let Some(solo) = solo() else {
        eprintln!("SKIPPED: sgt-solo is not installed (apt-get install sgt-puzzles)");
        return;
    };
    let shapes = [
        Shape::plain(Size::S4),
        Shape::plain(Size::boxed(6, 2, 3).unwrap()),
        Shape::plain(Size::S9),
        Shape::new(Size::S9, Variant::X).unwrap(),
        Shape::jigsaw(Layout::parse(MAP).unwrap()),
    ];
    let (mut solved, mut ambiguous, mut refused) = (0, 0, 0);
    let mut ids = String::new();
    for shape in shapes {
        let strategy = sudogen::Strategy::default_for(shape.clone());
        let mut fill = sudogen::Grid::new(shape.clone());
        for i in 0..10 {
            let settings = Settings {
                givens: if i % 4 == 3 { 3 } else { 0 },
                ..Settings::default()
            };
            let (puzzle, solution, _) = make_from(
                shape.geometry(),
                &mut sudogen::random::RunRng::new(52).for_index(i),
                &settings,
                100,
                |rng| {
                    strategy.generate(rng, &mut fill);
                    fill.cells().to_vec()
                },
            )
            .unwrap();
            let grid = sudogen::Grid::from_values(shape.clone(), &puzzle.givens).unwrap();
            let id = match sudogen::format::solo::killer_id(&grid, &puzzle.cages) {
                Ok(id) => id,
                Err(e) => {
                    assert!(
                        e.starts_with("the cage at r") && e.contains("is one cell"),
                        "{e}"
                    );
                    assert!(puzzle.cages.size_counts()[1] > 0);
                    refused += 1;
                    continue;
                }
            };
            let (back, cages) = sudogen::format::solo::read_id(id.as_bytes()).unwrap();
            assert_eq!(back.cells(), grid.cells(), "{id}");
            assert_eq!(back.shape(), grid.shape(), "{id}");
            assert_eq!(cages.as_ref(), Some(&puzzle.cages), "{id}");
            ids += &id;
            ids.push('\n');
            let (_, err, code) = run(solo, &["--print", "1x1", "--with-solutions"], &id);
            if code != 0 {
                assert_eq!(
                    err,
                    format!(
                        "{solo}: error in printing: Multiple solutions exist for this puzzle\n"
                    ),
                    "{id}"
                );
                ambiguous += 1;
                continue;
            }
            assert_eq!(solo_solutions(solo, &id, 1), [solution], "{id}");
            solved += 1;
        }
    }
    // Solo reads them all (it draws the puzzles).
    let (ps, err, code) = run(solo, &["--print", "1x1"], &ids);
    assert_eq!(code, 0, "{err}");
    assert_eq!(ps.matches("showpage").count(), solved + ambiguous);
    eprintln!(
        "{solved} killer IDs solved by Solo as sudogen did, {ambiguous} said to have several solutions, {refused} refused (a cage of one cell)"
    );
    assert!(solved >= 25, "{solved} solved, {ambiguous}, {refused}");
}
