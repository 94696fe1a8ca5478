//! `vtesdeck transfers` end to end: invented crypts (tests/fixtures/sim) and a TWDA deck.

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

fn transfers_json(deck: &str, extra: &[&str]) -> Value {
    let options = [&["--samples", "5000", "--seed", "2"], extra].concat();
    transfers_json_of(&sim_dir().join(deck), common::sim_cards_dir(), &options)
}

/// `transfers --json` of a deck file against a card database.
fn transfers_json_of(deck: &std::path::Path, cards: PathBuf, options: &[&str]) -> Value {
    let output = common::vtesdeck_fixture()
        .env("VTESDECK_CARDS", cards)
        .arg("transfers")
        .arg(deck)
        .args(["--json", "--quiet"])
        .args(options)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn twelve_capacity_one_vampires_seat_one_first_vampire_on_turn_one() {
    let v = transfers_json("pennies.txt", &["--seat", "1"]);
    let seats = v["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 1);
    let seat = &seats[0];
    assert_eq!(seat["seat"], 1);
    assert_eq!(seat["turns"][0]["p_at_least"][0], 1.0);
    assert_eq!(seat["turns"][0]["p_at_least"][1], 0.0);
    assert_eq!(seat["turns"][0]["expected_pool"], 29.0);
    assert_eq!(seat["nth_vampire"][0]["median"], 1);
    assert_eq!(seat["nth_vampire"][0]["mean"], 1.0);
    assert_eq!(seat["nth_vampire"][0]["p_never"], 0.0);
    // Turn 2: 4 transfers on the three other 1-capacity vampires: 4 in play, the maximum.
    assert_eq!(seat["turns"][1]["p_at_least"][3], 1.0);
    assert_eq!(seat["turns"][7]["expected_pool"], 26.0);
}

#[test]
fn twelve_capacity_eleven_vampires_no_vampire_before_turn_three() {
    let v = transfers_json("titans.txt", &[]);
    let seats = v["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 5);
    for seat in seats {
        for turn in 0..2 {
            assert_eq!(seat["turns"][turn]["p_at_least"][0], 0.0, "{seat}");
        }
        assert_eq!(seat["turns"].as_array().unwrap().len(), 8);
    }
    // Seats 4 and 5 spend 4 + 4 + 4 = 12 >= 11 by turn 3.
    assert_eq!(seats[3]["turns"][2]["p_at_least"][0], 1.0);
    assert_eq!(seats[3]["nth_vampire"][0]["median"], 3);
    // Seat 1: 1 + 4 + 4 = 9 by turn 3, 13 by turn 4.
    assert_eq!(seats[0]["turns"][2]["p_at_least"][0], 0.0);
    assert_eq!(seats[0]["nth_vampire"][0]["median"], 4);
}

#[test]
fn json_has_the_issue_shape() {
    let v = transfers_json("mixed.txt", &["--turns", "5", "--max-vampires", "3"]);
    assert_eq!(v["policy"], "cheapest");
    assert_eq!(v["samples"], 5000);
    assert_eq!(v["seed"], 2);
    assert_eq!(v["max_vampires"], 3);
    assert!(v["path"].as_str().unwrap().ends_with("mixed.txt"));
    let seat = &v["seats"][2];
    assert_eq!(seat["seat"], 3);
    let turn = &seat["turns"][0];
    assert_eq!(turn["turn"], 1);
    for key in ["expected_controlled", "expected_capacity", "expected_pool"] {
        assert!(turn[key].is_number(), "{key}");
    }
    // P(at least k) goes up to --max-vampires.
    assert_eq!(turn["p_at_least"].as_array().unwrap().len(), 3);
    assert_eq!(seat["turns"].as_array().unwrap().len(), 5);
    let first = &seat["nth_vampire"][0];
    assert_eq!(first["nth"], 1);
    assert!(first["mean"].is_number() && first["median"].is_number());
    assert!(first["p_never"].is_number());
    // Only two distinct vampires: the third never comes out.
    assert_eq!(seat["nth_vampire"][2]["p_never"], 1.0);
    assert!(seat["nth_vampire"][2]["mean"].is_null());
}

#[test]
fn same_seed_same_output_across_runs_and_thread_counts() {
    let run = |threads: &str| {
        vtesdeck_sim()
            .arg("transfers")
            .arg(sim_dir().join("mixed.txt"))
            .args(["--seed", "5", "--samples", "40000", "--threads", threads])
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
fn one_game_and_one_vampire_are_singular() {
    vtesdeck_sim()
        .arg("transfers")
        .arg(sim_dir().join("titans.txt"))
        .args([
            "--samples",
            "1",
            "--seed",
            "1",
            "--seat",
            "2",
            "--max-vampires",
            "1",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "influence phase, policy cheapest, 1 game per seat, seed 1, up to 1 vampire\n",
        ));
}

#[test]
fn table_and_terminal_chart() {
    vtesdeck_sim()
        .arg("transfers")
        .arg(sim_dir().join("titans.txt"))
        .args(["--samples", "1000", "--seed", "1", "--seat", "4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Seat 4"))
        .stdout(predicate::str::contains(
            "Expected capacity in play by turn",
        ))
        .stdout(predicate::str::contains("4 = seat 4"))
        .stderr("");
}

#[test]
fn seats_with_the_same_figures_are_shown_once() {
    // Seats 4 and 5 both get 4 transfers on their first turn: the same
    // games, one table and one chart line; the JSON keeps both records,
    // equal but for the seat.
    let output = vtesdeck_sim()
        .arg("transfers")
        .arg(sim_dir().join("titans.txt"))
        .args(["--samples", "1000", "--seed", "1"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("\nSeat 3\n"), "{text}");
    assert!(text.contains("\nSeats 4–5 (the same figures)\n"), "{text}");
    assert!(
        !text.contains("\nSeat 4\n") && !text.contains("\nSeat 5\n"),
        "{text}"
    );
    assert!(text.contains(", 4 = seats 4–5 (where"), "{text}");
    let v = transfers_json("titans.txt", &[]);
    let seats = v["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 5);
    assert_eq!(seats[3]["turns"], seats[4]["turns"]);
    assert_eq!(seats[3]["nth_vampire"], seats[4]["nth_vampire"]);
}

#[test]
fn plot_writes_svg_and_refuses_png() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("curve.svg");
    vtesdeck_sim()
        .arg("transfers")
        .arg(sim_dir().join("mixed.txt"))
        .args(["--samples", "1000", "--seed", "1", "--quiet", "--plot"])
        .arg(&svg)
        .assert()
        .success();
    let svg = std::fs::read_to_string(svg).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<polyline").count(), 5, "one line per seat");
    for seat in 1..=5 {
        assert!(
            svg.contains(&format!("<title>seat {seat}</title>")),
            "{svg}"
        );
    }
    assert!(svg.contains("mixed.txt: transfer curve"));
    let png = dir.path().join("curve.png");
    vtesdeck_sim()
        .arg("transfers")
        .arg(sim_dir().join("mixed.txt"))
        .args(["--samples", "100", "--plot"])
        .arg(&png)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("name the file .svg"))
        .stderr(predicate::str::contains("PNG is not drawn"));
    assert!(!png.exists());
}

/// A simulation that would run for hours: the plot file must be refused before it.
fn endless_transfers(plot: &std::path::Path, extra: &[&str]) -> assert_cmd::assert::Assert {
    vtesdeck_sim()
        .arg("transfers")
        .arg(sim_dir().join("mixed.txt"))
        .args(["--samples", "100000000000", "--quiet", "--plot"])
        .arg(plot)
        .args(extra)
        .timeout(std::time::Duration::from_secs(60))
        .assert()
}

#[test]
fn plot_file_is_checked_before_the_simulation() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-folder/curve.svg");
    endless_transfers(&missing, &[])
        .code(2)
        .stderr(predicate::str::contains(format!(
            "{}: no folder {} to write it in",
            missing.display(),
            dir.path().join("no-such-folder").display()
        )));
    let existing = dir.path().join("curve.svg");
    std::fs::write(&existing, "mine").unwrap();
    endless_transfers(&existing, &[])
        .code(2)
        .stderr(predicate::str::contains(
            "curve.svg: already exists; use --force to overwrite it",
        ));
    assert_eq!(std::fs::read_to_string(&existing).unwrap(), "mine");
    endless_transfers(&dir.path().join("curve.txt"), &[])
        .code(2)
        .stderr(predicate::str::contains(
            "the plot is written as SVG: name the file .svg",
        ));
}

#[cfg(unix)]
#[test]
fn plot_force_replaces_a_file_never_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.svg");
    std::fs::write(&real, "mine").unwrap();
    let link = dir.path().join("curve.svg");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    endless_transfers(&link, &["--force"])
        .code(2)
        .stderr(predicate::str::contains(
            "curve.svg: is a symbolic link, not a regular file",
        ));
    assert_eq!(std::fs::read_to_string(&real).unwrap(), "mine");
    vtesdeck_sim()
        .arg("transfers")
        .arg(sim_dir().join("mixed.txt"))
        .args([
            "--samples",
            "200",
            "--seed",
            "1",
            "--quiet",
            "--force",
            "--plot",
        ])
        .arg(&real)
        .assert()
        .success();
    assert!(std::fs::read_to_string(&real).unwrap().contains("<svg"));
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["curve.svg", "real.svg"], "no temporary file left");
}

#[test]
fn bad_options_and_decks_exit_2() {
    let cases: [(&str, &[&str], &str); 5] = [
        ("mixed.txt", &["--seat", "6"], "seat 1 to 5"),
        ("mixed.txt", &["--policy", "greedy"], "greedy"),
        (
            "mixed.txt",
            &["--plot", "curve.txt"],
            "the plot is written as SVG: name the file .svg",
        ),
        ("no_crypt.txt", &[], "the crypt is empty"),
        ("unresolved.txt", &[], "unresolved card line"),
    ];
    for (deck, extra, message) in cases {
        vtesdeck_sim()
            .arg("transfers")
            .arg(sim_dir().join(deck))
            .args(["--samples", "100"])
            .args(extra)
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
        .args(["transfers", "--json", "--seed", "1", "--samples", "20000"])
        .arg(&deck)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let v: Value = serde_json::from_slice(&output.stdout).unwrap();
    for seat in v["seats"].as_array().unwrap() {
        let turns = seat["turns"].as_array().unwrap();
        let capacity: Vec<f64> = turns
            .iter()
            .map(|t| t["expected_capacity"].as_f64().unwrap())
            .collect();
        assert!(capacity.windows(2).all(|w| w[0] <= w[1]), "{capacity:?}");
        assert!(turns
            .iter()
            .all(|t| t["expected_pool"].as_f64().unwrap() >= 1.0));
    }
}

#[test]
fn help_documents_the_rules_and_the_cheapest_policy() {
    let output = vtesdeck_sim()
        .args(["transfers", "--help"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for phrase in [
        "put 1 pool on the eligible target that needs the fewest counters to reach its capacity",
        "Pool never goes below 1",
        "4 transfers and 1 pool move the next crypt card to the uncontrolled region",
    ] {
        assert!(words.contains(phrase), "{phrase}");
    }
}

/// The SVG chart is XML: a deck file name holding U+FFFE or a control
/// character still gives a valid document (checked by an XML parser).
#[cfg(target_os = "linux")]
#[test]
fn plot_of_a_deck_with_a_hostile_name_is_valid_svg() {
    let dir = tempfile::tempdir().unwrap();
    let deck = dir.path().join("mixed\u{FFFE}\u{1}.txt");
    std::fs::copy(sim_dir().join("mixed.txt"), &deck).unwrap();
    let svg = dir.path().join("curve.svg");
    vtesdeck_sim()
        .arg("transfers")
        .arg(&deck)
        .args(["--samples", "200", "--seed", "1", "--quiet", "--plot"])
        .arg(&svg)
        .assert()
        .success();
    let text = std::fs::read_to_string(&svg).unwrap();
    roxmltree::Document::parse(&text).expect("valid XML");
    assert!(text.contains("mixed\u{FFFD}\u{FFFD}.txt"));
}

#[test]
fn key_figures_per_seat_in_the_issue_shape() {
    let v = transfers_json("titans.txt", &["--key", "Titan Three", "--seat", "4"]);
    assert_eq!(v["keys"], serde_json::json!(["Titan Three"]));
    let key = &v["seats"][0]["key"];
    let by_turn = key["p_in_play_by_turn"].as_array().unwrap();
    assert_eq!(by_turn.len(), 8);
    // Cumulative: never goes down.
    let values: Vec<f64> = by_turn.iter().map(|p| p.as_f64().unwrap()).collect();
    assert!(values.windows(2).all(|w| w[0] <= w[1]));
    let never = key["p_never"].as_f64().unwrap();
    assert!((never - (1.0 - values[7])).abs() < 1e-12);
    assert!(key["mean_turn"].is_f64());
    assert!(v["seats"][0]["turns"][0]["pool_p10"].is_u64());
    // Without --key there is no "key".
    let plain = transfers_json("titans.txt", &["--seat", "4"]);
    assert!(plain["seats"][0].get("key").is_none());
}

#[test]
fn policy_all_side_by_side() {
    let v = transfers_json("titans.txt", &["--policy", "all", "--key", "Titan Three"]);
    let rows = v["comparison"].as_array().unwrap();
    assert_eq!(rows.len(), 15);
    let policies: Vec<&str> = rows[..3]
        .iter()
        .map(|r| r["policy"].as_str().unwrap())
        .collect();
    assert_eq!(policies, ["cheapest", "biggest", "key"]);
    for row in rows {
        for field in ["p_two_by_turn_3", "p_key_by_turn_4", "expected_pool_turn_4"] {
            assert!(row[field].is_f64(), "{field}");
        }
    }
    assert_eq!(v["curves"].as_array().unwrap().len(), 3);
    vtesdeck_sim()
        .arg("transfers")
        .arg(sim_dir().join("titans.txt"))
        .args(["--policy", "all", "--samples", "2000", "--seed", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("P(2 vampires by turn 3)"))
        .stdout(predicate::str::contains("P(key").not())
        .stdout(predicate::str::contains("│ key").not())
        .stdout(predicate::str::contains("Columns: "));
    // Without --key, no key row: the key policy would only dig the crypt.
    let plain = transfers_json("titans.txt", &["--policy", "all"]);
    let policies: Vec<&str> = plain["comparison"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["policy"].as_str().unwrap())
        .collect();
    assert_eq!(policies.len(), 10);
    assert!(policies.iter().all(|p| *p != "key"), "{policies:?}");
    assert_eq!(plain["curves"].as_array().unwrap().len(), 2);
}

#[test]
fn key_mistakes_are_named() {
    vtesdeck_sim()
        .arg("transfers")
        .arg(sim_dir().join("titans.txt"))
        .args(["--policy", "key"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--policy key needs at least one --key",
        ));
    vtesdeck_sim()
        .arg("transfers")
        .arg(sim_dir().join("titans.txt"))
        .args(["--key", "Zzyzx Qqq"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--key \"Zzyzx Qqq\": no crypt card",
        ));
    vtesdeck_sim()
        .arg("transfers")
        .arg(sim_dir().join("titans.txt"))
        .args(["--key", "Penny One", "--samples", "100", "-q"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "--key Penny One: not in the crypt",
        ));
    // A library card is no vampire: exit 2, as the help says.
    vtesdeck_sim()
        .arg("transfers")
        .arg(sim_dir().join("titans.txt"))
        .args(["--key", "Sim Master", "--samples", "100", "-q"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--key \"Sim Master\": Sim Master is a library card; --key takes a vampire",
        ));
    // Suggestions are crypt cards only, quoted.
    vtesdeck_sim()
        .arg("transfers")
        .arg(sim_dir().join("titans.txt"))
        .args(["--key", "Sim Mastr", "--samples", "100", "-q"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("did you mean \""))
        .stderr(predicate::str::contains("Sim Master").not());
    // A close spelling is read, and said (even with -q); a printing suffix is accepted.
    for (written, remark) in [
        (
            "Titan Thre",
            "vtesdeck: --key \"Titan Thre\": read as Titan Three (the closest crypt card name)",
        ),
        ("titan three", ""),
        ("Titan Three (G1)", ""),
    ] {
        let output = vtesdeck_sim()
            .arg("transfers")
            .arg(sim_dir().join("titans.txt"))
            .args(["--key", written, "--samples", "100", "-q", "--json"])
            .output()
            .unwrap();
        assert!(output.status.success(), "{written}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.trim_end(), remark, "{written}");
        let v: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(v["keys"], serde_json::json!(["Titan Three"]), "{written}");
    }
}

#[test]
fn under_the_key_policy_more_transfers_never_make_a_slower_start() {
    let twda = common::twda_dir();
    let examples = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks");
    let crypts = [
        (sim_dir().join("titans.txt"), "Titan Three"),
        (sim_dir().join("mixed.txt"), "Titan One"),
        (twda.join("10043.txt"), "Lillian"),
        (twda.join("10043.txt"), "Doyle Fincher"),
        (twda.join("11634.txt"), "Ublo-Satha"),
        (examples.join("brujah-rush.txt"), "Jack Drake"),
    ];
    for (deck, key) in crypts {
        let cards = if deck.starts_with(sim_dir()) {
            common::sim_cards_dir()
        } else {
            common::cards_dir()
        };
        let v = transfers_json_of(
            &deck,
            cards,
            &[
                "--seed",
                "9",
                "--samples",
                "20000",
                "--policy",
                "key",
                "--key",
                key,
            ],
        );
        let seats = v["seats"].as_array().unwrap();
        assert_eq!(seats.len(), 5);
        // Every seat plays the same shuffled crypts: a later seat (as many
        // transfers or more) has its first vampire and its key vampire in
        // play by each turn at least as often (sampling noise aside).
        for pair in seats.windows(2) {
            let (before, after) = (&pair[0], &pair[1]);
            for t in 0..8 {
                let first = |seat: &Value| seat["turns"][t]["p_at_least"][0].as_f64().unwrap();
                let key_in = |seat: &Value| seat["key"]["p_in_play_by_turn"][t].as_f64().unwrap();
                for (what, earlier, later) in [
                    ("a vampire", first(before), first(after)),
                    ("the key", key_in(before), key_in(after)),
                ] {
                    assert!(
                        later + 0.01 >= earlier,
                        "{} --key {key}: {what} by turn {}: seat {} {earlier}, seat {} {later}",
                        deck.display(),
                        t + 1,
                        before["seat"],
                        after["seat"]
                    );
                }
            }
        }
    }
}

#[test]
fn key_policy_against_a_hand_computation() {
    // Eleven Penny One (capacity 1, one vampire) and the key, Penny Two
    // (capacity 1). Penny Two is dealt in the start with 4/12 = 1/3 and comes
    // out on turn 1. Else Penny One comes out on turn 1 (a vampire first, at
    // every seat), then each turn is a crypt draw until Penny Two comes, in
    // play the turn after: by turn t >= 2, 1/3 + 2/3 (t - 2)/8, at every seat.
    let dir = tempfile::tempdir().unwrap();
    let deck = dir.path().join("pennies.txt");
    std::fs::write(&deck, "11x Penny One\n1x Penny Two\n\n10x Sim Master\n").unwrap();
    let v = transfers_json_of(
        &deck,
        common::sim_cards_dir(),
        &[
            "--seed",
            "9",
            "--samples",
            "40000",
            "--policy",
            "key",
            "--key",
            "Penny Two",
        ],
    );
    for seat in v["seats"].as_array().unwrap() {
        assert_eq!(
            seat["turns"][0]["p_at_least"][0], 1.0,
            "seat {}",
            seat["seat"]
        );
        for (t, p) in seat["key"]["p_in_play_by_turn"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
        {
            let turn = t as f64 + 1.0;
            let expected = 1.0 / 3.0 + 2.0 / 3.0 * (turn - 2.0).max(0.0) / 8.0;
            let error = (expected * (1.0 - expected) / 40_000.0).sqrt();
            let p = p.as_f64().unwrap();
            assert!(
                (p - expected).abs() <= 4.0 * error,
                "seat {} turn {}: {p} against {expected}",
                seat["seat"],
                t + 1
            );
        }
    }
}

#[test]
fn several_decks_one_record_each() {
    let output = vtesdeck_sim()
        .arg("transfers")
        .arg(sim_dir().join("titans.txt"))
        .arg(sim_dir().join("pennies.txt"))
        .args(["--json", "--quiet", "--samples", "500", "--seed", "1"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let lines: Vec<Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[1]["path"].as_str().unwrap().ends_with("pennies.txt"));
}

#[test]
fn a_vdb_url_of_twelve_janey_pickman_under_key_is_one_from_her_first_turn() {
    // Janey Pickman, capacity 6: seat 1 has 1 + 4 = 5 transfers by turn 2, so
    // turn 3; seats 2 to 5 have 6 or more by turn 2.
    let url = "https://vdb.im/decks/deck?name=Two%20cards&author=Me#200673=12;100601=60";
    let output = common::vtesdeck()
        .args([
            "transfers",
            url,
            "--json",
            "-q",
            "--samples",
            "2000",
            "--seed",
            "4",
        ])
        .args(["--policy", "key", "--key", "Janey Pickman"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let v: Value = serde_json::from_slice(&output.stdout).unwrap();
    for seat in v["seats"].as_array().unwrap() {
        let first = if seat["seat"] == 1 { 3 } else { 2 };
        let by_turn = seat["key"]["p_in_play_by_turn"].as_array().unwrap();
        for (t, p) in by_turn.iter().enumerate() {
            let expected = if t + 1 >= first { 1.0 } else { 0.0 };
            assert_eq!(
                p.as_f64().unwrap(),
                expected,
                "seat {} turn {}",
                seat["seat"],
                t + 1
            );
        }
    }
    let draw = common::vtesdeck()
        .args(["draw", url, "--json", "-q", "--key", "Janey Pickman"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&draw.stdout).unwrap();
    assert_eq!(v["key"]["p_in_start"], 1.0);
}
