//! Rendering reports for people (tables, text) and machines (JSON Lines).

pub mod card_json;
pub mod card_text;
pub mod chart;
pub mod check;
pub mod db_text;
pub mod deck_text;
pub mod diff;
#[cfg(feature = "cli")]
pub mod draw_table;
pub mod figures;
#[cfg(feature = "cli")]
pub mod goldfish_table;
pub mod json_lines;
pub mod output_file;
#[cfg(feature = "cli")]
pub mod report;
pub mod stats_json;
#[cfg(feature = "cli")]
pub mod stats_table;
pub mod transfer_chart;
pub mod transfer_plot;
#[cfg(feature = "cli")]
pub mod transfer_table;
pub mod twd_header;
pub mod xml;
