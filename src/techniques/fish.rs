//! Basic fish: X-wing (2 lines, SE 3.2), swordfish (3, 3.8), jellyfish
//! (4, 5.2).
//!
//! When a value's candidates in `d` columns all lie in the same `d` rows,
//! those columns take the value in those rows, so it goes from the rest of
//! the rows (and the same with rows and columns swapped). As in SE, columns
//! are tried as the base first, each base line must hold at least two
//! candidates, and a value is only looked at while at least `2d` of its
//! places are still open. Cost: subsets of the lines holding 2 to `d`
//! candidates of a value, at most C(9, 4) = 126 per value.

use super::{Step, Technique, first_subset};
use crate::candidates::Board;
use crate::mask::Mask;

/// The first fish of `degree` lines.
pub fn find(board: &Board, degree: usize) -> Option<Step> {
    let n = board.size().side();
    let rows = n..2 * n;
    let cols = 2 * n..3 * n;
    for (base, cover) in [(cols.clone(), rows.clone()), (rows, cols)] {
        for v in 1..=n as u8 {
            // Rows with no candidate for v are the rows where it is placed.
            let placed = (0..n).filter(|&i| board.positions(n + i, v) == 0).count();
            if placed + 2 * degree > n {
                continue;
            }
            let lines: Vec<usize> = base
                .clone()
                .filter(|&l| (2..=degree as u32).contains(&board.positions(l, v).count_ones()))
                .collect();
            let found = first_subset(&lines, degree, |set| {
                let union = set.iter().fold(0u32, |u, &l| u | board.positions(l, v));
                if union.count_ones() as usize != degree {
                    return None;
                }
                // Base line `l` has index `l - base.start`; cover line `k`
                // is `cover.start + k`; positions in a cover line are base
                // indices.
                let base_bits = set.iter().fold(0u32, |u, &l| u | 1 << (l - base.start));
                let mut removes = Vec::new();
                let mut covers = Vec::new();
                let mut bits = union;
                while bits != 0 {
                    let k = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let line = cover.start + k;
                    covers.push(line);
                    let mut extra = board.positions(line, v) & !base_bits;
                    while extra != 0 {
                        let j = extra.trailing_zeros() as usize;
                        extra &= extra - 1;
                        removes.push((board.region_cell(line, j), Mask::single(v)));
                    }
                }
                if removes.is_empty() {
                    return None;
                }
                removes.sort_unstable_by_key(|&(c, _)| c);
                let (technique, rating) = match degree {
                    2 => (Technique::XWing, 32),
                    3 => (Technique::Swordfish, 38),
                    _ => (Technique::Jellyfish, 52),
                };
                let mut step = Step::new(technique, rating);
                step.values = Mask::single(v);
                step.regions = set.to_vec();
                step.regions.extend(covers);
                step.removes = removes;
                Some(step)
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}
