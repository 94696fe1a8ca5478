//! `vtesdeck db update|import|info`: get, install and describe the card database,
//! and the download on first use.

use std::io::{Cursor, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use vtesdeck::cards::download::{self, DEFAULT_DB_URL};
use vtesdeck::cards::{install, CardDb, DbInfo, InstallError, InstallStep, CARDS_ENV};
use vtesdeck::output::db_text;

use super::{Global, Outcome};

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
    /// Show the card database in use: folder, source, age, card counts, newest set.
    Info(InfoArgs),
}

/// Arguments of `db update`.
#[derive(Debug, Args)]
struct UpdateArgs {
    /// The zip to download.
    #[arg(long, env = download::DB_URL_ENV, default_value = DEFAULT_DB_URL)]
    url: String,

    /// Give up when the download is not finished after this many seconds
    /// (besides the 30 s connect and 60 s per-read timeouts).
    #[arg(long, value_name = "SECS", default_value_t = download::DEFAULT_DEADLINE.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..=86_400))]
    timeout: u64,
}

/// Arguments of `db import`.
#[derive(Debug, Args)]
struct ImportArgs {
    /// A zip file or a folder with the VEKN CSV files (at the top or in one sub-folder).
    #[arg(value_name = "PATH")]
    path: PathBuf,
}

/// Arguments of `db info`.
#[derive(Debug, Args)]
struct InfoArgs {
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// Runs a `db` subcommand: exit 0 on success, 2 on an error (the previous database
/// is then left as it was).
pub fn run(args: &DbArgs, global: &Global) -> anyhow::Result<Outcome> {
    match &args.command {
        DbCommand::Update(update) => {
            if global.offline {
                anyhow::bail!(
                    "`db update` needs the network but --offline (or VTESDECK_OFFLINE) is set; \
                     use `vtesdeck db import PATH` with a downloaded zip or folder"
                );
            }
            let target = install_target(global)?;
            install::check_target(&target)?;
            let bytes = fetch(&update.url, Duration::from_secs(update.timeout))?;
            let report = install::install_zip(
                Cursor::new(bytes),
                &update.url,
                &target,
                &mut tell_waiting(&target),
            )?;
            finish(&db_text::render_install(&report), &target, global)
        }
        DbCommand::Import(import) => {
            let target = install_target(global)?;
            let report = install::import(&import.path, &target, &mut tell_waiting(&target))?;
            finish(&db_text::render_install(&report), &target, global)
        }
        DbCommand::Info(info_args) => {
            let (dir, found_by) = match (&global.cards, env_cards()) {
                (Some(dir), _) => (dir.clone(), "--cards"),
                (None, Some(dir)) => (dir, CARDS_ENV),
                (None, None) => (CardDb::locate(None)?, "user data folder"),
            };
            let db = CardDb::load(&dir)?;
            let info = DbInfo::new(&db, found_by, chrono::Utc::now());
            let mut out = std::io::stdout().lock();
            if info_args.json {
                serde_json::to_writer(&mut out, &info)?;
                writeln!(out)?;
            } else {
                write!(out, "{}", db_text::render_info(&info))?;
            }
            Ok(Outcome::Ok)
        }
    }
}

/// Prints the install report, with a note when `$VTESDECK_CARDS` will still win.
fn finish(report: &str, target: &Path, global: &Global) -> anyhow::Result<Outcome> {
    write!(std::io::stdout().lock(), "{report}")?;
    if global.cards.is_none() {
        if let Some(dir) = env_cards().filter(|dir| dir != target) {
            let _ = writeln!(
                std::io::stderr(),
                "vtesdeck: note: {CARDS_ENV}={} is set and is used instead of this copy",
                dir.display()
            );
        }
    }
    Ok(Outcome::Ok)
}

fn env_cards() -> Option<PathBuf> {
    std::env::var_os(CARDS_ENV)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

/// Where `db update`/`db import` install: `--cards DIR`, else the user data folder.
fn install_target(global: &Global) -> anyhow::Result<PathBuf> {
    match &global.cards {
        Some(dir) => Ok(dir.clone()),
        None => CardDb::user_dir().context(
            "no user data folder (is HOME set?); pass --cards DIR to choose where to install",
        ),
    }
}

/// The install observer of the CLI: one line on standard error when another
/// install holds the lock and this one waits for it.
fn tell_waiting(target: &Path) -> impl FnMut(InstallStep) + '_ {
    move |step| {
        if step == InstallStep::Waiting {
            let _ = writeln!(
                std::io::stderr(),
                "vtesdeck: another install into {} is running; waiting for it to finish",
                target.display()
            );
        }
    }
}

/// Downloads `url` within `deadline`, with a progress bar on standard error
/// (none when it is not a terminal).
fn fetch(url: &str, deadline: Duration) -> Result<Vec<u8>, InstallError> {
    let bar = if std::io::stderr().is_terminal() {
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
    let result = download::download(url, deadline, &mut |done, total| {
        if let Some(total) = total {
            bar.set_length(total);
        }
        bar.set_position(done);
    });
    bar.finish_and_clear();
    result
}

/// First use: no database anywhere. Downloads it into the user data folder as
/// `db update` does, unless offline; any failure names `db update` and `db import`.
pub fn first_use(global: &Global, searched: &str) -> anyhow::Result<CardDb> {
    let remedy = "run `vtesdeck db update` to download it, or `vtesdeck db import PATH` \
                  with the VEKN vtescsv_utf8.zip or a folder of its CSV files \
                  (or pass --cards DIR)";
    if global.offline {
        anyhow::bail!(
            "no card database found (looked in: {searched}) and --offline (or VTESDECK_OFFLINE) \
             forbids downloading it; {remedy}"
        );
    }
    let Some(target) = CardDb::user_dir() else {
        anyhow::bail!("no card database found and no user data folder to put one in; {remedy}");
    };
    // An install interrupted where folders cannot be exchanged may have left
    // the database beside its place: put it back rather than download again.
    if install::clear_leftovers(&target).unwrap_or(false) {
        if let Ok(db) = CardDb::load(&target) {
            return Ok(db);
        }
    }
    let url = download::db_url_from_env();
    let _ = writeln!(
        std::io::stderr(),
        "vtesdeck: no card database yet: downloading {url} into {}",
        target.display()
    );
    let installed = fetch(&url, download::DEFAULT_DEADLINE).and_then(|bytes| {
        install::install_zip(
            Cursor::new(bytes),
            &url,
            &target,
            &mut tell_waiting(&target),
        )
    });
    match installed {
        Ok(_) => Ok(CardDb::load(&target)?),
        Err(err) => Err(anyhow::anyhow!(
            "could not get the card database: {err}; {remedy}"
        )),
    }
}
