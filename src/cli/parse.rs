//! `vtesdeck parse`: read decklists, print them normalised or as JSON.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use vtesdeck::formats::json::DeckJson;
use vtesdeck::output::deck_text;

use super::{inputs, report_input_error, Global, Outcome};

/// Arguments of `vtesdeck parse`.
#[derive(Debug, Args)]
pub struct ParseArgs {
    /// Decklist files, directories (read recursively), or `-` for standard input.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,

    /// One JSON object per deck, one per line.
    #[arg(long)]
    json: bool,
}

/// Runs `parse`: exit 0 when every card line resolved, 1 when some did not, 2 on an error.
pub fn run(args: &ParseArgs, global: &Global) -> anyhow::Result<Outcome> {
    let db = global.card_db()?;
    let mut outcome = Outcome::Ok;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for input in inputs::load_all(&args.paths, global.input_format, &db) {
        let deck = match input {
            Ok(deck) => deck,
            Err(err) => {
                report_input_error(&err);
                outcome = outcome.merge(Outcome::Error);
                continue;
            }
        };
        if !deck.unresolved.is_empty() {
            outcome = outcome.merge(Outcome::Findings);
        }
        if let Some(warning) = inputs::empty_deck_warning(&deck) {
            report_input_error(&anyhow::anyhow!(warning));
            outcome = outcome.merge(Outcome::Findings);
        }
        if args.json {
            serde_json::to_writer(&mut out, &DeckJson::new(&deck, &db))?;
            writeln!(out)?;
        } else {
            writeln!(out, "{}", deck_text::render(&deck, &db))?;
        }
    }
    out.flush()?;
    Ok(outcome)
}
