//! Parsing a JSON document into serde_json's [`Value`], noting each key an
//! object gives twice: serde_json keeps the last value in silence, and a
//! deck whose `crypt` is given twice would lose the first without a word.

use std::cell::RefCell;
use std::fmt;

use serde::de::{DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

use vtesdeck_deck::raw::LineProblem;

/// A parsed JSON document and the keys given twice in it.
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed {
    /// The document (of a key given twice, the last value).
    pub value: Value,
    /// Each key given twice, as its path (`crypt`, `library.cards[2].count`), in order.
    pub duplicate_keys: Vec<String>,
}

impl Parsed {
    /// A problem for each key given twice, on the document's line.
    pub fn problems(&self, line: usize) -> Vec<LineProblem> {
        problems(&self.duplicate_keys, line)
    }
}

/// A problem for each key given twice (its path), on the document's line.
pub fn problems(duplicate_keys: &[String], line: usize) -> Vec<LineProblem> {
    duplicate_keys
        .iter()
        .map(|path| LineProblem {
            line,
            text: format!("\"{}\"", super::screen::shorten(path)),
            message: "key given twice in a JSON object: the last value is read, the \
                      others are not"
                .to_string(),
        })
        .collect()
}

/// How many of the last items kept of a list an item of an [`outline`] is
/// compared with: a list of records of the same keys is one item.
const OUTLINE_ALIKE: usize = 4;

/// The outline of one JSON document: what the JSON layouts are told by
/// ([`super::registry::detect_object`]), without the document held whole.
/// Its top values as they are; the keys of the objects under them and of
/// the records of their lists, with values of the same kind (`""`, `0`,
/// `false`, `[]`, `{}`) in place of theirs; the records of a list that
/// look alike (the same keys and kinds) once. A layout looks at the top
/// keys, their values' keys and kinds and their lists' records' keys, all
/// of which the outline keeps; a list whose records all have some keys
/// still has, and it is empty only when the list was. The same error as
/// [`parse`] for a text that is not JSON.
pub fn outline(json: &str) -> Result<Value, serde_json::Error> {
    let mut deserializer = serde_json::Deserializer::from_str(json);
    let value = Outline { depth: 0 }.deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(value)
}

/// Deserializes a value of an [`outline`] at a depth (0: the document).
#[derive(Clone, Copy)]
struct Outline {
    depth: usize,
}

impl Outline {
    /// Whether values are kept as they are (the document's top values).
    fn keeps_values(self) -> bool {
        self.depth <= 1
    }

    /// Whether objects keep their keys.
    fn keeps_keys(self) -> bool {
        self.depth <= 2
    }

    fn inner(self) -> Outline {
        Outline {
            depth: self.depth + 1,
        }
    }
}

impl<'de> DeserializeSeed<'de> for Outline {
    type Value = Value;

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Outline {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Bool(value && self.keeps_values()))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Value, E> {
        Ok(Value::Number(
            if self.keeps_values() { value } else { 0 }.into(),
        ))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Value, E> {
        Ok(Value::Number(
            if self.keeps_values() { value } else { 0 }.into(),
        ))
    }

    fn visit_f64<E>(self, value: f64) -> Result<Value, E> {
        if !self.keeps_values() {
            return Ok(Value::Number(0.into()));
        }
        Ok(Number::from_f64(value).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, value: &str) -> Result<Value, E> {
        Ok(Value::String(if self.keeps_values() {
            value.to_owned()
        } else {
            String::new()
        }))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items: Vec<Value> = Vec::new();
        while let Some(item) = seq.next_element_seed(self.inner())? {
            let alike = items
                .iter()
                .rev()
                .take(OUTLINE_ALIKE)
                .any(|kept| *kept == item);
            if self.keeps_values() && !alike {
                items.push(item);
            }
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let value = map.next_value_seed(self.inner())?;
            if self.keeps_keys() {
                object.insert(key, value);
            }
        }
        Ok(Value::Object(object))
    }
}

/// Parses one JSON document (serde_json's limit of 128 levels holds: a
/// deeper one is an error).
pub fn parse(json: &str) -> Result<Parsed, serde_json::Error> {
    let duplicates = RefCell::new(Vec::new());
    let mut deserializer = serde_json::Deserializer::from_str(json);
    let seed = Seed {
        path: &Path::Root,
        duplicates: &duplicates,
    };
    let value = seed.deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(Parsed {
        value,
        duplicate_keys: duplicates.into_inner(),
    })
}

/// Where a value is in the document, made into text only for a key given twice.
enum Path<'a> {
    Root,
    Key(&'a Path<'a>, &'a str),
    Index(&'a Path<'a>, usize),
}

impl Path<'_> {
    /// `crypt.cards[2].count`.
    fn text(&self) -> String {
        let mut steps = Vec::new();
        let mut at = self;
        loop {
            match at {
                Path::Root => break,
                Path::Key(parent, key) => {
                    steps.push(Step::Key(key));
                    at = parent;
                }
                Path::Index(parent, index) => {
                    steps.push(Step::Index(*index));
                    at = parent;
                }
            }
        }
        let mut text = String::new();
        for step in steps.into_iter().rev() {
            match step {
                Step::Key(key) => {
                    if !text.is_empty() {
                        text.push('.');
                    }
                    text.push_str(key);
                }
                Step::Index(index) => text.push_str(&format!("[{index}]")),
            }
        }
        text
    }
}

/// One step of a [`Path`], outermost first once reversed.
enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

/// Deserializes a value at a path, noting keys given twice.
#[derive(Clone, Copy)]
struct Seed<'a> {
    path: &'a Path<'a>,
    duplicates: &'a RefCell<Vec<String>>,
}

impl<'de> DeserializeSeed<'de> for Seed<'_> {
    type Value = Value;

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Seed<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Bool(value))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Value, E> {
        Ok(Value::Number(value.into()))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Value, E> {
        Ok(Value::Number(value.into()))
    }

    fn visit_f64<E>(self, value: f64) -> Result<Value, E> {
        Ok(Number::from_f64(value).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, value: &str) -> Result<Value, E> {
        Ok(Value::String(value.to_owned()))
    }

    fn visit_string<E>(self, value: String) -> Result<Value, E> {
        Ok(Value::String(value))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut values = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        loop {
            let path = Path::Index(self.path, values.len());
            let seed = Seed {
                path: &path,
                ..self
            };
            match seq.next_element_seed(seed)? {
                Some(value) => values.push(value),
                None => return Ok(Value::Array(values)),
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let path = Path::Key(self.path, &key);
            let value = map.next_value_seed(Seed {
                path: &path,
                ..self
            })?;
            if object.contains_key(&key) {
                self.duplicates.borrow_mut().push(path.text());
            }
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_given_twice_are_named_with_their_path() {
        let json = r#"{"name": "A", "crypt": [{"id": 1, "count": 2, "count": 3}],
            "library": {"cards": [{"id": 2}, {"id": 3, "id": 4}]}, "name": "B"}"#;
        let parsed = parse(json).unwrap();
        assert_eq!(
            parsed.duplicate_keys,
            ["crypt[0].count", "library.cards[1].id", "name"]
        );
        // The value is serde_json's own: the last of a key given twice.
        assert_eq!(parsed.value, serde_json::from_str::<Value>(json).unwrap());
        assert_eq!(parsed.value["name"], "B");
        assert_eq!(parsed.problems(4)[2].text, "\"name\"");
    }

    /// The layouts tell a document by its outline as by the document: the
    /// fixtures' JSON files, the sample exports (`VTESDECK_SAMPLES`) and
    /// made-up shapes.
    #[test]
    fn layouts_tell_an_outline_as_its_document() {
        let mut texts: Vec<String> = [
            r#"{"type": "deck", "crypt": [{"id": 1}], "library": []}"#,
            r#"{"crypt": [{"id": 1, "count": 2}], "library": [{"id": 2, "count": 1}, {"id": 3}]}"#,
            r#"{"crypt": [{"id": 1, "count": 2}], "library": [{"id": 2, "count": 1}, 7]}"#,
            r#"{"crypt": [{"id": 1, "number": 2}], "library": [{"id": 2, "number": 1}]}"#,
            r#"{"crypt": [{"id": 1, "number": 2}], "library": []}"#,
            r#"{"crypt": {"cards": []}, "library": {}}"#,
            r#"{"deck": {"crypt": {"cards": []}}}"#,
            r#"{"deck": {"crypt": [1]}}"#,
            r#"{"cards": {"200001": 2, " 100004": 1}}"#,
            r#"{"cards": {"200001": 2, "Alma": 1}}"#,
            r#"{"cards": [{"id": 1}, {"id": 2}, {"id": 3}, {"id": 4}, {"id": 5}, {"name": "x"}]}"#,
            r#"{"cards": [{"id": 1}], "crypt": 1}"#,
            r#"{"type": "Deck", "cards": []}"#,
        ]
        .iter()
        .map(|text| text.to_string())
        .collect();
        let fixtures =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures");
        let samples = std::env::var_os("VTESDECK_SAMPLES").map(std::path::PathBuf::from);
        for root in std::iter::once(fixtures).chain(samples) {
            for entry in walkdir::WalkDir::new(root).into_iter().flatten() {
                if entry.path().extension().is_some_and(|e| e == "json") {
                    if let Ok(text) = std::fs::read_to_string(entry.path()) {
                        texts.push(text);
                    }
                }
            }
        }
        for text in &texts {
            for document in crate::json_doc::documents(text).unwrap_or_default() {
                let (Ok(full), Ok(outline)) = (parse(document.json), outline(document.json)) else {
                    continue;
                };
                if let (Value::Object(full), Value::Object(outline)) = (&full.value, &outline) {
                    assert_eq!(
                        crate::registry::detect_object(full),
                        crate::registry::detect_object(outline),
                        "{}",
                        document.json
                    );
                }
            }
        }
        // A list of alike records is one; the records' values are left out.
        let outline = outline(r#"{"cards": [{"n": "a"}, {"n": "b"}, {"n": "c", "x": 1}]}"#);
        assert_eq!(
            outline.unwrap(),
            serde_json::json!({"cards": [{"n": ""}, {"n": "", "x": 0}]})
        );
        assert!(super::outline("{\"a\": 1e999}").is_err());
        assert!(super::outline("{\"a\": 1} x").is_err());
    }

    #[test]
    fn every_kind_of_value_is_read_as_serde_json_reads_it() {
        let json = r#"[null, true, -3, 18446744073709551615, 2.5, "é\n", {}, [[]]]"#;
        let parsed = parse(json).unwrap();
        assert_eq!(parsed.value, serde_json::from_str::<Value>(json).unwrap());
        assert!(parsed.duplicate_keys.is_empty());
        assert!(parse("{\"a\": 1} x").is_err());
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        assert!(parse(&deep).is_err());
    }
}
