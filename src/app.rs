//! Running a generation job: from resolved options to bytes on a writer,
//! on as many threads as asked, in order, in bounded memory.
//!
//! Grids are made and formatted in *chunks* of consecutive indices. With
//! more than one job, chunks are tasks on a rayon pool; the calling thread
//! receives the finished chunks, puts them back in order and writes them,
//! and starts a new chunk each time one is written. At most
//! [`WINDOW_PER_JOB`] chunks per job are in flight (made, being made, or
//! waiting for an earlier one), so memory stays flat whatever `--count` is,
//! and no worker waits at a barrier. Every grid has its own random stream
//! and the writers are stateless per grid, so the bytes do not depend on
//! the number of jobs or on how the work is split.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::mpsc;

use crate::format::{Format, GridWriter, Meta};
use crate::grid::{Grid, Size};
use crate::random::RunRng;
use crate::strategies::Strategy;

/// A generation job with every option resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    /// The strategy.
    pub strategy: Strategy,
    /// The grid size.
    pub size: Size,
    /// The run's seed.
    pub seed: u64,
    /// The index of the first grid.
    pub start: u64,
    /// How many grids.
    pub count: u64,
    /// The output format.
    pub format: Format,
    /// Worker threads (at least 1).
    pub jobs: usize,
}

/// Chunks in flight per job: enough that a slow chunk does not leave the
/// other workers idle while the writer waits for it.
pub const WINDOW_PER_JOB: u64 = 8;

impl Job {
    /// The writer for this job's format and run.
    pub fn writer(&self) -> GridWriter {
        GridWriter::new(
            self.format,
            Meta {
                strategy: self.strategy,
                size: self.size,
                seed: self.seed,
                start: self.start,
            },
        )
    }

    /// Grids per chunk: large enough to amortise the hand-over, small
    /// enough that the first output comes quickly even for slow sizes.
    pub fn chunk_len(&self) -> u64 {
        match self.size {
            Size::S4 | Size::S9 => 1024,
            Size::S16 => 32,
            Size::S25 => 2,
        }
    }

    /// Makes grids `from..to` and appends their formatted bytes to `buf`.
    pub fn format_range(&self, run: &RunRng, from: u64, to: u64, buf: &mut Vec<u8>) {
        let writer = self.writer();
        let mut grid = Grid::empty(self.size);
        for index in from..to {
            let mut rng = run.for_index(index);
            self.strategy.generate(&mut rng, &mut grid);
            // Writing to a Vec cannot fail.
            let _ = writer.write_grid(buf, index, &grid);
        }
    }

    /// The index one past the last grid.
    fn end(&self) -> u64 {
        self.start.saturating_add(self.count)
    }

    /// The grids of chunk `k`.
    fn chunk(&self, k: u64) -> (u64, u64) {
        let a = self.start + k * self.chunk_len();
        // Saturating: a run may end at the very last index, 2^64 - 1.
        (a, a.saturating_add(self.chunk_len()).min(self.end()))
    }

    /// How many chunks the job has.
    fn chunks(&self) -> u64 {
        self.count.div_ceil(self.chunk_len())
    }

    /// Writes the job's grids to `out`, calling `done(n)` after each chunk
    /// of `n` grids is written. The strategy must support the size (see
    /// [`Strategy::check_size`]) and `start + count` must not overflow.
    pub fn run<W: Write + ?Sized>(&self, out: &mut W, mut done: impl FnMut(u64)) -> io::Result<()> {
        self.writer().write_header(out)?;
        let run = RunRng::new(self.seed);
        let chunks = self.chunks();
        if self.jobs <= 1 {
            let mut buf = Vec::new();
            for k in 0..chunks {
                let (a, b) = self.chunk(k);
                buf.clear();
                self.format_range(&run, a, b, &mut buf);
                out.write_all(&buf)?;
                out.flush()?;
                done(b - a);
            }
            return out.flush();
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.jobs)
            .thread_name(|i| format!("sudogen-{i}"))
            .build()
            .map_err(io::Error::other)?;
        let window = WINDOW_PER_JOB * self.jobs as u64;
        let (tx, rx) = mpsc::channel::<(u64, Vec<u8>)>();
        pool.in_place_scope(|scope| {
            let run = &run;
            let spawn = |k: u64| {
                let tx = tx.clone();
                scope.spawn(move |_| {
                    let (a, b) = self.chunk(k);
                    let mut buf = Vec::new();
                    self.format_range(run, a, b, &mut buf);
                    // The writer has gone only after an error: drop the chunk.
                    let _ = tx.send((k, buf));
                });
            };
            let mut next = 0;
            while next < chunks.min(window) {
                spawn(next);
                next += 1;
            }
            let mut waiting = BTreeMap::new();
            let mut written = 0;
            while written < chunks {
                let (k, buf) = rx.recv().map_err(io::Error::other)?;
                waiting.insert(k, buf);
                while let Some(buf) = waiting.remove(&written) {
                    out.write_all(&buf)?;
                    out.flush()?;
                    let (a, b) = self.chunk(written);
                    done(b - a);
                    written += 1;
                    if next < chunks {
                        spawn(next);
                        next += 1;
                    }
                }
            }
            Ok(())
        })
    }
}

/// Generates `count` grids (indices `0..count`) and counts their
/// statistics, on `jobs` threads; the result does not depend on `jobs`.
pub fn measure(
    strategy: Strategy,
    size: Size,
    seed: u64,
    count: u64,
    jobs: usize,
) -> io::Result<crate::stats::Stats> {
    use rayon::prelude::*;
    const CHUNK: u64 = 4096;
    let run = RunRng::new(seed);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .map_err(io::Error::other)?;
    Ok(pool.install(|| {
        (0..count.div_ceil(CHUNK))
            .into_par_iter()
            .map(|k| {
                let mut stats = crate::stats::Stats::new(size);
                let mut grid = Grid::empty(size);
                for index in k * CHUNK..((k + 1) * CHUNK).min(count) {
                    strategy.generate(&mut run.for_index(index), &mut grid);
                    stats.add(&grid);
                }
                stats
            })
            .reduce(
                || crate::stats::Stats::new(size),
                |mut a, b| {
                    a.merge(b);
                    a
                },
            )
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(job: &Job) -> Vec<u8> {
        let mut out = Vec::new();
        job.run(&mut out, |_| {}).unwrap();
        out
    }

    #[test]
    fn output_is_the_same_for_every_number_of_jobs() {
        for (strategy, size, count) in [
            (Strategy::Uniform, Size::S9, 3000),
            (Strategy::Rotate, Size::S16, 100),
            (Strategy::Chain, Size::S25, 9),
        ] {
            for format in Format::ALL.iter().copied() {
                let job = Job {
                    strategy,
                    size,
                    seed: 5,
                    start: 17,
                    count,
                    format,
                    jobs: 1,
                };
                let one = bytes(&job);
                for jobs in [2, 3, 8] {
                    assert!(
                        one == bytes(&Job { jobs, ..job }),
                        "{strategy} {format:?} -j{jobs}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_last_indices_are_reachable() {
        let job = Job {
            strategy: Strategy::Rotate,
            size: Size::S9,
            seed: 1,
            start: u64::MAX - 5,
            count: 5,
            format: Format::Line,
            jobs: 1,
        };
        for jobs in [1, 2] {
            let out = bytes(&Job { jobs, ..job });
            assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), 5, "-j{jobs}");
        }
    }

    #[test]
    fn chunks_cover_the_range_exactly_once() {
        for count in [0, 1, 1023, 1024, 1025, 10_000] {
            let job = Job {
                strategy: Strategy::Rotate,
                size: Size::S9,
                seed: 0,
                start: 5,
                count,
                format: Format::Line,
                jobs: 2,
            };
            let mut from = job.start;
            for k in 0..job.chunks() {
                let (a, b) = job.chunk(k);
                assert_eq!(a, from);
                assert!(b > a && b - a <= job.chunk_len());
                from = b;
            }
            assert_eq!(from, job.start + count);
        }
    }
}
