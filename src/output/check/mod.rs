//! Renderers of [`CheckReport`]s: a table for people, JSON Lines, GitHub Actions
//! annotations, a JUnit XML report. Each writes to any [`Write`].

mod github;
mod jsonl;
mod junit;
mod table;

use std::fmt;
use std::io::{self, Write};

use crate::cards::quantity;
use crate::rules::{CheckReport, Severity};

pub use github::GithubRenderer;
pub(crate) use github::{annotation_path, escape_data, escape_property};
pub use jsonl::JsonLinesRenderer;
pub use junit::JunitRenderer;
pub use table::{TableOptions, TableRenderer};

/// The lowest severity an output that shows errors, warnings when asked and
/// info notes when asked writes.
fn lowest_shown(warnings: bool, info: bool) -> Severity {
    if info {
        Severity::Info
    } else if warnings {
        Severity::Warning
    } else {
        Severity::Error
    }
}

/// Counts of a check run, for the closing line and the JSON `summary` record.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct CheckSummary {
    /// Decks judged.
    pub decks: usize,
    /// Legal decks.
    pub legal: usize,
    /// Illegal decks.
    pub illegal: usize,
    /// Decks judged in which a card name or printing was guessed (a
    /// misspelling, a nickname, a printing chosen among several that fit):
    /// the decks to look at even when legal ([`CheckSummary::add_guessed`]).
    pub names_guessed: usize,
    /// Inputs that could not be read or judged.
    pub errors: usize,
    /// Files of the folders read that are not decklists (a README, an image).
    pub skipped: usize,
    /// Symbolic links of the folders read that lead out of them, not
    /// followed (`--follow` follows them): not counted as files skipped.
    pub links_not_followed: usize,
}

impl CheckSummary {
    /// Counts one judged deck, legal or not ([`CheckReport::legal`]).
    pub fn add_deck(&mut self, legal: bool) {
        self.decks += 1;
        if legal {
            self.legal += 1;
        } else {
            self.illegal += 1;
        }
    }

    /// Counts a judged deck in which a name or printing was guessed.
    pub fn add_guessed(&mut self) {
        self.names_guessed += 1;
    }

    /// Counts one input that could not be read or judged.
    pub fn add_error(&mut self) {
        self.errors += 1;
    }

    /// Counts one file of a folder not read: a link not followed, or a
    /// file that is not a decklist.
    pub fn add_skipped(&mut self, file: &crate::formats::Skipped) {
        if file.is_link_not_followed() {
            self.links_not_followed += 1;
        } else {
            self.skipped += 1;
        }
    }
}

impl fmt::Display for CheckSummary {
    /// `4504 decks: 4485 legal, 19 illegal` (`, 3 with names guessed` when
    /// some decks' names were guessed, `, 2 errors` when some inputs failed,
    /// ` (1 file skipped: not a decklist)` when a folder held other files,
    /// ` (2 links not followed)` when it held links leading out of it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} legal, {} illegal",
            quantity(self.decks as u64, "deck", "decks"),
            self.legal,
            self.illegal
        )?;
        if self.names_guessed > 0 {
            write!(f, ", {} with names guessed", self.names_guessed)?;
        }
        if self.errors > 0 {
            write!(f, ", {}", quantity(self.errors as u64, "error", "errors"))?;
        }
        let mut notes = Vec::new();
        match self.skipped {
            0 => {}
            1 => notes.push("1 file skipped: not a decklist".to_string()),
            n => notes.push(format!("{n} files skipped: not decklists")),
        }
        if self.links_not_followed > 0 {
            notes.push(format!(
                "{} not followed",
                quantity(self.links_not_followed as u64, "link", "links")
            ));
        }
        if notes.is_empty() {
            return Ok(());
        }
        write!(f, " ({})", notes.join("; "))
    }
}

/// Writes check results in one output format. A deck's report is rendered on
/// its own ([`CheckRenderer::render_deck`], on any thread, in any order), then
/// handed back in input order ([`CheckRenderer::deck`]).
pub trait CheckRenderer: Sync {
    /// The lowest severity this renderer writes or counts: problems below it
    /// need not be looked for ([`crate::rules::Checker::keeping`]), the output
    /// is the same without them. Every problem by default.
    fn lowest_severity(&self) -> Severity {
        Severity::Info
    }
    /// One deck's report, rendered into `out`.
    fn render_deck(&self, out: &mut Vec<u8>, report: &CheckReport) -> io::Result<()>;
    /// A deck's rendered report, in input order: written out by default.
    fn deck(&mut self, out: &mut dyn Write, rendered: &[u8]) -> io::Result<()> {
        out.write_all(rendered)
    }
    /// An input that could not be read or judged (`path` as given, the error's message).
    /// The message is also printed on standard error by the caller.
    fn input_error(&mut self, out: &mut dyn Write, path: &str, message: &str) -> io::Result<()>;
    /// A file of a folder that was not read, not being a decklist (also noted on
    /// standard error by the caller); nothing by default.
    fn skipped(&mut self, _out: &mut dyn Write, _path: &str, _reason: &str) -> io::Result<()> {
        Ok(())
    }
    /// The end of the run.
    fn finish(&mut self, out: &mut dyn Write, summary: &CheckSummary) -> io::Result<()>;
}

#[cfg(test)]
pub(crate) mod fixtures {
    //! Reports for the renderer tests.

    use crate::cards::CardId;
    use crate::rules::{CheckReport, Severity, Violation};

    /// A legal deck and an illegal deck with a warning.
    pub fn reports() -> Vec<CheckReport> {
        let base = CheckReport {
            kind: "deck",
            path: "decks/good.txt".into(),
            name: Some("Good".into()),
            legal: true,
            date: "2024-05-01".parse().unwrap(),
            profile: "standard".into(),
            crypt: 12,
            library: 90,
            groups: vec![4, 5],
            problems: Vec::new(),
        };
        let bad = CheckReport {
            path: "decks/bad <1>.txt".into(),
            name: None,
            legal: false,
            crypt: 11,
            groups: vec![1, 2, 3],
            problems: vec![
                Violation::deck(
                    "crypt-size",
                    Severity::Error,
                    "crypt has 11 cards, at least 12 needed".into(),
                ),
                Violation {
                    rule: "crypt-grouping",
                    severity: Severity::Error,
                    message: "Tony (G3) does not fit groups 1-2".into(),
                    card_id: Some(CardId(201381)),
                    card: Some("Tony".into()),
                    line: Some(34),
                },
                Violation {
                    rule: "duplicate-event",
                    severity: Severity::Warning,
                    message: "2 copies of the event Test Party, 100%".into(),
                    card_id: Some(CardId(100011)),
                    card: Some("Test Party".into()),
                    line: Some(50),
                },
            ],
            ..base.clone()
        };
        vec![base, bad]
    }

    /// Renders the fixture reports and an input error with a renderer.
    pub fn render(renderer: &mut dyn super::CheckRenderer) -> String {
        render_reports(renderer, reports())
    }

    /// Renders reports and an input error with a renderer.
    pub fn render_reports(
        renderer: &mut dyn super::CheckRenderer,
        reports: Vec<CheckReport>,
    ) -> String {
        let mut out = Vec::new();
        let mut summary = super::CheckSummary::default();
        for report in reports {
            summary.add_deck(report.legal);
            let mut rendered = Vec::new();
            renderer.render_deck(&mut rendered, &report).unwrap();
            renderer.deck(&mut out, &rendered).unwrap();
        }
        summary.add_error();
        summary.skipped += 1;
        renderer
            .skipped(&mut out, "decks/README.md", "a repository document")
            .unwrap();
        renderer
            .input_error(
                &mut out,
                "decks/missing.txt",
                "decks/missing.txt: No such file",
            )
            .unwrap();
        renderer.finish(&mut out, &summary).unwrap();
        String::from_utf8(out).unwrap()
    }
}

#[cfg(test)]
mod tests {
    use super::fixtures::{render_reports, reports};
    use super::*;
    use crate::rules::Violation;

    /// The fixture reports, each with a warning and an info note more.
    fn reports_of_every_severity() -> Vec<CheckReport> {
        let mut reports = reports();
        for report in &mut reports {
            for severity in [Severity::Warning, Severity::Info] {
                report.problems.push(Violation::deck(
                    "declared-count",
                    severity,
                    format!("a {severity} on {}", report.path),
                ));
            }
        }
        reports
    }

    /// A renderer writes the same with or without the problems below its
    /// lowest severity: the checker may leave them out.
    fn same_without_what_it_does_not_show<R: CheckRenderer>(renderer: impl Fn() -> R) {
        let lowest = renderer().lowest_severity();
        let all = render_reports(&mut renderer(), reports_of_every_severity());
        let mut kept = reports_of_every_severity();
        for report in &mut kept {
            report.problems.retain(|p| p.severity >= lowest);
        }
        assert_eq!(render_reports(&mut renderer(), kept), all, "{lowest}");
    }

    #[test]
    fn renderers_need_no_problem_below_their_lowest_severity() {
        for (warnings, info) in [(false, false), (true, false), (true, true)] {
            same_without_what_it_does_not_show(|| GithubRenderer { warnings, info });
            same_without_what_it_does_not_show(|| JunitRenderer::new(warnings).with_info(info));
            for quiet in [false, true] {
                same_without_what_it_does_not_show(|| {
                    TableRenderer::new(TableOptions {
                        warnings,
                        info,
                        quiet,
                        ..TableOptions::default()
                    })
                });
            }
        }
        assert_eq!(JsonLinesRenderer.lowest_severity(), Severity::Info);
    }

    #[test]
    fn summary_line_counts_decks_and_errors() {
        let mut summary = CheckSummary {
            decks: 4504,
            legal: 4485,
            illegal: 19,
            names_guessed: 0,
            errors: 0,
            skipped: 0,
            links_not_followed: 0,
        };
        assert_eq!(summary.to_string(), "4504 decks: 4485 legal, 19 illegal");
        summary.add_guessed();
        assert_eq!(
            summary.to_string(),
            "4504 decks: 4485 legal, 19 illegal, 1 with names guessed"
        );
        summary.names_guessed = 0;
        summary.errors = 2;
        assert_eq!(
            summary.to_string(),
            "4504 decks: 4485 legal, 19 illegal, 2 errors"
        );
        summary.skipped = 1;
        assert_eq!(
            summary.to_string(),
            "4504 decks: 4485 legal, 19 illegal, 2 errors (1 file skipped: not a decklist)"
        );
        summary.links_not_followed = 2;
        assert_eq!(
            summary.to_string(),
            "4504 decks: 4485 legal, 19 illegal, 2 errors (1 file skipped: not a decklist; \
             2 links not followed)"
        );
        summary.skipped = 0;
        summary.links_not_followed = 1;
        assert_eq!(
            summary.to_string(),
            "4504 decks: 4485 legal, 19 illegal, 2 errors (1 link not followed)"
        );
    }
}
