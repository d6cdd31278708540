//! Random jigsaw layouts: a new region map, and a grid that fits it.
//!
//! [`draw`] makes, from a random stream, a map of `side` regions of
//! `side` cells each, every region one orthogonally connected piece, that
//! is no tiling by boxes (nor rows or columns) and has a valid grid, and
//! returns that grid with it. The same stream gives the same map and
//! grid. Sides [`MIN_SIDE`] to [`MAX_SIDE`].
//!
//! **Algorithm.** Start from the side's boxes (the most square box shape;
//! rows for a prime side) and mix them by a chain of exchanges across
//! region borders, [`MIX_PER_CELL`] tries per cell: a try picks a cell
//! `a` and one of its four sides at random; when the cell there is of
//! another region `B`, and `a`'s region `A` stays connected without `a`,
//! it picks at random a cell `x` of `B` that touches the rest of `A`, and
//! when `B` with `a` and without `x` is connected, `a` goes to `B` and
//! `x` to `A`. Sizes never change and every region stays in one piece.
//! Whether a region stays connected without a cell is told by the cell's
//! eight neighbours when those of the region make one run round it (each
//! neighbour then reaches the others through the run), else by a flood
//! fill, so the test is exact. A map that is a box tiling is passed over.
//! Then the solver of the shape ([`crate::solve::search_toward`], on the
//! jigsaw shape through [`Layout::new`]) looks for a grid toward random
//! values within [`GRID_BUDGET`] guesses; the first grid it finds,
//! relabelled by a random permutation, is the solution returned. When it
//! finds none, the chain goes on [`REMIX_PER_CELL`] tries per cell from
//! that map and the new map is checked, up to [`MAX_ATTEMPTS`] maps.
//! Every loop is bounded: after that many, [`draw`] runs the same steps
//! on a fixed stream per side (keyed by [`FALLBACK_SEED`]), which the
//! tests show to give a layout, so it always returns a valid map that is
//! no box tiling, with a grid.
//!
//! **Source.** Simon Tatham's Solo draws its `9j` maps with `divvy.c`:
//! regions grown from random seed cells, a region short of cells taking
//! one from a neighbour in a chain that ends at a free cell, each region
//! kept simply connected by the same eight-neighbour rule; the grid
//! generator then gets a bounded number of steps on the map, and a map
//! it cannot fill is thrown away for a new one. This module keeps that
//! rule (as a shortcut, with a flood fill behind it, so regions with holes
//! are not excluded) and the bounded try-and-redraw, and mixes by
//! exchanges instead of growing (written from the description, not the
//! code).
//!
//! **Cost.** 9x9, callgrind (`examples/jigsaw_make`, 200 layouts): 6.4
//! million instructions per layout with its grid, of which 3.4 million
//! mix and most of the rest search for grids; 1.34 maps checked per
//! layout (a quarter of mixed maps have no grid found within the budget). Larger sides check more maps
//! (12x12: about 4, 16x16: about 14; the solver finds few random 16x16
//! jigsaw grids within the budget), so a 16x16 layout takes tens of
//! milliseconds. `benches/layouts.rs` times each side.
//!
//! **Bias and limits.** Not uniform over layouts. The move's proposal is
//! not symmetric (no Metropolis correction), so the chain's stationary
//! law is not uniform, and whether every layout can be reached from the
//! boxes is not proven. How far the chain forgets its start was measured
//! on 2,000 9x9 maps per length (`mixed`): the chance that two cells of
//! one starting box, (0,0) and (2,2), share a region falls from 0.59
//! after 2 tries per cell to 0.31 after 64, 0.28 after 128 and 0.28 after
//! 256, and cells side by side share a region as often across as down
//! (6x6, 12x12: within 0.01 from 32 tries per cell on). The grid check
//! keeps only maps whose grid the solver finds within the budget: maps
//! without a grid are never returned, but neither are maps whose grids
//! are hard to find, so the layouts lean toward easier-to-fill ones (9x9:
//! a quarter of mixed maps are passed over, 12x12: three quarters). After a map is passed
//! over, the next one is its continuation, so they are alike. The grid is
//! the solver's first toward random values, relabelled: every value is
//! equally likely in every cell, but grids are not uniform among the
//! map's grids (as with the `search` strategy). A map checked and
//! dropped is freed (the shape room keeps a layout while something holds
//! it, and the last few made).

use rand::Rng;

use crate::grid::{Grid, Layout, Shape, ShapeError};
use crate::random::{below, shuffle};
use crate::solve::{Budget, Search, search_toward};

/// The smallest side [`draw`] makes.
pub const MIN_SIDE: usize = 4;
/// The largest side [`draw`] makes.
pub const MAX_SIDE: usize = 16;

/// Tries of the mixing move per cell before the first layout is checked.
pub const MIX_PER_CELL: usize = 128;
/// Tries of the mixing move per cell between two checks, after a layout
/// whose grid the search did not find.
pub const REMIX_PER_CELL: usize = 32;
/// The guesses the search for a grid of one layout may spend.
pub const GRID_BUDGET: u64 = 1_000;
/// The layouts checked before [`draw`] falls back to its fixed stream.
pub const MAX_ATTEMPTS: u32 = 256;

/// A layout drawn, and a grid that fits it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    /// The region of every cell, row-major: `0..side`, numbered in the
    /// order their first cells come in reading order.
    pub regions: Vec<u8>,
    /// A valid grid of the jigsaw shape of `regions`: the solver's first
    /// grid toward random values, relabelled at random.
    pub solution: Grid,
    /// The layouts checked for a grid, this one included (1 when the
    /// first had one).
    pub attempts: u32,
}

/// Why no layout was drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawError {
    /// A side outside [`MIN_SIDE`]`..=`[`MAX_SIDE`].
    Side {
        /// The side asked for.
        side: usize,
    },
    /// The shape room refused the map (a map drawn here is always one: kept
    /// for the errors `Layout::new` may give).
    Shape(ShapeError),
}

impl std::fmt::Display for DrawError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DrawError::Side { side } => write!(
                f,
                "random jigsaw layouts are drawn for sides {MIN_SIDE} to {MAX_SIDE}, not {side}; give a region map"
            ),
            DrawError::Shape(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for DrawError {}

/// Draws a jigsaw layout of side `side` and a grid that fits it from
/// `rng` (see [the module](self)): the same draws give the same layout
/// and grid.
pub fn draw<R: Rng + ?Sized>(side: usize, rng: &mut R) -> Result<Drawn, DrawError> {
    if !(MIN_SIDE..=MAX_SIDE).contains(&side) {
        return Err(DrawError::Side { side });
    }
    if let Some(drawn) = attempt(side, rng)? {
        return Ok(drawn);
    }
    // Every fixed stream below is tested to give a layout within
    // MAX_ATTEMPTS (`fallback_streams_draw`).
    let mut fixed = crate::random::grid_rng(FALLBACK_SEED, side as u64);
    let drawn = attempt(side, &mut fixed)?;
    Ok(drawn.expect("each side's fallback stream is tested to draw a layout"))
}

/// The seed of the fixed streams [`draw`] falls back to.
pub const FALLBACK_SEED: u64 = 0x6a69_6773_6177;

/// Up to [`MAX_ATTEMPTS`] layouts from `rng`, each checked for a grid:
/// the first that has one, or `None`.
pub fn attempt<R: Rng + ?Sized>(side: usize, rng: &mut R) -> Result<Option<Drawn>, DrawError> {
    let mut map = Map::start(side);
    let cells = side * side;
    map.mix(rng, MIX_PER_CELL * cells);
    for attempts in 1..=MAX_ATTEMPTS {
        if attempts > 1 {
            map.mix(rng, REMIX_PER_CELL * cells);
        }
        let regions = map.canonical();
        if is_box_tiling(&regions, side) {
            continue;
        }
        if let Some(solution) = grid_of(&regions, rng)? {
            return Ok(Some(Drawn {
                regions,
                solution,
                attempts,
            }));
        }
    }
    Ok(None)
}

/// A grid of the jigsaw shape of `regions`, if the solver finds one
/// within [`GRID_BUDGET`] guesses toward random values; relabelled at
/// random.
fn grid_of<R: Rng + ?Sized>(regions: &[u8], rng: &mut R) -> Result<Option<Grid>, DrawError> {
    let layout = Layout::new(regions).map_err(DrawError::Shape)?;
    let shape = Shape::jigsaw(layout);
    let n = shape.side() as u32;
    let empty = Grid::new(shape.clone());
    let mut hint = Grid::new(shape);
    for c in hint.cells_mut() {
        *c = below(rng, n) as u8 + 1;
    }
    let search = Search {
        limit: 1,
        budget: Budget::new(GRID_BUDGET),
    };
    let Some(found) = search_toward(&empty, &hint, search).first else {
        return Ok(None);
    };
    let mut labels: Vec<u8> = (1..=n as u8).collect();
    shuffle(rng, &mut labels);
    let mut grid = found;
    for v in grid.cells_mut() {
        *v = labels[usize::from(*v) - 1];
    }
    Ok(Some(grid))
}

/// The map of side `side` after `moves` tries of the mixing move from the
/// side's boxes (rows for a prime side), numbered by first cell, without
/// a check for a grid: the first half of [`draw`], for measuring the
/// chain.
pub fn mixed<R: Rng + ?Sized>(side: usize, moves: usize, rng: &mut R) -> Vec<u8> {
    assert!((MIN_SIDE..=MAX_SIDE).contains(&side), "side {side}");
    let mut map = Map::start(side);
    map.mix(rng, moves);
    map.canonical()
}

/// Whether `regions` (numbered by first cell) is a tiling of the grid by
/// boxes of `r` rows and `c` columns, for some `r * c == side`, lines
/// (1 x side, side x 1) included.
pub fn is_box_tiling(regions: &[u8], side: usize) -> bool {
    (1..=side).filter(|r| side.is_multiple_of(*r)).any(|r| {
        let c = side / r;
        (0..side * side).all(|cell| {
            let (row, col) = (cell / side, cell % side);
            regions[cell] == regions[(row / r * r) * side + col / c * c]
        })
    })
}

/// The region of a padding cell (outside the grid).
const OUTSIDE: u8 = u8::MAX;

/// A region map being mixed, on a grid padded with a ring of
/// [`OUTSIDE`] cells (cell `(r, c)` at `(r + 1) * w + c + 1`, `w = side +
/// 2`), so that every cell has eight neighbours to look at.
struct Map {
    side: usize,
    /// The padded width, `side + 2`.
    w: usize,
    /// The region of each padded cell.
    region: Vec<u8>,
    /// Region `k`'s cells (padded) at `members[k * side..(k + 1) * side]`.
    members: Vec<u16>,
    /// Where each padded cell is in `members`.
    slot: Vec<u16>,
    /// Marks of the connectivity search (a cell is marked when its mark
    /// equals `stamp`).
    seen: Vec<u32>,
    stamp: u32,
    stack: Vec<u16>,
}

impl Map {
    /// The boxes of the side's most square box shape (the rows fewer than
    /// the columns), or rows when the side has none (a prime).
    fn start(side: usize) -> Map {
        let rows = (1..=side)
            .filter(|r| side.is_multiple_of(*r) && r * r <= side)
            .max()
            .unwrap_or(1);
        let cols = side / rows;
        let w = side + 2;
        let mut region = vec![OUTSIDE; w * w];
        let mut members = vec![0u16; side * side];
        let mut slot = vec![0u16; w * w];
        let mut filled = vec![0usize; side];
        for r in 0..side {
            for c in 0..side {
                let p = (r + 1) * w + c + 1;
                let k = (r / rows) * rows + c / cols;
                region[p] = k as u8;
                let s = k * side + filled[k];
                filled[k] += 1;
                members[s] = p as u16;
                slot[p] = s as u16;
            }
        }
        Map {
            side,
            w,
            region,
            members,
            slot,
            seen: vec![0; w * w],
            stamp: 0,
            stack: Vec::with_capacity(side * side),
        }
    }

    /// The map, row-major without the padding, with regions renumbered
    /// by first cell.
    fn canonical(&self) -> Vec<u8> {
        let mut names = [u8::MAX; 256];
        let mut next = 0u8;
        let mut out = Vec::with_capacity(self.side * self.side);
        for r in 0..self.side {
            for &k in &self.region[(r + 1) * self.w + 1..][..self.side] {
                let name = &mut names[usize::from(k)];
                if *name == u8::MAX {
                    *name = next;
                    next += 1;
                }
                out.push(*name);
            }
        }
        out
    }

    /// The offsets of the eight neighbours of a padded cell, in order
    /// round it (each next to the one before and after it by a side).
    #[inline]
    fn ring(&self) -> [isize; 8] {
        let w = self.w as isize;
        [-w, -w + 1, 1, w + 1, w, w - 1, -1, -w - 1]
    }

    /// Whether region `k` without its cell `out`, and with the cell
    /// `extra` of another region if any, is connected (`k` is connected,
    /// `out` has a neighbour by a side in it, and `extra` has one in it
    /// other than `out`). Told by `out`'s eight neighbours alone when
    /// those in the set make one run round it (each of `out`'s neighbours
    /// in the set then reaches the others through the run), else by a
    /// search.
    #[inline]
    fn stays_connected(&mut self, k: u8, out: usize, extra: usize) -> bool {
        let ring = self.ring();
        let at = |i: usize| {
            let p = out.wrapping_add_signed(ring[i]);
            self.region[p] == k || p == extra
        };
        let mut changes = 0;
        let first = at(0);
        let mut last = first;
        for i in 1..8 {
            let now = at(i);
            changes += usize::from(now != last);
            last = now;
        }
        changes += usize::from(first != last);
        changes == 2 || self.connected_without(k, out, extra)
    }

    /// Whether region `k` without `out` and with `extra` (`usize::MAX`
    /// for none) is one orthogonally connected piece, by a search.
    fn connected_without(&mut self, k: u8, out: usize, extra: usize) -> bool {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        let (n, w) = (self.side, self.w);
        let steps = [w.wrapping_neg(), usize::MAX, 1, w];
        let base = usize::from(k) * n;
        let start = usize::from(
            *self.members[base..base + n]
                .iter()
                .find(|&&p| usize::from(p) != out)
                .expect("a region has two cells or more"),
        );
        let total = n - 1 + usize::from(extra != usize::MAX);
        self.seen[out] = stamp;
        self.seen[start] = stamp;
        self.stack.clear();
        self.stack.push(start as u16);
        let mut reached = 1;
        while let Some(p) = self.stack.pop() {
            for step in steps {
                let q = usize::from(p).wrapping_add(step);
                if self.seen[q] != stamp && (self.region[q] == k || q == extra) {
                    self.seen[q] = stamp;
                    reached += 1;
                    self.stack.push(q as u16);
                }
            }
        }
        reached == total
    }

    /// `tries` tries of the mixing move; returns the moves made. A try
    /// picks a cell `a` and one of its four sides at random; when the
    /// cell there is of another region `B` and `a`'s region `A` stays
    /// connected without `a`, it picks at random a cell `x` of `B` beside
    /// what is left of `A`; when `B` with `a` and without `x` is
    /// connected, `a` goes to `B` and `x` to `A`. Sizes never change.
    fn mix<R: Rng + ?Sized>(&mut self, rng: &mut R, tries: usize) -> usize {
        let (n, w) = (self.side, self.w);
        let steps = [w.wrapping_neg(), usize::MAX, 1, w];
        let mut made = 0;
        let mut candidates = [0u16; MAX_SIDE];
        for _ in 0..tries {
            let pick = below(rng, (4 * n * n) as u32) as usize;
            let cell = pick >> 2;
            let a = (cell / n + 1) * w + cell % n + 1;
            let b = a.wrapping_add(steps[pick & 3]);
            let (ka, kb) = (self.region[a], self.region[b]);
            if kb == OUTSIDE || ka == kb {
                continue;
            }
            if !self.stays_connected(ka, a, usize::MAX) {
                continue;
            }
            let base = usize::from(kb) * n;
            let mut count = 0;
            for i in 0..n {
                let x = usize::from(self.members[base + i]);
                let touches = steps.iter().any(|&s| {
                    let y = x.wrapping_add(s);
                    y != a && self.region[y] == ka
                });
                if touches {
                    candidates[count] = x as u16;
                    count += 1;
                }
            }
            if count == 0 {
                continue;
            }
            let x = usize::from(candidates[below(rng, count as u32) as usize]);
            if !self.stays_connected(kb, x, a) {
                continue;
            }
            let (sa, sx) = (self.slot[a], self.slot[x]);
            self.members[usize::from(sa)] = x as u16;
            self.members[usize::from(sx)] = a as u16;
            self.slot[a] = sx;
            self.slot[x] = sa;
            self.region[a] = kb;
            self.region[x] = ka;
            made += 1;
        }
        made
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::grid_rng;

    /// Each side's fixed stream gives a layout within [`MAX_ATTEMPTS`]
    /// maps: what [`draw`]'s fallback relies on.
    #[test]
    fn fallback_streams_draw() {
        for side in MIN_SIDE..=MAX_SIDE {
            let mut fixed = grid_rng(FALLBACK_SEED, side as u64);
            let drawn = attempt(side, &mut fixed).unwrap();
            assert!(
                drawn.is_some(),
                "side {side}: the fallback stream drew nothing"
            );
        }
    }

    /// The eight-neighbour shortcut says what the flood fill says, and
    /// the cell lists stay in step with the map, on maps met while mixing.
    #[test]
    fn the_shortcut_agrees_with_the_flood_fill() {
        for side in [4, 5, 6, 9, 12, 16] {
            let mut map = Map::start(side);
            let mut rng = grid_rng(3, side as u64);
            for round in 0..40 {
                map.mix(&mut rng, side * side);
                for cell in 0..side * side {
                    let p = (cell / side + 1) * map.w + cell % side + 1;
                    let k = map.region[p];
                    let fast = map.stays_connected(k, p, usize::MAX);
                    let slow = map.connected_without(k, p, usize::MAX);
                    assert_eq!(fast, slow, "side {side}, round {round}, cell {cell}");
                }
                for k in 0..side {
                    for i in 0..side {
                        let p = usize::from(map.members[k * side + i]);
                        assert_eq!(usize::from(map.region[p]), k);
                        assert_eq!(usize::from(map.slot[p]), k * side + i);
                    }
                }
            }
        }
    }

    #[test]
    fn box_tilings_are_known() {
        let boxes: Vec<u8> = (0..36)
            .map(|c| ((c / 6) / 2 * 2 + (c % 6) / 3) as u8)
            .collect();
        assert!(is_box_tiling(&boxes, 6));
        let rows: Vec<u8> = (0..25).map(|c| (c / 5) as u8).collect();
        assert!(is_box_tiling(&rows, 5));
        let cols: Vec<u8> = (0..16).map(|c| (c % 4) as u8).collect();
        assert!(is_box_tiling(&cols, 4));
        let mut bent = boxes.clone();
        bent.swap(2, 3);
        assert!(!is_box_tiling(&bent, 6));
    }

    #[test]
    fn sides_out_of_range_are_refused() {
        let mut rng = grid_rng(1, 0);
        assert_eq!(draw(3, &mut rng), Err(DrawError::Side { side: 3 }));
        assert_eq!(draw(17, &mut rng), Err(DrawError::Side { side: 17 }));
        assert_eq!(
            draw(25, &mut rng).unwrap_err().to_string(),
            "random jigsaw layouts are drawn for sides 4 to 16, not 25; give a region map"
        );
    }
}
