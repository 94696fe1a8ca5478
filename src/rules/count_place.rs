//! `count-after-name` and `count-labelled` (info, also with `--strict`): a
//! count written after the name (`Blood Doll x4`, `Tara: 3`) or read from a
//! labelled field (`Quantity: 3`, `3 copies of Tara`). Both are normal ways of
//! writing a list, not corrections: noted, never warned about.

use super::name_corrected::remarks_by_line;
use super::{Context, Rule, Severity, Violation};
use crate::deck::Deck;

/// A count written after the name is noted.
#[derive(Debug, Clone, Copy)]
pub struct CountAfterName;

impl Rule for CountAfterName {
    fn id(&self) -> &'static str {
        "count-after-name"
    }

    fn severity(&self) -> Severity {
        Severity::Info
    }

    fn summary(&self) -> &'static str {
        "a count written after the name (`Blood Doll x4`): a normal way of writing a list, noted"
    }

    fn check(&self, deck: &Deck, context: &Context) -> Vec<Violation> {
        remarks_by_line(self.id(), self.severity(), deck, context)
    }
}

/// A count read from a labelled field is noted.
#[derive(Debug, Clone, Copy)]
pub struct CountLabelled;

impl Rule for CountLabelled {
    fn id(&self) -> &'static str {
        "count-labelled"
    }

    fn severity(&self) -> Severity {
        Severity::Info
    }

    fn summary(&self) -> &'static str {
        "a count read from a labelled field (`Quantity: 3`, `3 copies of Tara`): a normal way \
         of writing a list, noted"
    }

    fn check(&self, deck: &Deck, context: &Context) -> Vec<Violation> {
        remarks_by_line(self.id(), self.severity(), deck, context)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::Format;
    use crate::rules::{run_rule, CheckDate, Checker, NameCorrected, Profile};
    use crate::testing::fixture_db;

    #[test]
    fn a_count_after_the_name_is_an_info_note_even_when_strict() {
        let db = fixture_db();
        let deck = Deck::from_text(
            "12x Alma Test\nTest Bleedd x58\nTest Punch: 2\n",
            Some(Format::Plain),
            &db,
        );
        let found = run_rule(
            &CountAfterName,
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
            &CountLabelled,
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
            &CountAfterName,
            &db,
            &deck,
            &Profile::standard(),
            "2021-01-01"
        )
        .is_empty());
    }
}
