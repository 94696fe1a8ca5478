//! Rendering reports for people (tables, text) and machines (JSON Lines).

pub mod check;
pub mod deck_json;
pub mod deck_text;
