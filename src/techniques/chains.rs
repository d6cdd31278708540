//! Forcing chains and bidirectional cycles: SE's first chaining technique
//! (SE 6.5 to about 7.5, by kind and length).
//!
//! A chain is a sequence of implications between "potentials": a value at
//! a cell being on (placed) or off (removed). From "v on at c" follow "v off"
//! at every peer of `c` and (Y links) every other value of `c` off; from
//! "v off at c" follow "v on" at the one other place of `v` in a unit of `c`
//! (X links, a conjugate pair) and (Y links) the other value of `c` when it
//! has exactly two. SE searches breadth-first from every candidate, in three
//! passes: X links only, Y links only, both:
//!
//! - a **cycle** returns to its start: "v on at c" implies itself after four
//!   or more links, so the candidates seen by a cell that is on in both
//!   directions of the loop go (6.5 for X or Y cycles, 7.0 with both);
//! - a **forcing chain** from "v on" reaches "v off" (so `v` goes from `c`),
//!   or from "v off" reaches "v on" (so `c` takes `v`): 6.6 with X links,
//!   7.0 with both.
//!
//! A hint's rating adds 0.1 for each length threshold its chain passes
//! (4, 6, 8, 12, 16, 24, ... potentials beyond two), and SE takes the
//! lowest-rated hint of the three passes, then the shortest, then X before
//! Y before both, then the first found (cells in reading order, values in
//! increasing order). This file follows SE's search order step by step:
//! which implications are generated in which order, and that in a cycle
//! search an "off" reached again by another path is expanded again.
//!
//! Cost: per candidate and pass one breadth-first search over at most
//! `2 * cells * side` potentials; a few milliseconds per step on a hard 9x9
//! board, so this runs only when every simpler technique has failed.
//! Nishio, multiple and dynamic forcing chains (SE 7.5 and up) are in
//! `forcing.rs` and `nested.rs`.

use super::{Step, Technique, length_bonus};
use crate::candidates::Board;
use crate::mask::Mask;

/// A potential: `(cell * 32 + value) * 2 + on` (shared with the forcing
/// chains).
pub(crate) type Pot = u32;

/// The potential "`v` on (or off) at `cell`".
pub(crate) fn pot(cell: usize, v: u8, on: bool) -> Pot {
    ((cell as u32 * 32 + u32::from(v)) << 1) | u32::from(on)
}
pub(crate) fn cell_of(p: Pot) -> usize {
    (p >> 6) as usize
}
pub(crate) fn value_of(p: Pot) -> u8 {
    ((p >> 1) & 31) as u8
}
pub(crate) fn is_on(p: Pot) -> bool {
    p & 1 == 1
}
/// The opposite potential: on for off, off for on.
pub(crate) fn flip(p: Pot) -> Pot {
    p ^ 1
}

/// No node.
pub(crate) const NONE: u32 = u32::MAX;

/// One breadth-first search: its nodes (each with the node that implied
/// it) and, per potential, the first node that reached it.
struct Search<'a> {
    board: &'a Board,
    nodes: Vec<(Pot, u32)>,
    /// The number of potentials from each node back to the start.
    depth: Vec<u32>,
    first: Vec<u32>,
    touched: Vec<Pot>,
}

impl<'a> Search<'a> {
    fn new(board: &'a Board) -> Self {
        let n = board.size().cells() * 64;
        Search {
            board,
            nodes: Vec::new(),
            depth: Vec::new(),
            first: vec![NONE; n],
            touched: Vec::new(),
        }
    }

    fn reset(&mut self) {
        for &p in &self.touched {
            self.first[p as usize] = NONE;
        }
        self.touched.clear();
        self.nodes.clear();
        self.depth.clear();
    }

    fn node(&mut self, p: Pot, parent: u32) -> u32 {
        self.nodes.push((p, parent));
        let d = if parent == NONE {
            1
        } else {
            self.depth[parent as usize] + 1
        };
        self.depth.push(d);
        (self.nodes.len() - 1) as u32
    }

    fn seen(&self, p: Pot) -> bool {
        self.first[p as usize] != NONE
    }

    fn mark(&mut self, p: Pot, node: u32) {
        if self.first[p as usize] == NONE {
            self.first[p as usize] = node;
            self.touched.push(p);
        }
    }

    fn on_to_off(&self, p: Pot, y: bool, out: &mut Vec<Pot>) {
        on_to_off(self.board, p, y, out);
    }

    /// What "off" at `p` turns on: the other value of a bivalue cell (Y),
    /// then the other place of the value in the cell's box, row and column
    /// (X), when there is exactly one.
    fn off_to_on(&self, p: Pot, y: bool, x: bool, out: &mut Vec<Pot>) {
        out.clear();
        let (cell, v) = (cell_of(p), value_of(p));
        let c = self.board.cands(cell);
        if y && c.len() == 2 {
            let other = (c & !Mask::single(v)).first().expect("two candidates");
            out.push(pot(cell, other, true));
        }
        if x {
            for region in self.board.regions_of(cell) {
                let own = 1u32 << self.board.index_in(region, cell);
                let rest = self.board.positions(region, v) & !own;
                if rest.count_ones() == 1 {
                    let other = self
                        .board
                        .region_cell(region, rest.trailing_zeros() as usize);
                    out.push(pot(other, v, true));
                }
            }
        }
    }

    /// Whether `p` is an ancestor of node `child`.
    fn is_parent(&self, child: u32, p: Pot) -> bool {
        let mut at = self.nodes[child as usize].1;
        while at != NONE {
            if self.nodes[at as usize].0 == p {
                return true;
            }
            at = self.nodes[at as usize].1;
        }
        false
    }

    /// The potentials from node `at` back to the start, distinct, in that
    /// order.
    fn chain(&self, mut at: u32) -> Vec<Pot> {
        let mut out: Vec<Pot> = Vec::new();
        while at != NONE {
            let (p, parent) = self.nodes[at as usize];
            if !out.contains(&p) {
                out.push(p);
            }
            at = parent;
        }
        out
    }

    /// SE's cycle search from "on" at `source`: the nodes at which the
    /// start is reached again after four or more links. Nodes deeper than
    /// `limit` potentials are not made: no hint through them could beat
    /// the best one found so far.
    fn cycles(&mut self, source: Pot, y: bool, x: bool, limit: u32) -> Vec<u32> {
        self.reset();
        let mut found = Vec::new();
        let root = self.node(source, NONE);
        self.mark(source, root);
        let mut pending_on = vec![root];
        let mut pending_off: Vec<u32> = Vec::new();
        let mut buf = Vec::new();
        let mut length = 0;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            length += 1;
            for at in std::mem::take(&mut pending_on) {
                self.on_to_off(self.nodes[at as usize].0, y, &mut buf);
                if self.depth[at as usize] >= limit {
                    continue;
                }
                for &q in &buf {
                    if !self.is_parent(at, q) {
                        let n = self.node(q, at);
                        self.mark(q, n);
                        pending_off.push(n);
                    }
                }
            }
            length += 1;
            for at in std::mem::take(&mut pending_off) {
                self.off_to_on(self.nodes[at as usize].0, y, x, &mut buf);
                let deep = self.depth[at as usize] >= limit;
                for &q in &buf {
                    if length >= 4 && q == source {
                        found.push(self.node(q, at));
                    }
                    if !deep && !self.seen(q) {
                        let n = self.node(q, at);
                        self.mark(q, n);
                        pending_on.push(n);
                    }
                }
            }
        }
        found
    }

    /// SE's forcing-chain search from `source` (on or off): the nodes that
    /// reach its opposite, one per potential, first found first; none
    /// deeper than `limit` potentials.
    fn forcing(&mut self, source: Pot, y: bool, limit: u32) -> Vec<u32> {
        self.reset();
        let mut found: Vec<u32> = Vec::new();
        let root = self.node(source, NONE);
        self.mark(source, root);
        let (mut pending_on, mut pending_off) = if is_on(source) {
            (vec![root], Vec::new())
        } else {
            (Vec::new(), vec![root])
        };
        let mut buf = Vec::new();
        while !pending_on.is_empty() || !pending_off.is_empty() {
            for at in std::mem::take(&mut pending_on) {
                if self.depth[at as usize] >= limit {
                    continue;
                }
                self.on_to_off(self.nodes[at as usize].0, y, &mut buf);
                self.extend(at, &buf, source, &mut found, &mut pending_off);
            }
            for at in std::mem::take(&mut pending_off) {
                if self.depth[at as usize] >= limit {
                    continue;
                }
                self.off_to_on(self.nodes[at as usize].0, y, true, &mut buf);
                self.extend(at, &buf, source, &mut found, &mut pending_on);
            }
        }
        found
    }

    /// One step of the forcing-chain search: the potentials `next` implied
    /// by node `at` become nodes (each at most once, first path first), and
    /// one reaching the opposite of `source` is found.
    fn extend(
        &mut self,
        at: u32,
        next: &[Pot],
        source: Pot,
        found: &mut Vec<u32>,
        pending: &mut Vec<u32>,
    ) {
        for &q in next {
            if flip(q) == source && !found.iter().any(|&f| self.nodes[f as usize].0 == q) {
                found.push(self.node(q, at));
            }
            if !self.seen(q) {
                let n = self.node(q, at);
                self.mark(q, n);
                pending.push(n);
            }
        }
    }
}

/// What "on" at `p` turns off on `board`, in SE's order: the cell's other
/// values (Y links), then the value in the cell's box, row and column.
pub(crate) fn on_to_off(board: &Board, p: Pot, y: bool, out: &mut Vec<Pot>) {
    out.clear();
    let (cell, v) = (cell_of(p), value_of(p));
    if y {
        for u in board.cands(cell).iter() {
            if u != v {
                out.push(pot(cell, u, false));
            }
        }
    }
    let start = out.len();
    for region in board.regions_of(cell) {
        let mut bits = board.positions(region, v);
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let other = board.region_cell(region, k);
            let q = pot(other, v, false);
            if other != cell && !out[start..].contains(&q) {
                out.push(q);
            }
        }
    }
}

/// The best hint so far: (rating, complexity, kind), then its step.
struct Best {
    key: (u8, usize, u8),
    step: Option<Step>,
}

impl Best {
    /// The deepest node worth making in a pass of sort key `kind` and base
    /// rating `base`: a node `d` potentials deep only leads to hints of
    /// complexity `d` or more, rated `base + length_bonus(d)` or more.
    fn limit(&self, base: u8, kind: u8) -> u32 {
        if self.step.is_none() {
            return u32::MAX;
        }
        let mut d = 1u32;
        while d < 4096 && (base + length_bonus(d as usize + 1), d as usize + 1, kind) < self.key {
            d += 1;
        }
        if (base + length_bonus(d as usize), d as usize, kind) < self.key {
            d
        } else {
            0
        }
    }

    fn offer(&mut self, key: (u8, usize, u8), make: impl FnOnce() -> Option<Step>) {
        if key < self.key
            && let Some(step) = make()
        {
            self.key = key;
            self.step = Some(step);
        }
    }
}

/// The first step of SE's "forcing chains and cycles" technique.
pub fn find(board: &Board) -> Option<Step> {
    let size = board.size();
    let mut search = Search::new(board);
    let mut best = Best {
        key: (u8::MAX, usize::MAX, u8::MAX),
        step: None,
    };
    // (Y links, X links, sort key) for the X, Y and XY passes.
    for (y, x, kind) in [(false, true, 2u8), (true, false, 3), (true, true, 4)] {
        for cell in 0..size.cells() {
            let c = board.cands(cell);
            if c.len() < 2 || (!x && c.len() > 2) {
                continue;
            }
            for v in c.iter() {
                let on = pot(cell, v, true);
                let base = if y && x { 70 } else { 65 };
                let limit = best.limit(base, kind);
                let found = if limit >= 2 {
                    search.cycles(on, y, x, limit)
                } else {
                    Vec::new()
                };
                for at in found {
                    let chain = search.chain(at);
                    let rating = base + length_bonus(chain.len());
                    best.offer((rating, chain.len(), kind), || {
                        cycle_step(board, &search, at, &chain, rating, y, x)
                    });
                }
                if x {
                    let base = if y { 70 } else { 66 };
                    for source in [on, flip(on)] {
                        let limit = best.limit(base, kind);
                        if limit < 2 {
                            continue;
                        }
                        for at in search.forcing(source, y, limit) {
                            let chain = search.chain(at);
                            let rating = base + length_bonus(chain.len());
                            let target = search.nodes[at as usize].0;
                            best.offer((rating, chain.len(), kind), || {
                                forcing_step(board, target, &chain, rating, y)
                            });
                        }
                    }
                }
            }
        }
    }
    best.step
}

fn cycle_step(
    board: &Board,
    search: &Search<'_>,
    at: u32,
    chain: &[Pot],
    rating: u8,
    y: bool,
    x: bool,
) -> Option<Step> {
    // The cells of the loop; the candidates seen by a cell that is on in
    // one direction and by one that is on in the other go.
    let cells: Vec<usize> = chain.iter().map(|&p| cell_of(p)).collect();
    let mut forward: Vec<(usize, u8)> = Vec::new();
    let mut backward: Vec<(usize, u8)> = Vec::new();
    let mut node = at;
    while search.nodes[node as usize].1 != NONE {
        let (p, parent) = search.nodes[node as usize];
        let (cell, v) = (cell_of(p), value_of(p));
        for &peer in board.geometry().peers(cell) {
            let peer = usize::from(peer);
            if !cells.contains(&peer) && board.cands(peer).contains(v) {
                let side = if is_on(p) {
                    &mut forward
                } else {
                    &mut backward
                };
                if !side.contains(&(peer, v)) {
                    side.push((peer, v));
                }
            }
        }
        node = parent;
    }
    let mut removes: Vec<(usize, Mask)> = Vec::new();
    for &(c, v) in forward.iter().filter(|f| backward.contains(f)) {
        match removes.iter_mut().find(|(rc, _)| *rc == c) {
            Some((_, m)) => m.insert(v),
            None => removes.push((c, Mask::single(v))),
        }
    }
    if removes.is_empty() {
        return None;
    }
    removes.sort_unstable_by_key(|&(c, _)| c);
    let technique = match (y, x) {
        (true, true) => Technique::Cycle,
        (true, false) => Technique::YCycle,
        _ => Technique::XCycle,
    };
    let mut step = Step::new(technique, rating);
    step.chain = chain
        .iter()
        .rev()
        .map(|&p| (cell_of(p), value_of(p), is_on(p)))
        .collect();
    // The loop from its start back to it.
    let mut around = step.chain[step.chain.len() - 1..].to_vec();
    around.extend_from_slice(&step.chain);
    step.chains = vec![super::explain::static_chain(board, &around)];
    step.removes = removes;
    Some(step)
}

fn forcing_step(board: &Board, target: Pot, chain: &[Pot], rating: u8, y: bool) -> Option<Step> {
    let (cell, v) = (cell_of(target), value_of(target));
    let technique = if y {
        Technique::ForcingChain
    } else {
        Technique::ForcingXChain
    };
    let mut step = Step::new(technique, rating);
    if is_on(target) {
        let others = board.cands(cell) & !Mask::single(v);
        if others.is_empty() {
            return None;
        }
        step.place = Some((cell, v));
        step.removes = vec![(cell, others)];
    } else {
        step.removes = vec![(cell, Mask::single(v))];
    }
    step.chain = chain
        .iter()
        .rev()
        .map(|&p| (cell_of(p), value_of(p), is_on(p)))
        .collect();
    step.chains = vec![super::explain::static_chain(board, &step.chain)];
    step.known_as = super::explain::known_as(board, &step.chain, y);
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_bonus_follows_se_thresholds() {
        // Potentials beyond two: up to 4 nothing, then 6, 8, 12, 16, 24.
        let bonus: Vec<u8> = [6, 7, 8, 9, 10, 11, 14, 15, 18, 19, 26, 27]
            .iter()
            .map(|&c| length_bonus(c))
            .collect();
        assert_eq!(bonus, vec![0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]);
    }

    #[test]
    fn potentials_pack_and_unpack() {
        let p = pot(624, 25, true);
        assert_eq!((cell_of(p), value_of(p), is_on(p)), (624, 25, true));
        assert_eq!(flip(p), pot(624, 25, false));
    }
}
