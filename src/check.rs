//! `sudogen check`: verify grid files of any format and size, streaming.

use std::collections::HashSet;
use std::hash::{BuildHasher, Hasher};
use std::io::{self, BufRead, Write};

use crate::format::Format;
use crate::grid::{Grid, Size};
use crate::input::GridReader;

/// What `check` found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Records read (grids and unreadable records).
    pub read: u64,
    /// Valid complete grids.
    pub valid: u64,
    /// Records that are not valid complete grids.
    pub invalid: u64,
    /// Distinct valid grids, when asked for.
    pub distinct: Option<u64>,
}

impl Summary {
    /// The closing line of the report.
    pub fn line(&self) -> String {
        let mut s = format!(
            "{} grids read: {} valid, {} invalid",
            self.read, self.valid, self.invalid
        );
        if let Some(d) = self.distinct {
            s += &format!(", {d} distinct");
        }
        s
    }
}

/// Options of a check.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Read every record in this format instead of detecting it.
    pub format: Option<Format>,
    /// Read every grid as this size instead of inferring it.
    pub size: Option<Size>,
    /// Count distinct grids (keeps a 128-bit fingerprint of each).
    pub distinct: bool,
}

/// A 128-bit fingerprint of a grid: two keyed SipHash values. Collisions
/// among 10^9 grids have probability below 10^-20.
pub fn fingerprint(grid: &Grid) -> u128 {
    let hash = |key: u64| {
        let mut h =
            std::hash::BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default()
                .build_hasher();
        h.write_u64(key);
        h.write(grid.cells());
        h.finish()
    };
    u128::from(hash(0x5eed)) << 64 | u128::from(hash(0xc0ffee))
}

/// A running check over any number of inputs.
pub struct Checker {
    opts: Options,
    summary: Summary,
    seen: HashSet<u128>,
}

impl Checker {
    /// A check with `opts`.
    pub fn new(opts: Options) -> Self {
        Checker {
            opts,
            summary: Summary {
                distinct: opts.distinct.then_some(0),
                ..Summary::default()
            },
            seen: HashSet::new(),
        }
    }

    /// Checks every record of `input` (named `name` in the report), writing
    /// one line to `report` for each bad one.
    pub fn input<R: BufRead, W: Write + ?Sized>(
        &mut self,
        name: &str,
        input: R,
        report: &mut W,
    ) -> io::Result<()> {
        let mut reader = GridReader::new(input, self.opts.format, self.opts.size);
        reader.visit(|line, grid| {
            self.summary.read += 1;
            let problem = match grid {
                Ok(grid) => match grid.validate() {
                    Ok(()) => {
                        self.summary.valid += 1;
                        if self.opts.distinct && self.seen.insert(fingerprint(grid)) {
                            self.summary.distinct = Some(self.seen.len() as u64);
                        }
                        return Ok(());
                    }
                    Err(e) => e.to_string(),
                },
                Err(e) => e,
            };
            self.summary.invalid += 1;
            writeln!(report, "{name}:{line}: {problem}")
        })
    }

    /// What was found so far.
    pub fn summary(&self) -> Summary {
        self.summary
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_bad_grids_by_line_and_counts() {
        let good =
            "123456789456789123789123456234567891567891234891234567345678912678912345912345678";
        let mut swapped = good.as_bytes().to_vec();
        swapped.swap(0, 1);
        let text = format!(
            "{good}\n{}\n{}\n{good}\n",
            String::from_utf8(swapped).unwrap(),
            &good[1..]
        );
        let mut c = Checker::new(Options {
            distinct: true,
            ..Options::default()
        });
        let mut report = Vec::new();
        c.input("grids.txt", text.as_bytes(), &mut report).unwrap();
        assert_eq!(
            String::from_utf8(report).unwrap(),
            "grids.txt:2: column 1 has two 2s\ngrids.txt:3: 80 cells, expected 16, 81, 256 or 625\n"
        );
        assert_eq!(
            c.summary().line(),
            "4 grids read: 2 valid, 2 invalid, 1 distinct"
        );
    }
}
