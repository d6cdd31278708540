//! XY-wing (SE 4.2) and XYZ-wing (4.4).
//!
//! XY-wing: a pivot cell with candidates {x, y} sees two pincers {x, z}
//! and {y, z}; whichever value the pivot takes, one pincer is z, so z goes
//! from every cell seeing both pincers. XYZ-wing: the pivot holds {x, y,
//! z}, and z goes only from cells seeing the pivot too. Pivots are tried in
//! reading order, pincers among the pivot's peers. Cost: peers squared per
//! bivalue (trivalue) pivot.

use super::{Step, Technique};
use crate::candidates::Board;
use crate::mask::Mask;

/// The first XY-wing, or XYZ-wing when `xyz`.
pub fn find(board: &Board, xyz: bool) -> Option<Step> {
    let size = board.size();
    let want = if xyz { 3 } else { 2 };
    for pivot in 0..size.cells() {
        let xy = board.cands(pivot);
        if xy.len() != want {
            continue;
        }
        let peers = board.geometry().peers(pivot);
        for &a in peers {
            let a = usize::from(a);
            let xz = board.cands(a);
            if xz.len() != 2 || (xy & !xz).len() != 1 {
                continue;
            }
            for &b in peers {
                let b = usize::from(b);
                let yz = board.cands(b);
                if b == a || yz.len() != 2 {
                    continue;
                }
                let union = xy | xz | yz;
                let common = xy & xz & yz;
                let ok = union.len() == 3
                    && if xyz {
                        common.len() == 1
                    } else {
                        common.is_empty()
                    };
                if !ok {
                    continue;
                }
                let z = (xz & yz).first().expect("pincers share z");
                let removes: Vec<(usize, Mask)> = (0..size.cells())
                    .filter(|&c| {
                        c != pivot
                            && c != a
                            && c != b
                            && board.cands(c).contains(z)
                            && board.sees(c, a)
                            && board.sees(c, b)
                            && (!xyz || board.sees(c, pivot))
                    })
                    .map(|c| (c, Mask::single(z)))
                    .collect();
                if removes.is_empty() {
                    continue;
                }
                let mut step = if xyz {
                    Step::new(Technique::XYZWing, 44)
                } else {
                    Step::new(Technique::XYWing, 42)
                };
                step.cells = vec![pivot, a, b];
                step.values = union;
                step.removes = removes;
                return Some(step);
            }
        }
    }
    None
}
