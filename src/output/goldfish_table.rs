//! `vtesdeck goldfish` for people: the assumptions, the coverage, a table per
//! seat, then a chart of the pool taken by turn.

use std::io::{self, Write};

use super::draw_table::new_table;
use super::figures::percent;
use super::transfer_chart;
use crate::cards::quantity;
use crate::sim::{GoldfishReport, TurnDistribution, COVERAGE_WARNING};

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
    writeln!(
        out,
        "Coverage: {} library cards: {} modelled, {} inert at an idle table, {} not modelled ({} modelled or inert)",
        coverage.library,
        coverage.modelled,
        coverage.inert,
        coverage.not_modelled,
        percent(coverage.share)
    )?;
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
    if coverage.warning {
        writeln!(
            out,
            "Warning: fewer than {} of the library's cards are modelled or inert: the figures are a lower bound.",
            percent(COVERAGE_WARNING)
        )?;
    }
    let header = [
        "Turn",
        "Bled mean",
        "p10",
        "p50",
        "p90",
        "Ousted",
        "Own pool",
        "Vampires",
        "Actions",
    ];
    for seat in &report.seats {
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
        writeln!(out, "\nSeat {}\n{table}", seat.seat)?;
        writeln!(out, "First bleed: {}", when(&seat.first_bleed))?;
        writeln!(out, "Prey ousted: {}", when(&seat.oust_turn))?;
    }
    writeln!(
        out,
        "Columns: Bled = pool the prey has lost by the end of the turn (mean, 10th, 50th, 90th \
         percentiles); Ousted = chance the prey is ousted by then; Own pool, Vampires (in play), \
         Actions (taken that turn) = means."
    )?;
    writeln!(
        out,
        "\nPool taken from the prey by turn (mean, one line per seat)"
    )?;
    let lines: Vec<(u8, Vec<f64>)> = report
        .seats
        .iter()
        .map(|s| (s.seat, s.turns.iter().map(|t| t.bled_mean).collect()))
        .collect();
    transfer_chart::render_seat_lines(&lines, out)
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
