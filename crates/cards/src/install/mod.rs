//! Installing a card database from the VEKN zip (downloaded or local) or a
//! folder. The guarantees: installs into one folder take turns (a lock file
//! beside the target); the new files are written to a staging folder beside the
//! target and loaded to check them; one atomic step then makes them current
//! (one exchange of two folders), so the database in use is always complete,
//! the previous one or the new one, whatever moment a crash happens at; the
//! leftovers of an interrupted install are cleared by the next one. Archives are
//! read from their file, never whole into memory, and refused above
//! [`MAX_ARCHIVE_BYTES`].

#[cfg(feature = "download")]
mod download;
mod staging;

use std::fs::File;
use std::io::{Read, Seek};
use std::path::{Component, Path, PathBuf};

use chrono::Utc;
use serde::Serialize;

use crate::db::CardDb;
use crate::error::DbError;
use crate::provenance::{Provenance, PROVENANCE_FILE};
#[cfg(feature = "download")]
pub use download::download;
use staging::{InstallLock, Staging};

/// The crypt file, required.
const CRYPT_FILE: &str = "vtescrypt.csv";
/// The library file, required.
const LIBRARY_FILE: &str = "vteslib.csv";
/// The largest CSV file accepted (the real ones are under 1 MB).
const MAX_FILE_BYTES: u64 = 64 << 20;
/// The largest archive accepted, downloaded or imported: 16 MB (the official
/// zip is about 0.3 MB, its CSV files 1.3 MB).
pub const MAX_ARCHIVE_BYTES: u64 = 16 << 20;

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
    /// The download did not finish within its deadline.
    #[error("{url}: download failed: not finished within the {seconds} s deadline")]
    DeadlinePassed {
        /// The URL.
        url: String,
        /// The deadline, in seconds.
        seconds: f64,
    },
    /// The server answered with an error status.
    #[error("{url}: the server answered HTTP {status}")]
    HttpStatus {
        /// The URL.
        url: String,
        /// The HTTP status.
        status: u16,
    },
    /// The archive is larger than [`MAX_ARCHIVE_BYTES`] (announced, or found reading it).
    #[error("{origin}: refusing the archive: larger than {} MB{}; the official zip is under 1 MB", MAX_ARCHIVE_BYTES >> 20, size_note(*.size))]
    TooLarge {
        /// The URL or file.
        origin: String,
        /// Its size in bytes, when known (`None`: an endless stream).
        size: Option<u64>,
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
        /// Why loading failed, naming the file as the archive or folder holds it
        /// (already in the message, so not a `source`).
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
        /// The file or folder (the user's: the source, or the target).
        path: PathBuf,
        /// The I/O error (already in the message, so not a `source`).
        error: std::io::Error,
    },
}

/// ` (123 bytes)` when the size is known, else nothing.
fn size_note(size: Option<u64>) -> String {
    size.map_or_else(String::new, |s| format!(" ({s} bytes)"))
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

/// The steps of an install, in order. An observer passed to the install
/// functions hears of each when it is done ([`InstallStep::Waiting`] only when
/// another install holds the lock).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum InstallStep {
    /// Another install into the same folder is running: this one waits for it.
    Waiting,
    /// The lock is held: no other install runs in this folder.
    Locked,
    /// The leftovers of interrupted installs are gone (or their database put back).
    CleanedUp,
    /// The new files are written in the staging folder.
    Staged,
    /// The new files load without error.
    Checked,
    /// Their origin is recorded (`provenance.toml`).
    Recorded,
    /// The new database is current (one atomic step).
    Switched,
    /// The previous copy is deleted.
    Removed,
}

impl InstallStep {
    /// Every step an install always goes through, in order (all but [`InstallStep::Waiting`]).
    #[cfg(test)]
    const ALWAYS: [InstallStep; 7] = [
        InstallStep::Locked,
        InstallStep::CleanedUp,
        InstallStep::Staged,
        InstallStep::Checked,
        InstallStep::Recorded,
        InstallStep::Switched,
        InstallStep::Removed,
    ];
}

/// Checks that `target` may be written: absent, empty, or a card database folder.
pub fn check_target(target: &Path) -> Result<(), InstallError> {
    if target.symlink_metadata().is_err() {
        return Ok(());
    }
    let refuse = || InstallError::NotADatabase {
        path: target.to_path_buf(),
    };
    if !target.is_dir() {
        return Err(refuse());
    }
    let is_empty = std::fs::read_dir(target)
        .map_err(|e| io_error(target, e))?
        .next()
        .is_none();
    if is_empty || target.join(CRYPT_FILE).is_file() || target.join(PROVENANCE_FILE).is_file() {
        Ok(())
    } else {
        Err(refuse())
    }
}

/// Installs a local zip file or folder (`db import`). A zip is read from its
/// file (a device or pipe is copied, at most [`MAX_ARCHIVE_BYTES`], to an
/// anonymous temporary file first).
pub fn import(
    path: &Path,
    target: &Path,
    observer: &mut dyn FnMut(InstallStep),
) -> Result<InstallReport, InstallError> {
    let origin = std::fs::canonicalize(path)
        .unwrap_or_else(|_| path.to_path_buf())
        .display()
        .to_string();
    if path.is_dir() {
        install_folder(path, &origin, target, observer)
    } else {
        let archive = open_archive(path, &origin)?;
        install_zip(archive, &origin, target, observer)
    }
}

/// Opens a zip file for reading, refusing it above [`MAX_ARCHIVE_BYTES`]
/// without reading it. What is not a regular file (`/dev/zero`, a pipe) is
/// copied to an anonymous temporary file, up to the cap plus one byte.
fn open_archive(path: &Path, origin: &str) -> Result<File, InstallError> {
    let read_error = |e| io_error(path, e);
    let mut file = File::open(path).map_err(read_error)?;
    let metadata = file.metadata().map_err(read_error)?;
    if metadata.is_file() {
        if metadata.len() > MAX_ARCHIVE_BYTES {
            return Err(InstallError::TooLarge {
                origin: origin.to_string(),
                size: Some(metadata.len()),
            });
        }
        return Ok(file);
    }
    let mut copy = tempfile::tempfile().map_err(|e| {
        io_error(
            &std::env::temp_dir(),
            std::io::Error::new(e.kind(), format!("cannot make a temporary copy: {e}")),
        )
    })?;
    let copied = std::io::copy(&mut (&mut file).take(MAX_ARCHIVE_BYTES + 1), &mut copy)
        .map_err(read_error)?;
    if copied > MAX_ARCHIVE_BYTES {
        return Err(InstallError::TooLarge {
            origin: origin.to_string(),
            size: None,
        });
    }
    copy.rewind().map_err(read_error)?;
    Ok(copy)
}

/// Installs the card files of a zip archive; `origin` names it in messages and
/// in the provenance file.
pub fn install_zip<R: Read + Seek>(
    archive: R,
    origin: &str,
    target: &Path,
    observer: &mut dyn FnMut(InstallStep),
) -> Result<InstallReport, InstallError> {
    let mut archive = zip::ZipArchive::new(archive).map_err(|e| bad_zip(origin, e))?;
    let entries = card_entries(&mut archive, origin)?;
    install(target, origin, observer, &mut |dest| {
        extract(&mut archive, &entries, origin, dest)?;
        Ok(entries
            .iter()
            .map(|(_, parts)| (parts[parts.len() - 1].clone(), parts.join("/")))
            .collect())
    })
}

/// Installs the card files of a folder (or of its one sub-folder holding them).
pub(crate) fn install_folder(
    dir: &Path,
    origin: &str,
    target: &Path,
    observer: &mut dyn FnMut(InstallStep),
) -> Result<InstallReport, InstallError> {
    let source = find_card_folder(dir).ok_or_else(|| InstallError::MissingFile {
        origin: origin.to_string(),
        file: CRYPT_FILE,
    })?;
    let entries = std::fs::read_dir(&source).map_err(|e| io_error(&source, e))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| io_error(&source, e))?.path();
        if path.is_file() && is_csv(&path) {
            files.push(path);
        }
    }
    install(target, origin, observer, &mut |dest| {
        let mut names = Vec::new();
        for path in &files {
            let Some(name) = path.file_name() else {
                continue;
            };
            let mut from = File::open(path).map_err(|e| io_error(path, e))?;
            let staged = dest.join(name);
            let mut to = File::create(&staged).map_err(|e| io_error(&staged, e))?;
            copy_capped(&mut from, &mut to).map_err(|e| io_error(path, e))?;
            names.push((
                name.to_string_lossy().into_owned(),
                path.display().to_string(),
            ));
        }
        Ok(names)
    })
}

/// Clears what interrupted installs left beside `target` (staging folders),
/// first putting back a database that one left out of place (a crash where
/// folders cannot be exchanged); returns whether a database was put back. For
/// every command that uses `target`: without leftovers it writes nothing, and
/// while an install runs (it holds the lock) it does nothing.
pub fn clear_leftovers(target: &Path) -> Result<bool, InstallError> {
    let parent = staging::parent_of(target);
    if !staging::has_staging(&parent) {
        return Ok(false);
    }
    let Some(_lock) = InstallLock::try_acquire(&parent).map_err(|e| io_error(&parent, e))? else {
        return Ok(false);
    };
    let done = staging::clean_up(&parent, target).map_err(|e| io_error(&parent, e))?;
    Ok(done.restored)
}

/// For each staged file: its name in the new folder, and the name the user
/// knows it by (the archive entry or the source file).
type StagedNames = Vec<(String, String)>;

/// The install itself: lock, clean-up, `fill` writes the new files into the
/// folder it is given, check, record, switch, remove the previous copy.
fn install(
    target: &Path,
    origin: &str,
    observer: &mut dyn FnMut(InstallStep),
    fill: &mut dyn FnMut(&Path) -> Result<StagedNames, InstallError>,
) -> Result<InstallReport, InstallError> {
    let given = target;
    let target = follow_symlink(target)?;
    check_target(&target)?;
    let parent = staging::parent_of(&target);
    std::fs::create_dir_all(&parent).map_err(|e| io_error(&parent, e))?;
    let lock = InstallLock::acquire(&parent, &mut || observer(InstallStep::Waiting))
        .map_err(|e| io_error(&parent, e))?;
    observer(InstallStep::Locked);
    staging::clean_up(&parent, &target).map_err(|e| io_error(&parent, e))?;
    observer(InstallStep::CleanedUp);
    check_target(&target)?;
    let beside = |e: std::io::Error| {
        io_error(
            &target,
            std::io::Error::new(
                e.kind(),
                format!("cannot prepare the new database beside it: {e}"),
            ),
        )
    };
    let staging = Staging::new(&parent, &target).map_err(beside)?;
    let names = fill(staging.new_dir()).map_err(|e| match e {
        InstallError::Io { path, error } if path.starts_with(staging.path()) => beside(error),
        other => other,
    })?;
    observer(InstallStep::Staged);
    for file in [CRYPT_FILE, LIBRARY_FILE] {
        if !staging.new_dir().join(file).is_file() {
            return Err(InstallError::MissingFile {
                origin: origin.to_string(),
                file,
            });
        }
    }
    let db = CardDb::load(staging.new_dir()).map_err(|error| InstallError::Invalid {
        origin: origin.to_string(),
        error: error.with_path_named(&|staged| user_name(staged, staging.path(), &names)),
    })?;
    observer(InstallStep::Checked);
    let provenance = Provenance {
        source: origin.to_string(),
        installed: Utc::now(),
    };
    provenance.save(staging.new_dir()).map_err(beside)?;
    observer(InstallStep::Recorded);
    let replaced = staging.switch(&target).map_err(|e| io_error(&target, e))?;
    observer(InstallStep::Switched);
    drop(staging);
    observer(InstallStep::Removed);
    drop(lock);
    let crypt_cards = db.cards().iter().filter(|c| c.is_crypt()).count();
    Ok(InstallReport {
        path: given.to_path_buf(),
        source: origin.to_string(),
        crypt_cards,
        library_cards: db.cards().len() - crypt_cards,
        replaced,
    })
}

/// The name a staged file has for the user: the archive entry or source file
/// it came from (never the staging path).
fn user_name(staged: &Path, staging: &Path, names: &StagedNames) -> PathBuf {
    let Ok(inside) = staged.strip_prefix(staging) else {
        return staged.to_path_buf();
    };
    let file = inside
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    names
        .iter()
        .find(|(name, _)| *name == file)
        .map_or_else(|| PathBuf::from(&file), |(_, shown)| PathBuf::from(shown))
}

/// A symbolic link given as the target: the install goes where it points, and
/// the link stays.
fn follow_symlink(target: &Path) -> Result<PathBuf, InstallError> {
    match target.symlink_metadata() {
        Ok(meta) if meta.file_type().is_symlink() => {
            std::fs::canonicalize(target).map_err(|e| io_error(target, e))
        }
        _ => Ok(target.to_path_buf()),
    }
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

fn bad_zip(origin: &str, error: zip::result::ZipError) -> InstallError {
    InstallError::BadZip {
        origin: origin.to_string(),
        message: error.to_string(),
    }
}

/// Copies at most [`MAX_FILE_BYTES`] from `from` to `to`; more is an error.
fn copy_capped(from: &mut dyn Read, to: &mut File) -> std::io::Result<()> {
    let copied = std::io::copy(&mut from.take(MAX_FILE_BYTES + 1), to)?;
    if copied > MAX_FILE_BYTES {
        return Err(std::io::Error::other(format!(
            "larger than {} MB: not a VEKN card file",
            MAX_FILE_BYTES >> 20
        )));
    }
    Ok(())
}

/// The CSV entries of the archive's card folder (top level or one
/// sub-folder): index and path parts. Refuses the whole archive if any entry
/// points outside the target folder.
fn card_entries<R: Read + Seek>(
    archive: &mut zip::ZipArchive<R>,
    origin: &str,
) -> Result<Vec<(usize, Vec<String>)>, InstallError> {
    let mut files: Vec<(usize, Vec<String>)> = Vec::new();
    for index in 0..archive.len() {
        let entry = archive.by_index(index).map_err(|e| bad_zip(origin, e))?;
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
    files.retain(|(_, parts)| {
        parts
            .split_last()
            .is_some_and(|(name, parent)| parent == folder.as_slice() && is_csv(Path::new(name)))
    });
    Ok(files)
}

/// Writes the chosen entries into `dest`, each at most [`MAX_FILE_BYTES`].
fn extract<R: Read + Seek>(
    archive: &mut zip::ZipArchive<R>,
    entries: &[(usize, Vec<String>)],
    origin: &str,
    dest: &Path,
) -> Result<(), InstallError> {
    for (index, parts) in entries {
        let shown = parts.join("/");
        let mut entry = archive.by_index(*index).map_err(|e| bad_zip(origin, e))?;
        let path = dest.join(&parts[parts.len() - 1]);
        let mut to = File::create(&path).map_err(|e| io_error(&path, e))?;
        copy_capped(&mut entry, &mut to).map_err(|error| InstallError::BadZip {
            origin: origin.to_string(),
            message: format!("{shown}: {error}"),
        })?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Cursor, Write};

    /// Installs a zip held in memory, no observer.
    fn install_bytes(
        bytes: &[u8],
        origin: &str,
        target: &Path,
    ) -> Result<InstallReport, InstallError> {
        install_zip(Cursor::new(bytes), origin, target, &mut |_| {})
    }

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
        let report = install_bytes(&zip_of_owned(&good_entries("")), "test.zip", &target).unwrap();
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
        install_bytes(&zip_of_owned(&good_entries("")), "first.zip", &target).unwrap();
        let report = install_bytes(
            &zip_of_owned(&good_entries("vtescsv/")),
            "second.zip",
            &target,
        )
        .unwrap();
        assert!(report.replaced);
        assert_eq!(Provenance::load(&target).unwrap().source, "second.zip");
        let mut leftovers: Vec<_> = std::fs::read_dir(home.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        leftovers.sort();
        assert_eq!(leftovers, [staging::LOCK_FILE, "cards"]);
    }

    #[test]
    fn traversal_entry_refuses_the_archive() {
        let home = tempfile::tempdir().unwrap();
        let target = home.path().join("cards");
        let mut entries = good_entries("");
        entries.push(("../evil.csv".into(), b"x".to_vec()));
        let err = install_bytes(&zip_of_owned(&entries), "evil.zip", &target).unwrap_err();
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
        let err = install_bytes(&zip_of_owned(&entries), "short.zip", &target).unwrap_err();
        assert!(err.to_string().contains("vteslib.csv not found"), "{err}");
        assert!(!target.exists());
    }

    #[test]
    fn truncated_zip_is_a_bad_zip() {
        let home = tempfile::tempdir().unwrap();
        let bytes = zip_of_owned(&good_entries(""));
        let err = install_bytes(&bytes[..bytes.len() / 2], "cut.zip", &home.path().join("c"))
            .unwrap_err();
        assert!(matches!(err, InstallError::BadZip { .. }), "{err}");
    }

    #[test]
    fn broken_csv_keeps_the_previous_database() {
        let home = tempfile::tempdir().unwrap();
        let target = home.path().join("cards");
        install_bytes(&zip_of_owned(&good_entries("")), "good.zip", &target).unwrap();
        let mut entries = good_entries("");
        entries[0].1 = b"\"Id\",\"Name\"\n\"1\",\"x\"\n".to_vec();
        let err = install_bytes(&zip_of_owned(&entries), "bad.zip", &target).unwrap_err();
        assert!(
            err.to_string().contains("not a valid card database"),
            "{err}"
        );
        assert_eq!(Provenance::load(&target).unwrap().source, "good.zip");
        CardDb::load(&target).unwrap();
    }

    #[test]
    fn invalid_csv_in_a_zip_is_named_by_its_entry_never_the_staging_folder() {
        let home = tempfile::tempdir().unwrap();
        let mut entries = good_entries("vtescsv/");
        entries[1].1 = b"\"Id\",\"Name\"\n\"1\",\"x\"\n".to_vec();
        let err = install_bytes(&zip_of_owned(&entries), "/dl/v.zip", &home.path().join("c"))
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("/dl/v.zip: not a valid card database: vtescsv/vteslib.csv:1: "),
            "{err}"
        );
        assert!(!err.contains(staging::STAGING_PREFIX), "{err}");
    }

    /// A card list that gives one id to two cards is refused (issue 41),
    /// naming the second record, and nothing is installed: within a file,
    /// and a library card with a crypt card's id.
    #[test]
    fn a_card_list_with_an_id_given_twice_is_refused() {
        let home = tempfile::tempdir().unwrap();
        let library = String::from_utf8(fixture("vteslib.csv")).unwrap();
        let line = library.trim_end().lines().count() + 1;
        let card = |id: &str| {
            format!(
                "{}\n\"{id}\",\"Test Twice\",\"\",\"Master\",\"\",\"\",\"\",\"1\",\"\",\"\",\"\",\
                 \"Text.\",\"\",\"Base:C\",\"\",\"Fixture\",\"\"\n",
                library.trim_end()
            )
        };
        // A library card's id again; a crypt card's id.
        let cases = [
            (card("100001"), line, "100001"),
            (card("200001"), line, "200001"),
        ];
        for (index, (twice, line, id)) in cases.into_iter().enumerate() {
            let mut entries = good_entries("");
            entries[1].1 = twice.into_bytes();
            let target = home.path().join(format!("c{index}"));
            let err = install_bytes(&zip_of_owned(&entries), "v.zip", &target)
                .unwrap_err()
                .to_string();
            assert_eq!(
                err,
                format!(
                    "v.zip: not a valid card database: vteslib.csv:{line}: column \"Id\": \
                     an id given to another card before (each card has its own): \"{id}\""
                )
            );
            assert!(!target.exists());
        }
    }

    #[test]
    fn invalid_csv_in_a_folder_is_named_by_its_own_path() {
        let home = tempfile::tempdir().unwrap();
        let source = home.path().join("mine");
        std::fs::create_dir(&source).unwrap();
        for (name, content) in good_entries("") {
            std::fs::write(source.join(name), content).unwrap();
        }
        std::fs::write(source.join("vtescrypt.csv"), "\"Id\"\n\"1\"\n").unwrap();
        let err = import(&source, &home.path().join("c"), &mut |_| {})
            .unwrap_err()
            .to_string();
        let shown = source.canonicalize().unwrap().join("vtescrypt.csv");
        assert!(err.contains(&format!("{}:1: ", shown.display())), "{err}");
        assert!(!err.contains(staging::STAGING_PREFIX), "{err}");
    }

    #[test]
    fn oversized_zip_file_is_refused_before_reading() {
        let home = tempfile::tempdir().unwrap();
        let huge = home.path().join("huge.zip");
        // Sparse: a terabyte announced, nothing stored.
        File::create(&huge).unwrap().set_len(1 << 40).unwrap();
        let err = import(&huge, &home.path().join("c"), &mut |_| {}).unwrap_err();
        assert!(
            matches!(err, InstallError::TooLarge { size: Some(s), .. } if s == 1 << 40),
            "{err}"
        );
        assert!(err.to_string().contains("larger than 16 MB"), "{err}");
    }

    #[test]
    fn every_step_is_told_in_order() {
        let home = tempfile::tempdir().unwrap();
        let mut steps = Vec::new();
        let zip = zip_of_owned(&good_entries(""));
        install_zip(
            Cursor::new(&zip),
            "a.zip",
            &home.path().join("c"),
            &mut |s| {
                steps.push(s);
            },
        )
        .unwrap();
        assert_eq!(steps, InstallStep::ALWAYS);
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_target_stays_a_link() {
        let home = tempfile::tempdir().unwrap();
        let real = home.path().join("real");
        std::fs::create_dir(&real).unwrap();
        let link = home.path().join("cards");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let report = install_bytes(&zip_of_owned(&good_entries("")), "a.zip", &link).unwrap();
        assert_eq!(report.path, link, "the report names the path given");
        assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
        CardDb::load(&real).unwrap();
    }

    #[test]
    fn leftovers_are_cleared_only_when_no_install_runs_and_nothing_written_without_them() {
        let home = tempfile::tempdir().unwrap();
        let target = home.path().join("cards");
        install_bytes(&zip_of_owned(&good_entries("")), "a.zip", &target).unwrap();
        std::fs::remove_file(home.path().join(staging::LOCK_FILE)).unwrap();
        assert!(!clear_leftovers(&target).unwrap());
        assert_eq!(crate::testing::sorted_names(home.path()), ["cards"]);

        let leftover = home.path().join(format!("{}abc", staging::STAGING_PREFIX));
        std::fs::create_dir_all(leftover.join("new")).unwrap();
        let running = InstallLock::acquire(home.path(), &mut || {}).unwrap();
        assert!(!clear_leftovers(&target).unwrap());
        assert!(leftover.exists(), "removed while an install holds the lock");
        drop(running);
        assert!(!clear_leftovers(&target).unwrap());
        assert!(!leftover.exists());
    }

    #[test]
    fn folder_that_is_not_a_database_is_not_replaced() {
        let home = tempfile::tempdir().unwrap();
        std::fs::write(home.path().join("notes.txt"), "mine").unwrap();
        let err =
            install_bytes(&zip_of_owned(&good_entries("")), "good.zip", home.path()).unwrap_err();
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
        let report = import(&home.path().join("download"), &target, &mut |_| {}).unwrap();
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
