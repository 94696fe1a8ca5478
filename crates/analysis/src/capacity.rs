//! Crypt capacity figures in the TWDA's sense: `min`, `max`, `avg`.

use serde::Serialize;

use vtesdeck_cards::CardDb;
use vtesdeck_deck::{CryptHeader, Deck};

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
    pub(crate) fn of_deck(deck: &Deck, db: &CardDb) -> CapacitySpread {
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

    /// Computes the spread of a list of `(capacity, copies)`.
    pub(crate) fn from_copies(capacities: &[(u32, u64)]) -> CapacitySpread {
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

/// Crypt copies of one capacity and one group: a bar segment of the report's
/// capacity chart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CapacityCount {
    /// The capacity (Imbued: life).
    pub capacity: u8,
    /// The group as printed (`1`..`7`, `ANY`).
    pub group: String,
    /// Copies.
    pub count: u32,
}

/// Crypt copies per capacity and group, by capacity then group (`ANY` last);
/// cards without a capacity or unknown to the database are left out.
pub fn capacities_by_group(deck: &Deck, db: &CardDb) -> Vec<CapacityCount> {
    let mut counts: Vec<(u8, (bool, Option<u8>), u32)> = Vec::new();
    for entry in &deck.crypt {
        let Some(card) = db.get(entry.id) else {
            continue;
        };
        let (Some(capacity), Some(group)) = (card.capacity, card.group) else {
            continue;
        };
        let key = (capacity, (group.number().is_none(), group.number()));
        match counts.iter_mut().find(|(c, g, _)| (*c, *g) == key) {
            Some(entry_count) => entry_count.2 += entry.count,
            None => counts.push((key.0, key.1, entry.count)),
        }
    }
    counts.sort_by_key(|(capacity, group, _)| (*capacity, *group));
    counts
        .into_iter()
        .map(|(capacity, (_, group), count)| CapacityCount {
            capacity,
            group: group.map_or_else(|| "ANY".to_string(), |n| n.to_string()),
            count,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{deck_of, fixture_db};

    #[test]
    fn min_and_max_sum_the_four_extreme_capacities_counting_copies() {
        let spread = CapacitySpread::from_copies(&[(6, 3), (7, 2), (5, 2), (3, 2), (2, 2), (1, 1)]);
        assert_eq!(spread.min, 1 + 2 + 2 + 3);
        assert_eq!(spread.max, 7 + 7 + 6 + 6);
        assert_eq!(spread.average_text, "4.42");
    }

    #[test]
    fn small_crypt_sums_every_card() {
        let spread = CapacitySpread::from_copies(&[(3, 1), (9, 1)]);
        assert_eq!((spread.min, spread.max), (12, 12));
        let empty = CapacitySpread::from_copies(&[]);
        assert_eq!(
            (empty.min, empty.max, empty.average_text.as_str()),
            (0, 0, "0")
        );
    }

    #[test]
    fn capacities_are_counted_per_group_copies_included() {
        let db = fixture_db();
        // Bruno 3 (G1) x2, Carla 5 (G2), Céleste 5 (G2) x2, Ivo 2 (ANY), Dario 7 (G2), Theo 7 (G2)
        let deck = deck_of(
            &db,
            &[
                (200002, 2),
                (200003, 1),
                (200015, 2),
                (200011, 1),
                (200004, 1),
                (200008, 1),
            ],
        );
        let counts: Vec<(u8, String, u32)> = capacities_by_group(&deck, &db)
            .into_iter()
            .map(|c| (c.capacity, c.group, c.count))
            .collect();
        assert_eq!(
            counts,
            [
                (2, "ANY".to_string(), 1),
                (3, "1".to_string(), 2),
                (5, "2".to_string(), 3),
                (7, "2".to_string(), 2),
            ]
        );
        let copies: u32 = counts.iter().map(|c| c.2).sum();
        assert_eq!(copies, deck.crypt_count());
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
