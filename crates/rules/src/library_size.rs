//! `library-size`: 60 to 90 library cards (the profile's `library` limits).

use vtesdeck_cards::quantity;

use super::{Context, Rule, Severity, Violation};
use vtesdeck_deck::Deck;

/// The library has as many cards as the profile asks.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LibrarySize;

impl Rule for LibrarySize {
    fn id(&self) -> &'static str {
        "library-size"
    }

    fn severity(&self) -> Severity {
        Severity::Error
    }

    fn summary(&self) -> &'static str {
        "60 to 90 library cards (profile: library.min, library.max, library.max_per_player)"
    }

    fn check(&self, deck: &Deck, context: &Context) -> Vec<Violation> {
        let limits = &context.profile.library;
        let count = deck.library_count();
        let cards = || quantity(count, "card", "cards");
        let message = if count < limits.min {
            format!("library has {}, at least {} needed", cards(), limits.min)
        } else if let Some(max) = limits.max_for(context.players).filter(|&max| count > max) {
            if limits.max_per_player > 0 {
                format!(
                    "library has {}, at most {max} allowed at a table of {}",
                    cards(),
                    context.players
                )
            } else {
                format!("library has {}, at most {max} allowed", cards())
            }
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

    fn library_of(n: u32) -> Vec<Violation> {
        let db = fixture_db();
        let deck = deck_of(&db, &[(200001, 12), (100003, n)]);
        run_rule(&LibrarySize, &db, &deck, &Profile::standard(), "2021-01-01")
    }

    #[test]
    fn library_of_sixty_to_ninety_is_legal() {
        assert!(library_of(60).is_empty());
        assert!(library_of(90).is_empty());
    }

    #[test]
    fn library_of_fifty_nine_or_ninety_one_is_illegal() {
        assert_eq!(
            library_of(59)[0].message,
            "library has 59 cards, at least 60 needed"
        );
        assert_eq!(
            library_of(91)[0].message,
            "library has 91 cards, at most 90 allowed"
        );
    }

    #[test]
    fn classic_maximum_depends_on_players() {
        let db = fixture_db();
        let profile = Profile::builtin("classic").unwrap().unwrap();
        let deck = deck_of(&db, &[(200001, 12), (100003, 85)]);
        let date = "2021-01-01".parse().unwrap();
        let four = super::super::Checker::new(&db, &profile, super::super::CheckDate::On(date), 4)
            .unwrap();
        let problems = four.with_context(&deck, date, |context| LibrarySize.check(&deck, context));
        assert_eq!(
            problems[0].message,
            "library has 85 cards, at most 80 allowed at a table of 4"
        );
        assert!(run_rule(&LibrarySize, &db, &deck, &profile, "2021-01-01").is_empty());
    }
}
