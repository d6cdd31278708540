//! Aligned pair exclusion (SE 6.2).
//!
//! Take two cells and every pair of values they could hold together. A
//! pair is impossible when the two cells see each other and the values are
//! equal, or when some bivalue cell seeing both would be left empty (its
//! two candidates are exactly the pair). A value of either cell that
//! belongs to no possible pair goes. As in SE, the two cells must each
//! hold two or more candidates, see no cell with a single candidate, and
//! share at least two bivalue cells that see both; pairs of cells are taken
//! in reading order. Cost: pairs of such cells, times their candidates
//! squared, times the shared bivalue cells.

use super::{Step, Technique, first_subset};
use crate::candidates::Board;
use crate::mask::Mask;

/// The first aligned pair exclusion.
pub fn find(board: &Board) -> Option<Step> {
    let size = board.size();
    // Base cells, each with the bivalue cells it sees.
    let mut bases: Vec<(usize, Vec<usize>)> = Vec::new();
    for cell in 0..size.cells() {
        if board.cands(cell).len() < 2 {
            continue;
        }
        let mut bivalue = Vec::new();
        let mut single = false;
        for &p in board.geometry().peers(cell) {
            let p = usize::from(p);
            match board.cands(p).len() {
                1 => single = true,
                2 => bivalue.push(p),
                _ => {}
            }
        }
        if !single && !bivalue.is_empty() {
            bases.push((cell, bivalue));
        }
    }
    let indices: Vec<usize> = (0..bases.len()).collect();
    first_subset(&indices, 2, |pair| {
        let (a, ea) = &bases[pair[0]];
        let (b, eb) = &bases[pair[1]];
        let (a, b) = (*a, *b);
        let common: Vec<usize> = ea.iter().copied().filter(|c| eb.contains(c)).collect();
        if common.len() < 2 {
            return None;
        }
        let see = board.sees(a, b);
        let (mut ok_a, mut ok_b) = (Mask::EMPTY, Mask::EMPTY);
        for va in board.cands(a).iter() {
            for vb in board.cands(b).iter() {
                if see && va == vb {
                    continue;
                }
                let pair = Mask::single(va) | Mask::single(vb);
                if common
                    .iter()
                    .any(|&c| board.cands(c) & !pair == Mask::EMPTY)
                {
                    continue;
                }
                ok_a.insert(va);
                ok_b.insert(vb);
            }
        }
        let removes: Vec<(usize, Mask)> =
            [(a, board.cands(a) & !ok_a), (b, board.cands(b) & !ok_b)]
                .into_iter()
                .filter(|(_, m)| !m.is_empty())
                .collect();
        if removes.is_empty() {
            return None;
        }
        let mut step = Step::new(Technique::AlignedPairExclusion, 62);
        step.cells = vec![a, b];
        step.cells.extend(common);
        step.removes = removes;
        Some(step)
    })
}
