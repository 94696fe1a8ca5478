//! `vtesdeck completions SHELL` and `vtesdeck man`: generated from the command
//! line itself, so every subcommand and flag appears in them.

use std::process::Command;

use predicates::prelude::*;

/// The subcommands every generated file must know.
const SUBCOMMANDS: [&str; 10] = [
    "parse",
    "check",
    "convert",
    "db",
    "card",
    "draw",
    "transfers",
    "stats",
    "completions",
    "man",
];

fn vtesdeck() -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("vtesdeck").expect("binary built");
    cmd.env_remove("VTESDECK_CARDS");
    cmd
}

fn output(args: &[&str]) -> String {
    let output = vtesdeck()
        .args(args)
        .assert()
        .success()
        .get_output()
        .clone();
    assert!(output.stderr.is_empty(), "{:?}", output.stderr);
    String::from_utf8(output.stdout).expect("UTF-8")
}

#[test]
fn every_shell_gets_a_script_naming_every_subcommand() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = output(&["completions", shell]);
        for subcommand in SUBCOMMANDS {
            assert!(script.contains(subcommand), "{shell}: no {subcommand}");
        }
        assert!(script.contains("input-format"), "{shell}: no global flag");
    }
}

#[test]
fn bash_script_is_valid_bash_and_completes_subcommands() {
    let script = output(&["completions", "bash"]);
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("vtesdeck.bash");
    std::fs::write(&path, &script).expect("write script");
    // Load the script and ask for the completions of `vtesdeck tra`.
    let probe = format!(
        "source {}; COMP_WORDS=(vtesdeck tra); COMP_CWORD=1; _vtesdeck vtesdeck tra vtesdeck; \
         printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        path.display()
    );
    let result = Command::new("bash")
        .args(["--norc", "-c", &probe])
        .output()
        .expect("bash runs");
    assert!(result.status.success(), "{result:?}");
    assert_eq!(String::from_utf8_lossy(&result.stdout).trim(), "transfers");
}

#[test]
fn unknown_shell_is_an_error_listing_the_shells() {
    vtesdeck()
        .args(["completions", "tcsh"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "bash, elvish, fish, powershell, zsh",
        ));
}

#[test]
fn man_page_is_roff_with_every_subcommand() {
    let page = output(&["man"]);
    assert!(page.contains(".TH vtesdeck 1"), "{page}");
    assert!(page.contains(".SH NAME"));
    assert!(page.contains("Vampire: The Eternal Struggle"));
    for subcommand in SUBCOMMANDS {
        assert!(
            page.contains(&format!("vtesdeck\\-{subcommand}(1)")),
            "no {subcommand}"
        );
    }
}

#[test]
fn man_dir_writes_one_page_per_command() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let target = dir.path().join("man1");
    vtesdeck()
        .args(["man", "--dir"])
        .arg(&target)
        .assert()
        .success()
        .stdout(predicate::str::is_empty());
    let mut pages: Vec<String> = std::fs::read_dir(&target)
        .expect("pages written")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    pages.sort();
    assert!(pages.contains(&"vtesdeck.1".to_string()), "{pages:?}");
    for subcommand in SUBCOMMANDS {
        assert!(
            pages.contains(&format!("vtesdeck-{subcommand}.1")),
            "{pages:?}"
        );
    }
    assert!(pages.contains(&"vtesdeck-db-update.1".to_string()));
    let check = std::fs::read_to_string(target.join("vtesdeck-check.1")).expect("page");
    assert!(check.contains(".TH vtesdeck-check 1"), "{check}");
}
