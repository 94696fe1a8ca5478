//! The official VEKN card database: typed cards, loading, name lookup, and
//! the game's facts about cards, each written once: who can play a card
//! ([`playability`]), which printings are one vampire ([`identity`]), when a
//! card became legal. The database comes from the VEKN CSV files
//! ([`CardDb::load`]) or from the list built into the program
//! ([`CardDb::embedded`]); installing a copy is [`install`]'s.
//!
//! ```
//! use vtesdeck_cards::{find_by_name, CardDb, Lookup, MatchKind};
//!
//! let db = CardDb::embedded()?;
//! // A misspelt name is found, and the lookup says it was not exact.
//! let Lookup::Found { cards, matched } = find_by_name(&db, "Nathan Turnr") else {
//!     panic!("no card found");
//! };
//! let card = db.get(cards[0]).ok_or("unknown id")?;
//! assert_eq!(card.name, "Nathan Turner");
//! assert!(card.is_crypt());
//! assert_ne!(matched, MatchKind::Exact);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod card;
mod crypt_columns;
mod db;
mod db_info;
mod discipline;
mod error;
mod find;
pub mod identity;
pub mod install;
mod legality;
mod load;
pub mod names;
pub mod playability;
mod print_ref;
mod provenance;
mod search;
mod sets;
pub mod snapshot;
pub mod text_memo;
mod title;

pub use card::{Card, CardId, CardKind, CardType, Cost, Group, Printing, Sect, CAPACITIES};
pub use crypt_columns::RowsReadAs;
pub use crypt_columns::{Column, CryptColumns, WrittenColumns, WrittenDisciplines};
pub use db::{CardDb, DbLocation, Lookup, MatchKind, NameForm, PrintingHint, Printings, CARDS_ENV};
pub use db_info::DbInfo;
pub use discipline::{Discipline, DisciplineLevel, DisciplineRequirement};
pub use error::DbError;
pub use find::{find_by_name, names_holding};
pub use legality::legal_from;
pub use print_ref::{PrintRef, PrintRefError};
pub use provenance::Provenance;
pub use search::{CardSearch, SearchError};
pub use sets::SetInfo;
pub use title::title_votes;
pub mod words;

#[cfg(test)]
mod testing;
