use serde::Serialize;
use serde_json::{json, Value};

use super::json_doc::JsonShape;
use super::json_doc::{self, Object};
use super::layout::DeckWriter;
use super::twd_writer;
use crate::format::Format;
use vtesdeck_cards::CardDb;
use vtesdeck_deck::raw::{EventInfo, RawDeck};
use vtesdeck_deck::Deck;

/// Reads one KRCG deck object.
pub(crate) fn read_object(object: &Object, line: usize) -> RawDeck<'static> {
    let mut deck = RawDeck::new(Format::Krcg);
    read_meta(&mut deck, object);
    json_doc::push_crypt_object(&mut deck, object.get("crypt"), line);
    json_doc::push_library_object(&mut deck, object.get("library"), line);
    deck
}

/// The deck fields KRCG's JSON shares with the TWDA: id, name, author
/// (else the player), comments, and the event.
fn read_meta(deck: &mut RawDeck, object: &Object) {
    let text = |key: &str| json_doc::string(object, key);
    deck.meta.id = text("id");
    deck.meta.name = text("name");
    deck.meta.description = text("comments");
    let event = EventInfo {
        name: text("event"),
        place: text("place"),
        date: text("date").and_then(|d| chrono::NaiveDate::parse_from_str(&d, "%Y-%m-%d").ok()),
        rounds: text("tournament_format"),
        players: json_doc::integer(object.get("players_count"))
            .and_then(|p| u32::try_from(p).ok())
            .filter(|&p| p > 0),
        winner: text("player"),
        url: text("event_link"),
        score: text("score"),
    };
    deck.meta.author = text("author").or_else(|| event.winner.clone());
    if event != EventInfo::default() {
        deck.meta.event = Some(event);
    }
}

/// Writes KRCG's deck JSON, pretty-printed as krcg writes it.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct KrcgWriter;

impl DeckWriter for KrcgWriter {
    fn write(&self, deck: &Deck, db: &CardDb) -> String {
        pretty(&KrcgDeck::new(deck, db))
    }
}

/// Writes decks as one KRCG archive file: a JSON array of deck JSON objects
/// (the shape of KRCG's TWDA archive), pretty-printed: the tests' simple
/// form of [`ArchiveWriter`].
#[cfg(test)]
fn write_archive(decks: &[Deck], db: &CardDb) -> String {
    let mut out = Vec::new();
    let mut archive = ArchiveWriter::default();
    for deck in decks {
        archive.write_deck(&mut out, deck, db);
    }
    archive.finish(&mut out);
    String::from_utf8(out)
        .unwrap_or_else(|err| String::from_utf8_lossy(err.as_bytes()).into_owned())
}

/// Writes a KRCG archive file (a JSON array of deck JSON objects, the shape
/// of KRCG's TWDA archive, pretty-printed) a deck at a time: what writes many decks keeps one deck's
/// JSON in memory, not the archive's.
///
/// KRCG's deck JSON (krcg 4.x `Deck.to_json()`, the records of its TWDA
/// archive and its web API's deck answers): the TWDA fields (`id`, `event`,
/// `event_link`, `place`, `date`, `tournament_format`, `players_count`,
/// `player`, `score`), `name`, `author`, `comments`, then
/// `crypt: {"count", "cards": [{"id", "count", "name"}]}` and
/// `library: {"count", "cards": [{"type", "count", "cards": [...]}]}`.
/// Cards are read by VEKN id. Written by `convert --to krcg`.
#[derive(Debug, Default)]
pub struct ArchiveWriter {
    decks: usize,
}

impl ArchiveWriter {
    /// Appends a deck's JSON to `out` (after the array's opening bracket, for
    /// the first deck).
    pub fn write_deck(&mut self, out: &mut Vec<u8>, deck: &Deck, db: &CardDb) {
        out.extend_from_slice(if self.decks == 0 { b"[\n" } else { b",\n" });
        let text = pretty(&KrcgDeck::new(deck, db));
        // One level deeper: the array's elements are indented by two spaces
        // (a JSON string holds no line break, so every line is the JSON's own).
        for (index, line) in text.trim_end().split('\n').enumerate() {
            if index > 0 {
                out.push(b'\n');
            }
            out.extend_from_slice(b"  ");
            out.extend_from_slice(line.as_bytes());
        }
        self.decks += 1;
    }

    /// Appends the end of the array (the whole `[]` when no deck was written).
    pub fn finish(self, out: &mut Vec<u8>) {
        out.extend_from_slice(if self.decks == 0 { b"[]\n" } else { b"\n]\n" });
    }
}

/// A value as JSON text with two-space indents (what krcg writes) and a final newline.
pub(super) fn pretty<T: Serialize>(value: &T) -> String {
    let mut text = serde_json::to_string_pretty(value).unwrap_or_else(|err| {
        // Serializing plain strings and numbers cannot fail; keep valid JSON anyway.
        json!({ "error": err.to_string() }).to_string()
    });
    text.push('\n');
    text
}

/// The deck's id for KRCG: the one it was read with, else the file's stem
/// (what krcg uses for the TWDA's files).
pub(super) fn deck_id(deck: &Deck) -> Option<String> {
    deck.meta.id.clone().or_else(|| {
        let path = deck.path.as_ref().filter(|_| deck.record.is_none())?;
        Some(path.file_stem()?.to_string_lossy().into_owned())
    })
}

/// A deck as KRCG's deck JSON, fields in krcg's order. Fields without a
/// value are left out, as krcg's `json_pack` does, but `crypt` and `library`
/// are always written.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct KrcgDeck {
    /// Deck (TWDA) id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// Event name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    /// Event page.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event_link: Option<String>,
    /// Place.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
    /// Date, `YYYY-MM-DD`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// Rounds and final (`2R+F`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tournament_format: Option<String>,
    /// Number of players.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players_count: Option<u32>,
    /// The winner.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// The winner's score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<String>,
    /// Deck name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Author, when not the player.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    /// Description.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comments: Option<String>,
    /// The crypt.
    pub crypt: KrcgPart<KrcgCard>,
    /// The library, by card type.
    pub library: KrcgPart<KrcgSection>,
}

/// A part of a KRCG deck: `{"count", "cards"}`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct KrcgPart<T> {
    /// Cards in the part, copies counted.
    pub count: u32,
    /// The entries.
    pub cards: Vec<T>,
}

/// A library section of one card type: `{"type", "count", "cards"}`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct KrcgSection {
    /// The type string (`Action Modifier/Reaction`).
    #[serde(rename = "type")]
    pub kind: String,
    /// Cards in the section, copies counted.
    pub count: u32,
    /// The cards.
    pub cards: Vec<KrcgCard>,
}

/// One card: `{"id", "count", "name"}`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct KrcgCard {
    /// VEKN id.
    pub id: u32,
    /// Copies.
    pub count: u32,
    /// Name (crypt: with the printing suffix when the name has several).
    pub name: String,
}

impl KrcgDeck {
    /// The KRCG view of a deck.
    pub fn new(deck: &Deck, db: &CardDb) -> KrcgDeck {
        let event = deck.meta.event.clone().unwrap_or_default();
        let author = deck
            .meta
            .author
            .clone()
            .filter(|a| Some(a) != event.winner.as_ref());
        let crypt = twd_writer::crypt_in_twda_order(deck, db)
            .into_iter()
            .map(|(card, count)| KrcgCard {
                id: card.id.0,
                count,
                name: db.printing_name(card),
            })
            .collect();
        let sections = twd_writer::library_sections(deck, db)
            .into_iter()
            .map(|(kind, cards)| KrcgSection {
                kind,
                count: cards.iter().map(|(_, n)| n).sum(),
                cards: cards
                    .into_iter()
                    .map(|(card, count)| KrcgCard {
                        id: card.id.0,
                        count,
                        name: card.name.clone(),
                    })
                    .collect(),
            })
            .collect();
        KrcgDeck {
            id: deck_id(deck),
            event: event.name,
            event_link: event.url,
            place: event.place,
            date: event.date.map(|d| d.to_string()),
            tournament_format: event.rounds,
            players_count: event.players,
            player: event.winner,
            score: event.score,
            name: deck.meta.name.clone(),
            author,
            comments: deck.meta.description.clone(),
            crypt: KrcgPart {
                count: deck.crypt_count(),
                cards: crypt,
            },
            library: KrcgPart {
                count: deck.library_count(),
                cards: sections,
            },
        }
    }
}

/// The `Krcg` layout in the formats registry.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct KrcgLayout;

impl JsonShape for KrcgLayout {
    /// `crypt` or `library` is an object (KRCG leaves an empty one out), and
    /// there is no `deck` wrapper (JOL's stored deck).
    fn has_shape(&self, object: &Object) -> bool {
        !object.contains_key("deck")
            && ["crypt", "library"]
                .iter()
                // A part of `cards` (a map of names is read by its shape).
                .any(|key| {
                    object
                        .get(*key)
                        .and_then(Value::as_object)
                        .is_some_and(|part| part.is_empty() || part.contains_key("cards"))
                })
    }

    fn read_object(&self, object: &Object, line: usize) -> RawDeck<'static> {
        read_object(object, line)
    }
}

crate::layout::json_layout!(KrcgLayout, Format::Krcg, Some(&KrcgWriter));

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;
    use crate::testing::{deck_of, fixture_db};
    use vtesdeck_cards::CardId;
    use vtesdeck_deck::raw::LineKind;

    #[test]
    fn reads_twda_fields_and_cards_by_id() {
        let text = r#"{"id": "7", "event": "Test Cup", "place": "Paris, France",
            "date": "2020-01-31", "tournament_format": "3R+F", "players_count": 20,
            "player": "Winner", "score": "2GW5+2", "name": "Deck", "comments": "Words",
            "crypt": {"count": 2, "cards": [{"id": 200001, "count": 2, "name": "Alma Test"}]},
            "library": {"count": 3, "cards": [{"type": "Combat", "count": 3,
                "cards": [{"id": 100004, "count": 3, "name": "Test Punch"}]}]}}"#;
        let deck = KrcgLayout.read(text, &crate::reader::Reader::default());
        assert_eq!(deck.meta.id.as_deref(), Some("7"));
        assert_eq!(deck.meta.author.as_deref(), Some("Winner"));
        let event = deck.meta.event.clone().unwrap_or_default();
        assert_eq!(
            event.date.map(|d| d.to_string()).as_deref(),
            Some("2020-01-31")
        );
        assert_eq!(event.players, Some(20));
        assert_eq!(event.score.as_deref(), Some("2GW5+2"));
        assert_eq!(
            (deck.declared.crypt, deck.declared.library),
            (Some(2), Some(3))
        );
        let ids: Vec<LineKind> = deck.lines.iter().map(|l| l.kind).collect();
        assert_eq!(
            ids,
            [LineKind::Id(CardId(200_001)), LineKind::Id(CardId(100_004))]
        );
    }

    /// The archive written a deck at a time is serde_json's pretty array of
    /// the same decks, byte for byte.
    #[test]
    fn an_archive_written_deck_by_deck_is_the_pretty_array() {
        let db = fixture_db();
        let mut named = deck_of(&db, &[(200_001, 12), (100_004, 3)]);
        named.meta.name = Some("Named \"quoted\"\nwith a line break".to_string());
        let decks = [
            deck_of(&db, &[(200_010, 2), (100_017, 1), (100_004, 3)]),
            named,
            deck_of(&db, &[]),
        ];
        for count in 0..=decks.len() {
            let whole: Vec<KrcgDeck> = decks[..count]
                .iter()
                .map(|d| KrcgDeck::new(d, &db))
                .collect();
            let expected = format!(
                "{}\n",
                serde_json::to_string_pretty(&whole).unwrap_or_default()
            );
            assert_eq!(
                write_archive(&decks[..count], &db),
                expected,
                "{count} decks"
            );
        }
    }

    #[test]
    fn writes_what_it_reads() {
        let db = fixture_db();
        let mut deck = deck_of(&db, &[(200_010, 2), (100_017, 1), (100_004, 3)]);
        deck.meta.name = Some("Round".to_string());
        deck.meta.event = Some(EventInfo {
            name: Some("Cup".to_string()),
            winner: Some("Me".to_string()),
            players: Some(12),
            ..EventInfo::default()
        });
        deck.meta.author = Some("Me".to_string());
        let text = KrcgWriter.write(&deck, &db);
        assert!(
            text.starts_with("{\n  \"event\": \"Cup\",\n  \"players_count\": 12,\n"),
            "{text}"
        );
        let value: Value = serde_json::from_str(&text).unwrap_or_default();
        assert_eq!(value["players_count"], 12);
        assert!(value.get("author").is_none(), "the author is the player");
        assert_eq!(value["crypt"]["count"], 2);
        assert_eq!(value["crypt"]["cards"][0]["name"], "Theo Test (G6)");
        let back = Deck::from_raw(
            KrcgLayout.read(&text, &crate::reader::Reader::default()),
            &db,
            &vtesdeck_deck::KnownColumns::default(),
        );
        assert_eq!(
            back.crypt,
            deck.crypt
                .iter()
                .map(|e| vtesdeck_deck::DeckCard {
                    line: 1,
                    ..e.clone()
                })
                .collect::<Vec<_>>()
        );
        assert_eq!(back.meta.event, deck.meta.event);
        assert_eq!(back.library_count(), 4);
    }
}
