//! `vtesdeck draw`: the odds of the opening hand and of the starting crypt cards.

use std::io::Write;
use std::path::PathBuf;

use anyhow::bail;
use clap::Args;
use vtesdeck::cards::{CardDb, CardKind, Lookup, PrintingHint};
use vtesdeck::output::draw_table;
use vtesdeck::sim::opening_hand::{DrawOdds, DrawOptions, TrackedGroup};

use super::progress::Progress;
use super::sim_options::SimArgs;
use super::{inputs, Global, Outcome};

/// The long `--help` text of `vtesdeck draw`.
pub const LONG_ABOUT: &str = "Odds of the opening hand and of the starting crypt cards (exact and sampled).

Exact figures (hypergeometric) for the opening hand per card type, discipline requirement, clan requirement, trifles and --track group: expected count and P(at least k), k = 1..4; for the starting crypt cards: P(at least one copy) per crypt card, the total capacity distribution, P(at least k distinct), P(a duplicate), P(at least k with a discipline).

Sampled figures, with their standard error: P(a master and a playable card), the mean number of playable cards, P(no playable minion card). Playable: a card other than a master or an event that one of the starting crypt cards can play (disciplines and virtues with Flight, clan with renamed clans as one, path, sect, title, capacity, traits: the playability model of check and stats). Distinct vampires and duplicates: every printing of a name is one vampire; copies of a non-unique vampire (The Horde) are not duplicates.

Exit status: 0 ok; 2 on an error, including a deck with unresolved lines, an empty crypt or library, or a hand larger than the library.";

/// Arguments of `vtesdeck draw` (see [`LONG_ABOUT`]).
#[derive(Debug, Args)]
pub struct DrawArgs {
    /// Decklist file, or `-` for standard input.
    #[arg(value_name = "FILE")]
    file: PathBuf,

    /// Library cards in the opening hand.
    #[arg(long, default_value_t = 7, value_name = "N")]
    hand: u32,

    /// Crypt cards dealt to the uncontrolled region.
    #[arg(long, default_value_t = 4, value_name = "N")]
    crypt_draw: u32,

    /// Follow a library card (repeatable); a comma-separated list of names counts
    /// as one group (`--track "Deflection, Redirection"`).
    #[arg(long, value_name = "NAME")]
    track: Vec<String>,

    /// One JSON object instead of tables.
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    sim: SimArgs,

    #[command(flatten)]
    deck_format: inputs::DeckFormat,
}

/// Runs `draw`.
pub fn run(args: &DrawArgs, global: &Global) -> anyhow::Result<Outcome> {
    let db = global.card_db()?;
    let deck = inputs::load(&args.file, args.deck_format.input_format, &db)?;
    let tracked = args
        .track
        .iter()
        .map(|text| tracked_group(text, &db))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let options = DrawOptions {
        hand: args.hand,
        crypt_draw: args.crypt_draw,
        samples: args.sim.samples,
        seed: args.sim.seed(),
        tracked,
    };
    let progress = Progress::new(options.samples, args.sim.quiet);
    let odds = args
        .sim
        .install(|| DrawOdds::compute(&deck, &db, &options, &|n| progress.advance(n)))?;
    progress.finish();
    let odds = odds?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if args.json {
        serde_json::to_writer(&mut out, &odds)?;
        writeln!(out)?;
    } else {
        draw_table::render(&odds, &deck, &db, &mut out)?;
    }
    out.flush()?;
    Ok(Outcome::Ok)
}

/// Resolves a `--track` value: one card name, or a comma-separated group.
fn tracked_group(text: &str, db: &CardDb) -> anyhow::Result<TrackedGroup> {
    let library = Some(CardKind::Library);
    let whole = db.lookup(text, PrintingHint::default(), library);
    let names: Vec<&str> = match whole {
        Lookup::Found {
            matched: vtesdeck::cards::MatchKind::Exact,
            ..
        } => vec![text],
        _ => text
            .split(',')
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .collect(),
    };
    if names.is_empty() {
        bail!("--track {text:?}: no card name");
    }
    let mut ids = Vec::new();
    let mut labels = Vec::new();
    for name in names {
        match db.lookup(name, PrintingHint::default(), library) {
            Lookup::Found { cards, .. } => {
                for id in cards {
                    if let Some(card) = db.get(id) {
                        if !ids.contains(&id) {
                            ids.push(id);
                            labels.push(card.display_name());
                        }
                    }
                }
            }
            Lookup::NotFound { suggestions } if suggestions.is_empty() => {
                bail!("--track: no library card named {name:?}")
            }
            Lookup::NotFound { suggestions } => bail!(
                "--track: no library card named {name:?} (did you mean {}?)",
                suggestions.join(", ")
            ),
        }
    }
    Ok(TrackedGroup {
        label: labels.join(", "),
        ids,
    })
}
