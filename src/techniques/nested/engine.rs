//! The chaining engine of the nested forcing chains: SE's `doChaining` on
//! bitboards, with "advanced" implications at the nesting levels, and the
//! memo of the inner searches.
//!
//! A chaining follows every consequence of one assumption (a potential
//! "v on" or "v off" at a cell) breadth-first, "on" potentials before "off"
//! ones, in SE's order of rules and regions. In a dynamic chaining each
//! "off" is removed from a working copy of the board once it is followed,
//! and a consequence that needed removals records them as parents. At
//! nesting level `L > 0`, when nothing is left to follow, the inner rules of
//! that level (SE's `getAdvancedPotentials`: locking, hidden and naked
//! pairs, X-wings, then forcing chains of the lower levels) run on the
//! working copy; the candidates their hints remove become new "off"
//! potentials whose parents are the removals each hint depended on, and the
//! chaining goes on. The first inner rule that gives anything is the only
//! one used that time.
//!
//! The inner forcing-chain searches are the cost. Their hints depend only on
//! the working copy's candidates (and the placed values, fixed while a step
//! is searched), so they are kept in a memo keyed by the candidates: many
//! chainings reach the same working copy (a bivalue cell's "a on" and "b
//! off" are the same assumption; a region's chainings repeat the cells'
//! own), and a level's search reuses the inner searches of the level below.

use std::collections::HashMap;
use std::collections::VecDeque;
use std::rc::Rc;

pub(crate) use super::grid::cause;
use super::grid::{
    CELL_REGIONS, Cands, Fixed, POTS, Pot, REGION_CELLS, cell_of, cells, flip, is_on, pot, two,
    v0_of, values,
};
use super::links::Links;

/// No node.
pub(crate) const NONE: u32 = u32::MAX;

/// A node's `nested` when a pointing or claiming removed it (no inner
/// chain: these four name the simple inner rule, for explanations).
pub(crate) const BY_LOCKING: u32 = NONE - 4;
/// ... a hidden pair.
pub(crate) const BY_HIDDEN_PAIR: u32 = NONE - 3;
/// ... a naked pair.
pub(crate) const BY_NAKED_PAIR: u32 = NONE - 2;
/// ... an X-wing.
pub(crate) const BY_X_WING: u32 = NONE - 1;

/// Whether a node's `nested` is an inner chaining hint (an entry of
/// [`Engine::nested`]), not none nor a simple rule.
#[inline]
pub(crate) fn is_chain(nested: u32) -> bool {
    nested < BY_LOCKING
}

/// One potential reached, with the potentials it follows from.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub pot: Pot,
    pub cause: u8,
    /// For an advanced potential from a chaining hint: the hint, in
    /// [`Engine::nested`].
    pub nested: u32,
    pub par_start: u32,
    pub par_len: u32,
}

/// Everything one chaining reached.
pub(crate) struct Chaining {
    pub nodes: Vec<Node>,
    pub parents: Vec<u32>,
    /// The "on" nodes in the order they were reached (SE's `toOn`).
    pub on: Vec<u32>,
    /// The "off" nodes in order (`toOff`).
    pub off: Vec<u32>,
    /// Per potential, its node in `on` or `off`.
    pub index: Vec<u32>,
    /// The contradiction that stopped the chaining: (on node, off node).
    pub absurd: Option<(u32, u32)>,
    /// The potentials in `on` and `off`, as a bit set.
    pub bits: [u64; 23],
    pend_on: VecDeque<u32>,
    pend_off: VecDeque<u32>,
}

impl Chaining {
    fn new() -> Chaining {
        Chaining {
            nodes: Vec::with_capacity(256),
            parents: Vec::with_capacity(512),
            on: Vec::with_capacity(128),
            off: Vec::with_capacity(256),
            index: vec![NONE; POTS],
            absurd: None,
            bits: [0; 23],
            pend_on: VecDeque::with_capacity(64),
            pend_off: VecDeque::with_capacity(128),
        }
    }

    /// A chaining with nothing allocated (a placeholder).
    pub fn empty() -> Chaining {
        Chaining {
            nodes: Vec::new(),
            parents: Vec::new(),
            on: Vec::new(),
            off: Vec::new(),
            index: Vec::new(),
            absurd: None,
            bits: [0; 23],
            pend_on: VecDeque::new(),
            pend_off: VecDeque::new(),
        }
    }

    /// Empties the chaining for reuse.
    fn clear(&mut self) {
        for n in &self.nodes {
            self.index[usize::from(n.pot)] = NONE;
        }
        self.nodes.clear();
        self.parents.clear();
        self.on.clear();
        self.off.clear();
        self.absurd = None;
        self.bits = [0; 23];
        self.pend_on.clear();
        self.pend_off.clear();
    }

    fn push(&mut self, p: Pot, cause: u8, nested: u32, parents: &[u32]) -> u32 {
        let n = self.nodes.len() as u32;
        self.nodes.push(Node {
            pot: p,
            cause,
            nested,
            par_start: self.parents.len() as u32,
            par_len: parents.len() as u32,
        });
        self.parents.extend_from_slice(parents);
        n
    }

    /// Records node `n` as the one of its potential (in `on` or `off`).
    #[inline]
    fn reach(&mut self, p: Pot, n: u32) {
        self.index[usize::from(p)] = n;
        self.bits[usize::from(p) >> 6] |= 1 << (p & 63);
        if is_on(p) {
            self.on.push(n);
        } else {
            self.off.push(n);
        }
    }

    /// Whether potential `p` has been reached.
    #[inline]
    fn has(&self, p: Pot) -> bool {
        self.bits[usize::from(p) >> 6] >> (p & 63) & 1 == 1
    }

    /// The parents of node `n`.
    #[inline]
    pub fn parents_of(&self, n: u32) -> &[u32] {
        let node = &self.nodes[n as usize];
        &self.parents[node.par_start as usize..(node.par_start + node.par_len) as usize]
    }
}

/// What an inner hint's removals depend on, evaluated against the removals
/// of the chaining that uses it (SE's `getRuleParents`): the candidates the
/// chaining removed from a cell, from a value's places in a region, or one
/// candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Req {
    Cell(u8),
    Region(u8, u8),
    Slot(u8, u8),
}

/// A hint of an inner rule, as a chaining uses it: what it removes, what it
/// depends on, and (for a chaining hint) its entry in [`Engine::nested`].
#[derive(Clone, Debug)]
pub(crate) struct InnerHint {
    pub removes: Vec<(u8, u16)>,
    pub reqs: Vec<Req>,
    pub nested: u32,
}

/// A chaining hint used inside another chain: its complexity (which the
/// outer hint adds once) and its identity as a whole chain (SE's
/// `FullChain`: the same targets reached through the same potentials).
#[derive(Clone, Copy, Debug)]
pub(crate) struct NestedInfo {
    pub complexity: u32,
    pub fp: u128,
    /// What it is, for explanations.
    pub desc: Desc,
}

/// An inner chaining hint, as SE prints it (`toString`).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Desc {
    /// A forcing chain (X, Y or both) proving `target`.
    Forcing { target: Pot, y: bool, x: bool },
    /// A bidirectional cycle through `start`, of `len` potentials.
    Cycle {
        start: Pot,
        y: bool,
        x: bool,
        len: u32,
    },
    /// Multiple or dynamic chains at `level`: contradiction or double
    /// forcing from `src`, cell or region forcing, proving `target`.
    Chains {
        dynamic: bool,
        level: u8,
        kind: Kind,
        target: Pot,
    },
}

/// What a hint is, for its name and its chains' starting points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// An assumption (on or off) leading to a contradiction.
    Contradiction(Pot),
    /// A consequence of both "on" and "off" of this potential.
    Double(Pot),
    /// A consequence of every value of a cell.
    Cell(u8),
    /// A consequence of every place of a value (0-based) in a region.
    Region(u8, u8),
}

/// The inner rules, in SE's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Rule {
    Locking,
    HiddenPair,
    NakedPair,
    XWing,
    /// Forcing chains and cycles (SE 6.5-7.x).
    Forcing,
    /// Multiple forcing chains (static).
    Multiple,
    /// Dynamic forcing chains at a nesting level.
    Dynamic(u8),
}

/// The inner rules of nesting level `level` (SE's `otherRules`).
pub(crate) fn rules(level: u8) -> &'static [Rule] {
    use Rule::*;
    match level {
        0 => &[],
        1 => &[Locking, HiddenPair, NakedPair, XWing],
        2 => &[Locking, HiddenPair, NakedPair, XWing, Forcing],
        3 => &[Locking, HiddenPair, NakedPair, XWing, Forcing, Multiple],
        4 => &[Locking, HiddenPair, NakedPair, XWing, Dynamic(0)],
        _ => &[
            Locking,
            HiddenPair,
            NakedPair,
            XWing,
            Dynamic(0),
            Dynamic(2),
        ],
    }
}

/// How a chaining runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mode {
    pub dynamic: bool,
    pub level: u8,
}

/// The chaining engine for one board: placed values fixed, candidates per
/// working copy.
pub(crate) struct Engine {
    pub fixed: Fixed,
    memo: HashMap<(Rule, [u128; 9]), Rc<Vec<InnerHint>>>,
    /// Every chaining hint used as an inner hint so far.
    pub nested: Vec<NestedInfo>,
    /// Work done (potentials followed), for the budget.
    pub spent: u64,
    /// The work allowed; past it every search gives up (`cut`).
    pub limit: u64,
    /// Whether a search gave up on the budget.
    pub cut: bool,
    stamp: Vec<u32>,
    epoch: u32,
    /// Chainings to reuse.
    // A chaining is about 400 bytes, handed between the pool and the
    // searches by pointer.
    #[allow(clippy::vec_box)]
    pool: Vec<Box<Chaining>>,
    /// Scratch for walks over a chain.
    pub queue: Vec<u32>,
    pub list: Vec<u32>,
}

impl Engine {
    /// An engine for a board with these placements.
    pub fn new(fixed: Fixed, limit: u64) -> Engine {
        Engine {
            fixed,
            memo: HashMap::new(),
            nested: Vec::new(),
            spent: 0,
            limit,
            cut: false,
            stamp: vec![0; POTS],
            epoch: 0,
            pool: Vec::new(),
            queue: Vec::with_capacity(256),
            list: Vec::with_capacity(256),
        }
    }

    /// Whether the process is stopping (the reader of its output has
    /// gone): asked every 1,024 units of work, so that a search of
    /// minutes ends at once, as if its budget had run out.
    #[inline]
    fn stopping(&self) -> bool {
        self.spent & 1023 == 0 && crate::pipeline::interrupted()
    }

    /// Gives chainings back for reuse.
    pub fn recycle(&mut self, chs: impl IntoIterator<Item = Box<Chaining>>) {
        for mut ch in chs {
            if self.pool.len() < 4096 && !ch.index.is_empty() {
                ch.clear();
                self.pool.push(ch);
            }
        }
    }

    /// Starts on a board with other placements: the memo no longer holds.
    pub fn refix(&mut self, fixed: Fixed) {
        let moved =
            fixed.empty_in != self.fixed.empty_in || fixed.occurrences != self.fixed.occurrences;
        self.fixed = fixed;
        // The inner hints' entries go with the memo that refers to them.
        if moved || self.memo.len() > 20_000 || self.nested.len() > 2_000_000 {
            self.memo.clear();
            self.nested.clear();
        }
    }

    /// A fresh mark for the potential stamps.
    pub fn fresh(&mut self) -> u32 {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.epoch = 1;
        }
        self.epoch
    }

    /// Marks `p` with `mark`; returns whether it was already marked.
    #[inline]
    pub fn marked(&mut self, p: Pot, mark: u32) -> bool {
        let s = &mut self.stamp[usize::from(p)];
        if *s == mark {
            true
        } else {
            *s = mark;
            false
        }
    }

    /// SE's `doChaining` from one assumption on `grid`.
    pub fn chain(&mut self, grid: &Cands, start: Pot, mode: Mode) -> Box<Chaining> {
        let mut ch = self.pool.pop().unwrap_or_else(|| Box::new(Chaining::new()));
        let mut work = grid.clone();
        let mut pend_on = std::mem::take(&mut ch.pend_on);
        let mut pend_off = std::mem::take(&mut ch.pend_off);
        let n = ch.push(start, cause::INITIAL, NONE, &[]);
        ch.reach(start, n);
        if is_on(start) {
            pend_on.push_back(n);
        } else {
            pend_off.push_back(n);
        }
        let mut make_on: Vec<(Pot, u8, [u32; 10], usize)> = Vec::with_capacity(4);
        let ch = loop {
            if self.spent > self.limit || self.stopping() {
                self.cut = true;
            }
            if self.cut {
                break ch;
            }
            if let Some(at) = pend_on.pop_front() {
                self.spent += 1;
                let p = ch.nodes[at as usize].pot;
                let (cell, v0) = (cell_of(p), v0_of(p));
                let bit = 1u128 << cell;
                let mut absurd = false;
                for u in values(work.cell[cell] & !(1 << v0)) {
                    if off_from_on(
                        &mut ch,
                        pot(cell, u, false),
                        at,
                        cause::NAKED,
                        &mut pend_off,
                    ) {
                        absurd = true;
                        break;
                    }
                }
                if absurd {
                    break ch;
                }
                let mut seen = bit;
                for (ri, &r) in CELL_REGIONS[cell].iter().enumerate() {
                    let s = work.in_region(usize::from(r), v0) & !seen;
                    seen |= s;
                    for c in cells(s) {
                        if off_from_on(
                            &mut ch,
                            pot(c, v0, false),
                            at,
                            cause::BOX + ri as u8,
                            &mut pend_off,
                        ) {
                            absurd = true;
                            break;
                        }
                    }
                    if absurd {
                        break;
                    }
                }
                if absurd {
                    break ch;
                }
            } else if let Some(at) = pend_off.pop_front() {
                self.spent += 1;
                let p = ch.nodes[at as usize].pot;
                let (cell, v0) = (cell_of(p), v0_of(p));
                make_on.clear();
                if two(work.cell[cell]) {
                    let other = (work.cell[cell] & !(1 << v0)).trailing_zeros() as usize;
                    let mut par = [0u32; 10];
                    par[0] = at;
                    let mut k = 1;
                    for u in values(grid.cell[cell] & !work.cell[cell]) {
                        par[k] = ch.index[usize::from(pot(cell, u, false))];
                        debug_assert!(par[k] != NONE);
                        k += 1;
                    }
                    make_on.push((pot(cell, other, true), cause::NAKED, par, k));
                }
                for (ri, &r) in CELL_REGIONS[cell].iter().enumerate() {
                    let r = usize::from(r);
                    let now = work.in_region(r, v0);
                    if two(now) {
                        let other = (now & !(1u128 << cell)).trailing_zeros() as usize;
                        let q = pot(other, v0, true);
                        if make_on.iter().any(|m| m.0 == q) {
                            continue;
                        }
                        let mut par = [0u32; 10];
                        par[0] = at;
                        let mut k = 1;
                        for c in cells(grid.in_region(r, v0) & !now) {
                            par[k] = ch.index[usize::from(pot(c, v0, false))];
                            debug_assert!(par[k] != NONE);
                            k += 1;
                        }
                        make_on.push((q, cause::BOX + ri as u8, par, k));
                    }
                }
                if mode.dynamic {
                    work.remove(cell, v0);
                }
                let mut absurd = false;
                for &(q, why, par, k) in &make_on {
                    if ch.has(flip(q)) {
                        let known_off = ch.index[usize::from(flip(q))];
                        let n = ch.push(q, why, NONE, &par[..k]);
                        ch.absurd = Some((n, known_off));
                        absurd = true;
                        break;
                    }
                    if !ch.has(q) {
                        let n = ch.push(q, why, NONE, &par[..k]);
                        ch.reach(q, n);
                        pend_on.push_back(n);
                    }
                }
                if absurd {
                    break ch;
                }
            } else {
                break ch;
            }
            if pend_on.is_empty() && pend_off.is_empty() && mode.level > 0 {
                let adv = self.advanced(&work, grid, &ch, mode.level);
                for (q, par, nested) in adv {
                    if !ch.has(q) {
                        let n = ch.push(q, cause::ADVANCED, nested, &par);
                        ch.reach(q, n);
                        pend_off.push_back(n);
                    }
                }
            }
        };
        let mut ch = ch;
        pend_on.clear();
        pend_off.clear();
        ch.pend_on = pend_on;
        ch.pend_off = pend_off;
        ch
    }

    /// A static chaining (no removal applied, no nesting) from `start`,
    /// over the implications `links` of `grid`: the same result as
    /// [`chain`](Self::chain) without the board scans.
    pub fn chain_static(&mut self, links: &Links, start: Pot) -> Box<Chaining> {
        let mut ch = self.pool.pop().unwrap_or_else(|| Box::new(Chaining::new()));
        let mut pend_on = std::mem::take(&mut ch.pend_on);
        let mut pend_off = std::mem::take(&mut ch.pend_off);
        let n = ch.push(start, cause::INITIAL, NONE, &[]);
        ch.reach(start, n);
        if is_on(start) {
            pend_on.push_back(n);
        } else {
            pend_off.push_back(n);
        }
        'chain: loop {
            if self.spent > self.limit || self.stopping() {
                self.cut = true;
            }
            if self.cut {
                break;
            }
            if let Some(at) = pend_on.pop_front() {
                self.spent += 1;
                let p = ch.nodes[at as usize].pot;
                for &(q, why) in links.of_pot(p, true, true) {
                    if off_from_on(&mut ch, q, at, why, &mut pend_off) {
                        break 'chain;
                    }
                }
            } else if let Some(at) = pend_off.pop_front() {
                self.spent += 1;
                let p = ch.nodes[at as usize].pot;
                for &(q, why) in links.of_pot(p, true, true) {
                    if ch.has(flip(q)) {
                        let known_off = ch.index[usize::from(flip(q))];
                        let n = ch.push(q, why, NONE, &[at]);
                        ch.absurd = Some((n, known_off));
                        break 'chain;
                    }
                    if !ch.has(q) {
                        let n = ch.push(q, why, NONE, &[at]);
                        ch.reach(q, n);
                        pend_on.push_back(n);
                    }
                }
            } else {
                break;
            }
        }
        pend_on.clear();
        pend_off.clear();
        ch.pend_on = pend_on;
        ch.pend_off = pend_off;
        ch
    }

    /// SE's `getAdvancedPotentials`: the removals of the first inner rule of
    /// `level` that has a hint depending on what the chaining removed, each
    /// with those removals as parents.
    fn advanced(
        &mut self,
        work: &Cands,
        source: &Cands,
        ch: &Chaining,
        level: u8,
    ) -> Vec<(Pot, Vec<u32>, u32)> {
        let mut result = Vec::new();
        // What the chaining removed: a simple rule's hint depends on some of
        // it, or is not used.
        let diff: [u128; 9] = std::array::from_fn(|v0| source.bb[v0] & !work.bb[v0]);
        for &rule in rules(level) {
            let hints = match rule {
                Rule::Locking | Rule::HiddenPair | Rule::NakedPair | Rule::XWing => {
                    Rc::new(super::simple_hints(rule, work, &self.fixed, &diff))
                }
                _ => self.inner_hints(rule, work),
            };
            if self.cut {
                return result;
            }
            let mut pots: Vec<Pot> = Vec::new();
            for h in hints.iter() {
                pots.clear();
                let mark = self.fresh();
                for &req in &h.reqs {
                    let mut add = |c: usize, v0: usize, e: &mut Engine| {
                        if source.has(c, v0) && !work.has(c, v0) {
                            let q = pot(c, v0, false);
                            if !e.marked(q, mark) {
                                pots.push(q);
                            }
                        }
                    };
                    match req {
                        Req::Cell(c) => {
                            let c = usize::from(c);
                            for v0 in values(source.cell[c] & !work.cell[c]) {
                                add(c, v0, self);
                            }
                        }
                        Req::Region(r, v0) => {
                            let (r, v0) = (usize::from(r), usize::from(v0));
                            for c in cells(source.in_region(r, v0) & !work.in_region(r, v0)) {
                                add(c, v0, self);
                            }
                        }
                        Req::Slot(c, v0) => add(usize::from(c), usize::from(v0), self),
                    }
                }
                if pots.is_empty() {
                    continue;
                }
                let parents: Vec<u32> = pots
                    .iter()
                    .map(|&q| {
                        let n = ch.index[usize::from(q)];
                        debug_assert!(n != NONE, "a removal the chaining did not make");
                        n
                    })
                    .collect();
                for &(cell, mask) in &h.removes {
                    for v0 in values(mask) {
                        result.push((pot(usize::from(cell), v0, false), parents.clone(), h.nested));
                    }
                }
            }
            if !result.is_empty() {
                return result;
            }
        }
        result
    }

    /// Every hint of an inner rule on `work`, in SE's order.
    pub fn inner_hints(&mut self, rule: Rule, work: &Cands) -> Rc<Vec<InnerHint>> {
        match rule {
            Rule::Locking | Rule::HiddenPair | Rule::NakedPair | Rule::XWing => {
                unreachable!("simple rules run in advanced()")
            }
            _ => {
                let key = (rule, work.bb);
                if let Some(h) = self.memo.get(&key) {
                    return h.clone();
                }

                let hints = super::chain_hints(self, rule, work);
                let hints = Rc::new(hints);
                if !self.cut {
                    self.memo.insert(key, hints.clone());
                }
                hints
            }
        }
    }
}

/// One "off" implied by the "on" node `at`: a contradiction if its "on" is
/// known (returns true), else a new node unless known.
#[inline]
fn off_from_on(ch: &mut Chaining, q: Pot, at: u32, why: u8, pend_off: &mut VecDeque<u32>) -> bool {
    if ch.has(flip(q)) {
        let known_on = ch.index[usize::from(flip(q))];
        let n = ch.push(q, why, NONE, &[at]);
        ch.absurd = Some((known_on, n));
        return true;
    }
    if !ch.has(q) {
        let n = ch.push(q, why, NONE, &[at]);
        ch.reach(q, n);
        pend_off.push_back(n);
    }
    false
}

/// SE's length increment: 0.1 per threshold passed by the complexity beyond
/// two (4, 6, 8, 12, 16, 24, 32, ...), added in floating point as SE adds
/// it, so that ties and their order are SE's.
pub(crate) fn length_difficulty(complexity: u32) -> f64 {
    let length = complexity as i64 - 2;
    let (mut added, mut ceil, mut odd) = (0.0f64, 4i64, false);
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// A difficulty as SE prints it, in tenths.
pub(crate) fn tenths(difficulty: f64) -> u8 {
    ((difficulty + 0.05) * 10.0) as u8
}

/// A 128-bit running hash for the chains' identities.
#[derive(Clone, Copy)]
pub(crate) struct Fp(u64, u64);

impl Fp {
    pub fn new() -> Fp {
        Fp(0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f)
    }
    #[inline]
    pub fn add(&mut self, x: u64) {
        self.0 = (self.0 ^ x).wrapping_mul(0x1000_0000_01b3).rotate_left(29);
        self.1 = (self.1 ^ x.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .wrapping_mul(0xff51_afd7_ed55_8ccd)
            .rotate_left(31);
    }
    pub fn get(self) -> u128 {
        (u128::from(self.0) << 64) | u128::from(self.1)
    }
}

/// The region of `cause` (a hidden-single cause) around `cell`.
#[inline]
pub(crate) fn cause_region(why: u8, cell: usize) -> usize {
    usize::from(CELL_REGIONS[cell][usize::from(why - cause::BOX)])
}

/// The cell of region `r` at position `k`.
#[inline]
pub(crate) fn region_cell(r: usize, k: usize) -> usize {
    usize::from(REGION_CELLS[r][k])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_increments_follow_se() {
        let t: Vec<u8> = [4, 6, 7, 8, 9, 10, 11, 14, 15, 18, 19, 26, 27]
            .iter()
            .map(|&c| tenths(9.5 + length_difficulty(c)) - 95)
            .collect();
        assert_eq!(t, vec![0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]);
    }
}
