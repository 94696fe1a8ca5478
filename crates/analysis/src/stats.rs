//! [`Stats`]: every figure of `vtesdeck stats` for one deck.

use serde::Serialize;

use super::composition::{CryptComposition, LibraryComposition};
use super::disciplines::DisciplineSpread;
use super::playable::Playability;
use vtesdeck_cards::CardDb;
use vtesdeck_deck::{Deck, TwdHeader};

/// What a deck is made of and what its crypt can play, all computed from the
/// card database (never from the file's own headers).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Stats {
    /// Crypt figures.
    pub crypt: CryptComposition,
    /// Library figures.
    pub library: LibraryComposition,
    /// Disciplines of the crypt and of the library's requirements.
    pub disciplines: DisciplineSpread,
    /// Which library cards the crypt can play.
    pub playability: Playability,
    /// The TWDA headers' figures.
    pub twd_header: TwdHeader,
}

impl Stats {
    /// Computes the stats of a deck.
    pub fn of_deck(deck: &Deck, db: &CardDb) -> Stats {
        let crypt = CryptComposition::of_deck(deck, db);
        let twd_header = TwdHeader::of_deck(deck, db);
        Stats {
            library: LibraryComposition::of_deck(deck, db),
            disciplines: DisciplineSpread::of_deck(deck, db),
            playability: Playability::of_deck(deck, db),
            crypt,
            twd_header,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{deck_of, fixture_db};

    #[test]
    fn header_figures_agree_with_the_composition() {
        let db = fixture_db();
        let deck = deck_of(&db, &[(200002, 6), (200003, 6), (100004, 10), (100002, 2)]);
        let stats = Stats::of_deck(&deck, &db);
        assert_eq!(stats.twd_header.crypt.count, u64::from(stats.crypt.count));
        assert_eq!(stats.twd_header.crypt.min, 12);
        assert_eq!(stats.twd_header.crypt.max, 20);
        assert_eq!(stats.twd_header.crypt.avg, "4");
        assert_eq!(stats.twd_header.library, stats.library.count);
        assert_eq!(stats.library.trifles, 2);
    }
}
