//! `name-mismatch`: a card given by its VEKN id beside a name that names
//! another card (JSON decks of other tools). The id was taken; the deck is
//! judged with that card, and the disagreement is said.

use super::{Context, Rule, Severity, Violation};
use vtesdeck_cards::CardId;
use vtesdeck_deck::Deck;

/// Every card's name agrees with its id.
#[derive(Debug, Clone, Copy)]
pub struct NameMismatch;

impl Rule for NameMismatch {
    fn id(&self) -> &'static str {
        "name-mismatch"
    }

    fn severity(&self) -> Severity {
        Severity::Warning
    }

    fn summary(&self) -> &'static str {
        "a card's name agrees with its VEKN id (the id is taken when they disagree)"
    }

    fn check(&self, deck: &Deck, _context: &Context) -> Vec<Violation> {
        deck.name_mismatches
            .iter()
            .map(|mismatch| Violation {
                rule: self.id(),
                severity: self.severity(),
                message: format!(
                    "`{}`: id {} is {}, not the name given (the id is taken)",
                    vtesdeck_deck::excerpt(mismatch.typed.trim()),
                    mismatch.id,
                    mismatch.card
                ),
                card_id: Some(CardId(mismatch.id)),
                card: Some(mismatch.card.clone()),
                line: Some(mismatch.line),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::fixture_db;
    use crate::{run_rule, Profile};
    use vtesdeck_formats::LoadDeck;

    #[test]
    fn a_name_that_names_another_card_is_a_warning() {
        let db = fixture_db();
        let text = r#"{"crypt": {"count": 12, "cards": [{"id": 200001, "count": 12, "name": "Alma Test"}]},
            "library": {"count": 60, "cards": [{"id": 100004, "count": 60, "name": "Test Haven"}]}}"#;
        let deck = Deck::from_text(text, None, &db);
        assert_eq!(deck.library_count(), 60);
        let found = run_rule(
            &NameMismatch,
            &db,
            &deck,
            &Profile::standard(),
            "2021-01-01",
        );
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].card_id, Some(CardId(100_004)));
        assert!(
            found[0].message.contains("Test Haven"),
            "{}",
            found[0].message
        );
    }
}
