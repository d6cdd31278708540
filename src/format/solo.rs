//! The `solo` format: Simon Tatham's Solo game IDs, one record per line,
//! so that puzzles open in Solo (`sgt-solo 3x3:...`, or "Game > Specific"
//! in its window) and Solo's puzzles (`sgt-solo --generate N 3x3x`) are
//! read, rated, printed and checked here.
//!
//! A game ID is `PARAMS:DESCRIPTION`. The parameters give the shape:
//! `RxC` for boxes of R rows by C columns (`3x3`, `2x3` for 6x6, `3x4`
//! for 12x12), then `x` for the X variant; `Nj` for a jigsaw of side N.
//! The description is the cells row-major: a given as its decimal number
//! (`12` in a 12x12), a run of empty cells as one letter (`a` for one,
//! `z` for 26), `_` between two givens that touch. A jigsaw's description
//! adds `,` and its regions as the walls between cells: first the walls
//! between horizontal neighbours row by row, then those between vertical
//! neighbours column by column, each run of cells without a wall as a
//! letter before the wall that ends it (`_` for none, `a` to `y` for 1 to
//! 25, `z` for 26 with no wall after them, as Solo reads it), ending with
//! one last run.
//!
//! A killer puzzle's parameters end in `k` (`3x3k`, `3x3xk`, `9jk`; Solo
//! makes them up to 9x9), and its description adds two parts after the
//! givens (and a jigsaw's regions): `,` and the cages' walls, written as a
//! jigsaw's; `,` and the sums, written as the givens are, each cage's sum
//! in its first cell in reading order (`3x3k:zzzc,WALLS,SUMS`). Solo reads
//! no cage of one cell (see [`solo_reads`]); [`parse_killer`] and
//! [`push_killer`] read and write the two parts.
//!
//! As in the `line` format, what a command adds follows on the same line:
//! a puzzle's solution as a second game ID after a space, a rating, a
//! `# comment`. Solo has no Hyper variant (a Hyper record is refused, see
//! [`RecordFormat::holds`]). A killer ID's cages are read, but records
//! do not carry cages yet: such a line is a record that could not be
//! read.

use super::line;
use super::record::{Content, Record, RecordError};
use super::spec::{Encoding, Framer, Frames, RecordFormat, Run, claim};
use super::symbols::Symbols;
use crate::cages::{Cage, Cages};
use crate::grid::{Grid, Layout, Shape, Size, Variant};

/// The `solo` format.
#[derive(Clone, Copy, Debug)]
pub struct Solo;

impl RecordFormat for Solo {
    fn name(&self) -> &'static str {
        "solo"
    }

    fn description(&self) -> &'static str {
        "Simon Tatham's Solo game IDs (`3x3:...`, `2x3:...`, `3x3x:...`, `9j:...`), one per line"
    }

    fn layout(&self, content: Content) -> &'static str {
        match content {
            Content::Grids => "one grid per line as a Solo game ID, every cell given",
            Content::Puzzles { .. } => {
                "one puzzle per line as a Solo game ID; its solution's ID after a space, when written; then its rating, when rated"
            }
            Content::Solutions { .. } => {
                "each puzzle's solution as a Solo game ID (one not solved as it was, then `# what is wrong`); with --count, its number of solutions"
            }
            Content::Ratings { .. } => {
                "`GAME-ID RATING LEVEL HARDEST` per puzzle; with --explain, each step on a `#` line"
            }
            Content::Forms { .. } => {
                "each record's canonical form as a Solo game ID; with --transform, the transform after a space"
            }
        }
    }

    fn write(&self, out: &mut Vec<u8>, run: &Run, record: &Record<'_>) {
        line::write_record(out, run, record, push_pair);
    }

    fn holds(&self, shape: &Shape) -> Result<(), String> {
        match shape.variant() {
            Variant::Hyper => Err(
                "Solo has no Hyper variant: write Hyper puzzles as line, csv or json".to_string(),
            ),
            _ => shape.cages().map_or(Ok(()), solo_reads),
        }
    }

    fn writes_cages(&self) -> bool {
        true
    }

    fn detect(&self, line: &[u8]) -> Option<u8> {
        let (first, _) = super::text::first_field(line);
        split_id(first).map(|_| claim::SURE)
    }

    fn framer(&self) -> Box<dyn Framer> {
        Box::new(SoloFramer)
    }
}

/// Reads lines: the first field is a game ID, a second one with the same
/// parameters its solution; then what the record says about itself.
struct SoloFramer;

impl Framer for SoloFramer {
    fn take(&mut self, text: &[u8], frames: &mut Frames<'_>) {
        let (first, rest) = super::text::first_field(text);
        let rest = rest.trim_ascii_start();
        let Some((params, desc)) = split_id(first) else {
            frames.push_error(RecordError::Solo(
                "not one (`3x3:...`, `2x3x:...`, `9j:...,...`)".into(),
            ));
            return;
        };
        // A killer ID's cages join its shape.
        let shape = id_shape(params, desc).and_then(|(shape, cages)| match cages {
            None => Ok(shape),
            Some(cages) => shape.with_cages(cages).map_err(RecordError::Shape),
        });
        let givens = desc.split(|&b| b == b',').next().unwrap_or_default();
        let size = shape.as_ref().ok().map(|s| s.size());
        frames.push(frames.line(), Encoding::Solo, size, givens);
        frames.shape_last(shape);
        let (second, after) = super::text::first_field(rest);
        let rest = match split_id(second) {
            Some((theirs, desc)) if theirs == params => {
                let givens = desc.split(|&b| b == b',').next().unwrap_or_default();
                frames.push_solution(Encoding::Solo, givens);
                after.trim_ascii_start()
            }
            _ => rest,
        };
        line::take_trailing(rest, frames);
    }
}

/// A game ID's parameters and description, if `field` looks like one:
/// digits, then letters and digits, then `:`.
fn split_id(field: &[u8]) -> Option<(&[u8], &[u8])> {
    let colon = memchr::memchr(b':', field)?;
    let params = &field[..colon];
    let starts = params.first().is_some_and(u8::is_ascii_digit);
    let word = params.iter().all(u8::is_ascii_alphanumeric);
    (starts && word).then(|| (params, &field[colon + 1..]))
}

/// What a game ID's parameters say: the side, the boxes (rows, columns;
/// none for a jigsaw), and the X and killer marks.
#[derive(Debug, PartialEq, Eq)]
struct Params {
    side: usize,
    boxes: Option<(usize, usize)>,
    x: bool,
    killer: bool,
}

/// Reads a game ID's parameters as Solo does (`3x3`, `2x3x`, `9j`,
/// `3x3j` for a jigsaw of side 9), and the symmetry and difficulty marks
/// of its longer form (`3x3r2dt`), which say nothing about the puzzle.
fn parse_params(params: &[u8]) -> Result<Params, String> {
    let text = String::from_utf8_lossy(params);
    let bad = || format!("the parameters `{text}` are not Solo's (`3x3`, `2x3x`, `9j`)");
    let mut at = 0;
    let number = |at: &mut usize| -> Option<usize> {
        let start = *at;
        while params.get(*at).is_some_and(u8::is_ascii_digit) {
            *at += 1;
        }
        std::str::from_utf8(&params[start..*at]).ok()?.parse().ok()
    };
    let c = number(&mut at).ok_or_else(bad)?;
    let mut r = c;
    let mut seen_r = false;
    if params.get(at) == Some(&b'x') && params.get(at + 1).is_some_and(u8::is_ascii_digit) {
        at += 1;
        r = number(&mut at).ok_or_else(bad)?;
        seen_r = true;
    }
    let (mut jigsaw, mut x, mut killer) = (false, false, false);
    while let Some(&b) = params.get(at) {
        at += 1;
        match b {
            b'j' => {
                if seen_r {
                    r *= c;
                } else {
                    r = c;
                }
                jigsaw = true;
            }
            b'x' => x = true,
            b'k' => killer = true,
            // Symmetry (`r2`, `m4`, `md2`, `a`) and difficulty (`dt` ...
            // `du`): how Solo made the puzzle, not what it is.
            b'r' | b'm' | b'a' => {
                if params.get(at) == Some(&b'd') {
                    at += 1;
                }
                number(&mut at);
            }
            b'd' if params.get(at).is_some_and(|b| b"tbiaeu".contains(b)) => at += 1,
            _ => return Err(bad()),
        }
    }
    let side = if jigsaw {
        r
    } else {
        c.checked_mul(r).ok_or_else(bad)?
    };
    Ok(Params {
        side,
        boxes: (!jigsaw).then_some((c, r)),
        x,
        killer,
    })
}

/// The shape a game ID gives its puzzle (its parameters, and a jigsaw's
/// regions from its description) and, for a killer puzzle, its cages.
fn id_shape(params: &[u8], desc: &[u8]) -> Result<(Shape, Option<Cages>), RecordError> {
    let solo = |e: String| RecordError::Solo(e);
    let p = parse_params(params).map_err(solo)?;
    let mut parts = desc.split(|&b| b == b',');
    let _givens = parts.next();
    let walls = match p.boxes {
        Some(_) => None,
        None => Some(
            parts
                .next()
                .ok_or_else(|| solo("a jigsaw without its regions after `,`".into()))?,
        ),
    };
    let killer = match (p.killer, parts.next(), parts.next()) {
        (false, extra, _) => {
            if extra.is_some() {
                return Err(solo(if p.boxes.is_some() {
                    "regions after `,`, but the parameters give boxes (a jigsaw's are `9j`)".into()
                } else {
                    "more parts after `,` than the parameters have".into()
                }));
            }
            None
        }
        (true, Some(walls), Some(sums)) => Some((walls, sums)),
        (true, _, _) => {
            return Err(solo(
                "a killer puzzle (`k`) without its cage walls and sums after `,` (`3x3k:GIVENS,WALLS,SUMS`)".into(),
            ));
        }
    };
    if parts.next().is_some() {
        return Err(solo("more parts after `,` than the parameters have".into()));
    }
    let shape = match (p.boxes, walls) {
        (Some((rows, cols)), _) => {
            let size = Size::boxed(p.side, rows, cols)?;
            let variant = if p.x { Variant::X } else { Variant::None };
            Shape::new(size, variant)?
        }
        (None, walls) => {
            if p.x {
                return Err(solo(
                    "a jigsaw with X diagonals: sudogen has no such variant".into(),
                ));
            }
            let regions = regions_of(walls.unwrap_or_default(), p.side).map_err(solo)?;
            Shape::jigsaw(Layout::new(&regions)?)
        }
    };
    let cages = match killer {
        Some((walls, sums)) => Some(parse_killer(walls, sums, shape.side()).map_err(solo)?),
        None => None,
    };
    Ok((shape, cages))
}

/// The regions a jigsaw's walls make (see the module's description),
/// numbered by first cell in reading order.
fn regions_of(walls: &[u8], side: usize) -> Result<Vec<u8>, String> {
    if !(crate::shape::MIN_SIDE..=crate::shape::MAX_SIDE).contains(&side) {
        return Err(format!(
            "a jigsaw of side {side}; sudogen reads sides {} to {}",
            crate::shape::MIN_SIDE,
            crate::shape::MAX_SIDE
        ));
    }
    let (piece, count) = pieces_of(walls, side)?;
    if count > side {
        return Err(format!("the walls make more than {side} regions"));
    }
    Ok(piece.iter().map(|&k| b'A' + k as u8).collect())
}

/// The pieces that walls (a jigsaw's regions or a killer puzzle's cages,
/// see the module's description) cut a grid of side `side` into: the
/// piece of each cell, pieces numbered by first cell in reading order,
/// and how many there are. The side must be at least 2.
///
/// A letter is a run of cells without a wall, then a wall; `z` is 26 such
/// cells and no wall. That is how Solo reads it (`spec_to_dsf`), and so
/// how it is written here; Solo's own writer notes `z` as 25 (so `za` is
/// 26), which Solo itself then reads otherwise: its IDs with 26 or more
/// cells running without a wall do not open in Solo, and read here as
/// Solo reads them.
fn pieces_of(walls: &[u8], side: usize) -> Result<(Vec<usize>, usize), String> {
    let total = 2 * side * (side - 1);
    let mut wall = vec![false; total];
    let mut at = 0usize;
    let mut ended = false;
    for &b in walls {
        if ended {
            return Err("more walls than the grid has".into());
        }
        let run = match b {
            b'_' => 0,
            b'a'..=b'y' => usize::from(b - b'a') + 1,
            b'z' => {
                at += WALL_RUN;
                if at > total {
                    return Err("more walls than the grid has".into());
                }
                continue;
            }
            _ => {
                return Err(format!(
                    "`{}` among the walls (`_`, `a` to `z`)",
                    char::from(b).escape_default()
                ));
            }
        };
        at += run;
        match at.cmp(&total) {
            std::cmp::Ordering::Less => wall[at] = true,
            std::cmp::Ordering::Equal => ended = true,
            std::cmp::Ordering::Greater => return Err("more walls than the grid has".into()),
        }
        at += 1;
    }
    if !ended {
        return Err("the walls end before the grid's last one".into());
    }
    // Cells joined where no wall stands between them.
    let n = side * side;
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut a: usize) -> usize {
        while parent[a] != a {
            parent[a] = parent[parent[a]];
            a = parent[a];
        }
        a
    }
    for (i, &w) in wall.iter().enumerate() {
        if !w {
            let (a, b) = wall_cells(i, side);
            let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
            parent[ra.max(rb)] = ra.min(rb);
        }
    }
    let mut number = vec![usize::MAX; n];
    let mut pieces = Vec::with_capacity(n);
    let mut next = 0;
    for cell in 0..n {
        let r = root(&mut parent, cell);
        if number[r] == usize::MAX {
            number[r] = next;
            next += 1;
        }
        pieces.push(number[r]);
    }
    Ok((pieces, next))
}

/// The cells a `z` in a wall description runs over, with no wall after
/// them (see [`pieces_of`]).
const WALL_RUN: usize = 26;

/// The two cells on either side of wall `i` of a grid of side `side`:
/// the walls between horizontal neighbours row by row, then those between
/// vertical neighbours column by column.
fn wall_cells(i: usize, side: usize) -> (usize, usize) {
    let per = side - 1;
    if i < side * per {
        let (row, col) = (i / per, i % per);
        (row * side + col, row * side + col + 1)
    } else {
        let (col, row) = (i / per - side, i % per);
        (row * side + col, (row + 1) * side + col)
    }
}

/// Reads the cells of a game ID's description (its givens, before any
/// `,`) for a grid of `size`.
pub fn parse_cells(desc: &[u8], size: Size) -> Result<Grid, RecordError> {
    let solo = |e: String| RecordError::Solo(e);
    let values = parse_numbers(desc, size.side(), size.side(), ["given", "cells"]).map_err(solo)?;
    let values: Vec<u8> = values.iter().map(|&v| v as u8).collect();
    Grid::from_values(size, &values).ok_or_else(|| solo("a cell out of range".into()))
}

/// Reads a grid of numbers written as Solo writes cells (see the
/// module's description): a number per cell of a grid of side `side`, 0
/// for an empty one, each at most `max`. `what` names one number and the
/// cells in the errors (`["given", "cells"]`).
fn parse_numbers(
    desc: &[u8],
    side: usize,
    max: usize,
    what: [&str; 2],
) -> Result<Vec<usize>, String> {
    let n = side * side;
    let mut values = vec![0; n];
    let mut cell = 0usize;
    let mut at = 0;
    while at < desc.len() {
        let b = desc[at];
        match b {
            b'a'..=b'z' => {
                cell += usize::from(b - b'a') + 1;
                at += 1;
            }
            b'_' => at += 1,
            b'1'..=b'9' => {
                let start = at;
                while desc.get(at).is_some_and(u8::is_ascii_digit) {
                    at += 1;
                }
                let text = std::str::from_utf8(&desc[start..at]).unwrap_or_default();
                let v: usize = text.parse().unwrap_or(usize::MAX);
                if v > max {
                    return Err(format!("the {} {text} in a grid of side {side}", what[0]));
                }
                if cell < n {
                    values[cell] = v;
                }
                cell += 1;
            }
            _ => {
                return Err(format!(
                    "`{}` among the {} (numbers, `_`, `a` to `z`)",
                    char::from(b).escape_default(),
                    what[1]
                ));
            }
        }
    }
    if cell != n {
        return Err(format!(
            "{cell} {} where a grid of side {side} has {n}",
            what[1]
        ));
    }
    Ok(values)
}

/// The cages of a killer game ID (`3x3k:GIVENS,WALLS,SUMS`; a jigsaw's
/// regions come before `WALLS`) on a grid of side `side`: `walls` are the
/// cages' walls, written as a jigsaw's (see the module's description),
/// and `sums` a grid of numbers written as the givens are, each cage's
/// sum in one of its cells (Solo writes it in the cage's first cell in
/// reading order) and 0 in the others. Cages of one cell, which Solo
/// does not read, are read here. `Err` says what is wrong in a line.
pub fn parse_killer(walls: &[u8], sums: &[u8], side: usize) -> Result<Cages, String> {
    if !(2..=crate::cages::LARGEST_SIDE).contains(&side) {
        return Err(format!(
            "killer cages for a grid of side {side}: sudogen reads sides up to {}",
            crate::cages::LARGEST_SIDE
        ));
    }
    let (piece, count) =
        pieces_of(walls, side).map_err(|e| format!("the killer cages' walls: {e}"))?;
    let clues = parse_numbers(sums, side, u32::MAX as usize, ["sum", "cells of sums"])
        .map_err(|e| format!("the killer cages' sums: {e}"))?;
    let name = |cell: usize| format!("r{}c{}", cell / side + 1, cell % side + 1);
    let mut list = vec![
        Cage {
            sum: 0,
            cells: Vec::new()
        };
        count
    ];
    for (cell, (&k, &clue)) in piece.iter().zip(&clues).enumerate() {
        let cage = &mut list[k];
        cage.cells.push(cell);
        let clue = clue as u32;
        if clue != 0 {
            if cage.sum != 0 && cage.sum != clue {
                return Err(format!(
                    "the killer cage at {} has two sums, {} and {clue} (at {})",
                    name(cage.cells[0]),
                    cage.sum,
                    name(cell)
                ));
            }
            cage.sum = clue;
        }
    }
    if let Some(cage) = list.iter().find(|c| c.sum == 0) {
        return Err(format!(
            "the killer cage at {} has no sum: each cage's sum is in one of its cells",
            name(cage.cells[0])
        ));
    }
    // Pieces are numbered as `Cages` numbers cages: by first cell.
    Cages::new(side, &list).map_err(|e| format!("the killer cages: {e}"))
}

/// Whether Solo reads a killer puzzle with these cages: its grid of side
/// 9 at most (Solo's killer puzzles are), every cage of two cells or more
/// (Solo refuses a cage of one: "A jigsaw block is too small"). `Err`
/// says why not, naming the first cage of one cell.
pub fn solo_reads(cages: &Cages) -> Result<(), String> {
    let side = cages.side();
    if side > SOLO_KILLER_SIDE {
        return Err(format!(
            "Solo's killer puzzles are {SOLO_KILLER_SIDE}x{SOLO_KILLER_SIDE} at most: write {side}x{side} killer puzzles as line, csv or json"
        ));
    }
    if let Some(k) = (0..cages.count()).find(|&k| cages.cells(k).len() == 1) {
        let cell = usize::from(cages.cells(k)[0]);
        return Err(format!(
            "the cage at r{}c{} is one cell, and Solo's cages have two or more: write this killer puzzle as line, csv or json",
            cell / side + 1,
            cell % side + 1
        ));
    }
    Ok(())
}

/// The largest side of Solo's killer puzzles.
pub const SOLO_KILLER_SIDE: usize = 9;

/// Appends a grid's game ID, and its solution's after a space, if any (no
/// newline). The alphabet option does not apply: Solo writes numbers.
fn push_pair(out: &mut Vec<u8>, grid: &Grid, solution: Option<&Grid>, _: Option<&Symbols>) {
    push_id(out, grid);
    if let Some(s) = solution {
        out.push(b' ');
        push_id(out, s);
    }
}

/// Appends a grid's game ID (no newline).
pub fn push_id(out: &mut Vec<u8>, grid: &Grid) {
    push_id_with(out, grid, grid.shape().cages());
}

/// Appends a game ID (no newline): a grid's, with `cages` a killer
/// puzzle's (`3x3k:GIVENS,WALLS,SUMS`). Solo reads it when
/// [`solo_reads`] the cages.
pub fn push_id_with(out: &mut Vec<u8>, grid: &Grid, cages: Option<&Cages>) {
    let shape = grid.shape();
    let size = shape.size();
    match shape.variant() {
        Variant::Jigsaw(_) => {
            push_number(out, size.side());
            out.push(b'j');
        }
        variant => {
            push_number(out, size.box_rows());
            out.push(b'x');
            push_number(out, size.box_cols());
            if *variant == Variant::X {
                out.push(b'x');
            }
        }
    }
    if cages.is_some() {
        out.push(b'k');
    }
    out.push(b':');
    push_cells(out, grid.cells().iter().map(|&v| usize::from(v)));
    if let Variant::Jigsaw(layout) = shape.variant() {
        out.push(b',');
        push_walls(out, &layout.regions(), size.side());
    }
    if let Some(cages) = cages {
        push_killer(out, cages);
    }
}

/// Appends the cages of a killer game ID after its givens (and a
/// jigsaw's regions): `,WALLS,SUMS`, as [`parse_killer`] reads them,
/// each cage's sum in its first cell.
pub fn push_killer(out: &mut Vec<u8>, cages: &Cages) {
    let side = cages.side();
    out.push(b',');
    push_walls(out, cages.cage_map(), side);
    out.push(b',');
    let mut sums = vec![0usize; side * side];
    for k in 0..cages.count() {
        sums[usize::from(cages.cells(k)[0])] = cages.sum(k) as usize;
    }
    push_cells(out, sums);
}

/// The game ID of a killer puzzle: its givens (`grid`, in its shape) and
/// its cages, or why Solo would not read it (see [`solo_reads`]).
pub fn killer_id(grid: &Grid, cages: &Cages) -> Result<String, String> {
    solo_reads(cages)?;
    if cages.side() != grid.size().side() {
        return Err(format!(
            "cages of side {} on a grid of side {}",
            cages.side(),
            grid.size().side()
        ));
    }
    let mut out = Vec::new();
    push_id_with(&mut out, grid, Some(cages));
    Ok(String::from_utf8(out).expect("game IDs are ASCII"))
}

/// Reads a whole game ID: its givens, in the shape its parameters give,
/// and a killer puzzle's cages.
pub fn read_id(id: &[u8]) -> Result<(Grid, Option<Cages>), RecordError> {
    let (params, desc) = split_id(id)
        .ok_or_else(|| RecordError::Solo("not one (`3x3:...`, `3x3k:...`, `9j:...,...`)".into()))?;
    let (shape, cages) = id_shape(params, desc)?;
    let givens = desc.split(|&b| b == b',').next().unwrap_or_default();
    let mut grid = parse_cells(givens, shape.size())?;
    grid.set_variant(shape.variant().clone())?;
    Ok((grid, cages))
}

/// Appends the cells as Solo writes them: runs of empty cells as letters
/// (`z` for 26), numbers as numbers, `_` between two numbers.
fn push_cells(out: &mut Vec<u8>, cells: impl IntoIterator<Item = usize>) {
    let mut run = 0usize;
    let mut first = true;
    for v in cells {
        if v == 0 {
            run += 1;
            continue;
        }
        if run > 0 {
            push_run(out, run);
            run = 0;
        } else if !first {
            out.push(b'_');
        }
        push_number(out, v);
        first = false;
    }
    push_run(out, run);
}

/// Appends a run of `run` empty cells (nothing for none).
fn push_run(out: &mut Vec<u8>, mut run: usize) {
    while run > 0 {
        let step = run.min(26);
        out.push(b'a' + (step - 1) as u8);
        run -= step;
    }
}

/// Appends the walls between pieces of `labels` (a jigsaw's regions, or
/// cages), a label per cell of a grid of side `side`: see [`pieces_of`].
fn push_walls<T: PartialEq>(out: &mut Vec<u8>, labels: &[T], side: usize) {
    let total = 2 * side * (side - 1);
    let mut run = 0usize;
    for i in 0..=total {
        let wall = i == total || {
            let (a, b) = wall_cells(i, side);
            labels[a] != labels[b]
        };
        if !wall {
            run += 1;
            continue;
        }
        while run >= WALL_RUN {
            out.push(b'z');
            run -= WALL_RUN;
        }
        out.push(if run == 0 {
            b'_'
        } else {
            b'a' + (run - 1) as u8
        });
        run = 0;
    }
}

/// Appends a number in decimal.
fn push_number(out: &mut Vec<u8>, n: usize) {
    out.extend_from_slice(n.to_string().as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads a whole game ID into its grid (the shape from its
    /// parameters), as the reader does.
    fn read(id: &str) -> Result<Grid, RecordError> {
        read_id(id.as_bytes()).map(|(grid, _)| grid)
    }

    fn id(grid: &Grid) -> String {
        let mut out = Vec::new();
        push_id(&mut out, grid);
        String::from_utf8(out).unwrap()
    }

    /// Game IDs `sgt-solo --generate` wrote (Debian's sgt-puzzles
    /// 20230122), read and written back byte for byte.
    #[test]
    fn solo_s_own_ids_round_trip() {
        for text in [
            "3x3:2c7a5_4a7_9b1g5a6c3_5c1e7_9a3_1e2c5_3c1a2g8b9_1a6_3a9c5",
            "3x3x:a7_4_6a1a5e5_7_9b5_3a4d6_4h1_8_7c4_2_3h5_3d6a8_1b2_1_9e6a5a8_2_9a",
            "2x3:f2_4a5c6a3_5b2_5a1c6a2_3f",
            "2x2:1f3_4f1",
            "3x4:4_3d2_7_10c1a7e12_9_6a10_6b12b5b7_2c3a8a6_9a2a7c1h9_5b3b7a1b5a9b6b4_12h8c5a7a10_5a3a6c2_12b10b4b9_3a8_4_7e5a6c1_2_6d11_7",
            "9j:a9c1a5b3_8_5a7i1d4_2_7b3k4b6_2_9d7i9a8_5_2b2a3c8a,bbbbbaab_babaa_bc__aadeblc_aa____b_______b__babbba__c__cccc_",
            "9j:7a8d6e7c5b3_5c8c4b1a2b1e9b6a2b7c9c8_4b1c3e3d8a4,_edbdacca_abccda____becd_daaa__a_a_aaa_cb___aba_aabdadca",
        ] {
            let grid = read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(id(&grid), text);
        }
    }

    /// Solo's boxes are R rows by C columns, as sudogen's `--box RxC`.
    #[test]
    fn parameters_give_the_shape() {
        let p = |t: &str| parse_params(t.as_bytes());
        assert_eq!(
            p("2x3").unwrap(),
            Params {
                side: 6,
                boxes: Some((2, 3)),
                x: false,
                killer: false
            }
        );
        assert_eq!(
            p("3x3x").unwrap(),
            Params {
                side: 9,
                boxes: Some((3, 3)),
                x: true,
                killer: false
            }
        );
        assert_eq!(p("9j").unwrap().boxes, None);
        assert_eq!(p("3x3j").unwrap().side, 9);
        assert_eq!(p("3x3r2dt").unwrap().side, 9);
        assert!(p("3x3k").unwrap().killer);
        assert!(p("3x3q").is_err());
        let grid = read("2x3:f2_4a5c6a3_5b2_5a1c6a2_3f").unwrap();
        assert_eq!((grid.size().box_rows(), grid.size().box_cols()), (2, 3));
    }

    #[test]
    fn bad_ids_say_what_is_wrong() {
        let err = |t: &str| read(t).unwrap_err().to_string();
        assert!(
            err("3x3:a").contains("1 cells where a grid of side 9 has 81"),
            "{}",
            err("3x3:a")
        );
        assert!(err("3x3:10zzzb").contains("the given 10"));
        assert!(err("3x3k:zzzc,a,b").contains("killer"));
        assert!(err("9j:zzzc").contains("without its regions"));
        assert!(err("9j:zzzc,_").contains("walls end"));
    }

    /// Long runs: 81 empty cells are `zzzc`; a 25x25 grid's walls.
    #[test]
    fn long_runs() {
        let grid = read("3x3:zzzc").unwrap();
        assert!(grid.cells().iter().all(|&v| v == 0));
        assert_eq!(id(&grid), "3x3:zzzc");
    }
    /// Jigsaw regions that are the columns: the walls between vertical
    /// neighbours are 72 cells without a wall, `zz` (52) and `t` (20),
    /// as Solo reads them (`sgt-solo` refuses `zzv`, 25 + 25 + 22, with
    /// "Too much data in block structure specification").
    #[test]
    fn a_z_in_the_walls_is_26_cells() {
        let text = format!("9j:zzzc,{}zzt", "_".repeat(72));
        let grid = read(&text).unwrap();
        let Variant::Jigsaw(layout) = grid.shape().variant() else {
            panic!("a jigsaw");
        };
        let regions = layout.regions();
        for cell in 0..81 {
            assert_eq!(regions[cell], regions[cell % 9], "cell {cell}");
        }
        assert_eq!(id(&grid), text);
        let err = read(&format!("9j:zzzc,{}zzv", "_".repeat(72))).unwrap_err();
        assert!(
            err.to_string().contains("more walls than the grid has"),
            "{err}"
        );
        // Exactly 26 cells without a wall, then a wall: `z_`. A 7x7 whose
        // rows 1 to 4 (24 walls between horizontal neighbours, none
        // standing) and r5c1 to r5c3 (2 more) are one piece, r5c3-r5c4 a
        // wall.
        let labels: Vec<u8> = (0..49).map(|c| u8::from(c >= 31)).collect();
        let mut out = Vec::new();
        push_walls(&mut out, &labels, 7);
        let text = String::from_utf8(out.clone()).unwrap();
        assert_eq!(&text[..2], "z_", "{text}");
        let (pieces, count) = pieces_of(&out, 7).unwrap();
        assert_eq!(count, 2);
        assert!((0..49).all(|c| pieces[c] == usize::from(labels[c])));
    }

    /// Killer IDs `sgt-solo --generate 1 PARAMS` wrote (Debian's
    /// sgt-puzzles 20230122), one per shape Solo makes killers of: read
    /// and written back byte for byte.
    const SOLO_KILLERS: [&str; 6] = [
        "2x2k:p,_ba_a_ca______a_,6_6c7a4_4_6c7b",
        "2x3k:zj,__aa_a_aa_abbabc___a____________aa_aaa_,10_8_3a9c6a6_7_5a9c5a10b10_9b17b12e",
        "3x2k:zj,aaa_a___a____a_____aaaaaaaa__a____aa_aaa_,9a10a5a8a6a11_5a10_5c9a3_5a8a6a15_11g",
        "3x3k:zzzc,a_____b_____b_____aa_a____aa____aa___aa_____ba___aba__aaa___a_c_a__aaa__aa____b__ababb_aba_aaa,11a16_6_14_19_10_21a9h9b7_17a5_11a14_12e11_4a5_16a6a17b8c17b16_11a11a13e10_12_14b20b16b17f",
        "3x3xk:zzzc,_aaa____a______aaa__a__a__a___a_a___a_a__b_a_ababba_a_aa_aabaa________________aaba_aa_a__a__a__a_a,16_15a14a7a17_10a11a9a18e12_9c6a9_13a10a8_12_9d6c10_9_12a9_15a17_13b15b5c8c23_11b12a13c11a11c",
        "9jk:zzzc,ab_c_cabaa_aba__baa__ca_acb_adbhbaga_a__ab__b_caabba_ba___ec,a__aaa___aaa__aa___aa______________a______a___aa_a_aaa_aaa___aab_aabab__a_aa___aa_____a_____a__b_ab_,15a6_15_5a5a19_7c11_14c4_10a15a7a9b11_9a21a20a7_15b10_4a12c7_17b8b19_6c15a10c21_7b13a12d10a9c",
    ];

    fn killer(text: &str) -> (Grid, Cages) {
        let (grid, cages) = read_id(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}"));
        (grid, cages.unwrap_or_else(|| panic!("{text}: no cages")))
    }

    #[test]
    fn solo_s_killer_ids_round_trip() {
        for text in SOLO_KILLERS {
            let (grid, cages) = killer(text);
            assert_eq!(killer_id(&grid, &cages).as_deref(), Ok(text));
            assert!((0..cages.count()).all(|k| cages.cells(k).len() >= 2));
        }
        // The shapes: boxes of 2 rows by 3 columns, X, a jigsaw.
        let (grid, _) = killer(SOLO_KILLERS[1]);
        assert_eq!((grid.size().box_rows(), grid.size().box_cols()), (2, 3));
        assert_eq!(*killer(SOLO_KILLERS[4]).0.shape().variant(), Variant::X);
        assert!(matches!(
            killer(SOLO_KILLERS[5]).0.shape().variant(),
            Variant::Jigsaw(_)
        ));
    }

    /// The 4x4 one by hand, against the solution Solo prints for it
    /// (`sgt-solo --print 1x1 --with-solutions`): 4132 / 2341 / 1423 /
    /// 3214.
    #[test]
    fn a_killer_id_is_its_cages() {
        let (grid, cages) = killer(SOLO_KILLERS[0]);
        assert!(grid.cells().iter().all(|&v| v == 0));
        let cage = |sum, cells: &[usize]| Cage {
            sum,
            cells: cells.to_vec(),
        };
        assert_eq!(
            cages.list(),
            vec![
                cage(6, &[0, 4]),
                cage(6, &[1, 2, 3]),
                cage(7, &[5, 6]),
                cage(4, &[7, 11]),
                cage(4, &[8, 12]),
                cage(6, &[9, 10]),
                cage(7, &[13, 14, 15]),
            ]
        );
        let solution = [4, 1, 3, 2, 2, 3, 4, 1, 1, 4, 2, 3, 3, 2, 1, 4];
        cages.check_solution(&solution).unwrap();
        // Givens are written before the cages.
        let mut given = grid.clone();
        given.set(0, 0, 4);
        given.set(3, 3, 4);
        let text = killer_id(&given, &cages).unwrap();
        assert_eq!(text, "2x2k:4n4,_ba_a_ca______a_,6_6c7a4_4_6c7b");
        let (back, again) = killer(&text);
        assert_eq!((back.cells(), &again), (given.cells(), &cages));
    }

    #[test]
    fn bad_killer_ids_say_what_is_wrong() {
        let err = |t: &str| read(t).unwrap_err().to_string();
        let walls = "_ba_a_ca______a_";
        assert_eq!(
            err("2x2k:p"),
            "Solo game ID: a killer puzzle (`k`) without its cage walls and sums after `,` (`3x3k:GIVENS,WALLS,SUMS`)"
        );
        assert_eq!(err(&format!("2x2k:p,{walls}")), err("2x2k:p"));
        assert_eq!(
            err(&format!("2x2k:p,{walls},6_6c7a4_4_6c7b,a")),
            "Solo game ID: more parts after `,` than the parameters have"
        );
        assert_eq!(
            err("2x2k:p,_ba_a_ca______a,6_6c7a4_4_6c7b"),
            "Solo game ID: the killer cages' walls: the walls end before the grid's last one"
        );
        assert_eq!(
            err(&format!("2x2k:p,{walls},6_6c7a4_4_6c7")),
            "Solo game ID: the killer cages' sums: 14 cells of sums where a grid of side 4 has 16"
        );
        assert_eq!(
            err(&format!("2x2k:p,{walls},6_6c7a4_4_6c7b!")),
            "Solo game ID: the killer cages' sums: `!` among the cells of sums (numbers, `_`, `a` to `z`)"
        );
        assert_eq!(
            err(&format!("2x2k:p,{walls},6_6c7a4_4_6f")),
            "Solo game ID: the killer cage at r4c2 has no sum: each cage's sum is in one of its cells"
        );
        assert_eq!(
            err(&format!("2x2k:p,{walls},6_6c7a4_4_6c7a6")),
            "Solo game ID: the killer cage at r4c2 has two sums, 7 and 6 (at r4c4)"
        );
        // The same sum twice is that sum, as Solo reads it.
        let twice = killer(&format!("2x2k:p,{walls},6_6c7a4_4_6c7a7")).1;
        assert_eq!(twice, killer(SOLO_KILLERS[0]).1);
        assert_eq!(
            err(&format!("2x2k:p,{walls},9_6c7a4_4_6c7b")),
            "Solo game ID: the killer cages: cage 1 sums to 9: a cage of 2 cells sums to 3 to 7"
        );
        // A cage of five cells in a 4x4: row 1 and r2c1.
        let labels = [0u8, 0, 0, 0, 0, 1, 1, 2, 3, 4, 4, 2, 3, 5, 5, 5];
        let mut out = b"2x2k:p,".to_vec();
        push_walls(&mut out, &labels, 4);
        out.extend_from_slice(b",10d3a3_3_3c6b");
        assert_eq!(
            err(std::str::from_utf8(&out).unwrap()),
            "Solo game ID: the killer cages: cage 1 has 5 cells: a cage has at most 4"
        );
        assert!(err("3x3kq:zzzc").contains("are not Solo's"));
    }

    /// What Solo does not read is refused when written, in one line.
    #[test]
    fn killer_ids_solo_would_refuse_are_not_written() {
        let (grid, cages) = killer(SOLO_KILLERS[0]);
        let mut list = cages.list();
        // r1c1 alone (sum 4), r2c1 with r3c1 and r4c1 (2 + 1 + 3).
        list[0] = Cage {
            sum: 4,
            cells: vec![0],
        };
        list[4] = Cage {
            sum: 6,
            cells: vec![4, 8, 12],
        };
        let single = Cages::new(4, &list).unwrap();
        assert_eq!(
            killer_id(&grid, &single),
            Err("the cage at r1c1 is one cell, and Solo's cages have two or more: write this killer puzzle as line, csv or json".into())
        );
        // Read, though: sudogen's cages may be of one cell.
        let mut out = Vec::new();
        push_id_with(&mut out, &grid, Some(&single));
        let text = String::from_utf8(out).unwrap();
        assert_eq!(killer(&text).1, single);
        let twelve = Grid::empty(Size::boxed(12, 3, 4).unwrap());
        let rows: Vec<Cage> = (0..12)
            .map(|r| Cage {
                sum: 78,
                cells: (r * 12..r * 12 + 12).collect(),
            })
            .collect();
        let rows = Cages::new(12, &rows).unwrap();
        assert_eq!(
            killer_id(&twelve, &rows),
            Err("Solo's killer puzzles are 9x9 at most: write 12x12 killer puzzles as line, csv or json".into())
        );
        // Written anyway, a 12x12 killer reads back.
        let mut out = Vec::new();
        push_id_with(&mut out, &twelve, Some(&rows));
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("3x4k:"), "{text}");
        assert_eq!(killer(&text).1, rows);
        assert_eq!(
            killer_id(&Grid::empty(Size::S9), &cages),
            Err("cages of side 4 on a grid of side 9".into())
        );
    }

    /// Every ID one byte away from Solo's killer IDs (a byte dropped or
    /// replaced by one of the alphabet's) reads or says why, without a
    /// panic; what reads writes back as an ID that reads the same.
    #[test]
    fn killer_ids_a_byte_off_read_or_say_why() {
        let mut read_back = 0;
        for text in SOLO_KILLERS {
            let bytes = text.as_bytes();
            for at in 0..bytes.len() {
                let mut variants = vec![[&bytes[..at], &bytes[at + 1..]].concat()];
                for &b in b"_az19,k0x" {
                    let mut v = bytes.to_vec();
                    v[at] = b;
                    variants.push(v);
                }
                for v in variants {
                    if let Ok((grid, Some(cages))) = read_id(&v) {
                        let mut out = Vec::new();
                        push_id_with(&mut out, &grid, Some(&cages));
                        let (again, back) = read_id(&out).unwrap();
                        assert_eq!((again.cells(), back), (grid.cells(), Some(cages)));
                        read_back += 1;
                    }
                }
            }
        }
        assert!(read_back > 100, "{read_back}");
    }
}
