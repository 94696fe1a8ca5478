//! `duplicate-event` (warning): more than one copy of the same event.

use super::{Context, Rule, Severity, Violation};
use vtesdeck_cards::CardType;
use vtesdeck_deck::Deck;

/// Warns about extra copies of an event (an event is unique once in play).
#[derive(Debug, Clone, Copy)]
pub(crate) struct DuplicateEvent;

impl Rule for DuplicateEvent {
    fn id(&self) -> &'static str {
        "duplicate-event"
    }

    fn severity(&self) -> Severity {
        Severity::Warning
    }

    fn summary(&self) -> &'static str {
        "several copies of the same event (an event is unique in play)"
    }

    fn check(&self, _deck: &Deck, context: &Context) -> Vec<Violation> {
        context
            .library
            .iter()
            .filter(|entry| {
                entry.deck_card.count > 1 && entry.card.types.contains(&CardType::Event)
            })
            .map(|entry| {
                let message = format!(
                    "{} copies of the event {} (an event is unique in play)",
                    entry.deck_card.count,
                    entry.card.display_name()
                );
                context.card_violation(self.id(), self.severity(), entry, message)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{deck_of, fixture_db};
    use crate::{run_rule, Profile};

    #[test]
    fn second_copy_of_an_event_is_a_warning() {
        let db = fixture_db();
        let profile = Profile::standard();
        let deck = deck_of(&db, &[(200001, 12), (100003, 58), (100011, 2)]);
        let found = run_rule(&DuplicateEvent, &db, &deck, &profile, "2021-01-01");
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].message,
            "2 copies of the event Test Party (an event is unique in play)"
        );
        let deck = deck_of(&db, &[(200001, 12), (100003, 59), (100011, 1)]);
        assert!(run_rule(&DuplicateEvent, &db, &deck, &profile, "2021-01-01").is_empty());
    }
}
