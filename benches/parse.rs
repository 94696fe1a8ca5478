//! Parse of the whole TWDA (every decklist file read, decoded, split into
//! lines and resolved against the real card database), one thread and all
//! threads, against the baseline of reading the same files; and the same
//! 4,504 decks read from one KRCG archive file (JSON records, read by id);
//! and the markup readers on large documents, at two sizes each, so that
//! their times show they grow linearly (issue 32: a Sutekh XML of 40,000
//! cards took 10 s, an ARDB HTML page of 160,000 rows 21 s).

// `criterion_group!` defines a public function without a doc comment.
#![allow(missing_docs)]

mod common;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use rayon::prelude::*;
use vtesdeck::cards::CardDb;
use vtesdeck::deck::Deck;
use vtesdeck::formats::LoadDeck;

fn parse(c: &mut Criterion) {
    let db = CardDb::load(&common::cards_dir()).unwrap_or_else(|err| panic!("{err}"));
    let files = common::twda_files();
    let load = |path: &std::path::PathBuf| match Deck::load(path, None, &db) {
        Ok(deck) => deck.crypt_count() + deck.library_count(),
        Err(err) => panic!("{err}"),
    };
    let mut group = c.benchmark_group("parse_twda");
    group.sample_size(10);
    group.bench_function("baseline_raw_read", |b| {
        b.iter(|| black_box(common::read_all(&files)))
    });
    group.bench_function("one_thread", |b| {
        b.iter(|| black_box(files.iter().map(load).sum::<u32>()))
    });
    group.bench_function("all_threads", |b| {
        b.iter(|| black_box(files.par_iter().map(load).sum::<u32>()))
    });
    group.finish();

    // The same decks as one KRCG archive (what `convert --to krcg DIR` writes).
    let decks: Vec<Deck> = files
        .iter()
        .map(|path| Deck::load(path, None, &db).unwrap_or_else(|err| panic!("{err}")))
        .collect();
    let mut archive = Vec::new();
    let mut writer = vtesdeck::formats::ArchiveWriter::default();
    for deck in &decks {
        writer.write_deck(&mut archive, deck, &db);
    }
    writer.finish(&mut archive);
    let archive = String::from_utf8(archive).expect("the archive is UTF-8");
    let path = std::path::Path::new("twda.json");
    let mut group = c.benchmark_group("parse_krcg_archive");
    group.sample_size(10);
    group.bench_function("one_file_all_records", |b| {
        b.iter(
            || match Deck::all_from_text(black_box(&archive), None, &db, path) {
                Ok(decks) => decks.len(),
                Err(err) => panic!("{err}"),
            },
        )
    });
    group.finish();
}

/// Sutekh XML of `cards` cards, and ARDB HTML of `rows` library rows.
fn large_documents(cards: usize, rows: usize) -> (String, String) {
    let xml = format!(
        "<physicalcardset name=\"Big\">\n{}</physicalcardset>\n",
        "  <card name=\"Deep Song\" count=\"1\" />\n".repeat(cards)
    );
    let html = format!(
        "<html><body><div id=\"crypt\"><table>\n\
         <tr><td>12x</td><td>Janey Pickman</td></tr></table></div>\n\
         <div id=\"library\"><table>\n{}</table></div></body></html>\n",
        "<tr><td>1x</td><td>Deep Song</td></tr>\n".repeat(rows)
    );
    (xml, html)
}

fn parse_markup(c: &mut Criterion) {
    use vtesdeck::formats::Format;
    let db = CardDb::embedded().expect("the built-in card list");
    let mut group = c.benchmark_group("parse_markup");
    group.sample_size(10);
    for (cards, rows) in [(10_000, 40_000), (40_000, 160_000)] {
        let (xml, html) = large_documents(cards, rows);
        group.bench_function(format!("sutekh_xml_{cards}_cards"), |b| {
            b.iter(|| {
                Deck::from_text(black_box(&xml), Some(Format::SutekhXml), &db).library_count()
            })
        });
        group.bench_function(format!("ardb_html_{rows}_rows"), |b| {
            b.iter(|| {
                Deck::from_text(black_box(&html), Some(Format::ArdbHtml), &db).library_count()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, parse, parse_markup);
criterion_main!(benches);
