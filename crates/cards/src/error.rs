//! Errors raised while finding or loading the card database.

use std::path::{Path, PathBuf};

/// An error while finding or reading the VEKN CSV files.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DbError {
    /// A required CSV file is missing from the folder.
    #[error("{}: missing (a card database folder holds vtescrypt.csv and vteslib.csv)", path.display())]
    MissingFile {
        /// The missing file.
        path: PathBuf,
    },
    /// A file could not be read.
    #[error("{}: {error}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error (part of the message, not a separate cause).
        error: std::io::Error,
    },
    /// The CSV itself is malformed (bad quoting, wrong number of fields, bad UTF-8).
    #[error("{}:{line}: malformed CSV: {message}", path.display())]
    Csv {
        /// The file.
        path: PathBuf,
        /// 1-based line number.
        line: u64,
        /// What went wrong.
        message: String,
    },
    /// A required column is absent from the header row.
    #[error("{}:1: missing column {column:?}", path.display())]
    MissingColumn {
        /// The file.
        path: PathBuf,
        /// The column name.
        column: &'static str,
    },
    /// A field holds a value of the wrong shape.
    #[error("{}:{line}: column {column:?}: {message}: {value:?}", path.display())]
    BadValue {
        /// The file.
        path: PathBuf,
        /// 1-based line number of the record.
        line: u64,
        /// The column name.
        column: &'static str,
        /// The offending value.
        value: String,
        /// What was expected.
        message: &'static str,
    },
    /// The snapshot built into the program cannot be read (a build from a
    /// stale `crates/cards/data/cards/cards.bin.gz`).
    #[error(transparent)]
    Snapshot(#[from] super::snapshot::SnapshotError),
}

impl DbError {
    /// The same error with the file it names renamed by `rename` (an install
    /// checks its files in a staging folder, and names them as the user knows
    /// them: the archive entry or the source file).
    pub(crate) fn with_path_named(self, rename: &dyn Fn(&Path) -> PathBuf) -> DbError {
        match self {
            DbError::MissingFile { path } => DbError::MissingFile {
                path: rename(&path),
            },
            DbError::Io { path, error } => DbError::Io {
                path: rename(&path),
                error,
            },
            DbError::Csv {
                path,
                line,
                message,
            } => DbError::Csv {
                path: rename(&path),
                line,
                message,
            },
            DbError::MissingColumn { path, column } => DbError::MissingColumn {
                path: rename(&path),
                column,
            },
            DbError::BadValue {
                path,
                line,
                column,
                value,
                message,
            } => DbError::BadValue {
                path: rename(&path),
                line,
                column,
                value,
                message,
            },
            snapshot @ DbError::Snapshot(_) => snapshot,
        }
    }
}
