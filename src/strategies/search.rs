//! `search`: the exact solver's search, steered by random values (ours,
//! not from a seed).
//!
//! **Algorithm.** Draw a random value for every cell (a *hint*, not a
//! valid grid), and let the solver of the shape ([`crate::solve`]) find
//! the first solution of the empty grid, each of its guesses trying the
//! hint's value first: singles fill what follows from each placement,
//! and a dead end is undone by the search, not by starting over. Then
//! relabel the values by a random permutation (every shape and variant
//! keeps its rules under a relabelling), so no value is favoured.
//!
//! **Why.** The seed strategies fill cell by cell without propagation;
//! on the variants that costs dearly: measured per 9x9 grid (one core),
//! `backtrack` takes about 0.3 ms for X, 0.6 ms for Hyper and 8 ms for
//! the jigsaw map of docs/GUIDE.md, and a 16x16 X grid more than a
//! minute; `potential` is fast for X (14 µs) but slower still on Hyper
//! and the jigsaw. This search takes tens of microseconds on each of
//! them (docs/PERFORMANCE.md), so it is the default for the variants.
//!
//! **Cost.** One search for one solution: the guesses it makes, each a
//! copy of the solver's state and the singles that follow. Each attempt
//! may spend at most [`ATTEMPT_BUDGET`] guesses; an attempt cut short
//! starts again with new random values, and after [`MAX_ATTEMPTS`] the
//! last search runs without a bound (complete, so it ends with a grid
//! whenever the shape has one: every box shape and variant has, and a
//! jigsaw map is checked for one when it is given, see
//! [`crate::solve::has_grid`]).
//!
//! **Bias.** Not uniform: the grid follows the random values where the
//! rules let it, and the solver's choice of where to guess (fewest
//! candidates first) is deterministic, so grids that propagation reaches
//! early are favoured. The relabelling makes every value equally likely
//! in every cell. Measured on classic 9x9 (`sudogen stats -s search -n
//! 100000 --seed 1`): no duplicates and the symbols per cell pass
//! (χ² 590 on 648 df), but the top band's class fails (χ² 8,393 on 43 df)
//! and so does the count of 4-cell unavoidable rectangles (10.46 a grid
//! against 11.58 for uniform grids, z = -101), like `backtrack`,
//! `potential`, `bas` and `rotate`. Use `uniform` where it exists.

use rand::Rng;

use super::{Generator, assert_supported};
use crate::grid::{Grid, Size};
use crate::random::{below, shuffle};
use crate::solve::{Budget, Search, search_toward};

/// The one-line description.
pub const DESCRIPTION: &str =
    "the solver's search toward random values, then relabelled: fast on every variant";

/// The guesses one attempt may spend before it starts again.
pub const ATTEMPT_BUDGET: u64 = 100_000;

/// The attempts cut short before the last, unbounded one.
pub const MAX_ATTEMPTS: u32 = 100;

/// The solver-steered filler. See the [module docs](self).
#[derive(Clone, Copy, Debug, Default)]
pub struct SolverSearch;

impl Generator for SolverSearch {
    fn sizes(&self) -> &'static [Size] {
        &Size::ALL
    }

    fn supports(&self, _shape: &crate::grid::Shape) -> bool {
        true
    }

    fn generate<R: Rng + ?Sized>(&self, rng: &mut R, grid: &mut Grid) {
        let shape = grid.shape().clone();
        assert_supported(self, "search", &shape);
        let n = shape.size().side() as u32;
        let empty = Grid::new(&shape);
        let mut hint = Grid::new(&shape);
        let mut attempt = 0;
        let solution = loop {
            for c in hint.cells_mut() {
                *c = below(rng, n) as u8 + 1;
            }
            let budget = if attempt < MAX_ATTEMPTS {
                Budget::new(ATTEMPT_BUDGET)
            } else {
                Budget::UNLIMITED
            };
            let out = search_toward(&empty, &hint, Search { limit: 1, budget });
            if let Some(g) = out.first {
                break g;
            }
            assert!(
                out.cut,
                "no {shape} grid exists (a jigsaw map is checked with solve::has_grid first)"
            );
            attempt += 1;
        };
        let mut labels: Vec<u8> = (1..=n as u8).collect();
        shuffle(rng, &mut labels);
        grid.clear(&shape);
        for (out, &v) in grid.cells_mut().iter_mut().zip(solution.cells()) {
            *out = labels[usize::from(v) - 1];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Layout, Shape, Variant};
    use crate::random::grid_rng;
    use crate::strategies::testing::assert_valid_grids;

    #[test]
    fn grids_are_valid() {
        assert_valid_grids(&SolverSearch, 300);
    }

    #[test]
    fn variant_grids_are_valid_and_differ() {
        let jigsaw = Layout::parse(
            "AAABBBCCC AABBBCCCC AAAABBBCC DDDDEEEFF DDEEEFFFF DDDEEEFFF GGGHHHIII GGGHHHIII GGGHHHIII",
        )
        .unwrap();
        let shapes = [
            Shape::new(Size::S9, Variant::X).unwrap(),
            Shape::new(Size::S9, Variant::Hyper).unwrap(),
            Shape::new(Size::S16, Variant::X).unwrap(),
            Shape::new(Size::boxed(12, 3, 4).unwrap(), Variant::X).unwrap(),
            Shape::jigsaw(jigsaw),
        ];
        for shape in shapes {
            let mut seen = std::collections::HashSet::new();
            for i in 0..50 {
                let g = SolverSearch.grid(&mut grid_rng(7, i), &shape);
                assert_eq!(*g.shape(), shape);
                assert_eq!(g.validate(), Ok(()), "{shape} #{i}");
                seen.insert(g.cells().to_vec());
            }
            assert_eq!(seen.len(), 50, "{shape}: repeated grids");
        }
    }

    #[test]
    fn every_value_is_as_likely_in_the_first_cell() {
        // The relabelling: 9,000 grids, 1,000 expected per value (sd 30).
        let shape = Shape::new(Size::S9, Variant::X).unwrap();
        let mut counts = [0u32; 10];
        for i in 0..9000 {
            counts[usize::from(SolverSearch.grid(&mut grid_rng(8, i), &shape).cells()[0])] += 1;
        }
        for &c in &counts[1..] {
            assert!((c as i32 - 1000).abs() < 180, "{counts:?}");
        }
    }
}
