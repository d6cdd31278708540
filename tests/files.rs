//! Files and streams (issue 50): what `-o` does to what is already at the
//! path (a symbolic link, a FIFO, a file's mode and hard links, a device
//! node when the tests run as root, as they do in CI), an interrupted run,
//! the format taken from the file's extension, the files `split` names,
//! and runs that end at once when the reader of their output leaves.
//! Each runs the real binary.

#![cfg(unix)]

use std::fs;
use std::io::{BufRead, BufReader, Read};
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::{scratch_dir, wait_or_fail};

const BIN: &str = env!("CARGO_BIN_EXE_sudogen");

/// The run every `-o` test writes: two puzzles, the same bytes each time.
const RUN: &[&str] = &["puzzle", "-n", "2", "--seed", "1"];

fn run(args: &[&str], output: &Path) -> Output {
    Command::new(BIN)
        .args(args)
        .arg("-o")
        .arg(output)
        .output()
        .unwrap()
}

/// What `RUN` writes to standard output.
fn expected() -> Vec<u8> {
    let out = Command::new(BIN).args(RUN).output().unwrap();
    assert!(out.status.success());
    out.stdout
}

/// Runs `RUN -o output`, which must succeed with nothing on standard
/// error.
fn write_to(output: &Path) {
    let out = run(RUN, output);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// `out` must be a usage error: exit status 2 and `message` as one line.
fn usage_error(out: &Output, message: &str) {
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(said, format!("sudogen: error: {message}\n"));
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Whether the tests run as root (then device nodes can be made).
fn is_root(dir: &Path) -> bool {
    fs::metadata(dir).unwrap().uid() == 0 && {
        let probe = dir.join("probe");
        fs::write(&probe, "").unwrap();
        let root = fs::metadata(&probe).unwrap().uid() == 0;
        fs::remove_file(probe).unwrap();
        root
    }
}

/// A scratch folder when the tests run as root; else `None`, after
/// saying that the test is skipped and `why`.
fn as_root(why: &str) -> Option<tempfile::TempDir> {
    let dir = scratch_dir();
    if is_root(dir.path()) {
        return Some(dir);
    }
    eprintln!("skipped: {why}");
    None
}

#[test]
fn a_symbolic_link_is_written_through_and_kept() {
    let dir = scratch_dir();
    // A link to a file, and one to a file not there yet (it is made).
    for (link, target) in [("link.txt", "real.txt"), ("dangling.txt", "made.txt")] {
        let (link, target) = (dir.path().join(link), dir.path().join(target));
        if target.ends_with("real.txt") {
            fs::write(&target, "old\n").unwrap();
        }
        std::os::unix::fs::symlink(target.file_name().unwrap(), &link).unwrap();
        write_to(&link);
        let kept = fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink();
        assert!(kept, "{}", link.display());
        assert_eq!(fs::read_link(&link).unwrap(), target.file_name().unwrap());
        assert_eq!(fs::read(&target).unwrap(), expected());
    }
    assert_eq!(
        names(dir.path()),
        ["dangling.txt", "link.txt", "made.txt", "real.txt"]
    );
}

#[test]
fn a_fifo_is_written_to_its_reader_and_stays_a_fifo() {
    let dir = scratch_dir();
    let fifo = dir.path().join("pipe");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut got = Vec::new();
            fs::File::open(fifo).unwrap().read_to_end(&mut got).unwrap();
            got
        })
    };
    let child = Command::new(BIN)
        .args(RUN)
        .arg("-o")
        .arg(&fifo)
        .spawn()
        .unwrap();
    let status = wait_or_fail(child, Duration::from_secs(60), "-o FIFO");
    assert!(status.success());
    // (Checked first: were it replaced, the reader would wait forever.)
    assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(reader.join().unwrap(), expected());
    assert_eq!(names(dir.path()), ["pipe"]);
}

#[test]
fn a_file_keeps_its_mode() {
    let dir = scratch_dir();
    let file = dir.path().join("private.txt");
    fs::write(&file, "old\n").unwrap();
    for mode in [0o600, 0o640, 0o755] {
        fs::set_permissions(&file, fs::Permissions::from_mode(mode)).unwrap();
        write_to(&file);
        assert_eq!(fs::read(&file).unwrap(), expected());
        let got = fs::metadata(&file).unwrap().permissions().mode() & 0o7777;
        assert_eq!(got, mode, "{mode:o}");
    }
    // A file we may not write is refused, as `>` refuses it (root may
    // write any file).
    if !is_root(dir.path()) {
        fs::set_permissions(&file, fs::Permissions::from_mode(0o444)).unwrap();
        let out = run(RUN, &file);
        assert_eq!(out.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&out.stderr).starts_with(&format!(
            "sudogen: error: cannot create {}: Permission denied",
            file.display()
        )));
    }
}

#[test]
fn hard_links_all_see_the_new_content() {
    let dir = scratch_dir();
    let (a, b) = (dir.path().join("a.txt"), dir.path().join("b.txt"));
    fs::write(&a, "old\n").unwrap();
    fs::hard_link(&a, &b).unwrap();
    let inode = fs::metadata(&a).unwrap().ino();
    write_to(&a);
    assert_eq!(fs::read(&b).unwrap(), expected());
    let meta = fs::metadata(&a).unwrap();
    assert_eq!((meta.ino(), meta.nlink()), (inode, 2));
    assert_eq!(names(dir.path()), ["a.txt", "b.txt"]);
}

#[test]
fn a_device_node_stays_a_device() {
    let Some(dir) = as_root("device nodes can be made by root only") else {
        return;
    };
    // The same devices as /dev/null (1, 3) and /dev/full (1, 7).
    let (null, full) = (dir.path().join("null"), dir.path().join("full"));
    for (path, minor) in [(&null, "3"), (&full, "7")] {
        let made = Command::new("mknod")
            .arg(path)
            .args(["c", "1", minor])
            .status()
            .unwrap();
        assert!(made.success());
    }
    let device = |path: &Path| {
        let meta = fs::metadata(path).unwrap();
        assert!(meta.file_type().is_char_device(), "{}", path.display());
        meta.rdev()
    };
    let before = (device(&null), device(&full));
    write_to(&null);
    let out = run(RUN, &full);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "sudogen: error: writing {}: No space left on device (os error 28)\n",
            full.display()
        )
    );
    assert_eq!((device(&null), device(&full)), before);
    assert_eq!(names(dir.path()), ["full", "null"]);
}

#[test]
fn a_file_of_another_owner_keeps_its_owner() {
    let Some(dir) = as_root("only root can give a file to another owner") else {
        return;
    };
    let file = dir.path().join("theirs.txt");
    fs::write(&file, "old\n").unwrap();
    std::os::unix::fs::chown(&file, Some(65534), Some(65534)).unwrap();
    write_to(&file);
    let meta = fs::metadata(&file).unwrap();
    assert_eq!((meta.uid(), meta.gid()), (65534, 65534));
    assert_eq!(fs::read(&file).unwrap(), expected());
}

/// Sends `signal` to a long run writing `out.txt` once its temporary file
/// exists: the run ends by that signal, and leaves neither the temporary
/// file nor `out.txt` (or `out.txt` as it was).
fn interrupt(signal: &str, number: i32, existing: Option<&str>) {
    let dir = scratch_dir();
    let out = dir.path().join("out.txt");
    if let Some(old) = existing {
        fs::write(&out, old).unwrap();
    }
    let child = Command::new(BIN)
        .args(["puzzle", "-n", "1000000", "-o"])
        .arg(&out)
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !names(dir.path()).iter().any(|n| n.ends_with(".part")) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no temporary file"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let pid = child.id().to_string();
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &pid])
        .status()
        .unwrap();
    assert!(sent.success());
    let status = wait_or_fail(child, Duration::from_secs(10), signal);
    assert_eq!(status.signal(), Some(number), "{status:?}");
    let left: Vec<String> = existing
        .map(|_| "out.txt".to_string())
        .into_iter()
        .collect();
    assert_eq!(names(dir.path()), left, "{signal}");
    if let Some(old) = existing {
        assert_eq!(fs::read_to_string(&out).unwrap(), old);
    }
}

#[test]
fn an_interrupted_run_leaves_nothing_behind() {
    interrupt("INT", 2, None);
    interrupt("TERM", 15, None);
    interrupt("HUP", 1, Some("old\n"));
}

#[test]
fn the_format_comes_from_the_file_extension() {
    let dir = scratch_dir();
    let path = |name: &str| dir.path().join(name);
    let npy = path("x.npy");
    let out = run(&[RUN, &["--with-solution"]].concat(), &npy);
    assert!(out.status.success(), "{out:?}");
    for file in [npy.clone(), path("x.solutions.npy")] {
        let bytes = fs::read(&file).unwrap();
        assert_eq!(&bytes[..6], b"\x93NUMPY", "{}", file.display());
        let header = String::from_utf8_lossy(&bytes[10..128]);
        assert!(header.contains("'shape': (2, 81)"), "{header}");
        assert_eq!(bytes.len(), 128 + 2 * 81);
    }
    write_to(&path("y.csv"));
    let csv = fs::read_to_string(path("y.csv")).unwrap();
    assert!(csv.starts_with("index,puzzle,"), "{csv}");
    write_to(&path("y.json"));
    let json = fs::read_to_string(path("y.json")).unwrap();
    assert!(json.starts_with('{') && json.lines().count() == 2, "{json}");
    // An extension that names no format keeps the default: lines.
    write_to(&path("y.out"));
    assert_eq!(fs::read(path("y.out")).unwrap(), expected());
    // -f against the extension is a usage error, and nothing is written.
    let json_as_csv = path("z.json");
    usage_error(
        &run(&[RUN, &["-f", "csv"]].concat(), &json_as_csv),
        &format!(
            "-f csv would write csv into {0}, a .json name; leave out -f to write json, or name it {1}",
            json_as_csv.display(),
            path("z.csv").display()
        ),
    );
    // A command that writes no npy says so.
    usage_error(
        &run(&["solve", path("y.csv").to_str().unwrap()], &path("s.npy")),
        &format!(
            "npy arrays are written by generate and puzzle; write csv, json or kaggle here (-o {} names an npy file)",
            path("s.npy").display()
        ),
    );
    // print: the extension chooses PDF or SVG; -f against it is refused.
    let (pdf, input) = (path("book.pdf"), path("y.csv"));
    usage_error(
        &run(&["print", "-f", "svg", input.to_str().unwrap()], &pdf),
        &format!(
            "-f svg would write svg into {0}, a .pdf name; leave out -f to write pdf, or name it {1}",
            pdf.display(),
            path("book.svg").display()
        ),
    );
    assert_eq!(
        names(dir.path()),
        ["x.npy", "x.solutions.npy", "y.csv", "y.json", "y.out"]
    );
}

#[test]
fn split_names_its_parts_in_a_folder_and_refuses_standard_output() {
    let dir = scratch_dir();
    let input = dir.path().join("in.txt");
    let made = Command::new(BIN)
        .args(["puzzle", "-n", "40", "--seed", "1", "--with-solution", "-o"])
        .arg(&input)
        .status()
        .unwrap();
    assert!(made.success());
    let split = |prefix: &str, format: &str| {
        Command::new(BIN)
            .current_dir(dir.path())
            .args(["split", "--train", "0.5", "--test", "0.5", "-f", format])
            .args(["-o", prefix, "in.txt"])
            .output()
            .unwrap()
    };
    fs::create_dir(dir.path().join("parts")).unwrap();
    for (prefix, folder) in [("parts/", "parts"), ("more/", "more"), ("parts", "parts")] {
        if folder == "more" {
            // A folder that is not there: a clear error, nothing written.
            let out = split(prefix, "grid");
            assert_eq!(out.status.code(), Some(1));
            assert!(
                String::from_utf8_lossy(&out.stderr)
                    .starts_with("sudogen: error: cannot create more/split.train.txt: ")
            );
            continue;
        }
        let out = split(prefix, "grid");
        assert!(out.status.success(), "{out:?}");
        assert_eq!(
            names(&dir.path().join(folder)),
            ["split.test.txt", "split.train.txt"]
        );
        for part in ["train", "test"] {
            let text =
                fs::read_to_string(dir.path().join(folder).join(format!("split.{part}.txt")))
                    .unwrap();
            // Grids parted by one blank line, none before the first.
            assert!(!text.starts_with('\n') && text.contains("\n\n"), "{text}");
            assert!(!text.contains("\n\n\n"), "{text}");
        }
    }
    usage_error(
        &split("-", "line"),
        "split writes a file per part (PREFIX.train.txt, ...), not standard output; name a PREFIX with -o",
    );
    assert_eq!(names(dir.path()), ["in.txt", "parts"]);
}

/// Runs `args` with its standard output to a pipe (standard input from
/// `input`, if given), reads the first line, closes the pipe, and waits:
/// the run must end soon (5 s is a bound that catches a hang, not a
/// measure of speed) with status 0.
fn ends_when_the_reader_leaves(args: &[&str], input: Option<&Path>) {
    let mut command = Command::new(BIN);
    command
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    if let Some(input) = input {
        command.stdin(fs::File::open(input).unwrap());
    }
    let mut child = command.spawn().unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(!first.is_empty(), "{args:?}: no output");
    let status = wait_or_fail(
        child,
        Duration::from_secs(5),
        &format!("{args:?} | head -1"),
    );
    assert!(status.success(), "{args:?}: {status:?}");
}

/// A file in `dir` holding `lines`.
fn lines_file(dir: &Path, name: &str, lines: &[String]) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

#[test]
fn every_command_ends_soon_after_the_reader_leaves() {
    let dir = scratch_dir();
    // Sudoku Explainer's hardest sample, slowest first (serate's time is
    // the last field): each takes about a second to rate.
    let mut hard: Vec<(f64, String)> = include_str!("data/se-hard.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let fields: Vec<&str> = l.split_whitespace().collect();
            let time = fields[fields.len() - 1].trim_end_matches('s');
            let seconds = match time.split_once('m') {
                Some((m, s)) => m.parse::<f64>().unwrap() * 60.0 + s.parse::<f64>().unwrap(),
                None => time.parse().unwrap(),
            };
            (seconds, fields[0].to_string())
        })
        .collect();
    hard.sort_by(|a, b| b.0.total_cmp(&a.0));
    let hard: Vec<String> = hard.into_iter().map(|(_, p)| p).take(30).collect();
    let hard = lines_file(dir.path(), "hard.txt", &hard);
    // A grid, then empty ones whose solutions are counted without end.
    let mut endless = vec![
        "123456789456789123789123456234567891567891234891234567345678912678912345912345678"
            .to_string(),
    ];
    endless.extend((0..20).map(|_| ".".repeat(81)));
    let endless = lines_file(dir.path(), "endless.txt", &endless);
    // Very symmetric 25x25 grids, whose canonical forms take long.
    let grids = Command::new(BIN)
        .args([
            "-s", "rotate", "--size", "25", "-n", "24", "--seed", "1", "-f", "line",
        ])
        .output()
        .unwrap();
    let symmetric = dir.path().join("symmetric.txt");
    fs::write(&symmetric, grids.stdout).unwrap();
    for jobs in ["1", "2"] {
        let j = ["-j", jobs];
        ends_when_the_reader_leaves(&[&["rate"][..], &j].concat(), Some(&hard));
        ends_when_the_reader_leaves(
            &[
                &["solve", "--count", "--limit", "1000000000000"][..],
                &["--budget", "100000000000"],
                &j,
            ]
            .concat(),
            Some(&endless),
        );
        ends_when_the_reader_leaves(
            &[
                &["puzzle", "--rating", "9.0..", "-n", "100", "--seed", "1"][..],
                &j,
            ]
            .concat(),
            None,
        );
        ends_when_the_reader_leaves(
            &[
                &["generate", "-s", "backtrack", "--size", "25", "-n", "1000"][..],
                &j,
            ]
            .concat(),
            None,
        );
        ends_when_the_reader_leaves(&[&["canon"][..], &j].concat(), Some(&symmetric));
    }
}

/// Runs `args` with its standard output to a pipe whose reader leaves at
/// once, before anything is written (`| true`): the run must end soon
/// (5 s catches a run that goes on to the end, not a measure of speed),
/// with status 0 and without a word about an empty input.
fn ends_when_the_reader_leaves_at_once(args: &[&str], input: Option<&Path>) {
    let mut command = Command::new(BIN);
    command
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(input) = input {
        command.stdin(fs::File::open(input).unwrap());
    }
    let mut child = command.spawn().unwrap();
    drop(child.stdout.take());
    let mut stderr = child.stderr.take().unwrap();
    let status = wait_or_fail(child, Duration::from_secs(5), &format!("{args:?} | true"));
    let mut said = String::new();
    stderr.read_to_string(&mut said).unwrap();
    assert!(status.success(), "{args:?}: {status:?}: {said}");
    assert!(!said.contains("error"), "{args:?}: {said}");
}

/// `stats`, `check` and `print` write nothing until the end: their reader
/// leaving must stop them all the same (issue 50, item 11).
#[test]
fn commands_that_write_at_the_end_stop_when_the_reader_leaves() {
    let dir = scratch_dir();
    let made = Command::new(BIN)
        .args(["puzzle", "-n", "500", "--seed", "1"])
        .output()
        .unwrap();
    assert!(made.status.success());
    let puzzles = dir.path().join("puzzles.txt");
    fs::write(&puzzles, &made.stdout).unwrap();
    // Many puzzles, each checked and rated: minutes of work in all.
    let many = dir.path().join("many.txt");
    fs::write(&many, made.stdout.repeat(200)).unwrap();
    let many = many.to_str().unwrap();
    for jobs in ["1", "2"] {
        let j = ["-j", jobs];
        ends_when_the_reader_leaves_at_once(
            &[&["stats", "-n", "100000000", "--seed", "1"][..], &j].concat(),
            None,
        );
        ends_when_the_reader_leaves_at_once(&[&["stats", many][..], &j].concat(), None);
        ends_when_the_reader_leaves_at_once(&[&["check", "--unique", many][..], &j].concat(), None);
        ends_when_the_reader_leaves_at_once(
            &[&["check", "--unique"][..], &j].concat(),
            Some(Path::new(many)),
        );
        ends_when_the_reader_leaves_at_once(
            &[&["print", "--rate", "-f", "pdf", many][..], &j].concat(),
            None,
        );
    }
}
