//! The implications between potentials on a board that does not change
//! (static chains): for each potential, what it implies through cell links
//! (Y) and region links (X), in SE's order, computed once per search.

use super::grid::{CELL_REGIONS, Cands, Pot, cause, cells, pot, two, values};

/// The implications of a static board, once per search: for each
/// potential, what it implies through cell (Y) links and through region
/// (X) links, in SE's order, with causes.
pub(crate) struct Links {
    /// `(start, y_len, x_len)` per potential, into `list`.
    at: Vec<(u32, u8, u8)>,
    list: Vec<(Pot, u8)>,
}

impl Links {
    pub fn of(g: &Cands) -> Links {
        let mut at = vec![(0u32, 0u8, 0u8); super::grid::POTS];
        let mut list: Vec<(Pot, u8)> = Vec::with_capacity(8192);
        for cell in 0..81 {
            for v0 in values(g.cell[cell]) {
                // On: the cell's other values (Y), then the value's other
                // places in the box, row and column (X).
                let start = list.len();
                for u in values(g.cell[cell] & !(1 << v0)) {
                    list.push((pot(cell, u, false), cause::NAKED));
                }
                let y_len = list.len() - start;
                let mut seen = 1u128 << cell;
                for (ri, &r) in CELL_REGIONS[cell].iter().enumerate() {
                    let s = g.in_region(usize::from(r), v0) & !seen;
                    seen |= s;
                    for c in cells(s) {
                        list.push((pot(c, v0, false), cause::BOX + ri as u8));
                    }
                }
                let x_len = list.len() - start - y_len;
                at[usize::from(pot(cell, v0, true))] = (start as u32, y_len as u8, x_len as u8);
                // Off: the other value of a bivalue cell (Y), then the
                // value's one other place in a region (X).
                let start = list.len();
                if two(g.cell[cell]) {
                    let other = (g.cell[cell] & !(1 << v0)).trailing_zeros() as usize;
                    list.push((pot(cell, other, true), cause::NAKED));
                }
                let y_len = list.len() - start;
                for (ri, &r) in CELL_REGIONS[cell].iter().enumerate() {
                    let now = g.in_region(usize::from(r), v0);
                    if two(now) {
                        let other = (now & !(1u128 << cell)).trailing_zeros() as usize;
                        let q = pot(other, v0, true);
                        if !list[start + y_len..].iter().any(|&(o, _)| o == q) {
                            list.push((q, cause::BOX + ri as u8));
                        }
                    }
                }
                let x_len = list.len() - start - y_len;
                at[usize::from(pot(cell, v0, false))] = (start as u32, y_len as u8, x_len as u8);
            }
        }
        Links { at, list }
    }

    /// What `p` implies with Y and/or X links.
    #[inline]
    pub fn of_pot(&self, p: Pot, y: bool, x: bool) -> &[(Pot, u8)] {
        let (start, yl, xl) = self.at[usize::from(p)];
        let (start, yl, xl) = (start as usize, yl as usize, xl as usize);
        match (y, x) {
            (true, true) => &self.list[start..start + yl + xl],
            (true, false) => &self.list[start..start + yl],
            (false, true) => &self.list[start + yl..start + yl + xl],
            (false, false) => &[],
        }
    }
}
