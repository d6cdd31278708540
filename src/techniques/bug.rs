//! Bivalue universal grave (BUG, SE 5.6 to 6.0), types 1 to 4.
//!
//! If every empty cell had two candidates and every value two places in
//! each unit, the puzzle would have two solutions. So when only a few
//! "BUG cells" hold a third candidate that breaks that pattern, one of those
//! extra candidates is true. Type 1 (one BUG cell, 5.6): the cell takes its
//! extra value. Type 2 (one extra value in several cells, 5.7): it goes from
//! every cell seeing them all. Type 3 (5.7 + 0.1 per value of the set beyond
//! the first): the extra values act as one cell of a naked set with other
//! cells of a unit the BUG cells share. Type 4 (two BUG cells in one unit
//! sharing one other value, 5.7). The BUG cells are found as SE finds them:
//! a value with neither zero nor two places in a unit must owe it to exactly
//! one cell of three or more candidates there. Cost: one pass over units
//! and values, and a copy of the board.

use super::{Step, Technique, first_subset};
use crate::candidates::Board;
use crate::mask::Mask;

/// The BUG step, if the board is a BUG plus a few extra candidates.
pub fn find(board: &Board) -> Option<Step> {
    let size = board.size();
    let n = size.side();
    let mut temp = board.clone();
    let mut bug_cells: Vec<usize> = Vec::new();
    let mut bug_values: Vec<Mask> = Vec::new();
    let mut all = Mask::EMPTY;
    let mut common: Option<Vec<usize>> = None;
    for region in 0..board.regions() {
        for v in 1..=n as u8 {
            let p = board.positions(region, v);
            let count = p.count_ones();
            if count == 0 || count == 2 {
                continue;
            }
            let many: Vec<usize> = super::cells_at(board, region, p)
                .filter(|&c| board.cands(c).len() >= 3)
                .collect();
            match many.as_slice() {
                [] => return None,
                [cell] => {
                    let cell = *cell;
                    let at = match bug_cells.iter().position(|&c| c == cell) {
                        Some(i) => i,
                        None => {
                            bug_cells.push(cell);
                            bug_values.push(Mask::EMPTY);
                            bug_cells.len() - 1
                        }
                    };
                    bug_values[at].insert(v);
                    all.insert(v);
                    temp.remove(cell, v);
                    let house: Vec<usize> =
                        (0..size.cells()).filter(|&c| board.sees(c, cell)).collect();
                    let mut next = match common.take() {
                        None => house,
                        Some(prev) => prev.into_iter().filter(|c| house.contains(c)).collect(),
                    };
                    next.retain(|c| !bug_cells.contains(c));
                    if bug_cells.len() > 1 && all.len() > 1 && next.is_empty() {
                        return None;
                    }
                    common = Some(next);
                }
                _ => {}
            }
        }
    }
    if bug_cells.is_empty() {
        return None;
    }
    // Without the BUG values: two candidates per empty cell, two places
    // per value and unit.
    if (0..size.cells()).any(|c| temp.value(c) == 0 && temp.cands(c).len() != 2) {
        return None;
    }
    for region in 0..temp.regions() {
        for v in 1..=n as u8 {
            let count = temp.positions(region, v).count_ones();
            if count != 0 && count != 2 {
                return None;
            }
        }
    }
    let common = common.unwrap_or_default();
    if bug_cells.len() == 1 {
        let cell = bug_cells[0];
        let mut step = Step::new(Technique::Bug, 56);
        step.kind = Some("type 1".to_string());
        step.cells = bug_cells.clone();
        step.values = all;
        let removes = board.cands(cell) & !all;
        if removes.is_empty() {
            return None;
        }
        step.removes = vec![(cell, removes)];
        return Some(step);
    }
    if all.len() == 1 {
        let v = all.first().expect("one value");
        let removes: Vec<(usize, Mask)> = common
            .iter()
            .copied()
            .filter(|&c| board.cands(c).contains(v))
            .map(|c| (c, all))
            .collect();
        if !removes.is_empty() {
            let mut step = Step::new(Technique::Bug, 57);
            step.kind = Some("type 2".to_string());
            step.cells = bug_cells.clone();
            step.values = all;
            step.removes = removes;
            return Some(step);
        }
        return type4(board, &bug_cells, &bug_values, all);
    }
    if common.is_empty() {
        return None;
    }
    type4(board, &bug_cells, &bug_values, all).or_else(|| type3(board, &bug_cells, all, &common))
}

fn shared_region(board: &Board, cells: &[usize]) -> Option<usize> {
    (0..3).find_map(|kind| {
        let r = board.regions_of(cells[0])[kind];
        cells
            .iter()
            .all(|&c| board.regions_of(c)[kind] == r)
            .then_some(r)
    })
}

fn type4(board: &Board, cells: &[usize], values: &[Mask], all: Mask) -> Option<Step> {
    let [c1, c2] = *cells else { return None };
    let shared = board.cands(c1) & board.cands(c2) & !all;
    if shared.len() != 1 {
        return None;
    }
    let region = shared_region(board, cells)?;
    let r1 = board.cands(c1) & !values[0] & !shared;
    let r2 = board.cands(c2) & !values[1] & !shared;
    let removes: Vec<(usize, Mask)> = [(c1, r1), (c2, r2)]
        .into_iter()
        .filter(|(_, m)| !m.is_empty())
        .collect();
    if removes.is_empty() {
        return None;
    }
    let mut step = Step::new(Technique::Bug, 57);
    step.kind = Some("type 4".to_string());
    step.cells = cells.to_vec();
    step.values = all | shared;
    step.regions = vec![region];
    step.removes = removes;
    Some(step)
}

fn type3(board: &Board, cells: &[usize], all: Mask, common: &[usize]) -> Option<Step> {
    for kind in 0..3 {
        let region = board.regions_of(cells[0])[kind];
        if cells.iter().any(|&c| board.regions_of(c)[kind] != region) {
            continue;
        }
        let in_region: Vec<usize> = common
            .iter()
            .copied()
            .filter(|&c| board.regions_of(c)[kind] == region)
            .collect();
        for degree in 2..=6usize {
            if in_region.len() < degree {
                continue;
            }
            let found = first_subset(&in_region, degree - 1, |set| {
                let others = set.iter().fold(Mask::EMPTY, |m, &c| m | board.cands(c));
                if others.len() as usize != degree || set.iter().any(|&c| board.cands(c).len() < 2)
                {
                    return None;
                }
                let naked = others | all;
                if naked.len() as usize != degree {
                    return None;
                }
                let removes: Vec<(usize, Mask)> = in_region
                    .iter()
                    .copied()
                    .filter(|c| !set.contains(c) && !cells.contains(c))
                    .map(|c| (c, board.cands(c) & naked))
                    .filter(|(_, m)| !m.is_empty())
                    .collect();
                if removes.is_empty() {
                    return None;
                }
                let mut step = Step::new(Technique::Bug, 57 + naked.len() as u8 - 1);
                step.kind = Some(format!(
                    "type 3 with a naked {}",
                    super::set_name(set.len() + 1)
                ));
                step.cells = cells.to_vec();
                step.cells.extend_from_slice(set);
                step.values = naked;
                step.regions = vec![region];
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
