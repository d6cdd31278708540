//! The web page (`sudogen print -o book.html`) in a real browser: Debian's
//! Chromium, driven over WebDriver by `chromedriver` (packages `chromium`
//! and `chromium-driver`, which `.ci/run` installs). Where either is
//! missing the tests say so and pass, except under CI (`CI` set), where
//! they fail.
//!
//! The page is driven only through its documented contract: cells by
//! `data-row`/`data-col`, their text, `data-conflict`, `data-hint`,
//! buttons by `data-action`, `<body data-state="solved">`. What the tests
//! expect comes from elsewhere: the solutions from the records `puzzle`
//! wrote, the hint's step from `rate --explain -f json`, the shapes from
//! the test's own tables.
//!
//! Screenshots go to `target/browser/` (one of them is
//! `docs/images/page.png`).

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use fantoccini::key::Key;
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

mod common;
use common::JIGSAW_MAP;

const BIN: &str = env!("CARGO_BIN_EXE_sudogen");
const CHROMIUM: &str = "/usr/bin/chromium";
const DRIVER: &str = "/usr/bin/chromedriver";

/// One browser at a time: two cores are shared with the rest of the suite.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// A running chromedriver and its browser session.
struct Browser {
    rt: tokio::runtime::Runtime,
    client: Option<Client>,
    driver: Child,
    _profile: tempfile::TempDir,
    _one: std::sync::MutexGuard<'static, ()>,
}

impl Drop for Browser {
    fn drop(&mut self) {
        if let Some(client) = self.client.take() {
            let _ = self.rt.block_on(client.close());
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Chromium's console messages (ChromeDriver's log endpoint).
#[derive(Debug)]
struct BrowserLog;

impl WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!("session/{}/se/log", session.unwrap_or("")))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(r#"{"type":"browser"}"#.into()))
    }
}

/// Starts chromedriver and a headless Chromium with a fresh profile, at a
/// window of `width` x `height`; `None` (said on standard error) where
/// they are not installed, outside CI.
fn browser(width: u32, height: u32) -> Option<Browser> {
    let one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !Path::new(CHROMIUM).exists() || !Path::new(DRIVER).exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must install chromium and chromium-driver (see .ci/run)"
        );
        eprintln!(
            "skipped: {CHROMIUM} or {DRIVER} is missing (apt-get install chromium chromium-driver)"
        );
        return None;
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let driver = Command::new(DRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let profile = common::scratch_dir();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut b = Browser {
        rt,
        client: None,
        driver,
        _profile: profile,
        _one: one,
    };
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "chromedriver did not listen"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let caps = json!({
        "browserName": "chrome",
        "goog:chromeOptions": {
            "binary": CHROMIUM,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--hide-scrollbars", "--force-device-scale-factor=1",
                format!("--user-data-dir={}", b._profile.path().display()),
                format!("--window-size={},{}", width.max(800), height),
            ],
            // Headless windows are at least 500 pixels wide: a narrower
            // viewport is emulated.
            "mobileEmulation": {
                "deviceMetrics": { "width": width, "height": height, "pixelRatio": 1.0 },
            },
        },
        "goog:loggingPrefs": { "browser": "ALL" },
    });
    let Value::Object(caps) = caps else {
        unreachable!()
    };
    let url = format!("http://127.0.0.1:{port}");
    let client = b.rt.block_on(async {
        ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&url)
            .await
            .expect("a WebDriver session")
    });
    b.client = Some(client);
    Some(b)
}

impl Browser {
    fn c(&self) -> &Client {
        self.client.as_ref().unwrap()
    }

    /// Runs `script` in the page and returns its value.
    fn js(&self, script: &str) -> Value {
        self.rt
            .block_on(self.c().execute(script, vec![]))
            .unwrap_or_else(|e| panic!("{script}: {e}"))
    }

    /// Opens `page` and waits until it is ready to play, hints unpacked.
    fn open(&self, page: &Path) {
        let url = format!("file://{}", page.display());
        self.rt.block_on(self.c().goto(&url)).unwrap();
        self.ready();
    }

    /// Waits until the page is ready to play, hints unpacked.
    fn ready(&self) {
        let start = Instant::now();
        loop {
            let v = self
                .js("return [document.body.dataset.state, document.body.dataset.hints].join(' ')");
            let s = v.as_str().unwrap_or("");
            if !s.starts_with("loading") && s.ends_with("ready") {
                return;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "the page is not ready: {s}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The console's messages at level SEVERE (errors).
    fn console_errors(&self) -> Vec<String> {
        let log = self.rt.block_on(self.c().issue_cmd(BrowserLog)).unwrap();
        log.as_array()
            .map(|entries| {
                entries
                    .iter()
                    .filter(|e| e["level"] == "SEVERE")
                    .map(|e| e["message"].to_string())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Types `keys` into the element that has the focus.
    fn keys(&self, keys: &str) {
        self.rt.block_on(async {
            let el = self.c().active_element().await.unwrap();
            el.send_keys(keys).await.unwrap();
        });
    }

    /// Clicks the cell at (row, col), 1-based.
    fn click_cell(&self, row: usize, col: usize) {
        self.rt.block_on(async {
            let sel = format!("[data-row=\"{row}\"][data-col=\"{col}\"]");
            self.c()
                .find(Locator::Css(&sel))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
        });
    }

    /// Clicks the button of `action`.
    fn press(&self, action: &str) {
        self.rt.block_on(async {
            let sel = format!("button[data-action=\"{action}\"]");
            self.c()
                .find(Locator::Css(&sel))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
        });
    }

    /// Every cell's text, row-major, read through the contract.
    fn texts(&self, n: usize) -> Vec<String> {
        let v = self.js(&format!(
            "var out = []; for (var r = 1; r <= {n}; r++) for (var c = 1; c <= {n}; c++) \
             out.push(document.querySelector('[data-row=\"' + r + '\"][data-col=\"' + c + '\"]').textContent); \
             return out;"
        ));
        serde_json::from_value(v).unwrap()
    }

    /// The (row, col) of every cell carrying attribute `attr`.
    fn marked(&self, attr: &str) -> BTreeSet<(usize, usize)> {
        let v = self.js(&format!(
            "return Array.from(document.querySelectorAll('[{attr}][data-row]')).map(function (e) \
             {{ return [+e.dataset.row, +e.dataset.col]; }});"
        ));
        let cells: Vec<(usize, usize)> = serde_json::from_value(v).unwrap();
        cells.into_iter().collect()
    }

    fn state(&self) -> String {
        self.js("return document.body.dataset.state")
            .as_str()
            .unwrap_or("")
            .to_string()
    }

    fn message(&self) -> String {
        self.js("return document.getElementById('message').textContent")
            .as_str()
            .unwrap_or("")
            .to_string()
    }

    /// Saves a screenshot as `target/browser/NAME.png`.
    fn screenshot(&self, name: &str) -> PathBuf {
        let png = self.rt.block_on(self.c().screenshot()).unwrap();
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png).unwrap();
        path
    }
}

/// A browser, and the page of the puzzles `make` (options of `puzzle`)
/// in a scratch folder, opened; `None` where there is no browser.
fn played(
    width: u32,
    height: u32,
    make: &[&str],
) -> Option<(Browser, tempfile::TempDir, Vec<Known>, PathBuf)> {
    let (b, dir, known, page) = ready_to_play(width, height, make)?;
    b.open(&page);
    Some((b, dir, known, page))
}

/// [`played`] before the page is opened.
fn ready_to_play(
    width: u32,
    height: u32,
    make: &[&str],
) -> Option<(Browser, tempfile::TempDir, Vec<Known>, PathBuf)> {
    let b = browser(width, height)?;
    let dir = common::scratch_dir();
    let (known, page) = book(dir.path(), make, &[]);
    Some((b, dir, known, page))
}

/// Runs sudogen with `args`, `stdin` on its standard input; its output.
fn sudogen(args: &[&str], stdin: &[u8]) -> Vec<u8> {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "sudogen {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// A puzzle as the test knows it: givens and solution (0 empty), its side.
struct Known {
    n: usize,
    givens: Vec<u8>,
    solution: Vec<u8>,
    line: String,
}

/// Makes puzzles with `make` (options of `puzzle`) and writes their page
/// in `dir`, with `read` options for `print`; the puzzles as the JSON
/// records give them, and the page's path.
fn book(dir: &Path, make: &[&str], read: &[&str]) -> (Vec<Known>, PathBuf) {
    let mut args = vec!["puzzle", "--with-solution", "-f", "json"];
    args.extend(make);
    let records = sudogen(&args, b"");
    let page = dir.join("book.html");
    let mut print = vec!["print", "-o", page.to_str().unwrap()];
    print.extend(read);
    sudogen(&print, &records);
    let known = String::from_utf8(records)
        .unwrap()
        .lines()
        .map(|line| {
            let rec: Value = serde_json::from_str(line).unwrap();
            let grid = |v: &Value| -> Vec<u8> {
                v.as_array()
                    .unwrap()
                    .iter()
                    .flat_map(|row| row.as_array().unwrap().iter())
                    .map(|x| x.as_u64().unwrap() as u8)
                    .collect()
            };
            let givens = grid(&rec["puzzle"]);
            Known {
                n: givens.len().isqrt(),
                givens,
                solution: grid(&rec["solution"]),
                line: line.to_string(),
            }
        })
        .collect();
    (known, page)
}

/// Value `v` as the page writes it (the default symbols).
fn symbol(v: u8) -> char {
    char::from(b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[usize::from(v)])
}

/// The keys that fill every empty cell of `k` with its solution, from
/// (1, 1), row by row (the arrows wrap within a row).
fn solving_keys(k: &Known) -> Vec<String> {
    let right = char::from(Key::Right).to_string();
    let down = char::from(Key::Down).to_string();
    let mut keys = Vec::new();
    for r in 0..k.n {
        for c in 0..k.n {
            let i = r * k.n + c;
            if k.givens[i] == 0 {
                keys.push(symbol(k.solution[i]).to_string());
            }
            keys.push(right.clone());
        }
        keys.push(down.clone());
    }
    keys
}

#[test]
fn loads_from_a_file_without_console_errors_and_names_its_cells() {
    let Some((b, _dir, known, page)) = played(1000, 900, &["-n", "2", "--seed", "3"]) else {
        return;
    };
    assert_eq!(b.console_errors(), Vec::<String>::new());
    assert_eq!(b.state(), "playing");
    let k = &known[0];
    let texts = b.texts(9);
    for (i, t) in texts.iter().enumerate() {
        let want = if k.givens[i] == 0 {
            String::new()
        } else {
            symbol(k.givens[i]).to_string()
        };
        assert_eq!(*t, want, "cell {i}");
    }
    // Accessible names: "row 3, column 4, 7".
    let i = k.givens.iter().position(|&v| v != 0).unwrap();
    let (r, c) = (i / 9 + 1, i % 9 + 1);
    let label = b.js(&format!(
        "return document.querySelector('[data-row=\"{r}\"][data-col=\"{c}\"]').getAttribute('aria-label')"
    ));
    assert_eq!(
        label,
        json!(format!("row {r}, column {c}, {}", k.givens[i]))
    );
    // The controls are buttons with data-action.
    for action in [
        "hint", "undo", "redo", "check", "pencil", "next", "previous",
    ] {
        let tag = b.js(&format!(
            "var b = document.querySelector('[data-action=\"{action}\"]'); return b && b.tagName"
        ));
        assert_eq!(tag, json!("BUTTON"), "{action}");
    }
    // No network: no element loads anything from elsewhere.
    let html = std::fs::read_to_string(&page).unwrap();
    for outside in ["http://", "https://", "src=\"", "<link"] {
        assert!(!html.contains(outside), "the page refers to {outside}");
    }
    b.press("next");
    assert_eq!(b.texts(9)[i / 9 * 9..][..9].len(), 9);
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
fn a_puzzle_played_to_the_end_by_keyboard_is_solved() {
    let Some((b, _dir, known, _)) = played(1000, 900, &["-n", "1", "--seed", "11"]) else {
        return;
    };
    let k = &known[0];
    b.click_cell(1, 1);
    let keys = solving_keys(k);
    // All but the last digit: not solved yet.
    let last = keys
        .iter()
        .rposition(|s| s.chars().all(|c| c.is_ascii_alphanumeric()))
        .unwrap();
    b.keys(&keys[..last].concat());
    assert_eq!(b.state(), "playing");
    b.keys(&keys[last..].concat());
    assert_eq!(b.state(), "solved", "message: {}", b.message());
    let texts = b.texts(9);
    for (i, t) in texts.iter().enumerate() {
        assert_eq!(*t, symbol(k.solution[i]).to_string(), "cell {i}");
    }
    assert!(b.marked("data-conflict").is_empty());
    assert!(b.message().starts_with("Solved in "), "{}", b.message());
    b.screenshot("solved");
}

/// A killer puzzle: each cage is outlined in the cells the record gives
/// it (its dashed sides exactly where a neighbour is in another cage or
/// off the grid), its sum in its first cell; played to the end by
/// keyboard, it is solved.
#[test]
fn a_killer_puzzle_shows_its_cages_and_is_played_to_the_end() {
    let Some((b, _dir, known, _)) = played(
        1000,
        900,
        &["-n", "2", "--seed", "3", "--variant", "killer"],
    ) else {
        return;
    };
    let k = &known[0];
    let rec: Value = serde_json::from_str(&k.line).unwrap();
    let n = k.n;
    let mut cage_of = vec![usize::MAX; n * n];
    let mut sums = BTreeSet::new();
    for (i, cage) in rec["cages"].as_array().unwrap().iter().enumerate() {
        let cells: Vec<usize> = (cage["cells"].as_array().unwrap().iter())
            .map(|c| c.as_u64().unwrap() as usize)
            .collect();
        for &c in &cells {
            cage_of[c] = i;
        }
        let first = *cells.iter().min().unwrap();
        sums.insert((first / n + 1, first % n + 1, cage["sum"].as_u64().unwrap()));
    }
    // The sums the page shows, where it shows them.
    let shown = b.js(
        "return Array.from(document.querySelectorAll('#board .sum')).map(function (s) { var c = s.parentNode; return [+c.dataset.row, +c.dataset.col, +s.textContent]; });",
    );
    let shown: BTreeSet<(usize, usize, u64)> = (shown.as_array().unwrap().iter())
        .map(|t| {
            let t = t.as_array().unwrap();
            let v = |i: usize| t[i].as_u64().unwrap();
            (v(0) as usize, v(1) as usize, v(2))
        })
        .collect();
    assert_eq!(shown, sums);
    // Each cell's dashed sides: t, r, b, l where the cage stops.
    let sides = b.js(
        "return Array.from(document.querySelectorAll('#board .cell')).map(function (c) { var d = c.querySelector('.cage'); return d ? ['t','r','b','l'].filter(function (s) { return d.classList.contains(s); }).join('') : '-'; });",
    );
    for (c, got) in sides.as_array().unwrap().iter().enumerate() {
        let (r, col) = (c / n, c % n);
        let other = |m: Option<usize>| m.is_none_or(|m| cage_of[m] != cage_of[c]);
        let mut want = String::new();
        for (side, m) in [
            ("t", r.checked_sub(1).map(|r| r * n + col)),
            ("r", (col + 1 < n).then(|| c + 1)),
            ("b", (r + 1 < n).then(|| c + n)),
            ("l", col.checked_sub(1).map(|k| r * n + k)),
        ] {
            if other(m) {
                want += side;
            }
        }
        assert_eq!(got.as_str().unwrap(), want, "cell r{}c{}", r + 1, col + 1);
    }
    b.screenshot("killer");
    b.click_cell(1, 1);
    b.keys(&solving_keys(k).concat());
    assert_eq!(b.state(), "solved", "message: {}", b.message());
    assert!(b.console_errors().is_empty(), "{:?}", b.console_errors());
}

#[test]
fn a_jigsaw_book_with_a_map_each_walls_and_plays_each_puzzle_by_its_own_map() {
    let Some((b, _dir, known, _)) = played(
        1000,
        900,
        &["-n", "3", "--seed", "9", "--variant", "jigsaw"],
    ) else {
        return;
    };
    let maps: Vec<Vec<u8>> = (known.iter())
        .map(|k| {
            let rec: Value = serde_json::from_str(&k.line).unwrap();
            rec["regions"].as_str().unwrap().bytes().collect()
        })
        .collect();
    assert!(maps[0] != maps[1] && maps[1] != maps[2], "three maps");
    for (i, (k, map)) in known.iter().zip(&maps).enumerate() {
        if i > 0 {
            b.press("next");
        }
        assert_eq!(
            b.texts(9),
            (k.givens.iter())
                .map(|&v| if v == 0 {
                    String::new()
                } else {
                    symbol(v).to_string()
                })
                .collect::<Vec<_>>(),
            "puzzle {i}"
        );
        // A thick line wherever the next cell right or below is of another
        // region of this puzzle's own map.
        let widths = b.js(
            "var out = []; for (var r = 1; r <= 9; r++) for (var c = 1; c <= 9; c++) { \
             var s = getComputedStyle(document.querySelector('[data-row=\"' + r + '\"][data-col=\"' + c + '\"]')); \
             out.push([parseFloat(s.borderRightWidth), parseFloat(s.borderBottomWidth)]); } return out;",
        );
        let widths: Vec<(f64, f64)> = serde_json::from_value(widths).unwrap();
        for (c, (right, below)) in widths.iter().enumerate() {
            if c % 9 < 8 {
                assert_eq!(
                    *right > 2.0,
                    map[c] != map[c + 1],
                    "puzzle {i}: right of cell {c}"
                );
            }
            if c / 9 < 8 {
                assert_eq!(
                    *below > 2.0,
                    map[c] != map[c + 9],
                    "puzzle {i}: below cell {c}"
                );
            }
        }
        // A given's value put in an empty cell of its region (this map's,
        // in another row, column and, where there is one, another of the
        // first map's regions) is a conflict.
        let pairs: Vec<(usize, usize)> = (0..81)
            .filter(|&e| k.givens[e] == 0)
            .flat_map(|e| (0..81).map(move |g| (e, g)))
            .filter(|&(e, g)| {
                k.givens[g] != 0 && map[e] == map[g] && e / 9 != g / 9 && e % 9 != g % 9
            })
            .collect();
        let &(e, g) = (pairs.iter())
            .find(|&&(e, g)| maps[0][e] != maps[0][g])
            .or(pairs.first())
            .expect("an empty cell and a given of one region");
        b.click_cell(e / 9 + 1, e % 9 + 1);
        b.keys(&symbol(k.givens[g]).to_string());
        let both: BTreeSet<_> = [(e / 9 + 1, e % 9 + 1), (g / 9 + 1, g % 9 + 1)].into();
        let conflict = b.marked("data-conflict");
        assert!(both.is_subset(&conflict), "puzzle {i}: {conflict:?}");
        b.press("undo");
        assert!(b.marked("data-conflict").is_empty(), "puzzle {i}");
    }
    b.screenshot("jigsaw-maps");
    // The last puzzle, played to the end.
    b.click_cell(1, 1);
    b.keys(&solving_keys(&known[2]).concat());
    assert_eq!(b.state(), "solved", "message: {}", b.message());
    assert!(b.console_errors().is_empty(), "{:?}", b.console_errors());
}

#[test]
fn a_wrong_digit_shows_a_conflict_and_undo_removes_it() {
    let Some((b, _dir, known, _)) = played(1000, 900, &["-n", "1", "--seed", "5"]) else {
        return;
    };
    let k = &known[0];
    // An empty cell, and a given of the same row.
    let (empty, given) = (0..9)
        .find_map(|r| {
            let row = &k.givens[r * 9..][..9];
            let e = row.iter().position(|&v| v == 0)?;
            let g = row.iter().position(|&v| v != 0)?;
            Some(((r, e), (r, g)))
        })
        .unwrap();
    let v = k.givens[given.0 * 9 + given.1];
    b.click_cell(empty.0 + 1, empty.1 + 1);
    b.keys(&symbol(v).to_string());
    let both: BTreeSet<_> = [(empty.0 + 1, empty.1 + 1), (given.0 + 1, given.1 + 1)].into();
    let conflict = b.marked("data-conflict");
    assert!(both.is_subset(&conflict), "{conflict:?}");
    // Every cell in conflict shares a unit with another holding its value.
    b.keys(&format!("{}z", char::from(Key::Control)));
    assert!(b.marked("data-conflict").is_empty());
    assert_eq!(b.texts(9)[empty.0 * 9 + empty.1], "");
    b.keys(&format!("{}y", char::from(Key::Control)));
    assert!(both.is_subset(&b.marked("data-conflict")));
    b.press("undo");
    assert!(b.marked("data-conflict").is_empty());
    b.press("redo");
    assert_eq!(b.texts(9)[empty.0 * 9 + empty.1], symbol(v).to_string());
    // Check strikes the wrong digit through.
    b.press("check");
    assert_eq!(b.marked("data-wrong"), [(empty.0 + 1, empty.1 + 1)].into());
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
fn pencil_marks_appear_and_clear() {
    let Some((b, _dir, known, _)) = played(1000, 900, &["-n", "1", "--seed", "5"]) else {
        return;
    };
    let k = &known[0];
    let e = k.givens.iter().position(|&v| v == 0).unwrap();
    let (r, c) = (e / 9 + 1, e % 9 + 1);
    let attr = |name: &str| {
        b.js(&format!(
            "return document.querySelector('[data-row=\"{r}\"][data-col=\"{c}\"]').getAttribute('{name}')"
        ))
    };
    b.click_cell(r, c);
    // Space: corner marks; Shift+digit is a corner mark at any time.
    b.keys(" 13");
    assert_eq!(attr("data-corner"), json!("13"));
    b.keys(" 25");
    assert_eq!(attr("data-centre"), json!("25"));
    b.keys(" ");
    b.keys(&format!("{}7", char::from(Key::Shift)));
    assert_eq!(attr("data-corner"), json!("137"));
    assert_eq!(b.texts(9)[e], "", "marks are not the cell's value");
    let name = attr("aria-label");
    assert_eq!(
        name,
        json!(format!(
            "row {r}, column {c}, empty, corner marks 1 3 7, centre marks 2 5"
        ))
    );
    b.screenshot("pencil");
    // The pencil button cycles the modes.
    b.press("pencil");
    assert_eq!(
        b.js("return document.querySelector('[data-action=pencil]').getAttribute('aria-pressed')"),
        json!("true")
    );
    b.press("pencil");
    b.press("pencil");
    b.click_cell(r, c);
    // A digit hides the marks; clearing the digit shows them; clearing
    // again clears them.
    b.keys("4");
    assert_eq!(attr("data-corner"), Value::Null);
    b.keys(&char::from(Key::Backspace).to_string());
    assert_eq!(attr("data-corner"), json!("137"));
    b.keys(&char::from(Key::Backspace).to_string());
    assert_eq!(attr("data-corner"), Value::Null);
    assert_eq!(attr("data-centre"), Value::Null);
    // Undo brings them back.
    b.keys(&format!("{}z", char::from(Key::Control)));
    assert_eq!(attr("data-corner"), json!("137"));
}

/// The cells `rXcY` a step's text names, as (row, col).
fn named_cells(text: &str) -> BTreeSet<(usize, usize)> {
    let mut out = BTreeSet::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'r' && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) {
            let digits = |from: usize| {
                let end = (from..b.len())
                    .find(|&j| !b[j].is_ascii_digit())
                    .unwrap_or(b.len());
                (text[from..end].parse::<usize>().ok(), end)
            };
            if let (Some(r), j) = digits(i + 1)
                && b.get(j) == Some(&b'c')
                && let (Some(c), end) = digits(j + 1)
            {
                out.insert((r, c));
                i = end;
                continue;
            }
        }
        i += 1;
    }
    out
}

#[test]
fn a_hint_highlights_the_cells_of_the_paths_next_step() {
    let Some((b, _dir, known, page)) =
        ready_to_play(960, 660, &["-n", "1", "--seed", "21", "--level", "hard"])
    else {
        return;
    };
    let k = &known[0];
    // The rater's path, from the rate command.
    let rated = sudogen(&["rate", "--explain", "-f", "json"], k.line.as_bytes());
    let rated: Value = serde_json::from_slice(&rated).unwrap();
    let path = rated["path"].as_array().expect("a path").clone();
    assert!(path.len() > 4);
    let text = |i: usize| path[i]["text"].as_str().unwrap().to_string();
    // The first steps fill cells (hidden singles).
    let fills = |i: usize| {
        let p = &path[i]["place"];
        let &(r, c) = named_cells(p["cell"].as_str().unwrap())
            .iter()
            .next()
            .unwrap();
        let v = p["value"].as_u64().unwrap() as u8;
        assert_eq!(k.solution[(r - 1) * 9 + c - 1], v, "the rater's step {i}");
        (r, c, v)
    };
    let play = |i: usize| {
        let (r, c, v) = fills(i);
        b.click_cell(r, c);
        b.keys(&symbol(v).to_string());
    };
    b.open(&page);
    let hint = |i: usize| {
        b.press("hint");
        assert_eq!(b.marked("data-hint"), named_cells(&text(i)), "{}", text(i));
        let shown = b.message();
        assert!(shown.ends_with(&text(i)), "{shown} / {}", text(i));
    };
    // Asked again, the step after.
    hint(0);
    b.screenshot("hint");
    hint(1);
    // The first step not on the board: step 0 played, step 1.
    play(0);
    assert!(b.marked("data-hint").is_empty(), "a move clears the hint");
    hint(1);
    // Step 2 played but not step 1: step 1, then step 3 (2 is on the
    // board).
    play(2);
    hint(1);
    hint(3);
    // A picture of play (docs/images/page.png): a few pencil marks.
    for (i, keys) in [(0usize, " 26  "), (1, "  58 ")] {
        let e = (0..81)
            .filter(|&c| k.givens[c] == 0)
            .nth(20 + i * 9)
            .unwrap();
        b.click_cell(e / 9 + 1, e % 9 + 1);
        b.keys(keys);
    }
    b.press("hint");
    b.screenshot("page");
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
fn a_reload_keeps_the_progress() {
    let Some((b, _dir, known, _)) = played(1000, 900, &["-n", "3", "--seed", "9"]) else {
        return;
    };
    b.press("next");
    let k = &known[1];
    let empties: Vec<usize> = (0..81).filter(|&i| k.givens[i] == 0).take(3).collect();
    for &i in &empties[..2] {
        b.click_cell(i / 9 + 1, i % 9 + 1);
        b.keys(&symbol(k.solution[i]).to_string());
    }
    let i = empties[2];
    b.click_cell(i / 9 + 1, i % 9 + 1);
    b.keys(&format!("{}9", char::from(Key::Shift)));
    let before = b.texts(9);
    b.rt.block_on(b.c().refresh()).unwrap();
    b.ready();
    // The page restores what it saved; under load the reloaded document
    // may still be settling, so it has a few seconds to show it (it
    // fails if the progress was lost).
    let start = Instant::now();
    while b.texts(9) != before && start.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(b.texts(9), before, "the second puzzle, as it was");
    let corner = b.js(&format!(
        "return document.querySelector('[data-row=\"{}\"][data-col=\"{}\"]').getAttribute('data-corner')",
        i / 9 + 1,
        i % 9 + 1
    ));
    assert_eq!(corner, json!("9"));
    // The first puzzle was left untouched.
    b.press("previous");
    let first = b.texts(9);
    assert_eq!(
        first.iter().filter(|t| !t.is_empty()).count(),
        known[0].givens.iter().filter(|&&v| v != 0).count()
    );
}

/// A shape: `puzzle` options, `print` options, side, boxes, X, Hyper, map.
type ShapeRow = (
    &'static str,
    &'static [&'static str],
    usize,
    (usize, usize),
    bool,
    bool,
    Option<&'static str>,
);

const SHAPES: &[ShapeRow] = &[
    ("4", &["--size", "4"], 4, (2, 2), false, false, None),
    ("6", &["--size", "6"], 6, (2, 3), false, false, None),
    ("9", &[], 9, (3, 3), false, false, None),
    ("12", &["--size", "12"], 12, (3, 4), false, false, None),
    (
        "16",
        &["--size", "16", "--clues", "140"],
        16,
        (4, 4),
        false,
        false,
        None,
    ),
    (
        "25",
        &["--size", "25", "-s", "search", "--clues", "450"],
        25,
        (5, 5),
        false,
        false,
        None,
    ),
    ("x", &["--variant", "x"], 9, (3, 3), true, false, None),
    (
        "hyper",
        &["--variant", "hyper"],
        9,
        (3, 3),
        false,
        true,
        None,
    ),
    (
        "jigsaw",
        &["--regions", "{regions}"],
        9,
        (3, 3),
        false,
        false,
        Some(JIGSAW_MAP),
    ),
];

#[test]
fn every_shape_and_variant_renders() {
    let Some(b) = browser(1000, 900) else { return };
    let dir = common::scratch_dir();
    let map = dir.path().join("regions.txt");
    std::fs::write(&map, JIGSAW_MAP).unwrap();
    for &(name, make, n, boxes, x, hyper, regions) in SHAPES {
        let make: Vec<&str> = make
            .iter()
            .map(|&a| {
                if a == "{regions}" {
                    map.to_str().unwrap()
                } else {
                    a
                }
            })
            .collect();
        let mut args = vec!["-n", "1", "--seed", "2"];
        args.extend(&make);
        let sub = dir.path().join(name);
        std::fs::create_dir_all(&sub).unwrap();
        let (known, page) = book(&sub, &args, &[]);
        b.open(&page);
        let k = &known[0];
        let texts = b.texts(n);
        for (i, t) in texts.iter().enumerate() {
            let want = if k.givens[i] == 0 {
                String::new()
            } else {
                symbol(k.givens[i]).to_string()
            };
            assert_eq!(*t, want, "{name}: cell {i}");
        }
        // The region of each cell, by the test's own rules; a thick line
        // wherever the next cell right or below is of another region.
        let region = |i: usize| -> usize {
            let (r, c) = (i / n, i % n);
            match regions {
                Some(m) => usize::from(
                    m.bytes()
                        .filter(|b| !b.is_ascii_whitespace())
                        .nth(i)
                        .unwrap(),
                ),
                None => r / boxes.0 * n + c / boxes.1,
            }
        };
        let empty = k.givens.iter().position(|&v| v == 0).unwrap();
        b.click_cell(empty / n + 1, empty % n + 1);
        let widths = b.js(&format!(
            "var out = []; for (var r = 1; r <= {n}; r++) for (var c = 1; c <= {n}; c++) {{ \
             var s = getComputedStyle(document.querySelector('[data-row=\"' + r + '\"][data-col=\"' + c + '\"]')); \
             out.push([parseFloat(s.borderRightWidth), parseFloat(s.borderBottomWidth), s.backgroundColor]); }} return out;"
        ));
        let widths: Vec<(f64, f64, String)> = serde_json::from_value(widths).unwrap();
        for (i, (right, below, _)) in widths.iter().enumerate() {
            let (r, c) = (i / n, i % n);
            if c + 1 < n {
                let thick = region(i) != region(i + 1);
                assert_eq!(
                    *right > 2.0,
                    thick,
                    "{name}: the line right of r{}c{}",
                    r + 1,
                    c + 1
                );
            }
            if r + 1 < n {
                let thick = region(i) != region(i + n);
                assert_eq!(
                    *below > 2.0,
                    thick,
                    "{name}: the line below r{}c{}",
                    r + 1,
                    c + 1
                );
            }
        }
        // X's diagonals and Hyper's windows are shaded, nothing else (the
        // selected cell, an empty one, and its units are highlighted: not
        // read).
        let window = |r: usize, c: usize| {
            [(1, 1), (1, 5), (5, 1), (5, 5)]
                .iter()
                .any(|&(wr, wc)| (wr..wr + 3).contains(&r) && (wc..wc + 3).contains(&c))
        };
        for (i, (_, _, background)) in widths.iter().enumerate() {
            let (r, c) = (i / n, i % n);
            let (er, ec) = (empty / n, empty % n);
            if r == er || c == ec || region(i) == region(empty) {
                continue;
            }
            let shaded = (x && (r == c || r + c == n - 1)) || (hyper && window(r, c));
            let white = background == "rgb(255, 255, 255)" || background == "rgba(0, 0, 0, 0)";
            assert_eq!(
                !white,
                shaded,
                "{name}: r{}c{} shading {}",
                r + 1,
                c + 1,
                background
            );
        }
        b.screenshot(&format!("shape-{name}"));
        assert_eq!(b.console_errors(), Vec::<String>::new(), "{name}");
    }
}

#[test]
fn usable_at_375_pixels_wide() {
    let Some((b, _dir, known, _)) = played(375, 812, &["-n", "2", "--seed", "4"]) else {
        return;
    };
    let fit = b.js(
        "var r = document.getElementById('board').getBoundingClientRect(); \
         return [document.documentElement.scrollWidth, window.innerWidth, r.left, r.right];",
    );
    let fit: Vec<f64> = serde_json::from_value(fit).unwrap();
    assert_eq!(fit[1], 375.0, "the viewport");
    assert!(fit[0] <= fit[1], "no sideways scrolling: {fit:?}");
    assert!(fit[2] >= 0.0 && fit[3] <= fit[1], "the board fits: {fit:?}");
    // Play by touch: a cell, then the pad.
    let k = &known[0];
    let e = k.givens.iter().position(|&v| v == 0).unwrap();
    b.click_cell(e / 9 + 1, e % 9 + 1);
    b.rt.block_on(async {
        let sel = format!("#pad button[data-digit=\"{}\"]", k.solution[e]);
        b.c()
            .find(Locator::Css(&sel))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
    });
    assert_eq!(b.texts(9)[e], symbol(k.solution[e]).to_string());
    b.press("hint");
    b.screenshot("narrow");
}

/// Time to interactive: from asking for the page to a board ready to play
/// with its hints unpacked, for a book of 100 puzzles.
#[test]
fn interactive_quickly() {
    let Some((b, _dir, _, page)) = ready_to_play(1000, 900, &["-n", "100", "--seed", "1"]) else {
        return;
    };
    // A first load warms the browser up; the second is measured.
    b.open(&page);
    b.rt.block_on(b.c().goto("about:blank")).unwrap();
    let start = Instant::now();
    b.open(&page);
    let took = start.elapsed();
    let size = std::fs::metadata(&page).unwrap().len();
    eprintln!(
        "time to interactive, 100 puzzles ({} KB): {} ms",
        size / 1024,
        took.as_millis()
    );
    assert!(took < Duration::from_secs(5), "{took:?}");
    // Any other page, to measure: SUDOGEN_PAGE=book.html.
    if let Some(other) = std::env::var_os("SUDOGEN_PAGE") {
        let other = std::fs::canonicalize(other).unwrap();
        b.open(&other);
        b.rt.block_on(b.c().goto("about:blank")).unwrap();
        let start = Instant::now();
        b.open(&other);
        eprintln!(
            "time to interactive, {}: {} ms",
            other.display(),
            start.elapsed().as_millis()
        );
    }
}
