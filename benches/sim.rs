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
use vtesdeck::formats::LoadDeck;
use vtesdeck::sim::{
    check_opening, DrawOdds, DrawOptions, OpeningFigures, SampledOdds, Seed, TransferCurve,
    TransferOptions,
};

fn load() -> (CardDb, Deck) {
    let cards = common::cards_dir();
    let db = CardDb::load(&cards).unwrap_or_else(|e| panic!("{}: {e}", cards.display()));
    let path = common::twda_dir().join("10043.txt");
    let deck = Deck::load(&path, None, &db).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(deck.library_count(), 90);
    (db, deck)
}

/// The deck's library with a crypt of 40 distinct vampires, one per name, the
/// first 40 of the card database with different clans mixed in.
fn forty_card_crypt(db: &CardDb, deck: &Deck) -> Deck {
    let mut names: Vec<&str> = Vec::new();
    for card in db.cards().iter().filter(|c| c.is_crypt() && !c.advanced) {
        if !names.contains(&card.name.as_str()) && card.capacity.is_some() {
            names.push(&card.name);
        }
        if names.len() == 40 {
            break;
        }
    }
    let mut text: String = names.iter().map(|n| format!("1x {n}\n")).collect();
    text.push('\n');
    for entry in &deck.library {
        let card = db.get(entry.id).expect("library card of the deck");
        text.push_str(&format!("{}x {}\n", entry.count, card.name));
    }
    let forty = Deck::from_text(&text, None, db);
    assert!(forty.unresolved.is_empty(), "{:?}", forty.unresolved);
    forty
}

fn benches(c: &mut Criterion) {
    let (db, deck) = load();
    let options = DrawOptions {
        samples: 1_000_000,
        seed: Seed(1),
        ..DrawOptions::default()
    };
    let tables = check_opening(&deck, &db, &options).unwrap();

    c.bench_function("draw figures, 90-card deck (exact)", |b| {
        b.iter(|| DrawOdds::compute(&deck, &db, &options, &|_| {}).unwrap())
    });

    // Issue 14: under 20 ms for a 12-card crypt and 90-card library.
    c.bench_function(
        "exact opening figures, 12-card crypt, 90-card library",
        |b| b.iter(|| OpeningFigures::exact(&tables, options.hand, options.crypt_draw).unwrap()),
    );
    // Issue 14: under 1 s for a 40-card crypt: 40 distinct vampires of every
    // clan (the most distinct starts, C(40, 4) = 91,390) and the same library.
    let forty = forty_card_crypt(&db, &deck);
    let forty_tables = check_opening(&forty, &db, &options).unwrap();
    assert_eq!(forty.crypt_count(), 40);
    c.bench_function(
        "exact opening figures, 40 distinct vampires, 90-card library",
        |b| {
            b.iter(|| {
                OpeningFigures::exact(&forty_tables, options.hand, options.crypt_draw).unwrap()
            })
        },
    );

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
