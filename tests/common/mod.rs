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

/// Decompresses lz-string `compressToBase64` data with a decoder that
/// shares no code with sudogen's: Python's `lzstring` package (PyPI,
/// installed by `.ci/run`), one call for all of `data`. `Err` when
/// `python3` or the package is missing (say so and skip, outside CI),
/// or when a piece does not decompress (`None` in its place then).
#[allow(dead_code)] // not every test crate decodes links
pub fn lz_decode_base64(data: &[String]) -> Result<Vec<Option<String>>, String> {
    use std::io::Write;
    const SCRIPT: &str = "import json, sys, lzstring\n\
        d = lzstring.LZString()\n\
        out = []\n\
        for s in json.load(sys.stdin):\n\
        \x20   try:\n\
        \x20       out.append(d.decompressFromBase64(s))\n\
        \x20   except Exception:\n\
        \x20       out.append(None)\n\
        json.dump(out, sys.stdout)\n";
    let mut child = std::process::Command::new("python3")
        .args(["-c", SCRIPT])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| format!("python3: {e}"))?;
    let input = serde_json::to_vec(data).map_err(|e| e.to_string())?;
    let mut stdin = child.stdin.take().ok_or("python3: no standard input")?;
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let _ = writer.join();
    if !out.status.success() {
        return Err(format!(
            "python3 with lzstring (pip install lzstring): {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    serde_json::from_slice(&out.stdout).map_err(|e| format!("python3's answer: {e}"))
}

/// Whether an independent lz-string decoder is at hand; outside CI, a
/// test that needs one says it skipped when not (`CI=true` fails it).
#[allow(dead_code)]
pub fn lz_decoder_or_skip(test: &str) -> bool {
    match lz_decode_base64(&[]) {
        Ok(_) => true,
        Err(e) if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("{test}: no independent lz-string decoder in CI: {e}")
        }
        Err(e) => {
            eprintln!("SKIPPED {test}: no independent lz-string decoder ({e})");
            false
        }
    }
}

/// The test's own reading of an f-puzzles object (as f-puzzles and
/// SudokuPad read one) of side `n`: its givens and its solution, after
/// checking its marks against a shape given by its rules: `regions`, a
/// region name for each cell (two cells share a region when their names
/// are equal), `x` (both long diagonals) and `hyper` (the four 3x3 windows
/// at rows and columns 2-4 and 6-8). A cell's `region` is its region where
/// given; where no cell gives one, the regions are SudokuPad's boxes: the
/// most rows up to the square root that divide the side.
#[allow(dead_code)] // not every test crate reads f-puzzles objects
pub fn fpuzzles_object(
    v: &serde_json::Value,
    n: usize,
    regions: &[usize],
    x: bool,
    hyper: bool,
) -> Result<(Vec<u8>, Option<Vec<u8>>), String> {
    use serde_json::Value;
    if v.get("size").and_then(Value::as_u64) != Some(n as u64) {
        return Err(format!("size {:?}, not {n}", v.get("size")));
    }
    let rows = v.get("grid").and_then(Value::as_array).ok_or("no grid")?;
    if rows.len() != n {
        return Err(format!("{} rows", rows.len()));
    }
    let mut givens = Vec::new();
    let mut theirs = Vec::new();
    for row in rows {
        let row = row
            .as_array()
            .filter(|r| r.len() == n)
            .ok_or("a short row")?;
        for c in row {
            let given = c.get("given") == Some(&Value::Bool(true));
            let value = c.get("value").and_then(Value::as_u64).unwrap_or(0);
            if value as usize > n || (value != 0) != given {
                return Err(format!("a cell {c}"));
            }
            givens.push(value as u8);
            theirs.push(c.get("region").and_then(Value::as_u64));
        }
    }
    let theirs: Vec<usize> = if theirs.iter().all(Option::is_none) {
        let mut h = 1;
        while (h + 1) * (h + 1) <= n {
            h += 1;
        }
        while !n.is_multiple_of(h) {
            h -= 1;
        }
        (0..n * n)
            .map(|i| (i / n / h) * 100 + (i % n) / (n / h))
            .collect()
    } else {
        theirs
            .iter()
            .map(|r| {
                r.map(|r| r as usize)
                    .ok_or("a cell without a region among others")
            })
            .collect::<Result<_, _>>()?
    };
    for a in 0..n * n {
        for b in a + 1..n * n {
            if (regions[a] == regions[b]) != (theirs[a] == theirs[b]) {
                return Err(format!("cells {a} and {b}: regions not the shape's"));
            }
        }
    }
    let flag = |k: &str| v.get(k) == Some(&Value::Bool(true));
    if flag("diagonal+") != x || flag("diagonal-") != x {
        return Err("diagonals not the shape's".into());
    }
    let mut windows: Vec<Vec<String>> = Vec::new();
    for w in v
        .get("extraregion")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let cells = w
            .get("cells")
            .and_then(Value::as_array)
            .ok_or("a region without cells")?;
        let mut cells: Vec<String> = cells
            .iter()
            .filter_map(Value::as_str)
            .map(String::from)
            .collect();
        cells.sort();
        windows.push(cells);
    }
    windows.sort();
    let mut want: Vec<Vec<String>> = Vec::new();
    if hyper {
        for (r0, c0) in [(2, 2), (2, 6), (6, 2), (6, 6)] {
            let mut w: Vec<String> = (r0..r0 + 3)
                .flat_map(|r| (c0..c0 + 3).map(move |c| format!("R{r}C{c}")))
                .collect();
            w.sort();
            want.push(w);
        }
        want.sort();
    }
    if windows != want {
        return Err("extra regions not the shape's".into());
    }
    let solution = match v.get("solution") {
        None => None,
        Some(sol) => {
            let sol: Option<Vec<u8>> = sol
                .as_array()
                .ok_or("a solution that is not a list")?
                .iter()
                .map(|x| {
                    x.as_u64()
                        .filter(|&x| (1..=n as u64).contains(&x))
                        .map(|x| x as u8)
                })
                .collect();
            Some(sol.filter(|s| s.len() == n * n).ok_or("a bad solution")?)
        }
    };
    Ok((givens, solution))
}
/// What is wrong with the regions of a map of side `n` (each cell's
/// region numbered, 0 to n-1), if anything: a number past the side, a
/// region not of `n` cells, a region not in one piece (cells side by
/// side, by the test's own flood fill).
#[allow(dead_code)] // not every test crate reads jigsaw maps
pub fn regions_problem(map: &[u8], n: usize) -> Option<String> {
    if map.len() != n * n {
        return Some(format!("a map of {} cells", map.len()));
    }
    if let Some(r) = map.iter().find(|&&r| usize::from(r) >= n) {
        return Some(format!("region {r} in a map of side {n}"));
    }
    for region in 0..n as u8 {
        let cells: Vec<usize> = (0..n * n).filter(|&c| map[c] == region).collect();
        if cells.len() != n {
            return Some(format!("region {region} has {} cells", cells.len()));
        }
        let mut reached = vec![cells[0]];
        let mut k = 0;
        while k < reached.len() {
            let c = reached[k];
            k += 1;
            let (r, col) = (c / n, c % n);
            let beside = [
                (r > 0).then(|| c - n),
                (r + 1 < n).then(|| c + n),
                (col > 0).then(|| c - 1),
                (col + 1 < n).then(|| c + 1),
            ];
            for b in beside.into_iter().flatten() {
                if map[b] == region && !reached.contains(&b) {
                    reached.push(b);
                }
            }
        }
        if reached.len() != n {
            return Some(format!("region {region} is not one piece"));
        }
    }
    None
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

/// Checks killer cages (each its cells and sum) against a solution of
/// side `side`, sharing no code with the library: every cell in one cage,
/// each cage joined side by side (a flood from its first cell reaches
/// all) and of `min_cells` to `side` cells, no value twice in it, its
/// values making its sum. `what` names the puzzle in a failure.
#[allow(dead_code)] // not every test crate has cages
pub fn check_cages(
    side: usize,
    cages: &[(Vec<usize>, u32)],
    min_cells: usize,
    solution: &[u8],
    what: &str,
) {
    assert_eq!(solution.len(), side * side, "{what}");
    let mut covered = vec![0; side * side];
    for (cells, sum) in cages {
        assert!(
            cells.len() >= min_cells.max(1) && cells.len() <= side,
            "{what}: cage {cells:?}"
        );
        for &c in cells {
            covered[c] += 1;
        }
        assert!(
            cage_connected(cells, side),
            "{what}: cage {cells:?} is not connected"
        );
        let mut values: Vec<u8> = cells.iter().map(|&c| solution[c]).collect();
        let total: u32 = values.iter().map(|&v| u32::from(v)).sum();
        assert_eq!(total, *sum, "{what}: cage {cells:?}");
        values.sort_unstable();
        values.dedup();
        assert_eq!(
            values.len(),
            cells.len(),
            "{what}: a value twice in cage {cells:?}"
        );
    }
    assert!(
        covered.iter().all(|&k| k == 1),
        "{what}: cells covered {covered:?}"
    );
}

/// Killer puzzle `i` of seed `seed` on `shape`, with `givens` givens, and
/// its solution (the grid the maker cut the cages on), as the killer
/// tests make them: the shape's default strategy, 100 grids at most.
#[allow(dead_code)]
pub fn killer_puzzle(
    shape: &sudogen::grid::Shape,
    seed: u64,
    i: u64,
    givens: usize,
) -> (sudogen::killer::make::Puzzle, Vec<u8>) {
    use sudogen::killer::make::{Settings, make_from};
    let strategy = sudogen::Strategy::default_for(shape.clone());
    let mut grid = sudogen::Grid::new(shape.clone());
    let settings = Settings {
        givens,
        // 12x12 killers without givens need deeper counts.
        budget: sudogen::solve::Budget::new(if shape.side() > 9 { 50_000 } else { 50 }),
        ..Settings::default()
    };
    let (puzzle, solution, _) = make_from(
        shape.geometry(),
        &mut sudogen::random::RunRng::new(seed).for_index(i),
        &settings,
        100,
        |rng| {
            strategy.generate(rng, &mut grid);
            grid.cells().to_vec()
        },
    )
    .unwrap_or_else(|e| panic!("{shape:?} seed {seed} puzzle {i}: {e}"));
    (puzzle, solution)
}

/// A killer cage as the tests hold it, from the rules as written: its
/// cells (row-major, 0-based) and its sum.
#[allow(dead_code)] // not every test crate reads cages
pub type TestCage = (Vec<usize>, u32);

/// The cages of a killer cage map as the line and CSV layouts document
/// it: one symbol a cell, row by row; a connected piece of one symbol is
/// a cage (a symbol may come back for another piece); the cages in map
/// order (by their first cell), the sums given in that order.
#[allow(dead_code)] // not every test crate reads cages
pub fn cages_of_map(map: &str, sums: &[u32]) -> Result<Vec<TestCage>, String> {
    let map: Vec<char> = map.chars().collect();
    let n = (1..=25).find(|n| n * n == map.len()).ok_or(format!(
        "a cage map of {} symbols is not a square grid",
        map.len()
    ))?;
    let mut cage_of = vec![usize::MAX; n * n];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    for start in 0..n * n {
        if cage_of[start] != usize::MAX {
            continue;
        }
        // A flood of the start's symbol over orthogonal neighbours.
        let k = cages.len();
        let mut cells = vec![start];
        cage_of[start] = k;
        let mut i = 0;
        while i < cells.len() {
            let c = cells[i];
            i += 1;
            let (r, col) = (c / n, c % n);
            let mut next = Vec::new();
            if r > 0 {
                next.push(c - n);
            }
            if r + 1 < n {
                next.push(c + n);
            }
            if col > 0 {
                next.push(c - 1);
            }
            if col + 1 < n {
                next.push(c + 1);
            }
            for m in next {
                if cage_of[m] == usize::MAX && map[m] == map[start] {
                    cage_of[m] = k;
                    cells.push(m);
                }
            }
        }
        cells.sort_unstable();
        cages.push(cells);
    }
    if cages.len() != sums.len() {
        return Err(format!(
            "{} cages in the map, {} sums",
            cages.len(),
            sums.len()
        ));
    }
    Ok(cages.into_iter().zip(sums.iter().copied()).collect())
}

/// Whether `cages` fit a grid of side `n` and its `solution`: every
/// cell in exactly one cage, each cage orthogonally connected, of 1 to
/// `n` cells, no value twice in it, its sum the sum of its values.
#[allow(dead_code)] // not every test crate reads cages
pub fn cages_fit(n: usize, cages: &[TestCage], solution: &[u8]) -> Result<(), String> {
    let mut covered = vec![0; n * n];
    for (cells, sum) in cages {
        if cells.is_empty() || cells.len() > n {
            return Err(format!("a cage of {} cells: {cells:?}", cells.len()));
        }
        for &c in cells {
            if c >= n * n {
                return Err(format!("cell {c} of cage {cells:?} is off the grid"));
            }
            covered[c] += 1;
        }
        if !cage_connected(cells, n) {
            return Err(format!("cage {cells:?} is not connected"));
        }
        let mut values: Vec<u8> = cells.iter().map(|&c| solution[c]).collect();
        let total: u32 = values.iter().map(|&v| u32::from(v)).sum();
        if total != *sum {
            return Err(format!(
                "cage {cells:?} adds up to {total} in the solution, not its sum {sum}"
            ));
        }
        values.sort_unstable();
        values.dedup();
        if values.len() != cells.len() {
            return Err(format!("a value twice in cage {cells:?}"));
        }
    }
    if let Some(c) = covered.iter().position(|&k| k != 1) {
        return Err(format!("cell {c} is in {} cages", covered[c]));
    }
    Ok(())
}

/// A search for the solutions of a killer puzzle that shares no code
/// with the library's: a bit mask of the values each unit holds (units
/// as plain lists of cells), and for each cage the sets of distinct
/// values of its size that make its sum (listed here once); a cell's
/// candidates are the values none of its units holds that some set of
/// its cage still allows, given the values the cage holds. It branches
/// on the empty cell with the fewest candidates, or on the places left
/// for a value in a unit where they are fewer.
#[allow(dead_code)] // not every test crate searches killer puzzles
pub struct KillerSearch {
    side: usize,
    /// The units each cell is in (indices).
    units_of: Vec<Vec<usize>>,
    /// The cells of each unit.
    unit_cells: Vec<Vec<usize>>,
    /// The cells of each cage.
    cage_cells: Vec<Vec<usize>>,
    /// Each cell's cage (`usize::MAX` for none).
    cage_of: Vec<usize>,
    /// Each cage's value sets (bit `v` for value `v`) that make its sum.
    sets: Vec<Vec<u32>>,
}

#[allow(dead_code)]
impl KillerSearch {
    /// The search on a grid of side `side` with these units and cages.
    pub fn new(side: usize, units: &[Vec<usize>], cages: &[TestCage]) -> KillerSearch {
        let mut units_of = vec![Vec::new(); side * side];
        for (u, unit) in units.iter().enumerate() {
            for &c in unit {
                units_of[c].push(u);
            }
        }
        let mut cage_of = vec![usize::MAX; side * side];
        for (k, (cells, _)) in cages.iter().enumerate() {
            for &c in cells {
                cage_of[c] = k;
            }
        }
        /// The sets of `size` distinct values from `low..=side` adding up
        /// to `sum`, each with `mask` added.
        fn sets(side: u32, low: u32, size: usize, sum: u32, mask: u32, out: &mut Vec<u32>) {
            if size == 0 {
                if sum == 0 {
                    out.push(mask);
                }
                return;
            }
            for v in low..=side.min(sum) {
                sets(side, v + 1, size - 1, sum - v, mask | 1 << v, out);
            }
        }
        let sets = cages
            .iter()
            .map(|(cells, sum)| {
                let mut out = Vec::new();
                sets(side as u32, 1, cells.len(), *sum, 0, &mut out);
                out
            })
            .collect();
        KillerSearch {
            side,
            units_of,
            unit_cells: units.to_vec(),
            cage_cells: cages.iter().map(|c| c.0.clone()).collect(),
            cage_of,
            sets,
        }
    }

    /// The solutions from `givens` (0 for an empty cell), at most
    /// `limit` of them.
    pub fn solutions(&self, givens: &[u8], limit: usize) -> Vec<Vec<u8>> {
        let mut state = State {
            grid: vec![0; givens.len()],
            units: vec![0; self.unit_cells.len()],
            cages: vec![0; self.sets.len()],
        };
        for (c, &v) in givens.iter().enumerate() {
            if v != 0 {
                if self.candidates(&state).0[c] & 1 << v == 0 {
                    return Vec::new();
                }
                self.place(&mut state, c, v, true);
            }
        }
        let mut found = Vec::new();
        self.search(&mut state, limit, &mut found);
        found
    }

    /// The values a set of cage `k` still allows in its empty cells,
    /// holding the values of `held`: of the sets that hold them, those
    /// whose other values the empty cells can take (`avail`).
    /// Also the values every such set holds (which the cage's empty
    /// cells must take).
    fn allowed(&self, k: usize, held: u32, avail: u32) -> (u32, u32) {
        (self.sets[k].iter())
            .filter(|&&s| s & held == held && (s & !held) & !avail == 0)
            .fold((0, u32::MAX), |(any, all), &s| {
                (any | (s & !held), all & (s & !held))
            })
    }

    /// The values cell `c` may take by its units alone.
    fn free(&self, state: &State, c: usize) -> u32 {
        let full = ((1u32 << (self.side + 1)) - 1) & !1;
        let taken = (self.units_of[c].iter()).fold(0, |m, &u| m | state.units[u]);
        full & !taken
    }

    /// The values each empty cell may take: free in its units, and
    /// allowed by a set of its cage ([`Self::allowed`]); and the values
    /// each cage must still take.
    fn candidates(&self, state: &State) -> (Vec<u32>, Vec<u32>) {
        let mut cands: Vec<u32> = (0..state.grid.len())
            .map(|c| {
                if state.grid[c] == 0 {
                    self.free(state, c)
                } else {
                    0
                }
            })
            .collect();
        let mut avail = vec![0u32; self.sets.len()];
        for (c, &k) in self.cage_of.iter().enumerate() {
            if k != usize::MAX {
                avail[k] |= cands[c];
            }
        }
        let (allowed, required): (Vec<u32>, Vec<u32>) = (0..self.sets.len())
            .map(|k| self.allowed(k, state.cages[k], avail[k]))
            .unzip();
        for (c, &k) in self.cage_of.iter().enumerate() {
            if k != usize::MAX {
                cands[c] &= allowed[k];
            }
        }
        (cands, required)
    }

    /// Puts `v` in cell `c` (`on`), or takes it out.
    fn place(&self, state: &mut State, c: usize, v: u8, on: bool) {
        state.grid[c] = if on { v } else { 0 };
        for &u in &self.units_of[c] {
            state.units[u] ^= 1 << v;
        }
        if self.cage_of[c] != usize::MAX {
            state.cages[self.cage_of[c]] ^= 1 << v;
        }
    }

    fn search(&self, state: &mut State, limit: usize, found: &mut Vec<Vec<u8>>) {
        let (cands, required) = self.candidates(state);
        let mut best: Option<(usize, u32)> = None;
        for (c, &cand) in cands.iter().enumerate() {
            if state.grid[c] != 0 {
                continue;
            }
            if cand == 0 {
                return;
            }
            if best.is_none_or(|(_, b)| cand.count_ones() < b.count_ones()) {
                best = Some((c, cand));
            }
        }
        let Some((c, cell_cands)) = best else {
            // Every cell filled: every cage holds one of its sets (the
            // candidates kept each within one), so its sum is right.
            found.push(state.grid.clone());
            return;
        };
        // The choices: the values of cell `c`, or the places of a value
        // missing from a unit where it has fewer (none: a dead end).
        let mut choices: Vec<(usize, u8)> = (1..=self.side as u8)
            .filter(|&v| cell_cands & 1 << v != 0)
            .map(|v| (c, v))
            .collect();
        let mut fewest: Option<(usize, u8, u32)> = None;
        let mut counts = vec![0u32; self.side + 1];
        for (u, cells) in self.unit_cells.iter().enumerate() {
            counts.iter_mut().for_each(|k| *k = 0);
            for &m in cells {
                let mut bits = cands[m];
                while bits != 0 {
                    counts[bits.trailing_zeros() as usize] += 1;
                    bits &= bits - 1;
                }
            }
            for (v, &count) in counts.iter().enumerate().skip(1) {
                if state.units[u] & 1 << v != 0 {
                    continue;
                }
                if count == 0 {
                    return;
                }
                if fewest.is_none_or(|(_, _, k)| count < k) {
                    fewest = Some((u, v as u8, count));
                }
            }
        }
        if let Some((u, v, k)) = fewest
            && (k as usize) < choices.len()
        {
            choices = (self.unit_cells[u].iter())
                .filter(|&&m| cands[m] & 1 << v != 0)
                .map(|&m| (m, v))
                .collect();
        }
        // A value every set of a cage still holds: its places in the
        // cage (none: a dead end).
        for (cells, &must) in self.cage_cells.iter().zip(&required) {
            for v in 1..=self.side as u8 {
                if must & 1 << v == 0 {
                    continue;
                }
                let places = (cells.iter()).filter(|&&m| cands[m] & 1 << v != 0);
                let k = places.clone().count();
                if k == 0 {
                    return;
                }
                if k < choices.len() {
                    choices = places.map(|&m| (m, v)).collect();
                }
            }
        }
        for (c, v) in choices {
            self.place(state, c, v, true);
            self.search(state, limit, found);
            self.place(state, c, v, false);
            if found.len() >= limit {
                return;
            }
        }
    }
}

/// The search's state: the grid, the values each unit and each cage
/// holds.
#[allow(dead_code)]
struct State {
    grid: Vec<u8>,
    units: Vec<u32>,
    cages: Vec<u32>,
}

/// Whether the cells of a cage (side `n`, at least one cell) are one piece
/// by sides: a flood from the first cell reaches them all.
#[allow(dead_code)] // not every test crate reads cages
pub fn cage_connected(cells: &[usize], n: usize) -> bool {
    let mut seen = vec![cells[0]];
    let mut i = 0;
    while i < seen.len() {
        let c = seen[i];
        i += 1;
        for &m in cells {
            let near = (c / n).abs_diff(m / n) + (c % n).abs_diff(m % n) == 1;
            if near && !seen.contains(&m) {
                seen.push(m);
            }
        }
    }
    seen.len() == cells.len()
}
