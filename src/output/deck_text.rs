//! A deck normalised for people: crypt, then library grouped by type.

use std::fmt::Write;

use crate::cards::{CardDb, CardType};
use crate::deck::Deck;

/// Renders a deck as text: header, crypt by capacity, library by type, unresolved lines.
pub fn render(deck: &Deck, db: &CardDb) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# {}", deck.path_label());
    if let Some(name) = &deck.meta.name {
        let _ = writeln!(out, "Deck Name: {name}");
    }
    if let Some(author) = &deck.meta.author {
        let _ = writeln!(out, "Author: {author}");
    }
    let mut crypt: Vec<_> = deck
        .crypt
        .iter()
        .filter_map(|e| Some((db.get(e.id)?, e.count)))
        .collect();
    crypt.sort_by(|a, b| {
        b.0.capacity
            .cmp(&a.0.capacity)
            .then(b.1.cmp(&a.1))
            .then(a.0.name.cmp(&b.0.name))
    });
    let _ = writeln!(out, "\nCrypt ({} cards)", deck.crypt_count());
    for (card, count) in &crypt {
        let _ = writeln!(
            out,
            "{count}x {}  [{}]",
            db.printing_name(card),
            card.capacity.map_or(String::new(), |c| c.to_string())
        );
    }
    let _ = writeln!(out, "\nLibrary ({} cards)", deck.library_count());
    let mut sections: Vec<(String, Vec<(String, u32)>)> = Vec::new();
    for entry in &deck.library {
        let Some(card) = db.get(entry.id) else {
            continue;
        };
        let section = card.type_name();
        let row = (card.name.clone(), entry.count);
        match sections.iter_mut().find(|(s, _)| *s == section) {
            Some((_, rows)) => rows.push(row),
            None => sections.push((section, vec![row])),
        }
    }
    let order = |section: &str| {
        let first = section.split('/').next().and_then(CardType::parse);
        CardType::ALL
            .iter()
            .position(|t| Some(*t) == first)
            .unwrap_or(usize::MAX)
    };
    sections.sort_by(|a, b| order(&a.0).cmp(&order(&b.0)).then(a.0.cmp(&b.0)));
    for (section, mut rows) in sections {
        rows.sort();
        let total: u32 = rows.iter().map(|r| r.1).sum();
        let _ = writeln!(out, "{section} ({total})");
        for (name, count) in rows {
            let _ = writeln!(out, "{count}x {name}");
        }
    }
    if !deck.unresolved.is_empty() {
        let _ = writeln!(out, "\nUnresolved lines:");
        for u in &deck.unresolved {
            let detail = match (&u.reason, u.suggestions.is_empty()) {
                (Some(reason), _) => reason.clone(),
                (None, false) => format!("did you mean: {}?", u.suggestions.join(", ")),
                (None, true) => "no card with a similar name".to_string(),
            };
            let _ = writeln!(
                out,
                "{}:{}: {}  ({detail})",
                deck.path_label(),
                u.line,
                u.text
            );
        }
    }
    out
}
