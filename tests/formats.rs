//! Every sample export of `../shared/samples` reads, with format detection and
//! the real card database, to the same cards as the TWDA entry it was written from.

mod common;

use std::collections::BTreeMap;

use vtesdeck::cards::CardDb;
use vtesdeck::deck::Deck;
use vtesdeck::formats::Format;

/// Each sample file and the format it must be detected as.
const SAMPLES: [(&str, Format); 17] = [
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
    let files = std::fs::read_dir(&samples)
        .expect("samples folder")
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "txt"))
        })
        .count();
    assert_eq!(files, SAMPLES.len(), "a sample file is not listed here");
    for (file, format) in SAMPLES {
        let deck = Deck::load(&samples.join(file), None, &db).expect(file);
        assert_eq!(deck.format, format, "{file}: detected format");
        assert!(deck.unresolved.is_empty(), "{file}: {:?}", deck.unresolved);
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
