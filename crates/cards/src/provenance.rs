//! Where an installed card database came from: a small file written beside
//! the CSV files by `db update` and `db import`.

use std::path::Path;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// Name of the provenance file inside a card database folder.
pub(crate) const PROVENANCE_FILE: &str = "provenance.toml";

/// The origin of an installed card database.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Provenance {
    /// The URL downloaded, or the local zip or folder imported.
    pub(crate) source: String,
    /// When it was installed.
    pub(crate) installed: DateTime<Utc>,
}

impl Provenance {
    /// Reads the provenance file of a database folder; `None` when the folder
    /// has none (a folder set up by hand) or it cannot be read.
    pub(crate) fn load(dir: &Path) -> Option<Provenance> {
        let text = std::fs::read_to_string(dir.join(PROVENANCE_FILE)).ok()?;
        toml::from_str(&text).ok()
    }

    /// Writes the provenance file into a database folder.
    pub(crate) fn save(&self, dir: &Path) -> std::io::Result<()> {
        let text = toml::to_string(self).map_err(std::io::Error::other)?;
        std::fs::write(dir.join(PROVENANCE_FILE), text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn provenance_survives_a_round_trip_through_its_file() {
        let dir = tempfile::tempdir().unwrap();
        let provenance = Provenance {
            source: "https://example.org/vtescsv_utf8.zip".into(),
            installed: DateTime::parse_from_rfc3339("2026-01-02T03:04:05Z")
                .unwrap()
                .with_timezone(&Utc),
        };
        provenance.save(dir.path()).unwrap();
        assert_eq!(Provenance::load(dir.path()), Some(provenance));
    }

    #[test]
    fn folder_without_provenance_has_none() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(Provenance::load(dir.path()), None);
    }
}
