//! ARDB's deck XML (as ARDB 2.x and Sutekh's `WriteArdbXML.py` write it):
//! `<deck>` with `<name>`, `<author>`, `<description>`, `<crypt size=…>` of
//! `<vampire count=…>` (`<name>`, `<adv>`, `<group>` pick the printing) and
//! `<library size=…>` of `<card count=…>` (`<name>`). Read with an XML
//! parser; entities and character references are decoded by it.
//! `databaseID` is the writer's own row id, not a VEKN id: names are read.

use roxmltree::{Document, Node};

use super::layout::Layout;
use super::markup::{self, LineCounter};
use crate::format::Format;
use vtesdeck_cards::{CardKind, Group, PrintingHint};
use vtesdeck_deck::raw::{LineProblem, RawDeck};

/// Whether a text is an XML document whose root is `<deck>` with a
/// `<crypt>` or `<library>` part (another `<deck>` is read by its shape).
pub fn looks_like(text: &str) -> bool {
    markup::root_element(text) == Some("deck")
        && (text.contains("<crypt") || text.contains("<library"))
}

/// Parses an XML text, or gives an empty deck with the parse error as a problem.
pub(super) fn parse_xml(text: &str, format: Format) -> Result<Document<'_>, Box<RawDeck<'_>>> {
    Document::parse(text).map_err(|err| {
        let mut deck = Box::new(RawDeck::new(format));
        let line = usize::try_from(err.pos().row).unwrap_or(1).max(1);
        deck.problems.push(LineProblem {
            line,
            text: text
                .lines()
                .nth(line - 1)
                .unwrap_or("")
                .chars()
                .take(80)
                .collect(),
            message: match err {
                roxmltree::Error::UnknownEntityReference(..) => format!(
                    "not well-formed XML: {err} (vtesdeck expands XML's own five entities and \
                     character references, never one a DTD declares)"
                ),
                _ => format!("not well-formed XML: {err}"),
            },
        });
        deck
    })
}

/// The text of a child element, trimmed (`None` when absent or empty).
pub(super) fn child_text(node: Node, name: &str) -> Option<String> {
    node.children()
        .find(|c| c.has_tag_name(name))
        .and_then(|c| c.text())
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_string)
}

/// The 1-based line where an element starts, counted on from the element
/// asked before (the XML library's own `text_pos_at` counts from the start
/// of the text for each: a document of 40,000 cards took 10 s).
pub(super) fn node_line(lines: &mut LineCounter, node: Node) -> usize {
    lines.line_at(node.range().start)
}

/// Reads an ARDB XML deck.
pub fn read(text: &str) -> RawDeck<'_> {
    // A DTD is left out (the XML library refuses one): its entities are not expanded.
    let text = &*markup::without_doctype(text);
    let document = match parse_xml(text, Format::ArdbXml) {
        Ok(document) => document,
        Err(deck) => return deck.into_owned(),
    };
    let mut deck = RawDeck::new(Format::ArdbXml);
    let mut lines = LineCounter::new(text);
    let root = document.root_element();
    deck.meta.name = child_text(root, "name");
    deck.meta.author = child_text(root, "author");
    deck.meta.description = child_text(root, "description");
    for part in root.children().filter(Node::is_element) {
        let (section, entry) = match part.tag_name().name() {
            "crypt" => (CardKind::Crypt, "vampire"),
            "library" => (CardKind::Library, "card"),
            _ => continue,
        };
        let size = part.attribute("size").and_then(markup::count);
        deck.declared
            .set(section, size, node_line(&mut lines, part));
        for card in part.children().filter(|c| c.has_tag_name(entry)) {
            let name = child_text(card, "name").unwrap_or_default();
            let hint = match section {
                CardKind::Crypt => PrintingHint {
                    group: child_text(card, "group").as_deref().and_then(Group::parse),
                    advanced: Some(child_text(card, "adv").is_some()),
                },
                CardKind::Library => PrintingHint::default(),
            };
            markup::push_named(
                &mut deck,
                node_line(&mut lines, card),
                card.attribute("count").unwrap_or(""),
                &name,
                hint,
                Some(section),
            );
        }
    }
    deck
}

/// The `ArdbXml` layout in the formats registry.
#[derive(Debug, Clone, Copy, Default)]
pub struct ArdbXmlLayout;

impl Layout for ArdbXmlLayout {
    fn format(&self) -> Format {
        Format::ArdbXml
    }

    fn looks_like(&self, text: &str) -> bool {
        looks_like(text)
    }

    fn read<'t>(&self, text: &'t str, _: &mut crate::reader::Reader) -> RawDeck<'t> {
        read(text)
    }

    fn reads_lines(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vampires_with_adv_and_group_and_library_cards() {
        let text = "<deck><name>A &amp; B</name><crypt size=\"3\">\
            <vampire databaseID=\"9\" count=\"2\"><adv>Advanced</adv><name>Theo Test</name><group>2</group></vampire>\
            <vampire count=\"x\"><adv /><name>Alma Test</name></vampire></crypt>\
            <library size=\"4\"><card count=\"4\"><name>Test &#233;</name></card></library></deck>";
        assert!(looks_like(text));
        let deck = read(text);
        assert_eq!(deck.meta.name.as_deref(), Some("A & B"));
        assert_eq!(deck.declared.crypt, Some(3));
        assert_eq!(deck.lines.len(), 2);
        assert_eq!(deck.lines[0].hint.advanced, Some(true));
        assert_eq!(deck.lines[0].hint.group, Some(Group::Number(2)));
        assert_eq!(deck.lines[1].name, "Test é");
        assert_eq!(deck.problems.len(), 1);
    }

    /// The XML library parses nested elements without recursion, and this
    /// reader looks only at the children of `<crypt>` and `<library>`: a
    /// document nested 60,000 levels deep is read.
    #[test]
    fn sixty_thousand_nested_elements_are_read() {
        let depth = 60_000;
        let text = format!(
            "<deck><crypt><vampire count=\"2\"><name>Alma Test</name></vampire></crypt>\n\
             <library><card count=\"3\"><name>Test Punch</name>{}{}</card></library></deck>",
            "<b>".repeat(depth),
            "</b>".repeat(depth)
        );
        let deck = read(&text);
        let cards: Vec<(&str, u32)> = deck.lines.iter().map(|l| (&*l.name, l.count)).collect();
        assert_eq!(cards, [("Alma Test", 2), ("Test Punch", 3)]);
        assert!(deck.problems.is_empty(), "{:?}", deck.problems);
    }

    /// An inline DTD no longer defeats detection, and the document is read
    /// as XML; an entity it declares is never expanded (its use is XML that
    /// does not parse, said with its line).
    #[test]
    fn a_document_with_an_inline_dtd_is_read_as_xml_its_entities_not_expanded() {
        let dtd = "<?xml version=\"1.0\"?>\n<!DOCTYPE deck [\n  <!ENTITY big \"Alma Test\">\n]>\n";
        let cards = "<deck><crypt><vampire count=\"2\"><name>Alma Test</name></vampire></crypt>\n\
                     <library><card count=\"3\"><name>Test Punch</name></card></library></deck>";
        let text = format!("{dtd}{cards}");
        assert_eq!(crate::registry::detect(&text), Format::ArdbXml);
        let deck = read(&text);
        let lines: Vec<(usize, &str)> = deck.lines.iter().map(|l| (l.line, &*l.name)).collect();
        assert_eq!(lines, [(5, "Alma Test"), (6, "Test Punch")]);
        let expanding = format!("{dtd}{}", cards.replace(">Alma Test<", ">&big;<"));
        let deck = read(&expanding);
        assert!(deck.lines.is_empty());
        assert_eq!(deck.problems[0].line, 5);
        assert!(deck.problems[0]
            .message
            .contains("never one a DTD declares"));
    }

    #[test]
    fn broken_xml_is_a_problem_with_its_line() {
        let deck = read("<deck>\n<crypt>\n</deck>");
        assert!(deck.lines.is_empty());
        assert_eq!(deck.problems.len(), 1);
        assert!(deck.problems[0].message.contains("XML"));
    }

    /// Each card's line is counted on from the card before (crypt, then
    /// library): the newlines counted are at most the text, once.
    #[test]
    fn card_lines_are_counted_in_one_pass() {
        for cards in [10_000, 40_000] {
            let vampire = "<vampire count=\"1\"><name>Alma Test</name></vampire>\n";
            let card = "<card count=\"1\"><name>Test Punch</name></card>\n";
            let text = format!(
                "<deck>\n<crypt>\n{}</crypt>\n<library>\n{}</library>\n</deck>\n",
                vampire.repeat(cards / 2),
                card.repeat(cards / 2)
            );
            markup::assert_lines_counted_once(read, &text, cards, cards + 4);
        }
    }
}
