//! The charts of a deck page, drawn by the project's one chart module
//! ([`crate::output::chart`]); this file only gathers their figures.

use std::fmt::Write;

use super::html::{escape, prose};
use super::DeckReport;
use crate::analysis::capacities_by_group;
use crate::cards::Discipline;
use crate::output::chart::{self, BarSeries, StackedBarChart};
use crate::output::transfer_plot;
use crate::sim::TransferCurve;

/// Id of the capacity chart's `<svg>`.
pub const CAPACITY_ID: &str = "chart-capacity";
/// Id of the discipline chart's `<svg>`.
pub const DISCIPLINES_ID: &str = "chart-disciplines";
/// Id of the transfer chart's `<svg>`.
pub const TRANSFERS_ID: &str = "chart-transfers";

/// Writes a chart in a `<figure>` with its caption (vtesdeck's prose: [`prose`]).
pub fn figure(out: &mut String, svg: String, caption: &str) {
    let _ = writeln!(
        out,
        "<figure class=\"chart\">\n{svg}<figcaption>{}</figcaption>\n</figure>",
        prose(caption)
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
    /// Its abbreviation, upper case (`AUS`).
    pub abbreviation: String,
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
            abbreviation: d.discipline.abbreviation().to_uppercase(),
            inferior: d.inferior,
            superior: d.superior,
            library: library_of(d.name),
        })
        .collect();
    for tally in &spread.library_disciplines {
        if !rows.iter().any(|r| r.name == tally.name) {
            let abbreviation = Discipline::all()
                .find(|d| d.name() == tally.name)
                .map_or_else(|| tally.name.clone(), |d| d.abbreviation().to_uppercase());
            rows.push(DisciplineRow {
                name: tally.name.clone(),
                abbreviation,
                inferior: 0,
                superior: 0,
                library: tally.count,
            });
        }
    }
    rows
}

/// Size of the capacity and discipline charts, in pixels.
const SIZE: (u32, u32) = (900, 420);

/// Crypt copies by capacity (every capacity from 1 to the largest), one
/// color per group.
pub fn capacity_chart(report: &DeckReport) -> String {
    let counts = capacities_by_group(report.deck, report.db);
    let largest = counts.iter().map(|c| c.capacity).max().unwrap_or(1);
    let mut groups: Vec<&str> = Vec::new();
    for count in &counts {
        if !groups.contains(&count.group.as_str()) {
            groups.push(&count.group);
        }
    }
    groups.sort_by_key(|g| (*g == "ANY", g.parse::<u8>().unwrap_or(u8::MAX)));
    let series = groups
        .iter()
        .map(|group| BarSeries {
            label: format!("group {group}"),
            values: (1..=largest)
                .map(|capacity| {
                    counts
                        .iter()
                        .filter(|c| c.capacity == capacity && c.group == *group)
                        .map(|c| f64::from(c.count))
                        .sum()
                })
                .collect(),
            stack: 0,
            color: None,
        })
        .collect();
    with_id(
        chart::stacked_bar_chart(&StackedBarChart {
            title: "Crypt: capacity by group".to_string(),
            x_label: "capacity".to_string(),
            y_label: "crypt cards (copies)".to_string(),
            categories: (1..=largest).map(|c| c.to_string()).collect(),
            series,
            size: SIZE,
        }),
        CAPACITY_ID,
    )
}

/// Disciplines: crypt copies with it at inferior and superior level, piled,
/// beside the library copies that need it.
pub fn discipline_chart(report: &DeckReport) -> String {
    let rows = discipline_rows(report);
    let series = vec![
        BarSeries {
            label: "crypt, inferior".to_string(),
            values: rows.iter().map(|r| f64::from(r.inferior)).collect(),
            stack: 0,
            color: Some(INFERIOR_COLOR),
        },
        BarSeries {
            label: "crypt, superior".to_string(),
            values: rows.iter().map(|r| f64::from(r.superior)).collect(),
            stack: 0,
            color: Some(SUPERIOR_COLOR),
        },
        BarSeries {
            label: "library cards needing it".to_string(),
            values: rows.iter().map(|r| f64::from(r.library)).collect(),
            stack: 1,
            color: Some(LIBRARY_COLOR),
        },
    ];
    with_id(
        chart::stacked_bar_chart(&StackedBarChart {
            title: "Disciplines: crypt (inferior, superior) and library".to_string(),
            x_label: "discipline".to_string(),
            y_label: "cards (copies)".to_string(),
            categories: rows.iter().map(|r| r.abbreviation.clone()).collect(),
            series,
            size: SIZE,
        }),
        DISCIPLINES_ID,
    )
}

/// Colors of the discipline chart: light and dark blue for the crypt's
/// levels, orange for the library.
const INFERIOR_COLOR: &str = "#9ecae1";
const SUPERIOR_COLOR: &str = "#1f77b4";
const LIBRARY_COLOR: &str = "#ff7f0e";

/// The transfer curve, drawn by the code of `transfers --plot`.
pub fn transfer_chart(curve: &TransferCurve) -> String {
    with_id(transfer_plot::svg(curve), TRANSFERS_ID)
}
