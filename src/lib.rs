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
#![deny(missing_docs)]

pub mod app;
pub mod check;
pub mod cli;
pub mod format;
pub mod grid;
pub mod input;
pub mod mask;
pub mod random;
pub mod reference;
pub mod stats;
pub mod strategies;

pub use grid::{Grid, Size};
pub use strategies::{Generator, Strategy};
