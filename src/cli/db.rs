//! `vtesdeck db update|import|info`: get, install and describe the card database,
//! and the note when the built-in snapshot is old.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::output::db_text;
use crate::output::json_lines::write_tagged;
use anyhow::Context;
use clap::{Args, Subcommand};
use vtesdeck::cards::install::InstallStep;
use vtesdeck::cards::{install, CardDb, DbInfo};

use super::db_location::{self, DbLocation, CARDS_ENV};

use super::{Global, Outcome};

/// `db update --timeout` when none is given: the overall deadline of the
/// download, in seconds.
const DEFAULT_TIMEOUT_SECS: u64 = 120;

/// Arguments of `vtesdeck db`.
#[derive(Debug, Args)]
pub struct DbArgs {
    #[command(subcommand)]
    command: DbCommand,
}

/// The `db` subcommands.
#[derive(Debug, Subcommand)]
enum DbCommand {
    /// Download the official VEKN card list (at most 16 MB, within --timeout) and
    /// install it (into --cards DIR if given, else the user data folder), replacing
    /// the old copy in one atomic step once the new one is checked; installs into
    /// one folder take turns.
    Update(UpdateArgs),
    /// Install the card database from a local zip (the VEKN vtescsv_utf8.zip, at
    /// most 16 MB) or a folder holding vtescrypt.csv and vteslib.csv, as `update` does.
    Import(ImportArgs),
    /// Show the card database in use (--cards, VTESDECK_CARDS, the installed copy or the
    /// built-in snapshot) with its date, source, card counts and newest set.
    Info(InfoArgs),
}

/// `--cards` on `db update` and `db import`: where to install (the global
/// `--cards` says where to read).
#[derive(Debug, Args)]
struct InstallInto {
    /// Install into this folder (created when missing) instead of the user data
    /// folder (~/.local/share/vtesdeck/cards on Linux).
    #[arg(long = "cards", value_name = "DIR")]
    cards: Option<PathBuf>,
}

/// Arguments of `db update`.
#[derive(Debug, Args)]
struct UpdateArgs {
    #[command(flatten)]
    into: InstallInto,

    /// No progress bar for the download, and no note while another install
    /// into the same folder has its turn. Errors and the line saying what was
    /// installed are printed even so.
    // The help of db update's own: the global `-q` speaks of decks and files
    // skipped, which `db update` has none of.
    #[arg(id = "quiet", short = 'q', long = "quiet")]
    quiet: bool,

    /// The zip to download [default: $VTESDECK_DB_URL, else the official
    /// https://www.vekn.net/images/stories/downloads/vtescsv_utf8.zip].
    #[arg(long, value_name = "URL")]
    url: Option<String>,

    /// Give up when the download is not finished after this many seconds
    /// (besides the 30 s connect and 60 s per-read timeouts).
    #[arg(long, value_name = "SECS", default_value_t = DEFAULT_TIMEOUT_SECS,
          value_parser = clap::value_parser!(u64).range(1..=86_400))]
    timeout: u64,

    /// Never use the network: stop (exit 2) and point to `db import`.
    #[arg(long, env = "VTESDECK_OFFLINE", value_parser = clap::builder::FalseyValueParser::new())]
    offline: bool,
}

/// Arguments of `db import`.
#[derive(Debug, Args)]
struct ImportArgs {
    #[command(flatten)]
    into: InstallInto,

    /// No note while another install into the same folder has its turn.
    /// Errors and the line saying what was installed are printed even so.
    #[arg(id = "quiet", short = 'q', long = "quiet")]
    quiet: bool,

    /// A zip file or a folder with the VEKN CSV files (at the top or in one sub-folder).
    #[arg(value_name = "PATH")]
    path: PathBuf,
}

/// Arguments of `db info`.
#[derive(Debug, Args)]
struct InfoArgs {
    #[command(flatten)]
    output: super::output_format::FormatArgs,

    /// Nothing to leave out: `db info` prints only the description asked for
    /// (accepted, so that a script may pass `-q` to every command).
    #[arg(id = "quiet", short = 'q', long = "quiet")]
    _quiet: bool,
}

/// Runs a `db` subcommand: exit 0 on success, 2 on an error (the previous database
/// is then left as it was).
pub fn run(args: &DbArgs, global: &Global) -> anyhow::Result<Outcome> {
    match &args.command {
        DbCommand::Update(update) => update_db(update, global),
        DbCommand::Import(import) => {
            let target = install_target(&import.into, global)?;
            let report = install::import(
                &import.path,
                &target,
                &mut tell_waiting(&target, import.quiet || global.quiet),
            )?;
            finish(&db_text::render_install(&report), &target, global)
        }
        DbCommand::Info(info_args) => {
            let location = DbLocation::find(global.cards.as_deref());
            let db = location.open()?;
            let info = DbInfo::new(&db, location.found_by(), chrono::Utc::now());
            let mut out = std::io::stdout().lock();
            if info_args.output.json() {
                write_tagged(&mut out, "db_info", &info)?;
            } else {
                write!(out, "{}", db_text::render_info(&info))?;
            }
            Ok(Outcome::Ok)
        }
    }
}

/// `db update`: downloads the zip and installs it.
#[cfg(feature = "download")]
fn update_db(update: &UpdateArgs, global: &Global) -> anyhow::Result<Outcome> {
    let url = update.url.clone().unwrap_or_else(db_url_from_env);
    if let Some(path) = url.strip_prefix("file://") {
        anyhow::bail!(
            "`db update` downloads over HTTP(S); for a local file use `vtesdeck db import {path}`"
        );
    }
    if update.offline || global.offline {
        anyhow::bail!(
            "`db update` needs the network but --offline (or VTESDECK_OFFLINE) is set; \
             use `vtesdeck db import PATH` with a downloaded zip or folder"
        );
    }
    let target = install_target(&update.into, global)?;
    install::check_target(&target)?;
    let deadline = std::time::Duration::from_secs(update.timeout);
    let bytes = fetch(&url, deadline, update.quiet || global.quiet)
        .map_err(|err| way_out(err.into(), &url, global))?;
    let report = install::install_zip(
        std::io::Cursor::new(bytes),
        &url,
        &target,
        &mut tell_waiting(&target, update.quiet || global.quiet),
    )?;
    finish(&db_text::render_install(&report), &target, global)
}

/// A failed download, with the way out: the card list still in use, and
/// `db import` with the zip fetched some other way.
#[cfg(feature = "download")]
fn way_out(err: anyhow::Error, url: &str, global: &Global) -> anyhow::Error {
    let location = DbLocation::find(global.cards.as_deref());
    let in_use = match (&location, location.open()) {
        (DbLocation::Embedded, Ok(db)) => match db.snapshot_date() {
            Some(date) => format!("the list built into vtesdeck, of {date}, is still used"),
            None => "the list built into vtesdeck is still used".to_string(),
        },
        (DbLocation::Embedded, Err(_)) => "the list built into vtesdeck is still used".to_string(),
        (_, _) => format!(
            "the card list in use ({}) is left as it was",
            location.found_by()
        ),
    };
    anyhow::anyhow!(
        "{}; {in_use}; to install a newer one without this network, download {url} \
         another way and run `vtesdeck db import PATH`",
        super::error_text(&err)
    )
}

/// The official card list zip, as linked from vekn.net's card lists page.
#[cfg(feature = "download")]
const DEFAULT_DB_URL: &str = "https://www.vekn.net/images/stories/downloads/vtescsv_utf8.zip";

/// The zip `db update` downloads when no URL is given: `$VTESDECK_DB_URL`
/// when set, else the official one.
#[cfg(feature = "download")]
fn db_url_from_env() -> String {
    std::env::var("VTESDECK_DB_URL")
        .ok()
        .filter(|u| !u.trim().is_empty())
        .unwrap_or_else(|| DEFAULT_DB_URL.to_string())
}

/// `db update` in a build without the `download` feature.
#[cfg(not(feature = "download"))]
fn update_db(_update: &UpdateArgs, _global: &Global) -> anyhow::Result<Outcome> {
    anyhow::bail!(
        "this vtesdeck was built without downloading (the `download` feature); \
         download the VEKN vtescsv_utf8.zip and run `vtesdeck db import PATH`"
    )
}

/// Downloads `url` within `deadline`, with a progress bar on standard error
/// (none when it is not a terminal, or `quiet`).
#[cfg(feature = "download")]
fn fetch(
    url: &str,
    deadline: std::time::Duration,
    quiet: bool,
) -> Result<Vec<u8>, vtesdeck::cards::install::InstallError> {
    use indicatif::{ProgressBar, ProgressStyle};
    use std::io::IsTerminal;
    let bar = if !quiet && std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(0);
        if let Ok(style) =
            ProgressStyle::with_template("{spinner} {bytes}/{total_bytes} {wide_bar} {eta}")
        {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let result = install::download(url, deadline, &mut |done, total| {
        if let Some(total) = total {
            bar.set_length(total);
        }
        bar.set_position(done);
    });
    bar.finish_and_clear();
    result
}

/// Prints the install report, with a note when `$VTESDECK_CARDS` will still win.
fn finish(report: &str, target: &Path, global: &Global) -> anyhow::Result<Outcome> {
    write!(std::io::stdout().lock(), "{report}")?;
    // Where the next command finds the database without `--cards`: the
    // environment's folder wins over this copy.
    if let (None, DbLocation::Env(dir)) = (&global.cards, DbLocation::find(None)) {
        if dir != target {
            let _ = writeln!(
                std::io::stderr(),
                "vtesdeck: note: {CARDS_ENV}={} is set and is used instead of this copy",
                dir.display()
            );
        }
    }
    Ok(Outcome::Ok)
}

/// Where `db update`/`db import` install: `--cards DIR`, else the user data folder.
fn install_target(into: &InstallInto, global: &Global) -> anyhow::Result<PathBuf> {
    match into.cards.as_ref().or(global.cards.as_ref()) {
        Some(dir) => Ok(dir.clone()),
        None => db_location::user_dir().context(
            "no user data folder (is HOME set?); pass --cards DIR to choose where to install",
        ),
    }
}

/// The install observer of the CLI: one line on standard error when another
/// install holds the lock and this one waits for it (none when `quiet`).
fn tell_waiting(target: &Path, quiet: bool) -> impl FnMut(InstallStep) + '_ {
    move |step| {
        if step == InstallStep::Waiting && !quiet {
            let _ = writeln!(
                std::io::stderr(),
                "vtesdeck: another install into {} is running; waiting for it to finish",
                target.display()
            );
        }
    }
}

/// Days after its date when the built-in snapshot is called old.
const STALE_SNAPSHOT_DAYS: i64 = 365;

/// The one line said when the database in use is the built-in snapshot and it
/// is more than a year old on `today`; `None` otherwise.
pub fn stale_snapshot_note(db: &CardDb, today: chrono::NaiveDate) -> Option<String> {
    let date = db.snapshot_date()?;
    let age = (today - date).num_days();
    (age > STALE_SNAPSHOT_DAYS).then(|| {
        format!(
            "note: using the card list built into vtesdeck, dated {date} ({age} days old); \
             `vtesdeck db update` downloads the current one"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_snapshot_is_old_after_one_year() {
        let db = CardDb::embedded().unwrap();
        let date = db.snapshot_date().unwrap();
        let day = |days| date + chrono::Duration::days(days);
        assert_eq!(stale_snapshot_note(&db, day(0)), None);
        assert_eq!(stale_snapshot_note(&db, day(365)), None);
        let note = stale_snapshot_note(&db, day(366)).unwrap();
        assert!(note.contains("366 days old"), "{note}");
        assert!(note.contains("vtesdeck db update"), "{note}");
        assert!(!note.contains('\n'), "{note}");
    }
}
