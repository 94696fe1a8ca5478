//! The JSON object `parse --json` prints for a deck (and `convert --to json` writes).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::cards::CardDb;
use crate::deck::{Deck, DeckCard, Unresolved};

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
