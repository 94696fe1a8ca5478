//! Command-line parsing and dispatch. Each subcommand lives in its own file
//! with its `Args` and a `run` returning an [`Outcome`].

mod card;
mod check;
mod convert;
mod db;
mod db_location;
mod diff;
mod draw;
mod exit;
mod goldfish;
mod inputs;
mod output_format;
mod parse;
mod progress;
mod report;
mod shell;
mod sim_options;
mod stats;
mod transfers;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use vtesdeck::cards::CardDb;

use db_location::DbLocation;
use vtesdeck::formats::Format;

pub use exit::Outcome;

/// Read, check, analyse and simulate Vampire: The Eternal Struggle decklists.
///
/// Exit status: 0 ok, 1 findings (an illegal deck, an unresolved line), 2 error.
#[derive(Debug, Parser)]
#[command(name = "vtesdeck", version, about, max_term_width = 100)]
pub struct Cli {
    /// Card database folder (vtescrypt.csv, vteslib.csv); default: $VTESDECK_CARDS,
    /// then the copy installed by `db update`/`db import` (~/.local/share/vtesdeck/cards
    /// on Linux), then the official card list built into vtesdeck.
    #[arg(long, global = true, value_name = "DIR")]
    cards: Option<PathBuf>,

    #[arg(short, long, global = true, help = inputs::QUIET_HELP)]
    quiet: bool,

    /// `--offline` written before the command, as when it was on every command:
    /// still accepted, for the scripts that write it so. Only `db update` uses
    /// the network, and takes `--offline` itself.
    #[arg(long, hide = true)]
    offline: bool,

    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
enum Command {
    // In the README's order (its "One example per command").
    /// Check tournament legality (sizes, grouping, banned and new cards) under a profile.
    #[command(after_help = check::rules_help())]
    Check(check::CheckArgs),
    /// Read decklists and print them normalised (or as JSON), with unresolved lines.
    Parse(parse::ParseArgs),
    /// What decks are made of (crypt, library, disciplines) and what their crypt can play.
    Stats(stats::StatsArgs),
    /// Look cards up by name (as decklists do), or search them with filters.
    Card(card::CardArgs),
    /// Odds of the opening hand and of the starting crypt cards (exact and sampled).
    #[command(long_about = draw::long_about())]
    Draw(draw::DrawArgs),
    /// Simulate the influence phase: how fast the crypt comes into play, per seat.
    #[command(long_about = transfers::long_about())]
    Transfers(transfers::TransfersArgs),
    /// Play a deck alone at an idle table: how fast it takes pool, per seat.
    #[command(long_about = goldfish::long_about())]
    Goldfish(goldfish::GoldfishArgs),
    /// A deck on one HTML page with charts; several decks as pages and an index.
    #[command(long_about = report::LONG_ABOUT)]
    Report(report::ReportArgs),
    // Its summary lists the layouts of the formats registry that vtesdeck writes.
    #[command(about = convert::about())]
    Convert(convert::ConvertArgs),
    /// Compare two decklists (or two folders of them) card by card: exit 0 same, 1 different, 2 unreadable.
    Diff(diff::DiffArgs),
    /// Get, install and describe the card database (update, import, info).
    Db(db::DbArgs),
    /// Print the shell completion script: bash, zsh, fish, powershell or elvish.
    Completions(shell::CompletionsArgs),
    /// Print the manual page (roff), or write one page per command with --dir.
    Man(shell::ManArgs),
}

/// A clap parser of format names: `names` are the accepted values (shown in
/// `--help`), each parsed by [`Format::parse`].
fn format_parser(names: Vec<&'static str>) -> impl clap::builder::TypedValueParser<Value = Format> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(names).try_map(|name: String| {
        Format::parse(&name).ok_or_else(|| format!("unknown format {name:?}"))
    })
}

/// `--input-format` values: every layout of the formats registry.
pub(crate) fn input_format_parser() -> impl clap::builder::TypedValueParser<Value = Format> {
    format_parser(Format::ALL.into_iter().map(Format::name).collect())
}

/// Options every subcommand shares.
pub struct Global {
    /// `--cards`.
    pub cards: Option<PathBuf>,
    /// `-q`/`--quiet`: only results and problems ([`inputs::QUIET_HELP`]).
    pub quiet: bool,
    /// `--offline` written before the command: never use the network (read
    /// by `db update` only, which a build without `download` does not have).
    #[cfg_attr(not(feature = "download"), allow(dead_code))]
    pub offline: bool,
}

impl Global {
    /// Finds and loads the card database (`--cards`, `$VTESDECK_CARDS`, the
    /// installed copy, the built-in snapshot); never downloads. What a crashed
    /// install left beside the folder is cleared first (a half-done install is
    /// finished). An old built-in snapshot gets one line on standard error
    /// saying how to update (none with `--quiet`).
    ///
    /// The database lives until the process ends and is never freed: freeing
    /// its tens of thousands of small allocations at exit would cost about a
    /// millisecond for nothing. Kept on a measure (issue 31): a `CardDb`
    /// dropped at the end of the command, the whole-TWDA `check --quiet` ran
    /// 4.8M more instructions (429.8M to 434.7M, 1.1%; callgrind, medians of
    /// 5 runs).
    pub fn card_db(&self) -> anyhow::Result<std::mem::ManuallyDrop<CardDb>> {
        let mut location = DbLocation::find(self.cards.as_deref());
        // Best effort: a failure to clear leftovers changes nothing to this command.
        let folder = location
            .folder()
            .map(PathBuf::from)
            .or_else(db_location::user_dir);
        if let Some(folder) = folder {
            let repaired = vtesdeck::cards::install::clear_leftovers(&folder).unwrap_or(false);
            if repaired && matches!(location, DbLocation::Embedded) {
                location = DbLocation::find(self.cards.as_deref());
            }
        }
        let db = location.open()?;
        if !self.quiet {
            if let Some(note) = db::stale_snapshot_note(&db, chrono::Utc::now().date_naive()) {
                let _ = writeln!(std::io::stderr(), "vtesdeck: {note}");
            }
        }
        Ok(std::mem::ManuallyDrop::new(db))
    }
}

/// Parses the arguments, runs the subcommand, prints an error once.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let global = Global {
        cards: cli.cards,
        quiet: cli.quiet,
        offline: cli.offline,
    };
    let result = match cli.command {
        Command::Parse(args) => parse::run(&args, &global),
        Command::Check(args) => check::run(&args, &global),
        Command::Convert(args) => convert::run(&args, &global),
        Command::Diff(args) => diff::run(&args, &global),
        Command::Db(args) => db::run(&args, &global),
        Command::Card(args) => card::run(&args, &global),
        Command::Draw(args) => draw::run(&args, &global),
        Command::Transfers(args) => transfers::run(&args, &global),
        Command::Goldfish(args) => goldfish::run(&args, &global),
        Command::Stats(args) => stats::run(&args, &global),
        Command::Report(args) => report::run(&args, &global),
        Command::Completions(args) => shell::completions(&args),
        Command::Man(args) => shell::man(&args),
    };
    match result {
        Ok(outcome) => outcome.into(),
        Err(err) => {
            if is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            report_input_error(&err);
            Outcome::Error.into()
        }
    }
}

/// Whether an error is a closed standard output (`vtesdeck ... | head`).
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Prints an error on standard error, `vtesdeck: path: message` ([`error_text`]),
/// then a `help:` line saying what to type when there is something to type.
pub fn report_input_error(err: &anyhow::Error) {
    let mut stderr = std::io::stderr().lock();
    let _ = writeln!(stderr, "vtesdeck: {}", error_text(err));
    if let Some(help) = advice(err) {
        let _ = writeln!(stderr, "help: {help}");
    }
}

/// An error as the command line says it, wherever it reports one (standard
/// error, a JSON `error` record, a report's index): each cause of the chain
/// as `{err:#}` writes it, joined by `: `, except the library errors that
/// concern a flag, which the library words as facts and the command line
/// words with the flag ([`flag_words`]).
pub fn error_text(err: &anyhow::Error) -> String {
    let mut text = String::new();
    for (i, cause) in err.chain().enumerate() {
        if i > 0 {
            text.push_str(": ");
        }
        match flag_words(cause) {
            Some(words) => text.push_str(&words),
            None => text.push_str(&cause.to_string()),
        }
    }
    text
}

/// A library error in the command line's words, when it concerns a flag:
/// the flag it is about, and what to type. The library says what went
/// wrong (`out.txt: already exists`), the command line which flag changes
/// it (`; use --force to overwrite it`).
fn flag_words(cause: &(dyn std::error::Error + 'static)) -> Option<String> {
    use crate::output::output_file::OutputFileError;
    use crate::output::transfer_plot::PlotError;
    use vtesdeck::cards::install::InstallError;
    use vtesdeck::rules::ProfileError;
    use vtesdeck::sim::SimError;
    let output_file = cause.downcast_ref::<OutputFileError>().or_else(|| {
        match cause.downcast_ref::<PlotError>() {
            Some(PlotError::Output(err)) => Some(err),
            _ => None,
        }
    });
    if let Some(err) = output_file {
        return match err {
            OutputFileError::Exists { .. } => Some(format!("{err}; use --force to overwrite it")),
            OutputFileError::NotRegular { .. } => Some(format!("{err}, even with --force")),
            _ => None,
        };
    }
    if let Some(err) = cause.downcast_ref::<SimError>() {
        return match err {
            SimError::UnknownKey { .. } => Some(format!("--key {err}")),
            SimError::NotAVampire { name, card } => Some(format!(
                "--key {name:?}: {card} is a library card; --key takes a vampire (a crypt card)"
            )),
            SimError::SeenTooLarge {
                path,
                seen,
                library,
            } => Some(format!(
                "{path}: --seen {seen} is more than the {library}-card library"
            )),
            _ => None,
        };
    }
    if let Some(ProfileError::NoBoosters { name }) = cause.downcast_ref::<ProfileError>() {
        return Some(format!(
            "profile {name} does not take --boosters (the limited profile does, rules 7.2.1)"
        ));
    }
    if let Some(err @ InstallError::DeadlinePassed { .. }) = cause.downcast_ref::<InstallError>() {
        return Some(format!("{err} (`db update --timeout SECS` sets it)"));
    }
    None
}

/// What the user can type about an error of the library, if anything: the
/// library says what went wrong, the command line says which flag to use.
fn advice(err: &anyhow::Error) -> Option<String> {
    use vtesdeck::formats::InputError;
    use vtesdeck::rules::{CheckError, ProfileError};
    use vtesdeck::sim::SimError;
    err.chain().find_map(|cause| {
        if let Some(CheckError::NoEventDate { .. }) = cause.downcast_ref::<CheckError>() {
            return Some("give --date YYYY-MM-DD".to_string());
        }
        if let Some(SimError::UnresolvedLines { .. }) = cause.downcast_ref::<SimError>() {
            return Some("fix the deck before simulating it (see `vtesdeck parse`)".to_string());
        }
        if let Some(ProfileError::Unknown { .. }) = cause.downcast_ref::<ProfileError>() {
            return Some("name a shipped profile, or give a FILE.toml".to_string());
        }
        if let Some(InputError::UnmatchedPattern { path }) = cause.downcast_ref::<InputError>() {
            return Some(pattern_advice(path));
        }
        None
    })
}

/// What to type for a pattern given as a path: its folder, and the rest of
/// it as `--glob` (`decks/*.txt`: `decks --glob '*.txt'`).
fn pattern_advice(path: &std::path::Path) -> String {
    let text = path.to_string_lossy().replace('\\', "/");
    let components: Vec<&str> = text.split('/').collect();
    let wild = components
        .iter()
        .position(|part| part.contains(['*', '?', '[']))
        .unwrap_or(0);
    let folder = match components[..wild].join("/") {
        folder if folder.is_empty() => ".".to_string(),
        folder => folder,
    };
    let glob = components[wild..].join("/");
    format!(
        "to read some files of a folder, give the folder and a pattern to --glob: \
         `{folder} --glob '{glob}'`"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::output_file::OutputFileError;
    use crate::output::transfer_plot::PlotError;
    use vtesdeck::cards::install::InstallError;
    use vtesdeck::rules::ProfileError;
    use vtesdeck::sim::SimError;

    /// The words of an error as the command line reports it.
    fn words(err: impl Into<anyhow::Error>) -> String {
        error_text(&err.into())
    }

    /// The library states the fact without a flag; the command line says it
    /// as it always has, with the flag and what to type.
    #[test]
    fn library_errors_get_their_flag_in_the_command_line_words() {
        let exists = OutputFileError::Exists {
            path: "out.txt".into(),
        };
        assert_eq!(exists.to_string(), "out.txt: already exists");
        assert_eq!(
            words(exists),
            "out.txt: already exists; use --force to overwrite it"
        );
        let folder = PlotError::Output(OutputFileError::NotRegular {
            path: "plot.svg".into(),
            kind: "a folder",
        });
        assert!(!folder.to_string().contains("--force"), "{folder}");
        assert_eq!(
            words(folder),
            "plot.svg: is a folder, not a regular file; refusing to replace it, even with --force"
        );
        let unknown = SimError::UnknownKey {
            name: "Zzyzx".into(),
            suggestions: Vec::new(),
        };
        assert_eq!(
            words(unknown),
            "--key \"Zzyzx\": no crypt card of that name"
        );
        let library = SimError::NotAVampire {
            name: "Blood Doll".into(),
            card: "Blood Doll".into(),
        };
        assert!(!library.to_string().contains("--key"), "{library}");
        assert_eq!(
            words(library),
            "--key \"Blood Doll\": Blood Doll is a library card; --key takes a vampire (a crypt card)"
        );
        let seen = SimError::SeenTooLarge {
            path: "deck.txt".into(),
            seen: 100,
            library: 60,
        };
        assert!(!seen.to_string().contains("--seen"), "{seen}");
        assert_eq!(
            words(seen),
            "deck.txt: --seen 100 is more than the 60-card library"
        );
        let boosters = anyhow::Error::from(ProfileError::NoBoosters {
            name: "standard".into(),
        })
        .context("--boosters");
        assert_eq!(
            error_text(&boosters),
            "--boosters: profile standard does not take --boosters (the limited profile does, \
             rules 7.2.1)"
        );
        let late = InstallError::DeadlinePassed {
            url: "http://x/cards.zip".into(),
            seconds: 2.0,
        };
        assert_eq!(
            words(late),
            "http://x/cards.zip: download failed: not finished within the 2 s deadline \
             (`db update --timeout SECS` sets it)"
        );
    }

    /// A pattern given as a path is answered with the folder and `--glob`.
    #[test]
    fn a_pattern_given_as_a_path_is_answered_with_glob() {
        let advice = |path: &str| pattern_advice(std::path::Path::new(path));
        assert!(advice("decks/*.txt").ends_with("`decks --glob '*.txt'`"));
        assert!(advice("*.txt").ends_with("`. --glob '*.txt'`"));
        assert!(advice("a/b/**/x?.json").ends_with("`a/b --glob '**/x?.json'`"));
    }

    /// Any other error reads as `{:#}` writes it, its context first.
    #[test]
    fn other_errors_read_as_their_chain() {
        let err = anyhow::Error::from(SimError::EmptyCrypt {
            path: "deck.txt".into(),
        })
        .context("reading");
        assert_eq!(error_text(&err), format!("{err:#}"));
        assert_eq!(error_text(&err), "reading: deck.txt: the crypt is empty");
    }
}
