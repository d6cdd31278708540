//! The `sudogen` binary: parse the command line, run, map errors to exit
//! codes. All the work is in the library.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::{CommandFactory, Parser, error::ErrorKind};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sudogen::app::Job;
use sudogen::check::{Checker, Options as CheckOptions};
use sudogen::cli::{CheckArgs, Cli, Command, GenerateArgs, ReportFormat, StatsArgs};
use sudogen::format::Format;
use sudogen::input::GridReader;
use sudogen::stats::Stats;

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(err) => {
            if let Some(usage) = err.downcast_ref::<clap::Error>() {
                usage.exit();
            }
            if is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            eprintln!("sudogen: error: {err:#}");
            ExitCode::FAILURE
        }
    }
}

/// Whether the reader of our output went away (`sudogen ... | head`).
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// The worker threads asked for, or the available cores.
fn jobs(asked: Option<u16>) -> usize {
    asked.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    )
}

/// A usage error with clap's formatting and exit code 2.
fn usage(kind: ErrorKind, message: impl std::fmt::Display) -> anyhow::Error {
    Cli::command().error(kind, message).into()
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Some(Command::Completions { shell }) => {
            let mut out = io::stdout().lock();
            clap_complete::generate(shell, &mut Cli::command(), "sudogen", &mut out);
            out.flush().context("writing to standard output")?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Check(args)) => check(&args),
        Some(Command::Stats(args)) => stats(&args),
        None => generate(&cli.generate).map(|()| ExitCode::SUCCESS),
    }
}

/// Opens each input (standard input for `-` or none), calling `each` with
/// its name and a buffered reader; an input that cannot be opened is
/// reported and skipped. Returns whether every input could be opened.
fn for_each_input(
    files: &[PathBuf],
    mut each: impl FnMut(&str, &mut dyn BufRead) -> anyhow::Result<()>,
) -> anyhow::Result<bool> {
    let stdin = [PathBuf::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    let mut all_read = true;
    for path in files {
        if path.as_os_str() == "-" {
            each("<stdin>", &mut io::stdin().lock())?;
            continue;
        }
        if path.is_dir() {
            eprintln!(
                "sudogen: error: cannot read {}: it is a directory",
                path.display()
            );
            all_read = false;
            continue;
        }
        match File::open(path) {
            Ok(file) => {
                let name = path.display().to_string();
                each(&name, &mut BufReader::with_capacity(1 << 16, file))?;
            }
            Err(e) => {
                eprintln!("sudogen: error: cannot read {}: {e}", path.display());
                all_read = false;
            }
        }
    }
    Ok(all_read)
}

fn stats(args: &StatsArgs) -> anyhow::Result<ExitCode> {
    let size = args.size;
    let mut skipped = 0u64;
    let (counts, source) = if args.input.is_empty() {
        let strategy = args.strategy();
        strategy
            .check_size(size)
            .map_err(|e| usage(ErrorKind::InvalidValue, e))?;
        let seed = args.seed.unwrap_or_else(rand::random);
        let jobs = jobs(args.jobs);
        let source = format!("strategy {strategy}, size {size}, seed {seed}");
        (
            sudogen::app::measure(strategy, size, seed, args.count, jobs)?,
            source,
        )
    } else {
        let mut counts = Stats::new(size);
        let all_read = for_each_input(&args.input, |name, input| {
            GridReader::new(input, None, None)
                .visit(|_, grid| {
                    match grid {
                        Ok(g) if g.size() == size && g.is_valid() => counts.add(g),
                        _ => skipped += 1,
                    }
                    Ok(())
                })
                .with_context(|| format!("reading {name}"))
        })?;
        if !all_read {
            return Ok(ExitCode::from(2));
        }
        let inputs = args.input.len();
        let plural = if inputs == 1 { "" } else { "s" };
        (
            counts,
            format!("{size} grids read from {inputs} input{plural}"),
        )
    };
    let rows = counts.report(args.level);
    let mut out = io::stdout().lock();
    match args.format {
        ReportFormat::Table => {
            writeln!(out, "{source}")?;
            write!(out, "{}", sudogen::stats::table(&rows, args.level))?;
            if skipped > 0 {
                writeln!(out, "({skipped} records skipped: invalid or not {size})")?;
            }
        }
        ReportFormat::Json => {
            let mut doc = sudogen::stats::json(&rows, size, args.level);
            if let Some(obj) = doc.as_object_mut() {
                obj.insert("source".into(), source.into());
            }
            writeln!(out, "{doc}")?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn check(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let mut checker = Checker::new(CheckOptions {
        format: args.format,
        size: args.size,
        distinct: args.distinct,
    });
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let all_read = for_each_input(&args.files, |name, input| {
        checker
            .input(name, input, &mut out)
            .with_context(|| format!("reading {name}"))
    })?;
    writeln!(out, "{}", checker.summary().line()).context("writing to standard output")?;
    out.flush().context("writing to standard output")?;
    Ok(if !all_read {
        ExitCode::from(2)
    } else if checker.summary().invalid > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

fn generate(args: &GenerateArgs) -> anyhow::Result<()> {
    let strategy = args.strategy();
    strategy
        .check_size(args.size)
        .map_err(|e| usage(ErrorKind::InvalidValue, e))?;
    if args.start.checked_add(args.count).is_none() {
        return Err(usage(
            ErrorKind::ValueValidation,
            "--start plus --count is past the last index (2^64 - 1); use a smaller --start or --count",
        ));
    }
    let seed = args.seed.unwrap_or_else(rand::random);
    let to_terminal = args.output.is_none() && io::stdout().is_terminal();
    let format = args.format.unwrap_or(if to_terminal {
        Format::Grid
    } else {
        Format::Line
    });
    let jobs = jobs(args.jobs);
    let job = Job {
        strategy,
        size: args.size,
        seed,
        start: args.start,
        count: args.count,
        format,
        jobs,
    };
    if args.verbose {
        eprintln!(
            "sudogen: strategy {}, size {}, seed {seed}, grids {}..{}, format {}, jobs {jobs}",
            job.strategy,
            job.size.side(),
            job.start,
            job.start + job.count,
            job.format.name()
        );
    }
    let progress = Progress::new(job.count, !args.quiet && io::stderr().is_terminal());
    let result = match &args.output {
        Some(path) => {
            let file =
                File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
            let mut out = BufWriter::with_capacity(1 << 16, file);
            job.run(&mut out, |n| progress.advance(n))
                .with_context(|| format!("writing {}", path.display()))
        }
        None => {
            let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
            job.run(&mut out, |n| progress.advance(n))
                .context("writing to standard output")
        }
    };
    progress.finish();
    result
}

/// A progress bar on standard error that appears only once a run has
/// taken a second, and only when asked for (a terminal, no --quiet).
struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
}

impl Progress {
    const DELAY: Duration = Duration::from_secs(1);

    fn new(total: u64, enabled: bool) -> Progress {
        let bar = enabled.then(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
            bar.set_style(
                ProgressStyle::with_template(
                    "{bar:40} {human_pos}/{human_len} grids  {per_sec:0}  {elapsed} elapsed, {eta} left",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar
        });
        Progress {
            bar,
            started: Instant::now(),
        }
    }

    fn advance(&self, grids: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(grids);
            if bar.is_hidden() && self.started.elapsed() >= Self::DELAY {
                bar.set_draw_target(ProgressDrawTarget::stderr());
            }
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
