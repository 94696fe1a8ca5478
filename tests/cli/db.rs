//! `vtesdeck db update|import|info` and the built-in snapshot, against a
//! local HTTP server started by each test (no network needed). Every test runs
//! with a temporary HOME and XDG_DATA_HOME: the user's data folder is never touched.

use crate::common;

use std::io::{Cursor, Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};

use predicates::prelude::*;

/// The lock file the installs leave beside the database folder.
const LOCK_FILE: &str = ".vtesdeck-install.lock";

/// What the test server answers to every request.
#[derive(Clone)]
struct Reply {
    status: u16,
    body: Vec<u8>,
    /// Announce this length instead of the body's (a transfer cut short).
    announced_length: Option<usize>,
}

impl Reply {
    fn ok(body: Vec<u8>) -> Reply {
        Reply {
            status: 200,
            body,
            announced_length: None,
        }
    }
}

/// Starts a one-thread HTTP server on 127.0.0.1 answering `reply` to every
/// request; returns the URL of the zip.
fn serve(reply: Reply) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind a local port");
    let port = listener.local_addr().expect("local address").port();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut request = Vec::new();
            let mut byte = [0u8; 1];
            while !request.ends_with(b"\r\n\r\n") {
                match stream.read(&mut byte) {
                    Ok(1) => request.push(byte[0]),
                    _ => break,
                }
            }
            let reason = if reply.status == 200 { "OK" } else { "Error" };
            let length = reply.announced_length.unwrap_or(reply.body.len());
            let head = format!(
                "HTTP/1.1 {} {reason}\r\nContent-Type: application/zip\r\nContent-Length: {length}\r\nConnection: close\r\n\r\n",
                reply.status
            );
            let _ = stream.write_all(head.as_bytes());
            let _ = stream.write_all(&reply.body);
            let _ = stream.flush();
        }
    });
    format!("http://127.0.0.1:{port}/images/stories/downloads/vtescsv_utf8.zip")
}

/// A zip of the fixture CSV files under `prefix`, plus `extra` entries, minus `skip`.
fn fixture_zip(prefix: &str, skip: &[&str], extra: &[(&str, &[u8])]) -> Vec<u8> {
    let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    for name in [
        "vtescrypt.csv",
        "vteslib.csv",
        "vtessets.csv",
        "vteslibmeta.csv",
    ] {
        if skip.contains(&name) {
            continue;
        }
        let content = std::fs::read(common::fixture_cards_dir().join(name)).expect("fixture");
        writer
            .start_file(format!("{prefix}{name}"), options)
            .expect("zip entry");
        writer.write_all(&content).expect("zip write");
    }
    for (name, content) in extra {
        writer.start_file(*name, options).expect("zip entry");
        writer.write_all(content).expect("zip write");
    }
    writer.finish().expect("zip finish").into_inner()
}

/// A temporary home; `cards()` is where vtesdeck keeps the database in it.
struct Home {
    dir: tempfile::TempDir,
}

impl Home {
    fn new() -> Home {
        Home {
            dir: tempfile::tempdir().expect("temporary home"),
        }
    }

    /// `$XDG_DATA_HOME/vtesdeck/cards`, as the `directories` crate builds it on Linux.
    fn cards(&self) -> PathBuf {
        self.dir.path().join("data/vtesdeck/cards")
    }

    /// The binary with this home, no card database configured, online.
    fn vtesdeck(&self) -> assert_cmd::Command {
        let mut cmd = assert_cmd::Command::cargo_bin("vtesdeck").expect("binary built");
        cmd.env("HOME", self.dir.path())
            .env("XDG_DATA_HOME", self.dir.path().join("data"))
            .env("NO_COLOR", "1")
            .env_remove("VTESDECK_CARDS")
            .env_remove("VTESDECK_OFFLINE")
            .env_remove("VTESDECK_DB_URL");
        cmd
    }

    /// Installs the fixture database with `db update` from a good zip.
    fn install_good(&self) {
        let url = serve(Reply::ok(fixture_zip("", &[], &[])));
        self.vtesdeck()
            .args(["db", "update", "--url", &url])
            .assert()
            .success();
    }

    /// The installed files and their contents, to compare before and after.
    fn snapshot(&self) -> Vec<(String, Vec<u8>)> {
        let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(self.cards())
            .expect("installed database")
            .map(|e| {
                let path = e.expect("entry").path();
                let name = path
                    .file_name()
                    .expect("name")
                    .to_string_lossy()
                    .into_owned();
                (name, std::fs::read(&path).expect("read"))
            })
            .collect();
        files.sort();
        files
    }

    /// Whatever is beside the database folder (staging leftovers would show here).
    fn beside_cards(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(self.dir.path().join("data/vtesdeck"))
            .expect("data folder")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

fn assert_installed(cards: &Path) {
    for file in [
        "vtescrypt.csv",
        "vteslib.csv",
        "vtessets.csv",
        "vteslibmeta.csv",
        "provenance.toml",
    ] {
        assert!(
            cards.join(file).is_file(),
            "{} missing",
            cards.join(file).display()
        );
    }
}

#[test]
fn good_zip_installs_into_the_user_data_folder() {
    let home = Home::new();
    let url = serve(Reply::ok(fixture_zip("", &[], &[])));
    home.vtesdeck()
        .args(["db", "update", "--url", &url])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Installed 15 crypt and 20 library cards",
        ));
    assert_installed(&home.cards());
    assert_eq!(home.beside_cards(), [LOCK_FILE, "cards"]);
    home.vtesdeck()
        .args(["db", "info"])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!("Source:     {url}")))
        .stdout(predicate::str::contains("(user data folder)"))
        .stdout(predicate::str::contains("today"))
        .stdout(predicate::str::contains(
            "newest: Future Set (Future), released 2030-01-01",
        ));
}

#[test]
fn zip_with_files_in_a_subfolder_replaces_the_previous_copy() {
    let home = Home::new();
    home.install_good();
    let url = serve(Reply::ok(fixture_zip("vtescsv_utf8/", &[], &[])));
    home.vtesdeck()
        .env("VTESDECK_DB_URL", &url)
        .args(["db", "update"])
        .assert()
        .success()
        .stdout(predicate::str::contains("replacing the previous copy"));
    assert_installed(&home.cards());
    assert_eq!(home.beside_cards(), [LOCK_FILE, "cards"]);
}

/// Installs a good database, then runs `db update` against `reply`: it must
/// fail with exit 2 and `message`, and leave the database as it was.
fn assert_update_fails_and_keeps_database(reply: Reply, message: &str) {
    let home = Home::new();
    home.install_good();
    let before = home.snapshot();
    let url = serve(reply);
    home.vtesdeck()
        .args(["db", "update", "--url", &url])
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains(message));
    assert_eq!(home.snapshot(), before, "the previous database changed");
    assert_eq!(
        home.beside_cards(),
        [LOCK_FILE, "cards"],
        "staging left behind"
    );
    home.vtesdeck()
        .args(["card", "Test Haven"])
        .assert()
        .success();
}

#[test]
fn truncated_zip_leaves_the_previous_database() {
    let zip = fixture_zip("", &[], &[]);
    let cut = zip[..zip.len() * 2 / 3].to_vec();
    assert_update_fails_and_keeps_database(Reply::ok(cut), "not a readable zip archive");
}

#[test]
fn interrupted_transfer_leaves_the_previous_database() {
    let zip = fixture_zip("", &[], &[]);
    let reply = Reply {
        status: 200,
        announced_length: Some(zip.len()),
        body: zip[..zip.len() / 2].to_vec(),
    };
    assert_update_fails_and_keeps_database(reply, "download failed");
}

#[test]
fn zip_missing_a_file_leaves_the_previous_database() {
    let zip = fixture_zip("", &["vteslib.csv"], &[]);
    assert_update_fails_and_keeps_database(Reply::ok(zip), "vteslib.csv not found");
}

#[test]
fn zip_with_a_traversal_entry_leaves_the_previous_database() {
    let zip = fixture_zip("", &[], &[("../../escape.csv", b"Id,Name\n")]);
    assert_update_fails_and_keeps_database(
        Reply::ok(zip),
        "entry \"../../escape.csv\" points outside the target folder",
    );
}

#[test]
fn server_error_leaves_the_previous_database() {
    let reply = Reply {
        status: 500,
        body: b"oops".to_vec(),
        announced_length: None,
    };
    assert_update_fails_and_keeps_database(reply, "the server answered HTTP 500");
}

#[test]
fn invalid_csv_leaves_the_previous_database() {
    let zip = fixture_zip(
        "",
        &["vtescrypt.csv"],
        &[("vtescrypt.csv", b"\"Id\",\"Name\"\n\"1\",\"x\"\n")],
    );
    assert_update_fails_and_keeps_database(Reply::ok(zip), "missing column");
}

#[test]
fn unreachable_server_fails_without_a_database() {
    let home = Home::new();
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("address").port();
    drop(listener);
    home.vtesdeck()
        .args([
            "db",
            "update",
            "--url",
            &format!("http://127.0.0.1:{port}/x.zip"),
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("download failed"));
    assert!(!home.cards().exists());
}

#[test]
fn update_refuses_to_run_offline() {
    let home = Home::new();
    home.vtesdeck()
        .args(["--offline", "db", "update"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("db import"));
}

#[test]
fn import_installs_a_zip_file() {
    let home = Home::new();
    let zip = home.dir.path().join("vtescsv_utf8.zip");
    std::fs::write(&zip, fixture_zip("csv/", &[], &[])).expect("write zip");
    home.vtesdeck()
        .args(["db", "import"])
        .arg(&zip)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Installed 15 crypt and 20 library cards",
        ));
    assert_installed(&home.cards());
    home.vtesdeck()
        .args(["db", "info", "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains("vtescsv_utf8.zip"))
        .stdout(predicate::str::contains("\"crypt_cards\":15"));
}

/// A copy installed in the user data folder while `$VTESDECK_CARDS` names
/// another folder: the note says the other folder is what commands will use;
/// no note when it names the folder installed into, or with `--cards`.
#[test]
fn import_notes_that_the_environment_s_folder_wins() {
    let home = Home::new();
    let zip = home.dir.path().join("vtescsv_utf8.zip");
    std::fs::write(&zip, fixture_zip("csv/", &[], &[])).expect("write zip");
    let other = home.dir.path().join("other");
    let note = "is set and is used instead of this copy";
    home.vtesdeck()
        .env("VTESDECK_CARDS", &other)
        .args(["db", "import"])
        .arg(&zip)
        .assert()
        .success()
        .stderr(predicate::str::contains(format!(
            "vtesdeck: note: VTESDECK_CARDS={} {note}",
            other.display()
        )));
    home.vtesdeck()
        .env("VTESDECK_CARDS", home.cards())
        .args(["db", "import"])
        .arg(&zip)
        .assert()
        .success()
        .stderr(predicate::str::contains(note).not());
    home.vtesdeck()
        .env("VTESDECK_CARDS", &other)
        .arg("--cards")
        .arg(home.cards())
        .args(["db", "import"])
        .arg(&zip)
        .assert()
        .success()
        .stderr(predicate::str::contains(note).not());
}

#[test]
fn import_installs_a_folder() {
    let home = Home::new();
    home.vtesdeck()
        .args(["db", "import"])
        .arg(common::fixture_cards_dir())
        .assert()
        .success();
    assert_installed(&home.cards());
    home.vtesdeck()
        .args(["card", "Céleste Test"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Céleste Test"));
}

#[test]
fn import_into_cards_dir_and_refuse_a_foreign_folder() {
    let home = Home::new();
    let target = home.dir.path().join("mine");
    home.vtesdeck()
        .args(["db", "import"])
        .arg(common::fixture_cards_dir())
        .arg("--cards")
        .arg(&target)
        .assert()
        .success();
    assert_installed(&target);
    home.vtesdeck()
        .args(["db", "import"])
        .arg(common::fixture_cards_dir())
        .arg("--cards")
        .arg(home.dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is not a card database folder"));
}

#[test]
fn import_of_a_missing_path_is_an_error() {
    let home = Home::new();
    home.vtesdeck()
        .args(["db", "import", "no-such.zip"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no-such.zip"));
}

#[test]
fn with_nothing_installed_the_built_in_snapshot_answers_without_downloading() {
    let home = Home::new();
    // A download would go to this server and fail the test: nothing may ask it.
    let url = serve(Reply {
        status: 500,
        body: Vec::new(),
        announced_length: None,
    });
    for offline in [["--offline"].as_slice(), [].as_slice()] {
        home.vtesdeck()
            .env("VTESDECK_DB_URL", &url)
            .args(offline)
            .args(["card", "Deep Song"])
            .assert()
            .success()
            .stderr(predicate::str::is_empty())
            .stdout(predicate::str::starts_with("Deep Song  [100515]"))
            .stdout(predicate::str::contains("Requires:    Animalism"));
    }
    assert!(!home.cards().exists(), "nothing may be installed");
}

#[test]
fn info_without_a_database_names_the_built_in_snapshot_and_its_date() {
    let home = Home::new();
    let provenance = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/cards/data/cards/PROVENANCE"),
    )
    .expect("crates/cards/data/cards/PROVENANCE");
    let date = provenance
        .lines()
        .find_map(|line| line.strip_prefix("date:"))
        .expect("a date line")
        .trim()
        .to_string();
    home.vtesdeck()
        .args(["db", "info"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "Database:   built-in snapshot (none installed)\n",
        ))
        .stdout(predicate::str::contains(format!("Date:       {date} (")));
    home.vtesdeck()
        .args(["db", "info", "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "\"snapshot_date\":\"{date}\""
        )))
        .stdout(predicate::str::contains("\"path\":null"))
        .stdout(predicate::str::contains("\"crypt_cards\":1785"));
}

#[test]
fn installed_copy_wins_over_the_built_in_snapshot() {
    let home = Home::new();
    home.install_good();
    home.vtesdeck()
        .args(["card", "Test Haven"])
        .assert()
        .success()
        .stderr(predicate::str::is_empty());
    home.vtesdeck().args(["card", "Deep Song"]).assert().code(1);
}

#[test]
fn update_with_a_file_url_points_to_import() {
    let home = Home::new();
    home.vtesdeck()
        .args(["db", "update", "--url", "file:///tmp/vtescsv_utf8.zip"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "vtesdeck db import /tmp/vtescsv_utf8.zip",
        ));
    assert!(!home.cards().exists());
}

// ---- Reliability: crashes, races, hostile servers and files (issue 13) ----

/// Environment of the child process of [`crash_at_each_install_step`].
const CRASH_STEP_ENV: &str = "VTESDECK_TEST_CRASH_STEP";

/// The child half of [`crash_at_each_install_step`]: run by that test in a
/// process of its own, it imports `$VTESDECK_TEST_CRASH_ZIP` into
/// `$VTESDECK_TEST_CRASH_TARGET` and aborts the process (no clean-up, as a kill
/// would) right after the step named `$VTESDECK_TEST_CRASH_STEP` (as `{:?}`
/// writes it). In a normal run, without that variable, it does nothing.
#[test]
fn crash_child() {
    let Ok(crash_after) = std::env::var(CRASH_STEP_ENV) else {
        return;
    };
    let zip = std::env::var_os("VTESDECK_TEST_CRASH_ZIP").expect("zip");
    let target = std::env::var_os("VTESDECK_TEST_CRASH_TARGET").expect("target");
    let _ = vtesdeck::cards::install::import(Path::new(&zip), Path::new(&target), &mut |done| {
        if format!("{done:?}") == crash_after {
            std::process::abort();
        }
    });
    panic!("the install ended without reaching step {crash_after}");
}

/// The provenance source of the database in `cards`, after checking that it
/// is complete and loads; `None` when there is no database folder at all.
fn complete_database_source(cards: &Path) -> Option<String> {
    if cards.symlink_metadata().is_err() {
        return None;
    }
    assert_installed(cards);
    let db = vtesdeck::cards::CardDb::load(cards).expect("the database in place loads");
    vtesdeck::cards::DbInfo::new(&db, "--cards", chrono::Utc::now()).source
}

fn staging_leftovers(home: &Home) -> usize {
    home.beside_cards()
        .iter()
        .filter(|n| n.starts_with(".vtesdeck-install-"))
        .count()
}

#[test]
fn crash_at_each_install_step() {
    use vtesdeck::cards::install::InstallStep;
    // The steps an install goes through, as a whole install reports them.
    let steps: Vec<InstallStep> = {
        let home = Home::new();
        let zip = home.dir.path().join("steps.zip");
        std::fs::write(&zip, fixture_zip("", &[], &[])).expect("zip");
        let mut steps = Vec::new();
        vtesdeck::cards::install::import(&zip, &home.cards(), &mut |step| steps.push(step))
            .expect("a whole install");
        steps
    };
    let switched = steps
        .iter()
        .position(|s| *s == InstallStep::Switched)
        .expect("a switch step");
    for with_previous in [true, false] {
        for (index, step) in steps.iter().enumerate() {
            let home = Home::new();
            let old_zip = home.dir.path().join("old.zip");
            let new_zip = home.dir.path().join("new.zip");
            std::fs::write(&old_zip, fixture_zip("", &[], &[])).expect("zip");
            std::fs::write(&new_zip, fixture_zip("csv/", &[], &[])).expect("zip");
            if with_previous {
                home.vtesdeck()
                    .args(["db", "import"])
                    .arg(&old_zip)
                    .assert()
                    .success();
            }
            // The child test's full name in this test binary: `db::crash_child`.
            let child = format!(
                "{}::crash_child",
                module_path!()
                    .split_once("::")
                    .map_or("", |(_, module)| module)
            );
            let status = std::process::Command::new(std::env::current_exe().expect("test binary"))
                .args(["--exact", &child, "--nocapture", "--test-threads", "1"])
                .env(CRASH_STEP_ENV, format!("{step:?}"))
                .env("VTESDECK_TEST_CRASH_ZIP", &new_zip)
                .env("VTESDECK_TEST_CRASH_TARGET", home.cards())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .status()
                .expect("run the child");
            // Killed by its own abort, not ended by a panic or a normal exit.
            assert_eq!(status.code(), None, "{step:?}: the child did not crash");

            let source = complete_database_source(&home.cards());
            let expected = if index >= switched {
                Some(new_zip.display().to_string())
            } else if with_previous {
                Some(old_zip.display().to_string())
            } else {
                None
            };
            assert_eq!(
                source, expected,
                "crash after {step:?} (previous: {with_previous})"
            );
            // From the staging folder's making to the switch, the crash leaves it behind.
            let staged = steps
                .iter()
                .position(|s| *s == InstallStep::Staged)
                .expect("a staging step");
            if (staged..=switched).contains(&index) {
                assert_eq!(staging_leftovers(&home), 1, "crash after {step:?}");
            }
            // The next run, of any command, clears what the crash left.
            if source.is_some() {
                home.vtesdeck()
                    .args(["--offline", "card", "Test Haven"])
                    .assert()
                    .success();
                assert_eq!(home.beside_cards(), [LOCK_FILE, "cards"], "after {step:?}");
            }
            home.vtesdeck()
                .args(["db", "import"])
                .arg(&old_zip)
                .assert()
                .success();
            assert_eq!(home.beside_cards(), [LOCK_FILE, "cards"], "after {step:?}");
            assert_eq!(
                complete_database_source(&home.cards()),
                Some(old_zip.display().to_string())
            );
        }
    }
}

#[test]
fn killed_at_any_moment_the_database_is_old_or_new() {
    let home = Home::new();
    let zip = home.dir.path().join("v.zip");
    std::fs::write(&zip, fixture_zip("", &[], &[])).expect("zip");
    home.vtesdeck()
        .args(["db", "import"])
        .arg(&zip)
        .assert()
        .success();
    let binary = assert_cmd::cargo::cargo_bin("vtesdeck");
    for round in 0..20u64 {
        let mut child = std::process::Command::new(&binary)
            .args(["db", "import"])
            .arg(&zip)
            .arg("--cards")
            .arg(home.cards())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("start an import");
        std::thread::sleep(std::time::Duration::from_millis(round % 10));
        let _ = child.kill();
        let _ = child.wait();
        assert!(
            complete_database_source(&home.cards()).is_some(),
            "round {round}: no database"
        );
    }
    home.vtesdeck()
        .args(["db", "import"])
        .arg(&zip)
        .assert()
        .success();
    assert_eq!(home.beside_cards(), [LOCK_FILE, "cards"]);
}

#[test]
fn eight_concurrent_installs_take_turns_round_after_round() {
    let home = Home::new();
    let binary = assert_cmd::cargo::cargo_bin("vtesdeck");
    let zips: Vec<PathBuf> = (0..8)
        .map(|i| {
            let zip = home.dir.path().join(format!("v{i}.zip"));
            let prefix = if i % 2 == 0 { "" } else { "csv/" };
            std::fs::write(&zip, fixture_zip(prefix, &[], &[])).expect("zip");
            zip
        })
        .collect();
    for round in 0..4 {
        let installs: Vec<std::process::Child> = zips
            .iter()
            .map(|zip| {
                std::process::Command::new(&binary)
                    .env("XDG_DATA_HOME", home.dir.path().join("data"))
                    .env("HOME", home.dir.path())
                    .env_remove("VTESDECK_CARDS")
                    .args(["db", "import"])
                    .arg(zip)
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .expect("start an import")
            })
            .collect();
        // A reader during the installs: once there is a database, it is always there.
        let mut seen = false;
        for _ in 0..10 {
            if home.cards().exists() {
                seen = true;
            }
            if seen {
                home.vtesdeck()
                    .args(["--offline", "card", "Test Haven"])
                    .assert()
                    .success();
            }
        }
        for install in installs {
            let output = install.wait_with_output().expect("wait");
            assert!(
                output.status.success(),
                "round {round}: {}",
                String::from_utf8_lossy(&output.stderr)
            );
        }
        let source = complete_database_source(&home.cards()).expect("a database");
        assert!(zips.iter().any(|z| z.display().to_string() == source));
        assert_eq!(home.beside_cards(), [LOCK_FILE, "cards"], "round {round}");
    }
}

/// Starts a server on 127.0.0.1 that announces `announced` bytes (none: no
/// Content-Length) and sends `body` one chunk every `pause`, stopping once the
/// client is gone or after `max_chunks` chunks.
fn serve_slowly(
    announced: Option<u64>,
    chunk: Vec<u8>,
    pause: std::time::Duration,
    max_chunks: usize,
) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind a local port");
    let port = listener.local_addr().expect("local address").port();
    std::thread::spawn(move || {
        let Ok((mut stream, _)) = listener.accept() else {
            return;
        };
        let mut request = Vec::new();
        let mut byte = [0u8; 1];
        while !request.ends_with(b"\r\n\r\n") {
            match stream.read(&mut byte) {
                Ok(1) => request.push(byte[0]),
                _ => return,
            }
        }
        let length = announced.map_or_else(String::new, |n| format!("Content-Length: {n}\r\n"));
        let head = format!(
            "HTTP/1.1 200 OK\r\nContent-Type: application/zip\r\n{length}Connection: close\r\n\r\n"
        );
        if stream.write_all(head.as_bytes()).is_err() {
            return;
        }
        for _ in 0..max_chunks {
            if stream
                .write_all(&chunk)
                .and_then(|()| stream.flush())
                .is_err()
            {
                return;
            }
            std::thread::sleep(pause);
        }
    });
    format!("http://127.0.0.1:{port}/vtescsv_utf8.zip")
}

#[test]
fn trickling_server_is_stopped_by_the_deadline() {
    let home = Home::new();
    home.install_good();
    let before = home.snapshot();
    // One byte every 200 ms: no read ever times out, only the deadline stops it.
    let url = serve_slowly(
        Some(5000),
        vec![b'x'],
        std::time::Duration::from_millis(200),
        150,
    );
    let started = std::time::Instant::now();
    home.vtesdeck()
        .args(["db", "update", "--timeout", "2", "--url", &url])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "not finished within the 2 s deadline",
        ));
    assert!(
        started.elapsed() < std::time::Duration::from_secs(20),
        "the deadline did not stop the download"
    );
    assert_eq!(home.snapshot(), before);
}

#[test]
fn announced_size_over_the_cap_is_refused_before_reading() {
    let home = Home::new();
    home.install_good();
    let before = home.snapshot();
    // 300 MB announced, then silence: only the Content-Length can end this quickly.
    let url = serve_slowly(
        Some(300_000_000),
        vec![0u8; 10],
        std::time::Duration::from_secs(1),
        30,
    );
    home.vtesdeck()
        .args(["db", "update", "--timeout", "20", "--url", &url])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "refusing the archive: larger than 16 MB (300000000 bytes)",
        ));
    assert_eq!(home.snapshot(), before);
    assert_eq!(home.beside_cards(), [LOCK_FILE, "cards"]);
}

#[test]
fn endless_answer_without_length_is_cut_at_the_cap() {
    let home = Home::new();
    let url = serve_slowly(None, vec![0u8; 1 << 20], std::time::Duration::ZERO, 40);
    home.vtesdeck()
        .args(["db", "update", "--url", &url])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "refusing the archive: larger than 16 MB",
        ));
    assert!(!home.cards().exists());
}

#[cfg(target_os = "linux")]
#[test]
fn endless_file_is_refused_with_bounded_memory() {
    let home = Home::new();
    home.install_good();
    let before = home.snapshot();
    // At most 512 MB of address space: reading /dev/zero into memory would die here.
    let binary = assert_cmd::cargo::cargo_bin("vtesdeck");
    let mut cmd = assert_cmd::Command::new("sh");
    cmd.arg("-c")
        .arg("ulimit -v 524288 && exec \"$0\" db import /dev/zero")
        .arg(binary)
        .env("HOME", home.dir.path())
        .env("XDG_DATA_HOME", home.dir.path().join("data"))
        .env_remove("VTESDECK_CARDS");
    cmd.assert().code(2).stderr(predicate::str::contains(
        "vtesdeck: /dev/zero: refusing the archive: larger than 16 MB",
    ));
    assert_eq!(home.snapshot(), before);
}

#[test]
fn huge_sparse_file_is_refused_without_reading() {
    let home = Home::new();
    let huge = home.dir.path().join("huge.zip");
    std::fs::File::create(&huge)
        .expect("create")
        .set_len(1 << 40)
        .expect("sparse terabyte");
    home.vtesdeck()
        .args(["db", "import"])
        .arg(&huge)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "refusing the archive: larger than 16 MB (1099511627776 bytes)",
        ));
    assert!(!home.cards().exists());
}

#[test]
fn invalid_csv_in_an_imported_zip_names_the_zip_and_its_entry() {
    let home = Home::new();
    let zip = home.dir.path().join("vtescsv_utf8.zip");
    std::fs::write(
        &zip,
        fixture_zip(
            "",
            &["vtescrypt.csv"],
            &[("vtescrypt.csv", b"\"Id\",\"Name\"\n\"1\",\"x\"\n")],
        ),
    )
    .expect("zip");
    let output = home
        .vtesdeck()
        .args(["db", "import"])
        .arg(&zip)
        .assert()
        .code(2)
        .get_output()
        .clone();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!(
            "{}: not a valid card database: vtescrypt.csv:1: missing column",
            zip.canonicalize().expect("zip").display()
        )),
        "{stderr}"
    );
    assert!(!stderr.contains(".vtesdeck-install-"), "{stderr}");
}

#[test]
fn timeout_must_be_a_positive_number_of_seconds() {
    let home = Home::new();
    home.vtesdeck()
        .args(["db", "update", "--timeout", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--timeout"));
}

/// No network: the error says the way out, `db import`, and that the list
/// built into vtesdeck (its date) is still used.
#[test]
fn update_without_network_names_the_way_out() {
    let home = Home::new();
    let snapshot = home
        .vtesdeck()
        .args(["db", "info", "--json"])
        .output()
        .expect("runs");
    let info = String::from_utf8_lossy(&snapshot.stdout).into_owned();
    let date = regex::Regex::new(r"\d{4}-\d{2}-\d{2}")
        .expect("regex")
        .find(&info)
        .map(|m| m.as_str().to_string())
        .expect("a date in db info");
    let output = home
        .vtesdeck()
        .args([
            "db",
            "update",
            "--url",
            "http://127.0.0.1:9/vtescsv_utf8.zip",
            "--timeout",
            "5",
        ])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("download failed"), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "the list built into vtesdeck, of {date}, is still used"
        )),
        "{stderr}"
    );
    assert!(stderr.contains("run `vtesdeck db import PATH`"), "{stderr}");
    assert!(!home.cards().exists());
}

/// Help written per command: on `db update` and `db import`, `--cards` says
/// where to install, and installs there when written after the command;
/// `completions` and `man`, which read no database, show neither `--cards`
/// nor `-q` (both still accepted).
#[test]
fn cards_says_where_to_install_and_is_not_on_commands_without_a_database() {
    let install_into =
        regex::Regex::new(r"--cards <DIR> +Install into this folder").expect("regex");
    for command in [&["db", "update"][..], &["db", "import"]] {
        let help = common::help(command);
        assert!(install_into.is_match(&help), "{command:?}: {help}");
    }
    for command in ["completions", "man"] {
        let help = common::help(&[command]);
        assert!(!help.contains("--cards"), "{command}: {help}");
        assert!(!help.contains("--quiet"), "{command}: {help}");
    }
    common::vtesdeck()
        .args(["completions", "bash", "-q", "--cards", "/nowhere"])
        .assert()
        .success();

    let home = Home::new();
    let zip = home.dir.path().join("vtescsv_utf8.zip");
    std::fs::write(&zip, fixture_zip("csv/", &[], &[])).expect("write zip");
    let into = home.dir.path().join("mine");
    home.vtesdeck()
        .args(["db", "import"])
        .arg(&zip)
        .arg("--cards")
        .arg(&into)
        .assert()
        .success();
    assert!(into.join("vtescrypt.csv").is_file());
    assert!(!home.cards().exists());
}
