//! `read-by-shape`: a document that no layout reader claims was read by the
//! shape of its records (format `shape`); the note names the path its cards
//! were found at, so that a reading can be checked. An info, an error under
//! `--strict` (a job where a decklist must be exact reads only known layouts).

use super::{Context, Rule, Severity, Violation};
use vtesdeck_deck::Deck;

/// A deck read by the shape of its records is noted, with the path used.
#[derive(Debug, Clone, Copy)]
pub struct ReadByShape;

impl Rule for ReadByShape {
    fn id(&self) -> &'static str {
        "read-by-shape"
    }

    fn severity(&self) -> Severity {
        Severity::Info
    }

    fn severity_in(&self, context: &Context) -> Severity {
        if context.strict {
            Severity::Error
        } else {
            Severity::Info
        }
    }

    fn summary(&self) -> &'static str {
        "a document of no known layout, read by the shape of its records: noted with the path \
         its cards were found at (an error with --strict)"
    }

    fn check(&self, deck: &Deck, context: &Context) -> Vec<Violation> {
        let Some(path) = &deck.meta.read_by_shape else {
            return Vec::new();
        };
        vec![Violation::deck(
            self.id(),
            self.severity_in(context),
            format!(
                "read by shape (no layout reader knows this document): cards found at `{path}`"
            ),
        )]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::fixture_db;
    use crate::{run_rule, CheckDate, Checker, Profile};
    use vtesdeck_formats::Format;
    use vtesdeck_formats::LoadDeck;

    #[test]
    fn a_deck_read_by_shape_is_noted_and_an_error_when_strict() {
        let db = fixture_db();
        let text =
            r#"{"cards": [{"qty": 12, "name": "Alma Test"}, {"qty": 90, "name": "Test Punch"}]}"#;
        let deck = Deck::from_text(text, None, &db);
        assert_eq!(deck.format, Format::Shape);
        let found = run_rule(&ReadByShape, &db, &deck, &Profile::standard(), "2021-01-01");
        let found: Vec<(Severity, &str)> = found
            .iter()
            .map(|v| (v.severity, v.message.as_str()))
            .collect();
        assert_eq!(
            found,
            [(
                Severity::Info,
                "read by shape (no layout reader knows this document): cards found at \
                 `cards[].{qty,name}`"
            )]
        );
        let profile = Profile::standard();
        let date = "2021-01-01".parse().unwrap();
        let strict = Checker::new(&db, &profile, CheckDate::On(date), 5)
            .unwrap()
            .with_strict(true);
        let report = strict.check(&deck).unwrap();
        assert!(!report.legal);
        assert!(report
            .problems
            .iter()
            .any(|p| p.rule == "read-by-shape" && p.severity == Severity::Error));
        let plain = Deck::from_text("12x Alma Test\n", None, &db);
        assert!(run_rule(
            &ReadByShape,
            &db,
            &plain,
            &Profile::standard(),
            "2021-01-01"
        )
        .is_empty());
    }
}
