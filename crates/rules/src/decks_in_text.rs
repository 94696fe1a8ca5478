//! `decks-in-text`: a text (a forum post, an e-mail) held several complete
//! decks, each with its crypt and library; each was read as a record of its
//! own (`post.txt#1`, `post.txt#2`), never one deck of both, and each notes
//! it with the lines of every deck: `deck 1 of 2 complete decks in this text
//! (lines 1–40; the other at lines 41–85): ...`. An info, also with
//! `--strict`.

use super::{Context, Rule, Severity, Violation};
use vtesdeck_deck::Deck;

/// One of several complete decks of a text is noted, with the lines of each.
#[derive(Debug, Clone, Copy)]
pub struct DecksInText;

impl Rule for DecksInText {
    fn id(&self) -> &'static str {
        "decks-in-text"
    }

    fn severity(&self) -> Severity {
        Severity::Info
    }

    fn summary(&self) -> &'static str {
        "a text holding several complete decks (each with a crypt and a library): each read as a \
         record of its own, noted with the lines of every deck"
    }

    fn check(&self, deck: &Deck, _context: &Context) -> Vec<Violation> {
        if deck.meta.decks_in_text.is_empty() {
            return Vec::new();
        }
        vec![Violation::deck(
            self.id(),
            self.severity(),
            vtesdeck_deck::decks_note(deck.record.unwrap_or(1), &deck.meta.decks_in_text),
        )]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::fixture_db;
    use crate::{run_rule, Profile};
    use vtesdeck_formats::Format;
    use vtesdeck_formats::LoadDeck;

    #[test]
    fn a_deck_of_a_text_of_several_is_one_info() {
        let db = fixture_db();
        let mut deck = Deck::from_text("12x Alma Test\n60x Test Bleed\n", Some(Format::Plain), &db);
        let found = |deck: &Deck| {
            run_rule(&DecksInText, &db, deck, &Profile::standard(), "2021-01-01")
                .iter()
                .map(|v| (v.severity, v.message.clone()))
                .collect::<Vec<(Severity, String)>>()
        };
        assert!(found(&deck).is_empty());
        deck.record = Some(2);
        deck.meta.decks_in_text = vec![(1, 2), (3, 4)];
        assert_eq!(
            found(&deck),
            [(
                Severity::Info,
                "deck 2 of 2 complete decks in this text (lines 3–4; the other at lines 1–2): \
                 each is a record of its own, never one deck of both"
                    .to_string()
            )]
        );
    }
}
