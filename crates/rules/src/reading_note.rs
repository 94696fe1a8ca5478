//! The ways of writing a card line that are normal in players' lists, not
//! corrections, each noted by a rule of its own (info, also with
//! `--strict`): `count-after-name` (`Blood Doll x4`, `Tara: 3`),
//! `count-labelled` (`Quantity: 3`, `3 copies of Tara`) and `abbreviation`
//! (a whole name written as the initials of the project's table: `5x TM`,
//! `3x DI`). Which remark each rule notes is [`super::name_corrected`]'s
//! `rule_of`.

use super::name_corrected::remarks_by_line;
use super::{Context, Rule, Severity, Violation};
use vtesdeck_deck::Deck;

/// A normal way of writing a card line, noted on each line written so.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ReadingNote {
    id: &'static str,
    summary: &'static str,
}

/// A count written after the name is noted.
pub(crate) const COUNT_AFTER_NAME: ReadingNote = ReadingNote {
    id: "count-after-name",
    summary:
        "a count written after the name (`Blood Doll x4`): a normal way of writing a list, noted",
};

/// A count read from a labelled field is noted.
pub(crate) const COUNT_LABELLED: ReadingNote = ReadingNote {
    id: "count-labelled",
    summary:
        "a count read from a labelled field (`Quantity: 3`, `3 copies of Tara`): a normal way \
              of writing a list, noted",
};

/// A name written as its abbreviation is noted.
pub(crate) const ABBREVIATION: ReadingNote = ReadingNote {
    id: "abbreviation",
    summary:
        "a card name written as its abbreviation (`5x TM`, `3x DI`): a normal way of writing a \
              list, noted",
};

impl Rule for ReadingNote {
    fn id(&self) -> &'static str {
        self.id
    }

    fn severity(&self) -> Severity {
        Severity::Info
    }

    fn summary(&self) -> &'static str {
        self.summary
    }

    fn check(&self, deck: &Deck, context: &Context) -> Vec<Violation> {
        remarks_by_line(self.id, Severity::Info, deck, context)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::fixture_db;
    use crate::{run_rule, CheckDate, Checker, NameCorrected, Profile};
    use vtesdeck_deck::{ReadAs, ReadHow};
    use vtesdeck_formats::Format;
    use vtesdeck_formats::LoadDeck;

    #[test]
    fn a_count_after_the_name_is_an_info_note_even_when_strict() {
        let db = fixture_db();
        let deck = Deck::from_text(
            "12x Alma Test\nTest Bleedd x58\nTest Punch: 2\n",
            Some(Format::Plain),
            &db,
        );
        let found = run_rule(
            &COUNT_AFTER_NAME,
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
            [
                (
                    Some(2),
                    Severity::Info,
                    "`Test Bleedd x58` read as 58x \"Test Bleed\" (a count after the name)"
                ),
                (
                    Some(3),
                    Severity::Info,
                    "`Test Punch: 2` read as 2x \"Test Punch\" (a count after the name)"
                ),
            ]
        );
        let profile = Profile::standard();
        let date = "2021-01-01".parse().unwrap();
        let strict = Checker::new(&db, &profile, CheckDate::On(date), 5)
            .unwrap()
            .with_strict(true);
        let report = strict.check(&deck).unwrap();
        let rules: Vec<(&str, Severity)> = report
            .problems
            .iter()
            .filter(|p| p.line.is_some())
            .map(|p| (p.rule, p.severity))
            .collect();
        assert_eq!(
            rules,
            [
                (NameCorrected.id(), Severity::Error),
                ("count-after-name", Severity::Info),
                ("count-after-name", Severity::Info),
            ]
        );
    }

    #[test]
    fn a_labelled_count_is_an_info_note() {
        let db = fixture_db();
        let deck = Deck::from_text(
            "12x Alma Test\nTest Bleed, Quantity: 58\n2 copies of Test Punch\n",
            Some(Format::Plain),
            &db,
        );
        let found = run_rule(
            &COUNT_LABELLED,
            &db,
            &deck,
            &Profile::standard(),
            "2021-01-01",
        );
        let lines: Vec<(Option<usize>, Severity)> =
            found.iter().map(|v| (v.line, v.severity)).collect();
        assert_eq!(
            lines,
            [(Some(2), Severity::Info), (Some(3), Severity::Info)],
            "{found:?}"
        );
        assert!(run_rule(
            &COUNT_AFTER_NAME,
            &db,
            &deck,
            &Profile::standard(),
            "2021-01-01"
        )
        .is_empty());
    }

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
            &ABBREVIATION,
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
