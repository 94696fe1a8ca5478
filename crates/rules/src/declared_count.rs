//! `declared-count` (warning): the list announces a crypt or library total
//! (`Crypt (12 cards)`, `Library (90 cards)`, or a footer: `Library total:
//! 90`, `Total: 102`) and the lines read add up to another number, so that a
//! line the reader missed never goes unnoticed.

use super::{Context, Rule, Severity, Violation};
use vtesdeck_cards::{quantity, CardKind};
use vtesdeck_deck::{Deck, DeclaredTotal, TotalOf};

/// The totals a list declares match the cards read.
#[derive(Debug, Clone, Copy)]
pub(crate) struct DeclaredCount;

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
        let unresolved = if deck.unresolved.is_empty() {
            String::new()
        } else {
            format!(
                " ({})",
                quantity(
                    deck.unresolved.len() as u64,
                    "unresolved line",
                    "unresolved lines"
                )
            )
        };
        let parts = [
            (CardKind::Crypt, "crypt ", deck.crypt_count()),
            (CardKind::Library, "library ", deck.library_count()),
        ];
        let headers = parts.into_iter().filter_map(|(kind, part, read)| {
            let (declared, line) = deck.declared.of(kind)?;
            (declared != read).then(|| Violation {
                line,
                ..Violation::deck(
                    self.id(),
                    self.severity(),
                    format!(
                        "the list declares {} but {read} {} read{unresolved}",
                        cards(declared, part),
                        were(read)
                    ),
                )
            })
        });
        let totals = deck.declared.totals.iter().filter_map(|total| {
            let message = total_not_met(deck, total)?;
            Some(Violation {
                line: Some(total.line),
                ..Violation::deck(self.id(), self.severity(), format!("{message}{unresolved}"))
            })
        });
        headers.chain(totals).collect()
    }
}

/// `1 crypt card`, `90 library cards`, `102 cards` (`part` empty or ending
/// with a space).
fn cards(n: u32, part: &str) -> String {
    quantity(n, &format!("{part}card"), &format!("{part}cards"))
}

/// `was` for one, `were` for any other number.
fn were(n: u32) -> &'static str {
    if n == 1 {
        "was"
    } else {
        "were"
    }
}

/// What a footer total says against the cards read, when they differ.
fn total_not_met(deck: &Deck, total: &DeclaredTotal) -> Option<String> {
    let part_count = |kind: CardKind| match kind {
        CardKind::Crypt => ("crypt ", deck.crypt_count()),
        CardKind::Library => ("library ", deck.library_count()),
    };
    let all = deck.crypt_count().saturating_add(deck.library_count());
    let declared = total.count;
    match total.of {
        TotalOf::Part(kind) => {
            let (part, read) = part_count(kind);
            (read != declared).then(|| {
                format!(
                    "line {} declares {} but {read} {} read",
                    total.line,
                    cards(declared, part),
                    were(read)
                )
            })
        }
        TotalOf::Deck => (all != declared).then(|| {
            format!(
                "line {} declares {} in all but {all} {} read",
                total.line,
                cards(declared, ""),
                were(all)
            )
        }),
        TotalOf::PartOrDeck(kind) => {
            let (part, read) = part_count(kind);
            (read != declared && all != declared).then(|| {
                format!(
                    "line {} declares a total of {} but {} and {all} in all {} read",
                    total.line,
                    cards(declared, ""),
                    cards(read, part),
                    were(all)
                )
            })
        }
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
        assert_eq!(found[0].line, Some(3), "the library header's line");
    }

    #[test]
    fn one_card_and_one_unresolved_line_are_in_the_singular() {
        let db = fixture_db();
        let deck = Deck::from_text(
            "Crypt (2 cards)\n1x Alma Test\nLibrary (1 card)\n2x Test Bleed\n1x No Such Card\n",
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
        let messages: Vec<(&str, Option<usize>)> =
            found.iter().map(|v| (v.message.as_str(), v.line)).collect();
        assert_eq!(
            messages,
            [
                (
                    "the list declares 2 crypt cards but 1 was read (1 unresolved line)",
                    Some(1)
                ),
                (
                    "the list declares 1 library card but 2 were read (1 unresolved line)",
                    Some(3)
                ),
            ]
        );
    }

    #[test]
    fn footer_totals_are_compared_with_their_part_or_the_deck() {
        let db = fixture_db();
        let run = |text: &str| {
            let deck = Deck::from_text(text, Some(Format::Plain), &db);
            run_rule(
                &DeclaredCount,
                &db,
                &deck,
                &Profile::standard(),
                "2021-01-01",
            )
        };
        let head = "Crypt:\n12x Alma Test\nLibrary:\n60x Test Bleed\n";
        assert!(run(&format!("{head}Total: 60\n")).is_empty());
        assert!(run(&format!("{head}Total cards: 72\n")).is_empty());
        assert!(run(&format!("{head}Library total: 60\n")).is_empty());
        let found = run(&format!("{head}Total: 90\n"));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].line, Some(5));
        assert_eq!(
            found[0].message,
            "line 5 declares a total of 90 cards but 60 library cards and 72 in all were read"
        );
        let found = run(&format!("{head}Library total: 72\n"));
        assert_eq!(
            found[0].message,
            "line 5 declares 72 library cards but 60 were read"
        );
        let found = run("12x Alma Test\n60x Test Bleed\nDeck total: 90\n");
        assert_eq!(
            found[0].message,
            "line 3 declares 90 cards in all but 72 were read"
        );
    }
}
