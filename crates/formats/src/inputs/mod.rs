//! The input pipeline: see the `formats` module's docs.

mod problem;
mod walk;

use std::collections::VecDeque;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use rayon::prelude::*;

use super::sniff::NotDecklist;
use crate::format::Format;
use crate::load::{DeckError, MAX_FILE_BYTES};
use crate::load_deck::LoadDeck;
use crate::reader::Reader;
use crate::records::DeckRecords;
use vtesdeck_cards::CardDb;
use vtesdeck_deck::Deck;

pub(crate) use problem::vdb_url;
pub use problem::{is_standard_stream, InputError, InputProblem};
pub use walk::{walk, FileSelection, Pattern, PatternError, Skipped, Walk};

/// One input: a deck, or the error that kept it from being read.
pub type Input = Result<Deck, InputError>;

/// The files `paths` name ([`walk()`]), walked while `load` (the card
/// database's loading, say) runs on another thread; then the first files'
/// bytes are read (`read_input_bytes`) until the load is done: the decks
/// are read the sooner, and few texts wait (as many as one thread reads in
/// the rest of the load). [`read_walked`] reads the walk.
pub fn walk_while<R: Send>(
    paths: &[PathBuf],
    selection: &FileSelection,
    load: impl FnOnce() -> R + Send,
) -> (R, Walk) {
    let loaded = AtomicBool::new(false);
    rayon::join(
        || {
            let result = load();
            loaded.store(true, Ordering::Release);
            result
        },
        || {
            let mut expansion = walk(paths, selection);
            for file in &expansion.files {
                if loaded.load(Ordering::Acquire) {
                    break;
                }
                let bytes = file.as_ref().ok().map(|path| read_input_bytes(path));
                expansion.contents.push(bytes);
            }
            expansion
        },
    )
}

/// Files read at once, in parallel, before their decks are handed out in
/// input order: enough to keep the cores busy, few enough that the decks
/// waiting to be handed out stay few.
const FILES_AT_ONCE: usize = 64;

/// Records of a file of many decks (a JSON array, JSON Lines) read and
/// resolved at once, in parallel, before they are handed out: the memory of a
/// file of 100,000 decks is its text and this many decks, not every deck.
const RECORDS_AT_ONCE: usize = 1024;

/// A file walked, its bytes when they were read ahead ([`walk_while`]), and
/// the folder it was found in (its place in [`Walk::folders`]; `None` for a
/// file named as a path).
type WalkedFile = (
    Result<PathBuf, InputProblem>,
    Option<Result<Vec<u8>, InputError>>,
    Option<usize>,
);

/// What was made of each deck read ([`read_walked`]), with its label (the
/// path, `path#N` for a record), in input order: an iterator that reads the
/// files a few at a time, and the records of a file of many decks a slice at
/// a time, as it is asked for more, so that what a command writes for each
/// deck is written before the next decks are read.
pub struct Decks<'a, T, F> {
    files: std::vec::IntoIter<WalkedFile>,
    /// Files read, in order, not yet handed out.
    read: VecDeque<ReadFile<'a, T>>,
    /// Decks made, in order, not yet handed out.
    ready: VecDeque<(String, T)>,
    /// The files found in folders that held no card line when read.
    skipped: Vec<Skipped>,
    shared: Shared<'a, F>,
    /// The reader of every deck, shared by the threads that read.
    reader: Reader,
}

impl<T, F> Decks<'_, T, F> {
    /// The files found by walking a folder that turned out, when read, to
    /// hold no card line (a `notes.txt` of prose, an empty `.txt`): skipped
    /// as not decklists, as the walk skips the files it can tell by their
    /// name or first bytes ([`Walk::skipped`]), rather than errors. So far:
    /// all of them once every deck has been handed out. A file named as a
    /// path is never skipped: it is the error [`InputError::NoCardLines`].
    pub fn skipped(&self) -> &[Skipped] {
        &self.skipped
    }
}

/// How [`Decks`] reads a file and makes something of each deck (shared by
/// the threads that read).
struct Shared<'a, F> {
    format: Option<Format>,
    db: &'a CardDb,
    per_deck: F,
    /// The folders walked ([`Walk::folders`]), each with how many of its
    /// files are not yet found to hold no card line, and how many files it
    /// skips when none does.
    folders: Vec<(PathBuf, AtomicUsize, usize)>,
}

/// A file read: what was made of its one deck (or of its error), or its
/// records, to be read a slice at a time.
enum ReadFile<'a, T> {
    Made(Vec<(String, T)>),
    /// A file found in a folder with no card line: not a decklist; and when
    /// no file of its folder held a card line, what is made of the error
    /// [`InputError::NoDecklist`] of the folder.
    Skipped(PathBuf, NotDecklist, Option<(String, T)>),
    Records {
        records: DeckRecords<'a>,
        next: usize,
    },
}

impl<'a, F> Shared<'a, F> {
    /// Reads one file: a deck made now, or its records kept for later.
    fn read_file<T: Send>(
        &self,
        (path, bytes, folder): WalkedFile,
        reader: &Reader,
    ) -> ReadFile<'a, T>
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
        let failed = |err: InputError| {
            ReadFile::Made(vec![(
                path.display().to_string(),
                (self.per_deck)(Err(err)),
            )])
        };
        let bytes = match bytes.unwrap_or_else(|| read_input_bytes(&path)) {
            Ok(bytes) => bytes,
            Err(err) => return failed(err),
        };
        match DeckRecords::from_bytes(&bytes, self.format, self.db, &path, reader) {
            Err(err) => failed(err.into()),
            Ok(records) if records.len() == 1 => {
                let deck = records.get(0, reader);
                // A document in which no card entry is found, or none names
                // a card, is no decklist either (an SVG, a package.json).
                // A text of another game's cards neither (a Magic list).
                let not_decklist = match &deck {
                    Some(Ok(deck)) if has_no_card_line(deck) => Some(NotDecklist::NoCardLine),
                    Some(Err(DeckError::NoCardEntry { .. })) => Some(NotDecklist::NoCardLine),
                    Some(Err(DeckError::OtherGame { .. })) => Some(NotDecklist::OtherGame),
                    _ => None,
                };
                if let (Some(folder), Some(why)) = (folder, not_decklist) {
                    return ReadFile::Skipped(path, why, self.last_of(folder));
                }
                ReadFile::Made(
                    deck.into_iter()
                        .map(|deck| self.made(deck, || path.display().to_string()))
                        .collect(),
                )
            }
            Ok(records) => {
                // Kept, a slice of records at a time: the records found in the
                // bytes borrowed, now owning them.
                let found = records.found();
                ReadFile::Records {
                    records: found.owning(bytes, self.db),
                    next: 0,
                }
            }
        }
    }

    /// Counts a file of a folder found to hold no card line; when it was the
    /// last of its folder to read, no file of it held one: what is made of
    /// the folder's error ([`InputError::NoDecklist`]).
    fn last_of<T: Send>(&self, folder: usize) -> Option<(String, T)>
    where
        F: Fn(Input) -> T + Sync,
    {
        let (path, left, skipped) = self.folders.get(folder)?;
        if left.fetch_sub(1, Ordering::AcqRel) != 1 {
            return None;
        }
        let error = InputError::NoDecklist {
            path: path.clone(),
            skipped: *skipped,
        };
        Some((path.display().to_string(), (self.per_deck)(Err(error))))
    }

    /// What `per_deck` makes of a deck, or of the error of a record that is
    /// no deck, labelled with the deck's label or `error_label`.
    fn made<T: Send>(
        &self,
        deck: Result<Deck, DeckError>,
        error_label: impl FnOnce() -> String,
    ) -> (String, T)
    where
        F: Fn(Input) -> T + Sync,
    {
        let label = match &deck {
            Ok(deck) => deck.path_label(),
            Err(_) => error_label(),
        };
        let input = deck.map_err(InputError::from).and_then(ensure_card_lines);
        (label, (self.per_deck)(input))
    }
}

impl<'a, T: Send, F: Fn(Input) -> T + Sync> Iterator for Decks<'a, T, F> {
    type Item = (String, T);

    fn next(&mut self) -> Option<(String, T)> {
        loop {
            if let Some(made) = self.ready.pop_front() {
                return Some(made);
            }
            match self.read.pop_front() {
                Some(ReadFile::Made(made)) => self.ready.extend(made),
                Some(ReadFile::Skipped(path, why, folder_error)) => {
                    self.skipped.push(Skipped {
                        path,
                        reason: why.reason(),
                    });
                    self.ready.extend(folder_error);
                }
                Some(ReadFile::Records { records, next }) => {
                    let end = records.len().min(next + RECORDS_AT_ONCE);
                    let (shared, reader) = (&self.shared, &self.reader);
                    let made: Vec<(String, T)> = (next..end)
                        .into_par_iter()
                        .filter_map(|index| {
                            let deck = records.get(index, reader)?;
                            Some(shared.made(deck, || {
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
                    let (shared, reader) = (&self.shared, &self.reader);
                    let read: Vec<ReadFile<T>> = files
                        .into_par_iter()
                        .map(|file| shared.read_file(file, reader))
                        .collect();
                    self.read.extend(read);
                }
            }
        }
    }
}

/// Reads one input path (`-` = standard input, or a VDB deck URL) holding one
/// deck; a file of several decks (JSON records) is an error here, and so is
/// an input with no card line at all.
pub fn load(path: &Path, format: Option<Format>, db: &CardDb) -> Input {
    ensure_card_lines(Deck::one_from_bytes(
        &read_input_bytes(path)?,
        format,
        db,
        path,
    )?)
}

/// The entry of a file found by walking a folder that is skipped as not a
/// decklist because, read, it held no card line ([`InputError::NoCardLines`]):
/// what [`Decks::skipped`] lists, for a command that reads the files of a
/// walk one by one ([`load`]); `None` for any other error.
pub fn skipped_when_read(path: &Path, error: &InputError) -> Option<Skipped> {
    matches!(error, InputError::NoCardLines { .. }).then(|| Skipped {
        path: path.to_path_buf(),
        reason: crate::sniff::NotDecklist::NoCardLine.reason(),
    })
}

/// Whether no line of a deck reads as a card line, resolved or not: an
/// empty input, only blank lines or prose.
pub(crate) fn has_no_card_line(deck: &Deck) -> bool {
    deck.crypt.is_empty() && deck.library.is_empty() && deck.unresolved.is_empty()
}

/// The deck, when some line of it reads as a card line (resolved or not);
/// otherwise the error [`InputError::NoCardLines`], `path:1: no decklist
/// found (...)`. The one test of every command that reads decks ([`load`],
/// [`read_walked`]): an input that holds no decklist is said to, never
/// judged, measured or simulated as an empty deck.
pub(crate) fn ensure_card_lines(deck: Deck) -> Input {
    if has_no_card_line(&deck) {
        return Err(InputError::NoCardLines {
            label: deck.path_label(),
        });
    }
    Ok(deck)
}

/// The bytes of one input path (`-` = standard input, a VDB deck URL the
/// text of the URL, read as the deck it holds): the part of [`load`] that
/// needs no card database.
pub(crate) fn read_input_bytes(path: &Path) -> Result<Vec<u8>, InputError> {
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
        .map_err(InputError::StandardInput)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(InputError::StandardInputTooLarge);
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

/// The decks of the files of a walk, in input order, each deck handed to
/// `per_deck` on the thread that read it (so that the work on a deck,
/// checking it, runs in parallel with the reading, and the deck need not be
/// kept): a few files at a time, and the records of a file of many decks a
/// slice at a time, as the iterator is asked for more ([`Decks`]). Each
/// record of a file of JSON records is a deck, as each file of a folder is;
/// a record that is no deck is an error of its own, the others read. The
/// walk comes back with its `files` taken out.
pub fn read_walked<'a, T: Send, F: Fn(Input) -> T + Sync>(
    mut expansion: Walk,
    format: Option<Format>,
    db: &'a CardDb,
    per_deck: F,
) -> (Decks<'a, T, F>, Walk) {
    let mut contents = std::mem::take(&mut expansion.contents).into_iter();
    let folders = std::mem::take(&mut expansion.folders);
    let folder_of = |at: usize| {
        let folder = folders.partition_point(|(_, files, ..)| files.end <= at);
        folders
            .get(folder)
            .is_some_and(|(_, files, ..)| files.contains(&at))
            .then_some(folder)
    };
    let files: Vec<WalkedFile> = std::mem::take(&mut expansion.files)
        .into_iter()
        .enumerate()
        .map(|(at, file)| (file, contents.next().flatten(), folder_of(at)))
        .collect();
    let judged = Decks {
        files: files.into_iter(),
        read: VecDeque::new(),
        ready: VecDeque::new(),
        skipped: Vec::new(),
        reader: Reader::default(),
        shared: Shared {
            format,
            db,
            per_deck,
            folders: folders
                .into_iter()
                .map(|(path, _, files, skipped)| (path, AtomicUsize::new(files), skipped + files))
                .collect(),
        },
    };
    (judged, expansion)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
