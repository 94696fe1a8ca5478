//! The `vtesdeck` command line: parses arguments, runs a subcommand, prints
//! errors once and exits with the subcommand's status.

mod cli;

use std::process::ExitCode;

/// The command line allocates and frees many small strings per deck line;
/// mimalloc does that in about half the time of the system allocator
/// (`BENCHMARKS.md`). The library leaves the choice to its user; the
/// `mimalloc` feature (on by default) makes it this binary's.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    cli::main()
}
