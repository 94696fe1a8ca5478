//! End-to-end tests of `vtesdeck check`: every rule, profile, output format and
//! exit status, on decklists written for the tests (invented cards of
//! `tests/fixtures/cards`), and the whole TWDA with the real card database.

use crate::common;

use std::path::PathBuf;

use predicates::prelude::*;
use predicates::str::contains;

/// A decklist of `tests/fixtures/check`.
fn deck(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/check")
        .join(name)
}

/// `vtesdeck check --date DATE` with the fixture card database.
fn check(date: &str) -> assert_cmd::Command {
    let mut cmd = common::vtesdeck_fixture();
    cmd.args(["check", "--date", date]);
    cmd
}

/// The JSON object `check --json` prints for one fixture deck.
fn json_report(args: &[&str], name: &str) -> serde_json::Value {
    let output = check("2021-01-01")
        .arg("--json")
        .args(args)
        .arg(deck(name))
        .output()
        .expect("runs");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let mut lines = text.lines();
    let report = serde_json::from_str(lines.next().expect("one line")).expect("JSON");
    let summary: serde_json::Value =
        serde_json::from_str(lines.next().expect("a summary")).expect("JSON");
    assert_eq!(summary["type"], "summary");
    assert_eq!(summary["decks"], 1);
    assert_eq!(lines.next(), None);
    report
}

/// The rule ids of the errors in a report.
fn error_rules(report: &serde_json::Value) -> Vec<String> {
    report["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .filter(|p| p["severity"] == "error")
        .map(|p| p["rule"].as_str().expect("rule").to_string())
        .collect()
}

// Rules

#[test]
fn legal_deck_exits_zero_with_one_line_and_a_summary() {
    check("2021-01-01")
        .arg(deck("legal.txt"))
        .assert()
        .code(0)
        .stdout(contains(
            "legal.txt: legal (crypt 12, library 60, groups 1-2, 2021-01-01, standard)",
        ))
        .stdout(contains("1 deck: 1 legal, 0 illegal"));
}

#[test]
fn crypt_of_eleven_breaks_crypt_size() {
    check("2021-01-01")
        .arg(deck("small-crypt.txt"))
        .assert()
        .code(1)
        .stdout(contains("crypt-size"))
        .stdout(contains("crypt has 11 cards, at least 12 needed"))
        .stdout(contains("1 deck: 0 legal, 1 illegal"));
}

#[test]
fn library_outside_sixty_to_ninety_breaks_library_size() {
    check("2021-01-01")
        .arg(deck("big-library.txt"))
        .assert()
        .code(1)
        .stdout(contains("library has 91 cards, at most 90 allowed"));
    check("2021-01-01")
        .arg(deck("small-library.txt"))
        .assert()
        .code(1)
        .stdout(contains("library has 59 cards, at least 60 needed"));
}

#[test]
fn card_outside_the_group_pair_breaks_crypt_grouping() {
    let report = json_report(&[], "grouping.txt");
    assert_eq!(error_rules(&report), ["crypt-grouping"]);
    let problem = &report["problems"][0];
    assert_eq!(problem["message"], "Eva Test (G3) does not fit groups 1-2");
    assert_eq!(problem["card_id"], 200005);
    assert_eq!(problem["line"], 3);
    assert_eq!(report["groups"], serde_json::json!([1, 2, 3]));
}

#[test]
fn banned_card_is_judged_at_the_check_date() {
    check("2007-12-31").arg(deck("banned.txt")).assert().code(0);
    check("2008-01-01")
        .arg(deck("banned.txt"))
        .assert()
        .code(1)
        .stdout(contains("Test Forbidden is banned since 2008-01-01"));
}

#[test]
fn card_within_thirty_days_of_release_is_not_yet_legal() {
    check("2020-01-30")
        .arg(deck("new-card.txt"))
        .assert()
        .code(1)
        .stdout(contains("not-yet-legal"))
        .stdout(contains("Test Ally is not legal before 2020-01-31"));
    check("2020-01-31")
        .arg(deck("new-card.txt"))
        .assert()
        .code(0);
}

#[test]
fn unresolved_line_is_an_unknown_card_with_suggestions() {
    let report = json_report(&[], "unknown.txt");
    assert_eq!(error_rules(&report), ["unknown-card", "library-size"]);
    let problem = &report["problems"][0];
    assert_eq!(problem["line"], 4);
    assert_eq!(problem["card_id"], serde_json::Value::Null);
    let message = problem["message"].as_str().expect("message");
    assert!(message.contains("did you mean \"Test Haven\""), "{message}");
}

#[test]
fn warnings_never_make_a_deck_illegal() {
    check("2021-01-01")
        .arg(deck("warnings.txt"))
        .assert()
        .code(0)
        .stdout(contains(
            "legal (crypt 12, library 60, groups 1-2, 2021-01-01, standard, 2 warnings: \
             --warnings shows them)",
        ))
        .stdout(contains("duplicate-unique").not());
    check("2021-01-01")
        .args(["--warnings"])
        .arg(deck("warnings.txt"))
        .assert()
        .code(0)
        .stdout(contains(
            "legal (crypt 12, library 60, groups 1-2, 2021-01-01, standard, 2 warnings)",
        ))
        .stdout(contains("duplicate-unique").not())
        .stdout(contains("duplicate-event (warning)"))
        .stdout(contains("unplayable-card (warning)"))
        .stdout(contains("Chimerstry"));
    check("2021-01-01")
        .args(["--verbose"])
        .arg(deck("warnings.txt"))
        .assert()
        .code(0)
        .stdout(contains("duplicate-unique (info)"))
        .stdout(contains("duplicate-event (warning)"));
}

#[test]
fn json_always_carries_warnings() {
    let report = json_report(&[], "warnings.txt");
    assert_eq!(report["legal"], true);
    let rules: Vec<(&str, &str)> = report["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .map(|p| {
            (
                p["rule"].as_str().expect("rule"),
                p["severity"].as_str().expect("severity"),
            )
        })
        .collect();
    assert_eq!(
        rules,
        [
            ("duplicate-unique", "info"),
            ("duplicate-event", "warning"),
            ("unplayable-card", "warning")
        ]
    );
}

// Profiles

#[test]
fn house_4_profile_limits_copies() {
    check("2021-01-01")
        .arg(deck("five-copies.txt"))
        .assert()
        .code(0);
    let report = json_report(&["--profile", "house-4"], "five-copies.txt");
    assert_eq!(report["profile"], "house-4");
    assert_eq!(error_rules(&report), ["max-copies"]);
    assert_eq!(
        report["problems"][0]["message"],
        "5 copies of Test Bleed, at most 4 allowed"
    );
}

#[test]
fn duel_profile_takes_small_decks() {
    check("2021-01-01").arg(deck("duel.txt")).assert().code(1);
    check("2021-01-01")
        .args(["--profile", "duel"])
        .arg(deck("duel.txt"))
        .assert()
        .code(0)
        .stdout(contains("duel)"));
}

#[test]
fn limited_profile_has_no_grouping_and_a_library_of_forty() {
    let standard = json_report(&[], "limited.txt");
    assert_eq!(error_rules(&standard), ["library-size", "crypt-grouping"]);
    let limited = json_report(&["--profile", "limited"], "limited.txt");
    assert_eq!(error_rules(&limited), Vec::<String>::new());
}

#[test]
fn classic_profile_library_maximum_follows_players() {
    check("2021-01-01")
        .args(["--profile", "classic"])
        .arg(deck("classic.txt"))
        .assert()
        .code(0);
    check("2021-01-01")
        .args(["--profile", "classic", "--players", "4"])
        .arg(deck("classic.txt"))
        .assert()
        .code(1)
        .stdout(contains(
            "library has 85 cards, at most 80 allowed at a table of 4",
        ));
}

#[test]
fn v5_profile_rejects_cards_without_a_v5_print() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("v5.txt");
    let text = "12x Nathan Turner\n\n85x Deep Song\n5x Legal Manipulations\n";
    std::fs::write(&path, text).expect("write");
    let output = common::vtesdeck()
        .args(["check", "--date", "2025-01-01", "--profile", "v5", "--json"])
        .arg(&path)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let report: serde_json::Value =
        serde_json::from_str(text.lines().next().expect("a deck")).expect("JSON");
    assert_eq!(report["profile"], "v5");
    let problems: Vec<&str> = report["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .filter(|p| p["rule"] == "not-in-format")
        .map(|p| p["message"].as_str().expect("message"))
        .collect();
    assert_eq!(
        problems,
        ["Legal Manipulations is not in the card pool of profile v5"]
    );
}

#[test]
fn own_profile_file_sets_pool_copies_bans_and_sizes() {
    let profile = deck("late-league.toml");
    let output = check("2021-01-01")
        .args(["--json", "--profile"])
        .arg(&profile)
        .arg(deck("league.txt"))
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let report: serde_json::Value =
        serde_json::from_str(text.lines().next().expect("a deck")).expect("JSON");
    assert_eq!(report["profile"], "late-league");
    let found: Vec<(String, String)> = report["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .filter(|p| p["severity"] == "error")
        .map(|p| {
            (
                p["rule"].as_str().unwrap_or("").into(),
                p["card"].as_str().unwrap_or("").into(),
            )
        })
        .collect();
    let expected = [
        ("banned", "Test Punch"),
        ("not-in-format", "Test Punch"),
        ("max-copies", "Test Bleed"),
    ]
    .map(|(r, c)| (r.to_string(), c.to_string()));
    assert_eq!(found, expected);
    check("2021-01-01")
        .arg("--profile")
        .arg(&profile)
        .arg(deck("legal.txt"))
        .assert()
        .code(1)
        .stdout(contains(
            "Alma Test is not in the card pool of profile late-league",
        ))
        .stdout(contains("library has 60 cards").not());
}

#[test]
fn broken_or_unknown_profile_exits_two() {
    check("2021-01-01")
        .args(["--profile"])
        .arg(deck("broken.toml"))
        .arg(deck("legal.txt"))
        .assert()
        .code(2)
        .stderr(contains("broken.toml:2: unknown field `max_copy`"));
    check("2021-01-01")
        .args(["--profile", "nonesuch", "x.txt"])
        .assert()
        .code(2)
        .stderr(contains("unknown profile \"nonesuch\""));
}

// Dates

#[test]
fn event_date_judges_a_twd_deck_by_its_own_day() {
    check("event")
        .arg(deck("twd-event.txt"))
        .assert()
        .code(1)
        .stdout(contains("2020-01-15"))
        .stdout(contains("Test Ally is not legal before 2020-01-31"));
    check("2021-01-01")
        .arg(deck("twd-event.txt"))
        .assert()
        .code(0);
}

#[test]
fn event_date_without_an_event_is_an_error_for_that_deck_only() {
    check("event")
        .arg(deck("legal.txt"))
        .arg(deck("twd-event.txt"))
        .assert()
        .code(2)
        .stderr(contains("legal.txt: no event date in this deck"))
        // The library says what is wrong; the command line says what to type.
        .stderr(contains("\nhelp: give --date YYYY-MM-DD"))
        .stdout(contains("1 deck: 0 legal, 1 illegal, 1 error"));
}

#[test]
fn bad_date_is_a_usage_error() {
    check("2021-13-01")
        .arg(deck("legal.txt"))
        .assert()
        .code(2)
        .stderr(contains("expected YYYY-MM-DD"));
}

// Inputs and exit statuses

#[test]
fn directories_are_walked_and_unreadable_inputs_reported() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::copy(deck("legal.txt"), dir.path().join("a.txt")).expect("copy");
    std::fs::copy(deck("small-crypt.txt"), dir.path().join("b.txt")).expect("copy");
    check("2021-01-01")
        .arg(dir.path())
        .assert()
        .code(1)
        .stdout(contains("2 decks: 1 legal, 1 illegal"));
    check("2021-01-01")
        .arg(dir.path())
        .arg(dir.path().join("missing.txt"))
        .assert()
        .code(2)
        .stderr(contains("missing.txt"))
        .stdout(contains("2 decks: 1 legal, 1 illegal, 1 error"));
}

#[test]
fn standard_input_is_checked() {
    let text = std::fs::read_to_string(deck("legal.txt")).expect("read");
    check("2021-01-01")
        .arg("-")
        .write_stdin(text)
        .assert()
        .code(0)
        .stdout(contains("-: legal"));
}

#[test]
fn missing_card_database_exits_two() {
    let dir = tempfile::tempdir().expect("temp dir");
    common::vtesdeck()
        .env("VTESDECK_CARDS", dir.path())
        .args(["check"])
        .arg(deck("legal.txt"))
        .assert()
        .code(2)
        .stderr(contains("vtescrypt.csv"));
}

#[test]
fn quiet_leaves_out_legal_decks() {
    check("2021-01-01")
        .arg("--quiet")
        .arg(deck("legal.txt"))
        .arg(deck("small-crypt.txt"))
        .assert()
        .code(1)
        .stdout(contains("legal.txt").not())
        .stdout(contains("small-crypt.txt: illegal"));
}

// Output formats

#[test]
fn json_lines_hold_the_issue_fields() {
    let report = json_report(&[], "small-crypt.txt");
    assert_eq!(report["type"], "deck");
    assert!(report["path"]
        .as_str()
        .expect("path")
        .ends_with("small-crypt.txt"));
    assert_eq!(report["name"], serde_json::Value::Null);
    assert_eq!(report["legal"], false);
    assert_eq!(report["date"], "2021-01-01");
    assert_eq!(report["profile"], "standard");
    assert_eq!(report["crypt"], 11);
    assert_eq!(report["library"], 60);
    assert_eq!(report["groups"], serde_json::json!([1, 2]));
    let problem = &report["problems"][0];
    for field in ["rule", "severity", "message", "card_id", "line"] {
        assert!(problem.get(field).is_some(), "{field}");
    }
}

#[test]
fn json_flag_and_json_format_agree() {
    let a = check("2021-01-01")
        .arg("--json")
        .arg(deck("grouping.txt"))
        .output()
        .expect("runs");
    let b = check("2021-01-01")
        .args(["--format", "json"])
        .arg(deck("grouping.txt"))
        .output()
        .expect("runs");
    assert_eq!(a.stdout, b.stdout);
    assert_eq!(a.status.code(), Some(1));
}

#[test]
fn github_format_writes_annotations() {
    let path = deck("grouping.txt");
    check("2021-01-01")
        .args(["--format", "github"])
        .arg(&path)
        .assert()
        .code(1)
        // The path from the working folder (the repository root), as GitHub attaches it.
        .stdout(contains(
            "::error file=tests/fixtures/check/grouping.txt,line=3,title=crypt-grouping::Eva Test \
             (G3) does not fit groups 1-2",
        ))
        .stdout(contains("1 deck: 0 legal, 1 illegal"));
    check("2021-01-01")
        .args(["--format", "github", "--warnings"])
        .arg(deck("warnings.txt"))
        .assert()
        .code(0)
        .stdout(contains("::warning file="))
        .stdout(contains("title=duplicate-event::"));
}

#[test]
fn junit_format_writes_one_test_case_per_deck() {
    check("2021-01-01")
        .args(["--format", "junit"])
        .arg(deck("legal.txt"))
        .arg(deck("small-crypt.txt"))
        .arg(deck("missing.txt"))
        .assert()
        .code(2)
        .stdout(contains("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"))
        .stdout(contains("tests=\"3\" failures=\"1\" errors=\"1\""))
        .stdout(contains(
            "<failure type=\"illegal\" message=\"illegal deck: crypt-size\">",
        ))
        .stdout(contains("<error type=\"unreadable\""))
        .stdout(contains("</testsuites>"));
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    check("2021-01-01")
        .arg(deck("small-crypt.txt"))
        .assert()
        .stdout(contains("\x1b[").not());
    check("2021-01-01")
        .args(["--color", "always"])
        .arg(deck("small-crypt.txt"))
        .assert()
        .stdout(contains("\x1b[1;31millegal\x1b[0m"));
    check("2021-01-01")
        .args(["--color", "never"])
        .env_remove("NO_COLOR")
        .arg(deck("small-crypt.txt"))
        .assert()
        .stdout(contains("\x1b[").not());
}

// The whole TWDA

/// The archived decks that break the rules at their own event date, and the rules they break.
const TWDA_ILLEGAL: &[(&str, &[&str])] = &[
    // Card counts.
    ("2k3nycanarch.txt", &["library-size"]),
    ("2k4edith.txt", &["library-size"]),
    ("2k4pariscup.txt", &["crypt-size"]),
    ("2k4virolaxboston.txt", &["library-size"]),
    ("2k6faceaface.txt", &["library-size"]),
    ("2k8glqmich.txt", &["library-size"]),
    ("2k8pwbsla2.txt", &["library-size"]),
    ("2k8sanfranqual.txt", &["library-size"]),
    ("2k9avangarda.txt", &["library-size"]),
    ("ckgc2k.txt", &["library-size"]),
    ("dog.txt", &["library-size"]),
    ("genconuk2k1-treasure.txt", &["library-size"]),
    ("jd32000.txt", &["library-size"]),
    ("matt-alamut.txt", &["library-size"]),
    ("saveface2k1.txt", &["library-size"]),
    ("stevewampler.txt", &["library-size"]),
    // Crypt grouping (Tony, G3, also played before his first print).
    ("2016rotmmb.txt", &["crypt-grouping"]),
    ("2k2watfordmay.txt", &["crypt-grouping", "not-yet-legal"]),
    ("watford-ts.txt", &["crypt-grouping", "not-yet-legal"]),
    // Cards played before their first print was legal.
    ("10008.txt", &["not-yet-legal"]),
    ("12062.txt", &["not-yet-legal"]),
    ("12140.txt", &["not-yet-legal"]),
    ("12263.txt", &["not-yet-legal"]),
    ("12307.txt", &["not-yet-legal"]),
    ("2015rfeef.txt", &["not-yet-legal"]),
    ("2018ncqmf.txt", &["not-yet-legal"]),
    ("2018pbuthbc.txt", &["not-yet-legal"]),
    ("2018rasrf.txt", &["not-yet-legal"]),
    ("2k5nykarls.txt", &["not-yet-legal"]),
    ("2k6ootspain.txt", &["not-yet-legal"]),
    ("2k6sncqvs.txt", &["not-yet-legal"]),
    ("2k9bloodformbi.txt", &["not-yet-legal"]),
    ("9980.txt", &["not-yet-legal"]),
    ("9997.txt", &["not-yet-legal"]),
];

#[test]
fn twda_at_event_dates_flags_exactly_the_illegal_decks() {
    let output = common::vtesdeck()
        .args(["check", "--date", "event", "--json"])
        .arg(common::twda_dir())
        .output()
        .expect("runs");
    assert_eq!(
        output.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let mut flagged: Vec<(String, Vec<String>)> = Vec::new();
    let mut decks = 0;
    let mut summary = serde_json::Value::Null;
    for line in text.lines() {
        let report: serde_json::Value = serde_json::from_str(line).expect("JSON line");
        if report["type"] == "summary" {
            summary = report;
            continue;
        }
        decks += 1;
        let mut rules = error_rules(&report);
        rules.dedup();
        assert_eq!(report["legal"], rules.is_empty());
        if !rules.is_empty() {
            let path = PathBuf::from(report["path"].as_str().expect("path"));
            let name = path
                .file_name()
                .expect("file name")
                .to_string_lossy()
                .into_owned();
            flagged.push((name, rules));
        }
    }
    assert_eq!(decks, 4504);
    assert_eq!(summary["decks"], 4504);
    assert_eq!(summary["illegal"], flagged.len());
    assert_eq!(summary["skipped"], 0);
    flagged.sort();
    let mut expected: Vec<(String, Vec<String>)> = TWDA_ILLEGAL
        .iter()
        .map(|(name, rules)| {
            (
                name.to_string(),
                rules.iter().map(|r| r.to_string()).collect(),
            )
        })
        .collect();
    expected.sort();
    assert_eq!(flagged, expected);
}

#[test]
fn twda_human_summary_counts_the_illegal_decks() {
    common::vtesdeck()
        .args(["check", "--date", "event", "--quiet"])
        .arg(common::twda_dir())
        .assert()
        .code(1)
        .stdout(contains("4504 decks: 4470 legal, 34 illegal"))
        .stdout(contains("Tony (G3) does not fit groups 1-2"));
}

// Reading remarks (issue 12)

#[test]
fn misspelt_line_is_name_corrected_in_every_output() {
    let message = "`59x Test Bleedd` read as 59x \"Test Bleed\" (a misspelling)";
    check("2021-01-01")
        .arg(deck("misspelt.txt"))
        .assert()
        .code(0)
        .stdout(contains(
            "legal (crypt 12, library 60, groups 1-2, 2021-01-01, standard, 1 warning: \
             --warnings shows it)",
        ));
    check("2021-01-01")
        .args(["--warnings"])
        .arg(deck("misspelt.txt"))
        .assert()
        .code(0)
        .stdout(contains("name-corrected (warning)"))
        .stdout(contains("Test Bleedd"));
    let report = json_report(&[], "misspelt.txt");
    assert_eq!(report["legal"], true);
    let problem = &report["problems"][0];
    assert_eq!(problem["rule"], "name-corrected");
    assert_eq!(problem["severity"], "warning");
    assert_eq!(problem["line"], 3);
    assert_eq!(problem["card"], "Test Bleed");
    assert_eq!(problem["message"], message);
    check("2021-01-01")
        .args(["--format", "github", "--warnings"])
        .arg(deck("misspelt.txt"))
        .assert()
        .code(0)
        .stdout(contains(
            ",line=3,title=name-corrected::`59x Test Bleedd` read as 59x",
        ));
    check("2021-01-01")
        .args(["--format", "junit", "--warnings"])
        .arg(deck("misspelt.txt"))
        .assert()
        .code(0)
        .stdout(contains(
            "misspelt.txt:3: name-corrected: `59x Test Bleedd` read as 59x",
        ));
}

#[test]
fn strict_makes_reading_remarks_errors() {
    check("2021-01-01")
        .args(["--strict"])
        .arg(deck("misspelt.txt"))
        .assert()
        .code(1)
        .stdout(contains("illegal, 1 problem"))
        .stdout(contains("name-corrected"));
    let report = json_report(&["--strict"], "misspelt.txt");
    assert_eq!(error_rules(&report), ["name-corrected"]);
    check("2021-01-01")
        .args(["--strict"])
        .arg(deck("exact-forms.txt"))
        .assert()
        .code(0);
}

#[test]
fn exact_name_forms_give_no_remark() {
    let report = json_report(&[], "exact-forms.txt");
    assert_eq!(report["legal"], true);
    assert_eq!(report["problems"], serde_json::json!([]));
}

#[test]
fn parse_json_carries_read_as_on_the_misspelt_card() {
    let output = common::vtesdeck_fixture()
        .args(["parse", "--json"])
        .arg(deck("misspelt.txt"))
        .output()
        .expect("runs");
    let deck_json: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("one JSON object");
    let bleed = &deck_json["library"][0];
    assert_eq!(bleed["name"], "Test Bleed");
    assert_eq!(
        bleed["read_as"],
        serde_json::json!({"line": 3, "typed": "59x Test Bleedd", "how": "misspelling"})
    );
    assert!(deck_json["library"][1].get("read_as").is_none());
    let output = common::vtesdeck_fixture()
        .args(["parse", "--json"])
        .arg(deck("exact-forms.txt"))
        .output()
        .expect("runs");
    assert!(!String::from_utf8_lossy(&output.stdout).contains("read_as"));
}

#[test]
fn declared_total_not_met_is_a_warning_with_both_numbers() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let report_of = |name: &str, text: &str| -> serde_json::Value {
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("write deck");
        let output = check("2021-01-01")
            .arg("--json")
            .arg(&path)
            .output()
            .expect("runs");
        // The deck record (a summary record follows it).
        let stdout = String::from_utf8_lossy(&output.stdout);
        serde_json::from_str(stdout.lines().next().unwrap_or_default()).expect("JSON")
    };
    let head = "Crypt (12 cards)\n6x Alma Test\n6x Carla Test\nLibrary (90 cards)\n59x Test Bleed\n1x Test Haven\n";
    let report = report_of("declared.txt", &format!("{head}+30x Test Bleed\n"));
    assert_eq!(report["library"], 90);
    assert!(!report.to_string().contains("declared-count"));
    let report = report_of("missed.txt", head);
    let problem = &report["problems"][0];
    assert_eq!(problem["rule"], "declared-count");
    assert_eq!(problem["severity"], "warning");
    assert_eq!(
        problem["message"],
        "the list declares 90 library cards but 60 were read"
    );
    // The line of the header that declares it, in the JSON, the table and the annotation.
    assert_eq!(problem["line"], 4);
    let path = dir.path().join("missed.txt");
    check("2021-01-01")
        .arg("--warnings")
        .arg(&path)
        .assert()
        .code(0)
        .stdout(
            predicates::str::is_match(
                r"│ declared-count \(warning\) ┆ +┆ 4 +┆ the list declares 90",
            )
            .unwrap(),
        );
    check("2021-01-01")
        .args(["--warnings", "--format", "github"])
        .arg(&path)
        .assert()
        .code(0)
        .stdout(contains(format!(
            "::warning file={},line=4,title=declared-count::the list declares 90 library cards",
            path.display()
        )));
}

#[test]
fn an_illegal_verdict_counts_its_warnings_too() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("short.txt");
    let text = std::fs::read_to_string(deck("warnings.txt")).expect("read");
    let short = text.replacen("6x Alma Test", "5x Alma Test", 1);
    assert_ne!(short, text);
    std::fs::write(&path, short).expect("write deck");
    check("2021-01-01")
        .arg(&path)
        .assert()
        .code(1)
        .stdout(contains(
            "short.txt: illegal, 1 problem (crypt 11, library 60, groups 1-2, 2021-01-01, \
             standard, 2 warnings: --warnings shows them)",
        ));
}

#[test]
fn a_count_after_the_name_is_an_info_note_that_strict_keeps_a_note() {
    let example = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks/brujah-rush.txt");
    let output = common::vtesdeck()
        .args(["check", "--json", "--strict"])
        .arg(&example)
        .output()
        .expect("runs");
    let report = &common::json_records(&output.stdout)[0];
    let of_rule = |rule: &str| -> Vec<(String, u64)> {
        report["problems"]
            .as_array()
            .expect("problems")
            .iter()
            .filter(|p| p["rule"] == rule)
            .map(|p| {
                (
                    p["severity"].as_str().unwrap_or_default().to_string(),
                    p["line"].as_u64().unwrap_or_default(),
                )
            })
            .collect()
    };
    // `Jack Drake x2` (line 5) is a note; the misspelt `8x Torn Signpst` (line
    // 19, a typo the example keeps on purpose) is what --strict fails.
    assert_eq!(of_rule("count-after-name"), [("info".to_string(), 5)]);
    assert_eq!(of_rule("name-corrected"), [("error".to_string(), 19)]);
    assert_eq!(error_rules(report), ["name-corrected"]);
    // The same deck with the typo fixed passes --strict, its count after a name kept.
    let dir = tempfile::tempdir().expect("temporary folder");
    let fixed = dir.path().join("brujah.txt");
    let text = std::fs::read_to_string(&example).expect("read");
    std::fs::write(&fixed, text.replace("Torn Signpst", "Torn Signpost")).expect("write");
    common::vtesdeck()
        .args(["check", "--strict", "--verbose"])
        .arg(&fixed)
        .assert()
        .code(0)
        .stdout(contains("count-after-name (info)"))
        .stdout(contains("name-corrected").not());
    // --deny makes the note an error, as for any rule.
    common::vtesdeck()
        .args(["check", "--deny", "count-after-name"])
        .arg(&fixed)
        .assert()
        .code(1)
        .stdout(contains("illegal, 1 problem"));
}

/// A folder as a repository of decks keeps them: two decklists (one in a
/// sub-folder), a README, an image, a hidden folder.
fn deck_repository() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir_all(dir.path().join("drafts")).expect("mkdir");
    std::fs::create_dir_all(dir.path().join(".git")).expect("mkdir");
    std::fs::copy(deck("legal.txt"), dir.path().join("legal.txt")).expect("copy");
    std::fs::copy(
        deck("small-crypt.txt"),
        dir.path().join("drafts/small.deck"),
    )
    .expect("copy");
    std::fs::write(
        dir.path().join("README.md"),
        "# Our decks\n\nPlay them well.\n",
    )
    .expect("write");
    std::fs::write(
        dir.path().join("notes.md"),
        "Ideas for next week.\nMore bleed.\n",
    )
    .expect("write");
    std::fs::write(
        dir.path().join("photo.png"),
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89\0\0\0",
    )
    .expect("write");
    std::fs::write(dir.path().join(".git/HEAD"), "ref: refs/heads/main\n").expect("write");
    dir
}

/// The JSON Lines records of a `check --json` run, and its exit status.
fn json_records(args: &[&str]) -> (Vec<serde_json::Value>, Option<i32>) {
    let output = check("2021-01-01")
        .arg("--json")
        .args(args)
        .output()
        .expect("runs");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let records = text
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON line"))
        .collect();
    (records, output.status.code())
}

#[test]
fn folders_are_read_for_decklists_and_the_rest_is_listed_as_skipped() {
    let repo = deck_repository();
    let root = repo.path().to_str().expect("UTF-8 path");
    let (records, status) = json_records(&[root]);
    assert_eq!(status, Some(1), "{records:?}");
    let of_type = |kind: &str| -> Vec<&serde_json::Value> {
        records.iter().filter(|r| r["type"] == kind).collect()
    };
    let decks: Vec<&str> = of_type("deck")
        .iter()
        .map(|r| r["path"].as_str().expect("path"))
        .collect();
    assert_eq!(decks.len(), 2, "{decks:?}");
    assert!(decks[0].ends_with("drafts/small.deck") && decks[1].ends_with("legal.txt"));
    let skipped: Vec<String> = of_type("skipped")
        .iter()
        .map(|r| {
            let path = PathBuf::from(r["path"].as_str().expect("path"));
            path.file_name()
                .expect("name")
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(skipped, ["README.md", "notes.md", "photo.png"]);
    let summary = records.last().expect("records");
    assert_eq!(
        *summary,
        serde_json::json!({"type": "summary", "decks": 2, "legal": 1, "illegal": 1,
                           "names_guessed": 0, "errors": 0, "skipped": 3, "links_not_followed": 0,
                           "schema": 1})
    );
    assert!(records.iter().all(|r| r["schema"] == 1));

    check("2021-01-01")
        .arg(root)
        .assert()
        .code(1)
        .stdout(contains(
            "2 decks: 1 legal, 1 illegal (3 files skipped: not decklists)",
        ))
        .stderr(contains("skipped").and(contains("README.md: a repository document")))
        .stderr(contains("photo.png: binary data"));
    check("2021-01-01")
        .args(["-q", root])
        .assert()
        .code(1)
        .stderr(contains("skipped").not());
}

#[test]
fn glob_and_exclude_choose_the_files() {
    let repo = deck_repository();
    let root = repo.path().to_str().expect("UTF-8 path");
    let (records, status) = json_records(&["--exclude", "drafts", root]);
    assert_eq!(status, Some(0));
    assert_eq!(records.last().expect("summary")["decks"], 1);
    let (records, status) = json_records(&["--glob", "**/*.deck", root]);
    assert_eq!(status, Some(1));
    let summary = records.last().expect("summary");
    assert_eq!(
        (&summary["decks"], &summary["illegal"]),
        (&1.into(), &1.into())
    );
    assert_eq!(summary["skipped"], 0);
    check("2021-01-01")
        .args(["--glob", "*.dek", root])
        .assert()
        .code(2)
        .stderr(contains("no decklist in this folder"));
    check("2021-01-01")
        .args(["--glob", "[abc", root])
        .assert()
        .code(2)
        .stderr(contains("`[` without its `]`"));
}

#[test]
fn allow_turns_a_rule_off_and_deny_makes_its_warnings_errors() {
    let warnings = deck("warnings.txt");
    let path = warnings.to_str().expect("UTF-8 path");
    let (records, status) = json_records(&["--deny", "duplicate-event", path]);
    assert_eq!(status, Some(1));
    assert_eq!(records[0]["legal"], false);
    assert_eq!(error_rules(&records[0]), ["duplicate-event"]);
    let (records, status) = json_records(&["--allow", "duplicate-event", path]);
    assert_eq!(status, Some(0));
    let rules: Vec<&str> = records[0]["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .map(|p| p["rule"].as_str().expect("rule"))
        .collect();
    assert!(!rules.contains(&"duplicate-event"), "{rules:?}");
    let small = deck("small-crypt.txt");
    let (records, status) =
        json_records(&["--allow", "crypt-size", small.to_str().expect("UTF-8")]);
    assert_eq!(status, Some(0));
    assert_eq!(records[0]["legal"], true);
    check("2021-01-01")
        .args(["--deny", "no-such-rule", path])
        .assert()
        .code(2)
        .stderr(contains(
            "--deny: unknown rule \"no-such-rule\" (rules: unknown-card",
        ));
}

#[test]
fn standard_input_is_read_when_no_file_is_given_and_only_once() {
    let text = std::fs::read_to_string(deck("legal.txt")).expect("read");
    check("2021-01-01")
        .write_stdin(text.clone())
        .assert()
        .code(0)
        .stdout(contains("-: legal"));
    let (records, status) = {
        let output = check("2021-01-01")
            .args(["--json", "-", "-"])
            .write_stdin(text)
            .output()
            .expect("runs");
        let text = String::from_utf8(output.stdout).expect("UTF-8");
        let records: Vec<serde_json::Value> = text
            .lines()
            .map(|line| serde_json::from_str(line).expect("JSON line"))
            .collect();
        (records, output.status.code())
    };
    assert_eq!(status, Some(2));
    assert_eq!(records[0]["type"], "deck");
    assert_eq!(
        records[1],
        serde_json::json!({"type": "error", "path": "-",
            "message": "-: standard input given twice (it can be read once)", "schema": 1})
    );
    assert_eq!(records[2]["errors"], 1);
}

#[test]
fn an_unreadable_input_is_an_error_record_in_the_stream() {
    let (records, status) = json_records(&["/nonexistent/deck.txt"]);
    assert_eq!(status, Some(2));
    assert_eq!(records[0]["type"], "error");
    assert_eq!(records[0]["path"], "/nonexistent/deck.txt");
    assert!(records[0]["message"]
        .as_str()
        .expect("message")
        .starts_with("/nonexistent/deck.txt"));
}

/// An input from which no card line is read (an empty file, standard input
/// with nothing on it) is no deck to judge: an error naming it, exit 2
/// (before: "illegal: crypt has 0 cards", exit 1); found in a folder, such a
/// file is skipped as not a decklist, and the other decks judged.
#[test]
fn an_input_with_no_card_line_is_not_judged() {
    let output = common::vtesdeck()
        .arg("check")
        .write_stdin("")
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("-:1: no decklist found (an empty file, or no line reads as a card)"),
        "{stderr}"
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(!stdout.contains("-: illegal"), "{stdout}");

    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("empty.txt"), "\n\n").expect("write");
    let example =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks/toreador-votes.twd.txt");
    std::fs::copy(example, dir.path().join("votes.txt")).expect("copy");
    let output = common::vtesdeck()
        .args(["check", "--json"])
        .arg(dir.path())
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let records = common::json_records(&output.stdout);
    let kinds: Vec<(&str, bool)> = records
        .iter()
        .filter(|r| r["type"] != "summary")
        .map(|r| (r["type"].as_str().unwrap_or(""), r["legal"] == true))
        .collect();
    assert_eq!(kinds, [("deck", true), ("skipped", false)], "{records:?}");
    let skipped = &records[1];
    assert!(
        skipped["path"]
            .as_str()
            .is_some_and(|p| p.ends_with("empty.txt")),
        "{skipped}"
    );
}

/// A crypt of groups 5-6 written as players write it: `2x Evan Klein` (of
/// groups 3 and 6) names no printing, but only one fits: an info note, not a
/// warning, and never an error under --strict; a misspelt name is a guess,
/// counted in the summary; `5x CIF` reads as Camarilla's Iron Fist.
#[test]
fn only_printing_that_fits_is_a_note_and_guessed_names_are_counted() {
    let crypt = "Crypt\n2x Montecalme\n2x Allanyan Serata\n2x Annabelle Triabell (G6)\n\
                 2x Catalina Vega\n2x Evan Klein\n2x Theo Bell (G6)\n";
    let library = "\nLibrary\n5x CIF\n40x Bum's Rush\n45x Deflection\n";
    let dir = tempfile::tempdir().expect("temp dir");
    let exact = dir.path().join("exact.txt");
    std::fs::write(&exact, format!("{crypt}{library}")).expect("write");
    let misspelt = dir.path().join("misspelt.txt");
    std::fs::write(
        &misspelt,
        format!("{crypt}{library}").replace("Catalina Vega", "Catalina Vegga"),
    )
    .expect("write");

    // --warnings: no warning for the exact deck, and no guess counted.
    let output = common::vtesdeck()
        .args(["check", "--warnings"])
        .arg(&exact)
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(!text.contains("warning"), "{text}");
    assert!(text.ends_with("1 deck: 1 legal, 0 illegal\n"), "{text}");
    // --verbose: the printing and the abbreviation as info notes.
    let output = common::vtesdeck()
        .args(["check", "--verbose", "--color", "never"])
        .arg(&exact)
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("printing-chosen (info)"), "{text}");
    assert!(text.contains("Evan Klein (G6)"), "{text}");
    assert!(text.contains("abbreviation (info)"), "{text}");
    assert!(text.contains("Camarilla's Iron Fist"), "{text}");
    // --strict: still legal.
    common::vtesdeck()
        .args(["check", "--strict"])
        .arg(&exact)
        .assert()
        .code(0);

    // Both decks: the misspelt one is counted as guessed, legal or not.
    let output = common::vtesdeck()
        .arg("check")
        .arg(&exact)
        .arg(&misspelt)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.ends_with("2 decks: 2 legal, 0 illegal, 1 with names guessed\n"),
        "{text}"
    );
    let output = common::vtesdeck()
        .args(["check", "--json"])
        .arg(&exact)
        .arg(&misspelt)
        .output()
        .expect("runs");
    let records = common::json_records(&output.stdout);
    let summary = records.last().expect("summary");
    assert_eq!(summary["names_guessed"], 1, "{summary}");
    // One line, one finding: the misspelt vampire is one row.
    let output = common::vtesdeck()
        .args(["check", "--format", "github", "--warnings"])
        .arg(&misspelt)
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(text.matches(",line=5,").count(), 1, "{text}");
}

/// A shipped profile's name in any case: `--profile V5` is `v5`.
#[test]
fn profile_names_are_case_insensitive() {
    let deck = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks/brujah-rush.txt");
    let run = |profile: &str| {
        common::vtesdeck()
            .args([
                "check",
                "--json",
                "--date",
                "2026-01-01",
                "--profile",
                profile,
            ])
            .arg(&deck)
            .output()
            .expect("runs")
    };
    let (upper, lower) = (run("V5"), run("v5"));
    assert_eq!(lower.status.code(), upper.status.code(), "{upper:?}");
    assert_eq!(upper.stdout, lower.stdout);
    assert!(String::from_utf8_lossy(&upper.stdout).contains("\"profile\":\"v5\""));
}
