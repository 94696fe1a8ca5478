//! What every layout shares: the [`Layout`] trait each layout's file
//! implements (detect, read, write where it can), the [`DeckWriter`] trait of
//! the writers, and the helpers the writers use to list a deck's cards.

pub(crate) use crate::format::Format;
use vtesdeck_cards::{Card, CardDb};
pub(crate) use vtesdeck_deck::raw::RawDeck;
use vtesdeck_deck::{Deck, DeckCard};

/// One decklist layout: how to recognise it, read it and (where vtesdeck can)
/// write it. Every layout is one file of [`crate`] and one row of the list
/// of layouts (`layouts!` in `crate::format`).
pub trait Layout: Sync {
    /// The layout's identity (its name is used by `--input-format`, `--to` and the JSON).
    fn format(&self) -> Format;
    /// Whether a text has this layout's shape (used by detection, in registry order).
    fn looks_like(&self, text: &str) -> bool;
    /// Splits a text of this layout into metadata and card lines; `reader`
    /// is the thread's reader, which keeps what a layout keeps of one deck
    /// for the next (the TWD layout: the crypt rows it has read).
    fn read<'t>(&self, text: &'t str, reader: &crate::reader::Reader) -> RawDeck<'t>;
    /// The writer, when vtesdeck can write this layout.
    fn writer(&self) -> Option<&'static dyn DeckWriter> {
        None
    }
    /// Whether the layout is read line by line, a text of at most
    /// `super::screen::MAX_LINES` lines; false for the documents (JSON, a
    /// URL, XML, HTML), which may be of any number of lines, all on one.
    fn reads_lines(&self) -> bool {
        true
    }
    /// For a JSON layout, how it recognises and reads one JSON document (a
    /// file may hold many: a JSON array of decks, JSON Lines).
    fn json(&self) -> Option<&'static dyn crate::json_doc::JsonShape> {
        None
    }
}

/// Writes a resolved deck as text in one layout.
pub(crate) trait DeckWriter {
    /// The deck as this layout's text (ends with a newline).
    fn write(&self, deck: &Deck, db: &CardDb) -> String;
}

/// The cards of a deck part with their counts, sorted by name (case and
/// accents ignored), cards missing from the database left out.
pub(super) fn by_name<'a>(entries: &[DeckCard], db: &'a CardDb) -> Vec<(&'a Card, u32)> {
    let mut cards: Vec<(&Card, u32)> = entries
        .iter()
        .filter_map(|e| Some((db.get(e.id)?, e.count)))
        .collect();
    cards.sort_by_cached_key(|(card, _)| (vtesdeck_cards::fold(&db.printing_name(card)), card.id));
    cards
}

/// A metadata value on one line (line breaks become spaces).
pub(super) fn one_line(value: &str) -> String {
    value.lines().map(str::trim).collect::<Vec<_>>().join(" ")
}

/// Implements [`Layout`] for a layout read line by line with no writer, from
/// its module's own `looks_like(text)` and `read(text)` functions (what
/// `json_layout!` is for the JSON layouts). The second argument is
/// the [`Format`].
macro_rules! text_layout {
    ($layout:ident, $format:expr) => {
        impl $crate::layout::Layout for $layout {
            fn format(&self) -> $crate::format::Format {
                $format
            }

            fn looks_like(&self, text: &str) -> bool {
                looks_like(text)
            }

            fn read<'t>(
                &self,
                text: &'t str,
                _: &$crate::reader::Reader,
            ) -> vtesdeck_deck::raw::RawDeck<'t> {
                read(text)
            }
        }
    };
}
pub(crate) use text_layout;

/// Implements [`Layout`] for a JSON layout from its
/// [`JsonShape`](crate::json_doc::JsonShape): a text has its shape when its first object has the keys,
/// the first document is read, the text is a document (not read line by line). The second
/// argument is the [`Format`], the optional third the writer.
macro_rules! json_layout {
    ($layout:ident, $format:expr) => {
        $crate::layout::json_layout!($layout, $format, None);
    };
    ($layout:ident, $format:expr, $writer:expr) => {
        impl $crate::layout::Layout for $layout {
            fn format(&self) -> $crate::format::Format {
                $format
            }

            fn looks_like(&self, text: &str) -> bool {
                $crate::json_doc::text_has_shape(text, self)
            }

            fn read<'t>(
                &self,
                text: &'t str,
                _: &$crate::reader::Reader,
            ) -> vtesdeck_deck::raw::RawDeck<'t> {
                $crate::json_doc::read_text(text, $format, self)
            }

            fn writer(&self) -> Option<&'static dyn $crate::layout::DeckWriter> {
                $writer
            }

            fn reads_lines(&self) -> bool {
                false
            }

            fn json(&self) -> Option<&'static dyn $crate::json_doc::JsonShape> {
                Some(&$layout)
            }
        }
    };
}
pub(crate) use json_layout;
