//! `vtesdeck card`: every card of the real database is found by its name, its
//! printing name and its `Aka`; one-letter typos find or suggest the card; the
//! command prints full cards, JSON and search results.

mod common;

use predicates::prelude::*;
use vtesdeck::cards::{Card, CardDb, Lookup};
use vtesdeck::formats::split_printing_suffix;

fn real_db() -> CardDb {
    CardDb::load(&common::cards_dir()).expect("real card database loads")
}

/// Looks a name up the way `vtesdeck card` does.
fn lookup(db: &CardDb, name: &str) -> Lookup {
    let (base, hint) = split_printing_suffix(name);
    db.lookup(base, hint, None)
}

fn found_ids(lookup: &Lookup) -> Vec<u32> {
    match lookup {
        Lookup::Found { cards, .. } => cards.iter().map(|c| c.0).collect(),
        Lookup::NotFound { .. } => Vec::new(),
    }
}

#[test]
fn every_card_is_found_by_its_name_and_printing_name() {
    let db = real_db();
    let mut failures = Vec::new();
    for card in db.cards() {
        if !found_ids(&lookup(&db, &card.name)).contains(&card.id.0) {
            failures.push(format!("{} by name", card.name));
        }
        let printing = db.printing_name(card);
        if found_ids(&lookup(&db, &printing)) != vec![card.id.0] {
            failures.push(format!("{printing} by printing name: {:?}", lookup(&db, &printing)));
        }
    }
    assert!(failures.is_empty(), "{} cards not found: {:#?}", failures.len(), failures);
}

#[test]
fn every_card_is_found_by_its_aka() {
    let db = real_db();
    let with_aka: Vec<&Card> = db.cards().iter().filter(|c| !c.aka.is_empty()).collect();
    assert!(with_aka.len() > 10, "the real database has cards with an Aka");
    let mut failures = Vec::new();
    for card in with_aka {
        for aka in &card.aka {
            if !found_ids(&lookup(&db, aka)).contains(&card.id.0) {
                failures.push(format!("{} by aka {aka:?}: {:?}", card.name, lookup(&db, aka)));
            }
        }
    }
    assert!(failures.is_empty(), "{} akas not found: {:#?}", failures.len(), failures);
}

/// The name with one letter near the middle changed to another.
fn one_letter_typo(name: &str) -> Option<String> {
    let chars: Vec<char> = name.chars().collect();
    let letters: Vec<usize> = (0..chars.len())
        .filter(|&i| chars[i].is_ascii_lowercase())
        .collect();
    let &at = letters.get(letters.len() / 2)?;
    let mut typo = chars.clone();
    typo[at] = if chars[at] == 'x' { 'q' } else { 'x' };
    Some(typo.into_iter().collect())
}

#[test]
fn one_letter_typo_finds_or_suggests_every_card() {
    let db = real_db();
    let mut failures = Vec::new();
    let mut checked = 0;
    for card in db.cards() {
        let Some(typo) = one_letter_typo(&card.name) else {
            continue;
        };
        checked += 1;
        match lookup(&db, &typo) {
            Lookup::Found { cards, .. } if cards.contains(&card.id) => {}
            Lookup::NotFound { suggestions }
                if suggestions.iter().any(|s| s == &db.printing_name(card) || s == &card.name) => {}
            other => failures.push(format!("{typo:?} for {}: {other:?}", card.name)),
        }
    }
    assert!(checked > 4000);
    assert!(failures.is_empty(), "{} typos missed: {:#?}", failures.len(), failures);
}
