//! Which vampire is this: one identity for every printing of a name, and
//! whether a card is unique, read from its text.
//!
//! In the game, crypt cards with the same name are the same vampire whatever
//! their group or advanced mark (`Theo Bell` G2, G2 advanced and G6; `Ferox, The
//! Rock Lord` and its advanced version): a second copy in play contests the
//! first, an advanced copy can merge with its base. A vampire is unique unless
//! its text says otherwise (`Non-unique.`: The Horde, Aabbt Kindred, Fida'i,
//! Grotesque, Valkyrie; `Hermanas are not unique.`, `Tupdogs are not unique.`);
//! a library card is unique when its text says `Unique`.

use std::sync::LazyLock;

use regex::Regex;

use super::Card;

/// One vampire (or library card) across its printings: the card's name.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Identity(String);

impl Identity {
    /// The identity of a card: every card with the same name has the same one.
    pub fn of(card: &Card) -> Identity {
        Identity(card.name.to_lowercase())
    }
}

/// `Non-unique.`, `Hermanas are not unique.`
static NOT_UNIQUE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\bnon-unique\b|\bnot unique\b").expect("valid regex"));

/// Whether only one copy of the card can be in play at a time: a crypt card
/// unless its text says it is not unique; a library card when the first
/// sentence of its text says `Unique`.
pub fn is_unique(card: &Card) -> bool {
    if card.is_crypt() {
        return !NOT_UNIQUE.is_match(&card.text);
    }
    card.text.split(['.', '\n']).next().is_some_and(|first| {
        // Most cards are not unique: a substring search rules them out first.
        first.contains("Unique")
            && first
                .split_whitespace()
                .any(|w| w == "Unique" || w == "Unique{}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::fixture_db;
    use crate::CardId;

    #[test]
    fn every_printing_of_a_name_is_one_vampire() {
        let db = fixture_db();
        let theo = |id| Identity::of(db.get(CardId(id)).unwrap());
        // Theo Test G2, G2 advanced, G6.
        assert_eq!(theo(200008), theo(200009));
        assert_eq!(theo(200008), theo(200010));
        assert_ne!(theo(200008), theo(200001));
    }

    #[test]
    fn vampires_are_unique_unless_their_text_says_not() {
        let db = fixture_db();
        let mut vampire = db.get(CardId(200001)).unwrap().clone();
        assert!(is_unique(&vampire));
        for text in [
            "Independent: Infernal. Non-unique.",
            "Sabbat. Mexico City Circle: Hermanas are not unique. When moved...",
            "Tupdogs are not unique. After the end of your minion phase...",
        ] {
            vampire.text = text.into();
            assert!(!is_unique(&vampire), "{text}");
        }
        vampire.text = "Anarch: Hesha gets +1 bleed for each unique equipment.".into();
        assert!(is_unique(&vampire));
    }

    #[test]
    fn library_cards_are_unique_when_their_text_says_so() {
        let db = fixture_db();
        assert!(is_unique(db.get(CardId(100001)).unwrap())); // Test Haven
        assert!(!is_unique(db.get(CardId(100011)).unwrap())); // an event
    }
}
