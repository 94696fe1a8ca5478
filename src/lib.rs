//! vtesdeck: read, check, analyse and simulate *Vampire: The Eternal Struggle* decklists.
//!
//! The library does the work; the `vtesdeck` binary is a thin layer over it.
//!
//! ```no_run
//! use vtesdeck::cards::CardDb;
//! use vtesdeck::deck::Deck;
//!
//! let db = CardDb::load(std::path::Path::new("cards"))?;
//! let text = "12x Nathan Turner\n\n90x Deep Song\n";
//! let deck = Deck::from_text(text, None, &db);
//! assert!(deck.unresolved.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod analysis;
pub mod cards;
pub mod deck;
mod error;
pub mod formats;
pub mod output;
pub mod rules;
pub mod sim;
pub mod words;

pub use error::{Error, Result};
#[cfg(test)]
pub(crate) mod testing;
