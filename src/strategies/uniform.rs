//! `uniform`: exact uniform sampling of 9x9 grids (and 4x4): every one of
//! the 6,670,903,752,021,072,936,960 grids is equally likely.
//!
//! This strategy has no seed article; it is derived here from the
//! structure of bands (Felgenhauer and Jarvis, 2005).
//!
//! **Vocabulary.** Digits are 0..9 inside this module. A *band* is three
//! rows whose rows are permutations and whose three boxes hold every digit.
//! Its *signature* σ is the set of three digits in each of its nine columns;
//! within each box the three column sets partition the digits.
//!
//! **Counting bands with a signature, B(σ).** Row 1 of the band takes one
//! digit from each column set, all nine different: a *transversal* t. The
//! two digits left in each column form an edge; every digit is in three
//! column sets (one per box) and row 1 used it once, so every digit has
//! degree two and the edges form disjoint cycles (of length 2 to 9, so at
//! most 4 cycles). Rows 2 and 3 must each be permutations, so each cycle
//! is oriented one of two ways (which end of each edge goes to row 2):
//! `B(σ) = Σ_t 2^cycles(t)`. A transversal is fixed by its picks in boxes 1
//! and 2 (27 × 27 = 729 choices): the three digits left must fall one in
//! each column of box 3, which then has only one way to take them.
//!
//! B is unchanged by relabelling digits and by permuting columns, so it is
//! a table: relabel so that box 1's column sets are {0,1,2}, {3,4,5},
//! {6,7,8}, and index boxes 2 and 3 by their unordered partitions into
//! triples (280 each). The 280 × 280 table of `u16` takes 0.4 s to build
//! ([`build_b_table`]), so it is committed (`uniform_b_table.bin`, 157 KB)
//! and a test rebuilds it and compares; its largest entry is 1,728 (the
//! pure band), which a test checks.
//!
//! **Completions, C(b1).** Below a top band b1 the other two bands have, in
//! each column, the six digits b1's column lacks, split three and three. In
//! each stack, the splits that make band 2's boxes valid are the 56 ways to
//! re-partition the stack's digits into three column sets each disjoint from
//! b1's set in that column ([`SPLITS`]); band 3's sets are what is left.
//! So `C(b1) = Σ_{σ2} B(σ2) · B(σ3)` over 56³ signatures, and the number of
//! grids is `Σ_{b1} C(b1)`. Tests check C against the published values of
//! all 44 band classes and, in release mode, the total N0.
//!
//! **Sampling.** A grid is (b1, σ2, band 2 with signature σ2, band 3 with
//! signature σ3), and each grid arises from exactly one such tuple. We draw:
//!
//! 1. b1 in proportion to its completions C(b1). C depends only on b1's
//!    band class (one of 44; [`class_of_key`] looks it up from the
//!    signature's table key), and the 44 values, divided by 72, are the
//!    published ones ([`CLASS_COMPLETIONS`], checked by a test). So: draw b1
//!    uniformly among the 2,612,736 bands whose box 1 is `012/345/678` (box
//!    2's row sets are one of 56 splits, the same structure as above with
//!    rows for columns, and the six box rows of boxes 2 and 3 are each in
//!    one of 3! orders: two draws), and accept it with probability
//!    `c(class) / max c` (one integer draw), else draw again. An accepted b1
//!    has probability proportional to C(b1). The 44 values of c lie within
//!    12% of each other, so this takes 1.1 tries on average.
//! 2. σ2 given b1 in proportion to `B(σ2) · B(σ3)`: draw one of the 56³
//!    splits below b1 uniformly and accept it with probability
//!    `B(σ2) · B(σ3) / P(class)` (one integer draw), else draw again.
//!    `P(class)` is the largest such product below any band of the class
//!    ([`CLASS_PRODUCT_MAX`]; the same for every band of a class, because
//!    relabelling and permuting columns, stacks and rows map the 56³
//!    signatures below one band onto those below another and keep B; a
//!    release-mode test recomputes it). An accepted σ2 has probability
//!    `B(σ2) · B(σ3) / C(b1)` given b1, so (b1, σ2) has probability
//!    proportional to `B(σ2) · B(σ3)`, exactly as before. Weighted by how
//!    often each class is the top band, this takes 11.4 tries on average
//!    (with the single bound 1728² it took 75).
//! 4. Band 2 uniformly among the B(σ2) bands with signature σ2: propose one
//!    of the 729 box-1/box-2 picks uniformly, reject it if it is not a
//!    transversal, accept it with probability `2^cycles / 16`, then orient
//!    each cycle with a fair coin. Each band then has probability
//!    `2^c/16 · 2^-c`, the same for all. Band 3 likewise with σ3.
//! 5. Relabel the digits with a uniform permutation. Every step before was
//!    invariant under relabelling, and each grid has exactly one relabelling
//!    that makes its box 1 `012/345/678`, so every grid has probability
//!    exactly `1/N0`. All acceptance decisions compare integers.
//!
//! **4x4.** The 288 grids are enumerated once and one is picked uniformly.
//! **16x16 and 25x25**: no exact method is known to be practical; asking for
//! them is a usage error.
//!
//! **Cost.** About 1.1 top bands and 11.4 signature pairs per 9x9 grid,
//! each a few table look-ups, plus a rejection loop per lower band (about
//! 11,664 / B(σ) proposals of which most fail at the first clash, the
//! largest share of the time now); a 4x4 grid is one draw. Times and
//! instruction counts in the README's performance table.

use std::sync::OnceLock;

use rand::Rng;

use super::{Generator, assert_supported};
use crate::grid::{Grid, Size};
use crate::random::{below, shuffle};

/// The one-line description.
pub const DESCRIPTION: &str =
    "exact uniform sampling: every grid equally likely (band counting with rejection)";

/// The largest number of bands with one signature (the pure band's).
pub const MAX_B: u32 = 1728;
/// The number of unordered partitions of nine digits into three triples.
pub const PARTITIONS: usize = 280;
/// All nine digits.
const ALL: u16 = 0x1ff;

/// Exact uniform sampling. See the [module docs](self).
#[derive(Clone, Copy, Debug, Default)]
pub struct Uniform;

/// The digits of a 9-bit mask, in increasing order.
#[inline]
fn digits(mut m: u16) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let d = m.trailing_zeros() as u8;
            m &= m - 1;
            d
        })
    })
}

/// The `k`-th smallest digit of a mask.
#[inline]
fn nth_digit(mut m: u16, k: u32) -> u8 {
    for _ in 0..k {
        m &= m - 1;
    }
    m.trailing_zeros() as u8
}

/// The 56 ways to re-split three disjoint triples A0, A1, A2 into three
/// triples B0, B1, B2 with `Bi ∩ Ai = ∅`, as masks over positions: positions
/// 0-2 are A0's digits in increasing order, 3-5 A1's, 6-8 A2's.
pub static SPLITS: [[u16; 3]; 56] = build_splits();

const fn build_splits() -> [[u16; 3]; 56] {
    let a = [0b000_000_111u16, 0b000_111_000, 0b111_000_000];
    let mut out = [[0u16; 3]; 56];
    let mut n = 0;
    let mut b0 = 0u16;
    while b0 < 512 {
        if b0.count_ones() == 3 && b0 & a[0] == 0 {
            let mut b1 = 0u16;
            while b1 < 512 {
                if b1.count_ones() == 3 && b1 & a[1] == 0 && b1 & b0 == 0 {
                    let b2 = ALL & !b0 & !b1;
                    if b2 & a[2] == 0 {
                        out[n] = [b0, b1, b2];
                        n += 1;
                    }
                }
                b1 += 1;
            }
        }
        b0 += 1;
    }
    assert!(n == 56);
    out
}

/// Maps position masks of a split to digit masks, given the digits at
/// positions 0..9.
#[inline]
fn apply_split(split: &[u16; 3], at: &[u8; 9]) -> [u16; 3] {
    let mut out = [0u16; 3];
    for (o, &m) in out.iter_mut().zip(split) {
        for p in digits(m) {
            *o |= 1 << at[p as usize];
        }
    }
    out
}

/// The digits of three disjoint triples, listed triple by triple.
#[inline]
fn positions(sets: &[u16]) -> [u8; 9] {
    let mut at = [0u8; 9];
    for (i, d) in sets.iter().flat_map(|&m| digits(m)).enumerate() {
        at[i] = d;
    }
    at
}

/// `POW3[m]`: the sum of `3^(d-1)` over the digits `d >= 1` of mask `m`,
/// so that a partition's base-3 code is `POW3[second] + 2 * POW3[third]`.
static POW3: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let (mut d, mut p, mut sum) = (1, 1u16, 0u16);
        while d < 9 {
            if m & (1 << d) != 0 {
                sum += p;
            }
            p *= 3;
            d += 1;
        }
        t[m] = sum;
        m += 1;
    }
    t
};

/// The base-3 code of a partition into triples, with labels normalised:
/// digit 0's triple is 0, the triple of the smallest digit outside it 1.
#[inline]
fn partition_code(p: &[u16; 3]) -> usize {
    let first = if p[0] & 1 != 0 {
        0
    } else if p[1] & 1 != 0 {
        1
    } else {
        2
    };
    let (a, b) = match first {
        0 => (p[1], p[2]),
        1 => (p[0], p[2]),
        _ => (p[0], p[1]),
    };
    // The second triple holds the lowest digit outside the first.
    let (second, third) = if (a & a.wrapping_neg()) < (b & b.wrapping_neg()) {
        (a, b)
    } else {
        (b, a)
    };
    usize::from(POW3[second as usize]) + 2 * usize::from(POW3[third as usize])
}

/// The 280 partitions of the digits into three triples, in a fixed order:
/// the triple containing 0, then the triple containing the smallest digit
/// left, both increasing as masks.
static PARTITION_SETS: [[u16; 3]; PARTITIONS] = {
    let mut out = [[0u16; 3]; PARTITIONS];
    let mut n = 0;
    let mut t0 = 0u16;
    while t0 < 512 {
        if t0.count_ones() == 3 && t0 & 1 != 0 {
            let rest = ALL & !t0;
            let low = 1u16 << rest.trailing_zeros();
            let mut t1 = 0u16;
            while t1 < 512 {
                if t1.count_ones() == 3 && t1 & !rest == 0 && t1 & low != 0 {
                    out[n] = [t0, t1, rest & !t1];
                    n += 1;
                }
                t1 += 1;
            }
        }
        t0 += 1;
    }
    assert!(n == PARTITIONS);
    out
};

/// `PARTITION_INDEX[partition_code(p)]`: the position of `p` in
/// [`PARTITION_SETS`].
static PARTITION_INDEX: [u16; 6561] = {
    let mut index = [u16::MAX; 6561];
    let mut i = 0;
    while i < PARTITIONS {
        let p = PARTITION_SETS[i];
        // p[0] holds digit 0 and p[1] the smallest digit outside it.
        index[POW3[p[1] as usize] as usize + 2 * POW3[p[2] as usize] as usize] = i as u16;
        i += 1;
    }
    index
};

/// The index (0..280) of a partition of the digits into three triples.
#[inline]
fn partition_index(p: &[u16; 3]) -> usize {
    PARTITION_INDEX[partition_code(p)] as usize
}

/// The key of a band signature in the B table: relabel so that box 1's
/// column sets are {0,1,2}, {3,4,5}, {6,7,8}, then index boxes 2 and 3 by
/// their partitions.
#[inline]
fn signature_key(sig: &[u16; 9]) -> usize {
    // label[d]: d's position when box 1's sets are listed in order.
    let mut label = [0u8; 16];
    let mut i = 0u8;
    for &set in &sig[..3] {
        let mut m = set;
        while m != 0 {
            label[(m.trailing_zeros() & 15) as usize] = i;
            i += 1;
            m &= m - 1;
        }
    }
    let relabel = |set: u16| {
        let mut m = set;
        let mut out = 0u16;
        while m != 0 {
            out |= 1 << label[(m.trailing_zeros() & 15) as usize];
            m &= m - 1;
        }
        out
    };
    let p2 = [relabel(sig[3]), relabel(sig[4]), relabel(sig[5])];
    let p3 = [relabel(sig[6]), relabel(sig[7]), relabel(sig[8])];
    partition_index(&p2) * PARTITIONS + partition_index(&p3)
}

/// The number of cycles formed by the edges `left[j]` (two digits each).
#[inline]
fn cycles(left: &[u16; 9]) -> u32 {
    let mut seen = 0u16;
    let mut count = 0;
    while seen != ALL {
        let mut comp = 1u16 << (!seen & ALL).trailing_zeros();
        loop {
            let grown = left
                .iter()
                .filter(|&&e| e & comp != 0)
                .fold(comp, |acc, &e| acc | e);
            if grown == comp {
                break;
            }
            comp = grown;
        }
        seen |= comp;
        count += 1;
    }
    count
}

/// The picks of each of the 729 choices: which of the three digits of each
/// column set of boxes 1 and 2, as base-3 digits of the choice.
static PICKS: [[u8; 6]; 729] = {
    let mut t = [[0u8; 6]; 729];
    let mut c = 0;
    while c < 729 {
        let (a, b) = (c / 27, c % 27);
        t[c] = [
            (a / 9) as u8,
            (a / 3 % 3) as u8,
            (a % 3) as u8,
            (b / 9) as u8,
            (b / 3 % 3) as u8,
            (b % 3) as u8,
        ];
        c += 1;
    }
    t
};

/// The `k`-th smallest (0, 1 or 2) digit of a three-digit mask.
#[inline(always)]
fn third(m: u16, k: u8) -> u8 {
    let low = m.trailing_zeros() as u8;
    let high = 15 - m.leading_zeros() as u8;
    let mid = (m & (m - 1)).trailing_zeros() as u8;
    match k {
        0 => low,
        1 => mid,
        _ => high,
    }
}

/// The transversal picked by `choice` (0..729: box 1's picks, then box 2's),
/// if it is one: the leftover edges of each column.
#[inline]
fn transversal(sig: &[u16; 9], choice: u32) -> Option<([u8; 9], [u16; 9])> {
    let picks = &PICKS[choice as usize];
    let mut row = [0u8; 9];
    let mut used = 0u16;
    for (j, &k) in picks.iter().enumerate() {
        let d = third(sig[j], k);
        if used & (1 << d) != 0 {
            return None;
        }
        used |= 1 << d;
        row[j] = d;
    }
    let rest = ALL & !used;
    for j in 6..9 {
        let m = sig[j] & rest;
        if m.count_ones() != 1 {
            return None;
        }
        row[j] = m.trailing_zeros() as u8;
    }
    let mut left = [0u16; 9];
    for j in 0..9 {
        left[j] = sig[j] & !(1 << row[j]);
    }
    Some((row, left))
}

/// B(σ): the number of bands with column sets `sig`, by the formula.
pub fn count_bands(sig: &[u16; 9]) -> u32 {
    (0..729)
        .filter_map(|c| transversal(sig, c))
        .map(|(_, left)| 1 << cycles(&left))
        .sum()
}

/// The B table, as built by [`build_b_table`] and committed (little-endian
/// `u16`s) so no run waits for it; a test rebuilds it and compares.
static B_TABLE_BYTES: &[u8; 2 * PARTITIONS * PARTITIONS] = include_bytes!("uniform_b_table.bin");

/// The B table: `b_table()[p2 * 280 + p3]` is B of the signature whose box 1
/// columns are {0,1,2}, {3,4,5}, {6,7,8} and whose boxes 2 and 3 have the
/// partitions `p2` and `p3`.
pub fn b_table() -> &'static [u16] {
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    TABLE.get_or_init(|| {
        B_TABLE_BYTES
            .chunks_exact(2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
            .collect()
    })
}

/// Builds the B table from the formula (about 0.4 s on one core).
pub fn build_b_table() -> Vec<u16> {
    {
        let mut t = vec![0u16; PARTITIONS * PARTITIONS];
        for p2 in 0..PARTITIONS {
            for p3 in p2..PARTITIONS {
                let v = count_bands(&key_signature(p2 * PARTITIONS + p3)) as u16;
                t[p2 * PARTITIONS + p3] = v;
                t[p3 * PARTITIONS + p2] = v;
            }
        }
        t
    }
}

/// B(σ) by table look-up.
#[inline]
pub fn b_of(sig: &[u16; 9]) -> u32 {
    u32::from(b_table()[signature_key(sig)])
}

/// The signatures of bands 2 and 3 for split choices `splits` (one of 56
/// per stack) under a band with signature `sig1`.
#[inline]
pub fn splits_below(sig1: &[u16; 9], splits: [usize; 3]) -> ([u16; 9], [u16; 9]) {
    let mut s2 = [0u16; 9];
    let mut s3 = [0u16; 9];
    for (s, &k) in splits.iter().enumerate() {
        let cols = &sig1[3 * s..3 * s + 3];
        let b = apply_split(&SPLITS[k], &positions(cols));
        for j in 0..3 {
            s2[3 * s + j] = b[j];
            s3[3 * s + j] = ALL & !cols[j] & !b[j];
        }
    }
    (s2, s3)
}

/// C(b1) for a top band with signature `sig1`: its number of completions.
pub fn completions(sig1: &[u16; 9]) -> u64 {
    let t = b_table();
    let mut keys = [[(0usize, 0usize); 56]; 3];
    // Per stack and split, the partition indices of bands 2 and 3 after
    // relabelling by box 1 of each; box 1's split fixes the relabelling.
    let mut total = 0u64;
    for k0 in 0..56 {
        let (a2, a3) = splits_below(sig1, [k0, 0, 0]);
        let label = |s: &[u16; 9]| {
            let mut label = [0u8; 9];
            for (i, d) in positions(&s[..3]).into_iter().enumerate() {
                label[d as usize] = i as u8;
            }
            label
        };
        let (l2, l3) = (label(&a2), label(&a3));
        for stack in 1..3 {
            for (k, key) in keys[stack].iter_mut().enumerate() {
                let mut splits = [k0, 0, 0];
                splits[stack] = k;
                let (s2, s3) = splits_below(sig1, splits);
                let rel =
                    |l: &[u8; 9], m: u16| digits(m).fold(0u16, |acc, d| acc | 1 << l[d as usize]);
                let c = 3 * stack;
                let p2 = [rel(&l2, s2[c]), rel(&l2, s2[c + 1]), rel(&l2, s2[c + 2])];
                let p3 = [rel(&l3, s3[c]), rel(&l3, s3[c + 1]), rel(&l3, s3[c + 2])];
                *key = (partition_index(&p2), partition_index(&p3));
            }
        }
        for &(p2a, p3a) in &keys[1] {
            for &(p2b, p3b) in &keys[2] {
                total +=
                    u64::from(t[p2a * PARTITIONS + p2b]) * u64::from(t[p3a * PARTITIONS + p3b]);
            }
        }
    }
    total
}

/// The signature with box 1 columns {0,1,2}, {3,4,5}, {6,7,8} and boxes 2
/// and 3 split as partitions `p2` and `p3`: the representative of key
/// `p2 * 280 + p3`.
pub fn key_signature(key: usize) -> [u16; 9] {
    let (a, b) = (
        PARTITION_SETS[key / PARTITIONS],
        PARTITION_SETS[key % PARTITIONS],
    );
    [
        0b111,
        0b111_000,
        0b111_000_000,
        a[0],
        a[1],
        a[2],
        b[0],
        b[1],
        b[2],
    ]
}

/// The completions C of every table key (78,400 of them; about 30 s on
/// two cores), in key order.
pub fn all_completions() -> Vec<u64> {
    use rayon::prelude::*;
    (0..PARTITIONS * PARTITIONS)
        .into_par_iter()
        .map(|key| completions(&key_signature(key)))
        .collect()
}

/// The band class (0..44, in the reference table's order) of each key of
/// the band tables, 0 for keys that are no band's; computed by `cargo run
/// --release --example uniform_table classes` and checked by a release-mode
/// test.
static CLASS_TABLE: &[u8; PARTITIONS * PARTITIONS] = include_bytes!("uniform_class_table.bin");

/// The band class (0..44) of the signature with table key `key`, if it is
/// a band's.
#[inline]
pub fn class_of_key(key: usize) -> Option<usize> {
    usize::from(CLASS_TABLE[key]).checked_sub(1)
}

/// For each band class (reference order): its completions C divided by 72
/// (the reduced count c; a test compares with the published table).
pub const CLASS_COMPLETIONS: [u32; 44] = [
    97_961_464,
    97_539_392,
    98_369_440,
    97_910_032,
    96_482_296,
    97_549_160,
    97_287_008,
    97_416_016,
    97_477_096,
    96_807_424,
    98_119_872,
    98_371_664,
    98_128_064,
    98_733_568,
    97_455_648,
    97_372_400,
    97_116_296,
    95_596_592,
    97_346_960,
    97_714_592,
    97_992_064,
    98_153_104,
    98_733_184,
    98_048_704,
    96_702_240,
    98_950_072,
    97_685_328,
    98_784_768,
    98_493_856,
    100_231_616,
    99_525_184,
    96_100_688,
    96_631_520,
    97_756_224,
    99_083_712,
    98_875_264,
    102_047_904,
    101_131_392,
    96_380_896,
    102_543_168,
    99_258_880,
    94_888_576,
    97_282_720,
    108_374_976,
];

/// For each band class: the largest `B(σ2) · B(σ3)` over the 56³
/// signatures below a top band of the class (computed by
/// `cargo run --release --example uniform_bounds`; a release-mode test
/// recomputes it).
pub const CLASS_PRODUCT_MAX: [u32; 44] = [
    476_928, 297_216, 497_664, 497_664, 269_568, 393_984, 445_824, 445_824, 445_824, 331_776,
    497_664, 746_496, 497_664, 746_496, 497_664, 290_304, 445_824, 266_256, 331_776, 266_256,
    331_776, 746_496, 497_664, 331_776, 297_216, 891_648, 331_776, 331_776, 497_664, 331_776,
    331_776, 266_256, 165_888, 331_776, 331_776, 497_664, 746_496, 995_328, 266_256, 995_328,
    331_776, 266_256, 266_256, 2_985_984,
];

/// The key of a band's signature in the tables (relabelling and column
/// order do not change it).
pub fn band_key(sig: &[u16; 9]) -> usize {
    signature_key(sig)
}

/// The signature of a band given as three rows of digits.
pub fn signature(rows: &[[u8; 9]; 3]) -> [u16; 9] {
    let mut sig = [0u16; 9];
    for row in rows {
        for (s, &d) in sig.iter_mut().zip(row) {
            *s |= 1 << d;
        }
    }
    sig
}

/// The 3! orders of three items.
const PERM3: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The band whose box 1 is `012/345/678`, whose box 2 has the row sets of
/// `split` (box 3 the rest), and whose six box rows of boxes 2 and 3 are
/// ordered by the base-6 digits of `orders` (0..46,656). Every one of the
/// 2,612,736 such bands is `band_from(split, orders)` for exactly one pair.
fn band_from(split: &[u16; 3], mut orders: usize) -> [[u8; 9]; 3] {
    let rows1 = [0b111u16, 0b111_000, 0b111_000_000];
    let mut band = [[0u8; 9]; 3];
    for (i, row) in band.iter_mut().enumerate() {
        for (j, x) in row[..3].iter_mut().enumerate() {
            *x = (3 * i + j) as u8;
        }
        for (b, set) in [(1, split[i]), (2, ALL & !rows1[i] & !split[i])] {
            let mut three = [0u8; 3];
            for (t, d) in three.iter_mut().zip(digits(set)) {
                *t = d;
            }
            let order = PERM3[orders % 6];
            orders /= 6;
            for (x, &k) in row[3 * b..3 * b + 3].iter_mut().zip(&order) {
                *x = three[k];
            }
        }
    }
    band
}

/// A uniform band among those whose box 1 is `012/345/678`.
#[inline]
fn top_band<R: Rng + ?Sized>(rng: &mut R) -> [[u8; 9]; 3] {
    let split = &SPLITS[below(rng, 56) as usize];
    band_from(split, below(rng, 46_656) as usize)
}

/// A uniform band among the B(σ) bands with signature `sig`, or `None` if
/// [`MAX_BAND_TRIES`] proposals all failed (only if B(σ) = 0).
fn band_with_signature<R: Rng + ?Sized>(rng: &mut R, sig: &[u16; 9]) -> Option<[[u8; 9]; 3]> {
    for _ in 0..MAX_BAND_TRIES {
        let Some((row, left)) = transversal(sig, below(rng, 729)) else {
            continue;
        };
        let c = cycles(&left);
        if below(rng, 16) >= 1 << c {
            continue;
        }
        // Orient each cycle: walk it from an unvisited column, a fair coin
        // choosing which end of the first edge goes to row 2.
        let mut band = [row, [0; 9], [0; 9]];
        let mut done = 0u16;
        for start in 0..9 {
            if done & (1 << start) != 0 {
                continue;
            }
            let e = left[start];
            let (lo, hi) = (e.trailing_zeros() as u8, 15 - e.leading_zeros() as u8);
            let (mut up, mut down) = if crate::random::coin(rng) {
                (lo, hi)
            } else {
                (hi, lo)
            };
            let mut j = start;
            loop {
                band[1][j] = up;
                band[2][j] = down;
                done |= 1 << j;
                // `down` is in row 3 here, so it goes to row 2 in its other
                // column.
                let Some(next) =
                    (0..9).find(|&k| done & (1 << k) == 0 && left[k] & (1 << down) != 0)
                else {
                    break;
                };
                up = down;
                down = nth_digit(left[next] & !(1 << up), 0);
                j = next;
            }
        }
        return Some(band);
    }
    None
}

/// Proposals (top bands and signature pairs together) allowed for one grid
/// before the fail-safe. A signature pair is accepted with probability at
/// least 1/68 (the worst class) and a top band with probability above 0.87,
/// so needing more than this has probability below e^-1400: never in
/// practice, but the loop is bounded.
pub const MAX_PROPOSALS: u64 = 100_000;
/// Tries allowed for drawing one band with a given signature (accepted
/// with probability B/11,664 ≥ 1/11,664 for an accepted signature).
pub const MAX_BAND_TRIES: u32 = 10_000_000;

/// How much work one 9x9 grid took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tries {
    /// Top-band and signature-pair proposals, including the accepted ones.
    pub proposals: u64,
    /// Whether the fail-safe made the grid instead.
    pub fell_back: bool,
}

impl Uniform {
    /// Draws a 9x9 grid (digits 1..9 in `grid`) and reports the proposals.
    /// If the fail-safe limits are ever reached (see [`MAX_PROPOSALS`]),
    /// the grid is made by `backtrack` instead and `fell_back` is set.
    pub fn generate_9x9<R: Rng + ?Sized>(&self, rng: &mut R, grid: &mut Grid) -> Tries {
        let mut tries = Tries::default();
        if self.try_9x9(rng, grid, &mut tries).is_none() {
            tries.fell_back = true;
            super::Backtrack::default().generate(rng, grid);
        }
        tries
    }

    fn try_9x9<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        grid: &mut Grid,
        tries: &mut Tries,
    ) -> Option<()> {
        // 1. A top band in proportion to its completions: uniform, accepted
        //    with probability c(class) / max c (about 1.1 tries).
        let c_max = CLASS_COMPLETIONS.iter().copied().max().unwrap_or(1);
        let (b1, sig1, class) = loop {
            if tries.proposals == MAX_PROPOSALS {
                return None;
            }
            tries.proposals += 1;
            let b1 = top_band(rng);
            let sig1 = signature(&b1);
            let class = class_of_key(signature_key(&sig1))?;
            if below(rng, c_max) < CLASS_COMPLETIONS[class] {
                break (b1, sig1, class);
            }
        };
        // 2. The signatures below it in proportion to B(σ2) · B(σ3): uniform
        //    among the 56³, accepted with probability B(σ2) · B(σ3) / the
        //    class's largest such product (about 11 tries on average).
        let bound = CLASS_PRODUCT_MAX[class];
        let (s2, s3) = loop {
            if tries.proposals == MAX_PROPOSALS {
                return None;
            }
            tries.proposals += 1;
            let pick = below(rng, 56 * 56 * 56) as usize;
            let (s2, s3) = splits_below(&sig1, [pick / 3136, pick / 56 % 56, pick % 56]);
            let weight = b_of(&s2) * b_of(&s3);
            debug_assert!(weight <= bound, "class {class}: {weight} > {bound}");
            if below(rng, bound) < weight {
                break (s2, s3);
            }
        };
        let b2 = band_with_signature(rng, &s2)?;
        let b3 = band_with_signature(rng, &s3)?;
        let mut label = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        shuffle(rng, &mut label);
        for (r, row) in b1.iter().chain(&b2).chain(&b3).enumerate() {
            for (c, &d) in row.iter().enumerate() {
                grid.set(r, c, label[d as usize]);
            }
        }
        Some(())
    }
}

/// All 288 4x4 grids, in lexicographic order.
pub fn all_4x4() -> &'static [[u8; 16]] {
    static GRIDS: OnceLock<Vec<[u8; 16]>> = OnceLock::new();
    GRIDS.get_or_init(|| {
        fn fill(g: &mut Grid, cell: usize, out: &mut Vec<[u8; 16]>) {
            if cell == 16 {
                let mut a = [0u8; 16];
                a.copy_from_slice(g.cells());
                out.push(a);
                return;
            }
            let size = Size::S4;
            for v in 1..=4u8 {
                let clash = size.peers(cell).iter().any(|&q| g.cells()[q as usize] == v);
                if !clash {
                    g.cells_mut()[cell] = v;
                    fill(g, cell + 1, out);
                    g.cells_mut()[cell] = 0;
                }
            }
        }
        let mut out = Vec::with_capacity(288);
        fill(&mut Grid::empty(Size::S4), 0, &mut out);
        out
    })
}

impl Generator for Uniform {
    fn sizes(&self) -> &'static [Size] {
        &[Size::S4, Size::S9]
    }

    fn generate<R: Rng + ?Sized>(&self, rng: &mut R, grid: &mut Grid) {
        assert_supported(self, "uniform", grid.size());
        match grid.size() {
            Size::S4 => {
                let all = all_4x4();
                let pick = &all[below(rng, all.len() as u32) as usize];
                grid.cells_mut().copy_from_slice(pick);
            }
            _ => {
                self.generate_9x9(rng, grid);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::grid_rng;

    #[test]
    fn class_completions_are_the_published_ones() {
        for (k, class) in crate::reference::band_classes().iter().enumerate() {
            assert_eq!(
                u64::from(CLASS_COMPLETIONS[k]) * 72,
                class.completions,
                "class {}",
                k + 1
            );
        }
    }

    /// For each class, its first table key's signature (a top band of the
    /// class with box 1's columns {0,1,2}, {3,4,5}, {6,7,8}).
    fn class_representatives() -> Vec<[u16; 9]> {
        let mut out = vec![None; 44];
        for key in 0..PARTITIONS * PARTITIONS {
            if let Some(class) = class_of_key(key) {
                out[class].get_or_insert_with(|| key_signature(key));
            }
        }
        out.into_iter()
            .map(|s| s.expect("every class has a key"))
            .collect()
    }

    #[test]
    #[ignore = "release only (about 3 s): cargo test --release --lib -- --ignored"]
    fn class_product_bounds_are_the_largest_products() {
        for (class, sig1) in class_representatives().iter().enumerate() {
            let mut largest = 0;
            for k in 0..56 * 56 * 56 {
                let (s2, s3) = splits_below(sig1, [k / 3136, k / 56 % 56, k % 56]);
                largest = largest.max(b_of(&s2) * b_of(&s3));
            }
            assert_eq!(CLASS_PRODUCT_MAX[class], largest, "class {}", class + 1);
        }
    }

    #[test]
    fn committed_b_table_matches_the_formula() {
        let built = build_b_table();
        if std::env::var_os("SUDOGEN_BLESS").is_some() {
            let bytes: Vec<u8> = built.iter().flat_map(|v| v.to_le_bytes()).collect();
            std::fs::write("src/strategies/uniform_b_table.bin", bytes).unwrap();
        }
        assert!(
            built == b_table(),
            "uniform_b_table.bin is stale; run with SUDOGEN_BLESS=1"
        );
        assert_eq!(built.iter().max(), Some(&(MAX_B as u16)));
    }

    /// B(σ) by brute force: every ordering of every column's three digits,
    /// counting those whose rows are permutations.
    fn brute_force_bands(sig: &[u16; 9]) -> u32 {
        // For each box, the row sets of each of its 6^3 column orderings.
        let boxes: Vec<Vec<[u16; 3]>> = (0..3)
            .map(|bx| {
                let mut out = Vec::new();
                for o in 0..216 {
                    let mut rows = [0u16; 3];
                    for j in 0..3 {
                        let ds: Vec<u8> = digits(sig[3 * bx + j]).collect();
                        let order = PERM3[o / [36, 6, 1][j] % 6];
                        for (r, row) in rows.iter_mut().enumerate() {
                            *row |= 1 << ds[order[r]];
                        }
                    }
                    out.push(rows);
                }
                out
            })
            .collect();
        let mut count = 0;
        for a in &boxes[0] {
            for b in &boxes[1] {
                if (0..3).any(|r| a[r] & b[r] != 0) {
                    continue;
                }
                for c in &boxes[2] {
                    if (0..3).all(|r| (a[r] | b[r]) & c[r] == 0) {
                        count += 1;
                    }
                }
            }
        }
        count
    }

    #[test]
    fn band_count_formula_matches_brute_force() {
        let mut sigs = vec![signature(&[
            [0, 1, 2, 3, 4, 5, 6, 7, 8],
            [3, 4, 5, 6, 7, 8, 0, 1, 2],
            [6, 7, 8, 0, 1, 2, 3, 4, 5],
        ])];
        let mut rng = grid_rng(3, 3);
        for _ in 0..5 {
            sigs.push(signature(&top_band(&mut rng)));
        }
        for sig in &sigs {
            let brute = brute_force_bands(sig);
            assert_eq!(count_bands(sig), brute, "{sig:?}");
            assert_eq!(b_of(sig), brute, "table and formula differ for {sig:?}");
        }
        assert_eq!(count_bands(&sigs[0]), 1728, "the pure band");
    }

    #[test]
    fn splits_and_partitions_are_complete() {
        assert_eq!(SPLITS.len(), 56);
        for s in &SPLITS {
            assert_eq!(s[0] | s[1] | s[2], ALL);
            assert!(s.iter().all(|m| m.count_ones() == 3));
        }
        for (i, p) in PARTITION_SETS.iter().enumerate() {
            assert_eq!(partition_index(p), i);
            assert_eq!(
                partition_index(&[p[2], p[0], p[1]]),
                i,
                "order must not matter"
            );
        }
    }

    #[test]
    fn completions_of_each_class_match_the_published_counts() {
        let classes = crate::reference::band_classes();
        assert_eq!(classes.len(), 44);
        for class in classes {
            assert_eq!(
                completions(&class.signature),
                class.completions,
                "{class:?}"
            );
        }
    }

    /// Σ over the 2,612,736 bands with box 1 fixed of their completions, and
    /// 9! times it is N0. Tens of seconds: run by `.ci/run` in release mode.
    #[test]
    #[ignore]
    fn total_number_of_grids() {
        use std::collections::HashMap;
        let mut counts: HashMap<[u16; 9], u64> = HashMap::new();
        for split in &SPLITS {
            for orders in 0..46_656usize {
                *counts
                    .entry(signature(&band_from(split, orders)))
                    .or_default() += 1;
            }
        }
        assert_eq!(counts.values().sum::<u64>(), 2_612_736);
        // C depends only on the signature up to relabelling and column
        // order: group by the table key.
        let mut by_key: HashMap<usize, (u64, [u16; 9])> = HashMap::new();
        for (sig, n) in counts {
            by_key.entry(signature_key(&sig)).or_insert((0, sig)).0 += n;
        }
        let total: u64 = by_key.values().map(|(n, sig)| n * completions(sig)).sum();
        assert_eq!(total, 18_383_222_420_692_992);
        assert_eq!(
            u128::from(total) * 362_880,
            6_670_903_752_021_072_936_960u128
        );
    }

    #[test]
    fn a_signature_with_no_bands_ends_in_bounded_time() {
        // Every band signature has a transversal (any k columns cover at
        // least k digits, as two columns of one box are disjoint), so B > 0
        // for all of them; a malformed one, every column {0,1,2}, has none.
        let sig = [0b111u16; 9];
        assert_eq!(count_bands(&sig), 0);
        let mut rng = grid_rng(1, 1);
        // Bounded: returns None after MAX_BAND_TRIES instead of spinning.
        assert!(band_with_signature(&mut rng, &sig).is_none());
    }

    #[test]
    fn all_288_4x4_grids_are_distinct_and_valid() {
        let all = all_4x4();
        assert_eq!(all.len(), 288);
        let set: std::collections::HashSet<_> = all.iter().collect();
        assert_eq!(set.len(), 288);
        for g in all {
            assert_eq!(Grid::from_values(Size::S4, g).unwrap().validate(), Ok(()));
        }
    }

    /// The chi-square critical value at 99.9% (Wilson-Hilferty).
    fn chi2_999(df: f64) -> f64 {
        let z = 3.090_232;
        let a = 2.0 / (9.0 * df);
        df * (1.0 - a + z * a.sqrt()).powi(3)
    }

    #[test]
    fn every_4x4_grid_is_equally_likely() {
        let all = all_4x4();
        let mut counts = vec![0u64; 288];
        let mut g = Grid::empty(Size::S4);
        for i in 0..288_000 {
            Uniform.generate(&mut grid_rng(44, i), &mut g);
            let k = all.binary_search_by(|x| x[..].cmp(g.cells())).unwrap();
            counts[k] += 1;
        }
        assert!(counts.iter().all(|&c| c > 0));
        let chi2: f64 = counts
            .iter()
            .map(|&c| (c as f64 - 1000.0).powi(2) / 1000.0)
            .sum();
        assert!(chi2 < chi2_999(287.0), "chi-square {chi2}");
    }

    #[test]
    fn top_band_classes_follow_the_uniform_distribution() {
        let classes = crate::reference::band_classes();
        let n = 3000;
        let mut counts = vec![0u64; 44];
        let mut g = Grid::empty(Size::S9);
        for i in 0..n {
            Uniform.generate(&mut grid_rng(9, i), &mut g);
            assert_eq!(g.validate(), Ok(()));
            let mut band = [[0u8; 9]; 3];
            for (r, row) in band.iter_mut().enumerate() {
                for (c, x) in row.iter_mut().enumerate() {
                    *x = g.get(r, c) - 1;
                }
            }
            let c = completions(&signature(&band));
            let class = crate::reference::class_of_completions(c).expect("C identifies the class");
            counts[class] += 1;
        }
        // Pool the classes expected fewer than 5 times into one bin.
        let (mut chi2, mut bins, mut pooled_obs, mut pooled_exp) = (0.0, 0, 0.0, 0.0);
        for (k, class) in classes.iter().enumerate() {
            let e = class.p_top_band * n as f64;
            if e < 5.0 {
                pooled_obs += counts[k] as f64;
                pooled_exp += e;
            } else {
                chi2 += (counts[k] as f64 - e).powi(2) / e;
                bins += 1;
            }
        }
        if pooled_exp > 0.0 {
            chi2 += (pooled_obs - pooled_exp).powi(2) / pooled_exp;
            bins += 1;
        }
        let df = f64::from(bins - 1);
        assert!(
            chi2 < chi2_999(df),
            "chi-square {chi2} with {df} degrees of freedom"
        );
    }
}
