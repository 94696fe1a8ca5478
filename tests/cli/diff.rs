//! End-to-end tests of `vtesdeck diff` with the real card database: one deck in
//! every layout of the sample exports (`common::samples_dir`), counts changed by
//! hand, printings, standard input from git, VDB URLs, folders, and the exit
//! statuses.

use crate::common;

use std::path::{Path, PathBuf};

use predicates::prelude::*;
use predicates::str::contains;

/// The sample every layout is compared with.
const REFERENCE: &str = "daylily.vdb.txt";

/// The sample layouts vtesdeck reads (the `--input-format` table of docs/formats.md;
/// `tests/formats.rs` reads each to the TWDA entry's cards).
const READ_LAYOUTS: [&str; 26] = [
    "daylily.ardb.html",
    "daylily.ardb.xml",
    "daylily.eldb.txt",
    "daylily.jol-copy.txt",
    "daylily.jol-deck.json",
    "daylily.jol.txt",
    "daylily.krcg-minimal.json",
    "daylily.krcg-v5.json",
    "daylily.krcg.json",
    "daylily.lackey.txt",
    "daylily.pmwiki",
    "daylily.sl.txt",
    "daylily.sutekh-ardb.txt",
    "daylily.sutekh-jol.txt",
    "daylily.sutekh-lackey.txt",
    "daylily.sutekh-twda.txt",
    "daylily.sutekh.csv",
    "daylily.sutekh.xml",
    "daylily.vdb-lackey.txt",
    "daylily.vdb-twd-hints.txt",
    "daylily.vdb-twd.txt",
    "daylily.vdb.txt",
    "daylily.veknforum.txt",
    "daylily.vtesdecks-jol.txt",
    "daylily.vtesdecks-lackey.txt",
    "daylily.vtesdecks.txt",
];

fn diff() -> assert_cmd::Command {
    let mut cmd = common::vtesdeck();
    cmd.arg("diff");
    cmd
}

/// The JSON records `diff --json` prints, and the exit status.
fn json_records(left: &Path, right: &Path) -> (Option<i32>, Vec<serde_json::Value>) {
    let output = diff()
        .arg("--json")
        .arg(left)
        .arg(right)
        .output()
        .expect("runs");
    let records = String::from_utf8(output.stdout)
        .expect("UTF-8")
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON line"))
        .collect();
    (output.status.code(), records)
}

/// The reference sample with Céleste Lamontagne 2 -> 3 and Deep Song 10 -> 9.
fn two_counts_changed(folder: &Path) -> PathBuf {
    let text = std::fs::read_to_string(common::samples_dir().join(REFERENCE)).expect("sample");
    assert!(text.contains("\n2x Céleste Lamontagne ") && text.contains("\n10x Deep Song\n"));
    let changed = text
        .replace("\n2x Céleste Lamontagne ", "\n3x Céleste Lamontagne ")
        .replace("\n10x Deep Song\n", "\n9x Deep Song\n");
    let path = folder.join("played.txt");
    std::fs::write(&path, changed).expect("write");
    path
}

#[test]
fn every_sample_layout_vtesdeck_reads_is_the_same_deck() {
    let samples = common::samples_dir();
    let reference = samples.join(REFERENCE);
    let mut same = Vec::new();
    for entry in std::fs::read_dir(&samples).expect("samples") {
        let path = entry.expect("entry").path();
        let name = path
            .file_name()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        if name == "README.md" {
            continue;
        }
        let (status, records) = json_records(&reference, &path);
        assert_eq!(records.len(), 1, "{name}");
        if READ_LAYOUTS.contains(&name.as_str()) {
            assert_eq!(status, Some(0), "{name}: {}", records[0]);
            assert_eq!(records[0]["same"], true, "{name}");
            assert_eq!(records[0]["changes"], serde_json::json!([]), "{name}");
            same.push(name);
        } else {
            // A layout vtesdeck does not read is never reported the same.
            assert_ne!(status, Some(0), "{name}");
            assert_eq!(records[0]["same"], false, "{name}");
        }
    }
    same.sort();
    assert_eq!(same, READ_LAYOUTS);
}

#[test]
fn two_counts_changed_give_exactly_those_two_changes_in_text() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let played = two_counts_changed(folder.path());
    let reference = common::samples_dir().join(REFERENCE);
    let expected = format!(
        "{} -> {}: different, 2 changes
  Crypt (12 -> 13 cards)
    changed   2 -> 3   Céleste Lamontagne
  Library (90 -> 89 cards)
    changed  10 -> 9   Deep Song
",
        reference.display(),
        played.display()
    );
    diff()
        .arg(&reference)
        .arg(&played)
        .assert()
        .code(1)
        .stdout(expected);
}

#[test]
fn two_counts_changed_give_exactly_those_two_changes_in_json() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let played = two_counts_changed(folder.path());
    let reference = common::samples_dir().join(REFERENCE);
    let (status, records) = json_records(&reference, &played);
    assert_eq!(status, Some(1));
    assert_eq!(records.len(), 1);
    let record = &records[0];
    assert_eq!(record["type"], "diff");
    assert_eq!(record["schema"], 1);
    assert_eq!(record["left"], reference.display().to_string());
    assert_eq!(record["right"], played.display().to_string());
    assert_eq!(record["same"], false);
    // Ids as the VEKN card list gives them: Céleste Lamontagne 200259, Deep Song 100515;
    // lines 9 and 40 of the file.
    assert_eq!(
        record["changes"],
        serde_json::json!([
            {"id": 200259, "name": "Céleste Lamontagne", "section": "crypt", "left": 2, "right": 3,
             "left_line": 9, "right_line": 9},
            {"id": 100515, "name": "Deep Song", "section": "library", "left": 10, "right": 9,
             "left_line": 40, "right_line": 40},
        ])
    );
}

#[test]
fn github_format_annotates_the_changed_lines_of_the_right_file() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let played = two_counts_changed(folder.path());
    let reference = common::samples_dir().join(REFERENCE);
    let right = played.display().to_string();
    let left = reference.display().to_string();
    diff()
        .args(["--format", "github"])
        .arg(&reference)
        .arg(&played)
        .assert()
        .code(1)
        .stdout(contains(format!(
            "::warning file={right},line=9,title=diff::Céleste Lamontagne: 3 here, 2 in {left}\n"
        )))
        .stdout(contains(format!(
            "::warning file={right},line=40,title=diff::Deep Song: 9 here, 10 in {left}\n"
        )));
}

#[test]
fn printings_of_a_vampire_are_different_cards() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let left = folder.path().join("g2.txt");
    let right = folder.path().join("g6.txt");
    std::fs::write(&left, "2x Theo Bell (G2)\n1x Deep Song\n").expect("write");
    std::fs::write(&right, "2x Theo Bell (G6)\n1x Deep Song\n").expect("write");
    let (status, records) = json_records(&left, &right);
    assert_eq!(status, Some(1));
    let changes: Vec<(u64, u64, u64)> = records[0]["changes"]
        .as_array()
        .expect("changes")
        .iter()
        .map(|c| {
            (
                c["id"].as_u64().expect("id"),
                c["left"].as_u64().expect("left"),
                c["right"].as_u64().expect("right"),
            )
        })
        .collect();
    // Theo Bell in the VEKN card list: 201362 (group 2), 201613 (group 6).
    assert_eq!(changes, [(201362, 2, 0), (201613, 0, 2)]);
}

#[test]
fn pull_request_recipe_compares_the_last_commit_with_the_working_file() {
    let repo = tempfile::tempdir().expect("temporary folder");
    let git = |args: &[&str]| {
        let status = std::process::Command::new("git")
            .args(["-c", "user.name=test", "-c", "user.email=test@example.com"])
            .args(args)
            .current_dir(repo.path())
            .output()
            .expect("git runs");
        assert!(status.status.success(), "git {args:?}: {status:?}");
    };
    git(&["init", "--quiet"]);
    let sample = common::samples_dir().join(REFERENCE);
    std::fs::copy(&sample, repo.path().join("deck.txt")).expect("copy");
    git(&["add", "deck.txt"]);
    git(&["commit", "--quiet", "-m", "registered"]);
    two_counts_changed(repo.path());
    std::fs::rename(repo.path().join("played.txt"), repo.path().join("deck.txt")).expect("move");
    git(&["commit", "--quiet", "-am", "played"]);
    let binary = assert_cmd::cargo::cargo_bin("vtesdeck");
    let run = |revision: &str| {
        std::process::Command::new("sh")
            .arg("-c")
            .arg(format!(
                "git show {revision}:deck.txt | \"$VTESDECK\" diff - deck.txt"
            ))
            .env("VTESDECK", &binary)
            .env("VTESDECK_CARDS", common::cards_dir())
            .env("VTESDECK_OFFLINE", "1")
            .current_dir(repo.path())
            .output()
            .expect("sh runs")
    };
    let output = run("HEAD~1");
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(
        text.starts_with("- -> deck.txt: different, 2 changes\n"),
        "{text}"
    );
    let output = run("HEAD");
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert_eq!(text, "- = deck.txt: same (crypt 13, library 89)\n");
}

#[test]
fn vdb_url_is_read_as_convert_reads_it() {
    let sample = common::samples_dir().join(REFERENCE);
    let output = common::vtesdeck()
        .args(["convert", "--to", "vdb"])
        .arg(&sample)
        .output()
        .expect("runs");
    let url = String::from_utf8(output.stdout).expect("UTF-8");
    let url = url.trim();
    assert!(url.starts_with("https://vdb.im/decks/deck"), "{url}");
    diff()
        .arg(url)
        .arg(&sample)
        .assert()
        .code(0)
        .stdout(contains(": same (crypt 12, library 90)"));
}

#[test]
fn folders_pair_files_by_name_with_one_record_each() {
    let root = tempfile::tempdir().expect("temporary folder");
    let (left, right) = (root.path().join("registered"), root.path().join("played"));
    for folder in [&left, &right] {
        std::fs::create_dir(folder).expect("folder");
    }
    let sample = common::samples_dir().join(REFERENCE);
    std::fs::copy(&sample, left.join("anna.txt")).expect("copy");
    std::fs::copy(
        common::samples_dir().join("daylily.jol.txt"),
        right.join("anna.txt"),
    )
    .expect("copy");
    std::fs::copy(&sample, left.join("bob.txt")).expect("copy");
    two_counts_changed(&right);
    std::fs::rename(right.join("played.txt"), right.join("bob.txt")).expect("move");
    std::fs::copy(&sample, left.join("carl.txt")).expect("copy");
    std::fs::copy(&sample, right.join("dora.txt")).expect("copy");

    let (status, records) = json_records(&left, &right);
    assert_eq!(status, Some(1));
    let summary: Vec<(String, String, String)> = records
        .iter()
        .map(|r| {
            let name = |field: &str| {
                r[field].as_str().map_or_else(String::new, |p| {
                    Path::new(p)
                        .file_name()
                        .expect("name")
                        .to_string_lossy()
                        .into_owned()
                })
            };
            let verdict = match r["type"].as_str() {
                Some("diff") => format!("same={}", r["same"]),
                _ => format!("unpaired {}", r["side"].as_str().expect("side")),
            };
            (name("left") + &name("path"), name("right"), verdict)
        })
        .collect();
    let row = |a: &str, b: &str, verdict: &str| (a.to_string(), b.to_string(), verdict.to_string());
    assert_eq!(
        summary,
        [
            row("anna.txt", "anna.txt", "same=true"),
            row("bob.txt", "bob.txt", "same=false"),
            row("carl.txt", "", "unpaired left"),
            row("dora.txt", "", "unpaired right"),
        ]
    );
    assert_eq!(records[1]["changes"].as_array().map(Vec::len), Some(2));
    diff()
        .arg(&left)
        .arg(&right)
        .assert()
        .code(1)
        .stdout(contains(format!(
            "{}: only in the left folder\n",
            left.join("carl.txt").display()
        )))
        .stdout(contains("2 pairs: 1 same, 1 different; 2 unpaired files\n"));
}

#[test]
fn unreadable_or_ill_formed_arguments_exit_two() {
    let sample = common::samples_dir().join(REFERENCE);
    diff()
        .arg(&sample)
        .arg("no-such-deck.txt")
        .assert()
        .code(2)
        .stderr(contains("no-such-deck.txt"));
    diff()
        .args(["-", "-"])
        .assert()
        .code(2)
        .stderr(contains("only one side can be standard input"));
    diff()
        .arg(&sample)
        .arg(common::samples_dir())
        .assert()
        .code(2)
        .stderr(contains("is a folder and"));
    let folder = tempfile::tempdir().expect("temporary folder");
    let prose = folder.path().join("notes.txt");
    std::fs::write(&prose, "Bring snacks.\nThe table starts at noon.\n").expect("write");
    diff()
        .arg(&sample)
        .arg(&prose)
        .assert()
        .code(2)
        // A note of prose holds no decklist (issue 28): not compared.
        .stdout(contains("notes.txt: unreadable: "))
        .stdout(contains(
            "notes.txt:1: no decklist found (an empty file, or no line reads as a card)",
        ));
}

#[test]
fn a_line_read_as_no_card_makes_the_comparison_incomplete() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let left = folder.path().join("left.txt");
    let right = folder.path().join("right.txt");
    std::fs::write(&left, "2x Theo Bell (G6)\n1x Deep Song\n").expect("write");
    std::fs::write(&right, "2x Theo Bell (G6)\n1x Deep Song\n1x Dep Sang Zzz\n").expect("write");
    let (status, records) = json_records(&left, &right);
    assert_eq!(status, Some(2));
    assert_eq!(records[0]["same"], false);
    assert_eq!(records[0]["changes"], serde_json::json!([]));
    assert_eq!(records[0]["unread"][0]["side"], "right");
    assert_eq!(records[0]["unread"][0]["line"], 3);
    diff()
        .arg(&left)
        .arg(&right)
        .assert()
        .code(2)
        .stdout(contains("not comparable, 1 line read as no card"))
        .stdout(contains("right.txt:3: 1x Dep Sang Zzz"));
}

/// Two folders compared: a note of prose in both (a decklist extension, no
/// card line) is skipped as not a decklist, as every command skips it in a
/// folder, and the decks are compared (issue 28); named, it is no decklist.
#[test]
fn a_note_of_prose_in_both_folders_is_skipped() {
    let (left, right) = (
        tempfile::tempdir().expect("temp dir"),
        tempfile::tempdir().expect("temp dir"),
    );
    for folder in [&left, &right] {
        std::fs::write(
            folder.path().join("deck.txt"),
            "12x Nathan Turner\n90x Deep Song\n",
        )
        .expect("write");
        std::fs::write(
            folder.path().join("notes.txt"),
            "Hello everyone,\nBring snacks, the table starts at noon.\n",
        )
        .expect("write");
    }
    diff()
        .arg(left.path())
        .arg(right.path())
        .assert()
        .code(0)
        .stderr(contains(format!(
            "skipped {}: no line reads as a card",
            left.path().join("notes.txt").display()
        )))
        .stdout(contains("unreadable").not());
    diff()
        .arg(left.path().join("notes.txt"))
        .arg(right.path().join("deck.txt"))
        .assert()
        .code(2)
        .stdout(contains("notes.txt:1: no decklist found"));
}

/// `--exclude` and `--glob` pick the files of both folders, as on every
/// command that reads folders: a draft left out of both is no pair, and a
/// file only in one folder left out is no longer unpaired.
#[test]
fn glob_and_exclude_pick_the_files_of_both_folders() {
    let root = tempfile::tempdir().expect("temporary folder");
    let (left, right) = (root.path().join("registered"), root.path().join("played"));
    let sample = common::samples_dir().join(REFERENCE);
    for folder in [&left, &right] {
        std::fs::create_dir_all(folder.join("drafts")).expect("folder");
        std::fs::copy(&sample, folder.join("anna.txt")).expect("copy");
    }
    // A draft that differs, and a file only on the left.
    std::fs::copy(&sample, left.join("drafts/bob.txt")).expect("copy");
    two_counts_changed(&right.join("drafts"));
    std::fs::rename(
        right.join("drafts/played.txt"),
        right.join("drafts/bob.txt"),
    )
    .expect("move");
    std::fs::copy(&sample, left.join("carl.txt")).expect("copy");
    // (pairs, pairs that differ, unpaired files), and the exit status.
    let kinds = |records: &[serde_json::Value]| {
        let count = |kind: &str| records.iter().filter(|r| r["type"] == kind).count();
        let different = records
            .iter()
            .filter(|r| r["type"] == "diff" && r["same"] == false)
            .count();
        (count("diff"), different, count("unpaired"))
    };
    let (status, records) = json_records(&left, &right);
    assert_eq!(
        (status, kinds(&records)),
        (Some(1), (2, 1, 1)),
        "{records:?}"
    );
    for (options, expected) in [
        (
            &["--exclude", "drafts", "--exclude", "carl.txt"][..],
            (Some(0), (1, 0, 0)),
        ),
        (&["--glob", "drafts/*"], (Some(1), (1, 1, 0))),
    ] {
        let output = diff()
            .arg("--json")
            .args(options)
            .arg(&left)
            .arg(&right)
            .output()
            .expect("runs");
        let records = common::json_records(&output.stdout);
        assert_eq!(
            (output.status.code(), kinds(&records)),
            expected,
            "{options:?}: {records:?}"
        );
    }
}
