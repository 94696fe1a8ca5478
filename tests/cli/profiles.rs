//! The shipped profiles against the VEKN tournament rules they cite, with the real
//! card database: a passing and a failing deck for every rule point, the V5 pool
//! (promo packs included), the Limited booster table, and the TWDA decks of V5
//! events as witnesses.

use crate::common;

use std::collections::BTreeSet;
use std::path::PathBuf;

use vtesdeck::rules::Profile;

/// A decklist of `tests/fixtures/profiles`.
fn deck(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/profiles")
        .join(name)
}

/// The day every fixture deck is judged at (all its cards long released).
const DAY: &str = "2026-04-11";

/// One deck checked under a profile: rule point, extra arguments, deck, and the
/// error rules expected (none: the deck passes).
struct RulePointCase {
    profile: &'static str,
    point: &'static str,
    args: &'static [&'static str],
    deck: &'static str,
    errors: &'static [&'static str],
}

const fn case(
    profile: &'static str,
    point: &'static str,
    args: &'static [&'static str],
    deck: &'static str,
    errors: &'static [&'static str],
) -> RulePointCase {
    RulePointCase {
        profile,
        point,
        args,
        deck,
        errors,
    }
}

/// For every rule point a shipped profile cites: a deck that passes and one that fails.
const RULE_POINT_CASES: &[RulePointCase] = &[
    // 6.2 Standard Constructed: crypt 12+, library 60 to 90, two consecutive groups.
    case("standard", "6.2", &[], "v5-nosferatu.txt", &[]),
    case(
        "standard",
        "6.2",
        &[],
        "v5-nosferatu-library-59.txt",
        &["library-size"],
    ),
    case(
        "standard",
        "6.2",
        &[],
        "limited-starters.txt",
        &["library-size", "crypt-grouping"],
    ),
    case("v5", "6.2", &[], "v5-nosferatu.txt", &[]),
    case(
        "v5",
        "6.2",
        &[],
        "v5-nosferatu-library-59.txt",
        &["library-size"],
    ),
    // 6.4 V5: the reduced card pool.
    case("v5", "6.4", &[], "v5-nosferatu.txt", &[]),
    case(
        "v5",
        "6.4",
        &[],
        "v5-nosferatu-direct-intervention.txt",
        &["not-in-format"],
    ),
    // 7.2 Limited with starters: no grouping rule, library 40 to 90.
    case("limited", "7.2", &[], "limited-starters.txt", &[]),
    case(
        "limited",
        "7.2",
        &[],
        "limited-starters-library-39.txt",
        &["library-size"],
    ),
    // 7.2.1 Limited with boosters only: the minimums follow the number of boosters.
    case(
        "limited",
        "7.2.1",
        &["--boosters", "6"],
        "limited-6-boosters.txt",
        &[],
    ),
    case(
        "limited",
        "7.2.1",
        &["--boosters", "7"],
        "limited-6-boosters.txt",
        &["crypt-size", "library-size"],
    ),
];

/// The error rules `check --json` reports for one deck, and the exit status.
fn check_errors(args: &[&str], deck: &std::path::Path) -> (Option<i32>, Vec<String>) {
    let output = common::vtesdeck()
        .args(["check", "--json"])
        .args(args)
        .arg(deck)
        .output()
        .expect("runs");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let first = text.lines().next().unwrap_or_default();
    let report: serde_json::Value = serde_json::from_str(first).unwrap_or_else(|err| {
        panic!(
            "{}: {err}: {text}{}",
            deck.display(),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    let errors = report["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .filter(|p| p["severity"] == "error")
        .map(|p| p["rule"].as_str().expect("rule").to_string())
        .collect();
    (output.status.code(), errors)
}

#[test]
fn every_cited_rule_point_has_a_passing_and_a_failing_deck() {
    let mut cited = BTreeSet::new();
    for name in Profile::builtin_names() {
        let profile = Profile::find(name).expect("a shipped profile parses");
        for point in profile.rules {
            cited.insert((name.to_string(), point));
        }
    }
    assert!(!cited.is_empty());
    for (profile, point) in &cited {
        let cases = || {
            RULE_POINT_CASES
                .iter()
                .filter(|c| c.profile == profile && c.point == point)
        };
        assert!(
            cases().any(|c| c.errors.is_empty()),
            "{profile} {point}: no passing deck"
        );
        assert!(
            cases().any(|c| !c.errors.is_empty()),
            "{profile} {point}: no failing deck"
        );
    }
    for case in RULE_POINT_CASES {
        assert!(
            cited.contains(&(case.profile.to_string(), case.point.to_string())),
            "{} does not cite {}",
            case.profile,
            case.point
        );
    }
}

#[test]
fn rule_point_decks_pass_and_fail_as_the_rules_say() {
    for case in RULE_POINT_CASES {
        let mut args = vec!["--profile", case.profile, "--date", DAY];
        args.extend(case.args);
        let (status, errors) = check_errors(&args, &deck(case.deck));
        let label = format!(
            "{} {} {:?} {}",
            case.profile, case.point, case.args, case.deck
        );
        assert_eq!(errors, case.errors, "{label}");
        let expected_status = if case.errors.is_empty() { 0 } else { 1 };
        assert_eq!(status, Some(expected_status), "{label}");
    }
}

#[test]
fn boosters_only_with_a_profile_that_has_a_booster_table() {
    let output = common::vtesdeck()
        .args(["check", "--boosters", "6"])
        .arg(deck("limited-6-boosters.txt"))
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("profile standard does not take --boosters"),
        "{stderr}"
    );
    let output = common::vtesdeck()
        .args(["check", "--profile", "limited", "--boosters", "0"])
        .arg(deck("limited-6-boosters.txt"))
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
}

// The V5 pool

/// Whether a `Set` column holds a print of Promo Pack 3 (`Promo-20211015`) or of
/// Promo Pack 4 (`Promo:20240423` followed by a count), read from the CSV text
/// itself, apart from the library's parsing of prints.
fn is_promo_pack_3_or_4(set_column: &str) -> bool {
    set_column.split(',').map(str::trim).any(|print| {
        print.split(':').next() == Some("Promo-20211015")
            || print
                .strip_prefix("Promo:20240423")
                .is_some_and(|count| count.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// The ids of the cards of one CSV file with a Promo Pack 3 or 4 print.
fn promo_pack_ids(file: &str) -> Vec<u32> {
    let mut reader = csv::Reader::from_path(common::cards_dir().join(file)).expect("CSV");
    let headers = reader.headers().expect("headers").clone();
    let column = |name: &str| headers.iter().position(|h| h == name).expect(name);
    let (id, set) = (column("Id"), column("Set"));
    reader
        .records()
        .map(|record| record.expect("record"))
        .filter(|record| is_promo_pack_3_or_4(&record[set]))
        .map(|record| record[id].parse().expect("id"))
        .collect()
}

#[test]
fn a_deck_of_every_promo_pack_3_and_4_card_is_v5_legal() {
    let crypt = promo_pack_ids("vtescrypt.csv");
    let library = promo_pack_ids("vteslib.csv");
    // 11 cards in each pack: 5 vampires + 6 library cards in Icons, 5 + 6 in Rebels.
    assert_eq!((crypt.len(), library.len()), (10, 12));
    // Crypt: each vampire once, the first two twice (12); library: 5 of each (60).
    let pairs: Vec<String> = crypt
        .iter()
        .enumerate()
        .map(|(i, id)| format!("{id}={}", if i < 2 { 2 } else { 1 }))
        .chain(library.iter().map(|id| format!("{id}=5")))
        .collect();
    let url = format!(
        "https://vdb.im/decks/deck?name=Promo%20Packs#{}",
        pairs.join(";")
    );
    let folder = tempfile::tempdir().expect("temporary folder");
    let file = folder.path().join("promo-packs.txt");
    std::fs::write(&file, &url).expect("write deck");
    let (status, errors) = check_errors(&["--profile", "v5", "--date", DAY], &file);
    assert_eq!((status, errors), (Some(0), Vec::<String>::new()), "{url}");
    // Before Promo Pack 4 came out, its cards that no other V5 print carries were out.
    let (status, errors) = check_errors(&["--profile", "v5", "--date", "2024-04-22"], &file);
    assert_eq!(status, Some(1));
    assert!(
        errors.iter().all(|rule| rule == "not-in-format"),
        "{errors:?}"
    );
    assert!(!errors.is_empty());
}

#[test]
fn a_new_release_joins_the_v5_pool_on_its_release_day_whatever_its_set() {
    // Psyche! has no print in a set of the V5 list; its reprint as the 2025 European
    // GP promo (Promo-20251129, after SV5) is a new release.
    let text = std::fs::read_to_string(deck("v5-nosferatu.txt")).expect("fixture");
    let with_psyche = text.replace(
        "\n8x On the Qui Vive\n",
        "\n7x On the Qui Vive\n1x Psyche!\n",
    );
    assert_ne!(text, with_psyche);
    let folder = tempfile::tempdir().expect("temporary folder");
    let file = folder.path().join("psyche.txt");
    std::fs::write(&file, with_psyche).expect("write deck");
    let (status, errors) = check_errors(&["--profile", "v5", "--date", "2025-11-28"], &file);
    assert_eq!(
        (status, errors),
        (Some(1), vec!["not-in-format".to_string()])
    );
    let (status, errors) = check_errors(&["--profile", "v5", "--date", "2025-11-29"], &file);
    assert_eq!((status, errors), (Some(0), Vec::<String>::new()));
}

// The TWDA as a witness

/// TWDA decks whose event name names the V5 format: the event of each was played
/// under the V5 rules (6.4).
const V5_EVENTS: &[&str] = &[
    "12788.txt", // V5 EC Friday, Aarhus, 2025-10-17 (the V5 side event of the EC)
    "13150.txt", // V5 Constructed Jyväskyä, 2026-04-11
];

/// TWDA decks whose event name holds `V5` or names the Fifth Edition without the
/// event being a V5-format one: their decks play cards out of the V5 pool.
const V5_NAMED_OTHER_FORMAT: &[&str] = &[
    "10167.txt",       // 5th Edition win a box, 2022: Masika (G1), Enkil Cog
    "10520.txt",       // Conclave Brujah V5, 2023: Goratrix (G2) High Tower
    "2021fsfv5fb.txt", // Free Stake: Fortaleza V5, 2021: before the V5 format, Tupdog
    "2021v5fvo.txt",   // V5 for Vendetta, 2021: before the V5 format, Erlik
];

/// Whether an event name names the V5 format or the Fifth Edition: the word `V5`,
/// `Fifth Edition` or `5th Edition`, any case.
fn names_v5(event: &str) -> bool {
    let lower = event.to_lowercase();
    lower
        .split(|c: char| !c.is_alphanumeric())
        .any(|word| word == "v5")
        || lower.contains("fifth edition")
        || lower.contains("5th edition")
}

#[test]
fn twda_events_naming_v5_are_all_classified() {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(common::twda_dir()).expect("TWDA folder") {
        let path = entry.expect("entry").path();
        let text = String::from_utf8_lossy(&std::fs::read(&path).expect("read")).into_owned();
        let event = text.lines().next().unwrap_or_default();
        if names_v5(event) {
            found.push(
                path.file_name()
                    .expect("name")
                    .to_string_lossy()
                    .into_owned(),
            );
        }
    }
    found.sort();
    let mut known: Vec<String> = V5_EVENTS
        .iter()
        .chain(V5_NAMED_OTHER_FORMAT)
        .map(|name| name.to_string())
        .collect();
    known.sort();
    assert_eq!(found, known, "a TWDA event names V5: classify it here");
}

#[test]
fn every_twda_deck_of_a_v5_event_is_v5_legal_at_its_event_date() {
    let twda = common::twda_dir();
    for name in V5_EVENTS {
        let (status, errors) =
            check_errors(&["--profile", "v5", "--date", "event"], &twda.join(name));
        assert_eq!((status, errors), (Some(0), Vec::<String>::new()), "{name}");
    }
}

#[test]
fn twda_decks_named_v5_of_other_formats_leave_the_v5_pool() {
    let twda = common::twda_dir();
    for name in V5_NAMED_OTHER_FORMAT {
        let (status, errors) =
            check_errors(&["--profile", "v5", "--date", "event"], &twda.join(name));
        assert_eq!(status, Some(1), "{name}");
        assert!(
            errors.iter().any(|rule| rule == "not-in-format"),
            "{name}: {errors:?}"
        );
        let (status, errors) = check_errors(&["--date", "event"], &twda.join(name));
        assert_eq!(
            (status, errors),
            (Some(0), Vec::<String>::new()),
            "{name}: standard"
        );
    }
}
