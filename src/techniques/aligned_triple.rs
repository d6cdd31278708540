//! Aligned triplet exclusion (SE 7.5).
//!
//! Aligned pair exclusion with three cells: every triple of values the
//! cells could hold together is impossible when two of them are equal in
//! cells that see each other, or when a cell seeing all three would be
//! left empty (its candidates all among the triple). A value of a cell
//! that belongs to no possible triple goes. As in SE, base cells hold two
//! or more candidates and see no cell with a single candidate; the cells
//! that may exclude hold two or three candidates; a triple is two base
//! cells and a third taken among the base cells the first two see through
//! such excluders, sharing at least two excluders. SE tries it after the
//! first chaining technique and before Nishio. Cost: pairs of base cells
//! times their candidate third cells, times up to 729 value triples.

use super::{Step, Technique};
use crate::candidates::Board;
use crate::mask::Mask;

/// The first aligned triplet exclusion. Boards of more than 128 cells are
/// not searched (chains, and this, run at 9x9 and below).
pub fn find(board: &Board) -> Option<Step> {
    let size = board.size();
    if size.cells() > 128 {
        return None;
    }
    let bit = |c: usize| 1u128 << c;
    // Base cells, each with its excluders as a set of cells.
    let mut bases: Vec<usize> = Vec::new();
    let mut excluders: Vec<u128> = Vec::new();
    let mut base_set = 0u128;
    for cell in 0..size.cells() {
        if board.cands(cell).len() < 2 {
            continue;
        }
        let mut ex = 0u128;
        let mut single = false;
        for &p in board.geometry().peers(cell) {
            let p = usize::from(p);
            match board.cands(p).len() {
                1 => single = true,
                2 | 3 => ex |= bit(p),
                _ => {}
            }
        }
        if !single && ex != 0 {
            bases.push(cell);
            excluders.push(ex);
            base_set |= bit(cell);
        }
    }
    if bases.len() < 3 {
        return None;
    }
    let mut index = [usize::MAX; 128];
    for (k, &c) in bases.iter().enumerate() {
        index[c] = k;
    }
    let mut tail: Vec<usize> = Vec::new();
    for i in 0..bases.len() {
        for j in i + 1..bases.len() {
            let (c0, c1) = (bases[i], bases[j]);
            let both = excluders[i] & excluders[j];
            if both.count_ones() < 2 {
                continue;
            }
            // The base cells among the excluders of either, in SE's order
            // (those of the first cell, then the second's).
            tail.clear();
            for ex in [excluders[i], excluders[j]] {
                let mut bits = ex & base_set & !bit(c0) & !bit(c1);
                while bits != 0 {
                    let c = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if !tail.contains(&c) {
                        tail.push(c);
                    }
                }
            }
            for &c2 in &tail {
                let common = both & excluders[index[c2]];
                if common.count_ones() < 2 {
                    continue;
                }
                let mut cells = Vec::new();
                let mut bits = common;
                while bits != 0 {
                    cells.push(bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                }
                if let Some(step) = exclude(board, [c0, c1, c2], &cells) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The removals of an aligned exclusion on `cells` with excluders `common`.
fn exclude(board: &Board, cells: [usize; 3], common: &[usize]) -> Option<Step> {
    let mut ok = [Mask::EMPTY; 3];
    for a in board.cands(cells[0]).iter() {
        for b in board.cands(cells[1]).iter() {
            for c in board.cands(cells[2]).iter() {
                let vals = [a, b, c];
                let clash = (0..3).any(|x| {
                    (x + 1..3).any(|y| vals[x] == vals[y] && board.sees(cells[x], cells[y]))
                });
                if clash {
                    continue;
                }
                let set = Mask::single(a) | Mask::single(b) | Mask::single(c);
                if common.iter().any(|&e| board.cands(e) & !set == Mask::EMPTY) {
                    continue;
                }
                ok[0].insert(a);
                ok[1].insert(b);
                ok[2].insert(c);
            }
        }
    }
    let removes: Vec<(usize, Mask)> = (0..3)
        .map(|x| (cells[x], board.cands(cells[x]) & !ok[x]))
        .filter(|(_, m)| !m.is_empty())
        .collect();
    if removes.is_empty() {
        return None;
    }
    let mut step = Step::new(Technique::AlignedTripletExclusion, 75);
    step.cells = cells.to_vec();
    step.cells.extend_from_slice(common);
    step.removes = removes;
    Some(step)
}
