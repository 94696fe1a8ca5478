//! Rendering reports for people (tables, text) and machines (JSON Lines).

pub mod deck_json;
pub mod deck_text;
pub mod draw_table;
pub mod transfer_chart;
pub mod transfer_plot;
pub mod transfer_table;
