//! ARDB's deck XML (as ARDB 2.x and Sutekh's `WriteArdbXML.py` write it):
//! `<deck>` with `<name>`, `<author>`, `<description>`, `<crypt size=…>` of
//! `<vampire count=…>` (`<name>`, `<adv>`, `<group>` pick the printing) and
//! `<library size=…>` of `<card count=…>` (`<name>`). Read as a stream of
//! XML nodes (`xml_stream`); entities and character references decoded.
//! `databaseID` is the writer's own row id, not a VEKN id: names are read.

use super::layout::Layout;
use super::markup::{self, LineCounter};
use super::xml_stream::{self, FirstTexts, Malformed, Node};
use crate::format::Format;
use vtesdeck_cards::{CardKind, Group, PrintingHint};
use vtesdeck_deck::raw::{LineProblem, RawDeck};

/// Whether a text is an XML document whose root is `<deck>` with a
/// `<crypt>` or `<library>` part (another `<deck>` is read by its shape).
pub fn looks_like(text: &str) -> bool {
    markup::root_element(text) == Some("deck")
        && (text.contains("<crypt") || text.contains("<library"))
}

/// An empty deck with the problem of a text that is not well-formed XML
/// (on its line, said as [`xml_stream::not_well_formed`] says it).
pub(super) fn not_well_formed(text: &str, format: Format, found: &Malformed) -> RawDeck<'static> {
    let (line, message) = xml_stream::not_well_formed(text, found);
    let mut deck = RawDeck::new(format);
    deck.problems.push(LineProblem {
        line,
        text: text
            .lines()
            .nth(line - 1)
            .unwrap_or("")
            .chars()
            .take(80)
            .collect(),
        message,
    });
    deck
}

/// A `<vampire>` or `<card>` being read: its line, its count, the texts of
/// its `<name>`, `<group>` and `<adv>`.
struct Entry {
    line: usize,
    count: String,
    texts: FirstTexts<3>,
}

/// Reads an ARDB XML deck, as a stream: only the deck's name, author and
/// description and its cards are kept (each card's line counted on from
/// the one before: a document of 40,000 cards took 10 s when each was
/// counted from the start).
pub fn read(text: &str) -> RawDeck<'_> {
    // A DTD is left out (the stream refuses one): its entities are not expanded.
    let text = &*markup::without_doctype(text);
    let mut deck = RawDeck::new(Format::ArdbXml);
    let mut lines = LineCounter::new(text);
    let mut meta = FirstTexts::new(["name", "author", "description"]);
    // The part open (`<crypt>`, `<library>`) and the name of its entries.
    let mut part: Option<(CardKind, &str)> = None;
    let mut entry: Option<Entry> = None;
    let walked = xml_stream::walk(text, |node| {
        meta.next(&node);
        if let Some(entry) = &mut entry {
            entry.texts.next(&node);
        }
        match node {
            Node::Open {
                name,
                attributes,
                at,
                depth,
            } => {
                match depth {
                    2 => {
                        meta.open(name);
                        part = match name {
                            "crypt" => Some((CardKind::Crypt, "vampire")),
                            "library" => Some((CardKind::Library, "card")),
                            _ => None,
                        };
                        if let Some((section, _)) = part {
                            let size =
                                xml_stream::attribute(&attributes, "size").and_then(markup::count);
                            deck.declared.set(section, size, lines.line_at(at));
                        }
                    }
                    3 if part.is_some_and(|(_, entries)| entries == name) => {
                        entry = Some(Entry {
                            line: lines.line_at(at),
                            count: xml_stream::attribute(&attributes, "count")
                                .unwrap_or("")
                                .to_string(),
                            texts: FirstTexts::new(["name", "group", "adv"]),
                        });
                    }
                    4 => {
                        if let Some(entry) = &mut entry {
                            entry.texts.open(name);
                        }
                    }
                    _ => {}
                }
            }
            Node::Close { depth, .. } => {
                if depth == 3 {
                    if let (Some(mut card), Some((section, _))) = (entry.take(), part) {
                        let name = card.texts.take("name").unwrap_or_default();
                        let hint = match section {
                            CardKind::Crypt => PrintingHint {
                                group: card.texts.take("group").as_deref().and_then(Group::parse),
                                advanced: Some(card.texts.take("adv").is_some()),
                            },
                            CardKind::Library => PrintingHint::default(),
                        };
                        markup::push_named(
                            &mut deck,
                            card.line,
                            &card.count,
                            &name,
                            hint,
                            Some(section),
                        );
                    }
                }
            }
            Node::Text(_) | Node::Other => {}
        }
    });
    if let Err(found) = walked {
        return not_well_formed(text, Format::ArdbXml, &found);
    }
    deck.meta.name = meta.take("name");
    deck.meta.author = meta.take("author");
    deck.meta.description = meta.take("description");
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

    fn read<'t>(&self, text: &'t str, _: &crate::reader::Reader) -> RawDeck<'t> {
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

    /// The XML stream reads nested elements without recursion, and this
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
