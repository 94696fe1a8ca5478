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

/// One table of the `draw` report as text: column titles, rows, and how many
/// columns on the left hold text (the others hold figures). The terminal
/// tables and the HTML report are both drawn from these.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawTable {
    /// Column titles.
    pub header: Vec<&'static str>,
    /// Columns of text on the left; the others are right-aligned figures.
    pub text_columns: usize,
    /// The rows, one text per column.
    pub rows: Vec<Vec<String>>,
}

/// The tables of the `draw` report, in order: exact library odds, each crypt
/// card, crypt disciplines, starting crypt cards, total capacity, sampled figures.
pub fn tables(odds: &DrawOdds, deck: &Deck, db: &CardDb) -> Vec<DrawTable> {
    let at_least = ["P(>=1)", "P(>=2)", "P(>=3)", "P(>=4)"];
    let mut header = vec!["Library (exact)", "Kind", "Cards", "Expected"];
    header.extend(at_least);
    let mut library = DrawTable {
        header,
        text_columns: 2,
        rows: Vec::new(),
    };
    let sections: [(&str, &Figures<CardOdds>); 4] = [
        ("type", &odds.library.types),
        ("discipline", &odds.library.disciplines),
        ("clan", &odds.library.clans),
        ("tracked", &odds.library.tracked),
    ];
    for (section, figures) in sections {
        for (name, card_odds) in &figures.0 {
            library.rows.push(odds_row(name, section, card_odds));
        }
    }
    if odds.library.trifles.count > 0 {
        library
            .rows
            .push(odds_row("Trifles", "trifle", &odds.library.trifles));
    }

    let mut vampires = DrawTable {
        header: vec!["Crypt (exact)", "Cards", "Capacity", "P(>=1)"],
        text_columns: 1,
        rows: Vec::new(),
    };
    for ((_, p), entry) in odds.crypt.vampires.0.iter().zip(&deck.crypt) {
        let card = db.get(entry.id);
        vampires.rows.push(vec![
            card.map_or_else(|| entry.id.to_string(), |c| db.printing_name(c)),
            entry.count.to_string(),
            card.and_then(|c| c.capacity)
                .map_or(String::new(), |c| c.to_string()),
            percent(*p),
        ]);
    }

    let mut header = vec!["Crypt discipline", "Cards"];
    header.extend(&at_least[..]);
    let mut disciplines = DrawTable {
        header,
        text_columns: 1,
        rows: Vec::new(),
    };
    for (name, card_odds) in &odds.crypt.disciplines.0 {
        let mut row = vec![name.clone(), card_odds.count.to_string()];
        row.extend(card_odds.p_at_least.iter().map(|p| percent(*p)));
        disciplines.rows.push(row);
    }

    let mut starting = DrawTable {
        header: vec!["Starting crypt cards (exact)", "P"],
        text_columns: 1,
        rows: Vec::new(),
    };
    for (k, p) in odds.crypt.distinct_at_least.iter().enumerate() {
        starting.rows.push(vec![
            format!("at least {} distinct vampires", k + 1),
            percent(*p),
        ]);
    }
    starting.rows.push(vec![
        "at least one duplicate".to_string(),
        percent(odds.crypt.duplicate),
    ]);

    let mut capacity = DrawTable {
        header: vec!["Total capacity of the starting cards", "P", "P(at least)"],
        text_columns: 1,
        rows: Vec::new(),
    };
    let mut above = 1.0f64;
    for (sum, p) in &odds.crypt.capacity_total.0 {
        capacity
            .rows
            .push(vec![sum.clone(), percent(*p), percent(above.max(0.0))]);
        above -= p;
    }

    let s = &odds.sampled;
    let sampled = DrawTable {
        header: vec!["Sampled", "Estimate ± standard error"],
        text_columns: 1,
        rows: vec![
            vec![
                "P(a master and a playable card)".to_string(),
                estimate_percent(s.master_and_playable),
            ],
            vec![
                "mean playable cards in hand".to_string(),
                format!(
                    "{:.3} ± {:.3}",
                    s.mean_playable.value, s.mean_playable.standard_error
                ),
            ],
            vec![
                "P(no playable minion card)".to_string(),
                estimate_percent(s.no_playable_minion),
            ],
        ],
    };
    vec![library, vampires, disciplines, starting, capacity, sampled]
}

/// The note under the report: samples, seed, and what "playable" means.
pub fn sampling_note(odds: &DrawOdds) -> String {
    format!(
        "{} samples, seed {} (playable: a minion card one of the starting crypt cards \
         can play: disciplines, clan, path, sect, title, capacity, traits)",
        odds.samples, odds.seed
    )
}

/// Renders the report (the deck and database give names and counts).
pub fn render(odds: &DrawOdds, deck: &Deck, db: &CardDb, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "{}: opening hand of {} library cards, {} crypt cards",
        odds.path, odds.hand, odds.crypt_draw
    )?;
    for table in tables(odds, deck, db) {
        let mut rendered = new_table(&table.header, table.text_columns);
        for row in table.rows {
            rendered.add_row(row);
        }
        writeln!(out, "\n{rendered}")?;
    }
    writeln!(out, "{}", sampling_note(odds))
}

/// A row of the library table: name, kind, cards, expected count, P(at least k).
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
