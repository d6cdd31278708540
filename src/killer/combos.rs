//! Cage combinations: which sets of values make a sum in a cage of `k`
//! cells, for a grid of side `n`, as masks (bit `v - 1` for value `v`).
//!
//! Algorithm: every subset of `1..=n` is enumerated once, its size and
//! sum computed, and the subsets are grouped by (size, sum), in
//! increasing order of their masks. Source: the "cage combination"
//! tables printed in killer books, computed rather than copied. Cost:
//! `2^n` subsets per side, built once per side at first use and kept for
//! the process (9: 512 masks, 2 KB; 12: 4,096; 16: 65,536, 256 KB).
//! Limits: sides up to [`MAX_COMBO_SIDE`] (16); 25x25 would need 2^25
//! masks, and killer is not offered there.

use std::sync::OnceLock;

/// The largest side with combination tables.
pub const MAX_COMBO_SIDE: usize = 16;

/// The combinations of one side.
#[derive(Debug)]
pub struct Combos {
    side: usize,
    /// The masks, grouped by (size, sum).
    masks: Vec<u32>,
    /// Group `size * (max_sum + 1) + sum` is `masks[start[g]..start[g + 1]]`.
    start: Vec<u32>,
    max_sum: usize,
}

static TABLES: [OnceLock<Combos>; MAX_COMBO_SIDE + 1] =
    [const { OnceLock::new() }; MAX_COMBO_SIDE + 1];

impl Combos {
    /// The tables of side `side` (built at first use), or `None` past
    /// [`MAX_COMBO_SIDE`].
    pub fn of_side(side: usize) -> Option<&'static Combos> {
        (1..=MAX_COMBO_SIDE)
            .contains(&side)
            .then(|| TABLES[side].get_or_init(|| Combos::build(side)))
    }

    fn build(side: usize) -> Combos {
        let max_sum = side * (side + 1) / 2;
        let groups = (side + 1) * (max_sum + 1);
        let group = |m: u32| {
            let size = m.count_ones() as usize;
            let sum: usize = (0..side).filter(|v| m & 1 << v != 0).map(|v| v + 1).sum();
            size * (max_sum + 1) + sum
        };
        let mut start = vec![0u32; groups + 1];
        for m in 0..1u32 << side {
            start[group(m) + 1] += 1;
        }
        for g in 0..groups {
            start[g + 1] += start[g];
        }
        let mut next: Vec<u32> = start[..groups].to_vec();
        let mut masks = vec![0u32; 1 << side];
        for m in 0..1u32 << side {
            let g = group(m);
            masks[next[g] as usize] = m;
            next[g] += 1;
        }
        Combos {
            side,
            masks,
            start,
            max_sum,
        }
    }

    /// The side.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The sets of `size` distinct values `1..=side` that sum to `sum`
    /// (none when no set does), in increasing order of their masks.
    #[inline]
    pub fn get(&self, size: usize, sum: u32) -> &[u32] {
        let sum = sum as usize;
        if size > self.side || sum > self.max_sum {
            return &[];
        }
        let g = size * (self.max_sum + 1) + sum;
        &self.masks[self.start[g] as usize..self.start[g + 1] as usize]
    }

    /// The values that appear in some set of [`Combos::get`].
    pub fn union(&self, size: usize, sum: u32) -> u32 {
        self.get(size, sum).iter().fold(0, |a, &m| a | m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_nine_by_nine_combinations() {
        let t = Combos::of_side(9).unwrap();
        // The book table: 2 cells making 3 are {1,2}; 17 are {8,9}.
        assert_eq!(t.get(2, 3), &[0b11]);
        assert_eq!(t.get(2, 17), &[0b1_1000_0000]);
        // 3 cells making 6: {1,2,3}; 24: {7,8,9}; 15: eight sets.
        assert_eq!(t.get(3, 6), &[0b111]);
        assert_eq!(t.get(3, 24), &[0b1_1100_0000]);
        assert_eq!(t.get(3, 15).len(), 8);
        // 2 cells making 10: {1,9} {2,8} {3,7} {4,6}: every value but 5.
        assert_eq!(t.get(2, 10).len(), 4);
        assert_eq!(t.union(2, 10), 0b1_1110_1111);
        // 9 cells make 45 one way; no set makes 46 or 2 in two cells.
        assert_eq!(t.get(9, 45), &[0b1_1111_1111]);
        assert!(t.get(9, 46).is_empty() && t.get(2, 2).is_empty());
        assert!(t.get(10, 45).is_empty() && t.get(1, 100).is_empty());
        // Every set of 1..=9 is in exactly one group.
        let total: usize = (0..=9)
            .flat_map(|k| (0..=45).map(move |s| (k, s)))
            .map(|(k, s)| t.get(k, s).len())
            .sum();
        assert_eq!(total, 512);
    }

    #[test]
    fn every_side_up_to_sixteen_counts_its_subsets() {
        for side in 1..=MAX_COMBO_SIDE {
            let t = Combos::of_side(side).unwrap();
            for k in 0..=side {
                let mut count = 0;
                for s in 0..=(side * (side + 1) / 2) as u32 {
                    for &m in t.get(k, s) {
                        assert_eq!(m.count_ones() as usize, k);
                        let sum: u32 = (0..side as u32)
                            .filter(|v| m & 1 << v != 0)
                            .map(|v| v + 1)
                            .sum();
                        assert_eq!(sum, s);
                        count += 1;
                    }
                }
                // C(side, k) sets of size k.
                let binom = (0..k).fold(1u64, |b, i| b * (side - i) as u64 / (i as u64 + 1));
                assert_eq!(count as u64, binom, "side {side} size {k}");
            }
        }
        assert!(Combos::of_side(17).is_none());
    }
}
