//! JSON Lines, as every `--json` stream of vtesdeck writes it: one JSON object
//! per line, each with its `"type"` and `"schema": 1` (the version of the
//! records' shape, raised when a field changes meaning or goes), described by
//! the JSON Schema files of `docs/json-schema/`. An input that cannot be read is
//! an `error` record in the same stream.

use std::io::{self, Write};

use serde::Serialize;

/// The version of the shape of every JSON Lines record.
pub(crate) const SCHEMA: u32 = 1;

/// A record with the `schema` field added after its own fields.
#[derive(Serialize)]
struct Versioned<'a, T: Serialize> {
    #[serde(flatten)]
    record: &'a T,
    schema: u32,
}

/// Writes one record (a struct serialized as a JSON object, with its `type`) as
/// one line, `"schema": 1` added.
pub fn write_record<T: Serialize>(out: &mut dyn Write, record: &T) -> io::Result<()> {
    write_line(
        out,
        &Versioned {
            record,
            schema: SCHEMA,
        },
    )
}

/// A report with its record type tag before its own fields.
#[derive(Serialize)]
struct Tagged<'a, T: Serialize> {
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(flatten)]
    record: &'a T,
}

/// Writes a report that has no `type` of its own (a simulation's, `db info`'s)
/// as one record: `{"type": kind, ...its fields, "schema": 1}`.
pub fn write_tagged<T: Serialize>(
    out: &mut dyn Write,
    kind: &'static str,
    record: &T,
) -> io::Result<()> {
    write_record(out, &Tagged { kind, record })
}

/// Writes a record that already carries its `schema` as one line.
pub(crate) fn write_line(out: &mut dyn Write, record: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, record)?;
    writeln!(out)
}

/// An input that could not be read or judged: `{"type": "error", "path", "message"}`.
#[derive(Debug, Clone, Serialize)]
pub struct ErrorRecord<'a> {
    /// Record type tag: `error`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The input as given (`-` for standard input).
    pub path: &'a str,
    /// What went wrong, naming the path (and the line when there is one).
    pub message: &'a str,
}

impl<'a> ErrorRecord<'a> {
    /// Builds the record of an input that could not be read.
    pub fn new(path: &'a str, message: &'a str) -> ErrorRecord<'a> {
        ErrorRecord {
            kind: "error",
            path,
            message,
        }
    }
}

/// A file of a folder that was not read as a decklist: `{"type": "skipped", "path", "reason"}`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct SkippedRecord<'a> {
    /// Record type tag: `skipped`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The file.
    pub path: &'a str,
    /// Why it was not read.
    pub reason: &'a str,
}

impl<'a> SkippedRecord<'a> {
    /// Builds the record of a skipped file.
    pub fn new(path: &'a str, reason: &'a str) -> SkippedRecord<'a> {
        SkippedRecord {
            kind: "skipped",
            path,
            reason,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_carry_their_type_fields_and_the_schema() {
        let mut out = Vec::new();
        write_record(&mut out, &ErrorRecord::new("a.txt", "a.txt: No such file")).unwrap();
        write_record(&mut out, &SkippedRecord::new("README.md", "a document")).unwrap();
        let lines: Vec<serde_json::Value> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(
            lines[0],
            serde_json::json!({"type": "error", "path": "a.txt", "message": "a.txt: No such file", "schema": 1})
        );
        assert_eq!(
            lines[1],
            serde_json::json!({"type": "skipped", "path": "README.md", "reason": "a document", "schema": 1})
        );
    }

    #[test]
    fn a_report_without_a_type_is_tagged_first_and_versioned_last() {
        #[derive(Serialize)]
        struct Report {
            path: &'static str,
            seed: u64,
        }
        let mut out = Vec::new();
        write_tagged(
            &mut out,
            "draw",
            &Report {
                path: "a.txt",
                seed: u64::MAX,
            },
        )
        .unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "{\"type\":\"draw\",\"path\":\"a.txt\",\"seed\":18446744073709551615,\"schema\":1}\n"
        );
    }
}
