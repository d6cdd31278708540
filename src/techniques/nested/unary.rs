//! Forcing chains and bidirectional cycles as an inner rule (SE's
//! `Chaining(false, false, false, 0)` inside the nested levels 2 and 3):
//! every hint, in SE's order, on a working copy.
//!
//! Three passes, X links only, Y links only, both; from each candidate a
//! breadth-first cycle search (an "off" reached again by another path is
//! followed again) and, with X links, forcing-chain searches from "on" and
//! from "off". A cycle's candidates seen by a cell that is on in one
//! direction and by one that is on in the other go; a forcing chain that
//! reaches its start's opposite proves it. Static chains: the board does
//! not change during a search.
//!
//! Cost: per working copy, two or three breadth-first searches per
//! candidate and pass over the implications computed once ([`Links`]):
//! a millisecond or so; the engine's memo runs it once per distinct copy.

use super::engine::{
    Desc, Engine, Fp, InnerHint, NestedInfo, Req, cause, cause_region, length_difficulty,
};
use super::grid::{Cands, PEERS, Pot, cell_of, cells, flip, is_on, pot, v0_of, values};
use super::links::Links;

/// A node of a unary search: its potential, its one parent, its cause.
#[derive(Clone, Copy)]
struct UNode {
    pot: Pot,
    parent: u32,
    cause: u8,
}

const NONE: u32 = u32::MAX;

struct Bfs {
    nodes: Vec<UNode>,
    /// Per potential: the epoch when it was last reached.
    seen: Vec<u32>,
    epoch: u32,
    pend_on: Vec<u32>,
    pend_off: Vec<u32>,
}

impl Bfs {
    fn reset(&mut self) {
        self.nodes.clear();
        self.pend_on.clear();
        self.pend_off.clear();
        self.epoch += 1;
    }
    #[inline]
    fn node(&mut self, p: Pot, parent: u32, why: u8) -> u32 {
        self.nodes.push(UNode {
            pot: p,
            parent,
            cause: why,
        });
        (self.nodes.len() - 1) as u32
    }
    #[inline]
    fn mark(&mut self, p: Pot) {
        self.seen[usize::from(p)] = self.epoch;
    }
    #[inline]
    fn seen(&self, p: Pot) -> bool {
        self.seen[usize::from(p)] == self.epoch
    }
    /// Whether `p` is a strict ancestor of node `child`.
    fn is_parent(&self, child: u32, p: Pot) -> bool {
        let mut at = self.nodes[child as usize].parent;
        while at != NONE {
            let n = self.nodes[at as usize];
            if n.pot == p {
                return true;
            }
            at = n.parent;
        }
        false
    }
    /// The path from node `n` to the start, `n` first.
    fn path(&self, mut n: u32) -> Vec<(Pot, u8)> {
        let mut out = Vec::new();
        while n != NONE {
            let node = self.nodes[n as usize];
            out.push((node.pot, node.cause));
            n = node.parent;
        }
        out
    }
}

/// SE's cycle search and (with `forcing`) forcing-chain search from "on"
/// at `source`, in one pass. Both build the same breadth-first tree: the
/// cycle search follows an "off" again each time another "on" implies it,
/// but such a repeat can only reach potentials already reached, unless it
/// implies the start again and closes a cycle; so only repeats of the (at
/// most four) potentials that imply the start are kept. Returns the
/// cycles' ends and the forcing chain's end, in SE's order.
fn from_on(
    b: &mut Bfs,
    links: &Links,
    source: Pot,
    y: bool,
    x: bool,
    forcing: bool,
    e: &mut Engine,
) -> (Vec<u32>, Vec<u32>) {
    b.reset();
    let (mut cycles, mut chains) = (Vec::new(), Vec::new());
    // The "off" potentials that imply the start: among those it implies.
    let mut pre_source: Vec<Pot> = Vec::with_capacity(4);
    for &(q, _) in links.of_pot(source, true, true) {
        if links.of_pot(q, y, x).iter().any(|&(o, _)| o == source) {
            pre_source.push(q);
        }
    }
    let root = b.node(source, NONE, cause::INITIAL);
    b.mark(source);
    b.pend_on.push(root);
    let flipped = flip(source);
    let mut length = 0;
    while !b.pend_on.is_empty() || !b.pend_off.is_empty() {
        length += 1;
        let mut pend = std::mem::take(&mut b.pend_on);
        for &at in &pend {
            e.spent += 1;
            let p = b.nodes[at as usize].pot;
            for &(q, why) in links.of_pot(p, y, true) {
                if forcing && q == flipped && chains.is_empty() {
                    chains.push(b.node(q, at, why));
                }
                if !b.seen(q) {
                    let n = b.node(q, at, why);
                    b.mark(q);
                    b.pend_off.push(n);
                } else if pre_source.contains(&q) && !b.is_parent(at, q) {
                    let n = b.node(q, at, why);
                    b.pend_off.push(n);
                }
            }
        }
        pend.clear();
        b.pend_on = pend;
        length += 1;
        let mut pend = std::mem::take(&mut b.pend_off);
        for &at in &pend {
            e.spent += 1;
            let p = b.nodes[at as usize].pot;
            for &(q, why) in links.of_pot(p, y, x) {
                if length >= 4 && q == source {
                    cycles.push(b.node(q, at, why));
                }
                if !b.seen(q) {
                    let n = b.node(q, at, why);
                    b.mark(q);
                    b.pend_on.push(n);
                }
            }
        }
        pend.clear();
        b.pend_off = pend;
    }
    (cycles, chains)
}

/// SE's forcing-chain search from "off" at `source`: the end reaching its
/// "on".
fn from_off(b: &mut Bfs, links: &Links, source: Pot, y: bool, e: &mut Engine) -> Option<u32> {
    b.reset();
    let mut found = None;
    let root = b.node(source, NONE, cause::INITIAL);
    b.mark(source);
    b.pend_off.push(root);
    let flipped = flip(source);
    while !b.pend_on.is_empty() || !b.pend_off.is_empty() {
        let mut pend = std::mem::take(&mut b.pend_on);
        for &at in &pend {
            e.spent += 1;
            let p = b.nodes[at as usize].pot;
            for &(q, why) in links.of_pot(p, y, true) {
                if !b.seen(q) {
                    let n = b.node(q, at, why);
                    b.mark(q);
                    b.pend_off.push(n);
                }
            }
        }
        pend.clear();
        b.pend_on = pend;
        let mut pend = std::mem::take(&mut b.pend_off);
        for &at in &pend {
            e.spent += 1;
            let p = b.nodes[at as usize].pot;
            for &(q, why) in links.of_pot(p, y, true) {
                if q == flipped && found.is_none() {
                    found = Some(b.node(q, at, why));
                }
                if !b.seen(q) {
                    let n = b.node(q, at, why);
                    b.mark(q);
                    b.pend_on.push(n);
                }
            }
        }
        pend.clear();
        b.pend_off = pend;
    }
    found
}

/// A unary hint found: key, removals, chain.
struct UFound {
    diff: f64,
    complexity: u32,
    sort: u8,
    order: u32,
    removes: Vec<(u8, u16)>,
    /// The chain from its end to the start (for a cycle, without the
    /// start, which the end repeats).
    path: Vec<(Pot, u8)>,
    cycle: bool,
}

/// The removals of the cycle whose path (end first, start excluded) is
/// `path`.
fn cycle_removes(g: &Cands, path: &[(Pot, u8)]) -> Vec<(u8, u16)> {
    let loop_cells: u128 = path.iter().fold(0, |m, &(p, _)| m | 1u128 << cell_of(p));
    let (mut forw, mut back) = ([0u128; 9], [0u128; 9]);
    for &(p, _) in path {
        let (cell, v0) = (cell_of(p), v0_of(p));
        let seen = PEERS[cell] & !loop_cells & g.bb[v0];
        if is_on(p) {
            forw[v0] |= seen;
        } else {
            back[v0] |= seen;
        }
    }
    let mut per_cell = [0u16; 81];
    for v0 in 0..9 {
        for c in cells(forw[v0] & back[v0]) {
            per_cell[c] |= 1 << v0;
        }
    }
    (0..81)
        .filter(|&c| per_cell[c] != 0)
        .map(|c| (c as u8, per_cell[c]))
        .collect()
}

/// The first hint SE would take (for tests): its rating in tenths and its
/// removals, sorted.
#[cfg(test)]
pub(crate) fn first(e: &mut Engine, g: &Cands) -> Option<(u8, Vec<(usize, u32)>)> {
    let found = search(e, g);
    found.first().map(|f| {
        let mut r: Vec<(usize, u32)> = f
            .removes
            .iter()
            .map(|&(c, m)| (usize::from(c), u32::from(m)))
            .collect();
        r.sort_unstable();
        (super::engine::tenths(f.diff), r)
    })
}

/// Every hint of forcing chains and cycles on `g`, in SE's order.
fn search(e: &mut Engine, g: &Cands) -> Vec<UFound> {
    let mut b = Bfs {
        nodes: Vec::with_capacity(1024),
        seen: vec![0; super::grid::POTS],
        epoch: 0,
        pend_on: Vec::with_capacity(256),
        pend_off: Vec::with_capacity(256),
    };
    let links = Links::of(g);
    let mut found: Vec<UFound> = Vec::new();
    let mut order = 0u32;
    let mut paths: Vec<(Vec<(Pot, u8)>, bool)> = Vec::new();
    for (y, x, sort) in [(false, true, 2u8), (true, false, 3), (true, true, 4)] {
        let cyc_base = if y && x { 7.0 } else { 6.5 };
        let fc_base = if y { 7.0 } else { 6.6 };
        for cell in 0..81 {
            let card = g.count(cell);
            if card < 2 || (!x && card > 2) {
                continue;
            }
            for v0 in values(g.cell[cell]) {
                let on = pot(cell, v0, true);
                // SE's order: the cycles, the chain from "on", from "off".
                let (cycles, chains) = from_on(&mut b, &links, on, y, x, x, e);
                paths.clear();
                paths.extend(cycles.iter().map(|&n| (b.path(n), true)));
                paths.extend(chains.iter().map(|&n| (b.path(n), false)));
                if x && let Some(n) = from_off(&mut b, &links, flip(on), y, e) {
                    paths.push((b.path(n), false));
                }
                for (mut path, cycle) in paths.drain(..) {
                    order += 1;
                    if cycle {
                        path.pop(); // the start, which the end repeats
                        let removes = cycle_removes(g, &path);
                        if removes.is_empty() {
                            continue;
                        }
                        let complexity = path.len() as u32;
                        found.push(UFound {
                            diff: cyc_base + length_difficulty(complexity),
                            complexity,
                            sort,
                            order,
                            removes,
                            path,
                            cycle: true,
                        });
                    } else {
                        let target = path[0].0;
                        let (tc, tv) = (cell_of(target), v0_of(target));
                        let mask = if is_on(target) {
                            g.cell[tc] & !(1 << tv)
                        } else {
                            1 << tv
                        };
                        if mask == 0 {
                            continue;
                        }
                        let complexity = path.len() as u32;
                        found.push(UFound {
                            diff: fc_base + length_difficulty(complexity),
                            complexity,
                            sort,
                            order,
                            removes: vec![(tc as u8, mask)],
                            path,
                            cycle: false,
                        });
                    }
                }
            }
        }
    }
    found.sort_by(|a, b| {
        (a.diff, a.complexity, a.sort, a.order)
            .partial_cmp(&(b.diff, b.complexity, b.sort, b.order))
            .expect("no NaN")
    });
    found
}

/// Every hint of forcing chains and cycles on `g`, sorted, ready for use
/// inside another chain.
pub(crate) fn all(e: &mut Engine, g: &Cands) -> Vec<InnerHint> {
    let found = search(e, g);
    let mut kept: std::collections::HashSet<&[(u8, u16)]> = std::collections::HashSet::new();
    let mut hints = Vec::new();
    for f in &found {
        if !kept.insert(&f.removes[..]) {
            continue;
        }
        let mut reqs: Vec<Req> = Vec::new();
        let mut push = |p: Pot, why: u8| {
            if why == cause::INITIAL || why == cause::ADVANCED {
                return;
            }
            let c = cell_of(p);
            let req = if why == cause::NAKED {
                Req::Cell(c as u8)
            } else {
                Req::Region(cause_region(why, c) as u8, v0_of(p) as u8)
            };
            if !reqs.contains(&req) {
                reqs.push(req);
            }
        };
        let mut fp = Fp::new();
        if f.cycle {
            // Targets: the end ("on", the start again) and the reversed
            // loop, whose potentials are flipped and keep their causes.
            // The start potential: the end's.
            let root = f.path[0].0;
            fp.add(u64::from(root));
            fp.add(u64::from(flip(root)));
            fp.add(u64::MAX);
            for &(p, why) in &f.path {
                fp.add(u64::from(p));
                if is_on(p) {
                    push(p, why);
                }
            }
            fp.add(u64::MAX);
            fp.add(u64::from(flip(root)));
            for &(p, why) in f.path[1..].iter().rev() {
                fp.add(u64::from(flip(p)));
                if !is_on(p) {
                    push(flip(p), why);
                }
            }
        } else {
            fp.add(u64::from(f.path[0].0));
            fp.add(u64::MAX);
            for &(p, why) in &f.path {
                fp.add(u64::from(p));
                if is_on(p) {
                    push(p, why);
                }
            }
        }
        let desc = if f.cycle {
            Desc::Cycle {
                start: f.path[0].0,
                y: f.sort != 2,
                x: f.sort != 3,
                len: f.complexity,
            }
        } else {
            Desc::Forcing {
                target: f.path[0].0,
                y: f.sort != 2,
                x: f.sort != 3,
            }
        };
        e.nested.push(NestedInfo {
            complexity: f.complexity,
            fp: fp.get(),
            desc,
        });
        hints.push(InnerHint {
            removes: f.removes.clone(),
            reqs,
            nested: (e.nested.len() - 1) as u32,
        });
    }
    hints
}
