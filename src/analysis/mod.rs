//! Deck analysis: exact figures computed from card counts; what a deck is made of
//! and what its crypt can play.
//!
//! [`Stats::of_deck`] computes every figure of `vtesdeck stats` from the card
//! database; [`SummaryBuilder`] sums many decks into a [`Summary`].

pub mod capacity;
pub mod composition;
pub mod disciplines;
pub mod hypergeometric;
pub mod playable;
pub mod requirement;
mod stats;
pub mod summary;
pub mod tally;
pub mod twd_header;
pub mod votes;

pub use capacity::{capacities_by_group, CapacityCount, CapacitySpread};
pub use composition::{CardCount, CostTotal, CryptComposition, LibraryComposition};
pub use disciplines::{DisciplineCount, DisciplineSpread};
pub use playable::{Playability, PlayableCard};
pub use requirement::CryptRequirement;
pub use stats::Stats;
pub use summary::{CardUsage, Summary, SummaryBuilder};
pub use tally::Tally;
pub use twd_header::{CryptHeader, LibrarySection, TwdHeader};
