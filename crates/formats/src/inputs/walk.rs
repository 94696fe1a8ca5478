//! The files that paths name: files as given, folders walked in name order
//! (hidden entries left out, files that are not decklists skipped and
//! listed), `-` for standard input, VDB deck URLs, `--glob`/`--exclude`
//! style selections; every problem in place, naming its path.

use std::io::Read;
use std::path::{Path, PathBuf};

use super::problem::{is_standard_stream, vdb_url, InputError, InputProblem};

/// Which files of the paths walked are read: every file (the default), or
/// those matching one of `globs` and none of `excludes`.
#[derive(Debug, Default, Clone)]
pub struct FileSelection {
    /// Only the files matching one of these (a pattern without `/` matches the
    /// file name or a folder on its way, one with `/` the path inside the
    /// folder given, or the path as given for a file); none: every file.
    pub globs: Vec<Pattern>,
    /// Leave out the files, and the folders, matching one of these.
    pub excludes: Vec<Pattern>,
    /// Follow the symbolic links of a folder that lead out of it (the
    /// command line's `--follow`). By default such a link is not followed:
    /// it is skipped and listed ([`Walk::skipped`]), so that checking a
    /// folder of someone else's decks never reads (and never quotes) a file
    /// of the machine a link points to. Links that stay inside the folder
    /// are followed either way, and a path named as an argument is read
    /// whatever it is.
    pub follow_links: bool,
}

impl FileSelection {
    /// Whether no pattern is given: every file is read, and no path need be
    /// made relative to be matched.
    fn is_everything(&self) -> bool {
        self.globs.is_empty() && self.excludes.is_empty()
    }

    /// Whether a file (its path relative to the folder walked, `/`-separated) is read.
    fn selects(&self, relative: &str) -> bool {
        (self.globs.is_empty() || self.globs.iter().any(|glob| glob.matches_file(relative)))
            && !self
                .excludes
                .iter()
                .any(|exclude| exclude.matches_file(relative))
    }

    /// Whether a folder inside a walk (relative path) is left out whole.
    fn excludes_folder(&self, relative: &str) -> bool {
        self.excludes
            .iter()
            .any(|exclude| exclude.matches_path(relative))
    }
}

/// A shell-style file pattern: `*` (any characters but `/`), `**` (any
/// folders), `?` (one character), `[abc]` (one of a set).
#[derive(Debug, Clone)]
pub struct Pattern {
    text: String,
    regex: regex::Regex,
    /// No `/` in the pattern: it matches the last component of a path.
    name_only: bool,
}

impl Pattern {
    /// Parses a pattern: an unclosed `[` is an error.
    pub fn parse(text: &str) -> Result<Pattern, PatternError> {
        let trimmed = text.trim_start_matches("./");
        let mut regex = String::from("^");
        let mut chars = trimmed.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '*' if chars.peek() == Some(&'*') => {
                    chars.next();
                    if chars.peek() == Some(&'/') {
                        chars.next();
                        regex.push_str("(?:.*/)?");
                    } else {
                        regex.push_str(".*");
                    }
                }
                '*' => regex.push_str("[^/]*"),
                '?' => regex.push_str("[^/]"),
                '[' => {
                    let mut class = String::new();
                    let mut closed = false;
                    for c in chars.by_ref() {
                        if c == ']' {
                            closed = true;
                            break;
                        }
                        if c == '\\' || (c == '^' && class.is_empty()) {
                            class.push('\\');
                        }
                        class.push(if c == '!' && class.is_empty() { '^' } else { c });
                    }
                    if !closed || class.is_empty() {
                        return Err(PatternError(format!("{text:?}: `[` without its `]`")));
                    }
                    regex.push('[');
                    regex.push_str(&class);
                    regex.push(']');
                }
                _ => regex.push_str(&regex::escape(&c.to_string())),
            }
        }
        regex.push('$');
        Ok(Pattern {
            text: text.to_string(),
            regex: regex::Regex::new(&regex)
                .map_err(|err| PatternError(format!("{text:?}: {err}")))?,
            name_only: !trimmed.trim_end_matches('/').contains('/'),
        })
    }

    /// Whether a file's relative path matches: the whole path, or (for a pattern
    /// without `/`) its name or any folder on its way.
    fn matches_file(&self, relative: &str) -> bool {
        if self.name_only {
            relative
                .split('/')
                .any(|component| self.regex.is_match(component))
        } else {
            self.regex.is_match(relative)
        }
    }

    /// Whether a folder's relative path matches.
    fn matches_path(&self, relative: &str) -> bool {
        let name = relative.rsplit('/').next().unwrap_or(relative);
        self.regex
            .is_match(if self.name_only { name } else { relative })
    }
}

/// A file pattern that cannot be read (its text, and why).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct PatternError(String);

impl std::fmt::Display for Pattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// Why a symbolic link of a folder that leads out of it is not followed.
const LINK_OUT_OF_FOLDER: &str =
    "a symbolic link to outside the folder, not followed (--follow follows it)";

/// A file found in a folder and not read, with why.
#[derive(Debug, Clone)]
pub struct Skipped {
    /// The file.
    pub path: PathBuf,
    /// Why it is not a decklist.
    pub reason: &'static str,
}

impl Skipped {
    /// Whether it is a symbolic link to outside the folder, not followed
    /// (not a file found not to be a decklist: a summary counts it apart).
    pub fn is_link_not_followed(&self) -> bool {
        self.reason == LINK_OUT_OF_FOLDER
    }
}

/// The files to read, and the files of the folders walked that are not decklists.
#[derive(Debug, Default)]
pub struct Walk {
    /// Files to read, and problems in place (walk errors, empty folders, patterns
    /// that matched nothing, `-` given twice).
    pub files: Vec<Result<PathBuf, InputProblem>>,
    /// Files found in folders that do not look like decklists (a README, an image).
    pub skipped: Vec<Skipped>,
    /// The bytes of the first `files`, in their order, read ahead
    /// ([`super::walk_while`]; `None` for a problem).
    pub(super) contents: Vec<Option<Result<Vec<u8>, InputError>>>,
    /// The folders walked that hold files to read, in order: the folder,
    /// the places of its files in `files` (a file found by walking a folder,
    /// not named as a path, that turns out to hold no card line is skipped
    /// as not a decklist when it is read: [`super::Decks::skipped`]), how
    /// many of them are files to read, and how many files the walk skipped.
    pub(super) folders: Vec<(PathBuf, std::ops::Range<usize>, usize, usize)>,
}

/// The files named by the arguments, directories walked in name order. In a
/// folder, hidden files and folders are left out, and so are the files that do
/// not look like decklists (`formats::sniff`: a decklist extension, or a
/// content that reads as one); those are listed in [`Walk::skipped`].
/// A file named as a path is always read, and so is a VDB deck URL
/// (`vdb_url`). A symbolic link of a folder whose target lies outside the
/// folder is not followed unless [`FileSelection::follow_links`]: it is
/// skipped and listed. The selection applies to every file. Walk errors
/// (symlink loops, unreadable folders), folders without any decklist,
/// patterns that matched nothing and a second `-` come back as problems in
/// place.
pub fn walk(paths: &[PathBuf], selection: &FileSelection) -> Walk {
    use rayon::prelude::*;
    let mut expansion = Walk::default();
    let out = &mut expansion.files;
    let mut stdin_taken = false;
    // One look at each path (following links, as `is_dir` does): most
    // arguments are files, named by a shell pattern in thousands, and
    // looked at in parallel.
    let metadata: Vec<_> = paths
        .par_iter()
        .with_min_len(64)
        .map(|path| (!is_standard_stream(path)).then(|| std::fs::metadata(path)))
        .collect();
    for (path, metadata) in paths.iter().zip(metadata) {
        if vdb_url(path).is_some() {
            out.push(Ok(path.clone()));
            continue;
        }
        let Some(metadata) = metadata else {
            out.push(if std::mem::replace(&mut stdin_taken, true) {
                Err(InputProblem {
                    path: path.clone(),
                    error: InputError::StandardInputTwice,
                })
            } else {
                Ok(path.clone())
            });
            continue;
        };
        if !metadata.as_ref().is_ok_and(std::fs::Metadata::is_dir) {
            if metadata.is_err() && is_unmatched_pattern(path) {
                out.push(Err(InputProblem {
                    path: path.clone(),
                    error: InputError::UnmatchedPattern { path: path.clone() },
                }));
            } else if selection.is_everything() || selection.selects(&slash_path(path)) {
                out.push(Ok(path.clone()));
            }
            continue;
        }
        let found_before = out.len();
        let skipped_before = expansion.skipped.len();
        // Where the folder really is, to tell the links that stay in it; not
        // found (it was just there): every link leads out.
        let inside = (!selection.follow_links).then(|| std::fs::canonicalize(path).ok());
        let mut links_out = Vec::new();
        // Unsorted here (walkdir's sort parses both paths at each comparison,
        // the most of a walk's work): sorted once below, in the same order.
        let walker = walkdir::WalkDir::new(path)
            .follow_links(true)
            .into_iter()
            .filter_entry(|entry| {
                let hidden = entry.depth() > 0
                    && entry.file_name().as_encoded_bytes().first() == Some(&b'.');
                let excluded = entry.depth() > 0
                    && entry.file_type().is_dir()
                    && selection.excludes_folder(&relative(path, entry.path()));
                if hidden || excluded {
                    return false;
                }
                let leads_out = entry.depth() > 0
                    && entry.path_is_symlink()
                    && inside
                        .as_ref()
                        .is_some_and(|root| leads_out_of(root.as_deref(), entry.path()));
                if leads_out {
                    links_out.push(entry.path().to_path_buf());
                }
                !leads_out
            });
        for entry in walker {
            match entry {
                Ok(entry) if entry.file_type().is_file() => {
                    if !selection.is_everything()
                        && !selection.selects(&relative(path, entry.path()))
                    {
                        continue;
                    }
                    match looks_like_decklist(entry.path()) {
                        Ok(()) => out.push(Ok(entry.into_path())),
                        Err(reason) => expansion.skipped.push(Skipped {
                            path: entry.into_path(),
                            reason,
                        }),
                    }
                }
                Ok(_) => {}
                Err(err) => {
                    let at = err
                        .path()
                        .map_or_else(|| path.display().to_string(), |p| p.display().to_string());
                    let dangling = err.path().is_some_and(|p| {
                        p.symlink_metadata().is_ok_and(|m| m.is_symlink()) && !p.exists()
                    });
                    let message = if err.loop_ancestor().is_some() {
                        "symbolic link loop, skipped".to_string()
                    } else if dangling {
                        "symbolic link to a file that is gone, skipped".to_string()
                    } else if let Some(io) = err.io_error() {
                        io.to_string()
                    } else {
                        err.to_string()
                    };
                    out.push(Err(InputProblem {
                        path: err.path().unwrap_or(path).to_path_buf(),
                        error: InputError::Walk { at, message },
                    }));
                }
            }
        }
        expansion
            .skipped
            .extend(links_out.into_iter().map(|path| Skipped {
                path,
                reason: LINK_OUT_OF_FOLDER,
            }));
        out[found_before..].sort_by_cached_key(|found| {
            walk_order(match found {
                Ok(file) => file,
                Err(problem) => &problem.path,
            })
        });
        expansion.skipped[skipped_before..].sort_by_cached_key(|file| walk_order(&file.path));
        let skipped = expansion.skipped.len() - skipped_before;
        let found = out[found_before..]
            .iter()
            .filter(|file| file.is_ok())
            .count();
        if found > 0 {
            let files = found_before..out.len();
            expansion
                .folders
                .push((path.clone(), files, found, skipped));
        }
        if out.len() == found_before {
            out.push(Err(InputProblem {
                path: path.clone(),
                error: InputError::NoDecklist {
                    path: path.clone(),
                    skipped,
                },
            }));
        }
    }
    expansion
}

/// The key that sorts the paths of a walk as walking each folder in name order
/// would: the path's bytes with each separator made the lowest byte, so that a
/// folder's entries come right after the folder's name, before its siblings.
fn walk_order(path: &Path) -> Vec<u8> {
    path.as_os_str()
        .as_encoded_bytes()
        .iter()
        .map(|&b| {
            if std::path::is_separator(char::from(b)) {
                0
            } else {
                b
            }
        })
        .collect()
}

/// Whether a symbolic link found in a folder leads out of it: its target,
/// links resolved all the way, is not inside the folder (`root`, resolved
/// the same way; `None` when it could not be: every link leads out). A link
/// whose target cannot be resolved leads nowhere and is not followed either.
fn leads_out_of(root: Option<&Path>, link: &Path) -> bool {
    match (root, std::fs::canonicalize(link)) {
        (Some(root), Ok(target)) => !target.starts_with(root),
        _ => true,
    }
}

/// A path with `/` separators and no leading `./`, for pattern matching.
fn slash_path(path: &Path) -> String {
    let text = path.to_string_lossy().replace('\\', "/");
    text.trim_start_matches("./").to_string()
}

/// The path of a walked entry inside the folder given, `/`-separated.
fn relative(root: &Path, path: &Path) -> String {
    slash_path(path.strip_prefix(root).unwrap_or(path))
}

/// Whether a file found in a folder is read as a decklist: by its name, else by
/// its first bytes (and a `.json` file by both: a JSON document of no deck
/// layout with no card entry, a repository's settings, is not); `Err` says
/// why not. A file that cannot be opened is read
/// (so that its error is reported where decks are).
fn looks_like_decklist(path: &Path) -> Result<(), &'static str> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    let json = name.to_ascii_lowercase().ends_with(".json");
    match crate::sniff::by_name(&name) {
        Some(true) if !json => return Ok(()),
        Some(false) => return Err(crate::sniff::NotDecklist::Document.reason()),
        _ => {}
    }
    let Ok(file) = std::fs::File::open(path) else {
        return Ok(());
    };
    let mut head = Vec::new();
    if file
        .take(crate::sniff::SNIFF_BYTES as u64)
        .read_to_end(&mut head)
        .is_err()
    {
        return Ok(());
    }
    if json {
        // A `.json` file is read whatever it holds, but for a repository's
        // settings (a `package.json`, a `renovate.json`).
        return crate::sniff::json_by_content(&head).map_err(crate::sniff::NotDecklist::reason);
    }
    crate::sniff::by_content(&head).map_err(crate::sniff::NotDecklist::reason)
}

/// Whether `path` is absent and holds a wildcard: a shell pattern that matched
/// no file is passed on unchanged.
fn is_unmatched_pattern(path: &Path) -> bool {
    path.symlink_metadata().is_err() && path.to_string_lossy().contains(['*', '?', '['])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The walk's order is walkdir's own sorted walk (each folder's entries
    /// in name order), which it replaced for speed.
    #[test]
    fn walk_order_is_a_walk_of_each_folder_in_name_order() {
        let root = tempfile::tempdir().unwrap();
        let files = [
            "b.txt",
            "a.txt",
            "a/z.txt",
            "a/c/x.txt",
            "a/c.txt",
            "a b.txt",
            "A.txt",
            "a.d/y.txt",
            "a-/w.txt",
            "é.txt",
        ];
        for file in files {
            let path = root.path().join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, "12x Nathan Turner\n").unwrap();
        }
        let reference: Vec<PathBuf> = walkdir::WalkDir::new(root.path())
            .sort_by_file_name()
            .into_iter()
            .map(|entry| entry.unwrap())
            .filter(|entry| entry.file_type().is_file())
            .map(walkdir::DirEntry::into_path)
            .collect();
        let walked: Vec<PathBuf> = walk(&[root.path().to_path_buf()], &FileSelection::default())
            .files
            .into_iter()
            .map(|found| found.unwrap())
            .collect();
        assert_eq!(walked.len(), files.len());
        assert_eq!(walked, reference);
    }

    /// In a folder, a repository's JSON settings are skipped and listed; a
    /// JSON deck beside them is read; named as a path, the settings file is read.
    #[test]
    fn json_settings_in_a_folder_are_skipped_and_listed() {
        let root = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &str| std::fs::write(root.path().join(name), text).unwrap();
        write(
            "package.json",
            r#"{"name": "decks", "private": true, "scripts": {}}"#,
        );
        write("renovate.json", r#"{"extends": ["config:recommended"]}"#);
        write("deck.json", r#"{"cards": [{"name": "Alma", "count": 12}]}"#);
        let walked = walk(&[root.path().to_path_buf()], &FileSelection::default());
        let files: Vec<PathBuf> = walked.files.into_iter().map(|f| f.unwrap()).collect();
        assert_eq!(files, [root.path().join("deck.json")]);
        let skipped: Vec<(PathBuf, &str)> = walked
            .skipped
            .iter()
            .map(|s| (s.path.clone(), s.reason))
            .collect();
        let reason = crate::sniff::NotDecklist::NoCardEntry.reason();
        assert_eq!(
            skipped,
            [
                (root.path().join("package.json"), reason),
                (root.path().join("renovate.json"), reason)
            ]
        );
        let named = walk(
            &[root.path().join("package.json")],
            &FileSelection::default(),
        );
        assert_eq!(named.files.len(), 1);
        assert!(named.skipped.is_empty());
    }
}
