//! `declared-count` (warning): the list announces a crypt or library total
//! (`Crypt (12 cards)`, `Library (90 cards)`) and the lines read add up to
//! another number, so that a line the reader missed never goes unnoticed.

use super::{Context, Rule, Severity, Violation};
use crate::deck::Deck;

/// The totals a list declares match the cards read.
#[derive(Debug, Clone, Copy)]
pub struct DeclaredCount;

impl Rule for DeclaredCount {
    fn id(&self) -> &'static str {
        "declared-count"
    }

    fn severity(&self) -> Severity {
        Severity::Warning
    }

    fn summary(&self) -> &'static str {
        "the crypt and library totals the list declares match the cards read"
    }

    fn check(&self, deck: &Deck, _context: &Context) -> Vec<Violation> {
        let parts = [
            ("crypt", deck.declared.crypt, deck.crypt_count()),
            ("library", deck.declared.library, deck.library_count()),
        ];
        parts
            .into_iter()
            .filter_map(|(part, declared, read)| {
                let declared = declared?;
                (declared != read).then(|| {
                    let unresolved = if deck.unresolved.is_empty() {
                        String::new()
                    } else {
                        format!(" ({} unresolved lines)", deck.unresolved.len())
                    };
                    Violation::deck(
                        self.id(),
                        self.severity(),
                        format!(
                            "the list declares {declared} {part} cards but {read} were read{unresolved}"
                        ),
                    )
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::Format;
    use crate::rules::{run_rule, Profile};
    use crate::testing::fixture_db;

    #[test]
    fn a_total_not_met_is_a_warning_with_both_numbers() {
        let db = fixture_db();
        let deck = Deck::from_text(
            "Crypt (12 cards)\n12x Alma Test\nLibrary (90 cards)\n60x Test Bleed\n",
            Some(Format::Plain),
            &db,
        );
        let found = run_rule(
            &DeclaredCount,
            &db,
            &deck,
            &Profile::standard(),
            "2021-01-01",
        );
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].message,
            "the list declares 90 library cards but 60 were read"
        );
    }
}
