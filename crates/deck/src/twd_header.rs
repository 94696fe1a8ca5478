//! The header a TWD entry writes above its crypt and library ([`TwdHeader`]):
//! what a deck's counts, groups and sections are, written the TWDA's way.

use std::fmt;

use serde::Serialize;

use crate::deck::{Deck, DeckCard, STARTING_CRYPT};
use vtesdeck_cards::{CardDb, CardType};

/// The crypt header's figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CryptHeader {
    /// Crypt cards, copies counted.
    pub count: u64,
    /// Sum of the [`STARTING_CRYPT`] smallest capacities (every card of a
    /// smaller crypt).
    pub min: u64,
    /// Sum of the [`STARTING_CRYPT`] largest capacities.
    pub max: u64,
    /// The average capacity as printed (`4.42`).
    pub avg: String,
}

impl CryptHeader {
    /// The header of a list of `(capacity, copies)`, copies never expanded.
    pub fn from_capacities(capacities: &[(u32, u64)]) -> CryptHeader {
        let mut sorted: Vec<(u64, u64)> = capacities
            .iter()
            .map(|&(capacity, copies)| (u64::from(capacity), copies))
            .collect();
        sorted.sort_unstable();
        let count: u64 = sorted.iter().map(|(_, n)| n).sum();
        let total: u64 = sorted.iter().map(|(c, n)| c * n).sum();
        let sum_of_start = |sorted: &mut dyn Iterator<Item = &(u64, u64)>| {
            let mut left = u64::from(STARTING_CRYPT);
            let mut sum = 0;
            for (capacity, copies) in sorted {
                let taken = left.min(*copies);
                sum += capacity * taken;
                left -= taken;
            }
            sum
        };
        CryptHeader {
            count,
            min: sum_of_start(&mut sorted.iter()),
            max: sum_of_start(&mut sorted.iter().rev()),
            avg: twda_average(total, count),
        }
    }

    /// The header of a deck's crypt (cards the database does not know, or
    /// without a capacity, are left out).
    pub fn of_deck(deck: &Deck, db: &CardDb) -> CryptHeader {
        let capacities: Vec<(u32, u64)> = known(&deck.crypt, db)
            .filter_map(|(card, copies)| card.capacity.map(|c| (u32::from(c), copies)))
            .collect();
        CryptHeader::from_capacities(&capacities)
    }
}

impl fmt::Display for CryptHeader {
    /// `Crypt (12 cards, min=8, max=26, avg=4.42)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Crypt ({} cards, min={}, max={}, avg={})",
            self.count, self.min, self.max, self.avg
        )
    }
}

/// Formats `total / count` as the TWDA does: rounded to two decimals, a half
/// up (the archive writes `avg=2.63` for 42 / 16 = 2.625), then trailing zeros
/// and a trailing point removed. `0` for an empty crypt.
pub fn twda_average(total: u64, count: u64) -> String {
    if count == 0 {
        return "0".to_string();
    }
    let scaled = u128::from(total) * 100;
    let count = u128::from(count);
    let mut hundredths = scaled / count;
    if (scaled % count) * 2 >= count {
        hundredths += 1;
    }
    let whole = hundredths / 100;
    let fraction = hundredths % 100;
    match fraction {
        0 => whole.to_string(),
        f if f % 10 == 0 => format!("{whole}.{}", f / 10),
        f => format!("{whole}.{f:02}"),
    }
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

impl fmt::Display for LibrarySection {
    /// `Master (20; 4 trifle)`, `Combat (12)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.trifles > 0 {
            write!(
                f,
                "{} ({}; {} trifle)",
                self.type_name, self.count, self.trifles
            )
        } else {
            write!(f, "{} ({})", self.type_name, self.count)
        }
    }
}

/// `Library (90 cards)`.
pub fn library_line(count: u32) -> String {
    format!("Library ({count} cards)")
}

/// The headers of a TWDA entry.
///
/// The crypt and library headers of a TWDA entry, computed from the cards:
/// `Crypt (12 cards, min=8, max=26, avg=4.42)`, `Library (90 cards)`,
/// `Master (20; 4 trifle)`, `Action Modifier/Reaction (12)`.
///
/// One computation and one wording for every command that shows them: `stats`
/// (`--twd-header`, and its capacity figures), `parse` and `convert --to twd`.
/// The average is rounded as the archive rounds it: to two decimals, a half
/// away from zero (9 of 9 TWDA files whose average is a tie write it so, e.g.
/// `2k9marseillemq.txt`: 42 / 16 = 2.625, `avg=2.63`).
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
        // Grouped by the card's type list first: no string built per card.
        let mut groups: Vec<(&[CardType], u32, u32)> = Vec::new();
        for (card, count) in known(&deck.library, db) {
            let count = u32::try_from(count).unwrap_or(u32::MAX);
            let trifles = if card.trifle { count } else { 0 };
            match groups
                .iter_mut()
                .find(|(types, _, _)| *types == card.types.as_slice())
            {
                Some(group) => {
                    group.1 = group.1.saturating_add(count);
                    group.2 = group.2.saturating_add(trifles);
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
        sections.sort_by(|a, b| section_rank(&a.type_name).cmp(&section_rank(&b.type_name)));
        TwdHeader {
            crypt: CryptHeader::of_deck(deck, db),
            library: deck.library_count(),
            sections,
        }
    }
}

impl fmt::Display for TwdHeader {
    /// The headers, one per line, exactly as a TWDA entry writes them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.crypt)?;
        writeln!(f, "{}", library_line(self.library))?;
        for section in &self.sections {
            writeln!(f, "{section}")?;
        }
        Ok(())
    }
}

/// The cards of a part the database knows, with their copies.
fn known<'a>(
    part: &'a [DeckCard],
    db: &'a CardDb,
) -> impl Iterator<Item = (&'a vtesdeck_cards::Card, u64)> + 'a {
    part.iter()
        .filter_map(move |entry| db.get(entry.id).map(|card| (card, u64::from(entry.count))))
}

/// Where the library section of a full type string (`Action Modifier/Combat`)
/// stands in a TWDA entry: after the section of its first type, a single
/// type before its combinations, then by name. Unknown types go last.
fn section_rank(type_name: &str) -> (usize, usize, &str) {
    let mut types = type_name.split('/');
    let first = types
        .next()
        .and_then(CardType::parse)
        .and_then(|t| CardType::ALL.iter().position(|a| *a == t))
        .unwrap_or(usize::MAX);
    (first, types.count(), type_name)
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_tie_rounds_half_up_as_the_archive_does() {
        // 2k9marseillemq.txt: 16 cards, 42 capacity, `avg=2.63`.
        let header = CryptHeader::from_capacities(&[(1, 6), (2, 2), (3, 4), (4, 2), (6, 2)]);
        assert_eq!(
            header.to_string(),
            "Crypt (16 cards, min=4, max=20, avg=2.63)"
        );
        assert_eq!(twda_average(146, 16), "9.13");
        assert_eq!(twda_average(33, 24), "1.38");
    }

    #[test]
    fn huge_counts_are_not_expanded() {
        let header = CryptHeader::from_capacities(&[(1, u64::from(u32::MAX)), (11, 1)]);
        assert_eq!(header.count, 4_294_967_296);
        assert_eq!((header.min, header.max), (4, 14));
    }

    #[test]
    fn every_library_type_combination_has_a_section_place() {
        let db = fixture_db();
        for card in db.cards().iter().filter(|c| !c.is_crypt()) {
            let (first, _, _) = section_rank(&card.type_name());
            assert!(first < CardType::ALL.len(), "{}", card.type_name());
        }
    }

    #[test]
    fn sections_follow_their_first_type_in_the_archive_order() {
        let mut sections = [
            "Combat",
            "Action Modifier/Reaction",
            "Equipment",
            "Action Modifier",
            "Master",
            "Action Modifier/Combat",
            "Political Action",
        ];
        sections.sort_by_key(|s| section_rank(s));
        assert_eq!(
            sections,
            [
                "Master",
                "Equipment",
                "Political Action",
                "Action Modifier",
                "Action Modifier/Combat",
                "Action Modifier/Reaction",
                "Combat"
            ]
        );
    }
}
