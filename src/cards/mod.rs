//! The official VEKN card database: typed cards, loading, and name lookup.

mod card;
mod db;
mod discipline;
mod error;
mod load;
pub mod names;
mod sets;

pub use card::{Card, CardId, CardKind, CardType, Cost, Group, Printing, Sect};
pub use db::{CardDb, Lookup, MatchKind, PrintingHint, CARDS_ENV};
pub use discipline::{Discipline, DisciplineLevel, DisciplineRequirement};
pub use error::DbError;
pub use sets::SetInfo;
