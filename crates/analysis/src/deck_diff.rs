//! Two decklists compared card by card: the cards added, removed and changed, by
//! card id, so that two printings of a vampire (Theo Bell G2 and G6) are two
//! entries, and the lines that read as no card, which keep the two decks from
//! being shown the same.

use std::collections::BTreeMap;

use serde::Serialize;

use vtesdeck_cards::{CardDb, CardId, CardKind};
use vtesdeck_deck::{Deck, DeckCard};

/// Which of the two decks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The first deck (the registered one).
    Left,
    /// The second deck (the one played).
    Right,
}

/// How a card's count moved from the left deck to the right one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeKind {
    /// Only in the right deck.
    Added,
    /// Only in the left deck.
    Removed,
    /// In both, with other counts.
    Changed,
}

/// One card whose count differs between the two decks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CardChange {
    /// The card's VEKN id (one printing of a vampire).
    pub id: CardId,
    /// Its name, with the printing when the vampire has several (`Theo Bell (G6)`).
    pub name: String,
    /// Crypt or library.
    pub section: CardKind,
    /// Copies in the left deck.
    pub left: u32,
    /// Copies in the right deck.
    pub right: u32,
    /// The left deck's line that names it (`None` when it is not in that deck).
    pub left_line: Option<usize>,
    /// The right deck's line that names it (`None` when it is not in that deck).
    pub right_line: Option<usize>,
}

impl CardChange {
    /// Added, removed or changed.
    pub fn kind(&self) -> ChangeKind {
        match (self.left, self.right) {
            (0, _) => ChangeKind::Added,
            (_, 0) => ChangeKind::Removed,
            _ => ChangeKind::Changed,
        }
    }
}

/// A line of one of the decks that resolved to no card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UnreadLine {
    /// The deck it is in.
    pub side: Side,
    /// 1-based line number.
    pub line: usize,
    /// The line as written.
    pub text: String,
    /// Why it resolved to nothing (`did you mean: ...?`).
    pub detail: String,
}

/// Card counts of one deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DeckSize {
    /// Crypt cards.
    pub crypt: u32,
    /// Library cards.
    pub library: u32,
}

impl DeckSize {
    /// The counts of a deck.
    pub fn of(deck: &Deck) -> DeckSize {
        DeckSize {
            crypt: deck.crypt_count(),
            library: deck.library_count(),
        }
    }
}

/// What differs between two decks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeckDiff {
    /// The cards whose counts differ: crypt then library, each by name then id.
    pub changes: Vec<CardChange>,
    /// The lines of either deck that read as no card.
    pub unread: Vec<UnreadLine>,
    /// The left deck's counts.
    pub left_size: DeckSize,
    /// The right deck's counts.
    pub right_size: DeckSize,
}

impl DeckDiff {
    /// Compares two decks by card id.
    pub fn between(left: &Deck, right: &Deck, db: &CardDb) -> DeckDiff {
        let mut changes = Vec::new();
        for (section, left_part, right_part) in [
            (CardKind::Crypt, &left.crypt, &right.crypt),
            (CardKind::Library, &left.library, &right.library),
        ] {
            let left_cards = by_id(left_part);
            let right_cards = by_id(right_part);
            let ids: std::collections::BTreeSet<CardId> = left_cards
                .keys()
                .chain(right_cards.keys())
                .copied()
                .collect();
            let mut part: Vec<CardChange> = ids
                .into_iter()
                .filter_map(|id| {
                    let (left, left_line) = left_cards.get(&id).copied().unwrap_or_default();
                    let (right, right_line) = right_cards.get(&id).copied().unwrap_or_default();
                    (left != right).then(|| CardChange {
                        id,
                        name: db
                            .get(id)
                            .map_or_else(|| id.0.to_string(), |card| db.printing_name(card)),
                        section,
                        left,
                        right,
                        left_line,
                        right_line,
                    })
                })
                .collect();
            part.sort_by(|a, b| a.name.cmp(&b.name).then(a.id.cmp(&b.id)));
            changes.extend(part);
        }
        let unread = [(Side::Left, left), (Side::Right, right)]
            .into_iter()
            .flat_map(|(side, deck)| {
                deck.unresolved.iter().map(move |line| UnreadLine {
                    side,
                    line: line.line,
                    text: line.text.clone(),
                    detail: line.detail(),
                })
            })
            .collect();
        DeckDiff {
            changes,
            unread,
            left_size: DeckSize::of(left),
            right_size: DeckSize::of(right),
        }
    }

    /// Whether every line of both decks was read and the cards are the same.
    pub fn is_same(&self) -> bool {
        self.changes.is_empty() && self.unread.is_empty()
    }

    /// Whether every line of both decks was read, so the comparison is complete.
    pub fn is_complete(&self) -> bool {
        self.unread.is_empty()
    }

    /// The changes of one section.
    pub fn changes_in(&self, section: CardKind) -> impl Iterator<Item = &CardChange> {
        self.changes
            .iter()
            .filter(move |change| change.section == section)
    }
}

/// Copies and first line of each card of a deck part (a card on several lines summed).
fn by_id(part: &[DeckCard]) -> BTreeMap<CardId, (u32, Option<usize>)> {
    let mut cards: BTreeMap<CardId, (u32, Option<usize>)> = BTreeMap::new();
    for card in part {
        let entry = cards.entry(card.id).or_insert((0, Some(card.line)));
        entry.0 = entry.0.saturating_add(card.count);
    }
    cards
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::fixture_db;
    use vtesdeck_formats::Format;
    use vtesdeck_formats::LoadDeck;

    fn deck(db: &CardDb, text: &str) -> Deck {
        Deck::from_text(text, Some(Format::Plain), db)
    }

    #[test]
    fn same_cards_in_another_order_are_the_same_deck() {
        let db = fixture_db();
        let left = deck(&db, "2x Alma Test\n1x Bruno Test\n3x Test Bleed\n");
        let right = deck(
            &db,
            "3x Test Bleed\n1x Bruno Test\n1x Alma Test\n1x Alma Test\n",
        );
        let diff = DeckDiff::between(&left, &right, &db);
        assert!(diff.is_same(), "{:?}", diff.changes);
        assert_eq!(
            diff.left_size,
            DeckSize {
                crypt: 3,
                library: 3
            }
        );
    }

    #[test]
    fn added_removed_and_changed_cards_by_section() {
        let db = fixture_db();
        let left = deck(&db, "2x Alma Test\n1x Bruno Test\n3x Test Bleed\n");
        let right = deck(
            &db,
            "1x Alma Test\n1x Carla Test\n3x Test Bleed\n2x Test Punch\n",
        );
        let diff = DeckDiff::between(&left, &right, &db);
        let summary: Vec<(&str, CardKind, u32, u32, ChangeKind)> = diff
            .changes
            .iter()
            .map(|c| (c.name.as_str(), c.section, c.left, c.right, c.kind()))
            .collect();
        assert_eq!(
            summary,
            [
                ("Alma Test", CardKind::Crypt, 2, 1, ChangeKind::Changed),
                ("Bruno Test", CardKind::Crypt, 1, 0, ChangeKind::Removed),
                ("Carla Test", CardKind::Crypt, 0, 1, ChangeKind::Added),
                ("Test Punch", CardKind::Library, 0, 2, ChangeKind::Added),
            ]
        );
        assert_eq!(diff.changes[0].right_line, Some(1));
        assert_eq!(diff.changes[1].right_line, None);
        assert_eq!(diff.changes[1].left_line, Some(2));
        assert_eq!(diff.changes_in(CardKind::Library).count(), 1);
        assert!(!diff.is_same());
    }

    #[test]
    fn two_printings_of_a_vampire_are_two_entries() {
        let db = fixture_db();
        let left = deck(&db, "2x Theo Test (G6)\n");
        let right = deck(&db, "2x Theo Test (ADV)\n");
        let diff = DeckDiff::between(&left, &right, &db);
        let ids: Vec<(u32, u32, u32)> = diff
            .changes
            .iter()
            .map(|c| (c.id.0, c.left, c.right))
            .collect();
        assert!(diff.is_complete());
        assert_eq!(ids, [(200009, 0, 2), (200010, 2, 0)]);
    }

    #[test]
    fn a_line_read_as_no_card_keeps_the_decks_from_being_the_same() {
        let db = fixture_db();
        let left = deck(&db, "2x Alma Test\n1x Nobody At All\n");
        let right = deck(&db, "2x Alma Test\n");
        let diff = DeckDiff::between(&left, &right, &db);
        assert!(diff.changes.is_empty());
        assert!(!diff.is_same());
        assert!(!diff.is_complete());
        assert_eq!(diff.unread[0].side, Side::Left);
        assert_eq!(diff.unread[0].line, 2);
    }
}
