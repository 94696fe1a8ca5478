//! `db info`: what the card database in use is and where it comes from.

use std::path::PathBuf;

use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;

use super::db::CardDb;
use super::provenance::Provenance;
use super::sets::SetInfo;

/// A summary of a loaded card database.
#[derive(Debug, Clone, Serialize)]
pub struct DbInfo {
    /// The database folder; `None` for the snapshot built into the program.
    pub path: Option<PathBuf>,
    /// How it was chosen (`--cards`, `VTESDECK_CARDS`, `user data folder`,
    /// `built-in snapshot`): as the program that found it says.
    pub found_by: String,
    /// The URL or local path it was installed from, when vtesdeck installed it.
    pub source: Option<String>,
    /// When it was installed.
    pub installed: Option<DateTime<Utc>>,
    /// The date of the built-in snapshot's card list, when that is in use.
    pub snapshot_date: Option<NaiveDate>,
    /// Whole days since it was installed, or since the built-in snapshot's date.
    pub age_days: Option<i64>,
    /// Number of crypt cards.
    pub crypt_cards: usize,
    /// Number of library cards.
    pub library_cards: usize,
    /// Number of sets in `vtessets.csv`.
    pub sets: usize,
    /// The set with the latest release date.
    pub newest_set: Option<SetInfo>,
}

impl DbInfo {
    /// Summarises `db`; `now` sets the age of the download.
    pub fn new(db: &CardDb, found_by: &str, now: DateTime<Utc>) -> DbInfo {
        let provenance = match db.snapshot_date() {
            Some(_) => None,
            None => Provenance::load(db.source()),
        };
        let crypt_cards = db.cards().iter().filter(|c| c.is_crypt()).count();
        let newest_set = db
            .sets()
            .iter()
            .filter(|s| s.release.is_some())
            .max_by_key(|s| s.release)
            .cloned();
        let snapshot_date = db.snapshot_date();
        let age_days = match snapshot_date {
            Some(date) => Some((now.date_naive() - date).num_days()),
            None => provenance.as_ref().map(|p| (now - p.installed).num_days()),
        };
        DbInfo {
            path: Some(db.source().to_path_buf()).filter(|_| snapshot_date.is_none()),
            found_by: found_by.to_string(),
            source: provenance.as_ref().map(|p| p.source.clone()),
            installed: provenance.as_ref().map(|p| p.installed),
            snapshot_date,
            age_days,
            crypt_cards,
            library_cards: db.cards().len() - crypt_cards,
            sets: db.sets().len(),
            newest_set,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::fixture_db;

    #[test]
    fn info_counts_cards_and_finds_the_newest_set() {
        let db = fixture_db();
        let info = DbInfo::new(&db, "--cards", Utc::now());
        assert_eq!(info.crypt_cards + info.library_cards, db.cards().len());
        let newest = info.newest_set.unwrap();
        assert!(db.sets().iter().all(|s| s.release <= newest.release));
        assert_eq!(info.source, None);
    }

    #[test]
    fn age_counts_days_since_install() {
        let dir = tempfile::tempdir().unwrap();
        for file in ["vtescrypt.csv", "vteslib.csv"] {
            std::fs::write(dir.path().join(file), crate::testing::fixture_file(file)).unwrap();
        }
        let installed = DateTime::parse_from_rfc3339("2026-01-01T00:00:00Z")
            .unwrap()
            .with_timezone(&Utc);
        Provenance {
            source: "here".into(),
            installed,
        }
        .save(dir.path())
        .unwrap();
        let db = CardDb::load(dir.path()).unwrap();
        let now = installed + chrono::Duration::days(10) + chrono::Duration::hours(3);
        let info = DbInfo::new(&db, "--cards", now);
        assert_eq!(info.age_days, Some(10));
        assert_eq!(info.source.as_deref(), Some("here"));
        assert_eq!(info.path.as_deref(), Some(dir.path()));
    }

    #[test]
    fn built_in_snapshot_has_no_folder_and_ages_from_its_date() {
        let db = CardDb::embedded().unwrap();
        let date = db.snapshot_date().unwrap();
        let now = date.and_hms_opt(23, 0, 0).unwrap().and_utc() + chrono::Duration::days(400);
        let info = DbInfo::new(&db, "built-in snapshot", now);
        assert_eq!(info.path, None);
        assert_eq!(info.snapshot_date, Some(date));
        assert_eq!(info.age_days, Some(400));
        assert_eq!(info.source, None);
    }
}
