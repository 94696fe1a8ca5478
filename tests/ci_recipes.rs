//! The pre-commit recipes as written: the `repo: local` hook of
//! `examples/ci/pre-commit-config.yaml` (its `entry` run on the files its
//! `files`/`exclude` patterns select, as pre-commit does) stops a commit of an
//! illegal deck and lets a legal one through; the hooks published in
//! `.pre-commit-hooks.yaml` run the same command on the same files; no recipe
//! leaves a value to guess.

mod common;

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
    // The GitHub recipes take vtesdeck's git URL from one repository variable
    // and stop, saying so, while it is unset.
    for name in [
        "examples/ci/github-actions-check-decks.yml",
        "examples/ci/github-actions-report.yml",
    ] {
        let text = repo_file(name);
        assert!(
            text.contains("VTESDECK_GIT: ${{ vars.VTESDECK_GIT }}"),
            "{name}"
        );
        assert!(text.contains("if [ -z \"$VTESDECK_GIT\" ]"), "{name}");
        assert!(
            text.contains("key: vekn-cards-${{ steps.keys.outputs.week }}"),
            "{name}"
        );
    }
}
