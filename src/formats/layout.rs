//! What every writer shares: the [`DeckWriter`] trait and the helpers the
//! layouts use to list a deck's cards.

use crate::cards::{Card, CardDb};
use crate::deck::{Deck, DeckCard};

/// Writes a resolved deck as text in one layout.
pub trait DeckWriter {
    /// The deck as this layout's text (ends with a newline).
    fn write(&self, deck: &Deck, db: &CardDb) -> String;
}

/// The cards of a deck part with their counts, sorted by name (case and
/// accents ignored), cards missing from the database left out.
pub(super) fn by_name<'a>(entries: &[DeckCard], db: &'a CardDb) -> Vec<(&'a Card, u32)> {
    let mut cards: Vec<(&Card, u32)> = entries
        .iter()
        .filter_map(|e| Some((db.get(e.id)?, e.count)))
        .collect();
    cards.sort_by_cached_key(|(card, _)| {
        (crate::cards::names::fold(&db.printing_name(card)), card.id)
    });
    cards
}

/// A metadata value on one line (line breaks become spaces).
pub(super) fn one_line(value: &str) -> String {
    value.lines().map(str::trim).collect::<Vec<_>>().join(" ")
}
