//! Cards for people: the full card (`card NAME`) and one line per card (`card --search`).

use std::fmt::Write;

use crate::cards::{legal_from, Card, CardDb};

/// The full card: name, attributes, printings with dates, legality, text.
pub fn render(card: &Card, db: &CardDb) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}  [{}]", db.printing_name(card), card.id);
    let mut field = |label: &str, value: &str| {
        if !value.is_empty() {
            let _ = writeln!(out, "  {:<13}{value}", format!("{label}:"));
        }
    };
    field("Type", &card.type_name());
    field("Clan", &card.clans.join("/"));
    field("Path", card.path.as_deref().unwrap_or(""));
    if let Some(group) = card.group {
        field("Group", &group.to_string());
    }
    if let Some(capacity) = card.capacity {
        field("Capacity", &capacity.to_string());
    }
    field("Disciplines", &disciplines(card));
    field(
        "Sect",
        &card.sect.map(|s| s.to_string()).unwrap_or_default(),
    );
    field("Title", card.title.as_deref().unwrap_or(""));
    field("Cost", &costs(card));
    field(
        "Requires",
        &card
            .discipline_requirement
            .as_ref()
            .map(ToString::to_string)
            .into_iter()
            .chain(card.requirements.iter().cloned())
            .collect::<Vec<_>>()
            .join(", "),
    );
    field(
        "Capacity mod",
        card.capacity_change.as_deref().unwrap_or(""),
    );
    let mut keywords = Vec::new();
    if card.burn_option {
        keywords.push("burn option");
    }
    if card.trifle {
        keywords.push("trifle");
    }
    field("Keywords", &keywords.join(", "));
    field("Aka", &card.aka.join("; "));
    field("Sets", &printings(card));
    field(
        "Legal from",
        &legal_from(card).map(|d| d.to_string()).unwrap_or_default(),
    );
    field(
        "Banned",
        &card.banned.map(|y| y.to_string()).unwrap_or_default(),
    );
    field("Artist", &card.artist);
    out.push('\n');
    for line in card.text.lines() {
        let _ = writeln!(out, "  {line}");
    }
    out
}

/// Crypt disciplines as the CSV writes them: `aus dom CEL POT PRE`.
fn disciplines(card: &Card) -> String {
    use crate::cards::DisciplineLevel;
    card.disciplines
        .iter()
        .map(|(d, level)| match level {
            DisciplineLevel::Superior => d.abbreviation().to_uppercase(),
            DisciplineLevel::Inferior => d.abbreviation().to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `1 pool, 2 blood`.
fn costs(card: &Card) -> String {
    [
        (card.pool_cost, "pool"),
        (card.blood_cost, "blood"),
        (card.conviction_cost, "conviction"),
    ]
    .iter()
    .filter_map(|(cost, unit)| cost.map(|c| format!("{c} {unit}")))
    .collect::<Vec<_>>()
    .join(", ")
}

/// `V5A:PB1 (2022-09-30), Promo-20230603 (2023-06-03)`.
fn printings(card: &Card) -> String {
    card.printings
        .iter()
        .map(|p| {
            let mut text = p.set.clone();
            if !p.rarity.is_empty() {
                text = format!("{text}:{}", p.rarity);
            }
            match p.release {
                Some(date) => format!("{text} ({date})"),
                None => text,
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// One line per card, columns aligned: id, name, type, clan, then the group,
/// capacity and disciplines of crypt cards or the requirement of library cards.
pub fn render_list(cards: &[&Card], db: &CardDb) -> String {
    let rows: Vec<[String; 4]> = cards
        .iter()
        .map(|card| {
            let detail = if card.is_crypt() {
                format!(
                    "G{} cap {}  {}",
                    card.group.map(|g| g.to_string()).unwrap_or_default(),
                    card.capacity.unwrap_or(0),
                    disciplines(card)
                )
            } else {
                card.discipline_requirement
                    .as_ref()
                    .map(ToString::to_string)
                    .unwrap_or_default()
            };
            [
                format!("{}  {}", card.id, db.printing_name(card)),
                card.type_name(),
                card.clans.join("/"),
                detail,
            ]
        })
        .collect();
    let width = |i: usize| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0);
    let widths = [width(0), width(1), width(2)];
    let mut out = String::new();
    for row in &rows {
        let line = format!(
            "{:<w0$}  {:<w1$}  {:<w2$}  {}",
            row[0],
            row[1],
            row[2],
            row[3],
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2]
        );
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::fixture_db;

    #[test]
    fn full_card_shows_attributes_and_text() {
        let db = fixture_db();
        let card = db.cards().iter().find(|c| c.is_crypt()).unwrap();
        let text = render(card, &db);
        assert!(text.starts_with(&db.printing_name(card)));
        assert!(text.contains("Capacity:"));
        assert!(text.contains("Legal from:"));
        assert!(text.contains(card.text.lines().next().unwrap()));
    }

    #[test]
    fn list_has_one_line_per_card() {
        let db = fixture_db();
        let cards: Vec<&Card> = db.cards().iter().collect();
        assert_eq!(render_list(&cards, &db).lines().count(), cards.len());
    }
}
