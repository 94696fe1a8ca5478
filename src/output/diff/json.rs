//! `--json`: one JSON record per pair, `{"type":"diff","schema":1,"left":...,
//! "right":...,"same":...,"changes":[...]}`, and one per unpaired file.

use std::io::{self, Write};

use serde::Serialize;

use super::{DiffPair, DiffRenderer, DiffSummary};
use crate::analysis::{CardChange, Side, UnreadLine};
use crate::output::json_lines::{write_line as write_record, SCHEMA};

/// A compared (or unreadable) pair.
#[derive(Serialize)]
struct DiffRecord<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    schema: u32,
    left: &'a str,
    right: &'a str,
    same: bool,
    changes: &'a [CardChange],
    unread: &'a [UnreadLine],
    error: Option<&'a str>,
}

/// A file with no partner.
#[derive(Serialize)]
struct UnpairedRecord<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    schema: u32,
    path: &'a str,
    side: Side,
}

/// Writes one JSON record per line.
#[derive(Debug, Default)]
pub struct JsonDiffRenderer;

impl DiffRenderer for JsonDiffRenderer {
    fn pair(&mut self, out: &mut dyn Write, pair: &DiffPair) -> io::Result<()> {
        let record = DiffRecord {
            kind: "diff",
            schema: SCHEMA,
            left: pair.left,
            right: pair.right,
            same: pair.diff.is_same(),
            changes: &pair.diff.changes,
            unread: &pair.diff.unread,
            error: None,
        };
        write_record(out, &record)
    }

    fn unreadable(
        &mut self,
        out: &mut dyn Write,
        left: &str,
        right: &str,
        message: &str,
    ) -> io::Result<()> {
        let record = DiffRecord {
            kind: "diff",
            schema: SCHEMA,
            left,
            right,
            same: false,
            changes: &[],
            unread: &[],
            error: Some(message),
        };
        write_record(out, &record)
    }

    fn unpaired(&mut self, out: &mut dyn Write, path: &str, side: Side) -> io::Result<()> {
        let record = UnpairedRecord {
            kind: "unpaired",
            schema: SCHEMA,
            path,
            side,
        };
        write_record(out, &record)
    }

    fn finish(&mut self, _out: &mut dyn Write, _summary: &DiffSummary) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::diff::fixtures::render;

    #[test]
    fn each_pair_is_one_record_with_the_issue_fields() {
        let text = render(&mut JsonDiffRenderer);
        let records: Vec<serde_json::Value> = text
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(records.len(), 3);
        let pair = &records[0];
        assert_eq!(pair["type"], "diff");
        assert_eq!(pair["schema"], 1);
        assert_eq!(pair["left"], "registered.txt");
        assert_eq!(pair["right"], "played.txt");
        assert_eq!(pair["same"], false);
        let change = &pair["changes"][0];
        assert_eq!(
            (
                &change["id"],
                &change["name"],
                &change["section"],
                &change["left"],
                &change["right"]
            ),
            (
                &serde_json::json!(200001),
                &serde_json::json!("Alma Test"),
                &serde_json::json!("crypt"),
                &serde_json::json!(2),
                &serde_json::json!(1)
            )
        );
        assert_eq!(pair["changes"].as_array().unwrap().len(), 4);
        assert_eq!(pair["changes"][3]["section"], "library");
        assert_eq!(pair["error"], serde_json::Value::Null);
        assert_eq!(records[1]["same"], false);
        assert_eq!(records[1]["error"], "b/x.txt: binary data");
        assert_eq!(
            records[2],
            serde_json::json!({"type": "unpaired", "schema": 1, "path": "a/only.txt", "side": "left"})
        );
    }
}
