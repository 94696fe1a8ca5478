//! Where the command line finds the card database: `--cards DIR`, else
//! `$VTESDECK_CARDS`, else the copy `db update` / `db import` installed in the
//! user's data folder, else the snapshot built into the program. The library
//! loads a folder (`CardDb::load`) or the snapshot (`CardDb::embedded`); which
//! one is the command line's choice.

use std::path::{Path, PathBuf};

use vtesdeck::cards::{CardDb, DbError};

/// Environment variable naming the card database folder.
pub const CARDS_ENV: &str = "VTESDECK_CARDS";

/// Where the card database in use comes from, in the order [`DbLocation::find`]
/// tries them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DbLocation {
    /// The folder given with `--cards DIR`.
    Flag(PathBuf),
    /// The folder named by `$VTESDECK_CARDS`.
    Env(PathBuf),
    /// The copy installed in the user data folder by `db update` or `db import`.
    Installed(PathBuf),
    /// The official card list of one date, built into the program.
    Embedded,
}

impl DbLocation {
    /// Chooses the database: `flag`, else `$VTESDECK_CARDS`, else the copy
    /// installed in [`user_dir`], else the built-in snapshot.
    pub fn find(flag: Option<&Path>) -> DbLocation {
        if let Some(dir) = flag {
            return DbLocation::Flag(dir.to_path_buf());
        }
        if let Some(dir) = std::env::var_os(CARDS_ENV).filter(|v| !v.is_empty()) {
            return DbLocation::Env(PathBuf::from(dir));
        }
        match user_dir() {
            Some(dir) if dir.join("vtescrypt.csv").is_file() => DbLocation::Installed(dir),
            _ => DbLocation::Embedded,
        }
    }

    /// The folder holding the CSV files; `None` for the built-in snapshot.
    pub fn folder(&self) -> Option<&Path> {
        match self {
            DbLocation::Flag(dir) | DbLocation::Env(dir) | DbLocation::Installed(dir) => Some(dir),
            DbLocation::Embedded => None,
        }
    }

    /// How it was chosen, as `db info` says it.
    pub fn found_by(&self) -> &'static str {
        match self {
            DbLocation::Flag(_) => "--cards",
            DbLocation::Env(_) => CARDS_ENV,
            DbLocation::Installed(_) => "user data folder",
            DbLocation::Embedded => "built-in snapshot",
        }
    }

    /// Loads the database found here.
    pub fn open(&self) -> Result<CardDb, DbError> {
        match self.folder() {
            Some(dir) => CardDb::load(dir),
            None => CardDb::embedded(),
        }
    }
}

/// The user's data folder for the card database (`~/.local/share/vtesdeck/cards`).
pub fn user_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "vtesdeck").map(|d| d.data_dir().join("cards"))
}
