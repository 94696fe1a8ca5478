//! The library's one error type: every error a vtesdeck function can return,
//! each module's own error kept as the source so that callers can match on it.

use crate::cards::install::InstallError;
use crate::cards::{DbError, SearchError};
use crate::formats::DeckError;
use crate::rules::{CheckError, ProfileError};
use crate::sim::SimError;

/// Any error of the vtesdeck library.
///
/// Each variant wraps the error of one module and says in its message what
/// went wrong; advice on what to type belongs to the command line.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The card database could not be found or read.
    #[error(transparent)]
    CardDb(#[from] DbError),
    /// A card database could not be downloaded or installed.
    #[error(transparent)]
    Install(#[from] InstallError),
    /// A card search filter is wrong.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// A decklist file could not be read.
    #[error(transparent)]
    Deck(#[from] DeckError),
    /// A legality profile could not be read.
    #[error(transparent)]
    Profile(#[from] ProfileError),
    /// A deck could not be judged.
    #[error(transparent)]
    Check(#[from] CheckError),
    /// A deck cannot be simulated.
    #[error(transparent)]
    Sim(#[from] SimError),
}
