//! Conventions every command shares: which commands take the deck-reading
//! options, what `-q` means, suggestions on a typo.

mod common;

use predicates::prelude::*;
use predicates::str::contains;

/// The `--help` text of a subcommand (`db info` as two words).
fn help(command: &[&str]) -> String {
    let output = common::vtesdeck()
        .args(command)
        .arg("--help")
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0), "{command:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

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
    for command in ["parse", "check", "stats"] {
        common::vtesdeck()
            .arg(command)
            .write_stdin(deck.clone())
            .assert()
            .code(predicate::in_iter([0, 1]))
            .stderr(contains("no input").not());
    }
}
