//! Simulation speed: exact draw figures, sampled opening hands, influence games.
//!
//! Reads a real TWDA deck (`$VTESDECK_TWDA/10043.txt`, default `../shared/twda/decks`)
//! against the real card database (`$VTESDECK_CARDS`, default `../shared/cards`).
//! Run: `cargo bench --bench sim`.

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use vtesdeck::cards::CardDb;
use vtesdeck::deck::Deck;
use vtesdeck::sim::opening_hand::{
    check_opening, CryptOdds, DrawOptions, LibraryOdds, SampledOdds,
};
use vtesdeck::sim::seed::Seed;
use vtesdeck::sim::transfers::{TransferCurve, TransferOptions};

fn load() -> (CardDb, Deck) {
    let cards = common::cards_dir();
    let db = CardDb::load(&cards).unwrap_or_else(|e| panic!("{}: {e}", cards.display()));
    let path = common::twda_dir().join("10043.txt");
    let deck = Deck::load(&path, None, &db).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(deck.library_count(), 90);
    (db, deck)
}

fn benches(c: &mut Criterion) {
    let (db, deck) = load();
    let options = DrawOptions {
        samples: 1_000_000,
        seed: Seed(1),
        ..DrawOptions::default()
    };
    let tables = check_opening(&deck, &db, &options).unwrap();

    c.bench_function("draw exact figures, 90-card deck", |b| {
        b.iter(|| {
            let library = LibraryOdds::compute(&deck, &db, &options).unwrap();
            let crypt = CryptOdds::compute(&tables, &options);
            (library, crypt)
        })
    });

    let mut group = c.benchmark_group("sampled");
    group.sample_size(10);
    group.throughput(Throughput::Elements(options.samples));
    group.bench_function("opening hands 7 + 4 with playability", |b| {
        b.iter(|| SampledOdds::sample(&tables, &options, &|_| {}))
    });
    let transfers = TransferOptions {
        seats: vec![1],
        turns: 8,
        samples: 1_000_000,
        seed: Seed(1),
        ..TransferOptions::default()
    };
    group.throughput(Throughput::Elements(transfers.samples));
    group.bench_function("influence games, 8 turns, one seat", |b| {
        b.iter(|| TransferCurve::simulate(&deck, &db, &transfers, &|_| {}).unwrap())
    });
    group.finish();
}

criterion_group!(sim, benches);
criterion_main!(sim);
