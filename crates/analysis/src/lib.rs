//! Deck analysis: exact figures computed from card counts; what a deck is made of
//! and what its crypt can play.
//!
//! [`Stats::of_deck`] computes every figure of `vtesdeck stats` from the card
//! database; [`SummaryBuilder`] sums many decks into a [`Summary`].

pub(crate) mod capacity;
pub mod composition;
pub(crate) mod deck_diff;
pub mod disciplines;
pub mod hypergeometric;
pub(crate) mod playable;
mod stats;
pub(crate) mod summary;
pub(crate) mod tally;

pub use capacity::{capacities_by_group, CapacityCount, CapacitySpread};
pub use composition::{CardCount, CostTotal, CryptComposition, LibraryComposition};
pub use deck_diff::{CardChange, ChangeKind, DeckDiff, DeckSize, Section, Side, UnreadLine};
pub use disciplines::{DisciplineCount, DisciplineSpread};
pub use playable::{Playability, PlayableCard};
pub use stats::Stats;
pub use summary::{CardUsage, Summary, SummaryBuilder};
pub use tally::Tally;

#[cfg(test)]
mod testing;
