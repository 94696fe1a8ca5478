//! VEKN forum BBCode as Sutekh writes it: the ARDB text layout wrapped in
//! `[size]`, `[b]`, `[u]` and `[url]` tags, with the crypt as a `[table]` of
//! `[tr][td]3x[/td][td][url=...]Name[/url][/td][td]Adv[/td][td](6)[/td]...[td](group 4)[/td][/tr]`.

use std::sync::LazyLock;

use regex::Regex;

use super::ardb::ArdbReader;
use crate::format::Format;
use vtesdeck_cards::{CardKind, Group};
use vtesdeck_deck::raw::{LineProblem, RawDeck};

static TAG: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\[/?(?:size|b|u|i|s|url|table|tr|td|th|color|quote|list|img|spoiler|center|code)(?:=[^\]]*)?\]")
        .expect("valid regex")
});
static CELL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?is)\[td\](.*?)\[/td\]").expect("valid regex"));
static CARD_LINE: LazyLock<Regex> = LazyLock::new(|| {
    let times = super::card_line::TIMES_CLASS;
    Regex::new(&format!(r"^\s*\d+\s*{times}\s*\S")).expect("valid regex")
});
static GROUP_CELL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^\(?\s*group\s*(\w+)\s*\)?$").expect("valid regex"));

/// Whether a text is forum BBCode: card lines or crypt table rows wrapped in tags.
pub fn looks_like(text: &str) -> bool {
    // A closing BBCode tag anywhere, found with a vectorised search for `[`
    // (rare in other layouts; this runs on every text whose layout is detected).
    let bytes = text.as_bytes();
    if !memchr::memchr_iter(b'[', bytes).any(|at| bytes.get(at + 1) == Some(&b'/')) {
        return false;
    }
    text.lines()
        .filter(|line| {
            line.contains("[tr]") || (TAG.is_match(line) && CARD_LINE.is_match(&strip_tags(line)))
        })
        .take(3)
        .count()
        >= 3
}

/// A line with its BBCode tags removed.
fn strip_tags(line: &str) -> String {
    TAG.replace_all(line, "").into_owned()
}

/// Reads a forum BBCode deck.
pub fn read(text: &str) -> RawDeck<'_> {
    let mut reader = ArdbReader::new(Format::Forum);
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if line.contains("[td]") {
            crypt_row(number, line, &mut reader);
        } else {
            reader.line(number, line, &strip_tags(line));
        }
    }
    reader.finish()
}

/// Reads one crypt table row: count, name, advanced mark, ..., `(group N)`.
fn crypt_row(number: usize, line: &str, reader: &mut ArdbReader) {
    let cells: Vec<String> = CELL
        .captures_iter(line)
        .map(|c| strip_tags(&c[1]).trim().to_string())
        .collect();
    let (Some(count_cell), Some(name)) = (cells.first(), cells.get(1)) else {
        return;
    };
    let count_text = count_cell.trim_end_matches(super::card_line::TIMES).trim();
    let count = match count_text.parse::<u32>() {
        Ok(n) if n > 0 => n,
        _ => {
            reader.deck_mut().problems.push(LineProblem {
                line: number,
                text: line.trim().to_string(),
                message: format!("invalid card count {count_cell:?}"),
            });
            return;
        }
    };
    let (name, mut hint) = vtesdeck_cards::split_printing_suffix(name);
    if cells
        .get(2)
        .is_some_and(|c| c.to_ascii_lowercase().starts_with("adv"))
    {
        hint.advanced = Some(true);
    }
    if let Some(group) = cells.iter().rev().find_map(|c| {
        GROUP_CELL
            .captures(c)
            .and_then(|caps| Group::parse(&caps[1]))
    }) {
        hint.group.get_or_insert(group);
    }
    reader.push(number, line, count, name.to_string(), hint, CardKind::Crypt);
}

/// The `Forum` layout in the formats registry.
#[derive(Debug, Clone, Copy, Default)]
pub struct ForumLayout;

super::layout::text_layout!(ForumLayout, Format::Forum);

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "[size=18][b]Deck Name : Testers[/b][/size]\n[b][u]Author :[/u][/b] Me\n[b][u]Description :[/u][/b]\nA deck of tests.\n\n[size=18][u]Crypt [3 vampires] Capacity min: 1 max: 7 average: 5[/u][/size]\n[table]\n[tr][td]2x[/td][td][url=https://x.org/?card=Alma+Test]Alma Test[/url][/td][td][/td][td](1)[/td][td]:pot:[/td][td]   [/td][td]:bruj: Brujah[/td][td](group 1)[/td][/tr]\n[tr][td]1x[/td][td][url=https://x.org/?card=Theo+Test]Theo Test[/url][/td][td]Adv[/td][td](7)[/td][td]:CEL:[/td][td]   [/td][td]:bruj: Brujah[/td][td](group 2)[/td][/tr]\n[/table]\n[size=18][u]Library [5 cards][/u][/size]\n[b][u]Combat [4][/u][/b]\n 4x [url=https://x.org/?card=Test+Punch]Test Punch[/url]\n\n[b][u]Master [1] (1 trifle)[/u][/b]\n 1x [url=https://x.org/?card=The+Rack]The Rack[/url]\nRecorded with : Sutekh 2.2.0 [ 2026-02-01 ]\n";

    #[test]
    fn forum_shape_is_recognised() {
        assert!(looks_like(SAMPLE));
        assert!(!looks_like("2x Alma Test\n[b]bold[/b]\n"));
    }

    #[test]
    fn header_table_and_library_are_read() {
        let deck = read(SAMPLE);
        assert_eq!(deck.meta.name.as_deref(), Some("Testers"));
        assert_eq!(deck.meta.author.as_deref(), Some("Me"));
        assert_eq!(deck.meta.description.as_deref(), Some("A deck of tests."));
        assert_eq!(deck.declared.crypt, Some(3));
        let names: Vec<(u32, &str)> = deck.lines.iter().map(|l| (l.count, &*l.name)).collect();
        assert_eq!(
            names,
            [
                (2, "Alma Test"),
                (1, "Theo Test"),
                (4, "Test Punch"),
                (1, "The Rack")
            ]
        );
        assert_eq!(deck.lines[0].hint.group, Some(Group::Number(1)));
        assert_eq!(deck.lines[1].hint.advanced, Some(true));
        assert_eq!(deck.lines[1].hint.group, Some(Group::Number(2)));
        assert_eq!(deck.lines[2].section, Some(CardKind::Library));
    }
}
