//! What a deck is made of: crypt groups, clans, sects, titles and votes;
//! library types, trifles, costs, clan requirements and events.

use serde::Serialize;

use super::capacity::CapacitySpread;
use super::tally::{self, Tally};
use vtesdeck_cards::{title_votes, Card, CardDb, CardId, CardType, Cost};
use vtesdeck_deck::{Deck, DeckCard};

/// A card of the deck with its copies, for lists in a report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CardCount {
    /// VEKN id.
    pub id: CardId,
    /// Name (with the printing suffix when the name has several printings).
    pub name: String,
    /// Copies.
    pub count: u32,
}

impl CardCount {
    /// Builds the entry of a deck card.
    pub(crate) fn new(card: &Card, count: u32, db: &CardDb) -> CardCount {
        CardCount {
            id: card.id,
            name: db.printing_name(card),
            count,
        }
    }
}

/// The deck's cards of one part with their database entries (unknown ids left out).
pub fn known_cards<'a>(
    part: &'a [DeckCard],
    db: &'a CardDb,
) -> impl Iterator<Item = (&'a Card, u32)> + 'a {
    part.iter()
        .filter_map(move |entry| db.get(entry.id).map(|card| (card, entry.count)))
}

/// What a crypt is made of.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CryptComposition {
    /// Crypt cards, copies counted.
    pub count: u32,
    /// Different crypt cards.
    pub distinct: u32,
    /// Capacity min / max / average.
    pub capacity: CapacitySpread,
    /// Copies per group (`1`..`7`, `ANY`), in group order.
    pub groups: Vec<Tally>,
    /// Copies per clan (Imbued: creed), most first.
    pub clans: Vec<Tally>,
    /// Copies per sect (`none` for cards without one, such as Imbued), most first.
    pub sects: Vec<Tally>,
    /// Copies per title, most first.
    pub titles: Vec<Tally>,
    /// Votes of all titled copies ([`title_votes`]).
    pub votes: u32,
}

impl CryptComposition {
    /// Computes the crypt's composition.
    pub(crate) fn of_deck(deck: &Deck, db: &CardDb) -> CryptComposition {
        let mut groups: Vec<(Option<u8>, bool, u32)> = Vec::new();
        let mut clans = Vec::new();
        let mut sects = Vec::new();
        let mut titles = Vec::new();
        let mut votes = 0;
        let mut distinct = 0;
        for (card, count) in known_cards(&deck.crypt, db) {
            distinct += 1;
            if let Some(group) = card.group {
                let key = (group.number(), group.number().is_none());
                match groups.iter_mut().find(|(n, any, _)| (*n, *any) == key) {
                    Some(entry) => entry.2 += count,
                    None => groups.push((key.0, key.1, count)),
                }
            }
            for clan in &card.clans {
                tally::add(&mut clans, clan, count);
            }
            let sect = card.sect.map_or("none", |s| s.name());
            tally::add(&mut sects, sect, count);
            if let Some(title) = &card.title {
                tally::add(&mut titles, title, count);
                votes += title_votes(title).unwrap_or(0) * count;
            }
        }
        groups.sort_by_key(|(n, any, _)| (*any, *n));
        let groups = groups
            .into_iter()
            .map(|(n, _, count)| Tally {
                name: n.map_or_else(|| "ANY".to_string(), |n| n.to_string()),
                count,
            })
            .collect();
        for list in [&mut clans, &mut sects, &mut titles] {
            tally::sort_by_count(list);
        }
        CryptComposition {
            count: deck.crypt_count(),
            distinct,
            capacity: CapacitySpread::of_deck(deck, db),
            groups,
            clans,
            sects,
            titles,
            votes,
        }
    }
}

/// A cost summed over copies: the fixed part, and the copies that cost `X`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct CostTotal {
    /// Sum of fixed costs over all copies.
    pub total: u32,
    /// Copies whose cost is `X` (not in `total`).
    pub x_copies: u32,
    /// Copies with any cost (fixed or `X`).
    pub copies: u32,
}

impl CostTotal {
    fn add(&mut self, cost: Option<Cost>, count: u32) {
        match cost {
            Some(Cost::Fixed(n)) => {
                self.total += u32::from(n) * count;
                self.copies += count;
            }
            Some(Cost::X) => {
                self.x_copies += count;
                self.copies += count;
            }
            None => {}
        }
    }
}

/// What a library is made of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LibraryComposition {
    /// Library cards, copies counted.
    pub count: u32,
    /// Different library cards.
    pub distinct: u32,
    /// Copies per card type; a card of several types counts in each.
    pub types: Vec<Tally>,
    /// Trifle copies.
    pub trifles: u32,
    /// Pool costs.
    pub pool_cost: CostTotal,
    /// Blood costs.
    pub blood_cost: CostTotal,
    /// Conviction costs (Imbued).
    pub conviction_cost: CostTotal,
    /// Copies per clan requirement (`Toreador/Ventrue` as written), most first.
    pub clan_requirements: Vec<Tally>,
    /// Event cards.
    pub events: Vec<CardCount>,
}

impl LibraryComposition {
    /// Computes the library's composition.
    pub(crate) fn of_deck(deck: &Deck, db: &CardDb) -> LibraryComposition {
        let mut composition = LibraryComposition {
            count: deck.library_count(),
            distinct: 0,
            types: Vec::new(),
            trifles: 0,
            pool_cost: CostTotal::default(),
            blood_cost: CostTotal::default(),
            conviction_cost: CostTotal::default(),
            clan_requirements: Vec::new(),
            events: Vec::new(),
        };
        let mut type_counts = [0u32; CardType::ALL.len()];
        for (card, count) in known_cards(&deck.library, db) {
            composition.distinct += 1;
            for card_type in &card.types {
                if let Some(i) = CardType::ALL.iter().position(|t| t == card_type) {
                    type_counts[i] += count;
                }
            }
            if card.trifle {
                composition.trifles += count;
            }
            composition.pool_cost.add(card.pool_cost, count);
            composition.blood_cost.add(card.blood_cost, count);
            composition.conviction_cost.add(card.conviction_cost, count);
            if !card.clans.is_empty() {
                tally::add(
                    &mut composition.clan_requirements,
                    &card.clans.join("/"),
                    count,
                );
            }
            if card.types.contains(&CardType::Event) {
                composition.events.push(CardCount::new(card, count, db));
            }
        }
        composition.types = CardType::ALL
            .iter()
            .zip(type_counts)
            .filter(|(_, count)| *count > 0)
            .map(|(t, count)| Tally {
                name: t.name().to_string(),
                count,
            })
            .collect();
        tally::sort_by_count(&mut composition.clan_requirements);
        composition
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{deck_of, fixture_db};

    fn flat(tallies: &[Tally]) -> Vec<(&str, u32)> {
        tallies.iter().map(|t| (t.name.as_str(), t.count)).collect()
    }

    #[test]
    fn crypt_groups_clans_sects_titles_and_votes() {
        let db = fixture_db();
        // Carla (G2 Brujah primogen) x2, Dario (G2 Toreador prince) x3,
        // Eva (G3 Toreador justicar), Ivo (ANY Caitiff), Kiki (G5 Ventrue 2 votes)
        let deck = deck_of(
            &db,
            &[
                (200003, 2),
                (200004, 3),
                (200005, 1),
                (200011, 1),
                (200013, 1),
            ],
        );
        let crypt = CryptComposition::of_deck(&deck, &db);
        assert_eq!((crypt.count, crypt.distinct), (8, 5));
        assert_eq!(
            flat(&crypt.groups),
            [("2", 5), ("3", 1), ("5", 1), ("ANY", 1)]
        );
        assert_eq!(
            flat(&crypt.clans),
            [
                ("Toreador", 4),
                ("Brujah", 2),
                ("Caitiff", 1),
                ("Ventrue", 1)
            ]
        );
        assert_eq!(flat(&crypt.sects), [("Camarilla", 7), ("Independent", 1)]);
        assert_eq!(
            flat(&crypt.titles),
            [
                ("prince", 3),
                ("primogen", 2),
                ("2 votes", 1),
                ("justicar", 1)
            ]
        );
        // primogen 1 x2, prince 2 x3, justicar 3, 2 votes
        assert_eq!(crypt.votes, 2 + 6 + 3 + 2);
    }

    #[test]
    fn multi_type_cards_count_in_each_type() {
        let db = fixture_db();
        // Test Dodge Combat/Reaction x3, Test Bloodbath Action Modifier/Combat x2, Test Punch Combat x4
        let deck = deck_of(&db, &[(100005, 3), (100007, 2), (100004, 4)]);
        let library = LibraryComposition::of_deck(&deck, &db);
        assert_eq!(library.count, 9);
        assert_eq!(
            flat(&library.types),
            [("Action Modifier", 2), ("Reaction", 3), ("Combat", 9)]
        );
    }

    #[test]
    fn costs_sum_fixed_values_and_count_x_apart() {
        let db = fixture_db();
        // Test Haven pool 1 x2, Test Sword pool X x1, Test Ally pool 3 x1,
        // Test Bloodbath blood X x2, Test Dodge blood 1 x3, Test Brujah Pride blood 2 x1
        let deck = deck_of(
            &db,
            &[
                (100001, 2),
                (100010, 1),
                (100014, 1),
                (100007, 2),
                (100005, 3),
                (100008, 1),
            ],
        );
        let library = LibraryComposition::of_deck(&deck, &db);
        assert_eq!(
            library.pool_cost,
            CostTotal {
                total: 5,
                x_copies: 1,
                copies: 4
            }
        );
        assert_eq!(
            library.blood_cost,
            CostTotal {
                total: 5,
                x_copies: 2,
                copies: 6
            }
        );
    }

    #[test]
    fn trifles_clan_requirements_and_events() {
        let db = fixture_db();
        // Test Trifle x3, Test Haven x1, Test Toreador Grace x2, Test Brujah Pride x1, Test Party x2
        let deck = deck_of(
            &db,
            &[
                (100002, 3),
                (100001, 1),
                (100009, 2),
                (100008, 1),
                (100011, 2),
            ],
        );
        let library = LibraryComposition::of_deck(&deck, &db);
        assert_eq!(library.trifles, 3);
        assert_eq!(
            flat(&library.clan_requirements),
            [("Toreador/Ventrue", 2), ("Brujah", 1)]
        );
        assert_eq!(library.events.len(), 1);
        assert_eq!(
            (library.events[0].name.as_str(), library.events[0].count),
            ("Test Party", 2)
        );
    }
}
