//! `sudogen print`: puzzle books as PDF or SVG, ready for paper, or as a
//! web page to play them in a browser (with the rater's hints) and print.
//!
//! Reads puzzle records (any format sudogen reads, with the solutions and
//! ratings they carry), solves every one in the book's shape (a solution a
//! record carries must be the one it finds), rates them when asked, and
//! typesets the book through [`sudogen::print`]. Nothing is written unless
//! every record is a puzzle with exactly one solution: a book with a wrong
//! answer is worse than none.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::{Args, ValueEnum};

use super::args::{BudgetArgs, Input, InputArgs, JobsArgs, format_for_file};
use super::exit::{Exit, usage};
use super::io::{Output, batches, describe, each_input, open_output, warn};
use super::records::Capped;
use sudogen::format::read::{BATCH_RECORDS, Batch};
use sudogen::format::{Carried, symbols};
use sudogen::grid::{Grid, Invalid, SYMBOLS, Unit, Variant, plural};
use sudogen::pipeline;
use sudogen::print::{
    self, DEFAULT_PER_PAGE, Entry, Geometry, Hint, MAX_ANSWERS_PER_PAGE, Options, PER_PAGE, Paper,
};
use sudogen::rate::{Level, Scale, rate_solved, rate_within};
use sudogen::shape::Shape;
use sudogen::solve::{Budget, Search, search};

/// Worked examples, at the end of `--help`.
pub const EXAMPLES: &str = "\
Examples:
  sudogen puzzle -n 60 --seed 1 --with-solution -f json | sudogen print --per-page 6 -o book.pdf
  sudogen puzzle -n 30 --level hard | sudogen rate | sudogen print --sort rating --title Hard -o hard.pdf
  sudogen puzzle -n 10 --seed 2 | sudogen print --large-print --per-page 1 --paper letter -o big.pdf
  sudogen puzzle -n 1 --seed 4 | sudogen print --format svg -o page.svg
  sudogen puzzle -n 30 --level hard --with-solution -f json | sudogen print -o hard.html";

/// The document's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Document {
    /// PDF: vector pages, the font embedded (subset), text extractable
    Pdf,
    /// SVG: one file per page, the font embedded (FILE, then FILE-02.svg ... FILE-12.svg, numbers as wide as the last)
    Svg,
    /// HTML: one self-contained page to play the puzzles in a browser, with the rater's hints, and to print
    Html,
}

impl Document {
    /// Its name, as `-f` and a file's extension give it.
    fn name(self) -> &'static str {
        match self {
            Document::Pdf => "pdf",
            Document::Svg => "svg",
            Document::Html => "html",
        }
    }

    /// The document of this name.
    fn named(name: &str) -> Option<Document> {
        [Document::Pdf, Document::Svg, Document::Html]
            .into_iter()
            .find(|d| d.name() == name)
    }
}

/// In which order the puzzles go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Sort {
    /// As read
    Input,
    /// From easy to hard, by Sudoku Explainer rating (a technique level
    /// beyond classic 9x9; puzzles are rated where their records carry no
    /// rating)
    Rating,
}

/// How to print a book.
#[derive(Debug, Args)]
#[command(mut_arg("budget", |a| a.help(
    "Guesses each puzzle's search may make (every puzzle is solved, to prove it has one solution); one that needs more stops the run"
)))]
pub struct PrintArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Write the book to FILE; `-` is standard output (not a terminal)
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// The document's format [default: the FILE's extension, .pdf, .svg
    /// or .html; else pdf]
    #[arg(short, long, value_enum)]
    pub format: Option<Document>,

    /// Paper: a4, letter, legal, a5, or WxHmm / WxHin (such as 6x9in)
    #[arg(long, default_value = "a4", value_parser = parse_paper)]
    pub paper: Paper,

    /// Puzzles per page: 1, 2, 4, 6, 9 or 12 [default: the most up to 6
    /// whose cells are 5 mm or more (6 for 9x9 on A4, 4 for 16x16, 1 for
    /// 25x25); 1 in large print]
    #[arg(long, value_name = "N", value_parser = parse_per_page, allow_negative_numbers = true)]
    pub per_page: Option<usize>,

    /// Large print: big, high-contrast digits, 1 or 2 puzzles per page
    #[arg(long)]
    pub large_print: bool,

    /// The title at the head of the puzzle pages
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,

    /// Leave out the solutions at the back
    #[arg(long)]
    pub no_solutions: bool,

    /// Solutions per answer page [default: as many as stay legible]
    #[arg(long, value_name = "N", value_parser = parse_answers_per_page,
          allow_negative_numbers = true, conflicts_with = "no_solutions")]
    pub answers_per_page: Option<usize>,

    /// Leave out the page numbers
    #[arg(long)]
    pub no_page_numbers: bool,

    /// The order of the puzzles
    #[arg(long, value_enum, default_value_t = Sort::Input)]
    pub sort: Sort,

    /// Rate the puzzles whose records carry no rating, to label each with
    /// its level and rating (SE on classic 9x9, a technique level
    /// elsewhere, labelled `level`)
    #[arg(long)]
    pub rate: bool,

    #[command(flatten)]
    pub budget: BudgetArgs,

    #[command(flatten)]
    pub jobs: JobsArgs,
}

/// A `print` run with every option resolved.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where the puzzles come from.
    pub input: Input,
    /// Where the book goes (`None`: standard output).
    pub output: Option<PathBuf>,
    /// PDF or SVG.
    pub document: Document,
    /// The layout, but for the geometry (set from the puzzles read) and,
    /// unless `per_page_given`, the puzzles per page.
    pub options: Options,
    /// Whether `--per-page` was given (else it is the shape's and the
    /// paper's default, [`print::default_per_page`]).
    pub per_page_given: bool,
    /// The order.
    pub sort: Sort,
    /// Rate puzzles that carry no rating.
    pub rate: bool,
    /// Guesses to solve a puzzle without a solution.
    pub budget: Budget,
    /// Worker threads.
    pub jobs: usize,
}

/// Parses `--paper`.
fn parse_paper(s: &str) -> Result<Paper, String> {
    Paper::parse(s)
}

/// Parses `--per-page`: one of the layouts on offer.
fn parse_per_page(s: &str) -> Result<usize, String> {
    s.trim()
        .parse::<usize>()
        .ok()
        .filter(|n| PER_PAGE.contains(n))
        .ok_or_else(|| {
            format!("'{s}' puzzles per page is not a layout on offer; use 1, 2, 4, 6, 9 or 12")
        })
}

/// Parses `--answers-per-page`.
fn parse_answers_per_page(s: &str) -> Result<usize, String> {
    s.trim()
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=MAX_ANSWERS_PER_PAGE).contains(n))
        .ok_or_else(|| {
            format!("'{s}' is not a number of solutions per page; use 1 to {MAX_ANSWERS_PER_PAGE}")
        })
}

impl PrintArgs {
    /// Resolves the options; a layout that cannot be had is a usage error.
    pub fn config(&self) -> anyhow::Result<Config> {
        let input = self.input.resolve()?;
        let output = self.output.clone().filter(|p| p.as_os_str() != "-");
        let document = format_for_file(
            output.as_deref(),
            self.format,
            &[
                ("pdf", &["pdf"]),
                ("svg", &["svg"]),
                ("html", &["html"]),
                ("htm", &["html"]),
            ],
            (Document::name, Document::named),
            Document::Pdf,
        )?;
        if output.is_none() {
            if document == Document::Svg {
                return Err(usage(
                    "SVG books are written one file per page; name the first with -o FILE.svg",
                ));
            }
            if document == Document::Html && std::io::stdout().is_terminal() {
                return Err(usage(
                    "a web page is not for a terminal; write it to a file with -o book.html, or pipe it",
                ));
            }
            if std::io::stdout().is_terminal() {
                return Err(usage(
                    "a PDF is not for a terminal; write it to a file with -o book.pdf, or pipe it",
                ));
            }
        }
        let per_page = self.per_page.unwrap_or(if self.large_print {
            1
        } else {
            DEFAULT_PER_PAGE
        });
        if self.large_print && per_page > 2 {
            return Err(usage(format!(
                "--large-print holds 1 or 2 puzzles per page, not {per_page}; use --per-page 1 or 2"
            )));
        }
        let alphabet = match &input.symbols {
            Some(_) => symbols::expand(self.input.symbols.symbols.as_deref().unwrap_or_default())
                .map_err(usage)?,
            None => String::from_utf8_lossy(SYMBOLS).into_owned(),
        };
        let options = Options {
            paper: self.paper,
            per_page,
            large_print: self.large_print,
            title: self.title.clone(),
            page_numbers: !self.no_page_numbers,
            answers: !self.no_solutions,
            answers_per_page: self.answers_per_page,
            alphabet,
            ..Options::default()
        };
        Ok(Config {
            input,
            output,
            document,
            options,
            per_page_given: self.per_page.is_some(),
            sort: self.sort,
            rate: self.rate || self.sort == Sort::Rating,
            budget: self.budget.budget,
            jobs: self.jobs.get(),
        })
    }
}

/// A puzzle read and made ready: its puzzle, solution and rating.
struct Ready {
    puzzle: Grid,
    solution: Grid,
    rating: Option<Carried>,
    /// The rater's path as hints (a web page's; empty for the others).
    hints: Vec<Hint>,
}

/// What one batch gave: the puzzles ready, and what was wrong (the line,
/// the message, and whether the record could not be read at all).
#[derive(Default)]
struct Part {
    ready: Vec<Ready>,
    problems: Vec<(u64, String, bool)>,
}

/// Runs `sudogen print`.
pub fn run(args: &PrintArgs) -> anyhow::Result<Exit> {
    let config = args.config()?;
    let mut book: Vec<(String, Ready)> = Vec::new();
    let (mut malformed, mut failed) = (false, false);
    let pace = pipeline::Pace::new(BATCH_RECORDS);
    // Standard output is opened first, so that a reader who leaves while
    // the puzzles are checked and rated (`print --rate | head -c 100`)
    // stops the run then, not once the book is made.
    let mut stdout = match config.document {
        Document::Pdf | Document::Html if config.output.is_none() => {
            Some(open_output(None, &config.input.files)?)
        }
        _ => None,
    };
    let all_read = each_input(&config.input.files, |name, reader| {
        let input = &config.input;
        let mut reader = input.reader(reader);
        let mut said = Capped::default();
        let read = pipeline::ordered(
            config.jobs,
            batches(&mut reader, name, &pace),
            |batch, _| pace.time(batch.len(), || prepare(&config, &batch)),
            |part: Part| -> anyhow::Result<()> {
                for (line, message, unreadable) in part.problems {
                    said.say(name, line, &message);
                    malformed |= unreadable;
                    failed |= !unreadable;
                }
                book.extend(part.ready.into_iter().map(|r| (name.to_string(), r)));
                Ok(())
            },
        );
        said.end(name);
        read
    })?;
    if pipeline::interrupted() {
        // The reader has gone: there is no one to give the book to.
        return Ok(Exit::Success);
    }
    if !all_read || malformed || failed {
        warn("error: nothing was printed; mend the records above, or leave them out");
        return Ok(if !all_read || malformed {
            Exit::Usage
        } else {
            Exit::Failure
        });
    }
    if book.is_empty() {
        warn("error: no puzzles in the input; nothing was printed");
        return Ok(Exit::Failure);
    }
    // A book may mix shapes, variants and jigsaw maps: each grid is drawn
    // in its own, and the book is measured by its largest side.
    let largest = book
        .iter()
        .rev()
        .map(|(_, r)| r.puzzle.shape())
        .max_by_key(|s| s.side())
        .expect("a book has puzzles")
        .clone();
    if let Some(note) = (book.iter())
        .find_map(|(_, r)| Scale::note(r.puzzle.shape()))
        .filter(|_| config.rate)
    {
        warn(format_args!("note: {note}"));
    }
    if config.sort == Sort::Rating {
        // Stable: puzzles of one rating keep their order; unrated last.
        book.sort_by_key(|(_, r)| r.rating.as_ref().map_or(u16::MAX, |c| u16::from(c.se)));
    }
    let entries: Vec<Entry> = book
        .iter()
        .enumerate()
        .map(|(i, (_, r))| Entry {
            level: r.rating.as_ref().and_then(|c| c.level.clone()),
            rating: r.rating.as_ref().map(|c| {
                let plus = if c.exact { "" } else { "+" };
                format!("{}.{}{plus}", c.se / 10, c.se % 10)
            }),
            scale: Scale::of(r.puzzle.shape()),
            geometry: (*r.puzzle.shape() != largest)
                .then(|| Geometry::from_shape(r.puzzle.shape())),
            ..Entry::new(
                i as u64 + 1,
                r.puzzle.cells().to_vec(),
                r.solution.cells().to_vec(),
            )
        })
        .collect();
    let mut options = Options {
        geometry: Geometry::from_shape(&largest),
        ..config.options.clone()
    };
    options.rules = entries
        .iter()
        .any(|e| e.geometry_in(&options).rule().is_some());
    if !config.per_page_given {
        // As many as stay writable: a default warns of nothing.
        options.per_page = print::default_per_page(&options);
    }
    let plan = print::plan(&entries, &options).map_err(|e| usage(e.to_string()))?;
    warn_if_small(&entries, &options, &plan);
    let bytes = match config.document {
        Document::Pdf => print::pdf(&entries, &options),
        Document::Html => {
            let hints: Vec<Vec<Hint>> = book.into_iter().map(|(_, r)| r.hints).collect();
            print::html(&entries, &hints, &options).map(String::into_bytes)
        }
        Document::Svg => {
            let pages = print::svg_pages(&entries, &options).map_err(|e| usage(e.to_string()))?;
            let first = config.output.as_deref().unwrap_or(Path::new("page.svg"));
            write_pages(first, &pages, &config.input.files)?;
            return Ok(Exit::Success);
        }
    }
    .map_err(|e| usage(e.to_string()))?;
    let mut out = match stdout.take() {
        Some(out) => out,
        None => open_output(config.output.as_deref(), &config.input.files)?,
    };
    out.file.write_all(&bytes).context(out.what.clone())?;
    out.finish()?;
    Ok(Exit::Success)
}

/// Warns when the cells of the puzzles are too small to write in, or those
/// of the solutions too small to read, saying how big they are and what
/// would make them big enough: the most to a page that would do, or larger
/// paper.
fn warn_if_small(entries: &[Entry], options: &Options, plan: &print::Plan) {
    if !plan.puzzles_writable() {
        let advice = fewer(
            entries,
            PER_PAGE
                .iter()
                .rev()
                .copied()
                .filter(|&n| n < options.per_page),
            |n| Options {
                per_page: n,
                ..options.clone()
            },
            |p| p.puzzles_writable().then_some(p.puzzle_cell_mm),
            "--per-page",
        );
        warn(format_args!(
            "warning: the puzzles' cells are {:.1} mm wide, too small to write in ({} mm or more); {advice}use larger paper",
            plan.puzzle_cell_mm,
            print::WRITABLE_CELL_MM
        ));
    }
    if !plan.answers_readable() {
        let advice = fewer(
            entries,
            (1..plan.answers_per_page).rev(),
            |n| Options {
                answers_per_page: Some(n),
                ..options.clone()
            },
            |p| p.answers_readable().then_some(p.answer_cell_mm),
            "--answers-per-page",
        );
        warn(format_args!(
            "warning: the solutions' cells are {:.1} mm wide, too small to read ({} mm or more); {advice}use larger paper",
            plan.answer_cell_mm,
            print::READABLE_CELL_MM
        ));
    }
}

/// Advice for [`warn_if_small`]: the first of `counts` (fewer to a page,
/// most first) whose layout, made `with` it, `fits` (giving its cell size),
/// as "print fewer to a page (FLAG N gives X mm) or ", or nothing.
fn fewer(
    entries: &[Entry],
    mut counts: impl Iterator<Item = usize>,
    with: impl Fn(usize) -> Options,
    fits: impl Fn(&print::Plan) -> Option<f32>,
    flag: &str,
) -> String {
    counts
        .find_map(|n| {
            let cell = fits(&print::plan(entries, &with(n)).ok()?)?;
            Some(format!(
                "print fewer to a page ({flag} {n} gives {cell:.1} mm) or "
            ))
        })
        .unwrap_or_default()
}

/// Checks, solves and rates the records of a batch.
fn prepare(config: &Config, batch: &Batch) -> Part {
    let mut part = Part::default();
    let _ = batch.for_each_full(|read| {
        let grid = match read.grid {
            Ok(g) => g,
            Err(e) => {
                part.problems.push((read.line, describe(&e), true));
                return Ok::<(), ()>(());
            }
        };
        match ready(config, grid, read.solution, read.rating) {
            Ok((solution, rating, hints)) => part.ready.push(Ready {
                puzzle: grid.clone(),
                solution,
                rating,
                hints,
            }),
            Err(message) => part.problems.push((read.line, message, false)),
        }
        Ok(())
    });
    part
}

/// A puzzle's solution, rating (the one its record carries, else rated
/// when asked, or for a web page) and, for a web page, its hints: the
/// rater's path, explained; or what is wrong with it. Every puzzle is solved in the
/// book's shape, whatever its record carries: it must have exactly one
/// solution there, and a solution the record carries must be that one.
fn ready(
    config: &Config,
    puzzle: &Grid,
    carried: Option<Result<&Grid, sudogen::format::RecordError>>,
    rating: Option<Carried>,
) -> Result<(Grid, Option<Carried>, Vec<Hint>), String> {
    if puzzle.is_complete() {
        return Err("a complete grid, not a puzzle".into());
    }
    puzzle
        .validate_givens()
        .map_err(|e| as_classic(puzzle, e.to_string(), in_a_box(e), false))?;
    if let Some(carried) = &carried {
        let solution = carried.as_ref().map(|s| *s).map_err(Clone::clone);
        if let Some(problem) = sudogen::check::solution_problem(puzzle, solution) {
            // A jigsaw's solution read as classic repeats values in boxes.
            let boxes = carried
                .as_ref()
                .is_ok_and(|s| s.size() == puzzle.size() && s.validate().is_err_and(in_a_box));
            return Err(as_classic(puzzle, problem, boxes, false));
        }
    }
    let search_for = Search {
        limit: 2,
        budget: config.budget,
    };
    let outcome = search(puzzle, search_for);
    let solution = match (outcome.solutions, outcome.cut) {
        (_, true) => {
            return Err(format!(
                "search budget of {} guesses exceeded before its solution was known to be the only one; raise --budget",
                config.budget
            ));
        }
        (0, _) => return Err(as_classic(puzzle, "no solution".into(), true, false)),
        (1, _) => outcome.first.ok_or("no solution")?,
        _ => {
            return Err(match sudogen::check::unique_under(puzzle) {
                Some(variant) => format!(
                    "2+ solutions as a {} puzzle, exactly one as a {} puzzle: print it with --variant {}",
                    puzzle.shape(),
                    Shape::new(puzzle.size(), variant.clone())
                        .map_or_else(|_| variant.name().into(), |s| s.to_string()),
                    variant.name()
                ),
                None => as_classic(
                    puzzle,
                    "2+ solutions: a puzzle for a book needs exactly one".into(),
                    true,
                    true,
                ),
            });
        }
    };
    if let Some(Ok(carried)) = carried
        && carried.cells() != solution.cells()
    {
        let at = (carried.cells().iter().zip(solution.cells()))
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        let n = puzzle.size().side();
        return Err(format!(
            "its solution is not the puzzle's one solution (r{}c{} differs); mend it, or leave it out to have it solved",
            at / n + 1,
            at % n + 1
        ));
    }
    // (A killer puzzle has no hints: the page refuses it in one line.)
    if config.document == Document::Html && !puzzle.shape().is_killer() {
        // The hints are the rater's path, on every shape (a technique
        // level's path beyond classic 9x9).
        let rated = rate_solved(puzzle, &solution, true, u8::MAX).map_err(|e| e.to_string())?;
        let symbols: Vec<char> = config.options.alphabet.chars().collect();
        let symbol = |v: u8| symbols.get(usize::from(v) - 1).copied().unwrap_or('?');
        let hints = (rated.path.iter())
            .map(|step| Hint::from_step(step, puzzle.shape().clone(), &symbol))
            .collect();
        let rating = rating.or(Some(Carried {
            se: rated.se,
            exact: rated.exact,
            level: Some(Level::of(rated.se).name().to_string()),
        }));
        return Ok((solution, rating, hints));
    }
    let rating = match rating {
        Some(r) => Some(r),
        None if config.rate => {
            let rated = rate_within(puzzle, false, config.budget).map_err(|e| e.to_string())?;
            Some(Carried {
                se: rated.se,
                exact: rated.exact,
                level: Some(Level::of(rated.se).name().to_string()),
            })
        }
        None => None,
    };
    Ok((solution, rating, Vec::new()))
}

/// Whether a fault is a value repeated in a box.
fn in_a_box(fault: Invalid) -> bool {
    matches!(
        fault,
        Invalid::Repeat {
            unit: Unit::Box(_),
            ..
        }
    )
}

/// `problem`, the fault of `puzzle` as a puzzle of its shape, with a hint
/// when the record carries no variant (none was given, and its format
/// names none) and the fault is one that a puzzle of another shape read
/// as classic Sudoku has (`other`: a value twice in a box, no solution,
/// several): a jigsaw puzzle read without its map; where `several`, also
/// an X or Hyper puzzle whose search for a single solution
/// ([`sudogen::check::unique_under`]) did not settle. Givens with fewer
/// than side - 1 distinct values have several solutions in every shape
/// (two missing values swap), so they get none.
fn as_classic(puzzle: &Grid, problem: String, other: bool, several: bool) -> String {
    let side = puzzle.size().side();
    let mut values: Vec<u8> = puzzle.cells().iter().copied().filter(|&v| v != 0).collect();
    values.sort_unstable();
    values.dedup();
    if !other || !puzzle.shape().is_plain() || (several && values.len() + 1 < side) {
        return problem;
    }
    let variants = match (several, Shape::new(puzzle.size(), Variant::Hyper).is_ok()) {
        (false, _) => "",
        (true, true) => " (an X or Hyper puzzle: --variant)",
        (true, false) => " (an X puzzle: --variant x)",
    };
    format!("{problem}; if it is a jigsaw puzzle, give its region map with --regions{variants}")
}

/// The name of page `k` (1-based) of an SVG book of `pages` pages whose
/// first page is `first`: `first` itself, then `first` with `-k` before
/// its extension, `k` padded with zeros to the width of `pages`, so that
/// the pages sort in order (`book-02.svg` ... `book-12.svg`).
fn page_name(first: &Path, k: usize, pages: usize) -> PathBuf {
    if k == 1 {
        return first.to_path_buf();
    }
    let (stem, ext) = stem_and_extension(first);
    let width = pages.to_string().len();
    first.with_file_name(format!("{stem}-{k:0width$}{ext}"))
}

/// A file name's stem and its extension with the dot (or nothing).
fn stem_and_extension(path: &Path) -> (String, String) {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let ext = path
        .extension()
        .map_or(String::new(), |e| format!(".{}", e.to_string_lossy()));
    (stem.into_owned(), ext)
}

/// The comment on the second line of each SVG page, by which a later run
/// knows the pages of this book as its own: the book's first file name
/// (with `--` broken, which a comment cannot hold).
fn page_mark(first: &Path) -> String {
    let name = first.file_name().unwrap_or_default().to_string_lossy();
    format!(
        "<!-- sudogen print: a page of {} -->",
        name.replace("--", "- -")
    )
}

/// Writes SVG pages, named by [`page_name`], each marked as a page of this
/// book; every file whole, or none of them. Then removes the pages of an
/// earlier, longer run of the same book (or one numbered another width)
/// that this run did not write: only regular files named as its pages
/// would be whose second line is this book's mark ([`remove_stale_pages`]).
fn write_pages(first: &Path, pages: &[String], inputs: &[PathBuf]) -> anyhow::Result<()> {
    let mark = page_mark(first);
    // Every page to its temporary file first; they are put in place only
    // once all are written.
    let mut outs: Vec<Output> = Vec::new();
    for (k, page) in pages.iter().enumerate() {
        let mut out = open_output(Some(&page_name(first, k + 1, pages.len())), inputs)?;
        let (head, body) = page.split_once('\n').unwrap_or((page, ""));
        for part in [head, "\n", &mark, "\n", body] {
            out.file
                .write_all(part.as_bytes())
                .context(out.what.clone())?;
        }
        outs.push(out);
    }
    for out in &mut outs {
        out.file.flush().context(out.what.clone())?;
    }
    for out in outs {
        out.finish()?;
    }
    if pages.len() > 1 {
        warn(format_args!(
            "note: wrote {} pages: {} to {}",
            pages.len(),
            first.display(),
            page_name(first, pages.len(), pages.len()).display()
        ));
    }
    remove_stale_pages(first, pages.len(), &mark);
    Ok(())
}

/// Removes the files beside `first` named as its pages would be
/// (`STEM-DIGITS.EXT`) that are not the names of this book's `pages`
/// pages, are regular files (not links) and carry `mark` on their second
/// line: pages an earlier run of this book wrote. Anything else is left
/// alone; a page that cannot be removed is reported, and the book stands.
fn remove_stale_pages(first: &Path, pages: usize, mark: &str) {
    let dir = match first.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let (stem, ext) = stem_and_extension(first);
    let prefix = format!("{stem}-");
    let mut stale: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .filter(|e| {
            let name = e.file_name();
            let Some(digits) = name
                .to_str()
                .and_then(|n| n.strip_prefix(&prefix))
                .and_then(|n| n.strip_suffix(&ext))
            else {
                return false;
            };
            let k = digits.parse::<usize>().ok();
            !digits.is_empty()
                && digits.bytes().all(|b| b.is_ascii_digit())
                && !k.is_some_and(|k| {
                    (2..=pages).contains(&k)
                        && page_name(first, k, pages).file_name() == Some(&name)
                })
        })
        .map(|e| e.path())
        .filter(|path| is_page_of(path, mark))
        .collect();
    if stale.is_empty() {
        return;
    }
    stale.sort();
    let mut removed = 0;
    for path in &stale {
        match std::fs::remove_file(path) {
            Ok(()) => removed += 1,
            Err(e) => warn(format_args!(
                "warning: could not remove {}, a page of an earlier run of this book: {e}",
                path.display()
            )),
        }
    }
    if removed > 0 {
        warn(format_args!(
            "note: removed {} of an earlier run of this book that this one did not write",
            plural(removed, "page")
        ));
    }
}

/// Whether `path` is a regular file whose second line is `mark`.
fn is_page_of(path: &Path, mark: &str) -> bool {
    use std::io::Read;
    if !std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file()) {
        return false;
    }
    let mut head = Vec::with_capacity(512);
    let read = std::fs::File::open(path).and_then(|f| f.take(512).read_to_end(&mut head));
    read.is_ok() && head.split(|&b| b == b'\n').nth(1) == Some(mark.as_bytes())
}
