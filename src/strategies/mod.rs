//! The generation strategies: the [`Generator`] trait, one file per
//! algorithm, and the [`Strategy`] enum that lists them all and dispatches
//! to them without dynamic dispatch.

use rand::Rng;

use crate::grid::{Grid, Shape, Size};

pub mod backtrack;
pub mod bas;
pub mod chain;
pub mod potential;
pub mod rotate;
pub mod search;
pub mod uniform;

pub use backtrack::Backtrack;
pub use bas::Bas;
pub use chain::Chain;
pub use potential::Potential;
pub use rotate::Rotate;
pub use search::SolverSearch;
pub use uniform::Uniform;

/// An algorithm that fills a grid with a valid Sudoku solution.
///
/// Like `rand`'s `Distribution::sample`, a generator takes the random number
/// generator as a parameter: the caller owns the randomness, so the same
/// generator state always gives the same grid.
pub trait Generator {
    /// The classic sizes (square boxes) this generator can fill.
    fn sizes(&self) -> &'static [Size];

    /// Overwrites `grid`, keeping its shape, with a complete valid grid
    /// drawn using `rng`.
    ///
    /// # Panics
    /// If the generator does not [support](Generator::supports) the grid's
    /// shape.
    fn generate<R: Rng + ?Sized>(&self, rng: &mut R, grid: &mut Grid);

    /// Whether this generator can fill grids of `shape`: by default, the
    /// classic [`sizes`](Generator::sizes) without a variant.
    fn supports(&self, shape: &Shape) -> bool {
        shape.is_plain() && self.sizes().contains(&shape.size())
    }

    /// A new grid of `shape` drawn using `rng`.
    fn grid<R: Rng + ?Sized>(&self, rng: &mut R, shape: impl Into<Shape>) -> Grid {
        let mut g = Grid::new(shape.into());
        self.generate(rng, &mut g);
        g
    }
}

/// Declares [`Strategy`] and its dispatch from one table, so a new
/// strategy is one line here (and its module).
macro_rules! strategies {
    ($($variant:ident => $name:literal, $module:ident :: $generator:ident;)*) => {
        /// Every strategy sudogen offers, by its command-line name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Strategy {
            $(
                #[doc = concat!("`", $name, "`: see [`", stringify!($module), "`].")]
                $variant,
            )*
        }

        impl Strategy {
            /// Every strategy, in the order `--help` lists them.
            pub const ALL: &'static [Strategy] = &[$(Strategy::$variant),*];

            /// The name used on the command line and in JSON output.
            pub fn name(self) -> &'static str {
                match self {
                    $(Strategy::$variant => $name,)*
                }
            }

            /// A one-line description.
            pub fn description(self) -> &'static str {
                match self {
                    $(Strategy::$variant => $module::DESCRIPTION,)*
                }
            }

            /// The classic sizes this strategy can fill.
            pub fn sizes(self) -> &'static [Size] {
                match self {
                    $(Strategy::$variant => $module::$generator::default().sizes(),)*
                }
            }

            /// Whether this strategy can fill grids of `shape`.
            pub fn supports(self, shape: impl Into<Shape>) -> bool {
                let shape = shape.into();
                match self {
                    $(Strategy::$variant => $module::$generator::default().supports(&shape),)*
                }
            }

            /// A new grid of `shape` drawn with this strategy.
            ///
            /// # Panics
            /// If the strategy does not support `shape`.
            pub fn grid<R: Rng + ?Sized>(self, rng: &mut R, shape: impl Into<Shape>) -> Grid {
                let mut g = Grid::new(shape.into());
                self.generate(rng, &mut g);
                g
            }

            /// Fills `grid` (keeping its shape) using this strategy, with its
            /// default settings.
            ///
            /// # Panics
            /// If the strategy does not support the grid's shape; see
            /// [`check_size`](Strategy::check_size).
            #[inline]
            pub fn generate<R: Rng + ?Sized>(self, rng: &mut R, grid: &mut Grid) {
                match self {
                    $(Strategy::$variant => $module::$generator::default().generate(rng, grid),)*
                }
            }
        }
    };
}

strategies! {
    Uniform => "uniform", uniform::Uniform;
    Backtrack => "backtrack", backtrack::Backtrack;
    Rotate => "rotate", rotate::Rotate;
    Bas => "bas", bas::Bas;
    Potential => "potential", potential::Potential;
    Chain => "chain", chain::Chain;
    Search => "search", search::SolverSearch;
}

impl Strategy {
    /// The strategy of this name, if there is one.
    pub fn named(name: &str) -> Option<Strategy> {
        Strategy::ALL.iter().copied().find(|s| s.name() == name)
    }

    /// The description with the shapes it fills, as `--help` shows it.
    pub fn help(self) -> String {
        format!("{} [{}]", self.description(), self.reach())
    }

    /// Every shape it fills, in a few words: what
    /// [`supports`](Strategy::supports) answers.
    pub fn reach(self) -> &'static str {
        match self {
            Strategy::Uniform => "4x4, 9x9 and 6x6 with boxes 2x3, without a variant",
            Strategy::Backtrack | Strategy::Search => "every size and box shape, and every variant",
            Strategy::Rotate => "every size and box shape, without a variant",
            Strategy::Bas | Strategy::Chain => "4x4, 9x9, 16x16 and 25x25, without a variant",
            Strategy::Potential => "every size and box shape up to 16x16, and every variant",
        }
    }

    /// The strategy used when none is given: `uniform` where it can
    /// (4x4, 6x6 and 9x9 without a variant), `search` for the variants
    /// (X, Hyper, Jigsaw: the seed strategies, without propagation, are
    /// slow there; see `strategies/search.rs`), else `backtrack`.
    pub fn default_for(shape: impl Into<Shape>) -> Strategy {
        let shape = shape.into();
        if Strategy::Uniform.supports(&shape) {
            Strategy::Uniform
        } else if !shape.is_plain() {
            Strategy::Search
        } else {
            Strategy::Backtrack
        }
    }

    /// Checks that this strategy can fill `shape`, with an error that
    /// names what it can.
    pub fn check_size(self, shape: impl Into<Shape>) -> Result<(), UnsupportedSize> {
        let shape = shape.into();
        if self.supports(&shape) {
            Ok(())
        } else {
            Err(UnsupportedSize {
                strategy: self,
                size: shape.size(),
                shape,
            })
        }
    }
}

impl std::fmt::Display for Strategy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A strategy was asked for a size it cannot fill.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnsupportedSize {
    /// The strategy.
    pub strategy: Strategy,
    /// The size asked for.
    pub size: Size,
    /// The whole shape asked for (its size and variant).
    pub shape: Shape,
}

impl UnsupportedSize {
    /// The strategies that can fill the shape asked for.
    pub fn others(&self) -> Vec<Strategy> {
        Strategy::ALL
            .iter()
            .copied()
            .filter(|s| s.supports(&self.shape))
            .collect()
    }
}

impl std::fmt::Display for UnsupportedSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let others: Vec<&str> = self.others().iter().map(|s| s.name()).collect();
        write!(
            f,
            "strategy '{}' cannot make {}; it makes {}; {} make them",
            self.strategy,
            self.shape.of("grids"),
            self.strategy.reach(),
            others.join(", "),
        )
    }
}

impl std::error::Error for UnsupportedSize {}

/// Panics with a clear message if `generator` cannot fill `shape`; shared
/// by the strategies' `generate`.
#[inline]
pub(crate) fn assert_supported<G: Generator + ?Sized>(generator: &G, name: &str, shape: &Shape) {
    assert!(
        generator.supports(shape),
        "strategy '{name}' cannot make {shape} grids"
    );
}

/// How a restarting strategy's fail-safe went for one grid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Restarts {
    /// Attempts abandoned and started again.
    pub restarts: u32,
    /// Whether every allowed attempt failed and `rotate` made the grid.
    pub fell_back: bool,
}

/// The fail-safe shared by the strategies that can fail part-way: runs
/// `attempt` (which returns whether it completed the grid) up to
/// `max_restarts + 1` times, then makes the grid another way, so no grid
/// takes unbounded time: with `rotate` where it can (no variant), else as
/// the solver's first solution of the empty grid (see [`fallback`]). Each
/// strategy sets its limit so the fallback is astronomically rare, and
/// tests force it. When the process is stopping
/// ([`crate::pipeline::interrupt`]: the reader of its output has gone), it
/// falls back at once: the grid will be dropped, and a 25x25 one could
/// otherwise take seconds more.
#[inline]
pub(crate) fn with_restarts<R: Rng + ?Sized>(
    rng: &mut R,
    grid: &mut Grid,
    max_restarts: u32,
    mut attempt: impl FnMut(&mut R, &mut Grid) -> bool,
) -> Restarts {
    let mut out = Restarts::default();
    loop {
        if attempt(rng, grid) {
            return out;
        }
        if out.restarts == max_restarts || crate::pipeline::interrupted() {
            out.fell_back = true;
            fallback(rng, grid);
            return out;
        }
        out.restarts += 1;
    }
}

/// Fills `grid` when a restarting strategy gives up: `rotate` without a
/// variant; with one, `backtrack` without a step-back budget (a complete
/// search: it ends, with a grid, whenever the shape has one; every box
/// shape and variant has, and a jigsaw map is checked for one when it is
/// given, see `solve::has_grid`).
pub(crate) fn fallback<R: Rng + ?Sized>(rng: &mut R, grid: &mut Grid) {
    if Rotate.supports(grid.shape()) {
        Rotate.generate(rng, grid);
        return;
    }
    let unbounded = Backtrack {
        limits: Some(backtrack::Limits {
            budget: u64::MAX,
            max_restarts: 0,
        }),
    };
    unbounded.generate(rng, grid);
}

/// Tests that every strategy shares: validity over many seeds and sizes.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;
    use crate::random::grid_rng;

    /// Generates `count` grids of every supported size from consecutive
    /// indices and checks each with the independent validator.
    pub fn assert_valid_grids<G: Generator>(generator: &G, count_9x9: u64) {
        for &size in generator.sizes() {
            let count = match size.side() {
                0..=9 => count_9x9,
                10..=16 => count_9x9 / 10,
                _ => count_9x9 / 50,
            }
            .max(5);
            let mut grid = Grid::empty(size);
            for index in 0..count {
                let mut rng = grid_rng(index % 7, index);
                generator.generate(&mut rng, &mut grid);
                assert_eq!(grid.size(), size);
                if let Err(e) = grid.validate() {
                    panic!("{size} grid {index} is invalid ({e}): {grid:?}");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_strategy_is_listed_once_with_a_name_and_sizes() {
        for &s in Strategy::ALL {
            assert!(!s.description().is_empty());
            assert!(!s.sizes().is_empty());
            assert!(!s.reach().is_empty());
            assert_eq!(Strategy::named(s.name()), Some(s), "{s}");
        }
        assert_eq!(Strategy::named("nope"), None);
    }

    /// `--help` and the errors name the shapes a strategy makes by its
    /// `reach`: it says what `supports` answers, size by size (issue 50,
    /// item 27: the lists named 4, 9, 16, 25 only).
    #[test]
    fn reach_says_what_supports_answers() {
        use crate::shape::Variant;
        for &s in Strategy::ALL {
            let reach = s.reach();
            let sides: Vec<usize> = Size::USUAL
                .iter()
                .filter(|&&z| s.supports(z))
                .map(|z| z.side())
                .collect();
            let largest = *sides.last().unwrap();
            if sides.len() == Size::USUAL.len() {
                assert!(reach.starts_with("every size"), "{s}: {reach}");
            } else if reach.starts_with("every size") {
                // Every size up to a bound, and none past it.
                let bound = format!("up to {largest}x{largest}");
                assert!(reach.contains(&bound), "{s}: {reach}");
                assert!(
                    Size::USUAL
                        .iter()
                        .all(|z| s.supports(*z) == (z.side() <= largest))
                );
            } else {
                for side in &sides {
                    assert!(reach.contains(&format!("{side}x{side}")), "{s}: {reach}");
                }
                for z in Size::USUAL.iter().filter(|z| !sides.contains(&z.side())) {
                    assert!(!reach.contains(&z.to_string()), "{s}: {reach} names {z}");
                }
            }
            let other_boxes = Size::boxed(6, 3, 2).unwrap();
            assert_eq!(
                s.supports(other_boxes),
                reach.contains("box shape"),
                "{s}: {reach}"
            );
            let x = Shape::new(Size::S9, Variant::X).unwrap();
            assert_eq!(
                s.supports(&x),
                reach.contains("every variant"),
                "{s}: {reach}"
            );
            assert_eq!(
                !s.supports(&x),
                reach.contains("without a variant"),
                "{s}: {reach}"
            );
        }
    }

    #[test]
    fn unsupported_size_message_names_the_sizes() {
        let e = UnsupportedSize {
            strategy: Strategy::Uniform,
            size: Size::S16,
            shape: Size::S16.into(),
        };
        assert_eq!(
            e.to_string(),
            "strategy 'uniform' cannot make 16x16 grids; it makes 4x4, 9x9 and 6x6 with boxes \
             2x3, without a variant; backtrack, rotate, bas, potential, chain, search make them"
        );
    }
}
