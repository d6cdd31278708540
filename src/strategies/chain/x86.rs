//! The vector kernel of `chain` for x86-64 with AVX2, for sizes up to
//! 16x16: a whole chain in a handful of byte shuffles, with no walk.
//!
//! Take a chain along columns `c1` and `c2` started at row `r0`. Let
//! `f(x)` be the row of column `c1` holding the value that column `c2` has at
//! row `x`. The seed's walk swaps row `r0`, then goes to row `f(r0)` (the
//! other copy of the value that arrived), and so on, and stops when `f` leads
//! back to `r0`: the rows it swaps are exactly the cycle of the permutation
//! `f` through `r0`, and the walk never changes `f` on the rows it has not
//! reached yet. So the kernel:
//!
//! 1. builds `f` with one byte shuffle of the two columns' vectors;
//! 2. makes `r0` a fixed point of `f`; then a row is on the cycle exactly
//!    when it reaches `r0`, which it does within `N - 1` steps and then
//!    stays. So `s` squarings (`g = g∘g`, one shuffle each, with
//!    `2^s >= N - 1`: 3 for 9x9) and one compare with `r0` give the cycle as
//!    a byte mask;
//! 3. exchanges the two columns on the masked rows with one blend each, and
//!    where-is-each-value of the two columns in the same blend;
//! 4. in the other view, every row swaps its entries `c1` and `c2` if it is
//!    on the cycle, and keeps them if not, so no branch depends on the
//!    cycle's length.
//!
//! A chain along rows is the same on the transposed grid. The result is the
//! seed's walk's result, which the tests check chain by chain against the
//! portable kernel.
//!
//! **What it costs.** In order of what paid, on this design's way from the
//! walk: whole chains by shuffles instead of steps (the largest gain);
//! values and positions side by side in one 32-byte record per line, so a
//! line is one load and one store; constants from tables rather than
//! broadcasts (shuffle units are the scarce ones); the fixed-point test
//! instead of four doubling rounds. The README's performance table has the
//! current times of both kernels.
//!
//! What is left is mostly latency: a chain reads lines the previous chain
//! has just written, and a store takes about 10 cycles to reach the next
//! load on this machine.

use std::arch::x86_64::{
    __m128i, __m256i, _mm_loadu_si128, _mm256_blend_epi32, _mm256_blendv_epi8,
    _mm256_broadcastsi128_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_shuffle_epi8,
    _mm256_storeu_si256,
};

use rand::Rng;

use super::{COLS, ROWS, drive};
use crate::grid::{Grid, Size};

/// Whether this CPU has the features the kernel is compiled with.
pub fn available() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}

/// Whether `Chain::mutate` uses this kernel: the CPU has AVX2 and the
/// portable kernel is not forced (`SUDOGEN_PORTABLE`). Decided once.
pub fn enabled() -> bool {
    static ENABLED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ENABLED.get_or_init(|| available() && !super::portable_forced())
}

/// Whether a line of `size` fits in one 16-byte half of a record.
pub fn fits(size: Size) -> bool {
    size.side() <= 16
}

/// One line of a view: its values by position (low half) and the position
/// of each value (high half), counted from 0. Lanes past the side hold their
/// own index, so both halves are permutations of 0..16 and shuffles keep the
/// padding where it is.
#[derive(Clone, Copy)]
#[repr(C, align(32))]
struct Line([u8; 32]);

/// `UNIT[p]`: each half marks lane `p` alone.
static UNIT: [Line; 16] = {
    let mut t = [Line([0; 32]); 16];
    let mut p = 0;
    while p < 16 {
        t[p].0[p] = 0xFF;
        t[p].0[16 + p] = 0xFF;
        p += 1;
    }
    t
};

/// `SPLAT[p]`: every lane holds `p`.
static SPLAT: [Line; 16] = {
    let mut t = [Line([0; 32]); 16];
    let mut p = 0;
    while p < 16 {
        t[p] = Line([p as u8; 32]);
        p += 1;
    }
    t
};

/// The identity shuffle, in both halves (lane 0 swapped with itself).
static UNIT_IOTA: Line = SWAP[0][0];

/// `SWAP[a][b]`: shuffle indices that exchange lanes `a` and `b`, in both
/// halves. Tables, not broadcasts, because the kernel is short of shuffle
/// units, not of loads.
static SWAP: [[Line; 16]; 16] = {
    let mut t = [[Line([0; 32]); 16]; 16];
    let mut a = 0;
    while a < 16 {
        let mut b = 0;
        while b < 16 {
            let mut i = 0;
            while i < 32 {
                let lane = i % 16;
                t[a][b].0[i] = if lane == a {
                    b as u8
                } else if lane == b {
                    a as u8
                } else {
                    lane as u8
                };
                i += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

#[target_feature(enable = "avx2")]
#[inline]
fn load(line: &Line) -> __m256i {
    // SAFETY: a `Line` is 32 readable bytes.
    unsafe { _mm256_loadu_si256((line as *const Line).cast()) }
}

/// The grid as rows (`line[ROWS][r]`) and as columns (`line[COLS][c]`).
struct Board<const N: usize> {
    line: [[Line; 16]; 2],
}

impl<const N: usize> Board<N> {
    /// Squarings that take every position on a cycle to its end:
    /// 2^SQUARINGS >= N - 1.
    const SQUARINGS: u32 = usize::BITS - (N - 2).leading_zeros();

    fn of(grid: &Grid) -> Self {
        assert_eq!(grid.size().side(), N);
        let identity = Line(std::array::from_fn(|i| (i % 16) as u8));
        let mut line = [[identity; 16]; 2];
        for r in 0..N {
            for c in 0..N {
                let v = grid.get(r, c) - 1;
                line[ROWS][r].0[c] = v;
                line[COLS][c].0[r] = v;
                line[ROWS][r].0[16 + v as usize] = c as u8;
                line[COLS][c].0[16 + v as usize] = r as u8;
            }
        }
        Board { line }
    }

    fn write(&self, grid: &mut Grid) {
        for (r, row) in self.line[ROWS][..N].iter().enumerate() {
            for (c, &v) in row.0[..N].iter().enumerate() {
                grid.set(r, c, v + 1);
            }
        }
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    fn load(&self, view: usize, l: usize) -> __m256i {
        load(&self.line[view][l])
    }

    /// The low (0) or high (1) half of a line.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn half(&self, view: usize, l: usize, half: usize) -> __m128i {
        let bytes = &self.line[view][l].0[16 * half..16 * half + 16];
        // SAFETY: `bytes` is 16 readable bytes.
        unsafe { _mm_loadu_si128(bytes.as_ptr().cast()) }
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    fn store(&mut self, view: usize, l: usize, value: __m256i) {
        let line: &mut Line = &mut self.line[view][l];
        // SAFETY: a `Line` is 32 writable bytes, and any bytes are a `Line`.
        unsafe { _mm256_storeu_si256((line as *mut Line).cast(), value) }
    }

    /// The chain of the portable kernel's `Walker::chain`, computed whole.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn chain(&mut self, view: usize, l1: usize, l2: usize, pos: usize) {
        let (v, o) = (view & 1, (view & 1) ^ 1);
        let (l1, l2) = (l1 & 15, l2 & 15);
        let (r1, r2) = (self.load(v, l1), self.load(v, l2));
        // f(x): where on l1 is the value l2 has at x, in both halves.
        let at_1 = _mm256_broadcastsi128_si256(self.half(v, l1, 1));
        let values_2 = _mm256_broadcastsi128_si256(self.half(v, l2, 0));
        let f = _mm256_shuffle_epi8(at_1, values_2);
        // The cycle of f through pos: make pos a fixed point of f, and the
        // positions that then reach pos are the cycle. Every position on it
        // reaches pos in under N steps, so log2 N squarings decide.
        let at_pos = load(&SPLAT[pos & 15]);
        let mut g = _mm256_blendv_epi8(f, at_pos, load(&UNIT[pos & 15]));
        for _ in 0..Self::SQUARINGS {
            g = _mm256_shuffle_epi8(g, g);
        }
        let cycle = _mm256_cmpeq_epi8(g, at_pos);
        // The two lines exchange their values at the cycle's positions (low
        // half), and where those values are (high half: the values on the
        // cycle are the same set on both lines).
        let exchange = _mm256_shuffle_epi8(cycle, _mm256_blend_epi32::<0x0F>(r1, load(&UNIT_IOTA)));
        self.store(v, l1, _mm256_blendv_epi8(r1, r2, exchange));
        self.store(v, l2, _mm256_blendv_epi8(r2, r1, exchange));
        let swap = load(&SWAP[l1][l2]);
        for (x, lane) in SPLAT[..N].iter().enumerate() {
            // On the cycle, the values move by the swap (low half, shuffled
            // by it) and the positions are renamed by it (high half, the swap
            // shuffled by them). The shuffle does not wait for the cycle;
            // only the final blend does.
            let line = self.load(o, x);
            let table = _mm256_blend_epi32::<0xF0>(line, swap);
            let index = _mm256_blend_epi32::<0x0F>(line, swap);
            let swapped = _mm256_shuffle_epi8(table, index);
            let on_cycle = _mm256_shuffle_epi8(cycle, load(lane));
            self.store(o, x, _mm256_blendv_epi8(line, swapped, on_cycle));
        }
    }
}

/// Runs the vector kernel on `grid` if it [fits](fits) and this CPU has
/// AVX2; returns whether it did (if not, `grid` is untouched).
pub fn try_mutate<R: Rng + ?Sized>(passes: usize, rng: &mut R, grid: &mut Grid) -> bool {
    if !(fits(grid.size()) && enabled()) {
        return false;
    }
    // SAFETY: `available` has checked that this CPU has the target features
    // `mutate` is compiled with.
    unsafe { mutate(passes, rng, grid) };
    true
}

/// `Chain::mutate` with the vector kernel; `grid` must [fit](fits).
#[target_feature(enable = "avx2")]
fn mutate<R: Rng + ?Sized>(passes: usize, rng: &mut R, grid: &mut Grid) {
    match grid.size() {
        Size::S4 => mutate_n::<R, 4>(passes, rng, grid),
        Size::S9 => mutate_n::<R, 9>(passes, rng, grid),
        Size::S16 => mutate_n::<R, 16>(passes, rng, grid),
        _ => unreachable!("only 4x4, 9x9 and 16x16 fit the vector kernel"),
    }
}

/// [`mutate`] for side `N`.
#[target_feature(enable = "avx2")]
fn mutate_n<R: Rng + ?Sized, const N: usize>(passes: usize, rng: &mut R, grid: &mut Grid) {
    let mut board = Board::<N>::of(grid);
    drive(passes, grid.size(), rng, |view, l1, l2, pos| {
        board.chain(view, l1, l2, pos)
    });
    board.write(grid);
}

#[cfg(test)]
mod tests {
    use super::super::Walker;
    use super::super::tests::random_chains;
    use super::*;
    use crate::strategies::chain::start_grid;

    /// Whether the vector kernel can be tested here. Where CI says this
    /// machine has AVX2 (`SUDOGEN_EXPECT_AVX2`), a CPU without it is a
    /// failure, not a skip.
    fn testable() -> bool {
        if available() {
            return true;
        }
        assert!(
            std::env::var_os("SUDOGEN_EXPECT_AVX2").is_none(),
            "SUDOGEN_EXPECT_AVX2 is set but this CPU lacks AVX2: the vector kernel is untested"
        );
        eprintln!("skipped: this CPU lacks AVX2");
        false
    }

    fn each_chain_matches_the_walk_at<const N: usize>(size: Size) {
        let mut g = Grid::empty(size);
        start_grid(&mut g);
        let mut walker = Walker::of(&g);
        let mut board = Board::<N>::of(&g);
        for (i, [view, l1, l2, pos]) in random_chains(size, 9, 2000).into_iter().enumerate() {
            walker.chain(view, l1, l2, pos);
            // SAFETY: the caller checked `available`.
            unsafe { board.chain(view, l1, l2, pos) };
            let (mut expected, mut got) = (Grid::empty(size), Grid::empty(size));
            walker.write(&mut expected);
            board.write(&mut got);
            assert_eq!(got, expected, "{size}: chain {i}");
            // Both views, and where each value is, must stay in step.
            let fresh = Board::<N>::of(&got);
            for (fresh, kept) in fresh.line.iter().flatten().zip(board.line.iter().flatten()) {
                assert_eq!(fresh.0, kept.0, "{size}: chain {i}");
            }
        }
    }

    #[test]
    fn each_chain_matches_the_walk() {
        if !testable() {
            return;
        }
        each_chain_matches_the_walk_at::<4>(Size::S4);
        each_chain_matches_the_walk_at::<9>(Size::S9);
        each_chain_matches_the_walk_at::<16>(Size::S16);
    }

    #[test]
    fn whole_grids_match_the_portable_kernel() {
        // The vector kernel called directly, whatever SUDOGEN_PORTABLE says.
        if !testable() {
            return;
        }
        for size in [Size::S4, Size::S9, Size::S16] {
            for index in 0..200 {
                let mut fast = Grid::empty(size);
                start_grid(&mut fast);
                let mut portable = fast.clone();
                // SAFETY: `testable` checked `available`.
                unsafe { mutate(5, &mut crate::random::grid_rng(31, index), &mut fast) };
                crate::strategies::Chain::default()
                    .mutate_portable(&mut crate::random::grid_rng(31, index), &mut portable)
                    .unwrap();
                assert_eq!(fast, portable, "{size} index {index}");
            }
        }
    }

    #[test]
    fn the_seeds_worked_example() {
        if !testable() {
            return;
        }
        let mut g = Grid::empty(Size::S9);
        start_grid(&mut g);
        let mut board = Board::<9>::of(&g);
        // SAFETY: `testable` checked `available`.
        unsafe { board.chain(super::super::ROWS, 0, 1, 0) };
        board.write(&mut g);
        assert_eq!(g.to_string(), super::super::tests::SEED_RESULT_9);
    }
}
