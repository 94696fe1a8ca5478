//! Using the vtesdeck library: load the card database, read a decklist in any
//! supported layout, and list what it resolved to.
//!
//! ```sh
//! VTESDECK_CARDS=../shared/cards cargo run --example parse_deck -- examples/decks/brujah-rush.txt
//! ```

use std::path::PathBuf;

use vtesdeck::cards::CardDb;
use vtesdeck::deck::Deck;
use vtesdeck::formats::LoadDeck;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let deck_path = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .ok_or("usage: parse_deck DECKFILE")?;
    // The folder $VTESDECK_CARDS names, else the card list built into the library.
    let db = match std::env::var_os("VTESDECK_CARDS") {
        Some(dir) => CardDb::load(dir.as_ref())?,
        None => CardDb::embedded()?,
    };
    let deck = Deck::load(&deck_path, None, &db)?;
    println!(
        "{} read as {}: {} crypt cards, {} library cards",
        deck_path.display(),
        deck.format,
        deck.crypt_count(),
        deck.library_count()
    );
    for entry in deck.crypt.iter().chain(&deck.library) {
        if let Some(card) = db.get(entry.id) {
            println!(
                "{:>3}x {:<40} {}",
                entry.count,
                db.printing_name(card),
                card.type_name()
            );
        }
    }
    for line in &deck.unresolved {
        println!(
            "line {}: {:?} not found; did you mean {}?",
            line.line,
            line.text,
            line.suggestions.join(", ")
        );
    }
    Ok(())
}
