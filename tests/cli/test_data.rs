//! The real data the tests read: the repository's snapshots (`data/twda/`,
//! `data/samples/`) unpack to exactly the files their PROVENANCE sums, and the
//! copy the tests read (`../shared` or `$VTESDECK_*` when there) is the same.

use crate::common;
use sha2::{Digest, Sha256};
use std::path::Path;

/// What `find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum |
/// sha256sum` prints for `dir` (PROVENANCE gives the command), and the number
/// of files.
fn tree_sum(dir: &Path) -> (String, usize) {
    let mut files: Vec<(String, std::path::PathBuf)> = walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|entry| entry.expect("readable folder"))
        .filter(|entry| entry.file_type().is_file())
        .map(|entry| {
            let relative = entry.path().strip_prefix(dir).expect("inside the folder");
            let name = relative
                .to_str()
                .expect("UTF-8 file name")
                .replace('\\', "/");
            (format!("./{name}"), entry.path().to_path_buf())
        })
        .collect();
    files.sort();
    let mut listing = String::new();
    for (name, path) in &files {
        let bytes = std::fs::read(path).expect("readable file");
        listing.push_str(&format!("{}  {name}\n", hex(&Sha256::digest(&bytes))));
    }
    (hex(&Sha256::digest(listing.as_bytes())), files.len())
}

/// Bytes as lower-case hexadecimal, as `sha256sum` writes a sum.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// The sum written in `PROVENANCE` under the command that computes it.
fn provenance_sum(provenance: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(provenance);
    let text = std::fs::read_to_string(&path).expect("PROVENANCE");
    let mut lines = text.lines().skip_while(|line| !line.starts_with("(cd "));
    lines.next().expect("the command of the files' sum");
    lines.next().expect("the files' sum").trim().to_string()
}

/// The snapshot against its PROVENANCE, then the copy the tests read against the snapshot.
fn assert_snapshot(snapshot: &Path, in_use: &Path, provenance: &str, files: usize, var: &str) {
    let (sum, count) = tree_sum(snapshot);
    assert_eq!(count, files, "{} files in {}", count, snapshot.display());
    assert_eq!(
        sum,
        provenance_sum(provenance),
        "{provenance}: sum of {}",
        snapshot.display()
    );
    if in_use != snapshot {
        let (used, used_count) = tree_sum(in_use);
        assert!(
            used == sum,
            "the tests read {} ({used_count} files), which differs from the repository's snapshot \
             ({provenance}): the tests' figures are the snapshot's; refresh it \
             (scripts/pack-test-data.sh) or unset {var} / move ../shared away",
            in_use.display()
        );
    }
}

#[test]
fn twda_snapshot_is_the_one_of_its_provenance_and_the_one_read() {
    assert_snapshot(
        &common::twda_snapshot_dir(),
        &common::twda_dir(),
        "data/twda/PROVENANCE",
        4504,
        "VTESDECK_TWDA",
    );
}

#[test]
fn samples_snapshot_is_the_one_of_its_provenance_and_the_one_read() {
    assert_snapshot(
        &common::samples_snapshot_dir(),
        &common::samples_dir(),
        "data/samples/PROVENANCE",
        27,
        "VTESDECK_SAMPLES",
    );
}
