//! The ARDB-style HTML deck page (as ARDB and Sutekh's `WriteArdbHTML.py`
//! write it): the name, author and description in `span#namevalue`,
//! `span#authornamevalue` and `span#descriptionvalue`; `div#crypt` holds a
//! table with a row per vampire (count, name, `(Advanced)`, capacity,
//! disciplines, title, `Clan (group N)`); `div#library` a table per card type
//! with rows of count and name. Read with an HTML parser; character
//! references and named entities are decoded.

use std::borrow::Cow;

use tl::{HTMLTag, NodeHandle, Parser, VDom};

use super::layout::Layout;
use super::{markup, Format, LineProblem, RawDeck};
use crate::cards::{CardKind, Group, PrintingHint};

/// Whether a text is an HTML page (its root element is `<html>`).
pub fn looks_like(text: &str) -> bool {
    markup::root_element(text).is_some_and(|root| root.eq_ignore_ascii_case("html"))
}

/// The text of an element, entities decoded, white space collapsed.
fn text_of(tag: &HTMLTag, parser: &Parser) -> String {
    let raw = tag.inner_text(parser);
    let decoded: Cow<str> = html_escape::decode_html_entities(raw.as_ref());
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The element with an id.
fn by_id<'p>(dom: &'p VDom, id: &str) -> Option<&'p HTMLTag<'p>> {
    dom.get_element_by_id(id)?.get(dom.parser())?.as_tag()
}

/// The elements of a tag name under an element, in document order.
fn all<'p>(tag: &'p HTMLTag, parser: &'p Parser, name: &'p str) -> Vec<&'p HTMLTag<'p>> {
    tag.query_selector(parser, name)
        .map(|found| {
            found
                .filter_map(|handle: NodeHandle| handle.get(parser)?.as_tag())
                .collect()
        })
        .unwrap_or_default()
}

/// Reads an ARDB HTML page.
pub fn read(text: &str) -> RawDeck<'_> {
    let mut deck = RawDeck::new(Format::ArdbHtml);
    let dom = match tl::parse(text, tl::ParserOptions::default().track_ids()) {
        Ok(dom) => dom,
        Err(err) => {
            deck.problems.push(LineProblem {
                line: 1,
                text: String::new(),
                message: format!("not an HTML page: {err}"),
            });
            return deck;
        }
    };
    let parser = dom.parser();
    let value = |id: &str| {
        by_id(&dom, id)
            .map(|tag| text_of(tag, parser))
            .filter(|v| !v.is_empty())
    };
    deck.meta.name = value("namevalue");
    deck.meta.author = value("authornamevalue");
    deck.meta.description = value("descriptionvalue");
    for (id, section) in [("crypt", CardKind::Crypt), ("library", CardKind::Library)] {
        let Some(part) = by_id(&dom, id) else {
            continue;
        };
        for row in all(part, parser, "tr") {
            let cells: Vec<String> = all(row, parser, "td")
                .into_iter()
                .map(|cell| text_of(cell, parser))
                .collect();
            let (Some(count), Some(name)) = (cells.first(), cells.get(1)) else {
                continue;
            };
            let hint = match section {
                CardKind::Crypt => PrintingHint {
                    group: cells.last().and_then(|clan| group_of(clan)),
                    advanced: Some(cells.get(2).is_some_and(|adv| !adv.is_empty())),
                },
                CardKind::Library => PrintingHint::default(),
            };
            let line = markup::line_at(text, row.boundaries(parser).0);
            markup::push_named(&mut deck, line, count, name, hint, Some(section));
        }
    }
    deck
}

/// The group of a `Gangrel antitribu (group 4)` cell.
fn group_of(clan: &str) -> Option<Group> {
    let open = clan.rfind("(group ")?;
    Group::parse(clan[open + 7..].trim_end_matches(')'))
}

/// The `ArdbHtml` layout in the formats registry.
#[derive(Debug, Clone, Copy, Default)]
pub struct ArdbHtmlLayout;

impl Layout for ArdbHtmlLayout {
    fn format(&self) -> Format {
        Format::ArdbHtml
    }

    fn looks_like(&self, text: &str) -> bool {
        looks_like(text)
    }

    fn read<'t>(&self, text: &'t str) -> RawDeck<'t> {
        read(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crypt_rows_library_rows_and_entities() {
        let text = "<html><body><div id=\"info\"><span id=\"namevalue\">A &amp; B&nbsp;C</span></div>\n\
            <div id=\"crypt\"><table><tr><td>2x</td><td><a href=\"x\">Theo Test</a></td><td>(Advanced)</td>\
            <td>5</td><td>pot</td><td></td><td>Brujah (group 2)</td></tr></table></div>\n\
            <div id=\"library\"><h4>Combat</h4><table><tr><td>3x</td><td><a>Test &#233;</a></td></tr>\n\
            <tr><td>?</td><td>Bad</td></tr></table></div></body></html>";
        assert!(looks_like(text));
        let deck = read(text);
        assert_eq!(deck.meta.name.as_deref(), Some("A & B C"));
        assert_eq!(deck.lines.len(), 2);
        assert_eq!(deck.lines[0].hint.group, Some(Group::Number(2)));
        assert_eq!(deck.lines[0].hint.advanced, Some(true));
        assert_eq!((&*deck.lines[1].name, deck.lines[1].line), ("Test é", 3));
        assert_eq!(deck.problems.len(), 1);
        assert_eq!(deck.problems[0].line, 4);
    }
}
