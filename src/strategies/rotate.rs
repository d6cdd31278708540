//! `rotate`: the cyclic-rotation shuffler (seed 003, "Efficient Sudoku
//! Generator").
//!
//! **Algorithm.** Build the seed's base grid: its first row is `1..n`, and
//! each next row, taken in the order row 1 of every band, then row 2 of
//! every band, and so on, is the previous one rotated left by one place.
//! So row `r` (band `r / b`, row `r % b` within it) is `1..n` rotated left by
//! `(r % b) * b + r / b`. Then relabel and permute: output cell (r, c) is
//! `label[base(rows[r], cols[c])]`, where `rows` orders the bands and the rows
//! inside each band, `cols` orders the stacks and the columns inside each
//! stack, and `label` permutes the symbols. All of these maps keep rows,
//! columns and boxes valid, so every output is valid by construction.
//!
//! **Where we differ from the seed.** The seed swaps two random rows (or
//! columns) of one random band (stack) 10 to 19 times. That leaves some
//! orderings more likely than others and only ever reaches the
//! (b!)^(2b) grids of the base grid's row-in-band and column-in-stack
//! shuffles: 46,656 for 9x9. We draw every permutation uniformly with
//! Fisher–Yates instead, and also permute the bands, the stacks and the
//! symbol labels, which are validity-preserving shuffles of the same kind.
//!
//! **Other boxes.** With boxes of `h` rows and `w` columns (`n = hw`), row
//! `r` is rotated left by `(r % h) · w + r / h`: the rows of a band start
//! `w` apart and the bands one apart, so each box holds `h` runs of `w`
//! consecutive values that together are all `n`, and each column meets
//! every shift once. Bands of `h` rows and stacks of `w` columns are then
//! shuffled as above (square boxes: the seed's construction, the same
//! draws). **Variants.** A rotation grid's diagonals repeat values, and
//! shuffling rows and columns does not keep a variant's units or a jigsaw
//! map: `rotate` makes no variant, and says so.
//!
//! **Cost.** For 9x9, 24 bounded random draws and 81 table look-ups; no
//! branch depends on the grid. All box shapes, sides 4 to 25.
//!
//! **Bias.** Severe. Every output lies in one orbit of the base grid under
//! band/stack/row/column/symbol permutations: at most
//! 9!·(3!)^8 ≈ 6.1·10^11 of the 6.67·10^21 9x9 grids (and fewer, as the
//! highly symmetric base grid is fixed by many of those maps). All of them
//! share the base grid's structure: for 9x9, every band is the "pure" band
//! class of Felgenhauer and Jarvis, so `rotate` is fast but far from uniform.

use rand::Rng;

use super::{Generator, assert_supported};
use crate::grid::{Grid, MAX_SIDE, Size};
use crate::random::shuffle;

/// The one-line description.
pub const DESCRIPTION: &str =
    "cyclic-rotation base grid with random band, stack, row, column and symbol permutations";

/// The cyclic-rotation shuffler. See the [module docs](self).
#[derive(Clone, Copy, Debug, Default)]
pub struct Rotate;

/// The left rotation of base-grid row `r`, with boxes `h` rows tall and
/// `w` wide: rows are laid down in the order row 1 of each band, row 2 of
/// each band, ..., the rows of a band `w` rotations apart.
#[inline]
fn rotation(h: usize, w: usize, r: usize) -> usize {
    (r % h) * w + r / h
}

/// Writes the seed's base grid of `grid.size()` into `grid`.
pub fn base_grid(grid: &mut Grid) {
    let size = grid.size();
    let (h, w, n) = (size.box_rows(), size.box_cols(), size.side());
    for r in 0..n {
        let rot = rotation(h, w, r);
        for c in 0..n {
            grid.set(r, c, ((rot + c) % n + 1) as u8);
        }
    }
}

/// A uniformly random order of the `blocks × per` lines (rows or
/// columns) that keeps each band (stack) of `per` lines together: the
/// blocks are shuffled, then the lines inside each block.
pub fn block_order<R: Rng + ?Sized>(rng: &mut R, blocks: usize, per: usize, out: &mut [u8]) {
    let mut order = [0u8; MAX_SIDE / 2];
    for (i, x) in order[..blocks].iter_mut().enumerate() {
        *x = i as u8;
    }
    shuffle(rng, &mut order[..blocks]);
    for (k, &block) in order[..blocks].iter().enumerate() {
        let lines = &mut out[k * per..(k + 1) * per];
        for (i, x) in lines.iter_mut().enumerate() {
            *x = block * per as u8 + i as u8;
        }
        shuffle(rng, lines);
    }
}

impl Generator for Rotate {
    fn sizes(&self) -> &'static [Size] {
        &Size::ALL
    }

    /// Every box shape, without a variant.
    fn supports(&self, shape: &crate::grid::Shape) -> bool {
        shape.is_plain() && shape.has_boxes()
    }

    fn generate<R: Rng + ?Sized>(&self, rng: &mut R, grid: &mut Grid) {
        let size = grid.size();
        assert_supported(self, "rotate", grid.shape());
        let (h, w, n) = (size.box_rows(), size.box_cols(), size.side());
        let mut rows = [0u8; MAX_SIDE];
        let mut cols = [0u8; MAX_SIDE];
        let mut label = [0u8; MAX_SIDE];
        block_order(rng, n / h, h, &mut rows[..n]);
        block_order(rng, n / w, w, &mut cols[..n]);
        for (i, x) in label[..n].iter_mut().enumerate() {
            *x = i as u8 + 1;
        }
        shuffle(rng, &mut label[..n]);

        // base(r, c) = (rotation(r) + c) mod n, looked up through the maps.
        let cells = grid.cells_mut();
        for (r, row) in cells.chunks_exact_mut(n).enumerate() {
            let rot = rotation(h, w, rows[r] as usize);
            for (cell, &c) in row.iter_mut().zip(&cols[..n]) {
                let mut k = rot + c as usize;
                if k >= n {
                    k -= n;
                }
                *cell = label[k];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::grid_rng;
    use crate::strategies::testing::assert_valid_grids;

    #[test]
    fn base_grid_is_the_seeds_and_valid() {
        let mut g = Grid::empty(Size::S9);
        base_grid(&mut g);
        assert_eq!(
            g.to_string(),
            "123456789456789123789123456234567891567891234891234567345678912678912345912345678"
        );
        for size in Size::ALL {
            let mut g = Grid::empty(size);
            base_grid(&mut g);
            assert_eq!(g.validate(), Ok(()), "{size}");
        }
    }

    /// The seed's `initiateSudoku`, followed literally: the row `1..=n` is
    /// copied to row `subgrid * b + subgridRow` (subgrid rows outer,
    /// subgrids inner) and rotated left by one after each copy.
    fn seeds_initiate_sudoku(b: usize) -> Vec<Vec<u8>> {
        let n = b * b;
        let mut sudoku = vec![vec![0u8; n]; n];
        let mut row: Vec<u8> = (1..=n as u8).collect();
        for subgrid_row in 0..b {
            for subgrid in 0..n / b {
                sudoku[subgrid * b + subgrid_row] = row.clone();
                row.rotate_left(1);
            }
        }
        sudoku
    }

    #[test]
    fn base_grid_is_the_seeds_initiate_sudoku_at_every_size() {
        for size in Size::ALL {
            let mut g = Grid::empty(size);
            base_grid(&mut g);
            let rows: Vec<Vec<u8>> = g.rows().map(<[u8]>::to_vec).collect();
            assert_eq!(rows, seeds_initiate_sudoku(size.box_rows()), "{size}");
        }
    }

    #[test]
    fn grids_are_valid() {
        assert_valid_grids(&Rotate, 3000);
    }

    #[test]
    fn bands_stacks_and_labels_are_all_permuted() {
        // Over many grids, every symbol reaches the top-left cell and every
        // base row reaches the top row: not just the 46,656 seed shuffles.
        let mut first_cells = [false; 10];
        let mut seen_rows = std::collections::HashSet::new();
        for i in 0..500 {
            let g = Rotate.grid(&mut grid_rng(1, i), Size::S9);
            first_cells[g.get(0, 0) as usize] = true;
            seen_rows.insert(g.rows().next().map(<[u8]>::to_vec));
        }
        assert!(first_cells[1..].iter().all(|&x| x));
        assert!(seen_rows.len() > 400);
    }
}
