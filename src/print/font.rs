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

/// Six capital letters naming a subset of the font, drawn from `words`
/// that say which glyphs it holds (an FNV-1a hash of their bytes): the
/// tag of a subset font's name, as PDF asks, and of the family an SVG
/// page declares, so that pages with other subsets can share a web page.
pub(crate) fn tag(words: impl IntoIterator<Item = u16>) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in words.into_iter().flat_map(u16::to_be_bytes) {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    (0..6)
        .map(|i| char::from(b'A' + ((hash >> (i * 10)) % 26) as u8))
        .collect()
}

/// The built-in font cut down to the glyphs of `chars`, as a TrueType file
/// a browser loads from SVG's `@font-face`: the subset the PDF embeds
/// (glyph outlines and metrics, renumbered), with the `cmap` table that
/// maps each character to its glyph and the font's `OS/2` table, which
/// the subsetter leaves out (a PDF names glyphs by number and needs
/// neither) and web font loaders require. Characters the font lacks are
/// left out.
pub(crate) fn web_subset(chars: impl IntoIterator<Item = char>) -> Result<Vec<u8>, String> {
    let face = Face::get();
    let mut remapper = subsetter::GlyphRemapper::new();
    let mut map: Vec<(u16, u16)> = chars
        .into_iter()
        .filter_map(|c| {
            let code = u16::try_from(u32::from(c)).ok()?;
            let (gid, _) = face.glyph(c)?;
            Some((code, gid))
        })
        .collect();
    map.sort_unstable();
    map.dedup_by_key(|m| m.0);
    for m in &mut map {
        m.1 = remapper.remap(m.1);
    }
    let subset = subsetter::subset(DATA, 0, &remapper).map_err(|e| e.to_string())?;
    let read = |data: &'static [u8], tag: &[u8; 4]| -> Result<&'static [u8], String> {
        ttf_parser::RawFace::parse(data, 0)
            .ok()
            .and_then(|f| f.table(ttf_parser::Tag::from_bytes(tag)))
            .ok_or_else(|| format!("the font has no '{}' table", String::from_utf8_lossy(tag)))
    };
    let os2 = read(DATA, b"OS/2")?;
    let raw = ttf_parser::RawFace::parse(&subset, 0).map_err(|e| e.to_string())?;
    let mut tables: Vec<([u8; 4], Vec<u8>)> = raw
        .table_records
        .into_iter()
        .filter_map(|r| {
            let start = r.offset as usize;
            let data = subset.get(start..start + r.length as usize)?;
            Some((r.tag.to_bytes(), data.to_vec()))
        })
        .collect();
    tables.push((*b"cmap", cmap(&map)));
    tables.push((*b"OS/2", os2.to_vec()));
    Ok(sfnt(tables))
}

/// A `cmap` table mapping each character code of `map` (sorted, within
/// the Basic Multilingual Plane) to its glyph: one format 4 subtable, one
/// segment per character, named for Unicode on both the Unicode and the
/// Windows platform.
fn cmap(map: &[(u16, u16)]) -> Vec<u8> {
    // The segments, and the one format 4 ends with (0xFFFF to glyph 0).
    let mut segments: Vec<(u16, u16)> = map
        .iter()
        .filter(|&&(code, _)| code != 0xFFFF)
        .copied()
        .collect();
    segments.push((0xFFFF, 0));
    let count = segments.len() as u16;
    let range = 2 * 2u16.pow(u32::from(count).ilog2());
    let mut sub = Vec::new();
    let length = 16 + 8 * segments.len();
    for v in [
        4,
        length as u16,
        0,
        2 * count,
        range,
        (range / 2).ilog2() as u16,
        2 * count - range,
    ] {
        sub.extend(v.to_be_bytes());
    }
    sub.extend(segments.iter().flat_map(|s| s.0.to_be_bytes()));
    sub.extend(0u16.to_be_bytes());
    sub.extend(segments.iter().flat_map(|s| s.0.to_be_bytes()));
    // The glyph is the code plus the delta, modulo 65536.
    sub.extend(
        segments
            .iter()
            .flat_map(|&(code, gid)| gid.wrapping_sub(code).to_be_bytes()),
    );
    sub.extend(segments.iter().flat_map(|_| 0u16.to_be_bytes()));
    // Version 0, two encoding records (Unicode BMP, Windows Unicode BMP)
    // pointing to the same subtable, 20 bytes from the table's start.
    let mut table = Vec::with_capacity(20 + sub.len());
    for v in [0u16, 2, 0, 3] {
        table.extend(v.to_be_bytes());
    }
    table.extend(20u32.to_be_bytes());
    for v in [3u16, 1] {
        table.extend(v.to_be_bytes());
    }
    table.extend(20u32.to_be_bytes());
    table.extend(sub);
    table
}

/// A TrueType file of `tables`: the table directory (sorted by tag, each
/// with its checksum), the tables on 4-byte boundaries, and the `head`
/// table's checksum adjustment.
fn sfnt(mut tables: Vec<([u8; 4], Vec<u8>)>) -> Vec<u8> {
    fn checksum(data: &[u8]) -> u32 {
        data.chunks(4).fold(0u32, |sum, chunk| {
            let mut word = [0; 4];
            word[..chunk.len()].copy_from_slice(chunk);
            sum.wrapping_add(u32::from_be_bytes(word))
        })
    }
    tables.sort_by_key(|t| t.0);
    let count = tables.len() as u16;
    let range = 16 * 2u16.pow(u32::from(count).ilog2());
    let mut out = Vec::new();
    out.extend(0x0001_0000u32.to_be_bytes());
    for v in [
        count,
        range,
        (range / 16).ilog2() as u16,
        16 * count - range,
    ] {
        out.extend(v.to_be_bytes());
    }
    let mut offset = 12 + 16 * tables.len();
    let mut adjustment = None;
    for (tag, data) in &mut tables {
        if tag == b"head" && data.len() >= 12 {
            data[8..12].fill(0);
            adjustment = Some(offset + 8);
        }
        out.extend(*tag);
        out.extend(checksum(data).to_be_bytes());
        out.extend((offset as u32).to_be_bytes());
        out.extend((data.len() as u32).to_be_bytes());
        offset += data.len().next_multiple_of(4);
    }
    for (_, data) in &tables {
        out.extend(data);
        out.resize(out.len().next_multiple_of(4), 0);
    }
    if let Some(at) = adjustment {
        let value = 0xB1B0_AFBAu32.wrapping_sub(checksum(&out));
        out[at..at + 4].copy_from_slice(&value.to_be_bytes());
    }
    out
}

/// `font`, a TrueType file, as WOFF 1.0 (the W3C's web font file): the
/// same tables, each compressed with zlib where that makes it smaller,
/// behind a header and a directory that keeps each table's checksum.
pub(crate) fn woff(font: &[u8]) -> Result<Vec<u8>, String> {
    let raw = ttf_parser::RawFace::parse(font, 0).map_err(|e| e.to_string())?;
    let records: Vec<_> = raw.table_records.into_iter().collect();
    let mut tables = Vec::with_capacity(records.len());
    for r in &records {
        let start = r.offset as usize;
        let data = font
            .get(start..start + r.length as usize)
            .ok_or("a table past the end of the font")?;
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(data, 9);
        tables.push(if packed.len() < data.len() {
            packed
        } else {
            data.to_vec()
        });
    }
    let count = records.len();
    let sfnt_size = 12
        + 16 * count
        + records
            .iter()
            .map(|r| (r.length as usize).next_multiple_of(4))
            .sum::<usize>();
    let mut offset = 44 + 20 * count;
    let mut directory = Vec::with_capacity(20 * count);
    for (r, data) in records.iter().zip(&tables) {
        directory.extend(r.tag.to_bytes());
        for v in [offset, data.len(), r.length as usize] {
            directory.extend((v as u32).to_be_bytes());
        }
        directory.extend(r.check_sum.to_be_bytes());
        offset += data.len().next_multiple_of(4);
    }
    let mut out = Vec::with_capacity(offset);
    out.extend(b"wOFF");
    out.extend(font[..4].iter());
    out.extend((offset as u32).to_be_bytes());
    out.extend((count as u16).to_be_bytes());
    out.extend(0u16.to_be_bytes());
    out.extend((sfnt_size as u32).to_be_bytes());
    // Version 1.0; no metadata and no private data.
    out.extend(1u16.to_be_bytes());
    out.extend(0u16.to_be_bytes());
    out.extend([0; 20]);
    out.extend(directory);
    for data in &tables {
        out.extend(data);
        out.resize(out.len().next_multiple_of(4), 0);
    }
    Ok(out)
}

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

    /// The web subset reads back: every character maps to a glyph with
    /// the advance it has in the whole font, and the tables a browser
    /// requires are there.
    #[test]
    fn the_web_subset_maps_its_characters() {
        let text = "#12 hard · SE 3.4 Solutions ABCDEFGé";
        let data = web_subset(text.chars()).unwrap();
        let sub = ttf_parser::Face::parse(&data, 0).unwrap();
        let whole = Face::get();
        for c in text.chars() {
            let gid = sub.glyph_index(c).unwrap_or_else(|| panic!("{c}"));
            let advance =
                f32::from(sub.glyph_hor_advance(gid).unwrap()) / f32::from(sub.units_per_em());
            assert_eq!(advance, whole.glyph(c).unwrap().1, "{c}");
        }
        assert!(sub.glyph_index('Z').is_none());
        let raw = ttf_parser::RawFace::parse(&data, 0).unwrap();
        for tag in [
            b"cmap", b"head", b"hhea", b"hmtx", b"maxp", b"name", b"OS/2", b"post", b"glyf",
            b"loca",
        ] {
            assert!(
                raw.table(ttf_parser::Tag::from_bytes(tag)).is_some(),
                "{tag:?}"
            );
        }
        // As WOFF: the same tables, each inflating to what it was.
        let woff = woff(&data).unwrap();
        assert!(woff.len() < 7_000, "{} bytes", woff.len());
        let word = |at: usize| u32::from_be_bytes(woff[at..at + 4].try_into().unwrap()) as usize;
        assert_eq!((&woff[..4], word(8)), (&b"wOFF"[..], woff.len()));
        let count = usize::from(u16::from_be_bytes([woff[12], woff[13]]));
        let tables: Vec<_> = raw.table_records.into_iter().collect();
        assert_eq!(count, tables.len());
        for (i, r) in tables.iter().enumerate() {
            let at = 44 + 20 * i;
            let (offset, packed, length) = (word(at + 4), word(at + 8), word(at + 12));
            let stored = &woff[offset..offset + packed];
            let table = if packed < length {
                miniz_oxide::inflate::decompress_to_vec_zlib(stored).unwrap()
            } else {
                stored.to_vec()
            };
            let start = r.offset as usize;
            assert_eq!(table, &data[start..start + r.length as usize]);
            assert_eq!(word(at + 16) as u32, r.check_sum);
        }
    }

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
