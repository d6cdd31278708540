//! Human solving techniques, one file each, in the order and with the
//! ratings of Sudoku Explainer (SE) 1.2.1, the scale puzzle enthusiasts use.
//!
//! Each technique looks at a [`Board`] (the pencil marks) and returns the
//! first [`Step`] it finds, or `None`. [`next_step`] asks them in SE's
//! order, simplest first, and returns the first step found: the step SE's
//! rater would take. A step either places a value (singles, and the
//! "direct" techniques, which SE counts only when they end in a single) or
//! removes candidates.
//!
//! The techniques are written for every size, and read their units from
//! the board's shape, so rectangular boxes, X, Hyper and Jigsaw work too;
//! SE defines ratings for classic 9x9 only, so elsewhere the numbers name
//! the technique level, not an SE rating. Where a technique's rule does
//! not carry over to a shape it is skipped ([`scope`] says which apply).
//! SE's chaining techniques (forcing X- and XY-chains and cycles, aligned
//! triplet exclusion, Nishio, multiple and dynamic forcing chains) are
//! searched on classic 4x4 and 9x9 only; [`next_step`] stops there and
//! returns `None` where only nested forcing chains (SE 9.0 and up) would
//! apply. [`next_step_nested`] goes on to them on classic 9x9 ([`nested`]):
//! the whole SE scale.

use std::fmt::Write as _;

use crate::candidates::Board;
use crate::grid::{Shape, Size};
use crate::mask::Mask;

pub mod aligned_pair;
pub mod aligned_triple;
pub mod bug;
pub mod chains;
pub mod explain;
pub mod fish;
pub mod forcing;
pub mod hidden_set;
pub mod hidden_single;
pub mod locking;
pub mod naked_set;
pub mod naked_single;
pub mod nested;
pub mod unique_loop;
pub mod xy_wing;

/// A solving technique, in SE's order of preference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// The last empty cell of a row, column or box (SE 1.0).
    FullHouse,
    /// A value with one place left in a box (1.2) or a line (1.5).
    HiddenSingle,
    /// Pointing that leaves a hidden single (1.7).
    DirectPointing,
    /// Claiming that leaves a hidden single (1.9).
    DirectClaiming,
    /// A hidden pair whose removals leave a hidden single (2.0).
    DirectHiddenPair,
    /// A cell with one candidate left (2.3).
    NakedSingle,
    /// A hidden triple whose removals leave a hidden single (2.5).
    DirectHiddenTriple,
    /// A box's candidates for a value all in one line (2.6).
    Pointing,
    /// A line's candidates for a value all in one box (2.8).
    Claiming,
    /// Two cells of a unit holding the same two candidates only (3.0).
    NakedPair,
    /// Fish of two lines (3.2).
    XWing,
    /// Two values confined to the same two cells of a unit (3.4).
    HiddenPair,
    /// Three cells of a unit holding three candidates between them (3.6).
    NakedTriple,
    /// Fish of three lines (3.8).
    Swordfish,
    /// Three values confined to three cells of a unit (4.0).
    HiddenTriple,
    /// A bivalue pivot and two pincers (4.2).
    XYWing,
    /// A trivalue pivot and two pincers (4.4).
    XYZWing,
    /// A deadly pattern of four cells avoided (4.5 and up by type).
    UniqueRectangle,
    /// A deadly pattern of six or more cells avoided (4.6 and up).
    UniqueLoop,
    /// Four cells of a unit holding four candidates between them (5.0).
    NakedQuad,
    /// Fish of four lines (5.2).
    Jellyfish,
    /// Four values confined to four cells of a unit (5.4).
    HiddenQuad,
    /// Bivalue universal grave avoided (5.6 and up by type).
    Bug,
    /// Pairs of values two cells cannot hold together (6.2).
    AlignedPairExclusion,
    /// A loop of X links (one value) returning to its start (6.5 and up).
    XCycle,
    /// A loop of Y links (bivalue cells) returning to its start (6.5 and up).
    YCycle,
    /// A loop of X and Y links returning to its start (7.0 and up).
    Cycle,
    /// A chain of X links from a candidate to its own opposite (6.6 and up).
    ForcingXChain,
    /// A chain of X and Y links from a candidate to its own opposite (7.0
    /// and up).
    ForcingChain,
    /// Triples of values three cells cannot hold together (7.5).
    AlignedTripletExclusion,
    /// An assumption that leads to a contradiction, on a dynamic chaining
    /// of X links (7.5 and up).
    Nishio,
    /// A consequence common to every value of a cell or every place of a
    /// value in a unit (8.0 and up).
    MultipleForcingChain,
    /// Contradiction, double, cell and unit forcing on dynamic chainings
    /// (8.5 and up).
    DynamicForcingChain,
    /// Dynamic forcing chains whose chainings also use pointing, claiming,
    /// pairs and X-wings on their working copy (SE's "Dynamic Forcing
    /// Chains (+)", 9.0 and up).
    DynamicForcingChainPlus,
    /// Nesting level 2: chainings also use forcing chains (SE's "(+ Forcing
    /// Chains)", 9.5 and up).
    NestedForcingChain,
    /// Nesting level 3: chainings also use multiple forcing chains (10.0
    /// and up).
    NestedMultipleForcingChain,
    /// Nesting level 4: chainings also use dynamic forcing chains (10.5 and
    /// up).
    NestedDynamicForcingChain,
    /// Nesting level 5: chainings also use level-2 nested chains (11.0 and
    /// up).
    NestedDynamicForcingChainPlus,
}

impl Technique {
    /// The name used in output: lower case, words joined by `-`, so a line
    /// record stays one field per item.
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "full-house",
            Technique::HiddenSingle => "hidden-single",
            Technique::DirectPointing => "direct-pointing",
            Technique::DirectClaiming => "direct-claiming",
            Technique::DirectHiddenPair => "direct-hidden-pair",
            Technique::NakedSingle => "naked-single",
            Technique::DirectHiddenTriple => "direct-hidden-triple",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked-pair",
            Technique::XWing => "x-wing",
            Technique::HiddenPair => "hidden-pair",
            Technique::NakedTriple => "naked-triple",
            Technique::Swordfish => "swordfish",
            Technique::HiddenTriple => "hidden-triple",
            Technique::XYWing => "xy-wing",
            Technique::XYZWing => "xyz-wing",
            Technique::UniqueRectangle => "unique-rectangle",
            Technique::UniqueLoop => "unique-loop",
            Technique::NakedQuad => "naked-quad",
            Technique::Jellyfish => "jellyfish",
            Technique::HiddenQuad => "hidden-quad",
            Technique::Bug => "bug",
            Technique::AlignedPairExclusion => "aligned-pair-exclusion",
            Technique::XCycle => "x-cycle",
            Technique::YCycle => "y-cycle",
            Technique::Cycle => "xy-cycle",
            Technique::ForcingXChain => "forcing-x-chain",
            Technique::ForcingChain => "forcing-chain",
            Technique::AlignedTripletExclusion => "aligned-triplet-exclusion",
            Technique::Nishio => "nishio",
            Technique::MultipleForcingChain => "multiple-forcing-chain",
            Technique::DynamicForcingChain => "dynamic-forcing-chain",
            Technique::DynamicForcingChainPlus => "dynamic-forcing-chain-plus",
            Technique::NestedForcingChain => "nested-forcing-chain",
            Technique::NestedMultipleForcingChain => "nested-multiple-forcing-chain",
            Technique::NestedDynamicForcingChain => "nested-dynamic-forcing-chain",
            Technique::NestedDynamicForcingChainPlus => "nested-dynamic-forcing-chain-plus",
        }
    }

    /// The name in words, for explanations: lower case, as
    /// [`Technique::name`] with spaces between words (`x-wing`, `forcing
    /// x-chain`, `dynamic forcing chain (+)`).
    pub fn words(self) -> String {
        match self {
            Technique::XWing => "x-wing".to_string(),
            Technique::XYWing => "xy-wing".to_string(),
            Technique::XYZWing => "xyz-wing".to_string(),
            Technique::XCycle => "bidirectional x-cycle".to_string(),
            Technique::YCycle => "bidirectional y-cycle".to_string(),
            Technique::Cycle => "bidirectional cycle".to_string(),
            Technique::ForcingXChain => "forcing x-chain".to_string(),
            Technique::DynamicForcingChainPlus => "dynamic forcing chain (+)".to_string(),
            Technique::NestedForcingChain => "nested forcing chain (+ forcing chains)".to_string(),
            Technique::NestedMultipleForcingChain => {
                "nested forcing chain (+ multiple forcing chains)".to_string()
            }
            Technique::NestedDynamicForcingChain => {
                "nested forcing chain (+ dynamic forcing chains)".to_string()
            }
            Technique::NestedDynamicForcingChainPlus => {
                "nested forcing chain (+ dynamic forcing chains (+ forcing chains))".to_string()
            }
            t => t.name().replace('-', " "),
        }
    }

    /// How many lines a fish of this technique has in its base (and in its
    /// cover): 2, 3, 4; 0 for other techniques.
    pub fn fish_degree(self) -> usize {
        match self {
            Technique::XWing => 2,
            Technique::Swordfish => 3,
            Technique::Jellyfish => 4,
            _ => 0,
        }
    }
}

/// One step of a solution path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique used.
    pub technique: Technique,
    /// Its rating in tenths of the SE scale (23 = 2.3).
    pub rating: u8,
    /// The value placed, if the step places one: (cell, value).
    pub place: Option<(usize, u8)>,
    /// The candidates removed: (cell, values).
    pub removes: Vec<(usize, Mask)>,
    /// The cells that make the pattern.
    pub cells: Vec<usize>,
    /// The values the pattern is about.
    pub values: Mask,
    /// The units the pattern lies in (box `0..n`, row `n..2n`, column
    /// `2n..3n`).
    pub regions: Vec<usize>,
    /// For chains: the implications in order, each (cell, value, on).
    pub chain: Vec<(usize, u8, bool)>,
    /// For nested forcing chains (SE 9.0 and up): the hint as SE names and
    /// lists it.
    pub hint: Option<Box<nested::ChainHint>>,
    /// For chaining techniques: every chain of the step, link by link with
    /// the reason of each (the explanation; `chain` keeps the bare links
    /// of forcing chains and cycles).
    pub chains: Vec<explain::Chain>,
    /// For Nishio, multiple and dynamic forcing chains and the nested
    /// levels: what the chains start from.
    pub forcing: Option<explain::Forcing>,
    /// The pattern's type, where the technique has several: `type 2`,
    /// `type 3 with a naked pair` (unique rectangles and loops, BUG).
    pub kind: Option<String>,
    /// The name HoDoKu and SudokuWiki give the pattern, where it has a
    /// well-known one of its own (`skyscraper`, `2-string kite`, `W-wing`):
    /// written beside SE's name; the rating stays SE's.
    pub known_as: Option<&'static str>,
}

impl Step {
    /// A step with nothing filled in but the technique and rating.
    pub(crate) fn new(technique: Technique, rating: u8) -> Step {
        Step {
            technique,
            rating,
            place: None,
            removes: Vec::new(),
            cells: Vec::new(),
            values: Mask::EMPTY,
            regions: Vec::new(),
            chain: Vec::new(),
            hint: None,
            chains: Vec::new(),
            forcing: None,
            kind: None,
            known_as: None,
        }
    }

    /// Applies the step to `board`.
    pub fn apply(&self, board: &mut Board) {
        if let Some((cell, v)) = self.place {
            board.place(cell, v);
        }
        for &(cell, values) in &self.removes {
            for v in values.iter() {
                board.remove(cell, v);
            }
        }
    }

    /// The step in words a person can follow, e.g. "hidden single in box 3:
    /// r2c7 = 5" or "X-wing on 4 in rows 2, 7: removes 4 from r5c3", on a
    /// grid of `shape` (a size, or a size and variant, whose units name
    /// the regions).
    pub fn describe(&self, shape: impl Into<Shape>) -> String {
        let shape = shape.into();
        let size = shape.size();
        self.describe_in(shape, &|v| char::from(size.symbol(v)))
    }

    /// [`Step::describe`], each value written as `symbol` gives it (the
    /// symbols of the run: letters for 16x16, another alphabet).
    pub fn describe_in(&self, shape: impl Into<Shape>, symbol: &dyn Fn(u8) -> char) -> String {
        let shape = shape.into();
        let size = shape.size();
        let value_list = |values: Mask| -> String {
            let v: Vec<String> = values.iter().map(|v| symbol(v).to_string()).collect();
            v.join(",")
        };
        let mut s = self.pattern(shape, symbol);
        s.push(':');
        if let Some((cell, v)) = self.place {
            let _ = write!(s, " {} = {}", cell_name(size, cell), symbol(v));
        }
        if !self.removes.is_empty() {
            if self.place.is_some() {
                s.push(',');
            }
            s.push_str(" removes ");
            let parts: Vec<String> = self
                .removes
                .iter()
                .map(|&(c, m)| format!("{} from {}", value_list(m), cell_name(size, c)))
                .collect();
            s.push_str(&parts.join(", "));
        }
        s
    }

    /// The pattern part of [`Step::describe_in`]: technique (with its type
    /// and its HoDoKu name), values, units, cells and chains.
    fn pattern(&self, shape: Shape, symbol: &dyn Fn(u8) -> char) -> String {
        let size = shape.size();
        let value_list = |values: Mask| -> String {
            let v: Vec<String> = values.iter().map(|v| symbol(v).to_string()).collect();
            v.join(",")
        };
        let cell_list = |cells: &[usize]| -> String {
            let v: Vec<String> = cells.iter().map(|&c| cell_name(size, c)).collect();
            v.join(", ")
        };
        let mut s = self.technique.words();
        if let Some(kind) = &self.kind {
            let _ = write!(s, " {kind}");
        }
        if let Some(name) = self.known_as {
            let _ = write!(s, " ({name})");
        }
        if !self.values.is_empty() {
            let _ = write!(s, " on {}", value_list(self.values));
        }
        let degree = self.technique.fish_degree();
        if degree > 0 && self.regions.len() == 2 * degree {
            let _ = write!(
                s,
                " with base {} and cover {}",
                region_list(&shape, &self.regions[..degree]),
                region_list(&shape, &self.regions[degree..])
            );
        } else if !self.regions.is_empty() {
            let _ = write!(s, " in {}", region_list(&shape, &self.regions));
        }
        let aligned = match self.technique {
            Technique::AlignedPairExclusion => 2,
            Technique::AlignedTripletExclusion => 3,
            _ => 0,
        };
        if aligned > 0 && self.cells.len() >= aligned {
            let _ = write!(s, " at {}", cell_list(&self.cells[..aligned]));
            if self.cells.len() > aligned {
                let _ = write!(
                    s,
                    " with excluding cells {}",
                    cell_list(&self.cells[aligned..])
                );
            }
        } else if let Some(forcing) = &self.forcing {
            let _ = write!(s, ", {}", forcing.describe(shape.clone(), symbol));
        } else if !self.cells.is_empty() {
            let _ = write!(s, " at {}", cell_list(&self.cells));
        }
        if !self.chains.is_empty() {
            let chains: Vec<String> = self
                .chains
                .iter()
                .map(|c| c.describe(shape.clone(), symbol))
                .collect();
            // `|` between chains: `;` parts the steps of a CSV path.
            let _ = write!(s, ": {}", chains.join(" | "));
        } else if !self.chain.is_empty() {
            let links: Vec<String> = self
                .chain
                .iter()
                .map(|&(c, v, on)| explain::pot_name(shape.clone(), c, v, on, symbol))
                .collect();
            let _ = write!(s, " {}", links.join(" → "));
        }
        s
    }

    /// The cells a hint points at: the pattern's cells, the cells of its
    /// chains' links, and the cells it fills or clears, each once, in that
    /// order.
    pub fn hint_cells(&self) -> Vec<usize> {
        let mut cells: Vec<usize> = Vec::new();
        let mut add = |c: usize| {
            if !cells.contains(&c) {
                cells.push(c);
            }
        };
        self.cells.iter().for_each(|&c| add(c));
        self.chain.iter().for_each(|&(c, _, _)| add(c));
        self.chains
            .iter()
            .flat_map(|ch| &ch.links)
            .for_each(|l| add(l.cell));
        self.place.iter().for_each(|&(c, _)| add(c));
        self.removes.iter().for_each(|&(c, _)| add(c));
        cells
    }
}

/// A set of `n` cells or values in words: `pair`, `triple`, `quad`, `set of 5`.
pub(crate) fn set_name(n: usize) -> String {
    match n {
        2 => "pair".to_string(),
        3 => "triple".to_string(),
        4 => "quad".to_string(),
        n => format!("set of {n}"),
    }
}

/// `r2c7`: a cell named by its row and column, 1-based.
pub fn cell_name(size: Size, cell: usize) -> String {
    let n = size.side();
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

/// `box 3`, `row 2`, `column 7`, `region 4`, `the diagonal`, `window 2`:
/// a unit named for people.
pub fn region_name(shape: impl Into<Shape>, region: usize) -> String {
    shape.into().geometry().kind(region).to_string()
}

fn region_list(shape: &Shape, regions: &[usize]) -> String {
    let names: Vec<String> = regions.iter().map(|&r| region_name(shape, r)).collect();
    names.join(", ")
}

/// The first step SE's rater would take on `board`, or `None` when no
/// implemented technique applies (SE would go on to chains, rated 6.5 and
/// up). On shapes other than the classic ones the techniques that do not
/// carry over are skipped (see [`scope`]).
pub fn next_step(board: &Board) -> Option<Step> {
    simple(board).or_else(|| chained(board))
}

/// The first step SE's rater would take on `board`, SE's whole scale
/// included: on classic 9x9, where sudogen's other techniques run out, multiple
/// and dynamic forcing chains and the nested levels come from `nester`
/// (which keeps its memo from one step to the next, and its work budget);
/// `Err` when that budget runs out. Elsewhere as [`next_step`].
pub fn next_step_nested(
    board: &Board,
    nester: &mut nested::Nester,
) -> Result<Option<Step>, nested::Cut> {
    if board.size() != Size::S9 || !board.shape().is_classic() {
        return Ok(next_step(board));
    }
    if let Some(step) = simple(board)
        .or_else(|| chains::find(board))
        .or_else(|| aligned_triple::find(board))
        .or_else(|| forcing::find(board, forcing::Kind::Nishio))
    {
        return Ok(Some(step));
    }
    nester.find(board)
}

/// The techniques before chains, in SE's order.
fn simple(board: &Board) -> Option<Step> {
    let patterns = uniqueness_applies(board.shape());
    hidden_single::find(board)
        .or_else(|| locking::find(board, true))
        .or_else(|| hidden_set::find(board, 2, true))
        .or_else(|| naked_single::find(board))
        .or_else(|| hidden_set::find(board, 3, true))
        .or_else(|| locking::find(board, false))
        .or_else(|| naked_set::find(board, 2))
        .or_else(|| fish::find(board, 2))
        .or_else(|| hidden_set::find(board, 2, false))
        .or_else(|| naked_set::find(board, 3))
        .or_else(|| fish::find(board, 3))
        .or_else(|| hidden_set::find(board, 3, false))
        .or_else(|| xy_wing::find(board, false))
        .or_else(|| xy_wing::find(board, true))
        .or_else(|| patterns.then(|| unique_loop::find(board)).flatten())
        .or_else(|| naked_set::find(board, 4))
        .or_else(|| fish::find(board, 4))
        .or_else(|| hidden_set::find(board, 4, false))
        .or_else(|| patterns.then(|| bug::find(board)).flatten())
        .or_else(|| aligned_pair::find(board))
}

/// Whether the uniqueness patterns (unique rectangles and loops, BUG)
/// hold on `shape`: their deadly patterns swap values within two rows,
/// two columns and two boxes, which keeps every unit of a shape with
/// boxes and no variant, but not a diagonal or window through the cells,
/// nor irregular regions.
pub fn uniqueness_applies(shape: &Shape) -> bool {
    shape.is_plain() && shape.has_boxes()
}

/// Which techniques the rater uses on `shape`, in words: all of them on
/// the classic sizes (Sudoku Explainer's ratings are defined for classic
/// 9x9 only); elsewhere the ones whose rules carry over.
pub fn scope(shape: &Shape) -> &'static str {
    if chains_searched(shape) {
        "every technique, chains included"
    } else if uniqueness_applies(shape) {
        "singles, intersections, subsets, fish, wings, uniqueness patterns, BUG and aligned pairs; no chains (a puzzle needing them is rated 6.5 or more)"
    } else if shape.has_boxes() {
        "singles, intersections (with the variant's units too), subsets in every unit, fish, wings and aligned pairs; no uniqueness patterns, BUG or chains (a puzzle needing them is rated 6.5 or more)"
    } else {
        "singles, intersections of regions and lines, subsets, fish, wings and aligned pairs; no uniqueness patterns, BUG or chains (a puzzle needing them is rated 6.5 or more)"
    }
}

/// Whether chains are searched on this shape: the classic 4x4 and 9x9
/// only. Their breadth-first searches grow with cells times values
/// squared, seconds per step on a 25x25 board, and SE defines no rating
/// beyond classic 9x9; larger boards, and the other shapes and variants,
/// stop before them.
pub fn chains_searched(shape: impl Into<Shape>) -> bool {
    let shape = shape.into();
    shape.is_classic() && shape.side() <= 9
}

fn chained(board: &Board) -> Option<Step> {
    if chains_searched(board.shape()) {
        chains::find(board)
            .or_else(|| aligned_triple::find(board))
            .or_else(|| forcing::find(board, forcing::Kind::Nishio))
            .or_else(|| forcing::find(board, forcing::Kind::Multiple))
            .or_else(|| forcing::find(board, forcing::Kind::Dynamic))
    } else {
        None
    }
}

/// SE's length bonus, in tenths: one per threshold passed by the number of
/// potentials beyond two (4, 6, 8, 12, 16, 24, 32, ...).
pub(crate) fn length_bonus(complexity: usize) -> u8 {
    let length = complexity.saturating_sub(2);
    let (mut bonus, mut ceil, mut odd) = (0u8, 4usize, false);
    while length > ceil {
        bonus = bonus.saturating_add(1);
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    bonus
}

/// The cells of `region` whose positions are set in `bits`.
pub(crate) fn cells_at(
    board: &Board,
    region: usize,
    bits: u32,
) -> impl Iterator<Item = usize> + '_ {
    let mut bits = bits;
    std::iter::from_fn(move || {
        if bits == 0 {
            None
        } else {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(board.region_cell(region, k))
        }
    })
}

/// Calls `f` on every `k`-subset of `items` (`k` at most 8) in
/// lexicographic order of positions, until `f` returns `Some`; for `k` 0,
/// once on the empty subset.
pub(crate) fn first_subset<T: Copy, R>(
    items: &[T],
    k: usize,
    mut f: impl FnMut(&[T]) -> Option<R>,
) -> Option<R> {
    let n = items.len();
    if k == 0 {
        return f(&[]);
    }
    if k > n || k > 8 {
        return None;
    }
    let mut idx = [0usize; 8];
    for (i, slot) in idx.iter_mut().enumerate().take(k) {
        *slot = i;
    }
    let mut pick = [items[0]; 8];
    loop {
        for i in 0..k {
            pick[i] = items[idx[i]];
        }
        if let Some(r) = f(&pick[..k]) {
            return Some(r);
        }
        // Advance to the next subset.
        let mut i = k;
        loop {
            if i == 0 {
                return None;
            }
            i -= 1;
            if idx[i] < n - k + i {
                idx[i] += 1;
                for j in i + 1..k {
                    idx[j] = idx[j - 1] + 1;
                }
                break;
            }
        }
    }
}

/// The region types in SE's usual order for sets: boxes, columns, rows,
/// then a variant's units.
pub(crate) fn boxes_columns_rows(board: &Board) -> impl Iterator<Item = usize> {
    let n = board.size().side();
    (0..n)
        .chain(2 * n..3 * n)
        .chain(n..2 * n)
        .chain(3 * n..board.regions())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    /// An empty 9x9 board (every candidate everywhere), then `keep`: for
    /// each (row, col) pair, 1-based, the only candidates left there.
    fn board(keep: &[((usize, usize), &[u8])]) -> Board {
        let mut b = Board::new(&Grid::empty(Size::S9)).unwrap();
        for &((r, c), values) in keep {
            let cell = (r - 1) * 9 + (c - 1);
            for v in 1..=9 {
                if !values.contains(&v) {
                    b.remove(cell, v);
                }
            }
        }
        b
    }

    fn at(r: usize, c: usize) -> usize {
        (r - 1) * 9 + (c - 1)
    }

    /// Removes `v` from every cell of row `r` except the columns `keep`.
    fn confine_in_row(b: &mut Board, r: usize, v: u8, keep: &[usize]) {
        for c in 1..=9 {
            if !keep.contains(&c) {
                b.remove(at(r, c), v);
            }
        }
    }

    #[test]
    fn x_wing_on_two_rows_clears_the_two_columns() {
        let mut b = board(&[]);
        confine_in_row(&mut b, 1, 4, &[2, 7]);
        confine_in_row(&mut b, 5, 4, &[2, 7]);
        let step = fish::find(&b, 2).unwrap();
        assert_eq!((step.technique, step.rating), (Technique::XWing, 32));
        assert_eq!(step.regions, vec![9, 13, 19, 24]);
        assert_eq!(step.removes.len(), 14);
        assert!(
            step.removes
                .iter()
                .all(|&(c, m)| m == Mask::single(4) && (c % 9 == 1 || c % 9 == 6))
        );
        assert_eq!(
            step.describe(Size::S9).split(':').next(),
            Some("x-wing on 4 with base row 1, row 5 and cover column 2, column 7")
        );
        // No swordfish hides in it: three rows would need three columns.
        assert!(fish::find(&b, 3).is_none());
    }

    #[test]
    fn swordfish_and_jellyfish_clear_their_columns() {
        let mut b = board(&[]);
        // 4 in rows 1, 5, 9 only in columns 2, 5, 8 (two each).
        confine_in_row(&mut b, 1, 4, &[2, 5]);
        confine_in_row(&mut b, 5, 4, &[5, 8]);
        confine_in_row(&mut b, 9, 4, &[2, 8]);
        assert!(fish::find(&b, 2).is_none());
        let step = fish::find(&b, 3).unwrap();
        assert_eq!((step.technique, step.rating), (Technique::Swordfish, 38));
        // Columns 2, 5, 8 lose 4 in the other six rows.
        assert_eq!(step.removes.len(), 18);
        assert!(
            step.removes
                .iter()
                .all(|&(c, _)| [1, 4, 7].contains(&(c % 9)))
        );

        let mut b = board(&[]);
        // 7 in rows 1, 3, 6, 8 only in columns 1, 3, 5, 9, no three of
        // them in three columns.
        confine_in_row(&mut b, 1, 7, &[1, 3]);
        confine_in_row(&mut b, 3, 7, &[3, 5]);
        confine_in_row(&mut b, 6, 7, &[5, 9]);
        confine_in_row(&mut b, 8, 7, &[9, 1]);
        assert!(fish::find(&b, 3).is_none());
        let step = fish::find(&b, 4).unwrap();
        assert_eq!((step.technique, step.rating), (Technique::Jellyfish, 52));
        assert_eq!(step.removes.len(), 20);
    }

    #[test]
    fn hidden_quad_keeps_only_its_values() {
        let mut b = board(&[]);
        // 1, 2, 3, 4 in box 1 only in its first row and r2c1.
        for cell in [at(2, 2), at(2, 3), at(3, 1), at(3, 2), at(3, 3)] {
            for v in 1..=4 {
                b.remove(cell, v);
            }
        }
        assert!(hidden_set::find(&b, 3, false).is_none());
        let step = hidden_set::find(&b, 4, false).unwrap();
        assert_eq!((step.technique, step.rating), (Technique::HiddenQuad, 54));
        assert_eq!(step.cells, vec![at(1, 1), at(1, 2), at(1, 3), at(2, 1)]);
        let quad = Mask(0b1111);
        assert!(
            step.removes
                .iter()
                .all(|&(_, m)| m == Mask::full(9) & !quad)
        );
    }

    #[test]
    fn naked_and_hidden_pairs_are_found_in_the_first_box() {
        let b = board(&[((1, 1), &[1, 2]), ((1, 2), &[1, 2])]);
        let step = naked_set::find(&b, 2).unwrap();
        assert_eq!((step.technique, step.rating), (Technique::NakedPair, 30));
        assert_eq!(step.regions, vec![0]);
        assert_eq!(step.cells, vec![at(1, 1), at(1, 2)]);
        assert_eq!(step.removes.len(), 7);

        let mut b = board(&[]);
        for cell in [
            at(1, 3),
            at(2, 1),
            at(2, 2),
            at(2, 3),
            at(3, 1),
            at(3, 2),
            at(3, 3),
        ] {
            b.remove(cell, 1);
            b.remove(cell, 2);
        }
        let step = hidden_set::find(&b, 2, false).unwrap();
        assert_eq!((step.technique, step.rating), (Technique::HiddenPair, 34));
        let keep = Mask::single(1) | Mask::single(2);
        assert_eq!(
            step.removes,
            vec![
                (at(1, 1), !keep & Mask::full(9)),
                (at(1, 2), !keep & Mask::full(9))
            ]
        );
    }

    #[test]
    fn xy_wing_removes_z_where_both_pincers_see() {
        let b = board(&[((1, 1), &[1, 2]), ((1, 5), &[1, 3]), ((5, 1), &[2, 3])]);
        let step = xy_wing::find(&b, false).unwrap();
        assert_eq!((step.technique, step.rating), (Technique::XYWing, 42));
        assert_eq!(step.cells[0], at(1, 1));
        assert_eq!(step.removes, vec![(at(5, 5), Mask::single(3))]);
        assert!(xy_wing::find(&b, true).is_none());
    }

    #[test]
    fn pointing_removes_along_the_line() {
        let mut b = board(&[]);
        // 7 in box 1 only in row 2.
        for cell in [at(1, 1), at(1, 2), at(1, 3), at(3, 1), at(3, 2), at(3, 3)] {
            b.remove(cell, 7);
        }
        let step = locking::find(&b, false).unwrap();
        assert_eq!((step.technique, step.rating), (Technique::Pointing, 26));
        assert_eq!(step.regions, vec![0, 10]);
        assert_eq!(step.removes.len(), 6);
        // Direct pointing needs a hidden single to follow: none here.
        assert!(locking::find(&b, true).is_none());
    }

    /// Row 1's 7s lie in box 1, so box 1's other 7s go; row 2 is then left
    /// with one place for 7 (r2c4): direct claiming places it. (On a real
    /// board the band's third box would have its 7s in row 3 only, and
    /// direct pointing would come first; here it has none, so the claiming
    /// finder itself is what runs.)
    #[test]
    fn claiming_clears_the_box_and_direct_claiming_places_the_single() {
        let mut b = board(&[]);
        for r in 1..=3 {
            for c in 7..=9 {
                b.remove(at(r, c), 7);
            }
        }
        for cell in [at(1, 4), at(1, 5), at(1, 6), at(2, 5), at(2, 6)] {
            b.remove(cell, 7);
        }
        let step = locking::find(&b, true).unwrap();
        assert_eq!(
            (step.technique, step.rating),
            (Technique::DirectClaiming, 19)
        );
        assert_eq!(step.place, Some((at(2, 4), 7)));
        let step = locking::find(&b, false).unwrap();
        assert_eq!((step.technique, step.rating), (Technique::Claiming, 28));
        let mut removed: Vec<usize> = step.removes.iter().map(|&(c, _)| c).collect();
        removed.sort_unstable();
        let mut box1_rows_2_3: Vec<usize> = (2..=3)
            .flat_map(|r| (1..=3).map(move |c| at(r, c)))
            .collect();
        box1_rows_2_3.sort_unstable();
        assert_eq!(removed, box1_rows_2_3);
    }

    #[test]
    fn unique_rectangle_type_1_clears_the_pair_from_the_fourth_cell() {
        let b = board(&[
            ((1, 1), &[1, 2]),
            ((1, 2), &[1, 2]),
            ((5, 1), &[1, 2]),
            ((5, 2), &[1, 2, 3]),
        ]);
        let step = unique_loop::find(&b).unwrap();
        assert_eq!(
            (step.technique, step.rating),
            (Technique::UniqueRectangle, 45)
        );
        assert_eq!(
            step.removes,
            vec![(at(5, 2), Mask::single(1) | Mask::single(2))]
        );
        // Named with its type.
        assert_eq!(step.kind.as_deref(), Some("type 1"));
        assert_eq!(
            step.describe(Size::S9),
            "unique rectangle type 1 on 1,2 at r1c1, r1c2, r5c2, r5c1: removes 1,2 from r5c2"
        );
    }

    /// Removes `v` from every cell of column `c` except the rows `keep`.
    fn confine_in_column(b: &mut Board, c: usize, v: u8, keep: &[usize]) {
        for r in 1..=9 {
            if !keep.contains(&r) {
                b.remove(at(r, c), v);
            }
        }
    }

    /// The forcing chain found on `b`, its HoDoKu name and its text.
    fn chain_on(b: &Board) -> (Option<&'static str>, String) {
        let step = chains::find(b).expect("a chain");
        (step.known_as, step.describe(Size::S9))
    }

    /// Two strong links on 1 in rows 1 and 5 whose ends r1c2, r5c2 share a
    /// column: a skyscraper, named beside SE's forcing X-chain.
    #[test]
    fn a_skyscraper_is_named_beside_the_forcing_x_chain() {
        let mut b = board(&[]);
        confine_in_row(&mut b, 1, 1, &[2, 5]);
        confine_in_row(&mut b, 5, 1, &[2, 6]);
        let (name, text) = chain_on(&b);
        assert_eq!(name, Some("skyscraper"), "{text}");
        assert!(
            text.starts_with("forcing x-chain (skyscraper): r"),
            "{text}"
        );
    }

    /// A strong link in row 1 and one in column 1 whose ends r1c2, r3c1
    /// share box 1: a 2-string kite.
    #[test]
    fn a_two_string_kite_is_named() {
        let mut b = board(&[]);
        confine_in_row(&mut b, 1, 1, &[2, 7]);
        confine_in_column(&mut b, 1, 1, &[3, 7]);
        let (name, text) = chain_on(&b);
        assert_eq!(name, Some("2-string kite"), "{text}");
    }

    /// Bivalue r1c1 and r5c5 holding {1,2}, 2 in column 9 only at r1c9 and
    /// r5c9: a W-wing, which SE finds as a forcing chain.
    #[test]
    fn a_w_wing_is_named() {
        let mut b = board(&[((1, 1), &[1, 2]), ((5, 5), &[1, 2])]);
        confine_in_column(&mut b, 9, 2, &[1, 5]);
        let (name, text) = chain_on(&b);
        assert_eq!(name, Some("W-wing"), "{text}");
        assert!(text.starts_with("forcing chain (W-wing): "), "{text}");
    }

    /// Aligned pairs name their pair apart from the cells that exclude.
    #[test]
    fn aligned_pairs_name_their_cells_apart() {
        let mut s = Step::new(Technique::AlignedPairExclusion, 62);
        s.cells = vec![at(1, 1), at(1, 2), at(2, 5), at(3, 7)];
        s.removes = vec![(at(1, 1), Mask::single(4))];
        assert_eq!(
            s.describe(Size::S9),
            "aligned pair exclusion at r1c1, r1c2 with excluding cells r2c5, r3c7: removes 4 from r1c1"
        );
    }

    #[test]
    fn subsets_come_in_lexicographic_order_and_stop_early() {
        let mut seen = Vec::new();
        let r: Option<()> = first_subset(&[1, 2, 3, 4], 2, |s| {
            seen.push((s[0], s[1]));
            None
        });
        assert!(r.is_none());
        assert_eq!(seen, vec![(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]);
        assert_eq!(
            first_subset(&[5, 6, 7], 3, |s| Some(s.iter().sum::<i32>())),
            Some(18)
        );
        assert_eq!(first_subset(&[5, 6], 3, |_| Some(0)), None);
        assert_eq!(first_subset(&[5, 6], 0, |s| Some(s.len())), Some(0));
    }
}
