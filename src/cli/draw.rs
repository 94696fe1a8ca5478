//! `vtesdeck draw`: the odds of the opening hand and of the starting crypt cards.

use crate::output::draw_table;
use crate::output::json_lines::write_tagged;
use anyhow::bail;
use clap::Args;
use vtesdeck::cards::{CardDb, CardKind, Lookup, PrintingHint};
use vtesdeck::deck::{Deck, OPENING_HAND, STARTING_CRYPT};
use vtesdeck::sim::{DrawOdds, DrawOptions, TrackedGroup};

use super::progress::Progress;
use super::sim_options::{
    key_vampires, warn_missing_keys, write_reports, SimArgs, SimDecks, INPUTS_HELP,
};
use super::{Global, Outcome};

/// The long `--help` text of `vtesdeck draw`: the hand and the starting crypt
/// it states are the game's constants.
pub fn long_about() -> String {
    // The starts of twelve distinct vampires: C(12, STARTING_CRYPT).
    let starts = (1..=u64::from(STARTING_CRYPT)).fold(1, |starts, i| starts * (12 + 1 - i) / i);
    format!(
        "Odds of the opening hand and of the starting crypt cards, exact.

{INPUTS_HELP}

Per card group (hypergeometric): for the opening hand per card type, discipline requirement, clan requirement, trifles and --track group: expected count and P(at least k), k = 1..4; for the starting crypt cards: P(at least one copy) per crypt card, the total capacity distribution, P(at least k distinct), P(a duplicate), P(at least k with a discipline).

Opening (the hand with the starting crypt cards), exact: P(a master and a playable card), the mean number of playable cards, P(no playable minion card). Method: every distinct start (a multiset of --crypt-draw crypt cards, weighted by its hypergeometric probability: {starts} starts for twelve distinct vampires) splits the library into masters (M), cards that start can play (P) and the rest; with L library cards and a hand of h, P(no playable) = C(L-P,h)/C(L,h), mean playable = hP/L, P(master and playable) = 1 - C(L-M,h)/C(L,h) - C(L-P,h)/C(L,h) + C(L-M-P,h)/C(L,h), each summed over the starts with their weights. When the starts are too many to sum (huge crypts or --crypt-draw), these three are sampled (--samples, --seed) and the output says so, with standard errors.

Playable: a card other than a master or an event that one of the starting crypt cards can play (disciplines and virtues with Flight, clan with renamed clans as one, path, sect, title, capacity, traits: the playability model of check and stats). Distinct vampires and duplicates: every printing of a name is one vampire; copies of a non-unique vampire (The Horde) are not duplicates.

--key NAME: P(at least one key vampire among the starting crypt cards) = 1 - C(N-K,d)/C(N,d), with K crypt cards of the key vampires (any printing of the name) in an N-card crypt, d dealt. --seen N: the exact odds of each --track group among the first N library cards seen ({OPENING_HAND} in the opening hand, one more per card drawn later).

Percentages: one decimal (78.3%); below 0.1%, two significant digits (0.0032% rather than 0.0%), and < 0.0001% below that; 100% only for a certain event, > 99.9% for one that can fail.

Exit status: 0 ok; 2 on an error (any deck), including a deck with unresolved lines, an empty crypt or library, a hand larger than the library, a --track name that is a crypt card or no card, a --key name that is no crypt card. A --track card or --key vampire not in a deck is a warning naming it."
    )
}

/// Arguments of `vtesdeck draw` (see [`long_about`]).
#[derive(Debug, Args)]
pub struct DrawArgs {
    /// Library cards in the opening hand.
    #[arg(long, default_value_t = OPENING_HAND, value_name = "N")]
    hand: u32,

    /// Crypt cards dealt to the uncontrolled region.
    #[arg(long, default_value_t = STARTING_CRYPT, value_name = "N")]
    crypt_draw: u32,

    /// Follow a library card (repeatable); a comma-separated list of names counts
    /// as one group (`--track "Deflection, Redirection"`).
    #[arg(long, value_name = "NAME")]
    track: Vec<String>,

    /// A key vampire (repeatable; any printing of the name counts): P(one is
    /// among the starting crypt cards).
    #[arg(long, value_name = "NAME")]
    key: Vec<String>,

    /// The odds of each --track group among the first N library cards seen.
    #[arg(long, value_name = "N")]
    seen: Option<u32>,

    #[command(flatten)]
    output: super::output_format::FormatArgs,

    #[command(flatten)]
    sim: SimArgs,

    #[command(flatten)]
    decks: SimDecks,
}

/// Runs `draw`: one report per deck; an unreadable deck is reported and the
/// others still run (exit 2).
pub fn run(args: &DrawArgs, global: &Global) -> anyhow::Result<Outcome> {
    let db = global.card_db()?;
    let tracked = args
        .track
        .iter()
        .map(|text| tracked_group(text, &db))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let keys = key_vampires(&args.key, &db)?;
    let options = DrawOptions {
        hand: args.hand,
        crypt_draw: args.crypt_draw,
        samples: args.sim.samples,
        seed: args.sim.seed(),
        tracked,
        keys,
        seen: args.seen,
    };
    let decks = args.decks.read(&db, global.quiet)?;
    write_reports(decks, args.output.json(), |deck, out| {
        warn_missing(deck, &db, &options);
        // The progress bar only moves when the opening has to be sampled.
        let progress = Progress::new(options.samples, global.quiet);
        let odds = args
            .sim
            .install(|| DrawOdds::compute(deck, &db, &options, &|n| progress.advance(n)))?;
        progress.finish();
        let odds = odds?;
        if args.output.json() {
            write_tagged(out, "draw", &odds)?;
        } else {
            draw_table::render(&odds, deck, &db, out)?;
        }
        Ok(())
    })
}

/// Warns (standard error) of --track cards and --key vampires the deck lacks:
/// their figures are 0 for a reason the reader should see.
fn warn_missing(deck: &Deck, db: &CardDb, options: &DrawOptions) {
    let path = deck.path_label();
    for group in &options.tracked {
        if !deck.library.iter().any(|e| group.ids.contains(&e.id)) {
            eprintln!(
                "vtesdeck: {path}: warning: --track {}: not in the library (its figures are 0)",
                group.label
            );
        }
    }
    warn_missing_keys(deck, db, &options.keys);
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
            Lookup::Found { cards, .. }
                if cards
                    .iter()
                    .all(|id| db.get(*id).is_some_and(|card| card.is_crypt())) =>
            {
                bail!(
                    "--track {name:?}: a crypt card; --track follows library cards (--key NAME \
                     gives the odds of a vampire)"
                )
            }
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
