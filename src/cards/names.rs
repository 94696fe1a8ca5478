//! Name folding and the name index: how a written name finds its card.
//!
//! A name is folded to a key: Windows-1252 bytes mangled as `=92` are decoded,
//! accents are dropped, `(TM)` and `™` removed, case ignored, apostrophes and
//! quotes dropped, other punctuation turned into spaces, and a leading `The` or
//! trailing `, The` removed, so that `The Rack`, `rack, the` and `Rack, The`
//! share one key.

use rustc_hash::FxHashMap as HashMap;

use super::{Group, PrintingHint};

/// Folds a written card name to its lookup key.
pub fn fold(name: &str) -> String {
    let mut key = String::with_capacity(name.len());
    fold_into(name, &mut key);
    key
}

/// Folds a written card name into `key` (cleared first), reusing its buffer.
pub fn fold_into(name: &str, key: &mut String) {
    key.clear();
    if name.is_ascii() && !name.contains('=') {
        fold_ascii(name, key);
    } else {
        let decoded = decode_quoted_printable(name);
        fold_ascii(&deunicode::deunicode(&decoded.replace('™', "(TM)")), key);
    }
}

/// Folds an ASCII name into `key`: one pass, no intermediate strings.
fn fold_ascii(ascii: &str, key: &mut String) {
    let bytes = ascii.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'('
            && bytes
                .get(i + 1..i + 4)
                .is_some_and(|t| t.eq_ignore_ascii_case(b"tm)"))
        {
            i += 4;
            if !key.is_empty() && !key.ends_with(' ') {
                key.push(' ');
            }
            continue;
        }
        match c {
            b'\'' | b'`' | b'"' => {}
            c if c.is_ascii_alphanumeric() => key.push(char::from(c.to_ascii_lowercase())),
            _ => {
                if !key.is_empty() && !key.ends_with(' ') {
                    key.push(' ');
                }
            }
        }
        i += 1;
    }
    let end = key.trim_end().len();
    key.truncate(end);
    if key.ends_with(" the") {
        key.truncate(key.len() - 4);
    }
    if key.starts_with("the ") {
        key.drain(..4);
    }
}

/// Decodes `=XX` escapes (quoted-printable of Windows-1252, as old mail archives
/// mangled `God’s` into `God=92s`).
fn decode_quoted_printable(name: &str) -> std::borrow::Cow<'_, str> {
    if !name.contains('=') {
        return std::borrow::Cow::Borrowed(name);
    }
    let bytes = name.as_bytes();
    let mut out = String::with_capacity(name.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'='
            && i + 2 < bytes.len()
            && bytes[i + 1].is_ascii_hexdigit()
            && bytes[i + 2].is_ascii_hexdigit()
        {
            let hex = &name[i + 1..i + 3];
            if let Ok(byte @ 0x80..=0xff) = u8::from_str_radix(hex, 16) {
                let single = [byte];
                let (decoded, _, _) = encoding_rs::WINDOWS_1252.decode(&single);
                out.push_str(&decoded);
                i += 3;
                continue;
            }
        }
        let c = name[i..].chars().next().unwrap_or(' ');
        out.push(c);
        i += c.len_utf8();
    }
    std::borrow::Cow::Owned(out)
}

/// Folded keys mapped to the cards (indices) they name.
#[derive(Debug, Default, Clone)]
pub struct NameIndex {
    exact: HashMap<String, Vec<usize>>,
    /// Keys kept for fuzzy matching, with the card indices they stand for.
    keys: Vec<(String, Vec<usize>)>,
}

impl NameIndex {
    /// An empty index.
    pub fn new() -> NameIndex {
        NameIndex::default()
    }

    /// Adds a name (CSV name, aka, alias) for a card.
    pub fn insert(&mut self, name: &str, card: usize) {
        let key = fold(name);
        if key.is_empty() {
            return;
        }
        let entry = self.exact.entry(key).or_default();
        if !entry.contains(&card) {
            entry.push(card);
        }
    }

    /// Freezes the fuzzy-matching key list; call once after the last insert.
    pub fn finish(&mut self) {
        let mut keys: Vec<(String, Vec<usize>)> = self
            .exact
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        keys.sort();
        self.keys = keys;
    }

    /// The cards a folded key names exactly.
    pub fn exact(&self, key: &str) -> Option<&[usize]> {
        self.exact.get(key).map(Vec::as_slice)
    }

    /// Keys ranked by similarity to `key`, best first: (similarity 0..1, edit distance, cards).
    ///
    /// A key longer than [`MAX_RANKED_KEY`] ranks nothing: no card name is that
    /// long, and the similarity measures cost its length times each name's.
    pub fn ranked(&self, key: &str, limit: usize) -> Vec<Match<'_>> {
        if key.len() > MAX_RANKED_KEY {
            return Vec::new();
        }
        let mut scored: Vec<Match> = self
            .keys
            .iter()
            .map(|(candidate, cards)| Match {
                key: candidate,
                cards,
                similarity: strsim::jaro_winkler(key, candidate),
                distance: usize::MAX,
            })
            .collect();
        let keep = limit.max(1) * 8;
        if scored.len() > keep {
            scored.select_nth_unstable_by(keep, |a, b| b.similarity.total_cmp(&a.similarity));
            scored.truncate(keep);
        }
        for m in &mut scored {
            m.distance = strsim::damerau_levenshtein(key, m.key);
        }
        scored.sort_by(|a, b| {
            a.distance
                .cmp(&b.distance)
                .then(b.similarity.total_cmp(&a.similarity))
        });
        scored.truncate(limit);
        scored
    }
}

/// Longest folded key [`NameIndex::ranked`] compares (card names are under 64 bytes).
pub const MAX_RANKED_KEY: usize = 160;

/// A fuzzy match of a key against the index.
#[derive(Debug, Clone)]
pub struct Match<'a> {
    /// The matched key.
    pub key: &'a str,
    /// The cards that key names.
    pub cards: &'a [usize],
    /// Jaro-Winkler similarity, 0 to 1.
    pub similarity: f64,
    /// Damerau-Levenshtein distance.
    pub distance: usize,
}

/// Splits a trailing printing suffix off a written crypt name:
/// `Theo Bell (G6)`, `Kemintiri (ADV)`, `Lazar (G3 ADV)`, `Anson (Group 2)`, `Ulfdis Adv.`.
pub fn split_printing_suffix(name: &str) -> (&str, PrintingHint) {
    let trimmed = name.trim_end();
    if let Some(base) = trimmed
        .strip_suffix(" Adv.")
        .or_else(|| trimmed.strip_suffix(" Adv"))
    {
        return (
            base.trim_end(),
            PrintingHint {
                group: None,
                advanced: Some(true),
            },
        );
    }
    let Some(open) = trimmed.rfind('(') else {
        return (trimmed, PrintingHint::default());
    };
    let Some(inner) = trimmed[open + 1..].strip_suffix(')') else {
        return (trimmed, PrintingHint::default());
    };
    let mut hint = PrintingHint::default();
    for word in inner.split_whitespace() {
        let lower = word.to_ascii_lowercase();
        if lower == "adv" || lower == "advanced" {
            hint.advanced = Some(true);
        } else if let Some(group) = lower
            .strip_prefix('g')
            .and_then(|g| Group::parse(g.trim_start_matches("roup")))
        {
            hint.group = Some(group);
        } else if lower == "group" {
            continue;
        } else if let Some(group) = Group::parse(&lower) {
            if inner.to_ascii_lowercase().starts_with("group") {
                hint.group = Some(group);
            } else {
                return (trimmed, PrintingHint::default());
            }
        } else {
            return (trimmed, PrintingHint::default());
        }
    }
    if hint.is_empty() {
        return (trimmed, hint);
    }
    (trimmed[..open].trim_end(), hint)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_ignores_case_accents_and_articles() {
        assert_eq!(fold("Céleste Lamontagne"), fold("celeste lamontagne"));
        assert_eq!(fold("The Rack"), fold("Rack, The"));
        assert_eq!(
            fold("Pier 13 port of baltimore"),
            fold("Pier 13, Port of Baltimore")
        );
        assert_eq!(
            fold("Bang Nakh -- Tiger's Claws"),
            fold("Bang Nakh \u{2014} Tiger\u{2019}s Claws")
        );
    }

    #[test]
    fn folding_handles_trademark_and_mangled_quotes() {
        assert_eq!(
            fold("Pentex(TM) Subversion"),
            fold("Pentex\u{2122} Subversion")
        );
        assert_eq!(fold("God=92s Light"), fold("God's Light"));
        assert_eq!(fold("Cats` Guidance"), fold("Cats' Guidance"));
    }

    #[test]
    fn ranked_puts_one_letter_typo_first() {
        let mut index = NameIndex::new();
        index.insert("Deep Song", 0);
        index.insert("Deer Stalker", 1);
        index.insert("Earth Meld", 2);
        index.finish();
        let ranked = index.ranked(&fold("Deap Song"), 3);
        assert_eq!(ranked[0].cards, &[0]);
        assert_eq!(ranked[0].distance, 1);
    }

    #[test]
    fn overlong_key_ranks_nothing() {
        let mut index = NameIndex::new();
        index.insert("Deep Song", 0);
        index.finish();
        let key = fold(&"Deep Song ".repeat(100_000));
        assert!(index.ranked(&key, 3).is_empty());
    }

    #[test]
    fn printing_suffixes_are_split() {
        let (name, hint) = split_printing_suffix("Theo Bell (G6)");
        assert_eq!(name, "Theo Bell");
        assert_eq!(hint.group, Some(Group::Number(6)));
        let (name, hint) = split_printing_suffix("Lazar (G3 ADV)");
        assert_eq!(name, "Lazar");
        assert_eq!(hint.group, Some(Group::Number(3)));
        assert_eq!(hint.advanced, Some(true));
        let (name, hint) = split_printing_suffix("Kemintiri (ADV)");
        assert_eq!((name, hint.advanced), ("Kemintiri", Some(true)));
        let (name, hint) = split_printing_suffix("Anson (Group 2)");
        assert_eq!((name, hint.group), ("Anson", Some(Group::Number(2))));
        let (name, hint) = split_printing_suffix("Ulfdis Adv.");
        assert_eq!((name, hint.advanced), ("Ulfdis", Some(true)));
    }

    #[test]
    fn other_parentheses_are_kept() {
        let (name, hint) = split_printing_suffix("Pentex(TM) Subversion");
        assert_eq!(name, "Pentex(TM) Subversion");
        assert!(hint.is_empty());
        let (name, _) = split_printing_suffix("Akhenaten (Mummy)");
        assert_eq!(name, "Akhenaten (Mummy)");
    }
}
