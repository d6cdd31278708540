//! The `sudogen` binary: parse the command line, run the command, map the
//! outcome to an exit status. The work is in the library; the command line
//! (one file per command) is in `cli`.

mod cli;

use std::process::ExitCode;

use clap::Parser;

use cli::{Cli, Exit};

fn main() -> ExitCode {
    let exit = match Cli::try_parse() {
        Ok(command) => match cli::run(command) {
            Ok(exit) => exit,
            // The reader of our output went away (`| head`): not an error.
            Err(err) if cli::is_broken_pipe(&err) => Exit::Success,
            Err(err) => {
                cli::warn(format_args!("error: {err:#}"));
                cli::exit_for(&err)
            }
        },
        // Usage errors as one line; `--help` and `--version` as output.
        Err(err) => cli::usage::report(&err),
    };
    ExitCode::from(exit as u8)
}
