//! [`LoadDeck`]: a deck read and resolved from a file, bytes or a text, the
//! formats layer's way into [`Deck`] (file or text → decode → detect → read →
//! resolve).

use std::path::Path;

use crate::format::Format;
use vtesdeck_cards::CardDb;
use vtesdeck_deck::Deck;

use crate::load::{read_bounded, resolve, DeckError};
use crate::reader::Reader;
use crate::records::DeckRecords;

/// Reading decks from files, bytes and texts: the formats layer's way into
/// [`Deck`] (file or text → decode → detect → read → resolve).
pub trait LoadDeck: Sized {
    /// Reads and resolves a deck file holding one deck (a file of several
    /// decks is [`DeckError::SeveralDecks`]; see [`Deck::load_all`]).
    fn load(path: &Path, format: Option<Format>, db: &CardDb) -> Result<Self, DeckError>;

    /// Resolves the one deck of a deck file's bytes read from `path` (`-`
    /// for standard input); a file of several decks is
    /// [`DeckError::SeveralDecks`], refused before any of them is resolved.
    fn one_from_bytes(
        bytes: &[u8],
        format: Option<Format>,
        db: &CardDb,
        path: &Path,
    ) -> Result<Self, DeckError>;

    /// Reads and resolves every deck of a file: one, or one per JSON record.
    fn load_all(path: &Path, format: Option<Format>, db: &CardDb) -> Result<Vec<Self>, DeckError>;

    /// The bytes of a deck file (at most `MAX_FILE_BYTES`): the part of
    /// [`Deck::load_all`] that needs no card database.
    fn read_bytes(path: &Path) -> Result<Vec<u8>, DeckError>;

    /// Resolves every deck of a deck file's bytes read from `path` (`-` for
    /// standard input), as [`Deck::all_from_text`] does its text: binary
    /// data refused, the rest decoded (`crate::decode::decode_lines`; a UTF-8 text
    /// without CR is read where it lies). See `DeckRecords::from_bytes`
    /// for the decks one at a time.
    fn all_from_bytes(
        bytes: Vec<u8>,
        format: Option<Format>,
        db: &CardDb,
        path: &Path,
    ) -> Result<Vec<Self>, DeckError>;

    /// Resolves every deck of a decklist text read from `path` (`-` for
    /// standard input): one, or one per JSON record, each labelled `path#N`.
    fn all_from_text(
        text: &str,
        format: Option<Format>,
        db: &CardDb,
        path: &Path,
    ) -> Result<Vec<Self>, DeckError>;

    /// `Ok` when some card was read from the deck; [`DeckError::NothingRead`]
    /// when neither a crypt nor a library card was (what writes a deck
    /// refuses it, rather than write an empty deck).
    fn ensure_cards_read(&self) -> Result<(), DeckError>;

    /// Reads and resolves a decklist text (format detected unless given);
    /// a text of several JSON records gives its first deck.
    fn from_text(text: &str, format: Option<Format>, db: &CardDb) -> Self;
}

impl LoadDeck for Deck {
    fn load(path: &Path, format: Option<Format>, db: &CardDb) -> Result<Deck, DeckError> {
        Deck::one_from_bytes(&Deck::read_bytes(path)?, format, db, path)
    }

    fn one_from_bytes(
        bytes: &[u8],
        format: Option<Format>,
        db: &CardDb,
        path: &Path,
    ) -> Result<Deck, DeckError> {
        let reader = Reader::default();
        let records = DeckRecords::from_bytes(bytes, format, db, path, &reader)?;
        match records.get(0, &reader) {
            Some(deck) if records.len() == 1 => deck,
            _ => Err(DeckError::SeveralDecks {
                path: path.to_path_buf(),
                count: records.len(),
            }),
        }
    }

    fn load_all(path: &Path, format: Option<Format>, db: &CardDb) -> Result<Vec<Deck>, DeckError> {
        Deck::all_from_bytes(Deck::read_bytes(path)?, format, db, path)
    }

    fn read_bytes(path: &Path) -> Result<Vec<u8>, DeckError> {
        read_bounded(path)
    }

    fn all_from_bytes(
        bytes: Vec<u8>,
        format: Option<Format>,
        db: &CardDb,
        path: &Path,
    ) -> Result<Vec<Deck>, DeckError> {
        let reader = Reader::default();
        DeckRecords::from_bytes(&bytes, format, db, path, &reader)?.all(&reader)
    }

    fn all_from_text(
        text: &str,
        format: Option<Format>,
        db: &CardDb,
        path: &Path,
    ) -> Result<Vec<Deck>, DeckError> {
        let reader = Reader::default();
        DeckRecords::from_text(text, format, db, path, &reader)?.all(&reader)
    }

    fn ensure_cards_read(&self) -> Result<(), DeckError> {
        if self.crypt.is_empty() && self.library.is_empty() {
            return Err(DeckError::NothingRead {
                label: self.path_label(),
            });
        }
        Ok(())
    }

    fn from_text(text: &str, format: Option<Format>, db: &CardDb) -> Deck {
        let reader = Reader::default();
        let raw = crate::read::read(text, format, &reader);
        resolve(raw, db, &reader.known)
    }
}

/// Reads every deck of a text: one per JSON record when the text is a JSON
/// array of objects, JSON Lines or one JSON object (each record's layout told
/// by its keys unless a JSON format is given), else the one deck of the text
/// (screened as `controls` says, see `crate::read::read_with`): the tests' simple
/// form of what [`DeckRecords`](crate::records::DeckRecords) reads a record at a time.
#[cfg(test)]
pub(crate) fn read_all(
    text: &str,
    format: Option<Format>,
    controls: super::screen::ControlTest,
) -> Result<Vec<vtesdeck_deck::raw::RawDeck<'_>>, crate::load::RecordError> {
    use super::records::{records_of, Records};
    use crate::json_doc::Document;
    use crate::load::{read_record, RecordError};
    use vtesdeck_deck::raw::RawDeck;
    let Records::Json(records) = records_of(text, format)? else {
        return Ok(vec![crate::read::read_with(
            text,
            format,
            controls,
            crate::page::ApartHeadings::Maybe,
            &crate::reader::Reader::default(),
        )]);
    };
    // Each record is parsed and read on its own, in parallel: the whole
    // archive is never held as parsed JSON at once. The first bad record in
    // file order is the one reported.
    use rayon::prelude::*;
    let read: Vec<Result<RawDeck, RecordError>> = records
        .par_iter()
        .map(|(line, range)| {
            let document = Document {
                line: *line,
                json: &text[range.clone()],
            };
            read_record(&document, format)
        })
        .collect();
    read.into_iter().collect()
}
