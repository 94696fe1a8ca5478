//! Two complete decks in one text (issue 39): a forum post or an e-mail that
//! holds two decks, each with its crypt and its library, is two records
//! (`post.txt#1`, `post.txt#2`) as a file of many decks is, each judged on
//! its own and said (`decks-in-text`); two illegal halves never make one
//! legal deck. A deck whose parts come in an unusual order (library first)
//! or that has a sideboard stays one deck. What each record gives is checked
//! against the same deck written alone in a file of its own.

use std::path::Path;

use predicates::prelude::PredicateBooleanExt;
use predicates::str::contains;
use serde_json::Value;

use crate::common::{deck_cards, json_records, vtesdeck};

/// A deck as a post writes it: a title line, a crypt and a library of one
/// card each under headings written as `style` says.
fn deck(title: &str, vampire: &str, card: &str, library: u32, style: usize) -> String {
    match style {
        0 => format!(
            "Deck Name: {title}\n\nCrypt (12 cards)\n12x {vampire}\n\n\
             Library ({library} cards)\nAction ({library})\n{library}x {card}\n"
        ),
        _ => {
            format!("Deck: {title}\n\n[b]CRYPT:[/b]\n12 {vampire}\n\n[b]Library[/b]\n{library} {card}\n")
        }
    }
}

/// A forum post holding two decks, with prose around and between them.
fn post(first: &str, second: &str) -> String {
    format!(
        "Re: Two decks from Saturday\nPost by Bob » Mon Feb 07, 2022 3:15 pm\n\n\
         Here are the two decks our club played last weekend.\n\n{first}\n\
         And the second one, which came second.\n\n{second}\n\
         Comments are welcome!\n-- \nBob\n"
    )
}

/// Runs `vtesdeck ARGS... PATH`: its exit status and JSON records.
fn run_json(args: &[&str], path: &Path) -> (Option<i32>, Vec<Value>) {
    let output = vtesdeck().args(args).arg(path).output().expect("runs");
    (output.status.code(), json_records(&output.stdout))
}

/// The deck records of a `parse --json` or `check --json` output.
fn decks(records: Vec<Value>) -> Vec<Value> {
    records
        .into_iter()
        .filter(|record| record["type"] == "deck")
        .collect()
}

/// A post of two legal decks is two records, both legal, each with its
/// own title, its cards as when it is written alone, its lines into the
/// post, and the remark in the text and JSON of `check` and `parse`; a
/// folder counts both.
#[test]
fn a_post_of_two_legal_decks_is_two_legal_records() {
    let dir = tempfile::tempdir().expect("temp dir");
    let first = deck("Wolves at Night", "Nathan Turner", "Deep Song", 60, 0);
    let second = deck("Janey's Meld", "Janey Pickman", "Earth Meld", 60, 1);
    let text = post(&first, &second);
    let path = dir.path().join("post.txt");
    std::fs::write(&path, &text).expect("written");
    let alone = tempfile::tempdir().expect("temp dir");
    for (file, deck) in [("1.txt", &first), ("2.txt", &second)] {
        std::fs::write(alone.path().join(file), deck).expect("written");
    }

    let (code, parsed) = run_json(&["parse", "--json"], &path);
    assert_eq!(code, Some(0));
    let parsed = decks(parsed);
    let (_, alone_parsed) = run_json(&["parse", "--json"], alone.path());
    let alone_parsed = decks(alone_parsed);
    assert_eq!(parsed.len(), 2, "{parsed:?}");
    let label = path.display().to_string();
    // The second deck's first line: the line after the first deck's last card.
    let split = text
        .lines()
        .position(|line| line == "60x Deep Song")
        .expect("the first deck's last card")
        + 2;
    let last = text.lines().count();
    for (at, (record, alone)) in parsed.iter().zip(&alone_parsed).enumerate() {
        assert_eq!(record["path"], format!("{label}#{}", at + 1));
        assert_eq!(record["name"], alone["name"], "{record}");
        assert_eq!(deck_cards(record), deck_cards(alone), "{record}");
        let own = if at == 0 {
            format!("lines 1–{}; the other at lines {split}–{last}", split - 1)
        } else {
            format!("lines {split}–{last}; the other at lines 1–{}", split - 1)
        };
        let note = record["decks_in_text"].as_str().unwrap_or_default();
        assert!(
            note.starts_with(&format!(
                "deck {} of 2 complete decks in this text ({own})",
                at + 1
            )),
            "{note}"
        );
    }
    assert_eq!(parsed[0]["name"], "Wolves at Night");
    assert_eq!(parsed[1]["name"], "Janey's Meld");

    let (code, checked) = run_json(&["check", "--json"], &path);
    assert_eq!(code, Some(0));
    let checked = decks(checked);
    assert_eq!(checked.len(), 2);
    for record in &checked {
        assert_eq!(record["legal"], true, "{record}");
        let said = record["problems"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|p| p["rule"] == "decks-in-text" && p["severity"] == "info");
        assert!(said, "{record}");
    }
    vtesdeck()
        .args(["check", "--verbose"])
        .arg(&path)
        .assert()
        .code(0)
        .stdout(
            contains("post.txt#1: legal")
                .and(contains("post.txt#2: legal"))
                .and(contains("decks-in-text"))
                .and(contains("2 decks: 2 legal")),
        );
    vtesdeck()
        .arg("parse")
        .arg(&path)
        .assert()
        .code(0)
        .stdout(contains("# deck 2 of 2 complete decks in this text"));

    // A folder of the post and another deck: three decks.
    std::fs::write(dir.path().join("other.txt"), &first).expect("written");
    vtesdeck()
        .arg("check")
        .arg(dir.path())
        .assert()
        .code(0)
        .stdout(contains("3 decks: 3 legal, 0 illegal"));
}

/// Two illegal halves (45 library cards each) that would make one legal
/// deck merged (as a single list of both says) are two illegal records.
#[test]
fn two_illegal_halves_are_two_illegal_records() {
    let dir = tempfile::tempdir().expect("temp dir");
    let first = deck("Half A", "Nathan Turner", "Deep Song", 45, 0);
    let second = deck("Half B", "Nathan Turner", "Earth Meld", 45, 0);
    let path = dir.path().join("post.txt");
    std::fs::write(&path, post(&first, &second)).expect("written");
    let merged = dir.path().join("merged.txt");
    std::fs::write(
        &merged,
        "Crypt (24)\n24x Nathan Turner\n\nLibrary (90)\n45x Deep Song\n45x Earth Meld\n",
    )
    .expect("written");
    vtesdeck()
        .arg("check")
        .arg(&merged)
        .assert()
        .code(0)
        .stdout(contains("legal (crypt 24, library 90"));

    let (code, checked) = run_json(&["check", "--json"], &path);
    assert_eq!(code, Some(1));
    let checked = decks(checked);
    let verdicts: Vec<(Value, Value, Value)> = checked
        .iter()
        .map(|r| (r["legal"].clone(), r["crypt"].clone(), r["library"].clone()))
        .collect();
    assert_eq!(
        verdicts,
        [
            (Value::from(false), Value::from(12), Value::from(45)),
            (Value::from(false), Value::from(12), Value::from(45)),
        ]
    );
    for record in &checked {
        assert!(
            record["problems"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|p| p["rule"] == "library-size" && p["severity"] == "error"),
            "{record}"
        );
    }
}

/// One deck stays one record: its library written before its crypt, or a
/// sideboard under its own crypt and library headings after it.
#[test]
fn a_deck_library_first_or_with_a_sideboard_is_one_record() {
    let dir = tempfile::tempdir().expect("temp dir");
    let library_first = "My deck\n\nLibrary (60)\n60x Deep Song\n\nCrypt (12)\n12x Nathan Turner\n";
    let with_sideboard = format!(
        "{}\nSideboard:\nCrypt:\n6x Janey Pickman\nLibrary:\n30x Earth Meld\n",
        deck("Wolves", "Nathan Turner", "Deep Song", 60, 0)
    );
    for (file, text) in [
        ("library-first.txt", library_first.to_string()),
        ("sideboard.txt", with_sideboard),
    ] {
        let path = dir.path().join(file);
        std::fs::write(&path, text).expect("written");
        let (_, parsed) = run_json(&["parse", "--json"], &path);
        let parsed = decks(parsed);
        assert_eq!(parsed.len(), 1, "{file}: {parsed:?}");
        assert_eq!(parsed[0]["path"], path.display().to_string(), "{file}");
        assert!(parsed[0].get("decks_in_text").is_none(), "{file}");
        // The deck's own cards are in it.
        let named = |part: &str, name: &str| -> u64 {
            parsed[0][part]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|card| card["name"] == name)
                .filter_map(|card| card["count"].as_u64())
                .sum()
        };
        assert_eq!(named("crypt", "Nathan Turner"), 12, "{file}");
        assert_eq!(named("library", "Deep Song"), 60, "{file}");
    }
}
