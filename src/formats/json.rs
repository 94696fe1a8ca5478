//! vtesdeck's own JSON: the object `parse --json` prints (and `convert --to json`
//! writes). Cards are read by id; the name is used only for an unknown id.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::layout::{DeckWriter, Layout};
use super::{EventInfo, Format, LineKind, LineProblem, RawDeck, RawLine};
use crate::cards::{CardDb, CardId, CardKind};
use crate::deck::{Deck, DeckCard, Unresolved};

/// Whether a text is JSON (starts with `{`).
pub fn looks_like(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

/// Reads the first JSON object of a text; a text that is not a deck object
/// gives an empty deck with the error as a problem.
pub fn read(text: &str) -> RawDeck {
    let mut deck = RawDeck::new(Format::Json);
    let first = serde_json::Deserializer::from_str(text)
        .into_iter::<DeckJson>()
        .next();
    let json = match first {
        Some(Ok(json)) => json,
        Some(Err(err)) => {
            let line = err.line().max(1);
            deck.problems.push(LineProblem {
                line,
                text: text
                    .lines()
                    .nth(line - 1)
                    .unwrap_or("")
                    .chars()
                    .take(80)
                    .collect(),
                message: format!("not a vtesdeck JSON deck: {err}"),
            });
            return deck;
        }
        None => return deck,
    };
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
    });
    for (entries, section) in [
        (json.crypt, CardKind::Crypt),
        (json.library, CardKind::Library),
    ] {
        for entry in entries {
            push_entry(&mut deck, entry, section);
        }
    }
    deck
}

fn push_entry(deck: &mut RawDeck, entry: CardCountJson, section: CardKind) {
    let text = format!("{}x {} (#{})", entry.count, entry.name, entry.id);
    if entry.count == 0 {
        deck.problems.push(LineProblem {
            line: 1,
            text,
            message: "invalid card count 0 (a count is 1 or more)".to_string(),
        });
        return;
    }
    let (name, hint) = crate::cards::names::split_printing_suffix(&entry.name);
    let name = name.to_string();
    deck.lines.push(RawLine {
        line: 1,
        text,
        count: entry.count,
        name,
        hint,
        section: Some(section),
        kind: LineKind::Id(CardId(entry.id)),
        reading: Default::default(),
    });
}

/// Writes the JSON object `parse --json` prints, on one line.
#[derive(Debug, Clone, Copy, Default)]
pub struct JsonWriter;

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
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DeckJson {
    /// Record type tag: `deck`.
    #[serde(rename = "type", default = "deck_type")]
    pub kind: String,
    /// The file (`-` for standard input).
    pub path: String,
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
                    read_as: deck.read_as_of(entry.id).map(|read_as| ReadAsJson {
                        line: read_as.line,
                        typed: read_as.typed.clone(),
                        how: read_as.how.name().to_string(),
                        note: read_as.note.clone(),
                    }),
                })
                .collect()
        };
        DeckJson {
            kind: deck_type(),
            path: deck.path_label(),
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
            }),
            crypt: entries(&deck.crypt),
            library: entries(&deck.library),
            unresolved: deck.unresolved.clone(),
        }
    }
}

/// The `Json` layout in the formats registry.
#[derive(Debug, Clone, Copy, Default)]
pub struct JsonLayout;

impl Layout for JsonLayout {
    fn format(&self) -> Format {
        Format::Json
    }

    fn looks_like(&self, text: &str) -> bool {
        looks_like(text)
    }

    fn read(&self, text: &str) -> RawDeck {
        read(text)
    }

    fn writer(&self) -> Option<&'static dyn DeckWriter> {
        Some(&JsonWriter)
    }

    fn one_line(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
