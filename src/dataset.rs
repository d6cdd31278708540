//! Building data sets without isomorphic leakage: fingerprints of
//! canonical forms, train/test splits that keep isomorphs together, and a
//! streaming set of the forms already seen.
//!
//! **Fingerprint.** A [`Fingerprint`] is SipHash-2-4 with a 128-bit
//! output (Aumasson and Bernstein's reference algorithm, checked here
//! against its published test vectors) of the grid's side followed by the
//! canonical form's cell values (`0` for empty), under the fixed key
//! [`FINGERPRINT_KEY`]. It is the same on every machine and in every run
//! (it does not use the standard library's randomly keyed hasher), so
//! fingerprints written to a file can be compared later. Two forms with
//! the same fingerprint are taken to be equal: for 10⁹ distinct forms the
//! chance of any collision is about 10⁻²¹.
//!
//! **Splits.** [`Split`] sends a record to a part (train, test, ...) by a
//! position in `[0, 1)` drawn from its fingerprint and the run's seed:
//! the first 64 bits of SipHash-2-4-128 of the fingerprint's 16 bytes
//! (little-endian) then the seed's 8 (little-endian), under the same key,
//! divided by 2⁶⁴. Part `k` takes the positions from the sum of the
//! fractions before it up to that sum plus its own. Every isomorph of a
//! puzzle has the same form, so the same fingerprint, so the same part;
//! another seed gives another, independent split. The fractions are kept
//! in expectation, not exactly (each record is placed alone, in a stream).
//!
//! **What a split keeps together** ([`split_key`]): by the record's own
//! form ([`By::String`], or [`By::Pattern`], which groups the same records
//! by another form), the isomorphs of a puzzle; by [`By::Solution`], the
//! records whose solution grids are isomorphs, so that the several puzzles
//! of one grid (or of its isomorphs) land in one part too, and no answer
//! of the test part was seen in training. The solution is the one the
//! record carries, or else the unique one a search finds.
//!
//! **Distinct.** [`Distinct`] keeps the fingerprints seen in a hash set:
//! 16 bytes a form plus the table's overhead (a table of 2²¹ slots for a
//! million forms, about 36 MB; 55 MB at the peak while it doubles: see
//! `docs/PERFORMANCE.md (#distinct)`), whatever the size of the grids.

use std::collections::HashSet;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

use crate::canon::{By, CanonError, Canonicalizer};
use crate::grid::Grid;
use crate::solve::{self, Search};

/// The SipHash key of fingerprints and splits: the 16 bytes of
/// `"sudogen canon 1\0"`. Changing it changes every fingerprint and split.
pub const FINGERPRINT_KEY: [u8; 16] = *b"sudogen canon 1\0";

/// SipHash-2-4 with a 128-bit output of `data` under `key`, as the
/// reference implementation computes it; the output's 16 bytes read as a
/// little-endian number.
pub fn siphash128(key: &[u8; 16], data: &[u8]) -> u128 {
    let k0 = u64::from_le_bytes(key[..8].try_into().expect("8 bytes"));
    let k1 = u64::from_le_bytes(key[8..].try_into().expect("8 bytes"));
    let mut v = [
        k0 ^ 0x736f_6d65_7073_6575,
        k1 ^ 0x646f_7261_6e64_6f6d ^ 0xee,
        k0 ^ 0x6c79_6765_6e65_7261,
        k1 ^ 0x7465_6462_7974_6573,
    ];
    fn round(v: &mut [u64; 4]) {
        v[0] = v[0].wrapping_add(v[1]);
        v[1] = v[1].rotate_left(13);
        v[1] ^= v[0];
        v[0] = v[0].rotate_left(32);
        v[2] = v[2].wrapping_add(v[3]);
        v[3] = v[3].rotate_left(16);
        v[3] ^= v[2];
        v[0] = v[0].wrapping_add(v[3]);
        v[3] = v[3].rotate_left(21);
        v[3] ^= v[0];
        v[2] = v[2].wrapping_add(v[1]);
        v[1] = v[1].rotate_left(17);
        v[1] ^= v[2];
        v[2] = v[2].rotate_left(32);
    }
    let compress = |m: u64, v: &mut [u64; 4]| {
        v[3] ^= m;
        round(v);
        round(v);
        v[0] ^= m;
    };
    let mut chunks = data.chunks_exact(8);
    for chunk in &mut chunks {
        compress(
            u64::from_le_bytes(chunk.try_into().expect("8 bytes")),
            &mut v,
        );
    }
    let mut last = [0u8; 8];
    let rest = chunks.remainder();
    last[..rest.len()].copy_from_slice(rest);
    last[7] = data.len() as u8;
    compress(u64::from_le_bytes(last), &mut v);
    v[2] ^= 0xee;
    for _ in 0..4 {
        round(&mut v);
    }
    let low = v[0] ^ v[1] ^ v[2] ^ v[3];
    v[1] ^= 0xdd;
    for _ in 0..4 {
        round(&mut v);
    }
    let high = v[0] ^ v[1] ^ v[2] ^ v[3];
    u128::from(low) | (u128::from(high) << 64)
}

/// The 128-bit fingerprint of a canonical form (see the module
/// documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fingerprint(pub u128);

impl Fingerprint {
    /// The fingerprint of `form` (the canonical form: isomorphs have the
    /// same one only if `form` is canonical).
    pub fn of(form: &Grid) -> Fingerprint {
        let mut bytes = [0u8; crate::grid::MAX_CELLS + 1];
        let cells = form.cells();
        bytes[0] = form.size().side() as u8;
        bytes[1..=cells.len()].copy_from_slice(cells);
        Fingerprint(siphash128(&FINGERPRINT_KEY, &bytes[..=cells.len()]))
    }
}

impl fmt::Display for Fingerprint {
    /// 32 hexadecimal digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:032x}", self.0)
    }
}

/// Why a split cannot be made.
#[derive(Clone, Debug, PartialEq)]
pub enum SplitError {
    /// A fraction is negative or not a number.
    BadFraction(f64),
    /// The fractions add up to more than 1.
    TooMuch(f64),
    /// No parts, or all of them empty.
    Nothing,
}

impl fmt::Display for SplitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SplitError::BadFraction(x) => write!(f, "{x} is not a fraction between 0 and 1"),
            SplitError::TooMuch(x) => write!(f, "the fractions add up to {x}, more than 1"),
            SplitError::Nothing => write!(f, "no part with a positive fraction"),
        }
    }
}

impl std::error::Error for SplitError {}

/// A reproducible split of records into parts that keeps isomorphs
/// together (see the module documentation).
#[derive(Clone, Debug, PartialEq)]
pub struct Split {
    /// The end of each part's range of positions, as 64-bit numbers.
    ends: Vec<u64>,
    seed: u64,
}

impl Split {
    /// The split into parts of the given fractions (each in `[0, 1]`,
    /// adding up to at most 1: records whose position falls past the last
    /// part go to none) under `seed`.
    pub fn new(fractions: &[f64], seed: u64) -> Result<Split, SplitError> {
        let mut sum = 0.0;
        let mut ends = Vec::with_capacity(fractions.len());
        for &x in fractions {
            if !(0.0..=1.0).contains(&x) {
                return Err(SplitError::BadFraction(x));
            }
            sum += x;
            ends.push(if sum >= 1.0 {
                u64::MAX
            } else {
                (sum * 18_446_744_073_709_551_616.0) as u64
            });
        }
        if sum > 1.0 + 1e-9 {
            return Err(SplitError::TooMuch(sum));
        }
        if sum <= 0.0 {
            return Err(SplitError::Nothing);
        }
        // Fractions that add up to 1 but for rounding: the last part ends
        // at the end.
        if sum > 1.0 - 1e-9 {
            *ends.last_mut().expect("a part") = u64::MAX;
        }
        Ok(Split { ends, seed })
    }

    /// How many parts it has.
    pub fn parts(&self) -> usize {
        self.ends.len()
    }

    /// The position in `[0, 2⁶⁴)` of a record with this fingerprint.
    pub fn position(&self, fingerprint: Fingerprint) -> u64 {
        let mut bytes = [0u8; 24];
        bytes[..16].copy_from_slice(&fingerprint.0.to_le_bytes());
        bytes[16..].copy_from_slice(&self.seed.to_le_bytes());
        siphash128(&FINGERPRINT_KEY, &bytes) as u64
    }

    /// The part of a record with this fingerprint (`None`: past the last
    /// part, when the fractions add up to less than 1).
    pub fn part(&self, fingerprint: Fingerprint) -> Option<usize> {
        let x = self.position(fingerprint);
        match self.ends.iter().position(|&end| x < end) {
            Some(k) => Some(k),
            None if self.ends.last() == Some(&u64::MAX) => Some(self.ends.len() - 1),
            None => None,
        }
    }
}

/// Why a record has no place in a split.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyError {
    /// The record has no canonical form (its givens repeat a symbol in a
    /// unit, or its boxes are too wide).
    Canon(CanonError),
    /// By solution: the puzzle has no solution.
    NoSolution,
    /// By solution: the puzzle has several, and the record carries none.
    ManySolutions,
}

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyError::Canon(e) => write!(f, "{e}"),
            KeyError::NoSolution => f.write_str("no solution, so no solution grid to split it by"),
            KeyError::ManySolutions => f.write_str(
                "more than one solution, so no solution grid to split it by; give the record its solution",
            ),
        }
    }
}

impl std::error::Error for KeyError {}

/// The fingerprint a split by `by` places `record` by (see the module
/// documentation): the fingerprint of its canonical form under
/// [`By::String`] or [`By::Pattern`]; under [`By::Solution`], that of its
/// solution grid's canonical form, the solution being `solution` (the one
/// the record carries, checked: complete, valid and agreeing with every
/// given) or, without one, the unique solution a search finds (a complete
/// record is its own solution).
pub fn split_key(
    canon: &mut Canonicalizer,
    record: &Grid,
    solution: Option<&Grid>,
    by: By,
) -> Result<Fingerprint, KeyError> {
    if by != By::Solution {
        let form = canon.form(record, by).map_err(KeyError::Canon)?;
        return Ok(Fingerprint::of(&form));
    }
    record
        .validate_givens()
        .map_err(|e| KeyError::Canon(CanonError::Invalid(e)))?;
    let found;
    let grid = match solution {
        Some(s) => s,
        None if record.is_complete() => record,
        None => {
            let out = solve::search(record, Search::default());
            found = match (out.solutions, out.first) {
                (1, Some(s)) => s,
                (0, _) => return Err(KeyError::NoSolution),
                _ => return Err(KeyError::ManySolutions),
            };
            &found
        }
    };
    let form = canon.form(grid, By::String).map_err(KeyError::Canon)?;
    Ok(Fingerprint::of(&form))
}

/// A hasher for fingerprints, which are uniform already: their low 64
/// bits.
#[derive(Default)]
pub struct FingerprintHasher(u64);

impl Hasher for FingerprintHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Fingerprints hash as one u128; anything else falls back to a
        // simple mix.
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }

    fn write_u128(&mut self, x: u128) {
        self.0 = x as u64;
    }
}

/// The canonical forms seen so far, by fingerprint: memory grows with the
/// distinct forms only.
#[derive(Default)]
pub struct Distinct {
    seen: HashSet<u128, BuildHasherDefault<FingerprintHasher>>,
    offered: u64,
}

impl Distinct {
    /// An empty set.
    pub fn new() -> Distinct {
        Distinct::default()
    }

    /// Notes a form by its fingerprint: `true` if it was not seen before.
    pub fn insert(&mut self, fingerprint: Fingerprint) -> bool {
        self.offered += 1;
        self.seen.insert(fingerprint.0)
    }

    /// Notes a canonical form: `true` if it was not seen before.
    pub fn insert_form(&mut self, form: &Grid) -> bool {
        self.insert(Fingerprint::of(form))
    }

    /// How many distinct forms were seen.
    pub fn distinct(&self) -> usize {
        self.seen.len()
    }

    /// How many forms were offered (duplicates included).
    pub fn offered(&self) -> u64 {
        self.offered
    }

    /// How many offered forms were duplicates.
    pub fn duplicates(&self) -> u64 {
        self.offered - self.seen.len() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Size;

    /// The first entries of `vectors_sip128` of the reference
    /// implementation: key `00 01 .. 0f`, message `00 01 .. (len - 1)`,
    /// output bytes in order.
    #[test]
    fn siphash128_matches_the_reference_vectors() {
        let key: [u8; 16] = std::array::from_fn(|i| i as u8);
        let vectors: [&str; 5] = [
            "a3817f04ba25a8e66df67214c7550293",
            "da87c1d86b99af44347659119b22fc45",
            "8177228da4a45dc7fca38bdef60affe4",
            "9c70b60c5267a94e5f33b6b02985ed51",
            "f88164c12d9c8faf7d0f6e7c7bcd5579",
        ];
        let data: Vec<u8> = (0..64).collect();
        for (len, hex) in vectors.iter().enumerate() {
            let out = siphash128(&key, &data[..len]).to_le_bytes();
            let text: String = out.iter().map(|b| format!("{b:02x}")).collect();
            assert_eq!(&text, hex, "length {len}");
        }
    }

    #[test]
    fn fingerprints_are_fixed() {
        let g = Grid::parse(
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642",
            None,
        )
        .unwrap();
        // Recorded from the first run: a change here changes every split.
        assert_eq!(
            Fingerprint::of(&g).to_string(),
            "b2271fc34f24740413b2e0d8c20b5b38"
        );
        assert_ne!(Fingerprint::of(&g), Fingerprint::of(&Grid::empty(Size::S9)));
        assert_ne!(
            Fingerprint::of(&Grid::empty(Size::S4)),
            Fingerprint::of(&Grid::empty(Size::S9))
        );
    }

    #[test]
    fn splits_keep_their_fractions_and_reject_bad_ones() {
        let split = Split::new(&[0.9, 0.1], 7).unwrap();
        let mut counts = [0u32; 2];
        for k in 0..100_000u128 {
            let fp = Fingerprint(siphash128(&FINGERPRINT_KEY, &k.to_le_bytes()));
            counts[split.part(fp).unwrap()] += 1;
        }
        assert!((89_000..91_000).contains(&counts[0]), "{counts:?}");
        let partial = Split::new(&[0.2, 0.1], 7).unwrap();
        let none = (0..10_000u128)
            .filter(|k| {
                let fp = Fingerprint(siphash128(&FINGERPRINT_KEY, &k.to_le_bytes()));
                partial.part(fp).is_none()
            })
            .count();
        assert!((6_700..7_300).contains(&none), "{none}");
        assert_eq!(Split::new(&[0.7, 0.4], 1), Err(SplitError::TooMuch(1.1)));
        assert!(matches!(
            Split::new(&[-0.1], 1),
            Err(SplitError::BadFraction(_))
        ));
        assert_eq!(Split::new(&[0.0], 1), Err(SplitError::Nothing));
        // Fractions that add to 1 up to rounding put every record in a part.
        let thirds = Split::new(&[1.0 / 3.0; 3], 2).unwrap();
        assert!((0..1000u128).all(|k| thirds.part(Fingerprint(k << 64 | k)).is_some()));
    }

    #[test]
    fn distinct_counts_duplicates() {
        let mut d = Distinct::new();
        assert!(d.insert(Fingerprint(1)));
        assert!(d.insert(Fingerprint(2)));
        assert!(!d.insert(Fingerprint(1)));
        assert_eq!((d.distinct(), d.offered(), d.duplicates()), (2, 3, 1));
    }
}
