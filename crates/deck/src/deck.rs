//! A deck resolved against the card database ([`Deck`]): its crypt and
//! library entries, the lines that named no card with their suggestions, and
//! how each line was read when not literally; and the resolution itself, a
//! read deck's lines to cards ([`Deck::from_raw`]).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use vtesdeck_cards::{Card, CardDb, CardId, CardKind, PrintingHint};

use crate::crypt_columns::KnownColumns;
use crate::raw::{DeckMeta, DeclaredCounts, FormatName, LineKind, RawDeck, RawLine};

/// Most copies of one card a deck holds, and a card line gives: a line that
/// would take a card past it (added to the lines before) is not read, so
/// that no deck vtesdeck reads is one it cannot write and read back.
pub const MAX_CARD_COUNT: u32 = 999;

/// The problem of a card line whose count (`count`, as written) is past
/// [`MAX_CARD_COUNT`].
pub fn count_too_large(count: impl std::fmt::Display) -> String {
    format!("card count {count} too large (at most {MAX_CARD_COUNT})")
}

/// The problem of a card line that would take its card (`card`, as named)
/// to `total` copies with the lines before, past [`MAX_CARD_COUNT`]: the line
/// is not read.
pub fn copies_too_many(total: u32, card: impl std::fmt::Display) -> String {
    format!(
        "{total} copies of {card} with the lines before (at most {MAX_CARD_COUNT} of a card): \
         this line is not read"
    )
}

/// How many lines of one deck that are not an exact card name get the close
/// spelling search (a few milliseconds each against the whole database); the
/// rest are matched exactly only, so that a huge file of junk stays fast.
pub const MAX_FUZZY_LINES: usize = 500;

/// How many characters of a line a problem quotes ([`excerpt`]).
pub const EXCERPT_CHARS: usize = 80;

/// A line as shown in a problem: a short, printable excerpt. At most
/// 80 characters of it (`…` when there were more), control
/// characters but tab escaped (`\u{1b}`), and so are the invisible ones that
/// reorder or hide text (bidirectional overrides, zero-width characters, the
/// byte order mark). The one way every message quotes the text of an
/// input (the readers call it `screen::shorten`): a line of a file a folder
/// holds never reaches a terminal, a job log or an annotation whole.
pub fn excerpt(line: &str) -> String {
    let mut out = String::new();
    for c in line.chars().take(EXCERPT_CHARS) {
        if (c.is_control() && c != '\t') || is_invisible(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    if line.chars().nth(EXCERPT_CHARS).is_some() {
        out.push('…');
    }
    out
}

/// Whether a character is one of the invisible format characters that
/// change how the text around it shows: bidirectional marks, embeddings,
/// overrides and isolates, zero-width spaces and joiners, word joiners and
/// invisible operators, the byte order mark, interlinear annotation marks.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{061c}'
            | '\u{200b}'..='\u{200f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{2069}'
            | '\u{feff}'
            | '\u{fff9}'..='\u{fffb}'
    )
}

/// Bytes of names one line compares with every card name for close
/// spellings, in all: its name, its other reading, the texts before its
/// comment marks, in that order, each searched while it fits what is left
/// (a name longer than that gets no close spelling search: no card name is
/// as long). The search's budget per line: a search costs about its length
/// times every card name's (some 0.1 ms a byte against the official card
/// list), so a line costs at most one search of the longest key ranked,
/// and a file at most [`MAX_FUZZY_LINES`] of those, whatever its lines hold.
pub const FUZZY_LINE_BYTES: usize = 64;

/// Crypt cards each player starts with, dealt to the uncontrolled region: the
/// starting crypt of `draw` and `transfers`, and the number of capacities the
/// `min` and `max` of a TWD crypt header sum.
pub const STARTING_CRYPT: u32 = 4;

/// Library cards in each player's opening hand.
pub const OPENING_HAND: u32 = 7;

/// One card of a deck and its number of copies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeckCard {
    /// The card.
    pub id: CardId,
    /// Copies.
    pub count: u32,
    /// The first line that names it (1-based).
    pub line: usize,
}

/// How a card line was read when it was not read literally: the `read_as`
/// of `parse --json`, the `name-corrected`, `printing-chosen`,
/// `count-after-name` and `count-labelled` checks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReadAs {
    /// 1-based line number.
    pub line: usize,
    /// The line as typed.
    pub typed: String,
    /// What was not literal.
    pub how: ReadHow,
    /// The card the line was read as.
    #[serde(skip)]
    pub card: CardId,
    /// Copies read from the line.
    #[serde(skip)]
    pub count: u32,
    /// What the reader did, in a sentence (`Tara has no G6 printing`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// What was not literal in a card line. Exact names, Aka names, and the
/// article, punctuation, accent and `(TM)` forms are literal and get none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReadHow {
    /// A close spelling of a card name (`Deflektion`).
    Misspelling,
    /// The part of a longer name before its comma (`Pier 13`).
    ShortName,
    /// A nickname or old name (`Con Boon`).
    Alias,
    /// The initials of a card's name (`DI`, `GtU`): the whole name written is
    /// an abbreviation of the project's table.
    Abbreviation,
    /// The name lacks a `the` the card's name has (`Dreams of Sphinx`).
    ArticleMissing,
    /// Digits or ordinals for number words, or back (`2nd Tradition`).
    NumberWords,
    /// Text after the name that is not a recognised comment was left out
    /// (`Deflection (great)`).
    TextIgnored,
    /// The name has several printings and the line named none: one of those
    /// that fit the crypt's groups was taken (a guess among several).
    PrintingChosen,
    /// The name has several printings and the line named none, but only one
    /// of them fits the crypt's groups: that one was taken (no guess).
    PrintingFits,
    /// The tag names a printing the card does not have (`Tara (G6)`): the one
    /// that exists was taken.
    PrintingMissing,
    /// The written tag and the columns (capacity, disciplines, title, clan,
    /// group) name different printings: the tag was followed.
    PrintingConflict,
    /// The columns of a crypt row fit no printing of the name, or disagree
    /// with each other: the closest printing was taken.
    ColumnsMismatch,
    /// The name was cut short (at a column's width) and starts the name of
    /// one card only (`Yusuf, Scribe of A`).
    NameTruncated,
    /// The count was written after the name (`Deflection x4`, `Tara: 3`).
    CountAfterName,
    /// The count was read from a labelled field (`Quantity: 3`, `3 copies`).
    CountLabelled,
}

impl ReadHow {
    /// The kebab-case name used in JSON and the text output.
    pub fn name(self) -> &'static str {
        match self {
            ReadHow::Misspelling => "misspelling",
            ReadHow::ShortName => "short-name",
            ReadHow::Alias => "alias",
            ReadHow::Abbreviation => "abbreviation",
            ReadHow::ArticleMissing => "article-missing",
            ReadHow::NumberWords => "number-words",
            ReadHow::TextIgnored => "text-ignored",
            ReadHow::PrintingChosen => "printing-chosen",
            ReadHow::PrintingFits => "printing-fits",
            ReadHow::PrintingMissing => "printing-missing",
            ReadHow::PrintingConflict => "printing-conflict",
            ReadHow::ColumnsMismatch => "columns-mismatch",
            ReadHow::NameTruncated => "name-truncated",
            ReadHow::CountAfterName => "count-after-name",
            ReadHow::CountLabelled => "count-labelled",
        }
    }
}

/// A card line that resolved to no card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unresolved {
    /// 1-based line number.
    pub line: usize,
    /// The line as written.
    pub text: String,
    /// Up to three card names, most similar first.
    pub suggestions: Vec<String>,
    /// Why it could not be read, when it is not just an unknown name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl Unresolved {
    /// Why the line resolved to nothing, for people: the reason it could not be
    /// read (and the suggestions), else `did you mean "A" or "B"?`, else `no
    /// card with a similar name`.
    pub fn detail(&self) -> String {
        match (&self.reason, did_you_mean(&self.suggestions)) {
            (Some(reason), Some(suggestions)) => format!("{reason}; {suggestions}"),
            (Some(reason), None) => reason.clone(),
            (None, Some(suggestions)) => suggestions,
            (None, None) => "no card with a similar name".to_string(),
        }
    }
}

/// `did you mean "A", "B" or "C"?` for suggested card names, each quoted (names
/// hold commas); `None` without suggestions.
pub fn did_you_mean(suggestions: &[String]) -> Option<String> {
    let quoted: Vec<String> = suggestions.iter().map(|s| format!("\"{s}\"")).collect();
    match quoted.as_slice() {
        [] => None,
        [one] => Some(format!("did you mean {one}?")),
        [rest @ .., last] => Some(format!("did you mean {} or {last}?", rest.join(", "))),
    }
}

/// A card given by its VEKN id beside a name that names another card (JSON
/// decks, files of other tools): the id was taken, the name is reported.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NameMismatch {
    /// 1-based line number (of the deck's record, for a JSON deck).
    pub line: usize,
    /// The entry as written (`1x The Name (#100001)`).
    pub typed: String,
    /// The id given, which was taken.
    pub id: u32,
    /// The name of the card with that id.
    pub card: String,
}

/// A decklist resolved against the card database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deck {
    /// The file it came from (`None` for standard input or text).
    pub path: Option<PathBuf>,
    /// The deck's 1-based record number, for a file of several decks (a JSON
    /// array of decks, JSON Lines).
    pub record: Option<usize>,
    /// The layout it was read as.
    pub format: FormatName,
    /// Name, author, description, event.
    pub meta: DeckMeta,
    /// Counts the file's own headers announce.
    pub declared: DeclaredCounts,
    /// Crypt cards, in the order first written.
    pub crypt: Vec<DeckCard>,
    /// Library cards, in the order first written.
    pub library: Vec<DeckCard>,
    /// Card lines that resolved to no card (or could not be read).
    pub unresolved: Vec<Unresolved>,
    /// The card lines that were not read literally, in line order.
    pub read_as: Vec<ReadAs>,
    /// Cards given by an id and a name that names another card (the id was taken).
    pub name_mismatches: Vec<NameMismatch>,
}

impl Deck {
    /// A deck of the given cards, each named by its VEKN id with its count:
    /// a deck built in code rather than read from a list (lines numbered from
    /// 1 in the order given). An id the database does not know is unresolved,
    /// as it would be in a list.
    pub fn from_cards(cards: &[(CardId, u32)], db: &CardDb) -> Deck {
        let mut raw = RawDeck::new(FormatName::PLAIN);
        for (index, &(id, count)) in cards.iter().enumerate() {
            let name = db
                .get(id)
                .map(|card| db.printing_name(card))
                .unwrap_or_default();
            raw.lines.push(RawLine::new(
                index + 1,
                format!("{count}x {name}"),
                count,
                name,
                PrintingHint::default(),
                None,
                LineKind::Id(id),
            ));
        }
        Deck::from_raw(raw, db, &KnownColumns::default())
    }

    /// Adds copies of a card: to its entry when the deck has one (a card on
    /// two lines), else as a new entry. `Err` with the total, and nothing
    /// added, when the card would have more than [`MAX_CARD_COUNT`] copies.
    /// `added` (kept by the caller for the deck it builds) finds the entry
    /// ([`AddedCards`]).
    pub(crate) fn add(
        &mut self,
        card: &Card,
        count: u32,
        line: usize,
        added: &mut AddedCards,
    ) -> Result<(), u32> {
        let part = match card.kind {
            CardKind::Crypt => &mut self.crypt,
            CardKind::Library => &mut self.library,
        };
        match added.entry(part, card.id, card.kind) {
            Some(entry) => {
                let total = entry.count.saturating_add(count);
                if total > MAX_CARD_COUNT {
                    return Err(total);
                }
                entry.count = total;
            }
            None => part.push(DeckCard {
                id: card.id,
                count,
                line,
            }),
        }
        Ok(())
    }

    /// How the lines of a card were read, when not literally: a remark on the
    /// name or count first, else the printing chosen.
    pub fn read_as_of(&self, card: CardId) -> Option<&ReadAs> {
        let mut remarks = self.read_as.iter().filter(|r| r.card == card);
        let first = remarks.next()?;
        let printing =
            |r: &&ReadAs| matches!(r.how, ReadHow::PrintingChosen | ReadHow::PrintingFits);
        if !printing(&first) {
            return Some(first);
        }
        remarks.find(|r| !printing(r)).or(Some(first))
    }

    /// Every remark on the lines read as a card, in line order.
    pub fn remarks_of(&self, card: CardId) -> impl Iterator<Item = &ReadAs> {
        self.read_as.iter().filter(move |r| r.card == card)
    }

    /// Number of crypt cards, copies counted.
    pub fn crypt_count(&self) -> u32 {
        self.crypt
            .iter()
            .fold(0u32, |n, e| n.saturating_add(e.count))
    }

    /// Number of library cards, copies counted.
    pub fn library_count(&self) -> u32 {
        self.library
            .iter()
            .fold(0u32, |n, e| n.saturating_add(e.count))
    }

    /// The path as text, `-` for standard input, with `#N` for the N-th
    /// deck of a file of several decks. A VDB deck URL given as the input
    /// is labelled by its first characters ([`excerpt`]): every problem
    /// about the deck repeats its label, and a URL of 33 KB quoted whole in
    /// each would make megabytes of output.
    pub fn path_label(&self) -> String {
        let path = self
            .path
            .as_ref()
            // As `Path::display` writes it (invalid UTF-8 as U+FFFD), copied
            // straight when it is UTF-8 (most paths), without formatting
            // (`to_str` checks UTF-8 faster than the lossy copy).
            .map_or_else(
                || "-".to_string(),
                |p| {
                    p.to_str()
                        .map_or_else(|| p.to_string_lossy().into_owned(), str::to_owned)
                },
            );
        // A URL names no file (a file of a URL is labelled by its path).
        let url = self.format == FormatName::VDB_URL
            && path.chars().nth(EXCERPT_CHARS).is_some()
            && !Path::new(&path).exists();
        let path = if url { excerpt(&path) } else { path };
        match self.record {
            Some(record) => format!("{path}#{record}"),
            None => path,
        }
    }
}

/// The cards a deck has been given so far ([`Deck::add`]), as a 256-bit
/// filter: a card whose bit is clear is surely new, and the deck's entries
/// need not be searched (most lines name a card once: searching every entry
/// for each was 1.6% of the whole-TWDA check). A part of more than
/// [`SMALL_PART`] entries is searched through an index of them, so that a
/// list of thousands of cards (an inventory) is read in time linear in its
/// lines (searched entry by entry, a 20,000-line list of every card spent
/// 14% of its instructions there).
#[derive(Debug, Default)]
pub(crate) struct AddedCards {
    filter: [u64; 4],
    /// Where each card's entry is in its part, for the entries indexed so far.
    index: rustc_hash::FxHashMap<CardId, usize>,
    /// How many entries of each part (crypt, library) are in `index`.
    indexed: [usize; 2],
}

/// Most entries of a part searched one by one.
const SMALL_PART: usize = 64;

impl AddedCards {
    /// Marks a card; whether it may have been marked before.
    fn insert(&mut self, id: CardId) -> bool {
        let bit = (id.0.wrapping_mul(0x9E37_79B9) >> 24) as usize;
        let (word, mask) = (bit / 64, 1u64 << (bit % 64));
        let seen = self.filter[word] & mask != 0;
        self.filter[word] |= mask;
        seen
    }

    /// The entry of a card in its part (of the cards of `kind`), marking the
    /// card, when it has one.
    fn entry<'p>(
        &mut self,
        part: &'p mut [DeckCard],
        id: CardId,
        kind: CardKind,
    ) -> Option<&'p mut DeckCard> {
        if !self.insert(id) {
            return None;
        }
        if part.len() <= SMALL_PART {
            return part.iter_mut().find(|entry| entry.id == id);
        }
        let indexed = &mut self.indexed[usize::from(kind == CardKind::Library)];
        for (at, entry) in part.iter().enumerate().skip(*indexed) {
            self.index.insert(entry.id, at);
        }
        *indexed = part.len();
        let at = *self.index.get(&id)?;
        part.get_mut(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn added_cards_never_forget_a_card() {
        let mut added = AddedCards::default();
        let ids = (100_000..102_000).chain(200_000..201_500).map(CardId);
        let first: Vec<bool> = ids.clone().map(|id| added.insert(id)).collect();
        assert!(
            ids.clone().all(|id| added.insert(id)),
            "a card added is always seen"
        );
        // The filter is only a shortcut: most new cards are told new at once.
        assert!(first.iter().filter(|seen| !**seen).count() > 200);
    }

    /// Entries are found one by one in a small part, through the index in a
    /// large one; a card added since the index was made is found too.
    #[test]
    fn added_cards_find_every_entry_of_small_and_large_parts() {
        for size in [3, SMALL_PART, SMALL_PART + 1, 3000] {
            let mut added = AddedCards::default();
            let mut part: Vec<DeckCard> = Vec::new();
            for (at, id) in (100_000..100_000 + size as u32).map(CardId).enumerate() {
                assert!(added.entry(&mut part, id, CardKind::Library).is_none());
                part.push(DeckCard {
                    id,
                    count: 1,
                    line: at + 1,
                });
                // The first entry, and the one just added, are found.
                let first = added.entry(&mut part, CardId(100_000), CardKind::Library);
                assert_eq!(first.map(|e| e.line), Some(1), "{size}");
                let last = added.entry(&mut part, id, CardKind::Library);
                assert_eq!(last.map(|e| e.line), Some(at + 1), "{size}");
            }
            assert!(added
                .entry(&mut part, CardId(99_999), CardKind::Library)
                .is_none());
        }
    }

    /// The simple form: [`Deck::add`] makes the entries, and refuses the
    /// copies, that searching each part entry by entry makes and refuses; on
    /// random lines of decks small and large, crypt and library together.
    #[test]
    fn a_deck_is_added_to_as_searching_every_entry_adds() {
        let db = CardDb::embedded().expect("built-in card list");
        let cards = db.cards();
        let mut pieces = crate::testing::Pieces(0xadd5);
        for lines in [1, 40, 90, 400, 3000] {
            // Few different cards (many lines of each) or many.
            let kinds = [8, 60, 200, 2000][pieces.next_number() as usize % 4];
            let mut deck = Deck::from_cards(&[], &db);
            let mut added = AddedCards::default();
            let mut simple: [Vec<DeckCard>; 2] = [Vec::new(), Vec::new()];
            for line in 1..=lines {
                let card = &cards[pieces.next_number() as usize % kinds * 7 % cards.len()];
                let count = 1 + pieces.next_number() % 400;
                let part = &mut simple[usize::from(card.kind == CardKind::Library)];
                let expected = match part.iter_mut().find(|entry| entry.id == card.id) {
                    Some(entry) if entry.count + count > MAX_CARD_COUNT => Err(entry.count + count),
                    Some(entry) => {
                        entry.count += count;
                        Ok(())
                    }
                    None => {
                        part.push(DeckCard {
                            id: card.id,
                            count,
                            line,
                        });
                        Ok(())
                    }
                };
                assert_eq!(deck.add(card, count, line, &mut added), expected, "{line}");
            }
            assert_eq!(deck.crypt, simple[0], "{lines} lines");
            assert_eq!(deck.library, simple[1], "{lines} lines");
        }
    }
}
