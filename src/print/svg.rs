//! The SVG back end: writes a laid-out page as one standalone SVG document,
//! by hand (the format is a handful of elements: `rect`, `path` and `text`),
//! escaping every piece of text that comes from the caller.
//!
//! Lengths are in points (the `viewBox`), and the document's `width` and
//! `height` give the paper size in millimetres, so it prints at the size
//! it was laid out for. A grid row is one `text` element holding one
//! `tspan` per symbol, each with its own `x` and `text-anchor="middle"`:
//! each symbol is centred on its cell whatever font the viewer falls back
//! to, and the row reads as its symbols in order.

use std::fmt::Write;

use super::Error;
use super::font::{self, FAMILY};
use super::layout::{Item, Page, Place};
use super::paper::MM;

/// Writes `page` as an SVG document, the font subset to the page's
/// characters embedded in it.
pub(crate) fn write(page: &Page) -> Result<String, Error> {
    let mut out = String::with_capacity(24 * 1024);
    // `write!` to a String cannot fail.
    let _ = write!(
        out,
        concat!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" ",
            "width=\"{}mm\" height=\"{}mm\" viewBox=\"0 0 {} {}\">\n",
        ),
        num(page.width / MM),
        num(page.height / MM),
        num(page.width),
        num(page.height),
    );
    style(&mut out, page)?;
    out.push_str("<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n");
    items(&mut out, &page.items);
    out.push_str("</svg>\n");
    Ok(out)
}

/// The page's style sheet: the font, subset to the characters of the page,
/// as a WOFF file in a `data:` URL under a family named for its subset
/// (so that pages of other subsets can share an HTML page), then the
/// installed font and common sans-serif faces as fallbacks.
fn style(out: &mut String, page: &Page) -> Result<(), Error> {
    let mut chars = std::collections::BTreeSet::new();
    page.each_run(&mut |run| chars.extend(run.text.chars()));
    out.push_str("<style>");
    let mut families = format!("'{FAMILY}',Verdana,Arial,sans-serif");
    if !chars.is_empty() {
        let ttf = font::web_subset(chars.iter().copied()).map_err(Error::Font)?;
        let woff = font::woff(&ttf).map_err(Error::Font)?;
        let family = format!("{FAMILY} {}", font::tag(chars.iter().map(|&c| c as u16)));
        let _ = writeln!(
            out,
            "@font-face{{font-family:'{family}';font-weight:bold;src:url(data:font/woff;base64,{}) format('woff')}}",
            base64(&woff)
        );
        families = format!("'{family}',{families}");
    }
    let _ = writeln!(
        out,
        "text{{font-family:{families};font-weight:bold}}</style>"
    );
    Ok(())
}

/// `bytes` in Base64 (RFC 4648, with padding), as `data:` URLs hold them.
pub(crate) fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let word = chunk
            .iter()
            .enumerate()
            .fold(0u32, |w, (i, &b)| w | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            out.push(if i <= chunk.len() {
                char::from(ALPHABET[(word >> (18 - 6 * i) & 63) as usize])
            } else {
                '='
            });
        }
    }
    out
}

/// Writes drawing items.
fn items(out: &mut String, list: &[Item]) {
    for item in list {
        match item {
            Item::Group { x, y, items: inner } => {
                let _ = writeln!(out, "<g transform=\"translate({} {})\">", num(*x), num(*y));
                items(out, inner);
                out.push_str("</g>\n");
            }
            Item::Rects { rects, luma } => {
                out.push_str("<path d=\"");
                for &[x, y, w, h] in rects {
                    let _ = write!(
                        out,
                        "M{} {}h{}v{}h-{}z",
                        num(x),
                        num(y),
                        num(w),
                        num(h),
                        num(w)
                    );
                }
                let _ = writeln!(out, "\" fill=\"{}\"/>", grey(*luma));
            }
            Item::Lines {
                segments,
                width,
                luma,
            } => path(out, segments, *width, *luma, "stroke-linecap=\"square\""),
            Item::Dashes {
                segments,
                width,
                dash,
                luma,
            } => path(
                out,
                segments,
                *width,
                *luma,
                &format!("stroke-dasharray=\"{}\"", num(*dash)),
            ),
            Item::Text(run) => {
                let (x, anchor) = match &run.place {
                    Place::Start(x) => (Some(*x), "start"),
                    Place::Middle(x) => (Some(*x), "middle"),
                    Place::End(x) => (Some(*x), "end"),
                    Place::Cells(_) => (None, "middle"),
                };
                out.push_str("<text");
                if let Some(x) = x {
                    let _ = write!(out, " x=\"{}\"", num(x));
                }
                let _ = write!(
                    out,
                    " y=\"{}\" font-size=\"{}\" text-anchor=\"{anchor}\" fill=\"{}\">",
                    num(run.y),
                    num(run.size),
                    grey(run.luma),
                );
                match &run.place {
                    // One `tspan` per cell: every renderer honours a
                    // `tspan`'s own `x` (not all honour a list of them).
                    Place::Cells(xs) => {
                        for (c, &x) in run.text.chars().zip(xs) {
                            let mut buf = [0; 4];
                            let _ = write!(
                                out,
                                "<tspan x=\"{}\">{}</tspan>",
                                num(x),
                                escape(c.encode_utf8(&mut buf))
                            );
                        }
                    }
                    _ => out.push_str(&escape(&run.text)),
                }
                out.push_str("</text>\n");
            }
        }
    }
}

/// A grey as `#rrggbb`.
fn grey(luma: u8) -> String {
    format!("#{luma:02x}{luma:02x}{luma:02x}")
}

/// A length with at most two decimals and no trailing zeros.
fn num(v: f32) -> String {
    let s = format!("{:.2}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// `text` with XML's special characters escaped (HTML's too).
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// Appends a path of `segments` stroked `width` wide in grey `luma`, with
/// the attribute `style` (its caps or its dashes).
fn path(out: &mut String, segments: &[[f32; 4]], width: f32, luma: u8, style: &str) {
    out.push_str("<path d=\"");
    for &[x1, y1, x2, y2] in segments {
        let _ = write!(out, "M{} {}L{} {}", num(x1), num(y1), num(x2), num(y2));
    }
    let _ = writeln!(
        out,
        "\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" {style}/>",
        grey(luma),
        num(width)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.5), "1.5");
        assert_eq!(num(1.234), "1.23");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(10.0), "10");
        assert_eq!(num(100.10), "100.1");
    }

    #[test]
    fn base64_is_rfc_4648() {
        for (bytes, text) in [
            (&b""[..], ""),
            (b"f", "Zg=="),
            (b"fo", "Zm8="),
            (b"foo", "Zm9v"),
            (b"foob", "Zm9vYg=="),
            (b"fooba", "Zm9vYmE="),
            (b"foobar", "Zm9vYmFy"),
            (&[0xfb, 0xff, 0xbf], "+/+/"),
        ] {
            assert_eq!(base64(bytes), text);
        }
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape("a<b & 'c'>\"d\""),
            "a&lt;b &amp; &apos;c&apos;&gt;&quot;d&quot;"
        );
    }
}
