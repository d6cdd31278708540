//! Other alphabets: files that write the values 1, 2, 3, ... with other
//! symbols than the standard `1-9A-Z` (16x16 grids in the letters `A`-`P`,
//! say), read into standard symbols and written back.

use crate::grid::{SYMBOLS, Size};

/// Expands ranges in an alphabet as people write them: `1-9A-G` is
/// `123456789ABCDEFG`, `0-F` is `0123456789ABCDEF` (hex Sudoku), `A-P` the
/// sixteen letters. A range runs through `0-9`, then `A-Z` (or `a-z`); a
/// `-` at either end is itself.
pub fn expand(alphabet: &str) -> Result<String, String> {
    const ORDER: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const LOWER: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let bytes = alphabet.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < bytes.len() {
        if i + 2 < bytes.len() && bytes[i + 1] == b'-' {
            let (a, b) = (bytes[i], bytes[i + 2]);
            let order = if a.is_ascii_lowercase() || b.is_ascii_lowercase() {
                LOWER
            } else {
                ORDER
            };
            match (
                order.iter().position(|&c| c == a),
                order.iter().position(|&c| c == b),
            ) {
                (Some(x), Some(y)) if x <= y => {
                    out.extend(order[x..=y].iter().map(|&c| char::from(c)));
                }
                _ => {
                    return Err(format!(
                        "the range '{}-{}' runs backwards or mixes kinds; write it as 1-9, A-P or 0-F",
                        char::from(a),
                        char::from(b)
                    ));
                }
            }
            i += 3;
        } else {
            out.push(char::from(bytes[i]));
            i += 1;
        }
    }
    Ok(out)
}

/// An alphabet of cell symbols other than the standard `1-9A-Z`, such as
/// `ABCDEFGHIJKLMNOP` for 16x16 files written with letters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbols {
    /// Byte read → standard symbol (or `.` for empty, or a byte no size
    /// accepts).
    to_standard: [u8; 256],
    /// Standard symbol → byte written.
    from_standard: [u8; 256],
}

impl Symbols {
    /// The standard symbol `1-9A-Z` written for a standard symbol byte,
    /// in this alphabet; `.` for an empty cell.
    pub fn byte(&self, standard: u8) -> u8 {
        self.from_standard[usize::from(standard)]
    }

    /// Whether this alphabet writes a value as `0` (then an empty cell is
    /// always `.`).
    pub fn uses_zero(&self) -> bool {
        self.to_standard[usize::from(b'0')] != b'.'
    }

    /// `Ok` if every character of `alphabet` is ASCII (one byte each, so
    /// its length counts its characters), else what to say about the first
    /// that is not.
    pub fn ascii(alphabet: &str) -> Result<(), String> {
        match alphabet.chars().find(|c| !c.is_ascii()) {
            None => Ok(()),
            Some(c) => Err(format!(
                "the symbols must be ASCII letters or digits; '{c}' is not usable"
            )),
        }
    }

    /// The alphabet whose `i`-th character stands for value `i + 1`: as many
    /// distinct letters or digits as the side of the grids. `.` is an empty
    /// cell, and so is `0` unless the alphabet uses it.
    pub fn new(alphabet: &str, size: Size) -> Result<Symbols, String> {
        Symbols::ascii(alphabet)?;
        let bytes = alphabet.as_bytes();
        if bytes.len() != size.side() {
            return Err(format!(
                "{} symbols; {} grid needs {}",
                bytes.len(),
                crate::shape::A(size),
                size.side()
            ));
        }
        let mut to_standard = [0u8; 256];
        let mut from_standard = [0u8; 256];
        for b in 0..=255u8 {
            // A byte outside the alphabet reads as itself unless that is a
            // standard symbol, which would then be misread: DEL instead.
            to_standard[usize::from(b)] = if SYMBOLS.contains(&b) { 0x7f } else { b };
            from_standard[usize::from(b)] = b;
        }
        to_standard[usize::from(b'.')] = b'.';
        to_standard[usize::from(b'0')] = b'.';
        for (i, &b) in bytes.iter().enumerate() {
            if !b.is_ascii_alphanumeric() {
                return Err(format!(
                    "the symbols must be letters or digits; '{}' is not usable",
                    char::from(b)
                ));
            }
            if bytes[..i].contains(&b) {
                return Err(format!(
                    "the symbols must be distinct: '{}' appears twice; each value needs its own",
                    char::from(b)
                ));
            }
            let standard = SYMBOLS[i];
            to_standard[usize::from(b)] = standard;
            from_standard[usize::from(standard)] = b;
        }
        Ok(Symbols {
            to_standard,
            from_standard,
        })
    }

    /// Rewrites bytes read into standard symbols.
    pub fn read(&self, bytes: &mut [u8]) {
        for b in bytes {
            *b = self.to_standard[usize::from(*b)];
        }
    }

    /// A standard symbol in this alphabet (anything else as it is).
    pub fn written(&self, symbol: char) -> char {
        u8::try_from(symbol).map_or(symbol, |b| char::from(self.from_standard[usize::from(b)]))
    }

    /// Rewrites standard symbols into this alphabet.
    pub fn write(&self, bytes: &mut [u8]) {
        for b in bytes {
            *b = self.from_standard[usize::from(*b)];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_expand_as_people_write_them() {
        assert_eq!(expand("1-9A-G").unwrap(), "123456789ABCDEFG");
        assert_eq!(expand("0-F").unwrap(), "0123456789ABCDEF");
        assert_eq!(expand("A-P").unwrap(), "ABCDEFGHIJKLMNOP");
        assert_eq!(expand("a-i").unwrap(), "abcdefghi");
        assert_eq!(expand("ABCD").unwrap(), "ABCD");
        assert!(expand("9-1").unwrap_err().contains("backwards"));
        let hex = Symbols::new(&expand("0-F").unwrap(), Size::S16).unwrap();
        assert!(hex.uses_zero());
        assert_eq!(hex.byte(b'1'), b'0');
        assert_eq!(hex.byte(b'G'), b'F');
        let e = Symbols::new("ABCDEFGHA", Size::S9).unwrap_err();
        assert_eq!(
            e,
            "the symbols must be distinct: 'A' appears twice; each value needs its own"
        );
    }
}
