//! The one typeface of every printed page, Atkinson Hyperlegible Bold
//! (SIL Open Font License 1.1, `assets/fonts/OFL.txt`), built into the
//! library, and the few metrics the layout needs: each character's glyph
//! and advance, and the height of capitals and digits (to centre a digit
//! in its cell).
//!
//! Atkinson Hyperlegible was drawn by the Braille Institute for readers
//! with low vision: its `1`, `I` and `l`, `0` and `O`, `5` and `S`, `8`
//! and `B` differ plainly, which matters in 16x16 and 25x25 grids where
//! digits and letters share a grid. One weight serves every purpose, so a
//! document embeds one font; the answer section tells filled digits from
//! givens by colour.

use std::sync::OnceLock;

/// The font file.
pub(crate) static DATA: &[u8] = include_bytes!("../../assets/fonts/AtkinsonHyperlegible-Bold.ttf");

/// The font's family, for SVG's `font-family`.
pub(crate) const FAMILY: &str = "Atkinson Hyperlegible";

/// The font's PostScript name, the `BaseFont` of the PDF font (after a
/// subset tag).
pub(crate) const POSTSCRIPT_NAME: &str = "AtkinsonHyperlegible-Bold";

/// The metrics of the built-in font.
pub(crate) struct Face {
    face: ttf_parser::Face<'static>,
    /// Units per em.
    upem: f32,
    /// Height of capitals (and of digits) in ems.
    cap_height: f32,
    /// Glyph and advance of the first 256 characters, looked up once.
    latin: Vec<Option<(u16, f32)>>,
}

impl Face {
    /// The built-in font's metrics, read once.
    pub(crate) fn get() -> &'static Face {
        static FACE: OnceLock<Face> = OnceLock::new();
        FACE.get_or_init(|| {
            // The file is part of the library and its tests read it: it
            // parses, or nothing printed works at all.
            let face = ttf_parser::Face::parse(DATA, 0).expect("the built-in font parses");
            let upem = f32::from(face.units_per_em());
            let cap_height = face.capital_height().map_or(0.7, |h| f32::from(h) / upem);
            let lookup = |c: char| {
                let gid = face.glyph_index(c)?;
                let advance = face.glyph_hor_advance(gid)?;
                Some((gid.0, f32::from(advance) / upem))
            };
            let latin = (0..=255u8).map(|b| lookup(char::from(b))).collect();
            Face {
                face,
                upem,
                cap_height,
                latin,
            }
        })
    }

    /// The glyph id of `c` and its advance in ems, if the font has it.
    pub(crate) fn glyph(&self, c: char) -> Option<(u16, f32)> {
        if let Some(&g) = self.latin.get(c as usize) {
            return g;
        }
        let gid = self.face.glyph_index(c)?;
        let advance = self.face.glyph_hor_advance(gid)?;
        Some((gid.0, f32::from(advance) / self.upem))
    }

    /// Whether the font draws `c`.
    pub(crate) fn has(&self, c: char) -> bool {
        self.glyph(c).is_some()
    }

    /// The width of `text` in ems (characters the font lacks count as
    /// nothing: text is checked with [`has`](Face::has) before layout).
    pub(crate) fn width(&self, text: &str) -> f32 {
        text.chars()
            .filter_map(|c| self.glyph(c))
            .map(|g| g.1)
            .sum()
    }

    /// The advance of glyph `gid` in thousandths of an em (the unit of PDF
    /// glyph widths).
    pub(crate) fn advance_1000(&self, gid: u16) -> f32 {
        let advance = self
            .face
            .glyph_hor_advance(ttf_parser::GlyphId(gid))
            .unwrap_or(0);
        f32::from(advance) * 1000.0 / self.upem
    }

    /// The height of capitals and digits, in ems.
    pub(crate) fn cap_height(&self) -> f32 {
        self.cap_height
    }

    /// What a PDF font descriptor states, in thousandths of an em:
    /// bounding box, ascent, descent, cap height, italic angle and weight.
    pub(crate) fn descriptor(&self) -> Descriptor {
        let k = 1000.0 / self.upem;
        let b = self.face.global_bounding_box();
        Descriptor {
            bbox: [
                f32::from(b.x_min) * k,
                f32::from(b.y_min) * k,
                f32::from(b.x_max) * k,
                f32::from(b.y_max) * k,
            ],
            ascent: f32::from(self.face.ascender()) * k,
            descent: f32::from(self.face.descender()) * k,
            cap_height: self.cap_height * 1000.0,
            italic_angle: self.face.italic_angle(),
            weight: self.face.weight().to_number(),
        }
    }
}

/// The metrics a PDF font descriptor needs, in thousandths of an em.
pub(crate) struct Descriptor {
    /// The font's bounding box: left, bottom, right, top.
    pub(crate) bbox: [f32; 4],
    /// Ascent above the baseline.
    pub(crate) ascent: f32,
    /// Descent below the baseline (negative).
    pub(crate) descent: f32,
    /// Height of capitals.
    pub(crate) cap_height: f32,
    /// Italic angle in degrees.
    pub(crate) italic_angle: f32,
    /// Weight class (400 regular, 700 bold).
    pub(crate) weight: u16,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_font_has_what_pages_use() {
        let face = Face::get();
        for c in "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ#·–— abcdefghijklmnopqrstuvwxyzéü".chars()
        {
            assert!(face.has(c), "{c}");
        }
        assert!(!face.has('\u{4e00}') && !face.has('\u{7f}'));
        assert!(
            (0.6..0.8).contains(&face.cap_height()),
            "{}",
            face.cap_height()
        );
        let (_, one) = face.glyph('1').unwrap();
        assert!((0.3..0.8).contains(&one), "{one}");
        assert!((face.width("11") - 2.0 * one).abs() < 1e-6);
        let d = face.descriptor();
        assert_eq!(d.weight, 700);
        assert!(
            d.ascent > d.cap_height && d.descent < 0.0,
            "{} {}",
            d.ascent,
            d.descent
        );
    }
}
