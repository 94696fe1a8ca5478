//! A problem a rule finds in a deck: data, never an error.

use std::fmt;

use serde::Serialize;

use vtesdeck_cards::CardId;

/// How much a problem matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Normal play worth a note (several copies of a unique card, a count
    /// written after the name): shown with `--verbose` and always in JSON;
    /// never makes a deck illegal.
    Info,
    /// Something to act on (a name corrected, a declared total not met);
    /// never makes a deck illegal (`--strict` turns reading remarks into errors).
    Warning,
    /// Makes the deck illegal.
    Error,
}

impl Severity {
    /// `error`, `warning` or `info`, as written in every output.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One problem: the rule that found it, what is wrong, and where.
///
/// Serialised as `{"rule", "severity", "message", "card_id", "card", "line"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Violation {
    /// The rule's stable id (`crypt-size`, `banned`, ...).
    pub rule: &'static str,
    /// Error (illegal deck) or warning.
    pub severity: Severity,
    /// What is wrong, in one sentence.
    pub message: String,
    /// The card concerned, when there is one.
    pub card_id: Option<CardId>,
    /// The card's name (with its printing suffix when it has several printings).
    pub card: Option<String>,
    /// The decklist line concerned (1-based), when there is one.
    pub line: Option<usize>,
}

impl Violation {
    /// A problem about the whole deck (sizes), with no card or line.
    pub fn deck(rule: &'static str, severity: Severity, message: String) -> Violation {
        Violation {
            rule,
            severity,
            message,
            card_id: None,
            card: None,
            line: None,
        }
    }

    /// Whether this problem makes the deck illegal.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}
