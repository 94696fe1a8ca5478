//! What the rules need to know about a card, worked out once per check run
//! rather than once per deck.

use chrono::NaiveDate;

use vtesdeck_cards::{
    is_unique, legal_from, Card, CardType, CryptCard, CryptRequirement, Identity,
};
use vtesdeck_deck::DeckCard;

/// Facts about one card that the rules read often.
#[derive(Debug, Clone)]
pub(crate) struct CardFacts<'a> {
    /// The first day the card may be played ([`legal_from`]).
    pub legal_from: Option<NaiveDate>,
    /// For a library card its text marks unique, the card's [`Identity`]
    /// (copies of every card with this identity count together); `None` for
    /// other cards.
    pub unique: Option<Identity>,
    /// The card is an event.
    pub event: bool,
    /// What a library card asks of the crypt card that plays it, when it asks
    /// anything ([`CryptRequirement::is_restrictive`]).
    pub requirement: Option<CryptRequirement>,
    /// A crypt card as the playability model reads it (disciplines read once,
    /// traits when first asked for, for every deck of the run); `None` for a
    /// library card.
    pub crypt: Option<CryptCard<'a>>,
}

impl<'a> CardFacts<'a> {
    /// Works the facts out from the card.
    pub fn new(card: &'a Card) -> CardFacts<'a> {
        let crypt = card.is_crypt();
        CardFacts {
            legal_from: legal_from(card),
            unique: (!crypt && is_unique(card)).then(|| Identity::of(card)),
            event: card.types.contains(&CardType::Event),
            requirement: (!crypt)
                .then(|| CryptRequirement::of_card(card))
                .filter(CryptRequirement::is_restrictive),
            crypt: crypt.then(|| CryptCard::new(card)),
        }
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
        assert!(haven.unique.is_some() && !haven.event && haven.crypt.is_none());
        let party = CardFacts::new(db.get(CardId(100011)).unwrap());
        assert!(party.event && party.unique.is_none());
        assert_eq!(
            party.legal_from.map(|d| d.to_string()).as_deref(),
            Some("2005-07-01")
        );
        let alma = CardFacts::new(db.get(CardId(200001)).unwrap());
        assert!(alma.requirement.is_none() && alma.unique.is_none());
        assert_eq!(alma.crypt.map(|c| c.disciplines().count_ones()), Some(1));
        let punch = CardFacts::new(db.get(CardId(100004)).unwrap());
        assert_eq!(
            punch.requirement.map(|r| r.to_string()).as_deref(),
            Some("Potence")
        );
    }
}
