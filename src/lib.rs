//! sudogen: fast, reproducible Sudoku grid generation.
//!
//! A grid is a pure function of (strategy, size, seed, index): grid `index`
//! of a run is drawn from its own ChaCha8 stream (see [`random::grid_rng`]),
//! so any grid can be reproduced alone, and a run can be split into shards
//! that give the same bytes.
//!
//! ```
//! use sudogen::{Grid, Size, Strategy, random::grid_rng};
//!
//! let mut grid = Grid::empty(Size::S9);
//! Strategy::Backtrack.generate(&mut grid_rng(7, 0), &mut grid);
//! assert!(grid.is_valid());
//! ```
//!
//! The modules, from the bottom up: [`mask`] (sets of values as bits),
//! [`grid`], [`candidates`] (what each unit still lacks), [`random`],
//! [`strategies`] (one file per fill algorithm), [`format`](mod@format) (one reader and
//! writer per format), [`check`] and [`stats`] (what the commands compute),
//! [`solve`] (solutions and their count), [`layouts`] (random jigsaw
//! region maps with a grid each), [`puzzle`] (making puzzles),
//! [`techniques`] (one file per human solving technique) and [`rate`]
//! (difficulty on the Sudoku Explainer scale), [`transform`] and
//! [`canon`] (symmetries and canonical forms) with [`dataset`]
//! (fingerprints, splits, distinct sets), [`print`] (puzzle books),
//! [`runs`] (grid and puzzle `i` of a run), and [`pipeline`] (the one
//! ordered parallel stream every command runs on).
//!
//! The command line is the `sudogen` binary's own (`src/cli/`): this
//! library knows nothing of options or flags, and its errors speak of
//! values.
#![deny(missing_docs)]
#![deny(unsafe_code)]

pub mod budget;
pub mod cages;
pub mod candidates;
pub mod canon;
pub mod check;
pub mod dataset;
pub mod format;
pub mod grid;
pub mod killer;
pub mod layouts;
pub mod mask;
pub mod pipeline;
pub mod print;
pub mod puzzle;
pub mod random;
pub mod rate;
pub mod reference;
pub mod runs;
pub mod shape;
pub mod solve;
pub mod stats;
pub mod strategies;
pub mod techniques;
pub mod transform;

pub use grid::{Grid, Size};
pub use strategies::{Generator, Strategy};

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
