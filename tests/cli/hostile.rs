//! Hostile and large documents (issue 32): no input aborts the process, no
//! reader is quadratic, a page or a list from which nothing is read says so,
//! a long description is no card line. The big inputs are generated here,
//! never committed.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use predicates::prelude::*;
use predicates::str::contains;

/// A temporary folder with files written in it.
fn folder_with(files: &[(&str, &[u8])]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, bytes) in files {
        let path = dir.path().join(name);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).expect("folder");
        }
        fs::write(path, bytes).expect("write temp file");
    }
    dir
}

/// A legal-looking deck of the fixture database, in the TWD layout.
const GOOD_DECK: &str = "Crypt (12 cards)\n12x Alma Test 1 pot Brujah:1\n\n\
                         Library (90 cards)\n90x Test Punch\n";

/// An ARDB HTML page whose deck name, after its crypt and library, is
/// nested `depth` levels deep in `<b>` tags, its lines kept short (16 tags a
/// line).
fn deeply_nested_page(depth: usize) -> String {
    let mut nest = String::new();
    for level in 0..depth {
        nest.push_str("<b>x");
        if level % 16 == 15 {
            nest.push('\n');
        }
    }
    for level in 0..depth {
        nest.push_str("</b>");
        if level % 16 == 15 {
            nest.push('\n');
        }
    }
    // The parts first: a folder's HTML file is read when its first 64 KiB
    // show the parts of a deck page.
    format!(
        "<html><body>\n\
         <div id=\"crypt\"><table><tr><td>12x</td><td>Alma Test</td></tr></table></div>\n\
         <div id=\"library\"><table><tr><td>90x</td><td>Test Punch</td></tr></table></div>\n\
         <span id=\"namevalue\">Deep{nest}</span></body></html>\n"
    )
}

fn paths(dir: &Path, names: &[&str]) -> Vec<PathBuf> {
    names.iter().map(|name| dir.join(name)).collect()
}

/// A page nested 60,000 levels deep beside a good deck: both are read, on
/// the threads that read a folder (whose stacks are smaller than the main
/// thread's), and neither aborts the process.
#[test]
fn a_page_nested_sixty_thousand_levels_deep_is_read_beside_the_other_decks() {
    let page = deeply_nested_page(60_000);
    let dir = folder_with(&[
        ("deep.html", page.as_bytes()),
        ("good.txt", GOOD_DECK.as_bytes()),
    ]);
    let parsed = common::vtesdeck_fixture()
        .args(["parse", "--json"])
        .arg(dir.path())
        .assert()
        .code(0)
        .stderr(contains("overflow").not());
    let records = common::json_records(&parsed.get_output().stdout);
    assert_eq!(records.len(), 2, "{records:?}");
    for record in &records {
        assert_eq!(record["crypt"][0]["count"], 12, "{record}");
        assert_eq!(record["library"][0]["count"], 90, "{record}");
    }
    assert_eq!(records[0]["format"], "ardb-html");
    assert_eq!(records[1]["format"], "twd");
    // `check` reads the two files each on a thread of its own too.
    common::vtesdeck_fixture()
        .arg("check")
        .args(paths(dir.path(), &["deep.html", "good.txt"]))
        .assert()
        .stdout(contains("deep.html").and(contains("good.txt")))
        .stderr(contains("overflow").not());
}

/// An ARDB HTML page as Sutekh writes it (cells of spans on lines of
/// their own), with the fixture database's cards.
fn sutekh_page(crypt_rows: &str) -> String {
    let cell = |text: &str| format!("<td>\n  <span class=\"tablevalue\">{text}</span>\n</td>");
    let library_row = format!("<tr>\n{}{}\n</tr>", cell("90x"), cell("Test Punch"));
    format!(
        "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\"\n \
         \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\">\n\
         <html xmlns=\"http://www.w3.org/1999/xhtml\"><body>\n\
         <div id=\"crypt\"><table><tbody>\n{crypt_rows}\n</tbody></table></div>\n\
         <div id=\"library\"><table><tbody>\n{library_row}\n</tbody></table></div>\n\
         </body></html>\n"
    )
}

/// One `</td>` missing (an end tag HTML lets a page leave out): the crypt
/// is read, not lost in silence.
#[test]
fn a_page_missing_an_optional_end_tag_reads_its_crypt() {
    let row = "<tr>\n<td>\n  <span class=\"tablevalue\">12x</span>\n\
               <td>\n  <span class=\"tablevalue\">Alma Test</span>\n</td><td />\n</tr>";
    let dir = folder_with(&[("deck.html", sutekh_page(row).as_bytes())]);
    let parsed = common::vtesdeck_fixture()
        .args(["parse", "--json"])
        .arg(dir.path().join("deck.html"))
        .assert()
        .code(0);
    let records = common::json_records(&parsed.get_output().stdout);
    assert_eq!(records[0]["crypt"][0]["name"], "Alma Test");
    assert_eq!(records[0]["crypt"][0]["count"], 12);
    assert_eq!(records[0]["library"][0]["count"], 90);
}

/// A page whose crypt holds no row says so: exit 1, and the line of the
/// crypt's element named (before: "Crypt (0 cards)", exit 0).
#[test]
fn a_page_from_which_no_crypt_is_read_says_so() {
    let dir = folder_with(&[("deck.html", sutekh_page("").as_bytes())]);
    common::vtesdeck_fixture()
        .arg("parse")
        .arg(dir.path().join("deck.html"))
        .assert()
        .code(1)
        .stdout(contains(
            "deck.html:4: <div id=\"crypt\">  (no crypt card read: no table row of a count and a card name in it)",
        ));
}

/// Words enough for a line of more than 10 KB.
fn long_words() -> String {
    "The deck bleeds and bleeds again. ".repeat(320)
}

/// A legal deck whose description is one line of 10 KB: still legal (before:
/// the line was reported as too long, and the deck judged illegal, exit 1).
#[test]
fn a_ten_kilobyte_description_line_keeps_a_legal_deck_legal() {
    let deck = format!(
        "Deck Name: Long words\nDescription: {}\n\nCrypt (12 cards)\n6x Alma Test\n6x Carla Test\n\n\
         Library (60 cards)\n59x Test Bleed\n1x Test Haven\n",
        long_words()
    );
    let dir = folder_with(&[("deck.txt", deck.as_bytes())]);
    common::vtesdeck_fixture()
        .arg("check")
        .arg(dir.path().join("deck.txt"))
        .assert()
        .code(0)
        .stdout(contains("deck.txt: legal"));
}

/// A 10 KB XML comment on one line, and XML and HTML written on one line
/// (minified): the cards are read (before: the long line was blanked, and
/// the document read as an empty deck).
#[test]
fn long_comments_and_minified_documents_are_read() {
    let words = long_words();
    let ardb_xml = format!(
        "<?xml version=\"1.0\"?>\n<!-- {words} -->\n<deck><name>Minified</name>\
         <description>{words}</description><crypt size=\"12\"><vampire count=\"12\">\
         <name>Alma Test</name></vampire></crypt><library size=\"90\"><card count=\"90\">\
         <name>Test Punch</name></card></library></deck>"
    );
    let sutekh_xml = format!(
        "<physicalcardset name=\"Minified\"><comment>{words}</comment>\
         <card name=\"Alma Test\" count=\"12\" /><card name=\"Test Punch\" count=\"90\" />\
         </physicalcardset>"
    );
    let html = format!(
        "<html><body><span id=\"descriptionvalue\">{words}</span><div id=\"crypt\"><table>\
         <tr><td>12x</td><td>Alma Test</td></tr></table></div><div id=\"library\"><table>\
         <tr><td>90x</td><td>Test Punch</td></tr></table></div></body></html>"
    );
    let dir = folder_with(&[
        ("ardb.xml", ardb_xml.as_bytes()),
        ("sutekh.xml", sutekh_xml.as_bytes()),
        ("page.html", html.as_bytes()),
    ]);
    for (file, format) in [
        ("ardb.xml", "ardb-xml"),
        ("sutekh.xml", "sutekh-xml"),
        ("page.html", "ardb-html"),
    ] {
        let parsed = common::vtesdeck_fixture()
            .args(["parse", "--json"])
            .arg(dir.path().join(file))
            .assert()
            .code(0);
        let records = common::json_records(&parsed.get_output().stdout);
        let deck = &records[0];
        assert_eq!(deck["format"], format);
        assert_eq!(deck["crypt"][0]["count"], 12, "{file}");
        assert_eq!(deck["library"][0]["count"], 90, "{file}");
        assert_eq!(deck["unresolved"], serde_json::json!([]), "{file}");
    }
}

/// `convert` of a text from which no card is read writes nothing and exits
/// 2, naming the file (before: an empty deck written, exit 0, nothing said):
/// a text with no card line at all holds no decklist, one whose every card
/// line names no card has no card read.
#[test]
fn convert_refuses_to_write_a_deck_from_which_nothing_was_read() {
    let dir = folder_with(&[
        ("empty.txt", b""),
        ("junk.txt", b"2x Nothing Known\n"),
        ("good.txt", GOOD_DECK.as_bytes()),
    ]);
    for (file, unresolved, error) in [
        (
            "empty.txt",
            false,
            "empty.txt:1: no decklist found (an empty file, or no line reads as a card)",
        ),
        (
            "junk.txt",
            true,
            "junk.txt: no card read (an empty file, or no line reads as a card): nothing to write",
        ),
    ] {
        let output = dir.path().join(format!("{file}.json"));
        let assert = common::vtesdeck_fixture()
            .args(["convert", "--to", "krcg", "-o"])
            .arg(&output)
            .arg(dir.path().join(file))
            .assert()
            .code(2)
            .stderr(contains(error));
        if unresolved {
            assert.stderr(contains("junk.txt:1: not converted: 2x Nothing Known"));
        }
        assert!(!output.exists(), "{file}: something written");
    }
    // A folder holding such a file is not written as an archive either (its
    // empty file is skipped as not a decklist).
    let elsewhere = tempfile::tempdir().expect("temp dir");
    let archive = elsewhere.path().join("archive.json");
    common::vtesdeck_fixture()
        .args(["convert", "--to", "krcg", "-o"])
        .arg(&archive)
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(contains("junk.txt: no card read"))
        .stderr(contains("empty.txt:1: no decklist found").not());
    assert!(!archive.exists(), "an archive was written");
}

/// Copies of a card are capped after its lines add up: what vtesdeck
/// converts, it reads back (before: a crypt of 1,212 copies written as one
/// KRCG count vtesdeck then refused; a VDB URL repeating one pair converted
/// to 2,997,000 copies, exit 0). The pairs of the URL refused alike are one
/// problem.
#[test]
fn repeated_lines_never_take_a_card_past_999_copies() {
    let repeated_url = format!(
        "https://vdb.im/decks/deck?name=Repeated#{}",
        vec!["200001=999"; 3000].join(";")
    );
    let dir = folder_with(&[
        (
            "repeated.txt",
            b"Crypt:\n606x Alma Test\n606x Alma Test\nLibrary:\n90x Test Punch\n",
        ),
        ("repeated.url", repeated_url.as_bytes()),
    ]);
    // The URL's 2,999 pairs refused are one problem counting the others.
    for (file, refused_lines, copies) in [("repeated.txt", 1, 606), ("repeated.url", 1, 999)] {
        let output = dir.path().join(format!("{file}.json"));
        let converted = common::vtesdeck_fixture()
            .args(["convert", "--to", "krcg", "-o"])
            .arg(&output)
            .arg(dir.path().join(file))
            .assert()
            .code(1)
            .stderr(contains(
                "with the lines before (at most 999 of a card): this line is not read",
            ));
        let stderr = String::from_utf8_lossy(&converted.get_output().stderr).into_owned();
        assert_eq!(
            stderr.matches("not converted").count(),
            refused_lines,
            "{file}"
        );
        assert_eq!(
            stderr.contains("nor the 2998 more like it on this line"),
            file == "repeated.url",
            "{file}: {stderr}"
        );
        // What was written reads back, every card read.
        let parsed = common::vtesdeck_fixture()
            .args(["parse", "--json"])
            .arg(&output)
            .assert()
            .code(0);
        let records = common::json_records(&parsed.get_output().stdout);
        let crypt = &records[0]["crypt"][0];
        assert_eq!(
            (crypt["id"].as_u64(), crypt["count"].as_u64()),
            (Some(200_001), Some(copies)),
            "{file}"
        );
    }
}

/// An 8 MB card name over many lines is refused as a card line, and shown
/// shortened: the messages stay short (before: echoed whole, 8 MB).
#[test]
fn an_eight_megabyte_name_is_not_echoed_whole() {
    let name = "Alma Test, and more\n".repeat(400_000);
    let xml = format!(
        "<deck><crypt><vampire count=\"12\"><name>Alma Test</name></vampire>\
         <vampire count=\"x\"><name>{name}</name></vampire>\
         <vampire count=\"1\"><name>{name}</name></vampire></crypt>\
         <library><card count=\"90\"><name>Test Punch</name></card></library></deck>"
    );
    let dir = folder_with(&[("big.xml", xml.as_bytes())]);
    for command in ["parse", "check"] {
        let assert = common::vtesdeck_fixture()
            .arg(command)
            .arg(dir.path().join("big.xml"))
            .assert()
            .code(1);
        let output = assert.get_output();
        let shown = output.stdout.len() + output.stderr.len();
        assert!(shown < 10_000, "{command}: {shown} bytes shown");
        let stdout = String::from_utf8_lossy(&output.stdout);
        // Both lines are named (check's table wraps its messages).
        assert!(stdout.contains("too long (8000001"), "{stdout}");
        assert!(stdout.contains("invalid card count `x`"), "{stdout}");
    }
}

/// `report DECKS -o DECKS/out`, with the fixture database.
fn report_folder(decks: &Path, out: &Path) -> assert_cmd::assert::Assert {
    common::vtesdeck_fixture()
        .arg("report")
        .arg(decks)
        .args(["--samples", "200", "--seed", "1", "--quiet", "-o"])
        .arg(out)
        .assert()
}

/// A report written inside the folder it reports on is not read back as
/// decks, by the next report or any other command (before: its pages were
/// read as ARDB HTML decks).
#[test]
fn a_report_inside_its_input_folder_is_not_read_back() {
    let dir = folder_with(&[("good.txt", GOOD_DECK.as_bytes())]);
    report_folder(dir.path(), &dir.path().join("out")).code(0);
    assert!(dir.path().join("out/decks/good.txt.html").is_file());
    report_folder(dir.path(), &dir.path().join("again"))
        .code(0)
        .stdout(contains("1 deck page and the index"));
    assert!(!dir.path().join("again/decks/out").exists());
    common::vtesdeck_fixture()
        .arg("parse")
        .arg(dir.path())
        .assert()
        .code(0)
        .stdout(contains("(read as").count(1))
        .stderr(contains(
            "index.html: a page of a vtesdeck report, not a decklist",
        ));
}

/// A symbolic link to a folder inside `report -o OUT` does not send the
/// pages outside OUT: refused before any page is written (before: the pages
/// went where the link pointed).
#[cfg(unix)]
#[test]
fn a_link_inside_the_report_folder_sends_no_page_outside_it() {
    let decks = folder_with(&[("good.txt", GOOD_DECK.as_bytes())]);
    let out = tempfile::tempdir().expect("temp dir");
    let elsewhere = tempfile::tempdir().expect("temp dir");
    std::os::unix::fs::symlink(elsewhere.path(), out.path().join("decks")).expect("link");
    report_folder(decks.path(), out.path())
        .code(2)
        .stderr(contains(
            "decks is a symbolic link; files are written only inside",
        ));
    assert_eq!(fs::read_dir(elsewhere.path()).expect("folder").count(), 0);
    assert!(!out.path().join("index.html").exists());
}

/// A deck of the fixture database as one KRCG JSON line.
const GOOD_JSON: &str = r#"{"name": "Good", "cards": {"200001": 12, "100004": 90}}"#;

/// In a file of many decks, a record that is no deck is one error record,
/// named by its place; every other deck is checked and printed (before: the
/// whole file was one error, no deck of it checked).
#[test]
fn a_record_that_is_no_deck_is_one_error_among_the_decks_of_its_file() {
    let mut lines = vec![GOOD_JSON; 2500];
    lines[1999] = r#"{"nothing": "here"}"#;
    let dir = folder_with(&[("decks.jsonl", lines.join("\n").as_bytes())]);
    let output = common::vtesdeck_fixture()
        .args(["check", "--json"])
        .arg(dir.path().join("decks.jsonl"))
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let records: Vec<serde_json::Value> = common::json_records(&output.stdout)
        .into_iter()
        .filter(|record| record["type"] != "summary")
        .collect();
    assert_eq!(records.len(), 2500);
    let errors: Vec<&serde_json::Value> = records.iter().filter(|r| r["type"] == "error").collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0]["path"]
            .as_str()
            .is_some_and(|p| p.ends_with("decks.jsonl#2000")),
        "{errors:?}"
    );
    assert!(
        errors[0]["message"]
            .as_str()
            .is_some_and(|e| e.contains("decks.jsonl:2000:")),
        "the message names the record's line: {errors:?}"
    );
    // The decks before and after it, in file order.
    assert_eq!(
        records[0]["path"]
            .as_str()
            .map(|p| p.ends_with("decks.jsonl#1")),
        Some(true)
    );
    assert_eq!(
        records[2499]["path"]
            .as_str()
            .map(|p| p.ends_with("decks.jsonl#2500")),
        Some(true)
    );
    assert_eq!(records.iter().filter(|r| r["legal"] == true).count(), 2499);
}

/// `convert --to krcg` of many decks writes them as it reads them; a deck
/// from which nothing was read, even the last, leaves the -o file unwritten,
/// and the archive of good decks reads back as the same decks.
#[test]
fn convert_of_many_decks_writes_all_or_nothing_to_its_file() {
    let mut lines = vec![GOOD_JSON; 1500];
    lines.push(r#"{"name": "Empty", "cards": {}}"#);
    let dir = folder_with(&[
        ("bad.jsonl", lines.join("\n").as_bytes()),
        ("good.jsonl", lines[..1500].join("\n").as_bytes()),
    ]);
    let output = dir.path().join("bad.json");
    common::vtesdeck_fixture()
        .args(["convert", "--to", "krcg", "-o"])
        .arg(&output)
        .arg(dir.path().join("bad.jsonl"))
        .assert()
        .code(2)
        .stderr(contains("bad.jsonl#1501:1: no decklist found"));
    assert!(!output.exists(), "a partial archive was written");
    let leftovers: Vec<_> = fs::read_dir(dir.path())
        .expect("folder")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with('.'))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");

    let output = dir.path().join("good.json");
    common::vtesdeck_fixture()
        .args(["convert", "--to", "krcg", "-o"])
        .arg(&output)
        .arg(dir.path().join("good.jsonl"))
        .assert()
        .code(0);
    let archive: Vec<serde_json::Value> =
        serde_json::from_str(&fs::read_to_string(&output).expect("written")).expect("a JSON array");
    assert_eq!(archive.len(), 1500);
    assert!(archive
        .iter()
        .all(|deck| deck["crypt"]["count"] == 12 && deck["library"]["count"] == 90));
}

/// A folder of decks holding symbolic links out of it (issue 41): to a file
/// of fake secrets, to `/proc/self/environ` (whose process holds a fake
/// secret in its environment) and to a folder of such files; and a link that
/// stays in the folder. Returns the temporary root (`decks/` and `outside/`).
#[cfg(unix)]
fn folder_with_links_out() -> tempfile::TempDir {
    use std::os::unix::fs::symlink;
    // Every line of the secret file would be quoted if it were read: a card
    // line naming no card, a line that is nearly a card, a control character.
    let secret = "SECRET=hunter2-xyz\n3x hunter2-xyz Alma\n2x Alma Test hunter2-xyz\n\
                  4x SECRET\u{1b}[31m hunter2-xyz\n";
    let root = folder_with(&[
        ("decks/good.txt", GOOD_DECK.as_bytes()),
        ("outside/secret.txt", secret.as_bytes()),
        ("outside/more/deck.txt", secret.as_bytes()),
    ]);
    let decks = root.path().join("decks");
    symlink(
        root.path().join("outside/secret.txt"),
        decks.join("secret.txt"),
    )
    .expect("link");
    symlink("../outside/more", decks.join("more")).expect("link");
    symlink("/proc/self/environ", decks.join("environ.txt")).expect("link");
    // A link inside the folder is followed, as before.
    symlink("good.txt", decks.join("same.txt")).expect("link");
    root
}

/// Checking a folder with links out of it, in every output, reads nothing
/// the links lead to and quotes none of it: each link is skipped and said,
/// the exit status is the rest of the folder's (its two legal decks, the
/// file and the link to it inside the folder).
#[cfg(unix)]
#[test]
fn links_out_of_a_folder_are_skipped_and_nothing_of_their_files_is_shown() {
    let root = folder_with_links_out();
    let decks = root.path().join("decks");
    for format in ["human", "json", "github", "junit"] {
        let assert = common::vtesdeck_fixture()
            .env("FAKE_TOKEN", "hunter2-env")
            .args(["check", "--format", format])
            .arg(&decks)
            .assert()
            .code(0);
        let output = assert.get_output();
        let shown = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        for secret in ["hunter2", "SECRET", "FAKE_TOKEN"] {
            assert!(
                !shown.contains(secret),
                "{format}: {secret} shown:\n{shown}"
            );
        }
        for link in ["secret.txt", "more", "environ.txt"] {
            let said = shown.lines().any(|line| {
                line.contains(&format!("decks/{link}"))
                    && line.contains("symbolic link to outside the folder, not followed")
            });
            assert!(
                said,
                "{format}: the link {link} is not said skipped:\n{shown}"
            );
        }
    }
    // The link inside the folder is read: two decks.
    let json = common::vtesdeck_fixture()
        .args(["check", "--format", "json"])
        .arg(&decks)
        .assert()
        .code(0);
    let records = common::json_records(&json.get_output().stdout);
    let paths: Vec<&str> = records
        .iter()
        .filter(|record| record["type"] == "deck")
        .filter_map(|record| record["path"].as_str())
        .collect();
    assert_eq!(paths.len(), 2, "{records:?}");
    assert!(paths.iter().any(|path| path.ends_with("decks/same.txt")));
    // The summary counts the three links as links, not as files that are
    // not decklists: the JSON record and the human line alike.
    let summary = records
        .iter()
        .find(|record| record["type"] == "summary")
        .expect("a summary");
    assert_eq!(
        (&summary["links_not_followed"], &summary["skipped"]),
        (&serde_json::json!(3), &serde_json::json!(0)),
        "{summary}"
    );
    let human = common::vtesdeck_fixture()
        .args(["check"])
        .arg(&decks)
        .assert()
        .code(0);
    let stdout = String::from_utf8_lossy(&human.get_output().stdout).into_owned();
    assert!(
        stdout.contains("2 decks: 2 legal, 0 illegal (3 links not followed)"),
        "{stdout}"
    );
    assert!(!stdout.contains("not decklist"), "{stdout}");
}

/// `--follow` follows the links out of the folder; a link named as an
/// argument is read without it (the user named it).
#[cfg(unix)]
#[test]
fn follow_reads_links_out_of_a_folder_and_a_link_named_is_read() {
    let root = folder_with_links_out();
    let decks = root.path().join("decks");
    common::vtesdeck_fixture()
        .args(["check", "--follow", "--format", "github"])
        .arg(decks.join("good.txt"))
        .arg(decks.join("more"))
        .assert()
        .code(1)
        .stdout(contains("decks/more/deck.txt,line=2,title=unknown-card"));
    common::vtesdeck_fixture()
        .args(["check", "--format", "github"])
        .arg(decks.join("secret.txt"))
        .assert()
        .code(1)
        .stdout(contains("decks/secret.txt,line=2,title=unknown-card"));
    common::vtesdeck_fixture()
        .args(["parse", "--json"])
        .arg(&decks)
        .assert()
        .code(0)
        .stdout(contains("hunter2").not());
}

/// No problem quotes more than a short, printable excerpt of a line: a long
/// unknown card line, one with a right-to-left override, in every output of
/// `check`, and in `parse`'s and `stats`'s notes.
#[test]
fn problems_quote_a_short_printable_excerpt_of_a_line() {
    let long_name = "Alma Testx ".repeat(300);
    let deck = format!(
        "{GOOD_DECK}3x {long_name}\n2x Test \u{202e}hcnuP\n1x Alma Test {}\n",
        "zq".repeat(200)
    );
    let dir = folder_with(&[("deck.txt", deck.as_bytes())]);
    let file = dir.path().join("deck.txt");
    for format in ["human", "json", "github", "junit"] {
        let assert = common::vtesdeck_fixture()
            .args(["check", "--format", format])
            .arg(&file)
            .assert()
            .code(1);
        let output = assert.get_output();
        let shown = String::from_utf8_lossy(&output.stdout);
        assert!(!shown.contains('\u{202e}'), "{format}: {shown}");
        assert!(shown.contains("\\u{202e}"), "{format}: {shown}");
        assert!(
            !shown.contains(&"Alma Testx ".repeat(10)),
            "{format}: a long line quoted whole:\n{shown}"
        );
        assert!(shown.contains('…'), "{format}: {shown}");
    }
    for command in [&["parse"][..], &["stats"]] {
        let assert = common::vtesdeck_fixture().args(command).arg(&file).assert();
        let output = assert.get_output();
        let shown = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(!shown.contains('\u{202e}'), "{command:?}: {shown}");
        assert!(
            !shown.contains(&"Alma Testx ".repeat(10)),
            "{command:?}: {shown}"
        );
    }
}

/// A KRCG deck whose card name disagrees with its id: the id is taken, and
/// `convert` says so (the name written is the id's card, not the name
/// read), as `check` does with a remark on the line (a JSON deck's lines
/// are its record's first line).
#[test]
fn convert_says_a_krcg_name_that_disagrees_with_its_id() {
    let deck = r#"{"name": "Mismatch",
 "crypt": {"count": 12, "cards": [
  {"id": 200001, "count": 12, "name": "Alma Test"}]},
 "library": {"count": 90, "cards": [{"type": "Combat", "count": 90, "cards": [
  {"id": 100004, "count": 90, "name": "Test Haven"}]}]}}
"#;
    let dir = folder_with(&[("deck.json", deck.as_bytes())]);
    let file = dir.path().join("deck.json");
    let converted = common::vtesdeck_fixture()
        .args(["convert", "--to", "twd"])
        .arg(&file)
        .assert()
        .code(0)
        .stdout(contains("90x Test Punch"))
        .stdout(contains("Test Haven").not());
    let stderr = String::from_utf8_lossy(&converted.get_output().stderr).into_owned();
    assert!(
        stderr.contains(
            "deck.json:1: `90x Test Haven (#100004)`: id 100004 is Test Punch, \
             not the name given: written as Test Punch"
        ),
        "{stderr}"
    );
    common::vtesdeck_fixture()
        .args(["check", "--warnings", "--format", "github"])
        .arg(&file)
        .assert()
        .code(0)
        .stdout(contains(
            "line=1,title=name-mismatch::`90x Test Haven (#100004)`",
        ));
}

/// JSON after two byte order marks (a tool that adds one to a text that
/// had one) is read as JSON, not as a text with no card line.
#[test]
fn json_after_a_doubled_byte_order_mark_is_read() {
    let deck = "\u{feff}\u{feff}{\"name\": \"Twice\", \"crypt\": {\"cards\": [\
                {\"id\": 200001, \"count\": 12, \"name\": \"Alma Test\"}]}, \
                \"library\": {\"cards\": [{\"type\": \"Combat\", \"cards\": [\
                {\"id\": 100004, \"count\": 90, \"name\": \"Test Punch\"}]}]}}\n";
    let dir = folder_with(&[("deck.json", deck.as_bytes())]);
    let parsed = common::vtesdeck_fixture()
        .args(["parse", "--json"])
        .arg(dir.path().join("deck.json"))
        .assert()
        .code(0);
    let records = common::json_records(&parsed.get_output().stdout);
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(records[0]["name"], "Twice");
    assert_eq!(records[0]["format"], "krcg");
}
