//! What the readers of the deck builders' files (ARDB XML and HTML, Sutekh
//! XML and CSV, PmWiki) share: the root element of an XML text, line numbers
//! of byte offsets, and Sutekh's card names (`Janey Pickman (Group 4)`,
//! `Theo Bell (Group 2) (Advanced)`, `The Coven`, `Pentex™ Subversion`).

use super::{LineKind, RawDeck, RawLine};
use crate::cards::{CardKind, PrintingHint};

/// The name of an XML or HTML text's root element, after an XML declaration,
/// comments and a `<!DOCTYPE>`; `None` when the text does not start as markup.
pub fn root_element(text: &str) -> Option<&str> {
    let mut rest = text.trim_start_matches('\u{feff}').trim_start();
    loop {
        let after = if rest.starts_with("<?") {
            rest.find("?>").map(|end| end + 2)?
        } else if rest.starts_with("<!--") {
            rest.find("-->").map(|end| end + 3)?
        } else if rest.starts_with("<!") {
            rest.find('>').map(|end| end + 1)?
        } else {
            break;
        };
        rest = rest[after..].trim_start();
    }
    let name = rest.strip_prefix('<')?;
    let end = name
        .find(|c: char| c.is_whitespace() || c == '>' || c == '/')
        .unwrap_or(name.len());
    Some(&name[..end]).filter(|n| !n.is_empty())
}

/// The 1-based line of a byte offset of a text.
pub fn line_at(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    1 + memchr::memchr_iter(b'\n', &text.as_bytes()[..end]).count()
}

/// A Sutekh card name without its printing suffixes (` (Group 4)`,
/// ` (Advanced)`, in any order), and the printing they name.
pub fn split_sutekh_name(name: &str) -> (&str, PrintingHint) {
    let mut rest = name.trim();
    let mut hint = PrintingHint::default();
    loop {
        let (base, more) = crate::cards::names::split_printing_suffix(rest);
        if more.is_empty() || base == rest {
            return (rest, hint);
        }
        hint.group = hint.group.or(more.group);
        hint.advanced = hint.advanced.or(more.advanced);
        rest = base;
    }
}

/// A count cell or field: `3x`, `3`, ` 3 ` (`None` when it is not a count).
pub fn count(text: &str) -> Option<u32> {
    let text = text.trim();
    text.strip_suffix(['x', 'X'])
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
        _ => deck.problems.push(super::LineProblem {
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
    use crate::cards::Group;

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
