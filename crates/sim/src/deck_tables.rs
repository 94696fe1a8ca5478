//! A deck turned into compact tables for the sampling loops: piles of small
//! indices and, per crypt card, a bit mask of the library cards it can play
//! (as the shared playability model says, [`vtesdeck_cards::can_play`]), and
//! which crypt cards are one vampire ([`vtesdeck_cards::Identity`]).

use vtesdeck_cards::{is_unique, CardDb, CardId, CardType, CryptCard, CryptRequirement, Identity};
use vtesdeck_deck::Deck;

use super::key::KeyVampires;
use super::SimError;

/// Library class of master cards in [`DeckTables::library_pile`].
pub const MASTER_CLASS: u16 = 0;
/// Library class of other cards no vampire plays (events).
pub const NON_MINION_CLASS: u16 = 1;

/// One distinct crypt card of a deck.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CryptKind {
    /// The card.
    pub id: CardId,
    /// Its name, with the group or advanced mark when other printings exist.
    pub name: String,
    /// Copies in the crypt.
    pub count: u32,
    /// Capacity.
    pub capacity: u8,
    /// Which vampire it is: crypt kinds with the same name (every printing)
    /// share this index, numbered from 0 in deck order.
    pub vampire: u16,
    /// Whether only one copy of this vampire can be in play ([`is_unique`]).
    pub unique: bool,
    /// Whether it is a key vampire ([`KeyVampires`], any printing of the name).
    pub key: bool,
}

/// One distinct library card of a deck.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LibraryKind {
    /// The card.
    pub id: CardId,
    /// Copies in the library.
    pub count: u32,
    /// Playability class: [`MASTER_CLASS`], [`NON_MINION_CLASS`], or a minion
    /// card's requirement class (2 and up).
    pub class: u16,
}

/// A deck's crypt and library as compact tables.
///
/// Minion cards (every library card but masters and events) with the same
/// requirements ([`CryptRequirement`]) share a class; `playable` holds, for each
/// crypt kind, a bit set over classes: bit `c` is set when that crypt card meets
/// class `c`'s requirement ([`CryptRequirement::is_met_by`]).
#[derive(Debug, Clone)]
pub struct DeckTables {
    /// Distinct crypt cards, deck order.
    pub(crate) crypt: Vec<CryptKind>,
    /// Distinct library cards, deck order.
    pub(crate) library: Vec<LibraryKind>,
    /// One entry per crypt card (copies repeated): index into `crypt`.
    pub(crate) crypt_pile: Vec<u16>,
    /// One entry per library card (copies repeated): its class.
    pub(crate) library_pile: Vec<u16>,
    /// Number of library classes.
    pub(crate) classes: usize,
    /// 64-bit words per bit set in `playable`.
    pub(crate) words: usize,
    /// `crypt.len() * words` words: crypt kind `k`'s playable classes at `k * words`.
    pub(crate) playable: Vec<u64>,
}

impl DeckTables {
    /// Builds the tables; fails on unresolved lines, unknown ids, crypt cards
    /// without capacity, or parts too large to index.
    pub(crate) fn new(deck: &Deck, db: &CardDb) -> Result<DeckTables, SimError> {
        DeckTables::with_keys(deck, db, &KeyVampires::default())
    }

    /// As [`DeckTables::new`], marking the key vampires (`CryptKind::key`).
    pub(crate) fn with_keys(
        deck: &Deck,
        db: &CardDb,
        keys: &KeyVampires,
    ) -> Result<DeckTables, SimError> {
        let path = deck.path_label();
        if let Some(first) = deck.unresolved.first() {
            return Err(SimError::UnresolvedLines {
                path,
                line: first.line,
                text: first.text.clone(),
                count: deck.unresolved.len(),
            });
        }
        if deck.crypt_count() > u32::from(u16::MAX) || deck.library_count() > u32::from(u16::MAX) {
            return Err(SimError::TooLarge { path });
        }
        let mut crypt = Vec::new();
        let mut crypt_cards = Vec::new();
        let mut identities: Vec<Identity> = Vec::new();
        for entry in &deck.crypt {
            let card = db.get(entry.id).ok_or_else(|| SimError::UnknownCard {
                path: path.clone(),
                line: entry.line,
                id: entry.id,
            })?;
            let capacity = card.capacity.ok_or_else(|| SimError::NoCapacity {
                path: path.clone(),
                line: entry.line,
                name: card.name.clone(),
            })?;
            let identity = Identity::of(card);
            let vampire = match identities.iter().position(|i| *i == identity) {
                Some(index) => index,
                None => {
                    identities.push(identity);
                    identities.len() - 1
                }
            };
            let crypt_card = CryptCard::new(card);
            crypt.push(CryptKind {
                id: entry.id,
                name: db.printing_name(card),
                count: entry.count,
                capacity,
                vampire: vampire as u16,
                unique: is_unique(card),
                key: keys.is_key(card),
            });
            crypt_cards.push(crypt_card);
        }
        let mut requirement_classes: Vec<(CryptRequirement, u16)> = Vec::new();
        let mut library = Vec::new();
        let mut classes = 2usize;
        for entry in &deck.library {
            let card = db.get(entry.id).ok_or_else(|| SimError::UnknownCard {
                path: path.clone(),
                line: entry.line,
                id: entry.id,
            })?;
            let class = if card.types.contains(&CardType::Master) {
                MASTER_CLASS
            } else if card.types.iter().all(|t| *t == CardType::Event) {
                NON_MINION_CLASS
            } else {
                let requirement = CryptRequirement::of_card(card);
                match requirement_classes
                    .iter()
                    .find(|(other, _)| *other == requirement)
                {
                    Some((_, class)) => *class,
                    None => {
                        let class = u16::try_from(classes)
                            .map_err(|_| SimError::TooLarge { path: path.clone() })?;
                        classes += 1;
                        requirement_classes.push((requirement, class));
                        class
                    }
                }
            };
            library.push(LibraryKind {
                id: entry.id,
                count: entry.count,
                class,
            });
        }
        let words = classes.div_ceil(64);
        let mut playable = vec![0u64; crypt.len() * words];
        for (k, vampire) in crypt_cards.iter().enumerate() {
            for (requirement, class) in &requirement_classes {
                if requirement.is_met_by(vampire) {
                    let c = usize::from(*class);
                    playable[k * words + c / 64] |= 1 << (c % 64);
                }
            }
        }
        let crypt_pile = crypt
            .iter()
            .enumerate()
            .flat_map(|(k, kind)| std::iter::repeat_n(k as u16, kind.count as usize))
            .collect();
        let library_pile = library
            .iter()
            .flat_map(|kind| std::iter::repeat_n(kind.class, kind.count as usize))
            .collect();
        Ok(DeckTables {
            crypt,
            library,
            crypt_pile,
            library_pile,
            classes,
            words,
            playable,
        })
    }

    /// Whether crypt kind `kind` can play library class `class` (the bit the
    /// sampling loops of `draw` read a word at a time; `goldfish` asks it card
    /// by card).
    pub(crate) fn can_play(&self, kind: usize, class: u16) -> bool {
        let c = usize::from(class);
        self.playable[kind * self.words + c / 64] >> (c % 64) & 1 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{deck_of, fixture_db};

    #[test]
    fn playability_follows_disciplines_and_clans() {
        let db = fixture_db();
        // Alma: Brujah, pot. Dario: Toreador, AUS CEL PRE.
        let deck = deck_of(
            &db,
            &[
                (200001, 6),
                (200004, 6),
                (100001, 10), // master
                (100004, 10), // Potence
                (100005, 10), // Celerity/Auspex
                (100006, 10), // Potence & Presence
                (100008, 10), // Brujah clan
                (100009, 10), // Toreador/Ventrue clan
                (100011, 10), // event
                (100003, 10), // no requirement
            ],
        );
        let tables = DeckTables::new(&deck, &db).unwrap();
        let class_of = |id: u32| {
            tables
                .library
                .iter()
                .find(|k| k.id == CardId(id))
                .unwrap()
                .class
        };
        let (alma, dario) = (0, 1);
        assert_eq!(class_of(100001), MASTER_CLASS);
        assert_eq!(class_of(100011), NON_MINION_CLASS);
        assert!(tables.can_play(alma, class_of(100004)));
        assert!(!tables.can_play(dario, class_of(100004)));
        assert!(tables.can_play(dario, class_of(100005)));
        assert!(!tables.can_play(alma, class_of(100006)));
        assert!(tables.can_play(alma, class_of(100008)));
        assert!(!tables.can_play(dario, class_of(100008)));
        assert!(tables.can_play(dario, class_of(100009)));
        assert!(tables.can_play(alma, class_of(100003)));
        assert!(!tables.can_play(alma, MASTER_CLASS));
        assert_eq!(tables.crypt_pile.len(), 12);
        assert_eq!((tables.crypt[0].vampire, tables.crypt[1].vampire), (0, 1));
        assert!(tables.crypt[0].unique);
        assert_eq!(tables.library_pile.len(), 80);
    }

    #[test]
    fn printings_of_one_name_share_a_vampire_index() {
        let db = fixture_db();
        // Alma, Theo Test G2, Theo Test (ADV), Theo Test G6.
        let deck = deck_of(&db, &[(200001, 3), (200008, 3), (200009, 3), (200010, 3)]);
        let tables = DeckTables::new(&deck, &db).unwrap();
        let vampires: Vec<u16> = tables.crypt.iter().map(|k| k.vampire).collect();
        assert_eq!(vampires, [0, 1, 1, 1]);
    }
}
