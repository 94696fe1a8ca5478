//! Shared helpers of the integration tests: where the real data is, and the
//! binary under test.

#![allow(dead_code)]

use std::path::PathBuf;

/// The real VEKN card database: `$VTESDECK_CARDS`, else `../shared/cards`.
/// Panics, naming the path, when it is missing: these tests must not pass silently.
pub fn cards_dir() -> PathBuf {
    shared_path("VTESDECK_CARDS", "cards", "vtescrypt.csv")
}

/// The TWDA decklists: `$VTESDECK_TWDA`, else `../shared/twda/decks`.
pub fn twda_dir() -> PathBuf {
    shared_path("VTESDECK_TWDA", "twda/decks", "10043.txt")
}

/// The sample exports: `../shared/samples` (next to the cards folder).
pub fn samples_dir() -> PathBuf {
    let dir = cards_dir().join("../samples");
    assert!(
        dir.join("README.md").is_file(),
        "missing {}: the sample decklists of ../shared are needed",
        dir.display()
    );
    dir
}

/// The card database written for the tests (invented cards).
pub fn fixture_cards_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cards")
}

fn shared_path(var: &str, default: &str, probe: &str) -> PathBuf {
    let dir = std::env::var_os(var)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../shared")
                .join(default)
        });
    assert!(
        dir.join(probe).exists(),
        "missing {} (set {var} or put the shared data in ../shared): these tests need the real data",
        dir.display()
    );
    dir
}

/// The `vtesdeck` binary, with the real card database and no user environment.
pub fn vtesdeck() -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("vtesdeck").expect("binary built");
    cmd.env("VTESDECK_CARDS", cards_dir())
        .env("VTESDECK_OFFLINE", "1")
        .env("NO_COLOR", "1")
        .env_remove("VTESDECK_TWDA");
    cmd
}

/// The `vtesdeck` binary with the fixture card database.
pub fn vtesdeck_fixture() -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("vtesdeck").expect("binary built");
    cmd.env("VTESDECK_CARDS", fixture_cards_dir())
        .env("VTESDECK_OFFLINE", "1")
        .env("NO_COLOR", "1");
    cmd
}
