//! An XML document read as a stream of its nodes (quick-xml's pull
//! parser), for the readers of XML documents (ARDB and Sutekh XML, the
//! reader of shapes): each keeps only what its layout needs, never a whole
//! parsed document (issue 41: roxmltree's document held 6.3 times the
//! text). Names are local names (`<x:card>` is `card`), as roxmltree gives
//! them; namespace declarations are no attributes; texts and attribute
//! values are decoded (XML's five entities, character references, CDATA
//! sections) and their line ends normalised as XML says. A document that
//! is not well-formed is said with roxmltree's words and line, as before
//! ([`not_well_formed`]).

use std::borrow::Cow;

use quick_xml::events::Event;
use quick_xml::Reader;

/// One node of an XML document, in the order the stream meets it.
#[derive(Debug, PartialEq)]
pub(crate) enum Node<'t> {
    /// An element opened, `at` the offset of its `<` in the text.
    Open {
        /// Its local name.
        name: &'t str,
        /// Its attributes (not the namespace declarations), in order.
        attributes: Vec<Attribute<'t>>,
        /// The offset of its `<`.
        at: usize,
        /// How deep it is: 1 for the root element.
        depth: usize,
    },
    /// A run of text between two other nodes (character data, references
    /// and CDATA sections), decoded.
    Text(Cow<'t, str>),
    /// A comment or processing instruction inside the root element.
    Other,
    /// The element opened last closed, `end` the offset just past it.
    Close {
        /// The offset just past its end tag.
        end: usize,
        /// How deep it was: 1 for the root element.
        depth: usize,
    },
}

/// An attribute of an element.
#[derive(Debug, PartialEq)]
pub(crate) struct Attribute<'t> {
    /// Its local name.
    pub name: &'t str,
    /// Its value, decoded and normalised.
    pub value: Cow<'t, str>,
}

/// The value of an element's first attribute of a local name (whatever
/// its prefix, as roxmltree's `attribute` finds it).
pub(crate) fn attribute<'a>(attributes: &'a [Attribute], name: &str) -> Option<&'a str> {
    attributes
        .iter()
        .find(|a| a.name == name)
        .map(|a| a.value.as_ref())
}

/// The texts of the first child elements of some names of one element, as
/// roxmltree's `text` gives an element's: its first child when that is
/// text, trimmed (`None` when there is no such element, its first child is
/// no text, or its text is blank). Told each node after the element opens
/// ([`FirstTexts::next`]) and each child opened ([`FirstTexts::open`]).
#[derive(Debug)]
pub(crate) struct FirstTexts<const N: usize> {
    names: [&'static str; N],
    texts: [Option<String>; N],
    seen: [bool; N],
    /// The name of the child opened last, whose first child decides.
    pending: Option<usize>,
}

impl<const N: usize> FirstTexts<N> {
    /// The texts of the first children of these names, none seen yet.
    pub fn new(names: [&'static str; N]) -> Self {
        FirstTexts {
            names,
            texts: std::array::from_fn(|_| None),
            seen: [false; N],
            pending: None,
        }
    }

    /// Any node of the document, in order: the first child of the child
    /// opened last, when that one is of a name asked for.
    pub fn next(&mut self, node: &Node) {
        if let Some(at) = self.pending.take() {
            if let Node::Text(text) = node {
                let text = text.trim();
                self.texts[at] = (!text.is_empty()).then(|| text.to_string());
            }
        }
    }

    /// A child element of the element opened.
    pub fn open(&mut self, name: &str) {
        self.pending = self.names.iter().position(|n| *n == name);
        if let Some(at) = self.pending {
            if std::mem::replace(&mut self.seen[at], true) {
                self.pending = None;
            }
        }
    }

    /// The text of the first child of a name asked for.
    pub fn take(&mut self, name: &str) -> Option<String> {
        let at = self.names.iter().position(|n| *n == name)?;
        self.texts[at].take()
    }
}

/// Where a text stops being well-formed XML, as the stream found it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Malformed {
    /// The byte offset.
    pub at: usize,
    /// What is wrong.
    pub what: String,
}

fn malformed(at: usize, what: impl std::fmt::Display) -> Malformed {
    Malformed {
        at,
        what: what.to_string(),
    }
}

/// The part of the text a slice of it is, with the text's lifetime.
fn within<'t>(text: &'t str, part: &(impl AsRef<[u8]> + ?Sized)) -> Option<&'t str> {
    let part = part.as_ref();
    let start = (part.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
    text.get(start..start.checked_add(part.len())?)
}

/// XML's white space.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r')
}

/// Walks a whole XML text (its `<!DOCTYPE>` blanked: see
/// [`crate::markup::without_doctype`]), giving each node of its root
/// element, the root's own included, to `visit`; an error where it is not
/// well-formed (then `visit` has seen the nodes before).
pub(crate) fn walk<'t>(text: &'t str, mut visit: impl FnMut(Node<'t>)) -> Result<(), Malformed> {
    // Control characters are no XML characters.
    if let Some(at) = text
        .bytes()
        .position(|b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r'))
    {
        return Err(malformed(at, "a control character"));
    }
    // The stream is read after a byte order mark, its offsets the text's.
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut reader = Reader::from_str(text.get(bom..).unwrap_or(""));
    let offset = |at: u64| usize::try_from(at).map_or(usize::MAX, |at| at.saturating_add(bom));
    let mut depth = 0usize;
    let mut rooted = false;
    // The text run being read: its start and end.
    let mut run: Option<(usize, usize)> = None;
    // The namespace prefixes declared, each with the depth of its element.
    let mut prefixes: Vec<(&'t str, usize)> = Vec::new();
    loop {
        let before = offset(reader.buffer_position());
        let event = reader
            .read_event()
            .map_err(|err| malformed(offset(reader.error_position()), err))?;
        let after = offset(reader.buffer_position());
        if let Event::Text(_) | Event::GeneralRef(_) | Event::CData(_) = event {
            if depth > 0 {
                run = Some((run.map_or(before, |(start, _)| start), after));
            } else if !matches!(event, Event::Text(_))
                || !text
                    .get(before..after)
                    .is_some_and(|t| t.chars().all(is_space))
            {
                return Err(malformed(before, "text outside the root element"));
            }
            continue;
        }
        if let Some((start, end)) = run.take() {
            let raw = text.get(start..end).unwrap_or("");
            let decoded =
                decode_text(raw).ok_or_else(|| malformed(start, "a malformed reference"))?;
            visit(Node::Text(decoded));
        }
        let (element, empty) = match event {
            Event::Start(element) => (element, false),
            Event::Empty(element) => (element, true),
            Event::End(_) => {
                visit(Node::Close { end: after, depth });
                close(&mut depth, &mut prefixes, &mut rooted);
                continue;
            }
            Event::Comment(_) | Event::PI(_) => {
                if depth > 0 {
                    visit(Node::Other);
                }
                continue;
            }
            Event::Decl(_) if before == bom => continue,
            Event::Decl(_) => return Err(malformed(before, "an XML declaration not first")),
            Event::DocType(_) => return Err(malformed(before, "a DTD")),
            Event::Eof if depth > 0 || !rooted => {
                return Err(malformed(before, "the root element not closed"));
            }
            Event::Eof => return Ok(()),
            Event::Text(_) | Event::GeneralRef(_) | Event::CData(_) => continue,
        };
        if depth == 0 && rooted {
            return Err(malformed(before, "a second root element"));
        }
        let node = open(text, &element, before, depth + 1, &mut prefixes)?;
        depth += 1;
        visit(node);
        if empty {
            visit(Node::Close { end: after, depth });
            close(&mut depth, &mut prefixes, &mut rooted);
        }
    }
}

/// An element's start tag (at `at`, `depth` deep) as a node, the prefixes
/// it declares added to those in scope: an error for a prefix not declared.
fn open<'t>(
    text: &'t str,
    element: &quick_xml::events::BytesStart,
    at: usize,
    depth: usize,
    prefixes: &mut Vec<(&'t str, usize)>,
) -> Result<Node<'t>, Malformed> {
    let name = within(text, element.name().as_ref()).ok_or_else(|| malformed(at, "a name"))?;
    let mut attributes = Vec::new();
    // The prefixed names of the attributes, checked once every declaration is read.
    let mut used = Vec::new();
    for attribute in element.attributes() {
        let attribute = attribute.map_err(|err| malformed(at, err))?;
        let key = within(text, attribute.key.as_ref()).ok_or_else(|| malformed(at, "a name"))?;
        if key == "xmlns" {
            continue;
        }
        if let Some(prefix) = key.strip_prefix("xmlns:") {
            prefixes.push((prefix, depth));
            continue;
        }
        let raw = within(text, attribute.value.as_ref() as &str)
            .ok_or_else(|| malformed(at, "an attribute value"))?;
        let value =
            decode_attribute(raw).ok_or_else(|| malformed(at, "a malformed attribute value"))?;
        let local = match key.split_once(':') {
            Some((_, local)) => {
                used.push(key);
                local
            }
            None => key,
        };
        attributes.push(Attribute { name: local, value });
    }
    for name in used.into_iter().chain([name]) {
        if let Some((prefix, _)) = name.split_once(':') {
            if prefix != "xml" && !prefixes.iter().any(|(p, _)| *p == prefix) {
                return Err(malformed(at, "an unknown namespace prefix"));
            }
        }
    }
    Ok(Node::Open {
        name: name.split_once(':').map_or(name, |(_, local)| local),
        attributes,
        at,
        depth,
    })
}

/// An element closed: the prefixes it declared let go.
fn close(depth: &mut usize, prefixes: &mut Vec<(&str, usize)>, rooted: &mut bool) {
    while prefixes.last().is_some_and(|(_, at)| *at >= *depth) {
        prefixes.pop();
    }
    *depth = depth.saturating_sub(1);
    if *depth == 0 {
        *rooted = true;
    }
}

/// A run of text as written (character data, references, CDATA sections)
/// decoded, its line ends made `\n`: borrowed when it holds none of them.
fn decode_text(raw: &str) -> Option<Cow<'_, str>> {
    // `]]>` ends no CDATA section in character data: not well-formed.
    if !raw.bytes().any(|b| matches!(b, b'&' | b'\r' | b'<')) {
        return (!raw.contains("]]>")).then_some(Cow::Borrowed(raw));
    }
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while !rest.is_empty() {
        if let Some(cdata) = rest.strip_prefix("<![CDATA[") {
            let end = cdata.find("]]>")?;
            push_lines(&mut out, &cdata[..end]);
            rest = &cdata[end + 3..];
        } else if rest.starts_with('&') {
            let (c, length) = reference(rest)?;
            out.push(c);
            rest = &rest[length..];
        } else if rest.starts_with('<') {
            return None;
        } else {
            let next = rest.find(['&', '<']).unwrap_or(rest.len());
            if rest[..next].contains("]]>") {
                return None;
            }
            push_lines(&mut out, &rest[..next]);
            rest = &rest[next..];
        }
    }
    Some(Cow::Owned(out))
}

/// Text with its `\r\n` and lone `\r` made `\n`.
fn push_lines(out: &mut String, text: &str) {
    let mut lines = text.split('\r');
    if let Some(first) = lines.next() {
        out.push_str(first);
    }
    for line in lines {
        out.push('\n');
        out.push_str(line.strip_prefix('\n').unwrap_or(line));
    }
}

/// An attribute's value as written, decoded, its white space normalised
/// (`\t`, `\n`, `\r` and `\r\n` a space; a reference's character kept):
/// borrowed when it holds none of them.
fn decode_attribute(raw: &str) -> Option<Cow<'_, str>> {
    if raw.contains('<') {
        return None;
    }
    if !raw
        .bytes()
        .any(|b| matches!(b, b'&' | b'\t' | b'\n' | b'\r'))
    {
        return Some(Cow::Borrowed(raw));
    }
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(c) = rest.chars().next() {
        match c {
            '&' => {
                let (c, length) = reference(rest)?;
                out.push(c);
                rest = &rest[length..];
                continue;
            }
            '\r' if rest[1..].starts_with('\n') => {}
            '\t' | '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
        rest = &rest[c.len_utf8()..];
    }
    Some(Cow::Owned(out))
}

/// The character a reference at the start of a text stands for (XML's
/// five entities, a character reference), and its length; `None` for any
/// other (an entity a DTD would declare is never expanded).
fn reference(text: &str) -> Option<(char, usize)> {
    let end = text.find(';')?;
    let name = &text[1..end];
    let c = match name {
        "lt" => '<',
        "gt" => '>',
        "amp" => '&',
        "apos" => '\'',
        "quot" => '"',
        _ => {
            let code = match name.strip_prefix("#x") {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => name.strip_prefix('#')?.parse().ok()?,
            };
            let valid = matches!(code, 0x9 | 0xA | 0xD | 0x20..=0xD7FF | 0xE000..=0xFFFD)
                || code >= 0x10000;
            char::from_u32(code).filter(|_| valid)?
        }
    };
    Some((c, end + 1))
}

/// The problem of an XML text that is not well-formed: its 1-based line
/// and the message, in roxmltree's words (`not well-formed XML: ...`) as
/// every XML reader said it before it read a stream; in the stream's for a
/// text roxmltree reads.
pub(crate) fn not_well_formed(text: &str, found: &Malformed) -> (usize, String) {
    match roxmltree::Document::parse(text) {
        Err(err) => {
            let line = usize::try_from(err.pos().row).unwrap_or(1).max(1);
            let message = match err {
                roxmltree::Error::UnknownEntityReference(..) => format!(
                    "not well-formed XML: {err} (vtesdeck expands XML's own five entities and \
                     character references, never one a DTD declares)"
                ),
                _ => format!("not well-formed XML: {err}"),
            };
            (line, message)
        }
        Ok(_) => {
            let line = crate::markup::LineCounter::new(text).line_at(found.at);
            (line, format!("not well-formed XML: {}", found.what))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nodes(text: &str) -> Result<Vec<Node<'_>>, Malformed> {
        let mut nodes = Vec::new();
        walk(text, |node| nodes.push(node))?;
        Ok(nodes)
    }

    #[test]
    fn elements_attributes_and_texts_in_order() {
        let text = "<?xml version=\"1.0\"?>\n<x:deck xmlns:x=\"u\" xmlns=\"v\" a=\"1&amp;\t2\">\
                    A &lt; <![CDATA[<b>]]>\r\nB<!-- c --><card x:n=\"3\"/></x:deck>\n";
        let found = nodes(text).unwrap();
        let deck_at = text.find("<x:deck").unwrap();
        let card_at = text.find("<card").unwrap();
        assert_eq!(
            found,
            [
                Node::Open {
                    name: "deck",
                    attributes: vec![Attribute {
                        name: "a",
                        value: Cow::Borrowed("1& 2"),
                    }],
                    at: deck_at,
                    depth: 1,
                },
                Node::Text(Cow::Borrowed("A < <b>\nB")),
                Node::Other,
                Node::Open {
                    name: "card",
                    attributes: vec![Attribute {
                        name: "n",
                        value: Cow::Borrowed("3"),
                    }],
                    at: card_at,
                    depth: 2,
                },
                Node::Close {
                    end: card_at + "<card x:n=\"3\"/>".len(),
                    depth: 2,
                },
                Node::Close {
                    end: text.len() - 1,
                    depth: 1,
                },
            ]
        );
    }

    /// What roxmltree refuses, the stream refuses, and the problem is said
    /// in roxmltree's words on its line.
    #[test]
    fn what_is_not_well_formed_is_refused() {
        for text in [
            "<a><b></a>",
            "<a>",
            "<a></a><b/>",
            "x<a/>",
            "<a>&unknown;</a>",
            "<a>&#0;</a>",
            "<a b=\"1\" b=\"2\"/>",
            "<p:a/>",
            "<a p:b=\"1\"/>",
            "<a>\u{1}</a>",
            "<a>x]]></a>",
            "<a b=\"<\"/>",
            "",
            "<a/><?xml version=\"1.0\"?>",
        ] {
            let found = nodes(text).expect_err(text);
            assert!(roxmltree::Document::parse(text).is_err(), "{text}");
            let (line, message) = not_well_formed(text, &found);
            assert_eq!(line, 1, "{text}");
            assert!(message.starts_with("not well-formed XML: "), "{message}");
        }
        let (line, message) = not_well_formed("<a>\n\n&big;</a>", &malformed(0, "x"));
        assert_eq!(line, 3);
        assert!(message.contains("never one a DTD declares"), "{message}");
    }
}
