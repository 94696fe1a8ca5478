//! JOL (deckserver.net) and the JOL exports of VDB, VTES Decks and Sutekh:
//! `2x Name`, `2 x Name`, `2xName`, or a bare name for one copy; crypt first,
//! then the library, with no headers. Read as a plain list; the card database
//! tells crypt from library. [`JolWriter`] writes the VDB flavour (`2x Name`).

use std::fmt::Write;
use std::sync::LazyLock;

use regex::Regex;

use super::layout::{by_name, DeckWriter, Layout};
use super::plain;
use crate::format::Format;
use vtesdeck_cards::CardDb;
use vtesdeck_deck::raw::RawDeck;
use vtesdeck_deck::Deck;

/// `2x Name`, `2 x Name`, `2xName`.
static COUNT_X_NAME: LazyLock<Regex> = LazyLock::new(|| {
    let times = super::card_line::TIMES_CLASS;
    Regex::new(&format!(r"^\d+\s*{times}\s*\S")).expect("valid regex")
});

/// Whether a text has the JOL shape: only `Nx Name` lines and bare names (at
/// least one counted line), no headers, no `Name: value` fields.
pub fn looks_like(text: &str) -> bool {
    let mut counted = 0usize;
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if COUNT_X_NAME.is_match(line) {
            counted += 1;
            continue;
        }
        let first = line.chars().next().unwrap_or(' ');
        let is_bare_name = (first.is_alphabetic() || first == '"' || first == '\'')
            && !line.contains('\t')
            && !line.ends_with(':')
            && !line.contains(": ")
            && !is_section_word(line);
        if !is_bare_name {
            return false;
        }
    }
    counted > 0
}

/// `Crypt`, `Library` and their variants open sections, which JOL never writes.
fn is_section_word(line: &str) -> bool {
    let word: String = line
        .chars()
        .take_while(|c| c.is_alphabetic())
        .collect::<String>()
        .to_ascii_lowercase();
    word == "crypt" || word == "library"
}

/// Reads a JOL deck.
pub fn read(text: &str) -> RawDeck<'_> {
    plain::read_as(text, Format::Jol)
}

/// Writes JOL: `2x Name` lines (printing suffix where the name has several
/// printings), the crypt first, a blank line, then the library; each part by name.
#[derive(Debug, Clone, Copy, Default)]
pub struct JolWriter;

impl DeckWriter for JolWriter {
    fn write(&self, deck: &Deck, db: &CardDb) -> String {
        let mut out = String::new();
        for (card, count) in by_name(&deck.crypt, db) {
            let _ = writeln!(out, "{count}x {}", db.printing_name(card));
        }
        out.push('\n');
        for (card, count) in by_name(&deck.library, db) {
            let _ = writeln!(out, "{count}x {}", card.name);
        }
        out
    }
}

/// The `Jol` layout in the formats registry.
#[derive(Debug, Clone, Copy, Default)]
pub struct JolLayout;

impl Layout for JolLayout {
    fn format(&self) -> Format {
        Format::Jol
    }

    fn looks_like(&self, text: &str) -> bool {
        looks_like(text)
    }

    fn read<'t>(&self, text: &'t str, _: &crate::reader::Reader) -> RawDeck<'t> {
        read(text)
    }

    fn writer(&self) -> Option<&'static dyn DeckWriter> {
        Some(&JolWriter)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vtesdeck_deck::raw::LineKind;

    const SAMPLE: &str = "2xAlma Test\n1 x Theo Test (G6)\nBruno Test\n\n4xTest Punch\nRack, The\n";

    #[test]
    fn jol_shape_is_recognised() {
        assert!(looks_like(SAMPLE));
        assert!(!looks_like("Crypt:\n2x Alma Test\n"));
        assert!(!looks_like("2\tAlma Test\nCrypt:\n"));
        assert!(!looks_like("Deck Name: X\n2x Alma Test\n"));
        assert!(!looks_like("just some words\n"));
    }

    #[test]
    fn counts_bare_names_and_suffixes_are_read() {
        let deck = read(SAMPLE);
        assert_eq!(deck.format, Format::Jol);
        let lines: Vec<(u32, &str, LineKind)> = deck
            .lines
            .iter()
            .map(|l| (l.count, &*l.name, l.kind))
            .collect();
        assert_eq!(
            lines,
            [
                (2, "Alma Test", LineKind::Card),
                (1, "Theo Test", LineKind::Card),
                (1, "Bruno Test", LineKind::Card),
                (4, "Test Punch", LineKind::Card),
                (1, "Rack, The", LineKind::Card),
            ]
        );
        assert!(deck.lines[1].hint.group.is_some());
    }
}
