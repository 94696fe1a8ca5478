//! `vtesdeck stats` for people: a block of comfy-table tables per deck, and the
//! summary tables across decks.

use std::fmt::Write;

use comfy_table::{presets, CellAlignment, Table};

use crate::analysis::{CostTotal, LibraryComposition, Stats, Summary, Tally};
use crate::cards::{quantity, CardKind};
use crate::deck::{Deck, STARTING_CRYPT};

/// How many cards of each part the summary's "most played" tables list.
pub(crate) const MOST_PLAYED_ROWS: usize = 20;

/// How many `name ×count` entries a table cell shows per line.
const TALLIES_PER_LINE: usize = 4;

fn table(header: &[&str]) -> Table {
    let mut table = Table::new();
    table
        .load_preset(presets::UTF8_FULL_CONDENSED)
        .set_header(header.to_vec());
    table
}

/// Right-aligns every column but the first.
fn align_numbers(table: &mut Table) {
    for column in table.column_iter_mut().skip(1) {
        column.set_cell_alignment(CellAlignment::Right);
    }
}

/// `name ×count` entries, four per line; `-` for none.
pub(crate) fn tallies(list: &[Tally]) -> String {
    if list.is_empty() {
        return "-".to_string();
    }
    list.chunks(TALLIES_PER_LINE)
        .map(|line| {
            line.iter()
                .map(|t| format!("{} ×{}", t.name, t.count))
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect::<Vec<_>>()
        .join(",\n")
}

/// The library's event cards as `name ×count` entries.
pub(crate) fn events(library: &LibraryComposition) -> String {
    let events: Vec<Tally> = library
        .events
        .iter()
        .map(|e| Tally {
            name: e.name.clone(),
            count: e.count,
        })
        .collect();
    tallies(&events)
}

/// A summed cost, with the copies costing X apart.
pub(crate) fn cost(total: &CostTotal) -> String {
    if total.x_copies > 0 {
        format!(
            "{} (+{} costing X)",
            total.total,
            quantity(total.x_copies, "copy", "copies")
        )
    } else {
        total.total.to_string()
    }
}

/// Renders one deck's stats.
pub fn render(deck: &Deck, stats: &Stats) -> String {
    let mut out = String::new();
    let _ = write!(out, "# {}", deck.path_label());
    if let Some(name) = &deck.meta.name {
        let _ = write!(out, " ({name})");
    }
    out.push('\n');
    let crypt = &stats.crypt;
    let mut facts = table(&["Crypt", ""]);
    facts.add_row(vec![
        "Cards".to_string(),
        format!("{} ({} different)", crypt.count, crypt.distinct),
    ]);
    facts.add_row(vec![
        "Capacity".to_string(),
        format!(
            "min={}, max={} ({STARTING_CRYPT} cards added up), avg={} (a card)",
            crypt.capacity.min, crypt.capacity.max, crypt.capacity.average_text
        ),
    ]);
    facts.add_row(vec!["Groups".to_string(), tallies(&crypt.groups)]);
    facts.add_row(vec!["Clans".to_string(), tallies(&crypt.clans)]);
    facts.add_row(vec!["Sects".to_string(), tallies(&crypt.sects)]);
    facts.add_row(vec!["Titles".to_string(), tallies(&crypt.titles)]);
    facts.add_row(vec!["Votes".to_string(), crypt.votes.to_string()]);
    let _ = writeln!(out, "{facts}");

    let mut disciplines = table(&["Discipline", "Inferior", "Superior", "Key"]);
    for d in &stats.disciplines.crypt {
        let key = if stats.disciplines.key.contains(&d.discipline) {
            "*"
        } else {
            ""
        };
        disciplines.add_row(vec![
            format!("{} ({})", d.name, d.discipline),
            d.inferior.to_string(),
            d.superior.to_string(),
            key.to_string(),
        ]);
    }
    align_numbers(&mut disciplines);
    let _ = writeln!(out, "{disciplines}");

    let library = &stats.library;
    let mut facts = table(&["Library", ""]);
    facts.add_row(vec![
        "Cards".to_string(),
        format!("{} ({} different)", library.count, library.distinct),
    ]);
    facts.add_row(vec!["Types".to_string(), tallies(&library.types)]);
    facts.add_row(vec!["Trifles".to_string(), library.trifles.to_string()]);
    facts.add_row(vec!["Pool cost".to_string(), cost(&library.pool_cost)]);
    facts.add_row(vec!["Blood cost".to_string(), cost(&library.blood_cost)]);
    if library.conviction_cost.copies > 0 {
        facts.add_row(vec![
            "Conviction cost".to_string(),
            cost(&library.conviction_cost),
        ]);
    }
    facts.add_row(vec![
        "Discipline requirements".to_string(),
        tallies(&stats.disciplines.library_requirements),
    ]);
    facts.add_row(vec![
        "Clan requirements".to_string(),
        tallies(&library.clan_requirements),
    ]);
    facts.add_row(vec!["Events".to_string(), events(library)]);
    let _ = writeln!(out, "{facts}");

    let play = &stats.playability;
    if !play.cards.is_empty() {
        let mut playable = table(&["Card", "Copies", "Requires", "Crypt cards", "Vampires"]);
        for card in &play.cards {
            let mut requirement = card.requirement.clone();
            if !card.unchecked.is_empty() {
                let _ = write!(requirement, " (unchecked: {})", card.unchecked.join(", "));
            }
            playable.add_row(vec![
                card.name.clone(),
                card.count.to_string(),
                requirement,
                format!("{}/{}", card.crypt_cards, crypt.count),
                card.vampires.to_string(),
            ]);
        }
        align_numbers(&mut playable);
        if let Some(column) = playable.column_mut(2) {
            column.set_cell_alignment(CellAlignment::Left);
        }
        let _ = writeln!(out, "{playable}");
    }
    let dead: Vec<Tally> = play
        .dead_cards
        .iter()
        .map(|c| Tally {
            name: c.name.clone(),
            count: c.count,
        })
        .collect();
    let _ = writeln!(
        out,
        "Dead cards ({}): {}",
        play.dead_count,
        tallies(&dead).replace(",\n", ", ")
    );
    out
}

/// Renders the summary across decks.
pub fn render_summary(summary: &Summary) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Summary of {}",
        quantity(summary.decks, "deck", "decks")
    );
    let mut averages = table(&["Average per deck", ""]);
    averages.add_row(vec![
        "Crypt cards".to_string(),
        format!("{:.2}", summary.average_crypt),
    ]);
    averages.add_row(vec![
        "Library cards".to_string(),
        format!("{:.2}", summary.average_library),
    ]);
    averages.add_row(vec![
        "Crypt capacity (avg)".to_string(),
        format!("{:.2}", summary.average_capacity),
    ]);
    for average in &summary.average_types {
        averages.add_row(vec![
            average.name.clone(),
            format!("{:.2}", average.average),
        ]);
    }
    averages.add_row(vec![
        "Dead cards".to_string(),
        format!("{:.2}", summary.average_dead_cards),
    ]);
    align_numbers(&mut averages);
    let _ = writeln!(out, "{averages}");
    for (kind, title) in [
        (CardKind::Crypt, "Most played crypt cards"),
        (CardKind::Library, "Most played library cards"),
    ] {
        let mut most = table(&[title, "Decks", "Copies", "Avg copies"]);
        for usage in summary
            .cards
            .iter()
            .filter(|c| c.kind == kind)
            .take(MOST_PLAYED_ROWS)
        {
            most.add_row(vec![
                usage.name.clone(),
                usage.decks.to_string(),
                usage.copies.to_string(),
                format!("{:.2}", usage.average_copies),
            ]);
        }
        align_numbers(&mut most);
        let _ = writeln!(out, "{most}");
    }
    out
}
