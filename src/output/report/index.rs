//! The `index.html` of a folder report: one row per deck, sortable by a small
//! inline script, readable without it.

use std::fmt::Write;

use base64::Engine as _;
use sha2::Digest as _;

use super::html::{self, escape};
use super::{open_page, Provenance};
use crate::cards::quantity;

/// The sorting script of the index.
const SORT_SCRIPT: &str = include_str!("sort.js");

/// One deck of the index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexRow {
    /// The deck's page, relative to the index (`decks/foo.txt.html`); `None`
    /// when the deck could not be read.
    pub page: Option<String>,
    /// The deck file.
    pub path: String,
    /// The deck's name (its file when it has none).
    pub name: String,
    /// The verdict: legal or not, or the reason the deck was not judged.
    pub legal: Result<bool, String>,
    /// Crypt cards.
    pub crypt: u32,
    /// Library cards.
    pub library: u32,
    /// The crypt's groups (`2, 3`; `ANY` included).
    pub groups: String,
    /// The crypt's clans, most first (`Brujah ×8, Gangrel ×4`).
    pub clans: String,
    /// Errors of the verdict.
    pub errors: usize,
    /// Warnings of the verdict.
    pub warnings: usize,
    /// The rule ids of the errors and warnings, once each.
    pub rules: Vec<String>,
}

/// The column keys (for `#sort=KEY-asc`) and titles of the index table.
const COLUMNS: [(&str, &str); 7] = [
    ("name", "Name"),
    ("legal", "Legal"),
    ("crypt", "Crypt"),
    ("library", "Library"),
    ("groups", "Groups"),
    ("clans", "Clans"),
    ("problems", "Problems"),
];

/// Renders `index.html`: a summary line and the table of decks.
pub fn index_page(title: &str, rows: &[IndexRow], provenance: &Provenance) -> String {
    let mut out = String::with_capacity(16 * 1024 + rows.len() * 512);
    let script_hash = base64::engine::general_purpose::STANDARD
        .encode(sha2::Sha256::digest(SORT_SCRIPT.as_bytes()));
    open_page(
        &mut out,
        &format!("{title} · vtesdeck report"),
        &format!("'sha256-{script_hash}'"),
    );
    out.push_str("<body class=\"index\">\n<header>\n");
    let _ = writeln!(out, "<h1>{}</h1>", escape(title));
    let legal = rows.iter().filter(|r| r.legal == Ok(true)).count();
    let illegal = rows.iter().filter(|r| r.legal == Ok(false)).count();
    let unjudged = rows.len() - legal - illegal;
    let mut summary = format!(
        "{}: {legal} legal, {illegal} illegal",
        quantity(rows.len() as u64, "deck", "decks")
    );
    if unjudged > 0 {
        let _ = write!(summary, ", {unjudged} not judged (see the table)");
    }
    summary.push('.');
    html::paragraph(&mut out, Some("summary"), &summary);
    html::paragraph(
        &mut out,
        Some("note screen-only"),
        "Click a column title to sort by it (again: the other way).",
    );
    out.push_str("</header>\n<main>\n<table id=\"decks\">\n<thead><tr>");
    for (key, title) in COLUMNS {
        let class = if matches!(key, "crypt" | "library") {
            " class=\"num\""
        } else {
            ""
        };
        let _ = write!(
            out,
            "<th scope=\"col\" data-column=\"{key}\"{class}>{}</th>",
            escape(title)
        );
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in rows {
        write_row(&mut out, row);
    }
    out.push_str("</tbody>\n</table>\n</main>\n<footer>\n");
    html::paragraph(
        &mut out,
        None,
        &format!(
            "Made by {} with the card database {}.",
            provenance.generator, provenance.card_db
        ),
    );
    let _ = write!(
        out,
        "</footer>\n<script>{SORT_SCRIPT}</script>\n</body>\n</html>\n"
    );
    out
}

fn write_row(out: &mut String, row: &IndexRow) {
    out.push_str("<tr>");
    let name = match &row.page {
        Some(page) => format!(
            "<a href=\"{}\">{}</a>",
            escape(&link(page)),
            escape(&row.name)
        ),
        None => escape(&row.name),
    };
    let _ = write!(
        out,
        "<th scope=\"row\" data-sort=\"{}\">{name}<br><span class=\"path\">{}</span></th>",
        escape(&row.name.to_lowercase()),
        escape(&row.path)
    );
    let (class, text, key) = match &row.legal {
        Ok(true) => ("legal", "legal".to_string(), "1"),
        Ok(false) => ("illegal", "illegal".to_string(), "0"),
        Err(reason) => ("unjudged", format!("not judged: {reason}"), "-1"),
    };
    let _ = write!(
        out,
        "<td class=\"{class}\" data-sort=\"{key}\">{}</td>",
        html::prose(&text)
    );
    let _ = write!(
        out,
        "<td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td><td>{}</td>",
        row.crypt,
        row.library,
        escape(&row.groups),
        escape(&row.clans)
    );
    let problems = if row.errors + row.warnings == 0 {
        "0".to_string()
    } else {
        format!(
            "{}, {}: {}",
            quantity(row.errors as u64, "error", "errors"),
            quantity(row.warnings as u64, "warning", "warnings"),
            row.rules.join(", ")
        )
    };
    // Sorted by errors first, then warnings.
    let _ = writeln!(
        out,
        "<td data-sort=\"{}\">{}</td></tr>",
        row.errors * 10_000 + row.warnings,
        escape(&problems)
    );
}

/// A relative path as a URL path: `/` separators, each segment percent-encoded.
pub fn link(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for byte in path.bytes() {
        match byte {
            b'/' | b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(char::from(byte))
            }
            _ => {
                let _ = write!(out, "%{byte:02X}");
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::output::report::test_provenance as provenance;

    fn row(name: &str, legal: Result<bool, String>) -> IndexRow {
        IndexRow {
            page: Some(format!("decks/{name}.txt.html")),
            path: format!("{name}.txt"),
            name: name.to_string(),
            legal,
            crypt: 12,
            library: 90,
            groups: "2, 3".into(),
            clans: "Brujah ×12".into(),
            errors: 0,
            warnings: 0,
            rules: Vec::new(),
        }
    }

    #[test]
    fn links_are_percent_encoded_paths() {
        assert_eq!(link("decks/a b#1?.txt.html"), "decks/a%20b%231%3F.txt.html");
        assert_eq!(link("decks/Ébène.html"), "decks/%C3%89b%C3%A8ne.html");
    }

    #[test]
    fn index_counts_verdicts_and_escapes_names() {
        let rows = [
            row("<script>alert(1)</script>", Ok(true)),
            row("b", Ok(false)),
            row("c", Err("no event date".into())),
        ];
        let page = index_page("decks", &rows, &provenance());
        assert!(
            page.contains("3 decks: 1 legal, 1 illegal, 1 not judged"),
            "{page}"
        );
        assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert_eq!(
            page.matches("<script>").count(),
            1,
            "only the sorting script"
        );
        assert!(page.contains("not judged: no event date"));
    }

    #[test]
    fn the_policy_allows_the_sorting_script_by_its_hash_only() {
        let page = index_page("decks", &[], &provenance());
        let hash = base64::engine::general_purpose::STANDARD
            .encode(sha2::Sha256::digest(SORT_SCRIPT.as_bytes()));
        assert!(page.contains(&format!("script-src 'sha256-{hash}'")));
        assert!(page.contains(&format!("<script>{SORT_SCRIPT}</script>")));
        assert!(!page.contains("unsafe-inline'; img-src data:; script-src 'unsafe"));
    }
}
