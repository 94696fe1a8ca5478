//! A JSON or XML document as one tree of records, for the reader of shapes:
//! a JSON object and an XML element are both a [`Tree::Map`] of fields (an
//! object's keys; an element's attributes, text and child elements), a
//! JSON array is a [`Tree::List`]. The tree borrows its keys and values
//! from the document's text where they are written as they read (no
//! escape, no entity): a large document is held once, with its tree of
//! places beside it (issue 41: the tree of owned strings, and serde_json's
//! value before it, held about 24 times the text).

use std::borrow::Cow;

use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

/// How deep a document may nest: a deeper one is refused, never read by
/// recursion that could exhaust the stack (serde_json stops at 128 too).
pub const MAX_DEPTH: usize = 128;

/// One value of a document.
#[derive(Debug, Clone, PartialEq)]
pub enum Tree<'t> {
    /// A string, number or boolean, as written (a JSON number as serde_json
    /// writes it back: `2.50` is `2.5`).
    Scalar(Cow<'t, str>),
    /// `null`.
    Null,
    /// A JSON array: each item with the 1-based line it starts on (0 when
    /// the text's lines are not known).
    List(Vec<(Tree<'t>, usize)>),
    /// A JSON object or an XML element.
    Map(Vec<Field<'t>>),
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
pub struct Field<'t> {
    /// The key, attribute or element name as written (`""` for text).
    pub key: Cow<'t, str>,
    /// Where it comes from.
    pub origin: Origin,
    /// Its value.
    pub value: Tree<'t>,
    /// The 1-based line it starts on (JSON: the document's line); 32 bits,
    /// so that a field takes 64 bytes, not 72 (a document of 100,000
    /// records holds 400,000 fields).
    pub line: u32,
}

/// A line number as a [`Field`] keeps it (a line past 4,294,967,295 as that one).
fn field_line(line: usize) -> u32 {
    u32::try_from(line).unwrap_or(u32::MAX)
}

impl Tree<'_> {
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
    pub fn fields(&self) -> &[Field<'_>] {
        match self {
            Tree::Map(fields) => fields,
            _ => &[],
        }
    }
}

/// A JSON value as a tree, every field on `line`, every item on line 0 (a
/// record read without its text).
pub fn from_json(value: &Value, line: usize) -> Tree<'static> {
    match value {
        Value::Null => Tree::Null,
        Value::Bool(b) => Tree::Scalar(Cow::Owned(b.to_string())),
        Value::Number(n) => Tree::Scalar(Cow::Owned(number_text(n))),
        Value::String(s) => Tree::Scalar(Cow::Owned(s.clone())),
        Value::Array(items) => Tree::List(
            items
                .iter()
                .map(|item| (from_json(item, line), 0))
                .collect(),
        ),
        Value::Object(object) => Tree::Map(
            object
                .iter()
                .map(|(key, value)| Field {
                    key: Cow::Owned(key.clone()),
                    origin: Origin::Key,
                    value: from_json(value, line),
                    line: field_line(line),
                })
                .collect(),
        ),
    }
}

/// A JSON number as serde_json writes it back, `-0` (read as the float
/// -0.0) as `-0`.
fn number_text(n: &serde_json::Number) -> String {
    if n.is_f64() && n.as_f64() == Some(0.0) {
        let negative = n.as_f64().is_some_and(f64::is_sign_negative);
        return if negative { "-0" } else { "0" }.to_string();
    }
    n.to_string()
}

/// A JSON text (one document, JSON Lines: read as an array of their
/// values) as a tree, each field on the line of its key, each item on the
/// line it starts on, `first_line` being the text's first; with the keys
/// an object gives twice, as their paths (`crypt`, `library.cards[2].count`,
/// in the text's order). An object's fields are in key order, a key given
/// twice holding its last value, as serde_json reads it. The text is
/// checked to be JSON first (serde_json's error when it is not, a value
/// nested more than [`MAX_DEPTH`] deep among them), then read once more
/// into the tree.
pub fn from_json_text(
    text: &str,
    first_line: usize,
) -> Result<(Tree<'_>, Vec<String>), serde_json::Error> {
    check_json(text)?;
    let mut scan = Scan {
        text,
        bytes: text.as_bytes(),
        at: 0,
        line: first_line,
        path: String::new(),
        twice: Vec::new(),
    };
    let mut values = Vec::new();
    loop {
        scan.blank();
        if scan.at >= scan.bytes.len() {
            break;
        }
        let line = scan.line;
        let value = scan.value(0).ok_or_else(not_read)?;
        values.push((value, line));
    }
    let tree = match values.len() {
        1 => values.pop().map_or(Tree::Null, |(value, _)| value),
        _ => Tree::List(values),
    };
    Ok((tree, scan.twice))
}

/// Whether a text is JSON (one value, or several: JSON Lines) as serde_json
/// reads it into its values, without keeping them: its error when not.
pub fn check_json(text: &str) -> Result<(), serde_json::Error> {
    for value in serde_json::Deserializer::from_str(text).into_iter::<Checked>() {
        value?;
    }
    Ok(())
}

/// The error of a JSON text that serde_json reads and the scan does not
/// (never seen: the scan reads what serde_json does).
fn not_read() -> serde_json::Error {
    serde::de::Error::custom("a JSON text the reader of shapes cannot follow")
}

/// A JSON value read as serde_json's [`Value`] is (its numbers parsed, so
/// that one out of range is the same error) and kept nowhere.
struct Checked;

impl<'de> serde::Deserialize<'de> for Checked {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Checked, D::Error> {
        deserializer.deserialize_any(CheckedVisitor)
    }
}

/// The visitor of [`Checked`].
struct CheckedVisitor;

impl<'de> DeserializeSeed<'de> for CheckedVisitor {
    type Value = Checked;

    fn deserialize<D: serde::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Checked, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for CheckedVisitor {
    type Value = Checked;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_i64<E>(self, _: i64) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_f64<E>(self, _: f64) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_str<E>(self, _: &str) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_unit<E>(self) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_none<E>(self) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_some<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<Checked, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Checked, A::Error> {
        while seq.next_element_seed(CheckedVisitor)?.is_some() {}
        Ok(Checked)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Checked, A::Error> {
        while map.next_key::<IgnoredAny>()?.is_some() {
            map.next_value_seed(CheckedVisitor)?;
        }
        Ok(Checked)
    }
}

/// A scan of a JSON text that serde_json has read without error, into a
/// [`Tree`] borrowing from it ([`from_json_text`]).
struct Scan<'t> {
    text: &'t str,
    bytes: &'t [u8],
    at: usize,
    line: usize,
    /// The path of the value scanned (`crypt.cards[2]`), for a key given twice.
    path: String,
    /// The keys given twice, as their paths.
    twice: Vec<String>,
}

impl<'t> Scan<'t> {
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

    /// A string, at its opening quote: its text, borrowed when it has no
    /// escape.
    fn string(&mut self) -> Option<Cow<'t, str>> {
        let start = self.at;
        self.at += 1;
        let mut escaped = false;
        loop {
            match self.peek()? {
                b'\\' => {
                    escaped = true;
                    self.at += 2;
                }
                b'"' => break,
                _ => self.at += 1,
            }
        }
        self.at += 1;
        if escaped {
            serde_json::from_str::<String>(self.text.get(start..self.at)?)
                .ok()
                .map(Cow::Owned)
        } else {
            self.text.get(start + 1..self.at - 1).map(Cow::Borrowed)
        }
    }

    /// Steps into a value of the path (a key, or an item's index); gives
    /// back the path's length before, for [`Scan::leave`].
    fn enter(&mut self, step: std::fmt::Arguments) -> usize {
        let before = self.path.len();
        std::fmt::Write::write_fmt(&mut self.path, step).ok();
        before
    }

    fn leave(&mut self, before: usize) {
        self.path.truncate(before);
    }

    fn value(&mut self, depth: usize) -> Option<Tree<'t>> {
        if depth > MAX_DEPTH {
            return None;
        }
        self.blank();
        match self.peek()? {
            b'{' => self.object(depth),
            b'[' => {
                self.at += 1;
                let mut items = Vec::new();
                loop {
                    self.blank();
                    if self.peek()? == b']' {
                        self.at += 1;
                        items.shrink_to_fit();
                        return Some(Tree::List(items));
                    }
                    if !items.is_empty() {
                        // The comma between two items.
                        self.at += 1;
                        self.blank();
                    }
                    let line = self.line;
                    let before = self.enter(format_args!("[{}]", items.len()));
                    let item = self.value(depth + 1)?;
                    self.leave(before);
                    items.push((item, line));
                }
            }
            b'"' => self.string().map(Tree::Scalar),
            _ => {
                let start = self.at;
                while self
                    .peek()
                    .is_some_and(|b| !matches!(b, b',' | b'}' | b']') && !b.is_ascii_whitespace())
                {
                    self.at += 1;
                }
                let token = self.text.get(start..self.at)?;
                Some(match token {
                    "null" => Tree::Null,
                    "true" | "false" => Tree::Scalar(Cow::Borrowed(token)),
                    _ => Tree::Scalar(number(token)?),
                })
            }
        }
    }

    /// An object, at its opening brace: its fields in key order, a key
    /// given twice holding its last value and line (noted with its path).
    fn object(&mut self, depth: usize) -> Option<Tree<'t>> {
        self.at += 1;
        let mut fields: Vec<Field<'t>> = Vec::new();
        // The fields by their key, once an object has many.
        let mut by_key: Option<std::collections::HashMap<Cow<'t, str>, usize>> = None;
        loop {
            self.blank();
            match self.peek()? {
                b'}' => break,
                b',' => {
                    self.at += 1;
                    continue;
                }
                _ => {}
            }
            let line = self.line;
            let key = self.string()?;
            self.blank();
            // The colon.
            self.at += 1;
            let before = if self.path.is_empty() {
                self.enter(format_args!("{key}"))
            } else {
                self.enter(format_args!(".{key}"))
            };
            let value = self.value(depth + 1)?;
            let given = match &mut by_key {
                Some(by_key) => by_key.get(&key).copied(),
                None => fields.iter().position(|field| field.key == key),
            };
            match given {
                Some(at) => {
                    self.twice.push(self.path.clone());
                    let field = fields.get_mut(at)?;
                    field.value = value;
                    field.line = field_line(line);
                }
                None => {
                    if let Some(by_key) = &mut by_key {
                        by_key.insert(key.clone(), fields.len());
                    }
                    fields.push(Field {
                        key,
                        origin: Origin::Key,
                        value,
                        line: field_line(line),
                    });
                    if by_key.is_none() && fields.len() > 16 {
                        by_key = Some(
                            fields
                                .iter()
                                .enumerate()
                                .map(|(at, field)| (field.key.clone(), at))
                                .collect(),
                        );
                    }
                }
            }
            self.leave(before);
        }
        self.at += 1;
        drop(by_key);
        fields.sort_by(|a, b| a.key.cmp(&b.key));
        fields.shrink_to_fit();
        Some(Tree::Map(fields))
    }
}

/// A JSON number as serde_json writes it back ([`number_text`]): the text
/// itself when it is written so (a whole number of at most 18 digits).
fn number(token: &str) -> Option<Cow<'_, str>> {
    let digits = token.strip_prefix('-').unwrap_or(token);
    if !digits.is_empty() && digits.len() <= 18 && digits.bytes().all(|b| b.is_ascii_digit()) {
        return Some(Cow::Borrowed(token));
    }
    let n: serde_json::Number = serde_json::from_str(token).ok()?;
    let text = number_text(&n);
    Some(if text == token {
        Cow::Borrowed(token)
    } else {
        Cow::Owned(text)
    })
}

/// Why an XML text gives no tree.
#[derive(Debug)]
pub enum XmlError {
    /// It is not well-formed: where the stream found it.
    Malformed(crate::xml_stream::Malformed),
    /// It nests deeper than [`MAX_DEPTH`]: the message saying so.
    TooDeep(String),
}

/// An XML text (its `<!DOCTYPE>` blanked) as a tree, its root element
/// named; an error when it is not well-formed, or nests deeper than
/// [`MAX_DEPTH`]. It is read as a stream of nodes, never a whole parsed
/// document (issue 41): its names, attributes and texts are borrowed from
/// the text where they are written as they read (no entity).
pub fn from_xml(text: &str) -> Result<(String, Tree<'_>), XmlError> {
    use crate::xml_stream::Node;
    let mut lines = super::super::markup::LineCounter::new(text);
    // The elements open, the root first.
    let mut open: Vec<Element> = Vec::new();
    let mut root = None;
    // Deeper than MAX_DEPTH: the rest is walked, not kept.
    let mut deep = false;
    crate::xml_stream::walk(text, |node| {
        if deep {
            return;
        }
        match node {
            Node::Open {
                name,
                attributes,
                at,
                depth,
            } => {
                // `depth - 1` elements open above it.
                if depth > MAX_DEPTH + 1 {
                    deep = true;
                    return;
                }
                let line = field_line(lines.line_at(at));
                let fields: Vec<Field> = attributes
                    .into_iter()
                    .map(|attribute| Field {
                        key: Cow::Borrowed(attribute.name),
                        origin: Origin::Attribute,
                        value: Tree::Scalar(attribute.value),
                        line,
                    })
                    .collect();
                open.push(Element {
                    name,
                    line,
                    attributes: fields.len(),
                    fields,
                    text: None,
                    more_text: None,
                });
            }
            Node::Text(text) => {
                if let Some(element) = open.last_mut() {
                    element.add_text(text);
                }
            }
            Node::Other => {}
            Node::Close { .. } => {
                let Some(element) = open.pop() else {
                    return;
                };
                let (name, line) = (element.name, element.line);
                let value = element.into_tree();
                match open.last_mut() {
                    Some(parent) => parent.fields.push(Field {
                        key: Cow::Borrowed(name),
                        origin: Origin::Element,
                        value,
                        line,
                    }),
                    None => root = Some((name.to_string(), value)),
                }
            }
        }
    })
    .map_err(XmlError::Malformed)?;
    if deep {
        return Err(XmlError::TooDeep(format!(
            "an XML document nested more than {MAX_DEPTH} elements deep: not read"
        )));
    }
    // A well-formed text has a root element.
    Ok(root.unwrap_or_else(|| (String::new(), Tree::Map(Vec::new()))))
}

/// An XML element being read.
struct Element<'t> {
    name: &'t str,
    line: u32,
    /// Its attributes, then its child elements.
    fields: Vec<Field<'t>>,
    /// How many of the fields are attributes.
    attributes: usize,
    /// Its first text that is not blank (the blanks before it would be
    /// trimmed), and the texts after it, joined.
    text: Option<Cow<'t, str>>,
    more_text: Option<String>,
}

impl<'t> Element<'t> {
    fn add_text(&mut self, text: Cow<'t, str>) {
        match (&self.text, &mut self.more_text) {
            (None, _) => {
                if !text.trim().is_empty() {
                    self.text = Some(text);
                }
            }
            (Some(_), Some(more)) => more.push_str(&text),
            (Some(_), None) => self.more_text = Some(text.into_owned()),
        }
    }

    /// The element as a map: its attributes, its own text trimmed (its
    /// texts joined: most elements have one, or only the blanks around
    /// their children), its child elements.
    fn into_tree(mut self) -> Tree<'t> {
        let text = match (self.text, self.more_text) {
            (None, _) => None,
            (Some(Cow::Borrowed(text)), None) => Some(Cow::Borrowed(text.trim())),
            (Some(text), None) => Some(Cow::Owned(text.trim().to_string())),
            (Some(text), Some(more)) => {
                Some(Cow::Owned(format!("{text}{more}").trim().to_string()))
            }
        };
        if let Some(text) = text {
            self.fields.insert(
                self.attributes,
                Field {
                    key: Cow::Borrowed(""),
                    origin: Origin::Text,
                    value: Tree::Scalar(text),
                    line: self.line,
                },
            );
        }
        // A large document holds many small records: none keeps room it does not use.
        self.fields.shrink_to_fit();
        Tree::Map(self.fields)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xml_elements_are_maps_of_attributes_text_and_children() {
        let text = "<deck>\n<card qty=\"2\">Alma Test</card>\n<n><b/></n></deck>";
        let (root, tree) = from_xml(text).unwrap();
        assert_eq!(root, "deck");
        let card = &tree.fields()[0];
        assert_eq!((card.key.as_ref(), card.line), ("card", 2));
        assert_eq!(card.value.fields()[0].value.scalar(), Some("2"));
        assert_eq!(card.value.fields()[1].origin, Origin::Text);
        assert_eq!(tree.fields()[1].value.fields()[0].value.scalar(), Some(""));
        assert_eq!(tree.fields()[1].value.scalar(), None);
    }

    /// A tree with every line 0, to compare trees read with and without their text.
    fn unlined(tree: Tree) -> Tree {
        match tree {
            Tree::List(items) => Tree::List(
                items
                    .into_iter()
                    .map(|(item, _)| (unlined(item), 0))
                    .collect(),
            ),
            Tree::Map(fields) => Tree::Map(
                fields
                    .into_iter()
                    .map(|field| Field {
                        value: unlined(field.value),
                        line: 0,
                        ..field
                    })
                    .collect(),
            ),
            scalar => scalar,
        }
    }

    /// The tree read from a JSON text is the tree of serde_json's value of
    /// it (its numbers written back alike, its keys in order, a key given
    /// twice its last value), with the keys given twice as `json_keys`
    /// names them; a string with no escape is borrowed from the text.
    #[test]
    fn a_json_texts_tree_is_its_serde_json_values() {
        for text in [
            r#"{"b": 1, "a": [-0, 0, -0.0, 0.0, 2.50, 1e2, 1E-7, 18446744073709551615]}"#,
            r#"{"n": -9223372036854775809, "m": 123456789012345678, "o": 1234567890123456789}"#,
            r#"{"s": "a \"q\" \u00e9 \n", "t": "é", "u": true, "v": false, "w": null}"#,
            r#"{"count": 2, "count": 3, "x": {"y": 1, "y": [2]}, "list": [{"k": 1, "k": 2}]}"#,
            r#"{"k\u0065y": 1, "key": 2}"#,
            r#"[1, "two", {"three": 3}, [], {}]"#,
            "{\"a\": 1}\n{\"b\": 2}\n",
            "  {\n\"a\" :\t[ 1 ,2 ] }  ",
            r#""just a string""#,
            r#"{"many": {"a1": 1, "a2": 2, "a3": 3, "a4": 4, "a5": 5, "a6": 6, "a7": 7, "a8": 8,
                "a9": 9, "a10": 10, "a11": 11, "a12": 12, "a13": 13, "a14": 14, "a15": 15,
                "a16": 16, "a17": 17, "a3": 33, "a18": 18, "a1": 11}}"#,
        ] {
            let (tree, twice) = from_json_text(text, 1).unwrap();
            let values: Vec<Value> = serde_json::Deserializer::from_str(text)
                .into_iter::<Value>()
                .collect::<Result<_, _>>()
                .unwrap();
            let value = match <[Value; 1]>::try_from(values) {
                Ok([one]) => one,
                Err(many) => Value::Array(many),
            };
            assert_eq!(unlined(tree), unlined(from_json(&value, 0)), "{text}");
            if !text.contains('\n') {
                let expected = crate::json_keys::parse(text).unwrap().duplicate_keys;
                assert_eq!(twice, expected, "{text}");
            }
        }
        let (tree, _) = from_json_text(r#"{"name": "Alma Test", "e": "\u00e9"}"#, 1).unwrap();
        assert!(matches!(
            tree.fields()[1].value,
            Tree::Scalar(Cow::Borrowed("Alma Test"))
        ));
        assert!(matches!(&tree.fields()[0].value, Tree::Scalar(Cow::Owned(e)) if e == "é"));
        for broken in ["{\"a\": 1e999}", "{\"a\": 1} x", "{\"a\" 1}", "[1,]"] {
            assert!(from_json_text(broken, 1).is_err(), "{broken}");
        }
    }

    /// A field takes 64 bytes (a document of 100,000 records holds 400,000).
    #[test]
    fn a_field_is_small() {
        assert_eq!(std::mem::size_of::<Field>(), 64);
    }

    /// Each field is on the line of its key, each item on its own line.
    #[test]
    fn a_json_texts_fields_are_on_their_lines() {
        let text =
            "{\n  \"cards\": [\n    {\"name\": \"A\",\n     \"count\": 2},\n    \"B\"\n  ]\n}";
        let (tree, _) = from_json_text(text, 5).unwrap();
        let cards = &tree.fields()[0];
        assert_eq!((cards.key.as_ref(), cards.line), ("cards", 6));
        let Tree::List(items) = &cards.value else {
            panic!("a list");
        };
        assert_eq!(
            items.iter().map(|(_, line)| *line).collect::<Vec<_>>(),
            [7, 9]
        );
        let lines: Vec<(&str, u32)> = items[0]
            .0
            .fields()
            .iter()
            .map(|f| (f.key.as_ref(), f.line))
            .collect();
        assert_eq!(lines, [("count", 8), ("name", 7)]);
    }

    #[test]
    fn a_deep_xml_document_is_an_error() {
        let depth = MAX_DEPTH + 5;
        let text = format!("{}{}", "<a>".repeat(depth), "</a>".repeat(depth));
        let Err(XmlError::TooDeep(error)) = from_xml(&text) else {
            panic!("too deep");
        };
        assert!(error.contains("nested more than 128"), "{error}");
        // A text not well-formed after the depth is said so (as roxmltree,
        // which parsed the whole text first, said it).
        assert!(matches!(
            from_xml(&format!("{text}<b/>")),
            Err(XmlError::Malformed(_))
        ));
    }

    /// An XML element as roxmltree reads it, as a tree: the reference the
    /// stream's tree is checked against.
    fn roxmltree_element<'t>(node: roxmltree::Node<'_, 't>) -> Tree<'t> {
        let mut lines = super::super::super::markup::LineCounter::new(node.document().input_text());
        let line = field_line(lines.line_at(node.range().start));
        let mut fields: Vec<Field<'t>> = node
            .attributes()
            .map(|attribute| Field {
                key: Cow::Borrowed(attribute.name()),
                origin: Origin::Attribute,
                value: Tree::Scalar(Cow::Owned(attribute.value().to_string())),
                line,
            })
            .collect();
        let texts: Vec<&str> = node
            .children()
            .filter(roxmltree::Node::is_text)
            .filter_map(|t| t.text())
            .collect();
        if !texts.iter().all(|t| t.trim().is_empty()) {
            fields.push(Field {
                key: Cow::Borrowed(""),
                origin: Origin::Text,
                value: Tree::Scalar(Cow::Owned(texts.concat().trim().to_string())),
                line,
            });
        }
        for child in node.children().filter(roxmltree::Node::is_element) {
            fields.push(Field {
                key: Cow::Borrowed(child.tag_name().name()),
                origin: Origin::Element,
                line: field_line(lines.line_at(child.range().start)),
                value: roxmltree_element(child),
            });
        }
        Tree::Map(fields)
    }

    /// The tree read from a stream of XML nodes is roxmltree's document of
    /// the text (local names, no namespace declaration, texts joined around
    /// comments and CDATA, references decoded, line ends and attribute
    /// white space normalised), on the same lines.
    #[test]
    fn an_xml_texts_tree_is_roxmltrees_document() {
        for text in [
            "<deck>\n<card qty=\"2\">Alma Test</card>\n<n><b/></n></deck>",
            "<?xml version=\"1.0\"?>\n<x:deck xmlns:x=\"u\" xmlns=\"v\" x:a=\"1\">\n  \
             <x:card count=\"a&#10;b\tc\r\nd\">A &amp; B<!-- c --> C\r\n</x:card>\n</x:deck>",
            "<a>  <b>x</b> y <![CDATA[<z>]]>\r w <c/>  </a>",
            "<a>\n <b/>\n <c>&#233;&lt;&gt;&quot;&apos;</c>\n</a>\n<!-- end -->\n",
            "<a><b><c d='1' e=\"2\">t<?pi x?>u</c></b></a>",
            "\u{feff}<?xml version=\"1.0\"?><a xml:lang=\"en\">é</a>",
        ] {
            let document = roxmltree::Document::parse(text).unwrap();
            let expected = roxmltree_element(document.root_element());
            let (root, tree) = from_xml(text).unwrap();
            assert_eq!(root, document.root_element().tag_name().name(), "{text}");
            assert_eq!(tree, expected, "{text}");
        }
    }
}
