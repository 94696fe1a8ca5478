//! [`Summary`]: figures across many decks (how many decks play each card,
//! average counts), the start of archive-wide statistics.

use std::collections::HashMap;

use serde::Serialize;

use super::stats::Stats;
use vtesdeck_cards::{CardDb, CardId, CardKind};
use vtesdeck_deck::Deck;

/// How much the decks use one card.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardUsage {
    /// VEKN id.
    pub id: CardId,
    /// Name (with the printing suffix when the name has several printings).
    pub name: String,
    /// Crypt or library.
    pub kind: CardKind,
    /// Decks that play it.
    pub decks: u32,
    /// Copies over all decks.
    pub copies: u32,
    /// Average copies in the decks that play it.
    pub average_copies: f64,
}

/// An average over the decks.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Average {
    /// What is averaged (a card type).
    pub name: String,
    /// Mean over all decks (decks without it count as 0).
    pub average: f64,
}

/// Figures across all decks read.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    /// Number of decks.
    pub decks: u32,
    /// Mean crypt size.
    pub average_crypt: f64,
    /// Mean library size.
    pub average_library: f64,
    /// Mean of the decks' average crypt capacity.
    pub average_capacity: f64,
    /// Mean copies per library card type (a multi-type card counts in each).
    pub average_types: Vec<Average>,
    /// Mean copies of dead cards per deck.
    pub average_dead_cards: f64,
    /// Every card played, most played (by decks) first.
    pub cards: Vec<CardUsage>,
}

/// Collects decks one by one (from `SummaryBuilder::default()`), then gives
/// the [`Summary`].
#[derive(Debug, Default)]
pub struct SummaryBuilder {
    decks: u32,
    crypt: u64,
    library: u64,
    capacity: f64,
    dead: u64,
    types: Vec<(String, u64)>,
    usage: HashMap<CardId, (u32, u32)>,
}

impl SummaryBuilder {
    /// Adds a deck and its stats.
    pub fn add(&mut self, deck: &Deck, stats: &Stats) {
        self.decks += 1;
        self.crypt += u64::from(stats.crypt.count);
        self.library += u64::from(stats.library.count);
        self.capacity += stats.crypt.capacity.average;
        self.dead += u64::from(stats.playability.dead_count);
        for tally in &stats.library.types {
            match self.types.iter_mut().find(|(name, _)| *name == tally.name) {
                Some(entry) => entry.1 += u64::from(tally.count),
                None => self
                    .types
                    .push((tally.name.clone(), u64::from(tally.count))),
            }
        }
        for entry in deck.crypt.iter().chain(&deck.library) {
            let usage = self.usage.entry(entry.id).or_default();
            usage.0 += 1;
            usage.1 = usage.1.saturating_add(entry.count);
        }
    }

    /// The summary of the decks added.
    pub fn finish(self, db: &CardDb) -> Summary {
        let decks = f64::from(self.decks.max(1));
        let mean = |total: u64| total as f64 / decks;
        let mut types = self.types;
        types.sort_by_key(|(name, _)| {
            vtesdeck_cards::CardType::ALL
                .iter()
                .position(|t| t.name() == name)
                .unwrap_or(usize::MAX)
        });
        let mut cards: Vec<CardUsage> = self
            .usage
            .into_iter()
            .filter_map(|(id, (decks, copies))| {
                let card = db.get(id)?;
                Some(CardUsage {
                    id,
                    name: db.printing_name(card),
                    kind: card.kind,
                    decks,
                    copies,
                    average_copies: f64::from(copies) / f64::from(decks),
                })
            })
            .collect();
        cards.sort_by(|a, b| {
            b.decks
                .cmp(&a.decks)
                .then(b.copies.cmp(&a.copies))
                .then_with(|| a.name.cmp(&b.name))
        });
        Summary {
            decks: self.decks,
            average_crypt: mean(self.crypt),
            average_library: mean(self.library),
            average_capacity: self.capacity / decks,
            average_types: types
                .into_iter()
                .map(|(name, total)| Average {
                    name,
                    average: mean(total),
                })
                .collect(),
            average_dead_cards: mean(self.dead),
            cards,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{deck_of, fixture_db};

    #[test]
    fn counts_decks_per_card_and_averages() {
        let db = fixture_db();
        let first = deck_of(&db, &[(200001, 12), (100004, 10), (100003, 2)]);
        let second = deck_of(&db, &[(200001, 6), (200002, 6), (100004, 20)]);
        let mut builder = SummaryBuilder::default();
        for deck in [&first, &second] {
            builder.add(deck, &Stats::of_deck(deck, &db));
        }
        let summary = builder.finish(&db);
        assert_eq!(summary.decks, 2);
        assert_eq!(summary.average_crypt, 12.0);
        assert_eq!(summary.average_library, 16.0);
        assert_eq!(summary.average_capacity, (1.0 + 2.0) / 2.0);
        let usage: Vec<(&str, u32, u32)> = summary
            .cards
            .iter()
            .map(|c| (c.name.as_str(), c.decks, c.copies))
            .collect();
        assert_eq!(
            usage,
            [
                ("Test Punch", 2, 30),
                ("Alma Test", 2, 18),
                ("Bruno Test", 1, 6),
                ("Test Bleed", 1, 2)
            ]
        );
        let types: Vec<(&str, f64)> = summary
            .average_types
            .iter()
            .map(|a| (a.name.as_str(), a.average))
            .collect();
        assert_eq!(types, [("Action", 1.0), ("Combat", 15.0)]);
    }

    #[test]
    fn no_decks_gives_zeros() {
        let summary = SummaryBuilder::default().finish(&fixture_db());
        assert_eq!((summary.decks, summary.average_crypt), (0, 0.0));
        assert!(summary.cards.is_empty());
    }
}
