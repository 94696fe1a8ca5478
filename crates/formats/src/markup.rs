//! What the readers of the deck builders' files (ARDB XML and HTML, Sutekh
//! XML and CSV, PmWiki) share: the root element of an XML text, line numbers
//! of byte offsets, and Sutekh's card names (`Janey Pickman (Group 4)`,
//! `Theo Bell (Group 2) (Advanced)`, `The Coven`, `Pentex™ Subversion`).

use vtesdeck_cards::{CardKind, PrintingHint};
use vtesdeck_deck::raw::{LineKind, RawDeck, RawLine};

/// The name of an XML or HTML text's root element, after an XML declaration,
/// comments and a `<!DOCTYPE>` (its internal subset `[...]` included);
/// `None` when the text does not start as markup.
pub fn root_element(text: &str) -> Option<&str> {
    let name = text[prolog(text).root?..].strip_prefix('<')?;
    let end = name
        .find(|c: char| c.is_whitespace() || c == '>' || c == '/')
        .unwrap_or(name.len());
    Some(&name[..end]).filter(|n| !n.is_empty())
}

/// A markup text with its `<!DOCTYPE ...>` made white space (its line
/// breaks kept, so that lines and offsets stay): the XML library refuses a
/// DTD, and vtesdeck expands no entity one declares (a reference to one is
/// reported as XML that does not parse).
pub fn without_doctype(text: &str) -> std::borrow::Cow<'_, str> {
    let Some(doctype) = prolog(text).doctype else {
        return std::borrow::Cow::Borrowed(text);
    };
    let blank: String = text[doctype.clone()]
        .chars()
        .map(|c| if c == '\n' { '\n' } else { ' ' })
        .collect();
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..doctype.start]);
    out.push_str(&blank);
    out.push_str(&text[doctype.end..]);
    std::borrow::Cow::Owned(out)
}

/// Where the parts of a markup text's prolog are.
struct Prolog {
    /// Offset of the root element's `<` (`None` when the text does not
    /// start as markup).
    root: Option<usize>,
    /// The `<!DOCTYPE ...>` declaration, when there is one.
    doctype: Option<std::ops::Range<usize>>,
}

/// Walks a markup text's prolog: a byte order mark, white space, the XML
/// declaration and processing instructions, comments, the `<!DOCTYPE>`.
fn prolog(text: &str) -> Prolog {
    let mut prolog = Prolog {
        root: None,
        doctype: None,
    };
    let mut at = text.len() - text.trim_start_matches('\u{feff}').len();
    loop {
        at = text.len() - text[at..].trim_start().len();
        let rest = &text[at..];
        let length = if rest.starts_with("<?") {
            rest.find("?>").map(|end| end + 2)
        } else if rest.starts_with("<!--") {
            rest.find("-->").map(|end| end + 3)
        } else if rest.starts_with("<!") {
            let end = declaration_length(rest);
            if let Some(end) = end {
                prolog.doctype = Some(at..at + end);
            }
            end
        } else {
            break;
        };
        let Some(length) = length else {
            return prolog;
        };
        at += length;
    }
    prolog.root = text[at..].starts_with('<').then_some(at);
    prolog
}

/// The length of a `<!...>` declaration at the start of a text: to the
/// first `>` outside quotes and outside an internal subset `[...]` (whose
/// own declarations, quoted strings and comments may hold `>` and `]`).
fn declaration_length(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = 2;
    let mut in_subset = false;
    while let Some(&byte) = bytes.get(at) {
        match byte {
            quote @ (b'"' | b'\'') => at += 1 + memchr::memchr(quote, &bytes[at + 1..])?,
            b'<' if in_subset && bytes[at..].starts_with(b"<!--") => {
                at += 4 + memchr::memmem::find(&bytes[at + 4..], b"-->")? + 2;
            }
            b'[' => in_subset = true,
            b']' => in_subset = false,
            b'>' if !in_subset => return Some(at + 1),
            _ => {}
        }
        at += 1;
    }
    None
}

/// Line numbers of byte offsets of a text, counted from the last offset
/// asked (forwards or backwards): the offsets of a reader's cards, asked in
/// document order, cost one pass over the text in all.
#[derive(Debug, Clone)]
pub struct LineCounter<'a> {
    text: &'a [u8],
    offset: usize,
    line: usize,
}

impl<'a> LineCounter<'a> {
    /// A counter at the start of a text.
    pub fn new(text: &'a str) -> Self {
        LineCounter {
            text: text.as_bytes(),
            offset: 0,
            line: 1,
        }
    }

    /// The 1-based line of a byte offset (past the end: the last line).
    pub fn line_at(&mut self, offset: usize) -> usize {
        let offset = offset.min(self.text.len());
        #[cfg(test)]
        SCANNED.with(|scanned| scanned.set(scanned.get() + offset.abs_diff(self.offset)));
        if offset >= self.offset {
            self.line += memchr::memchr_iter(b'\n', &self.text[self.offset..offset]).count();
        } else {
            self.line -= memchr::memchr_iter(b'\n', &self.text[offset..self.offset]).count();
        }
        self.offset = offset;
        self.line
    }
}

#[cfg(test)]
thread_local! {
    /// The bytes every [`LineCounter`] of this thread has counted newlines
    /// in: the tests that show a reader finds its lines in one pass.
    pub static SCANNED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Checks that a reader reads `cards` card lines from a text, the last on
/// `last_line`, counting newlines in at most the text's bytes (once: its
/// lines are found in one pass).
#[cfg(test)]
pub fn assert_lines_counted_once(
    read: impl Fn(&str) -> RawDeck<'_>,
    text: &str,
    cards: usize,
    last_line: usize,
) {
    let before = SCANNED.with(std::cell::Cell::get);
    let deck = read(text);
    let scanned = SCANNED.with(std::cell::Cell::get) - before;
    assert_eq!(deck.lines.len(), cards);
    assert_eq!(deck.lines.last().map(|l| l.line), Some(last_line));
    assert!(
        scanned <= text.len(),
        "{scanned} bytes counted in a text of {}",
        text.len()
    );
}

/// A Sutekh card name without its printing suffixes (` (Group 4)`,
/// ` (Advanced)`, in any order), and the printing they name.
pub fn split_sutekh_name(name: &str) -> (&str, PrintingHint) {
    let mut rest = name.trim();
    let mut hint = PrintingHint::default();
    loop {
        let (base, more) = vtesdeck_cards::split_printing_suffix(rest);
        if more.is_empty() || base == rest {
            return (rest, hint);
        }
        hint.group = hint.group.or(more.group);
        hint.advanced = hint.advanced.or(more.advanced);
        rest = base;
    }
}

/// A count cell or field: `3x`, `3×`, `3`, ` 3 ` (`None` when it is not a count).
pub fn count(text: &str) -> Option<u32> {
    let text = text.trim();
    text.strip_suffix(super::card_line::TIMES)
        .unwrap_or(text)
        .trim()
        .parse()
        .ok()
}

/// Adds a card line read by name, or a problem when its count is unreadable.
pub fn push_named(
    deck: &mut RawDeck,
    line: usize,
    count_text: &str,
    name: &str,
    hint: PrintingHint,
    section: Option<CardKind>,
) {
    let name = name.trim();
    let text = format!("{} {name}", count_text.trim());
    match count(count_text) {
        Some(count) if count > 0 => deck.lines.push(RawLine {
            line,
            text: text.into(),
            count,
            name: name.to_string().into(),
            hint,
            section,
            reading: Default::default(),
            kind: LineKind::Card,
        }),
        _ => deck.problems.push(vtesdeck_deck::raw::LineProblem {
            line,
            text,
            message: format!(
                "invalid card count `{}` (a whole number from 1)",
                count_text.trim()
            ),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vtesdeck_cards::Group;

    #[test]
    fn root_after_declaration_comment_and_doctype() {
        assert_eq!(
            root_element("<?xml version='1.0'?>\n<!-- x -->\n<deck a='1'>"),
            Some("deck")
        );
        assert_eq!(
            root_element("<!DOCTYPE html PUBLIC \"x\"\n \"y\">\n<html xmlns=\"z\">"),
            Some("html")
        );
        assert_eq!(root_element("2x Abbot"), None);
        let with_subset = "<?xml version=\"1.0\"?>\n<!DOCTYPE deck [\n  <!ENTITY v \"a>]b\">\n  \
             <!-- ] > -->\n  <!ATTLIST deck x CDATA 'y>'>\n]>\n<deck><name>&v;</name></deck>";
        assert_eq!(root_element(with_subset), Some("deck"));
        let blanked = without_doctype(with_subset);
        assert_eq!(blanked.len(), with_subset.len());
        assert_eq!(blanked.lines().count(), with_subset.lines().count());
        assert!(
            blanked
                .lines()
                .skip(1)
                .take(5)
                .all(|line| line.trim().is_empty()),
            "{blanked}"
        );
        assert!(blanked.ends_with("<deck><name>&v;</name></deck>"));
        assert!(matches!(
            without_doctype("<deck/>"),
            std::borrow::Cow::Borrowed(_)
        ));
        assert_eq!(root_element("<!DOCTYPE deck [ <!ENTITY"), None);
    }

    #[test]
    fn line_numbers_forwards_and_backwards() {
        let text = "a\nbb\n\nccc\n";
        let mut lines = LineCounter::new(text);
        let expected = |offset: usize| 1 + text[..offset].matches('\n').count();
        for offset in [0, 1, 2, 5, 6, 3, 0, 11, 99, 4] {
            assert_eq!(
                lines.line_at(offset),
                expected(offset.min(text.len())),
                "{offset}"
            );
        }
    }

    #[test]
    fn sutekh_names_give_group_and_advanced() {
        let (name, hint) = split_sutekh_name("Theo Bell (Group 2) (Advanced)");
        assert_eq!(name, "Theo Bell");
        assert_eq!(hint.group, Some(Group::Number(2)));
        assert_eq!(hint.advanced, Some(true));
        assert_eq!(split_sutekh_name("The Coven").0, "The Coven");
        assert_eq!(count(" 3x"), Some(3));
        assert_eq!(count("x"), None);
    }
}
