//! Hand-typed decks of the old newsgroup (issue 39): crypt rows with their
//! columns after the name in any order, read by the longest start of the
//! text that names a card and checked against it; a name cut short at a
//! column's width read as the one card it starts, and said.

use std::fs;

use serde_json::Value;

use crate::common::{json_records, vtesdeck};

/// A post as written on the newsgroup: headers, prose, and a crypt typed by
/// hand (the card list says: Lalitha 2 ser Follower of Set G2, Royce 1 dom
/// Pander G2, Yusuf, Scribe of Alamut, Nakhthorheb 10 OBF PRE SER G4).
const POST: &str = "From: someone@aol.com (Some One)
Subject: Re: Setite bleed, comments?

Here is what I played last Saturday:

Crypt:
2 Lalitha ser 2, Followers of Set
2x Lalitha (2, ser, Followers of Set)
1x Royce - 1 Pan dom
1 Yusuf, Scribe of A
1 Nakhthorheb OBF PRE SER 9, Followers of Set

Library:
4 Deflection
6 Blood Doll
";

/// The `read_as` remarks of a parsed deck: (line, how, note).
fn remarks(record: &Value) -> Vec<(u64, String, String)> {
    let mut found: Vec<(u64, String, String)> = ["crypt", "library"]
        .iter()
        .flat_map(|section| record[section].as_array().cloned().unwrap_or_default())
        .flat_map(|card| card["remarks"].as_array().cloned().unwrap_or_default())
        .map(|r| {
            (
                r["line"].as_u64().unwrap_or(0),
                r["how"].as_str().unwrap_or("").to_string(),
                r["note"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    found.sort();
    found
}

#[test]
fn a_hand_typed_crypt_is_read_and_its_columns_checked() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("post.txt");
    fs::write(&path, POST).expect("write post");
    let out = vtesdeck()
        .args(["parse", "--json"])
        .arg(&path)
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let records = json_records(&out.stdout);
    let record = &records[0];
    assert_eq!(record["unresolved"], serde_json::json!([]));
    let crypt: Vec<(String, u64)> = record["crypt"]
        .as_array()
        .expect("crypt")
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap_or("").to_string(),
                c["count"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(
        crypt,
        [
            ("Lalitha".to_string(), 4),
            ("Royce".to_string(), 1),
            ("Yusuf, Scribe of Alamut".to_string(), 1),
            ("Nakhthorheb".to_string(), 1),
        ]
    );
    // Columns that fit are read without a remark; the name cut short and
    // the capacity that disagrees with the card list are said.
    assert_eq!(
        remarks(record),
        [
            (
                10,
                "name-truncated".to_string(),
                "read as \"Yusuf, Scribe of Alamut\"".to_string()
            ),
            (
                11,
                "columns-mismatch".to_string(),
                "the columns (capacity 9) fit no printing of Nakhthorheb; read as the closest"
                    .to_string()
            ),
        ]
    );
    // The text output says the same.
    let text = vtesdeck().arg("parse").arg(&path).output().expect("run");
    let stdout = String::from_utf8_lossy(&text.stdout);
    assert!(
        stdout.contains(
            "1 Yusuf, Scribe of A  -> 1x \"Yusuf, Scribe of Alamut\" \
             (name-truncated: read as \"Yusuf, Scribe of Alamut\")"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("(columns-mismatch: the columns (capacity 9)"),
        "{stdout}"
    );
}
