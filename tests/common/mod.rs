//! Shared by the integration tests: an independent solution counter.

/// A deliberately simple solution counter that shares no code with the
/// library's solvers: cells as plain numbers, legality by scanning the
/// row, column and box, backtracking on the empty cell with the fewest
/// legal values.
#[allow(dead_code)] // not every test crate counts solutions
pub fn naive_count(cells: &mut [u8], n: usize, limit: u64) -> u64 {
    let b = (n as f64).sqrt() as usize;
    let legal = |cells: &[u8], i: usize, v: u8| {
        let (r, c) = (i / n, i % n);
        for k in 0..n {
            if cells[r * n + k] == v || cells[k * n + c] == v {
                return false;
            }
        }
        let (r0, c0) = (r - r % b, c - c % b);
        for rr in r0..r0 + b {
            for cc in c0..c0 + b {
                if cells[rr * n + cc] == v {
                    return false;
                }
            }
        }
        true
    };
    // Givens that conflict already: no solution.
    for i in 0..n * n {
        let v = cells[i];
        if v != 0 {
            cells[i] = 0;
            let ok = legal(cells, i, v);
            cells[i] = v;
            if !ok {
                return 0;
            }
        }
    }
    fn go(cells: &mut [u8], n: usize, limit: u64, legal: &dyn Fn(&[u8], usize, u8) -> bool) -> u64 {
        let mut best: Option<(usize, Vec<u8>)> = None;
        for i in 0..n * n {
            if cells[i] == 0 {
                let values: Vec<u8> = (1..=n as u8).filter(|&v| legal(cells, i, v)).collect();
                if best.as_ref().is_none_or(|(_, b)| values.len() < b.len()) {
                    let empty = values.is_empty();
                    best = Some((i, values));
                    if empty {
                        break;
                    }
                }
            }
        }
        let Some((i, values)) = best else {
            return 1;
        };
        let mut count = 0;
        for v in values {
            cells[i] = v;
            count += go(cells, n, limit - count, legal);
            cells[i] = 0;
            if count >= limit {
                break;
            }
        }
        count
    }
    go(cells, n, limit, &legal)
}

/// A fresh temporary directory, removed with all it holds when dropped.
#[allow(dead_code)]
pub fn scratch_dir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("sudogen-test-")
        .tempdir()
        .unwrap()
}

/// Waits for `child`, killing it and failing if it runs past `limit`: a
/// generous bound that catches a hang, not a slow run.
#[allow(dead_code)]
pub fn wait_or_fail(
    mut child: std::process::Child,
    limit: std::time::Duration,
    what: &str,
) -> std::process::ExitStatus {
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("{what}: still running after {limit:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// A file in a fresh temporary directory, removed (directory and all) when
/// dropped, so the tests leave nothing behind in the system's temp folder.
#[allow(dead_code)] // each test crate uses its own part of `common`
pub struct Scratch {
    _dir: tempfile::TempDir,
    path: std::path::PathBuf,
}

#[allow(dead_code)]
impl Scratch {
    /// A file `name` holding `contents`.
    pub fn file(name: &str, contents: &[u8]) -> Scratch {
        let dir = scratch_dir();
        let path = dir.path().join(name);
        std::fs::write(&path, contents).unwrap();
        Scratch { _dir: dir, path }
    }
}

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.path
    }
}

impl AsRef<std::ffi::OsStr> for Scratch {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.path.as_os_str()
    }
}

/// The units of a grid of side `n` for the independent checks of shapes
/// and variants, built from the rules as written, not from the library:
/// rows, columns, boxes `box_rows` tall and `box_cols` wide (none when
/// `regions` is given), the two long diagonals (`x`), the four Hyper
/// windows at rows and columns 2-4 and 6-8 (`hyper`, 9x9), and a jigsaw's
/// regions (`regions`: one letter a cell, row by row).
#[allow(dead_code)]
pub fn units_of(
    n: usize,
    boxes: (usize, usize),
    x: bool,
    hyper: bool,
    regions: Option<&str>,
) -> Vec<Vec<usize>> {
    let mut units = Vec::new();
    for r in 0..n {
        units.push((0..n).map(|c| r * n + c).collect());
    }
    for c in 0..n {
        units.push((0..n).map(|r| r * n + c).collect());
    }
    match regions {
        Some(map) => {
            let map: Vec<u8> = map.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
            assert_eq!(map.len(), n * n, "a region map of {n}x{n}");
            let mut letters: Vec<u8> = map.clone();
            letters.sort_unstable();
            letters.dedup();
            for l in letters {
                units.push((0..n * n).filter(|&i| map[i] == l).collect());
            }
        }
        None => {
            let (br, bc) = boxes;
            assert_eq!(br * bc, n);
            for top in (0..n).step_by(br) {
                for left in (0..n).step_by(bc) {
                    let mut u = Vec::new();
                    for r in top..top + br {
                        for c in left..left + bc {
                            u.push(r * n + c);
                        }
                    }
                    units.push(u);
                }
            }
        }
    }
    if x {
        units.push((0..n).map(|i| i * n + i).collect());
        units.push((0..n).map(|i| i * n + (n - 1 - i)).collect());
    }
    if hyper {
        assert_eq!(n, 9);
        for top in [1, 5] {
            for left in [1, 5] {
                let mut u = Vec::new();
                for r in top..top + 3 {
                    for c in left..left + 3 {
                        u.push(r * 9 + c);
                    }
                }
                units.push(u);
            }
        }
    }
    units
}

/// Whether `cells` (values 1..=n, 0 for empty) repeats no value in any of
/// `units`, and, when `full`, fills every cell.
#[allow(dead_code)]
pub fn units_valid(cells: &[u8], n: usize, units: &[Vec<usize>], full: bool) -> bool {
    if full && cells.iter().any(|&v| v == 0 || usize::from(v) > n) {
        return false;
    }
    units.iter().all(|u| {
        let mut seen = vec![false; n + 1];
        u.iter().all(|&i| {
            let v = usize::from(cells[i]);
            if v == 0 {
                return true;
            }
            !std::mem::replace(&mut seen[v], true)
        })
    })
}

/// [`naive_count`] for any list of units: a cell's peers are the cells
/// it shares a unit with, scanned as plain lists; backtracking on the
/// empty cell with the fewest legal values. Counts up to `limit`.
#[allow(dead_code)]
pub fn naive_count_units(cells: &mut [u8], n: usize, units: &[Vec<usize>], limit: u64) -> u64 {
    let mut peers: Vec<Vec<usize>> = vec![Vec::new(); n * n];
    for u in units {
        for &a in u {
            for &b in u {
                if a != b && !peers[a].contains(&b) {
                    peers[a].push(b);
                }
            }
        }
    }
    if !units_valid(cells, n, units, false) {
        return 0;
    }
    fn go(cells: &mut [u8], n: usize, peers: &[Vec<usize>], limit: u64) -> u64 {
        // The empty cell with the fewest values its peers leave (a bit
        // per value taken).
        let mut best: Option<(usize, u32)> = None;
        for i in 0..n * n {
            if cells[i] == 0 {
                let taken = peers[i].iter().fold(0u32, |m, &p| m | 1 << cells[p]);
                let free = (n as u32 + 1 - (taken | 1).count_ones()) as usize;
                if best.is_none_or(|(_, b)| free < b as usize) {
                    best = Some((i, free as u32));
                    if free == 0 {
                        return 0;
                    }
                }
            }
        }
        let Some((i, _)) = best else {
            return 1;
        };
        let taken = peers[i].iter().fold(0u32, |m, &p| m | 1 << cells[p]);
        let values = (1..=n as u8).filter(|&v| taken & 1 << v == 0);
        let mut count = 0;
        for v in values {
            cells[i] = v;
            count += go(cells, n, peers, limit - count);
            cells[i] = 0;
            if count >= limit {
                break;
            }
        }
        count
    }
    go(cells, n, &peers, limit)
}

/// The values of a line record (`1-9A-Z`, `.` or `0` for empty).
#[allow(dead_code)]
pub fn line_cells(line: &str) -> Vec<u8> {
    line.bytes()
        .map(|b| match b {
            b'.' | b'0' => 0,
            b'1'..=b'9' => b - b'0',
            b'A'..=b'Z' => b - b'A' + 10,
            _ => panic!("not a symbol: {}", char::from(b)),
        })
        .collect()
}

/// Runs `cmd` (its standard input closed) and collects its output, killing
/// it after `limit`: `None` when it had not ended by then.
#[allow(dead_code)]
pub fn output_within(
    cmd: &mut std::process::Command,
    limit: std::time::Duration,
) -> Option<std::process::Output> {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Both pipes are drained as the child writes, so it never blocks on a
    // full one while the deadline is watched.
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = r.read_to_end(&mut bytes);
            bytes
        })
    };
    let out = drain(Box::new(child.stdout.take().unwrap()));
    let err = drain(Box::new(child.stderr.take().unwrap()));
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    let (stdout, stderr) = (out.join().unwrap(), err.join().unwrap());
    status.map(|status| std::process::Output {
        status,
        stdout,
        stderr,
    })
}

/// The jigsaw map of docs/GUIDE.md (`regions.txt`), one letter a cell.
#[allow(dead_code)]
pub const JIGSAW_MAP: &str = "\
AAABBBCCC
AABBBCCCC
AAAABBBCC
DDDDEEEFF
DDEEEFFFF
DDDEEEFFF
GGGHHHIII
GGGHHHIII
GGGHHHIII
";
