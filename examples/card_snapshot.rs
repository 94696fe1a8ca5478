//! Writes the built-in card list snapshot, `crates/cards/data/cards/cards.bin.gz`, from the
//! official CSV files kept beside it (`crates/cards/data/cards/*.csv.gz`) and the date in
//! `crates/cards/data/cards/PROVENANCE`. Run by `scripts/refresh-cards.sh`; run it alone
//! (`cargo run --example card_snapshot`) after a change to the card loader.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use chrono::NaiveDate;
use vtesdeck::cards::CardDb;

/// The folder of the snapshot, from the project root.
const DATA_DIR: &str = "crates/cards/data/cards";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args_os()
        .nth(1)
        .map_or_else(|| PathBuf::from(DATA_DIR), PathBuf::from);
    let provenance = dir.join("PROVENANCE");
    let provenance_text = std::fs::read_to_string(&provenance)
        .map_err(|e| format!("{}: {e}", provenance.display()))?;
    let date = provenance_text
        .lines()
        .find_map(|line| line.strip_prefix("date:"))
        .and_then(|date| NaiveDate::parse_from_str(date.trim(), "%Y-%m-%d").ok())
        .ok_or_else(|| format!("{}: no `date: YYYY-MM-DD` line", provenance.display()))?;
    let texts = [
        "vtescrypt.csv",
        "vteslib.csv",
        "vtessets.csv",
        "vteslibmeta.csv",
    ]
    .map(|name| gunzip(&dir.join(format!("{name}.gz"))).map(|text| (dir.join(name), text)));
    let [crypt, library, sets, meta] = texts;
    let (crypt, library, sets, meta) = (crypt?, library?, sets?, meta?);
    let db = CardDb::from_csv(
        (&crypt.0, &crypt.1),
        (&library.0, &library.1),
        Some((&sets.0, &sets.1)),
        Some((&meta.0, &meta.1)),
    )?;
    let encoded = db.encode_snapshot(date);
    let target = dir.join("cards.bin.gz");
    let mut gzip = flate2::GzBuilder::new()
        .mtime(0)
        .write(Vec::new(), flate2::Compression::best());
    gzip.write_all(&encoded)?;
    std::fs::write(&target, gzip.finish()?).map_err(|e| format!("{}: {e}", target.display()))?;
    println!(
        "{}: {} cards, {} sets, card list of {date} ({} bytes before compression)",
        target.display(),
        db.cards().len(),
        db.sets().len(),
        encoded.len()
    );
    Ok(())
}

/// Reads a gzip-compressed UTF-8 file.
fn gunzip(path: &Path) -> Result<String, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut text = String::new();
    flate2::read::GzDecoder::new(file)
        .read_to_string(&mut text)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(text)
}
