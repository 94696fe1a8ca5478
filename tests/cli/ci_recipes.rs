//! The CI recipes as written: the GitHub Action's check step
//! (`scripts/action-check.sh`, run as `action.yml` runs it, with its inputs
//! from the environment) annotates an illegal deck's lines, writes the JUnit
//! report and fails the job; every input of the action reaches it; the
//! `repo: local` hook of `examples/ci/pre-commit-config.yaml` (its `entry` run
//! on the files its `files`/`exclude` patterns select, as pre-commit does)
//! stops a commit of an illegal deck and lets a legal one through; the hooks
//! published in `.pre-commit-hooks.yaml` run the same command on the same
//! files; no recipe leaves a value to guess.

use crate::common;

use std::path::{Path, PathBuf};

fn repo_file(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// The values of `key:` in a pre-commit YAML file, in order (one per hook).
fn values(yaml: &str, key: &str) -> Vec<String> {
    let prefix = format!("{key}: ");
    yaml.lines()
        .map(|line| line.trim_start().trim_start_matches("- "))
        .filter_map(|line| line.strip_prefix(prefix.as_str()))
        .map(str::to_string)
        .collect()
}

/// The one value of `key:` in a file with one hook.
fn value(yaml: &str, key: &str) -> String {
    let found = values(yaml, key);
    assert_eq!(found.len(), 1, "{key}: {found:?}");
    found.into_iter().next().expect("one value")
}

/// The staged files pre-commit passes to the hook: those matching `files` and not `exclude`.
fn selected<'a>(yaml: &str, staged: &[&'a str]) -> Vec<&'a str> {
    let files = regex::Regex::new(&value(yaml, "files")).expect("files pattern");
    let exclude = regex::Regex::new(&value(yaml, "exclude")).expect("exclude pattern");
    staged
        .iter()
        .copied()
        .filter(|path| files.is_match(path) && !exclude.is_match(path))
        .collect()
}

/// Runs the hook's `entry` (split on spaces, as pre-commit does) on `files` in `dir`.
fn run_entry(entry: &str, dir: &Path, files: &[&str]) -> std::process::Output {
    let mut words = entry.split_whitespace();
    assert_eq!(words.next(), Some("vtesdeck"), "{entry}");
    common::vtesdeck()
        .env_remove("VTESDECK_CARDS")
        .env("XDG_DATA_HOME", dir.join(".data"))
        .env("HOME", dir)
        .current_dir(dir)
        .args(words)
        .args(files)
        .output()
        .expect("runs")
}

#[test]
fn the_local_pre_commit_hook_stops_an_illegal_deck_and_passes_a_legal_one() {
    let recipe = repo_file("examples/ci/pre-commit-config.yaml");
    assert_eq!(value(&recipe, "repo"), "local");
    assert_eq!(value(&recipe, "language"), "system");
    assert_eq!(value(&recipe, "pass_filenames"), "true");
    let entry = value(&recipe, "entry");

    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(dir.path().join("decks")).expect("mkdir");
    let example = repo_file("examples/decks/brujah-rush.txt");
    std::fs::write(dir.path().join("decks/brujah.txt"), &example).expect("write");
    // 40 Blood Doll instead of 4: a 106-card library.
    let illegal = example.replace("4x Blood Doll", "40x Blood Doll");
    assert_ne!(illegal, example);
    std::fs::write(dir.path().join("decks/too-big.txt"), illegal).expect("write");
    std::fs::write(dir.path().join("decks/README.txt"), "Our decks.\n").expect("write");

    let staged = [
        "decks/brujah.txt",
        "decks/too-big.txt",
        "decks/README.txt",
        "notes.md",
    ];
    assert_eq!(
        selected(&recipe, &staged),
        ["decks/brujah.txt", "decks/too-big.txt"],
        "the README and other files are not passed to the hook"
    );

    let legal = run_entry(&entry, dir.path(), &["decks/brujah.txt"]);
    assert_eq!(legal.status.code(), Some(0), "{legal:?}");

    let stopped = run_entry(
        &entry,
        dir.path(),
        &["decks/brujah.txt", "decks/too-big.txt"],
    );
    assert_eq!(stopped.status.code(), Some(1), "{stopped:?}");
    let text = String::from_utf8_lossy(&stopped.stdout);
    assert!(text.contains("decks/too-big.txt: illegal"), "{text}");
    assert!(text.contains("library has 106 cards"), "{text}");
    // --quiet: no line for the legal deck.
    assert!(!text.contains("decks/brujah.txt: legal"), "{text}");
}

#[test]
fn the_published_hooks_run_the_local_recipes_command_on_the_same_files() {
    let recipe = repo_file("examples/ci/pre-commit-config.yaml");
    let hooks = repo_file(".pre-commit-hooks.yaml");
    let entries = values(&hooks, "entry");
    assert_eq!(
        entries,
        [
            value(&recipe, "entry"),
            format!("{} --profile v5", value(&recipe, "entry"))
        ]
    );
    for key in ["files", "exclude", "pass_filenames", "require_serial"] {
        assert!(
            values(&hooks, key)
                .iter()
                .all(|v| *v == value(&recipe, key)),
            "{key} differs"
        );
    }
    // Every hook's command runs (a wrong profile or option would be exit 2).
    let deck = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks/brujah-rush.txt");
    for entry in &entries {
        let words = entry.split_whitespace().skip(1).collect::<Vec<_>>();
        let output = common::vtesdeck()
            .args(&words)
            .arg(&deck)
            .output()
            .expect("runs");
        assert!(
            matches!(output.status.code(), Some(0 | 1)),
            "{entry}: {output:?}"
        );
    }
}

#[test]
fn no_recipe_leaves_a_value_to_guess() {
    for name in [
        "examples/ci/pre-commit-config.yaml",
        "examples/ci/github-actions-check-decks.yml",
        "examples/ci/github-actions-report.yml",
        ".pre-commit-hooks.yaml",
    ] {
        let text = repo_file(name);
        for guess in ["OWNER", "rev: v", "github.com/vtesdeck"] {
            assert!(!text.contains(guess), "{name} holds {guess:?}");
        }
    }
    // The GitHub recipes take vtesdeck's repository from one repository
    // variable, and stop naming it while it is unset.
    for name in [
        "examples/ci/github-actions-check-decks.yml",
        "examples/ci/github-actions-report.yml",
    ] {
        let text = repo_file(name);
        assert!(
            text.contains(
                "repository: ${{ vars.VTESDECK_REPOSITORY || 'set the repository variable VTESDECK_REPOSITORY' }}"
            ),
            "{name}"
        );
        assert!(text.contains("- uses: ./.vtesdeck\n"), "{name}");
    }
}

/// A folder of decks for the action: a legal deck with a misspelt card, the
/// same deck with a 106-card library, and a README that is no decklist.
fn action_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(dir.path().join("decks")).expect("mkdir");
    let example = repo_file("examples/decks/brujah-rush.txt");
    assert!(
        example.contains("8x Torn Signpst"),
        "the misspelling the strict runs rely on"
    );
    std::fs::write(dir.path().join("decks/brujah.txt"), &example).expect("write");
    let illegal = example.replace("4x Blood Doll", "40x Blood Doll");
    std::fs::write(dir.path().join("decks/too-big.txt"), illegal).expect("write");
    std::fs::write(dir.path().join("decks/README.md"), "Our decks.\n").expect("write");
    dir
}

/// Runs the action's check step in `dir` with these inputs, as `action.yml`
/// runs it; returns its output and what it wrote to GITHUB_OUTPUT and
/// GITHUB_STEP_SUMMARY.
fn run_action(dir: &Path, inputs: &[(&str, &str)]) -> (std::process::Output, String, String) {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scripts/action-check.sh");
    // GitHub's files are outside the repository, as on a runner.
    let runner = tempfile::tempdir().expect("temp dir");
    let mut command = std::process::Command::new("bash");
    command
        .arg(script)
        .current_dir(dir)
        .env("VTESDECK_BIN", env!("CARGO_BIN_EXE_vtesdeck"))
        .env("VTESDECK_CARDS", common::cards_dir())
        .env("VTESDECK_OFFLINE", "1")
        .env("RUNNER_TEMP", runner.path())
        .env("GITHUB_OUTPUT", runner.path().join("github-output"))
        .env("GITHUB_STEP_SUMMARY", runner.path().join("step-summary"));
    for name in [
        "PATH", "INCLUDE", "EXCLUDE", "PROFILE", "DATE", "STRICT", "JUNIT",
    ] {
        command.env_remove(format!("INPUT_{name}"));
    }
    for (name, value) in inputs {
        command.env(name, value);
    }
    let output = command.output().expect("bash runs");
    let read = |name: &str| std::fs::read_to_string(runner.path().join(name)).unwrap_or_default();
    let (github_output, summary) = (read("github-output"), read("step-summary"));
    (output, github_output, summary)
}

#[test]
fn the_action_annotates_an_illegal_decks_lines_writes_junit_and_fails_the_job() {
    let dir = action_folder();
    let (output, github_output, summary) = run_action(dir.path(), &[("INPUT_PATH", "decks/")]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    // An error annotation for the illegal deck, warnings on the lines read with a correction.
    assert!(
        stdout.contains("::error file=decks/too-big.txt,title=library-size::library has 106 cards, at most 90 allowed"),
        "{stdout}"
    );
    assert!(
        stdout.contains("::warning file=decks/brujah.txt,line=19,title=name-corrected::"),
        "{stdout}"
    );
    // The README is skipped, said as a notice, never judged.
    assert_eq!(stdout.matches("README").count(), 2, "{stdout}");
    assert!(
        stdout.contains(
            "::notice file=decks/README.md,title=skipped::not read: a repository document"
        ),
        "{stdout}"
    );
    // The JUnit report: one test case per deck, the illegal one failed.
    let junit =
        std::fs::read_to_string(dir.path().join("vtesdeck-check.xml")).expect("JUnit report");
    assert_eq!(junit.matches("<testcase ").count(), 2, "{junit}");
    assert_eq!(junit.matches("<failure ").count(), 1, "{junit}");
    assert!(junit.contains("name=\"decks/too-big.txt\""), "{junit}");
    assert!(!dir.path().join("vtesdeck-check.xml.partial").exists());
    assert_eq!(github_output, "junit=vtesdeck-check.xml\n");
    // The summary page: the verdicts as a person reads them.
    assert!(summary.starts_with("### vtesdeck check\n"), "{summary}");
    assert!(summary.contains("2 decks: 1 legal, 1 illegal"), "{summary}");

    // The legal deck alone passes; strict fails it for its misspelling.
    let (legal, _, _) = run_action(
        dir.path(),
        &[
            ("INPUT_PATH", "decks/brujah.txt"),
            ("INPUT_JUNIT", "legal.xml"),
        ],
    );
    assert_eq!(legal.status.code(), Some(0), "{legal:?}");
    assert!(dir.path().join("legal.xml").is_file());
    let (strict, _, _) = run_action(
        dir.path(),
        &[("INPUT_PATH", "decks/brujah.txt"), ("INPUT_STRICT", "true")],
    );
    assert_eq!(strict.status.code(), Some(1), "{strict:?}");
    assert!(
        String::from_utf8_lossy(&strict.stdout)
            .contains("::error file=decks/brujah.txt,line=19,title=name-corrected::"),
        "{strict:?}"
    );
}

#[test]
fn the_actions_inputs_reach_the_check() {
    let dir = action_folder();
    // Several paths, one per line, spaces around them.
    let (both, _, _) = run_action(
        dir.path(),
        &[("INPUT_PATH", " decks/brujah.txt\n\n  decks/too-big.txt  \n")],
    );
    assert_eq!(both.status.code(), Some(1), "{both:?}");
    assert!(String::from_utf8_lossy(&both.stdout).contains("2 decks: 1 legal, 1 illegal"));
    // The profile and the date are the check's own.
    let (v5, _, summary) = run_action(
        dir.path(),
        &[
            ("INPUT_PATH", "decks/brujah.txt"),
            ("INPUT_PROFILE", "v5"),
            ("INPUT_DATE", "2024-01-01"),
        ],
    );
    assert!(matches!(v5.status.code(), Some(0 | 1)), "{v5:?}");
    assert!(summary.contains("2024-01-01, v5"), "{summary}");
    for (input, value, message) in [
        ("INPUT_PROFILE", "no-such-profile", "no-such-profile"),
        ("INPUT_DATE", "yesterday", "yesterday"),
        (
            "INPUT_STRICT",
            "yes",
            "strict: expected true or false, found 'yes'",
        ),
    ] {
        let (output, _, _) = run_action(dir.path(), &[("INPUT_PATH", "decks/"), (input, value)]);
        assert_eq!(output.status.code(), Some(2), "{input}={value}: {output:?}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains(message),
            "{input}={value}: {output:?}"
        );
    }
    // Nothing to check is no pass.
    std::fs::create_dir(dir.path().join("empty")).expect("mkdir");
    let (empty, _, _) = run_action(dir.path(), &[("INPUT_PATH", "empty")]);
    assert_eq!(empty.status.code(), Some(2), "{empty:?}");

    // action.yml: the inputs the issue names, each passed to the script under
    // the name the script reads, and the script is the action's check step.
    let action = repo_file("action.yml");
    let script = repo_file("scripts/action-check.sh");
    assert!(action.contains("using: composite"));
    assert!(action.contains("bash \"$GITHUB_ACTION_PATH/scripts/action-check.sh\""));
    for input in [
        "path",
        "include",
        "exclude",
        "profile",
        "date",
        "strict",
        "version",
        "update-cards",
        "junit",
    ] {
        assert!(
            action.contains(&format!("\n  {input}:\n    description: ")),
            "input {input}"
        );
    }
    for input in [
        "path", "include", "exclude", "profile", "date", "strict", "junit",
    ] {
        let variable = format!("INPUT_{}", input.to_uppercase());
        assert!(
            action.contains(&format!("{variable}: ${{{{ inputs.{input} }}}}")),
            "{variable}"
        );
        assert!(
            script.contains(&format!("${{{variable}")),
            "the script reads {variable}"
        );
    }
}

/// A repository as people keep one: decks at the root of `decks/` and in a
/// sub-folder, a README, an image, a `package.json` and a `renovate.json`
/// (a JSON deck beside them, read by its shape), workflows in `.github/`.
fn repository_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(path, bytes).expect("write");
    };
    write(
        "decks/brujah.txt",
        repo_file("examples/decks/brujah-rush.txt").as_bytes(),
    );
    write(
        "decks/old/toreador.twd.txt",
        repo_file("examples/decks/toreador-votes.twd.txt").as_bytes(),
    );
    let deck = vtesdeck_json_deck();
    write("decks/old/nosferatu.json", deck.as_bytes());
    write("README.md", b"# Our decks\n\nSee decks/.\n");
    write(
        "img/logo.png",
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89",
    );
    write(
        "package.json",
        br#"{"name": "our-decks", "version": "1.0.0", "private": true,
  "scripts": {"test": "echo ok"}, "devDependencies": {"prettier": "^3.0.0"}}"#,
    );
    write(
        "renovate.json",
        br#"{"$schema": "https://docs.renovatebot.com/renovate-schema.json",
  "extends": ["config:recommended"]}"#,
    );
    write(".github/workflows/check.yml", b"name: check\non: push\n");
    dir
}

/// The Nosferatu example deck as `parse --json` writes it: a JSON deck.
fn vtesdeck_json_deck() -> String {
    let deck = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("examples/decks/nosferatu-stealth.lackey.txt");
    let output = common::vtesdeck()
        .args(["parse", "--json"])
        .arg(deck)
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// The `file=` of each annotation of a run.
fn annotated_files(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter_map(|line| line.split_once(" file=").map(|(_, rest)| rest))
        .map(|rest| rest.split([',', ':']).next().unwrap_or(rest).to_string())
        .collect()
}

#[test]
fn the_action_fits_a_real_repository_run_after_run() {
    let dir = repository_folder();
    let mut lines = Vec::new();
    for run in 0..3 {
        // The default path, `.`: every deck legal, the other files skipped and listed.
        let (output, github_output, summary) = run_action(dir.path(), &[]);
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        assert_eq!(output.status.code(), Some(0), "run {run}: {output:?}");
        let last = stdout.lines().last().unwrap_or_default().to_string();
        assert_eq!(
            last,
            "3 decks: 3 legal, 0 illegal, 1 with names guessed (4 files skipped: not decklists)",
            "run {run}: {stdout}"
        );
        assert!(summary.contains(&last), "{summary}");
        assert_eq!(github_output, "junit=vtesdeck-check.xml\n");
        // Annotations name the files from the repository root, as GitHub attaches them.
        let files = annotated_files(&stdout);
        assert!(!files.is_empty(), "{stdout}");
        for file in &files {
            assert!(!file.starts_with("./"), "{file}");
            assert!(dir.path().join(file).is_file(), "{file}: {stdout}");
        }
        for skipped in ["README.md", "img/logo.png", "package.json", "renovate.json"] {
            assert!(
                stdout.contains(&format!(
                    "::notice file={skipped},title=skipped::not read: "
                )),
                "{skipped}: {stdout}"
            );
        }
        assert!(!stdout.contains("::error"), "{stdout}");
        assert!(
            !stdout.contains("vtesdeck-check"),
            "the report read back: {stdout}"
        );
        let junit = std::fs::read_to_string(dir.path().join("vtesdeck-check.xml")).expect("JUnit");
        assert_eq!(junit.matches("<testcase ").count(), 3, "{junit}");
        lines.push(stdout);
    }
    // The same annotations and counts on each run: no run reads another's files.
    assert_eq!(lines[0], lines[1]);
    assert_eq!(lines[1], lines[2]);
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .expect("read_dir")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.starts_with("vtesdeck-check"))
        .collect();
    assert_eq!(leftovers, ["vtesdeck-check.xml"]);

    // A pattern as the path is expanded; one that matches nothing is said.
    let (pattern, _, _) = run_action(dir.path(), &[("INPUT_PATH", "decks/**/*.txt")]);
    assert_eq!(pattern.status.code(), Some(0), "{pattern:?}");
    assert!(
        String::from_utf8_lossy(&pattern.stdout)
            .ends_with("\n2 decks: 2 legal, 0 illegal, 1 with names guessed\n"),
        "{pattern:?}"
    );
    let (nothing, _, _) = run_action(dir.path(), &[("INPUT_PATH", "decks/*.dek")]);
    assert_eq!(nothing.status.code(), Some(2), "{nothing:?}");
    assert!(
        String::from_utf8_lossy(&nothing.stderr)
            .contains("path: the pattern 'decks/*.dek' matched no file"),
        "{nothing:?}"
    );
    // include and exclude pick the files of the folders.
    let (included, _, _) = run_action(dir.path(), &[("INPUT_INCLUDE", "*.json\n*.twd.txt")]);
    assert_eq!(included.status.code(), Some(0), "{included:?}");
    let text = String::from_utf8_lossy(&included.stdout);
    assert!(
        text.ends_with("\n2 decks: 2 legal, 0 illegal (2 files skipped: not decklists)\n"),
        "{text}"
    );
    let (excluded, _, _) = run_action(dir.path(), &[("INPUT_EXCLUDE", "old")]);
    assert_eq!(excluded.status.code(), Some(0), "{excluded:?}");
    let text = String::from_utf8_lossy(&excluded.stdout);
    assert!(
        text.contains("\n1 deck: 1 legal, 0 illegal, 1 with names guessed ("),
        "{text}"
    );
}

/// The pre-commit hook's patterns leave a repository's settings and hidden
/// folders out, so that a commit of them is never an error.
#[test]
fn the_pre_commit_hook_leaves_settings_files_out() {
    let recipe = repo_file("examples/ci/pre-commit-config.yaml");
    let dir = repository_folder();
    let staged = [
        "package.json",
        "renovate.json",
        "README.md",
        "img/logo.png",
        ".github/workflows/check.yml",
        "decks/brujah.txt",
        "decks/old/nosferatu.json",
        "decks/old/toreador.twd.txt",
    ];
    let files = selected(&recipe, &staged);
    assert_eq!(
        files,
        [
            "decks/brujah.txt",
            "decks/old/nosferatu.json",
            "decks/old/toreador.twd.txt"
        ]
    );
    let output = run_entry(&value(&recipe, "entry"), dir.path(), &files);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
}
