//! `vtesdeck completions SHELL` and `vtesdeck man`: shell completion scripts
//! and the manual page, generated from the command line's own definition.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::{Cli, Outcome};

/// Arguments of `vtesdeck completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, powershell or elvish.
    #[arg(value_name = "SHELL")]
    shell: Shell,

    #[command(flatten)]
    _unused: NoDatabase,
}

/// `--cards` and `-q`, which every command takes, accepted and left out of
/// the help of `completions` and `man`: they read no card database and
/// print nothing but what they are asked for.
#[derive(Debug, Args)]
struct NoDatabase {
    /// Accepted; no card database is read.
    #[arg(id = "cards", long = "cards", value_name = "DIR", hide = true)]
    _cards: Option<PathBuf>,
    /// Accepted; nothing to leave out.
    #[arg(id = "quiet", short = 'q', long = "quiet", hide = true)]
    _quiet: bool,
}

/// Arguments of `vtesdeck man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write one page per command (vtesdeck.1, vtesdeck-check.1, ...) into this
    /// folder instead of printing the main page.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,

    #[command(flatten)]
    _unused: NoDatabase,
}

/// Prints the completion script of a shell on standard output.
pub fn completions(args: &CompletionsArgs) -> anyhow::Result<Outcome> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "vtesdeck", &mut script);
    std::io::stdout().lock().write_all(&script)?;
    Ok(Outcome::Ok)
}

/// Prints the manual page (roff) on standard output, or writes every page into a folder.
pub fn man(args: &ManArgs) -> anyhow::Result<Outcome> {
    let command = Cli::command();
    match &args.dir {
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(command).render(&mut page)?;
            std::io::stdout().lock().write_all(&page)?;
        }
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("{}: cannot create the folder", dir.display()))?;
            clap_mangen::generate_to(command, dir)
                .with_context(|| format!("{}: cannot write the manual pages", dir.display()))?;
        }
    }
    Ok(Outcome::Ok)
}
