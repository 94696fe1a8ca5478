//! What the rules need to know about a card, worked out once per check run
//! rather than once per deck.

use std::sync::OnceLock;

use chrono::NaiveDate;

use vtesdeck_cards::{is_unique, legal_from, Card, CryptCard, CryptRequirement, Identity};
use vtesdeck_deck::DeckCard;

/// Facts about one card that the rules read often.
#[derive(Debug)]
pub(crate) struct CardFacts<'a> {
    card: &'a Card,
    /// The first day the card may be played ([`legal_from`]).
    pub legal_from: Option<NaiveDate>,
    /// A crypt card as the playability model reads it (disciplines read once,
    /// traits when first asked for, for every deck of the run); `None` for a
    /// library card.
    pub crypt: Option<CryptCard<'a>>,
    /// What only the warning and info rules read of a library card, worked
    /// out when first asked for (a check of errors alone never asks).
    library: OnceLock<LibraryFacts>,
}

/// What the rules about playing a library card read.
#[derive(Debug)]
pub(crate) struct LibraryFacts {
    /// For a library card its text marks unique, the card's [`Identity`]
    /// (copies of every card with this identity count together); `None` for
    /// other cards.
    pub unique: Option<Identity>,
    /// What a library card asks of the crypt card that plays it, when it asks
    /// anything ([`CryptRequirement::is_restrictive`]).
    pub requirement: Option<CryptRequirement>,
}

impl<'a> CardFacts<'a> {
    /// Works the facts out from the card.
    pub fn new(card: &'a Card) -> CardFacts<'a> {
        CardFacts {
            card,
            legal_from: legal_from(card),
            crypt: card.is_crypt().then(|| CryptCard::new(card)),
            library: OnceLock::new(),
        }
    }

    /// The facts only the rules about playing a library card read.
    pub fn library(&self) -> &LibraryFacts {
        self.library.get_or_init(|| {
            let card = self.card;
            let library = !card.is_crypt();
            LibraryFacts {
                unique: (library && is_unique(card)).then(|| Identity::of(card)),
                requirement: library
                    .then(|| CryptRequirement::of_card(card))
                    .filter(CryptRequirement::is_restrictive),
            }
        })
    }
}

/// One card of the deck being checked: the deck's line, the card, its facts.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry<'a> {
    /// Id, copies and line in the deck.
    pub deck_card: &'a DeckCard,
    /// The card.
    pub card: &'a Card,
    /// What the rules need to know about it.
    pub facts: &'a CardFacts<'a>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::fixture_db;
    use vtesdeck_cards::CardId;

    #[test]
    fn facts_of_fixture_cards() {
        let db = fixture_db();
        let haven = CardFacts::new(db.get(CardId(100001)).unwrap());
        assert!(haven.library().unique.is_some() && haven.crypt.is_none());
        let party = CardFacts::new(db.get(CardId(100011)).unwrap());
        assert!(party.library().unique.is_none());
        assert_eq!(
            party.legal_from.map(|d| d.to_string()).as_deref(),
            Some("2005-07-01")
        );
        let alma = CardFacts::new(db.get(CardId(200001)).unwrap());
        assert!(alma.library().requirement.is_none() && alma.library().unique.is_none());
        assert_eq!(alma.crypt.map(|c| c.disciplines().count_ones()), Some(1));
        let punch = CardFacts::new(db.get(CardId(100004)).unwrap());
        assert_eq!(
            punch
                .library()
                .requirement
                .as_ref()
                .map(|r| r.to_string())
                .as_deref(),
            Some("Potence")
        );
    }
}
