//! The rule of 45: innies and outies of a unit, or of several disjoint
//! units (runs of adjacent rows or columns, two neighbouring boxes or
//! regions). See the [parent module](super) for the rule and its
//! sentences.

use super::{KillerStep, KillerTechnique, Logic};
use crate::cages::{Cages, neighbours};
use crate::candidates::Board;
use crate::mask::Mask;
use crate::shape::Geometry;

/// One area: its units, and the cages over it.
pub(super) struct Area {
    /// `row 1`, `rows 1-3`, `box 1 and box 2`.
    name: String,
    /// How many units (each holds every value once).
    units: usize,
    /// Whether the area is several units.
    several: bool,
    /// The sum of the cages wholly inside.
    inside: u32,
    /// The sum of every cage with a cell inside.
    cover: u32,
    /// The cells inside of cages that stick out.
    innies: Vec<usize>,
    /// Those cages' cells outside.
    outies: Vec<usize>,
}

/// The areas of `geometry` with innies, single units first (in the
/// geometry's order of units), then runs of rows, runs of columns and
/// pairs of neighbouring boxes.
pub(super) fn areas(geometry: &Geometry, cages: &Cages) -> Vec<Area> {
    let side = geometry.side();
    let mut out = Vec::new();
    for u in 0..geometry.unit_count() {
        let cells: Vec<usize> = geometry.unit(u).iter().map(|&c| usize::from(c)).collect();
        out.extend(area(cages, &cells, geometry.kind(u).to_string(), 1, false));
    }
    for (lines, word) in [(true, "rows"), (false, "columns")] {
        for len in 2..side {
            for start in 0..=side - len {
                let cells: Vec<usize> = (start..start + len)
                    .flat_map(|l| {
                        (0..side).map(move |i| if lines { l * side + i } else { i * side + l })
                    })
                    .collect();
                let name = format!("{word} {}-{}", start + 1, start + len);
                out.extend(area(cages, &cells, name, len, true));
            }
        }
    }
    // Boxes (or jigsaw regions) are units 0..side.
    let places = geometry.places();
    for a in 0..side {
        for b in a + 1..side {
            let touch = geometry.unit(a).iter().any(|&c| {
                neighbours(usize::from(c), side).any(|m| usize::from(places[m].boxn) == b)
            });
            if touch {
                let cells: Vec<usize> = (geometry.unit(a).iter().chain(geometry.unit(b)))
                    .map(|&c| usize::from(c))
                    .collect();
                let name = format!("{} and {}", geometry.kind(a), geometry.kind(b));
                out.extend(area(cages, &cells, name, 2, true));
            }
        }
    }
    out
}

/// The area of `cells` (`units` disjoint units), if some cage sticks out.
fn area(cages: &Cages, cells: &[usize], name: String, units: usize, several: bool) -> Option<Area> {
    let n = cages.side() * cages.side();
    let mut member = vec![false; n];
    cells.iter().for_each(|&c| member[c] = true);
    let mut touched: Vec<usize> = cells.iter().map(|&c| cages.cage_of(c)).collect();
    touched.sort_unstable();
    touched.dedup();
    let (mut inside, mut cover) = (0, 0);
    let (mut innies, mut outies) = (Vec::new(), Vec::new());
    for k in touched {
        cover += cages.sum(k);
        let kc = cages.cells(k);
        if kc.iter().all(|&c| member[usize::from(c)]) {
            inside += cages.sum(k);
            continue;
        }
        for &c in kc {
            let c = usize::from(c);
            if member[c] {
                innies.push(c);
            } else {
                outies.push(c);
            }
        }
    }
    innies.sort_unstable();
    outies.sort_unstable();
    (!innies.is_empty()).then_some(Area {
        name,
        units,
        several,
        inside,
        cover,
        innies,
        outies,
    })
}

/// The first step of the rule of 45 on the single units (`several`
/// false) or on the areas of several units: areas with one empty innie or
/// outie first, then two, then three.
pub(super) fn find(logic: &Logic, board: &Board, several: bool) -> Option<KillerStep> {
    for k in 1..=3 {
        for area in logic.areas.iter().filter(|a| a.several == several) {
            for innies in [true, false] {
                if let Some(step) = try_area(logic, board, area, innies, k) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The innies (or outies) of `area`, when `k` of them are empty.
fn try_area(
    logic: &Logic,
    board: &Board,
    area: &Area,
    innies: bool,
    k: usize,
) -> Option<KillerStep> {
    let cells = if innies { &area.innies } else { &area.outies };
    let mut empty = Vec::new();
    let mut placed = 0i64;
    for &c in cells {
        match board.value(c) {
            0 => empty.push(c),
            v => placed += i64::from(v),
        }
    }
    if empty.len() != k {
        return None;
    }
    let side = logic.side;
    let unit_sum = (side * (side + 1) / 2) as i64;
    let total = unit_sum * area.units as i64;
    let total_text = if area.units == 1 {
        unit_sum.to_string()
    } else {
        format!("{unit_sum}*{}", area.units)
    };
    let (sum, sum_text) = if innies {
        let known = i64::from(area.inside) + placed;
        (total - known, format!("{total_text} - {known}"))
    } else {
        let known = i64::from(area.cover) - placed;
        (known - total, format!("{known} - {total_text}"))
    };
    if sum < 1 {
        return None;
    }
    let word = match (innies, k) {
        (true, 1) => "innie",
        (true, _) => "innies",
        (false, 1) => "outie",
        (false, _) => "outies",
    };
    let names: Vec<String> = empty.iter().map(|&c| logic.cell(c)).collect();
    let head = format!(
        "{word} of {}: {} = {sum_text} = {sum}",
        area.name,
        names.join(" + ")
    );
    let technique = if area.several {
        KillerTechnique::RuleOf45Units
    } else {
        KillerTechnique::RuleOf45
    };
    if k == 1 {
        let cell = empty[0];
        if sum > side as i64 || !board.cands(cell).contains(sum as u8) {
            return None;
        }
        return Some(KillerStep {
            technique,
            place: Some((cell, sum as u8)),
            removes: Vec::new(),
            cells: empty,
            text: head,
        });
    }
    let cands: Vec<u32> = empty.iter().map(|&c| board.cands(c).0).collect();
    let mut allowed = vec![0u32; k];
    let mut chosen = Vec::with_capacity(k);
    let distinct = |i: usize, j: usize| {
        let (a, b) = (empty[i], empty[j]);
        logic.geometry.sees(a, b) || logic.cages.cage_of(a) == logic.cages.cage_of(b)
    };
    sums(&cands, sum as u32, &distinct, &mut chosen, &mut allowed);
    let removes: Vec<(usize, Mask)> = empty
        .iter()
        .zip(&allowed)
        .map(|(&c, &a)| (c, Mask(board.cands(c).0 & !a)))
        .filter(|(_, m)| !m.is_empty())
        .collect();
    if removes.is_empty() || allowed.contains(&0) {
        return None;
    }
    let text = format!("{head}{}", logic.removes_text(&removes));
    Some(KillerStep {
        technique,
        place: None,
        removes,
        cells: empty,
        text,
    })
}

/// Adds to `allowed[i]` the values cell `i` takes in some choice of one
/// candidate per cell making `sum` (distinct where `distinct` says).
fn sums(
    cands: &[u32],
    sum: u32,
    distinct: &dyn Fn(usize, usize) -> bool,
    chosen: &mut Vec<u32>,
    allowed: &mut [u32],
) {
    let i = chosen.len();
    if i == cands.len() {
        if sum == 0 {
            for (a, &v) in allowed.iter_mut().zip(chosen.iter()) {
                *a |= 1 << (v - 1);
            }
        }
        return;
    }
    let mut m = cands[i];
    while m != 0 {
        let v = m.trailing_zeros() + 1;
        m &= m - 1;
        if v > sum {
            break;
        }
        if (0..i).any(|j| chosen[j] == v && distinct(i, j)) {
            continue;
        }
        chosen.push(v);
        sums(cands, sum - v, distinct, chosen, allowed);
        chosen.pop();
    }
}
