//! The JSON object `card --json` prints for a card.

use chrono::NaiveDate;
use serde::Serialize;

use crate::cards::{legal_from, Card, CardDb};

/// A card as JSON: every field of [`Card`], plus `type: "card"`, the name
/// that tells its printing apart, its first release and its legality date.
#[derive(Debug, Clone, Serialize)]
pub struct CardJson<'a> {
    /// Record type tag: `card`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// `Theo Bell (G6)` when other printings exist, else the name.
    pub printing_name: String,
    /// Release date of the first printing.
    pub first_release: Option<NaiveDate>,
    /// First day the card is tournament legal.
    pub legal_from: Option<NaiveDate>,
    /// The card's own fields.
    #[serde(flatten)]
    pub card: &'a Card,
}

impl<'a> CardJson<'a> {
    /// Builds the JSON view of a card of `db`.
    pub fn new(card: &'a Card, db: &CardDb) -> CardJson<'a> {
        CardJson {
            kind: "card",
            printing_name: db.printing_name(card),
            first_release: card.first_release(),
            legal_from: legal_from(card),
            card,
        }
    }
}

/// A name `card` could not resolve, as a JSON line.
#[derive(Debug, Clone, Serialize)]
pub struct NotFoundJson<'a> {
    /// Record type tag: `not_found`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The name as given.
    pub name: &'a str,
    /// The closest card names, best first.
    pub suggestions: &'a [String],
}

impl<'a> NotFoundJson<'a> {
    /// Builds the record.
    pub fn new(name: &'a str, suggestions: &'a [String]) -> NotFoundJson<'a> {
        NotFoundJson {
            kind: "not_found",
            name,
            suggestions,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::fixture_db;

    #[test]
    fn card_json_holds_card_fields_and_dates() {
        let db = fixture_db();
        let card = &db.cards()[0];
        let value = serde_json::to_value(CardJson::new(card, &db)).unwrap();
        assert_eq!(value["type"], "card");
        assert_eq!(value["id"], card.id.0);
        assert_eq!(value["name"], card.name.as_str());
        assert_eq!(value["kind"], "crypt");
        assert!(value["legal_from"].is_string());
    }
}
