//! `--format github`: GitHub Actions workflow commands (`::error file=...,line=...::...`).

use std::io::{self, Write};

use super::{CheckRenderer, CheckSummary};
use crate::rules::{CheckReport, Severity};

/// Writes one annotation per problem (warnings and info notes only when
/// asked), then the summary line.
#[derive(Debug, Default)]
pub struct GithubRenderer {
    /// Annotate warnings too.
    pub warnings: bool,
    /// Annotate info notes too (as `::notice`).
    pub info: bool,
}

/// Escapes a workflow command's message.
pub(crate) fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A path as GitHub attaches annotations to it: relative to the repository
/// root (the working folder of the job's steps), `/`-separated, without
/// `./` (`./decks/a.txt` and `$PWD/decks/a.txt` are `decks/a.txt`). A path
/// outside the working folder is kept as it is.
pub(crate) fn annotation_path(path: &str) -> String {
    static ROOT: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    let root = ROOT.get_or_init(|| {
        std::env::current_dir()
            .ok()
            .map(|dir| dir.to_string_lossy().into_owned())
    });
    relative_to(path, root.as_deref())
}

/// [`annotation_path`] with the working folder given.
fn relative_to(path: &str, root: Option<&str>) -> String {
    let mut path = if std::path::MAIN_SEPARATOR == '\\' {
        path.replace('\\', "/")
    } else {
        path.to_string()
    };
    if let Some(root) = root {
        let root = root.trim_end_matches(['/', '\\']).replace('\\', "/");
        if let Some(inside) = path.strip_prefix(&root).and_then(|p| p.strip_prefix('/')) {
            path = inside.to_string();
        }
    }
    while path.contains("/./") {
        path = path.replace("/./", "/");
    }
    let mut rest = path.as_str();
    while let Some(after) = rest.strip_prefix("./") {
        rest = after.trim_start_matches('/');
    }
    rest.to_string()
}

/// Escapes a workflow command's property value.
pub(crate) fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

impl CheckRenderer for GithubRenderer {
    fn lowest_severity(&self) -> Severity {
        super::lowest_shown(self.warnings, self.info)
    }

    fn render_deck(&self, out: &mut Vec<u8>, report: &CheckReport) -> io::Result<()> {
        for problem in &report.problems {
            let level = match problem.severity {
                Severity::Error => "error",
                Severity::Warning if self.warnings => "warning",
                Severity::Warning => continue,
                Severity::Info if self.info => "notice",
                Severity::Info => continue,
            };
            let mut properties =
                format!("file={}", escape_property(&annotation_path(&report.path)));
            if let Some(line) = problem.line {
                properties.push_str(&format!(",line={line}"));
            }
            properties.push_str(&format!(",title={}", escape_property(problem.rule)));
            writeln!(
                out,
                "::{level} {properties}::{}",
                escape_data(&problem.message)
            )?;
        }
        Ok(())
    }

    fn skipped(&mut self, out: &mut dyn Write, path: &str, reason: &str) -> io::Result<()> {
        writeln!(
            out,
            "::notice file={},title=skipped::{}",
            escape_property(&annotation_path(path)),
            escape_data(&format!("not read: {reason}"))
        )
    }

    fn input_error(&mut self, out: &mut dyn Write, path: &str, message: &str) -> io::Result<()> {
        let file = if path.is_empty() {
            String::new()
        } else {
            format!("file={},", escape_property(&annotation_path(path)))
        };
        writeln!(
            out,
            "::error {file}title=unreadable::{}",
            escape_data(message)
        )
    }

    fn finish(&mut self, out: &mut dyn Write, summary: &CheckSummary) -> io::Result<()> {
        writeln!(out, "{summary}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::check::fixtures::render;

    #[test]
    fn problems_become_error_annotations() {
        let text = render(&mut GithubRenderer::default());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines,
            [
                "::error file=decks/bad <1>.txt,title=crypt-size::crypt has 11 cards, at least 12 needed",
                "::error file=decks/bad <1>.txt,line=34,title=crypt-grouping::Tony (G3) does not fit groups 1-2",
                "::notice file=decks/README.md,title=skipped::not read: a repository document",
                "::error file=decks/missing.txt,title=unreadable::decks/missing.txt: No such file",
                "2 decks: 1 legal, 1 illegal, 1 error (1 file skipped: not a decklist)",
            ]
        );
    }

    #[test]
    fn warnings_are_annotated_when_asked_and_escaped() {
        let text = render(&mut GithubRenderer {
            warnings: true,
            info: false,
        });
        assert!(text.contains(
            "::warning file=decks/bad <1>.txt,line=50,title=duplicate-event::2 copies of the event Test Party, 100%25\n"
        ));
        assert_eq!(escape_property("a:b,c"), "a%3Ab%2Cc");
    }

    /// Annotations name files as GitHub attaches them: from the repository
    /// root, without `./`.
    #[test]
    fn annotation_paths_are_relative_to_the_root() {
        let root = Some("/home/runner/work/decks");
        assert_eq!(relative_to("./decks/a.txt", root), "decks/a.txt");
        assert_eq!(relative_to("././decks/./b/a.txt", root), "decks/b/a.txt");
        assert_eq!(relative_to("decks/a.txt", root), "decks/a.txt");
        assert_eq!(
            relative_to("/home/runner/work/decks/decks/a.txt", root),
            "decks/a.txt"
        );
        assert_eq!(relative_to("/tmp/a.txt", root), "/tmp/a.txt");
        assert_eq!(relative_to("./x.json#2", None), "x.json#2");
    }
}
