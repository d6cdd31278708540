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
    /// The cages that stick out: sum, cells inside, cells outside.
    partial: Vec<(u32, Vec<usize>, Vec<usize>)>,
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
    let mut inside = 0;
    let mut partial = Vec::new();
    for k in touched {
        let (inn, out): (Vec<usize>, Vec<usize>) = cages
            .cells(k)
            .iter()
            .map(|&c| usize::from(c))
            .partition(|&c| member[c]);
        if out.is_empty() {
            inside += cages.sum(k);
        } else {
            partial.push((cages.sum(k), inn, out));
        }
    }
    (!partial.is_empty()).then_some(Area {
        name,
        units,
        several,
        inside,
        partial,
    })
}

/// Which cells of the cages that stick out an equation of the rule of 45
/// speaks of.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sides {
    /// The innies: the cages' cells inside.
    Innies,
    /// The outies: the cages' cells outside.
    Outies,
    /// For each cage the side with fewer empty cells (innies less
    /// outies), when that mixes both.
    Mixed,
}

/// The first step of the rule of 45 on the single units (`several`
/// false) or on the areas of several units: equations with one empty
/// cell first, then two, then three; in each, innies, then outies, then
/// innies less outies.
pub(super) fn find(logic: &Logic, board: &Board, several: bool) -> Option<KillerStep> {
    const SIDES: [Sides; 3] = [Sides::Innies, Sides::Outies, Sides::Mixed];
    // The equations of at most three empty cells, as (cells, area, side):
    // one pass counts them, then they are tried in that order.
    let mut found: Vec<(usize, usize, usize)> = Vec::new();
    let empty = |cells: &[usize]| cells.iter().filter(|&&c| board.value(c) == 0).count();
    for (i, area) in logic.areas.iter().enumerate() {
        if area.several != several {
            continue;
        }
        let (mut inn, mut out, mut plus, mut minus) = (0, 0, 0, 0);
        for (_, a, b) in &area.partial {
            let (ea, eb) = (empty(a), empty(b));
            inn += ea;
            out += eb;
            if eb < ea {
                minus += eb;
            } else {
                plus += ea;
            }
        }
        for (s, k, ok) in [
            (0, inn, true),
            (1, out, true),
            (2, plus + minus, plus > 0 && minus > 0),
        ] {
            if ok && (1..=3).contains(&k) {
                found.push((k, i, s));
            }
        }
    }
    found.sort_unstable();
    found
        .into_iter()
        .find_map(|(k, i, s)| try_area(logic, board, &logic.areas[i], SIDES[s], k))
}

/// The equation of `area` on `sides`, when it has `k` empty cells.
///
/// With the cages that stick out split into those counted in (their
/// cells outside subtracted) and out (their cells inside added): the
/// empty added cells less the empty subtracted ones make `m * T` less
/// the cages inside, the cages counted in and the placed added values,
/// plus the placed subtracted values.
fn try_area(
    logic: &Logic,
    board: &Board,
    area: &Area,
    sides: Sides,
    k: usize,
) -> Option<KillerStep> {
    let empty_of = |cells: &[usize]| cells.iter().filter(|&&c| board.value(c) == 0).count();
    let placed_of =
        |cells: &[usize]| -> i64 { cells.iter().map(|&c| i64::from(board.value(c))).sum() };
    let (mut plus, mut minus) = (Vec::new(), Vec::new());
    let mut known = i64::from(area.inside);
    for (sum, inn, out) in &area.partial {
        let counted_in = match sides {
            Sides::Innies => false,
            Sides::Outies => true,
            Sides::Mixed => empty_of(out) < empty_of(inn),
        };
        if counted_in {
            known += i64::from(*sum) - placed_of(out);
            minus.extend(out.iter().copied().filter(|&c| board.value(c) == 0));
        } else {
            known += placed_of(inn);
            plus.extend(inn.iter().copied().filter(|&c| board.value(c) == 0));
        }
        if plus.len() + minus.len() > k {
            return None;
        }
    }
    if plus.len() + minus.len() != k
        || (sides == Sides::Mixed && (plus.is_empty() || minus.is_empty()))
    {
        return None;
    }
    plus.sort_unstable();
    minus.sort_unstable();
    let side = logic.side;
    let unit_sum = (side * (side + 1) / 2) as i64;
    let total = unit_sum * area.units as i64;
    let total_text = if area.units == 1 {
        unit_sum.to_string()
    } else {
        format!("{unit_sum}*{}", area.units)
    };
    // plus - minus = total - known.
    let names = |cells: &[usize]| -> Vec<String> { cells.iter().map(|&c| logic.cell(c)).collect() };
    let (lhs, rhs, value) = if plus.is_empty() {
        // Outies: minus = known - total.
        (
            names(&minus).join(" + "),
            format!("{known} - {total_text}"),
            known - total,
        )
    } else {
        let mut lhs = names(&plus).join(" + ");
        for n in names(&minus) {
            lhs.push_str(" - ");
            lhs.push_str(&n);
        }
        (lhs, format!("{total_text} - {known}"), total - known)
    };
    let word = match (sides, k) {
        (Sides::Innies, 1) => "innie",
        (Sides::Innies, _) => "innies",
        (Sides::Outies, 1) => "outie",
        (Sides::Outies, _) => "outies",
        (Sides::Mixed, _) => "innies and outies",
    };
    let head = format!("{word} of {}: {lhs} = {rhs} = {value}", area.name);
    let technique = if area.several {
        KillerTechnique::RuleOf45Units
    } else {
        KillerTechnique::RuleOf45
    };
    // The cells, each with its sign; the signed values make `target`.
    let cells: Vec<(usize, i64)> = (plus.iter().map(|&c| (c, 1)))
        .chain(minus.iter().map(|&c| (c, -1)))
        .collect();
    let target = total - known;
    if let [(cell, sign)] = cells[..] {
        let v = target * sign;
        if !(1..=side as i64).contains(&v) || !board.cands(cell).contains(v as u8) {
            return None;
        }
        return Some(KillerStep {
            technique,
            place: Some((cell, v as u8)),
            removes: Vec::new(),
            cells: vec![cell],
            text: head,
        });
    }
    let mut allowed = vec![0u32; k];
    let mut chosen = Vec::with_capacity(k);
    let distinct = |i: usize, j: usize| {
        let (a, b) = (cells[i].0, cells[j].0);
        logic.geometry.sees(a, b) || logic.cages.cage_of(a) == logic.cages.cage_of(b)
    };
    let cands: Vec<(u32, i64)> = cells.iter().map(|&(c, s)| (board.cands(c).0, s)).collect();
    sums(&cands, target, &distinct, &mut chosen, &mut allowed);
    let removes: Vec<(usize, Mask)> = cells
        .iter()
        .zip(&allowed)
        .map(|(&(c, _), &a)| (c, Mask(board.cands(c).0 & !a)))
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
        cells: cells.iter().map(|&(c, _)| c).collect(),
        text,
    })
}

/// Adds to `allowed[i]` the values cell `i` takes in some choice of one
/// candidate per cell whose values, each times its sign, make `target`
/// (distinct where `distinct` says).
fn sums(
    cands: &[(u32, i64)],
    target: i64,
    distinct: &dyn Fn(usize, usize) -> bool,
    chosen: &mut Vec<u32>,
    allowed: &mut [u32],
) {
    let i = chosen.len();
    if i == cands.len() {
        if target == 0 {
            for (a, &v) in allowed.iter_mut().zip(chosen.iter()) {
                *a |= 1 << (v - 1);
            }
        }
        return;
    }
    let (mut m, sign) = cands[i];
    while m != 0 {
        let v = m.trailing_zeros() + 1;
        m &= m - 1;
        if (0..i).any(|j| chosen[j] == v && distinct(i, j)) {
            continue;
        }
        chosen.push(v);
        sums(
            cands,
            target - sign * i64::from(v),
            distinct,
            chosen,
            allowed,
        );
        chosen.pop();
    }
}
