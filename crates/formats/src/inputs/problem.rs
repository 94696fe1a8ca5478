//! What goes wrong with an input ([`InputError`], [`InputProblem`]), and the
//! two arguments that name no file: `-` and a VDB deck URL.

use std::path::{Path, PathBuf};

use crate::load::{DeckError, MAX_FILE_BYTES};

/// Why an input yields no deck; every message names the path.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum InputError {
    /// The file could not be read, or holds no deck that can be read.
    #[error(transparent)]
    Deck(#[from] DeckError),
    /// `-` was given twice: standard input can be read once.
    #[error("-: standard input given twice (it can be read once)")]
    StandardInputTwice,
    /// Standard input could not be read.
    #[error("-: cannot read standard input: {0}")]
    StandardInput(std::io::Error),
    /// Standard input holds more than a decklist can (`MAX_FILE_BYTES`).
    #[error("-: input too large (a decklist is at most {MAX_FILE_BYTES} bytes)")]
    StandardInputTooLarge,
    /// A path with a wildcard and no such file: a shell pattern that matched
    /// nothing, passed on unchanged.
    #[error(
        "{}: no such file, and vtesdeck expands no pattern (a shell does: this one matched no \
         file there, or was quoted)",
        path.display()
    )]
    UnmatchedPattern {
        /// The pattern, as given.
        path: PathBuf,
    },
    /// A text or document with no card line at all (an empty file, only
    /// blank lines or prose, nothing on standard input): no decklist, never
    /// judged or measured as an empty deck.
    #[error("{label}:1: no decklist found (an empty file, or no line reads as a card)")]
    NoCardLines {
        /// The deck's label (its path, `-` for standard input).
        label: String,
    },
    /// A folder with no decklist in it.
    #[error(
        "{}: no decklist in this folder (nothing to read; hidden files are left out{})",
        path.display(),
        match skipped {
            0 => String::new(),
            1 => ", 1 other file skipped as not a decklist".to_string(),
            n => format!(", {n} other files skipped as not decklists"),
        }
    )]
    NoDecklist {
        /// The folder.
        path: PathBuf,
        /// How many files of it were skipped as not decklists.
        skipped: usize,
    },
    /// A folder could not be walked (a symbolic link loop or to a file that
    /// is gone, an unreadable folder).
    #[error("{at}: {message}")]
    Walk {
        /// Where.
        at: String,
        /// What went wrong.
        message: String,
    },
}

/// A path, or a file or folder under it, that yields no deck: where, and why.
#[derive(Debug)]
pub struct InputProblem {
    /// The file or folder.
    pub path: PathBuf,
    /// What is wrong, naming the path.
    pub error: InputError,
}

/// Whether a path is `-`: standard input where decks are read (standard
/// output where they are written).
pub fn is_standard_stream(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The VDB deck URL an argument is, when it is one: a text that reads as a
/// deck URL (`super::vdb_url::looks_like`) and names no file. The one
/// test of every command: such an argument is read as the deck its URL holds
/// ([`read_input_bytes`](super::read_input_bytes)), never walked or matched as a pattern (a URL holds
/// `?`).
pub(crate) fn vdb_url(argument: &Path) -> Option<&str> {
    argument
        .to_str()
        .filter(|text| crate::vdb_url::looks_like(text) && !argument.exists())
}
