//! Shapes: a grid's side, its boxes and its variant, and the unit tables
//! every room reads them through.
//!
//! A [`Size`] is the side and the box (rows tall, columns wide): the four
//! classic square sizes, and any box of at least two rows and two columns
//! whose cells number the side (2x3 for 6x6, 3x4 for 12x12, ...). A
//! [`Variant`] adds units or replaces the boxes: X (both long diagonals),
//! Hyper (four extra 3x3 windows of a 9x9 grid), Jigsaw (a map of
//! irregular regions in place of the boxes, a [`Layout`]). A [`Shape`] is
//! the two together; a grid carries its own. A shape is a small value:
//! cloning one with boxes copies two words, cloning a jigsaw's counts a
//! reference to its layout.
//!
//! **Units as data.** Every algorithm reads the geometry through one
//! table per shape, its [`Geometry`]: each unit's cells (the boxes or
//! regions, then the rows, then the columns, then the variant's extra
//! units, so that the classic numbering is Sudoku Explainer's), each
//! cell's units and peers, as lists and as bit sets of cells. The table of
//! a shape with boxes is built the first time it is asked for and kept for
//! the life of the process: looking it up is one index and one atomic
//! load. A jigsaw's table belongs to its layout and goes with the last
//! record that holds it, so a run may draw a new map for every puzzle and
//! keep flat memory (a map met again while alive, or among the last few
//! made, is not built twice).
//!
//! Errors speak of values ("boxes of 4x4 do not make a side of 12"); the
//! command line names its options.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock, Weak};

use crate::cages::Cages;
use crate::mask::Mask;

/// The largest side this crate handles.
pub const MAX_SIDE: usize = 25;
/// The smallest side.
pub const MIN_SIDE: usize = 4;
/// The number of cells of the largest grid.
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;
/// The most units a variant adds (Hyper's four windows).
pub const MAX_EXTRA: usize = 4;
/// The most units a shape has: boxes, rows, columns and extra units.
pub const MAX_UNITS: usize = 3 * MAX_SIDE + MAX_EXTRA;
/// The most units a cell lies in (X: its row, column, box and both
/// diagonals, at the centre of an odd side).
pub const MAX_CELL_UNITS: usize = 5;
/// Words of a set of cells ([`CellSet`]).
pub const SET_WORDS: usize = MAX_CELLS.div_ceil(64);

/// A set of cells of a grid, a bit each (cell `c` is bit `c % 64` of word
/// `c / 64`).
pub type CellSet = [u64; SET_WORDS];

/// The symbols of the cell values, `1`-`9` then `A`-`Z`: value `v` is
/// `SYMBOLS[v - 1]`.
pub const SYMBOLS: &[u8; 35] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The size of a grid: its side and the shape of its boxes (rows tall,
/// columns wide). A jigsaw grid's size has no boxes (its regions take
/// their place).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Size {
    side: u8,
    box_rows: u8,
    box_cols: u8,
}

/// Why a shape cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// A side out of range.
    Side {
        /// The side asked for.
        side: usize,
    },
    /// A side without a box shape (a prime, or 4 to 25 with no factor of
    /// at least 2 both ways).
    NoBoxes {
        /// The side.
        side: usize,
    },
    /// A box whose cells do not number the side, or with fewer than two
    /// rows or columns.
    Box {
        /// The side.
        side: usize,
        /// The box's rows.
        rows: usize,
        /// The box's columns.
        cols: usize,
    },
    /// Hyper's windows on a grid other than 9x9 with 3x3 boxes.
    Hyper {
        /// The size asked for.
        size: Size,
    },
    /// A region map whose number of cells is not a square of a side.
    LayoutCells {
        /// The cells found.
        found: usize,
    },
    /// A region map with the wrong number of regions.
    Regions {
        /// The side.
        side: usize,
        /// The regions found.
        found: usize,
    },
    /// A region of the wrong number of cells.
    RegionSize {
        /// The region's letter as written.
        region: char,
        /// Its cells.
        cells: usize,
        /// The side (the cells each region must have).
        side: usize,
    },
    /// A region whose cells do not make one piece (each joined to the
    /// next by a side, not a corner).
    Disconnected {
        /// The region's letter as written.
        region: char,
        /// How many pieces it falls into.
        pieces: usize,
    },
    /// A region map whose side differs from the grid's.
    LayoutSide {
        /// The map's side.
        layout: usize,
        /// The grid's side.
        side: usize,
    },
    /// Cages for another side than the grid's.
    CageSide {
        /// The cages' side.
        cages: usize,
        /// The grid's side.
        side: usize,
    },
    /// A box or variant written in a way that names none.
    Name {
        /// What it was to name (`box`, `variant`).
        what: &'static str,
        /// The text.
        text: String,
    },
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ShapeError::Side { side } => write!(
                f,
                "a side of {side} is out of range; sides go from {MIN_SIDE} to {MAX_SIDE}"
            ),
            ShapeError::NoBoxes { side } => write!(
                f,
                "{} grid has no boxes (no box of at least 2x2 has {side} cells); give it a jigsaw region map",
                A(format_args!("{side}x{side}"))
            ),
            ShapeError::Box { side, rows, cols } => {
                let fits = box_shapes(side);
                let fits = if fits.is_empty() {
                    format!("{} grid has no boxes", A(format_args!("{side}x{side}")))
                } else {
                    format!("a side of {side} takes boxes of {}", fits.join(", "))
                };
                if rows * cols != side {
                    write!(
                        f,
                        "boxes of {rows}x{cols} ({} cells) do not make a side of {side}; {fits}",
                        rows * cols
                    )
                } else {
                    write!(
                        f,
                        "boxes of {rows}x{cols} are lines, not boxes; boxes have at least 2 rows and 2 columns ({fits})"
                    )
                }
            }
            ShapeError::Hyper { size } => write!(
                f,
                "hyper windows exist only on 9x9 grids with 3x3 boxes, not on {} grids with {} boxes",
                size,
                size.box_text()
            ),
            ShapeError::LayoutCells { found } => {
                let near = (MIN_SIDE..=MAX_SIDE).min_by_key(|s| (s * s).abs_diff(found));
                let near = near.unwrap_or(9);
                write!(
                    f,
                    "a region map of {found} cells; a map has a letter per cell, side x side of them ({} for {near}x{near})",
                    near * near
                )
            }
            ShapeError::Regions { side, found } => write!(
                f,
                "{} region map has {found} regions; it needs {side} regions of {side} cells each",
                A(format_args!("{side}x{side}"))
            ),
            ShapeError::RegionSize {
                region,
                cells,
                side,
            } => write!(
                f,
                "region '{region}' has {cells} cells; every region of {} map needs {side}",
                A(format_args!("{side}x{side}"))
            ),
            ShapeError::Disconnected { region, pieces } => write!(
                f,
                "region '{region}' is not connected: its cells fall into {pieces} pieces; a region's cells must join side by side (not only at corners), so redraw the map with each letter's cells in one piece"
            ),
            ShapeError::LayoutSide { layout, side } => write!(
                f,
                "the region map is {layout}x{layout} but the grid is {side}x{side}"
            ),
            ShapeError::CageSide { cages, side } => write!(
                f,
                "the cages are for a {cages}x{cages} grid but the grid is {side}x{side}"
            ),
            ShapeError::Name {
                what: "box",
                ref text,
            } => write!(
                f,
                "'{text}' is not a box; write rows x columns, such as 2x3"
            ),
            ShapeError::Name { what, ref text } => write!(
                f,
                "'{text}' is not a {what}; use none, x, hyper or jigsaw (with its regions)"
            ),
        }
    }
}

impl std::error::Error for ShapeError {}

/// The box shapes of a side (`RxC`, rows first), if any.
fn box_shapes(side: usize) -> Vec<String> {
    (2..=side / 2)
        .filter(|r| side.is_multiple_of(*r) && side / r >= 2)
        .map(|r| format!("{r}x{}", side / r))
        .collect()
}

impl Size {
    /// 4x4, boxes of 2x2.
    pub const S4: Size = Size::square(2);
    /// 6x6, boxes of 2x3 (2 rows tall, 3 columns wide).
    pub const S6: Size = Size::usual(6, 2);
    /// 9x9, boxes of 3x3: the classic grid.
    pub const S9: Size = Size::square(3);
    /// 16x16, boxes of 4x4.
    pub const S16: Size = Size::square(4);
    /// 25x25, boxes of 5x5.
    pub const S25: Size = Size::square(5);

    /// The classic square sizes, smallest first.
    pub const ALL: [Size; 4] = [Size::S4, Size::S9, Size::S16, Size::S25];

    /// Every side that has a box shape, with its usual box: the one
    /// [`Size::from_side`] picks.
    pub const USUAL: [Size; 15] = [
        Size::S4,
        Size::usual(6, 2),
        Size::usual(8, 2),
        Size::S9,
        Size::usual(10, 2),
        Size::usual(12, 3),
        Size::usual(14, 2),
        Size::usual(15, 3),
        Size::S16,
        Size::usual(18, 3),
        Size::usual(20, 4),
        Size::usual(21, 3),
        Size::usual(22, 2),
        Size::usual(24, 4),
        Size::S25,
    ];

    const fn square(b: u8) -> Size {
        Size {
            side: b * b,
            box_rows: b,
            box_cols: b,
        }
    }

    const fn usual(side: u8, rows: u8) -> Size {
        Size {
            side,
            box_rows: rows,
            box_cols: side / rows,
        }
    }

    /// The size of side `side` with its usual boxes (6: 2x3, 8: 2x4, 10:
    /// 2x5, 12: 3x4, 14: 2x7, 15: 3x5, 18: 3x6, 20: 4x5, 21: 3x7, 22: 2x11,
    /// 24: 4x6, and the squares 4, 9, 16, 25), if the side has boxes.
    pub const fn from_side(side: usize) -> Option<Size> {
        let mut i = 0;
        while i < Size::USUAL.len() {
            if Size::USUAL[i].side as usize == side {
                return Some(Size::USUAL[i]);
            }
            i += 1;
        }
        None
    }

    /// The size of side `side` with boxes `rows` tall and `cols` wide.
    pub fn boxed(side: usize, rows: usize, cols: usize) -> Result<Size, ShapeError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&side) {
            return Err(ShapeError::Side { side });
        }
        if rows * cols != side || rows < 2 || cols < 2 {
            return Err(ShapeError::Box { side, rows, cols });
        }
        Ok(Size {
            side: side as u8,
            box_rows: rows as u8,
            box_cols: cols as u8,
        })
    }

    /// The size of side `side` without boxes (a jigsaw grid's).
    pub fn unboxed(side: usize) -> Result<Size, ShapeError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&side) {
            return Err(ShapeError::Side { side });
        }
        Ok(Size {
            side: side as u8,
            box_rows: 0,
            box_cols: 0,
        })
    }

    /// The side of the grid, which is also the number of symbols.
    #[inline]
    pub const fn side(self) -> usize {
        self.side as usize
    }

    /// The number of cells.
    #[inline]
    pub const fn cells(self) -> usize {
        self.side() * self.side()
    }

    /// The rows of a box (0 for a size without boxes).
    #[inline]
    pub const fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// The columns of a box (0 for a size without boxes).
    #[inline]
    pub const fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// Whether the size has boxes (all but a jigsaw grid's).
    #[inline]
    pub const fn has_boxes(self) -> bool {
        self.box_rows != 0
    }

    /// Whether the boxes are square (the four classic sizes).
    #[inline]
    pub const fn is_square(self) -> bool {
        self.has_boxes() && self.box_rows == self.box_cols
    }

    /// Whether this is the usual box shape of its side
    /// ([`Size::from_side`]).
    pub fn is_usual(self) -> bool {
        Size::from_side(self.side()) == Some(self)
    }

    /// The box as `RxC` (rows first), `none` without boxes.
    pub fn box_text(self) -> String {
        if self.has_boxes() {
            format!("{}x{}", self.box_rows, self.box_cols)
        } else {
            "none".to_string()
        }
    }

    /// The boxes side by side in a band (across a row).
    #[inline]
    pub const fn boxes_across(self) -> usize {
        self.side() / self.box_cols()
    }

    /// The boxes one above another in a stack (down a column).
    #[inline]
    pub const fn boxes_down(self) -> usize {
        self.side() / self.box_rows()
    }

    /// The box of the cell at `row`, `col`, numbered row-major.
    #[inline]
    pub const fn box_of(self, row: usize, col: usize) -> usize {
        (row / self.box_rows()) * self.boxes_across() + col / self.box_cols()
    }

    /// The cell index of the `k`-th cell (row-major) of box `boxn`.
    #[inline]
    pub const fn box_cell(self, boxn: usize, k: usize) -> usize {
        let (r, c) = (self.box_rows(), self.box_cols());
        let across = self.boxes_across();
        self.cell((boxn / across) * r + k / c, (boxn % across) * c + k % c)
    }

    /// The usual size with `cells` cells, if there is one.
    pub fn from_cells(cells: usize) -> Option<Size> {
        Size::USUAL.into_iter().find(|s| s.cells() == cells)
    }

    /// The usual size whose cell count is a few cells off `cells` (at most
    /// 3, and not `cells` itself): what a record one or two cells short or
    /// long was meant to be.
    pub fn near_cells(cells: usize) -> Option<Size> {
        Size::USUAL
            .into_iter()
            .find(|s| s.cells() != cells && s.cells().abs_diff(cells) <= 3)
    }

    /// The set of all symbol values of this size.
    #[inline]
    pub const fn full_mask(self) -> Mask {
        Mask::full(self.side())
    }

    /// The cell index of row `row`, column `col`.
    #[inline]
    pub const fn cell(self, row: usize, col: usize) -> usize {
        row * self.side() + col
    }

    /// The symbol of value `v` in this size (`.` for an empty cell).
    #[inline]
    pub fn symbol(self, v: u8) -> u8 {
        if v == 0 {
            b'.'
        } else {
            SYMBOLS[v as usize - 1]
        }
    }

    /// The value of symbol `s` in this size: `Some(0)` for an empty cell
    /// (`.` or `0`, and `-`, `_` or `*` as other programs write it),
    /// `None` if `s` is not a symbol of this size. Letters may be given in
    /// either case.
    #[inline]
    pub fn value_of(self, s: u8) -> Option<u8> {
        let v = match s {
            b'.' | b'0' | b'-' | b'_' | b'*' => return Some(0),
            b'1'..=b'9' => s - b'0',
            b'A'..=b'Z' => s - b'A' + 10,
            b'a'..=b'z' => s - b'a' + 10,
            _ => return None,
        };
        (usize::from(v) <= self.side()).then_some(v)
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.side(), self.side())
    }
}

/// A size, shape or other name of a grid with its indefinite article, as
/// messages write it: `an 8x8`, `an 11x11`, `an 18x18` (the numbers are
/// read "eight", "eleven", "eighteen"), `a 9x9`, `a 6x6 X`.
#[derive(Clone, Copy, Debug)]
pub struct A<T>(pub T);

impl<T: fmt::Display> fmt::Display for A<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.0.to_string();
        let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
        let an = digits.starts_with('8') || digits == "11" || digits == "18";
        write!(f, "{} {text}", if an { "an" } else { "a" })
    }
}

impl fmt::Debug for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{} ({} boxes)", self.side, self.side, self.box_text())
    }
}

/// What a grid adds to, or puts in place of, its rows, columns and boxes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Rows, columns and boxes.
    #[default]
    None,
    /// X-Sudoku: both long diagonals are units too.
    X,
    /// Hyper (Windoku): four more 3x3 units of a 9x9 grid, at rows and
    /// columns 2-4 and 6-8.
    Hyper,
    /// Jigsaw: irregular regions in place of the boxes.
    Jigsaw(Layout),
}

impl Variant {
    /// The names the variants go by (`jigsaw` needs its region map).
    pub const NAMES: [&'static str; 4] = ["none", "x", "hyper", "jigsaw"];

    /// Its name: `none`, `x`, `hyper`, `jigsaw`.
    pub fn name(&self) -> &'static str {
        match *self {
            Variant::None => "none",
            Variant::X => "x",
            Variant::Hyper => "hyper",
            Variant::Jigsaw(_) => "jigsaw",
        }
    }

    /// The variant of this name that needs nothing more (not `jigsaw`).
    pub fn named(name: &str) -> Option<Variant> {
        match name {
            "none" => Some(Variant::None),
            "x" => Some(Variant::X),
            "hyper" => Some(Variant::Hyper),
            _ => None,
        }
    }

    /// The units it adds to the rows, columns and boxes (or regions).
    pub const fn extra_units(&self) -> usize {
        match *self {
            Variant::X => 2,
            Variant::Hyper => 4,
            Variant::None | Variant::Jigsaw(_) => 0,
        }
    }

    /// Which units a cell at `row`, `col` of a grid of side `n` lies in
    /// besides its row, column and box, a bit per extra unit.
    fn extra_of(&self, n: usize, row: usize, col: usize) -> u8 {
        match *self {
            Variant::X => u8::from(row == col) | u8::from(row + col == n - 1) << 1,
            Variant::Hyper => {
                let window = |i: usize| match i {
                    1..=3 => Some(0),
                    5..=7 => Some(1),
                    _ => None,
                };
                match (window(row), window(col)) {
                    (Some(r), Some(c)) => 1 << (2 * r + c),
                    _ => 0,
                }
            }
            Variant::None | Variant::Jigsaw(_) => 0,
        }
    }
}

/// A jigsaw region map: the region of every cell, regions numbered in the
/// order their first cells come in reading order. It holds its geometry,
/// shared by every copy (cloning is a reference count) and freed with the
/// last one, so a run that draws a new map for every puzzle keeps only the
/// maps of the records in flight. Equal maps are equal layouts, however
/// they were made; a map met again while a copy is alive (or among the
/// last few made) is not built again.
#[derive(Clone)]
pub struct Layout(Arc<Geometry>);

/// How many recently made maps are kept built though no record holds them
/// (a file whose records repeat one map builds it once).
const RECENT_LAYOUTS: usize = 64;

/// The maps alive or recently made, by their regions.
struct Layouts {
    alive: HashMap<Box<[u8]>, Weak<Geometry>>,
    recent: Vec<Arc<Geometry>>,
    next: usize,
    /// The size of `alive` at which dead entries are next swept out.
    sweep_at: usize,
}

static LAYOUTS: Mutex<Option<Layouts>> = Mutex::new(None);

impl PartialEq for Layout {
    fn eq(&self, other: &Layout) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
            || self
                .0
                .places
                .iter()
                .map(|p| p.boxn)
                .eq(other.0.places.iter().map(|p| p.boxn))
    }
}

impl Eq for Layout {}

impl std::hash::Hash for Layout {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for p in &self.0.places {
            state.write_u8(p.boxn);
        }
    }
}

impl Layout {
    /// The map whose cell `i` is in region `regions[i]` (any numbers: two
    /// cells are in the same region when their numbers are equal); its
    /// side is the square root of the number of cells. Every region must
    /// have `side` cells, joined side by side into one piece.
    pub fn new(regions: &[u8]) -> Result<Layout, ShapeError> {
        let letters: Vec<char> = regions.iter().map(|&r| char::from(r)).collect();
        Layout::from_letters(&letters)
    }

    /// The map written as a letter (or digit) per cell, row-major; white
    /// space is skipped, so the map may be written as rows. Cells with the
    /// same letter are in the same region.
    pub fn parse(text: &str) -> Result<Layout, ShapeError> {
        let letters: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        Layout::from_letters(&letters)
    }

    fn from_letters(letters: &[char]) -> Result<Layout, ShapeError> {
        let found = letters.len();
        let side = (MIN_SIDE..=MAX_SIDE)
            .find(|s| s * s == found)
            .ok_or(ShapeError::LayoutCells { found })?;
        // Regions renumbered by first appearance, so the same map written
        // with other letters is the same layout.
        let mut names: Vec<char> = Vec::new();
        let mut counts: Vec<usize> = Vec::new();
        let mut regions = Vec::with_capacity(found);
        for &c in letters {
            let k = match names.iter().position(|&n| n == c) {
                Some(k) => k,
                None => {
                    names.push(c);
                    counts.push(0);
                    names.len() - 1
                }
            };
            counts[k] += 1;
            regions.push(k as u8);
            if names.len() > side {
                return Err(ShapeError::Regions {
                    side,
                    found: letters
                        .iter()
                        .collect::<std::collections::HashSet<_>>()
                        .len(),
                });
            }
        }
        if names.len() != side {
            return Err(ShapeError::Regions {
                side,
                found: names.len(),
            });
        }
        if let Some(k) = counts.iter().position(|&c| c != side) {
            return Err(ShapeError::RegionSize {
                region: names[k],
                cells: counts[k],
                side,
            });
        }
        if let Some((k, pieces)) = disconnected(&regions, side) {
            return Err(ShapeError::Disconnected {
                region: names[usize::from(k)],
                pieces,
            });
        }
        Layout::find_or_build(regions, side)
    }

    /// The layout of `regions` (renumbered, every region of `side` cells):
    /// the one alive with that map, or a new one with its geometry.
    fn find_or_build(regions: Vec<u8>, side: usize) -> Result<Layout, ShapeError> {
        let size = Size::unboxed(side)?;
        let mut guard = LAYOUTS.lock().unwrap_or_else(|e| e.into_inner());
        let table = guard.get_or_insert_with(|| Layouts {
            alive: HashMap::new(),
            recent: Vec::with_capacity(RECENT_LAYOUTS),
            next: 0,
            sweep_at: 2 * RECENT_LAYOUTS,
        });
        if let Some(geometry) = table.alive.get(&regions[..]).and_then(Weak::upgrade) {
            return Ok(Layout(geometry));
        }
        let geometry = Arc::new_cyclic(|me| {
            Geometry::build(size, GeoVariant::Jigsaw(me.clone()), Some(&regions))
        });
        if table.alive.len() >= table.sweep_at {
            table.alive.retain(|_, g| g.strong_count() > 0);
            table.sweep_at = 2 * table.alive.len() + 2 * RECENT_LAYOUTS;
        }
        table
            .alive
            .insert(regions.into_boxed_slice(), Arc::downgrade(&geometry));
        if table.recent.len() < RECENT_LAYOUTS {
            table.recent.push(Arc::clone(&geometry));
        } else {
            table.recent[table.next] = Arc::clone(&geometry);
        }
        table.next = (table.next + 1) % RECENT_LAYOUTS;
        Ok(Layout(geometry))
    }

    /// The geometry of the jigsaw shape of this map.
    #[inline]
    fn geometry(&self) -> &Geometry {
        &self.0
    }

    /// The side of the grid the map is for.
    pub fn side(&self) -> usize {
        self.0.side
    }

    /// The region of each cell (`0..side`, numbered by first cell).
    pub fn regions(&self) -> Vec<u8> {
        self.0.places.iter().map(|p| p.boxn).collect()
    }

    /// The map as letters, `A` for the region of the first cell, `B` for
    /// the next region met in reading order, and so on.
    pub fn text(&self) -> String {
        self.regions()
            .iter()
            .map(|&r| char::from(b'A' + r))
            .collect()
    }
}

/// The first region (in reading order of its first cell) of the map
/// `regions` (side `side`) whose cells are not one orthogonally connected
/// piece, and how many pieces it has.
fn disconnected(regions: &[u8], side: usize) -> Option<(u8, usize)> {
    let mut seen = vec![false; regions.len()];
    let mut pieces = vec![0usize; side];
    let mut stack = Vec::with_capacity(regions.len());
    for start in 0..regions.len() {
        if seen[start] {
            continue;
        }
        let region = regions[start];
        pieces[usize::from(region)] += 1;
        seen[start] = true;
        stack.push(start);
        while let Some(cell) = stack.pop() {
            let (r, c) = (cell / side, cell % side);
            let near = [
                (r > 0).then(|| cell - side),
                (r + 1 < side).then(|| cell + side),
                (c > 0).then(|| cell - 1),
                (c + 1 < side).then(|| cell + 1),
            ];
            for next in near.into_iter().flatten() {
                if !seen[next] && regions[next] == region {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
    }
    (0..side)
        .find(|&k| pieces[k] > 1)
        .map(|k| (k as u8, pieces[k]))
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Layout({})", self.text())
    }
}

/// A grid's whole geometry: its size, its variant and, for a killer
/// puzzle, its cages (sums over groups of cells, [`Cages`]): data every
/// room reads, as the regions are. Killer combines with every variant
/// (`9x9 X killer`): the cages are further constraints beside the units.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Shape {
    size: Size,
    variant: Variant,
    cages: Option<Arc<Cages>>,
}

impl From<Size> for Shape {
    /// The size's plain shape: rows, columns and boxes.
    fn from(size: Size) -> Shape {
        Shape::plain(size)
    }
}

impl From<&Shape> for Shape {
    /// A copy of the shape (so that functions taking `impl Into<Shape>`
    /// take a borrowed one too).
    fn from(shape: &Shape) -> Shape {
        shape.clone()
    }
}

impl Shape {
    /// The plain shape of `size`: rows, columns and boxes, no variant.
    #[inline]
    pub const fn plain(size: Size) -> Shape {
        Shape {
            size,
            variant: Variant::None,
            cages: None,
        }
    }

    /// The shape of `size` with `variant`, if the variant can exist there:
    /// Hyper needs 9x9 with 3x3 boxes, a jigsaw map the same side (its
    /// size then has no boxes), and the others boxes.
    pub fn new(size: Size, variant: Variant) -> Result<Shape, ShapeError> {
        match variant {
            Variant::Jigsaw(layout) => {
                if layout.side() != size.side() {
                    return Err(ShapeError::LayoutSide {
                        layout: layout.side(),
                        side: size.side(),
                    });
                }
                Ok(Shape::jigsaw(layout))
            }
            _ if !size.has_boxes() => Err(ShapeError::NoBoxes { side: size.side() }),
            Variant::Hyper if size != Size::S9 => Err(ShapeError::Hyper { size }),
            _ => Ok(Shape {
                size,
                variant,
                cages: None,
            }),
        }
    }

    /// The shape of side `side` a record describes in words, as records
    /// of shapes other than the classic ones carry it: its box (`2x3`;
    /// `None`, empty or `none` for the side's usual boxes), its variant
    /// (`x`, `hyper`, `jigsaw`; `None`, empty or `none` for none) and a
    /// jigsaw's region map (letters, as [`Layout::parse`] reads them).
    pub fn from_names(
        side: usize,
        boxes: Option<&str>,
        variant: Option<&str>,
        regions: Option<&str>,
    ) -> Result<Shape, ShapeError> {
        fn given(t: Option<&str>) -> Option<&str> {
            t.map(str::trim).filter(|t| !t.is_empty() && *t != "none")
        }
        if let Some(map) = given(regions) {
            let layout = Layout::parse(map)?;
            if layout.side() != side {
                return Err(ShapeError::LayoutSide {
                    layout: layout.side(),
                    side,
                });
            }
            return Ok(Shape::jigsaw(layout));
        }
        let size = match given(boxes) {
            Some(text) => {
                let named = || ShapeError::Name {
                    what: "box",
                    text: text.to_string(),
                };
                let (r, c) = text.split_once(['x', 'X']).ok_or_else(named)?;
                let r: usize = r.trim().parse().map_err(|_| named())?;
                let c: usize = c.trim().parse().map_err(|_| named())?;
                Size::boxed(side, r, c)?
            }
            None => Size::from_side(side).ok_or(ShapeError::NoBoxes { side })?,
        };
        let variant = match given(variant) {
            None => Variant::None,
            Some(name) => {
                Variant::named(&name.to_ascii_lowercase()).ok_or_else(|| ShapeError::Name {
                    what: "variant",
                    text: name.to_string(),
                })?
            }
        };
        Shape::new(size, variant)
    }

    /// The jigsaw shape of a region map.
    pub fn jigsaw(layout: Layout) -> Shape {
        Shape {
            size: layout.0.size,
            variant: Variant::Jigsaw(layout),
            cages: None,
        }
    }

    /// The killer puzzle's shape: this shape with `cages` (which must be
    /// for its side).
    pub fn with_cages(&self, cages: impl Into<Arc<Cages>>) -> Result<Shape, ShapeError> {
        let cages = cages.into();
        if cages.side() != self.side() {
            return Err(ShapeError::CageSide {
                cages: cages.side(),
                side: self.side(),
            });
        }
        Ok(Shape {
            size: self.size,
            variant: self.variant.clone(),
            cages: Some(cages),
        })
    }

    /// This shape without cages: the units alone.
    pub fn without_cages(&self) -> Shape {
        Shape {
            size: self.size,
            variant: self.variant.clone(),
            cages: None,
        }
    }

    /// The cages of a killer puzzle.
    #[inline]
    pub fn cages(&self) -> Option<&Cages> {
        self.cages.as_deref()
    }

    /// The cages of a killer puzzle, as a handle to keep.
    #[inline]
    pub fn cages_arc(&self) -> Option<&Arc<Cages>> {
        self.cages.as_ref()
    }

    /// Whether the shape is a killer puzzle's (it has cages).
    #[inline]
    pub const fn is_killer(&self) -> bool {
        self.cages.is_some()
    }

    /// The size.
    #[inline]
    pub const fn size(&self) -> Size {
        self.size
    }

    /// The variant.
    #[inline]
    pub const fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The side.
    #[inline]
    pub const fn side(&self) -> usize {
        self.size.side()
    }

    /// The number of cells.
    #[inline]
    pub const fn cells(&self) -> usize {
        self.size.cells()
    }

    /// Whether this is one of the four classic shapes (4x4, 9x9, 16x16,
    /// 25x25 with square boxes, no variant): the shapes whose records say
    /// nothing of their shape.
    #[inline]
    pub const fn is_classic(&self) -> bool {
        matches!(self.variant, Variant::None) && self.size.is_square() && self.cages.is_none()
    }

    /// Whether the shape has no variant and no cages (rows, columns and
    /// boxes only).
    #[inline]
    pub const fn is_plain(&self) -> bool {
        matches!(self.variant, Variant::None) && self.cages.is_none()
    }

    /// Whether the shape has boxes (all but jigsaw shapes).
    #[inline]
    pub const fn has_boxes(&self) -> bool {
        self.size.has_boxes()
    }

    /// Whether `other` is a shape of the same kind: the same size and
    /// variant, killer or not, a jigsaw's map and the cages aside (what
    /// `stats` measures together).
    pub fn same_kind(&self, other: &Shape) -> bool {
        self.size == other.size
            && self.variant.name() == other.variant.name()
            && self.is_killer() == other.is_killer()
    }

    /// The unit tables of the shape (built once per shape, then shared;
    /// a jigsaw's are its layout's).
    #[inline]
    pub fn geometry(&self) -> &Geometry {
        match &self.variant {
            Variant::Jigsaw(layout) => layout.geometry(),
            _ => self.boxed_geometry().as_ref(),
        }
    }

    /// The unit tables of the shape, as a handle to keep: a plain
    /// reference to the tables of a shape with boxes, a reference count of
    /// a jigsaw's.
    pub fn geo(&self) -> Geo {
        match &self.variant {
            Variant::Jigsaw(layout) => Geo::Shared(Arc::clone(&layout.0)),
            _ => Geo::Static(self.boxed_geometry()),
        }
    }

    /// The tables of a shape with boxes, built once per process.
    fn boxed_geometry(&self) -> &'static Arc<Geometry> {
        const SLOTS: usize = (MAX_SIDE + 1) * (MAX_SIDE + 1) * 3;
        static BOXED: [OnceLock<Arc<Geometry>>; SLOTS] = [const { OnceLock::new() }; SLOTS];
        let kind = match self.variant {
            Variant::Jigsaw(_) => unreachable!("a jigsaw's geometry is its layout's"),
            Variant::None => 0,
            Variant::X => 1,
            Variant::Hyper => 2,
        };
        let slot = (self.side() * (MAX_SIDE + 1) + self.size.box_rows()) * 3 + kind;
        BOXED[slot].get_or_init(|| {
            Arc::new(Geometry::build(
                self.size,
                GeoVariant::Fixed(self.variant.clone()),
                None,
            ))
        })
    }

    /// The row, column, box and extra units of every cell.
    #[inline]
    pub fn places(&self) -> &[Place] {
        &self.geometry().places
    }

    /// The other cells of the units of `cell`, in increasing order.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        self.geometry().peers(cell)
    }

    /// The shape with a noun in the order words take: `9x9 X puzzles`,
    /// `6x6 grids with 3x2 boxes` (where [`describe`](Shape::describe)
    /// gives `6x6 with 3x2 boxes`).
    pub fn of(&self, noun: &str) -> String {
        let text = self.describe();
        match text.split_once(" with ") {
            Some((size, boxes)) => format!("{size} {noun} with {boxes}"),
            None => format!("{text} {noun}"),
        }
    }

    /// The name of the variant, and the box where it is not the side's
    /// usual one: what a record of a shape other than the classic ones
    /// says of it (`box 2x6`, `variant x`).
    pub fn describe(&self) -> String {
        let mut s = self.size.to_string();
        if self.size.has_boxes() && !self.size.is_usual() {
            s += &format!(" with {} boxes", self.size.box_text());
        }
        match self.variant {
            Variant::None => {}
            Variant::X => s += " X",
            Variant::Hyper => s += " hyper",
            Variant::Jigsaw(_) => s += " jigsaw",
        }
        if self.cages.is_some() {
            s += " killer";
        }
        s
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.variant {
            Variant::Jigsaw(layout) => write!(f, "{} {layout:?}", self.describe())?,
            _ => write!(f, "{:?} {}", self.size, self.variant.name())?,
        }
        match &self.cages {
            Some(cages) => write!(f, " {cages:?}"),
            None => Ok(()),
        }
    }
}

/// Where a cell lies: its row, column and box (all 0-based), and the
/// variant's extra units it lies in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The row, `0..side`.
    pub row: u8,
    /// The column, `0..side`.
    pub col: u8,
    /// The box (or jigsaw region), `0..side`.
    pub boxn: u8,
    /// The extra units (X's diagonals, Hyper's windows), a bit each: bit
    /// `k` is unit `3 * side + k`.
    pub extra: u8,
}

/// A kind of unit: the cells that must hold every symbol once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// A row (0-based).
    Row(usize),
    /// A column (0-based).
    Col(usize),
    /// A box, numbered row-major (0-based).
    Box(usize),
    /// A jigsaw region, numbered by its first cell in reading order
    /// (0-based).
    Region(usize),
    /// The diagonal from the top left corner (X).
    Diagonal,
    /// The diagonal from the top right corner (X).
    AntiDiagonal,
    /// A Hyper window, numbered row-major (0-based).
    Window(usize),
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Unit::Row(i) => write!(f, "row {}", i + 1),
            Unit::Col(i) => write!(f, "column {}", i + 1),
            Unit::Box(i) => write!(f, "box {}", i + 1),
            Unit::Region(i) => write!(f, "region {}", i + 1),
            Unit::Diagonal => f.write_str("the diagonal"),
            Unit::AntiDiagonal => f.write_str("the anti-diagonal"),
            Unit::Window(i) => write!(f, "window {}", i + 1),
        }
    }
}

/// The units of one cell and its place in each (the `k` of its unit's
/// `k`-th cell), in the order of the units.
#[derive(Clone, Copy, Debug, Default)]
pub struct CellUnits {
    units: [u8; MAX_CELL_UNITS],
    at: [u8; MAX_CELL_UNITS],
    len: u8,
}

impl CellUnits {
    /// The unit numbers.
    #[inline]
    pub fn units(&self) -> &[u8] {
        &self.units[..usize::from(self.len)]
    }

    /// Where the cell lies in each of [`CellUnits::units`].
    #[inline]
    pub fn positions(&self) -> &[u8] {
        &self.at[..usize::from(self.len)]
    }
}

/// The unit tables of one shape. Units are numbered boxes (or regions)
/// `0..n`, rows `n..2n`, columns `2n..3n`, then the variant's extra units
/// from `3n` (X: the diagonal, then the anti-diagonal; Hyper: the windows
/// row-major); each unit lists its cells in reading order.
#[derive(Debug)]
pub struct Geometry {
    side: usize,
    size: Size,
    variant: GeoVariant,
    places: Vec<Place>,
    unit_cells: Vec<u16>,
    kinds: Vec<Unit>,
    cell_units: Vec<CellUnits>,
    unit_bits: Vec<u128>,
    peers: Vec<u16>,
    peer_start: Vec<u32>,
    peer_sets: Vec<CellSet>,
    unit_sets: Vec<CellSet>,
    /// [`Geometry::crossings`], built at first use.
    crossings: OnceLock<Vec<Vec<Crossing>>>,
}

/// A [`Geometry`] to keep (in a solver or a board): the tables of a shape
/// with boxes live as long as the process, a jigsaw's as long as a handle
/// to them; cloning the first kind copies a pointer.
#[derive(Clone, Debug)]
pub enum Geo {
    /// The tables of a shape with boxes.
    Static(&'static Geometry),
    /// A jigsaw's tables.
    Shared(Arc<Geometry>),
}

impl std::ops::Deref for Geo {
    type Target = Geometry;

    #[inline]
    fn deref(&self) -> &Geometry {
        match self {
            Geo::Static(g) => g,
            Geo::Shared(g) => g,
        }
    }
}

/// The variant a geometry was built for; a jigsaw's layout is the
/// geometry itself, held weakly (a strong hold would keep it for ever).
#[derive(Debug)]
enum GeoVariant {
    Fixed(Variant),
    Jigsaw(Weak<Geometry>),
}

/// Two units that share at least two cells, and where those cells lie in
/// each (a bit per position, position `k` being the unit's `k`-th cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Crossing {
    /// The first unit.
    pub a: u8,
    /// The second unit.
    pub b: u8,
    /// The shared cells' positions in `a`.
    pub in_a: u32,
    /// The shared cells' positions in `b`.
    pub in_b: u32,
}

impl Geometry {
    /// The tables of `shape` (`regions`: a jigsaw's map, renumbered).
    fn build(size: Size, variant: GeoVariant, regions: Option<&[u8]>) -> Geometry {
        let n = size.side();
        let mut unit_cells: Vec<u16> = Vec::new();
        let mut kinds = Vec::new();
        match regions {
            Some(map) => {
                for k in 0..n {
                    unit_cells.extend(
                        (0..n * n)
                            .filter(|&c| usize::from(map[c]) == k)
                            .map(|c| c as u16),
                    );
                    kinds.push(Unit::Region(k));
                }
            }
            None => {
                assert!(
                    size.has_boxes(),
                    "{} grid without a region map has no boxes",
                    A(size)
                );
                for b in 0..n {
                    unit_cells.extend((0..n).map(|k| size.box_cell(b, k) as u16));
                    kinds.push(Unit::Box(b));
                }
            }
        }
        for r in 0..n {
            unit_cells.extend((0..n).map(|c| (r * n + c) as u16));
            kinds.push(Unit::Row(r));
        }
        for c in 0..n {
            unit_cells.extend((0..n).map(|r| (r * n + c) as u16));
            kinds.push(Unit::Col(c));
        }
        let fixed = match &variant {
            GeoVariant::Fixed(v) => v.clone(),
            GeoVariant::Jigsaw(_) => Variant::None,
        };
        for k in 0..fixed.extra_units() {
            let mut cells: Vec<u16> = (0..n * n)
                .filter(|&c| fixed.extra_of(n, c / n, c % n) & 1 << k != 0)
                .map(|c| c as u16)
                .collect();
            cells.sort_unstable();
            debug_assert_eq!(cells.len(), n);
            unit_cells.extend(cells);
            kinds.push(match fixed {
                Variant::X if k == 0 => Unit::Diagonal,
                Variant::X => Unit::AntiDiagonal,
                _ => Unit::Window(k),
            });
        }
        let count = kinds.len();
        let mut cell_units = vec![CellUnits::default(); n * n];
        for (u, unit) in unit_cells.chunks_exact(n).enumerate() {
            for (k, &c) in unit.iter().enumerate() {
                let cu = &mut cell_units[usize::from(c)];
                let i = usize::from(cu.len);
                cu.units[i] = u as u8;
                cu.at[i] = k as u8;
                cu.len += 1;
            }
        }
        let places: Vec<Place> = (0..n * n)
            .map(|c| {
                let (row, col) = (c / n, c % n);
                Place {
                    row: row as u8,
                    col: col as u8,
                    boxn: match regions {
                        Some(map) => map[c],
                        None => size.box_of(row, col) as u8,
                    },
                    extra: fixed.extra_of(n, row, col),
                }
            })
            .collect();
        let set_of = |cells: &[u16]| {
            let mut s = [0u64; SET_WORDS];
            for &c in cells {
                s[usize::from(c) / 64] |= 1 << (c % 64);
            }
            s
        };
        let unit_sets: Vec<CellSet> = unit_cells.chunks_exact(n).map(set_of).collect();
        let unit_bits: Vec<u128> = cell_units
            .iter()
            .map(|cu| cu.units().iter().fold(0, |m, &u| m | 1 << u))
            .collect();
        let mut peers = Vec::new();
        let mut peer_start = vec![0u32];
        let mut peer_sets = Vec::with_capacity(n * n);
        for (c, cu) in cell_units.iter().enumerate() {
            let mut set = [0u64; SET_WORDS];
            for &u in cu.units() {
                for (w, word) in set.iter_mut().enumerate() {
                    *word |= unit_sets[usize::from(u)][w];
                }
            }
            set[c / 64] &= !(1 << (c % 64));
            for p in 0..n * n {
                if set[p / 64] & 1 << (p % 64) != 0 {
                    peers.push(p as u16);
                }
            }
            peer_start.push(peers.len() as u32);
            peer_sets.push(set);
        }
        debug_assert_eq!(count, unit_sets.len());
        Geometry {
            side: n,
            size,
            variant,
            places,
            unit_cells,
            kinds,
            cell_units,
            unit_bits,
            peers,
            peer_start,
            peer_sets,
            unit_sets,
            crossings: OnceLock::new(),
        }
    }

    /// The units that share at least two cells with unit `a`, in
    /// increasing order, and where the shared cells lie (built once per
    /// shape, at first use).
    pub fn crossings(&self, a: usize) -> &[Crossing] {
        let all = self.crossings.get_or_init(|| {
            let count = self.unit_count();
            (0..count)
                .map(|a| {
                    (0..count)
                        .filter(|&b| b != a)
                        .filter_map(|b| {
                            let (ua, ub) = (self.unit(a), self.unit(b));
                            let in_a = (ua.iter().enumerate())
                                .filter(|(_, c)| ub.contains(c))
                                .fold(0u32, |m, (k, _)| m | 1 << k);
                            let in_b = (ub.iter().enumerate())
                                .filter(|(_, c)| ua.contains(c))
                                .fold(0u32, |m, (k, _)| m | 1 << k);
                            (in_a.count_ones() >= 2).then_some(Crossing {
                                a: a as u8,
                                b: b as u8,
                                in_a,
                                in_b,
                            })
                        })
                        .collect()
                })
                .collect()
        });
        &all[a]
    }

    /// The crossing of units `a` and `b`, if they share two cells or more.
    pub fn crossing(&self, a: usize, b: usize) -> Option<Crossing> {
        self.crossings(a)
            .iter()
            .find(|x| usize::from(x.b) == b)
            .copied()
    }

    /// The shape of these units (without cages: the cages of a killer
    /// puzzle are its [`Shape`]'s, not its geometry's).
    pub fn shape(&self) -> Shape {
        let variant = match &self.variant {
            GeoVariant::Fixed(v) => v.clone(),
            GeoVariant::Jigsaw(me) => {
                Variant::Jigsaw(Layout(me.upgrade().expect("a geometry in use is alive")))
            }
        };
        Shape {
            size: self.size,
            variant,
            cages: None,
        }
    }

    /// The side.
    #[inline]
    pub fn side(&self) -> usize {
        self.side
    }

    /// The row, column, box and extra units of every cell.
    #[inline]
    pub fn places(&self) -> &[Place] {
        &self.places
    }

    /// The number of units (`3n` plus the variant's extra units).
    #[inline]
    pub fn unit_count(&self) -> usize {
        self.kinds.len()
    }

    /// The cells of every unit, `side` per unit, in the order of the units.
    #[inline]
    pub fn unit_cells(&self) -> &[u16] {
        &self.unit_cells
    }

    /// The cells of unit `u`, in reading order.
    #[inline]
    pub fn unit(&self, u: usize) -> &[u16] {
        let n = self.side;
        &self.unit_cells[u * n..(u + 1) * n]
    }

    /// What unit `u` is.
    #[inline]
    pub fn kind(&self, u: usize) -> Unit {
        self.kinds[u]
    }

    /// The units of `cell`, and its place in each.
    #[inline]
    pub fn cell_units(&self, cell: usize) -> &CellUnits {
        &self.cell_units[cell]
    }

    /// The units of each cell as bits of a `u128` (bit `u` for unit `u`).
    #[inline]
    pub fn unit_bits(&self) -> &[u128] {
        &self.unit_bits
    }

    /// The other cells of the units of `cell`, in increasing order.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        let (a, b) = (self.peer_start[cell], self.peer_start[cell + 1]);
        &self.peers[a as usize..b as usize]
    }

    /// The peers of every cell, as sets of cells.
    #[inline]
    pub fn peer_sets(&self) -> &[CellSet] {
        &self.peer_sets
    }

    /// The cells of every unit, as sets of cells.
    #[inline]
    pub fn unit_sets(&self) -> &[CellSet] {
        &self.unit_sets
    }

    /// Whether two different cells share a unit.
    #[inline]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.peer_sets[a][b / 64] & 1 << (b % 64) != 0
    }

    /// Whether every cell has the same number of peers, as without a
    /// variant (X and Hyper give some cells more).
    pub fn uniform_peers(&self) -> bool {
        let per = self.peer_start[1] - self.peer_start[0];
        self.peer_start.windows(2).all(|w| w[1] - w[0] == per)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Messages write "an 8x8", "an 11x11", "an 18x18" (issue 50, item 27:
    /// "a 11x11 grid").
    #[test]
    fn the_article_follows_the_sound() {
        let a = |t: &str| A(t).to_string();
        assert_eq!(a("8x8"), "an 8x8");
        assert_eq!(a("11x11"), "an 11x11");
        assert_eq!(a("18x18 X"), "an 18x18 X");
        assert_eq!(a("9x9"), "a 9x9");
        assert_eq!(a("12x12"), "a 12x12");
        assert_eq!(a("1x1"), "a 1x1");
        assert_eq!(A(Size::S16).to_string(), "a 16x16");
        assert_eq!(
            ShapeError::NoBoxes { side: 11 }.to_string(),
            "an 11x11 grid has no boxes (no box of at least 2x2 has 11 cells); give it a jigsaw region map"
        );
    }

    /// A shape's name before its noun keeps the boxes after it (issue 50,
    /// item 27: "a book of 6x6 with 3x2 boxes puzzles").
    #[test]
    fn a_shape_names_its_noun_before_its_boxes() {
        let odd = Shape::from(Size::boxed(6, 3, 2).unwrap());
        assert_eq!(odd.of("puzzles"), "6x6 puzzles with 3x2 boxes");
        assert_eq!(Shape::from(Size::S6).of("grids"), "6x6 grids");
        let x = Shape::new(Size::S9, Variant::X).unwrap();
        assert_eq!(x.of("puzzles"), "9x9 X puzzles");
    }

    #[test]
    fn usual_sizes_are_their_sides_boxes() {
        for size in Size::USUAL {
            assert_eq!(Size::from_side(size.side()), Some(size));
            assert_eq!(size.box_rows() * size.box_cols(), size.side());
            assert!(size.box_rows() <= size.box_cols());
            assert_eq!(Size::from_cells(size.cells()), Some(size));
        }
        assert_eq!(Size::from_side(6).map(|s| s.box_text()), Some("2x3".into()));
        assert_eq!(
            Size::from_side(12).map(|s| s.box_text()),
            Some("3x4".into())
        );
        assert_eq!(Size::from_side(7), None);
        assert_eq!(Size::from_side(9), Some(Size::S9));
    }

    #[test]
    fn bad_boxes_and_variants_say_what_fits() {
        assert_eq!(
            Size::boxed(12, 4, 4).unwrap_err().to_string(),
            "boxes of 4x4 (16 cells) do not make a side of 12; a side of 12 takes boxes of 2x6, 3x4, 4x3, 6x2"
        );
        assert_eq!(
            Size::boxed(30, 5, 6).unwrap_err().to_string(),
            "a side of 30 is out of range; sides go from 4 to 25"
        );
        let six = Size::from_side(6).unwrap();
        assert_eq!(
            Shape::new(six, Variant::Hyper).unwrap_err().to_string(),
            "hyper windows exist only on 9x9 grids with 3x3 boxes, not on 6x6 grids with 2x3 boxes"
        );
        assert!(Shape::new(Size::S9, Variant::Hyper).is_ok());
    }

    /// Region maps of `n` consecutive cells along a spiral from each
    /// corner, each way round (every region one piece), for sides 4 to
    /// 25: 176 maps, a few of them the same.
    fn spiral_maps() -> Vec<Vec<u8>> {
        let mut maps = Vec::new();
        for n in MIN_SIDE..=MAX_SIDE {
            // The clockwise spiral from the top left corner, inward.
            let mut path = Vec::with_capacity(n * n);
            let (mut top, mut left, mut bottom, mut right) = (0, 0, n - 1, n - 1);
            while path.len() < n * n {
                path.extend((left..=right).map(|c| (top, c)));
                path.extend((top + 1..=bottom).map(|r| (r, right)));
                if top < bottom {
                    path.extend((left..right).rev().map(|c| (bottom, c)));
                }
                if left < right {
                    path.extend((top + 1..bottom).rev().map(|r| (r, left)));
                }
                (top, left) = (top + 1, left + 1);
                (bottom, right) = (bottom.wrapping_sub(1), right.wrapping_sub(1));
            }
            path.truncate(n * n);
            for turn in 0..8 {
                let mut map = vec![0u8; n * n];
                for (i, &(r, c)) in path.iter().enumerate() {
                    let (r, c) = if turn & 4 != 0 { (c, r) } else { (r, c) };
                    let r = if turn & 1 != 0 { n - 1 - r } else { r };
                    let c = if turn & 2 != 0 { n - 1 - c } else { c };
                    map[r * n + c] = b'A' + (i / n) as u8;
                }
                maps.push(map);
            }
        }
        maps
    }

    /// A layout lives as long as something holds it (and a while among
    /// the last made): a run drawing a new map per puzzle keeps flat
    /// memory. The same map while alive is the same tables.
    #[test]
    fn layouts_nothing_holds_are_freed() {
        let mut seen = std::collections::HashSet::new();
        let maps: Vec<Vec<u8>> = (spiral_maps().into_iter())
            .filter(|m| seen.insert(Layout::new(m).unwrap().regions()))
            .collect();
        assert!(maps.len() > 2 * RECENT_LAYOUTS, "{}", maps.len());
        let first = Layout::new(&maps[0]).unwrap();
        let again = Layout::new(&maps[0]).unwrap();
        assert!(Arc::ptr_eq(&first.0, &again.0));
        let shape = Shape::jigsaw(again.clone());
        assert_eq!(shape.geometry().shape(), shape);
        let freed = Arc::downgrade(&first.0);
        drop((first, again, shape));
        for map in &maps[1..] {
            let layout = Layout::new(map).unwrap();
            assert_eq!(Layout::parse(&layout.text()).unwrap(), layout);
        }
        assert!(freed.upgrade().is_none(), "a layout no one holds was kept");
        let guard = LAYOUTS.lock().unwrap();
        let table = guard.as_ref().unwrap();
        assert!(table.recent.len() <= RECENT_LAYOUTS);
        // The tables kept are the recent ones (other tests may hold a
        // few); the index of maps is swept before it doubles.
        let built = table.alive.values().filter(|g| g.strong_count() > 0);
        assert!(built.count() <= RECENT_LAYOUTS + 16);
        assert!(table.alive.len() <= table.sweep_at);
    }

    #[test]
    fn geometry_of_every_shape_is_consistent() {
        let mut shapes: Vec<Shape> = Size::USUAL.iter().map(|&s| Shape::plain(s)).collect();
        shapes.extend(
            Size::USUAL
                .iter()
                .map(|&s| Shape::new(s, Variant::X).unwrap()),
        );
        shapes.push(Shape::new(Size::S9, Variant::Hyper).unwrap());
        shapes.push(Shape::plain(Size::boxed(12, 2, 6).unwrap()));
        let rows: String = (0..9)
            .map(|r| format!("{}", "ABCDEFGHI".as_bytes()[r] as char).repeat(9))
            .collect();
        shapes.push(Shape::jigsaw(Layout::parse(&rows).unwrap()));
        for shape in shapes {
            let g = shape.geometry();
            let n = shape.side();
            assert_eq!(g.unit_count(), 3 * n + shape.variant().extra_units());
            for u in 0..g.unit_count() {
                let mut cells: Vec<u16> = g.unit(u).to_vec();
                cells.dedup();
                assert_eq!(cells.len(), n, "{shape:?} unit {u}");
            }
            for c in 0..shape.cells() {
                let cu = g.cell_units(c);
                for (&u, &k) in cu.units().iter().zip(cu.positions()) {
                    assert_eq!(usize::from(g.unit(usize::from(u))[usize::from(k)]), c);
                }
                let expected: Vec<u16> = (0..shape.cells())
                    .filter(|&d| {
                        d != c
                            && cu
                                .units()
                                .iter()
                                .any(|&u| g.unit(usize::from(u)).contains(&(d as u16)))
                    })
                    .map(|d| d as u16)
                    .collect();
                assert_eq!(g.peers(c), &expected[..], "{shape:?} cell {c}");
                for &p in g.peers(c) {
                    assert!(g.sees(c, usize::from(p)));
                }
                let p = g.places()[c];
                assert_eq!(
                    u32::from(p.extra).count_ones() as usize + 3,
                    cu.units().len()
                );
            }
        }
    }

    #[test]
    fn layouts_intern_and_check_their_regions() {
        let rows = "AAAABBBB".to_string();
        assert!(matches!(
            Layout::parse(&rows),
            Err(ShapeError::LayoutCells { found: 8 })
        ));
        let map = "AABB AABB CCDD CCDD";
        let a = Layout::parse(map).unwrap();
        let b = Layout::parse("xxyyxxyyzzwwzzww").unwrap();
        assert_eq!(a, b);
        assert_eq!(a.side(), 4);
        assert_eq!(a.text(), "AABBAABBCCDDCCDD");
        assert_eq!(
            Layout::parse("AAABAABBCCDDCCDD").unwrap_err().to_string(),
            "region 'A' has 5 cells; every region of a 4x4 map needs 4"
        );
        assert_eq!(
            Layout::parse("AAAAAAAACCDDCCDD").unwrap_err().to_string(),
            "a 4x4 region map has 3 regions; it needs 4 regions of 4 cells each"
        );
        // Rows are connected, and so is a region that winds; two cells
        // that touch only at a corner are not.
        assert!(Layout::parse("AAAA BBBB CCCC DDDD").is_ok());
        assert!(Layout::parse("AABB ABBD ACCD CCDD").is_ok());
        assert_eq!(
            Layout::parse("ABBB AABD CCAD CCDD").unwrap_err(),
            ShapeError::Disconnected {
                region: 'A',
                pieces: 2
            }
        );
        assert_eq!(
            Layout::parse("BAAA BBAC DDBC DDCC")
                .unwrap_err()
                .to_string(),
            "region 'B' is not connected: its cells fall into 2 pieces; a region's cells must join side by side (not only at corners), so redraw the map with each letter's cells in one piece"
        );
        let shape = Shape::jigsaw(a);
        assert!(!shape.has_boxes());
        assert_eq!(shape.geometry().kind(0), Unit::Region(0));
    }
}
