//! The chains of a chaining step, link by link, for explanations a person
//! can follow: each link a cell, a value, on or off, and the reason it
//! holds (the assumption, the cell, a unit, or an inner technique), with
//! the earlier links it follows from.
//!
//! Every chaining technique (forcing chains and cycles, Nishio, multiple
//! and dynamic forcing chains, the nested levels) records its chains here
//! in one form, so that `rate --explain`, its JSON and the bindings write
//! them alike. A chaining is a graph (a dynamic link may follow from
//! several removals), so a chain is listed as SE lists it: each link after
//! every link it follows from, the assumption first, the conclusion last.

use std::fmt::Write as _;

use super::{cell_name, region_name};
use crate::candidates::Board;
use crate::grid::Shape;

/// Why a link of a chain holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The assumption the chain starts from.
    Assumption,
    /// The cell: "on" as the cell's one value left, "off" as the cell holds
    /// another value.
    Cell,
    /// A unit (box `0..n`, row `n..2n`, column `2n..3n`): "on" as the
    /// value's one place left in it, "off" as the unit holds the value
    /// elsewhere.
    Unit(usize),
    /// An inner technique, run on the board as the chain has left it (the
    /// nested levels), by name: `pointing or claiming`, `hidden pair`,
    /// `naked pair`, `x-wing`, `forcing chain`, `dynamic forcing chain
    /// (cell forcing)`.
    Technique(String),
}

/// One link of a chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The cell.
    pub cell: usize,
    /// The value.
    pub value: u8,
    /// Whether the value is on (placed) or off (removed) at the cell.
    pub on: bool,
    /// Why it holds.
    pub reason: Reason,
    /// The earlier links of the same chain it follows from (indices into
    /// the chain's links; empty for the assumption).
    pub from: Vec<usize>,
}

/// One chain: its links, the assumption first, each after the links it
/// follows from, the chain's conclusion last.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chain {
    /// The links in order.
    pub links: Vec<Link>,
}

/// What a forcing-chains step starts from, and so how its chains prove
/// its conclusion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forcing {
    /// An assumption (cell, value, on) that leads to a contradiction: its
    /// two chains end in the same candidate on and off.
    Contradiction(usize, u8, bool),
    /// A candidate (cell, value) whose "on" and "off" both lead to the
    /// conclusion: one chain each.
    Double(usize, u8),
    /// Every value of a cell leads to the conclusion: one chain each.
    Cell(usize),
    /// Every place of a value in a unit leads to the conclusion: one chain
    /// each (unit, value).
    Unit(usize, u8),
}

/// The most links a chain shows in text; a longer one shows its first
/// [`HEAD`] and last [`TAIL`] links around a count of the others (the JSON
/// and the bindings always carry every link).
pub const SHOWN: usize = 40;
const HEAD: usize = 10;
const TAIL: usize = 25;

/// `r2c7=5` or `r2c7≠5`.
pub(crate) fn pot_name(
    shape: Shape,
    cell: usize,
    value: u8,
    on: bool,
    symbol: &dyn Fn(u8) -> char,
) -> String {
    format!(
        "{}{}{}",
        cell_name(shape.size(), cell),
        if on { '=' } else { '≠' },
        symbol(value)
    )
}

impl Reason {
    /// The reason in words: `assumption`, `cell`, `row 2`, `pointing or
    /// claiming`, `forcing chain`.
    pub fn describe(&self, shape: impl Into<Shape>) -> String {
        match self {
            Reason::Assumption => "assumption".to_string(),
            Reason::Cell => "cell".to_string(),
            Reason::Unit(u) => region_name(shape, *u),
            Reason::Technique(name) => name.clone(),
        }
    }
}

impl Chain {
    /// The chain in words: `r2c7=7 → r2c3≠7 [row 2] → r2c3=9 [cell]`, a
    /// link that follows from other links than the one before it naming
    /// them (`r3c2=6 [row 3, after r3c1≠6, r3c5≠6]`); past [`SHOWN`] links
    /// the middle ones are counted, not written.
    pub fn describe(&self, shape: impl Into<Shape>, symbol: &dyn Fn(u8) -> char) -> String {
        let shape = shape.into();
        let n = self.links.len();
        let mut parts: Vec<String> = Vec::with_capacity(n.min(SHOWN + 1));
        for (i, link) in self.links.iter().enumerate() {
            if n > SHOWN && i >= HEAD && i < n - TAIL {
                if i == HEAD {
                    parts.push(format!("… {} more links …", n - HEAD - TAIL));
                }
                continue;
            }
            let mut s = pot_name(shape.clone(), link.cell, link.value, link.on, symbol);
            if link.reason != Reason::Assumption {
                let _ = write!(s, " [{}", link.reason.describe(shape.clone()));
                let plain = link.from.len() == 1 && link.from[0] + 1 == i;
                if !plain && !link.from.is_empty() {
                    let after: Vec<String> = link
                        .from
                        .iter()
                        .map(|&j| {
                            let l = &self.links[j];
                            pot_name(shape.clone(), l.cell, l.value, l.on, symbol)
                        })
                        .collect();
                    let _ = write!(s, ", after {}", after.join(", "));
                }
                s.push(']');
            }
            parts.push(s);
        }
        parts.join(" → ")
    }

    /// Lists the chain ending at `end` of a chaining graph: `pot` gives a
    /// node's (cell, value, on), `reason` its reason, `parents` the nodes it
    /// follows from. Each potential is listed once, after its parents, in
    /// the order of a depth-first walk of the parents (SE's listing).
    pub(crate) fn from_graph<N: Copy>(
        end: N,
        key: impl Fn(N) -> (usize, u8, bool),
        reason: impl Fn(N) -> Reason,
        parents: impl Fn(N) -> Vec<N>,
    ) -> Chain {
        let mut links: Vec<Link> = Vec::new();
        let find = |links: &[Link], k: (usize, u8, bool)| {
            links.iter().position(|l| (l.cell, l.value, l.on) == k)
        };
        // Iterative post-order: (node, its parents, how many visited).
        let mut stack: Vec<(N, Vec<N>, usize)> = vec![(end, parents(end), 0)];
        let mut open: Vec<(usize, u8, bool)> = vec![key(end)];
        while let Some(top) = stack.last_mut() {
            if top.2 < top.1.len() {
                let p = top.1[top.2];
                top.2 += 1;
                let k = key(p);
                if find(&links, k).is_none() && !open.contains(&k) {
                    open.push(k);
                    let ps = parents(p);
                    stack.push((p, ps, 0));
                }
                continue;
            }
            let (node, ps, _) = stack.pop().expect("a node");
            let k = key(node);
            open.retain(|&o| o != k);
            if find(&links, k).is_some() {
                continue;
            }
            let mut from: Vec<usize> = Vec::new();
            for &p in &ps {
                if let Some(j) = find(&links, key(p))
                    && !from.contains(&j)
                {
                    from.push(j);
                }
            }
            let reason = if ps.is_empty() {
                Reason::Assumption
            } else {
                reason(node)
            };
            links.push(Link {
                cell: k.0,
                value: k.1,
                on: k.2,
                reason,
                from,
            });
        }
        Chain { links }
    }
}

impl Forcing {
    /// What the chains start from, in words: `contradiction from r2c7=7`,
    /// `double forcing from r2c7=7 on and off`, `cell forcing on the values
    /// of r5c2`, `unit forcing on the places of 3 in row 6`.
    pub fn describe(&self, shape: impl Into<Shape>, symbol: &dyn Fn(u8) -> char) -> String {
        let shape = shape.into();
        match *self {
            Forcing::Contradiction(c, v, on) => {
                format!("contradiction from {}", pot_name(shape, c, v, on, symbol))
            }
            Forcing::Double(c, v) => format!(
                "double forcing from {} and {}",
                pot_name(shape.clone(), c, v, true, symbol),
                pot_name(shape, c, v, false, symbol)
            ),
            Forcing::Cell(c) => format!(
                "cell forcing on the values of {}",
                cell_name(shape.size(), c)
            ),
            Forcing::Unit(u, v) => format!(
                "unit forcing on the places of {} in {}",
                symbol(v),
                region_name(shape, u)
            ),
        }
    }
}

/// Why `cur` follows from `prev` on `board` (a static board, as forcing
/// chains and cycles use): the cell when both are in one cell; else, from
/// "on", the first unit (box, row, column) holding both cells; from "off",
/// the first unit holding both where the value has these two places only.
pub(crate) fn static_reason(
    board: &Board,
    prev: (usize, u8, bool),
    cur: (usize, u8, bool),
) -> Reason {
    if prev.0 == cur.0 {
        return Reason::Cell;
    }
    let v = cur.1;
    let shared = board
        .units_of(prev.0)
        .iter()
        .map(|&u| usize::from(u))
        .filter(|&u| board.units_of(cur.0).iter().any(|&w| usize::from(w) == u));
    let mut first = None;
    for u in shared {
        first.get_or_insert(u);
        if prev.2 || board.positions(u, v).count_ones() == 2 {
            return Reason::Unit(u);
        }
    }
    Reason::Unit(first.unwrap_or(0))
}

/// A chain of one link after another on a static board (forcing chains
/// and cycles), each link's reason found by [`static_reason`].
pub(crate) fn static_chain(board: &Board, pots: &[(usize, u8, bool)]) -> Chain {
    let links = pots
        .iter()
        .enumerate()
        .map(|(i, &p)| Link {
            cell: p.0,
            value: p.1,
            on: p.2,
            reason: if i == 0 {
                Reason::Assumption
            } else {
                static_reason(board, pots[i - 1], p)
            },
            from: if i == 0 { Vec::new() } else { vec![i - 1] },
        })
        .collect();
    Chain { links }
}

/// The name HoDoKu and SudokuWiki give a forcing chain that removes a
/// candidate, where its shape has one: of one value with two strong links
/// (`X on → A off → B on → C off → D on → X off`), a `skyscraper` (both
/// strong links in parallel lines, B and C in one line across them), a
/// `2-string kite` (one in a row, one in a column, B and C in one box), an
/// `empty rectangle` (one strong link in a box between cells of different
/// rows and columns, the other in a line), else a `turbot fish`; with two
/// bivalue cells holding the same pair joined by a strong link on one of
/// its values, a `W-wing`.
pub(crate) fn known_as(
    board: &Board,
    chain: &[(usize, u8, bool)],
    y: bool,
) -> Option<&'static str> {
    let first = *chain.first()?;
    let last = *chain.last()?;
    if !first.2 || last.2 || (first.0, first.1) != (last.0, last.1) {
        return None;
    }
    let n = board.size().side();
    // The unit of a strong link between two cells: the first where the
    // value has just these two places.
    let strong = |a: (usize, u8, bool), b: (usize, u8, bool)| -> Option<usize> {
        match static_reason(board, a, b) {
            Reason::Unit(u) if board.positions(u, b.1).count_ones() == 2 => Some(u),
            _ => None,
        }
    };
    let kind = |u: usize| u / n; // 0 box, 1 row, 2 column
    let row = |c: usize| c / n;
    let col = |c: usize| c % n;
    if !y && chain.len() == 6 {
        let (a, b, c, d) = (chain[1], chain[2], chain[3], chain[4]);
        let (s1, s2) = (strong(a, b)?, strong(c, d)?);
        let boxed = |u: usize, p: (usize, u8, bool), q: (usize, u8, bool)| {
            kind(u) == 0 && row(p.0) != row(q.0) && col(p.0) != col(q.0)
        };
        let name = match (kind(s1), kind(s2)) {
            (1, 1) if col(b.0) == col(c.0) => "skyscraper",
            (2, 2) if row(b.0) == row(c.0) => "skyscraper",
            (1, 2) | (2, 1) if board.regions_of(b.0)[0] == board.regions_of(c.0)[0] => {
                "2-string kite"
            }
            (0, 1 | 2) if boxed(s1, a, b) => "empty rectangle",
            (1 | 2, 0) if boxed(s2, c, d) => "empty rectangle",
            _ => "turbot fish",
        };
        return Some(name);
    }
    if y && chain.len() == 8 {
        let (p1, p2, a, b, q1, q2) = (chain[1], chain[2], chain[3], chain[4], chain[5], chain[6]);
        let pair = |c: usize| board.cands(c);
        let w = p1.0 == p2.0
            && q1.0 == q2.0
            && p1.0 != q1.0
            && pair(p1.0).len() == 2
            && pair(p1.0) == pair(q1.0)
            && p2.1 == a.1
            && a.1 == b.1
            && b.1 == q1.1
            && a.0 != b.0
            && strong(a, b).is_some();
        return w.then_some("W-wing");
    }
    None
}
