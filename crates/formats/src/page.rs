//! The page below every text layout (issue 39): what a line of a page is,
//! decided once for every layout. A page is a text around a decklist (a
//! forum post, an e-mail reply, a blog post): its quoted lines are read as
//! their text ([`unquote`]), a signature after `-- ` is prose, and its
//! headings are known by their words ([`heading`]: the card types and their
//! plurals, `Crypt`, `Library`, in any case and any decoration). Whether a
//! line that names no card is an unknown card or prose is decided on the
//! evidence once the card names are known (`vtesdeck_deck::Deck::from_raw`): a
//! count with a name-like rest ([`vtesdeck_deck::raw::name_like`]), a near match to a card
//! name, a line among card lines; any other line is prose, skipped and said.

use std::borrow::Cow;
use std::sync::LazyLock;

use vtesdeck_cards::CardKind;
use vtesdeck_deck::raw::KeptApart;

/// A text with its quote marks taken out and its signatures blanked: the
/// text the layouts read, on the page's own lines, and the lines blanked.
pub(crate) struct Unquoted<'t> {
    /// The text to read (the page's text when nothing was taken out).
    pub text: Cow<'t, str>,
    /// The 1-based lines blanked as prose (a signature and the lines after it).
    pub blanked: Vec<usize>,
}

/// Reads a page's quoted lines as their text (`> 4 Deflection`, `>> Crypt:`,
/// `> > 2x Dodge`, `3 Temptation>>`) when a quoted line is a deck's heading
/// (a deck quoted in a reply), and blanks a
/// signature (a `--` or `-- ` line, and the lines after it to the end of its
/// quoted block) that holds no card line; a Markdown table's rows are read
/// with their cells apart, as a browser lays a table out. Linear in the text; a text with no
/// such line (nearly every decklist) is left as it is, after a byte search
/// for each (`>`, a line of `--`, `|`).
pub(crate) fn unquote(text: &str) -> Unquoted<'_> {
    let quoted = has_quoted_deck(text);
    let signed = has_signature(text);
    let tabled = has_pipe_table(text);
    if !quoted && !signed && !tabled {
        return Unquoted {
            text: Cow::Borrowed(text),
            blanked: Vec::new(),
        };
    }
    let mut lines: Vec<(usize, Cow<'_, str>)> = vtesdeck_deck::raw::lines(text)
        .map(|line| {
            let (depth, line) = if quoted {
                unquoted_line(line)
            } else {
                (0, line)
            };
            (
                depth,
                if tabled {
                    table_row(line)
                } else {
                    Cow::Borrowed(line)
                },
            )
        })
        .collect();
    let mut blanked = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        let (depth, ref line) = lines[at];
        if !is_signature(line) {
            at += 1;
            continue;
        }
        let end = lines[at + 1..]
            .iter()
            .position(|&(d, _)| d != depth)
            .map_or(lines.len(), |p| at + 1 + p);
        let card_line = lines[at + 1..end]
            .iter()
            .any(|(_, l)| l.trim_start().starts_with(|c: char| c.is_ascii_digit()));
        if !card_line {
            for (number, line) in lines.iter_mut().enumerate().take(end).skip(at) {
                if !line.1.trim().is_empty() {
                    blanked.push(number + 1);
                }
                line.1 = Cow::Borrowed("");
            }
        }
        at = end;
    }
    if !quoted && !tabled && blanked.is_empty() {
        return Unquoted {
            text: Cow::Borrowed(text),
            blanked,
        };
    }
    let mut out = String::with_capacity(text.len());
    for (_, line) in &lines {
        out.push_str(line);
        out.push('\n');
    }
    Unquoted {
        text: Cow::Owned(out),
        blanked,
    }
}

/// Whether a text holds a Markdown pipe table: a separator row
/// (`|---|:--:|`), found from the text's pipes (none in nearly every
/// decklist), each told by the bytes after it (`|---` or `|:--`).
fn has_pipe_table(text: &str) -> bool {
    let bytes = text.as_bytes();
    memchr::memchr_iter(b'|', bytes).any(|at| {
        let after = &bytes[at..];
        (after.starts_with(b"|---") || after.starts_with(b"|:--"))
            && is_table_separator(line_around(text, at))
    })
}

/// A table's separator row: only pipes, dashes, colons and spaces.
fn is_table_separator(line: &str) -> bool {
    let line = line.trim();
    line.starts_with('|')
        && line.contains("---")
        && line
            .chars()
            .all(|c| matches!(c, '|' | '-' | ':' | ' ' | '\t'))
}

/// A Markdown table row read as a browser lays out a table's row: its cells
/// apart by tabs (`| 3 | Alu | 2 |` is `3\tAlu\t2`), the separator row
/// blank; any other line as it is.
fn table_row(line: &str) -> Cow<'_, str> {
    let trimmed = line.trim();
    if !(trimmed.starts_with('|') && trimmed.len() > 1 && trimmed.ends_with('|')) {
        return Cow::Borrowed(line);
    }
    if is_table_separator(trimmed) {
        return Cow::Borrowed("");
    }
    let cells: Vec<&str> = trimmed[1..trimmed.len() - 1]
        .split('|')
        .map(str::trim)
        .collect();
    Cow::Owned(cells.join("\t"))
}

/// The line of a text around a byte position.
fn line_around(text: &str, at: usize) -> &str {
    let bytes = text.as_bytes();
    let start = memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |n| n + 1);
    let end = memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |n| at + n);
    text[start..end].trim_end_matches('\r')
}

/// Whether a line of the text is `--` alone (white space after it allowed):
/// found by a byte search for a line that starts with `--` (its searcher
/// made once, not for each text), each match told by the bytes right after
/// it (a TWDA entry's `-----` underline at once).
fn has_signature(text: &str) -> bool {
    static LINE_OF_DASHES: LazyLock<memchr::memmem::Finder<'static>> =
        LazyLock::new(|| memchr::memmem::Finder::new(b"\n--"));
    let bytes = text.as_bytes();
    let ends_line = |from: usize| {
        bytes[from..]
            .iter()
            .find(|&&b| b != b' ' && b != b'\t' && b != b'\r')
            .is_none_or(|&b| b == b'\n')
    };
    (bytes.starts_with(b"--") && ends_line(2))
        || LINE_OF_DASHES.find_iter(bytes).any(|at| ends_line(at + 3))
}

/// A signature's first line: `--` or `-- ` alone (a quote's marks taken out).
fn is_signature(line: &str) -> bool {
    line.trim_end() == "--" && line.starts_with("--")
}

/// Whether a quoted line of the text (`>` first, or `>>` last) is a deck's
/// heading once its marks are taken out.
fn has_quoted_deck(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut from = 0;
    while from < bytes.len() {
        let Some(found) = memchr::memchr(b'>', &bytes[from..]) else {
            break;
        };
        let at = from + found;
        from = at + 1;
        // A `>` first on its line, or `>>` last: told by the bytes around it.
        let first = bytes[..at]
            .iter()
            .rev()
            .find(|&&b| b != b' ' && b != b'\t')
            .is_none_or(|&b| b == b'\n');
        let last = bytes.get(at + 1) == Some(&b'>')
            && bytes[at + 2..]
                .iter()
                .find(|&&b| b != b' ' && b != b'\t' && b != b'\r' && b != b'>')
                .is_none_or(|&b| b == b'\n');
        if !first && !last {
            continue;
        }
        let line = line_around(text, at);
        let start = line.as_ptr() as usize - text.as_ptr() as usize;
        from = start + line.len() + 1;
        let trimmed = line.trim();
        if !(trimmed.starts_with('>') || trimmed.ends_with(">>")) {
            continue;
        }
        let (depth, rest) = unquoted_line(line);
        if depth > 0 && deck_like(rest) {
            return true;
        }
    }
    false
}

/// Whether a quoted line is a deck's heading (`Crypt (12 cards)`,
/// `Masters:`): a quoted list of counted lines alone (`> 1 Ann (Toreador)`,
/// a final table's seating) is no deck.
fn deck_like(line: &str) -> bool {
    heading(line).is_some()
}

/// A quoted line's depth (its `>` marks, first or trailing `>>`) and its text.
fn unquoted_line(line: &str) -> (usize, &str) {
    let mut rest = line.trim_start();
    let mut depth = 0;
    while let Some(after) = rest.strip_prefix('>') {
        depth += 1;
        rest = after.trim_start_matches(' ');
    }
    if depth == 0 {
        let trimmed = rest.trim_end();
        if let Some(before) = trimmed.strip_suffix(">>") {
            return (2, before.trim_end_matches('>').trim_end());
        }
        return (0, line);
    }
    (depth, rest)
}

/// A heading known by its words: its part (`Crypt`, `Library`; `None` for
/// a card type's heading) and the first number written in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Heading {
    /// The part a `Crypt` or `Library` heading opens; `None` for a card type.
    pub part: Option<CardKind>,
    /// The first number written (`Masters (11)`: 11).
    pub count: Option<u32>,
}

/// The words of a heading besides the part and type names.
const FILLER: [&str; 8] = [
    "card", "cards", "trifle", "trifles", "min", "max", "avg", "and",
];

/// A line known as a heading by its words: the card types, singular or
/// plural (`Masters`, `Allies`, `Action Modifiers`, `Action Modifier/Combat`),
/// `Crypt`, `Library`, in any case, with any decoration (`Masters:`,
/// `=== Political Action: 10 ===`, `— Master (11) —`, `Combat cards (12)`,
/// `REACTIONS [10]`, `## Crypt (12)`, `**Allies**`), numbers anywhere.
pub(crate) fn heading(line: &str) -> Option<Heading> {
    let line = without_bbcode_style(line);
    let line = line.trim();
    // `(Master)`, `[Combat] 2`: a bracket first is no heading's; `12
    // vampires` is a total or a card line, a count first.
    if line.is_empty()
        || line.len() > 80
        || line.starts_with(['(', '['])
        || line.starts_with(|c: char| c.is_ascii_digit())
    {
        return None;
    }
    // Only decoration between the words and numbers.
    let decoration = |c: char| {
        c.is_whitespace()
            || matches!(
                c,
                '#' | '='
                    | '*'
                    | '_'
                    | '~'
                    | '—'
                    | '–'
                    | '-'
                    | '['
                    | ']'
                    | '('
                    | ')'
                    | '{'
                    | '}'
                    | ':'
                    | ';'
                    | ','
                    | '.'
                    | '<'
                    | '>'
                    | '|'
                    | '/'
                    | '&'
                    | '+'
                    | '•'
            )
    };
    if !line.chars().all(|c| c.is_alphanumeric() || decoration(c)) {
        return None;
    }
    let mut count = None;
    let mut part = None;
    let mut named = false;
    let mut previous = "";
    for token in line.split(|c: char| !c.is_alphanumeric()) {
        if token.is_empty() {
            continue;
        }
        if token.bytes().all(|b| b.is_ascii_digit()) {
            if count.is_none() {
                count = token.parse().ok();
            }
            continue;
        }
        let word = token.to_lowercase();
        // `Political` only in `Political Action` (`Political Ally` is a card).
        if previous.eq_ignore_ascii_case("political") && !word.starts_with("action") {
            return None;
        }
        match word.as_str() {
            "crypt" => part = Some(CardKind::Crypt),
            "library" => part = Some(CardKind::Library),
            w if FILLER.contains(&w) => {}
            w if is_type_word(w, previous) => named = true,
            _ => return None,
        }
        previous = token;
    }
    let ends_well = !previous.eq_ignore_ascii_case("political");
    ((named || part.is_some()) && ends_well).then_some(Heading { part, count })
}

/// A line without the BBCode tags of text style a forum post wraps a heading
/// in (`[b]Crypt (12)[/b]`, `[u]*** Masters (15) ***[/u]`,
/// `[size=150]...[/size]`); other brackets (`REACTIONS [10]`) are kept.
fn without_bbcode_style(line: &str) -> std::borrow::Cow<'_, str> {
    const STYLE: [&str; 7] = ["b", "i", "u", "s", "size", "color", "font"];
    if !line.contains('[') {
        return std::borrow::Cow::Borrowed(line);
    }
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        let tag = &rest[open + 1..];
        let close = tag.find(']');
        let is_style = close.is_some_and(|close| {
            let name = tag[..close].trim_start_matches('/');
            let name = name.split_once('=').map_or(name, |(name, _)| name);
            STYLE.iter().any(|style| name.eq_ignore_ascii_case(style))
        });
        match close {
            Some(close) if is_style => rest = &tag[close + 1..],
            _ => {
                out.push('[');
                rest = tag;
            }
        }
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

/// Whether a lower-case word is a card type's word, singular or plural
/// (`political` and `modifier` only in their two-word types).
fn is_type_word(word: &str, previous: &str) -> bool {
    let singular = match word {
        "allies" => "ally",
        "equipments" => "equipment",
        w => w.strip_suffix('s').unwrap_or(w),
    };
    match singular {
        "master" | "conviction" | "action" | "equipment" | "retainer" | "ally" | "reaction"
        | "combat" | "power" | "event" | "vampire" | "imbued" | "political" => true,
        "modifier" => previous.eq_ignore_ascii_case("action"),
        _ => false,
    }
}

/// A heading that opens a deck's part, for telling two decks of one text
/// apart ([`part_marks`]): its 1-based line and its part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PartMark {
    /// The heading's 1-based line.
    pub line: usize,
    /// The part it opens.
    pub part: CardKind,
}

/// The headings of a text that open a crypt (`Crypt`, `Vampires`) or a
/// library (`Library`), in line order, when one of the two parts is opened
/// twice or more (a text of two decks may be); else none. Nearly every text
/// (one deck) is told by one search for the three words ([`words_at`]),
/// each counted only first on its line ([`first_word_at`]); only when a
/// part's word is counted twice are their lines read as headings.
pub(crate) fn part_marks(text: &str, words: &PageWords) -> Vec<PartMark> {
    let words = &words.parts;
    let count = |part| words.iter().filter(|(_, of)| *of == part).count();
    if count(CardKind::Crypt) < 2 && count(CardKind::Library) < 2 {
        return Vec::new();
    }
    let mut starts: Vec<usize> = words.iter().map(|(start, _)| *start).collect();
    starts.sort_unstable();
    starts.dedup();
    let mut lines = super::markup::LineCounter::new(text);
    let marks: Vec<PartMark> = starts
        .into_iter()
        .filter_map(|start| {
            let line = line_around(text, start);
            let part = part_of(line)?;
            Some(PartMark {
                line: lines.line_at(start),
                part,
            })
        })
        .collect();
    let twice = |kind| {
        marks
            .iter()
            .filter(|mark| mark.part == kind)
            .nth(1)
            .is_some()
    };
    if twice(CardKind::Crypt) || twice(CardKind::Library) {
        marks
    } else {
        Vec::new()
    }
}

/// The words of a heading that opens a part ([`PageWords::parts`]).
const PART_WORDS: [&[u8]; 3] = [b"crypt", b"library", b"vampire"];

/// The words every text is searched for, once ([`PageWords::of`]), and how
/// many of them are first: the key words of a heading of a list kept apart
/// ([`APART_KEY_WORDS`], and `side` for `Side deck`; a key word that holds
/// another, `sideboard` or `changes`, is found by the one it holds, at its
/// start), then [`PART_WORDS`].
static PAGE_WORDS: LazyLock<(Words, usize)> = LazyLock::new(|| {
    let (words, key_words) = page_word_list();
    (Words::new(&words, true), key_words)
});

/// The words of [`PAGE_WORDS`], and how many are key words.
fn page_word_list() -> (Vec<&'static [u8]>, usize) {
    let keys: Vec<&[u8]> = APART_KEY_WORDS
        .iter()
        .copied()
        .chain([&b"side"[..]])
        .collect();
    let holds = |word: &[u8], other: &[u8]| other.len() < word.len() && word.starts_with(other);
    let mut words: Vec<&'static [u8]> = keys
        .iter()
        .copied()
        .filter(|word| !keys.iter().any(|other| holds(word, other)))
        .collect();
    let key_words = words.len();
    words.extend(PART_WORDS);
    (words, key_words)
}

/// What one search of a text finds for a page's questions (is a list kept
/// apart? is a part opened twice?), so that nearly every text is told by it
/// alone.
pub(crate) struct PageWords {
    /// Whether a line of the text may be the heading of a list kept apart
    /// ([`apart_heading`]), for [`keep_apart`].
    pub apart: ApartHeadings,
    /// The lines whose first word is a part's (`crypt` or `library` in any
    /// case, `Vampire` or `VAMPIRE`, marks and BBCode tags before it): each
    /// line's start and that part, in order ([`part_marks`]).
    parts: Vec<(usize, CardKind)>,
}

/// What the one search of a text ([`PageWords::of`]) tells of the headings
/// of lists kept apart in it ([`apart_heading`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ApartHeadings {
    /// No key word of such a heading is written in the text (alone or not):
    /// no line of it is one, nor a line of a text made of its lines (a part
    /// of it, its quoted lines unquoted).
    NoKeyWord,
    /// Key words are written, in no such heading: no line of the text is
    /// one, nor a line of a part of it (its quoted lines, unquoted, are
    /// read again: their marks gone, a line may be one).
    NoHeading,
    /// A line of the text is such a heading, or the text was not searched.
    Maybe,
}

impl PageWords {
    /// Searches a text once for the words of a page's questions. The lines
    /// around its key words are read: whether one is the heading of a list
    /// kept apart (read once, however many key words they hold).
    pub(crate) fn of(text: &str) -> PageWords {
        let (words, key_words) = &*PAGE_WORDS;
        let bytes = text.as_bytes();
        let mut apart = ApartHeadings::NoKeyWord;
        let mut apart_read_to = 0;
        let mut parts = Vec::new();
        for (word, at) in words_at(text, words) {
            let Some(&part) = PART_WORDS.get(word.wrapping_sub(*key_words)) else {
                if apart != ApartHeadings::Maybe && at >= apart_read_to {
                    apart_read_to =
                        memchr::memchr(b'\n', &bytes[at..]).map_or(text.len(), |n| at + n);
                    apart = if apart_heading(line_around(text, at)) {
                        ApartHeadings::Maybe
                    } else {
                        ApartHeadings::NoHeading
                    };
                }
                continue;
            };
            // `Vampires` and `VAMPIRES`, not `vampires`.
            if part == b"vampire" && bytes[at] != b'V' {
                continue;
            }
            if let Some(start) = first_word_at(bytes, at, part) {
                let kind = if part == b"library" {
                    CardKind::Library
                } else {
                    CardKind::Crypt
                };
                parts.push((start, kind));
            }
        }
        PageWords { apart, parts }
    }
}

/// A few lower-case ASCII words searched for at once ([`words_at`]).
struct Words {
    /// The words of three letters or more, searched for together.
    long: LongWords,
    /// The shorter words (`sb`), each searched for alone (a search of many
    /// words at once by their first two bytes would stop everywhere), with
    /// its index in the list.
    short: Vec<(usize, memchr::memmem::Finder<'static>)>,
    /// The index in the list of each long word.
    long_index: Vec<usize>,
}

/// The words of three letters or more of [`Words`].
enum LongWords {
    /// Many bytes at once (SIMD), where the processor has it.
    Packed(aho_corasick::packed::Searcher),
    /// Elsewhere, an automaton.
    Automaton(aho_corasick::AhoCorasick),
}

impl Words {
    /// The searcher of `words` (lower-case ASCII letters), made once for
    /// all texts: the long words searched for many bytes at once when
    /// `packed` and the processor can, else by an automaton.
    fn new(words: &[&'static [u8]], packed: bool) -> Words {
        let (short, long): (Vec<_>, Vec<_>) = words
            .iter()
            .copied()
            .enumerate()
            .partition(|(_, word)| word.len() < 3);
        let long_words = long.iter().map(|(_, word)| word);
        let mut builder = aho_corasick::packed::Config::new().builder();
        builder.extend(long_words.clone());
        // The automaton finds what the packed searcher finds: the leftmost
        // place, the first word of the list there.
        let automaton = || {
            aho_corasick::AhoCorasick::builder()
                .match_kind(aho_corasick::MatchKind::LeftmostFirst)
                .build(long_words)
        };
        let searcher = match builder.build().filter(|_| packed) {
            Some(searcher) => LongWords::Packed(searcher),
            None => match automaton() {
                Ok(searcher) => LongWords::Automaton(searcher),
                Err(err) => unreachable!("a few short words make a searcher: {err}"),
            },
        };
        Words {
            long: searcher,
            long_index: long.iter().map(|(index, _)| *index).collect(),
            short: short
                .into_iter()
                .map(|(index, word)| (index, memchr::memmem::Finder::new(word)))
                .collect(),
        }
    }
}

/// Where `words` are written in a text, in any ASCII case: each place's
/// word (its index in [`Words::new`]'s list) and its byte offset, in order
/// of place (a long word's place overlapping one found before it is not
/// found). The one search a page's questions ask of every text (is a list
/// kept apart? is a part opened twice?), so that nearly every text is told
/// by it alone. A place inside another word is found too (`change` in
/// `Exchange`): the caller reads the line around it.
fn words_at(text: &str, words: &Words) -> Vec<(usize, usize)> {
    // Each byte with its 0x20 bit set: a letter in lower case (and other
    // bytes changed, which no word of letters matches), so that a word in
    // lower case is found in any case by a search of bytes as they are.
    let folded: Vec<u8> = text.bytes().map(|byte| byte | 0x20).collect();
    let long = |(word, at): (usize, usize)| (words.long_index[word], at);
    let mut found: Vec<(usize, usize)> = match &words.long {
        LongWords::Packed(searcher) => searcher
            .find_iter(&folded)
            .map(|found| long((found.pattern().as_usize(), found.start())))
            .collect(),
        LongWords::Automaton(searcher) => searcher
            .find_iter(&folded)
            .map(|found| long((found.pattern().as_usize(), found.start())))
            .collect(),
    };
    if !words.short.is_empty() {
        for (index, finder) in &words.short {
            found.extend(finder.find_iter(&folded).map(|at| (*index, at)));
        }
        found.sort_unstable_by_key(|&(word, at)| (at, word));
    }
    found
}

/// The start of the line when `word` is written at `at` (any case) as the
/// first word of its line: only marks before it (`## `, `=== `, `> `,
/// `**`, BBCode tags such as `[b]`), as a heading writes it.
fn first_word_at(bytes: &[u8], at: usize, word: &[u8]) -> Option<usize> {
    let written = bytes.get(at..at + word.len())?;
    if !written.eq_ignore_ascii_case(word) {
        return None;
    }
    let start = memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |n| n + 1);
    let mut in_tag = false;
    for &byte in &bytes[start..at] {
        match byte {
            b'[' => in_tag = true,
            b']' => in_tag = false,
            _ if !in_tag && byte.is_ascii_alphanumeric() => return None,
            _ => {}
        }
    }
    Some(start)
}

/// The part a heading opens: its `Crypt` or `Library`, or the crypt for a
/// heading of vampires (`Vampires (12)`); `None` for another line, or a
/// heading of library card types.
fn part_of(line: &str) -> Option<CardKind> {
    let found = heading(line)?;
    if found.part.is_some() {
        return found.part;
    }
    line.split(|c: char| !c.is_alphanumeric())
        .any(|word| word.eq_ignore_ascii_case("vampire") || word.eq_ignore_ascii_case("vampires"))
        .then_some(CardKind::Crypt)
}

/// The labels of a line that names the deck or its author (`Deck Name:`,
/// `Author:`): its name's words say nothing of the list after it.
const NAME_LABELS: [&str; 6] = ["deck name", "name", "deck", "title", "author", "created by"];

/// The key words of a heading of a list kept apart (`Sideboard:`,
/// `Changes:`, `Also considered`, `Maybe:`, `SB:`): such a list is no part of
/// the deck, nor a second deck. `Side` is one only before `board` or `deck`
/// (`The Dark Side of Politics` is a deck's name).
const APART_KEY_WORDS: [&[u8]; 16] = [
    b"sideboard",
    b"maybeboard",
    b"considering",
    b"considered",
    b"consider",
    b"change",
    b"changes",
    b"changed",
    b"alternative",
    b"alternatives",
    b"options",
    b"swaps",
    b"substitutes",
    b"extras",
    b"maybe",
    b"sb",
];

/// The other words a heading of a list kept apart may hold (`Side deck`,
/// `Possible changes`, `Cards also considered`): a line with a word of
/// neither list (`Change of Target`, a card) is no such heading.
const APART_FILLER_WORDS: [&[u8]; 25] = [
    b"side",
    b"board",
    b"boards",
    b"deck",
    b"decks",
    b"list",
    b"also",
    b"possible",
    b"potential",
    b"card",
    b"cards",
    b"other",
    b"some",
    b"suggested",
    b"recommended",
    b"my",
    b"the",
    b"to",
    b"for",
    b"and",
    b"or",
    b"of",
    b"since",
    b"last",
    b"time",
];

/// Whether a lower-case word is a key word of a heading of a list kept
/// apart ([`APART_KEY_WORDS`]).
fn apart_key(word: &[u8]) -> bool {
    APART_KEY_WORDS.contains(&word)
}

/// Whether a lower-case word is one of the other words of a heading of a
/// list kept apart ([`APART_FILLER_WORDS`]).
fn apart_filler(word: &[u8]) -> bool {
    APART_FILLER_WORDS.contains(&word)
}

/// Whether a line is the heading of a list kept apart from the deck
/// (`Sideboard:`, `Side deck (8)`, `Maybe:`, `Considering`, `Changes:`,
/// `[b]SB[/b]`): every word of it (six at most) is one of such a heading's
/// ([`APART_KEY_WORDS`], [`APART_FILLER_WORDS`]), one at least a key word (or `side
/// board`, `side deck`), numbers anywhere but first, in any case and any
/// decoration.
pub(crate) fn apart_heading(line: &str) -> bool {
    if line.as_bytes().first().is_none_or(u8::is_ascii_digit) {
        return false;
    }
    let trimmed = line.trim();
    if trimmed.len() > 80 {
        return false;
    }
    let line = without_bbcode_style(trimmed);
    let mut key = false;
    let mut words = 0;
    let mut previous = String::new();
    for token in line.split(|c: char| !c.is_alphanumeric()) {
        if token.is_empty() || token.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        words += 1;
        let word = token.to_lowercase();
        let side = previous == "side" && matches!(word.as_str(), "board" | "boards" | "deck");
        if side || apart_key(word.as_bytes()) {
            key = true;
        } else if !apart_filler(word.as_bytes()) {
            return false;
        }
        previous = word;
    }
    key && words <= 6
}

/// Whether a line of a text is the heading of a list kept apart
/// ([`apart_heading`]), as the one search of the text tells
/// ([`PageWords::of`]: only the lines that hold a key word are read).
fn has_apart_heading(text: &str) -> bool {
    PageWords::of(text).apart == ApartHeadings::Maybe
}

/// A text with its lists kept apart blanked ([`keep_apart`]).
pub(crate) struct Apart {
    /// The text to read: the lists' headings and card lines blank, on the
    /// text's own lines.
    pub text: String,
    /// Each list kept apart, for the deck's `sideboard_apart`.
    pub kept: Vec<KeptApart>,
}

/// Keeps apart the lists of a text that are not its deck (a sideboard, a
/// maybe list, changes): the lines under a heading that says such a list
/// follows ([`apart_heading`]), up to the next heading that opens a part
/// not opened above it (`Crypt`, `Library`: a part opened again is the
/// list's own, and a card type's heading belongs to the list), the next line
/// that names a deck or its author (`Deck Name:`), the next such heading,
/// or the end. The heading and the lines under it are blanked but prose
/// (lines that read as sentences, blank lines), so that no layout reads them
/// as cards or their counts as the deck's. A list with no card line with a
/// count (`Changes:` over prose or bare lines), and one above the deck's
/// first part that a part's heading ends (`Suggested changes:` in a TWDA
/// entry's description), are left as they are. `None` for a text of no such
/// list (nearly every text, told by one search of its bytes; the caller
/// asks only for a text that may hold one, [`PageWords::apart`]).
pub(crate) fn keep_apart(text: &str) -> Option<Apart> {
    if !has_apart_heading(text) {
        return None;
    }
    let lines: Vec<&str> = vtesdeck_deck::raw::lines(text).collect();
    let slot = |part: CardKind| usize::from(part == CardKind::Library);
    // Each list: its heading's index and the index after its last line.
    let mut lists: Vec<(usize, usize)> = Vec::new();
    let mut opened = [false; 2];
    let mut open: Option<(usize, [bool; 2])> = None;
    for (at, line) in lines.iter().enumerate() {
        let part = heading(line).and_then(|found| found.part);
        let starts = apart_heading(line);
        if let Some((start, before)) = open {
            let opens_part = part.is_some_and(|part| !before[slot(part)]);
            if starts || names_deck(line) || opens_part {
                // A list above the deck's first part is its description's
                // (`Suggested changes:` in a TWDA entry's header): no list.
                if !opens_part || before.contains(&true) {
                    lists.push((start, at));
                }
                open = None;
            }
        }
        if let (Some(part), None) = (part, open) {
            opened[slot(part)] = true;
        }
        if starts {
            open = Some((at, opened));
        }
    }
    if let Some((start, _)) = open {
        lists.push((start, lines.len()));
    }
    let mut blank = vec![false; lines.len()];
    let mut kept = Vec::new();
    for (start, end) in lists {
        let under: Vec<(usize, UnderApart)> = (start + 1..end)
            .map(|at| (at, under_apart(lines[at])))
            .collect();
        // A list of bare lines only may be prose: only counts tell cards.
        if !under
            .iter()
            .any(|(_, line)| matches!(line, UnderApart::Card { counted: true, .. }))
        {
            continue;
        }
        let mut card_lines = Vec::new();
        let mut cards = 0u32;
        blank[start] = true;
        for (at, line) in under {
            match line {
                UnderApart::Card { copies, .. } => {
                    card_lines.push(at + 1);
                    cards = cards.saturating_add(copies);
                    blank[at] = true;
                }
                UnderApart::Heading => blank[at] = true,
                UnderApart::Prose => {}
            }
        }
        kept.push(KeptApart {
            line: start + 1,
            heading: lines[start].trim().to_string(),
            lines: card_lines,
            cards,
        });
    }
    if kept.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    for (line, blank) in lines.iter().zip(&blank) {
        if !blank {
            out.push_str(line);
        }
        out.push('\n');
    }
    Some(Apart { text: out, kept })
}

/// What a line under the heading of a list kept apart is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum UnderApart {
    /// A card line: its copies (a count that cannot be read is 0), and
    /// whether a count is written.
    Card { copies: u32, counted: bool },
    /// A heading (a card type's, a part's opened again): no card line, but
    /// no layout's either.
    Heading,
    /// Prose, blank or markup: left for the layout.
    Prose,
}

/// What a line under the heading of a list kept apart is: a heading known
/// by its words; a card line, a count and a name-like rest (`4x
/// Deflection`, `Deflection x4`, a change `+2 Deflection`, `-1 Dodge`, a
/// crypt row with its columns) or a bare name-like line (one copy); else
/// prose.
fn under_apart(line: &str) -> UnderApart {
    if heading(line).is_some() {
        return UnderApart::Heading;
    }
    let unwrapped = super::card_line::unwrap_markup(line);
    let text = super::card_line::strip_comment(unwrapped.trim());
    let text = text
        .strip_prefix(['+', '-', '−'])
        .filter(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
        .unwrap_or(text);
    if let Some(split) = super::card_line::split(text) {
        // A crypt row's columns after its name make it longer than a name.
        let name: Vec<&str> = split.name.split_whitespace().take(8).collect();
        let sentence = split.name.trim_end().ends_with(['.', '!', '?']);
        if !sentence && vtesdeck_deck::raw::name_like(&name.join(" ")) {
            return UnderApart::Card {
                copies: split.count.parse().unwrap_or(0),
                counted: true,
            };
        }
    }
    let bare = text.trim();
    if vtesdeck_deck::raw::name_like(bare) && !bare.ends_with([':', ',', ';']) {
        return UnderApart::Card {
            copies: 1,
            counted: false,
        };
    }
    UnderApart::Prose
}

/// Whether a line names a deck or its author (`Deck Name: Wonder Twins`,
/// `Author: Ann`): a list kept apart ends there.
fn names_deck(line: &str) -> bool {
    line.split_once(':').is_some_and(|(label, _)| {
        let label = label.trim().to_lowercase();
        NAME_LABELS.contains(&label.as_str())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_are_known_by_their_words_in_any_decoration() {
        for (line, part, count) in [
            ("Masters:", None, None),
            ("Action Modifiers (12)", None, Some(12)),
            ("=== Political Action: 10 ===", None, Some(10)),
            ("— Master (11) —", None, Some(11)),
            ("Combat cards (12)", None, Some(12)),
            ("REACTIONS [10]", None, Some(10)),
            ("__allies__ (2)", None, Some(2)),
            ("Action Modifier/Combat (4)", None, Some(4)),
            ("Master (13; 2 trifle)", None, Some(13)),
            ("## Crypt (12)", Some(CardKind::Crypt), Some(12)),
            ("LIBRARY: 90 cards", Some(CardKind::Library), Some(90)),
            (
                "Crypt (12 cards, min=8, max=26, avg=4.42)",
                Some(CardKind::Crypt),
                Some(12),
            ),
            ("~ equipment ~", None, None),
            ("Vampires", None, None),
            ("[b]Crypt (12)[/b]", Some(CardKind::Crypt), Some(12)),
            ("[u]*** Masters (15) ***[/u]", None, Some(15)),
            ("[size=120][B]Allies[/B][/size]", None, None),
        ] {
            assert_eq!(heading(line), Some(Heading { part, count }), "{line:?}");
        }
        for line in [
            "2x Deflection",
            "Modifier",
            "Masterpiece (2)",
            "Political Hunting Ground",
            "Political Ally",
            "Political",
            "Combo (8)",
            "Thanks!",
            "",
            "Action Modifiers are great, aren't they?",
        ] {
            assert_eq!(heading(line), None, "{line:?}");
        }
    }

    #[test]
    fn a_quoted_deck_is_read_as_its_text_and_a_signature_is_blanked() {
        let text = "Nice deck!\n\nOn Monday, Ann wrote:\n> Crypt (2)\n>> 2x Alma Test\n\
                    > > Library:\n3 Test Bleed>>\n> -- \n> Ann\n\n-- \nBob\n";
        let page = unquote(text);
        let lines: Vec<&str> = page.text.lines().collect();
        assert_eq!(
            lines,
            [
                "Nice deck!",
                "",
                "On Monday, Ann wrote:",
                "Crypt (2)",
                "2x Alma Test",
                "Library:",
                "3 Test Bleed",
                "",
                "",
                "",
                "",
                ""
            ]
        );
        assert_eq!(page.blanked, [8, 9, 11, 12]);
        // A quote of prose only, and a `--` separating cards, are left as written.
        for text in [
            "> I liked it.\n2x Alma Test\n",
            "Seating:\n> 1 Ann (Toreador)\n> 2 Bob (Brujah)\n",
            "Crypt\n--\n2x Alma Test\n",
            "2x Alma Test\n--->\n",
            "2x Alma Test\n>",
            ">",
        ] {
            let page = unquote(text);
            assert!(matches!(page.text, Cow::Borrowed(_)), "{text:?}");
        }
    }

    #[test]
    fn the_headings_that_open_a_part_are_marked_when_a_part_opens_twice() {
        let marks = |text: &str| -> Vec<(usize, CardKind)> {
            part_marks(text, &PageWords::of(text))
                .into_iter()
                .map(|mark| (mark.line, mark.part))
                .collect()
        };
        let (crypt, library) = (CardKind::Crypt, CardKind::Library);
        let text = "## Crypt (12)\n1x Library Hunting Ground\n[b]LIBRARY[/b]\n\
                    Some vampires and a crypt.\n> Vampires:\n=== library ===\n";
        assert_eq!(
            marks(text),
            [(1, crypt), (3, library), (5, crypt), (6, library)]
        );
        // Each part opened once (a card or prose naming one is no heading):
        // nothing marked.
        for text in [
            "Crypt (12 cards)\n2x Cryptic Mission\nLibrary (90 cards)\n1x Library Hunting Ground\n",
            "Library:\n2x Deflection\nCrypt:\n12x Nathan Turner\nMy crypt, my library.\n",
            "Crypt\nCrypt cards with titles\n",
        ] {
            assert!(marks(text).is_empty(), "{text}");
        }
    }

    #[test]
    fn a_heading_of_a_list_kept_apart_is_known_by_all_its_words() {
        for line in [
            "Sideboard:",
            "Side deck (8)",
            "Maybe:",
            "Considering",
            "Changes:",
            "[b]Sideboard[/b]",
            "## SIDEBOARD (4 cards)",
            "=== Side Board ===",
            "SB:",
            "Maybeboard",
            "Cards also considered:",
            "Possible changes",
            "[b]Changes[/b]",
            "Also considered",
            "Changes since last time:",
        ] {
            assert!(apart_heading(line), "{line:?}");
        }
        for line in [
            "Change of Target",
            "1x Change of Target",
            "4x Deflection",
            "Deck Name: Sideboard Blues",
            "Changes I will take into consideration:",
            "changes from tournaments:",
            "The Dark Side of Politics",
            "Maybe next time, I would play more combat.",
            "Library (60 cards)",
            "Deck Name: Wonder Twins",
            "Deck Name: Malk midcap SB with a twist",
            "Name: What changes",
            "I would change 2 of the masters for more combat next time, says Bob.",
            "",
        ] {
            assert!(!apart_heading(line), "{line:?}");
        }
    }

    /// The one search of a text ([`PageWords::of`], [`has_apart_heading`])
    /// finds every heading of a list kept apart that reading every line
    /// finds: lines of one to three words of such a heading (and others),
    /// in four cases, under every decoration and count, among lines that
    /// hold key words inside other words.
    #[test]
    fn the_search_of_a_text_finds_every_heading_of_a_list_kept_apart() {
        let mut words: Vec<String> = APART_KEY_WORDS
            .iter()
            .chain(&APART_FILLER_WORDS)
            .map(|word| String::from_utf8_lossy(word).into_owned())
            .collect();
        words.extend(["deflection", "crypt", "ideas", "x"].map(String::from));
        let cased = |word: &str| {
            let mut title = word.to_string();
            title[..1].make_ascii_uppercase();
            let mixed: String = word
                .chars()
                .enumerate()
                .map(|(at, c)| {
                    if at % 2 == 1 {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    }
                })
                .collect();
            [word.to_string(), word.to_uppercase(), title, mixed]
        };
        let around = "Exchange of ideas, inside: husband in Lisbon\n2x Alma Test\n";
        assert!(!around.split('\n').any(apart_heading));
        let mut taken = 0;
        for first in &words {
            for second in std::iter::once("").chain(words.iter().map(String::as_str)) {
                for third in ["", "cards", "deck", "changes"] {
                    for case in 0..4 {
                        let text = [first.as_str(), second, third]
                            .iter()
                            .filter(|word| !word.is_empty())
                            .map(|word| cased(word)[case].clone())
                            .collect::<Vec<_>>()
                            .join(" ");
                        for (before, after) in [
                            ("", ""),
                            ("", ":"),
                            ("## ", " (8)"),
                            ("[b]", "[/b]"),
                            ("=== ", " ==="),
                            ("**", ":** (4)"),
                            ("- ", " [3]"),
                        ] {
                            let line = format!("{before}{text}{after}");
                            let page = format!("{around}{line}\n{around}");
                            let heading = apart_heading(&line);
                            assert_eq!(has_apart_heading(&page), heading, "{line:?}");
                            taken += usize::from(heading);
                        }
                    }
                }
            }
        }
        assert!(taken > 1000, "{taken}");
    }

    /// The one search of a text finds what a look at every byte finds: the
    /// lines whose first word is a part's, and whether a key word of a list
    /// kept apart is written; and whether a line is the heading of one, as
    /// reading every line finds; on texts made of lines drawn from headings,
    /// card lines and prose, in every case.
    #[test]
    fn the_search_of_a_text_finds_what_a_look_at_every_byte_finds() {
        let pool = [
            "## Crypt (12)",
            "[b]LIBRARY[/b]",
            "> Vampires:",
            "VAMPIRES (12)",
            "vampires:",
            "=== library ===",
            "Cryptic Mission",
            "2x Library Hunting Ground",
            "Some vampires and a crypt.",
            "**Crypt:** (14)",
            "Sideboard:",
            "[i]SB[/i]",
            "Exchange of ideas with my husband in Lisbon",
            "the vampirextras, sidecrypt and swapslibrary",
            "Alternatives considered",
            "4x Deflection",
            "",
            "  - cRyPt -",
            "Maybe",
        ];
        let recase = |line: &str, seed: u64| -> String {
            line.chars()
                .enumerate()
                .map(|(at, c)| match (seed >> (at % 60)) & 3 {
                    0 => c.to_ascii_uppercase(),
                    1 => c.to_ascii_lowercase(),
                    _ => c,
                })
                .collect()
        };
        let every_byte = |text: &str| -> Vec<(usize, CardKind)> {
            let bytes = text.as_bytes();
            (0..bytes.len())
                .filter_map(|at| {
                    PART_WORDS.iter().find_map(|&word| {
                        if word == b"vampire" && bytes[at] != b'V' {
                            return None;
                        }
                        let start = first_word_at(bytes, at, word)?;
                        let library = word == b"library";
                        Some((
                            start,
                            if library {
                                CardKind::Library
                            } else {
                                CardKind::Crypt
                            },
                        ))
                    })
                })
                .collect()
        };
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let automaton = Words::new(&page_word_list().0, false);
        assert!(matches!(automaton.long, LongWords::Automaton(_)));
        let (mut found, mut headings) = (0, 0);
        for _ in 0..3000 {
            let mut text = String::new();
            for _ in 0..next() % 9 {
                let seed = next();
                let line = pool[(seed % pool.len() as u64) as usize];
                text.push_str(&recase(line, seed >> 8));
                text.push('\n');
            }
            let words = PageWords::of(&text);
            assert_eq!(words.parts, every_byte(&text), "{text:?}");
            let lower = text.to_ascii_lowercase();
            let key_word = APART_KEY_WORDS
                .iter()
                .chain([&&b"side"[..]])
                .any(|word| lower.contains(std::str::from_utf8(word).unwrap_or("?")));
            assert_eq!(
                words.apart != ApartHeadings::NoKeyWord,
                key_word,
                "{text:?}"
            );
            // A heading among the lines, as reading every line tells.
            let heading = text.lines().any(apart_heading);
            assert_eq!(words.apart == ApartHeadings::Maybe, heading, "{text:?}");
            headings += usize::from(heading);
            // Where the processor has no SIMD, the automaton finds the same.
            assert_eq!(
                words_at(&text, &automaton),
                words_at(&text, &PAGE_WORDS.0),
                "{text:?}"
            );
            found += words.parts.len();
        }
        assert!(found > 1000, "{found}");
        assert!(headings > 300 && headings < 2900, "{headings}");
    }

    #[test]
    fn a_list_kept_apart_is_blanked_to_the_next_part_heading_and_said() {
        // Plain, a type heading inside the sideboard, the library after it.
        let text = "Crypt (12)\n12x Alma Test\n\nSideboard:\nCombat (3)\n3x Test Punch\n\
                    Test Dodge\n\nLibrary (60)\n60x Test Bleed\nMaybe:\n1x Nothing Such\n";
        let apart = keep_apart(text).expect("two lists");
        let lines: Vec<&str> = apart.text.lines().collect();
        assert_eq!(
            lines,
            [
                "Crypt (12)",
                "12x Alma Test",
                "",
                "",
                "",
                "",
                "",
                "",
                "Library (60)",
                "60x Test Bleed",
                "",
                ""
            ]
        );
        let kept: Vec<(usize, &str, &[usize], u32)> = apart
            .kept
            .iter()
            .map(|list| {
                (
                    list.line,
                    list.heading.as_str(),
                    &list.lines[..],
                    list.cards,
                )
            })
            .collect();
        assert_eq!(
            kept,
            [
                (4, "Sideboard:", &[6, 7][..], 4),
                (11, "Maybe:", &[12][..], 1)
            ]
        );
        // A part opened again is the list's own; prose under it is kept.
        let text = "Crypt (12)\n12x Alma Test\nLibrary (60 cards)\n60x Test Bleed\n\
                    Side deck\nLibrary (2 cards)\n2x Test Punch\n\
                    Thanks for reading, see you at the next event!\n";
        let row = "Crypt (12)\n12x Alma Test\nLibrary (1)\n1x Test Bleed\nSideboard\n\
                   1x Lucita  11  CEL DOM FOR OBT POT pri tha  cardinal  Lasombra:2\n";
        let apart = keep_apart(row).expect("a crypt row");
        assert_eq!(
            (apart.kept[0].lines.as_slice(), apart.kept[0].cards),
            (&[6][..], 1)
        );
        let apart = keep_apart(text).expect("a side deck");
        assert_eq!(
            apart.text,
            "Crypt (12)\n12x Alma Test\nLibrary (60 cards)\n60x Test Bleed\n\n\n\n\
             Thanks for reading, see you at the next event!\n"
        );
        assert_eq!(apart.kept[0].lines, [7]);
        // A deck's name ends the list: the next deck's cards are no list's.
        let text = "Changes:\n+1 Test Punch\nDeck Name: Next\n2x Alma Test\n";
        let apart = keep_apart(text).expect("changes");
        assert_eq!(apart.text, "\n\nDeck Name: Next\n2x Alma Test\n");
        // A heading over prose or bare lines only, a list in the
        // description above the deck, and a text of no such heading, are
        // left as they are.
        for text in [
            "Changes:\nI would play more combat next time.\n\nCrypt (1)\n1x Alma Test\n",
            "Crypt (1)\n1x Alma Test\nMaybe:\n- add a Pentex\nThanks\n",
            "Possible changes:\n+1 Test Punch\n\nCrypt (1)\n1x Alma Test\nLibrary (1)\n1x Test Bleed\n",
            "Crypt (12)\n12x Alma Test\n1x Change of Target\n",
        ] {
            assert!(keep_apart(text).is_none(), "{text}");
        }
    }

    #[test]
    fn a_markdown_table_is_read_row_by_row_its_cells_apart() {
        let text = "## Crypt (3)\n\n| Qty | Vampire | Cap |\n|---:|---|---:|\n| 2 | Alu | 2 |\n\
                    | 1 | Basir | 1 |\n\nA line | with a pipe\n";
        let read = unquote(text);
        assert_eq!(
            read.text,
            "## Crypt (3)\n\nQty\tVampire\tCap\n\n2\tAlu\t2\n1\tBasir\t1\n\nA line | with a pipe\n"
        );
        // No separator row, no table: the text as it is.
        let plain = "| 2 | Alu |\n";
        assert!(matches!(unquote(plain).text, Cow::Borrowed(_)));
        // A separator row that starts `|:--`, after a line with a pipe.
        let aligned = "a | b\n| 2 | Alu |\n|:---|---:|\n";
        assert_eq!(unquote(aligned).text, "a | b\n2\tAlu\n\n");
    }

    #[test]
    fn heading_counts_are_written_after_the_words() {
        use vtesdeck_deck::raw::heading_count_mark;
        for text in [
            "Combo (8)",
            "Bleed [6]",
            "Tricks: 52",
            "Support - 62",
            "Toolbox — 24",
        ] {
            assert!(heading_count_mark(text), "{text:?}");
        }
        for text in ["Deflection", "Blood Doll x4", "Pier 13, Port of Baltimore"] {
            assert!(!heading_count_mark(text), "{text:?}");
        }
    }

    #[test]
    fn name_like_rests() {
        use vtesdeck_deck::raw::name_like;
        assert!(name_like("Deflection"));
        assert!(name_like(".44 Magnum"));
        assert!(!name_like("of its 3 games in the final round."));
        assert!(!name_like("see http://example.org"));
        assert!(!name_like("a b c d e f g h i"));
        assert!(!name_like("Post by Kraus » 2012-05-26 21:"));
        assert!(!name_like("posted 26/05 at 21:14"));
        assert!(name_like("Channel 10"));
        assert!(name_like("419 Operation"));
    }
}
