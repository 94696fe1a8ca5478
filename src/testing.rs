//! Helpers for unit tests: the small card database written for the tests
//! (`tests/fixtures/cards`, invented cards).

use std::path::Path;

use crate::cards::{CardDb, CardId};
use crate::deck::Deck;

/// Loads the fixture card database.
pub fn fixture_db() -> CardDb {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cards");
    match CardDb::load(&dir) {
        Ok(db) => db,
        Err(err) => panic!("fixture card database: {err}"),
    }
}

/// Builds a deck from `(id, count)` pairs of the fixture database, without text.
pub fn deck_of(db: &CardDb, cards: &[(u32, u32)]) -> Deck {
    let text: String = cards
        .iter()
        .map(|&(id, count)| {
            let card = db
                .get(CardId(id))
                .unwrap_or_else(|| panic!("no fixture card {id}"));
            format!("{count}x {}\n", db.printing_name(card))
        })
        .collect();
    let deck = Deck::from_text(&text, Some(crate::formats::Format::Plain), db);
    assert!(deck.unresolved.is_empty(), "{:?}", deck.unresolved);
    deck
}
