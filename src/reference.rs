//! Published facts the tests and `stats` compare with: the 44 band classes
//! of Felgenhauer and Jarvis (2005) as reduced by Ed Russell, from
//! `data/band-classes-44.csv` (copied from the project's reference data).

use std::sync::OnceLock;

/// One of the 44 band classes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BandClass {
    /// The column sets of a representative band (digits 0..9), box 1 being
    /// {0,3,6} {1,4,7} {2,5,8}.
    pub signature: [u16; 9],
    /// How many of the 2,612,736 bands whose box 1 is fixed are in the
    /// class.
    pub bands: u64,
    /// How many ways a band of the class completes to a full grid.
    pub completions: u64,
    /// The probability that the top band of a uniform grid is in the class.
    pub p_top_band: f64,
}

/// The 44 classes, in the file's order.
pub fn band_classes() -> &'static [BandClass] {
    static CLASSES: OnceLock<Vec<BandClass>> = OnceLock::new();
    CLASSES.get_or_init(|| {
        include_str!("../data/band-classes-44.csv")
            .lines()
            .skip(1)
            .map(|line| {
                let f: Vec<&str> = line.split(',').collect();
                let mut signature = [0u16; 9];
                let sets = ["147 258 369", f[1], f[2]].join(" ");
                for (s, set) in signature.iter_mut().zip(sets.split(' ')) {
                    for ch in set.bytes() {
                        *s |= 1 << (ch - b'1');
                    }
                }
                BandClass {
                    signature,
                    bands: f[4].parse().expect("band count column"),
                    completions: f[6].parse().expect("completions column"),
                    p_top_band: f[7].parse().expect("probability column"),
                }
            })
            .collect()
    })
}

/// The class (0..44) whose completion count is `completions`, which
/// identifies it (the 44 counts are all different).
pub fn class_of_completions(completions: u64) -> Option<usize> {
    band_classes()
        .iter()
        .position(|c| c.completions == completions)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_whole() {
        let c = band_classes();
        assert_eq!(c.len(), 44);
        let total: f64 = c.iter().map(|k| k.p_top_band).sum();
        assert!((total - 1.0).abs() < 1e-6, "{total}");
        let mut counts: Vec<u64> = c.iter().map(|k| k.completions).collect();
        counts.sort_unstable();
        counts.dedup();
        assert_eq!(counts.len(), 44, "completion counts identify classes");
        assert_eq!(counts[43], 7_802_998_272);
        assert_eq!(counts[0], 6_831_977_472);
        assert_eq!(c.iter().map(|k| k.bands).sum::<u64>(), 2_612_736);
    }
}
