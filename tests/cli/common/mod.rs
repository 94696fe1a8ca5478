//! Shared helpers of the integration tests: where the real data is, and the
//! binary under test.

#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::OnceLock;

/// The official VEKN card list as CSV files: `$VTESDECK_CARDS` when set, else
/// `../shared/cards` when it is there, else the copy the repository keeps
/// compressed (`crates/cards/data/cards/*.csv.gz`, the list the binary embeds:
/// `crates/cards/data/cards/PROVENANCE`), written out once under the build's
/// temporary folder. Panics, naming the path, when `$VTESDECK_CARDS` names a
/// folder without the files.
pub fn cards_dir() -> PathBuf {
    if let Some(dir) = real_data_override("VTESDECK_CARDS", "cards", "vtescrypt.csv") {
        return dir;
    }
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(repository_cards).clone()
}

/// `crates/cards/data/cards/*.csv.gz` decompressed into a folder of the build's
/// temporary directory; each file written under a temporary name and renamed,
/// so that a test process started at the same time never reads half a file.
fn repository_cards() -> PathBuf {
    use std::io::Read;
    let source = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("crates/cards/data/cards");
    let target = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("official-cards");
    std::fs::create_dir_all(&target).expect("temporary card folder");
    for name in [
        "vtescrypt.csv",
        "vteslib.csv",
        "vtessets.csv",
        "vteslibmeta.csv",
    ] {
        let path = source.join(format!("{name}.gz"));
        let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut text = Vec::new();
        flate2::read::GzDecoder::new(file)
            .read_to_end(&mut text)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let partial = target.join(format!("{name}.{}.partial", std::process::id()));
        std::fs::write(&partial, &text).expect("write the card file");
        std::fs::rename(&partial, target.join(name)).expect("rename the card file");
    }
    target
}

/// The TWDA decklists: `$VTESDECK_TWDA` when set, else `../shared/twda/decks`
/// when it is there, else the snapshot the repository keeps
/// (`data/twda/decks.tar.xz`, `data/twda/PROVENANCE`) unpacked once.
pub fn twda_dir() -> PathBuf {
    if let Some(dir) = real_data_override("VTESDECK_TWDA", "twda/decks", "10043.txt") {
        return dir;
    }
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(twda_snapshot_dir).clone()
}

/// Every `.txt` decklist of the TWDA, sorted (more than 4,000, or the test fails).
pub fn twda_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(twda_dir())
        .expect("TWDA folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(files.len() > 4000, "only {} TWDA files", files.len());
    files
}

/// The sample exports: `$VTESDECK_SAMPLES` when set, else `../shared/samples`
/// when it is there, else the copy the repository keeps
/// (`data/samples/samples.tar.xz`, `data/samples/PROVENANCE`) unpacked once.
pub fn samples_dir() -> PathBuf {
    if let Some(dir) = real_data_override("VTESDECK_SAMPLES", "samples", "README.md") {
        return dir;
    }
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(samples_snapshot_dir).clone()
}

/// The repository's TWDA snapshot unpacked, whatever [`twda_dir`] reads.
pub fn twda_snapshot_dir() -> PathBuf {
    repository_snapshot("twda", "data/twda/decks.tar.xz", "decks")
}

/// The repository's sample exports unpacked, whatever [`samples_dir`] reads.
pub fn samples_snapshot_dir() -> PathBuf {
    repository_snapshot("samples", "data/samples/samples.tar.xz", "samples")
}

/// Where the real data comes from when not from the repository: the folder
/// `$var` names (which must hold `probe`, or the test fails naming it), else
/// `../shared/<shared>` beside the clone when it holds `probe`, else none.
fn real_data_override(var: &str, shared: &str, probe: &str) -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(var).filter(|v| !v.is_empty()) {
        let dir = PathBuf::from(dir);
        assert!(
            dir.join(probe).exists(),
            "{var}={} has no {probe}: not the folder of the real data it names",
            dir.display()
        );
        return Some(dir);
    }
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(shared);
    dir.join(probe).exists().then_some(dir)
}

/// A `.tar.xz` archive of the repository (`archive`, relative to the root)
/// unpacked under the build's temporary folder, in a folder named after its
/// content so that a changed archive is unpacked anew: into a temporary folder
/// first, renamed into place whole, so that a test process started at the same
/// time never sees half of it (the loser of a race drops its own copy).
/// Returns the archive's top folder `top`. Panics naming the archive when it
/// cannot be read.
fn repository_snapshot(name: &str, archive: &str, top: &str) -> PathBuf {
    use std::hash::{Hash, Hasher};
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(archive);
    let packed = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut hasher = std::hash::DefaultHasher::new();
    packed.hash(&mut hasher);
    let staging_dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let target = staging_dir.join(format!("{name}-{:016x}", hasher.finish()));
    if !target.join(top).is_dir() {
        let mut tar = Vec::new();
        lzma_rs::xz_decompress(&mut packed.as_slice(), &mut tar)
            .unwrap_or_else(|e| panic!("{}: not a readable xz file: {e}", path.display()));
        let partial = tempfile::Builder::new()
            .prefix(&format!(".{name}-"))
            .tempdir_in(&staging_dir)
            .expect("temporary folder");
        tar::Archive::new(tar.as_slice())
            .unpack(partial.path())
            .unwrap_or_else(|e| panic!("{}: not a readable tar file: {e}", path.display()));
        match std::fs::rename(partial.path(), &target) {
            // Renamed away: the guard has nothing left to remove.
            Ok(()) => {
                let _ = partial.keep();
            }
            // Another test process put its copy in place first.
            Err(_) if target.join(top).is_dir() => {}
            Err(e) => panic!(
                "unpacking {} into {}: {e}",
                path.display(),
                target.display()
            ),
        }
    }
    target.join(top)
}

/// The card database written for the tests (invented cards): a folder under
/// the build's temporary directory holding `tests/fixtures/cards` under the
/// VEKN file names (the repository keeps them under their own names).
pub fn fixture_cards_dir() -> PathBuf {
    materialize_cards("tests/fixtures/cards", "fixture-cards")
}

/// The invented card database of the simulation tests (`tests/fixtures/sim/cards`).
pub fn sim_cards_dir() -> PathBuf {
    materialize_cards("tests/fixtures/sim/cards", "sim-cards")
}

/// Copies a fixture card folder's files to VEKN names in a folder of its own.
/// A file is rewritten only when its content differs, staged outside that
/// folder and renamed in, so tests running at once never see a partial folder.
fn materialize_cards(source: &str, folder: &str) -> PathBuf {
    const NAMES: [(&str, &str); 4] = [
        ("crypt.csv", "vtescrypt.csv"),
        ("library.csv", "vteslib.csv"),
        ("sets.csv", "vtessets.csv"),
        ("library-meta.csv", "vteslibmeta.csv"),
    ];
    let source = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(source);
    let staging_dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let target = staging_dir.join(folder);
    std::fs::create_dir_all(&target).expect("fixture card folder");
    for (own, vekn) in NAMES {
        let Ok(bytes) = std::fs::read(source.join(own)) else {
            continue;
        };
        if std::fs::read(target.join(vekn)).is_ok_and(|current| current == bytes) {
            continue;
        }
        let staging = tempfile::NamedTempFile::new_in(&staging_dir).expect("temporary file");
        std::fs::write(staging.path(), bytes).expect("write fixture");
        staging.persist(target.join(vekn)).expect("rename fixture");
    }
    target
}

/// The `vtesdeck` binary with the card list built into it (the official list
/// of `crates/cards/data/cards/PROVENANCE`, which needs nothing outside the repository) and
/// no user environment: no `$VTESDECK_CARDS`, and a user data folder that
/// holds no installed copy.
pub fn vtesdeck() -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("vtesdeck").expect("binary built");
    let no_user_data = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-user-data");
    cmd.env_remove("VTESDECK_CARDS")
        .env("XDG_DATA_HOME", &no_user_data)
        .env("HOME", &no_user_data)
        .env("VTESDECK_OFFLINE", "1")
        .env("NO_COLOR", "1")
        .env_remove("VTESDECK_TWDA");
    cmd
}

/// The `vtesdeck` binary with the fixture card database.
pub fn vtesdeck_fixture() -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("vtesdeck").expect("binary built");
    cmd.env("VTESDECK_CARDS", fixture_cards_dir())
        .env("VTESDECK_OFFLINE", "1")
        .env("NO_COLOR", "1");
    cmd
}

/// The `--help` text of a command (`&["db", "info"]` for a subcommand's,
/// `&[]` for the top level's), which must exit 0.
pub fn help(command: &[&str]) -> String {
    let output = vtesdeck()
        .args(command)
        .arg("--help")
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0), "{command:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// The records of a JSON Lines output (each line parsed; a line that is
/// not JSON fails the test).
pub fn json_records(stdout: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON record"))
        .collect()
}

/// A deck record's cards (`parse --json`): `(id, count)`, sorted.
pub fn deck_cards(deck: &serde_json::Value) -> Vec<(u64, u64)> {
    let mut cards: Vec<(u64, u64)> = ["crypt", "library"]
        .iter()
        .flat_map(|part| deck[part].as_array().cloned().unwrap_or_default())
        .map(|card| {
            (
                card["id"].as_u64().unwrap_or(0),
                card["count"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    cards.sort_unstable();
    cards
}

/// What a measured run of a command cost.
pub struct Measured {
    /// How the command ended.
    pub status: std::process::ExitStatus,
    /// Its wall-clock time, from its start to its end.
    pub seconds: f64,
    /// Its peak resident memory, in bytes.
    pub peak_bytes: u64,
}

/// The program that runs a command and writes its time and peak resident
/// memory: Python's `getrusage(RUSAGE_CHILDREN)` after the command is
/// reaped, the kernel's own maximum of the child (exact, where reading
/// `/proc/PID/status` while it runs misses the peak of a short run).
const MEASURE_PY: &str = "import resource, subprocess, sys, time
start = time.monotonic()
code = subprocess.call(sys.argv[2:])
seconds = time.monotonic() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
open(sys.argv[1], 'w').write(f'{seconds} {peak}')
sys.exit(code if code >= 0 else 128 - code)
";

/// Runs `program`, with the arguments, environment and standard streams
/// that `set_up` gives it, and measures its time and peak memory exactly
/// (see [`MEASURE_PY`]; Python 3 is a requirement of the test suite, and
/// `VTESDECK_TEST_PYTHON` names another interpreter).
pub fn measured_run(
    program: &std::path::Path,
    set_up: impl FnOnce(&mut std::process::Command),
) -> Measured {
    let dir = tempfile::tempdir().expect("temp dir");
    let report = dir.path().join("cost");
    let python = std::env::var_os("VTESDECK_TEST_PYTHON").unwrap_or_else(|| "python3".into());
    let mut command = std::process::Command::new(&python);
    command.arg("-c").arg(MEASURE_PY).arg(&report).arg(program);
    set_up(&mut command);
    let status = command.status().unwrap_or_else(|error| {
        panic!("{}: {error} (Python 3 runs the measure)", python.display())
    });
    let cost = std::fs::read_to_string(&report).expect("the measure's report");
    let (seconds, kilobytes) = cost.split_once(' ').expect("seconds and kilobytes");
    Measured {
        status,
        seconds: seconds.parse().expect("seconds"),
        peak_bytes: kilobytes.parse::<u64>().expect("kilobytes") * 1024,
    }
}
