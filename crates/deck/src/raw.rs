//! A decklist as read, before resolution: its layout, metadata, the counts it
//! declares and its card lines. The readers of `vtesdeck-formats` produce it;
//! `Deck::from_raw` resolves it.

use std::borrow::Cow;
use std::fmt;

use chrono::NaiveDate;
use serde::Serialize;

use crate::crypt_columns::WrittenColumns;
use vtesdeck_cards::{CardId, CardKind, PrintingHint};

/// The layout a deck was read as, by its name (used by `--input-format`,
/// `convert --to` and in JSON: `twd`, `plain`, ...). The layouts are listed
/// by the formats crate (`vtesdeck_formats::Format`, whose names these are);
/// the deck model knows the few below.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FormatName(&'static str);

impl FormatName {
    /// Any list of counts and names; also a deck built in code
    /// ([`crate::Deck::from_cards`]). Its first line may be its title.
    pub const PLAIN: FormatName = FormatName("plain");
    /// Plain lines under `Crypt (N)` / `Library (N)` headers, read like
    /// [`FormatName::PLAIN`] (its first line may be its title).
    pub const TEXT: FormatName = FormatName("text");
    /// A VDB deck URL: the deck's path is the URL.
    pub const VDB_URL: FormatName = FormatName("vdb-url");

    /// The layout of a name.
    pub const fn new(name: &'static str) -> FormatName {
        FormatName(name)
    }

    /// The name.
    pub const fn name(self) -> &'static str {
        self.0
    }
}

impl fmt::Display for FormatName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// A tournament as a TWDA entry describes it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct EventInfo {
    /// Event name.
    pub name: Option<String>,
    /// City and country.
    pub place: Option<String>,
    /// Event date.
    pub date: Option<NaiveDate>,
    /// Rounds and final (`2R+F`).
    pub rounds: Option<String>,
    /// Number of players.
    pub players: Option<u32>,
    /// The winner.
    pub winner: Option<String>,
    /// Event page.
    pub url: Option<String>,
    /// The winner's score (`1GW5+2`), when the source gives it.
    pub score: Option<String>,
}

/// What a decklist says about itself besides its cards.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct DeckMeta {
    /// The identifier the source gives the deck (a KRCG or TWDA id, a VDB uid).
    pub id: Option<String>,
    /// `Deck Name:`.
    pub name: Option<String>,
    /// `Created by:` / `Author:`.
    pub author: Option<String>,
    /// Free description.
    pub description: Option<String>,
    /// Event data (TWDA entries).
    pub event: Option<EventInfo>,
    /// For a document read by its shape, the path of its card entries
    /// (`cards[].{quantity,name}`, `deck/section[@name]/card[@qty]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub read_by_shape: Option<String>,
    /// The lines of prose around a decklist inside a page, skipped (not card lines).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub prose_skipped: Vec<usize>,
    /// For one of several complete decks found in one text (a forum post of
    /// two decks), the first and last line of each of them, in order (the
    /// deck's own at its record number); empty for a text of one deck.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub decks_in_text: Vec<(usize, usize)>,
    /// The lists of a text kept apart from the deck (a sideboard, a maybe
    /// list, changes), each under its heading: read apart, never added to
    /// the deck.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sideboard_apart: Vec<KeptApart>,
}

/// A list a text keeps apart from its deck (`Sideboard:`, `Maybe:`,
/// `Changes:`): its heading and the card lines under it, never added to
/// the deck ([`DeckMeta::sideboard_apart`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KeptApart {
    /// The heading's 1-based line.
    pub line: usize,
    /// The heading as written (`Sideboard:`).
    pub heading: String,
    /// The 1-based lines of the card lines under it, in order.
    pub lines: Vec<usize>,
    /// The copies those lines name, added up.
    pub cards: u32,
}

/// Counts a file announces: in its headers (`Crypt (12 cards`, `Library (90
/// cards)`) and in footer or summary lines (`Total: 90`, `Library total: 90`,
/// `90 cards total`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct DeclaredCounts {
    /// The crypt header's card count.
    pub crypt: Option<u32>,
    /// The library header's card count.
    pub library: Option<u32>,
    /// The 1-based line of the crypt header that declares [`Self::crypt`].
    #[serde(skip)]
    pub crypt_line: Option<usize>,
    /// The 1-based line of the library header that declares [`Self::library`].
    #[serde(skip)]
    pub library_line: Option<usize>,
    /// The totals of footer and summary lines, in file order.
    pub totals: Vec<DeclaredTotal>,
}

impl DeclaredCounts {
    /// Sets the count a part's header declares (`None`: none, or none readable)
    /// and the line of that header.
    pub fn set(&mut self, kind: CardKind, count: Option<u32>, line: usize) {
        let (declared, at) = match kind {
            CardKind::Crypt => (&mut self.crypt, &mut self.crypt_line),
            CardKind::Library => (&mut self.library, &mut self.library_line),
        };
        *declared = count;
        *at = count.map(|_| line);
    }

    /// The count a part's header declares, and the header's line when known.
    pub fn of(&self, kind: CardKind) -> Option<(u32, Option<usize>)> {
        match kind {
            CardKind::Crypt => self.crypt.map(|count| (count, self.crypt_line)),
            CardKind::Library => self.library.map(|count| (count, self.library_line)),
        }
    }
}

/// A total a footer or summary line declares (`Library total: 90`, `Total: 102`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DeclaredTotal {
    /// 1-based line number.
    pub line: usize,
    /// The number of cards declared.
    pub count: u32,
    /// What it counts.
    pub of: TotalOf,
}

/// What a declared total counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TotalOf {
    /// The crypt or the library, named (`Crypt: 12 cards`, `Library total: 90`).
    Part(CardKind),
    /// The whole deck, named (`Deck total: 102`), or a total outside any section.
    Deck,
    /// A total that does not say what it counts, at the end of a section
    /// (`Total: 90`, `Total cards: 102`, `90 cards total`): that section's
    /// cards or the whole deck's.
    PartOrDeck(CardKind),
}

/// How sure a reader is that a line names a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    /// A card line (`2x Name`): unresolved names are reported.
    Card,
    /// A bare name that may be prose (Sutekh JOL single copies): used when it
    /// resolves exactly, ignored otherwise.
    MaybeCard,
    /// A card given by its VEKN id (VDB URL, JSON): the id wins over the name;
    /// an unknown id is reported like an unknown name.
    Id(CardId),
}

/// One card line as read, before name resolution. Its text and name borrow
/// the file's text when they are written in it (most lines of most layouts):
/// reading a line allocates nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawLine<'t> {
    /// 1-based line number in the file.
    pub line: usize,
    /// The whole line as written (for error messages).
    pub text: Cow<'t, str>,
    /// Number of copies.
    pub count: u32,
    /// The written name, printing suffix removed.
    pub name: Cow<'t, str>,
    /// Printing hint from the line (`(G6)`, `(ADV)`, `Gangrel:6`).
    pub hint: PrintingHint,
    /// The section the line sits in, when the format has sections.
    pub section: Option<CardKind>,
    /// Card line or bare name.
    pub kind: LineKind,
    /// What the reader read beyond the literal `count name`: where the count
    /// stood, the group the columns give, another way to read the line.
    pub reading: Reading<'t>,
}

impl<'t> RawLine<'t> {
    /// A card line read literally (count before the name, no columns, one reading).
    pub fn new(
        line: usize,
        text: impl Into<Cow<'t, str>>,
        count: u32,
        name: impl Into<Cow<'t, str>>,
        hint: PrintingHint,
        section: Option<CardKind>,
        kind: LineKind,
    ) -> RawLine<'t> {
        RawLine {
            line,
            text: text.into(),
            count,
            name: name.into(),
            hint,
            section,
            kind,
            reading: Reading::default(),
        }
    }

    /// The same line, owning its text and name.
    pub fn into_owned(self) -> RawLine<'static> {
        RawLine {
            line: self.line,
            text: Cow::Owned(self.text.into_owned()),
            count: self.count,
            name: Cow::Owned(self.name.into_owned()),
            hint: self.hint,
            section: self.section,
            kind: self.kind,
            reading: Reading {
                columns: self.reading.columns.map(WrittenColumns::into_owned),
                ..self.reading
            },
        }
    }
}

/// Where a line's count was written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum CountPlace {
    /// Before the name (`2x Name`, `2 Name`, `2<TAB>Name`), or given by the
    /// layout (JSON, URL): the usual place.
    #[default]
    BeforeName,
    /// After the name (`Name x2`, `Name: 3`, `Name (2)`).
    AfterName,
    /// In a labelled field (`Quantity: 3`, `Qty 3`, `3 copies`).
    Labelled,
    /// Not written: a bare name read as one copy.
    Unwritten,
}

/// What a reader read beyond the literal `count name` of a line, for
/// [`crate::Deck::from_raw`] to decide with the card names and to report.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reading<'t> {
    /// Where the count stood.
    pub count_place: CountPlace,
    /// The columns of a crypt row (capacity, disciplines, title, clan,
    /// group: `8 DOM FOR OBT cel pot Lasombra:2`), when the line has them;
    /// the hint holds the written tag when there is one, else their group.
    pub columns: Option<WrittenColumns<'t>>,
    /// Another way to read the same line (digits that may be the count or part
    /// of the name: `Tara 3`, `419 Operation`): if both name cards, the line is
    /// ambiguous.
    pub other: Option<Box<OtherReading>>,
}

/// The second reading of a line whose digits may be the count or part of the name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OtherReading {
    /// Copies under this reading.
    pub count: u32,
    /// The name under this reading.
    pub name: String,
    /// Where the count stood under this reading.
    pub count_place: CountPlace,
}

/// A line that looks like a card line but cannot be read (`-3x Name`, a count too large).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LineProblem {
    /// 1-based line number.
    pub line: usize,
    /// The line as written.
    pub text: String,
    /// What is wrong with it.
    pub message: String,
}

/// The note for one of several complete decks found in one text
/// ([`DeckMeta::decks_in_text`]; `deck` its 1-based record number), as every
/// output words it: `deck 1 of 2 complete decks in this text (lines 1–40;
/// the other at lines 41–85): each is a record of its own, never one deck of
/// both`.
pub fn decks_note(deck: usize, decks: &[(usize, usize)]) -> String {
    let lines = |&(first, last): &(usize, usize)| {
        if first == last {
            first.to_string()
        } else {
            format!("{first}–{last}")
        }
    };
    let own = decks
        .get(deck.wrapping_sub(1))
        .map_or_else(String::new, lines);
    let others: Vec<String> = decks
        .iter()
        .enumerate()
        .filter(|&(at, _)| at + 1 != deck)
        .map(|(_, range)| lines(range))
        .collect();
    let (other, both) = if decks.len() == 2 {
        ("the other", "both")
    } else {
        ("the others", "them all")
    };
    format!(
        "deck {deck} of {} complete decks in this text (lines {own}; {other} at lines {}): \
         each is a record of its own, never one deck of {both}",
        decks.len(),
        others.join(", ")
    )
}

/// The note for the lines of prose a reader skipped around a deck
/// ([`DeckMeta::prose_skipped`]), as every output words it:
/// `7 lines of prose skipped (lines 2–4, 9–11, 25)`.
pub fn prose_note(lines: &[usize]) -> String {
    let what = if lines.len() == 1 { "line" } else { "lines" };
    format!(
        "{} {what} of prose skipped ({what} {})",
        lines.len(),
        line_ranges(lines)
    )
}

/// Sorted 1-based lines as runs: `2–4, 9–11, 25`.
fn line_ranges(lines: &[usize]) -> String {
    let mut ranges: Vec<String> = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        let start = lines[at];
        let mut end = start;
        while at + 1 < lines.len() && lines[at + 1] == end + 1 {
            at += 1;
            end = lines[at];
        }
        ranges.push(if start == end {
            start.to_string()
        } else {
            format!("{start}–{end}")
        });
        at += 1;
    }
    ranges.join(", ")
}

/// The note for the lists a text kept apart from its deck
/// ([`DeckMeta::sideboard_apart`]), as every output words it, one list after
/// the other apart by `; `: its heading and line, the card lines under it and
/// their cards (`` `Sideboard:` (line 5) and the 2 card lines under it (6
/// cards, lines 6–7): kept apart, never added to the deck ``).
pub fn apart_note(kept: &[KeptApart]) -> String {
    kept.iter()
        .map(|list| {
            let (lines, what) = match list.lines.len() {
                1 => ("line", "card line"),
                _ => ("lines", "card lines"),
            };
            let cards = if list.cards == 1 { "card" } else { "cards" };
            format!(
                "`{}` (line {}) and the {} {what} under it ({} {cards}, {lines} {}): \
                 kept apart, never added to the deck",
                list.heading,
                list.line,
                list.lines.len(),
                list.cards,
                line_ranges(&list.lines)
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A decklist split into metadata and card lines (which may borrow the
/// file's text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawDeck<'t> {
    /// The layout it was read as.
    pub format: FormatName,
    /// Name, author, description, event.
    pub meta: DeckMeta,
    /// Card lines in file order.
    pub lines: Vec<RawLine<'t>>,
    /// Lines that look like cards but cannot be read.
    pub problems: Vec<LineProblem>,
    /// Counts announced by the file's headers.
    pub declared: DeclaredCounts,
    /// For a document read by its shape, each list taken as cards: its path
    /// and the indexes of its entries in [`Self::lines`].
    pub shape_lists: Vec<(String, Vec<usize>)>,
}

impl RawDeck<'_> {
    /// An empty deck of a layout.
    pub fn new(format: impl Into<FormatName>) -> Self {
        RawDeck {
            format: format.into(),
            meta: DeckMeta::default(),
            lines: Vec::new(),
            problems: Vec::new(),
            declared: DeclaredCounts::default(),
            shape_lists: Vec::new(),
        }
    }

    /// The same deck, owning its lines (to outlive the text it was read from).
    pub fn into_owned(self) -> RawDeck<'static> {
        RawDeck {
            format: self.format,
            meta: self.meta,
            lines: self.lines.into_iter().map(RawLine::into_owned).collect(),
            problems: self.problems,
            declared: self.declared,
            shape_lists: self.shape_lists,
        }
    }
}

/// A line without the white space around it, as [`str::trim`] gives it:
/// each end trimmed the quick way ([`trim_line_end`], [`trim_line_start`]).
// Inlined in the readers of the formats crate (a call per line otherwise).
#[inline]
pub fn trim_line(line: &str) -> &str {
    trim_line_start(trim_line_end(line))
}

/// A text without the white space before it, as [`str::trim_start`] gives
/// it: the quick ASCII trim when the end it leaves is plain ASCII (every
/// line of most decklists), else `str::trim_start` (non-ASCII white space,
/// vertical tab).
#[inline]
pub fn trim_line_start(text: &str) -> &str {
    let trimmed = text.trim_ascii_start();
    match trimmed.as_bytes().first() {
        Some(&first) if !ends_trimmed(first) => text.trim_start(),
        _ => trimmed,
    }
}

/// A text without the white space after it, as [`str::trim_end`] gives it,
/// the quick way when it ends with plain ASCII (as [`trim_line_start`]).
#[inline]
pub fn trim_line_end(text: &str) -> &str {
    let trimmed = text.trim_ascii_end();
    match trimmed.as_bytes().last() {
        Some(&last) if !ends_trimmed(last) => text.trim_end(),
        _ => trimmed,
    }
}

/// Whether a byte left at an end by an ASCII trim also ends the Unicode one:
/// plain ASCII, not the vertical tab (white space to `str::trim`, not to the
/// ASCII trim).
#[inline]
fn ends_trimmed(byte: u8) -> bool {
    byte.is_ascii() && byte != 0x0b
}

/// Whether the text after a count reads as a card's name rather than a
/// sentence: one to eight words, no link or address, no sentence's end, no
/// date or time (`2012-05-26`, `21:14`) and no quote or table mark (`»`,
/// `|`): no card's name holds one.
pub fn name_like(name: &str) -> bool {
    let name = name.trim();
    let words = name.split_whitespace().count();
    (1..=8).contains(&words)
        && !name.contains("://")
        && !name.contains(['@', '»', '«', '|'])
        && !holds_date_or_time(name)
        && !name.ends_with(['.', '!', '?'])
        && name
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || matches!(c, '.' | '\'' | '"' | '('))
}

/// Whether a text holds digits joined by `-`, `:` or `/` to more digits, as
/// a date or a time is written (`2012-05-26`, `21:14`, `26/05`).
fn holds_date_or_time(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.windows(3).any(|w| {
        w[0].is_ascii_digit() && matches!(w[1], b'-' | b':' | b'/') && w[2].is_ascii_digit()
    })
}

/// Whether a line's count is written as a heading writes its count, after
/// the name and not marked as copies: `Combo (8)`, `Bleed [6]`, `Category: 8`,
/// `Support - 62`.
pub fn heading_count_mark(text: &str) -> bool {
    let text = text.trim();
    let bracketed = |open: char, close: char| {
        text.strip_suffix(close)
            .and_then(|rest| rest.rsplit_once(open))
            .is_some_and(|(_, inner)| inner.trim().parse::<u32>().is_ok())
    };
    let after = |mark: &str| {
        text.rsplit_once(mark)
            .is_some_and(|(_, count)| count.trim().parse::<u32>().is_ok())
    };
    bracketed('(', ')') || bracketed('[', ']') || [":", " - ", " – ", " — "].into_iter().any(after)
}

/// The lines of a text (`\n` separated, a trailing `\r` removed), found with a
/// vectorised byte search: reading the whole archive is mostly this.
pub fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut start = 0;
    let mut ends = memchr::memchr_iter(b'\n', text.as_bytes());
    std::iter::from_fn(move || {
        let end = match ends.next() {
            Some(end) => end,
            None if start < text.len() => text.len(),
            None => return None,
        };
        let line = &text[start..end];
        start = end + 1;
        Some(line.strip_suffix('\r').unwrap_or(line))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_note_of_lists_kept_apart_names_each_heading_and_its_lines() {
        let sideboard = KeptApart {
            line: 5,
            heading: "Sideboard:".to_string(),
            lines: vec![6, 7, 9],
            cards: 6,
        };
        let maybe = KeptApart {
            line: 12,
            heading: "Maybe".to_string(),
            lines: vec![13],
            cards: 1,
        };
        assert_eq!(
            apart_note(&[sideboard, maybe]),
            "`Sideboard:` (line 5) and the 3 card lines under it (6 cards, lines 6–7, 9): \
             kept apart, never added to the deck; `Maybe` (line 12) and the 1 card line \
             under it (1 card, line 13): kept apart, never added to the deck"
        );
    }

    #[test]
    fn the_note_of_decks_in_a_text_names_each_decks_lines() {
        assert_eq!(
            decks_note(1, &[(1, 40), (41, 85)]),
            "deck 1 of 2 complete decks in this text (lines 1–40; the other at lines 41–85): \
             each is a record of its own, never one deck of both"
        );
        assert_eq!(
            decks_note(2, &[(1, 40), (41, 85), (86, 86)]),
            "deck 2 of 3 complete decks in this text (lines 41–85; the others at lines 1–40, \
             86): each is a record of its own, never one deck of them all"
        );
    }

    #[test]
    fn trim_line_trims_as_str_trim_does() {
        for line in [
            "",
            "   ",
            "  2x Deflection  ",
            "\t2x Deflection\r",
            "\u{a0}2x Deflection\u{a0}",
            "2x Deflection\u{3000}",
            "\x0b2x Deflection\x0b",
            " \x0b ",
            "\u{85}",
            "Céleste ",
            " é",
            "é ",
            "x\x0b",
            "x \u{a0} ",
            "x\u{2003}\t",
        ] {
            assert_eq!(trim_line(line), line.trim(), "{line:?}");
            assert_eq!(trim_line_start(line), line.trim_start(), "{line:?}");
            assert_eq!(trim_line_end(line), line.trim_end(), "{line:?}");
        }
    }

    #[test]
    fn lines_split_like_str_lines() {
        for text in ["", "a", "a\n", "a\nb", "a\r\nb\r\n", "\n\nc", "é\nü"] {
            assert_eq!(
                lines(text).collect::<Vec<_>>(),
                text.lines().collect::<Vec<_>>()
            );
        }
    }
}
