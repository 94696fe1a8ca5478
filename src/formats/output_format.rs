//! The layouts `convert` writes, and the [`DeckWriter`] trait each one implements.

use std::fmt;

use super::{jol, json, lackey, text, twd_writer, vdb_url};
use crate::cards::{Card, CardDb};
use crate::deck::{Deck, DeckCard};

/// Writes a resolved deck as text in one layout.
pub trait DeckWriter {
    /// The deck as this layout's text (ends with a newline).
    fn write(&self, deck: &Deck, db: &CardDb) -> String;
}

/// A layout `vtesdeck convert --to` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OutputFormat {
    /// TWDA layout: columned crypt with the `min/max/avg` header, library by type.
    Twd,
    /// JOL: `2x Name`, crypt first, blank line, library.
    Jol,
    /// Lackey CCG: `N<TAB>Name`, library first, then `Crypt:` and the crypt.
    Lackey,
    /// A VDB deck URL: `https://vdb.im/decks/deck?name=...#id=count;...`.
    Vdb,
    /// The JSON object `parse --json` prints.
    Json,
    /// Plain `2x Name` lines under `Crypt (N)` and `Library (N)` headers.
    Text,
}

impl OutputFormat {
    /// Every output format.
    pub const ALL: [OutputFormat; 6] = [
        OutputFormat::Twd,
        OutputFormat::Jol,
        OutputFormat::Lackey,
        OutputFormat::Vdb,
        OutputFormat::Json,
        OutputFormat::Text,
    ];

    /// The name `--to` takes.
    pub fn name(self) -> &'static str {
        match self {
            OutputFormat::Twd => "twd",
            OutputFormat::Jol => "jol",
            OutputFormat::Lackey => "lackey",
            OutputFormat::Vdb => "vdb",
            OutputFormat::Json => "json",
            OutputFormat::Text => "text",
        }
    }

    /// Parses a name as [`OutputFormat::name`] writes it.
    pub fn parse(name: &str) -> Option<OutputFormat> {
        OutputFormat::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The writer of this layout.
    pub fn writer(self) -> &'static dyn DeckWriter {
        match self {
            OutputFormat::Twd => &twd_writer::TwdWriter,
            OutputFormat::Jol => &jol::JolWriter,
            OutputFormat::Lackey => &lackey::LackeyWriter,
            OutputFormat::Vdb => &vdb_url::VdbUrlWriter,
            OutputFormat::Json => &json::JsonWriter,
            OutputFormat::Text => &text::TextWriter,
        }
    }

    /// Writes a deck in this layout.
    pub fn write(self, deck: &Deck, db: &CardDb) -> String {
        self.writer().write(deck, db)
    }
}

impl fmt::Display for OutputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The cards of a deck part with their counts, sorted by name (case and
/// accents ignored), cards missing from the database left out.
pub(super) fn by_name<'a>(entries: &[DeckCard], db: &'a CardDb) -> Vec<(&'a Card, u32)> {
    let mut cards: Vec<(&Card, u32)> = entries
        .iter()
        .filter_map(|e| Some((db.get(e.id)?, e.count)))
        .collect();
    cards.sort_by_cached_key(|(card, _)| {
        (crate::cards::names::fold(&db.printing_name(card)), card.id)
    });
    cards
}

/// A metadata value on one line (line breaks become spaces).
pub(super) fn one_line(value: &str) -> String {
    value.lines().map(str::trim).collect::<Vec<_>>().join(" ")
}
