//! A JSON or XML document as one tree of records, for the reader of shapes:
//! a JSON object and an XML element are both a [`Tree::Map`] of fields (an
//! object's keys; an element's attributes, text and child elements), a
//! JSON array is a [`Tree::List`].

use serde_json::Value;

/// How deep a document may nest: a deeper one is refused, never read by
/// recursion that could exhaust the stack (serde_json stops at 128 too).
pub const MAX_DEPTH: usize = 128;

/// One value of a document.
#[derive(Debug, Clone, PartialEq)]
pub enum Tree {
    /// A string, number or boolean, as written.
    Scalar(String),
    /// `null`.
    Null,
    /// A JSON array: each item with the 1-based line it starts on (0 when
    /// the text's lines are not known).
    List(Vec<(Tree, usize)>),
    /// A JSON object or an XML element.
    Map(Vec<Field>),
}

/// Where a field of a [`Tree::Map`] comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A JSON object's key.
    Key,
    /// An XML attribute.
    Attribute,
    /// An XML element's own text.
    Text,
    /// An XML child element.
    Element,
}

/// One field of a record.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    /// The key, attribute or element name as written (`""` for text).
    pub key: String,
    /// Where it comes from.
    pub origin: Origin,
    /// Its value.
    pub value: Tree,
    /// The 1-based line it starts on (JSON: the document's line).
    pub line: usize,
}

impl Tree {
    /// The text of a value that is one: a scalar, or an XML element holding
    /// only text (an empty element is `""`).
    pub fn scalar(&self) -> Option<&str> {
        match self {
            Tree::Scalar(text) => Some(text),
            Tree::Map(fields) if fields.iter().all(|f| f.origin == Origin::Text) => {
                Some(fields.first().and_then(|f| f.value.scalar()).unwrap_or(""))
            }
            _ => None,
        }
    }

    /// The fields of a map (none for any other value).
    pub fn fields(&self) -> &[Field] {
        match self {
            Tree::Map(fields) => fields,
            _ => &[],
        }
    }
}

/// A JSON value as a tree, every field on `line` (a record of a file of
/// many documents, read without its text).
pub fn from_json(value: &Value, line: usize) -> Tree {
    located_json(value.clone(), None, line)
}

/// A JSON value parsed from `text` (one document, a JSON array, JSON
/// Lines) as a tree, each field on the line of its key in the text: a card
/// entry's line is its own, not the document's first. Every field is on
/// line 1 when the text's keys cannot be told (a text that is not plain
/// JSON, a comment).
pub fn from_json_text(value: Value, text: &str) -> Tree {
    from_json_record(value, text, 1)
}

/// [`from_json_text`] for one record of a longer text (an object of a JSON
/// array or of JSON Lines): `text` is the record's own, starting on `line`.
pub fn from_json_record(value: Value, text: &str, line: usize) -> Tree {
    located_json(value, locate(text, line).as_ref(), line)
}

/// A JSON value as a tree, its keys' lines taken from `located` (the same
/// value's keys in its text) when it has them, else `line`. The value is
/// let go as it is read: the document is not held twice.
fn located_json(value: Value, located: Option<&Located>, line: usize) -> Tree {
    match value {
        Value::Null => Tree::Null,
        Value::Bool(b) => Tree::Scalar(b.to_string()),
        // `-0` is read as the float -0.0: written back as `-0`.
        Value::Number(n) if n.as_f64() == Some(0.0) && n.is_f64() => Tree::Scalar(
            if n.as_f64().is_some_and(f64::is_sign_negative) {
                "-0"
            } else {
                "0"
            }
            .to_string(),
        ),
        Value::Number(n) => Tree::Scalar(n.to_string()),
        Value::String(s) => Tree::Scalar(s),
        Value::Array(items) => {
            let located = match located {
                Some(Located::Array(items)) => items.as_slice(),
                _ => &[],
            };
            Tree::List(
                items
                    .into_iter()
                    .enumerate()
                    .map(|(at, v)| match located.get(at) {
                        Some((item_line, item)) => (located_json(v, Some(item), line), *item_line),
                        None => (located_json(v, None, line), 0),
                    })
                    .collect(),
            )
        }
        Value::Object(object) => {
            let keys = match located {
                Some(Located::Object(keys)) => keys.as_slice(),
                _ => &[],
            };
            // A key written twice is the last one's, as serde_json keeps it.
            let mut by_key: std::collections::HashMap<&str, (usize, &Located)> =
                std::collections::HashMap::with_capacity(keys.len());
            for (key, line, value) in keys {
                by_key.insert(key, (*line, value));
            }
            Tree::Map(
                object
                    .into_iter()
                    .map(|(key, value)| {
                        let (line, located) = by_key
                            .get(key.as_str())
                            .map_or((line, None), |&(line, located)| (line, Some(located)));
                        Field {
                            key,
                            origin: Origin::Key,
                            value: located_json(value, located, line),
                            line,
                        }
                    })
                    .collect(),
            )
        }
    }
}

/// The keys of a JSON text with their lines: each object's keys in the
/// text's order, each array's items with the line each starts on.
#[derive(Debug, PartialEq)]
enum Located {
    Object(Vec<(String, usize, Located)>),
    Array(Vec<(usize, Located)>),
    Scalar,
}

/// The keys of a JSON text (one value, or several: JSON Lines, read as an
/// array of them) with their lines; `None` when the text is not plain JSON
/// as this scan reads it.
fn locate(text: &str, first_line: usize) -> Option<Located> {
    let mut scan = Scan {
        bytes: text.as_bytes(),
        at: if text.starts_with('\u{feff}') { 3 } else { 0 },
        line: first_line,
    };
    let mut values = Vec::new();
    loop {
        scan.blank();
        if scan.at >= scan.bytes.len() {
            break;
        }
        let line = scan.line;
        values.push((line, scan.value(0)?));
    }
    Some(if values.len() == 1 {
        values.pop()?.1
    } else {
        Located::Array(values)
    })
}

/// A scan of a JSON text for its keys' lines ([`locate`]).
struct Scan<'t> {
    bytes: &'t [u8],
    at: usize,
    line: usize,
}

impl Scan<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    /// Skips white space, counting lines.
    fn blank(&mut self) {
        while let Some(byte) = self.peek() {
            match byte {
                b'\n' => self.line += 1,
                b' ' | b'\t' | b'\r' => {}
                _ => break,
            }
            self.at += 1;
        }
    }

    /// A string, at its opening quote: its text, quotes included.
    fn string(&mut self) -> Option<&str> {
        let start = self.at;
        self.at += 1;
        loop {
            match self.peek()? {
                b'\\' => self.at += 2,
                b'"' => break,
                b'\n' => return None,
                _ => self.at += 1,
            }
        }
        self.at += 1;
        std::str::from_utf8(self.bytes.get(start..self.at)?).ok()
    }

    fn value(&mut self, depth: usize) -> Option<Located> {
        if depth > MAX_DEPTH {
            return None;
        }
        self.blank();
        match self.peek()? {
            b'{' => {
                self.at += 1;
                let mut keys = Vec::new();
                self.blank();
                if self.peek() == Some(b'}') {
                    self.at += 1;
                    return Some(Located::Object(keys));
                }
                loop {
                    self.blank();
                    if self.peek()? != b'"' {
                        return None;
                    }
                    let line = self.line;
                    let key: String = serde_json::from_str(self.string()?).ok()?;
                    self.blank();
                    if self.peek()? != b':' {
                        return None;
                    }
                    self.at += 1;
                    let value = self.value(depth + 1)?;
                    keys.push((key, line, value));
                    self.blank();
                    match self.peek()? {
                        b',' => self.at += 1,
                        b'}' => {
                            self.at += 1;
                            return Some(Located::Object(keys));
                        }
                        _ => return None,
                    }
                }
            }
            b'[' => {
                self.at += 1;
                let mut items = Vec::new();
                self.blank();
                if self.peek() == Some(b']') {
                    self.at += 1;
                    return Some(Located::Array(items));
                }
                loop {
                    self.blank();
                    let line = self.line;
                    items.push((line, self.value(depth + 1)?));
                    self.blank();
                    match self.peek()? {
                        b',' => self.at += 1,
                        b']' => {
                            self.at += 1;
                            return Some(Located::Array(items));
                        }
                        _ => return None,
                    }
                }
            }
            b'"' => self.string().map(|_| Located::Scalar),
            _ => {
                let start = self.at;
                while self
                    .peek()
                    .is_some_and(|b| !matches!(b, b',' | b'}' | b']') && !b.is_ascii_whitespace())
                {
                    self.at += 1;
                }
                (self.at > start).then_some(Located::Scalar)
            }
        }
    }
}

/// An XML element as a tree, its root element named; an error when it nests
/// deeper than [`MAX_DEPTH`].
pub fn from_xml(document: &roxmltree::Document, text: &str) -> Result<(String, Tree), String> {
    let mut lines = super::super::markup::LineCounter::new(text);
    let root = document.root_element();
    let tree = element(root, &mut lines, 0)?;
    Ok((root.tag_name().name().to_string(), tree))
}

fn element(
    node: roxmltree::Node,
    lines: &mut super::super::markup::LineCounter,
    depth: usize,
) -> Result<Tree, String> {
    if depth > MAX_DEPTH {
        return Err(format!(
            "an XML document nested more than {MAX_DEPTH} elements deep: not read"
        ));
    }
    let line = lines.line_at(node.range().start);
    let mut fields: Vec<Field> = node
        .attributes()
        .map(|attribute| Field {
            key: attribute.name().to_string(),
            origin: Origin::Attribute,
            value: Tree::Scalar(attribute.value().to_string()),
            line,
        })
        .collect();
    let text: String = node
        .children()
        .filter(roxmltree::Node::is_text)
        .filter_map(|t| t.text())
        .collect();
    let text = text.trim();
    if !text.is_empty() {
        fields.push(Field {
            key: String::new(),
            origin: Origin::Text,
            value: Tree::Scalar(text.to_string()),
            line,
        });
    }
    for child in node.children().filter(roxmltree::Node::is_element) {
        let value = element(child, lines, depth + 1)?;
        fields.push(Field {
            key: child.tag_name().name().to_string(),
            origin: Origin::Element,
            line: lines.line_at(child.range().start),
            value,
        });
    }
    // A large document holds many small records: none keeps room it does not use.
    fields.shrink_to_fit();
    Ok(Tree::Map(fields))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xml_elements_are_maps_of_attributes_text_and_children() {
        let text = "<deck>\n<card qty=\"2\">Alma Test</card>\n<n><b/></n></deck>";
        let document = roxmltree::Document::parse(text).unwrap();
        let (root, tree) = from_xml(&document, text).unwrap();
        assert_eq!(root, "deck");
        let card = &tree.fields()[0];
        assert_eq!((card.key.as_str(), card.line), ("card", 2));
        assert_eq!(card.value.fields()[0].value.scalar(), Some("2"));
        assert_eq!(card.value.fields()[1].origin, Origin::Text);
        assert_eq!(tree.fields()[1].value.fields()[0].value.scalar(), Some(""));
        assert_eq!(tree.fields()[1].value.scalar(), None);
    }

    #[test]
    fn a_deep_xml_document_is_an_error() {
        let depth = MAX_DEPTH + 5;
        let text = format!("{}{}", "<a>".repeat(depth), "</a>".repeat(depth));
        let document = roxmltree::Document::parse(&text).unwrap();
        let error = from_xml(&document, &text).unwrap_err();
        assert!(error.contains("nested more than 128"), "{error}");
    }
}
