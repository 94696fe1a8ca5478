//! Report speed: rendering the HTML page of a deck once its figures are
//! computed (the simulations are measured by the `sim` bench), and the index.
//!
//! Reads a real TWDA deck (`$VTESDECK_TWDA/10043.txt`, default `../shared/twda/decks`)
//! against the real card database (`$VTESDECK_CARDS`, default `../shared/cards`).
//! Run: `cargo bench --bench report`.

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

mod common;
// How results are shown is the binary's own layer (`src/output`), not the
// library's: the bench compiles it in the way `src/main.rs` does, with the
// library's layers named at the root as the module writes them.
#[allow(dead_code, unused_imports)]
#[path = "../src/output/mod.rs"]
mod output;
#[cfg(test)]
#[allow(unused_imports)]
#[path = "../src/testing.rs"]
mod testing;
#[allow(unused_imports)]
use vtesdeck::{analysis, cards, deck, formats, rules, sim};

use criterion::{criterion_group, criterion_main, Criterion};
use output::report::{deck_page, index_page, DeckReport, IndexRow, Provenance};
use vtesdeck::analysis::Stats;
use vtesdeck::cards::CardDb;
use vtesdeck::deck::Deck;
use vtesdeck::formats::LoadDeck;
use vtesdeck::rules::{CheckDate, Checker, Profile};
use vtesdeck::sim::{DrawOdds, DrawOptions, GoldfishReport, Seed, TransferCurve, TransferOptions};

fn load() -> (CardDb, Deck) {
    let cards = common::cards_dir();
    let db = CardDb::load(&cards).unwrap_or_else(|e| panic!("{}: {e}", cards.display()));
    let path = common::twda_dir().join("10043.txt");
    let deck = Deck::load(&path, None, &db).unwrap_or_else(|e| panic!("{e}"));
    (db, deck)
}

fn benches(c: &mut Criterion) {
    let (db, deck) = load();
    let profile = Profile::standard();
    let checker = Checker::new(&db, &profile, CheckDate::Event, 5).unwrap();
    let draw = DrawOptions {
        samples: 10_000,
        seed: Seed(1),
        ..DrawOptions::default()
    };
    let transfers = TransferOptions {
        seats: (1..=5).collect(),
        samples: 10_000,
        seed: Seed(1),
        ..TransferOptions::default()
    };
    let goldfish = TransferOptions {
        samples: 10_000,
        seed: Seed(1),
        ..TransferOptions::default()
    };
    let report = DeckReport {
        deck: &deck,
        db: &db,
        check: checker.check(&deck),
        stats: Stats::of_deck(&deck, &db),
        draw: DrawOdds::compute(&deck, &db, &draw, &|_| {}),
        transfers: TransferCurve::simulate(&deck, &db, &transfers, &|_| {}),
        goldfish: GoldfishReport::simulate(&deck, &db, &goldfish, &|_| {}),
    };
    let provenance = Provenance {
        generator: "vtesdeck bench".into(),
        card_db: "bench".into(),
    };
    c.bench_function("deck page HTML, 90-card deck, figures computed", |b| {
        b.iter(|| deck_page(&report, &provenance))
    });
    let rows: Vec<IndexRow> = (0..4504)
        .map(|i| IndexRow {
            page: Some(format!("decks/{i}.txt.html")),
            path: format!("{i}.txt"),
            name: format!("Deck {i}"),
            legal: Ok(i % 7 != 0),
            crypt: 12,
            library: 90,
            groups: "4, 5".into(),
            clans: "Gangrel antitribu ×9, Gangrel ×2, Caitiff ×1".into(),
            errors: usize::from(i % 7 == 0),
            warnings: 3,
            rules: vec!["duplicate-unique".into()],
        })
        .collect();
    c.bench_function("index HTML, 4504 rows", |b| {
        b.iter(|| index_page("TWDA", &rows, &provenance))
    });
}

criterion_group!(report, benches);
criterion_main!(report);
