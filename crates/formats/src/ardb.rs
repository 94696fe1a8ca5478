//! ARDB text as Sutekh writes it (a copy of ARDB 2.8's output):
//! `Deck Name : `, `Author : `, `Description :` and the text below it,
//! `Crypt [12 vampires] Capacity min: ...`, crypt lines
//! ` 3x Name   Adv 6 ANI PRO for   !Gangrel:4`, `Library [90 cards]`, type
//! sections `Action [12]`, `Master [20] (4 trifles)`, card lines ` 2x Name`.

use std::sync::LazyLock;

use regex::Regex;

use crate::format::Format;
use vtesdeck_cards::{CardKind, PrintingHint};
use vtesdeck_deck::raw::{LineKind, LineProblem, RawDeck, RawLine};

static CRYPT_HEADER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^crypt\s*\[(\d+)\s*(?:vampires?|cards?|imbued)?\s*\]").expect("valid regex")
});
static LIBRARY_HEADER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^library\s*\[(\d+)\s*(?:cards?)?\s*\]").expect("valid regex")
});
static CARD_LINE: LazyLock<Regex> = LazyLock::new(|| {
    let times = super::card_line::TIMES_CLASS;
    Regex::new(&format!(r"^\s*(-?\d+)\s*{times}\s*(\S.*?)\s*$")).expect("valid regex")
});

/// Whether a text has the ARDB shape: a `Crypt [N vampires]` header.
pub fn looks_like(text: &str) -> bool {
    text.lines().any(|l| {
        let l = l.trim();
        CRYPT_HEADER.is_match(l) && l.to_ascii_lowercase().contains("vampire")
    })
}

/// Reads an ARDB text deck.
pub fn read(text: &str) -> RawDeck<'_> {
    let mut reader = ArdbReader::new(Format::Ardb);
    for (index, line) in text.lines().enumerate() {
        reader.line(index + 1, line, line);
    }
    reader.finish()
}

/// Where the reader stands in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Header,
    Description,
    Cards(CardKind),
}

/// The ARDB line reader, shared with the forum reader (which feeds it BBCode
/// lines with the tags removed).
pub(super) struct ArdbReader {
    deck: RawDeck<'static>,
    part: Part,
    description: Vec<String>,
}

impl ArdbReader {
    /// A reader producing a deck of the given format.
    pub(super) fn new(format: Format) -> ArdbReader {
        ArdbReader {
            deck: RawDeck::new(format),
            part: Part::Header,
            description: Vec::new(),
        }
    }

    /// The deck read so far, for readers that add lines of their own.
    pub(super) fn deck_mut(&mut self) -> &mut RawDeck<'static> {
        &mut self.deck
    }

    /// Reads one line: `original` is kept for messages, `text` is parsed.
    pub(super) fn line(&mut self, number: usize, original: &str, text: &str) {
        let line = text.trim();
        if let Some(caps) = CRYPT_HEADER.captures(line) {
            self.deck
                .declared
                .set(CardKind::Crypt, caps[1].parse().ok(), number);
            self.part = Part::Cards(CardKind::Crypt);
            return;
        }
        if let Some(caps) = LIBRARY_HEADER.captures(line) {
            self.deck
                .declared
                .set(CardKind::Library, caps[1].parse().ok(), number);
            self.part = Part::Cards(CardKind::Library);
            return;
        }
        match self.part {
            Part::Header | Part::Description => self.header_line(line),
            Part::Cards(section) => self.card_line(number, original, line, section),
        }
    }

    fn header_line(&mut self, line: &str) {
        let field = line
            .split_once(':')
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim()));
        match field {
            Some((key, value)) if key == "deck name" => {
                self.deck.meta.name = Some(value.to_string()).filter(|v| !v.is_empty());
            }
            Some((key, value)) if key == "author" || key == "created by" => {
                self.deck.meta.author = Some(value.to_string()).filter(|v| !v.is_empty());
            }
            Some((key, value)) if key == "description" => {
                self.part = Part::Description;
                self.description.push(value.to_string());
            }
            _ if self.part == Part::Description => self.description.push(line.to_string()),
            _ => {}
        }
    }

    fn card_line(&mut self, number: usize, original: &str, line: &str, section: CardKind) {
        let Some(caps) = CARD_LINE.captures(line) else {
            return;
        };
        let count = match caps[1].parse::<u32>() {
            Ok(n) if n > 0 => n,
            _ => {
                self.deck.problems.push(LineProblem {
                    line: number,
                    text: original.trim().to_string(),
                    message: format!("invalid card count {:?}", &caps[1]),
                });
                return;
            }
        };
        let (name, hint) = match section {
            CardKind::Crypt => {
                let row = crate::crypt_row::crypt_row(&caps[2]);
                (row.name, row.hint)
            }
            CardKind::Library => (&caps[2], PrintingHint::default()),
        };
        self.push(number, original, count, name.to_string(), hint, section);
    }

    /// Adds a card line.
    pub(super) fn push(
        &mut self,
        number: usize,
        original: &str,
        count: u32,
        name: String,
        hint: PrintingHint,
        section: CardKind,
    ) {
        self.deck.lines.push(RawLine {
            line: number,
            text: original.trim().to_string().into(),
            count,
            name: name.into(),
            hint,
            section: Some(section),
            kind: LineKind::Card,
            reading: Default::default(),
        });
    }

    /// The deck, description joined.
    pub(super) fn finish(mut self) -> RawDeck<'static> {
        let description = self.description.join("\n").trim().to_string();
        if !description.is_empty() {
            self.deck.meta.description = Some(description);
        }
        self.deck
    }
}

/// The `Ardb` layout in the formats registry.
#[derive(Debug, Clone, Copy, Default)]
pub struct ArdbLayout;

super::layout::text_layout!(ArdbLayout, Format::Ardb);

#[cfg(test)]
mod tests {
    use super::*;
    use vtesdeck_cards::Group;

    const SAMPLE: &str = "Deck Name : Testers\nAuthor : Me\nDescription :\nA deck\nof tests.\n\nCrypt [3 vampires] Capacity min: 1 max: 7 average: 5\n------------------------------------------------------------\n 2x Alma Test              1 pot                       Brujah:1\n 1x Theo Test          Adv 7 CEL POT PRE dom           Brujah:2\n\nLibrary [5 cards]\n------------------------------------------------------------\nCombat [4]\n 4x Test Punch\n\nMaster [1] (1 trifle)\n 1x The Rack\n";

    #[test]
    fn ardb_shape_is_recognised() {
        assert!(looks_like(SAMPLE));
        assert!(!looks_like("Crypt (3 cards)\n2x Alma Test\n"));
    }

    #[test]
    fn header_crypt_and_library_are_read() {
        let deck = read(SAMPLE);
        assert_eq!(deck.meta.name.as_deref(), Some("Testers"));
        assert_eq!(deck.meta.author.as_deref(), Some("Me"));
        assert_eq!(deck.meta.description.as_deref(), Some("A deck\nof tests."));
        assert_eq!(deck.declared.of(CardKind::Crypt), Some((3, Some(7))));
        assert_eq!(deck.declared.of(CardKind::Library), Some((5, Some(12))));
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
        assert_eq!(deck.lines[1].hint.advanced, Some(true));
        assert_eq!(deck.lines[1].hint.group, Some(Group::Number(2)));
    }

    #[test]
    fn bad_counts_are_problems() {
        let deck =
            read("Crypt [1 vampires]\n 0x Alma Test  1 pot  Brujah:1\n 99999999999x Alma Test\n");
        assert_eq!(deck.problems.len(), 2);
    }
}
