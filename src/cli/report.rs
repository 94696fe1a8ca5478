//! `vtesdeck report`: a deck on one self-contained HTML page, or a folder of
//! decks as one page each and an `index.html`.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::output::output_file::OutputFile;
use crate::output::report::{self, DeckReport, IndexRow, Provenance};
use anyhow::{bail, Context as _};
use clap::Args;
use rayon::prelude::*;
use vtesdeck::analysis::Stats;
use vtesdeck::cards::{quantity, CardDb};
use vtesdeck::deck::Deck;
use vtesdeck::formats::{skipped_when_read, InputError};
use vtesdeck::rules::Checker;
use vtesdeck::sim::{
    DrawOdds, DrawOptions, GoldfishReport, Seed, TransferCurve, TransferOptions, SEATS,
};

use super::check::JudgeArgs;
use super::progress::Progress;
use super::sim_options::SimArgs;
use super::{inputs, report_input_error, Global, Outcome};

/// The long `--help` text of `vtesdeck report`.
pub const LONG_ABOUT: &str = "A deck on one HTML page, with charts; a folder of decks as one page each and an index.

The page is self-contained (inline CSS and SVG, no script, nothing loaded from the network; it prints well): the deck as a TWD list; the legality verdict under --profile and --date with each problem and its line (as `check` gives it); the composition (types, costs, trifles, clans, groups); a chart of the crypt capacities by group; a chart of the crypt's disciplines (inferior, superior) beside the library's requirements; the cards no crypt card can play; the opening-hand odds (as `draw` gives them, with the same seed); the transfer curve by seat (the chart of `transfers --plot`); the deck played alone at an idle table (as `goldfish` gives it, with the same seed: the pool taken by turn, the oust turn, the coverage and the assumptions).

FILE or `-`: one page, written to -o FILE (default: standard output). DIR: every decklist under it, one page each in OUT/decks/ (the file's path under DIR, with `.html` added) and OUT/index.html, a table of the decks (name, legal, crypt, library, groups, clans, problems) that sorts by a column when clicked; -o OUT is required. Existing files are kept unless --force; every output file is checked before any work and written through a temporary file.

Exit status: 0 every deck legal; 1 a deck illegal or with an unresolved line; 2 on an error (an unreadable deck, or one that cannot be judged such as --date event without an event date: the other pages are still written, and the page or the index says why).";

/// Arguments of `vtesdeck report` (see [`LONG_ABOUT`]).
#[derive(Debug, Args)]
pub struct ReportArgs {
    /// Decklist file, folder of decklists (read recursively), or `-` for standard
    /// input (read when no input is given and it is not a terminal).
    #[arg(value_name = "FILE|DIR|-")]
    input: Option<PathBuf>,

    #[command(flatten)]
    selection: inputs::FileSelectionArgs,

    #[command(flatten)]
    deck_format: inputs::DeckFormat,

    /// Where to write: the page of one deck (`-`: standard output, the default),
    /// or for a folder, the folder of the report (created when missing; its parent must exist).
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,

    /// Overwrite existing pages (regular files only: never a folder, a
    /// symbolic link or a device).
    #[arg(long)]
    force: bool,

    #[command(flatten)]
    judge: JudgeArgs,

    /// Title of the folder's index page (default: the folder's name).
    #[arg(long, value_name = "TEXT")]
    title: Option<String>,

    #[command(flatten)]
    sim: SimArgs,
}

/// A deck file of a folder report and its page: the link from the index and
/// the checked output file, or why the input yields no deck.
type FolderPage = (PathBuf, Result<(String, OutputFile), inputs::InputProblem>);

/// Where the pages go.
enum Target {
    /// One page to standard output.
    Stdout,
    /// One page to a file.
    File(OutputFile),
    /// A folder report: each deck's page, and the index.
    Folder {
        pages: Vec<FolderPage>,
        index: OutputFile,
        /// How many files of the folder the walk skipped as not decklists.
        skipped: usize,
    },
}

/// Runs `report`.
pub fn run(args: &ReportArgs, global: &Global) -> anyhow::Result<Outcome> {
    let profile = args.judge.profile()?;
    // The one input given, or standard input when it is not a terminal.
    let input = inputs::paths_or_stdin(args.input.as_slice())?.remove(0);
    // Every output is checked before the card database is loaded and the decks simulated.
    let target = target(args, &input, global.quiet)?;
    let db = global.card_db()?;
    let checker = args.judge.checker(&db, &profile)?;
    let seed = args.sim.seed();
    let provenance = provenance(&db);
    let work = Work {
        db: &db,
        checker: &checker,
        args,
        input: &input,
        seed,
        quiet: global.quiet,
    };
    match target {
        Target::Stdout | Target::File(_) => {
            let deck = inputs::load(&input, args.deck_format.input_format, &db)?;
            let progress =
                Progress::new(args.sim.samples * (1 + 2 * u64::from(SEATS)), global.quiet);
            let (page, outcome) = args
                .sim
                .install(|| work.page(&deck, &provenance, &|n| progress.advance(n)))?;
            progress.finish();
            match target {
                Target::File(file) => {
                    file.write(page.as_bytes())?;
                    let mut out = std::io::stdout().lock();
                    writeln!(
                        out,
                        "{}: the page of {}",
                        file.path().display(),
                        input.display()
                    )?;
                }
                _ => {
                    let mut out = std::io::stdout().lock();
                    out.write_all(page.as_bytes())?;
                    out.flush()?;
                }
            }
            Ok(outcome)
        }
        Target::Folder {
            pages,
            index,
            skipped,
        } => {
            let progress = Progress::new(pages.len() as u64, global.quiet);
            let results: Vec<Option<(IndexRow, Outcome)>> = args.sim.install(|| {
                pages
                    .par_iter()
                    .map(|(path, page)| {
                        let result = work.folder_page(
                            path,
                            page,
                            args.deck_format.input_format,
                            &provenance,
                        );
                        progress.advance(1);
                        result
                    })
                    .collect()
            })?;
            progress.finish();
            let mut outcome = Outcome::Ok;
            let mut rows = Vec::with_capacity(results.len());
            let late = results.iter().filter(|result| result.is_none()).count();
            for (row, deck_outcome) in results.into_iter().flatten() {
                outcome = outcome.merge(deck_outcome);
                rows.push(row);
            }
            // Every file skipped, once read: the folder holds no decklist.
            if rows.is_empty() && late > 0 {
                return Err(InputError::NoDecklist {
                    path: input.clone(),
                    skipped: skipped + late,
                }
                .into());
            }
            let title = args.title.clone().unwrap_or_else(|| folder_title(&input));
            index.write(report::index_page(&title, &rows, &provenance).as_bytes())?;
            let written = rows.iter().filter(|r| r.page.is_some()).count();
            let mut out = std::io::stdout().lock();
            writeln!(
                out,
                "{}: {} and the index",
                index.path().display(),
                quantity(written as u64, "deck page", "deck pages")
            )?;
            Ok(outcome)
        }
    }
}

/// The outputs the arguments ask for, checked (folders exist, files absent or `--force`).
fn target(args: &ReportArgs, input: &Path, quiet: bool) -> anyhow::Result<Target> {
    let is_folder = input.as_os_str() != "-" && input.is_dir();
    if !is_folder {
        if args.title.is_some() {
            bail!("--title names the index of a folder report; the page of one deck takes the deck's name");
        }
        use std::io::IsTerminal;
        return Ok(match &args.output {
            // Never HTML poured on a terminal: the page goes to a file of the deck's name.
            None if std::io::stdout().is_terminal() => {
                Target::File(OutputFile::check(&page_name(input), args.force)?)
            }
            None => Target::Stdout,
            Some(path) if path.as_os_str() == "-" => Target::Stdout,
            // A folder (existing, or written with a trailing `/`): the page in it.
            Some(path) if path.is_dir() || path.to_string_lossy().ends_with(['/', '\\']) => {
                if !path.is_dir() {
                    std::fs::create_dir(path).with_context(|| {
                        format!("{}: cannot create the folder of the page", path.display())
                    })?;
                }
                Target::File(OutputFile::check(&path.join(page_name(input)), args.force)?)
            }
            Some(path) => Target::File(OutputFile::check(path, args.force)?),
        });
    }
    let Some(folder) = args.output.clone() else {
        bail!(
            "{}: a folder report is a folder of pages: give -o OUT (OUT/index.html and \
             OUT/decks/...)",
            input.display()
        );
    };
    if folder.as_os_str() == "-" {
        bail!("-o -: a folder report cannot go to standard output; give -o OUT");
    }
    // The folder's decklists first: with none, nothing is written.
    let mut walked = inputs::walk(
        std::slice::from_ref(&input.to_path_buf()),
        &args.selection.selection(),
    );
    if !quiet {
        inputs::note_skipped(&walked.skipped);
    }
    if !walked.files.iter().any(Result::is_ok) {
        if let Some(Err(problem)) = walked.files.pop() {
            return Err(anyhow::Error::from(problem.error)
                .context(format!("nothing written to {}", folder.display())));
        }
    }
    if folder.symlink_metadata().is_ok() && !folder.is_dir() {
        bail!(
            "{}: exists and is not a folder; the report of a folder is written in a folder",
            folder.display()
        );
    }
    if !folder.is_dir() {
        // The report folder is created, not the folders above it: a mistyped
        // path stops here instead of growing a tree.
        let parent = match folder.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        if !parent.is_dir() {
            bail!(
                "{}: no folder {} to create the report folder in",
                folder.display(),
                parent.display()
            );
        }
        std::fs::create_dir(&folder)
            .with_context(|| format!("{}: cannot create the report folder", folder.display()))?;
    }
    let mut pages = Vec::new();
    for file in walked.files {
        match file {
            Ok(path) => {
                let relative = page_path(&path, input);
                // Never through a link inside the report folder.
                let file = OutputFile::check_inside(&folder, &relative, args.force)?;
                let link = relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join("/");
                pages.push((path, Ok((link, file))));
            }
            Err(problem) => pages.push((problem.path.clone(), Err(problem))),
        }
    }
    let index = OutputFile::check(&folder.join("index.html"), args.force)?;
    Ok(Target::Folder {
        pages,
        index,
        skipped: walked.skipped.len(),
    })
}

/// The file name of the page of one deck: its file's name with `.html` for
/// its last extension (`brujah-rush.txt`: `brujah-rush.html`), `deck.html`
/// for standard input or a VDB deck URL.
fn page_name(input: &Path) -> PathBuf {
    let named = input.as_os_str() != "-" && input.is_file();
    match input.file_stem().filter(|_| named) {
        Some(stem) => {
            let mut name = stem.to_os_string();
            name.push(".html");
            PathBuf::from(name)
        }
        None => PathBuf::from("deck.html"),
    }
}

/// The page of a deck file of a folder report, relative to the report folder:
/// `decks/` + its path under the folder + `.html` (`decks/sub/foo.txt.html`).
fn page_path(path: &Path, folder: &Path) -> PathBuf {
    let relative = path.strip_prefix(folder).unwrap_or(path);
    let mut name = relative.as_os_str().to_os_string();
    name.push(".html");
    Path::new("decks").join(name)
}

/// The index's default title: the folder's name.
fn folder_title(folder: &Path) -> String {
    let absolute = std::path::absolute(folder).unwrap_or_else(|_| folder.to_path_buf());
    absolute.file_name().map_or_else(
        || folder.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// What the pages say about how they were made.
fn provenance(db: &CardDb) -> Provenance {
    let newest = db
        .sets()
        .iter()
        .filter(|s| s.release.is_some())
        .max_by_key(|s| s.release);
    let card_db = match newest {
        Some(set) => format!(
            "of {} cards, newest set {} ({})",
            db.cards().len(),
            set.name,
            set.release.map_or_else(String::new, |d| d.to_string())
        ),
        None => format!("of {} cards", db.cards().len()),
    };
    Provenance {
        generator: format!("vtesdeck {}", env!("CARGO_PKG_VERSION")),
        card_db,
    }
}

/// What every page is computed with.
struct Work<'a> {
    db: &'a CardDb,
    checker: &'a Checker<'a>,
    args: &'a ReportArgs,
    /// The input: the one given, or `-`.
    input: &'a Path,
    seed: Seed,
    /// `--quiet`: no note of the files skipped.
    quiet: bool,
}

impl Work<'_> {
    /// The page of a deck and what it found.
    fn page(
        &self,
        deck: &Deck,
        provenance: &Provenance,
        progress: &(dyn Fn(u64) + Sync),
    ) -> (String, Outcome) {
        let data = self.report(deck, progress);
        let outcome = deck_outcome(&data);
        (report::deck_page(&data, provenance), outcome)
    }

    /// Computes everything a deck page shows.
    fn report<'d>(&'d self, deck: &'d Deck, progress: &(dyn Fn(u64) + Sync)) -> DeckReport<'d> {
        // The hand, the crypt cards dealt, the turns and the vampires aimed at
        // are the defaults of `draw` and `transfers`; every seat, cheapest policy.
        let draw = DrawOptions {
            samples: self.args.sim.samples,
            seed: self.seed,
            ..DrawOptions::default()
        };
        let transfers = TransferOptions {
            samples: self.args.sim.samples,
            seed: self.seed,
            ..TransferOptions::default()
        };
        let goldfish = TransferOptions {
            samples: self.args.sim.samples,
            seed: self.seed,
            ..TransferOptions::default()
        };
        DeckReport {
            deck,
            db: self.db,
            check: self.checker.check(deck),
            stats: Stats::of_deck(deck, self.db),
            draw: DrawOdds::compute(deck, self.db, &draw, progress),
            transfers: TransferCurve::simulate(deck, self.db, &transfers, &|n| {
                progress(n * u64::from(SEATS));
            }),
            goldfish: GoldfishReport::simulate(deck, self.db, &goldfish, &|n| {
                progress(n * u64::from(SEATS));
            }),
        }
    }

    /// Reads, computes and writes the page of one deck of a folder report;
    /// its row of the index. `None` for a file that holds no card line: not
    /// a decklist, skipped (noted on standard error unless `--quiet`), as
    /// every command skips it in a folder.
    fn folder_page(
        &self,
        path: &Path,
        page: &Result<(String, OutputFile), inputs::InputProblem>,
        input_format: Option<vtesdeck::deck::Format>,
        provenance: &Provenance,
    ) -> Option<(IndexRow, Outcome)> {
        let failed = |error: &anyhow::Error| {
            report_input_error(error);
            Some((
                IndexRow {
                    page: None,
                    path: path.display().to_string(),
                    name: path.file_name().map_or_else(
                        || path.display().to_string(),
                        |n| n.to_string_lossy().into_owned(),
                    ),
                    legal: Err(super::error_text(error)),
                    crypt: 0,
                    library: 0,
                    groups: String::new(),
                    clans: String::new(),
                    errors: 0,
                    warnings: 0,
                    rules: Vec::new(),
                },
                Outcome::Error,
            ))
        };
        let (link, file) = match page {
            Ok(page) => page,
            Err(problem) => return failed(&anyhow::anyhow!("{}", problem.error)),
        };
        let deck = match inputs::load(path, input_format, self.db) {
            Ok(deck) => deck,
            Err(err) => {
                let skipped = err
                    .downcast_ref::<InputError>()
                    .and_then(|err| skipped_when_read(path, err));
                if let Some(skipped) = skipped {
                    if !self.quiet {
                        inputs::note_skipped(std::slice::from_ref(&skipped));
                    }
                    return None;
                }
                return failed(&err);
            }
        };
        let data = self.report(&deck, &|_| {});
        let outcome = deck_outcome(&data);
        let html = report::deck_page(&data, provenance);
        if let Err(err) = file.write(html.as_bytes()) {
            return failed(&err.into());
        }
        let mut row = index_row(&data, link.clone());
        // The index names files as the folder holds them.
        if let Ok(relative) = path.strip_prefix(self.input) {
            row.path = relative.display().to_string();
        }
        Some((row, outcome))
    }
}

/// An error when the deck could not be judged (reported on standard error, as
/// `check` does; the page says it too), findings when it is illegal or has a
/// line that named no card.
fn deck_outcome(report: &DeckReport) -> Outcome {
    match &report.check {
        Err(err) => {
            report_input_error(&anyhow::anyhow!("{err}"));
            Outcome::Error
        }
        Ok(check) if !check.legal || !report.deck.unresolved.is_empty() => Outcome::Findings,
        Ok(_) => Outcome::Ok,
    }
}

/// The deck's row of the index.
fn index_row(data: &DeckReport, page: String) -> IndexRow {
    let crypt = &data.stats.crypt;
    let (legal, errors, warnings, rules) = match &data.check {
        Ok(check) => {
            // The rules of the errors and warnings counted beside them (as
            // `check` counts them: info notes are not problems).
            let mut rules: Vec<String> = Vec::new();
            for problem in check.errors().chain(check.warnings()) {
                if !rules.iter().any(|r| r == problem.rule) {
                    rules.push(problem.rule.to_string());
                }
            }
            (
                Ok(check.legal),
                check.errors().count(),
                check.warnings().count(),
                rules,
            )
        }
        Err(err) => (Err(err.to_string()), 0, 0, Vec::new()),
    };
    IndexRow {
        page: Some(page),
        path: data.deck.path_label(),
        name: report::page_title(data),
        legal,
        crypt: crypt.count,
        library: data.stats.library.count,
        groups: crypt
            .groups
            .iter()
            .map(|g| g.name.clone())
            .collect::<Vec<_>>()
            .join(", "),
        clans: crypt
            .clans
            .iter()
            .map(|c| format!("{} ×{}", c.name, c.count))
            .collect::<Vec<_>>()
            .join(", "),
        errors,
        warnings,
        rules,
    }
}
