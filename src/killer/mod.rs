//! Killer Sudoku: cages with sums instead of (or beside) givens.
//!
//! The cages themselves are data ([`crate::cages`]); this room holds what
//! works on them: the combination tables ([`combos`]), the solver and
//! counter ([`solve`]), the puzzle maker ([`make`]) and the logical
//! solver that rates and explains ([`logic`]). They take the
//! grid's [`Geometry`](crate::shape::Geometry) and the cages separately,
//! so any shape's units (boxes of any size, jigsaw regions, X, Hyper)
//! combine with cages.

pub mod combos;
pub mod logic;
pub mod make;
pub mod solve;
