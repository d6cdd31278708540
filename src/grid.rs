//! The grid: its shape, cell indexing, the validity check, and symbol
//! parsing.
//!
//! A grid of side `n` has `n²` cells, stored row-major as values `1..=n`
//! (`0` is an empty cell) in a fixed array big enough for the largest size,
//! so making or copying a grid never allocates. It carries its shape (see
//! [`crate::shape`]): the size, with its boxes, and the variant, so every
//! room that takes a grid knows its units.
//!
//! The validity check here is written without reference to any strategy: it
//! counts the symbols of every unit afresh.

use std::fmt;

pub use crate::shape::{
    A, Geometry, Layout, MAX_CELLS, MAX_SIDE, Place, SYMBOLS, Shape, ShapeError, Size, Unit,
    Variant,
};

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

/// A Sudoku grid of any supported size, possibly with empty cells.
#[derive(Clone, PartialEq, Eq)]
pub struct Grid {
    size: Size,
    shape: Shape,
    cells: [u8; MAX_CELLS],
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
    /// A killer cage holds a symbol more than once.
    CageRepeat {
        /// The cage's first cell (row, column; 0-based).
        at: (usize, usize),
        /// The repeated symbol.
        symbol: char,
    },
    /// A killer cage's values do not make its sum (all of them filled),
    /// or already pass it.
    CageSum {
        /// The cage's first cell (row, column; 0-based).
        at: (usize, usize),
        /// The cage's sum.
        sum: u32,
        /// What its filled cells add up to.
        found: u32,
        /// Whether every cell of the cage is filled.
        full: bool,
    },
}

impl Invalid {
    /// The same fault with its symbol rewritten by `written` (the symbol
    /// as a file in another alphabet writes it).
    pub fn written_as(self, written: impl Fn(char) -> char) -> Invalid {
        match self {
            Invalid::CageRepeat { at, symbol } => Invalid::CageRepeat {
                at,
                symbol: written(symbol),
            },
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
            Invalid::CageRepeat { at, symbol } => write!(
                f,
                "the cage at r{}c{} has {symbol} twice",
                at.0 + 1,
                at.1 + 1
            ),
            Invalid::CageSum {
                at,
                sum,
                found,
                full: true,
            } => write!(
                f,
                "the cage at r{}c{} adds up to {found}, not its sum {sum}",
                at.0 + 1,
                at.1 + 1
            ),
            Invalid::CageSum { at, sum, found, .. } => write!(
                f,
                "the givens of the cage at r{}c{} add up to {found}, more than its sum {sum}",
                at.0 + 1,
                at.1 + 1
            ),
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
                    or_list(Size::USUAL.iter().map(|s| s.cells()))
                ),
            },
            ParseError::BadSymbol { found, size }
                if !found.is_control() && !found.is_whitespace() =>
            {
                write!(f, "'{found}' is not a symbol of {} grid", A(size))
            }
            ParseError::BadSymbol { found, size } => {
                write!(
                    f,
                    "'\\x{:02x}' is not a symbol of {} grid",
                    u32::from(*found),
                    A(size)
                )
            }
        }
    }
}

impl std::error::Error for ParseError {}

impl Grid {
    /// An empty grid of `size` (rows, columns and boxes; see [`Grid::new`]
    /// for a variant).
    #[inline]
    pub const fn empty(size: Size) -> Grid {
        Grid {
            size,
            shape: Shape::plain(size),
            cells: [0; MAX_CELLS],
        }
    }

    /// An empty grid of `shape`.
    #[inline]
    pub fn new(shape: impl Into<Shape>) -> Grid {
        let shape = shape.into();
        Grid {
            size: shape.size(),
            shape,
            cells: [0; MAX_CELLS],
        }
    }

    /// The grid of `shape` holding `values` row-major (`0` for empty).
    /// Returns `None` if there are not exactly `shape.cells()` values or
    /// one is larger than the side.
    pub fn from_values(shape: impl Into<Shape>, values: &[u8]) -> Option<Grid> {
        let shape = shape.into();
        if values.len() != shape.cells() || values.iter().any(|&v| usize::from(v) > shape.side()) {
            return None;
        }
        let mut g = Grid::new(shape);
        g.cells[..values.len()].copy_from_slice(values);
        Some(g)
    }

    /// The grid's size.
    #[inline]
    pub const fn size(&self) -> Size {
        self.size
    }

    /// The grid's variant.
    #[inline]
    pub const fn variant(&self) -> &Variant {
        self.shape.variant()
    }

    /// The grid's shape: its size and variant.
    #[inline]
    pub const fn shape(&self) -> &Shape {
        // Checked when set (`new`, `clear`, `set_variant`).
        &self.shape
    }

    /// The unit tables of the grid's shape.
    #[inline]
    pub fn geometry(&self) -> &Geometry {
        self.shape.geometry()
    }

    /// Gives the grid `variant`, keeping its cells: an error if the
    /// variant cannot exist at the grid's size (Hyper off 9x9, a jigsaw
    /// map of another side).
    pub fn set_variant(&mut self, variant: Variant) -> Result<(), ShapeError> {
        let size = match (&variant, self.shape.variant()) {
            // A jigsaw grid's size has no boxes: back to the usual ones.
            (Variant::Jigsaw(_), _) => self.size,
            (_, Variant::Jigsaw(_)) => {
                Size::from_side(self.size.side()).ok_or(ShapeError::NoBoxes {
                    side: self.size.side(),
                })?
            }
            _ => self.size,
        };
        let shape = Shape::new(size, variant)?;
        self.size = shape.size();
        self.shape = shape;
        Ok(())
    }

    /// Gives the grid `cages` (a killer puzzle's), or takes its cages
    /// away (`None`), its units staying.
    pub fn set_cages(
        &mut self,
        cages: Option<std::sync::Arc<crate::cages::Cages>>,
    ) -> Result<(), ShapeError> {
        self.shape = match cages {
            Some(cages) => self.shape.with_cages(cages)?,
            None => self.shape.without_cages(),
        };
        Ok(())
    }

    /// Empties every cell and sets the shape.
    #[inline]
    pub fn clear(&mut self, shape: impl Into<Shape>) {
        let shape = shape.into();
        self.size = shape.size();
        self.cells[..shape.cells()].fill(0);
        self.shape = shape;
    }

    /// Empties every cell, keeping the shape.
    #[inline]
    pub fn clear_cells(&mut self) {
        let n = self.size.cells();
        self.cells[..n].fill(0);
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

    /// Checks that the grid is complete and that every unit holds each
    /// symbol exactly once. Reports the first problem in reading order:
    /// empty cells, then rows, columns, boxes (or regions), then the
    /// variant's units.
    pub fn validate(&self) -> Result<(), Invalid> {
        if !self.all_units_full() {
            self.first_fault()?;
        }
        self.cage_fault()
    }

    /// The first killer cage (in cage order) that repeats a symbol, whose
    /// filled cells pass its sum, or whose cells are all filled and miss
    /// it; `Ok` for a shape without cages.
    fn cage_fault(&self) -> Result<(), Invalid> {
        let Some(cages) = self.shape.cages() else {
            return Ok(());
        };
        let n = self.size.side();
        for k in 0..cages.count() {
            let cells = cages.cells(k);
            let first = usize::from(cells[0]);
            let at = (first / n, first % n);
            let (mut seen, mut total, mut full) = (0u32, 0u32, true);
            for &c in cells {
                let v = self.cells[usize::from(c)];
                if v == 0 {
                    full = false;
                    continue;
                }
                if seen & 1 << v != 0 {
                    return Err(Invalid::CageRepeat {
                        at,
                        symbol: char::from(self.size.symbol(v)),
                    });
                }
                seen |= 1 << v;
                total += u32::from(v);
            }
            let sum = cages.sum(k);
            if total > sum || (full && total != sum) {
                return Err(Invalid::CageSum {
                    at,
                    sum,
                    found: total,
                    full,
                });
            }
        }
        Ok(())
    }

    /// The fast check: each unit's values OR-ed as bits must be every
    /// value. With `n` cells a unit covers all `n` values only if they are
    /// all different and none is empty (an empty cell adds no bit).
    fn all_units_full(&self) -> bool {
        let size = self.size;
        let n = size.side();
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
        if size.has_boxes() {
            let (h, w) = (size.box_rows(), size.box_cols());
            for band in self.cells().chunks_exact(h * n) {
                for stack in 0..n / w {
                    let mut m = 0;
                    for row in band.chunks_exact(n) {
                        for &v in &row[stack * w..stack * w + w] {
                            m |= bit(v);
                        }
                    }
                    all &= m;
                }
            }
        }
        if all == full && !self.shape.is_plain() {
            // Regions, or the variant's units, from the unit tables.
            let geometry = self.geometry();
            let first = if size.has_boxes() { 3 * n } else { 0 };
            for u in (first..geometry.unit_count()).filter(|&u| u < n || u >= 3 * n) {
                let m = geometry
                    .unit(u)
                    .iter()
                    .fold(0, |m, &c| m | bit(self.cells[usize::from(c)]));
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
    /// in any unit; empty cells are allowed. Reports the first repeat in
    /// the order rows, columns, boxes (or regions), then the variant's
    /// units.
    pub fn validate_givens(&self) -> Result<(), Invalid> {
        if self.is_complete() {
            return self.validate();
        }
        self.first_repeat()?;
        self.cage_fault()
    }

    /// The first unit holding a symbol twice, empty cells not counted.
    fn first_repeat(&self) -> Result<(), Invalid> {
        let size = self.size;
        let n = size.side();
        let geometry = self.geometry();
        // Rows, columns, boxes, then the extra units.
        let order = (n..3 * n).chain(0..n).chain(3 * n..geometry.unit_count());
        for u in order {
            let mut count = [0usize; MAX_SIDE + 1];
            for &cell in geometry.unit(u) {
                count[usize::from(self.cells[usize::from(cell)])] += 1;
            }
            if let Some(v) = (1..=n).find(|&v| count[v] > 1) {
                return Err(Invalid::Repeat {
                    unit: geometry.kind(u),
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
        if size.side() <= 9 {
            // Digits and `.` only: one subtraction and a select per byte,
            // checked at the end (this loop vectorises); anything else
            // takes the general path.
            let mut worst = 0u8;
            for (cell, &b) in cells.iter_mut().zip(line) {
                let v = if b == b'.' { 0 } else { b.wrapping_sub(b'0') };
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
        write!(f, "Grid({}, {line})", self.shape())
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
        for size in Size::USUAL {
            let (h, w, n) = (size.box_rows(), size.box_cols(), size.side());
            let shape = Shape::from(size);
            let places = shape.places();
            assert_eq!(places.len(), size.cells());
            for (i, p) in places.iter().enumerate() {
                let (r, c) = (i / n, i % n);
                assert_eq!((p.row as usize, p.col as usize), (r, c));
                assert_eq!(p.boxn as usize, (r / h) * (n / w) + c / w);
            }
            let geometry = shape.geometry();
            for bx in 0..n {
                for k in 0..n {
                    assert_eq!(places[size.box_cell(bx, k)].boxn as usize, bx);
                    assert_eq!(usize::from(geometry.unit(bx)[k]), size.box_cell(bx, k));
                }
            }
        }
    }

    #[test]
    fn peers_are_the_cells_sharing_a_row_column_or_box() {
        for size in Size::USUAL {
            let shape = Shape::from(size);
            let places = shape.places();
            let (h, w) = (size.box_rows(), size.box_cols());
            for cell in 0..size.cells() {
                let peers = shape.peers(cell);
                assert_eq!(peers.len(), 3 * size.side() - h - w - 1);
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

    /// A variant's units are checked too, and named.
    #[test]
    fn variants_validate_their_own_units() {
        let mut g = Grid::parse(GOOD, None).unwrap();
        assert_eq!(g.validate(), Ok(()));
        g.set_variant(Variant::X).unwrap();
        // The classic grid's diagonal repeats.
        let e = g.validate().unwrap_err();
        assert!(
            e.to_string().starts_with("the diagonal has")
                || e.to_string().starts_with("the anti-diagonal has"),
            "{e}"
        );
        assert_eq!(g.shape().to_string(), "9x9 X");
        g.set_variant(Variant::None).unwrap();
        assert_eq!(g.validate(), Ok(()));
        // Rows as regions: a grid whose boxes repeat but rows do not is
        // fine, unless it is read with the rows as its regions and the
        // columns repeat.
        let rows: String = (0..9)
            .map(|r| char::from(b'a' + r).to_string().repeat(9))
            .collect();
        let layout = Layout::parse(&rows).unwrap();
        let mut latin = Grid::empty(Size::S9);
        for r in 0..9 {
            for c in 0..9 {
                latin.set(r, c, ((r + c) % 9 + 1) as u8);
            }
        }
        assert!(latin.validate().is_err());
        latin.set_variant(Variant::Jigsaw(layout)).unwrap();
        assert_eq!(latin.validate(), Ok(()));
        assert!(!latin.size().has_boxes());
        let six = Size::from_side(6).unwrap();
        assert_eq!(
            Grid::empty(six)
                .clone()
                .set_variant(Variant::Hyper)
                .unwrap_err()
                .to_string(),
            "hyper windows exist only on 9x9 grids with 3x3 boxes, not on 6x6 grids with 2x3 boxes"
        );
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
    fn validate_catches_box_only_faults_in_rectangular_boxes() {
        // A Latin square of side 6 whose 2x3 boxes repeat.
        let six = Size::from_side(6).unwrap();
        let mut g = Grid::empty(six);
        for r in 0..6 {
            for c in 0..6 {
                g.set(r, c, ((r + c) % 6 + 1) as u8);
            }
        }
        assert_eq!(g.validate().unwrap_err().to_string(), "box 1 has two 2s");
        // Rows shifted by three within a band, by one between bands.
        for r in 0..6 {
            for c in 0..6 {
                g.set(r, c, ((3 * (r % 2) + r / 2 + c) % 6 + 1) as u8);
            }
        }
        assert_eq!(g.validate(), Ok(()));
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
            "70 cells, expected 16, 36, 64, 81, 100, 144, 196, 225, 256, 324, 400, 441, 484, 576 or 625"
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
