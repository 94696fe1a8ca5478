//! ELDB deck files (as Sutekh writes them): the deck name, author and
//! description each in double quotes, then the crypt size and one quoted
//! name per copy, then the library size and one quoted name per copy.
//! ELDB writes apostrophes as backquotes (``Cats` Guidance``).

use crate::format::Format;
use vtesdeck_cards::{split_printing_suffix, CardKind};
use vtesdeck_deck::raw::{LineKind, RawDeck, RawLine};

/// Whether a text has the ELDB shape: a quoted first line, and a line holding
/// only a number followed by a quoted line.
pub fn looks_like(text: &str) -> bool {
    // The first line is quoted: a text whose first character is another is
    // not ELDB (a test before any line is cut).
    if !text.trim_start().starts_with('"') {
        return false;
    }
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    if !lines.next().is_some_and(is_quoted) {
        return false;
    }
    let mut previous_is_number = false;
    lines.any(|line| {
        let found = previous_is_number && is_quoted(line);
        previous_is_number = is_number(line);
        found
    })
}

fn is_quoted(line: &str) -> bool {
    line.len() >= 2 && line.starts_with('"') && line.ends_with('"')
}

fn is_number(line: &str) -> bool {
    !line.is_empty() && line.chars().all(|c| c.is_ascii_digit())
}

/// Removes the quotes and turns ELDB's backquotes back into apostrophes.
fn unquote(line: &str) -> String {
    let inner = line.strip_prefix('"').unwrap_or(line);
    let inner = inner.strip_suffix('"').unwrap_or(inner);
    inner.replace('`', "'")
}

/// Reads an ELDB deck file; consecutive copies of a card become one line.
pub fn read(text: &str) -> RawDeck<'_> {
    let mut deck = RawDeck::new(Format::Eldb);
    let mut header: Vec<String> = Vec::new();
    let mut section: Option<CardKind> = None;
    let mut previous = 0usize;
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if is_number(line) {
            section = Some(match section {
                None => CardKind::Crypt,
                Some(_) => CardKind::Library,
            });
            let declared = line.parse().ok();
            let kind = section.unwrap_or(CardKind::Library);
            deck.declared.set(kind, declared, number);
            continue;
        }
        let Some(kind) = section else {
            header.push(unquote(line));
            continue;
        };
        let name = unquote(line);
        let (name, hint) = split_printing_suffix(&name);
        if let Some(last) = deck.lines.last_mut() {
            if previous + 1 == number && last.name == name && last.section == Some(kind) {
                last.count = last.count.saturating_add(1);
                previous = number;
                continue;
            }
        }
        deck.lines.push(RawLine {
            line: number,
            text: line.to_string().into(),
            count: 1,
            name: name.to_string().into(),
            hint,
            section: Some(kind),
            kind: LineKind::Card,
            reading: Default::default(),
        });
        previous = number;
    }
    let mut header = header.into_iter();
    deck.meta.name = header.next().filter(|v| !v.is_empty());
    deck.meta.author = header.next().filter(|v| !v.is_empty());
    let description = header.collect::<Vec<_>>().join("\n");
    deck.meta.description = Some(description).filter(|v| !v.is_empty());
    deck
}

/// The `Eldb` layout in the formats registry.
#[derive(Debug, Clone, Copy, Default)]
pub struct EldbLayout;

super::layout::text_layout!(EldbLayout, Format::Eldb);

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "\"Testers\"\n\"Me\"\n\"A deck of tests.\"\n3\n\"Alma Test\"\n\"Alma Test\"\n\"Theo Test (G6)\"\n3\n\"Rack, The\"\n\"Test`s Punch\"\n\"Test`s Punch\"\n";

    #[test]
    fn eldb_shape_is_recognised() {
        assert!(looks_like(SAMPLE));
        assert!(!looks_like("\"quoted prose\"\n2x Alma Test\n"));
        assert!(!looks_like("12\n\"Alma Test\"\n"));
    }

    #[test]
    fn copies_are_counted_and_backquotes_restored() {
        let deck = read(SAMPLE);
        assert_eq!(deck.meta.name.as_deref(), Some("Testers"));
        assert_eq!(deck.meta.author.as_deref(), Some("Me"));
        assert_eq!(deck.meta.description.as_deref(), Some("A deck of tests."));
        assert_eq!(deck.declared.of(CardKind::Crypt), Some((3, Some(4))));
        assert_eq!(deck.declared.of(CardKind::Library), Some((3, Some(8))));
        let lines: Vec<(usize, u32, &str, Option<CardKind>)> = deck
            .lines
            .iter()
            .map(|l| (l.line, l.count, &*l.name, l.section))
            .collect();
        assert_eq!(
            lines,
            [
                (5, 2, "Alma Test", Some(CardKind::Crypt)),
                (7, 1, "Theo Test", Some(CardKind::Crypt)),
                (9, 1, "Rack, The", Some(CardKind::Library)),
                (10, 2, "Test's Punch", Some(CardKind::Library)),
            ]
        );
    }

    #[test]
    fn huge_size_line_is_not_a_panic() {
        let deck = read("\"X\"\n99999999999999999999\n\"Alma Test\"\n");
        assert_eq!(deck.declared.crypt, None);
        assert_eq!(deck.lines.len(), 1);
    }
}
