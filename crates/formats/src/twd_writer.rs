use std::fmt::Write;

use chrono::Datelike;

use super::layout::{by_name, one_line, DeckWriter};
use vtesdeck_cards::{Card, CardDb, DisciplineLevel};
use vtesdeck_deck::raw::EventInfo;
use vtesdeck_deck::twd_header::{library_line, CryptHeader, TwdHeader};
use vtesdeck_deck::Deck;

/// The TWDA layout writer.
///
/// Writes a deck in the TWDA layout: event header (when known), `Deck Name:`,
/// `Created by:`, `Description:`, the crypt with aligned columns under
/// `Crypt (N cards, min=, max=, avg=)`, the library grouped by type in the
/// TWDA's order under `Type (N)` headers (`Master (N; K trifle)`).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct TwdWriter;

impl DeckWriter for TwdWriter {
    fn write(&self, deck: &Deck, db: &CardDb) -> String {
        let mut out = String::new();
        if let Some(event) = &deck.meta.event {
            write_event(&mut out, event);
        }
        let winner = deck.meta.event.as_ref().and_then(|e| e.winner.as_deref());
        let event_end = out.len();
        if let Some(name) = &deck.meta.name {
            let _ = writeln!(out, "Deck Name: {}", one_line(name));
        }
        if let Some(author) = deck.meta.author.as_deref().filter(|a| Some(*a) != winner) {
            let _ = writeln!(out, "Created by: {}", one_line(author));
        }
        if let Some(description) = &deck.meta.description {
            let _ = writeln!(out, "Description: {}", description.trim());
        }
        if out.len() > event_end {
            out.push('\n');
        }
        write_crypt(&mut out, deck, db);
        out.push('\n');
        write_library(&mut out, deck, db);
        out
    }
}

/// The event block: name, place, date, rounds, players, winner, URL, then a
/// blank line; the winner's score (`-- 1GW5+2`), when known, follows as in
/// the archive.
fn write_event(out: &mut String, event: &EventInfo) {
    let date = event.date.map(|d| {
        let day = d.day();
        let suffix = match (day % 10, day % 100) {
            (_, 11..=13) => "th",
            (1, _) => "st",
            (2, _) => "nd",
            (3, _) => "rd",
            _ => "th",
        };
        format!("{} {day}{suffix} {}", month_name(d.month()), d.year())
    });
    let players = event.players.map(|p| format!("{p} players"));
    let lines = [
        event.name.clone(),
        event.place.clone(),
        date,
        event.rounds.clone(),
        players,
        event.winner.clone(),
        event.url.clone(),
    ];
    for line in lines.into_iter().flatten() {
        let _ = writeln!(out, "{}", one_line(&line));
    }
    out.push('\n');
    if let Some(score) = &event.score {
        let _ = writeln!(out, "-- {}\n", one_line(score));
    }
}

fn month_name(month: u32) -> &'static str {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    MONTHS[(month as usize).saturating_sub(1).min(11)]
}

/// `Crypt (12 cards, min=8, max=26, avg=4.42)`, a dashed underline, and the columned lines.
fn write_crypt(out: &mut String, deck: &Deck, db: &CardDb) {
    let crypt = crypt_in_twda_order(deck, db);
    let header = CryptHeader::of_deck(deck, db).to_string();
    let _ = writeln!(out, "{header}\n{}", "-".repeat(header.chars().count()));
    let rows: Vec<[String; 7]> = crypt
        .iter()
        .map(|(card, count)| {
            [
                format!("{count}x"),
                twda_name(card),
                card.capacity.map_or(String::new(), |c| c.to_string()),
                disciplines(card),
                path(card),
                card.title.as_deref().unwrap_or("").to_lowercase(),
                format!(
                    "{}:{}",
                    card.clans.join("/"),
                    card.group
                        .map_or_else(|| "ANY".to_string(), |g| g.to_string())
                ),
            ]
        })
        .collect();
    let width = |i: usize| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0);
    let [count_w, name_w, capacity_w, disciplines_w, path_w, title_w] =
        [0, 1, 2, 3, 4, 5].map(width);
    for [count, name, capacity, disciplines, path, title, clan] in rows {
        let mut line = format!(
            "{count:<count_w$} {name:<name_w$}  {capacity:>capacity_w$}  {disciplines:<disciplines_w$}  "
        );
        if path_w > 0 {
            let _ = write!(line, "{path:<path_w$}  ");
        }
        if title_w > 0 {
            let _ = write!(line, "{title:<title_w$}  ");
        }
        line.push_str(&clan);
        let _ = writeln!(out, "{line}");
    }
}

/// A deck's crypt cards in the archive's order (see [`twda_crypt_order`]).
pub(super) fn crypt_in_twda_order<'a>(deck: &Deck, db: &'a CardDb) -> Vec<(&'a Card, u32)> {
    twda_crypt_order(by_name(&deck.crypt, db))
}

/// The archive's crypt order: the printings of one name stay together, names
/// by total copies then highest capacity (then name); within a name, by
/// capacity, copies, base before advanced.
fn twda_crypt_order(crypt: Vec<(&Card, u32)>) -> Vec<(&Card, u32)> {
    /// The printings of one crypt name.
    struct NameGroup<'a> {
        name: &'a str,
        total: u64,
        capacity: Option<u8>,
        printings: Vec<(&'a Card, u32)>,
    }
    let mut names: Vec<NameGroup> = Vec::new();
    for (card, count) in crypt {
        match names.iter_mut().find(|group| group.name == card.name) {
            Some(group) => {
                group.total += u64::from(count);
                group.capacity = group.capacity.max(card.capacity);
                group.printings.push((card, count));
            }
            None => names.push(NameGroup {
                name: &card.name,
                total: u64::from(count),
                capacity: card.capacity,
                printings: vec![(card, count)],
            }),
        }
    }
    // `by_name` already sorted the names; a stable sort keeps that order for ties.
    names.sort_by(|a, b| b.total.cmp(&a.total).then(b.capacity.cmp(&a.capacity)));
    names
        .into_iter()
        .flat_map(|mut group| {
            group.printings.sort_by(|a, b| {
                b.0.capacity
                    .cmp(&a.0.capacity)
                    .then(b.1.cmp(&a.1))
                    .then(a.0.advanced.cmp(&b.0.advanced))
            });
            group.printings
        })
        .collect()
}

/// The crypt name as the TWDA writes it: `(ADV)` after an advanced vampire;
/// the group of other printings is told by the line's `Clan:Group`.
fn twda_name(card: &Card) -> String {
    if card.advanced {
        format!("{} (ADV)", card.name)
    } else {
        card.name.clone()
    }
}

/// The first word of a vampire's path (`Death` for `Death and the Soul`).
fn path(card: &Card) -> String {
    card.path
        .as_deref()
        .and_then(|p| p.split_whitespace().next())
        .unwrap_or("")
        .to_string()
}

/// `ANI PRO aus for`: superior disciplines first, each level alphabetical;
/// `-none-` for a vampire without disciplines, as the TWDA writes it.
fn disciplines(card: &Card) -> String {
    let mut superior: Vec<String> = Vec::new();
    let mut inferior: Vec<String> = Vec::new();
    for (discipline, level) in &card.disciplines {
        match level {
            DisciplineLevel::Superior => superior.push(discipline.abbreviation().to_uppercase()),
            DisciplineLevel::Inferior => inferior.push(discipline.abbreviation().to_lowercase()),
        }
    }
    superior.sort();
    inferior.sort();
    superior.extend(inferior);
    if superior.is_empty() {
        return "-none-".to_string();
    }
    superior.join(" ")
}

/// `Library (90 cards)`, then one section per type in the TWDA's order.
/// The section headers are those of [`TwdHeader`] (the ones `stats` prints).
fn write_library(out: &mut String, deck: &Deck, db: &CardDb) {
    let header = TwdHeader::of_deck(deck, db);
    let _ = writeln!(out, "{}", library_line(header.library));
    let cards = by_name(&deck.library, db);
    for (index, section) in header.sections.iter().enumerate() {
        if index > 0 {
            out.push('\n');
        }
        let _ = writeln!(out, "{section}");
        for (card, count) in cards
            .iter()
            .filter(|(c, _)| c.type_name() == section.type_name)
        {
            let _ = writeln!(out, "{count}x {}", card.name);
        }
    }
}

/// A deck's library grouped by type string (`Action Modifier/Combat`) in the
/// TWDA's section order (the sections of [`TwdHeader`]), cards by name within
/// a section.
pub(super) fn library_sections<'a>(
    deck: &Deck,
    db: &'a CardDb,
) -> Vec<(String, Vec<(&'a Card, u32)>)> {
    let cards = by_name(&deck.library, db);
    TwdHeader::of_deck(deck, db)
        .sections
        .into_iter()
        .map(|section| {
            let in_section = cards
                .iter()
                .filter(|(card, _)| card.type_name() == section.type_name)
                .copied()
                .collect();
            (section.type_name, in_section)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load_deck::LoadDeck;
    use crate::testing::{deck_of, fixture_db};

    #[test]
    fn crypt_and_library_follow_the_twda_layout() {
        let db = fixture_db();
        let mut deck = deck_of(
            &db,
            &[
                (200_001, 2),
                (200_005, 1),
                (200_010, 10),
                (200_009, 1),
                (200_011, 1),
                (100_001, 2),
                (100_002, 3),
                (100_004, 4),
                (100_007, 1),
                (100_005, 2),
                (100_017, 1),
            ],
        );
        deck.meta.name = Some("Testers".to_string());
        deck.meta.author = Some("Me".to_string());
        let text = TwdWriter.write(&deck, &db);
        let expected = "Deck Name: Testers
Created by: Me

Crypt (15 cards, min=11, max=35, avg=6.8)
-----------------------------------------
10x Theo Test         8  CEL POT PRE for                Brujah:6
1x  Theo Test (ADV)   7  CEL POT PRE dom                Brujah:2
2x  Alma Test         1  pot                            Brujah:1
1x  Eva Test         11  AUS CEL PRE dom for  justicar  Toreador:3
1x  Ivo Test          2  -none-                         Caitiff:ANY

Library (13 cards)
Master (6; 3 trifle)
1x Rack, The
2x Test Haven
3x Test Trifle

Action Modifier/Combat (1)
1x Test Bloodbath

Combat (4)
4x Test Punch

Combat/Reaction (2)
2x Test Dodge
";
        assert_eq!(text, expected);
    }

    #[test]
    fn library_sections_follow_the_archive_order() {
        let db = fixture_db();
        let deck = deck_of(
            &db,
            &[
                (100_011, 1),
                (100_020, 1),
                (100_013, 1),
                (100_010, 1),
                (100_014, 1),
                (100_003, 1),
                (100_019, 1),
            ],
        );
        let text = TwdWriter.write(&deck, &db);
        let headers: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.starts_with("Library"))
            .skip(1)
            .filter(|l| l.ends_with("(1)"))
            .collect();
        assert_eq!(
            headers,
            [
                "Action (1)",
                "Ally (1)",
                "Equipment (1)",
                "Political Action (1)",
                "Power (1)",
                "Retainer (1)",
                "Event (1)"
            ]
        );
    }

    #[test]
    fn huge_counts_do_not_expand_copies() {
        let db = fixture_db();
        let mut deck = deck_of(&db, &[(200_001, 1), (200_005, 1)]);
        deck.crypt[0].count = u32::MAX;
        let text = TwdWriter.write(&deck, &db);
        assert!(
            text.contains("Crypt (4294967296 cards, min=4, max=14, avg=1)"),
            "{text}"
        );
    }

    #[test]
    fn event_block_is_written_back() {
        let db = fixture_db();
        let mut deck = deck_of(&db, &[(200_001, 12), (100_004, 60)]);
        deck.meta.event = Some(EventInfo {
            name: Some("Test Cup".to_string()),
            place: Some("Testville, Nowhere".to_string()),
            date: chrono::NaiveDate::from_ymd_opt(2022, 2, 22),
            rounds: Some("2R+F".to_string()),
            players: Some(12),
            winner: Some("Me".to_string()),
            url: None,
            score: None,
        });
        deck.meta.author = Some("Me".to_string());
        let text = TwdWriter.write(&deck, &db);
        assert!(text.starts_with("Test Cup\nTestville, Nowhere\nFebruary 22nd 2022\n2R+F\n12 players\nMe\n\nCrypt (12 cards, min=4, max=4, avg=1)\n"));
        if let Some(event) = deck.meta.event.as_mut() {
            event.score = Some("2GW5+1".to_string());
        }
        let with_score = TwdWriter.write(&deck, &db);
        assert!(
            with_score.contains("\nMe\n\n-- 2GW5+1\n\nCrypt (12 cards"),
            "{with_score}"
        );
        let back = Deck::from_text(&with_score, None, &db);
        assert_eq!(
            (back.format, back.crypt_count()),
            (crate::format::Format::Twd.into(), 12)
        );
        let back = crate::twd::read(&text, &crate::crypt_row::CryptRows::default());
        let event = back.meta.event.unwrap_or_default();
        assert_eq!(event.date, chrono::NaiveDate::from_ymd_opt(2022, 2, 22));
        assert_eq!(event.winner.as_deref(), Some("Me"));
        assert_eq!(back.meta.author.as_deref(), Some("Me"));
    }
}
