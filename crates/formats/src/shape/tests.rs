use super::*;
use crate::testing::fixture_db;
use vtesdeck_deck::Deck;

/// The cards of a text read by its shape: `(id, count)`, sorted, and the remark.
fn cards(text: &str) -> (Vec<(u32, u32)>, Option<String>) {
    let db = fixture_db();
    let raw = read(text);
    let remark = raw.meta.read_by_shape.clone();
    let deck = Deck::from_raw(raw, &db, &vtesdeck_deck::KnownColumns::default());
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

/// The cards of a text read by shape as `(count, name, id)` lines, and its remark.
fn read_lines(text: &str) -> (Vec<(u32, String, Option<u32>)>, String) {
    let deck = read(text);
    let lines = deck
        .lines
        .iter()
        .map(|line| {
            let id = match line.kind {
                LineKind::Id(id) => Some(id.0),
                _ => None,
            };
            (line.count, line.name.to_string(), id)
        })
        .collect();
    (lines, deck.meta.read_by_shape.unwrap_or_default())
}

/// An id is a VEKN id only under a key that says so: `CatID`,
/// `cardmarket_id` are ids of other databases, and an XML `<id>` beside a
/// name (an Atom entry's) is not read.
#[test]
fn ids_only_under_keys_that_say_so() {
    let text = r#"{"cards": [{"CatID": 200001, "name": "Test Punch", "count": 2},
        {"cardmarket_id": 100004, "name": "Alma Test", "count": 1},
        {"vekn_id": 100004, "count": 3}, {"cardId": 200001, "count": 1}]}"#;
    let (lines, _) = read_lines(text);
    assert_eq!(
        lines,
        [
            (2, "Test Punch".to_string(), None),
            (1, "Alma Test".to_string(), None),
            (3, String::new(), Some(100_004)),
            (1, String::new(), Some(200_001)),
        ]
    );
    let atom = "<feed><entry><id>200001</id><title>Alma Test</title></entry></feed>";
    assert_eq!(
        lines_xml(atom),
        [],
        "an Atom <id> beside a title is not a VEKN id: no card entry"
    );
    let bare = "<deck><card><id>200001</id><count>2</count></card></deck>";
    assert_eq!(lines_xml(bare), [(2, String::new(), Some(200_001))]);
}

fn lines_xml(text: &str) -> Vec<(u32, String, Option<u32>)> {
    read_lines(text).0
}

/// A sideboard or maybe list is never added to the deck, and is said.
#[test]
fn sideboards_and_maybe_lists_are_read_apart_and_said() {
    let text = r#"{"main": [{"count": 12, "name": "Alma Test"}],
        "sideboard": [{"count": 4, "name": "Test Punch"}], "maybe": ["Test Punch"]}"#;
    let (lines, said) = read_lines(text);
    assert_eq!(lines, [(12, "Alma Test".to_string(), None)]);
    assert!(
        said.contains("sideboard not read (1 entry of a sideboard or maybe list")
            && said.contains("maybe not read (1 entry"),
        "{said}"
    );
    let xml = "<deck><crypt><card count=\"12\">Alma Test</card></crypt>\
               <sideboard><card count=\"4\">Test Punch</card><card count=\"1\">Alma Test</card></sideboard></deck>";
    let (lines, said) = read_lines(xml);
    assert_eq!(lines, [(12, "Alma Test".to_string(), None)]);
    assert!(
        said.contains("deck/sideboard not read (2 entries"),
        "{said}"
    );
}

/// `G6`, `Group 6`, `g6` are group 6.
#[test]
fn groups_written_with_a_prefix_are_read() {
    for group in ["G6", "Group 6", "g6", "6"] {
        let text =
            format!(r#"{{"crypt": [{{"count": 1, "name": "Alma Test", "group": "{group}"}}]}}"#);
        let deck = read(&text);
        assert_eq!(
            deck.lines[0].hint.group,
            Some(vtesdeck_cards::Group::Number(6)),
            "{group}"
        );
    }
}

/// A count of `null`, an object, `"1e999"` or `-0` is a problem on its
/// line, said as what it is.
#[test]
fn null_object_huge_and_negative_zero_counts_are_problems_said_right() {
    for (count, message, shown) in [
        ("null", "card count null", "nullx Test Punch"),
        ("{\"n\": 2}", "given as an object", "{...}x Test Punch"),
        (
            "\"1e999\"",
            "card count 1e999 too large",
            "1e999x Test Punch",
        ),
        ("-0", "", "-0x Test Punch"),
    ] {
        let text = format!(
            "{{\"cards\": [{{\"count\": 2, \"name\": \"Alma Test\"}},\n{{\"count\": {count}, \"name\": \"Test Punch\"}}]}}"
        );
        let deck = read(&text);
        assert_eq!(deck.lines.len(), 1, "{count}");
        let [problem] = &deck.problems[..] else {
            panic!("{count}: {:?}", deck.problems);
        };
        assert_eq!((problem.line, problem.text.as_str()), (2, shown), "{count}");
        assert!(
            problem.message.contains(message),
            "{count}: {}",
            problem.message
        );
        assert!(
            !problem.message.contains("fractional"),
            "{}",
            problem.message
        );
    }
}

/// A list of card types, or of strings under a key that names no cards,
/// is no list of cards: ignored and said.
#[test]
fn lists_of_strings_that_are_not_cards_are_ignored_and_said() {
    let text = r#"{"deck": {"categoriesOrder": ["Vampire", "Action Modifier", "Master"],
        "tags": ["fun", "bleed"], "crypt": ["Alma Test"]}}"#;
    let (lines, said) = read_lines(text);
    assert_eq!(lines, [(1, "Alma Test".to_string(), None)]);
    assert!(
        said.contains("deck.categoriesOrder[] not read (a list of card types")
            && said.contains(
                "deck.tags[] not read (a list of strings under a key that names no cards)"
            ),
        "{said}"
    );
    // A JSON array of names is a list of cards.
    assert_eq!(read_lines(r#"["Alma Test", "Test Punch"]"#).0.len(), 2);
}

/// Two decks in one document are its decks, in order; one deck, a deck
/// beside its sideboard, or a crypt beside a library are not.
#[test]
fn the_decks_of_a_document_of_several() {
    let deck = |name: &str| {
        format!(r#"{{"name": "{name}", "crypt": ["Alma Test"], "library": ["Test Punch"]}}"#)
    };
    let (a, b) = (deck("A"), deck("B"));
    let listed = format!(r#"{{"decks": [{a}, {b}]}}"#);
    assert_eq!(decks_of(&listed), Some(vec![a.as_str(), b.as_str()]));
    let side_by_side = format!(r#"{{"opponent": {b}, "mine": {a}}}"#);
    assert_eq!(decks_of(&side_by_side), Some(vec![b.as_str(), a.as_str()]));
    for one in [
        a.clone(),
        format!(r#"{{"deck": {a}, "stats": {{"crypt": 1}}}}"#),
        format!(r#"{{"main": {a}, "sideboard": {b}}}"#),
        r#"{"crypt": {"cards": ["Alma Test"]}, "library": {"cards": ["Test Punch"]}}"#.to_string(),
    ] {
        assert_eq!(decks_of(&one), None, "{one}");
    }
}

/// Two decks in one XML document are its decks, in order, as in JSON: the
/// children of `<decks>`, or siblings that each hold a crypt and a library;
/// one deck, or a deck beside its sideboard, is not.
#[test]
fn the_decks_of_an_xml_document_of_several() {
    let deck = |name: &str| {
        format!(
            "<deck><name>{name}</name><crypt><card>Alma Test</card></crypt>\
             <library><card>Test Punch</card></library></deck>"
        )
    };
    let (a, b) = (deck("A"), deck("B"));
    let parts = |text: &str| {
        xml_decks_of(text).map(|ranges| {
            ranges
                .into_iter()
                .map(|range| text[range].to_string())
                .collect::<Vec<_>>()
        })
    };
    let listed = format!("<decks>\n{a}\n{b}\n</decks>");
    assert_eq!(parts(&listed), Some(vec![a.clone(), b.clone()]));
    let nested = format!("<export><decks>{a}{b}</decks></export>");
    assert_eq!(parts(&nested), Some(vec![a.clone(), b.clone()]));
    let side_by_side = format!(
        "<game><mine>{}</mine><opponent>{}</opponent></game>",
        &a[6..a.len() - 7],
        &b[6..b.len() - 7]
    );
    let read = parts(&side_by_side).unwrap_or_default();
    assert_eq!(read.len(), 2, "{side_by_side}");
    assert!(read[0].starts_with("<mine>") && read[1].starts_with("<opponent>"));
    for one in [
        a.clone(),
        format!("<export>{a}<sideboard>{b}</sideboard></export>"),
        "<deck><crypt><card>Alma Test</card></crypt><library><card>Test Punch</card></library></deck>"
            .to_string(),
    ] {
        assert_eq!(parts(&one), None, "{one}");
    }
    // Each part is read on its own lines.
    let deck = read_xml_part(&b, 3).expect("read");
    assert_eq!(deck.lines.len(), 2);
    assert!(deck.lines.iter().all(|line| line.line == 3));
}
