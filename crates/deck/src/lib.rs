//! Decks: the deck model. A decklist as read (lines, counts, metadata:
//! [`raw::RawDeck`], [`DeckMeta`], [`DeclaredCounts`]) is resolved against the
//! card database into a [`Deck`] (crypt and library entries, the lines that
//! named no card with their suggestions, and how each line was read when not
//! literally), with its TWD header ([`TwdHeader`]). Reading and writing files
//! of every layout, and the way from paths to decks, is the crate above this
//! one, `vtesdeck-formats`.
//!
//! ```
//! use vtesdeck_cards::{CardDb, CardId};
//! use vtesdeck_deck::{Deck, STARTING_CRYPT};
//!
//! let db = CardDb::embedded()?;
//! // Twelve Nathan Turner and ninety Deep Song, built in code.
//! let deck = Deck::from_cards(&[(CardId(201_606), 12), (CardId(100_515), 90)], &db);
//! assert_eq!((deck.crypt_count(), deck.library_count()), (12, 90));
//! assert!(deck.unresolved.is_empty());
//! assert!(deck.crypt_count() >= STARTING_CRYPT);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod crypt_columns;
mod deck;
mod judge;
mod name_forms;
pub mod raw;
mod resolve;
pub mod text_memo;
pub mod twd_header;

pub use crypt_columns::KnownColumns;
pub use deck::{
    copies_too_many, count_too_large, did_you_mean, excerpt, Deck, DeckCard, NameMismatch, ReadAs,
    ReadHow, Unresolved, EXCERPT_CHARS, FUZZY_LINE_BYTES, MAX_CARD_COUNT, MAX_FUZZY_LINES,
    OPENING_HAND, STARTING_CRYPT,
};
pub use raw::{
    apart_note, decks_note, prose_note, DeckMeta, DeclaredCounts, DeclaredTotal, EventInfo,
    FormatName, KeptApart, TotalOf,
};
pub use resolve::UNKNOWN_NAME;
pub use twd_header::{CryptHeader, LibrarySection, TwdHeader};

#[cfg(test)]
mod testing;
