//! `sudogen._sudogen`: the native half of the `sudogen` Python package.
//!
//! Each function binds the library (never the CLI binary): grid `i` and
//! puzzle `i` of a run come from `sudogen::runs` exactly as `sudogen
//! generate` and `sudogen puzzle` make them, on the library's ordered
//! pipeline, so the arrays hold the same grids as the CLI's output for
//! every `jobs`, `start` and shard. The pure-Python wrapper
//! (`python/sudogen/__init__.py`) turns inputs into arrays, names records
//! in messages, and shapes the results; its docstrings and the `.pyi` stub
//! are the user's documentation.
//!
//! Arrays cross the boundary as NumPy arrays of `uint8`, `(N, side, side)`,
//! `0` for an empty cell, moved (not copied) into NumPy. Every heavy call
//! runs with the GIL released and can be interrupted with Ctrl-C (see
//! [`run`]). Per-record problems (a puzzle with no solution, say) come back
//! as `(row, message)` pairs, in row order, for the wrapper to raise or
//! keep; bad arguments raise `ValueError` here.
#![deny(unsafe_code)]

mod args;
mod run;

use numpy::ndarray::{Array2, Array3};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArray3, PyReadonlyArray3, PyUntypedArrayMethods};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

use sudogen::canon::{By, Canonicalizer};
use sudogen::dataset::{Distinct, Fingerprint, Split};
use sudogen::format::read::{Batch, Reader};
use sudogen::grid::{Grid, Size};
use sudogen::pipeline;
use sudogen::puzzle::Settings;
use sudogen::rate::{Scale, Unrated, rate_within};
use sudogen::runs::{GridRun, Miss, PuzzleRun};
use sudogen::solve::{Search, search};
use sudogen::transform::{Shape, TransformStream};

use args::{Indices, check_range, grid_size};

/// A `ValueError`.
pub(crate) fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// Problems with records: `(row, message)`, in row order.
type Problems = Vec<(u64, String)>;

/// Grid `i` of an array of grids.
struct Rows<'a> {
    cells: &'a [u8],
    size: Size,
}

impl<'a> Rows<'a> {
    /// The grids of an `(N, side, side)` array.
    fn of(array: &'a PyReadonlyArray3<'_, u8>) -> PyResult<Rows<'a>> {
        let shape = array.shape();
        let size = Size::from_side(shape[1])
            .filter(|_| shape[1] == shape[2])
            .ok_or_else(|| {
                value_error(format!(
                    "grids of shape {}x{}; use 4x4, 9x9, 16x16 or 25x25",
                    shape[1], shape[2]
                ))
            })?;
        let cells = array
            .as_slice()
            .map_err(|_| value_error("the array is not contiguous"))?;
        Ok(Rows { cells, size })
    }

    fn len(&self) -> u64 {
        (self.cells.len() / self.size.cells()) as u64
    }

    /// Grid `row` into `grid`; `false` if a value is out of range.
    fn load(&self, row: u64, grid: &mut Grid) -> bool {
        let n = self.size.cells();
        let at = row as usize * n;
        match Grid::from_values(self.size, &self.cells[at..at + n]) {
            Some(g) => {
                *grid = g;
                true
            }
            None => false,
        }
    }

    /// The message for a row with a value out of range.
    fn out_of_range(&self) -> String {
        format!(
            "a value out of range for a {} grid (0 to {})",
            self.size,
            self.size.side()
        )
    }
}

/// Grids of `size`, cell after cell, as an `(N, side, side)` array (moved,
/// not copied).
fn grids_array(py: Python<'_>, cells: Vec<u8>, size: Size) -> PyResult<Bound<'_, PyArray3<u8>>> {
    let side = size.side();
    let n = cells.len() / size.cells();
    Array3::from_shape_vec((n, side, side), cells)
        .map(|a| a.into_pyarray(py))
        .map_err(|e| value_error(format!("internal error in sudogen: {e}")))
}

/// Grids `start..start + n` of a run (see the wrapper's `generate`).
#[pyfunction]
#[pyo3(signature = (n, strategy=None, size=9, seed=0, start=0, jobs=None))]
fn generate<'py>(
    py: Python<'py>,
    n: u64,
    strategy: Option<&str>,
    size: usize,
    seed: u64,
    start: u64,
    jobs: Option<usize>,
) -> PyResult<Bound<'py, PyArray3<u8>>> {
    let size = grid_size(size)?;
    let strategy = args::strategy(strategy, size)?;
    check_range(start, n)?;
    let jobs = run::jobs(jobs)?;
    let mut out = run::buffer(n, size.cells())?;
    let grids = GridRun::new(strategy, size, seed);
    // Grids per chunk at most, as `GridRun::write` has them.
    let chunk = match size.side() {
        0..=12 => 1024,
        13..=16 => 32,
        _ => 1,
    };
    run::indexed(
        py,
        &mut out,
        (start, n, chunk),
        jobs,
        || Grid::empty(size),
        |index, grid, buf| {
            grids.fill(index, grid);
            buf.extend_from_slice(grid.cells());
        },
    )?;
    grids_array(py, out, size)
}

/// What `puzzles` hands the wrapper.
type PuzzlesOut<'py> = (
    Bound<'py, PyArray3<u8>>,
    Bound<'py, PyArray3<u8>>,
    Bound<'py, PyArray1<u64>>,
    Option<Bound<'py, PyArray1<u8>>>,
    Option<Bound<'py, PyArray1<bool>>>,
    Option<Bound<'py, PyArray1<u64>>>,
    Bound<'py, PyArray1<bool>>,
    Vec<String>,
);

/// The puzzles of a chunk of a run, or of the whole run.
#[derive(Default)]
struct Made {
    puzzles: Vec<u8>,
    solutions: Vec<u8>,
    index: Vec<u64>,
    se: Vec<u8>,
    exact: Vec<bool>,
    attempt: Vec<u64>,
    short: Vec<bool>,
    /// Indices a rated run could not fill.
    missed: Vec<u64>,
    /// Indices whose candidates could not be rated, and why.
    unrated: Vec<(u64, String)>,
}

impl Made {
    fn append(&mut self, mut other: Made) {
        self.puzzles.append(&mut other.puzzles);
        self.solutions.append(&mut other.solutions);
        self.index.append(&mut other.index);
        self.se.append(&mut other.se);
        self.exact.append(&mut other.exact);
        self.attempt.append(&mut other.attempt);
        self.short.append(&mut other.short);
        self.missed.append(&mut other.missed);
        self.unrated.append(&mut other.unrated);
    }
}

/// Puzzles `start..start + n` of a run (see the wrapper's `puzzles`):
/// puzzles, solutions, run indices, ratings in tenths, exact flags and
/// attempts (rated runs), fell-short flags, and the warnings the CLI would
/// print.
#[pyfunction]
#[pyo3(signature = (n, strategy, size, seed, start, symmetry, clues, budget, rating, level,
                    attempts, jobs=None))]
#[allow(clippy::too_many_arguments)]
fn puzzles<'py>(
    py: Python<'py>,
    n: u64,
    strategy: Option<&str>,
    size: usize,
    seed: u64,
    start: u64,
    symmetry: Option<&str>,
    clues: Option<i64>,
    budget: Option<u64>,
    rating: Option<&str>,
    level: Option<&str>,
    attempts: u64,
    jobs: Option<usize>,
) -> PyResult<PuzzlesOut<'py>> {
    let size = grid_size(size)?;
    let strategy = args::strategy(strategy, size)?;
    check_range(start, n)?;
    let jobs = run::jobs(jobs)?;
    let symmetry = args::symmetry(symmetry)?;
    let clues = args::clues(clues, size)?;
    let filter = args::filter(rating, level, attempts, size)?;
    let settings = Settings {
        symmetry,
        clues,
        budget: args::budget(budget),
    };
    // Room for the puzzles and solutions, or MemoryError now.
    drop(run::buffer(n, 2 * size.cells())?);
    let run = PuzzleRun::new(GridRun::new(strategy, size, seed), settings, filter);
    // Puzzles per chunk at most, as `sudogen puzzle` has them.
    let most = match size.side() {
        0..=6 => 256,
        7..=9 => 16,
        _ => 1,
    };
    let mut all = Made::default();
    run::chunks(
        py,
        (start, n, most),
        jobs,
        |first, len, stop| {
            let mut part = Made::default();
            let mut grid = Grid::empty(size);
            for index in (0..len).map(|k| first + k) {
                if stop.is_set() {
                    break;
                }
                let made = match run.make(index, &mut grid) {
                    Ok(made) => made,
                    Err(Miss::OutOfRange) => {
                        part.missed.push(index);
                        continue;
                    }
                    Err(Miss::Unrated(e)) => {
                        part.unrated.push((index, e.to_string()));
                        continue;
                    }
                };
                part.puzzles.extend_from_slice(made.puzzle.cells());
                part.solutions.extend_from_slice(grid.cells());
                part.index.push(index);
                let (se, exact) = made.rating.map_or((0, true), |r| (r.se, r.exact));
                part.se.push(se);
                part.exact.push(exact);
                part.attempt.push(made.attempt);
                part.short.push(made.fell_short);
            }
            part
        },
        |part| all.append(part),
    )?;
    if let Some((index, why)) = all.unrated.iter().min_by_key(|(i, _)| *i) {
        return Err(value_error(format!("puzzle {index} not made: {why}")));
    }
    // What the CLI says at the end of the same run.
    let mut warnings = Vec::new();
    let cells = size.cells();
    if let Some(target) = clues {
        let mut above = Vec::<u64>::new();
        for (puzzle, &short) in all.puzzles.chunks_exact(cells).zip(&all.short) {
            let given = puzzle.iter().filter(|&&v| v != 0).count();
            if !short && given > target {
                if above.len() <= given {
                    above.resize(given + 1, 0);
                }
                above[given] += 1;
            }
        }
        warnings.extend(args::above_note(target, &above));
    }
    let mut unproven = Indices::default();
    for (&i, &short) in all.index.iter().zip(&all.short) {
        if short {
            unproven.add(i);
        }
    }
    if unproven.count > 0 {
        warnings.push(args::unproven_warning(&unproven, clues, settings.budget));
    }
    if let Some(filter) = &filter
        && !all.missed.is_empty()
    {
        let mut missed = Indices::default();
        all.missed.iter().for_each(|&i| missed.add(i));
        warnings.push(args::missed_warning(&missed, filter));
    }
    let rated = filter.is_some();
    Ok((
        grids_array(py, all.puzzles, size)?,
        grids_array(py, all.solutions, size)?,
        all.index.into_pyarray(py),
        rated.then(|| all.se.into_pyarray(py)),
        rated.then(|| all.exact.into_pyarray(py)),
        rated.then(|| all.attempt.into_pyarray(py)),
        all.short.into_pyarray(py),
        warnings,
    ))
}

/// Grids read, the line of each, and (when asked) the solutions they carry.
type Lines<'py> = (
    Bound<'py, PyArray3<u8>>,
    Bound<'py, PyArray1<u64>>,
    Option<Bound<'py, PyArray3<u8>>>,
);

/// A batch read: cells, lines, solution cells (zeros where a record
/// carries none), the batch's size, and the first bad record.
#[derive(Default)]
struct Parsed {
    cells: Vec<u8>,
    lines: Vec<u64>,
    solutions: Vec<u8>,
    size: Option<Size>,
    bad: Option<(u64, String)>,
}

/// Reads every record of a file in any format (`sudogen::format::read`),
/// parsing batches on `jobs` workers: the grids, `(N, side, side)`, the
/// line of each, and with `solutions` the solution each record carries
/// (`PUZZLE SOLUTION` lines, CSV and JSON solution fields; zeros where
/// there is none). An unreadable record, or records of several sizes,
/// raise `ValueError` naming `FILE:LINE`.
#[pyfunction]
#[pyo3(signature = (path, size=None, format=None, solutions=false, jobs=None))]
fn read<'py>(
    py: Python<'py>,
    path: std::path::PathBuf,
    size: Option<usize>,
    format: Option<&str>,
    solutions: bool,
    jobs: Option<usize>,
) -> PyResult<Lines<'py>> {
    let size = size.map(grid_size).transpose()?;
    let format = format.map(args::format).transpose()?;
    let jobs = run::jobs(jobs)?;
    let name = path.display().to_string();
    let file = std::fs::File::open(&path)
        .map_err(|e| PyOSError::new_err(format!("{name}: cannot open: {e}")))?;
    let mut reader = Reader::new(file, format, size);
    let parse = |batch: Batch, _: &pipeline::Stop| -> Parsed {
        let mut p = Parsed::default();
        let _ = batch.for_each_with_solution(|line, grid, solution| {
            let g = match grid {
                Ok(g) if p.size.is_none_or(|s| s == g.size()) => g,
                Ok(g) => {
                    p.bad = Some((line, mixed(g.size(), p.size)));
                    return Err(());
                }
                Err(e) => {
                    p.bad = Some((line, e.to_string()));
                    return Err(());
                }
            };
            p.size = Some(g.size());
            p.cells.extend_from_slice(g.cells());
            p.lines.push(line);
            if solutions {
                match solution {
                    Some(Ok(s)) if s.size() == g.size() => p.solutions.extend_from_slice(s.cells()),
                    Some(Ok(s)) => {
                        p.bad = Some((
                            line,
                            format!("a {} solution to a {} puzzle", s.size(), g.size()),
                        ));
                        return Err(());
                    }
                    Some(Err(e)) => {
                        p.bad = Some((line, format!("its solution: {e}")));
                        return Err(());
                    }
                    None => p.solutions.resize(p.solutions.len() + g.size().cells(), 0),
                }
            }
            Ok(())
        });
        p
    };
    let mut all = Parsed::default();
    let outcome = run::detached(py, || {
        pipeline::ordered(
            jobs,
            || reader.next_batch().map_err(|e| format!("{name}: {e}")),
            parse,
            |mut p: Parsed| {
                if let Some(s) = p.size {
                    if all.size.is_some_and(|f| f != s) {
                        let line = p.lines.first().copied().unwrap_or(0);
                        return Err(format!("{name}:{line}: {}", mixed(s, all.size)));
                    }
                    all.size = Some(s);
                }
                all.cells.append(&mut p.cells);
                all.lines.append(&mut p.lines);
                all.solutions.append(&mut p.solutions);
                match p.bad {
                    Some((line, message)) => Err(format!("{name}:{line}: {message}")),
                    None => Ok(()),
                }
            },
        )
    })?;
    outcome.map_err(value_error)?;
    let size = all.size.or(size).unwrap_or(Size::S9);
    let solutions = match solutions {
        true => Some(grids_array(py, all.solutions, size)?),
        false => None,
    };
    Ok((
        grids_array(py, all.cells, size)?,
        all.lines.into_pyarray(py),
        solutions,
    ))
}

/// The message for a grid of `size` among grids of `first`.
fn mixed(size: Size, first: Option<Size>) -> String {
    let first = first.map_or(String::new(), |s| s.to_string());
    format!("a {size} grid among {first} grids; read one size at a time (size=...)")
}

/// Grids from strings, one record each, in the `line` or `grid` layout
/// (`.` or `0` for an empty cell); `ValueError` naming `puzzles[i]`.
#[pyfunction]
#[pyo3(signature = (strings, size=None))]
fn parse<'py>(
    py: Python<'py>,
    strings: Vec<String>,
    size: Option<usize>,
) -> PyResult<Bound<'py, PyArray3<u8>>> {
    let mut size = size.map(grid_size).transpose()?;
    let mut cells = Vec::new();
    for (i, s) in strings.iter().enumerate() {
        let g = Grid::parse(s, size).map_err(|e| value_error(format!("puzzles[{i}]: {e}")))?;
        if size.is_some_and(|s| s != g.size()) {
            return Err(value_error(format!(
                "puzzles[{i}]: a {} grid among {} grids",
                g.size(),
                size.map_or(String::new(), |s| s.to_string())
            )));
        }
        size = Some(g.size());
        cells.extend_from_slice(g.cells());
    }
    grids_array(py, cells, size.unwrap_or(Size::S9))
}

/// Runs `work(row, grid, scratch, part)` on every row of `rows` (loaded
/// into `grid`) on `jobs` workers, at most `most` rows a chunk, each
/// chunk's results gathered in a `P` and handed to `sink` in row order.
/// Rows with a value out of range are problems, left out of `P`.
fn each_row<S, P: Default + Send>(
    py: Python<'_>,
    rows: &Rows<'_>,
    (most, jobs): (u64, usize),
    scratch: impl Fn() -> S + Sync + Send,
    work: impl Fn(u64, &Grid, &mut S, &mut P) + Sync + Send,
    mut sink: impl FnMut(P) + Send,
) -> PyResult<Problems> {
    let mut bad = Problems::new();
    run::chunks(
        py,
        (0, rows.len(), most),
        jobs,
        |first, len, stop| {
            let (mut part, mut bad) = (P::default(), Problems::new());
            let (mut grid, mut state) = (Grid::empty(rows.size), scratch());
            for row in (0..len).map(|k| first + k) {
                if stop.is_set() {
                    break;
                }
                if rows.load(row, &mut grid) {
                    work(row, &grid, &mut state, &mut part);
                } else {
                    bad.push((row, rows.out_of_range()));
                }
            }
            (part, bad)
        },
        |(part, mut b)| {
            sink(part);
            bad.append(&mut b);
        },
    )?;
    Ok(bad)
}

/// The solutions found by a search of each row.
#[derive(Default)]
struct Searched {
    solutions: Vec<u8>,
    counts: Vec<u64>,
    cut: Vec<bool>,
}

/// Searches each puzzle: the first solution found (zeros if none), the
/// solutions found up to `limit`, and whether the budget cut the search.
#[pyfunction]
#[pyo3(signature = (grids, limit, budget, jobs=None))]
#[allow(clippy::type_complexity)]
fn search_each<'py>(
    py: Python<'py>,
    grids: PyReadonlyArray3<'py, u8>,
    limit: u64,
    budget: Option<u64>,
    jobs: Option<usize>,
) -> PyResult<(
    Bound<'py, PyArray3<u8>>,
    Bound<'py, PyArray1<u64>>,
    Bound<'py, PyArray1<bool>>,
    Problems,
)> {
    if limit == 0 {
        return Err(value_error(
            "'0' is out of range for a solution limit; use 1 or more",
        ));
    }
    let rows = Rows::of(&grids)?;
    let jobs = run::jobs(jobs)?;
    let spec = Search {
        limit,
        budget: args::budget(budget),
    };
    let cells = rows.size.cells();
    let mut all = Searched::default();
    let problems = each_row(
        py,
        &rows,
        (1024, jobs),
        || (),
        |_, puzzle, (), part: &mut Searched| {
            let outcome = search(puzzle, spec);
            match &outcome.first {
                Some(s) => part.solutions.extend_from_slice(s.cells()),
                None => part.solutions.resize(part.solutions.len() + cells, 0),
            }
            part.counts.push(outcome.solutions);
            part.cut.push(outcome.cut);
        },
        |mut part| {
            all.solutions.append(&mut part.solutions);
            all.counts.append(&mut part.counts);
            all.cut.append(&mut part.cut);
        },
    )?;
    if !problems.is_empty() {
        return Err(value_error(format!(
            "row {}: {}",
            problems[0].0, problems[0].1
        )));
    }
    Ok((
        grids_array(py, all.solutions, rows.size)?,
        all.counts.into_pyarray(py),
        all.cut.into_pyarray(py),
        problems,
    ))
}

/// Ratings of a chunk of rows.
#[derive(Default)]
struct Rated {
    se: Vec<u8>,
    exact: Vec<bool>,
    level: Vec<&'static str>,
    technique: Vec<&'static str>,
    steps: Vec<u64>,
    problems: Problems,
}

/// What `rate` hands the wrapper: SE in tenths, exact, level, hardest
/// technique, steps, problems, and the scale the library gives the
/// puzzles' shape (`SE`, or `technique level`).
type RateOut<'py> = (
    Bound<'py, PyArray1<u8>>,
    Bound<'py, PyArray1<bool>>,
    Vec<&'static str>,
    Vec<&'static str>,
    Bound<'py, PyArray1<u64>>,
    Problems,
    &'static str,
);

/// Rates each puzzle on the Sudoku Explainer scale, as `sudogen rate`;
/// a puzzle that cannot be rated is a problem (SE 0, level and technique
/// empty).
#[pyfunction]
#[pyo3(signature = (grids, budget, jobs=None))]
fn rate<'py>(
    py: Python<'py>,
    grids: PyReadonlyArray3<'py, u8>,
    budget: Option<u64>,
    jobs: Option<usize>,
) -> PyResult<RateOut<'py>> {
    let rows = Rows::of(&grids)?;
    let scale = Scale::of(rows.size).name();
    let jobs = run::jobs(jobs)?;
    let budget = args::budget(budget);
    let mut all = Rated::default();
    let bad = each_row(
        py,
        &rows,
        (256, jobs),
        || (),
        |row, puzzle, (), part: &mut Rated| match rate_within(puzzle, false, budget) {
            Ok(r) => {
                part.se.push(r.se);
                part.exact.push(r.exact);
                part.level.push(r.level().name());
                part.technique.push(r.hardest_name());
                part.steps.push(r.steps as u64);
            }
            Err(e) => {
                let message = match e {
                    Unrated::Budget => format!("{e}; raise budget"),
                    e => e.to_string(),
                };
                part.problems.push((row, message));
                part.se.push(0);
                part.exact.push(false);
                part.level.push("");
                part.technique.push("");
                part.steps.push(0);
            }
        },
        |mut part| {
            all.se.append(&mut part.se);
            all.exact.append(&mut part.exact);
            all.level.append(&mut part.level);
            all.technique.append(&mut part.technique);
            all.steps.append(&mut part.steps);
            all.problems.append(&mut part.problems);
        },
    )?;
    if let Some((row, message)) = bad.into_iter().next() {
        return Err(value_error(format!("row {row}: {message}")));
    }
    Ok((
        all.se.into_pyarray(py),
        all.exact.into_pyarray(py),
        all.level,
        all.technique,
        all.steps.into_pyarray(py),
        all.problems,
        scale,
    ))
}

/// Canonical forms of a chunk of rows.
#[derive(Default)]
struct Forms {
    forms: Vec<u8>,
    transforms: Vec<String>,
    fingerprints: Vec<Option<Fingerprint>>,
    problems: Problems,
}

/// What canonical work to do on each row.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Want {
    Forms,
    FormsAndTransforms,
    Fingerprints,
}

/// The canonical forms (or their fingerprints) of every row.
fn forms_of(py: Python<'_>, rows: &Rows<'_>, by: By, want: Want, jobs: usize) -> PyResult<Forms> {
    let cells = rows.size.cells();
    let mut all = Forms::default();
    let bad = each_row(
        py,
        rows,
        (4096, jobs),
        Canonicalizer::new,
        |row, grid, canon, part: &mut Forms| {
            let made = match want {
                Want::FormsAndTransforms => {
                    canon.canon(grid, by).map(|c| (c.form, Some(c.transform)))
                }
                _ => canon.form(grid, by).map(|f| (f, None)),
            };
            match made {
                Ok((form, transform)) => {
                    match want {
                        Want::Fingerprints => part.fingerprints.push(Some(Fingerprint::of(&form))),
                        _ => part.forms.extend_from_slice(form.cells()),
                    }
                    if let Some(t) = transform {
                        part.transforms.push(t.to_string());
                    }
                }
                Err(e) => {
                    part.problems.push((row, e.to_string()));
                    match want {
                        Want::Fingerprints => part.fingerprints.push(None),
                        _ => part.forms.resize(part.forms.len() + cells, 0),
                    }
                    if want == Want::FormsAndTransforms {
                        part.transforms.push(String::new());
                    }
                }
            }
        },
        |mut part| {
            all.forms.append(&mut part.forms);
            all.transforms.append(&mut part.transforms);
            all.fingerprints.append(&mut part.fingerprints);
            all.problems.append(&mut part.problems);
        },
    )?;
    if let Some((row, message)) = bad.into_iter().next() {
        return Err(value_error(format!("row {row}: {message}")));
    }
    Ok(all)
}

/// Canonical forms (and, with `transforms`, a transform to each, as text).
#[pyfunction]
#[pyo3(signature = (grids, by="string", transforms=false, jobs=None))]
#[allow(clippy::type_complexity)]
fn canon<'py>(
    py: Python<'py>,
    grids: PyReadonlyArray3<'py, u8>,
    by: &str,
    transforms: bool,
    jobs: Option<usize>,
) -> PyResult<(Bound<'py, PyArray3<u8>>, Option<Vec<String>>, Problems)> {
    let rows = Rows::of(&grids)?;
    let want = if transforms {
        Want::FormsAndTransforms
    } else {
        Want::Forms
    };
    let all = forms_of(py, &rows, args::by(by)?, want, run::jobs(jobs)?)?;
    Ok((
        grids_array(py, all.forms, rows.size)?,
        transforms.then_some(all.transforms),
        all.problems,
    ))
}

/// Fingerprints of the canonical forms: `(N, 2)` `uint64`, the low then
/// the high 64 bits of the 128-bit `sudogen::dataset::Fingerprint` (zeros
/// for rows that have none: see the problems).
#[pyfunction]
#[pyo3(signature = (grids, by="string", jobs=None))]
fn fingerprints<'py>(
    py: Python<'py>,
    grids: PyReadonlyArray3<'py, u8>,
    by: &str,
    jobs: Option<usize>,
) -> PyResult<(Bound<'py, PyArray2<u64>>, Problems)> {
    let rows = Rows::of(&grids)?;
    let all = forms_of(
        py,
        &rows,
        args::by(by)?,
        Want::Fingerprints,
        run::jobs(jobs)?,
    )?;
    let halves: Vec<u64> = all
        .fingerprints
        .iter()
        .flat_map(|f| {
            let x = f.map_or(0, |f| f.0);
            [x as u64, (x >> 64) as u64]
        })
        .collect();
    let array = Array2::from_shape_vec((all.fingerprints.len(), 2), halves)
        .map_err(|e| value_error(format!("internal error in sudogen: {e}")))?;
    Ok((array.into_pyarray(py), all.problems))
}

/// The part of each record in a split that keeps isomorphs together
/// (`sudogen::dataset::Split`); -1 past the last part or for a record
/// without a canonical form (see the problems).
#[pyfunction]
#[pyo3(signature = (grids, fractions, seed=0, by="string", jobs=None))]
fn split<'py>(
    py: Python<'py>,
    grids: PyReadonlyArray3<'py, u8>,
    fractions: Vec<f64>,
    seed: u64,
    by: &str,
    jobs: Option<usize>,
) -> PyResult<(Bound<'py, PyArray1<i64>>, Problems)> {
    let split = Split::new(&fractions, seed).map_err(|e| value_error(e.to_string()))?;
    let rows = Rows::of(&grids)?;
    let all = forms_of(
        py,
        &rows,
        args::by(by)?,
        Want::Fingerprints,
        run::jobs(jobs)?,
    )?;
    let parts: Vec<i64> = all
        .fingerprints
        .iter()
        .map(|f| f.and_then(|f| split.part(f)).map_or(-1, |k| k as i64))
        .collect();
    Ok((parts.into_pyarray(py), all.problems))
}

/// Whether each record is the first of its isomorphism class in the
/// array (`sudogen::dataset::Distinct`); false for a record without a
/// canonical form (see the problems).
#[pyfunction]
#[pyo3(signature = (grids, by="string", jobs=None))]
fn distinct<'py>(
    py: Python<'py>,
    grids: PyReadonlyArray3<'py, u8>,
    by: &str,
    jobs: Option<usize>,
) -> PyResult<(Bound<'py, PyArray1<bool>>, Problems)> {
    let rows = Rows::of(&grids)?;
    let all = forms_of(
        py,
        &rows,
        args::by(by)?,
        Want::Fingerprints,
        run::jobs(jobs)?,
    )?;
    let mut seen = Distinct::new();
    let first: Vec<bool> = all
        .fingerprints
        .iter()
        .map(|f| f.is_some_and(|f| seen.insert(f)))
        .collect();
    Ok((first.into_pyarray(py), all.problems))
}

/// Random symmetries of each record, reproducible by seed and record
/// index (`sudogen::transform::TransformStream`): copy `k` of row `i` is
/// row `i * copies + k`, transformed by the stream's transform of
/// (record `start + i`, copy `k`); `solutions`, if given, get the same
/// transforms.
#[pyfunction]
#[pyo3(signature = (grids, seed=0, copies=1, start=0, solutions=None, jobs=None))]
#[allow(clippy::type_complexity)]
fn transform<'py>(
    py: Python<'py>,
    grids: PyReadonlyArray3<'py, u8>,
    seed: u64,
    copies: u32,
    start: u64,
    solutions: Option<PyReadonlyArray3<'py, u8>>,
    jobs: Option<usize>,
) -> PyResult<(Bound<'py, PyArray3<u8>>, Option<Bound<'py, PyArray3<u8>>>)> {
    let rows = Rows::of(&grids)?;
    let jobs = run::jobs(jobs)?;
    let sols = solutions.as_ref().map(Rows::of).transpose()?;
    if let Some(s) = &sols
        && (s.size != rows.size || s.len() != rows.len())
    {
        return Err(value_error(format!(
            "solutions of shape ({}, {s2}, {s2}) for puzzles of shape ({}, {p}, {p})",
            s.len(),
            rows.len(),
            s2 = s.size.side(),
            p = rows.size.side()
        )));
    }
    check_range(start, rows.len())?;
    let side = rows.size.side();
    for (what, r) in [("puzzles", Some(&rows)), ("solutions", sols.as_ref())] {
        if let Some(at) = r.and_then(|r| r.cells.iter().position(|&v| usize::from(v) > side)) {
            return Err(value_error(format!(
                "{what}[{}]: {}",
                at / rows.size.cells(),
                rows.out_of_range()
            )));
        }
    }
    let cells = rows.size.cells();
    let shape = Shape::of(rows.size);
    let stream = TransformStream::new(seed);
    let total = rows.len().checked_mul(u64::from(copies)).ok_or_else(|| {
        pyo3::exceptions::PyMemoryError::new_err("too many copies to hold in memory")
    })?;
    let mut a = run::buffer(total, cells)?;
    let mut b = match sols {
        Some(_) => run::buffer(total, cells)?,
        None => Vec::new(),
    };
    let most = (4096 / u64::from(copies.max(1))).max(1);
    run::chunks(
        py,
        (0, rows.len(), most),
        jobs,
        |first, len, stop| {
            let mut part = (Vec::new(), Vec::new());
            for row in (0..len).map(|k| first + k) {
                if stop.is_set() {
                    break;
                }
                let at = row as usize * cells;
                for k in 0..copies {
                    let t = stream.transform(shape, start + row, k);
                    let from = part.0.len();
                    part.0.resize(from + cells, 0);
                    t.apply_cells(&rows.cells[at..at + cells], &mut part.0[from..]);
                    if let Some(s) = &sols {
                        part.1.resize(from + cells, 0);
                        t.apply_cells(&s.cells[at..at + cells], &mut part.1[from..]);
                    }
                }
            }
            part
        },
        |(mut x, mut y)| {
            a.append(&mut x);
            b.append(&mut y);
        },
    )?;
    let b = match sols {
        Some(_) => Some(grids_array(py, b, rows.size)?),
        None => None,
    };
    Ok((grids_array(py, a, rows.size)?, b))
}

/// The names the library gives strategies, symmetries, levels, canonical
/// conventions and formats, for the wrapper's checks and the stub.
#[pyfunction]
fn names() -> Vec<(&'static str, Vec<&'static str>)> {
    use sudogen::puzzle::Symmetry;
    use sudogen::rate::Level;
    use sudogen::strategies::Strategy;
    vec![
        ("strategy", Strategy::ALL.iter().map(|s| s.name()).collect()),
        ("symmetry", Symmetry::ALL.iter().map(|s| s.name()).collect()),
        ("level", Level::ALL.iter().map(|l| l.name()).collect()),
        ("by", By::ALL.iter().map(|b| b.name()).collect()),
        (
            "format",
            sudogen::format::FORMATS.iter().map(|f| f.name()).collect(),
        ),
    ]
}

/// The native module.
#[pymodule]
fn _sudogen(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles, m)?)?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(search_each, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(canon, m)?)?;
    m.add_function(wrap_pyfunction!(fingerprints, m)?)?;
    m.add_function(wrap_pyfunction!(split, m)?)?;
    m.add_function(wrap_pyfunction!(distinct, m)?)?;
    m.add_function(wrap_pyfunction!(transform, m)?)?;
    m.add_function(wrap_pyfunction!(names, m)?)?;
    Ok(())
}
