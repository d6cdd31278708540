//! What a grid looks like on paper, independent of any solver: its side,
//! the regions whose borders are drawn thick (boxes of any shape, or the
//! irregular regions of Jigsaw Sudoku), and the cells shaded for variants
//! (the long diagonals of X-Sudoku, the extra windows of Hyper Sudoku).
//!
//! The printing code reads a [`Geometry`] and never a [`Size`], so that
//! the rectangular boxes (6x6, 12x12) and the variants planned for sudogen
//! print without changes here: a new kind of grid only has to say which
//! cells share a region and which are shaded.

use crate::grid::{Shape, Size, Variant};

use super::Error;

/// The largest side printed: values are bytes and symbols are single
/// characters, and past this a grid is no longer a puzzle for paper.
pub const MAX_SIDE: usize = 64;

/// A rectangle of cells shaded on the grid (a Hyper Sudoku window).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// The top row (0-based).
    pub row: usize,
    /// The left column (0-based).
    pub col: usize,
    /// How many rows it covers.
    pub height: usize,
    /// How many columns it covers.
    pub width: usize,
}

/// A killer cage as drawn: the sum of its cells, written small in the top
/// left corner of its first cell in reading order, and its cells (row-major
/// numbers), outlined by a dashed line inside them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cage {
    /// The sum of its cells.
    pub sum: u32,
    /// Its cells, `row * side + col`.
    pub cells: Vec<usize>,
}

/// The shape of a grid, as far as drawing it goes.
///
/// Cells are numbered row-major, `row * side + col`. Thick lines are drawn
/// round the grid and between cells of different regions; thin lines
/// between the other cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// The number of rows, of columns and of symbols.
    pub side: usize,
    /// The height of a box in cells (ignored when `regions` is given).
    pub box_rows: usize,
    /// The width of a box in cells (ignored when `regions` is given).
    pub box_cols: usize,
    /// The region of each cell, for grids whose regions are not boxes
    /// (Jigsaw): `side * side` ids, any values, cells with equal ids
    /// sharing a region.
    pub regions: Option<Vec<u8>>,
    /// Whether the two long diagonals are shaded (X-Sudoku).
    pub diagonals: bool,
    /// Extra shaded regions (the four windows of Hyper Sudoku).
    pub windows: Vec<Window>,
    /// Killer cages (none for other puzzles): each cell in at most one.
    pub cages: Vec<Cage>,
}

impl Geometry {
    /// A grid of side `side` with square boxes (`side` a square: 4, 9, 16,
    /// 25). For another `side` the boxes are left as the nearest square
    /// below, which [`validate`](Geometry::validate) refuses.
    pub fn square(side: usize) -> Geometry {
        let b = side.isqrt();
        Geometry::rectangular(side, b, b)
    }

    /// A grid of side `side` with boxes of `box_rows` x `box_cols` cells,
    /// such as 6 with 2 x 3 boxes, or 12 with 3 x 4.
    pub fn rectangular(side: usize, box_rows: usize, box_cols: usize) -> Geometry {
        Geometry {
            side,
            box_rows,
            box_cols,
            regions: None,
            diagonals: false,
            windows: Vec::new(),
            cages: Vec::new(),
        }
    }

    /// The geometry of one of sudogen's sizes: its boxes, square or not (a
    /// size without boxes, a jigsaw grid's, is drawn with its side's
    /// usual boxes; see [`Geometry::from_shape`]).
    pub fn from_size(size: Size) -> Geometry {
        match Size::from_side(size.side()) {
            Some(usual) if !size.has_boxes() => {
                Geometry::rectangular(usual.side(), usual.box_rows(), usual.box_cols())
            }
            _ => Geometry::rectangular(size.side(), size.box_rows(), size.box_cols()),
        }
    }

    /// The geometry of a grid of `shape`: its boxes, X-Sudoku's shaded
    /// diagonals, Hyper's shaded windows, or a jigsaw's regions, and a
    /// killer puzzle's cages.
    pub fn from_shape(shape: &Shape) -> Geometry {
        let geometry = match shape.variant() {
            Variant::None => Geometry::from_size(shape.size()),
            Variant::X => Geometry::from_size(shape.size()).with_diagonals(),
            Variant::Hyper => Geometry::hyper(),
            Variant::Jigsaw(layout) => Geometry::jigsaw(shape.side(), layout.regions()),
        };
        let cages = shape.cages().map_or_else(Vec::new, |cages| {
            (0..cages.count())
                .map(|k| Cage {
                    sum: cages.sum(k),
                    cells: cages.cells(k).iter().map(|&c| usize::from(c)).collect(),
                })
                .collect()
        });
        Geometry { cages, ..geometry }
    }

    /// A Jigsaw grid: `regions` gives each cell's region.
    pub fn jigsaw(side: usize, regions: Vec<u8>) -> Geometry {
        Geometry {
            regions: Some(regions),
            ..Geometry::square(side)
        }
    }

    /// A 9x9 Hyper Sudoku: square boxes and four shaded 3x3 windows, at
    /// rows and columns 1 and 5.
    pub fn hyper() -> Geometry {
        let w = |row, col| Window {
            row,
            col,
            height: 3,
            width: 3,
        };
        Geometry {
            windows: vec![w(1, 1), w(1, 5), w(5, 1), w(5, 5)],
            ..Geometry::square(9)
        }
    }

    /// The same geometry with both long diagonals shaded (X-Sudoku).
    pub fn with_diagonals(self) -> Geometry {
        Geometry {
            diagonals: true,
            ..self
        }
    }

    /// The rule a book states for this kind of grid, beyond rows, columns
    /// and boxes (`None` for a plain grid): `X: ...`, `Hyper: ...`,
    /// `Jigsaw: ...`.
    pub fn rule(&self) -> Option<&'static str> {
        let digits = self.side <= 9;
        if !self.cages.is_empty() {
            Some("Killer: the digits of each dashed cage add up to its sum, none repeated")
        } else if self.regions.is_some() {
            Some(if digits {
                "Jigsaw: each outlined region holds 1-9 once, in place of boxes"
            } else {
                "Jigsaw: each outlined region holds every symbol once, in place of boxes"
            })
        } else if self.diagonals {
            Some(if digits {
                "X: each long diagonal also holds 1-9 once"
            } else {
                "X: each long diagonal also holds every symbol once"
            })
        } else if !self.windows.is_empty() {
            Some("Hyper: each shaded window also holds 1-9 once")
        } else {
            None
        }
    }

    /// The cage of each cell (`None` outside every cage), for a
    /// [valid](Geometry::validate) geometry.
    pub fn cage_of(&self) -> Vec<Option<usize>> {
        let mut of = vec![None; self.cells()];
        for (k, cage) in self.cages.iter().enumerate() {
            for &c in &cage.cells {
                if let Some(slot) = of.get_mut(c) {
                    *slot = Some(k);
                }
            }
        }
        of
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.side.saturating_mul(self.side)
    }

    /// Checks that the geometry describes a grid that can be drawn: a side
    /// from 1 to 64, boxes that tile it (unless regions are given), one
    /// region id per cell, windows inside the grid.
    pub fn validate(&self) -> Result<(), Error> {
        let bad = |s: String| Err(Error::Geometry(s));
        let n = self.side;
        if n == 0 || n > MAX_SIDE {
            return bad(format!(
                "a side of {n} cells: it must be from 1 to {MAX_SIDE}"
            ));
        }
        match &self.regions {
            Some(r) if r.len() != n * n => {
                return bad(format!(
                    "{} region ids for {} grid, which has {} cells",
                    r.len(),
                    crate::shape::A(format_args!("{n}x{n}")),
                    n * n
                ));
            }
            Some(_) => {}
            None => {
                if self.box_rows.checked_mul(self.box_cols) != Some(n) {
                    return bad(format!(
                        "boxes of {} x {} cells do not tile {} grid (their area must be {n})",
                        self.box_rows,
                        self.box_cols,
                        crate::shape::A(format_args!("{n}x{n}"))
                    ));
                }
            }
        }
        let mut caged = vec![false; n * n];
        for cage in &self.cages {
            for &c in &cage.cells {
                match caged.get_mut(c) {
                    None => {
                        return bad(format!(
                            "a cage holds cell {c}, past the {} cells of {} grid",
                            n * n,
                            crate::shape::A(format_args!("{n}x{n}"))
                        ));
                    }
                    Some(true) => return bad(format!("cell {c} lies in two cages")),
                    Some(seen) => *seen = true,
                }
            }
            if cage.cells.is_empty() {
                return bad("a cage without cells".to_string());
            }
        }
        for w in &self.windows {
            let fits = |start: usize, len: usize| {
                len > 0 && start.checked_add(len).is_some_and(|e| e <= n)
            };
            if !fits(w.row, w.height) || !fits(w.col, w.width) {
                return bad(format!(
                    "a shaded window of {} x {} cells at row {}, column {} does not lie inside {} grid",
                    w.height,
                    w.width,
                    w.row.saturating_add(1),
                    w.col.saturating_add(1),
                    crate::shape::A(format_args!("{n}x{n}"))
                ));
            }
        }
        Ok(())
    }

    /// The region of cell (`row`, `col`): its box, or its id in `regions`
    /// (meaningful for a [valid](Geometry::validate) geometry; 0 for a
    /// cell an invalid one does not cover).
    pub fn region(&self, row: usize, col: usize) -> usize {
        match &self.regions {
            Some(r) => row
                .checked_mul(self.side)
                .and_then(|i| i.checked_add(col))
                .and_then(|i| r.get(i))
                .map_or(0, |&id| usize::from(id)),
            None => match (
                row.checked_div(self.box_rows),
                col.checked_div(self.box_cols),
            ) {
                (Some(band), Some(stack)) => band.saturating_mul(self.side).saturating_add(stack),
                _ => 0,
            },
        }
    }

    /// Whether cell (`row`, `col`) is shaded (on a long diagonal of an
    /// X-Sudoku, or inside a window).
    pub fn shaded(&self, row: usize, col: usize) -> bool {
        let anti = row.checked_add(col).and_then(|s| s.checked_add(1)) == Some(self.side);
        (self.diagonals && (row == col || anti))
            || self.windows.iter().any(|w| {
                (w.row..w.row.saturating_add(w.height)).contains(&row)
                    && (w.col..w.col.saturating_add(w.width)).contains(&col)
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_and_regions() {
        let g = Geometry::square(9);
        g.validate().unwrap();
        assert_eq!((g.box_rows, g.box_cols), (3, 3));
        assert_eq!(g.region(0, 0), g.region(2, 2));
        assert_ne!(g.region(0, 2), g.region(0, 3));
        assert_ne!(g.region(2, 0), g.region(3, 0));
        let six = Geometry::rectangular(6, 2, 3);
        six.validate().unwrap();
        assert_eq!(six.region(1, 2), six.region(0, 0));
        assert_ne!(six.region(2, 0), six.region(0, 0));
        for size in Size::ALL {
            Geometry::from_size(size).validate().unwrap();
        }
    }

    #[test]
    fn shading() {
        let x = Geometry::square(9).with_diagonals();
        assert!(x.shaded(0, 0) && x.shaded(0, 8) && x.shaded(4, 4) && !x.shaded(0, 1));
        let h = Geometry::hyper();
        h.validate().unwrap();
        assert!(h.shaded(1, 1) && h.shaded(3, 3) && h.shaded(7, 7) && !h.shaded(4, 4));
        assert!(!h.shaded(0, 0));
    }

    #[test]
    fn invalid_geometries_are_errors() {
        let cases = [
            (Geometry::square(0), "side of 0"),
            (Geometry::square(65), "side of 65"),
            (Geometry::square(10), "do not tile"),
            (Geometry::rectangular(6, 3, 3), "do not tile"),
            (Geometry::rectangular(6, usize::MAX, 2), "do not tile"),
            (Geometry::jigsaw(9, vec![0; 80]), "80 region ids"),
            (
                Geometry {
                    windows: vec![Window {
                        row: 7,
                        col: 0,
                        height: 3,
                        width: 3,
                    }],
                    ..Geometry::square(9)
                },
                "row 8, column 1",
            ),
            (
                Geometry {
                    windows: vec![Window {
                        row: usize::MAX,
                        col: 0,
                        height: 3,
                        width: 3,
                    }],
                    ..Geometry::square(9)
                },
                "does not lie inside",
            ),
        ];
        for (g, says) in cases {
            let e = g.validate().unwrap_err().to_string();
            assert!(e.contains(says), "{g:?}: {e}");
        }
        Geometry::jigsaw(4, vec![0; 16]).validate().unwrap();
        // Asked of an invalid geometry, `region` answers without a panic.
        assert_eq!(Geometry::rectangular(6, 0, 0).region(5, 5), 0);
        assert_eq!(Geometry::jigsaw(9, vec![3; 4]).region(8, 8), 0);
        let huge = Geometry {
            windows: vec![Window {
                row: usize::MAX,
                col: usize::MAX,
                height: 9,
                width: 9,
            }],
            ..Geometry::square(usize::MAX).with_diagonals()
        };
        assert!(huge.validate().is_err());
        assert_eq!(huge.cells(), usize::MAX);
        let _ = (
            huge.region(usize::MAX, usize::MAX),
            huge.shaded(usize::MAX, 3),
        );
    }
}
