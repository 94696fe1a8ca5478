//! `vtesdeck convert`: round trips through every output format on the whole
//! TWDA (library API), and the command line (`--to`, `-o`, `--force`, exit statuses).

use crate::common;

use std::collections::BTreeMap;
use std::path::PathBuf;

use predicates::prelude::*;
use rayon::prelude::*;
use vtesdeck::cards::CardDb;
use vtesdeck::deck::{Deck, DeckCard};
use vtesdeck::formats;
use vtesdeck::formats::Format;
use vtesdeck::formats::LoadDeck;

/// Card id -> copies, crypt and library apart.
fn cards(deck: &Deck) -> (BTreeMap<u32, u32>, BTreeMap<u32, u32>) {
    let part = |entries: &[DeckCard]| {
        let mut map = BTreeMap::new();
        for e in entries {
            *map.entry(e.id.0).or_insert(0) += e.count;
        }
        map
    };
    (part(&deck.crypt), part(&deck.library))
}

/// The format each output reads back as, through detection.
fn read_back_format(to: Format) -> Format {
    // The text layout reads back as a plain list (it is never detected).
    if to == Format::Text {
        Format::Plain
    } else {
        to
    }
}

fn metadata_problem(deck: &Deck, back: &Deck, to: Format) -> Option<String> {
    use Format::{Json, Krcg, KrcgV5, Text, Twd, VdbUrl as Vdb};
    let (before, after) = (&deck.meta, &back.meta);
    if matches!(to, Twd | Json | Vdb | Text | Krcg | KrcgV5)
        && (before.name != after.name || before.author != after.author)
    {
        return Some(format!(
            "name/author {:?}/{:?} became {:?}/{:?}",
            before.name, before.author, after.name, after.author
        ));
    }
    if matches!(to, Twd | Json | Vdb | Krcg | KrcgV5) && before.description != after.description {
        return Some(format!(
            "description {:?} became {:?}",
            before.description, after.description
        ));
    }
    let event = |meta: &vtesdeck::deck::DeckMeta| {
        meta.event.as_ref().map(|e| {
            (
                e.name.clone(),
                e.date,
                e.rounds.clone(),
                e.players,
                e.winner.clone(),
                e.url.clone(),
            )
        })
    };
    if matches!(to, Twd | Json | Krcg) && event(before) != event(after) {
        return Some(format!(
            "event {:?} became {:?}",
            event(before),
            event(after)
        ));
    }
    None
}

#[test]
#[ignore = "slow in debug builds: the whole TWDA, every written format; run with --include-ignored"]
fn every_twda_deck_round_trips_through_every_format() {
    let db = CardDb::load(&common::cards_dir()).expect("card database");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(common::twda_dir())
        .expect("TWDA folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    paths.sort();
    assert!(paths.len() >= 4500, "TWDA has {} decks", paths.len());
    let failures: Vec<String> = paths
        .par_iter()
        .flat_map_iter(|path| {
            let deck = Deck::load(path, None, &db).expect("readable deck");
            let expected = cards(&deck);
            let db = &db;
            formats::writable().filter_map(move |to| {
                let text = formats::write(to, &deck, db).unwrap_or_default();
                let back = Deck::from_text(&text, None, db);
                let problem = if back.format != read_back_format(to) {
                    Some(format!("read back as {}", back.format))
                } else if !back.unresolved.is_empty() {
                    Some(format!("unresolved {:?}", back.unresolved))
                } else if cards(&back) != expected {
                    Some("different cards".to_string())
                } else {
                    metadata_problem(&deck, &back, to)
                };
                problem.map(|p| format!("{} --to {to}: {p}", path.display()))
            })
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} round trips failed:\n{}",
        failures.len(),
        failures
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn a_deck_of_every_card_round_trips_through_every_format() {
    let db = CardDb::load(&common::cards_dir()).expect("card database");
    let mut deck = Deck::from_cards(&[], &db);
    for (index, card) in db.cards().iter().enumerate() {
        let entry = DeckCard {
            id: card.id,
            count: 1 + (index % 3) as u32,
            line: index + 1,
        };
        if card.is_crypt() {
            deck.crypt.push(entry);
        } else {
            deck.library.push(entry);
        }
    }
    let expected = cards(&deck);
    assert_eq!(expected.0.len() + expected.1.len(), db.cards().len());
    for to in formats::writable() {
        let text = formats::write(to, &deck, &db).unwrap_or_default();
        let back = Deck::from_text(&text, None, &db);
        assert_eq!(back.format, read_back_format(to), "--to {to}");
        assert!(
            back.unresolved.is_empty(),
            "--to {to}: {:?}",
            &back.unresolved[..3.min(back.unresolved.len())]
        );
        let got = cards(&back);
        let wrong: Vec<u32> = expected
            .0
            .iter()
            .chain(&expected.1)
            .filter(|(id, count)| got.0.get(id).or_else(|| got.1.get(id)) != Some(count))
            .map(|(id, _)| *id)
            .take(10)
            .collect();
        assert!(
            wrong.is_empty(),
            "--to {to}: cards not read back: {wrong:?}"
        );
        assert_eq!(got, expected, "--to {to}");
    }
}

/// The crypt and library part of a TWD text (from the `Crypt (` header on).
fn card_section(text: &str) -> &str {
    text.find("Crypt (").map_or("", |at| text[at..].trim_end())
}

#[test]
fn convert_to_twd_writes_the_twda_card_layout() {
    let twda = std::fs::read_to_string(common::twda_dir().join("10043.txt")).expect("10043.txt");
    let output = common::vtesdeck()
        .args(["convert", "--to", "twd"])
        .arg(common::samples_dir().join("daylily.veknforum.txt"))
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(text.starts_with("Deck Name: Daylily\nCreated by: Alex Romano\nDescription: Get out"));
    assert_eq!(card_section(&text), card_section(&twda));
}

#[test]
fn every_to_format_reads_back_through_parse() {
    let dir = tempfile::tempdir().expect("temp dir");
    let sample = common::samples_dir().join("daylily.vdb.txt");
    for (to, format) in [
        ("twd", "twd"),
        ("jol", "jol"),
        ("lackey", "lackey"),
        ("vdb", "vdb-url"),
        ("json", "json"),
        ("text", "plain"),
    ] {
        let path = dir.path().join(format!("deck.{to}"));
        common::vtesdeck()
            .args(["convert", "--to", to, "-o"])
            .arg(&path)
            .arg(&sample)
            .assert()
            .code(0)
            .stdout("");
        common::vtesdeck()
            .args(["parse", "--json"])
            .arg(&path)
            .assert()
            .code(0)
            .stdout(predicate::str::contains(format!("\"format\":\"{format}\"")))
            .stdout(predicate::str::contains(
                "{\"id\":200673,\"name\":\"Janey Pickman\",\"count\":3}",
            ));
    }
}

#[test]
fn output_file_is_kept_unless_forced() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("deck.txt");
    let sample = common::samples_dir().join("daylily.lackey.txt");
    common::vtesdeck()
        .args(["convert", "--to", "jol", "-o"])
        .arg(&out)
        .arg(&sample)
        .assert()
        .code(0);
    let first = std::fs::read_to_string(&out).expect("written");
    assert!(first.starts_with("2x Céleste Lamontagne\n"));
    common::vtesdeck()
        .args(["convert", "--to", "twd", "-o"])
        .arg(&out)
        .arg(&sample)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "already exists; use --force to overwrite it",
        ));
    assert_eq!(std::fs::read_to_string(&out).expect("kept"), first);
    common::vtesdeck()
        .args(["convert", "--to", "twd", "--force", "-o"])
        .arg(&out)
        .arg(&sample)
        .assert()
        .code(0);
    let replaced = std::fs::read_to_string(&out).expect("replaced");
    assert!(replaced.starts_with("Crypt (12 cards, min=8, max=26, avg=4.42)\n"));
    let leftovers: Vec<_> = std::fs::read_dir(dir.path()).expect("dir").collect();
    assert_eq!(leftovers.len(), 1, "no temporary file left behind");
}

/// `convert -o PATH --force` on something that is not a regular file: exit 2,
/// naming what it is, and the thing left as it was.
#[cfg(unix)]
#[test]
fn force_never_replaces_a_pipe_a_link_or_a_device() {
    let dir = tempfile::tempdir().expect("temp dir");
    let sample = common::samples_dir().join("daylily.lackey.txt");
    let fifo = dir.path().join("pipe.txt");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo")
        .success());
    let real = dir.path().join("real.txt");
    std::fs::write(&real, "mine").expect("write");
    let link = dir.path().join("link.txt");
    std::os::unix::fs::symlink(&real, &link).expect("symlink");
    let cases = [
        (fifo.clone(), "is a named pipe (FIFO), not a regular file"),
        (link.clone(), "is a symbolic link, not a regular file"),
        (
            PathBuf::from("/dev/null"),
            "is a device, not a regular file",
        ),
    ];
    for (path, message) in cases {
        common::vtesdeck()
            .args(["convert", "--to", "jol", "--force", "-o"])
            .arg(&path)
            .arg(&sample)
            .timeout(std::time::Duration::from_secs(60))
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "vtesdeck: {}: {message}; refusing to replace it, even with --force",
                path.display()
            )));
    }
    use std::os::unix::fs::FileTypeExt;
    assert!(fifo.symlink_metadata().expect("fifo").file_type().is_fifo());
    assert!(link
        .symlink_metadata()
        .expect("link")
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read_to_string(&real).expect("kept"), "mine");
    assert!(std::fs::metadata("/dev/null")
        .expect("/dev/null")
        .file_type()
        .is_char_device());
}

#[test]
fn output_into_a_missing_folder_is_refused_before_reading() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("no-such-folder/deck.txt");
    // The input does not exist either: the output is checked first.
    common::vtesdeck()
        .args(["convert", "--to", "jol", "-o"])
        .arg(&out)
        .arg(dir.path().join("missing.txt"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "{}: no folder {} to write it in",
            out.display(),
            dir.path().join("no-such-folder").display()
        )));
}

#[test]
fn a_vdb_url_is_accepted_in_place_of_a_file() {
    common::vtesdeck()
        .args([
            "convert",
            "--to",
            "jol",
            "https://vdb.im/decks/deck?name=Two%20cards&author=Me#200673=12;100601=60",
        ])
        .assert()
        .code(0)
        .stdout("12x Janey Pickman\n\n60x Earth Meld\n");
}

#[test]
fn unresolved_lines_are_reported_and_missing_input_is_an_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let deck = dir.path().join("deck.txt");
    std::fs::write(
        &deck,
        "12x Janey Pickman\n\n60x Earth Meld\n2x Nosuchcard Atall\n",
    )
    .expect("write");
    common::vtesdeck()
        .args(["convert", "--to", "text"])
        .arg(&deck)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("60x Earth Meld"))
        .stderr(predicate::str::contains(
            ":4: not converted: 2x Nosuchcard Atall",
        ));
    common::vtesdeck()
        .args(["convert", "--to", "text"])
        .arg(dir.path().join("missing.txt"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("missing.txt"));
    common::vtesdeck()
        .args(["convert", "--to", "docx"])
        .arg(&deck)
        .assert()
        .code(2);
}

#[test]
fn output_dash_is_standard_output() {
    let dir = tempfile::tempdir().expect("temp dir");
    let deck = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks/brujah-rush.txt");
    let to_stdout = common::vtesdeck()
        .current_dir(dir.path())
        .args(["convert", "--to", "jol", "-o", "-"])
        .arg(&deck)
        .output()
        .expect("runs");
    assert_eq!(to_stdout.status.code(), Some(0));
    let plain = common::vtesdeck()
        .args(["convert", "--to", "jol"])
        .arg(&deck)
        .output()
        .expect("runs");
    assert_eq!(to_stdout.stdout, plain.stdout);
    assert!(!dir.path().join("-").exists(), "no file named -");
}

/// `convert --to krcg` of a folder takes `--glob` and `--exclude` as every
/// command that reads folders does: the archive holds the decks picked, the
/// same as `parse` reads with the same options.
#[test]
fn a_folder_to_krcg_takes_glob_and_exclude() {
    let examples = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks");
    for options in [
        &[][..],
        &["--glob", "*.twd.txt"],
        &["--exclude", "brujah-rush.txt"],
    ] {
        let archive = common::vtesdeck()
            .args(["convert", "--to", "krcg"])
            .args(options)
            .arg(&examples)
            .output()
            .expect("runs");
        assert_eq!(archive.status.code(), Some(0), "{options:?}: {archive:?}");
        let archive: serde_json::Value =
            serde_json::from_slice(&archive.stdout).expect("one JSON array");
        let parse = common::vtesdeck()
            .args(["parse", "--json"])
            .args(options)
            .arg(&examples)
            .output()
            .expect("runs");
        let parsed = common::json_records(&parse.stdout);
        assert_eq!(
            archive.as_array().map(Vec::len),
            Some(parsed.len()),
            "{options:?}"
        );
        let names: Vec<&str> = archive
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|deck| deck["name"].as_str())
            .collect();
        let parsed_names: Vec<&str> = parsed.iter().filter_map(|d| d["name"].as_str()).collect();
        assert_eq!(names, parsed_names, "{options:?}");
    }
}
