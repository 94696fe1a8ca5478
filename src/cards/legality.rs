//! When a card becomes legal in tournaments.

use chrono::{Duration, NaiveDate};

use super::card::Card;

/// The day the VEKN dropped the 30-day wait after a release (2025-09-21).
pub fn release_rule_change() -> NaiveDate {
    NaiveDate::from_ymd_opt(2025, 9, 21).unwrap_or_default()
}

/// The first day a card may be played in tournaments: the first release of
/// any of its printings; for releases before 2025-09-21, 30 days later (but no
/// later than 2025-09-21, when the wait was dropped). `None` when no printing
/// has a known date.
pub fn legal_from(card: &Card) -> Option<NaiveDate> {
    let release = card.first_release()?;
    let change = release_rule_change();
    if release < change {
        Some((release + Duration::days(30)).min(change))
    } else {
        Some(release)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Printing;
    use crate::testing::fixture_db;

    fn card_released(date: &str) -> Card {
        let mut card = fixture_db().cards()[0].clone();
        card.printings = vec![Printing {
            set: "X".into(),
            rarity: String::new(),
            release: NaiveDate::parse_from_str(date, "%Y-%m-%d").ok(),
        }];
        card
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
    fn wait_ends_on_the_rule_change_day() {
        assert_eq!(legal_from(&card_released("2025-09-10")), day("2025-09-21"));
    }
}
