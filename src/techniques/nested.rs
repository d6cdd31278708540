//! Dynamic forcing chains (+) and nested forcing chains: SE's techniques
//! past dynamic forcing chains, rated 9.0 and up (SE's `Chaining(true,
//! true, false, level)` for levels 1 to 5, classes `Chaining` and
//! `ChainingHint` in `diuf.sudoku.solver.rules.chaining`).
//!
//! In plain words: the dynamic forcing chains of 8.5 (contradiction, double,
//! cell and region forcing, each removal applied to a working copy of the
//! board as the chain follows it), but when a chaining runs out of singles
//! to follow it asks simpler techniques what the working copy allows, and
//! goes on from their removals. Level 1 (9.0, "Dynamic Forcing Chains (+)")
//! asks pointing and claiming, hidden and naked pairs and X-wings; level 2
//! (9.5, "+ Forcing Chains") also forcing chains and cycles; level 3 (10.0)
//! also multiple forcing chains; level 4 (10.5) dynamic forcing chains;
//! level 5 (11.0) also level-2 nested chains. A hint's difficulty is its
//! level's base plus SE's length increment, over a complexity that counts
//! the potentials of its chains and of every distinct inner chain they use
//! (so nested hints climb to 11.9 and beyond). SE tries the levels in order
//! and takes the lowest-rated hint of the first level that has one, then
//! the least complex, then by kind, then the first found; so does this.
//!
//! Cost: a level's search runs a chaining from each candidate on and off
//! and from every place of each value in each region, and every chaining
//! runs the level's inner searches each time it runs dry, so a level-2
//! search is some thousand inner forcing-chain searches. The engine
//! ([`engine`](self)) works on bitboards, follows SE's order exactly, and
//! keeps every inner search in a memo keyed by the working copy's
//! candidates, which many chainings share. A work budget stops a search; the
//! rating is then a lower bound.
//!
//! Where the source is read differently: SE keeps the removals of a
//! pointing, pair or X-wing hint in a hash map keyed by cells whose order
//! follows Java object identities (not reproducible, not even from one JVM
//! to the next in principle); they are taken here in increasing cell order.
//! This can change which path a chain records (so its length) when two
//! removals of one such hint lead to the same potential.

use std::fmt::Write as _;

use super::explain::{Chain, Forcing, Reason};
use super::{Step, Technique, cell_name, region_name};
use crate::candidates::Board;
use crate::grid::Size;
use crate::mask::Mask;

pub(crate) mod engine;
pub(crate) mod grid;
pub(crate) mod links;
pub(crate) mod multiple;
pub(crate) mod rules;
pub(crate) mod unary;

use engine::{Engine, cause, tenths};

use engine::Kind;
use grid::{Cands, Fixed, Pot, cell_of, is_on, v0_of};
use multiple::Outcome;

/// The highest nesting level (SE's last "experimental" producer).
pub const LEVELS: u8 = 5;

/// The technique of nesting level `level` (1 to 5).
pub fn technique(level: u8) -> Technique {
    match level {
        1 => Technique::DynamicForcingChainPlus,
        2 => Technique::NestedForcingChain,
        3 => Technique::NestedMultipleForcingChain,
        4 => Technique::NestedDynamicForcingChain,
        _ => Technique::NestedDynamicForcingChainPlus,
    }
}

/// SE's suffix of a level's name.
fn suffix(level: u8) -> String {
    match level {
        0 => String::new(),
        1 => " (+)".to_string(),
        2 => " (+ Forcing Chains)".to_string(),
        3 => " (+ Multiple Forcing Chains)".to_string(),
        4 => " (+ Dynamic Forcing Chains)".to_string(),
        l => format!(" (+ Dynamic Forcing Chains{})", suffix(l - 3)),
    }
}

/// A nested-chain hint as SE names and prints it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainHint {
    /// SE's name of the hint, e.g. "Dynamic Contradiction Forcing Chains
    /// (+ Forcing Chains)".
    pub name: String,
    /// SE's one-line summary, e.g. "r1c2.5 on ==> r4c4.6 both on & off".
    pub summary: String,
    /// The nesting level (1 to 5).
    pub level: u8,
    /// The complexity SE rates: the potentials of every chain, plus those
    /// of the distinct inner chains used.
    pub complexity: u32,
    /// Each chain, as SE lists it: "(n) If A (and B), then C (reason)",
    /// the initial assumption first.
    pub chains: Vec<Vec<String>>,
    /// The inner chains the chains use (SE's "nested forcing chains
    /// details"), each as SE names it, e.g. "Forcing Chain: r4c5.2 off"; a
    /// chain removal marked "(by a nested rule)" comes from one of them or
    /// from a pointing, claiming, pair or X-wing.
    pub nested: Vec<String>,
}

/// The budget-limited search state kept from one step to the next: the
/// engine and its memo of inner searches.
pub struct Nester {
    engine: Option<Engine>,
    limit: u64,
    ceiling: u8,
}

/// Why a search stopped: its work budget ran out while searching a
/// technique, or the technique's base is above the ceiling asked for
/// ([`Nester::with_ceiling`]); either way the step's rating is at least that
/// base.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cut {
    /// The least rating (tenths) of the technique being searched: 8.0
    /// (multiple forcing chains), 8.5 (dynamic), 9.0, 9.5, 10.0, 10.5 or
    /// 11.0 (nesting levels 1 to 5).
    pub floor: u8,
}

impl Nester {
    /// A search state with `work` as its budget, in units of work
    /// (potentials followed; about 30 million a second) over all the steps
    /// it takes.
    pub fn new(work: crate::solve::Budget) -> Nester {
        Nester {
            engine: None,
            limit: work.left(),
            ceiling: u8::MAX,
        }
    }

    /// Stops before any technique whose least rating exceeds `ceiling`
    /// (tenths): for a caller that only needs to know a rating is above it.
    pub fn with_ceiling(mut self, ceiling: u8) -> Nester {
        self.ceiling = ceiling;
        self
    }

    /// The work spent so far.
    pub fn spent(&self) -> u64 {
        self.engine.as_ref().map_or(0, |e| e.spent)
    }

    /// The first step SE would take on 9x9 `board` with multiple forcing
    /// chains, dynamic forcing chains, then the nested levels: `Ok(None)`
    /// when none finds one (SE would rate 20.0).
    pub fn find(&mut self, board: &Board) -> Result<Option<Step>, Cut> {
        debug_assert_eq!(board.size(), Size::S9);
        let fixed = Fixed::of(board);
        let limit = self.limit;
        let e = self
            .engine
            .get_or_insert_with(|| Engine::new(fixed.clone(), limit));
        e.refix(fixed);
        let grid = Cands::of(board);
        // (dynamic, level): multiple forcing chains, dynamic, levels 1-5.
        let stages = [(false, 0)]
            .into_iter()
            .chain((0..=LEVELS).map(|l| (true, l)));
        for (dynamic, level) in stages {
            let floor = tenths(multiple::base(dynamic, level));
            if floor > self.ceiling {
                return Err(Cut { floor });
            }
            let out = multiple::search(e, &grid, dynamic, level, false);
            if e.cut {
                e.recycle(out.search.chs);
                return Err(Cut { floor });
            }
            let found = out.best.is_some().then(|| step(e, dynamic, level, &out));
            e.recycle(out.search.chs);
            if found.is_some() {
                return Ok(found);
            }
        }
        Ok(None)
    }
}

fn pot_text(p: Pot) -> String {
    format!(
        "r{}c{}.{}",
        cell_of(p) / 9 + 1,
        cell_of(p) % 9 + 1,
        v0_of(p) + 1
    )
}

fn weak(p: Pot) -> String {
    format!(
        "r{}c{} {} {}",
        cell_of(p) / 9 + 1,
        cell_of(p) % 9 + 1,
        if is_on(p) {
            "contains"
        } else {
            "does not contain"
        },
        v0_of(p) + 1
    )
}

fn strong(p: Pot) -> String {
    format!(
        "r{}c{} {} {}",
        cell_of(p) / 9 + 1,
        cell_of(p) % 9 + 1,
        if is_on(p) {
            "must contain"
        } else {
            "cannot contain"
        },
        v0_of(p) + 1
    )
}

/// SE's listing of one chain (`getHtmlChain`): each potential after its
/// parents, numbered, with the rule that gives it.
fn listing(ch: &engine::Chaining, end: u32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut seen: Vec<Pot> = Vec::new();
    // Iterative post-order over parents, as SE's recursion.
    let mut stack: Vec<(u32, usize)> = vec![(end, 0)];
    while let Some(&mut (n, ref mut i)) = stack.last_mut() {
        let parents = ch.parents_of(n);
        if *i < parents.len() {
            let p = parents[*i];
            *i += 1;
            if !seen.contains(&ch.nodes[p as usize].pot) {
                stack.push((p, 0));
            }
            continue;
        }
        stack.pop();
        let node = ch.nodes[n as usize];
        if parents.is_empty() || seen.contains(&node.pot) {
            continue;
        }
        seen.push(node.pot);
        let mut s = format!("({}) If ", lines.len() + 1);
        for (k, &p) in parents.iter().enumerate().rev() {
            if k + 1 < parents.len() {
                s.push_str(if k == 0 { " and " } else { ", " });
            }
            let pp = ch.nodes[p as usize].pot;
            s.push_str(&weak(pp));
            match seen.iter().position(|&q| q == pp) {
                Some(i) if i + 1 < lines.len() => {
                    let _ = write!(s, " ({})", i + 1);
                }
                None => s.push_str(" (initial assumption)"),
                _ => {}
            }
        }
        let _ = write!(s, ", then {}", strong(node.pot));
        let why = match node.cause {
            cause::NAKED if is_on(node.pot) => " (only remaining possible value in the cell)",
            cause::NAKED => " (the cell can contain only one value)",
            cause::BOX | cause::ROW | cause::COLUMN if is_on(node.pot) => {
                " (only remaining possible position in the region)"
            }
            cause::BOX | cause::ROW | cause::COLUMN => {
                " (the value can occur only once in the region)"
            }
            cause::ADVANCED => " (by a nested rule)",
            _ => "",
        };
        s.push_str(why);
        lines.push(s);
    }
    lines
}

/// SE's `toString` of an inner chain.
fn desc_text(d: &engine::Desc) -> String {
    use engine::Desc;
    let state = |p: Pot| if is_on(p) { "on" } else { "off" };
    match *d {
        Desc::Forcing { target, y, x } => {
            let name = match (y, x) {
                (true, true) => "Forcing Chain",
                (true, false) => "Forcing Y-Chain",
                _ => "Forcing X-Chain",
            };
            format!("{name}: {} {}", pot_text(target), state(target))
        }
        Desc::Cycle { start, y, x, len } => {
            let name = match (y, x) {
                (true, true) => "Bidirectional Cycle",
                (true, false) => "Bidirectional Y-Cycle",
                _ => "Bidirectional X-Cycle",
            };
            format!(
                "{name}: through {} ({len} potentials)",
                cell_name(Size::S9, cell_of(start))
            )
        }
        Desc::Chains {
            dynamic,
            level,
            kind,
            target,
        } => {
            let prefix = if dynamic { "Dynamic " } else { "" };
            let (what, from) = match kind {
                Kind::Contradiction(src) => (
                    "Contradiction Forcing",
                    format!("{} {}", pot_text(src), state(src)),
                ),
                Kind::Double(src) => ("Double Forcing", format!("{} on & off", pot_text(src))),
                Kind::Cell(c) => ("Cell Forcing", cell_name(Size::S9, usize::from(c))),
                Kind::Region(r, v0) => (
                    "Region Forcing",
                    format!("{} in {}", v0 + 1, region_name(Size::S9, usize::from(r))),
                ),
            };
            format!(
                "{prefix}{what} Chains{}: {from} ==> {} {}",
                suffix(level),
                pot_text(target),
                state(target)
            )
        }
    }
}

/// Every hint of the simple inner rule `rule` (locking, pairs, X-wings)
/// on `work` that depends on what a chaining removed (`diff`, per value),
/// in SE's order. The engine asks here, so that it imports no rule.
fn simple_hints(
    rule: engine::Rule,
    work: &Cands,
    fixed: &Fixed,
    diff: &[u128; 9],
) -> Vec<engine::InnerHint> {
    use engine::Rule;
    match rule {
        Rule::Locking => rules::locking(work, diff),
        Rule::HiddenPair => rules::hidden_pairs(work, fixed, diff),
        Rule::NakedPair => rules::naked_pairs(work, fixed, diff),
        Rule::XWing => rules::x_wings(work, fixed, diff),
        _ => unreachable!("chaining rules run in chain_hints()"),
    }
}

/// Every hint of the chaining inner rule `rule` (forcing chains, multiple
/// and dynamic forcing chains) on `work`, in SE's order.
fn chain_hints(e: &mut Engine, rule: engine::Rule, work: &Cands) -> Vec<engine::InnerHint> {
    use engine::Rule;
    match rule {
        Rule::Forcing => unary::all(e, work),
        Rule::Multiple => multiple::all(e, work, false, 0),
        Rule::Dynamic(level) => multiple::all(e, work, true, level),
        _ => unreachable!("simple rules run in simple_hints()"),
    }
}

/// `summary` (a [`ChainHint`]'s) with its values written as `symbol` gives
/// them: the digit after each `.` (`r4c5.7`), and the value that opens a
/// region forcing summary (`7 in box 3 ==> ...`).
pub fn in_symbols(summary: &str, symbol: &dyn Fn(u8) -> char) -> String {
    let value = |c: char| match c.to_digit(10) {
        Some(d @ 1..=9) => symbol(d as u8),
        _ => c,
    };
    let mut out = String::with_capacity(summary.len());
    let mut prev = None;
    for (i, c) in summary.char_indices() {
        let is_value = prev == Some('.') || (i == 0 && summary[1..].starts_with(" in "));
        out.push(if is_value { value(c) } else { c });
        prev = Some(c);
    }
    out
}

/// The chain of chaining `ch` ending at node `n`, link by link, each
/// with its reason; an inner rule's removal named by the rule, an inner
/// chain's by its technique and what it proves.
fn chain_of(e: &Engine, ch: &engine::Chaining, n: u32) -> Chain {
    Chain::from_graph(
        n,
        |m| {
            let p = ch.nodes[m as usize].pot;
            (cell_of(p), v0_of(p) as u8 + 1, is_on(p))
        },
        |m| {
            let node = ch.nodes[m as usize];
            match node.cause {
                cause::INITIAL => Reason::Assumption,
                cause::NAKED => Reason::Cell,
                cause::BOX | cause::ROW | cause::COLUMN => {
                    Reason::Unit(engine::cause_region(node.cause, cell_of(node.pot)))
                }
                _ => inner_reason(e, node.nested),
            }
        },
        |m| ch.parents_of(m).to_vec(),
    )
}

/// The reason of a removal by an inner rule: the rule's name, and for an
/// inner chain what it proves.
fn inner_reason(e: &Engine, nested: u32) -> Reason {
    let simple = |name: &str| Reason::Technique(name.to_string());
    match nested {
        engine::BY_LOCKING => simple("pointing or claiming"),
        engine::BY_HIDDEN_PAIR => simple("hidden pair"),
        engine::BY_NAKED_PAIR => simple("naked pair"),
        engine::BY_X_WING => simple("x-wing"),
        id if engine::is_chain(id) => match e.nested[id as usize].desc {
            engine::Desc::Forcing { y, x, .. } => Reason::Technique(
                match (y, x) {
                    (true, true) => "forcing chain",
                    (true, false) => "forcing y-chain",
                    _ => "forcing x-chain",
                }
                .to_string(),
            ),
            engine::Desc::Cycle { start, y, x, .. } => {
                let t = match (y, x) {
                    (true, true) => Technique::Cycle,
                    (true, false) => Technique::YCycle,
                    _ => Technique::XCycle,
                };
                Reason::Technique(format!(
                    "{} through {}",
                    t.words(),
                    cell_name(Size::S9, cell_of(start))
                ))
            }
            engine::Desc::Chains {
                dynamic,
                level,
                kind,
                ..
            } => {
                let t = match (dynamic, level) {
                    (false, _) => Technique::MultipleForcingChain,
                    (true, 0) => Technique::DynamicForcingChain,
                    _ => technique(level),
                };
                let k = match kind {
                    Kind::Contradiction(_) => "contradiction",
                    Kind::Double(_) => "double forcing",
                    Kind::Cell(_) => "cell forcing",
                    Kind::Region(..) => "unit forcing",
                };
                Reason::Technique(format!("{} ({k})", t.words()))
            }
        },
        _ => simple("an inner rule"),
    }
}

fn step(e: &mut Engine, dynamic: bool, level: u8, out: &Outcome) -> Step {
    let f = out.best.as_ref().expect("a hint");
    let rating = tenths(f.diff);
    let t = match (dynamic, level) {
        (false, _) => Technique::MultipleForcingChain,
        (true, 0) => Technique::DynamicForcingChain,
        _ => technique(level),
    };
    let mut s = Step::new(t, rating);
    let cell = usize::from(f.cell);
    let mask = Mask(u32::from(f.mask));
    if is_on(f.target) {
        s.place = Some((cell, v0_of(f.target) as u8 + 1));
    }
    s.removes = vec![(cell, mask)];
    s.cells = vec![cell];
    s.forcing = Some(match f.kind {
        Kind::Contradiction(src) => {
            Forcing::Contradiction(cell_of(src), v0_of(src) as u8 + 1, is_on(src))
        }
        Kind::Double(src) => Forcing::Double(cell_of(src), v0_of(src) as u8 + 1),
        Kind::Cell(c) => Forcing::Cell(usize::from(c)),
        Kind::Region(r, v0) => Forcing::Unit(usize::from(r), v0 + 1),
    });
    s.chains = f
        .targets
        .get()
        .iter()
        .map(|&(c, n)| chain_of(e, &out.search.chs[c as usize], n))
        .collect();
    if level == 0 {
        return s;
    }
    let (kind_name, summary) = match f.kind {
        Kind::Contradiction(src) => {
            let (c, n) = f.targets.get()[1];
            let off = out.search.chs[c as usize].nodes[n as usize].pot;
            (
                "Contradiction Forcing",
                format!(
                    "{} {} ==> {} both on & off",
                    pot_text(src),
                    if is_on(src) { "on" } else { "off" },
                    pot_text(off)
                ),
            )
        }
        Kind::Double(src) => (
            "Double Forcing",
            format!(
                "{} on & off ==> {} {}",
                pot_text(src),
                pot_text(f.target),
                if is_on(f.target) { "on" } else { "off" }
            ),
        ),
        Kind::Cell(c) => (
            "Cell Forcing",
            format!(
                "{} ==> {} {}",
                cell_name(Size::S9, usize::from(c)),
                pot_text(f.target),
                if is_on(f.target) { "on" } else { "off" }
            ),
        ),
        Kind::Region(r, v0) => (
            "Region Forcing",
            format!(
                "{} in {} ==> {} {}",
                v0 + 1,
                region_name(Size::S9, usize::from(r)),
                pot_text(f.target),
                if is_on(f.target) { "on" } else { "off" }
            ),
        ),
    };
    let chains = f
        .targets
        .get()
        .iter()
        .map(|&(c, n)| listing(&out.search.chs[c as usize], n))
        .collect();
    // The distinct inner chains behind the hint, in SE's order.
    let mut nested: Vec<String> = Vec::new();
    let mut fps: Vec<u128> = Vec::new();
    for &(c, n) in f.targets.get() {
        let ch = &out.search.chs[c as usize];
        multiple::walk(ch, e, n);
        for &m in &e.list {
            let id = ch.nodes[m as usize].nested;
            if engine::is_chain(id) {
                let info = e.nested[id as usize];
                if !fps.contains(&info.fp) {
                    fps.push(info.fp);
                    nested.push(desc_text(&info.desc));
                }
            }
        }
    }
    s.hint = Some(Box::new(ChainHint {
        name: format!("Dynamic {kind_name} Chains{}", suffix(level)),
        summary,
        level,
        complexity: f.complexity,
        chains,
        nested,
    }));
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::techniques::{chains, forcing, next_step};

    /// A nested step's summary in the run's symbols: the values after the
    /// dots and a region forcing's opening value change; cell, box, row
    /// and column numbers do not.
    #[test]
    fn summaries_take_the_runs_symbols() {
        let letter = |v: u8| char::from(b'A' + v - 1);
        assert_eq!(
            in_symbols("r4c5 ==> r6c2.7 on", &letter),
            "r4c5 ==> r6c2.G on"
        );
        assert_eq!(
            in_symbols("3 in row 6 ==> r6c5.4 off", &letter),
            "C in row 6 ==> r6c5.D off"
        );
        assert_eq!(
            in_symbols("r1c2.5 on ==> r4c4.6 both on & off", &letter),
            "r1c2.E on ==> r4c4.F both on & off"
        );
    }

    /// Puzzles of the magictour top 1465 that need forcing chains, Nishio,
    /// multiple and dynamic chains (SE 8.3 to 9.4 as rated by sudogen, which
    /// agrees with SE there).
    const CHAINED: [&str; 8] = [
        "......8...7..9..1...3..7..51..6......5..2..4...8..9..74.....2...6..1..5......6..3",
        "....97...8..3....1...86.3....16...9....9.26.35........3.2...4.7.5.7..8..7........",
        "38.6.......9.......2..3.51......5....3..1..6....4......17.5..8.......9.......7.32",
        "......41.9..3.....3...5.....48..7..........52.1.......6..2....5.7....8......9....",
        "3....4..6....2..7..658....113.5..9..6..2.1.....9.........9..7.48...........46..32",
        ".5..9......12.......6..73.8....2...4...98...53.....91.7.....6...4.8..1..1.8.7....",
        "....3..715..4.2............2..6..4...38.7..............7..8..1.6..5..2...........",
        "...7..4....6.8..3..1....2.51....6.9....5.73.6....3....8....9.........7.2..7..4.5.",
    ];

    /// The removals of a step, as (cell, mask) pairs, the placed cell's
    /// other values included.
    fn removals(step: &Step) -> Vec<(usize, u32)> {
        let mut r: Vec<(usize, u32)> = step.removes.iter().map(|&(c, m)| (c, m.0)).collect();
        r.sort_unstable();
        r
    }

    /// The level-0 searches of the nested engine (static multiple forcing
    /// chains, dynamic forcing chains, and the first hint of its forcing
    /// chains and cycles) agree with sudogen's own searches of SE's chains
    /// (checked against SE on 21,375 puzzles) at every step of the paths of
    /// puzzles that need them.
    #[test]
    fn level_zero_agrees_with_the_verified_chains() {
        let mut compared = [0usize; 3];
        for p in CHAINED {
            let mut board = Board::new(&Grid::parse_line(p.as_bytes(), None).unwrap()).unwrap();
            let mut e = Engine::new(Fixed::of(&board), u64::MAX);
            while board.empty_cells() > 0 {
                let Some(step) = next_step(&board) else { break };
                if step.rating >= 65 {
                    e.refix(Fixed::of(&board));
                    let g = Cands::of(&board);
                    for (k, kind) in [(1, forcing::Kind::Multiple), (2, forcing::Kind::Dynamic)] {
                        let theirs = forcing::find(&board, kind);
                        let out = multiple::search(&mut e, &g, k == 2, 0, false);
                        let ours = out.best.as_ref().map(|f| {
                            let mut r = vec![(usize::from(f.cell), u32::from(f.mask))];
                            r.sort_unstable();
                            (tenths(f.diff), r)
                        });
                        let theirs = theirs.map(|s| (s.rating, removals(&s)));
                        assert_eq!(ours, theirs, "{p} kind {k}");
                        compared[k] += 1;
                        e.recycle(out.search.chs);
                    }
                    let first = unary::first(&mut e, &g);
                    let theirs = chains::find(&board).map(|s| (s.rating, removals(&s)));
                    assert_eq!(first, theirs, "{p} forcing chains");
                    compared[0] += 1;
                }
                step.apply(&mut board);
            }
        }
        assert!(compared.iter().all(|&c| c >= 20), "{compared:?}");
    }
}
