//! Rendering reports for people (tables, text) and machines (JSON Lines).

pub mod deck_json;
pub mod deck_text;
pub mod stats_json;
pub mod stats_table;
pub mod twd_header;
