//! A crypt row after its count, as the TWDA and most lists write it: the
//! name, a printing tag, the columns (capacity, disciplines, title, clan,
//! group); and what a reader keeps of the rows it has read ([`CryptRows`]).

use vtesdeck_cards::{split_printing_suffix, Group, PrintingHint, CAPACITIES};
use vtesdeck_deck::crypt_columns::WrittenColumns;
use vtesdeck_deck::raw::trim_line;
use vtesdeck_deck::text_memo::TextMemo;

/// Where `needle`, which holds a `-`, first appears in `text`: found from
/// the dashes, rare in crypt rows, with a vectorised byte search (a crypt row
/// is long: its columns follow the name).
///
/// Kept on a measure (issue 31), with the window scan of `twd::library_name`:
/// with one search for both in their place, the whole-TWDA `check --quiet`
/// ran more instructions (callgrind, medians of 5 runs, of 428.2M):
/// `memchr::memmem::Finder`s made once +11.7M (2.7%), a window scan +19.0M,
/// `memchr::memmem::find` +22.2M, `str::find` +57.4M. The test
/// `dashes_are_found_where_a_text_search_finds_them` compares both with
/// `str::find`.
pub(crate) fn find_dashed(text: &str, needle: &str) -> Option<usize> {
    // A byte loop on the needle (a constant: worked out when compiled).
    let dash = needle.bytes().position(|b| b == b'-')?;
    memchr::memchr_iter(b'-', text.as_bytes())
        .filter_map(|at| at.checked_sub(dash))
        .find(|&start| text.as_bytes()[start..].starts_with(needle.as_bytes()))
}

/// A crypt line after the count: the name, the printing hint (the written tag,
/// else the group of the columns) and the group the columns give.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CryptRow<'t> {
    /// The name, tag and columns removed.
    pub name: &'t str,
    /// The tag written after the name, else the columns' group.
    pub hint: PrintingHint,
    /// The columns after the name (capacity, disciplines, title, clan,
    /// group), when the line has them.
    pub columns: Option<WrittenColumns<'t>>,
}

/// A crypt row as [`crypt_row`] reads it, its texts as byte ranges of
/// the row: what [`crypt_row`] keeps of each row it reads.
#[derive(Debug, Clone, Copy)]
struct CryptRowParts {
    /// Where the name starts and ends.
    name: (u8, u8),
    /// The printing hint.
    hint: PrintingHint,
    /// Where the columns start and end, and their group.
    columns: Option<(u8, u8, Option<Group>)>,
}

impl CryptRowParts {
    /// The parts of a row read from `text` (its texts are slices of it);
    /// `None` for a text too long for byte ranges of one byte each.
    fn of(row: &CryptRow, text: &str) -> Option<CryptRowParts> {
        // A part that is not a slice of the text (none is) is not kept.
        let range = |part: &str| {
            let start = (part.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
            let end = start + part.len();
            text.get(start..end)?;
            Some((u8::try_from(start).ok()?, u8::try_from(end).ok()?))
        };
        let columns = match &row.columns {
            Some(columns) => {
                let (start, end) = range(columns.text())?;
                Some((start, end, columns.group()))
            }
            None => None,
        };
        Some(CryptRowParts {
            name: range(row.name)?,
            hint: row.hint,
            columns,
        })
    }

    /// The row these parts were taken from, read from the same text.
    fn row(self, text: &str) -> CryptRow<'_> {
        let slice = |start: u8, end: u8| &text[usize::from(start)..usize::from(end)];
        CryptRow {
            name: slice(self.name.0, self.name.1),
            hint: self.hint,
            columns: self
                .columns
                .map(|(start, end, group)| WrittenColumns::read_before(slice(start, end), group)),
        }
    }
}

/// The crypt rows a reader of many decks has read, by their text (the TWDA
/// writes the same rows again and again: 35k crypt rows, 14k different
/// ones): kept from one deck to the next, as [`CryptRowParts`]. Kept on a
/// measure (issue 31): without it, the whole-TWDA `check --quiet` ran 14.8M
/// more instructions (430.0M to 444.7M, 3.4%; callgrind, medians of 5 runs).
#[derive(Debug, Default)]
pub(crate) struct CryptRows {
    memo: TextMemo<CryptRowParts>,
}

impl CryptRows {
    /// [`crypt_row`], a row read before not read again (the parts it gave
    /// for the same text are taken).
    pub(crate) fn row<'t>(&self, rest: &'t str) -> CryptRow<'t> {
        let place = self.memo.place(rest);
        if let Some(parts) = place.value() {
            return parts.row(rest);
        }
        let row = crypt_row(rest);
        if let Some(parts) = CryptRowParts::of(&row, rest) {
            place.keep(parts);
        }
        row
    }
}

/// Splits a crypt line after the count into the name and a printing hint:
/// `Theo Bell (ADV)   7  CEL POT PRE dom  Brujah:2` gives `Theo Bell`,
/// advanced, group 2. A line without columns is taken whole as the name.
pub(crate) fn crypt_row(rest: &str) -> CryptRow<'_> {
    let mut hint = PrintingHint::default();
    // A ` -- comment` ends the row.
    let rest = match find_dashed(rest, " -- ") {
        Some(at) => &rest[..at],
        None => rest,
    };
    let mut columns = None;
    let name_part = match capacity_column(rest) {
        Some((name_end, offset)) => {
            columns = WrittenColumns::new(&rest[offset..]);
            hint.group = columns.as_ref().and_then(WrittenColumns::group);
            &rest[..name_end]
        }
        None => rest,
    };
    // `trim_line` trims as `str::trim` does: the name needs no other trim.
    let (name, suffix) = split_printing_suffix(trim_line(name_part));
    if suffix.advanced.is_some() {
        hint.advanced = suffix.advanced;
    }
    if suffix.group.is_some() {
        hint.group = suffix.group;
    }
    CryptRow {
        name,
        hint,
        columns,
    }
}

/// Where the columns of a crypt row start (after the name): at its first word,
/// the first excepted, that reads as a capacity and has a word after it; and
/// where the word before it ends (the name's end, the white space between
/// them not read again). An ASCII row (nearly every row) is split by a byte
/// loop, on the white space of [`char::is_whitespace`] as
/// [`str::split_whitespace`] splits; another row by that method
/// ([`capacity_in_words`]).
pub(crate) fn capacity_column(row: &str) -> Option<(usize, usize)> {
    if !row.is_ascii() {
        return capacity_in_words(row);
    }
    let bytes = row.as_bytes();
    let mut at = 0;
    // The end of the word before (none before the first word).
    let mut word_end = None;
    loop {
        while at < bytes.len() && is_ascii_white(bytes[at]) {
            at += 1;
        }
        if at == bytes.len() {
            return None;
        }
        let start = at;
        while at < bytes.len() && !is_ascii_white(bytes[at]) {
            at += 1;
        }
        if let Some(end) = word_end {
            if is_capacity(&row[start..at]) && bytes[at..].iter().any(|&b| !is_ascii_white(b)) {
                return Some((end, start));
            }
        }
        word_end = Some(at);
    }
}

/// Whether an ASCII byte is white space to [`char::is_whitespace`] (a space,
/// `\t` to `\r`): one comparison for the bytes of a word.
pub(crate) fn is_ascii_white(byte: u8) -> bool {
    byte <= b' ' && (byte == b' ' || (b'\t'..=b'\r').contains(&byte))
}

/// [`capacity_column`] for any row: its words as [`str::split_whitespace`] gives them.
pub(crate) fn capacity_in_words(row: &str) -> Option<(usize, usize)> {
    let mut words = row
        .split_whitespace()
        .map(|word| (word.as_ptr() as usize - row.as_ptr() as usize, word))
        .peekable();
    let (mut before, mut before_word) = words.next()?;
    while let Some((at, word)) = words.next() {
        if is_capacity(word) && words.peek().is_some() {
            return Some((before + before_word.len(), at));
        }
        (before, before_word) = (at, word);
    }
    None
}

/// Whether a word of a crypt row reads as a capacity: a number up to the
/// largest of [`CAPACITIES`] (`7`, `07`, `+5`; `0` too, which the columns then
/// refuse).
pub(crate) fn is_capacity(word: &str) -> bool {
    word.len() <= 2 && word.parse::<u8>().is_ok_and(|c| c <= *CAPACITIES.end())
}
