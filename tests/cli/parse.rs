//! `vtesdeck parse` and name resolution, end to end, on the real card database
//! and the whole TWDA (`common::twda_dir`).

use crate::common;

use std::collections::BTreeSet;

use predicates::prelude::*;
use vtesdeck::cards::{Card, CardDb, Group};
use vtesdeck::deck::Deck;
use vtesdeck::formats::Format;
use vtesdeck::formats::LoadDeck;

fn real_db() -> CardDb {
    CardDb::load(&common::cards_dir()).expect("real card database loads")
}

/// Decks of the archive whose own header counts are wrong (the card lines are the truth).
const WRONG_HEADERS: &[&str] = &[
    // `Library (87; 1 trifle)` where `Master (15; 1 trifle)` was meant: the
    // `Library (72 cards)` header below it leaves the 15 masters out; 87 cards are listed.
    "12278.txt",
];

#[test]
fn every_twda_line_resolves_and_counts_match_the_headers() {
    let db = real_db();
    let mut paths: Vec<_> = std::fs::read_dir(common::twda_dir())
        .expect("TWDA folder")
        .map(|e| e.expect("entry").path())
        .collect();
    paths.sort();
    assert_eq!(paths.len(), 4504, "the archive has 4,504 decks");
    let mut unresolved = Vec::new();
    let mut mismatched = BTreeSet::new();
    for path in &paths {
        let deck = Deck::load(path, None, &db).expect("TWDA file reads");
        assert_eq!(deck.format, Format::Twd, "{}", path.display());
        for line in &deck.unresolved {
            unresolved.push(format!("{}:{}: {}", path.display(), line.line, line.text));
        }
        let declared = (deck.declared.crypt, deck.declared.library);
        if declared != (Some(deck.crypt_count()), Some(deck.library_count())) {
            mismatched.insert(path.file_name().unwrap().to_string_lossy().to_string());
        }
    }
    assert!(
        unresolved.is_empty(),
        "unresolved lines:\n{}",
        unresolved.join("\n")
    );
    let expected: BTreeSet<String> = WRONG_HEADERS.iter().map(|s| s.to_string()).collect();
    assert_eq!(mismatched, expected);
}

#[test]
fn twda_event_metadata_is_kept() {
    let db = real_db();
    let deck = Deck::load(&common::twda_dir().join("10043.txt"), None, &db).unwrap();
    let event = deck.meta.event.as_ref().expect("event");
    assert_eq!(event.name.as_deref(), Some("Shroud Mastery"));
    assert_eq!(
        event.date.map(|d| d.to_string()).as_deref(),
        Some("2022-02-06")
    );
    assert_eq!(event.players, Some(12));
    assert_eq!(event.winner.as_deref(), Some("Alex Romano"));
    assert_eq!(deck.meta.name.as_deref(), Some("Daylily"));
    assert_eq!(deck.meta.author.as_deref(), Some("Alex Romano"));
    assert_eq!((deck.crypt_count(), deck.library_count()), (12, 90));
}

/// Resolves one written line and returns the card it names.
fn resolve<'a>(db: &'a CardDb, line: &str) -> &'a Card {
    let deck = Deck::from_text(&format!("{line}\n"), Some(Format::Plain), db);
    assert!(
        deck.unresolved.is_empty(),
        "{line:?} did not resolve: {:?}",
        deck.unresolved
    );
    let entry = deck
        .crypt
        .first()
        .or(deck.library.first())
        .expect("one card");
    db.get(entry.id).unwrap()
}

#[test]
fn hard_names_resolve() {
    let db = real_db();
    let cases = [
        ("1x Celeste Lamontagne", "Céleste Lamontagne"),
        ("1x CÉLESTE LAMONTAGNE", "Céleste Lamontagne"),
        ("1x Pier 13 port of baltimore", "Pier 13, Port of Baltimore"),
        ("1x Bang Nakh -- Tiger's Claws", "Bang Nakh — Tiger's Claws"),
        ("1x Bang Nakh — Tiger’s Claws", "Bang Nakh — Tiger's Claws"),
        ("1x The Rack", "Rack, The"),
        ("1x Rack, The", "Rack, The"),
        (
            "1x Heidelburg Castle, Germany",
            "Heidelberg Castle, Germany",
        ),
        ("1x Pentex(TM) Subversion", "Pentex(TM) Subversion"),
        ("1x Pentex™ Subversion", "Pentex(TM) Subversion"),
        ("1x PentexTM Subversion", "Pentex(TM) Subversion"),
        ("1x Alia, God=92s Messenger", "Alia, God's Messenger"),
        ("1x Cats` Guidance", "Cats' Guidance"),
        ("1x WWEF", "Wake with Evening's Freshness"),
        ("1x Dominate Kine", "Dominate Kine"),
        ("1x Kine Dominance", "Dominate Kine"),
        ("2x Deep Song -- the key card", "Deep Song"),
    ];
    for (line, expected) in cases {
        assert_eq!(resolve(&db, line).name, expected, "{line}");
    }
}

#[test]
fn every_alias_of_the_project_table_resolves_to_its_target() {
    let db = real_db();
    let table = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/cards/data/aliases.tsv"
    ))
    .unwrap();
    for line in table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let [alias, target, source] = fields[..] else {
            panic!("alias<TAB>name<TAB>source: {line:?}");
        };
        assert_eq!(
            resolve(&db, &format!("1x {alias}")).name,
            target,
            "alias {alias}"
        );
        // Each entry says where players write it; a TWDA deck quoted holds the words.
        assert!(!source.trim().is_empty(), "alias {alias}: no source");
        for part in source.split("; ") {
            if let Some(quoted) = part.strip_prefix("TWDA ") {
                let (deck, words) = quoted.split_once(": ").expect("TWDA FILE: \"words\"");
                let path = common::twda_dir().join(format!("{deck}.txt"));
                let text = std::fs::read(&path).expect("the TWDA deck quoted");
                let text = String::from_utf8_lossy(&text);
                let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
                assert!(
                    text.contains(words.trim_matches('"')),
                    "alias {alias}: {words} not in {}",
                    path.display()
                );
                assert!(words.contains(alias), "alias {alias}: {words}");
            }
        }
    }
}

/// The community's abbreviations read as their cards, said as abbreviations.
#[test]
fn community_abbreviations_read_as_their_cards() {
    let deck = "5x CIF\n2x MotS\n1x Con Ag\n";
    let output = common::vtesdeck()
        .args(["parse", "--json", "-"])
        .write_stdin(deck)
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("\"Camarilla's Iron Fist\""), "{text}");
    assert!(text.contains("\"Magic of the Smith\""), "{text}");
    assert!(text.contains("\"Conservative Agitation\""), "{text}");
    assert!(!text.contains("\"unresolved\":[{"), "{text}");
    // Each written in `read_as` and in `remarks`.
    assert_eq!(
        text.matches("\"how\":\"abbreviation\"").count(),
        4,
        "{text}"
    );
    assert_eq!(text.matches("\"how\":\"alias\"").count(), 2, "{text}");
}

#[test]
fn printing_hints_pick_the_right_card() {
    let db = real_db();
    let theo_g6 = resolve(&db, "1x Theo Bell (G6)");
    assert_eq!(
        (theo_g6.group, theo_g6.advanced),
        (Some(Group::Number(6)), false)
    );
    let theo_adv = resolve(&db, "1x Theo Bell (ADV)");
    assert!(theo_adv.advanced);
    let theo_g2 = resolve(&db, "1x Theo Bell (G2)");
    assert_eq!(
        (theo_g2.group, theo_g2.advanced),
        (Some(Group::Number(2)), false)
    );
    let kemintiri = resolve(&db, "1x Kemintiri (G2 ADV)");
    assert!(kemintiri.advanced);
    // A TWDA crypt line's trailing Clan:Group.
    let twd = "Crypt (1 cards, min=7, max=7, avg=7)\n1x Theo Bell   7  CEL POT PRE dom  Brujah:6\n\nLibrary (0 cards)\n";
    let deck = Deck::from_text(twd, None, &db);
    let card = db.get(deck.crypt[0].id).unwrap();
    assert_eq!(card.group, Some(Group::Number(6)));
}

#[test]
fn without_a_hint_the_printing_fits_the_crypt_else_the_newest() {
    let db = real_db();
    // Group 2 company: the group 2 Theo Bell.
    let deck = Deck::from_text("2x Theo Bell\n3x Kemintiri\n", Some(Format::Plain), &db);
    let theo = deck
        .crypt
        .iter()
        .map(|e| db.get(e.id).unwrap())
        .find(|c| c.name == "Theo Bell")
        .unwrap();
    assert_eq!((theo.group, theo.advanced), (Some(Group::Number(2)), false));
    // Alone: the newest printing.
    let alone = resolve(&db, "1x Theo Bell");
    assert_eq!(alone.group, Some(Group::Number(6)));
}

#[test]
fn unknown_names_are_reported_with_suggestions() {
    let db = real_db();
    let deck = Deck::from_text(
        "1x Deep Song\n2x Deep Sung Xylophone\n",
        Some(Format::Plain),
        &db,
    );
    assert_eq!(deck.unresolved.len(), 1);
    let line = &deck.unresolved[0];
    assert_eq!(line.line, 2);
    assert_eq!(line.text, "2x Deep Sung Xylophone");
    assert!(!line.suggestions.is_empty() && line.suggestions.len() <= 3);
    // A one-letter typo is close enough to resolve on its own.
    assert_eq!(resolve(&db, "1x Deap Song").name, "Deep Song");
}

#[test]
fn parse_json_has_the_documented_fields() {
    let output = common::vtesdeck()
        .args(["parse", "--json"])
        .arg(common::twda_dir().join("10043.txt"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(json["path"].as_str().unwrap().ends_with("10043.txt"));
    assert_eq!(json["name"], "Daylily");
    assert_eq!(json["author"], "Alex Romano");
    assert_eq!(json["event"]["date"], "2022-02-06");
    assert_eq!(json["event"]["players"], 12);
    let crypt = json["crypt"].as_array().unwrap();
    assert_eq!(
        crypt
            .iter()
            .map(|c| c["count"].as_u64().unwrap())
            .sum::<u64>(),
        12
    );
    assert!(crypt[0]["id"].as_u64().unwrap() >= 200000);
    assert_eq!(json["unresolved"].as_array().unwrap().len(), 0);
}

#[test]
fn parse_exit_status_is_1_with_an_unresolved_line() {
    common::vtesdeck()
        .args(["parse", "-"])
        .write_stdin("12x Deep Song\n1x Notacard Atall Whatsoever\n")
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "-:2: 1x Notacard Atall Whatsoever",
        ));
}

#[test]
fn parse_reads_stdin_and_directories() {
    common::vtesdeck()
        .args(["parse", "--json", "-"])
        .write_stdin("2x Deep Song\n")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("\"path\":\"-\""));
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    std::fs::write(dir.path().join("a.txt"), "2x Deep Song\n").unwrap();
    std::fs::write(dir.path().join("sub/b.txt"), "3x Earth Meld\n").unwrap();
    let output = common::vtesdeck()
        .args(["parse", "--json"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 2);
}

#[test]
fn parse_exit_status_is_2_for_a_missing_file_and_the_others_are_still_read() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), "2x Deep Song\n").unwrap();
    common::vtesdeck()
        .args(["parse", "--json"])
        .arg(dir.path().join("missing.txt"))
        .arg(dir.path().join("a.txt"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("missing.txt"))
        .stdout(predicate::str::contains("a.txt"));
}

#[test]
fn no_card_database_is_a_clear_error() {
    let empty = tempfile::tempdir().unwrap();
    common::vtesdeck()
        .env("VTESDECK_CARDS", empty.path())
        .args(["parse", "-"])
        .write_stdin("2x Deep Song\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("vtescrypt.csv"));
}

/// A part of a name in a decklist is never taken in silence (issue 28): the
/// line is unresolved, and the name that holds it is the first suggestion
/// (`Sewer Lid` offers `Thrown Sewer Lid`, `Carmelita` `Carmelita Neillson`);
/// before, only close spellings were offered.
#[test]
fn a_part_of_a_name_is_unresolved_with_the_name_that_holds_it_first() {
    let output = common::vtesdeck()
        .args(["parse", "--json", "-"])
        .write_stdin("12x Nathan Turner\n4x Sewer Lid\n2x Carmelita\n80x Deep Song\n")
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let records = common::json_records(&output.stdout);
    let unresolved = records[0]["unresolved"]
        .as_array()
        .expect("unresolved lines");
    let first: Vec<(&str, &str)> = unresolved
        .iter()
        .map(|line| {
            (
                line["text"].as_str().unwrap_or(""),
                line["suggestions"][0].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        first,
        [
            ("4x Sewer Lid", "Thrown Sewer Lid"),
            ("2x Carmelita", "Carmelita Neillson")
        ],
        "{unresolved:?}"
    );
}
