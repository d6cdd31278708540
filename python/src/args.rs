//! Arguments from Python resolved into the library's values, with the
//! messages the CLI gives for the same mistakes (naming the keyword
//! instead of the option), and the warnings of a puzzle run.

use pyo3::prelude::*;
use sudogen::canon::By;
use sudogen::format::Format;
use sudogen::grid::{Shape, Size, or_list, plural};
use sudogen::puzzle::{self, Symmetry};
use sudogen::rate::Level;
use sudogen::runs::Filter;
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
            4..=25 => format!("a {side}x{side} grid has no boxes; use {usual}"),
            _ => format!("'{side}' is not a grid size; use {usual}"),
        })
    })
}

/// The strategy named, or the default for the shape (uniform for 4x4, 6x6
/// and 9x9, search for the variants, backtrack for the rest); an error if
/// it cannot make that shape, as the CLI's.
pub fn strategy(name: Option<&str>, shape: Shape) -> PyResult<Strategy> {
    let strategy = match name {
        None => Strategy::default_for(shape),
        Some(n) => Strategy::named(n).ok_or_else(|| {
            value_error(format!(
                "'{n}' is not a strategy; use {}",
                names(Strategy::ALL.iter().map(|s| s.name()))
            ))
        })?,
    };
    strategy.check_size(shape).map_err(|e| {
        let sides: Vec<String> = e
            .strategy
            .sizes()
            .iter()
            .map(|s| s.side().to_string())
            .collect();
        let others: Vec<&str> = e.others().iter().map(|s| s.name()).collect();
        if !e.shape.is_classic() {
            let sizes: Vec<String> = e.strategy.sizes().iter().map(|s| s.to_string()).collect();
            return value_error(format!(
                "strategy '{}' cannot make {} grids (it makes {}, {}); use a strategy that can: {}",
                e.strategy,
                e.shape,
                sizes.join(", "),
                e.strategy.reach(),
                others.join(", ")
            ));
        }
        value_error(format!(
            "strategy '{}' cannot make {} grids; use size {}, or a strategy that can: {}",
            e.strategy,
            e.size,
            sides.join(", "),
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
            "clues={n} is not possible for a {size} puzzle with one solution; use {least} to {}",
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

/// The rated run asked for by `rating` (`A..B` text) or `level` (a name),
/// trying `attempts` candidates per puzzle; the CLI's checks.
pub fn filter(
    rating: Option<&str>,
    level: Option<&str>,
    attempts: u64,
    shape: Shape,
) -> PyResult<Option<Filter>> {
    if rating.is_some() && level.is_some() {
        return Err(value_error("give rating or level, not both"));
    }
    if !(1..=1_000_000).contains(&attempts) {
        return Err(value_error(format!(
            "'{attempts}' is out of range for a number of attempts; use 1 to 1000000"
        )));
    }
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
    let filter = range.map(|(low, high)| Filter {
        low,
        high,
        attempts,
    });
    // The library's rule, as the CLI applies it.
    if let Some(Err(why)) = filter.map(|f| f.reach(shape)) {
        let asked = rating.map_or_else(
            || "of this level".to_string(),
            |(l, h)| format!("'{}'", Filter::range_text(l, h)),
        );
        let advice = why.advice(attempts, "attempts=", "rating='6.5..'", "rate()");
        return Err(value_error(format!("rating {asked}: {advice}")));
    }
    Ok(range.map(|(low, high)| Filter {
        low,
        high,
        attempts,
    }))
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

/// The CLI's note when a clue target was out of reach, from the clue
/// counts of the puzzles above it.
pub fn above_note(target: usize, above: &[u64]) -> Option<String> {
    let (total, range) = sudogen::runs::clue_spread(above)?;
    Some(format!(
        "note: clues={target}: {} stayed above {target} clues ({range}): each is minimal, no given can go without a second solution; see docs/GUIDE.md, \"How few clues\"",
        plural(total as usize, "puzzle")
    ))
}
