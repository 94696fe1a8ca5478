//! `prose-skipped`: a decklist inside a page (a blog post, a forum post, an
//! e-mail) had lines of prose around it; they were skipped, not read as
//! unknown cards, and are noted once: `7 lines of prose skipped (lines
//! 2–4, 9–11, 25)`. An info, also with `--strict`.

use super::{Context, Rule, Severity, Violation};
use vtesdeck_deck::Deck;

/// The prose skipped around a decklist is noted once.
#[derive(Debug, Clone, Copy)]
pub struct ProseSkipped;

impl Rule for ProseSkipped {
    fn id(&self) -> &'static str {
        "prose-skipped"
    }

    fn severity(&self) -> Severity {
        Severity::Info
    }

    fn summary(&self) -> &'static str {
        "lines of prose around a decklist inside a page (no count, sentence-like), skipped: \
         noted once with their lines"
    }

    fn check(&self, deck: &Deck, _context: &Context) -> Vec<Violation> {
        if deck.meta.prose_skipped.is_empty() {
            return Vec::new();
        }
        vec![Violation::deck(
            self.id(),
            self.severity(),
            vtesdeck_deck::prose_note(&deck.meta.prose_skipped),
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
    fn prose_around_a_list_is_one_info() {
        let db = fixture_db();
        let text = "Here is the deck I played last week, it did well.\n\n\
                    12x Alma Test\n60x Test Bleed\n";
        let deck = Deck::from_text(text, Some(Format::Plain), &db);
        assert!(deck.unresolved.is_empty(), "{:?}", deck.unresolved);
        let found = run_rule(
            &ProseSkipped,
            &db,
            &deck,
            &Profile::standard(),
            "2021-01-01",
        );
        let found: Vec<(Severity, &str)> = found
            .iter()
            .map(|v| (v.severity, v.message.as_str()))
            .collect();
        assert_eq!(
            found,
            [(Severity::Info, "1 line of prose skipped (line 1)")]
        );
    }
}
