//! `vtesdeck transfers`: the influence phase of the first turns, simulated.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use vtesdeck::output::output_file::OutputFile;
use vtesdeck::output::{transfer_plot, transfer_table};
use vtesdeck::sim::transfers::{Policy, TransferCurve, TransferOptions, SEATS};

use super::progress::Progress;
use super::sim_options::SimArgs;
use super::{inputs, Global, Outcome};

/// The long `--help` text of `vtesdeck transfers`.
pub const LONG_ABOUT: &str = "Simulate the influence phase: how fast the crypt comes into play, per seat.

Rules: 30 pool at the start; 4 crypt cards dealt; transfers on a player's first turn are 1, 2, 3 for seats 1, 2, 3 and 4 for seats 4 and 5; 4 on every later turn. 1 transfer moves 1 pool to an uncontrolled vampire; 4 transfers and 1 pool move the next crypt card to the uncontrolled region. A vampire with blood equal to its capacity at the end of the phase comes into play. Pool never goes below 1.

Policy `cheapest` (the default): during the phase, while transfers remain: an eligible target is an uncontrolled vampire not yet full and not a copy (any printing: same name) of a unique vampire controlled or already full; if there is none, the crypt is not empty and at least 4 transfers remain, move the next crypt card in; else if there is one, put 1 pool on the eligible target that needs the fewest counters to reach its capacity (ties: the one dealt first); else the remaining transfers are lost. Stop spending once --max-vampires vampires are controlled or full.

Output per seat and turn: P(at least 1..K vampires controlled) (K = --max-vampires), expected number controlled, expected total capacity controlled, expected pool; per seat the mean and median turn of the 1st to Kth vampire; a terminal chart of the expected capacity in play by turn, one line per seat (--plot writes it as SVG or PNG).

Exit status: 0 ok; 2 on an error, including a deck with unresolved lines or an empty crypt.";

/// Arguments of `vtesdeck transfers` (see [`LONG_ABOUT`]).
#[derive(Debug, Args)]
pub struct TransfersArgs {
    /// Decklist file, or `-` for standard input.
    #[arg(value_name = "FILE")]
    file: PathBuf,

    /// Seat to simulate: 1 to 5, or `all`.
    #[arg(long, default_value = "all", value_name = "1..5|all", value_parser = parse_seat)]
    seat: SeatChoice,

    /// Turns to simulate.
    #[arg(long, default_value_t = 8, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    turns: u32,

    /// Stop spending transfers once this many vampires are controlled or full;
    /// P(at least k) and the nth-vampire figures go up to K.
    #[arg(long, default_value_t = 4, value_name = "K",
          value_parser = clap::value_parser!(u32).range(0..=1000))]
    max_vampires: u32,

    /// How transfers are spent.
    #[arg(long, default_value = "cheapest", value_name = "POLICY")]
    policy: PolicyArg,

    /// One JSON object instead of tables and chart.
    #[arg(long)]
    json: bool,

    /// Also write the chart as an image: FILE.svg or FILE.png (through a
    /// temporary file in the same folder); an existing file is kept unless --force.
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,

    /// Overwrite the --plot file when it exists (a regular file only).
    #[arg(long, requires = "plot")]
    force: bool,

    #[command(flatten)]
    sim: SimArgs,
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

/// `--policy` values.
#[derive(Debug, Clone, Copy, ValueEnum)]
enum PolicyArg {
    /// Fill the uncontrolled vampire closest to its capacity; draw when none is eligible.
    Cheapest,
}

/// Runs `transfers`.
pub fn run(args: &TransfersArgs, global: &Global) -> anyhow::Result<Outcome> {
    // The plot file is checked before the simulation, not after it.
    let plot = match &args.plot {
        Some(path) => {
            transfer_plot::check_extension(path)?;
            Some(OutputFile::check(path, args.force)?)
        }
        None => None,
    };
    let db = global.card_db()?;
    let deck = inputs::load(&args.file, global.input_format, &db)?;
    let options = TransferOptions {
        seats: match args.seat {
            SeatChoice::One(seat) => vec![seat],
            SeatChoice::All => (1..=SEATS).collect(),
        },
        turns: args.turns,
        samples: args.sim.samples,
        seed: args.sim.seed(),
        max_vampires: args.max_vampires,
        policy: match args.policy {
            PolicyArg::Cheapest => Policy::Cheapest,
        },
        keys: Default::default(),
    };
    let progress = Progress::new(options.samples, args.sim.quiet);
    let curve = args
        .sim
        .install(|| TransferCurve::simulate(&deck, &db, &options, &|n| progress.advance(n)))?;
    progress.finish();
    let curve = curve?;
    if let Some(plot) = &plot {
        transfer_plot::write(&curve, plot)?;
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if args.json {
        serde_json::to_writer(&mut out, &curve)?;
        writeln!(out)?;
    } else {
        transfer_table::render(&curve, &mut out)?;
    }
    out.flush()?;
    Ok(Outcome::Ok)
}
