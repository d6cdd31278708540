//! Other alphabets: files that write the values 1, 2, 3, ... with other
//! symbols than the standard `1-9A-Z` (16x16 grids in the letters `A`-`P`,
//! say), read into standard symbols and written back.

use crate::grid::{SYMBOLS, Size};

/// Expands ranges in an alphabet as people write them: `1-9A-G` is
/// `123456789ABCDEFG`, `0-F` is `0123456789ABCDEF` (hex Sudoku), `A-P` the
/// sixteen letters. A range runs through `0-9`, then `A-Z` (or `a-z`); a
/// `-` at either end, or between characters other than ASCII letters and
/// digits, is itself. Other characters, any script, stand for themselves.
pub fn expand(alphabet: &str) -> Result<String, String> {
    const ORDER: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const LOWER: &str = "0123456789abcdefghijklmnopqrstuvwxyz";
    let chars: Vec<char> = alphabet.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let ends = |c: char| c.is_ascii_alphanumeric();
        if i + 2 < chars.len() && chars[i + 1] == '-' && ends(chars[i]) && ends(chars[i + 2]) {
            let (a, b) = (chars[i], chars[i + 2]);
            let order = if a.is_ascii_lowercase() || b.is_ascii_lowercase() {
                LOWER
            } else {
                ORDER
            };
            match (order.find(a), order.find(b)) {
                (Some(x), Some(y)) if x <= y => out.push_str(&order[x..=y]),
                _ => {
                    return Err(format!(
                        "the range '{a}-{b}' runs backwards or mixes kinds; write it as 1-9, A-P or 0-F"
                    ));
                }
            }
            i += 3;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    Ok(out)
}

/// The first byte of the markers that stand, once a record is read, for
/// the symbols of an alphabet that are not ASCII (one byte per cell, as
/// the parsers take them): the `i`-th such symbol is `WIDE + i`.
pub(crate) const WIDE: u8 = 0x80;

/// An alphabet of cell symbols other than the standard `1-9A-Z`, such as
/// `ABCDEFGHIJKLMNOP` for 16x16 files written with letters, or any other
/// characters (`①②③④⑤⑥⑦⑧⑨`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbols {
    /// Byte read → standard symbol (or `.` for empty, or a byte no size
    /// accepts); the symbols beyond ASCII are read as their markers
    /// ([`WIDE`]) first.
    to_standard: [u8; 256],
    /// Standard symbol → character written.
    from_standard: Vec<char>,
    /// The symbols beyond ASCII, in the order of their markers.
    wide: Vec<char>,
}

impl Symbols {
    /// The character written for a standard symbol byte, in this
    /// alphabet; `.` for an empty cell.
    pub fn char_of(&self, standard: u8) -> char {
        self.from_standard[usize::from(standard)]
    }

    /// Whether this alphabet writes a value as `0` (then an empty cell is
    /// always `.`).
    pub fn uses_zero(&self) -> bool {
        self.to_standard[usize::from(b'0')] != b'.'
    }

    /// `Ok` if `c` can be a symbol: a letter or digit of any script, or
    /// any other character beyond ASCII that is not white space (`★`);
    /// else what to say about it. ASCII punctuation has meanings in the
    /// formats (`.` an empty cell, `,` and `|` separators, `#` comments).
    pub fn usable(c: char) -> Result<(), String> {
        if c.is_alphanumeric() || !(c.is_ascii() || c.is_whitespace() || c.is_control()) {
            Ok(())
        } else {
            Err(format!(
                "the symbols must be letters, digits or characters beyond ASCII; '{}' is not usable",
                c.escape_debug()
            ))
        }
    }

    /// The alphabet whose `i`-th character stands for value `i + 1`: as many
    /// distinct usable characters (see [`Symbols::usable`]) as the side of
    /// the grids. `.` is an empty cell, and so is `0` unless the alphabet
    /// uses it.
    pub fn new(alphabet: &str, size: Size) -> Result<Symbols, String> {
        let chars: Vec<char> = alphabet.chars().collect();
        if chars.len() != size.side() {
            return Err(format!(
                "{} symbols; {} grid needs {}",
                chars.len(),
                crate::shape::A(size),
                size.side()
            ));
        }
        let mut to_standard = [0u8; 256];
        let mut from_standard = vec!['\0'; 256];
        for b in 0..=255u8 {
            // A byte outside the alphabet reads as itself unless that is a
            // standard symbol, which would then be misread: DEL instead.
            to_standard[usize::from(b)] = if SYMBOLS.contains(&b) { 0x7f } else { b };
            from_standard[usize::from(b)] = char::from(b);
        }
        to_standard[usize::from(b'.')] = b'.';
        to_standard[usize::from(b'0')] = b'.';
        let mut wide = Vec::new();
        for (i, &c) in chars.iter().enumerate() {
            Symbols::usable(c)?;
            if chars[..i].contains(&c) {
                return Err(format!(
                    "the symbols must be distinct: '{c}' appears twice; each value needs its own"
                ));
            }
            let read = match u8::try_from(c) {
                Ok(b) if b.is_ascii() => b,
                _ => {
                    wide.push(c);
                    WIDE + (wide.len() - 1) as u8
                }
            };
            let standard = SYMBOLS[i];
            to_standard[usize::from(read)] = standard;
            from_standard[usize::from(standard)] = c;
        }
        Ok(Symbols {
            to_standard,
            from_standard,
            wide,
        })
    }

    /// The marker byte that stands for `c` as read, if it is one of the
    /// alphabet's symbols beyond ASCII.
    pub(crate) fn marker(&self, c: char) -> Option<u8> {
        let i = self.wide.iter().position(|&w| w == c)?;
        Some(WIDE + i as u8)
    }

    /// Rewrites bytes read (the symbols beyond ASCII as their markers)
    /// into standard symbols.
    pub fn read(&self, bytes: &mut [u8]) {
        for b in bytes {
            *b = self.to_standard[usize::from(*b)];
        }
    }

    /// A standard symbol in this alphabet (anything else as it is).
    pub fn written(&self, symbol: char) -> char {
        u8::try_from(symbol).map_or(symbol, |b| self.char_of(b))
    }

    /// Rewrites the standard symbols of `buf[from..]` into this alphabet.
    pub fn write(&self, buf: &mut Vec<u8>, from: usize) {
        if self.wide.is_empty() {
            for b in &mut buf[from..] {
                // Every character of the alphabet is ASCII here.
                *b = self.from_standard[usize::from(*b)] as u8;
            }
            return;
        }
        let tail = buf.split_off(from);
        let mut utf8 = [0u8; 4];
        for b in tail {
            if b.is_ascii() {
                let c = self.from_standard[usize::from(b)];
                buf.extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
            } else {
                buf.push(b);
            }
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
        assert_eq!(expand("①-⑨").unwrap(), "①-⑨");
        assert!(expand("A-①").is_ok());
        assert_eq!(expand("a·c").unwrap(), "a·c");
        let hex = Symbols::new(&expand("0-F").unwrap(), Size::S16).unwrap();
        assert!(hex.uses_zero());
        assert_eq!(hex.char_of(b'1'), '0');
        assert_eq!(hex.char_of(b'G'), 'F');
        // Symbols beyond ASCII are read as markers, then as standard
        // symbols, and written back as they are.
        let circled = Symbols::new("①②③④⑤⑥⑦⑧⑨", Size::S9).unwrap();
        let mut read = vec![b'.', circled.marker('③').unwrap(), b'1'];
        circled.read(&mut read);
        assert_eq!(read, b".3\x7f");
        let mut out = b"x.3".to_vec();
        circled.write(&mut out, 1);
        assert_eq!(String::from_utf8(out).unwrap(), "x.③");
        assert!(Symbols::new("ABCD FGHI", Size::S9).is_err());
        let e = Symbols::new("ABCDEFGHA", Size::S9).unwrap_err();
        assert_eq!(
            e,
            "the symbols must be distinct: 'A' appears twice; each value needs its own"
        );
    }
}
