//! Helpers for unit tests: the small card database written for the tests
//! (`tests/fixtures/cards`, invented cards, stored under their own file names
//! and given the VEKN file names only in a temporary folder).

use std::path::Path;

use crate::cards::{CardDb, CardId};
use crate::deck::Deck;

/// The fixture files: (name in `tests/fixtures/cards`, VEKN file name).
const FIXTURE_FILES: [(&str, &str); 4] = [
    ("crypt.csv", "vtescrypt.csv"),
    ("library.csv", "vteslib.csv"),
    ("sets.csv", "vtessets.csv"),
    ("library-meta.csv", "vteslibmeta.csv"),
];

/// The bytes of a fixture file, by its VEKN name (`vtescrypt.csv`).
pub fn fixture_file(vekn_name: &str) -> Vec<u8> {
    let (own, _) = FIXTURE_FILES
        .iter()
        .find(|(_, vekn)| *vekn == vekn_name)
        .unwrap_or_else(|| panic!("no fixture file {vekn_name}"));
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/cards")
        .join(own);
    std::fs::read(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// A temporary card database folder holding the fixture files under their VEKN names.
pub fn fixture_cards_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temporary folder");
    for (_, vekn) in FIXTURE_FILES {
        std::fs::write(dir.path().join(vekn), fixture_file(vekn)).expect("write fixture");
    }
    dir
}

/// The names of the entries of a folder, sorted (to see what a command left in it).
pub fn sorted_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|err| panic!("{}: {err}", dir.display()))
        .map(|e| {
            e.expect("folder entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// Loads the fixture card database.
pub fn fixture_db() -> CardDb {
    let folder = fixture_cards_folder();
    match CardDb::load(folder.path()) {
        Ok(db) => db,
        Err(err) => panic!("fixture card database: {err}"),
    }
}

/// Builds a deck from `(id, count)` pairs of the fixture database, without text.
pub fn deck_of(db: &CardDb, cards: &[(u32, u32)]) -> Deck {
    let text: String = cards
        .iter()
        .map(|&(id, count)| {
            let card = db
                .get(CardId(id))
                .unwrap_or_else(|| panic!("no fixture card {id}"));
            format!("{count}x {}\n", db.printing_name(card))
        })
        .collect();
    let deck = Deck::from_text(&text, Some(crate::formats::Format::Plain), db);
    assert!(deck.unresolved.is_empty(), "{:?}", deck.unresolved);
    deck
}

/// A small deterministic random source (xorshift) for tests that build many
/// inputs from pieces.
pub struct Pieces(pub u32);

impl Pieces {
    /// The next random number.
    pub fn next_number(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }

    /// A text of `count` pieces picked at random.
    pub fn text(&mut self, pieces: &[&str], count: usize) -> String {
        (0..count)
            .map(|_| pieces[self.next_number() as usize % pieces.len()])
            .collect()
    }
}
