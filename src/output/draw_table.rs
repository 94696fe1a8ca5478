//! `vtesdeck draw` for people: the opening odds as tables.

use std::io::{self, Write};

use comfy_table::{presets, CellAlignment, Table};

use crate::cards::CardDb;
use crate::deck::Deck;
use crate::sim::opening_hand::{CardOdds, DrawOdds, Estimate, Figures};

/// A probability as a percentage with one decimal (`78.3%`).
pub fn percent(p: f64) -> String {
    format!("{:.1}%", (p * 100.0).max(0.0))
}

/// A table with the vtesdeck look; the columns after the first `text_columns`
/// are right-aligned.
pub fn new_table(header: &[&str], text_columns: usize) -> Table {
    let mut table = Table::new();
    table.load_preset(presets::UTF8_FULL_CONDENSED);
    table.set_header(header.to_vec());
    for i in text_columns..header.len() {
        if let Some(column) = table.column_mut(i) {
            column.set_cell_alignment(CellAlignment::Right);
        }
    }
    table
}

/// Renders the report (the deck and database give names and counts).
pub fn render(odds: &DrawOdds, deck: &Deck, db: &CardDb, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "{}: opening hand of {} library cards, {} crypt cards",
        odds.path, odds.hand, odds.crypt_draw
    )?;
    let at_least = ["P(>=1)", "P(>=2)", "P(>=3)", "P(>=4)"];
    let mut header = vec!["Library (exact)", "Kind", "Cards", "Expected"];
    header.extend(at_least);
    let mut library = new_table(&header, 2);
    let sections: [(&str, &Figures<CardOdds>); 4] = [
        ("type", &odds.library.types),
        ("discipline", &odds.library.disciplines),
        ("clan", &odds.library.clans),
        ("tracked", &odds.library.tracked),
    ];
    for (section, figures) in sections {
        for (name, card_odds) in &figures.0 {
            library.add_row(odds_row(name, section, card_odds));
        }
    }
    if odds.library.trifles.count > 0 {
        library.add_row(odds_row("Trifles", "trifle", &odds.library.trifles));
    }
    writeln!(out, "\n{library}")?;

    let mut vampires = new_table(&["Crypt (exact)", "Cards", "Capacity", "P(>=1)"], 1);
    for ((_, p), entry) in odds.crypt.vampires.0.iter().zip(&deck.crypt) {
        let card = db.get(entry.id);
        vampires.add_row(vec![
            card.map_or_else(|| entry.id.to_string(), |c| db.printing_name(c)),
            entry.count.to_string(),
            card.and_then(|c| c.capacity)
                .map_or(String::new(), |c| c.to_string()),
            percent(*p),
        ]);
    }
    writeln!(out, "\n{vampires}")?;

    let mut header = vec!["Crypt discipline", "Cards"];
    header.extend(&at_least[..]);
    let mut disciplines = new_table(&header, 1);
    for (name, card_odds) in &odds.crypt.disciplines.0 {
        let mut row = vec![name.clone(), card_odds.count.to_string()];
        row.extend(card_odds.p_at_least.iter().map(|p| percent(*p)));
        disciplines.add_row(row);
    }
    writeln!(out, "\n{disciplines}")?;

    let mut starting = new_table(&["Starting crypt cards (exact)", "P"], 1);
    for (k, p) in odds.crypt.distinct_at_least.iter().enumerate() {
        starting.add_row(vec![
            format!("at least {} distinct vampires", k + 1),
            percent(*p),
        ]);
    }
    starting.add_row(vec![
        "at least one duplicate".to_string(),
        percent(odds.crypt.duplicate),
    ]);
    writeln!(out, "\n{starting}")?;

    let mut capacity = new_table(
        &["Total capacity of the starting cards", "P", "P(at least)"],
        1,
    );
    let mut above = 1.0f64;
    for (sum, p) in &odds.crypt.capacity_total.0 {
        capacity.add_row(vec![sum.clone(), percent(*p), percent(above.max(0.0))]);
        above -= p;
    }
    writeln!(out, "\n{capacity}")?;

    let s = &odds.sampled;
    let mut sampled = new_table(&["Sampled", "Estimate ± standard error"], 1);
    sampled.add_row(vec![
        "P(a master and a playable card)".to_string(),
        estimate_percent(s.master_and_playable),
    ]);
    sampled.add_row(vec![
        "mean playable cards in hand".to_string(),
        format!(
            "{:.3} ± {:.3}",
            s.mean_playable.value, s.mean_playable.standard_error
        ),
    ]);
    sampled.add_row(vec![
        "P(no playable minion card)".to_string(),
        estimate_percent(s.no_playable_minion),
    ]);
    writeln!(out, "\n{sampled}")?;
    writeln!(
        out,
        "{} samples, seed {} (playable: a minion card one of the starting crypt cards \
         can play: disciplines, clan, path, sect, title, capacity, traits)",
        odds.samples, odds.seed
    )
}

fn odds_row(name: &str, section: &str, odds: &CardOdds) -> Vec<String> {
    let mut row = vec![
        name.to_string(),
        section.to_string(),
        odds.count.to_string(),
        format!("{:.2}", odds.expected),
    ];
    row.extend(odds.p_at_least.iter().map(|p| percent(*p)));
    row
}

/// An estimate with its standard error (`45.21% ± 0.16%`).
fn estimate_percent(e: Estimate) -> String {
    format!("{:.2}% ± {:.2}%", e.value * 100.0, e.standard_error * 100.0)
}
