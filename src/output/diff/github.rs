//! `--format github`: a GitHub Actions annotation on each changed line of the
//! right-hand file (on the file itself for a card it no longer has).

use std::io::{self, Write};

use super::{side_word, DiffPair, DiffRenderer, DiffSummary, TextDiffRenderer};
use crate::analysis::{ChangeKind, Side};
use crate::output::check::{annotation_path, escape_data, escape_property};

/// Writes annotations, then each pair's verdict line.
#[derive(Debug, Default)]
pub struct GithubDiffRenderer;

/// `::LEVEL file=PATH[,line=N],title=TITLE::MESSAGE`.
fn annotation(
    out: &mut dyn Write,
    level: &str,
    file: &str,
    line: Option<usize>,
    title: &str,
    message: &str,
) -> io::Result<()> {
    let mut properties = format!("file={}", escape_property(&annotation_path(file)));
    if let Some(line) = line {
        properties.push_str(&format!(",line={line}"));
    }
    writeln!(
        out,
        "::{level} {properties},title={}::{}",
        escape_property(title),
        escape_data(message)
    )
}

impl DiffRenderer for GithubDiffRenderer {
    fn pair(&mut self, out: &mut dyn Write, pair: &DiffPair) -> io::Result<()> {
        for line in &pair.diff.unread {
            let message = format!("{}: read as no card ({})", line.text, line.detail);
            annotation(
                out,
                "error",
                pair.path(line.side),
                Some(line.line),
                "unread",
                &message,
            )?;
        }
        for change in &pair.diff.changes {
            let message = match change.kind() {
                ChangeKind::Added => format!(
                    "{}: {} added (not in {})",
                    change.name, change.right, pair.left
                ),
                ChangeKind::Removed => format!(
                    "{}: removed ({} in {})",
                    change.name, change.left, pair.left
                ),
                ChangeKind::Changed => format!(
                    "{}: {} here, {} in {}",
                    change.name, change.right, change.left, pair.left
                ),
            };
            annotation(
                out,
                "warning",
                pair.right,
                change.right_line,
                "diff",
                &message,
            )?;
        }
        TextDiffRenderer::verdict(out, pair)
    }

    fn unreadable(
        &mut self,
        out: &mut dyn Write,
        left: &str,
        right: &str,
        message: &str,
    ) -> io::Result<()> {
        writeln!(out, "::error title=unreadable::{}", escape_data(message))?;
        TextDiffRenderer.unreadable(out, left, right, message)
    }

    fn unpaired(&mut self, out: &mut dyn Write, path: &str, side: Side) -> io::Result<()> {
        let message = format!("only in the {} folder", side_word(side));
        annotation(out, "warning", path, None, "unpaired", &message)
    }

    fn finish(&mut self, out: &mut dyn Write, summary: &DiffSummary) -> io::Result<()> {
        TextDiffRenderer.finish(out, summary)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::diff::fixtures::render;

    #[test]
    fn changed_lines_of_the_right_file_are_annotated() {
        let text = render(&mut GithubDiffRenderer);
        let expected = "\
::warning file=played.txt,line=1,title=diff::Alma Test: 1 here, 2 in registered.txt
::warning file=played.txt,line=3,title=diff::Carla Test: 1 added (not in registered.txt)
::warning file=played.txt,line=4,title=diff::Test Bleed: 5 here, 4 in registered.txt
::warning file=played.txt,title=diff::Test Haven: removed (1 in registered.txt)
registered.txt -> played.txt: different, 4 changes
::error title=unreadable::b/x.txt: binary data
a/x.txt -> b/x.txt: unreadable: b/x.txt: binary data
::warning file=a/only.txt,title=unpaired::only in the left folder
2 pairs: 0 same, 1 different, 1 unreadable; 1 unpaired file
";
        assert_eq!(text, expected);
    }
}
