//! Tournament legality: a registry of rules, each with a stable id, run under a
//! [`Profile`] at a date; the result is a [`CheckReport`] per deck.
//!
//! ```no_run
//! use vtesdeck::cards::CardDb;
//! use vtesdeck::deck::Deck;
//! use vtesdeck::rules::{CheckDate, Checker, Profile};
//!
//! let db = CardDb::load(std::path::Path::new("cards"))?;
//! let deck = Deck::load(std::path::Path::new("deck.txt"), None, &db)?;
//! let profile = Profile::standard();
//! let checker = Checker::new(&db, &profile, CheckDate::Event, 5)?;
//! let report = checker.check(&deck)?;
//! for problem in &report.problems {
//!     println!("{}: {}", problem.rule, problem.message);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod banned;
mod card_facts;
mod check_report;
mod checker;
mod crypt_grouping;
mod crypt_size;
mod declared_count;
mod duplicate_event;
mod duplicate_unique;
mod library_size;
mod max_copies;
mod name_corrected;
mod name_mismatch;
mod not_in_format;
mod not_yet_legal;
mod printing_chosen;
pub(crate) mod profile;
mod prose_skipped;
mod read_by_shape;
mod reading_note;
mod unknown_card;
mod unplayable_card;
mod violation;

pub use banned::{ban_date, Banned};
pub use card_facts::{CardFacts, Entry};
pub use check_report::CheckReport;
pub use checker::{CheckDate, CheckError, Checker, Context};
pub use crypt_grouping::{best_group_pair, CryptGrouping};
pub use crypt_size::CryptSize;
pub use declared_count::DeclaredCount;
pub use duplicate_event::DuplicateEvent;
pub use duplicate_unique::DuplicateUnique;
pub use library_size::LibrarySize;
pub use max_copies::MaxCopies;
pub use name_corrected::NameCorrected;
pub use name_mismatch::NameMismatch;
pub use not_in_format::NotInFormat;
pub use not_yet_legal::NotYetLegal;
pub use printing_chosen::PrintingChosen;
pub use profile::{Profile, ProfileError};
pub use prose_skipped::ProseSkipped;
pub use read_by_shape::ReadByShape;
pub use reading_note::{ReadingNote, ABBREVIATION, COUNT_AFTER_NAME, COUNT_LABELLED};
pub use unknown_card::UnknownCard;
pub use unplayable_card::UnplayableCard;
pub use violation::{Severity, Violation};

use crate::deck::Deck;

/// A legality rule: a stable id, a severity, and a check of one deck.
pub trait Rule: Sync {
    /// The stable kebab-case id used in every output (`crypt-size`).
    fn id(&self) -> &'static str;
    /// Errors make a deck illegal; warnings and info notes never do.
    fn severity(&self) -> Severity;
    /// The severity of the problems the rule finds in a context: its
    /// [`Rule::severity`], unless the context raises it (`--strict` makes the
    /// reading remarks errors). [`Checker::keeping`] skips a rule by it.
    fn severity_in(&self, _context: &Context) -> Severity {
        self.severity()
    }
    /// What the rule checks, in one line.
    fn summary(&self) -> &'static str;
    /// The problems this rule finds in a deck.
    fn check(&self, deck: &Deck, context: &Context) -> Vec<Violation>;
}

/// Every rule, in the order problems are reported.
pub static RULES: &[&dyn Rule] = &[
    &UnknownCard,
    &NameCorrected,
    &NameMismatch,
    &PrintingChosen,
    &COUNT_AFTER_NAME,
    &COUNT_LABELLED,
    &ABBREVIATION,
    &ReadByShape,
    &ProseSkipped,
    &DeclaredCount,
    &CryptSize,
    &LibrarySize,
    &CryptGrouping,
    &Banned,
    &NotYetLegal,
    &NotInFormat,
    &MaxCopies,
    &DuplicateUnique,
    &DuplicateEvent,
    &UnplayableCard,
];

/// Runs one rule over a deck of the fixture database at a date.
#[cfg(test)]
pub(crate) fn run_rule(
    rule: &dyn Rule,
    db: &crate::cards::CardDb,
    deck: &Deck,
    profile: &Profile,
    date: &str,
) -> Vec<Violation> {
    let date = date.parse().unwrap();
    let checker = Checker::new(db, profile, CheckDate::On(date), 5).unwrap();
    checker.with_context(deck, date, |context| rule.check(deck, context))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_ids_are_unique_kebab_case() {
        let mut ids: Vec<&str> = RULES.iter().map(|r| r.id()).collect();
        assert!(ids
            .iter()
            .all(|id| id.chars().all(|c| c.is_ascii_lowercase() || c == '-')));
        ids.sort_unstable();
        let count = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), count);
    }

    #[test]
    fn issue_rule_ids_are_registered() {
        for id in [
            "crypt-size",
            "library-size",
            "crypt-grouping",
            "banned",
            "not-yet-legal",
            "unknown-card",
            "max-copies",
            "not-in-format",
        ] {
            let rule = RULES.iter().find(|r| r.id() == id);
            assert_eq!(rule.map(|r| r.severity()), Some(Severity::Error), "{id}");
        }
    }
}
