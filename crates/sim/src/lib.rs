//! Goldfish figures: the opening ([`DrawOdds`], its joint figures exact in
//! [`OpeningFigures`]), key vampires ([`KeyVampires`]), and the influence phase
//! under several policies ([`TransferCurve`], [`PolicyComparison`]), the deck
//! played alone at an idle table ([`GoldfishReport`]), sampled in parallel
//! with reproducible seeds ([`Seed`]).
//!
//! ```
//! use vtesdeck_cards::{CardDb, CardId};
//! use vtesdeck_deck::Deck;
//! use vtesdeck_sim::{Seed, TransferCurve, TransferOptions};
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

mod deck_tables;
mod error;
mod goldfish;
mod hypergeometric;
mod influence;
mod key;
mod opening_exact;
mod opening_hand;
mod seed;
mod transfers;

pub use deck_tables::DeckTables;
pub use error::SimError;
pub use goldfish::{
    Coverage, GoldfishReport, GoldfishSeat, GoldfishTurn, InertReason, Plan, ReasonCount,
    TurnDistribution, COVERAGE_WARNING, PLAYED_WARNING, VALUE_HORIZON,
};
pub use key::{KeyInStart, KeyReading, KeyVampires};
pub use opening_exact::OpeningFigures;
pub use opening_hand::{
    check_opening, CardOdds, CryptCardOdds, CryptOdds, DrawOdds, DrawOptions, Estimate, Figures,
    LibraryOdds, OpeningMethod, SampledOdds, SeenOdds, TrackedGroup,
};
pub use seed::Seed;
pub use transfers::{
    KeyCurve, NthVampire, Policy, PolicyComparison, PolicyRow, SeatCurve, TransferCurve,
    TransferOptions, TurnFigures, COMPARE_KEY_AND_POOL_TURN, COMPARE_TWO_BY_TURN,
    CRYPT_DRAW_TRANSFERS, SEATS, STARTING_POOL, TRANSFERS_PER_TURN,
};

/// Games sampled when nothing else is asked for (`--samples`, and the
/// `Default` of [`DrawOptions`] and [`TransferOptions`]).
pub(crate) const DEFAULT_SAMPLES: u64 = 100_000;

#[cfg(test)]
mod testing;
