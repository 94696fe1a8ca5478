//! Shared helpers of the benchmarks: where the real data is (the tests' own
//! helpers), and the baseline of reading it.
//!
//! Each benchmark group measures a baseline named `baseline_*` (the raw work
//! the measured code cannot avoid, such as reading the same files) next to its
//! figures; `scripts/bench.sh` prints every figure's ratio to it.

// Each benchmark uses a part of these helpers.
#![allow(dead_code, unused_imports)]

use std::path::PathBuf;

/// Where the real data is, as the tests find it: one copy, the tests'.
#[path = "../../tests/cli/common/mod.rs"]
mod tests_common;

pub use tests_common::{cards_dir, twda_dir, twda_files};

/// The bytes of every file, read whole (the baseline of the parse figures).
pub fn read_all(files: &[PathBuf]) -> usize {
    files
        .iter()
        .map(|path| std::fs::read(path).map_or(0, |bytes| bytes.len()))
        .sum()
}
