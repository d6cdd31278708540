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

use super::engine::{Engine, Fp, InnerHint, NestedInfo, Req, cause, cause_region, length_difficulty};
use super::grid::{CELL_REGIONS, Cands, PEERS, Pot, cell_of, cells, flip, is_on, pot, v0_of, values};

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
    /// Per potential: the epoch when it was last marked "in toOn / toOff".
    seen: Vec<u32>,
    epoch: u32,
}

impl Bfs {
    fn reset(&mut self) {
        self.nodes.clear();
        self.epoch += 1;
    }
    fn node(&mut self, p: Pot, parent: u32, why: u8) -> u32 {
        self.nodes.push(UNode {
            pot: p,
            parent,
            cause: why,
        });
        (self.nodes.len() - 1) as u32
    }
    fn mark(&mut self, p: Pot) {
        self.seen[usize::from(p)] = self.epoch;
    }
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

/// What "on" at `p` turns off, with causes, in SE's order.
fn on_to_off(g: &Cands, p: Pot, y: bool, out: &mut Vec<(Pot, u8)>) {
    out.clear();
    let (cell, v0) = (cell_of(p), v0_of(p));
    if y {
        for u in values(g.cell[cell] & !(1 << v0)) {
            out.push((pot(cell, u, false), cause::NAKED));
        }
    }
    let mut seen = 1u128 << cell;
    for (ri, &r) in CELL_REGIONS[cell].iter().enumerate() {
        let s = g.in_region(usize::from(r), v0) & !seen;
        seen |= s;
        for c in cells(s) {
            out.push((pot(c, v0, false), cause::BOX + ri as u8));
        }
    }
}

/// What "off" at `p` turns on, with causes, in SE's order.
fn off_to_on(g: &Cands, p: Pot, y: bool, x: bool, out: &mut Vec<(Pot, u8)>) {
    out.clear();
    let (cell, v0) = (cell_of(p), v0_of(p));
    if y && g.count(cell) == 2 {
        let other = (g.cell[cell] & !(1 << v0)).trailing_zeros() as usize;
        out.push((pot(cell, other, true), cause::NAKED));
    }
    if x {
        for (ri, &r) in CELL_REGIONS[cell].iter().enumerate() {
            let now = g.in_region(usize::from(r), v0);
            if now.count_ones() == 2 {
                let other = (now & !(1u128 << cell)).trailing_zeros() as usize;
                let q = pot(other, v0, true);
                if !out.iter().any(|&(o, _)| o == q) {
                    out.push((q, cause::BOX + ri as u8));
                }
            }
        }
    }
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

fn cycles(b: &mut Bfs, g: &Cands, source: Pot, y: bool, x: bool, e: &mut Engine) -> Vec<u32> {
    b.reset();
    let mut found = Vec::new();
    let root = b.node(source, NONE, cause::INITIAL);
    b.mark(source);
    let mut pend_on = vec![root];
    let mut pend_off: Vec<u32> = Vec::new();
    let mut buf = Vec::new();
    let mut length = 0;
    while !pend_on.is_empty() || !pend_off.is_empty() {
        length += 1;
        for at in std::mem::take(&mut pend_on) {
            e.spent += 1;
            on_to_off(g, b.nodes[at as usize].pot, y, &mut buf);
            for &(q, why) in &buf {
                if !b.is_parent(at, q) {
                    let n = b.node(q, at, why);
                    pend_off.push(n);
                }
            }
        }
        length += 1;
        for at in std::mem::take(&mut pend_off) {
            e.spent += 1;
            off_to_on(g, b.nodes[at as usize].pot, y, x, &mut buf);
            for &(q, why) in &buf {
                if length >= 4 && q == source {
                    found.push(b.node(q, at, why));
                }
                if !b.seen(q) {
                    let n = b.node(q, at, why);
                    b.mark(q);
                    pend_on.push(n);
                }
            }
        }
    }
    found
}

fn forcing(b: &mut Bfs, g: &Cands, source: Pot, y: bool, e: &mut Engine) -> Vec<u32> {
    b.reset();
    let mut found: Vec<u32> = Vec::new();
    let root = b.node(source, NONE, cause::INITIAL);
    b.mark(source);
    let (mut pend_on, mut pend_off) = if is_on(source) {
        (vec![root], Vec::new())
    } else {
        (Vec::new(), vec![root])
    };
    let mut buf = Vec::new();
    while !pend_on.is_empty() || !pend_off.is_empty() {
        for at in std::mem::take(&mut pend_on) {
            e.spent += 1;
            on_to_off(g, b.nodes[at as usize].pot, y, &mut buf);
            for &(q, why) in &buf {
                if flip(q) == source && !found.iter().any(|&f| b.nodes[f as usize].pot == q) {
                    found.push(b.node(q, at, why));
                }
                if !b.seen(q) {
                    let n = b.node(q, at, why);
                    b.mark(q);
                    pend_off.push(n);
                }
            }
        }
        for at in std::mem::take(&mut pend_off) {
            e.spent += 1;
            off_to_on(g, b.nodes[at as usize].pot, y, true, &mut buf);
            for &(q, why) in &buf {
                if flip(q) == source && !found.iter().any(|&f| b.nodes[f as usize].pot == q) {
                    found.push(b.node(q, at, why));
                }
                if !b.seen(q) {
                    let n = b.node(q, at, why);
                    b.mark(q);
                    pend_on.push(n);
                }
            }
        }
    }
    found
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

/// Every hint of forcing chains and cycles on `g`, sorted, ready for use
/// inside another chain.
pub(crate) fn all(e: &mut Engine, g: &Cands) -> Vec<InnerHint> {
    let mut b = Bfs {
        nodes: Vec::with_capacity(1024),
        seen: vec![0; super::grid::POTS],
        epoch: 0,
    };
    let mut found: Vec<UFound> = Vec::new();
    let mut order = 0u32;
    for (y, x, sort) in [(false, true, 2u8), (true, false, 3), (true, true, 4)] {
        for cell in 0..81 {
            let card = g.count(cell);
            if card < 2 || (!x && card > 2) {
                continue;
            }
            for v0 in values(g.cell[cell]) {
                let on = pot(cell, v0, true);
                let cyc_base = if y && x { 7.0 } else { 6.5 };
                for at in cycles(&mut b, g, on, y, x, e) {
                    let mut path = b.path(at);
                    path.pop(); // the start, which the end repeats
                    let removes = cycle_removes(g, &path);
                    order += 1;
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
                }
                if x {
                    let fc_base = if y { 7.0 } else { 6.6 };
                    for source in [on, flip(on)] {
                        for at in forcing(&mut b, g, source, y, e) {
                            let path = b.path(at);
                            let target = path[0].0;
                            let (tc, tv) = (cell_of(target), v0_of(target));
                            let mask = if is_on(target) {
                                g.cell[tc] & !(1 << tv)
                            } else {
                                1 << tv
                            };
                            order += 1;
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
    }
    found.sort_by(|a, b| {
        (a.diff, a.complexity, a.sort, a.order)
            .partial_cmp(&(b.diff, b.complexity, b.sort, b.order))
            .expect("no NaN")
    });
    let mut kept: Vec<&[(u8, u16)]> = Vec::new();
    let mut hints = Vec::new();
    for f in &found {
        if kept.contains(&&f.removes[..]) {
            continue;
        }
        kept.push(&f.removes);
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
            let start = f.path[f.path.len() - 1].0;
            let root = {
                // The start potential: the end's potential.
                f.path[0].0
            };
            let _ = start;
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
        e.nested.push(NestedInfo {
            complexity: f.complexity,
            fp: fp.get(),
        });
        hints.push(InnerHint {
            removes: f.removes.clone(),
            reqs,
            nested: (e.nested.len() - 1) as u32,
        });
    }
    hints
}
