//! Crypt capacity figures in the TWDA's sense: `min`, `max`, `avg`.

use serde::Serialize;

use crate::cards::CardDb;
use crate::deck::twd_header::CryptHeader;
use crate::deck::Deck;

/// The capacity spread of a crypt, copies counted: the figures of the TWD
/// crypt header ([`CryptHeader`]) and the unrounded mean.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CapacitySpread {
    /// Sum of the 4 smallest capacities (all of them in a crypt of fewer than 4 cards).
    pub min: u64,
    /// Sum of the 4 largest capacities.
    pub max: u64,
    /// Mean capacity over all copies (0 for an empty crypt).
    pub average: f64,
    /// The mean as the TWDA prints it: two decimals, a half up, trailing zeros
    /// removed (`4.42`, `4`, `3.5`).
    pub average_text: String,
}

impl CapacitySpread {
    /// Computes the spread of a deck's crypt (cards unknown to the database are left out).
    pub fn of_deck(deck: &Deck, db: &CardDb) -> CapacitySpread {
        let capacities: Vec<(u32, u64)> = deck
            .crypt
            .iter()
            .filter_map(|entry| {
                let capacity = db.get(entry.id)?.capacity?;
                Some((u32::from(capacity), u64::from(entry.count)))
            })
            .collect();
        CapacitySpread::from_copies(&capacities)
    }

    /// Computes the spread of a list of capacities, one per copy.
    pub fn from_capacities(capacities: Vec<u32>) -> CapacitySpread {
        let copies: Vec<(u32, u64)> = capacities.into_iter().map(|c| (c, 1)).collect();
        CapacitySpread::from_copies(&copies)
    }

    /// Computes the spread of a list of `(capacity, copies)`.
    pub fn from_copies(capacities: &[(u32, u64)]) -> CapacitySpread {
        let header = CryptHeader::from_capacities(capacities);
        let total: u64 = capacities.iter().map(|&(c, n)| u64::from(c) * n).sum();
        let average = if header.count == 0 {
            0.0
        } else {
            total as f64 / header.count as f64
        };
        CapacitySpread {
            min: header.min,
            max: header.max,
            average,
            average_text: header.avg,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::twd_header::twda_average;
    use crate::testing::{deck_of, fixture_db};

    #[test]
    fn min_and_max_sum_the_four_extreme_capacities_counting_copies() {
        let spread = CapacitySpread::from_capacities(vec![6, 6, 6, 7, 7, 5, 5, 3, 3, 2, 2, 1]);
        assert_eq!(spread.min, 1 + 2 + 2 + 3);
        assert_eq!(spread.max, 7 + 7 + 6 + 6);
        assert_eq!(spread.average_text, "4.42");
    }

    #[test]
    fn average_drops_trailing_zeros() {
        assert_eq!(twda_average(48, 12), "4");
        assert_eq!(twda_average(42, 12), "3.5");
        assert_eq!(twda_average(49, 12), "4.08");
        assert_eq!(twda_average(0, 0), "0");
    }

    #[test]
    fn average_rounds_halves_up() {
        // 42 / 16 = 2.625 -> 2.63 (TWDA 2k9marseillemq); 70 / 16 = 4.375 -> 4.38
        assert_eq!(twda_average(42, 16), "2.63");
        assert_eq!(twda_average(70, 16), "4.38");
        // 4.4166.. -> 4.42; 4.0833.. -> 4.08
        assert_eq!(twda_average(53, 12), "4.42");
    }

    #[test]
    fn small_crypt_sums_every_card() {
        let spread = CapacitySpread::from_capacities(vec![3, 9]);
        assert_eq!((spread.min, spread.max), (12, 12));
        let empty = CapacitySpread::from_capacities(Vec::new());
        assert_eq!(
            (empty.min, empty.max, empty.average_text.as_str()),
            (0, 0, "0")
        );
    }

    #[test]
    fn deck_capacities_come_from_the_card_database() {
        let db = fixture_db();
        // Alma 1, Bruno 3 x2, Carla 5, Eva 11 x3
        let deck = deck_of(&db, &[(200001, 1), (200002, 2), (200003, 1), (200005, 3)]);
        let spread = CapacitySpread::of_deck(&deck, &db);
        assert_eq!(spread.min, 1 + 3 + 3 + 5);
        assert_eq!(spread.max, 11 * 3 + 5);
        assert_eq!(spread.average_text, "6.43"); // 45 / 7 = 6.428..
    }
}
