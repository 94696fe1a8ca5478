//! Goldfish figures: the opening ([`opening_hand`], its joint figures exact in
//! [`opening_exact`]), key vampires ([`key`]), and the influence phase under
//! several policies ([`transfers`]), sampled in parallel with reproducible
//! seeds ([`seed`]).

pub(crate) mod deck_tables;
mod error;
pub mod goldfish;
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
