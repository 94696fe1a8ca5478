//! Rendering reports for people (tables, text) and machines (JSON Lines).

pub mod card_json;
pub mod card_text;
pub(crate) mod chart;
pub mod check;
pub mod db_text;
pub mod deck_text;
pub mod diff;
pub mod draw_table;
pub mod figures;
pub mod goldfish_table;
pub mod json_lines;
pub mod output_file;
pub mod report;
pub mod stats_json;
pub mod stats_table;
pub(crate) mod transfer_chart;
pub mod transfer_plot;
pub mod transfer_table;
pub mod twd_header;
pub(crate) mod xml;
