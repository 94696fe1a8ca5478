//! The official VEKN card database: typed cards, loading, name lookup, and
//! the game's facts about cards, each written once: who can play a card
//! ([`CryptRequirement`], [`can_play`]), which printings are one vampire
//! ([`Identity`]), when a card became legal ([`legal_from`]). The database
//! comes from the VEKN CSV files of a folder ([`CardDb::load`]) or from the
//! list built into the program ([`CardDb::embedded`]); installing a copy in a
//! folder is [`install`]'s.
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
mod db;
mod db_info;
mod discipline;
mod error;
mod find;
mod identity;
pub mod install;
mod legality;
mod load;
mod names;
mod playability;
mod print_ref;
mod provenance;
mod search;
mod sets;
mod snapshot;
mod title;
mod words;

pub use card::{Card, CardId, CardKind, CardType, Cost, Group, Printing, Sect, CAPACITIES};
pub use db::{CardDb, Lookup, MatchKind, NameForm, PrintingHint, Printings};
pub use db_info::DbInfo;
pub use discipline::{Discipline, DisciplineLevel, DisciplineRequirement};
pub use error::DbError;
pub use find::{find_by_name, names_holding};
pub use identity::{is_unique, Identity};
pub use legality::legal_from;
pub use names::{fold, split_printing_suffix};
pub use playability::{
    can_play, crypt_discipline_levels, is_same_clan, CryptCard, CryptRequirement,
};
pub use print_ref::{PrintRef, PrintRefError};
pub use search::{CardSearch, SearchError};
pub use sets::SetInfo;
pub use snapshot::SnapshotError;
pub use title::title_votes;
pub use words::quantity;

#[cfg(test)]
mod testing;
