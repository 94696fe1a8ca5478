//! Name folding and the name index: how a written name finds its card.
//!
//! A name is folded to a key: Windows-1252 bytes mangled as `=92` are decoded,
//! accents are dropped, `(TM)` and `™` removed, case ignored, apostrophes and
//! quotes dropped, other punctuation turned into spaces, and a leading `The` or
//! trailing `, The` removed, so that `The Rack`, `rack, the` and `Rack, The`
//! share one key.

use rustc_hash::FxHashMap as HashMap;
use smallvec::SmallVec;

use super::{Group, PrintingHint};

/// A text in ASCII lower case, written into `buffer` (no allocation, for the
/// short words looked up on every line); `None` when it is longer than the buffer.
pub(crate) fn lowered_on_stack<'b>(text: &str, buffer: &'b mut [u8]) -> Option<&'b str> {
    std::str::from_utf8(lowered_bytes_on_stack(text, buffer)?).ok()
}

/// [`lowered_on_stack`] as bytes, for a lookup by bytes (no UTF-8 check).
pub(crate) fn lowered_bytes_on_stack<'b>(text: &str, buffer: &'b mut [u8]) -> Option<&'b [u8]> {
    let lower = buffer.get_mut(..text.len())?;
    lower.copy_from_slice(text.as_bytes());
    lower.make_ascii_lowercase();
    Some(lower)
}

/// Folds a written card name to its lookup key.
pub fn fold(name: &str) -> String {
    let mut key = String::with_capacity(name.len());
    fold_into(name, &mut key);
    key
}

/// Folds a written card name into `key` (cleared first), reusing its buffer.
pub(crate) fn fold_into(name: &str, key: &mut String) {
    key.clear();
    if !fold_plain(name, key, Escapes::Stop) {
        // Not plain ASCII (accents, `™`) or perhaps a mangled quote (`=92`).
        key.clear();
        let decoded = decode_quoted_printable(name);
        let ascii = deunicode::deunicode(&decoded.replace('™', "(TM)"));
        fold_plain(&ascii, key, Escapes::Separate);
    }
}

/// What folding does with each byte: [`DROP`] it (quotes), [`SEPARATE`]
/// words with it (other punctuation, white space), [`ESCAPE`] (`=` and any
/// byte not ASCII: see [`fold_plain`]), or keep it as the byte given
/// (letters in lower case, digits).
const FOLD_CLASS: [u8; 256] = {
    let mut table = [ESCAPE; 256];
    let mut byte = 0;
    while byte < 128 {
        let c = byte as u8;
        table[byte] = if c.is_ascii_alphanumeric() {
            c.to_ascii_lowercase()
        } else if matches!(c, b'\'' | b'`' | b'"') {
            DROP
        } else if c == b'=' {
            ESCAPE
        } else {
            SEPARATE
        };
        byte += 1;
    }
    table
};

/// [`FOLD_CLASS`] of a byte folding drops.
const DROP: u8 = 0;
/// [`FOLD_CLASS`] of a byte that separates words.
const SEPARATE: u8 = 1;
/// [`FOLD_CLASS`] of a byte that may start an escape or a character not
/// ASCII: `=` and the bytes from 0x80.
const ESCAPE: u8 = 2;

/// What [`fold_plain`] does on an [`ESCAPE`] byte.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Escapes {
    /// Stops: the name needs decoding first.
    Stop,
    /// Separates words with it, as other punctuation.
    Separate,
}

/// Folds a name into `key` (empty): one pass, one table look-up a byte, no
/// intermediate strings. `false` when it stopped at an [`ESCAPE`] byte
/// (with [`Escapes::Stop`]): `key` is then unfinished.
fn fold_plain(text: &str, key: &mut String, escapes: Escapes) -> bool {
    let bytes = text.as_bytes();
    key.reserve(bytes.len());
    // A separator seen after a word: one space, written before the next word
    // (none at the end, none at the start).
    let mut space = false;
    let mut i = 0;
    while let Some(&c) = bytes.get(i) {
        i += 1;
        match FOLD_CLASS[usize::from(c)] {
            DROP => {}
            class @ (SEPARATE | ESCAPE) => {
                if class == ESCAPE && escapes == Escapes::Stop {
                    return false;
                }
                // `(TM)` is a separator as a whole.
                if c == b'('
                    && bytes
                        .get(i..i + 3)
                        .is_some_and(|t| t.eq_ignore_ascii_case(b"tm)"))
                {
                    i += 3;
                }
                space = !key.is_empty();
            }
            kept => {
                if space {
                    key.push(' ');
                    space = false;
                }
                key.push(char::from(kept));
            }
        }
    }
    drop_article(key);
    true
}

/// The articles a name may begin with, or end with after a comma as the CSV
/// writes them (`Rack, The`, `Anarch Manifesto, An`).
const ARTICLES: [&str; 3] = ["the", "an", "a"];

/// Removes one trailing and one leading article from a folded key (`rack the`
/// and `the rack` give `rack`; `anarch manifesto an` and `an anarch
/// manifesto` give `anarch manifesto`); a key that is only an article stays.
fn drop_article(key: &mut String) {
    for article in ARTICLES {
        let cut = key.len().saturating_sub(article.len() + 1);
        if key.ends_with(article) && key.as_bytes().get(cut) == Some(&b' ') && cut > 0 {
            key.truncate(cut);
            break;
        }
    }
    for article in ARTICLES {
        let at = article.len();
        if key.starts_with(article) && key.as_bytes().get(at) == Some(&b' ') {
            key.drain(..=at);
            break;
        }
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
pub(crate) struct NameIndex {
    /// Each key with the place of its cards in `cards`.
    exact: HashMap<String, NameSlot>,
    /// The cards of each key, in the order they were added (on the stack up
    /// to two: most names have one card, a few two printings).
    cards: Vec<SmallVec<[usize; 2]>>,
    /// Keys kept for fuzzy matching, with the card indices they stand for,
    /// sorted: made on the first fuzzy lookup (most runs never make one).
    keys: std::sync::OnceLock<Vec<(String, Vec<usize>)>>,
}

/// Where the cards of one key of a [`NameIndex`] are kept: given by
/// [`NameIndex::insert_key`], read with [`NameIndex::slot`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NameSlot(usize);

impl NameIndex {
    /// An empty index with room for `names` names.
    pub fn with_capacity(names: usize) -> NameIndex {
        NameIndex {
            exact: HashMap::with_capacity_and_hasher(names, Default::default()),
            cards: Vec::with_capacity(names),
            keys: std::sync::OnceLock::new(),
        }
    }

    /// Adds a name (CSV name, aka, alias) for a card.
    pub fn insert(&mut self, name: &str, card: usize) {
        self.insert_key(fold(name), card);
    }

    /// Adds a name already folded ([`fold`]) for a card; says where the
    /// key's cards are kept (`None` for an empty key, which is not added).
    pub(crate) fn insert_key(&mut self, key: String, card: usize) -> Option<NameSlot> {
        if key.is_empty() {
            return None;
        }
        let next = NameSlot(self.cards.len());
        let slot = *self.exact.entry(key).or_insert(next);
        if slot == next {
            self.cards.push(SmallVec::new());
        }
        let cards = &mut self.cards[slot.0];
        if !cards.contains(&card) {
            cards.push(card);
        }
        self.keys.take();
        Some(slot)
    }

    /// The cards of a key, by the slot [`NameIndex::insert_key`] gave.
    pub fn slot(&self, slot: NameSlot) -> &[usize] {
        &self.cards[slot.0]
    }

    /// The fuzzy-matching key list, sorted so that ranking does not depend on
    /// the hash map's order.
    fn sorted_keys(&self) -> &[(String, Vec<usize>)] {
        self.keys.get_or_init(|| {
            let mut keys: Vec<(String, Vec<usize>)> = self
                .exact
                .iter()
                .map(|(k, slot)| (k.clone(), self.slot(*slot).to_vec()))
                .collect();
            keys.sort();
            keys
        })
    }

    /// The cards a folded key names exactly.
    pub fn exact(&self, key: &str) -> Option<&[usize]> {
        self.exact.get(key).map(|slot| self.slot(*slot))
    }

    /// Whether some key may be within `max` edits (Damerau-Levenshtein) of
    /// `key`: `false` means surely none is. Two lower bounds of the distance
    /// are tested, cheap beside [`NameIndex::ranked`]: the difference in
    /// length, and the characters one has and the other lacks (an edit
    /// changes either count by one at most).
    pub(crate) fn may_have_key_within(&self, key: &str, max: usize) -> bool {
        if !key.is_ascii() {
            return true;
        }
        let mut counts = [0i32; 128];
        for byte in key.bytes() {
            counts[usize::from(byte)] += 1;
        }
        self.exact.keys().any(|candidate| {
            if candidate.len().abs_diff(key.len()) > max {
                return false;
            }
            if !candidate.is_ascii() {
                return true;
            }
            let mut left = counts;
            for byte in candidate.bytes() {
                left[usize::from(byte)] -= 1;
            }
            let (extra, missing) = left.iter().fold((0, 0), |(extra, missing), &n| {
                (extra + n.max(0), missing + (-n).max(0))
            });
            usize::try_from(extra.max(missing)).is_ok_and(|bound| bound <= max)
        })
    }

    /// The cards of the keys that hold `key` (folded, [`fold`]): its words,
    /// in order, starting a word of the key (`sewer lid` in `thrown sewer
    /// lid`, `carmelita` in `carmelita neillson`, `bum` in `bum's rush`).
    /// The keys that start with it come first, then the others, each in key
    /// order; only the keys whose cards `keep` accepts. Nothing for a key of
    /// fewer than 3 letters or digits. The one matching of a part of a name,
    /// for `card` ([`crate::names_holding`]) and every suggestion
    /// ([`crate::CardDb::lookup`]).
    pub(crate) fn holding(&self, key: &str, keep: impl Fn(&[usize]) -> bool) -> Vec<&[usize]> {
        if key.chars().filter(char::is_ascii_alphanumeric).count() < 3 {
            return Vec::new();
        }
        // One searcher for every name (a search of a line's text made no
        // more than once, not once per name). The keys are searched as the
        // map holds them, and only those found put in order.
        let finder = memchr::memmem::Finder::new(key);
        let mut found: Vec<(bool, &str, &[usize])> = Vec::new();
        for (candidate, slot) in &self.exact {
            let at_word = finder
                .find_iter(candidate.as_bytes())
                .find(|&at| at == 0 || !candidate.as_bytes()[at - 1].is_ascii_alphanumeric());
            let cards = self.slot(*slot);
            if let Some(at) = at_word.filter(|_| keep(cards)) {
                found.push((at > 0, candidate, cards));
            }
        }
        // Those that start with the key first, each part in key order.
        found.sort_unstable_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
        found.into_iter().map(|(_, _, cards)| cards).collect()
    }

    /// Keys ranked by similarity to `key`, best first: (similarity 0..1, edit
    /// distance, cards); only the keys whose cards `keep` accepts are ranked.
    ///
    /// A key longer than [`MAX_RANKED_KEY`] ranks nothing: no card name is that
    /// long, and the similarity measures cost its length times each name's.
    pub(crate) fn ranked(
        &self,
        key: &str,
        limit: usize,
        keep: impl Fn(&[usize]) -> bool,
    ) -> Vec<Match<'_>> {
        if key.len() > MAX_RANKED_KEY {
            return Vec::new();
        }
        let mut compare = KeySimilarity::new(key);
        let mut scored: Vec<Match> = self
            .sorted_keys()
            .iter()
            .filter(|(_, cards)| keep(cards))
            .map(|(candidate, cards)| Match {
                key: candidate,
                cards,
                similarity: compare.of(candidate),
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

/// [`strsim::jaro_winkler`] of one key with many names, the same number to
/// the last bit ([`KeySimilarity::of`]): the search of a line's text
/// compares it with every card name, and this is most of its cost (issue
/// 41). The same numbers, so the same ranking and suggestions to the last
/// tie (a name left out of the ranking would change which of names tied at
/// its end are kept).
struct KeySimilarity<'k> {
    /// The key.
    key: &'k str,
    /// Whether each byte is in the key; `None` when the key is not ASCII
    /// or longer than 64 bytes (strsim is asked).
    in_key: Option<[bool; 128]>,
    /// For each byte of the key, the places of a name that hold it (bit
    /// `j` for byte `j`): filled for one name, then cleared.
    places: [u64; 128],
}

impl<'k> KeySimilarity<'k> {
    fn new(key: &'k str) -> KeySimilarity<'k> {
        let in_key = (key.is_ascii() && key.len() <= 64).then(|| {
            let mut in_key = [false; 128];
            for byte in key.bytes() {
                in_key[usize::from(byte)] = true;
            }
            in_key
        });
        KeySimilarity {
            key,
            in_key,
            places: [0; 128],
        }
    }

    /// [`strsim::jaro_winkler`] of the key and a name, computed on the bytes
    /// of ASCII texts of at most 64 bytes without allocating: each byte of
    /// the key takes the first free place of the name holding it in its
    /// window, found in the name's places of that byte (strsim's scan,
    /// letter by letter). Other texts are handed to strsim.
    fn of(&mut self, name: &str) -> f64 {
        let (x, y) = (self.key.as_bytes(), name.as_bytes());
        let Some(in_key) = self
            .in_key
            .as_ref()
            .filter(|_| name.is_ascii() && y.len() <= 64)
        else {
            return strsim::jaro_winkler(self.key, name);
        };
        if x.is_empty() || y.is_empty() {
            return if x.len() == y.len() { 1.0 } else { 0.0 };
        }
        for (j, &byte) in y.iter().enumerate() {
            if in_key[usize::from(byte)] {
                self.places[usize::from(byte)] |= 1 << j;
            }
        }
        let below = |n: usize| if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
        let range = (x.len().max(y.len()) / 2).saturating_sub(1);
        let (mut x_matched, mut y_matched) = (0u64, 0u64);
        let mut matches = 0usize;
        for (i, &byte) in x.iter().enumerate() {
            let window = below(y.len().min(i + range + 1)) & !below(i.saturating_sub(range));
            let free = self.places[usize::from(byte)] & window & !y_matched;
            if free != 0 {
                x_matched |= 1 << i;
                y_matched |= 1 << free.trailing_zeros();
                matches += 1;
            }
        }
        for &byte in x {
            self.places[usize::from(byte)] = 0;
        }
        if matches == 0 {
            return 0.0;
        }
        // The matched characters of each, in order, paired: those that differ.
        let mut transpositions = 0usize;
        let mut left = y_matched;
        for (i, &byte) in x.iter().enumerate() {
            if x_matched & (1 << i) != 0 {
                let j = left.trailing_zeros() as usize;
                left &= left - 1;
                if y.get(j) != Some(&byte) {
                    transpositions += 1;
                }
            }
        }
        transpositions /= 2;
        // strsim's sums, in its order, for the same rounding.
        let sim = ((matches as f64 / x.len() as f64)
            + (matches as f64 / y.len() as f64)
            + ((matches - transpositions) as f64 / matches as f64))
            / 3.0;
        if sim > 0.7 {
            let prefix = x.iter().take(4).zip(y).take_while(|(a, b)| a == b).count();
            sim + 0.1 * prefix as f64 * (1.0 - sim)
        } else {
            sim
        }
    }
}

/// Longest folded key [`NameIndex::ranked`] compares: card names are under
/// 48 bytes (the longest, `Malkavian Derangement: Alternate Personality`,
/// 44), and a longer key is no close spelling of any (its suggestions would
/// be noise). Each comparison costs the key's length times the name's, for
/// every name: the bound keeps one search of a line under a few
/// milliseconds (issue 41: a search of a 160-byte line, ten of them a line,
/// cost about 55 ms).
pub(crate) const MAX_RANKED_KEY: usize = 64;

/// A fuzzy match of a key against the index.
#[derive(Debug, Clone)]
pub(crate) struct Match<'a> {
    /// The matched key.
    pub key: &'a str,
    /// The cards that key names.
    pub cards: &'a [usize],
    /// Jaro-Winkler similarity, 0 to 1.
    pub similarity: f64,
    /// Damerau-Levenshtein distance.
    pub distance: usize,
}

/// Splits a printing tag off a written crypt name, in any case and order,
/// with or without brackets: `Theo Bell (G6)`, `Kemintiri (adv)`, `Lazar (G3 ADV)`,
/// `Lazar [adv g3]`, `Anson (Group 2)`, `Ulfdis Adv.`, `Tara g5`. Text after a
/// bracketed tag is a comment (`Lucita (adv) my best`) and is dropped.
pub fn split_printing_suffix(name: &str) -> (&str, PrintingHint) {
    split_trimmed_printing_suffix(name.trim_end())
}

/// [`split_printing_suffix`] for a name that ends without white space (as
/// [`str::trim_end`] leaves it).
pub(crate) fn split_trimmed_printing_suffix(trimmed: &str) -> (&str, PrintingHint) {
    if let Some(found) = bracketed_tag(trimmed) {
        return found;
    }
    bare_tag(trimmed)
}

/// A tag in brackets: the last `(...)` or `[...]` whose words are all tag words.
fn bracketed_tag(text: &str) -> Option<(&str, PrintingHint)> {
    let bytes = text.as_bytes();
    let mut end = bytes.len();
    // The last two bracket pairs at most: `Name (ADV) (comment)`. Brackets are
    // ASCII: found by byte searches.
    for _ in 0..2 {
        let open = bytes[..end].iter().rposition(|&b| b == b'(' || b == b'[')?;
        let close_byte = if bytes[open] == b'(' { b')' } else { b']' };
        let close = open + bytes[open..].iter().position(|&b| b == close_byte)?;
        if let Some(hint) = tag_words(&text[open + 1..close]) {
            let base = text[..open].trim_end();
            return (!base.is_empty()).then_some((base, hint));
        }
        end = open;
    }
    None
}

/// A tag written without brackets in the last words of the name: `Ulfdis Adv.`,
/// `Tara g5`, `Lucita ADV G2`, `Anson Group 2`.
fn bare_tag(text: &str) -> (&str, PrintingHint) {
    let mut found = (text, PrintingHint::default());
    // A tag's last word starts with `a` (`adv`, `any`), `g` (`g3`, `group3`),
    // a digit or `+` (`Group 2`): a name that ends otherwise (nearly every
    // name) has no bare tag, and its words need not be read.
    let may_end_a_tag = last_word(text)
        .bytes()
        .next()
        .is_some_and(|b| matches!(b.to_ascii_lowercase(), b'a' | b'g' | b'+' | b'0'..=b'9'));
    if !may_end_a_tag {
        return found;
    }
    let mut start = text.len();
    for _ in 0..3 {
        let Some(space) = memchr::memrchr(b' ', text[..start].trim_end().as_bytes()) else {
            break;
        };
        start = space;
        let base = text[..start].trim_end();
        match tag_words(&text[start..]) {
            Some(hint) if !base.is_empty() => found = (base, hint),
            _ => {}
        }
    }
    found
}

/// The last word of a text, after its last white space ([`char::is_whitespace`]):
/// found by a byte loop when it is ASCII.
fn last_word(text: &str) -> &str {
    let bytes = text.as_bytes();
    match bytes
        .iter()
        .rposition(|&b| !b.is_ascii() || char::from(b).is_whitespace())
    {
        None => text,
        Some(at) if bytes[at].is_ascii() => &text[at + 1..],
        Some(_) => text.rsplit(char::is_whitespace).next().unwrap_or(""),
    }
}

/// Reads the words of a printing tag (`ADV`, `G3 adv`, `Group 2`, `advanced`),
/// `None` when a word is not a tag word.
fn tag_words(inner: &str) -> Option<PrintingHint> {
    let mut hint = PrintingHint::default();
    let mut after_group_word = false;
    for word in inner.split_whitespace() {
        let word = word.trim_end_matches(['.', ',']);
        // Tag words are short: a longer word is no tag; a short one is lowered
        // on the stack (this runs on the last words of every crypt name).
        let mut buffer = [0u8; "advanced".len()];
        let lower = lowered_on_stack(word, &mut buffer)?;
        if lower == "adv" || lower == "advanced" {
            hint.advanced = Some(true);
        } else if lower == "group" || lower == "grp" {
            after_group_word = true;
            continue;
        } else if let Some(group) = lower
            .strip_prefix("group")
            .or_else(|| lower.strip_prefix('g'))
            .and_then(Group::parse)
        {
            hint.group = Some(group);
        } else if after_group_word {
            hint.group = Some(Group::parse(lower)?);
        } else {
            return None;
        }
        after_group_word = false;
    }
    (!hint.is_empty() && !after_group_word).then_some(hint)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last_words_are_the_words_split_whitespace_ends_with() {
        for text in [
            "Theo Bell",
            "Theo",
            "",
            "Céleste g5",
            "Céleste",
            "Tara\u{a0}g5",
            "Tara\u{3000}adv",
            "Tara\x0badv",
            "Tara\tadv",
            "Lazar é",
            "Lazar  ",
        ] {
            let general = text.rsplit(char::is_whitespace).next().unwrap_or("");
            assert_eq!(last_word(text), general, "{text:?}");
        }
    }

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
    fn folding_keeps_words_and_drops_the_rest() {
        let cases = [
            ("", ""),
            (" ", ""),
            ("(tm)", ""),
            ("((tm))", ""),
            ("The", "the"),
            ("the ", "the"),
            ("the the", "the"),
            ("x  the", "x"),
            ("a the", "a"),
            ("thex", "thex"),
            ("  The Rack,  ", "rack"),
            ("-The Rack-", "rack"),
            ("Rack, The", "rack"),
            (" the x", "x"),
            ("'the' rack", "rack"),
            ("(tm)the x", "x"),
            ("x the (tm)", "x"),
            ("A(TM)b", "b"),
            ("An Anarch Manifesto", "anarch manifesto"),
            ("Anarch Manifesto, An", "anarch manifesto"),
            ("a", "a"),
            ("an", "an"),
            ("a an", "a"),
            ("ant eater", "ant eater"),
            ("banana", "banana"),
            ("Plan A", "plan"),
            ("Ox(Tm)en", "ox en"),
            ("(TM", "tm"),
            ("a(tm", "tm"),
            ("b(tm", "b tm"),
            ("a'b", "ab"),
            ("a 'b", "b"),
            ("x 'b", "x b"),
            ("Ab`\"c", "abc"),
            ("a\tb\x0bc", "b c"),
            ("x\tb\x0bc", "x b c"),
            ("Bang Nakh -- Tiger's Claws", "bang nakh tigers claws"),
            // Not plain ASCII: decoded first.
            ("x=b", "x b"),
            ("x=41y", "x 41y"),
            ("God=92s Light", "gods light"),
            ("Céleste  é", "celeste e"),
            ("Lucita\u{a0}x\u{3000}y", "lucita x y"),
            ("Pentex\u{2122}Subversion", "pentex subversion"),
        ];
        for (name, key) in cases {
            assert_eq!(fold(name), key, "{name:?}");
        }
    }

    #[test]
    fn plain_names_fold_alike_by_the_general_path() {
        // The one-pass path and the path of decoded names (quoted-printable,
        // then deunicode) agree on every plain ASCII name.
        for name in [
            "Pentex(TM) Subversion",
            "Rack, The",
            "The Rack",
            "Al-Ashrad, Amr of Alamut",
            "Bang Nakh -- Tiger's Claws",
            "  x  (tm)  y  ",
            "a\tb\x0bc\r\nd",
        ] {
            let mut general = String::new();
            let decoded = decode_quoted_printable(name);
            let ascii = deunicode::deunicode(&decoded.replace('™', "(TM)"));
            assert!(fold_plain(&ascii, &mut general, Escapes::Separate));
            assert_eq!(fold(name), general, "{name:?}");
        }
    }

    #[test]
    fn bare_tags_end_with_a_tag_word() {
        let hint = |name| split_printing_suffix(name).1;
        assert_eq!(hint("Tara g5").group, Some(Group::Number(5)));
        assert_eq!(hint("Anson Group 2").group, Some(Group::Number(2)));
        assert_eq!(hint("Anson group +2").group, Some(Group::Number(2)));
        assert_eq!(hint("Anson group any").group, Some(Group::Any));
        assert_eq!(hint("Ulfdis Adv.").advanced, Some(true));
        assert_eq!(hint("Lucita ADV G2").group, Some(Group::Number(2)));
        assert_eq!(hint("Lucita G2\u{a0}ADV").advanced, Some(true));
        assert!(hint("Theo Bell").is_empty());
        assert!(hint("Anson group").is_empty());
        assert!(hint("Lucita adv.x").is_empty());
        assert_eq!(split_printing_suffix("Theo Bell").0, "Theo Bell");
    }

    #[test]
    fn keys_within_a_distance_are_never_missed() {
        let mut index = NameIndex::with_capacity(3);
        for (i, name) in ["Deep Song", "Deflection", "Dodge"].iter().enumerate() {
            index.insert(name, i);
        }
        // Whenever the search would find a key within `max`, the test says so.
        for written in [
            "Deap Song",
            "Defelction",
            "Dogde",
            "Song Deep",
            "deflections",
            "x",
            "Dodge it",
        ] {
            let key = fold(written);
            for max in 0..4 {
                let within = index
                    .exact
                    .keys()
                    .any(|k| strsim::damerau_levenshtein(&key, k) <= max);
                if within {
                    assert!(index.may_have_key_within(&key, max), "{written:?} {max}");
                }
            }
        }
        assert!(!index.may_have_key_within(&fold("I planned to play with"), 3));
        assert!(index.may_have_key_within(&fold("Dogde"), 1));
    }

    #[test]
    fn ranked_puts_one_letter_typo_first() {
        let mut index = NameIndex::default();
        index.insert("Deep Song", 0);
        index.insert("Deer Stalker", 1);
        index.insert("Earth Meld", 2);

        let ranked = index.ranked(&fold("Deap Song"), 3, |_| true);
        assert_eq!(ranked[0].cards, &[0]);
        assert_eq!(ranked[0].distance, 1);
    }

    /// The similarity of the search is strsim's to the last bit (the
    /// ranking, and so every suggestion, the same), for ASCII texts of any
    /// kind and length, names compared with typos of names, and texts
    /// strsim is handed (not ASCII, longer than 64 bytes).
    #[test]
    fn jaro_winkler_is_strsims_to_the_last_bit() {
        let names = [
            "",
            "a",
            "ab",
            "deep song",
            "deap song",
            "deer stalker",
            "earth meld",
            "malkavian derangement alternate personality",
            "aaaa",
            "abab",
            "baba",
            "carlton van wyk",
            "crlton van wky",
            "bloodq dollq",
            "theo bell g6",
            "the bell",
            "écurie",
        ];
        let long = "abcdefghij".repeat(7);
        let mut texts: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        texts.push(long.clone());
        texts.push(long[..64].to_string());
        texts.push(long[..65].to_string());
        for a in &texts {
            // One key compared with many names, as a search does.
            let mut compare = KeySimilarity::new(a);
            for b in &texts {
                assert_eq!(
                    compare.of(b).to_bits(),
                    strsim::jaro_winkler(a, b).to_bits(),
                    "{a:?} {b:?}"
                );
            }
        }
        // Texts made at random from a few letters: many matches and transpositions.
        let mut seed = 16u64;
        let mut text = |len: usize| -> String {
            (0..len)
                .map(|_| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    char::from(b"abcde "[(seed >> 33) as usize % 6])
                })
                .collect()
        };
        for round in 0..200 {
            let a = text(round % 40);
            let mut compare = KeySimilarity::new(&a);
            for other in 0..20 {
                let b = text((round * 7 + other) % 50);
                assert_eq!(
                    compare.of(&b).to_bits(),
                    strsim::jaro_winkler(&a, &b).to_bits(),
                    "{a:?} {b:?}"
                );
            }
        }
    }

    #[test]
    fn overlong_key_ranks_nothing() {
        let mut index = NameIndex::default();
        index.insert("Deep Song", 0);

        let key = fold(&"Deep Song ".repeat(100_000));
        assert!(index.ranked(&key, 3, |_| true).is_empty());
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
    fn tags_in_any_case_order_and_brackets() {
        let cases: [(&str, &str, Option<u8>, Option<bool>); 10] = [
            ("Lucita (adv)", "Lucita", None, Some(true)),
            ("Lucita adv", "Lucita", None, Some(true)),
            ("Lazar (ADV G3)", "Lazar", Some(3), Some(true)),
            ("Tara [g6]", "Tara", Some(6), None),
            ("Tara g5", "Tara", Some(5), None),
            ("Lucita (ADV) my favourite", "Lucita", None, Some(true)),
            ("Lucita ADV G2", "Lucita", Some(2), Some(true)),
            ("Anson Group 2", "Anson", Some(2), None),
            ("Kemintiri (Advanced)", "Kemintiri", None, Some(true)),
            ("Theo Bell [G2]", "Theo Bell", Some(2), None),
        ];
        for (written, name, group, advanced) in cases {
            let (base, hint) = split_printing_suffix(written);
            assert_eq!(base, name, "{written}");
            assert_eq!(hint.group.and_then(Group::number), group, "{written}");
            assert_eq!(hint.advanced, advanced, "{written}");
        }
    }

    #[test]
    fn other_parentheses_are_kept() {
        let (name, hint) = split_printing_suffix("Pentex(TM) Subversion");
        assert_eq!(name, "Pentex(TM) Subversion");
        assert!(hint.is_empty());
        let (name, _) = split_printing_suffix("Akhenaten (Mummy)");
        assert_eq!(name, "Akhenaten (Mummy)");
    }

    /// [`NameIndex::holding`] gives what a walk of every key in key order
    /// gives: the keys that hold the text at the start of a word, those
    /// that start with it first, as `keep` allows.
    #[test]
    fn keys_holding_a_text_come_in_key_order_starting_ones_first() {
        let db = crate::CardDb::embedded().expect("built-in card list");
        let mut index = NameIndex::with_capacity(db.cards().len());
        for (at, card) in db.cards().iter().enumerate() {
            index.insert(&card.name, at);
        }
        let walked = |key: &str, keep: &dyn Fn(&[usize]) -> bool| {
            let (mut starting, mut inside): (Vec<&[usize]>, Vec<&[usize]>) = Default::default();
            if key.chars().filter(char::is_ascii_alphanumeric).count() < 3 {
                return starting;
            }
            for (candidate, cards) in index.sorted_keys() {
                let at_word = candidate
                    .match_indices(key)
                    .map(|(at, _)| at)
                    .find(|&at| at == 0 || !candidate.as_bytes()[at - 1].is_ascii_alphanumeric());
                match at_word {
                    Some(0) if keep(cards) => starting.push(cards),
                    Some(_) if keep(cards) => inside.push(cards),
                    _ => {}
                }
            }
            starting.extend(inside);
            starting
        };
        let mut keys: Vec<String> = [
            "the",
            "blood",
            "sewer lid",
            "carmelita",
            "bum",
            "of",
            "tr",
            "x",
            "anarch",
            "2",
            "yusuf scribe of a",
            "ab ab",
        ]
        .map(String::from)
        .to_vec();
        for (candidate, _) in index.sorted_keys().iter().step_by(53) {
            keys.push(candidate.chars().take(5).collect());
            keys.extend(candidate.split(' ').nth(1).map(String::from));
        }
        let mut held = 0;
        for key in &keys {
            let all = |_: &[usize]| true;
            let some = |cards: &[usize]| cards.iter().all(|at| at % 3 != 0);
            for keep in [&all as &dyn Fn(&[usize]) -> bool, &some] {
                let found = index.holding(key, keep);
                assert_eq!(found, walked(key, keep), "{key:?}");
                held += found.len();
            }
        }
        assert!(
            held > keys.len(),
            "{held} keys held for {} texts",
            keys.len()
        );
    }
}
