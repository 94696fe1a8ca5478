//! Goldfish figures: the opening ([`opening_hand`], its joint figures exact in
//! [`opening_exact`]), key vampires ([`key`]), and the influence phase under
//! several policies ([`transfers`]), the deck played alone at an idle table
//! ([`goldfish`]), sampled in parallel with reproducible
//! seeds ([`seed`]).
//!
//! ```
//! use vtesdeck_cards::{CardDb, CardId};
//! use vtesdeck_deck::Deck;
//! use vtesdeck_sim::seed::Seed;
//! use vtesdeck_sim::transfers::{TransferCurve, TransferOptions};
//!
//! let db = CardDb::embedded()?;
//! let deck = Deck::from_cards(&[(CardId(201_606), 12), (CardId(100_515), 90)], &db);
//! let options = TransferOptions {
//!     seats: vec![1],
//!     turns: 4,
//!     samples: 2_000,
//!     seed: Seed(7),
//!     ..TransferOptions::default()
//! };
//! let curve = TransferCurve::simulate(&deck, &db, &options, &|_| {})?;
//! let turns = &curve.seats[0].turns;
//! assert_eq!(turns.len(), 4);
//! // Vampires come out and stay: the expected count never goes down.
//! assert!(turns.windows(2).all(|t| t[0].expected_controlled <= t[1].expected_controlled));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub(crate) mod deck_tables;
mod error;
pub mod goldfish;
mod hypergeometric;
pub(crate) mod influence;
pub mod key;
pub mod opening_exact;
pub mod opening_hand;
pub mod seed;
pub mod transfers;

pub use deck_tables::DeckTables;
pub use error::SimError;

/// Games sampled when nothing else is asked for (`--samples`, and the
/// `Default` of [`opening_hand::DrawOptions`] and [`transfers::TransferOptions`]).
pub const DEFAULT_SAMPLES: u64 = 100_000;

#[cfg(test)]
mod testing;
