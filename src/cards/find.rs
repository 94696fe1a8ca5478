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
