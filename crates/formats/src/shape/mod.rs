//! The reader of shapes: a JSON or XML document that no layout reader
//! claims is read by what its records look like, not by a layout known in
//! advance. Its card entries are the records (objects; elements with their
//! attributes and text) that carry a card name or a VEKN card id, with a
//! count under one of the usual keys (`count`, `qty`, `quantity`, ...; a
//! list whose records all have no count is one copy each). The part comes
//! from the enclosing key or element (`crypt`, `Vampires`, `library`,
//! `<section name="Crypt">`, a library card type), else from the card's own
//! `type` or `kind`, else from the card. The deck's name, author and
//! description come from the obvious keys. The deck carries the path of its
//! cards (`cards[].{quantity,name}`, `deck/section[@name]/card[@qty]`) as
//! a remark; a document in which no card entry is found is an error naming
//! what it holds.

mod tree;
mod words;

use std::borrow::Cow;

use serde_json::Value;

use self::tree::{Field, Origin, Tree};
use super::json_doc;
use super::markup;
use crate::format::Format;
use vtesdeck_cards::{CardId, CardKind, PrintingHint};
use vtesdeck_deck::raw::{LineKind, LineProblem, RawDeck, RawLine};

/// Reads a whole JSON or XML text by its shape: an empty deck with one
/// problem (what the document holds) when no card entry is found.
pub fn read(text: &str) -> RawDeck<'static> {
    let found = if json_doc::looks_like_json(text) {
        match tree::from_json_text(text, 1) {
            Ok((tree, _)) => read_tree(&tree, Document::Json, 1),
            Err(err) => Err((err.line().max(1), format!("not JSON: {err}"))),
        }
    } else {
        read_xml(text)
    };
    found
        .unwrap_or_else(|(line, message)| json_doc::not_a_deck(Format::Shape, line, text, &message))
}

/// Reads one JSON object (a record of a file of many documents: `text`, its
/// own text, starts at `line`) by its shape, each card on the line it is
/// written on, with the keys it gives twice (their paths); the error names
/// its keys when no card entry is found. The text is read into a tree that
/// borrows from it, never into serde_json's values (a document of 100,000
/// records is held about 4 times, not 24).
pub fn read_object(text: &str, line: usize) -> Result<(RawDeck<'static>, Vec<String>), String> {
    let (tree, twice) =
        tree::from_json_text(text, line).map_err(|err| format!("not JSON: {err}"))?;
    let deck = read_tree(&tree, Document::Json, line).map_err(|(_, message)| message)?;
    Ok((deck, twice))
}

/// Whether a JSON value is itself a card entry (a file that is a JSON array
/// or JSON Lines of cards is one deck, not a deck per record).
pub fn is_card_entry(value: &Value) -> bool {
    match value {
        Value::String(_) => true,
        Value::Object(_) => card_of(&tree::from_json(value, 1), true).is_some(),
        _ => false,
    }
}

/// Whether a JSON or XML text parses as a document in which no card entry
/// is found (a text that does not parse, perhaps cut short, is not known to).
pub fn holds_no_card_entry(text: &str) -> bool {
    if json_doc::looks_like_json(text) {
        return tree::from_json_text(text, 1)
            .is_ok_and(|(tree, _)| read_tree(&tree, Document::Json, 1).is_err());
    }
    let text = &*markup::without_doctype(text);
    tree::from_xml(text).is_ok_and(|(root, tree)| read_tree(&tree, Document::Xml(root), 1).is_err())
}

/// The decks of one JSON document that holds several, each a slice of its
/// text: the objects of a `decks` list (`{"decks": [...]}`), or two or more
/// objects side by side that each hold a crypt and a library (`{"mine":
/// {...}, "opponent": {...}}`); `None` for a document of one deck. Two
/// decks in one document are two records, never one deck of both.
pub fn decks_of(json: &str) -> Option<Vec<&str>> {
    use serde_json::value::RawValue;
    let fields: std::collections::BTreeMap<String, &RawValue> = serde_json::from_str(json).ok()?;
    fn objects(raw: &RawValue) -> Vec<&str> {
        let text = raw.get();
        if text.starts_with('{') {
            return vec![text];
        }
        serde_json::from_str::<Vec<&RawValue>>(text)
            .map(|items| {
                items
                    .into_iter()
                    .map(RawValue::get)
                    .filter(|item| item.starts_with('{'))
                    .collect()
            })
            .unwrap_or_default()
    }
    let children = fields.iter().map(|(key, raw)| {
        let key = words::fold(key);
        let items = match key.as_str() {
            "decks" => objects(raw),
            _ if raw.get().starts_with('{') => vec![raw.get()],
            _ => Vec::new(),
        };
        (key, items)
    });
    // Each text is an object's (`objects`, and `{` above).
    several_decks(children, |text| {
        read_object(text, 1).is_ok_and(|(deck, _)| is_whole(&deck))
    })
}

/// The decks of one XML document that holds several, each the place of an
/// element in the text: the children of a `<decks>` element (the root or
/// one of its children), or two or more children of the root that each
/// hold a crypt and a library; `None` for a document of one deck. The same
/// choice as [`decks_of`] for JSON.
pub fn xml_decks_of(text: &str) -> Option<Vec<std::ops::Range<usize>>> {
    let unprefixed = markup::without_doctype(text);
    if unprefixed.len() != text.len() {
        return None;
    }
    // The children of the root (each with its folded name) and the places
    // of the records under each: itself, or a `decks` child's children (all
    // the root's children when it is `<decks>`), read as a stream of nodes.
    let mut children: Vec<(String, Vec<std::ops::Range<usize>>)> = Vec::new();
    let mut opened: Vec<usize> = Vec::new();
    let mut root_decks = false;
    crate::xml_stream::walk(&unprefixed, |node| match node {
        crate::xml_stream::Node::Open {
            name, at, depth, ..
        } => {
            opened.push(at);
            match depth {
                1 => {
                    root_decks = words::fold(name) == "decks";
                    if root_decks {
                        children.push(("decks".to_string(), Vec::new()));
                    }
                }
                2 if !root_decks => children.push((words::fold(name), Vec::new())),
                _ => {}
            }
        }
        crate::xml_stream::Node::Close { end, depth } => {
            let start = opened.pop().unwrap_or(end);
            let record = match (depth, root_decks) {
                (2, true) => true,
                (2, false) => children.last().is_some_and(|(key, _)| key != "decks"),
                (3, false) => children.last().is_some_and(|(key, _)| key == "decks"),
                _ => false,
            };
            if let Some((_, records)) = children.last_mut().filter(|_| record) {
                records.push(start..end);
            }
        }
        crate::xml_stream::Node::Text(_) | crate::xml_stream::Node::Other => {}
    })
    .ok()?;
    let children: Vec<(String, Vec<&str>)> = children
        .into_iter()
        .map(|(key, records)| {
            let records = records.into_iter().filter_map(|r| text.get(r)).collect();
            (key, records)
        })
        .collect();
    let start = text.as_ptr() as usize;
    let decks = several_decks(children.into_iter(), |part| {
        read_xml_part(part, 1).is_ok_and(|deck| is_whole(&deck))
    })?;
    Some(
        decks
            .into_iter()
            .map(|part| {
                let offset = (part.as_ptr() as usize).saturating_sub(start);
                offset..offset + part.len()
            })
            .collect(),
    )
}

/// Whether a deck read by its shape is a whole deck: crypt and library cards.
fn is_whole(deck: &RawDeck) -> bool {
    let part = |kind| deck.lines.iter().any(|l| l.section == Some(kind));
    part(CardKind::Crypt) && part(CardKind::Library)
}

/// The decks among the children of a document's top (each with its folded
/// key and the texts of the records under it), JSON's or XML's: the items
/// of a `decks` child when there are two or more and each is a `whole`
/// deck, else the children that are each a whole deck (not a sideboard or
/// maybe list), in the text's order; `None` for fewer than two.
fn several_decks<'t>(
    children: impl Iterator<Item = (String, Vec<&'t str>)>,
    whole: impl Fn(&str) -> bool,
) -> Option<Vec<&'t str>> {
    let mut decks: Vec<&str> = Vec::new();
    for (key, items) in children {
        if key == "decks" {
            if items.len() >= 2 && items.iter().all(|text| whole(text)) {
                decks = items;
                break;
            }
        } else if !words::is_apart(&key) {
            decks.extend(items.into_iter().filter(|text| whole(text)));
        }
    }
    decks.sort_by_key(|text| text.as_ptr() as usize);
    (decks.len() >= 2).then_some(decks)
}

/// Reads one element of an XML document of several decks (`text`, its own
/// text, starts at `line`) by its shape, each card on the line it is
/// written on; the error says what is wrong.
pub fn read_xml_part(text: &str, line: usize) -> Result<RawDeck<'static>, String> {
    let mut deck = read_xml(text).map_err(|(_, message)| message)?;
    let shift = line.saturating_sub(1);
    for card in &mut deck.lines {
        card.line += shift;
    }
    for problem in &mut deck.problems {
        problem.line += shift;
    }
    Ok(deck)
}

/// Whether a JSON text is well-formed, without keeping its values.
pub(crate) use self::tree::check_json;

/// Whether a document's outline ([`crate::json_keys::outline`]) holds records
/// of cards (a deck), which a card entry does not.
pub(crate) fn outline_holds_records(outline: &Value) -> bool {
    holds_records(&tree::from_json(outline, 1))
}

fn read_xml(text: &str) -> Result<RawDeck<'static>, (usize, String)> {
    let text = &*markup::without_doctype(text);
    // Read as a stream of nodes into a tree borrowing from the text: no
    // parsed document is held beside it (the peak memory of a large document).
    let (root, tree) = tree::from_xml(text).map_err(|err| match err {
        tree::XmlError::Malformed(found) => crate::xml_stream::not_well_formed(text, &found),
        tree::XmlError::TooDeep(message) => (1, message),
    })?;
    read_tree(&tree, Document::Xml(root), 1)
}

/// The kind of document read, an XML one with its root element's name.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Document {
    Json,
    Xml(String),
}

/// Reads the card entries of a document's tree.
fn read_tree(
    tree: &Tree,
    document: Document,
    line: usize,
) -> Result<RawDeck<'static>, (usize, String)> {
    let xml = matches!(document, Document::Xml(_));
    let root_path = match &document {
        Document::Json => String::new(),
        Document::Xml(root) => root.clone(),
    };
    let mut finder = Finder {
        deck: RawDeck::new(Format::Shape),
        paths: Vec::new(),
        apart: Vec::new(),
        xml,
        stack: Vec::new(),
        chain: None,
    };
    let place = Place {
        path: root_path,
        section: None,
        holds_cards: matches!(tree, Tree::List(_)),
    };
    finder.walk(tree, &place, 0);
    if finder.paths.is_empty() {
        return Err((line, nothing_found(tree, &document)));
    }
    let chain = finder.chain.take().unwrap_or_default();
    let mut deck = finder.deck;
    deck.meta.name = meta(&chain, &words::DECK_NAME);
    deck.meta.author = meta(&chain, &words::AUTHOR);
    deck.meta.description = meta(&chain, &words::DESCRIPTION);
    let mut said = finder.paths.join("; ");
    for (path, why) in &finder.apart {
        said.push_str(&format!("; {path} not read ({why})"));
    }
    deck.meta.read_by_shape = Some(said);
    Ok(deck)
}

/// The error for a document with no card entry: its root element and its
/// children, or its top-level keys.
fn nothing_found(tree: &Tree, document: &Document) -> String {
    let mut names: Vec<&str> = Vec::new();
    for field in tree.fields() {
        let shown = matches!(field.origin, Origin::Key | Origin::Element);
        if shown && !names.contains(&field.key.as_ref()) {
            names.push(&field.key);
        }
    }
    let names = if names.is_empty() {
        "none".to_string()
    } else {
        names.join(", ")
    };
    let not_read = "no card entry found in it (a record with a card name or VEKN id): not a \
                    decklist vtesdeck can read";
    match (document, tree) {
        (Document::Xml(root), _) => format!(
            "an XML document of no known deck shape (root element <{root}>, its children: \
             {names}): {not_read}"
        ),
        (Document::Json, Tree::List(items)) => format!(
            "a JSON array of {} values of no known deck shape: {not_read}",
            items.len()
        ),
        (Document::Json, _) => {
            format!("a JSON document of no known deck shape (keys found: {names}): {not_read}")
        }
    }
}

/// Where the walk stands: the path so far, the part the enclosing keys
/// name, and whether an enclosing key says cards are listed here.
#[derive(Debug, Clone)]
struct Place {
    path: String,
    section: Option<CardKind>,
    holds_cards: bool,
}

/// The walk over a document's tree, with what it found.
struct Finder<'t> {
    deck: RawDeck<'static>,
    /// The paths of the card entries found, each once.
    paths: Vec<String>,
    /// The lists not read as cards, each with why (a sideboard, a list of
    /// card types): said beside the paths.
    apart: Vec<(String, String)>,
    xml: bool,
    /// The maps enclosing the node walked.
    stack: Vec<&'t Tree<'t>>,
    /// The maps enclosing the first card entries found (their deck's name is there).
    chain: Option<Vec<&'t Tree<'t>>>,
}

impl<'t> Finder<'t> {
    fn walk(&mut self, node: &'t Tree, place: &Place, depth: usize) {
        if depth > tree::MAX_DEPTH {
            return;
        }
        match node {
            Tree::List(items) => {
                // A bare name is on its item's line; a record keeps the line
                // of its first field (`card_of`), where its card is written.
                let values: Vec<(&Tree, usize)> = items
                    .iter()
                    .map(|(item, line)| match item {
                        Tree::Scalar(_) => (item, *line),
                        _ => (item, 0),
                    })
                    .collect();
                let listed = Place {
                    path: format!("{}[]", place.path),
                    ..place.clone()
                };
                if !self.collection(&values, &listed) {
                    for (item, _) in items {
                        self.walk(item, &listed, depth + 1);
                    }
                }
            }
            Tree::Map(fields) => {
                self.stack.push(node);
                let mut place = place.clone();
                if let Some((section, key)) = own_section(fields) {
                    place.section = Some(section);
                    place.holds_cards = true;
                    if self.xml {
                        place.path.push_str(&format!("[@{key}]"));
                    }
                }
                let mut keys: Vec<&str> = Vec::new();
                for field in fields {
                    if !keys.contains(&field.key.as_ref()) {
                        keys.push(&field.key);
                    }
                }
                for key in keys {
                    self.walk_key(fields, key, &place, depth);
                }
                self.stack.pop();
            }
            Tree::Scalar(_) | Tree::Null => {}
        }
    }

    /// Walks the values of one key of a map (an XML element's children of one name).
    fn walk_key(&mut self, fields: &'t [Field], key: &str, place: &Place, depth: usize) {
        let segment = if words::is_card_type(key) { "*" } else { key };
        let path = match (self.xml, place.path.is_empty()) {
            (true, _) => format!("{}/{segment}", place.path),
            (false, true) => segment.to_string(),
            (false, false) => format!("{}.{segment}", place.path),
        };
        if words::is_apart(&words::fold(key)) {
            let entries: usize = fields
                .iter()
                .filter(|f| f.key == key)
                .map(|f| match &f.value {
                    Tree::List(items) => items.len(),
                    Tree::Map(fields) if !self.xml => fields.len(),
                    Tree::Map(fields) => fields
                        .iter()
                        .filter(|f| f.origin == Origin::Element)
                        .count()
                        .max(1),
                    Tree::Scalar(_) | Tree::Null => 0,
                })
                .sum();
            if entries > 0 {
                let entries = if entries == 1 {
                    "1 entry".to_string()
                } else {
                    format!("{entries} entries")
                };
                self.apart.push((
                    path,
                    format!("{entries} of a sideboard or maybe list: never added to the deck"),
                ));
            }
            return;
        }
        let inner = Place {
            path,
            section: words::section(key).or(place.section),
            holds_cards: place.holds_cards || words::holds_cards(key),
        };
        if self.xml {
            let values: Vec<(&Tree, usize)> = fields
                .iter()
                .filter(|f| f.key == key && f.origin == Origin::Element)
                .filter(|f| f.value.scalar().is_none() || words::holds_cards(key))
                .map(|f| (&f.value, f.line as usize))
                .collect();
            if values.is_empty() || self.collection(&values, &inner) {
                return;
            }
            for (value, _) in values {
                self.walk(value, &inner, depth + 1);
            }
            return;
        }
        for field in fields.iter().filter(|f| f.key == key) {
            match &field.value {
                Tree::List(_) => self.walk(&field.value, &inner, depth + 1),
                Tree::Map(_) => {
                    if !self.count_map(&field.value, key, &inner, field.line as usize) {
                        self.walk(&field.value, &inner, depth + 1);
                    }
                }
                Tree::Scalar(_) | Tree::Null => {}
            }
        }
    }

    /// Reads the card entries among the values of one list (a JSON array, an
    /// XML element's children of one name); false when none is a card entry.
    fn collection(&mut self, values: &[(&'t Tree, usize)], place: &Place) -> bool {
        // A list of names only, each a copy (`"crypt": ["Alma", "Alma"]`),
        // under a key that lists cards; a list of card types or parts
        // (`"categoriesOrder": ["Vampire", "Master"]`), or of strings under
        // a key that says nothing of cards, is no list of cards: said.
        let strings =
            !values.is_empty() && values.iter().all(|(v, _)| matches!(v, Tree::Scalar(_)));
        let types = strings
            && values.iter().all(|(v, _)| {
                v.scalar()
                    .is_some_and(|text| words::section(text).is_some())
            });
        if strings && !self.xml && (place.holds_cards || types) {
            let own_key = place
                .path
                .trim_end_matches("[]")
                .rsplit(['.', '/'])
                .next()
                .is_some_and(|key| matches!(key, "" | "*") || words::holds_cards(key));
            if types || !own_key {
                let why = if types {
                    "a list of card types, not of cards"
                } else {
                    "a list of strings under a key that names no cards"
                };
                self.apart.push((place.path.clone(), why.to_string()));
                return true;
            }
        }
        if strings && !self.xml && place.holds_cards {
            let mut added = Vec::new();
            for (value, line) in values {
                if let Some(name) = value.scalar() {
                    let card = Card {
                        name: Some((name.to_string(), String::new())),
                        line: (*line).max(1),
                        ..Card::default()
                    };
                    added.extend(self.push(card, place.section, false));
                }
            }
            self.found(place.path.clone(), added);
            return true;
        }
        // Two passes, no card held between them (a document of 100,000
        // records is read without a second copy of them): what the entries
        // are, then each entry read and added.
        let card_at = |value: &Tree, line: usize| {
            card_of(value, place.holds_cards).map(|mut card| {
                if line > 0 {
                    card.line = line;
                }
                card.line = card.line.max(1);
                card
            })
        };
        let (mut any, mut counted, mut all_ids) = (false, false, true);
        let mut fields: Vec<String> = Vec::new();
        for card in values
            .iter()
            .filter_map(|(value, line)| card_at(value, *line))
        {
            any = true;
            counted |= card.count.is_some();
            all_ids &= card.id.is_some();
            let keys = [
                card.count.as_ref().map(|(_, key)| key),
                card.id.as_ref().map(|(_, key)| key),
                card.name.as_ref().map(|(_, key)| key),
            ];
            for key in keys.into_iter().flatten() {
                if !key.is_empty() && !fields.contains(key) {
                    fields.push(key.clone());
                }
            }
        }
        if !any || (!counted && !place.holds_cards && !all_ids) {
            return false;
        }
        let path = if self.xml {
            format!("{}[{}]", place.path, fields.join(","))
        } else {
            format!("{}.{{{}}}", place.path, fields.join(","))
        };
        // Room for the list's lines at once: a list of 100,000 records is
        // not given room for twice as many as the vector doubles (still at
        // least doubled, for the lists that follow).
        let lines = &mut self.deck.lines;
        if lines.capacity() - lines.len() < values.len() {
            lines.reserve_exact(values.len().max(lines.len()));
        }
        let mut added = Vec::with_capacity(values.len());
        for (value, line) in values {
            match card_at(value, *line) {
                Some(card) => added.extend(self.push(card, place.section, counted)),
                None => self.walk(value, place, 1),
            }
        }
        self.found(path, added);
        true
    }

    /// Reads a map of VEKN ids or names to counts under a key that lists
    /// cards (`"cards": {"200001": 2}`, `"crypt": {"Alma Test": 2}`).
    fn count_map(&mut self, map: &Tree, key: &str, place: &Place, line: usize) -> bool {
        let fields = map.fields();
        if fields.is_empty() || !words::holds_cards(key) {
            return false;
        }
        let Some(pairs) = fields
            .iter()
            .map(|f| {
                let count = f.value.scalar()?;
                count
                    .trim()
                    .parse::<f64>()
                    .ok()
                    .map(|_| (f.key.as_ref(), count, (f.line as usize).max(line)))
            })
            .collect::<Option<Vec<_>>>()
        else {
            return false;
        };
        let by_id = pairs.iter().all(|(k, ..)| words::vekn_id(k).is_some());
        if !by_id && pairs.iter().any(|(k, ..)| k.trim().parse::<f64>().is_ok()) {
            return false;
        }
        let mut added = Vec::new();
        for (name, count, line) in pairs {
            let mut card = Card {
                count: Some((count.to_string(), String::new())),
                line,
                ..Card::default()
            };
            match words::vekn_id(name).filter(|_| by_id) {
                Some(id) => card.id = Some((id, String::new())),
                None => card.name = Some((name.to_string(), String::new())),
            }
            added.extend(self.push(card, place.section, true));
        }
        let what = if by_id { "id" } else { "name" };
        self.found(format!("{}{{{what}: count}}", place.path), added);
        true
    }

    /// Notes a list taken as cards: its path and the lines its entries were added as.
    fn found(&mut self, path: String, added: Vec<usize>) {
        if self.chain.is_none() {
            self.chain = Some(self.stack.clone());
        }
        let lists = &mut self.deck.shape_lists;
        match lists.iter_mut().find(|(listed, _)| *listed == path) {
            Some((_, lines)) => lines.extend(added),
            None => lists.push((path.clone(), added)),
        }
        if !self.paths.contains(&path) {
            self.paths.push(path);
        }
    }

    /// Adds a card entry as a line (or a problem when its count is not
    /// one): the index of the line added.
    fn push(&mut self, card: Card, section: Option<CardKind>, counted: bool) -> Option<usize> {
        let name = card.name.as_ref().map_or("", |(name, _)| name.trim());
        let count_text = card.count.as_ref().map(|(count, _)| count.trim());
        let text = match (count_text, &card.id) {
            (Some(count), Some((id, _))) if name.is_empty() => format!("{count}x #{id}"),
            (Some(count), Some((id, _))) => format!("{count}x {name} (#{id})"),
            (Some(count), None) => format!("{count}x {name}"),
            (None, Some((id, _))) if name.is_empty() => format!("#{id}"),
            (None, Some((id, _))) => format!("{name} (#{id})"),
            (None, None) => name.to_string(),
        };
        let count = match count_text {
            Some(count) => card_count(count),
            None if counted => Err(
                "a card entry without a count, where the other entries of its list have one"
                    .to_string(),
            ),
            None => Ok(1),
        };
        let count = match count {
            Ok(count) => count,
            Err(message) => {
                self.deck.problems.push(LineProblem {
                    line: card.line,
                    text: super::screen::shorten(&text),
                    message,
                });
                return None;
            }
        };
        let (written, mut hint) = markup::split_sutekh_name(name);
        hint.group = hint.group.or(card.hint.group);
        hint.advanced = hint.advanced.or(card.hint.advanced);
        let kind = match card.id {
            Some((id, _)) => LineKind::Id(CardId(id)),
            None => LineKind::Card,
        };
        self.deck.lines.push(RawLine::new(
            card.line,
            Cow::Owned(text),
            count,
            Cow::Owned(written.to_string()),
            hint,
            section.or(card.section),
            kind,
        ));
        Some(self.deck.lines.len() - 1)
    }
}

/// The count of a record whose count is `null`.
const NULL_COUNT: &str = "null";

/// The count of a record whose count is an object or a list.
const OBJECT_COUNT: &str = "{...}";

/// A card count as written in a field: a whole number from 1 (`2`, `"2"`,
/// `2.0`, `3x`); a fraction, a negative number, too large a count, `null`
/// or an object is the message saying so.
fn card_count(text: &str) -> Result<u32, String> {
    let text = text.trim();
    if text == NULL_COUNT {
        return Err("card count null: no count (a whole number from 1)".to_string());
    }
    if text == OBJECT_COUNT {
        return Err(
            "card count given as an object or a list, not a number (a whole number from 1)"
                .to_string(),
        );
    }
    let text = text
        .strip_suffix(super::card_line::TIMES)
        .unwrap_or(text)
        .trim();
    if text.contains(['.', 'e', 'E']) {
        return match text.parse::<f64>() {
            Ok(value) if value.is_infinite() || value > 1e9 => {
                Err(vtesdeck_deck::count_too_large(text))
            }
            Ok(value) if value.fract() == 0.0 && (1.0..=1e9).contains(&value) => {
                super::screen::card_count(&format!("{value:.0}"))
            }
            Ok(value) if value.fract() != 0.0 => Err(format!(
                "fractional card count {text} (a whole number from 1)"
            )),
            Ok(value) if value > 1e9 => Err(vtesdeck_deck::count_too_large(text)),
            _ => super::screen::card_count(text)
                .map_err(|_| format!("invalid card count {text} (a whole number from 1)")),
        };
    }
    super::screen::card_count(text).map_err(|message| {
        if text.bytes().all(|b| b.is_ascii_digit() || b == b'-') && !text.is_empty() {
            message
        } else {
            format!("invalid card count `{text}` (a whole number from 1)")
        }
    })
}

/// A card entry found in a record, each field with the key it was read from.
#[derive(Debug, Clone, Default)]
struct Card {
    name: Option<(String, String)>,
    id: Option<(u32, String)>,
    count: Option<(String, String)>,
    section: Option<CardKind>,
    hint: PrintingHint,
    line: usize,
}

/// The scalar fields of a record, each with its folded key, its key as a
/// path shows it (`@qty` for an attribute, `card.name` for a nested card)
/// and where it comes from. A count that is no scalar (`null`, an object, a
/// list of several) is given as [`NULL_COUNT`] or [`OBJECT_COUNT`], to be
/// said a problem on its line.
fn scalars<'a>(record: &'a Tree, prefix: &str, out: &mut Vec<(String, String, &'a str, Origin)>) {
    for field in record.fields() {
        let shown = match field.origin {
            Origin::Attribute => format!("{prefix}@{}", field.key),
            Origin::Text => format!("{prefix}text()"),
            Origin::Key | Origin::Element => format!("{prefix}{}", field.key),
        };
        let folded = words::fold(&field.key);
        let count = words::COUNT.contains(&folded.as_str());
        let value = match &field.value {
            Tree::List(items) if count && items.len() != 1 => Some(OBJECT_COUNT),
            Tree::List(items) => items.first().and_then(|(item, _)| item.scalar()),
            Tree::Null if count => Some(NULL_COUNT),
            value => value.scalar().or(count.then_some(OBJECT_COUNT)),
        };
        if let Some(value) = value {
            out.push((folded, shown, value, field.origin));
        }
    }
}

/// Whether a JSON card record holds its card as an object (`{"card": {...},
/// "count": 2}`) in this field.
fn is_nested_card(field: &Field) -> bool {
    field.origin == Origin::Key
        && words::fold(&field.key) == "card"
        && field.value.scalar().is_none()
}

/// Whether a record holds a list of records or a map (other than its card
/// or its count): a deck or a group, not a card entry.
fn holds_records(record: &Tree) -> bool {
    let is_count = |field: &Field| words::COUNT.contains(&words::fold(&field.key).as_str());
    record.fields().iter().any(|field| match &field.value {
        Tree::List(items) => items.iter().any(|(item, _)| matches!(item, Tree::Map(_))),
        Tree::Map(_) => {
            field.value.scalar().is_none() && !is_nested_card(field) && !is_count(field)
        }
        _ => false,
    })
}

/// The card entry a record is, when it is one: a record with a name or a
/// VEKN id and no list of records in it (that is a deck or a group). Its
/// text (an XML element's) is its name when nothing else names it and it
/// has a count, or sits where cards are listed.
fn card_of(record: &Tree, holds_cards: bool) -> Option<Card> {
    let fields = record.fields();
    if fields.is_empty() || holds_records(record) {
        return None;
    }
    let mut values = Vec::new();
    scalars(record, "", &mut values);
    for field in fields.iter().filter(|f| is_nested_card(f)) {
        scalars(&field.value, &format!("{}.", field.key), &mut values);
    }
    // The record's first line: its fields are in key order, not the text's.
    let mut card = Card {
        line: fields
            .iter()
            .map(|f| f.line as usize)
            .filter(|&l| l > 0)
            .min()
            .unwrap_or(0),
        ..Card::default()
    };
    let text_name = values
        .iter()
        .position(|(key, shown, ..)| key.is_empty() && shown.ends_with("text()"));
    // An XML `<id>` element (an Atom entry's) is a VEKN id only in a record
    // that names nothing else.
    let named = values
        .iter()
        .any(|(key, _, value, _)| words::NAME.contains(&key.as_str()) && !value.trim().is_empty());
    for (key, shown, value, origin) in &values {
        if *origin == Origin::Element && key == "id" && named {
            continue;
        }
        let value = value.trim();
        if words::NAME.contains(&key.as_str()) && !value.is_empty() && card.name.is_none() {
            if value.bytes().all(|b| b.is_ascii_digit()) {
                if let Some(id) = words::vekn_id(value) {
                    card.id = card.id.take().or(Some((id, shown.clone())));
                }
                continue;
            }
            card.name = Some((value.to_string(), shown.clone()));
        } else if words::is_id_key(key) && card.id.is_none() {
            if let Some(id) = words::vekn_id(value) {
                card.id = Some((id, shown.clone()));
            }
        } else if words::COUNT.contains(&key.as_str()) && card.count.is_none() {
            card.count = Some((value.to_string(), shown.clone()));
        } else if words::SECTION.contains(&key.as_str()) && card.section.is_none() {
            card.section = words::section(value);
        } else if matches!(key.as_str(), "group" | "grp" | "g") {
            card.hint.group = card.hint.group.or_else(|| words::group(value));
        } else if matches!(key.as_str(), "adv" | "advanced" | "isadvanced") {
            card.hint.advanced = Some(matches!(
                words::fold(value).as_str(),
                "true" | "yes" | "1" | "adv" | "advanced"
            ));
        }
    }
    if card.name.is_none() && card.id.is_none() {
        let (_, shown, text, _) = values.get(text_name?)?;
        if card.count.is_none() && !holds_cards {
            return None;
        }
        card.name = Some((text.trim().to_string(), shown.clone()));
    }
    Some(card)
}

/// The part a group's own field names (`<section name="Crypt">`,
/// `{"type": "Master", "cards": [...]}`), with the key that names it.
fn own_section(fields: &[Field]) -> Option<(CardKind, String)> {
    fields.iter().find_map(|field| {
        let key = words::fold(&field.key);
        let names_part = [
            "name", "title", "type", "section", "kind", "category", "label", "id",
        ];
        if !names_part.contains(&key.as_str()) || matches!(field.origin, Origin::Element) {
            return None;
        }
        let section = words::section(field.value.scalar()?)?;
        Some((section, field.key.to_string()))
    })
}

/// A deck's name, author or description: the first of the keys found in the
/// maps enclosing its cards, the nearest first (a value naming a part, as
/// `"name": "Crypt"`, is not one).
fn meta(chain: &[&Tree], keys: &[&str]) -> Option<String> {
    chain.iter().rev().find_map(|map| {
        map.fields().iter().find_map(|field| {
            if !keys.contains(&words::fold(&field.key).as_str()) {
                return None;
            }
            let value = match &field.value {
                Tree::Map(_) if field.value.scalar().is_none() => field
                    .value
                    .fields()
                    .iter()
                    .find(|f| matches!(words::fold(&f.key).as_str(), "name" | "username"))
                    .and_then(|f| f.value.scalar()),
                value => value.scalar(),
            }?;
            let value = value.trim();
            (!value.is_empty() && words::section(value).is_none()).then(|| value.to_string())
        })
    })
}

#[cfg(test)]
mod tests;
