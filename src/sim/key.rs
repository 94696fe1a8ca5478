//! Key vampires (`--key NAME`): the vampires a deck needs early. Every printing
//! of a name is the same vampire ([`Identity`]), so any printing counts.

use crate::analysis::hypergeometric::Hypergeometric;
use crate::analysis::hypergeometric::LnFactorials;
use crate::cards::{Card, CardDb, CardKind, Identity, Lookup, PrintingHint};
use crate::deck::Deck;

use super::deck_tables::DeckTables;
use super::SimError;

/// The key vampires, resolved against the card database.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KeyVampires {
    /// The names as the card database writes them, in the order given.
    names: Vec<String>,
    identities: Vec<Identity>,
}

impl KeyVampires {
    /// Resolves crypt card names (a name that is not a crypt card is an error
    /// naming it, with suggestions).
    pub fn resolve(names: &[String], db: &CardDb) -> Result<KeyVampires, SimError> {
        let mut keys = KeyVampires::default();
        for written in names {
            let found = match db.lookup(written, PrintingHint::default(), Some(CardKind::Crypt)) {
                Lookup::Found { cards, .. } => cards.first().and_then(|id| db.get(*id)),
                Lookup::NotFound { suggestions } => {
                    return Err(SimError::UnknownKey {
                        name: written.clone(),
                        suggestions: suggestions.join(", "),
                    })
                }
            };
            let Some(card) = found else {
                return Err(SimError::UnknownKey {
                    name: written.clone(),
                    suggestions: String::new(),
                });
            };
            let identity = Identity::of(card);
            if !keys.identities.contains(&identity) {
                keys.identities.push(identity);
                keys.names.push(card.name.clone());
            }
        }
        Ok(keys)
    }

    /// No key vampire was asked for.
    pub fn is_empty(&self) -> bool {
        self.identities.is_empty()
    }

    /// The key vampires' names.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Whether `card` is (a printing of) a key vampire.
    pub fn is_key(&self, card: &Card) -> bool {
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
    pub fn compute(tables: &DeckTables, keys: &KeyVampires, crypt_draw: u32) -> KeyInStart {
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
