//! The PDF back end: writes laid-out pages with the `pdf-writer` crate,
//! the font subset by the `subsetter` crate.
//!
//! The document has one font, the built-in one, embedded once as a
//! TrueType CID font (`FontFile2`) subset to the glyphs the book uses
//! (its name carries the subset tag, `ABCDEF+`, derived from the glyph
//! set so that the same book gives the same bytes), with a `ToUnicode` map
//! so that text can be searched, copied and extracted. Every page shares
//! one resource dictionary naming that font. Content streams are
//! compressed with `miniz_oxide`.
//!
//! The layout's coordinates run down from the top-left corner; PDF's run
//! up from the bottom-left, so `y` is flipped here, on the way out.

use std::collections::BTreeMap;

use miniz_oxide::deflate::compress_to_vec_zlib;
use pdf_writer::types::{
    CidFontType, FontFlags, LineCapStyle, LineJoinStyle, SystemInfo, UnicodeCmap,
};
use pdf_writer::writers::Resources;
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use subsetter::GlyphRemapper;

use super::font::{self, DATA, Face, POSTSCRIPT_NAME};
use super::layout::{Item, Page, Place, Run};
use super::{Error, Options};

/// The font's name in the resource dictionary.
const FONT: Name<'static> = Name(b"F1");

/// zlib compression level: 6 is zlib's default, the usual balance of size
/// and time.
const LEVEL: u8 = 6;

/// Writes `pages` as one PDF document.
pub(crate) fn write(pages: &[Page], options: &Options) -> Result<Vec<u8>, Error> {
    let face = Face::get();

    // The glyphs the book uses, in their order of first use, and the
    // character each stands for.
    let mut remapper = GlyphRemapper::new();
    let mut chars = BTreeMap::new();
    for page in pages {
        page.each_run(&mut |run| {
            for c in run.text.chars() {
                if let Some((gid, _)) = face.glyph(c) {
                    let cid = remapper.remap(gid);
                    chars.entry(cid).or_insert((gid, c));
                }
            }
        });
    }
    let subset = subsetter::subset(DATA, 0, &remapper)
        .map_err(|e| Error::Pdf(format!("subsetting the font: {e}")))?;

    let mut ids = (1..).map(Ref::new);
    let mut next = || ids.next().unwrap_or(Ref::new(1));
    let (catalog, tree, resources, info) = (next(), next(), next(), next());
    let (type0, cid_font, descriptor, file, cmap) = (next(), next(), next(), next(), next());
    let page_ids: Vec<(Ref, Ref)> = pages.iter().map(|_| (next(), next())).collect();

    let mut pdf = Pdf::new();
    pdf.set_version(1, 7);
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(page_ids.iter().map(|p| p.0))
        .count(i32::try_from(pages.len()).unwrap_or(i32::MAX));
    {
        let mut doc = pdf.document_info(info);
        let version = concat!("sudogen ", env!("CARGO_PKG_VERSION"));
        doc.creator(TextStr(version)).producer(TextStr(version));
        if let Some(title) = options.title.as_deref().filter(|t| !t.is_empty()) {
            doc.title(TextStr(title));
        }
    }
    pdf.indirect(resources)
        .start::<Resources>()
        .fonts()
        .pair(FONT, type0);

    // The font: a Type 0 font over one CID font whose CIDs are the glyph
    // ids of the subset.
    let base_font = format!("{}+{POSTSCRIPT_NAME}", subset_tag(&chars));
    let base_font = Name(base_font.as_bytes());
    pdf.type0_font(type0)
        .base_font(base_font)
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid_font)
        .to_unicode(cmap);
    let system_info = SystemInfo {
        registry: Str(b"Adobe"),
        ordering: Str(b"Identity"),
        supplement: 0,
    };
    {
        let mut cid = pdf.cid_font(cid_font);
        cid.subtype(CidFontType::Type2)
            .base_font(base_font)
            .system_info(system_info)
            .font_descriptor(descriptor)
            .cid_to_gid_map_predefined(Name(b"Identity"));
        let widths: Vec<f32> = (0..remapper.num_gids())
            .map(|cid| {
                chars
                    .get(&cid)
                    .map_or(0.0, |&(gid, _)| face.advance_1000(gid))
            })
            .collect();
        cid.widths().consecutive(0, widths);
    }
    let metrics = face.descriptor();
    let [left, bottom, right, top] = metrics.bbox;
    pdf.font_descriptor(descriptor)
        .name(base_font)
        .flags(FontFlags::SYMBOLIC)
        .bbox(Rect::new(left, bottom, right, top))
        .italic_angle(metrics.italic_angle)
        .ascent(metrics.ascent)
        .descent(metrics.descent)
        .cap_height(metrics.cap_height)
        // The usual estimate of the vertical stem width from the weight.
        .stem_v(10.0 + 0.244 * (f32::from(metrics.weight) - 50.0))
        .font_file2(file);
    let packed = compress_to_vec_zlib(&subset, LEVEL);
    pdf.stream(file, &packed).filter(Filter::FlateDecode).pair(
        Name(b"Length1"),
        i32::try_from(subset.len()).unwrap_or(i32::MAX),
    );
    let mut to_unicode = UnicodeCmap::new(Name(b"Custom"), system_info);
    for (&cid, &(_, c)) in &chars {
        to_unicode.pair(cid, c);
    }
    let packed = compress_to_vec_zlib(&to_unicode.finish(), LEVEL);
    pdf.stream(cmap, &packed).filter(Filter::FlateDecode);

    for (page, &(id, content_id)) in pages.iter().zip(&page_ids) {
        let mut p = pdf.page(id);
        p.media_box(Rect::new(0.0, 0.0, page.width, page.height))
            .parent(tree)
            .contents(content_id)
            .pair(Name(b"Resources"), resources);
        p.finish();
        let content = content(page, face, &remapper);
        let packed = compress_to_vec_zlib(&content, LEVEL);
        pdf.stream(content_id, &packed).filter(Filter::FlateDecode);
    }
    Ok(pdf.finish())
}

/// The subset tag of the glyphs `chars` maps (CID to glyph id and
/// character).
fn subset_tag(chars: &BTreeMap<u16, (u16, char)>) -> String {
    font::tag(chars.iter().flat_map(|(&cid, &(gid, _))| [cid, gid]))
}

/// `v` rounded to a hundredth of a point (3.5 µm): finer than any printer,
/// and shorter to write.
fn r(v: f32) -> f32 {
    (v * 100.0).round() / 100.0
}

/// A grey level, 0 black to 255 white, as PDF's 0 to 1.
fn grey(luma: u8) -> f32 {
    f32::from(luma) / 255.0
}

/// The graphics and text state set so far in a content stream, so that
/// each is set only when it changes.
#[derive(Clone, Copy, Default)]
struct State {
    fill: Option<u8>,
    stroke: Option<u8>,
    line_width: Option<u32>,
    font_size: Option<u32>,
}

/// Writes the content stream of a page.
struct Painter<'a> {
    c: Content,
    state: State,
    face: &'a Face,
    remapper: &'a GlyphRemapper,
    /// Scratch space for encoded glyphs.
    buf: Vec<u8>,
}

/// The content stream of one page.
fn content(page: &Page, face: &Face, remapper: &GlyphRemapper) -> Vec<u8> {
    let mut p = Painter {
        c: Content::new(),
        state: State::default(),
        face,
        remapper,
        buf: Vec::new(),
    };
    p.c.set_line_cap(LineCapStyle::ProjectingSquareCap);
    p.c.set_line_join(LineJoinStyle::MiterJoin);
    p.items(&page.items, page.height);
    p.c.finish().into_vec()
}

impl Painter<'_> {
    fn fill(&mut self, luma: u8) {
        if self.state.fill != Some(luma) {
            self.c.set_fill_gray(grey(luma));
            self.state.fill = Some(luma);
        }
    }

    /// Strokes `segments` `width` wide in grey `luma`, solid with square
    /// caps or in dashes `dash` long with butt caps; `h` as for
    /// [`Painter::items`].
    fn stroke(&mut self, segments: &[[f32; 4]], width: f32, luma: u8, dash: Option<f32>, h: f32) {
        if self.state.stroke != Some(luma) {
            self.c.set_stroke_gray(grey(luma));
            self.state.stroke = Some(luma);
        }
        if self.state.line_width != Some(width.to_bits()) {
            self.c.set_line_width(r(width));
            self.state.line_width = Some(width.to_bits());
        }
        if let Some(dash) = dash {
            self.c.save_state();
            self.c
                .set_line_cap(pdf_writer::types::LineCapStyle::ButtCap);
            self.c.set_dash_pattern([r(dash), r(dash)], 0.0);
        }
        for &[x1, y1, x2, y2] in segments {
            self.c.move_to(r(x1), r(h - y1));
            self.c.line_to(r(x2), r(h - y2));
        }
        self.c.stroke();
        if dash.is_some() {
            self.c.restore_state();
        }
    }

    /// Draws `items`; `h` is the height the layout's downward `y` is
    /// flipped against (the page's height, or 0 inside a group, whose
    /// origin is moved to its top-left corner).
    fn items(&mut self, items: &[Item], h: f32) {
        for item in items {
            match item {
                Item::Group { x, y, items } => {
                    let saved = self.state;
                    self.c.save_state();
                    self.c.transform([1.0, 0.0, 0.0, 1.0, r(*x), r(h - y)]);
                    self.items(items, 0.0);
                    self.c.restore_state();
                    self.state = saved;
                }
                Item::Rects { rects, luma } => {
                    self.fill(*luma);
                    for &[x, y, w, rh] in rects {
                        self.c.rect(r(x), r(h - y - rh), r(w), r(rh));
                    }
                    self.c.fill_nonzero();
                }
                Item::Lines {
                    segments,
                    width,
                    luma,
                } => self.stroke(segments, *width, *luma, None, h),
                Item::Dashes {
                    segments,
                    width,
                    dash,
                    luma,
                } => self.stroke(segments, *width, *luma, Some(*dash), h),
                Item::Text(run) => {
                    self.fill(run.luma);
                    self.c.begin_text();
                    if self.state.font_size != Some(run.size.to_bits()) {
                        self.c.set_font(FONT, r(run.size));
                        self.state.font_size = Some(run.size.to_bits());
                    }
                    text(&mut self.c, run, h, self.face, self.remapper, &mut self.buf);
                    self.c.end_text();
                }
            }
        }
    }
}

/// One run of text: its glyphs as two-byte CIDs, placed by the text matrix
/// and, for the digits of a grid row, by `TJ` adjustments that move each
/// glyph to the centre of its cell.
fn text(
    c: &mut Content,
    run: &Run,
    h: f32,
    face: &Face,
    remapper: &GlyphRemapper,
    buf: &mut Vec<u8>,
) {
    // The size as written in the content stream.
    let size = r(run.size);
    // Each glyph: its CID and advance in points. The text was checked
    // against the font before layout, and every glyph was remapped.
    let glyphs: Vec<(u16, f32)> = run
        .text
        .chars()
        .filter_map(|ch| face.glyph(ch))
        .filter_map(|(gid, advance)| Some((remapper.get(gid)?, advance * size)))
        .collect();
    let width: f32 = glyphs.iter().map(|g| g.1).sum();
    let x = match &run.place {
        Place::Start(x) => *x,
        Place::Middle(x) => x - width / 2.0,
        Place::End(x) => x - width,
        Place::Cells(centres) => {
            centres.first().copied().unwrap_or(0.0) - glyphs.first().map_or(0.0, |g| g.1 / 2.0)
        }
    };
    c.set_text_matrix([1.0, 0.0, 0.0, 1.0, r(x), r(h - run.y)]);
    buf.clear();
    match &run.place {
        Place::Cells(centres) => {
            let mut shown = c.show_positioned();
            let mut items = shown.items();
            // Where the pen is after each glyph, against where the next
            // glyph's left edge must go.
            let mut pen = x;
            for (i, &(cid, advance)) in glyphs.iter().enumerate() {
                let left = centres.get(i).copied().unwrap_or(pen) - advance / 2.0;
                // TJ moves left by a positive amount, in thousandths of the
                // font size; whole ones are precise enough (0.015 pt at
                // 15 pt) and shorter.
                let adjust = (-(left - pen) * 1000.0 / size).round();
                if i > 0 && adjust != 0.0 {
                    items.show(Str(buf));
                    buf.clear();
                    items.adjust(adjust);
                    pen -= adjust * size / 1000.0;
                }
                buf.extend_from_slice(&cid.to_be_bytes());
                pen += advance;
            }
            items.show(Str(buf));
        }
        _ => {
            for &(cid, _) in &glyphs {
                buf.extend_from_slice(&cid.to_be_bytes());
            }
            c.show(Str(buf));
        }
    }
}
