//! The SVG back end: writes a laid-out page as one standalone SVG document,
//! by hand (the format is a handful of elements: `rect`, `path` and `text`),
//! escaping every piece of text that comes from the caller.
//!
//! Lengths are in points (the `viewBox`), and the document's `width` and
//! `height` give the paper size in millimetres, so it prints at the size
//! it was laid out for. A grid row is one `text` element with one `x` per
//! character and `text-anchor="middle"`: each character is centred on its
//! cell whatever font the viewer falls back to, and the row reads as its
//! digits in order.

use std::fmt::Write;

use super::font::FAMILY;
use super::layout::{Item, Page, Place};
use super::paper::MM;

/// Writes `page` as an SVG document.
pub(crate) fn write(page: &Page) -> String {
    let mut out = String::with_capacity(16 * 1024);
    // `write!` to a String cannot fail.
    let _ = write!(
        out,
        concat!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" ",
            "width=\"{}mm\" height=\"{}mm\" viewBox=\"0 0 {} {}\">\n",
            "<style>text{{font-family:'{}',Verdana,Arial,sans-serif;font-weight:bold}}</style>\n",
            "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n"
        ),
        num(page.width / MM),
        num(page.height / MM),
        num(page.width),
        num(page.height),
        FAMILY
    );
    for item in &page.items {
        match item {
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
            } => {
                out.push_str("<path d=\"");
                for &[x1, y1, x2, y2] in segments {
                    let _ = write!(out, "M{} {}L{} {}", num(x1), num(y1), num(x2), num(y2));
                }
                let _ = writeln!(
                    out,
                    "\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"square\"/>",
                    grey(*luma),
                    num(*width)
                );
            }
            Item::Text(run) => {
                let (x, anchor) = match &run.place {
                    Place::Start(x) => (num(*x), "start"),
                    Place::Middle(x) => (num(*x), "middle"),
                    Place::End(x) => (num(*x), "end"),
                    Place::Cells(xs) => (
                        xs.iter().map(|&x| num(x)).collect::<Vec<_>>().join(" "),
                        "middle",
                    ),
                };
                let _ = writeln!(
                    out,
                    "<text x=\"{x}\" y=\"{}\" font-size=\"{}\" text-anchor=\"{anchor}\" fill=\"{}\">{}</text>",
                    num(run.y),
                    num(run.size),
                    grey(run.luma),
                    escape(&run.text)
                );
            }
        }
    }
    out.push_str("</svg>\n");
    out
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

/// `text` with XML's special characters escaped.
fn escape(text: &str) -> String {
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
    fn text_is_escaped() {
        assert_eq!(
            escape("a<b & 'c'>\"d\""),
            "a&lt;b &amp; &apos;c&apos;&gt;&quot;d&quot;"
        );
    }
}
