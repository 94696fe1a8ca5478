//! JOL's older stored deck (`ExtendedDeck.java`, before KRCG v5):
//! `{"deck": {"id", "name", "crypt": {"count", "cards": [{"id", "name",
//! "count", "comments"}]}, "library": {"count", "cards": [{"type", "count",
//! "cards": [...]}]}, "comments"}, "stats": {...}}`. Cards are read by VEKN
//! id; `stats` is JOL's own verdict and is not trusted (the deck is checked
//! as any other).

use serde_json::Value;

use super::json_doc::JsonShape;
use super::json_doc::{self, Object};
use crate::format::Format;
use vtesdeck_deck::raw::RawDeck;

/// Reads one JOL stored deck object.
pub fn read_object(object: &Object, line: usize) -> RawDeck<'static> {
    let mut deck = RawDeck::new(Format::JolDeck);
    let Some(inner) = object.get("deck").and_then(Value::as_object) else {
        return deck;
    };
    deck.meta.id = json_doc::string(inner, "id");
    deck.meta.name = json_doc::string(inner, "name");
    deck.meta.description = json_doc::string(inner, "comments");
    json_doc::push_crypt_object(&mut deck, inner.get("crypt"), line);
    json_doc::push_library_object(&mut deck, inner.get("library"), line);
    deck
}

/// The `JolDeck` layout in the formats registry.
#[derive(Debug, Clone, Copy, Default)]
pub struct JolDeckLayout;

impl JsonShape for JolDeckLayout {
    /// A `deck` object holding `crypt` or `library`.
    fn has_shape(&self, object: &Object) -> bool {
        object
            .get("deck")
            .and_then(Value::as_object)
            // Its parts are objects of `cards` (other parts are read by their shape).
            .is_some_and(|deck| {
                ["crypt", "library"]
                    .iter()
                    .any(|part| deck.get(*part).is_some_and(Value::is_object))
            })
    }

    fn read_object(&self, object: &Object, line: usize) -> RawDeck<'static> {
        read_object(object, line)
    }
}

crate::layout::json_layout!(JolDeckLayout, Format::JolDeck);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;

    #[test]
    fn null_id_and_name_are_absent() {
        let text = r#"{"deck": {"id": null, "name": null, "crypt": {"count": 1, "cards":
            [{"id": 200001, "name": "Alma Test", "count": 1, "comments": null}]},
            "library": {"count": 0, "cards": []}, "comments": ""},
            "stats": {"valid": true}}"#;
        let deck = JolDeckLayout.read(text, &crate::reader::Reader::default());
        assert_eq!(deck.meta.name, None);
        assert_eq!(deck.meta.description, None);
        assert_eq!(deck.lines.len(), 1);
        assert_eq!(deck.declared.library, Some(0));
    }
}
