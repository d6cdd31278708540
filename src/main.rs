//! The `sudogen` binary: parse the command line, run the command, map the
//! outcome to an exit status. All the work is in the library.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use clap::Parser;
use clap::error::ErrorKind;
use sudogen::cli::{self, Cli, Exit, Output};

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
        Err(err) => clap_error(&err),
    };
    ExitCode::from(exit as u8)
}

/// `--help` and `--version` go to standard output, with write errors
/// reported like any other; usage errors become one line on standard error.
fn clap_error(err: &clap::Error) -> Exit {
    let text = err.render().to_string();
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let written = Output::stdout().and_then(|mut out| {
                out.file
                    .write_all(text.as_bytes())
                    .context(out.what.clone())?;
                out.finish()
            });
            match written {
                Ok(()) => Exit::Success,
                Err(e) if cli::is_broken_pipe(&e) => Exit::Success,
                Err(e) => {
                    cli::warn(format_args!("error: {e:#}"));
                    Exit::Failure
                }
            }
        }
        _ => {
            cli::warn(format_args!("error: {}", one_line(&text)));
            Exit::Usage
        }
    }
}

/// clap's multi-line usage error as one line: the message and its notes,
/// then where to find help: the command's own help when clap's usage line
/// names it or, for errors printed without one (a bad option value), when
/// the command line names a subcommand.
fn one_line(text: &str) -> String {
    use clap::CommandFactory;
    let mut parts = Vec::new();
    let command = Cli::command();
    let named = std::env::args().skip(1).find(|a| {
        command
            .get_subcommands()
            .any(|s| s.get_name() == a.as_str())
    });
    let mut help = match named {
        Some(sub) => format!("sudogen {sub} --help"),
        None => String::from("sudogen --help"),
    };
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(usage) = line.strip_prefix("Usage:") {
            let path: Vec<&str> = usage
                .split_whitespace()
                .take_while(|w| !w.starts_with(['[', '<', '-']))
                .collect();
            help = format!("{} --help", path.join(" "));
        } else if !line.starts_with("For more information") {
            parts.push(line.strip_prefix("error:").unwrap_or(line).trim());
        }
    }
    format!("{}; see '{help}'", parts.join(" "))
}
