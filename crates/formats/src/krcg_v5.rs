//! The KRCG v5 deck document, as JOL stores and imports every deck
//! (`KrcgV5Deck.java`): `id`, `name`, `cards`, `comment`, `author`, `player`,
//! fields without a value left out. `cards` is one flat array of
//! `{"id", "printed_name", "unicity_suffix", "suffix", "count", "kind",
//! "types"}`. Cards are read by VEKN id. Written by `convert --to krcg-v5`.

use serde::Serialize;
use serde_json::Value;

use super::json_doc::JsonShape;
use super::json_doc::{self, Object};
use super::layout::DeckWriter;
use super::{krcg, twd_writer};
use crate::format::Format;
use vtesdeck_cards::{Card, CardDb, CardKind, Group};
use vtesdeck_deck::raw::RawDeck;
use vtesdeck_deck::Deck;

/// Reads one KRCG v5 object.
pub fn read_object(object: &Object, line: usize) -> RawDeck<'static> {
    let mut deck = RawDeck::new(Format::KrcgV5);
    let text = |key: &str| json_doc::string(object, key);
    deck.meta.id = text("id");
    deck.meta.name = text("name");
    deck.meta.author = text("author").or_else(|| text("player"));
    deck.meta.description = text("comment");
    for card in json_doc::array(object, "cards") {
        let printed = card.get("printed_name").and_then(Value::as_str);
        let suffix = card
            .get("suffix")
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty());
        let name = match (printed, suffix) {
            (Some(name), Some(suffix)) => Some(format!("{name} ({suffix})")),
            (name, _) => name.map(str::to_string),
        };
        let section = match card.get("kind").and_then(Value::as_str) {
            Some(kind) if kind.eq_ignore_ascii_case("crypt") => Some(CardKind::Crypt),
            Some(kind) if kind.eq_ignore_ascii_case("library") => Some(CardKind::Library),
            _ => None,
        };
        json_doc::push_card(
            &mut deck,
            card.get("id"),
            name.as_deref(),
            card.get("count"),
            section,
            line,
        );
    }
    deck
}

/// Writes the KRCG v5 document, pretty-printed.
#[derive(Debug, Clone, Copy, Default)]
pub struct KrcgV5Writer;

impl DeckWriter for KrcgV5Writer {
    fn write(&self, deck: &Deck, db: &CardDb) -> String {
        krcg::pretty(&KrcgV5Deck::new(deck, db))
    }
}

/// The `suffix` of a card: `G4`, `G3 ADV`, `ADV` (advanced of group ANY),
/// empty for library cards.
fn suffix(card: &Card) -> String {
    if card.kind == CardKind::Library {
        return String::new();
    }
    let group = match card.group {
        Some(Group::Number(n)) => Some(format!("G{n}")),
        _ => None,
    };
    let advanced = card.advanced.then(|| "ADV".to_string());
    [group, advanced]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A deck as a KRCG v5 document, fields in JOL's order, those without a value left out.
#[derive(Debug, Clone, Serialize)]
pub struct KrcgV5Deck {
    /// Deck id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// Deck name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Every card, crypt first.
    pub cards: Vec<KrcgV5Card>,
    /// Description.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// Author.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    /// The player (a TWDA winner).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
}

/// One card of a KRCG v5 document.
#[derive(Debug, Clone, Serialize)]
pub struct KrcgV5Card {
    /// VEKN id.
    pub id: u32,
    /// The name as printed (the VEKN name).
    pub printed_name: String,
    /// `ADV` for an advanced vampire, else empty.
    pub unicity_suffix: String,
    /// `G4`, `G3 ADV`, `ADV`; empty for library cards.
    pub suffix: String,
    /// Copies.
    pub count: u32,
    /// `Crypt` or `Library`.
    pub kind: String,
    /// The card's types.
    pub types: Vec<String>,
}

impl KrcgV5Deck {
    /// The KRCG v5 view of a deck.
    pub fn new(deck: &Deck, db: &CardDb) -> KrcgV5Deck {
        let entry = |card: &Card, count: u32| KrcgV5Card {
            id: card.id.0,
            printed_name: card.name.clone(),
            unicity_suffix: if card.advanced { "ADV" } else { "" }.to_string(),
            suffix: suffix(card),
            count,
            kind: match card.kind {
                CardKind::Crypt => "Crypt",
                CardKind::Library => "Library",
            }
            .to_string(),
            types: card.types.iter().map(|t| t.name().to_string()).collect(),
        };
        let mut cards: Vec<KrcgV5Card> = twd_writer::crypt_in_twda_order(deck, db)
            .into_iter()
            .map(|(card, count)| entry(card, count))
            .collect();
        for (_, section) in twd_writer::library_sections(deck, db) {
            cards.extend(section.into_iter().map(|(card, count)| entry(card, count)));
        }
        KrcgV5Deck {
            id: krcg::deck_id(deck),
            name: deck.meta.name.clone(),
            cards,
            comment: deck.meta.description.clone(),
            author: deck.meta.author.clone(),
            player: deck.meta.event.as_ref().and_then(|e| e.winner.clone()),
        }
    }
}

/// The `KrcgV5` layout in the formats registry.
#[derive(Debug, Clone, Copy, Default)]
pub struct KrcgV5Layout;

impl JsonShape for KrcgV5Layout {
    /// JOL's test: `cards` (an array here), neither `crypt` nor `deck`.
    fn has_shape(&self, object: &Object) -> bool {
        // Entries with a VEKN id (other card lists are read by their shape).
        json_doc::array_of_objects_with(object, "cards", &["id"])
            && !object.contains_key("crypt")
            && !object.contains_key("deck")
    }

    fn read_object(&self, object: &Object, line: usize) -> RawDeck<'static> {
        read_object(object, line)
    }
}

crate::layout::json_layout!(KrcgV5Layout, Format::KrcgV5, Some(&KrcgV5Writer));

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;
    use crate::testing::{deck_of, fixture_db};

    #[test]
    fn suffixes_and_round_trip() {
        let db = fixture_db();
        let mut deck = deck_of(&db, &[(200_009, 1), (200_010, 2), (100_004, 3)]);
        deck.meta.author = Some("Me".to_string());
        let value = KrcgV5Deck::new(&deck, &db);
        let suffixes: Vec<&str> = value.cards.iter().map(|c| c.suffix.as_str()).collect();
        assert_eq!(suffixes.len(), 3);
        assert!(suffixes.contains(&"G6"), "{suffixes:?}");
        assert_eq!(suffixes.last(), Some(&""));
        let text = KrcgV5Writer.write(&deck, &db);
        let back = Deck::from_raw(
            KrcgV5Layout.read(&text, &crate::reader::Reader::default()),
            &db,
            &vtesdeck_deck::KnownColumns::default(),
        );
        assert_eq!(back.crypt_count(), 3);
        assert_eq!(back.library_count(), 3);
        assert_eq!(back.meta.author.as_deref(), Some("Me"));
    }
}
