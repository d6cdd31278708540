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
//! 25, `z` for 25 with no wall after them), ending with one last run.
//!
//! As in the `line` format, what a command adds follows on the same line:
//! a puzzle's solution as a second game ID after a space, a rating, a
//! `# comment`. Solo has no Hyper variant (a Hyper record is refused, see
//! [`RecordFormat::holds`]), and sudogen does not read Solo's killer IDs
//! (`3x3k:`) yet: such a line is a record that could not be read.

use super::line;
use super::record::{Content, Record, RecordError};
use super::spec::{Encoding, Framer, Frames, RecordFormat, Run, claim};
use super::symbols::Symbols;
use crate::grid::{Grid, Layout, MAX_CELLS, Shape, Size, Variant};

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
            _ => Ok(()),
        }
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
        let shape = id_shape(params, desc);
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

/// The shape a game ID gives its puzzle: its parameters, and a jigsaw's
/// regions from its description.
fn id_shape(params: &[u8], desc: &[u8]) -> Result<Shape, RecordError> {
    let solo = |e: String| RecordError::Solo(e);
    let p = parse_params(params).map_err(solo)?;
    if p.killer {
        return Err(solo(
            "a killer puzzle (`k`): sudogen does not read killer cages yet".into(),
        ));
    }
    let mut parts = desc.split(|&b| b == b',');
    let _givens = parts.next();
    let walls = parts.next();
    if parts.next().is_some() {
        return Err(solo("more parts after `,` than the parameters have".into()));
    }
    match p.boxes {
        Some((rows, cols)) => {
            if walls.is_some() {
                return Err(solo(
                    "regions after `,`, but the parameters give boxes (a jigsaw's are `9j`)".into(),
                ));
            }
            let size = Size::boxed(p.side, rows, cols)?;
            let variant = if p.x { Variant::X } else { Variant::None };
            Ok(Shape::new(size, variant)?)
        }
        None => {
            if p.x {
                return Err(solo(
                    "a jigsaw with X diagonals: sudogen has no such variant".into(),
                ));
            }
            let walls =
                walls.ok_or_else(|| solo("a jigsaw without its regions after `,`".into()))?;
            let regions = regions_of(walls, p.side).map_err(solo)?;
            Ok(Shape::jigsaw(Layout::new(&regions)?))
        }
    }
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
                at += 25;
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
    let mut number = vec![u8::MAX; n];
    let mut regions = Vec::with_capacity(n);
    let mut next = 0u8;
    for cell in 0..n {
        let r = root(&mut parent, cell);
        if number[r] == u8::MAX {
            if usize::from(next) == side {
                return Err(format!("the walls make more than {side} regions"));
            }
            number[r] = next;
            next += 1;
        }
        regions.push(b'A' + number[r]);
    }
    Ok(regions)
}

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
    let n = size.cells();
    let mut values = [0u8; MAX_CELLS];
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
                if v > size.side() {
                    return Err(solo(format!(
                        "the given {text} in a grid of side {}",
                        size.side()
                    )));
                }
                if cell < n {
                    values[cell] = v as u8;
                }
                cell += 1;
            }
            _ => {
                return Err(solo(format!(
                    "`{}` among the cells (numbers, `_`, `a` to `z`)",
                    char::from(b).escape_default()
                )));
            }
        }
    }
    if cell != n {
        return Err(solo(format!(
            "{cell} cells where a grid of side {} has {n}",
            size.side()
        )));
    }
    Grid::from_values(size, &values[..n]).ok_or_else(|| solo("a cell out of range".into()))
}

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
    out.push(b':');
    push_cells(out, grid.cells());
    if let Variant::Jigsaw(layout) = shape.variant() {
        out.push(b',');
        push_walls(out, &layout.regions(), size.side());
    }
}

/// Appends the cells as Solo writes them: runs of empty cells as letters
/// (`z` for 26), givens as numbers, `_` between two givens.
fn push_cells(out: &mut Vec<u8>, cells: &[u8]) {
    let mut run = 0usize;
    let mut first = true;
    for &v in cells {
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
        push_number(out, usize::from(v));
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

/// Appends a jigsaw's walls (see the module's description).
fn push_walls(out: &mut Vec<u8>, regions: &[u8], side: usize) {
    let total = 2 * side * (side - 1);
    let mut run = 0usize;
    for i in 0..=total {
        let wall = i == total || {
            let (a, b) = wall_cells(i, side);
            regions[a] != regions[b]
        };
        if !wall {
            run += 1;
            continue;
        }
        while run > 25 {
            out.push(b'z');
            run -= 25;
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
        let (params, desc) = split_id(id.as_bytes()).expect("an ID");
        let shape = id_shape(params, desc)?;
        let givens = desc.split(|&b| b == b',').next().unwrap();
        let mut grid = parse_cells(givens, shape.size())?;
        grid.set_variant(shape.variant().clone())?;
        Ok(grid)
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
}
