//! Other alphabets: files that write the values 1, 2, 3, ... with other
//! symbols than the standard `1-9A-Z` (16x16 grids in the letters `A`-`P`,
//! say), read into standard symbols and written back.

use crate::grid::{SYMBOLS, Size};

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
                "{} symbols; a {size} grid needs {}",
                bytes.len(),
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
            if !b.is_ascii_alphanumeric() || bytes[..i].contains(&b) {
                return Err(format!(
                    "the symbols must be {} distinct letters or digits; '{}' is not usable",
                    size.side(),
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
