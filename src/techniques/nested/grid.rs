//! The 9x9 board of the nested chains as bitboards: per value, the 81
//! cells that still hold it as one `u128`; per cell, its candidates as nine
//! bits. A working copy is 306 bytes, cheap to clone for every chaining,
//! and "where can 5 go in row 3" is one AND.
//!
//! Regions are numbered as Sudoku Explainer orders them (boxes 0-8, rows
//! 9-17, columns 18-26, cells of a region in reading order), values are
//! 0-based here (`v0` = value - 1).

use crate::candidates::Board;

/// A potential: `(cell * 9 + v0) * 2 + on`, 1,458 of them.
pub(crate) type Pot = u16;

/// The number of potentials.
pub(crate) const POTS: usize = 81 * 9 * 2;

/// The potential "`v0 + 1` on (or off) at `cell`".
#[inline]
pub(crate) fn pot(cell: usize, v0: usize, on: bool) -> Pot {
    ((cell * 9 + v0) * 2 + usize::from(on)) as Pot
}
#[inline]
pub(crate) fn cell_of(p: Pot) -> usize {
    usize::from(p) / 18
}
#[inline]
pub(crate) fn v0_of(p: Pot) -> usize {
    usize::from(p) / 2 % 9
}
#[inline]
pub(crate) fn is_on(p: Pot) -> bool {
    p & 1 == 1
}
#[inline]
pub(crate) fn flip(p: Pot) -> Pot {
    p ^ 1
}

const fn region_cell(r: usize, k: usize) -> usize {
    match r / 9 {
        0 => (r / 3 * 3 + k / 3) * 9 + r % 3 * 3 + k % 3,
        1 => (r - 9) * 9 + k,
        _ => k * 9 + (r - 18),
    }
}

const fn make_region_cells() -> [[u8; 9]; 27] {
    let mut t = [[0u8; 9]; 27];
    let mut r = 0;
    while r < 27 {
        let mut k = 0;
        while k < 9 {
            t[r][k] = region_cell(r, k) as u8;
            k += 1;
        }
        r += 1;
    }
    t
}

const fn make_region_masks() -> [u128; 27] {
    let mut t = [0u128; 27];
    let mut r = 0;
    while r < 27 {
        let mut k = 0;
        while k < 9 {
            t[r] |= 1u128 << region_cell(r, k);
            k += 1;
        }
        r += 1;
    }
    t
}

const fn make_cell_regions() -> [[u8; 3]; 81] {
    let mut t = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let (row, col) = (c / 9, c % 9);
        t[c] = [
            (row / 3 * 3 + col / 3) as u8,
            (9 + row) as u8,
            (18 + col) as u8,
        ];
        c += 1;
    }
    t
}

/// The cells of each region, in SE's order.
pub(crate) static REGION_CELLS: [[u8; 9]; 27] = make_region_cells();
/// Each region as a set of cells.
pub(crate) static REGION_MASK: [u128; 27] = make_region_masks();
/// The box, row and column of each cell.
pub(crate) static CELL_REGIONS: [[u8; 3]; 81] = make_cell_regions();

const fn make_peers() -> [u128; 81] {
    let regions = make_region_masks();
    let cr = make_cell_regions();
    let mut t = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        t[c] =
            (regions[cr[c][0] as usize] | regions[cr[c][1] as usize] | regions[cr[c][2] as usize])
                & !(1u128 << c);
        c += 1;
    }
    t
}

/// The 20 peers of each cell.
pub(crate) static PEERS: [u128; 81] = make_peers();

/// Whether a set holds exactly two members (without a population count,
/// which is not one instruction on every target).
#[inline]
pub(crate) fn two<T>(x: T) -> bool
where
    T: Copy + PartialEq + std::ops::BitAnd<Output = T> + std::ops::Sub<Output = T> + From<u8>,
{
    let zero = T::from(0);
    let one = T::from(1);
    if x == zero {
        return false;
    }
    let rest = x & (x - one);
    rest != zero && rest & (rest - one) == zero
}

/// Whether a set holds at most one member.
#[inline]
pub(crate) fn at_most_one<T>(x: T) -> bool
where
    T: Copy + PartialEq + std::ops::BitAnd<Output = T> + std::ops::Sub<Output = T> + From<u8>,
{
    x == T::from(0) || x & (x - T::from(1)) == T::from(0)
}

/// The lowest cell of a non-empty cell set.
#[inline]
pub(crate) fn first_cell(set: u128) -> usize {
    set.trailing_zeros() as usize
}

/// Iterates the cells of a set in increasing order.
#[inline]
pub(crate) fn cells(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let c = set.trailing_zeros() as usize;
            set &= set - 1;
            Some(c)
        }
    })
}

/// Iterates the 0-based values of a nine-bit mask in increasing order.
#[inline]
pub(crate) fn values(mut m: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let v = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(v)
        }
    })
}

/// The candidates of a 9x9 board.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Cands {
    /// Per cell, its candidates (bit `v0`).
    pub cell: [u16; 81],
    /// Per value, the cells holding it.
    pub bb: [u128; 9],
}

impl Cands {
    /// The candidates of a 9x9 `board`.
    pub fn of(board: &Board) -> Cands {
        let mut c = Cands {
            cell: [0; 81],
            bb: [0; 9],
        };
        for cell in 0..81 {
            let m = board.cands(cell).0 as u16;
            c.cell[cell] = m;
            for v0 in values(m) {
                c.bb[v0] |= 1u128 << cell;
            }
        }
        c
    }

    /// Whether `cell` holds `v0`.
    #[inline]
    pub fn has(&self, cell: usize, v0: usize) -> bool {
        self.cell[cell] >> v0 & 1 == 1
    }

    /// Removes `v0` from `cell`.
    #[inline]
    pub fn remove(&mut self, cell: usize, v0: usize) {
        self.cell[cell] &= !(1 << v0);
        self.bb[v0] &= !(1u128 << cell);
    }

    /// The cells of region `r` holding `v0`.
    #[inline]
    pub fn in_region(&self, r: usize, v0: usize) -> u128 {
        self.bb[v0] & REGION_MASK[r]
    }

    /// The number of candidates of `cell`.
    #[inline]
    pub fn count(&self, cell: usize) -> u32 {
        self.cell[cell].count_ones()
    }
}

/// What stays fixed while chainings run on working copies: which cells hold
/// a value (SE's empty-cell counts and value occurrences look at values, not
/// candidates).
#[derive(Clone, Debug)]
pub(crate) struct Fixed {
    /// Empty cells per region.
    pub empty_in: [u8; 27],
    /// Per value, how many cells hold it.
    pub occurrences: [u8; 9],
}

impl Fixed {
    /// The placements of `board`.
    pub fn of(board: &Board) -> Fixed {
        let mut f = Fixed {
            empty_in: [0; 27],
            occurrences: [0; 9],
        };
        for (cell, regions) in CELL_REGIONS.iter().enumerate() {
            let v = board.value(cell);
            if v == 0 {
                for &r in regions {
                    f.empty_in[usize::from(r)] += 1;
                }
            } else {
                f.occurrences[usize::from(v) - 1] += 1;
            }
        }
        f
    }
}

/// Why a potential holds (SE's `Potential.Cause`).
pub(crate) mod cause {
    /// The assumption a chaining starts from.
    pub const INITIAL: u8 = 0;
    /// The cell's one other value (or, for "off", the cell holds another).
    pub const NAKED: u8 = 1;
    /// The value's one other place in the box (or "off": the box holds it).
    pub const BOX: u8 = 2;
    /// ... in the row.
    pub const ROW: u8 = 3;
    /// ... in the column.
    pub const COLUMN: u8 = 4;
    /// Removed by an inner rule (a nesting level's "advanced" implication).
    pub const ADVANCED: u8 = 5;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_each_other() {
        for (r, (mask, region)) in REGION_MASK.iter().zip(&REGION_CELLS).enumerate() {
            assert_eq!(mask.count_ones(), 9);
            for &c in region {
                let c = usize::from(c);
                assert_eq!(mask >> c & 1, 1);
                assert!(CELL_REGIONS[c].contains(&(r as u8)));
            }
        }
        assert!(PEERS.iter().all(|p| p.count_ones() == 20));
        let p = pot(80, 8, true);
        assert_eq!((cell_of(p), v0_of(p), is_on(p)), (80, 8, true));
        assert_eq!(usize::from(p), POTS - 1);
    }
}
