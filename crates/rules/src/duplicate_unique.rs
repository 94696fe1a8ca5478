//! `duplicate-unique` (info): more than one copy of a unique library card.
//! Uniqueness and identity come from the cards layer
//! ([`vtesdeck_cards::Identity`], read once per card in
//! [`crate::card_facts::CardFacts`]): copies are counted per card name,
//! whatever the lines they are on.

use super::{Context, Rule, Severity, Violation};
use vtesdeck_deck::Deck;

/// Notes extra copies of a unique non-vampire card (only one can be in play).
#[derive(Debug, Clone, Copy)]
pub(crate) struct DuplicateUnique;

impl Rule for DuplicateUnique {
    fn id(&self) -> &'static str {
        "duplicate-unique"
    }

    fn severity(&self) -> Severity {
        Severity::Info
    }

    fn summary(&self) -> &'static str {
        "several copies of a unique library card (only one can be in play)"
    }

    fn check(&self, _deck: &Deck, context: &Context) -> Vec<Violation> {
        let unique: Vec<_> = context
            .library
            .iter()
            .filter_map(|entry| Some((entry.facts.library().unique.as_ref()?, entry)))
            .collect();
        unique
            .iter()
            .enumerate()
            .filter(|(i, (identity, _))| !unique[..*i].iter().any(|(other, _)| other == identity))
            .filter_map(|(_, (identity, entry))| {
                let copies = unique
                    .iter()
                    .filter(|(other, _)| other == identity)
                    .fold(0u32, |n, (_, e)| n.saturating_add(e.deck_card.count));
                (copies > 1).then(|| {
                    let message = format!(
                        "{copies} copies of {}, a unique card (only one can be in play)",
                        entry.card.display_name()
                    );
                    context.card_violation(self.id(), self.severity(), entry, message)
                })
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
    fn second_copy_of_a_unique_location_is_an_info_note() {
        let db = fixture_db();
        let deck = deck_of(&db, &[(200001, 12), (100003, 58), (100001, 2), (100010, 1)]);
        let found = run_rule(
            &DuplicateUnique,
            &db,
            &deck,
            &Profile::standard(),
            "2021-01-01",
        );
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].severity, Severity::Info);
        assert_eq!(
            found[0].message,
            "2 copies of Test Haven, a unique card (only one can be in play)"
        );
    }

    #[test]
    fn unique_vampires_are_not_counted() {
        let db = fixture_db();
        let deck = deck_of(&db, &[(200001, 12), (100003, 60)]);
        assert!(run_rule(
            &DuplicateUnique,
            &db,
            &deck,
            &Profile::standard(),
            "2021-01-01"
        )
        .is_empty());
    }
}
