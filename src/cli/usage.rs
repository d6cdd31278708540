//! Usage errors from clap, as one line: what is wrong, then where to find
//! help. `--help` and `--version` are written like any output.

use std::io::Write;

use anyhow::Context;
use clap::error::ErrorKind;

use super::Cli;
use super::exit::{Exit, is_broken_pipe};
use super::io::{Output, warn};

/// `--help` and `--version` go to standard output, with write errors
/// reported like any other; usage errors become one line on standard error.
pub fn report(err: &clap::Error) -> Exit {
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
                Err(e) if is_broken_pipe(&e) => Exit::Success,
                Err(e) => {
                    warn(format_args!("error: {e:#}"));
                    Exit::Failure
                }
            }
        }
        _ => {
            warn(format_args!("error: {}", one_line(err, &text)));
            Exit::Usage
        }
    }
}

/// clap's multi-line usage error as one line: the message and its notes,
/// then where to find help: the command's own help when clap's usage line
/// names it or, for errors printed without one (a bad option value), when
/// the command line names a subcommand. An option that belongs to other
/// commands is named with them, in place of clap's tips (to pass it after
/// `--`, which would make it a file name, or a similar option of this
/// command).
fn one_line(err: &clap::Error, text: &str) -> String {
    use clap::CommandFactory;
    let mut parts = Vec::new();
    let command = Cli::command();
    // (`args_os`: `args` would panic on an argument that is not UTF-8.)
    let named = std::env::args_os().skip(1).find_map(|a| {
        command
            .get_subcommands()
            .map(|s| s.get_name().to_owned())
            .find(|s| a == s.as_str())
    });
    let mut help = match &named {
        Some(sub) => format!("sudogen {sub} --help"),
        None => String::from("sudogen --help"),
    };
    let elsewhere = (err.kind() == ErrorKind::UnknownArgument)
        .then(|| err.get(clap::error::ContextKind::InvalidArg))
        .flatten()
        .and_then(|arg| owners(&command, named.as_deref(), &arg.to_string()));
    if err.kind() == ErrorKind::MissingRequiredArgument {
        let missing = missing(err, &command, named.as_deref());
        return format!("{missing}; see '{help}'");
    }
    // The usage block runs to the next blank line (several lines when a
    // command has several forms).
    let mut in_usage = false;
    for line in text.lines().map(str::trim) {
        if line.is_empty() {
            in_usage = false;
        } else if let Some(usage) = line.strip_prefix("Usage:") {
            in_usage = true;
            let path: Vec<&str> = usage
                .split_whitespace()
                .take_while(|w| !w.starts_with(['[', '<', '-']))
                .collect();
            help = format!("{} --help", path.join(" "));
        } else {
            // Left out: the usage block, the pointer to help (given at
            // the end), and clap's tips when the option is named with its
            // commands.
            let dropped = in_usage
                || line.starts_with("For more information")
                || (elsewhere.is_some() && line.starts_with("tip:"));
            if !dropped {
                parts.push(line.strip_prefix("error:").unwrap_or(line).trim());
            }
        }
    }
    if let Some(tip) = &elsewhere {
        parts.push(tip);
    }
    format!("{}; see '{help}'", parts.join("; "))
}

/// What a missing-argument error lacks, in a line: the arguments, each
/// with the values it takes when there is a list of them.
fn missing(err: &clap::Error, command: &clap::Command, named: Option<&str>) -> String {
    let command = named
        .and_then(|n| command.find_subcommand(n))
        .unwrap_or(command);
    let args: Vec<String> = match err.get(clap::error::ContextKind::InvalidArg) {
        Some(clap::error::ContextValue::Strings(args)) => args.clone(),
        Some(other) => vec![other.to_string()],
        None => Vec::new(),
    };
    let described: Vec<String> = args
        .iter()
        .map(|shown| {
            let name = shown.trim_matches(|c| c == '<' || c == '>' || c == '.');
            let values: Vec<String> = command
                .get_arguments()
                .find(|a| a.get_id().as_str().eq_ignore_ascii_case(name))
                .map(|a| {
                    a.get_possible_values()
                        .iter()
                        .map(|v| v.get_name().to_string())
                        .collect()
                })
                .unwrap_or_default();
            if values.is_empty() {
                shown.clone()
            } else {
                format!("{shown} (one of {})", values.join(", "))
            }
        })
        .collect();
    let noun = if described.len() == 1 {
        "argument was"
    } else {
        "arguments were"
    };
    format!(
        "the following required {noun} not provided: {}",
        described.join(", ")
    )
}

/// For an option `arg` (`--name` or `-x`) that the command the line names
/// (`None`: the top level) does not take: which other commands take it,
/// as a tip.
fn owners(command: &clap::Command, named: Option<&str>, arg: &str) -> Option<String> {
    let takes = |c: &clap::Command| {
        c.get_arguments().any(|a| match arg.strip_prefix("--") {
            Some(long) => a.get_long() == Some(long),
            None => {
                let mut short = arg.strip_prefix('-').unwrap_or("").chars();
                matches!((short.next(), short.next()), (Some(x), None) if a.get_short() == Some(x))
            }
        })
    };
    let others: Vec<String> = command
        .get_subcommands()
        .filter(|s| Some(s.get_name()) != named && takes(s))
        .map(|s| format!("'sudogen {}'", s.get_name()))
        .collect();
    (!others.is_empty()).then(|| format!("tip: '{arg}' is an option of {}", others.join(", ")))
}
