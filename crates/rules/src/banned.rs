//! `banned`: a card banned at the check date (the official list, judged by the
//! date of each ban), or listed in the profile's `banned_cards`.

use chrono::NaiveDate;

use super::{Context, Rule, Severity, Violation};
use vtesdeck_deck::Deck;

/// No banned card.
#[derive(Debug, Clone, Copy)]
pub struct Banned;

/// The dates the VEKN tournament rules give to the ban years of the card list.
const BAN_DATES: &[(u16, (i32, u32, u32))] = &[
    (1995, (1995, 11, 1)),
    (1997, (1997, 7, 1)),
    (1999, (1999, 4, 1)),
    (2005, (2005, 1, 1)),
    (2008, (2008, 1, 1)),
    (2013, (2013, 5, 22)),
    (2016, (2016, 2, 16)),
    (2020, (2020, 8, 1)),
];

/// The date a ban of the given year took effect: the tournament rules' date for
/// the known years, January 1st of the year otherwise.
pub(crate) fn ban_date(year: u16) -> NaiveDate {
    let (y, m, d) = BAN_DATES
        .iter()
        .find(|(known, _)| *known == year)
        .map_or((i32::from(year), 1, 1), |(_, date)| *date);
    NaiveDate::from_ymd_opt(y, m, d).unwrap_or(NaiveDate::MIN)
}

impl Rule for Banned {
    fn id(&self) -> &'static str {
        "banned"
    }

    fn severity(&self) -> Severity {
        Severity::Error
    }

    fn summary(&self) -> &'static str {
        "no card banned at the check date (profile: banned_cards adds to the official list)"
    }

    fn check(&self, _deck: &Deck, context: &Context) -> Vec<Violation> {
        context
            .cards()
            // Most cards are banned neither by the profile nor by VEKN, and
            // most profiles ban none: the cheap tests first (a set hashes the
            // card even when it is empty), a problem built only for the others.
            .filter(|entry| {
                entry.card.banned.is_some()
                    || (!context.banned_cards.is_empty()
                        && context.banned_cards.contains(&entry.card.id))
            })
            .filter_map(|entry| {
                let card = entry.card;
                let message = if context.banned_cards.contains(&card.id) {
                    format!(
                        "{} is banned in profile {}",
                        card.display_name(),
                        context.profile.name
                    )
                } else {
                    let since = ban_date(card.banned?);
                    if context.date < since {
                        return None;
                    }
                    format!("{} is banned since {since}", card.display_name())
                };
                Some(context.card_violation(self.id(), self.severity(), entry, message))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::CardRef;
    use crate::testing::{deck_of, fixture_db};
    use crate::{run_rule, Profile};

    #[test]
    fn ban_years_map_to_rule_dates() {
        assert_eq!(ban_date(2008).to_string(), "2008-01-01");
        assert_eq!(ban_date(2013).to_string(), "2013-05-22");
        assert_eq!(ban_date(2020).to_string(), "2020-08-01");
        assert_eq!(ban_date(2030).to_string(), "2030-01-01");
    }

    #[test]
    fn banned_card_is_judged_at_the_check_date() {
        let db = fixture_db();
        // Test Forbidden: banned 2008.
        let deck = deck_of(&db, &[(200001, 12), (100003, 59), (100012, 1)]);
        let profile = Profile::standard();
        assert!(run_rule(&Banned, &db, &deck, &profile, "2007-12-31").is_empty());
        let found = run_rule(&Banned, &db, &deck, &profile, "2008-01-01");
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].message,
            "Test Forbidden is banned since 2008-01-01"
        );
        assert_eq!(found[0].line, Some(3));
    }

    #[test]
    fn banned_crypt_card_is_caught() {
        let db = fixture_db();
        // Lola Test: banned 2020 (2020-08-01).
        let deck = deck_of(&db, &[(200013, 11), (200014, 1), (100003, 60)]);
        let profile = Profile::standard();
        assert!(run_rule(&Banned, &db, &deck, &profile, "2020-07-31").is_empty());
        assert_eq!(
            run_rule(&Banned, &db, &deck, &profile, "2020-08-01").len(),
            1
        );
    }

    #[test]
    fn profile_bans_apply_at_any_date() {
        let db = fixture_db();
        let mut profile = Profile::standard();
        profile.name = "strict".into();
        profile.banned_cards = vec![CardRef::Name("Test Bleed".into())];
        let deck = deck_of(&db, &[(200001, 12), (100003, 60)]);
        let found = run_rule(&Banned, &db, &deck, &profile, "1996-01-01");
        assert_eq!(found[0].message, "Test Bleed is banned in profile strict");
    }
}
