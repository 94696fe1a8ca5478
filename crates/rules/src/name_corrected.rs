//! `name-corrected` (warning; error with `--strict`): a card line whose name or
//! printing was not read literally: a misspelling, a short name or nickname, a
//! tag naming a printing the card does not have, text left out. Where a count
//! is written is not a correction: [`super::COUNT_AFTER_NAME`] and
//! [`super::COUNT_LABELLED`] note it.

use super::{Context, Rule, Severity, Violation};
use vtesdeck_deck::{Deck, ReadAs, ReadHow};

/// Every card line reads literally.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NameCorrected;

/// The sentence of the reading remarks of one line: the line as typed, what
/// was read, and how (every remark, `;` between them).
pub(super) fn remark_message(remarks: &[&ReadAs], card: &str) -> String {
    let Some(first) = remarks.first() else {
        return String::new();
    };
    let hows: Vec<String> = remarks
        .iter()
        .map(|read_as| match &read_as.note {
            Some(note) => format!("{}: {note}", what_was_read(read_as.how)),
            None => what_was_read(read_as.how).to_string(),
        })
        .collect();
    format!(
        "`{}` read as {}x \"{card}\" ({})",
        vtesdeck_deck::excerpt(first.typed.trim()),
        first.count,
        hows.join("; ")
    )
}

/// The id of the rule that reports a kind of reading remark. The readings of
/// the name and the printing are corrections to act on (`name-corrected`,
/// `printing-chosen`: warnings, errors with `--strict`); a count written after
/// the name (`Blood Doll x4`) or in a labelled field (`Quantity: 3`) is a
/// normal way of writing a list, only noted (`count-after-name`,
/// `count-labelled`: info), and so is a name written as its abbreviation
/// (`abbreviation`: info).
pub(super) fn rule_of(how: ReadHow) -> &'static str {
    match how {
        ReadHow::Misspelling
        | ReadHow::ShortName
        | ReadHow::Alias
        | ReadHow::ArticleMissing
        | ReadHow::NumberWords
        | ReadHow::TextIgnored
        | ReadHow::PrintingMissing
        | ReadHow::PrintingConflict
        | ReadHow::ColumnsMismatch
        | ReadHow::NameTruncated => "name-corrected",
        ReadHow::PrintingChosen | ReadHow::PrintingFits => "printing-chosen",
        ReadHow::CountAfterName => "count-after-name",
        ReadHow::CountLabelled => "count-labelled",
        ReadHow::Abbreviation => "abbreviation",
    }
}

/// What a remark says was not literal, in words.
fn what_was_read(how: ReadHow) -> &'static str {
    match how {
        ReadHow::Misspelling => "a misspelling",
        ReadHow::ShortName => "a short name",
        ReadHow::Alias => "a nickname or old name",
        ReadHow::Abbreviation => "an abbreviation",
        ReadHow::ArticleMissing => "an article left out",
        ReadHow::NumberWords => "numbers written another way",
        ReadHow::TextIgnored => "text after the name left out",
        ReadHow::PrintingChosen => "a printing chosen",
        ReadHow::PrintingFits => "the one printing that fits",
        ReadHow::PrintingMissing => "a printing the card does not have",
        ReadHow::PrintingConflict => "a tag and columns that disagree",
        ReadHow::ColumnsMismatch => "columns that fit no printing",
        ReadHow::NameTruncated => "a name cut short",
        ReadHow::CountAfterName => "a count after the name",
        ReadHow::CountLabelled => "a labelled count",
    }
}

impl Rule for NameCorrected {
    fn id(&self) -> &'static str {
        "name-corrected"
    }

    fn severity(&self) -> Severity {
        Severity::Warning
    }

    fn severity_in(&self, context: &Context) -> Severity {
        context.remark_severity()
    }

    fn summary(&self) -> &'static str {
        "every card name reads literally (a misspelling, short name or nickname is \
         corrected and said; an error with --strict)"
    }

    fn check(&self, deck: &Deck, context: &Context) -> Vec<Violation> {
        remarks_by_line(self.id(), self.severity_in(context), deck, context)
    }
}

/// Whether a remark is a correction to act on, reported by `name-corrected`
/// or `printing-chosen` (not a note on where the count is written).
fn is_correction(how: ReadHow) -> bool {
    is_correction_rule(rule_of(how))
}

/// Whether a rule reports corrections ([`is_correction`]).
fn is_correction_rule(rule: &str) -> bool {
    matches!(rule, "name-corrected" | "printing-chosen")
}

/// One violation of `rule`, of `severity`, per line with remarks that rule
/// reports ([`rule_of`]), on the card the line was read as. One line, one
/// finding: a line with a name correction and a printing chosen is reported
/// once, by `name-corrected` (while the profile enables it), its message
/// naming both.
pub(super) fn remarks_by_line(
    rule: &'static str,
    severity: Severity,
    deck: &Deck,
    context: &Context,
) -> Vec<Violation> {
    let correction = is_correction_rule(rule);
    let corrections: Vec<&ReadAs> = deck
        .read_as
        .iter()
        .filter(|r| {
            if correction {
                is_correction(r.how)
            } else {
                rule_of(r.how) == rule
            }
        })
        .collect();
    let names_reported = context.profile.enables("name-corrected");
    let kept: Vec<&[&ReadAs]> = corrections
        .chunk_by(|a, b| a.line == b.line)
        .filter(|line| line.iter().any(|r| rule_of(r.how) == rule))
        .filter(|line| {
            rule != "printing-chosen"
                || !names_reported
                || !line.iter().any(|r| rule_of(r.how) == "name-corrected")
        })
        .collect();
    kept.into_iter()
        .map(|remarks| {
            let first = remarks[0];
            let card = context
                .db
                .get(first.card)
                .map(|card| context.db.printing_name(card));
            Violation {
                rule,
                severity,
                message: remark_message(remarks, card.as_deref().unwrap_or("?")),
                card_id: Some(first.card),
                card,
                line: Some(first.line),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::fixture_db;
    use crate::{run_rule, Profile};
    use vtesdeck_formats::Format;
    use vtesdeck_formats::LoadDeck;

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
    fn a_count_after_the_name_is_no_correction() {
        let db = fixture_db();
        let deck = Deck::from_text("Alma Test x12\nTest Bleedd x60\n", Some(Format::Plain), &db);
        let found = run_rule(
            &NameCorrected,
            &db,
            &deck,
            &Profile::standard(),
            "2021-01-01",
        );
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].line, Some(2));
        assert_eq!(
            found[0].message,
            "`Test Bleedd x60` read as 60x \"Test Bleed\" (a misspelling)"
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
