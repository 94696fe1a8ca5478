//! `crypt-grouping`: every crypt card from one group or two consecutive groups.
//! `ANY` fits any deck; Imbued count like vampires.

use super::{Context, Rule, Severity, Violation};
use vtesdeck_cards::Group;
use vtesdeck_deck::Deck;

/// The crypt spans at most two consecutive groups.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CryptGrouping;

/// The pair of consecutive groups `(g, g + 1)` holding the most crypt cards
/// (copies counted; the lower pair on a tie), from `(group, copies)` pairs.
/// `None` when no card has a numbered group.
pub(crate) fn best_group_pair(groups: impl IntoIterator<Item = (u8, u32)>) -> Option<(u8, u8)> {
    let groups: Vec<(u8, u32)> = groups.into_iter().collect();
    let low = groups.iter().map(|g| g.0).min()?;
    let high = groups.iter().map(|g| g.0).max()?;
    let inside = |first: u8| -> u32 {
        groups
            .iter()
            .filter(|(g, _)| *g == first || *g == first + 1)
            .map(|(_, copies)| copies)
            .sum()
    };
    let mut best = (low, inside(low));
    for first in low + 1..high.max(low + 1) {
        let count = inside(first);
        if count > best.1 {
            best = (first, count);
        }
    }
    Some((best.0, best.0 + 1))
}

impl Rule for CryptGrouping {
    fn id(&self) -> &'static str {
        "crypt-grouping"
    }

    fn severity(&self) -> Severity {
        Severity::Error
    }

    fn summary(&self) -> &'static str {
        "crypt from one group or two consecutive groups, ANY fits all (profile: grouping)"
    }

    fn check(&self, _deck: &Deck, context: &Context) -> Vec<Violation> {
        if !context.profile.grouping {
            return Vec::new();
        }
        let numbered = context
            .crypt
            .iter()
            .filter_map(|entry| Some((entry, entry.card.group.and_then(Group::number)?)));
        let low = numbered.clone().map(|(_, group)| group).min();
        let high = numbered.clone().map(|(_, group)| group).max();
        if let (Some(low), Some(high)) = (low, high) {
            if high - low <= 1 {
                return Vec::new();
            }
        }
        let Some((first, second)) = best_group_pair(
            numbered
                .clone()
                .map(|(entry, group)| (group, entry.deck_card.count)),
        ) else {
            return Vec::new();
        };
        numbered
            .filter(|(_, group)| *group != first && *group != second)
            .map(|(entry, _)| {
                let message = format!(
                    "{} {} does not fit groups {first}-{second}",
                    entry.card.name,
                    entry.card.suffix()
                );
                context.card_violation(self.id(), self.severity(), entry, message)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{deck_of, fixture_db};
    use crate::{run_rule, Profile};

    fn problems(cards: &[(u32, u32)], profile: &Profile) -> Vec<Violation> {
        let db = fixture_db();
        let mut all = cards.to_vec();
        all.push((100003, 60));
        let deck = deck_of(&db, &all);
        run_rule(&CryptGrouping, &db, &deck, profile, "2021-01-01")
    }

    #[test]
    fn best_pair_holds_the_most_cards() {
        assert_eq!(best_group_pair([(1, 6), (2, 5), (3, 1)]), Some((1, 2)));
        assert_eq!(best_group_pair([(1, 1), (2, 5), (3, 6)]), Some((2, 3)));
        assert_eq!(best_group_pair([(4, 12)]), Some((4, 5)));
        assert_eq!(best_group_pair([]), None);
    }

    #[test]
    fn two_consecutive_groups_are_legal() {
        assert!(problems(&[(200001, 6), (200003, 6)], &Profile::standard()).is_empty());
    }

    #[test]
    fn card_outside_the_best_pair_is_named() {
        let found = problems(
            &[(200001, 6), (200003, 5), (200005, 1)],
            &Profile::standard(),
        );
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].message, "Eva Test (G3) does not fit groups 1-2");
        assert_eq!(found[0].card_id.map(|id| id.0), Some(200005));
    }

    #[test]
    fn any_group_fits_any_deck() {
        assert!(problems(
            &[(200001, 6), (200003, 5), (200011, 2)],
            &Profile::standard()
        )
        .is_empty());
        assert!(problems(
            &[(200013, 6), (200014, 5), (200011, 2)],
            &Profile::standard()
        )
        .is_empty());
    }

    #[test]
    fn imbued_count_like_vampires() {
        // Juno Test is an Imbued of group 4: with groups 1-2 it does not fit.
        let found = problems(
            &[(200001, 6), (200003, 5), (200012, 1)],
            &Profile::standard(),
        );
        assert_eq!(found[0].message, "Juno Test (G4) does not fit groups 1-2");
        assert!(problems(&[(200007, 6), (200012, 6)], &Profile::standard()).is_empty());
    }

    #[test]
    fn limited_profile_has_no_grouping_rule() {
        let limited = Profile::builtin("limited").unwrap().unwrap();
        assert!(problems(&[(200001, 6), (200014, 6)], &limited).is_empty());
    }
}
