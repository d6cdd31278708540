//! Killer Sudoku cages as data: which cage each cell is in, the cells of
//! each cage and its sum.
//!
//! A [`Cages`] value always holds a valid set of cages for its side:
//! every cell in exactly one cage, each cage one orthogonally connected
//! piece of `1..=side` cells whose sum can be made of that many distinct
//! values `1..=side`. Cages are numbered in reading order of their first
//! cell (cage 0 holds cell 0), whatever order they were given in, and
//! list their cells in reading order (row-major, 0-based), so two equal
//! sets of cages are equal values.
//!
//! Three ways in and out:
//! - the list of `{sum, cells}` ([`Cage`]), the records' JSON form
//!   (`"cages": [{"sum": 15, "cells": [0, 1, 10]}, ...]`):
//!   [`Cages::new`] and [`Cages::list`];
//! - the cage map, one symbol per cell, with the sums in map order (the
//!   order of the cages' first cells): [`Cages::from_map`],
//!   [`Cages::parse_map`] and [`Cages::map_text`] (see [`MAP_SYMBOLS`]);
//! - cages drawn on a solution, their sums taken from it:
//!   [`Cages::from_groups`].
//!
//! This room imports nothing of the crate, so that the shape can hold
//! cages as it holds a jigsaw's regions.

use std::fmt;

/// The largest side a set of cages may have (values are bits of a `u32`
/// mask elsewhere; the same bound as the grids').
pub const LARGEST_SIDE: usize = 25;

/// The symbols of the cage map, in the order cages are lettered: `A`-`Z`,
/// `a`-`z`, `0`-`9` (62). Cage `k` (in reading order of first cells) gets
/// symbol `k mod 62`; past 62 cages, when that symbol is already used by
/// a lettered cage beside it, the next free one in this order. A cage in
/// a map is a connected piece of cells with the same symbol, so a symbol
/// may stand for several cages that do not touch.
pub const MAP_SYMBOLS: &[u8; 62] =
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// One cage as plain data: its sum and its cells (row-major, 0-based).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    /// The sum of the cage's values.
    pub sum: u32,
    /// The cells, row-major and 0-based.
    pub cells: Vec<usize>,
}

/// Why a set of cages (or a map and its sums) was refused. Cages are
/// named by their place in the input (0-based) unless said otherwise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CageError {
    /// Cages written in a way that is not read (a record's field of
    /// another type): what is wrong, naming the field.
    Written(String),
    /// The side is not in `1..=25`.
    Side {
        /// The side given.
        side: usize,
    },
    /// A cage has no cell.
    Empty {
        /// The cage.
        cage: usize,
    },
    /// A cage names a cell outside the grid.
    Cell {
        /// The cage.
        cage: usize,
        /// The cell named.
        cell: usize,
        /// The number of cells of the grid.
        cells: usize,
    },
    /// A cell is in two cages (or twice in one).
    Twice {
        /// The cell.
        cell: usize,
    },
    /// A cell is in no cage.
    Uncovered {
        /// The cell.
        cell: usize,
    },
    /// A cage's cells are not one orthogonally connected piece.
    Disconnected {
        /// The cage.
        cage: usize,
        /// How many pieces it has.
        pieces: usize,
    },
    /// A cage has more cells than the side (a value would repeat).
    TooBig {
        /// The cage.
        cage: usize,
        /// Its cells.
        size: usize,
        /// The side.
        side: usize,
    },
    /// No set of distinct values `1..=side` of the cage's size makes its
    /// sum.
    Sum {
        /// The cage.
        cage: usize,
        /// The sum given.
        sum: u32,
        /// The cage's cells.
        size: usize,
        /// The smallest sum such a cage can have.
        low: u32,
        /// The largest.
        high: u32,
    },
    /// A cage map's length is not a square of a side `1..=25`.
    MapLength {
        /// The symbols found.
        found: usize,
    },
    /// A cage map holds a symbol outside [`MAP_SYMBOLS`].
    MapSymbol {
        /// Where (0-based cell).
        cell: usize,
        /// The symbol.
        symbol: char,
    },
    /// A map's cages and its sums are not as many.
    SumCount {
        /// The cages of the map.
        cages: usize,
        /// The sums given.
        sums: usize,
    },
    /// A solution's value count is not the cages' cell count.
    SolutionLength {
        /// The values given.
        found: usize,
        /// The cells of the grid.
        cells: usize,
    },
    /// A value of a solution is not in `1..=side`.
    Value {
        /// The cell.
        cell: usize,
        /// The value.
        value: u8,
    },
    /// A value twice in one cage of a solution (cages numbered as
    /// [`Cages`] numbers them).
    Repeat {
        /// The cage.
        cage: usize,
        /// The value.
        value: u8,
    },
    /// A cage's values in a solution do not make its sum (cages numbered
    /// as [`Cages`] numbers them).
    WrongSum {
        /// The cage.
        cage: usize,
        /// The cage's sum.
        sum: u32,
        /// What its values add up to.
        found: u32,
    },
}

impl fmt::Display for CageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CageError::Written(ref what) => f.write_str(what),
            CageError::Side { side } => {
                write!(
                    f,
                    "cages for a grid of side {side}: the side must be 1 to {LARGEST_SIDE}"
                )
            }
            CageError::Empty { cage } => write!(f, "cage {} has no cell", cage + 1),
            CageError::Cell { cage, cell, cells } => write!(
                f,
                "cage {} names cell {cell}: cells are 0 to {}",
                cage + 1,
                cells - 1
            ),
            CageError::Twice { cell } => write!(f, "cell {cell} is in two cages"),
            CageError::Uncovered { cell } => write!(f, "cell {cell} is in no cage"),
            CageError::Disconnected { cage, pieces } => write!(
                f,
                "cage {} is {pieces} pieces: a cage's cells must be joined side by side",
                cage + 1
            ),
            CageError::TooBig { cage, size, side } => write!(
                f,
                "cage {} has {size} cells: a cage has at most {side}",
                cage + 1
            ),
            CageError::Sum {
                cage,
                sum,
                size,
                low,
                high,
            } => write!(
                f,
                "cage {} sums to {sum}: a cage of {size} cells sums to {low} to {high}",
                cage + 1
            ),
            CageError::MapLength { found } => write!(
                f,
                "a cage map of {found} symbols: it needs a symbol per cell (16, 36, 81, ...)"
            ),
            CageError::MapSymbol { cell, symbol } => write!(
                f,
                "cage map symbol {symbol:?} at cell {cell}: use letters A-Z, a-z and digits"
            ),
            CageError::SumCount { cages, sums } => write!(
                f,
                "the cage map has {cages} cages and {sums} sums: give one sum per cage, in map order"
            ),
            CageError::SolutionLength { found, cells } => {
                write!(f, "a solution of {found} values for cages of {cells} cells")
            }
            CageError::Value { cell, value } => {
                write!(f, "value {value} at cell {cell} is out of range")
            }
            CageError::Repeat { cage, value } => {
                write!(f, "cage {} holds {value} twice", cage + 1)
            }
            CageError::WrongSum { cage, sum, found } => {
                write!(f, "cage {} sums to {found}, not its {sum}", cage + 1)
            }
        }
    }
}

impl std::error::Error for CageError {}

/// The cages of one grid (see the [module](self)).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Cages {
    side: usize,
    /// The cage of every cell.
    of_cell: Vec<u16>,
    /// The cells of every cage, cage after cage, each in reading order.
    cells: Vec<u16>,
    /// Cage `k`'s cells are `cells[start[k]..start[k + 1]]`.
    start: Vec<u32>,
    /// The sum of every cage.
    sums: Vec<u32>,
}

impl fmt::Debug for Cages {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cages({}: {}", self.side, self.map_text())?;
        for s in &self.sums {
            write!(f, " {s}")?;
        }
        f.write_str(")")
    }
}

/// The smallest and largest sums of `size` distinct values of `1..=side`
/// (every sum between them can be made).
pub fn sum_range(size: usize, side: usize) -> (u32, u32) {
    let (k, n) = (size as u32, side as u32);
    (k * (k + 1) / 2, k * (2 * n + 1 - k) / 2)
}

/// The orthogonal neighbours of `cell` in a grid of side `side`.
pub fn neighbours(cell: usize, side: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / side, cell % side);
    [
        (r > 0).then(|| cell - side),
        (c > 0).then(|| cell - 1),
        (c + 1 < side).then(|| cell + 1),
        (r + 1 < side).then(|| cell + side),
    ]
    .into_iter()
    .flatten()
}

/// The connected pieces of equal labels: for every cell its piece, pieces
/// numbered in reading order of their first cell; and their number.
fn pieces(labels: &[u32], side: usize) -> (Vec<u32>, usize) {
    let mut piece = vec![u32::MAX; labels.len()];
    let mut count = 0u32;
    let mut stack = Vec::new();
    for start in 0..labels.len() {
        if piece[start] != u32::MAX {
            continue;
        }
        piece[start] = count;
        stack.push(start);
        while let Some(cell) = stack.pop() {
            for next in neighbours(cell, side) {
                if piece[next] == u32::MAX && labels[next] == labels[start] {
                    piece[next] = count;
                    stack.push(next);
                }
            }
        }
        count += 1;
    }
    (piece, count as usize)
}

/// The side whose square is `cells`, if it is `1..=25`.
fn side_of(cells: usize) -> Option<usize> {
    (1..=LARGEST_SIDE).find(|s| s * s == cells)
}

impl Cages {
    /// The cages of a grid of side `side` from a list of `{sum, cells}`,
    /// in any order (cages are renumbered by first cell, see the
    /// [module](self)), checked: every cell covered once, each cage
    /// connected, of `1..=side` cells, with a sum such a cage can have.
    pub fn new(side: usize, cages: &[Cage]) -> Result<Cages, CageError> {
        if !(1..=LARGEST_SIDE).contains(&side) {
            return Err(CageError::Side { side });
        }
        let cells = side * side;
        let mut owner = vec![u32::MAX; cells];
        for (k, cage) in cages.iter().enumerate() {
            if cage.cells.is_empty() {
                return Err(CageError::Empty { cage: k });
            }
            for &cell in &cage.cells {
                if cell >= cells {
                    return Err(CageError::Cell {
                        cage: k,
                        cell,
                        cells,
                    });
                }
                if owner[cell] != u32::MAX {
                    return Err(CageError::Twice { cell });
                }
                owner[cell] = k as u32;
            }
        }
        if let Some(cell) = owner.iter().position(|&o| o == u32::MAX) {
            return Err(CageError::Uncovered { cell });
        }
        let (piece, count) = pieces(&owner, side);
        if count != cages.len() {
            // Some cage is in several pieces: name the first such.
            for (k, cage) in cages.iter().enumerate() {
                let mut ps: Vec<u32> = cage.cells.iter().map(|&c| piece[c]).collect();
                ps.sort_unstable();
                ps.dedup();
                if ps.len() > 1 {
                    return Err(CageError::Disconnected {
                        cage: k,
                        pieces: ps.len(),
                    });
                }
            }
        }
        for (k, cage) in cages.iter().enumerate() {
            let size = cage.cells.len();
            if size > side {
                return Err(CageError::TooBig {
                    cage: k,
                    size,
                    side,
                });
            }
            let (low, high) = sum_range(size, side);
            if !(low..=high).contains(&cage.sum) {
                return Err(CageError::Sum {
                    cage: k,
                    sum: cage.sum,
                    size,
                    low,
                    high,
                });
            }
        }
        // The pieces are the cages, numbered by first cell.
        let mut sums = vec![0; count];
        for cell in 0..cells {
            sums[piece[cell] as usize] = cages[owner[cell] as usize].sum;
        }
        Ok(Cages::build(side, &piece, sums))
    }

    /// The cages of `piece` (each cell's cage, numbered by first cell,
    /// already checked) with their sums.
    fn build(side: usize, piece: &[u32], sums: Vec<u32>) -> Cages {
        let count = sums.len();
        let mut start = vec![0u32; count + 1];
        for &p in piece {
            start[p as usize + 1] += 1;
        }
        for k in 0..count {
            start[k + 1] += start[k];
        }
        let mut next: Vec<u32> = start[..count].to_vec();
        let mut cells = vec![0u16; piece.len()];
        for (cell, &p) in piece.iter().enumerate() {
            cells[next[p as usize] as usize] = cell as u16;
            next[p as usize] += 1;
        }
        Cages {
            side,
            of_cell: piece.iter().map(|&p| p as u16).collect(),
            cells,
            start,
            sums,
        }
    }

    /// The cages drawn as `groups` (a label per cell: cells with the same
    /// label are one cage), their sums taken from `solution` (the values
    /// `1..=side`, row-major), checked as [`Cages::new`] checks and for a
    /// value twice in a cage.
    pub fn from_groups(side: usize, groups: &[u32], solution: &[u8]) -> Result<Cages, CageError> {
        if !(1..=LARGEST_SIDE).contains(&side) {
            return Err(CageError::Side { side });
        }
        if groups.len() != side * side || solution.len() != side * side {
            return Err(CageError::SolutionLength {
                found: groups.len().min(solution.len()),
                cells: side * side,
            });
        }
        let mut labels = groups.to_vec();
        labels.sort_unstable();
        labels.dedup();
        let mut list = vec![
            Cage {
                sum: 0,
                cells: Vec::new()
            };
            labels.len()
        ];
        for (cell, g) in groups.iter().enumerate() {
            let k = labels.binary_search(g).unwrap_or(0);
            list[k].cells.push(cell);
            list[k].sum += u32::from(solution[cell]);
        }
        let cages = Cages::new(side, &list)?;
        cages.check_solution(solution)?;
        Ok(cages)
    }

    /// The cages of a cage map (one symbol of [`MAP_SYMBOLS`] per cell,
    /// row-major: a connected piece of one symbol is a cage) and their
    /// sums in map order (the order of the cages' first cells).
    pub fn from_map(map: &[u8], sums: &[u32]) -> Result<Cages, CageError> {
        let side = side_of(map.len()).ok_or(CageError::MapLength { found: map.len() })?;
        let mut labels = Vec::with_capacity(map.len());
        for (cell, &s) in map.iter().enumerate() {
            if !MAP_SYMBOLS.contains(&s) {
                return Err(CageError::MapSymbol {
                    cell,
                    symbol: char::from(s),
                });
            }
            labels.push(u32::from(s));
        }
        let (piece, count) = pieces(&labels, side);
        if count != sums.len() {
            return Err(CageError::SumCount {
                cages: count,
                sums: sums.len(),
            });
        }
        let mut list = vec![
            Cage {
                sum: 0,
                cells: Vec::new()
            };
            count
        ];
        for (cell, &p) in piece.iter().enumerate() {
            list[p as usize].cells.push(cell);
        }
        for (cage, &sum) in list.iter_mut().zip(sums) {
            cage.sum = sum;
        }
        Cages::new(side, &list)
    }

    /// The cages of a map written as text (white space skipped, so it may
    /// be written as rows) and its sums written as numbers separated by
    /// commas or white space, in map order.
    pub fn parse_map(map: &str, sums: &str) -> Result<Cages, CageError> {
        let map: Vec<u8> = map
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| if c.is_ascii() { c as u8 } else { b'?' })
            .collect();
        let mut list = Vec::new();
        for word in sums
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
        {
            // A sum that is no number is reported as an unreachable sum of
            // the cage it would be for.
            match word.parse::<u32>() {
                Ok(s) => list.push(s),
                Err(_) => list.push(u32::MAX),
            }
        }
        Cages::from_map(&map, &list)
    }

    /// The side of the grid.
    #[inline]
    pub fn side(&self) -> usize {
        self.side
    }

    /// The number of cages.
    #[inline]
    pub fn count(&self) -> usize {
        self.sums.len()
    }

    /// The cage of `cell`.
    #[inline]
    pub fn cage_of(&self, cell: usize) -> usize {
        usize::from(self.of_cell[cell])
    }

    /// The cage of every cell.
    #[inline]
    pub fn cage_map(&self) -> &[u16] {
        &self.of_cell
    }

    /// The cells of cage `k`, in reading order.
    #[inline]
    pub fn cells(&self, k: usize) -> &[u16] {
        &self.cells[self.start[k] as usize..self.start[k + 1] as usize]
    }

    /// The sum of cage `k`.
    #[inline]
    pub fn sum(&self, k: usize) -> u32 {
        self.sums[k]
    }

    /// The sums, in cage order (map order).
    #[inline]
    pub fn sums(&self) -> &[u32] {
        &self.sums
    }

    /// The cages as a list of `{sum, cells}`, in cage order: what a JSON
    /// record writes, and what [`Cages::new`] reads back.
    pub fn list(&self) -> Vec<Cage> {
        (0..self.count())
            .map(|k| Cage {
                sum: self.sums[k],
                cells: self.cells(k).iter().map(|&c| usize::from(c)).collect(),
            })
            .collect()
    }

    /// The canonical cage map: a symbol of [`MAP_SYMBOLS`] per cell,
    /// row-major, cages lettered in order (see [`MAP_SYMBOLS`] for more
    /// than 62 cages). [`Cages::from_map`] reads it back with
    /// [`Cages::sums`].
    pub fn map_bytes(&self) -> Vec<u8> {
        let n = MAP_SYMBOLS.len();
        let mut symbol = vec![u8::MAX; self.count()];
        for k in 0..self.count() {
            let mut used = [false; 62];
            for &c in self.cells(k) {
                for m in neighbours(usize::from(c), self.side) {
                    let other = self.cage_of(m);
                    if other != k && symbol[other] != u8::MAX {
                        used[usize::from(symbol[other])] = true;
                    }
                }
            }
            // A cage touches at most 4 * side < 62 cages' cells... and at
            // most that many cages, so a free symbol is always found.
            let s = (0..n)
                .map(|i| (k + i) % n)
                .find(|&s| !used[s])
                .unwrap_or(k % n);
            symbol[k] = s as u8;
        }
        self.of_cell
            .iter()
            .map(|&k| MAP_SYMBOLS[usize::from(symbol[usize::from(k)])])
            .collect()
    }

    /// [`Cages::map_bytes`] as a string.
    pub fn map_text(&self) -> String {
        String::from_utf8(self.map_bytes()).expect("map symbols are ASCII")
    }

    /// The sums as text, in map order, separated by commas.
    pub fn sums_text(&self) -> String {
        let parts: Vec<String> = self.sums.iter().map(u32::to_string).collect();
        parts.join(",")
    }

    /// Whether `solution` (values `1..=side`, row-major) fits the cages:
    /// no value twice in a cage, each cage's values make its sum. Units
    /// are the grid's business, not the cages'.
    pub fn check_solution(&self, solution: &[u8]) -> Result<(), CageError> {
        let cells = self.side * self.side;
        if solution.len() != cells {
            return Err(CageError::SolutionLength {
                found: solution.len(),
                cells,
            });
        }
        for k in 0..self.count() {
            let mut seen = 0u32;
            let mut total = 0u32;
            for &c in self.cells(k) {
                let v = solution[usize::from(c)];
                if v == 0 || usize::from(v) > self.side {
                    return Err(CageError::Value {
                        cell: usize::from(c),
                        value: v,
                    });
                }
                if seen & 1 << (v - 1) != 0 {
                    return Err(CageError::Repeat { cage: k, value: v });
                }
                seen |= 1 << (v - 1);
                total += u32::from(v);
            }
            if total != self.sums[k] {
                return Err(CageError::WrongSum {
                    cage: k,
                    sum: self.sums[k],
                    found: total,
                });
            }
        }
        Ok(())
    }

    /// How many cages have each size: entry `s` counts the cages of `s`
    /// cells (entry 0 is 0).
    pub fn size_counts(&self) -> Vec<usize> {
        let mut counts = vec![0; self.side + 1];
        for k in 0..self.count() {
            counts[self.cells(k).len()] += 1;
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 4x4 grid 1234/3412/2143/4321 cut as AABB/CDDB/CEFF/GEHH.
    fn four() -> (Cages, [u8; 16]) {
        let solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let cages = Cages::parse_map("AABB\nCDDB\nCEFF\nGEHH", "3,9,5,5,4,7,4,3").unwrap();
        (cages, solution)
    }

    #[test]
    fn a_map_is_read_and_written_back() {
        let (cages, solution) = four();
        assert_eq!(cages.side(), 4);
        assert_eq!(cages.count(), 8);
        assert_eq!(cages.cells(1), &[2, 3, 7]);
        assert_eq!(cages.cage_of(7), 1);
        assert_eq!(cages.sum(5), 7);
        assert_eq!(cages.map_text(), "AABBCDDBCEFFGEHH");
        assert_eq!(cages.sums_text(), "3,9,5,5,4,7,4,3");
        assert_eq!(cages.size_counts(), vec![0, 1, 6, 1, 0]);
        cages.check_solution(&solution).unwrap();
        // Other letters, same cages.
        let again = Cages::parse_map("xxyy zwwy zvuu tvss", "3 9 5 5 4 7 4 3").unwrap();
        assert_eq!(again, cages);
        // The list form, in any order, is the same cages.
        let mut list = cages.list();
        assert_eq!(
            list[1],
            Cage {
                sum: 9,
                cells: vec![2, 3, 7]
            }
        );
        list.reverse();
        assert_eq!(Cages::new(4, &list).unwrap(), cages);
        // Groups and a solution give the sums.
        let groups: Vec<u32> = "AABBCDDBCEFFGEHH".bytes().map(u32::from).collect();
        assert_eq!(Cages::from_groups(4, &groups, &solution).unwrap(), cages);
    }

    #[test]
    fn bad_cages_are_named() {
        let cage = |sum, cells: &[usize]| Cage {
            sum,
            cells: cells.to_vec(),
        };
        let (cages, solution) = four();
        let mut list = cages.list();
        assert_eq!(Cages::new(26, &list), Err(CageError::Side { side: 26 }));
        list.push(cage(3, &[]));
        assert_eq!(Cages::new(4, &list), Err(CageError::Empty { cage: 8 }));
        list.pop();
        list[0].cells.push(16);
        assert_eq!(
            Cages::new(4, &list),
            Err(CageError::Cell {
                cage: 0,
                cell: 16,
                cells: 16
            })
        );
        list[0].cells[2] = 2;
        assert_eq!(Cages::new(4, &list), Err(CageError::Twice { cell: 2 }));
        list[0].cells.pop();
        list.pop();
        assert_eq!(Cages::new(4, &list), Err(CageError::Uncovered { cell: 14 }));
        // Two pieces: cells 0 and 2 as one cage.
        let mut split = cages.list();
        split[0].cells = vec![0];
        split[1].cells = vec![1, 3, 7];
        split[1].sum = 8;
        split.push(cage(3, &[2]));
        assert_eq!(
            Cages::new(4, &split),
            Err(CageError::Disconnected { cage: 1, pieces: 2 })
        );
        // Five cells in a 4x4: too big; a pair summing to 8: impossible.
        let rows = [
            cage(10, &[0, 1, 2, 3]),
            cage(10, &[4, 5, 6, 7]),
            cage(10, &[8, 9, 10, 11]),
            cage(10, &[12, 13, 14, 15]),
        ];
        assert!(Cages::new(4, &rows).is_ok());
        let mut big = rows.to_vec();
        big[0].cells.push(4);
        big[1].cells.remove(0);
        assert_eq!(
            Cages::new(4, &big),
            Err(CageError::TooBig {
                cage: 0,
                size: 5,
                side: 4
            })
        );
        let mut sums = cages.list();
        sums[0].sum = 8;
        assert_eq!(
            Cages::new(4, &sums),
            Err(CageError::Sum {
                cage: 0,
                sum: 8,
                size: 2,
                low: 3,
                high: 7
            })
        );
        assert_eq!(
            Cages::new(4, &sums).unwrap_err().to_string(),
            "cage 1 sums to 8: a cage of 2 cells sums to 3 to 7"
        );
        // Solutions that do not fit.
        let mut wrong = solution;
        wrong.swap(0, 1);
        assert_eq!(cages.check_solution(&wrong), Ok(()));
        wrong.swap(0, 4);
        assert_eq!(
            cages.check_solution(&wrong),
            Err(CageError::WrongSum {
                cage: 0,
                sum: 3,
                found: 4
            })
        );
        let same = [1u8; 16];
        assert_eq!(
            cages.check_solution(&same),
            Err(CageError::Repeat { cage: 0, value: 1 })
        );
        let groups: Vec<u32> = "AABBCDDBCEFFGEHH".bytes().map(u32::from).collect();
        assert_eq!(
            Cages::from_groups(4, &groups, &same),
            Err(CageError::Sum {
                cage: 0,
                sum: 2,
                size: 2,
                low: 3,
                high: 7
            })
        );
    }

    #[test]
    fn bad_maps_are_named() {
        assert_eq!(
            Cages::parse_map("AAB", "1"),
            Err(CageError::MapLength { found: 3 })
        );
        assert_eq!(
            Cages::parse_map("AABBCDDBCEFFGE-H", "1"),
            Err(CageError::MapSymbol {
                cell: 14,
                symbol: '-'
            })
        );
        assert_eq!(
            Cages::parse_map("AABBCDDBCEFFGEHH", "3 9 5"),
            Err(CageError::SumCount { cages: 8, sums: 3 })
        );
        assert_eq!(
            Cages::parse_map("AABBCDDBCEFFGEHH", "3 9 5 5 4 7 4 x"),
            Err(CageError::Sum {
                cage: 7,
                sum: u32::MAX,
                size: 2,
                low: 3,
                high: 7
            })
        );
        // The same letter in two places is two cages.
        let two = Cages::parse_map("AABA CCCC DDDD EEEE", "3 3 4 10 10 10").unwrap();
        assert_eq!(two.count(), 6);
        assert_eq!(two.cells(2), &[3]);
        assert_eq!(two.map_text(), "AABCDDDDEEEEFFFF");
    }

    #[test]
    fn more_than_62_cages_wrap_without_touching() {
        // 16x16 in dominoes: 128 cages, each a pair across two columns.
        let side = 16;
        let groups: Vec<u32> = (0..side * side).map(|c| c as u32 / 2).collect();
        let solution: Vec<u8> = (0..side * side).map(|c| (c % side) as u8 + 1).collect();
        let cages = Cages::from_groups(side, &groups, &solution).unwrap();
        assert_eq!(cages.count(), 128);
        let map = cages.map_bytes();
        assert_eq!(&map[..16], b"AABBCCDDEEFFGGHH");
        // Cage 62 would be `A` again: its neighbour above (cage 54, `2`)
        // is not `A`, so it is `A`.
        assert_eq!(map[7 * 16 + 12], b'A');
        let back = Cages::from_map(&map, cages.sums()).unwrap();
        assert_eq!(back, cages);
        // A map whose wrapped symbol would touch: the next free one.
        let column: Vec<u32> = (0..side * side)
            .map(|c| (c % side * side + c / side) as u32 / 2)
            .collect();
        let rows: Vec<u8> = (0..side * side).map(|c| (c / side) as u8 + 1).collect();
        let down = Cages::from_groups(side, &column, &rows).unwrap();
        let map = down.map_bytes();
        assert_eq!(Cages::from_map(&map, down.sums()).unwrap(), down);
        // No two cages that touch share a symbol.
        for cages in [&cages, &down] {
            let map = cages.map_bytes();
            for c in 0..side * side {
                for m in neighbours(c, side) {
                    if cages.cage_of(c) != cages.cage_of(m) {
                        assert_ne!(map[c], map[m]);
                    }
                }
            }
        }
        assert_eq!(LARGEST_SIDE, crate::shape::MAX_SIDE);
    }

    #[test]
    fn sum_ranges_are_the_books() {
        assert_eq!(sum_range(2, 9), (3, 17));
        assert_eq!(sum_range(3, 9), (6, 24));
        assert_eq!(sum_range(9, 9), (45, 45));
        assert_eq!(sum_range(1, 4), (1, 4));
        assert_eq!(sum_range(5, 12), (15, 50));
    }
}
