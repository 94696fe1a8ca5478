//! A deck normalised for people: the TWDA layout (crypt with capacity,
//! disciplines, title and `Clan:Group`; library grouped by type), then the
//! lines that resolved to no card with their suggestions.

use std::fmt::Write;

use crate::cards::CardDb;
use crate::deck::{Deck, DeckMeta};
use crate::formats::Format;

/// Renders a deck: a `# path (format)` line, name and author, the cards in the
/// TWDA layout, then the lines not read literally (`path:line: text  -> 2x "Card"
/// (misspelling)`), then the unresolved lines (`path:line: text (did you mean ...?)`).
pub fn render(deck: &Deck, db: &CardDb) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# {} (read as {})", deck.path_label(), deck.format);
    if let Some(path) = &deck.meta.read_by_shape {
        let _ = writeln!(out, "# read by shape: cards at `{path}`");
    }
    if !deck.meta.prose_skipped.is_empty() {
        let _ = writeln!(
            out,
            "# {}",
            crate::deck::prose_note(&deck.meta.prose_skipped)
        );
    }
    if !deck.meta.decks_in_text.is_empty() {
        let _ = writeln!(
            out,
            "# {}",
            crate::deck::decks_note(deck.record.unwrap_or(1), &deck.meta.decks_in_text)
        );
    }
    if !deck.meta.sideboard_apart.is_empty() {
        let _ = writeln!(
            out,
            "# {}",
            crate::deck::apart_note(&deck.meta.sideboard_apart)
        );
    }
    let cards_only = Deck {
        meta: DeckMeta {
            id: None,
            name: deck.meta.name.clone(),
            author: deck.meta.author.clone(),
            description: None,
            event: None,
            read_by_shape: None,
            prose_skipped: Vec::new(),
            decks_in_text: Vec::new(),
            sideboard_apart: Vec::new(),
        },
        ..deck.clone()
    };
    out.push_str(
        &crate::formats::write(Format::Twd, &cards_only, db).expect("the TWDA layout has a writer"),
    );
    if !deck.read_as.is_empty() {
        let _ = writeln!(out, "\nRead as (not literally):");
        // One row per line, every remark on it.
        for remarks in deck.read_as.chunk_by(|a, b| a.line == b.line) {
            let read_as = &remarks[0];
            let card = db
                .get(read_as.card)
                .map_or_else(|| read_as.card.to_string(), |c| db.printing_name(c));
            let hows: Vec<String> = remarks
                .iter()
                .map(|remark| match &remark.note {
                    Some(note) => format!("{}: {note}", remark.how.name()),
                    None => remark.how.name().to_string(),
                })
                .collect();
            let _ = writeln!(
                out,
                "{}:{}: {}  -> {}x \"{card}\" ({})",
                deck.path_label(),
                read_as.line,
                vtesdeck::deck::excerpt(&read_as.typed),
                read_as.count,
                hows.join("; ")
            );
        }
    }
    if !deck.unresolved.is_empty() {
        let _ = writeln!(out, "\nUnresolved lines:");
        for line in &deck.unresolved {
            let _ = writeln!(
                out,
                "{}:{}: {}  ({})",
                deck.path_label(),
                line.line,
                vtesdeck::deck::excerpt(&line.text),
                line.detail()
            );
        }
    }
    if !deck.name_mismatches.is_empty() {
        let _ = writeln!(
            out,
            "\nCards taken by id (the name given names another card):"
        );
        for mismatch in &deck.name_mismatches {
            let _ = writeln!(
                out,
                "{}:{}: {}  (id {} is {})",
                deck.path_label(),
                mismatch.line,
                vtesdeck::deck::excerpt(&mismatch.typed),
                mismatch.id,
                mismatch.card
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::Format;
    use crate::formats::LoadDeck;
    use crate::testing::fixture_db;

    #[test]
    fn normalised_deck_lists_crypt_library_and_unresolved_lines() {
        let db = fixture_db();
        let deck = Deck::from_text(
            "Deck Name: Test\n2x Alma Test\n3x Test Punch\n1x Test Haven\n1x Nothing Like It\n",
            Some(Format::Plain),
            &db,
        );
        let text = render(&deck, &db);
        assert!(text.starts_with("# - (read as plain)\n"), "{text}");
        assert!(text.contains("Deck Name: Test"), "{text}");
        assert!(text.contains("Crypt (2 cards"), "{text}");
        assert!(text.contains("Master (1)\n1x Test Haven"), "{text}");
        assert!(text.contains("Combat (3)\n3x Test Punch"), "{text}");
        assert!(text.contains("-:5: 1x Nothing Like It"), "{text}");
        assert!(!text.contains("Read as"), "{text}");
    }

    #[test]
    fn lines_not_read_literally_are_listed() {
        let db = fixture_db();
        let deck = Deck::from_text("2x Alma Test\nTest Punch x3\n", Some(Format::Plain), &db);
        let text = render(&deck, &db);
        assert!(
            text.contains("Read as (not literally):\n-:2: Test Punch x3  -> 3x \"Test Punch\" (count-after-name)"),
            "{text}"
        );
    }
}
