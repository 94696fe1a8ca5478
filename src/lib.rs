//! vtesdeck: read, check, analyse and simulate *Vampire: The Eternal Struggle* decklists.
//!
//! The library does the work; the `vtesdeck` binary is a thin layer over it.
//!
//! ```
//! use vtesdeck::cards::CardDb;
//! use vtesdeck::deck::Deck;
//! use vtesdeck::formats::LoadDeck;
//!
//! let db = CardDb::embedded()?;
//! let text = "12x Nathan Turner\n\n90x Deep Song\n";
//! let deck = Deck::from_text(text, None, &db);
//! assert!(deck.unresolved.is_empty());
//! assert_eq!((deck.crypt_count(), deck.library_count()), (12, 90));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;

pub use error::Error;
pub use vtesdeck_analysis as analysis;
pub use vtesdeck_cards as cards;
pub use vtesdeck_deck as deck;
pub use vtesdeck_formats as formats;
pub use vtesdeck_rules as rules;
pub use vtesdeck_sim as sim;
