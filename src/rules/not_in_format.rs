//! `not-in-format`: a card outside the profile's card pool (`allowed_sets`,
//! `allowed_cards`); any print of a pool card may be used.

use super::{Context, Rule, Severity, Violation};
use crate::cards::Card;
use crate::deck::Deck;

/// Every card is in the profile's card pool.
#[derive(Debug, Clone, Copy)]
pub struct NotInFormat;

/// Whether a card belongs to the pool of the context's profile.
fn in_pool(card: &Card, context: &Context) -> bool {
    context.allowed_cards.contains(&card.id)
        || card.printings.iter().any(|print| {
            context
                .profile
                .allowed_sets
                .iter()
                .any(|set| set.eq_ignore_ascii_case(&print.set))
        })
}

impl Rule for NotInFormat {
    fn id(&self) -> &'static str {
        "not-in-format"
    }

    fn severity(&self) -> Severity {
        Severity::Error
    }

    fn summary(&self) -> &'static str {
        "every card in the profile's card pool (profile: allowed_sets, allowed_cards)"
    }

    fn check(&self, _deck: &Deck, context: &Context) -> Vec<Violation> {
        if !context.profile.has_pool() {
            return Vec::new();
        }
        context
            .cards()
            .filter(|entry| !in_pool(entry.card, context))
            .map(|entry| {
                let message = format!(
                    "{} is not in the card pool of profile {}",
                    entry.card.display_name(),
                    context.profile.name
                );
                context.card_violation(self.id(), self.severity(), entry, message)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::profile::CardRef;
    use crate::rules::{run_rule, Profile};
    use crate::testing::{deck_of, fixture_db};

    #[test]
    fn card_without_a_print_in_the_allowed_sets_is_flagged() {
        let db = fixture_db();
        let mut profile = Profile::standard();
        profile.name = "late".into();
        profile.allowed_sets = vec!["Late".into(), "Next".into()];
        // Gina Test (Late), Test Bloodbath (Next), Test Bleed (Base only).
        let deck = deck_of(&db, &[(200007, 12), (100007, 59), (100003, 1)]);
        let found = run_rule(&NotInFormat, &db, &deck, &profile, "2021-01-01");
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].message,
            "Test Bleed is not in the card pool of profile late"
        );
        profile.allowed_cards = vec![CardRef::Id(100003)];
        assert!(run_rule(&NotInFormat, &db, &deck, &profile, "2021-01-01").is_empty());
    }

    #[test]
    fn profile_without_a_pool_allows_every_card() {
        let db = fixture_db();
        let deck = deck_of(&db, &[(200001, 12), (100003, 60)]);
        assert!(run_rule(&NotInFormat, &db, &deck, &Profile::standard(), "2021-01-01").is_empty());
    }
}
