//! `printing-chosen` (warning; error with `--strict`): a crypt name with several
//! printings of different groups, written with no tag: the printing that fits
//! the crypt's groups was taken.

use super::name_corrected::remarks_by_line;
use super::{Context, Rule, Severity, Violation};
use vtesdeck_deck::Deck;

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
        remarks_by_line(self.id(), self.severity_in(context), deck, context)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::fixture_db;
    use crate::{run_rule, Profile};
    use vtesdeck_deck::formats::LoadDeck;
    use vtesdeck_deck::Format;

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
