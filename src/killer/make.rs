//! Making a killer puzzle from a solution grid: cages drawn on the grid,
//! then re-cut until the cages alone (or with the givens asked for)
//! have exactly one solution.
//!
//! Algorithm. 1. Draw cages: while cells are free, start a cage at the
//! free cell with the fewest free neighbours (ties at random), draw a
//! target size (2 to 5, see [`TARGET_WEIGHTS`]), and grow the cage one
//! cell at a time, each time onto the free neighbour, among those whose
//! value the cage does not hold yet, with the fewest free neighbours
//! (ties at random), until it reaches its size or cannot grow. Starting
//! and growing where the free space is tightest leaves few cells
//! stranded; a cell left alone joins a neighbouring cage that can take
//! it (the smallest), else stays a cage of one. 2. Repair: count the
//! solutions (up to 2). While there is a second solution, take a cell
//! where it differs from the grid and move it into a neighbouring cage
//! (one that lacks its value and is not full, its own cage staying
//! connected and not emptied, preferring moves that keep both cages at
//! two cells or more). Moving a cell whose two values differ changes the
//! two cages' sums by different amounts in the two solutions, so the
//! second solution is gone for good; the search then looks again. When
//! no cell can move, a differing cell becomes a cage of its own (its
//! old cage's pieces stay cages). Source: Solo (Simon Tatham's Portable
//! Puzzle Collection, `solo.c`, read for the idea only) also draws a
//! layout of small cages first and then changes it, merging neighbouring
//! cages as it grades; here the layout changes where the counting solver
//! finds a second solution, by a move sure to remove that solution. Every loop is bounded: growth by the
//! cells, repairs by [`Settings::repairs`], each count by
//! [`Settings::budget`]; a bound hit is an error, and the caller tries
//! another grid.
//!
//! Each count walks toward the grid's own values first
//! ([`Solver::search_near`]), so the second solution is met on the way
//! back; it runs on the cut's cells directly, [`Cages`] being built once,
//! for the puzzle kept. Cost: a 9x9 puzzle takes about 3.6 repairs
//! (4.6 counts) and 2.4 grids at the default budget, 1.1 ms of one core
//! whole process, level with Solo's `3x3k` (docs/PERFORMANCE.md); 12x12 without
//! givens needs counts of up to 50,000 guesses and about 20 grids, some
//! seconds a puzzle. Bias: grids whose counts need more than the budget
//! are dropped, so the puzzles kept lean to those propagation settles
//! quickly (likely the easier ones; difficulty is not graded). Cage
//! shapes follow the growth rule (cages hug the free space, so few single
//! cells, but more lines and L's than blobs); the sizes measured over
//! 10,000 9x9 puzzles are in [`TARGET_WEIGHTS`]'s note. Deterministic: the same grid and random state give the same
//! puzzle.

use rand::Rng;

use super::solve::{KillerError, Solver};
use crate::budget::{Budget, Search};
use crate::cages::{CageError, Cages, neighbours as near};
use crate::random::below;
use crate::shape::Geometry;

/// The weights of the target sizes 2, 3, 4 and 5 of a cage (sides 6 and
/// up; 4x4 grids draw 2 and 3 only). The sizes that come out differ (a
/// cage may stop short, a stray cell join it, repairs move cells): over
/// 10,000 9x9 puzzles without givens (`killer_make 10000 1 9 --sizes`,
/// default settings) the cages are of 1 cell 1.0%, 2 cells 29.5%, 3 cells
/// 32.9%, 4 cells 23.1%, 5 cells 13.4%, 6 cells 0.2%: 25.4 cages a
/// puzzle, 3.6 repairs and 2.4 grids drawn a puzzle (the others dropped
/// at a count's budget or the repairs' bound).
pub const TARGET_WEIGHTS: [u32; 4] = [3, 4, 3, 2];

/// How to make a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Givens to add beside the cages (0: none, as printed killers have).
    pub givens: usize,
    /// The most repairs (cells moved) before giving up on the grid.
    pub repairs: usize,
    /// The guesses each count of solutions may make.
    pub budget: Budget,
}

impl Settings {
    /// The settings of a run of side `side` with `givens` givens, as the
    /// command and the Python package make killer puzzles: the default
    /// budget up to 9x9; 50,000 guesses a count beyond (12x12 cages need
    /// deeper counts, see the module's cost).
    pub fn for_side(side: usize, givens: usize) -> Settings {
        Settings {
            givens,
            budget: if side <= 9 {
                Settings::default().budget
            } else {
                Budget::new(50_000)
            },
            ..Settings::default()
        }
    }
}

impl Default for Settings {
    /// No givens, 100 repairs, 50 guesses a count: enough for most 9x9
    /// grids' cages (a grid whose count needs more is dropped for the
    /// next, which costs less than a longer count: 200 guesses make 1.6
    /// grids a puzzle but take a fifth more time); 12x12 needs about
    /// 50,000 (see the module's cost).
    fn default() -> Self {
        Settings {
            givens: 0,
            repairs: 100,
            budget: Budget::new(50),
        }
    }
}

/// A killer puzzle: its cages and givens (a value per cell, 0 for empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The cages, with their sums.
    pub cages: Cages,
    /// The givens, a value per cell (0: empty; all 0 without givens).
    pub givens: Vec<u8>,
    /// The repairs it took.
    pub repairs: usize,
}

/// Why no puzzle was made from a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MakeError {
    /// The solver cannot take the grid.
    Killer(KillerError),
    /// The solution does not fit the cages it was cut into (a bug, or a
    /// solution that is not a grid of the geometry).
    Cages(CageError),
    /// The grid given has the wrong length or a value out of range.
    Solution,
    /// The repairs ran out before the puzzle became unique.
    Repairs,
    /// A count ran out of its budget.
    Budget,
    /// The given grid is not a solution of its own cages (it breaks a
    /// unit).
    NotSolved,
}

impl std::fmt::Display for MakeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MakeError::Killer(e) => e.fmt(f),
            MakeError::Cages(e) => e.fmt(f),
            MakeError::Solution => f.write_str("the grid is not one value 1..=side per cell"),
            MakeError::Repairs => {
                f.write_str("the cages stayed ambiguous after every repair allowed")
            }
            MakeError::Budget => f.write_str("a count of solutions ran out of its budget"),
            MakeError::NotSolved => f.write_str("the grid is not a solution of its shape"),
        }
    }
}

impl std::error::Error for MakeError {}

/// The cages being cut: each cell's cage and each cage's cells and values.
struct Cut {
    side: usize,
    group: Vec<u32>,
    members: Vec<Vec<usize>>,
    values: Vec<u32>,
}

const FREE: u32 = u32::MAX;

impl Cut {
    /// How many of `cell`'s neighbours are free.
    fn free_near(&self, cell: usize) -> usize {
        near(cell, self.side)
            .filter(|&m| self.group[m] == FREE)
            .count()
    }

    /// Whether the cells of cage `k` other than `without` are one piece.
    fn connected_without(&self, k: usize, without: usize) -> bool {
        let cells = &self.members[k];
        let rest: Vec<usize> = cells.iter().copied().filter(|&c| c != without).collect();
        if rest.is_empty() {
            return false;
        }
        let mut seen = vec![rest[0]];
        let mut i = 0;
        while i < seen.len() {
            let c = seen[i];
            i += 1;
            for m in near(c, self.side) {
                if m != without && self.group[m] == k as u32 && !seen.contains(&m) {
                    seen.push(m);
                }
            }
        }
        seen.len() == rest.len()
    }

    /// Moves `cell` (value `bit`) from its cage into cage `to`.
    fn move_cell(&mut self, cell: usize, to: usize, bit: u32) {
        let from = self.group[cell] as usize;
        self.members[from].retain(|&c| c != cell);
        self.values[from] &= !bit;
        self.members[to].push(cell);
        self.values[to] |= bit;
        self.group[cell] = to as u32;
    }

    /// Makes `cell` a cage of its own; its old cage's pieces stay cages.
    fn isolate(&mut self, cell: usize, solution: &[u8]) {
        let from = self.group[cell] as usize;
        let rest: Vec<usize> = self.members[from]
            .iter()
            .copied()
            .filter(|&c| c != cell)
            .collect();
        self.members[from] = vec![cell];
        self.values[from] = bit_of(solution[cell]);
        for &c in &rest {
            self.group[c] = FREE;
        }
        // Each piece of the rest a new cage.
        for &start in &rest {
            if self.group[start] != FREE {
                continue;
            }
            let k = self.members.len();
            self.members.push(Vec::new());
            self.values.push(0);
            self.group[start] = k as u32;
            let mut stack = vec![start];
            while let Some(c) = stack.pop() {
                self.members[k].push(c);
                self.values[k] |= bit_of(solution[c]);
                for m in near(c, self.side) {
                    if self.group[m] == FREE && rest.contains(&m) {
                        self.group[m] = k as u32;
                        stack.push(m);
                    }
                }
            }
        }
    }
}

#[inline]
fn bit_of(v: u8) -> u32 {
    1 << (v - 1)
}

/// The largest cage a repair or a stray cell may make.
fn max_size(side: usize) -> usize {
    if side <= 4 { side } else { 6.min(side) }
}

/// Draws cages on `solution` (see the [module](self)).
fn draw<R: Rng + ?Sized>(side: usize, solution: &[u8], rng: &mut R) -> Cut {
    let cells = side * side;
    let mut cut = Cut {
        side,
        group: vec![FREE; cells],
        members: Vec::new(),
        values: Vec::new(),
    };
    let sizes: &[u32] = if side <= 4 {
        &TARGET_WEIGHTS[..2]
    } else {
        &TARGET_WEIGHTS
    };
    let total: u32 = sizes.iter().sum();
    let mut left = cells;
    let mut ties: Vec<usize> = Vec::with_capacity(cells);
    // Picks, among `options`, one with the fewest free neighbours.
    let pick = |cut: &Cut,
                options: &mut dyn Iterator<Item = usize>,
                ties: &mut Vec<usize>,
                rng: &mut R| {
        ties.clear();
        let mut fewest = usize::MAX;
        for c in options {
            let f = cut.free_near(c);
            if f < fewest {
                fewest = f;
                ties.clear();
            }
            if f == fewest {
                ties.push(c);
            }
        }
        (!ties.is_empty()).then(|| ties[below(rng, ties.len() as u32) as usize])
    };
    while left > 0 {
        let mut free = (0..cells).filter(|&c| cut.group[c] == FREE);
        let Some(start) = pick(&cut, &mut free, &mut ties, rng) else {
            break;
        };
        let mut r = below(rng, total);
        let mut target = 2;
        for &w in sizes {
            if r < w {
                break;
            }
            r -= w;
            target += 1;
        }
        let k = cut.members.len() as u32;
        cut.members.push(vec![start]);
        cut.values.push(bit_of(solution[start]));
        cut.group[start] = k;
        left -= 1;
        while cut.members[k as usize].len() < target {
            let members = &cut.members[k as usize];
            let mut frontier: Vec<usize> = members
                .iter()
                .flat_map(|&c| near(c, side))
                .filter(|&m| {
                    cut.group[m] == FREE && cut.values[k as usize] & bit_of(solution[m]) == 0
                })
                .collect();
            frontier.sort_unstable();
            frontier.dedup();
            let Some(next) = pick(&cut, &mut frontier.into_iter(), &mut ties, rng) else {
                break;
            };
            cut.members[k as usize].push(next);
            cut.values[k as usize] |= bit_of(solution[next]);
            cut.group[next] = k;
            left -= 1;
        }
    }
    // Stray single cells join the smallest neighbouring cage that can
    // take them.
    let most = max_size(side);
    for k in 0..cut.members.len() {
        if cut.members[k].len() != 1 {
            continue;
        }
        let cell = cut.members[k][0];
        let bit = bit_of(solution[cell]);
        let best = near(cell, side)
            .map(|m| cut.group[m] as usize)
            .filter(|&j| j != k && cut.values[j] & bit == 0 && cut.members[j].len() < most)
            .min_by_key(|&j| (cut.members[j].len(), j));
        if let Some(j) = best {
            cut.move_cell(cell, j, bit);
        }
    }
    cut
}

/// Makes a killer puzzle whose solution is `solution` (a value per cell,
/// a valid grid of `geometry`), with `settings.givens` givens, drawing
/// from `rng`: see the [module](self).
pub fn make<R: Rng + ?Sized>(
    geometry: &Geometry,
    solution: &[u8],
    rng: &mut R,
    settings: &Settings,
) -> Result<Puzzle, MakeError> {
    let cells = geometry.places().len();
    let side = cells.isqrt();
    if solution.len() != cells || solution.iter().any(|&v| v == 0 || usize::from(v) > side) {
        return Err(MakeError::Solution);
    }
    if super::combos::Combos::of_side(side).is_none() {
        return Err(MakeError::Killer(KillerError::Side { side }));
    }
    for u in 0..geometry.unit_count() {
        let seen = geometry
            .unit(u)
            .iter()
            .fold(0u32, |m, &c| m | bit_of(solution[usize::from(c)]));
        if seen.count_ones() as usize != side {
            return Err(MakeError::NotSolved);
        }
    }
    let mut givens = vec![0u8; cells];
    if settings.givens > 0 {
        let mut order: Vec<usize> = (0..cells).collect();
        crate::random::shuffle(rng, &mut order);
        for &c in order.iter().take(settings.givens) {
            givens[c] = solution[c];
        }
    }
    let mut cut = draw(side, solution, rng);
    let search = Search {
        limit: 2,
        budget: settings.budget,
    };
    let most = max_size(side);
    for repairs in 0..=settings.repairs {
        let sums: Vec<u32> = cut
            .members
            .iter()
            .map(|m| m.iter().map(|&c| u32::from(solution[c])).sum())
            .collect();
        let found = Solver::of_cut(geometry, &cut.group, &cut.members, &sums)
            .ok_or(MakeError::Killer(KillerError::Side { side }))?
            .search_near(&givens, solution, search)
            .map_err(MakeError::Killer)?;
        if found.cut {
            return Err(MakeError::Budget);
        }
        let other = match (found.solutions, found.first, found.second) {
            (0, _, _) => return Err(MakeError::NotSolved),
            (1, Some(first), _) if first == solution => {
                let cages =
                    Cages::from_groups(side, &cut.group, solution).map_err(MakeError::Cages)?;
                return Ok(Puzzle {
                    cages,
                    givens,
                    repairs,
                });
            }
            (1, _, _) => return Err(MakeError::NotSolved),
            (_, Some(first), Some(second)) => {
                if first == solution {
                    second
                } else {
                    first
                }
            }
            _ => return Err(MakeError::NotSolved),
        };
        if repairs == settings.repairs {
            break;
        }
        // The cells where the other solution differs, in random order.
        let mut differ: Vec<usize> = (0..cells).filter(|&c| other[c] != solution[c]).collect();
        crate::random::shuffle(rng, &mut differ);
        // The best move: (rank, cell, to); lower rank is better.
        let mut best: Option<(u8, usize, usize)> = None;
        for &a in &differ {
            let from = cut.group[a] as usize;
            let size_a = cut.members[from].len();
            if size_a < 2 {
                continue;
            }
            let bit = bit_of(solution[a]);
            let mut connected = None;
            for b in near(a, side) {
                let to = cut.group[b] as usize;
                if to == from || cut.values[to] & bit != 0 || cut.members[to].len() >= most {
                    continue;
                }
                if !*connected.get_or_insert_with(|| cut.connected_without(from, a)) {
                    break;
                }
                let rank = u8::from(size_a < 3) + u8::from(cut.members[to].len() > 4);
                if best.is_none_or(|(r, _, _)| rank < r) {
                    best = Some((rank, a, to));
                }
            }
            if best.is_some_and(|(r, _, _)| r == 0) {
                break;
            }
        }
        match best {
            Some((_, a, to)) => cut.move_cell(a, to, bit_of(solution[a])),
            None => {
                // Every differing cell is in a cage of two or more (a cage of
                // one cannot differ): make the first a cage of its own.
                let a = differ
                    .iter()
                    .copied()
                    .find(|&a| cut.members[cut.group[a] as usize].len() > 1)
                    .ok_or(MakeError::NotSolved)?;
                cut.isolate(a, solution);
            }
        }
    }
    Err(MakeError::Repairs)
}

/// Makes a killer puzzle from grids drawn by `fill` (which fills a grid
/// of `geometry` from the random stream, as a strategy does), trying up
/// to `attempts` grids: the first grid whose cages become unique within
/// the settings' bounds gives the puzzle. Returns the puzzle, its
/// solution and the attempts it took (1 for the first grid), or the last
/// error when every attempt failed. The same random state gives the same
/// puzzle: the grid and the cages come from the one stream, in turn.
pub fn make_from<R: Rng + ?Sized>(
    geometry: &Geometry,
    rng: &mut R,
    settings: &Settings,
    attempts: usize,
    mut fill: impl FnMut(&mut R) -> Vec<u8>,
) -> Result<(Puzzle, Vec<u8>, usize), MakeError> {
    let mut last = MakeError::Repairs;
    for attempt in 1..=attempts {
        let solution = fill(rng);
        match make(geometry, &solution, rng, settings) {
            Ok(puzzle) => return Ok((puzzle, solution, attempt)),
            Err(e @ (MakeError::Killer(_) | MakeError::Solution)) => return Err(e),
            Err(e) => last = e,
        }
    }
    Err(last)
}
