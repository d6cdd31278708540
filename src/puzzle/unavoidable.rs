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
//! **Reach.** In 9x9 top-down removal these sets catch about half of the
//! removals that fail (about 12 of 24 per puzzle); the others need larger
//! or different sets, and go to the search.

use crate::grid::Grid;

/// The small unavoidable sets of a grid and how many givens each still
/// holds.
pub struct Unavoidable {
    /// The sets of each cell: `of[cell * per..(cell + 1) * per]`.
    of: Vec<u32>,
    per: usize,
    /// Givens still in each set.
    left: Vec<u32>,
}

impl Unavoidable {
    /// The sets of the complete valid grid `solution`, every cell a given.
    pub fn new(solution: &Grid) -> Unavoidable {
        let size = solution.size();
        let (n, b) = (size.side(), size.box_size());
        let cells = solution.cells();
        let per = n - 1 + 2 * (b - 1);
        let mut ua = Unavoidable {
            of: vec![0; size.cells() * per],
            per,
            left: Vec::with_capacity(n * n),
        };
        // How many of each cell's slots in `of` are filled.
        let mut filled = vec![0u8; size.cells()];
        let mut add = |ua: &mut Unavoidable, cell: usize, set: u32| {
            ua.of[cell * per + usize::from(filled[cell])] = set;
            filled[cell] += 1;
            ua.left[set as usize] += 1;
        };
        // The cell holding value v + 1 in row, column and box k:
        // `in_row[v * n + k]` and so on.
        let mut in_row = vec![0u16; n * n];
        let mut in_col = vec![0u16; n * n];
        let mut in_box = vec![0u16; n * n];
        let places = size.places();
        for (i, &v) in cells.iter().enumerate() {
            let v = usize::from(v) - 1;
            let p = places[i];
            in_row[v * n + usize::from(p.row)] = i as u16;
            in_col[v * n + usize::from(p.col)] = i as u16;
            in_box[v * n + usize::from(p.boxn)] = i as u16;
        }
        let row_of = |i: u16| usize::from(i) / n;
        // Two values a and b. The a-cell and b-cell of a row are linked, so
        // the parts are unions of rows: row k is linked to the rows of the
        // b-cells in its a-cell's column and box. Label the rows by part,
        // depth first (both links are permutations of the rows, so
        // following them forwards reaches the whole part).
        let mut part = vec![u32::MAX; n];
        let mut stack = Vec::with_capacity(n);
        for a in 0..n {
            for bv in a + 1..n {
                part.fill(u32::MAX);
                for k0 in 0..n {
                    if part[k0] != u32::MAX {
                        continue;
                    }
                    let set = ua.open();
                    part[k0] = set;
                    stack.push(k0);
                    while let Some(k) = stack.pop() {
                        add(&mut ua, usize::from(in_row[a * n + k]), set);
                        add(&mut ua, usize::from(in_row[bv * n + k]), set);
                        let p = places[usize::from(in_row[a * n + k])];
                        for next in [
                            row_of(in_col[bv * n + usize::from(p.col)]),
                            row_of(in_box[bv * n + usize::from(p.boxn)]),
                        ] {
                            if part[next] == u32::MAX {
                                part[next] = set;
                                stack.push(next);
                            }
                        }
                    }
                }
            }
        }
        // Two rows of a band, two columns of a stack.
        let mut seen = vec![false; n];
        for transpose in [false, true] {
            let cell = |r: usize, c: usize| {
                if transpose {
                    size.cell(c, r)
                } else {
                    size.cell(r, c)
                }
            };
            // Where value v + 1 is in line k (a row, or a column), and the
            // position of a cell across its line.
            let line = if transpose { &in_col } else { &in_row };
            let across = |i: u16| {
                if transpose {
                    usize::from(i) / n
                } else {
                    usize::from(i) % n
                }
            };
            for r1 in 0..n {
                for r2 in r1 + 1..(r1 / b + 1) * b {
                    seen.fill(false);
                    for start in 0..n {
                        if seen[start] {
                            continue;
                        }
                        let set = ua.open();
                        let mut c = start;
                        while !seen[c] {
                            seen[c] = true;
                            add(&mut ua, cell(r1, c), set);
                            add(&mut ua, cell(r2, c), set);
                            // The column where row r1 has row r2's value.
                            let v = usize::from(cells[cell(r2, c)]) - 1;
                            c = across(line[v * n + r1]);
                        }
                    }
                }
            }
        }
        debug_assert!(filled.iter().all(|&f| usize::from(f) == per));
        ua
    }

    /// A new empty set's number.
    fn open(&mut self) -> u32 {
        self.left.push(0);
        (self.left.len() - 1) as u32
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Size;
    use crate::random::grid_rng;
    use crate::solve::count_solutions;
    use crate::strategies::Strategy;

    /// Every set, emptied alone, leaves a puzzle with another solution;
    /// checked with the solver at every size.
    #[test]
    fn every_set_emptied_gives_a_second_solution() {
        for size in [Size::S4, Size::S9, Size::S16] {
            for i in 0..4 {
                let g = Strategy::Backtrack.grid(&mut grid_rng(8, i), size);
                let ua = Unavoidable::new(&g);
                let mut members = vec![Vec::new(); ua.left.len()];
                for cell in 0..size.cells() {
                    for &set in &ua.of[cell * ua.per..(cell + 1) * ua.per] {
                        members[set as usize].push(cell);
                    }
                }
                for (set, cells) in members.iter().enumerate() {
                    assert_eq!(cells.len() as u32, ua.left[set]);
                    let mut p = g.clone();
                    for &c in cells {
                        p.cells_mut()[c] = 0;
                    }
                    assert!(count_solutions(&p, 2) >= 2, "{size} set {set}: {cells:?}");
                }
            }
        }
    }
}
