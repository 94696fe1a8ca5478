//! The plain text [`TextWriter`]: `Deck Name:` and `Author:` lines, then
//! `2x Name` lines under `Crypt (N)` and `Library (N)` headers. It reads back
//! as a [`crate::Format::Plain`] list.

use std::fmt::Write;

use super::layout::{by_name, one_line, DeckWriter, Layout};
use crate::format::Format;
use vtesdeck_cards::CardDb;
use vtesdeck_deck::raw::RawDeck;
use vtesdeck_deck::Deck;

/// Writes a plain `2x Name` list.
#[derive(Debug, Clone, Copy, Default)]
pub struct TextWriter;

impl DeckWriter for TextWriter {
    fn write(&self, deck: &Deck, db: &CardDb) -> String {
        let mut out = String::new();
        if let Some(name) = &deck.meta.name {
            let _ = writeln!(out, "Deck Name: {}", one_line(name));
        }
        if let Some(author) = &deck.meta.author {
            let _ = writeln!(out, "Author: {}", one_line(author));
        }
        if !out.is_empty() {
            out.push('\n');
        }
        let _ = writeln!(out, "Crypt ({})", deck.crypt_count());
        for (card, count) in by_name(&deck.crypt, db) {
            let _ = writeln!(out, "{count}x {}", db.printing_name(card));
        }
        let _ = writeln!(out, "\nLibrary ({})", deck.library_count());
        for (card, count) in by_name(&deck.library, db) {
            let _ = writeln!(out, "{count}x {}", card.name);
        }
        out
    }
}

/// The `Text` layout in the formats registry.
#[derive(Debug, Clone, Copy, Default)]
pub struct TextLayout;

impl Layout for TextLayout {
    fn format(&self) -> Format {
        Format::Text
    }

    fn looks_like(&self, _text: &str) -> bool {
        false
    }

    fn read<'t>(&self, text: &'t str, _: &crate::reader::Reader) -> RawDeck<'t> {
        RawDeck {
            format: Format::Text.into(),
            ..super::plain::read(text)
        }
    }

    fn writer(&self) -> Option<&'static dyn DeckWriter> {
        Some(&TextWriter)
    }
}
