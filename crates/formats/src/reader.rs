//! A reader of decks: what it keeps from one deck to the next.

use vtesdeck_deck::KnownColumns;

use crate::crypt_row::CryptRows;

/// A reader of decks: what it keeps from one deck to the next (the crypt
/// rows read, and the vampires' columns, [`KnownColumns`]). The threads
/// that read the decks of one command share one, so that no thread works
/// out again what another did.
#[derive(Debug, Default)]
pub(crate) struct Reader {
    /// The crypt rows read (the TWD layout's).
    pub(crate) crypt_rows: CryptRows,
    /// The vampires' columns and the rows found to read as them (resolving).
    pub(crate) known: KnownColumns,
}
