//! `not-yet-legal`: a card whose first print was not yet legal at the check date
//! ([`vtesdeck_cards::legal_from`]: the first release, + 30 days for set releases
//! before 2025-09-21, a promo first print at its date). Prints without a date
//! (`POD:DTC` print-on-demand reprints) do not count; a card with no dated print
//! is not judged.

use super::{Context, Rule, Severity, Violation};
use vtesdeck_cards::{Card, Printing};
use vtesdeck_deck::Deck;

/// Every card's first print is legal at the check date.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NotYetLegal;

/// The first dated print of a card (a promo first on the same day).
fn first_print(card: &Card) -> Option<&Printing> {
    card.printings
        .iter()
        .filter(|print| print.release.is_some())
        .min_by_key(|print| (print.release, !print.set.starts_with("Promo")))
}

impl Rule for NotYetLegal {
    fn id(&self) -> &'static str {
        "not-yet-legal"
    }

    fn severity(&self) -> Severity {
        Severity::Error
    }

    fn summary(&self) -> &'static str {
        "every card legal at the check date: release + 30 days (none from 2025-09-21), promos at their date"
    }

    fn check(&self, _deck: &Deck, context: &Context) -> Vec<Violation> {
        context
            .cards()
            .filter_map(|entry| Some((entry, entry.facts.legal_from?)))
            .filter(|(_, legal)| context.date < *legal)
            .filter_map(|(entry, legal)| {
                let card = entry.card;
                let first = first_print(card)?;
                let release = first.release.map_or_else(String::new, |d| d.to_string());
                let message = format!(
                    "{} is not legal before {legal} (first print {}, released {release})",
                    card.display_name(),
                    first.set
                );
                Some(context.card_violation(self.id(), self.severity(), entry, message))
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
    fn card_within_thirty_days_of_its_release_is_flagged() {
        let db = fixture_db();
        // Test Ally: Late set, released 2020-01-01, legal from 2020-01-31.
        let deck = deck_of(&db, &[(200001, 12), (100003, 59), (100014, 1)]);
        let profile = Profile::standard();
        let found = run_rule(&NotYetLegal, &db, &deck, &profile, "2020-01-15");
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].message,
            "Test Ally is not legal before 2020-01-31 (first print Late, released 2020-01-01)"
        );
        assert!(run_rule(&NotYetLegal, &db, &deck, &profile, "2020-01-31").is_empty());
    }

    #[test]
    fn card_released_after_2025_09_21_is_legal_on_its_release_date() {
        let db = fixture_db();
        // Test Future: Future set, released 2030-01-01.
        let deck = deck_of(&db, &[(200001, 12), (100003, 59), (100016, 1)]);
        let profile = Profile::standard();
        assert_eq!(
            run_rule(&NotYetLegal, &db, &deck, &profile, "2029-12-31").len(),
            1
        );
        assert!(run_rule(&NotYetLegal, &db, &deck, &profile, "2030-01-01").is_empty());
    }

    #[test]
    fn promo_card_is_legal_from_its_promo_date() {
        let db = fixture_db();
        let deck = deck_of(&db, &[(200001, 12), (100003, 59), (100018, 1)]);
        let profile = Profile::standard();
        let found = run_rule(&NotYetLegal, &db, &deck, &profile, "2010-05-09");
        assert_eq!(
            found[0].message,
            "Test Promo is not legal before 2010-05-10 (first print Promo-20100510, released 2010-05-10)"
        );
        assert!(run_rule(&NotYetLegal, &db, &deck, &profile, "2010-05-10").is_empty());
    }

    #[test]
    fn print_on_demand_prints_do_not_count() {
        let db = fixture_db();
        let mut card = db.get(vtesdeck_cards::CardId(100003)).cloned().unwrap();
        card.printings.push(Printing {
            set: "POD".into(),
            rarity: "DTC".into(),
            release: None,
        });
        assert_eq!(first_print(&card).map(|p| p.set.as_str()), Some("Base"));
        card.printings.retain(|p| p.set == "POD");
        assert_eq!(first_print(&card), None);
        assert_eq!(vtesdeck_cards::legal_from(&card), None);
    }
}
