//! Deck analysis: exact figures computed from card counts; what a deck is made of
//! and what its crypt can play.
//!
//! [`Stats::of_deck`] computes every figure of `vtesdeck stats` from the card
//! database; [`SummaryBuilder`] sums many decks into a [`Summary`].
//!
//! ```
//! use vtesdeck_analysis::Stats;
//! use vtesdeck_cards::{CardDb, CardId};
//! use vtesdeck_deck::Deck;
//!
//! let db = CardDb::embedded()?;
//! let deck = Deck::from_cards(&[(CardId(201_606), 12), (CardId(100_515), 90)], &db);
//! let stats = Stats::of_deck(&deck, &db);
//! assert_eq!((stats.crypt.count, stats.crypt.distinct), (12, 1));
//! // One vampire twelve times: the smallest and largest capacity are its own.
//! assert_eq!(stats.crypt.capacity.min, stats.crypt.capacity.max);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub(crate) mod capacity;
mod composition;
pub(crate) mod deck_diff;
mod disciplines;

pub(crate) mod playable;
mod stats;
pub(crate) mod summary;
pub(crate) mod tally;

pub use capacity::{capacities_by_group, CapacityCount, CapacitySpread};
pub use composition::{known_cards, CardCount, CostTotal, CryptComposition, LibraryComposition};
pub use deck_diff::{CardChange, ChangeKind, DeckDiff, DeckSize, Side, UnreadLine};
pub use disciplines::{crypt_discipline_counts, DisciplineCount, DisciplineSpread};
pub use playable::{Playability, PlayableCard};
pub use stats::Stats;
pub use summary::{Average, CardUsage, Summary, SummaryBuilder};
pub use tally::Tally;

#[cfg(test)]
mod testing;
