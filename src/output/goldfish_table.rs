//! `vtesdeck goldfish` for people: the assumptions, the coverage, a table per
//! seat, then a chart of the pool taken by turn.

use std::io::{self, Write};

use super::draw_table::new_table;
use super::figures::percent;
use super::transfer_chart;
use crate::cards::quantity;
use crate::sim::{GoldfishReport, GoldfishSeat, TurnDistribution};

/// Not-modelled cards named on the coverage line (the JSON names them all).
const NAMED: usize = 8;

/// Renders the report.
pub fn render(report: &GoldfishReport, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "{}: goldfish at an idle table, {} turns, {} per seat, seed {}",
        report.path,
        report.turns,
        quantity(report.samples, "game", "games"),
        report.seed
    )?;
    writeln!(out, "Assumptions:")?;
    for assumption in &report.assumptions {
        writeln!(out, "  - {assumption}")?;
    }
    let coverage = &report.coverage;
    let mut line = format!(
        "Coverage: {} of {} cards played ({})",
        coverage.played,
        coverage.library,
        percent(coverage.played_share)
    );
    if coverage.inert > 0 {
        let reasons: Vec<String> = coverage
            .inert_reasons
            .iter()
            .map(|r| format!("{} {}", r.count, r.reason.label()))
            .collect();
        line.push_str(&format!(
            "; {} with no effect at an idle table ({})",
            coverage.inert,
            reasons.join(", ")
        ));
    }
    line.push_str(&format!("; {} not modelled", coverage.not_modelled));
    writeln!(out, "{line}")?;
    if !coverage.not_modelled_cards.is_empty() {
        let mut named: Vec<String> = coverage
            .not_modelled_cards
            .iter()
            .take(NAMED)
            .map(|c| format!("{}x {}", c.count, c.name))
            .collect();
        if coverage.not_modelled_cards.len() > NAMED {
            named.push(format!(
                "{} more",
                coverage.not_modelled_cards.len() - NAMED
            ));
        }
        writeln!(
            out,
            "Not modelled (played as nothing): {}",
            named.join(", ")
        )?;
    }
    for warning in &coverage.warnings {
        writeln!(out, "Warning: {warning}.")?;
    }
    let header = [
        "Turn",
        "Pool taken",
        "p10",
        "p50",
        "p90",
        "Ousted",
        "Own pool",
        "Vampires",
        "Actions",
    ];
    let groups = same_figures(report);
    for seats in &groups {
        let seat = seats[0];
        let mut table = new_table(&header, 0);
        for turn in &seat.turns {
            table.add_row(vec![
                turn.turn.to_string(),
                format!("{:.2}", turn.bled_mean),
                turn.bled_p10.to_string(),
                turn.bled_p50.to_string(),
                turn.bled_p90.to_string(),
                percent(turn.ousted_p),
                format!("{:.2}", turn.own_pool_mean),
                format!("{:.2}", turn.ready_vampires_mean),
                format!("{:.2}", turn.actions_mean),
            ]);
        }
        let numbers: Vec<u8> = seats.iter().map(|s| s.seat).collect();
        let label = transfer_chart::seats_label(&numbers);
        let mut title = label.clone();
        title[..1].make_ascii_uppercase();
        if seats.len() > 1 {
            title.push_str(" (the same figures)");
        }
        writeln!(out, "\n{title}\n{table}")?;
        writeln!(out, "First pool taken: {}", when(&seat.first_pool_taken))?;
        writeln!(out, "Prey ousted: {}", when(&seat.oust_turn))?;
    }
    writeln!(
        out,
        "Columns: Pool taken = pool the prey has lost by the end of the turn, to bleeds, votes \
         and burns (mean, 10th, 50th, 90th percentiles); Ousted = chance the prey is ousted by \
         then; Own pool, Vampires (in play), Actions (taken that turn, hunts included) = means."
    )?;
    writeln!(
        out,
        "\nPool taken from the prey by turn (mean, one line per seat)"
    )?;
    let lines: Vec<(Vec<u8>, Vec<f64>)> = groups
        .iter()
        .map(|seats| {
            (
                seats.iter().map(|s| s.seat).collect(),
                seats[0].turns.iter().map(|t| t.bled_mean).collect(),
            )
        })
        .collect();
    transfer_chart::render_seat_lines(&lines, out)
}

/// The seats in order, those with the same figures together.
fn same_figures(report: &GoldfishReport) -> Vec<Vec<&GoldfishSeat>> {
    transfer_chart::seats_with_same_figures(&report.seats, |a, b| {
        a.turns == b.turns && a.first_pool_taken == b.first_pool_taken && a.oust_turn == b.oust_turn
    })
}

/// "mean turn 3.40, median 3, never in 2%" for a turn distribution.
pub fn when(d: &TurnDistribution) -> String {
    match (d.mean, d.median) {
        (Some(mean), Some(median)) => format!(
            "mean turn {mean:.2}, median {median}, not within the turns in {} of the games",
            percent(d.p_never)
        ),
        _ => "not within the turns in any game".to_string(),
    }
}
