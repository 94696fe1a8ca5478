//! `not-yet-legal`: a card whose first print was not yet legal at the check date.
//!
//! A set print is legal from its release date + 30 days (the rule until
//! 2025-09-21; from that day a new print is legal on its release date, so a
//! print still waiting on that day became legal then). A promo print is legal
//! from the promo date. Prints without a date (`POD:DTC` print-on-demand
//! reprints) do not count; a card with no dated print is not judged.

use chrono::{Days, NaiveDate};

use super::{Context, Rule, Severity, Violation};
use crate::cards::{Card, Printing};
use crate::deck::Deck;

/// The day the 30-day wait for new sets ended (VEKN tournament rules).
pub const IMMEDIATE_LEGALITY: NaiveDate = match NaiveDate::from_ymd_opt(2025, 9, 21) {
    Some(date) => date,
    None => NaiveDate::MIN,
};

/// Days a set print waited after its release before 2025-09-21.
const WAIT_DAYS: u64 = 30;

/// Every card's first print is legal at the check date.
#[derive(Debug, Clone, Copy)]
pub struct NotYetLegal;

/// The date a print became tournament legal, `None` for an undated print.
fn print_legal_from(print: &Printing) -> Option<NaiveDate> {
    let release = print.release?;
    if print.set.starts_with("Promo") {
        return Some(release);
    }
    let waited = release.checked_add_days(Days::new(WAIT_DAYS))?;
    Some(waited.min(release.max(IMMEDIATE_LEGALITY)))
}

/// The date a card became tournament legal and the print that made it so;
/// `None` when no print has a known date.
pub fn legal_from(card: &Card) -> Option<(NaiveDate, &Printing)> {
    card.printings
        .iter()
        .filter_map(|print| Some((print_legal_from(print)?, print)))
        .min_by_key(|(date, _)| *date)
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

    fn check(&self, deck: &Deck, context: &Context) -> Vec<Violation> {
        context
            .cards(deck)
            .filter_map(|(entry, card)| {
                let (legal, print) = legal_from(card)?;
                if context.date >= legal {
                    return None;
                }
                let release = print.release.map_or_else(String::new, |d| d.to_string());
                let message = format!(
                    "{} is not legal before {legal} (first print {}, released {release})",
                    card.display_name(),
                    print.set
                );
                Some(context.card_violation(self.id(), self.severity(), entry, message))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardId;
    use crate::rules::{run_rule, Profile};
    use crate::testing::{deck_of, fixture_db};

    fn print(set: &str, release: Option<&str>) -> Printing {
        Printing {
            set: set.into(),
            rarity: String::new(),
            release: release.map(|d| d.parse().unwrap()),
        }
    }

    fn legal_date(prints: Vec<Printing>) -> Option<String> {
        let db = fixture_db();
        let mut card = db.get(CardId(100003)).unwrap().clone();
        card.printings = prints;
        legal_from(&card).map(|(date, _)| date.to_string())
    }

    #[test]
    fn set_prints_wait_thirty_days_before_2025_09_21() {
        assert_eq!(legal_date(vec![print("V5A", Some("2021-12-01"))]).unwrap(), "2021-12-31");
        // Released 2025-09-01: the wait ended with the rule change.
        assert_eq!(legal_date(vec![print("X", Some("2025-09-01"))]).unwrap(), "2025-09-21");
        assert_eq!(legal_date(vec![print("SV5", Some("2025-10-26"))]).unwrap(), "2025-10-26");
    }

    #[test]
    fn promos_are_legal_at_their_date_and_pod_prints_do_not_count() {
        let promo = print("Promo-20090401", Some("2009-04-01"));
        assert_eq!(legal_date(vec![promo]).unwrap(), "2009-04-01");
        let prints = vec![print("LK", Some("2018-06-09")), print("POD", None)];
        assert_eq!(legal_date(prints).unwrap(), "2018-07-09");
        assert_eq!(legal_date(vec![print("POD", None)]), None);
        let reprinted = vec![print("V5", Some("2020-11-30")), print("Promo-20190408", Some("2019-04-08"))];
        assert_eq!(legal_date(reprinted).unwrap(), "2019-04-08");
    }

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
        assert_eq!(run_rule(&NotYetLegal, &db, &deck, &profile, "2029-12-31").len(), 1);
        assert!(run_rule(&NotYetLegal, &db, &deck, &profile, "2030-01-01").is_empty());
    }

    #[test]
    fn promo_card_is_legal_from_its_promo_date() {
        let db = fixture_db();
        let deck = deck_of(&db, &[(200001, 12), (100003, 59), (100018, 1)]);
        let profile = Profile::standard();
        assert_eq!(run_rule(&NotYetLegal, &db, &deck, &profile, "2010-05-09").len(), 1);
        assert!(run_rule(&NotYetLegal, &db, &deck, &profile, "2010-05-10").is_empty());
    }
}
