//! Difficulty on the Sudoku Explainer (SE) scale.
//!
//! SE 1.2.1 rates a puzzle by solving it step by step, each step the
//! simplest one available (the techniques of [`crate::techniques`], asked
//! in SE's order), and takes the hardest step of that path as the rating.
//! [`rate`] does the same. It first checks that the puzzle has exactly one
//! solution (SE's uniqueness techniques assume it), and checks every step
//! against that solution, so a wrong step is reported, never written.
//!
//! The whole scale is covered at 9x9: past dynamic forcing chains (8.5 and
//! up) come SE's nested forcing chains, 9.0 to about 12
//! ([`techniques::nested`]). Besides the rating (SE's ER), [`Rating`] holds
//! SE's pearl (EP) and diamond (ED) ratings, as `serate` prints them.
//!
//! SE defines its ratings for classic 9x9 only: on every other shape the
//! same steps give a *technique level* on SE's scale, and [`Scale`] is the
//! one rule that says which a rating is, for every command and binding.
//!
//! A work budget ([`rate_limited`]) bounds the nested chains, which take
//! from milliseconds to many seconds a step; a rating the budget stops is
//! marked inexact and is a lower bound (the least rating of the technique
//! being searched), never a wrong number. Beyond 9x9, chains are not
//! searched: a puzzle that needs them gets the lower bound 6.5, inexact.
//!
//! Cost: one uniqueness check and, per step, the techniques up to the one
//! that applies; most steps are singles, found with a few hundred loads.

use crate::candidates::{Board, Singles, UnitMasks, singles_fill};
use crate::grid::{Grid, Shape, Size};
use crate::solve::{self, Budget, Search};
use crate::techniques::nested::{Cut, Nester};
use crate::techniques::{self, Step, Technique};

/// The least rating of SE's nested forcing chains (9.0): the lower bound
/// reported for a 4x4 board whose implemented techniques run out (at 9x9
/// the nested chains are searched instead).
pub const BEYOND: u8 = 90;

/// The least rating of the first chaining technique (6.5): the lower
/// bound for 16x16 and 25x25 puzzles, where chains are not searched.
pub const CHAINS: u8 = 65;

/// The lower bound reported when the implemented techniques run out on a
/// board of `shape` (a size, or a size and variant).
pub fn bound(shape: impl Into<Shape>) -> u8 {
    if techniques::chains_searched(shape) {
        BEYOND
    } else {
        CHAINS
    }
}

/// What a rating's number means, by the puzzle's shape: the one rule
/// every command and binding asks here. Sudoku Explainer defines its
/// ratings for classic 9x9 only, so only there is the number SE's rating;
/// on every other shape and variant it is a *technique level*: the rating
/// on SE's scale of the hardest technique the path needs, comparable
/// between puzzles of one shape, not an SE rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scale {
    /// Sudoku Explainer's rating (classic 9x9).
    Se,
    /// The hardest technique's rating on SE's scale (every other shape).
    TechniqueLevel,
}

impl Scale {
    /// The scale of the ratings of `shape`'s puzzles.
    pub fn of(shape: impl Into<Shape>) -> Scale {
        let shape = shape.into();
        if shape.is_classic() && shape.size() == Size::S9 {
            Scale::Se
        } else {
            Scale::TechniqueLevel
        }
    }

    /// The scale's name, as records carry it (JSON's `scale`): `SE` or
    /// `technique level`.
    pub fn name(self) -> &'static str {
        match self {
            Scale::Se => "SE",
            Scale::TechniqueLevel => "technique level",
        }
    }

    /// The word a label puts before the number: `SE 3.4`, `level 1.2`.
    pub fn label(self) -> &'static str {
        match self {
            Scale::Se => "SE",
            Scale::TechniqueLevel => "level",
        }
    }

    /// What a command says once when it rates `shape`'s puzzles on a
    /// scale other than SE's (`None` on classic 9x9): what the number is,
    /// and which techniques the rater uses there.
    pub fn note(shape: impl Into<Shape>) -> Option<String> {
        let shape = shape.into();
        if shape.is_killer() {
            return Some(format!(
                "{shape} puzzles are rated on the killer levels of sudogen's killer solver: 1.0 easy, 2.0 medium, 3.0 hard, 4.0+ expert (more than its techniques solve), by the hardest technique the solution needs"
            ));
        }
        (Scale::of(&shape) == Scale::TechniqueLevel).then(|| {
            format!(
                "Sudoku Explainer ratings are defined for classic 9x9 only; for {shape} puzzles the number is a technique level, the rating of the hardest technique on the same scale, with {}",
                techniques::scope(&shape)
            )
        })
    }
}

/// What a killer puzzle's rating is, as records carry it (JSON's
/// `scale`) and the bindings name it: its killer level
/// ([`crate::killer::logic::KillerLevel`]), 1.0 easy to 4.0 expert, not
/// a number on Sudoku Explainer's scale.
pub const KILLER_SCALE: &str = "killer level";

/// A puzzle's rating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The rating in tenths of the SE scale (72 = 7.2); a lower bound when
    /// `exact` is false. SE's own rating on classic 9x9, a technique level
    /// elsewhere (see [`Scale`]).
    pub se: u8,
    /// What `se` is: SE's rating, or a technique level.
    pub scale: Scale,
    /// Whether `se` is SE's rating (false when a budget stopped the rating,
    /// or, beyond 9x9, the path needed chains).
    pub exact: bool,
    /// SE's pearl rating (EP) in tenths: the rating of the path up to its
    /// first step that places a value (`serate`'s `%p`).
    pub ep: u8,
    /// SE's diamond rating (ED) in tenths: the rating of the first step
    /// (`serate`'s `%d`).
    pub ed: u8,
    /// Whether `ep` is SE's (false when a budget stopped the rating before
    /// the first placement: `ep` is then a lower bound).
    pub ep_exact: bool,
    /// Whether `ed` is SE's (false when a budget stopped the first step).
    pub ed_exact: bool,
    /// The work the nested forcing chains took, in the units of the work
    /// budget ([`rate_limited`]); 0 when the path needed none.
    pub work: u64,
    /// The hardest technique used (`None` when no technique was needed,
    /// when a budget stopped the rating before the hardest one was known,
    /// or when SE's techniques cannot solve the puzzle: rating 20.0).
    pub hardest: Option<Technique>,
    /// The steps taken (placements and removals).
    pub steps: usize,
    /// The path, when asked for.
    pub path: Vec<Step>,
}

impl Rating {
    /// The named level of the rating (see [`Level`]).
    pub fn level(&self) -> Level {
        Level::of(self.se)
    }

    /// The rating as SE writes it: `7.2`, or `9.0+` when inexact.
    pub fn se_text(&self) -> String {
        format!(
            "{}.{}{}",
            self.se / 10,
            self.se % 10,
            if self.exact { "" } else { "+" }
        )
    }

    /// The hardest technique's name; for an inexact rating `nested-chains`
    /// (a budget stopped them; `chains` beyond 9x9, where chains are not
    /// searched); `unsolved` for SE's 20.0; `none` for a solved grid.
    pub fn hardest_name(&self) -> &'static str {
        match (self.exact, self.hardest) {
            (false, _) if self.se <= CHAINS => "chains",
            (false, _) => "nested-chains",
            (true, None) if self.se == IMPOSSIBLE => "unsolved",
            (true, Some(t)) => t.name(),
            (true, None) => "none",
        }
    }
}

/// Why a puzzle cannot be rated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unrated {
    /// No solution.
    NoSolution,
    /// Two solutions or more.
    Multiple,
    /// The uniqueness check ran out of its search budget.
    Budget,
    /// A technique took a step that contradicts the solution: a bug in
    /// sudogen, reported rather than written.
    WrongStep(Technique),
    /// A killer puzzle: its cages need techniques of their own (cage
    /// combinations, the rule of 45) that this rater does not take.
    Killer,
}

impl std::fmt::Display for Unrated {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unrated::NoSolution => f.write_str("no solution"),
            Unrated::Multiple => f.write_str("2+ solutions"),
            Unrated::Budget => {
                f.write_str("search budget exceeded while checking that the solution is unique")
            }
            Unrated::Killer => f.write_str(
                "killer puzzles are rated by their killer level (rate_killer), not on the Sudoku Explainer scale, which has no cage techniques",
            ),
            Unrated::WrongStep(t) => write!(
                f,
                "internal error: the {} step contradicts the solution; please report this puzzle",
                t.name()
            ),
        }
    }
}

/// Named levels, each a range of SE ratings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// SE 1.0-1.5: hidden singles only.
    Easy,
    /// SE 1.6-2.5: naked singles and the direct techniques.
    Medium,
    /// SE 2.6-4.4: intersections, pairs, triples, basic fish, wings.
    Hard,
    /// SE 4.5-6.4: uniqueness, quads, BUG, aligned pair exclusion.
    Expert,
    /// SE 6.5 and up: chains, up to the nested forcing chains (9.0 to about
    /// 12) at 9x9.
    Fiendish,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Fiendish,
    ];

    /// The level of an SE rating in tenths.
    pub fn of(se: u8) -> Level {
        match se {
            0..=15 => Level::Easy,
            16..=25 => Level::Medium,
            26..=44 => Level::Hard,
            45..=64 => Level::Expert,
            _ => Level::Fiendish,
        }
    }

    /// The level's range of SE ratings in tenths, both ends included.
    pub fn range(self) -> (u8, u8) {
        match self {
            Level::Easy => (10, 15),
            Level::Medium => (16, 25),
            Level::Hard => (26, 44),
            Level::Expert => (45, 64),
            Level::Fiendish => (65, u8::MAX),
        }
    }

    /// The level of this name, if there is one.
    pub fn named(name: &str) -> Option<Level> {
        Level::ALL.iter().copied().find(|l| l.name() == name)
    }

    /// What the level holds, in a few words.
    pub fn description(self) -> &'static str {
        match self {
            Level::Easy => "SE 1.0-1.5: hidden singles only",
            Level::Medium => "SE 1.6-2.5: naked singles and the direct techniques",
            Level::Hard => "SE 2.6-4.4: intersections, pairs, triples, basic fish, wings",
            Level::Expert => "SE 4.5-6.4: uniqueness, quads, BUG, aligned pair exclusion",
            Level::Fiendish => "SE 6.5 and up: chains",
        }
    }

    /// The level's name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Fiendish => "fiendish",
        }
    }
}

/// Rates `puzzle`, keeping the steps when `explain`; the uniqueness check
/// gives up after [`solve::DEFAULT_BUDGET`] guesses.
pub fn rate(puzzle: &Grid, explain: bool) -> Result<Rating, Unrated> {
    rate_within(puzzle, explain, solve::DEFAULT_BUDGET)
}

/// [`rate`], the uniqueness check giving up after `budget` guesses
/// ([`Unrated::Budget`]).
pub fn rate_within(puzzle: &Grid, explain: bool, budget: Budget) -> Result<Rating, Unrated> {
    rate_limited(puzzle, explain, budget, DEFAULT_WORK)
}

/// Rates `puzzle` whose unique solution is known to be `solution` (as for a
/// puzzle just made from it), checking each step against it. Stops as soon
/// as a step is rated above `ceiling` (tenths; `u8::MAX` for no ceiling):
/// the rating returned is then only known to exceed it.
pub fn rate_solved(
    puzzle: &Grid,
    solution: &Grid,
    explain: bool,
    ceiling: u8,
) -> Result<Rating, Unrated> {
    rate_solved_within(puzzle, solution, explain, ceiling, DEFAULT_WORK)
}

/// The nested chains' default work budget: none (every puzzle is rated
/// exactly, however long it takes).
pub const DEFAULT_WORK: Budget = Budget::UNLIMITED;

/// [`rate`] with both budgets: the uniqueness check gives up after
/// `budget` guesses ([`Unrated::Budget`]); the nested forcing chains (SE
/// 9.0 and up) after `work` units of work (potentials followed, about 30
/// million a second on one core), and the rating is then a lower bound
/// (`exact` false), never a wrong number.
pub fn rate_limited(
    puzzle: &Grid,
    explain: bool,
    budget: Budget,
    work: Budget,
) -> Result<Rating, Unrated> {
    if puzzle.shape().is_killer() {
        return Err(Unrated::Killer);
    }
    let solution = only_solution(puzzle, budget)?;
    rate_solved_within(puzzle, &solution, explain, u8::MAX, work)
}

/// The one solution of `puzzle`, found within `budget` guesses; why it has
/// none to rate by otherwise (none, several, or the budget ran out).
fn only_solution(puzzle: &Grid, budget: Budget) -> Result<Grid, Unrated> {
    let outcome = solve::search(puzzle, Search { limit: 2, budget });
    if outcome.cut {
        return Err(Unrated::Budget);
    }
    match outcome.solutions {
        0 => Err(Unrated::NoSolution),
        1 => outcome.first.ok_or(Unrated::NoSolution),
        _ => Err(Unrated::Multiple),
    }
}

/// Rates a killer puzzle (its shape has cages) by the killer logical
/// solver ([`crate::killer::logic`]), once the search has found it has
/// exactly one solution within `budget` guesses; the errors as
/// [`rate_limited`]'s ([`Unrated::Killer`] for a puzzle without cages).
pub fn rate_killer(
    puzzle: &Grid,
    budget: Budget,
) -> Result<crate::killer::logic::KillerRating, Unrated> {
    let cages = puzzle.shape().cages().ok_or(Unrated::Killer)?;
    only_solution(puzzle, budget)?;
    crate::killer::logic::rate(puzzle.geometry(), cages, puzzle.cells())
        .map_err(|_| Unrated::NoSolution)
}

/// [`rate_solved`] with a work budget for the nested forcing chains (see
/// [`rate_limited`]).
pub fn rate_solved_within(
    puzzle: &Grid,
    solution: &Grid,
    explain: bool,
    ceiling: u8,
    work: Budget,
) -> Result<Rating, Unrated> {
    if puzzle.shape().is_killer() {
        return Err(Unrated::Killer);
    }
    let mut board = Board::new(puzzle).ok_or(Unrated::NoSolution)?;
    let mut rating = Rating {
        se: 0,
        scale: Scale::of(puzzle.shape()),
        exact: true,
        ep: 0,
        ed: 0,
        ep_exact: true,
        ed_exact: true,
        work: 0,
        hardest: None,
        steps: 0,
        path: Vec::new(),
    };
    let (mut ep_known, mut ed_known) = (false, false);
    let truth = solution.cells();
    let mut nester: Option<Nester> = None;
    while board.empty_cells() > 0 {
        let found = if puzzle.shape().is_classic() && puzzle.size() == Size::S9 {
            let nester = nester.get_or_insert_with(|| Nester::new(work).with_ceiling(ceiling));
            techniques::next_step_nested(&board, nester).map_err(Some)
        } else {
            techniques::next_step(&board).map_or(Err(None), |s| Ok(Some(s)))
        };
        let step = match found {
            Ok(Some(step)) => step,
            Ok(None) => {
                // No level of nesting finds a step: SE's 20.0.
                rating.se = IMPOSSIBLE;
                rating.hardest = None;
                break;
            }
            Err(cut) => {
                let floor = match cut {
                    Some(Cut { floor }) => floor,
                    None => bound(puzzle.shape()),
                };
                rating.se = rating.se.max(floor);
                rating.exact = false;
                if !ed_known {
                    rating.ed = rating.se;
                    rating.ed_exact = false;
                }
                if !ep_known {
                    rating.ep = rating.se;
                    rating.ep_exact = false;
                }
                break;
            }
        };
        let wrong_place = step.place.is_some_and(|(c, v)| truth[c] != v);
        let wrong_remove = step.removes.iter().any(|&(c, m)| m.contains(truth[c]));
        #[cfg(test)]
        let wrong_remove = wrong_remove || CONTRADICT.with(std::cell::Cell::get);
        if wrong_place || wrong_remove {
            return Err(Unrated::WrongStep(step.technique));
        }
        let before = board.empty_cells();
        step.apply(&mut board);
        rating.steps += 1;
        if step.rating > rating.se {
            rating.se = step.rating;
            rating.hardest = Some(step.technique);
        }
        // SE's diamond: the rating so far after the first step; its pearl:
        // after the first step that places a value.
        if !ep_known {
            if !ed_known {
                rating.ed = rating.se;
                ed_known = true;
            }
            if step.place.is_some() {
                rating.ep = rating.se;
                ep_known = true;
            }
        }
        if rating.se > ceiling {
            break;
        }
        debug_assert!(step.place.is_none() || board.empty_cells() < before);
        if explain {
            rating.path.push(step);
        }
    }
    rating.work = nester.as_ref().map_or(0, Nester::spent);
    Ok(rating)
}

#[cfg(test)]
thread_local! {
    /// In the library's tests only: every step is taken to contradict the
    /// solution, to see how callers report a wrong step.
    pub(crate) static CONTRADICT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// SE's rating of a puzzle its techniques cannot solve (20.0).
pub const IMPOSSIBLE: u8 = 200;

/// The rating of the first step SE takes on `puzzle` (a single, on a
/// puzzle singles solve).
fn first_single(puzzle: &Grid) -> u8 {
    Board::new(puzzle)
        .and_then(|b| techniques::next_step(&b))
        .map_or(0, |s| s.rating)
}

/// The rating of a puzzle that singles alone solve (SE 1.0 to 1.5), found
/// without walking the path: the rating [`rate`] gives, or `None` when
/// hidden singles do not solve the puzzle (which is then rated higher).
///
/// SE takes the simplest step available each time, and singles only become
/// more available as cells fill (see [`singles_fill`]). So if full houses
/// alone fill the grid, SE never needs more (1.0); if full houses and
/// hidden singles in boxes do, it never needs a hidden single in a line
/// (1.2); and if only all hidden singles do, the path must take one in a
/// line at some point (1.5). Every step places one cell: the path has one
/// step per empty cell. Three closures instead of a scan per step.
pub fn rate_singles(puzzle: &Grid) -> Option<Rating> {
    let units = UnitMasks::of(puzzle);
    let empty = puzzle.cells().iter().filter(|&&v| v == 0).count();
    let solved_by = |singles| singles_fill(puzzle, &units, usize::MAX, singles);
    let (se, hardest) = if empty == 0 {
        (0, None)
    } else if solved_by(Singles::FullHouses) {
        (10, Some(Technique::FullHouse))
    } else if solved_by(Singles::InBoxes) {
        (12, Some(Technique::HiddenSingle))
    } else if solved_by(Singles::Hidden) {
        (15, Some(Technique::HiddenSingle))
    } else {
        return None;
    };
    // Every step places a value: the first one is the diamond and the
    // pearl, the hardest single of all.
    let first = match se {
        0 => 0,
        // The first single SE takes is a hidden single in a box, or a full
        // house when those alone solve the puzzle.
        _ => first_single(puzzle),
    };
    Some(Rating {
        se,
        scale: Scale::of(puzzle.shape()),
        exact: true,
        ep: first,
        ed: first,
        ep_exact: true,
        ed_exact: true,
        work: 0,
        hardest,
        steps: empty,
        path: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Size;

    /// The shortcut gives exactly the rating of the step-by-step rater on
    /// every puzzle singles solve, and `None` on the others: puzzles of
    /// sizes 4, 9 and 16 with clues removed to several depths, so that all
    /// of 1.0, 1.2, 1.5 and harder occur.
    #[test]
    fn singles_ratings_match_the_step_by_step_rater() {
        use crate::puzzle::{self, Settings, Symmetry};
        use crate::random::grid_rng;
        use crate::strategies::Strategy;
        let mut seen = std::collections::BTreeMap::new();
        for size in [Size::S4, Size::S9, Size::S16] {
            let cells = size.cells();
            let count = if size == Size::S16 { 12 } else { 120 };
            for i in 0..count {
                let g = Strategy::Backtrack.grid(&mut grid_rng(31, i), size);
                // From nearly full to minimal.
                let clues = [cells - 3, cells * 3 / 4, cells / 2, 0][i as usize % 4];
                let settings = Settings {
                    symmetry: Symmetry::None,
                    clues: (clues > 0).then_some(clues),
                    budget: Budget::UNLIMITED,
                };
                let p = puzzle::make(&mut grid_rng(32, i), &g, settings).puzzle;
                let slow = rate_solved(&p, &g, false, u8::MAX).expect("rated");
                match rate_singles(&p) {
                    Some(fast) => {
                        assert_eq!(fast, slow, "{p:?}");
                        *seen.entry(fast.se).or_insert(0) += 1;
                    }
                    None => {
                        assert!(slow.se > 15, "{p:?}");
                        *seen.entry(u8::MAX).or_insert(0) += 1;
                    }
                }
            }
        }
        for se in [10, 12, 15, u8::MAX] {
            assert!(seen.get(&se).copied().unwrap_or(0) >= 5, "{seen:?}");
        }
    }

    fn grid(s: &str) -> Grid {
        let values: Vec<u8> = s
            .bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect();
        Grid::from_values(Size::S9, &values).unwrap()
    }

    #[test]
    fn levels_cover_the_scale_without_gaps() {
        let mut next = 10;
        for level in Level::ALL {
            let (lo, hi) = level.range();
            assert_eq!(lo, next);
            assert_eq!(Level::of(lo), level);
            assert_eq!(Level::of(hi), level);
            next = hi.saturating_add(1);
        }
    }

    #[test]
    fn a_solved_grid_needs_no_step_and_one_hole_is_a_full_house() {
        let solved =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let r = rate(&grid(solved), false).unwrap();
        assert_eq!((r.se, r.steps, r.hardest), (0, 0, None));
        let mut one = solved.to_string();
        one.replace_range(40..41, ".");
        let r = rate(&grid(&one), true).unwrap();
        assert_eq!(
            (r.se, r.steps, r.hardest),
            (10, 1, Some(Technique::FullHouse))
        );
        assert_eq!(
            r.path[0].describe(Size::S9),
            "full house in box 5: r5c5 = 5"
        );
    }

    #[test]
    fn puzzles_without_one_solution_are_not_rated() {
        assert_eq!(rate(&Grid::empty(Size::S9), false), Err(Unrated::Multiple));
        let mut bad = Grid::empty(Size::S9);
        bad.set(0, 0, 1);
        bad.set(0, 1, 1);
        assert_eq!(rate(&bad, false), Err(Unrated::NoSolution));
    }
}
