//! The progress bar of long runs.

use std::io::{self, IsTerminal};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

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
