//! Decks as the other VTES tools store them (KRCG, JOL, VDB, VTES Decks JSON;
//! KRCG archives and JSON Lines of several decks), end to end on the real
//! card database: the same verdict and figures as from the TWDA text, every
//! record a deck, unknown shapes and ids reported.

use crate::common;

use std::path::Path;

use serde_json::Value;

/// The JSON lines a command prints, parsed.
fn json_lines(args: &[&str], paths: &[&Path]) -> Vec<Value> {
    let output = common::vtesdeck()
        .args(args)
        .args(paths)
        .output()
        .expect("vtesdeck runs");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

/// A record without what tells two readings of one deck apart: the path,
/// the format, line numbers, and the order of the lists that follow the
/// order of the cards in the file (a check's problems, the playability
/// table; a `cards` map is read in id order).
fn without_place(mut value: Value) -> Value {
    if let Some(problems) = value.get_mut("problems").and_then(Value::as_array_mut) {
        problems.sort_by_key(|p| (p["rule"].to_string(), p["card_id"].to_string()));
    }
    if let Some(cards) = value
        .pointer_mut("/playability/cards")
        .and_then(Value::as_array_mut)
    {
        cards.sort_by_key(|c| c["id"].as_u64());
    }
    match &mut value {
        Value::Object(object) => {
            for key in ["path", "line", "format"] {
                object.remove(key);
            }
            for (_, inner) in object.iter_mut() {
                *inner = without_place(inner.take());
            }
        }
        Value::Array(items) => {
            for item in items.iter_mut() {
                *item = without_place(item.take());
            }
        }
        _ => {}
    }
    value
}

#[test]
fn check_and_stats_give_the_same_verdict_and_figures_on_json_as_on_text() {
    let text = common::twda_dir().join("10043.txt");
    let samples = common::samples_dir();
    for sample in [
        "daylily.krcg.json",
        "daylily.krcg-minimal.json",
        "daylily.krcg-v5.json",
        "daylily.jol-deck.json",
    ] {
        let json = samples.join(sample);
        for command in [
            &["check", "--json", "--date", "2024-01-01"][..],
            &["stats", "--json"][..],
        ] {
            // The deck records (`check --json` closes with a summary record).
            let decks_of = |records: Vec<Value>| -> Vec<Value> {
                records
                    .into_iter()
                    .filter(|record| record["type"] != "summary")
                    .collect()
            };
            let from_text = decks_of(json_lines(command, &[&text]));
            let from_json = decks_of(json_lines(command, &[&json]));
            assert_eq!(from_text.len(), 1);
            let mut expected = without_place(from_text[0].clone());
            let mut got = without_place(from_json[0].clone());
            // The minimal map and JOL's deck carry no deck name.
            if got.get("name") == Some(&Value::Null) {
                expected["name"] = Value::Null;
            }
            if let Some(object) = got.as_object_mut() {
                object.remove("author");
            }
            if let Some(object) = expected.as_object_mut() {
                object.remove("author");
            }
            assert_eq!(got, expected, "{sample}: {command:?}");
        }
    }
}

#[test]
fn an_archive_and_json_lines_are_many_decks_as_a_folder_is() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let decks = 3;
    for id in ["10043", "10008", "10009"] {
        let name = format!("{id}.txt");
        std::fs::copy(common::twda_dir().join(&name), folder.path().join(&name)).expect("copy");
    }
    let out = tempfile::tempdir().expect("output folder");
    let archive = out.path().join("archive.json");
    common::vtesdeck()
        .args(["convert", "--to", "krcg", "-o"])
        .arg(&archive)
        .arg(folder.path())
        .assert()
        .success();
    let value: Value =
        serde_json::from_str(&std::fs::read_to_string(&archive).expect("archive")).expect("JSON");
    assert_eq!(value.as_array().map(Vec::len), Some(decks));

    let jsonl = out.path().join("decks.jsonl");
    let parsed = common::vtesdeck()
        .args(["parse", "--json"])
        .arg(folder.path())
        .output()
        .expect("parse");
    std::fs::write(&jsonl, &parsed.stdout).expect("write JSON Lines");

    let check = ["check", "--json", "--date", "2024-01-01"];
    let stats = ["stats", "--json", "--summary"];
    for command in [&check[..], &stats[..], &["parse", "--json"][..]] {
        let expected: Vec<Value> = json_lines(command, &[folder.path()])
            .into_iter()
            .map(without_place)
            .collect();
        for many in [&archive, &jsonl] {
            let records = json_lines(command, &[many]);
            let paths: Vec<String> = records
                .iter()
                .filter_map(|r| r["path"].as_str().map(str::to_string))
                .collect();
            let labels: Vec<String> = (1..=decks)
                .map(|n| format!("{}#{n}", many.display()))
                .collect();
            assert_eq!(paths, labels, "{command:?} {}", many.display());
            let mut got: Vec<Value> = records.into_iter().map(without_place).collect();
            if command[0] == "parse" {
                for record in &mut got {
                    // The id is what the archive adds (the TWDA file's name).
                    if let Some(object) = record.as_object_mut() {
                        object.remove("id");
                    }
                }
            }
            assert_eq!(got, expected, "{command:?} {}", many.display());
        }
    }
    // Several decks are written only as one KRCG archive.
    common::vtesdeck()
        .args(["convert", "--to", "twd"])
        .arg(&archive)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "several decks are written only as one KRCG archive",
        ));
    // Commands that need one deck say the file holds several.
    common::vtesdeck()
        .args(["draw", "--seed", "1"])
        .arg(&archive)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "decks in this file where one deck is needed",
        ));
}

#[test]
fn json_of_no_known_shape_and_an_empty_archive_are_errors_naming_the_file() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let unknown = dir.path().join("other.json");
    std::fs::write(&unknown, "{\"title\": \"x\", \"list\": []}\n").expect("write");
    common::vtesdeck()
        .args(["parse"])
        .arg(&unknown)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(format!(
            "{}:1: a JSON document of no known deck shape (keys found: list, title)",
            unknown.display()
        )));
    let empty = dir.path().join("empty.json");
    std::fs::write(&empty, "[]\n").expect("write");
    common::vtesdeck()
        .args(["check"])
        .arg(&empty)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "an empty JSON array: no deck in this file",
        ));
    let mixed = dir.path().join("mixed.jsonl");
    std::fs::write(
        &mixed,
        "{\"cards\": {\"100006\": 2}}\n{\"cards\": {\"100006\": 1}}\n[1]\n",
    )
    .expect("write");
    common::vtesdeck()
        .args(["parse"])
        .arg(&mixed)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            ":3: a JSON value that is not an object",
        ));
}

#[test]
fn unknown_ids_are_unresolved_and_names_that_disagree_are_reported() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("deck.json");
    std::fs::write(
        &path,
        r#"{"name": "Ids", "crypt": {"count": 1, "cards": [{"id": 200673, "count": 1, "name": "Janey Pickman"}]},
  "library": {"count": 3, "cards": [{"type": "Master", "count": 3, "cards": [
    {"id": 100006, "count": 2, "name": "Deep Song"},
    {"id": 199999, "count": 1, "name": "Made Up Card"}]}]}}"#,
    )
    .expect("write");
    let records = json_lines(&["parse", "--json"], &[&path]);
    let deck = &records[0];
    assert_eq!(deck["format"], "krcg");
    // The id wins: 100006 is Abbot, whatever the name says.
    assert_eq!(deck["library"][0]["id"], 100_006);
    assert_eq!(deck["library"][0]["name"], "Abbot");
    assert_eq!(deck["name_mismatches"][0]["id"], 100_006);
    assert_eq!(deck["name_mismatches"][0]["card"], "Abbot");
    assert_eq!(
        deck["name_mismatches"][0]["typed"],
        "2x Deep Song (#100006)"
    );
    let reason = deck["unresolved"][0]["reason"].as_str().unwrap_or_default();
    assert!(
        reason.contains("unknown card id 199999") && reason.contains("Made Up Card"),
        "{reason}"
    );
    common::vtesdeck()
        .arg("parse")
        .arg(&path)
        .assert()
        .code(1)
        .stdout(predicates::str::contains(
            "2x Deep Song (#100006)  (id 100006 is Abbot)",
        ));
}
