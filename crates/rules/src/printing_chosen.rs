//! `printing-chosen` (warning; error with `--strict`): a crypt name with several
//! printings of different groups, written with no tag: the printing that fits
//! the crypt's groups was taken. When only one of them fits the rest of the
//! crypt (`2x Evan Klein` in a crypt of groups 5-6), nothing was guessed: an
//! info note, also with `--strict`.

use super::name_corrected::remarks_by_line;
use super::{Context, Rule, Severity, Violation};
use vtesdeck_deck::{Deck, ReadHow};

/// Every crypt line names its printing when the name has several.
#[derive(Debug, Clone, Copy)]
pub struct PrintingChosen;

impl Rule for PrintingChosen {
    fn id(&self) -> &'static str {
        "printing-chosen"
    }

    fn severity(&self) -> Severity {
        Severity::Warning
    }

    fn severity_in(&self, context: &Context) -> Severity {
        context.remark_severity()
    }

    fn summary(&self) -> &'static str {
        "a vampire with several printings is named with its tag (else the one that fits \
         the crypt is taken and said; an error with --strict)"
    }

    fn check(&self, deck: &Deck, context: &Context) -> Vec<Violation> {
        let mut found = remarks_by_line(self.id(), self.severity_in(context), deck, context);
        for violation in &mut found {
            let only_fits = deck
                .read_as
                .iter()
                .filter(|r| Some(r.line) == violation.line)
                .filter(|r| matches!(r.how, ReadHow::PrintingChosen | ReadHow::PrintingFits))
                .all(|r| r.how == ReadHow::PrintingFits);
            if only_fits {
                violation.severity = Severity::Info;
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::fixture_db;
    use crate::{run_rule, Profile};
    use vtesdeck_formats::Format;
    use vtesdeck_formats::LoadDeck;

    /// One line, one finding: a misspelt name whose printing was chosen is
    /// reported by `name-corrected` alone, naming both.
    #[test]
    fn a_line_with_a_misspelling_and_a_printing_is_reported_once() {
        let db = fixture_db();
        let deck = Deck::from_text("1x Theo Tset\n", Some(Format::Plain), &db);
        let profile = Profile::standard();
        let chosen = run_rule(&PrintingChosen, &db, &deck, &profile, "2021-01-01");
        assert!(chosen.is_empty(), "{chosen:?}");
        let corrected = run_rule(
            &crate::name_corrected::NameCorrected,
            &db,
            &deck,
            &profile,
            "2021-01-01",
        );
        assert_eq!(corrected.len(), 1, "{corrected:?}");
        assert!(
            corrected[0]
                .message
                .contains("a misspelling; a printing chosen"),
            "{corrected:?}"
        );
    }

    #[test]
    fn untagged_name_with_printings_in_two_groups_is_reported() {
        let db = fixture_db();
        let deck = Deck::from_text("1x Theo Test\n2x Lola Test\n", Some(Format::Plain), &db);
        let found = run_rule(
            &PrintingChosen,
            &db,
            &deck,
            &Profile::standard(),
            "2021-01-01",
        );
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].line, Some(1));
        // Lola Test is of group 6: only Theo Test's G6 printing fits, no guess.
        assert_eq!(found[0].severity, Severity::Info, "{found:?}");
        assert!(
            found[0].message.contains(
                "read as 1x \"Theo Test (G6)\" (the one printing that fits: Theo Test has \
                 printings of several groups and only this one fits the rest of the crypt)"
            ),
            "{found:?}"
        );
        // Alone, either printing fits: a guess, a warning (an error with --strict).
        let alone = Deck::from_text("1x Theo Test\n", Some(Format::Plain), &db);
        let found = run_rule(
            &PrintingChosen,
            &db,
            &alone,
            &Profile::standard(),
            "2021-01-01",
        );
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].severity, Severity::Warning, "{found:?}");
        let tagged = Deck::from_text(
            "1x Theo Test (G6)\n2x Lola Test\n",
            Some(Format::Plain),
            &db,
        );
        assert!(run_rule(
            &PrintingChosen,
            &db,
            &tagged,
            &Profile::standard(),
            "2021-01-01"
        )
        .is_empty());
    }
}
