//! VDB deck URLs: `https://vdb.im/decks/deck?name=...&author=...&description=...#200001=2;100002=1`.
//! The fragment lists `card id=count` pairs separated by `;`; the ids are the
//! VEKN ids, so they resolve without name matching. An id given in several
//! pairs is one card line, its counts added; a pair that would take its
//! card past 999 copies is refused (the pairs refused alike one problem).
//! The query holds the deck metadata, percent-encoded.

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::Regex;

use super::layout::{DeckWriter, Layout};
use crate::format::Format;
use vtesdeck_cards::{CardDb, CardId, CardKind, PrintingHint};
use vtesdeck_deck::raw::{LineKind, LineProblem, RawDeck, RawLine};
use vtesdeck_deck::{copies_too_many, count_too_large, Deck, DeckCard, MAX_CARD_COUNT};

/// A `#id=count` fragment start.
static FRAGMENT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"#\d+=\d+").expect("valid regex"));

/// Whether a text is a deck URL: one URL whose fragment holds `id=count` pairs.
pub fn looks_like(text: &str) -> bool {
    // `http://`, `https://` or `vdb.`: a text whose first character is not
    // an `h` or a `v` is no URL (a test before the text is cut into words).
    if !text.trim_start().starts_with(['h', 'H', 'v', 'V']) {
        return false;
    }
    let mut words = text.split_whitespace();
    let (Some(url), None) = (words.next(), words.next()) else {
        return false;
    };
    let scheme = url.get(..8).unwrap_or(url).to_ascii_lowercase();
    (scheme.starts_with("http://") || scheme.starts_with("https://") || scheme.starts_with("vdb."))
        && FRAGMENT.is_match(url)
}

/// Reads a deck URL.
pub fn read(text: &str) -> RawDeck<'_> {
    let mut deck = RawDeck::new(Format::VdbUrl);
    // The URL without its white space (a URL cut over lines), borrowed when it has none.
    let trimmed = text.trim();
    let url: std::borrow::Cow<str> = if trimmed.contains(char::is_whitespace) {
        text.split_whitespace().collect::<String>().into()
    } else {
        trimmed.into()
    };
    let (address, fragment) = url.split_once('#').unwrap_or((&url, ""));
    if let Some((_, query)) = address.split_once('?') {
        for pair in query.split('&') {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let value = Some(percent_decode(value)).filter(|v| !v.trim().is_empty());
            match key {
                "name" => deck.meta.name = value,
                "author" => deck.meta.author = value,
                "description" => deck.meta.description = value,
                _ => {}
            }
        }
    }
    // One card line per id, at its first pair: a pair repeating an id adds
    // to that line's count (as two lines of one card add up in any list),
    // so that a URL of thousands of repeated pairs is a few lines, not a
    // line of about 180 bytes of memory for each 9-byte pair (issue 41). A
    // pair that would take its card past 999 copies is refused, as the
    // resolution refuses such a line: the pairs refused alike (the same
    // pair, the same copies) are one problem counting the others.
    let mut line_of: HashMap<u32, usize> = HashMap::new();
    let mut refused: Vec<Refused> = Vec::new();
    let mut refused_at: HashMap<(&str, u32), usize> = HashMap::new();
    for pair in fragment.split(';').filter(|p| !p.is_empty()) {
        let parsed = pair.split_once('=').and_then(|(id, count)| {
            Some((
                id.trim().parse::<u32>().ok()?,
                count.trim().parse::<u32>().ok()?,
            ))
        });
        match parsed {
            Some((_, 0)) => {}
            Some((id, count)) => {
                let at = line_of.get(&id).copied();
                let before = at.map_or(0, |at| deck.lines[at].count);
                let total = before.saturating_add(count);
                if total > MAX_CARD_COUNT {
                    match refused_at.get(&(pair, total)) {
                        Some(&at) => refused[at].more += 1,
                        None => {
                            refused_at.insert((pair, total), refused.len());
                            refused.push(Refused {
                                pair,
                                id,
                                total,
                                first: before == 0,
                                more: 0,
                            });
                        }
                    }
                    continue;
                }
                match at {
                    Some(at) => deck.lines[at].count = total,
                    None => {
                        line_of.insert(id, deck.lines.len());
                        deck.lines.push(RawLine {
                            line: 1,
                            text: pair.to_string().into(),
                            count,
                            name: String::new().into(),
                            hint: PrintingHint::default(),
                            section: Some(if id >= 200_000 {
                                CardKind::Crypt
                            } else {
                                CardKind::Library
                            }),
                            kind: LineKind::Id(CardId(id)),
                            reading: Default::default(),
                        });
                    }
                }
            }
            None => deck.problems.push(LineProblem {
                line: 1,
                text: pair.to_string(),
                message: "not a card id=count pair".to_string(),
            }),
        }
    }
    for refused in refused {
        let mut message = if refused.first {
            count_too_large(refused.total)
        } else {
            copies_too_many(refused.total, format!("card {}", refused.id))
        };
        if refused.more > 0 {
            message.push_str(&format!(
                ", nor the {} more like it on this line",
                refused.more
            ));
        }
        deck.problems.push(LineProblem {
            line: 1,
            text: refused.pair.to_string(),
            message,
        });
    }
    deck
}

/// The pairs of a URL refused alike: the first, the copies of its card
/// they would make, and how many more there are.
struct Refused<'u> {
    pair: &'u str,
    id: u32,
    total: u32,
    /// Whether no pair of its card was read before (its own count too large).
    first: bool,
    more: usize,
}

/// Writes a VDB deck URL: name, author and description in the query, cards
/// as `id=count` pairs (crypt, then library, each by id) in the fragment.
#[derive(Debug, Clone, Copy, Default)]
pub struct VdbUrlWriter;

impl DeckWriter for VdbUrlWriter {
    fn write(&self, deck: &Deck, _db: &CardDb) -> String {
        let fields = [
            ("name", &deck.meta.name),
            ("author", &deck.meta.author),
            ("description", &deck.meta.description),
        ];
        let query: Vec<String> = fields
            .iter()
            .filter_map(|(key, value)| Some(format!("{key}={}", percent_encode(value.as_deref()?))))
            .collect();
        let mut fragment: Vec<String> = Vec::new();
        for part in [&deck.crypt, &deck.library] {
            let mut cards: Vec<&DeckCard> = part.iter().collect();
            cards.sort_by_key(|e| e.id);
            fragment.extend(cards.iter().map(|e| format!("{}={}", e.id, e.count)));
        }
        let query = if query.is_empty() {
            String::new()
        } else {
            format!("?{}", query.join("&"))
        };
        format!("{VDB_DECK_URL}{query}#{}\n", fragment.join(";"))
    }
}

/// Where VDB shows a deck given in the URL.
pub const VDB_DECK_URL: &str = "https://vdb.im/decks/deck";

/// Decodes `%XX` escapes and `+` (a space in query strings); invalid escapes stay as written.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = bytes
                    .get(i + 1..i + 3)
                    .and_then(|h| std::str::from_utf8(h).ok());
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(byte) => {
                        out.push(byte);
                        i += 3;
                        continue;
                    }
                    None => out.push(b'%'),
                }
            }
            b'+' => out.push(b' '),
            byte => out.push(byte),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Encodes a value the way JavaScript's `encodeURIComponent` does.
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// The `VdbUrl` layout in the formats registry.
#[derive(Debug, Clone, Copy, Default)]
pub struct VdbUrlLayout;

impl Layout for VdbUrlLayout {
    fn format(&self) -> Format {
        Format::VdbUrl
    }

    fn looks_like(&self, text: &str) -> bool {
        looks_like(text)
    }

    fn read<'t>(&self, text: &'t str, _: &crate::reader::Reader) -> RawDeck<'t> {
        read(text)
    }

    fn writer(&self) -> Option<&'static dyn DeckWriter> {
        Some(&VdbUrlWriter)
    }

    fn reads_lines(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const URL: &str =
        "https://vdb.im/decks/deck?name=Test%20Deck&author=Me+Too#200001=2;100004=4;bad;100003=0";

    #[test]
    fn deck_urls_are_recognised() {
        assert!(looks_like(URL));
        assert!(looks_like("  https://vdb.im/decks?name=X#200001=12\n"));
        assert!(!looks_like("https://vdb.im/decks/deck?name=X"));
        assert!(!looks_like(
            "see https://vdb.im/x#200001=1 for the deck\n2x Alma Test"
        ));
    }

    #[test]
    fn ids_counts_and_metadata_are_read() {
        let deck = read(URL);
        assert_eq!(deck.meta.name.as_deref(), Some("Test Deck"));
        assert_eq!(deck.meta.author.as_deref(), Some("Me Too"));
        let cards: Vec<(LineKind, u32, Option<CardKind>)> = deck
            .lines
            .iter()
            .map(|l| (l.kind, l.count, l.section))
            .collect();
        assert_eq!(
            cards,
            [
                (LineKind::Id(CardId(200_001)), 2, Some(CardKind::Crypt)),
                (LineKind::Id(CardId(100_004)), 4, Some(CardKind::Library)),
            ]
        );
        assert_eq!(deck.problems.len(), 1);
    }

    /// Pairs repeating an id are one line of their counts added (the same
    /// cards as a line per pair); a pair past 999 copies of its card is
    /// refused, the pairs refused alike one problem counting the others, as
    /// the resolution refuses lines; a single pair of too many copies is a
    /// problem too (it was taken for prose).
    #[test]
    fn pairs_repeating_an_id_are_one_line_of_their_counts() {
        let deck = read("https://vdb.im/decks/deck#200001=2;100004=4;200001=1;100004=0;200001=3");
        let cards: Vec<(&str, LineKind, u32)> = deck
            .lines
            .iter()
            .map(|l| (&*l.text, l.kind, l.count))
            .collect();
        assert_eq!(
            cards,
            [
                ("200001=2", LineKind::Id(CardId(200_001)), 6),
                ("100004=4", LineKind::Id(CardId(100_004)), 4),
            ]
        );
        assert!(deck.problems.is_empty());
        let pairs = vec!["100004=9"; 3_000].join(";");
        let url = format!(
            "https://vdb.im/decks/deck#200001=12;100004=990;{pairs};100004=2;100003=1000;100003=1"
        );
        let deck = read(&url);
        let cards: Vec<(&str, u32)> = deck.lines.iter().map(|l| (&*l.text, l.count)).collect();
        assert_eq!(
            cards,
            [("200001=12", 12), ("100004=990", 999), ("100003=1", 1)]
        );
        let problems: Vec<(&str, &str)> = deck
            .problems
            .iter()
            .map(|p| (p.text.as_str(), p.message.as_str()))
            .collect();
        assert_eq!(
            problems,
            [
                (
                    "100004=9",
                    "1008 copies of card 100004 with the lines before (at most 999 of a card): \
                     this line is not read, nor the 2998 more like it on this line"
                ),
                (
                    "100004=2",
                    "1001 copies of card 100004 with the lines before (at most 999 of a card): \
                     this line is not read"
                ),
                ("100003=1000", "card count 1000 too large (at most 999)"),
            ]
        );
    }

    #[test]
    fn writer_puts_metadata_in_the_query_and_cards_in_the_fragment() {
        let db = crate::testing::fixture_db();
        let mut deck = crate::testing::deck_of(&db, &[(100_004, 4), (200_010, 2), (200_001, 1)]);
        assert_eq!(
            VdbUrlWriter.write(&deck, &db),
            "https://vdb.im/decks/deck#200001=1;200010=2;100004=4\n"
        );
        deck.meta.name = Some("Test & Co".to_string());
        let url = VdbUrlWriter.write(&deck, &db);
        assert!(url.starts_with("https://vdb.im/decks/deck?name=Test%20%26%20Co#200001=1;"));
        assert_eq!(read(&url).meta.name.as_deref(), Some("Test & Co"));
    }

    #[test]
    fn percent_coding_round_trips() {
        let text = "Céleste's deck: 100% \"fun\" & games";
        assert_eq!(percent_decode(&percent_encode(text)), text);
        assert_eq!(percent_decode("%zz%4"), "%zz%4");
    }
}
