//! `vtesdeck convert`: read a deck in any supported format (or a VDB deck URL)
//! and write it in a layout of the formats registry (`convert --to`); a
//! folder or a file of several decks is written as one KRCG archive file
//! (`--to krcg`).

use std::io::Write;
use std::path::PathBuf;

use crate::output::output_file::OutputFile;
use anyhow::Context;
use clap::Args;
use vtesdeck::deck::Deck;
use vtesdeck::formats;
use vtesdeck::formats::Format;
use vtesdeck::formats::LoadDeck;

use super::{inputs, Global, Outcome};

/// Arguments of `vtesdeck convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The decklist: a file in any supported format, `-` for standard input,
    /// or a VDB deck URL (`https://vdb.im/decks/deck?...#200001=2;...`).
    /// With `--to krcg`, also a folder of decklists or a file of several
    /// decks (a KRCG archive, JSON Lines): written as one KRCG archive file.
    /// Standard input when no FILE is given and it is not a terminal.
    #[arg(value_name = "FILE")]
    input: Option<PathBuf>,

    #[command(flatten)]
    selection: inputs::FileSelectionArgs,

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

    /// No note on standard error: the files of a folder skipped (not
    /// decklists), the built-in card list being old. Lines not converted are
    /// said even so.
    // The help of convert's own: the global `-q` speaks of legal decks and
    // progress bars, which `convert` has none of.
    #[arg(id = "quiet", short = 'q', long = "quiet")]
    quiet: bool,
}

/// The summary of `convert --help`: the layouts of the formats registry that
/// vtesdeck writes.
pub fn about() -> String {
    let layouts: Vec<&str> = formats::writable().map(Format::name).collect();
    format!("Write a deck in another layout: {}", layouts.join(", "))
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
/// input, a deck from which no card was read, existing output without --force).
pub fn run(args: &ConvertArgs, global: &Global) -> anyhow::Result<Outcome> {
    let output = args
        .output
        .as_deref()
        .filter(|path| !inputs::is_standard_stream(path))
        .map(|path| OutputFile::check(path, args.force))
        .transpose()?;
    // The one input given, or standard input when it is not a terminal.
    let input = inputs::paths_or_stdin(args.input.as_slice())?.remove(0);
    let global = Global {
        cards: global.cards.clone(),
        quiet: args.quiet || global.quiet,
        offline: global.offline,
    };
    let db = global.card_db()?;
    let format = args.deck_format.input_format;
    // A file (one deck, or one per JSON record), `-`, a VDB deck URL, or a
    // folder: read a few decks at a time, as they are written.
    let (mut decks, walked) = inputs::read_all(
        std::slice::from_ref(&input),
        &args.selection.selection(),
        format,
        &db,
    )?;
    if !global.quiet {
        inputs::note_skipped(&walked.skipped);
    }
    let first = decks
        .next()
        .map(|(_, deck)| deck)
        .with_context(|| format!("{}: no deck to convert", input.display()))??;
    let mut rest = decks.by_ref().map(|(_, deck)| deck).peekable();
    if rest.peek().is_none() && !input.is_dir() {
        // One deck, in any layout.
        if let Err(nothing_read) = first.ensure_cards_read() {
            report_not_converted(&first);
            return Err(nothing_read.into());
        }
        let text = formats::write(args.to, &first, &db)
            .with_context(|| format!("vtesdeck cannot write the {} layout", args.to))?;
        match &output {
            Some(output) => output.write(text.as_bytes())?,
            None => {
                let mut out = std::io::stdout().lock();
                out.write_all(text.as_bytes())?;
                out.flush()?;
            }
        }
        return Ok(report_not_converted(&first));
    }
    if args.to != Format::Krcg {
        // Counted, not kept: the decks are read to say how many there are.
        let count = 1 + rest.count();
        anyhow::bail!(
            "{}: {count} decks; several decks are written only as one KRCG archive (--to krcg)",
            input.display()
        );
    }
    // Several decks: one KRCG archive, written a deck at a time; any deck that
    // cannot be read, or from which no card was read, stops the conversion
    // (a file given with -o is then not written at all).
    let mut staged = output.as_ref().map(OutputFile::stage).transpose()?;
    let stdout = std::io::stdout();
    let mut sink: Box<dyn Write> = match &mut staged {
        Some(staged) => Box::new(std::io::BufWriter::new(staged.file())),
        None => Box::new(std::io::BufWriter::new(stdout.lock())),
    };
    let mut archive = formats::ArchiveWriter::default();
    let mut outcome = Outcome::Ok;
    let mut buffer = Vec::new();
    for deck in std::iter::once(Ok(first)).chain(rest) {
        let deck = deck?;
        if let Err(nothing_read) = deck.ensure_cards_read() {
            report_not_converted(&deck);
            return Err(nothing_read.into());
        }
        buffer.clear();
        archive.write_deck(&mut buffer, &deck, &db);
        sink.write_all(&buffer)?;
        outcome = outcome.merge(report_not_converted(&deck));
    }
    if !global.quiet {
        // The files of the folder found, once read, to hold no decklist.
        inputs::note_skipped(decks.skipped());
    }
    buffer.clear();
    archive.finish(&mut buffer);
    sink.write_all(&buffer)?;
    sink.flush()?;
    drop(sink);
    if let (Some(output), Some(staged)) = (&output, staged) {
        output.commit(staged)?;
    }
    Ok(outcome)
}

/// Lists the lines of a deck that did not resolve on standard error
/// (`vtesdeck: PATH:LINE: not converted: ...`), `Findings` when there are
/// some; and the cards given by an id beside a name of another card, written
/// as the id's card (`vtesdeck: PATH:LINE: `...`: id N is CARD, not the name
/// given: written as CARD`), which change no exit status.
fn report_not_converted(deck: &Deck) -> Outcome {
    let mut stderr = std::io::stderr().lock();
    for mismatch in &deck.name_mismatches {
        let _ = writeln!(
            stderr,
            "vtesdeck: {}:{}: `{}`: id {} is {}, not the name given: written as {}",
            deck.path_label(),
            mismatch.line,
            vtesdeck::deck::excerpt(mismatch.typed.trim()),
            mismatch.id,
            mismatch.card,
            mismatch.card
        );
    }
    let mut outcome = Outcome::Ok;
    for line in &deck.unresolved {
        outcome = Outcome::Findings;
        let _ = writeln!(
            stderr,
            "vtesdeck: {}:{}: not converted: {} ({})",
            deck.path_label(),
            line.line,
            vtesdeck::deck::excerpt(&line.text),
            line.detail()
        );
    }
    outcome
}
