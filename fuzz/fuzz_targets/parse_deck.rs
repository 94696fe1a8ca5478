//! Fuzzes the decklist parser: bytes are decoded as a decklist file is
//! (`formats::decode`), read in a format chosen by the first byte (or
//! detected), resolved against the fixture card database (`Deck::from_raw`),
//! then rendered as text and JSON the way `vtesdeck parse` prints it.

#![no_main]

use std::path::Path;
use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use vtesdeck::cards::CardDb;
use vtesdeck::deck::Deck;
use vtesdeck::formats::{self, Format};
use vtesdeck::formats::json::DeckJson;
use vtesdeck::output::deck_text;

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
    let text = formats::decode(bytes);
    let raw = formats::read(&text, format);
    let deck = Deck::from_raw(raw, &DB);
    let _ = deck_text::render(&deck, &DB);
    let _ = serde_json::to_string(&DeckJson::new(&deck, &DB));
    let _ = (deck.crypt_count(), deck.library_count());
});
