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
//! `0` for an empty cell, moved (not copied) into NumPy. An array holds
//! cells only: its shape is the side it has with the boxes and variant of
//! a [`spec::Spec`] (the shape keywords, resolved once as the CLI resolves
//! its options), which every function that makes or takes grids takes. Every heavy call
//! runs with the GIL released and can be interrupted with Ctrl-C (see
//! [`run`]). Per-record problems (a puzzle with no solution, say) come back
//! as `(row, message)` pairs, in row order, for the wrapper to raise or
//! keep; bad arguments raise `ValueError` here.
#![deny(unsafe_code)]

mod args;
mod run;
mod spec;

use numpy::ndarray::{Array2, Array3};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArray3, PyReadonlyArray3, PyUntypedArrayMethods};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

use std::sync::Arc;

use sudogen::cages::{Cage, Cages};
use sudogen::canon::{By, Canonicalizer};
use sudogen::check::solution_problem;
use sudogen::dataset::{Distinct, Fingerprint, Split, split_key};
use sudogen::format::StepRecord;
use sudogen::format::json::path_text;
use sudogen::format::read::{Batch, Reader};
use sudogen::format::unpack;
use sudogen::grid::{A, Grid, Shape, Size, Variant};
use sudogen::killer::logic::{KillerLevel, KillerRating};
use sudogen::pipeline;
use sudogen::puzzle::Settings;
use sudogen::rate::{KILLER_SCALE, Scale, Unrated, rate_killer, rate_limited};
use sudogen::runs::{GridRun, Miss, PuzzleRun};
use sudogen::solve::{Search, search};
use sudogen::strategies::Strategy;
use sudogen::transform::TransformStream;

use args::{Indices, check_range};
use spec::Spec;

/// A `ValueError`.
pub(crate) fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// Problems with records: `(row, message)`, in row order.
type Problems = Vec<(u64, String)>;

/// One killer puzzle's cages as they cross the boundary: `(sum, cells)`
/// per cage, cells row-major from 0, cages in reading order of their
/// first cell (`sudogen::cages::Cages::list`, the JSON records' `"cages"`).
type CageList = Vec<(u32, Vec<usize>)>;

/// The cages of `shape`, if it is a killer puzzle's, as a [`CageList`].
fn cage_list(shape: &Shape) -> Option<CageList> {
    shape.cages().map(|c| {
        c.list()
            .into_iter()
            .map(|cage| (cage.sum, cage.cells))
            .collect()
    })
}

/// Grid `i` of an array of grids.
struct Rows<'a> {
    cells: &'a [u8],
    shape: Shape,
    /// Killer puzzles: the cages of each row.
    cages: Option<Vec<Arc<Cages>>>,
}

impl<'a> Rows<'a> {
    /// The grids of an `(N, side, side)` array, of the shape `spec` gives
    /// that side.
    fn of(array: &'a PyReadonlyArray3<'_, u8>, spec: &Spec) -> PyResult<Rows<'a>> {
        let dims = array.shape();
        if dims[1] != dims[2]
            || !(sudogen::shape::MIN_SIDE..=sudogen::shape::MAX_SIDE).contains(&dims[1])
        {
            return Err(value_error(format!(
                "grids of shape {}x{}; use side x side, a side from 4 to 25",
                dims[1], dims[2]
            )));
        }
        let shape = spec.for_side(dims[1])?;
        let cells = array
            .as_slice()
            .map_err(|_| value_error("the array is not contiguous"))?;
        Ok(Rows {
            cells,
            shape,
            cages: None,
        })
    }

    /// The same rows as killer puzzles, row `i` with `cages[i]` (checked
    /// by `Cages::new`; an error names the row); an error if the spec
    /// asks for killer puzzles and no cages are given.
    fn with_cages(mut self, cages: Option<Vec<CageList>>, spec: &Spec) -> PyResult<Rows<'a>> {
        let Some(lists) = cages else {
            if spec.is_killer() {
                return Err(value_error(
                    "killer puzzles need their cages; give cages= (for each puzzle a list of (sum, cells), cells row-major from 0), as puzzles() and read(..., return_shape=True) give them",
                ));
            }
            return Ok(self);
        };
        if lists.len() as u64 != self.len() {
            return Err(value_error(format!(
                "cages for {} puzzles, but {} puzzles; give one list of cages per puzzle",
                lists.len(),
                self.len()
            )));
        }
        let side = self.size().side();
        let mut all = Vec::with_capacity(lists.len());
        for (i, list) in lists.into_iter().enumerate() {
            let list: Vec<Cage> = list
                .into_iter()
                .map(|(sum, cells)| Cage { sum, cells })
                .collect();
            let cages =
                Cages::new(side, &list).map_err(|e| value_error(format!("cages[{i}]: {e}")))?;
            all.push(Arc::new(cages));
        }
        self.cages = Some(all);
        Ok(self)
    }

    fn size(&self) -> Size {
        self.shape.size()
    }

    fn len(&self) -> u64 {
        (self.cells.len() / self.shape.cells()) as u64
    }

    /// The cells of row `row`.
    fn row(&self, row: u64) -> &'a [u8] {
        let n = self.shape.cells();
        &self.cells[row as usize * n..(row as usize + 1) * n]
    }

    /// Grid `row` into `grid` (with its cages, for killer puzzles);
    /// `false` if a value is out of range.
    fn load(&self, row: u64, grid: &mut Grid) -> bool {
        let shape = match &self.cages {
            Some(cages) => match self.shape.with_cages(cages[row as usize].clone()) {
                Ok(shape) => shape,
                Err(_) => return false,
            },
            None => self.shape.clone(),
        };
        match Grid::from_values(shape, self.row(row)) {
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
            "a value out of range for {} grid (0 to {})",
            A(self.size()),
            self.size().side()
        )
    }

    /// An error if the grids have a variant, for `what` (a function whose
    /// symmetries are the classic ones), as the CLI refuses it.
    fn plain(&self, what: &str, spec: &Spec) -> PyResult<()> {
        if spec.is_killer() {
            return Err(value_error(format!(
                "{what} does not take killer puzzles yet (its symmetries would have to move the cages too)"
            )));
        }
        match self.shape.variant() {
            Variant::None => Ok(()),
            v => Err(value_error(format!(
                "{what} works on grids without a variant (its symmetries would not keep the units of variant '{}'); leave out variant and regions",
                v.name()
            ))),
        }
    }
}

/// Grids of `size`, cell after cell, as an `(N, side, side)` array (moved,
/// not copied).
fn grids_array(
    py: Python<'_>,
    cells: Vec<u8>,
    size: impl Into<Shape>,
) -> PyResult<Bound<'_, PyArray3<u8>>> {
    let size = size.into();
    let side = size.side();
    let n = cells.len() / size.cells();
    Array3::from_shape_vec((n, side, side), cells)
        .map(|a| a.into_pyarray(py))
        .map_err(|e| value_error(format!("internal error in sudogen: {e}")))
}

/// Grids `start..start + n` of a run (see the wrapper's `generate`).
#[pyfunction]
#[pyo3(signature = (n, spec, strategy=None, seed=0, start=0, jobs=None))]
fn generate<'py>(
    py: Python<'py>,
    n: u64,
    spec: Spec,
    strategy: Option<&str>,
    seed: u64,
    start: u64,
    jobs: Option<usize>,
) -> PyResult<Bound<'py, PyArray3<u8>>> {
    if spec.is_killer() {
        return Err(value_error(
            "generate makes grids, and killer cages come with puzzles; use puzzles(variant='killer')",
        ));
    }
    let shape = spec.made()?;
    let size = shape.size();
    let strategy = args::strategy(strategy, shape.clone())?;
    check_range(start, n)?;
    let jobs = run::jobs(jobs)?;
    let mut out = run::buffer(n, size.cells())?;
    let grids = GridRun::new(strategy, shape.clone(), seed);
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
        || Grid::new(shape.clone()),
        |index, grid, buf| {
            grids.fill(index, grid);
            buf.extend_from_slice(grid.cells());
        },
    )?;
    grids_array(py, out, shape)
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
    Option<Vec<CageList>>,
    Option<Vec<String>>,
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
    /// In a killer run: each puzzle's cages.
    cages: Vec<CageList>,
    /// In a run that draws its jigsaw maps: each puzzle's, as letters.
    layouts: Vec<String>,
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
        self.cages.append(&mut other.cages);
        self.layouts.append(&mut other.layouts);
    }
}

/// Puzzles `start..start + n` of a run (see the wrapper's `puzzles`):
/// puzzles, solutions, run indices, ratings in tenths and exact flags
/// (rated runs), the attempt that gave each puzzle (rated runs, and runs
/// that try several removal orders toward a clue target), fell-short
/// flags, the warnings the CLI would print, in a killer run each
/// puzzle's cages, and in a run that draws its jigsaw maps (`variant=
/// "jigsaw"` without regions) each puzzle's map as letters.
#[pyfunction]
#[pyo3(signature = (n, strategy, spec, seed, start, symmetry, clues, budget, rating, level,
                    attempts, jobs=None))]
#[allow(clippy::too_many_arguments)]
fn puzzles<'py>(
    py: Python<'py>,
    n: u64,
    strategy: Option<&str>,
    spec: Spec,
    seed: u64,
    start: u64,
    symmetry: Option<&str>,
    clues: Option<i64>,
    budget: Option<u64>,
    rating: Option<&str>,
    level: Option<&str>,
    attempts: Option<u64>,
    jobs: Option<usize>,
) -> PyResult<PuzzlesOut<'py>> {
    let (shape, grids) = match spec.drawn_side() {
        Some(side) => {
            // As the CLI: the strategy named (search by default), checked
            // against the shape of grid 0's map.
            let draw = |strategy| {
                GridRun::drawing_layouts(strategy, side, seed)
                    .map_err(|e| value_error(format!("variant='jigsaw': {e}")))
            };
            let first = draw(Strategy::Search)?.shape().clone();
            let strategy = args::strategy(Some(strategy.unwrap_or("search")), first)?;
            let grids = draw(strategy)?;
            (grids.shape().clone(), grids)
        }
        None => {
            let shape = spec.made()?;
            let strategy = args::strategy(strategy, shape.clone())?;
            (shape.clone(), GridRun::new(strategy, shape, seed))
        }
    };
    let size = shape.size();
    check_range(start, n)?;
    let jobs = run::jobs(jobs)?;
    let symmetry = args::symmetry(symmetry)?;
    let (killer, killer_level) = match spec.variant().filter(|_| spec.is_killer()) {
        Some(name) => {
            let (settings, level) =
                args::killer(name, &shape, symmetry, clues, (rating, level, attempts))?;
            (Some(settings), level)
        }
        None => (None, None),
    };
    let (clues, (filter, clue_attempts)) = match killer {
        // The killer checks took the rating keywords.
        Some(_) => (None, (None, 1)),
        None => {
            let clues = args::clues(clues, shape.clone())?;
            (
                clues,
                args::retries(rating, level, attempts, clues, shape.clone())?,
            )
        }
    };
    let settings = Settings {
        symmetry,
        clues,
        budget: args::budget(budget),
    };
    // Room for the puzzles and solutions, or MemoryError now.
    drop(run::buffer(n, 2 * size.cells())?);
    let drawn = grids.draws_layouts();
    let mut run = PuzzleRun::new(grids, settings, filter).with_clue_attempts(clue_attempts);
    if let Some(killer) = killer {
        run = run.with_killer(killer);
        if let Some((level, attempts)) = killer_level {
            run = run.with_killer_level(level, attempts);
        }
    }
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
            let mut grid = Grid::new(shape.clone());
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
                    // Ctrl-C: the call raises KeyboardInterrupt.
                    Err(Miss::Interrupted) => break,
                    Err(Miss::Killer) => {
                        part.unrated.push((
                            index,
                            format!(
                                "no killer puzzle within {} grids; try another seed",
                                sudogen::runs::KILLER_GRIDS
                            ),
                        ));
                        continue;
                    }
                };
                if let Some(cages) = cage_list(made.puzzle.shape()) {
                    part.cages.push(cages);
                }
                if let (true, Variant::Jigsaw(layout)) = (drawn, made.puzzle.shape().variant()) {
                    part.layouts.push(layout.text());
                }
                part.puzzles.extend_from_slice(made.puzzle.cells());
                part.solutions.extend_from_slice(grid.cells());
                part.index.push(index);
                // A killer level run's puzzles are of its level (the
                // killer rating's number; expert's a lower bound).
                let (se, exact) = match (made.rating, killer_level) {
                    (Some(r), _) => (r.se, r.exact),
                    (None, Some((level, _))) => (level.tenths(), level != KillerLevel::Expert),
                    (None, None) => (0, true),
                };
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
        let (mut reached, mut above) = (0, Vec::<u64>::new());
        for (puzzle, &short) in all.puzzles.chunks_exact(cells).zip(&all.short) {
            let given = puzzle.iter().filter(|&&v| v != 0).count();
            if short {
                // Reported with the budget's warning.
            } else if given > target {
                if above.len() <= given {
                    above.resize(given + 1, 0);
                }
                above[given] += 1;
            } else {
                reached += 1;
            }
        }
        warnings.extend(args::clue_note(target, clue_attempts, reached, &above));
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
    if !all.missed.is_empty() {
        let mut missed = Indices::default();
        all.missed.iter().for_each(|&i| missed.add(i));
        // Only rated runs and killer level runs miss.
        match (&filter, killer_level) {
            (Some(filter), _) => warnings.push(args::missed_warning(&missed, filter)),
            (None, Some(target)) => warnings.push(args::killer_missed_warning(&missed, target)),
            (None, None) => {}
        }
    }
    let rated = filter.is_some() || killer_level.is_some();
    // The attempt that gave each puzzle, where there were several.
    let tried = rated || clue_attempts > 1;
    Ok((
        grids_array(py, all.puzzles, shape.clone())?,
        grids_array(py, all.solutions, shape)?,
        all.index.into_pyarray(py),
        rated.then(|| all.se.into_pyarray(py)),
        rated.then(|| all.exact.into_pyarray(py)),
        tried.then(|| all.attempt.into_pyarray(py)),
        all.short.into_pyarray(py),
        warnings,
        killer.is_some().then_some(all.cages),
        drawn.then_some(all.layouts),
    ))
}

/// Grids read, the line of each, (when asked) the solutions they carry,
/// the shape of the records, and the inputs the file held (`(first row,
/// name)`: the file itself, or each member of a zip as `ARCHIVE:MEMBER`).
type Lines<'py> = (
    Bound<'py, PyArray3<u8>>,
    Bound<'py, PyArray1<u64>>,
    Option<Bound<'py, PyArray3<u8>>>,
    Spec,
    Vec<(u64, String)>,
    Option<Vec<CageList>>,
);

/// A batch read: cells, lines, solution cells (zeros where a record
/// carries none), the shape of its first record, the cages of its killer
/// records, and the first bad record.
#[derive(Default)]
struct Parsed {
    cells: Vec<u8>,
    lines: Vec<u64>,
    solutions: Vec<u8>,
    shape: Option<Shape>,
    cages: Vec<CageList>,
    bad: Option<(u64, String)>,
}

/// Why a file, or an input it holds, cannot be read: `ValueError` for
/// what it holds (a binary file, a damaged archive), `OSError` for the
/// rest.
fn unreadable(name: &str, e: std::io::Error) -> PyErr {
    match e.kind() {
        std::io::ErrorKind::InvalidData => value_error(format!("{name}: {e}")),
        _ => PyOSError::new_err(format!("{name}: cannot read: {e}")),
    }
}

/// Reads every record of a file in any format (`sudogen::format::read`),
/// unpacked as the CLI unpacks its inputs (`sudogen::format::unpack`:
/// gzip, the members of a zip in order, an `.npz`'s puzzles with its
/// solutions array beside them), parsing batches on `jobs` workers: the
/// grids, `(N, side, side)`, the line of each (in its input), with
/// `solutions` the solution each record carries (`PUZZLE SOLUTION` lines,
/// CSV and JSON solution fields, an `.npz`'s solutions; zeros where there
/// is none), the records' shape (`spec`'s size and variant where given,
/// else each record's own), the inputs the file held, and for killer
/// records the cages of each (one [`CageList`] a record). An unreadable
/// record, or records of several shapes, raise `ValueError` naming
/// `FILE:LINE` (`ARCHIVE:MEMBER:LINE` in a zip).
#[pyfunction]
#[pyo3(signature = (path, spec, format=None, solutions=false, jobs=None))]
fn read<'py>(
    py: Python<'py>,
    path: std::path::PathBuf,
    spec: Spec,
    format: Option<&str>,
    solutions: bool,
    jobs: Option<usize>,
) -> PyResult<Lines<'py>> {
    let format = format.map(args::format).transpose()?;
    let jobs = run::jobs(jobs)?;
    let name = path.display().to_string();
    if path.is_dir() {
        return Err(PyOSError::new_err(format!(
            "{name}: cannot open: it is a directory"
        )));
    }
    let file = std::fs::File::open(&path)
        .map_err(|e| PyOSError::new_err(format!("{name}: cannot open: {e}")))?;
    let parse = |batch: Batch, _: &pipeline::Stop| -> Parsed {
        let mut p = Parsed::default();
        let _ = batch.for_each_with_solution(|line, grid, solution| {
            let g = match grid {
                Ok(g) if p.shape.as_ref().is_none_or(|s| same_units(s, g.shape())) => g,
                Ok(g) => {
                    p.bad = Some((line, mixed(g.shape().clone(), p.shape.clone())));
                    return Err(());
                }
                Err(e) => {
                    p.bad = Some((line, e.to_string()));
                    return Err(());
                }
            };
            if p.shape.is_none() {
                p.shape = Some(g.shape().clone());
            }
            p.cages.extend(cage_list(g.shape()));
            p.cells.extend_from_slice(g.cells());
            p.lines.push(line);
            if solutions {
                match solution {
                    Some(Ok(s)) if s.size() == g.size() => p.solutions.extend_from_slice(s.cells()),
                    Some(Ok(s)) => {
                        p.bad = Some((
                            line,
                            format!("{} solution to {} puzzle", A(s.size()), A(g.size())),
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
    let mut inputs = Vec::new();
    run::detached(py, || -> PyResult<()> {
        let unpacked =
            unpack::unpack(&name, Box::new(file), Some(&path)).map_err(|e| unreadable(&name, e))?;
        for input in unpacked {
            let mut input = input.map_err(|e| unreadable(&name, e))?;
            let here = input.name.clone();
            inputs.push((all.lines.len() as u64, here.clone()));
            let npz = input.solutions.take();
            let mut reader = Reader::new(input, format, spec.size())
                .with_variant(spec.forced_variant())
                .with_npy_solutions(npz);
            pipeline::ordered(
                jobs,
                || reader.next_batch().map_err(|e| format!("{here}: {e}")),
                parse,
                |mut p: Parsed| {
                    if let Some(s) = p.shape {
                        if all.shape.as_ref().is_some_and(|f| !same_units(f, &s)) {
                            let line = p.lines.first().copied().unwrap_or(0);
                            return Err(format!("{here}:{line}: {}", mixed(s, all.shape.clone())));
                        }
                        all.shape.get_or_insert(s);
                    }
                    all.cells.append(&mut p.cells);
                    all.cages.append(&mut p.cages);
                    all.lines.append(&mut p.lines);
                    all.solutions.append(&mut p.solutions);
                    match p.bad {
                        Some((line, message)) => Err(format!("{here}:{line}: {message}")),
                        None => Ok(()),
                    }
                },
            )
            .map_err(value_error)?;
        }
        Ok(())
    })??;
    let shape = match all.shape {
        Some(shape) => shape,
        None => spec.made()?,
    };
    let solutions = match solutions {
        true => Some(grids_array(py, all.solutions, shape.clone())?),
        false => None,
    };
    let cages = shape.is_killer().then_some(all.cages);
    Ok((
        grids_array(py, all.cells, shape.clone())?,
        all.lines.into_pyarray(py),
        solutions,
        Spec::of(shape),
        inputs,
        cages,
    ))
}

/// Whether records of shapes `a` and `b` go in one array: the same units,
/// both killer puzzles (each with its own cages) or neither.
fn same_units(a: &Shape, b: &Shape) -> bool {
    a.is_killer() == b.is_killer() && a.without_cages() == b.without_cages()
}

/// The message for a grid of `shape` among grids of `first`.
fn mixed(shape: Shape, first: Option<Shape>) -> String {
    let first = first.map_or(String::new(), |s| s.to_string());
    let other = if first == shape.to_string() {
        " of another region map"
    } else {
        ""
    };
    format!(
        "{} grid among {first} grids{other}; read one shape at a time (size=, box=, variant=, regions=)",
        A(shape)
    )
}

/// Grids from strings, one record each, in the `line` or `grid` layout
/// (`.` or `0` for an empty cell), of `spec`'s size and variant where
/// given; `ValueError` naming `what[i]`.
#[pyfunction]
#[pyo3(signature = (strings, spec, what="puzzles"))]
fn parse<'py>(
    py: Python<'py>,
    strings: Vec<String>,
    spec: Spec,
    what: &str,
) -> PyResult<Bound<'py, PyArray3<u8>>> {
    let mut shape: Option<Shape> = None;
    let mut cells = Vec::new();
    for (i, s) in strings.iter().enumerate() {
        let mut g =
            Grid::parse(s, spec.size()).map_err(|e| value_error(format!("{what}[{i}]: {e}")))?;
        if let Some(v) = spec.forced_variant() {
            g.set_variant(v)
                .map_err(|e| value_error(format!("{what}[{i}]: {e}")))?;
        }
        if shape.as_ref().is_some_and(|s| s != g.shape()) {
            return Err(value_error(format!(
                "{what}[{i}]: {}",
                mixed(g.shape().clone(), shape)
            )));
        }
        shape = Some(g.shape().clone());
        cells.extend_from_slice(g.cells());
    }
    let shape = match shape {
        Some(shape) => shape,
        None => spec.made()?,
    };
    grids_array(py, cells, shape)
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
            let (mut grid, mut state) = (Grid::new(rows.shape.clone()), scratch());
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

/// The first problem as a `ValueError` naming its row.
fn first_problem(problems: Problems) -> PyResult<()> {
    match problems.into_iter().next() {
        Some((row, message)) => Err(value_error(format!("row {row}: {message}"))),
        None => Ok(()),
    }
}

/// The solutions found by a search of each row.
#[derive(Default)]
struct Searched {
    solutions: Vec<u8>,
    counts: Vec<u64>,
    cut: Vec<bool>,
}

/// Searches each puzzle (killer puzzles with `cages`, one list a row):
/// the first solution found (zeros if none), the solutions found up to
/// `limit`, and whether the budget cut the search.
#[pyfunction]
#[pyo3(signature = (grids, spec, limit, budget, jobs=None, cages=None))]
#[allow(clippy::type_complexity)]
fn search_each<'py>(
    py: Python<'py>,
    grids: PyReadonlyArray3<'py, u8>,
    spec: Spec,
    limit: u64,
    budget: Option<u64>,
    jobs: Option<usize>,
    cages: Option<Vec<CageList>>,
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
    let rows = Rows::of(&grids, &spec)?.with_cages(cages, &spec)?;
    let jobs = run::jobs(jobs)?;
    let spec = Search {
        limit,
        budget: args::budget(budget),
    };
    let cells = rows.shape.cells();
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
    first_problem(problems)?;
    Ok((
        grids_array(py, all.solutions, rows.shape)?,
        all.counts.into_pyarray(py),
        all.cut.into_pyarray(py),
        Problems::new(),
    ))
}

/// Ratings of a chunk of rows.
#[derive(Default)]
struct Rated {
    se: Vec<u8>,
    exact: Vec<bool>,
    ep: Vec<u8>,
    ed: Vec<u8>,
    ep_exact: Vec<bool>,
    ed_exact: Vec<bool>,
    work: Vec<u64>,
    level: Vec<&'static str>,
    technique: Vec<&'static str>,
    steps: Vec<u64>,
    /// Each puzzle's path as JSON (`rate --explain -f json`'s `path`),
    /// when asked for.
    paths: Vec<String>,
    problems: Problems,
}

impl Rated {
    fn push(&mut self, r: Option<&sudogen::rate::Rating>) {
        self.se.push(r.map_or(0, |r| r.se));
        self.exact.push(r.is_some_and(|r| r.exact));
        self.ep.push(r.map_or(0, |r| r.ep));
        self.ed.push(r.map_or(0, |r| r.ed));
        self.ep_exact.push(r.is_some_and(|r| r.ep_exact));
        self.ed_exact.push(r.is_some_and(|r| r.ed_exact));
        self.work.push(r.map_or(0, |r| r.work));
        self.level.push(r.map_or("", |r| r.level().name()));
        self.technique.push(r.map_or("", |r| r.hardest_name()));
        self.steps.push(r.map_or(0, |r| r.steps as u64));
    }

    /// Keeps the path of `r` (of a puzzle of `shape`), as JSON.
    fn push_path(&mut self, r: Option<&sudogen::rate::Rating>, shape: Shape) {
        let symbol = |v: u8| char::from(shape.size().symbol(v));
        let steps: Vec<StepRecord> = r
            .map(|r| {
                r.path
                    .iter()
                    .map(|s| StepRecord::of(s, shape.clone(), &symbol))
                    .collect()
            })
            .unwrap_or_default();
        self.paths.push(path_text(&steps));
    }

    /// Keeps killer rating `r` as `sudogen rate --ep --ed` writes it (the
    /// level in tenths as SE, EP and ED, EP and ED never exact; exact
    /// when the techniques filled the grid; no nested chains' work), and
    /// with `explain` its path, cells named on a grid of `size`.
    fn push_killer(&mut self, r: &KillerRating, explain: bool, size: Size) {
        let tenths = r.level.tenths();
        self.se.push(tenths);
        self.exact.push(r.solved);
        self.ep.push(tenths);
        self.ed.push(tenths);
        self.ep_exact.push(false);
        self.ed_exact.push(false);
        self.work.push(0);
        self.level.push(r.level.name());
        self.technique.push(r.hardest.map_or("none", |t| t.name()));
        self.steps.push(r.steps.len() as u64);
        if explain {
            let steps: Vec<StepRecord> = (r.steps.iter())
                .map(|step| StepRecord::of_killer(step, size))
                .collect();
            self.paths.push(path_text(&steps));
        }
    }

    fn append(&mut self, mut other: Rated) {
        self.se.append(&mut other.se);
        self.exact.append(&mut other.exact);
        self.ep.append(&mut other.ep);
        self.ed.append(&mut other.ed);
        self.ep_exact.append(&mut other.ep_exact);
        self.ed_exact.append(&mut other.ed_exact);
        self.work.append(&mut other.work);
        self.level.append(&mut other.level);
        self.technique.append(&mut other.technique);
        self.steps.append(&mut other.steps);
        self.paths.append(&mut other.paths);
        self.problems.append(&mut other.problems);
    }
}

/// What `rate` hands the wrapper: SE (ER), EP and ED in tenths, whether
/// each is exact, the nested chains' work, level, hardest technique,
/// steps, problems, the scale the library gives the puzzles' shape
/// (`SE`, or `technique level`), and with `explain` each path as JSON.
type RateOut<'py> = (
    (
        Bound<'py, PyArray1<u8>>,
        Bound<'py, PyArray1<u8>>,
        Bound<'py, PyArray1<u8>>,
    ),
    (
        Bound<'py, PyArray1<bool>>,
        Bound<'py, PyArray1<bool>>,
        Bound<'py, PyArray1<bool>>,
    ),
    Bound<'py, PyArray1<u64>>,
    Vec<&'static str>,
    Vec<&'static str>,
    Bound<'py, PyArray1<u64>>,
    Problems,
    &'static str,
    Vec<String>,
);

/// Rates each puzzle on the Sudoku Explainer scale, as `sudogen rate`
/// (`budget` guesses for the uniqueness check, `work` for the nested
/// chains, `None` for no bound); a puzzle that cannot be rated is a
/// problem (SE 0, level and technique empty), as the CLI has it. Killer
/// puzzles (with `cages`) are rated as the CLI rates them, by the killer
/// logical solver: their killer level (1.0 easy to 4.0 expert) on the
/// scale `killer level`. With `explain`, each puzzle's path too, as JSON
/// (`[]` for a puzzle not rated).
#[pyfunction]
#[pyo3(signature = (grids, spec, budget, work, jobs=None, explain=false, cages=None))]
#[allow(clippy::too_many_arguments)]
fn rate<'py>(
    py: Python<'py>,
    grids: PyReadonlyArray3<'py, u8>,
    spec: Spec,
    budget: Option<u64>,
    work: Option<u64>,
    jobs: Option<usize>,
    explain: bool,
    cages: Option<Vec<CageList>>,
) -> PyResult<RateOut<'py>> {
    let rows = Rows::of(&grids, &spec)?.with_cages(cages, &spec)?;
    let killer = rows.cages.is_some();
    let scale = if killer {
        KILLER_SCALE
    } else {
        Scale::of(rows.shape.clone()).name()
    };
    let jobs = run::jobs(jobs)?;
    let budget = args::budget(budget);
    let work = args::budget(work);
    let mut all = Rated::default();
    let bad = each_row(
        py,
        &rows,
        (256, jobs),
        || (),
        |row, puzzle, (), part: &mut Rated| match rated(puzzle, killer, explain, budget, work) {
            Ok(Either::Classic(r)) => {
                part.push(Some(&r));
                if explain {
                    part.push_path(Some(&r), rows.shape.clone());
                }
            }
            Ok(Either::Killer(r)) => part.push_killer(&r, explain, rows.size()),
            Err(e) => {
                let message = match e {
                    Unrated::Budget => format!("{e}; raise budget"),
                    e => e.to_string(),
                };
                part.problems.push((row, message));
                part.push(None);
                if explain {
                    part.push_path(None, rows.shape.clone());
                }
            }
        },
        |part| all.append(part),
    )?;
    first_problem(bad)?;
    Ok((
        (
            all.se.into_pyarray(py),
            all.ep.into_pyarray(py),
            all.ed.into_pyarray(py),
        ),
        (
            all.exact.into_pyarray(py),
            all.ep_exact.into_pyarray(py),
            all.ed_exact.into_pyarray(py),
        ),
        all.work.into_pyarray(py),
        all.level,
        all.technique,
        all.steps.into_pyarray(py),
        all.problems,
        scale,
        all.paths,
    ))
}

/// A puzzle's rating: on the SE scale, or a killer puzzle's killer level.
enum Either {
    Classic(sudogen::rate::Rating),
    Killer(KillerRating),
}

/// Rates `puzzle` as `sudogen rate` does: a killer puzzle (`killer`) by
/// `rate_killer`, any other by `rate_limited`.
fn rated(
    puzzle: &Grid,
    killer: bool,
    explain: bool,
    budget: sudogen::solve::Budget,
    work: sudogen::solve::Budget,
) -> Result<Either, Unrated> {
    if killer {
        rate_killer(puzzle, budget).map(Either::Killer)
    } else {
        rate_limited(puzzle, explain, budget, work).map(Either::Classic)
    }
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
    let cells = rows.shape.cells();
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
    first_problem(bad)?;
    Ok(all)
}

/// Canonical forms (and, with `transforms`, a transform to each, as text).
#[pyfunction]
#[pyo3(signature = (grids, spec, by="string", transforms=false, jobs=None))]
#[allow(clippy::type_complexity)]
fn canon<'py>(
    py: Python<'py>,
    grids: PyReadonlyArray3<'py, u8>,
    spec: Spec,
    by: &str,
    transforms: bool,
    jobs: Option<usize>,
) -> PyResult<(Bound<'py, PyArray3<u8>>, Option<Vec<String>>, Problems)> {
    let rows = Rows::of(&grids, &spec)?;
    rows.plain("canon", &spec)?;
    let want = if transforms {
        Want::FormsAndTransforms
    } else {
        Want::Forms
    };
    let all = forms_of(py, &rows, args::by(by)?, want, run::jobs(jobs)?)?;
    Ok((
        grids_array(py, all.forms, rows.shape)?,
        transforms.then_some(all.transforms),
        all.problems,
    ))
}

/// Fingerprints of the canonical forms: `(N, 2)` `uint64`, the low then
/// the high 64 bits of the 128-bit `sudogen::dataset::Fingerprint` (zeros
/// for rows that have none: see the problems).
#[pyfunction]
#[pyo3(signature = (grids, spec, by="string", jobs=None))]
fn fingerprints<'py>(
    py: Python<'py>,
    grids: PyReadonlyArray3<'py, u8>,
    spec: Spec,
    by: &str,
    jobs: Option<usize>,
) -> PyResult<(Bound<'py, PyArray2<u64>>, Problems)> {
    let rows = Rows::of(&grids, &spec)?;
    rows.plain("fingerprints", &spec)?;
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

/// The parts of a chunk of rows.
#[derive(Default)]
struct Placed {
    parts: Vec<i64>,
    problems: Problems,
}

/// The part of each record in a split (`sudogen::dataset::Split`) by its
/// key under `by` (`sudogen::dataset::split_key`: the record's canonical
/// form, or with `solution` its solution grid's, from `solutions` where a
/// row is not all zeros, else found by a search); -1 past the last part or
/// for a record without a key (see the problems).
#[pyfunction]
#[pyo3(signature = (grids, spec, fractions, seed=0, by="string", solutions=None, jobs=None))]
#[allow(clippy::too_many_arguments)]
fn split<'py>(
    py: Python<'py>,
    grids: PyReadonlyArray3<'py, u8>,
    spec: Spec,
    fractions: Vec<f64>,
    seed: u64,
    by: &str,
    solutions: Option<PyReadonlyArray3<'py, u8>>,
    jobs: Option<usize>,
) -> PyResult<(Bound<'py, PyArray1<i64>>, Problems)> {
    let split = Split::new(&fractions, seed).map_err(|e| value_error(e.to_string()))?;
    let by = args::by(by)?;
    let rows = Rows::of(&grids, &spec)?;
    rows.plain("split", &spec)?;
    let sols = solutions.as_ref().map(|s| Rows::of(s, &spec)).transpose()?;
    same_shape(&rows, sols.as_ref())?;
    let sols = sols.filter(|_| by == By::Solution);
    let mut all = Placed::default();
    let bad = each_row(
        py,
        &rows,
        (1024, run::jobs(jobs)?),
        Canonicalizer::new,
        |row, grid, canon, part: &mut Placed| {
            let carried = sols.as_ref().and_then(|s| {
                let cells = s.row(row);
                cells
                    .iter()
                    .any(|&v| v != 0)
                    .then(|| Grid::from_values(s.shape.clone(), cells))
            });
            let key = match carried {
                Some(None) => Err(format!("its solution: {}", rows.out_of_range())),
                Some(Some(s)) => match solution_problem(grid, Ok(&s)) {
                    Some(problem) => Err(problem),
                    None => split_key(canon, grid, Some(&s), by).map_err(|e| e.to_string()),
                },
                None => split_key(canon, grid, None, by).map_err(|e| e.to_string()),
            };
            match key {
                Ok(key) => part.parts.push(split.part(key).map_or(-1, |k| k as i64)),
                Err(message) => {
                    part.problems.push((row, message));
                    part.parts.push(-1);
                }
            }
        },
        |mut part| {
            all.parts.append(&mut part.parts);
            all.problems.append(&mut part.problems);
        },
    )?;
    first_problem(bad)?;
    Ok((all.parts.into_pyarray(py), all.problems))
}

/// An error unless `solutions` (if any) are as many as `rows`, of the same
/// side.
fn same_shape(rows: &Rows<'_>, solutions: Option<&Rows<'_>>) -> PyResult<()> {
    match solutions {
        Some(s) if s.size() != rows.size() || s.len() != rows.len() => Err(value_error(format!(
            "solutions of shape ({}, {s2}, {s2}) for puzzles of shape ({}, {p}, {p})",
            s.len(),
            rows.len(),
            s2 = s.size().side(),
            p = rows.size().side()
        ))),
        _ => Ok(()),
    }
}

/// Whether each record is the first of its isomorphism class in the
/// array (`sudogen::dataset::Distinct`); false for a record without a
/// canonical form (see the problems).
#[pyfunction]
#[pyo3(signature = (grids, spec, by="string", jobs=None))]
fn distinct<'py>(
    py: Python<'py>,
    grids: PyReadonlyArray3<'py, u8>,
    spec: Spec,
    by: &str,
    jobs: Option<usize>,
) -> PyResult<(Bound<'py, PyArray1<bool>>, Problems)> {
    let rows = Rows::of(&grids, &spec)?;
    rows.plain("distinct", &spec)?;
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

/// What `transform` hands the wrapper: the copies, the solutions' copies
/// (when given), and the rows whose solution does not solve their puzzle.
type Transformed<'py> = (
    Bound<'py, PyArray3<u8>>,
    Option<Bound<'py, PyArray3<u8>>>,
    Problems,
);

/// Random symmetries of each record, reproducible by seed and record
/// index (`sudogen::transform::TransformStream`): copy `k` of row `i` is
/// row `i * copies + k`, transformed by the stream's transform of
/// (record `start + i`, copy `k`); `solutions`, if given, get the same
/// transforms, and each must solve its puzzle (`check::solution_problem`;
/// the rows where one does not are the problems).
#[pyfunction]
#[pyo3(signature = (grids, spec, seed=0, copies=1, start=0, solutions=None, jobs=None))]
#[allow(clippy::too_many_arguments)]
fn transform<'py>(
    py: Python<'py>,
    grids: PyReadonlyArray3<'py, u8>,
    spec: Spec,
    seed: u64,
    copies: u32,
    start: u64,
    solutions: Option<PyReadonlyArray3<'py, u8>>,
    jobs: Option<usize>,
) -> PyResult<Transformed<'py>> {
    let rows = Rows::of(&grids, &spec)?;
    rows.plain("transform", &spec)?;
    let jobs = run::jobs(jobs)?;
    let sols = solutions.as_ref().map(|s| Rows::of(s, &spec)).transpose()?;
    same_shape(&rows, sols.as_ref())?;
    check_range(start, rows.len())?;
    let side = rows.size().side();
    for (what, r) in [("puzzles", Some(&rows)), ("solutions", sols.as_ref())] {
        if let Some(at) = r.and_then(|r| r.cells.iter().position(|&v| usize::from(v) > side)) {
            return Err(value_error(format!(
                "{what}[{}]: {}",
                at / rows.shape.cells(),
                rows.out_of_range()
            )));
        }
    }
    let cells = rows.shape.cells();
    let shape = sudogen::transform::Shape::of(rows.size());
    let stream = TransformStream::new(seed);
    let total = rows.len().checked_mul(u64::from(copies)).ok_or_else(|| {
        pyo3::exceptions::PyMemoryError::new_err("too many copies to hold in memory")
    })?;
    let mut a = run::buffer(total, cells)?;
    let mut b = match sols {
        Some(_) => run::buffer(total, cells)?,
        None => Vec::new(),
    };
    let mut problems = Problems::new();
    let most = (4096 / u64::from(copies.max(1))).max(1);
    run::chunks(
        py,
        (0, rows.len(), most),
        jobs,
        |first, len, stop| {
            let mut part = (Vec::new(), Vec::new(), Problems::new());
            for row in (0..len).map(|k| first + k) {
                if stop.is_set() {
                    break;
                }
                let puzzle = rows.row(row);
                if let Some(s) = &sols {
                    let (p, s) = (
                        Grid::from_values(rows.shape.clone(), puzzle),
                        Grid::from_values(s.shape.clone(), s.row(row)),
                    );
                    if let (Some(p), Some(s)) = (p, s)
                        && let Some(problem) = p
                            .validate_givens()
                            .err()
                            .map(|e| e.to_string())
                            .or_else(|| solution_problem(&p, Ok(&s)))
                    {
                        part.2.push((row, problem));
                    }
                }
                for k in 0..copies {
                    let t = stream.transform(shape, start + row, k);
                    let from = part.0.len();
                    part.0.resize(from + cells, 0);
                    t.apply_cells(puzzle, &mut part.0[from..]);
                    if let Some(s) = &sols {
                        part.1.resize(from + cells, 0);
                        t.apply_cells(s.row(row), &mut part.1[from..]);
                    }
                }
            }
            part
        },
        |(mut x, mut y, mut p)| {
            a.append(&mut x);
            b.append(&mut y);
            problems.append(&mut p);
        },
    )?;
    let b = match sols {
        Some(_) => Some(grids_array(py, b, rows.shape.clone())?),
        None => None,
    };
    Ok((grids_array(py, a, rows.shape)?, b, problems))
}

/// The names the library gives strategies, symmetries, levels, killer
/// levels, canonical conventions, formats and variants, for the wrapper's checks and the
/// stub.
#[pyfunction]
fn names() -> Vec<(&'static str, Vec<&'static str>)> {
    use sudogen::puzzle::Symmetry;
    use sudogen::rate::Level;
    vec![
        ("strategy", Strategy::ALL.iter().map(|s| s.name()).collect()),
        ("symmetry", Symmetry::ALL.iter().map(|s| s.name()).collect()),
        ("level", Level::ALL.iter().map(|l| l.name()).collect()),
        (
            "killer_level",
            KillerLevel::ALL.iter().map(|l| l.name()).collect(),
        ),
        ("by", By::ALL.iter().map(|b| b.name()).collect()),
        (
            "format",
            sudogen::format::FORMATS.iter().map(|f| f.name()).collect(),
        ),
        ("variant", spec::NAMES.to_vec()),
    ]
}

/// The native module.
#[pymodule]
fn _sudogen(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<Spec>()?;
    m.add_function(wrap_pyfunction!(spec::spec, m)?)?;
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
