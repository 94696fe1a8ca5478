//! Card database load, in one run: the snapshot built into the program
//! (`CardDb::embedded`) against `CardDb::load` on the VEKN CSV folder, and
//! the baseline of reading the same files into memory.

// `criterion_group!` defines a public function without a doc comment.
#![allow(missing_docs)]

mod common;

use std::hint::black_box;

/// The `vtesdeck` binary's allocator (`src/main.rs`), so that these figures
/// are the binary's: the load allocates one string per card field.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use criterion::{criterion_group, criterion_main, Criterion};
use vtesdeck::cards::CardDb;

const CSV_FILES: [&str; 4] = [
    "vtescrypt.csv",
    "vteslib.csv",
    "vtessets.csv",
    "vteslibmeta.csv",
];

fn db_load(c: &mut Criterion) {
    let dir = common::cards_dir();
    let files: Vec<_> = CSV_FILES
        .iter()
        .map(|name| dir.join(name))
        .filter(|path| path.is_file())
        .collect();
    let mut group = c.benchmark_group("db_load");
    group.sample_size(20);
    group.bench_function("baseline_raw_read", |b| {
        b.iter(|| black_box(common::read_all(&files)))
    });
    // The database is returned, so that freeing it is not timed: the command
    // line never frees it (it lives until the process ends).
    group.bench_function("card_db_load", |b| {
        b.iter_with_large_drop(|| match CardDb::load(&dir) {
            Ok(db) => black_box(db),
            Err(err) => panic!("{err}"),
        })
    });
    group.bench_function("embedded_snapshot", |b| {
        b.iter_with_large_drop(|| match CardDb::embedded() {
            Ok(db) => black_box(db),
            Err(err) => panic!("{err}"),
        })
    });
    group.finish();
}

criterion_group!(benches, db_load);
criterion_main!(benches);
