//! Resolution of written lists, read by this crate's readers and resolved by
//! the deck model ([`vtesdeck_deck::Deck::from_raw`]): the cases where the
//! written text decides which card a line is.

use vtesdeck_cards::{CardDb, CardId};
use vtesdeck_deck::{Deck, ReadHow, MAX_FUZZY_LINES};

use crate::format::Format;
use crate::load_deck::LoadDeck;
use crate::testing::{deck_of, fixture_db};

#[test]
fn close_spelling_search_stops_after_the_budget() {
    let db = fixture_db();
    let mut text: String = (0..MAX_FUZZY_LINES + 10)
        .map(|i| format!("1x Unknown Card {i}\n"))
        .collect();
    text.push_str("2x Alma Test\n3x Test Bleed\n");
    let deck = Deck::from_text(&text, Some(Format::Plain), &db);
    assert_eq!(deck.crypt_count(), 2);
    assert_eq!(deck.library_count(), 3);
    assert_eq!(deck.unresolved.len(), MAX_FUZZY_LINES + 10);
    assert!(deck.unresolved[0].reason.is_none());
    let last = &deck.unresolved[MAX_FUZZY_LINES + 9];
    assert!(last
        .reason
        .as_deref()
        .is_some_and(|r| r.contains("not searched")));
}

#[test]
fn control_characters_and_bad_counts_are_unresolved_lines() {
    let db = fixture_db();
    let deck = Deck::from_text("2x Alma\0 Test\n999999999999x Test Bleed\n", None, &db);
    assert!(deck.crypt.is_empty() && deck.library.is_empty());
    let lines: Vec<usize> = deck.unresolved.iter().map(|u| u.line).collect();
    assert_eq!(lines, [1, 2]);
}

#[test]
fn id_lines_resolve_by_id_and_unknown_ids_are_reported() {
    let db = fixture_db();
    let deck = Deck::from_text(
        "https://vdb.im/decks/deck#200010=2;100004=3;999999=1",
        None,
        &db,
    );
    assert_eq!(deck.format, Format::VdbUrl);
    let crypt: Vec<(CardId, u32)> = deck.crypt.iter().map(|e| (e.id, e.count)).collect();
    let library: Vec<(CardId, u32)> = deck.library.iter().map(|e| (e.id, e.count)).collect();
    assert_eq!(crypt, [(CardId(200_010), 2)]);
    assert_eq!(library, [(CardId(100_004), 3)]);
    assert_eq!(deck.unresolved.len(), 1);
    assert_eq!(deck.unresolved[0].text, "999999=1");
}

#[test]
fn lines_naming_the_same_card_are_merged() {
    let db = fixture_db();
    let deck = Deck::from_text("2x Test Punch\n3x Test Punch\n", Some(Format::Plain), &db);
    assert_eq!(deck.library.len(), 1);
    assert_eq!(deck.library[0].count, 5);
    assert_eq!(deck.library[0].line, 1);
}

#[test]
fn crypt_and_library_are_told_apart_by_the_database() {
    let db = fixture_db();
    let deck = Deck::from_text(
        "Library:\n2x Alma Test\n3x Test Punch\n",
        Some(Format::Plain),
        &db,
    );
    assert_eq!((deck.crypt_count(), deck.library_count()), (2, 3));
}

#[test]
fn printing_follows_the_crypt_groups_else_the_newest() {
    let db = fixture_db();
    let with_group_6 = deck_of(&db, &[(200014, 2)]);
    let deck = Deck::from_text("1x Theo Test\n2x Lola Test\n", Some(Format::Plain), &db);
    assert_eq!(with_group_6.crypt_count(), 2);
    assert!(deck.crypt.iter().any(|e| e.id == CardId(200010)));
    let deck = Deck::from_text("1x Theo Test\n2x Alma Test\n", Some(Format::Plain), &db);
    assert!(deck.crypt.iter().any(|e| e.id == CardId(200008)));
    let deck = Deck::from_text("1x Theo Test\n", Some(Format::Plain), &db);
    assert_eq!(deck.crypt[0].id, CardId(200010));
    let deck = Deck::from_text("1x Theo Test (ADV)\n", Some(Format::Plain), &db);
    assert_eq!(deck.crypt[0].id, CardId(200009));
}

/// The fixture database with one more library card, `Test Punch 2`.
fn db_with_a_digit_name() -> CardDb {
    use crate::testing::fixture_file;
    let text = |name| String::from_utf8(fixture_file(name)).expect("UTF-8 fixture");
    let crypt = text("vtescrypt.csv");
    let mut library = text("vteslib.csv");
    library.push_str(
        "\"100099\",\"Test Punch 2\",\"\",\"Combat\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"Strike.\",\"\",\"Base:C\",\"\",\"Fixture\",\"\"\n",
    );
    let path = std::path::Path::new("fixture");
    CardDb::from_csv((path, &crypt), (path, &library), None, None).expect("fixture database")
}

#[test]
fn a_line_read_two_ways_as_two_cards_is_unresolved_with_both_readings() {
    let db = db_with_a_digit_name();
    let deck = Deck::from_text("Test Punch 2\n", Some(Format::Plain), &db);
    assert!(deck.library.is_empty());
    assert_eq!(deck.unresolved.len(), 1);
    assert_eq!(
        deck.unresolved[0].suggestions,
        ["2x Test Punch", "1x Test Punch 2"]
    );
    assert!(deck.unresolved[0].detail().contains("both read as cards"));
    let deck = Deck::from_text("3x Test Punch 2\n", Some(Format::Plain), &db);
    assert_eq!(
        (deck.library[0].id, deck.library[0].count),
        (CardId(100_099), 3)
    );
}

#[test]
fn unreadable_counts_become_unresolved_lines_with_a_reason() {
    let db = fixture_db();
    let deck = Deck::from_text("0x Test Punch\n1x Test Punch\n", Some(Format::Plain), &db);
    assert_eq!(deck.unresolved.len(), 1);
    assert!(deck.unresolved[0].reason.is_some());
    assert_eq!(deck.library_count(), 1);
}

/// Prose is judged in time linear in the text (issue 39: 100k lines of plain
/// text took 75 s, judged in quadratic time): a text 10 and 100 times longer
/// takes at most 30 and 300 times as long (the best of three runs each; the
/// margins are for a noisy machine: quadratic time would be 100 and 10,000).
#[test]
fn prose_is_judged_in_linear_time() {
    use std::time::{Duration, Instant};
    let db = fixture_db();
    let lines = [
        "We played on Saturday and the deck did rather well",
        "Home",
        "Thanks to everyone who came!",
        "See http://example.org/forum/viewtopic.php?t=1234 for more",
        "Strategy",
    ];
    let time = |copies: usize| -> Duration {
        // The cards first: a text is read up to `screen::MAX_LINES` lines.
        let mut text = String::from("2x Alma Test\n3x Test Bleed\n");
        text.extend((0..copies).map(|i| format!("{}\n", lines[i % lines.len()])));
        (0..3)
            .map(|_| {
                let start = Instant::now();
                let deck = Deck::from_text(&text, Some(Format::Plain), &db);
                let cards: u32 = deck
                    .crypt
                    .iter()
                    .chain(&deck.library)
                    .map(|c| c.count)
                    .sum();
                assert_eq!(cards, 5);
                assert!(deck.unresolved.is_empty(), "{:?}", &deck.unresolved[..1]);
                start.elapsed()
            })
            .min()
            .unwrap_or_default()
    };
    let one = time(900).max(Duration::from_micros(200));
    let ten = time(9_000);
    let hundred = time(90_000);
    assert!(ten < one * 30, "1x {one:?}, 10x {ten:?}");
    assert!(hundred < one * 300, "1x {one:?}, 100x {hundred:?}");
}

/// The names of one line share the close spelling search's budget
/// ([`vtesdeck_deck::FUZZY_LINE_BYTES`]): a name longer than it is not searched, the
/// text before its comment mark still is (and found); the text before a
/// comma of a name that used up the budget is not.
#[test]
fn the_close_spelling_search_has_a_budget_per_line() {
    let db = fixture_db();
    let comment = "a long remark on how the card plays ".repeat(6);
    assert!(comment.len() > vtesdeck_deck::FUZZY_LINE_BYTES);
    let deck = Deck::from_text(
        &format!("12x Alma Test\n2x Test Havn -- {comment}\n"),
        Some(Format::Plain),
        &db,
    );
    assert!(deck.unresolved.is_empty(), "{:?}", deck.unresolved);
    assert_eq!(deck.library.len(), 1);
    assert_eq!(deck.read_as[0].how, ReadHow::Misspelling);
    // Past the budget: the whole name fits, and leaves too little for
    // the text before its comma.
    let name = format!(
        "Test Havn, {}",
        "x".repeat(vtesdeck_deck::FUZZY_LINE_BYTES - 15)
    );
    let deck = Deck::from_text(
        &format!("12x Alma Test\n2x {name}\n"),
        Some(Format::Plain),
        &db,
    );
    assert_eq!(deck.unresolved.len(), 1, "{:?}", deck.library);
}

#[cfg(unix)]
#[test]
fn crypt_columns_hand_typed_in_any_order_are_read_and_checked() {
    let db = fixture_db();
    let text = "Crypt:\n\
                2 Carla Test POT pre 5 CEL, Brujahs\n\
                1x Felix Test - 4 Nos OBF ani pot\n\
                2x Dario Test (8, AUS CEL PRE, Toreador)\n\
                1 Gina Test G4 6 Brujah\n\
                1 Alma Test (great vampire)\n";
    let deck = Deck::from_text(text, Some(Format::Plain), &db);
    assert!(deck.unresolved.is_empty(), "{:?}", deck.unresolved);
    let count = |id| {
        deck.crypt
            .iter()
            .find(|e| e.id == CardId(id))
            .map_or(0, |e| e.count)
    };
    assert_eq!(
        [200003, 200006, 200004, 200007, 200001].map(count),
        [2, 1, 2, 1, 1]
    );
    let remarks: Vec<(usize, ReadHow, String)> = deck
        .read_as
        .iter()
        .map(|r| (r.line, r.how, r.note.clone().unwrap_or_default()))
        .collect();
    // Columns that fit the card (Carla, Felix: a clan's plural, its
    // first letters) are read without a remark; a capacity or a clan
    // that disagrees is said, as for a TWD row; text that is not columns
    // is still left out and said.
    assert_eq!(
        remarks,
        [
            (
                4,
                ReadHow::ColumnsMismatch,
                "the columns (capacity 8) fit no printing of Dario Test; read as the closest"
                    .to_string()
            ),
            (
                5,
                ReadHow::ColumnsMismatch,
                "the columns (clan Brujah) fit no printing of Gina Test; read as the closest"
                    .to_string()
            ),
            (6, ReadHow::TextIgnored, "read as \"Alma Test\"".to_string()),
        ]
    );
}

#[test]
fn a_name_cut_short_is_read_as_the_one_card_it_starts() {
    let db = fixture_db();
    let deck = Deck::from_text(
        "3x Test Toreador Gr\n2x Test Br\n",
        Some(Format::Plain),
        &db,
    );
    assert_eq!(deck.library.len(), 1, "{:?}", deck.library);
    let read = &deck.read_as[0];
    assert_eq!((read.line, read.how), (1, ReadHow::NameTruncated));
    assert_eq!(
        read.note.as_deref(),
        Some("read as \"Test Toreador Grace\"")
    );
    assert_eq!(read.how.name(), "name-truncated");
    // Too short to stand for one card (and two names start with it).
    assert_eq!(deck.unresolved.len(), 1);
    assert_eq!(deck.unresolved[0].line, 2);
}
