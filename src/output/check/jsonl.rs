//! `--json`: one JSON object per deck, one per line (input errors go to standard error only).

use std::io::{self, Write};

use super::{CheckRenderer, CheckSummary};
use crate::rules::CheckReport;

/// Writes each report as one line of JSON.
#[derive(Debug, Default)]
pub struct JsonLinesRenderer;

impl CheckRenderer for JsonLinesRenderer {
    fn deck(&mut self, out: &mut dyn Write, report: &CheckReport) -> io::Result<()> {
        serde_json::to_writer(&mut *out, report)?;
        writeln!(out)
    }

    fn input_error(&mut self, _out: &mut dyn Write, _path: &str, _message: &str) -> io::Result<()> {
        Ok(())
    }

    fn finish(&mut self, _out: &mut dyn Write, _summary: &CheckSummary) -> io::Result<()> {
        Ok(())
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
        assert_eq!(lines.len(), 2);
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
