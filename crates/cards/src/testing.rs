//! Helpers for this crate's unit tests: the fixture card database of
//! `vtesdeck-fixtures`, loaded with `CardDb::load`.

use crate::CardDb;
pub(crate) use vtesdeck_fixtures::{fixture_file, sorted_names, Pieces};

/// The fixture card database.
pub(crate) fn fixture_db() -> CardDb {
    vtesdeck_fixtures::card_db(CardDb::load)
}
