//! `ucsx completions`: a shell's completion script, from clap_complete.

use std::io::{self, Write};

use clap_complete::Shell;

use super::Outcome;

/// Print the completion script of a shell on standard output.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    $ ucsx completions bash > ~/.local/share/bash-completion/completions/ucsx\n  \
    $ ucsx completions zsh > ~/.zfunc/_ucsx\n  \
    $ ucsx completions fish > ~/.config/fish/completions/ucsx.fish")]
pub struct Args {
    /// The shell.
    #[arg(value_enum)]
    shell: Shell,
}

/// Writes the script for `command`, the whole `ucsx` command line.
pub fn run(args: &Args, mut command: clap::Command) -> Outcome {
    // clap_complete panics when its writer fails; a buffer never does, and
    // standard output's errors are then reported as every command's are.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "ucsx", &mut script);
    let mut out = io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(true)
}
