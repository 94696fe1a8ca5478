//! Decklist layouts: one file per layout implementing [`Layout`] (detect, read,
//! write where it can), all listed in [`registry::LAYOUTS`].
//!
//! A reader only splits text into card lines (count, written name, printing
//! hint, line number) and metadata; names are resolved against the card
//! database by [`crate::deck::Deck::from_raw`].

use std::borrow::Cow;

pub mod ardb;
pub mod ardb_html;
pub mod ardb_xml;
pub mod card_line;
pub mod declared_total;
mod decode;
pub mod eldb;
pub mod forum;
mod html;
pub mod jol;
pub mod jol_deck;
pub mod json;
pub mod json_doc;
pub mod krcg;
pub mod krcg_minimal;
pub mod krcg_v5;
pub mod lackey;
mod layout;
mod load;
pub mod markup;
pub mod plain;
pub mod pmwiki;
pub mod registry;
pub mod screen;
pub mod secret_library;
pub mod sniff;
pub mod sutekh_csv;
pub mod sutekh_xml;
pub mod text;
pub mod twd;
mod twd_event;
pub mod twd_writer;
pub mod vdb_url;
pub mod vtesdecks;

pub use crate::deck::raw::{
    lines, trim_line, trim_line_end, trim_line_start, CountPlace, DeckMeta, DeclaredCounts,
    DeclaredTotal, EventInfo, Format, LineKind, LineProblem, OtherReading, RawDeck, RawLine,
    Reading, TotalOf,
};

pub use decode::decode;
pub use layout::{DeckWriter, JsonShape, Layout};
pub use load::{read_all, DeckError, RecordError, MAX_FILE_BYTES};
pub use registry::{detect, detect_object, layout, writable, write};

/// Reads a decklist text, detecting its format unless one is given.
///
/// Lines no reader should see (control characters, over-long lines, lines past
/// [`screen::MAX_LINES`]) are blanked first, and card lines over
/// [`screen::MAX_CARD_COUNT`] copies taken out after; all are reported as problems.
pub fn read(text: &str, format: Option<Format>) -> RawDeck<'_> {
    read_with(text, format, screen::ControlTest::Unknown)
}

/// [`read`], with what is known of the text's control characters (a file's
/// bytes tested before decoding are not tested again).
pub fn read_with(text: &str, format: Option<Format>, controls: screen::ControlTest) -> RawDeck<'_> {
    let layout = registry::layout(format.unwrap_or_else(|| detect(text)));
    // JSON and VDB URL decks are one line holding the whole deck.
    let max_line_bytes = if layout.one_line() {
        usize::MAX
    } else {
        screen::MAX_LINE_BYTES
    };
    let screened = screen::screen(text, max_line_bytes, controls);
    // A text with lines blanked is a copy: its deck owns its lines.
    let mut deck = match screened.text {
        Cow::Borrowed(clean) => layout.read(clean),
        Cow::Owned(cleaned) => layout.read(&cleaned).into_owned(),
    };
    cap_counts(&mut deck, screened.problems);
    deck
}

/// Takes out the card lines over [`screen::MAX_CARD_COUNT`] copies as
/// problems, and merges other problems found before reading, in line order.
pub(super) fn cap_counts(deck: &mut RawDeck, mut problems: Vec<LineProblem>) {
    // Nearly every deck has no count over the cap: told by a plain loop,
    // cheaper than `retain`'s bookkeeping over each line.
    let over_cap = |line: &RawLine| line.count > screen::MAX_CARD_COUNT;
    if problems.is_empty() && !deck.lines.iter().any(over_cap) {
        return;
    }
    deck.lines.retain(|line| {
        if !over_cap(line) {
            return true;
        }
        problems.push(LineProblem {
            line: line.line,
            text: line.text.to_string(),
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
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let mut random = crate::testing::Pieces(0x2545_f491);
        for _ in 0..120 {
            inputs.push(random.text(&PIECES, 40));
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
}
