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
use crate::random::{below, below_u64};

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
#[cfg(test)]
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

/// The 27 row-1 sets of a box whose columns are {0,1,2}, {3,4,5},
/// {6,7,8} (box 1 in table labels): `ROW1[9a + 3b + c] = {a, 3 + b, 6 + c}`.
const ROW1: [u16; 27] = {
    let mut t = [0u16; 27];
    let mut r = 0;
    while r < 27 {
        t[r] = 1 << (r / 9) | 1 << (3 + r / 3 % 3) | 1 << (6 + r % 3);
        r += 1;
    }
    t
};

/// For each of the 27 row-1 sets of box 1: the 20 three-digit subsets of
/// the six digits it leaves, in increasing order, so that the complement
/// (within the six) of the `i`-th is the `19 - i`-th.
const REST3: [[u16; 20]; 27] = {
    let mut t = [[0u16; 20]; 27];
    let mut r = 0;
    while r < 27 {
        let rest = ALL & !ROW1[r];
        let (mut m, mut n) = (0u16, 0);
        while m < 512 {
            if m & !rest == 0 && m.count_ones() == 3 {
                t[r][n] = m;
                n += 1;
            }
            m += 1;
        }
        assert!(n == 20);
        r += 1;
    }
    t
};

/// Whether `m` has exactly one digit.
#[inline(always)]
fn single(m: u16) -> bool {
    m != 0 && m & (m - 1) == 0
}

/// `fits()[27 p + r]`, for partition `p` (0..280) and row-1 set `r` of box
/// 1: bit `i` (of 20) is set when `REST3[r][i]` takes one digit from each
/// triple of `p`, i.e. can be row 1 of a box with column sets `p`; bits
/// 32..52 hold the same mask reversed (bit `19 - i` for bit `i`), which
/// says the same of the complement. Built at first use (150,000 checks).
fn fits() -> &'static [u64] {
    static FITS: OnceLock<Vec<u64>> = OnceLock::new();
    FITS.get_or_init(|| {
        let mut t = vec![0u64; PARTITIONS * 27];
        for (p, sets) in PARTITION_SETS.iter().enumerate() {
            for r in 0..27 {
                for (i, &x) in REST3[r].iter().enumerate() {
                    if single(x & sets[0]) && single(x & sets[1]) {
                        t[27 * p + r] |= 1 << i | 1 << (32 + 19 - i);
                    }
                }
            }
        }
        t
    })
}

/// A band signature in table coordinates: the partitions (0..280) of its
/// boxes 2 and 3 after relabelling the digits so that box 1's column sets
/// are {0,1,2}, {3,4,5}, {6,7,8}, and the way back from labels to digits.
#[derive(Clone, Debug)]
struct Key {
    p2: u16,
    p3: u16,
    to_digit: Relabel,
}

impl Key {
    /// The key of a signature (the same relabelling as [`signature_key`]).
    fn of(sig: &[u16; 9]) -> Key {
        let digit = positions(&sig[..3]);
        let mut label = [0u8; 9];
        for (l, &d) in digit.iter().enumerate() {
            label[d as usize] = l as u8;
        }
        let to_label = Relabel::new(&label);
        Key {
            p2: to_label.partition(&[sig[3], sig[4], sig[5]]) as u16,
            p3: to_label.partition(&[sig[6], sig[7], sig[8]]) as u16,
            to_digit: Relabel::new(&digit),
        }
    }
}

/// The number of set bits of each 10-bit mask.
static POP10: [u8; 1024] = {
    let mut t = [0u8; 1024];
    let mut m = 0;
    while m < 1024 {
        t[m] = (m as u16).count_ones() as u8;
        m += 1;
    }
    t
};

/// The number of cycles of the leftover edges of a transversal (each
/// digit in exactly two of them). A walk per cycle; at most nine steps in
/// all, and bounded even for malformed edges.
#[inline]
fn cycle_count(left: &[u16; 9]) -> u32 {
    // at[d]: the columns whose edge holds digit d.
    let mut at = [0u16; 16];
    for (j, &e) in left.iter().enumerate() {
        at[(e.trailing_zeros() & 15) as usize] |= 1 << j;
        at[((15 - e.leading_zeros()) & 15) as usize] |= 1 << j;
    }
    let (mut todo, mut count) = (ALL, 0);
    while todo != 0 {
        count += 1;
        let start = todo.trailing_zeros() as usize;
        let (mut j, mut d) = (start, left[start] & left[start].wrapping_neg());
        for _ in 0..9 {
            todo &= !(1 << j);
            j = ((at[(d.trailing_zeros() & 15) as usize] & !(1 << j)).trailing_zeros() & 15)
                as usize;
            if j == start || j >= 9 {
                break;
            }
            d = left[j] & !d;
        }
    }
    count
}

/// Transversal proposals allowed for one band before the exact fall-back
/// (each is accepted with probability at least 2/16, so this many fail
/// with probability below 10^-11; the fall-back draws from the same
/// distribution, so the bound changes no probability).
pub const MAX_BAND_TRIES: u32 = 200;

/// The leftover edges of a transversal, walked cycle by cycle: the number
/// of cycles, and for each column the digit that goes to row 3 when every
/// cycle is oriented its first way, with the cycle's number.
#[inline]
fn walk_cycles(left: &[u16; 9]) -> (u32, [u16; 9], [u8; 9]) {
    // at[d]: the columns whose edge holds digit d (exactly two).
    let mut at = [0u16; 16];
    for (j, &e) in left.iter().enumerate() {
        at[(e.trailing_zeros() & 15) as usize] |= 1 << j;
        at[((15 - e.leading_zeros()) & 15) as usize] |= 1 << j;
    }
    let (mut down, mut cycle) = ([0u16; 9], [0u8; 9]);
    let (mut todo, mut count) = (ALL, 0u32);
    while todo != 0 {
        let start = todo.trailing_zeros() as usize;
        // Leave the first column by its lower digit: it goes to row 3
        // there, so to row 2 in its other column, whose other digit goes to
        // row 3, and so on round the cycle.
        let (mut j, mut d) = (start, left[start] & left[start].wrapping_neg());
        loop {
            todo &= !(1 << j);
            down[j] = d;
            cycle[j] = count as u8;
            let next = at[(d.trailing_zeros() & 15) as usize] & !(1 << j);
            j = (next.trailing_zeros() & 15) as usize;
            if j == start || next == 0 {
                break;
            }
            d = left[j] & !d;
        }
        count += 1;
    }
    (count, down, cycle)
}

/// The band with row-1 digit sets `rows` (boxes 1, 2, 3), column sets
/// `cols`, and cycles oriented by the bits of `turn` (bit `i` flips cycle
/// `i`), with the walk of its leftover edges.
#[inline]
fn band_from_transversal(
    cols: &[u16; 9],
    rows: [u16; 3],
    left: &[u16; 9],
    (down, cycle): ([u16; 9], [u8; 9]),
    turn: u32,
) -> [[u8; 9]; 3] {
    let mut band = [[0u8; 9]; 3];
    for j in 0..9 {
        let first = cols[j] & rows[j / 3];
        let mut low = down[j];
        if turn >> cycle[j] & 1 == 1 {
            low = left[j] & !low;
        }
        band[0][j] = first.trailing_zeros() as u8;
        band[1][j] = (left[j] & !low).trailing_zeros() as u8;
        band[2][j] = low.trailing_zeros() as u8;
    }
    band
}

/// A uniform band among the B(σ) bands with column sets `cols`, whose
/// table coordinates are `key`; also how many transversals were proposed.
/// `None` only for a malformed signature with no band at all.
///
/// B(σ) = Σ_t 2^cycles(t) over the transversals t (module docs). Row 1's
/// digit sets in boxes 1 and 3, in labels, are a pair (`ROW1[r]`,
/// `REST3[r][i]`) such that box 3's set takes one digit of each of its
/// columns and box 2's (the six left minus box 3's) one of each of its:
/// two table masks ANDed per `r` list them all. A transversal is drawn
/// uniformly from the list and kept with probability `2^cycles / 16`; the
/// same four random bits then orient the cycles, so every band has
/// probability `2^c / 16 · 2^-c` per proposal, the same for all. After
/// `tries` proposals the fall-back weighs every transversal by
/// `2^cycles` and draws one exactly.
fn band_of<R: Rng + ?Sized>(
    rng: &mut R,
    key: &Key,
    cols: &[u16; 9],
    tries: u32,
) -> Option<([[u8; 9]; 3], u32)> {
    let fits = fits();
    let (f2, f3) = (&fits[27 * key.p2 as usize..], &fits[27 * key.p3 as usize..]);
    let mut valid = [0u32; 27];
    let mut before = [0u32; 28];
    for r in 0..27 {
        let m = (f3[r] & (f2[r] >> 32)) as u32;
        valid[r] = m;
        before[r + 1] =
            before[r] + u32::from(POP10[(m & 1023) as usize] + POP10[(m >> 10 & 1023) as usize]);
    }
    let total = before[27];
    if total == 0 {
        return None;
    }
    // The transversal (r, i) in digits, with its leftover edges.
    let edges = |r: usize, i: usize| {
        let (r1, r3) = (ROW1[r], REST3[r][i]);
        let rows = [
            key.to_digit.apply(r1),
            key.to_digit.apply(ALL & !r1 & !r3),
            key.to_digit.apply(r3),
        ];
        let left: [u16; 9] = std::array::from_fn(|j| cols[j] & !rows[j / 3]);
        (rows, left)
    };
    for attempt in 0..tries {
        let pick = below(rng, total);
        let r = before.partition_point(|&b| b <= pick) - 1;
        let mut m = valid[r];
        for _ in 0..pick - before[r] {
            m &= m - 1;
        }
        let (rows, left) = edges(r, m.trailing_zeros() as usize);
        let turn = rng.next_u32() & 15;
        if turn < 1 << cycle_count(&left) {
            let walk = walk_cycles(&left);
            return Some((
                band_from_transversal(cols, rows, &left, (walk.1, walk.2), turn),
                attempt + 1,
            ));
        }
    }
    // Exact fall-back: every transversal weighed by 2^cycles.
    let mut weights = [0u32; 27 * 20];
    let mut sum = 0;
    for r in 0..27 {
        let mut m = valid[r];
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            sum += 1 << cycle_count(&edges(r, i).1);
            weights[20 * r + i] = sum;
        }
    }
    let pick = below(rng, sum);
    let at = (0..27 * 20).find(|&x| valid[x / 20] >> (x % 20) & 1 == 1 && pick < weights[x])?;
    let (rows, left) = edges(at / 20, at % 20);
    let walk = walk_cycles(&left);
    let turn = pick - (weights[at] - (1 << walk.0));
    Some((
        band_from_transversal(cols, rows, &left, (walk.1, walk.2), turn),
        tries,
    ))
}

/// For each band class (reference order): how many of the 2,612,736 bands
/// whose box 1 is `012/345/678` are in it (a test compares with the
/// published table and with the B table).
pub const CLASS_BANDS: [u32; 44] = [
    178_848, 186_624, 93_312, 108_864, 202_176, 49_248, 108_864, 139_968, 147_744, 20_736, 62_208,
    85_536, 46_656, 186_624, 46_656, 25_920, 233_280, 38_880, 54_432, 23_328, 31_104, 54_432,
    62_208, 7_776, 54_432, 37_152, 41_472, 31_104, 23_328, 5_184, 15_552, 18_144, 20_736, 62_208,
    15_552, 31_104, 15_552, 10_368, 23_328, 7_776, 864, 1_440, 1_728, 288,
];

/// `CLASS_GRIDS_UP_TO[k]`: the grids whose box 1 is `012/345/678` and whose
/// top band is in classes `0..=k`, `Σ bands × 72 c`; the last is N0 / 9! =
/// 18,383,222,420,692,992.
pub const CLASS_GRIDS_UP_TO: [u64; 44] = {
    let mut t = [0u64; 44];
    let mut sum = 0u64;
    let mut k = 0;
    while k < 44 {
        sum += CLASS_BANDS[k] as u64 * 72 * CLASS_COMPLETIONS[k] as u64;
        t[k] = sum;
        k += 1;
    }
    t
};

/// The split table, as built by [`build_split_table`] and committed
/// (little-endian `u32`s) so no run waits for it; a test rebuilds it and
/// compares: `w2` of every class, split s1 of stack 1 and split s2 of
/// stack 2, at `(56 · 56) class + 56 s1 + s2`.
static SPLIT_TABLE_BYTES: &[u8; 4 * 44 * 56 * 56] = include_bytes!("uniform_split_table.bin");

/// Σ over the splits s3 of stack 3 of B(σ2) · B(σ3), below the
/// representative top band of `class`, for splits `s1` and `s2`.
#[inline]
fn split_weight(class: usize, s1: usize, s2: usize) -> u32 {
    let at = 4 * (3136 * class + 56 * s1 + s2);
    let b = &SPLIT_TABLE_BYTES[at..at + 4];
    u32::from_le_bytes([b[0], b[1], b[2], b[3]])
}

/// What the sampler needs below the representative top band of one class
/// (its signature in the reference table), per split of each stack.
struct ClassTables {
    /// The class (0..44).
    class: usize,
    /// The representative signature and its key.
    top_cols: [u16; 9],
    top: Key,
    /// Per stack and split: the column sets of bands 2 and 3 in that stack.
    cols2: [[[u16; 3]; 56]; 3],
    cols3: [[[u16; 3]; 56]; 3],
    /// `w1[s1]`: Σ over s2 of the split table, and `total` = Σ w1 = C of
    /// the class.
    w1: [u64; 56],
    total: u64,
    /// Per split of stack 1, built at its first use.
    rows: [OnceLock<SplitRow>; 56],
}

/// The table keys below one split s1 of stack 1.
struct SplitRow {
    /// From labels back to digits, for bands 2 and 3 (box 1 of each band
    /// is fixed by s1).
    to_digit2: Relabel,
    to_digit3: Relabel,
    /// `keys[56 t + x]`, per split `x` of stack `t + 2` (stacks 2 and 3):
    /// the partitions of band 2's and band 3's box in that stack, `p2 |
    /// p3 << 16`.
    keys: [u32; 112],
}

/// A relabelling of 9-bit masks: two look-ups, of the low five and the
/// high four bits.
#[derive(Clone, Debug)]
struct Relabel([u16; 32], [u16; 16]);

impl Relabel {
    fn new(label: &[u8; 9]) -> Relabel {
        let map = |m: usize, shift: usize| {
            digits(m as u16).fold(0u16, |acc, d| acc | 1 << label[d as usize + shift])
        };
        Relabel(
            std::array::from_fn(|m| map(m, 0)),
            std::array::from_fn(|m| map(m, 5)),
        )
    }

    /// The mask `m` relabelled.
    #[inline(always)]
    fn apply(&self, m: u16) -> u16 {
        self.0[(m & 31) as usize] | self.1[(m >> 5 & 15) as usize]
    }

    /// The partition index of three sets, relabelled.
    #[inline]
    fn partition(&self, sets: &[u16; 3]) -> u32 {
        partition_index(&[
            self.apply(sets[0]),
            self.apply(sets[1]),
            self.apply(sets[2]),
        ]) as u32
    }
}

impl ClassTables {
    /// The tables of `class` below the signature `sig1`, with `w1` from
    /// the split table if `weights` is given, else zero.
    fn new(class: usize, sig1: &[u16; 9], weights: bool) -> ClassTables {
        let (mut cols2, mut cols3) = ([[[0u16; 3]; 56]; 3], [[[0u16; 3]; 56]; 3]);
        for s in 0..3 {
            let at = positions(&sig1[3 * s..3 * s + 3]);
            for x in 0..56 {
                let b = apply_split(&SPLITS[x], &at);
                for j in 0..3 {
                    cols2[s][x][j] = b[j];
                    cols3[s][x][j] = ALL & !sig1[3 * s + j] & !b[j];
                }
            }
        }
        let mut w1 = [0u64; 56];
        if weights {
            for (s1, w) in w1.iter_mut().enumerate() {
                *w = (0..56)
                    .map(|s2| u64::from(split_weight(class, s1, s2)))
                    .sum();
            }
        }
        ClassTables {
            class,
            top_cols: *sig1,
            top: Key::of(sig1),
            cols2,
            cols3,
            w1,
            total: w1.iter().sum(),
            rows: [const { OnceLock::new() }; 56],
        }
    }

    /// The tables of class `k` (0..44), built at its first use (a few
    /// microseconds; each split row at its own first use, about as much).
    fn of(k: usize) -> &'static ClassTables {
        static TABLES: [OnceLock<ClassTables>; 44] = [const { OnceLock::new() }; 44];
        TABLES[k].get_or_init(|| {
            ClassTables::new(k, &crate::reference::band_classes()[k].signature, true)
        })
    }

    /// The keys below split `s1` of stack 1.
    fn row(&self, s1: usize) -> &SplitRow {
        self.rows[s1].get_or_init(|| {
            let labels = |sets: &[u16; 3]| {
                let digit = positions(sets);
                let mut label = [0u8; 9];
                for (l, &d) in digit.iter().enumerate() {
                    label[d as usize] = l as u8;
                }
                (Relabel::new(&digit), Relabel::new(&label))
            };
            let (to_digit2, r2) = labels(&self.cols2[0][s1]);
            let (to_digit3, r3) = labels(&self.cols3[0][s1]);
            let mut keys = [0u32; 112];
            for (i, key) in keys.iter_mut().enumerate() {
                let (stack, x) = (1 + i / 56, i % 56);
                *key =
                    r2.partition(&self.cols2[stack][x]) | r3.partition(&self.cols3[stack][x]) << 16;
            }
            SplitRow {
                to_digit2,
                to_digit3,
                keys,
            }
        })
    }

    /// B(σ2) · B(σ3) for the stack-2 key `a` and the stack-3 key `b`.
    #[inline(always)]
    fn weight(t: &[u16], a: u32, b: u32) -> u32 {
        let (a2, a3) = (
            PARTITIONS * (a & 0xffff) as usize,
            PARTITIONS * (a >> 16) as usize,
        );
        u32::from(t[a2 + (b & 0xffff) as usize]) * u32::from(t[a3 + (b >> 16) as usize])
    }

    /// The split weights below s1, computed: `w2[s2]`.
    fn row_weights(&self, s1: usize) -> [u32; 56] {
        let t = b_table();
        let keys = &self.row(s1).keys;
        std::array::from_fn(|s2| {
            keys[56..]
                .iter()
                .map(|&b| Self::weight(t, keys[s2], b))
                .sum()
        })
    }

    /// The splits (s1, s2, s3) whose weight interval holds `v` (`v <
    /// total`): each is chosen with probability B(σ2) · B(σ3) / C.
    fn splits(&self, mut v: u64) -> Option<[usize; 3]> {
        let mut take = |w: u64| {
            let here = v < w;
            if !here {
                v -= w;
            }
            here
        };
        let s1 = self.w1.iter().position(|&w| take(w))?;
        let s2 = (0..56).position(|s2| take(u64::from(split_weight(self.class, s1, s2))))?;
        let t = b_table();
        let keys = &self.row(s1).keys;
        let a = keys[s2];
        let s3 = keys[56..]
            .iter()
            .position(|&b| take(u64::from(Self::weight(t, a, b))))?;
        Some([s1, s2, s3])
    }

    /// The column sets and keys of bands 2 and 3 for splits `s`.
    fn below(&self, s: [usize; 3]) -> (([u16; 9], Key), ([u16; 9], Key)) {
        let cols = |c: &[[[u16; 3]; 56]; 3]| {
            let mut out = [0u16; 9];
            for (stack, &x) in s.iter().enumerate() {
                out[3 * stack..3 * stack + 3].copy_from_slice(&c[stack][x]);
            }
            out
        };
        let row = self.row(s[0]);
        let (a, b) = (row.keys[s[1]], row.keys[56 + s[2]]);
        let key2 = Key {
            p2: a as u16,
            p3: b as u16,
            to_digit: row.to_digit2.clone(),
        };
        let key3 = Key {
            p2: (a >> 16) as u16,
            p3: (b >> 16) as u16,
            to_digit: row.to_digit3.clone(),
        };
        ((cols(&self.cols2), key2), (cols(&self.cols3), key3))
    }
}

/// Builds the split table from the B table (about 8 million products).
pub fn build_split_table() -> Vec<u32> {
    let classes = crate::reference::band_classes();
    let mut out = Vec::with_capacity(44 * 3136);
    for (k, class) in classes.iter().enumerate() {
        let tables = ClassTables::new(k, &class.signature, false);
        for s1 in 0..56 {
            out.extend(tables.row_weights(s1));
        }
    }
    out
}

/// How much work one 9x9 grid took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tries {
    /// Transversals proposed for the three bands, including the accepted
    /// ones (3 at the least).
    pub proposals: u64,
    /// Whether the fail-safe made the grid instead (never, unless a table
    /// is corrupt: every band signature has a band).
    pub fell_back: bool,
}

impl Uniform {
    /// Draws a 9x9 grid (digits 1..9 in `grid`) and reports the work. If a
    /// table ever failed to give a band (a corrupt table), the grid is made
    /// by `backtrack` instead and `fell_back` is set.
    pub fn generate_9x9<R: Rng + ?Sized>(&self, rng: &mut R, grid: &mut Grid) -> Tries {
        let mut tries = Tries::default();
        if self
            .try_9x9(rng, grid, &mut tries, MAX_BAND_TRIES)
            .is_none()
        {
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
        band_tries: u32,
    ) -> Option<()> {
        // 1. The class of the top band and the splits below it, from one
        //    draw among the N0 / 9! grids whose box 1 is 012/345/678.
        let total = CLASS_GRIDS_UP_TO[43];
        let u = below_u64(rng, total);
        let class = CLASS_GRIDS_UP_TO.partition_point(|&c| c <= u);
        let start = class.checked_sub(1).map_or(0, |k| CLASS_GRIDS_UP_TO[k]);
        let tables = ClassTables::of(class);
        let splits = tables.splits((u - start) % tables.total)?;
        let ((cols2, key2), (cols3, key3)) = tables.below(splits);
        // 2. The three bands, each uniform given its column sets.
        let mut bands = [[[0u8; 9]; 3]; 3];
        for (band, (cols, key)) in bands.iter_mut().zip([
            (&tables.top_cols, &tables.top),
            (&cols2, &key2),
            (&cols3, &key3),
        ]) {
            let (b, n) = band_of(rng, key, cols, band_tries)?;
            *band = b;
            tries.proposals += u64::from(n);
        }
        // 3. A uniform element of the group: a relabelling, an order of the
        //    stacks and of the columns in each stack, from one draw.
        let pick = below(rng, 362_880 * 1296);
        let (mut code, arrangement) = (pick / 1296, pick % 1296);
        // Fisher–Yates with its choices read from `code` in mixed radix:
        // each code gives a different relabelling.
        let mut label: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        for i in 0..8 {
            let j = i + (code % (9 - i as u32)) as usize;
            code /= 9 - i as u32;
            label.swap(i, j);
        }
        let stacks = PERM3[(arrangement % 6) as usize];
        let mut to = [0usize; 9];
        for c in 0..9 {
            let within = PERM3[(arrangement / [6, 36, 216][c / 3] % 6) as usize];
            to[c] = 3 * stacks[c / 3] + within[c % 3];
        }
        let mut cells = [0u8; 81];
        for (r, row) in bands.iter().flatten().enumerate() {
            for (c, &d) in row.iter().enumerate() {
                cells[9 * r + to[c]] = label[d as usize];
            }
        }
        grid.cells_mut().copy_from_slice(&cells);
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

    #[test]
    fn committed_split_table_matches_the_b_table() {
        let built = build_split_table();
        if std::env::var_os("SUDOGEN_BLESS").is_some() {
            let bytes: Vec<u8> = built.iter().flat_map(|v| v.to_le_bytes()).collect();
            std::fs::write("src/strategies/uniform_split_table.bin", bytes).unwrap();
        }
        for (i, &w) in built.iter().enumerate() {
            assert_eq!(
                split_weight(i / 3136, i / 56 % 56, i % 56),
                w,
                "uniform_split_table.bin is stale at {i}; run with SUDOGEN_BLESS=1"
            );
        }
        // Below each class's representative, the weights add up to its
        // completions C = 72 c, as the class draw assumes.
        for (k, &c) in CLASS_COMPLETIONS.iter().enumerate() {
            assert_eq!(
                ClassTables::of(k).total,
                72 * u64::from(c),
                "class {}",
                k + 1
            );
        }
    }

    #[test]
    fn class_band_counts_are_the_published_ones_and_the_tables() {
        let classes = crate::reference::band_classes();
        // Each table key stands for 36 signatures with box 1's column sets
        // fixed (the orders of the columns of boxes 2 and 3), each with B
        // bands, spread evenly over the 216 fillings of box 1 with those
        // column sets (relabelling within box 1's columns maps one filling
        // to another and keeps the class).
        let mut from_tables = [0u64; 44];
        for key in 0..PARTITIONS * PARTITIONS {
            let class = class_of_key(key).expect("every key is a band's");
            from_tables[class] += 36 * u64::from(b_table()[key]);
        }
        for (k, class) in classes.iter().enumerate() {
            assert_eq!(u64::from(CLASS_BANDS[k]), class.bands, "class {}", k + 1);
            assert_eq!(from_tables[k], 216 * class.bands, "class {}", k + 1);
        }
        assert_eq!(CLASS_GRIDS_UP_TO[43], 18_383_222_420_692_992);
    }

    /// The signature of `sig` under the arrangement `a` (0..36): stack
    /// `a / 12` first, the other two after it in either order (`a / 6 %
    /// 2`), and box 1's columns in the order `PERM3[a % 6]`.
    fn arranged(sig: &[u16; 9], a: usize) -> [u16; 9] {
        let first = a / 12;
        let (second, third) = ((first + 1 + a / 6 % 2) % 3, (first + 2 - a / 6 % 2) % 3);
        let stacks = [first, second, third];
        let mut out = [0u16; 9];
        for (i, &s) in stacks.iter().enumerate() {
            for j in 0..3 {
                let col = if i == 0 { PERM3[a % 6][j] } else { j };
                out[3 * i + j] = sig[3 * s + col];
            }
        }
        out
    }

    /// The table keys of every signature in the orbit of `sig` under the
    /// group (relabellings, stack orders, column orders in each stack).
    /// Every signature of the orbit with box 1's columns {0,1,2},
    /// {3,4,5}, {6,7,8} comes from one of the 36 arrangements `a` (which
    /// stack first, the order of the other two, box 1's column order;
    /// the column orders of boxes 2 and 3 do not change a key) relabelled
    /// so that box 1's columns are those sets, then relabelled within them
    /// (216 ways).
    fn orbit_keys(sig: &[u16; 9]) -> std::collections::HashSet<usize> {
        let mut keys = std::collections::HashSet::new();
        for a in 0..36 {
            let s = arranged(sig, a);
            let digit = positions(&s[..3]);
            let mut label = [0u8; 9];
            for (l, &d) in digit.iter().enumerate() {
                label[d as usize] = l as u8;
            }
            for within in 0..216 {
                let mut relabel = [0u8; 9];
                for block in 0..3 {
                    let order = PERM3[within / [1, 6, 36][block] % 6];
                    for i in 0..3 {
                        relabel[3 * block + i] = (3 * block + order[i]) as u8;
                    }
                }
                let full: [u8; 9] = std::array::from_fn(|d| relabel[label[d] as usize]);
                let r = Relabel::new(&full);
                let p2 = r.partition(&[s[3], s[4], s[5]]) as usize;
                let p3 = r.partition(&[s[6], s[7], s[8]]) as usize;
                keys.insert(p2 * PARTITIONS + p3);
            }
        }
        keys
    }

    /// The sampler draws a class, then transforms the class's
    /// representative by a uniform element of the group. That is exact
    /// only if every class is one orbit of the group on signatures: the
    /// representative's orbit (a subset of its class, as C is invariant)
    /// must hold all the class's bands.
    #[test]
    fn every_class_is_one_orbit_of_the_group() {
        let classes = crate::reference::band_classes();
        let mut all = 0;
        for (k, class) in classes.iter().enumerate() {
            let keys = orbit_keys(&class.signature);
            assert!(keys.iter().all(|&key| class_of_key(key) == Some(k)));
            let bands: u64 = keys.iter().map(|&key| 36 * u64::from(b_table()[key])).sum();
            assert_eq!(bands, 216 * class.bands, "class {}", k + 1);
            all += keys.len();
        }
        assert_eq!(all, PARTITIONS * PARTITIONS, "the orbits cover every key");
    }

    /// For every one of the 78,400 table keys, the transversals the band
    /// sampler lists, weighed by 2^cycles, add up to B from the committed
    /// table (built by the independent 729-pick formula).
    #[test]
    fn band_sampler_lists_every_transversal() {
        let fits = fits();
        let t = b_table();
        for (key, &b_key) in t.iter().enumerate() {
            let sig = key_signature(key);
            let k = Key::of(&sig);
            assert_eq!(usize::from(k.p2) * PARTITIONS + usize::from(k.p3), key);
            let mut b = 0;
            for r in 0..27 {
                let mut m = (fits[27 * usize::from(k.p3) + r]
                    & fits[27 * usize::from(k.p2) + r] >> 32) as u32;
                while m != 0 {
                    let (r1, r3) = (ROW1[r], REST3[r][m.trailing_zeros() as usize]);
                    m &= m - 1;
                    let rows = [r1, ALL & !r1 & !r3, r3];
                    let left: [u16; 9] = std::array::from_fn(|j| sig[j] & !rows[j / 3]);
                    assert!(left.iter().all(|e| e.count_ones() == 2), "key {key}");
                    b += 1u32 << cycle_count(&left);
                }
            }
            assert_eq!(b, u32::from(b_key), "key {key}");
        }
    }

    /// Every band of a signature with few bands, drawn by the proposal
    /// loop and by the exact fall-back (no proposals allowed): each is a
    /// band with those column sets, and every one of the B(σ) bands comes
    /// up equally often.
    #[test]
    fn bands_of_a_signature_are_equally_likely_both_ways() {
        let t = b_table();
        let key = (0..PARTITIONS * PARTITIONS)
            .filter(|&k| t[k] >= 40)
            .min_by_key(|&k| t[k])
            .unwrap();
        let b = usize::from(t[key]);
        // A signature with scrambled digits, so that relabelling matters.
        let perm = [4u8, 7, 0, 8, 2, 5, 1, 6, 3];
        let sig =
            key_signature(key).map(|m| digits(m).fold(0u16, |a, d| a | 1 << perm[d as usize]));
        let k = Key::of(&sig);
        for tries in [MAX_BAND_TRIES, 0] {
            let mut counts = std::collections::HashMap::new();
            let n = 400 * b;
            let mut rng = grid_rng(17, u64::from(tries));
            for _ in 0..n {
                let (band, _) = band_of(&mut rng, &k, &sig, tries).unwrap();
                for row in &band {
                    assert_eq!(row.iter().fold(0u16, |a, &d| a | 1 << d), ALL, "{band:?}");
                }
                assert_eq!(signature(&band), sig, "{band:?}");
                *counts.entry(band).or_insert(0u32) += 1;
            }
            assert_eq!(counts.len(), b, "tries {tries}: every band comes up");
            let e = 400.0;
            let chi2: f64 = counts
                .values()
                .map(|&c| (f64::from(c) - e).powi(2) / e)
                .sum();
            assert!(
                chi2 < chi2_999((b - 1) as f64),
                "tries {tries}: chi-square {chi2}"
            );
        }
    }

    #[test]
    fn the_relabelling_draw_gives_each_permutation_once() {
        let mut seen = std::collections::HashSet::new();
        for mut code in 0..362_880u32 {
            let mut label: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
            for i in 0..8 {
                let j = i + (code % (9 - i as u32)) as usize;
                code /= 9 - i as u32;
                label.swap(i, j);
            }
            assert!(seen.insert(label));
        }
        assert_eq!(seen.len(), 362_880);
    }

    #[test]
    fn a_split_outside_the_weights_is_refused() {
        let tables = ClassTables::of(0);
        assert!(tables.splits(tables.total - 1).is_some());
        assert!(tables.splits(tables.total).is_none());
        let mut g = Grid::empty(Size::S9);
        for i in 0..2000 {
            let tries = Uniform.generate_9x9(&mut grid_rng(4, i), &mut g);
            assert!(!tries.fell_back);
            assert!(tries.proposals >= 3);
            assert_eq!(g.validate(), Ok(()));
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
            let split = &SPLITS[below(&mut rng, 56) as usize];
            sigs.push(signature(&band_from(
                split,
                below(&mut rng, 46_656) as usize,
            )));
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
    fn a_signature_with_no_bands_has_no_transversal() {
        // Every band signature has a transversal (any k columns cover at
        // least k digits, as two columns of one box are disjoint), so B > 0
        // for all of them; a malformed one, every column {0,1,2}, has none.
        assert_eq!(count_bands(&[0b111u16; 9]), 0);
        assert!(b_table().iter().all(|&b| b > 0));
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
