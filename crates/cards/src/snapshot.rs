//! The card list snapshot built into the program: the official VEKN CSV files
//! of one date (kept compressed in `crates/cards/data/cards/`), loaded once by
//! [`CardDb::from_csv`] and stored in a compact binary form, so that the
//! program starts with a card database and no parsing.
//!
//! The form is private to this module: [`encode`] writes it (the
//! `card_snapshot` example, run by `scripts/refresh-cards.sh`), [`decode`]
//! reads it. A test checks that the stored form is exactly what loading the
//! stored CSV files gives today; when the loader changes, that test says to
//! rebuild it.
//!
//! [`CardDb::from_csv`]: super::CardDb::from_csv

use chrono::{Datelike, NaiveDate};

use super::card::{Card, CardId, CardKind, CardType, Cost, Group, Printing, Sect};
use super::discipline::{Discipline, DisciplineLevel, DisciplineRequirement};
use super::sets::SetInfo;

/// First bytes of the form; the digit is its version. The form is: this,
/// the length of the text section and the text section (every text of the
/// snapshot, one after the other, checked as UTF-8 once), then the values,
/// each text given by its length only, in the order of the text section.
const MAGIC: &[u8; 8] = b"VTESDB3\n";

/// The form, decompressed at build time by `build.rs` from `crates/cards/data/cards/cards.bin.gz`.
pub(crate) const EMBEDDED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/cards.bin"));

/// The cards and sets of a snapshot, and the date of the card list.
#[derive(Debug, Clone)]
pub(crate) struct Snapshot {
    /// The date VEKN published the card list (the snapshot's date).
    pub(crate) date: NaiveDate,
    /// Every card, crypt first, in CSV order.
    pub(crate) cards: Vec<Card>,
    /// The sets of `vtessets.csv`.
    pub(crate) sets: Vec<SetInfo>,
}

/// The stored form cannot be read (stale or damaged); rebuild it with
/// `scripts/refresh-cards.sh --rebuild`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("card snapshot unreadable at byte {offset}: {what} (rebuild it: scripts/refresh-cards.sh --rebuild)")]
pub struct SnapshotError {
    /// Where reading stopped.
    pub offset: usize,
    /// What was expected there.
    pub what: &'static str,
}

/// Writes the cards and sets of the card list of `date` in the compact form.
pub(crate) fn encode(date: NaiveDate, cards: &[Card], sets: &[SetInfo]) -> Vec<u8> {
    let mut out = Writer {
        values: Vec::with_capacity(1 << 20),
        text: String::with_capacity(1 << 20),
    };
    out.date(Some(date));
    out.len(sets.len());
    for set in sets {
        out.str(&set.abbreviation);
        out.str(&set.name);
        out.date(set.release);
    }
    out.len(cards.len());
    for card in cards {
        out.card(card);
    }
    let mut bytes = Vec::with_capacity(MAGIC.len() + 4 + out.text.len() + out.values.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(
        &u32::try_from(out.text.len())
            .unwrap_or(u32::MAX)
            .to_le_bytes(),
    );
    bytes.extend_from_slice(out.text.as_bytes());
    bytes.extend_from_slice(&out.values);
    bytes
}

/// Reads a snapshot written by [`encode`].
pub(crate) fn decode(bytes: &[u8]) -> Result<Snapshot, SnapshotError> {
    let mut input = Reader {
        bytes,
        rest: bytes,
        text: "",
        dates: [(0, NaiveDate::MIN); DATE_CACHE],
    };
    if input.take(MAGIC.len(), "the snapshot header")? != MAGIC {
        return Err(SnapshotError {
            offset: 0,
            what: "the snapshot header (another version?)",
        });
    }
    let text_len = input.len()?;
    let text = input.take(text_len, "the text section")?;
    input.text = std::str::from_utf8(text).or_else(|_| input.fail("UTF-8 text"))?;
    let Some(date) = input.date()? else {
        return input.fail("the snapshot date");
    };
    let set_count = input.len()?;
    let mut sets = Vec::with_capacity(set_count);
    for _ in 0..set_count {
        sets.push(SetInfo {
            abbreviation: input.string()?,
            name: input.string()?,
            release: input.date()?,
        });
    }
    let disciplines: Vec<Discipline> = Discipline::all().collect();
    let card_count = input.len()?;
    let mut cards = Vec::with_capacity(card_count);
    for _ in 0..card_count {
        cards.push(input.card(&disciplines)?);
    }
    if !input.rest.is_empty() || !input.text.is_empty() {
        return input.fail("the end of the snapshot");
    }
    Ok(Snapshot { date, cards, sets })
}

/// Appends values and texts to the form.
struct Writer {
    values: Vec<u8>,
    text: String,
}

impl Writer {
    fn u8(&mut self, value: u8) {
        self.values.push(value);
    }

    fn u32(&mut self, value: u32) {
        self.values.extend_from_slice(&value.to_le_bytes());
    }

    fn len(&mut self, len: usize) {
        self.u32(u32::try_from(len).unwrap_or(u32::MAX));
    }

    fn str(&mut self, text: &str) {
        self.len(text.len());
        self.text.push_str(text);
    }

    fn strs(&mut self, texts: &[String]) {
        self.len(texts.len());
        for text in texts {
            self.str(text);
        }
    }

    fn opt_str(&mut self, text: Option<&str>) {
        match text {
            None => self.u8(0),
            Some(text) => {
                self.u8(1);
                self.str(text);
            }
        }
    }

    /// A date as days from the common era, 0 for none.
    fn date(&mut self, date: Option<NaiveDate>) {
        let days = date.map_or(0, |d| d.num_days_from_ce());
        self.u32(u32::try_from(days).unwrap_or(0));
    }

    fn cost(&mut self, cost: Option<Cost>) {
        match cost {
            None => self.u8(0),
            Some(Cost::X) => self.u8(1),
            Some(Cost::Fixed(n)) => {
                self.u8(2);
                self.u8(n);
            }
        }
    }

    fn card(&mut self, card: &Card) {
        // Every field named: a new field of `Card` does not compile until it is stored.
        let Card {
            id,
            name,
            aka,
            kind,
            types,
            clans,
            path,
            group,
            advanced,
            capacity,
            disciplines,
            discipline_requirement,
            pool_cost,
            blood_cost,
            conviction_cost,
            burn_option,
            title,
            sect,
            text,
            printings,
            banned,
            requirements,
            capacity_change,
            trifle,
            artist,
        } = card;
        self.u32(id.0);
        self.str(name);
        self.strs(aka);
        self.u8(match kind {
            CardKind::Crypt => 0,
            CardKind::Library => 1,
        });
        self.len(types.len());
        for card_type in types {
            let index = CardType::ALL.iter().position(|t| t == card_type);
            self.u8(index.map_or(u8::MAX, |i| i as u8));
        }
        self.strs(clans);
        self.opt_str(path.as_deref());
        self.u8(match group {
            None => 0,
            Some(Group::Number(n)) => *n,
            Some(Group::Any) => u8::MAX,
        });
        self.u8(u8::from(*advanced));
        match capacity {
            None => self.u8(0),
            Some(capacity) => {
                self.u8(1);
                self.u8(*capacity);
            }
        }
        self.len(disciplines.len());
        for (discipline, level) in disciplines {
            self.u8(discipline.bit().trailing_zeros() as u8);
            self.u8(match level {
                DisciplineLevel::Inferior => 0,
                DisciplineLevel::Superior => 1,
            });
        }
        match discipline_requirement {
            None => self.u8(0),
            Some(requirement) => {
                self.u8(1);
                self.len(requirement.terms.len());
                for term in &requirement.terms {
                    self.values.extend_from_slice(&term.to_le_bytes());
                }
            }
        }
        self.cost(*pool_cost);
        self.cost(*blood_cost);
        self.cost(*conviction_cost);
        self.u8(u8::from(*burn_option));
        self.opt_str(title.as_deref());
        let sect_index = sect.and_then(|s| Sect::ALL.iter().position(|a| *a == s));
        self.u8(sect_index.map_or(0, |i| i as u8 + 1));
        self.str(text);
        self.len(printings.len());
        for printing in printings {
            self.str(&printing.set);
            self.str(&printing.rarity);
            self.date(printing.release);
        }
        match banned {
            None => self.u8(0),
            Some(year) => {
                self.u8(1);
                self.values.extend_from_slice(&year.to_le_bytes());
            }
        }
        self.strs(requirements);
        self.opt_str(capacity_change.as_deref());
        self.u8(u8::from(*trifle));
        self.str(artist);
    }
}

/// Room of [`Reader`]'s date cache.
const DATE_CACHE: usize = 256;

/// Reads values back, failing (never panicking) on a short or odd form.
struct Reader<'a> {
    /// The whole form (for the offsets of errors).
    bytes: &'a [u8],
    /// The part of the form not read yet.
    rest: &'a [u8],
    /// The part of the text section not read yet.
    text: &'a str,
    /// Dates read, by their number modulo [`DATE_CACHE`]: a few dozen release
    /// dates, each read for many printings.
    dates: [(u32, NaiveDate); DATE_CACHE],
}

impl<'a> Reader<'a> {
    /// Where reading stands, from the start of the form.
    fn at(&self) -> usize {
        self.bytes.len() - self.rest.len()
    }

    #[cold]
    fn fail<T>(&self, what: &'static str) -> Result<T, SnapshotError> {
        Err(SnapshotError {
            offset: self.at(),
            what,
        })
    }

    fn take(&mut self, count: usize, what: &'static str) -> Result<&'a [u8], SnapshotError> {
        match self.rest.split_at_checked(count) {
            Some((slice, rest)) => {
                self.rest = rest;
                Ok(slice)
            }
            None => self.fail(what),
        }
    }

    #[inline]
    fn u8(&mut self) -> Result<u8, SnapshotError> {
        match self.rest.split_first() {
            Some((&byte, rest)) => {
                self.rest = rest;
                Ok(byte)
            }
            None => self.fail("a byte"),
        }
    }

    #[inline]
    fn flag(&mut self) -> Result<bool, SnapshotError> {
        match self.u8()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => self.fail("a flag (0 or 1)"),
        }
    }

    #[inline]
    fn array<const N: usize>(&mut self) -> Result<[u8; N], SnapshotError> {
        match self.rest.split_first_chunk::<N>() {
            Some((array, rest)) => {
                self.rest = rest;
                Ok(*array)
            }
            None => self.fail("a number"),
        }
    }

    #[inline]
    fn u32(&mut self) -> Result<u32, SnapshotError> {
        Ok(u32::from_le_bytes(self.array()?))
    }

    #[inline]
    fn len(&mut self) -> Result<usize, SnapshotError> {
        let len = self.u32()? as usize;
        if len > self.rest.len() {
            return self.fail("a length within the snapshot");
        }
        Ok(len)
    }

    #[inline]
    fn str(&mut self) -> Result<&'a str, SnapshotError> {
        let len = self.u32()? as usize;
        match self.text.split_at_checked(len) {
            Some((text, rest)) => {
                self.text = rest;
                Ok(text)
            }
            None => self.fail("a text within the text section"),
        }
    }

    #[inline]
    fn string(&mut self) -> Result<String, SnapshotError> {
        self.str().map(String::from)
    }

    fn strings(&mut self) -> Result<Vec<String>, SnapshotError> {
        let count = self.len()?;
        let mut strings = Vec::with_capacity(count);
        for _ in 0..count {
            strings.push(self.string()?);
        }
        Ok(strings)
    }

    #[inline]
    fn opt_string(&mut self) -> Result<Option<String>, SnapshotError> {
        if self.flag()? {
            self.string().map(Some)
        } else {
            Ok(None)
        }
    }

    #[inline]
    fn date(&mut self) -> Result<Option<NaiveDate>, SnapshotError> {
        let days = self.u32()?;
        if days == 0 {
            return Ok(None);
        }
        let cached = &mut self.dates[days as usize % DATE_CACHE];
        if cached.0 == days {
            return Ok(Some(cached.1));
        }
        match i32::try_from(days)
            .ok()
            .and_then(NaiveDate::from_num_days_from_ce_opt)
        {
            Some(date) => {
                *cached = (days, date);
                Ok(Some(date))
            }
            None => self.fail("a date"),
        }
    }

    #[inline]
    fn cost(&mut self) -> Result<Option<Cost>, SnapshotError> {
        match self.u8()? {
            0 => Ok(None),
            1 => Ok(Some(Cost::X)),
            2 => Ok(Some(Cost::Fixed(self.u8()?))),
            _ => self.fail("a cost"),
        }
    }

    fn card(&mut self, all_disciplines: &[Discipline]) -> Result<Card, SnapshotError> {
        let id = CardId(self.u32()?);
        let name = self.string()?;
        let aka = self.strings()?;
        let kind = match self.u8()? {
            0 => CardKind::Crypt,
            1 => CardKind::Library,
            _ => return self.fail("a card kind"),
        };
        let type_count = self.len()?;
        let mut types = Vec::with_capacity(type_count);
        for _ in 0..type_count {
            match CardType::ALL.get(usize::from(self.u8()?)) {
                Some(card_type) => types.push(*card_type),
                None => return self.fail("a card type"),
            }
        }
        let clans = self.strings()?;
        let path = self.opt_string()?;
        let group = match self.u8()? {
            0 => None,
            u8::MAX => Some(Group::Any),
            n => Some(Group::Number(n)),
        };
        let advanced = self.flag()?;
        let capacity = if self.flag()? { Some(self.u8()?) } else { None };
        let discipline_count = self.len()?;
        let mut disciplines = Vec::with_capacity(discipline_count);
        for _ in 0..discipline_count {
            let Some(discipline) = all_disciplines.get(usize::from(self.u8()?)) else {
                return self.fail("a discipline");
            };
            let level = if self.flag()? {
                DisciplineLevel::Superior
            } else {
                DisciplineLevel::Inferior
            };
            disciplines.push((*discipline, level));
        }
        let discipline_requirement = if self.flag()? {
            let count = self.len()?;
            let terms = (0..count)
                .map(|_| self.array().map(u64::from_le_bytes))
                .collect::<Result<_, _>>()?;
            Some(DisciplineRequirement { terms })
        } else {
            None
        };
        let pool_cost = self.cost()?;
        let blood_cost = self.cost()?;
        let conviction_cost = self.cost()?;
        let burn_option = self.flag()?;
        let title = self.opt_string()?;
        let sect = match self.u8()? {
            0 => None,
            n => match Sect::ALL.get(usize::from(n) - 1) {
                Some(sect) => Some(*sect),
                None => return self.fail("a sect"),
            },
        };
        let text = self.string()?;
        let printing_count = self.len()?;
        let mut printings = Vec::with_capacity(printing_count);
        for _ in 0..printing_count {
            printings.push(Printing {
                set: self.string()?,
                rarity: self.string()?,
                release: self.date()?,
            });
        }
        let banned = if self.flag()? {
            Some(u16::from_le_bytes(self.array()?))
        } else {
            None
        };
        Ok(Card {
            id,
            name,
            aka,
            kind,
            types,
            clans,
            path,
            group,
            advanced,
            capacity,
            disciplines,
            discipline_requirement,
            pool_cost,
            blood_cost,
            conviction_cost,
            burn_option,
            title,
            sect,
            text,
            printings,
            banned,
            requirements: self.strings()?,
            capacity_change: self.opt_string()?,
            trifle: self.flag()?,
            artist: self.string()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;
    use std::path::Path;

    use super::*;
    use crate::CardDb;

    /// The project's snapshot folder.
    fn data_dir() -> &'static Path {
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/data/cards"))
    }

    fn gunzip(name: &str) -> String {
        let file = std::fs::File::open(data_dir().join(name)).unwrap();
        let mut text = String::new();
        flate2::read::GzDecoder::new(file)
            .read_to_string(&mut text)
            .unwrap();
        text
    }

    /// The stored CSV files, loaded by the CSV loader.
    fn csv_db() -> CardDb {
        let [crypt, library, sets, meta] = [
            "vtescrypt.csv",
            "vteslib.csv",
            "vtessets.csv",
            "vteslibmeta.csv",
        ]
        .map(|name| (Path::new(name), gunzip(&format!("{name}.gz"))));
        CardDb::from_csv(
            (crypt.0, &crypt.1),
            (library.0, &library.1),
            Some((sets.0, &sets.1)),
            Some((meta.0, &meta.1)),
        )
        .unwrap()
    }

    fn provenance_date() -> NaiveDate {
        let text = std::fs::read_to_string(data_dir().join("PROVENANCE")).unwrap();
        let date = text
            .lines()
            .find_map(|line| line.strip_prefix("date:"))
            .unwrap();
        NaiveDate::parse_from_str(date.trim(), "%Y-%m-%d").unwrap()
    }

    #[test]
    fn built_in_snapshot_is_what_the_csv_loader_reads_from_the_stored_files() {
        let csv = csv_db();
        let expected = csv.encode_snapshot(provenance_date());
        assert!(
            expected == EMBEDDED,
            "crates/cards/data/cards/cards.bin.gz differs from loading crates/cards/data/cards/*.csv.gz with today's loader \
             (or from the date in crates/cards/data/cards/PROVENANCE): run scripts/refresh-cards.sh --rebuild"
        );
        let embedded = CardDb::embedded().unwrap();
        assert_eq!(embedded.snapshot_date(), Some(provenance_date()));
        assert_eq!(embedded.cards().len(), csv.cards().len());
        for (built_in, loaded) in embedded.cards().iter().zip(csv.cards()) {
            assert_eq!(format!("{built_in:?}"), format!("{loaded:?}"));
        }
        assert_eq!(
            format!("{:?}", embedded.sets()),
            format!("{:?}", csv.sets())
        );
    }

    #[test]
    fn stored_csv_files_match_their_checksums_in_provenance() {
        use sha2::{Digest, Sha256};
        let text = std::fs::read_to_string(data_dir().join("PROVENANCE")).unwrap();
        for name in [
            "vtescrypt.csv",
            "vteslib.csv",
            "vtessets.csv",
            "vteslibmeta.csv",
        ] {
            let listed = text
                .lines()
                .find_map(|line| line.strip_suffix(&format!("  {name}")))
                .unwrap_or_else(|| panic!("PROVENANCE lists no checksum for {name}"));
            let digest = Sha256::digest(gunzip(&format!("{name}.gz")).as_bytes());
            let actual: String = digest.iter().map(|b| format!("{b:02x}")).collect();
            assert_eq!(listed, actual, "{name}");
        }
        assert!(text.contains("Paradox Interactive AB"));
    }

    #[test]
    fn lookup_in_the_built_in_snapshot_finds_real_cards() {
        let db = CardDb::embedded().unwrap();
        assert!(matches!(
            db.lookup("Deep Song", Default::default(), None),
            crate::Lookup::Found { .. }
        ));
        assert_eq!(db.cards().iter().filter(|c| c.is_crypt()).count(), 1785);
        assert_eq!(db.cards().len(), 1785 + 2364);
    }

    #[test]
    fn damaged_snapshot_is_an_error_not_a_panic() {
        for cut in [
            0,
            4,
            MAGIC.len() + 2,
            EMBEDDED.len() / 2,
            EMBEDDED.len() - 1,
        ] {
            let err = decode(&EMBEDDED[..cut]).unwrap_err();
            assert!(err.to_string().contains("--rebuild"), "{err}");
        }
        let mut other_version = EMBEDDED.to_vec();
        other_version[6] = b'9';
        assert!(decode(&other_version).is_err());
        let mut trailing = EMBEDDED.to_vec();
        trailing.push(0);
        assert_eq!(
            decode(&trailing).unwrap_err().what,
            "the end of the snapshot"
        );
    }
}
