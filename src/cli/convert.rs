//! `vtesdeck convert`: read a deck in any supported format (or a VDB deck URL)
//! and write it in a layout of the formats registry (`convert --to`); a
//! folder or a file of several decks is written as one KRCG archive file
//! (`--to krcg`).

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use vtesdeck::deck::Deck;
use vtesdeck::formats::{self, vdb_url, Format};

use super::{inputs, Global, Outcome};

/// Arguments of `vtesdeck convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The decklist: a file in any supported format, `-` for standard input,
    /// or a VDB deck URL (`https://vdb.im/decks/deck?...#200001=2;...`).
    /// With `--to krcg`, also a folder of decklists or a file of several
    /// decks (a KRCG archive, JSON Lines): written as one KRCG archive file.
    #[arg(value_name = "FILE")]
    input: PathBuf,

    /// The layout to write.
    #[arg(long, value_name = "FORMAT", value_parser = to_format_parser())]
    to: Format,

    /// Write to this file (through a temporary file in the same folder)
    /// instead of standard output; an existing file is kept unless --force.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,

    /// Overwrite the -o file when it exists.
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
    if let Some(output) = &args.output {
        refuse_existing(output, args.force)?;
    }
    let db = global.card_db()?;
    let decks = read_input(&args.input, global, &db)?;
    let text = match decks.as_slice() {
        [deck] if !args.input.is_dir() => formats::write(args.to, deck, &db)
            .with_context(|| format!("vtesdeck cannot write the {} layout", args.to))?,
        _ if args.to == Format::Krcg => formats::krcg::write_archive(&decks, &db),
        _ => anyhow::bail!(
            "{}: {} decks; several decks are written only as one KRCG archive (--to krcg)",
            args.input.display(),
            decks.len()
        ),
    };
    match &args.output {
        Some(output) => write_atomically(output, &text, args.force)?,
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
        }
    }
    let mut stderr = std::io::stderr().lock();
    let mut outcome = Outcome::Ok;
    for deck in &decks {
        for line in &deck.unresolved {
            outcome = Outcome::Findings;
            let _ = writeln!(
                stderr,
                "vtesdeck: {}:{}: not converted: {} ({})",
                deck.path_label(),
                line.line,
                line.text,
                line.detail()
            );
        }
    }
    Ok(outcome)
}

/// The decks of a file, `-`, a folder (every deck in it; any unreadable
/// input stops the conversion), or the text of a VDB deck URL given in place
/// of a file.
fn read_input(
    input: &Path,
    global: &Global,
    db: &vtesdeck::cards::CardDb,
) -> anyhow::Result<Vec<Deck>> {
    if let Some(url) = input
        .to_str()
        .filter(|s| !input.exists() && vdb_url::looks_like(s))
    {
        return Ok(vec![Deck::from_text(url, global.input_format, db)]);
    }
    if !input.is_dir() {
        return inputs::load_decks(input, global.input_format, db);
    }
    inputs::load_all(&[input.to_path_buf()], global.input_format, db)
        .into_iter()
        .collect()
}

/// Stops before any work when the output exists and --force is not given.
fn refuse_existing(output: &Path, force: bool) -> anyhow::Result<()> {
    if !force && output.exists() {
        anyhow::bail!(
            "{}: already exists; use --force to overwrite it",
            output.display()
        );
    }
    Ok(())
}

/// Writes through a temporary file in the output's folder, renamed over the
/// target at the end, so a failed write never leaves a half-written file.
fn write_atomically(output: &Path, text: &str, force: bool) -> anyhow::Result<()> {
    let folder = output
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut temporary = tempfile::Builder::new()
        .prefix(".vtesdeck-convert-")
        .tempfile_in(folder)
        .with_context(|| format!("{}: cannot create a temporary file", folder.display()))?;
    temporary
        .write_all(text.as_bytes())
        .and_then(|()| temporary.as_file().sync_all())
        .with_context(|| format!("{}: cannot write", output.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(output).map_or(0o644, |m| m.permissions().mode());
        let _ = std::fs::set_permissions(temporary.path(), std::fs::Permissions::from_mode(mode));
    }
    let persisted = if force {
        temporary.persist(output)
    } else {
        temporary.persist_noclobber(output)
    };
    persisted.map_err(|err| {
        if err.error.kind() == std::io::ErrorKind::AlreadyExists {
            anyhow::anyhow!(
                "{}: already exists; use --force to overwrite it",
                output.display()
            )
        } else {
            anyhow::anyhow!("{}: cannot write: {}", output.display(), err.error)
        }
    })?;
    Ok(())
}
