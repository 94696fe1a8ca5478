//! Footer and summary lines that declare a total (`Total: 90`, `Library
//! total: 90`, `Crypt: 12 cards`, `90 cards total`, `Total cards: 102`,
//! `Deck size: 102`): read as declared counts, compared with the cards read by
//! the `declared-count` check, and never read as cards.

use vtesdeck_cards::CardKind;
use vtesdeck_deck::raw::{DeclaredTotal, TotalOf};

/// What a word of a total line says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Word {
    /// `total`, `sum`, `size`, `count`.
    Total,
    /// `cards`, `card`.
    Unit,
    /// `crypt`, `vampires`.
    Crypt,
    /// `library`.
    Library,
    /// `deck`.
    Deck,
    /// `in`, `all`, `of`, `the`.
    Filler,
}

/// The meaning of a word of a total line, `None` for any other word.
fn word(token: &str) -> Option<Word> {
    let lower = token.to_ascii_lowercase();
    Some(match lower.as_str() {
        "total" | "totals" | "sum" | "size" | "count" => Word::Total,
        "card" | "cards" => Word::Unit,
        "crypt" | "vampire" | "vampires" => Word::Crypt,
        "library" => Word::Library,
        "deck" => Word::Deck,
        "in" | "all" | "of" | "the" => Word::Filler,
        _ => return None,
    })
}

/// The total a line declares, when it is a footer or summary line: one number
/// and only the words of a total (`Library total: 90`, `90 cards total`), a
/// remark in brackets after it allowed (`Total: 90 (4 trifles)`). `section`
/// is the section the line stands in: a total that does not name what it
/// counts is that section's or the whole deck's (the whole deck's outside
/// any section).
pub fn footer(line: &str, number: usize, section: Option<CardKind>) -> Option<DeclaredTotal> {
    if !line.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let text = without_trailing_remark(line.trim());
    let mut count = None;
    let mut words = Vec::new();
    for token in text
        .split(|c: char| {
            c.is_whitespace() || matches!(c, ':' | '=' | '-' | '(' | ')' | '[' | ']' | ',' | '.')
        })
        .filter(|t| !t.is_empty())
    {
        if token.bytes().all(|b| b.is_ascii_digit()) {
            if count.is_some() {
                return None;
            }
            count = Some(token.parse::<u32>().ok()?);
        } else {
            words.push(word(token)?);
        }
    }
    let count = count?;
    let has = |wanted: Word| words.contains(&wanted);
    let named = match (has(Word::Crypt), has(Word::Library), has(Word::Deck)) {
        (true, false, false) => Some(TotalOf::Part(CardKind::Crypt)),
        (false, true, false) => Some(TotalOf::Part(CardKind::Library)),
        (false, false, true) => Some(TotalOf::Deck),
        (false, false, false) => None,
        _ => return None,
    };
    if named.is_none() && !has(Word::Total) && !has(Word::Unit) {
        return None;
    }
    let of = named.unwrap_or(match section {
        Some(kind) => TotalOf::PartOrDeck(kind),
        None => TotalOf::Deck,
    });
    Some(DeclaredTotal {
        line: number,
        count,
        of,
    })
}

/// The text without a remark in brackets at its end (`Total: 90 (4
/// trifles)`), when a number stands before it.
fn without_trailing_remark(text: &str) -> &str {
    let Some(open) = text.strip_suffix(')').and_then(|t| t.rfind('(')) else {
        return text;
    };
    let before = text[..open].trim_end();
    if before.bytes().any(|b| b.is_ascii_digit()) {
        before
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(line: &str, section: Option<CardKind>) -> Option<(TotalOf, u32)> {
        footer(line, 1, section).map(|t| (t.of, t.count))
    }

    #[test]
    fn named_totals_count_their_part() {
        use CardKind::{Crypt, Library};
        let library = Some(Library);
        assert_eq!(
            of("Library total: 90", library),
            Some((TotalOf::Part(Library), 90))
        );
        assert_eq!(
            of("Total library: 90", None),
            Some((TotalOf::Part(Library), 90))
        );
        assert_eq!(
            of("Crypt: 12 cards", Some(Crypt)),
            Some((TotalOf::Part(Crypt), 12))
        );
        assert_eq!(of("12 vampires", library), Some((TotalOf::Part(Crypt), 12)));
        assert_eq!(of("Deck total: 102", library), Some((TotalOf::Deck, 102)));
        assert_eq!(of("Deck size = 102", None), Some((TotalOf::Deck, 102)));
    }

    #[test]
    fn unnamed_totals_count_their_section_or_the_deck() {
        use CardKind::Library;
        let library = Some(Library);
        for line in [
            "Total: 90",
            "Total 90",
            "TOTAL = 90",
            "90 cards total",
            "Total cards: 90",
            "90 cards",
            "(90 cards)",
            "Total: 90 cards",
            "Total: 90 (4 trifles)",
            "90 cards in total",
        ] {
            assert_eq!(
                of(line, library),
                Some((TotalOf::PartOrDeck(Library), 90)),
                "{line}"
            );
        }
        assert_eq!(of("Total: 102", None), Some((TotalOf::Deck, 102)));
    }

    #[test]
    fn card_lines_and_prose_are_not_totals() {
        for line in [
            "2x Total Insanity",
            "Total Insanity 2",
            "90",
            "2x Deflection",
            "Total: 90, crypt 12",
            "Crypt 12 Library 90",
            "Total War",
            "I ate a total of 5 damage",
        ] {
            assert_eq!(of(line, None), None, "{line}");
        }
    }
}
