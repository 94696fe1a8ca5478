//! `vtesdeck transfers`: the influence phase of the first turns, simulated.

use std::io::Write;
use std::path::PathBuf;

use crate::output::json_lines::write_tagged;
use crate::output::output_file::OutputFile;
use crate::output::{transfer_plot, transfer_table};
use anyhow::bail;
use clap::{Args, ValueEnum};
use vtesdeck::cards::CardDb;
use vtesdeck::deck::{Deck, STARTING_CRYPT};
use vtesdeck::sim::{
    Policy, PolicyComparison, TransferCurve, TransferOptions, COMPARE_KEY_AND_POOL_TURN,
    COMPARE_TWO_BY_TURN, CRYPT_DRAW_TRANSFERS, STARTING_POOL, TRANSFERS_PER_TURN,
};

use super::progress::Progress;
use super::sim_options::{
    key_vampires, warn_missing_keys, write_reports, SeatsAndTurns, SimArgs, SimDecks, INPUTS_HELP,
};
use super::{Global, Outcome};

/// The long `--help` text of `vtesdeck transfers`: the rules and defaults
/// it states are the simulation's constants.
pub fn long_about() -> String {
    format!(
        "Simulate the influence phase: how fast the crypt comes into play, per seat.

Rules: {STARTING_POOL} pool at the start; {STARTING_CRYPT} crypt cards dealt; transfers on a player's first turn are 1, 2, 3 for seats 1, 2, 3 and 4 for seats 4 and 5; {TRANSFERS_PER_TURN} on every later turn. 1 transfer moves 1 pool to an uncontrolled vampire; {CRYPT_DRAW_TRANSFERS} transfers and 1 pool move the next crypt card to the uncontrolled region. A vampire with blood equal to its capacity at the end of the phase comes into play. Pool never goes below 1.

{INPUTS_HELP}

Policies. Common to all, during the phase, one transfer at a time while transfers remain and pool is above 1: an eligible target is an uncontrolled vampire not yet full and not a copy (any printing: same name) of a unique vampire controlled or already full; a crypt draw ({CRYPT_DRAW_TRANSFERS} transfers, 1 pool) moves the next crypt card in; spending stops once --max-vampires vampires are controlled or full; the remaining transfers are lost when nothing applies.
  cheapest (the default): if there is no eligible target, the crypt is not empty and at least {CRYPT_DRAW_TRANSFERS} transfers remain, make a crypt draw; else put 1 pool on the eligible target that needs the fewest counters to reach its capacity (ties: the one dealt first).
  biggest: as cheapest, but the pool goes on the eligible target with the largest capacity (ties: the one dealt first).
  key: put 1 pool on the eligible key vampire (--key) needing the fewest counters if there is one; else, when a vampire is in play, no key vampire is controlled or in the uncontrolled region, the crypt is not empty and at least {CRYPT_DRAW_TRANSFERS} transfers remain, make a crypt draw before spending on another vampire; otherwise as cheapest. No crypt draw for the key before a vampire is in play, so that more transfers never make a slower start (seat 4 brings its first vampire and its key out no later than seat 3).
  all: every policy on the same shuffled crypts (the same seed), side by side per seat: P(2 vampires by turn {COMPARE_TWO_BY_TURN}), P(key in play by turn {COMPARE_KEY_AND_POOL_TURN}) (with --key), expected pool at turn {COMPARE_KEY_AND_POOL_TURN}; key only with --key; the JSON holds the full curve of each.

Output per seat and turn: P(at least 1..K vampires controlled) (K = --max-vampires), expected number controlled, expected total capacity controlled, expected pool and its 10th percentile (in one game in ten the pool is at or below it), with --key P(a key vampire in play); per seat the mean and median turn of the 1st to Kth vampire and, with --key, the mean turn of the first key vampire and the share of games where none comes out; a terminal chart of the expected capacity in play by turn, one line per seat (--plot writes it as SVG, one deck and one policy). Every figure is sampled (--samples games per seat and policy).

Exit status: 0 ok; 2 on an error (any deck), including a deck with unresolved lines or an empty crypt, a --key name that is no crypt card, --policy key without --key. A --key vampire not in a deck is a warning naming it."
    )
}

/// Arguments of `vtesdeck transfers` (see [`long_about`]).
#[derive(Debug, Args)]
pub struct TransfersArgs {
    /// How transfers are spent (see the policies above), or `all` to compare them.
    #[arg(long, default_value = "cheapest", value_name = "POLICY")]
    policy: PolicyArg,

    /// A key vampire (repeatable; any printing of the name counts): P(one is in
    /// play by the end of each turn), its mean turn, the games where it never comes out.
    #[arg(long, value_name = "NAME")]
    key: Vec<String>,

    #[command(flatten)]
    output: super::output_format::FormatArgs,

    /// Also write the chart as an SVG image: FILE.svg (through a temporary
    /// file in the same folder); an existing file is kept unless --force.
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,

    /// Overwrite the --plot file when it exists (a regular file only).
    #[arg(long, requires = "plot")]
    force: bool,

    #[command(flatten)]
    games: SeatsAndTurns,

    #[command(flatten)]
    sim: SimArgs,

    #[command(flatten)]
    decks: SimDecks,
}

/// `--policy` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum PolicyArg {
    /// Fill the uncontrolled vampire closest to its capacity; draw when none is eligible.
    Cheapest,
    /// Fill the uncontrolled vampire with the largest capacity; draw when none is eligible.
    Biggest,
    /// Fill a key vampire first; once a vampire is in play, draw for one while none is in sight; else as cheapest.
    Key,
    /// Every policy side by side.
    All,
}

/// Runs `transfers`: one report per deck; an unreadable deck is reported and
/// the others still run (exit 2).
pub fn run(args: &TransfersArgs, global: &Global) -> anyhow::Result<Outcome> {
    // The plot file is checked before the simulation, not after it.
    let plot = match &args.plot {
        Some(path) => {
            if args.policy == PolicyArg::All {
                bail!("--plot draws one policy, not --policy all");
            }
            transfer_plot::check_extension(path)?;
            Some(OutputFile::check(path, args.force)?)
        }
        None => None,
    };
    if args.policy == PolicyArg::Key && args.key.is_empty() {
        bail!("--policy key needs at least one --key NAME");
    }
    let db = global.card_db()?;
    let keys = key_vampires(&args.key, &db)?;
    let decks = args.decks.read(&db, global.quiet)?;
    if plot.is_some() && decks.len() > 1 {
        bail!("--plot draws one deck; {} decks given", decks.len());
    }
    let policy = match args.policy {
        PolicyArg::Cheapest | PolicyArg::All => Policy::Cheapest,
        PolicyArg::Biggest => Policy::Biggest,
        PolicyArg::Key => Policy::Key,
    };
    let options = args.games.options(&args.sim, policy, keys);
    write_reports(decks, args.output.json(), |deck, out| {
        warn_missing_keys(deck, &db, &options.keys);
        simulate_one(args, global, deck, &db, &options, plot.as_ref(), out)
    })
}

/// Simulates and writes one deck's report.
fn simulate_one(
    args: &TransfersArgs,
    global: &Global,
    deck: &Deck,
    db: &CardDb,
    options: &TransferOptions,
    plot: Option<&OutputFile>,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let policies = if args.policy == PolicyArg::All {
        Policy::compared(!options.keys.is_empty()).count() as u64
    } else {
        1
    };
    let progress = Progress::new(options.samples * policies, global.quiet);
    let advance = |n| progress.advance(n);
    if args.policy == PolicyArg::All {
        let all = args
            .sim
            .install(|| PolicyComparison::simulate(deck, db, options, &advance))?;
        progress.finish();
        let all = all?;
        if args.output.json() {
            write_tagged(out, "transfers_comparison", &all)?;
        } else {
            transfer_table::render_comparison(&all, out)?;
        }
        return Ok(());
    }
    let curve = args
        .sim
        .install(|| TransferCurve::simulate(deck, db, options, &advance))?;
    progress.finish();
    let curve = curve?;
    if let Some(plot) = plot {
        transfer_plot::write(&curve, plot)?;
    }
    if args.output.json() {
        write_tagged(out, "transfers", &curve)?;
    } else {
        transfer_table::render(&curve, out)?;
    }
    Ok(())
}
