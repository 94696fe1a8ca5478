//! Against the real peer, KRCG 4.19 (the Python reference, from PyPI): KRCG
//! writes the JSON archive of the whole TWDA and vtesdeck reads every deck of
//! it to the cards it reads from the text files; KRCG's own `Deck.from_json`
//! reads `convert --to krcg` of every TWDA deck back to the same cards.
//!
//! Slow (KRCG reads 4,504 decks), so ignored in quick runs; CI runs them
//! (`--include-ignored`) with `VTESDECK_KRCG_PYTHON`, a Python with
//! krcg==4.19 that `.ci/run` makes. Without it they fail, saying so.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use vtesdeck::cards::CardDb;
use vtesdeck::deck::Deck;
use vtesdeck::formats::Format;
use vtesdeck::formats::LoadDeck;

/// The Python with krcg 4.19 (`$VTESDECK_KRCG_PYTHON`).
fn krcg_python() -> PathBuf {
    let python = std::env::var_os("VTESDECK_KRCG_PYTHON")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            panic!("set VTESDECK_KRCG_PYTHON to a Python with krcg==4.19 (.ci/run makes one)")
        });
    let version = Command::new(&python)
        .args([
            "-c",
            "import importlib.metadata as m; print(m.version('krcg'))",
        ])
        .output()
        .unwrap_or_else(|err| panic!("{}: {err}", python.display()));
    assert_eq!(
        String::from_utf8_lossy(&version.stdout).trim(),
        "4.19",
        "{} has no krcg 4.19",
        python.display()
    );
    python
}

/// Runs `scripts/krcg_json.py` with arguments; its standard output.
fn krcg_json(args: &[&std::ffi::OsStr]) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/krcg_json.py");
    let output = Command::new(krcg_python())
        .arg(script)
        .args(args)
        .arg("--cards")
        .arg(common::cards_dir())
        .output()
        .expect("krcg runs");
    assert!(
        output.status.success(),
        "krcg_json.py failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// `vtesdeck convert --to krcg` of the whole TWDA folder: one archive file in `dir`.
fn archive_of_the_twda(dir: &Path) -> PathBuf {
    let archive = dir.join("archive.json");
    common::vtesdeck()
        .args(["convert", "--to", "krcg", "-o"])
        .arg(&archive)
        .arg(common::twda_dir())
        .assert()
        .success();
    archive
}

/// A deck's cards: VEKN id -> copies, crypt and library together.
fn cards(deck: &Deck) -> BTreeMap<u32, u32> {
    deck.crypt
        .iter()
        .chain(&deck.library)
        .map(|e| (e.id.0, e.count))
        .collect()
}

/// Every TWDA deck read from its text file, by file stem (the TWDA id).
fn twda_by_id(db: &CardDb) -> BTreeMap<String, Deck> {
    let mut decks = BTreeMap::new();
    for entry in std::fs::read_dir(common::twda_dir()).expect("TWDA folder") {
        let path = entry.expect("TWDA entry").path();
        let id = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let deck = Deck::load(&path, None, db).expect("TWDA deck");
        decks.insert(id, deck);
    }
    decks
}

#[test]
#[ignore = "slow: krcg 4.19 reads the whole TWDA (CI runs it)"]
fn vtesdeck_reads_krcgs_twda_archive_to_the_cards_of_the_text_files() {
    let db = CardDb::load(&common::cards_dir()).expect("card database");
    let dir = tempfile::tempdir().expect("temporary folder");
    let archive = dir.path().join("twda.json");
    krcg_json(&[
        "archive".as_ref(),
        "--twda".as_ref(),
        common::twda_dir().as_os_str(),
        "--out".as_ref(),
        archive.as_os_str(),
    ]);
    let texts = twda_by_id(&db);
    assert_eq!(texts.len(), 4504, "the TWDA has 4,504 decks");
    let decks = Deck::load_all(&archive, None, &db).expect("krcg's archive");
    assert_eq!(decks.len(), texts.len());
    let records: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(&archive).expect("archive"))
            .expect("a JSON array");
    for ((index, deck), record) in decks.iter().enumerate().zip(&records) {
        let id = deck.meta.id.clone().expect("every record has its TWDA id");
        assert_eq!(deck.format, Format::Krcg, "{id}");
        assert_eq!(deck.record, Some(index + 1));
        assert!(deck.unresolved.is_empty(), "{id}: {:?}", deck.unresolved);
        assert!(
            deck.name_mismatches.is_empty(),
            "{id}: {:?}",
            deck.name_mismatches
        );
        assert_eq!(cards(deck), cards(&texts[&id]), "{id}: cards");
        // The metadata is krcg's (its reading of the text), kept as written.
        let field = |key: &str| record[key].as_str().map(|v| v.trim().to_string());
        let event = deck.meta.event.clone().unwrap_or_default();
        assert_eq!(
            deck.meta.name,
            field("name").filter(|n| !n.is_empty()),
            "{id}"
        );
        assert_eq!(event.date.map(|d| d.to_string()), field("date"), "{id}");
        assert_eq!(
            event.winner,
            field("player").filter(|p| !p.is_empty()),
            "{id}"
        );
        assert_eq!(event.score, field("score"), "{id}");
        assert_eq!(
            event.players.map(u64::from),
            record["players_count"].as_u64().filter(|&p| p > 0),
            "{id}"
        );
    }
}

#[test]
#[ignore = "slow: krcg 4.19 reads back every TWDA deck (CI runs it)"]
fn krcg_reads_convert_to_krcg_of_every_twda_deck_back_to_the_same_cards() {
    let db = CardDb::load(&common::cards_dir()).expect("card database");
    let texts = twda_by_id(&db);
    let dir = tempfile::tempdir().expect("temporary folder");
    let archive = archive_of_the_twda(dir.path());
    let read: serde_json::Value = serde_json::from_str(&krcg_json(&[
        "cards".as_ref(),
        "--json".as_ref(),
        archive.as_os_str(),
    ]))
    .expect("krcg's answer");
    let records = read.as_object().expect("records by index");
    assert_eq!(records.len(), texts.len());
    for record in records.values() {
        let id = record["id"].as_str().expect("id").to_string();
        let from_krcg: BTreeMap<u32, u32> = record["cards"]
            .as_object()
            .expect("cards")
            .iter()
            .map(|(card, count)| {
                (
                    card.parse().expect("card id"),
                    u32::try_from(count.as_u64().expect("count")).expect("count"),
                )
            })
            .collect();
        assert_eq!(from_krcg, cards(&texts[&id]), "{id}: cards");
    }
    // One deck converted alone is one deck object, which krcg reads too.
    let single = dir.path().join("10043.json");
    common::vtesdeck()
        .args(["convert", "--to", "krcg", "-o"])
        .arg(&single)
        .arg(common::twda_dir().join("10043.txt"))
        .assert()
        .success();
    let read: serde_json::Value = serde_json::from_str(&krcg_json(&[
        "cards".as_ref(),
        "--json".as_ref(),
        single.as_os_str(),
    ]))
    .expect("krcg's answer");
    assert_eq!(read["0"]["id"], "10043");
    assert_eq!(
        read["0"]["cards"].as_object().map(|c| c.len()),
        Some(cards(&texts["10043"]).len())
    );
}

#[test]
#[ignore = "slow: every TWDA deck checked twice (CI runs it)"]
fn check_and_stats_agree_on_the_whole_twda_as_text_and_as_one_archive() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let archive = archive_of_the_twda(dir.path());
    for command in [
        &["check", "--date", "event", "--quiet"][..],
        &["stats", "--summary-only"][..],
    ] {
        let run = |path: &Path| {
            let output = common::vtesdeck()
                .args(command)
                .arg(path)
                .output()
                .expect("vtesdeck runs");
            (
                output.status.code(),
                String::from_utf8_lossy(&output.stdout).into_owned(),
            )
        };
        let (text_code, text_out) = run(&common::twda_dir());
        let (json_code, json_out) = run(&archive);
        assert_eq!(json_code, text_code, "{command:?}");
        let last = |out: &str| out.lines().last().unwrap_or_default().to_string();
        if command[0] == "check" {
            assert_eq!(
                last(&json_out),
                last(&text_out),
                "{command:?}: the verdict line"
            );
            assert!(last(&text_out).starts_with("4504 decks: "));
        } else {
            assert_eq!(json_out, text_out, "{command:?}");
        }
    }
}
