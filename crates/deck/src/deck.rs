//! A deck resolved against the card database ([`Deck`]): its crypt and
//! library entries, the lines that named no card with their suggestions, and
//! how each line was read when not literally; and the resolution itself, a
//! read deck's lines to cards ([`Deck::from_raw`]).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use vtesdeck_cards::{
    Card, CardDb, CardId, CardKind, Group, Lookup, NameForm, PrintingHint, Printings,
};

use crate::crypt_columns::{Column, CryptColumns, KnownColumns, WrittenColumns};
use crate::name_forms::{article_forms, number_forms};
use crate::raw::{self, CountPlace, DeckMeta, DeclaredCounts, Format, LineKind, RawDeck, RawLine};

/// Most copies of one card a deck holds, and a card line gives: a line that
/// would take a card past it (added to the lines before) is not read, so
/// that no deck vtesdeck reads is one it cannot write and read back.
pub const MAX_CARD_COUNT: u32 = 999;

/// How many lines of one deck that are not an exact card name get the close
/// spelling search (a few milliseconds each against the whole database); the
/// rest are matched exactly only, so that a huge file of junk stays fast.
pub const MAX_FUZZY_LINES: usize = 500;

/// How many characters of a line a problem quotes ([`excerpt`]).
pub const EXCERPT_CHARS: usize = 80;

/// A line as shown in a problem: a short, printable excerpt. At most
/// 80 characters of it (`…` when there were more), control
/// characters but tab escaped (`\u{1b}`), and so are the invisible ones that
/// reorder or hide text (bidirectional overrides, zero-width characters, the
/// byte order mark). The one way every message quotes the text of an
/// input (the readers call it `screen::shorten`): a line of a file a folder
/// holds never reaches a terminal, a job log or an annotation whole.
pub fn excerpt(line: &str) -> String {
    let mut out = String::new();
    for c in line.chars().take(EXCERPT_CHARS) {
        if (c.is_control() && c != '\t') || is_invisible(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    if line.chars().nth(EXCERPT_CHARS).is_some() {
        out.push('…');
    }
    out
}

/// Whether a character is one of the invisible format characters that
/// change how the text around it shows: bidirectional marks, embeddings,
/// overrides and isolates, zero-width spaces and joiners, word joiners and
/// invisible operators, the byte order mark, interlinear annotation marks.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{061c}'
            | '\u{200b}'..='\u{200f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{2069}'
            | '\u{feff}'
            | '\u{fff9}'..='\u{fffb}'
    )
}

/// Bytes of names one line compares with every card name for close
/// spellings, in all: its name, its other reading, the texts before its
/// comment marks, in that order, each searched while it fits what is left
/// (a name longer than that gets no close spelling search: no card name is
/// as long). The search's budget per line: a search costs about its length
/// times every card name's (some 0.1 ms a byte against the official card
/// list), so a line costs at most one search of the longest key ranked,
/// and a file at most [`MAX_FUZZY_LINES`] of those, whatever its lines hold.
pub const FUZZY_LINE_BYTES: usize = 64;

/// Crypt cards each player starts with, dealt to the uncontrolled region: the
/// starting crypt of `draw` and `transfers`, and the number of capacities the
/// `min` and `max` of a TWD crypt header sum.
pub const STARTING_CRYPT: u32 = 4;

/// Library cards in each player's opening hand.
pub const OPENING_HAND: u32 = 7;

/// One card of a deck and its number of copies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeckCard {
    /// The card.
    pub id: CardId,
    /// Copies.
    pub count: u32,
    /// The first line that names it (1-based).
    pub line: usize,
}

/// How a card line was read when it was not read literally: the `read_as`
/// of `parse --json`, the `name-corrected`, `printing-chosen`,
/// `count-after-name` and `count-labelled` checks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReadAs {
    /// 1-based line number.
    pub line: usize,
    /// The line as typed.
    pub typed: String,
    /// What was not literal.
    pub how: ReadHow,
    /// The card the line was read as.
    #[serde(skip)]
    pub card: CardId,
    /// Copies read from the line.
    #[serde(skip)]
    pub count: u32,
    /// What the reader did, in a sentence (`Tara has no G6 printing`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// What was not literal in a card line. Exact names, Aka names, and the
/// article, punctuation, accent and `(TM)` forms are literal and get none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReadHow {
    /// A close spelling of a card name (`Deflektion`).
    Misspelling,
    /// The part of a longer name before its comma (`Pier 13`).
    ShortName,
    /// A nickname or old name (`Con Boon`).
    Alias,
    /// The initials of a card's name (`DI`, `GtU`): the whole name written is
    /// an abbreviation of the project's table.
    Abbreviation,
    /// The name lacks a `the` the card's name has (`Dreams of Sphinx`).
    ArticleMissing,
    /// Digits or ordinals for number words, or back (`2nd Tradition`).
    NumberWords,
    /// Text after the name that is not a recognised comment was left out
    /// (`Deflection (great)`).
    TextIgnored,
    /// The name has several printings and the line named none: one of those
    /// that fit the crypt's groups was taken (a guess among several).
    PrintingChosen,
    /// The name has several printings and the line named none, but only one
    /// of them fits the crypt's groups: that one was taken (no guess).
    PrintingFits,
    /// The tag names a printing the card does not have (`Tara (G6)`): the one
    /// that exists was taken.
    PrintingMissing,
    /// The written tag and the columns (capacity, disciplines, title, clan,
    /// group) name different printings: the tag was followed.
    PrintingConflict,
    /// The columns of a crypt row fit no printing of the name, or disagree
    /// with each other: the closest printing was taken.
    ColumnsMismatch,
    /// The name was cut short (at a column's width) and starts the name of
    /// one card only (`Yusuf, Scribe of A`).
    NameTruncated,
    /// The count was written after the name (`Deflection x4`, `Tara: 3`).
    CountAfterName,
    /// The count was read from a labelled field (`Quantity: 3`, `3 copies`).
    CountLabelled,
}

impl ReadHow {
    /// The kebab-case name used in JSON and the text output.
    pub fn name(self) -> &'static str {
        match self {
            ReadHow::Misspelling => "misspelling",
            ReadHow::ShortName => "short-name",
            ReadHow::Alias => "alias",
            ReadHow::Abbreviation => "abbreviation",
            ReadHow::ArticleMissing => "article-missing",
            ReadHow::NumberWords => "number-words",
            ReadHow::TextIgnored => "text-ignored",
            ReadHow::PrintingChosen => "printing-chosen",
            ReadHow::PrintingFits => "printing-fits",
            ReadHow::PrintingMissing => "printing-missing",
            ReadHow::PrintingConflict => "printing-conflict",
            ReadHow::ColumnsMismatch => "columns-mismatch",
            ReadHow::NameTruncated => "name-truncated",
            ReadHow::CountAfterName => "count-after-name",
            ReadHow::CountLabelled => "count-labelled",
        }
    }
}

/// A card line that resolved to no card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unresolved {
    /// 1-based line number.
    pub line: usize,
    /// The line as written.
    pub text: String,
    /// Up to three card names, most similar first.
    pub suggestions: Vec<String>,
    /// Why it could not be read, when it is not just an unknown name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl Unresolved {
    /// Why the line resolved to nothing, for people: the reason it could not be
    /// read (and the suggestions), else `did you mean "A" or "B"?`, else `no
    /// card with a similar name`.
    pub fn detail(&self) -> String {
        match (&self.reason, did_you_mean(&self.suggestions)) {
            (Some(reason), Some(suggestions)) => format!("{reason}; {suggestions}"),
            (Some(reason), None) => reason.clone(),
            (None, Some(suggestions)) => suggestions,
            (None, None) => "no card with a similar name".to_string(),
        }
    }
}

/// `did you mean "A", "B" or "C"?` for suggested card names, each quoted (names
/// hold commas); `None` without suggestions.
pub fn did_you_mean(suggestions: &[String]) -> Option<String> {
    let quoted: Vec<String> = suggestions.iter().map(|s| format!("\"{s}\"")).collect();
    match quoted.as_slice() {
        [] => None,
        [one] => Some(format!("did you mean {one}?")),
        [rest @ .., last] => Some(format!("did you mean {} or {last}?", rest.join(", "))),
    }
}

/// A card given by its VEKN id beside a name that names another card (JSON
/// decks, files of other tools): the id was taken, the name is reported.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NameMismatch {
    /// 1-based line number (of the deck's record, for a JSON deck).
    pub line: usize,
    /// The entry as written (`1x The Name (#100001)`).
    pub typed: String,
    /// The id given, which was taken.
    pub id: u32,
    /// The name of the card with that id.
    pub card: String,
}

/// A decklist resolved against the card database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deck {
    /// The file it came from (`None` for standard input or text).
    pub path: Option<PathBuf>,
    /// The deck's 1-based record number, for a file of several decks (a JSON
    /// array of decks, JSON Lines).
    pub record: Option<usize>,
    /// The format it was read as.
    pub format: Format,
    /// Name, author, description, event.
    pub meta: DeckMeta,
    /// Counts the file's own headers announce.
    pub declared: DeclaredCounts,
    /// Crypt cards, in the order first written.
    pub crypt: Vec<DeckCard>,
    /// Library cards, in the order first written.
    pub library: Vec<DeckCard>,
    /// Card lines that resolved to no card (or could not be read).
    pub unresolved: Vec<Unresolved>,
    /// The card lines that were not read literally, in line order.
    pub read_as: Vec<ReadAs>,
    /// Cards given by an id and a name that names another card (the id was taken).
    pub name_mismatches: Vec<NameMismatch>,
}

/// A line resolved to its candidate cards, before the printing is chosen.
struct Found<'a, 'l> {
    line: &'l RawLine<'l>,
    cards: Printings<'a>,
    count: u32,
    /// How the line was read when not literally, name remarks first.
    remarks: Vec<Remark>,
}

/// What was not literal in a line, and the reader's sentence about it.
type Remark = (ReadHow, Option<String>);

impl Deck {
    /// A deck of the given cards, each named by its VEKN id with its count:
    /// a deck built in code rather than read from a list (lines numbered from
    /// 1 in the order given). An id the database does not know is unresolved,
    /// as it would be in a list.
    pub fn from_cards(cards: &[(CardId, u32)], db: &CardDb) -> Deck {
        let mut raw = RawDeck::new(Format::Plain);
        for (index, &(id, count)) in cards.iter().enumerate() {
            let name = db
                .get(id)
                .map(|card| db.printing_name(card))
                .unwrap_or_default();
            raw.lines.push(RawLine::new(
                index + 1,
                format!("{count}x {name}"),
                count,
                name,
                PrintingHint::default(),
                None,
                LineKind::Id(id),
            ));
        }
        Deck::from_raw(raw, db, &mut KnownColumns::default())
    }

    /// Resolves the lines of a read decklist against the card database
    /// (`known`: what the thread that reads keeps of the vampires' columns).
    pub fn from_raw(raw: RawDeck, db: &CardDb, known: &mut KnownColumns) -> Deck {
        // Room for each part's lines (the deck is kept by some commands: no more).
        let crypt_lines = raw
            .lines
            .iter()
            .filter(|line| line.section == Some(CardKind::Crypt))
            .count();
        let mut deck = Deck {
            path: None,
            record: None,
            format: raw.format,
            meta: raw.meta,
            declared: raw.declared,
            crypt: Vec::with_capacity(crypt_lines),
            library: Vec::with_capacity(raw.lines.len() - crypt_lines),
            unresolved: raw
                .problems
                .into_iter()
                .map(|p| Unresolved {
                    line: p.line,
                    text: p.text,
                    suggestions: Vec::new(),
                    reason: Some(p.message),
                })
                .collect(),
            read_as: Vec::new(),
            name_mismatches: Vec::new(),
        };
        let mut resolved: Vec<Found> = Vec::with_capacity(raw.lines.len());
        let mut fuzzy_left = MAX_FUZZY_LINES;
        // The lines that name no card, by their index: judged once all are tried.
        let mut failed: Vec<(usize, Unresolved)> = Vec::new();
        for (index, line) in raw.lines.iter().enumerate() {
            match resolve(line, db, &mut fuzzy_left) {
                Ok(found) => resolved.push(found),
                Err(unresolved) => failed.push((index, unresolved)),
            }
        }
        let failed_at: Vec<usize> = failed.iter().map(|(index, _)| *index).collect();
        let mut judge = Judge {
            lines: &raw.lines,
            failed: &failed_at,
            run: None,
        };
        for (index, unresolved) in failed {
            let line = &raw.lines[index];
            if line.kind != LineKind::MaybeCard {
                match judge.judge(index) {
                    Evidence::Card => deck.unresolved.push(unresolved),
                    Evidence::Heading => {}
                    Evidence::Prose => deck.meta.prose_skipped.push(line.line),
                }
            } else if is_title(line, &deck) {
                // The first line of a hand-typed list, no card: its title
                // (without a comment after it).
                let title = [" -- ", " // ", " # "]
                    .iter()
                    .filter_map(|mark| line.text.find(mark))
                    .min()
                    .map_or(&*line.text, |at| &line.text[..at]);
                deck.meta.name = Some(title.trim().to_string());
            }
        }
        if !failed_at.is_empty() {
            deck.meta.prose_skipped.sort_unstable();
            deck.meta.prose_skipped.dedup();
        }
        let settled_groups: Vec<u8> = resolved
            .iter()
            .filter_map(|found| single_group(&found.cards))
            .collect();
        for found in &mut resolved {
            let cards = &mut found.cards;
            if let Some(columns) = fit_columns(cards, found.line, db, known) {
                let at = found
                    .remarks
                    .iter()
                    .position(|(how, _)| {
                        matches!(how, ReadHow::CountAfterName | ReadHow::CountLabelled)
                    })
                    .unwrap_or(found.remarks.len());
                found.remarks.insert(at, columns);
            }
            let (card, chosen) = choose_printing(cards, &settled_groups);
            if let Err(total) = deck.add(card, found.count, found.line.line) {
                deck.unresolved.push(Unresolved {
                    line: found.line.line,
                    text: found.line.text.to_string(),
                    suggestions: Vec::new(),
                    reason: Some(format!(
                        "{} copies of {} with the lines before (at most {MAX_CARD_COUNT} of a \
                         card): this line is not read",
                        total,
                        db.printing_name(card)
                    )),
                });
                continue;
            }
            let mut remark = |how: ReadHow, note: Option<String>| {
                deck.read_as.push(ReadAs {
                    line: found.line.line,
                    typed: found.line.text.to_string(),
                    how,
                    card: card.id,
                    count: found.count,
                    note,
                });
            };
            if !found.remarks.is_empty() {
                for (how, note) in std::mem::take(&mut found.remarks) {
                    remark(how, note);
                }
            }
            match chosen {
                Choice::Literal => {}
                Choice::OnlyFit => {
                    let note = format!(
                        "{} has printings of several groups and only this one fits the rest of \
                         the crypt",
                        card.name
                    );
                    remark(ReadHow::PrintingFits, Some(note));
                }
                Choice::Guess => {
                    let note = format!(
                        "{} has several printings and the line names none: {} fits the crypt",
                        card.name,
                        db.printing_name(card)
                    );
                    remark(ReadHow::PrintingChosen, Some(note));
                }
            }
        }
        deck.unresolved.sort_by_key(|u| u.line);
        deck.read_as.sort_by_key(|r| r.line);
        deck
    }

    /// Adds copies of a card: to its entry when the deck has one (a card on
    /// two lines), else as a new entry. `Err` with the total, and nothing
    /// added, when the card would have more than [`MAX_CARD_COUNT`] copies.
    /// (A part has at most one entry per card of the database: the search is
    /// bounded, and the time linear in the lines.)
    fn add(&mut self, card: &Card, count: u32, line: usize) -> Result<(), u32> {
        let part = match card.kind {
            CardKind::Crypt => &mut self.crypt,
            CardKind::Library => &mut self.library,
        };
        match part.iter_mut().find(|entry| entry.id == card.id) {
            Some(entry) => {
                let total = entry.count.saturating_add(count);
                if total > MAX_CARD_COUNT {
                    return Err(total);
                }
                entry.count = total;
            }
            None => part.push(DeckCard {
                id: card.id,
                count,
                line,
            }),
        }
        Ok(())
    }

    /// How the lines of a card were read, when not literally: a remark on the
    /// name or count first, else the printing chosen.
    pub fn read_as_of(&self, card: CardId) -> Option<&ReadAs> {
        let mut remarks = self.read_as.iter().filter(|r| r.card == card);
        let first = remarks.next()?;
        let printing =
            |r: &&ReadAs| matches!(r.how, ReadHow::PrintingChosen | ReadHow::PrintingFits);
        if !printing(&first) {
            return Some(first);
        }
        remarks.find(|r| !printing(r)).or(Some(first))
    }

    /// Every remark on the lines read as a card, in line order.
    pub fn remarks_of(&self, card: CardId) -> impl Iterator<Item = &ReadAs> {
        self.read_as.iter().filter(move |r| r.card == card)
    }

    /// Number of crypt cards, copies counted.
    pub fn crypt_count(&self) -> u32 {
        self.crypt
            .iter()
            .fold(0u32, |n, e| n.saturating_add(e.count))
    }

    /// Number of library cards, copies counted.
    pub fn library_count(&self) -> u32 {
        self.library
            .iter()
            .fold(0u32, |n, e| n.saturating_add(e.count))
    }

    /// The path as text, `-` for standard input, with `#N` for the N-th
    /// deck of a file of several decks. A VDB deck URL given as the input
    /// is labelled by its first characters ([`excerpt`]): every problem
    /// about the deck repeats its label, and a URL of 33 KB quoted whole in
    /// each would make megabytes of output.
    pub fn path_label(&self) -> String {
        let path = self
            .path
            .as_ref()
            // As `Path::display` writes it (invalid UTF-8 as U+FFFD), copied
            // straight when it is UTF-8 (most paths), without formatting
            // (`to_str` checks UTF-8 faster than the lossy copy).
            .map_or_else(
                || "-".to_string(),
                |p| {
                    p.to_str()
                        .map_or_else(|| p.to_string_lossy().into_owned(), str::to_owned)
                },
            );
        // A URL names no file (a file of a URL is labelled by its path).
        let url = self.format == Format::VdbUrl
            && path.chars().nth(EXCERPT_CHARS).is_some()
            && !Path::new(&path).exists();
        let path = if url { excerpt(&path) } else { path };
        match self.record {
            Some(record) => format!("{path}#{record}"),
            None => path,
        }
    }
}

/// What a line that names no card is, on the evidence of its shape and of
/// the lines around it (issue 39).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Evidence {
    /// An unknown card (an error).
    Card,
    /// A heading known by its count: the count of the card lines under it.
    Heading,
    /// Prose: skipped and said.
    Prose,
}

/// Judges the lines that name no card ([`Evidence`]), in line order: the
/// run of bare names last seen is kept, so that a text of any number of
/// lines is judged in linear time.
struct Judge<'l, 't> {
    /// The deck's card lines.
    lines: &'l [RawLine<'t>],
    /// The indices of the lines that name no card, in order.
    failed: &'l [usize],
    /// The last run of bare names: its start, end and lines that resolve.
    run: Option<(usize, usize, usize)>,
}

impl Judge<'_, '_> {
    /// Whether the line at `at` resolves.
    fn resolves(&self, at: usize) -> bool {
        self.failed.binary_search(&at).is_err()
    }

    /// Whether the line at `at` is right after the one before it.
    fn adjacent(&self, at: usize) -> bool {
        at > 0 && at < self.lines.len() && self.lines[at].line == self.lines[at - 1].line + 1
    }

    /// Whether the line at `at` follows the one before it within a few
    /// lines (a blank line, or a page's list markup, between them).
    fn near(&self, at: usize) -> bool {
        at > 0 && at < self.lines.len() && self.lines[at].line <= self.lines[at - 1].line + 3
    }

    /// Whether the line at `at` is a bare name (no count written).
    fn bare(&self, at: usize) -> bool {
        self.lines[at].reading.count_place == CountPlace::Unwritten
    }

    /// What the line at `index`, which names no card, is. A card given by
    /// id, or with a count and a name-like rest, is an unknown card, unless
    /// its count, written after the name as a heading writes it, is the sum
    /// of two card lines or more right under it that resolve (a heading:
    /// `Combo (8)`); a bare name is one between two card lines that resolve,
    /// or in a run of bare names at least half of the others of which
    /// resolve. Any other line is prose.
    fn judge(&mut self, index: usize) -> Evidence {
        let line = &self.lines[index];
        if matches!(line.kind, LineKind::Id(_)) {
            return Evidence::Card;
        }
        if !self.bare(index) {
            let target = u64::from(line.count);
            let mut sum: u64 = 0;
            let mut at = index + 1;
            while sum < target && self.near(at) {
                sum += u64::from(self.lines[at].count);
                at += 1;
            }
            // Two card lines or more that resolve, under a count written as
            // a heading writes it.
            let heading = at > index + 2
                && sum == target
                && raw::heading_count_mark(&line.text)
                && (index + 1..at).all(|at| self.resolves(at));
            if heading {
                return Evidence::Heading;
            }
            return if raw::name_like(&line.name) {
                Evidence::Card
            } else {
                Evidence::Prose
            };
        }
        let between_cards = index > 0
            && self.adjacent(index)
            && self.resolves(index - 1)
            && self.adjacent(index + 1)
            && self.resolves(index + 1);
        if between_cards {
            return Evidence::Card;
        }
        let (start, end, resolving) = match self.run {
            Some(run) if (run.0..run.1).contains(&index) => run,
            _ => {
                let mut start = index;
                while start > 0 && self.adjacent(start) && self.bare(start - 1) {
                    start -= 1;
                }
                let mut end = index + 1;
                while self.adjacent(end) && self.bare(end) {
                    end += 1;
                }
                let resolving = (start..end).filter(|&at| self.resolves(at)).count();
                self.run = Some((start, end, resolving));
                (start, end, resolving)
            }
        };
        let others = end - start - 1;
        if others > 0 && resolving > 0 && 2 * resolving >= others {
            Evidence::Card
        } else {
            Evidence::Prose
        }
    }
}

/// Whether a line that may be a card and names none is the title of a plain
/// list: its first line, without a count, when the list has no name yet.
fn is_title(line: &RawLine, deck: &Deck) -> bool {
    matches!(deck.format, Format::Plain | Format::Text)
        && line.kind == LineKind::MaybeCard
        && line.reading.count_place == CountPlace::Unwritten
        && deck.meta.name.is_none()
        && !line.text.trim().is_empty()
}

/// The cards of resolved ids.
fn cards_of<'a>(ids: &[CardId], db: &'a CardDb) -> Printings<'a> {
    ids.iter().filter_map(|id| db.get(*id)).collect()
}

/// What a count written in an unusual place says about the line.
fn count_remark(place: CountPlace) -> Option<Remark> {
    match place {
        CountPlace::AfterName => Some((ReadHow::CountAfterName, None)),
        CountPlace::Labelled => Some((ReadHow::CountLabelled, None)),
        CountPlace::BeforeName | CountPlace::Unwritten => None,
    }
}

/// The remark of a name matched exactly in one of its forms.
fn name_remark(form: NameForm) -> Option<Remark> {
    match form {
        NameForm::Name => None,
        NameForm::ShortName => Some((ReadHow::ShortName, None)),
        NameForm::Alias => Some((ReadHow::Alias, None)),
        NameForm::Abbreviation => Some((ReadHow::Abbreviation, None)),
    }
}

/// `G6`, `ADV`, `G3 ADV`: a printing hint as a tag.
fn tag_text(hint: PrintingHint) -> String {
    let mut words = Vec::new();
    if let Some(group) = hint.group {
        words.push(format!("G{group}"));
    }
    if hint.advanced == Some(true) {
        words.push("ADV".to_string());
    }
    words.join(" ")
}

/// Resolves one line: its candidate cards (printings), the count, and how the
/// line was read when not literally; or the unresolved line with suggestions.
///
/// In order: the name as read; if the count may be part of the name, the
/// other reading (both naming cards makes the line ambiguous); the name
/// without a tag that names no printing; numbers as words or digits; the
/// name without trailing text; then close spellings (within the deck's budget).
fn resolve<'a, 'l>(
    line: &'l RawLine<'l>,
    db: &'a CardDb,
    fuzzy_left: &mut usize,
) -> Result<Found<'a, 'l>, Unresolved> {
    // Every remark that applies: on the name, on the printing or the text
    // left out, on the count (no allocation when there is none, the common case).
    let found = |cards: Printings<'a>, count: u32, remarks: [Option<Remark>; 3]| Found {
        line,
        cards,
        count,
        remarks: if remarks.iter().all(Option::is_none) {
            Vec::new()
        } else {
            remarks.into_iter().flatten().collect()
        },
    };
    let unresolved = |suggestions: Vec<String>, reason: Option<String>| Unresolved {
        line: line.line,
        text: line.text.to_string(),
        suggestions,
        reason,
    };
    if let LineKind::Id(id) = line.kind {
        if let Some(card) = db.get(id) {
            return Ok(found(
                smallvec::smallvec![card],
                line.count,
                [None, None, None],
            ));
        }
    }
    let reading = &line.reading;
    let count_note = count_remark(reading.count_place);
    let primary = db.lookup_exact_form(&line.name, line.hint, line.section);
    if let Some(other) = &reading.other {
        let second = db.lookup_exact_form(&other.name, line.hint, line.section);
        match (&primary, second) {
            (Some((first, _)), Some((second, _))) => {
                let readings = [
                    format!(
                        "{}x {}",
                        line.count,
                        first.first().map_or("", |c| c.name.as_str())
                    ),
                    format!(
                        "{}x {}",
                        other.count,
                        second.first().map_or("", |c| c.name.as_str())
                    ),
                ];
                return Err(unresolved(
                    readings.to_vec(),
                    Some(
                        "the number may be the count or part of the name, and both read as cards"
                            .to_string(),
                    ),
                ));
            }
            (None, Some((cards, form))) => {
                let remarks = [name_remark(form), None, count_remark(other.count_place)];
                return Ok(found(cards, other.count, remarks));
            }
            _ => {}
        }
    }
    if let Some((cards, form)) = primary {
        let remarks = [name_remark(form), None, count_note];
        return Ok(found(cards, line.count, remarks));
    }
    if !line.hint.is_empty() {
        let fallbacks = [
            PrintingHint {
                group: reading.columns.as_ref().and_then(WrittenColumns::group),
                advanced: line.hint.advanced,
            },
            PrintingHint {
                group: None,
                advanced: line.hint.advanced,
            },
            PrintingHint::default(),
        ];
        for hint in fallbacks.into_iter().filter(|h| *h != line.hint) {
            if let Some((cards, _)) = db.lookup_exact_form(&line.name, hint, line.section) {
                let name = cards.first().map_or(&*line.name, |c| c.name.as_str());
                let printings: Vec<String> = cards
                    .iter()
                    .map(|c| format!("\"{}\"", db.printing_name(c)))
                    .collect();
                let note = format!(
                    "{name} has no {} printing; read as {}",
                    tag_text(line.hint),
                    printings.join(" or ")
                );
                let missing = Some((ReadHow::PrintingMissing, Some(note)));
                return Ok(found(cards, line.count, [None, missing, count_note]));
            }
        }
    }
    for form in number_forms(&line.name) {
        if let Some((ids, _)) = db.lookup_exact_form(&form, line.hint, line.section) {
            let remarks = [Some((ReadHow::NumberWords, None)), None, count_note];
            return Ok(found(ids, line.count, remarks));
        }
    }
    for form in article_forms(&line.name) {
        if let Some((ids, _)) = db.lookup_exact_form(&form, line.hint, line.section) {
            let remarks = [Some((ReadHow::ArticleMissing, None)), None, count_note];
            return Ok(found(ids, line.count, remarks));
        }
    }
    if let Some((cards, columns_note)) = crypt_name_before_columns(line, db) {
        return Ok(found(cards, line.count, [None, columns_note, count_note]));
    }
    if let Some((cards, full)) = truncated_name(line, db) {
        let note = format!("read as \"{full}\"");
        let remarks = [Some((ReadHow::NameTruncated, Some(note))), None, count_note];
        return Ok(found(cards, line.count, remarks));
    }
    for (shorter, is_comment) in comment_cuts(&line.name) {
        if let Some((ids, form)) = db.lookup_exact_form(shorter, line.hint, line.section) {
            let cut = (!is_comment)
                .then(|| (ReadHow::TextIgnored, Some(format!("read as \"{shorter}\""))));
            let remarks = [name_remark(form), cut, count_note];
            return Ok(found(ids, line.count, remarks));
        }
    }
    if *fuzzy_left == 0 {
        return Err(unresolved(
            Vec::new(),
            Some(format!(
                "{UNKNOWN_NAME} (close spellings not searched: more than \
                 {MAX_FUZZY_LINES} unknown names in this file)"
            )),
        ));
    }
    *fuzzy_left -= 1;
    let names = std::iter::once(&*line.name)
        .chain(reading.other.as_ref().map(|o| o.name.as_str()))
        .chain(comment_cuts(&line.name).into_iter().map(|(cut, _)| cut));
    if line.kind == LineKind::MaybeCard && !names.clone().any(|name| db.may_match_closely(name)) {
        // A line that may be prose is read only as a card, and no card name
        // is close enough: its suggestions would not be shown.
        return Err(unresolved(Vec::new(), None));
    }
    let mut suggestions: Vec<String> = Vec::new();
    let mut budget = FUZZY_LINE_BYTES;
    for (index, name) in names.enumerate() {
        // Each search compares the name with every card name: the names of
        // one line share a budget, so that a long line with many comment
        // marks (a search for each text before one) costs what one search
        // of a long name does.
        let Some(left) = budget.checked_sub(name.len()) else {
            continue;
        };
        budget = left;
        match db.lookup(name, line.hint, line.section) {
            Lookup::Found { cards, .. } => {
                let (count, count_note) = match (&reading.other, index) {
                    (Some(other), 1) => (other.count, count_remark(other.count_place)),
                    _ => (line.count, count_note),
                };
                let remarks = [Some((ReadHow::Misspelling, None)), None, count_note];
                return Ok(found(cards_of(&cards, db), count, remarks));
            }
            Lookup::NotFound { suggestions: found } if index == 0 => suggestions = found,
            Lookup::NotFound { .. } => {}
        }
    }
    let typed = vtesdeck_cards::fold(&line.name);
    suggestions
        .retain(|s| vtesdeck_cards::fold(vtesdeck_cards::split_printing_suffix(s).0) != typed);
    Err(unresolved(suggestions, None))
}

/// A crypt name followed by its columns hand-typed in any order (`Lalitha
/// ser 2, Followers of Set`, `Royce - 1 Pan dom`): the longest start of the
/// written name that names a crypt card whose rest reads as its columns
/// ([`CryptColumns::parse_any_order`]). The printings that fit the columns,
/// with a remark when none does (a capacity that disagrees, as for a TWD row).
fn crypt_name_before_columns<'a>(
    line: &RawLine,
    db: &'a CardDb,
) -> Option<(Printings<'a>, Option<Remark>)> {
    if line.section == Some(CardKind::Library) {
        return None;
    }
    let name = &*line.name;
    let cuts = name
        .char_indices()
        .filter(|&(at, c)| c.is_whitespace() && at > 0)
        .map(|(at, _)| at)
        .collect::<Vec<_>>();
    for &at in cuts.iter().rev() {
        let prefix = name[..at].trim_end_matches(|c: char| c.is_whitespace() || ",-(:".contains(c));
        if prefix.is_empty() {
            continue;
        }
        let Some((mut cards, _)) = db.lookup_exact_form(prefix, line.hint, Some(CardKind::Crypt))
        else {
            continue;
        };
        let Some(&first) = cards.first() else {
            continue;
        };
        let Some(columns) = CryptColumns::parse_any_order(&name[at..], first, db) else {
            continue;
        };
        let remark = fit_read_columns(&mut cards, &columns, line.hint, db);
        return Some((cards, remark));
    }
    None
}

/// The fewest letters a name cut short must keep to be read as the one card
/// name it starts.
const MIN_TRUNCATED_LETTERS: usize = 10;

/// A name cut short (at a column's width: `Yusuf, Scribe of A`) that starts
/// the name of one card only, compared as names are (case, accents and
/// punctuation folded): that card's printings and its name.
fn truncated_name<'a>(line: &RawLine, db: &'a CardDb) -> Option<(Printings<'a>, String)> {
    let key = vtesdeck_cards::fold(&line.name);
    if key.len() < MIN_TRUNCATED_LETTERS {
        return None;
    }
    let mut starting = vtesdeck_cards::names_holding(db, &line.name)
        .into_iter()
        .filter(|name| vtesdeck_cards::fold(name).starts_with(&key));
    let (Some(full), None) = (starting.next(), starting.next()) else {
        return None;
    };
    let (cards, _) = db.lookup_exact_form(full, line.hint, line.section)?;
    Some((cards, full.to_string()))
}

/// The start of the reason of an unresolved line that names no card and
/// whose close spellings were not searched.
pub const UNKNOWN_NAME: &str = "unknown name";

/// Shorter readings of a written name without what looks like a trailing
/// comment, each with whether the cut is a recognised comment mark (`--`,
/// `//`, `#`, `<-`) rather than other text left out (`(...)`, `* ...`).
fn comment_cuts(name: &str) -> Vec<(&str, bool)> {
    let mut variants: Vec<(&str, bool)> = Vec::new();
    for (cut, is_comment) in [
        (" -- ", true),
        ("--", true),
        (" //", true),
        (" #", true),
        ("<-", true),
        (" (", false),
        (" [", false),
        (" *", false),
        (" - ", false),
        (" / ", false),
        ("  ", false),
        (", ", false),
    ] {
        if let Some(at) = name.find(cut) {
            let shorter = name[..at].trim_end();
            if !shorter.is_empty()
                && shorter != name
                && !variants.iter().any(|(v, _)| *v == shorter)
            {
                variants.push((shorter, is_comment));
            }
        }
    }
    variants
}

/// Keeps the printings that fit a crypt row's columns (capacity, disciplines,
/// title, clan, group), and says when they fit none.
///
/// A written tag wins: when the columns fit another printing, or their
/// group is another, the line is read as the tag says, with a
/// `printing-conflict` remark. Without a tag, the printings closest to the
/// columns are kept, with a `columns-mismatch` remark when none fits them all
/// (the group column, as before, still picks the candidates: columns that
/// disagree with it are said).
fn fit_columns<'a>(
    cards: &mut Printings<'a>,
    line: &RawLine,
    db: &'a CardDb,
    known: &mut KnownColumns,
) -> Option<Remark> {
    let (Some(written), Some(&first)) = (line.reading.columns.as_ref(), cards.first()) else {
        return None;
    };
    if !first.is_crypt() {
        return None;
    }
    // Most rows are written as the TWDA writes a card's own columns: they
    // fit it, and need no reading.
    if cards.iter().all(|card| known.fits(written.text(), card)) {
        return None;
    }
    let columns = written.read()?;
    fit_read_columns(cards, &columns, line.hint, db)
}

/// Keeps the printings that fit columns read from a crypt row (the rest of
/// [`fit_columns`]): a `printing-conflict` remark when a tag disagrees with
/// them, a `columns-mismatch` one when no printing fits them all.
fn fit_read_columns<'a>(
    cards: &mut Printings<'a>,
    columns: &CryptColumns,
    hint: PrintingHint,
    db: &'a CardDb,
) -> Option<Remark> {
    let &first = cards.first()?;
    // `mismatches` allocates only for a column that does not fit.
    let fits = |card: &Card| columns.mismatches(card).is_empty();
    if cards.iter().all(|card| fits(card)) {
        return None;
    }
    if cards.iter().any(|card| fits(card)) {
        cards.retain(|card| fits(card));
        return None;
    }
    let misses: Vec<Vec<Column>> = cards.iter().map(|c| columns.mismatches(c)).collect();
    let printings = db
        .lookup_exact_form(&first.name, PrintingHint::default(), Some(CardKind::Crypt))
        .map(|(printings, _)| printings)
        .unwrap_or_default();
    let fitting_printings = |ignore_group: bool| -> String {
        let names: Vec<String> = printings
            .iter()
            .filter(|card| {
                let miss = columns.mismatches(card);
                miss.is_empty() || (ignore_group && miss == [Column::Group])
            })
            .map(|card| format!("\"{}\"", db.printing_name(card)))
            .collect();
        names.join(" or ")
    };
    let tag = PrintingHint {
        group: hint.group.filter(|g| Some(*g) != columns.group),
        advanced: hint.advanced,
    };
    if !tag.is_empty() {
        let fit = fitting_printings(false);
        let columns_say = if fit.is_empty() {
            format!("the columns say {}", columns.describe(&misses[0]))
        } else {
            format!("the columns fit {fit}")
        };
        let note = format!(
            "the tag says {}, {columns_say}: the tag is followed",
            tag_text(tag)
        );
        return Some((ReadHow::PrintingConflict, Some(note)));
    }
    let fewest = misses.iter().map(Vec::len).min().unwrap_or(0);
    let closest: Printings = cards
        .iter()
        .zip(&misses)
        .filter(|(_, miss)| miss.len() == fewest)
        .map(|(card, _)| *card)
        .collect();
    let other_columns_fit = fitting_printings(true);
    let note = match columns.group {
        Some(group) if !other_columns_fit.is_empty() => format!(
            "the group column says {group}, the other columns fit {other_columns_fit}: \
             the group is followed"
        ),
        _ => {
            let wrong = misses
                .iter()
                .zip(cards.iter())
                .find(|(miss, _)| miss.len() == fewest)
                .map_or_else(Vec::new, |(miss, _)| miss.clone());
            format!(
                "the columns ({}) fit no printing of {}; read as the closest",
                columns.describe(&wrong),
                first.name
            )
        }
    };
    *cards = closest;
    Some((ReadHow::ColumnsMismatch, Some(note)))
}

/// The group of a crypt line whose candidates all share one numbered group.
fn single_group(cards: &[&Card]) -> Option<u8> {
    let first = cards.first()?;
    if !first.is_crypt() {
        return None;
    }
    let group = first.group.and_then(Group::number)?;
    cards
        .iter()
        .all(|c| c.group == first.group)
        .then_some(group)
}

/// Picks one printing among the candidates for a name: base over advanced
/// (the hint already kept advanced ones when asked), then one that fits the
/// groups of the rest of the crypt, then the newest.
///
/// Also says whether the pick was a choice among printings of different groups
/// ([`Choice`]).
fn choose_printing<'a>(cards: &[&'a Card], settled_groups: &[u8]) -> (&'a Card, Choice) {
    if cards.len() == 1 {
        return (cards[0], Choice::Literal);
    }
    let mut pool: Vec<&Card> = cards.to_vec();
    if pool.iter().any(|c| !c.advanced) && pool.iter().any(|c| c.advanced) {
        pool.retain(|c| !c.advanced);
    }
    let fits = |card: &&Card| match card.group {
        Some(Group::Number(g)) => {
            settled_groups.iter().all(|&s| s.abs_diff(g) <= 1) || settled_groups.is_empty()
        }
        _ => true,
    };
    let groups_differ = pool.iter().any(|c| c.group != pool[0].group);
    let fitting: Vec<&Card> = pool.iter().copied().filter(fits).collect();
    let choice = match fitting.iter().map(|c| c.group).collect::<Vec<_>>() {
        _ if !groups_differ => Choice::Literal,
        groups if !groups.is_empty() && groups.iter().all(|g| *g == groups[0]) => Choice::OnlyFit,
        _ => Choice::Guess,
    };
    if !fitting.is_empty() {
        pool = fitting;
    }
    let chosen = pool
        .into_iter()
        .max_by_key(|c| (c.first_release(), c.group, c.id))
        .unwrap_or(cards[0]);
    (chosen, choice)
}

/// How the printing of a name with several was picked ([`choose_printing`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Choice {
    /// One printing, or printings of one group: nothing to choose.
    Literal,
    /// Printings of several groups, and those of only one group fit the
    /// rest of the crypt (`printing-fits`: a note).
    OnlyFit,
    /// Printings of several groups fit (or the crypt settles none): one was
    /// taken (`printing-chosen`).
    Guess,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{deck_of, fixture_db};

    /// A card's lines add up to at most [`MAX_CARD_COUNT`] copies: the line
    /// that would take it past is not read, and says why.
    #[test]
    fn copies_of_a_card_are_capped_after_its_lines_add_up() {
        let db = fixture_db();
        let (alma, punch) = (CardId(200_001), CardId(100_004));
        let deck = Deck::from_cards(
            &[
                (alma, 606),
                (punch, 2),
                (alma, 606),
                (punch, 997),
                (punch, 1),
            ],
            &db,
        );
        assert_eq!((deck.crypt_count(), deck.library_count()), (606, 999));
        let refused: Vec<(usize, &str)> = deck
            .unresolved
            .iter()
            .map(|u| (u.line, u.reason.as_deref().unwrap_or("")))
            .collect();
        assert_eq!(
            refused,
            [
                (
                    3,
                    "1212 copies of Alma Test with the lines before (at most 999 of a card): \
                     this line is not read"
                ),
                (
                    5,
                    "1000 copies of Test Punch with the lines before (at most 999 of a card): \
                     this line is not read"
                ),
            ]
        );
    }

    #[test]
    fn a_card_on_two_lines_is_one_entry_at_its_first_line() {
        let db = fixture_db();
        let deck = deck_of(&db, &[(200_001, 2), (100_003, 1), (200_001, 3)]);
        assert_eq!(deck.crypt.len(), 1);
        assert_eq!((deck.crypt[0].count, deck.crypt[0].line), (5, 1));
    }

    #[test]
    fn path_label_is_the_path_as_display_writes_it() {
        use std::os::unix::ffi::OsStrExt;
        for bytes in [
            &b"decks/a.txt"[..],
            b"d\xe9cks/\xff\xfe.txt",
            b"\xf0\x9f\x92",
            b"caf\xc3\xa9",
        ] {
            let path = std::path::Path::new(std::ffi::OsStr::from_bytes(bytes));
            let deck = Deck {
                path: Some(path.to_path_buf()),
                record: Some(2),
                ..deck_of(&fixture_db(), &[])
            };
            assert_eq!(deck.path_label(), format!("{}#2", path.display()));
        }
    }
}
