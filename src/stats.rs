//! `sudogen stats`: how far a stream of grids is from uniformly random.
//!
//! Every statistic is compared with its exact or asymptotic value under the
//! uniform distribution on grids, with a p-value from `statrs` and a pass or
//! fail at a stated level. A uniform generator fails each test with
//! probability equal to the level; the tests marked "not independent" reuse
//! the same grids, so their p-values are approximate.
//!
//! **Shapes.** The counts are of one shape. The symbol in each cell is
//! tested on every shape: relabelling the symbols maps the valid grids of
//! any shape (boxes, X, Hyper, Jigsaw) onto themselves, so under the
//! uniform distribution each cell holds each symbol equally often. The
//! other references are known for the classic shapes only: the 288 grids
//! of classic 4x4, and the band classes and unavoidable rectangles of
//! classic 9x9 (a variant's units change which bands can occur), and the
//! number of grids behind the expected duplicates. On a variant of those
//! sides the table says which tests do not apply and why. Puzzles are
//! checked unique in their own shape (the variant's units included)
//! before they are rated.

use std::collections::HashSet;

use statrs::distribution::{ChiSquared, ContinuousCDF, DiscreteCDF, Normal, Poisson};

use crate::check::fingerprint;
use crate::grid::{Grid, MAX_CELLS, MAX_SIDE, Shape, Size};
use crate::runs::GridRun;
use crate::solve::{DEFAULT_BUDGET, Search};
use crate::strategies::uniform::{all_4x4, band_key, class_of_key, signature};

/// The number of 9x9 grids.
pub const N0: f64 = 6.670_903_752_021_073e21;
/// The mean number of 4-cell unavoidable rectangles in a uniform 9x9 grid:
/// 320784513273 / 27704267971.
pub const RECTANGLES_MEAN: f64 = 320_784_513_273.0 / 27_704_267_971.0;
/// A chi-square test is applied only when every bin is expected at least
/// this many times (the usual rule; below it the chi-square approximation
/// is poor).
pub const MIN_EXPECTED: f64 = 5.0;
/// The normal approximation of a mean is applied from this many grids.
pub const MIN_NORMAL: f64 = 30.0;
/// The standard deviation of that number per grid (about).
pub const RECTANGLES_SD: f64 = 3.52;

/// P(top band in class) under a uniform grid for the 44 classes.
fn class_probabilities() -> [f64; 44] {
    std::array::from_fn(|k| crate::reference::band_classes()[k].p_top_band)
}

/// The class (0..44) of a band given as three rows of digits 0..9.
pub fn band_class(rows: &[[u8; 9]; 3]) -> usize {
    class_of_key(band_key(&signature(rows))).unwrap_or(0)
}

/// Running counts over a stream of grids of one shape.
#[derive(Clone, Debug)]
pub struct Stats {
    shape: Shape,
    grids: u64,
    seen: HashSet<u128>,
    /// `cell_counts[cell * side + value - 1]`.
    cell_counts: Vec<u64>,
    /// 4x4: how often each of the 288 grids appeared.
    grid_counts: Vec<u64>,
    /// 9x9: top-band classes, and classes of all bands and stacks.
    top_band: [u64; 44],
    all_bands: [u64; 44],
    rectangles: u64,
    rectangles_sq: u64,
    /// Puzzles counted, by their number of clues.
    clue_counts: Vec<u64>,
    /// Puzzles by SE rating in tenths (index 255: rated inexactly, as a
    /// lower bound).
    ratings: Vec<u64>,
    /// Puzzles without exactly one solution in their shape (not rated).
    unrated: u64,
    /// Puzzles whose uniqueness check ran out of its search budget.
    undecided: u64,
    /// Unique puzzles the rater failed on (a step contradicted the
    /// solution: a bug, counted rather than hidden).
    rater_failed: u64,
}

impl Stats {
    /// Empty counts for grids of `shape` (a size, or a size and variant).
    pub fn new(shape: impl Into<Shape>) -> Stats {
        let shape = shape.into();
        let size = shape.size();
        Stats {
            shape: shape.clone(),
            grids: 0,
            seen: HashSet::new(),
            cell_counts: vec![0; size.cells() * size.side()],
            grid_counts: vec![
                0;
                if shape.is_classic() && shape.size() == Size::S4 {
                    288
                } else {
                    0
                }
            ],
            top_band: [0; 44],
            all_bands: [0; 44],
            rectangles: 0,
            rectangles_sq: 0,
            clue_counts: vec![0; size.cells() + 1],
            ratings: vec![0; 256],
            unrated: 0,
            undecided: 0,
            rater_failed: 0,
        }
    }

    /// The size counted.
    pub fn size(&self) -> Size {
        self.shape.size()
    }

    /// The shape counted.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// Whether the shape is `size` without a variant and with its square
    /// boxes (the shapes the uniform references are known for).
    fn is_classic(&self, size: Size) -> bool {
        self.shape == Shape::plain(size)
    }

    /// How many grids were counted.
    pub fn grids(&self) -> u64 {
        self.grids
    }

    /// Counts one puzzle (a grid of this shape with empty cells) by its
    /// number of clues, and, if it has exactly one solution in its shape,
    /// its Sudoku Explainer rating.
    pub fn add_puzzle(&mut self, puzzle: &Grid) {
        debug_assert!(puzzle.shape().same_kind(&self.shape));
        self.clue_counts[crate::puzzle::clues(puzzle)] += 1;
        let search = Search {
            limit: 2,
            budget: DEFAULT_BUDGET,
        };
        let outcome = crate::solve::search(puzzle, search);
        let solution = match (&outcome.first, outcome.solutions, outcome.cut) {
            (_, _, true) => {
                self.undecided += 1;
                return;
            }
            (Some(solution), 1, false) => solution,
            _ => {
                self.unrated += 1;
                return;
            }
        };
        // Killer puzzles are not rated yet (the rater does not take
        // cages): counted by their clues and their one solution only.
        if puzzle.shape().is_killer() {
            return;
        }
        match crate::rate::rate_solved(puzzle, solution, false, u8::MAX) {
            Ok(r) if r.exact => self.ratings[usize::from(r.se)] += 1,
            Ok(_) => self.ratings[255] += 1,
            Err(_) => self.rater_failed += 1,
        }
    }

    /// The ratings of the puzzles: the mean of the exact ones, how many
    /// puzzles each level and each rating has, and how many could not be
    /// rated exactly or at all.
    fn rating_rows(&self) -> Vec<Row> {
        let exact: u64 = self.ratings[..255].iter().sum();
        let mut rows = Vec::new();
        if exact > 0 {
            let sum: u64 = self.ratings[..255]
                .iter()
                .enumerate()
                .map(|(se, &c)| se as u64 * c)
                .sum();
            let scale = match crate::rate::Scale::of(&self.shape) {
                crate::rate::Scale::Se => "SE rating",
                crate::rate::Scale::TechniqueLevel => "technique level",
            };
            rows.push(Row::info(
                &format!("{scale} (exact ones): mean"),
                sum as f64 / exact as f64 / 10.0,
            ));
        }
        for level in crate::rate::Level::ALL {
            let (lo, hi) = level.range();
            let n: u64 = self.ratings[usize::from(lo)..=usize::from(hi)].iter().sum();
            if n > 0 {
                rows.push(Row::info(
                    &format!("puzzles at level {}", level.name()),
                    n as f64,
                ));
            }
        }
        for (se, &c) in self.ratings[..255]
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
        {
            rows.push(Row::info(
                &format!("puzzles rated {}.{}", se / 10, se % 10),
                c as f64,
            ));
        }
        if self.ratings[255] > 0 {
            rows.push(Row::info(
                "puzzles rated as a lower bound (9.0+, 6.5+ beyond 9x9)",
                self.ratings[255] as f64,
            ));
        }
        if self.unrated > 0 {
            rows.push(Row::info(
                "puzzles without exactly one solution",
                self.unrated as f64,
            ));
        }
        if self.undecided > 0 {
            rows.push(Row::info(
                "puzzles whose uniqueness check ran out of search budget",
                self.undecided as f64,
            ));
        }
        if self.rater_failed > 0 {
            rows.push(Row::info(
                "unique puzzles the rater failed on (internal error)",
                self.rater_failed as f64,
            ));
        }
        rows
    }

    /// How many puzzles were counted.
    pub fn puzzles(&self) -> u64 {
        self.clue_counts.iter().sum()
    }

    /// The clue counts of the puzzles: mean, standard deviation, and how
    /// many puzzles have each number of clues (those with any).
    fn clue_rows(&self) -> Vec<Row> {
        let n = self.puzzles() as f64;
        if n == 0.0 {
            return Vec::new();
        }
        let mean = self
            .clue_counts
            .iter()
            .enumerate()
            .map(|(k, &c)| k as f64 * c as f64)
            .sum::<f64>()
            / n;
        let var = self
            .clue_counts
            .iter()
            .enumerate()
            .map(|(k, &c)| (k as f64 - mean).powi(2) * c as f64)
            .sum::<f64>()
            / n;
        let mut rows = vec![
            Row::info("puzzles", n),
            Row::info("clues per puzzle: mean", mean),
            Row::info("clues per puzzle: sd", var.sqrt()),
        ];
        for (k, &c) in self.clue_counts.iter().enumerate().filter(|(_, c)| **c > 0) {
            rows.push(Row::info(&format!("puzzles with {k} clues"), c as f64));
        }
        rows.extend(self.rating_rows());
        rows
    }

    /// Counts one valid grid of this shape.
    pub fn add(&mut self, grid: &Grid) {
        debug_assert!(grid.shape().same_kind(&self.shape));
        self.grids += 1;
        self.seen.insert(fingerprint(grid));
        let side = self.shape.side();
        for (cell, &v) in grid.cells().iter().enumerate() {
            self.cell_counts[cell * side + usize::from(v) - 1] += 1;
        }
        if !self.shape.is_classic() {
            return;
        }
        match self.shape.size() {
            Size::S4 => {
                if let Ok(k) = all_4x4().binary_search_by(|g| g[..].cmp(grid.cells())) {
                    self.grid_counts[k] += 1;
                }
            }
            Size::S9 => {
                let mut digits = [0u8; MAX_CELLS];
                for (d, &v) in digits.iter_mut().zip(grid.cells()) {
                    *d = v - 1;
                }
                let at = |r: usize, c: usize| digits[r * 9 + c];
                for band in 0..3 {
                    let rows =
                        std::array::from_fn(|i| std::array::from_fn(|c| at(3 * band + i, c)));
                    let class = band_class(&rows);
                    if band == 0 {
                        self.top_band[class] += 1;
                    }
                    self.all_bands[class] += 1;
                    let cols =
                        std::array::from_fn(|i| std::array::from_fn(|r| at(r, 3 * band + i)));
                    self.all_bands[band_class(&cols)] += 1;
                }
                let r = rectangles(grid);
                self.rectangles += r;
                self.rectangles_sq += r * r;
            }
            _ => {}
        }
    }

    /// Adds the counts of `other` (same size).
    pub fn merge(&mut self, other: Stats) {
        self.grids += other.grids;
        self.seen.extend(other.seen);
        for (a, b) in self.cell_counts.iter_mut().zip(&other.cell_counts) {
            *a += b;
        }
        for (a, b) in self.grid_counts.iter_mut().zip(&other.grid_counts) {
            *a += b;
        }
        for k in 0..44 {
            self.top_band[k] += other.top_band[k];
            self.all_bands[k] += other.all_bands[k];
        }
        self.rectangles += other.rectangles;
        self.rectangles_sq += other.rectangles_sq;
        for (a, b) in self.clue_counts.iter_mut().zip(&other.clue_counts) {
            *a += b;
        }
        for (a, b) in self.ratings.iter_mut().zip(&other.ratings) {
            *a += b;
        }
        self.unrated += other.unrated;
        self.undecided += other.undecided;
        self.rater_failed += other.rater_failed;
    }

    /// The statistics, each against its uniform expectation at `level`.
    pub fn report(&self, level: f64) -> Vec<Row> {
        let mut rows = vec![Row::info("grids", self.grids as f64)];
        if self.grids > 0 {
            rows.push(self.duplicates_row(level));
            rows.extend(self.frequency_rows(level));
            if self.is_classic(Size::S9) {
                rows.extend(self.band_rows(level));
            } else if self.shape.side() == 9 {
                rows.extend(self.classic_only(&[
                    "top-band class (44): chi-square",
                    "class of all bands and stacks: chi-square",
                    "4-cell unavoidable rectangles per grid",
                ]));
            }
        }
        rows.extend(self.clue_rows());
        rows
    }

    /// Duplicate grids against their expected number among as many
    /// uniform draws.
    fn duplicates_row(&self, level: f64) -> Row {
        let n = self.grids as f64;
        let dups = n - self.seen.len() as f64;
        let population = match self.shape.size() {
            _ if !self.shape.is_classic() => None,
            Size::S4 => Some(288.0),
            Size::S9 => Some(N0),
            _ => None,
        };
        match population {
            Some(big) if big > 1e12 => {
                let expected = n * (n - 1.0) / (2.0 * big);
                let p = if dups > 0.0 {
                    Poisson::new(expected.max(1e-300))
                        .map(|d| d.sf(dups as u64 - 1))
                        .unwrap_or(0.0)
                } else {
                    1.0
                };
                Row::test("duplicate grids", dups, expected, p, level, "")
            }
            Some(big) => {
                let expected = n - big * (1.0 - (1.0 - 1.0 / big).powf(n));
                Row::info("duplicate grids", dups).expected(expected)
            }
            None if !self.shape.is_classic() => Row {
                note: format!(
                    "no expected number: how many {} grids there are is not known here",
                    self.shape
                ),
                ..Row::info("duplicate grids", dups)
            },
            None => Row::info("duplicate grids", dups),
        }
    }

    /// The symbol in each cell, and at 4x4 each of the 288 grids, against
    /// equal frequencies.
    fn frequency_rows(&self, level: f64) -> Vec<Row> {
        let n = self.grids as f64;
        let side = self.shape.side();
        let e = n / side as f64;
        let chi2: f64 = self
            .cell_counts
            .iter()
            .map(|&o| (o as f64 - e).powi(2) / e)
            .sum();
        let df = (self.shape.cells() * (side - 1)) as f64;
        let mut rows = vec![Row::chi2(
            "symbol in each cell",
            chi2,
            df,
            level,
            "cells not independent",
            MIN_EXPECTED * side as f64,
            n,
        )];
        if self.is_classic(Size::S4) {
            let e = n / 288.0;
            let chi2: f64 = self
                .grid_counts
                .iter()
                .map(|&o| (o as f64 - e).powi(2) / e)
                .sum();
            rows.push(Row::chi2(
                "each of the 288 grids",
                chi2,
                287.0,
                level,
                "",
                MIN_EXPECTED * 288.0,
                n,
            ));
        } else if self.shape.side() == 4 {
            rows.extend(self.classic_only(&["each of the 288 grids: chi-square"]));
        }
        rows
    }

    /// The tests of `names`, whose uniform reference is known for the
    /// classic grid of this side only: not applicable to this shape.
    fn classic_only(&self, names: &[&str]) -> Vec<Row> {
        let side = self.shape.side();
        let reason = format!(
            "not applicable: its uniform reference is for classic {side}x{side} grids, not {}",
            self.shape
        );
        names
            .iter()
            .map(|name| Row {
                note: reason.clone(),
                ..Row::info(name, f64::NAN)
            })
            .collect()
    }

    /// 9x9: band classes (the top band's, and all bands' and stacks')
    /// against their probabilities, and unavoidable rectangles per grid
    /// against their mean.
    fn band_rows(&self, level: f64) -> Vec<Row> {
        let n = self.grids as f64;
        let p = &class_probabilities();
        // At least the most likely class expected 5 times, so that the
        // pooled test has two bins or more.
        let needed = MIN_EXPECTED / p.iter().copied().fold(0.0, f64::max);
        let (chi2, df) = pooled_chi2(&self.top_band, p, n);
        let top = Row::chi2("top-band class (44)", chi2, df, level, "", needed, n);
        let (chi2, df) = pooled_chi2(&self.all_bands, p, 6.0 * n);
        let all = Row::chi2(
            "class of all bands and stacks",
            chi2,
            df,
            level,
            "not independent",
            needed / 6.0,
            n,
        );
        let mean = self.rectangles as f64 / n;
        let name = "4-cell unavoidable rectangles per grid";
        let rectangles = if n < MIN_NORMAL {
            Row::not_applicable(name, mean, MIN_NORMAL)
        } else {
            let z = (mean - RECTANGLES_MEAN) / (RECTANGLES_SD / n.sqrt());
            let p = 2.0 * Normal::standard().sf(z.abs());
            let note = format!("z = {z:.2}");
            Row::test(name, mean, RECTANGLES_MEAN, p, level, &note)
        };
        vec![top, all, rectangles]
    }
}

/// Chi-square of class counts against probabilities, pooling the classes
/// expected fewer than 5 times into one bin; returns it and its degrees of
/// freedom.
fn pooled_chi2(counts: &[u64; 44], p: &[f64; 44], n: f64) -> (f64, f64) {
    let (mut chi2, mut bins, mut pool_o, mut pool_e) = (0.0, 0u32, 0.0, 0.0);
    for (&o, &p) in counts.iter().zip(p) {
        let e = p * n;
        if e < 5.0 {
            pool_o += o as f64;
            pool_e += e;
        } else {
            chi2 += (o as f64 - e).powi(2) / e;
            bins += 1;
        }
    }
    if pool_e > 0.0 {
        chi2 += (pool_o - pool_e).powi(2) / pool_e;
        bins += 1;
    }
    (chi2, f64::from(bins.max(2) - 1))
}

/// The number of 4-cell unavoidable rectangles of a 9x9 grid: two rows of
/// one band and two columns of different stacks holding `a b / b a`, and
/// the same with rows and columns exchanged.
pub fn rectangles(grid: &Grid) -> u64 {
    let g = |r: usize, c: usize| grid.get(r, c);
    let mut count = 0;
    for transpose in [false, true] {
        let at = |r: usize, c: usize| if transpose { g(c, r) } else { g(r, c) };
        for band in 0..3 {
            for r1 in 3 * band..3 * band + 3 {
                for r2 in r1 + 1..3 * band + 3 {
                    for c1 in 0..9 {
                        for c2 in (c1 / 3 + 1) * 3..9 {
                            if at(r1, c1) == at(r2, c2) && at(r1, c2) == at(r2, c1) {
                                count += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    count
}

/// One line of the report.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// What is measured.
    pub name: String,
    /// Its value.
    pub value: f64,
    /// Its expected value under the uniform distribution, if known.
    pub expected: Option<f64>,
    /// Degrees of freedom, for chi-square tests.
    pub df: Option<f64>,
    /// The p-value, for tests.
    pub p_value: Option<f64>,
    /// Whether the test passed at the level.
    pub pass: Option<bool>,
    /// A note (z-score, dependence).
    pub note: String,
}

impl Row {
    fn info(name: &str, value: f64) -> Row {
        Row {
            name: name.into(),
            value,
            expected: None,
            df: None,
            p_value: None,
            pass: None,
            note: String::new(),
        }
    }

    fn expected(mut self, e: f64) -> Row {
        self.expected = Some(e);
        self
    }

    fn test(name: &str, value: f64, expected: f64, p: f64, level: f64, note: &str) -> Row {
        Row {
            expected: Some(expected),
            p_value: Some(p),
            pass: Some(p >= level),
            note: note.into(),
            ..Row::info(name, value)
        }
    }

    /// A chi-square test, or "not applicable" when fewer than `needed`
    /// grids were counted (`n`).
    #[allow(clippy::too_many_arguments)]
    fn chi2(name: &str, chi2: f64, df: f64, level: f64, note: &str, needed: f64, n: f64) -> Row {
        let name = format!("{name}: chi-square");
        if n < needed {
            return Row::not_applicable(&name, chi2, needed);
        }
        let p = ChiSquared::new(df).map(|d| d.sf(chi2)).unwrap_or(f64::NAN);
        Row {
            df: Some(df),
            ..Row::test(&name, chi2, df, p, level, note)
        }
    }

    /// A test that the sample is too small for: no p-value, no verdict.
    fn not_applicable(name: &str, value: f64, needed: f64) -> Row {
        Row {
            note: format!(
                "not applicable: needs at least {} grids",
                needed.ceil() as u64
            ),
            ..Row::info(name, value)
        }
    }
}

/// Makes grids `start..start + count` of a run and counts their
/// statistics, on `jobs` threads, calling `done(n)` as each chunk of `n`
/// grids is counted (from the worker that counted it); the result does
/// not depend on `jobs`.
pub fn measure(
    run: GridRun,
    (start, count): (u64, u64),
    jobs: usize,
    done: &(dyn Fn(u64) + Sync),
) -> Stats {
    /// Grids made per work item (about a tenth of a second of 9x9 grids).
    const CHUNK: u64 = 4096;
    let (mut next, mut left) = (start, count);
    let source = || {
        let chunk = (left > 0).then(|| (next, left.min(CHUNK)));
        if let Some((_, len)) = chunk {
            next = next.wrapping_add(len);
            left -= len;
        }
        Ok::<_, std::convert::Infallible>(chunk)
    };
    let step = |stats: &mut Stats, (from, len): (u64, u64)| {
        let mut grid = Grid::empty(run.size());
        for index in (0..len).map(|k| from + k) {
            if crate::pipeline::interrupted() {
                // The count is partial and will be dropped.
                break;
            }
            run.fill(index, &mut grid);
            stats.add(&grid);
        }
        done(len);
    };
    let merge = |mut a: Stats, b: Stats| {
        a.merge(b);
        a
    };
    let jobs = usize::try_from(count.div_ceil(CHUNK)).map_or(jobs, |chunks| jobs.min(chunks));
    match crate::pipeline::fold(jobs, source, || Stats::new(run.shape()), step, merge) {
        Ok(stats) => stats,
        Err(never) => match never {},
    }
}

/// The largest side these statistics handle.
const _: () = assert!(MAX_SIDE == 25);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::report::table;
    use crate::random::grid_rng;
    use crate::strategies::{Generator, Rotate, Strategy};

    fn stats_of(strategy: Strategy, size: Size, n: u64) -> Stats {
        let mut s = Stats::new(size);
        let mut g = Grid::empty(size);
        for i in 0..n {
            strategy.generate(&mut grid_rng(21, i), &mut g);
            s.add(&g);
        }
        s
    }

    fn results(rows: &[Row]) -> Vec<(String, Option<bool>)> {
        rows.iter().map(|r| (r.name.clone(), r.pass)).collect()
    }

    /// Every `a b / b a` pattern of four cells, kept when its two rows
    /// share a band or its two columns share a stack (not both: that would
    /// be one box), counted the slow way.
    fn rectangles_brute_force(g: &Grid) -> u64 {
        let mut count = 0;
        for r1 in 0..9 {
            for r2 in r1 + 1..9 {
                for c1 in 0..9 {
                    for c2 in c1 + 1..9 {
                        let pattern =
                            g.get(r1, c1) == g.get(r2, c2) && g.get(r1, c2) == g.get(r2, c1);
                        if pattern && ((r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3)) {
                            count += 1;
                        }
                    }
                }
            }
        }
        count
    }

    #[test]
    fn rectangles_agree_with_brute_force() {
        let mut g = Grid::empty(Size::S9);
        let mut total = 0;
        for i in 0..300 {
            Strategy::Uniform.generate(&mut grid_rng(30, i), &mut g);
            assert_eq!(rectangles(&g), rectangles_brute_force(&g));
            total += rectangles(&g);
        }
        assert!(total > 0);
        // The rotation grid's band rows are shifts by three: none at all.
        crate::strategies::rotate::base_grid(&mut g);
        assert_eq!(rectangles(&g), 0);
    }

    #[test]
    fn class_table_matches_direct_computation_on_samples() {
        let classes = crate::reference::band_classes();
        let mut g = Grid::empty(Size::S9);
        for i in 0..40 {
            Strategy::Uniform.generate(&mut grid_rng(8, i), &mut g);
            let rows = std::array::from_fn(|r| std::array::from_fn(|c| g.get(r, c) - 1));
            let c = crate::strategies::uniform::completions(&signature(&rows));
            assert_eq!(classes[band_class(&rows)].completions, c);
        }
    }

    /// Every key's class in the committed table has the completions C
    /// computed from the band counts. About 20 s on two cores: run by
    /// `.ci/run` in release mode.
    #[test]
    #[ignore]
    fn class_table_matches_every_completion_count() {
        let classes = crate::reference::band_classes();
        let all = crate::strategies::uniform::all_completions();
        for (key, c) in all.iter().enumerate() {
            let class = class_of_key(key).unwrap_or_else(|| panic!("key {key} has no class"));
            assert_eq!(classes[class].completions, *c, "key {key}");
        }
    }

    #[test]
    fn uniform_output_passes_every_test() {
        for (size, n) in [(Size::S4, 30_000), (Size::S9, 20_000)] {
            let rows = stats_of(Strategy::Uniform, size, n).report(0.001);
            for r in &rows {
                assert_ne!(r.pass, Some(false), "{size}: {}", table(&rows, 0.001));
            }
            let tests = rows.iter().filter(|r| r.pass.is_some()).count();
            assert_eq!(tests, if size == Size::S4 { 2 } else { 5 });
        }
    }

    /// The same tests on far larger samples, where a small bias would
    /// show: release mode (a few seconds), run by `.ci/run`.
    #[test]
    #[ignore = "release only: cargo test --release --lib -- --ignored"]
    fn uniform_output_passes_every_test_at_300_000_grids() {
        for size in [Size::S4, Size::S9] {
            let rows = stats_of(Strategy::Uniform, size, 300_000).report(0.001);
            for r in &rows {
                assert_ne!(r.pass, Some(false), "{size}: {}", table(&rows, 0.001));
            }
            let tests = rows.iter().filter(|r| r.pass.is_some()).count();
            assert_eq!(tests, if size == Size::S4 { 2 } else { 5 });
        }
    }

    #[test]
    fn shuffles_of_one_grid_fail_the_band_and_rectangle_tests() {
        let mut s = Stats::new(Size::S9);
        let mut g = Grid::empty(Size::S9);
        for i in 0..3000 {
            Rotate.generate(&mut grid_rng(22, i), &mut g);
            s.add(&g);
        }
        let rows = s.report(0.001);
        let r = results(&rows);
        let failed = |prefix: &str| {
            r.iter()
                .any(|(n, p)| n.starts_with(prefix) && *p == Some(false))
        };
        assert!(failed("top-band class"), "{}", table(&rows, 0.001));
        assert!(
            failed("4-cell unavoidable rectangles"),
            "{}",
            table(&rows, 0.001)
        );
    }
}
