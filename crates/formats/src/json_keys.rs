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
        self.duplicate_keys
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
