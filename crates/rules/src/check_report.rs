//! The result of checking one deck.

use chrono::NaiveDate;
use serde::Serialize;

use super::{Context, Violation};
use vtesdeck_cards::Group;
use vtesdeck_deck::Deck;

/// One deck's verdict: `{"type": "deck", "path", "name", "legal", "date", "profile",
/// "crypt", "library", "groups", "problems"}` in JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CheckReport {
    /// Record type tag: `deck`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The deck file (`-` for standard input).
    pub path: String,
    /// The deck's name, when it has one.
    pub name: Option<String>,
    /// No problem of severity error.
    pub legal: bool,
    /// The date the deck was judged at.
    pub date: NaiveDate,
    /// The profile's name.
    pub profile: String,
    /// Crypt cards, copies counted.
    pub crypt: u32,
    /// Library cards, copies counted.
    pub library: u32,
    /// The numbered groups of the crypt, ascending (`ANY` left out).
    pub groups: Vec<u8>,
    /// Errors, warnings and info notes, in rule order.
    pub problems: Vec<Violation>,
}

impl CheckReport {
    /// Builds the report of a deck from the problems found.
    pub(crate) fn new(deck: &Deck, context: &Context, problems: Vec<Violation>) -> CheckReport {
        let mut groups: Vec<u8> = Vec::new();
        let numbered = context.crypt.iter();
        for group in numbered.filter_map(|entry| entry.card.group.and_then(Group::number)) {
            if !groups.contains(&group) {
                groups.push(group);
            }
        }
        groups.sort_unstable();
        CheckReport {
            kind: "deck",
            path: deck.path_label(),
            name: deck.meta.name.clone(),
            legal: !problems.iter().any(Violation::is_error),
            date: context.date,
            profile: context.profile.name.clone(),
            crypt: deck.crypt_count(),
            library: deck.library_count(),
            groups,
            problems,
        }
    }

    /// The problems that make the deck illegal.
    pub fn errors(&self) -> impl Iterator<Item = &Violation> {
        self.problems.iter().filter(|p| p.is_error())
    }

    /// The warnings.
    pub fn warnings(&self) -> impl Iterator<Item = &Violation> {
        self.problems
            .iter()
            .filter(|p| p.severity == super::Severity::Warning)
    }
}
