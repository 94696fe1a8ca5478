//! Options the simulation subcommands share: seed, samples, threads; the
//! seats, turns and vampire cap of the games `transfers` and `goldfish` play.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use vtesdeck::cards::CardDb;
use vtesdeck::deck::Deck;
use vtesdeck::sim::{KeyVampires, Policy, Seed, TransferOptions, SEATS};

use super::inputs::{self, Input};
use super::Outcome;
use vtesdeck::formats::{skipped_when_read, InputError};

/// `--seat`, `--turns`, `--max-vampires`: the games `transfers` and `goldfish`
/// play, declared once for both.
#[derive(Debug, Args)]
pub struct SeatsAndTurns {
    /// Seat to simulate: 1 to 5, or `all`.
    #[arg(long, default_value = "all", value_name = "1..5|all", value_parser = parse_seat)]
    seat: SeatChoice,

    /// Turns to simulate.
    #[arg(long, default_value_t = TransferOptions::default().turns, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub turns: u32,

    /// Stop spending transfers once this many vampires are controlled or full
    /// (`transfers`: P(at least k) and the nth-vampire figures go up to K).
    #[arg(long, default_value_t = TransferOptions::default().max_vampires, value_name = "K",
          value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub max_vampires: u32,
}

impl SeatsAndTurns {
    /// The options of the games: these seats, turns and vampire cap, `sim`'s
    /// samples and seed, `policy` and `keys`.
    pub fn options(&self, sim: &SimArgs, policy: Policy, keys: KeyVampires) -> TransferOptions {
        TransferOptions {
            seats: self.seats(),
            turns: self.turns,
            samples: sim.samples,
            seed: sim.seed(),
            max_vampires: self.max_vampires,
            policy,
            keys,
        }
    }

    /// The seats asked for, in order.
    fn seats(&self) -> Vec<u8> {
        match self.seat {
            SeatChoice::One(seat) => vec![seat],
            SeatChoice::All => (1..=SEATS).collect(),
        }
    }
}

/// `--seat` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SeatChoice {
    One(u8),
    All,
}

fn parse_seat(text: &str) -> Result<SeatChoice, String> {
    if text.eq_ignore_ascii_case("all") {
        return Ok(SeatChoice::All);
    }
    match text.parse::<u8>() {
        Ok(seat) if (1..=SEATS).contains(&seat) => Ok(SeatChoice::One(seat)),
        _ => Err(format!("expected a seat 1 to {SEATS} or `all`")),
    }
}

/// Parses `--samples`: a whole number of games, at least 1.
fn parse_samples(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("0 games: give at least 1 sampled game".to_string()),
        Ok(samples) => Ok(samples),
        Err(_) => Err(format!(
            "expected a whole number of games (1 or more), found {text:?}"
        )),
    }
}

/// `--samples`, `--seed`, `--threads`.
#[derive(Debug, Args)]
pub struct SimArgs {
    /// Number of sampled games.
    #[arg(long, default_value_t = TransferOptions::default().samples, value_name = "N",
          value_parser = parse_samples)]
    pub samples: u64,

    /// Seed of the random draws: 0 to 9007199254740991 (2^53 - 1, so that every
    /// JSON reader keeps it exact). Default: 0 for `draw`, `transfers`, `goldfish`
    /// and `report` alike, so that a run repeats and `goldfish` deals the crypts
    /// `transfers` deals; give another to draw other games. The seed used is
    /// printed and written in the JSON; the same seed gives the same figures
    /// whatever the number of threads.
    #[arg(long, value_name = "S", value_parser = clap::value_parser!(u64).range(..=Seed::MAX))]
    pub seed: Option<u64>,

    /// Worker threads (default: one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
}

impl SimArgs {
    /// The seed to use.
    pub fn seed(&self) -> Seed {
        self.seed.map_or(Seed::DEFAULT, Seed)
    }

    /// Runs `work` on a pool of `--threads` threads (the global pool without the flag).
    pub fn install<T: Send>(&self, work: impl FnOnce() -> T + Send) -> anyhow::Result<T> {
        match self.threads {
            None => Ok(work()),
            Some(threads) => {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(usize::from(threads))
                    .build()?;
                Ok(pool.install(work))
            }
        }
    }
}

/// The paragraph of the long helps of `draw` and `transfers` on their inputs
/// ([`SimDecks`]).
pub const INPUTS_HELP: &str = "Inputs: decklist files, folders (every file under them, one report per deck), `-` for standard input, and VDB deck URLs (as `convert`). With --format json (or --json), one JSON object per deck, one per line.";

/// The decks of `draw`, `transfers` and `goldfish`: the paths,
/// `--glob`/`--exclude` and `--input-format`.
#[derive(Debug, Args)]
pub struct SimDecks {
    /// Decklist files, folders, VDB deck URLs, or `-` for standard input
    /// (read when no path is given and it is not a terminal).
    #[arg(value_name = "PATH")]
    files: Vec<PathBuf>,

    #[command(flatten)]
    selection: inputs::FileSelectionArgs,

    #[command(flatten)]
    deck_format: inputs::DeckFormat,
}

impl SimDecks {
    /// The decks: files, folders (walked, one deck per file), `-` for standard
    /// input and VDB deck URLs ([`inputs::walk`]), in argument order, each
    /// with the path it was read from (for the `error` record of one that
    /// cannot be read). No path: standard input when it is not a terminal,
    /// else an error. The files of folders skipped are noted on standard
    /// error unless `quiet`.
    pub fn read(&self, db: &CardDb, quiet: bool) -> anyhow::Result<Vec<(String, Input)>> {
        let paths = inputs::paths_or_stdin(&self.files)?;
        let format = self.deck_format.input_format;
        let mut skipped = Vec::new();
        let walked = inputs::walk(&paths, &self.selection.selection());
        if !quiet {
            inputs::note_skipped(&walked.skipped);
        }
        let mut decks: Vec<(String, Input)> = walked
            .files
            .into_iter()
            .filter_map(|path| match path {
                Ok(p) => {
                    let input = inputs::load(&p, format, db);
                    // A file of a folder that holds no card line is no
                    // decklist: skipped, as check skips it; named, an error.
                    let skip = input.as_ref().err().and_then(|err| {
                        let err = err.downcast_ref::<InputError>()?;
                        skipped_when_read(&p, err).filter(|_| !paths.contains(&p))
                    });
                    match skip {
                        Some(entry) => {
                            skipped.push(entry);
                            None
                        }
                        None => Some((p.display().to_string(), input)),
                    }
                }
                Err(problem) => Some((
                    problem.path.display().to_string(),
                    Err(problem.error.into()),
                )),
            })
            .collect();
        if !quiet {
            inputs::note_skipped(&skipped);
        }
        // A folder whose every file was skipped holds no decklist: no pass.
        for folder in paths.iter().filter(|path| path.is_dir()) {
            let under = |path: &std::path::Path| path.starts_with(folder);
            let read = decks.iter().any(|(label, _)| under(label.as_ref()));
            let late = skipped.iter().filter(|s| under(&s.path)).count();
            if !read && late > 0 {
                let error = InputError::NoDecklist {
                    path: folder.clone(),
                    skipped: late + walked.skipped.iter().filter(|s| under(&s.path)).count(),
                };
                decks.push((folder.display().to_string(), Err(error.into())));
            }
        }
        Ok(decks)
    }
}

/// Resolves the `--key` names, and says (standard error, even with --quiet:
/// the figures are about that vampire) how a name not read literally was read.
pub fn key_vampires(names: &[String], db: &CardDb) -> anyhow::Result<KeyVampires> {
    let keys = KeyVampires::resolve(names, db)?;
    for reading in keys.readings() {
        eprintln!(
            "vtesdeck: --key {:?}: read as {} (the closest crypt card name)",
            reading.written, reading.read_as
        );
    }
    Ok(keys)
}

/// Warns (standard error) of `--key` vampires the deck's crypt lacks: their
/// figures are 0 for a reason the reader should see.
pub fn warn_missing_keys(deck: &Deck, db: &CardDb, keys: &KeyVampires) {
    for name in keys.missing_from(deck, db) {
        eprintln!(
            "vtesdeck: {}: warning: --key {name}: not in the crypt (its figures are 0)",
            deck.path_label()
        );
    }
}

/// Writes one report per deck to standard output, in input order: `report`
/// writes a deck's (it may simulate first); two text reports are separated by
/// a blank line; a deck that could not be read, or whose report failed, is
/// reported in place and the others still run ([`Outcome::Error`]).
pub fn write_reports(
    decks: Vec<(String, Input)>,
    json: bool,
    mut report: impl FnMut(&Deck, &mut Vec<u8>) -> anyhow::Result<()>,
) -> anyhow::Result<Outcome> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut outcome = Outcome::Ok;
    let mut first = true;
    let mut written = Vec::new();
    for (path, deck) in decks {
        written.clear();
        match deck.and_then(|deck| report(&deck, &mut written)) {
            Ok(()) => {
                if !first && !json {
                    writeln!(out)?;
                }
                first = false;
                out.write_all(&written)?;
            }
            Err(err) => {
                inputs::report_unreadable(&mut out, json, &path, &err)?;
                outcome = Outcome::Error;
            }
        }
    }
    out.flush()?;
    Ok(outcome)
}
