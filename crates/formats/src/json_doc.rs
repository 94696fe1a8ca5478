//! What the JSON layouts share: splitting a text into JSON documents (one
//! object, a JSON array of objects such as KRCG's TWDA archive, or JSON
//! Lines), telling a document's layout by its keys, and turning the
//! `{id, name, count}` entries every tool writes into card lines.

use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::format::Format;
use vtesdeck_cards::{CardId, CardKind};
use vtesdeck_deck::raw::{LineKind, LineProblem, RawDeck, RawLine};

/// A JSON layout: told apart from the others by the keys of a JSON object.
pub trait JsonShape: Sync {
    /// Whether a JSON object has this layout's keys.
    fn has_shape(&self, object: &Object) -> bool;
    /// Reads one JSON object (a deck document starting at `line` of its file).
    fn read_object(&self, object: &Object, line: usize) -> RawDeck<'static>;
}

/// A JSON object, as the JSON layouts read it.
pub type Object = Map<String, Value>;

/// One JSON document of a text, not parsed yet, and the line it starts on.
#[derive(Debug, Clone, Copy)]
pub struct Document<'a> {
    /// 1-based line of the document's first character.
    pub line: usize,
    /// The document's JSON text (a slice of the whole text).
    pub json: &'a str,
}

impl Document<'_> {
    /// Parses the document, noting the keys it gives twice.
    pub fn parse(&self) -> Result<super::json_keys::Parsed, serde_json::Error> {
        super::json_keys::parse(self.json)
    }
}

/// Whether a text is JSON by its first character (`{` or `[`).
pub fn looks_like_json(text: &str) -> bool {
    matches!(text.trim_start().as_bytes().first(), Some(b'{' | b'['))
}

/// The JSON documents of a text: the elements of a top-level array, else
/// each top-level value (one object, or JSON Lines). The text is checked to
/// be JSON but each document is left as text, to be parsed one at a time.
/// `Err` when the text is not JSON.
pub fn documents(text: &str) -> Result<Vec<Document<'_>>, serde_json::Error> {
    let raws: Vec<&RawValue> = if text.trim_start().starts_with('[') {
        serde_json::from_str(text)?
    } else {
        serde_json::Deserializer::from_str(text)
            .into_iter::<&RawValue>()
            .collect::<Result<_, _>>()?
    };
    let mut lines = super::markup::LineCounter::new(text);
    Ok(raws
        .into_iter()
        .map(|raw| {
            let json = raw.get();
            // The element is a slice of the text: its offset gives its line.
            let offset = (json.as_ptr() as usize).saturating_sub(text.as_ptr() as usize);
            Document {
                line: lines.line_at(offset),
                json,
            }
        })
        .collect())
}

/// The first object of a JSON text, when it is one (detection looks at it).
pub fn first_object(text: &str) -> Option<Object> {
    if !looks_like_json(text) {
        return None;
    }
    let first = if text.trim_start().starts_with('[') {
        let elements: Vec<&RawValue> = serde_json::from_str(text).ok()?;
        serde_json::from_str(elements.first()?.get()).ok()?
    } else {
        serde_json::Deserializer::from_str(text)
            .into_iter::<Value>()
            .next()?
            .ok()?
    };
    match first {
        Value::Object(object) => Some(object),
        _ => None,
    }
}

/// Whether a text's first JSON object has a layout's shape.
pub fn text_has_shape(text: &str, shape: &dyn JsonShape) -> bool {
    first_object(text).is_some_and(|object| shape.has_shape(&object))
}

/// Reads the first JSON document of a text with one layout; a text that is
/// not JSON, or not an object, gives an empty deck with the error as a problem.
pub fn read_text(text: &str, format: Format, shape: &dyn JsonShape) -> RawDeck<'static> {
    let first = documents(text).and_then(|documents| {
        documents
            .first()
            .map(|document| Ok((document.line, document.parse()?)))
            .transpose()
    });
    match first {
        Ok(Some((line, parsed))) => {
            let Value::Object(object) = &parsed.value else {
                return not_a_deck(format, line, text, "a JSON value that is not an object");
            };
            let mut deck = shape.read_object(object, line);
            deck.problems.extend(parsed.problems(line));
            deck
        }
        Ok(None) => RawDeck::new(format),
        Err(err) => {
            let line = err.line().max(1);
            not_a_deck(format, line, text, &format!("not JSON: {err}"))
        }
    }
}

/// An empty deck with one problem at a line of the text.
pub fn not_a_deck(format: Format, line: usize, text: &str, message: &str) -> RawDeck<'static> {
    let mut deck = RawDeck::new(format);
    deck.problems.push(LineProblem {
        line,
        text: text
            .lines()
            .nth(line.saturating_sub(1))
            .unwrap_or("")
            .chars()
            .take(80)
            .collect(),
        message: message.to_string(),
    });
    deck
}

/// A string field (`null`, empty or absent give `None`; numbers are written out).
pub fn string(object: &Object, key: &str) -> Option<String> {
    match object.get(key)? {
        Value::String(text) if !text.trim().is_empty() => Some(text.trim().to_string()),
        Value::Number(number) => Some(number.to_string()),
        _ => None,
    }
}

/// A non-negative integer field, given as a number or a string of digits.
pub fn integer(value: Option<&Value>) -> Option<u64> {
    match value? {
        Value::Number(number) => number.as_u64(),
        Value::String(text) => text.trim().parse().ok(),
        _ => None,
    }
}

/// The array of a field (empty when absent or not an array).
pub fn array<'a>(object: &'a Object, key: &str) -> &'a [Value] {
    object
        .get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// Whether a field holds an array whose entries (if any) are objects with all the keys.
pub fn array_of_objects_with(object: &Object, key: &str, keys: &[&str]) -> bool {
    object
        .get(key)
        .and_then(Value::as_array)
        .is_some_and(|entries| {
            entries.iter().all(|entry| {
                entry
                    .as_object()
                    .is_some_and(|o| keys.iter().all(|k| o.contains_key(*k)))
            })
        })
}

/// One card entry of a JSON deck: its VEKN id, the name given beside it and
/// its count, read into a card line that resolves by id (the name is kept to
/// report an unknown id or a name that disagrees with the id).
pub fn push_card(
    deck: &mut RawDeck,
    id: Option<&Value>,
    name: Option<&str>,
    count: Option<&Value>,
    section: Option<CardKind>,
    line: usize,
) {
    let name = name.map(str::trim).unwrap_or("");
    let id_text = id.map_or_else(String::new, |v| match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    });
    let text = match (name.is_empty(), count) {
        (true, Some(count)) => format!("{count}x #{id_text}"),
        (false, Some(count)) => format!("{count}x {name} (#{id_text})"),
        (_, None) => format!("{name} (#{id_text})"),
    };
    let problem = |deck: &mut RawDeck, message: String| {
        deck.problems.push(LineProblem {
            line,
            text: text.clone(),
            message,
        });
    };
    let Some(id) = integer(id).and_then(|id| u32::try_from(id).ok()) else {
        problem(
            deck,
            format!("card id `{id_text}` is not a VEKN card id (a whole number)"),
        );
        return;
    };
    let count = match integer(count).map(u32::try_from) {
        Some(Ok(count)) if count > 0 => count,
        Some(Ok(_)) => {
            problem(
                deck,
                "invalid card count 0 (a count is 1 or more)".to_string(),
            );
            return;
        }
        _ => {
            let given = count.map_or_else(|| "none".to_string(), Value::to_string);
            problem(
                deck,
                format!("invalid card count {given} (a whole number from 1)"),
            );
            return;
        }
    };
    let (written, hint) = vtesdeck_cards::split_printing_suffix(name);
    deck.lines.push(RawLine {
        line,
        text: text.into(),
        count,
        name: written.to_string().into(),
        hint,
        section,
        reading: Default::default(),
        kind: LineKind::Id(CardId(id)),
    });
}

/// Reads the `{"count", "cards": [{"id", "count", "name"}]}` crypt object of
/// KRCG's and JOL's deck JSON.
pub fn push_crypt_object(deck: &mut RawDeck, crypt: Option<&Value>, line: usize) {
    let Some(crypt) = crypt.and_then(Value::as_object) else {
        return;
    };
    if let Some(count) = integer(crypt.get("count")).and_then(|c| u32::try_from(c).ok()) {
        deck.declared.set(CardKind::Crypt, Some(count), line);
    }
    for card in array(crypt, "cards") {
        push_entry(deck, card, Some(CardKind::Crypt), line);
    }
}

/// Reads the `{"count", "cards": [{"type", "count", "cards": [...]}]}`
/// library object of KRCG's and JOL's deck JSON (a flat card list is read too).
pub fn push_library_object(deck: &mut RawDeck, library: Option<&Value>, line: usize) {
    let Some(library) = library.and_then(Value::as_object) else {
        return;
    };
    if let Some(count) = integer(library.get("count")).and_then(|c| u32::try_from(c).ok()) {
        deck.declared.set(CardKind::Library, Some(count), line);
    }
    for group in array(library, "cards") {
        match group.get("cards").and_then(Value::as_array) {
            Some(cards) => {
                for card in cards {
                    push_entry(deck, card, Some(CardKind::Library), line);
                }
            }
            None => push_entry(deck, group, Some(CardKind::Library), line),
        }
    }
}

/// One `{"id", "count", "name"}` entry.
fn push_entry(deck: &mut RawDeck, entry: &Value, section: Option<CardKind>, line: usize) {
    push_card(
        deck,
        entry.get("id"),
        entry.get("name").and_then(Value::as_str),
        entry.get("count"),
        section,
        line,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documents_are_slices_of_the_text() {
        let documents = documents("[ {\"a\": [1, 2]} ,\n{} ]").unwrap_or_default();
        let json: Vec<&str> = documents.iter().map(|d| d.json).collect();
        assert_eq!(json, ["{\"a\": [1, 2]}", "{}"]);
        assert!(documents[0].parse().is_ok_and(|p| p.value["a"][1] == 2));
    }

    #[test]
    fn documents_of_an_array_jsonl_and_one_object_with_their_lines() {
        let array = "[\n  {\"a\": 1},\n  {\"b\": [1,\n 2]},\n  {\"c\": 3}\n]";
        let lines: Vec<usize> = documents(array)
            .unwrap_or_default()
            .iter()
            .map(|d| d.line)
            .collect();
        assert_eq!(lines, [2, 3, 5]);
        let jsonl = "{\"a\": 1}\n{\"b\": 2}\n\n{\"c\": 3}\n";
        let lines: Vec<usize> = documents(jsonl)
            .unwrap_or_default()
            .iter()
            .map(|d| d.line)
            .collect();
        assert_eq!(lines, [1, 2, 4]);
        assert_eq!(documents("\n {\"a\": {}}").map(|d| d.len()).ok(), Some(1));
        assert!(documents("{\"a\": ").is_err());
    }

    /// Documents are cut out of the text without recursion, and serde_json
    /// parses a value only 128 levels deep: a document nested deeper is an
    /// error, not a stack overflow.
    #[test]
    fn a_document_nested_a_hundred_thousand_levels_deep_is_an_error() {
        let depth = 100_000;
        let text = format!("{{\"crypt\": {}{}}}", "[".repeat(depth), "]".repeat(depth));
        assert_eq!(documents(&text).map(|d| d.len()).ok(), Some(1));
        let deck = read_text(&text, Format::Krcg, &super::super::krcg::KrcgLayout);
        assert!(deck.lines.is_empty());
        assert!(
            deck.problems[0].message.contains("recursion limit"),
            "{:?}",
            deck.problems
        );
    }

    /// A key given twice is named on the line of its document, whether the
    /// text is one deck or a file of records.
    #[test]
    fn keys_given_twice_are_problems_of_their_deck() {
        let deck = read_text(
            "\n{\"crypt\": [], \"library\": [], \"crypt\": [{\"id\": 200001, \"name\": \"Alma Test\", \"count\": 1}]}",
            Format::Json,
            &super::super::json::JsonLayout,
        );
        assert_eq!(deck.lines.len(), 1);
        let problems: Vec<(usize, &str)> = deck
            .problems
            .iter()
            .map(|p| (p.line, p.text.as_str()))
            .collect();
        assert_eq!(problems, [(2, "\"crypt\"")]);
        let records = "{\"type\": \"deck\", \"crypt\": [], \"library\": []}\n\
            {\"type\": \"deck\", \"name\": \"A\", \"name\": \"B\", \"crypt\": [], \"library\": []}\n";
        let decks =
            crate::load_deck::read_all(records, None, super::super::screen::ControlTest::Unknown)
                .unwrap_or_default();
        let problems: Vec<Vec<usize>> = decks
            .iter()
            .map(|deck| deck.problems.iter().map(|p| p.line).collect())
            .collect();
        assert_eq!(problems, [vec![], vec![2]]);
        assert_eq!(decks[1].meta.name.as_deref(), Some("B"));
    }

    #[test]
    fn card_entries_become_id_lines_or_problems() {
        let mut deck = RawDeck::new(Format::Krcg);
        let entry = |id: Value, count: Value| (id, count);
        for (id, count) in [
            entry(Value::from(200_001), Value::from(2)),
            entry(Value::from("100004"), Value::from("3")),
            entry(Value::from("abc"), Value::from(1)),
            entry(Value::from(100_004), Value::from(0)),
            entry(Value::from(100_004), Value::from(-1)),
        ] {
            push_card(
                &mut deck,
                Some(&id),
                Some("Name (G2)"),
                Some(&count),
                None,
                7,
            );
        }
        let lines: Vec<(LineKind, u32, &str)> = deck
            .lines
            .iter()
            .map(|l| (l.kind, l.count, &*l.name))
            .collect();
        assert_eq!(
            lines,
            [
                (LineKind::Id(CardId(200_001)), 2, "Name"),
                (LineKind::Id(CardId(100_004)), 3, "Name"),
            ]
        );
        assert_eq!(deck.problems.len(), 3);
        assert!(deck.problems.iter().all(|p| p.line == 7));
        assert!(deck.problems[0].message.contains("`abc`"));
    }
}
