//! `vtesdeck convert`: read a deck in any supported format (or a VDB deck URL)
//! and write it as `twd`, `jol`, `lackey`, `vdb`, `json` or `text`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use vtesdeck::formats::{self, Format};
use vtesdeck::output::output_file::OutputFile;

use super::{inputs, Global, Outcome};

/// Arguments of `vtesdeck convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The decklist: a file in any supported format, `-` for standard input,
    /// or a VDB deck URL (`https://vdb.im/decks/deck?...#200001=2;...`).
    #[arg(value_name = "FILE")]
    input: PathBuf,

    #[command(flatten)]
    deck_format: inputs::DeckFormat,

    /// The layout to write.
    #[arg(long, value_name = "FORMAT", value_parser = to_format_parser())]
    to: Format,

    /// Write to this file (through a temporary file in the same folder)
    /// instead of standard output (`-` is standard output); an existing file is
    /// kept unless --force.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,

    /// Overwrite the -o file when it exists (a regular file only: never a
    /// symbolic link, a named pipe or a device).
    #[arg(long, requires = "output")]
    force: bool,
}

/// `--to` values: the layouts of the formats registry that vtesdeck writes
/// (`vdb` is taken for `vdb-url`).
fn to_format_parser() -> impl clap::builder::TypedValueParser<Value = Format> {
    let mut names: Vec<&'static str> = formats::writable().map(Format::name).collect();
    names.push("vdb");
    super::format_parser(names)
}

/// Runs `convert`: exit 0 when written, 1 when written but some input lines
/// did not resolve (listed on standard error), 2 on an error (unreadable
/// input, existing output without --force).
pub fn run(args: &ConvertArgs, global: &Global) -> anyhow::Result<Outcome> {
    let output = args
        .output
        .as_deref()
        .filter(|path| !inputs::is_standard_stream(path))
        .map(|path| OutputFile::check(path, args.force))
        .transpose()?;
    let db = global.card_db()?;
    let deck = inputs::load_argument(&args.input, args.deck_format.input_format, &db)?;
    let text = formats::write(args.to, &deck, &db)
        .with_context(|| format!("vtesdeck cannot write the {} layout", args.to))?;
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
