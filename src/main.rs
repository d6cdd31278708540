//! The `sudogen` binary: parse the command line, run, map errors to exit
//! codes. All the work is in the library.

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal};
use std::process::ExitCode;

use anyhow::Context;
use clap::{CommandFactory, Parser, error::ErrorKind};
use sudogen::app::Job;
use sudogen::cli::Cli;
use sudogen::format::Format;

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
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

/// A usage error with clap's formatting and exit code 2.
fn usage(kind: ErrorKind, message: impl std::fmt::Display) -> anyhow::Error {
    Cli::command().error(kind, message).into()
}

fn run(cli: Cli) -> anyhow::Result<()> {
    let strategy = cli.strategy();
    strategy
        .check_size(cli.size)
        .map_err(|e| usage(ErrorKind::InvalidValue, e))?;
    if cli.start.checked_add(cli.count).is_none() {
        return Err(usage(
            ErrorKind::ValueValidation,
            "--start plus --count is past the last index (2^64 - 1); use a smaller --start or --count",
        ));
    }
    let seed = cli.seed.unwrap_or_else(rand::random);
    let to_terminal = cli.output.is_none() && io::stdout().is_terminal();
    let format = cli.format.unwrap_or(if to_terminal {
        Format::Grid
    } else {
        Format::Line
    });
    let job = Job {
        strategy,
        size: cli.size,
        seed,
        start: cli.start,
        count: cli.count,
        format,
    };
    if cli.verbose {
        eprintln!(
            "sudogen: strategy {}, size {}, seed {seed}, grids {}..{}, format {}",
            job.strategy,
            job.size.side(),
            job.start,
            job.start + job.count,
            job.format.name()
        );
    }
    match &cli.output {
        Some(path) => {
            let file =
                File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
            let mut out = BufWriter::with_capacity(1 << 16, file);
            job.run(&mut out, false)
                .with_context(|| format!("writing {}", path.display()))
        }
        None => {
            let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
            job.run(&mut out, to_terminal)
                .context("writing to standard output")
        }
    }
}
