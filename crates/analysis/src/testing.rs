//! Helpers for this crate's unit tests: the fixture card database of
//! `vtesdeck-fixtures`, loaded with `CardDb::load`.

use vtesdeck_cards::{CardDb, CardId};
use vtesdeck_deck::Deck;

/// The fixture card database.
pub(crate) fn fixture_db() -> CardDb {
    vtesdeck_fixtures::card_db(CardDb::load)
}

/// A deck of `(id, count)` pairs of the fixture database, every card resolved.
pub(crate) fn deck_of(db: &CardDb, cards: &[(u32, u32)]) -> Deck {
    let cards: Vec<(CardId, u32)> = cards
        .iter()
        .map(|&(id, count)| (CardId(id), count))
        .collect();
    let deck = Deck::from_cards(&cards, db);
    assert!(deck.unresolved.is_empty(), "{:?}", deck.unresolved);
    deck
}
