//! The `cards` map `{"<VEKN id>": count, ...}`: KRCG's minimal JSON
//! (`Deck.to_minimal_json()`: `id`, `name`, `cards`) and VDB's deck API
//! answer (`name`, `author` or `owner`, `description`, `cards`, ...).
//! Crypt and library share the one map; the ids tell them apart.

use serde_json::Value;

use super::json_doc::JsonShape;
use super::json_doc::{self, Object};
use crate::format::Format;
use vtesdeck_deck::raw::RawDeck;

/// Reads one `cards` map object.
pub fn read_object(object: &Object, line: usize) -> RawDeck<'static> {
    let mut deck = RawDeck::new(Format::KrcgMinimal);
    let text = |key: &str| json_doc::string(object, key);
    deck.meta.id = text("id");
    deck.meta.name = text("name");
    deck.meta.author = text("author").or_else(|| text("owner"));
    deck.meta.description = text("description").or_else(|| text("comments"));
    if let Some(cards) = object.get("cards").and_then(Value::as_object) {
        for (id, count) in cards {
            let id = Value::from(id.as_str());
            json_doc::push_card(&mut deck, Some(&id), None, Some(count), None, line);
        }
    }
    deck
}

/// The `KrcgMinimal` layout in the formats registry.
#[derive(Debug, Clone, Copy, Default)]
pub struct KrcgMinimalLayout;

impl JsonShape for KrcgMinimalLayout {
    /// `cards` is an object (a map from ids to counts).
    fn has_shape(&self, object: &Object) -> bool {
        // Keyed by id (a map of names is read by its shape).
        object
            .get("cards")
            .and_then(Value::as_object)
            .is_some_and(|cards| cards.keys().all(|key| key.trim().parse::<u64>().is_ok()))
    }

    fn read_object(&self, object: &Object, line: usize) -> RawDeck<'static> {
        read_object(object, line)
    }
}

crate::layout::json_layout!(KrcgMinimalLayout, Format::KrcgMinimal);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;
    use vtesdeck_cards::CardId;
    use vtesdeck_deck::raw::LineKind;

    #[test]
    fn vdb_answer_with_owner_and_string_counts() {
        let text = r#"{"name": "V", "owner": "Ann", "description": "D", "timestamp": "x",
            "cards": {"200001": 2, "100004": "3", "oops": 1}}"#;
        let deck = KrcgMinimalLayout.read(text, &crate::reader::Reader::default());
        assert_eq!(deck.meta.author.as_deref(), Some("Ann"));
        assert_eq!(deck.meta.description.as_deref(), Some("D"));
        let cards: Vec<(LineKind, u32)> = deck.lines.iter().map(|l| (l.kind, l.count)).collect();
        assert_eq!(
            cards,
            [
                (LineKind::Id(CardId(100_004)), 3),
                (LineKind::Id(CardId(200_001)), 2)
            ]
        );
        assert_eq!(deck.problems.len(), 1);
    }
}
