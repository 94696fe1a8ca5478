//! Every sample export (`common::samples_dir`) reads, with format detection and
//! the real card database, to the same cards as the TWDA entry it was written from.

use crate::common;

use std::collections::BTreeMap;

use vtesdeck::cards::CardDb;
use vtesdeck::deck::Deck;
use vtesdeck::formats::Format;
use vtesdeck::formats::LoadDeck;

/// Each sample file and the format it must be detected as.
const SAMPLES: [(&str, Format); 26] = [
    ("daylily.ardb.html", Format::ArdbHtml),
    ("daylily.ardb.xml", Format::ArdbXml),
    ("daylily.jol-deck.json", Format::JolDeck),
    ("daylily.krcg-minimal.json", Format::KrcgMinimal),
    ("daylily.krcg-v5.json", Format::KrcgV5),
    ("daylily.krcg.json", Format::Krcg),
    ("daylily.pmwiki", Format::Pmwiki),
    ("daylily.sutekh.csv", Format::SutekhCsv),
    ("daylily.sutekh.xml", Format::SutekhXml),
    ("daylily.eldb.txt", Format::Eldb),
    ("daylily.jol-copy.txt", Format::Jol),
    ("daylily.jol.txt", Format::Jol),
    ("daylily.lackey.txt", Format::Lackey),
    ("daylily.sl.txt", Format::SecretLibrary),
    ("daylily.sutekh-ardb.txt", Format::Ardb),
    ("daylily.sutekh-jol.txt", Format::Jol),
    ("daylily.sutekh-lackey.txt", Format::Lackey),
    ("daylily.sutekh-twda.txt", Format::Twd),
    ("daylily.vdb-lackey.txt", Format::Lackey),
    ("daylily.vdb-twd-hints.txt", Format::Twd),
    ("daylily.vdb-twd.txt", Format::Twd),
    ("daylily.vdb.txt", Format::Twd),
    ("daylily.veknforum.txt", Format::Forum),
    ("daylily.vtesdecks-jol.txt", Format::Jol),
    ("daylily.vtesdecks-lackey.txt", Format::Lackey),
    ("daylily.vtesdecks.txt", Format::Twd),
];

/// Card id -> copies, crypt and library apart.
fn cards(deck: &Deck) -> (BTreeMap<u32, u32>, BTreeMap<u32, u32>) {
    let part = |entries: &[vtesdeck::deck::DeckCard]| {
        entries
            .iter()
            .map(|e| (e.id.0, e.count))
            .collect::<BTreeMap<_, _>>()
    };
    (part(&deck.crypt), part(&deck.library))
}

#[test]
fn every_sample_reads_to_the_twda_deck_with_detection() {
    let db = CardDb::load(&common::cards_dir()).expect("card database");
    let reference =
        Deck::load(&common::twda_dir().join("10043.txt"), None, &db).expect("10043.txt");
    assert!(reference.unresolved.is_empty());
    let (crypt, library) = cards(&reference);
    assert_eq!((crypt.len(), library.len()), (8, 33));
    let samples = common::samples_dir();
    // Every sample, whatever its extension (the README describes them).
    let mut files: Vec<String> = std::fs::read_dir(&samples)
        .expect("samples folder")
        .map(|e| {
            e.expect("sample")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name != "README.md")
        .collect();
    files.sort();
    let mut listed: Vec<&str> = SAMPLES.iter().map(|(file, _)| *file).collect();
    listed.sort_unstable();
    assert_eq!(files, listed, "every sample file is listed here");
    for (file, format) in SAMPLES {
        let deck = Deck::load(&samples.join(file), None, &db).expect(file);
        assert_eq!(deck.format, format, "{file}: detected format");
        assert!(deck.unresolved.is_empty(), "{file}: {:?}", deck.unresolved);
        assert!(
            deck.name_mismatches.is_empty(),
            "{file}: {:?}",
            deck.name_mismatches
        );
        assert_eq!(
            cards(&deck),
            (crypt.clone(), library.clone()),
            "{file}: cards"
        );
        assert_eq!(deck.crypt_count(), 12, "{file}");
        assert_eq!(deck.library_count(), 90, "{file}");
    }
}

#[test]
fn samples_with_a_header_keep_name_author_and_description() {
    let db = CardDb::load(&common::cards_dir()).expect("card database");
    let samples = common::samples_dir();
    for file in [
        "daylily.ardb.html",
        "daylily.ardb.xml",
        "daylily.krcg.json",
        "daylily.krcg-v5.json",
        "daylily.pmwiki",
        "daylily.sutekh.xml",
        "daylily.eldb.txt",
        "daylily.sl.txt",
        "daylily.sutekh-ardb.txt",
        "daylily.sutekh-twda.txt",
        "daylily.vdb.txt",
        "daylily.veknforum.txt",
        "daylily.vtesdecks.txt",
    ] {
        let deck = Deck::load(&samples.join(file), None, &db).expect(file);
        assert_eq!(deck.meta.name.as_deref(), Some("Daylily"), "{file}");
        assert_eq!(deck.meta.author.as_deref(), Some("Alex Romano"), "{file}");
        let description = deck.meta.description.unwrap_or_default();
        assert!(
            description.starts_with("Get out 2-3 PRO ANI vamps"),
            "{file}: {description:?}"
        );
        assert!(
            description.ends_with("codex and heidelburg."),
            "{file}: {description:?}"
        );
    }
    let hints = Deck::load(&samples.join("daylily.vdb-twd-hints.txt"), None, &db).expect("hints");
    assert_eq!(hints.meta.name.as_deref(), Some("Daylily"));
}

#[test]
fn krcg_json_keeps_the_twda_fields_of_the_text() {
    let db = CardDb::load(&common::cards_dir()).expect("card database");
    let text = Deck::load(&common::twda_dir().join("10043.txt"), None, &db).expect("10043.txt");
    let json = Deck::load(&common::samples_dir().join("daylily.krcg.json"), None, &db)
        .expect("krcg sample");
    assert_eq!(json.meta.id.as_deref(), Some("10043"));
    assert_eq!(json.meta.name, text.meta.name);
    assert_eq!(json.meta.author, text.meta.author);
    let mut event = json.meta.event.clone().expect("event");
    assert_eq!(event.score.as_deref(), Some("1GW5+2"));
    event.score = None;
    assert_eq!(Some(event), text.meta.event);
}

#[test]
fn forced_format_overrides_detection() {
    let db = CardDb::load(&common::cards_dir()).expect("card database");
    let path = common::samples_dir().join("daylily.jol.txt");
    let deck = Deck::load(&path, Some(Format::Plain), &db).expect("jol sample");
    assert_eq!(deck.format, Format::Plain);
    assert_eq!(deck.crypt_count(), 12);
    common::vtesdeck()
        .args(["parse", "--input-format", "lackey", "--json"])
        .arg(&path)
        .assert()
        .success()
        .stdout(predicates::str::contains("\"format\":\"lackey\""));
}

#[test]
fn windows_1252_crlf_and_bom_inputs_read_like_utf8() {
    let db = CardDb::load(&common::cards_dir()).expect("card database");
    let utf8 =
        std::fs::read_to_string(common::samples_dir().join("daylily.sl.txt")).expect("sample");
    let reference = Deck::from_text(&utf8, None, &db);
    let crlf = utf8.replace('\n', "\r\n");
    let (latin, _, lossy) = encoding_rs::WINDOWS_1252.encode(&crlf);
    assert!(!lossy);
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, bytes) in [
        ("latin.txt", latin.into_owned()),
        (
            "bom.txt",
            [b"\xef\xbb\xbf".as_slice(), crlf.as_bytes()].concat(),
        ),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).expect("write");
        let deck = Deck::load(&path, None, &db).expect(name);
        assert_eq!(deck.format, Format::SecretLibrary, "{name}");
        assert_eq!(cards(&deck), cards(&reference), "{name}");
        assert_eq!(deck.meta.description, reference.meta.description, "{name}");
    }
}
