//! The reader of shapes (issue 28): documents of layouts no reader was
//! written for, read by the shape of their records. Every made-up export of
//! `tests/fixtures/shapes/` holds the Daylily deck of the samples, and is
//! read to the cards KRCG's JSON of that deck gives; each layout reader's
//! sample is read by the shape reader alone to the same cards (leave one
//! out); a document with no card entry, and hostile ones, are clear errors.

use crate::common;

use std::path::{Path, PathBuf};

use predicates::prelude::*;
use predicates::str::contains;
use serde_json::Value;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/shapes")
        .join(name)
}

/// The deck `parse --json` reads from a file (with a format forced or not).
fn parsed(path: &Path, format: Option<&str>) -> Value {
    let mut cmd = common::vtesdeck();
    cmd.args(["parse", "--json"]);
    if let Some(format) = format {
        cmd.args(["--input-format", format]);
    }
    let output = cmd.arg(path).output().expect("runs");
    let records = common::json_records(&output.stdout);
    assert_eq!(records.len(), 1, "{}: {records:?}", path.display());
    records.into_iter().next().unwrap_or_default()
}

/// The Daylily deck's cards, as its KRCG JSON sample gives them.
fn daylily() -> Vec<(u64, u64)> {
    let deck = parsed(
        &common::samples_dir().join("daylily.krcg.json"),
        Some("krcg"),
    );
    let cards = common::deck_cards(&deck);
    assert_eq!(cards.iter().map(|(_, n)| n).sum::<u64>(), 102);
    cards
}

/// Each made-up export: its file, the path its cards are found at, the
/// deck's name and author it gives.
const EXPORTS: [(&str, &str, Option<&str>); 13] = [
    (
        "flat-quantity-name.json",
        "cards[].{quantity,name}",
        Some("Alex Romano"),
    ),
    (
        "ids-by-part.json",
        "deck.crypt[].{qty,cardId}; deck.library[].{qty,cardId}",
        Some("Alex Romano"),
    ),
    (
        "typed-library.json",
        "library.*[].{copies,card.id,card.name}; vampires[].{copies,card.id,card.name}",
        Some("Alex Romano"),
    ),
    ("names-only-copies.json", "crypt[]; library[]", None),
    ("cards.jsonl", "[].{amount,card_name}", None),
    ("array-of-cards.json", "[].{n,Name}", None),
    (
        "name-count-maps.json",
        "decklist.crypt{name: count}; decklist.library{name: count}",
        Some("Alex Romano"),
    ),
    ("guid-and-name.json", "entries[].{number,veknId,name}", None),
    (
        "named-sections.json",
        "deck.sections[].entries[].{count,title}",
        Some("Alex Romano"),
    ),
    (
        "section-qty.xml",
        "deck/section[@name]/card[@qty,text()]",
        None,
    ),
    (
        "count-elements.xml",
        "decklist/vampires/entry[quantity,name]; decklist/library/entry[quantity,name]",
        Some("Alex Romano"),
    ),
    (
        "ids-attributes.xml",
        "Deck/Cards/Card[@Count,@Id]",
        Some("Alex Romano"),
    ),
    (
        "typed-elements.xml",
        "list/crypt/vampire[@copies,@id,@name]; list/*/card[@copies,@id,@name]",
        None,
    ),
];

/// A `read_by_shape` remark without the share said after each path (`cards[].{...} (41 of 41
/// entries name a VEKN card)`), and the shares.
fn paths_and_shares(remark: &str) -> (String, Vec<(u64, u64)>) {
    let mut shares = Vec::new();
    let paths: Vec<&str> = remark
        .split("; ")
        .map(|part| match part.split_once(" (") {
            Some((path, share)) if share.ends_with(" entries name a VEKN card)") => {
                let numbers: Vec<u64> = share
                    .split(' ')
                    .filter_map(|word| word.parse().ok())
                    .collect();
                if let [of, all] = numbers[..] {
                    shares.push((of, all));
                }
                path
            }
            _ => part,
        })
        .collect();
    (paths.join("; "), shares)
}

#[test]
fn made_up_exports_are_read_to_the_exact_cards_with_the_path_used() {
    let expected = daylily();
    for (file, path, author) in EXPORTS {
        let deck = parsed(&fixture(file), None);
        assert_eq!(deck["format"], "shape", "{file}");
        let (paths, shares) = paths_and_shares(deck["read_by_shape"].as_str().unwrap_or(""));
        assert_eq!(paths, *path, "{file}");
        // Every entry of every list names a card: `41 of 41`.
        assert!(
            shares.iter().all(|(of, all)| of == all),
            "{file}: {shares:?}"
        );
        assert!(!shares.is_empty(), "{file}");
        assert_eq!(common::deck_cards(&deck), expected, "{file}");
        assert_eq!(deck["unresolved"], Value::Array(Vec::new()), "{file}");
        let names = ["array-of-cards.json", "cards.jsonl"];
        if !names.contains(&file) {
            assert_eq!(deck["name"], "Daylily", "{file}");
        }
        assert_eq!(deck["author"].as_str(), author, "{file}");
    }
}

#[test]
fn parse_and_check_say_the_deck_was_read_by_shape() {
    let file = fixture("section-qty.xml");
    common::vtesdeck()
        .arg("parse")
        .arg(&file)
        .assert()
        .code(0)
        .stdout(contains(
            "section-qty.xml (read as shape)\n\
             # read by shape: cards at `deck/section[@name]/card[@qty,text()] (41 of 41 entries \
             name a VEKN card)`\n",
        ));
    let read_by_shape = "read by shape (no layout reader knows this document): cards found at \
                         `deck/section[@name]/card[@qty,text()] (41 of 41 entries name a VEKN \
                         card)`";
    let checked = common::vtesdeck()
        .args(["check", "--json", "--date", "2024-01-01"])
        .arg(&file)
        .assert()
        .code(0);
    let report = common::json_records(&checked.get_output().stdout);
    let problems: Vec<(&str, &str, &str)> = report[0]["problems"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .map(|p| {
            (
                p["rule"].as_str().unwrap_or(""),
                p["severity"].as_str().unwrap_or(""),
                p["message"].as_str().unwrap_or(""),
            )
        })
        .filter(|(rule, _, _)| *rule == "read-by-shape")
        .collect();
    assert_eq!(problems, [("read-by-shape", "info", read_by_shape)]);
    common::vtesdeck()
        .args(["check", "--strict", "--date", "2024-01-01"])
        .arg(&file)
        .assert()
        .code(1)
        .stdout(contains("read-by-shape"));
}

/// A VTES Decks API answer of the Daylily deck, made from its KRCG JSON
/// sample (the samples hold no VTES Decks JSON).
fn vtesdecks_sample(dir: &Path) -> PathBuf {
    let text =
        std::fs::read_to_string(common::samples_dir().join("daylily.krcg.json")).expect("sample");
    let krcg: Value = serde_json::from_str(&text).expect("JSON");
    let entry = |card: &Value| serde_json::json!({"id": card["id"], "number": card["count"]});
    let crypt: Vec<Value> = krcg["crypt"]["cards"]
        .as_array()
        .map(|cards| cards.iter().map(entry).collect())
        .unwrap_or_default();
    let library: Vec<Value> = krcg["library"]["cards"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .flat_map(|group| group["cards"].as_array().cloned().unwrap_or_default())
        .map(|card| entry(&card))
        .collect();
    let deck = serde_json::json!({
        "name": "Daylily", "author": "Alex Romano", "description": "made from the KRCG sample",
        "crypt": crypt, "library": library,
    });
    let path = dir.join("daylily.vtesdecks.json");
    std::fs::write(&path, deck.to_string()).expect("write");
    path
}

/// Leave one out: each JSON or XML layout reader's sample, read with that
/// reader switched off (the shape reader alone, `--input-format shape`),
/// gives the same cards, name and author as its own reader.
#[test]
fn each_layout_readers_sample_is_read_by_the_shape_reader_alone() {
    let dir = tempfile::tempdir().expect("temp dir");
    let samples = common::samples_dir();
    let cases = [
        (samples.join("daylily.krcg.json"), "krcg"),
        (samples.join("daylily.krcg-minimal.json"), "krcg-minimal"),
        (samples.join("daylily.krcg-v5.json"), "krcg-v5"),
        (samples.join("daylily.jol-deck.json"), "jol-deck"),
        (vtesdecks_sample(dir.path()), "vtesdecks"),
        (samples.join("daylily.ardb.xml"), "ardb-xml"),
        (samples.join("daylily.sutekh.xml"), "sutekh-xml"),
    ];
    let expected = daylily();
    for (path, format) in cases {
        let own = parsed(&path, Some(format));
        let by_shape = parsed(&path, Some("shape"));
        assert_eq!(common::deck_cards(&own), expected, "{format}");
        assert_eq!(common::deck_cards(&by_shape), expected, "{format} by shape");
        assert_eq!(by_shape["unresolved"], Value::Array(Vec::new()), "{format}");
        for key in ["name", "author"] {
            assert_eq!(by_shape[key], own[key], "{format}: {key}");
        }
        assert!(by_shape["read_by_shape"].is_string(), "{format}");
    }
}

#[test]
fn a_document_with_no_card_entry_is_an_error_naming_what_it_holds() {
    let dir = tempfile::tempdir().expect("temp dir");
    let json = dir.path().join("settings.json");
    std::fs::write(&json, r#"{"theme": "dark", "recent": [{"file": "a.txt"}]}"#).expect("write");
    let xml = dir.path().join("feed.xml");
    std::fs::write(
        &xml,
        "<rss><channel><title>News</title><item><title>Hello</title></item></channel></rss>\n",
    )
    .expect("write");
    for command in ["parse", "check", "stats"] {
        common::vtesdeck()
            .arg(command)
            .arg(&json)
            .assert()
            .code(2)
            .stderr(contains(
                "a JSON document of no known deck shape (keys found: recent, theme): no card entry \
                 found in it",
            ))
            .stdout(contains("crypt has 0").not());
        common::vtesdeck()
            .arg(command)
            .arg(&xml)
            .assert()
            .code(2)
            .stderr(contains(
                "an XML document of no known deck shape (root element <rss>, its children: \
                 channel): no card entry found in it",
            ))
            .stdout(contains("crypt has 0").not());
    }
}

#[test]
fn hostile_shapes_give_clear_errors() {
    let dir = tempfile::tempdir().expect("temp dir");
    let card = |count: &str| {
        format!(
            r#"{{"list": [{{"qty": {count}, "name": "Deep Song"}}, {{"qty": 12, "name": "Janey Pickman"}}]}}"#
        )
    };
    for (count, message) in [
        (
            "99999999999999999999999",
            "card count 1e+23 too large (at most 999)",
        ),
        (
            "4294967296",
            "card count 4294967296 too large (at most 999)",
        ),
        ("-3", "negative card count -3"),
        ("2.5", "fractional card count 2.5"),
        ("\"many\"", "invalid card count `many`"),
    ] {
        let path = dir.path().join("hostile.json");
        std::fs::write(&path, card(count)).expect("write");
        common::vtesdeck()
            .args(["parse"])
            .arg(&path)
            .assert()
            .code(1)
            .stdout(contains(message))
            .stderr(contains("panicked").not());
    }
    // Nested deeper than any decklist: refused, never a stack overflow.
    let depth = 50_000;
    let deep_json = format!("{}{}", "{\"a\": [".repeat(depth), "]}".repeat(depth));
    let deep_xml = format!("{}{}", "<a>".repeat(depth), "</a>".repeat(depth));
    for (name, text, message) in [
        ("deep.json", deep_json, "recursion limit exceeded"),
        ("deep.xml", deep_xml, "nested"),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("write");
        common::vtesdeck()
            .arg("parse")
            .arg(&path)
            .assert()
            .code(2)
            .stderr(contains(message).and(contains("overflow").not()));
    }
}

/// A deck inside a page: a Markdown blog post with front matter, a forum
/// post with a quote and a signature, an HTML deck guide with headings, a
/// table and lists among paragraphs. Each is read to the Daylily deck's
/// exact cards, its prose counted once, no line of it an unknown card.
#[test]
fn a_deck_inside_a_page_is_read_with_its_prose_counted() {
    let expected = daylily();
    for (file, format, prose) in [
        (
            "blog-post.md",
            "plain",
            "9 lines of prose skipped (lines 2–4, 10–12, 25, 85–86)",
        ),
        (
            "forum-post.txt",
            "plain",
            "8 lines of prose skipped (lines 1, 3, 5, 52, 54–57)",
        ),
        (
            "deck-guide.html",
            "ardb-html",
            "4 lines of prose skipped (lines 12–13, 25, 81)",
        ),
    ] {
        let deck = parsed(&fixture(file), None);
        assert_eq!(deck["format"], format, "{file}");
        assert_eq!(common::deck_cards(&deck), expected, "{file}");
        assert_eq!(deck["unresolved"], Value::Array(Vec::new()), "{file}");
        assert_eq!(deck["prose_skipped"], prose, "{file}");
    }
    // `check` notes the prose once, an info; the deck is legal.
    let checked = common::vtesdeck()
        .args(["check", "--json", "--date", "2024-01-01"])
        .arg(fixture("blog-post.md"))
        .assert()
        .code(0);
    let report = common::json_records(&checked.get_output().stdout);
    let notes: Vec<&Value> = report[0]["problems"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .filter(|p| p["rule"] == "prose-skipped")
        .collect();
    assert_eq!(notes.len(), 1, "{report:?}");
    assert_eq!(notes[0]["severity"], "info");
    // A line inside the block that names no card is still flagged.
    let dir = tempfile::tempdir().expect("temp dir");
    let text = std::fs::read_to_string(fixture("forum-post.txt")).expect("fixture");
    let typo = text.replace("Deep Song x10", "Deep Sonnet of the Night x10");
    let path = dir.path().join("typo.txt");
    std::fs::write(&path, typo).expect("write");
    let deck = parsed(&path, None);
    let unresolved: Vec<&str> = deck["unresolved"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .filter_map(|u| u["text"].as_str())
        .collect();
    assert_eq!(unresolved, ["Deep Sonnet of the Night x10"]);
}

/// In a folder, an XML document of no known layout is read by its shape
/// when it holds card entries, and skipped as not a decklist when it holds
/// none (a feed, a settings file), as the other files that are not decklists.
#[test]
fn a_folder_reads_documents_with_card_entries_and_skips_the_others() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::copy(fixture("section-qty.xml"), dir.path().join("deck.xml")).expect("copy");
    std::fs::write(
        dir.path().join("feed.xml"),
        "<rss><channel><title>News</title></channel></rss>\n",
    )
    .expect("write");
    common::vtesdeck()
        .arg("parse")
        .arg(dir.path())
        .assert()
        .code(0)
        .stdout(contains("deck.xml (read as shape)"))
        .stdout(contains("feed.xml").not())
        .stderr(contains("skipped").and(contains("feed.xml: not a decklist extension")));
}

/// A line not read literally is named where it is written, in a document of
/// one deck and in each deck of an array of them, records and bare names alike.
#[test]
fn lines_not_read_literally_are_named_on_their_own_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let one = dir.path().join("names.json");
    std::fs::write(
        &one,
        "{\n  \"crypt\": [\n    \"Nathan Turner\",\n    \"Nathan Turner\"\n  ],\n  \"library\": [\"Deep Song\",\n  \"Deep Snog\", \"Nonexistent Card Zzz\"]\n}\n",
    )
    .expect("written");
    let many = dir.path().join("decks.json");
    std::fs::write(
        &many,
        "[\n {\"deckname\": \"a\",\n  \"cards\": [{\"qty\": 12, \"title\": \"Nathan Turner\"}]},\n {\"deckname\": \"b\",\n  \"cards\": [\n   {\"qty\": 12, \"title\": \"Nathan Turner\"},\n   {\"qty\": 60, \"title\": \"Deep Snog\"}]}\n]\n",
    )
    .expect("written");
    let output = common::vtesdeck()
        .arg("parse")
        .args([&one, &many])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&output.stdout);
    // Line 7 of names.json holds both; line 7 of decks.json the second deck's misspelling.
    for expected in [
        "names.json:7: Deep Snog  -> 1x \"Deep Song\" (misspelling)",
        "names.json:7: Nonexistent Card Zzz  (did you mean",
        "decks.json#2:7: 60x Deep Snog  -> 60x \"Deep Song\" (misspelling)",
    ] {
        assert!(text.contains(expected), "{expected}\n{text}");
    }
}

/// Documents that are no decklist, of each kind a repository holds (an SVG
/// whose `<text x="5.0">2</text>` once read as `5.0x 2`, an RSS feed, a
/// package.json and a renovate.json, a Magic deck in JSON): alone, exit 2
/// with the reason and no verdict; in a folder with a real deck, skipped as
/// no decklist while the deck is judged (issue 39).
#[test]
fn documents_that_are_no_decklist_get_no_verdict() {
    let files: [(&str, &str); 5] = [
        (
            "logo.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">\
             <text x=\"5.0\" y=\"7\">2</text><text x=\"1\" y=\"2\">Hello</text></svg>\n",
        ),
        (
            "feed.rss",
            "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>Blog</title>\n\
             <item><title>Deck of the week</title><guid>200001</guid></item>\n\
             <item><title>Another post</title><guid>123456</guid></item></channel></rss>\n",
        ),
        (
            "package.json",
            "{\"name\": \"my-app\", \"version\": \"1.0.0\", \"dependencies\": {\"react\": \"^18.2.0\"}}\n",
        ),
        (
            "renovate.json",
            "{\"extends\": [\"config:base\"], \"packageRules\": [{\"matchPackagePatterns\": [\"*\"], \"groupName\": \"all\"}]}\n",
        ),
        (
            "magic.json",
            "{\"name\": \"Mono Red\", \"mainboard\": [{\"quantity\": 4, \"name\": \"Lightning Bolt\"},\n\
             {\"quantity\": 20, \"name\": \"Mountain\"}], \"sideboard\": [{\"quantity\": 2, \"name\": \"Smash to Smithereens\"}]}\n",
        ),
    ];
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, text) in files {
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("written");
        common::vtesdeck()
            .arg("check")
            .arg(&path)
            .assert()
            .code(2)
            .stdout(contains(": legal").not().and(contains(": illegal").not()))
            .stderr(contains(name).and(contains("not a decklist")));
    }
    std::fs::copy(
        common::twda_dir().join("10043.txt"),
        dir.path().join("10043.txt"),
    )
    .expect("copied");
    let assert = common::vtesdeck()
        .arg("check")
        .arg(dir.path())
        .assert()
        .code(0);
    let output = assert.get_output();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stdout.contains("10043.txt: legal"), "{stdout}");
    assert!(stdout.contains("1 deck: 1 legal"), "{stdout}");
    for (name, _) in files {
        assert!(!stdout.contains(name), "{name}: {stdout}");
        assert!(
            stderr.contains(&format!("skipped {}", dir.path().join(name).display())),
            "{name}: {stderr}"
        );
    }
}

/// What a document says of its cards is read as it says it: an id under a
/// key of another database (`CatID`, `cardmarket_id`) is not a VEKN id; a
/// sideboard is not added to the deck, and is said; a count of `null` is a
/// problem on its line; a list of card types is no list of cards, said.
#[test]
fn documents_are_read_whole_and_honestly() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("deck.json");
    std::fs::write(
        &path,
        "{\"name\": \"Honest\",\n\
         \"categoriesOrder\": [\"Vampire\", \"Action Modifier\", \"Master\"],\n\
         \"cards\": [\n\
         {\"quantity\": 12, \"name\": \"Nathan Turner\", \"CatID\": 100004},\n\
         {\"quantity\": 60, \"name\": \"Deep Song\", \"cardmarket_id\": 200001},\n\
         {\"quantity\": null, \"name\": \"Earth Meld\"}],\n\
         \"sideboard\": [{\"quantity\": 4, \"name\": \"Anthelios, The Red Star\"}]}\n",
    )
    .expect("written");
    let deck = parsed(&path, None);
    let names: Vec<(String, u64)> = ["crypt", "library"]
        .iter()
        .flat_map(|part| deck[part].as_array().cloned().unwrap_or_default())
        .map(|card| {
            (
                card["name"].as_str().unwrap_or("").to_string(),
                card["count"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(
        names,
        [
            ("Nathan Turner".to_string(), 12),
            ("Deep Song".to_string(), 60)
        ]
    );
    let output = common::vtesdeck()
        .arg("parse")
        .arg(&path)
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    for said in [
        "sideboard not read (1 entry of a sideboard or maybe list: never added to the deck)",
        "categoriesOrder[] not read (a list of card types, not of cards)",
        "deck.json:6: nullx Earth Meld",
        "card count null",
    ] {
        assert!(text.contains(said), "{said}\n{text}");
    }
    assert!(!text.contains("Anthelios"), "{text}");
}

/// Two decks in one document (`{"decks": [...]}`, `{"mine": ...,
/// "opponent": ...}`) are two records, each judged: two illegal halves
/// never make one legal deck.
#[test]
fn two_decks_in_one_document_are_two_records() {
    let half = |name: &str, vampire: &str, card: &str| {
        format!(
            "{{\"name\": \"{name}\", \"crypt\": [{{\"count\": 12, \"name\": \"{vampire}\"}}], \
             \"library\": [{{\"count\": 40, \"name\": \"{card}\"}}]}}"
        )
    };
    let (a, b) = (
        half("A", "Nathan Turner", "Deep Song"),
        half("B", "Janey Pickman", "Earth Meld"),
    );
    let dir = tempfile::tempdir().expect("temp dir");
    for (file, text) in [
        ("decks.json", format!("{{\"decks\": [\n{a},\n{b}\n]}}\n")),
        (
            "game.json",
            format!("{{\"mine\": {a},\n\"opponent\": {b}}}\n"),
        ),
    ] {
        let path = dir.path().join(file);
        std::fs::write(&path, text).expect("written");
        let output = common::vtesdeck()
            .args(["parse", "--json"])
            .arg(&path)
            .output()
            .expect("runs");
        let decks = common::json_records(&output.stdout);
        let read: Vec<(String, Vec<(u64, u64)>)> = decks
            .iter()
            .map(|deck| {
                (
                    deck["name"].as_str().unwrap_or("").to_string(),
                    common::deck_cards(deck),
                )
            })
            .collect();
        assert_eq!(read.len(), 2, "{file}: {read:?}");
        assert_eq!(
            (read[0].0.as_str(), read[1].0.as_str()),
            ("A", "B"),
            "{file}"
        );
        for (_, cards) in &read {
            assert_eq!(cards.iter().map(|(_, n)| n).sum::<u64>(), 52, "{file}");
        }
        common::vtesdeck()
            .arg("check")
            .arg(&path)
            .assert()
            .code(1)
            .stdout(contains("#1: illegal").and(contains("#2: illegal")));
    }
}

/// Two decks in one XML document (`<decks><deck/><deck/></decks>`, two
/// sibling elements each holding a crypt and a library) are two records,
/// as in JSON: two illegal halves never make one legal deck, and a legal
/// pair is two legal decks.
#[test]
fn two_decks_in_one_xml_document_are_two_records() {
    let deck = |tag: &str, name: &str, vampire: &str, card: &str, library: u32| {
        format!(
            "<{tag}>\n<name>{name}</name>\n<crypt><card count=\"12\">{vampire}</card></crypt>\n\
             <library><card count=\"{library}\">{card}</card></library>\n</{tag}>"
        )
    };
    let pair = |tag: [&str; 2], library: u32| {
        (
            deck(tag[0], "A", "Nathan Turner", "Deep Song", library),
            deck(tag[1], "B", "Janey Pickman", "Earth Meld", library),
        )
    };
    let dir = tempfile::tempdir().expect("temp dir");
    for (library, verdict, code) in [(40, "illegal", 1), (60, "legal", 0)] {
        let (a, b) = pair(["deck", "deck"], library);
        let (mine, theirs) = pair(["mine", "opponent"], library);
        for (file, text) in [
            ("decks.xml", format!("<decks>\n{a}\n{b}\n</decks>\n")),
            ("game.xml", format!("<game>\n{mine}\n{theirs}\n</game>\n")),
        ] {
            let path = dir.path().join(file);
            std::fs::write(&path, text).expect("written");
            let output = common::vtesdeck()
                .args(["parse", "--json"])
                .arg(&path)
                .output()
                .expect("runs");
            let decks = common::json_records(&output.stdout);
            let read: Vec<(String, u64)> = decks
                .iter()
                .map(|deck| {
                    let total = common::deck_cards(deck).iter().map(|(_, n)| n).sum();
                    (deck["name"].as_str().unwrap_or("").to_string(), total)
                })
                .collect();
            let total = 12 + u64::from(library);
            assert_eq!(
                read,
                [("A".to_string(), total), ("B".to_string(), total)],
                "{file}"
            );
            common::vtesdeck()
                .arg("check")
                .arg(&path)
                .assert()
                .code(code)
                .stdout(contains(format!("#1: {verdict}")).and(contains(format!("#2: {verdict}"))));
        }
    }
}

/// The remark on a document read by its shape says, for each list taken as
/// cards, how many of its entries name a VEKN card, in text and JSON; a
/// list whose entries mostly name none is not read as cards (said), the
/// others are.
#[test]
fn the_share_of_a_list_that_names_cards_is_said() {
    let text = "{\"name\": \"T\",\n\
                \"crypt\": [{\"count\": 12, \"name\": \"Nathan Turner\"}],\n\
                \"library\": [{\"count\": 60, \"name\": \"Deep Song\"}, \
                {\"count\": 1, \"name\": \"No Such Card\"}],\n\
                \"extras\": {\"cards\": [{\"count\": 1, \"name\": \"Lightning Bolt\"}, \
                {\"count\": 2, \"name\": \"Llanowar Elves\"}, {\"count\": 3, \"name\": \"Deep Song\"}]}}\n";
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("deck.json");
    std::fs::write(&path, text).expect("written");
    let said = [
        "crypt[].{count,name} (1 of 1 entries name a VEKN card)",
        "library[].{count,name} (1 of 2 entries name a VEKN card)",
        "extras.cards[].{count,name} not read (1 of 3 entries name a VEKN card: not a list of \
         cards)",
    ];
    let output = common::vtesdeck()
        .arg("parse")
        .arg(&path)
        .output()
        .expect("runs");
    let shown = String::from_utf8_lossy(&output.stdout);
    for part in said {
        assert!(shown.contains(part), "{part}\n{shown}");
    }
    let output = common::vtesdeck()
        .args(["parse", "--json"])
        .arg(&path)
        .output()
        .expect("runs");
    let decks = common::json_records(&output.stdout);
    assert_eq!(decks.len(), 1);
    let remark = decks[0]["read_by_shape"].as_str().unwrap_or("");
    for part in said {
        assert!(remark.contains(part), "{part}\n{remark}");
    }
    // 12 + 60 cards read: the extras' Deep Song copies are not added.
    assert_eq!(
        common::deck_cards(&decks[0])
            .iter()
            .map(|(_, n)| n)
            .sum::<u64>(),
        72
    );
}
