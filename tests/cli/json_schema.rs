//! Every JSON Lines record type of every command, validated against the JSON
//! Schema files of `docs/json-schema/`, on the real card list, the samples of
//! every export layout, the examples and a slice of the TWDA.
//!
//! The validator is a small one of the keywords those files use (`type`,
//! `const`, `enum`, `pattern`, `minimum`, `maximum`, `properties`, `required`,
//! `additionalProperties` (`false` or a schema), `items`, `$ref` to the file's
//! own `$defs`); a schema with any other keyword fails the test rather than
//! being half checked.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde_json::Value;

/// Keywords the validator knows; the annotations are accepted and not checked.
const KEYWORDS: &[&str] = &[
    "$schema",
    "title",
    "description",
    "type",
    "const",
    "enum",
    "pattern",
    "minimum",
    "maximum",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "$defs",
    "$ref",
];

/// The schemas of `docs/json-schema/`, by file stem.
fn schemas() -> BTreeMap<String, Value> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/json-schema");
    std::fs::read_dir(&dir)
        .expect("docs/json-schema")
        .map(|entry| {
            let path = entry.expect("entry").path();
            let text = std::fs::read_to_string(&path).expect("read schema");
            let schema: Value = serde_json::from_str(&text)
                .unwrap_or_else(|err| panic!("{}: {err}", path.display()));
            let stem = path
                .file_stem()
                .expect("stem")
                .to_string_lossy()
                .into_owned();
            (stem, schema)
        })
        .collect()
}

/// Whether a JSON value has a JSON Schema type (`integer` is a number without fraction).
fn has_type(value: &Value, name: &str) -> bool {
    match name {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "string" => value.is_string(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        other => panic!("unknown type {other:?} in a schema"),
    }
}

/// The problems of `value` against `schema`, each naming where (`/problems/0/line`).
fn validate(schema: &Value, value: &Value, at: &str, problems: &mut Vec<String>) {
    validate_in(schema, schema, value, at, problems);
}

/// [`validate`] of a part of the schema file `root` (where `$ref` points).
fn validate_in(root: &Value, schema: &Value, value: &Value, at: &str, problems: &mut Vec<String>) {
    let schema = schema.as_object().expect("a schema is an object");
    if let Some(reference) = schema.get("$ref") {
        let name = reference
            .as_str()
            .and_then(|r| r.strip_prefix("#/$defs/"))
            .unwrap_or_else(|| panic!("{at}: $ref {reference} is not #/$defs/NAME"));
        let target = root["$defs"]
            .get(name)
            .unwrap_or_else(|| panic!("{at}: $ref to a missing definition {name:?}"));
        assert_eq!(schema.len(), 1, "{at}: $ref beside other keywords");
        return validate_in(root, target, value, at, problems);
    }
    for keyword in schema.keys() {
        assert!(
            KEYWORDS.contains(&keyword.as_str()),
            "{at}: keyword {keyword:?} unknown to this validator"
        );
    }
    if let Some(types) = schema.get("type") {
        let names: Vec<&str> = match types {
            Value::String(name) => vec![name.as_str()],
            Value::Array(names) => names.iter().filter_map(Value::as_str).collect(),
            other => panic!("{at}: bad type {other}"),
        };
        if !names.iter().any(|name| has_type(value, name)) {
            problems.push(format!("{at}: {value} is not of type {names:?}"));
            return;
        }
    }
    if let Some(expected) = schema.get("const") {
        if value != expected {
            problems.push(format!("{at}: {value} is not {expected}"));
        }
    }
    if let Some(Value::Array(allowed)) = schema.get("enum") {
        if !allowed.contains(value) {
            problems.push(format!("{at}: {value} is not one of {allowed:?}"));
        }
    }
    if let (Some(Value::String(pattern)), Value::String(text)) = (schema.get("pattern"), value) {
        let regex = regex::Regex::new(pattern).expect("pattern");
        if !regex.is_match(text) {
            problems.push(format!("{at}: {text:?} does not match {pattern}"));
        }
    }
    // Bounds compared as exact integers when both are (a seed near 2^53).
    for (keyword, holds) in [
        ("minimum", (|v, b| v >= b) as fn(i128, i128) -> bool),
        ("maximum", |v, b| v <= b),
    ] {
        if let Some(bound) = schema.get(keyword) {
            let as_integer = |v: &Value| {
                v.as_u64()
                    .map(i128::from)
                    .or_else(|| v.as_i64().map(i128::from))
            };
            let bound = as_integer(bound).expect("an integer bound");
            if let Some(number) = as_integer(value) {
                if !holds(number, bound) {
                    problems.push(format!("{at}: {value} is not within {keyword} {bound}"));
                }
            } else if value.is_number() {
                panic!("{at}: {keyword} on a number that is not an integer");
            }
        }
    }
    if let Value::Object(fields) = value {
        let properties = schema.get("properties").and_then(Value::as_object);
        if let Some(Value::Array(required)) = schema.get("required") {
            for name in required.iter().filter_map(Value::as_str) {
                if !fields.contains_key(name) {
                    problems.push(format!("{at}: required field {name:?} missing"));
                }
            }
        }
        for (name, field) in fields {
            match properties.and_then(|p| p.get(name)) {
                Some(sub) => validate_in(root, sub, field, &format!("{at}/{name}"), problems),
                None => match schema.get("additionalProperties") {
                    Some(Value::Bool(false)) => {
                        problems.push(format!("{at}: field {name:?} not in the schema"));
                    }
                    Some(sub @ Value::Object(_)) => {
                        validate_in(root, sub, field, &format!("{at}/{name}"), problems);
                    }
                    _ => {}
                },
            }
        }
    }
    if let (Some(items), Value::Array(elements)) = (schema.get("items"), value) {
        for (index, element) in elements.iter().enumerate() {
            validate_in(root, items, element, &format!("{at}/{index}"), problems);
        }
    }
}

/// A command run and the schema of each record type it writes.
struct Run {
    args: Vec<String>,
    /// Environment variables set (`Some`) or removed (`None`) for this run.
    env: Vec<(&'static str, Option<String>)>,
    schemas: &'static [(&'static str, &'static str)],
}

/// Sets (`Some`) or removes (`None`) each variable of `env` for `command`.
fn set_env(command: &mut assert_cmd::Command, env: &[(&str, Option<String>)]) {
    for (name, value) in env {
        match value {
            Some(value) => command.env(name, value),
            None => command.env_remove(name),
        };
    }
}

fn path_arg(path: &Path) -> String {
    path.to_str().expect("UTF-8 path").to_string()
}

/// A folder as a repository of decks: the examples, one more decklist, a README, an image.
fn deck_repository() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let examples = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks");
    for entry in std::fs::read_dir(&examples).expect("examples") {
        let path = entry.expect("entry").path();
        std::fs::copy(&path, dir.path().join(path.file_name().expect("name"))).expect("copy");
    }
    std::fs::copy(
        examples.join("brujah-rush.txt"),
        dir.path().join("only-here.txt"),
    )
    .expect("copy");
    // Lines read with remarks (`read_as` and `remarks` in `parse --json`).
    std::fs::write(
        dir.path().join("typed-by-hand.txt"),
        "Crypt (6 cards)\n2x Theo Bell (ADV)  7  cel dom pre POT  Brujah:2\n\
         2x Tara  9  ANI PRO  Brujah:5\nTheo Bell x2\n\
         Library (6 cards)\nDeflektion 4\n2x Deflection\nTotal: 100\n",
    )
    .expect("write");
    std::fs::write(dir.path().join("README.md"), "# Our decks\n").expect("write");
    std::fs::write(
        dir.path().join("logo.png"),
        [0x89, b'P', b'N', b'G', 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3],
    )
    .expect("write");
    dir
}

#[test]
fn every_json_lines_record_of_every_command_matches_its_schema() {
    let schemas = schemas();
    let repository = deck_repository();
    let repo = path_arg(repository.path());
    let samples = path_arg(&common::samples_dir());
    let examples = path_arg(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks"));
    let mut twda: Vec<String> = std::fs::read_dir(common::twda_dir())
        .expect("TWDA")
        .map(|entry| path_arg(&entry.expect("entry").path()))
        .collect();
    twda.sort();
    twda.truncate(60);
    let missing = "/nonexistent/deck.txt".to_string();
    let cards = path_arg(&common::cards_dir());
    // A user with nothing installed, and one with the card list installed by `db import`.
    let home_of = |dir: &Path| {
        vec![
            ("HOME", Some(path_arg(dir))),
            ("XDG_DATA_HOME", Some(path_arg(&dir.join("data")))),
            ("VTESDECK_CARDS", None),
        ]
    };
    let nothing_installed = tempfile::tempdir().expect("temp dir");
    let empty_home = home_of(nothing_installed.path());
    let installed = tempfile::tempdir().expect("temp dir");
    let installed_home = home_of(installed.path());
    let mut import = common::vtesdeck();
    set_env(&mut import, &installed_home);
    import.args(["db", "import", &cards]).assert().success();
    let strings = |items: &[&str]| items.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let with = |head: &[&str], tail: &[&String]| {
        let mut args = strings(head);
        args.extend(tail.iter().map(|s| s.to_string()));
        args
    };
    let mut twda_and_more = vec![&repo, &samples, &missing];
    twda_and_more.extend(twda.iter());
    let runs = vec![
        Run {
            env: Vec::new(),
            args: with(&["check", "--json"], &twda_and_more),
            schemas: &[
                ("deck", "check-deck"),
                ("skipped", "skipped"),
                ("error", "error"),
                ("summary", "check-summary"),
            ],
        },
        Run {
            env: Vec::new(),
            args: with(&["parse", "--json"], &twda_and_more),
            schemas: &[("deck", "parse-deck"), ("error", "error")],
        },
        Run {
            env: Vec::new(),
            args: with(&["stats", "--json", "--summary"], &twda_and_more),
            schemas: &[
                ("deck", "stats-deck"),
                ("error", "error"),
                ("summary", "stats-summary"),
            ],
        },
        Run {
            env: Vec::new(),
            args: with(&["stats", "--json", "--twd-header"], &twda_and_more),
            schemas: &[("deck", "stats-twd-header"), ("error", "error")],
        },
        Run {
            env: Vec::new(),
            args: strings(&["card", "--json", "--search"]),
            schemas: &[("card", "card")],
        },
        Run {
            env: Vec::new(),
            args: strings(&[
                "card",
                "--json",
                "Theo Bell",
                "Deep Song",
                "Nosuchcardatall",
            ]),
            schemas: &[("card", "card"), ("not_found", "card-not-found")],
        },
        Run {
            env: Vec::new(),
            args: with(&["diff", "--json"], &[&examples, &repo]),
            schemas: &[("diff", "diff"), ("unpaired", "diff-unpaired")],
        },
        Run {
            env: Vec::new(),
            args: with(
                &["diff", "--json"],
                &[&format!("{examples}/brujah-rush.txt"), &missing],
            ),
            schemas: &[("diff", "diff")],
        },
        Run {
            env: Vec::new(),
            args: with(
                &[
                    "draw",
                    "--json",
                    "--track",
                    "Immortal Grapple",
                    "--key",
                    "Tara",
                    "--seen",
                    "10",
                ],
                &[&examples, &missing],
            ),
            schemas: &[("draw", "draw"), ("error", "error")],
        },
        Run {
            env: Vec::new(),
            args: with(
                &[
                    "transfers",
                    "--json",
                    "--samples",
                    "500",
                    "--seed",
                    "7",
                    "--key",
                    "Tara",
                ],
                &[&examples, &missing],
            ),
            schemas: &[("transfers", "transfers"), ("error", "error")],
        },
        Run {
            env: Vec::new(),
            args: with(
                // No --seed: the default seed is within the schema's bounds too.
                &["transfers", "--json", "--policy", "all", "--samples", "300"],
                &[&format!("{examples}/brujah-rush.txt"), &missing],
            ),
            schemas: &[
                ("transfers_comparison", "transfers-comparison"),
                ("error", "error"),
            ],
        },
        Run {
            env: Vec::new(),
            args: with(
                &["goldfish", "--json", "--samples", "300", "--seed", "7"],
                &[&examples, &missing],
            ),
            schemas: &[("goldfish", "goldfish"), ("error", "error")],
        },
        // `db info` from each source: VTESDECK_CARDS, --cards, the built-in
        // snapshot (nothing installed), the user's installed copy.
        Run {
            env: vec![("VTESDECK_CARDS", Some(cards.clone()))],
            args: strings(&["db", "info", "--json"]),
            schemas: &[("db_info", "db-info")],
        },
        Run {
            env: vec![("VTESDECK_CARDS", None)],
            args: with(
                &["--cards"],
                &[&cards, &"db".into(), &"info".into(), &"--json".into()],
            ),
            schemas: &[("db_info", "db-info")],
        },
        Run {
            env: empty_home.clone(),
            args: strings(&["db", "info", "--json"]),
            schemas: &[("db_info", "db-info")],
        },
        Run {
            env: installed_home.clone(),
            args: strings(&["db", "info", "--json"]),
            schemas: &[("db_info", "db-info")],
        },
    ];
    let parse_output = common::vtesdeck()
        .args(["parse", "--json"])
        .arg(repository.path().join("typed-by-hand.txt"))
        .output()
        .expect("runs");
    let parsed = String::from_utf8_lossy(&parse_output.stdout);
    assert!(
        parsed.contains("\"remarks\"") && parsed.contains("columns-mismatch"),
        "the schemas are tried on remarks too: {parsed}"
    );
    let mut used = BTreeSet::new();
    let mut db_sources = BTreeSet::new();
    for run in &runs {
        let mut command = common::vtesdeck();
        set_env(&mut command, &run.env);
        let output = command.args(&run.args).output().expect("runs");
        let text = String::from_utf8(output.stdout).expect("UTF-8");
        let mut seen = BTreeSet::new();
        for (number, line) in text.lines().enumerate() {
            let record: Value = serde_json::from_str(line).expect("a JSON line");
            let kind = record["type"].as_str().expect("a type").to_string();
            let schema_name = run
                .schemas
                .iter()
                .find(|(record_type, _)| *record_type == kind)
                .map(|(_, schema)| *schema)
                .unwrap_or_else(|| panic!("{}: record type {kind:?} has no schema", run.args[0]));
            let mut problems = Vec::new();
            validate(&schemas[schema_name], &record, "", &mut problems);
            assert!(
                problems.is_empty(),
                "{} line {}: {schema_name}.json: {problems:#?}",
                run.args[..2].join(" "),
                number + 1
            );
            if let Some(found_by) = record["found_by"].as_str() {
                db_sources.insert(found_by.to_string());
            }
            seen.insert(kind);
            used.insert(schema_name);
        }
        for (record_type, _) in run.schemas {
            assert!(
                seen.contains(*record_type),
                "{:?} wrote no {record_type:?} record",
                &run.args[..2]
            );
        }
    }
    assert_eq!(
        db_sources,
        [
            "--cards",
            "VTESDECK_CARDS",
            "built-in snapshot",
            "user data folder"
        ]
        .map(String::from)
        .into(),
        "db info from every source"
    );
    let files: BTreeSet<&str> = schemas.keys().map(String::as_str).collect();
    assert_eq!(
        files, used,
        "every schema file is exercised, every record type has one"
    );
}

#[test]
fn the_validator_rejects_what_the_schemas_forbid() {
    let schemas = schemas();
    let error = &schemas["error"];
    // Through `$ref` and a map's `additionalProperties` schema.
    let mut problems = Vec::new();
    let odds = serde_json::json!({"count": 2, "expected": 0.2, "p_at_least": [0.1, "x"]});
    let draw = serde_json::json!({"type": "draw", "library": {"types": {"Master": odds}}});
    validate(&schemas["draw"], &draw, "", &mut problems);
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("/library/types/Master/p_at_least/1:")),
        "{problems:#?}"
    );
    // A seed beyond 2^53 - 1 (not every JSON reader keeps it exact).
    for (seed, valid) in [
        (9_007_199_254_740_991u64, true),
        (9_007_199_254_740_992, false),
    ] {
        let mut problems = Vec::new();
        let record = serde_json::json!({"seed": seed});
        validate(&schemas["draw"], &record, "", &mut problems);
        let bad_seed = problems.iter().any(|p| p.starts_with("/seed:"));
        assert_eq!(bad_seed, !valid, "{seed}: {problems:?}");
    }
    let mut problems = Vec::new();
    let good = serde_json::json!({"type": "error", "path": "a", "message": "a: gone", "schema": 1});
    validate(error, &good, "", &mut problems);
    assert!(problems.is_empty(), "{problems:?}");
    for bad in [
        serde_json::json!({"type": "error", "path": "a", "message": "a: gone"}),
        serde_json::json!({"type": "error", "path": "a", "message": "a: gone", "schema": 2}),
        serde_json::json!({"type": "error", "path": 3, "message": "a: gone", "schema": 1}),
        serde_json::json!({"type": "error", "path": "a", "message": "m", "schema": 1, "extra": 0}),
    ] {
        let mut problems = Vec::new();
        validate(error, &bad, "", &mut problems);
        assert!(!problems.is_empty(), "{bad} passed");
    }
}
