//! The progress bar of long runs, and the run that writes with one.

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal};
use std::time::{Duration, Instant};

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::args::OutputArgs;
use super::io::Output;

/// A progress bar on standard error that appears only once a run has taken
/// a second, only when standard error is a terminal, and only when asked
/// (the caller passes `false` for `--quiet`, and when the output itself goes
/// to the terminal, where the bar would draw over it).
pub struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
}

impl Progress {
    const DELAY: Duration = Duration::from_secs(1);

    /// A bar for `total` grids, if `enabled` and standard error is a
    /// terminal.
    pub fn new(total: u64, enabled: bool) -> Progress {
        let bar = (enabled && io::stderr().is_terminal()).then(|| {
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

    /// Counts `grids` more done.
    pub fn advance(&self, grids: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(grids);
            if bar.is_hidden() && self.started.elapsed() >= Self::DELAY {
                bar.set_draw_target(ProgressDrawTarget::stderr());
            }
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Opens the output, writes a run of `count` records to it with `write`
/// (which reports each finished chunk to the progress bar), and finishes
/// it, naming the output in any error: what `generate` and `puzzle` share.
/// With `npy`, the stream is finished as NumPy arrays of that many cells
/// per record (and a solutions array when the bool says so).
pub fn write_run(
    output: &OutputArgs,
    quiet: bool,
    count: u64,
    npy: Option<(usize, bool)>,
    write: impl FnOnce(&mut BufWriter<File>, &mut dyn FnMut(u64)) -> io::Result<()>,
) -> anyhow::Result<()> {
    let mut out = match (npy, output.path()) {
        (Some(_), Some(path)) => Output::npy(path)?,
        _ => output.open_for(&[])?,
    };
    let progress = Progress::new(count, !quiet && !output.is_terminal());
    let result = write(&mut out.file, &mut |n| progress.advance(n));
    progress.finish();
    result.context(out.what.clone())?;
    match npy {
        Some((cells, solutions)) => out.finish_npy(cells, solutions),
        None => out.finish(),
    }
}
