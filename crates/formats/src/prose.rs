//! A deck inside a page: a plain text with prose around its decklist (a
//! blog post with front matter, a forum post, an e-mail, a deck guide). The
//! deck's block is its card lines with a count, from the first to the last;
//! the lines outside it that do not look like card lines (no count,
//! sentence-like) are prose, and so is a front matter (`---` ... `---`) and
//! a long sentence in a paragraph of no card line inside it. Prose is
//! skipped and counted once ([`skip`]), not reported as unknown cards; a
//! line of the block naming no card is still reported. A short list with no
//! prose reads as before.

use crate::plain::mail_header;
use vtesdeck_deck::raw::{CountPlace, RawDeck};

/// Reads an HTML page that is no deck builder's page (a deck guide, a blog
/// post): its text as a browser lays it out ([`super::html_text`]), read as
/// a plain list with the prose around the decklist skipped, each line
/// pointing into the page's source.
pub fn read_page(html: &str) -> RawDeck<'static> {
    let page = super::html_text::PageText::of(html);
    // A list kept apart (a sideboard) is no card of the deck, as in every text.
    let apart = super::page::keep_apart(&page.text);
    let text = apart
        .as_ref()
        .map_or(page.text.as_str(), |apart| &apart.text);
    let mut deck = super::plain::read(text).into_owned();
    skip(text, &mut deck);
    if let Some(apart) = apart {
        deck.meta.sideboard_apart = apart.kept;
    }
    page.to_source(&mut deck);
    deck
}

/// Takes the prose lines out of a plain list's card lines and problems,
/// keeping their line numbers in the deck's `prose_skipped`.
pub fn skip(text: &str, deck: &mut RawDeck) {
    if deck.lines.is_empty() && deck.problems.is_empty() {
        return;
    }
    // A Markdown fence (```, ~~~) around the list is markup, no card line.
    deck.lines.retain(|line| !fence(&line.text));
    let front = front_matter(text);
    let counted = deck
        .lines
        .iter()
        .filter(|line| line.reading.count_place != CountPlace::Unwritten && line.line > front)
        .map(|line| line.line);
    let span = counted
        .clone()
        .min()
        .zip(counted.max())
        .unwrap_or((usize::MAX, 0));
    // With no card line with a count, a text whose every line reads as prose,
    // one of them at least ending as a sentence does (a note, a letter), is
    // prose only: it holds no card line at all (no decklist found), rather
    // than lines of unknown cards. A hand-typed list of bare names reads as before.
    let all_prose = span.1 == 0
        && deck
            .lines
            .iter()
            .all(|line| line.line <= front || sentence_like(&line.text))
        && deck.lines.iter().any(|line| ends_sentence(&line.text));
    let lines: Vec<&str> = text.lines().collect();
    // The paragraph (lines to a blank one) of each line, and what each
    // paragraph holds: worked out once, in one pass (a text of any length is
    // judged in linear time).
    let mut paragraph_of: Vec<usize> = Vec::with_capacity(lines.len());
    let mut paragraphs = 0;
    let mut has_sentence: Vec<bool> = vec![false];
    for line in &lines {
        if line.trim().is_empty() {
            paragraphs += 1;
            has_sentence.push(false);
        } else if sentence_like(line) {
            has_sentence[paragraphs] = true;
        }
        paragraph_of.push(paragraphs);
    }
    let mut has_cards = vec![false; paragraphs + 1];
    for line in &deck.lines {
        if line.reading.count_place != CountPlace::Unwritten {
            if let Some(&at) = paragraph_of.get(line.line.wrapping_sub(1)) {
                has_cards[at] = true;
            }
        }
    }
    let paragraph_has_cards = |line: usize| {
        paragraph_of
            .get(line.wrapping_sub(1))
            .is_some_and(|&at| has_cards[at])
    };
    let paragraph_has_sentence = |line: usize| {
        paragraph_of
            .get(line.wrapping_sub(1))
            .is_some_and(|&at| has_sentence[at])
    };
    // The first line of a text without a front matter may be the deck's
    // name (read as such when it names no card): prose only when a sentence.
    let title = lines
        .iter()
        .position(|l| !l.trim().is_empty())
        .map_or(0, |at| at + 1);
    let is_prose = |line: usize, text: &str, bare: bool| {
        if line <= front || all_prose {
            return true;
        }
        // With no card line with a count, there is no block to tell prose from.
        if !bare || span.1 == 0 {
            return false;
        }
        if line < span.0 && mail_header(text) {
            return true;
        }
        if front == 0 && line == title && !sentence(text) {
            return false;
        }
        if line < span.0 || line > span.1 {
            return sentence_like(text)
                || (!paragraph_has_cards(line) && paragraph_has_sentence(line));
        }
        long_sentence(text) && !paragraph_has_cards(line)
    };
    let mut skipped: Vec<usize> = Vec::new();
    let mut prose_lines = Vec::new();
    for line in &deck.lines {
        let bare = line.reading.count_place == CountPlace::Unwritten;
        prose_lines.push(is_prose(line.line, &line.text, bare));
    }
    let mut prose = prose_lines.into_iter();
    deck.lines.retain(|line| {
        let is = prose.next().unwrap_or(false);
        if is {
            skipped.push(line.line);
        }
        !is
    });
    deck.problems.retain(|problem| {
        let is = problem.line <= front;
        if is {
            skipped.push(problem.line);
        }
        !is
    });
    if !skipped.is_empty() {
        skipped.sort_unstable();
        skipped.dedup();
        deck.meta.prose_skipped.extend(skipped);
        deck.meta.prose_skipped.sort_unstable();
        deck.meta.prose_skipped.dedup();
    }
}

/// The last line of a front matter (`---` on the first line, to the next
/// `---` or `...` within 60 lines); 0 when there is none.
fn front_matter(text: &str) -> usize {
    let mut lines = text.lines();
    if lines.next().map(str::trim) != Some("---") {
        return 0;
    }
    lines
        .take(60)
        .position(|line| matches!(line.trim(), "---" | "..."))
        .map_or(0, |at| at + 2)
}

/// Whether a line without a count reads as prose rather than a card name:
/// three words or more, a sentence's end mark, a link, a `key: value`
/// field, an e-mail's quote or signature.
fn sentence_like(text: &str) -> bool {
    let text = text.trim();
    let words = text.split_whitespace().count();
    words >= 3
        || text.ends_with(['.', '!', '?', ':', ',', ';'])
        || text.contains("://")
        || text.starts_with(['>', '='])
        || text.starts_with("--")
}

/// Whether a line ends as a sentence or a clause does (`.`, `!`, `?`, `,`),
/// or holds a link: what no card name does.
fn ends_sentence(text: &str) -> bool {
    let text = text.trim();
    text.ends_with(['.', '!', '?', ',']) || text.contains("://")
}

/// Whether a line is a sentence no card name is: six words or more ending
/// with a sentence's end mark, or ten words or more.
fn long_sentence(text: &str) -> bool {
    let text = text.trim();
    let words = text.split_whitespace().count();
    (words >= 6 && text.ends_with(['.', '!', '?', ':'])) || words >= 10
}

/// Whether a line is a Markdown code fence (```` ``` ````, `~~~`, with an info string or not).
fn fence(text: &str) -> bool {
    let text = text.trim();
    text.starts_with("```") || text.starts_with("~~~")
}

/// Whether a line is a sentence: six words or more ending with `.`, `!` or `?`.
fn sentence(text: &str) -> bool {
    let text = text.trim();
    text.split_whitespace().count() >= 6 && text.ends_with(['.', '!', '?'])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Format;
    use crate::read::read;

    #[test]
    fn prose_around_a_list_is_skipped_and_counted() {
        let text = "---\ntitle: My deck\ndate: 2024-01-01\n---\n\
                    I played this deck at a small event and it went well.\n\n\
                    12x Alma Test\nTest Bleedd\n60x Test Bleed\n\n\
                    Thanks for reading, see you soon!\nCheers\n";
        let deck = read(text, Some(Format::Plain), &crate::reader::Reader::default());
        let lines: Vec<usize> = deck.lines.iter().map(|l| l.line).collect();
        assert_eq!(lines, [7, 8, 9], "{:?}", deck.lines);
        assert_eq!(
            vtesdeck_deck::raw::prose_note(&deck.meta.prose_skipped),
            "5 lines of prose skipped (lines 2–3, 5, 11–12)"
        );
    }

    #[test]
    fn a_page_is_read_as_its_text_on_its_own_lines() {
        let html = "<html><head><style>p {\n}</style></head><body>\n\
                    <p>A deck I like a lot, it won twice.</p>\n\
                    <ul><li>12x Alma &amp; Test</li>\n<li>60x Test Bleed</li></ul>\n\
                    <!-- a\ncomment --><p>Bye now, friends!</p></body></html>";
        let page = crate::html_text::PageText::of(html);
        let lines: Vec<(&str, usize)> = page.lines().collect();
        assert_eq!(
            lines,
            [
                ("A deck I like a lot, it won twice.", 3),
                ("", 4),
                ("12x Alma & Test", 4),
                ("60x Test Bleed", 5),
                ("", 7),
                ("Bye now, friends!", 7)
            ]
        );
        let deck = read_page(html);
        let names: Vec<&str> = deck.lines.iter().map(|l| l.name.as_ref()).collect();
        assert_eq!(names, ["Alma & Test", "Test Bleed"]);
        assert_eq!(
            vtesdeck_deck::raw::prose_note(&deck.meta.prose_skipped),
            "2 lines of prose skipped (lines 3, 7)"
        );
    }

    #[test]
    fn an_e_mail_and_a_fenced_block() {
        let mail = "From: me@example.org\nSubject: my deck\n\nHi Bob,\n\n\
                    12x Alma Test\n60x Test Bleed\n\n-- \nAlex\n";
        let deck = read(mail, Some(Format::Plain), &crate::reader::Reader::default());
        let names: Vec<&str> = deck.lines.iter().map(|l| l.name.as_ref()).collect();
        assert_eq!(names, ["Alma Test", "Test Bleed"]);
        assert_eq!(deck.meta.name, None);
        let fenced = "Here is my list for Saturday, tell me what you think!\n\n\
                      ```text\n12x Alma Test\n60x Test Bleed\n```\n";
        let deck = read(
            fenced,
            Some(Format::Plain),
            &crate::reader::Reader::default(),
        );
        let lines: Vec<usize> = deck.lines.iter().map(|l| l.line).collect();
        assert_eq!(lines, [4, 5]);
        assert_eq!(
            vtesdeck_deck::raw::prose_note(&deck.meta.prose_skipped),
            "1 line of prose skipped (line 1)"
        );
    }

    #[test]
    fn a_text_of_prose_only_holds_no_card_line() {
        let notes = "Hello everyone,\nI wanted to share some thoughts about tonight.\n\
                     It was a lot of fun and we should play again soon.\n";
        let deck = read(
            notes,
            Some(Format::Plain),
            &crate::reader::Reader::default(),
        );
        assert!(deck.lines.is_empty(), "{:?}", deck.lines);
        assert_eq!(
            vtesdeck_deck::raw::prose_note(&deck.meta.prose_skipped),
            "3 lines of prose skipped (lines 1–3)"
        );
        // Bare names, some of three words or more, are a hand-typed list.
        let list = "Fragment of the Book of Nod\nNathan Turner\nThe Rack\n";
        let deck = read(list, Some(Format::Plain), &crate::reader::Reader::default());
        assert_eq!(deck.lines.len(), 3, "{:?}", deck.lines);
    }

    #[test]
    fn a_short_list_reads_as_before() {
        for text in [
            "12x Alma Test\n60x Test Bleed\n",
            "Alma Test\nTest Bleed\n",
            "My deck\n12x Alma Test\nTest Bleed\n",
            "A deck I wrote out by hand today\n12x Alma Test\n",
            "Alma Test 3 pot Brujah:1\nThis deck wins by bleeding a lot\n",
        ] {
            let deck = read(text, Some(Format::Plain), &crate::reader::Reader::default());
            assert!(deck.meta.prose_skipped.is_empty(), "{text}");
        }
    }
}
