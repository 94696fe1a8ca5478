//! `not-in-format`: a card outside the profile's card pool (`allowed_sets`,
//! `allowed_cards`, `new_releases_after`) at the check date; any print of a pool
//! card may be used.

use super::{Context, Rule, Severity, Violation};
use vtesdeck_cards::Card;
use vtesdeck_deck::Deck;

/// Every card is in the profile's card pool.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NotInFormat;

/// Whether a card belongs to the pool of the context's profile at its date.
fn in_pool(card: &Card, context: &Context) -> bool {
    context.allowed_cards.contains(&card.id)
        || card
            .printings
            .iter()
            .any(|print| context.profile.print_in_pool(print, context.date))
}

/// Why a card out of the pool is out: the pool print it is still waiting for, if any.
fn waiting_for(card: &Card, context: &Context) -> String {
    card.printings
        .iter()
        .filter(|print| context.profile.print_joins_pool_later(print, context.date))
        .filter_map(|print| Some((print.release?, print)))
        .min_by_key(|(day, _)| *day)
        .map_or_else(String::new, |(day, print)| {
            let print = match print.set.as_str() {
                "Promo" => format!("Promo:{}", day.format("%Y%m%d")),
                set => set.to_string(),
            };
            format!(
                " on {} (it joins with its {print} print of {day})",
                context.date
            )
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
        "every card in the profile's card pool (profile: allowed_sets, allowed_cards, new_releases_after)"
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
                    "{} is not in the card pool of profile {}{}",
                    entry.card.display_name(),
                    context.profile.name,
                    waiting_for(entry.card, context)
                );
                context.card_violation(self.id(), self.severity(), entry, message)
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
    use vtesdeck_cards::PrintRef;

    #[test]
    fn card_without_a_print_in_the_allowed_sets_is_flagged() {
        let db = fixture_db();
        let mut profile = Profile::standard();
        profile.name = "late".into();
        profile.allowed_sets = vec![PrintRef::Set("Late".into()), PrintRef::Set("Next".into())];
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
    fn pool_print_counts_from_its_release_day() {
        let db = fixture_db();
        let mut profile = Profile::standard();
        profile.name = "late".into();
        profile.allowed_sets = vec![PrintRef::Set("Late".into())];
        // Gina Test: Late, released 2020-01-01.
        let deck = deck_of(&db, &[(200007, 12), (100014, 60)]);
        let found = run_rule(&NotInFormat, &db, &deck, &profile, "2019-12-31");
        assert_eq!(found.len(), 2);
        assert_eq!(
            found[0].message,
            "Gina Test is not in the card pool of profile late on 2019-12-31 \
             (it joins with its Late print of 2020-01-01)"
        );
        assert!(run_rule(&NotInFormat, &db, &deck, &profile, "2020-01-01").is_empty());
    }

    #[test]
    fn new_releases_join_the_pool_on_their_release_day_whatever_their_set() {
        let db = fixture_db();
        let mut profile = Profile::standard();
        profile.allowed_sets = vec![PrintRef::Set("Late".into())];
        profile.new_releases_after = "2020-01-01".parse().ok();
        // Kiki Test and Test Future: Future, released 2030-01-01; Test Duo: Next (2005).
        let deck = deck_of(&db, &[(200013, 12), (100016, 59), (100006, 1)]);
        let flagged = |date| -> Vec<Option<String>> {
            run_rule(&NotInFormat, &db, &deck, &profile, date)
                .into_iter()
                .map(|v| v.card)
                .collect()
        };
        assert_eq!(
            flagged("2029-12-31"),
            [
                Some("Kiki Test".to_string()),
                Some("Test Future".into()),
                Some("Test Duo".into())
            ]
        );
        assert_eq!(flagged("2030-01-01"), [Some("Test Duo".to_string())]);
    }

    #[test]
    fn profile_without_a_pool_allows_every_card() {
        let db = fixture_db();
        let deck = deck_of(&db, &[(200001, 12), (100003, 60)]);
        assert!(run_rule(&NotInFormat, &db, &deck, &Profile::standard(), "2021-01-01").is_empty());
    }
}
