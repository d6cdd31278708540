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
