//! `vtesdeck stats --summary` on the whole TWDA: reading and resolving the
//! decks, computing every deck's stats, and the summary across them.
//!
//! Needs the real data: `VTESDECK_CARDS` and `VTESDECK_TWDA` (default
//! `../shared/cards`, `../shared/twda/decks`). Run: `cargo bench --bench stats`.

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

mod common;

use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion};
use rayon::prelude::*;
use vtesdeck::analysis::{Stats, SummaryBuilder};
use vtesdeck::cards::CardDb;
use vtesdeck::deck::Deck;
use vtesdeck::formats::LoadDeck;

fn load_decks(files: &[PathBuf], db: &CardDb) -> Vec<Deck> {
    files
        .par_iter()
        .filter_map(|path| Deck::load(path, None, db).ok())
        .collect()
}

fn stats_and_summary(decks: &[Deck], db: &CardDb) -> usize {
    let stats: Vec<Stats> = decks
        .par_iter()
        .map(|deck| Stats::of_deck(deck, db))
        .collect();
    let mut builder = SummaryBuilder::default();
    for (deck, stats) in decks.iter().zip(&stats) {
        builder.add(deck, stats);
    }
    builder.finish(db).cards.len()
}

fn bench(c: &mut Criterion) {
    let cards = common::cards_dir();
    let db = CardDb::load(&cards).unwrap_or_else(|e| panic!("{}: {e}", cards.display()));
    let files = common::twda_files();
    let decks = load_decks(&files, &db);
    let mut group = c.benchmark_group("stats");
    group.sample_size(10);
    group.bench_function("whole_twda_summary", |b| {
        b.iter(|| {
            let db = CardDb::load(&cards).expect("card database");
            let decks = load_decks(&files, &db);
            stats_and_summary(&decks, &db)
        })
    });
    group.bench_function("whole_twda_summary_db_loaded", |b| {
        b.iter(|| stats_and_summary(&load_decks(&files, &db), &db))
    });
    group.bench_function("analysis_only", |b| {
        b.iter(|| stats_and_summary(&decks, &db))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
