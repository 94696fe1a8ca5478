//! `vtesdeck stats`: the figures on decks written for the tests, and the TWDA
//! headers recomputed over the whole archive.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use predicates::prelude::*;
use rayon::prelude::*;
use regex::Regex;
use vtesdeck::cards::{CardDb, CardType};
use vtesdeck::deck::{CryptHeader, Deck, LibrarySection, TwdHeader};
use vtesdeck::formats::LoadDeck;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/stats")
        .join(name)
}

#[test]
fn twd_header_of_a_fixture_deck() {
    common::vtesdeck_fixture()
        .args(["stats", "--twd-header"])
        .arg(fixture("brujah.txt"))
        .assert()
        .success()
        .stdout(
            "Crypt (12 cards, min=4, max=22, avg=3.17)\n\
             Library (20 cards)\n\
             Master (4; 2 trifle)\n\
             Action (3)\n\
             Action Modifier (2)\n\
             Action Modifier/Combat (2)\n\
             Combat (6)\n\
             Combat/Reaction (3)\n",
        );
}

#[test]
fn json_record_carries_path_figures_and_headers() {
    let output = common::vtesdeck_fixture()
        .args(["stats", "--json"])
        .arg(fixture("brujah.txt"))
        .output()
        .expect("runs");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).expect("utf-8");
    assert_eq!(text.lines().count(), 1);
    let record: serde_json::Value = serde_json::from_str(&text).expect("json");
    assert_eq!(record["type"], "deck");
    assert!(record["path"]
        .as_str()
        .expect("path")
        .ends_with("brujah.txt"));
    assert_eq!(record["crypt"]["count"], 12);
    assert_eq!(record["crypt"]["votes"], 3);
    assert_eq!(record["twd_header"]["crypt"]["avg"], "3.17");
    assert_eq!(record["twd_header"]["sections"][0]["trifles"], 2);
    assert_eq!(record["library"]["blood_cost"]["x_copies"], 2);
    // Test Bloodbath needs Obfuscate: no Brujah of the crypt has it.
    assert_eq!(record["playability"]["dead_count"], 2);
    assert_eq!(
        record["playability"]["dead_cards"][0]["name"],
        "Test Bloodbath"
    );
    let pride = &record["playability"]["cards"][0];
    assert_eq!(pride["name"], "Test Brujah Pride");
    assert_eq!(pride["crypt_cards"], 12);
}

#[test]
fn dead_cards_are_listed_and_summary_counts_decks() {
    common::vtesdeck_fixture()
        .args(["stats", "--summary"])
        .arg(fixture("dead.txt"))
        .arg(fixture("brujah.txt"))
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Dead cards (5): Test Chimera ×3, Test Toreador Grace ×2",
        ))
        .stdout(predicate::str::contains("# Summary of 2 decks"))
        .stdout(
            predicate::str::is_match(r"│ Test Punch\s+┆\s+2 ┆\s+10 ┆\s+5.00 │").expect("regex"),
        );
}

#[test]
fn summary_json_is_the_last_record() {
    let output = common::vtesdeck_fixture()
        .args(["stats", "--json", "--summary"])
        .arg(fixture("dead.txt"))
        .arg(fixture("brujah.txt"))
        .output()
        .expect("runs");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).expect("utf-8");
    let records: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert_eq!(records.len(), 3);
    assert_eq!(records[2]["type"], "summary");
    assert_eq!(records[2]["decks"], 2);
    assert_eq!(records[2]["average_crypt"], 12.0);
}

#[test]
fn summary_only_prints_no_deck() {
    common::vtesdeck_fixture()
        .args(["stats", "--summary-only"])
        .arg(fixture("dead.txt"))
        .arg(fixture("brujah.txt"))
        .assert()
        .success()
        .stdout(predicate::str::starts_with("# Summary of 2 decks\n"))
        .stdout(predicate::str::contains("Dead cards (").not());
}

#[test]
fn unreadable_input_is_an_error_and_others_still_print() {
    common::vtesdeck_fixture()
        .args(["stats", "--twd-header", "no-such-deck.txt"])
        .arg(fixture("dead.txt"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no-such-deck.txt"))
        .stdout(predicate::str::contains("Library (10 cards)"));
}

#[test]
fn unresolved_line_is_a_finding() {
    common::vtesdeck_fixture()
        .args(["stats", "--twd-header", "-"])
        .write_stdin("12x Alma Test\n\n3x Test Punch\n2x Zzyzx Qwerty\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("-:4: 2x Zzyzx Qwerty"))
        .stdout(predicate::str::contains("Library (3 cards)"));
    let output = common::vtesdeck_fixture()
        .args(["stats", "--json", "-"])
        .write_stdin("12x Alma Test\n\n3x Test Punch\n2x Zzyzx Qwerty\n")
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let record: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    assert_eq!(record["unresolved"][0]["line"], 4);
    assert_eq!(record["library"]["count"], 3);
}

// --- The whole TWDA -------------------------------------------------------

/// TWDA decks whose own headers are wrong (checked by reading the file); the
/// reason is given for each.
const WRONG_HEADERS: &[(&str, &str)] = &[
    (
        "10319.txt",
        "garbled: `Library (90 cards) Master (17; 2 trifle)` on one line, then a second \
         `Library (73 cards)` (the library without its masters); the masters hold \
         3 Villein + 2 Vessel, 5 trifles, not 2",
    ),
    (
        "12278.txt",
        "garbled: `Library (87; 1 trifle)` stands for `Library (87 cards)` + \
         `Master (15; 1 trifle)` (no Master header), then a second `Library (72 cards)` \
         (the library without its masters); computed: 87 cards, Master (15; 1 trifle)",
    ),
];

static CRYPT_HEADER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^Crypt \((\d+) cards?, min=(\d+), max=(\d+), avg=([\d.]+)\)").expect("regex")
});
static LIBRARY_HEADER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^Library \((\d+) cards?\)").expect("regex"));
static SECTION_HEADER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^([A-Z][A-Za-z /]+) \((\d+)(?:; (\d+) trifle)?\)\s*$").expect("regex")
});

/// The headers a TWDA file declares, read from its text.
fn declared_header(text: &str) -> Option<TwdHeader> {
    let mut crypt = None;
    let mut library = None;
    let mut sections = Vec::new();
    for line in text.lines() {
        if crypt.is_none() {
            if let Some(caps) = CRYPT_HEADER.captures(line) {
                crypt = Some(CryptHeader {
                    count: caps[1].parse().ok()?,
                    min: caps[2].parse().ok()?,
                    max: caps[3].parse().ok()?,
                    avg: caps[4].to_string(),
                });
            }
        } else if library.is_none() {
            if let Some(caps) = LIBRARY_HEADER.captures(line) {
                library = caps[1].parse().ok();
            }
        } else if let Some(caps) = SECTION_HEADER.captures(line) {
            let is_library_type = caps[1]
                .split('/')
                .all(|t| CardType::parse(t).is_some_and(|t| !t.is_crypt()));
            if is_library_type {
                sections.push(LibrarySection {
                    type_name: caps[1].to_string(),
                    count: caps[2].parse().ok()?,
                    trifles: caps.get(3).map_or(Some(0), |t| t.as_str().parse().ok())?,
                });
            }
        }
    }
    Some(TwdHeader {
        crypt: crypt?,
        library: library?,
        sections,
    })
}

/// Compares one file's headers with the computed ones; `Some(difference)` when they differ.
fn compare(path: &Path, db: &CardDb) -> Option<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|_| {
        String::from_utf8_lossy(&std::fs::read(path).expect("readable")).into_owned()
    });
    let deck = Deck::load(path, None, db).expect("deck loads");
    let computed = TwdHeader::of_deck(&deck, db);
    let Some(declared) = declared_header(&text) else {
        return Some("headers not found in the file".to_string());
    };
    if declared == computed {
        return None;
    }
    let mut differences = Vec::new();
    if declared.crypt != computed.crypt {
        differences.push(format!(
            "crypt {:?} computed {:?}",
            declared.crypt, computed.crypt
        ));
    }
    if declared.library != computed.library {
        differences.push(format!(
            "library {} computed {}",
            declared.library, computed.library
        ));
    }
    if declared.sections != computed.sections {
        let show = |s: &[LibrarySection]| {
            s.iter()
                .map(|s| format!("{} ({}; {})", s.type_name, s.count, s.trifles))
                .collect::<Vec<_>>()
                .join(", ")
        };
        differences.push(format!(
            "sections [{}] computed [{}]",
            show(&declared.sections),
            show(&computed.sections)
        ));
    }
    if !deck.unresolved.is_empty() {
        differences.push(format!("unresolved lines {:?}", deck.unresolved));
    }
    Some(differences.join("; "))
}

#[test]
fn twda_headers_equal_the_computed_figures() {
    let db = CardDb::load(&common::cards_dir()).expect("card database");
    let files = common::twda_files();
    let differing: Vec<(String, String)> = files
        .par_iter()
        .filter_map(|path| {
            let name = path.file_name()?.to_string_lossy().into_owned();
            compare(path, &db).map(|difference| (name, difference))
        })
        .collect();
    let report: Vec<String> = differing
        .iter()
        .filter(|(name, _)| !WRONG_HEADERS.iter().any(|(known, _)| known == name))
        .map(|(name, difference)| format!("{name}: {difference}"))
        .collect();
    assert!(
        report.is_empty(),
        "{} decks differ from their headers:\n{}",
        report.len(),
        report.join("\n")
    );
    let stale: Vec<&str> = WRONG_HEADERS
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| !differing.iter().any(|(d, _)| d == name))
        .collect();
    assert!(stale.is_empty(), "listed as wrong but now equal: {stale:?}");
}
