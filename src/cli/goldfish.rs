//! `vtesdeck goldfish`: a deck played alone at an idle table.

use std::io::Write;

use crate::output::goldfish_table;
use crate::output::json_lines::write_tagged;
use clap::{Args, ValueEnum};
use vtesdeck::cards::CardDb;
use vtesdeck::deck::Deck;
use vtesdeck::sim::{
    GoldfishReport, KeyVampires, Policy, TransferOptions, COVERAGE_WARNING, PLAYED_WARNING,
    STARTING_POOL,
};

use super::progress::Progress;
use super::sim_options::{write_reports, SeatsAndTurns, SimArgs, SimDecks, INPUTS_HELP};
use super::{Global, Outcome};

/// The long `--help` text of `vtesdeck goldfish`.
pub fn long_about() -> String {
    format!(
        "Play a deck alone at an idle table: how fast it takes pool, per seat.

Each turn: unlock; master phase (blood dolls move 1 blood to the pool; one master phase action, one more with The Parthenon, one more after the first trifle: the master worth most, a pool gain, +transfers, a blood doll, Ashur Tablets, a blood gain); minion phase (a vampire with no blood hunts first; then each vampire in play takes the action card it can play and pay that takes the most pool, else a plain bleed for 1: one bleed and one political action a turn, each card once a turn; bleed modifiers on its bleed, one limited; an unlock card gives it one more action); influence phase (the code of `transfers`, under --policy and --max-vampires; vampires act from the next turn); discard phase (one card no vampire in play can use). Cards are replaced as they are played; costs in pool and blood are paid; a card the crypt cannot play is never played. Every choice the game makes is printed with the figures.

The idle table: the prey has {STARTING_POOL} pool and never blocks, bounces, reacts or votes against; the predator does nothing. Every assumption is printed with the figures.

Card effects come from a table (crates/sim/data/goldfish-effects.tsv in the sources): every library card is played (modelled), has no effect at an idle table (combat, reactions, stealth, intercept, votes, cards aimed at other players), or is not modelled (played as nothing, named in the output). The coverage line gives the share of the library the game plays, then the rest by kind; under {} played, a warning says the deck's plan takes no pool at an idle table (the figures are mostly plain bleeds); under {} modelled or no effect, that the figures are a lower bound.

{INPUTS_HELP}

Output per seat and turn: the pool the prey has lost by the end of the turn (mean, 10th, 50th, 90th percentiles), the chance it is ousted by then, the own pool, the vampires in play and the actions taken (means); per seat the turn the prey first loses pool and the turn of the oust; a terminal chart of the mean pool taken by turn, one line per seat. Seats with the same figures (4 and 5) are shown once. Every figure is sampled (--samples games per seat); a turn's figures do not depend on --turns (the first turns of a longer game are the shorter game, with the same seed).

Exit status: 0 ok; 2 on an error (any deck), including a deck with unresolved lines or an empty crypt.",
        crate::output::figures::percent(PLAYED_WARNING),
        crate::output::figures::percent(COVERAGE_WARNING)
    )
}

/// Arguments of `vtesdeck goldfish` (see [`long_about`]).
#[derive(Debug, Args)]
pub struct GoldfishArgs {
    /// How transfers are spent (as `transfers --policy`).
    #[arg(long, default_value = "cheapest", value_name = "POLICY")]
    policy: PolicyArg,

    #[command(flatten)]
    output: super::output_format::FormatArgs,

    #[command(flatten)]
    games: SeatsAndTurns,

    #[command(flatten)]
    sim: SimArgs,

    #[command(flatten)]
    decks: SimDecks,
}

/// `--policy` values: the transfers policies without key vampires.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum PolicyArg {
    /// Fill the uncontrolled vampire closest to its capacity; draw when none is eligible.
    Cheapest,
    /// Fill the uncontrolled vampire with the largest capacity; draw when none is eligible.
    Biggest,
}

/// Runs `goldfish`: one report per deck; an unreadable deck is reported and
/// the others still run (exit 2).
pub fn run(args: &GoldfishArgs, global: &Global) -> anyhow::Result<Outcome> {
    let db = global.card_db()?;
    let decks = args.decks.read(&db, global.quiet)?;
    let policy = match args.policy {
        PolicyArg::Cheapest => Policy::Cheapest,
        PolicyArg::Biggest => Policy::Biggest,
    };
    let options = args
        .games
        .options(&args.sim, policy, KeyVampires::default());
    write_reports(decks, args.output.json(), |deck, out| {
        simulate_one(args, global, deck, &db, &options, out)
    })
}

/// Simulates and writes one deck's report.
fn simulate_one(
    args: &GoldfishArgs,
    global: &Global,
    deck: &Deck,
    db: &CardDb,
    options: &TransferOptions,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let progress = Progress::new(options.samples, global.quiet);
    let advance = |n| progress.advance(n);
    let report = args
        .sim
        .install(|| GoldfishReport::simulate(deck, db, options, &advance))?;
    progress.finish();
    let report = report?;
    if args.output.json() {
        write_tagged(out, "goldfish", &report)?;
    } else {
        goldfish_table::render(&report, out)?;
    }
    Ok(())
}
