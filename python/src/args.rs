//! Arguments from Python resolved into the library's values, with the
//! messages the CLI gives for the same mistakes (naming the keyword
//! instead of the option), and the warnings of a puzzle run.

use pyo3::prelude::*;
use sudogen::canon::By;
use sudogen::format::Format;
use sudogen::grid::{A, Shape, Size, or_list, plural};
use sudogen::killer::logic::KillerLevel;
use sudogen::killer::make::Settings as KillerSettings;
use sudogen::puzzle::{self, Symmetry};
use sudogen::rate::Level;
use sudogen::runs::{Filter, MAX_ATTEMPTS};
use sudogen::shape::{MAX_SIDE, MIN_SIDE};
use sudogen::solve::Budget;
use sudogen::strategies::Strategy;

use crate::value_error;

/// `a, b or c`, quoted.
fn names<'a>(all: impl IntoIterator<Item = &'a str>) -> String {
    let all: Vec<String> = all.into_iter().map(|n| format!("'{n}'")).collect();
    match all.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// A side length.
pub fn grid_size(side: usize) -> PyResult<Size> {
    Size::from_side(side).ok_or_else(|| {
        let usual = or_list(Size::USUAL.iter().map(|s| s.side()));
        value_error(match side {
            MIN_SIDE..=MAX_SIDE => format!(
                "{} grid has no boxes; use {usual}, or regions of your own with regions=",
                A(format_args!("{side}x{side}"))
            ),
            _ => format!("'{side}' is not a grid size; use {usual}"),
        })
    })
}

/// The strategy named, or the default for the shape (uniform for 4x4, 6x6
/// and 9x9, search for the variants, backtrack for the rest); an error if
/// it cannot make that shape, in the CLI's words: the shapes it makes
/// (`Strategy::reach`) and the strategies that make this one.
pub fn strategy(name: Option<&str>, shape: Shape) -> PyResult<Strategy> {
    let strategy = match name {
        None => Strategy::default_for(shape.clone()),
        Some(n) => Strategy::named(n).ok_or_else(|| {
            value_error(format!(
                "'{n}' is not a strategy; use {}",
                names(Strategy::ALL.iter().map(|s| s.name()))
            ))
        })?,
    };
    strategy.check_size(shape).map_err(|e| {
        let others: Vec<&str> = e.others().iter().map(|s| s.name()).collect();
        value_error(format!(
            "strategy '{}' cannot make {} (it makes {}); use a strategy that can: {}",
            e.strategy,
            e.shape.of("grids"),
            e.strategy.reach(),
            others.join(", ")
        ))
    })?;
    Ok(strategy)
}

/// An error if `start..start + n` goes past the last index, 2^64 - 1.
pub fn check_range(start: u64, n: u64) -> PyResult<()> {
    if n > 0 && start.checked_add(n - 1).is_none() {
        return Err(value_error(
            "start plus n is past the last index (2^64 - 1); use a smaller start or n",
        ));
    }
    Ok(())
}

/// The symmetry named (none by default): a pattern of givens, so every
/// shape takes every symmetry, as the CLI's `--symmetry` does.
pub fn symmetry(name: Option<&str>) -> PyResult<Symmetry> {
    match name {
        None => Ok(Symmetry::None),
        Some(n) => Symmetry::named(n).ok_or_else(|| {
            value_error(format!(
                "'{n}' is not a symmetry; use {}",
                names(Symmetry::ALL.iter().map(|s| s.name()))
            ))
        }),
    }
}

/// A clue target the shape allows.
pub fn clues(clues: Option<i64>, shape: Shape) -> PyResult<Option<usize>> {
    let Some(n) = clues else {
        return Ok(None);
    };
    let size = shape.size();
    let least = puzzle::fewest_clues(shape);
    match usize::try_from(n) {
        Ok(k) if (least..=size.cells()).contains(&k) => Ok(Some(k)),
        _ => Err(value_error(format!(
            "clues={n} is not possible for {} puzzle with one solution; use {least} to {}",
            A(size),
            size.cells()
        ))),
    }
}

/// A search budget: a number of guesses, or none for no bound.
pub fn budget(guesses: Option<u64>) -> Budget {
    guesses.map_or(Budget::UNLIMITED, Budget::new)
}

/// A canonical convention by name.
pub fn by(name: &str) -> PyResult<By> {
    By::from_name(name).ok_or_else(|| {
        value_error(format!(
            "'{name}' is not a canonical form; use {}",
            names(By::ALL.iter().map(|b| b.name()))
        ))
    })
}

/// A registered format by name.
pub fn format(name: &str) -> PyResult<Format> {
    Format::named(name).ok_or_else(|| {
        value_error(format!(
            "'{name}' is not a format; use {}",
            names(sudogen::format::FORMATS.iter().map(|f| f.name()))
        ))
    })
}

/// An error if `attempts` is out of the CLI's `--attempts` range.
fn attempts_in_range(attempts: Option<u64>) -> PyResult<()> {
    match attempts.filter(|n| !(1..=MAX_ATTEMPTS).contains(n)) {
        Some(n) => Err(value_error(format!(
            "'{n}' is out of range for a number of attempts; use 1 to {MAX_ATTEMPTS}"
        ))),
        None => Ok(()),
    }
}

/// What a puzzle run retries: the rated run asked for by `rating` (`A..B`
/// text) or `level` (a name), trying `attempts` candidates per puzzle
/// (1000 by default), and the removal orders each puzzle may try toward
/// the clue target (`attempts`, 1 by default; 1 in a rated run, whose
/// attempts are candidates for the range): the CLI's checks and
/// defaults.
pub fn retries(
    rating: Option<&str>,
    level: Option<&str>,
    attempts: Option<u64>,
    clues: Option<usize>,
    shape: Shape,
) -> PyResult<(Option<Filter>, u64)> {
    if rating.is_some() && level.is_some() {
        return Err(value_error("give rating or level, not both"));
    }
    attempts_in_range(attempts)?;
    let rating = rating
        .map(|r| Filter::parse_range(r).map_err(value_error))
        .transpose()?;
    let level = match level {
        None => None,
        Some(n) => Some(Level::named(n).ok_or_else(|| {
            value_error(format!(
                "'{n}' is not a level; use {}",
                names(Level::ALL.iter().map(|l| l.name()))
            ))
        })?),
    };
    let range = rating.or(level.map(Level::range));
    let Some((low, high)) = range else {
        if let (Some(n), None) = (attempts, clues) {
            return Err(value_error(format!(
                "attempts={n} retries toward clues=, rating= or level=, and none was given; add one, or leave out attempts"
            )));
        }
        return Ok((None, attempts.unwrap_or(1)));
    };
    let filter = Filter {
        low,
        high,
        attempts: attempts.unwrap_or(1000),
    };
    // The library's rule, as the CLI applies it.
    if let Err(why) = filter.reach(&shape) {
        let asked = match (rating, level) {
            (Some((l, h)), _) => format!("rating '{}'", Filter::range_text(l, h)),
            // A range without a rating is a level's.
            (None, level) => format!("level '{}'", level.map_or("", |l| l.name())),
        };
        let advice = why.advice(filter.attempts, "attempts=", "rating='6.5..'", "rate()");
        return Err(value_error(format!("{asked}: {advice}")));
    }
    Ok((Some(filter), 1))
}

/// How many puzzles, and the first few of them.
#[derive(Default)]
pub struct Indices {
    /// How many.
    pub count: u64,
    /// The first [`Indices::SHOWN`], in order.
    first: Vec<u64>,
}

impl Indices {
    const SHOWN: usize = 10;

    /// Adds an index (indices come in increasing order).
    pub fn add(&mut self, index: u64) {
        self.count += 1;
        if self.first.len() < Self::SHOWN {
            self.first.push(index);
        }
    }

    /// "puzzles 1, 5, 8", with "..." when there are more.
    fn text(&self) -> String {
        let shown: Vec<String> = self.first.iter().map(u64::to_string).collect();
        let more = if self.count > self.first.len() as u64 {
            ", ..."
        } else {
            ""
        };
        let noun = if self.count == 1 { "puzzle" } else { "puzzles" };
        format!("{noun} {}{more}", shown.join(", "))
    }
}

/// The CLI's warning for puzzles whose search ran out of budget.
pub fn unproven_warning(unproven: &Indices, clues: Option<usize>, budget: Budget) -> String {
    let short = match clues {
        None => "unique, but not known to be minimal; raise budget, or stop earlier with clues"
            .to_string(),
        Some(n) => format!("unique, but above {n} clues; raise budget"),
    };
    format!(
        "{} kept givens whose uniqueness check ran out of the search budget ({budget} guesses per puzzle; {}): {short}",
        plural(unproven.count as usize, "puzzle"),
        unproven.text()
    )
}

/// The CLI's warning for indices a rated run could not fill.
pub fn missed_warning(missed: &Indices, filter: &Filter) -> String {
    format!(
        "{} not made: none of {} attempts rated {} ({}); widen the range or raise attempts",
        plural(missed.count as usize, "puzzle"),
        filter.attempts,
        Filter::range_text(filter.low, filter.high),
        missed.text()
    )
}

/// The CLI's note on what a clue target gave (`runs::clue_note`), in the
/// keywords' words.
pub fn clue_note(target: usize, attempts: u64, reached: u64, above: &[u64]) -> Option<String> {
    let asked = format!("clues={target}");
    let with_attempts = format!("clues={target}, attempts={attempts}");
    sudogen::runs::clue_note(target, attempts, reached, above, (&asked, &with_attempts))
}

/// The sides killer puzzles are made for, as `sudogen puzzle --variant
/// killer` makes them (the CLI's `KILLER_SIDES`).
const KILLER_SIDES: std::ops::RangeInclusive<usize> = 4..=12;

/// Killer candidates tried per puzzle toward a level by default (the
/// CLI's `KILLER_ATTEMPTS`).
const KILLER_ATTEMPTS: u64 = 100;

/// A killer run's level and the candidates tried per puzzle toward it.
pub type KillerTarget = Option<(KillerLevel, u64)>;

/// The settings of a killer run (`variant="killer"` or `"x-killer"`, named
/// `variant`), with the CLI's checks (`PuzzleArgs::killer`): the keywords
/// that do not apply refused (`symmetry`, and `rating`: killer puzzles
/// have levels), the side in 4 to 12, `clues` the givens beside the cages
/// (none by default), and the CLI's budgets (200 guesses a count up to
/// 9x9, 50,000 above); with `level` (a killer level's name), the level
/// kept and the candidates tried per puzzle toward it (`attempts`, 100
/// by default), as `--level` and `--attempts` with `--variant killer`.
pub fn killer(
    variant: &str,
    shape: &Shape,
    symmetry: Symmetry,
    clues: Option<i64>,
    (rating, level, attempts): (Option<&str>, Option<&str>, Option<u64>),
) -> PyResult<(KillerSettings, KillerTarget)> {
    let refuse = |what: &str| {
        Err(value_error(format!(
            "{what} does not go with variant='{variant}' yet (killer puzzles have cages, not removed givens); leave it out"
        )))
    };
    let side = shape.side();
    if !KILLER_SIDES.contains(&side) {
        return Err(value_error(format!(
            "variant='{variant}' makes sides {} to {}, not {side}; choose a size= in that range",
            KILLER_SIDES.start(),
            KILLER_SIDES.end(),
        )));
    }
    if symmetry != Symmetry::None {
        return refuse("symmetry=");
    }
    if rating.is_some() {
        return refuse("rating= (killer puzzles have levels: level=)");
    }
    attempts_in_range(attempts)?;
    let killer_levels = || names(KillerLevel::ALL.iter().map(|l| l.name()));
    let level = match level {
        None => None,
        Some(n) => Some(KillerLevel::named(n).ok_or_else(|| {
            value_error(match Level::named(n) {
                // A classic level with no killer one (fiendish).
                Some(_) => format!(
                    "level='{n}' is a classic level, not a killer one; use {}",
                    killer_levels()
                ),
                None => format!("'{n}' is not a killer level; use {}", killer_levels()),
            })
        })?),
    };
    if let (Some(n), None) = (attempts, level) {
        return Err(value_error(format!(
            "attempts={n} retries toward level=, and none was given; add one, or leave out attempts"
        )));
    }
    let target = level.map(|l| (l, attempts.unwrap_or(KILLER_ATTEMPTS)));
    let givens = match clues {
        None => 0,
        Some(n) => match usize::try_from(n) {
            Ok(k) if k <= shape.cells() => k,
            _ => {
                return Err(value_error(format!(
                    "clues={n}: a killer puzzle takes 0 to {} givens beside its cages",
                    shape.cells()
                )));
            }
        },
    };
    Ok((KillerSettings::for_side(side, givens), target))
}

/// The warning for indices a killer run kept to one level could not fill
/// (the CLI's warning for a rated run's misses, in killer levels).
pub fn killer_missed_warning(missed: &Indices, (level, attempts): (KillerLevel, u64)) -> String {
    format!(
        "{} not made: none of {attempts} attempts was a killer puzzle of level '{}' ({}); choose another level or raise attempts",
        plural(missed.count as usize, "puzzle"),
        level.name(),
        missed.text()
    )
}
