//! The fast 9x9 canonical searches: one for puzzles (string and pattern
//! first), one for complete grids.
//!
//! **Puzzles: row by row.** A *candidate* is the grid's orientation, the
//! source rows of the target rows so far, the source stack of each target
//! stack, for each target stack a 6-bit set of the orderings of its three
//! columns still possible, and the labels given so far. All of a
//! candidate's symmetries give the same string so far *and the same
//! labels*. A target row is added to every candidate at once: for each
//! source row the band rules allow (the band's next row, or the top row
//! of a band not used yet; of several empty rows of one band, or several
//! empty bands, only the first, since swapping them is an automorphism),
//! each target stack's best triplet over its orderings is found on a key
//! per cell (0 for empty, the label if the symbol has one, 10 for a new
//! symbol: new symbols get the next labels in order of appearance, so
//! equal keys give equal strings), comparing stack by stack with the best
//! row found so far and giving up at the first larger stack. The
//! candidates that reach the smallest row go on, their orderings cut to
//! those that give it; when two or three new symbols of one stack can
//! come in either order, the candidate splits by order (their labels
//! differ). The top row is chosen among the rows whose best pattern
//! (stacks by number of givens, empty cells first) is the smallest, over
//! the six stack orders. This is the shape of Dobrichev's minlexer
//! (band/stack candidates refined row by row, bit sets of column
//! orderings), carried from patterns to labels.
//!
//! **Pattern first: two passes.** The first pass runs the rows on the
//! pattern alone, with lean candidates (no labels): a row's three
//! triplets of givens come from its 9-bit pattern, a 512-entry table
//! gives each triplet's best arrangement under a set of orderings and the
//! orderings that give it, and a candidate's rows are tried from a bit
//! set of the rows its bands allow, written once if they tie with the
//! best so far. An empty top row is settled with the second row at once
//! (every stack order is open until then: the rows of its band that give
//! the smallest best pattern choose them). The second pass puts the
//! labels on the rows so fixed: nearly always one candidate is left
//! whose orderings all give the same image (one ordering a stack, or
//! orderings that move only empty columns), and the form is that image,
//! symbols labelled in order of appearance. Otherwise each candidate in
//! turn is compared row by row with the best rows so far: a candidate
//! with one image directly, others depth first, splitting on the order of
//! new symbols as above. Both keep the first symmetry found that gives
//! the form, which is the one the breadth-first order of the string form
//! would keep: the transforms are the same.
//!
//! **Grids: the second row decides.** In a complete grid the first row
//! is always `123456789` (the labels are the positions of the columns),
//! so the form is decided from the second row on. For each choice of
//! orientation, band, top row and second row of that band (36), write
//! `π(c)` for the column of the top row holding the second row's symbol
//! at column `c`; the second row of the form reads `σ(π(σ⁻¹(j))) + 1` at
//! position `j`, for the column order `σ`. A depth-first search fixes `σ`
//! position by position: when position `j` has no column yet, each
//! column its stack allows is tried; the column its value needs (`π` of
//! it) then takes the first free position of its stack (of the next
//! stack not yet placed if its stack has none), since any other would
//! give a larger value there. Branches larger than the best second row
//! so far stop at once; a stack of the second row whose three symbols
//! lie in one stack of the top row gives `456` at the start, so when one
//! exists only such stacks start the search. With `σ` fixed, the third
//! row is fixed and the other two bands are ordered by their smallest
//! row, each band's rows in increasing order. All the choices that tie
//! are kept: they are the grid's automorphisms (mapped to the form),
//! which the solution-first form needs.
//!
//! **Cost.** About a microsecond per puzzle (pattern first, about 5,500
//! instructions), a few for the string form and for grids (see
//! `docs/PERFORMANCE.md (#canonical-forms)`); no allocation once the buffers have grown.
//! **Limits.** Puzzles must have valid givens (no symbol twice in a
//! unit); highly symmetric puzzles keep many candidates (an empty grid:
//! a few hundred), nearly complete puzzles may split on the order of new
//! symbols.

// Cells, rows and stacks are walked by index over parallel tables; the
// index loops read as the algorithm is written.
#![allow(clippy::needless_range_loop)]

use std::sync::OnceLock;

use crate::transform::{Shape, Transform};

/// The key of a symbol without a label yet (larger than every label).
const NEW: u8 = 10;
const NONE: u8 = u8::MAX;

/// The orderings of three columns: `PERM[p][slot]` is the local column at
/// `slot`.
const PERM: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The six stack orders (target stack → source stack), the same table.
const STACK_PERMS: [[u8; 3]; 6] = PERM;

struct Tables {
    /// The orderings in each 6-bit set, and how many.
    perms_in: [([u8; 6], u8); 64],
    /// Pattern mode: for a triplet's givens (bit 2 for local column 0) and
    /// a set of orderings, the smallest arranged pattern (bit 2 for slot
    /// 0) and the orderings that give it; at `bits << 6 | set`.
    trip: [(u8, u8); 512],
    /// Of a set of rows (bit `r` for row `r`), the first of each band.
    first_of_band: [u16; 512],
    /// The stack orders ([`STACK_PERMS`], a 6-bit set) that can give a
    /// top row its best pattern: those that put its stacks in increasing
    /// number of givens, entirely empty stacks in increasing order; at
    /// `count0 | count1 << 2 | count2 << 4 | empty << 6` (counts of the
    /// source stacks, bit `s` of `empty` for an empty stack `s`).
    stack_orders: [u8; 512],
    /// Whether the orderings of a set move none of a stack's nonempty
    /// columns differently (so all give the same image); at `set << 3 |
    /// nonempty` (bit `k` for local column `k`).
    same_image: [bool; 512],
    /// The smallest pattern a row (bit 8 for column 0) can take.
    row_min: [u16; 512],
    /// Labels mode: for the weak order of a triplet's three keys
    /// ([`order_type`]) and a set of orderings, an ordering that puts the
    /// keys in the smallest arrangement, and all those that do.
    order: [[(u8, u8); 64]; 27],
}

/// The weak order of three keys, `0..27`: for each pair, `<`, `=` or `>`.
#[inline]
fn order_type(k: &[u8; 3]) -> usize {
    let ord = |a: u8, b: u8| usize::from(a >= b) + usize::from(a > b);
    9 * ord(k[0], k[1]) + 3 * ord(k[0], k[2]) + ord(k[1], k[2])
}

/// The labels `key` (and the next free one, `next`) once the new symbols
/// of a row are labelled in the order its stacks (`stacks`, source stacks
/// of the target stacks) bring them under the orderings `masks` (each
/// stack's first ordering; `keys` marks a new symbol `NEW`).
#[inline]
fn label_new(
    stacks: &[u8; 3],
    row: &[u8; 9],
    keys: &[[u8; 3]; 3],
    masks: &[u8; 3],
    mut key: [u8; 10],
    mut next: u8,
) -> ([u8; 10], u8) {
    for ts in 0..3 {
        let s = 3 * usize::from(stacks[ts]);
        let p = masks[ts].trailing_zeros() as usize;
        for &col in &PERM[p] {
            if keys[ts][usize::from(col)] == NEW {
                key[usize::from(row[s + usize::from(col)])] = next;
                next += 1;
            }
        }
    }
    (key, next)
}

/// Each stack's orderings (`sets`, 6-bit sets) split by the order in which
/// they bring its new symbols (`NEW` in the stack's `keys`): one group
/// when it has fewer than two, else one per order (their labels differ).
/// The groups of stack `ts` are `groups[ts][..counts[ts]]`.
#[inline]
fn split_by_new_order(
    t: &Tables,
    keys: &[[u8; 3]; 3],
    sets: &[u8; 3],
) -> ([[u8; 6]; 3], [usize; 3]) {
    let mut groups = [[0u8; 6]; 3];
    let mut counts = [0usize; 3];
    for ts in 0..3 {
        let k = &keys[ts];
        if k.iter().filter(|&&x| x == NEW).count() < 2 {
            groups[ts][0] = sets[ts];
            counts[ts] = 1;
            continue;
        }
        let mut codes = [0u8; 6];
        let (list, count) = &t.perms_in[usize::from(sets[ts])];
        for &p in &list[..usize::from(*count)] {
            let mut code = 0u8;
            for &col in &PERM[usize::from(p)] {
                if k[usize::from(col)] == NEW {
                    code = code * 4 + col + 1;
                }
            }
            match codes[..counts[ts]].iter().position(|&c| c == code) {
                Some(g) => groups[ts][g] |= 1 << p,
                None => {
                    codes[counts[ts]] = code;
                    groups[ts][counts[ts]] = 1 << p;
                    counts[ts] += 1;
                }
            }
        }
    }
    (groups, counts)
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let mut perms_in = [([0u8; 6], 0u8); 64];
        for (m, entry) in perms_in.iter_mut().enumerate() {
            for p in 0..6 {
                if m & (1 << p) != 0 {
                    entry.0[usize::from(entry.1)] = p as u8;
                    entry.1 += 1;
                }
            }
        }
        let mut trip = [(0u8, 0u8); 512];
        for (bits, row) in trip.chunks_exact_mut(64).enumerate() {
            for (m, entry) in row.iter_mut().enumerate() {
                let mut best = u8::MAX;
                let mut set = 0u8;
                for (p, perm) in PERM.iter().enumerate() {
                    if m & (1 << p) == 0 {
                        continue;
                    }
                    let v = perm.iter().fold(0u8, |acc, &col| {
                        (acc << 1) | ((bits as u8 >> (2 - col)) & 1)
                    });
                    if v < best {
                        best = v;
                        set = 0;
                    }
                    if v == best {
                        set |= 1 << p;
                    }
                }
                *entry = (best, set);
            }
        }
        let mut row_min = [0u16; 512];
        for (bits, out) in row_min.iter_mut().enumerate() {
            let mut counts = [0u32; 3];
            for (s, count) in counts.iter_mut().enumerate() {
                *count = ((bits >> (6 - 3 * s)) & 7).count_ones();
            }
            counts.sort_unstable();
            *out = counts
                .iter()
                .fold(0u16, |acc, &k| (acc << 3) | ((1u16 << k) - 1));
        }
        let mut order = [[(0u8, 0u8); 64]; 27];
        for k0 in 0..3u8 {
            for k1 in 0..3u8 {
                for k2 in 0..3u8 {
                    let k = [k0, k1, k2];
                    for (m, entry) in order[order_type(&k)].iter_mut().enumerate() {
                        let mut best = u16::MAX;
                        *entry = (0, 0);
                        for (p, perm) in PERM.iter().enumerate() {
                            if m & (1 << p) == 0 {
                                continue;
                            }
                            let v = perm.iter().fold(0u16, |acc, &col| {
                                (acc << 4) | u16::from(k[usize::from(col)])
                            });
                            if v < best {
                                best = v;
                                *entry = (p as u8, 0);
                            }
                            if v == best {
                                entry.1 |= 1 << p;
                            }
                        }
                    }
                }
            }
        }
        let mut first_of_band = [0u16; 512];
        for (rows, out) in first_of_band.iter_mut().enumerate() {
            for band in 0..3 {
                let b = (rows >> (3 * band)) & 7;
                *out |= ((b & b.wrapping_neg()) << (3 * band)) as u16;
            }
        }
        let mut stack_orders = [0u8; 512];
        for (index, out) in stack_orders.iter_mut().enumerate() {
            let count = |s: u8| (index >> (2 * s)) & 3;
            let empty = |s: u8| index & (64 << s) != 0;
            for (k, sp) in STACK_PERMS.iter().enumerate() {
                if count(sp[0]) > count(sp[1]) || count(sp[1]) > count(sp[2]) {
                    continue;
                }
                let mut last_empty = -1i32;
                let mut ordered = true;
                for &s in sp {
                    if empty(s) {
                        ordered &= i32::from(s) > last_empty;
                        last_empty = i32::from(s);
                    }
                }
                if ordered {
                    *out |= 1 << k;
                }
            }
        }
        let mut same_image = [false; 512];
        for (index, out) in same_image.iter_mut().enumerate() {
            let (set, nonempty) = (index >> 3, index & 7);
            let slots = |p: usize| {
                let mut slot = [0u8; 3];
                for (j, &col) in PERM[p].iter().enumerate() {
                    slot[usize::from(col)] = j as u8;
                }
                slot
            };
            let first = set.trailing_zeros() as usize;
            *out = set != 0
                && (0..6).filter(|p| set & (1 << p) != 0).all(|p| {
                    (0..3).all(|k| nonempty & (1 << k) == 0 || slots(p)[k] == slots(first)[k])
                });
        }
        Tables {
            perms_in,
            trip,
            first_of_band,
            stack_orders,
            same_image,
            row_min,
            order,
        }
    })
}

/// A set of symmetries that give the same string and labels so far.
#[derive(Clone, Copy)]
struct Cand {
    orient: u8,
    bands: u8,
    used: u16,
    rows: [u8; 9],
    stacks: [u8; 3],
    masks: [u8; 3],
    /// Each symbol's label, [`NEW`] if it has none yet; `key[0] = 0`.
    key: [u8; 10],
}

impl Cand {
    const EMPTY: Cand = Cand {
        orient: 0,
        bands: 0,
        used: 0,
        rows: [NONE; 9],
        stacks: [0; 3],
        masks: [0; 3],
        key: NO_LABELS,
    };
}

/// A set of symmetries that give the same pattern so far (the first pass
/// of the pattern-first form): no labels yet.
#[derive(Clone, Copy)]
struct PCand {
    orient: u8,
    stacks: [u8; 3],
    /// Where each target stack's triplet sits in a row pattern:
    /// `6 - 3 * stacks[t]`.
    shift: [u8; 3],
    masks: [u8; 3],
    used: u16,
    /// The rows of the band being filled.
    band: u16,
    rows: [u8; 9],
}

impl PCand {
    /// The candidate with top row `r` (then row `r1` if any) and stack
    /// order `sp`, its orderings cut to those that give the best pattern
    /// of the last row.
    fn new(o: usize, sp: [u8; 3], r: usize, r1: Option<usize>, bits: u16) -> PCand {
        let t = tables();
        let shift = sp.map(|s| 6 - 3 * s);
        let set = |ts: usize| t.trip[(usize::from((bits >> shift[ts]) & 7) << 6 | 63) & 511].1;
        let mut rows = [NONE; 9];
        rows[0] = r as u8;
        let mut used = 1 << r;
        if let Some(r1) = r1 {
            rows[1] = r1 as u8;
            used |= 1 << r1;
        }
        PCand {
            orient: o as u8,
            stacks: sp,
            shift,
            masks: [set(0), set(1), set(2)],
            used,
            band: 7 << (r / 3 * 3),
            rows,
        }
    }
}

/// The keys of a candidate before any label.
const NO_LABELS: [u8; 10] = [0, NEW, NEW, NEW, NEW, NEW, NEW, NEW, NEW, NEW];

/// A source row that gives the best next row for a candidate: the
/// orderings that give it and the keys of its cells, stack by stack.
#[derive(Clone, Copy)]
struct Pending {
    cand: u16,
    row: u8,
    sets: [u8; 3],
    keys: [[u8; 3]; 3],
}

/// A column order being built for a complete grid: the target position
/// of each source column and back, the target stack of each source stack
/// and back, and how many positions of each target stack are taken.
#[derive(Clone, Copy)]
struct Sigma {
    tgt: [u8; 9],
    src: [u8; 9],
    tstack: [u8; 3],
    sstack: [u8; 3],
    fill: [u8; 3],
    mapped: u8,
}

impl Sigma {
    const EMPTY: Sigma = Sigma {
        tgt: [NONE; 9],
        src: [NONE; 9],
        tstack: [NONE; 3],
        sstack: [NONE; 3],
        fill: [0; 3],
        mapped: 0,
    };

    #[inline]
    fn place(&mut self, c: usize, j: usize) {
        self.tgt[c] = j as u8;
        self.src[j] = c as u8;
        self.fill[j / 3] += 1;
    }

    #[inline]
    fn map(&mut self, s: usize, t: usize) {
        self.tstack[s] = t as u8;
        self.sstack[t] = s as u8;
        self.mapped += 1;
    }

    /// Column `d` at the first free position of its stack's target stack
    /// (of the next target stack if its stack has none yet: target stacks
    /// are taken in order).
    #[inline]
    fn place_next(&mut self, d: usize) {
        let s = d / 3;
        if self.tstack[s] == NONE {
            self.map(s, usize::from(self.mapped));
        }
        let t = usize::from(self.tstack[s]);
        self.place(d, 3 * t + usize::from(self.fill[t]));
    }
}

/// A symmetry of a complete grid that gives its form.
#[derive(Clone, Copy)]
struct Tie {
    orient: u8,
    rows: [u8; 9],
    cols: [u8; 9],
}

/// The 9x9 searches and their buffers.
pub(crate) struct Engine {
    /// The cells and the transposed cells.
    vals: [[u8; 81]; 2],
    /// Each row's pattern, bit 8 for column 0.
    row_bits: [[u16; 16]; 2],
    row_empty: [[bool; 9]; 2],
    /// The empty rows, bit `r` for row `r`.
    empty_rows: [u16; 2],
    band_empty: [[bool; 3]; 2],
    /// The pattern pass: its candidates, and each target row's pattern.
    pcur: Vec<PCand>,
    pnext: Vec<PCand>,
    prow: [u16; 9],
    /// The labels pass: the best rows so far (keys, [`NEW`] for a new
    /// symbol), and the first symmetry found that gives them.
    lbest: [u64; 9],
    have_winner: bool,
    winner: Cand,
    cur: Vec<Cand>,
    next: Vec<Cand>,
    pending: Vec<Pending>,
    /// The (candidate, source row) pairs a step tries.
    options: Vec<(u16, u8)>,
    /// The form so far.
    out: [u8; 81],
    /// Whether the last input was a complete grid.
    complete: bool,
    next_label: u8,
    // The grid search.
    pos: [[[u8; 10]; 9]; 2],
    pi: [u8; 9],
    root: (u8, u8, u8, u8),
    best1: [u8; 9],
    best_rest: [u64; 7],
    ties: Vec<Tie>,
    /// The starts of the grid search: (root, order of the first stack).
    starts: Vec<(u8, [u8; 3])>,
}

impl Engine {
    pub(crate) fn new() -> Engine {
        Engine {
            vals: [[0; 81]; 2],
            row_bits: [[0; 16]; 2],
            row_empty: [[false; 9]; 2],
            empty_rows: [0; 2],
            band_empty: [[false; 3]; 2],
            pcur: Vec::new(),
            pnext: Vec::new(),
            prow: [0; 9],
            lbest: [u64::MAX; 9],
            have_winner: false,
            winner: Cand::EMPTY,
            cur: Vec::new(),
            next: Vec::new(),
            pending: Vec::new(),
            options: Vec::new(),
            out: [0; 81],
            complete: false,
            next_label: 1,
            pos: [[[0; 10]; 9]; 2],
            pi: [0; 9],
            root: (0, 0, 0, 0),
            best1: [NONE; 9],
            best_rest: [u64::MAX; 7],
            ties: Vec::new(),
            starts: Vec::new(),
        }
    }

    /// Reads the cells (row patterns of both orientations) and checks the
    /// givens: false if a symbol repeats in a row, column or box. The
    /// transposed cells are made by [`transpose`](Engine::transpose), when
    /// a search needs them.
    fn load(&mut self, cells: &[u8]) -> bool {
        /// The units of each cell: bit `r` for its row, `9 + c` for its
        /// column, `18 + x` for its box.
        const UNITS: [u32; 81] = {
            let mut units = [0u32; 81];
            let mut i = 0;
            while i < 81 {
                let (r, c) = (i / 9, i % 9);
                units[i] = 1 << r | 1 << (9 + c) | 1 << (18 + r / 3 * 3 + c / 3);
                i += 1;
            }
            units
        };
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let cells: &[u8; 81] = cells.try_into().expect("81 cells");
        self.vals[0] = *cells;
        // The units each symbol is in so far.
        let mut seen = [0u32; 16];
        let mut bits = [[0u16; 16]; 2];
        let mut bad = 0u32;
        for r in 0..9 {
            let row: &[u8; 9] = cells[9 * r..9 * r + 9].try_into().expect("9 cells");
            let units = &UNITS[9 * r..9 * r + 9];
            let mut pattern = 0u16;
            let mut each = |c: usize| {
                let v = usize::from(row[c]) & 15;
                bad |= seen[v] & units[c];
                seen[v] |= units[c];
                pattern |= 1 << (8 - c);
                bits[1][c] |= 1 << (8 - r);
            };
            // The givens of the row: the high bit of each nonzero byte of
            // the first eight cells, and the ninth cell.
            let word = u64::from_le_bytes(row[..8].try_into().expect("8 cells"));
            let mut m = (((word & LOW7) + LOW7) | word) & HIGH;
            while m != 0 {
                each((m.trailing_zeros() / 8) as usize & 7);
                m &= m - 1;
            }
            if row[8] != 0 {
                each(8);
            }
            bits[0][r] = pattern;
        }
        self.row_bits = bits;
        for o in 0..2 {
            let mut empty = 0u16;
            for r in 0..9 {
                let b = bits[o][r];
                self.row_empty[o][r] = b == 0;
                empty |= u16::from(b == 0) << r;
            }
            self.empty_rows[o] = empty;
            for b in 0..3 {
                self.band_empty[o][b] = (empty >> (3 * b)) & 7 == 7;
            }
        }
        bad == 0
    }

    /// The transposed cells, from the cells [`load`](Engine::load)ed.
    fn transpose(&mut self) {
        for r in 0..9 {
            for c in 0..9 {
                self.vals[1][c * 9 + r] = self.vals[0][r * 9 + c];
            }
        }
    }

    /// The string (or pattern-first) form of `cells` (valid givens) into
    /// `out`, and a transform to it.
    /// Returns false, doing nothing else, if the givens are not valid.
    pub(crate) fn canon(&mut self, cells: &[u8], pattern_first: bool, out: &mut [u8]) -> bool {
        if !self.load(cells) {
            return false;
        }
        self.complete = self.row_bits[0][..9].iter().all(|&b| b == 0x1ff);
        if self.complete {
            self.transpose();
            self.grid_search();
            out[..81].copy_from_slice(&self.out);
            return true;
        }
        if pattern_first {
            for i in self.pattern_start()..9 {
                self.pattern_step(i);
            }
            self.labels();
        } else {
            self.transpose();
            self.start();
            for i in 0..9 {
                self.step(i, i == 0);
            }
        }
        out[..81].copy_from_slice(&self.out);
        true
    }

    /// The pattern pass, target rows 0 (and 1 when the top row is
    /// empty): each top row whose best pattern is the smallest, with each
    /// stack order that gives it (entirely empty stacks only in increasing
    /// order: swapping them is an automorphism), each stack's orderings cut
    /// to those that give it. Returns the first target row left to do.
    fn pattern_start(&mut self) -> usize {
        let t = tables();
        // Each row's best pattern; the rows whose best is the smallest.
        let mut row_min = [[0u16; 9]; 2];
        let mut min = u16::MAX;
        let mut tops = [0u16; 2];
        for o in 0..2 {
            for r in 0..9 {
                let v = t.row_min[usize::from(self.row_bits[o][r]) & 511];
                row_min[o][r] = v;
                if v < min {
                    min = v;
                    tops = [0; 2];
                }
                if v == min {
                    tops[o] |= 1 << r;
                }
            }
        }
        self.prow[0] = min;
        self.pcur.clear();
        let counts = |bits: u16| {
            (0..3).fold(0usize, |a, s| {
                a | (((bits >> (6 - 3 * s)) & 7).count_ones() as usize) << (2 * s)
            })
        };
        // The entirely empty stacks of each orientation: the empty bands
        // of the other.
        let mut empty_stacks = [0usize; 2];
        for o in 0..2 {
            for s in 0..3 {
                if self.band_empty[1 - o][s] {
                    empty_stacks[o] |= 1 << s;
                }
            }
        }
        // Of several empty top rows of a band, one is enough (swapping
        // them is an automorphism).
        for o in 0..2 {
            let empty = tops[o] & self.empty_rows[o];
            tops[o] = (tops[o] & !empty) | t.first_of_band[usize::from(empty) & 511];
        }
        if min != 0 {
            for o in 0..2 {
                let mut top = tops[o];
                while top != 0 {
                    let r = top.trailing_zeros() as usize & 15;
                    top &= top - 1;
                    let bits = self.row_bits[o][r];
                    let mut orders = t.stack_orders[(counts(bits) | empty_stacks[o] << 6) & 511];
                    while orders != 0 {
                        let sp = STACK_PERMS[orders.trailing_zeros() as usize % 6];
                        orders &= orders - 1;
                        self.pcur.push(PCand::new(o, sp, r, None, bits));
                    }
                }
            }
            return 1;
        }
        // An empty top row (the first of its band) leaves every stack
        // order and ordering open: target row 1, the best pattern of a
        // row of the same band, decides them (a stack order gives a row
        // its best pattern when it puts the row's stacks in increasing
        // number of givens).
        let next_rows = |o: usize, r: usize| {
            let rows = (7u16 << (r / 3 * 3)) & !(1 << r);
            let empty = rows & self.empty_rows[o];
            (rows & !empty) | t.first_of_band[usize::from(empty) & 511]
        };
        let mut best = u16::MAX;
        for o in 0..2 {
            let mut top = tops[o];
            while top != 0 {
                let r = top.trailing_zeros() as usize & 15;
                top &= top - 1;
                let mut rows = next_rows(o, r);
                while rows != 0 {
                    let r1 = rows.trailing_zeros() as usize % 9;
                    rows &= rows - 1;
                    best = best.min(row_min[o][r1]);
                }
            }
        }
        self.prow[1] = best;
        for o in 0..2 {
            let mut top = tops[o];
            while top != 0 {
                let r = top.trailing_zeros() as usize & 15;
                top &= top - 1;
                let mut orders = t.stack_orders[(empty_stacks[o] << 6) & 511];
                while orders != 0 {
                    let k = orders.trailing_zeros() as usize % 6;
                    orders &= orders - 1;
                    let mut rows = next_rows(o, r);
                    while rows != 0 {
                        let r1 = rows.trailing_zeros() as usize % 9;
                        rows &= rows - 1;
                        let bits = self.row_bits[o][r1];
                        if row_min[o][r1] == best && t.stack_orders[counts(bits)] & (1 << k) != 0 {
                            self.pcur
                                .push(PCand::new(o, STACK_PERMS[k], r, Some(r1), bits));
                        }
                    }
                }
            }
        }
        2
    }

    /// The pattern pass, target row `i` (from 1): every candidate with
    /// each source row its bands allow (a band's next row, or the top row
    /// of a band not used yet; of several empty rows of one band, or
    /// several empty bands, only the first, since swapping them is an
    /// automorphism), compared stack by stack with the best pattern so
    /// far; those that give the smallest kept, in order (candidate, then
    /// source row).
    fn pattern_step(&mut self, i: usize) {
        /// The rows of the band of each row.
        const BAND: [u16; 16] = [7, 7, 7, 56, 56, 56, 448, 448, 448, 0, 0, 0, 0, 0, 0, 0];
        let t = tables();
        let cur = std::mem::take(&mut self.pcur);
        self.pnext.clear();
        let mut best = u16::MAX;
        let new_band = i.is_multiple_of(3);
        for c in &cur {
            let o = usize::from(c.orient);
            let mut rows = if new_band {
                let mut rows = 0u16;
                let mut empty_band_seen = false;
                for band in 0..3 {
                    let bm = 7u16 << (3 * band);
                    if c.used & bm != 0 {
                        continue;
                    }
                    if self.band_empty[o][band] {
                        if empty_band_seen {
                            continue;
                        }
                        empty_band_seen = true;
                    }
                    rows |= bm;
                }
                rows
            } else {
                !c.used & c.band
            };
            let empty = rows & self.empty_rows[o];
            rows = (rows & !empty) | t.first_of_band[usize::from(empty) & 511];
            let row_bits = &self.row_bits[o];
            while rows != 0 {
                let r = rows.trailing_zeros() as usize & 15;
                rows &= rows - 1;
                let bits = row_bits[r];
                let look = |ts: usize| {
                    t.trip[(usize::from((bits >> c.shift[ts]) & 7) << 6 | usize::from(c.masks[ts]))
                        & 511]
                };
                let (v0, s0) = look(0);
                let k = u16::from(v0);
                if k > best >> 6 {
                    continue;
                }
                let (v1, s1) = look(1);
                let k = (k << 3) | u16::from(v1);
                if k > best >> 3 {
                    continue;
                }
                let (v2, s2) = look(2);
                let k = (k << 3) | u16::from(v2);
                if k > best {
                    continue;
                }
                if k < best {
                    best = k;
                    self.pnext.clear();
                }
                let mut n = *c;
                n.rows[i] = r as u8;
                n.used |= 1 << r;
                n.masks = [s0, s1, s2];
                if new_band {
                    n.band = BAND[r];
                }
                self.pnext.push(n);
            }
        }
        self.prow[i] = best;
        self.pcur = cur;
        std::mem::swap(&mut self.pcur, &mut self.pnext);
        debug_assert!(!self.pcur.is_empty());
    }

    /// The labels pass of the pattern-first form: the rows fixed, each
    /// candidate in turn searched depth first (its orderings split where
    /// new symbols can come in either order), against the best rows so
    /// far. The first symmetry found that gives the form is the one the
    /// breadth-first order would list first.
    fn labels(&mut self) {
        if self.pcur.len() == 1 && self.fixed_image(&self.pcur[0]) {
            self.labels_one();
            return;
        }
        let cands = std::mem::take(&mut self.pcur);
        for i in 0..9 {
            self.lbest[i] = if self.prow[i] == 0 { 0 } else { u64::MAX };
        }
        self.have_winner = false;
        let mut transposed = false;
        for c in &cands {
            if self.fixed_image(c) {
                self.label_fixed(c);
            } else {
                if !transposed {
                    self.transpose();
                    transposed = true;
                }
                self.label_dfs(c, 0, c.masks, NO_LABELS, 1);
            }
        }
        self.pcur = cands;
        let mut next = 1;
        for i in 0..9 {
            let best = if self.prow[i] == 0 { 0 } else { self.lbest[i] };
            for j in 0..9 {
                let k = ((best >> (4 * (8 - j))) & 15) as u8;
                self.out[i * 9 + j] = if k == NEW {
                    next += 1;
                    next - 1
                } else {
                    k
                };
            }
        }
        self.cur.clear();
        self.cur.push(self.winner);
    }

    /// Whether all the orderings of candidate `c` give the same image
    /// (one each, or they differ only on empty columns): then no ordering
    /// ever splits, and the breadth-first order keeps them together.
    #[inline]
    fn fixed_image(&self, c: &PCand) -> bool {
        if c.masks.iter().all(|m| m.is_power_of_two()) {
            return true;
        }
        let t = tables();
        let columns = &self.row_bits[1 - usize::from(c.orient)];
        (0..3).all(|ts| {
            let s = 3 * usize::from(c.stacks[ts]);
            let nonempty = (0..3).fold(0, |a, k| a | usize::from(columns[s + k] != 0) << k);
            t.same_image[(usize::from(c.masks[ts]) << 3 | nonempty) & 511]
        })
    }

    /// The source column of each target column of candidate `c` (its
    /// first ordering of each stack), as a step in the cells as given,
    /// and the step between rows.
    fn image_steps(c: &PCand) -> ([usize; 9], usize) {
        let (row_step, col_step) = if c.orient == 0 { (9, 1) } else { (1, 9) };
        let mut cols = [0usize; 9];
        for ts in 0..3 {
            let p = &PERM[c.masks[ts].trailing_zeros() as usize % 6];
            for slot in 0..3 {
                cols[3 * ts + slot] =
                    (3 * usize::from(c.stacks[ts]) + usize::from(p[slot])) * col_step;
            }
        }
        (cols, row_step)
    }

    /// The labels pass for a candidate with one image ([`fixed_image`]):
    /// its rows compared with the best so far, as [`label_dfs`] does.
    ///
    /// [`fixed_image`]: Engine::fixed_image
    /// [`label_dfs`]: Engine::label_dfs
    fn label_fixed(&mut self, c: &PCand) {
        let (cols, row_step) = Engine::image_steps(c);
        let vals = &self.vals[0];
        let mut key = [0u8; 10];
        let mut next = 1;
        for i in 0..9 {
            if self.prow[i] == 0 {
                continue;
            }
            let row = &vals[usize::from(c.rows[i]) * row_step..];
            let first = next;
            let mut k = 0u64;
            let mut bits = self.prow[i] << 7;
            while bits != 0 {
                let j = bits.leading_zeros() as usize;
                bits &= !(0x8000 >> j);
                let v = usize::from(row[cols[j % 9]]) % 10;
                if key[v] == 0 {
                    key[v] = next;
                    next += 1;
                }
                // Keys as the depth-first search writes them: a symbol new
                // in this row is NEW.
                let l = if key[v] >= first { NEW } else { key[v] };
                k |= u64::from(l) << (4 * (8 - j));
            }
            let best = self.lbest[i];
            if k > best {
                return;
            }
            if k < best {
                self.lbest[i] = k;
                for b in &mut self.lbest[i + 1..] {
                    *b = u64::MAX;
                }
                self.have_winner = false;
            }
        }
        if !self.have_winner {
            self.have_winner = true;
            self.winner = Cand {
                orient: c.orient,
                bands: 0,
                used: c.used,
                rows: c.rows,
                stacks: c.stacks,
                masks: c.masks,
                key,
            };
        }
    }

    /// The labels pass when the pattern pass leaves one candidate whose
    /// orderings all give the same image (nearly always): that image,
    /// symbols labelled in order of appearance.
    fn labels_one(&mut self) {
        let c = self.pcur[0];
        // The cell at (row, column) of orientation `c.orient`, read from
        // the cells as given: cell (r, c) at 9r + c, or 9c + r transposed.
        let (cols, row_step) = Engine::image_steps(&c);
        let vals = &self.vals[0];
        let mut key = [0u8; 10];
        let mut next = 1;
        self.out = [0; 81];
        for i in 0..9 {
            let row = &vals[usize::from(c.rows[i]) * row_step..];
            // The givens of the row, left to right (bit 8 for column 0).
            let mut bits = self.prow[i] << 7;
            while bits != 0 {
                let j = bits.leading_zeros() as usize;
                bits &= !(0x8000 >> j);
                let v = usize::from(row[cols[j]]);
                if key[v] == 0 {
                    key[v] = next;
                    next += 1;
                }
                self.out[i * 9 + j] = key[v];
            }
        }
        self.winner = Cand {
            orient: c.orient,
            bands: 0,
            used: c.used,
            rows: c.rows,
            stacks: c.stacks,
            masks: c.masks,
            key,
        };
        self.cur.clear();
        self.cur.push(self.winner);
    }

    /// Target rows `i..` of candidate `c` with these orderings and labels.
    fn label_dfs(&mut self, c: &PCand, mut i: usize, masks: [u8; 3], key: [u8; 10], next: u8) {
        // Empty rows change nothing.
        while i < 9 && self.prow[i] == 0 {
            i += 1;
        }
        if i == 9 {
            if !self.have_winner {
                self.have_winner = true;
                self.winner = Cand {
                    orient: c.orient,
                    bands: 0,
                    used: c.used,
                    rows: c.rows,
                    stacks: c.stacks,
                    masks,
                    key,
                };
            }
            return;
        }
        let t = tables();
        let o = usize::from(c.orient);
        let r = usize::from(c.rows[i]);
        let row: [u8; 9] = self.vals[o][r * 9..r * 9 + 9].try_into().expect("9 cells");
        let best = self.lbest[i];
        let mut k = 0u64;
        let mut keys = [[0u8; 3]; 3];
        let mut sets = [0u8; 3];
        let mut split = false;
        let pattern = self.prow[i];
        for ts in 0..3 {
            let s = 3 * usize::from(c.stacks[ts]);
            // The givens of the target triplet (the same for every
            // ordering left): none or one leave the orderings as they are.
            let givens = (pattern >> (6 - 3 * ts)) & 7;
            let (kk, set, trip) = if givens == 0 {
                ([0; 3], masks[ts], 0)
            } else if givens.is_power_of_two() {
                let slot = 2 - givens.trailing_zeros() as usize;
                let col = usize::from(PERM[masks[ts].trailing_zeros() as usize % 6][slot]);
                let mut kk = [0u8; 3];
                kk[col % 3] = key[usize::from(row[s + col]) % 10];
                (kk, masks[ts], u16::from(kk[col % 3]) << (4 * (2 - slot)))
            } else {
                let kk = [
                    key[usize::from(row[s])],
                    key[usize::from(row[s + 1])],
                    key[usize::from(row[s + 2])],
                ];
                let (pi, set) = t.order[order_type(&kk)][usize::from(masks[ts])];
                let pm = &PERM[usize::from(pi)];
                let trip = (u16::from(kk[usize::from(pm[0])]) << 8)
                    | (u16::from(kk[usize::from(pm[1])]) << 4)
                    | u16::from(kk[usize::from(pm[2])]);
                (kk, set, trip)
            };
            k = (k << 12) | u64::from(trip);
            if k > best >> (12 * (2 - ts)) {
                return;
            }
            keys[ts] = kk;
            sets[ts] = set;
            split |= kk.iter().filter(|&&x| x == NEW).count() >= 2;
        }
        if k < best {
            self.lbest[i] = k;
            for b in &mut self.lbest[i + 1..] {
                *b = u64::MAX;
            }
            self.have_winner = false;
        }
        if !split {
            let (key, next) = label_new(&c.stacks, &row, &keys, &sets, key, next);
            self.label_dfs(c, i + 1, sets, key, next);
            return;
        }
        // Split each stack's orderings by the order of its new symbols.
        let (groups, ngroups) = split_by_new_order(t, &keys, &sets);
        for g0 in 0..ngroups[0] {
            for g1 in 0..ngroups[1] {
                for g2 in 0..ngroups[2] {
                    let masks = [groups[0][g0], groups[1][g1], groups[2][g2]];
                    let (key, next) = label_new(&c.stacks, &row, &keys, &masks, key, next);
                    self.label_dfs(c, i + 1, masks, key, next);
                }
            }
        }
    }

    /// A transform to the last form [`canon`](Engine::canon) found.
    pub(crate) fn transform(&self) -> Transform {
        if self.complete {
            self.tie_transform(&self.ties[0])
        } else {
            self.cand_transform(&self.cur[0])
        }
    }

    /// The first candidates: each top row whose best pattern is the
    /// smallest, with each stack order (entirely empty stacks only in
    /// increasing order: swapping them is an automorphism).
    fn start(&mut self) {
        let t = tables();
        let mut min = u16::MAX;
        for o in 0..2 {
            for r in 0..9 {
                min = min.min(t.row_min[usize::from(self.row_bits[o][r])]);
            }
        }
        self.cur.clear();
        self.next_label = 1;
        for o in 0..2 {
            let mut stack_empty = [true; 3];
            for r in 0..9 {
                for (s, e) in stack_empty.iter_mut().enumerate() {
                    *e &= (self.row_bits[o][r] >> (6 - 3 * s)) & 7 == 0;
                }
            }
            let mut empty_top_seen = [false; 3];
            for r in 0..9 {
                if t.row_min[usize::from(self.row_bits[o][r])] != min {
                    continue;
                }
                // Of several empty rows of a band, one is enough (swapping
                // them is an automorphism).
                if self.row_empty[o][r] {
                    if empty_top_seen[r / 3] {
                        continue;
                    }
                    empty_top_seen[r / 3] = true;
                }
                let bits = self.row_bits[o][r];
                let count = |s: u8| ((bits >> (6 - 3 * u16::from(s))) & 7).count_ones();
                for sp in &STACK_PERMS {
                    // The best top row puts the stacks in increasing count.
                    if count(sp[0]) > count(sp[1]) || count(sp[1]) > count(sp[2]) {
                        continue;
                    }
                    let mut last_empty = -1i32;
                    let mut ordered = true;
                    for &s in sp {
                        if stack_empty[usize::from(s)] {
                            ordered &= i32::from(s) > last_empty;
                            last_empty = i32::from(s);
                        }
                    }
                    if !ordered {
                        continue;
                    }
                    let mut rows = [NONE; 9];
                    rows[0] = r as u8;
                    self.cur.push(Cand {
                        orient: o as u8,
                        bands: 1 << (r / 3),
                        used: 1 << r,
                        rows,
                        stacks: *sp,
                        masks: [63; 3],
                        key: NO_LABELS,
                    });
                }
            }
        }
    }

    /// Adds target row `i` to every candidate (its source row already set
    /// when `fixed`).
    fn step(&mut self, i: usize, fixed: bool) {
        self.next.clear();
        let mut best = u64::MAX;
        self.pending.clear();
        let cur = std::mem::take(&mut self.cur);
        // The rows each candidate may take next, those that keep the most
        // leading empty cells only (a pattern table per stack: one with
        // fewer has a given where the others have an empty cell, so its
        // row is larger in either order).
        self.options.clear();
        let mut most = 0u8;
        for (ci, cand) in cur.iter().enumerate() {
            let o = usize::from(cand.orient);
            if fixed {
                self.option(cand, ci, usize::from(cand.rows[i]), false, &mut most);
            } else if i.is_multiple_of(3) {
                let mut empty_band_seen = false;
                for band in 0..3 {
                    if cand.bands & (1 << band) != 0 {
                        continue;
                    }
                    if self.band_empty[o][band] {
                        if empty_band_seen {
                            continue;
                        }
                        empty_band_seen = true;
                    }
                    self.band_options(cand, ci, band, &mut most);
                }
            } else {
                let band = usize::from(cand.rows[i - i % 3]) / 3;
                self.band_options(cand, ci, band, &mut most);
            }
        }
        for k in 0..self.options.len() {
            let (ci, r) = self.options[k];
            let ci = usize::from(ci);
            self.try_row(&cur[ci], ci, usize::from(r), &mut best);
        }
        for k in 0..self.pending.len() {
            let p = self.pending[k];
            self.emit(&cur[usize::from(p.cand)], i, &p);
        }
        self.cur = cur;
        std::mem::swap(&mut self.cur, &mut self.next);
        debug_assert!(!self.cur.is_empty());
        // The row's values.
        for j in 0..9 {
            let k = ((best >> (4 * (8 - j))) & 15) as u8;
            self.out[i * 9 + j] = if k == NEW {
                self.next_label += 1;
                self.next_label - 1
            } else {
                k
            };
        }
    }

    /// The unused rows of `band` (the first empty one only) as options
    /// for candidate `ci`.
    fn band_options(&mut self, cand: &Cand, ci: usize, band: usize, most: &mut u8) {
        let o = usize::from(cand.orient);
        let mut empty_seen = false;
        for r in 3 * band..3 * band + 3 {
            if cand.used & (1 << r) != 0 {
                continue;
            }
            if self.row_empty[o][r] {
                if empty_seen {
                    continue;
                }
                empty_seen = true;
            }
            self.option(cand, ci, r, true, most);
        }
    }

    /// Notes row `r` for candidate `ci` if it can keep at least `most`
    /// leading empty cells (`choice`: else, with the rows fixed, always).
    #[inline]
    fn option(&mut self, cand: &Cand, ci: usize, r: usize, choice: bool, most: &mut u8) {
        if !choice {
            self.options.push((ci as u16, r as u8));
            return;
        }
        let t = tables();
        let bits = self.row_bits[usize::from(cand.orient)][r];
        let mut zeros = 0u8;
        for ts in 0..3 {
            let s = u16::from(cand.stacks[ts]);
            let trip = (bits >> (6 - 3 * s)) & 7;
            let b = t.trip[usize::from(trip) << 6 | usize::from(cand.masks[ts])].0;
            if b != 0 {
                zeros += b.leading_zeros() as u8 - 5;
                break;
            }
            zeros += 3;
        }
        if zeros < *most {
            return;
        }
        if zeros > *most {
            *most = zeros;
            self.options.clear();
        }
        self.options.push((ci as u16, r as u8));
    }

    /// Source row `r` as the next target row of candidate `ci`: if its best
    /// row is no larger than `best`, note it (the candidates are made once
    /// the row's best is known).
    fn try_row(&mut self, cand: &Cand, ci: usize, r: usize, best: &mut u64) {
        let t = tables();
        let o = usize::from(cand.orient);
        let row = &self.vals[o][r * 9..r * 9 + 9];
        let mut key = 0u64;
        let mut p = Pending {
            cand: ci as u16,
            row: r as u8,
            sets: [0; 3],
            keys: [[0; 3]; 3],
        };
        for ts in 0..3 {
            let s = usize::from(cand.stacks[ts]);
            let mask = cand.masks[ts];
            let (trip, set) = {
                let k = &mut p.keys[ts];
                for (col, kc) in k.iter_mut().enumerate() {
                    *kc = cand.key[usize::from(row[3 * s + col])];
                }
                let (pi, set) = t.order[order_type(k)][usize::from(mask)];
                let pm = &PERM[usize::from(pi)];
                let trip = (u16::from(k[usize::from(pm[0])]) << 8)
                    | (u16::from(k[usize::from(pm[1])]) << 4)
                    | u16::from(k[usize::from(pm[2])]);
                (trip, set)
            };
            key = (key << 12) | u64::from(trip);
            // Compare with the best row so far, stack by stack.
            if key > *best >> (12 * (2 - ts)) {
                return;
            }
            p.sets[ts] = set;
        }
        if key < *best {
            *best = key;
            self.pending.clear();
        }
        self.pending.push(p);
    }

    /// The candidates of `cand` with the row noted in `p` as target row
    /// `i`: its orderings cut to those that give the best row, split by
    /// the order of new symbols where they can come either way.
    fn emit(&mut self, cand: &Cand, i: usize, p: &Pending) {
        let t = tables();
        let r = usize::from(p.row);
        let mut base = *cand;
        base.rows[i] = p.row;
        base.used |= 1 << r;
        base.bands |= 1 << (r / 3);
        let row = &self.vals[usize::from(cand.orient)][r * 9..r * 9 + 9];
        let keys = &p.keys;
        let sets = &p.sets;
        // Split each stack's orderings by the order of its new symbols.
        let (groups, ngroups) = split_by_new_order(t, keys, sets);
        for g0 in 0..ngroups[0] {
            for g1 in 0..ngroups[1] {
                for g2 in 0..ngroups[2] {
                    let mut c = base;
                    c.masks = [groups[0][g0], groups[1][g1], groups[2][g2]];
                    let mut next = self.next_label;
                    for ts in 0..3 {
                        let s = usize::from(c.stacks[ts]);
                        let p = c.masks[ts].trailing_zeros() as usize;
                        for &col in &PERM[p] {
                            if keys[ts][usize::from(col)] == NEW {
                                c.key[usize::from(row[3 * s + usize::from(col)])] = next;
                                next += 1;
                            }
                        }
                    }
                    self.next.push(c);
                }
            }
        }
    }

    /// The transform of candidate `c` (its first ordering of each stack).
    fn cand_transform(&self, c: &Cand) -> Transform {
        let mut cols = [0u8; 9];
        for t in 0..3 {
            let p = c.masks[t].trailing_zeros() as usize;
            for slot in 0..3 {
                cols[3 * t + slot] = 3 * c.stacks[t] + PERM[p][slot];
            }
        }
        let mut label = c.key;
        for l in &mut label {
            if *l == NEW {
                *l = 0;
            }
        }
        transform(c.orient == 1, &c.rows, &cols, &label)
    }

    // -----------------------------------------------------------------
    // Complete grids.
    // -----------------------------------------------------------------

    /// Every symmetry that maps the complete grid `cells` to its form,
    /// given to `f` (the form itself is the image under any of them).
    pub(crate) fn grid_symmetries(&mut self, cells: &[u8], f: &mut impl FnMut(Transform)) {
        let valid = self.load(cells);
        debug_assert!(valid);
        self.transpose();
        self.grid_search();
        for k in 0..self.ties.len() {
            let tie = self.ties[k];
            f(self.tie_transform(&tie));
        }
    }

    /// The form of the complete grid [`load`](Engine::load)ed.
    fn grid_search(&mut self) {
        for o in 0..2 {
            for r in 0..9 {
                for c in 0..9 {
                    self.pos[o][r][usize::from(self.vals[o][r * 9 + c])] = c as u8;
                }
            }
        }
        // The 36 roots (orientation, band, top row, second row): π, and
        // whether each stack of the second row has its three symbols in
        // one stack of the top row ("pure": then the whole band is).
        const PAIRS: [(usize, usize); 6] = [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)];
        let mut pis = [[0u8; 9]; 36];
        let mut pure = [false; 36];
        for o in 0..2 {
            for band in 0..3 {
                for (k, &(a, b)) in PAIRS.iter().enumerate() {
                    let root = (o * 3 + band) * 6 + k;
                    let (r, r2) = (3 * band + a, 3 * band + b);
                    for c in 0..9 {
                        pis[root][c] = self.pos[o][r][usize::from(self.vals[o][r2 * 9 + c])];
                    }
                    let st = |c: usize| pis[root][c] / 3;
                    pure[root] = st(0) == st(1) && st(0) == st(2);
                }
            }
        }
        let any_pure = pure.contains(&true);
        // Every start (root, first stack, order of its columns) that can
        // begin the second row best, with a key for the first values that
        // depend on the order: the search runs from the starts whose key
        // is the smallest only.
        //
        // Pure band (the first stack S goes to T, T to U, U to S): the
        // second row reads 456 789 then, at position 6 + k, the position
        // in S of π³ of S's k-th column. Otherwise: the two columns of S
        // whose symbols share a stack come first (457 at the start), and
        // the value at position 3 is the position of π²(first column):
        // in S (0..2), else in U, where π(third column) took slot 6.
        self.starts.clear();
        let mut min_key = u16::MAX;
        for root in 0..36 {
            if any_pure != pure[root] {
                continue;
            }
            let pi = &pis[root];
            let pi = |c: u8| pi[usize::from(c)];
            for s in 0..3u8 {
                let st = |k: u8| pi(3 * s + k) / 3;
                let mut orders = [[0u8; 3]; 6];
                let count = if any_pure {
                    for (ord, perm) in orders.iter_mut().zip(&PERM) {
                        *ord = perm.map(|k| 3 * s + k);
                    }
                    6
                } else {
                    let odd = if st(0) == st(1) {
                        2
                    } else if st(0) == st(2) {
                        1
                    } else {
                        0
                    };
                    let (x, y) = ((odd + 1) % 3, (odd + 2) % 3);
                    orders[0] = [3 * s + x, 3 * s + y, 3 * s + odd];
                    orders[1] = [3 * s + y, 3 * s + x, 3 * s + odd];
                    2
                };
                for ord in &orders[..count] {
                    let index = |c: u8| ord.iter().position(|&x| x == c);
                    let key = if any_pure {
                        ord.iter().fold(0u16, |acc, &c| {
                            (acc << 4) | index(pi(pi(pi(c)))).expect("π³ keeps S") as u16
                        })
                    } else {
                        let x = pi(pi(ord[0]));
                        match index(x) {
                            Some(k) => k as u16,
                            None if x == pi(ord[2]) => 6,
                            None => 7,
                        }
                    };
                    if key > min_key {
                        continue;
                    }
                    if key < min_key {
                        min_key = key;
                        self.starts.clear();
                    }
                    self.starts.push((root as u8, *ord));
                }
            }
        }
        self.best1 = [NONE; 9];
        self.best_rest = [u64::MAX; 7];
        self.ties.clear();
        for k in 0..self.starts.len() {
            let (root, ord) = self.starts[k];
            let root = usize::from(root);
            let (o, band, (a, b)) = (root / 18, root / 6 % 3, PAIRS[root % 6]);
            let (r, r2) = (3 * band + a, 3 * band + b);
            self.root = (o as u8, r as u8, r2 as u8, (3 * band + 3 - a - b) as u8);
            self.pi = pis[root];
            let mut sig = Sigma::EMPTY;
            sig.map(usize::from(ord[0]) / 3, 0);
            for (j, &c) in ord.iter().enumerate() {
                sig.place(usize::from(c), j);
            }
            self.follow(0, sig);
        }
        // The form.
        for j in 0..9 {
            self.out[j] = j as u8 + 1;
            self.out[9 + j] = self.best1[j] + 1;
        }
        for (k, &key) in self.best_rest.iter().enumerate() {
            for j in 0..9 {
                self.out[18 + 9 * k + j] = ((key >> (4 * (8 - j))) & 15) as u8;
            }
        }
    }

    /// The second row from position `j` on, under the column order
    /// `sig` (complete up to `j`).
    fn follow(&mut self, mut j: usize, mut sig: Sigma) {
        while j < 9 {
            let c = sig.src[j];
            if c == NONE {
                // A free position: each column its stack allows.
                let t = j / 3;
                let s = sig.sstack[t];
                if s != NONE {
                    for k in 0..3 {
                        let c = 3 * usize::from(s) + k;
                        if sig.tgt[c] == NONE {
                            let mut next = sig;
                            next.place(c, j);
                            self.follow(j, next);
                        }
                    }
                } else {
                    for s in 0..3 {
                        if sig.tstack[s] == NONE {
                            for k in 0..3 {
                                let mut next = sig;
                                next.map(s, t);
                                next.place(3 * s + k, j);
                                self.follow(j, next);
                            }
                        }
                    }
                }
                return;
            }
            let d = usize::from(self.pi[usize::from(c)]);
            if sig.tgt[d] == NONE {
                sig.place_next(d);
            }
            let v = sig.tgt[d];
            if v > self.best1[j] {
                return;
            }
            if v < self.best1[j] {
                self.best1[j] = v;
                for k in j + 1..9 {
                    self.best1[k] = NONE;
                }
                self.best_rest = [u64::MAX; 7];
                self.ties.clear();
            }
            j += 1;
        }
        self.leaf(&sig);
    }

    /// A complete column order: the rest of the grid, compared with the
    /// best.
    fn leaf(&mut self, sig: &Sigma) {
        let (o, r, _, r3) = self.root;
        let (o, r, r3) = (usize::from(o), usize::from(r), usize::from(r3));
        let mut lab = [0u8; 10];
        for d in 1..10 {
            lab[d] = sig.tgt[usize::from(self.pos[o][r][d])] + 1;
        }
        let vals = &self.vals[o];
        let key = |row: usize| {
            let mut k = 0u64;
            for j in 0..9 {
                let v = vals[row * 9 + usize::from(sig.src[j])];
                k = (k << 4) | u64::from(lab[usize::from(v)]);
            }
            k
        };
        let mut rest = [0u64; 7];
        rest[0] = key(r3);
        if rest[0] > self.best_rest[0] {
            return;
        }
        let band = r / 3;
        let mut rows = [0u8; 9];
        let mut others = [[(0u64, 0u8); 3]; 2];
        let mut n = 0;
        for b in 0..3 {
            if b == band {
                continue;
            }
            for k in 0..3 {
                others[n][k] = (key(3 * b + k), (3 * b + k) as u8);
            }
            others[n].sort_unstable();
            n += 1;
        }
        if others[1][0].0 < others[0][0].0 {
            others.swap(0, 1);
        }
        for (k, &(key, row)) in others.iter().flatten().enumerate() {
            rest[1 + k] = key;
            rows[3 + k] = row;
        }
        if rest > self.best_rest {
            return;
        }
        if rest < self.best_rest {
            self.best_rest = rest;
            self.ties.clear();
        }
        rows[0] = self.root.1;
        rows[1] = self.root.2;
        rows[2] = self.root.3;
        self.ties.push(Tie {
            orient: self.root.0,
            rows,
            cols: sig.src,
        });
    }

    /// The transform of a grid symmetry: labels are the positions of the
    /// top row's columns.
    fn tie_transform(&self, tie: &Tie) -> Transform {
        let o = usize::from(tie.orient);
        let top = usize::from(tie.rows[0]);
        let mut label = [0u8; 10];
        for (j, &c) in tie.cols.iter().enumerate() {
            label[usize::from(self.vals[o][top * 9 + usize::from(c)])] = j as u8 + 1;
        }
        transform(o == 1, &tie.rows, &tie.cols, &label)
    }
}

/// The transform with these parts; symbols without a label take the
/// labels left, in increasing order.
fn transform(transpose: bool, rows: &[u8; 9], cols: &[u8; 9], label: &[u8; 10]) -> Transform {
    let mut digits = [0u8; 9];
    let mut taken = 0u16;
    for d in 1..10 {
        digits[d - 1] = label[d];
        taken |= 1 << label[d];
    }
    let mut free = 1;
    for digit in &mut digits {
        if *digit == 0 {
            while taken & (1 << free) != 0 {
                free += 1;
            }
            *digit = free;
            taken |= 1 << free;
        }
    }
    Transform::from_parts(
        Shape::boxes(3, 3).expect("9x9"),
        transpose,
        rows,
        cols,
        &digits,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The order table against a plain minimum over the orderings.
    #[test]
    fn order_table_gives_the_smallest_arrangement() {
        let t = tables();
        for k0 in [0u8, 3, 5, NEW] {
            for k1 in [0u8, 3, 5, NEW] {
                for k2 in [0u8, 4, 5, NEW] {
                    let k = [k0, k1, k2];
                    for mask in 1..64usize {
                        let value = |p: usize| {
                            PERM[p]
                                .iter()
                                .fold(0u16, |a, &c| (a << 4) | u16::from(k[usize::from(c)]))
                        };
                        let best = (0..6)
                            .filter(|p| mask & (1 << p) != 0)
                            .map(value)
                            .min()
                            .unwrap();
                        let set = (0..6)
                            .filter(|p| mask & (1 << p) != 0 && value(*p) == best)
                            .fold(0u8, |s, p| s | 1 << p);
                        let (p, got) = t.order[order_type(&k)][mask];
                        assert_eq!((value(usize::from(p)), got), (best, set), "{k:?} {mask:b}");
                    }
                }
            }
        }
    }

    /// The pattern tables against plain minima.
    #[test]
    fn pattern_tables_give_the_smallest_arrangement() {
        let t = tables();
        for bits in 0..8u8 {
            for mask in 1..64usize {
                let value = |p: usize| {
                    PERM[p]
                        .iter()
                        .fold(0u8, |a, &c| (a << 1) | ((bits >> (2 - c)) & 1))
                };
                let best = (0..6)
                    .filter(|p| mask & (1 << p) != 0)
                    .map(value)
                    .min()
                    .unwrap();
                assert_eq!(t.trip[usize::from(bits) << 6 | mask].0, best);
            }
        }
        // A row's best pattern: its stacks by count, givens last.
        assert_eq!(t.row_min[0b100_000_000], 0b000_000_001);
        assert_eq!(t.row_min[0b110_101_000], 0b000_011_011);
        assert_eq!(t.row_min[0b111_111_111], 0b111_111_111);
    }

    /// The pattern pass's tables against their definitions.
    #[test]
    fn row_set_and_image_tables() {
        let t = tables();
        for rows in 0..512usize {
            let mut expected = 0u16;
            for band in 0..3 {
                if let Some(r) = (3 * band..3 * band + 3).find(|r| rows & (1 << r) != 0) {
                    expected |= 1 << r;
                }
            }
            assert_eq!(t.first_of_band[rows], expected, "{rows:09b}");
        }
        // Orderings give the same image of a triplet (distinct symbols in
        // its nonempty columns) exactly when the table says so.
        for nonempty in 0..8usize {
            let cells: [u8; 3] = std::array::from_fn(|k| {
                if nonempty & (1 << k) != 0 {
                    k as u8 + 1
                } else {
                    0
                }
            });
            for set in 1..64usize {
                let mut images = (0..6)
                    .filter(|p| set & (1 << p) != 0)
                    .map(|p| PERM[p].map(|col| cells[usize::from(col)]));
                let first = images.next().unwrap();
                let same = images.all(|image| image == first);
                assert_eq!(
                    t.same_image[set << 3 | nonempty],
                    same,
                    "{set:06b} {nonempty:03b}"
                );
            }
        }
    }

    #[test]
    fn repeated_givens_are_refused() {
        let mut e = Engine::new();
        let mut cells = [0u8; 81];
        cells[0] = 3;
        cells[10] = 3; // same box
        let mut out = [0u8; 81];
        assert!(!e.canon(&cells, false, &mut out));
        cells[10] = 4;
        assert!(e.canon(&cells, false, &mut out));
    }
}
