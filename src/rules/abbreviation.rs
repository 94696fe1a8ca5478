//! `abbreviation` (info, also with `--strict`): a card line whose whole name
//! is an abbreviation of the project's table, the initials of the card's name
//! (`5x TM`, `3x DI`, `GtU`). A normal way of writing a list among players:
//! noted, never warned about.

use super::name_corrected::remarks_by_line;
use super::{Context, Rule, Severity, Violation};
use crate::deck::Deck;

/// A name written as its abbreviation is noted.
#[derive(Debug, Clone, Copy)]
pub struct Abbreviation;

impl Rule for Abbreviation {
    fn id(&self) -> &'static str {
        "abbreviation"
    }

    fn severity(&self) -> Severity {
        Severity::Info
    }

    fn summary(&self) -> &'static str {
        "a card name written as its abbreviation (`5x TM`, `3x DI`): a normal way of writing a \
         list, noted"
    }

    fn check(&self, deck: &Deck, context: &Context) -> Vec<Violation> {
        remarks_by_line(self.id(), self.severity(), deck, context)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::{ReadAs, ReadHow};
    use crate::formats::Format;
    use crate::rules::{run_rule, NameCorrected, Profile};
    use crate::testing::fixture_db;

    #[test]
    fn an_abbreviation_is_an_info_note_not_a_correction() {
        let db = fixture_db();
        let mut deck = Deck::from_text("12x Alma Test\n60x Test Bleed\n", Some(Format::Plain), &db);
        // The fixture database has no abbreviation: the remark the reader
        // gives for one (as for `5x TM` in the real database) is put on line 2.
        let card = deck.library[0].id;
        deck.read_as.push(ReadAs {
            line: 2,
            typed: "60x TB".to_string(),
            how: ReadHow::Abbreviation,
            card,
            count: 60,
            note: None,
        });
        let found = run_rule(
            &Abbreviation,
            &db,
            &deck,
            &Profile::standard(),
            "2021-01-01",
        );
        let lines: Vec<(Option<usize>, Severity, &str)> = found
            .iter()
            .map(|v| (v.line, v.severity, v.message.as_str()))
            .collect();
        assert_eq!(
            lines,
            [(
                Some(2),
                Severity::Info,
                "`60x TB` read as 60x \"Test Bleed\" (an abbreviation)"
            )]
        );
        assert!(run_rule(
            &NameCorrected,
            &db,
            &deck,
            &Profile::standard(),
            "2021-01-01"
        )
        .is_empty());
    }
}
