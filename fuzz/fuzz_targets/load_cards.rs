//! Fuzzes the CSV loader (`CardDb::from_csv`). The first byte chooses which
//! file the rest of the input replaces in the fixture card database
//! (crypt, library, sets, library metadata), or whether it holds both the
//! crypt and the library text split at the first `\x01`. A database that
//! loads is then queried by every card's name.

#![no_main]

use std::path::Path;
use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use vtesdeck::cards::{CardDb, PrintingHint};

struct Fixture {
    crypt: String,
    library: String,
    sets: String,
    meta: String,
}

static FIXTURE: LazyLock<Fixture> = LazyLock::new(|| {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/cards");
    let read = |name: &str| {
        std::fs::read_to_string(dir.join(name)).unwrap_or_else(|err| panic!("{name}: {err}"))
    };
    Fixture {
        crypt: read("crypt.csv"),
        library: read("library.csv"),
        sets: read("sets.csv"),
        meta: read("library-meta.csv"),
    }
});

fuzz_target!(|data: &[u8]| {
    let Some((&selector, bytes)) = data.split_first() else {
        return;
    };
    let Ok(fuzzed) = std::str::from_utf8(bytes) else {
        return; // CardDb::load rejects invalid UTF-8 before parsing.
    };
    let f = &*FIXTURE;
    let (mut crypt, mut library, mut sets, mut meta) = (
        f.crypt.as_str(),
        f.library.as_str(),
        f.sets.as_str(),
        f.meta.as_str(),
    );
    match selector % 5 {
        0 => crypt = fuzzed,
        1 => library = fuzzed,
        2 => sets = fuzzed,
        3 => meta = fuzzed,
        _ => {
            let (a, b) = fuzzed.split_once('\u{1}').unwrap_or((fuzzed, ""));
            crypt = a;
            library = b;
        }
    }
    let result = CardDb::from_csv(
        (Path::new("vtescrypt.csv"), crypt),
        (Path::new("vteslib.csv"), library),
        Some((Path::new("vtessets.csv"), sets)),
        Some((Path::new("vteslibmeta.csv"), meta)),
    );
    let db = match result {
        Ok(db) => db,
        Err(err) => {
            let _ = err.to_string();
            return;
        }
    };
    for card in db.cards() {
        let name = db.printing_name(card);
        let _ = db.lookup(&name, PrintingHint::default(), Some(card.kind));
    }
});
