//! `vtesdeck draw` end to end: invented decks (tests/fixtures/sim) and a TWDA deck.

mod common;

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
    assert_eq!(v["samples"], 2000);
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
    assert!(vampires.values().all(|p| close(p, 1.0 / 3.0)));
    assert!(close(&v["crypt"]["capacity_total"]["4"], 1.0));
    assert!(close(&v["crypt"]["distinct_at_least"][3], 1.0));
    assert!(close(&v["crypt"]["duplicate"], 0.0));
    assert!(close(
        &v["crypt"]["disciplines"]["pot"]["p_at_least"][3],
        1.0
    ));
    for key in ["master_and_playable", "mean_playable", "no_playable_minion"] {
        assert!(v["sampled"][key]["value"].is_f64(), "{key}");
        assert!(v["sampled"][key]["standard_error"].is_f64(), "{key}");
    }
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
fn sampled_figures_match_exact_ones_within_four_standard_errors() {
    // Pennies play Sim Punch (35 of 90) and nothing else: the sampled figures have
    // closed forms here.
    let v = draw_json("pennies.txt", &["--samples", "300000", "--seed", "11"]);
    let none = choose(55, 7) as f64 / choose(90, 7) as f64;
    let mean = 7.0 * 35.0 / 90.0;
    let s = &v["sampled"];
    for (key, exact) in [("no_playable_minion", none), ("mean_playable", mean)] {
        let value = s[key]["value"].as_f64().unwrap();
        let error = s[key]["standard_error"].as_f64().unwrap();
        assert!(
            (value - exact).abs() < 4.0 * error,
            "{key}: {value} vs {exact}"
        );
    }
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
        .stdout(predicate::str::contains("1000 samples, seed 1"))
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
