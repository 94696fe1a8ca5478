//! `--format junit`: a JUnit XML report, one test case per deck (failure: illegal deck;
//! error: unreadable input).

use std::fmt::Write as _;
use std::io::{self, Write};

use super::{CheckRenderer, CheckSummary};
use crate::output::xml::{escape_attribute as escape, escape_text};
use crate::rules::{CheckReport, Severity};

/// Collects test cases and writes the whole XML document at the end.
#[derive(Debug, Default)]
pub struct JunitRenderer {
    /// Put warnings in each test case's `<system-out>`.
    pub warnings: bool,
    /// Put info notes there too.
    pub info: bool,
    cases: String,
}

impl JunitRenderer {
    /// A renderer; `warnings` puts warnings in `<system-out>`.
    pub fn new(warnings: bool) -> JunitRenderer {
        JunitRenderer {
            warnings,
            info: false,
            cases: String::new(),
        }
    }

    /// Puts info notes (`--verbose`) in `<system-out>` too.
    pub fn with_info(mut self, info: bool) -> JunitRenderer {
        self.info = info;
        self
    }
}

/// `path:line: rule: message` for one problem.
fn problem_line(report: &CheckReport, problem: &crate::rules::Violation) -> String {
    match problem.line {
        Some(line) => format!(
            "{}:{line}: {}: {}",
            report.path, problem.rule, problem.message
        ),
        None => format!("{}: {}: {}", report.path, problem.rule, problem.message),
    }
}

impl CheckRenderer for JunitRenderer {
    fn lowest_severity(&self) -> Severity {
        super::lowest_shown(self.warnings, self.info)
    }

    fn render_deck(&self, cases: &mut Vec<u8>, report: &CheckReport) -> io::Result<()> {
        let path = escape(&report.path);
        writeln!(
            cases,
            "    <testcase classname=\"vtesdeck.check.{}\" name=\"{path}\" file=\"{path}\">",
            escape(&report.profile)
        )?;
        let errors: Vec<String> = report.errors().map(|p| problem_line(report, p)).collect();
        if !errors.is_empty() {
            let rules: Vec<&str> = report.errors().map(|p| p.rule).collect();
            writeln!(
                cases,
                "      <failure type=\"illegal\" message=\"{}\">{}</failure>",
                escape(&format!("illegal deck: {}", rules.join(", "))),
                escape_text(&errors.join("\n"))
            )?;
        }
        let warnings: Vec<String> = report
            .problems
            .iter()
            .filter(|p| match p.severity {
                Severity::Error => false,
                Severity::Warning => self.warnings,
                Severity::Info => self.info,
            })
            .map(|p| problem_line(report, p))
            .collect();
        if !warnings.is_empty() {
            writeln!(
                cases,
                "      <system-out>{}</system-out>",
                escape_text(&warnings.join("\n"))
            )?;
        }
        cases.extend_from_slice(b"    </testcase>\n");
        Ok(())
    }

    fn deck(&mut self, _out: &mut dyn Write, rendered: &[u8]) -> io::Result<()> {
        self.cases.push_str(&String::from_utf8_lossy(rendered));
        Ok(())
    }

    fn input_error(&mut self, _out: &mut dyn Write, path: &str, message: &str) -> io::Result<()> {
        let path = escape(path);
        let _ = writeln!(
            self.cases,
            "    <testcase classname=\"vtesdeck.check\" name=\"{path}\" file=\"{path}\">\n      \
             <error type=\"unreadable\" message=\"{}\"/>\n    </testcase>",
            escape(message)
        );
        Ok(())
    }

    fn finish(&mut self, out: &mut dyn Write, summary: &CheckSummary) -> io::Result<()> {
        let counts = format!(
            "tests=\"{}\" failures=\"{}\" errors=\"{}\"",
            summary.decks + summary.errors,
            summary.illegal,
            summary.errors
        );
        writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
        writeln!(out, "<testsuites name=\"vtesdeck check\" {counts}>")?;
        writeln!(
            out,
            "  <testsuite name=\"vtesdeck check\" {counts} skipped=\"0\">"
        )?;
        out.write_all(self.cases.as_bytes())?;
        writeln!(out, "  </testsuite>")?;
        writeln!(out, "</testsuites>")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::check::fixtures::render;

    #[test]
    fn one_test_case_per_deck_failures_for_illegal_decks() {
        let xml = render(&mut JunitRenderer::new(false));
        assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"));
        assert!(xml.contains(
            "<testsuites name=\"vtesdeck check\" tests=\"3\" failures=\"1\" errors=\"1\">"
        ));
        assert_eq!(xml.matches("<testcase ").count(), 3);
        assert!(xml.contains("name=\"decks/bad &lt;1&gt;.txt\""));
        assert!(xml.contains(
            "<failure type=\"illegal\" message=\"illegal deck: crypt-size, crypt-grouping\">"
        ));
        assert!(xml.contains(
            "decks/bad &lt;1&gt;.txt:34: crypt-grouping: Tony (G3) does not fit groups 1-2"
        ));
        assert!(xml
            .contains("<error type=\"unreadable\" message=\"decks/missing.txt: No such file\"/>"));
        assert!(!xml.contains("system-out"));
        assert!(xml.trim_end().ends_with("</testsuites>"));
    }

    #[test]
    fn warnings_go_to_system_out_when_asked() {
        let xml = render(&mut JunitRenderer::new(true));
        assert!(xml.contains("<system-out>decks/bad &lt;1&gt;.txt:50: duplicate-event: "));
    }
}
