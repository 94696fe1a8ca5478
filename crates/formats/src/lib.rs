//! Decklist layouts: one file per layout (detect, read, write where it can),
//! all listed in one registry, and the way from files to decks: [`LoadDeck`]
//! reads a file, bytes or a text into a resolved deck, [`read_walked`] reads
//! paths, folders, globs, standard input and VDB URLs the way every command
//! does (below).
//!
//! A reader only splits text into card lines (count, written name, printing
//! hint, line number) and metadata; names are resolved against the card
//! database when the deck is built (`vtesdeck_deck::Deck`).
//!
//! ```
//! use vtesdeck_cards::{CardDb, CardId};
//! use vtesdeck_deck::{Deck, ReadHow};
//! use vtesdeck_formats::LoadDeck;
//!
//! let db = CardDb::embedded()?;
//! let text = "Crypt (12)\n12x Nathan Turner\n\nLibrary (90)\n90x Deep Sonng\n";
//! let deck = Deck::from_text(text, None, &db);
//! assert_eq!((deck.crypt_count(), deck.library_count()), (12, 90));
//! // The misspelling is read, and said.
//! let read_as = deck.read_as.iter().find(|r| r.card == CardId(100_515));
//! assert_eq!(read_as.map(|r| r.how), Some(ReadHow::Misspelling));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Inputs
//!
//! The one way from paths to decks, for every command and for library users:
//! files, folders (walked in name order, hidden entries left out, files that
//! are not decklists skipped and listed), glob selections, `-` for standard
//! input, VDB deck URLs; the folders walked while the card database loads
//! ([`walk_while`]); the decks read a few files, and a slice of a file's
//! records, at a time ([`read_walked`]). A bad input is one error in place,
//! naming its path, and the others are still read. No input is no pass: a
//! folder holding no decklist, or a pattern that matched nothing, is an error,
//! and so is an input with no card line at all (`path:1:
//! no decklist found ...`), never read as an empty deck; such a file found
//! in a folder is skipped as not a decklist ([`Decks::skipped`]).
//!
//! ```
//! use vtesdeck_cards::CardDb;
//! use vtesdeck_formats::{read_walked, walk, FileSelection};
//!
//! let db = CardDb::embedded()?;
//! let folder = tempfile::tempdir()?;
//! std::fs::write(folder.path().join("rush.txt"), "12x Nathan Turner\n90x Deep Song\n")?;
//! std::fs::write(folder.path().join("README.md"), "Our decks.\n")?;
//! let walked = walk(&[folder.path().to_path_buf()], &FileSelection::default());
//! assert_eq!(walked.skipped.len(), 1); // the README, not a decklist
//! let (decks, _) = read_walked(walked, None, &db, |deck| deck.map(|d| d.library_count()));
//! let counts: Vec<Option<u32>> = decks.map(|(_, library)| library.ok()).collect();
//! assert_eq!(counts, [Some(90)]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub(crate) mod card_line;
mod crypt_row;
pub(crate) mod declared_total;
mod decode;
pub(crate) mod format;
mod html;
pub(crate) mod html_text;
mod inputs;
pub(crate) mod json_doc;
pub(crate) mod json_keys;
mod layout;
mod load;
mod load_deck;
pub(crate) mod markup;
pub(crate) mod page;
pub(crate) mod prose;
mod read;
mod reader;
mod records;
pub(crate) mod screen;
pub(crate) mod shape;
mod sniff;
mod twd_event;
mod twd_writer;
mod xml_stream;

/// Declares the module of each row of the one list of layouts
/// ([`format::layouts!`]; `registry` holds the shape layout): a layout is
/// its file and its row.
macro_rules! layout_modules {
    ($(
        $(#[doc = $doc:literal])* $variant:ident = $name:literal => $module:ident::$object:ident,
    )*) => {
        $(pub(crate) mod $module;)*
    };
}
format::layouts!(layout_modules);

pub use decode::decode;
pub use format::Format;
pub use inputs::{
    is_standard_stream, load, read_walked, skipped_when_read, walk, walk_while, Decks,
    FileSelection, Input, InputError, InputProblem, Pattern, PatternError, Skipped, Walk,
};
pub use json::{CardCountJson, DeckJson, EventJson, ReadAsJson};
pub use krcg::ArchiveWriter;
pub use load::DeckError;
pub use load_deck::LoadDeck;
pub use registry::{writable, write};
pub use sniff::REPORT_PAGE_MARK;

#[cfg(test)]
mod resolve_tests;

#[cfg(test)]
mod testing;
