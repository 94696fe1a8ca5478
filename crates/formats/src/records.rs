//! The decks of a deck file, read and resolved one at a time as they are
//! asked for. A file of many decks (a JSON array of 100,000 decks, JSON
//! Lines) is held as its text and the places of its records: never as
//! parsed JSON or resolved decks all at once, so that a command that prints
//! (or checks, or writes) each deck before it asks for the next keeps its
//! memory flat in the number of decks.

use std::borrow::Cow;
use std::ops::Range;
use std::path::{Path, PathBuf};

use super::json_doc::{self, Document};
use super::load::{read_record, resolve, DeckError, RecordError};
use super::page::{ApartHeadings, PageWords};
use super::registry::{self, detect};
use super::screen::{self, ControlTest};
use crate::decode::NotUtf8;
use crate::format::Format;
use crate::reader::Reader;
use vtesdeck_cards::{CardDb, CardKind};
use vtesdeck_deck::raw::{CountPlace, LineKind, RawDeck};
use vtesdeck_deck::Deck;

/// Where the decks of a text are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Records {
    /// The whole text is one deck.
    Whole,
    /// One deck per JSON record: its first line and its place in the text.
    Json(Vec<(usize, Range<usize>)>),
    /// One deck per element of an XML document of several decks
    /// ([`super::shape::xml_decks_of`]): its first line and its place.
    Xml(Vec<(usize, Range<usize>)>),
    /// One deck per complete deck of a text that holds several (a forum
    /// post of two decks, [`text_decks`]).
    Text(Vec<TextDeck>),
}

/// One of several complete decks of a text: its lines (1-based, the last
/// included) and its place in the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct TextDeck {
    first: usize,
    last: usize,
    range: Range<usize>,
}

/// Where the decks of a text are: one per JSON record when the text is a
/// JSON array of objects, JSON Lines or one JSON object (unless a format
/// that is not JSON is given), else the whole text (a text that is not JSON
/// after all, `[2] Name`, or broken JSON, which its reader reports).
/// [`RecordError::Empty`] for an empty JSON array.
pub(super) fn records_of(text: &str, format: Option<Format>) -> Result<Records, RecordError> {
    let forced_text = format.is_some_and(|f| registry::layout(f).json().is_none());
    if format.is_none() && !json_doc::looks_like_json(text) {
        return Ok(xml_records(text));
    }
    if forced_text || !json_doc::looks_like_json(text) {
        return Ok(Records::Whole);
    }
    let Ok(documents) = json_doc::documents(text) else {
        return Ok(Records::Whole);
    };
    if documents.is_empty() {
        return Err(RecordError::Empty);
    }
    if format.is_none() && records_are_cards(&documents) {
        // A JSON array (or JSON Lines) of cards: one deck, read by its shape.
        return Ok(Records::Whole);
    }
    let start = text.as_ptr() as usize;
    let mut documents = documents;
    if let (None, [one]) = (format, documents.as_slice()) {
        // One document of several decks (not one a layout claims): a
        // record for each.
        // Told by its outline: the document is not held as serde_json's values.
        let claimed = match super::json_keys::outline(one.json) {
            Ok(serde_json::Value::Object(first)) => registry::detect_object(&first).is_some(),
            _ => true,
        };
        if let Some(decks) = (!claimed)
            .then(|| super::shape::decks_of(one.json))
            .flatten()
        {
            let mut lines = super::markup::LineCounter::new(text);
            documents = decks
                .into_iter()
                .map(|json| Document {
                    line: lines.line_at((json.as_ptr() as usize).saturating_sub(start)),
                    json,
                })
                .collect();
        }
    }
    Ok(Records::Json(
        documents
            .into_iter()
            .map(|document| {
                // Each document is a slice of the text.
                let offset = (document.json.as_ptr() as usize).saturating_sub(start);
                (document.line, offset..offset + document.json.len())
            })
            .collect(),
    ))
}

/// The records of a text that is no JSON: one per deck of an XML document
/// read by its shape that holds several (as a JSON one's, see
/// [`super::shape::decks_of`]), else the whole text.
fn xml_records(text: &str) -> Records {
    if super::markup::root_element(text).is_none() || !registry::read_by_shape(text) {
        return Records::Whole;
    }
    let Some(decks) = super::shape::xml_decks_of(text) else {
        return Records::Whole;
    };
    let mut lines = super::markup::LineCounter::new(text);
    Records::Xml(
        decks
            .into_iter()
            .map(|range| (lines.line_at(range.start), range))
            .collect(),
    )
}

/// The fewest crypt cards each part of a text must hold to be read as a
/// deck of its own ([`text_decks`]): half the smallest legal crypt. A
/// sideboard or a list of changes under its own `Crypt` heading holds fewer.
const MIN_TEXT_DECK_CRYPT: u32 = 6;

/// The fewest library cards each part of a text must hold to be read as a
/// deck of its own: half the smallest legal library.
const MIN_TEXT_DECK_LIBRARY: u32 = 30;

/// How many headings that open a part again a text is cut before at most
/// ([`text_decks`]): each is judged by reading the text around it, so that a
/// text of thousands of such headings is read a bounded number of times.
const MAX_TEXT_DECK_TRIES: usize = 32;

/// The complete decks of a text that holds several (a forum post or an
/// e-mail of two decks), each a record; `None` for a text of one deck (nearly
/// every text, told by [`page::part_marks`](super::page::part_marks) from
/// the one search of the text's bytes, [`PageWords`]). A text is cut before a heading that opens a part (`Crypt`,
/// `Library`) already opened above it, on the evidence: the text above and
/// the text from the heading on each hold cards that resolve, a crypt and a
/// library of a deck on its own ([`MIN_TEXT_DECK_CRYPT`],
/// [`MIN_TEXT_DECK_LIBRARY`]), and no short line between the two decks says
/// a list kept apart follows (`Sideboard:`, `Changes:`). Cards of both
/// parts too few to be a deck above such a heading, or no deck from it on,
/// end the search: the rest of the text is one deck with them (a sideboard,
/// a list of changes), never small lists added up into decks. A deck in an
/// unusual order (library, then crypt) opens each part once: one deck. The
/// second deck starts after the first one's last card line: the title and
/// prose between them are the second's.
fn text_decks(
    text: &str,
    words: &PageWords,
    format: Option<Format>,
    controls: ControlTest,
    db: &CardDb,
    reader: &Reader,
) -> Option<Vec<TextDeck>> {
    if format.is_some_and(|format| !registry::layout(format).reads_lines()) {
        return None;
    }
    let marks = super::page::part_marks(text, words);
    if marks.is_empty() || (format.is_none() && !registry::layout(detect(text)).reads_lines()) {
        return None;
    }
    let starts = line_starts(text);
    let last_line = starts.len();
    let mut decks: Vec<TextDeck> = Vec::new();
    let mut first = 1;
    let mut opened = [false; 2];
    let slot = |part: CardKind| usize::from(part == CardKind::Library);
    let mut tried = 0;
    for mark in &marks {
        if !opened[slot(mark.part)] {
            opened[slot(mark.part)] = true;
            continue;
        }
        // A part opened again: a second deck, on the evidence (looked for a
        // few times at most: each look reads the text again).
        if tried == MAX_TEXT_DECK_TRIES {
            break;
        }
        tried += 1;
        let read = |lines: Range<usize>| {
            let part = part_text(text, &text_deck(&starts, text.len(), lines));
            read_part(&part, words.apart, format, controls, db, reader)
        };
        let end = match read(first..mark.line - 1) {
            // Not yet a whole deck above (a crypt heading over a heading of
            // vampires): the next heading may be the second deck's.
            PartRead::Missing => continue,
            // A deck too small to be one above: what follows is part of it.
            PartRead::Short => break,
            PartRead::Deck(end) => end,
        };
        let apart = (end + 1..mark.line).any(|line| {
            super::page::apart_heading(text_deck(&starts, text.len(), line..line).text(text))
        });
        // No deck below (a sideboard, changes), nor further down.
        if apart || !matches!(read(mark.line..last_line), PartRead::Deck(_)) {
            break;
        }
        decks.push(text_deck(&starts, text.len(), first..end));
        first = end + 1;
        opened = [false; 2];
        opened[slot(mark.part)] = true;
    }
    if decks.is_empty() {
        return None;
    }
    decks.push(text_deck(&starts, text.len(), first..last_line));
    Some(decks)
}

/// The byte offset of each line's start: the 1-based line `n` starts at
/// `starts[n - 1]`.
fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(memchr::memchr_iter(b'\n', text.as_bytes()).map(|at| at + 1))
        .filter(|&at| at < text.len())
        .collect()
}

/// The deck of a text's lines `lines.start` to `lines.end` (1-based, both
/// included; the lines' starts, and the text's length).
fn text_deck(starts: &[usize], len: usize, lines: Range<usize>) -> TextDeck {
    let from = starts
        .get(lines.start.saturating_sub(1))
        .copied()
        .unwrap_or(len);
    let to = starts.get(lines.end).copied().unwrap_or(len).max(from);
    TextDeck {
        first: lines.start,
        last: lines.end,
        range: from..to,
    }
}

impl TextDeck {
    /// Its text (without the lines before it).
    fn text<'t>(&self, text: &'t str) -> &'t str {
        text.get(self.range.clone()).unwrap_or_default()
    }
}

/// The text of one deck of a text, read on the text's own line numbers:
/// its lines, after as many empty lines as there are lines before it.
fn part_text(text: &str, deck: &TextDeck) -> String {
    let before = deck.first.saturating_sub(1);
    let mut part = String::with_capacity(before + deck.range.len());
    part.push_str(&"\n".repeat(before));
    part.push_str(deck.text(text));
    part
}

/// What a part of a text holds, for [`text_decks`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PartRead {
    /// A deck on its own, its last card line.
    Deck(usize),
    /// Cards of both parts, too few to be a deck on its own.
    Short,
    /// No crypt card or no library card.
    Missing,
}

/// What a part of a text holds: a deck on its own when its cards resolve
/// (names read exactly, in any of their forms) to a crypt and a library of
/// at least [`MIN_TEXT_DECK_CRYPT`] and [`MIN_TEXT_DECK_LIBRARY`] cards. Its
/// last card line is the last that resolves, or a line naming no card right
/// under it (a misspelt last card); a line naming no card further down (the
/// next deck's title, `Promise of 619`, read as 619 copies of a card) is the
/// next deck's.
fn read_part(
    part: &str,
    apart: ApartHeadings,
    format: Option<Format>,
    controls: ControlTest,
    db: &CardDb,
    reader: &Reader,
) -> PartRead {
    let mut raw = crate::read::read_with(part, format, controls, apart, reader);
    // A line whose name is a sentence or a link is prose, no card: left out
    // before resolving, which tries many forms of each line's name.
    raw.lines.retain(|line| {
        matches!(line.kind, LineKind::Id(_)) || vtesdeck_deck::raw::name_like(&line.name)
    });
    // The lines read as cards: not a bare name that names no card (prose,
    // a title), nor a line that names no card (below).
    let mut lines: Vec<usize> = raw
        .lines
        .iter()
        .filter(|line| {
            line.kind != LineKind::MaybeCard
                || db.lookup_exact_form(&line.name, line.hint, None).is_some()
        })
        .map(|line| line.line)
        .collect();
    // Exact names only: a close spelling searched on every line of prose
    // above a deck would cost more than reading the deck.
    let deck = Deck::from_raw_exact(raw, db, &reader.known);
    let (crypt, library) = (deck.crypt_count(), deck.library_count());
    if crypt == 0 || library == 0 {
        return PartRead::Missing;
    }
    if crypt < MIN_TEXT_DECK_CRYPT || library < MIN_TEXT_DECK_LIBRARY {
        return PartRead::Short;
    }
    // In line order, as the prose skipped.
    let unresolved: Vec<usize> = deck.unresolved.iter().map(|line| line.line).collect();
    let named_no_card = |line: &usize| unresolved.binary_search(line).is_ok();
    lines.retain(|line| {
        deck.meta.prose_skipped.binary_search(line).is_err() && !named_no_card(line)
    });
    let Some(mut last) = lines.into_iter().max() else {
        return PartRead::Missing;
    };
    while named_no_card(&(last + 1)) {
        last += 1;
    }
    PartRead::Deck(last)
}

/// The decks of a deck file's bytes or a text, each read and resolved when
/// asked for ([`DeckRecords::get`], [`DeckRecords::iter`]); a record that is
/// not a deck document is an error of its own, the others read.
#[derive(Debug)]
pub(crate) struct DeckRecords<'a> {
    text: Cow<'a, str>,
    records: Records,
    controls: ControlTest,
    /// Whether a line of the text may be the heading of a list kept apart
    /// ([`PageWords::apart`]).
    apart: ApartHeadings,
    format: Option<Format>,
    db: &'a CardDb,
    path: PathBuf,
    not_utf8: Vec<NotUtf8>,
}

impl<'a> DeckRecords<'a> {
    /// The decks of a deck file's bytes read from `path` (`-` for standard
    /// input): binary data refused (UTF-16 without its mark named), the rest
    /// decoded ([`crate::decode::decode_lines`]; a UTF-8 text without CR is read
    /// where it lies), an empty JSON array refused. The bytes are tested for
    /// control characters once, for the binary test and the screen both.
    pub fn from_bytes(
        bytes: &'a [u8],
        format: Option<Format>,
        db: &'a CardDb,
        path: &Path,
        reader: &Reader,
    ) -> Result<Self, DeckError> {
        let controls = screen_bytes(bytes, path)?;
        let decoded = crate::decode::decode_lines(bytes);
        // What the test found holds for the bytes as written.
        let controls = match decoded.text {
            Cow::Borrowed(_) => controls,
            Cow::Owned(_) => ControlTest::Unknown,
        };
        DeckRecords::new(
            decoded.text,
            controls,
            format,
            db,
            path,
            decoded.not_utf8,
            reader,
        )
    }

    /// The decks of a decklist text read from `path` (`-` for standard input).
    pub fn from_text(
        text: &'a str,
        format: Option<Format>,
        db: &'a CardDb,
        path: &Path,
        reader: &Reader,
    ) -> Result<Self, DeckError> {
        let text = Cow::Borrowed(text);
        DeckRecords::new(
            text,
            ControlTest::Unknown,
            format,
            db,
            path,
            Vec::new(),
            reader,
        )
    }

    fn new(
        text: Cow<'a, str>,
        controls: ControlTest,
        format: Option<Format>,
        db: &'a CardDb,
        path: &Path,
        not_utf8: Vec<NotUtf8>,
        reader: &Reader,
    ) -> Result<Self, DeckError> {
        let mut records = records_of(&text, format).map_err(|err| record_error(err, path))?;
        let mut apart = ApartHeadings::Maybe;
        if records == Records::Whole {
            // The one search of the text for a page's words (two decks? a
            // list kept apart?).
            let words = PageWords::of(&text);
            apart = words.apart;
            if let Some(decks) = text_decks(&text, &words, format, controls, db, reader) {
                records = Records::Text(decks);
            }
        }
        Ok(DeckRecords {
            text,
            records,
            controls,
            apart,
            format,
            db,
            path: path.to_path_buf(),
            not_utf8,
        })
    }

    /// How many decks: 1, or the number of records (JSON, XML, the
    /// complete decks of a text).
    pub fn len(&self) -> usize {
        match &self.records {
            Records::Whole => 1,
            Records::Json(records) | Records::Xml(records) => records.len(),
            Records::Text(decks) => decks.len(),
        }
    }

    /// The file the decks are read from (`-` for standard input).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The `index`-th deck (from 0), read and resolved now, labelled
    /// `path#N` when there are several; its error when its record is not a
    /// deck document; `None` past the last.
    pub fn get(&self, index: usize, reader: &Reader) -> Option<Result<Deck, DeckError>> {
        let raw = match self.read_raw(index, reader)? {
            Ok(raw) => raw,
            Err(error) => return Some(Err(error)),
        };
        let by_shape = (raw.format == Format::Shape).then(|| raw.meta.read_by_shape.clone());
        let lists = list_entries(&raw);
        // A text (not a JSON record, whose entries are its tool's) may be a
        // list of another game.
        let of_text = matches!(
            (&self.records, &by_shape),
            (Records::Whole | Records::Text(_), None)
        );
        let mut deck = resolve(raw, self.db, &reader.known);
        if !lists.is_empty() {
            let shares = shares_resolved(&deck, lists);
            if let Some(deck_without) = self.without_lists_not_cards(index, &shares, reader) {
                deck = deck_without;
            }
            say_shares(&mut deck, &shares);
        }
        if let Some(error) = by_shape.and_then(|paths| no_record_resolves(&deck, paths, &self.path))
        {
            return Some(Err(error));
        }
        if let Some(error) = of_text
            .then(|| self.other_game(index, &deck, reader))
            .flatten()
        {
            return Some(Err(error));
        }
        if self.path.as_os_str() != "-" {
            deck.path = Some(self.path.clone());
        }
        deck.record = (self.len() > 1).then_some(index + 1);
        if let Records::Text(decks) = &self.records {
            deck.meta.decks_in_text = decks.iter().map(|deck| (deck.first, deck.last)).collect();
        }
        if !self.not_utf8.is_empty() {
            note_not_utf8(&mut deck, &self.not_utf8);
        }
        Some(Ok(deck))
    }

    /// The error for a text whose card-shaped lines mostly name no VTES
    /// card ([`not_a_vtes_list`]), asked only of a deck with a line that
    /// names no card: its text is read again for its card-shaped lines
    /// (nearly every deck resolves whole, and no line of it is looked at
    /// again).
    fn other_game(&self, index: usize, deck: &Deck, reader: &Reader) -> Option<DeckError> {
        if deck.unresolved.is_empty() {
            return None;
        }
        let raw = self.read_raw(index, reader)?.ok()?;
        not_a_vtes_list(deck, &card_shaped_lines(&raw), &self.path)
    }

    /// The deck read again without the lists taken as cards whose entries
    /// mostly name no VEKN card, when another list's mostly do: `None`
    /// when there is no such list (or none that resolves to keep).
    fn without_lists_not_cards(
        &self,
        index: usize,
        shares: &[Share],
        reader: &Reader,
    ) -> Option<Deck> {
        if !drops_lists(shares) {
            return None;
        }
        let mut raw = self.read_raw(index, reader)?.ok()?;
        let mut dropped = vec![false; raw.lines.len()];
        for share in shares.iter().filter(|share| mostly_not_cards(share)) {
            let Some((_, lines)) = raw.shape_lists.iter().find(|(path, _)| *path == share.path)
            else {
                continue;
            };
            for &at in lines {
                if let Some(drop) = dropped.get_mut(at) {
                    *drop = true;
                }
            }
        }
        let mut at = 0;
        raw.lines.retain(|_| {
            at += 1;
            !dropped[at - 1]
        });
        raw.shape_lists.clear();
        Some(resolve(raw, self.db, &reader.known))
    }

    /// The read (not yet resolved) `index`-th deck; its error when its
    /// record is not a deck document; `None` past the last.
    fn read_raw(
        &self,
        index: usize,
        reader: &Reader,
    ) -> Option<Result<vtesdeck_deck::raw::RawDeck<'_>, DeckError>> {
        Some(Ok(match &self.records {
            Records::Whole if index == 0 => {
                let raw = crate::read::read_with(
                    &self.text,
                    self.format,
                    self.controls,
                    self.apart,
                    reader,
                );
                if let Some(error) = not_understood(&raw, &self.path) {
                    return Some(Err(error));
                }
                raw
            }
            Records::Whole => return None,
            Records::Json(records) => {
                let (line, range) = records.get(index)?;
                let document = Document {
                    line: *line,
                    json: self.text.get(range.clone())?,
                };
                match read_record(&document, self.format) {
                    Ok(raw) => raw,
                    // The one document of a file, in which no card entry is
                    // found: no decklist (a package.json), as an XML one.
                    Err(RecordError::Shape { line, message }) if records.len() == 1 => {
                        return Some(Err(DeckError::NoCardEntry {
                            path: self.path.clone(),
                            line,
                            message,
                        }))
                    }
                    Err(err) => return Some(Err(record_error(err, &self.path))),
                }
            }
            Records::Text(decks) => {
                let part = part_text(&self.text, decks.get(index)?);
                crate::read::read_with(&part, self.format, self.controls, self.apart, reader)
                    .into_owned()
            }
            Records::Xml(records) => {
                let (line, range) = records.get(index)?;
                match super::shape::read_xml_part(self.text.get(range.clone())?, *line) {
                    Ok(raw) => raw,
                    Err(message) => {
                        let line = *line;
                        let error = RecordError::Shape { line, message };
                        return Some(Err(record_error(error, &self.path)));
                    }
                }
            }
        }))
    }

    /// The decks in order, each read and resolved by `reader` when the
    /// iterator is asked for it.
    pub fn iter<'r>(
        &'r self,
        reader: &'r Reader,
    ) -> impl Iterator<Item = Result<Deck, DeckError>> + 'r {
        (0..self.len()).filter_map(move |index| self.get(index, reader))
    }

    /// Every deck, the records read and resolved in parallel by `reader` (as
    /// the files of a folder are); the first record in file order that is
    /// not a deck document is the error.
    pub fn all(&self, reader: &Reader) -> Result<Vec<Deck>, DeckError> {
        if self.len() == 1 {
            // One deck (most files): no parallel iterator to set up.
            return self.iter(reader).collect();
        }
        use rayon::prelude::*;
        let decks: Vec<Result<Deck, DeckError>> = (0..self.len())
            .into_par_iter()
            .filter_map(|index| self.get(index, reader))
            .collect();
        decks.into_iter().collect()
    }
}

/// Refuses binary data (UTF-16 without its byte order mark named); what the
/// test of the bytes for control characters found.
fn screen_bytes(bytes: &[u8], path: &Path) -> Result<ControlTest, DeckError> {
    let controls = ControlTest::of_bytes(bytes);
    if controls == ControlTest::Unknown && screen::looks_binary(bytes) {
        if screen::looks_utf16(bytes) {
            return Err(DeckError::Utf16WithoutBom {
                path: path.to_path_buf(),
            });
        }
        return Err(DeckError::Binary {
            path: path.to_path_buf(),
            line: screen::first_control_line(bytes),
        });
    }
    Ok(controls)
}

/// What a [`DeckRecords`] found in the bytes it borrowed, without them
/// ([`DeckRecords::found`]): given the bytes to own ([`Found::owning`]), the
/// same records, neither decoded nor looked for again. What a reader that
/// hands out a file's decks after the call that read the file keeps.
#[derive(Debug)]
pub(crate) struct Found {
    /// The text when decoding made one (not UTF-8, UTF-16); else the bytes are it.
    decoded: Option<String>,
    /// The text's length: the bytes but a byte order mark before them.
    text_len: usize,
    records: Records,
    controls: ControlTest,
    apart: ApartHeadings,
    format: Option<Format>,
    path: PathBuf,
    not_utf8: Vec<NotUtf8>,
}

impl<'a> DeckRecords<'a> {
    /// What was found, without the bytes borrowed ([`Found`]).
    pub(crate) fn found(self) -> Found {
        let text_len = self.text.len();
        Found {
            decoded: match self.text {
                Cow::Owned(text) => Some(text),
                Cow::Borrowed(_) => None,
            },
            text_len,
            records: self.records,
            controls: self.controls,
            apart: self.apart,
            format: self.format,
            path: self.path,
            not_utf8: self.not_utf8,
        }
    }
}

impl Found {
    /// The decks again, owning `bytes`: the bytes the records were found in.
    pub(crate) fn owning(self, mut bytes: Vec<u8>, db: &CardDb) -> DeckRecords<'_> {
        let text = self.decoded.unwrap_or_else(|| {
            // The bytes as written, but a byte order mark before them.
            bytes.drain(..bytes.len().saturating_sub(self.text_len));
            String::from_utf8(bytes)
                .unwrap_or_else(|err| String::from_utf8_lossy(err.as_bytes()).into_owned())
        });
        DeckRecords {
            text: Cow::Owned(text),
            records: self.records,
            controls: self.controls,
            apart: self.apart,
            format: self.format,
            db,
            path: self.path,
            not_utf8: self.not_utf8,
        }
    }
}

/// A list of a document read by its shape taken as cards: its path, its
/// entries (each its line and the hash of its text, as an unresolved line
/// gives them back) and, once resolved, how many name a VEKN card.
#[derive(Debug)]
struct Share {
    path: String,
    keys: Vec<(usize, u64)>,
    entries: usize,
    resolved: usize,
}

/// The line and the hash of the text of a card line, to find it among the unresolved.
fn line_key(line: usize, text: &str) -> (usize, u64) {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut hasher);
    (line, hasher.finish())
}

/// The lists a deck read by its shape took as cards, with their entries.
fn list_entries(raw: &vtesdeck_deck::raw::RawDeck) -> Vec<Share> {
    raw.shape_lists
        .iter()
        .map(|(path, lines)| {
            let keys: Vec<(usize, u64)> = lines
                .iter()
                .filter_map(|&at| raw.lines.get(at))
                .map(|line| line_key(line.line, &line.text))
                .collect();
            Share {
                path: path.clone(),
                entries: keys.len(),
                keys,
                resolved: 0,
            }
        })
        .collect()
}

/// How many entries of each list resolved: those not among the deck's
/// unresolved lines.
fn shares_resolved(deck: &Deck, mut lists: Vec<Share>) -> Vec<Share> {
    let mut unresolved: std::collections::HashMap<(usize, u64), usize> =
        std::collections::HashMap::new();
    for card in &deck.unresolved {
        *unresolved
            .entry(line_key(card.line, &card.text))
            .or_default() += 1;
    }
    for list in &mut lists {
        let mut missed = 0;
        for key in std::mem::take(&mut list.keys) {
            if let Some(left) = unresolved.get_mut(&key).filter(|left| **left > 0) {
                *left -= 1;
                missed += 1;
            }
        }
        list.resolved = list.entries - missed;
    }
    lists
}

/// Whether most entries of a list taken as cards name no VEKN card.
fn mostly_not_cards(share: &Share) -> bool {
    share.resolved * 2 < share.entries
}

/// Whether the lists whose entries mostly name no VEKN card are not read as
/// cards: there are some, and another list's entries mostly do name one.
fn drops_lists(shares: &[Share]) -> bool {
    shares.iter().any(mostly_not_cards)
        && shares
            .iter()
            .any(|share| share.resolved > 0 && !mostly_not_cards(share))
}

/// Says in the deck's `read_by_shape` remark, for each list taken as cards,
/// how many of its entries name a VEKN card, and that a list whose entries
/// mostly do not was not read as cards (when another list was).
fn say_shares(deck: &mut Deck, shares: &[Share]) {
    let Some(said) = deck.meta.read_by_shape.take() else {
        return;
    };
    let dropping = drops_lists(shares);
    let parts: Vec<String> = said
        .split("; ")
        .map(
            |part| match shares.iter().find(|share| share.path == part) {
                Some(share) if dropping && mostly_not_cards(share) => format!(
                    "{part} not read ({} of {} entries name a VEKN card: not a list of cards)",
                    share.resolved, share.entries
                ),
                Some(share) => format!(
                    "{part} ({} of {} entries name a VEKN card)",
                    share.resolved, share.entries
                ),
                None => part.to_string(),
            },
        )
        .collect();
    deck.meta.read_by_shape = Some(parts.join("; "));
}

/// The error for a document read by its shape in which no card entry
/// names a VEKN card (an SVG's `<text>`, an RSS feed, a package.json, a
/// Magic deck): not a decklist, its entries named; `None` when some
/// entry resolves.
fn no_record_resolves(deck: &Deck, paths: Option<String>, path: &Path) -> Option<DeckError> {
    if !deck.crypt.is_empty() || !deck.library.is_empty() {
        return None;
    }
    let shown: Vec<String> = deck
        .unresolved
        .iter()
        .take(3)
        .map(|card| format!("`{}`", screen::shorten(&card.text)))
        .collect();
    let more = deck.unresolved.len().saturating_sub(shown.len());
    let entries = match (shown.is_empty(), more) {
        (true, _) => "none of its entries reads as a card".to_string(),
        (false, 0) => format!(
            "none of its entries names a VEKN card ({})",
            shown.join(", ")
        ),
        (false, more) => format!(
            "none of its entries names a VEKN card ({} and {more} more)",
            shown.join(", ")
        ),
    };
    let paths = paths.map_or_else(String::new, |paths| format!(" at {paths}"));
    Some(DeckError::NoCardEntry {
        path: path.to_path_buf(),
        line: deck.unresolved.first().map_or(1, |card| card.line),
        message: format!(
            "a document read by its shape (card entries{paths}): {entries}: not a decklist"
        ),
    })
}

/// The fewest card-shaped lines a text must have for [`not_a_vtes_list`] to
/// judge it: a few unknown lines are a deck's typos.
const MIN_CARD_SHAPED_LINES: usize = 8;

/// The share of its card-shaped lines (per cent) that must name no VTES card
/// for a text to be a list of another game. The TWDA, the sample exports and
/// `examples/decks` have none above 0% (docs/formats.md).
const MAX_UNKNOWN_SHARE: usize = 50;

/// The line numbers of a text's card-shaped lines: a count written (before
/// or after the name, or labelled) and a name with letters.
fn card_shaped_lines(raw: &RawDeck) -> Vec<usize> {
    let mut shaped = raw
        .lines
        .iter()
        .filter(|line| {
            line.kind == LineKind::Card
                && line.reading.count_place != CountPlace::Unwritten
                && line
                    .name
                    .chars()
                    .filter(|c| c.is_alphabetic())
                    .nth(1)
                    .is_some()
        })
        .map(|line| line.line)
        .collect::<Vec<usize>>();
    shaped.sort_unstable();
    shaped
}

/// The error for a text in which most card-shaped lines name no VTES card (a
/// Magic or Pokémon list): not a VTES decklist, not judged; `None` for a
/// deck (with a few unknown lines or none).
fn not_a_vtes_list(deck: &Deck, card_shaped: &[usize], path: &Path) -> Option<DeckError> {
    if deck.unresolved.is_empty() || card_shaped.len() < MIN_CARD_SHAPED_LINES {
        return None;
    }
    let unknown: Vec<usize> = deck
        .unresolved
        .iter()
        // Lines unresolved for another reason (a card over 999 copies, a
        // count and a name that both read as cards) name a card.
        .filter(|line| {
            line.reason
                .as_deref()
                .is_none_or(|reason| reason.starts_with(vtesdeck_deck::UNKNOWN_NAME))
        })
        .map(|line| line.line)
        .filter(|line| card_shaped.binary_search(line).is_ok())
        .collect();
    if unknown.len() * 100 <= card_shaped.len() * MAX_UNKNOWN_SHARE {
        return None;
    }
    Some(DeckError::OtherGame {
        path: path.to_path_buf(),
        line: unknown.first().copied().unwrap_or(1),
        unknown: unknown.len(),
        lines: card_shaped.len(),
    })
}

/// The error of a file's records, naming the file.
fn record_error(err: RecordError, path: &Path) -> DeckError {
    match err {
        RecordError::Empty => DeckError::NoDecks {
            path: path.to_path_buf(),
        },
        RecordError::Shape { line, message } => DeckError::JsonRecord {
            path: path.to_path_buf(),
            line,
            message,
        },
    }
}

/// Says, on each line of a deck that did not resolve and was not UTF-8,
/// which byte was read as Windows-1252: the line to look at for a stray
/// byte (the other lines read as written).
pub(super) fn note_not_utf8(deck: &mut Deck, not_utf8: &[NotUtf8]) {
    for unresolved in &mut deck.unresolved {
        let Ok(at) = not_utf8.binary_search_by_key(&unresolved.line, |n| n.line) else {
            continue;
        };
        let note = not_utf8[at].describe();
        unresolved.reason = Some(match unresolved.reason.take() {
            Some(reason) => format!("{reason}; {note}"),
            None => note,
        });
    }
}

/// The error for a document read by its shape in which no card entry was
/// found (or which could not be parsed): `None` for any other deck.
fn not_understood(raw: &RawDeck, path: &Path) -> Option<DeckError> {
    if raw.format != Format::Shape || raw.meta.read_by_shape.is_some() {
        return None;
    }
    let problem = raw.problems.first();
    Some(DeckError::NoCardEntry {
        path: path.to_path_buf(),
        line: problem.map_or(1, |p| p.line),
        message: problem.map_or_else(
            || "no card entry found in this document".to_string(),
            |p| p.message.clone(),
        ),
    })
}

/// Whether the JSON documents of a text are cards rather than decks: the
/// first is a card entry and no JSON layout claims it (a file that is a JSON
/// array or JSON Lines of cards is one deck).
fn records_are_cards(documents: &[json_doc::Document]) -> bool {
    use serde_json::Value;
    let Some(first) = documents.first() else {
        return false;
    };
    // Told by the first's outline first: a document of records (a deck)
    // is not held as serde_json's values.
    let Ok(outline) = super::json_keys::outline(first.json) else {
        return false;
    };
    match &outline {
        // What a card entry has not is in the outline (which keeps the
        // kinds of the values under the top keys and of their lists' items).
        Value::Object(object) => {
            if registry::detect_object(object).is_some()
                || super::shape::outline_holds_records(&outline)
            {
                return false;
            }
        }
        Value::String(_) => return true,
        _ => return false,
    }
    first
        .parse()
        .is_ok_and(|parsed| super::shape::is_card_entry(&parsed.value))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The decks of a text read from `path`, its layout detected.
    fn from_text<'a>(
        text: &'a str,
        db: &'a CardDb,
        path: &Path,
    ) -> Result<DeckRecords<'a>, DeckError> {
        DeckRecords::from_text(text, None, db, path, &Reader::default())
    }
    use crate::testing::fixture_db;

    /// JSON Lines of `count` decks, each of 12 copies of a vampire and 90 of
    /// a library card.
    fn json_lines(count: usize) -> String {
        let record = "{\"type\": \"deck\", \"crypt\": [{\"id\": 200001, \"name\": \"Alma Test\", \
                      \"count\": 12}], \"library\": [{\"id\": 100004, \"name\": \"Test Punch\", \
                      \"count\": 90}]}\n";
        record.repeat(count)
    }

    /// Records are read one at a time, in order, each labelled; a record
    /// that is not a deck is an error of its own, the others read.
    #[test]
    fn records_are_read_one_at_a_time_and_a_bad_one_is_its_own_error() {
        let db = fixture_db();
        let mut text = json_lines(3);
        text.insert_str(0, "{\"what\": 1}\n");
        let records = from_text(&text, &db, Path::new("many.jsonl")).unwrap();
        assert_eq!(records.len(), 4);
        let read: Vec<Result<(usize, u32), String>> = records
            .iter(&Reader::default())
            .map(|deck| {
                deck.map(|d| (d.record.unwrap_or(0), d.crypt_count() + d.library_count()))
                    .map_err(|err| err.to_string())
            })
            .collect();
        assert_eq!(read.len(), 4);
        assert!(read[0]
            .as_ref()
            .is_err_and(|e| e.starts_with("many.jsonl:1: ")));
        assert_eq!(read[1..], [Ok((2, 102)), Ok((3, 102)), Ok((4, 102))]);
        assert!(records.get(4, &Reader::default()).is_none());
        // All at once: the first bad record is the file's error.
        assert!(records.all(&Reader::default()).is_err());
    }

    /// 100,000 records are read in order, one deck held at a time: what the
    /// records hold is the text and one place per record.
    /// A plain list of `known` lines of fixture cards and `unknown` lines
    /// of names of no VTES card, each with a count.
    fn list(known: usize, unknown: usize) -> String {
        let mut text = "2x Alma Test\n".repeat(known);
        for at in 0..unknown {
            text.push_str(&format!("4 Lightning Bolt Number {at}\n"));
        }
        text
    }

    #[test]
    fn a_text_whose_card_lines_mostly_name_no_vtes_card_is_no_decklist() {
        let db = fixture_db();
        let read = |text: &str| {
            let records = from_text(text, &db, Path::new("list.txt")).unwrap();
            records.get(0, &Reader::default()).unwrap()
        };
        match read(&list(3, 9)) {
            Err(DeckError::OtherGame {
                line,
                unknown,
                lines,
                ..
            }) => assert_eq!((line, unknown, lines), (4, 9, 12)),
            other => panic!("{other:?}"),
        }
        // Half the card lines unknown, or fewer: a deck with typos, judged.
        let deck = read(&list(6, 6)).unwrap();
        assert_eq!(deck.unresolved.len(), 6);
        // Lines unresolved for another reason name a card: more than 999
        // copies of one.
        let deck = read(&"2x Alma Test\n".repeat(600)).unwrap();
        assert!(deck.unresolved.len() > 100);
        // Too few card lines to tell another game.
        let deck = read(&list(0, MIN_CARD_SHAPED_LINES - 1)).unwrap();
        assert_eq!(deck.unresolved.len(), MIN_CARD_SHAPED_LINES - 1);
    }

    #[test]
    fn a_hundred_thousand_records_are_read_in_order() {
        let db = fixture_db();
        let text = json_lines(100_000);
        let records = from_text(&text, &db, Path::new("-")).unwrap();
        let mut next = 1;
        for deck in records.iter(&Reader::default()) {
            let deck = deck.unwrap();
            assert_eq!(deck.record, Some(next));
            assert_eq!((deck.crypt_count(), deck.library_count()), (12, 90));
            next += 1;
        }
        assert_eq!(next, 100_001);
        let Records::Json(places) = &records.records else {
            panic!("JSON records");
        };
        assert_eq!(places.len(), 100_000);
    }

    /// A list taken as cards says how many of its entries name a VEKN card;
    /// a list whose entries mostly do not is not read as cards, and said.
    #[test]
    fn the_share_of_each_list_that_resolves_is_said() {
        let db = fixture_db();
        let text = "{\"crypt\": [{\"count\": 2, \"name\": \"Alma Test\"}],\n\
                    \"library\": [{\"count\": 3, \"name\": \"Test Punch\"}, \
                    {\"count\": 1, \"name\": \"Nothing Such\"}],\n\
                    \"extras\": {\"cards\": [{\"count\": 1, \"name\": \"Lightning Bolt\"}, \
                    {\"count\": 4, \"name\": \"Test Punch\"}, \
                    {\"count\": 1, \"name\": \"Giant Growth\"}]}}";
        let records = from_text(text, &db, Path::new("d.json")).unwrap();
        let deck = records.get(0, &Reader::default()).unwrap().unwrap();
        let said = deck.meta.read_by_shape.clone().unwrap_or_default();
        for part in [
            "crypt[].{count,name} (1 of 1 entries name a VEKN card)",
            "library[].{count,name} (1 of 2 entries name a VEKN card)",
            "extras.cards[].{count,name} not read (1 of 3 entries name a VEKN card: not a \
             list of cards)",
        ] {
            assert!(said.contains(part), "{part}\n{said}");
        }
        // The extras are not added: 3 copies, not 7; the unknown library line stays.
        assert_eq!((deck.crypt_count(), deck.library_count()), (2, 3));
        assert_eq!(deck.unresolved.len(), 1);
        assert_eq!(deck.unresolved[0].line, 2);
    }

    /// A deck of a post: its title, its crypt and its library under headings.
    fn post_deck(title: &str, vampire: &str, crypt: u32, card: &str, library: u32) -> String {
        format!(
            "Deck Name: {title}\n\nCrypt ({crypt})\n{crypt}x {vampire}\n\n\
             Library ({library})\nCombat ({library})\n{library}x {card}\n"
        )
    }

    /// A deck of a text as the tests compare it: its record number, crypt
    /// and library sizes, name, and the lines of every deck of the text.
    type TextRecord = (Option<usize>, u32, u32, Option<String>, Vec<(usize, usize)>);

    /// The decks of a text.
    fn text_records(text: &str) -> Vec<TextRecord> {
        let db = fixture_db();
        let records = from_text(text, &db, Path::new("post.txt")).unwrap();
        records
            .all(&Reader::default())
            .unwrap()
            .into_iter()
            .map(|deck| {
                (
                    deck.record,
                    deck.crypt_count(),
                    deck.library_count(),
                    deck.meta.name.clone(),
                    deck.meta.decks_in_text.clone(),
                )
            })
            .collect()
    }

    /// Two complete decks in one text are two records, each with its own
    /// title and its lines in the text; two halves under the legal sizes
    /// are never one deck of both.
    #[test]
    fn two_complete_decks_in_a_text_are_two_records() {
        let text = format!(
            "Hi all, the two decks of Saturday.\n\n{}\nAnd the second one:\n\n{}\nCheers\n",
            post_deck("First", "Alma Test", 12, "Test Punch", 45),
            post_deck("Second", "Bruno Test", 8, "Test Bleed", 40),
        );
        let decks = text_records(&text);
        let lines = vec![(1, 10), (11, 23)];
        assert_eq!(
            decks,
            [
                (Some(1), 12, 45, Some("First".to_string()), lines.clone()),
                (Some(2), 8, 40, Some("Second".to_string()), lines),
            ]
        );
        // Each deck's lines are the text's: an unknown card of the second
        // deck is reported on its line.
        let db = fixture_db();
        let broken = text.replace("40x Test Bleed", "40x Test Bleed\n1x Nothing Such");
        let records = from_text(&broken, &db, Path::new("post.txt")).unwrap();
        let second = records.get(1, &Reader::default()).unwrap().unwrap();
        let at = broken.lines().position(|l| l == "1x Nothing Such").unwrap() + 1;
        assert_eq!(
            second.unresolved.iter().map(|u| u.line).collect::<Vec<_>>(),
            [at]
        );
        assert!(records
            .get(0, &Reader::default())
            .unwrap()
            .unwrap()
            .unresolved
            .is_empty());
        // Three decks: three records.
        let three = format!(
            "{}{}{}",
            post_deck("A", "Alma Test", 12, "Test Punch", 45),
            post_deck("B", "Bruno Test", 12, "Test Bleed", 45),
            post_deck("C", "Carla Test", 12, "Test Dodge", 45),
        );
        let names: Vec<Option<String>> = text_records(&three).into_iter().map(|d| d.3).collect();
        assert_eq!(
            names,
            [Some("A".into()), Some("B".into()), Some("C".into())]
        );
    }

    /// One deck stays one record: its parts in an unusual order (library
    /// first), a sideboard or a list of changes under their own `Crypt` and
    /// `Library` headings, a second part too small to be a deck, a crypt
    /// heading over a heading of vampires.
    #[test]
    fn a_deck_with_its_parts_in_any_order_or_a_sideboard_is_one_record() {
        let library_first = "Library (45)\n45x Test Punch\n\nCrypt (12)\n12x Alma Test\n";
        let deck = post_deck("Mine", "Alma Test", 12, "Test Punch", 45);
        for text in [
            library_first.to_string(),
            format!("{deck}\nSideboard:\nCrypt:\n12x Bruno Test\nLibrary:\n40x Test Bleed\n"),
            format!("{deck}\nChanges since last time:\n\nCrypt\n6x Bruno Test\nLibrary\n30x Test Bleed\n"),
            format!("{deck}\nNext time:\nCrypt:\n2x Bruno Test\nLibrary:\n3x Test Bleed\n"),
            "Crypt (12)\nVampires (12)\n12x Alma Test\nLibrary\n45x Test Punch\n".to_string(),
            // Small lists are never added up into decks.
            "Crypt:\n2x Alma Test\nLibrary:\n4x Test Punch\n".repeat(20),
        ] {
            let decks = text_records(&text);
            assert_eq!(decks.len(), 1, "{text}");
            assert_eq!(decks[0].0, None, "{text}");
            assert!(decks[0].4.is_empty(), "{text}");
        }
        // Two decks written library first are two decks.
        let two = format!("{library_first}\nAnother one\n{library_first}");
        assert_eq!(text_records(&two).len(), 2);
    }

    /// A text of many decks is cut before at most `MAX_TEXT_DECK_TRIES`
    /// headings: it is read a bounded number of times.
    #[test]
    fn a_text_is_cut_a_bounded_number_of_times() {
        let many = post_deck("D", "Alma Test", 12, "Test Punch", 45).repeat(100);
        assert_eq!(text_records(&many).len(), MAX_TEXT_DECK_TRIES + 1);
        let headings = "Crypt:\nLibrary:\n".repeat(10_000) + "12x Alma Test\n45x Test Punch\n";
        assert_eq!(text_records(&headings).len(), 1);
    }

    #[test]
    fn one_text_is_one_deck_and_an_empty_array_is_refused() {
        let db = fixture_db();
        let path = Path::new("deck.txt");
        let records = from_text("2x Test Punch\n", &db, path).unwrap();
        assert_eq!(records.len(), 1);
        let decks = records.all(&Reader::default()).unwrap();
        assert_eq!((decks[0].record, decks[0].library_count()), (None, 2));
        let error = from_text("[]", &db, path).unwrap_err();
        assert!(matches!(error, DeckError::NoDecks { .. }), "{error}");
    }
}
