//! `unplayable-card` (warning): a library card no crypt card can ever play: a
//! discipline (or virtue) requirement or a clan requirement nobody in the crypt meets.

use super::{Context, Rule, Severity, Violation};
use crate::cards::Card;
use crate::deck::Deck;

/// Warns about library cards the crypt cannot play.
#[derive(Debug, Clone, Copy)]
pub struct UnplayableCard;

/// Clans that the card text treats as one (renamed clans of the Fifth Edition).
const SAME_CLANS: &[(&str, &str)] = &[
    ("Assamite", "Banu Haqim"),
    ("Follower of Set", "Ministry"),
    ("Giovanni", "Hecata"),
];

/// Whether a crypt card belongs to the clan a library card names.
fn is_of_clan(crypt_clan: &str, required: &str) -> bool {
    crypt_clan.eq_ignore_ascii_case(required)
        || SAME_CLANS.iter().any(|(a, b)| {
            (crypt_clan.eq_ignore_ascii_case(a) && required.eq_ignore_ascii_case(b))
                || (crypt_clan.eq_ignore_ascii_case(b) && required.eq_ignore_ascii_case(a))
        })
}

impl Rule for UnplayableCard {
    fn id(&self) -> &'static str {
        "unplayable-card"
    }

    fn severity(&self) -> Severity {
        Severity::Warning
    }

    fn summary(&self) -> &'static str {
        "a library card whose discipline or clan requirement no crypt card meets"
    }

    fn check(&self, _deck: &Deck, context: &Context) -> Vec<Violation> {
        if context.crypt.is_empty() {
            return Vec::new();
        }
        let crypt: Vec<&Card> = context.crypt.iter().map(|entry| entry.card).collect();
        let masks: Vec<u64> = context
            .crypt
            .iter()
            .map(|entry| entry.facts.disciplines)
            .collect();
        context
            .library
            .iter()
            .filter_map(|entry| {
                let card = entry.card;
                let missing = if let Some(requirement) = card
                    .discipline_requirement
                    .as_ref()
                    .filter(|req| !masks.iter().any(|&mask| req.is_met_by(mask)))
                {
                    requirement.to_string()
                } else if !card.clans.is_empty()
                    && !crypt.iter().any(|vampire| {
                        vampire.clans.iter().any(|clan| {
                            card.clans.iter().any(|required| is_of_clan(clan, required))
                        })
                    })
                {
                    card.clans.join("/")
                } else {
                    return None;
                };
                let message = format!(
                    "no crypt card can play {}: it needs {missing}",
                    card.display_name()
                );
                Some(context.card_violation(self.id(), self.severity(), entry, message))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{run_rule, Profile};
    use crate::testing::{deck_of, fixture_db};

    fn warnings(cards: &[(u32, u32)]) -> Vec<String> {
        let db = fixture_db();
        let deck = deck_of(&db, cards);
        run_rule(
            &UnplayableCard,
            &db,
            &deck,
            &Profile::standard(),
            "2021-01-01",
        )
        .into_iter()
        .map(|v| v.message)
        .collect()
    }

    #[test]
    fn discipline_nobody_has_is_a_warning() {
        // Alma Test has pot only: Test Chimera needs Chimerstry.
        assert_eq!(
            warnings(&[(200001, 12), (100004, 30), (100015, 30)]),
            ["no crypt card can play Test Chimera: it needs Chimerstry"]
        );
    }

    #[test]
    fn all_of_requirement_needs_one_vampire_with_both() {
        // Test Duo needs Potence & Presence: Alma (pot) and Dario (pre) apart do not do.
        assert_eq!(
            warnings(&[(200001, 6), (200004, 6), (100006, 60)]),
            ["no crypt card can play Test Duo: it needs Potence & Presence"]
        );
        assert!(warnings(&[(200003, 12), (100006, 60)]).is_empty());
    }

    #[test]
    fn clan_requirement_needs_a_member() {
        assert_eq!(
            warnings(&[(200006, 12), (100008, 60)]),
            ["no crypt card can play Test Brujah Pride: it needs Brujah"]
        );
        // Test Toreador Grace: Toreador or Ventrue.
        assert!(warnings(&[(200013, 12), (100009, 60)]).is_empty());
    }

    #[test]
    fn renamed_clans_count_as_one() {
        assert!(is_of_clan("Banu Haqim", "Assamite"));
        assert!(is_of_clan("Follower of Set", "Ministry"));
        assert!(!is_of_clan("Brujah", "Brujah antitribu"));
    }
}
