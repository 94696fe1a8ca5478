//! Sutekh's card-set XML (`PhysicalCardSetWriter.py`, versions 1.0 to 1.5):
//! `<physicalcardset name=… author=…>` with `<comment>` (the description)
//! and one `<card name=… count=… expansion=… printing=…/>` per printing
//! (a card on several lines: their counts add up). Names are Sutekh's
//! (`Janey Pickman (Group 4)`, `The Coven`, `Pentex™ Subversion`).

use super::ardb_xml::not_well_formed;
use super::layout::Layout;
use super::markup::{self, LineCounter};
use super::xml_stream::{self, FirstTexts, Node};
use crate::format::Format;
use vtesdeck_deck::raw::RawDeck;

/// Whether a text is an XML document whose root is `<physicalcardset>`.
pub fn looks_like(text: &str) -> bool {
    markup::root_element(text) == Some("physicalcardset")
}

/// Reads a Sutekh card-set XML file, as a stream of XML nodes.
pub fn read(text: &str) -> RawDeck<'_> {
    // A DTD is left out (the stream refuses one): its entities are not expanded.
    let text = &*markup::without_doctype(text);
    let mut deck = RawDeck::new(Format::SutekhXml);
    let mut lines = LineCounter::new(text);
    let mut comment = FirstTexts::new(["comment"]);
    let walked = xml_stream::walk(text, |node| {
        comment.next(&node);
        match node {
            Node::Open {
                name,
                attributes,
                at,
                depth,
            } => {
                let attribute = |name: &str| {
                    xml_stream::attribute(&attributes, name)
                        .map(str::trim)
                        .filter(|v| !v.is_empty())
                        .map(str::to_string)
                };
                match depth {
                    1 => {
                        deck.meta.name = attribute("name");
                        deck.meta.author = attribute("author");
                    }
                    2 if name == "card" => {
                        let written = xml_stream::attribute(&attributes, "name").unwrap_or("");
                        let (name, hint) = markup::split_sutekh_name(written);
                        markup::push_named(
                            &mut deck,
                            lines.line_at(at),
                            xml_stream::attribute(&attributes, "count").unwrap_or(""),
                            name,
                            hint,
                            None,
                        );
                    }
                    2 => comment.open(name),
                    _ => {}
                }
            }
            Node::Close { .. } | Node::Text(_) | Node::Other => {}
        }
    });
    if let Err(found) = walked {
        return not_well_formed(text, Format::SutekhXml, &found);
    }
    deck.meta.description = comment.take("comment");
    deck
}

/// The `SutekhXml` layout in the formats registry.
#[derive(Debug, Clone, Copy, Default)]
pub struct SutekhXmlLayout;

impl Layout for SutekhXmlLayout {
    fn format(&self) -> Format {
        Format::SutekhXml
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
    use vtesdeck_cards::Group;

    #[test]
    fn cards_with_sutekh_names() {
        let text = "<physicalcardset name=\"D\" author=\"\" sutekh_xml_version=\"1.5\">\
            <comment>Words</comment><annotations />\
            <card name=\"Theo Test (Group 6)\" count=\"2\" expansion=\"None Specified\" printing=\"No Printing\" />\
            <card name=\"Pentex&#8482; Subversion\" count=\"1\" /></physicalcardset>";
        assert!(looks_like(text));
        let deck = read(text);
        assert_eq!(deck.meta.author, None);
        assert_eq!(deck.meta.description.as_deref(), Some("Words"));
        assert_eq!(deck.lines[0].name, "Theo Test");
        assert_eq!(deck.lines[0].hint.group, Some(Group::Number(6)));
        assert_eq!(deck.lines[1].name, "Pentex™ Subversion");
    }

    /// Each card's line is counted on from the card before: the newlines
    /// counted for 10,000 and 40,000 cards are at most the text, once
    /// (roxmltree's `text_pos_at`, asked for each card, counted from the
    /// start of the text: 40,000 cards took 10 s).
    #[test]
    fn card_lines_are_counted_in_one_pass() {
        for cards in [10_000, 40_000] {
            let text = format!(
                "<physicalcardset name=\"Big\">\n{}</physicalcardset>\n",
                "  <card name=\"Test Punch\" count=\"1\" />\n".repeat(cards)
            );
            markup::assert_lines_counted_once(read, &text, cards, cards + 1);
        }
    }
}
