//! VTES Decks' API answer for a deck (read by krcg's `Deck.from_vtesdecks`):
//! `name`, `author`, `description` and the `crypt` and `library` arrays of
//! `{"id", "number"}`. Cards are read by VEKN id.

use serde_json::Value;

use super::json_doc::JsonShape;
use super::json_doc::{self, Object};
use crate::format::Format;
use vtesdeck_cards::CardKind;
use vtesdeck_deck::raw::RawDeck;

/// Reads one VTES Decks object.
pub fn read_object(object: &Object, line: usize) -> RawDeck<'static> {
    let mut deck = RawDeck::new(Format::Vtesdecks);
    let text = |key: &str| json_doc::string(object, key);
    deck.meta.id = text("id");
    deck.meta.name = text("name");
    deck.meta.author = text("author");
    deck.meta.description = text("description");
    for (key, section) in [("crypt", CardKind::Crypt), ("library", CardKind::Library)] {
        for card in json_doc::array(object, key) {
            json_doc::push_card(
                &mut deck,
                card.get("id"),
                card.get("name").and_then(Value::as_str),
                card.get("number"),
                Some(section),
                line,
            );
        }
    }
    deck
}

/// The `Vtesdecks` layout in the formats registry.
#[derive(Debug, Clone, Copy, Default)]
pub struct VtesdecksLayout;

impl JsonShape for VtesdecksLayout {
    /// `crypt` and `library` arrays of `{"id", "number"}`, at least one card.
    fn has_shape(&self, object: &Object) -> bool {
        let shaped = |key: &str| json_doc::array_of_objects_with(object, key, &["id", "number"]);
        shaped("crypt")
            && shaped("library")
            && !(json_doc::array(object, "crypt").is_empty()
                && json_doc::array(object, "library").is_empty())
    }

    fn read_object(&self, object: &Object, line: usize) -> RawDeck<'static> {
        read_object(object, line)
    }
}

crate::layout::json_layout!(VtesdecksLayout, Format::Vtesdecks);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;

    #[test]
    fn number_is_the_count() {
        let text = r#"{"name": "N", "author": "A", "crypt": [{"id": 200001, "number": 2}],
            "library": [{"id": "100004", "number": 4}]}"#;
        let deck = VtesdecksLayout.read(text, &crate::reader::Reader::default());
        let counts: Vec<(Option<CardKind>, u32)> =
            deck.lines.iter().map(|l| (l.section, l.count)).collect();
        assert_eq!(
            counts,
            [(Some(CardKind::Crypt), 2), (Some(CardKind::Library), 4)]
        );
        assert_eq!(deck.meta.author.as_deref(), Some("A"));
    }
}
