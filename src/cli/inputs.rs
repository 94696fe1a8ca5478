//! Turning `PATH...` arguments into decks: files, directories (recursively,
//! symlink loops reported), `-` for standard input. A bad input is reported
//! and the others still read. No input is no pass: a folder holding no
//! decklist, or a pattern that matched nothing, is an error naming it.

use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::Context;
use vtesdeck::cards::CardDb;
use vtesdeck::deck::Deck;
use vtesdeck::formats::MAX_FILE_BYTES;
use vtesdeck::formats::{self, Format};

/// One input: a deck, or the error that kept it from being read.
pub type Input = Result<Deck, anyhow::Error>;

/// An argument, or a file or folder under it, that yields no deck: where, and why.
#[derive(Debug)]
pub struct InputProblem {
    /// The file or folder.
    pub path: PathBuf,
    /// What is wrong, naming the path.
    pub error: anyhow::Error,
}

/// The files named by the arguments, directories walked in name order.
/// Walk errors (symlink loops, unreadable folders), folders without any
/// decklist and patterns that matched nothing come back as problems in place.
pub fn expand(paths: &[PathBuf]) -> Vec<Result<PathBuf, InputProblem>> {
    let mut out = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" || !path.is_dir() {
            out.push(if is_unmatched_pattern(path) {
                Err(InputProblem {
                    path: path.clone(),
                    error: anyhow::anyhow!(
                        "{}: no such file; a pattern that matched nothing is no input",
                        path.display()
                    ),
                })
            } else {
                Ok(path.clone())
            });
            continue;
        }
        let found_before = out.len();
        let walker = walkdir::WalkDir::new(path)
            .follow_links(true)
            .sort_by_file_name();
        for entry in walker {
            match entry {
                Ok(entry) if entry.file_type().is_file() => {
                    let name = entry.file_name().to_string_lossy();
                    if !name.starts_with('.') {
                        out.push(Ok(entry.into_path()));
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
                        error: anyhow::anyhow!("{at}: {message}"),
                    }));
                }
            }
        }
        if out.len() == found_before {
            out.push(Err(InputProblem {
                path: path.clone(),
                error: anyhow::anyhow!(
                    "{}: no decklist in this folder (nothing to read; hidden files are skipped)",
                    path.display()
                ),
            }));
        }
    }
    out
}

/// Whether `path` is absent and holds a wildcard: a shell pattern that matched
/// no file is passed on unchanged.
fn is_unmatched_pattern(path: &Path) -> bool {
    path.symlink_metadata().is_err() && path.to_string_lossy().contains(['*', '?', '['])
}

/// Reads one input path (`-` = standard input) into a deck.
pub fn load(path: &Path, format: Option<Format>, db: &CardDb) -> Input {
    if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .context("-: cannot read standard input")?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            anyhow::bail!("-: input too large (a decklist is at most {MAX_FILE_BYTES} bytes)");
        }
        if formats::screen::looks_binary(&bytes) {
            let line = formats::screen::first_control_line(&bytes);
            anyhow::bail!("-:{line}: binary data, not a decklist text");
        }
        return Ok(Deck::from_text(&formats::decode(&bytes), format, db));
    }
    Ok(Deck::load(path, format, db)?)
}

/// Reads one decklist argument: a file, `-` for standard input, or the text of a
/// VDB deck URL given in place of a file name (when no such file exists).
pub fn load_argument(input: &Path, format: Option<Format>, db: &CardDb) -> Input {
    if let Some(url) = input
        .to_str()
        .filter(|s| !input.exists() && formats::vdb_url::looks_like(s))
    {
        return Ok(Deck::from_text(url, format, db));
    }
    load(input, format, db)
}

/// The warning for a deck with no card line at all (an empty file, only blank
/// lines or prose): `path:1: no card lines ...`; `None` for any other deck.
pub fn empty_deck_warning(deck: &Deck) -> Option<String> {
    (deck.crypt.is_empty() && deck.library.is_empty() && deck.unresolved.is_empty()).then(|| {
        format!(
            "{}:1: warning: no card lines (an empty file, or no line reads as a card)",
            deck.path_label()
        )
    })
}

/// Expands the arguments and reads every deck, in parallel, in input order.
pub fn load_all(paths: &[PathBuf], format: Option<Format>, db: &CardDb) -> Vec<Input> {
    use rayon::prelude::*;
    expand(paths)
        .into_par_iter()
        .map(|path| {
            path.map_err(|problem| problem.error)
                .and_then(|p| load(&p, format, db))
        })
        .collect()
}
