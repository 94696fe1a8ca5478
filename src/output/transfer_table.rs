//! `vtesdeck transfers` for people: a table per seat, then the chart.

use std::io::{self, Write};

use super::draw_table::new_table;
use super::figures::percent;
use super::transfer_chart;
use crate::cards::quantity;
use crate::sim::{
    PolicyComparison, SeatCurve, TransferCurve, COMPARE_KEY_AND_POOL_TURN, COMPARE_TWO_BY_TURN,
};

/// Renders the report: per seat the turn-by-turn figures and when the n-th
/// vampire comes out, then the terminal chart of the expected capacity.
pub fn render(curve: &TransferCurve, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "{}: influence phase, policy {}, {} per seat, seed {}, up to {}",
        curve.path,
        curve.policy.name(),
        quantity(curve.samples, "game", "games"),
        curve.seed,
        quantity(curve.max_vampires, "vampire", "vampires")
    )?;
    let mut header = vec!["Turn".to_string()];
    header.extend((1..=curve.max_vampires).map(|k| format!("P(>={k})")));
    header.extend(["Controlled", "Capacity", "Pool", "Pool p10"].map(String::from));
    if !curve.keys.is_empty() {
        header.push("Key in play".to_string());
    }
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let groups = same_figures(curve);
    for seats in &groups {
        let seat = seats[0];
        let mut table = new_table(&header, 0);
        for turn in &seat.turns {
            let mut row = vec![turn.turn.to_string()];
            row.extend(turn.p_at_least.iter().map(|p| percent(*p)));
            row.push(format!("{:.2}", turn.expected_controlled));
            row.push(format!("{:.2}", turn.expected_capacity));
            row.push(format!("{:.2}", turn.expected_pool));
            row.push(turn.pool_p10.to_string());
            if let Some(key) = &seat.key {
                let p = key.p_in_play_by_turn.get(turn.turn as usize - 1);
                row.push(p.map_or("-".to_string(), |p| percent(*p)));
            }
            table.add_row(row);
        }
        let numbers: Vec<u8> = seats.iter().map(|s| s.seat).collect();
        let mut title = transfer_chart::seats_label(&numbers);
        title[..1].make_ascii_uppercase();
        if seats.len() > 1 {
            title.push_str(" (the same figures)");
        }
        writeln!(out, "\n{title}\n{table}")?;
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
        if let Some(key) = &seat.key {
            writeln!(
                out,
                "Key vampire ({}): mean turn {}, not out in {} of the games",
                curve.keys.join(", "),
                key.mean_turn.map_or("-".to_string(), |m| format!("{m:.2}")),
                percent(key.p_never)
            )?;
        }
    }
    writeln!(
        out,
        "Columns: P(>=k) = chance of at least k vampires controlled at the end of the turn; \
         Controlled, Capacity, Pool = means; Pool p10 = the pool of the worst tenth of the \
         games{}; Not out = share of games where that vampire never comes out.",
        if curve.keys.is_empty() {
            ""
        } else {
            "; Key in play = chance a key vampire is controlled"
        }
    )?;
    writeln!(
        out,
        "\nExpected capacity in play by turn (one line per seat)"
    )?;
    let lines: Vec<(Vec<u8>, Vec<f64>)> = groups
        .iter()
        .map(|seats| {
            (
                seats.iter().map(|s| s.seat).collect(),
                seats[0].turns.iter().map(|t| t.expected_capacity).collect(),
            )
        })
        .collect();
    transfer_chart::render_seat_lines(&lines, out)
}

/// The seats in order, those with the same figures together.
fn same_figures(curve: &TransferCurve) -> Vec<Vec<&SeatCurve>> {
    transfer_chart::seats_with_same_figures(&curve.seats, |a, b| {
        a.turns == b.turns && a.nth_vampire == b.nth_vampire && a.key == b.key
    })
}

/// Renders `transfers --policy all`: per seat, one row per policy.
pub fn render_comparison(all: &PolicyComparison, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "{}: influence policies compared on the same shuffled crypts, {} per seat, seed {}{}",
        all.path,
        quantity(all.samples, "game", "games"),
        all.seed,
        if all.keys.is_empty() {
            String::new()
        } else {
            format!(", key {}", all.keys.join(", "))
        }
    )?;
    let with_key = !all.keys.is_empty();
    let two = format!("P(2 vampires by turn {COMPARE_TWO_BY_TURN})");
    let key = format!("P(key in play by turn {COMPARE_KEY_AND_POOL_TURN})");
    let pool = format!("Expected pool at turn {COMPARE_KEY_AND_POOL_TURN}");
    let mut header = vec!["Seat", "Policy", two.as_str()];
    if with_key {
        header.push(&key);
    }
    header.push(&pool);
    let mut table = new_table(&header, 2);
    let shown = |p: Option<f64>| p.map_or("-".to_string(), percent);
    for row in &all.comparison {
        let mut cells = vec![
            row.seat.to_string(),
            row.policy.name().to_string(),
            shown(row.p_two_by_turn_3),
        ];
        if with_key {
            cells.push(shown(row.p_key_by_turn_4));
        }
        cells.push(
            row.expected_pool_turn_4
                .map_or("-".to_string(), |p| format!("{p:.2}")),
        );
        table.add_row(cells);
    }
    writeln!(out, "\n{table}")?;
    writeln!(
        out,
        "Columns: one row per seat and policy (--help describes each policy; key needs --key); \
         \"-\" = fewer turns simulated; higher P and higher pool are better."
    )
}

/// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`.
pub fn ordinal(n: u32) -> String {
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
