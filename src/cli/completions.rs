//! `sudogen completions SHELL`: a shell completion script.

use std::io::Write;

use anyhow::Context;
use clap::{Args, CommandFactory};

use super::Cli;
use super::exit::Exit;
use super::io::Output;

/// Worked examples, at the end of `--help`.
pub const EXAMPLES: &str = "\
Examples:
  sudogen completions bash > ~/.local/share/bash-completion/completions/sudogen
  sudogen completions zsh > ~/.zfunc/_sudogen     (with fpath+=~/.zfunc in .zshrc)
  sudogen completions fish > ~/.config/fish/completions/sudogen.fish";

/// Which shell.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Runs `sudogen completions`: the script is built in memory and written
/// with the usual error handling (clap_complete's own writer panics when
/// the output fails).
pub fn run(args: &CompletionsArgs) -> anyhow::Result<Exit> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "sudogen", &mut script);
    let mut out = Output::stdout()?;
    out.file.write_all(&script).context(out.what.clone())?;
    out.finish()?;
    Ok(Exit::Success)
}
