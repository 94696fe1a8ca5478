//! PmWiki text as Sutekh shows it (`WritePmwiki.py`): `(:title Name by
//! Author :)`, `!! Description` and its text, `!! Notes`, `!! Crypt [N
//! vampires]` with ` 3x Name` lines (` Adv` for advanced vampires),
//! `!! Library [N cards]` with `!!! Type [N]` sections of ` 2x Name` lines.
//! Names are Sutekh's (`The Coven`, `Pentex™ Subversion`).

use std::sync::LazyLock;

use memchr::memmem::Finder;

use super::markup;

use crate::format::Format;
use vtesdeck_cards::{CardKind, PrintingHint};
use vtesdeck_deck::raw::{lines, RawDeck};

/// Whether a text is PmWiki: a `(:title` line or a `!! Crypt` header.
pub fn looks_like(text: &str) -> bool {
    // A text with neither `(:title ` nor `!!` anywhere has no line starting
    // with one: a search for the pair `(:` (a prebuilt finder), and for `!`,
    // rare in other layouts.
    static OPENING: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(b"(:"));
    let bytes = text.as_bytes();
    let has_mark = OPENING
        .find_iter(bytes)
        .any(|at| bytes[at + 2..].starts_with(b"title "))
        || memchr::memchr_iter(b'!', bytes).any(|at| bytes.get(at + 1) == Some(&b'!'));
    if !has_mark {
        return false;
    }
    lines(text).map(str::trim_start).any(|line| {
        line.starts_with("(:title ")
            || line
                .get(..8)
                .is_some_and(|head| head.eq_ignore_ascii_case("!! crypt"))
    })
}

/// Where the reader stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Header,
    Description,
    Notes,
    Cards(CardKind),
}

/// A `!! Crypt [12 vampires]` or `!! Library [90 cards]` header's count.
fn header_count(line: &str) -> Option<u32> {
    let open = line.find('[')?;
    let inside = line[open + 1..].split(']').next()?;
    inside.split_whitespace().next()?.parse().ok()
}

/// Reads a PmWiki deck.
pub fn read(text: &str) -> RawDeck<'_> {
    let mut deck = RawDeck::new(Format::Pmwiki);
    let mut part = Part::Header;
    let mut description: Vec<&str> = Vec::new();
    for (index, line) in lines(text).enumerate() {
        let number = index + 1;
        let trimmed = line.trim();
        if let Some(title) = trimmed
            .strip_prefix("(:title ")
            .and_then(|t| t.strip_suffix(":)"))
        {
            let title = title.trim();
            match title.rsplit_once(" by ") {
                Some((name, author)) => {
                    deck.meta.name = Some(name.trim().to_string()).filter(|n| !n.is_empty());
                    deck.meta.author = Some(author.trim().to_string()).filter(|a| !a.is_empty());
                }
                None => deck.meta.name = Some(title.to_string()).filter(|n| !n.is_empty()),
            }
            continue;
        }
        if let Some(heading) = trimmed.strip_prefix("!!") {
            let heading = heading.trim_start_matches('!').trim();
            let lower = heading.to_ascii_lowercase();
            if lower.starts_with("description") {
                part = Part::Description;
            } else if lower.starts_with("notes") {
                part = Part::Notes;
            } else if lower.starts_with("crypt") {
                part = Part::Cards(CardKind::Crypt);
                deck.declared
                    .set(CardKind::Crypt, header_count(heading), number);
            } else if lower.starts_with("library") {
                part = Part::Cards(CardKind::Library);
                deck.declared
                    .set(CardKind::Library, header_count(heading), number);
            }
            // A `!!! Action [12]` type heading stays in the library.
            continue;
        }
        match part {
            Part::Description => description.push(line),
            Part::Header | Part::Notes => {}
            Part::Cards(section) => {
                let Some((count, name)) = trimmed.split_once(' ') else {
                    continue;
                };
                if markup::count(count).is_none() && !count.ends_with(super::card_line::TIMES) {
                    continue;
                }
                let (name, advanced) = match name.trim().strip_suffix(" Adv") {
                    Some(base) => (base, Some(true)),
                    None => (name.trim(), None),
                };
                let hint = PrintingHint {
                    group: None,
                    advanced,
                };
                markup::push_named(&mut deck, number, count, name, hint, Some(section));
            }
        }
    }
    let description = description.join("\n").trim().to_string();
    if !description.is_empty() {
        deck.meta.description = Some(description);
    }
    deck
}

/// The `Pmwiki` layout in the formats registry.
#[derive(Debug, Clone, Copy, Default)]
pub struct PmwikiLayout;

super::layout::text_layout!(PmwikiLayout, Format::Pmwiki);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn title_sections_and_advanced() {
        let text = "(:title Deck by Some One :)\n\n!! Description\nTwo\nlines\n!! Notes\nnote\n\n\
            !! Crypt [3 vampires]\n 2x Theo Test Adv\n 1x Alma Test\n\n!! Library [4 cards]\n\n\
            !!! Combat [4]\n 4x Test Punch\n";
        assert!(looks_like(text));
        let deck = read(text);
        assert_eq!(deck.meta.name.as_deref(), Some("Deck"));
        assert_eq!(deck.meta.author.as_deref(), Some("Some One"));
        assert_eq!(deck.meta.description.as_deref(), Some("Two\nlines"));
        assert_eq!(
            (deck.declared.crypt, deck.declared.library),
            (Some(3), Some(4))
        );
        let cards: Vec<(&str, u32, Option<bool>)> = deck
            .lines
            .iter()
            .map(|l| (&*l.name, l.count, l.hint.advanced))
            .collect();
        assert_eq!(
            cards,
            [
                ("Theo Test", 2, Some(true)),
                ("Alma Test", 1, None),
                ("Test Punch", 4, None)
            ]
        );
    }
}
