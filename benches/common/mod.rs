//! Shared helpers of the benchmarks: where the real data is.
//!
//! Each benchmark group measures a baseline named `baseline_*` (the raw work
//! the measured code cannot avoid, such as reading the same files) next to its
//! figures; `scripts/bench.sh` prints every figure's ratio to it.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The VEKN card CSV folder: `$VTESDECK_CARDS`, else `../shared/cards`.
pub fn cards_dir() -> PathBuf {
    shared("VTESDECK_CARDS", "cards", "vtescrypt.csv")
}

/// The TWDA decklist folder: `$VTESDECK_TWDA`, else `../shared/twda/decks`.
pub fn twda_dir() -> PathBuf {
    shared("VTESDECK_TWDA", "twda/decks", "10043.txt")
}

/// Every TWDA decklist file, in name order.
pub fn twda_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(twda_dir())
        .unwrap_or_else(|err| panic!("{}: {err}", twda_dir().display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files
}

/// The bytes of every file, read whole (the baseline of the parse figures).
pub fn read_all(files: &[PathBuf]) -> usize {
    files
        .iter()
        .map(|path| std::fs::read(path).map_or(0, |bytes| bytes.len()))
        .sum()
}

fn shared(var: &str, default: &str, probe: &str) -> PathBuf {
    let dir = std::env::var_os(var)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../shared")
                .join(default)
        });
    assert!(
        dir.join(probe).exists(),
        "missing {} (set {var} or put the shared data in ../shared)",
        dir.display()
    );
    dir
}
