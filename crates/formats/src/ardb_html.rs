//! The ARDB-style HTML deck page (as ARDB and Sutekh's `WriteArdbHTML.py`
//! write it): the name, author and description in `span#namevalue`,
//! `span#authornamevalue` and `span#descriptionvalue`; `div#crypt` holds a
//! table with a row per vampire (count, name, `(Advanced)`, capacity,
//! disciplines, title, `Clan (group N)`); `div#library` a table per card type
//! with rows of count and name. Read as a browser builds the page
//! (`formats::html`: end tags a page may leave out are implied), in one pass
//! and without recursion; character references and named entities are
//! decoded. A page from which no crypt (or no library) is read says so.

use super::html::{Event, Events};
use super::layout::Layout;
use super::markup::{self, LineCounter};
use crate::format::Format;
use vtesdeck_cards::{CardKind, Group, PrintingHint};
use vtesdeck_deck::raw::{LineProblem, RawDeck};

/// Whether a text is an HTML page (its root element is `<html>`).
pub fn looks_like(text: &str) -> bool {
    markup::root_element(text).is_some_and(|root| root.eq_ignore_ascii_case("html"))
}

/// Whether an HTML text has an element of id `crypt` or `library`, the
/// parts of an ARDB deck page (a folder's other pages are not decklists).
pub fn has_deck_parts(text: &str) -> bool {
    Events::new(text).any(|event| {
        matches!(
            event,
            Event::Open {
                id: Some("crypt" | "library"),
                ..
            }
        )
    })
}

/// The deck's fields, by the id of the element that holds each.
const FIELDS: [(&str, Field); 3] = [
    ("namevalue", Field::Name),
    ("authornamevalue", Field::Author),
    ("descriptionvalue", Field::Description),
];

/// A metadata field of the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Name,
    Author,
    Description,
}

/// What an open element is to the reader.
#[derive(Debug, Clone, Copy)]
enum Role {
    /// Nothing the reader looks for.
    Other,
    /// The element holding a field (its text is the field).
    Field(Field),
    /// `div#crypt` or `div#library`.
    Part,
    /// A table row inside a part.
    Row,
    /// A cell of a row.
    Cell,
}

/// A table row being read.
#[derive(Debug)]
struct Row {
    line: usize,
    section: CardKind,
    cells: Vec<String>,
}

/// Reads an ARDB HTML page.
pub fn read(text: &str) -> RawDeck<'_> {
    let mut deck = RawDeck::new(Format::ArdbHtml);
    let mut lines = LineCounter::new(text);
    // One role per open element; the open captures (fields and cells, the
    // innermost takes the text), rows and parts, innermost last.
    let mut roles: Vec<Role> = Vec::new();
    let mut captures: Vec<String> = Vec::new();
    let mut rows: Vec<Row> = Vec::new();
    let mut parts: Vec<CardKind> = Vec::new();
    let mut fields_seen: Vec<Field> = Vec::new();
    // The line and tag of each part's element, and how many rows it gave.
    let mut found: [(Option<(usize, &str)>, usize); 2] = [(None, 0), (None, 0)];
    let slot = |section: CardKind| usize::from(section == CardKind::Library);
    for event in Events::new(text) {
        match event {
            Event::Open {
                name, id, offset, ..
            } => {
                let field = id.and_then(|id| {
                    FIELDS
                        .iter()
                        .find(|(field_id, field)| *field_id == id && !fields_seen.contains(field))
                        .map(|(_, field)| *field)
                });
                let part = match id {
                    Some("crypt") => Some(CardKind::Crypt),
                    Some("library") => Some(CardKind::Library),
                    _ => None,
                };
                let role = if let Some(field) = field {
                    fields_seen.push(field);
                    captures.push(String::new());
                    Role::Field(field)
                } else if let Some(section) = part {
                    parts.push(section);
                    let place = &mut found[slot(section)].0;
                    if place.is_none() {
                        let tag = &text[offset..];
                        let tag = tag.find('>').map_or(tag, |end| &tag[..=end]);
                        *place = Some((lines.line_at(offset), tag));
                    }
                    Role::Part
                } else if let (true, Some(&section)) =
                    (name.eq_ignore_ascii_case("tr"), parts.last())
                {
                    rows.push(Row {
                        line: lines.line_at(offset),
                        section,
                        cells: Vec::new(),
                    });
                    Role::Row
                } else if (name.eq_ignore_ascii_case("td") || name.eq_ignore_ascii_case("th"))
                    && !rows.is_empty()
                {
                    captures.push(String::new());
                    Role::Cell
                } else {
                    Role::Other
                };
                roles.push(role);
            }
            Event::Text(raw) => {
                if let Some(capture) = captures.last_mut() {
                    capture.push_str(&html_escape::decode_html_entities(raw));
                }
            }
            Event::Close => match roles.pop() {
                Some(Role::Field(field)) => {
                    let value = collapsed(&captures.pop().unwrap_or_default());
                    let value = Some(value).filter(|v| !v.is_empty());
                    match field {
                        Field::Name => deck.meta.name = value,
                        Field::Author => deck.meta.author = value,
                        Field::Description => deck.meta.description = value,
                    }
                }
                Some(Role::Part) => {
                    parts.pop();
                }
                Some(Role::Row) => {
                    if let Some(row) = rows.pop() {
                        if push_row(&mut deck, &row) {
                            found[slot(row.section)].1 += 1;
                        }
                    }
                }
                Some(Role::Cell) => {
                    let cell = collapsed(&captures.pop().unwrap_or_default());
                    if let Some(row) = rows.last_mut() {
                        row.cells.push(cell);
                    }
                }
                Some(Role::Other) | None => {}
            },
        }
    }
    for (section, (place, rows)) in [CardKind::Crypt, CardKind::Library].into_iter().zip(found) {
        let part = match section {
            CardKind::Crypt => "crypt",
            CardKind::Library => "library",
        };
        let (line, text, message) = match place {
            None => (
                1,
                format!("<div id=\"{part}\">"),
                format!(
                    "not in the page: no {part} read (an ARDB deck page lists its {part} in \
                     the element with id=\"{part}\")"
                ),
            ),
            Some((line, tag)) if rows == 0 => (
                line,
                super::screen::shorten(tag),
                format!("no {part} card read: no table row of a count and a card name in it"),
            ),
            Some(_) => continue,
        };
        deck.problems.push(LineProblem {
            line,
            text,
            message,
        });
    }
    deck.problems.sort_by_key(|p| p.line);
    deck
}

/// A text with its white space collapsed: runs of it made one space, none at the ends.
fn collapsed(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Adds the card line of a row of a part's table (count, name, and for a
/// vampire `(Advanced)` and `Clan (group N)`); whether the row had both a
/// count cell and a name cell.
fn push_row(deck: &mut RawDeck, row: &Row) -> bool {
    let cells = &row.cells;
    let (Some(count), Some(name)) = (cells.first(), cells.get(1)) else {
        return false;
    };
    let hint = match row.section {
        CardKind::Crypt => PrintingHint {
            group: cells.last().and_then(|clan| group_of(clan)),
            advanced: Some(cells.get(2).is_some_and(|adv| !adv.is_empty())),
        },
        CardKind::Library => PrintingHint::default(),
    };
    markup::push_named(deck, row.line, count, name, hint, Some(row.section));
    true
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

    fn read<'t>(&self, text: &'t str, _: &crate::reader::Reader) -> RawDeck<'t> {
        if !has_deck_parts(text) {
            // Not an ARDB deck page: a page with a decklist among its prose.
            let mut deck = super::prose::read_page(text);
            deck.format = Format::ArdbHtml.into();
            return deck;
        }
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

    /// Every end tag HTML lets a page leave out (`</td>`, `</tr>`, `</p>`,
    /// `</li>`) is left out: the cells are those a browser shows.
    #[test]
    fn omitted_optional_end_tags_lose_nothing() {
        let text = "<html><body><p>Name: <span id=\"namevalue\">Omitted ends</span>\n\
            <p><ul><li>first<li>second</ul>\n\
            <div id=\"crypt\"><table><tr><td>2x<td>Alma Test<td><td>1<td>pot<td><td>Brujah (group 1)\n\
            <tr><td>1x<td>Theo Test<td>(Advanced)<td>5<td>pot<td><td>Brujah (group 2)\n\
            </table></div><div id=\"library\"><table><tbody>\n\
            <tr><td>3x<td>Test Punch\n<tr><td>1x<td>Test &amp; Bleed</table></div>";
        let deck = read(text);
        assert_eq!(deck.meta.name.as_deref(), Some("Omitted ends"));
        let cards: Vec<(usize, u32, &str, PrintingHint)> = deck
            .lines
            .iter()
            .map(|l| (l.line, l.count, &*l.name, l.hint))
            .collect();
        let printing = |group: u8, advanced: bool| PrintingHint {
            group: Some(Group::Number(group)),
            advanced: Some(advanced),
        };
        assert_eq!(
            cards,
            [
                (3, 2, "Alma Test", printing(1, false)),
                (4, 1, "Theo Test", printing(2, true)),
                (6, 3, "Test Punch", PrintingHint::default()),
                (7, 1, "Test & Bleed", PrintingHint::default()),
            ]
        );
        assert!(deck.problems.is_empty(), "{:?}", deck.problems);
    }

    /// A page from which no crypt is read says so: an empty crypt is never
    /// read in silence.
    #[test]
    fn a_page_without_a_crypt_says_so() {
        let library =
            "<div id=\"library\"><table><tr><td>3x</td><td>Test Punch</td></tr></table></div>";
        let no_part = format!("<html><body>\n{library}</body></html>");
        let problems = |deck: &RawDeck| -> Vec<(usize, String, String)> {
            deck.problems
                .iter()
                .map(|p| (p.line, p.text.clone(), p.message.clone()))
                .collect()
        };
        let deck = read(&no_part);
        assert_eq!(deck.lines.len(), 1);
        let [(line, text, message)] = &problems(&deck)[..] else {
            panic!("{:?}", deck.problems);
        };
        assert_eq!((*line, text.as_str()), (1, "<div id=\"crypt\">"));
        assert!(message.contains("no crypt read"));
        let empty_part = format!("<html><body>\n<div id=\"crypt\"><h3>Crypt</h3></div>\n{library}");
        let deck = read(&empty_part);
        let [(line, text, message)] = &problems(&deck)[..] else {
            panic!("{:?}", deck.problems);
        };
        assert_eq!((*line, text.as_str()), (2, "<div id=\"crypt\">"));
        assert!(message.contains("no crypt card read"));
        // A page of neither part: both said.
        assert_eq!(read("<html><p>Hello</html>").problems.len(), 2);
    }

    /// `<b>x<b>x...</b></b>`: a field and a cell nested 60,000 levels deep
    /// are read without recursion (the HTML library used before overflowed
    /// its stack on them, aborting the process).
    #[test]
    fn sixty_thousand_nested_inline_tags_are_read() {
        let depth = 60_000;
        let nest = |text: &str| format!("{}{text}{}", "<b>".repeat(depth), "</b>".repeat(depth));
        let text = format!(
            "<html><body><span id=\"namevalue\">{}</span>\n<div id=\"crypt\"><table>\
             <tr><td>2x</td><td>{}</td></tr></table></div>\n<div id=\"library\"><table>\
             <tr><td>3x</td><td>Test Punch</td></tr></table></div></body></html>",
            nest("Deep"),
            nest("Alma Test")
        );
        let deck = read(&text);
        assert_eq!(deck.meta.name.as_deref(), Some("Deep"));
        let cards: Vec<(&str, u32, usize)> = deck
            .lines
            .iter()
            .map(|l| (&*l.name, l.count, l.line))
            .collect();
        assert_eq!(cards, [("Alma Test", 2, 2), ("Test Punch", 3, 3)]);
        assert!(deck.problems.is_empty(), "{:?}", deck.problems);
    }

    /// Each row's line is counted on from the row before: for 10,000 and
    /// 160,000 rows the newlines counted are at most the text, once (the
    /// reader used before counted from the start of the text for each row:
    /// 160,000 rows took 10 s).
    #[test]
    fn row_lines_are_counted_in_one_pass() {
        for rows in [10_000, 160_000] {
            let text = format!(
                "<html><body><div id=\"crypt\"><table>\n\
                 <tr><td>12x</td><td>Alma Test</td></tr></table></div>\n\
                 <div id=\"library\"><table>\n{}</table></div></body></html>\n",
                "<tr><td>1x</td><td>Test Punch</td></tr>\n".repeat(rows)
            );
            markup::assert_lines_counted_once(read, &text, rows + 1, rows + 3);
        }
    }
}
