//! The goldfish section of a deck page: `vtesdeck goldfish`'s figures per
//! seat, its coverage and its assumptions.

use std::fmt::Write;

use super::html::{self, Cell, Table};
use super::DeckReport;
use crate::cards::quantity;
use crate::output::figures::percent;
use crate::output::goldfish_table::when;
use crate::sim::GoldfishReport;

/// The turn of the first figure column (the last turn is the second).
const EARLY_TURN: usize = 4;

/// Writes the section (its error when it could not be computed).
pub(super) fn section(out: &mut String, report: &DeckReport) {
    out.push_str("<section class=\"goldfish\">\n");
    html::heading(out, "goldfish", "Goldfish at an idle table");
    match &report.goldfish {
        Err(err) => html::paragraph(out, Some("error"), &format!("Not computed: {err}.")),
        Ok(goldfish) => figures(out, goldfish),
    }
    out.push_str("</section>\n");
}

fn figures(out: &mut String, goldfish: &GoldfishReport) {
    let last = goldfish.turns as usize;
    let early = EARLY_TURN.min(last);
    let by = |turn: usize| format!("Pool taken by turn {turn}");
    let ousted = format!("Prey ousted by turn {last}");
    let headers = [
        "Seat",
        by(early).as_str(),
        by(last).as_str(),
        ousted.as_str(),
        "Oust turn",
        "First pool taken",
    ]
    .map(str::to_string);
    let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
    let mut table = Table::new(&headers, 1).id("goldfish-seats");
    for seat in &goldfish.seats {
        let taken = |turn: usize| {
            seat.turns.get(turn - 1).map_or("-".to_string(), |t| {
                format!("{:.2} · {}–{}", t.bled_mean, t.bled_p10, t.bled_p90)
            })
        };
        let oust = seat.oust_turn.median.map_or("-".to_string(), |m| {
            format!("{:.2} · {m}", seat.oust_turn.mean.unwrap_or(0.0))
        });
        table.row(vec![
            Cell::text(format!("seat {}", seat.seat)),
            Cell::number(taken(early)),
            Cell::number(taken(last)),
            Cell::number(
                seat.turns
                    .last()
                    .map_or("-".to_string(), |t| percent(t.ousted_p)),
            ),
            Cell::number(oust),
            Cell::number(
                seat.first_pool_taken
                    .median
                    .map_or("-".to_string(), |m| m.to_string()),
            ),
        ]);
    }
    table.write(out);
    html::paragraph(
        out,
        Some("note"),
        &format!(
            "The deck played alone (vtesdeck goldfish, {} per seat, seed {}): pool the prey has \
             lost by the end of the turn, mean · 10th–90th percentiles; oust turn, mean · median \
             over the games where the prey is ousted within {} turns. Seat 1: oust {}.",
            quantity(goldfish.samples, "game", "games"),
            goldfish.seed,
            goldfish.turns,
            goldfish
                .seats
                .first()
                .map_or("-".to_string(), |s| when(&s.oust_turn))
        ),
    );
    let coverage = &goldfish.coverage;
    let reasons: Vec<String> = coverage
        .inert_reasons
        .iter()
        .map(|r| format!("{} {}", r.count, r.reason.label()))
        .collect();
    html::paragraph(
        out,
        None,
        &format!(
            "Coverage: {} of {} cards played ({}); {} with no effect at an idle table{}; {} not \
             modelled.",
            coverage.played,
            coverage.library,
            percent(coverage.played_share),
            coverage.inert,
            if reasons.is_empty() {
                String::new()
            } else {
                format!(" ({})", reasons.join(", "))
            },
            coverage.not_modelled
        ),
    );
    for warning in &coverage.warnings {
        html::paragraph(out, Some("error"), &format!("Warning: {warning}."));
    }
    out.push_str("<ul class=\"assumptions\">\n");
    for assumption in &goldfish.assumptions {
        let _ = writeln!(out, "<li>{}</li>", html::prose(assumption));
    }
    out.push_str("</ul>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{Seed, TransferOptions};
    use crate::testing::{deck_of, fixture_db};

    #[test]
    fn the_section_shows_each_seat_the_coverage_and_the_assumptions() {
        let db = fixture_db();
        // Alma (capacity 1) out on turn 1, a plain bleed a turn from turn 2;
        // Test Party (an event) is not modelled.
        let deck = deck_of(&db, &[(200001, 12), (100009, 30), (100011, 10)]);
        let options = TransferOptions {
            seats: vec![1, 5],
            samples: 100,
            seed: Seed(1),
            ..TransferOptions::default()
        };
        // The built-in effect table has no row for these fixture cards.
        let report = GoldfishReport::simulate(&deck, &db, &options, &|_| {}).unwrap();
        let mut out = String::new();
        figures(&mut out, &report);
        assert!(out.contains("Pool taken by turn 4"), "{out}");
        assert!(out.contains("<td>seat 5</td>"), "{out}");
        // Turn 4: 3 pool taken, turn 8: 7, in every game.
        assert!(out.contains("3.00 · 3–3"), "{out}");
        assert!(out.contains("7.00 · 7–7"), "{out}");
        assert!(
            out.contains(
                "0 of 40 cards played (0%); 30 with no effect at an idle table (30 reactions); 10 not modelled"
            ),
            "{out}"
        );
        assert!(
            out.contains(
                "Warning: 0 of 40 cards played: this deck&apos;s plan (wall) takes no pool"
            ),
            "{out}"
        );
        assert!(out.contains("the figures are a lower bound"), "{out}");
        assert_eq!(
            out.matches("<li>idle table: the prey has 30 pool").count(),
            1
        );
        assert!(out.contains("<code>transfers --policy cheapest --max-vampires 4</code>"));
    }
}
