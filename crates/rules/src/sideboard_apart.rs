//! `sideboard-apart`: a text kept a list apart from its deck under a heading
//! that says so (`Sideboard:`, `Side deck (8)`, `Maybe:`, `Considering`,
//! `Changes:`); its card lines were read apart, never added to the deck (its
//! unknown names are no error of the deck), and are noted once with the
//! heading's line: `` `Sideboard:` (line 5) and the 2 card lines under it (6
//! cards, lines 6–7): kept apart, never added to the deck ``, one info for
//! each list at its heading's line, also with `--strict`.

use super::{Context, Rule, Severity, Violation};
use vtesdeck_deck::Deck;

/// Each list kept apart from a deck in its text is noted at its heading.
#[derive(Debug, Clone, Copy)]
pub struct SideboardApart;

impl Rule for SideboardApart {
    fn id(&self) -> &'static str {
        "sideboard-apart"
    }

    fn severity(&self) -> Severity {
        Severity::Info
    }

    fn summary(&self) -> &'static str {
        "a sideboard, maybe list or list of changes under its own heading in a text: read apart, \
         never added to the deck, noted with the heading's line and its card lines"
    }

    fn check(&self, deck: &Deck, _context: &Context) -> Vec<Violation> {
        deck.meta
            .sideboard_apart
            .iter()
            .map(|list| Violation {
                line: Some(list.line),
                ..Violation::deck(
                    self.id(),
                    self.severity(),
                    vtesdeck_deck::apart_note(std::slice::from_ref(list)),
                )
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::fixture_db;
    use crate::{run_rule, Profile};
    use vtesdeck_formats::{Format, LoadDeck};

    #[test]
    fn a_sideboard_is_one_info_and_no_card_of_the_deck() {
        let db = fixture_db();
        let text = "Crypt:\n12x Alma Test\nLibrary:\n60x Test Bleed\n\nSideboard:\n\
                    4x Test Bleed\n2x Nothing Such\n";
        let deck = Deck::from_text(text, Some(Format::Plain), &db);
        assert!(deck.unresolved.is_empty(), "{:?}", deck.unresolved);
        assert_eq!((deck.crypt_count(), deck.library_count()), (12, 60));
        let found = run_rule(
            &SideboardApart,
            &db,
            &deck,
            &Profile::standard(),
            "2021-01-01",
        );
        let found: Vec<(Severity, Option<usize>, &str)> = found
            .iter()
            .map(|v| (v.severity, v.line, v.message.as_str()))
            .collect();
        assert_eq!(
            found,
            [(
                Severity::Info,
                Some(6),
                "`Sideboard:` (line 6) and the 2 card lines under it (6 cards, lines 7–8): \
                 kept apart, never added to the deck"
            )]
        );
    }
}
