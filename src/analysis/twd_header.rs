//! The crypt and library headers of a TWDA entry, computed from the cards:
//! `Crypt (12 cards, min=8, max=26, avg=4.42)`, `Library (90 cards)`,
//! `Master (20; 4 trifle)`, `Action Modifier/Reaction (12)`.

use serde::Serialize;

use super::capacity::CapacitySpread;
use super::composition::known_cards;
use crate::cards::{CardDb, CardType};
use crate::deck::Deck;

/// The crypt header's figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CryptHeader {
    /// Crypt cards, copies counted.
    pub count: u32,
    /// Sum of the 4 smallest capacities.
    pub min: u32,
    /// Sum of the 4 largest capacities.
    pub max: u32,
    /// The average capacity as printed (`4.42`).
    pub avg: String,
}

/// One library section: a full type string and its copies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LibrarySection {
    /// The full type (`Action Modifier/Reaction`).
    #[serde(rename = "type")]
    pub type_name: String,
    /// Copies.
    pub count: u32,
    /// Trifle copies (printed only when not zero).
    pub trifles: u32,
}

/// The headers of a TWDA entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TwdHeader {
    /// `Crypt (N cards, min=, max=, avg=)`.
    pub crypt: CryptHeader,
    /// `Library (N cards)`.
    pub library: u32,
    /// The library sections, in the archive's order.
    pub sections: Vec<LibrarySection>,
}

impl TwdHeader {
    /// Computes the headers of a deck.
    pub fn of_deck(deck: &Deck, db: &CardDb) -> TwdHeader {
        let capacity = CapacitySpread::of_deck(deck, db);
        TwdHeader::new(deck, db, &capacity)
    }

    /// Computes the headers with a capacity spread already computed.
    pub fn new(deck: &Deck, db: &CardDb, capacity: &CapacitySpread) -> TwdHeader {
        // Grouped by the card's type list first: no string built per card.
        let mut groups: Vec<(&[CardType], u32, u32)> = Vec::new();
        for (card, count) in known_cards(&deck.library, db) {
            let trifles = if card.trifle { count } else { 0 };
            match groups
                .iter_mut()
                .find(|(types, _, _)| *types == card.types.as_slice())
            {
                Some(group) => {
                    group.1 += count;
                    group.2 += trifles;
                }
                None => groups.push((&card.types, count, trifles)),
            }
        }
        let mut sections: Vec<LibrarySection> = groups
            .into_iter()
            .map(|(types, count, trifles)| LibrarySection {
                type_name: types.iter().map(|t| t.name()).collect::<Vec<_>>().join("/"),
                count,
                trifles,
            })
            .collect();
        sections.sort_by(|a, b| {
            CardType::section_rank(&a.type_name).cmp(&CardType::section_rank(&b.type_name))
        });
        TwdHeader {
            crypt: CryptHeader {
                count: deck.crypt_count(),
                min: capacity.min,
                max: capacity.max,
                avg: capacity.average_text.clone(),
            },
            library: deck.library_count(),
            sections,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{deck_of, fixture_db};

    #[test]
    fn sections_use_full_types_in_archive_order_with_trifles() {
        let db = fixture_db();
        let deck = deck_of(
            &db,
            &[
                (200001, 12),
                (100011, 1), // Event
                (100005, 3), // Combat/Reaction
                (100004, 4), // Combat
                (100002, 2), // Master, trifle
                (100001, 1), // Master
                (100014, 1), // Ally
                (100013, 2), // Political Action
                (100007, 2), // Action Modifier/Combat
                (100003, 5), // Action
            ],
        );
        let header = TwdHeader::of_deck(&deck, &db);
        let sections: Vec<(&str, u32, u32)> = header
            .sections
            .iter()
            .map(|s| (s.type_name.as_str(), s.count, s.trifles))
            .collect();
        assert_eq!(
            sections,
            [
                ("Master", 3, 2),
                ("Action", 5, 0),
                ("Ally", 1, 0),
                ("Political Action", 2, 0),
                ("Action Modifier/Combat", 2, 0),
                ("Combat", 4, 0),
                ("Combat/Reaction", 3, 0),
                ("Event", 1, 0),
            ]
        );
        assert_eq!(header.library, 21);
        assert_eq!(
            header.crypt,
            CryptHeader {
                count: 12,
                min: 4,
                max: 4,
                avg: "1".into()
            }
        );
    }

    #[test]
    fn every_library_type_combination_has_a_section_place() {
        let db = fixture_db();
        for card in db.cards().iter().filter(|c| !c.is_crypt()) {
            let (first, _, _) = CardType::section_rank(&card.type_name());
            assert!(first < CardType::ALL.len(), "{}", card.type_name());
        }
    }
}
