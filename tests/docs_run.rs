//! The docs run (issue 50): every command the documentation shows, run as
//! written with `sudogen` on the PATH (this build's binary).
//!
//! - **console blocks** of README.md and docs/*.md: each `$ ...` line runs
//!   in order, in one directory per document (so a file made by an
//!   earlier line or block is there for a later one), standard error
//!   merged into standard output as a terminal shows them; where output
//!   is shown under the line, the output must be that, exactly (or after
//!   the normalization [`NORMALIZE`] lists for the line), and the exit
//!   status 0 (or the one [`EXITS`] lists).
//! - **sh blocks** with a `sudogen` line: each runs as a bash script
//!   (`set -o pipefail`) in its document's directory; no command of it may
//!   fail, except one the block itself shows failing (`cmd; echo "exit
//!   $?"`, or listed in [`EXITS`]); where a `text` block right after it
//!   shows output, the script's output (standard error merged) must be
//!   that, unless [`NOT_COMPARED`] says why not.
//! - **every example** at the end of each command's `--help`: each runs in
//!   a fresh directory and must exit 0.
//!
//! Files the documents use without making them (`puzzles.txt`, `two.txt`,
//! ...) are made first, as [`FIXTURES`] says. Commands that are too slow,
//! build the package, or need the published collections are skipped, each
//! for the reason [`SKIP`] gives; blocks that need a tool that is not
//! installed (jq, pdfinfo, GNU parallel, numpy, ...) are skipped with a
//! line saying so.
//!
//! Release only (`#[ignore]`, run by `.ci/run`), about a minute:
//! `cargo test --release --test docs_run -- --ignored --nocapture`.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

mod common;
use common::{output_within, scratch_dir};

const BIN: &str = env!("CARGO_BIN_EXE_sudogen");

/// The longest one command or block may take.
const TIMEOUT: Duration = Duration::from_secs(300);

/// The documents whose blocks run.
const DOCS: &[&str] = &[
    "README.md",
    "docs/GUIDE.md",
    "docs/ARCHITECTURE.md",
    "docs/PERFORMANCE.md",
];

/// Files the documents and help examples read without making them: name,
/// and the shell command that makes it (run with `sudogen` on the PATH).
const FIXTURES: &[(&str, &str)] = &[
    // README: `rate --explain puzzles.txt | head -3` shows the first of
    // `sudogen puzzle -n 3 --seed 7`, the puzzles of its first example.
    ("puzzles.txt", "sudogen puzzle -n 3 --seed 7"),
    // README: `check two.txt` shows "two.txt:2: column 1 has two 2s": a
    // valid grid, then one whose first two cells of row 1 are swapped.
    (
        "two.txt",
        "g=$(sudogen generate -n 1 --seed 7 -f line); echo \"$g\"; \
         echo \"$g\" | sed -E 's/^(.)(.)/\\2\\1/'",
    ),
    // GUIDE: the jigsaw map its `cat regions.txt` shows.
    (
        "regions.txt",
        "printf '%s\\n' AAABBBCCC AABBBCCCC AAAABBBCC DDDDEEEFF DDEEEFFFF DDDEEEFFF \
         GGGHHHIII GGGHHHIII GGGHHHIII",
    ),
    // GUIDE and `canon --help`: 17-clue puzzles (two of Royle's list).
    (
        "17-clue.txt",
        "printf '%s\\n' \
         000000010400000000020000000000050407008000300001090000300400200050100000000806000 \
         000000010400000000020000000000050604008000300001090000300400200050100000000807000",
    ),
    // The names the help examples use.
    ("p.txt", "sudogen puzzle -n 3 --seed 1"),
    (
        "p16.txt",
        "sudogen puzzle --size 16 -n 2 --seed 1 --symbols A-P",
    ),
    ("grids.txt", "sudogen generate -n 100 --seed 1"),
    ("g.txt", "sudogen generate -n 100 --seed 2"),
    ("hardest.txt", "sudogen puzzle -n 2 --seed 3"),
    // `stats --help`: jigsaw records that carry their regions (the map
    // above, made first).
    (
        "jigsaw.jsonl",
        "sudogen puzzle --regions regions.txt -n 3 --seed 1 -f json",
    ),
    ("many.txt", "sudogen puzzle -n 3 --seed 4"),
    (
        "train.csv",
        "sudogen puzzle -n 20 --seed 5 --with-solution -f csv",
    ),
    (
        "all.csv",
        "sudogen puzzle -n 20 --seed 6 --with-solution -f csv",
    ),
    // `completions bash > ~/.local/share/...`: HOME is the run's folder.
    (
        "home/.local/share/bash-completion/completions/.keep",
        "true",
    ),
    ("home/.zfunc/.keep", "true"),
    ("home/.config/fish/completions/.keep", "true"),
];

/// Blocks and help examples that do not run, with the reason: (document
/// or `--help` of a command, a piece of the block's first line or of the
/// example, why).
const SKIP: &[(&str, &str, &str)] = &[
    (
        "docs/PERFORMANCE.md",
        "(cd peers && cargo build --release --example sudoku_solve)",
        "a benchmark against the sudoku crate: builds the peers crate (downloads the AGPL crate) and reads the published 17-clue list",
    ),
    (
        "docs/PERFORMANCE.md",
        "sudogen puzzle -n 200000 --seed 2 --rate -f csv",
        "200,000 puzzles made and rated: about three minutes on two idle cores (over the time limit on a loaded machine)",
    ),
    (
        "docs/GUIDE.md",
        "sudogen puzzle -n 1000000 --seed 1 | awk",
        "a million puzzles: about a minute on two cores",
    ),
    (
        "docs/GUIDE.md",
        "sudogen puzzle -n 2 -v > drawn.txt",
        "the seed is drawn at random: the reader gives back the one -v printed",
    ),
    (
        "README.md",
        "python3 -m venv .venv",
        "builds and installs the Python package (minutes, network)",
    ),
    (
        "docs/GUIDE.md",
        "python3 -m venv .venv",
        "builds and installs the Python package (minutes, network)",
    ),
    (
        "docs/GUIDE.md",
        "python3 to_npy.py",
        "to_npy.py is the Python block above it, and needs numpy",
    ),
    (
        "docs/PERFORMANCE.md",
        "for s in uniform backtrack rotate bas potential chain",
        "600,000 grids measured: minutes",
    ),
    (
        "docs/PERFORMANCE.md",
        "grep -v '^#' tests/data/se-hard.txt",
        "a benchmark of the repository's examples (cargo, /usr/bin/time)",
    ),
    (
        "docs/PERFORMANCE.md",
        "# Solo",
        "a benchmark against Simon Tatham's Solo (sgt-solo)",
    ),
    (
        "docs/PERFORMANCE.md",
        "cargo build --release --example canon_times",
        "a benchmark: builds examples, reads ../shared/data",
    ),
    (
        "docs/PERFORMANCE.md",
        "sudogen puzzle -n 1000000 --seed 1 -j 2 > p1m.txt",
        "a benchmark: a million puzzles, the repository's examples",
    ),
    (
        "docs/PERFORMANCE.md",
        "cargo build --release                                  # the CLI",
        "a benchmark of the Python package (builds it)",
    ),
    (
        "docs/PERFORMANCE.md",
        "python3 -m venv .venv",
        "builds the Python package with a fresh Cargo home (minutes, network)",
    ),
    (
        "docs/PERFORMANCE.md",
        "sgt-solo --generate 1000 2x3",
        "a benchmark against Simon Tatham's Solo (sgt-solo)",
    ),
    (
        "docs/PERFORMANCE.md",
        "/usr/games/sgt-solo --generate 100 9j",
        "a benchmark against Simon Tatham's Solo (sgt-solo)",
    ),
    (
        "docs/PERFORMANCE.md",
        "'sudogen puzzle --variant killer -n 1000 --seed 2 -j 1'",
        "a benchmark against Simon Tatham's Solo (sgt-solo) and the killer_make example (cargo)",
    ),
    (
        "docs/PERFORMANCE.md",
        "sudogen puzzle -n 200000 --seed 1 -j 2 > p200k.txt",
        "a benchmark against 0.14.0: hyperfine, callgrind, ../shared/data",
    ),
];

/// Lines whose shown output is compared after a normalization: (a piece
/// of the line, the normalization). Every comparison leaves out the white
/// space at the end of lines (the tables of `stats` pad their columns;
/// Markdown keeps no trailing spaces).
const NORMALIZE: &[(&str, Normalize)] = &[
    // `ls` prints columns on a terminal and one name a line to a pipe.
    ("$ ls ", Normalize::Words),
];

/// How shown output is compared with what the command wrote.
#[derive(Clone, Copy)]
enum Normalize {
    /// The same words in the same order, white space aside.
    Words,
}

/// Commands that show a failure on purpose: (document, a piece of the
/// line, exit status).
const EXITS: &[(&str, &str, i32)] = &[
    ("README.md", "$ sudogen check two.txt", 1),
    // The hint for a file in another alphabet, shown in the text below.
    ("docs/GUIDE.md", "sudogen solve letters16.txt", 2),
];

/// `sh` blocks whose `text` block below is not their output as it is
/// here: (document, a piece of the block's first line, why). They still
/// run, and must not fail.
const NOT_COMPARED: &[(&str, &str, &str)] = &[(
    "docs/GUIDE.md",
    "sudogen check --unique 17-clue.txt",
    "the output shown is of the whole published list (49,158 puzzles, not in \
     the repository); here 17-clue.txt holds two of them",
)];

/// Tools some blocks use beyond bash and coreutils: a block that names
/// one that is not installed is skipped, with a line saying so.
const TOOLS: &[(&str, &str)] = &[
    ("jq ", "command -v jq"),
    ("pdfinfo", "command -v pdfinfo"),
    ("pdftotext", "command -v pdftotext"),
    ("parallel ", "command -v parallel"),
    ("sbatch", "command -v sbatch"),
    ("sgt-solo", "command -v sgt-solo"),
    ("import numpy", "python3 -c 'import numpy'"),
];

// ---------------------------------------------------------------------------

/// A fenced block of a document.
struct Block {
    doc: &'static str,
    /// The line of its opening fence.
    line: usize,
    /// `console` or `sh`.
    kind: String,
    text: String,
    /// The output a `text` block right after it shows (nothing but blank
    /// lines between them).
    shown: Option<String>,
}

/// The `console` and `sh` blocks of `doc`.
fn blocks(doc: &'static str) -> Vec<Block> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(doc)).unwrap();
    let mut all: Vec<(Block, usize)> = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in text.lines().enumerate() {
        if let Some(fence) = line.strip_prefix("```") {
            match open.take() {
                Some(b) => all.push((b, i + 1)),
                None => {
                    open = Some(Block {
                        doc,
                        line: i + 1,
                        kind: fence.trim().to_string(),
                        text: String::new(),
                        shown: None,
                    });
                }
            }
        } else if let Some(b) = &mut open {
            b.text.push_str(line);
            b.text.push('\n');
        }
    }
    assert!(open.is_none(), "{doc}: a block is not closed");
    let lines: Vec<&str> = text.lines().collect();
    let mut blocks = Vec::new();
    for k in 0..all.len() {
        let (b, end) = &all[k];
        if b.kind != "console" && b.kind != "sh" {
            continue;
        }
        let shown = all.get(k + 1).filter(|(next, _)| {
            next.kind == "text"
                && lines[*end..next.line - 1]
                    .iter()
                    .all(|l| l.trim().is_empty())
        });
        blocks.push(Block {
            doc,
            line: b.line,
            kind: b.kind.clone(),
            text: b.text.clone(),
            shown: shown.map(|(t, _)| t.text.clone()),
        });
    }
    blocks
}

/// A `$ ` line of a console block and the output shown under it.
struct Step {
    line: usize,
    command: String,
    shown: Vec<String>,
}

fn steps(block: &Block) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    for (i, line) in block.text.lines().enumerate() {
        match line.strip_prefix("$ ") {
            Some(cmd) => steps.push(Step {
                line: block.line + 1 + i,
                command: cmd.to_string(),
                shown: Vec::new(),
            }),
            None => steps
                .last_mut()
                .unwrap_or_else(|| panic!("{}:{}: output before any $ line", block.doc, block.line))
                .shown
                .push(line.to_string()),
        }
    }
    steps
}

/// The environment of a run: `sudogen` first on the PATH, HOME in the
/// run's folder.
fn shell(dir: &Path, script: &str) -> Command {
    let bin = Path::new(BIN).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut cmd = Command::new("bash");
    cmd.arg("-c")
        .arg(script)
        .current_dir(dir)
        .env("PATH", path)
        .env("HOME", dir.join("home"))
        .env_remove("SUDOGEN_BLESS");
    cmd
}

/// A folder with the fixtures made.
fn folder() -> tempfile::TempDir {
    let dir = scratch_dir();
    for (name, make) in FIXTURES {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let out = output_within(&mut shell(dir.path(), make), TIMEOUT).expect("a fixture in time");
        assert!(out.status.success(), "fixture {name}: {out:?}");
        std::fs::write(&path, &out.stdout).unwrap();
    }
    dir
}

/// Why `what` (a block's first line, or an example) does not run, if it
/// does not.
fn skipped(place: &str, what: &str, text: &str) -> Option<String> {
    if let Some((_, _, why)) = SKIP
        .iter()
        .find(|(p, piece, _)| *p == place && what.contains(piece))
    {
        return Some((*why).to_string());
    }
    for (tool, probe) in TOOLS {
        if text.contains(tool) {
            let found = output_within(&mut shell(Path::new("/"), probe), TIMEOUT)
                .is_some_and(|o| o.status.success());
            if !found {
                return Some(format!("needs {}, not installed here", tool.trim()));
            }
        }
    }
    None
}

/// `shown` and `got` agree, under `how`.
fn agree(shown: &[String], got: &str, how: Option<Normalize>) -> bool {
    match how {
        None => shown
            .iter()
            .map(|l| l.trim_end())
            .eq(got.lines().map(str::trim_end)),
        Some(Normalize::Words) => shown
            .iter()
            .flat_map(|l| l.split_whitespace())
            .eq(got.split_whitespace()),
    }
}

/// Runs one console step; a problem, if any.
fn run_step(dir: &Path, doc: &str, step: &Step) -> Option<String> {
    let script = format!("set -o pipefail\n{{ {}\n}} 2>&1", step.command);
    let at = format!("{doc}:{}: $ {}", step.line, step.command);
    let Some(out) = output_within(&mut shell(dir, &script), TIMEOUT) else {
        return Some(format!("{at}: no end within {TIMEOUT:?}"));
    };
    let got = String::from_utf8_lossy(&out.stdout);
    let want_exit = EXITS
        .iter()
        .find(|(d, piece, _)| *d == doc && format!("$ {}", step.command).contains(piece))
        .map_or(0, |e| e.2);
    if out.status.code() != Some(want_exit) {
        return Some(format!(
            "{at}: exit {:?}, not {want_exit}:\n{}",
            out.status.code(),
            tail(&got, 5)
        ));
    }
    let how = NORMALIZE
        .iter()
        .find(|(piece, _)| format!("$ {}", step.command).contains(piece))
        .map(|n| n.1);
    if !step.shown.is_empty() && !agree(&step.shown, &got, how) {
        return Some(format!(
            "{at}: the output is not the one shown:\n--- shown\n{}\n--- written\n{}",
            step.shown.join("\n"),
            tail(&got, 40)
        ));
    }
    None
}

/// Runs an `sh` block as a script; a problem, if any. A command that fails
/// is one, unless its line shows its exit status (`; echo "exit $?"`) or
/// [`EXITS`] lists it; where a `text` block shows the output, the output
/// (standard error merged) must be that.
fn run_script(dir: &Path, block: &Block) -> Option<String> {
    const PRELUDE: &str = "set -o pipefail\n\
        trap 's=$?; echo \"$LINENO $s\" >> \"$DOCS_RUN_ERRORS\"' ERR\n\
        exec 2>&1\n";
    let script = format!("{PRELUDE}{}", block.text);
    let at = format!("{}:{}", block.doc, block.line);
    let errors = tempfile::NamedTempFile::new().unwrap();
    let mut cmd = shell(dir, &script);
    cmd.env("DOCS_RUN_ERRORS", errors.path());
    let Some(out) = output_within(&mut cmd, TIMEOUT) else {
        return Some(format!("{at}: no end within {TIMEOUT:?}"));
    };
    let got = String::from_utf8_lossy(&out.stdout);
    let offset = PRELUDE.lines().count();
    let lines: Vec<&str> = script.lines().collect();
    let mut problems = Vec::new();
    if got.contains("panicked") {
        problems.push("a panic".to_string());
    }
    for l in std::fs::read_to_string(errors.path()).unwrap().lines() {
        let (number, code) = l.split_once(' ').unwrap();
        let number: usize = number.parse().unwrap();
        let source = lines.get(number - 1).copied().unwrap_or("");
        let listed = EXITS.iter().any(|(d, piece, c)| {
            *d == block.doc && source.contains(piece) && code == c.to_string()
        });
        if !listed && !source.contains("echo \"exit $?\"") {
            problems.push(format!(
                "{}:{}: `{source}` failed (exit {code})",
                block.doc,
                block.line + number - offset
            ));
        }
    }
    if problems.is_empty() && !out.status.success() {
        problems.push(format!("exit {:?}", out.status.code()));
    }
    let first = block.text.lines().next().unwrap_or("");
    let compared = !NOT_COMPARED
        .iter()
        .any(|(d, piece, _)| *d == block.doc && first.contains(piece));
    if let Some(shown) = &block.shown
        && compared
    {
        let shown: Vec<String> = shown.lines().map(str::to_string).collect();
        if !agree(&shown, &got, None) {
            problems.push(format!(
                "the output is not the one shown:\n--- shown\n{}\n--- written\n{}",
                shown.join("\n"),
                tail(&got, 40)
            ));
        }
    }
    if problems.is_empty() {
        None
    } else {
        Some(format!("{at}: {}\n{}", problems.join("\n"), tail(&got, 8)))
    }
}

fn tail(text: &str, k: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(k)..].join("\n")
}

/// The examples at the end of `sudogen [COMMAND] --help`: a line that
/// starts with `sudogen` begins one, a wrapped line continues it, and the
/// command ends where two spaces begin its description.
fn help_examples(command: Option<&str>) -> Vec<String> {
    let mut args: Vec<&str> = command.into_iter().collect();
    args.push("--help");
    let out = Command::new(BIN).args(&args).output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    let examples = help
        .split("\nExamples:\n")
        .nth(1)
        .unwrap_or_else(|| panic!("sudogen {args:?} has no examples"));
    let mut joined: Vec<String> = Vec::new();
    for line in examples.lines() {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        if t.starts_with("sudogen") || joined.is_empty() {
            joined.push(t.to_string());
        } else {
            let last = joined.last_mut().unwrap();
            last.push(' ');
            last.push_str(t);
        }
    }
    joined
        .iter()
        .map(|e| e.split("  ").next().unwrap().trim().to_string())
        .collect()
}

/// The commands `sudogen --help` lists, `help` aside.
fn commands() -> Vec<String> {
    let out = Command::new(BIN).arg("--help").output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    let list = help
        .split("Commands:\n")
        .nth(1)
        .unwrap()
        .split("\n\n")
        .next()
        .unwrap();
    list.lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .filter(|c| c != "help")
        .collect()
}

#[test]
fn the_documents_have_blocks_and_the_commands_examples() {
    let console: usize = DOCS
        .iter()
        .map(|d| blocks(d).iter().filter(|b| b.kind == "console").count())
        .sum();
    assert!(console >= 10, "{console} console blocks");
    let cmds = commands();
    assert!(cmds.len() >= 10, "{cmds:?}");
    for c in &cmds {
        let examples = help_examples(Some(c));
        assert!(!examples.is_empty(), "{c}");
        for e in &examples {
            assert!(e.starts_with("sudogen "), "sudogen {c} --help: {e:?}");
        }
    }
    // Every skip and exit names a block or an example there is.
    let firsts: Vec<(String, String)> = DOCS
        .iter()
        .flat_map(|d| blocks(d))
        .map(|b| (b.doc.to_string(), b.text))
        .collect();
    for (place, piece, why) in SKIP.iter().filter(|s| s.0.ends_with(".md")) {
        assert!(
            firsts
                .iter()
                .any(|(d, t)| d == place && t.lines().next().unwrap_or("").contains(piece)),
            "SKIP matches no block: {place}: {piece} ({why})"
        );
    }
    for (doc, piece, _) in EXITS {
        assert!(
            firsts.iter().any(|(d, t)| d == doc && t.contains(piece)),
            "{doc}: {piece}"
        );
    }
}

/// README's table of strategies says which shapes each makes: every size
/// it names (or every size, up to a bound), 6x6 with boxes 3x2 where it
/// says "box shape", X where it says "every variant"; the binary agrees
/// (issue 50, item 27: the table said 4, 9 for uniform).
#[test]
fn readme_strategy_table_is_what_the_strategies_make() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let table = readme.split("## Strategies").nth(1).unwrap();
    let makes = |args: &[&str]| {
        Command::new(BIN)
            .args(["generate", "-n", "0"])
            .args(args)
            .output()
            .unwrap()
            .status
            .success()
    };
    let mut rows = 0;
    for line in table.lines().filter(|l| l.starts_with("| `")) {
        rows += 1;
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let (name, shapes) = (cells[1].trim_matches('`'), cells[3]);
        let bound = shapes.split("up to ").nth(1).map_or(25, |b| {
            b.split(|c: char| !c.is_ascii_digit())
                .next()
                .unwrap()
                .parse()
                .unwrap()
        });
        let named: Vec<usize> = shapes
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|d| d.parse().ok())
            .collect();
        for side in [4, 6, 8, 9, 10, 12, 16, 20, 25] {
            let claimed = if shapes.starts_with("every size") {
                side <= bound
            } else {
                named.contains(&side)
            };
            let size = side.to_string();
            assert_eq!(
                makes(&["-s", name, "--size", &size]),
                claimed,
                "{name} at {side}: {line}"
            );
        }
        let boxes = makes(&["-s", name, "--size", "6", "--box", "3x2"]);
        assert_eq!(
            boxes,
            shapes.contains("box shape"),
            "{name}, boxes 3x2: {line}"
        );
        let x = makes(&["-s", name, "--variant", "x"]);
        assert_eq!(x, shapes.contains("every variant"), "{name}, X: {line}");
    }
    assert_eq!(rows, sudogen::Strategy::ALL.len(), "a row per strategy");
}

#[test]
#[ignore = "release only: runs every command of the documents and of --help (about a minute)"]
fn release_every_documented_command_runs_as_written() {
    let start = Instant::now();
    let mut problems = Vec::new();
    let (mut ran, mut skips) = (0, 0);
    for doc in DOCS {
        let dir = folder();
        for block in blocks(doc) {
            let first = block.text.lines().next().unwrap_or("").to_string();
            if !block.text.contains("sudogen") {
                continue;
            }
            if let Some(why) = skipped(doc, &first, &block.text) {
                println!("skipped {doc}:{}: {first}: {why}", block.line);
                skips += 1;
                continue;
            }
            let t = Instant::now();
            if block.kind == "console" {
                for step in steps(&block) {
                    ran += 1;
                    problems.extend(run_step(dir.path(), doc, &step));
                }
            } else {
                ran += 1;
                problems.extend(run_script(dir.path(), &block));
            }
            let secs = t.elapsed().as_secs_f64();
            if secs > 10.0 {
                println!("{doc}:{}: {secs:.0} s", block.line);
            }
        }
    }
    let mut cmds: Vec<Option<String>> = vec![None];
    cmds.extend(commands().into_iter().map(Some));
    for c in &cmds {
        let place = format!("sudogen {} --help", c.as_deref().unwrap_or("")).replace("  ", " ");
        for example in help_examples(c.as_deref()) {
            if let Some(why) = skipped(&place, &example, &example) {
                println!("skipped {place}: {example}: {why}");
                skips += 1;
                continue;
            }
            ran += 1;
            let dir = folder();
            let t = Instant::now();
            let script = format!("set -o pipefail\n{example}");
            match output_within(&mut shell(dir.path(), &script), TIMEOUT) {
                None => problems.push(format!("{place}: {example}: no end within {TIMEOUT:?}")),
                Some(out) if !out.status.success() => problems.push(format!(
                    "{place}: {example}: exit {:?}: {}",
                    out.status.code(),
                    tail(&String::from_utf8_lossy(&out.stderr), 3)
                )),
                Some(_) => {}
            }
            let secs = t.elapsed().as_secs_f64();
            if secs > 10.0 {
                println!("{place}: {example}: {secs:.0} s");
            }
        }
    }
    println!(
        "docs run: {ran} commands and blocks in {:.0} s, {skips} skipped, {} problems",
        start.elapsed().as_secs_f64(),
        problems.len()
    );
    for p in &problems {
        println!("PROBLEM {p}\n");
    }
    assert!(
        problems.is_empty(),
        "{} documented commands do not run as written (see above)",
        problems.len()
    );
}
