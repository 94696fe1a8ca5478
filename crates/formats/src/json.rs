use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::json_doc;
use super::json_doc::JsonShape;
use super::layout::{DeckWriter, Layout};
use crate::format::Format;
use vtesdeck_cards::{CardDb, CardKind};
use vtesdeck_deck::raw::{EventInfo, LineProblem, RawDeck};
use vtesdeck_deck::{Deck, DeckCard, NameMismatch, ReadAs, Unresolved};

/// Whether a text is JSON: it starts with `{`, or with `[` and parses as
/// JSON (`[2] Name` is a plain card line). This layout takes every JSON text
/// no other JSON layout claims, so that one of no known shape is reported.
pub(crate) fn looks_like(text: &str) -> bool {
    let text = text.trim_start();
    text.starts_with('{')
        || (text.starts_with('[') && serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok())
}

/// Reads the first JSON document of a text as vtesdeck's JSON deck.
pub fn read(text: &str) -> RawDeck<'_> {
    json_doc::read_text(text, Format::Json, &JsonLayout)
}

/// Reads one JSON object as vtesdeck's JSON deck; an object of another shape
/// gives an empty deck with a problem naming its keys.
pub(crate) fn read_object(object: &json_doc::Object, line: usize) -> RawDeck<'static> {
    if !JsonLayout.has_shape(object) {
        let keys: Vec<&str> = object.keys().map(String::as_str).collect();
        let mut deck = RawDeck::new(Format::Json);
        deck.problems.push(LineProblem {
            line,
            text: String::new(),
            message: unknown_shape_message(&keys),
        });
        return deck;
    }
    let json = match DeckJson::deserialize(&serde_json::Value::Object(object.clone())) {
        Ok(json) => json,
        Err(err) => {
            let mut deck = RawDeck::new(Format::Json);
            deck.problems.push(LineProblem {
                line,
                text: String::new(),
                message: format!("not a vtesdeck JSON deck: {err}"),
            });
            return deck;
        }
    };
    let mut deck = RawDeck::new(Format::Json);
    deck.meta.id = json.id;
    deck.meta.name = json.name;
    deck.meta.author = json.author;
    deck.meta.description = json.description;
    deck.meta.event = json.event.map(|e| EventInfo {
        name: e.name,
        place: e.place,
        date: e.date,
        rounds: e.rounds,
        players: e.players,
        winner: e.winner,
        url: e.url,
        score: e.score,
    });
    for (entries, section) in [
        (json.crypt, CardKind::Crypt),
        (json.library, CardKind::Library),
    ] {
        for entry in entries {
            push_entry(&mut deck, entry, section, line);
        }
    }
    deck
}

/// The message for a JSON document of no known deck shape, naming its keys.
pub(crate) fn unknown_shape_message(keys: &[&str]) -> String {
    let keys = if keys.is_empty() {
        "none".to_string()
    } else {
        keys.join(", ")
    };
    format!(
        "a JSON document of no known deck shape (keys found: {keys}); the JSON layouts read \
         are vtesdeck's, krcg, krcg-minimal (and VDB), krcg-v5, jol-deck and vtesdecks"
    )
}

fn push_entry(deck: &mut RawDeck, entry: CardCountJson, section: CardKind, line: usize) {
    json_doc::push_card(
        deck,
        Some(&serde_json::Value::from(entry.id)),
        Some(&entry.name),
        Some(&serde_json::Value::from(entry.count)),
        Some(section),
        line,
    );
}

/// Writes the JSON object `parse --json` prints, on one line.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct JsonWriter;

impl DeckWriter for JsonWriter {
    fn write(&self, deck: &Deck, db: &CardDb) -> String {
        let json = DeckJson::new(deck, db);
        let mut text = serde_json::to_string(&json).unwrap_or_else(|err| {
            // Serializing plain strings and numbers cannot fail; keep a valid object anyway.
            serde_json::json!({ "type": "error", "message": err.to_string() }).to_string()
        });
        text.push('\n');
        text
    }
}

/// A deck as JSON: `{"path", "name", "author", "event", "crypt", "library", "unresolved"}`.
///
/// vtesdeck's own JSON: the object `parse --json` prints (and `convert --to json`
/// writes). Cards are read by id; the name is used only for an unknown id.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DeckJson {
    /// Record type tag: `deck`.
    #[serde(rename = "type", default = "deck_type")]
    pub kind: String,
    /// The file (`-` for standard input).
    #[serde(default)]
    pub path: String,
    /// The identifier the source gave the deck (a KRCG or TWDA id).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The format the deck was read as.
    #[serde(default)]
    pub format: Option<String>,
    /// Deck name.
    pub name: Option<String>,
    /// Author.
    pub author: Option<String>,
    /// Description.
    #[serde(default)]
    pub description: Option<String>,
    /// Event of a TWDA entry.
    pub event: Option<EventJson>,
    /// Crypt cards.
    pub crypt: Vec<CardCountJson>,
    /// Library cards.
    pub library: Vec<CardCountJson>,
    /// Lines that resolved to no card.
    #[serde(default)]
    pub unresolved: Vec<Unresolved>,
    /// Cards given by an id and a name that names another card: the id was taken.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub name_mismatches: Vec<NameMismatch>,
    /// For a document read by its shape, the path of its card entries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_by_shape: Option<String>,
    /// For a deck inside a page, the lines of prose around it that were
    /// skipped: `7 lines of prose skipped (lines 2–4, 9–11, 25)`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prose_skipped: Option<String>,
    /// For one of several complete decks found in one text (a forum post of
    /// two decks, each a record): `deck 1 of 2 complete decks in this text
    /// (lines 1–40; the other at lines 41–85): ...`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decks_in_text: Option<String>,
    /// For a text with a list kept apart from its deck (a sideboard, a
    /// maybe list, changes): `` `Sideboard:` (line 5) and the 2 card lines
    /// under it (6 cards, lines 6–7): kept apart, never added to the deck ``.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sideboard_apart: Option<String>,
}

fn deck_type() -> String {
    "deck".to_string()
}

/// Event fields of a TWDA entry.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EventJson {
    /// Event name.
    pub name: Option<String>,
    /// Place.
    pub place: Option<String>,
    /// Date, `YYYY-MM-DD`.
    pub date: Option<NaiveDate>,
    /// Rounds and final (`2R+F`).
    #[serde(default)]
    pub rounds: Option<String>,
    /// Player count.
    pub players: Option<u32>,
    /// Winner.
    pub winner: Option<String>,
    /// Event page.
    pub url: Option<String>,
    /// The winner's score (`1GW5+2`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<String>,
}

/// One card and its count.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CardCountJson {
    /// VEKN card id.
    pub id: u32,
    /// Card name (with the printing suffix when the name has several printings).
    pub name: String,
    /// Copies.
    pub count: u32,
    /// How the deck's line was read, when not literally (a misspelling, a
    /// printing chosen, a count after the name...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_as: Option<ReadAsJson>,
    /// Every remark on the card's lines, in line order (`read_as` is the
    /// first that matters): a line can be read with several (a misspelling
    /// and a count after the name), and several lines can name the card.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub remarks: Vec<ReadAsJson>,
}

/// `"read_as": {"line", "typed", "how", "note"}` of a card entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReadAsJson {
    /// 1-based line number.
    pub line: usize,
    /// The line as typed.
    pub typed: String,
    /// What was not literal: `misspelling`, `short-name`, `printing-chosen`, ...
    pub how: String,
    /// What the reader did, in a sentence.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl From<&ReadAs> for ReadAsJson {
    fn from(read_as: &ReadAs) -> ReadAsJson {
        ReadAsJson {
            line: read_as.line,
            typed: read_as.typed.clone(),
            how: read_as.how.name().to_string(),
            note: read_as.note.clone(),
        }
    }
}

impl DeckJson {
    /// Builds the JSON view of a deck.
    pub fn new(deck: &Deck, db: &CardDb) -> DeckJson {
        let entries = |part: &[DeckCard]| {
            part.iter()
                .map(|entry| CardCountJson {
                    id: entry.id.0,
                    name: db
                        .get(entry.id)
                        .map_or_else(|| entry.id.to_string(), |c| db.printing_name(c)),
                    count: entry.count,
                    read_as: deck.read_as_of(entry.id).map(ReadAsJson::from),
                    remarks: deck.remarks_of(entry.id).map(ReadAsJson::from).collect(),
                })
                .collect()
        };
        DeckJson {
            kind: deck_type(),
            path: deck.path_label(),
            id: deck.meta.id.clone(),
            format: Some(deck.format.name().to_string()),
            name: deck.meta.name.clone(),
            author: deck.meta.author.clone(),
            description: deck.meta.description.clone(),
            event: deck.meta.event.as_ref().map(|e| EventJson {
                name: e.name.clone(),
                place: e.place.clone(),
                date: e.date,
                rounds: e.rounds.clone(),
                players: e.players,
                winner: e.winner.clone(),
                url: e.url.clone(),
                score: e.score.clone(),
            }),
            crypt: entries(&deck.crypt),
            library: entries(&deck.library),
            unresolved: deck.unresolved.clone(),
            name_mismatches: deck.name_mismatches.clone(),
            read_by_shape: deck.meta.read_by_shape.clone(),
            prose_skipped: (!deck.meta.prose_skipped.is_empty())
                .then(|| vtesdeck_deck::raw::prose_note(&deck.meta.prose_skipped)),
            decks_in_text: (!deck.meta.decks_in_text.is_empty()).then(|| {
                vtesdeck_deck::raw::decks_note(deck.record.unwrap_or(1), &deck.meta.decks_in_text)
            }),
            sideboard_apart: (!deck.meta.sideboard_apart.is_empty())
                .then(|| vtesdeck_deck::raw::apart_note(&deck.meta.sideboard_apart)),
        }
    }
}

/// The `Json` layout in the formats registry.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct JsonLayout;

impl JsonShape for JsonLayout {
    /// `type: "deck"`, or `crypt` and `library` arrays of `{"id", "count"}`.
    fn has_shape(&self, object: &json_doc::Object) -> bool {
        object.get("type").and_then(serde_json::Value::as_str) == Some("deck")
            || (json_doc::array_of_objects_with(object, "crypt", &["id", "count"])
                && json_doc::array_of_objects_with(object, "library", &["id", "count"]))
    }

    fn read_object(&self, object: &json_doc::Object, line: usize) -> RawDeck<'static> {
        read_object(object, line)
    }
}

impl Layout for JsonLayout {
    fn format(&self) -> Format {
        Format::Json
    }

    fn looks_like(&self, text: &str) -> bool {
        looks_like(text)
    }

    fn read<'t>(&self, text: &'t str, _: &crate::reader::Reader) -> RawDeck<'t> {
        read(text)
    }

    fn writer(&self) -> Option<&'static dyn DeckWriter> {
        Some(&JsonWriter)
    }

    fn reads_lines(&self) -> bool {
        false
    }

    fn json(&self) -> Option<&'static dyn JsonShape> {
        Some(&JsonLayout)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vtesdeck_cards::CardId;
    use vtesdeck_deck::raw::LineKind;

    #[test]
    fn json_deck_is_read_by_id() {
        let text = r#"{"type":"deck","path":"x","name":"Testers","author":"Me","event":null,"crypt":[{"id":200001,"name":"Alma Test","count":2}],"library":[{"id":100004,"name":"Test Punch","count":4}],"unresolved":[]}"#;
        assert!(looks_like(text));
        let deck = read(text);
        assert_eq!(deck.meta.name.as_deref(), Some("Testers"));
        let cards: Vec<(LineKind, u32)> = deck.lines.iter().map(|l| (l.kind, l.count)).collect();
        assert_eq!(
            cards,
            [
                (LineKind::Id(CardId(200_001)), 2),
                (LineKind::Id(CardId(100_004)), 4)
            ]
        );
    }

    #[test]
    fn broken_json_is_a_problem_not_a_panic() {
        let deck = read("{\"crypt\": [1, 2\n");
        assert!(deck.lines.is_empty());
        assert_eq!(deck.problems.len(), 1);
    }

    #[test]
    fn an_object_of_no_known_shape_names_its_keys() {
        let deck = read("{\"foo\": 1, \"bar\": []}");
        assert!(deck.lines.is_empty());
        assert!(deck.problems[0].message.contains("keys found: bar, foo"));
        assert!(!looks_like("[2] Test Punch"));
        assert!(looks_like("[{\"a\": 1}]"));
    }
}
