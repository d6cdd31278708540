//! The `solo` format beside Simon Tatham's Solo itself: its puzzles read
//! here (every shape it shares with sudogen: boxes of any shape, X,
//! jigsaw) have one solution in their own shape, and Solo accepts the game
//! IDs sudogen writes. The exchange with Solo needs `sgt-solo` (Debian's
//! `sgt-puzzles`, which `.ci/run` installs); without it those tests say
//! they skipped. The IDs Solo wrote for the unit tests of
//! `src/format/solo.rs` are read and written back byte for byte there.

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
        let out = Command::new(solo)
            .args(["--generate", "4", params])
            .output()
            .unwrap();
        assert!(out.status.success(), "sgt-solo --generate 4 {params}");
        let ids = String::from_utf8(out.stdout).unwrap();
        assert_eq!(ids.lines().count(), 4, "{params}: {ids}");
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
    // A killer ID is read as what it is, and said to be unread.
    let (_, err, code) = sudogen(
        &["solve"],
        "3x3k:zzzc,____a______a__aa____aa_______________________a__a_aaaaaac__aaa_aab__aab_a____aa____ba_aaaaaaa__abaa,13_14_7_14_16a7_9_6d9d10c12_11_11_9_15_16a12f13a10_10_6a15_12b7c6b13_3a22_13b17c14b12c21b8a12d\n",
    );
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "sudogen: <stdin>:1: Solo game ID: a killer puzzle (`k`): sudogen does not read killer cages yet\n"
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
