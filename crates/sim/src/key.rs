use crate::hypergeometric::{Hypergeometric, LnFactorials};
use vtesdeck_cards::{split_printing_suffix, Card, CardDb, CardKind, Identity, Lookup, MatchKind};
use vtesdeck_deck::Deck;

use super::deck_tables::DeckTables;
use super::SimError;

/// The key vampires (`--key NAME`), resolved against the card database: the
/// vampires a deck needs early. Every printing
/// of a name is the same vampire ([`Identity`]), so any printing counts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KeyVampires {
    /// The names as the card database writes them, in the order given.
    names: Vec<String>,
    identities: Vec<Identity>,
    /// The names not read literally: each close spelling and the vampire it was read as.
    readings: Vec<KeyReading>,
}

/// A `--key` name read as a close spelling of a crypt card's name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyReading {
    /// The name as written.
    pub written: String,
    /// The crypt card it was read as (`Theo Bell`).
    pub read_as: String,
}

impl KeyVampires {
    /// Resolves crypt card names, a printing suffix included (`Theo Bell
    /// (G6)`: any printing of the name is the same key vampire). A close
    /// spelling is read as the crypt card it stands for and kept in
    /// [`KeyVampires::readings`]; a name that is a library card, or no card,
    /// is an error naming it (with the closest crypt card names).
    pub fn resolve(names: &[String], db: &CardDb) -> Result<KeyVampires, SimError> {
        let mut keys = KeyVampires::default();
        for written in names {
            let (base, hint) = split_printing_suffix(written);
            let found = match db.lookup_of_kind(base, hint, CardKind::Crypt) {
                Lookup::Found { cards, matched } => cards
                    .first()
                    .and_then(|id| db.get(*id))
                    .map(|card| (card, matched)),
                Lookup::NotFound { suggestions } => {
                    let other = db
                        .lookup_exact_form(base, hint, None)
                        .and_then(|(cards, _)| cards.first().copied());
                    return Err(match other {
                        Some(card) => SimError::NotAVampire {
                            name: written.clone(),
                            card: card.name.clone(),
                        },
                        None => SimError::UnknownKey {
                            name: written.clone(),
                            suggestions,
                        },
                    });
                }
            };
            let Some((card, matched)) = found else {
                return Err(SimError::UnknownKey {
                    name: written.clone(),
                    suggestions: Vec::new(),
                });
            };
            if matched == MatchKind::Fuzzy {
                keys.readings.push(KeyReading {
                    written: written.clone(),
                    read_as: card.name.clone(),
                });
            }
            let identity = Identity::of(card);
            if !keys.identities.contains(&identity) {
                keys.identities.push(identity);
                keys.names.push(card.name.clone());
            }
        }
        Ok(keys)
    }

    /// The names read as a close spelling of a crypt card's name (to be said).
    pub fn readings(&self) -> &[KeyReading] {
        &self.readings
    }

    /// No key vampire was asked for.
    pub fn is_empty(&self) -> bool {
        self.identities.is_empty()
    }

    /// The key vampires' names.
    pub(crate) fn names(&self) -> &[String] {
        &self.names
    }

    /// Whether `card` is (a printing of) a key vampire.
    pub(crate) fn is_key(&self, card: &Card) -> bool {
        self.identities.contains(&Identity::of(card))
    }

    /// The key vampires with no printing in the deck's crypt (their figures are 0).
    pub fn missing_from(&self, deck: &Deck, db: &CardDb) -> Vec<String> {
        self.names
            .iter()
            .zip(&self.identities)
            .filter(|(_, identity)| {
                !deck
                    .crypt
                    .iter()
                    .filter_map(|entry| db.get(entry.id))
                    .any(|card| Identity::of(card) == **identity)
            })
            .map(|(name, _)| name.clone())
            .collect()
    }
}

/// The key vampires in the starting crypt cards: the `draw` JSON `"key"`.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct KeyInStart {
    /// The key vampires' names.
    pub names: Vec<String>,
    /// P(at least one key vampire, any printing, among the starting crypt
    /// cards), exact: `1 - C(N - K, d) / C(N, d)` with `K` key cards in an
    /// `N`-card crypt and `d` cards dealt.
    pub p_in_start: f64,
}

impl KeyInStart {
    /// The exact figure for `crypt_draw` starting cards (tables built with the keys).
    pub(crate) fn compute(tables: &DeckTables, keys: &KeyVampires, crypt_draw: u32) -> KeyInStart {
        let crypt = tables.crypt_pile.len() as u32;
        let key_cards: u32 = tables.crypt.iter().filter(|k| k.key).map(|k| k.count).sum();
        let draw = crypt_draw.min(crypt);
        // Exact integers while they fit (1/3 is then the nearest double to 1/3).
        let p_in_start = match (choose(crypt, draw), choose(crypt - key_cards, draw)) {
            (Some(all), Some(without)) if all > 0 => (all - without) as f64 / all as f64,
            _ => {
                let ln = LnFactorials::new(crypt.max(1));
                Hypergeometric::new(crypt, key_cards, draw).p_at_least(1, &ln)
            }
        };
        KeyInStart {
            names: keys.names().to_vec(),
            p_in_start,
        }
    }
}

/// `C(n, k)` as an integer, `None` on overflow.
fn choose(n: u32, k: u32) -> Option<u128> {
    if k > n {
        return Some(0);
    }
    (0..u128::from(k)).try_fold(1u128, |acc, i| {
        acc.checked_mul(u128::from(n) - i).map(|x| x / (i + 1))
    })
}
