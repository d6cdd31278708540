//! The cage techniques: each cage's combinations (the sets of distinct
//! values that make what is left of its sum in its empty cells, avoiding
//! the values placed in it, that can be arranged in the cells'
//! candidates), the values every combination holds, and what they say
//! about the cage's cells and the units around it.
//!
//! The arrangement check of a combination of `k` values on `k` cells is
//! a walk over the subsets of the values (`2^k * k`): which cells can
//! take which of the values in some arrangement.

use super::{KillerStep, KillerTechnique, Logic};
use crate::candidates::Board;
use crate::mask::Mask;

/// One cage as the candidates leave it.
#[derive(Default)]
pub(super) struct View {
    /// What the view was computed from: each cell's candidates, or its
    /// value with the top bit set.
    key: Vec<u32>,
    /// The cage.
    k: usize,
    /// Its empty cells.
    rem: Vec<usize>,
    /// The values placed in it.
    used: u32,
    /// The combinations of the empty cells that can be arranged.
    combos: Vec<u32>,
    /// For each empty cell, the values some arrangement puts there.
    allowed: Vec<u32>,
    /// The values every combination holds.
    required: u32,
}

/// Brings every cage's view in `views` up to date with `board` (a view
/// whose cells have not changed is kept); `false` when a cage has no
/// combination left (the puzzle has no solution).
pub(super) fn update(logic: &Logic, board: &Board, views: &mut Vec<View>) -> bool {
    let mut good = Vec::new();
    let mut reach = Vec::new();
    views.resize_with(logic.cages.count(), View::default);
    let mut key = Vec::new();
    for (k, slot) in views.iter_mut().enumerate() {
        key.clear();
        key.extend(logic.cages.cells(k).iter().map(|&c| {
            let c = usize::from(c);
            match board.value(c) {
                0 => board.cands(c).0,
                v => 1 << 31 | u32::from(v),
            }
        }));
        if !slot.key.is_empty() && slot.key == key {
            continue;
        }
        match view(logic, board, k, &mut good, &mut reach) {
            Some(mut fresh) => {
                fresh.key = key.clone();
                *slot = fresh;
            }
            None => {
                slot.key.clear();
                return false;
            }
        }
    }
    true
}

fn view(
    logic: &Logic,
    board: &Board,
    k: usize,
    good: &mut Vec<bool>,
    reach: &mut Vec<bool>,
) -> Option<View> {
    let sum = logic.cages.sum(k);
    let (mut used, mut placed) = (0u32, 0u32);
    let mut rem = Vec::new();
    for &c in logic.cages.cells(k) {
        let c = usize::from(c);
        match board.value(c) {
            0 => rem.push(c),
            v => {
                used |= 1 << (v - 1);
                placed += u32::from(v);
            }
        }
    }
    if placed > sum || (rem.is_empty() && placed != sum) {
        return None;
    }
    let cands: Vec<u32> = rem.iter().map(|&c| board.cands(c).0).collect();
    let union = cands.iter().fold(0, |a, &m| a | m);
    let mut allowed = vec![0u32; rem.len()];
    let mut combos = Vec::new();
    let mut required = u32::MAX;
    if !rem.is_empty() {
        for &combo in logic.combos.get(rem.len(), sum - placed) {
            if combo & used != 0 || combo & !union != 0 {
                continue;
            }
            if arrange(&cands, combo, good, reach, &mut allowed) {
                combos.push(combo);
                required &= combo;
            }
        }
        if combos.is_empty() {
            return None;
        }
    } else {
        required = 0;
    }
    Some(View {
        key: Vec::new(),
        k,
        rem,
        used,
        combos,
        allowed,
        required,
    })
}

/// Whether the values of `combo` (one per cell) can be arranged in cells
/// of candidates `cands`; if so, adds to `allowed[i]` the values some
/// arrangement puts in cell `i`.
fn arrange(
    cands: &[u32],
    combo: u32,
    good: &mut Vec<bool>,
    reach: &mut Vec<bool>,
    allowed: &mut [u32],
) -> bool {
    let k = cands.len();
    let mut vals = [0u32; 32];
    let mut rest = combo;
    for v in vals.iter_mut().take(k) {
        *v = rest & rest.wrapping_neg();
        rest &= rest - 1;
    }
    debug_assert_eq!(combo.count_ones() as usize, k);
    // Cell i's candidates among the combination's values, by index.
    let mut m = [0u32; 32];
    for (mi, &c) in m.iter_mut().zip(cands) {
        *mi = (0..k)
            .filter(|&j| c & vals[j] != 0)
            .fold(0, |a, j| a | 1 << j);
    }
    let full = (1usize << k) - 1;
    good.clear();
    good.resize(full + 1, false);
    good[full] = true;
    // good[s]: the cells from popcount(s) on can take the values not in s.
    for s in (0..full).rev() {
        let i = s.count_ones() as usize;
        let mut free = m[i] & !(s as u32);
        while free != 0 {
            let j = free.trailing_zeros();
            free &= free - 1;
            if good[s | 1 << j] {
                good[s] = true;
                break;
            }
        }
    }
    if !good[0] {
        return false;
    }
    reach.clear();
    reach.resize(full + 1, false);
    reach[0] = true;
    for s in 0..full {
        if !reach[s] || !good[s] {
            continue;
        }
        let i = s.count_ones() as usize;
        let mut free = m[i] & !(s as u32);
        while free != 0 {
            let j = free.trailing_zeros();
            free &= free - 1;
            let t = s | 1 << j;
            if good[t] {
                allowed[i] |= vals[j as usize];
                reach[t] = true;
            }
        }
    }
    true
}

/// The combinations of a cage as killer books write them, the values
/// placed in it included: `{269} {359}` (with commas between values on
/// grids over 9x9).
fn combos_text(logic: &Logic, view: &View) -> String {
    const SHOWN: usize = 12;
    let sep = if logic.side > 9 { "," } else { "" };
    let mut parts: Vec<String> = view
        .combos
        .iter()
        .take(SHOWN)
        .map(|&c| {
            let vals: Vec<String> = Mask(c | view.used)
                .iter()
                .map(|v| logic.symbol(v).to_string())
                .collect();
            format!("{{{}}}", vals.join(sep))
        })
        .collect();
    if view.combos.len() > SHOWN {
        parts.push(format!("... ({} in all)", view.combos.len()));
    }
    parts.join(" ")
}

/// The values every combination of the cage of `view` holds, each with
/// the empty cells of the cage that can take it.
fn required<'a>(view: &'a View, board: &'a Board) -> impl Iterator<Item = (u8, Vec<usize>)> + 'a {
    Mask(view.required).iter().map(move |v| {
        let holders = (view.rem.iter().copied())
            .filter(|&c| board.cands(c).contains(v))
            .collect();
        (v, holders)
    })
}

/// A value every combination of a cage holds, that one empty cell of the
/// cage alone can take.
pub(super) fn single(logic: &Logic, board: &Board, views: &[View]) -> Option<KillerStep> {
    for view in views {
        for (v, holders) in required(view, board) {
            if let [cell] = holders[..] {
                let why = if view.rem.len() == 1 {
                    "its last empty cell".to_string()
                } else {
                    format!(
                        "every combination holds {}, only {} can",
                        logic.symbol(v),
                        logic.cell(cell)
                    )
                };
                let text = format!(
                    "hidden single in {}: {why}: {} = {}",
                    logic.cage_name(view.k),
                    logic.cell(cell),
                    logic.symbol(v),
                );
                return Some(KillerStep {
                    technique: KillerTechnique::CageSingle,
                    place: Some((cell, v)),
                    removes: Vec::new(),
                    cells: cage_cells(logic, view.k),
                    text,
                });
            }
        }
    }
    None
}

/// A cage whose cells hold candidates no arrangement of a combination
/// puts there.
pub(super) fn combinations(logic: &Logic, board: &Board, views: &[View]) -> Option<KillerStep> {
    for view in views {
        let removes: Vec<(usize, Mask)> = view
            .rem
            .iter()
            .zip(&view.allowed)
            .map(|(&c, &a)| (c, Mask(board.cands(c).0 & !a)))
            .filter(|(_, m)| !m.is_empty())
            .collect();
        if removes.is_empty() {
            continue;
        }
        let text = format!(
            "cage combinations in {}: {}{}",
            logic.cage_name(view.k),
            combos_text(logic, view),
            logic.removes_text(&removes)
        );
        return Some(KillerStep {
            technique: KillerTechnique::CageCombinations,
            place: None,
            removes,
            cells: cage_cells(logic, view.k),
            text,
        });
    }
    None
}

/// A value a cage must hold whose places in the cage lie in one unit
/// leaves the unit's other cells; a unit's value whose places all lie in
/// one cage leaves the cage's cells outside the unit.
pub(super) fn unit(logic: &Logic, board: &Board, views: &[View]) -> Option<KillerStep> {
    let geometry = logic.geometry;
    let cages = logic.cages;
    let bits = geometry.unit_bits();
    for view in views {
        for (v, holders) in required(view, board) {
            // Every required value has a holder (an arrangement puts it
            // somewhere); the guard keeps `common` to real units.
            if holders.is_empty() {
                continue;
            }
            let mut common = holders.iter().fold(u128::MAX, |a, &c| a & bits[c]);
            while common != 0 {
                let u = common.trailing_zeros() as usize;
                common &= common - 1;
                let victims = geometry.unit(u).iter().map(|&c| usize::from(c));
                let step = must_hold(
                    logic,
                    board,
                    (view, v, &holders),
                    victims,
                    KillerTechnique::CageUnit,
                    &format!(" in {}", geometry.kind(u)),
                );
                if step.is_some() {
                    return step;
                }
            }
        }
    }
    for u in 0..geometry.unit_count() {
        let unit = geometry.unit(u);
        for v in 1..=logic.side as u8 {
            let p = board.positions(u, v);
            if p == 0 {
                continue;
            }
            let holders: Vec<usize> = (0..unit.len())
                .filter(|&i| p & 1 << i != 0)
                .map(|i| usize::from(unit[i]))
                .collect();
            let k = cages.cage_of(holders[0]);
            if holders.iter().any(|&c| cages.cage_of(c) != k) {
                continue;
            }
            let removes: Vec<(usize, Mask)> = cages
                .cells(k)
                .iter()
                .map(|&c| usize::from(c))
                .filter(|&c| bits[c] & 1 << u == 0 && board.cands(c).contains(v))
                .map(|c| (c, Mask::single(v)))
                .collect();
            if removes.is_empty() {
                continue;
            }
            let text = format!(
                "cage-unit interaction: {} of {} lies in {}{}",
                logic.symbol(v),
                geometry.kind(u),
                logic.cage_name(k),
                logic.removes_text(&removes)
            );
            return Some(KillerStep {
                technique: KillerTechnique::CageUnit,
                place: None,
                removes,
                cells: holders,
                text,
            });
        }
    }
    None
}

/// A value a cage must hold leaves every cell outside the cage that sees
/// all the cage's cells that can take it (when they lie in no one unit,
/// which [`unit`] covers).
pub(super) fn pointing(logic: &Logic, board: &Board, views: &[View]) -> Option<KillerStep> {
    let geometry = logic.geometry;
    for view in views {
        for (v, holders) in required(view, board) {
            let Some(&first) = holders.first() else {
                continue;
            };
            let victims = (geometry.peers(first).iter())
                .map(|&c| usize::from(c))
                .filter(|&c| holders.iter().all(|&h| geometry.sees(c, h)));
            let step = must_hold(
                logic,
                board,
                (view, v, &holders),
                victims,
                KillerTechnique::CagePointing,
                ", which the cells below all see",
            );
            if step.is_some() {
                return step;
            }
        }
    }
    None
}

/// The step of `technique` that removes `v`, which the cage of `view`
/// must hold at one of `holders`, from the `victims` outside the cage
/// that have it: `cage ... must hold v, at r1c1 or r1c2{place}: removes
/// ...`.
fn must_hold(
    logic: &Logic,
    board: &Board,
    (view, v, holders): (&View, u8, &[usize]),
    victims: impl Iterator<Item = usize>,
    technique: KillerTechnique,
    place: &str,
) -> Option<KillerStep> {
    let removes: Vec<(usize, Mask)> = victims
        .filter(|&c| logic.cages.cage_of(c) != view.k && board.cands(c).contains(v))
        .map(|c| (c, Mask::single(v)))
        .collect();
    if removes.is_empty() {
        return None;
    }
    let places: Vec<String> = holders.iter().map(|&c| logic.cell(c)).collect();
    let lead = match technique {
        KillerTechnique::CageUnit => "cage-unit interaction",
        _ => "cage pointing",
    };
    let text = format!(
        "{lead}: {} must hold {}, at {}{place}{}",
        logic.cage_name(view.k),
        logic.symbol(v),
        places.join(" or "),
        logic.removes_text(&removes)
    );
    Some(KillerStep {
        technique,
        place: None,
        removes,
        cells: holders.to_vec(),
        text,
    })
}

fn cage_cells(logic: &Logic, k: usize) -> Vec<usize> {
    logic
        .cages
        .cells(k)
        .iter()
        .map(|&c| usize::from(c))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrangements_match_cells_to_values() {
        let (mut good, mut reach) = (Vec::new(), Vec::new());
        // {1,2,3} on cells {1,2}, {1,2}, {1,2,3}: the third cell must be 3.
        let mut allowed = [0u32; 3];
        assert!(arrange(
            &[0b011, 0b011, 0b111],
            0b111,
            &mut good,
            &mut reach,
            &mut allowed
        ));
        assert_eq!(allowed, [0b011, 0b011, 0b100]);
        // {1,2,3} on cells {1}, {1}, {2,3}: no arrangement.
        let mut allowed = [0u32; 3];
        assert!(!arrange(
            &[0b001, 0b001, 0b110],
            0b111,
            &mut good,
            &mut reach,
            &mut allowed
        ));
        // {8,9} on {8,9}, {1..9}: both cells keep 8 and 9.
        let mut allowed = [0u32; 2];
        assert!(arrange(
            &[0b1_1000_0000, 0b1_1111_1111],
            0b1_1000_0000,
            &mut good,
            &mut reach,
            &mut allowed
        ));
        assert_eq!(allowed, [0b1_1000_0000, 0b1_1000_0000]);
    }
}
