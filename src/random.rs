//! Random numbers with output fixed by this crate, not by a dependency.
//!
//! Grids are a pure function of (strategy, size, seed, index). To keep that
//! promise across `rand` upgrades, every draw the strategies make goes through
//! these functions, which use only the raw 32-bit words of the generator and
//! documented, exact algorithms. The per-grid generator is set out in
//! [`grid_rng`].

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The generator of grid `index` in a run with `seed`: ChaCha8 keyed by
/// `seed` (expanded by `SeedableRng::seed_from_u64`) on stream `index`.
///
/// Each grid has its own stream, so any grid can be made without the ones
/// before it, in any order and on any thread.
pub fn grid_rng(seed: u64, index: u64) -> ChaCha8Rng {
    RunRng::new(seed).for_index(index)
}

/// The keyed generator of a run, from which each grid's stream is cut.
///
/// Expanding the seed costs more than the rest of a `rotate` grid, so a run
/// does it once and clones the result for every grid.
#[derive(Clone, Debug)]
pub struct RunRng(ChaCha8Rng);

impl RunRng {
    /// The run keyed by `seed`.
    pub fn new(seed: u64) -> Self {
        RunRng(ChaCha8Rng::seed_from_u64(seed))
    }

    /// The generator of grid `index`: identical to [`grid_rng`]`(seed, index)`.
    #[inline]
    pub fn for_index(&self, index: u64) -> ChaCha8Rng {
        let mut rng = self.0.clone();
        rng.set_stream(index);
        rng
    }
}

/// A uniform integer in `0..n` (`n >= 1`), by Lemire's multiply-and-reject
/// method on 32-bit words: exact, and usually one word per draw.
#[inline]
pub fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    debug_assert!(n > 0);
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

/// A uniform integer in `0..n` (`n >= 1`) for 64-bit ranges: Lemire's
/// method on 64-bit words, each made of two 32-bit words (the first one the
/// high half), so the output does not depend on how the generator builds
/// its own 64-bit words.
#[inline]
pub fn below_u64<R: Rng + ?Sized>(rng: &mut R, n: u64) -> u64 {
    debug_assert!(n > 0);
    let mut word = || (u64::from(rng.next_u32()) << 32) | u64::from(rng.next_u32());
    let mut m = u128::from(word()) * u128::from(n);
    if (m as u64) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u64) < threshold {
            m = u128::from(word()) * u128::from(n);
        }
    }
    (m >> 64) as u64
}

/// Shuffles `items` uniformly (Fisher–Yates, from the back).
#[inline]
pub fn shuffle<R: Rng + ?Sized, T>(rng: &mut R, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

/// A fair coin.
#[inline]
pub fn coin<R: Rng + ?Sized>(rng: &mut R) -> bool {
    rng.next_u32() & 1 == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range_and_hits_every_value() {
        let mut rng = grid_rng(5, 0);
        for n in [1u32, 2, 3, 7, 25, 1000] {
            let mut seen = vec![false; n as usize];
            for _ in 0..(n * 50) {
                let x = below(&mut rng, n);
                assert!(x < n);
                seen[x as usize] = true;
            }
            assert!(seen.iter().all(|&s| s), "n = {n}");
        }
    }

    #[test]
    fn below_u64_stays_in_range_and_is_unbiased() {
        let mut rng = grid_rng(5, 1);
        // A range just above 2^63: a biased reduction would put two thirds
        // of the draws below 2^62 + something; exact draws split evenly.
        let n = (1u64 << 63) + 12_345;
        let (mut low, draws) = (0, 20_000);
        for _ in 0..draws {
            let x = below_u64(&mut rng, n);
            assert!(x < n);
            low += u64::from(x < n / 2);
        }
        assert!((9_500..10_500).contains(&low), "{low} of {draws} below n/2");
        for n in [1u64, 3, 44] {
            let mut seen = vec![false; n as usize];
            for _ in 0..(n * 50) {
                seen[below_u64(&mut rng, n) as usize] = true;
            }
            assert!(seen.iter().all(|&s| s), "n = {n}");
        }
    }

    #[test]
    fn run_rng_matches_grid_rng() {
        let run = RunRng::new(42);
        for index in [0, 1, 2, 1 << 40] {
            let mut a = run.for_index(index);
            let mut b = grid_rng(42, index);
            for _ in 0..100 {
                assert_eq!(a.next_u32(), b.next_u32());
            }
        }
        assert_ne!(grid_rng(42, 0).next_u64(), grid_rng(42, 1).next_u64());
        assert_ne!(grid_rng(42, 0).next_u64(), grid_rng(43, 0).next_u64());
    }

    /// Value stability of the per-grid stream itself: these words were
    /// recorded from the first run. If a dependency upgrade changes them,
    /// every golden grid changes with them, and this test says why.
    #[test]
    fn grid_rng_words_are_stable() {
        let mut rng = grid_rng(7, 3);
        let words: Vec<u32> = (0..4).map(|_| rng.next_u32()).collect();
        assert_eq!(
            words,
            [2257105521, 779716368, 2242456910, 398849454],
            "the ChaCha8 stream for (seed 7, index 3) changed"
        );
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = grid_rng(9, 9);
        let mut v: Vec<u32> = (0..25).collect();
        shuffle(&mut rng, &mut v);
        let mut sorted = v.clone();
        sorted.sort();
        assert_eq!(sorted, (0..25).collect::<Vec<_>>());
    }
}
