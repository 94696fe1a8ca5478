//! Installing a card database from the VEKN zip (downloaded or local) or a
//! folder, atomically: the files are written to a staging folder beside the
//! target, loaded to check them, and only then put in place of the old copy,
//! which is kept until the new one is there.

use std::io::{Cursor, Read};
use std::path::{Component, Path, PathBuf};

use chrono::Utc;
use serde::Serialize;

use super::db::CardDb;
use super::error::DbError;
use super::provenance::{Provenance, PROVENANCE_FILE};

/// The crypt file, required.
const CRYPT_FILE: &str = "vtescrypt.csv";
/// The library file, required.
const LIBRARY_FILE: &str = "vteslib.csv";
/// The largest CSV file accepted from an archive (the real ones are under 1 MB).
const MAX_FILE_BYTES: u64 = 64 << 20;

/// An error while installing a card database. The previous database, if any,
/// is left as it was.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum InstallError {
    /// The download failed (no connection, bad URL, interrupted transfer).
    #[error("{url}: download failed: {message}")]
    Download {
        /// The URL.
        url: String,
        /// What went wrong.
        message: String,
    },
    /// The server answered with an error status.
    #[error("{url}: the server answered HTTP {status}")]
    HttpStatus {
        /// The URL.
        url: String,
        /// The HTTP status.
        status: u16,
    },
    /// The archive is not a readable zip (truncated or corrupt).
    #[error("{origin}: not a readable zip archive (truncated or corrupt?): {message}")]
    BadZip {
        /// The URL or file the archive came from.
        origin: String,
        /// What the zip reader said.
        message: String,
    },
    /// An archive entry would be written outside the target folder.
    #[error("{origin}: refusing the archive: entry {entry:?} points outside the target folder")]
    UnsafeEntry {
        /// The URL or file the archive came from.
        origin: String,
        /// The entry's name as stored in the archive.
        entry: String,
    },
    /// A required CSV file is absent.
    #[error("{origin}: {file} not found (expected at the top or in one sub-folder)")]
    MissingFile {
        /// The URL, zip or folder.
        origin: String,
        /// The missing file name.
        file: &'static str,
    },
    /// The CSV files are there but do not load.
    #[error("{origin}: not a valid card database: {error}")]
    Invalid {
        /// The URL, zip or folder.
        origin: String,
        /// Why loading failed (already in the message, so not a `source`).
        error: DbError,
    },
    /// The target exists and does not look like a card database folder.
    #[error("{}: exists and is not a card database folder; refusing to replace it", path.display())]
    NotADatabase {
        /// The target folder.
        path: PathBuf,
    },
    /// A file could not be read or written.
    #[error("{}: {error}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The I/O error (already in the message, so not a `source`).
        error: std::io::Error,
    },
}

/// What an install put in place.
#[derive(Debug, Clone, Serialize)]
pub struct InstallReport {
    /// The database folder.
    pub path: PathBuf,
    /// Where the files came from.
    pub source: String,
    /// Number of crypt cards.
    pub crypt_cards: usize,
    /// Number of library cards.
    pub library_cards: usize,
    /// Whether an older database was replaced.
    pub replaced: bool,
}

/// Checks that `target` may be written: absent, empty, or a card database folder.
pub fn check_target(target: &Path) -> Result<(), InstallError> {
    if !target.exists() {
        return Ok(());
    }
    let io = |error| InstallError::Io {
        path: target.to_path_buf(),
        error,
    };
    if !target.is_dir() {
        return Err(InstallError::NotADatabase {
            path: target.to_path_buf(),
        });
    }
    let is_empty = std::fs::read_dir(target).map_err(io)?.next().is_none();
    if is_empty || target.join(CRYPT_FILE).is_file() || target.join(PROVENANCE_FILE).is_file() {
        Ok(())
    } else {
        Err(InstallError::NotADatabase {
            path: target.to_path_buf(),
        })
    }
}

/// Installs a local zip file or folder (`db import`).
pub fn import(path: &Path, target: &Path) -> Result<InstallReport, InstallError> {
    let origin = std::fs::canonicalize(path)
        .unwrap_or_else(|_| path.to_path_buf())
        .display()
        .to_string();
    if path.is_dir() {
        install_folder(path, &origin, target)
    } else {
        let bytes = std::fs::read(path).map_err(|error| io_error(path, error))?;
        install_zip(&bytes, &origin, target)
    }
}

/// Installs the card files of a zip archive held in memory; `origin` names it
/// in messages and in the provenance file.
pub fn install_zip(
    bytes: &[u8],
    origin: &str,
    target: &Path,
) -> Result<InstallReport, InstallError> {
    check_target(target)?;
    let staging = Staging::new(target)?;
    extract_zip(bytes, origin, staging.new_dir())?;
    staging.commit(origin, target)
}

/// Installs the card files of a folder (or of its one sub-folder holding them).
pub fn install_folder(
    dir: &Path,
    origin: &str,
    target: &Path,
) -> Result<InstallReport, InstallError> {
    check_target(target)?;
    let source = find_card_folder(dir).ok_or_else(|| InstallError::MissingFile {
        origin: origin.to_string(),
        file: CRYPT_FILE,
    })?;
    let staging = Staging::new(target)?;
    let entries = std::fs::read_dir(&source).map_err(|e| io_error(&source, e))?;
    for entry in entries {
        let entry = entry.map_err(|e| io_error(&source, e))?;
        let path = entry.path();
        if path.is_file() && is_csv(&path) {
            let dest = staging.new_dir().join(entry.file_name());
            std::fs::copy(&path, &dest).map_err(|e| io_error(&path, e))?;
        }
    }
    staging.commit(origin, target)
}

/// The folder holding `vtescrypt.csv`: `dir` itself or one of its sub-folders.
fn find_card_folder(dir: &Path) -> Option<PathBuf> {
    if dir.join(CRYPT_FILE).is_file() {
        return Some(dir.to_path_buf());
    }
    let mut subfolders: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.join(CRYPT_FILE).is_file())
        .collect();
    subfolders.sort();
    subfolders.into_iter().next()
}

fn is_csv(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("csv"))
}

fn io_error(path: &Path, error: std::io::Error) -> InstallError {
    InstallError::Io {
        path: path.to_path_buf(),
        error,
    }
}

/// Writes the CSV files of the archive's card folder (top level or one
/// sub-folder) into `dest`. Refuses the whole archive if any entry points
/// outside the target folder.
fn extract_zip(bytes: &[u8], origin: &str, dest: &Path) -> Result<(), InstallError> {
    let bad_zip = |e: zip::result::ZipError| InstallError::BadZip {
        origin: origin.to_string(),
        message: e.to_string(),
    };
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).map_err(bad_zip)?;
    let mut files: Vec<(usize, Vec<String>)> = Vec::new();
    for index in 0..archive.len() {
        let entry = archive.by_index(index).map_err(bad_zip)?;
        let parts = entry
            .enclosed_name()
            .and_then(|p| normal_parts(&p))
            .ok_or_else(|| InstallError::UnsafeEntry {
                origin: origin.to_string(),
                entry: entry.name().to_string(),
            })?;
        if !entry.is_dir() && !parts.is_empty() {
            files.push((index, parts));
        }
    }
    let folder: Vec<String> = files
        .iter()
        .filter(|(_, parts)| parts.len() <= 2 && parts.last().is_some_and(|n| n == CRYPT_FILE))
        .filter(|(_, parts)| parts.first().is_none_or(|p| p != "__MACOSX"))
        .map(|(_, parts)| parts[..parts.len() - 1].to_vec())
        .min_by_key(Vec::len)
        .ok_or_else(|| InstallError::MissingFile {
            origin: origin.to_string(),
            file: CRYPT_FILE,
        })?;
    for (index, parts) in &files {
        let (name, parent) = match parts.split_last() {
            Some(split) => split,
            None => continue,
        };
        if parent != folder.as_slice() || !is_csv(Path::new(name)) {
            continue;
        }
        let entry = archive.by_index(*index).map_err(bad_zip)?;
        let mut content = Vec::new();
        entry
            .take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut content)
            .map_err(|e| InstallError::BadZip {
                origin: origin.to_string(),
                message: format!("{}: {e}", parts.join("/")),
            })?;
        if content.len() as u64 > MAX_FILE_BYTES {
            return Err(InstallError::BadZip {
                origin: origin.to_string(),
                message: format!("{}: larger than {MAX_FILE_BYTES} bytes", parts.join("/")),
            });
        }
        let path = dest.join(name);
        std::fs::write(&path, content).map_err(|e| io_error(&path, e))?;
    }
    Ok(())
}

/// The plain components of a relative path, `..` applied; `None` if it leaves the root.
fn normal_parts(path: &Path) -> Option<Vec<String>> {
    let mut parts: Vec<String> = Vec::new();
    for component in path.components() {
        match component {
            Component::Normal(part) => parts.push(part.to_str()?.to_string()),
            Component::CurDir => {}
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(parts)
}

/// A staging folder beside the target: `new/` holds the files being installed,
/// `old/` receives the previous copy while the new one moves in. Dropping it
/// removes whatever is left (a failed install, or the replaced copy).
struct Staging {
    dir: tempfile::TempDir,
    new: PathBuf,
}

impl Staging {
    fn new(target: &Path) -> Result<Staging, InstallError> {
        let parent = match target.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
            _ => PathBuf::from("."),
        };
        std::fs::create_dir_all(&parent).map_err(|e| io_error(&parent, e))?;
        let dir = tempfile::Builder::new()
            .prefix(".vtesdeck-install-")
            .tempdir_in(&parent)
            .map_err(|e| io_error(&parent, e))?;
        let new = dir.path().join("new");
        std::fs::create_dir(&new).map_err(|e| io_error(&new, e))?;
        Ok(Staging { dir, new })
    }

    fn new_dir(&self) -> &Path {
        &self.new
    }

    /// Checks the staged files, records their origin and swaps them in.
    fn commit(self, origin: &str, target: &Path) -> Result<InstallReport, InstallError> {
        for file in [CRYPT_FILE, LIBRARY_FILE] {
            if !self.new.join(file).is_file() {
                return Err(InstallError::MissingFile {
                    origin: origin.to_string(),
                    file,
                });
            }
        }
        let db = CardDb::load(&self.new).map_err(|error| InstallError::Invalid {
            origin: origin.to_string(),
            error,
        })?;
        let provenance = Provenance {
            source: origin.to_string(),
            installed: Utc::now(),
        };
        provenance
            .save(&self.new)
            .map_err(|e| io_error(&self.new.join(PROVENANCE_FILE), e))?;
        let replaced = target.exists();
        let old = self.dir.path().join("old");
        if replaced {
            std::fs::rename(target, &old).map_err(|e| io_error(target, e))?;
        }
        if let Err(e) = std::fs::rename(&self.new, target) {
            if replaced {
                // Put the previous copy back; if even that fails, say where it is.
                if let Err(back) = std::fs::rename(&old, target) {
                    let kept = self.dir.keep().join("old");
                    return Err(io_error(
                        target,
                        std::io::Error::other(format!(
                            "{e}; the previous database could not be restored ({back}) and is in {}",
                            kept.display()
                        )),
                    ));
                }
            }
            return Err(io_error(target, e));
        }
        let crypt_cards = db.cards().iter().filter(|c| c.is_crypt()).count();
        Ok(InstallReport {
            path: target.to_path_buf(),
            source: origin.to_string(),
            crypt_cards,
            library_cards: db.cards().len() - crypt_cards,
            replaced,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn fixture(name: &str) -> Vec<u8> {
        crate::testing::fixture_file(name)
    }

    fn zip_of(entries: &[(&str, Vec<u8>)]) -> Vec<u8> {
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        for (name, content) in entries {
            writer
                .start_file(*name, zip::write::SimpleFileOptions::default())
                .unwrap();
            writer.write_all(content).unwrap();
        }
        writer.finish().unwrap().into_inner()
    }

    fn good_entries(prefix: &str) -> Vec<(String, Vec<u8>)> {
        [
            "vtescrypt.csv",
            "vteslib.csv",
            "vtessets.csv",
            "vteslibmeta.csv",
        ]
        .iter()
        .map(|f| (format!("{prefix}{f}"), fixture(f)))
        .collect()
    }

    fn zip_of_owned(entries: &[(String, Vec<u8>)]) -> Vec<u8> {
        let borrowed: Vec<(&str, Vec<u8>)> = entries
            .iter()
            .map(|(n, c)| (n.as_str(), c.clone()))
            .collect();
        zip_of(&borrowed)
    }

    #[test]
    fn zip_with_files_at_the_top_installs() {
        let home = tempfile::tempdir().unwrap();
        let target = home.path().join("data/cards");
        let report = install_zip(&zip_of_owned(&good_entries("")), "test.zip", &target).unwrap();
        assert!(!report.replaced);
        assert!(report.crypt_cards > 0 && report.library_cards > 0);
        let db = CardDb::load(&target).unwrap();
        assert_eq!(db.cards().len(), report.crypt_cards + report.library_cards);
        assert_eq!(Provenance::load(&target).unwrap().source, "test.zip");
    }

    #[test]
    fn zip_with_files_in_one_subfolder_installs_and_replaces() {
        let home = tempfile::tempdir().unwrap();
        let target = home.path().join("cards");
        install_zip(&zip_of_owned(&good_entries("")), "first.zip", &target).unwrap();
        let report = install_zip(
            &zip_of_owned(&good_entries("vtescsv/")),
            "second.zip",
            &target,
        )
        .unwrap();
        assert!(report.replaced);
        assert_eq!(Provenance::load(&target).unwrap().source, "second.zip");
        let leftovers: Vec<_> = std::fs::read_dir(home.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(leftovers, vec![std::ffi::OsString::from("cards")]);
    }

    #[test]
    fn traversal_entry_refuses_the_archive() {
        let home = tempfile::tempdir().unwrap();
        let target = home.path().join("cards");
        let mut entries = good_entries("");
        entries.push(("../evil.csv".into(), b"x".to_vec()));
        let err = install_zip(&zip_of_owned(&entries), "evil.zip", &target).unwrap_err();
        assert!(matches!(err, InstallError::UnsafeEntry { .. }), "{err}");
        assert!(!target.exists());
        assert!(!home.path().join("evil.csv").exists());
    }

    #[test]
    fn missing_library_file_is_named() {
        let home = tempfile::tempdir().unwrap();
        let target = home.path().join("cards");
        let entries: Vec<_> = good_entries("")
            .into_iter()
            .filter(|(n, _)| n != "vteslib.csv")
            .collect();
        let err = install_zip(&zip_of_owned(&entries), "short.zip", &target).unwrap_err();
        assert!(err.to_string().contains("vteslib.csv not found"), "{err}");
        assert!(!target.exists());
    }

    #[test]
    fn truncated_zip_is_a_bad_zip() {
        let home = tempfile::tempdir().unwrap();
        let bytes = zip_of_owned(&good_entries(""));
        let err =
            install_zip(&bytes[..bytes.len() / 2], "cut.zip", &home.path().join("c")).unwrap_err();
        assert!(matches!(err, InstallError::BadZip { .. }), "{err}");
    }

    #[test]
    fn broken_csv_keeps_the_previous_database() {
        let home = tempfile::tempdir().unwrap();
        let target = home.path().join("cards");
        install_zip(&zip_of_owned(&good_entries("")), "good.zip", &target).unwrap();
        let mut entries = good_entries("");
        entries[0].1 = b"\"Id\",\"Name\"\n\"1\",\"x\"\n".to_vec();
        let err = install_zip(&zip_of_owned(&entries), "bad.zip", &target).unwrap_err();
        assert!(
            err.to_string().contains("not a valid card database"),
            "{err}"
        );
        assert_eq!(Provenance::load(&target).unwrap().source, "good.zip");
        CardDb::load(&target).unwrap();
    }

    #[test]
    fn folder_that_is_not_a_database_is_not_replaced() {
        let home = tempfile::tempdir().unwrap();
        std::fs::write(home.path().join("notes.txt"), "mine").unwrap();
        let err =
            install_zip(&zip_of_owned(&good_entries("")), "good.zip", home.path()).unwrap_err();
        assert!(matches!(err, InstallError::NotADatabase { .. }), "{err}");
        assert!(home.path().join("notes.txt").exists());
    }

    #[test]
    fn folder_import_finds_the_files_in_a_subfolder() {
        let home = tempfile::tempdir().unwrap();
        let source = home.path().join("download/vtescsv");
        std::fs::create_dir_all(&source).unwrap();
        for (name, content) in good_entries("") {
            std::fs::write(source.join(name), content).unwrap();
        }
        let target = home.path().join("cards");
        let report = import(&home.path().join("download"), &target).unwrap();
        assert!(report.crypt_cards > 0);
        CardDb::load(&target).unwrap();
    }

    #[test]
    fn parent_components_inside_the_archive_are_resolved() {
        assert_eq!(
            normal_parts(Path::new("a/../b/c.csv")),
            Some(vec!["b".to_string(), "c.csv".to_string()])
        );
        assert_eq!(normal_parts(Path::new("../c.csv")), None);
    }
}
