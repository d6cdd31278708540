//! The real binary: errors, exit codes, streaming and reproducibility.

use std::io::{BufRead, BufReader};
use std::process::{Command as StdCommand, Stdio};

use assert_cmd::Command;
use predicates::prelude::*;
use sudogen::format::FORMATS;
use sudogen::{Grid, Size, Strategy};

mod common;
use common::{Scratch, scratch_dir};

const BIN: &str = env!("CARGO_BIN_EXE_sudogen");

fn sudogen() -> Command {
    Command::new(BIN)
}

fn stdout_of(args: &[&str]) -> String {
    let out = sudogen().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {:?}", out);
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn unknown_strategy_is_a_usage_error() {
    sudogen()
        .args(["-s", "magic"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("invalid value 'magic'"))
        .stderr(predicate::str::contains(
            "possible values: uniform, backtrack",
        ));
}

#[test]
fn bad_size_is_a_usage_error_that_names_the_sizes() {
    sudogen()
        .args(["--size", "30"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "use 4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24 or 25",
        ));
}

#[test]
fn start_past_the_end_is_a_usage_error() {
    sudogen()
        .args(["--start", "18446744073709551615", "-n", "2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("use a smaller --start or --count"));
}

#[test]
fn the_last_indices_can_be_generated() {
    let out = stdout_of(&["--start", "18446744073709551610", "-n", "5", "--seed", "1"]);
    assert_eq!(out.lines().count(), 5);
}

#[test]
fn malformed_numbers_are_usage_errors() {
    for args in [&["-n", "-3"][..], &["--seed", "x"], &["-n", "1e9"]] {
        sudogen()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("error:"))
            .stderr(predicate::str::contains("panicked").not());
    }
}

#[test]
fn a_full_disk_is_a_clear_error_not_a_panic() {
    let full = std::fs::File::create("/dev/full").unwrap();
    let out = StdCommand::new(BIN)
        .args(["-n", "100000", "--seed", "1", "-s", "rotate"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("sudogen: error: writing to standard output: No space left on device"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_closed_pipe_ends_quietly_with_success() {
    let mut child = StdCommand::new(BIN)
        .args(["-n", "100000000", "--seed", "3"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    for _ in 0..3 {
        let line = lines.next().unwrap().unwrap();
        assert!(Grid::parse(&line, Some(Size::S9)).unwrap().is_valid());
    }
    drop(lines);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "");
}

#[test]
fn start_gives_the_tail_of_a_longer_run() {
    for strategy in Strategy::ALL.iter().map(|s| s.name()) {
        for format in ["line", "json", "csv"] {
            let long = stdout_of(&["-s", strategy, "-f", format, "-n", "15", "--seed", "7"]);
            let tail = stdout_of(&[
                "-s", strategy, "-f", format, "-n", "10", "--seed", "7", "--start", "5",
            ]);
            let skip = if format == "csv" { 1 } else { 0 };
            let long_lines: Vec<_> = long.lines().collect();
            let tail_lines: Vec<_> = tail.lines().collect();
            assert_eq!(
                tail_lines[skip..],
                long_lines[5 + skip..],
                "{strategy} {format}"
            );
            assert_eq!(tail_lines.len(), 10 + skip);
        }
    }
}

#[test]
fn shards_concatenate_to_the_whole_run() {
    let whole = stdout_of(&["-n", "30", "--seed", "11", "-f", "line"]);
    let mut parts = String::new();
    for start in [0, 7, 20] {
        let count = match start {
            0 => "7",
            7 => "13",
            _ => "10",
        };
        parts += &stdout_of(&["-n", count, "--seed", "11", "--start", &start.to_string()]);
    }
    assert_eq!(parts, whole);
}

#[test]
fn default_strategy_is_uniform_where_it_can_be() {
    let json = stdout_of(&["-f", "json", "--seed", "1"]);
    assert!(
        json.starts_with(r#"{"strategy":"uniform","size":9,"#),
        "{json}"
    );
    let json = stdout_of(&["-f", "json", "--seed", "1", "--size", "16"]);
    assert!(
        json.starts_with(r#"{"strategy":"backtrack","size":16,"#),
        "{json}"
    );
    sudogen()
        .args(["-s", "uniform", "--size", "25"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "a strategy that can: backtrack, rotate",
        ));
}

#[test]
fn count_zero_writes_nothing() {
    sudogen().args(["-n", "0"]).assert().success().stdout("");
    // CSV still writes nothing at all for no grids? It writes the header,
    // which makes an empty but well-formed table.
    let csv = stdout_of(&["-n", "0", "-f", "csv", "--size", "4"]);
    assert_eq!(csv.lines().count(), 1);
    assert!(csv.starts_with("index,r1c1,"));
}

#[test]
fn a_size_the_strategy_cannot_make_is_a_usage_error() {
    sudogen()
        .args(["-s", "potential", "--size", "25"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "strategy 'potential' cannot make 25x25 grids (it makes every size and box shape \
             up to 16x16, and every variant); use a strategy that can: backtrack, rotate, bas, \
             chain, search",
        ));
}

#[test]
fn piped_output_defaults_to_lines_of_valid_grids() {
    for &strategy in Strategy::ALL {
        for size in strategy.sizes() {
            let (strategy, size) = (strategy.name(), &size.side().to_string());
            let out = stdout_of(&["-s", strategy, "--size", size, "-n", "3"]);
            assert_eq!(out.lines().count(), 3);
            for line in out.lines() {
                let g = Grid::parse(line, None).unwrap();
                assert_eq!(&g.size().side().to_string(), size);
                assert_eq!(g.validate(), Ok(()), "{strategy} {size}: {line}");
            }
        }
    }
}

#[test]
fn output_file_gets_the_same_bytes_as_stdout() {
    let dir = scratch_dir();
    let path = dir.path().join("grids.json");
    sudogen()
        .args(["-n", "4", "--seed", "9", "-f", "json", "-o"])
        .arg(&path)
        .assert()
        .success()
        .stdout("");
    let file = std::fs::read_to_string(&path).unwrap();
    assert_eq!(file, stdout_of(&["-n", "4", "--seed", "9", "-f", "json"]));
}

#[test]
fn unwritable_output_file_is_a_clear_error() {
    sudogen()
        .args(["-o", "/nonexistent-dir/grids.txt"])
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with(
            "sudogen: error: cannot create /nonexistent-dir/grids.txt:",
        ));
}

#[test]
fn verbose_reports_the_drawn_seed_and_it_reproduces_the_run() {
    let out = sudogen().args(["-n", "3", "-v"]).output().unwrap();
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    let seed = err
        .split("seed ")
        .nth(1)
        .and_then(|s| s.split(',').next())
        .unwrap_or_else(|| panic!("no seed in {err:?}"));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        stdout_of(&["-n", "3", "--seed", seed])
    );
}

#[test]
fn json_records_the_run() {
    let out = stdout_of(&[
        "-n", "2", "--seed", "5", "-f", "json", "-s", "rotate", "--start", "4",
    ]);
    let first = out.lines().next().unwrap();
    assert!(
        first.starts_with(r#"{"strategy":"rotate","size":9,"seed":"5","index":4,"grid":[["#),
        "{first}"
    );
}

#[test]
fn help_lists_strategies_and_examples() {
    sudogen()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("backtrack"))
        .stdout(predicate::str::contains("rotate"))
        .stdout(predicate::str::contains("Examples:"))
        .stdout(predicate::str::contains("[default: 1]"))
        .stdout(predicate::str::contains(
            "[default: uniform for 4x4, 9x9, and 6x6",
        ))
        .stdout(predicate::str::contains(
            "sudogen puzzle -n 1000 | sudogen solve",
        ));
    // The shared run options speak of what the command makes.
    sudogen()
        .args(["puzzle", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("How many puzzles"))
        .stdout(predicate::str::contains("Index of the first puzzle"))
        .stdout(predicate::str::contains("How many grids").not());
    sudogen()
        .arg("--version")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("sudogen "));
}

/// Issue 50, item 27: texts that said what is not so.
#[test]
fn help_and_messages_say_what_is_so() {
    // The variants' grids come from `search`, not `backtrack`.
    let help = stdout_of(&["generate", "--help"]);
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("search for the variants; backtrack for the other shapes]"),
        "{flat}"
    );
    // Every strategy's shapes, as `supports` has them: backtrack makes
    // 6x6, potential 12x12.
    assert!(
        flat.contains("step back when stuck [every size and box shape, and every variant]"),
        "{flat}"
    );
    assert!(
        flat.contains("[every size and box shape up to 16x16, and every variant]"),
        "{flat}"
    );
    // A strategy's error names 6x6 once, and the shapes it makes.
    let err = |args: &[&str]| {
        let out = sudogen()
            .args(args)
            .assert()
            .code(2)
            .get_output()
            .stderr
            .clone();
        String::from_utf8(out).unwrap()
    };
    let uniform = err(&["-s", "uniform", "--size", "12", "-n", "0"]);
    assert_eq!(uniform.matches("6x6").count(), 1, "{uniform}");
    assert!(
        uniform.contains("(it makes 4x4, 9x9 and 6x6 with boxes 2x3, without a variant)"),
        "{uniform}"
    );
    // "an 11x11", and the noun before the boxes.
    assert!(err(&["--size", "11"]).contains("an 11x11 grid has no boxes"));
    let odd = err(&["-s", "uniform", "--size", "6", "--box", "3x2"]);
    assert!(
        odd.contains("cannot make 6x6 grids with 3x2 boxes"),
        "{odd}"
    );
    let dir = scratch_dir();
    let mixed = dir.path().join("mixed.jsonl");
    let mut records = stdout_of(&[
        "puzzle", "--size", "6", "--box", "3x2", "-n", "1", "--seed", "1", "-f", "json",
    ]);
    records += &stdout_of(&[
        "puzzle", "--size", "6", "-n", "1", "--seed", "1", "-f", "json",
    ]);
    std::fs::write(&mixed, records).unwrap();
    // A book may mix them: each grid is drawn in its own boxes.
    let book = dir.path().join("book.pdf");
    sudogen()
        .arg("print")
        .arg(&mixed)
        .arg("-o")
        .arg(&book)
        .assert()
        .code(0);
    assert!(std::fs::metadata(&book).unwrap().len() > 1000);
    // `canon --original` works only with --distinct, and says so.
    let canon = stdout_of(&["canon", "--help"]);
    let canon = canon.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        canon.contains("--original With --distinct (required)"),
        "{canon}"
    );
    // The `--given` example of `transform --help` is one the tool takes.
    let transform = stdout_of(&["transform", "--help"]);
    let given = transform
        .lines()
        .find_map(|l| l.split("--given '").nth(1))
        .and_then(|rest| rest.split('\'').next())
        .expect("an example with --given");
    sudogen()
        .args(["transform", "--given", given])
        .write_stdin(stdout_of(&["puzzle", "-n", "1", "--seed", "1"]))
        .assert()
        .success();
}

#[test]
fn jobs_do_not_change_the_output() {
    // npy is written to files (arrays need their length first): its own
    // test below.
    for format in FORMATS.iter().map(|f| f.name()).filter(|&f| f != "npy") {
        let one = stdout_of(&["-n", "3000", "--seed", "4", "-f", format, "-j", "1"]);
        let two = stdout_of(&["-n", "3000", "--seed", "4", "-f", format, "-j", "2"]);
        let five = stdout_of(&["-n", "3000", "--seed", "4", "-f", format, "-j", "5"]);
        assert!(one == two && two == five, "{format}");
    }
    let dir = scratch_dir();
    let arrays: Vec<Vec<u8>> = ["1", "2", "5"]
        .iter()
        .map(|jobs| {
            let file = dir.path().join(format!("j{jobs}.npy"));
            let name = file.to_str().unwrap();
            stdout_of(&[
                "-n", "3000", "--seed", "4", "-f", "npy", "-j", jobs, "-o", name,
            ]);
            std::fs::read(&file).unwrap()
        })
        .collect();
    assert_eq!(arrays[0].len(), 128 + 3000 * 81);
    assert!(arrays[0] == arrays[1] && arrays[1] == arrays[2], "npy");
    sudogen()
        .args(["-j", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("-j"));
}

#[test]
fn completions_are_printed_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = stdout_of(&["completions", shell]);
        assert!(out.contains("sudogen"), "{shell}");
        assert!(out.contains("strategy"), "{shell}");
    }
    sudogen()
        .args(["completions", "tcsh"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("invalid value 'tcsh'"));
    // Generation options do not mix with a subcommand.
    sudogen()
        .args(["-n", "3", "completions", "bash"])
        .assert()
        .code(2);
}

#[test]
fn no_progress_bar_when_stderr_is_not_a_terminal() {
    let out = sudogen()
        .args(["-n", "20000", "--seed", "1"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "");
}

/// Runs `command` (a shell command line) with a terminal as its standard
/// error, through `script(1)`: what the terminal showed, without escape
/// sequences, and how long it took; `None` where `script` is missing.
fn on_a_terminal(command: &str) -> Option<(String, std::time::Duration)> {
    let started = std::time::Instant::now();
    let out = StdCommand::new("script")
        .args(["-qfec", command, "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .ok()?;
    let took = started.elapsed();
    assert!(out.status.success(), "{command}: {out:?}");
    let text = String::from_utf8_lossy(&out.stdout).replace('\r', "\n");
    let mut plain = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // CSI: ESC [ parameters, then a final letter.
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            plain.push(c);
        }
    }
    Some((plain, took))
}

/// `rate`, `stats` and `puzzle` show a bar on a terminal once a run has
/// taken a second (issue 50, item 25), naming what they count; `-q` hides
/// it. A run that ended within 1.5 s need not have shown one.
#[test]
fn rate_stats_and_puzzle_show_progress_on_a_terminal() {
    let dir = scratch_dir();
    let hard = dir.path().join("hard.txt");
    // Three puzzles of SE 9.5 and more, each stopped after about a second
    // of nested chains.
    let se_hard = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/se-hard.txt"
    ))
    .unwrap();
    let puzzles: Vec<&str> = se_hard
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().next().unwrap())
        .take(3)
        .collect();
    std::fs::write(&hard, puzzles.join("\n") + "\n").unwrap();
    let out = dir.path().join("out.txt");
    let (hard, out) = (hard.display(), out.display());
    for (command, shows) in [
        (
            format!("{BIN} rate -j 1 --work 40000000 {hard} -o {out}"),
            "3 puzzles read",
        ),
        (
            format!("{BIN} stats -s backtrack -n 600000 -j 1 --seed 1 > {out}"),
            "/600,000 grids",
        ),
        (
            format!("{BIN} puzzle --size 16 -n 40 -j 1 --seed 1 -o {out}"),
            "/40 puzzles",
        ),
    ] {
        let Some((screen, took)) = on_a_terminal(&command) else {
            eprintln!("script(1) is missing: the terminal is not tested");
            return;
        };
        if took.as_secs_f64() > 1.5 {
            assert!(screen.contains(shows), "{command} ({took:?}): {screen}");
        } else {
            eprintln!("{command} took {took:?}: too fast for a bar");
        }
        let (quiet, _) = on_a_terminal(&command.replacen(" -j 1", " -q -j 1", 1)).unwrap();
        assert!(!quiet.contains(shows), "{command} -q: {quiet}");
    }
}

#[test]
fn check_accepts_everything_sudogen_writes() {
    let dir = scratch_dir();
    for format in FORMATS.iter().map(|f| f.name()) {
        // The ML layouts carry a grid as its own solution, and say so.
        let expected = match format {
            "kaggle" | "kaggle-3m" | "extreme" => {
                "7 grids read: 7 valid, 0 invalid, 7 with their solutions checked\n"
            }
            _ => "7 grids read: 7 valid, 0 invalid\n",
        };
        for size in ["4", "9", "16", "25"] {
            let args = ["-s", "rotate", "--size", size, "-n", "7", "-f", format];
            if matches!(format, "fpuzzles" | "sudokupad") && size == "25" {
                // f-puzzles draws grids up to 16x16: refused, nothing written.
                sudogen().args(args).assert().code(2).stdout("").stderr(
                    "sudogen: error: f-puzzles and SudokuPad draw grids up to 16x16: write 25x25 grids as line, csv or json\n",
                );
                continue;
            }
            let mut check = sudogen();
            check.arg("check");
            if format == "npy" {
                let file = dir.path().join(format!("grids{size}.npy"));
                let file = file.to_str().unwrap();
                stdout_of(&[&args[..], &["-o", file]].concat());
                check.arg(file);
            } else {
                check.write_stdin(stdout_of(&args));
            }
            check.assert().code(0).stdout(expected);
        }
    }
}

#[test]
fn check_names_each_bad_grid_and_exits_1() {
    let good = "123456789456789123789123456234567891567891234891234567345678912678912345912345678";
    let mut swapped = good.as_bytes().to_vec();
    swapped.swap(0, 1);
    let text = format!(
        "{good}\n{}\n{}\nx{}\n",
        String::from_utf8(swapped).unwrap(),
        &good[1..],
        &good[1..]
    );
    let path = Scratch::file("grids.txt", text.as_bytes());
    let name = path.display().to_string();
    sudogen()
        .arg("check")
        .arg(&path)
        .assert()
        .code(1)
        .stdout(format!(
            "{name}:2: column 1 has two 2s\n{name}:3: 80 cells where 81 are expected\n\
             {name}:4: 'x' is not a symbol of a 9x9 grid\n4 grids read: 1 valid, 3 invalid\n"
        ));
}

#[test]
fn check_exit_2_for_unreadable_input_and_bad_usage() {
    sudogen()
        .args(["check", "/nonexistent/grids.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "sudogen: error: cannot read /nonexistent/grids.txt:",
        ));
    sudogen().args(["check", "--size", "7"]).assert().code(2);
    sudogen()
        .args(["check", "/"])
        .assert()
        .code(2)
        .stderr("sudogen: error: cannot read /: it is a directory\n");
}

#[test]
fn check_survives_hostile_input() {
    // Binary bytes are refused whole, in one line (issue 50, item 14).
    let binary: Vec<u8> = (0..=255u8).cycle().take(300_000).collect();
    let out = sudogen().arg("check").write_stdin(binary).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "sudogen: error: cannot read <stdin>: compressed or binary input, not records; unpack it, or name a file of records\n"
    );
    // Text that is no records: every bad record is reported.
    let mut garbage: Vec<u8> = (0x20..0x7fu8)
        .cycle()
        .take(300_000)
        .enumerate()
        .map(|(i, b)| if i % 97 == 96 { b'\n' } else { b })
        .collect();
    garbage.extend_from_slice(b"\n{\"grid\":\n1 2 |\n");
    let out = sudogen()
        .arg("check")
        .write_stdin(garbage)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let summary = stdout.lines().last().unwrap();
    assert!(summary.contains(" grids read: 0 valid, "), "{summary}");
    assert!(stdout.lines().count() > 100, "every bad record is reported");
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "");
    // No input at all is not a pass.
    sudogen()
        .arg("check")
        .write_stdin("")
        .assert()
        .code(1)
        .stdout("0 grids read: 0 valid, 0 invalid\n");
}

#[test]
fn check_counts_distinct_grids_and_forced_formats() {
    let grids = stdout_of(&["-n", "50", "--seed", "1", "-f", "line"]);
    let twice = format!("{grids}{grids}");
    sudogen()
        .args(["check", "--distinct", "-f", "line"])
        .write_stdin(twice)
        .assert()
        .code(0)
        .stdout("100 grids read: 100 valid, 0 invalid, 50 distinct\n");
}

#[test]
fn stats_reports_json_and_reads_other_programs_grids() {
    let out = stdout_of(&["stats", "-n", "3000", "--seed", "1", "-f", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["size"], 9);
    assert_eq!(doc["source"], "strategy uniform, size 9x9, seed 1");
    let stats = doc["statistics"].as_array().unwrap();
    assert_eq!(stats[0]["name"], "grids");
    assert_eq!(stats[0]["value"], 3000.0);
    assert!(stats.iter().all(|s| s["pass"] != false), "{out}");

    // Grids from elsewhere: all shuffles of one grid fail the band test.
    let grids = stdout_of(&["-s", "rotate", "-n", "3000", "--seed", "2", "-f", "line"]);
    let path = Scratch::file("rotate.txt", grids.as_bytes());
    let table = stdout_of(&["stats", "--input", path.to_str().unwrap()]);
    let band = table
        .lines()
        .find(|l| l.starts_with("top-band class"))
        .unwrap();
    assert!(band.contains("FAIL"), "{table}");

    // The file named without --input (as `check` and `solve` take theirs)
    // gives the same report, and so do both ways together on one file each.
    assert_eq!(stdout_of(&["stats", path.to_str().unwrap()]), table);
    let half = |from: usize| {
        grids
            .lines()
            .skip(from)
            .step_by(2)
            .map(|l| l.to_owned() + "\n")
    };
    let first = Scratch::file("rotate-a.txt", half(0).collect::<String>().as_bytes());
    let second = Scratch::file("rotate-b.txt", half(1).collect::<String>().as_bytes());
    let both = stdout_of(&[
        "stats",
        first.to_str().unwrap(),
        "--input",
        second.to_str().unwrap(),
    ]);
    let rows = |t: &str| t.lines().skip(1).map(str::to_owned).collect::<Vec<_>>();
    assert_eq!(rows(&both)[..3], rows(&table)[..3], "{both}");
    assert!(
        both.starts_with("9x9 records read from 2 inputs\n"),
        "{both}"
    );
}

/// `sudogen puzzle | sudogen stats` generates (standard input is read only
/// when named), and says so on standard error; nothing is said when the
/// pipe is named or when standard input holds nothing.
#[cfg(unix)]
#[test]
fn stats_says_when_it_generates_instead_of_reading_a_pipe() {
    let grids = stdout_of(&["-n", "5", "--seed", "3", "-f", "line"]);
    sudogen()
        .args(["stats", "-n", "10", "--seed", "1"])
        .write_stdin(grids.clone())
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "strategy uniform, size 9x9, seed 1\n",
        ))
        .stderr(
            "sudogen: note: measuring 10 generated grids; standard input is not read \
             (to measure it: sudogen stats -)\n",
        );
    sudogen()
        .args(["stats", "-"])
        .write_stdin(grids)
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "9x9 records read from 1 input\n",
        ))
        .stderr("");
    let out = StdCommand::new(BIN)
        .args(["stats", "-n", "10", "--seed", "1"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// A file that is both an input and the output is refused before it is
/// touched: `-o` would empty it before it is read, and standard output
/// appended to it would be read back as input while it grows (0.10.3 grew
/// a 1.6 MB file to 1.6 GB in ten seconds).
#[cfg(unix)]
#[test]
fn an_input_is_never_the_output() {
    use std::fs::{File, OpenOptions};
    let puzzles = stdout_of(&["puzzle", "-n", "20", "--seed", "1"]);
    let path = Scratch::file("p.txt", puzzles.as_bytes());
    let p = path.to_str().unwrap();
    let refused = |out: std::process::Output, says: &str| {
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(
            err,
            format!("sudogen: error: {says}; write the output to another file\n")
        );
        assert_eq!(std::fs::read_to_string(&*path).unwrap(), puzzles);
    };
    let both = format!("{p} is both an input and the output");
    for command in ["solve", "rate"] {
        refused(
            StdCommand::new(BIN)
                .args([command, p, "-o", p])
                .output()
                .unwrap(),
            &both,
        );
        refused(
            StdCommand::new(BIN)
                .args([command, "-o", p])
                .stdin(File::open(&*path).unwrap())
                .output()
                .unwrap(),
            "standard input is the output file",
        );
        let append = OpenOptions::new().append(true).open(&*path).unwrap();
        refused(
            StdCommand::new(BIN)
                .args([command, p])
                .stdout(append)
                .stderr(Stdio::piped())
                .output()
                .unwrap(),
            &both,
        );
    }
    // Another file is fine, and so is standard output to a pipe.
    let dir = scratch_dir();
    let other = dir.path().join("s.txt");
    sudogen()
        .args(["solve", p, "-o", other.to_str().unwrap()])
        .assert()
        .success()
        .stdout("");
    assert_eq!(std::fs::read_to_string(&other).unwrap().lines().count(), 20);
    assert_eq!(stdout_of(&["solve", p]).lines().count(), 20);
}

/// `stats` reading files measures the size of the first valid record
/// unless `--size` is given, and says what it skipped and how to measure
/// it.
#[test]
fn stats_measures_the_size_it_reads_and_names_what_it_skipped() {
    let p16 = stdout_of(&["puzzle", "--size", "16", "-n", "2", "--seed", "1"]);
    let p9 = stdout_of(&["puzzle", "-n", "3", "--seed", "2"]);
    let mixed = Scratch::file("mixed.txt", format!("garbage\n{p16}{p9}").as_bytes());
    let path = mixed.to_str().unwrap();
    let report = stdout_of(&["stats", path]);
    assert!(
        report.starts_with("16x16 records read from 1 input\n"),
        "{report}"
    );
    assert!(
        report.ends_with(
            "(4 records skipped: 1 invalid, 3 of another size than 16x16 \
             (9x9: measure them with --size))\n"
        ),
        "{report}"
    );
    let json = stdout_of(&["stats", "-f", "json", path]);
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["size"], 16);
    assert_eq!(
        doc["skipped"],
        serde_json::json!({"invalid": 1, "other_size": 3})
    );
    let generated = stdout_of(&["stats", "-f", "json", "-n", "10", "--seed", "1"]);
    let generated: serde_json::Value = serde_json::from_str(&generated).unwrap();
    assert!(generated.get("skipped").is_none(), "{generated}");
    let report = stdout_of(&["stats", "--size", "9", path]);
    assert!(
        report.starts_with("9x9 records read from 1 input\n"),
        "{report}"
    );
    assert!(report.contains("\npuzzles  "), "{report}");
    sudogen()
        .args(["stats", "--size", "4", path])
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            "sudogen: error: no valid 4x4 grids or puzzles in the input (6 records skipped: \
             1 invalid, 5 of another size than 4x4 (9x9, 16x16: measure them with --size)); \
             nothing to measure\n",
        );
    sudogen()
        .args(["stats", "-"])
        .write_stdin("garbage\n")
        .assert()
        .code(1)
        .stderr(
            "sudogen: error: no valid grids or puzzles in the input \
             (1 record skipped: 1 invalid); nothing to measure\n",
        );
}

/// A file written in another alphabet (`solve --symbols` writes one) is
/// read by `check` and `stats` with the same `--symbols`.
#[test]
fn check_and_stats_read_another_alphabet() {
    let p16 = stdout_of(&["puzzle", "--size", "16", "-n", "3", "--seed", "4"]);
    let letters: String = p16
        .chars()
        .map(|c| match c.to_digit(17) {
            Some(v) if v > 0 => char::from(b'A' + v as u8 - 1),
            _ => c,
        })
        .collect();
    let alphabet = "ABCDEFGHIJKLMNOP";
    let solved = sudogen()
        .args(["solve", "--symbols", alphabet])
        .write_stdin(letters.clone())
        .output()
        .unwrap();
    assert!(solved.status.success());
    let both = format!("{letters}{}", String::from_utf8(solved.stdout).unwrap());
    let file = Scratch::file("letters.txt", both.as_bytes());
    let path = file.to_str().unwrap();
    sudogen()
        .args(["check", "--unique", "--symbols", alphabet, path])
        .assert()
        .success()
        .stdout("6 grids read: 6 valid, 0 invalid (3 of the valid are puzzles with empty cells)\n");
    let report = stdout_of(&["stats", "--symbols", alphabet, path]);
    let standard = Scratch::file("standard.txt", p16.as_bytes());
    let from_digits = stdout_of(&["stats", standard.to_str().unwrap()]);
    let value = |t: &str, row: &str| {
        let line = t
            .lines()
            .find(|l| l.starts_with(&format!("{row} ")))
            .unwrap();
        line.split_whitespace().last().unwrap().to_owned()
    };
    assert!(
        report.starts_with("16x16 records read from 1 input\n"),
        "{report}"
    );
    assert_eq!(value(&report, "grids"), "3", "{report}");
    assert_eq!(value(&report, "puzzles"), "3", "{report}");
    assert_eq!(
        value(&report, "clues per puzzle: mean"),
        value(&from_digits, "clues per puzzle: mean")
    );
    // Faults are named in the file's own letters: a repeated letter, and a
    // standard symbol that is not one of the alphabet's.
    let first = letters.lines().next().unwrap();
    // (Every other A emptied, and the first two cells' givens replaced:
    // the first fault is the row's.)
    let twice = format!("AA{}", first[2..].replace('A', "."));
    let stray = format!("1{}", &first[1..]);
    let faults = Scratch::file("faults.txt", format!("{twice}\n{stray}\n").as_bytes());
    let faults = faults.to_str().unwrap();
    sudogen()
        .args(["check", "--symbols", alphabet, faults])
        .assert()
        .code(1)
        .stdout(format!(
            "{faults}:1: row 1 has two As\n\
             {faults}:2: '1' is not a symbol of a 16x16 grid\n\
             2 grids read: 0 valid, 2 invalid\n"
        ));
    sudogen()
        .args(["solve", "--symbols", alphabet, faults])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "{faults}:2: '1' is not a symbol of a 16x16 grid\n"
        )));
    // Without the alphabet, the letters are not symbols of a grid.
    sudogen()
        .args(["check", path])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("is not a symbol of a 16x16 grid"));
    sudogen()
        .args(["check", "--symbols", alphabet, "--size", "9", path])
        .assert()
        .code(2)
        .stderr("sudogen: error: --symbols has 16 characters but --size is 9\n");
    sudogen()
        .args(["stats", "--symbols", alphabet])
        .assert()
        .code(2)
        .stderr(
            "sudogen: error: --symbols reads files, and no file was named; \
             use sudogen stats --symbols ALPHABET FILE\n",
        );
}

#[test]
fn stats_usage_errors() {
    sudogen()
        .args(["stats", "-s", "uniform", "--size", "16"])
        .assert()
        .code(2);
    sudogen()
        .args(["stats", "--input", "/nonexistent/x.txt"])
        .assert()
        .code(2);
    sudogen()
        .args(["stats", "/nonexistent/x.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/nonexistent/x.txt"));
    // A file to read and a strategy to generate from cannot both be meant.
    sudogen()
        .args(["stats", "-s", "bas", "grids.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
    sudogen()
        .args(["stats", "--level", "5"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("use a probability such as 0.001"));
}

#[test]
fn chain_gives_the_same_bytes_with_the_portable_kernel_forced() {
    for size in ["4", "9", "16"] {
        let args = [
            "-s", "chain", "--size", size, "-n", "300", "--seed", "8", "-v",
        ];
        let auto = sudogen()
            .args(args)
            .env_remove("SUDOGEN_PORTABLE")
            .output()
            .unwrap();
        let portable = sudogen()
            .args(args)
            .env("SUDOGEN_PORTABLE", "1")
            .output()
            .unwrap();
        assert!(auto.status.success() && portable.status.success());
        assert!(auto.stdout == portable.stdout, "size {size}");
        let said = String::from_utf8(portable.stderr).unwrap();
        assert!(said.contains("chain (portable kernel)"), "{said}");
        if std::env::var_os("SUDOGEN_EXPECT_AVX2").is_some() {
            let said = String::from_utf8(auto.stderr).unwrap();
            assert!(said.contains("chain (avx2 kernel)"), "{said}");
        }
    }
}

/// At a terminal, reading standard input says so (and how to end it)
/// rather than wait without a word; from a pipe it says nothing. The
/// terminal is a pseudo-terminal made by util-linux's `script`.
#[test]
fn reading_a_terminal_says_how_to_end_the_input() {
    let puzzle =
        ".9.17..3......671.........2...78..9...3..12...1.5..4...52.....8.....43.5........9";
    // `script` must be there and able to make a pseudo-terminal (a
    // container may have no `/dev/ptmx`).
    let terminal = cfg!(target_os = "linux")
        && StdCommand::new("script")
            .args(["-qec", "true", "/dev/null"])
            .stdin(Stdio::null())
            .output()
            .is_ok_and(|out| out.status.success());
    if !terminal {
        eprintln!(
            "note: no util-linux `script` able to make a pseudo-terminal here; the terminal note is not tested"
        );
        return;
    }
    for command in ["solve", "rate", "check"] {
        // `script` runs the command on a pseudo-terminal and passes it
        // what it reads: the puzzle, then Ctrl-D.
        let out = StdCommand::new("script")
            .args(["-qec", &format!("{BIN} {command}"), "/dev/null"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                let mut stdin = child.stdin.take().unwrap();
                stdin.write_all(format!("{puzzle}\n\x04").as_bytes())?;
                drop(stdin);
                // Bounded: a run that never sees the end of its input
                // fails the test rather than hang it.
                let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
                while child.try_wait()?.is_none() {
                    if std::time::Instant::now() > deadline {
                        child.kill()?;
                        panic!("{command} at a terminal: no end within 60 s");
                    }
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
                child.wait_with_output()
            })
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains(
                "sudogen: note: reading standard input from the terminal: paste puzzles or grids, then Ctrl-D (or name a file)"
            ),
            "{command}: {text}"
        );
        // The run went on to read the puzzle.
        let expected = match command {
            "solve" => "\n2 9 4 | 1 7 5 | 8 3 6",
            "rate" => "# 2.0 medium direct-hidden-pair",
            _ => "1 grid read: 1 valid",
        };
        assert!(text.contains(expected), "{command}: {text}");
    }
    sudogen()
        .arg("solve")
        .write_stdin(format!("{puzzle}\n"))
        .assert()
        .success()
        .stderr("");
}
