//! The simple inner rules of the nested chains, every hint of each in SE's
//! order (SE's `Locking(false)`, `HiddenSet(2)`, `NakedSet(2)`,
//! `Fisherman(2)`), each with what it depends on (its `getRuleParents`).
//!
//! They run on a chaining's working copy, whose candidates have been
//! removed by the chaining but whose cells hold no new values: SE's tests on
//! empty cells and on value occurrences read the placed values, which stay
//! those of the board ([`Fixed`]). SE keeps a hint's removals in a hash map
//! keyed by cells, whose order depends on object identities; they are given
//! here in increasing cell order.
//!
//! Cost: a few thousand bit operations a call. A hint is only built where
//! the chaining removed a candidate it could depend on; without one, SE
//! finds the hint and then drops it (no parents), so skipping it changes
//! nothing.

use super::engine::{InnerHint, Req, region_cell};
use super::grid::{Cands, Fixed, REGION_MASK, at_most_one, cells, two, values};

/// The pairs of `0..9` in SE's order (binary numbers with two bits set, in
/// increasing order).
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (1..9).flat_map(|b| (0..b).map(move |a| (a, b)))
}

fn crosses(a: usize, b: usize) -> bool {
    REGION_MASK[a] & REGION_MASK[b] != 0
}

/// Pointing and claiming: a value's places in one region all inside a
/// second region leave the rest of the second region.
pub(crate) fn locking(work: &Cands, diff: &[u128; 9]) -> Vec<InnerHint> {
    let mut out = Vec::new();
    let boxes = 0..9;
    let rows = 9..18;
    let cols = 18..27;
    let orders: [(std::ops::Range<usize>, std::ops::Range<usize>); 4] = [
        (boxes.clone(), cols.clone()),
        (boxes.clone(), rows.clone()),
        (cols, boxes.clone()),
        (rows, boxes),
    ];
    for (t1, t2) in orders {
        for r1 in t1.clone() {
            for r2 in t2.clone() {
                if !crosses(r1, r2) {
                    continue;
                }
                for (v0, d) in diff.iter().enumerate() {
                    // Without a removal in the first region outside the
                    // second, the hint depends on nothing the chain did.
                    if d & REGION_MASK[r1] & !REGION_MASK[r2] == 0 {
                        continue;
                    }
                    let pos = work.in_region(r1, v0);
                    if at_most_one(pos) || pos & !REGION_MASK[r2] != 0 {
                        continue;
                    }
                    let gone = work.in_region(r2, v0) & !REGION_MASK[r1];
                    if gone == 0 {
                        continue;
                    }
                    let removes = cells(gone).map(|c| (c as u8, 1u16 << v0)).collect();
                    let reqs = cells(REGION_MASK[r1] & !REGION_MASK[r2])
                        .map(|c| Req::Slot(c as u8, v0 as u8))
                        .collect();
                    out.push(InnerHint {
                        removes,
                        reqs,
                        nested: super::engine::BY_LOCKING,
                    });
                }
            }
        }
    }
    out
}

/// The region order of SE's sets: boxes, columns, rows.
fn set_regions() -> impl Iterator<Item = usize> {
    (0..9).chain(18..27).chain(9..18)
}

/// Hidden pairs: two values with the same two places in a region keep those
/// cells to themselves.
pub(crate) fn hidden_pairs(work: &Cands, fixed: &Fixed, diff: &[u128; 9]) -> Vec<InnerHint> {
    let mut out = Vec::new();
    let changed: u128 = diff.iter().fold(0, |m, d| m | d);
    for r in set_regions() {
        let region = REGION_MASK[r];
        if fixed.empty_in[r] <= 4 || changed & region == 0 {
            continue;
        }
        for (a, b) in pairs() {
            if (diff[a] | diff[b]) & region == 0 {
                continue;
            }
            let (pa, pb) = (work.in_region(r, a), work.in_region(r, b));
            if at_most_one(pa) || at_most_one(pb) || !two(pa | pb) {
                continue;
            }
            let keep = (1u16 << a) | (1 << b);
            let removes: Vec<(u8, u16)> = cells(pa | pb)
                .filter_map(|c| {
                    let m = work.cell[c] & !keep;
                    (m != 0).then_some((c as u8, m))
                })
                .collect();
            if removes.is_empty() {
                continue;
            }
            let mut reqs = Vec::new();
            for k in 0..9 {
                let c = region_cell(r, k);
                if (pa | pb) >> c & 1 == 0 {
                    reqs.push(Req::Slot(c as u8, a as u8));
                    reqs.push(Req::Slot(c as u8, b as u8));
                }
            }
            out.push(InnerHint {
                removes,
                reqs,
                nested: super::engine::BY_HIDDEN_PAIR,
            });
        }
    }
    out
}

/// Naked pairs: two cells of a region holding the same two values only
/// take them from the rest of the region.
pub(crate) fn naked_pairs(work: &Cands, fixed: &Fixed, diff: &[u128; 9]) -> Vec<InnerHint> {
    let changed: u128 = diff.iter().fold(0, |m, d| m | d);
    let mut out = Vec::new();
    for r in set_regions() {
        if fixed.empty_in[r] < 4 || changed & REGION_MASK[r] == 0 {
            continue;
        }
        for (i, j) in pairs() {
            let (ca, cb) = (region_cell(r, i), region_cell(r, j));
            if changed & ((1u128 << ca) | (1u128 << cb)) == 0 {
                continue;
            }
            let (ma, mb) = (work.cell[ca], work.cell[cb]);
            if at_most_one(ma) || at_most_one(mb) || !two(ma | mb) {
                continue;
            }
            let pair = ma | mb;
            let removes: Vec<(u8, u16)> = (0..9)
                .map(|k| region_cell(r, k))
                .filter(|&c| c != ca && c != cb)
                .filter_map(|c| {
                    let m = work.cell[c] & pair;
                    (m != 0).then_some((c as u8, m))
                })
                .collect();
            if removes.is_empty() {
                continue;
            }
            let mut reqs = Vec::new();
            for c in [ca, cb] {
                for v0 in values(0x1ff & !pair) {
                    reqs.push(Req::Slot(c as u8, v0 as u8));
                }
            }
            // Sorted by cell: SE's removable map has no defined order.
            let mut removes = removes;
            removes.sort_unstable_by_key(|&(c, _)| c);
            out.push(InnerHint {
                removes,
                reqs,
                nested: super::engine::BY_NAKED_PAIR,
            });
        }
    }
    out
}

/// X-wings: a value's places in two lines lying in the same two cross
/// lines leave the rest of those cross lines. SE looks at columns first,
/// then rows, and skips a value placed more than five times.
pub(crate) fn x_wings(work: &Cands, fixed: &Fixed, diff: &[u128; 9]) -> Vec<InnerHint> {
    let mut out = Vec::new();
    // (base lines, cover lines): columns then rows.
    for (base, cover) in [(18usize, 9usize), (9, 18)] {
        for (i, j) in pairs() {
            let (l1, l2) = (base + i, base + j);
            for (v0, (d, &placed)) in diff.iter().zip(&fixed.occurrences).enumerate() {
                if usize::from(placed) + 4 > 9 || d & (REGION_MASK[l1] | REGION_MASK[l2]) == 0 {
                    continue;
                }
                let (p1, p2) = (work.in_region(l1, v0), work.in_region(l2, v0));
                if at_most_one(p1) || at_most_one(p2) {
                    continue;
                }
                // Positions along the lines: the cover lines' indices.
                let idx = |set: u128| -> u16 {
                    cells(set).fold(0u16, |m, c| m | 1 << if base == 18 { c / 9 } else { c % 9 })
                };
                let common = idx(p1) | idx(p2);
                if !two(common) {
                    continue;
                }
                let lines = REGION_MASK[l1] | REGION_MASK[l2];
                let covers: u128 = values(common).fold(0, |m, k| m | REGION_MASK[cover + k]);
                let gone = work.bb[v0] & covers & !lines;
                if gone == 0 {
                    continue;
                }
                let removes = cells(gone).map(|c| (c as u8, 1u16 << v0)).collect();
                let reqs = cells(REGION_MASK[l1] & !covers)
                    .chain(cells(REGION_MASK[l2] & !covers))
                    .map(|c| Req::Slot(c as u8, v0 as u8))
                    .collect();
                out.push(InnerHint {
                    removes,
                    reqs,
                    nested: super::engine::BY_X_WING,
                });
            }
        }
    }
    out
}
