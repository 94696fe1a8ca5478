//! The TWDA layout: event header, deck metadata, `Crypt (N cards, ...)` with
//! columned crypt lines, `Library (N cards)` with typed sections.
//!
//! The reader is tolerant enough for the TWD-shaped exports of other tools:
//! VDB "Text" and "TWD" (`min=8 max=26`, `=` underlines), VTES Decks
//! (`Crypt(12 cards`), Sutekh "TWDA" (tab-aligned crypt columns).

use super::layout::{DeckWriter, Layout};
use super::{card_line, twd_event};
use crate::crypt_row::{CryptRow, CryptRows};
use crate::format::Format;
use vtesdeck_cards::{CardKind, PrintingHint};
use vtesdeck_deck::raw::{
    trim_line, trim_line_end, trim_line_start, CountPlace, EventInfo, LineKind, LineProblem,
    OtherReading, RawDeck, RawLine,
};

/// Whether a line starts with `word`, ignoring case (a cheap test before a closer reading).
fn starts_with_word(line: &str, word: &str) -> bool {
    line.as_bytes()
        .get(..word.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(word.as_bytes()))
}

/// The crypt header's card count, if the line is one: `Crypt (12 cards, ...`,
/// `Crypt(12 cards, ...` (VTES Decks).
fn crypt_header(line: &str) -> Option<Option<u32>> {
    counted_header(line, "crypt", false)
}

/// The library header's card count, if the line is one: `Library (90 cards)`.
fn library_header(line: &str) -> Option<Option<u32>> {
    counted_header(line, "library", true)
}

/// [`read_counted_header`] for the lines that start with the word's first
/// letter: most lines fail there, tested inline before any call (always
/// inlined: left to the compiler, it is not, and the TWDA check runs 2% more
/// instructions).
#[inline(always)]
fn counted_header(line: &str, word: &str, closed: bool) -> Option<Option<u32>> {
    if !line
        .as_bytes()
        .first()?
        .eq_ignore_ascii_case(&word.as_bytes()[0])
    {
        return None;
    }
    read_counted_header(line, word, closed)
}

/// `<word> (<N> card[s]` then `,` (crypt) or `)` (library): `Some(count)`.
fn read_counted_header(line: &str, word: &str, closed: bool) -> Option<Option<u32>> {
    if !starts_with_word(line, word) {
        return None;
    }
    let rest = trim_line_start(trim_line_start(&line[word.len()..]).strip_prefix('(')?);
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    // The digits' value (as `parse` reads them), `None` past `u32::MAX`.
    let count = rest.as_bytes()[..digits].iter().try_fold(0u32, |n, digit| {
        n.checked_mul(10)?.checked_add(u32::from(digit - b'0'))
    });
    let after = trim_line_start(&rest[digits..]);
    let unit = after.get(..4)?;
    if digits == 0 || !unit.eq_ignore_ascii_case("card") {
        return None;
    }
    let tail = after[4..].strip_prefix(['s', 'S']).unwrap_or(&after[4..]);
    let ends_right = if closed {
        tail.starts_with(')')
    } else {
        tail.starts_with([',', ')', ' '])
    };
    ends_right.then_some(count)
}

/// Splits a trimmed `2x Name ...` (also `2 x`, `2X`, `2×`, `-1x`) into the count
/// text and the rest.
fn split_card_line(line: &str) -> Option<(&str, &str)> {
    let digits_start = usize::from(line.starts_with('-'));
    let digits_end = digits_start
        + line[digits_start..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
    if digits_end == digits_start {
        return None;
    }
    let after = trim_line_start(&line[digits_end..]);
    let rest = trim_line_start(after.strip_prefix(super::card_line::TIMES)?);
    (!rest.is_empty()).then(|| (&line[..digits_end], rest))
}

/// Whether a text has the TWD shape (a `Crypt (N cards` header and a `Library (N cards` one).
pub fn looks_like(text: &str) -> bool {
    let mut crypt = false;
    for line in lines_with_parenthesis(text) {
        let line = trim_line(line);
        if crypt_header(line).is_some() {
            crypt = true;
        } else if crypt && library_header(line).is_some() {
            return true;
        }
    }
    false
}

/// The lines of a text (as [`vtesdeck_deck::raw::lines`] gives them) that hold a `(`: the
/// only ones that can be a crypt or library header, found by a byte search
/// for `(` rather than line by line.
fn lines_with_parenthesis(text: &str) -> impl Iterator<Item = &str> {
    let bytes = text.as_bytes();
    let mut from = 0;
    std::iter::from_fn(move || {
        let at = from + memchr::memchr(b'(', &bytes[from..])?;
        let start = memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |newline| newline + 1);
        let end = memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |newline| at + newline);
        from = (end + 1).min(bytes.len());
        let line = &text[start..end];
        Some(line.strip_suffix('\r').unwrap_or(line))
    })
}

/// Where the reader stands in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Header,
    Description,
    Crypt,
    Library,
}

/// Reads a TWD-shaped decklist, keeping in `rows` the crypt rows it reads
/// (for the next decks of the same reader).
pub fn read<'t>(text: &'t str, rows: &CryptRows) -> RawDeck<'t> {
    // Read as a TWDA entry (a header, then the crypt and library under their
    // headers); a text without a crypt header is read again, all of it as
    // library lines. No pass over the text looks for the header first.
    match read_from(text, Part::Header, rows) {
        (deck, true) => deck,
        (_, false) => read_from(text, Part::Library, rows).0,
    }
}

/// Reads a TWD-shaped decklist from its first line in `part` (a header part
/// ends at the crypt header): the deck, and whether it has a crypt header.
fn read_from<'t>(text: &'t str, mut part: Part, rows: &CryptRows) -> (RawDeck<'t>, bool) {
    let mut deck = RawDeck::new(Format::Twd);
    // Room for the card lines at once, from the text's size rather than by
    // counting its lines (a TWDA entry holds a card line for about every 46
    // bytes; a denser text grows the room as it needs).
    deck.lines.reserve(text.len() / 24 + 1);
    let mut has_crypt_header = false;
    let mut part_before_crypt = part;
    // The event block (the lines up to the first blank one, template hints
    // removed, empty ones dropped), gathered in the same pass (with room for
    // a TWDA entry's seven lines: no growing).
    let mut event_block: Vec<&str> = Vec::with_capacity(8);
    let mut in_event_block = true;
    let mut description: Vec<&str> = Vec::new();
    for (index, raw) in vtesdeck_deck::raw::lines(text).enumerate() {
        let number = index + 1;
        let line = trim_line(raw);
        if in_event_block {
            if line.is_empty() {
                in_event_block = false;
            } else {
                let kept = without_template_hint(line);
                if !kept.is_empty() {
                    event_block.push(kept);
                }
            }
        }
        if let Some(count) = crypt_header(line) {
            if !has_crypt_header {
                part_before_crypt = part;
            }
            if deck.declared.crypt.is_none() {
                deck.declared.set(CardKind::Crypt, count, number);
            }
            has_crypt_header = true;
            part = Part::Crypt;
            continue;
        }
        if let Some(count) = library_header(line) {
            if deck.declared.library.is_none() {
                deck.declared.set(CardKind::Library, count, number);
            }
            part = Part::Library;
            continue;
        }
        match part {
            Part::Header | Part::Description => {
                read_header_line(line, &mut part, &mut description, &mut deck);
            }
            Part::Crypt | Part::Library => {
                let section = if part == Part::Crypt {
                    CardKind::Crypt
                } else {
                    CardKind::Library
                };
                read_card_line(number, raw, line, section, &mut deck, rows);
            }
        }
    }
    read_event_header(&event_block, &mut deck);
    if deck.meta.event.is_none()
        && deck.meta.author.is_none()
        && has_crypt_header
        && part_before_crypt != Part::Description
    {
        title_and_author(text, &mut deck);
    }
    if deck.meta.author.is_none() {
        deck.meta.author = deck.meta.event.as_ref().and_then(|e| e.winner.clone());
    }
    let description = description.join("\n").trim().to_string();
    if !description.is_empty() {
        deck.meta.description = Some(description);
    }
    (deck, has_crypt_header)
}

/// The title and author of a page read as TWD with no event header: a `by
/// Someone` line before the crypt header is the author, and the line right
/// before it (not a field, not a sentence) the title, as a plain list reads
/// them (issue 39: every layout reads them the same).
fn title_and_author(text: &str, deck: &mut RawDeck) {
    let mut previous: Option<&str> = None;
    for raw in vtesdeck_deck::raw::lines(text) {
        let line = trim_line(raw);
        if crypt_header(line).is_some() {
            return;
        }
        if let Some(author) = super::plain::author_line(line) {
            deck.meta.author = Some(author.to_string());
            let title = previous.filter(|title| {
                !title.contains(':')
                    && title.split_whitespace().count() <= 8
                    && !title.ends_with(['.', '!', '?', ','])
            });
            if deck.meta.name.is_none() {
                deck.meta.name = title.map(str::to_string);
            }
            return;
        }
        if !line.is_empty() {
            previous = Some(line);
        }
    }
}

/// Reads a line before the crypt header (trimmed; its template hint
/// removed here): a `Deck Name:`, `Created by:` or `Description:` field, or
/// a line of the description.
fn read_header_line<'t>(
    line: &'t str,
    part: &mut Part,
    description: &mut Vec<&'t str>,
    deck: &mut RawDeck,
) {
    // Out of a description only a field is read: a line with no colon is
    // passed before its hint is looked for.
    if *part == Part::Header && memchr::memchr(b':', line.as_bytes()).is_none() {
        return;
    }
    let line = without_template_hint(line);
    let split = split_field(line);
    if split.is_none() {
        if *part == Part::Description {
            description.push(line);
        }
        return;
    }
    let name = field_named(split, &["deck name", "deckname", "deck", "name"])
        .filter(|_| deck.meta.name.is_none());
    if let Some(value) = name {
        deck.meta.name = Some(value.to_string()).filter(|v| !v.is_empty());
    } else if let Some(value) = field_named(split, &["created by", "author"]) {
        deck.meta.author = Some(value.to_string()).filter(|v| !v.is_empty());
    } else if let Some(value) = field_named(split, &["description"]) {
        *part = Part::Description;
        if !value.is_empty() {
            description.push(value);
        }
    } else if *part == Part::Description {
        description.push(line);
    }
}

/// `Name: value` with any of the given names (case ignored); a VDB template
/// placeholder (`[Description]`, `Author Name`) reads as an empty value.
fn field<'a>(line: &'a str, names: &[&str]) -> Option<&'a str> {
    field_named(split_field(line), names)
}

/// `Name: value` (a trimmed line) split at its first colon, both trimmed,
/// the value of a VDB template placeholder (`[Description]`, `Author Name`)
/// empty.
fn split_field(line: &str) -> Option<(&str, &str)> {
    let colon = memchr::memchr(b':', line.as_bytes())?;
    // The line is trimmed: the key's start and the value's end are.
    let (key, value) = (
        trim_line_end(&line[..colon]),
        trim_line_start(&line[colon + 1..]),
    );
    let placeholder = (value.starts_with('[') && value.ends_with(']')) || value == "Author Name";
    Some((key, if placeholder { "" } else { value }))
}

/// The value of a split field whose name is one of `names` (case ignored).
fn field_named<'a>(field: Option<(&str, &'a str)>, names: &[&str]) -> Option<&'a str> {
    let (key, value) = field?;
    names
        .iter()
        .any(|name| key.eq_ignore_ascii_case(name))
        .then_some(value)
}

/// Removes the `# ...` hints of VDB's "TWD (with hints)" template: a line
/// that starts with `#` and the `[Description]` placeholder become empty, a
/// trailing `   # OPTIONAL` is cut.
fn without_template_hint(line: &str) -> &str {
    // The first `#` found by a byte search (std's `contains` costs twice as
    // much on a short line): none in nearly every line.
    match memchr::memchr(b'#', line.as_bytes()) {
        None if line == "[Description]" => "",
        None => line,
        Some(0) => "",
        Some(_) => match line.find("  # ") {
            Some(at) => line[..at].trim_end(),
            None => line,
        },
    }
}

/// Reads the event block at the top of a TWDA entry (its lines up to the
/// first blank one, trimmed, template hints removed, empty ones dropped).
fn read_event_header(block: &[&str], deck: &mut RawDeck) {
    // (The lines are trimmed already.)
    let Some((date_index, date)) = block
        .iter()
        .enumerate()
        .find_map(|(index, line)| Some((index, twd_event::date_parts(line)?)))
    else {
        return;
    };
    if crypt_header(block[0]).is_some()
        || block
            .iter()
            .any(|l| l.contains(':') && field(l, &["deck name"]).is_some())
    {
        return;
    }
    let mut event = EventInfo {
        date: date.date(),
        ..EventInfo::default()
    };
    if date_index >= 1 {
        event.name = Some(block[0].to_string());
    }
    if date_index >= 2 {
        event.place = Some(block[1..date_index].join(", "));
    }
    for line in &block[date_index + 1..] {
        if let Some(count) = twd_event::players(line) {
            event.players = count.parse().ok();
        } else if twd_event::is_rounds(line) {
            event.rounds = Some(line.to_string());
        } else if line.starts_with("http://") || line.starts_with("https://") {
            event.url = Some(line.to_string());
        } else if event.winner.is_none() {
            event.winner = Some(line.to_string());
        }
    }
    deck.meta.event = Some(event);
}

/// Reads one line of the crypt or library part: `2x Name ...` lines, and the
/// lines with a count in another shape (`x2 Name`, `Name x2`, `+30x Name`),
/// reported by [`vtesdeck_deck::Deck::from_raw`]; other lines (headers, prose,
/// comments) are skipped, and the declared totals catch a card line missed.
fn read_card_line<'t>(
    number: usize,
    raw: &'t str,
    line: &'t str,
    section: CardKind,
    deck: &mut RawDeck<'t>,
    rows: &CryptRows,
) {
    let (count_text, rest, place, whole) = match split_card_line(line) {
        Some((count_text, rest)) => (count_text, rest, CountPlace::BeforeName, None),
        // Only a line with a digit can hold a count (blank lines and prose are
        // the common case here: keep them cheap).
        None if !line.bytes().any(|b| b.is_ascii_digit()) => return,
        // A section title with its count (`Master (13; 2 trifle)`), the
        // usual line with a digit and no count before the name.
        None if super::plain::is_type_header(line) => return,
        None => {
            let unwrapped = card_line::unwrap_markup(raw);
            let stripped = card_line::strip_comment(&unwrapped);
            if stripped.starts_with("--") || super::plain::is_type_header(stripped) {
                return;
            }
            if let Some(total) = super::declared_total::footer(stripped, number, Some(section)) {
                deck.declared.totals.push(total);
                return;
            }
            let Some(split) = card_line::split(stripped) else {
                return;
            };
            let whole = split.whole.map(str::to_string);
            let parts = (split.count, split.name, split.place, whole);
            // The line read without its markup is a copy: owned.
            card_line(number, line, section, parts, deck, rows, |line| {
                line.into_owned()
            });
            return;
        }
    };
    let parts = (count_text, rest, place, whole);
    card_line(number, line, section, parts, deck, rows, |line| line);
}

/// Adds a card line (its text trimmed, borrowing its text and name, which
/// `made` may copy) to the deck, or a problem for a count that cannot be
/// read. The line is made in place (a card line is large: returned, then
/// pushed, it is copied twice).
fn card_line<'l, 't>(
    number: usize,
    text: &'l str,
    section: CardKind,
    (count_text, rest, place, whole): (&'l str, &'l str, CountPlace, Option<String>),
    deck: &mut RawDeck<'t>,
    rows: &CryptRows,
    made: impl FnOnce(RawLine<'l>) -> RawLine<'t>,
) {
    let count = match super::screen::card_count(count_text) {
        Ok(n) => n,
        Err(message) => {
            deck.problems.push(LineProblem {
                line: number,
                text: text.to_string(),
                message,
            });
            return;
        }
    };
    let row = match section {
        CardKind::Crypt => rows.row(rest),
        CardKind::Library => CryptRow {
            name: library_name(rest),
            hint: PrintingHint::default(),
            columns: None,
        },
    };
    // A count after the name or labelled may be prose (`... 5 copies in 13
    // cards`): such a line is used only when it names a card exactly.
    let kind = if whole.is_some() || place != CountPlace::BeforeName {
        LineKind::MaybeCard
    } else {
        LineKind::Card
    };
    let mut line = RawLine::new(number, text, count, row.name, row.hint, Some(section), kind);
    line.reading.count_place = place;
    line.reading.columns = row.columns;
    line.reading.other = whole.map(|whole| {
        Box::new(OtherReading {
            count: 1,
            name: whole,
            count_place: CountPlace::Unwritten,
        })
    });
    deck.lines.push(made(line));
}

/// Removes a trailing `-- comment` from a library line's name (a window
/// scan: a library name is short, and `crypt_row::find_dashed`'s search
/// costs more on it, measured: 7M instructions more on the TWDA; see
/// `find_dashed` for the measures that keep both). `rest` ends trimmed (the end of a trimmed
/// line, or a name [`card_line::split`] gives): only a cut is trimmed.
fn library_name(rest: &str) -> &str {
    let cut = rest.as_bytes().windows(2).position(|pair| pair == b"--");
    match cut {
        Some(cut) if cut > 0 => trim_line_end(&rest[..cut]),
        _ => rest,
    }
}

/// The `Twd` layout in the formats registry.
#[derive(Debug, Clone, Copy, Default)]
pub struct TwdLayout;

impl Layout for TwdLayout {
    fn format(&self) -> Format {
        Format::Twd
    }

    fn looks_like(&self, text: &str) -> bool {
        looks_like(text)
    }

    fn read<'t>(&self, text: &'t str, reader: &crate::reader::Reader) -> RawDeck<'t> {
        read(text, &reader.crypt_rows)
    }

    fn writer(&self) -> Option<&'static dyn DeckWriter> {
        Some(&super::twd_writer::TwdWriter)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::crypt_row::*;
    use chrono::NaiveDate;
    use vtesdeck_cards::Group;

    /// Parses `February 6th 2022` (the first date of a range), as the event
    /// header does.
    fn parse_date(text: &str) -> Option<NaiveDate> {
        twd_event::date_parts(text.trim())?.date()
    }

    const ENTRY: &str = "Shroud Mastery\nNewark (OH), USA\nFebruary 6th 2022\n2R+F\n12 players\nAlex Romano\nhttps://www.vekn.net/event-calendar/event/10043\n\n-- 1GW5\n\nDeck Name: Daylily\nDescription: Line one.\nLine two.\n\nCrypt (2 cards, min=8, max=26, avg=4.42)\n-----------------------------------------\n1x Janey Pickman       6  ANI PRO for          Gangrel antitribu:4\n1x Theo Bell (ADV)     7  CEL POT PRE dom  prince  Brujah:2\nSome prose about the crypt.\n\nLibrary (3 cards)\nMaster (1; 1 trifle)\n1x Vessel\n\nCombat (2)\n2x Earth Meld -- the best\n";

    #[test]
    fn event_header_is_read() {
        let deck = read(ENTRY, &crate::crypt_row::CryptRows::default());
        let event = deck.meta.event.unwrap();
        assert_eq!(event.name.as_deref(), Some("Shroud Mastery"));
        assert_eq!(event.place.as_deref(), Some("Newark (OH), USA"));
        assert_eq!(event.date, NaiveDate::from_ymd_opt(2022, 2, 6));
        assert_eq!(event.players, Some(12));
        assert_eq!(event.rounds.as_deref(), Some("2R+F"));
        assert_eq!(event.winner.as_deref(), Some("Alex Romano"));
        assert!(event.url.unwrap().ends_with("/10043"));
        assert_eq!(deck.meta.name.as_deref(), Some("Daylily"));
        assert_eq!(
            deck.meta.description.as_deref(),
            Some("Line one.\nLine two.")
        );
    }

    #[test]
    fn crypt_and_library_lines_are_read() {
        let deck = read(ENTRY, &crate::crypt_row::CryptRows::default());
        assert_eq!(deck.declared.of(CardKind::Crypt), Some((2, Some(15))));
        assert_eq!(deck.declared.of(CardKind::Library), Some((3, Some(21))));
        let names: Vec<&str> = deck.lines.iter().map(|l| &*l.name).collect();
        assert_eq!(
            names,
            ["Janey Pickman", "Theo Bell", "Vessel", "Earth Meld"]
        );
        assert_eq!(deck.lines[0].hint.group, Some(Group::Number(4)));
        assert_eq!(deck.lines[1].hint.advanced, Some(true));
        assert_eq!(deck.lines[1].hint.group, Some(Group::Number(2)));
        assert_eq!(deck.lines[3].count, 2);
        assert_eq!(deck.lines[3].line, 26);
    }

    #[test]
    fn negative_count_is_a_problem() {
        let deck = read(
            "Crypt (1 cards)\n-1x Janey Pickman  6  ANI  Gangrel:4\nLibrary (0 cards)\n",
            &crate::crypt_row::CryptRows::default(),
        );
        assert_eq!(deck.problems.len(), 1);
        assert!(deck.lines.is_empty());
    }

    #[test]
    fn a_text_without_crypt_header_is_all_library_lines() {
        let deck = read("Deck Name: Not a header\nDescription: 3x Vessel\n2x Deflection\nLibrary (2 cards)\n1x Blood Doll\n", &crate::crypt_row::CryptRows::default());
        assert_eq!(deck.meta.name, None);
        assert_eq!(deck.meta.description, None);
        let names: Vec<&str> = deck.lines.iter().map(|l| &*l.name).collect();
        assert_eq!(names, ["Deflection", "Blood Doll"]);
        assert!(deck
            .lines
            .iter()
            .all(|l| l.section == Some(CardKind::Library)));
        assert_eq!(deck.declared.library, Some(2));
    }

    #[test]
    fn the_event_block_ends_at_the_first_blank_line() {
        let deck = read("Cup  # hint\n# dropped\nParis, France\nMay 1st 2020\n10 players\nAnna\n\nNot the winner\nCrypt (0 cards)\nLibrary (0 cards)\n", &crate::crypt_row::CryptRows::default());
        let event = deck.meta.event.unwrap();
        assert_eq!(event.name.as_deref(), Some("Cup"));
        assert_eq!(event.place.as_deref(), Some("Paris, France"));
        assert_eq!(event.winner.as_deref(), Some("Anna"));
        assert_eq!(deck.meta.author.as_deref(), Some("Anna"));
        assert_eq!(deck.meta.description.as_deref(), None);
        let no_event = read(
            "Crypt (1 cards)\nMay 1st 2020\n\nLibrary (0 cards)\n",
            &crate::crypt_row::CryptRows::default(),
        );
        assert_eq!(no_event.meta.event, None);
    }

    #[test]
    fn a_page_read_as_twd_has_its_title_and_author() {
        let page = "Some menu\n\nNossie bleed\nby Ann Smith\n\nCrypt (1 cards)\n\
                    1x Alma Test  1 pot  Brujah:1\nLibrary (1 cards)\n1x Test Punch\n";
        let deck = read(page, &crate::crypt_row::CryptRows::default());
        assert_eq!(deck.meta.name.as_deref(), Some("Nossie bleed"));
        assert_eq!(deck.meta.author.as_deref(), Some("Ann Smith"));
        // A field's name is kept; a sentence before the `by` line is no title.
        let deck = read(
            "Deck Name: Kept\nI wrote this one.\nby Ann\nCrypt (0 cards)\nLibrary (0 cards)\n",
            &crate::crypt_row::CryptRows::default(),
        );
        assert_eq!(deck.meta.name.as_deref(), Some("Kept"));
        assert_eq!(deck.meta.author.as_deref(), Some("Ann"));
    }

    #[test]
    fn other_deck_name_keys_are_read_once() {
        let deck = read("Deck: Royal with Cheese\nDescription: Name: not this\nCrypt (0 cards)\nLibrary (0 cards)\n", &crate::crypt_row::CryptRows::default());
        assert_eq!(deck.meta.name.as_deref(), Some("Royal with Cheese"));
    }

    #[test]
    fn capacity_column_splits_ascii_rows_as_split_whitespace() {
        for row in [
            "Theo Bell (ADV)   7  CEL POT PRE dom  prince  Brujah:2",
            "Anson 8 DOM",
            "Anson 8",
            "Anson 8 ",
            "Anson 12 DOM",
            "Anson 0 DOM",
            "Anson +5 DOM",
            "Anson\x0b7\x0cDOM",
            "Anson\t7\tCEL\tBrujah\t6",
            "7 Anson 8 x",
            "Lazar Dobrescu 03 for",
            "   ",
            "",
        ] {
            assert_eq!(capacity_column(row), capacity_in_words(row), "{row:?}");
        }
        assert_eq!(capacity_column("Theo Bell (ADV)   7  CEL"), Some((15, 18)));
        assert_eq!(capacity_column("Anson 8"), None);
        assert_eq!(capacity_column("Anson\u{a0}8 DOM"), Some((5, 7)));
        assert_eq!(capacity_column("Anson\x0b7\x0cDOM"), Some((5, 6)));
    }

    /// Random crypt rows of tricky pieces (tags, capacities, comments, white
    /// space not ASCII, accents), some read again: [`CryptRows::row`] gives
    /// what [`crypt_row`] reads, whether it reads the row or takes it kept.
    #[test]
    fn kept_crypt_rows_are_read_as_the_reader_reads_them() {
        let pieces = [
            "Theo",
            "Bell",
            " ",
            "  ",
            "\t",
            "\u{a0}",
            "\u{3000}",
            "\x0b",
            "é",
            "(ADV)",
            "[g3",
            "]",
            "adv",
            "G2",
            "group",
            "2",
            "7",
            "11",
            "0",
            "+5",
            "07",
            "12",
            "CEL",
            "-none-",
            " -- ",
            "--",
            "-",
            "Brujah:2",
            "prince",
            "inner circle",
            ":",
            "(group 4)",
            "ANY",
        ];
        let mut random = crate::testing::Pieces(0x7a11_c0de);
        let kept = CryptRows::default();
        let mut rows: Vec<String> = Vec::new();
        for _ in 0..20_000 {
            let row = if !rows.is_empty() && random.next_number().is_multiple_of(3) {
                rows[random.next_number() as usize % rows.len()].clone()
            } else {
                let count = random.next_number() as usize % 14;
                random.text(&pieces, count)
            };
            assert_eq!(kept.row(&row), crypt_row(&row), "{row:?}");
            rows.push(row);
        }
        let long = format!("{} 7 CEL Brujah:2", "Theo ".repeat(60));
        assert_eq!(kept.row(&long), crypt_row(&long));
    }

    #[test]
    fn ascii_white_space_is_the_white_space_of_chars() {
        for byte in 0..128u8 {
            assert_eq!(
                is_ascii_white(byte),
                char::from(byte).is_whitespace(),
                "{byte}"
            );
        }
    }

    #[test]
    fn counted_headers_read_their_count() {
        assert_eq!(crypt_header("Crypt (12 cards, min=8"), Some(Some(12)));
        assert_eq!(crypt_header("crypt(12 cards)"), Some(Some(12)));
        assert_eq!(
            crypt_header("Crypt\u{a0}(\u{3000}12\tcard,"),
            Some(Some(12))
        );
        assert_eq!(
            crypt_header("Crypt (4294967295 cards,"),
            Some(Some(u32::MAX))
        );
        assert_eq!(crypt_header("Crypt (4294967296 cards,"), Some(None));
        assert_eq!(
            crypt_header("Crypt (99999999999999999999 cards,"),
            Some(None)
        );
        assert_eq!(crypt_header("Crypt ( cards,"), None);
        assert_eq!(library_header("Library (007 cards)"), Some(Some(7)));
        assert_eq!(library_header("Library (90 cards, x)"), None);
    }

    #[test]
    fn dashes_are_found_where_a_text_search_finds_them() {
        let fixed = [
            "",
            "-",
            "--",
            "a -- b -- c",
            "a--b",
            " - -- ",
            "é -- ü",
            "x -",
            "-- x",
        ];
        let mut pieces = crate::testing::Pieces(0xda5e);
        let words = ["-", "--", " ", "a", "é", "Earth Meld", "\t"];
        let random = (0..2_000).map(|n| pieces.text(&words, n % 12));
        for text in fixed.into_iter().map(str::to_string).chain(random) {
            for needle in ["--", " -- "] {
                assert_eq!(
                    find_dashed(&text, needle),
                    text.find(needle),
                    "{text:?} {needle:?}"
                );
            }
            // The window scan, on a name that ends trimmed (as a card line's
            // names do, however split): the text before the first `--`,
            // unless it starts the line.
            for line in [format!("2x {text} "), format!("{text} x2\t")] {
                if let Some(split) = card_line::split(&line) {
                    assert_eq!(split.name, trim_line_end(split.name), "{line:?}");
                }
            }
            let name = trim_line_end(&text);
            let simple = match name.find("--") {
                Some(cut) if cut > 0 => &name[..cut],
                _ => name,
            };
            assert_eq!(library_name(name), trim_line_end(simple), "{name:?}");
        }
    }

    #[test]
    fn lines_with_parenthesis_are_the_lines_holding_one() {
        for text in [
            "",
            "(",
            "\n(\n",
            "a\r\nCrypt (2 cards)\r\nb(c)(d)\n\n(e\r",
            "no parenthesis\nat all\n",
            "x\n\u{a0}Library (1 cards)",
            "((\n)(\n\r(\r\n",
        ] {
            let expected: Vec<&str> = vtesdeck_deck::raw::lines(text)
                .filter(|line| line.contains('('))
                .collect();
            let found: Vec<&str> = lines_with_parenthesis(text).collect();
            assert_eq!(found, expected, "{text:?}");
        }
    }

    #[test]
    fn date_ranges_take_the_first_day() {
        assert_eq!(
            parse_date("December 13th 2021 -- December 15th 2021"),
            NaiveDate::from_ymd_opt(2021, 12, 13)
        );
    }

    #[test]
    fn vdb_template_hints_and_placeholders_are_dropped() {
        // A colon in a hint only is no field's (`Notes`).
        let text = "# REPLACE BELOW LINES\nTest Cup        # Event Name\nMarch 25th 2023        # Event Date\n\nNotes  # Deck Name: not this\nDeck Name: Testers          # OPTIONAL\nCreated by: Author Name     # OPTIONAL\nDescription:                # OPTIONAL\n[Description]\n\nCrypt (1 cards, min=1 max=1 avg=1)\n1x Alma Test  1 pot  Brujah:1\nLibrary (0 cards)\n";
        let deck = read(text, &crate::crypt_row::CryptRows::default());
        assert_eq!(deck.meta.name.as_deref(), Some("Testers"));
        assert_eq!(
            deck.meta.event.and_then(|e| e.name).as_deref(),
            Some("Test Cup")
        );
        assert_eq!(deck.meta.description, None);
        assert_eq!(deck.meta.author, None);
    }
}
