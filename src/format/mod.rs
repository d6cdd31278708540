//! Formats: one module per format, each owning how a record is written and
//! how it is read, behind one trait ([`RecordFormat`]); the registry of
//! formats ([`FORMATS`]); the [`Writer`] every command writes records
//! with; and [`read`], the streaming reader that detects the format line by
//! line.
//!
//! The rooms, and who imports whom (no module imports one that imports it
//! back):
//!
//! - [`record`]: the [`Record`] and what runs hold ([`Content`]), the
//!   errors of reading ([`RecordError`]). Imports no format.
//! - [`spec`]: the [`RecordFormat`] trait, the settings of a run
//!   ([`Run`]), and the framing API the reading halves use.
//! - [`text`] and [`symbols`]: writing helpers and other alphabets.
//! - [`line`], [`pretty`] (the `grid` format), [`csv`], [`json`], [`solo`],
//!   [`fpuzzles`], [`sudokupad`]: one file per format, importing only the
//!   four above (`fpuzzles` borrows `json`'s writing of keys, `sudokupad`
//!   writes and reads `fpuzzles`'s objects); [`ml`], the layouts of the
//!   machine-learning datasets, whose files are CSV (it borrows `csv`'s
//!   reader).
//! - this module: the registry and the [`Writer`]; [`read`]: the reader;
//!   [`unpack`]: inputs packed in gzip, zip or `.npz`, unpacked before
//!   the reader sees them.
//! - [`report`]: what `stats` measured, as a table or JSON.
//!
//! **Adding a format** is one new file (a unit struct implementing
//! [`RecordFormat`]: its name, its writer per [`Content`], how it detects
//! and frames the lines it reads) and one line in [`FORMATS`]. The command
//! line offers every registered format to `-f` and `--input-format`, and
//! the reader detects it.

use std::fmt;
use std::io::{self, Write};

use crate::grid::{Shape, Size};

pub mod csv;
pub mod fpuzzles;
pub mod json;
pub mod line;
pub mod ml;
pub mod npy;
pub mod pretty;
pub mod read;
pub mod record;
pub mod report;
pub mod solo;
pub mod spec;
pub mod sudokupad;
pub mod symbols;
pub mod text;
pub mod unpack;

pub use record::{
    Carried, Content, Field, Label, LabelValue, LinkRecord, Rated, Record, RecordError, Searched,
    StepRecord, Value,
};
pub use spec::{RecordFormat, Run};
pub use symbols::Symbols;

/// Every format, in the order `--help` lists them.
pub const FORMATS: &[Format] = &[
    Format(&pretty::Pretty),
    Format(&line::Line),
    Format(&csv::Csv),
    Format(&json::Json),
    Format(&ml::KAGGLE),
    Format(&ml::KAGGLE_3M),
    Format(&ml::EXTREME),
    Format(&npy::Npy),
    Format(&solo::Solo),
    Format(&fpuzzles::Fpuzzles),
    Format(&sudokupad::Sudokupad),
];

/// A registered format: a handle on its [`RecordFormat`].
#[derive(Clone, Copy)]
pub struct Format(&'static dyn RecordFormat);

impl Format {
    /// The `grid` format, for people.
    pub const GRID: Format = Format(&pretty::Pretty);
    /// The `line` format.
    pub const LINE: Format = Format(&line::Line);
    /// The `csv` format.
    pub const CSV: Format = Format(&csv::Csv);
    /// The `json` format.
    pub const JSON: Format = Format(&json::Json);
    /// The `npy` format (NumPy arrays).
    pub const NPY: Format = Format(&npy::Npy);
    /// The `solo` format (Simon Tatham's Solo game IDs).
    pub const SOLO: Format = Format(&solo::Solo);
    /// The `fpuzzles` format (f-puzzles JSON objects).
    pub const FPUZZLES: Format = Format(&fpuzzles::Fpuzzles);
    /// The `sudokupad` format (links that open in SudokuPad).
    pub const SUDOKUPAD: Format = Format(&sudokupad::Sudokupad);

    /// The format of this name, if one is registered.
    pub fn named(name: &str) -> Option<Format> {
        FORMATS.iter().copied().find(|f| f.name() == name)
    }

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// What it looks like, in one line.
    pub fn description(self) -> &'static str {
        self.0.description()
    }

    /// The format's implementation.
    pub fn spec(self) -> &'static dyn RecordFormat {
        self.0
    }

    /// Whether the format can write records of `shape` (see
    /// [`RecordFormat::holds`]); a killer puzzle's cages need a format
    /// with room for them ([`RecordFormat::writes_cages`]).
    pub fn holds(self, shape: &Shape) -> Result<(), String> {
        if shape.is_killer() && !self.0.writes_cages() {
            return Err(format!(
                "the {} format has no room for killer cages: write killer puzzles as line, csv or json",
                self.name()
            ));
        }
        self.0.holds(shape)
    }

    /// Whether the format can write records that each carry a jigsaw map
    /// of their own (`--variant jigsaw` without `--regions`): the formats
    /// whose records carry their shape's data, as a killer's cages
    /// ([`RecordFormat::writes_cages`]), carry a record's regions too; the
    /// others would write puzzles without the map they are unique in.
    pub fn holds_layouts(self) -> Result<(), String> {
        if self.0.writes_cages() {
            return Ok(());
        }
        Err(format!(
            "the {} format has no room for a jigsaw map per puzzle: write jigsaws with a map each as line, csv, json, solo, fpuzzles or sudokupad, or give one map with --regions",
            self.name()
        ))
    }
}

impl PartialEq for Format {
    fn eq(&self, other: &Format) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Format {}

impl fmt::Debug for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Writes the records of one run in one format.
#[derive(Clone, Debug)]
pub struct Writer {
    format: Format,
    run: Run,
}

impl Writer {
    /// A writer of `format` for records holding `content`, of grids of
    /// `shape` (a size, or a size and variant), whose first record has
    /// index `start`; `fields` are the values every record of the run
    /// shares (written, where the format has room, in every record).
    pub fn new(
        format: Format,
        content: Content,
        shape: impl Into<Shape>,
        start: u64,
        fields: &[Field<'_>],
    ) -> Writer {
        let shape = shape.into();
        Writer {
            format,
            run: Run {
                content,
                size: shape.size(),
                shape,
                start,
                symbols: None,
                prefix: format.0.prefix(fields),
                shared: fields.iter().map(|f| f.name).collect(),
            },
        }
    }

    /// Writes cells in this alphabet, where the format writes symbols.
    pub fn with_symbols(mut self, symbols: Option<Symbols>) -> Self {
        self.run.symbols = symbols;
        self
    }

    /// The format.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Writes what comes before the first record (the CSV header) of a
    /// run whose records carry no labels.
    pub fn write_header<W: Write + ?Sized>(&self, w: &mut W) -> io::Result<()> {
        let mut buf = Vec::new();
        let grid = crate::grid::Grid::new(&self.run.shape);
        self.format
            .0
            .header(&mut buf, &self.run, &Record::new(0, &grid));
        w.write_all(&buf)
    }

    /// Appends one record to `out`.
    #[inline]
    pub fn push(&self, out: &mut Vec<u8>, record: &Record<'_>) {
        self.format.0.write(out, &self.run, record);
    }

    /// Writes one record.
    pub fn write<W: Write + ?Sized>(&self, w: &mut W, record: &Record<'_>) -> io::Result<()> {
        text::with_scratch(w, |buf| self.push(buf, record))
    }

    /// Appends what stands for record `index` of the input, which could
    /// not be read because of `error`, to a batch being formatted (see
    /// [`RecordFormat::unreadable`]).
    pub fn push_unreadable(&self, out: &mut Formatted, index: u64, error: &str) {
        if out.first.is_none() {
            // A header that comes after it cannot be dropped.
            out.leading = true;
        }
        self.format
            .0
            .unreadable(&mut out.bytes, &self.run, index, error);
    }

    /// Appends one record to a batch being formatted, with a header before
    /// it where its header differs from the record's before it (its shape,
    /// its labels: see [`Formatted`]).
    ///
    /// Returns where the record's own bytes start in [`Formatted::bytes`]
    /// (after any header).
    pub fn push_sized(&self, out: &mut Formatted, record: &Record<'_>) -> usize {
        let key = header_key(record);
        if out.key != Some(key) {
            out.key = Some(key);
            let mut header = Vec::new();
            self.format.0.header(&mut header, &self.run, record);
            if out.last.as_ref() != Some(&header) {
                if out.first.is_none() && out.leading {
                    // Answers for unreadable records came first: the
                    // header goes before them, where a table has it, and
                    // then starts the batch like any first header.
                    out.bytes.splice(0..0, header.iter().copied());
                } else {
                    out.bytes.extend_from_slice(&header);
                }
                out.last = Some(header);
            }
            if out.first.is_none() {
                out.header = out.last.as_ref().map_or(0, Vec::len);
                out.first.clone_from(&out.last);
                out.leading = false;
            }
        }
        let start = out.bytes.len();
        self.push(&mut out.bytes, record);
        start
    }
}

/// What a record's header may depend on: its size and the name of its
/// variant (not a jigsaw's map: records with maps of their own are one
/// table), whether it has a solution, its labels' names (hashed; nothing
/// to hash for a record without labels, as most are).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct HeaderKey {
    shape: (Size, &'static str, bool),
    solution: bool,
    labels: u64,
}

/// The [`HeaderKey`] of `record`.
fn header_key(record: &Record<'_>) -> HeaderKey {
    // FNV-1a over the names, each ended by a byte no name holds: computed
    // for every record written, so cheaper than SipHash.
    let labels = match record.labels {
        [] => 0,
        labels => labels.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, label| {
            label
                .name
                .bytes()
                .chain([0xff])
                .fold(h, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
        }),
    };
    HeaderKey {
        shape: (
            record.grid.size(),
            record.grid.variant().name(),
            record.grid.shape().is_killer(),
        ),
        solution: record.solution.is_some(),
        labels,
    }
}

/// Records formatted in order on a worker, for one writer to write after
/// those of earlier batches: a header comes before a record wherever it
/// differs from the one before (the shape or the labels change), and the
/// writer drops the first batch header when the batch before ended under
/// the same one.
#[derive(Debug, Default)]
pub struct Formatted {
    bytes: Vec<u8>,
    /// The header of the first and of the last record.
    first: Option<Vec<u8>>,
    last: Option<Vec<u8>>,
    /// The last record's [`header_key`].
    key: Option<HeaderKey>,
    /// How many bytes of header start `bytes`.
    header: usize,
    /// Whether the batch holds only answers for unreadable records so far
    /// (no header starts `bytes`; the first record's header will be put
    /// before them).
    leading: bool,
}

/// The header the records written so far are under (see
/// [`Formatted::bytes_after`]).
#[derive(Debug, Default)]
pub struct Headed(Option<Vec<u8>>);

impl Formatted {
    /// The bytes to write after records written under `previous` (updated
    /// to this batch's last header).
    pub fn bytes_after(&self, previous: &mut Headed) -> &[u8] {
        let mut bytes = &self.bytes[..];
        if self.first.is_some() && self.first == previous.0 && !self.leading {
            bytes = &bytes[self.header..];
        }
        if self.last.is_some() {
            previous.0.clone_from(&self.last);
        }
        bytes
    }

    /// The bytes formatted so far.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Makes room for `more` bytes (what the records to come are expected
    /// to take), so that the buffer does not grow by copying record after
    /// record.
    pub fn reserve(&mut self, more: usize) {
        self.bytes.reserve(more);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::record::Rated;
    use crate::grid::Grid;
    use crate::grid::Size;

    #[test]
    fn every_format_is_named_once() {
        for f in FORMATS {
            assert_eq!(Format::named(f.name()), Some(*f));
            assert!(!f.description().is_empty());
        }
        let mut names: Vec<&str> = FORMATS.iter().map(|f| f.name()).collect();
        names.dedup();
        assert_eq!(names.len(), FORMATS.len());
    }

    #[test]
    fn json_carries_run_and_record_fields() {
        let g = Grid::parse("1234341221434321", None).unwrap();
        let w = Writer::new(
            Format::JSON,
            Content::Grids,
            Size::S4,
            0,
            &[Field {
                name: "strategy",
                value: Value::Text("x\"y"),
            }],
        );
        let mut out = Vec::new();
        let fields = [Field {
            name: "count",
            value: Value::UInt(3),
        }];
        w.write(
            &mut out,
            &Record {
                fields: &fields,
                ..Record::new(2, &g)
            },
        )
        .unwrap();
        let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(doc["strategy"], "x\"y");
        assert_eq!(doc["index"], 2);
        assert_eq!(doc["count"], 3);
        assert_eq!(doc["grid"][1][0], 3);
    }

    /// Whatever a text format writes reads back: for every format but
    /// `npy` (whose arrays the command line finishes; see
    /// `every_format_reads_back_what_it_wrote` in `cli/generate.rs`) and
    /// every content that holds grids, records of 9x9 and 4x4 (a header
    /// where the size changes) read back, detected and forced, as the
    /// grids written, with the solution wherever one was written beside
    /// them: a canonical form from JSON's `form` too.
    #[test]
    fn every_text_format_reads_back_every_content() {
        let nine_solution = Grid::parse(
            "123456789456789123789123456234567891567891234891234567345678912678912345912345678",
            None,
        )
        .unwrap();
        let mut nine = nine_solution.clone();
        for i in [0, 10, 20, 40, 80] {
            nine.set(i / 9, i % 9, 0);
        }
        let four_solution = Grid::parse("1234341221434321", None).unwrap();
        let four = Grid::parse("1..4.4.22.4.43.1", None).unwrap();
        let grids = [
            (nine.clone(), nine_solution.clone()),
            (nine, nine_solution),
            (four, four_solution),
        ];
        let rated = Rated {
            se: 12,
            exact: true,
            ep: 12,
            ep_exact: true,
            ed: 12,
            ed_exact: true,
            level: "easy",
            hardest: "hidden-single",
            steps: 5,
            scale: "SE",
            path: &[],
            unfinished: None,
        };
        let contents = [
            Content::Grids,
            Content::Puzzles {
                with_solution: false,
                rated: false,
            },
            Content::Puzzles {
                with_solution: true,
                rated: true,
            },
            Content::Solutions { count: false },
            Content::Ratings {
                explain: true,
                ep: true,
                ed: false,
            },
            Content::Forms { transform: false },
        ];
        for format in FORMATS.iter().copied().filter(|&f| f != Format::NPY) {
            for content in contents {
                let writer = Writer::new(format, content, Size::S9, 0, &[]);
                let mut formatted = Formatted::default();
                for (i, (puzzle, solution)) in grids.iter().enumerate() {
                    let grid = if content == Content::Grids {
                        solution
                    } else {
                        puzzle
                    };
                    let record = Record {
                        solution: Some(solution),
                        rating: Some(&rated),
                        ..Record::new(i as u64, grid)
                    };
                    writer.push_sized(&mut formatted, &record);
                }
                let bytes = formatted.bytes_after(&mut Headed::default());
                let text = String::from_utf8_lossy(bytes);
                for forced in [None, Some(format)] {
                    let what = format!("{format} {content:?} forced {forced:?}:\n{text}");
                    let mut reader = read::Reader::new(bytes, forced, None);
                    let mut read = Vec::new();
                    // A grid as its shape and cells (a grid read keeps
                    // bytes past its cells from the records before it).
                    let seen = |g: &Grid| (g.shape().clone(), g.to_string());
                    while let Some(batch) = reader.next_batch().unwrap() {
                        let _ = batch.for_each_with_solution(|_, grid, solution| {
                            read.push((
                                grid.map(seen).map_err(|e| e.to_string()),
                                solution.map(|s| s.map(seen).map_err(|e| e.to_string())),
                            ));
                            Ok::<(), ()>(())
                        });
                    }
                    assert_eq!(read.len(), grids.len(), "{what}");
                    for ((grid, solution), (puzzle, full)) in read.iter().zip(&grids) {
                        let grid = grid.as_ref().unwrap_or_else(|e| panic!("{e}: {what}"));
                        let solution = solution.as_ref().map(|s| s.as_ref().unwrap());
                        let (puzzle, full) = (&seen(puzzle), &seen(full));
                        match content {
                            Content::Grids => assert_eq!(grid, full, "{what}"),
                            // The solution alone, or beside its puzzle.
                            Content::Solutions { .. } => assert!(
                                grid == full || (grid == puzzle && solution == Some(full)),
                                "{what}"
                            ),
                            _ => assert_eq!(grid, puzzle, "{what}"),
                        }
                        let beside = match content {
                            Content::Grids | Content::Solutions { .. } => false,
                            Content::Puzzles { with_solution, .. } => with_solution,
                            Content::Ratings { .. } | Content::Forms { .. } => true,
                        };
                        if beside || format.spec().needs_solution() {
                            assert_eq!(solution, Some(full), "{what}");
                        }
                    }
                }
            }
        }
    }

    /// A header comes where the size changes, within a batch and across
    /// batches, and only there.
    #[test]
    fn headers_where_the_size_changes() {
        let four = Grid::parse("1234341221434321", None).unwrap();
        let nine = Grid::empty(Size::S9);
        let w = Writer::new(
            Format::CSV,
            Content::Solutions { count: false },
            Size::S9,
            0,
            &[],
        );
        let batch = |grids: &[&Grid]| {
            let mut f = Formatted::default();
            for (i, g) in grids.iter().enumerate() {
                w.push_sized(&mut f, &Record::new(i as u64, g));
            }
            f
        };
        let mut previous = Headed::default();
        let mut out = Vec::new();
        for b in [
            batch(&[&four, &four]),
            batch(&[&four, &nine]),
            batch(&[&nine]),
        ] {
            out.extend_from_slice(b.bytes_after(&mut previous));
        }
        let text = String::from_utf8(out).unwrap();
        let headers: Vec<usize> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| l.starts_with("index"))
            .map(|(i, _)| i)
            .collect();
        assert_eq!(headers, [0, 4], "{text}");
    }

    /// A batch that starts with an unreadable record's answer is one table
    /// with the batches before it: no second header after the answer, and
    /// the very first header before it.
    #[test]
    fn an_unreadable_record_first_in_a_batch_keeps_one_table() {
        let nine = Grid::empty(Size::S9);
        let w = Writer::new(
            Format::CSV,
            Content::Solutions { count: false },
            Size::S9,
            0,
            &[],
        );
        let batch = |unreadable: u64, grid: u64| {
            let mut f = Formatted::default();
            w.push_unreadable(&mut f, unreadable, "1 row, expected 4");
            w.push_sized(&mut f, &Record::new(grid, &nine));
            f
        };
        let mut previous = Headed::default();
        let mut out = Vec::new();
        for b in [batch(0, 1), batch(2, 3)] {
            out.extend_from_slice(b.bytes_after(&mut previous));
        }
        let text = String::from_utf8(out).unwrap();
        let firsts: Vec<&str> = text.lines().map(|l| l.split(',').next().unwrap()).collect();
        assert_eq!(
            firsts,
            ["index", "unreadable", "1", "unreadable", "3"],
            "{text}"
        );
    }
}
