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
    /// A JSON array.
    List(Vec<Tree>),
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

/// A JSON value as a tree.
pub fn from_json(value: &Value, line: usize) -> Tree {
    match value {
        Value::Null => Tree::Null,
        Value::Bool(b) => Tree::Scalar(b.to_string()),
        Value::Number(n) => Tree::Scalar(n.to_string()),
        Value::String(s) => Tree::Scalar(s.clone()),
        Value::Array(items) => Tree::List(items.iter().map(|v| from_json(v, line)).collect()),
        Value::Object(object) => Tree::Map(
            object
                .iter()
                .map(|(key, value)| Field {
                    key: key.clone(),
                    origin: Origin::Key,
                    value: from_json(value, line),
                    line,
                })
                .collect(),
        ),
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
