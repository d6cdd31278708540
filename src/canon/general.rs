//! The canonical search for every shape: a cell-by-cell lexicographic
//! search that branches only on ties.
//!
//! **Algorithm.** The canonical string is built one cell at a time, row
//! by row. A *branch* is a set of symmetries that all give the string
//! built so far: the grid's orientation, the source row of each target
//! row so far, the source stack of each target stack chosen so far, and
//! for each target stack the set of orderings of its columns still
//! possible (a bit set over the `C!` orderings of a stack of `C`
//! columns). The set of symmetries a branch stands for is the product of
//! these sets, and every step keeps it a product. At each cell, each
//! branch works out the smallest value it can give there, and only the
//! branches (and parts of branches) that give the smallest value of all
//! go on:
//! - a row is chosen when its first cell is reached (a branch per row
//!   allowed: any row of a band not used yet at the top of a band, else
//!   a row of the band chosen), and a stack when its first column is
//!   reached (a branch per unused stack);
//! - an empty cell is the smallest value: the branch keeps the orderings
//!   that put *some* column empty in this row here, without choosing
//!   which, so empty columns never multiply branches;
//! - a symbol never seen before gets the next label whichever column
//!   brings it, so again the branch keeps all orderings that put some
//!   column with a new symbol here, without choosing: the label of a
//!   symbol is then read later from the string itself, at the cell where
//!   it first appeared (`best[row][position of its column]`), so labels
//!   never multiply branches either;
//! - a symbol seen before has the label written where it first appeared:
//!   for each column that can come here, the smallest label it can have
//!   is the smallest the string shows over the positions its first
//!   column can still take. Only when two columns can give the same
//!   smallest label does the branch split (one branch each, with both
//!   columns' positions fixed).
//!
//! Symmetric choices are pruned: two empty rows of one band, two empty
//! bands, two empty stacks are interchangeable (swapping them is an
//! automorphism of the puzzle), so only the first is tried. The top row
//! is chosen among the rows whose best first row (stacks ordered by
//! their number of givens, empty cells first in each) is the smallest.
//!
//! The *pattern-first* form runs the same search twice: once with every
//! given counted as 1 (the given/empty pattern alone), keeping the
//! branches that give the smallest pattern — of two unused rows of a band
//! with the same givens, or two unused bands with the same rows of
//! givens, only the first is tried, since swapping them keeps the
//! pattern; then with the labels, from those branches, each target row
//! taking again any unused row with the givens of the row the pattern
//! pass chose (from any unused band like its band), so every symmetry
//! that gives the smallest pattern is still there.
//!
//! **Source.** The minlex form itself is the Sudoku community's (see the
//! enjoysudoku forum's "minlex" threads and Dobrichev's minlexer); the
//! lazy treatment of empty columns and new labels is this file's own,
//! in the spirit of partition refinement in graph canonisation.
//!
//! **Cost.** A few microseconds for a 4x4 grid; tens for a 9x9 puzzle
//! (the fast 9x9 paths of `nine.rs` are used there); for a
//! 16x16 or 25x25 grid or puzzle, well under a second: the first rows fix
//! almost every ordering. **Limits.** Stacks of at most 5 columns (the
//! orderings of a stack are a 128-bit set). Puzzles with large symmetry
//! groups keep one branch per symmetry still tied: an empty grid is cheap
//! (the pruning above), but a highly symmetric sparse puzzle of 25x25 can
//! take much longer than a typical one.

// Cells, rows and stacks are walked by index over parallel tables; the
// index loops read as the algorithm is written.
#![allow(clippy::needless_range_loop)]

use std::sync::OnceLock;

use crate::grid::{MAX_CELLS, MAX_SIDE};
use crate::transform::{Shape, Transform};

/// At most this many stacks (or bands): `side / 2`.
const MAX_BLOCKS: usize = MAX_SIDE / 2;
/// No row, stack, first appearance yet.
const NONE: u8 = u8::MAX;
/// Larger than any value.
const INF: u8 = u8::MAX;

/// The orderings of a stack of `c` columns: `slot[p][k]` is the target
/// slot of local source column `k` under ordering `p`, and `pos[k][s]`
/// the set of orderings putting column `k` in slot `s`.
struct Perms {
    slot: Vec<[u8; 5]>,
    pos: [[u128; 5]; 5],
    full: u128,
}

fn perms(c: usize) -> &'static Perms {
    static TABLES: [OnceLock<Perms>; 6] = [const { OnceLock::new() }; 6];
    TABLES[c].get_or_init(|| {
        // Every ordering of 0..c, in lexicographic order.
        let mut slot = Vec::new();
        let mut cur = [0u8; 5];
        fn go(k: usize, c: usize, used: u8, cur: &mut [u8; 5], out: &mut Vec<[u8; 5]>) {
            if k == c {
                out.push(*cur);
                return;
            }
            for s in 0..c as u8 {
                if used & (1 << s) == 0 {
                    cur[k] = s;
                    go(k + 1, c, used | (1 << s), cur, out);
                }
            }
        }
        go(0, c, 0, &mut cur, &mut slot);
        let mut pos = [[0u128; 5]; 5];
        for (p, s) in slot.iter().enumerate() {
            for k in 0..c {
                pos[k][usize::from(s[k])] |= 1u128 << p;
            }
        }
        let full = if slot.len() == 128 {
            u128::MAX
        } else {
            (1u128 << slot.len()) - 1
        };
        Perms { slot, pos, full }
    })
}

/// How values are compared.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Givens as 1, empty cells as 0.
    Pattern,
    /// Givens by their labels.
    Labels,
}

/// How rows are chosen.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rows {
    /// Any row the band rules allow.
    Free,
    /// A row with the givens of the row the pattern pass chose.
    LikePattern,
}

/// A set of symmetries that all give the string so far.
#[derive(Clone, Copy)]
pub(crate) struct Branch {
    orient: u8,
    rows_used: u32,
    bands_used: u32,
    stacks_used: u32,
    row_src: [u8; MAX_SIDE],
    band_src: [u8; MAX_BLOCKS],
    stack_src: [u8; MAX_BLOCKS],
    stack_tgt: [u8; MAX_BLOCKS],
    masks: [u128; MAX_BLOCKS],
    /// The target row where each symbol first appears (`NONE`: not yet).
    first_row: [u8; MAX_SIDE + 1],
    /// The source column where it does.
    first_col: [u8; MAX_SIDE + 1],
    /// The pattern pass's source row of each target row.
    pattern_row: [u8; MAX_SIDE],
}

impl Branch {
    fn new(orient: u8) -> Branch {
        Branch {
            orient,
            rows_used: 0,
            bands_used: 0,
            stacks_used: 0,
            row_src: [NONE; MAX_SIDE],
            band_src: [NONE; MAX_BLOCKS],
            stack_src: [NONE; MAX_BLOCKS],
            stack_tgt: [NONE; MAX_BLOCKS],
            masks: [0; MAX_BLOCKS],
            first_row: [NONE; MAX_SIDE + 1],
            first_col: [NONE; MAX_SIDE + 1],
            pattern_row: [NONE; MAX_SIDE],
        }
    }
}

/// The general search, with its buffers (reused from call to call).
pub(crate) struct Engine {
    shape: Shape,
    /// The grid, and its transpose when the shape allows it.
    grids: [[u8; MAX_CELLS]; 2],
    orients: usize,
    row_empty: [[bool; MAX_SIDE]; 2],
    band_empty: [[bool; MAX_BLOCKS]; 2],
    stack_empty: [[bool; MAX_BLOCKS]; 2],
    /// Each row's pattern (bit `c` for a given in column `c`).
    row_pat: [[u32; MAX_SIDE]; 2],
    /// Each band's row patterns, sorted: bands with equal ones can be
    /// swapped (their rows reordered) without changing the pattern.
    band_sig: [[[u32; 5]; MAX_BLOCKS]; 2],

    /// The string so far.
    pub(crate) best: [u8; MAX_CELLS],
    cur: Vec<Branch>,
    next: Vec<Branch>,
}

impl Engine {
    pub(crate) fn new() -> Engine {
        Engine {
            shape: Shape::boxes(3, 3).expect("9x9"),
            grids: [[0; MAX_CELLS]; 2],
            orients: 1,
            row_empty: [[false; MAX_SIDE]; 2],
            band_empty: [[false; MAX_BLOCKS]; 2],
            stack_empty: [[false; MAX_BLOCKS]; 2],
            row_pat: [[0; MAX_SIDE]; 2],
            band_sig: [[[0; 5]; MAX_BLOCKS]; 2],

            best: [0; MAX_CELLS],
            cur: Vec::new(),
            next: Vec::new(),
        }
    }

    /// Canonicalises `cells` (a grid of `shape` with valid givens): the
    /// form is left in `best`, the branches that give it in `cur`.
    pub(crate) fn run(&mut self, cells: &[u8], shape: Shape, pattern_first: bool) {
        let n = shape.side();
        let (br, bc) = (shape.box_rows(), shape.box_cols());
        assert!(bc <= 5, "stacks of more than 5 columns");
        self.shape = shape;
        self.orients = if shape.can_transpose() { 2 } else { 1 };
        self.grids[0][..n * n].copy_from_slice(cells);
        if self.orients == 2 {
            for r in 0..n {
                for c in 0..n {
                    self.grids[1][c * n + r] = cells[r * n + c];
                }
            }
        }
        for o in 0..self.orients {
            let g = &self.grids[o];
            for r in 0..n {
                self.row_empty[o][r] = g[r * n..r * n + n].iter().all(|&v| v == 0);
            }
            for b in 0..n / br {
                self.band_empty[o][b] = (b * br..b * br + br).all(|r| self.row_empty[o][r]);
            }
            for s in 0..n / bc {
                self.stack_empty[o][s] = (0..n).all(|r| {
                    g[r * n + s * bc..r * n + s * bc + bc]
                        .iter()
                        .all(|&v| v == 0)
                });
            }
            for r in 0..n {
                self.row_pat[o][r] =
                    (0..n).fold(0, |acc, c| acc | (u32::from(g[r * n + c] != 0) << c));
            }
            for b in 0..n / br {
                let sig = &mut self.band_sig[o][b];
                *sig = [0; 5];
                for k in 0..br {
                    sig[k] = self.row_pat[o][b * br + k];
                }
                sig[..br].sort_unstable();
            }
        }
        self.restart();
        if pattern_first {
            // The smallest pattern first, keeping every branch that gives
            // it, except that of two unused rows of a band with the same
            // givens, or two unused bands with the same rows of givens,
            // only the first is tried: swapping them keeps the pattern.
            // Then the labels from those branches, each target row taking
            // again any unused row of its pattern (in any unused band like
            // its band): so every symmetry that gives the smallest pattern
            // is still there.
            self.sweep(Mode::Pattern, Rows::Free);
            for b in &mut self.cur {
                b.pattern_row = b.row_src;
                b.row_src = [NONE; MAX_SIDE];
                b.band_src = [NONE; MAX_BLOCKS];
                b.rows_used = 0;
                b.bands_used = 0;
            }
            self.sweep(Mode::Labels, Rows::LikePattern);
        } else {
            self.sweep(Mode::Labels, Rows::Free);
        }
    }

    /// One branch per orientation, nothing chosen.
    fn restart(&mut self) {
        self.cur.clear();
        for o in 0..self.orients {
            self.cur.push(Branch::new(o as u8));
        }
    }

    /// The best first row `o`'s row `r` can give: stacks in increasing
    /// number of givens, empty cells first within each.
    fn top_row_key(&self, o: usize, r: usize, out: &mut [u8; MAX_SIDE]) {
        let (n, bc) = (self.shape.side(), self.shape.box_cols());
        let row = &self.grids[o][r * n..r * n + n];
        let mut counts = [0u8; MAX_BLOCKS];
        for (s, count) in counts[..n / bc].iter_mut().enumerate() {
            *count = row[s * bc..s * bc + bc].iter().filter(|&&v| v != 0).count() as u8;
        }
        counts[..n / bc].sort_unstable();
        let mut label = 0;
        for (s, &count) in counts[..n / bc].iter().enumerate() {
            for k in 0..bc {
                out[s * bc + k] = if k + usize::from(count) >= bc {
                    label += 1;
                    label
                } else {
                    0
                };
            }
        }
    }

    /// One pass over every cell.
    fn sweep(&mut self, mode: Mode, rows: Rows) {
        let shape = self.shape;
        let n = shape.side();
        let mut next_label = 1u8;
        for i in 0..n {
            self.choose_rows(i, mode, rows);
            if mode == Mode::Labels {
                for b in &mut self.cur {
                    let o = usize::from(b.orient);
                    let r = usize::from(b.row_src[i]);
                    for c in 0..n {
                        let d = usize::from(self.grids[o][r * n + c]);
                        if d != 0 && b.first_row[d] == NONE {
                            b.first_row[d] = i as u8;
                            b.first_col[d] = c as u8;
                        }
                    }
                }
            }
            for j in 0..n {
                if crate::pipeline::interrupted() {
                    // The process is stopping (the reader of its output has
                    // gone) and this form will be dropped: one branch ends
                    // the search at once, where a symmetric 25x25 grid keeps
                    // thousands for seconds.
                    self.cur.truncate(1);
                }
                let mut gmin = INF;
                self.next.clear();
                let cur = std::mem::take(&mut self.cur);
                for b in &cur {
                    self.cell(b, i, j, mode, next_label, &mut gmin);
                }
                self.cur = cur;
                std::mem::swap(&mut self.cur, &mut self.next);
                debug_assert!(gmin != INF && !self.cur.is_empty());
                self.best[i * n + j] = gmin;
                if mode == Mode::Labels && gmin == next_label {
                    next_label += 1;
                }
            }
        }
    }

    /// Expands every branch by the rows target row `i` can take.
    fn choose_rows(&mut self, i: usize, mode: Mode, rows: Rows) {
        let n = self.shape.side();
        let br = self.shape.box_rows();
        let tb = i / br;
        if rows == Rows::LikePattern {
            self.next.clear();
            for b in &self.cur {
                let o = usize::from(b.orient);
                let pr = usize::from(b.pattern_row[i]);
                let like = |r: usize| {
                    b.rows_used & (1 << r) == 0 && self.row_pat[o][r] == self.row_pat[o][pr]
                };
                let push = |band: usize, r: usize, next: &mut Vec<Branch>| {
                    let mut nb = *b;
                    nb.bands_used |= 1 << band;
                    nb.band_src[tb] = band as u8;
                    nb.rows_used |= 1 << r;
                    nb.row_src[i] = r as u8;
                    next.push(nb);
                };
                if i.is_multiple_of(br) {
                    let sig = &self.band_sig[o][pr / br];
                    for band in 0..n / br {
                        if b.bands_used & (1 << band) == 0 && self.band_sig[o][band] == *sig {
                            for r in band * br..band * br + br {
                                if like(r) {
                                    push(band, r, &mut self.next);
                                }
                            }
                        }
                    }
                } else {
                    let band = usize::from(b.band_src[tb]);
                    for r in band * br..band * br + br {
                        if like(r) {
                            push(band, r, &mut self.next);
                        }
                    }
                }
            }
            std::mem::swap(&mut self.cur, &mut self.next);
            return;
        }
        // The top row: only the rows whose best first row is the smallest.
        let mut allowed = [[true; MAX_SIDE]; 2];
        if i == 0 {
            let mut min = [INF; MAX_SIDE];
            let mut key = [0u8; MAX_SIDE];
            for o in 0..self.orients {
                for r in 0..n {
                    self.top_row_key(o, r, &mut key);
                    if key[..n] < min[..n] {
                        min = key;
                    }
                }
            }
            for o in 0..self.orients {
                for r in 0..n {
                    self.top_row_key(o, r, &mut key);
                    allowed[o][r] = key[..n] == min[..n];
                }
            }
        }
        self.next.clear();
        for b in &self.cur {
            let o = usize::from(b.orient);
            if i.is_multiple_of(br) {
                let mut empty_band_seen = false;
                for band in 0..n / br {
                    if b.bands_used & (1 << band) != 0 {
                        continue;
                    }
                    if mode == Mode::Pattern {
                        let sig = &self.band_sig[o][band];
                        if (0..band)
                            .any(|x| b.bands_used & (1 << x) == 0 && self.band_sig[o][x] == *sig)
                        {
                            continue;
                        }
                    } else if self.band_empty[o][band] {
                        if empty_band_seen {
                            continue;
                        }
                        empty_band_seen = true;
                    }
                    let mut empty_row_seen = false;
                    for r in band * br..band * br + br {
                        if !allowed[o][r] || self.same_row_before(b, o, r, band, mode) {
                            continue;
                        }
                        if self.row_empty[o][r] {
                            if empty_row_seen {
                                continue;
                            }
                            empty_row_seen = true;
                        }
                        let mut nb = *b;
                        nb.bands_used |= 1 << band;
                        nb.band_src[tb] = band as u8;
                        nb.rows_used |= 1 << r;
                        nb.row_src[i] = r as u8;
                        self.next.push(nb);
                    }
                }
            } else {
                let band = usize::from(b.band_src[tb]);
                let mut empty_row_seen = false;
                for r in band * br..band * br + br {
                    if b.rows_used & (1 << r) != 0 || self.same_row_before(b, o, r, band, mode) {
                        continue;
                    }
                    if self.row_empty[o][r] {
                        if empty_row_seen {
                            continue;
                        }
                        empty_row_seen = true;
                    }
                    let mut nb = *b;
                    nb.rows_used |= 1 << r;
                    nb.row_src[i] = r as u8;
                    self.next.push(nb);
                }
            }
        }
        std::mem::swap(&mut self.cur, &mut self.next);
    }

    /// In the pattern pass, whether an unused row of `band` before `r` has
    /// `r`'s pattern (swapping the two keeps the pattern).
    fn same_row_before(&self, b: &Branch, o: usize, r: usize, band: usize, mode: Mode) -> bool {
        mode == Mode::Pattern
            && (band * self.shape.box_rows()..r)
                .any(|x| b.rows_used & (1 << x) == 0 && self.row_pat[o][x] == self.row_pat[o][r])
    }

    /// Branch `b` at cell (`i`, `j`): choose the stack if this is its
    /// first column and none is chosen yet, then the cell.
    fn cell(&mut self, b: &Branch, i: usize, j: usize, mode: Mode, next_label: u8, gmin: &mut u8) {
        let bc = self.shape.box_cols();
        let t = j / bc;
        if b.stack_src[t] != NONE {
            self.value(b, i, j, mode, next_label, gmin);
            return;
        }
        let o = usize::from(b.orient);
        let mut empty_seen = false;
        for s in 0..self.shape.side() / bc {
            if b.stacks_used & (1 << s) != 0 {
                continue;
            }
            if self.stack_empty[o][s] {
                if empty_seen {
                    continue;
                }
                empty_seen = true;
            }
            let mut nb = *b;
            nb.stacks_used |= 1 << s;
            nb.stack_src[t] = s as u8;
            nb.stack_tgt[s] = t as u8;
            nb.masks[t] = perms(bc).full;
            self.value(&nb, i, j, mode, next_label, gmin);
        }
    }

    /// The smallest value branch `b` (its stack at `j` chosen) can give at
    /// (`i`, `j`); pushes its parts that give it if it is no larger than
    /// `gmin`.
    fn value(&mut self, b: &Branch, i: usize, j: usize, mode: Mode, next_label: u8, gmin: &mut u8) {
        let n = self.shape.side();
        let bc = self.shape.box_cols();
        let p = perms(bc);
        let (t, jl) = (j / bc, j % bc);
        let s = usize::from(b.stack_src[t]);
        let m = b.masks[t];
        let o = usize::from(b.orient);
        let r = usize::from(b.row_src[i]);
        let row = &self.grids[o][r * n..r * n + n];
        let (mut empties, mut news) = (0u128, 0u128);
        // Seen symbols: (column k, label, its first stack t0, column k0, slot q).
        let mut known = [(0u8, 0u8, 0u8, 0u8, 0u8); 5];
        let mut nknown = 0;
        let mut vmin = INF;
        for k in 0..bc {
            let pm = m & p.pos[k][jl];
            if pm == 0 {
                continue;
            }
            let d = usize::from(row[s * bc + k]);
            let v = if d == 0 {
                empties |= pm;
                0
            } else if mode == Mode::Pattern {
                news |= pm;
                1
            } else if usize::from(b.first_row[d]) == i {
                news |= pm;
                next_label
            } else {
                let (i0, c0) = (usize::from(b.first_row[d]), usize::from(b.first_col[d]));
                let (k0, t0) = (c0 % bc, usize::from(b.stack_tgt[c0 / bc]));
                let m0 = if t0 == t { pm } else { b.masks[t0] };
                let (mut v, mut q) = (INF, 0);
                for slot in 0..bc {
                    if m0 & p.pos[k0][slot] != 0 {
                        let x = self.best[i0 * n + t0 * bc + slot];
                        if x < v {
                            v = x;
                            q = slot;
                        }
                    }
                }
                known[nknown] = (k as u8, v, t0 as u8, k0 as u8, q as u8);
                nknown += 1;
                v
            };
            vmin = vmin.min(v);
        }
        if vmin > *gmin {
            return;
        }
        if vmin < *gmin {
            *gmin = vmin;
            self.next.clear();
        }
        if vmin == 0 || mode == Mode::Pattern || vmin == next_label {
            let keep = if vmin == 0 { empties } else { news };
            let mut nb = *b;
            nb.masks[t] = m & keep;
            self.next.push(nb);
            return;
        }
        for &(k, v, t0, k0, q) in &known[..nknown] {
            if v != vmin {
                continue;
            }
            let mut nb = *b;
            nb.masks[t] &= p.pos[usize::from(k)][jl];
            nb.masks[usize::from(t0)] &= p.pos[usize::from(k0)][usize::from(q)];
            debug_assert!(nb.masks[t] != 0 && nb.masks[usize::from(t0)] != 0);
            self.next.push(nb);
        }
    }

    /// The branches that give the form (after [`run`](Engine::run)).
    pub(crate) fn branches(&self) -> &[Branch] {
        &self.cur
    }

    /// Every symmetry of branch `b` (the product of its orderings), as
    /// transforms whose relabelling follows the form's labels, until `f`
    /// returns false.
    pub(crate) fn for_each_transform(&self, b: &Branch, mut f: impl FnMut(Transform) -> bool) {
        let n = self.shape.side();
        let bc = self.shape.box_cols();
        let stacks = n / bc;
        let mut choice = [0u32; MAX_BLOCKS];
        // Odometer over the set bits of each stack's orderings.
        for (t, c) in choice[..stacks].iter_mut().enumerate() {
            *c = b.masks[t].trailing_zeros();
        }
        loop {
            if !f(self.transform_of(b, &choice)) {
                return;
            }
            let mut t = 0;
            loop {
                if t == stacks {
                    return;
                }
                let rest = b.masks[t] >> choice[t] >> 1;
                if choice[t] < 127 && rest != 0 {
                    choice[t] += 1 + rest.trailing_zeros();
                    break;
                }
                choice[t] = b.masks[t].trailing_zeros();
                t += 1;
            }
        }
    }

    /// The first symmetry of branch `b`.
    pub(crate) fn first_transform(&self, b: &Branch) -> Transform {
        let mut out = None;
        self.for_each_transform(b, |t| {
            out = Some(t);
            false
        });
        out.expect("a branch has a symmetry")
    }

    /// The transform of branch `b` with ordering `choice[t]` for target
    /// stack `t`: labels as the form shows them where each symbol first
    /// appears, symbols absent from the grid after the others, in order.
    fn transform_of(&self, b: &Branch, choice: &[u32; MAX_BLOCKS]) -> Transform {
        let n = self.shape.side();
        let bc = self.shape.box_cols();
        let p = perms(bc);
        let mut cols = [0u8; MAX_SIDE];
        let mut pos_of = [0u8; MAX_SIDE];
        for t in 0..n / bc {
            let s = usize::from(b.stack_src[t]);
            let slots = &p.slot[choice[t] as usize];
            for k in 0..bc {
                let target = t * bc + usize::from(slots[k]);
                cols[target] = (s * bc + k) as u8;
                pos_of[s * bc + k] = target as u8;
            }
        }
        let mut digits = [0u8; MAX_SIDE];
        let mut taken = 0u32;
        for d in 1..=n {
            if b.first_row[d] != NONE {
                let cell = usize::from(b.first_row[d]) * n
                    + usize::from(pos_of[usize::from(b.first_col[d])]);
                digits[d - 1] = self.best[cell];
                taken |= 1 << self.best[cell];
            }
        }
        let mut free = 1u8;
        for digit in digits[..n].iter_mut() {
            if *digit == 0 {
                while taken & (1 << free) != 0 {
                    free += 1;
                }
                *digit = free;
                taken |= 1 << free;
            }
        }
        Transform::from_parts(self.shape, b.orient == 1, &b.row_src, &cols, &digits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordering_tables_hold_every_ordering_once() {
        for c in 2..=5 {
            let p = perms(c);
            let count: usize = (1..=c).product();
            assert_eq!(p.slot.len(), count);
            assert_eq!(p.full.count_ones() as usize, count);
            for k in 0..c {
                // Each column is in each slot in (c - 1)! orderings.
                for s in 0..c {
                    assert_eq!(p.pos[k][s].count_ones() as usize, count / c);
                }
            }
        }
    }

    /// Every order of `blocks · size` lines keeping blocks whole.
    fn orders(blocks: usize, size: usize) -> Vec<Vec<usize>> {
        fn perms(k: usize) -> Vec<Vec<usize>> {
            if k == 0 {
                return vec![vec![]];
            }
            let mut out = vec![];
            for p in perms(k - 1) {
                for at in 0..k {
                    let mut q = p.clone();
                    q.insert(at, k - 1);
                    out.push(q);
                }
            }
            out
        }
        let mut out: Vec<Vec<usize>> = vec![];
        for outer in perms(blocks) {
            let mut partial: Vec<Vec<usize>> = vec![vec![]];
            for &b in &outer {
                let mut grown = vec![];
                for prefix in &partial {
                    for inner in perms(size) {
                        let mut q = prefix.clone();
                        q.extend(inner.iter().map(|&k| b * size + k));
                        grown.push(q);
                    }
                }
                partial = grown;
            }
            out.extend(partial);
        }
        out
    }

    #[test]
    fn rectangular_shapes_match_a_plain_enumeration() {
        // 6x6 with boxes of 2 rows and 3 columns: 3! · 2!³ row orders,
        // 2! · 3!² column orders, no transposition.
        let shape = Shape::boxes(2, 3).unwrap();
        let grid: [u8; 36] = [
            1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3, 2, 3, 1, 5, 6, 4, 5, 6, 4, 2, 3, 1, 3, 1, 2, 6, 4,
            5, 6, 4, 5, 3, 1, 2,
        ];
        let (rows, cols) = (orders(3, 2), orders(2, 3));
        assert_eq!((rows.len(), cols.len()), (48, 72));
        let mut e = Engine::new();
        let mut rng = crate::random::grid_rng(4, 4);
        for trial in 0..40 {
            let mut cells = grid;
            for v in cells.iter_mut() {
                if crate::random::below(&mut rng, 100) < 20 + trial {
                    *v = 0;
                }
            }
            let mut best = vec![u8::MAX; 36];
            let mut best_pattern = (vec![u8::MAX; 36], vec![u8::MAX; 36]);
            for r in &rows {
                for c in &cols {
                    let mut label = [0u8; 7];
                    let mut next = 1;
                    let s: Vec<u8> = (0..36)
                        .map(|k| {
                            let v = usize::from(cells[r[k / 6] * 6 + c[k % 6]]);
                            if v != 0 && label[v] == 0 {
                                label[v] = next;
                                next += 1;
                            }
                            label[v]
                        })
                        .collect();
                    let pattern: Vec<u8> = s.iter().map(|&v| u8::from(v != 0)).collect();
                    if (&pattern, &s) < (&best_pattern.0, &best_pattern.1) {
                        best_pattern = (pattern, s.clone());
                    }
                    best = best.min(s);
                }
            }
            e.run(&cells, shape, false);
            assert_eq!(&e.best[..36], &best[..], "{cells:?}");
            e.run(&cells, shape, true);
            assert_eq!(&e.best[..36], &best_pattern.1[..], "{cells:?}");
        }
    }

    #[test]
    fn cells_of_other_shapes_are_checked() {
        let shape = Shape::boxes(2, 3).unwrap();
        let mut c = crate::canon::Canonicalizer::new();
        let mut out = [0u8; 36];
        let mut cells = [0u8; 36];
        cells[0] = 1;
        cells[7] = 1; // row 1, column 1: the same 2x3 box
        assert!(c.canon_cells(&cells, shape, false, &mut out).is_none());
        cells[7] = 0;
        cells[9] = 1; // row 1, column 3: another box
        assert!(c.canon_cells(&cells, shape, false, &mut out).is_some());
        cells[9] = 7; // larger than the side
        assert!(c.canon_cells(&cells, shape, false, &mut out).is_none());
    }

    #[test]
    fn rectangular_shapes_canonicalise() {
        // 2x3 boxes (6x6): no transposition; the form is invariant under
        // the shape's symmetries.
        let shape = Shape::boxes(2, 3).unwrap();
        let grid: [u8; 36] = [
            1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3, 2, 3, 1, 5, 6, 4, 5, 6, 4, 2, 3, 1, 3, 1, 2, 6, 4,
            5, 6, 4, 5, 3, 1, 2,
        ];
        let mut e = Engine::new();
        let mut rng = crate::random::grid_rng(3, 3);
        for keep in [36usize, 20, 10] {
            let mut cells = grid;
            for v in cells.iter_mut().skip(keep) {
                *v = 0;
            }
            e.run(&cells, shape, false);
            let form = e.best[..36].to_vec();
            let t = e.first_transform(&e.branches()[0]);
            assert!(!t.transposes());
            let mut image = [0u8; 36];
            t.apply_cells(&cells, &mut image);
            assert_eq!(&image[..], &form[..]);
            for _ in 0..20 {
                let r = Transform::random(shape, &mut rng);
                let mut moved = [0u8; 36];
                r.apply_cells(&cells, &mut moved);
                e.run(&moved, shape, false);
                assert_eq!(&e.best[..36], &form[..]);
                e.run(&moved, shape, true);
                let pattern_form = e.best[..36].to_vec();
                e.run(&cells, shape, true);
                assert_eq!(&e.best[..36], &pattern_form[..]);
            }
        }
    }
}
