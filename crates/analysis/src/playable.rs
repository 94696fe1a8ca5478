//! Playability: for each library card with a requirement on the crypt card
//! that plays it, how many crypt cards of the deck can play it, and the
//! "dead cards" none can.

use serde::Serialize;

use super::composition::{known_cards, CardCount};
use vtesdeck_cards::{CardDb, CardId, CryptCard, CryptRequirement, Identity};
use vtesdeck_deck::Deck;

/// A library card with a requirement, and who in the crypt meets it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayableCard {
    /// VEKN id.
    pub id: CardId,
    /// Card name.
    pub name: String,
    /// Copies in the library.
    pub count: u32,
    /// What it asks (`Potence & Presence; Brujah; camarilla`).
    pub requirement: String,
    /// Crypt cards (copies) that can play it.
    pub crypt_cards: u32,
    /// Different vampires that can play it: every printing of a name (base,
    /// advanced, any group) is one vampire ([`Identity`]), as `draw` counts them.
    pub vampires: u32,
    /// Requirement terms vtesdeck does not check against the crypt (`1 Gehenna`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unchecked: Vec<String>,
}

/// The playability of a deck's library.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Playability {
    /// Every library card with a requirement, in deck order.
    pub cards: Vec<PlayableCard>,
    /// Library cards no crypt card can play.
    pub dead_cards: Vec<CardCount>,
    /// Copies of dead cards.
    pub dead_count: u32,
}

impl Playability {
    /// Checks every library card with a requirement against every crypt card.
    pub(crate) fn of_deck(deck: &Deck, db: &CardDb) -> Playability {
        let crypt: Vec<_> = known_cards(&deck.crypt, db)
            .map(|(card, count)| (CryptCard::new(card), Identity::of(card), count))
            .collect();
        let mut cards = Vec::new();
        let mut dead_cards = Vec::new();
        for (card, count) in known_cards(&deck.library, db) {
            let requirement = CryptRequirement::of_card(card);
            if !requirement.is_restrictive() {
                continue;
            }
            let mut crypt_cards = 0;
            let mut vampires: Vec<&Identity> = Vec::new();
            for (vampire, identity, copies) in &crypt {
                if requirement.is_met_by(vampire) {
                    crypt_cards += copies;
                    if !vampires.contains(&identity) {
                        vampires.push(identity);
                    }
                }
            }
            if vampires.is_empty() {
                dead_cards.push(CardCount::new(card, count, db));
            }
            cards.push(PlayableCard {
                id: card.id,
                name: card.name.clone(),
                count,
                requirement: requirement.to_string(),
                crypt_cards,
                vampires: vampires.len() as u32,
                unchecked: requirement.unchecked().to_vec(),
            });
        }
        let dead_count = dead_cards.iter().map(|c| c.count).sum();
        Playability {
            cards,
            dead_cards,
            dead_count,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{deck_of, fixture_db};

    #[test]
    fn counts_crypt_cards_that_meet_each_requirement() {
        let db = fixture_db();
        // Crypt: Alma pot x2, Bruno cel pot x1, Carla CEL POT pre x3.
        // Library: Test Punch (Potence), Test Duo (Potence & Presence),
        // Test Dodge (Celerity/Auspex), Test Haven (no requirement).
        let deck = deck_of(
            &db,
            &[
                (200001, 2),
                (200002, 1),
                (200003, 3),
                (100004, 4),
                (100006, 2),
                (100005, 3),
                (100001, 1),
            ],
        );
        let play = Playability::of_deck(&deck, &db);
        let figures: Vec<(&str, u32, u32)> = play
            .cards
            .iter()
            .map(|c| (c.name.as_str(), c.crypt_cards, c.vampires))
            .collect();
        assert_eq!(
            figures,
            [
                ("Test Punch", 6, 3),
                ("Test Duo", 3, 1),
                ("Test Dodge", 4, 2)
            ]
        );
        assert!(play.dead_cards.is_empty());
        assert_eq!(play.dead_count, 0);
    }

    #[test]
    fn printings_of_one_name_are_one_vampire() {
        let db = fixture_db();
        // Theo Test G2, G2 advanced and G6 (Brujah, pot), Alma (Brujah, pot); Test Punch (Potence).
        let deck = deck_of(
            &db,
            &[
                (200008, 2),
                (200009, 1),
                (200010, 3),
                (200001, 2),
                (100004, 4),
            ],
        );
        let play = Playability::of_deck(&deck, &db);
        let punch = &play.cards[0];
        assert_eq!(punch.name, "Test Punch");
        assert_eq!((punch.crypt_cards, punch.vampires), (8, 2));
    }

    #[test]
    fn a_card_no_crypt_card_can_play_is_dead() {
        let db = fixture_db();
        // Brujah crypt; Test Chimera needs Chimerstry, Test Toreador Grace a Toreador or Ventrue.
        let deck = deck_of(
            &db,
            &[
                (200001, 6),
                (200002, 6),
                (100015, 3),
                (100009, 2),
                (100004, 5),
            ],
        );
        let play = Playability::of_deck(&deck, &db);
        let dead: Vec<(&str, u32)> = play
            .dead_cards
            .iter()
            .map(|c| (c.name.as_str(), c.count))
            .collect();
        assert_eq!(dead, [("Test Chimera", 3), ("Test Toreador Grace", 2)]);
        assert_eq!(play.dead_count, 5);
    }

    #[test]
    fn clan_and_sect_requirements_are_checked_together() {
        let db = fixture_db();
        // Test Brujah Pride: Brujah + camarilla. Alma (Camarilla Brujah) x1, Theo G6 (Anarch Brujah) x2
        let deck = deck_of(&db, &[(200001, 1), (200010, 2), (100008, 1)]);
        let play = Playability::of_deck(&deck, &db);
        assert_eq!(play.cards[0].requirement, "Brujah; camarilla");
        assert_eq!((play.cards[0].crypt_cards, play.cards[0].vampires), (1, 1));
    }
}
