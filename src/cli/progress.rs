//! The progress bar of long runs, and the run that writes with one.

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::args::OutputArgs;
use super::io::Output;
use sudogen::format::read::Batch;

/// A progress bar on standard error that appears only once a run has taken
/// a second, only when standard error is a terminal, and only when asked
/// (the caller passes `false` for `--quiet`, and when the output itself goes
/// to the terminal, where the bar would draw over it).
///
/// A run that makes a known number of records counts them against it
/// ([`Progress::new`]); a run that reads counts the records handed to its
/// workers, and their bytes against the size of its files when they are
/// all regular files ([`Progress::reading`]), else only the records and
/// the time.
pub struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
    /// What the records are (`grids`, `puzzles rated`).
    noun: &'static str,
    /// Records read, for a bar made by [`Progress::reading`].
    records: AtomicU64,
}

impl Progress {
    const DELAY: Duration = Duration::from_secs(1);

    /// A bar for `total` records, `noun` naming them (`grids`,
    /// `puzzles`), if `enabled` and standard error is a terminal.
    pub fn new(total: u64, noun: &'static str, enabled: bool) -> Progress {
        let template = format!(
            "{{bar:40}} {{human_pos}}/{{human_len}} {noun}  {{per_sec:0}}  {{elapsed}} elapsed, {{eta}} left"
        );
        Progress::with(Some(total), &template, noun, enabled)
    }

    /// A bar for a run that reads `files` (`-`: standard input), the
    /// records counted as `noun` (`puzzles read`): against the bytes of
    /// the files when they are all regular files, else the records and the
    /// time alone.
    pub fn reading(files: &[PathBuf], noun: &'static str, enabled: bool) -> Progress {
        match total_bytes(files) {
            Some(total) => Progress::with(
                Some(total),
                "{bar:40} {percent:>3}%  {msg}  {elapsed} elapsed, {eta} left",
                noun,
                enabled,
            ),
            None => Progress::with(None, "{spinner} {msg}  {elapsed} elapsed", noun, enabled),
        }
    }

    fn with(total: Option<u64>, template: &str, noun: &'static str, enabled: bool) -> Progress {
        let bar = (enabled && io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::hidden());
            bar.set_style(
                ProgressStyle::with_template(template)
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar
        });
        Progress {
            bar,
            started: Instant::now(),
            noun,
            records: AtomicU64::new(0),
        }
    }

    /// Counts `records` more done (a bar made by [`Progress::new`]).
    pub fn advance(&self, records: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(records);
            show_after(bar, self.started);
        }
    }

    /// Counts the records of `batch` as handed to the workers (a bar made
    /// by [`Progress::reading`]), and their bytes against the inputs'.
    pub fn read(&self, batch: &Batch) {
        let Some(bar) = &self.bar else { return };
        let records = batch.len() as u64;
        let done = self.records.fetch_add(records, Ordering::Relaxed) + records;
        bar.set_message(format!("{} {}", HumanCount(done), self.noun));
        if bar.length().is_some() {
            // A line end after each record.
            bar.inc(batch.framed_bytes() as u64 + records);
        } else {
            bar.tick();
        }
        show_after(bar, self.started);
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Draws `bar` once the run has taken [`Progress::DELAY`].
fn show_after(bar: &ProgressBar, started: Instant) {
    if bar.is_hidden() && started.elapsed() >= Progress::DELAY {
        bar.set_draw_target(ProgressDrawTarget::stderr());
    }
}

/// The bytes of `files` together, if each is a regular file (not standard
/// input, a pipe or a device, whose length is not known in advance).
fn total_bytes(files: &[PathBuf]) -> Option<u64> {
    files.iter().try_fold(0u64, |sum, path| {
        if path == Path::new("-") {
            return None;
        }
        let meta = std::fs::metadata(path).ok()?;
        meta.is_file().then(|| sum + meta.len())
    })
}

/// Opens the output, writes a run of `count` records (`noun`: what they
/// are) to it with `write` (which reports each finished chunk to the
/// progress bar), and finishes it, naming the output in any error: what
/// `generate` and `puzzle` share. With `npy`, the stream is finished as
/// NumPy arrays of that many cells per record (and a solutions array when
/// the bool says so).
pub fn write_run(
    output: &OutputArgs,
    quiet: bool,
    (count, noun): (u64, &'static str),
    npy: Option<(usize, bool)>,
    write: impl FnOnce(&mut BufWriter<File>, &mut dyn FnMut(u64)) -> io::Result<()>,
) -> anyhow::Result<()> {
    let mut out = match (npy, output.path()) {
        (Some(_), Some(path)) => Output::npy(path)?,
        _ => output.open_for(&[])?,
    };
    let progress = Progress::new(count, noun, !quiet && !output.is_terminal());
    let result = write(&mut out.file, &mut |n| progress.advance(n));
    progress.finish();
    result.context(out.what.clone())?;
    match npy {
        Some((cells, solutions)) => out.finish_npy(cells, solutions),
        None => out.finish(),
    }
}
