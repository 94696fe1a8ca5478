//! Where an install prepares the new card database and how it makes it current:
//! a lock beside the target so that installs take turns, a staging folder
//! beside the target, one atomic step (an exchange of the two folders) to switch,
//! and the clean-up of what an interrupted install left behind.
//!
//! At every instant the target folder is either the previous database, complete,
//! or the new one, complete: the new files are written and checked in
//! `.vtesdeck-install-XXXX/new/`, then `new/` and the target trade places in one
//! `renameat2(RENAME_EXCHANGE)` (`renamex_np(RENAME_SWAP)` on macOS). Where the
//! system cannot exchange two folders, the previous copy is first moved to
//! `.vtesdeck-install-XXXX/old/` and the new one renamed in; a crash between these
//! two renames is repaired by the next install (or the next command that finds no
//! database), which finishes the install it interrupted.

use std::fs::File;
use std::path::{Path, PathBuf};

use crate::provenance::PROVENANCE_FILE;

/// Prefix of the staging folders, beside the target.
pub(super) const STAGING_PREFIX: &str = ".vtesdeck-install-";
/// The lock file, beside the target: one install at a time per folder.
pub(super) const LOCK_FILE: &str = ".vtesdeck-install.lock";
/// Inside a staging folder: the name of the target folder it prepares.
const TARGET_RECORD: &str = "target";
/// Inside a staging folder: the database being installed (after an exchange, the previous one).
const NEW: &str = "new";
/// Inside a staging folder: the previous database, when folders cannot be exchanged.
const OLD: &str = "old";
/// The files without which a folder is no card database.
const REQUIRED: [&str; 2] = ["vtescrypt.csv", "vteslib.csv"];

/// The folder holding `target` (`.` for a bare name).
pub(super) fn parent_of(target: &Path) -> PathBuf {
    match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The exclusive lock of the installs into one folder, released when dropped
/// (and by the system when the process dies, however it dies).
#[derive(Debug)]
pub(super) struct InstallLock {
    _file: File,
}

impl InstallLock {
    /// Takes the lock of `parent`, waiting for another install to finish;
    /// `waiting` is called once if it has to wait.
    pub(super) fn acquire(
        parent: &Path,
        waiting: &mut dyn FnMut(),
    ) -> std::io::Result<InstallLock> {
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(parent.join(LOCK_FILE))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                waiting();
                file.lock()?;
            }
            Err(std::fs::TryLockError::Error(error)) => return Err(error),
        }
        Ok(InstallLock { _file: file })
    }

    /// Takes the lock of `parent` if no install holds it; `None` if one does.
    pub(super) fn try_acquire(parent: &Path) -> std::io::Result<Option<InstallLock>> {
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(parent.join(LOCK_FILE))?;
        match file.try_lock() {
            Ok(()) => Ok(Some(InstallLock { _file: file })),
            Err(std::fs::TryLockError::WouldBlock) => Ok(None),
            Err(std::fs::TryLockError::Error(error)) => Err(error),
        }
    }
}

/// A staging folder beside the target: `new/` receives the files being
/// installed. Dropping it removes whatever is left in it (a failed install,
/// or the replaced copy).
pub(super) struct Staging {
    dir: tempfile::TempDir,
    new: PathBuf,
}

impl Staging {
    /// Creates the staging folder for `target` in `parent`. Call with the lock held.
    pub(super) fn new(parent: &Path, target: &Path) -> std::io::Result<Staging> {
        let dir = tempfile::Builder::new()
            .prefix(STAGING_PREFIX)
            .tempdir_in(parent)?;
        if let Some(name) = target.file_name() {
            std::fs::write(
                dir.path().join(TARGET_RECORD),
                name.to_string_lossy().as_bytes(),
            )?;
        }
        let new = dir.path().join(NEW);
        std::fs::create_dir(&new)?;
        Ok(Staging { dir, new })
    }

    /// The folder to fill with the new database.
    pub(super) fn new_dir(&self) -> &Path {
        &self.new
    }

    /// The staging folder itself (to tell its paths apart in messages).
    pub(super) fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Makes the new database current in one atomic step; returns whether a
    /// previous copy was replaced. On an error the target is as it was.
    pub(super) fn switch(&self, target: &Path) -> std::io::Result<bool> {
        if target.symlink_metadata().is_err() {
            std::fs::rename(&self.new, target)?;
            return Ok(false);
        }
        match exchange(&self.new, target) {
            Ok(()) => Ok(true),
            Err(error) if exchange_unsupported(&error) => {
                self.switch_in_two_renames(target)?;
                Ok(true)
            }
            Err(error) => Err(error),
        }
    }

    /// Where folders cannot be exchanged: the previous copy moves to `old/`,
    /// the new one in; a failure of the second rename puts the previous copy back.
    fn switch_in_two_renames(&self, target: &Path) -> std::io::Result<()> {
        let old = self.dir.path().join(OLD);
        std::fs::rename(target, &old)?;
        if let Err(error) = std::fs::rename(&self.new, target) {
            if let Err(back) = std::fs::rename(&old, target) {
                return Err(std::io::Error::other(format!(
                    "{error}; the previous database could not be put back ({back}): the next \
                     install or command puts it back from {}",
                    old.display()
                )));
            }
            return Err(error);
        }
        Ok(())
    }
}

/// Exchanges two folders in one step.
#[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
fn exchange(a: &Path, b: &Path) -> std::io::Result<()> {
    use rustix::fs::{renameat_with, RenameFlags, CWD};
    renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE).map_err(std::io::Error::from)
}

/// Exchanges two folders in one step: not offered by this system.
#[cfg(not(any(target_os = "linux", target_os = "android", target_vendor = "apple")))]
fn exchange(_a: &Path, _b: &Path) -> std::io::Result<()> {
    Err(std::io::ErrorKind::Unsupported.into())
}

/// Whether an exchange failed because the system or file system cannot do it
/// (then the two renames are used).
fn exchange_unsupported(error: &std::io::Error) -> bool {
    // EINVAL: the file system does not support RENAME_EXCHANGE; ENOSYS: old kernel.
    error.kind() == std::io::ErrorKind::Unsupported || matches!(error.raw_os_error(), Some(22 | 38))
}

/// What the clean-up did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct CleanUp {
    /// Staging folders removed.
    pub(super) removed: usize,
    /// Whether the target was missing and an interrupted install's database was put in its place.
    pub(super) restored: bool,
}

/// Whether `parent` holds staging folders (of a running install, or left over).
pub(super) fn has_staging(parent: &Path) -> bool {
    std::fs::read_dir(parent).is_ok_and(|entries| {
        entries
            .filter_map(Result::ok)
            .any(|e| e.file_name().to_string_lossy().starts_with(STAGING_PREFIX))
    })
}

/// Removes the staging folders that interrupted installs left in `parent`;
/// when `target` is missing and one of them holds a complete database for it
/// (the new one, checked, or the previous one), puts that database in place
/// first. Call with the lock held: no other install is then running, so every
/// staging folder is a leftover.
pub(super) fn clean_up(parent: &Path, target: &Path) -> std::io::Result<CleanUp> {
    let mut done = CleanUp::default();
    let entries = match std::fs::read_dir(parent) {
        Ok(entries) => entries,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(done),
        Err(error) => return Err(error),
    };
    let mut leftovers: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with(STAGING_PREFIX))
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.path())
        .collect();
    leftovers.sort();
    for staging in leftovers {
        if !done.restored && target.symlink_metadata().is_err() && is_for(&staging, target) {
            // The new database once checked (it has its provenance), else the previous one.
            let candidates = [(staging.join(NEW), true), (staging.join(OLD), false)];
            for (candidate, needs_provenance) in candidates {
                if is_complete(&candidate, needs_provenance) {
                    std::fs::rename(&candidate, target)?;
                    done.restored = true;
                    break;
                }
            }
        }
        std::fs::remove_dir_all(&staging)?;
        done.removed += 1;
    }
    Ok(done)
}

/// Whether a staging folder was made for `target` (those of older versions,
/// which do not say, are taken to be).
fn is_for(staging: &Path, target: &Path) -> bool {
    match std::fs::read(staging.join(TARGET_RECORD)) {
        Ok(name) => target
            .file_name()
            .is_some_and(|own| own.to_string_lossy().as_bytes() == name.as_slice()),
        Err(_) => true,
    }
}

/// Whether `dir` holds the required CSV files (and the provenance file, written
/// only once the files are checked, when `needs_provenance`).
fn is_complete(dir: &Path, needs_provenance: bool) -> bool {
    REQUIRED.iter().all(|f| dir.join(f).is_file())
        && (!needs_provenance || dir.join(PROVENANCE_FILE).is_file())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::sorted_names as names;

    fn database(dir: &Path, with_provenance: bool, mark: &str) {
        std::fs::create_dir_all(dir).unwrap();
        for file in REQUIRED {
            std::fs::write(dir.join(file), mark).unwrap();
        }
        if with_provenance {
            std::fs::write(dir.join(PROVENANCE_FILE), mark).unwrap();
        }
    }

    #[test]
    fn exchange_swaps_two_folders() {
        let home = tempfile::tempdir().unwrap();
        let target = home.path().join("cards");
        database(&target, true, "old");
        let staging = Staging::new(home.path(), &target).unwrap();
        database(staging.new_dir(), true, "new");
        assert!(staging.switch(&target).unwrap());
        assert_eq!(
            std::fs::read_to_string(target.join(REQUIRED[0])).unwrap(),
            "new"
        );
        assert_eq!(
            std::fs::read_to_string(staging.new_dir().join(REQUIRED[0])).unwrap(),
            "old"
        );
        drop(staging);
        assert_eq!(names(home.path()), ["cards"]);
    }

    #[test]
    fn two_renames_switch_too() {
        let home = tempfile::tempdir().unwrap();
        let target = home.path().join("cards");
        database(&target, true, "old");
        let staging = Staging::new(home.path(), &target).unwrap();
        database(staging.new_dir(), true, "new");
        staging.switch_in_two_renames(&target).unwrap();
        assert_eq!(
            std::fs::read_to_string(target.join(REQUIRED[0])).unwrap(),
            "new"
        );
        assert!(staging.path().join(OLD).join(REQUIRED[0]).is_file());
    }

    #[test]
    fn crash_between_two_renames_is_finished_by_the_clean_up() {
        // What a crash between the two renames leaves: no target, old/ and new/ staged.
        let home = tempfile::tempdir().unwrap();
        let target = home.path().join("cards");
        let staging = home.path().join(".vtesdeck-install-abc");
        database(&staging.join(OLD), true, "old");
        database(&staging.join(NEW), true, "new");
        std::fs::write(staging.join(TARGET_RECORD), "cards").unwrap();
        let done = clean_up(home.path(), &target).unwrap();
        assert_eq!(
            done,
            CleanUp {
                removed: 1,
                restored: true
            }
        );
        assert_eq!(
            std::fs::read_to_string(target.join(REQUIRED[0])).unwrap(),
            "new"
        );
        assert_eq!(names(home.path()), ["cards"]);
    }

    #[test]
    fn unchecked_new_files_are_not_installed_the_previous_copy_is() {
        // An older version's leftover (no target record): new/ never checked.
        let home = tempfile::tempdir().unwrap();
        let target = home.path().join("cards");
        let staging = home.path().join(".vtesdeck-install-old1");
        database(&staging.join(OLD), true, "old");
        database(&staging.join(NEW), false, "new");
        let done = clean_up(home.path(), &target).unwrap();
        assert!(done.restored);
        assert_eq!(
            std::fs::read_to_string(target.join(REQUIRED[0])).unwrap(),
            "old"
        );
    }

    #[test]
    fn leftovers_of_another_target_are_removed_not_installed() {
        let home = tempfile::tempdir().unwrap();
        let target = home.path().join("cards");
        let staging = home.path().join(".vtesdeck-install-xyz");
        database(&staging.join(NEW), true, "other");
        std::fs::write(staging.join(TARGET_RECORD), "other-cards").unwrap();
        database(&target, true, "mine");
        std::fs::write(home.path().join("notes.txt"), "mine").unwrap();
        let done = clean_up(home.path(), &target).unwrap();
        assert_eq!(
            done,
            CleanUp {
                removed: 1,
                restored: false
            }
        );
        assert_eq!(
            std::fs::read_to_string(target.join(REQUIRED[0])).unwrap(),
            "mine"
        );
        assert_eq!(names(home.path()), ["cards", "notes.txt"]);
    }

    #[test]
    fn a_second_lock_waits_for_the_first() {
        let home = tempfile::tempdir().unwrap();
        let first = InstallLock::acquire(home.path(), &mut || panic!("no wait expected")).unwrap();
        let (waiting, waiting_seen) = std::sync::mpsc::channel();
        let (acquired, acquired_seen) = std::sync::mpsc::channel();
        let parent = home.path().to_path_buf();
        let second = std::thread::spawn(move || {
            let lock = InstallLock::acquire(&parent, &mut || waiting.send(()).unwrap()).unwrap();
            acquired.send(()).unwrap();
            drop(lock);
        });
        let patience = std::time::Duration::from_secs(30);
        waiting_seen
            .recv_timeout(patience)
            .expect("the second install waits");
        assert!(acquired_seen.try_recv().is_err(), "both held the lock");
        drop(first);
        acquired_seen
            .recv_timeout(patience)
            .expect("the second install goes on");
        second.join().unwrap();
    }
}
