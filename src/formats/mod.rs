//! Decklist formats: detection, one reader per format producing a [`RawDeck`],
//! and the writers of [`OutputFormat`] (`convert`).
//!
//! A reader only splits text into card lines (count, written name, printing
//! hint, line number) and metadata; names are resolved against the card
//! database by [`crate::deck::Deck::from_raw`].

pub mod ardb;
mod decode;
pub mod eldb;
pub mod forum;
pub mod jol;
pub mod json;
pub mod lackey;
mod output_format;
pub mod plain;
pub mod screen;
pub mod secret_library;
pub mod text;
pub mod twd;
pub mod twd_writer;
pub mod vdb_url;

use std::fmt;

use chrono::NaiveDate;
use serde::Serialize;

use crate::cards::{CardId, CardKind, PrintingHint};

pub use decode::decode;
pub use output_format::{DeckWriter, OutputFormat};

/// A decklist layout vtesdeck reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// TWDA entry (event header, `Crypt (N cards, ...)`, typed library sections);
    /// also the VDB "Text"/"TWD", VTES Decks "TWD" and Sutekh "TWDA" exports.
    Twd,
    /// JOL: `2x Name` / `2 x Name` / bare names, crypt first, blank line, library.
    Jol,
    /// Lackey CCG: `N<TAB>Name`, library first, then `Crypt:`.
    Lackey,
    /// ARDB text as Sutekh writes it (`Crypt [12 vampires]`, ` 3x Name ...`).
    Ardb,
    /// Secret Library import text (`Crypt` / `---` / `N Name`).
    SecretLibrary,
    /// ELDB deck file: quoted names, one line per copy.
    Eldb,
    /// VEKN forum BBCode as Sutekh writes it.
    Forum,
    /// Any list of counts and names (`2x`, `x2`, `2*`, `(2)`, `[2]`, `- 2`).
    Plain,
    /// A VDB deck URL (`https://vdb.im/decks?name=...#200001=2;100002=1`).
    VdbUrl,
    /// vtesdeck's own JSON (the object `parse --json` prints).
    Json,
}

impl Format {
    /// Every format, in detection order.
    pub const ALL: [Format; 10] = [
        Format::Json,
        Format::VdbUrl,
        Format::Forum,
        Format::Eldb,
        Format::Twd,
        Format::Ardb,
        Format::SecretLibrary,
        Format::Lackey,
        Format::Jol,
        Format::Plain,
    ];

    /// The name used by `--input-format` and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Format::Twd => "twd",
            Format::Jol => "jol",
            Format::Lackey => "lackey",
            Format::Ardb => "ardb",
            Format::SecretLibrary => "secret-library",
            Format::Eldb => "eldb",
            Format::Forum => "forum",
            Format::Plain => "plain",
            Format::VdbUrl => "vdb-url",
            Format::Json => "json",
        }
    }

    /// Parses a format name as [`Format::name`] writes it.
    pub fn parse(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A tournament as a TWDA entry describes it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct EventInfo {
    /// Event name.
    pub name: Option<String>,
    /// City and country.
    pub place: Option<String>,
    /// Event date.
    pub date: Option<NaiveDate>,
    /// Rounds and final (`2R+F`).
    pub rounds: Option<String>,
    /// Number of players.
    pub players: Option<u32>,
    /// The winner.
    pub winner: Option<String>,
    /// Event page.
    pub url: Option<String>,
}

/// What a decklist says about itself besides its cards.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct DeckMeta {
    /// `Deck Name:`.
    pub name: Option<String>,
    /// `Created by:` / `Author:`.
    pub author: Option<String>,
    /// Free description.
    pub description: Option<String>,
    /// Event data (TWDA entries).
    pub event: Option<EventInfo>,
}

/// Counts a file announces in its own headers (`Crypt (12 cards`, `Library (90 cards)`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct DeclaredCounts {
    /// The crypt header's card count.
    pub crypt: Option<u32>,
    /// The library header's card count.
    pub library: Option<u32>,
}

/// How sure a reader is that a line names a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    /// A card line (`2x Name`): unresolved names are reported.
    Card,
    /// A bare name that may be prose (Sutekh JOL single copies): used when it
    /// resolves exactly, ignored otherwise.
    MaybeCard,
    /// A card given by its VEKN id (VDB URL, JSON): the id wins over the name;
    /// an unknown id is reported like an unknown name.
    Id(CardId),
}

/// One card line as read, before name resolution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawLine {
    /// 1-based line number in the file.
    pub line: usize,
    /// The whole line as written (for error messages).
    pub text: String,
    /// Number of copies.
    pub count: u32,
    /// The written name, printing suffix removed.
    pub name: String,
    /// Printing hint from the line (`(G6)`, `(ADV)`, `Gangrel:6`).
    pub hint: PrintingHint,
    /// The section the line sits in, when the format has sections.
    pub section: Option<CardKind>,
    /// Card line or bare name.
    pub kind: LineKind,
}

/// A line that looks like a card line but cannot be read (`-3x Name`, a count too large).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LineProblem {
    /// 1-based line number.
    pub line: usize,
    /// The line as written.
    pub text: String,
    /// What is wrong with it.
    pub message: String,
}

/// A decklist split into metadata and card lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawDeck {
    /// The format it was read as.
    pub format: Format,
    /// Name, author, description, event.
    pub meta: DeckMeta,
    /// Card lines in file order.
    pub lines: Vec<RawLine>,
    /// Lines that look like cards but cannot be read.
    pub problems: Vec<LineProblem>,
    /// Counts announced by the file's headers.
    pub declared: DeclaredCounts,
}

impl RawDeck {
    /// An empty deck of a format.
    pub fn new(format: Format) -> RawDeck {
        RawDeck {
            format,
            meta: DeckMeta::default(),
            lines: Vec::new(),
            problems: Vec::new(),
            declared: DeclaredCounts::default(),
        }
    }
}

/// The lines of a text (`\n` separated, a trailing `\r` removed), found with a
/// vectorised byte search: reading the whole archive is mostly this.
pub fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut start = 0;
    let mut ends = memchr::memchr_iter(b'\n', text.as_bytes());
    std::iter::from_fn(move || {
        let end = match ends.next() {
            Some(end) => end,
            None if start < text.len() => text.len(),
            None => return None,
        };
        let line = &text[start..end];
        start = end + 1;
        Some(line.strip_suffix('\r').unwrap_or(line))
    })
}

/// Picks the format of a text from its content: the first of [`Format::ALL`]
/// whose shape the text has, else [`Format::Plain`].
pub fn detect(text: &str) -> Format {
    Format::ALL
        .into_iter()
        .find(|&format| looks_like(text, format))
        .unwrap_or(Format::Plain)
}

/// Whether a text has the shape of a format.
fn looks_like(text: &str, format: Format) -> bool {
    match format {
        Format::Json => json::looks_like(text),
        Format::VdbUrl => vdb_url::looks_like(text),
        Format::Forum => forum::looks_like(text),
        Format::Eldb => eldb::looks_like(text),
        Format::Twd => twd::looks_like(text),
        Format::Ardb => ardb::looks_like(text),
        Format::SecretLibrary => secret_library::looks_like(text),
        Format::Lackey => lackey::looks_like(text),
        Format::Jol => jol::looks_like(text),
        Format::Plain => true,
    }
}

/// Reads a decklist text, detecting its format unless one is given.
///
/// Lines no reader should see (control characters, over-long lines, lines past
/// [`screen::MAX_LINES`]) are blanked first, and card lines over
/// [`screen::MAX_CARD_COUNT`] copies taken out after; all are reported as problems.
pub fn read(text: &str, format: Option<Format>) -> RawDeck {
    let format = format.unwrap_or_else(|| detect(text));
    // JSON and VDB URL decks are one line holding the whole deck.
    let max_line_bytes = match format {
        Format::Json | Format::VdbUrl => usize::MAX,
        _ => screen::MAX_LINE_BYTES,
    };
    let screened = screen::screen(text, max_line_bytes);
    let text = screened.text.as_ref();
    let mut deck = match format {
        Format::Twd => twd::read(text),
        Format::Jol => jol::read(text),
        Format::Lackey => lackey::read(text),
        Format::Ardb => ardb::read(text),
        Format::SecretLibrary => secret_library::read(text),
        Format::Eldb => eldb::read(text),
        Format::Forum => forum::read(text),
        Format::Plain => plain::read(text),
        Format::VdbUrl => vdb_url::read(text),
        Format::Json => json::read(text),
    };
    let mut problems = screened.problems;
    deck.lines.retain(|line| {
        if line.count <= screen::MAX_CARD_COUNT {
            return true;
        }
        problems.push(LineProblem {
            line: line.line,
            text: line.text.clone(),
            message: format!(
                "card count {} too large (at most {})",
                line.count,
                screen::MAX_CARD_COUNT
            ),
        });
        false
    });
    if !problems.is_empty() {
        deck.problems.extend(problems);
        deck.problems.sort_by_key(|p| p.line);
    }
    deck
}

/// Splits a trailing printing suffix off a written crypt name:
/// `Theo Bell (G6)`, `Kemintiri (ADV)`, `Lazar (G3 ADV)`, `Anson (Group 2)`, `Ulfdis Adv.`.
pub fn split_printing_suffix(name: &str) -> (&str, PrintingHint) {
    use crate::cards::Group;
    let trimmed = name.trim_end();
    if let Some(base) = trimmed
        .strip_suffix(" Adv.")
        .or_else(|| trimmed.strip_suffix(" Adv"))
    {
        return (
            base.trim_end(),
            PrintingHint {
                group: None,
                advanced: Some(true),
            },
        );
    }
    let Some(open) = trimmed.rfind('(') else {
        return (trimmed, PrintingHint::default());
    };
    let Some(inner) = trimmed[open + 1..].strip_suffix(')') else {
        return (trimmed, PrintingHint::default());
    };
    let mut hint = PrintingHint::default();
    for word in inner.split_whitespace() {
        let lower = word.to_ascii_lowercase();
        if lower == "adv" || lower == "advanced" {
            hint.advanced = Some(true);
        } else if let Some(group) = lower
            .strip_prefix('g')
            .and_then(|g| Group::parse(g.trim_start_matches("roup")))
        {
            hint.group = Some(group);
        } else if lower == "group" {
            continue;
        } else if let Some(group) = Group::parse(&lower) {
            if inner.to_ascii_lowercase().starts_with("group") {
                hint.group = Some(group);
            } else {
                return (trimmed, PrintingHint::default());
            }
        } else {
            return (trimmed, PrintingHint::default());
        }
    }
    if hint.is_empty() {
        return (trimmed, hint);
    }
    (trimmed[..open].trim_end(), hint)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Group;

    #[test]
    fn counts_over_the_cap_are_problems_in_every_format() {
        let deck = read(
            "Crypt:\n1500\tAlma Test\n3\tTest Bleed\n",
            Some(Format::Lackey),
        );
        assert_eq!(deck.lines.len(), 1);
        assert_eq!(deck.problems.len(), 1);
        assert!(deck.problems[0].message.contains("too large"));
    }

    #[test]
    fn one_line_formats_may_have_long_lines() {
        let long_line = format!("{{\"name\": \"{}\"}}", "a".repeat(screen::MAX_LINE_BYTES));
        let deck = read(&long_line, Some(Format::Json));
        assert!(deck
            .problems
            .iter()
            .all(|p| !p.message.contains("too long")));
        let deck = read(&long_line, Some(Format::Plain));
        assert!(deck.problems[0].message.contains("too long"));
        let url = format!(
            "https://vdb.im/decks/deck?name={}#200001=2",
            "a".repeat(5000)
        );
        let deck = read(&url, None);
        assert_eq!(deck.format, Format::VdbUrl);
        assert!(deck.problems.is_empty());
    }

    #[test]
    fn printing_suffixes_are_split() {
        let (name, hint) = split_printing_suffix("Theo Bell (G6)");
        assert_eq!(name, "Theo Bell");
        assert_eq!(hint.group, Some(Group::Number(6)));
        let (name, hint) = split_printing_suffix("Lazar (G3 ADV)");
        assert_eq!(name, "Lazar");
        assert_eq!(hint.group, Some(Group::Number(3)));
        assert_eq!(hint.advanced, Some(true));
        let (name, hint) = split_printing_suffix("Kemintiri (ADV)");
        assert_eq!((name, hint.advanced), ("Kemintiri", Some(true)));
        let (name, hint) = split_printing_suffix("Anson (Group 2)");
        assert_eq!((name, hint.group), ("Anson", Some(Group::Number(2))));
        let (name, hint) = split_printing_suffix("Ulfdis Adv.");
        assert_eq!((name, hint.advanced), ("Ulfdis", Some(true)));
    }

    #[test]
    fn lines_split_like_str_lines() {
        for text in ["", "a", "a\n", "a\nb", "a\r\nb\r\n", "\n\nc", "é\nü"] {
            assert_eq!(
                lines(text).collect::<Vec<_>>(),
                text.lines().collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn detection_picks_each_shape() {
        let cases = [
            ("{\"crypt\": [], \"library\": []}", Format::Json),
            ("https://vdb.im/decks/deck?name=X#200001=12;100004=90", Format::VdbUrl),
            ("\"X\"\n\"Me\"\n\"\"\n1\n\"Alma Test\"\n", Format::Eldb),
            ("Crypt (1 cards)\n1x Alma Test 1 pot Brujah:1\nLibrary (1 cards)\n1x Test Punch\n", Format::Twd),
            ("Crypt [1 vampires]\n 1x Alma Test 1 pot Brujah:1\nLibrary [1 cards]\n 1x Test Punch\n", Format::Ardb),
            ("Crypt\n---\n1 Alma Test\n\nLibrary\n---\n1 Test Punch\n", Format::SecretLibrary),
            ("1\tTest Punch\nCrypt:\n1\tAlma Test\n", Format::Lackey),
            ("1x Alma Test\n\n1x Test Punch\n", Format::Jol),
            ("Crypt:\nAlma Test x1\nLibrary:\n(1) Test Punch\n", Format::Plain),
        ];
        for (text, format) in cases {
            assert_eq!(detect(text), format, "{text:?}");
        }
    }

    #[test]
    fn every_reader_survives_garbage() {
        let mut inputs: Vec<String> = vec![
            String::new(),
            "\u{0}\u{1}\u{ff}\u{fffd}".repeat(50),
            "99999999999999999999999x Alma\n-1x B\n0 C\n".to_string(),
            "Crypt [99999999999999999999 vampires]\n 1x\n[tr][td][/td][/tr]\n".to_string(),
            "\"\n\"\"\n12\n\"\n".to_string(),
            "https://vdb.im/#=;==;1=;=1;%;%4;99999999999=99999999999".to_string(),
            "{\"crypt\":[{\"id\":1,\"name\":\"x\",\"count\":4294967295}],\"library\":[]}"
                .to_string(),
            "Deck Name:\nDescription:\nCrypt\n---\n".to_string(),
        ];
        // Random texts built from the pieces the readers look for, so that
        // every branch of every reader sees broken input.
        const PIECES: [&str; 28] = [
            "Crypt",
            "Library",
            " (",
            "[",
            "]",
            ")",
            " cards",
            " vampires",
            ":",
            "---",
            "\n",
            "\t",
            "\"",
            "x ",
            "2",
            "99999999999",
            "-",
            "#",
            "=",
            ";",
            "{",
            "[td]",
            "[/td]",
            "[tr]",
            "[url=a]",
            "https://vdb.im/d?name=%",
            "é",
            "\u{0}",
        ];
        let mut seed = 0x2545_f491_u32;
        for _ in 0..120 {
            let text: String = (0..40)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 17;
                    seed ^= seed << 5;
                    PIECES[seed as usize % PIECES.len()]
                })
                .collect();
            inputs.push(text);
        }
        let db = crate::testing::fixture_db();
        for text in &inputs {
            let detected = read(text, None);
            assert_eq!(detected.format, detect(text));
            for format in Format::ALL {
                let raw = read(text, Some(format));
                assert_eq!(raw.format, format);
                let deck = crate::deck::Deck::from_raw(raw, &db);
                assert!(deck.crypt.iter().chain(&deck.library).all(|e| e.count > 0));
            }
        }
    }

    #[test]
    fn other_parentheses_are_kept() {
        let (name, hint) = split_printing_suffix("Pentex(TM) Subversion");
        assert_eq!(name, "Pentex(TM) Subversion");
        assert!(hint.is_empty());
        let (name, _) = split_printing_suffix("Akhenaten (Mummy)");
        assert_eq!(name, "Akhenaten (Mummy)");
    }
}
