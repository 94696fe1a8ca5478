use super::*;
use crate::testing::fixture_db;
use vtesdeck_deck::Deck;

/// The cards of a text read by its shape: `(id, count)`, sorted, and the remark.
fn cards(text: &str) -> (Vec<(u32, u32)>, Option<String>) {
    let db = fixture_db();
    let raw = read(text);
    let remark = raw.meta.read_by_shape.clone();
    let deck = Deck::from_raw(raw, &db);
    assert!(deck.unresolved.is_empty(), "{:?}", deck.unresolved);
    let mut cards: Vec<(u32, u32)> = deck
        .crypt
        .iter()
        .chain(&deck.library)
        .map(|e| (e.id.0, e.count))
        .collect();
    cards.sort_unstable();
    (cards, remark)
}

#[test]
fn json_records_with_names_and_counts_under_any_key() {
    let text = r#"{"title": "T", "cards": [{"quantity": 12, "name": "Alma Test"},
        {"quantity": 3, "name": "Test Punch"}]}"#;
    assert_eq!(
        cards(text),
        (
            vec![(100_004, 3), (200_001, 12)],
            Some("cards[].{quantity,name}".to_string())
        )
    );
    assert_eq!(read(text).meta.name.as_deref(), Some("T"));
}

#[test]
fn xml_counts_as_attributes_and_sections_by_attribute() {
    let text = "<deck><section name=\"Crypt\"><card qty=\"12\">Alma Test</card></section>\
        <section name=\"Library\"><card qty=\"3\">Test Punch</card></section></deck>";
    assert_eq!(
        cards(text),
        (
            vec![(100_004, 3), (200_001, 12)],
            Some("deck/section[@name]/card[@qty,text()]".to_string())
        )
    );
}

#[test]
fn a_document_with_no_card_entry_names_what_it_holds() {
    let deck = read(r#"{"stats": {"crypt": 12}, "owner": "me"}"#);
    assert!(deck.lines.is_empty());
    assert!(
        deck.problems[0]
            .message
            .contains("no known deck shape (keys found: owner, stats): no card entry found"),
        "{:?}",
        deck.problems
    );
    let deck = read("<notes><note>buy milk</note></notes>");
    assert!(
        deck.problems[0]
            .message
            .contains("root element <notes>, its children: note"),
        "{:?}",
        deck.problems
    );
}

#[test]
fn hostile_counts_are_problems() {
    for (count, message) in [
        ("-2", "negative card count"),
        ("2.5", "fractional card count"),
        ("99999999999999999999", "too large"),
        ("\"lots\"", "invalid card count"),
    ] {
        let text = format!(r#"{{"cards": [{{"count": {count}, "name": "Test Punch"}}]}}"#);
        let deck = read(&text);
        assert!(deck.lines.is_empty(), "{count}");
        assert!(
            deck.problems[0].message.contains(message),
            "{count}: {:?}",
            deck.problems
        );
    }
}
