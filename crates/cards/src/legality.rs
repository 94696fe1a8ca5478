//! When a card becomes legal in tournaments.

use chrono::{Duration, NaiveDate};

use super::card::Card;

/// The day the VEKN dropped the 30-day wait after a release (2025-09-21).
pub(crate) fn release_rule_change() -> NaiveDate {
    NaiveDate::from_ymd_opt(2025, 9, 21).unwrap_or_default()
}

/// The first day a card may be played in tournaments: the first release of
/// any of its printings; for set releases before 2025-09-21, 30 days later (but
/// no later than 2025-09-21, when the wait was dropped). A card first printed as
/// a promo is legal from the promo date. `None` when no printing has a known date.
pub fn legal_from(card: &Card) -> Option<NaiveDate> {
    let first = card
        .printings
        .iter()
        .filter(|p| p.release.is_some())
        .min_by_key(|p| (p.release, !is_promo(&p.set)))?;
    let release = first.release?;
    let change = release_rule_change();
    if release < change && !is_promo(&first.set) {
        Some((release + Duration::days(30)).min(change))
    } else {
        Some(release)
    }
}

/// Whether a set abbreviation names a promo (`Promo`, `Promo-20230603`).
fn is_promo(set: &str) -> bool {
    set == "Promo" || set.starts_with("Promo-")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::fixture_db;
    use crate::Printing;

    fn card_printed(prints: &[(&str, &str)]) -> Card {
        let mut card = fixture_db().cards()[0].clone();
        card.printings = prints
            .iter()
            .map(|(set, date)| Printing {
                set: set.to_string(),
                rarity: String::new(),
                release: NaiveDate::parse_from_str(date, "%Y-%m-%d").ok(),
            })
            .collect();
        card
    }

    fn card_released(date: &str) -> Card {
        card_printed(&[("X", date)])
    }

    fn day(text: &str) -> Option<NaiveDate> {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()
    }

    #[test]
    fn old_release_waits_thirty_days() {
        assert_eq!(legal_from(&card_released("2020-03-16")), day("2020-04-15"));
    }

    #[test]
    fn release_after_the_rule_change_is_legal_at_once() {
        assert_eq!(legal_from(&card_released("2025-11-01")), day("2025-11-01"));
    }

    #[test]
    fn first_printed_as_promo_is_legal_on_the_promo_date() {
        let card = card_printed(&[("V5", "2021-01-01"), ("Promo-20200601", "2020-06-01")]);
        assert_eq!(legal_from(&card), day("2020-06-01"));
    }

    #[test]
    fn wait_ends_on_the_rule_change_day() {
        assert_eq!(legal_from(&card_released("2025-09-10")), day("2025-09-21"));
    }
}
