//! Running a generation job: from resolved options to bytes on a writer.

use std::io::{self, Write};

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
}

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

    /// Writes the job's grids to `out`, flushing after each grid when
    /// `flush_each` is set (for a person watching a terminal).
    ///
    /// The strategy must support the size (see [`Strategy::check_size`]) and
    /// `start + count` must not overflow.
    pub fn run<W: Write + ?Sized>(&self, out: &mut W, flush_each: bool) -> io::Result<()> {
        let writer = self.writer();
        writer.write_header(out)?;
        let run = RunRng::new(self.seed);
        let mut grid = Grid::empty(self.size);
        for index in self.start..self.start + self.count {
            let mut rng = run.for_index(index);
            self.strategy.generate(&mut rng, &mut grid);
            writer.write_grid(out, index, &grid)?;
            if flush_each {
                out.flush()?;
            }
        }
        out.flush()
    }
}
