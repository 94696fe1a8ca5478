use super::*;
use crate::testing::fixture_db;
use crate::Deck;

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

/// The card lines of a JSON document read by shape carry their own lines,
/// not the document's first: a record's first key, a count map's key.
#[test]
fn json_card_lines_carry_their_own_line_numbers() {
    let text = "{\n  \"title\": \"T\",\n  \"cards\": [\n    {\"quantity\": 12, \"name\": \"Alma Test\"},\n    {\n      \"name\": \"Test Punch\",\n      \"quantity\": 3\n    }\n  ],\n  \"extra\": {\"crypt\": {\"Alma Test\": 1}}\n}\n";
    let deck = read(text);
    let lines: Vec<(&str, usize)> = deck
        .lines
        .iter()
        .map(|line| (line.name.as_ref(), line.line))
        .collect();
    assert!(lines.contains(&("Alma Test", 4)), "{lines:?}");
    assert!(lines.contains(&("Test Punch", 6)), "{lines:?}");
    // JSON Lines: each record on its own line.
    let jsonl =
        "{\"name\": \"Alma Test\", \"count\": 12}\n{\"name\": \"Test Punch\", \"count\": 3}\n";
    let lines: Vec<usize> = read(jsonl).lines.iter().map(|line| line.line).collect();
    assert_eq!(lines, [1, 2]);
    // Keys with escapes, and a key written twice (the last one is read).
    let text = "{\"c\\u0061rds\": [\n{\"name\": \"Alma Test\", \"count\": 1},\n{\"name\": \"Test Punch\", \"count\": 2, \"count\": 3}]}";
    let lines: Vec<(u32, usize)> = read(text)
        .lines
        .iter()
        .map(|line| (line.count, line.line))
        .collect();
    assert_eq!(lines, [(1, 2), (3, 3)]);
}

/// A list of bare names: each copy on the line its name is written on (a
/// misspelt one is reported there, not on the document's first line).
#[test]
fn bare_names_in_a_list_carry_their_own_line_numbers() {
    let text = "{\n  \"crypt\": [\n    \"Alma Test\",\n    \"Alma Test\"\n  ],\n  \"library\": [\"Test Punch\",\n  \"Test Pnuch\"]\n}\n";
    let deck = read(text);
    let lines: Vec<(&str, usize)> = deck
        .lines
        .iter()
        .map(|line| (line.name.as_ref(), line.line))
        .collect();
    assert_eq!(
        lines,
        [
            ("Alma Test", 3),
            ("Alma Test", 4),
            ("Test Punch", 6),
            ("Test Pnuch", 7)
        ]
    );
}

/// A text the scan of keys cannot follow reads as before, every line the first.
#[test]
fn json_keys_not_located_read_on_the_first_line() {
    assert_eq!(
        tree::from_json_text(&serde_json::json!({"a": 1}), "nonsense"),
        tree::from_json(&serde_json::json!({"a": 1}), 1)
    );
}
