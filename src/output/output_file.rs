//! Every file vtesdeck writes for the user (`convert -o`, `transfers --plot`,
//! any report) goes through [`OutputFile`]:
//!
//! - [`OutputFile::check`] runs before the work: the folder must exist and be
//!   writable; an existing path is refused unless `force`; even with `force`,
//!   only a regular file is replaced (never a folder, a symbolic link, a named
//!   pipe, a socket or a device such as `/dev/null`).
//! - [`OutputFile::write`] (or [`OutputFile::stage`] then [`OutputFile::commit`]
//!   for a library that writes to a path) writes a temporary file in the same
//!   folder and renames it over the target at the end: the file is never seen
//!   half-written, a failure leaves the previous one as it was, and without
//!   `force` a file that appeared meanwhile is not overwritten either.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Why an output file cannot be written. Messages name the user's path, never
/// the temporary file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OutputFileError {
    /// The path exists and `force` was not given.
    #[error("{}: already exists", path.display())]
    Exists {
        /// The output path.
        path: PathBuf,
    },
    /// The path is not a regular file: it is never replaced, even with `force`.
    #[error("{}: is {kind}, not a regular file; refusing to replace it", path.display())]
    NotRegular {
        /// The output path.
        path: PathBuf,
        /// What it is: `a folder`, `a symbolic link`, `a named pipe (FIFO)`, `a device`, ...
        kind: &'static str,
    },
    /// The folder of the path does not exist, or is not a folder.
    #[error("{}: no folder {} to write it in", path.display(), folder.display())]
    NoFolder {
        /// The output path.
        path: PathBuf,
        /// Its folder.
        folder: PathBuf,
    },
    /// A folder on the way to a file written inside a folder is a symbolic
    /// link, which would send the file outside it.
    #[error("{}: {} is a symbolic link; files are written only inside {}", path.display(), link.display(), folder.display())]
    LinkOnTheWay {
        /// The output path.
        path: PathBuf,
        /// The link.
        link: PathBuf,
        /// The folder the file is written inside.
        folder: PathBuf,
    },
    /// Writing failed (no permission, disk full, ...).
    #[error("{}: cannot write: {error}", path.display())]
    Write {
        /// The output path.
        path: PathBuf,
        /// The I/O error (already in the message, so not a `source`).
        error: std::io::Error,
    },
}

/// A file about to be written for the user, checked before the work starts.
#[derive(Debug, Clone)]
pub struct OutputFile {
    path: PathBuf,
    folder: PathBuf,
    force: bool,
}

/// The temporary file of an [`OutputFile`], beside it, with the same extension;
/// removed when dropped unless committed.
#[derive(Debug)]
pub struct StagedFile {
    temporary: tempfile::NamedTempFile,
}

impl StagedFile {
    /// Where to write (for a library that writes to a path itself).
    pub fn path(&self) -> &Path {
        self.temporary.path()
    }

    /// The open file, to write into.
    pub fn file(&mut self) -> &mut std::fs::File {
        self.temporary.as_file_mut()
    }
}

impl OutputFile {
    /// Checks that `path` can be written, before any long work: its folder
    /// exists and takes a new file; the path is absent, or (`force`) a regular file.
    pub fn check(path: &Path, force: bool) -> Result<OutputFile, OutputFileError> {
        let folder = match path.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
            _ => PathBuf::from("."),
        };
        if !folder.is_dir() {
            return Err(OutputFileError::NoFolder {
                path: path.to_path_buf(),
                folder,
            });
        }
        let output = OutputFile {
            path: path.to_path_buf(),
            folder,
            force,
        };
        output.check_existing()?;
        // Proves that the folder takes a new file; removed at once.
        drop(output.stage()?);
        Ok(output)
    }

    /// [`OutputFile::check`] for a file at `relative` inside `folder` (a
    /// report's page): the folders on the way are made one at a time, and
    /// none of them may be a symbolic link (one would send the file outside
    /// `folder`); `relative` holds plain names only.
    pub fn check_inside(
        folder: &Path,
        relative: &Path,
        force: bool,
    ) -> Result<OutputFile, OutputFileError> {
        let path = folder.join(relative);
        let write_error = |error| OutputFileError::Write {
            path: path.clone(),
            error,
        };
        let mut names: Vec<&std::ffi::OsStr> = Vec::new();
        for component in relative.components() {
            match component {
                std::path::Component::Normal(name) => names.push(name),
                _ => {
                    return Err(write_error(std::io::Error::new(
                        std::io::ErrorKind::InvalidInput,
                        "not a path of plain names inside the output folder",
                    )))
                }
            }
        }
        let mut at = folder.to_path_buf();
        for name in names.iter().take(names.len().saturating_sub(1)) {
            at.push(name);
            match std::fs::symlink_metadata(&at) {
                Ok(metadata) if metadata.file_type().is_symlink() => {
                    return Err(OutputFileError::LinkOnTheWay {
                        path,
                        link: at,
                        folder: folder.to_path_buf(),
                    })
                }
                Ok(metadata) if metadata.is_dir() => {}
                Ok(_) => {
                    return Err(OutputFileError::NoFolder {
                        path: path.clone(),
                        folder: at,
                    })
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    std::fs::create_dir(&at).map_err(write_error)?;
                }
                Err(e) => return Err(write_error(e)),
            }
        }
        OutputFile::check(&path, force)
    }

    /// The path given by the user.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `bytes` to the file, through a temporary file renamed over it.
    pub fn write(&self, bytes: &[u8]) -> Result<(), OutputFileError> {
        let mut staged = self.stage()?;
        staged.file().write_all(bytes).map_err(|e| self.error(e))?;
        self.commit(staged)
    }

    /// A temporary file beside the target, with its extension, to fill before
    /// [`OutputFile::commit`].
    pub fn stage(&self) -> Result<StagedFile, OutputFileError> {
        let name = self
            .path
            .file_name()
            .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
        let suffix = self
            .path
            .extension()
            .map_or_else(String::new, |e| format!(".{}", e.to_string_lossy()));
        let prefix = format!(".{name}.");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(&suffix);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            // As a new file gets it (the umask applies), not tempfile's 0600.
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        let temporary = builder
            .tempfile_in(&self.folder)
            .map_err(|e| self.error(e))?;
        Ok(StagedFile { temporary })
    }

    /// Puts the filled temporary file in place of the target. An existing
    /// target keeps its permissions; without `force`, a file created since
    /// [`OutputFile::check`] is not overwritten.
    pub fn commit(&self, staged: StagedFile) -> Result<(), OutputFileError> {
        staged
            .temporary
            .as_file()
            .sync_all()
            .map_err(|e| self.error(e))?;
        let persisted = if self.force {
            self.check_existing()?;
            #[cfg(unix)]
            if let Ok(existing) = std::fs::metadata(&self.path) {
                std::fs::set_permissions(staged.path(), existing.permissions())
                    .map_err(|e| self.error(e))?;
            }
            staged.temporary.persist(&self.path)
        } else {
            staged.temporary.persist_noclobber(&self.path)
        };
        persisted.map(drop).map_err(|e| {
            if e.error.kind() == std::io::ErrorKind::AlreadyExists {
                OutputFileError::Exists {
                    path: self.path.clone(),
                }
            } else {
                self.error(e.error)
            }
        })
    }

    /// Refuses an existing path without `force`, and anything but a regular file with it.
    fn check_existing(&self) -> Result<(), OutputFileError> {
        let metadata = match std::fs::symlink_metadata(&self.path) {
            Ok(metadata) => metadata,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(self.error(e)),
        };
        if !self.force {
            return Err(OutputFileError::Exists {
                path: self.path.clone(),
            });
        }
        match kind_of(&metadata.file_type()) {
            None => Ok(()),
            Some(kind) => Err(OutputFileError::NotRegular {
                path: self.path.clone(),
                kind,
            }),
        }
    }

    fn error(&self, error: std::io::Error) -> OutputFileError {
        OutputFileError::Write {
            path: self.path.clone(),
            error: without_temporary_path(error),
        }
    }
}

/// An I/O error without the path of the temporary file that `tempfile`
/// adds to its errors (`File name too long (os error 36) at path
/// "/dir/.deck.txt.AbC123.txt"`): messages name the user's path only.
fn without_temporary_path(error: std::io::Error) -> std::io::Error {
    // An error of the system itself carries no path.
    if error.get_ref().is_none() {
        return error;
    }
    let message = error.to_string();
    match message.rfind(" at path ") {
        Some(at) => std::io::Error::new(error.kind(), &message[..at]),
        None => error,
    }
}

/// What a file that is not a regular file is, in words; `None` for a regular file.
fn kind_of(file_type: &std::fs::FileType) -> Option<&'static str> {
    if file_type.is_file() {
        return None;
    }
    if file_type.is_dir() {
        return Some("a folder");
    }
    if file_type.is_symlink() {
        return Some("a symbolic link");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return Some("a named pipe (FIFO)");
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return Some("a device");
        }
        if file_type.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::sorted_names as names;

    #[test]
    fn a_new_file_is_written_and_no_temporary_file_stays() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("deck.txt");
        OutputFile::check(&path, false)
            .unwrap()
            .write(b"2x A")
            .unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"2x A");
        assert_eq!(names(dir.path()), ["deck.txt"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_gets_the_usual_permissions_a_replaced_one_keeps_its_own() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        OutputFile::check(&path, false)
            .unwrap()
            .write(b"x")
            .unwrap();
        let plain = dir.path().join("plain.txt");
        std::fs::File::create(&plain).unwrap();
        let mode_of = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(
            mode_of(&path),
            mode_of(&plain),
            "not the mode of a new file"
        );
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        OutputFile::check(&path, true).unwrap().write(b"y").unwrap();
        assert_eq!(mode_of(&path), 0o640);
    }

    #[test]
    fn an_existing_file_is_kept_without_force_and_replaced_with_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("deck.txt");
        std::fs::write(&path, "mine").unwrap();
        let err = OutputFile::check(&path, false).unwrap_err();
        assert!(matches!(err, OutputFileError::Exists { .. }), "{err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "mine");
        OutputFile::check(&path, true)
            .unwrap()
            .write(b"new")
            .unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
    }

    #[test]
    fn a_file_created_after_the_check_is_not_overwritten_without_force() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("deck.txt");
        let output = OutputFile::check(&path, false).unwrap();
        std::fs::write(&path, "arrived meanwhile").unwrap();
        let err = output.write(b"new").unwrap_err();
        assert!(matches!(err, OutputFileError::Exists { .. }), "{err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "arrived meanwhile");
        assert_eq!(names(dir.path()), ["deck.txt"]);
    }

    #[cfg(unix)]
    #[test]
    fn force_never_replaces_a_symbolic_link_and_a_dangling_one_exists() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.txt");
        std::fs::write(&real, "kept").unwrap();
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let err = OutputFile::check(&link, true).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "{}: is a symbolic link, not a regular file; refusing to replace it",
                link.display()
            )
        );
        assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "kept");
        let dangling = dir.path().join("dangling.txt");
        std::os::unix::fs::symlink(dir.path().join("gone"), &dangling).unwrap();
        let err = OutputFile::check(&dangling, false).unwrap_err();
        assert!(matches!(err, OutputFileError::Exists { .. }), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn force_never_replaces_a_device_a_pipe_or_a_folder() {
        let err = OutputFile::check(Path::new("/dev/null"), true).unwrap_err();
        assert!(err.to_string().contains("is a device"), "{err}");
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.unwrap().success(), "mkfifo");
        let err = OutputFile::check(&fifo, true).unwrap_err();
        assert!(err.to_string().contains("is a named pipe (FIFO)"), "{err}");
        let err = OutputFile::check(dir.path(), true).unwrap_err();
        assert!(err.to_string().contains("is a folder"), "{err}");
    }

    #[test]
    fn a_missing_folder_is_found_by_the_check() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no/such/deck.txt");
        let err = OutputFile::check(&path, true).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "{}: no folder {} to write it in",
                path.display(),
                dir.path().join("no/such").display()
            )
        );
    }

    /// A folder on the way that is a symbolic link is refused before
    /// anything is made through it; plain folders are made.
    #[cfg(unix)]
    #[test]
    fn a_file_inside_a_folder_never_goes_through_a_link() {
        let out = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(elsewhere.path(), out.path().join("decks")).unwrap();
        let err =
            OutputFile::check_inside(out.path(), Path::new("decks/sub/a.html"), false).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "{}: {} is a symbolic link; files are written only inside {}",
                out.path().join("decks/sub/a.html").display(),
                out.path().join("decks").display(),
                out.path().display()
            )
        );
        assert!(names(elsewhere.path()).is_empty());
        let file = OutputFile::check_inside(out.path(), Path::new("pages/sub/a.html"), false);
        file.unwrap().write(b"page").unwrap();
        assert_eq!(
            std::fs::read(out.path().join("pages/sub/a.html")).unwrap(),
            b"page"
        );
        assert!(OutputFile::check_inside(out.path(), Path::new("../a.html"), false).is_err());
    }

    /// A name so long that the temporary file's (a dot, the name, six more
    /// characters and the extension) is over the system's limit: the error
    /// names the path given, never the temporary file.
    #[cfg(unix)]
    #[test]
    fn an_error_of_the_temporary_file_names_the_path_given() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(format!("{}.txt", "d".repeat(240)));
        let err = OutputFile::check(&path, false).unwrap_err();
        let message = err.to_string();
        assert!(
            message.starts_with(&format!("{}: cannot write: ", path.display())),
            "{message}"
        );
        assert!(!message.contains(" at path "), "{message}");
        assert_eq!(message.matches(&"d".repeat(240)).count(), 1, "{message}");
        assert!(names(dir.path()).is_empty());
    }

    #[test]
    fn a_staged_file_keeps_the_extension_and_goes_away_if_not_committed() {
        let dir = tempfile::tempdir().unwrap();
        let output = OutputFile::check(&dir.path().join("chart.png"), false).unwrap();
        let staged = output.stage().unwrap();
        assert!(staged.path().to_string_lossy().ends_with(".png"));
        assert_eq!(staged.path().parent(), Some(dir.path()));
        drop(staged);
        assert!(names(dir.path()).is_empty());
    }
}
