//! The deck model: resolved crypt and library entries, the lines that did not resolve.

pub mod twd_header;

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::cards::{Card, CardDb, CardId, CardKind, Group, Lookup};
pub mod raw;

use raw::{DeckMeta, DeclaredCounts, Format, LineKind, RawDeck, RawLine};

/// How many lines of one deck that are not an exact card name get the close
/// spelling search (a few milliseconds each against the whole database); the
/// rest are matched exactly only, so that a huge file of junk stays fast.
pub const MAX_FUZZY_LINES: usize = 500;

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
    /// read, else `did you mean: A, B?`, else `no card with a similar name`.
    pub fn detail(&self) -> String {
        match (&self.reason, self.suggestions.is_empty()) {
            (Some(reason), _) => reason.clone(),
            (None, false) => format!("did you mean: {}?", self.suggestions.join(", ")),
            (None, true) => "no card with a similar name".to_string(),
        }
    }
}

/// A decklist resolved against the card database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deck {
    /// The file it came from (`None` for standard input or text).
    pub path: Option<PathBuf>,
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
    /// Card lines that resolved to nothing (or could not be read).
    pub unresolved: Vec<Unresolved>,
}

impl Deck {
    /// Resolves the lines of a read decklist against the card database.
    pub fn from_raw(raw: RawDeck, db: &CardDb) -> Deck {
        let mut deck = Deck {
            path: None,
            format: raw.format,
            meta: raw.meta,
            declared: raw.declared,
            crypt: Vec::new(),
            library: Vec::new(),
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
        };
        let mut resolved: Vec<(&RawLine, Vec<&Card>)> = Vec::new();
        let mut fuzzy_left = MAX_FUZZY_LINES;
        for line in &raw.lines {
            let exact = match line.kind {
                LineKind::Id(id) => db.get(id).map(|card| vec![card]),
                _ => db
                    .lookup_exact(&line.name, line.hint, line.section)
                    .map(|ids| cards_of(&ids, db)),
            };
            let (result, reason) = match exact {
                Some(cards) => (Ok(cards), None),
                None if fuzzy_left > 0 => {
                    fuzzy_left -= 1;
                    (resolve_line(line, db), None)
                }
                None => (
                    resolve_line_exactly(line, db).ok_or_else(Vec::new),
                    Some(format!(
                        "unknown name (close spellings not searched: more than \
                         {MAX_FUZZY_LINES} unknown names in this file)"
                    )),
                ),
            };
            match result {
                Ok(cards) => resolved.push((line, cards)),
                Err(suggestions) => {
                    if line.kind != LineKind::MaybeCard {
                        deck.unresolved.push(Unresolved {
                            line: line.line,
                            text: line.text.clone(),
                            suggestions,
                            reason,
                        });
                    }
                }
            }
        }
        let settled_groups: Vec<u8> = resolved
            .iter()
            .filter_map(|(_, cards)| single_group(cards))
            .collect();
        for (line, cards) in resolved {
            let card = choose_printing(&cards, &settled_groups);
            deck.add(card, line.count, line.line);
        }
        deck.unresolved.sort_by_key(|u| u.line);
        deck
    }

    fn add(&mut self, card: &Card, count: u32, line: usize) {
        let part = match card.kind {
            CardKind::Crypt => &mut self.crypt,
            CardKind::Library => &mut self.library,
        };
        match part.iter_mut().find(|e| e.id == card.id) {
            Some(entry) => entry.count = entry.count.saturating_add(count),
            None => part.push(DeckCard {
                id: card.id,
                count,
                line,
            }),
        }
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

    /// The path as text, `-` for standard input.
    pub fn path_label(&self) -> String {
        self.path
            .as_ref()
            .map_or_else(|| "-".to_string(), |p| p.display().to_string())
    }
}

/// The cards of resolved ids.
fn cards_of<'a>(ids: &[CardId], db: &'a CardDb) -> Vec<&'a Card> {
    ids.iter().filter_map(|id| db.get(*id)).collect()
}

/// Resolves one line by exact names only (the written name, then its shorter
/// readings), for lines past the [`MAX_FUZZY_LINES`] budget.
fn resolve_line_exactly<'a>(line: &RawLine, db: &'a CardDb) -> Option<Vec<&'a Card>> {
    std::iter::once(line.name.as_str())
        .chain(comment_cuts(&line.name))
        .find_map(|name| db.lookup_exact(name, line.hint, line.section))
        .map(|ids| cards_of(&ids, db))
}

/// Resolves one line: the candidates (printings) of the name, or suggestions.
///
/// The written name is tried whole, then without what looks like a trailing
/// comment (` -- ...`, `(...)`, `* ...`), so that card names that contain
/// such text still match first.
fn resolve_line<'a>(line: &RawLine, db: &'a CardDb) -> Result<Vec<&'a Card>, Vec<String>> {
    if let LineKind::Id(id) = line.kind {
        if let Some(card) = db.get(id) {
            return Ok(vec![card]);
        }
    }
    let found = |lookup: Lookup| match lookup {
        Lookup::Found { cards, .. } => Ok(cards.iter().filter_map(|id| db.get(*id)).collect()),
        Lookup::NotFound { suggestions } => Err(suggestions),
    };
    let whole = found(db.lookup(&line.name, line.hint, line.section));
    let Err(suggestions) = whole else {
        return whole;
    };
    for shorter in comment_cuts(&line.name) {
        if let Ok(cards) = found(db.lookup(shorter, line.hint, line.section)) {
            return Ok(cards);
        }
    }
    Err(suggestions)
}

/// Shorter readings of a written name without what looks like a trailing comment.
fn comment_cuts(name: &str) -> Vec<&str> {
    let mut variants: Vec<&str> = Vec::new();
    for cut in [" -- ", "--", " (", " [", " *", " - ", " / ", "  "] {
        if let Some(at) = name.find(cut) {
            let shorter = name[..at].trim_end();
            if !shorter.is_empty() && shorter != name && !variants.contains(&shorter) {
                variants.push(shorter);
            }
        }
    }
    variants
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
fn choose_printing<'a>(cards: &[&'a Card], settled_groups: &[u8]) -> &'a Card {
    if cards.len() == 1 {
        return cards[0];
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
    let fitting: Vec<&Card> = pool.iter().copied().filter(fits).collect();
    if !fitting.is_empty() {
        pool = fitting;
    }
    pool.into_iter()
        .max_by_key(|c| (c.first_release(), c.group, c.id))
        .unwrap_or(cards[0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{deck_of, fixture_db};

    #[test]
    fn close_spelling_search_stops_after_the_budget() {
        let db = fixture_db();
        let mut text: String = (0..MAX_FUZZY_LINES + 10)
            .map(|i| format!("1x Unknown Card {i}\n"))
            .collect();
        text.push_str("2x Alma Test\n3x Test Bleed\n");
        let deck = Deck::from_text(&text, Some(Format::Plain), &db);
        assert_eq!(deck.crypt_count(), 2);
        assert_eq!(deck.library_count(), 3);
        assert_eq!(deck.unresolved.len(), MAX_FUZZY_LINES + 10);
        assert!(deck.unresolved[0].reason.is_none());
        let last = &deck.unresolved[MAX_FUZZY_LINES + 9];
        assert!(last
            .reason
            .as_deref()
            .is_some_and(|r| r.contains("not searched")));
    }

    #[test]
    fn control_characters_and_bad_counts_are_unresolved_lines() {
        let db = fixture_db();
        let deck = Deck::from_text("2x Alma\0 Test\n999999999999x Test Bleed\n", None, &db);
        assert!(deck.crypt.is_empty() && deck.library.is_empty());
        let lines: Vec<usize> = deck.unresolved.iter().map(|u| u.line).collect();
        assert_eq!(lines, [1, 2]);
    }

    #[test]
    fn id_lines_resolve_by_id_and_unknown_ids_are_reported() {
        let db = fixture_db();
        let deck = Deck::from_text(
            "https://vdb.im/decks/deck#200010=2;100004=3;999999=1",
            None,
            &db,
        );
        assert_eq!(deck.format, Format::VdbUrl);
        let crypt: Vec<(CardId, u32)> = deck.crypt.iter().map(|e| (e.id, e.count)).collect();
        let library: Vec<(CardId, u32)> = deck.library.iter().map(|e| (e.id, e.count)).collect();
        assert_eq!(crypt, [(CardId(200_010), 2)]);
        assert_eq!(library, [(CardId(100_004), 3)]);
        assert_eq!(deck.unresolved.len(), 1);
        assert_eq!(deck.unresolved[0].text, "999999=1");
    }

    #[test]
    fn lines_naming_the_same_card_are_merged() {
        let db = fixture_db();
        let deck = Deck::from_text("2x Test Punch\n3x Test Punch\n", Some(Format::Plain), &db);
        assert_eq!(deck.library.len(), 1);
        assert_eq!(deck.library[0].count, 5);
        assert_eq!(deck.library[0].line, 1);
    }

    #[test]
    fn crypt_and_library_are_told_apart_by_the_database() {
        let db = fixture_db();
        let deck = Deck::from_text(
            "Library:\n2x Alma Test\n3x Test Punch\n",
            Some(Format::Plain),
            &db,
        );
        assert_eq!((deck.crypt_count(), deck.library_count()), (2, 3));
    }

    #[test]
    fn printing_follows_the_crypt_groups_else_the_newest() {
        let db = fixture_db();
        let with_group_6 = deck_of(&db, &[(200014, 2)]);
        let deck = Deck::from_text("1x Theo Test\n2x Lola Test\n", Some(Format::Plain), &db);
        assert_eq!(with_group_6.crypt_count(), 2);
        assert!(deck.crypt.iter().any(|e| e.id == CardId(200010)));
        let deck = Deck::from_text("1x Theo Test\n2x Alma Test\n", Some(Format::Plain), &db);
        assert!(deck.crypt.iter().any(|e| e.id == CardId(200008)));
        let deck = Deck::from_text("1x Theo Test\n", Some(Format::Plain), &db);
        assert_eq!(deck.crypt[0].id, CardId(200010));
        let deck = Deck::from_text("1x Theo Test (ADV)\n", Some(Format::Plain), &db);
        assert_eq!(deck.crypt[0].id, CardId(200009));
    }

    #[test]
    fn unreadable_counts_become_unresolved_lines_with_a_reason() {
        let db = fixture_db();
        let deck = Deck::from_text("0x Test Punch\n1x Test Punch\n", Some(Format::Plain), &db);
        assert_eq!(deck.unresolved.len(), 1);
        assert!(deck.unresolved[0].reason.is_some());
        assert_eq!(deck.library_count(), 1);
    }
}
