//! A sideboard in a text (issue 41): the card lines under a heading that says
//! a list kept apart follows (`Sideboard:`, `Side deck (8)`, `Maybe:`,
//! `Changes:`) are read apart in every text layout and the text of HTML
//! pages, never added to the deck, and said (`sideboard-apart`, an info;
//! `sideboard_apart` in `parse --json`). What each deck gives is checked
//! against the same deck written without its sideboard.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{deck_cards, json_records, samples_dir, vtesdeck};

/// A 12-card crypt and a 60-card library, legal, in the plain layout.
const PLAIN_DECK: &str =
    "Wolves at Night\n\nCrypt:\n12x Nathan Turner\n\nLibrary:\n60x Deep Song\n";

/// The same deck with TWD headings that declare its totals.
const TWD_DECK: &str = "Deck Name: Wolves at Night\n\nCrypt (12 cards, min=16, max=16, avg=4)\n\
                        ---------------------------------------\n\
                        12x Nathan Turner  4  PRO ani  Gangrel:6\n\n\
                        Library (60 cards)\nAction (60)\n60x Deep Song\n";

/// A sideboard of four cards, a card type's heading and a name that is no
/// card in it.
const SIDEBOARD: &str = "\nSideboard:\nReaction (4)\n4x Deflection\n2x Not A Real Card At All\n";

/// Writes a file into a folder.
fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("written");
    path
}

/// The one record of `vtesdeck ARGS... PATH` of a type (`deck`), and the exit status.
fn record(args: &[&str], path: &Path) -> (Option<i32>, Value) {
    let output = vtesdeck().args(args).arg(path).output().expect("runs");
    let records = json_records(&output.stdout);
    let decks: Vec<Value> = records
        .into_iter()
        .filter(|record| record["type"] == "deck")
        .collect();
    assert_eq!(decks.len(), 1, "{args:?} {}: {decks:?}", path.display());
    (output.status.code(), decks[0].clone())
}

/// The problems of a `check --json` record with a rule.
fn with_rule<'a>(checked: &'a Value, rule: &str) -> Vec<&'a Value> {
    checked["problems"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|problem| problem["rule"] == rule)
        .collect()
}

/// A 12+60 deck with a 4-card sideboard (and an unknown name in it), in a
/// plain list and under TWD headings that declare 60 library cards: legal,
/// its library 60, its cards those of the deck without the sideboard, no
/// unknown card and no declared count that disagrees; the sideboard said at
/// its heading's line in `check` (JSON and text) and `parse --json`.
#[test]
fn a_sideboard_in_a_plain_list_and_a_twd_deck_is_kept_apart() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, deck, format, heading) in [
        ("plain.txt", PLAIN_DECK, "plain", 9),
        ("twd.txt", TWD_DECK, "twd", 11),
    ] {
        let alone = write(dir.path(), &format!("alone-{name}"), deck);
        let path = write(dir.path(), name, &format!("{deck}{SIDEBOARD}"));
        let (code, checked) = record(&["check", "--json", "--warnings"], &path);
        assert_eq!(code, Some(0), "{name}: {checked}");
        assert_eq!(checked["legal"], true, "{name}: {checked}");
        assert_eq!(
            (&checked["crypt"], &checked["library"]),
            (&12.into(), &60.into())
        );
        for rule in ["unknown-card", "declared-count"] {
            assert!(with_rule(&checked, rule).is_empty(), "{name}: {checked}");
        }
        let said = with_rule(&checked, "sideboard-apart");
        // The sideboard's card lines: two lines under its heading, after the type's.
        let note = format!(
            "`Sideboard:` (line {heading}) and the 2 card lines under it (6 cards, lines {}–{}): \
             kept apart, never added to the deck",
            heading + 2,
            heading + 3
        );
        assert_eq!(said.len(), 1, "{name}: {checked}");
        assert_eq!(said[0]["severity"], "info");
        assert_eq!(said[0]["line"], heading);
        assert_eq!(said[0]["message"], note.as_str());

        let (_, parsed) = record(&["parse", "--json"], &path);
        let (_, parsed_alone) = record(&["parse", "--json"], &alone);
        assert_eq!(parsed["format"], format, "{name}");
        assert_eq!(deck_cards(&parsed), deck_cards(&parsed_alone), "{name}");
        assert_eq!(parsed["unresolved"], serde_json::json!([]), "{name}");
        assert_eq!(parsed["sideboard_apart"], note.as_str(), "{name}");

        // The text of `check --verbose` and `parse` says it too.
        let out = vtesdeck()
            .args(["check", "--verbose"])
            .arg(&path)
            .output()
            .expect("runs");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("sideboard-apart"), "{name}: {text}");
        let out = vtesdeck().arg("parse").arg(&path).output().expect("runs");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains(&format!("# {note}")), "{name}: {text}");
    }
}

/// A deck page with a sideboard: its cards those of the page without the
/// sideboard, legal, the sideboard said at its heading's source line.
#[test]
fn a_sideboard_on_an_html_page_is_kept_apart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let page = |sideboard: &str| {
        format!(
            "<html><head><title>Wolves</title></head><body>\n\
             <nav><a href=\"/\">Home</a> <a href=\"/decks\">Deck Search</a></nav>\n\
             <article>\n<h1>Wolves at Night</h1>\n\
             <p>I played this deck at a small event last week and it did well enough.</p>\n\
             <h2>Crypt (12 cards)</h2>\n<ul><li>12x Nathan Turner</li></ul>\n\
             <h2>Library (60 cards)</h2>\n<ul><li>60x Deep Song</li></ul>\n{sideboard}\
             </article>\n<footer>Copyright me, all rights reserved.</footer>\n</body></html>\n"
        )
    };
    let alone = write(dir.path(), "alone.html", &page(""));
    let path = write(
        dir.path(),
        "page.html",
        &page(
            "<h2>Side deck (6)</h2>\n<ul>\n<li>4x Deflection</li>\n\
             <li>2x Not A Real Card At All</li>\n</ul>\n",
        ),
    );
    let (code, checked) = record(&["check", "--json"], &path);
    assert_eq!(code, Some(0), "{checked}");
    assert_eq!(checked["legal"], true, "{checked}");
    assert_eq!(checked["library"], 60);
    assert!(with_rule(&checked, "unknown-card").is_empty(), "{checked}");
    let said = with_rule(&checked, "sideboard-apart");
    assert_eq!(said.len(), 1, "{checked}");
    // The heading is on the page's line 10, the cards on lines 12 and 13.
    assert_eq!(said[0]["line"], 10);
    assert_eq!(
        said[0]["message"],
        "`Side deck (6)` (line 10) and the 2 card lines under it (6 cards, lines 12–13): \
         kept apart, never added to the deck"
    );
    let (_, parsed) = record(&["parse", "--json"], &path);
    let (_, parsed_alone) = record(&["parse", "--json"], &alone);
    assert_eq!(deck_cards(&parsed), deck_cards(&parsed_alone));
}

/// Every sample export written as text (TWD, ARDB, Lackey, JOL, Secret
/// Library, the forum's, ...), a sideboard written after it: the same cards
/// and the same layout as the sample alone, and the sideboard said.
#[test]
fn a_sideboard_after_every_text_sample_is_kept_apart_in_its_layout() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut samples: Vec<PathBuf> = std::fs::read_dir(samples_dir())
        .expect("samples")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| {
            let name = path
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned());
            !name.starts_with("README")
                && ![".json", ".xml", ".csv", ".html"]
                    .iter()
                    .any(|extension| name.ends_with(extension))
        })
        .collect();
    samples.sort();
    assert!(samples.len() >= 15, "{samples:?}");
    for sample in samples {
        let name = sample.file_name().expect("a name").to_string_lossy();
        let text = std::fs::read_to_string(&sample).expect("read");
        let path = write(
            dir.path(),
            &name,
            &format!("{}\n\nSideboard:\n4x Deflection\n", text.trim_end()),
        );
        let (_, parsed) = record(&["parse", "--json"], &path);
        let (_, alone) = record(&["parse", "--json"], &sample);
        assert_eq!(parsed["format"], alone["format"], "{name}");
        assert_eq!(deck_cards(&parsed), deck_cards(&alone), "{name}");
        assert_eq!(parsed["unresolved"], alone["unresolved"], "{name}");
        let note = parsed["sideboard_apart"].as_str().unwrap_or_default();
        assert!(
            note.starts_with("`Sideboard:` (line ")
                && note.contains("the 1 card line under it (4 cards, line "),
            "{name}: {parsed}"
        );
    }
}

/// A maybe list and a list of changes are kept apart as a sideboard is; a
/// card whose name holds such a word (`Change of Target`) and a list of
/// changes in prose are read as before.
#[test]
fn maybe_lists_and_changes_are_kept_apart_and_cards_named_so_are_not() {
    let dir = tempfile::tempdir().expect("temp dir");
    let alone = write(dir.path(), "alone.txt", PLAIN_DECK);
    let path = write(
        dir.path(),
        "maybe.txt",
        &format!(
            "{PLAIN_DECK}\nMaybe:\n2x Deflection\n\n[b]Changes[/b]\n-2 Deep Song\n+2 Forced Awakening\n\n\
             Changes I would make: none, it is fine as it is.\n"
        ),
    );
    let (_, parsed) = record(&["parse", "--json"], &path);
    let (_, parsed_alone) = record(&["parse", "--json"], &alone);
    assert_eq!(deck_cards(&parsed), deck_cards(&parsed_alone));
    let note = parsed["sideboard_apart"].as_str().unwrap_or_default();
    assert!(note.contains("`Maybe:` (line 9)"), "{note}");
    assert!(note.contains("`[b]Changes[/b]` (line 12)"), "{note}");
    // Change of Target is a card of the deck, not a heading.
    let with_card = write(
        dir.path(),
        "card.txt",
        &format!("{PLAIN_DECK}2x Change of Target\n"),
    );
    let (_, parsed) = record(&["parse", "--json"], &with_card);
    assert!(parsed.get("sideboard_apart").is_none(), "{parsed}");
    let library: u64 = parsed["library"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|card| card["count"].as_u64())
        .sum();
    assert_eq!(library, 62);
}
