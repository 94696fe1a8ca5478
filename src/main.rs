//! The `vtesdeck` command line: parses arguments, runs a subcommand, prints
//! errors once and exits with the subcommand's status.

mod cli;
mod output;
#[cfg(test)]
mod testing;

// The library's layers, named at the root as the output layer's modules
// write them (`crate::cards::...`).
use vtesdeck::{analysis, cards, deck, formats, rules, sim};

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
