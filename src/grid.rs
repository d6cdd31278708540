//! The grid: sizes, cell indexing, the validity check, and symbol parsing.
//!
//! A grid of box size `b` has side `n = b²` and `n²` cells, stored row-major
//! as values `1..=n` (`0` is an empty cell) in a fixed array big enough for
//! the largest size, so making or copying a grid never allocates.
//!
//! The validity check here is written without reference to any strategy: it
//! counts the symbols of every row, column and box afresh.

use std::fmt;

use crate::mask::Mask;

/// The largest side this crate handles.
pub const MAX_SIDE: usize = 25;
/// The number of cells of the largest grid.
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// The symbols of the cell values, `1`-`9` then `A`-`Z`: value `v` is
/// `SYMBOLS[v - 1]`.
pub const SYMBOLS: &[u8; 35] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The size of a grid, named by its side length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Size {
    /// 4x4, boxes of 2x2.
    S4,
    /// 9x9, boxes of 3x3: the classic grid.
    S9,
    /// 16x16, boxes of 4x4.
    S16,
    /// 25x25, boxes of 5x5.
    S25,
}

/// Where a cell lies: its row, column and box (all 0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The row, `0..side`.
    pub row: u8,
    /// The column, `0..side`.
    pub col: u8,
    /// The box, numbered row-major, `0..side`.
    pub boxn: u8,
}

const fn places<const N: usize>(b: usize) -> [Place; N] {
    let n = b * b;
    let mut out = [Place {
        row: 0,
        col: 0,
        boxn: 0,
    }; N];
    let mut i = 0;
    while i < N {
        let (r, c) = (i / n, i % n);
        out[i] = Place {
            row: r as u8,
            col: c as u8,
            boxn: ((r / b) * b + c / b) as u8,
        };
        i += 1;
    }
    out
}

/// `BOX_CELLS[k]`: the cells of each box, box after box, row-major within.
const fn box_cells<const N: usize>(b: usize) -> [u16; N] {
    let n = b * b;
    let mut out = [0u16; N];
    let mut i = 0;
    while i < N {
        let (boxn, k) = (i / n, i % n);
        out[i] = (((boxn / b) * b + k / b) * n + (boxn % b) * b + k % b) as u16;
        i += 1;
    }
    out
}

static BOX_CELLS_4: [u16; 16] = box_cells::<16>(2);
static BOX_CELLS_9: [u16; 81] = box_cells::<81>(3);
static BOX_CELLS_16: [u16; 256] = box_cells::<256>(4);
static BOX_CELLS_25: [u16; 625] = box_cells::<625>(5);

/// `UNIT_CELLS`: the cells of every unit, boxes, then rows, then columns
/// (Sudoku Explainer's order), `side` per unit.
const fn unit_cells<const M: usize>(b: usize) -> [u16; M] {
    let n = b * b;
    let mut out = [0u16; M];
    let mut i = 0;
    while i < M {
        let (unit, k) = (i / n, i % n);
        out[i] = match unit / n {
            0 => {
                let boxn = unit;
                (((boxn / b) * b + k / b) * n + (boxn % b) * b + k % b) as u16
            }
            1 => ((unit - n) * n + k) as u16,
            _ => (k * n + unit - 2 * n) as u16,
        };
        i += 1;
    }
    out
}

static UNIT_CELLS_4: [u16; 48] = unit_cells::<48>(2);
static UNIT_CELLS_9: [u16; 243] = unit_cells::<243>(3);
static UNIT_CELLS_16: [u16; 768] = unit_cells::<768>(4);
static UNIT_CELLS_25: [u16; 1875] = unit_cells::<1875>(5);

static PLACES_4: [Place; 16] = places::<16>(2);
static PLACES_9: [Place; 81] = places::<81>(3);
static PLACES_16: [Place; 256] = places::<256>(4);
static PLACES_25: [Place; 625] = places::<625>(5);

impl Size {
    /// Every size, smallest first.
    pub const ALL: [Size; 4] = [Size::S4, Size::S9, Size::S16, Size::S25];

    /// The side of a box (2 to 5).
    #[inline]
    pub const fn box_size(self) -> usize {
        match self {
            Size::S4 => 2,
            Size::S9 => 3,
            Size::S16 => 4,
            Size::S25 => 5,
        }
    }

    /// The side of the grid, which is also the number of symbols.
    #[inline]
    pub const fn side(self) -> usize {
        self.box_size() * self.box_size()
    }

    /// The number of cells.
    #[inline]
    pub const fn cells(self) -> usize {
        self.side() * self.side()
    }

    /// The size whose side is `side`, if there is one.
    pub const fn from_side(side: usize) -> Option<Size> {
        match side {
            4 => Some(Size::S4),
            9 => Some(Size::S9),
            16 => Some(Size::S16),
            25 => Some(Size::S25),
            _ => None,
        }
    }

    /// The size whose cell count is a few cells off `cells` (at most 3,
    /// and not `cells` itself): what a record one or two cells short or
    /// long was meant to be.
    pub fn near_cells(cells: usize) -> Option<Size> {
        Size::ALL
            .into_iter()
            .find(|s| s.cells() != cells && s.cells().abs_diff(cells) <= 3)
    }

    /// The size with `cells` cells, if there is one.
    pub const fn from_cells(cells: usize) -> Option<Size> {
        match cells {
            16 => Some(Size::S4),
            81 => Some(Size::S9),
            256 => Some(Size::S16),
            625 => Some(Size::S25),
            _ => None,
        }
    }

    /// The row, column and box of every cell, indexed by cell.
    #[inline]
    pub fn places(self) -> &'static [Place] {
        match self {
            Size::S4 => &PLACES_4,
            Size::S9 => &PLACES_9,
            Size::S16 => &PLACES_16,
            Size::S25 => &PLACES_25,
        }
    }

    /// The other cells of the row, column and box of `cell`
    /// (`3n - 2b - 1` of them: 20 for 9x9), built once per size.
    pub fn peers(self, cell: usize) -> &'static [u16] {
        let per = self.peer_count();
        &self.peer_table()[cell * per..(cell + 1) * per]
    }

    /// Every cell's peers, [`peer_count`](Size::peer_count) per cell, cell
    /// after cell: look it up once for a hot loop.
    pub fn peer_table(self) -> &'static [u16] {
        static TABLES: [std::sync::OnceLock<Vec<u16>>; 4] =
            [const { std::sync::OnceLock::new() }; 4];
        let per = self.peer_count();
        TABLES[self as usize].get_or_init(|| {
            let places = self.places();
            let mut out = Vec::with_capacity(self.cells() * per);
            for a in places {
                for (j, b) in places.iter().enumerate() {
                    if a != b && (a.row == b.row || a.col == b.col || a.boxn == b.boxn) {
                        out.push(j as u16);
                    }
                }
            }
            out
        })
    }

    /// How many peers each cell has.
    #[inline]
    pub const fn peer_count(self) -> usize {
        3 * self.side() - 2 * self.box_size() - 1
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

    /// The cells of every box, box after box (`side` per box, row-major
    /// within the box): the table behind [`box_cell`](Size::box_cell).
    #[inline]
    pub fn box_cells(self) -> &'static [u16] {
        match self {
            Size::S4 => &BOX_CELLS_4,
            Size::S9 => &BOX_CELLS_9,
            Size::S16 => &BOX_CELLS_16,
            Size::S25 => &BOX_CELLS_25,
        }
    }

    /// The cells of every unit, `side` per unit: the boxes, then the rows,
    /// then the columns, each in reading order.
    #[inline]
    pub fn unit_cells(self) -> &'static [u16] {
        match self {
            Size::S4 => &UNIT_CELLS_4,
            Size::S9 => &UNIT_CELLS_9,
            Size::S16 => &UNIT_CELLS_16,
            Size::S25 => &UNIT_CELLS_25,
        }
    }

    /// The cell index of the `k`-th cell (row-major) of box `boxn`.
    #[inline]
    pub const fn box_cell(self, boxn: usize, k: usize) -> usize {
        let b = self.box_size();
        self.cell((boxn / b) * b + k / b, (boxn % b) * b + k % b)
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

/// `1 cell`, `2 cells`: a count with its noun.
pub fn plural(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// `a, b, c or d`: how messages list the choices (sides, cell counts).
pub fn or_list(items: impl IntoIterator<Item = usize>) -> String {
    let items: Vec<String> = items.into_iter().map(|x| x.to_string()).collect();
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.side(), self.side())
    }
}

/// A Sudoku grid of any supported size, possibly with empty cells.
#[derive(Clone, PartialEq, Eq)]
pub struct Grid {
    size: Size,
    cells: [u8; MAX_CELLS],
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
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Unit::Row(i) => write!(f, "row {}", i + 1),
            Unit::Col(i) => write!(f, "column {}", i + 1),
            Unit::Box(i) => write!(f, "box {}", i + 1),
        }
    }
}

/// Why a grid is not a valid complete Sudoku grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// A cell is empty.
    Empty {
        /// Its row (0-based).
        row: usize,
        /// Its column (0-based).
        col: usize,
    },
    /// A unit holds a symbol more than once.
    Repeat {
        /// The unit.
        unit: Unit,
        /// The repeated symbol.
        symbol: char,
        /// How many times it appears.
        times: usize,
    },
}

impl Invalid {
    /// The same fault with its symbol rewritten by `written` (the symbol
    /// as a file in another alphabet writes it).
    pub fn written_as(self, written: impl Fn(char) -> char) -> Invalid {
        match self {
            Invalid::Repeat {
                unit,
                symbol,
                times,
            } => Invalid::Repeat {
                unit,
                symbol: written(symbol),
                times,
            },
            empty => empty,
        }
    }
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::Empty { row, col } => {
                write!(f, "cell r{}c{} is empty", row + 1, col + 1)
            }
            Invalid::Repeat {
                unit,
                symbol,
                times,
            } => {
                const WORDS: [&str; 8] = ["", "", "two", "three", "four", "five", "six", "seven"];
                match WORDS.get(*times) {
                    Some(w) => write!(f, "{unit} has {w} {symbol}s"),
                    None => write!(f, "{unit} has {times} {symbol}s"),
                }
            }
        }
    }
}

impl std::error::Error for Invalid {}

/// Why a text is not a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The number of cells is not that of any size (or of the forced size).
    CellCount {
        /// How many cells were found.
        found: usize,
        /// How many were expected, when a size was given.
        expected: Option<usize>,
    },
    /// A character is not a symbol of the grid's size.
    BadSymbol {
        /// The character.
        found: char,
        /// The size it was read as.
        size: Size,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::CellCount {
                found,
                expected: Some(e),
            } => write!(f, "{}, expected {e}", plural(*found, "cell")),
            ParseError::CellCount {
                found,
                expected: None,
            } => match Size::near_cells(*found) {
                Some(size) => write!(
                    f,
                    "{} where {} are expected",
                    plural(*found, "cell"),
                    size.cells()
                ),
                None => write!(
                    f,
                    "{}, expected {}",
                    plural(*found, "cell"),
                    or_list(Size::ALL.iter().map(|s| s.cells()))
                ),
            },
            ParseError::BadSymbol { found, size } if found.is_ascii_graphic() => {
                write!(f, "'{found}' is not a symbol of a {size} grid")
            }
            ParseError::BadSymbol { found, size } => {
                write!(
                    f,
                    "'\\x{:02x}' is not a symbol of a {size} grid",
                    u32::from(*found)
                )
            }
        }
    }
}

impl std::error::Error for ParseError {}

impl Grid {
    /// An empty grid of `size`.
    #[inline]
    pub const fn empty(size: Size) -> Grid {
        Grid {
            size,
            cells: [0; MAX_CELLS],
        }
    }

    /// The grid of `size` holding `values` row-major (`0` for empty).
    /// Returns `None` if there are not exactly `size.cells()` values or one
    /// is larger than the side.
    pub fn from_values(size: Size, values: &[u8]) -> Option<Grid> {
        if values.len() != size.cells() || values.iter().any(|&v| usize::from(v) > size.side()) {
            return None;
        }
        let mut g = Grid::empty(size);
        g.cells[..values.len()].copy_from_slice(values);
        Some(g)
    }

    /// The grid's size.
    #[inline]
    pub const fn size(&self) -> Size {
        self.size
    }

    /// Empties every cell and sets the size.
    #[inline]
    pub fn clear(&mut self, size: Size) {
        self.size = size;
        self.cells[..size.cells()].fill(0);
    }

    /// The cells, row-major (`size.cells()` of them).
    #[inline]
    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.size.cells()]
    }

    /// The cells, row-major, for writing.
    #[inline]
    pub fn cells_mut(&mut self) -> &mut [u8] {
        let n = self.size.cells();
        &mut self.cells[..n]
    }

    /// The value at `row`, `col` (0 if empty).
    #[inline]
    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.cells[self.size.cell(row, col)]
    }

    /// Sets the value at `row`, `col`.
    #[inline]
    pub fn set(&mut self, row: usize, col: usize, v: u8) {
        let i = self.size.cell(row, col);
        self.cells[i] = v;
    }

    /// The rows, top to bottom.
    pub fn rows(&self) -> impl Iterator<Item = &[u8]> {
        self.cells().chunks_exact(self.size.side())
    }

    /// How many cells are filled (a puzzle's clues).
    pub fn filled(&self) -> usize {
        self.cells().iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell is filled.
    pub fn is_complete(&self) -> bool {
        self.cells().iter().all(|&v| v != 0)
    }

    /// Checks that the grid is complete and that every row, column and box
    /// holds each symbol exactly once. Reports the first problem in reading
    /// order: empty cells, then rows, columns, boxes.
    pub fn validate(&self) -> Result<(), Invalid> {
        if self.all_units_full() {
            return Ok(());
        }
        self.first_fault()
    }

    /// The fast check: each unit's values OR-ed as bits must be every
    /// value. With `n` cells a unit covers all `n` values only if they are
    /// all different and none is empty (an empty cell adds no bit).
    fn all_units_full(&self) -> bool {
        let size = self.size;
        let (b, n) = (size.box_size(), size.side());
        // Each cell's value as a bit (an empty cell, 0, as no bit; values
        // never exceed 25, and `& 31` keeps the shift in range regardless).
        // Computed where it is used: an array of them would be cleared in
        // full (the largest size's) on every call.
        let bit = |v: u8| (1u32 << (v & 31)) >> 1;
        let full = size.full_mask().0;
        let mut all = full;
        let mut cols = [0u32; MAX_SIDE];
        for row in self.cells().chunks_exact(n) {
            // Rows accumulate in a register, columns element-wise.
            let mut r = 0;
            for (col, &v) in cols.iter_mut().zip(row) {
                r |= bit(v);
                *col |= bit(v);
            }
            all &= r;
        }
        for &col in &cols[..n] {
            all &= col;
        }
        for band in self.cells().chunks_exact(b * n) {
            for stack in 0..b {
                let mut m = 0;
                for row in band.chunks_exact(n) {
                    for &v in &row[stack * b..stack * b + b] {
                        m |= bit(v);
                    }
                }
                all &= m;
            }
        }
        all == full
    }

    /// The first fault in reading order, by counting (the slow path).
    fn first_fault(&self) -> Result<(), Invalid> {
        let n = self.size.side();
        if let Some(i) = self.cells().iter().position(|&v| v == 0) {
            return Err(Invalid::Empty {
                row: i / n,
                col: i % n,
            });
        }
        self.first_repeat()
    }

    /// Checks a puzzle: its givens (filled cells) must not repeat a symbol
    /// in any row, column or box; empty cells are allowed. Reports the first
    /// repeat in the order rows, columns, boxes.
    pub fn validate_givens(&self) -> Result<(), Invalid> {
        if self.is_complete() {
            return self.validate();
        }
        self.first_repeat()
    }

    /// The first unit holding a symbol twice, empty cells not counted.
    fn first_repeat(&self) -> Result<(), Invalid> {
        let size = self.size;
        let n = size.side();
        let units = [
            (0..n).map(Unit::Row).collect::<Vec<_>>(),
            (0..n).map(Unit::Col).collect(),
            (0..n).map(Unit::Box).collect(),
        ];
        for unit in units.iter().flatten() {
            let mut count = [0usize; MAX_SIDE + 1];
            for k in 0..n {
                let cell = match *unit {
                    Unit::Row(r) => size.cell(r, k),
                    Unit::Col(c) => size.cell(k, c),
                    Unit::Box(b) => size.box_cell(b, k),
                };
                count[usize::from(self.cells[cell])] += 1;
            }
            if let Some(v) = (1..=n).find(|&v| count[v] > 1) {
                return Err(Invalid::Repeat {
                    unit: *unit,
                    symbol: char::from(size.symbol(v as u8)),
                    times: count[v],
                });
            }
        }
        Ok(())
    }

    /// Whether [`validate`](Grid::validate) passes.
    pub fn is_valid(&self) -> bool {
        self.validate().is_ok()
    }

    /// Reads a grid from text holding its symbols row-major, in the `line`
    /// or the `grid` format: white space and the rules `|`, `-`, `+` are
    /// skipped. The size is inferred from the number of cells unless given.
    pub fn parse(text: &str, size: Option<Size>) -> Result<Grid, ParseError> {
        // Rules (lines of `-` and `+`) go; so do white space and `|`.
        let rule = |line: &str| {
            line.bytes()
                .all(|b| matches!(b, b'-' | b'+' | b' ' | b'\t' | b'\r'))
        };
        let symbols: Vec<u8> = text
            .lines()
            .filter(|line| !rule(line))
            .flat_map(str::bytes)
            .filter(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b'|'))
            .collect();
        Grid::parse_line(&symbols, size)
    }

    /// Reads the `line` format: the symbols row-major, nothing else. The
    /// size is inferred from the number of cells unless given.
    pub fn parse_line(line: &[u8], size: Option<Size>) -> Result<Grid, ParseError> {
        let mut g = Grid::empty(Size::S4);
        g.read_line(line, size)?;
        Ok(g)
    }

    /// [`Grid::parse_line`] into this grid, reusing its storage.
    pub fn read_line(&mut self, line: &[u8], size: Option<Size>) -> Result<(), ParseError> {
        let found = line.len();
        let size = match size.or(Size::from_cells(found)) {
            Some(s) if s.cells() == found => s,
            other => {
                return Err(ParseError::CellCount {
                    found,
                    expected: other.map(Size::cells),
                });
            }
        };
        self.clear(size);
        let cells = self.cells_mut();
        if size <= Size::S9 {
            // Digits only: one subtraction per byte, checked at the end
            // (this loop vectorises); anything else takes the general path.
            let mut worst = 0u8;
            for (cell, &b) in cells.iter_mut().zip(line) {
                let v = b.wrapping_sub(b'0');
                *cell = v;
                worst = worst.max(v);
            }
            if usize::from(worst) <= size.side() {
                return Ok(());
            }
        }
        for (cell, &b) in cells.iter_mut().zip(line) {
            *cell = size.value_of(b).ok_or(ParseError::BadSymbol {
                found: char::from(b),
                size,
            })?;
        }
        Ok(())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line: String = self
            .cells()
            .iter()
            .map(|&v| char::from(self.size.symbol(v)))
            .collect();
        write!(f, "Grid({}, {line})", self.size)
    }
}

impl fmt::Display for Grid {
    /// The `line` format: the symbols row-major.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &v in self.cells() {
            write!(f, "{}", char::from(self.size.symbol(v)))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn places_agree_with_arithmetic() {
        for size in Size::ALL {
            let (b, n) = (size.box_size(), size.side());
            assert_eq!(size.places().len(), size.cells());
            for (i, p) in size.places().iter().enumerate() {
                let (r, c) = (i / n, i % n);
                assert_eq!((p.row as usize, p.col as usize), (r, c));
                assert_eq!(p.boxn as usize, (r / b) * b + c / b);
            }
            for bx in 0..n {
                for k in 0..n {
                    assert_eq!(size.places()[size.box_cell(bx, k)].boxn as usize, bx);
                    assert_eq!(
                        usize::from(size.box_cells()[bx * n + k]),
                        size.box_cell(bx, k)
                    );
                }
            }
        }
    }

    #[test]
    fn peers_are_the_cells_sharing_a_unit() {
        for size in Size::ALL {
            let places = size.places();
            for cell in 0..size.cells() {
                let peers = size.peers(cell);
                assert_eq!(peers.len(), size.peer_count());
                let a = places[cell];
                let expected: Vec<u16> = (0..size.cells())
                    .filter(|&j| {
                        let b = places[j];
                        j != cell && (a.row == b.row || a.col == b.col || a.boxn == b.boxn)
                    })
                    .map(|j| j as u16)
                    .collect();
                assert_eq!(peers, &expected[..]);
            }
        }
    }

    #[test]
    fn a_known_grid_is_valid_and_round_trips() {
        let g = Grid::parse(GOOD, None).unwrap();
        assert_eq!(g.size(), Size::S9);
        assert_eq!(g.validate(), Ok(()));
        assert_eq!(g.to_string(), GOOD);
    }

    #[test]
    fn validate_names_the_first_fault() {
        let mut g = Grid::parse(GOOD, None).unwrap();
        // Swap two cells of row 1: columns break, rows and boxes do not.
        let (a, b) = (g.get(0, 0), g.get(0, 1));
        g.set(0, 0, b);
        g.set(0, 1, a);
        let e = g.validate().unwrap_err();
        assert_eq!(e.to_string(), "column 1 has two 3s");
        g.set(0, 0, a);
        g.set(0, 1, a);
        assert_eq!(g.validate().unwrap_err().to_string(), "row 1 has two 5s");
        g.set(4, 4, 0);
        assert_eq!(g.validate().unwrap_err().to_string(), "cell r5c5 is empty");
    }

    #[test]
    fn validate_catches_box_only_faults() {
        // Rows and columns are Latin, boxes are not.
        let mut g = Grid::empty(Size::S4);
        for r in 0..4 {
            for c in 0..4 {
                g.set(r, c, ((r + c) % 4 + 1) as u8);
            }
        }
        assert_eq!(g.validate().unwrap_err().to_string(), "box 1 has two 2s");
    }

    #[test]
    fn parse_reports_count_and_symbol_errors() {
        assert_eq!(
            Grid::parse(&GOOD[1..], None).unwrap_err().to_string(),
            "80 cells where 81 are expected"
        );
        assert_eq!(
            Grid::parse(&GOOD[..70], None).unwrap_err().to_string(),
            "70 cells, expected 16, 81, 256 or 625"
        );
        assert_eq!(
            Grid::parse(&GOOD[1..], Some(Size::S9))
                .unwrap_err()
                .to_string(),
            "80 cells, expected 81"
        );
        let bad = format!("x{}", &GOOD[1..]);
        assert_eq!(
            Grid::parse(&bad, None).unwrap_err().to_string(),
            "'x' is not a symbol of a 9x9 grid"
        );
        let letter = format!("A{}", &GOOD[1..]);
        assert!(Grid::parse(&letter, None).is_err());
        let empty = format!(".{}", &GOOD[1..]);
        assert!(!Grid::parse(&empty, None).unwrap().is_complete());
    }

    #[test]
    fn symbols_cover_every_size() {
        assert_eq!(Size::S16.symbol(16), b'G');
        assert_eq!(Size::S25.symbol(25), b'P');
        assert_eq!(Size::S25.value_of(b'p'), Some(25));
        assert_eq!(Size::S16.value_of(b'H'), None);
        for size in Size::ALL {
            for v in 1..=size.side() as u8 {
                assert_eq!(size.value_of(size.symbol(v)), Some(v));
            }
        }
    }
}
