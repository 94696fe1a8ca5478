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
    let mut header = vec!["Turn".to_string()];
    header.extend((1..=curve.max_vampires).map(|k| format!("P(>={k})")));
    header.extend(["Controlled", "Capacity", "Pool"].map(String::from));
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    for seat in &curve.seats {
        let mut table = new_table(&header, 0);
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

/// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`.
fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals_past_the_fourth() {
        let words: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 103].map(ordinal).into();
        assert_eq!(
            words,
            ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "103rd"]
        );
    }
}
