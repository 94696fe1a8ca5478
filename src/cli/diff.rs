//! `vtesdeck diff REGISTERED PLAYED`: two decklists (or two folders of them)
//! compared card by card, as organisers check played decks against the
//! registered lists (tournament rules 6.3).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::output::diff::{
    DiffPair, DiffRenderer, DiffSummary, GithubDiffRenderer, JsonDiffRenderer, TextDiffRenderer,
};
use clap::{Args, ValueEnum};
use vtesdeck::analysis::{DeckDiff, Side};
use vtesdeck::formats::{skipped_when_read, InputError};

use super::{inputs, report_input_error, Global, Outcome};

/// Arguments of `vtesdeck diff`.
#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The registered decklist: a file in any layout, `-` for standard input, a VDB
    /// deck URL, or a folder (its files paired by name with PLAYED's).
    #[arg(value_name = "REGISTERED")]
    registered: PathBuf,

    #[command(flatten)]
    selection: inputs::FileSelectionArgs,

    #[command(flatten)]
    deck_format: inputs::DeckFormat,

    /// The decklist played (the right-hand side): a file, `-`, a VDB deck URL, or a folder.
    #[arg(value_name = "PLAYED")]
    played: PathBuf,

    /// Output format.
    #[arg(long, value_enum, default_value_t = DiffFormat::Text)]
    format: DiffFormat,

    /// One JSON record per pair, one per line (same as `--format json`).
    #[arg(long, conflicts_with = "format")]
    json: bool,
}

/// `--format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum DiffFormat {
    /// A verdict line per pair, then the cards added, removed and changed, crypt and library
    /// apart (`human` is accepted for it).
    #[value(alias = "human")]
    Text,
    /// One JSON record per pair (`{"type":"diff","schema":1,...}`), per line.
    Json,
    /// GitHub Actions annotations on the changed lines of the right-hand file.
    Github,
}

/// What the two arguments pair up into.
enum Pairing {
    /// Two decklists to compare.
    Pair(PathBuf, PathBuf),
    /// A file of one folder with no file of the same name in the other.
    Unpaired(PathBuf, Side),
    /// A folder entry that could not be walked.
    WalkError(anyhow::Error),
}

/// Runs `diff`: exit 0 when the decks are the same, 1 when they differ (or a file
/// of one folder has no partner), 2 when one cannot be read (a line read as no
/// card included) or on bad arguments.
pub fn run(args: &DiffArgs, global: &Global) -> anyhow::Result<Outcome> {
    let (left, right) = (&args.registered, &args.played);
    let folders = pair_up_kind(left, right)?;
    let pairings = if folders {
        pair_folders(left, right, &args.selection.selection(), global.quiet)
    } else {
        vec![Pairing::Pair(left.clone(), right.clone())]
    };
    let db = global.card_db()?;
    let mut renderer = renderer(args);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut summary = DiffSummary::default();
    let mut outcome = Outcome::Ok;
    let format = args.deck_format.input_format;
    for pairing in load_pairs(pairings, (left, right), folders, format, &db) {
        match pairing {
            Loaded::Compared { left, right, diff } => {
                summary.add(&diff);
                outcome = outcome.merge(if diff.is_same() {
                    Outcome::Ok
                } else if diff.is_complete() {
                    Outcome::Findings
                } else {
                    Outcome::Error
                });
                let pair = DiffPair {
                    left: &left,
                    right: &right,
                    diff: &diff,
                };
                renderer.pair(&mut out, &pair)?;
            }
            Loaded::Unreadable { left, right, error } => {
                summary.unreadable += 1;
                outcome = outcome.merge(Outcome::Error);
                out.flush()?;
                report_input_error(&error);
                renderer.unreadable(&mut out, &left, &right, &super::error_text(&error))?;
            }
            Loaded::Unpaired(path, side) => {
                summary.unpaired += 1;
                outcome = outcome.merge(Outcome::Findings);
                renderer.unpaired(&mut out, &path, side)?;
            }
            Loaded::Skipped(skipped) => {
                if !global.quiet {
                    out.flush()?;
                    inputs::note_skipped(&skipped);
                }
            }
        }
    }
    if folders {
        renderer.finish(&mut out, &summary)?;
    }
    out.flush()?;
    Ok(outcome)
}

/// Whether the arguments are two folders (`false`: two decklists); an error for
/// a folder against a decklist, or `-` on both sides.
fn pair_up_kind(left: &Path, right: &Path) -> anyhow::Result<bool> {
    if inputs::is_standard_stream(left) && inputs::is_standard_stream(right) {
        anyhow::bail!("-: only one side can be standard input");
    }
    match (left.is_dir(), right.is_dir()) {
        (true, true) => Ok(true),
        (false, false) => Ok(false),
        (true, false) => anyhow::bail!(
            "{} is a folder and {} is not: give two decklists or two folders",
            left.display(),
            right.display()
        ),
        (false, true) => anyhow::bail!(
            "{} is a folder and {} is not: give two decklists or two folders",
            right.display(),
            left.display()
        ),
    }
}

/// The files of two folders (walked as every command walks them), paired by
/// their path inside the folder, in name order.
fn pair_folders(
    left: &Path,
    right: &Path,
    selection: &vtesdeck::formats::FileSelection,
    quiet: bool,
) -> Vec<Pairing> {
    let mut pairings = Vec::new();
    let mut by_name: BTreeMap<PathBuf, (Option<PathBuf>, Option<PathBuf>)> = BTreeMap::new();
    for (folder, side) in [(left, Side::Left), (right, Side::Right)] {
        for file in inputs::expand(&[folder.to_path_buf()], selection, quiet) {
            match file {
                Ok(path) => {
                    let name = path.strip_prefix(folder).unwrap_or(&path).to_path_buf();
                    let slot = by_name.entry(name).or_default();
                    match side {
                        Side::Left => slot.0 = Some(path),
                        Side::Right => slot.1 = Some(path),
                    }
                }
                Err(problem) => pairings.push(Pairing::WalkError(problem.error.into())),
            }
        }
    }
    for (_, files) in by_name {
        pairings.push(match files {
            (Some(left), Some(right)) => Pairing::Pair(left, right),
            (Some(left), None) => Pairing::Unpaired(left, Side::Left),
            (None, Some(right)) => Pairing::Unpaired(right, Side::Right),
            (None, None) => continue,
        });
    }
    pairings
}

/// A pairing with its decks read and compared.
enum Loaded {
    /// Both decklists read.
    Compared {
        left: String,
        right: String,
        diff: DeckDiff,
    },
    /// One of them (or a folder entry) could not be read.
    Unreadable {
        left: String,
        right: String,
        error: anyhow::Error,
    },
    /// A file with no partner.
    Unpaired(String, Side),
    /// Two files of the folders that both hold no card line: not decklists.
    Skipped(Vec<vtesdeck::formats::Skipped>),
}

/// Reads and compares every pair, in parallel, in order (`arguments`: the two
/// paths given, which name a folder entry that could not be walked). In
/// `folders`, a pair of files that both hold no card line is skipped, as
/// every command skips such a file of a folder.
fn load_pairs(
    pairings: Vec<Pairing>,
    arguments: (&Path, &Path),
    folders: bool,
    format: Option<vtesdeck::formats::Format>,
    db: &vtesdeck::cards::CardDb,
) -> Vec<Loaded> {
    use rayon::prelude::*;
    pairings
        .into_par_iter()
        .map(|pairing| match pairing {
            Pairing::Pair(left, right) => {
                let (left_label, right_label) =
                    (left.display().to_string(), right.display().to_string());
                let read = |path: &Path| inputs::load(path, format, db);
                let skipped = |path: &Path, input: &inputs::Input| {
                    let err = input.as_ref().err()?.downcast_ref::<InputError>()?;
                    skipped_when_read(path, err).filter(|_| folders)
                };
                let (left_input, right_input) = (read(&left), read(&right));
                if let (Some(l), Some(r)) =
                    (skipped(&left, &left_input), skipped(&right, &right_input))
                {
                    return Loaded::Skipped(vec![l, r]);
                }
                match left_input.and_then(|l| Ok((l, right_input?))) {
                    Ok((left_deck, right_deck)) => Loaded::Compared {
                        left: left_label,
                        right: right_label,
                        diff: DeckDiff::between(&left_deck, &right_deck, db),
                    },
                    Err(error) => Loaded::Unreadable {
                        left: left_label,
                        right: right_label,
                        error,
                    },
                }
            }
            Pairing::Unpaired(path, side) => Loaded::Unpaired(path.display().to_string(), side),
            Pairing::WalkError(error) => Loaded::Unreadable {
                left: arguments.0.display().to_string(),
                right: arguments.1.display().to_string(),
                error,
            },
        })
        .collect()
}

/// The renderer the arguments ask for.
fn renderer(args: &DiffArgs) -> Box<dyn DiffRenderer> {
    let format = if args.json {
        DiffFormat::Json
    } else {
        args.format
    };
    match format {
        DiffFormat::Text => Box::new(TextDiffRenderer),
        DiffFormat::Json => Box::new(JsonDiffRenderer),
        DiffFormat::Github => Box::new(GithubDiffRenderer),
    }
}
