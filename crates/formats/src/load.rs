//! Loading decklists: a file or a text, decoded, its layout detected, read
//! into [`RawDeck`]s and resolved into [`Deck`]s. A file holds one deck, or
//! several as JSON records (a JSON array of deck documents such as KRCG's
//! TWDA archive, or JSON Lines): each record is a deck, as each file of a
//! folder is. Cards given by VEKN id are settled here: an unknown id is an
//! unresolved line, a name that names another card is reported (the id wins).

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::json_doc::Document;
use super::registry;
use crate::format::Format;
use vtesdeck_cards::CardDb;
use vtesdeck_deck::raw::{LineKind, LineProblem, RawDeck};
use vtesdeck_deck::{Deck, KnownColumns, NameMismatch};

/// Largest file `Deck::load` reads, so a stray huge file cannot exhaust memory.
pub(crate) const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// What a deck file is first read into: 4,503 of the 4,504 TWDA files are
/// smaller (a larger one has its size asked, then is read on).
const FIRST_READ_BYTES: usize = 8 * 1024;

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
    /// The file is larger than a decklist can be (`MAX_FILE_BYTES`).
    #[error("{}: file too large (at least {size} bytes; a decklist is at most {MAX_FILE_BYTES})", path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size, or for a device or pipe the bytes read before stopping.
        size: u64,
    },
    /// A JSON record of the file is not a deck document vtesdeck knows.
    #[error("{}:{line}: {message}", path.display())]
    JsonRecord {
        /// The file.
        path: PathBuf,
        /// The record's first line.
        line: usize,
        /// What is wrong (names the keys found).
        message: String,
    },
    /// A JSON or XML document in which no card entry is found (read by its
    /// shape, no layout reader claiming it): not a decklist.
    #[error("{}:{line}: {message}", path.display())]
    NoCardEntry {
        /// The file.
        path: PathBuf,
        /// The line the document (or what is wrong with it) starts on.
        line: usize,
        /// What was found instead (the root element and its children, or
        /// the top-level keys), or why the document cannot be read.
        message: String,
    },
    /// A text in which most card-shaped lines (a count and a name) name no
    /// VTES card (a Magic or Pokémon list): not a VTES decklist, not judged.
    #[error(
        "{}:{line}: {unknown} of {lines} card lines name no VTES card: \
         not a VTES decklist (a list of another game?)",
        path.display()
    )]
    OtherGame {
        /// The file.
        path: PathBuf,
        /// The first card line that names no VTES card.
        line: usize,
        /// How many card lines name no VTES card.
        unknown: usize,
        /// How many card lines there are.
        lines: usize,
    },
    /// The file is a JSON array with no deck in it.
    #[error("{}:1: an empty JSON array: no deck in this file", path.display())]
    NoDecks {
        /// The file.
        path: PathBuf,
    },
    /// The file holds several decks where one is needed.
    #[error("{}: {count} decks in this file where one deck is needed", path.display())]
    SeveralDecks {
        /// The file.
        path: PathBuf,
        /// How many decks it holds.
        count: usize,
    },
    /// No card was read from the deck: it is not written (an empty file, or
    /// no line reads as a card).
    #[error("{label}: no card read (an empty file, or no line reads as a card): nothing to write")]
    NothingRead {
        /// The deck's path label (`-` for standard input, `path#N` for a record).
        label: String,
    },
    /// The file is UTF-16 without its byte order mark.
    #[error("{}: UTF-16 text without a byte order mark: not read (save it as UTF-8, or as UTF-16 with its mark)", path.display())]
    Utf16WithoutBom {
        /// The file.
        path: PathBuf,
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

/// Why the JSON records of a text cannot be read as decks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum RecordError {
    /// A JSON array with no element.
    Empty,
    /// A record that is not an object, or of no known deck shape.
    Shape {
        /// The record's first line.
        line: usize,
        /// What is wrong, naming the keys found.
        message: String,
    },
}

/// The size of a JSON record above which its layout is told by its outline
/// ([`super::json_keys::outline`]) rather than by its values: a deck of an
/// archive (a few kilobytes) is parsed once; a document of 100,000 records
/// is not held as serde_json's values unless a layout claims it.
const OUTLINED_RECORD_BYTES: usize = 64 * 1024;

/// Reads one JSON record: its layout told by its keys unless a JSON format
/// is given; a record of no layout is read by its shape from its text.
pub(super) fn read_record<'t>(
    document: &Document<'t>,
    format: Option<Format>,
) -> Result<RawDeck<'t>, RecordError> {
    let line = document.line;
    let shape_error = |message: String| RecordError::Shape { line, message };
    let not_json = |err: serde_json::Error| shape_error(format!("not JSON: {err}"));
    let not_an_object =
        || shape_error("a JSON value that is not an object: not a deck document".to_string());
    let (parsed, outline) = if document.json.len() > OUTLINED_RECORD_BYTES {
        let outline = super::json_keys::outline(document.json).map_err(not_json)?;
        (None, Some(outline))
    } else {
        (Some(document.parse().map_err(not_json)?), None)
    };
    let told = match (&parsed, &outline) {
        (Some(parsed), _) => &parsed.value,
        (None, Some(outline)) => outline,
        (None, None) => return Err(not_an_object()),
    };
    let Value::Object(told) = told else {
        return Err(not_an_object());
    };
    let detected = format.is_none();
    let Some(format) = format.or_else(|| registry::detect_object(told)) else {
        // No layout's keys: read by the shape of its records, from its text.
        drop(parsed);
        let (mut deck, twice) =
            super::shape::read_object(document.json, line).map_err(shape_error)?;
        crate::read::screen_card_lines(&mut deck, super::json_keys::problems(&twice, line));
        return Ok(deck);
    };
    let parsed = match parsed {
        Some(parsed) => parsed,
        None => document.parse().map_err(not_json)?,
    };
    let Value::Object(object) = &parsed.value else {
        return Err(not_an_object());
    };
    let shape = registry::layout(format)
        .json()
        .unwrap_or(&super::json::JsonLayout);
    let mut deck = shape.read_object(object, line);
    if detected && deck.lines.is_empty() {
        // The layout whose keys the record has read no card of it (ids
        // written as strings): read by the shape of its records.
        if let Ok((by_shape, _)) = super::shape::read_object(document.json, line) {
            if !by_shape.lines.is_empty() {
                deck = by_shape;
            }
        }
    }
    crate::read::screen_card_lines(&mut deck, parsed.problems(line));
    Ok(deck)
}

/// Resolves a read deck. Cards given by VEKN id are settled first: an
/// unknown id becomes an unresolved line naming the id and the name given;
/// a name that names another card than the id is kept as a
/// [`NameMismatch`] (the id is taken).
pub(super) fn resolve(mut raw: RawDeck, db: &CardDb, known: &KnownColumns) -> Deck {
    let mut mismatches = Vec::new();
    let mut problems = Vec::new();
    if !raw
        .lines
        .iter()
        .any(|line| matches!(line.kind, LineKind::Id(_)))
    {
        // No card given by id (every layout but the JSON ones): nothing to settle.
        return Deck::from_raw(raw, db, known);
    }
    raw.lines.retain(|line| {
        let LineKind::Id(id) = line.kind else {
            return true;
        };
        let Some(card) = db.get(id) else {
            let named = if line.name.is_empty() {
                String::new()
            } else {
                format!(" (given as `{}`)", vtesdeck_deck::excerpt(&line.name))
            };
            problems.push(LineProblem {
                line: line.line,
                text: line.text.to_string(),
                message: format!("unknown card id {}{named}", id.0),
            });
            return false;
        };
        let named_card = line.name.is_empty()
            || db
                .lookup_exact_form(&line.name, line.hint, None)
                .is_some_and(|(cards, _)| cards.iter().any(|card| card.id == id));
        if !named_card {
            mismatches.push(NameMismatch {
                line: line.line,
                typed: line.text.to_string(),
                id: id.0,
                card: db.printing_name(card),
            });
        }
        true
    });
    raw.problems.extend(problems);
    let mut deck = Deck::from_raw(raw, db, known);
    deck.name_mismatches = mismatches;
    deck
}

/// Reads at most [`MAX_FILE_BYTES`] of a file.
pub(crate) fn read_bounded(path: &Path) -> Result<Vec<u8>, DeckError> {
    use std::io::Read;
    let read_error = |error| DeckError::Read {
        path: path.to_path_buf(),
        error,
    };
    let too_large = |size| DeckError::TooLarge {
        path: path.to_path_buf(),
        size,
    };
    let file = std::fs::File::open(path).map_err(read_error)?;
    // Nearly every decklist is read whole at once, and one more read finds
    // its end: its size is not asked, a system call per file.
    let mut bytes = Vec::with_capacity(FIRST_READ_BYTES);
    (&file)
        .take(FIRST_READ_BYTES as u64)
        .read_to_end(&mut bytes)
        .map_err(read_error)?;
    if bytes.len() < FIRST_READ_BYTES {
        return Ok(bytes);
    }
    // A larger file: its size, when it has one, refuses it before reading
    // on (a device or pipe reports 0 and is cut while reading).
    let size = file.metadata().map_or(0, |m| m.len());
    if size > MAX_FILE_BYTES {
        return Err(too_large(size));
    }
    // Room for the whole file at once: a buffer grown by doubling would
    // hold the text twice while it is copied (the peak memory of a 50 MB
    // file of decks).
    let size = usize::try_from(size).unwrap_or(0);
    bytes.reserve_exact((size + 1).saturating_sub(bytes.len()));
    (&file)
        .take(MAX_FILE_BYTES + 1 - FIRST_READ_BYTES as u64)
        .read_to_end(&mut bytes)
        .map_err(read_error)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        // What was read is the least it holds.
        return Err(too_large((bytes.len() as u64).max(size as u64)));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load_deck::LoadDeck;
    use crate::testing::fixture_db;

    /// The bytes of a file read as their decoded text is: the control test
    /// run on the bytes is kept only when decoding leaves them as written
    /// (a Windows-1252 byte such as 0x81 decodes to a C1 control, U+0081,
    /// which the screen must still blank).
    #[test]
    fn bytes_read_as_their_decoded_text() {
        let db = fixture_db();
        let path = Path::new("deck.txt");
        let cases: [&[u8]; 9] = [
            b"Crypt (1 cards)\n1x Alma Test 1 pot Brujah:1\nLibrary (1 cards)\n1x Test Punch\n",
            b"\xef\xbb\xbf2x Test Punch\n",
            b"2x Test Punch\r\n1x Alma Test\r\n",
            b"2x Test Punch\n1x Alma\x81 Test\n",
            b"2x Test Punch\n1x Alma\xa0Test\n",
            b"2x Test Punch\n1x Alma\x00Test\n",
            b"2x Test\tPunch\n1x Alma Test\x0b\n",
            b"2x Test Punch\n1x C\xc2\x85line\n",
            b"2x Test Punch\n1x Alma Test\n",
        ];
        for bytes in cases {
            let decoded = crate::decode::decode_lines(bytes);
            let mut from_text = Deck::all_from_text(&decoded.text, None, &db, path).unwrap();
            for deck in &mut from_text {
                super::super::records::note_not_utf8(deck, &decoded.not_utf8);
            }
            let from_bytes = Deck::all_from_bytes(bytes.to_vec(), None, &db, path).unwrap();
            assert_eq!(from_bytes, from_text, "{bytes:?}");
        }
        // The C1 control of a Windows-1252 text is blanked, its line reported
        // with the byte that was not UTF-8.
        let deck = &Deck::all_from_bytes(cases[3].to_vec(), None, &db, path).unwrap()[0];
        let reason = deck
            .unresolved
            .iter()
            .find(|u| u.line == 2)
            .and_then(|u| u.reason.as_deref());
        assert_eq!(
            reason,
            Some(
                "contains the control character U+0081: not read; \
                 line 2 is not UTF-8: byte 0x81 read as Windows-1252 \"\\u{81}\""
            )
        );
    }

    /// One invalid byte on line 36 leaves the accented UTF-8 name of line 9
    /// as written (it resolves), and the line that does not resolve names
    /// the byte (before: the whole file read as Windows-1252, line 9
    /// unresolved, line 36 never named).
    #[test]
    fn a_stray_byte_is_named_on_its_own_line() {
        let db = fixture_db();
        let mut bytes = b"Crypt:\n".to_vec();
        bytes.extend(b"\n".repeat(7));
        bytes.extend("2x Céleste Test\n".as_bytes());
        bytes.extend(b"\n".repeat(26));
        bytes.extend(b"1x Unknown\xff Card\nLibrary:\n3x Test Punch\n");
        let deck = &Deck::all_from_bytes(bytes, None, &db, Path::new("x.txt")).unwrap()[0];
        assert_eq!(
            deck.crypt
                .iter()
                .map(|e| (e.id.0, e.count))
                .collect::<Vec<_>>(),
            [(200_015, 2)]
        );
        let unresolved: Vec<(usize, String)> = deck
            .unresolved
            .iter()
            .map(|u| (u.line, u.detail()))
            .collect();
        let [(36, detail)] = &unresolved[..] else {
            panic!("{unresolved:?}");
        };
        assert!(
            detail.starts_with("line 36 is not UTF-8: byte 0xFF read as Windows-1252 \"ÿ\""),
            "{detail}"
        );
    }

    #[test]
    fn utf16_is_decoded_with_its_mark_and_named_without() {
        let db = fixture_db();
        let text = "2x Céleste Test\r\n1x Test Punch\r\n";
        let utf16: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let with_mark: Vec<u8> = [0xff, 0xfe]
            .into_iter()
            .chain(utf16.iter().copied())
            .collect();
        let deck = &Deck::all_from_bytes(with_mark, None, &db, Path::new("x.txt")).unwrap()[0];
        assert_eq!((deck.crypt_count(), deck.library_count()), (2, 1));
        let error = Deck::all_from_bytes(utf16, None, &db, Path::new("x.txt")).unwrap_err();
        assert_eq!(
            error.to_string(),
            "x.txt: UTF-16 text without a byte order mark: not read (save it as UTF-8, \
             or as UTF-16 with its mark)"
        );
    }

    #[test]
    fn a_deck_of_no_card_read_is_refused_for_writing() {
        let db = fixture_db();
        for text in [
            "",
            "\n\n",
            "Some words\nand more words\n",
            "2x Unknown Thing\n",
        ] {
            let deck = Deck::from_text(text, Some(Format::Plain), &db);
            let error = deck.ensure_cards_read().unwrap_err();
            assert_eq!(
                error.to_string(),
                "-: no card read (an empty file, or no line reads as a card): nothing to write"
            );
        }
        let deck = Deck::from_text(
            "2x Unknown Thing\n1x Test Punch\n",
            Some(Format::Plain),
            &db,
        );
        assert!(deck.ensure_cards_read().is_ok());
    }

    #[test]
    fn binary_bytes_are_refused_before_decoding() {
        let db = fixture_db();
        let mut bytes = b"2x Test Punch\n".to_vec();
        bytes.extend([0u8, 1, 2, 3, 4, 5, 6, 7, 8].repeat(4));
        let error = Deck::all_from_bytes(bytes, None, &db, Path::new("x.bin")).unwrap_err();
        assert!(
            matches!(error, DeckError::Binary { line: 2, .. }),
            "{error}"
        );
    }
}
