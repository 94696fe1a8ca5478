//! Disciplines: how many crypt cards have each (inferior, superior; Flight and
//! the Imbued virtues included, [`crypt_discipline_counts`]), the key
//! disciplines of the crypt, and the library's discipline requirements.

use serde::Serialize;

use super::composition::known_cards;
use super::tally::{self, Tally};
use vtesdeck_cards::{
    crypt_discipline_levels, Card, CardDb, Discipline, DisciplineLevel, DisciplineRequirement,
};
use vtesdeck_deck::Deck;

/// Share of the crypt (copies) a discipline must reach to be a key discipline.
pub const KEY_DISCIPLINE_SHARE: f64 = 0.5;

/// One discipline of the crypt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DisciplineCount {
    /// The discipline (three-letter abbreviation in JSON).
    pub discipline: Discipline,
    /// Its full name.
    pub name: &'static str,
    /// Crypt cards (copies) with it at inferior level.
    pub inferior: u32,
    /// Crypt cards (copies) with it at superior level.
    pub superior: u32,
}

impl DisciplineCount {
    /// Crypt cards with the discipline at any level.
    pub fn total(&self) -> u32 {
        self.inferior + self.superior
    }
}

/// The disciplines of a deck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DisciplineSpread {
    /// Each discipline of the crypt, most common first (superior weighs twice).
    pub crypt: Vec<DisciplineCount>,
    /// Disciplines that at least half of the crypt cards (copies) have, in the same order.
    pub key: Vec<Discipline>,
    /// Library copies per discipline requirement as written (`Potence & Presence`,
    /// `Celerity/Auspex`), most first; cards without one are left out.
    pub library_requirements: Vec<Tally>,
    /// Library copies that need each discipline (a card needing `A/B` counts for both).
    pub library_disciplines: Vec<Tally>,
}

impl DisciplineSpread {
    /// Computes the deck's disciplines.
    pub(crate) fn of_deck(deck: &Deck, db: &CardDb) -> DisciplineSpread {
        let crypt = crypt_discipline_counts(known_cards(&deck.crypt, db));
        let crypt_count = f64::from(deck.crypt_count());
        let key = crypt
            .iter()
            .filter(|d| {
                crypt_count > 0.0 && f64::from(d.total()) >= KEY_DISCIPLINE_SHARE * crypt_count
            })
            .map(|d| d.discipline)
            .collect();
        // Counted by requirement and by discipline bit; names are built once at the end.
        let mut requirements: Vec<(&DisciplineRequirement, u32)> = Vec::new();
        let mut by_bit = [0u32; 64];
        for (card, count) in known_cards(&deck.library, db) {
            if let Some(requirement) = &card.discipline_requirement {
                match requirements.iter_mut().find(|(r, _)| *r == requirement) {
                    Some(entry) => entry.1 += count,
                    None => requirements.push((requirement, count)),
                }
                let mut bits = requirement.terms.iter().fold(0u64, |acc, t| acc | t);
                while bits != 0 {
                    by_bit[bits.trailing_zeros() as usize] += count;
                    bits &= bits - 1;
                }
            }
        }
        let mut library_requirements: Vec<Tally> = requirements
            .into_iter()
            .map(|(requirement, count)| Tally {
                name: requirement.to_string(),
                count,
            })
            .collect();
        let mut library_disciplines: Vec<Tally> = Discipline::all()
            .filter_map(|d| {
                let count = by_bit.get(d.bit().trailing_zeros() as usize).copied()?;
                (count > 0).then(|| Tally {
                    name: d.name().to_string(),
                    count,
                })
            })
            .collect();
        tally::sort_by_count(&mut library_requirements);
        tally::sort_by_count(&mut library_disciplines);
        DisciplineSpread {
            crypt,
            key,
            library_requirements,
            library_disciplines,
        }
    }
}

/// How many crypt cards (copies) have each discipline, inferior and superior,
/// Flight and the Imbued virtues included, most common first (superior weighs
/// twice; ties in table order): the one count `stats`, `draw` and `report` show.
/// A card's disciplines are read by the playability model
/// (`crypt_discipline_levels`).
pub fn crypt_discipline_counts<'a>(
    crypt: impl IntoIterator<Item = (&'a Card, u32)>,
) -> Vec<DisciplineCount> {
    let mut counts: Vec<DisciplineCount> = Vec::new();
    for (card, copies) in crypt {
        for (discipline, level) in crypt_discipline_levels(card) {
            let index = match counts.iter().position(|d| d.discipline == discipline) {
                Some(i) => i,
                None => {
                    counts.push(DisciplineCount {
                        discipline,
                        name: discipline.name(),
                        inferior: 0,
                        superior: 0,
                    });
                    counts.len() - 1
                }
            };
            match level {
                DisciplineLevel::Inferior => counts[index].inferior += copies,
                DisciplineLevel::Superior => counts[index].superior += copies,
            }
        }
    }
    counts.sort_by(|a, b| {
        (b.inferior + 2 * b.superior)
            .cmp(&(a.inferior + 2 * a.superior))
            .then_with(|| a.discipline.cmp(&b.discipline))
    });
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{deck_of, fixture_db};

    #[test]
    fn crypt_disciplines_count_copies_by_level() {
        let db = fixture_db();
        // Alma pot x2, Bruno cel pot x1, Carla CEL POT pre x1
        let deck = deck_of(&db, &[(200001, 2), (200002, 1), (200003, 1)]);
        let spread = DisciplineSpread::of_deck(&deck, &db);
        let pot = spread.crypt.iter().find(|d| d.name == "Potence").unwrap();
        assert_eq!((pot.inferior, pot.superior), (3, 1));
        let cel = spread.crypt.iter().find(|d| d.name == "Celerity").unwrap();
        assert_eq!((cel.inferior, cel.superior), (1, 1));
        assert_eq!(spread.crypt[0].name, "Potence");
        let key: Vec<&str> = spread.key.iter().map(|d| d.name()).collect();
        assert_eq!(key, ["Potence", "Celerity"]);
    }

    #[test]
    fn flight_and_virtues_are_counted_as_the_playability_model_reads_them() {
        let db = fixture_db();
        let alma = db.get(vtesdeck_cards::CardId(200001)).unwrap(); // pot
        let mut gargoyle = alma.clone();
        gargoyle.text = "Camarilla. Tremere slave: Flight [FLIGHT].".into();
        let juno = db.get(vtesdeck_cards::CardId(200012)).unwrap(); // def ven
        let counts = crypt_discipline_counts([(alma, 2), (&gargoyle, 3), (juno, 1)]);
        let flat: Vec<(&str, u32, u32)> = counts
            .iter()
            .map(|d| (d.discipline.abbreviation(), d.inferior, d.superior))
            .collect();
        // Potence on 5 copies, Flight on the 3 Gargoyles (inferior, its only
        // level), the Imbued's two virtues on 1; ties in table order.
        assert_eq!(
            flat,
            [("pot", 5, 0), ("fli", 3, 0), ("def", 1, 0), ("ven", 1, 0)]
        );
    }

    #[test]
    fn library_requirements_keep_any_of_and_all_of_apart() {
        let db = fixture_db();
        // Test Dodge Celerity/Auspex x3, Test Duo Potence & Presence x2, Test Punch Potence x1, Test Haven
        let deck = deck_of(&db, &[(100005, 3), (100006, 2), (100004, 1), (100001, 1)]);
        let spread = DisciplineSpread::of_deck(&deck, &db);
        let flat = |t: &[Tally]| {
            t.iter()
                .map(|t| (t.name.clone(), t.count))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            flat(&spread.library_requirements),
            [
                ("Celerity/Auspex".to_string(), 3),
                ("Potence & Presence".to_string(), 2),
                ("Potence".to_string(), 1)
            ]
        );
        assert_eq!(
            flat(&spread.library_disciplines),
            [
                ("Auspex".to_string(), 3),
                ("Celerity".to_string(), 3),
                ("Potence".to_string(), 3),
                ("Presence".to_string(), 2)
            ]
        );
    }
}
