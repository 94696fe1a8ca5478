//! Why a deck cannot be simulated.

use vtesdeck_cards::CardId;

/// A deck or an option that a simulation cannot work with.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SimError {
    /// Some card lines did not resolve: the figures would be wrong.
    #[error(
        "{path}:{line}: unresolved card line {text:?} ({count} in all): the figures would be \
         wrong"
    )]
    UnresolvedLines {
        /// The deck.
        path: String,
        /// Line of the first unresolved entry.
        line: usize,
        /// Its text.
        text: String,
        /// How many lines did not resolve.
        count: usize,
    },
    /// The crypt has no card.
    #[error("{path}: the crypt is empty")]
    EmptyCrypt {
        /// The deck.
        path: String,
    },
    /// The library has no card.
    #[error("{path}: the library is empty")]
    EmptyLibrary {
        /// The deck.
        path: String,
    },
    /// More cards asked for the opening hand than the library holds.
    #[error("{path}: a hand of {hand} cards is larger than the {library}-card library")]
    HandTooLarge {
        /// The deck.
        path: String,
        /// Cards asked for.
        hand: u32,
        /// Library size.
        library: u32,
    },
    /// More crypt cards asked for than the crypt holds.
    #[error("{path}: drawing {draw} crypt cards is more than the {crypt}-card crypt")]
    CryptDrawTooLarge {
        /// The deck.
        path: String,
        /// Crypt cards asked for.
        draw: u32,
        /// Crypt size.
        crypt: u32,
    },
    /// The deck names a card id the database does not have.
    #[error("{path}:{line}: card {id} is not in the card database")]
    UnknownCard {
        /// The deck.
        path: String,
        /// Line of the entry.
        line: usize,
        /// The id.
        id: CardId,
    },
    /// A crypt card without a capacity.
    #[error("{path}:{line}: crypt card {name:?} has no capacity")]
    NoCapacity {
        /// The deck.
        path: String,
        /// Line of the entry.
        line: usize,
        /// The card.
        name: String,
    },
    /// The deck is too large to simulate (more than 65,535 cards in a part).
    #[error("{path}: more than 65535 cards in the crypt or the library")]
    TooLarge {
        /// The deck.
        path: String,
    },
    /// A key vampire's name that is no crypt card.
    #[error("{name:?}: no crypt card of that name{}", vtesdeck_deck::did_you_mean(suggestions).map_or_else(String::new, |s| format!(" ({s})")))]
    UnknownKey {
        /// The name as written.
        name: String,
        /// The closest crypt card names (may be none).
        suggestions: Vec<String>,
    },
    /// A key vampire's name that is a library card, not a vampire.
    #[error("{name:?}: {card} is a library card, not a vampire (a crypt card)")]
    NotAVampire {
        /// The name as written.
        name: String,
        /// The library card it names.
        card: String,
    },
    /// More library cards seen asked for than the library holds.
    #[error("{path}: {seen} cards seen is more than the {library}-card library")]
    SeenTooLarge {
        /// The deck.
        path: String,
        /// Cards asked for.
        seen: u32,
        /// Library size.
        library: u32,
    },
}
