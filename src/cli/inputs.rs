//! The deck arguments of the commands (`PATH...`, `--glob`, `--exclude`,
//! `--input-format`) and what the command line says about them; the reading
//! itself is the library's one input pipeline ([`vtesdeck::formats::walk`],
//! [`vtesdeck::formats::read_walked`]).

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::output::json_lines::{write_record, ErrorRecord};
use vtesdeck::cards::CardDb;
use vtesdeck::deck::Deck;
use vtesdeck::formats::Format;
use vtesdeck::formats::{self as pipeline, Decks, FileSelection, Pattern, Skipped, Walk};

pub use vtesdeck::formats::{is_standard_stream, walk, InputProblem};

/// `--input-format`, on the commands that read decks (not on `db` or `card`).
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct DeckFormat {
    /// Read decklists in this format instead of detecting it.
    #[arg(long = "input-format", value_name = "FORMAT", value_parser = super::input_format_parser())]
    pub input_format: Option<Format>,
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
    selection: FileSelectionArgs,

    #[command(flatten)]
    deck_format: DeckFormat,
}

impl DeckPaths {
    /// The files the arguments name (standard input when none is given and
    /// it is not a terminal), walked while `load` (the card database's
    /// loading) runs on another thread ([`pipeline::walk_while`]).
    pub fn walk_while<R: Send>(
        &self,
        load: impl FnOnce() -> R + Send,
    ) -> (R, anyhow::Result<Walk>) {
        let paths = match paths_or_stdin(&self.paths) {
            Ok(paths) => paths,
            Err(err) => return (load(), Err(err)),
        };
        let (loaded, walked) = pipeline::walk_while(&paths, &self.selection.selection(), load);
        (loaded, Ok(walked))
    }

    /// Reads the decks of the files walked ([`pipeline::read_walked`]).
    pub fn read_walked<'a, T: Send>(
        &self,
        walked: Walk,
        db: &'a CardDb,
        per_deck: impl Fn(Input) -> T + Sync,
    ) -> (Decks<'a, T, impl Fn(pipeline::Input) -> T + Sync>, Walk) {
        read_walked(walked, self.deck_format.input_format, db, per_deck)
    }
}

/// `--glob` and `--exclude`, on every command that reads folders of decks.
#[derive(Debug, Default, Clone, clap::Args)]
pub struct FileSelectionArgs {
    /// Read only the files matching this pattern (`*.txt`, `decks/**/*.twd`); a
    /// pattern without `/` matches the file name, one with `/` the path inside the
    /// folder given (or the path as given for a file); repeat for any of several.
    #[arg(long = "glob", value_name = "PATTERN", value_parser = parse_pattern)]
    pub globs: Vec<Pattern>,

    /// Leave out the files (or folders) matching this pattern (same syntax as
    /// `--glob`; `drafts` leaves out every folder or file named so); repeat.
    #[arg(long = "exclude", value_name = "PATTERN", value_parser = parse_pattern)]
    pub excludes: Vec<Pattern>,

    /// Follow the symbolic links of a folder that lead out of it (by default
    /// they are skipped and listed, as files that are not decklists are:
    /// checking someone's folder reads nothing outside it).
    #[arg(long = "follow")]
    pub follow: bool,
}

impl FileSelectionArgs {
    /// The library's selection.
    pub fn selection(&self) -> FileSelection {
        FileSelection {
            globs: self.globs.clone(),
            excludes: self.excludes.clone(),
            follow_links: self.follow,
        }
    }
}

/// Parses a `--glob`/`--exclude` pattern (for clap).
fn parse_pattern(text: &str) -> Result<Pattern, String> {
    Pattern::parse(text).map_err(|err| err.to_string())
}

/// What `-q`/`--quiet` means on every command (its help's first line): print
/// only results and problems.
pub const QUIET_HELP: &str = "Only results and problems: no line for what is fine (a legal \
     deck), no progress bar, no note on standard error (files skipped)";

/// One input: a deck, or the error that kept it from being read.
pub type Input = Result<Deck, anyhow::Error>;

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

/// The files named by the arguments, directories walked in name order under
/// `selection` (`--glob`, `--exclude`, `--follow`), the files skipped noted on
/// standard error unless `quiet` (see [`walk`]).
pub fn expand(
    paths: &[PathBuf],
    selection: &FileSelection,
    quiet: bool,
) -> Vec<Result<PathBuf, InputProblem>> {
    let walked = walk(paths, selection);
    if !quiet {
        note_skipped(&walked.skipped);
    }
    walked.files
}

/// One line per skipped file on standard error (`vtesdeck: skipped PATH: why`):
/// those the walk skipped ([`Walk::skipped`]), and those found, when read,
/// to hold no card line ([`Decks::skipped`]).
pub fn note_skipped(skipped: &[Skipped]) {
    let mut stderr = std::io::stderr().lock();
    for skipped in skipped {
        let _ = writeln!(
            stderr,
            "vtesdeck: skipped {}: {}",
            skipped.path.display(),
            skipped.reason
        );
    }
}

/// Reads one input path (`-` = standard input, or a VDB deck URL) holding one
/// deck ([`pipeline::load`]).
pub fn load(path: &Path, format: Option<Format>, db: &CardDb) -> Input {
    Ok(pipeline::load(path, format, db)?)
}

/// The decks of [`read_all`], and the files of the folders skipped.
pub type DecksAndWalk<'a, F> = (Decks<'a, Input, F>, Walk);

/// The inputs named by the arguments (standard input when none is given and it
/// is not a terminal), read as [`read_walked`] reads them, each with the path
/// it came from; and the files of the folders that were skipped (the `files`
/// of the [`Walk`] are taken out).
pub fn read_all<'a>(
    paths: &[PathBuf],
    selection: &FileSelection,
    format: Option<Format>,
    db: &'a CardDb,
) -> anyhow::Result<DecksAndWalk<'a, impl Fn(pipeline::Input) -> Input + Sync>> {
    let walked = walk(&paths_or_stdin(paths)?, selection);
    Ok(read_walked(walked, format, db, std::convert::identity))
}

/// The decks of a walk ([`pipeline::read_walked`]), each error made the
/// command line's before `per_deck` sees it.
pub fn read_walked<'a, T: Send>(
    walked: Walk,
    format: Option<Format>,
    db: &'a CardDb,
    per_deck: impl Fn(Input) -> T + Sync,
) -> (Decks<'a, T, impl Fn(pipeline::Input) -> T + Sync>, Walk) {
    pipeline::read_walked(walked, format, db, move |input: pipeline::Input| {
        per_deck(input.map_err(anyhow::Error::from))
    })
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
        let message = super::error_text(err);
        write_record(out, &ErrorRecord::new(path, &message))?;
    }
    Ok(())
}
