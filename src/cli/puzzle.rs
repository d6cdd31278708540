//! `sudogen puzzle`: unique puzzles, minimal by default, from any strategy's
//! grids.
//!
//! **Contract.** Puzzle `i` of a run is made from grid `i` of `sudogen
//! generate` with the same strategy, size and seed (see
//! [`sudogen::runs`]): the same for every `-j`, `--start` and shard.
//!
//! **Search budget.** `--budget` bounds the guesses of each puzzle's
//! uniqueness checks together; a given whose check runs out stays. Such
//! puzzles are written, unique but not known to be minimal, and reported
//! together at the end (how many, and the first indices), and the run
//! exits 1, as it does when a rated run (`--rating`, `--level`) cannot
//! fill an index.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use clap::Args;

use super::args::Input;
use super::args::{BudgetArgs, GridArgs, OutputArgs, ReportArgs, RunArgs, SymbolsArgs};
use super::exit::{Exit, usage};
use super::generate::Config as GridConfig;
use super::io::describe;
use super::io::warn;
use super::parse::{choice, format_choice, parse_attempts, parse_clues};
use super::progress::write_run;
use super::records::{self, Processed, with_rated};
use sudogen::format::{Content, Field, Record, Value, Writer};
use sudogen::grid::{A, Grid, Shape, plural};
use sudogen::killer::logic::KillerLevel;
use sudogen::killer::make::Settings as KillerSettings;
use sudogen::pipeline;
use sudogen::puzzle::{self, Settings, Symmetry};
use sudogen::rate::Level;
use sudogen::runs::{Filter, Miss, PuzzleRun, RunPuzzle, SolutionRun};

/// Worked examples, at the end of `--help`.
pub const EXAMPLES: &str = "\
Examples:
  sudogen puzzle -n 5                                       five minimal puzzles with one solution each
  sudogen puzzle -n 100 --level hard -f csv -o hard.csv     100 hard puzzles as CSV
  sudogen puzzle -n 1000 --seed 7 --with-solution -f json   puzzles and solutions as JSON Lines
  sudogen puzzle -n 10 --clues 22 --attempts 200            up to 200 removal orders a puzzle toward 22 clues
  sudogen puzzle -n 6 --variant killer -o killer.json       Killer Sudoku: cages with sums, no givens
  sudogen puzzle -n 1000 --with-solution -o train.npy       NumPy arrays (the extension names the format)";

/// How to make puzzles.
#[derive(Debug, Args)]
#[command(mut_arg("format", |a| a.value_parser(format_choice(Content::Puzzles { with_solution: true, rated: false }, true))))]
#[command(mut_arg("count", |a| a.help("How many puzzles (0 writes none)")))]
#[command(mut_arg("start", |a| {
    a.help("Index of the first puzzle: `--start K -n N` makes puzzles K..K+N of the run, exactly as a longer run would")
}))]
#[command(mut_arg("budget", |a| a.help(
    "Guesses one puzzle's uniqueness checks may spend together; a given whose check runs out of them stays, and the puzzle (unique, but not known to be minimal) is reported and the run exits 1"
)))]
pub struct PuzzleArgs {
    #[command(flatten)]
    pub grid: GridArgs,

    #[command(flatten)]
    pub run: RunArgs,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub symbols: SymbolsArgs,

    /// The symmetry of the givens (minimal subject to it), on any shape: a
    /// pattern of the givens, which the boxes or regions need not share
    #[arg(long, value_parser = choice::<Symmetry>(), default_value = "none")]
    pub symmetry: Symmetry,

    /// Stop removing givens at N clues: unique, not minimal (a removal that
    /// gets stuck above N ends minimal; --attempts tries other orders)
    #[arg(long, value_name = "N", value_parser = parse_clues, allow_negative_numbers = true)]
    pub clues: Option<i64>,

    /// Also write each puzzle's solution
    #[arg(long)]
    pub with_solution: bool,

    /// Make the puzzles from the solution grids in FILE (`-`: standard
    /// input; any format and size sudogen reads) instead of generating
    /// them: puzzle i from grid i
    #[arg(long, value_name = "FILE", conflicts_with_all = ["strategy", "start", "count"])]
    pub from: Option<PathBuf>,

    #[command(flatten)]
    pub budget: BudgetArgs,

    /// Keep only puzzles with a Sudoku Explainer rating in this range: A..B,
    /// A.., ..B or A, one decimal (e.g. 4.0..6.2). A range too rare for
    /// --attempts (9.1 and up at 9x9) is refused with its odds
    #[arg(long, value_name = "A..B", value_parser = Filter::parse_range, conflicts_with = "level",
          allow_hyphen_values = true)]
    pub rating: Option<(u8, u8)>,

    /// Keep only puzzles of this level: easy (SE 1.0-1.5), medium
    /// (1.6-2.5), hard (2.6-4.4), expert (4.5-6.4), fiendish (6.5 and up)
    #[arg(long, value_parser = choice::<Level>())]
    pub level: Option<Level>,

    /// Rate every puzzle, and write its rating, level and hardest technique
    /// with it (in CSV and JSON; runs with --rating or --level do so too)
    #[arg(long)]
    pub rate: bool,

    /// Tries per puzzle. With --rating or --level: candidates tried before
    /// the puzzle is reported missing [default: 1000]. With --clues: removal
    /// orders of its grid tried toward the target, the first that reaches
    /// it written, else the one with the fewest clues [default: 1]
    #[arg(long, value_name = "N", value_parser = parse_attempts, allow_negative_numbers = true)]
    pub attempts: Option<u64>,

    #[command(flatten)]
    pub report: ReportArgs,
}

/// A `puzzle` run with every option resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The run of grids the puzzles are made from (its format is the
    /// puzzles' output format).
    pub grids: GridConfig,
    /// Symmetry, clue target, budget.
    pub settings: Settings,
    /// Write the solutions too.
    pub with_solution: bool,
    /// Keep only puzzles rated in this range.
    pub filter: Option<Filter>,
    /// Removal orders tried per puzzle toward the clue target.
    pub clue_attempts: u64,
    /// In a killer run: how the cages are cut, and the shape of the run's
    /// first puzzle (its cages standing for every puzzle's, as a drawn
    /// jigsaw run's first map does).
    pub killer: Option<KillerRun>,
}

/// A killer run's settings, the shape of its first puzzle, and the level
/// it keeps with the candidates tried per puzzle.
pub type KillerRun = (KillerSettings, Shape, Option<(KillerLevel, u64)>);

/// Killer candidates tried per puzzle toward a level by default.
const KILLER_ATTEMPTS: u64 = 100;

/// The sides killer puzzles are made for: the combination tables go to
/// 16, but past 12 the cages take minutes a puzzle to make unique.
const KILLER_SIDES: std::ops::RangeInclusive<usize> = 4..=12;

impl PuzzleArgs {
    /// The settings of a killer run (`--variant killer`), or a usage
    /// error for what does not go with it; `None` for other runs.
    fn killer(&self, grids: &GridConfig) -> anyhow::Result<Option<KillerRun>> {
        if !self.grid.shape.is_killer() {
            return Ok(None);
        }
        let shape = grids.grids.shape();
        let refuse = |what: &str| {
            Err(usage(format!(
                "{what} does not go with --variant killer yet (killer puzzles have cages, not removed givens); leave it out"
            )))
        };
        if !KILLER_SIDES.contains(&shape.side()) {
            return Err(usage(format!(
                "--variant killer makes sides {} to {}, not {}; choose a --size in that range",
                KILLER_SIDES.start(),
                KILLER_SIDES.end(),
                shape.side()
            )));
        }
        if self.symmetry != Symmetry::None {
            return refuse("--symmetry");
        }
        if self.from.is_some() {
            return refuse("--from");
        }
        if self.rating.is_some() || self.rate {
            return refuse("--rating or --rate (killer puzzles have levels: --level)");
        }
        let level = match self.level {
            None => None,
            Some(Level::Easy) => Some(KillerLevel::Easy),
            Some(Level::Medium) => Some(KillerLevel::Moderate),
            Some(Level::Hard) => Some(KillerLevel::Hard),
            Some(Level::Expert) => Some(KillerLevel::Expert),
            Some(Level::Fiendish) => {
                return Err(usage(
                    "--level fiendish: killer levels are easy, medium, hard and expert",
                ));
            }
        };
        if let (Some(n), None) = (self.attempts, level) {
            return Err(usage(format!(
                "--attempts {n} retries toward --level, and none was given; add one, or leave out --attempts"
            )));
        }
        let level = level.map(|l| (l, self.attempts.unwrap_or(KILLER_ATTEMPTS)));
        let givens = match self.clues {
            None => 0,
            Some(n) => match usize::try_from(n) {
                Ok(k) if k <= shape.cells() => k,
                _ => {
                    return Err(usage(format!(
                        "--clues {n}: a killer puzzle takes 0 to {} givens beside its cages",
                        shape.cells()
                    )));
                }
            },
        };
        let settings = KillerSettings::for_side(shape.side(), givens);
        let run =
            PuzzleRun::new(grids.grids.clone(), Settings::MINIMAL, None).with_killer(settings);
        let mut grid = Grid::new(shape);
        // The shape of the run's first puzzle, level or not (its cages
        // stand for the run's).
        let first = match run.make(grids.start, &mut grid) {
            Ok(made) => made.puzzle.shape().clone(),
            Err(_) => {
                return Err(usage(format!(
                    "--variant killer: no killer puzzle of {} within {} grids; try another --seed",
                    A(shape),
                    sudogen::runs::KILLER_GRIDS
                )));
            }
        };
        grids.format.holds(&first).map_err(usage)?;
        Ok(Some((settings, first, level)))
    }
}

impl PuzzleArgs {
    /// Resolves the options; a clue target the size does not allow, or a
    /// rating range sudogen cannot rate exactly, is a usage error.
    pub fn config(&self) -> anyhow::Result<Config> {
        let grids = GridConfig::of(&self.grid, &self.run, &self.output, &self.symbols)?;
        let size = grids.grids.size();
        let shape = grids.grids.shape();
        let killer = self.killer(&grids)?;
        let clues = match self.clues {
            None => None,
            Some(_) if killer.is_some() => None,
            Some(n) => {
                let least = puzzle::fewest_clues(shape);
                match usize::try_from(n) {
                    Ok(k) if (least..=size.cells()).contains(&k) => Some(k),
                    _ => {
                        return Err(usage(format!(
                            "--clues {n} is not possible for {} puzzle with one solution; use {least} to {}",
                            A(size),
                            size.cells()
                        )));
                    }
                }
            }
        };
        // A killer run's --level is a killer level, checked by `killer`.
        let range = match killer {
            Some(_) => None,
            None => self.rating.or(self.level.map(Level::range)),
        };
        if let (Some(n), None, None, None) = (self.attempts, clues, range, &killer) {
            return Err(usage(format!(
                "--attempts {n} retries toward --clues, --rating or --level, and none was given; add one, or leave out --attempts"
            )));
        }
        let attempts = self.attempts.unwrap_or(1000);
        let filter = range.map(|(low, high)| Filter {
            low,
            high,
            attempts,
        });
        if let Some(Err(why)) = filter.map(|f| f.reach(shape)) {
            let asked = match (self.rating, self.level) {
                (Some((l, h)), _) => format!("--rating {}", Filter::range_text(l, h)),
                (None, Some(level)) => format!("--level {}", level.name()),
                (None, None) => unreachable!("a filter comes from a range"),
            };
            let advice = why.advice(attempts, "--attempts ", "--rating 6.5..", "sudogen rate");
            return Err(usage(format!("{asked}: {advice}")));
        }
        Ok(Config {
            grids,
            settings: Settings {
                symmetry: self.symmetry,
                clues,
                budget: self.budget.budget,
            },
            with_solution: self.with_solution,
            filter: filter.or(self.rate.then_some(Filter {
                // Every rating is kept, the lower bounds too: one
                // attempt, the plain puzzle.
                low: 10,
                high: u8::MAX,
                attempts: 1,
            })),
            clue_attempts: match range {
                // A range's attempts are candidates for it.
                Some(_) => 1,
                None => self.attempts.unwrap_or(1),
            },
            killer,
        })
    }
}

impl Config {
    /// Whether the run keeps puzzles of a rating or level (a CSV then
    /// has the rating columns).
    fn rated(&self) -> bool {
        self.filter.is_some() || matches!(self.killer, Some((_, _, Some(_))))
    }
}

/// Runs `sudogen puzzle`.
pub fn run(args: &PuzzleArgs) -> anyhow::Result<Exit> {
    let config = args.config()?;
    if args.report.verbose {
        let g = &config.grids;
        warn(format_args!(
            "puzzles from strategy {}, size {}, seed {}, puzzles {}..{}, symmetry {}, format {}, jobs {}",
            g.grids.strategy(),
            g.grids.size().side(),
            g.grids.seed(),
            g.start,
            u128::from(g.start) + u128::from(g.count),
            config.settings.symmetry.name(),
            g.format.name(),
            g.jobs
        ));
    }
    let reports = Reports::default();
    if let Some(from) = &args.from {
        let exit = from_grids(args, &config, from, &reports)?;
        return Ok(report(&config, reports).max(exit));
    }
    let npy = (config.grids.format == sudogen::format::Format::NPY)
        .then_some((config.grids.grids.size().cells(), config.with_solution));
    write_run(
        &args.output,
        args.report.quiet,
        (config.grids.count, "puzzles"),
        npy,
        |out, done| write(&config, out, done, &reports),
    )?;
    Ok(report(&config, reports))
}

/// Says at the end what the run could not do: puzzles above a clue target,
/// puzzles the budget kept from being minimal, indices a rated run could
/// not fill (the last two exit 1).
fn report(config: &Config, reports: Reports) -> Exit {
    if pipeline::interrupted() {
        // The reader has gone: the puzzles in progress were cut short and
        // dropped, and there is no one to report to.
        return Exit::Success;
    }
    let Reports {
        missed,
        unrated,
        unproven,
        above,
        reached,
    } = reports;
    let above = reports_above(&above);
    let reached = reached.into_inner().unwrap_or_else(|e| e.into_inner());
    let note = config
        .settings
        .clues
        .and_then(|t| above_note(t, config.clue_attempts, reached, &above));
    if let Some(note) = note {
        warn(note);
    }
    let missed = missed.into_inner().unwrap_or_else(|e| e.into_inner());
    let unproven = unproven.into_inner().unwrap_or_else(|e| e.into_inner());
    let unrated = unrated.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut failed = false;
    if unrated.count > 0 {
        for (i, why) in unrated.first.iter().zip(&unrated.why) {
            warn(format_args!("puzzle {i} not made: {why}"));
        }
        if unrated.count > unrated.first.len() as u64 {
            warn(format_args!(
                "{} not made in all, each for a rating that failed ({})",
                plural(unrated.count as usize, "puzzle"),
                unrated.text()
            ));
        }
        failed = true;
    }
    if unproven.count > 0 {
        let short = match config.settings.clues {
            None => {
                "unique, but not known to be minimal; raise --budget, or stop earlier with --clues"
                    .to_string()
            }
            Some(n) => format!("unique, but above {n} clues; raise --budget"),
        };
        warn(format_args!(
            "{} kept givens whose uniqueness check ran out of the search budget ({} guesses per puzzle; {}): {short}",
            plural(unproven.count as usize, "puzzle"),
            config.settings.budget,
            unproven.text()
        ));
        failed = true;
    }
    if let (Some((_, _, Some((level, attempts)))), true) = (&config.killer, missed.count > 0) {
        warn(format_args!(
            "{} not made: none of {attempts} attempts was a killer puzzle of level {} ({}); choose another level or raise --attempts",
            plural(missed.count as usize, "puzzle"),
            level.name(),
            missed.text()
        ));
        failed = true;
    }
    if let (Some(filter), true) = (config.filter, missed.count > 0) {
        let odds = filter
            .odds(config.grids.grids.shape())
            .map_or_else(String::new, |odds| format!("; {odds}"));
        warn(format_args!(
            "{} not made: none of {} attempts rated {} ({}){odds}; widen the range or raise --attempts",
            plural(missed.count as usize, "puzzle"),
            filter.attempts,
            Filter::range_text(filter.low, filter.high),
            missed.text()
        ));
        failed = true;
    }
    if failed { Exit::Failure } else { Exit::Success }
}

/// The puzzles of a run to report at its end.
#[derive(Default)]
struct Reports {
    /// Indices a rated run could not fill.
    missed: Mutex<Indices>,
    /// Indices whose candidates could not be rated, and why.
    unrated: Mutex<Indices>,
    /// Indices of puzzles with givens whose check ran out of budget.
    unproven: Mutex<Indices>,
    /// With a clue target: how many minimal puzzles stayed above it, by
    /// their number of clues.
    above: Mutex<Vec<u64>>,
    /// With a clue target: how many puzzles reached it.
    reached: Mutex<u64>,
}

impl Reports {
    /// Counts a puzzle of `clues` clues that stayed above the target.
    fn above(&self, clues: usize) {
        let mut above = self.above.lock().unwrap_or_else(|e| e.into_inner());
        if above.len() <= clues {
            above.resize(clues + 1, 0);
        }
        above[clues] += 1;
    }

    /// Counts a puzzle that reached the clue target.
    fn reached(&self) {
        *self.reached.lock().unwrap_or_else(|e| e.into_inner()) += 1;
    }
}

/// What a clue target gave: with one removal order a puzzle (`attempts`
/// 1), only when some stayed above it: `--clues 17: 100 of them stayed
/// above 17 clues (22 to 26, median 24)...`; with more, always: how many
/// of the puzzles (`reached` and those `above`, by their clue counts)
/// reached it, and what the others have.
fn above_note(target: usize, attempts: u64, reached: u64, above: &[u64]) -> Option<String> {
    sudogen::runs::clue_note(
        target,
        attempts,
        reached,
        above,
        (
            &format!("--clues {target}"),
            &format!("--clues {target} --attempts {attempts}"),
        ),
    )
}

/// The clue counts of the puzzles above the target.
fn reports_above(above: &Mutex<Vec<u64>>) -> Vec<u64> {
    above.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// How many puzzles, and the first few of them (memory stays flat however
/// many there are), with why each was reported where that varies.
#[derive(Default)]
struct Indices {
    count: u64,
    /// The smallest indices, in order, at most [`Indices::SHOWN`].
    first: Vec<u64>,
    /// Why each of `first` was reported, when it was said.
    why: Vec<String>,
}

impl Indices {
    const SHOWN: usize = 10;

    fn add(this: &Mutex<Indices>, index: u64) {
        Indices::add_why(this, index, String::new());
    }

    /// Adds `index`, reported because of `why`.
    fn add_why(this: &Mutex<Indices>, index: u64, why: String) {
        let mut this = this.lock().unwrap_or_else(|e| e.into_inner());
        this.count += 1;
        let at = this.first.partition_point(|&i| i < index);
        if at < Self::SHOWN {
            this.first.insert(at, index);
            this.first.truncate(Self::SHOWN);
            this.why.insert(at, why);
            this.why.truncate(Self::SHOWN);
        }
    }

    /// "puzzles 1, 5, 8", with "..." when there are more.
    fn text(&self) -> String {
        let shown: Vec<String> = self.first.iter().map(u64::to_string).collect();
        let more = if self.count > self.first.len() as u64 {
            ", ..."
        } else {
            ""
        };
        let noun = if self.count == 1 { "puzzle" } else { "puzzles" };
        format!("{noun} {}{more}", shown.join(", "))
    }
}

impl Config {
    /// Puzzles per chunk at most (chunks are sized by time up to this): a
    /// 9x9 puzzle takes about a hundred uniqueness checks, larger ones far
    /// more.
    fn chunk_len(&self) -> u64 {
        match self.grids.grids.size().side() {
            0..=6 => 256,
            7..=9 => 16,
            _ => 1,
        }
    }
}

/// Counts what the end of the run reports about puzzle `index`.
fn note(config: &Config, reports: &Reports, index: u64, made: &RunPuzzle) {
    if made.fell_short {
        Indices::add(&reports.unproven, index);
    } else if let Some(target) = config.settings.clues {
        let clues = made.puzzle.filled();
        if clues > target {
            reports.above(clues);
        } else {
            reports.reached();
        }
    }
}

/// Hands `write` the record of puzzle `index`, made from `solution`, with
/// its rating (and the attempt that gave it) in a rated run.
fn emit(made: &RunPuzzle, index: u64, solution: &Grid, write: impl FnOnce(&Record<'_>)) {
    let record = Record {
        solution: Some(solution),
        ..Record::new(index, &made.puzzle)
    };
    match &made.rating {
        None => write(&record),
        Some(rating) => with_rated(rating, solution.shape(), false, None, |rated| {
            let attempt = [Field {
                name: "attempt",
                value: Value::UInt(made.attempt),
            }];
            write(&Record {
                rating: Some(rated),
                fields: &attempt,
                ..record
            });
        }),
    }
}

/// What `puzzle --from` says of the records past the cap that were not
/// complete valid grids.
const NOT_GRIDS: &str = "were not complete valid grids; --from makes puzzles from solution grids (sudogen solve solves puzzles)";

/// `sudogen puzzle --from FILE`: puzzle `i` from grid `i` of the file,
/// read, made and written in order on the workers like `solve`'s records.
fn from_grids(
    args: &PuzzleArgs,
    config: &Config,
    from: &Path,
    reports: &Reports,
) -> anyhow::Result<Exit> {
    let g = &config.grids;
    let input = Input {
        files: vec![from.to_path_buf()],
        format: None,
        // The size when forced (by --size, --box, --regions or an
        // alphabet); otherwise each record's length gives it.
        size: (args.grid.size.is_some()
            || args.grid.shape.boxes.is_some()
            || args.grid.shape.regions.is_some()
            || g.symbols.is_some())
        .then(|| g.grids.size()),
        variant: (!g.grids.shape().is_plain()).then(|| g.grids.shape().variant().clone()),
        symbols: g.symbols.clone(),
        empty: String::new(),
    };
    let seed = g.grids.seed().to_string();
    let fields = [
        Field {
            name: "seed",
            value: Value::Text(&seed),
        },
        Field {
            name: "symmetry",
            value: Value::Text(config.settings.symmetry.name()),
        },
    ];
    let content = Content::Puzzles {
        with_solution: config.with_solution,
        rated: config.rated(),
    };
    let writer =
        Writer::new(g.format, content, g.grids.shape(), 0, &fields).with_symbols(g.symbols.clone());
    let run = SolutionRun::new(g.grids.seed(), config.settings, config.filter)
        .with_clue_attempts(config.clue_attempts);
    let made_none = "grids in the input; no puzzle was made";
    records::run(
        &input,
        g.jobs,
        &args.output,
        made_none,
        &mut |_| true,
        |first, batch| {
            let mut s = Processed::default();
            let mut index = first;
            let _ = batch.for_each(|line, grid| {
                let i = index;
                index += 1;
                let grid = match grid {
                    Ok(grid) => grid,
                    Err(e) => {
                        s.report_malformed(line, describe(&e));
                        return Ok::<(), ()>(());
                    }
                };
                if let Err(e) = grid.validate() {
                    s.report_unfit(
                        line,
                        format!("not a complete valid grid ({e}), so no puzzle"),
                        NOT_GRIDS,
                    );
                    return Ok(());
                }
                match run.make(i, grid) {
                    Ok(made) => {
                        note(config, reports, i, &made);
                        emit(&made, i, grid, |record| {
                            writer.push_sized(&mut s.out, record);
                        });
                    }
                    Err(Miss::OutOfRange) => Indices::add(&reports.missed, i),
                    Err(Miss::Unrated(e)) => s.report_failed(line, format!("no puzzle made: {e}")),
                    // The run is stopping: its output is not written.
                    Err(Miss::Interrupted) => {}
                    Err(Miss::Killer) => unreachable!("--from refuses --variant killer"),
                }
                Ok(())
            });
            s
        },
    )
}

/// Writes the run's puzzles to `out`, calling `done(n)` after each chunk
/// of `n` puzzles is written, and adding to `reports` the indices a rated
/// run could not fill and those of puzzles the search budget kept from
/// what was asked.
fn write<W: Write + ?Sized>(
    config: &Config,
    out: &mut W,
    done: impl FnMut(u64),
    reports: &Reports,
) -> std::io::Result<()> {
    let g = &config.grids;
    let seed = g.grids.seed().to_string();
    let mut fields = g.fields(&seed);
    fields.push(Field {
        name: "symmetry",
        value: Value::Text(config.settings.symmetry.name()),
    });
    let content = Content::Puzzles {
        with_solution: config.with_solution,
        rated: config.rated(),
    };
    let run_shape = match &config.killer {
        Some((_, first, _)) => first,
        None => g.grids.shape(),
    };
    let writer =
        Writer::new(g.format, content, run_shape, g.start, &fields).with_symbols(g.symbols.clone());
    writer.write_header(out)?;
    let mut run = PuzzleRun::new(g.grids.clone(), config.settings, config.filter)
        .with_clue_attempts(config.clue_attempts);
    if let Some((settings, _, level)) = &config.killer {
        run = run.with_killer(*settings);
        if let Some((level, attempts)) = level {
            run = run.with_killer_level(*level, *attempts);
        }
    }
    let shape = g.grids.shape();
    pipeline::write_indexed(
        out,
        (g.start, g.count, config.chunk_len()),
        g.jobs,
        done,
        || Grid::new(shape),
        |index, grid, buf| {
            let made = match run.make(index, grid) {
                Ok(made) => made,
                Err(Miss::OutOfRange) => return Indices::add(&reports.missed, index),
                Err(Miss::Unrated(e)) => {
                    return Indices::add_why(&reports.unrated, index, e.to_string());
                }
                // The run is stopping: its output is not written.
                Err(Miss::Interrupted) => return,
                Err(Miss::Killer) => {
                    return Indices::add_why(
                        &reports.unrated,
                        index,
                        format!(
                            "no killer puzzle within {} grids",
                            sudogen::runs::KILLER_GRIDS
                        ),
                    );
                }
            };
            if config.killer.is_some() {
                // Each killer puzzle has cages of its own: Solo takes no
                // cage of one cell.
                if let Err(why) = g.format.holds(made.puzzle.shape()) {
                    return Indices::add_why(&reports.unrated, index, why);
                }
            }
            note(config, reports, index, &made);
            emit(&made, index, grid, |record| writer.push(buf, record));
        },
    )
}
