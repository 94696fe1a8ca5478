//! Decompresses the built-in card list snapshot (`crates/cards/data/cards/cards.bin.gz`)
//! into `OUT_DIR`, so that the program carries it ready to read.

use std::io::Read;
use std::path::PathBuf;

fn main() {
    let source = PathBuf::from("data/cards/cards.bin.gz");
    println!("cargo::rerun-if-changed={}", source.display());
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let target = out_dir.join("cards.bin");
    let bytes = match std::fs::File::open(&source) {
        Ok(file) => {
            let mut bytes = Vec::new();
            if let Err(err) = flate2::read::GzDecoder::new(file).read_to_end(&mut bytes) {
                panic!("{}: not a readable gzip file: {err}", source.display());
            }
            bytes
        }
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            // First build of a new snapshot format: the program builds without
            // one and says so when asked for it; scripts/refresh-cards.sh then writes it.
            println!(
                "cargo::warning={} missing: the built-in card list is empty until scripts/refresh-cards.sh --rebuild writes it",
                source.display()
            );
            Vec::new()
        }
        Err(err) => panic!("{}: {err}", source.display()),
    };
    if let Err(err) = std::fs::write(&target, bytes) {
        panic!("{}: {err}", target.display());
    }
}
