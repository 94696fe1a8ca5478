//! Resolution: a read deck's lines to cards of the database
//! ([`Deck::from_raw`]): names exact, by their other forms, misspelt or cut
//! short; crypt columns fitted; a printing chosen; the lines that name no
//! card judged ([`crate::judge`]).

use vtesdeck_cards::{
    Card, CardDb, CardId, CardKind, Group, Lookup, NameForm, PrintingHint, Printings,
};

use crate::crypt_columns::{Column, CryptColumns, KnownColumns, WrittenColumns};
use crate::deck::{
    AddedCards, Deck, ReadAs, ReadHow, Unresolved, FUZZY_LINE_BYTES, MAX_FUZZY_LINES,
};
use crate::judge::{Evidence, Judge};
use crate::name_forms::{article_forms, number_forms};
use crate::raw::{CountPlace, FormatName, LineKind, RawDeck, RawLine};

impl Deck {
    /// Resolves the lines of a read decklist against the card database
    /// (`known`: what the reader keeps of the vampires' columns, shared by the
    /// threads that read).
    pub fn from_raw(raw: RawDeck, db: &CardDb, known: &KnownColumns) -> Deck {
        Deck::from_raw_searched(raw, db, known, MAX_FUZZY_LINES)
    }

    /// [`Deck::from_raw`] with no close spelling searched (a name read in
    /// none of its exact forms names no card): quick whatever the lines
    /// hold, for a reader that only asks which cards a text names exactly.
    pub fn from_raw_exact(raw: RawDeck, db: &CardDb, known: &KnownColumns) -> Deck {
        Deck::from_raw_searched(raw, db, known, 0)
    }

    /// [`Deck::from_raw`], the close spellings of at most `fuzzy_lines`
    /// lines searched.
    fn from_raw_searched(
        raw: RawDeck,
        db: &CardDb,
        known: &KnownColumns,
        fuzzy_lines: usize,
    ) -> Deck {
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
        let mut fuzzy_left = fuzzy_lines;
        // The lines that name no card, by their index: judged once all are tried.
        let mut failed: Vec<(usize, Unresolved)> = Vec::new();
        for (index, line) in raw.lines.iter().enumerate() {
            match resolve(line, db, &mut fuzzy_left, fuzzy_lines > 0) {
                Ok(found) => resolved.push(found),
                Err(unresolved) => failed.push((index, unresolved)),
            }
        }
        let failed_at: Vec<usize> = failed.iter().map(|(index, _)| *index).collect();
        let mut judge = Judge::new(&raw.lines, &failed_at);
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
        let mut settled_groups: Vec<u8> = Vec::with_capacity(crypt_lines);
        settled_groups.extend(
            resolved
                .iter()
                .filter_map(|found| single_group(&found.cards)),
        );
        // The lines refused for their copies, by line, text and reason: a
        // refusal written again on the same line (a VDB URL repeating a pair
        // thousands of times) is counted on the first, not held again.
        let mut refused: std::collections::HashMap<(usize, String, String), (usize, usize)> =
            std::collections::HashMap::new();
        let mut added = AddedCards::default();
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
            if let Err(total) = deck.add(card, found.count, found.line.line, &mut added) {
                let reason = crate::deck::copies_too_many(total, db.printing_name(card));
                let key = (found.line.line, found.line.text.to_string(), reason);
                match refused.get_mut(&key) {
                    Some((_, again)) => *again += 1,
                    None => {
                        refused.insert(key.clone(), (deck.unresolved.len(), 0));
                        deck.unresolved.push(Unresolved {
                            line: key.0,
                            text: key.1,
                            suggestions: Vec::new(),
                            reason: Some(key.2),
                        });
                    }
                }
                continue;
            }
            if found.remarks.is_empty() && chosen == Choice::Literal {
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
            for (how, note) in std::mem::take(&mut found.remarks) {
                remark(how, note);
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
        for (at, again) in refused.into_values() {
            if let Some(reason) = deck.unresolved.get_mut(at).and_then(|u| u.reason.as_mut()) {
                if again > 0 {
                    reason.push_str(&format!(", nor the {again} more like it on this line"));
                }
            }
        }
        deck.unresolved.sort_by_key(|u| u.line);
        deck.read_as.sort_by_key(|r| r.line);
        deck
    }
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

/// Whether a line that may be a card and names none is the title of a plain
/// list: its first line, without a count, when the list has no name yet.
fn is_title(line: &RawLine, deck: &Deck) -> bool {
    matches!(deck.format, FormatName::PLAIN | FormatName::TEXT)
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
/// A name cut short is searched only when `searching` (a deck read with a
/// budget of close spellings).
// Inlined in `Deck::from_raw`, its one caller (a call per line otherwise).
#[inline]
fn resolve<'a, 'l>(
    line: &'l RawLine<'l>,
    db: &'a CardDb,
    fuzzy_left: &mut usize,
    searching: bool,
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
    // A name cut short is searched among every card name, as a close
    // spelling is: not when no name is searched.
    if let Some((cards, full)) = searching.then(|| truncated_name(line, db)).flatten() {
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
        // The first name's suggestions are shown; the others' are not, and
        // their close spellings are searched only when one may be found.
        let cards = match index {
            0 => match db.lookup(name, line.hint, line.section) {
                Lookup::Found { cards, .. } => Some(cards),
                Lookup::NotFound { suggestions: found } => {
                    suggestions = found;
                    None
                }
            },
            _ => db.lookup_found(name, line.hint, line.section),
        };
        if let Some(cards) = cards {
            let (count, count_note) = match (&reading.other, index) {
                (Some(other), 1) => (other.count, count_remark(other.count_place)),
                _ => (line.count, count_note),
            };
            let remarks = [Some((ReadHow::Misspelling, None)), None, count_note];
            return Ok(found(cards_of(&cards, db), count, remarks));
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
// Inlined in `Deck::from_raw`, its one caller (a call per line otherwise).
#[inline]
fn fit_columns<'a>(
    cards: &mut Printings<'a>,
    line: &RawLine,
    db: &'a CardDb,
    known: &KnownColumns,
) -> Option<Remark> {
    let (Some(written), Some(&first)) = (line.reading.columns.as_ref(), cards.first()) else {
        return None;
    };
    if !first.is_crypt() {
        return None;
    }
    // Most rows are written as the TWDA writes a card's own columns: they
    // fit it, and need no reading.
    if cards
        .iter()
        .all(|card| known.fits(written.text(), card, db))
    {
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
// Inlined in `Deck::from_raw`, its one caller (a call per line otherwise).
#[inline]
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
    use crate::deck::*;
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
