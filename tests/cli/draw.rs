//! `vtesdeck draw` end to end: invented decks (tests/fixtures/sim) and a TWDA deck.

use crate::common;

use std::path::PathBuf;

use predicates::prelude::*;
use serde_json::Value;

fn sim_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sim")
}

/// The binary with the invented simulation card database.
fn vtesdeck_sim() -> assert_cmd::Command {
    let mut cmd = common::vtesdeck_fixture();
    cmd.env("VTESDECK_CARDS", common::sim_cards_dir());
    cmd
}

fn draw_json(deck: &str, extra: &[&str]) -> Value {
    let output = vtesdeck_sim()
        .arg("draw")
        .arg(sim_dir().join(deck))
        .args(["--json", "--quiet"])
        .args(extra)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

fn choose(n: u128, k: u128) -> u128 {
    (0..k).fold(1u128, |acc, i| acc * (n - i) / (i + 1))
}

fn close(a: &Value, b: f64) -> bool {
    (a.as_f64().unwrap() - b).abs() < 1e-12
}

#[test]
fn json_has_the_issue_shape_and_exact_master_odds() {
    let v = draw_json("pennies.txt", &["--samples", "2000", "--seed", "3"]);
    assert_eq!(v["hand"], 7);
    assert_eq!(v["crypt_draw"], 4);
    assert_eq!(v["seed"], 3);
    assert!(v["path"].as_str().unwrap().ends_with("pennies.txt"));
    let master = &v["library"]["types"]["Master"];
    assert_eq!(master["count"], 20);
    assert!(close(&master["expected"], 7.0 * 20.0 / 90.0));
    let exact = 1.0 - choose(70, 7) as f64 / choose(90, 7) as f64;
    assert!(close(&master["p_at_least"][0], exact));
    assert_eq!(master["p_at_least"].as_array().unwrap().len(), 4);
    assert_eq!(v["library"]["disciplines"]["Potence"]["count"], 35);
    assert!(v["library"]["clans"].as_object().unwrap().is_empty());
    assert!(v["library"]["tracked"].as_object().unwrap().is_empty());
    // Twelve distinct vampires: each is in the starting 4 with probability 4/12.
    let vampires = v["crypt"]["vampires"].as_object().unwrap();
    assert_eq!(vampires.len(), 12);
    assert!(vampires
        .values()
        .all(|p| close(&p["p_at_least_one"], 1.0 / 3.0)));
    assert!(vampires.values().any(|p| p["name"] == "Penny One"));
    assert!(close(&v["crypt"]["capacity_total"]["4"], 1.0));
    assert!(close(&v["crypt"]["distinct_at_least"][3], 1.0));
    assert!(close(&v["crypt"]["duplicate"], 0.0));
    assert!(close(
        &v["crypt"]["disciplines"]["pot"]["p_at_least"][3],
        1.0
    ));
    assert_eq!(v["opening_method"], "exact");
    assert!(v["sampled"].is_null());
    assert_eq!(v["samples"], 0);
    for key in ["master_and_playable", "mean_playable", "no_playable_minion"] {
        assert!(v["opening"][key].is_f64(), "{key}");
    }
    assert!(v.get("key").is_none());
}

#[test]
fn tracked_names_and_comma_groups() {
    let v = draw_json(
        "mixed.txt",
        &[
            "--samples",
            "100",
            "--track",
            "Sim Punch",
            "--track",
            "sim pride, Sim Order",
        ],
    );
    let tracked = v["library"]["tracked"].as_object().unwrap();
    assert_eq!(tracked["Sim Punch"]["count"], 30);
    assert_eq!(tracked["Sim Pride, Sim Order"]["count"], 40);
    assert_eq!(v["library"]["trifles"]["count"], 4);
    assert_eq!(v["library"]["clans"]["Brujah"]["count"], 10);
    // Six copies of each of two vampires: at least one duplicate among 4 for sure.
    assert!(close(&v["crypt"]["duplicate"], 1.0));
}

#[test]
fn opening_figures_equal_their_closed_forms() {
    // Pennies play Sim Punch (35 of 90) and nothing else, whatever the start;
    // 20 masters: P(master and playable) = 1 - C(70,7)/C(90,7) - C(55,7)/C(90,7)
    // + C(35,7)/C(90,7).
    let v = draw_json("pennies.txt", &[]);
    let all = choose(90, 7) as f64;
    let none = choose(55, 7) as f64 / all;
    let both = 1.0 - choose(70, 7) as f64 / all - none + choose(35, 7) as f64 / all;
    let o = &v["opening"];
    assert!(close(&o["no_playable_minion"], none));
    assert!(close(&o["mean_playable"], 7.0 * 35.0 / 90.0));
    assert!(close(&o["master_and_playable"], both));
}

#[test]
fn key_vampire_in_the_starting_four_of_twelve_distinct_is_one_third() {
    let v = draw_json("pennies.txt", &["--key", "Penny Seven"]);
    assert_eq!(v["key"]["names"], serde_json::json!(["Penny Seven"]));
    // C(11,4)/C(12,4) = 330/495 = 2/3 without it.
    assert_eq!(v["key"]["p_in_start"].as_f64().unwrap(), 1.0 / 3.0);
    let two = draw_json(
        "pennies.txt",
        &["--key", "Penny Seven", "--key", "Penny One"],
    );
    // 1 - C(10,4)/C(12,4) = 1 - 210/495.
    assert!(close(&two["key"]["p_in_start"], 1.0 - 210.0 / 495.0));
}

#[test]
fn a_key_is_a_vampire_written_as_a_decklist_writes_it() {
    // Theo Bell G2 x8 and G6 x4 (the real cards): any printing of the name is the key.
    let dir = tempfile::tempdir().unwrap();
    let deck = dir.path().join("theo.txt");
    std::fs::write(
        &deck,
        "8x Theo Bell (G2)\n4x Theo Bell (G6)\n\n40x Blood Doll\n",
    )
    .unwrap();
    for key in ["Theo Bell (G6)", "Theo Bell (G2 ADV)", "theo bell"] {
        let output = common::vtesdeck()
            .args(["draw", "--json", "-q", "--key", key])
            .arg(&deck)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{key}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(
            output.stderr.is_empty(),
            "{key}: read literally, nothing to say"
        );
        let v: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(v["key"]["names"], serde_json::json!(["Theo Bell"]), "{key}");
        assert_eq!(
            v["key"]["p_in_start"], 1.0,
            "{key}: every crypt card is Theo Bell"
        );
    }
    // A library card is no vampire (exit 2, as --help says); a printing that
    // does not exist is refused with the printings that do.
    for (key, message) in [
        (
            "Blood Doll",
            "--key \"Blood Doll\": Blood Doll is a library card; --key takes a vampire",
        ),
        (
            "Theo Bell (G4)",
            "did you mean \"Theo Bell (G2)\", \"Theo Bell (G2 ADV)\" or \"Theo Bell (G6)\"?",
        ),
    ] {
        common::vtesdeck()
            .args(["draw", "-q", "--key", key])
            .arg(&deck)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
}

#[test]
fn seen_cards_and_warnings_name_what_was_asked() {
    let output = vtesdeck_sim()
        .arg("draw")
        .arg(sim_dir().join("pennies.txt"))
        .args(["--json", "--quiet", "--seen", "12", "--track", "Sim Master"])
        .args(["--track", "Sim Pride", "--key", "Titan One"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("--track Sim Pride: not in the library"),
        "{stderr}"
    );
    assert!(
        stderr.contains("--key Titan One: not in the crypt"),
        "{stderr}"
    );
    let v: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(v["seen"]["cards"], 12);
    let exact = 1.0 - choose(70, 12) as f64 / choose(90, 12) as f64;
    assert!(close(
        &v["seen"]["tracked"]["Sim Master"]["p_at_least"][0],
        exact
    ));
    // A crypt card is no --track card.
    vtesdeck_sim()
        .arg("draw")
        .arg(sim_dir().join("pennies.txt"))
        .args(["--track", "Penny One"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("\"Penny One\": a crypt card"));
}

#[test]
fn several_decks_and_folders_one_record_each() {
    let output = vtesdeck_sim()
        .arg("draw")
        .arg(sim_dir().join("pennies.txt"))
        .arg(sim_dir().join("mixed.txt"))
        .args(["--json", "--quiet"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let records: Vec<Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2);
    assert!(records[1]["path"].as_str().unwrap().ends_with("mixed.txt"));
    // A folder: every deck of it, the bad ones reported (exit 2), the others printed.
    let output = vtesdeck_sim()
        .arg("draw")
        .arg(sim_dir())
        .args(["--json", "--quiet"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let printed = String::from_utf8_lossy(&output.stdout).lines().count();
    assert!(printed >= 3, "{printed}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("unresolved.txt"));
}

#[test]
fn same_seed_same_output_across_runs_and_thread_counts() {
    let run = |threads: &str| {
        vtesdeck_sim()
            .arg("draw")
            .arg(sim_dir().join("mixed.txt"))
            .args(["--seed", "77", "--samples", "50000", "--threads", threads])
            .output()
            .unwrap()
            .stdout
    };
    let one = run("1");
    assert!(!one.is_empty());
    assert_eq!(one, run("2"));
    assert_eq!(one, run("1"));
}

#[test]
fn tables_for_people() {
    vtesdeck_sim()
        .arg("draw")
        .arg(sim_dir().join("mixed.txt"))
        .args(["--samples", "1000", "--seed", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Library (exact)"))
        .stdout(predicate::str::contains("Titan One"))
        .stdout(predicate::str::contains("P(no playable minion card)"))
        .stdout(predicate::str::contains("Opening (exact)"))
        .stdout(predicate::str::contains("Every figure is exact"))
        .stdout(predicate::str::contains("Columns: "))
        .stderr("");
}

#[test]
fn bad_decks_and_options_exit_2_with_a_clear_message() {
    let cases = [
        (
            "unresolved.txt",
            vec![],
            "unresolved.txt:4: unresolved card line",
        ),
        (
            "small_library.txt",
            vec![],
            "a hand of 7 cards is larger than the 5-card library",
        ),
        ("no_crypt.txt", vec![], "the crypt is empty"),
        (
            "pennies.txt",
            vec!["--hand", "91"],
            "larger than the 90-card library",
        ),
        (
            "pennies.txt",
            vec!["--crypt-draw", "13"],
            "more than the 12-card crypt",
        ),
        (
            "pennies.txt",
            vec!["--track", "Zzyzx Qqq"],
            "no library card named",
        ),
        ("missing.txt", vec![], "missing.txt"),
    ];
    for (deck, extra, message) in cases {
        vtesdeck_sim()
            .arg("draw")
            .arg(sim_dir().join(deck))
            .args(&extra)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message))
            .stderr(predicate::str::contains("panicked").not());
    }
}

#[test]
fn a_real_tournament_deck() {
    let deck = common::twda_dir().join("10043.txt");
    let output = common::vtesdeck()
        .args(["draw", "--json", "--seed", "1", "--samples", "20000"])
        .arg(&deck)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let v: Value = serde_json::from_slice(&output.stdout).unwrap();
    let total: f64 = v["crypt"]["capacity_total"]
        .as_object()
        .unwrap()
        .values()
        .map(|p| p.as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-9);
    assert_eq!(v["library"]["types"]["Master"]["count"], 20);
}

/// The exact opening figures against a 1,000,000-sample run of the same deck,
/// on 20 TWDA decks spread over the archive (slow in a debug build: CI runs it
/// with `--include-ignored` in release).
#[test]
#[ignore = "1,000,000 samples on each of 20 decks"]
fn exact_opening_equals_a_million_samples_on_twenty_twda_decks() {
    use vtesdeck::cards::CardDb;
    use vtesdeck::deck::Deck;
    use vtesdeck::formats::LoadDeck;
    use vtesdeck::sim::{check_opening, DrawOptions, OpeningFigures, SampledOdds, Seed};

    let db = CardDb::load(&common::cards_dir()).unwrap();
    let files = common::twda_files();
    let step = files.len() / 20;
    let mut failures = Vec::new();
    for (i, path) in files.iter().step_by(step).take(20).enumerate() {
        let deck = Deck::load(path, None, &db).unwrap();
        let options = DrawOptions {
            samples: 1_000_000,
            seed: Seed(1000 + i as u64),
            ..DrawOptions::default()
        };
        let Ok(tables) = check_opening(&deck, &db, &options) else {
            continue;
        };
        let exact = OpeningFigures::exact(&tables, options.hand, options.crypt_draw).unwrap();
        let sampled = SampledOdds::sample(&tables, &options, &|_| {});
        let n = options.samples as f64;
        // The standard error of a proportion from the exact p (a rare event may
        // have no hit in the samples, and then a sampled error of 0).
        let proportion_error = |p: f64| (p * (1.0 - p) / n).sqrt();
        for (name, estimate, exact, error) in [
            (
                "master_and_playable",
                sampled.master_and_playable,
                exact.master_and_playable,
                proportion_error(exact.master_and_playable),
            ),
            (
                "mean_playable",
                sampled.mean_playable,
                exact.mean_playable,
                sampled.mean_playable.standard_error,
            ),
            (
                "no_playable_minion",
                sampled.no_playable_minion,
                exact.no_playable_minion,
                proportion_error(exact.no_playable_minion),
            ),
        ] {
            let tolerance = (4.0 * error).max(1e-12);
            if (estimate.value - exact).abs() > tolerance {
                failures.push(format!(
                    "{}: {name} sampled {} ± {}, exact {exact}",
                    path.display(),
                    estimate.value,
                    estimate.standard_error
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Runs `draw` (text) on a deck written for the test, with the simulation cards.
fn draw_text_of(text: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let deck = dir.path().join("deck.txt");
    std::fs::write(&deck, text).unwrap();
    let output = vtesdeck_sim()
        .arg("draw")
        .arg(&deck)
        .args(["--seed", "1", "--quiet"])
        .output()
        .unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

/// The cells of the table row whose first cell is `label`.
fn row<'a>(text: &'a str, label: &str) -> Vec<&'a str> {
    let line = text
        .lines()
        .find(|l| {
            l.trim_start_matches('│')
                .trim_start()
                .starts_with(&format!("{label} "))
        })
        .unwrap_or_else(|| panic!("no row {label:?} in\n{text}"));
    line.trim_matches('│').split('┆').map(str::trim).collect()
}

#[test]
fn certain_events_are_100_percent_and_small_ones_plain_decimals() {
    // 11 of the 12 crypt cards have Potence: of 4 dealt, at least 3 always do,
    // all 4 with C(11,4)/C(12,4) = 330/495. Four trifles of 90: all four in
    // the hand of 7 with C(86,3)/C(90,7) = 0.0014%.
    let text = draw_text_of("11x Penny One\n1x Titan One\n\n4x Sim Trifle\n86x Sim Punch\n");
    assert_eq!(
        row(&text, "pot"),
        ["pot", "11", "100%", "100%", "100%", "66.7%"]
    );
    assert_eq!(row(&text, "dom"), ["dom", "1", "33.3%", "0%", "0%", "0%"]);
    let four = choose(86, 3) as f64 / choose(90, 7) as f64 * 100.0;
    assert!((four - 0.00137).abs() < 0.00001, "{four}");
    assert_eq!(row(&text, "Trifles")[7], "0.0014%");
    assert_eq!(
        row(&text, "at least 1 distinct vampire"),
        ["at least 1 distinct vampire", "100%"]
    );
    // Two distinct vampires unless the four are Pennies: 1 - 330/495.
    assert_eq!(row(&text, "at least 2 distinct vampires")[1], "33.3%");
    assert!(!text.contains("e-"), "no scientific notation:\n{text}");
}

#[test]
fn a_seed_is_one_every_json_reader_keeps_exact() {
    // 2^53 - 1: the largest integer a double (how most JSON readers read a
    // number) holds exactly with every smaller one.
    let largest = 9_007_199_254_740_991u64;
    let v = draw_json("pennies.txt", &["--seed", &largest.to_string()]);
    assert_eq!(v["seed"].as_u64(), Some(largest));
    assert_eq!(v["seed"].as_f64().map(|f| f as u64), Some(largest));
    vtesdeck_sim()
        .arg("draw")
        .arg(sim_dir().join("pennies.txt"))
        .args(["--seed", &(largest + 1).to_string()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is not in 0..=9007199254740991"));
    // Without --seed, the default seed (0), the same from run to run.
    let default = draw_json("pennies.txt", &[]);
    assert_eq!(default["seed"].as_u64(), Some(0));
    assert_eq!(default, draw_json("pennies.txt", &["--seed", "0"]));
}

/// `--key` suggests crypt cards only, the names that hold a part of a name
/// first (issue 28): `Carmelita` offers `Carmelita Neillson`, `Nathan`
/// `Nathan Turner`.
#[test]
fn a_key_that_is_a_part_of_a_name_suggests_the_vampires_that_hold_it() {
    for (command, key, first) in [
        ("draw", "Carmelita", "Carmelita Neillson"),
        ("transfers", "Nathan", "Nathan Turner"),
    ] {
        common::vtesdeck()
            .args([command, "-", "--key", key])
            .write_stdin("12x Nathan Turner\n90x Deep Song\n")
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "--key \"{key}\": no crypt card of that name (did you mean \"{first}\""
            )));
    }
}

/// `--samples 0` says what is wrong in the words of games, not as a range
/// of integers.
#[test]
fn zero_samples_is_refused_in_words() {
    let deck = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks/brujah-rush.txt");
    common::vtesdeck()
        .args(["draw", "--samples", "0"])
        .arg(deck)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "0 games: give at least 1 sampled game",
        ))
        .stderr(predicate::str::contains("18446744073709551615").not());
}

/// `--glob` and `--exclude` on every command that reads decks: `draw`,
/// `goldfish` and a folder `report` read the files they pick, as `check` does.
#[test]
fn glob_and_exclude_pick_the_files_of_draw_goldfish_and_report() {
    let decks = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks");
    let paths = |command: &[&str]| -> Vec<String> {
        let output = common::vtesdeck()
            .args(command)
            .args(["--seed", "1", "--samples", "50", "--json"])
            .arg(&decks)
            .args(["--glob", "*.txt", "--exclude", "brujah*"])
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(0), "{command:?}: {output:?}");
        common::json_records(&output.stdout)
            .iter()
            .map(|record| record["path"].as_str().unwrap_or_default().to_string())
            .map(|path| path.rsplit('/').next().unwrap_or_default().to_string())
            .collect()
    };
    let expected = ["nosferatu-stealth.lackey.txt", "toreador-votes.twd.txt"];
    assert_eq!(paths(&["draw"]), expected);
    assert_eq!(paths(&["goldfish", "--turns", "2"]), expected);

    let out = tempfile::tempdir().expect("temp dir");
    let report = out.path().join("report");
    common::vtesdeck()
        .args(["report", "--seed", "1", "--samples", "50", "--quiet"])
        .arg(&decks)
        .args(["--exclude", "brujah*", "-o"])
        .arg(&report)
        .assert()
        .success();
    let mut pages: Vec<String> = std::fs::read_dir(report.join("decks"))
        .expect("the report's pages")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".html") && name != "index.html")
        .collect();
    pages.sort();
    assert_eq!(
        pages,
        [
            "nosferatu-stealth.lackey.txt.html",
            "toreador-votes.twd.txt.html"
        ]
    );
}
