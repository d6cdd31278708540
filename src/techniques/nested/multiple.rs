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
//! contradiction 7), then the order found.

use super::engine::{
    Chaining, Engine, Fp, InnerHint, Mode, NONE, NestedInfo, Req, cause, cause_region,
    length_difficulty,
};
use super::grid::{Cands, POTS, Pot, cell_of, cells, is_on, pot, v0_of, values};

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

impl Found {
    fn before(&self, other: &Found) -> bool {
        (self.diff, self.complexity, self.sort, self.order)
            < (other.diff, other.complexity, other.sort, other.order)
    }
}

/// The chainings of one search.
pub(crate) struct Search {
    pub chs: Vec<Chaining>,
    /// For static chains: the board's implications.
    links: Option<super::links::Links>,
    on_memo: Vec<u32>,
    pub dynamic: bool,
    pub level: u8,
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
        let id = (self.chs.len() - 1) as u32;
        if is_on(p) {
            self.on_memo[usize::from(p)] = id;
        }
        id
    }

    /// The nodes behind node `n` of chaining `c`, `n` first, breadth-first
    /// as SE walks them (`getChain`): each potential once, the first node
    /// reaching it.
    pub fn walk(&self, e: &mut Engine, c: u32, n: u32) {
        walk(&self.chs[c as usize], e, n);
    }

    /// Flat and nested complexity of a hint with these chain ends.
    fn complexity(&self, e: &mut Engine, targets: &[(u32, u32)]) -> u32 {
        let mut total = 0u32;
        let mut seen: [u128; 16] = [0; 16];
        let mut n_seen = 0;
        let mut more: Vec<u128> = Vec::new();
        let nested = self.level >= 2;
        for &(c, n) in targets {
            self.walk(e, c, n);
            total += e.list.len() as u32;
            if !nested {
                continue;
            }
            let ch = &self.chs[c as usize];
            for &m in &e.list {
                let id = ch.nodes[m as usize].nested;
                if id != NONE {
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
        }
        total
    }

    fn offer(
        &self,
        e: &mut Engine,
        grid: &Cands,
        want_all: bool,
        found: &mut Vec<Found>,
        best: &mut Option<Found>,
        mut f: Found,
    ) {
        // A hint placing a value in a cell with no other candidate removes
        // nothing: SE drops it.
        if f.mask == 0 {
            return;
        }
        let _ = grid;
        f.complexity = self.complexity(e, f.targets.get());
        f.diff = base(self.dynamic, self.level) + length_difficulty(f.complexity);
        if want_all {
            found.push(f);
        } else if best.as_ref().is_none_or(|b| f.before(b)) {
            *best = Some(f);
        }
    }
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

/// The outcome of a search: the chainings and the hints wanted.
pub(crate) struct Outcome {
    pub search: Search,
    pub found: Vec<Found>,
    pub best: Option<Found>,
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
    };
    let mut found: Vec<Found> = Vec::new();
    let mut best: Option<Found> = None;
    let mut order = 0u32;
    let mut next = || {
        order += 1;
        order
    };
    let target_mask = |p: Pot| -> u16 {
        if is_on(p) {
            grid.cell[cell_of(p)] & !(1 << v0_of(p))
        } else {
            1 << v0_of(p)
        }
    };
    let make = |p: Pot, kind: Kind, sort: u8, order: u32, targets: Targets| Found {
        diff: 0.0,
        complexity: 0,
        sort,
        order,
        cell: cell_of(p) as u8,
        mask: target_mask(p),
        target: p,
        kind,
        targets,
    };
    for cell in 0..81 {
        let card = grid.count(cell);
        if !(card > 2 || (card > 1 && dynamic)) {
            continue;
        }
        let mut value_on: Vec<u32> = Vec::with_capacity(9);
        for v0 in values(grid.cell[cell]) {
            let p_on = pot(cell, v0, true);
            let p_off = pot(cell, v0, false);
            let on = s.chain(e, grid, p_on);
            let off = s.chain(e, grid, p_off);
            if e.cut {
                return Outcome {
                    search: s,
                    found,
                    best: None,
                };
            }
            if dynamic {
                if let Some((a, b)) = s.chs[on as usize].absurd {
                    let f = make(p_off, Kind::Contradiction(p_on), 7, next(), Targets::of(&[(on, a), (on, b)]));
                    s.offer(e, grid, want_all, &mut found, &mut best, f);
                }
                if let Some((a, b)) = s.chs[off as usize].absurd {
                    let f = make(p_on, Kind::Contradiction(p_off), 7, next(), Targets::of(&[(off, a), (off, b)]));
                    s.offer(e, grid, want_all, &mut found, &mut best, f);
                }
            }
            if card >= 3 && dynamic {
                for list in [true, false] {
                    let n_list = if list {
                        s.chs[on as usize].on.len()
                    } else {
                        s.chs[on as usize].off.len()
                    };
                    for i in 0..n_list {
                        let n = if list {
                            s.chs[on as usize].on[i]
                        } else {
                            s.chs[on as usize].off[i]
                        };
                        let p = s.chs[on as usize].nodes[n as usize].pot;
                        if let Some(m) = s.chs[off as usize].get(p) {
                            let f = make(p, Kind::Double(p_on), 1, next(), Targets::of(&[(on, n), (off, m)]));
                            s.offer(e, grid, want_all, &mut found, &mut best, f);
                        }
                    }
                }
            }
            // Region forcing: every place of the value in a region.
            for &r in &super::grid::CELL_REGIONS[cell] {
                let r = usize::from(r);
                let places = grid.in_region(r, v0);
                let count = places.count_ones();
                if count < 2 || super::grid::first_cell(places) != cell {
                    continue;
                }
                let mut ids: Vec<u32> = Vec::with_capacity(count as usize);
                for c in cells(places) {
                    ids.push(if c == cell {
                        on
                    } else {
                        s.chain(e, grid, pot(c, v0, true))
                    });
                }
                if e.cut {
                    return Outcome {
                        search: s,
                        found,
                        best: None,
                    };
                }
                for list in [true, false] {
                    let own = &s.chs[on as usize];
                    let n_list = if list { own.on.len() } else { own.off.len() };
                    for i in 0..n_list {
                        let own = &s.chs[on as usize];
                        let n = if list { own.on[i] } else { own.off[i] };
                        let p = own.nodes[n as usize].pot;
                        let mut targets = Targets::new();
                        for &id in &ids {
                            match s.chs[id as usize].get(p) {
                                Some(m) => targets.push((id, m)),
                                None => break,
                            }
                        }
                        if targets.get().len() == ids.len() {
                            let f = make(p, Kind::Region(r as u8, v0 as u8), 6, next(), targets);
                            s.offer(e, grid, want_all, &mut found, &mut best, f);
                        }
                    }
                }
            }
            value_on.push(on);
        }
        // Cell forcing: every value of the cell.
        let first = value_on[0];
        for list in [true, false] {
            let n_list = if list {
                s.chs[first as usize].on.len()
            } else {
                s.chs[first as usize].off.len()
            };
            for i in 0..n_list {
                let own = &s.chs[first as usize];
                let n = if list { own.on[i] } else { own.off[i] };
                let p = own.nodes[n as usize].pot;
                let mut targets = Targets::new();
                for &id in &value_on {
                    match s.chs[id as usize].get(p) {
                        Some(m) => targets.push((id, m)),
                        None => break,
                    }
                }
                if targets.get().len() == value_on.len() {
                    let f = make(p, Kind::Cell(cell as u8), 5, next(), targets);
                    s.offer(e, grid, want_all, &mut found, &mut best, f);
                }
            }
        }
    }
    Outcome {
        search: s,
        found,
        best,
    }
}

/// Every hint of the search, sorted and made ready for use inside another
/// chain.
pub(crate) fn all(e: &mut Engine, grid: &Cands, dynamic: bool, level: u8) -> Vec<InnerHint> {
    let mut out = search(e, grid, dynamic, level, true);
    if e.cut {
        return Vec::new();
    }
    out.found.sort_by(|a, b| {
        (a.diff, a.complexity, a.sort, a.order)
            .partial_cmp(&(b.diff, b.complexity, b.sort, b.order))
            .expect("no NaN")
    });
    let mut kept = [0u16; 81];
    let mut kept_masks: Vec<(u8, u16)> = Vec::new();
    let mut hints = Vec::new();
    for f in &out.found {
        // SE drops a hint equal to one before (the same removals).
        if kept[usize::from(f.cell)] & f.mask == f.mask
            && kept_masks.contains(&(f.cell, f.mask))
        {
            continue;
        }
        kept[usize::from(f.cell)] |= f.mask;
        kept_masks.push((f.cell, f.mask));
        let s = &out.search;
        // SE's collectRuleParents and FullChain, target by target.
        let mut reqs: Vec<Req> = Vec::new();
        let mut fp = Fp::new();
        for &(c, n) in f.targets.get() {
            fp.add(u64::from(s.chs[c as usize].nodes[n as usize].pot));
        }
        for &(c, n) in f.targets.get() {
            s.walk(e, c, n);
            fp.add(u64::MAX);
            let ch = &s.chs[c as usize];
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
        e.nested.push(NestedInfo {
            complexity: f.complexity,
            fp: fp.get(),
        });
        hints.push(InnerHint {
            removes: vec![(f.cell, f.mask)],
            reqs,
            nested: (e.nested.len() - 1) as u32,
        });
    }
    e.recycle(out.search.chs);
    hints
}
