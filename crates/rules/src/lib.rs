//! Tournament legality: a registry of rules, each with a stable id, run under a
//! [`Profile`] at a date; the result is a [`CheckReport`] per deck.
//!
//! ```
//! use vtesdeck_cards::{CardDb, CardId};
//! use vtesdeck_deck::Deck;
//! use vtesdeck_rules::{CheckDate, Checker, Profile};
//!
//! let db = CardDb::embedded()?;
//! // Eleven Nathan Turner and ninety Deep Song: a crypt one card short.
//! let deck = Deck::from_cards(&[(CardId(201_606), 11), (CardId(100_515), 90)], &db);
//! let profile = Profile::standard();
//! let date = CheckDate::On(chrono::NaiveDate::from_ymd_opt(2025, 1, 1).ok_or("date")?);
//! let checker = Checker::new(&db, &profile, date, 5)?;
//! let report = checker.check(&deck)?;
//! assert!(!report.legal);
//! for problem in &report.problems {
//!     println!("{}: {}", problem.rule, problem.message);
//! }
//! assert!(report.problems.iter().any(|problem| problem.rule == "crypt-size"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod banned;
mod card_facts;
mod check_report;
mod checker;
mod crypt_grouping;
mod crypt_size;
mod decks_in_text;
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
mod sideboard_apart;
mod unknown_card;
mod unplayable_card;
mod violation;

pub use check_report::CheckReport;
pub use checker::{CheckDate, CheckError, Checker, Context};
pub use profile::{CardRef, CryptLimits, LibraryLimits, Profile, ProfileError};
pub use violation::{Severity, Violation};

use banned::Banned;
use crypt_grouping::CryptGrouping;
use crypt_size::CryptSize;
use decks_in_text::DecksInText;
use declared_count::DeclaredCount;
use duplicate_event::DuplicateEvent;
use duplicate_unique::DuplicateUnique;
use library_size::LibrarySize;
use max_copies::MaxCopies;
use name_corrected::NameCorrected;
use name_mismatch::NameMismatch;
use not_in_format::NotInFormat;
use not_yet_legal::NotYetLegal;
use printing_chosen::PrintingChosen;
use prose_skipped::ProseSkipped;
use read_by_shape::ReadByShape;
use reading_note::{ABBREVIATION, COUNT_AFTER_NAME, COUNT_LABELLED};
use sideboard_apart::SideboardApart;
use unknown_card::UnknownCard;
use unplayable_card::UnplayableCard;

use vtesdeck_deck::Deck;

/// A legality rule: a stable id, a severity, and a check of one deck.
pub trait Rule: Sync + std::fmt::Debug {
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
    &SideboardApart,
    &DecksInText,
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
    db: &vtesdeck_cards::CardDb,
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

#[cfg(test)]
mod testing;
