//! Finding the cards a name stands for, as `vtesdeck card` does: the printing
//! suffix read as in decklists, then the name looked up.

use super::db::{CardDb, Lookup};
use super::names::split_printing_suffix;

/// Looks a written name up, printing suffix included (`Theo Bell (G6)`,
/// `Lazar (ADV)`). Without a suffix every printing of the name is returned.
/// With a group but no `ADV`, the base printing wins over an advanced one of
/// the same group, as in decklists.
pub fn find_by_name(db: &CardDb, written: &str) -> Lookup {
    let (base, hint) = split_printing_suffix(written);
    match db.lookup(base, hint, None) {
        Lookup::Found { mut cards, matched } => {
            if hint.group.is_some() && hint.advanced.is_none() {
                let advanced = |id| db.get(id).is_some_and(|c| c.advanced);
                if cards.iter().any(|&id| advanced(id)) && cards.iter().any(|&id| !advanced(id)) {
                    cards.retain(|&id| !advanced(id));
                }
            }
            Lookup::Found { cards, matched }
        }
        not_found => not_found,
    }
}

/// The card names that hold a written text, in name order, each once: its
/// words, in order, starting a word of the name (`Sewer Lid` in `Thrown
/// Sewer Lid`, `Carmelita` in `Carmelita Neillson`, `Bum` in `Bum's Rush`),
/// compared as names are (case, accents and punctuation folded), in the
/// card's name or one of its other names. What a part of a name, or its
/// first letters, stands for; nothing for a text of fewer than 3 letters.
/// The matching is the one of every suggestion ([`CardDb::lookup`]).
pub fn names_holding<'d>(db: &'d CardDb, written: &str) -> Vec<&'d str> {
    let mut names: Vec<&str> = db
        .cards_holding(written)
        .map(|card| card.name.as_str())
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::fixture_db;

    fn names(db: &CardDb, written: &str) -> Vec<String> {
        match find_by_name(db, written) {
            Lookup::Found { cards, .. } => cards
                .iter()
                .filter_map(|id| db.get(*id))
                .map(|c| db.printing_name(c))
                .collect(),
            Lookup::NotFound { .. } => Vec::new(),
        }
    }

    #[test]
    fn a_part_or_the_start_of_a_name_finds_the_names_that_hold_it() {
        let db = fixture_db();
        assert_eq!(names_holding(&db, "Punch"), ["Test Punch"]);
        assert_eq!(names_holding(&db, "test pun"), ["Test Punch"]);
        assert_eq!(names_holding(&db, "Bloodb"), ["Test Bloodbath"]);
        // Every printing of a vampire is one name.
        assert_eq!(names_holding(&db, "Theo"), ["Theo Test"]);
        // The start of a word only, and at least 3 letters.
        assert!(names_holding(&db, "unch").is_empty());
        assert!(names_holding(&db, "Te").is_empty());
        let many = names_holding(&db, "Test B");
        assert!(many.len() > 2, "{many:?}");
        assert!(
            many.iter().all(|name| name.starts_with("Test B")),
            "{many:?}"
        );
        assert!(many.windows(2).all(|pair| pair[0] < pair[1]), "name order");
    }

    #[test]
    fn plain_name_gives_every_printing() {
        let db = fixture_db();
        assert_eq!(names(&db, "Theo Test").len(), 3);
    }

    #[test]
    fn printing_name_gives_that_printing_only() {
        let db = fixture_db();
        for card in db.cards() {
            let printing = db.printing_name(card);
            assert_eq!(names(&db, &printing), vec![printing.clone()]);
        }
    }
}
