//! Goldfish simulations: opening hands ([`opening_hand`]) and the influence phase
//! ([`transfers`]), sampled in parallel with reproducible seeds ([`seed`]).

pub mod deck_tables;
mod error;
pub mod key;
pub mod opening_exact;
pub mod opening_hand;
pub mod seed;
pub mod transfers;

pub use deck_tables::DeckTables;
pub use error::SimError;
