//! `max-copies`: at most the profile's `max_copies` of any one card (house rules).

use super::{Context, Rule, Severity, Violation};
use vtesdeck_deck::Deck;

/// No card has more copies than the profile allows.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MaxCopies;

impl Rule for MaxCopies {
    fn id(&self) -> &'static str {
        "max-copies"
    }

    fn severity(&self) -> Severity {
        Severity::Error
    }

    fn summary(&self) -> &'static str {
        "at most N copies of any card (profile: max_copies; none in standard)"
    }

    fn check(&self, _deck: &Deck, context: &Context) -> Vec<Violation> {
        let Some(max) = context.profile.max_copies else {
            return Vec::new();
        };
        context
            .cards()
            .filter(|entry| entry.deck_card.count > max)
            .map(|entry| {
                let message = format!(
                    "{} copies of {}, at most {max} allowed",
                    entry.deck_card.count,
                    context.db.printing_name(entry.card)
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
    fn fifth_copy_breaks_the_house_rule() {
        let db = fixture_db();
        let house = Profile::builtin("house-4").unwrap().unwrap();
        let deck = deck_of(
            &db,
            &[
                (200001, 4),
                (200002, 4),
                (200003, 4),
                (100003, 5),
                (100004, 4),
            ],
        );
        let found = run_rule(&MaxCopies, &db, &deck, &house, "2021-01-01");
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].message,
            "5 copies of Test Bleed, at most 4 allowed"
        );
        assert!(run_rule(&MaxCopies, &db, &deck, &Profile::standard(), "2021-01-01").is_empty());
    }
}
