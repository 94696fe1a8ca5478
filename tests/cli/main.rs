//! vtesdeck end to end: the binary run as users run it, on the real card
//! database, the TWDA and the sample exports (the repository's snapshots, or
//! `../shared` and `$VTESDECK_*` when there: `common`), and fixtures
//! written for the tests. One test binary (one link) for every command; a
//! module per command or concern. Run one module with
//! `cargo test --profile test-release --test cli -- check::`.

mod common;

mod card;
mod check;
mod ci_recipes;
mod conventions;
mod convert;
mod db;
mod diff;
mod docs;
mod draw;
mod formats;
mod goldfish;
mod hostile;
mod html_pages;
mod imports;
mod json_decks;
mod json_schema;
mod krcg;
mod newsgroup;
mod one_model;
mod other_games;
mod pages;
mod parse;
mod profiles;
mod reading;
mod report;
mod robustness;
mod scaling;
mod shapes;
mod shell;
mod sideboards;
mod stats;
mod test_data;
mod text_decks;
mod transfers;
