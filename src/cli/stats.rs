//! `vtesdeck stats`: what decks are made of, and what their crypt can play.

use std::io::Write;

use crate::output::json_lines::write_record;
use crate::output::stats_json::{StatsJson, SummaryJson};
use crate::output::{stats_table, twd_header};
use clap::Args;
use serde::Serialize;
use vtesdeck::analysis::{Stats, SummaryBuilder};
use vtesdeck::deck::TwdHeader;

use super::{inputs, report_input_error, Global, Outcome};

/// Arguments of `vtesdeck stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    #[command(flatten)]
    inputs: inputs::DeckPaths,

    #[command(flatten)]
    output: super::output_format::FormatArgs,

    /// Print only the deck's crypt and library headers, exactly as the TWDA
    /// writes them (`Crypt (12 cards, min=8, max=26, avg=4.42)`, `Library (90 cards)`,
    /// `Master (20; 4 trifle)`, ...); with `--json`, records with `path` and `twd_header`.
    #[arg(long)]
    twd_header: bool,

    /// Add a summary across all decks: how many decks play each card, most
    /// played cards, average counts.
    #[arg(long)]
    summary: bool,

    /// Print only the summary across all decks, not each deck.
    #[arg(long, conflicts_with = "twd_header")]
    summary_only: bool,
}

/// The `--twd-header --json` record.
#[derive(Serialize)]
struct HeaderJson<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    path: String,
    twd_header: &'a TwdHeader,
}

/// Runs `stats`: exit 0, 1 when a card line did not resolve (it is left out
/// of the figures), 2 when an input could not be read.
pub fn run(args: &StatsArgs, global: &Global) -> anyhow::Result<Outcome> {
    // The card database loads while the folders are walked and the first files read.
    let (db, walked) = args.inputs.walk_while(|| global.card_db());
    let db = db?;
    let mut outcome = Outcome::Ok;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    // Stats, and the tables when they are printed, are computed as the decks
    // are read, in parallel; the output is written in input order, each deck
    // as it comes: the memory of a file of 100,000 decks is a slice of them,
    // never every deck.
    let tables = !args.output.json() && !args.twd_header && !args.summary_only;
    let (mut inputs, skipped) = args.inputs.read_walked(walked?, &db, |input| {
        input.map(|deck| {
            let stats = Stats::of_deck(&deck, &db);
            let text = tables.then(|| stats_table::render(&deck, &stats));
            (deck, stats, text)
        })
    });
    if !global.quiet {
        inputs::note_skipped(&skipped.skipped);
    }
    let mut summary = (args.summary || args.summary_only).then(SummaryBuilder::default);
    let mut written = 0;
    // The TWDA headers of the first deck, held until it is known whether
    // another deck follows (each is then titled with its path).
    let mut first_header: Option<(String, String)> = None;
    for (path, input) in inputs.by_ref() {
        let (deck, stats, text) = match input {
            Ok(made) => made,
            Err(err) => {
                inputs::report_unreadable(&mut out, args.output.json(), &path, &err)?;
                outcome = outcome.merge(Outcome::Error);
                continue;
            }
        };
        for unresolved in &deck.unresolved {
            report_input_error(&anyhow::anyhow!(
                "{}:{}: {}: no such card, left out of the stats",
                deck.path_label(),
                unresolved.line,
                vtesdeck::deck::excerpt(&unresolved.text)
            ));
            outcome = outcome.merge(Outcome::Findings);
        }
        if let Some(builder) = summary.as_mut() {
            builder.add(&deck, &stats);
        }
        written += 1;
        if args.summary_only {
            continue;
        }
        match (args.output.json(), args.twd_header) {
            (true, true) => {
                let record = HeaderJson {
                    kind: "deck",
                    path: deck.path_label(),
                    twd_header: &stats.twd_header,
                };
                write_record(&mut out, &record)?;
            }
            (true, false) => {
                write_record(&mut out, &StatsJson::new(&deck, &stats))?;
            }
            (false, true) => {
                let header = twd_header::render(&stats.twd_header);
                if written == 1 {
                    first_header = Some((deck.path_label(), header));
                    continue;
                }
                if let Some((label, first)) = first_header.take() {
                    write!(out, "# {label}\n{first}")?;
                }
                write!(out, "\n# {}\n{header}", deck.path_label())?;
            }
            (false, false) => {
                if written > 1 {
                    writeln!(out)?;
                }
                write!(out, "{}", text.unwrap_or_default())?;
            }
        }
    }
    if let Some((_, first)) = first_header {
        // The one deck: its headers alone.
        write!(out, "{first}")?;
    }
    if !global.quiet {
        inputs::note_skipped(inputs.skipped());
    }
    if let Some(builder) = summary {
        let summary = builder.finish(&db);
        if args.output.json() {
            write_record(&mut out, &SummaryJson::new(&summary))?;
        } else {
            if written > 0 && !args.summary_only {
                writeln!(out)?;
            }
            write!(out, "{}", stats_table::render_summary(&summary))?;
        }
    }
    out.flush()?;
    Ok(outcome)
}
