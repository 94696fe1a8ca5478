//! `crypt-size`: at least 12 crypt cards (the profile's `crypt.min`, `crypt.max`).

use vtesdeck_cards::quantity;

use super::{Context, Rule, Severity, Violation};
use vtesdeck_deck::Deck;

/// The crypt has as many cards as the profile asks.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CryptSize;

impl Rule for CryptSize {
    fn id(&self) -> &'static str {
        "crypt-size"
    }

    fn severity(&self) -> Severity {
        Severity::Error
    }

    fn summary(&self) -> &'static str {
        "at least 12 crypt cards (profile: crypt.min, crypt.max)"
    }

    fn check(&self, deck: &Deck, context: &Context) -> Vec<Violation> {
        let limits = &context.profile.crypt;
        let count = deck.crypt_count();
        let message = if count < limits.min {
            format!(
                "crypt has {}, at least {} needed",
                quantity(count, "card", "cards"),
                limits.min
            )
        } else if let Some(max) = limits.max.filter(|&max| count > max) {
            format!(
                "crypt has {}, at most {max} allowed",
                quantity(count, "card", "cards")
            )
        } else {
            return Vec::new();
        };
        vec![Violation::deck(self.id(), self.severity(), message)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{deck_of, fixture_db};
    use crate::{run_rule, Profile};

    #[test]
    fn crypt_of_eleven_is_illegal() {
        let db = fixture_db();
        let deck = deck_of(&db, &[(200001, 6), (200002, 5), (100003, 60)]);
        let problems = run_rule(&CryptSize, &db, &deck, &Profile::standard(), "2021-01-01");
        assert_eq!(problems.len(), 1);
        assert_eq!(
            problems[0].message,
            "crypt has 11 cards, at least 12 needed"
        );
    }

    #[test]
    fn one_crypt_card_is_in_the_singular() {
        let db = fixture_db();
        let deck = deck_of(&db, &[(200001, 1), (100003, 60)]);
        let problems = run_rule(&CryptSize, &db, &deck, &Profile::standard(), "2021-01-01");
        assert_eq!(problems[0].message, "crypt has 1 card, at least 12 needed");
    }

    #[test]
    fn crypt_of_twelve_is_legal_and_has_no_maximum() {
        let db = fixture_db();
        let profile = Profile::standard();
        let deck = deck_of(&db, &[(200001, 12), (100003, 60)]);
        assert!(run_rule(&CryptSize, &db, &deck, &profile, "2021-01-01").is_empty());
        let deck = deck_of(&db, &[(200001, 40), (100003, 60)]);
        assert!(run_rule(&CryptSize, &db, &deck, &profile, "2021-01-01").is_empty());
    }

    #[test]
    fn profile_maximum_applies() {
        let db = fixture_db();
        let mut profile = Profile::standard();
        profile.crypt.max = Some(20);
        let deck = deck_of(&db, &[(200001, 21), (100003, 60)]);
        let problems = run_rule(&CryptSize, &db, &deck, &profile, "2021-01-01");
        assert_eq!(
            problems[0].message,
            "crypt has 21 cards, at most 20 allowed"
        );
    }
}
