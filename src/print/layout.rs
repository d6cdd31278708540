//! Page layout: where every grid, line, shade and character of a book goes,
//! as a list of drawing items per page in points from the top-left corner.
//!
//! Both back ends (PDF and SVG) draw these lists as they are, so this file
//! holds every decision about the look of a page: margins (a wider inner
//! margin for binding, mirrored on left-hand pages), running heads and
//! page numbers, how grids share a page, line weights, digit sizes and
//! greys. Items are kept in reading order, which is the order of the text
//! in the output.

use super::font::Face;
use super::paper::MM;
use super::{Book, Entry, Geometry, Options};

/// A page to draw.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Page {
    /// Width in points.
    pub(crate) width: f32,
    /// Height in points.
    pub(crate) height: f32,
    /// What to draw, in order (later items over earlier ones).
    pub(crate) items: Vec<Item>,
}

impl Page {
    /// Calls `f` on every text run of the page, groups included, in order.
    pub(crate) fn each_run<'a>(&'a self, f: &mut impl FnMut(&'a Run)) {
        fn each<'a>(items: &'a [Item], f: &mut impl FnMut(&'a Run)) {
            for item in items {
                match item {
                    Item::Text(run) => f(run),
                    Item::Group { items, .. } => each(items, f),
                    _ => {}
                }
            }
        }
        each(&self.items, f);
    }
}

/// A drawing operation.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Item {
    /// Rectangles `[x, y, width, height]` filled with one grey.
    Rects {
        /// The rectangles.
        rects: Vec<[f32; 4]>,
        /// Their grey, 0 black to 255 white.
        luma: u8,
    },
    /// Line segments `[x1, y1, x2, y2]` stroked with square caps.
    Lines {
        /// The segments.
        segments: Vec<[f32; 4]>,
        /// The stroke width in points.
        width: f32,
        /// The grey, 0 black to 255 white.
        luma: u8,
    },
    /// Line segments `[x1, y1, x2, y2]` stroked in dashes `dash` long with
    /// gaps as long, butt caps (a killer cage's outline).
    Dashes {
        /// The segments.
        segments: Vec<[f32; 4]>,
        /// The stroke width in points.
        width: f32,
        /// The length of a dash and of a gap, in points.
        dash: f32,
        /// The grey, 0 black to 255 white.
        luma: u8,
    },
    /// A line of text.
    Text(Run),
    /// Items drawn with their origin at `(x, y)`.
    Group {
        /// Where the group's origin goes across.
        x: f32,
        /// Where the group's origin goes down.
        y: f32,
        /// Its items, in its own coordinates.
        items: Vec<Item>,
    },
}

/// A run of text on one baseline, in one size and grey.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Run {
    /// The characters.
    pub(crate) text: String,
    /// Where they go across.
    pub(crate) place: Place,
    /// The baseline.
    pub(crate) y: f32,
    /// The font size in points.
    pub(crate) size: f32,
    /// The grey, 0 black to 255 white.
    pub(crate) luma: u8,
}

/// How a run is placed across the page.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Place {
    /// Starting at x.
    Start(f32),
    /// Centred on x.
    Middle(f32),
    /// Ending at x.
    End(f32),
    /// Each character centred on its own x (the digits of one grid row).
    Cells(Vec<f32>),
}

/// Grey of givens, labels and lines: black.
const INK: u8 = 0;
/// Grey of the filled cells of a solution: light enough to tell from the
/// givens at a glance, dark enough to read (about 55% black).
const FILLED: u8 = 115;
/// Grey of a label's level and rating, and of running heads (darker in
/// large print, where every mark keeps a high contrast).
const QUIET: u8 = 85;
/// [`QUIET`] in large print.
const QUIET_LARGE: u8 = 40;
/// Grey of shaded cells (diagonals, windows): about 13% black, under which
/// black digits keep their contrast.
const SHADE: u8 = 222;

/// The look of one kind of grid (puzzle, solution, large print).
#[derive(Clone, Copy, Debug)]
struct Style {
    /// Digit size over cell size.
    digit: f32,
    /// Thin-line width over cell size, and its bounds in points.
    thin: (f32, f32, f32),
    /// Thick-line width over cell size, and its bounds in points.
    thick: (f32, f32, f32),
}

impl Style {
    fn new(large_print: bool, side: usize) -> Style {
        // Letters are wider than digits: 16x16 and 25x25 get a touch
        // smaller symbols.
        let shrink = if side > 9 { 0.93 } else { 1.0 };
        if large_print {
            Style {
                digit: 0.76 * shrink,
                thin: (0.045, 0.9, 1.6),
                thick: (0.11, 2.2, 4.5),
            }
        } else {
            Style {
                digit: 0.70 * shrink,
                thin: (0.025, 0.3, 0.8),
                thick: (0.08, 1.0, 2.8),
            }
        }
    }

    fn thin(&self, cell: f32) -> f32 {
        (self.thin.0 * cell).clamp(self.thin.1, self.thin.2)
    }

    fn thick(&self, cell: f32) -> f32 {
        (self.thick.0 * cell).clamp(self.thick.1, self.thick.2)
    }
}

/// The printable area of a page and its surrounding furniture.
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// Left edge of the text block.
    x: f32,
    /// Top edge of the text block.
    y: f32,
    /// Width of the text block.
    w: f32,
    /// Height of the text block.
    h: f32,
    /// Font size of running heads and page numbers.
    furniture: f32,
    /// Their grey.
    quiet: u8,
}

impl Frame {
    /// The text block of page `number` (1-based; odd pages are right-hand
    /// pages, bound on their left), its running head and page number set
    /// in `furniture` points.
    fn new(options: &Options, number: usize, furniture: f32) -> Frame {
        Frame {
            furniture,
            ..Frame::of_paper(options, number)
        }
    }

    /// [`Frame::new`] with running heads and page numbers in the size
    /// the paper alone would give them.
    fn of_paper(options: &Options, number: usize) -> Frame {
        let (pw, ph) = options.paper.size();
        let short = pw.min(ph);
        let outer = (short * 0.06).clamp(9.0 * MM, 18.0 * MM);
        let gutter = outer + (short * 0.03).clamp(3.0 * MM, 8.0 * MM);
        let (left, right) = if number % 2 == 1 {
            (gutter, outer)
        } else {
            (outer, gutter)
        };
        let furniture = if options.large_print {
            14.0
        } else {
            (short / 60.0).clamp(8.5, 10.5)
        };
        Frame {
            x: left,
            y: outer,
            w: pw - left - right,
            h: ph - 2.0 * outer,
            furniture,
            quiet: quiet(options.large_print),
        }
    }

    /// Room taken at the top by a running head and its rule.
    fn head_room(&self) -> f32 {
        self.furniture * 2.6
    }

    /// Room taken at the foot by a page number.
    fn foot_room(&self) -> f32 {
        self.furniture * 2.2
    }
}

/// Where the grids of a page go: columns and rows of slots, each a label
/// line over a square grid.
#[derive(Clone, Copy, Debug)]
struct Slots {
    cols: usize,
    rows: usize,
    /// Grid side in points.
    size: f32,
    /// Label font size.
    label: f32,
    /// Space between the label's baseline and the grid.
    label_gap: f32,
    /// Left of the first column, top of the first row's label line.
    x0: f32,
    y0: f32,
    /// Distance from one column (row) to the next.
    dx: f32,
    dy: f32,
}

impl Slots {
    /// The height of a label line.
    fn label_room(label: f32) -> f32 {
        label * 1.55
    }

    /// Lays out `cols` x `rows` slots in the box `(x, y, w, h)`, with
    /// gaps of at least `gap`; the grids take all the room there is, and
    /// what is left over is shared evenly between the gaps and the edges.
    fn new(cols: usize, rows: usize, area: [f32; 4], gap: f32, large: bool) -> Slots {
        let [x, y, w, h] = area;
        let (c, r) = (cols as f32, rows as f32);
        let by_width = (w - (c - 1.0) * gap) / c;
        let label = Slots::label_size(by_width.min((h - (r - 1.0) * gap) / r), large);
        let room = Slots::label_room(label);
        let by_height = (h - (r - 1.0) * gap) / r - room;
        let size = by_width.min(by_height).max(1.0);
        // A label no taller than a tenth of its grid (which only grids
        // under 75 points need).
        let label = label.min(size * 0.1);
        let spare_x = (w - c * size - (c - 1.0) * gap).max(0.0);
        let spare_y = (h - r * (size + room) - (r - 1.0) * gap).max(0.0);
        // Spare room widens the gaps between grids, up to twice the
        // gap, and what is still left centres the block.
        let (ex, ey) = (
            (spare_x / (c + 1.0)).min(gap),
            (spare_y / (r + 1.0)).min(gap),
        );
        let (block_w, block_h) = (
            c * size + (c - 1.0) * (gap + ex),
            r * (size + room) + (r - 1.0) * (gap + ey),
        );
        Slots {
            cols,
            rows,
            size,
            label,
            label_gap: label * 0.45,
            x0: x + (w - block_w) / 2.0,
            y0: y + (h - block_h) / 2.0,
            dx: size + gap + ex,
            dy: size + room + gap + ey,
        }
    }

    /// Label font size for a grid of about `size` points: a twentieth of
    /// the grid, within 7.5 and 14 points (13 and 18 in large print), but
    /// never more than a tenth of the grid, so that labels shrink with
    /// grids under 75 points (26 mm), which only small paper gives.
    fn label_size(size: f32, large: bool) -> f32 {
        let (low, high) = if large { (13.0, 18.0) } else { (7.5, 14.0) };
        (size * 0.05).clamp(f32::min(low, size * 0.1), high)
    }

    /// The arrangement of `count` grids in `area` that gives the biggest
    /// grids: of the full arrangements (rows x columns = `count`), unless
    /// one with a row left short gives grids 15% bigger (a prime count on
    /// an answer page), and, of those as big, the one with fewest empty
    /// slots.
    fn best(count: usize, area: [f32; 4], gap: f32, large: bool) -> Slots {
        let count = count.max(1);
        let pick = |full: bool| {
            (1..=count)
                .filter(|&c| !full || count.is_multiple_of(c))
                .map(|c| Slots::new(c, count.div_ceil(c), area, gap, large))
                .fold(None, |best: Option<Slots>, s| match best {
                    Some(b) if b.size > s.size + 0.01 => Some(b),
                    Some(b) if b.size + 0.01 >= s.size && b.cols * b.rows <= s.cols * s.rows => {
                        Some(b)
                    }
                    _ => Some(s),
                })
                .unwrap_or_else(|| Slots::new(1, 1, area, gap, large))
        };
        let (full, any) = (pick(true), pick(false));
        if any.size > full.size * 1.15 {
            any
        } else {
            full
        }
    }

    /// Top-left corner of slot `i`'s grid (row-major), and the baseline
    /// of its label.
    fn grid_at(&self, i: usize) -> (f32, f32, f32) {
        let (col, row) = ((i % self.cols) as f32, (i / self.cols) as f32);
        let x = self.x0 + col * self.dx;
        let top = self.y0 + row * self.dy;
        let grid_y = top + Slots::label_room(self.label);
        (x, grid_y, grid_y - self.label_gap)
    }
}

/// The gap between grids on a page of this frame.
fn gap(frame: &Frame, answers: bool) -> f32 {
    let base = (frame.w.min(frame.h) * 0.045).clamp(6.0 * MM, 12.0 * MM);
    if answers { base * 0.7 } else { base }
}

/// The area left for grids once the running head (if any) and page number
/// (if any) have their room.
fn grid_area(frame: &Frame, head: bool, foot: bool) -> [f32; 4] {
    let top = if head { frame.head_room() } else { 0.0 };
    let bottom = if foot { frame.foot_room() } else { 0.0 };
    [frame.x, frame.y + top, frame.w, frame.h - top - bottom]
}

/// The size of the book's running heads and page numbers: what the paper
/// gives them (8.5 to 10.5 points, 14 in large print), but no more than
/// 1.5 times the labels of the puzzle grids, so that where small paper
/// makes grids and labels small they shrink with them. (Laid out again
/// with the smaller furniture, the grids only grow.)
pub(crate) fn furniture(options: &Options, rules: bool) -> f32 {
    let frame = Frame::of_paper(options, 1);
    let slots = puzzle_slots(&frame, options, rules);
    frame.furniture.min(1.5 * slots.label)
}

/// The slots of a page of puzzles in `frame` (`rules`: the running head
/// states the variants' rules, so it has room whether or not there is a
/// title).
fn puzzle_slots(frame: &Frame, options: &Options, rules: bool) -> Slots {
    let head = rules || options.title.as_deref().is_some_and(|t| !t.is_empty());
    let area = grid_area(frame, head, options.page_numbers);
    Slots::best(
        options.per_page,
        area,
        gap(frame, false),
        options.large_print,
    )
}

/// The side of a grid's cells, in points, for a grid of `size` points
/// drawn as [`grid`] draws it (the border's stroke inside `size`).
fn cell_of(size: f32, options: &Options) -> f32 {
    let n = options.geometry.side as f32;
    let border = Style::new(options.large_print, options.geometry.side).thick(size / n);
    (size - border) / n
}

/// The side of the cells of the puzzle grids, and of the solution grids,
/// in points, of a book laid out with `options` and the `answer_grid`
/// [`answer_grid`] gives.
pub(crate) fn cells(
    options: &Options,
    furniture: f32,
    answer_grid: (usize, usize, usize),
    rules: bool,
) -> (f32, f32) {
    let frame = Frame::new(options, 1, furniture);
    let puzzles = puzzle_slots(&frame, options, rules);
    let area = grid_area(&frame, true, options.page_numbers);
    let (cols, rows, _) = answer_grid;
    let answers = Slots::new(cols, rows, area, gap(&frame, true), options.large_print);
    (
        cell_of(puzzles.size, options),
        cell_of(answers.size, options),
    )
}

/// The columns and rows of an answer page, and how many solutions it
/// holds: as many as stay legible (cells of at least 4.2 mm, 6.5 mm in
/// large print, grids of at least 28 mm), or the number asked for.
pub(crate) fn answer_grid(options: &Options, furniture: f32) -> (usize, usize, usize) {
    // Page 2 has the wider inner margin on the right: the same area.
    let frame = Frame::new(options, 1, furniture);
    let area = grid_area(&frame, true, options.page_numbers);
    let gap = gap(&frame, true);
    if let Some(n) = options.answers_per_page {
        let s = Slots::best(n, area, gap, options.large_print);
        return (s.cols, s.rows, n);
    }
    let cell = if options.large_print { 6.5 } else { 4.2 } * MM;
    let target = (cell * options.geometry.side as f32).max(28.0 * MM);
    let label = Slots::label_size(target, options.large_print);
    let fit = |room: f32, each: f32| (((room + gap) / (each + gap)).floor() as usize).max(1);
    let cols = fit(area[2], target);
    let rows = fit(area[3], target + Slots::label_room(label));
    let (cols, rows) = (cols.min(8), rows.min(10));
    (cols, rows, cols * rows)
}

/// Lays out the whole book: puzzle pages, then answer pages.
pub(crate) fn book(entries: &[Entry], options: &Options, book: &Book) -> Vec<Page> {
    let face = Face::get();
    let symbols: Vec<char> = options.alphabet.chars().collect();
    let (pw, ph) = options.paper.size();
    let mut pages = Vec::with_capacity(book.plan.puzzle_pages + book.plan.answer_pages);
    // The rules already stated, each on the page where its variant first
    // appears.
    let mut stated: Vec<&str> = Vec::new();
    for chunk in entries.chunks(options.per_page) {
        let number = pages.len() + 1;
        let frame = Frame::new(options, number, book.furniture);
        let mut items = Vec::new();
        let mut head: Vec<&str> = options
            .title
            .as_deref()
            .filter(|t| !t.is_empty())
            .into_iter()
            .collect();
        if book.rules {
            for entry in chunk {
                if let Some(rule) = entry.geometry_in(options).rule()
                    && !stated.contains(&rule)
                {
                    stated.push(rule);
                    head.push(rule);
                }
            }
        }
        let head = head.join(" · ");
        furniture_head(&mut items, &frame, Some(&head));
        let slots = puzzle_slots(&frame, options, book.rules);
        for (i, entry) in chunk.iter().enumerate() {
            let geometry = entry.geometry_in(options);
            let puzzle_style = Style::new(options.large_print, geometry.side);
            let (x, y, baseline) = slots.grid_at(i);
            label(
                &mut items,
                face,
                entry,
                x,
                baseline,
                slots.size,
                slots.label,
                true,
                frame.quiet,
            );
            grid(
                &mut items,
                face,
                geometry,
                &symbols,
                puzzle_style,
                entry,
                false,
                [x, y, slots.size],
            );
        }
        furniture_foot(&mut items, &frame, options.page_numbers, number);
        pages.push(Page {
            width: pw,
            height: ph,
            items,
        });
    }
    if options.answers {
        for chunk in entries.chunks(book.plan.answers_per_page) {
            let number = pages.len() + 1;
            let frame = Frame::new(options, number, book.furniture);
            let mut items = Vec::new();
            furniture_head(&mut items, &frame, Some(&options.answers_heading));
            let area = grid_area(&frame, true, options.page_numbers);
            let (cols, rows, _) = book.answer_grid;
            let slots = Slots::new(cols, rows, area, gap(&frame, true), options.large_print);
            for (i, entry) in chunk.iter().enumerate() {
                let geometry = entry.geometry_in(options);
                let answer_style = Style::new(options.large_print, geometry.side);
                let (x, y, baseline) = slots.grid_at(i);
                label(
                    &mut items,
                    face,
                    entry,
                    x,
                    baseline,
                    slots.size,
                    slots.label,
                    false,
                    frame.quiet,
                );
                grid(
                    &mut items,
                    face,
                    geometry,
                    &symbols,
                    answer_style,
                    entry,
                    true,
                    [x, y, slots.size],
                );
            }
            furniture_foot(&mut items, &frame, options.page_numbers, number);
            pages.push(Page {
                width: pw,
                height: ph,
                items,
            });
        }
    }
    pages
}

/// One grid alone on a page just big enough for it and its label.
pub(crate) fn single(entry: &Entry, options: &Options, solved: bool) -> Page {
    let face = Face::get();
    let symbols: Vec<char> = options.alphabet.chars().collect();
    let geometry = entry.geometry_in(options);
    let n = geometry.side as f32;
    let cell = if options.large_print { 40.0 } else { 28.0 } * if n > 9.0 { 0.85 } else { 1.0 };
    let size = cell * n;
    let pad = 12.0;
    let label_size = Slots::label_size(size, options.large_print);
    let room = Slots::label_room(label_size);
    let mut items = Vec::new();
    let top = pad + room;
    label(
        &mut items,
        face,
        entry,
        pad,
        top - label_size * 0.45,
        size,
        label_size,
        !solved,
        quiet(options.large_print),
    );
    let style = Style::new(options.large_print, geometry.side);
    grid(
        &mut items,
        face,
        geometry,
        &symbols,
        style,
        entry,
        solved,
        [pad, top, size],
    );
    Page {
        width: size + 2.0 * pad,
        height: top + size + pad,
        items,
    }
}

/// The grey of secondary text.
fn quiet(large_print: bool) -> u8 {
    if large_print { QUIET_LARGE } else { QUIET }
}

/// A running head, centred over the text block, with a rule under it.
fn furniture_head(items: &mut Vec<Item>, frame: &Frame, text: Option<&str>) {
    let Some(text) = text.filter(|t| !t.is_empty()) else {
        return;
    };
    let size = frame.furniture;
    let baseline = frame.y + size;
    // A head too long for the line is set smaller, never past the margins.
    let fit = frame.w / Face::get().width(text).max(0.01);
    items.push(Item::Text(Run {
        text: text.to_string(),
        place: Place::Middle(frame.x + frame.w / 2.0),
        y: baseline,
        size: size.min(fit),
        luma: frame.quiet,
    }));
    let rule = baseline + size * 0.7;
    // Square caps reach half the width past each end.
    let (width, cap) = (0.4, 0.2);
    items.push(Item::Lines {
        segments: vec![[frame.x + cap, rule, frame.x + frame.w - cap, rule]],
        width,
        luma: frame.quiet,
    });
}

/// The page number, centred at the foot of the text block.
fn furniture_foot(items: &mut Vec<Item>, frame: &Frame, on: bool, number: usize) {
    if !on {
        return;
    }
    items.push(Item::Text(Run {
        text: number.to_string(),
        place: Place::Middle(frame.x + frame.w / 2.0),
        y: frame.y + frame.h,
        size: frame.furniture,
        luma: frame.quiet,
    }));
}

/// A grid's label on the baseline `y` over a grid at `x` of width `width`:
/// `#12` at the left and, for puzzles, `hard · SE 3.4` at the right, both
/// made smaller if they would not fit side by side.
#[allow(clippy::too_many_arguments)]
fn label(
    items: &mut Vec<Item>,
    face: &Face,
    entry: &Entry,
    x: f32,
    y: f32,
    width: f32,
    size: f32,
    detail: bool,
    quiet: u8,
) {
    let number = format!("#{}", entry.number);
    let detail = if detail {
        entry.detail()
    } else {
        String::new()
    };
    let needed =
        face.width(&number) + face.width(&detail) + if detail.is_empty() { 0.0 } else { 1.0 };
    // Labels too long for the grid's width are set smaller to fit.
    let size = size.min(width / needed.max(0.01));
    items.push(Item::Text(Run {
        text: number,
        place: Place::Start(x),
        y,
        size,
        luma: INK,
    }));
    if !detail.is_empty() {
        items.push(Item::Text(Run {
            text: detail,
            place: Place::End(x + width),
            y,
            size: size * 0.92,
            luma: quiet,
        }));
    }
}

/// Draws a grid with its top-left corner at `(x, y)` and side `size`: the
/// shaded cells, thin lines, thick region lines, then the symbols row by
/// row. With `solved`, every cell is filled from the solution, givens in
/// black and the rest in grey.
#[allow(clippy::too_many_arguments)]
fn grid(
    out: &mut Vec<Item>,
    face: &Face,
    geometry: &Geometry,
    symbols: &[char],
    style: Style,
    entry: &Entry,
    solved: bool,
    [gx, gy, size]: [f32; 3],
) {
    // Drawn in the grid's own coordinates, from its top-left corner: the
    // grids of a page then repeat the same lengths, which compress well.
    // The border's stroke stays inside `size`: the cells take what is
    // left once half of it is taken off each side.
    let n = geometry.side;
    let border = style.thick(size / n as f32);
    let (x, y) = (border / 2.0, border / 2.0);
    let size = size - border;
    let mut items = Vec::new();
    let items = &mut items;
    let cell = size / n as f32;
    let at = |i: usize| i as f32 * cell;

    let shaded: Vec<[f32; 4]> = (0..n * n)
        .filter(|&i| geometry.shaded(i / n, i % n))
        .map(|i| [x + at(i % n), y + at(i / n), cell, cell])
        .collect();
    if !shaded.is_empty() {
        items.push(Item::Rects {
            rects: shaded,
            luma: SHADE,
        });
    }

    // Thin lines right across; the thick ones are drawn over them.
    let mut thin = Vec::with_capacity(2 * n);
    for i in 1..n {
        thin.push([x, y + at(i), x + size, y + at(i)]);
        thin.push([x + at(i), y, x + at(i), y + size]);
    }
    if !thin.is_empty() {
        items.push(Item::Lines {
            segments: thin,
            width: style.thin(cell),
            luma: INK,
        });
    }

    // Thick lines: the border, then each run of cell edges between two
    // regions, joined into one segment. Square caps close the corners.
    let mut thick = vec![
        [x, y, x + size, y],
        [x + size, y, x + size, y + size],
        [x + size, y + size, x, y + size],
        [x, y + size, x, y],
    ];
    for i in 1..n {
        // Horizontal line above row i, then vertical line left of column i.
        let mut runs = |differs: &dyn Fn(usize) -> bool, seg: &dyn Fn(usize, usize) -> [f32; 4]| {
            let mut start = None;
            for j in 0..=n {
                match (start, j < n && differs(j)) {
                    (None, true) => start = Some(j),
                    (Some(s), false) => {
                        thick.push(seg(s, j));
                        start = None;
                    }
                    _ => {}
                }
            }
        };
        runs(
            &|j| geometry.region(i - 1, j) != geometry.region(i, j),
            &|a, b| [x + at(a), y + at(i), x + at(b), y + at(i)],
        );
        runs(
            &|j| geometry.region(j, i - 1) != geometry.region(j, i),
            &|a, b| [x + at(i), y + at(a), x + at(i), y + at(b)],
        );
    }
    items.push(Item::Lines {
        segments: thick,
        width: border,
        luma: INK,
    });
    if !solved && !geometry.cages.is_empty() {
        cages(items, face, geometry, [x, y, cell], style.thin(cell));
    }

    // The symbols, row by row: one run per row of givens, or per stretch
    // of givens or filled cells of a solution's row.
    let digit = style.digit * cell;
    let lift = face.cap_height() * digit / 2.0;
    for row in 0..n {
        let baseline = y + at(row) + cell / 2.0 + lift;
        let mut run: Option<(u8, String, Vec<f32>)> = None;
        for col in 0..n {
            let i = row * n + col;
            let (value, luma) = match (entry.puzzle[i], solved) {
                // An empty cell: the row's run goes on past it.
                (0, false) => continue,
                (0, true) => (entry.solution[i], FILLED),
                (v, _) => (v, INK),
            };
            if run.as_ref().is_some_and(|r| r.0 != luma) {
                flush(items, &mut run, baseline, digit);
            }
            let r = run.get_or_insert_with(|| (luma, String::new(), Vec::new()));
            r.1.push(symbols[usize::from(value) - 1]);
            r.2.push(x + at(col) + cell / 2.0);
        }
        flush(items, &mut run, baseline, digit);
    }
    out.push(Item::Group {
        x: gx,
        y: gy,
        items: std::mem::take(items),
    });
}

/// Draws a killer puzzle's cages in a grid at `(x, y)` of cells `cell`
/// points: each cage's outline dashed a little inside its cells (the
/// inset lines of two sides of a cell meet at its corners; where the cage
/// turns inward, they run on to meet its neighbour's), and its sum small
/// in the top left corner of its first cell, on white.
fn cages(
    items: &mut Vec<Item>,
    face: &Face,
    geometry: &Geometry,
    [x, y, cell]: [f32; 3],
    width: f32,
) {
    let n = geometry.side;
    let of = geometry.cage_of();
    let d = cell * 0.1;
    // Whether (r, c), possibly off the grid, is in cage `k`.
    let inside = |r: isize, c: isize, k: Option<usize>| {
        r >= 0
            && c >= 0
            && (r as usize) < n
            && (c as usize) < n
            && of[r as usize * n + c as usize] == k
    };
    let mut segments = Vec::new();
    for (i, &k) in of.iter().enumerate() {
        if k.is_none() {
            continue;
        }
        let (r, c) = ((i / n) as isize, (i % n) as isize);
        let (x0, y0) = (x + c as f32 * cell, y + r as f32 * cell);
        let (x1, y1) = (x0 + cell, y0 + cell);
        // Where a side's inset line ends along it: short of the corner by
        // `d` where the cage ends there, at the corner where it goes on
        // straight, past it by `d` where it turns inward.
        let end = |along: (isize, isize), beyond: (isize, isize)| {
            if !inside(r + along.0, c + along.1, k) {
                -d
            } else if inside(r + beyond.0, c + beyond.1, k) {
                d
            } else {
                0.0
            }
        };
        if !inside(r - 1, c, k) {
            let (a, b) = (end((0, -1), (-1, -1)), end((0, 1), (-1, 1)));
            segments.push([x0 - a, y0 + d, x1 + b, y0 + d]);
        }
        if !inside(r + 1, c, k) {
            let (a, b) = (end((0, -1), (1, -1)), end((0, 1), (1, 1)));
            segments.push([x0 - a, y1 - d, x1 + b, y1 - d]);
        }
        if !inside(r, c - 1, k) {
            let (a, b) = (end((-1, 0), (-1, -1)), end((1, 0), (1, -1)));
            segments.push([x0 + d, y0 - a, x0 + d, y1 + b]);
        }
        if !inside(r, c + 1, k) {
            let (a, b) = (end((-1, 0), (-1, 1)), end((1, 0), (1, 1)));
            segments.push([x1 - d, y0 - a, x1 - d, y1 + b]);
        }
    }
    items.push(Item::Dashes {
        segments,
        width,
        dash: (cell * 0.06).max(0.8),
        luma: INK,
    });
    // The sums, each on a white patch over the outline's corner.
    let size = cell * 0.26;
    let mut patches = Vec::new();
    let mut runs = Vec::new();
    for cage in &geometry.cages {
        let Some(&first) = cage.cells.iter().min() else {
            continue;
        };
        let (x0, y0) = (x + (first % n) as f32 * cell, y + (first / n) as f32 * cell);
        let text = cage.sum.to_string();
        let w = face.width(&text) * size;
        patches.push([
            x0 + d * 0.4,
            y0 + d * 0.4,
            w + d * 0.8,
            size * 0.9 + d * 0.4,
        ]);
        runs.push(Run {
            text,
            place: Place::Start(x0 + d * 0.8),
            y: y0 + d * 0.6 + size * 0.8,
            size,
            luma: INK,
        });
    }
    items.push(Item::Rects {
        rects: patches,
        luma: 255,
    });
    items.extend(runs.into_iter().map(Item::Text));
}

/// Ends a run of symbols, if one is open.
fn flush(items: &mut Vec<Item>, run: &mut Option<(u8, String, Vec<f32>)>, y: f32, size: f32) {
    if let Some((luma, text, xs)) = run.take() {
        items.push(Item::Text(Run {
            text,
            place: Place::Cells(xs),
            y,
            size,
            luma,
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::{Paper, check};

    fn entries(n: usize, side: usize) -> Vec<Entry> {
        let solution: Vec<u8> = (0..side * side).map(|i| (i % side) as u8 + 1).collect();
        (0..n)
            .map(|i| Entry {
                level: Some("a level with a long, long name".repeat(i % 3)),
                rating: Some("9.9".into()),
                ..Entry::new(i as u64 + 1, solution.clone(), solution.clone())
            })
            .collect()
    }

    /// Every mark of every page: `(x, y, width)` of each text run's
    /// extent, and the box of each line and rectangle, in page
    /// coordinates.
    fn extents(items: &[Item], dx: f32, dy: f32, out: &mut Vec<[f32; 4]>) {
        let face = Face::get();
        for item in items {
            match item {
                Item::Group { x, y, items } => extents(items, dx + x, dy + y, out),
                Item::Rects { rects, .. } => out.extend(
                    rects
                        .iter()
                        .map(|&[x, y, w, h]| [dx + x, dy + y, dx + x + w, dy + y + h]),
                ),
                Item::Lines {
                    segments, width, ..
                }
                | Item::Dashes {
                    segments, width, ..
                } => out.extend(segments.iter().map(|&[x1, y1, x2, y2]| {
                    let h = width / 2.0;
                    [
                        dx + x1.min(x2) - h,
                        dy + y1.min(y2) - h,
                        dx + x1.max(x2) + h,
                        dy + y1.max(y2) + h,
                    ]
                })),
                Item::Text(run) => {
                    let w = face.width(&run.text) * run.size;
                    let (left, right) = match &run.place {
                        Place::Start(x) => (*x, x + w),
                        Place::Middle(x) => (x - w / 2.0, x + w / 2.0),
                        Place::End(x) => (x - w, *x),
                        Place::Cells(xs) => {
                            let half = |c: Option<char>| {
                                face.width(&c.map(String::from).unwrap_or_default()) * run.size
                                    / 2.0
                            };
                            (
                                xs[0] - half(run.text.chars().next()),
                                xs[xs.len() - 1] + half(run.text.chars().last()),
                            )
                        }
                    };
                    out.push([dx + left, dy + run.y - run.size, dx + right, dy + run.y]);
                }
            }
        }
    }

    #[test]
    fn every_mark_stays_inside_the_margins() {
        let title =
            "A title far too long for any running head, set smaller to fit the line".repeat(2);
        for paper in [
            Paper::A4,
            Paper::LETTER,
            Paper::A5,
            Paper::parse("297x210mm").unwrap(),
            Paper::parse("80x110mm").unwrap(),
        ] {
            for side in [4, 9, 16, 25] {
                for &per_page in crate::print::PER_PAGE {
                    let entries = entries(13, side);
                    let options = Options {
                        paper,
                        per_page,
                        title: Some(title.clone()),
                        ..Options::new(Geometry::square(side))
                    };
                    let book_plan = check(&entries, &options).unwrap();
                    let pages = book(&entries, &options, &book_plan);
                    let short = paper.width().min(paper.height());
                    let margin = (short * 0.06).clamp(9.0 * MM, 18.0 * MM) - 0.01;
                    for (i, page) in pages.iter().enumerate() {
                        let mut marks = Vec::new();
                        extents(&page.items, 0.0, 0.0, &mut marks);
                        for m in marks {
                            assert!(
                                m[0] >= margin
                                    && m[1] >= margin - 1.0
                                    && m[2] <= page.width - margin
                                    && m[3] <= page.height - margin,
                                "{paper} {side} {per_page}/page, page {}: {m:?}",
                                i + 1
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn grids_take_the_arrangement_that_makes_them_biggest() {
        let area = |w: f32, h: f32| [0.0, 0.0, w, h];
        let s = Slots::best(6, area(500.0, 750.0), 20.0, false);
        assert_eq!((s.cols, s.rows), (2, 3));
        let s = Slots::best(6, area(750.0, 500.0), 20.0, false);
        assert_eq!((s.cols, s.rows), (3, 2));
        let s = Slots::best(12, area(500.0, 750.0), 20.0, false);
        assert_eq!((s.cols, s.rows), (3, 4));
        let s = Slots::best(1, area(500.0, 750.0), 20.0, false);
        assert!(s.size > 450.0, "{s:?}");
        // 7 in a column would be tiny: a short last row instead.
        let s = Slots::best(7, area(500.0, 750.0), 20.0, false);
        assert_eq!((s.cols, s.rows), (2, 4));
        let s = Slots::best(9, area(750.0, 500.0), 20.0, false);
        assert_eq!((s.cols, s.rows), (3, 3));
    }
}
