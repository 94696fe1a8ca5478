//! Turning `PATH...` arguments into decks: files, directories (recursively,
//! symlink loops reported), `-` for standard input, VDB deck URLs. Every
//! command that reads decks reads its arguments here. A bad input is reported
//! and the others still read. No input is no pass: a folder holding no
//! decklist, or a pattern that matched nothing, is an error naming it.

use std::collections::VecDeque;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use anyhow::Context;
use vtesdeck::cards::CardDb;
use vtesdeck::deck::Deck;
use vtesdeck::formats::{self, Format};
use vtesdeck::formats::{DeckRecords, RowMemo, MAX_FILE_BYTES};
use vtesdeck::output::json_lines::{write_record, ErrorRecord};

/// `--input-format`, on the commands that read decks (not on `db` or `card`).
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct DeckFormat {
    /// Read decklists in this format instead of detecting it.
    #[arg(long = "input-format", value_name = "FORMAT", value_parser = super::input_format_parser())]
    pub input_format: Option<Format>,
}

/// Whether a path argument is `-`: standard input where a command reads,
/// standard output where it writes (`convert -o -`).
pub fn is_standard_stream(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The deck arguments of the commands that read many decks (`parse`, `check`,
/// `stats`): paths, `--glob`/`--exclude`, `--input-format`.
#[derive(Debug, clap::Args)]
pub struct DeckPaths {
    /// Decklist files, directories (read recursively: decklist files only, the
    /// others listed as skipped), VDB deck URLs
    /// (`https://vdb.im/decks/deck?...#200001=2;...`), or `-` for standard input
    /// (the default when it is not a terminal).
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,

    #[command(flatten)]
    selection: FileSelection,

    #[command(flatten)]
    deck_format: DeckFormat,
}

impl DeckPaths {
    /// The files the arguments name (see [`walk`]), walked while `load` (the
    /// card database's loading) runs on another thread; then the first
    /// files' bytes are read ([`read_input_bytes`]) until the load is done.
    /// The decks are read the sooner, and few texts wait: as many as one
    /// thread reads in the rest of the load.
    pub fn walk_while<R: Send>(
        &self,
        load: impl FnOnce() -> R + Send,
    ) -> (R, anyhow::Result<Expansion>) {
        let loaded = AtomicBool::new(false);
        rayon::join(
            || {
                let result = load();
                loaded.store(true, Ordering::Release);
                result
            },
            || {
                let mut expansion = walk(&paths_or_stdin(&self.paths)?, &self.selection);
                for file in &expansion.files {
                    if loaded.load(Ordering::Acquire) {
                        break;
                    }
                    let bytes = file.as_ref().ok().map(|path| read_input_bytes(path));
                    expansion.contents.push(bytes);
                }
                Ok(expansion)
            },
        )
    }

    /// Reads the decks of the files walked (see [`read_walked`]).
    pub fn read_walked<'a, T: Send, F: Fn(Input) -> T + Sync>(
        &self,
        expansion: Expansion,
        db: &'a CardDb,
        per_deck: F,
    ) -> (Judged<'a, T, F>, Expansion) {
        read_walked(expansion, self.deck_format.input_format, db, per_deck)
    }
}

/// What `-q`/`--quiet` means on every command (its help's first line): print
/// only results and problems.
pub const QUIET_HELP: &str = "Only results and problems: no line for what is fine (a legal \
     deck), no progress bar, no note on standard error (files skipped)";

/// One input: a deck, or the error that kept it from being read.
pub type Input = Result<Deck, anyhow::Error>;

/// Files read at once, in parallel, before their decks are handed out in
/// input order: enough to keep the cores busy, few enough that the decks
/// waiting to be handed out stay few.
const FILES_AT_ONCE: usize = 64;

/// Records of a file of many decks (a JSON array, JSON Lines) read and
/// resolved at once, in parallel, before they are handed out: the memory of a
/// file of 100,000 decks is its text and this many decks, not every deck.
const RECORDS_AT_ONCE: usize = 1024;

/// The decks of the inputs, as they are ([`read_all`]).
pub type Inputs<'a> = Judged<'a, Input, fn(Input) -> Input>;

/// A file walked, and its bytes when they were read ahead ([`DeckPaths::walk_while`]).
type WalkedFile = (
    Result<PathBuf, InputProblem>,
    Option<anyhow::Result<Vec<u8>>>,
);

/// What was made of each deck read ([`read_walked`]), with its label (the
/// path, `path#N` for a record), in input order: an iterator that reads the
/// files a few at a time, and the records of a file of many decks a slice at
/// a time, as it is asked for more, so that what a command writes for each
/// deck is written before the next decks are read.
pub struct Judged<'a, T, F> {
    files: std::vec::IntoIter<WalkedFile>,
    /// Files read, in order, not yet handed out.
    read: VecDeque<ReadFile<'a, T>>,
    /// Decks made, in order, not yet handed out.
    ready: VecDeque<(String, T)>,
    reader: Reader<'a, F>,
}

/// How [`Judged`] reads a file and makes something of each deck (shared by
/// the threads that read).
struct Reader<'a, F> {
    format: Option<Format>,
    db: &'a CardDb,
    per_deck: F,
    /// What the threads that read keep from one file to the next (the crypt
    /// rows read, [`RowMemo`]): one for each thread at work, taken for a
    /// file and given back after it.
    memos: Mutex<Vec<RowMemo>>,
}

/// A file read: what was made of its one deck (or of its error), or its
/// records, to be read a slice at a time.
enum ReadFile<'a, T> {
    Made(Vec<(String, T)>),
    Records {
        records: DeckRecords<'a>,
        next: usize,
    },
}

impl<'a, F> Reader<'a, F> {
    /// Reads one file: a deck made now, or its records kept for later.
    fn read_file<T: Send>(&self, (path, bytes): WalkedFile) -> ReadFile<'a, T>
    where
        F: Fn(Input) -> T + Sync,
    {
        let path = match path {
            Ok(path) => path,
            Err(problem) => {
                let label = problem.path.display().to_string();
                return ReadFile::Made(vec![(label, (self.per_deck)(Err(problem.error)))]);
            }
        };
        let failed = |err: anyhow::Error| {
            ReadFile::Made(vec![(
                path.display().to_string(),
                (self.per_deck)(Err(err)),
            )])
        };
        let bytes = match bytes.unwrap_or_else(|| read_input_bytes(&path)) {
            Ok(bytes) => bytes,
            Err(err) => return failed(err),
        };
        match DeckRecords::from_bytes(&bytes, self.format, self.db, &path) {
            Err(err) => failed(err.into()),
            Ok(records) if records.len() == 1 => {
                let mut memo = self.take_memo();
                let deck = records.get_kept(0, &mut memo);
                self.give_back(memo);
                ReadFile::Made(
                    deck.into_iter()
                        .map(|deck| self.made(deck, || path.display().to_string()))
                        .collect(),
                )
            }
            Ok(records) => {
                drop(records);
                match DeckRecords::from_owned_bytes(bytes, self.format, self.db, &path) {
                    Ok(records) => ReadFile::Records { records, next: 0 },
                    Err(err) => failed(err.into()),
                }
            }
        }
    }

    /// A memo for a thread that reads: one given back before, or a new one.
    fn take_memo(&self) -> RowMemo {
        let mut memos = self.memos.lock().unwrap_or_else(PoisonError::into_inner);
        memos.pop().unwrap_or_default()
    }

    /// Gives back a memo taken by [`Reader::take_memo`], for the next file.
    fn give_back(&self, memo: RowMemo) {
        let mut memos = self.memos.lock().unwrap_or_else(PoisonError::into_inner);
        memos.push(memo);
    }

    /// What `per_deck` makes of a deck, or of the error of a record that is
    /// no deck, labelled with the deck's label or `error_label`.
    fn made<T: Send>(
        &self,
        deck: Result<Deck, formats::DeckError>,
        error_label: impl FnOnce() -> String,
    ) -> (String, T)
    where
        F: Fn(Input) -> T + Sync,
    {
        let label = match &deck {
            Ok(deck) => deck.path_label(),
            Err(_) => error_label(),
        };
        (label, (self.per_deck)(deck.map_err(anyhow::Error::from)))
    }
}

impl<'a, T: Send, F: Fn(Input) -> T + Sync> Iterator for Judged<'a, T, F> {
    type Item = (String, T);

    fn next(&mut self) -> Option<(String, T)> {
        use rayon::prelude::*;
        loop {
            if let Some(made) = self.ready.pop_front() {
                return Some(made);
            }
            match self.read.pop_front() {
                Some(ReadFile::Made(made)) => self.ready.extend(made),
                Some(ReadFile::Records { records, next }) => {
                    let end = records.len().min(next + RECORDS_AT_ONCE);
                    let reader = &self.reader;
                    let made: Vec<(String, T)> = (next..end)
                        .into_par_iter()
                        .filter_map(|index| {
                            let deck = records.get(index)?;
                            Some(reader.made(deck, || {
                                format!("{}#{}", records.path().display(), index + 1)
                            }))
                        })
                        .collect();
                    self.ready.extend(made);
                    if end < records.len() {
                        self.read
                            .push_front(ReadFile::Records { records, next: end });
                    }
                }
                None => {
                    let files: Vec<WalkedFile> = self.files.by_ref().take(FILES_AT_ONCE).collect();
                    if files.is_empty() {
                        return None;
                    }
                    let reader = &self.reader;
                    let read: Vec<ReadFile<'a, T>> = files
                        .into_par_iter()
                        .map(|file| reader.read_file(file))
                        .collect();
                    self.read.extend(read);
                }
            }
        }
    }
}

/// An argument, or a file or folder under it, that yields no deck: where, and why.
#[derive(Debug)]
pub struct InputProblem {
    /// The file or folder.
    pub path: PathBuf,
    /// What is wrong, naming the path.
    pub error: anyhow::Error,
}

/// Which files are read: `--glob` and `--exclude`, on every command that reads
/// folders of decks.
#[derive(Debug, Default, Clone, clap::Args)]
pub struct FileSelection {
    /// Read only the files matching this pattern (`*.txt`, `decks/**/*.twd`); a
    /// pattern without `/` matches the file name, one with `/` the path inside the
    /// folder given (or the path as given for a file); repeat for any of several.
    #[arg(long = "glob", value_name = "PATTERN", value_parser = Pattern::parse)]
    pub globs: Vec<Pattern>,

    /// Leave out the files (or folders) matching this pattern (same syntax as
    /// `--glob`; `drafts` leaves out every folder or file named so); repeat.
    #[arg(long = "exclude", value_name = "PATTERN", value_parser = Pattern::parse)]
    pub excludes: Vec<Pattern>,
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
    /// Parses a pattern (for clap): an unclosed `[` is an error.
    pub fn parse(text: &str) -> Result<Pattern, String> {
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
                        return Err(format!("{text:?}: `[` without its `]`"));
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
            regex: regex::Regex::new(&regex).map_err(|err| format!("{text:?}: {err}"))?,
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

impl std::fmt::Display for Pattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// A file found in a folder and not read, with why.
#[derive(Debug, Clone)]
pub struct Skipped {
    /// The file.
    pub path: PathBuf,
    /// Why it is not a decklist.
    pub reason: &'static str,
}

/// The files to read, and the files of the folders walked that are not decklists.
#[derive(Debug, Default)]
pub struct Expansion {
    /// Files to read, and problems in place (walk errors, empty folders, patterns
    /// that matched nothing, `-` given twice).
    pub files: Vec<Result<PathBuf, InputProblem>>,
    /// Files found in folders that do not look like decklists (a README, an image).
    pub skipped: Vec<Skipped>,
    /// The bytes of the first `files`, in their order, read while the card
    /// database loaded ([`DeckPaths::walk_while`]; `None` for a problem).
    pub contents: Vec<Option<anyhow::Result<Vec<u8>>>>,
}

impl Expansion {
    /// One line per skipped file on standard error (`vtesdeck: skipped PATH: why`).
    pub fn note_skipped(&self) {
        let mut stderr = std::io::stderr().lock();
        for skipped in &self.skipped {
            let _ = writeln!(
                stderr,
                "vtesdeck: skipped {}: {}",
                skipped.path.display(),
                skipped.reason
            );
        }
    }
}

/// The VDB deck URL an argument is, when it is one: a text that reads as a
/// deck URL ([`formats::vdb_url::looks_like`]) and names no file. The one
/// test of every command: such an argument is read as the deck its URL holds
/// ([`read_input_bytes`]), never walked or matched as a pattern (a URL holds
/// `?`).
pub fn vdb_url(argument: &Path) -> Option<&str> {
    argument
        .to_str()
        .filter(|text| formats::vdb_url::looks_like(text) && !argument.exists())
}

/// The paths to read: the arguments, or `-` (standard input) when none is given
/// and standard input is not a terminal (`cat deck.txt | vtesdeck check`).
pub fn paths_or_stdin(paths: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    use std::io::IsTerminal;
    if !paths.is_empty() {
        return Ok(paths.to_vec());
    }
    if std::io::stdin().is_terminal() {
        anyhow::bail!(
            "no input: give decklist files or folders, `-` for standard input, or pipe a decklist in"
        );
    }
    Ok(vec![PathBuf::from("-")])
}

/// The files named by the arguments, directories walked in name order, the
/// files skipped noted on standard error unless `quiet` (see [`walk`]).
pub fn expand(paths: &[PathBuf], quiet: bool) -> Vec<Result<PathBuf, InputProblem>> {
    let expansion = walk(paths, &FileSelection::default());
    if !quiet {
        expansion.note_skipped();
    }
    expansion.files
}

/// The files named by the arguments, directories walked in name order. In a
/// folder, hidden files and folders are left out, and so are the files that do
/// not look like decklists ([`formats::sniff`]: a decklist extension, or a
/// content that reads as one); those are listed in [`Expansion::skipped`].
/// A file named on the command line is always read, and so is a VDB deck URL
/// ([`vdb_url`]). `--glob`/`--exclude` apply to every file. Walk errors (symlink loops, unreadable folders), folders without
/// any decklist, patterns that matched nothing and a second `-` come back as
/// problems in place.
pub fn walk(paths: &[PathBuf], selection: &FileSelection) -> Expansion {
    use rayon::prelude::*;
    let mut expansion = Expansion::default();
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
                    error: anyhow::anyhow!("-: standard input given twice (it can be read once)"),
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
                    error: anyhow::anyhow!(
                        "{}: no such file; a pattern that matched nothing is no input",
                        path.display()
                    ),
                }));
            } else if selection.is_everything() || selection.selects(&slash_path(path)) {
                out.push(Ok(path.clone()));
            }
            continue;
        }
        let found_before = out.len();
        let skipped_before = expansion.skipped.len();
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
                !hidden && !excluded
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
                        error: anyhow::anyhow!("{at}: {message}"),
                    }));
                }
            }
        }
        out[found_before..].sort_by_cached_key(|found| {
            walk_order(match found {
                Ok(file) => file,
                Err(problem) => &problem.path,
            })
        });
        expansion.skipped[skipped_before..].sort_by_cached_key(|file| walk_order(&file.path));
        if out.len() == found_before {
            let skipped = expansion.skipped.len() - skipped_before;
            out.push(Err(InputProblem {
                path: path.clone(),
                error: anyhow::anyhow!(
                    "{}: no decklist in this folder (nothing to read; hidden files are left out{})",
                    path.display(),
                    match skipped {
                        0 => String::new(),
                        1 => ", 1 other file skipped as not a decklist".to_string(),
                        n => format!(", {n} other files skipped as not decklists"),
                    }
                ),
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
/// its first bytes; `Err` says why not. A file that cannot be opened is read
/// (so that its error is reported where decks are).
fn looks_like_decklist(path: &Path) -> Result<(), &'static str> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    match formats::sniff::by_name(&name) {
        Some(true) => return Ok(()),
        Some(false) => return Err(formats::sniff::NotDecklist::Document.reason()),
        None => {}
    }
    let Ok(file) = std::fs::File::open(path) else {
        return Ok(());
    };
    let mut head = Vec::new();
    if file
        .take(formats::sniff::SNIFF_BYTES as u64)
        .read_to_end(&mut head)
        .is_err()
    {
        return Ok(());
    }
    formats::sniff::by_content(&head).map_err(formats::sniff::NotDecklist::reason)
}

/// Whether `path` is absent and holds a wildcard: a shell pattern that matched
/// no file is passed on unchanged.
fn is_unmatched_pattern(path: &Path) -> bool {
    path.symlink_metadata().is_err() && path.to_string_lossy().contains(['*', '?', '['])
}

/// Reads one input path (`-` = standard input, or a VDB deck URL) holding one
/// deck; a file of several decks (JSON records) is an error here.
pub fn load(path: &Path, format: Option<Format>, db: &CardDb) -> Input {
    Ok(Deck::one_from_bytes(
        &read_input_bytes(path)?,
        format,
        db,
        path,
    )?)
}

/// The bytes of one input path (`-` = standard input, a VDB deck URL the
/// text of the URL, read as the deck it holds): the part of [`load`] that
/// needs no card database.
fn read_input_bytes(path: &Path) -> anyhow::Result<Vec<u8>> {
    if let Some(url) = vdb_url(path) {
        return Ok(url.as_bytes().to_vec());
    }
    if !is_standard_stream(path) {
        return Ok(Deck::read_bytes(path)?);
    }
    let mut bytes = Vec::with_capacity(standard_input_size());
    std::io::stdin()
        .lock()
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .context("-: cannot read standard input")?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        anyhow::bail!("-: input too large (a decklist is at most {MAX_FILE_BYTES} bytes)");
    }
    Ok(bytes)
}

/// The size of standard input when it is a file (`< decks.jsonl`), at most
/// the largest input, plus one byte; 0 for a pipe or a terminal. Read into a
/// buffer of that size, a large file is not held twice while a buffer grows
/// by doubling (a pipe's text is).
fn standard_input_size() -> usize {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let size = std::io::stdin()
            .as_fd()
            .try_clone_to_owned()
            .ok()
            .map(std::fs::File::from)
            .and_then(|file| file.metadata().ok())
            .filter(std::fs::Metadata::is_file)
            .map_or(0, |metadata| metadata.len().min(MAX_FILE_BYTES) + 1);
        usize::try_from(size).unwrap_or(0)
    }
    #[cfg(not(unix))]
    {
        0
    }
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

/// The inputs named by the arguments (standard input when none is given and it
/// is not a terminal), read as [`read_walked`] reads them, each with the path
/// it came from; and the files of the folders that were skipped (the `files`
/// of the [`Expansion`] are taken out).
pub fn read_all<'a>(
    paths: &[PathBuf],
    selection: &FileSelection,
    format: Option<Format>,
    db: &'a CardDb,
) -> anyhow::Result<(Inputs<'a>, Expansion)> {
    let expansion = walk(&paths_or_stdin(paths)?, selection);
    Ok(read_walked(expansion, format, db, std::convert::identity))
}

/// The decks of the files of a walk, in input order, each deck handed to
/// `per_deck` on the thread that read it (so that the work on a deck,
/// checking it, runs in parallel with the reading, and the deck need not be
/// kept): a few files at a time, and the records of a file of many decks a
/// slice at a time, as the iterator is asked for more ([`Judged`]). Each
/// record of a file of JSON records is a deck, as each file of a folder is;
/// a record that is no deck is an error of its own, the others read. The
/// walk comes back with its `files` taken out.
pub fn read_walked<'a, T: Send, F: Fn(Input) -> T + Sync>(
    mut expansion: Expansion,
    format: Option<Format>,
    db: &'a CardDb,
    per_deck: F,
) -> (Judged<'a, T, F>, Expansion) {
    let mut contents = std::mem::take(&mut expansion.contents).into_iter();
    let files: Vec<WalkedFile> = std::mem::take(&mut expansion.files)
        .into_iter()
        .map(|file| (file, contents.next().flatten()))
        .collect();
    let judged = Judged {
        files: files.into_iter(),
        read: VecDeque::new(),
        ready: VecDeque::new(),
        reader: Reader {
            format,
            db,
            per_deck,
            memos: Mutex::new(Vec::new()),
        },
    };
    (judged, expansion)
}

/// Reports an input that could not be read: on standard error, and with `json`
/// as an `error` record of the JSON Lines stream `out`.
pub fn report_unreadable(
    out: &mut dyn Write,
    json: bool,
    path: &str,
    err: &anyhow::Error,
) -> std::io::Result<()> {
    out.flush()?;
    super::report_input_error(err);
    if json {
        let message = format!("{err:#}");
        write_record(out, &ErrorRecord::new(path, &message))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    /// A file of many decks is read a slice of records at a time: when the
    /// first deck is handed out, at most one slice has been made, and every
    /// deck comes out in file order, a record that is no deck an error of
    /// its own.
    #[test]
    fn a_file_of_many_decks_is_read_as_it_is_handed_out() {
        let db = CardDb::embedded().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("decks.jsonl");
        let deck = r#"{"name": "D", "cards": {"200001": 12, "100001": 60}}"#;
        let count = 3 * RECORDS_AT_ONCE + 5;
        let bad = 2 * RECORDS_AT_ONCE + 1;
        let lines: Vec<&str> = (1..=count)
            .map(|n| if n == bad { r#"{"nothing": 1}"# } else { deck })
            .collect();
        std::fs::write(&path, lines.join("\n")).unwrap();

        let made = AtomicUsize::new(0);
        let expansion = walk(std::slice::from_ref(&path), &FileSelection::default());
        let (mut decks, _) = read_walked(expansion, None, &db, |input| {
            made.fetch_add(1, Ordering::Relaxed);
            input.is_ok()
        });
        let first = decks.next().unwrap();
        assert_eq!(first, (format!("{}#1", path.display()), true));
        assert_eq!(made.load(Ordering::Relaxed), RECORDS_AT_ONCE);
        let rest: Vec<(String, bool)> = decks.collect();
        assert_eq!(made.load(Ordering::Relaxed), count);
        assert_eq!(rest.len(), count - 1);
        for (n, (label, read)) in (2..).zip(&rest) {
            assert_eq!(*label, format!("{}#{n}", path.display()));
            assert_eq!(*read, n != bad, "{label}");
        }
    }

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
}
