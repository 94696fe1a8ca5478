//! `db info` and `db update`/`db import` reports for people.

use std::fmt::Write;

use crate::cards::install::InstallReport;
use crate::cards::DbInfo;

/// The `db info` summary.
pub fn render_info(info: &DbInfo) -> String {
    let mut out = String::new();
    let age = match info.age_days {
        Some(0) => "today".to_string(),
        Some(1) => "1 day ago".to_string(),
        Some(days) => format!("{days} days ago"),
        None => String::new(),
    };
    match (&info.path, info.snapshot_date) {
        (Some(path), _) => {
            let _ = writeln!(out, "Database:   {} ({})", path.display(), info.found_by);
        }
        (None, Some(date)) => {
            let _ = writeln!(out, "Database:   {} (none installed)", info.found_by);
            let _ = writeln!(out, "Date:       {date} ({age}), official VEKN card list");
        }
        (None, None) => {
            let _ = writeln!(out, "Database:   {}", info.found_by);
        }
    }
    match (&info.source, info.installed) {
        (Some(source), Some(installed)) => {
            let _ = writeln!(out, "Source:     {source}");
            let _ = writeln!(
                out,
                "Installed:  {} ({age})",
                installed.format("%Y-%m-%d %H:%M UTC")
            );
        }
        _ if info.snapshot_date.is_some() => {}
        _ => {
            let _ = writeln!(out, "Source:     unknown (not installed by vtesdeck)");
        }
    }
    let _ = writeln!(
        out,
        "Cards:      {} ({} crypt, {} library)",
        info.crypt_cards + info.library_cards,
        info.crypt_cards,
        info.library_cards
    );
    let _ = write!(out, "Sets:       {}", info.sets);
    if let Some(set) = &info.newest_set {
        let date = set.release.map(|d| d.to_string()).unwrap_or_default();
        let _ = write!(
            out,
            "; newest: {} ({}), released {date}",
            set.name, set.abbreviation
        );
    }
    out.push('\n');
    out
}

/// The line `db update`/`db import` print once the database is in place.
pub fn render_install(report: &InstallReport) -> String {
    format!(
        "Installed {} crypt and {} library cards from {} into {}{}\n",
        report.crypt_cards,
        report.library_cards,
        report.source,
        report.path.display(),
        if report.replaced {
            " (replacing the previous copy)"
        } else {
            ""
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::fixture_db;

    #[test]
    fn info_without_provenance_says_the_source_is_unknown() {
        let db = fixture_db();
        let text = render_info(&DbInfo::new(&db, "--cards", chrono::Utc::now()));
        assert!(text.contains("Source:     unknown"), "{text}");
        assert!(text.contains("newest:"), "{text}");
    }

    #[test]
    fn info_of_the_built_in_snapshot_gives_its_date() {
        let db = crate::cards::CardDb::embedded().unwrap();
        let date = db.snapshot_date().unwrap();
        let now = date.and_hms_opt(12, 0, 0).unwrap().and_utc() + chrono::Duration::days(3);
        let text = render_info(&DbInfo::new(&db, "built-in snapshot", now));
        assert!(
            text.starts_with("Database:   built-in snapshot (none installed)\n"),
            "{text}"
        );
        assert!(
            text.contains(&format!(
                "Date:       {date} (3 days ago), official VEKN card list"
            )),
            "{text}"
        );
        assert!(!text.contains("Source:"), "{text}");
    }
}
