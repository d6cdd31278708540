//! Multiple and dynamic forcing chains at any nesting level: SE's
//! `getMultipleChainsHintList`, every hint of it in SE's order (for inner
//! use) or the first one SE would take.
//!
//! For each cell (two or more candidates when dynamic, three or more when
//! static), for each of its values: the chainings from "on" and "off"
//! (contradictions, and consequences common to both), the chainings from
//! every place of the value in each of the cell's regions (region forcing),
//! and after all values, consequences common to every value (cell forcing).
//! A hint's complexity is the number of distinct potentials behind each of
//! its chains, summed, plus the complexity of each distinct inner chain they
//! use; its difficulty is the level's base plus SE's length increment.
//! Hints sort by difficulty, complexity, kind (double 1, cell 5, region 6,
//! contradiction 7), then the order found; SE then drops a hint whose
//! removals equal an earlier one's.
//!
//! Common consequences are found by intersecting the chainings' bit sets
//! before looking anything up. When every hint is wanted, only the best
//! hint per removal is kept as the search goes (what SE's sort and
//! de-duplication leave), with what an outer chain needs of it, so each
//! cell's chainings are given back as soon as the cell is done.

use std::collections::HashMap;

use super::engine::{
    Chaining, Engine, Fp, InnerHint, Kind, Mode, NONE, NestedInfo, Req, cause, cause_region,
    length_difficulty,
};
use super::grid::{
    CELL_REGIONS, Cands, POTS, Pot, cell_of, cells, first_cell, is_on, pot, v0_of, values,
};

/// The ends of a hint's chains (at most nine: one per value of a cell or
/// place in a region).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Targets {
    len: u8,
    ends: [(u32, u32); 9],
}

impl Targets {
    fn new() -> Targets {
        Targets {
            len: 0,
            ends: [(0, 0); 9],
        }
    }
    fn of(ends: &[(u32, u32)]) -> Targets {
        let mut t = Targets::new();
        for &x in ends {
            t.push(x);
        }
        t
    }
    fn push(&mut self, x: (u32, u32)) {
        self.ends[usize::from(self.len)] = x;
        self.len += 1;
    }
    /// The ends, in SE's order.
    pub fn get(&self) -> &[(u32, u32)] {
        &self.ends[..usize::from(self.len)]
    }
}

/// A hint found.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    pub diff: f64,
    pub complexity: u32,
    pub sort: u8,
    pub order: u32,
    /// The cell the hint acts on, and the values it removes there.
    pub cell: u8,
    pub mask: u16,
    /// The potential proved (on: the cell takes the value).
    pub target: Pot,
    pub kind: Kind,
    /// Each chain's end: (chaining, node).
    pub targets: Targets,
}

impl Found {
    fn key(&self) -> (f64, u32, u8, u32) {
        (self.diff, self.complexity, self.sort, self.order)
    }
}

/// The best hint so far for one removal, as an outer chain uses it.
struct Kept {
    key: (f64, u32, u8, u32),
    cell: u8,
    mask: u16,
    kind: Kind,
    target: Pot,
    reqs: Vec<Req>,
    fp: u128,
}

/// The chainings of one search.
pub(crate) struct Search {
    // Boxed: a chaining is about 400 bytes, handed back to the pool by
    // pointer.
    #[allow(clippy::vec_box)]
    pub chs: Vec<Box<Chaining>>,
    /// For static chains: the board's implications.
    links: Option<super::links::Links>,
    on_memo: Vec<u32>,
    pub dynamic: bool,
    pub level: u8,
    /// Whether every hint is wanted (chainings are then given back early).
    all: bool,
    /// Chainings given back, by slot.
    free: Vec<bool>,
}

/// The base difficulty of a level (SE's `Chaining.getDifficulty`).
pub(crate) fn base(dynamic: bool, level: u8) -> f64 {
    if level >= 2 {
        9.5 + 0.5 * f64::from(level - 2)
    } else if level > 0 {
        8.5 + 0.5 * f64::from(level)
    } else if dynamic {
        8.5
    } else {
        8.0
    }
}

impl Search {
    fn chain(&mut self, e: &mut Engine, grid: &Cands, p: Pot) -> u32 {
        let mode = Mode {
            dynamic: self.dynamic,
            level: self.level,
        };
        if is_on(p) {
            let known = self.on_memo[usize::from(p)];
            if known != NONE {
                return known;
            }
        }
        let ch = match &self.links {
            Some(links) => e.chain_static(links, p),
            None => e.chain(grid, p, mode),
        };
        self.chs.push(ch);
        self.free.push(false);
        let id = (self.chs.len() - 1) as u32;
        if is_on(p) {
            self.on_memo[usize::from(p)] = id;
        }
        id
    }

    /// Gives chaining `id` back to the engine (every-hint searches only).
    fn release(&mut self, e: &mut Engine, id: u32) {
        let i = id as usize;
        if self.all && !self.free[i] {
            self.free[i] = true;
            let ch = std::mem::replace(&mut self.chs[i], Box::new(Chaining::empty()));
            e.recycle([ch]);
        }
    }

    /// Flat and nested complexity of a hint with these chain ends; stops
    /// counting past `cap`.
    fn complexity(&self, e: &mut Engine, targets: &[(u32, u32)], cap: u32) -> u32 {
        let mut total = 0u32;
        let mut seen: [u128; 16] = [0; 16];
        let mut n_seen = 0;
        let mut more: Vec<u128> = Vec::new();
        let nested = self.level >= 2;
        for &(c, n) in targets {
            let ch = &self.chs[c as usize];
            if !nested {
                total += count(ch, e, n, cap.saturating_sub(total));
                if total > cap {
                    return total;
                }
                continue;
            }
            walk(ch, e, n);
            total += e.list.len() as u32;
            for &m in &e.list {
                let id = ch.nodes[m as usize].nested;
                if super::engine::is_chain(id) {
                    let info = e.nested[id as usize];
                    let known = seen[..n_seen].contains(&info.fp) || more.contains(&info.fp);
                    if !known {
                        if n_seen < 16 {
                            seen[n_seen] = info.fp;
                            n_seen += 1;
                        } else {
                            more.push(info.fp);
                        }
                        total += info.complexity;
                    }
                }
            }
            if total > cap {
                return total;
            }
        }
        total
    }

    /// What an outer chain needs of a hint: the removals its chains depend
    /// on (SE's `collectRuleParents`) and its identity as a whole chain
    /// (SE's `FullChain`), target by target.
    fn describe(&self, e: &mut Engine, f: &Found) -> (Vec<Req>, u128) {
        let mut reqs: Vec<Req> = Vec::new();
        let mut fp = Fp::new();
        for &(c, n) in f.targets.get() {
            fp.add(u64::from(self.chs[c as usize].nodes[n as usize].pot));
        }
        for &(c, n) in f.targets.get() {
            let ch = &self.chs[c as usize];
            walk(ch, e, n);
            fp.add(u64::MAX);
            for &m in &e.list {
                let node = ch.nodes[m as usize];
                fp.add(u64::from(node.pot));
                let mut why = node.cause;
                if why == cause::INITIAL {
                    why = match f.kind {
                        Kind::Cell(_) => cause::NAKED,
                        Kind::Region(r, _) => cause::BOX + r / 9,
                        _ => cause::INITIAL,
                    };
                }
                if !is_on(node.pot) || why == cause::INITIAL || why == cause::ADVANCED {
                    continue;
                }
                let pc = cell_of(node.pot);
                let req = if why == cause::NAKED {
                    Req::Cell(pc as u8)
                } else {
                    Req::Region(cause_region(why, pc) as u8, v0_of(node.pot) as u8)
                };
                if !reqs.contains(&req) {
                    reqs.push(req);
                }
            }
        }
        (reqs, fp.get())
    }
}

/// The number of distinct potentials behind node `n` of `ch` (SE's
/// `getAncestorCount`), counting stopped past `cap`.
fn count(ch: &Chaining, e: &mut Engine, n: u32, cap: u32) -> u32 {
    let mark = e.fresh();
    let mut queue = std::mem::take(&mut e.queue);
    queue.clear();
    queue.push(n);
    let (mut at, mut total) = (0, 0u32);
    while at < queue.len() {
        let m = queue[at];
        at += 1;
        if e.marked(ch.nodes[m as usize].pot, mark) {
            continue;
        }
        total += 1;
        if total > cap {
            break;
        }
        queue.extend_from_slice(ch.parents_of(m));
    }
    e.queue = queue;
    total
}

/// The nodes behind node `n` of `ch`, `n` first, breadth-first as SE walks
/// them (`getChain`, `getAncestorCount`): each potential once, reached
/// through the first node met for it. The list is left in `e.list`.
pub(crate) fn walk(ch: &Chaining, e: &mut Engine, n: u32) {
    let mark = e.fresh();
    let mut queue = std::mem::take(&mut e.queue);
    let mut out = std::mem::take(&mut e.list);
    queue.clear();
    out.clear();
    queue.push(n);
    let mut at = 0;
    while at < queue.len() {
        let m = queue[at];
        at += 1;
        if e.marked(ch.nodes[m as usize].pot, mark) {
            continue;
        }
        out.push(m);
        queue.extend_from_slice(ch.parents_of(m));
    }
    e.queue = queue;
    e.list = out;
}

/// The outcome of a search: its chainings and the first hint SE would take,
/// or every hint (best per removal, unsorted).
pub(crate) struct Outcome {
    pub search: Search,
    pub best: Option<Found>,
    kept: Vec<Kept>,
}

/// Where the hints go.
struct Sink {
    all: bool,
    best: Option<Found>,
    kept: Vec<Kept>,
    by_removal: HashMap<(u8, u16), usize>,
    order: u32,
}

impl Sink {
    /// Takes hint `(p, kind, sort)` proved by the chains ending at
    /// `targets`: `p` is the potential proved, `sort` SE's rank of its kind.
    fn offer(
        &mut self,
        s: &Search,
        e: &mut Engine,
        grid: &Cands,
        (p, kind, sort): (Pot, Kind, u8),
        targets: Targets,
    ) {
        self.order += 1;
        let mask = if is_on(p) {
            grid.cell[cell_of(p)] & !(1 << v0_of(p))
        } else {
            1 << v0_of(p)
        };
        // A hint placing a value in a cell with no other candidate removes
        // nothing: SE drops it.
        if mask == 0 {
            return;
        }
        let mut f = Found {
            diff: 0.0,
            complexity: 0,
            sort,
            order: self.order,
            cell: cell_of(p) as u8,
            mask,
            target: p,
            kind,
            targets,
        };
        let base = base(s.dynamic, s.level);
        if !self.all {
            let cap = self.best.as_ref().map_or(u32::MAX, |b| b.complexity);
            f.complexity = s.complexity(e, f.targets.get(), cap);
            f.diff = base + length_difficulty(f.complexity);
            if self.best.as_ref().is_none_or(|b| f.key() < b.key()) {
                self.best = Some(f);
            }
            return;
        }
        let slot = self.by_removal.get(&(f.cell, f.mask)).copied();
        let cap = slot.map_or(u32::MAX, |i| self.kept[i].key.1);
        f.complexity = s.complexity(e, f.targets.get(), cap);
        f.diff = base + length_difficulty(f.complexity);
        if slot.is_some_and(|i| self.kept[i].key <= f.key()) {
            return;
        }
        let (reqs, fp) = s.describe(e, &f);
        let kept = Kept {
            key: f.key(),
            cell: f.cell,
            mask: f.mask,
            kind: f.kind,
            target: f.target,
            reqs,
            fp,
        };
        match slot {
            Some(i) => self.kept[i] = kept,
            None => {
                self.by_removal.insert((f.cell, f.mask), self.kept.len());
                self.kept.push(kept);
            }
        }
    }
}

/// SE's search of multiple (static) or dynamic forcing chains at `level`
/// on `grid`: every hint (`want_all`), or the first SE would take.
pub(crate) fn search(
    e: &mut Engine,
    grid: &Cands,
    dynamic: bool,
    level: u8,
    want_all: bool,
) -> Outcome {
    let mut s = Search {
        chs: Vec::new(),
        links: (!dynamic && level == 0).then(|| super::links::Links::of(grid)),
        on_memo: vec![NONE; POTS],
        dynamic,
        level,
        all: want_all,
        free: Vec::new(),
    };
    let mut sink = Sink {
        all: want_all,
        best: None,
        kept: Vec::new(),
        by_removal: HashMap::new(),
        order: 0,
    };
    let mut common = [0u64; 23];
    for (cell, regions) in CELL_REGIONS.iter().enumerate() {
        let card = grid.count(cell);
        if !(card > 2 || (card > 1 && dynamic)) {
            continue;
        }
        let mut value_on: [u32; 9] = [0; 9];
        let mut n_values = 0;
        let mut cell_offs: [u32; 9] = [0; 9];
        for v0 in values(grid.cell[cell]) {
            let p_on = pot(cell, v0, true);
            let p_off = pot(cell, v0, false);
            let on = s.chain(e, grid, p_on);
            let off = s.chain(e, grid, p_off);
            cell_offs[n_values] = off;
            value_on[n_values] = on;
            n_values += 1;
            if e.cut {
                return Outcome {
                    search: s,
                    best: None,
                    kept: Vec::new(),
                };
            }
            if dynamic {
                if let Some((a, b)) = s.chs[on as usize].absurd {
                    let t = Targets::of(&[(on, a), (on, b)]);
                    sink.offer(&s, e, grid, (p_off, Kind::Contradiction(p_on), 7), t);
                }
                if let Some((a, b)) = s.chs[off as usize].absurd {
                    let t = Targets::of(&[(off, a), (off, b)]);
                    sink.offer(&s, e, grid, (p_on, Kind::Contradiction(p_off), 7), t);
                }
            }
            if card >= 3 && dynamic {
                let (a, b) = (&s.chs[on as usize].bits, &s.chs[off as usize].bits);
                let mut any = 0;
                for i in 0..23 {
                    common[i] = a[i] & b[i];
                    any |= common[i];
                }
                if any != 0 {
                    for list in [true, false] {
                        let len = if list {
                            s.chs[on as usize].on.len()
                        } else {
                            s.chs[on as usize].off.len()
                        };
                        for i in 0..len {
                            let own = &s.chs[on as usize];
                            let n = if list { own.on[i] } else { own.off[i] };
                            let p = own.nodes[n as usize].pot;
                            if common[usize::from(p) >> 6] >> (p & 63) & 1 == 0 {
                                continue;
                            }
                            let m = s.chs[off as usize].index[usize::from(p)];
                            let t = Targets::of(&[(on, n), (off, m)]);
                            sink.offer(&s, e, grid, (p, Kind::Double(p_on), 1), t);
                        }
                    }
                }
            }
            // Region forcing: every place of the value in a region.
            for &r in regions {
                let r = usize::from(r);
                let places = grid.in_region(r, v0);
                let count = places.count_ones();
                if count < 2 || first_cell(places) != cell {
                    continue;
                }
                let mut ids = [0u32; 9];
                let mut n_ids = 0;
                for c in cells(places) {
                    ids[n_ids] = if c == cell {
                        on
                    } else {
                        s.chain(e, grid, pot(c, v0, true))
                    };
                    n_ids += 1;
                }
                if e.cut {
                    return Outcome {
                        search: s,
                        best: None,
                        kept: Vec::new(),
                    };
                }
                let ids = &ids[..n_ids];
                common = s.chs[ids[0] as usize].bits;
                for &id in &ids[1..] {
                    let b = &s.chs[id as usize].bits;
                    for i in 0..23 {
                        common[i] &= b[i];
                    }
                }
                if common.iter().all(|&w| w == 0) {
                    continue;
                }
                for list in [true, false] {
                    let len = if list {
                        s.chs[on as usize].on.len()
                    } else {
                        s.chs[on as usize].off.len()
                    };
                    for i in 0..len {
                        let own = &s.chs[on as usize];
                        let n = if list { own.on[i] } else { own.off[i] };
                        let p = own.nodes[n as usize].pot;
                        if common[usize::from(p) >> 6] >> (p & 63) & 1 == 0 {
                            continue;
                        }
                        let mut t = Targets::new();
                        for &id in ids {
                            t.push((id, s.chs[id as usize].index[usize::from(p)]));
                        }
                        sink.offer(&s, e, grid, (p, Kind::Region(r as u8, v0 as u8), 6), t);
                    }
                }
            }
        }
        // Cell forcing: every value of the cell.
        let value_on = &value_on[..n_values];
        common = s.chs[value_on[0] as usize].bits;
        for &id in &value_on[1..] {
            let b = &s.chs[id as usize].bits;
            for i in 0..23 {
                common[i] &= b[i];
            }
        }
        if common.iter().any(|&w| w != 0) {
            let first = value_on[0];
            for list in [true, false] {
                let len = if list {
                    s.chs[first as usize].on.len()
                } else {
                    s.chs[first as usize].off.len()
                };
                for i in 0..len {
                    let own = &s.chs[first as usize];
                    let n = if list { own.on[i] } else { own.off[i] };
                    let p = own.nodes[n as usize].pot;
                    if common[usize::from(p) >> 6] >> (p & 63) & 1 == 0 {
                        continue;
                    }
                    let mut t = Targets::new();
                    for &id in value_on {
                        t.push((id, s.chs[id as usize].index[usize::from(p)]));
                    }
                    sink.offer(&s, e, grid, (p, Kind::Cell(cell as u8), 5), t);
                }
            }
        }
        // The cell's chainings are no longer needed (the on-chainings of
        // later cells made for region forcing stay).
        for &id in value_on.iter().chain(&cell_offs[..n_values]) {
            s.release(e, id);
        }
    }
    Outcome {
        search: s,
        best: sink.best,
        kept: sink.kept,
    }
}

/// Every hint of the search, sorted and made ready for use inside another
/// chain.
pub(crate) fn all(e: &mut Engine, grid: &Cands, dynamic: bool, level: u8) -> Vec<InnerHint> {
    let mut out = search(e, grid, dynamic, level, true);
    let chs = std::mem::take(&mut out.search.chs);
    let free = std::mem::take(&mut out.search.free);
    e.recycle(
        chs.into_iter()
            .zip(free)
            .filter(|&(_, f)| !f)
            .map(|(c, _)| c),
    );
    if e.cut {
        return Vec::new();
    }
    out.kept
        .sort_by(|a, b| a.key.partial_cmp(&b.key).expect("no NaN"));
    let mut hints = Vec::with_capacity(out.kept.len());
    for k in out.kept {
        e.nested.push(NestedInfo {
            complexity: k.key.1,
            fp: k.fp,
            desc: super::engine::Desc::Chains {
                dynamic,
                level,
                kind: k.kind,
                target: k.target,
            },
        });
        hints.push(InnerHint {
            removes: vec![(k.cell, k.mask)],
            reqs: k.reqs,
            nested: (e.nested.len() - 1) as u32,
        });
    }
    hints
}
