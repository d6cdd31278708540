//! Candidate sets as bitmasks: bit `v - 1` stands for the symbol value `v`.
//!
//! Every strategy that keeps "values still possible here" or "values already
//! used in this row" uses this one type, so the bit tricks live in one place.

use rand::Rng;

use crate::random::below;

/// A set of symbol values `1..=25`, one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Mask(pub u32);

impl Mask {
    /// The empty set.
    pub const EMPTY: Mask = Mask(0);

    /// The set `{1, ..., side}`.
    #[inline]
    pub const fn full(side: usize) -> Mask {
        Mask((1u32 << side) - 1)
    }

    /// The set holding only `value` (1-based).
    #[inline]
    pub const fn single(value: u8) -> Mask {
        Mask(1 << (value - 1))
    }

    /// Whether the set holds `value`.
    #[inline]
    pub const fn contains(self, value: u8) -> bool {
        self.0 & (1 << (value - 1)) != 0
    }

    /// Adds `value`.
    #[inline]
    pub fn insert(&mut self, value: u8) {
        self.0 |= 1 << (value - 1);
    }

    /// Removes `value`.
    #[inline]
    pub fn remove(&mut self, value: u8) {
        self.0 &= !(1 << (value - 1));
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many values the set holds.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The smallest value in the set, if any.
    #[inline]
    pub const fn first(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as u8 + 1)
        }
    }

    /// The `k`-th smallest value (0-based). `k` must be below `len()`.
    #[inline]
    pub fn nth(self, k: u32) -> u8 {
        debug_assert!(k < self.len());
        let mut bits = self.0;
        for _ in 0..k {
            bits &= bits - 1;
        }
        bits.trailing_zeros() as u8 + 1
    }

    /// A value drawn uniformly from the set. The set must not be empty.
    #[inline]
    pub fn choose<R: Rng + ?Sized>(self, rng: &mut R) -> u8 {
        if self.0 < 512 {
            // Sets of values up to 9 (all of 4x4 and 9x9): table look-ups
            // instead of a bit count and a bit-clearing loop, same result.
            let m = self.0 as usize;
            let n = u32::from(SMALL[m].0);
            if n == 1 {
                return SMALL[m].1[0];
            }
            return SMALL[m].1[below(rng, n) as usize];
        }
        let n = self.len();
        if n == 1 {
            // A forced value costs no random number; this keeps the streams
            // of the strategies short and their output stable.
            return self.first().unwrap_or(1);
        }
        self.nth(below(rng, n))
    }

    /// The values of the set in increasing order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let v = bits.trailing_zeros() as u8 + 1;
                bits &= bits - 1;
                Some(v)
            }
        })
    }
}

/// For each 9-bit set: its size and its values in increasing order.
static SMALL: [(u8, [u8; 9]); 512] = {
    let mut t = [(0u8, [0u8; 9]); 512];
    let mut m = 0;
    while m < 512 {
        let mut k = 0;
        let mut v = 0;
        while v < 9 {
            if m & (1 << v) != 0 {
                t[m].1[k] = v as u8 + 1;
                k += 1;
            }
            v += 1;
        }
        t[m].0 = k as u8;
        m += 1;
    }
    t
};

impl std::ops::BitOr for Mask {
    type Output = Mask;
    #[inline]
    fn bitor(self, rhs: Mask) -> Mask {
        Mask(self.0 | rhs.0)
    }
}

impl std::ops::BitAnd for Mask {
    type Output = Mask;
    #[inline]
    fn bitand(self, rhs: Mask) -> Mask {
        Mask(self.0 & rhs.0)
    }
}

impl std::ops::Not for Mask {
    type Output = Mask;
    #[inline]
    fn not(self) -> Mask {
        Mask(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn basic_set_operations() {
        let mut m = Mask::EMPTY;
        assert!(m.is_empty());
        m.insert(3);
        m.insert(25);
        assert!(m.contains(3) && m.contains(25) && !m.contains(1));
        assert_eq!(m.len(), 2);
        assert_eq!(m.first(), Some(3));
        assert_eq!(m.nth(1), 25);
        assert_eq!(m.iter().collect::<Vec<_>>(), vec![3, 25]);
        m.remove(3);
        assert_eq!(m, Mask::single(25));
        assert_eq!(Mask::full(9).len(), 9);
        assert_eq!(Mask::full(25).iter().last(), Some(25));
    }

    #[test]
    fn choose_is_uniform_over_the_set() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let m = Mask(0b1010_0110);
        let mut counts = [0u32; 9];
        for _ in 0..40_000 {
            counts[m.choose(&mut rng) as usize] += 1;
        }
        for v in 1..=8u8 {
            if m.contains(v) {
                // 10,000 expected, sd about 87: 6 sd is a real failure.
                assert!(
                    (counts[v as usize] as i32 - 10_000).abs() < 520,
                    "{counts:?}"
                );
            } else {
                assert_eq!(counts[v as usize], 0);
            }
        }
    }
}
