//! Sutekh's CSV export (`WriteCSV.py`): an optional header
//! `"Card Name", "Expansion", "Number"`, then `"Name", "Expansion", N` or
//! `"Name", N` per line, fields separated by a comma and a space. The last
//! field is the count; names are Sutekh's (`Janey Pickman (Group 4)`).
//! No deck name, author or description.

use super::markup;

use crate::format::Format;
use vtesdeck_deck::raw::{lines, LineProblem, RawDeck};

/// Whether a line is a Sutekh CSV row: a quoted first field, a last field
/// that is a whole number.
fn is_row(line: &str) -> bool {
    line.starts_with('"')
        && line
            .rsplit_once(',')
            .is_some_and(|(_, count)| count.trim().parse::<u32>().is_ok())
}

/// Whether a line is Sutekh's CSV header.
fn is_header(line: &str) -> bool {
    line.to_ascii_lowercase().starts_with("\"card name\",")
}

/// Whether a text is a Sutekh CSV export: its header, or only rows.
pub fn looks_like(text: &str) -> bool {
    // The header and the rows start with a quote: a text whose first
    // character is another has neither first (a test before any line is cut).
    if !text.trim_start().starts_with('"') {
        return false;
    }
    let mut rows = lines(text).map(str::trim).filter(|l| !l.is_empty());
    match rows.next() {
        Some(first) if is_header(first) => true,
        Some(first) => is_row(first) && rows.all(is_row),
        None => false,
    }
}

/// Reads a Sutekh CSV export.
pub fn read(text: &str) -> RawDeck<'_> {
    let mut deck = RawDeck::new(Format::SutekhCsv);
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    for record in reader.records() {
        let record = match record {
            Ok(record) => record,
            Err(err) => {
                let position = err.position();
                let line = position.map_or(1, |p| usize::try_from(p.line()).unwrap_or(1));
                // The row's text from where it starts (not counted again
                // from the start of the text for each broken row).
                let start = position.map_or(0, |p| usize::try_from(p.byte()).unwrap_or(0));
                let row = text.get(start..).unwrap_or("");
                deck.problems.push(LineProblem {
                    line,
                    text: row.lines().next().unwrap_or("").to_string(),
                    message: format!("not a CSV row: {err}"),
                });
                continue;
            }
        };
        let line = record
            .position()
            .map_or(1, |p| usize::try_from(p.line()).unwrap_or(1));
        let fields: Vec<&str> = record.iter().map(str::trim).collect();
        let (Some(name), Some(count)) = (fields.first(), fields.last()) else {
            continue;
        };
        if name.is_empty() || (line == 1 && name.eq_ignore_ascii_case("card name")) {
            continue;
        }
        if fields.len() < 2 {
            deck.problems.push(LineProblem {
                line,
                text: name.to_string(),
                message: "a row without a count column".to_string(),
            });
            continue;
        }
        let (name, hint) = markup::split_sutekh_name(name);
        markup::push_named(&mut deck, line, count, name, hint, None);
    }
    deck
}

/// The `SutekhCsv` layout in the formats registry.
#[derive(Debug, Clone, Copy, Default)]
pub struct SutekhCsvLayout;

super::layout::text_layout!(SutekhCsvLayout, Format::SutekhCsv);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_count_column_is_the_count_and_no_row_is_dropped() {
        let text = "\"Card Name\", \"Expansion\", \"Number\"\n\
            \"Heidelberg Castle, Germany\", \"Unknown Expansion\", 2\n\
            \"Theo Test (Group 6)\", \"Third Edition\", 12\n\
            \"Odd \"\"Name\"\"\", 3\n\
            \"Broken\", \"Set\", many\n\
            \"No count\"\n";
        assert!(looks_like(text));
        let deck = read(text);
        let cards: Vec<(&str, u32, usize)> = deck
            .lines
            .iter()
            .map(|l| (&*l.name, l.count, l.line))
            .collect();
        assert_eq!(
            cards,
            [
                ("Heidelberg Castle, Germany", 2, 2),
                ("Theo Test", 12, 3),
                ("Odd \"Name\"", 3, 4)
            ]
        );
        let problems: Vec<usize> = deck.problems.iter().map(|p| p.line).collect();
        assert_eq!(problems, [5, 6]);
        assert!(!looks_like("2x Abbot\n"));
    }
}
