//! Rating and explaining a Killer Sudoku the way a person solves it: a
//! logical solver that applies, step after step, the easiest technique
//! that makes progress, and records each step in words.
//!
//! **Algorithm.** The pencil marks are a [`Board`] (the classic
//! techniques' board) on the killer's [`Geometry`]; placing a value
//! removes it from the cell's units and from its cage. At each step the
//! techniques below are asked in order, and the first that places a
//! value or removes a candidate is the step; the loop ends when the grid
//! is full, when no technique applies (the puzzle needs more), or when
//! the candidates run out (the cages and givens have no solution).
//! Every step places a value or removes a candidate, so there are at most
//! `cells * side` steps; the loop is bounded by that.
//!
//! | order | technique (name) | level | what it does |
//! |---|---|---|---|
//! | 1 | `full-house`, `hidden-single` | easy | a unit's value with one place left goes there |
//! | 2 | `naked-single` | easy | a cell with one candidate takes it |
//! | 3 | `cage-single` | easy | a value every combination of a cage holds, that one cell of the cage can take, goes there |
//! | 4 | `cage-combinations` | easy | a cage's cells keep only the values of the sets of distinct values that make its sum (less the values placed in it) and can be arranged in its cells' candidates |
//! | 5 | `cage-unit` | medium | a value a cage must hold, whose places in the cage lie in one unit, leaves the unit's other cells; a value whose places in a unit all lie in one cage leaves the cage's cells outside the unit |
//! | 6 | `rule-of-45` | medium | innies and outies of one unit (a row, column, box, region, diagonal, window): one cell's value, or two or three cells' sum (or innies less outies: their difference) |
//! | 7 | `pointing`, `claiming` | hard | the classic intersections of boxes and lines |
//! | 8 | `cage-pointing` | hard | a value a cage must hold leaves every cell outside the cage that sees all its places in the cage |
//! | 9 | `rule-of-45-units` | hard | innies and outies of several units: runs of adjacent rows (`rows 1-3`) or columns, two boxes (or regions) side by side |
//! | 10 | `naked-pair`, `hidden-pair`, `naked-triple`, `hidden-triple` | hard | the classic subsets in every unit |
//!
//! [`KillerLevel`]s: **easy** needs only techniques 1-4 (singles and cage
//! combinations); **medium** also 5-6 (cage-unit interactions, the rule
//! of 45 on single units); **hard** also 7-10 (intersections, cage
//! pointing, the rule of 45 on several units, pairs and triples); **expert** needs more than these
//! (the solver is stuck before the grid is full: chains, cage
//! permutations across cages, innie-outie differences, ... are not
//! tried; the rating says so rather than guessing).
//!
//! **The rule of 45.** A unit holds each value once, so its values sum to
//! `T = side * (side + 1) / 2` (45 on 9x9, 136 on 16x16), and `m` disjoint
//! units to `m * T`. The cages wholly inside an area are known; the cells
//! of the area in cages that stick out of it are its *innies*, their
//! cells outside it its *outies*. Innies sum to `m * T` less the cages
//! inside; outies to the sums of the cages that cover the area less `m *
//! T`. Values already placed among the innies (or outies) count as known:
//! the step speaks of the cells still empty. One cell left: its value is
//! the difference; two or three: their candidates keep only values that
//! make the sum (distinct where the cells see each other or share a
//! cage). When neither the innies nor the outies leave few empty cells,
//! each cage that sticks out may be counted on the side where fewer of
//! its cells are empty: a cage counted inside adds its sum and
//! subtracts its outies, so the empty innies less the empty outies make a
//! known number. The sentences:
//!
//! - `innie of rows 1-3: r3c4 = 45*3 - 128 = 7` (128: the cages inside
//!   rows 1-3 and the values placed in their other innies);
//! - `outie of box 5: r4c7 = 52 - 45 = 7` (52: the cages covering box 5,
//!   less the values placed in their other outies);
//! - `innies of row 1: r1c4 + r1c5 = 45 - 33 = 12: removes 1,2 from r1c4`;
//! - `innies and outies of column 7: r2c7 - r5c6 = 45 - 47 = -2: removes
//!   ...` (47: the cages inside, the cages counted inside, the placed
//!   innies, less the placed outies).
//!
//! The cage sentences name a cage by its sum, its size and its cells,
//! `cage 17(3) at r1c1, r1c2, r2c1`, and list combinations as killer
//! books do, a set of digits each (`{269} {359}`; on grids over 9x9 the
//! values, the run's symbols, have commas between them: `{1,9,A}`).
//! Cells are `r1c1`,
//! values the grid's symbols, sums decimal. The classic techniques
//! (singles, intersections, subsets) are the library's own
//! ([`crate::techniques`]) on the same board, and speak as they do in
//! `rate --explain`.
//!
//! **Sources.** The techniques are the ones killer books and solving
//! guides teach first (cage combination tables, the rule of 45 with
//! innies and outies, cage-unit interactions), the classic ones as in
//! Sudoku Explainer. **Cost.** A step asks the techniques in order; the
//! cage techniques look at every cage's combinations (with an arrangement
//! check of `2^k * k` for a cage of `k` empty cells), the rule of 45 at
//! about 100 areas on 9x9; a cage's combinations are computed again only
//! when its cells change. A 9x9 killer without givens takes 1.1 to 1.6 ms
//! of one core (release, 138 steps on average, on the 2-core machine at a
//! load of 5 to 9; `tests/killer_logic.rs`,
//! `nine_by_nine_levels_are_spread`). **Limits.** Sides up to 16 (the
//! combination tables); the several-unit areas are runs of rows and
//! columns and pairs of neighbouring boxes, not every union of units.

mod cage;
mod rule45;

use std::fmt;

use super::combos::Combos;
use super::solve::KillerError;
use crate::cages::Cages;
use crate::candidates::Board;
use crate::grid::{Grid, Shape};
use crate::mask::Mask;
use crate::shape::Geometry;
use crate::techniques::{
    Step, Technique, cell_name, hidden_set, hidden_single, locking, naked_set, naked_single,
};

/// A killer solving technique, in order of difficulty (the order the
/// solver asks them in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KillerTechnique {
    /// The last empty cell of a unit.
    FullHouse,
    /// A value with one place left in a unit.
    HiddenSingle,
    /// A cell with one candidate left.
    NakedSingle,
    /// A value every combination of a cage holds, that one cell of the
    /// cage can take.
    CageSingle,
    /// A cage's cells narrowed to the values of its combinations.
    CageCombinations,
    /// A value a cage must hold confined to one unit, or a unit's value
    /// confined to one cage.
    CageUnit,
    /// Innies and outies of one unit.
    RuleOf45,
    /// A box's candidates for a value all in one line.
    Pointing,
    /// A line's candidates for a value all in one box.
    Claiming,
    /// A value a cage must hold leaves the cells outside the cage that
    /// see all its places in the cage.
    CagePointing,
    /// Innies and outies of several units.
    RuleOf45Units,
    /// Two cells of a unit holding the same two candidates only.
    NakedPair,
    /// Two values confined to the same two cells of a unit.
    HiddenPair,
    /// Three cells of a unit holding three candidates between them.
    NakedTriple,
    /// Three values confined to three cells of a unit.
    HiddenTriple,
}

impl KillerTechnique {
    /// Every technique, in the order of difficulty.
    pub const ALL: [KillerTechnique; 15] = [
        KillerTechnique::FullHouse,
        KillerTechnique::HiddenSingle,
        KillerTechnique::NakedSingle,
        KillerTechnique::CageSingle,
        KillerTechnique::CageCombinations,
        KillerTechnique::CageUnit,
        KillerTechnique::RuleOf45,
        KillerTechnique::Pointing,
        KillerTechnique::Claiming,
        KillerTechnique::CagePointing,
        KillerTechnique::RuleOf45Units,
        KillerTechnique::NakedPair,
        KillerTechnique::HiddenPair,
        KillerTechnique::NakedTriple,
        KillerTechnique::HiddenTriple,
    ];

    /// The name used in output: lower case, words joined by `-` (stable).
    pub fn name(self) -> &'static str {
        match self {
            KillerTechnique::FullHouse => "full-house",
            KillerTechnique::HiddenSingle => "hidden-single",
            KillerTechnique::NakedSingle => "naked-single",
            KillerTechnique::CageSingle => "cage-single",
            KillerTechnique::CageCombinations => "cage-combinations",
            KillerTechnique::CageUnit => "cage-unit",
            KillerTechnique::RuleOf45 => "rule-of-45",
            KillerTechnique::Pointing => "pointing",
            KillerTechnique::Claiming => "claiming",
            KillerTechnique::CagePointing => "cage-pointing",
            KillerTechnique::RuleOf45Units => "rule-of-45-units",
            KillerTechnique::NakedPair => "naked-pair",
            KillerTechnique::HiddenPair => "hidden-pair",
            KillerTechnique::NakedTriple => "naked-triple",
            KillerTechnique::HiddenTriple => "hidden-triple",
        }
    }

    /// The easiest level that allows the technique.
    pub fn level(self) -> KillerLevel {
        use KillerTechnique::*;
        match self {
            FullHouse | HiddenSingle | NakedSingle | CageSingle | CageCombinations => {
                KillerLevel::Easy
            }
            CageUnit | RuleOf45 => KillerLevel::Moderate,
            Pointing | Claiming | CagePointing | RuleOf45Units | NakedPair | HiddenPair
            | NakedTriple | HiddenTriple => KillerLevel::Hard,
        }
    }

    /// The killer technique of a classic step the solver takes.
    fn of_classic(t: Technique) -> Option<KillerTechnique> {
        Some(match t {
            Technique::FullHouse => KillerTechnique::FullHouse,
            Technique::HiddenSingle => KillerTechnique::HiddenSingle,
            Technique::NakedSingle => KillerTechnique::NakedSingle,
            Technique::Pointing => KillerTechnique::Pointing,
            Technique::Claiming => KillerTechnique::Claiming,
            Technique::NakedPair => KillerTechnique::NakedPair,
            Technique::HiddenPair => KillerTechnique::HiddenPair,
            Technique::NakedTriple => KillerTechnique::NakedTriple,
            Technique::HiddenTriple => KillerTechnique::HiddenTriple,
            _ => return None,
        })
    }
}

impl fmt::Display for KillerTechnique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How hard a killer puzzle is: the level of the hardest technique its
/// solution needs (see the [module](self) for the table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KillerLevel {
    /// Singles and cage combinations (techniques 1-4).
    Easy,
    /// Also cage-unit interactions and the rule of 45 on one unit (5-6).
    Moderate,
    /// Also intersections, cage pointing, the rule of 45 on several
    /// units, naked and hidden pairs and triples (7-10).
    Hard,
    /// More than these: the solver is stuck before the grid is full.
    Expert,
}

impl KillerLevel {
    /// Every level, easiest first.
    pub const ALL: [KillerLevel; 4] = [
        KillerLevel::Easy,
        KillerLevel::Moderate,
        KillerLevel::Hard,
        KillerLevel::Expert,
    ];

    /// The name: `easy`, `medium`, `hard`, `expert`.
    pub fn name(self) -> &'static str {
        match self {
            KillerLevel::Easy => "easy",
            KillerLevel::Moderate => "medium",
            KillerLevel::Hard => "hard",
            KillerLevel::Expert => "expert",
        }
    }

    /// The level as a rating in tenths, as `rate` writes it: 10 (1.0,
    /// easy), 20 (medium), 30 (hard), 40 (4.0, expert).
    pub fn tenths(self) -> u8 {
        10 * (self as u8 + 1)
    }

    /// The level of that name.
    pub fn named(name: &str) -> Option<KillerLevel> {
        KillerLevel::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The techniques the level allows, in the order they are asked
    /// (expert: every technique, and more).
    pub fn techniques(self) -> Vec<KillerTechnique> {
        KillerTechnique::ALL
            .into_iter()
            .filter(|t| t.level() <= self)
            .collect()
    }
}

impl fmt::Display for KillerLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One step of the solution path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KillerStep {
    /// The technique.
    pub technique: KillerTechnique,
    /// The value placed, if the step places one: (cell, value). Placing
    /// removes the value from the cell's units and cage.
    pub place: Option<(usize, u8)>,
    /// The candidates removed: (cell, values).
    pub removes: Vec<(usize, Mask)>,
    /// The cells of the pattern (the cage, the innies or outies, the
    /// subset), row-major and 0-based.
    pub cells: Vec<usize>,
    /// The step in words (see the [module](self)).
    pub text: String,
}

/// What [`rate`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KillerRating {
    /// The level: of the hardest technique used, or
    /// [`KillerLevel::Expert`] when the techniques did not solve it.
    pub level: KillerLevel,
    /// The hardest technique used (none when nothing was to be done).
    pub hardest: Option<KillerTechnique>,
    /// The steps, in order.
    pub steps: Vec<KillerStep>,
    /// Whether the steps fill the grid.
    pub solved: bool,
    /// Whether the candidates ran out: the cages and givens have no
    /// solution (then `solved` is false and the level expert).
    pub contradiction: bool,
}

/// The puzzle's fixed data, for the techniques.
struct Logic<'a> {
    geometry: &'a Geometry,
    cages: &'a Cages,
    combos: &'static Combos,
    shape: Shape,
    side: usize,
    /// The areas of the rule of 45: single units first.
    areas: Vec<rule45::Area>,
    /// The hardest level whose techniques may be used.
    ceiling: KillerLevel,
}

/// What the next step is.
enum Next {
    Step(KillerStep),
    Stuck,
    Contradiction,
}

/// Rates the killer puzzle of `cages` with `givens` (a value per cell, 0
/// for empty; an empty slice for none) on `geometry`: the steps of the
/// techniques in order (see the [module](self)), the hardest, the level.
/// Errors as [`super::solve::search`]: a side over 16, cages of another
/// side, givens not one per cell. Givens that break a unit or a cage, or
/// cages with no solution, give a rating with `contradiction` set.
pub fn rate(
    geometry: &Geometry,
    cages: &Cages,
    givens: &[u8],
) -> Result<KillerRating, KillerError> {
    rate_within(geometry, cages, givens, KillerLevel::Expert)
}

/// [`rate`] with only the techniques `level` allows: the steps stop where
/// they run out, so a puzzle above `level` comes back unsolved (level
/// expert) sooner than [`rate`] would finish it. The techniques are asked
/// in the same order, so when it solves the puzzle its rating is
/// [`rate`]'s, step for step: a puzzle is at most `level` exactly when
/// `rate_within(.., level)?.solved`.
pub fn rate_within(
    geometry: &Geometry,
    cages: &Cages,
    givens: &[u8],
    level: KillerLevel,
) -> Result<KillerRating, KillerError> {
    let side = geometry.side();
    let combos = Combos::of_side(side).ok_or(KillerError::Side { side })?;
    if cages.side() != side {
        return Err(KillerError::CageSide {
            cages: cages.side(),
            grid: side,
        });
    }
    let cells = side * side;
    if !givens.is_empty() && givens.len() != cells {
        return Err(KillerError::Givens {
            found: givens.len(),
            cells,
        });
    }
    let logic = Logic {
        geometry,
        cages,
        combos,
        shape: geometry.shape(),
        side,
        areas: rule45::areas(geometry, cages),
        ceiling: level,
    };
    let mut rating = KillerRating {
        level: KillerLevel::Expert,
        hardest: None,
        steps: Vec::new(),
        solved: false,
        contradiction: false,
    };
    let Some(mut board) = logic.start(givens) else {
        rating.contradiction = true;
        return Ok(rating);
    };
    let mut views = Vec::new();
    for _ in 0..=cells * side {
        if board.empty_cells() == 0 {
            rating.solved = true;
            break;
        }
        match logic.next(&board, &mut views) {
            Next::Step(step) => {
                if !logic.apply(&mut board, &step) {
                    debug_assert!(false, "a step without progress: {}", step.text);
                    break;
                }
                rating.steps.push(step);
            }
            Next::Stuck => break,
            Next::Contradiction => {
                rating.contradiction = true;
                break;
            }
        }
    }
    rating.hardest = rating.steps.iter().map(|s| s.technique).max();
    if rating.solved {
        rating.level = rating.hardest.map_or(KillerLevel::Easy, |t| t.level());
    }
    Ok(rating)
}

impl Logic<'_> {
    /// The board of the givens, each given's value gone from its cage;
    /// `None` when the givens break a unit or a cage.
    fn start(&self, givens: &[u8]) -> Option<Board> {
        let cells = self.side * self.side;
        let values = if givens.is_empty() {
            vec![0; cells]
        } else {
            givens.to_vec()
        };
        let grid = Grid::from_values(self.shape.clone(), &values)?;
        let mut board = Board::new(&grid)?;
        for (cell, &v) in values.iter().enumerate() {
            if v == 0 {
                continue;
            }
            for &p in self.cages.cells(self.cages.cage_of(cell)) {
                let p = usize::from(p);
                if p != cell && values[p] == v {
                    return None;
                }
                board.remove(p, v);
            }
        }
        Some(board)
    }

    /// Places `v` at `cell`: gone from its units and its cage.
    fn place(&self, board: &mut Board, cell: usize, v: u8) {
        board.place(cell, v);
        for &p in self.cages.cells(self.cages.cage_of(cell)) {
            board.remove(usize::from(p), v);
        }
    }

    /// Applies `step`; whether it changed anything.
    fn apply(&self, board: &mut Board, step: &KillerStep) -> bool {
        let mut changed = false;
        if let Some((cell, v)) = step.place
            && board.value(cell) == 0
        {
            self.place(board, cell, v);
            changed = true;
        }
        for &(cell, values) in &step.removes {
            for v in values.iter() {
                changed |= board.remove(cell, v);
            }
        }
        changed
    }

    /// The next step: the first technique, in order, that makes progress
    /// (of those the ceiling allows).
    fn next(&self, board: &Board, views: &mut Vec<cage::View>) -> Next {
        if let Some(step) = hidden_single::find(board).or_else(|| naked_single::find(board)) {
            return self.classic(step);
        }
        let cells = self.side * self.side;
        if (0..cells).any(|c| board.value(c) == 0 && board.cands(c).is_empty()) {
            return Next::Contradiction;
        }
        if !cage::update(self, board, views) {
            return Next::Contradiction;
        }
        let step =
            cage::single(self, board, views).or_else(|| cage::combinations(self, board, views));
        if let Some(step) = step {
            return Next::Step(step);
        }
        if self.ceiling < KillerLevel::Moderate {
            return Next::Stuck;
        }
        let step = cage::unit(self, board, views).or_else(|| rule45::find(self, board, false));
        if let Some(step) = step {
            return Next::Step(step);
        }
        if self.ceiling < KillerLevel::Hard {
            return Next::Stuck;
        }
        if let Some(step) = locking::find(board, false) {
            return self.classic(step);
        }
        let step = cage::pointing(self, board, views).or_else(|| rule45::find(self, board, true));
        if let Some(step) = step {
            return Next::Step(step);
        }
        match naked_set::find(board, 2)
            .or_else(|| hidden_set::find(board, 2, false))
            .or_else(|| naked_set::find(board, 3))
            .or_else(|| hidden_set::find(board, 3, false))
        {
            Some(step) => self.classic(step),
            None => Next::Stuck,
        }
    }

    /// A step of the classic techniques, in their words.
    fn classic(&self, step: Step) -> Next {
        let Some(technique) = KillerTechnique::of_classic(step.technique) else {
            return Next::Stuck;
        };
        let size = self.shape.size();
        let text = step.describe_in(self.shape.clone(), &|v| char::from(size.symbol(v)));
        Next::Step(KillerStep {
            technique,
            place: step.place,
            removes: step.removes,
            cells: step.cells,
            text,
        })
    }

    /// `r1c1`.
    fn cell(&self, cell: usize) -> String {
        cell_name(self.shape.size(), cell)
    }

    /// The symbol of value `v`.
    fn symbol(&self, v: u8) -> char {
        char::from(self.shape.size().symbol(v))
    }

    /// `5` or `1,2`: values in words.
    fn values(&self, m: Mask) -> String {
        let v: Vec<String> = m.iter().map(|v| self.symbol(v).to_string()).collect();
        v.join(",")
    }

    /// `: removes 1,2 from r1c4, 3 from r1c5`.
    fn removes_text(&self, removes: &[(usize, Mask)]) -> String {
        let parts: Vec<String> = removes
            .iter()
            .map(|&(c, m)| format!("{} from {}", self.values(m), self.cell(c)))
            .collect();
        format!(": removes {}", parts.join(", "))
    }

    /// `cage 17(3) at r1c1, r1c2, r2c1`.
    fn cage_name(&self, k: usize) -> String {
        let cells = self.cages.cells(k);
        let names: Vec<String> = cells.iter().map(|&c| self.cell(usize::from(c))).collect();
        format!(
            "cage {}({}) at {}",
            self.cages.sum(k),
            cells.len(),
            names.join(", ")
        )
    }
}
