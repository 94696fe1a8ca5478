//! What the rules need to know about a card, worked out once per check run
//! rather than once per deck.

use chrono::NaiveDate;

use crate::cards::{legal_from, Card, CardType};
use crate::deck::DeckCard;

/// Facts about one card that the rules read often.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardFacts {
    /// The first day the card may be played ([`legal_from`]).
    pub legal_from: Option<NaiveDate>,
    /// The card text marks it unique.
    pub unique: bool,
    /// The card is an event.
    pub event: bool,
    /// A crypt card's disciplines (and virtues) as a mask, any level.
    pub disciplines: u64,
}

impl CardFacts {
    /// Works the facts out from the card.
    pub fn new(card: &Card) -> CardFacts {
        CardFacts {
            legal_from: legal_from(card),
            unique: !card.is_crypt() && card.is_unique(),
            event: card.types.contains(&CardType::Event),
            disciplines: card
                .disciplines
                .iter()
                .fold(0, |mask, (discipline, _)| mask | discipline.bit()),
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
        assert_eq!(alma.disciplines.count_ones(), 1);
    }
}
