//! The layouts `convert` writes, and the [`DeckWriter`] trait each one implements.

use std::fmt;

use super::layout::DeckWriter;
use super::{jol, json, lackey, text, twd_writer, vdb_url};
use crate::cards::CardDb;
use crate::deck::Deck;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{deck_of, fixture_db};

    /// Three printings of one name, an accent, `Rack, The`, a trifle, a combined type.
    const CARDS: [(u32, u32); 9] = [
        (200_008, 1),
        (200_009, 2),
        (200_010, 3),
        (200_015, 4),
        (200_011, 2),
        (100_017, 1),
        (100_002, 3),
        (100_007, 5),
        (100_004, 10),
    ];

    #[test]
    fn every_format_reads_back_to_the_same_cards() {
        let db = fixture_db();
        let mut deck = deck_of(&db, &CARDS);
        deck.meta.name = Some("Round trip".to_string());
        deck.meta.author = Some("Tester".to_string());
        let sorted = |deck: &Deck| {
            let mut cards: Vec<(u32, u32)> = deck
                .crypt
                .iter()
                .chain(&deck.library)
                .map(|e| (e.id.0, e.count))
                .collect();
            cards.sort_unstable();
            cards
        };
        for format in OutputFormat::ALL {
            let text = format.write(&deck, &db);
            let back = Deck::from_text(&text, None, &db);
            assert!(
                back.unresolved.is_empty(),
                "{format}: {:?}",
                back.unresolved
            );
            assert_eq!(sorted(&back), sorted(&deck), "{format}:\n{text}");
            assert_eq!(OutputFormat::parse(format.name()), Some(format));
        }
    }

    #[test]
    fn an_empty_deck_is_written_and_reads_back_empty() {
        let db = fixture_db();
        let deck = Deck::from_text("", None, &db);
        for format in OutputFormat::ALL {
            let back = Deck::from_text(&format.write(&deck, &db), None, &db);
            assert!(back.crypt.is_empty() && back.library.is_empty(), "{format}");
            assert!(
                back.unresolved.is_empty(),
                "{format}: {:?}",
                back.unresolved
            );
        }
        assert!(OutputFormat::Twd
            .write(&deck, &db)
            .starts_with("Crypt (0 cards, min=0, max=0, avg=0)\n"));
    }

    #[test]
    fn jol_lackey_and_text_layouts() {
        let db = fixture_db();
        let mut deck = deck_of(
            &db,
            &[(200_010, 2), (200_015, 1), (100_017, 1), (100_004, 3)],
        );
        assert_eq!(
            OutputFormat::Jol.write(&deck, &db),
            "1x Céleste Test\n2x Theo Test (G6)\n\n1x Rack, The\n3x Test Punch\n"
        );
        assert_eq!(
            OutputFormat::Lackey.write(&deck, &db),
            "1\tRack, The\n3\tTest Punch\nCrypt:\n1\tCeleste Test\n2\tTheo Test (G6)\n"
        );
        deck.meta.name = Some("Two\nlines".to_string());
        assert_eq!(
            OutputFormat::Text.write(&deck, &db),
            "Deck Name: Two lines\n\nCrypt (3)\n1x Céleste Test\n2x Theo Test (G6)\n\nLibrary (4)\n1x Rack, The\n3x Test Punch\n"
        );
    }

    #[test]
    fn json_is_the_parse_json_object() {
        let db = fixture_db();
        let deck = deck_of(&db, &[(200_009, 1), (100_004, 2)]);
        let text = OutputFormat::Json.write(&deck, &db);
        assert!(text.ends_with("}\n") && text.lines().count() == 1);
        let value: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        assert_eq!(value["type"], "deck");
        assert_eq!(value["crypt"][0]["id"], 200_009);
        assert_eq!(value["crypt"][0]["name"], "Theo Test (G2 ADV)");
        assert_eq!(value["library"][0]["count"], 2);
    }
}
