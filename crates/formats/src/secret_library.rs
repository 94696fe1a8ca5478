//! The Secret Library "Import a deck" text (as Sutekh wrote it): `Deck Name:`,
//! `Author:`, `Description:` with the text on the next lines, then `Crypt`,
//! `---`, `N Name` lines, and `Library`, `---`, `N Name` lines.

use super::plain;

use crate::format::Format;
use vtesdeck_deck::raw::RawDeck;

/// Whether a text has the Secret Library shape: a `Crypt` or `Library` line
/// followed by a `---` line.
pub fn looks_like(text: &str) -> bool {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    lines.windows(2).any(|pair| {
        (pair[0].eq_ignore_ascii_case("crypt") || pair[0].eq_ignore_ascii_case("library"))
            && pair[1] == "---"
    })
}

/// Reads a Secret Library deck: the header here, the card lines as a plain list.
pub fn read(text: &str) -> RawDeck<'_> {
    let lines: Vec<(usize, &str)> = text.lines().enumerate().map(|(i, l)| (i + 1, l)).collect();
    let body_at = lines
        .iter()
        .position(|(_, l)| {
            let l = l.trim();
            l.eq_ignore_ascii_case("crypt") || l.eq_ignore_ascii_case("library")
        })
        .unwrap_or(0);
    let mut deck = plain::read_lines(lines[body_at..].iter().copied(), Format::SecretLibrary);
    let mut description: Vec<&str> = Vec::new();
    let mut in_description = false;
    for (_, line) in &lines[..body_at] {
        let line = line.trim();
        let field = line
            .split_once(':')
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim()));
        match field {
            Some((key, value)) if key == "deck name" => {
                deck.meta.name = Some(value.to_string()).filter(|v| !v.is_empty());
            }
            Some((key, value)) if key == "author" || key == "created by" => {
                deck.meta.author = Some(value.to_string()).filter(|v| !v.is_empty());
            }
            Some((key, value)) if key == "description" => {
                in_description = true;
                description.push(value);
            }
            _ if in_description => description.push(line),
            _ => {}
        }
    }
    let description = description.join("\n").trim().to_string();
    if !description.is_empty() {
        deck.meta.description = Some(description);
    }
    deck
}

/// The `SecretLibrary` layout in the formats registry.
#[derive(Debug, Clone, Copy, Default)]
pub struct SecretLibraryLayout;

super::layout::text_layout!(SecretLibraryLayout, Format::SecretLibrary);

#[cfg(test)]
mod tests {
    use super::*;
    use vtesdeck_cards::CardKind;

    const SAMPLE: &str = "Deck Name: Testers\nAuthor: Me\nDescription:\nA deck\nof tests.\nCrypt\n---\n2 Alma Test\n1 Céleste Test\n\nLibrary\n---\n4 Test Punch\n1 Rack, The\n";

    #[test]
    fn secret_library_shape_is_recognised() {
        assert!(looks_like(SAMPLE));
        assert!(!looks_like("Crypt:\n2 Alma Test\n"));
    }

    #[test]
    fn header_and_cards_are_read() {
        let deck = read(SAMPLE);
        assert_eq!(deck.format, Format::SecretLibrary);
        assert_eq!(deck.meta.name.as_deref(), Some("Testers"));
        assert_eq!(deck.meta.author.as_deref(), Some("Me"));
        assert_eq!(deck.meta.description.as_deref(), Some("A deck\nof tests."));
        let lines: Vec<(usize, u32, &str, Option<CardKind>)> = deck
            .lines
            .iter()
            .map(|l| (l.line, l.count, &*l.name, l.section))
            .collect();
        assert_eq!(
            lines,
            [
                (8, 2, "Alma Test", Some(CardKind::Crypt)),
                (9, 1, "Céleste Test", Some(CardKind::Crypt)),
                (13, 4, "Test Punch", Some(CardKind::Library)),
                (14, 1, "Rack, The", Some(CardKind::Library)),
            ]
        );
    }
}
