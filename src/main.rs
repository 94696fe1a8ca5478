//! The `vtesdeck` command line: parses arguments, runs a subcommand, prints
//! errors once and exits with the subcommand's status.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main()
}
