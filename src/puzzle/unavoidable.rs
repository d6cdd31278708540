//! Small unavoidable sets of a solution grid: a given that cannot go,
//! seen without a search.
//!
//! **Idea.** An unavoidable set of a complete grid S is a set of cells
//! whose values can be rearranged into another valid grid while every other
//! cell keeps its value. A puzzle whose unique solution is S keeps a given
//! in every such set: with one emptied, both grids solve it. So in top-down
//! removal, a given that is the last one left in some unavoidable set has
//! to stay, and its check needs no search (the search would find the other
//! grid). The decision is the one the search makes, so the puzzles made are
//! the same, only sooner.
//!
//! Two families are cheap to list, one pass over the grid each:
//! - **Two values a and b.** Link each cell holding a to each cell holding
//!   b that shares a unit with it. Swapping a and b on a connected part
//!   gives another valid grid: a unit's a-cell and b-cell are linked, so a
//!   part holds both or neither, and each unit keeps one a and one b. The
//!   parts of four cells are the unavoidable rectangles.
//! - **Two rows of a band (or two columns of a stack).** From a column,
//!   go to the column where the second row has the first row's value: the
//!   columns close into cycles. Exchanging the two rows' values on the
//!   columns of a cycle keeps each row's values, each column's, and each
//!   box's (both cells of a column lie in one box of the band).
//!
//! Each cell lies in `n - 1` sets of the first family (one per other
//! value) and `2(b - 1)` of the second, at side `n` with boxes of side
//! `b`: 12 at 9x9. Each set counts the givens still in the puzzle, so
//! taking a cell costs a decrement per set.
//!
//! **Other shapes** (boxes not square, X, Hyper, Jigsaw): the first
//! family only, its links read from the shape's units (every unit's a-cell
//! and b-cell), which no unit can break; the second can break a variant's
//! extra units. Measured on making puzzles (instructions, callgrind):
//! 6x6 -17%, 12x12 -20%, Hyper -16%, X -7%.
//!
//! **Reach.** In 9x9 top-down removal these sets catch about half of the
//! removals that fail (about 12 of 24 per puzzle); the others need larger
//! or different sets, and go to the search.

use crate::grid::{Grid, Size};

/// The small unavoidable sets of a grid and how many givens each still
/// holds.
pub struct Unavoidable {
    /// The sets of each cell: `of[cell * per..(cell + 1) * per]` (16-bit
    /// numbers: less to write while building them).
    of: Vec<u16>,
    per: usize,
    /// Givens still in each set.
    left: Vec<u16>,
}

impl Unavoidable {
    /// The sets of the complete valid grid `solution`, every cell a given:
    /// both families on the four classic shapes; on the others (boxes not
    /// square, X, Hyper, Jigsaw) the first, read from the shape's units
    /// (see [`Unavoidable::general`]).
    pub fn new(solution: &Grid) -> Unavoidable {
        if !solution.shape().is_classic() {
            return Unavoidable::general(solution);
        }
        match solution.size() {
            Size::S4 => Unavoidable::build::<4, 2>(solution.cells()),
            Size::S9 => Unavoidable::build::<9, 3>(solution.cells()),
            Size::S16 => Unavoidable::build::<16, 4>(solution.cells()),
            _ => Unavoidable::build::<25, 5>(solution.cells()),
        }
    }

    /// The first family on any shape: for two values a and b, the a-cell
    /// and the b-cell of every unit (box or region, row, column, and the
    /// variant's diagonals or windows) are linked; swapping a and b on a
    /// connected part keeps every unit's one a and one b, whatever the
    /// units. (The second family, two lines of a band, can break a
    /// variant's extra units, and is left out.) One slot per other value.
    pub fn general(solution: &Grid) -> Unavoidable {
        let geometry = solution.geometry();
        let cells = solution.cells();
        let n = solution.size().side();
        let per = n - 1;
        // at[u * n + v]: the cell of unit u holding value v + 1.
        let units = geometry.unit_count();
        let mut at = vec![0u16; units * n];
        for u in 0..units {
            for &c in geometry.unit(u) {
                at[u * n + usize::from(cells[usize::from(c)]) - 1] = c;
            }
        }
        let mut ua = Unavoidable {
            of: vec![0; n * n * per],
            per,
            left: Vec::with_capacity(n * n),
        };
        // The slot of `cell` (holding value x) for another value y.
        let slot = |cell: usize, y: usize| {
            let x = usize::from(cells[cell]) - 1;
            cell * per + if y < x { y } else { y - 1 }
        };
        let mut seen = vec![false; n * n];
        let mut stack = Vec::with_capacity(2 * n);
        for a in 0..n {
            for b in a + 1..n {
                for u in 0..units {
                    let start = usize::from(at[u * n + a]);
                    if seen[start] {
                        continue;
                    }
                    let set = ua.open();
                    seen[start] = true;
                    stack.push(start);
                    while let Some(cell) = stack.pop() {
                        let other = if usize::from(cells[cell]) - 1 == a {
                            b
                        } else {
                            a
                        };
                        ua.of[slot(cell, other)] = set;
                        ua.left[usize::from(set)] += 1;
                        for &v in geometry.cell_units(cell).units() {
                            let next = usize::from(at[usize::from(v) * n + other]);
                            if !seen[next] {
                                seen[next] = true;
                                stack.push(next);
                            }
                        }
                    }
                }
                // Clear the marks of the two values' cells.
                for u in 0..units {
                    seen[usize::from(at[u * n + a])] = false;
                    seen[usize::from(at[u * n + b])] = false;
                }
            }
        }
        ua
    }

    /// The sets of `solution` with the givens of `puzzle` (whose givens
    /// are `solution`'s and leave it the unique solution) still in them,
    /// and the cells of `pending` counted as givens too (they are empty in
    /// `puzzle`, on trial: take them next).
    pub fn of_puzzle(solution: &Grid, puzzle: &Grid, pending: &[usize]) -> Unavoidable {
        let mut sets = Unavoidable::new(solution);
        for (i, &v) in puzzle.cells().iter().enumerate() {
            if v == 0 && !pending.contains(&i) {
                let emptied = sets.take(&[i]);
                debug_assert!(!emptied, "a unique puzzle left an unavoidable set empty");
            }
        }
        sets
    }

    /// [`Unavoidable::new`] at side `N` with boxes of side `B` (fixed-size
    /// work arrays, divisions by constants).
    fn build<const N: usize, const B: usize>(cells: &[u8]) -> Unavoidable {
        let per = N - 1 + 2 * (B - 1);
        let mut ua = Unavoidable {
            of: vec![0; N * N * per],
            per,
            // Room for the sets without growing: about 90 at 9x9, 300 at
            // 16x16 and 700 at 25x25 (fewer than 5,000 can be made at
            // 25x25, so their numbers fit 16 bits).
            left: Vec::with_capacity(2 * N * N),
        };
        // Each cell's slots: first its set with each other value (the
        // value's number, less one above the cell's own), then with each
        // other row of its band (the row's place in the band, the same
        // way), then with each other column of its stack.
        let places = Places::<N>::of::<B>(cells, per);
        ua.add_value_pairs::<N>(&places);
        ua.add_line_pairs::<N, B>(cells, &places);
        ua
    }

    /// The sets of two values: the a-cell and b-cell of a row are linked,
    /// so the parts are unions of rows: row k is linked to the rows of the
    /// b-cells in its a-cell's column and box. Each part's rows are
    /// gathered depth first (both links are permutations of the rows, so
    /// following them forwards reaches the whole part).
    #[inline]
    fn add_value_pairs<const N: usize>(&mut self, at: &Places<N>) {
        let mut stack = [0usize; N];
        let all_rows = (1u32 << N) - 1;
        for a in 0..N {
            for bv in a + 1..N {
                // The rows already in a part, a bit each.
                let mut seen = 0u32;
                while seen != all_rows {
                    let k0 = (!seen).trailing_zeros() as usize;
                    seen |= 1 << k0;
                    let set = self.open();
                    stack[0] = k0;
                    let mut len = 1;
                    let mut size = 0;
                    while len > 0 {
                        len -= 1;
                        let k = stack[len];
                        // a < bv: the a-cell's slot for bv is bv - 1, the
                        // bv-cell's slot for a is a.
                        self.of[at.slots_in_row[a][k] + bv - 1] = set;
                        self.of[at.slots_in_row[bv][k] + a] = set;
                        size += 2;
                        // Without a branch on whether a row is new (it
                        // would be mispredicted often): each is pushed,
                        // and kept on the stack only if new. (The stack
                        // holds the rows seen and not yet popped, fewer
                        // than N once a row is popped, so `len` stays a
                        // valid index.)
                        for next in [
                            at.row_in_col[bv][usize::from(at.col_in_row[a][k])],
                            at.row_in_box[bv][usize::from(at.box_in_row[a][k])],
                        ] {
                            let bit = 1u32 << next;
                            stack[len] = usize::from(next);
                            len += usize::from(seen & bit == 0);
                            seen |= bit;
                        }
                    }
                    self.left[usize::from(set)] = size;
                }
            }
        }
    }

    /// The sets of two rows of a band, then of two columns of a stack.
    // Rows and values are numbers here, used as indices into several tables.
    #[allow(clippy::needless_range_loop)]
    #[inline]
    fn add_line_pairs<const N: usize, const B: usize>(&mut self, cells: &[u8], at: &Places<N>) {
        let per = self.per;
        for transpose in [false, true] {
            // Where value v + 1 is across line k (in a row, its column; in a
            // column, its row).
            let across = if transpose {
                &at.row_in_col
            } else {
                &at.col_in_row
            };
            let first = N - 1 + if transpose { B - 1 } else { 0 };
            for r1 in 0..N {
                for r2 in r1 + 1..(r1 / B + 1) * B {
                    let mut seen = [false; N];
                    for start in 0..N {
                        if seen[start] {
                            continue;
                        }
                        let set = self.open();
                        let mut c = start;
                        while !seen[c] {
                            seen[c] = true;
                            let (v, cells12) = if transpose {
                                (cells[c * N + r2], [(c, r1), (c, r2)])
                            } else {
                                (cells[r2 * N + c], [(r1, c), (r2, c)])
                            };
                            // r1 < r2: line r1's slot for r2 is r2's place
                            // in the band less one, line r2's is r1's place.
                            let slots = [first + r2 % B - 1, first + r1 % B];
                            for ((r, cc), slot) in cells12.into_iter().zip(slots) {
                                self.of[(r * N + cc) * per + slot] = set;
                            }
                            self.left[usize::from(set)] += 2;
                            // Where line r1 has line r2's value.
                            c = usize::from(across[usize::from(v) - 1][r1]);
                        }
                    }
                }
            }
        }
    }

    /// A new empty set's number.
    fn open(&mut self) -> u16 {
        self.left.push(0);
        (self.left.len() - 1) as u16
    }

    /// Takes the givens of `cells` out of the sets; whether some set is
    /// left without a given (then the puzzle has another solution, and
    /// [`Unavoidable::put_back`] undoes this).
    pub fn take(&mut self, cells: &[usize]) -> bool {
        let mut emptied = false;
        for &cell in cells {
            for &set in &self.of[cell * self.per..(cell + 1) * self.per] {
                let left = &mut self.left[set as usize];
                *left -= 1;
                emptied |= *left == 0;
            }
        }
        emptied
    }

    /// Puts the givens of `cells` back into their sets.
    pub fn put_back(&mut self, cells: &[usize]) {
        for &cell in cells {
            for &set in &self.of[cell * self.per..(cell + 1) * self.per] {
                self.left[set as usize] += 1;
            }
        }
    }
}

/// Where each value is in a grid of side `N`, by line: value v + 1's
/// column in row k (`col_in_row[v][k]`), its row in column k and in box
/// k, its cell's first slot in row k, and its box in row k.
struct Places<const N: usize> {
    col_in_row: [[u8; N]; N],
    row_in_col: [[u8; N]; N],
    row_in_box: [[u8; N]; N],
    slots_in_row: [[usize; N]; N],
    box_in_row: [[u8; N]; N],
}

impl<const N: usize> Places<N> {
    /// The places of the grid of `cells`, with boxes of side `B` and
    /// `per` slots per cell.
    #[inline]
    fn of<const B: usize>(cells: &[u8], per: usize) -> Places<N> {
        let mut at = Places {
            col_in_row: [[0u8; N]; N],
            row_in_col: [[0u8; N]; N],
            row_in_box: [[0u8; N]; N],
            slots_in_row: [[0usize; N]; N],
            box_in_row: [[0u8; N]; N],
        };
        for (i, &v) in cells[..N * N].iter().enumerate() {
            let (r, c, v) = (i / N, i % N, usize::from(v) - 1);
            at.col_in_row[v][r] = c as u8;
            at.row_in_col[v][c] = r as u8;
            at.row_in_box[v][r / B * B + c / B] = r as u8;
            at.slots_in_row[v][r] = i * per;
            at.box_in_row[v][r] = (r / B * B + c / B) as u8;
        }
        at
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::grid_rng;
    use crate::solve::count_solutions;
    use crate::strategies::Strategy;

    /// Every set, emptied alone, leaves a puzzle with another solution;
    /// checked with the solver at every size.
    #[test]
    fn every_set_emptied_gives_a_second_solution() {
        use crate::grid::{Layout, Shape, Variant};
        let jigsaw = Layout::parse(
            "AAABBBCCC AABBBCCCC AAAABBBCC DDDDEEEFF DDEEEFFFF DDDEEEFFF GGGHHHIII GGGHHHIII GGGHHHIII",
        )
        .unwrap();
        let shapes: [Shape; 8] = [
            Size::S4.into(),
            Size::S9.into(),
            Size::S16.into(),
            Size::boxed(6, 2, 3).unwrap().into(),
            Size::boxed(12, 3, 4).unwrap().into(),
            Shape::new(Size::S9, Variant::X).unwrap(),
            Shape::new(Size::S9, Variant::Hyper).unwrap(),
            Shape::jigsaw(jigsaw),
        ];
        for shape in shapes {
            let size = shape.size();
            for i in 0..4 {
                let g = Strategy::default_for(&shape).grid(&mut grid_rng(8, i), &shape);
                let ua = Unavoidable::new(&g);
                // The value pairs alone: n - 1 sets a cell, and more sets
                // than value pairs.
                if !shape.is_classic() {
                    assert_eq!(ua.per, size.side() - 1);
                    assert!(ua.left.len() >= size.side() * (size.side() - 1) / 2);
                }
                let mut members = vec![Vec::new(); ua.left.len()];
                for cell in 0..size.cells() {
                    for &set in &ua.of[cell * ua.per..(cell + 1) * ua.per] {
                        members[set as usize].push(cell);
                    }
                }
                for (set, cells) in members.iter().enumerate() {
                    assert_eq!(cells.len(), usize::from(ua.left[set]));
                    let mut p = g.clone();
                    for &c in cells {
                        p.cells_mut()[c] = 0;
                    }
                    assert!(count_solutions(&p, 2) >= 2, "{shape} set {set}: {cells:?}");
                }
            }
        }
    }
}
