//! Lackey CCG: `N<TAB>Name` lines (VDB pads with spaces instead), the library
//! first, then a `Crypt:` line and the crypt. Read as a plain list.

use std::fmt::Write;
use std::sync::LazyLock;

use regex::Regex;

use super::layout::{by_name, DeckWriter, Layout};
use super::plain;
use crate::format::Format;
use vtesdeck_cards::CardDb;
use vtesdeck_deck::raw::RawDeck;
use vtesdeck_deck::Deck;

/// `2<TAB>Name`, `2       Name` (no `x`).
static COUNT_NAME: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\d+\s+\S").expect("valid regex"));
/// `2 x Name`: a JOL line, not a Lackey one.
static COUNT_X_NAME: LazyLock<Regex> = LazyLock::new(|| {
    let times = super::card_line::TIMES_CLASS;
    Regex::new(&format!(r"^\d+\s+{times}\s")).expect("valid regex")
});

/// Whether a text has the Lackey shape: a `Crypt:` line, every other line `N Name`.
pub fn looks_like(text: &str) -> bool {
    let mut crypt_line = false;
    let mut counted = 0usize;
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if line.eq_ignore_ascii_case("crypt:") {
            crypt_line = true;
        } else if COUNT_NAME.is_match(line) && !COUNT_X_NAME.is_match(line) {
            counted += 1;
        } else {
            return false;
        }
    }
    crypt_line && counted > 0
}

/// Reads a Lackey deck.
pub fn read(text: &str) -> RawDeck<'_> {
    plain::read_as(text, Format::Lackey)
}

/// Writes Lackey CCG: `N<TAB>Name` with ASCII names (the plugin's spelling,
/// printing suffix where the name has several printings), the library first,
/// then `Crypt:` and the crypt; each part by name.
#[derive(Debug, Clone, Copy, Default)]
pub struct LackeyWriter;

impl DeckWriter for LackeyWriter {
    fn write(&self, deck: &Deck, db: &CardDb) -> String {
        let mut out = String::new();
        for (card, count) in by_name(&deck.library, db) {
            let _ = writeln!(out, "{count}\t{}", ascii(&card.name));
        }
        out.push_str("Crypt:\n");
        for (card, count) in by_name(&deck.crypt, db) {
            let _ = writeln!(out, "{count}\t{}", ascii(&db.printing_name(card)));
        }
        out
    }
}

/// `Céleste` -> `Celeste`; `/` dropped as the plugin does.
fn ascii(name: &str) -> String {
    deunicode::deunicode(name).replace('/', "")
}

/// The `Lackey` layout in the formats registry.
#[derive(Debug, Clone, Copy, Default)]
pub struct LackeyLayout;

impl Layout for LackeyLayout {
    fn format(&self) -> Format {
        Format::Lackey
    }

    fn looks_like(&self, text: &str) -> bool {
        looks_like(text)
    }

    fn read<'t>(&self, text: &'t str, _: &crate::reader::Reader) -> RawDeck<'t> {
        read(text)
    }

    fn writer(&self) -> Option<&'static dyn DeckWriter> {
        Some(&LackeyWriter)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vtesdeck_cards::CardKind;

    const SAMPLE: &str =
        "4\tTest Punch\n10      Test Bleed\nCrypt:\n2\tAlma Test\n1\tTheo Test (G6)\n";

    #[test]
    fn lackey_shape_is_recognised() {
        assert!(looks_like(SAMPLE));
        assert!(!looks_like("4\tTest Punch\n2\tAlma Test\n"));
        assert!(!looks_like("2 x Test Punch\nCrypt:\n2 x Alma Test\n"));
    }

    #[test]
    fn library_then_crypt_is_read() {
        let deck = read(SAMPLE);
        assert_eq!(deck.format, Format::Lackey);
        let lines: Vec<(u32, &str, Option<CardKind>)> = deck
            .lines
            .iter()
            .map(|l| (l.count, &*l.name, l.section))
            .collect();
        assert_eq!(
            lines,
            [
                (4, "Test Punch", None),
                (10, "Test Bleed", None),
                (2, "Alma Test", Some(CardKind::Crypt)),
                (1, "Theo Test", Some(CardKind::Crypt)),
            ]
        );
    }
}
