//! `vtesdeck card`: every card of the real database is found by its name, its
//! printing name and its `Aka`; one-letter typos find or suggest the card; the
//! command prints full cards, JSON and search results.

use crate::common;

use predicates::prelude::*;
use vtesdeck::cards::{find_by_name, Card, CardDb, Lookup};

fn real_db() -> CardDb {
    CardDb::load(&common::cards_dir()).expect("real card database loads")
}

/// Looks a name up the way `vtesdeck card` does.
fn lookup(db: &CardDb, name: &str) -> Lookup {
    find_by_name(db, name)
}

fn found_ids(lookup: &Lookup) -> Vec<u32> {
    match lookup {
        Lookup::Found { cards, .. } => cards.iter().map(|c| c.0).collect(),
        Lookup::NotFound { .. } => Vec::new(),
    }
}

#[test]
fn every_card_is_found_by_its_name_and_printing_name() {
    let db = real_db();
    let mut failures = Vec::new();
    for card in db.cards() {
        if !found_ids(&lookup(&db, &card.name)).contains(&card.id.0) {
            failures.push(format!("{} by name", card.name));
        }
        let printing = db.printing_name(card);
        if found_ids(&lookup(&db, &printing)) != vec![card.id.0] {
            failures.push(format!(
                "{printing} by printing name: {:?}",
                lookup(&db, &printing)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} cards not found: {:#?}",
        failures.len(),
        failures
    );
}

#[test]
fn every_card_is_found_by_its_aka() {
    let db = real_db();
    let with_aka: Vec<&Card> = db.cards().iter().filter(|c| !c.aka.is_empty()).collect();
    assert!(
        with_aka.len() > 10,
        "the real database has cards with an Aka"
    );
    let mut failures = Vec::new();
    for card in with_aka {
        for aka in &card.aka {
            if !found_ids(&lookup(&db, aka)).contains(&card.id.0) {
                failures.push(format!(
                    "{} by aka {aka:?}: {:?}",
                    card.name,
                    lookup(&db, aka)
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} akas not found: {:#?}",
        failures.len(),
        failures
    );
}

/// The name with one letter near the middle changed to another.
fn one_letter_typo(name: &str) -> Option<String> {
    let chars: Vec<char> = name.chars().collect();
    let letters: Vec<usize> = (0..chars.len())
        .filter(|&i| chars[i].is_ascii_lowercase())
        .collect();
    let &at = letters.get(letters.len() / 2)?;
    let mut typo = chars.clone();
    typo[at] = if chars[at] == 'x' { 'q' } else { 'x' };
    Some(typo.into_iter().collect())
}

/// A typo in one card out of every ten (spread over crypt and library; the
/// fuzzy lookup is slow in debug builds).
#[test]
fn one_letter_typo_finds_or_suggests_the_card() {
    let db = real_db();
    let checked = assert_typos_find_their_card(&db, db.cards().iter().step_by(10));
    assert!(checked > 400);
}

/// The same on every card (about 10 s in a release build).
#[test]
#[ignore = "slow: every card of the real database; run with --include-ignored"]
fn one_letter_typo_finds_or_suggests_every_card() {
    let db = real_db();
    let checked = assert_typos_find_their_card(&db, db.cards().iter());
    assert!(checked > 4000);
}

/// Checks that a one-letter typo of each card's name finds the card or
/// suggests it; returns how many names were checked.
fn assert_typos_find_their_card<'a>(db: &CardDb, cards: impl Iterator<Item = &'a Card>) -> usize {
    let mut failures = Vec::new();
    let mut checked = 0;
    for card in cards {
        let Some(typo) = one_letter_typo(&card.name) else {
            continue;
        };
        checked += 1;
        match lookup(db, &typo) {
            Lookup::Found { cards, .. } if cards.contains(&card.id) => {}
            Lookup::NotFound { suggestions }
                if suggestions
                    .iter()
                    .any(|s| s == &db.printing_name(card) || s == &card.name) => {}
            other => failures.push(format!("{typo:?} for {}: {other:?}", card.name)),
        }
    }
    assert!(
        failures.is_empty(),
        "{} typos missed: {:#?}",
        failures.len(),
        failures
    );
    checked
}

#[test]
fn name_with_several_printings_shows_each() {
    let output = common::vtesdeck()
        .args(["card", "Theo Bell"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8_lossy(&output);
    for printing in [
        "Theo Bell (G2)  [",
        "Theo Bell (G2 ADV)  [",
        "Theo Bell (G6)  [",
    ] {
        assert!(text.contains(printing), "{printing} missing:\n{text}");
    }
    assert!(text.contains("Legal from:"), "{text}");
    assert!(text.contains("Disciplines: aus dom CEL POT PRE"), "{text}");
}

#[test]
fn printing_suffix_picks_one_printing() {
    common::vtesdeck()
        .args(["card", "Theo Bell (G6)"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Theo Bell (G6)"))
        .stdout(predicate::str::contains("(G2)").not());
}

#[test]
fn card_shows_cost_requirement_sets_and_banned_year() {
    let db = real_db();
    let banned = db
        .cards()
        .iter()
        .find(|c| c.banned.is_some() && !c.is_crypt())
        .expect("a banned library card");
    let year = banned.banned.map(|y| y.to_string()).unwrap_or_default();
    common::vtesdeck()
        .args(["card", &banned.name])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!("Banned:      {year}")));
    common::vtesdeck()
        .args(["card", "deep song"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Requires:    Animalism"))
        .stdout(predicate::str::contains("V5:PN6 (2020-11-30)"))
        .stdout(predicate::str::contains("Legal from:  2008-12-19"));
}

#[test]
fn json_prints_one_card_object_per_line() {
    let output = common::vtesdeck()
        .args(["card", "--json", "Theo Bell", "The Rack"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&output)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 4);
    assert!(lines.iter().all(|v| v["type"] == "card"));
    assert_eq!(lines[3]["name"], "Rack, The");
    assert_eq!(lines[2]["printing_name"], "Theo Bell (G6)");
    assert_eq!(lines[2]["group"], 6);
    assert_eq!(lines[2]["capacity"], 8);
}

#[test]
fn typo_is_read_as_the_card_with_a_note() {
    common::vtesdeck()
        .args(["card", "Deap Song"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Deep Song  [100515]"))
        .stderr(predicate::str::contains(
            "no exact match, showing Deep Song",
        ));
}

#[test]
fn unknown_name_exits_1_with_suggestions() {
    common::vtesdeck()
        .args(["card", "Deep Song", "Dep Sng"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("Deep Song  [100515]"))
        .stderr(predicate::str::contains(
            "no card named \"Dep Sng\"; did you mean \"Deep Song\"",
        ));
    common::vtesdeck()
        .args(["card", "--json", "Dep Sng"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("\"type\":\"not_found\""))
        .stdout(predicate::str::contains("\"suggestions\":[\"Deep Song\""));
}

#[test]
fn search_combines_filters() {
    let output = common::vtesdeck()
        .args([
            "card", "--search", "--type", "vampire", "--clan", "brujah", "--group", "6",
        ])
        .args(["--discipline", "POT", "--discipline", "aus"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8_lossy(&output);
    assert!(text.contains("Theo Bell (G6)"), "{text}");
    for line in text.lines() {
        assert!(line.contains("Vampire  Brujah  G6"), "{line}");
        assert!(
            line.contains("POT") && line.to_lowercase().contains("aus"),
            "{line}"
        );
    }
}

#[test]
fn search_by_text_and_set_as_json() {
    let output = common::vtesdeck()
        .args([
            "card", "--json", "--type", "action", "--text", "+1 bleed", "--set", "V5",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let cards: Vec<serde_json::Value> = String::from_utf8_lossy(&output)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert!(cards.iter().any(|c| c["name"] == "Deep Song"));
    for card in &cards {
        assert!(card["text"]
            .as_str()
            .unwrap_or("")
            .to_lowercase()
            .contains("+1 bleed"));
        assert!(card["printings"]
            .as_array()
            .is_some_and(|p| p.iter().any(|p| p["set"] == "V5")));
    }
}

#[test]
fn search_without_match_exits_1_and_bad_filter_exits_2() {
    common::vtesdeck()
        .args(["card", "--clan", "brujah", "--text", "no card says this"])
        .assert()
        .code(1)
        .stdout(predicate::str::is_empty());
    common::vtesdeck()
        .args(["card", "--clan", "Brujha"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown clan \"Brujha\"; did you mean \"Brujah\"?",
        ));
    common::vtesdeck()
        .args(["card", "Deep Song", "--type", "action"])
        .assert()
        .code(2);
}

/// A part of a name, or its first letters, finds the one card it is part of,
/// saying so (before: unrelated close spellings were suggested); several
/// names holding it are the suggestions.
#[test]
fn a_part_of_a_name_finds_the_card_it_is_part_of() {
    for (written, found) in [
        ("Sewer Lid", "Thrown Sewer Lid"),
        ("Carmelita", "Carmelita Neillson"),
    ] {
        let output = common::vtesdeck()
            .args(["card", written])
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(0), "{written}: {output:?}");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(stdout.starts_with(found), "{written}: {stdout}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(&format!(
                "{written:?}: no card of that name, showing {found} (the one card name that holds it)"
            )),
            "{written}: {stderr}"
        );
    }
    let output = common::vtesdeck()
        .args(["card", "Sewer"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("\"Thrown Sewer Lid\""), "{stderr}");
}

/// Words need no quotes: `card Deep Song Theo Bell` looks up two cards, as
/// `card "Deep Song" "Theo Bell"` does.
#[test]
fn card_joins_its_words_into_names() {
    let unquoted = common::vtesdeck()
        .args(["card", "Deep", "Song", "Theo", "Bell"])
        .output()
        .expect("runs");
    let quoted = common::vtesdeck()
        .args(["card", "Deep Song", "Theo Bell"])
        .output()
        .expect("runs");
    assert_eq!(unquoted.status.code(), Some(0), "{unquoted:?}");
    assert_eq!(unquoted.stdout, quoted.stdout);
    let text = String::from_utf8_lossy(&unquoted.stdout);
    assert!(text.starts_with("Deep Song  [100515]"), "{text}");
    assert!(text.contains("Theo Bell"), "{text}");
}
