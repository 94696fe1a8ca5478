//! Fuzzes the decklist parser: bytes are read as a decklist file's are
//! (`Deck::all_from_bytes`: binary data and UTF-16 told apart, decoded line
//! by line), read in a format chosen by the first byte (or detected), split
//! into its decks (JSON records) and resolved against the fixture card
//! database, then written in the TWDA layout and as JSON, as `vtesdeck convert`
//! and `vtesdeck parse --json` write it.

#![no_main]

use std::path::Path;
use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use vtesdeck::cards::CardDb;
use vtesdeck::deck::Deck;
use vtesdeck::formats::{DeckJson, Format, LoadDeck};

static DB: LazyLock<CardDb> = LazyLock::new(|| {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/cards");
    let read = |name: &str| {
        let path = dir.join(name);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{name}: {err}"));
        (path, text)
    };
    let (crypt, library, sets, meta) = (
        read("crypt.csv"),
        read("library.csv"),
        read("sets.csv"),
        read("library-meta.csv"),
    );
    CardDb::from_csv(
        (&crypt.0, &crypt.1),
        (&library.0, &library.1),
        Some((&sets.0, &sets.1)),
        Some((&meta.0, &meta.1)),
    )
    .unwrap_or_else(|err| panic!("fixture card database: {err}"))
});

fuzz_target!(|data: &[u8]| {
    let Some((&selector, bytes)) = data.split_first() else {
        return;
    };
    // Half the inputs go through detection, the rest name a format.
    let format = match usize::from(selector) {
        n if n < 128 => None,
        n => Some(Format::ALL[n % Format::ALL.len()]),
    };
    // An error (binary data, a JSON record of no known shape, an empty
    // array) is a finding for the user, not for the fuzzer.
    let Ok(decks) = Deck::all_from_bytes(bytes.to_vec(), format, &DB, Path::new("fuzz")) else {
        return;
    };
    for deck in decks {
        let _ = vtesdeck::formats::write(Format::Twd, &deck, &DB);
        let _ = serde_json::to_string(&DeckJson::new(&deck, &DB));
        let _ = (deck.crypt_count(), deck.library_count());
    }
});
