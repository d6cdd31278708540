//! Nishio (SE 7.5 and up), multiple (8.0 and up) and dynamic (8.5 and up)
//! forcing chains: SE's chaining techniques after the first.
//!
//! Each follows every consequence of one assumption at once (a "chaining"),
//! not a single path: from "v on at c" every peer loses `v` (and, except
//! for Nishio, `c` loses its other values); from "v off at c" the other
//! place of `v` in a unit, and (except for Nishio) the other value of a
//! bivalue cell, turn on. In the dynamic kinds (Nishio and dynamic) each
//! removal is applied to a working copy of the board as it is made, so
//! later steps see cells and units that lost candidates; such a step then
//! depends on every removal that made it possible, and all of them count
//! in its length. A chaining stops at its first contradiction.
//!
//! - Nishio: an assumption that leads to a contradiction is false.
//! - Multiple (cells with three or more candidates): a consequence that
//!   follows from every value of a cell, or from every place of a value in
//!   a unit, is true.
//! - Dynamic: both, on dynamic chainings, plus a consequence that follows
//!   from both "v on" and "v off".
//!
//! A hint is rated by its kind (7.5, 8.0, 8.5) plus SE's length bonus on the
//! sum of its chains' lengths; SE takes the lowest-rated hint, then the
//! shortest, then by kind (double, cell, region, contradiction), then the
//! first found. SE's nested dynamic chains (9.0 and up), tried after these,
//! are in [`super::nested`], whose engine also runs the multiple and dynamic
//! kinds at 9x9 (the same hints, checked against this file by a test); this
//! file serves Nishio, and the 4x4 board.
//!
//! Cost: a chaining per candidate (two with dynamic), each over the whole
//! board: tens of milliseconds per step on a hard 9x9 board.

use super::chains::{NONE, Pot, cell_of, flip, is_on, on_to_off, pot, value_of};
use super::explain::{Chain, Forcing, Reason, static_reason};
use super::{Step, Technique, length_bonus};
use crate::candidates::Board;
use crate::mask::Mask;

/// The kind of forcing chains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Nishio (7.5).
    Nishio,
    /// Multiple forcing chains (8.0).
    Multiple,
    /// Dynamic forcing chains (8.5).
    Dynamic,
}

impl Kind {
    fn dynamic(self) -> bool {
        self != Kind::Multiple
    }
    fn multiple(self) -> bool {
        self != Kind::Nishio
    }
    fn base(self) -> u8 {
        match self {
            Kind::Nishio => 75,
            Kind::Multiple => 80,
            Kind::Dynamic => 85,
        }
    }
    fn technique(self) -> Technique {
        match self {
            Kind::Nishio => Technique::Nishio,
            Kind::Multiple => Technique::MultipleForcingChain,
            Kind::Dynamic => Technique::DynamicForcingChain,
        }
    }
}

/// Every node made in one search, each with its parents.
#[derive(Default)]
struct Arena {
    pots: Vec<Pot>,
    starts: Vec<u32>,
    parents: Vec<u32>,
    /// Per node, why it holds: [`CELL`], a region, or [`INITIAL`].
    why: Vec<u32>,
}

/// A node's reason: the assumption.
const INITIAL: u32 = u32::MAX;
/// A node's reason: its cell.
const CELL: u32 = u32::MAX - 1;

impl Arena {
    fn node(&mut self, p: Pot, parents: &[u32], why: u32) -> u32 {
        self.why.push(why);
        self.pots.push(p);
        self.starts.push(self.parents.len() as u32);
        self.parents.extend_from_slice(parents);
        (self.pots.len() - 1) as u32
    }

    fn parents_of(&self, n: u32) -> &[u32] {
        let start = self.starts[n as usize] as usize;
        let end = self
            .starts
            .get(n as usize + 1)
            .map_or(self.parents.len(), |&e| e as usize);
        &self.parents[start..end]
    }

    /// How many distinct potentials lead to node `n`, itself included.
    fn ancestors(&self, n: u32) -> usize {
        let mut seen: Vec<Pot> = Vec::new();
        let mut todo = vec![n];
        while let Some(m) = todo.pop() {
            let p = self.pots[m as usize];
            if !seen.contains(&p) {
                seen.push(p);
                todo.extend_from_slice(self.parents_of(m));
            }
        }
        seen.len()
    }

    /// The chain ending at node `n`, link by link.
    fn chain(&self, n: u32) -> Chain {
        Chain::from_graph(
            n,
            |m| {
                let p = self.pots[m as usize];
                (cell_of(p), value_of(p), is_on(p))
            },
            |m| match self.why[m as usize] {
                INITIAL => Reason::Assumption,
                CELL => Reason::Cell,
                r => Reason::Unit(r as usize),
            },
            |m| self.parents_of(m).to_vec(),
        )
    }
}

/// What one chaining reached: the "on" and "off" potentials in the order
/// they were reached, each with its node.
#[derive(Default)]
struct Outcome {
    on: Vec<(Pot, u32)>,
    off: Vec<(Pot, u32)>,
}

impl Outcome {
    fn find(list: &[(Pot, u32)], p: Pot) -> Option<u32> {
        list.iter().find(|&&(q, _)| q == p).map(|&(_, n)| n)
    }
    fn get(&self, p: Pot) -> Option<u32> {
        if is_on(p) {
            Self::find(&self.on, p)
        } else {
            Self::find(&self.off, p)
        }
    }
}

struct Chainer<'a> {
    board: &'a Board,
    kind: Kind,
    arena: Arena,
    /// Per potential, its node in the chaining under way.
    index: Vec<u32>,
    touched: Vec<Pot>,
}

impl<'a> Chainer<'a> {
    /// Follows every consequence of `starts`; returns what was reached and,
    /// at a contradiction, the (on, off) nodes that clash.
    fn chain(&mut self, starts: &[Pot]) -> (Outcome, Option<(u32, u32)>) {
        for &p in &self.touched {
            self.index[p as usize] = NONE;
        }
        self.touched.clear();
        let y = self.kind != Kind::Nishio;
        let mut work = self.board.clone();
        let mut out = Outcome::default();
        let mut pending_on = std::collections::VecDeque::new();
        let mut pending_off = std::collections::VecDeque::new();
        for &p in starts {
            let n = self.arena.node(p, &[], INITIAL);
            self.mark(p, n);
            if is_on(p) {
                out.on.push((p, n));
                pending_on.push_back(n);
            } else {
                out.off.push((p, n));
                pending_off.push_back(n);
            }
        }
        let mut next: Vec<(Pot, Vec<u32>, u32)> = Vec::new();
        let mut next_off: Vec<Pot> = Vec::new();
        loop {
            if let Some(at) = pending_on.pop_front() {
                let p = self.arena.pots[at as usize];
                on_to_off(&work, p, y, &mut next_off);
                for q in next_off.drain(..) {
                    let why = off_reason(self.board, p, q);
                    let known_on = self.index[flip(q) as usize];
                    if known_on != NONE {
                        let n = self.arena.node(q, &[at], why);
                        return (out, Some((known_on, n)));
                    }
                    if self.index[q as usize] == NONE {
                        let n = self.arena.node(q, &[at], why);
                        self.mark(q, n);
                        out.off.push((q, n));
                        pending_off.push_back(n);
                    }
                }
                continue;
            }
            if let Some(at) = pending_off.pop_front() {
                let p = self.arena.pots[at as usize];
                self.off_to_on(&work, p, y, &mut next);
                if self.kind.dynamic() {
                    work.remove(cell_of(p), value_of(p));
                }
                for (q, mut parents, why) in next.drain(..) {
                    parents.insert(0, at);
                    let known_off = self.index[flip(q) as usize];
                    if known_off != NONE {
                        let n = self.arena.node(q, &parents, why);
                        return (out, Some((n, known_off)));
                    }
                    if self.index[q as usize] == NONE {
                        let n = self.arena.node(q, &parents, why);
                        self.mark(q, n);
                        out.on.push((q, n));
                        pending_on.push_back(n);
                    }
                }
                continue;
            }
            return (out, None);
        }
    }

    fn mark(&mut self, p: Pot, n: u32) {
        if self.index[p as usize] == NONE {
            self.index[p as usize] = n;
            self.touched.push(p);
        }
    }

    /// What "off" at `p` turns on on the working board, each with the
    /// removals (beyond `p`) it depends on.
    fn off_to_on(&self, work: &Board, p: Pot, y: bool, out: &mut Vec<(Pot, Vec<u32>, u32)>) {
        out.clear();
        let (cell, v) = (cell_of(p), value_of(p));
        let c = work.cands(cell);
        if y && c.len() == 2 {
            let other = (c & !Mask::single(v)).first().expect("two candidates");
            let gone = self.board.cands(cell) & !c;
            let hidden = gone
                .iter()
                .filter_map(|u| self.node_of(pot(cell, u, false)))
                .collect();
            out.push((pot(cell, other, true), hidden, CELL));
        }
        for region in work.regions_of(cell) {
            let own = 1u32 << work.index_in(region, cell);
            let now = work.positions(region, v);
            let rest = now & !own;
            if rest.count_ones() == 1 {
                let other = work.region_cell(region, rest.trailing_zeros() as usize);
                let mut gone = self.board.positions(region, v) & !now;
                let mut hidden = Vec::new();
                while gone != 0 {
                    let k = gone.trailing_zeros() as usize;
                    gone &= gone - 1;
                    if let Some(n) = self.node_of(pot(work.region_cell(region, k), v, false)) {
                        hidden.push(n);
                    }
                }
                out.push((pot(other, v, true), hidden, region as u32));
            }
        }
    }

    fn node_of(&self, p: Pot) -> Option<u32> {
        let n = self.index[p as usize];
        (n != NONE).then_some(n)
    }
}

/// A hint found: its sort key, its step, and the nodes its chains end at.
struct Hint {
    key: (u8, usize, u8),
    step: Step,
    ends: Vec<u32>,
}

/// The first step of forcing chains of `kind`.
pub fn find(board: &Board, kind: Kind) -> Option<Step> {
    let size = board.size();
    let mut ch = Chainer {
        board,
        kind,
        arena: Arena::default(),
        index: vec![NONE; size.cells() * 64],
        touched: Vec::new(),
    };
    let mut best: Option<Hint> = None;
    // The chains of a hint are listed only when it is the best so far.
    let offer = |best: &mut Option<Hint>, hint: Option<Hint>, arena: &Arena| {
        if let Some(mut h) = hint
            && best.as_ref().is_none_or(|b| h.key < b.key)
        {
            h.step.chains = h.ends.iter().map(|&n| arena.chain(n)).collect();
            *best = Some(h);
        }
    };
    for cell in 0..size.cells() {
        let c = board.cands(cell);
        let card = c.len();
        if !(card > 2 || (card > 1 && kind.dynamic())) {
            continue;
        }
        ch.arena = Arena::default();
        let mut value_on: Vec<Outcome> = Vec::new();
        for v in c.iter() {
            let on = pot(cell, v, true);
            let (on_out, absurd) = ch.chain(&[on]);
            if kind.dynamic()
                && let Some((a, b)) = absurd
            {
                offer(
                    &mut best,
                    hint(board, &ch.arena, kind, flip(on), &[a, b], 7, Some(on)),
                    &ch.arena,
                );
            }
            let (off_out, absurd) = ch.chain(&[flip(on)]);
            if kind.dynamic()
                && let Some((a, b)) = absurd
            {
                offer(
                    &mut best,
                    hint(board, &ch.arena, kind, on, &[a, b], 7, Some(flip(on))),
                    &ch.arena,
                );
            }
            if card >= 3 && kind == Kind::Dynamic {
                for &(p, n) in &on_out.on {
                    if let Some(m) = off_out.get(p) {
                        offer(
                            &mut best,
                            hint(board, &ch.arena, kind, p, &[n, m], 1, None)
                                .map(|h| h.forcing(Forcing::Double(cell, v))),
                            &ch.arena,
                        );
                    }
                }
                for &(p, n) in &on_out.off {
                    if let Some(m) = off_out.get(p) {
                        offer(
                            &mut best,
                            hint(board, &ch.arena, kind, p, &[n, m], 1, None)
                                .map(|h| h.forcing(Forcing::Double(cell, v))),
                            &ch.arena,
                        );
                    }
                }
            }
            if kind.multiple() {
                for region in board.regions_of(cell) {
                    let positions = board.positions(region, v);
                    let count = positions.count_ones();
                    if count < 2
                        || board.region_cell(region, positions.trailing_zeros() as usize) != cell
                    {
                        continue;
                    }
                    let mut outcomes: Vec<Outcome> = Vec::new();
                    let mut bits = positions;
                    while bits != 0 {
                        let k = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        let other = board.region_cell(region, k);
                        if other != cell {
                            outcomes.push(ch.chain(&[pot(other, v, true)]).0);
                        }
                    }
                    for list in [&on_out.on, &on_out.off] {
                        for &(p, n) in list {
                            let mut nodes = vec![n];
                            for o in &outcomes {
                                match o.get(p) {
                                    Some(m) => nodes.push(m),
                                    None => break,
                                }
                            }
                            if nodes.len() == outcomes.len() + 1 {
                                offer(
                                    &mut best,
                                    hint(board, &ch.arena, kind, p, &nodes, 6, None)
                                        .map(|h| h.forcing(Forcing::Unit(region, v))),
                                    &ch.arena,
                                );
                            }
                        }
                    }
                }
            }
            value_on.push(on_out);
        }
        if kind.multiple() {
            let first = &value_on[0];
            for list in [&first.on, &first.off] {
                for &(p, _) in list {
                    let nodes: Vec<u32> = value_on.iter().filter_map(|o| o.get(p)).collect();
                    if nodes.len() == value_on.len() {
                        offer(
                            &mut best,
                            hint(board, &ch.arena, kind, p, &nodes, 5, None)
                                .map(|h| h.forcing(Forcing::Cell(cell))),
                            &ch.arena,
                        );
                    }
                }
            }
        }
    }
    best.map(|h| h.step)
}

/// The hint that `target` holds, proved by the chains ending at `nodes`.
fn hint(
    board: &Board,
    arena: &Arena,
    kind: Kind,
    target: Pot,
    nodes: &[u32],
    sort: u8,
    assumption: Option<Pot>,
) -> Option<Hint> {
    let (cell, v) = (cell_of(target), value_of(target));
    let mut step = Step::new(kind.technique(), 0);
    if is_on(target) {
        let others = board.cands(cell) & !Mask::single(v);
        if others.is_empty() {
            return None;
        }
        step.place = Some((cell, v));
        step.removes = vec![(cell, others)];
    } else {
        if !board.cands(cell).contains(v) {
            return None;
        }
        step.removes = vec![(cell, Mask::single(v))];
    }
    let complexity: usize = nodes.iter().map(|&n| arena.ancestors(n)).sum();
    step.rating = kind.base().saturating_add(length_bonus(complexity));
    step.cells = vec![cell];
    step.forcing = assumption.map(|a| Forcing::Contradiction(cell_of(a), value_of(a), is_on(a)));
    Some(Hint {
        key: (step.rating, complexity, sort),
        step,
        ends: nodes.to_vec(),
    })
}

impl Hint {
    fn forcing(mut self, f: Forcing) -> Hint {
        self.step.forcing = Some(f);
        self
    }
}

/// Why "on" at `p` turns `q` off: the cell, or the first unit of `p`'s
/// cell (box, row, column) that holds `q`'s.
fn off_reason(board: &Board, p: Pot, q: Pot) -> u32 {
    match static_reason(
        board,
        (cell_of(p), value_of(p), true),
        (cell_of(q), value_of(q), false),
    ) {
        Reason::Unit(u) => u as u32,
        _ => CELL,
    }
}
