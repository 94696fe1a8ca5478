//! `vtesdeck draw` for people: the opening odds as tables.

use std::io::{self, Write};

use comfy_table::{presets, CellAlignment, Table};

use super::figures::{percent, percent_with_error};
use crate::cards::{quantity, CardDb};
use crate::deck::Deck;
use crate::sim::{CardOdds, DrawOdds, Estimate, Figures, OpeningMethod};

/// A table with the vtesdeck look; the columns after the first `text_columns`
/// are right-aligned.
pub(crate) fn new_table(header: &[&str], text_columns: usize) -> Table {
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
/// card, crypt disciplines, starting crypt cards, total capacity, opening
/// figures (exact, or sampled past too many starts), tracked cards seen (`--seen`).
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
    for ((_, vampire), entry) in odds.crypt.vampires.0.iter().zip(&deck.crypt) {
        vampires.rows.push(vec![
            vampire.name.clone(),
            vampire.count.to_string(),
            db.get(entry.id)
                .and_then(|c| c.capacity)
                .map_or(String::new(), |c| c.to_string()),
            percent(vampire.p_at_least_one),
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
            format!(
                "at least {}",
                quantity(k as u64 + 1, "distinct vampire", "distinct vampires")
            ),
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
    for (index, (sum, p)) in odds.crypt.capacity_total.0.iter().enumerate() {
        // The first total is the smallest possible: at least it is certain.
        let at_least = odds.crypt.capacity_at_least(index);
        capacity
            .rows
            .push(vec![sum.clone(), percent(*p), percent(at_least)]);
    }

    let method = match odds.opening_method {
        OpeningMethod::Exact => "Opening (exact)",
        OpeningMethod::Sampled => "Opening (sampled)",
    };
    let mut opening = DrawTable {
        header: vec![method, "P / mean"],
        text_columns: 1,
        rows: Vec::new(),
    };
    let o = &odds.opening;
    let rows: [(&str, String, Option<Estimate>); 3] = [
        (
            "P(a master and a playable card)",
            percent(o.master_and_playable),
            odds.sampled.map(|s| s.master_and_playable),
        ),
        (
            "mean playable cards in hand",
            format!("{:.3}", o.mean_playable),
            odds.sampled.map(|s| s.mean_playable),
        ),
        (
            "P(no playable minion card)",
            percent(o.no_playable_minion),
            odds.sampled.map(|s| s.no_playable_minion),
        ),
    ];
    for (label, value, estimate) in rows {
        let shown = match estimate {
            Some(e) if label.starts_with("mean") => {
                format!("{:.3} ± {:.3}", e.value, e.standard_error)
            }
            Some(e) => percent_with_error(e.value, e.standard_error),
            None => value,
        };
        opening.rows.push(vec![label.to_string(), shown]);
    }
    if let Some(key) = &odds.key {
        opening.rows.push(vec![
            format!(
                "P(a key vampire among the starting crypt cards: {})",
                key.names.join(", ")
            ),
            percent(key.p_in_start),
        ]);
    }
    let mut tables = vec![library, vampires, disciplines, starting, capacity, opening];
    if let Some(seen) = &odds.seen {
        let mut header = vec![
            "Tracked among the first library cards seen (exact)",
            "Cards",
        ];
        header.extend(at_least);
        let mut table = DrawTable {
            header,
            text_columns: 1,
            rows: Vec::new(),
        };
        for (name, card_odds) in &seen.tracked.0 {
            let mut row = vec![
                format!("{name} (first {} cards)", seen.cards),
                card_odds.count.to_string(),
            ];
            row.extend(card_odds.p_at_least.iter().map(|p| percent(*p)));
            table.rows.push(row);
        }
        tables.push(table);
    }
    tables
}

/// The notes under the report: how the opening figures were computed, and
/// what the columns mean.
pub(crate) fn sampling_note(odds: &DrawOdds) -> String {
    let method = match odds.opening_method {
        OpeningMethod::Exact => "Every figure is exact (computed, not estimated).".to_string(),
        OpeningMethod::Sampled => format!(
            "Opening figures sampled (too many distinct starts to sum): {}, seed {}.",
            quantity(odds.samples, "sample", "samples"),
            odds.seed
        ),
    };
    format!(
        "{method}\nColumns: Cards = copies in the deck; Expected = mean copies drawn; P(>=k) = \
         chance of at least k copies; playable = a minion card one of the starting crypt cards \
         can play (disciplines, clan, path, sect, title, capacity, traits)."
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
