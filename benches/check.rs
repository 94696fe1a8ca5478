//! Checking the whole TWDA (4,504 decks): plain parse, parse + every rule
//! (one thread and all threads), and the rules alone on parsed decks.
//!
//! `cargo bench --bench check` (reads `$VTESDECK_CARDS` / `$VTESDECK_TWDA`, else `../shared`).

// `criterion_group!` defines an undocumented `pub fn`.
#![allow(missing_docs)]

mod common;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use rayon::prelude::*;
use vtesdeck::cards::CardDb;
use vtesdeck::deck::Deck;
use vtesdeck::formats;
use vtesdeck::formats::LoadDeck;
use vtesdeck::rules::{CheckDate, Checker, Profile};

/// Every TWDA file, decoded, in memory.
fn twda_texts() -> Vec<String> {
    common::twda_files()
        .iter()
        .map(|path| {
            let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            formats::decode(&bytes).into_owned()
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let cards = common::cards_dir();
    let db = CardDb::load(&cards).unwrap_or_else(|e| panic!("{e}"));
    let texts = twda_texts();
    let profile = Profile::standard();
    let checker =
        Checker::new(&db, &profile, CheckDate::Event, 5).unwrap_or_else(|e| panic!("{e}"));
    let decks: Vec<Deck> = texts
        .iter()
        .map(|t| Deck::from_text(t, None, &db))
        .collect();
    assert_eq!(decks.len(), 4504);

    let mut group = c.benchmark_group("twda");
    group.sample_size(20);
    group.bench_function("parse", |b| {
        b.iter(|| {
            for text in &texts {
                black_box(Deck::from_text(text, None, &db));
            }
        })
    });
    group.bench_function("parse+check", |b| {
        b.iter(|| {
            for text in &texts {
                let deck = Deck::from_text(text, None, &db);
                black_box(checker.check(&deck).ok());
            }
        })
    });
    group.bench_function("parse+check (rayon)", |b| {
        b.iter(|| {
            texts.par_iter().for_each(|text| {
                let deck = Deck::from_text(text, None, &db);
                black_box(checker.check(&deck).ok());
            })
        })
    });
    group.bench_function("check only", |b| {
        b.iter(|| {
            for deck in &decks {
                black_box(checker.check(deck).ok());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
