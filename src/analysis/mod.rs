//! Deck analysis: exact figures computed from card counts.

pub mod hypergeometric;
