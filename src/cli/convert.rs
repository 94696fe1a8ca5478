//! `vtesdeck convert`: read a deck in any supported format (or a VDB deck URL)
//! and write it as `twd`, `jol`, `lackey`, `vdb`, `json` or `text`.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use vtesdeck::deck::Deck;
use vtesdeck::formats::{vdb_url, OutputFormat};
use vtesdeck::output::output_file::OutputFile;

use super::{inputs, Global, Outcome};

/// Arguments of `vtesdeck convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The decklist: a file in any supported format, `-` for standard input,
    /// or a VDB deck URL (`https://vdb.im/decks/deck?...#200001=2;...`).
    #[arg(value_name = "FILE")]
    input: PathBuf,

    /// The layout to write.
    #[arg(long, value_name = "FORMAT")]
    to: ToFormat,

    /// Write to this file (through a temporary file in the same folder)
    /// instead of standard output; an existing file is kept unless --force.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,

    /// Overwrite the -o file when it exists (a regular file only: never a
    /// symbolic link, a named pipe or a device).
    #[arg(long, requires = "output")]
    force: bool,
}

/// `--to` values.
#[derive(Debug, Clone, Copy, ValueEnum)]
enum ToFormat {
    /// TWDA layout: columned crypt with min/max/avg, library grouped by type.
    Twd,
    /// JOL: `2x Name`, crypt, blank line, library.
    Jol,
    /// Lackey CCG: `N<TAB>Name`, library, `Crypt:`, crypt.
    Lackey,
    /// A VDB deck URL.
    Vdb,
    /// The JSON object of `parse --json`.
    Json,
    /// Plain `2x Name` lines under `Crypt (N)` / `Library (N)`.
    Text,
}

impl From<ToFormat> for OutputFormat {
    fn from(format: ToFormat) -> OutputFormat {
        match format {
            ToFormat::Twd => OutputFormat::Twd,
            ToFormat::Jol => OutputFormat::Jol,
            ToFormat::Lackey => OutputFormat::Lackey,
            ToFormat::Vdb => OutputFormat::Vdb,
            ToFormat::Json => OutputFormat::Json,
            ToFormat::Text => OutputFormat::Text,
        }
    }
}

/// Runs `convert`: exit 0 when written, 1 when written but some input lines
/// did not resolve (listed on standard error), 2 on an error (unreadable
/// input, existing output without --force).
pub fn run(args: &ConvertArgs, global: &Global) -> anyhow::Result<Outcome> {
    let output = args
        .output
        .as_deref()
        .map(|path| OutputFile::check(path, args.force))
        .transpose()?;
    let db = global.card_db()?;
    let deck = read_input(&args.input, global, &db)?;
    let text = OutputFormat::from(args.to).write(&deck, &db);
    match &output {
        Some(output) => output.write(text.as_bytes())?,
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
        }
    }
    let mut stderr = std::io::stderr().lock();
    for line in &deck.unresolved {
        let _ = writeln!(
            stderr,
            "vtesdeck: {}:{}: not converted: {} ({})",
            deck.path_label(),
            line.line,
            line.text,
            line.detail()
        );
    }
    Ok(if deck.unresolved.is_empty() {
        Outcome::Ok
    } else {
        Outcome::Findings
    })
}

/// A file, `-`, or the text of a VDB deck URL given in place of a file.
fn read_input(input: &Path, global: &Global, db: &vtesdeck::cards::CardDb) -> anyhow::Result<Deck> {
    if let Some(url) = input
        .to_str()
        .filter(|s| !input.exists() && vdb_url::looks_like(s))
    {
        return Ok(Deck::from_text(url, global.input_format, db));
    }
    inputs::load(input, global.input_format, db)
}
