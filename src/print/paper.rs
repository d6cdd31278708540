//! Paper sizes: the named ones books are printed on (A4, Letter, Legal,
//! A5) and custom sizes written `WxHmm` or `WxHin`, kept in PostScript
//! points (1/72 inch), the unit of PDF pages.
//!
//! Parsing is here rather than in the command line so that every caller
//! (the CLI, a web front end, a test) reads the same names and gets the same
//! messages, which speak of the value given, not of any flag.

use std::fmt;

/// Points per millimetre.
pub(crate) const MM: f32 = 72.0 / 25.4;

/// The smallest side a page may have, in millimetres (a little under A7).
const MIN_SIDE_MM: f32 = 70.0;
/// The largest side a page may have, in millimetres (A0's long side, 1189
/// mm, with room to spare).
const MAX_SIDE_MM: f32 = 1500.0;

/// A page size, in points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paper {
    /// Width in points.
    width: f32,
    /// Height in points.
    height: f32,
}

impl Paper {
    /// ISO A4, 210 x 297 mm.
    pub const A4: Paper = Paper {
        width: 210.0 * MM,
        height: 297.0 * MM,
    };
    /// US Letter, 8.5 x 11 in.
    pub const LETTER: Paper = Paper {
        width: 612.0,
        height: 792.0,
    };
    /// US Legal, 8.5 x 14 in.
    pub const LEGAL: Paper = Paper {
        width: 612.0,
        height: 1008.0,
    };
    /// ISO A5, 148 x 210 mm.
    pub const A5: Paper = Paper {
        width: 148.0 * MM,
        height: 210.0 * MM,
    };

    /// The names [`parse`](Paper::parse) knows, besides custom sizes.
    pub const NAMES: &'static [&'static str] = &["a4", "letter", "legal", "a5"];

    /// A paper of `width` x `height` points, if each side lies between 70
    /// and 1500 mm (about 198 and 4252 points).
    pub fn from_points(width: f32, height: f32) -> Result<Paper, String> {
        let check = |what: &str, v: f32| {
            let mm = v / MM;
            if !mm.is_finite() || !(MIN_SIDE_MM..=MAX_SIDE_MM).contains(&mm) {
                Err(format!(
                    "a page {what} of {} mm is outside the {MIN_SIDE_MM} to {MAX_SIDE_MM} mm that can be printed on",
                    round2(mm)
                ))
            } else {
                Ok(())
            }
        };
        check("width", width)?;
        check("height", height)?;
        Ok(Paper { width, height })
    }

    /// Reads a paper size: a name (`a4`, `letter`, `legal`, `a5`, in any
    /// case) or a custom size `WxHmm` or `WxHin` (such as `6x9in` or
    /// `170x240mm`; decimals allowed, `x` or `X` or `×` between the sides).
    ///
    /// ```
    /// use sudogen::print::Paper;
    ///
    /// assert_eq!(Paper::parse("Letter").unwrap(), Paper::LETTER);
    /// assert_eq!(Paper::parse("8.5x11in").unwrap(), Paper::LETTER);
    /// assert_eq!(Paper::parse("6x9in").unwrap().size(), (432.0, 648.0));
    /// assert!(Paper::parse("b17").unwrap_err().contains("a4, letter, legal, a5"));
    /// ```
    pub fn parse(text: &str) -> Result<Paper, String> {
        let t = text.trim().to_ascii_lowercase();
        match t.as_str() {
            "a4" => return Ok(Paper::A4),
            "letter" => return Ok(Paper::LETTER),
            "legal" => return Ok(Paper::LEGAL),
            "a5" => return Ok(Paper::A5),
            _ => {}
        }
        let unknown = || {
            format!(
                "unknown paper size '{text}': use a4, letter, legal, a5, or a custom size such as 170x240mm or 6x9in"
            )
        };
        let (dims, unit) = if let Some(d) = t.strip_suffix("mm") {
            (d, MM)
        } else if let Some(d) = t.strip_suffix("in") {
            (d, 72.0)
        } else {
            return Err(unknown());
        };
        let (w, h) = dims
            .split_once(['x', '×'])
            .ok_or_else(unknown)
            .map(|(w, h)| (w.trim(), h.trim()))?;
        let number = |s: &str| -> Result<f32, String> {
            match s.parse::<f32>() {
                Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
                _ => Err(format!(
                    "paper size '{text}': '{s}' is not a positive number"
                )),
            }
        };
        let (w, h) = (number(w)?, number(h)?);
        Paper::from_points(w * unit, h * unit).map_err(|e| format!("paper size '{text}': {e}"))
    }

    /// Width and height in points.
    pub fn size(self) -> (f32, f32) {
        (self.width, self.height)
    }

    /// Width in points.
    pub fn width(self) -> f32 {
        self.width
    }

    /// Height in points.
    pub fn height(self) -> f32 {
        self.height
    }
}

impl Default for Paper {
    /// A4, the paper of most of the world.
    fn default() -> Paper {
        Paper::A4
    }
}

impl fmt::Display for Paper {
    /// The name of a named paper, else `WxHmm`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let named = [
            (Paper::A4, "a4"),
            (Paper::LETTER, "letter"),
            (Paper::LEGAL, "legal"),
            (Paper::A5, "a5"),
        ];
        match named.iter().find(|(p, _)| p == self) {
            Some((_, name)) => f.write_str(name),
            None => write!(
                f,
                "{}x{}mm",
                round2(self.width / MM),
                round2(self.height / MM)
            ),
        }
    }
}

/// `v` rounded to two decimals, for messages.
fn round2(v: f32) -> f32 {
    (v * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_custom_sizes() {
        assert_eq!(Paper::parse("a4").unwrap(), Paper::A4);
        assert_eq!(Paper::parse(" A5 ").unwrap(), Paper::A5);
        assert_eq!(Paper::parse("legal").unwrap().size(), (612.0, 1008.0));
        assert_eq!(Paper::parse("210x297mm").unwrap(), Paper::A4);
        assert_eq!(Paper::parse("8.5 x 11 in").unwrap(), Paper::LETTER);
        assert_eq!(Paper::parse("8.5X14IN").unwrap(), Paper::LEGAL);
        assert_eq!(Paper::parse("6×9in").unwrap().size(), (432.0, 648.0));
        let p = Paper::parse("170x240mm").unwrap();
        assert!((p.width() - 481.89).abs() < 0.01, "{p:?}");
        assert_eq!(p.to_string(), "170x240mm");
        assert_eq!(Paper::LETTER.to_string(), "letter");
    }

    #[test]
    fn bad_sizes_name_the_value() {
        for (text, says) in [
            ("b17", "unknown paper size 'b17'"),
            ("", "unknown paper size ''"),
            ("210mm", "unknown paper size '210mm'"),
            ("0x297mm", "'0' is not a positive number"),
            ("-3x9in", "'-3' is not a positive number"),
            ("axbin", "'a' is not a positive number"),
            ("NaNx9in", "'nan' is not a positive number"),
            ("10x297mm", "width of 10 mm"),
            ("210x9000mm", "height of 9000 mm"),
            ("1e30x2in", "width of"),
        ] {
            let e = Paper::parse(text).unwrap_err();
            assert!(e.contains(says), "{text}: {e}");
            assert!(!e.contains("--"), "{e}");
        }
    }
}
