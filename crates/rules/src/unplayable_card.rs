//! `unplayable-card` (warning): a library card no crypt card can ever play,
//! as the shared playability model ([`vtesdeck_cards::can_play`]) says:
//! disciplines and virtues (Flight included), clan (renamed clans as one),
//! path, sect, title, capacity, traits.

use super::{Context, Rule, Severity, Violation};
use vtesdeck_deck::Deck;

/// Warns about library cards the crypt cannot play.
#[derive(Debug, Clone, Copy)]
pub(crate) struct UnplayableCard;

impl Rule for UnplayableCard {
    fn id(&self) -> &'static str {
        "unplayable-card"
    }

    fn severity(&self) -> Severity {
        Severity::Warning
    }

    fn summary(&self) -> &'static str {
        "a library card whose requirements (discipline, clan, sect, title, capacity...) no crypt card meets"
    }

    fn check(&self, _deck: &Deck, context: &Context) -> Vec<Violation> {
        if context.crypt.is_empty() {
            return Vec::new();
        }
        let crypt = context
            .crypt
            .iter()
            .filter_map(|entry| entry.facts.crypt.as_ref());
        context
            .library
            .iter()
            .filter_map(|entry| Some((entry, entry.facts.library().requirement.as_ref()?)))
            .filter(|(_, requirement)| !crypt.clone().any(|vampire| requirement.is_met_by(vampire)))
            .map(|(entry, requirement)| {
                let message = format!(
                    "no crypt card can play {}: it needs {requirement}",
                    entry.card.display_name()
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
            ["no crypt card can play Test Brujah Pride: it needs Brujah; camarilla"]
        );
        // Test Toreador Grace: Toreador or Ventrue.
        assert!(warnings(&[(200013, 12), (100009, 60)]).is_empty());
    }

    #[test]
    fn clan_and_sect_must_meet_in_one_vampire() {
        // Test Brujah Pride: Brujah and camarilla; Theo Test G6 is an Anarch
        // Brujah, Dario Test a Camarilla Toreador.
        assert_eq!(
            warnings(&[(200010, 6), (200004, 6), (100008, 60)]),
            ["no crypt card can play Test Brujah Pride: it needs Brujah; camarilla"]
        );
    }
}
