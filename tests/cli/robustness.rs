//! Hostile and broken inputs to `vtesdeck parse` and `vtesdeck check`: each
//! gives a clear error or warning naming the file (and line), the right exit
//! status (0 ok, 1 unresolved lines or an illegal deck, 2 error), and never a panic.

use crate::common;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use predicates::prelude::*;
use predicates::str::contains;

/// A temporary folder with one file written in it.
fn temp_file(name: &str, bytes: &[u8]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join(name);
    fs::write(&path, bytes).expect("write temp file");
    (dir, path)
}

/// `vtesdeck parse PATH` with the fixture card database.
fn parse(path: &Path) -> assert_cmd::assert::Assert {
    common::vtesdeck_fixture().arg("parse").arg(path).assert()
}

fn no_panic() -> impl Predicate<str> {
    contains("panicked").not()
}

/// No decklist is no deck to show (issue 28): an error naming the file,
/// exit 2, in `parse` and `stats` as in `check`, standard input included.
#[test]
fn empty_file_is_an_error_naming_the_file() {
    let (_dir, path) = temp_file("empty.txt", b"");
    parse(&path)
        .code(2)
        .stderr(contains(
            "empty.txt:1: no decklist found (an empty file, or no line reads as a card)",
        ))
        .stderr(no_panic());
    common::vtesdeck_fixture()
        .arg("stats")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(contains("empty.txt:1: no decklist found"));
    for command in ["parse", "stats"] {
        common::vtesdeck_fixture()
            .args([command, "-"])
            .write_stdin("")
            .assert()
            .code(2)
            .stderr(contains("-:1: no decklist found"));
    }
}

#[test]
fn only_blank_lines_is_an_error() {
    let (_dir, path) = temp_file("blank.txt", b"\n\n   \n\t\n\r\n");
    parse(&path)
        .code(2)
        .stderr(contains("blank.txt:1: no decklist found"));
}

#[test]
fn binary_garbage_is_an_error() {
    // A deterministic byte soup, as a binary file would look.
    let bytes: Vec<u8> = (0..20_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let (_dir, path) = temp_file("garbage.bin", &bytes);
    parse(&path)
        .code(2)
        .stderr(contains("garbage.bin:").and(contains("binary data, not a decklist text")))
        .stderr(no_panic());
}

#[test]
fn binary_on_standard_input_is_an_error() {
    let bytes: Vec<u8> = (0..5_000u32).map(|i| (i % 7) as u8).collect();
    common::vtesdeck_fixture()
        .args(["parse", "-"])
        .write_stdin(bytes)
        .assert()
        .code(2)
        .stderr(contains("-:1: binary data"));
}

#[test]
fn nul_byte_line_is_reported_not_read() {
    let (_dir, path) = temp_file("nul.txt", b"2x Alma Test\n2x Bruno\0 Test\n3x Test Bleed\n");
    parse(&path)
        .code(1)
        .stdout(contains("nul.txt:2:").and(contains("control character U+0000")))
        .stdout(contains("2x Alma Test"))
        .stdout(contains("3x Test Bleed"))
        .stderr(no_panic());
}

#[test]
fn invalid_utf8_is_read_as_windows_1252() {
    // Latin-1 accents: the card resolves.
    let (_dir, path) = temp_file("latin1.txt", b"2x C\xe9leste Test\n3x Test Bleed\n");
    parse(&path).code(0).stdout(contains("2x Céleste Test"));
    // Bytes that are no text in any encoding: the line is unresolved, named.
    let (_dir, path) = temp_file("broken.txt", b"2x Alma Test\n3x Test Bl\xff\xfe\x81eed\n");
    parse(&path)
        .code(1)
        .stdout(contains("broken.txt:2:"))
        .stderr(no_panic());
}

#[test]
fn fifty_megabyte_file_is_cut_after_the_line_limit() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("huge.txt");
    let line = b"2x Alma Test\n";
    let mut file = std::io::BufWriter::new(fs::File::create(&path).expect("create"));
    for _ in 0..(50_000_000 / line.len()) {
        file.write_all(line).expect("write");
    }
    file.flush().expect("flush");
    drop(file);
    parse(&path)
        .code(1)
        .stdout(contains("huge.txt:100001:").and(contains("more than 100000 lines")))
        .stderr(no_panic());
}

#[test]
fn file_over_the_size_cap_is_an_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("toolarge.txt");
    let file = fs::File::create(&path).expect("create");
    file.set_len(65 * 1024 * 1024).expect("sparse file");
    parse(&path).code(2).stderr(contains(
        "toolarge.txt: file too large (at least 68157440 bytes",
    ));
}

#[cfg(unix)]
#[test]
fn endless_device_is_cut_at_the_size_cap() {
    parse(Path::new("/dev/zero"))
        .code(2)
        .stderr(contains("/dev/zero: file too large"));
}

#[test]
fn one_megabyte_line_is_reported() {
    let mut text = b"2x Alma Test\n2x ".to_vec();
    text.extend(b"Bruno Test ".repeat(100_000));
    text.push(b'\n');
    let (_dir, path) = temp_file("longline.txt", &text);
    parse(&path)
        .code(1)
        .stdout(contains("longline.txt:2:").and(contains("line too long")))
        .stdout(contains("2x Alma Test"))
        .stderr(no_panic());
}

#[test]
fn absurd_count_is_reported() {
    let (_dir, path) = temp_file("count.txt", b"999999999999x Alma Test\n3x Test Bleed\n");
    parse(&path)
        .code(1)
        .stdout(contains("count.txt:1:").and(contains("card count 999999999999 too large")));
    let (_dir, path) = temp_file(
        "twdcount.txt",
        b"Crypt (12 cards)\n999999999999x Alma Test 1 pot Brujah:1\nLibrary (3 cards)\n3x Test Bleed\n",
    );
    parse(&path)
        .code(1)
        .stdout(contains("twdcount.txt:2:").and(contains("too large")));
}

#[test]
fn negative_and_zero_counts_are_reported() {
    let (_dir, path) = temp_file(
        "counts.txt",
        b"-3x Alma Test\n0x Bruno Test\n3x Test Bleed\n",
    );
    parse(&path)
        .code(1)
        .stdout(contains("counts.txt:1:").and(contains("negative card count -3")))
        .stdout(contains("counts.txt:2:").and(contains("card count 0")));
}

#[cfg(unix)]
#[test]
fn directory_loop_through_a_symlink_is_reported_and_the_rest_read() {
    let dir = tempfile::tempdir().expect("temp dir");
    let decks = dir.path().join("decks");
    fs::create_dir(&decks).expect("mkdir");
    fs::write(decks.join("a.txt"), "2x Alma Test\n").expect("write");
    std::os::unix::fs::symlink(&decks, decks.join("loop")).expect("symlink");
    common::vtesdeck_fixture()
        .arg("parse")
        .arg(&decks)
        .assert()
        .code(2)
        .stdout(contains("2x Alma Test"))
        .stderr(contains("loop").and(contains("symbolic link loop")))
        .stderr(no_panic());
}

#[cfg(unix)]
#[test]
fn vanished_file_is_an_error_naming_it() {
    // A file listed in a folder that is gone when read: a dangling link (what
    // a file deleted between the listing and the reading looks like).
    let dir = tempfile::tempdir().expect("temp dir");
    let decks = dir.path().join("decks");
    fs::create_dir(&decks).expect("mkdir");
    fs::write(decks.join("a.txt"), "2x Alma Test\n").expect("write");
    std::os::unix::fs::symlink(dir.path().join("gone.txt"), decks.join("b.txt")).expect("symlink");
    common::vtesdeck_fixture()
        .arg("parse")
        .arg(&decks)
        .assert()
        .code(2)
        .stdout(contains("2x Alma Test"))
        .stderr(contains("b.txt: symbolic link to a file that is gone"))
        .stderr(no_panic());
    // Named directly on the command line.
    parse(&decks.join("b.txt"))
        .code(2)
        .stderr(contains("b.txt").and(contains("No such file")));
}

/// A copy of the fixture card database with one file changed.
fn broken_cards(file: &str, edit: impl FnOnce(String) -> String) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for entry in fs::read_dir(common::fixture_cards_dir()).expect("fixture cards") {
        let entry = entry.expect("entry");
        fs::copy(entry.path(), dir.path().join(entry.file_name())).expect("copy");
    }
    let path = dir.path().join(file);
    let text = fs::read_to_string(&path).expect("read");
    fs::write(&path, edit(text)).expect("write");
    dir
}

fn parse_with_cards(cards: &Path) -> assert_cmd::assert::Assert {
    let (_dir, deck) = temp_file("deck.txt", b"2x Alma Test\n");
    common::vtesdeck_fixture()
        .arg("--cards")
        .arg(cards)
        .arg("parse")
        .arg(&deck)
        .assert()
}

#[test]
fn card_database_with_a_missing_column_is_an_error() {
    let cards = broken_cards("vtescrypt.csv", |text| {
        text.replacen("\"Capacity\"", "\"Capacty\"", 1)
    });
    parse_with_cards(cards.path())
        .code(2)
        .stderr(contains("vtescrypt.csv:1: missing column \"Capacity\""))
        .stderr(no_panic());
}

#[test]
fn card_database_with_a_truncated_line_is_an_error() {
    let cards = broken_cards("vteslib.csv", |text| {
        let cut = text.trim_end().rfind(',').expect("a comma");
        text[..cut].to_string()
    });
    let lines = fs::read_to_string(cards.path().join("vteslib.csv"))
        .expect("read")
        .lines()
        .count();
    parse_with_cards(cards.path())
        .code(2)
        .stderr(contains(format!("vteslib.csv:{lines}: malformed CSV")))
        .stderr(no_panic());
}

#[test]
fn card_database_cut_inside_a_quote_is_an_error() {
    let cards = broken_cards("vtescrypt.csv", |text| {
        let cut = text.trim_end().len() - 20;
        text[..cut].to_string()
    });
    parse_with_cards(cards.path())
        .code(2)
        .stderr(contains("vtescrypt.csv:"))
        .stderr(no_panic());
}

/// The fixture decklists the fuzz seeds are made of read as written.
#[test]
fn seed_decklists_read_cleanly_and_problems_are_named() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/robustness");
    for name in ["twd.txt", "plain.txt", "lackey.txt"] {
        parse(&dir.join(name))
            .code(0)
            .stdout(contains("Unresolved").not());
    }
    parse(&dir.join("problems.txt"))
        .code(1)
        .stdout(contains("problems.txt:2: -3x Bruno Test").and(contains("negative card count")))
        .stdout(contains("problems.txt:3:").and(contains("card count 0")))
        .stdout(contains("problems.txt:4:").and(contains("too large (at most 999)")))
        .stdout(contains("problems.txt:5: 2x Nobody Test").and(contains("did you mean")));
}

/// `vtesdeck check --json PATH...` with the fixture card database.
fn check(paths: &[&Path]) -> assert_cmd::assert::Assert {
    common::vtesdeck_fixture()
        .args(["check", "--json"])
        .args(paths)
        .assert()
}

/// An empty file is no deck to judge (issue 28): an error record naming it,
/// exit 2, never "illegal: crypt has 0 cards".
#[test]
fn check_of_an_empty_file_is_an_error_not_a_verdict() {
    let (_dir, path) = temp_file("empty.txt", b"");
    check(&[&path])
        .code(2)
        .stdout(contains("\"type\":\"error\"").and(contains("empty.txt:1: no decklist found")))
        .stdout(contains("crypt-size").not())
        .stderr(no_panic());
}

#[test]
fn check_of_binary_garbage_is_an_error_and_the_other_decks_are_checked() {
    let bytes: Vec<u8> = (0..20_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let (dir, garbage) = temp_file("garbage.bin", &bytes);
    let other = dir.path().join("other.txt");
    fs::write(&other, "2x Alma Test\n").expect("write");
    check(&[&garbage, &other])
        .code(2)
        .stderr(contains("garbage.bin:1: binary data"))
        .stdout(contains("other.txt"))
        .stderr(no_panic());
}

#[test]
fn check_reports_absurd_negative_and_zero_counts_with_their_lines() {
    let (_dir, path) = temp_file(
        "counts.txt",
        b"999999999999x Alma Test\n-2x Bruno Test\n0x Carla Test\n",
    );
    check(&[&path])
        .code(1)
        .stdout(
            contains("too large")
                .and(contains("\"line\":1"))
                .and(contains("\"line\":2"))
                .and(contains("\"line\":3")),
        )
        .stderr(no_panic());
}

#[test]
fn check_through_a_symlink_loop_reports_it_and_checks_the_rest() {
    let dir = tempfile::tempdir().expect("temp dir");
    let decks = dir.path().join("decks");
    fs::create_dir(&decks).expect("mkdir");
    fs::write(decks.join("a.txt"), "2x Alma Test\n").expect("write");
    std::os::unix::fs::symlink(&decks, decks.join("loop")).expect("symlink");
    check(&[&decks])
        .code(2)
        .stdout(contains("a.txt"))
        .stderr(contains("symbolic link loop"))
        .stderr(no_panic());
}

#[test]
fn check_with_a_broken_card_database_is_an_error() {
    let cards = broken_cards("vtescrypt.csv", |text| {
        text.replacen("\"Capacity\"", "\"Capacty\"", 1)
    });
    let (_dir, path) = temp_file("deck.txt", b"2x Alma Test\n");
    common::vtesdeck_fixture()
        .env("VTESDECK_CARDS", cards.path())
        .arg("check")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(contains("vtescrypt.csv:1: missing column \"Capacity\""))
        .stderr(no_panic());
}

/// No input is no pass: an empty folder (or one holding only hidden files) and
/// a pattern that matched nothing are errors, exit 2, naming the path, for
/// every command that takes several decks.
#[test]
fn empty_folder_or_unmatched_pattern_is_an_error_for_every_command() {
    let dir = tempfile::tempdir().expect("temp dir");
    let empty = dir.path().join("empty");
    fs::create_dir_all(empty.join("sub")).expect("mkdir");
    fs::write(empty.join(".hidden.txt"), "2x Alma Test\n").expect("write");
    let pattern = dir.path().join("decks/*.txt");
    let cases = [
        (&empty, "no decklist in this folder"),
        (
            &pattern,
            "no such file, and vtesdeck expands no pattern (a shell does: this one matched no \
             file there, or was quoted)",
        ),
    ];
    for command in ["check", "parse", "stats"] {
        for (path, message) in cases {
            common::vtesdeck_fixture()
                .arg(command)
                .arg(path)
                .assert()
                .code(2)
                .stderr(contains(format!("vtesdeck: {}: {message}", path.display())))
                .stderr(no_panic());
        }
    }
}

#[test]
fn empty_folder_beside_good_decks_still_fails_check_and_junit_names_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let empty = dir.path().join("empty");
    fs::create_dir(&empty).expect("mkdir");
    let (_deck_dir, deck) = temp_file("a.txt", b"2x Alma Test\n");
    let output = common::vtesdeck_fixture()
        .args(["check", "--format", "junit"])
        .arg(&deck)
        .arg(&empty)
        .assert()
        .code(2)
        .get_output()
        .clone();
    let xml = String::from_utf8_lossy(&output.stdout);
    assert!(
        xml.contains(&format!(
            "<testcase classname=\"vtesdeck.check\" name=\"{0}\" file=\"{0}\">",
            empty.display()
        )),
        "{xml}"
    );
    assert!(xml.contains("no decklist in this folder"), "{xml}");
}

/// A file name holding characters XML 1.0 forbids (U+FFFE, a control
/// character): the JUnit report stays a valid XML document (checked by an XML
/// parser), the characters shown as U+FFFD; JSON carries the name as it is.
#[cfg(target_os = "linux")]
#[test]
fn forbidden_characters_in_a_file_name_keep_junit_and_json_valid() {
    let name = "bad\u{FFFE}\u{1}deck.txt";
    let (_dir, path) = temp_file(name, b"2x Alma Test\n");
    // The parser is strict: the raw character would be refused.
    let raw = format!("<testsuite name=\"{name}\"/>");
    assert!(
        roxmltree::Document::parse(&raw).is_err(),
        "the parser is lax"
    );

    let junit = common::vtesdeck_fixture()
        .args(["check", "--format", "junit"])
        .arg(&path)
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let junit = String::from_utf8(junit).expect("UTF-8");
    let document = roxmltree::Document::parse(&junit).expect("valid XML");
    let case = document
        .descendants()
        .find(|n| n.has_tag_name("testcase"))
        .expect("a test case");
    let shown = case.attribute("name").expect("name");
    assert!(shown.ends_with("bad\u{FFFD}\u{FFFD}deck.txt"), "{shown:?}");

    let json = common::vtesdeck_fixture()
        .args(["check", "--json"])
        .arg(&path)
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let json = String::from_utf8(json).expect("UTF-8");
    let deck_line = json.lines().next().expect("a deck record");
    let value: serde_json::Value = serde_json::from_str(deck_line).expect("valid JSON");
    let path_field = value["path"].as_str().expect("path");
    assert!(path_field.ends_with(name), "{path_field:?}");
}

/// Real TWDA entries typed badly: every 25th file of the archive, each of its
/// lines changed by one of the edits people make (a Unicode space, a count
/// after the name, a comment, a stray total, case), chosen by the line's
/// number so that every run writes the same files. Every command reads them
/// all and gives a verdict (exit 0 or 1), never a panic.
#[test]
fn real_decks_typed_badly_are_read_without_a_panic() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (index, path) in common::twda_files().iter().step_by(25).enumerate() {
        let bytes = fs::read(path).expect("read TWDA file");
        let text = String::from_utf8_lossy(&bytes);
        let edited: Vec<String> = text
            .lines()
            .enumerate()
            .map(|(number, line)| badly_typed(line, number + index))
            .collect();
        let name = path.file_name().expect("file name");
        fs::write(dir.path().join(name), edited.join("\n")).expect("write edited deck");
    }
    for args in [
        &["parse", "--json"][..],
        &["check", "--warnings"],
        &["check", "--json", "--date", "2008-06-01"],
        &["stats", "--json"],
    ] {
        let output = common::vtesdeck()
            .args(args)
            .arg(dir.path())
            .output()
            .expect("run vtesdeck");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(
            matches!(output.status.code(), Some(0 | 1)),
            "{args:?}: {:?} {stderr}",
            output.status
        );
    }
}

/// One line as a person might have typed it (the edit is picked by `seed`).
fn badly_typed(line: &str, seed: usize) -> String {
    match seed % 11 {
        0 => line.replacen(' ', "\u{a0}", 2),
        1 => match line.split_once("x ") {
            Some((count, name)) if count.bytes().all(|b| b.is_ascii_digit()) => {
                format!("{}\u{a0}x{count}", name.split("  ").next().unwrap_or(name))
            }
            _ => line.to_string(),
        },
        2 => format!("{line} -- good card\u{3000}"),
        3 => line.to_lowercase(),
        4 => format!("{line}  # note"),
        5 => line.replace("(ADV)", "").replace("(G", "(g"),
        6 => format!("{line}\nTotal: 90"),
        7 => format!("{line}\n\t3\tDeflection\u{2003}x2"),
        _ => line.to_string(),
    }
}

/// A note of prose, with no card line in it (issue 28).
const NOTES: &str = "Hello everyone,\n\
                     I wanted to share some thoughts about the game tonight.\n\
                     It was a lot of fun and we should play again soon.\n";

/// No verdict on nothing (issue 28): an empty file, a note of prose and
/// nothing on standard input (a pipe, `< /dev/null`) are "no decklist
/// found", exit 2, in the same words in every command that reads decks,
/// never a deck judged, measured, simulated or written empty.
#[test]
fn no_decklist_found_in_every_command() {
    let dir = tempfile::tempdir().expect("temp dir");
    fs::write(
        dir.path().join("deck.txt"),
        "12x Nathan Turner\n90x Deep Song\n",
    )
    .expect("write");
    fs::write(dir.path().join("empty.txt"), "").expect("write");
    fs::write(dir.path().join("notes.txt"), NOTES).expect("write");
    let commands: [&[&str]; 9] = [
        &["check"],
        &["parse"],
        &["stats"],
        &["draw"],
        &["transfers"],
        &["goldfish"],
        &["report"],
        &["convert", "--to", "twd"],
        &["diff"],
    ];
    for command in commands {
        for input in ["empty.txt", "notes.txt", "-", "/dev/null"] {
            let mut cmd = common::vtesdeck();
            cmd.current_dir(dir.path()).args(command);
            match input {
                "-" => {
                    cmd.arg("-").write_stdin("");
                }
                // No argument: standard input, here `< /dev/null`.
                "/dev/null" => {
                    cmd.pipe_stdin("/dev/null").expect("/dev/null");
                    if command == ["diff"] {
                        cmd.arg("-");
                    }
                }
                file => {
                    cmd.arg(file);
                }
            }
            if command == ["diff"] {
                cmd.arg("deck.txt");
            }
            let label = if input.ends_with(".txt") { input } else { "-" };
            let output = cmd.output().expect("runs");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(
                output.status.code(),
                Some(2),
                "{command:?} {input}: {stderr}"
            );
            assert!(
                stderr.contains(&format!(
                    "{label}:1: no decklist found (an empty file, or no line reads as a card)"
                )),
                "{command:?} {input}: {stderr}"
            );
            assert!(
                !stderr.contains("crypt is empty"),
                "{command:?} {input}: {stderr}"
            );
            assert!(
                !stderr.contains("panicked"),
                "{command:?} {input}: {stderr}"
            );
        }
    }
}

/// A note of prose with a decklist extension in a folder given by name is
/// skipped as not a decklist, listed with the files the walk skips, and the
/// decks of the folder are read (issue 28); named on the command line it is
/// the error "no decklist found".
#[test]
fn a_note_of_prose_in_a_folder_is_skipped() {
    let dir = tempfile::tempdir().expect("temp dir");
    fs::write(
        dir.path().join("deck.txt"),
        "12x Nathan Turner\n90x Deep Song\n",
    )
    .expect("write");
    fs::write(dir.path().join("notes.txt"), NOTES).expect("write");
    let reason = "no line reads as a card (an empty file, or only prose), not a decklist";
    for command in ["check", "parse", "stats", "draw", "transfers"] {
        let output = common::vtesdeck()
            .arg(command)
            .arg(dir.path())
            .output()
            .expect("runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        let skipped = format!(
            "vtesdeck: skipped {}: {reason}",
            dir.path().join("notes.txt").display()
        );
        assert!(stderr.contains(&skipped), "{command}: {stderr}");
        assert!(!stderr.contains("no decklist found"), "{command}: {stderr}");
        // The deck is read (an illegal deck for check, 12 crypt and 90 library cards).
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(stdout.contains("deck.txt"), "{command}: {stdout}");
        assert_ne!(output.status.code(), Some(2), "{command}: {stderr}");
    }
    // A folder report: the deck's page, no page for the note.
    let out = tempfile::tempdir().expect("temp dir");
    let report = out.path().join("report");
    let output = common::vtesdeck()
        .args(["report", "--samples", "100"])
        .arg(dir.path())
        .arg("-o")
        .arg(&report)
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains(reason), "{stderr}");
    assert!(report.join("decks/deck.txt.html").exists(), "{stderr}");
    assert!(!report.join("decks/notes.txt.html").exists(), "{stderr}");
    let index = fs::read_to_string(report.join("index.html")).expect("index");
    assert!(!index.contains("notes.txt"), "the note has no row");

    let output = common::vtesdeck()
        .args(["check", "--json"])
        .arg(dir.path())
        .output()
        .expect("runs");
    let records = common::json_records(&output.stdout);
    let skipped: Vec<(&str, &str)> = records
        .iter()
        .filter(|r| r["type"] == "skipped")
        .map(|r| {
            (
                r["path"].as_str().unwrap_or(""),
                r["reason"].as_str().unwrap_or(""),
            )
        })
        .collect();
    let notes = dir.path().join("notes.txt").display().to_string();
    assert_eq!(skipped, [(notes.as_str(), reason)], "{records:?}");
    let summary = records.last().expect("a summary");
    assert_eq!(summary["skipped"], 1, "{summary}");
    assert_eq!(summary["errors"], 0, "{summary}");

    common::vtesdeck()
        .arg("check")
        .arg(dir.path().join("notes.txt"))
        .assert()
        .code(2)
        .stderr(contains("notes.txt:1: no decklist found"));

    // A folder whose every file holds no card line holds no decklist: no pass.
    fs::remove_file(dir.path().join("deck.txt")).expect("remove");
    fs::write(dir.path().join("empty.txt"), "").expect("write");
    fs::write(dir.path().join("README.md"), "Our decks.\n").expect("write");
    let no_decklist = format!(
        "{}: no decklist in this folder (nothing to read; hidden files are left out, \
         3 other files skipped as not decklists)",
        dir.path().display()
    );
    for command in ["check", "parse", "stats", "draw", "transfers"] {
        common::vtesdeck()
            .arg(command)
            .arg(dir.path())
            .assert()
            .code(2)
            .stderr(contains(no_decklist.clone()))
            .stderr(contains("skipped").and(contains("empty.txt")));
    }
    common::vtesdeck()
        .args(["report", "--samples", "100"])
        .arg(dir.path())
        .arg("-o")
        .arg(out.path().join("none"))
        .assert()
        .code(2)
        .stderr(contains(no_decklist));
}

/// What a run of the command line cost: its time, the peak of its resident
/// memory, and the bytes it wrote.
#[cfg(target_os = "linux")]
struct Cost {
    seconds: f64,
    peak_bytes: u64,
    output_bytes: u64,
}

/// Runs `vtesdeck ARGS` (the fixture card database, or the built-in list)
/// with its outputs to files, and measures it: its time and the peak of its
/// own resident memory, exactly (`common::measured_run`).
#[cfg(target_os = "linux")]
fn measured(args: &[&std::ffi::OsStr], fixture: bool) -> Cost {
    let dir = tempfile::tempdir().expect("temp dir");
    let (out, err) = (dir.path().join("out"), dir.path().join("err"));
    let no_user_data = Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-user-data");
    let run = common::measured_run(&assert_cmd::cargo::cargo_bin("vtesdeck"), |command| {
        if fixture {
            command.env("VTESDECK_CARDS", common::fixture_cards_dir());
        } else {
            command
                .env_remove("VTESDECK_CARDS")
                .env("XDG_DATA_HOME", &no_user_data)
                .env("HOME", &no_user_data);
        }
        command
            .env("VTESDECK_OFFLINE", "1")
            .env("NO_COLOR", "1")
            .args(args)
            .stdin(std::process::Stdio::null())
            .stdout(fs::File::create(&out).expect("out"))
            .stderr(fs::File::create(&err).expect("err"));
    });
    let (seconds, peak_bytes, code) = (run.seconds, run.peak_bytes, run.status);
    let stderr = fs::read_to_string(&err).unwrap_or_default();
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        code.code().is_some_and(|code| code < 2),
        "{code:?}: {stderr}"
    );
    Cost {
        seconds,
        peak_bytes,
        output_bytes: fs::metadata(&out).expect("out").len(),
    }
}

/// Runs a command on an input made at 1x, 10x and 100x its size (`make`
/// gives the arguments and the input's size), and fails on superlinear
/// time (100x the input taking more than 300x the time of 1x: generous,
/// the machine is shared), on memory growing by more than `memory` times
/// the input's growth (beside a few megabytes of allocator slack), or on
/// output growing faster than the input (300x at 100x).
#[cfg(target_os = "linux")]
fn assert_scales(
    what: &str,
    fixture: bool,
    memory: u64,
    make: impl Fn(usize) -> (Vec<std::ffi::OsString>, u64),
) {
    let costs: Vec<(u64, Cost)> = [1, 10, 100]
        .into_iter()
        .map(|scale| {
            let (args, size) = make(scale);
            let args: Vec<&std::ffi::OsStr> = args.iter().map(|arg| arg.as_os_str()).collect();
            (size, measured(&args, fixture))
        })
        .collect();
    let [(size_1, one), (_, _), (size_100, hundred)] = &costs[..] else {
        unreachable!("three runs");
    };
    let report: Vec<String> = costs
        .iter()
        .map(|(size, cost)| {
            format!(
                "{size} bytes: {:.3} s, peak {} KB, output {} bytes",
                cost.seconds,
                cost.peak_bytes / 1024,
                cost.output_bytes
            )
        })
        .collect();
    let report = format!("{what}:\n  {}", report.join("\n  "));
    assert!(
        hundred.seconds <= 300.0 * one.seconds.max(0.01),
        "time: {report}"
    );
    let grown = hundred.peak_bytes.saturating_sub(one.peak_bytes);
    assert!(
        grown <= memory * (size_100 - size_1) + (8 << 20),
        "memory: {report}"
    );
    assert!(
        hundred.output_bytes <= 300 * one.output_bytes.max(1),
        "output: {report}"
    );
    eprintln!("{report}");
}

/// One KRCG deck record of a JSON Lines file of the fixture database.
const JSON_LINES_DECK: &str = r#"{"name": "Deck", "crypt": {"cards": [{"id": 200001, "count": 12, "name": "Alma Test"}]}, "library": {"cards": [{"type": "Combat", "cards": [{"id": 100004, "count": 90, "name": "Test Punch"}]}]}}"#;

/// A file of many decks (JSON Lines, 300 to 30,000 decks) is read a slice
/// of records at a time by `check` and `stats` alike: linear time, memory
/// within a small multiple of the file (issue 41: `stats` kept every deck,
/// 1.4 GB for 100,000).
#[cfg(target_os = "linux")]
#[test]
fn a_file_of_many_decks_scales_linearly_in_check_and_stats() {
    let dir = tempfile::tempdir().expect("temp dir");
    for command in [
        &["check", "--format", "json"][..],
        &["stats", "--json"],
        &["stats"],
    ] {
        assert_scales(&format!("{command:?} of JSON Lines"), true, 10, |scale| {
            let path = dir.path().join(format!("decks-{scale}.jsonl"));
            let line = format!("{JSON_LINES_DECK}\n");
            fs::write(&path, line.repeat(300 * scale)).expect("write");
            let mut args: Vec<std::ffi::OsString> = command.iter().map(Into::into).collect();
            args.push(path.clone().into());
            (args, (line.len() * 300 * scale) as u64)
        });
    }
}

/// Long unknown card lines, each with many comment marks (a close spelling
/// search for the text before each), against the built-in card list: the
/// search has a budget per line, so time is linear in the lines (issue 41:
/// about 55 ms a line).
#[cfg(target_os = "linux")]
#[test]
fn long_unknown_lines_scale_linearly_in_their_suggestions() {
    let dir = tempfile::tempdir().expect("temp dir");
    let line = "2x bloodq dollq -- dominateq kineq--fameq vitaeq //tasteq proseq #vesselq \
                anarchq<-kineq dollq (fameq bloodq [vesselq *vitaeq - deflectionq / fameq\n";
    assert_scales("check of long unknown lines", false, 10, |scale| {
        let path = dir.path().join(format!("lines-{scale}.txt"));
        fs::write(&path, line.repeat(5 * scale)).expect("write");
        let args = vec![
            "check".into(),
            "--format".into(),
            "json".into(),
            path.into(),
        ];
        (args, (line.len() * 5 * scale) as u64)
    });
}

/// A VDB deck URL repeating one pair past 999 copies: the pairs of one id
/// are one card line, their counts added, and the pairs that would take
/// the card past 999 copies are refused as one problem quoting the pair
/// and counting the others (issue 41: each pair quoted the whole URL, 99.5
/// MB of output for 33 KB; then each was a problem of its own, about 3 KB
/// of memory for each 9-byte pair; then a card line of its own, about 180
/// bytes for each, vtesdeck's own peak growing by 44 times the URL). The
/// URL's label is an excerpt: the output of the same size at 1x and 100x.
/// vtesdeck's own peak now grows by about 10 times the URL, nearly all of
/// it the copies any command makes of a long argument (a path of that
/// length that names no file costs the same; the URL read from a file
/// adds less than its size). The measure counts the Python that starts it
/// too, whose copies of the argument (wide strings) grow by 20 times it:
/// both within the bound, 10 times the URL beside the allocator's slack.
#[cfg(target_os = "linux")]
#[test]
fn a_long_vdb_url_scales_linearly_in_its_output() {
    for format in ["human", "github", "junit", "json"] {
        let what = format!("check --format {format} of a VDB URL");
        assert_scales(&what, true, 10, |scale| {
            let pairs = vec!["100004=9"; 130 * scale].join(";");
            let url = format!("https://vdb.im/decks/deck?name=Long#200001=12;100004=999;{pairs}");
            let size = url.len() as u64;
            (
                vec!["check".into(), "--format".into(), format.into(), url.into()],
                size,
            )
        });
    }
    let pairs = vec!["100004=9"; 13_000].join(";");
    let url = format!("https://vdb.im/decks/deck?name=Long#200001=12;100004=999;{pairs}");
    let assert = common::vtesdeck_fixture()
        .args(["check", "--format", "json"])
        .arg(&url)
        .assert()
        .code(1);
    let records = common::json_records(&assert.get_output().stdout);
    let problems = records[0]["problems"].as_array().expect("problems");
    let refused: Vec<&str> = problems
        .iter()
        .filter(|p| p["rule"] == "unknown-card")
        .filter_map(|p| p["message"].as_str())
        .collect();
    assert_eq!(
        refused,
        [
            "cannot read `100004=9`: 1008 copies of card 100004 with the lines before (at \
             most 999 of a card): this line is not read, nor the 12999 more like it on this line"
        ]
    );
}
