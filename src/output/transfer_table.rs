//! `vtesdeck transfers` for people: a table per seat, then the chart.

use std::io::{self, Write};

use super::draw_table::{new_table, percent};
use super::transfer_chart;
use crate::sim::transfers::TransferCurve;

/// Renders the report: per seat the turn-by-turn figures and when the n-th
/// vampire comes out, then the terminal chart of the expected capacity.
pub fn render(curve: &TransferCurve, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "{}: influence phase, policy {}, {} games per seat, seed {}, up to {} vampires",
        curve.path,
        curve.policy.name(),
        curve.samples,
        curve.seed,
        curve.max_vampires
    )?;
    for seat in &curve.seats {
        let mut table = new_table(
            &[
                "Turn",
                "P(>=1)",
                "P(>=2)",
                "P(>=3)",
                "P(>=4)",
                "Controlled",
                "Capacity",
                "Pool",
            ],
            0,
        );
        for turn in &seat.turns {
            let mut row = vec![turn.turn.to_string()];
            row.extend(turn.p_at_least.iter().map(|p| percent(*p)));
            row.push(format!("{:.2}", turn.expected_controlled));
            row.push(format!("{:.2}", turn.expected_capacity));
            row.push(format!("{:.2}", turn.expected_pool));
            table.add_row(row);
        }
        writeln!(out, "\nSeat {}\n{table}", seat.seat)?;
        let mut nth = new_table(&["Vampire", "Mean turn", "Median turn", "Not out"], 1);
        for n in &seat.nth_vampire {
            nth.add_row(vec![
                ordinal(n.nth),
                n.mean.map_or("-".to_string(), |m| format!("{m:.2}")),
                n.median.map_or("-".to_string(), |m| m.to_string()),
                percent(n.p_never),
            ]);
        }
        writeln!(out, "{nth}")?;
    }
    writeln!(
        out,
        "\nExpected capacity in play by turn (one line per seat)"
    )?;
    transfer_chart::render(curve, out)
}

/// `1st`, `2nd`, `3rd`, `4th`.
pub fn ordinal(n: u32) -> String {
    let suffix = match n {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
