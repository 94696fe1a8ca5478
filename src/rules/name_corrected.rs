//! `name-corrected` (warning; error with `--strict`): a card line that was not
//! read literally: a misspelling, a short name or nickname, a tag naming a
//! printing the card does not have, a count after the name, text left out.

use super::{Context, Rule, Severity, Violation};
use crate::deck::{Deck, ReadAs, ReadHow};

/// Every card line reads literally.
#[derive(Debug, Clone, Copy)]
pub struct NameCorrected;

/// The sentence of a reading remark: the line as typed, what was read, and how.
pub(super) fn remark_message(read_as: &ReadAs, card: &str) -> String {
    let what = match read_as.how {
        ReadHow::Misspelling => "a misspelling",
        ReadHow::ShortName => "a short name",
        ReadHow::Alias => "a nickname or old name",
        ReadHow::NumberWords => "numbers written another way",
        ReadHow::TextIgnored => "text after the name left out",
        ReadHow::PrintingChosen => "a printing chosen",
        ReadHow::PrintingMissing => "a printing the card does not have",
        ReadHow::PrintingConflict => "a tag and columns that disagree",
        ReadHow::CountAfterName => "a count after the name",
        ReadHow::CountLabelled => "a labelled count",
    };
    let mut message = format!(
        "`{}` read as {}x \"{card}\" ({what})",
        read_as.typed.trim(),
        read_as.count
    );
    if let Some(note) = &read_as.note {
        message.push_str(": ");
        message.push_str(note);
    }
    message
}

impl Rule for NameCorrected {
    fn id(&self) -> &'static str {
        "name-corrected"
    }

    fn severity(&self) -> Severity {
        Severity::Warning
    }

    fn summary(&self) -> &'static str {
        "every card line reads literally (a misspelling, short name or count in an \
         unusual place is corrected and said; an error with --strict)"
    }

    fn check(&self, deck: &Deck, context: &Context) -> Vec<Violation> {
        deck.read_as
            .iter()
            .filter(|read_as| read_as.how != ReadHow::PrintingChosen)
            .map(|read_as| remark(self.id(), read_as, context))
            .collect()
    }
}

/// A violation for one reading remark, on the card it was read as.
pub(super) fn remark(rule: &'static str, read_as: &ReadAs, context: &Context) -> Violation {
    let card = context
        .db
        .get(read_as.card)
        .map(|card| context.db.printing_name(card));
    Violation {
        rule,
        severity: context.remark_severity(),
        message: remark_message(read_as, card.as_deref().unwrap_or("?")),
        card_id: Some(read_as.card),
        card,
        line: Some(read_as.line),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::Format;
    use crate::rules::{run_rule, Profile};
    use crate::testing::fixture_db;

    #[test]
    fn misspelt_line_is_a_warning_naming_line_text_and_card() {
        let db = fixture_db();
        let deck = Deck::from_text("12x Alma Test\n60x Test Bleedd\n", Some(Format::Plain), &db);
        let found = run_rule(
            &NameCorrected,
            &db,
            &deck,
            &Profile::standard(),
            "2021-01-01",
        );
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].severity, Severity::Warning);
        assert_eq!(found[0].line, Some(2));
        assert_eq!(
            found[0].message,
            "`60x Test Bleedd` read as 60x \"Test Bleed\" (a misspelling)"
        );
    }

    #[test]
    fn exact_names_give_no_remark() {
        let db = fixture_db();
        let deck = Deck::from_text("12x alma test\n60x TEST BLEED\n", Some(Format::Plain), &db);
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
