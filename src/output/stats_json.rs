//! The JSON Lines records of `stats --json`: one `deck` object per deck (with
//! `path`), and a `summary` object with `--summary`.

use serde::Serialize;

use crate::analysis::{Stats, Summary};
use crate::deck::{Deck, Unresolved};

/// One deck's stats as a JSON record.
#[derive(Debug, Serialize)]
pub struct StatsJson<'a> {
    /// Record type tag: `deck`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The file (`-` for standard input).
    pub path: String,
    /// Deck name.
    pub name: Option<&'a str>,
    /// Card lines that resolved to no card (left out of every figure), as `parse --json`
    /// writes them.
    pub unresolved: &'a [Unresolved],
    /// The figures.
    #[serde(flatten)]
    pub stats: &'a Stats,
}

impl<'a> StatsJson<'a> {
    /// Builds the record of a deck.
    pub fn new(deck: &'a Deck, stats: &'a Stats) -> StatsJson<'a> {
        StatsJson {
            kind: "deck",
            path: deck.path_label(),
            name: deck.meta.name.as_deref(),
            unresolved: &deck.unresolved,
            stats,
        }
    }
}

/// The summary as a JSON record.
#[derive(Debug, Serialize)]
pub struct SummaryJson<'a> {
    /// Record type tag: `summary`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The figures.
    #[serde(flatten)]
    pub summary: &'a Summary,
}

impl<'a> SummaryJson<'a> {
    /// Builds the summary record.
    pub fn new(summary: &'a Summary) -> SummaryJson<'a> {
        SummaryJson {
            kind: "summary",
            summary,
        }
    }
}
