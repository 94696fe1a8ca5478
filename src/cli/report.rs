//! `vtesdeck report`: a deck on one self-contained HTML page, or several
//! decks (files, folders) as one page each and an `index.html`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::output::output_file::OutputFile;
use crate::output::report::{self, DeckReport, IndexRow, Provenance};
use anyhow::{bail, Context as _};
use clap::Args;
use rayon::prelude::*;
use vtesdeck::analysis::Stats;
use vtesdeck::cards::{quantity, CardDb};
use vtesdeck::deck::Deck;
use vtesdeck::formats::{skipped_when_read, DeckError, FileSelection, InputError};
use vtesdeck::rules::Checker;
use vtesdeck::sim::{
    DrawOdds, DrawOptions, GoldfishReport, Seed, TransferCurve, TransferOptions, SEATS,
};

use super::check::JudgeArgs;
use super::progress::Progress;
use super::sim_options::SimArgs;
use super::{inputs, report_input_error, Global, Outcome};

/// The long `--help` text of `vtesdeck report`.
pub const LONG_ABOUT: &str = "A deck on one HTML page, with charts; several decks (files, folders) as one page each and an index.

The page is self-contained (inline CSS and SVG, no script, nothing loaded from the network; it prints well): the deck as a TWD list; the legality verdict under --profile and --date with each problem and its line (as `check` gives it); the composition (types, costs, trifles, clans, groups); a chart of the crypt capacities by group; a chart of the crypt's disciplines (inferior, superior) beside the library's requirements; the cards no crypt card can play; the opening-hand odds (as `draw` gives them, with the same seed); the transfer curve by seat (the chart of `transfers --plot`); the deck played alone at an idle table (as `goldfish` gives it, with the same seed: the pool taken by turn, the oust turn, the coverage and the assumptions).

One FILE of one deck or `-`: one page, written to -o FILE, into -o FOLDER/, or to standard output (-o -). Without -o it goes to standard output when that is not a terminal (a pipe, a file), else to a file of the deck's name in the current folder (`brujah-rush.txt`: `brujah-rush.html`), never HTML on a terminal; the line printed says where.

Several inputs, or a folder: every deck they hold, one page each in OUT/decks/ and OUT/index.html, a table of the decks (name, legal, crypt, library, groups, clans, problems) that sorts by a column when clicked. A page is named by the file's path under the folder given (the file's name for a file given), with `.html` added (`-2`, `-3`... when two decks would share a name); a file of several decks among them, a page per deck named after the file's page (`decks/sub/many.jsonl-2.html`), its rows labelled `FILE#N`. OUT is -o OUT, else NAME-report in the current folder for one folder NAME, vtesdeck-report for several inputs; the line printed says where.

One FILE of several decks (JSON Lines, a JSON array of decks, a KRCG archive, an XML document of several decks, a text of two complete decks): the same report, a page per deck named by its record (`decks.jsonl#2`: `decks/decks-2.html`), the index's rows labelled `FILE#N` as `check` labels them; OUT is -o OUT, else NAME-report for a file NAME.EXT (never standard output: -o - is refused). The decks are read as their pages are written, not all kept.

Existing files are kept unless --force; every output file is checked before any work and written through a temporary file.

Exit status: 0 every deck legal; 1 a deck illegal or with an unresolved line; 2 on an error (an unreadable deck, or one that cannot be judged such as --date event without an event date: the other pages are still written, and the page or the index says why).";

/// Arguments of `vtesdeck report` (see [`LONG_ABOUT`]).
#[derive(Debug, Args)]
pub struct ReportArgs {
    /// Decklist files, folders of decklists (read recursively), VDB deck URLs,
    /// or `-` for standard input (read when no input is given and it is not a
    /// terminal). One file of one deck: one page; several inputs, a folder or
    /// a file of several decks: a page per deck and an index.
    #[arg(value_name = "PATH")]
    inputs: Vec<PathBuf>,

    #[command(flatten)]
    selection: inputs::FileSelectionArgs,

    #[command(flatten)]
    deck_format: inputs::DeckFormat,

    /// Where to write: the page of one deck (a file, a FOLDER/ to put it in, or
    /// `-` for standard output), or for several decks the folder of the report
    /// (created when missing; its parent must exist). Default: see above.
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,

    /// Overwrite existing pages (regular files only: never a folder, a
    /// symbolic link or a device).
    #[arg(long)]
    force: bool,

    #[command(flatten)]
    judge: JudgeArgs,

    /// Title of the index page (default: the name of the folder given, or of
    /// the report folder for several inputs).
    #[arg(long, value_name = "TEXT")]
    title: Option<String>,

    #[command(flatten)]
    sim: SimArgs,
}

/// A deck file of a report of several decks, and its page.
struct FolderPage {
    /// The deck file.
    path: PathBuf,
    /// How the index names it: its path under the folder given when one
    /// folder is given, else as the walk found it.
    label: String,
    /// Given by name, not found in a folder: holding no decklist, it is an
    /// error rather than a file skipped.
    named: bool,
    /// The link from the index and the checked output file, or why the input
    /// yields no deck.
    page: Result<(String, OutputFile), inputs::InputProblem>,
}

/// Where the pages go.
enum Target {
    /// One page to standard output.
    Stdout,
    /// One page to a file.
    File(OutputFile),
    /// A report of several decks: each deck's page, and the index.
    Folder {
        pages: Vec<FolderPage>,
        /// Every page's link, in lower case: the pages of a file of several
        /// decks, named once it is read, take none of them.
        links: Vec<String>,
        /// The report folder.
        folder: PathBuf,
        index: OutputFile,
        /// How many files of the folders the walk skipped as not decklists.
        skipped: usize,
        /// The index's title.
        title: String,
    },
}

/// Runs `report`.
pub fn run(args: &ReportArgs, global: &Global) -> anyhow::Result<Outcome> {
    let profile = args.judge.profile()?;
    // The inputs given, or standard input when it is not a terminal.
    let inputs = inputs::paths_or_stdin(&args.inputs)?;
    let input = inputs[0].clone();
    // Every output is checked before the card database is loaded and the decks simulated.
    let target = target(args, &inputs, global.quiet)?;
    let db = global.card_db()?;
    let checker = args.judge.checker(&db, &profile)?;
    let seed = args.sim.seed();
    let provenance = provenance(&db);
    let work = Work {
        db: &db,
        checker: &checker,
        args,
        seed,
        quiet: global.quiet,
    };
    match target {
        Target::Stdout | Target::File(_) => {
            let deck = match inputs::load(&input, args.deck_format.input_format, &db) {
                Ok(deck) => deck,
                // A file of several decks: a page each and an index, as a folder.
                Err(err) => match several_decks(&err) {
                    Some(count) => return work.file_of_decks(&input, count, &provenance),
                    None => return Err(err),
                },
            };
            if args.title.is_some() {
                bail!("--title names the index of a report of several decks; the page of one deck takes the deck's name");
            }
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
            links,
            folder,
            index,
            skipped,
            title,
        } => {
            let progress = Progress::new(pages.len() as u64, global.quiet);
            let report_folder = ReportFolder {
                folder: &folder,
                links: Mutex::new(links),
            };
            let results: Vec<Vec<(IndexRow, Outcome)>> = args.sim.install(|| {
                pages
                    .par_iter()
                    .map(|page| {
                        let result = work.folder_page(
                            page,
                            &report_folder,
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
            let late = results.iter().filter(|result| result.is_empty()).count();
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
            write_index(&index, &title, &rows, &provenance)?;
            Ok(outcome)
        }
    }
}

/// Writes the index of a report of several decks, and says where and how
/// many deck pages it links.
fn write_index(
    index: &OutputFile,
    title: &str,
    rows: &[IndexRow],
    provenance: &Provenance,
) -> anyhow::Result<()> {
    index.write(report::index_page(title, rows, provenance).as_bytes())?;
    let written = rows.iter().filter(|r| r.page.is_some()).count();
    writeln!(
        std::io::stdout().lock(),
        "{}: {} and the index",
        index.path().display(),
        quantity(written as u64, "deck page", "deck pages")
    )?;
    Ok(())
}

/// The outputs the arguments ask for, checked (folders exist, files absent or `--force`).
fn target(args: &ReportArgs, inputs: &[PathBuf], quiet: bool) -> anyhow::Result<Target> {
    let is_folder = |input: &Path| input.as_os_str() != "-" && input.is_dir();
    if let [input] = inputs {
        if !is_folder(input) {
            return page_target(args, input);
        }
    }
    let folder = match &args.output {
        Some(folder) if folder.as_os_str() == "-" => bail!(
            "-o -: a report of several decks is a folder of pages, not standard output; give -o OUT"
        ),
        Some(folder) => folder.clone(),
        // The report folder in the current folder, named for what it holds.
        None => match inputs {
            [input] => PathBuf::from(format!("{}-report", folder_title(input))),
            _ => PathBuf::from("vtesdeck-report"),
        },
    };
    // The decklists first: with none, nothing is written. Each input walked
    // on its own, so that its pages are named by their path under it.
    let selection = args.selection.selection();
    let mut files = Vec::new();
    let mut skipped = Vec::new();
    for root in inputs {
        let walked = inputs::walk(std::slice::from_ref(root), &selection);
        skipped.extend(walked.skipped);
        files.extend(walked.files.into_iter().map(|file| (root, file)));
    }
    if !quiet {
        inputs::note_skipped(&skipped);
    }
    if !files.iter().any(|(_, file)| file.is_ok()) {
        if let Some((_, Err(problem))) = files.pop() {
            return Err(anyhow::Error::from(problem.error)
                .context(format!("nothing written to {}", folder.display())));
        }
    }
    create_report_folder(&folder)?;
    let one_folder = inputs.len() == 1;
    let mut links: Vec<String> = Vec::new();
    let mut pages = Vec::new();
    for (root, file) in files {
        match file {
            Ok(path) => {
                let relative = unique_page(page_path(&path, root), &links);
                // Never through a link inside the report folder.
                let file = OutputFile::check_inside(&folder, &relative, args.force)?;
                let link = link_of(&relative);
                links.push(link.to_lowercase());
                let label = match path.strip_prefix(root) {
                    Ok(under) if one_folder => under.display().to_string(),
                    _ => path.display().to_string(),
                };
                pages.push(FolderPage {
                    named: path == *root,
                    path,
                    label,
                    page: Ok((link, file)),
                });
            }
            Err(problem) => pages.push(FolderPage {
                path: problem.path.clone(),
                label: problem.path.display().to_string(),
                named: problem.path == *root,
                page: Err(problem),
            }),
        }
    }
    let index = OutputFile::check(&folder.join("index.html"), args.force)?;
    let title = args.title.clone().unwrap_or_else(|| match inputs {
        [input] => folder_title(input),
        _ => folder_title(&folder),
    });
    Ok(Target::Folder {
        pages,
        links,
        folder,
        index,
        skipped: skipped.len(),
        title,
    })
}

/// Creates the folder of a report of several decks when it is missing (not
/// the folders above it: a mistyped path stops here instead of growing a
/// tree); an error when something else than a folder is there.
fn create_report_folder(folder: &Path) -> anyhow::Result<()> {
    if folder.symlink_metadata().is_ok() && !folder.is_dir() {
        bail!(
            "{}: exists and is not a folder; a report of several decks is written in a folder",
            folder.display()
        );
    }
    if !folder.is_dir() {
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
        std::fs::create_dir(folder)
            .with_context(|| format!("{}: cannot create the report folder", folder.display()))?;
    }
    Ok(())
}

/// The output of the page of one deck: `-o` (a file, a folder written with
/// a trailing `/`, `-`), else standard output when it is not a terminal, else
/// a file of the deck's name: never HTML poured on a terminal.
fn page_target(args: &ReportArgs, input: &Path) -> anyhow::Result<Target> {
    use std::io::IsTerminal;
    Ok(match &args.output {
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

/// The page of a deck file of a report of several decks, relative to the
/// report folder: `decks/` + its path under the folder given (`root`), or
/// the name of a file given, + `.html` (`decks/sub/foo.txt.html`);
/// `decks/deck.html` for standard input or a VDB deck URL.
fn page_path(path: &Path, root: &Path) -> PathBuf {
    let relative = match path.strip_prefix(root) {
        Ok(under) if !under.as_os_str().is_empty() => under.to_path_buf(),
        _ => match path.file_name() {
            Some(name) if path.is_file() => PathBuf::from(name),
            _ => PathBuf::from("deck"),
        },
    };
    let mut name = relative.into_os_string();
    name.push(".html");
    Path::new("decks").join(name)
}

/// The link to a page from the index: its path relative to the report
/// folder, with `/` between folders.
fn link_of(relative: &Path) -> String {
    relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// How many decks the file holds when `error` is the refusal of a file of
/// several decks where one deck is needed.
fn several_decks(error: &anyhow::Error) -> Option<usize> {
    match error.downcast_ref::<InputError>() {
        Some(InputError::Deck(DeckError::SeveralDecks { count, .. })) => Some(*count),
        _ => None,
    }
}

/// `page`, or with `-2`, `-3`... before `.html` when its link (compared in
/// lower case, as a file system that ignores case would) is `taken`: two
/// inputs' files of the same name each get a page.
fn unique_page(page: PathBuf, taken: &[String]) -> PathBuf {
    let link = |page: &Path| page.to_string_lossy().replace('\\', "/").to_lowercase();
    if !taken.contains(&link(&page)) {
        return page;
    }
    let text = page.to_string_lossy();
    let stem = text.strip_suffix(".html").unwrap_or(&text);
    (2..)
        .map(|n| PathBuf::from(format!("{stem}-{n}.html")))
        .find(|candidate| !taken.contains(&link(candidate)))
        .unwrap_or(page)
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

/// The folder of a report of several decks, and the links of its pages.
struct ReportFolder<'a> {
    /// The report folder.
    folder: &'a Path,
    /// The links taken, in lower case (each file's page, then the records'
    /// pages of the files of several decks as they are read).
    links: Mutex<Vec<String>>,
}

impl ReportFolder<'_> {
    /// The pages of the `count` records of the deck file whose page would
    /// have been `link` (`decks/sub/decks.jsonl.html`): `decks/sub/decks.jsonl-1.html`,
    /// `-2`... (another `-N` when a link is taken), each checked as every
    /// output is (absent, or `--force`).
    fn name_record_pages(
        &self,
        link: &str,
        count: usize,
        force: bool,
    ) -> anyhow::Result<Vec<(String, OutputFile)>> {
        let stem = link.strip_suffix(".html").unwrap_or(link);
        let mut links = self
            .links
            .lock()
            .map_err(|_| anyhow::anyhow!("a page of the report failed while naming its own"))?;
        let mut pages = Vec::with_capacity(count);
        for record in 1..=count {
            let relative = unique_page(PathBuf::from(format!("{stem}-{record}.html")), &links);
            let file = OutputFile::check_inside(self.folder, &relative, force)?;
            let link = link_of(&relative);
            links.push(link.to_lowercase());
            pages.push((link, file));
        }
        Ok(pages)
    }
}

/// What every page is computed with.
struct Work<'a> {
    db: &'a CardDb,
    checker: &'a Checker<'a>,
    args: &'a ReportArgs,
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

    /// The report of the `count` decks of one file (JSON records, an
    /// archive, a text of several decks), as of a folder: a page per deck in
    /// OUT/decks/ named by its record (`decks.jsonl#2`: `decks-2.html`), and
    /// the index, its rows labelled `FILE#N`. OUT is `-o`, else `NAME-report`
    /// for a file `NAME.EXT`. The decks are read a few at a time as their
    /// pages are written ([`inputs::read_walked`]), never all kept.
    fn file_of_decks(
        &self,
        input: &Path,
        count: usize,
        provenance: &Provenance,
    ) -> anyhow::Result<Outcome> {
        let args = self.args;
        if inputs::is_standard_stream(input) {
            bail!(
                "-: standard input holds {count} decks; a report of several decks reads them \
                 from a file: save them to one and give its path"
            );
        }
        let stem = input.file_stem().map_or_else(
            || "deck".to_string(),
            |stem| stem.to_string_lossy().into_owned(),
        );
        let folder = match &args.output {
            Some(out) if out.as_os_str() == "-" => bail!(
                "-o -: {} holds {count} decks; a report of several decks is a folder of pages, \
                 not standard output; give -o OUT (or no -o for {stem}-report/)",
                input.display()
            ),
            Some(out) => out.clone(),
            None => PathBuf::from(format!("{stem}-report")),
        };
        create_report_folder(&folder)?;
        // Every output checked before any deck is simulated.
        let mut taken: Vec<String> = Vec::with_capacity(count);
        let mut pages = Vec::with_capacity(count);
        for record in 1..=count {
            let relative = unique_page(
                Path::new("decks").join(format!("{stem}-{record}.html")),
                &taken,
            );
            let file = OutputFile::check_inside(&folder, &relative, args.force)?;
            let link = link_of(&relative);
            taken.push(link.to_lowercase());
            pages.push((link, file));
        }
        let index = OutputFile::check(&folder.join("index.html"), args.force)?;
        let title = args.title.clone().unwrap_or_else(|| folder_title(input));
        let progress = Progress::new(count as u64, self.quiet);
        let rows = args
            .sim
            .install(|| self.record_pages(input, &pages, provenance, &|| progress.advance(1)))?;
        progress.finish();
        let mut outcome = Outcome::Ok;
        let mut index_rows = Vec::with_capacity(rows.len());
        for (row, deck_outcome) in rows {
            outcome = outcome.merge(deck_outcome);
            index_rows.push(row);
        }
        write_index(&index, &title, &index_rows, provenance)?;
        Ok(outcome)
    }

    /// Reads the decks of a file of several decks a few at a time, and
    /// computes and writes each one's page (`pages`: the link and output of
    /// each record, in record order); the index's rows, labelled `FILE#N`
    /// with FILE as `input` is given.
    fn record_pages(
        &self,
        input: &Path,
        pages: &[(String, OutputFile)],
        provenance: &Provenance,
        advance: &(dyn Fn() + Sync),
    ) -> Vec<(IndexRow, Outcome)> {
        let walked = inputs::walk(&[input.to_path_buf()], &FileSelection::default());
        let (decks, _) = inputs::read_walked(
            walked,
            self.args.deck_format.input_format,
            self.db,
            |deck| {
                let made = deck.and_then(|deck| self.record_page(&deck, pages, provenance));
                advance();
                made
            },
        );
        decks
            .map(|(label, made)| made.unwrap_or_else(|err| failed_row(label.clone(), label, &err)))
            .collect()
    }

    /// Computes and writes the page of a record of a file of several decks
    /// (`pages`: the link and output of each record, in record order); its
    /// row of the index, labelled `FILE#N`.
    fn record_page(
        &self,
        deck: &Deck,
        pages: &[(String, OutputFile)],
        provenance: &Provenance,
    ) -> anyhow::Result<(IndexRow, Outcome)> {
        let record = deck.record.unwrap_or(1);
        let Some((link, file)) = record.checked_sub(1).and_then(|at| pages.get(at)) else {
            bail!("{}: a record the file did not count", deck.path_label());
        };
        let data = self.report(deck, &|_| {});
        let outcome = deck_outcome(&data);
        file.write(report::deck_page(&data, provenance).as_bytes())?;
        Ok((index_row(&data, link.clone()), outcome))
    }

    /// The pages and index rows of a file of several decks (`count`) in a
    /// report of several decks, its pages named after the file's `link`.
    fn folder_records(
        &self,
        page: &FolderPage,
        report_folder: &ReportFolder,
        link: &str,
        count: usize,
        provenance: &Provenance,
    ) -> Vec<(IndexRow, Outcome)> {
        let path = page.path.as_path();
        match report_folder.name_record_pages(link, count, self.args.force) {
            Ok(pages) => self
                .record_pages(path, &pages, provenance, &|| {})
                .into_iter()
                .map(|(mut row, outcome)| {
                    // Labelled as the file is: under the folder given.
                    if let Some((_, record)) = row.path.rsplit_once('#') {
                        row.path = format!("{}#{record}", page.label);
                    }
                    (row, outcome)
                })
                .collect(),
            Err(err) => vec![failed_file(path, &err)],
        }
    }

    /// Reads, computes and writes the page of one deck of a folder report;
    /// its row of the index. A file of several decks: a page and a row for
    /// each (`FILE#N`), its pages named after the file's (`decks.jsonl-2.html`).
    /// No row for a file that holds no card line: not a decklist, skipped
    /// (noted on standard error unless `--quiet`), as every command skips it
    /// in a folder.
    fn folder_page(
        &self,
        page: &FolderPage,
        report_folder: &ReportFolder,
        input_format: Option<vtesdeck::formats::Format>,
        provenance: &Provenance,
    ) -> Vec<(IndexRow, Outcome)> {
        let path = page.path.as_path();
        let failed = |error: &anyhow::Error| vec![failed_file(path, error)];
        let (link, file) = match &page.page {
            Ok(page) => page,
            Err(problem) => return failed(&anyhow::anyhow!("{}", problem.error)),
        };
        let deck = match inputs::load(path, input_format, self.db) {
            Ok(deck) => deck,
            Err(err) => {
                if let Some(count) = several_decks(&err) {
                    return self.folder_records(page, report_folder, link, count, provenance);
                }
                // A file given by name that holds no decklist is an error.
                let skipped = err
                    .downcast_ref::<InputError>()
                    .and_then(|err| skipped_when_read(path, err))
                    .filter(|_| !page.named);
                if let Some(skipped) = skipped {
                    if !self.quiet {
                        inputs::note_skipped(std::slice::from_ref(&skipped));
                    }
                    return Vec::new();
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
        row.path = page.label.clone();
        vec![(row, outcome)]
    }
}

/// The index row of a deck file that could not be read or written, shown by
/// its file's name; the error reported on standard error.
fn failed_file(path: &Path, error: &anyhow::Error) -> (IndexRow, Outcome) {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    failed_row(path.display().to_string(), name, error)
}

/// The index row of a deck that could not be read or written (`path` as the
/// index labels it, `name` as it shows it), the error reported on standard
/// error.
fn failed_row(path: String, name: String, error: &anyhow::Error) -> (IndexRow, Outcome) {
    report_input_error(error);
    (
        IndexRow {
            page: None,
            path,
            name,
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
    )
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
