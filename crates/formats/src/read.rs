//! Reading a text in its layout: the layout detected (or given), a page's
//! quoted deck unquoted, the lines no reader should see screened first, and
//! the card lines no deck has taken out after.

use std::borrow::Cow;

use crate::format::Format;
use vtesdeck_deck::raw::{LineKind, LineProblem, RawDeck, RawLine};

use crate::layout::Layout;
use crate::reader::Reader;
use crate::registry::{self, detect};
use crate::{page, prose, screen, shape};

/// Reads a decklist text, detecting its format unless one is given.
///
/// Lines no reader should see (control characters, lines past
/// `screen::MAX_LINES` in a layout read line by line) are blanked first,
/// and the card lines no deck has taken out after (`screen_card_lines`);
/// all are reported as problems.
pub(crate) fn read<'t>(text: &'t str, format: Option<Format>, reader: &Reader) -> RawDeck<'t> {
    read_with(
        text,
        format,
        screen::ControlTest::Unknown,
        page::ApartHeadings::Maybe,
        reader,
    )
}

/// [`read`], with what is known of the text: its control characters (a
/// file's bytes tested before decoding are not tested again), and whether
/// a line of it may be the heading of a list kept apart (`apart`,
/// [`page::PageWords::apart`] of the text whose lines it holds).
pub(crate) fn read_with<'t>(
    text: &'t str,
    format: Option<Format>,
    controls: screen::ControlTest,
    apart: page::ApartHeadings,
    reader: &Reader,
) -> RawDeck<'t> {
    let mut layout = registry::layout(format.unwrap_or_else(|| detect(text)));
    // A page's quoted deck is read as its text, its signature as prose
    // (`page::unquote`): the layout told again on the text read.
    let page = if layout.reads_lines() {
        page::unquote(text)
    } else {
        page::Unquoted {
            text: Cow::Borrowed(text),
            blanked: Vec::new(),
        }
    };
    // A list kept apart (a sideboard, a maybe list) is no card of the deck
    // (`page::keep_apart`): blanked before any layout reads the text.
    let apart = match (&page.text, apart) {
        _ if !layout.reads_lines() => None,
        (_, page::ApartHeadings::NoKeyWord) => None,
        // The text's own lines, none such a heading: nothing to look for.
        (Cow::Borrowed(_), page::ApartHeadings::NoHeading) => None,
        _ => page::keep_apart(&page.text),
    };
    let (page_text, kept) = match apart {
        Some(apart) => (Cow::Owned(apart.text), apart.kept),
        None => (page.text, Vec::new()),
    };
    let mut deck = match page_text {
        Cow::Borrowed(text) => read_screened(text, layout, controls, reader),
        Cow::Owned(unquoted) => {
            if format.is_none() {
                let unquoted_layout = registry::layout(detect(&unquoted));
                if unquoted_layout.reads_lines() {
                    layout = unquoted_layout;
                }
            }
            read_screened(&unquoted, layout, controls, reader).into_owned()
        }
    };
    deck.meta.sideboard_apart.extend(kept);
    if format.is_none() && handed_to_shape(layout, &deck) {
        // A document layout that claimed the text and read no card of it
        // (ids as strings, counts as child elements): read by its shape.
        let by_shape = shape::read(text);
        if !by_shape.lines.is_empty() {
            return by_shape;
        }
    }
    if !page.blanked.is_empty() {
        deck.meta.prose_skipped.extend(page.blanked);
        deck.meta.prose_skipped.sort_unstable();
        deck.meta.prose_skipped.dedup();
    }
    deck
}

/// Reads a text in a layout, its lines screened first (see [`read`]).
fn read_screened<'t>(
    text: &'t str,
    layout: &dyn Layout,
    controls: screen::ControlTest,
    reader: &Reader,
) -> RawDeck<'t> {
    // JSON, a URL, XML and HTML are documents: not cut after a number of lines.
    let max_lines = if layout.reads_lines() {
        screen::MAX_LINES
    } else {
        usize::MAX
    };
    let screened = screen::screen(text, max_lines, controls);
    // A text with lines blanked is a copy: its deck owns its lines.
    let mut deck = match screened.text {
        Cow::Borrowed(clean) => layout.read(clean, reader),
        Cow::Owned(cleaned) => layout.read(&cleaned, reader).into_owned(),
    };
    screen_card_lines(&mut deck, screened.problems);
    if layout.format() == Format::Plain {
        prose::skip(text, &mut deck);
    }
    deck
}

/// Whether a document layout that detection chose read no card line of a
/// text: the reader of shapes is asked (an HTML page is not a document).
fn handed_to_shape(layout: &dyn Layout, deck: &RawDeck) -> bool {
    !layout.reads_lines()
        && !matches!(
            layout.format(),
            Format::Shape | Format::ArdbHtml | Format::VdbUrl
        )
        && deck.lines.is_empty()
}

/// Takes out the card lines no deck has, as problems: a count over
/// [`screen::MAX_CARD_COUNT`] copies, a line longer than
/// [`screen::MAX_LINE_BYTES`] (a line that may be prose, longer than any card
/// name, is left out as prose is). A card given by id is read whatever its
/// text, and every text longer than that is shortened where messages show it
/// (an 8 MB name is not echoed whole). Merges other problems found before
/// reading, in line order.
pub(crate) fn screen_card_lines(deck: &mut RawDeck, mut problems: Vec<LineProblem>) {
    let long = |text: &str| text.len() > screen::MAX_LINE_BYTES;
    let over_cap = |line: &RawLine| line.count > screen::MAX_CARD_COUNT;
    // Nearly every deck has no such line: told by a plain loop, cheaper than
    // `retain`'s bookkeeping over each line.
    if problems.is_empty()
        && !deck
            .lines
            .iter()
            .any(|line| over_cap(line) || long(&line.text) || long(&line.name))
        && !deck.problems.iter().any(|problem| long(&problem.text))
    {
        return;
    }
    for problem in &mut deck.problems {
        if long(&problem.text) {
            problem.text = screen::shorten(&problem.text);
        }
    }
    let mut prose = Vec::new();
    deck.lines.retain_mut(|line| {
        let message = if matches!(line.kind, LineKind::Id(_)) {
            if long(&line.text) {
                line.text = screen::shorten(&line.text).into();
            }
            if long(&line.name) {
                line.name = screen::shorten(&line.name).into();
            }
            None
        } else if long(&line.text) {
            if line.kind == LineKind::MaybeCard {
                return false;
            }
            Some(format!(
                "card line too long ({} bytes; a card line is at most {}): not read",
                line.text.len(),
                screen::MAX_LINE_BYTES
            ))
        } else {
            None
        };
        if message.is_none() && over_cap(line) && !vtesdeck_deck::raw::name_like(&line.name) {
            // `... viewtopic.php?t=1234`: prose, no card line.
            prose.push(line.line);
            return false;
        }
        let message =
            message.or_else(|| over_cap(line).then(|| vtesdeck_deck::count_too_large(line.count)));
        let Some(message) = message else {
            return true;
        };
        problems.push(LineProblem {
            line: line.line,
            text: screen::shorten(&line.text),
            message,
        });
        false
    });
    if !problems.is_empty() {
        deck.problems.extend(problems);
        deck.problems.sort_by_key(|p| p.line);
    }
    if !prose.is_empty() {
        deck.meta.prose_skipped.extend(prose);
        deck.meta.prose_skipped.sort_unstable();
        deck.meta.prose_skipped.dedup();
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
            &crate::reader::Reader::default(),
        );
        assert_eq!(deck.lines.len(), 1);
        assert_eq!(deck.problems.len(), 1);
        assert!(deck.problems[0].message.contains("too large"));
    }

    #[test]
    fn only_card_lines_have_a_length_limit() {
        let long = "a".repeat(screen::MAX_LINE_BYTES);
        let json = format!("{{\"name\": \"{long}\"}}");
        let deck = read(&json, Some(Format::Json), &crate::reader::Reader::default());
        assert!(deck
            .problems
            .iter()
            .all(|p| !p.message.contains("too long")));
        // A card line over the limit is reported, its text shortened.
        let card_line = format!("1x {long}\n2x Alma Test\n");
        let deck = read(
            &card_line,
            Some(Format::Plain),
            &crate::reader::Reader::default(),
        );
        assert_eq!(deck.lines.len(), 1);
        assert_eq!(deck.problems.len(), 1);
        assert!(deck.problems[0].message.contains("card line too long"));
        assert!(deck.problems[0].text.chars().count() <= 81);
        // A long line of prose in a plain list is left out, as prose is.
        let prose = format!("{long} {long}\n2x Alma Test\n");
        let deck = read(
            &prose,
            Some(Format::Plain),
            &crate::reader::Reader::default(),
        );
        assert_eq!((deck.lines.len(), deck.problems.len()), (1, 0));
        // A TWD description of any length is read.
        let twd = format!(
            "Description: {long}\n\nCrypt (1 cards)\n1x Alma Test\n\n\
             Library (1 cards)\n1x Test Punch\n"
        );
        let deck = read(&twd, Some(Format::Twd), &crate::reader::Reader::default());
        assert!(deck.problems.is_empty(), "{:?}", deck.problems);
        assert_eq!(deck.meta.description.as_deref(), Some(long.as_str()));
        assert_eq!(deck.lines.len(), 2);
        // A card given by id is read whatever its name, the name shortened.
        let by_id = format!(
            "{{\"type\": \"deck\", \"crypt\": [{{\"id\": 200001, \"name\": \"{long}b\", \"count\": 2}}], \"library\": []}}"
        );
        let deck = read(&by_id, None, &crate::reader::Reader::default());
        assert_eq!(deck.lines.len(), 1);
        assert!(
            deck.lines[0].name.chars().count() <= 81 && deck.lines[0].text.chars().count() <= 81
        );
        // A reader's problem about a long text shows it shortened.
        let bad_count = format!(
            "<deck><crypt><vampire count=\"x\"><name>{long}</name></vampire></crypt></deck>"
        );
        let deck = read(&bad_count, None, &crate::reader::Reader::default());
        assert_eq!(
            deck.problems[0].text.chars().count(),
            81,
            "{:?}",
            deck.problems
        );
        let url = format!("https://vdb.im/decks/deck?name={long}#200001=2");
        let deck = read(&url, None, &crate::reader::Reader::default());
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

    /// A count written with the multiplication sign (`3×`, `3 ×`) reads as
    /// with `x` in every layout that reads counts, told by detection alike.
    #[test]
    fn the_multiplication_sign_is_read_as_x_in_every_layout() {
        let cases = [
            (
                "Crypt (3 cards)\n3x Alma Test 1 pot Brujah:1\nLibrary (2 cards)\n2x Test Punch\n",
                Format::Twd,
            ),
            (
                "Crypt [3 vampires]\n 3x Alma Test 1 pot Brujah:1\nLibrary [2 cards]\n 2x Test Punch\n",
                Format::Ardb,
            ),
            ("3x Alma Test\n\n2x Test Punch\n", Format::Jol),
            ("Crypt:\n3x Alma Test\nLibrary:\n2x Test Punch\n", Format::Plain),
            (
                "[u]Crypt [3 vampires][/u]\n[table]\n[tr][td]3x[/td][td]Alma Test[/td][td](group 1)[/td][/tr]\n\
                 [/table]\n[u]Library [2 cards][/u]\n[b]Combat [4][/b]\n 2x [b]Test Punch[/b]\n 2x [b]Test Dodge[/b]\n",
                Format::Forum,
            ),
        ];
        let cards = |deck: &RawDeck| -> Vec<(u32, String)> {
            deck.lines
                .iter()
                .map(|line| (line.count, line.name.to_string()))
                .collect()
        };
        for (text, format) in cases {
            assert_eq!(detect(text), format, "{text}");
            let with_x = cards(&read(text, Some(format), &Reader::default()));
            assert!(with_x.len() >= 2, "{format}: {with_x:?}");
            for times in ["×", " ×"] {
                let written = text
                    .replace("3x", &format!("3{times}"))
                    .replace("2x", &format!("2{times}"));
                assert_eq!(
                    cards(&read(&written, Some(format), &Reader::default())),
                    with_x,
                    "{written}"
                );
                assert_eq!(detect(&written), detect(text), "{written}");
            }
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
            let detected = read(text, None, &crate::reader::Reader::default());
            assert_eq!(detected.format, detect(text));
            for format in Format::ALL {
                let raw = read(text, Some(format), &crate::reader::Reader::default());
                assert_eq!(raw.format, format);
                let deck = vtesdeck_deck::Deck::from_raw(
                    raw,
                    &db,
                    &vtesdeck_deck::KnownColumns::default(),
                );
                assert!(deck.crypt.iter().chain(&deck.library).all(|e| e.count > 0));
            }
        }
    }
}
