//! `--json`: JSON Lines, one `deck` record per deck, an `error` record per input
//! that could not be read or judged, a `skipped` record per file of a folder
//! that is not a decklist, and a closing `summary` record; each with `"schema": 1`.

use std::io::{self, Write};

use serde::Serialize;

use super::{CheckRenderer, CheckSummary};
use crate::output::json_lines::{write_record, ErrorRecord, SkippedRecord};
use crate::rules::CheckReport;

/// The closing record: `{"type": "summary", "decks", "legal", "illegal",
/// "names_guessed", "errors", "skipped", "links_not_followed"}`.
#[derive(Serialize)]
struct SummaryRecord<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(flatten)]
    summary: &'a CheckSummary,
}

/// Writes each report as one line of JSON.
#[derive(Debug, Default)]
pub struct JsonLinesRenderer;

impl CheckRenderer for JsonLinesRenderer {
    fn render_deck(&self, out: &mut Vec<u8>, report: &CheckReport) -> io::Result<()> {
        write_record(out, report)
    }

    fn input_error(&mut self, out: &mut dyn Write, path: &str, message: &str) -> io::Result<()> {
        write_record(out, &ErrorRecord::new(path, message))
    }

    fn skipped(&mut self, out: &mut dyn Write, path: &str, reason: &str) -> io::Result<()> {
        write_record(out, &SkippedRecord::new(path, reason))
    }

    fn finish(&mut self, out: &mut dyn Write, summary: &CheckSummary) -> io::Result<()> {
        write_record(
            out,
            &SummaryRecord {
                kind: "summary",
                summary,
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::check::fixtures::render;

    #[test]
    fn each_deck_is_one_json_object_with_the_issue_fields() {
        let text = render(&mut JsonLinesRenderer);
        let lines: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 5);
        assert!(lines.iter().all(|line| line["schema"] == 1));
        let types: Vec<&str> = lines.iter().map(|l| l["type"].as_str().unwrap()).collect();
        assert_eq!(types, ["deck", "deck", "skipped", "error", "summary"]);
        assert_eq!(lines[3]["path"], "decks/missing.txt");
        assert_eq!(lines[3]["message"], "decks/missing.txt: No such file");
        assert_eq!(
            lines[4],
            serde_json::json!({"type": "summary", "decks": 2, "legal": 1, "illegal": 1,
                               "names_guessed": 0, "errors": 1, "skipped": 1,
                               "links_not_followed": 0, "schema": 1})
        );
        let bad = &lines[1];
        for field in [
            "path", "name", "legal", "date", "profile", "crypt", "library", "groups", "problems",
        ] {
            assert!(bad.get(field).is_some(), "{field}");
        }
        assert_eq!(bad["legal"], false);
        assert_eq!(bad["date"], "2024-05-01");
        assert_eq!(bad["groups"], serde_json::json!([1, 2, 3]));
        let problem = &bad["problems"][1];
        assert_eq!(problem["rule"], "crypt-grouping");
        assert_eq!(problem["severity"], "error");
        assert_eq!(problem["card_id"], 201381);
        assert_eq!(problem["line"], 34);
        assert_eq!(bad["problems"][0]["card_id"], serde_json::Value::Null);
        assert_eq!(bad["problems"][2]["severity"], "warning");
    }
}
