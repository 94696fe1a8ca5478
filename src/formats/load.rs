//! Loading a decklist: a file or a text, decoded, its layout detected, read
//! into a [`RawDeck`](crate::deck::raw::RawDeck) and resolved into a [`Deck`].

use std::path::{Path, PathBuf};

use crate::cards::CardDb;
use crate::deck::raw::Format;
use crate::deck::Deck;

/// Largest file `Deck::load` reads, so a stray huge file cannot exhaust memory.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// An error reading a deck file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DeckError {
    /// The file could not be read.
    #[error("{}: {error}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The I/O error (part of the message, not a separate cause).
        error: std::io::Error,
    },
    /// The file is larger than [`MAX_FILE_BYTES`].
    #[error("{}: file too large (at least {size} bytes; a decklist is at most {MAX_FILE_BYTES})", path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size, or for a device or pipe the bytes read before stopping.
        size: u64,
    },
    /// The file holds binary data, not a decklist text.
    #[error("{}:{line}: binary data, not a decklist text", path.display())]
    Binary {
        /// The file.
        path: PathBuf,
        /// The first line with a control character.
        line: usize,
    },
}

impl Deck {
    /// Reads and resolves a deck file.
    pub fn load(path: &Path, format: Option<Format>, db: &CardDb) -> Result<Deck, DeckError> {
        let bytes = read_bounded(path)?;
        if super::screen::looks_binary(&bytes) {
            return Err(DeckError::Binary {
                path: path.to_path_buf(),
                line: super::screen::first_control_line(&bytes),
            });
        }
        let mut deck = Deck::from_text(&super::decode(&bytes), format, db);
        deck.path = Some(path.to_path_buf());
        Ok(deck)
    }

    /// Reads and resolves a decklist text (format detected unless given).
    pub fn from_text(text: &str, format: Option<Format>, db: &CardDb) -> Deck {
        Deck::from_raw(super::read(text, format), db)
    }
}

/// Reads at most [`MAX_FILE_BYTES`] of a file.
fn read_bounded(path: &Path) -> Result<Vec<u8>, DeckError> {
    use std::io::Read;
    let read_error = |error| DeckError::Read {
        path: path.to_path_buf(),
        error,
    };
    let file = std::fs::File::open(path).map_err(read_error)?;
    // A regular file's size is known: refuse a large one before reading it.
    // Pipes and devices report 0 and are cut while reading.
    let size = file.metadata().map_or(0, |m| m.len());
    if size > MAX_FILE_BYTES {
        return Err(DeckError::TooLarge {
            path: path.to_path_buf(),
            size,
        });
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(read_error)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        // A device or pipe reports no size: what was read is the least it holds.
        let size = (bytes.len() as u64).max(size);
        return Err(DeckError::TooLarge {
            path: path.to_path_buf(),
            size,
        });
    }
    Ok(bytes)
}
