//! Reading the VEKN CSV files into [`Card`]s, with errors that name file, line and column.

use std::collections::HashMap;
use std::path::Path;

use super::card::{Card, CardId, CardKind, CardType, Cost, Group, Sect};
use super::discipline::{Discipline, DisciplineLevel, DisciplineRequirement};
use super::error::DbError;
use super::sets::{parse_yyyymmdd, SetDates, SetInfo};

/// One CSV file: its header positions and records, with the path for errors.
struct Table<'a> {
    path: &'a Path,
    columns: HashMap<String, usize>,
    records: Vec<csv::StringRecord>,
}

impl<'a> Table<'a> {
    /// Parses a whole CSV text.
    fn parse(path: &'a Path, text: &str) -> Result<Table<'a>, DbError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut reader = csv::ReaderBuilder::new()
            .trim(csv::Trim::All)
            .from_reader(text.as_bytes());
        let csv_error = |e: csv::Error| {
            let message = match e.kind() {
                csv::ErrorKind::UnequalLengths {
                    expected_len, len, ..
                } => format!(
                    "expected {expected_len} fields, found {len} \
                     (a quote left open or a field missing)"
                ),
                _ => e.to_string(),
            };
            DbError::Csv {
                path: path.to_path_buf(),
                line: e.position().map_or(1, |p| p.line()),
                message,
            }
        };
        let columns = reader
            .headers()
            .map_err(csv_error)?
            .iter()
            .enumerate()
            .map(|(i, name)| (name.to_string(), i))
            .collect();
        let records = reader
            .records()
            .collect::<Result<Vec<_>, _>>()
            .map_err(csv_error)?;
        Ok(Table {
            path,
            columns,
            records,
        })
    }

    /// The index of a required column.
    fn column(&self, name: &'static str) -> Result<usize, DbError> {
        self.columns
            .get(name)
            .copied()
            .ok_or_else(|| DbError::MissingColumn {
                path: self.path.to_path_buf(),
                column: name,
            })
    }

    /// The index of an optional column.
    fn optional_column(&self, name: &str) -> Option<usize> {
        self.columns.get(name).copied()
    }

    fn bad_value(
        &self,
        record: &csv::StringRecord,
        column: &'static str,
        value: &str,
        message: &'static str,
    ) -> DbError {
        DbError::BadValue {
            path: self.path.to_path_buf(),
            line: record.position().map_or(0, |p| p.line()),
            column,
            value: value.to_string(),
            message,
        }
    }
}

/// Column positions shared by both card files.
struct CommonColumns {
    id: usize,
    name: usize,
    aka: usize,
    kind: usize,
    clan: usize,
    path: Option<usize>,
    text: usize,
    set: usize,
    banned: usize,
    artist: Option<usize>,
}

impl CommonColumns {
    fn new(table: &Table) -> Result<CommonColumns, DbError> {
        Ok(CommonColumns {
            id: table.column("Id")?,
            name: table.column("Name")?,
            aka: table.column("Aka")?,
            kind: table.column("Type")?,
            clan: table.column("Clan")?,
            path: table.optional_column("Path"),
            text: table.column("Card Text")?,
            set: table.column("Set")?,
            banned: table.column("Banned")?,
            artist: table.optional_column("Artist"),
        })
    }

    /// Reads the fields both files share into a new card.
    fn card(
        &self,
        table: &Table,
        record: &csv::StringRecord,
        kind: CardKind,
        sets: &SetDates,
    ) -> Result<Card, DbError> {
        let get = |i: usize| record.get(i).unwrap_or("");
        let id_text = get(self.id);
        let id = id_text
            .parse::<u32>()
            .map_err(|_| table.bad_value(record, "Id", id_text, "expected a card id"))?;
        let type_text = get(self.kind);
        let types = type_text
            .split('/')
            .map(|t| CardType::parse(t).ok_or(()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|()| table.bad_value(record, "Type", type_text, "unknown card type"))?;
        let banned_text = get(self.banned);
        let banned =
            if banned_text.is_empty() {
                None
            } else {
                Some(banned_text.parse::<u16>().map_err(|_| {
                    table.bad_value(record, "Banned", banned_text, "expected a year")
                })?)
            };
        let text = get(self.text).to_string();
        Ok(Card {
            id: CardId(id),
            name: get(self.name).to_string(),
            aka: split_list(get(self.aka), ';'),
            kind,
            types,
            clans: split_list(get(self.clan), '/'),
            path: self
                .path
                .map(get)
                .filter(|p| !p.is_empty())
                .map(String::from),
            group: None,
            advanced: false,
            capacity: None,
            disciplines: Vec::new(),
            discipline_requirement: None,
            pool_cost: None,
            blood_cost: None,
            conviction_cost: None,
            burn_option: false,
            title: None,
            sect: None,
            trifle: kind == CardKind::Library && is_trifle(&text),
            text,
            printings: sets.printings(get(self.set)),
            banned,
            requirements: Vec::new(),
            capacity_change: None,
            artist: self.artist.map(get).unwrap_or("").to_string(),
        })
    }
}

/// Whether a library card's text marks a trifle in its first line:
/// `Trifle.`, `Master: trifle.`, `Master: unique trifle.`.
fn is_trifle(text: &str) -> bool {
    text.lines().next().is_some_and(|first| {
        first
            .split(|c: char| !c.is_alphabetic())
            .any(|word| word.eq_ignore_ascii_case("trifle"))
    })
}

fn split_list(text: &str, separator: char) -> Vec<String> {
    text.split(separator)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

/// Adds a card's id to the ids read so far (`ids`, of both card files): an
/// error naming the record when the id was read before, since a card list
/// gives each card its own id and a second card of the same id would be
/// unreachable (or, read by id, the wrong card).
fn unique_id(
    table: &Table,
    record: &csv::StringRecord,
    id: CardId,
    ids: &mut rustc_hash::FxHashSet<CardId>,
) -> Result<(), DbError> {
    if ids.insert(id) {
        return Ok(());
    }
    Err(table.bad_value(
        record,
        "Id",
        &id.0.to_string(),
        "an id given to another card before (each card has its own)",
    ))
}

/// Reads `vtescrypt.csv`; `ids` gathers the ids read ([`unique_id`]).
pub fn crypt_cards(
    path: &Path,
    text: &str,
    sets: &SetDates,
    ids: &mut rustc_hash::FxHashSet<CardId>,
) -> Result<Vec<Card>, DbError> {
    let table = Table::parse(path, text)?;
    let common = CommonColumns::new(&table)?;
    let adv = table.column("Adv")?;
    let group = table.column("Group")?;
    let capacity = table.column("Capacity")?;
    let disciplines = table.column("Disciplines")?;
    let title = table.column("Title")?;
    let mut cards = Vec::with_capacity(table.records.len());
    for record in &table.records {
        let get = |i: usize| record.get(i).unwrap_or("");
        let mut card = common.card(&table, record, CardKind::Crypt, sets)?;
        unique_id(&table, record, card.id, ids)?;
        let group_text = get(group);
        card.group =
            Some(Group::parse(group_text).ok_or_else(|| {
                table.bad_value(record, "Group", group_text, "expected 1-9 or ANY")
            })?);
        card.advanced = !get(adv).is_empty();
        let capacity_text = get(capacity);
        card.capacity = Some(capacity_text.parse::<u8>().map_err(|_| {
            table.bad_value(record, "Capacity", capacity_text, "expected a number")
        })?);
        for abbreviation in get(disciplines).split_whitespace() {
            if abbreviation == "-none-" {
                continue;
            }
            let discipline = Discipline::from_abbreviation(abbreviation).ok_or_else(|| {
                table.bad_value(record, "Disciplines", abbreviation, "unknown discipline")
            })?;
            let level = if abbreviation.chars().all(|c| c.is_ascii_uppercase()) {
                DisciplineLevel::Superior
            } else {
                DisciplineLevel::Inferior
            };
            card.disciplines.push((discipline, level));
        }
        card.title = Some(get(title).to_string()).filter(|t| !t.is_empty());
        card.sect = Sect::from_card_text(&card.text);
        cards.push(card);
    }
    Ok(cards)
}

/// Reads `vteslib.csv`; `ids` gathers the ids read, those of the crypt file
/// too ([`unique_id`]).
pub fn library_cards(
    path: &Path,
    text: &str,
    sets: &SetDates,
    ids: &mut rustc_hash::FxHashSet<CardId>,
) -> Result<Vec<Card>, DbError> {
    let table = Table::parse(path, text)?;
    let common = CommonColumns::new(&table)?;
    let discipline = table.column("Discipline")?;
    let pool = table.column("Pool Cost")?;
    let blood = table.column("Blood Cost")?;
    let conviction = table.optional_column("Conviction Cost");
    let burn = table.optional_column("Burn Option");
    let capacity = table.optional_column("Capacity");
    let mut cards = Vec::with_capacity(table.records.len());
    for record in &table.records {
        let get = |i: usize| record.get(i).unwrap_or("");
        let mut card = common.card(&table, record, CardKind::Library, sets)?;
        unique_id(&table, record, card.id, ids)?;
        let discipline_text = get(discipline);
        card.discipline_requirement =
            DisciplineRequirement::parse(discipline_text).map_err(|_| {
                table.bad_value(record, "Discipline", discipline_text, "unknown discipline")
            })?;
        card.pool_cost = cost(&table, record, "Pool Cost", get(pool))?;
        card.blood_cost = cost(&table, record, "Blood Cost", get(blood))?;
        if let Some(conviction) = conviction {
            card.conviction_cost = cost(&table, record, "Conviction Cost", get(conviction))?;
        }
        card.burn_option = burn.is_some_and(|b| !get(b).is_empty());
        card.capacity_change = capacity
            .map(get)
            .filter(|c| !c.is_empty())
            .map(String::from);
        cards.push(card);
    }
    Ok(cards)
}

fn cost(
    table: &Table,
    record: &csv::StringRecord,
    column: &'static str,
    text: &str,
) -> Result<Option<Cost>, DbError> {
    match text {
        "" => Ok(None),
        "X" | "x" => Ok(Some(Cost::X)),
        _ => text
            .parse::<u8>()
            .map(|n| Some(Cost::Fixed(n)))
            .map_err(|_| table.bad_value(record, column, text, "expected a number or X")),
    }
}

/// Reads `vtessets.csv`.
pub fn sets(path: &Path, text: &str) -> Result<Vec<SetInfo>, DbError> {
    let table = Table::parse(path, text)?;
    let abbrev = table.column("Abbrev")?;
    let release = table.column("Release Date")?;
    let name = table.column("Full Name")?;
    table
        .records
        .iter()
        .map(|record| {
            let get = |i: usize| record.get(i).unwrap_or("");
            let date_text = get(release);
            let release = if date_text.is_empty() {
                None
            } else {
                Some(parse_yyyymmdd(date_text).ok_or_else(|| {
                    table.bad_value(record, "Release Date", date_text, "expected YYYYMMDD")
                })?)
            };
            Ok(SetInfo {
                abbreviation: get(abbrev).to_string(),
                name: get(name).to_string(),
                release,
            })
        })
        .collect()
}

/// Reads `vteslibmeta.csv`: extra requirements by card id.
pub fn requirements(path: &Path, text: &str) -> Result<HashMap<CardId, Vec<String>>, DbError> {
    let table = Table::parse(path, text)?;
    let id = table.column("Id")?;
    let requirement = table.column("Requirement")?;
    let mut map = HashMap::new();
    for record in &table.records {
        let id_text = record.get(id).unwrap_or("");
        let card = id_text
            .parse::<u32>()
            .map_err(|_| table.bad_value(record, "Id", id_text, "expected a card id"))?;
        map.insert(
            CardId(card),
            split_list(record.get(requirement).unwrap_or(""), ','),
        );
    }
    Ok(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CRYPT_HEADER: &str = "\"Id\",\"Name\",\"Aka\",\"Type\",\"Clan\",\"Path\",\"Adv\",\"Group\",\"Capacity\",\"Disciplines\",\"Card Text\",\"Set\",\"Title\",\"Banned\",\"Artist\"\n";

    fn load_crypt(body: &str) -> Result<Vec<Card>, DbError> {
        let text = format!("{CRYPT_HEADER}{body}");
        crypt_cards(
            Path::new("vtescrypt.csv"),
            &text,
            &SetDates::default(),
            &mut Default::default(),
        )
    }

    #[test]
    fn crypt_row_is_typed() {
        let cards = load_crypt(
            "\"200001\",\"Aabbt Kindred\",\"\",\"Vampire\",\"Follower of Set\",\"\",\"\",\"2\",\"4\",\"for pre SER\",\"Independent: x.\",\"FN:U2\",\"\",\"\",\"A\"\n",
        )
        .unwrap();
        let card = &cards[0];
        assert_eq!(card.id, CardId(200001));
        assert_eq!(card.group, Some(Group::Number(2)));
        assert_eq!(card.capacity, Some(4));
        assert_eq!(card.sect, Some(Sect::Independent));
        assert_eq!(card.disciplines.len(), 3);
        assert_eq!(card.disciplines[2].1, DisciplineLevel::Superior);
    }

    #[test]
    fn bad_capacity_names_line_and_column() {
        let err = load_crypt(
            "\"200001\",\"A\",\"\",\"Vampire\",\"Brujah\",\"\",\"\",\"2\",\"four\",\"pot\",\"x\",\"\",\"\",\"\",\"\"\n",
        )
        .unwrap_err();
        let message = err.to_string();
        assert!(message.contains("vtescrypt.csv:2"), "{message}");
        assert!(message.contains("Capacity"), "{message}");
    }

    #[test]
    fn missing_column_is_reported() {
        let text = "\"Id\",\"Name\"\n\"1\",\"x\"\n";
        let err = crypt_cards(
            Path::new("c.csv"),
            text,
            &SetDates::default(),
            &mut Default::default(),
        )
        .unwrap_err();
        assert!(err.to_string().contains("missing column"), "{err}");
    }

    #[test]
    fn truncated_quote_is_an_error_not_a_panic() {
        let err = load_crypt(
            "\"200001\",\"A\",\"\",\"Vampire\",\"Brujah\",\"\",\"\",\"2\",\"4\",\"pot\",\"x",
        )
        .unwrap_err();
        assert!(err.to_string().contains("vtescrypt.csv:2"), "{err}");
    }

    #[test]
    fn trifle_is_read_in_any_spelling_of_the_first_line() {
        assert!(is_trifle("Trifle.\nGain 1 pool."));
        assert!(is_trifle("Master: trifle.\nText."));
        assert!(is_trifle("Master: unique trifle.\nText."));
        assert!(!is_trifle("Master.\nThis card is not a trifle."));
    }
}
