//! What the rules need to know about a card, worked out once per check run
//! rather than once per deck.

use chrono::NaiveDate;

use crate::cards::{identity, legal_from, Card, CardType, CryptRequirement};
use crate::deck::DeckCard;

/// Facts about one card that the rules read often.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardFacts {
    /// The first day the card may be played ([`legal_from`]).
    pub legal_from: Option<NaiveDate>,
    /// The card text marks it unique.
    pub unique: bool,
    /// The card is an event.
    pub event: bool,
    /// What a library card asks of the crypt card that plays it, when it asks
    /// anything ([`CryptRequirement::is_restrictive`]).
    pub requirement: Option<CryptRequirement>,
}

impl CardFacts {
    /// Works the facts out from the card.
    pub fn new(card: &Card) -> CardFacts {
        CardFacts {
            legal_from: legal_from(card),
            unique: !card.is_crypt() && identity::is_unique(card),
            event: card.types.contains(&CardType::Event),
            requirement: Some(CryptRequirement::of_card(card))
                .filter(|r| !card.is_crypt() && r.is_restrictive()),
        }
    }
}

/// One card of the deck being checked: the deck's line, the card, its facts.
#[derive(Debug, Clone, Copy)]
pub struct Entry<'a> {
    /// Id, copies and line in the deck.
    pub deck_card: &'a DeckCard,
    /// The card.
    pub card: &'a Card,
    /// What the rules need to know about it.
    pub facts: &'a CardFacts,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardId;
    use crate::testing::fixture_db;

    #[test]
    fn facts_of_fixture_cards() {
        let db = fixture_db();
        let haven = CardFacts::new(db.get(CardId(100001)).unwrap());
        assert!(haven.unique && !haven.event);
        let party = CardFacts::new(db.get(CardId(100011)).unwrap());
        assert!(party.event && !party.unique);
        assert_eq!(
            party.legal_from.map(|d| d.to_string()).as_deref(),
            Some("2005-07-01")
        );
        let alma = CardFacts::new(db.get(CardId(200001)).unwrap());
        assert!(alma.requirement.is_none());
        let alma_card = db.get(CardId(200001)).unwrap();
        assert_eq!(
            crate::cards::CryptCard::new(alma_card)
                .disciplines()
                .count_ones(),
            1
        );
        let punch = CardFacts::new(db.get(CardId(100004)).unwrap());
        assert_eq!(
            punch.requirement.map(|r| r.to_string()).as_deref(),
            Some("Potence")
        );
    }
}
