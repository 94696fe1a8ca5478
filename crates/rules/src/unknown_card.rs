//! `unknown-card`: a card line that resolves to no card (with suggestions);
//! the deck cannot be judged legal.

use super::{Context, Rule, Severity, Violation};
use vtesdeck_deck::Deck;

/// Every card line names a card.
#[derive(Debug, Clone, Copy)]
pub struct UnknownCard;

impl Rule for UnknownCard {
    fn id(&self) -> &'static str {
        "unknown-card"
    }

    fn severity(&self) -> Severity {
        Severity::Error
    }

    fn summary(&self) -> &'static str {
        "every card line names a card (the deck cannot be judged otherwise)"
    }

    fn check(&self, deck: &Deck, _context: &Context) -> Vec<Violation> {
        deck.unresolved
            .iter()
            .map(|unresolved| {
                let text = vtesdeck_deck::excerpt(unresolved.text.trim());
                let message = match (
                    &unresolved.reason,
                    vtesdeck_deck::did_you_mean(&unresolved.suggestions),
                ) {
                    (Some(_), _) => format!("cannot read `{text}`: {}", unresolved.detail()),
                    (None, None) => format!("`{text}` names no card"),
                    (None, Some(suggestions)) => format!("`{text}` names no card ({suggestions})"),
                };
                Violation {
                    rule: self.id(),
                    severity: self.severity(),
                    message,
                    card_id: None,
                    card: None,
                    line: Some(unresolved.line),
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::fixture_db;
    use crate::{run_rule, Profile};
    use vtesdeck_deck::Deck;
    use vtesdeck_formats::Format;
    use vtesdeck_formats::LoadDeck;

    #[test]
    fn unresolved_line_becomes_a_problem_with_suggestions() {
        let db = fixture_db();
        let deck = Deck::from_text(
            "12x Alma Test\n60x Test Bleed\n2x Test Havenqqqq\n",
            Some(Format::Plain),
            &db,
        );
        let found = run_rule(&UnknownCard, &db, &deck, &Profile::standard(), "2021-01-01");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].line, Some(3));
        assert!(found[0]
            .message
            .starts_with("`2x Test Havenqqqq` names no card (did you mean \"Test Haven\""));
    }

    #[test]
    fn resolved_deck_has_no_unknown_card() {
        let db = fixture_db();
        let deck = Deck::from_text("12x Alma Test\n60x Test Bleed\n", Some(Format::Plain), &db);
        assert!(run_rule(&UnknownCard, &db, &deck, &Profile::standard(), "2021-01-01").is_empty());
    }
}
