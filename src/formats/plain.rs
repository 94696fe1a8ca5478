//! Any list of counts and names, the way people type them: `2x Name`,
//! `2 x Name`, `2xName`, `2 Name`, `2<TAB>Name`, `Name x2`, `2* Name`,
//! `(2) Name`, `[2] Name`, `Name (2)`, `Name - 2`. Section headers (`Crypt:`,
//! `Library`, `Master (20; 3 trifle)`, `Combat [15]`) and free comment lines are
//! skipped; a line with a bare name may be a single copy (resolved only if exact).

use std::sync::LazyLock;

use regex::Regex;

use super::layout::Layout;
use super::{Format, LineKind, LineProblem, RawDeck, RawLine};
use crate::cards::names::split_printing_suffix;
use crate::cards::{CardKind, CardType};

/// Count-before-name shapes: `2x Name`, `2 x Name`, `2* Name`, `(2) Name`, `[2] Name`, `2 Name`.
static COUNT_FIRST: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^(?:[-*•]\s+)?(?:\((-?\d+)\)|\[(-?\d+)\]|(-?\d+)(?:[xX×*]|\s+[xX×*]\s)?)\s*(\S.*)$",
    )
    .expect("valid regex")
});
/// Count-after-name shapes: `Name x2`, `Name x 2`, `Name *2`, `Name (2)`, `Name [2]`, `Name - 2`.
static COUNT_LAST: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(\S.*?)\s*(?:[xX×*]\s*(\d+)|\((\d+)\)|\[(\d+)\]|\s-\s*(\d+))\s*$")
        .expect("valid regex")
});

/// Reads a plain list.
pub fn read(text: &str) -> RawDeck {
    read_as(text, Format::Plain)
}

/// Reads a plain list, labelled with the given format (JOL, Lackey and
/// Secret Library texts are plain lists with a known layout).
pub fn read_as(text: &str, format: Format) -> RawDeck {
    read_lines(
        super::lines(text).enumerate().map(|(i, l)| (i + 1, l)),
        format,
    )
}

/// Reads numbered lines (1-based) as a plain list: for readers that handle a
/// header of their own and hand the rest of the file over.
pub fn read_lines<'a>(lines: impl Iterator<Item = (usize, &'a str)>, format: Format) -> RawDeck {
    let mut deck = RawDeck::new(format);
    let mut section = None;
    for (number, raw) in lines {
        let line = raw.trim();
        if line.is_empty()
            || line.starts_with('#')
            || line.starts_with("--")
            || line.starts_with("//")
        {
            continue;
        }
        if let Some(kind) = section_header(line) {
            section = kind;
            continue;
        }
        if is_decoration(line) || is_metadata(line, &mut deck) {
            continue;
        }
        let Some((count_text, rest)) = split_count(line) else {
            let (name, hint) = split_printing_suffix(line);
            deck.lines.push(RawLine {
                line: number,
                text: line.to_string(),
                count: 1,
                name: name.to_string(),
                hint,
                section,
                kind: LineKind::MaybeCard,
            });
            continue;
        };
        let count = match super::screen::card_count(count_text) {
            Ok(n) => n,
            Err(message) => {
                deck.problems.push(LineProblem {
                    line: number,
                    text: line.to_string(),
                    message,
                });
                continue;
            }
        };
        if is_type_header(rest) {
            continue;
        }
        let (name, hint) = split_printing_suffix(rest);
        deck.lines.push(RawLine {
            line: number,
            text: line.to_string(),
            count,
            name: name.to_string(),
            hint,
            section,
            kind: LineKind::Card,
        });
    }
    deck
}

/// Splits a line into its count and name, in any of the shapes this reader knows.
fn split_count(line: &str) -> Option<(&str, &str)> {
    if let Some(caps) = COUNT_LAST.captures(line) {
        let count = (2..=5).find_map(|i| caps.get(i))?;
        let name = caps.get(1)?.as_str();
        if !name.chars().all(|c| c.is_ascii_digit()) {
            return Some((count.as_str(), name.trim()));
        }
    }
    let caps = COUNT_FIRST.captures(line)?;
    let count = (1..=3).find_map(|i| caps.get(i))?;
    Some((count.as_str(), caps.get(4)?.as_str().trim()))
}

/// `Crypt`, `Crypt:`, `Crypt [12]`, `Library (90 cards)`: the section a header opens.
fn section_header(line: &str) -> Option<Option<CardKind>> {
    let word: String = line
        .chars()
        .take_while(|c| c.is_alphabetic())
        .collect::<String>()
        .to_ascii_lowercase();
    let rest = line[word.len()..].trim();
    let is_header = rest.is_empty()
        || rest.starts_with(':')
        || rest.starts_with('(')
        || rest.starts_with('[')
        || rest.chars().all(|c| c == '-' || c == '=' || c == ':');
    match word.as_str() {
        "crypt" if is_header => Some(Some(CardKind::Crypt)),
        "library" if is_header => Some(Some(CardKind::Library)),
        _ => None,
    }
}

/// A library type header: `Master (20; 3 trifle)`, `Combat [15]`, `Action Modifier/Combat`.
fn is_type_header(line: &str) -> bool {
    let head = line.split(['(', '[', ':']).next().unwrap_or("").trim();
    !head.is_empty() && head.split('/').all(|t| CardType::parse(t).is_some())
}

/// Underlines and rules: `----`, `====`.
fn is_decoration(line: &str) -> bool {
    line.chars()
        .all(|c| matches!(c, '-' | '=' | '_' | '*' | '~'))
}

/// `Deck Name:`, `Author:`, `Description:` lines, kept as metadata.
fn is_metadata(line: &str, deck: &mut RawDeck) -> bool {
    let Some((key, value)) = line.split_once(':') else {
        return is_type_header(line);
    };
    let value = value.trim().to_string();
    let value = (!value.is_empty()).then_some(value);
    match key.trim().to_ascii_lowercase().as_str() {
        "deck name" | "name" | "deck" => deck.meta.name = value,
        "author" | "created by" => deck.meta.author = value,
        "description" => deck.meta.description = value,
        _ => return is_type_header(line),
    }
    true
}

/// The `Plain` layout in the formats registry.
#[derive(Debug, Clone, Copy, Default)]
pub struct PlainLayout;

impl Layout for PlainLayout {
    fn format(&self) -> Format {
        Format::Plain
    }

    fn looks_like(&self, _text: &str) -> bool {
        true
    }

    fn read(&self, text: &str) -> RawDeck {
        read(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(text: &str) -> Vec<(u32, String)> {
        read(text)
            .lines
            .into_iter()
            .map(|l| (l.count, l.name))
            .collect()
    }

    #[test]
    fn every_count_shape_is_read() {
        let text = "2x Alpha\n3 x Beta\n4xGamma\n5 Delta\n6\tEpsilon\nZeta x7\n8* Eta\n(9) Theta\n[10] Iota\nKappa (11)\nLambda - 12\n";
        let expected: Vec<(u32, String)> = [
            (2, "Alpha"),
            (3, "Beta"),
            (4, "Gamma"),
            (5, "Delta"),
            (6, "Epsilon"),
            (7, "Zeta"),
            (8, "Eta"),
            (9, "Theta"),
            (10, "Iota"),
            (11, "Kappa"),
            (12, "Lambda"),
        ]
        .into_iter()
        .map(|(n, s)| (n, s.to_string()))
        .collect();
        assert_eq!(counts(text), expected);
    }

    #[test]
    fn headers_are_skipped_and_sections_kept() {
        let deck = read("Crypt:\n2x Alma\nLibrary (3 cards)\nMaster (2; 1 trifle)\n2x Haven\nCombat [1]\n1x Punch\n");
        assert_eq!(deck.lines.len(), 3);
        assert_eq!(deck.lines[0].section, Some(CardKind::Crypt));
        assert_eq!(deck.lines[2].section, Some(CardKind::Library));
    }

    #[test]
    fn zero_and_negative_counts_are_problems() {
        let deck = read("0x Alpha\n-2x Beta\n");
        assert_eq!(deck.problems.len(), 2);
        assert!(deck.lines.is_empty());
    }

    #[test]
    fn huge_count_is_a_problem_not_a_panic() {
        let deck = read("999999999999x Alpha\n");
        assert_eq!(deck.problems.len(), 1);
    }

    #[test]
    fn bare_names_are_maybe_cards() {
        let deck = read("Alpha\n2xBeta\n");
        assert_eq!(deck.lines[0].kind, LineKind::MaybeCard);
        assert_eq!(deck.lines[1].kind, LineKind::Card);
    }
}
