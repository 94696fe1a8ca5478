//! Conventions every command shares: which commands take the deck-reading
//! options, what `-q` means, where `--offline` is, helps that list what the
//! registries hold, suggestions on a typo, standard input and VDB deck URLs,
//! `--color`.

use crate::common;

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
        &["goldfish"],
        &["report"],
    ] {
        assert!(help(command).contains("--input-format"), "{command:?}");
        // The files of folders are picked the same way on each.
        for flag in ["--glob", "--exclude", "--follow"] {
            assert!(help(command).contains(flag), "{command:?} {flag}");
        }
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

/// Every command and subcommand, as its `--help` is asked for.
const EVERY_COMMAND: [&[&str]; 16] = [
    &["parse"],
    &["check"],
    &["convert"],
    &["diff"],
    &["db", "update"],
    &["db", "import"],
    &["db", "info"],
    &["card"],
    &["draw"],
    &["transfers"],
    &["goldfish"],
    &["stats"],
    &["report"],
    &["completions"],
    &["man"],
    &[],
];

#[test]
fn every_command_is_in_the_list_of_every_command() {
    let top = help(&[]);
    let commands = top
        .split_once("Commands:")
        .expect("a command list")
        .1
        .split_once("Options:")
        .expect("options after the commands")
        .0;
    // A command's line starts with two spaces; a wrapped summary with more.
    let mut listed: Vec<&str> = commands
        .lines()
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .collect();
    listed.sort_unstable();
    let mut known: Vec<&str> = EVERY_COMMAND
        .iter()
        .filter_map(|command| command.first().copied())
        .collect();
    known.dedup();
    known.sort_unstable();
    assert_eq!(listed, known);
}

/// A help text with its white space runs made one space (the lines wrap
/// where the options' column says).
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn quiet_is_on_every_command_and_says_the_same_everywhere() {
    let quiet = "-q, --quiet Only results and problems: no line for what is fine (a legal deck), \
                 no progress bar, no note on standard error (files skipped)";
    // `completions` and `man` print nothing but what they are asked for:
    // `-q` is accepted there, and left out of their help. `card`, `convert`
    // and `db` judge no deck: their `-q` has a help of its own.
    for command in EVERY_COMMAND {
        let shown = one_line(&help(command)).contains(quiet);
        let own_help = matches!(
            command.first(),
            Some(&("completions" | "man" | "card" | "convert" | "db"))
        );
        assert_eq!(shown, !own_help, "{command:?}");
    }
}

/// `convert` and `db`'s subcommands say what their own `-q` leaves out, and
/// `convert` of a folder notes the files it skipped, unless `-q`.
#[test]
fn convert_and_db_have_a_quiet_of_their_own() {
    for (command, says) in [
        (
            &["convert"][..],
            "-q, --quiet No note on standard error: the files of a folder skipped (not \
             decklists), the built-in card list being old. Lines not converted are said even so",
        ),
        (
            &["db", "update"],
            "-q, --quiet No progress bar for the download, and no note while another install \
             into the same folder has its turn",
        ),
        (
            &["db", "import"],
            "-q, --quiet No note while another install into the same folder has its turn",
        ),
        (&["db", "info"], "-q, --quiet Nothing to leave out"),
    ] {
        let shown = one_line(&help(command));
        assert!(shown.contains(says), "{command:?}: {shown}");
        assert!(!shown.contains("a legal deck"), "{command:?}: {shown}");
    }
    let examples = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks");
    let dir = tempfile::tempdir().expect("temp dir");
    let decks = dir.path().join("decks");
    std::fs::create_dir(&decks).expect("folder");
    std::fs::copy(examples.join("brujah-rush.txt"), decks.join("deck.txt")).expect("copy");
    std::fs::write(decks.join("README.md"), "Our decks.\n").expect("write");
    let archive = dir.path().join("decks.json");
    for quiet in [&[][..], &["-q"], &["convert-q"]] {
        let mut command = common::vtesdeck();
        if quiet == ["convert-q"] {
            command.arg("convert").arg("-q");
        } else {
            command.args(quiet).arg("convert");
        }
        let output = command
            .args(["--to", "krcg", "--force", "-o"])
            .arg(&archive)
            .arg(&decks)
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        let noted = stderr.contains("skipped") && stderr.contains("README.md");
        assert_eq!(noted, quiet.is_empty(), "{quiet:?}: {stderr}");
        let written = std::fs::read_to_string(&archive).expect("the archive");
        assert!(written.contains("\"crypt\""), "{written}");
    }
}

/// `card -q` says what it leaves out, which is not a name read as another
/// card: that is said on standard error even so, wherever `-q` is written.
#[test]
fn card_has_a_quiet_of_its_own_that_never_hides_a_name_read_otherwise() {
    let card_help = one_line(&help(&["card"]));
    assert!(
        card_help.contains(
            "-q, --quiet No note that the built-in card list is old. A name read as another \
             card (a close spelling, a part of a name) is said on standard error even so"
        ),
        "{card_help}"
    );
    assert!(!card_help.contains("progress bar"), "{card_help}");
    assert!(!card_help.contains("files skipped"), "{card_help}");
    for args in [
        &["card", "-q", "Deep", "Sogn"][..],
        &["-q", "card", "Deep", "Sogn"],
        &["card", "--quiet", "Deep", "Sogn"],
    ] {
        common::vtesdeck()
            .args(args)
            .assert()
            .code(0)
            .stdout(contains("Deep Song  [100515]"))
            .stderr(contains("\"Deep Sogn\": no exact match, showing Deep Song"));
    }
}

/// A folder holding the example deck and a README, which every command that
/// walks folders notes as skipped on standard error, unless `-q`.
#[test]
fn quiet_leaves_out_the_note_of_the_files_skipped_on_every_command() {
    let examples = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks");
    let dir = tempfile::tempdir().expect("temp dir");
    let (left, right) = (dir.path().join("left"), dir.path().join("right"));
    for folder in [&left, &right] {
        std::fs::create_dir(folder).expect("folder");
        std::fs::copy(examples.join("brujah-rush.txt"), folder.join("deck.txt")).expect("copy");
        std::fs::write(folder.join("README.md"), "Our decks.\n").expect("write");
    }
    let out = dir.path().join("report");
    let left = left.to_str().expect("UTF-8 path");
    let right = right.to_str().expect("UTF-8 path");
    let out = out.to_str().expect("UTF-8 path");
    for command in [
        &["parse", left][..],
        &["check", left],
        &["stats", left],
        &["diff", left, right],
        &["draw", left],
        &["transfers", "--samples", "200", left],
        &["goldfish", "--samples", "200", left],
        &["report", "--samples", "200", "--force", "-o", out, left],
    ] {
        for quiet in [false, true] {
            let output = common::vtesdeck()
                .args(quiet.then_some("-q"))
                .args(command)
                .output()
                .expect("runs");
            assert!(
                matches!(output.status.code(), Some(0 | 1)),
                "{command:?}: {output:?}"
            );
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(
                stderr.contains("skipped") && stderr.contains("README.md"),
                !quiet,
                "{command:?} quiet {quiet}: {stderr}"
            );
        }
    }
}

#[test]
fn offline_is_on_db_update_only_and_still_accepted_before_any_command() {
    assert!(help(&["db", "update"]).contains("--offline"));
    for command in EVERY_COMMAND
        .iter()
        .filter(|command| **command != ["db", "update"])
    {
        assert!(!help(command).contains("--offline"), "{command:?}");
    }
    common::vtesdeck()
        .env_remove("VTESDECK_OFFLINE")
        .args(["card", "--offline", "Deep Song"])
        .assert()
        .code(2)
        .stderr(contains("unexpected argument '--offline'"));
    // Written before the command, as the scripts of earlier versions write it.
    common::vtesdeck()
        .env_remove("VTESDECK_OFFLINE")
        .args(["--offline", "card", "Deep Song"])
        .assert()
        .code(0)
        .stdout(contains("Deep Song  [100515]"));
    for offline in [
        &["--offline", "db", "update"][..],
        &["db", "update", "--offline"],
    ] {
        common::vtesdeck()
            .env_remove("VTESDECK_OFFLINE")
            .args(offline)
            .assert()
            .code(2)
            .stderr(contains("`db update` needs the network but --offline"));
    }
}

/// The ids inside the first `[possible values: ...]` after `flag` in a help text.
fn possible_values(text: &str, flag: &str) -> Vec<String> {
    let text = one_line(text);
    let after = &text[text.find(flag).unwrap_or_else(|| panic!("no {flag}"))..];
    let list = after
        .split_once("[possible values:")
        .unwrap_or_else(|| panic!("{flag}: no possible values"))
        .1
        .split_once(']')
        .expect("a closing bracket")
        .0;
    list.split(',')
        .map(|value| value.trim().to_string())
        .collect()
}

#[test]
fn helps_list_every_layout_of_the_formats_registry() {
    use vtesdeck::formats::Format;
    let every: Vec<String> = Format::ALL.iter().map(|f| f.name().to_string()).collect();
    for command in [
        &["parse"][..],
        &["check"],
        &["stats"],
        &["convert"],
        &["diff"],
        &["draw"],
        &["transfers"],
        &["goldfish"],
        &["report"],
    ] {
        assert_eq!(
            possible_values(&help(command), "--input-format <FORMAT> Read"),
            every,
            "{command:?}"
        );
    }
    let writable: Vec<&str> = vtesdeck::formats::writable().map(Format::name).collect();
    let convert = help(&["convert"]);
    let mut to = possible_values(&convert, "--to <FORMAT> The layout to write");
    assert_eq!(to.pop().as_deref(), Some("vdb"), "vdb for vdb-url");
    assert_eq!(to, writable);
    let summary = format!("Write a deck in another layout: {}", writable.join(", "));
    assert!(convert.starts_with(&summary), "{convert}");
    assert!(one_line(&help(&[])).contains(&summary));
    for layout in ["krcg", "krcg-v5"] {
        assert!(writable.contains(&layout), "{layout}");
    }
}

#[test]
fn profile_helps_list_every_profile_of_the_registry() {
    let registry: Vec<&str> = vtesdeck::rules::Profile::builtin_names().collect();
    let mut taking = Vec::new();
    for command in EVERY_COMMAND {
        let text = one_line(&help(command));
        let Some(at) = text.find("--profile <NAME|FILE.toml>") else {
            continue;
        };
        let flag = &text[at..];
        let listed: Vec<&str> = flag
            .split_once("a shipped profile (")
            .unwrap_or_else(|| panic!("{command:?}: no list of profiles"))
            .1
            .split_once(')')
            .expect("a closing parenthesis")
            .0
            .split(", ")
            .collect();
        assert_eq!(listed, registry, "{command:?}");
        let default = flag
            .split_once("[default: ")
            .and_then(|(_, rest)| rest.split_once(']'))
            .map(|(default, _)| default);
        assert_eq!(default, Some("standard"), "{command:?}");
        taking.push(command[0]);
    }
    assert_eq!(taking, ["check", "report"]);
}

#[test]
fn check_help_lists_every_rule_of_the_registry_that_allow_and_deny_take() {
    let text = help(&["check"]);
    let listed: Vec<(String, String)> = text
        .split_once("Rules (the RULE of --allow and --deny)")
        .expect("the list of rules")
        .1
        .lines()
        .skip(1)
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            Some((words.next()?.to_string(), words.next()?.to_string()))
        })
        .collect();
    let registry: Vec<(String, String)> = vtesdeck::rules::RULES
        .iter()
        .map(|rule| (rule.id().to_string(), rule.severity().to_string()))
        .collect();
    assert_eq!(listed, registry);
    // Each id listed is one `--allow` and `--deny` take (exit 0 or 1, never
    // the 2 of an unknown rule); not a word that is not listed.
    let deck =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks/brujah-rush.txt");
    for (id, _) in &listed {
        for flag in ["--allow", "--deny"] {
            let output = common::vtesdeck()
                .args(["check", flag, id])
                .arg(&deck)
                .output()
                .expect("runs");
            assert!(
                matches!(output.status.code(), Some(0 | 1)),
                "{flag} {id}: {output:?}"
            );
        }
    }
    common::vtesdeck()
        .args(["check", "--deny", "no-such-rule"])
        .arg(&deck)
        .assert()
        .code(2);
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
        (
            &["goldfish", "--samples", "200"],
            "-: goldfish at an idle table",
        ),
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
fn a_vdb_deck_url_is_read_by_every_deck_command() {
    // Twelve Janey Pickman (VEKN 200673) and sixty Earth Meld (100601).
    let url = "https://vdb.im/decks/deck?name=Two%20cards&author=Me#200673=12;100601=60";
    for (command, read) in [
        (&["parse"][..], "60x Earth Meld"),
        (
            &["check"],
            "https://vdb.im/decks/deck?name=Two%20cards&author=Me#200673=12;100601=60: legal \
             (crypt 12, library 60, group 4,",
        ),
        (&["stats"], "12 (1 different)"),
        (&["convert", "--to", "jol"], "12x Janey Pickman"),
        (&["draw"], "Janey Pickman"),
        (&["transfers", "--samples", "200"], ": influence phase"),
        (
            &["goldfish", "--samples", "200"],
            ": goldfish at an idle table",
        ),
        (&["report", "--samples", "200"], "Janey Pickman"),
    ] {
        let output = common::vtesdeck()
            .args(command)
            .arg(url)
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(0), "{command:?}: {output:?}");
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(text.contains(read), "{command:?} read no deck: {text}");
    }
    // Among other inputs, in their order, and as JSON records naming the URL.
    let deck = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("examples/decks/toreador-votes.twd.txt");
    for command in ["parse", "check", "stats"] {
        let output = common::vtesdeck()
            .args([command, "--json", url])
            .arg(&deck)
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(0), "{command}: {output:?}");
        let paths: Vec<String> = common::json_records(&output.stdout)
            .iter()
            .filter(|record| record["type"] == "deck")
            .map(|record| record["path"].as_str().unwrap_or_default().to_string())
            .collect();
        assert_eq!(
            paths,
            [url.to_string(), deck.display().to_string()],
            "{command}"
        );
    }
    common::vtesdeck()
        .args(["diff", url, url])
        .assert()
        .code(0)
        .stdout(contains(": same (crypt 12, library 60)"));
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
        &["goldfish", "--samples", "200"],
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
        &["goldfish", "--quiet", "--samples", "200", deck],
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
