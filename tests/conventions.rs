//! Conventions every command shares: which commands take the deck-reading
//! options, what `-q` means, suggestions on a typo, standard input, `--color`.

mod common;

use common::help;
use predicates::str::contains;

#[test]
fn input_format_is_on_the_commands_that_read_decks_only() {
    for command in [
        &["parse"][..],
        &["check"],
        &["stats"],
        &["convert"],
        &["diff"],
        &["draw"],
        &["transfers"],
    ] {
        assert!(help(command).contains("--input-format"), "{command:?}");
    }
    for command in [
        &["card"][..],
        &["db", "info"],
        &["db", "update"],
        &["db", "import"],
    ] {
        assert!(!help(command).contains("--input-format"), "{command:?}");
    }
    common::vtesdeck()
        .args(["card", "--input-format", "twd", "Deep Song"])
        .assert()
        .code(2)
        .stderr(contains("unexpected argument '--input-format'"));
}

#[test]
fn quiet_says_the_same_on_every_command_that_has_it() {
    let first_line = |command: &str| {
        let text = help(&[command]);
        let at = text.find("--quiet").expect("--quiet");
        let mut lines = text[at..].lines();
        let flag_line = lines.next().expect("line");
        let help = if flag_line.trim() == "--quiet" {
            lines.next().expect("help line")
        } else {
            flag_line
        };
        help.trim().to_string()
    };
    let check = first_line("check");
    assert!(check.contains("Only results and problems"), "{check}");
    assert_eq!(first_line("draw"), check);
    assert_eq!(first_line("transfers"), check);
    assert_eq!(first_line("report"), check);
}

#[test]
fn card_filters_suggest_on_a_typo() {
    for (flag, typo, suggestion) in [
        ("--clan", "Bruja", "\"Brujah\""),
        ("--type", "Vampyre", "\"Vampire\""),
        ("--discipline", "Potance", "\"Potence\""),
        ("--set", "Fifth Editon", "\"Fifth Edition\""),
    ] {
        common::vtesdeck()
            .args(["card", flag, typo])
            .assert()
            .code(2)
            .stderr(contains(format!("did you mean {suggestion}?")));
    }
}

#[test]
fn standard_input_is_read_by_every_deck_command_when_no_file_is_given() {
    let deck = std::fs::read_to_string(
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks/brujah-rush.txt"),
    )
    .expect("read");
    // Each command, and a line of its output that only reading the deck gives.
    for (command, read) in [
        (&["parse"][..], "Jack Drake"),
        (&["check"], "-: legal (crypt 13, library 70"),
        (&["stats"], "13 (7 different)"),
        (&["convert", "--to", "twd"], "Jack Drake"),
        (&["draw"], "Jack Drake"),
        (&["transfers", "--samples", "200"], "-: influence phase"),
        (&["report", "--samples", "200"], "Jack Drake"),
    ] {
        let output = common::vtesdeck()
            .args(command)
            .write_stdin(deck.clone())
            .output()
            .expect("runs");
        assert!(
            matches!(output.status.code(), Some(0 | 1)),
            "{command:?}: {output:?}"
        );
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(text.contains(read), "{command:?} read no deck: {text}");
    }
}

#[test]
fn standard_input_given_twice_is_an_error_on_every_command() {
    let deck = std::fs::read_to_string(
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks/brujah-rush.txt"),
    )
    .expect("read");
    for command in [
        &["parse"][..],
        &["check"],
        &["stats"],
        &["draw"],
        &["transfers", "--samples", "200"],
    ] {
        common::vtesdeck()
            .args(command)
            .args(["-", "-"])
            .write_stdin(deck.clone())
            .assert()
            .code(2)
            .stderr(contains(
                "-: standard input given twice (it can be read once)",
            ));
    }
    common::vtesdeck()
        .args(["diff", "-", "-"])
        .write_stdin(deck)
        .assert()
        .code(2)
        .stderr(contains("only one side can be standard input"));
}

/// Runs vtesdeck on a pseudo-terminal (util-linux `script`, as a person at a
/// terminal would), `NO_COLOR` unset; returns what it wrote there.
fn on_a_terminal(args: &[&str]) -> String {
    let binary = assert_cmd::cargo::cargo_bin("vtesdeck");
    let quote = |word: &str| format!("'{}'", word.replace('\'', "'\\''"));
    let command_line = std::iter::once(binary.to_str().expect("UTF-8 path"))
        .chain(args.iter().copied())
        .map(quote)
        .collect::<Vec<_>>()
        .join(" ");
    let output = std::process::Command::new("script")
        .args(["-qec", &command_line, "/dev/null"])
        .env("VTESDECK_CARDS", common::cards_dir())
        .env("VTESDECK_OFFLINE", "1")
        .env("TERM", "xterm-256color")
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("util-linux `script` runs (Debian: bsdutils)");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn color_is_on_the_commands_that_colour_and_only_there() {
    let examples = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks");
    let deck = examples.join("brujah-rush.txt");
    let deck = deck.to_str().expect("UTF-8 path");
    let other = examples.join("toreador-votes.twd.txt");
    let other = other.to_str().expect("UTF-8 path");
    let illegal = tempfile::NamedTempFile::new().expect("temp file");
    let text = std::fs::read_to_string(deck)
        .expect("read")
        .replace("4x Blood Doll", "40x Blood Doll");
    std::fs::write(illegal.path(), text).expect("write");
    let illegal = illegal.path().to_str().expect("UTF-8 path");

    // `check` colours on a terminal, and --color decides.
    assert!(on_a_terminal(&["check", illegal]).contains('\x1b'));
    assert!(!on_a_terminal(&["check", "--color", "never", illegal]).contains('\x1b'));
    assert!(help(&["check"]).contains("--color"));
    let piped = common::vtesdeck()
        .env_remove("NO_COLOR")
        .args(["check", "--color", "always", illegal])
        .output()
        .expect("runs");
    assert!(String::from_utf8_lossy(&piped.stdout).contains('\x1b'));

    // Every other command writes no colour on a terminal, so has no --color.
    for command in [
        &["parse", deck][..],
        &["stats", deck],
        &["convert", "--to", "twd", deck],
        &["diff", deck, other],
        &["draw", "--quiet", deck],
        &["transfers", "--quiet", "--samples", "200", deck],
        &["card", "Deep Song"],
        &["db", "info"],
    ] {
        let shown = on_a_terminal(command);
        assert!(shown.len() > 40, "{command:?}: {shown}");
        assert!(!shown.contains('\x1b'), "{command:?} colours: {shown}");
        let name = if command[0] == "db" {
            &command[..2]
        } else {
            &command[..1]
        };
        assert!(!help(name).contains("--color"), "{name:?}");
    }
}
