//! `vtesdeck parse`: read decklists, print them normalised or as JSON.

use std::io::Write;

use crate::output::deck_text;
use crate::output::json_lines::write_record;
use clap::Args;
use vtesdeck::formats::DeckJson;

use super::{inputs, Global, Outcome};

/// Arguments of `vtesdeck parse`.
#[derive(Debug, Args)]
pub struct ParseArgs {
    #[command(flatten)]
    inputs: inputs::DeckPaths,

    #[command(flatten)]
    output: super::output_format::FormatArgs,
}

/// Runs `parse`: exit 0 when every card line resolved, 1 when some did not, 2 on an error.
pub fn run(args: &ParseArgs, global: &Global) -> anyhow::Result<Outcome> {
    // The card database loads while the folders are walked and the first files read.
    let (db, walked) = args.inputs.walk_while(|| global.card_db());
    let db = db?;
    let mut outcome = Outcome::Ok;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let (mut decks, skipped) = args.inputs.read_walked(walked?, &db, |input| input);
    if !global.quiet {
        inputs::note_skipped(&skipped.skipped);
    }
    for (path, input) in decks.by_ref() {
        let deck = match input {
            Ok(deck) => deck,
            Err(err) => {
                inputs::report_unreadable(&mut out, args.output.json(), &path, &err)?;
                outcome = outcome.merge(Outcome::Error);
                continue;
            }
        };
        if !deck.unresolved.is_empty() {
            outcome = outcome.merge(Outcome::Findings);
        }
        if args.output.json() {
            write_record(&mut out, &DeckJson::new(&deck, &db))?;
        } else {
            writeln!(out, "{}", deck_text::render(&deck, &db))?;
        }
    }
    out.flush()?;
    if !global.quiet {
        inputs::note_skipped(decks.skipped());
    }
    Ok(outcome)
}
