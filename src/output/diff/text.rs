//! The text output: a verdict line per pair, then the cards added, removed and
//! changed, crypt and library apart.

use std::io::{self, Write};

use super::{side_word, DiffPair, DiffRenderer, DiffSummary};
use crate::analysis::{CardChange, ChangeKind, Side};
use crate::cards::quantity;
use crate::cards::CardKind;

/// Writes comparisons for people.
#[derive(Debug, Default)]
pub struct TextDiffRenderer;

/// The word and order of a kind of change.
fn kind_word(kind: ChangeKind) -> (u8, &'static str) {
    match kind {
        ChangeKind::Added => (0, "added"),
        ChangeKind::Removed => (1, "removed"),
        ChangeKind::Changed => (2, "changed"),
    }
}

impl TextDiffRenderer {
    /// The one line that sums a pair up: same, different (with the number of
    /// changes), or not comparable (lines read as no card).
    pub(crate) fn verdict(out: &mut dyn Write, pair: &DiffPair) -> io::Result<()> {
        let diff = pair.diff;
        let (left, right) = (pair.left, pair.right);
        let changes = quantity(diff.changes.len() as u64, "change", "changes");
        if diff.is_same() {
            writeln!(
                out,
                "{left} = {right}: same (crypt {}, library {})",
                diff.right_size.crypt, diff.right_size.library
            )
        } else if diff.is_complete() {
            writeln!(out, "{left} -> {right}: different, {changes}")
        } else {
            let unread = quantity(diff.unread.len() as u64, "line", "lines");
            writeln!(
                out,
                "{left} -> {right}: not comparable, {unread} read as no card; \
                 {changes} among the cards read"
            )
        }
    }
}

impl DiffRenderer for TextDiffRenderer {
    fn pair(&mut self, out: &mut dyn Write, pair: &DiffPair) -> io::Result<()> {
        let diff = pair.diff;
        TextDiffRenderer::verdict(out, pair)?;
        if diff.is_same() {
            return Ok(());
        }
        for line in &diff.unread {
            writeln!(
                out,
                "  {}:{}: {} ({})",
                pair.path(line.side),
                line.line,
                line.text,
                line.detail
            )?;
        }
        let width = diff
            .changes
            .iter()
            .map(|c| c.left.max(c.right).to_string().len())
            .max()
            .unwrap_or(1);
        let (left, right) = (diff.left_size, diff.right_size);
        for (section, title, left_count, right_count) in [
            (CardKind::Crypt, "Crypt", left.crypt, right.crypt),
            (CardKind::Library, "Library", left.library, right.library),
        ] {
            let mut rows: Vec<&CardChange> = diff.changes_in(section).collect();
            if rows.is_empty() {
                continue;
            }
            rows.sort_by_key(|change| kind_word(change.kind()).0);
            writeln!(
                out,
                "  {title} ({} -> {})",
                left_count,
                quantity(right_count, "card", "cards")
            )?;
            for change in rows {
                writeln!(
                    out,
                    "    {:<7}  {:>width$} -> {:<width$}  {}",
                    kind_word(change.kind()).1,
                    change.left,
                    change.right,
                    change.name
                )?;
            }
        }
        Ok(())
    }

    fn unreadable(
        &mut self,
        out: &mut dyn Write,
        left: &str,
        right: &str,
        message: &str,
    ) -> io::Result<()> {
        writeln!(out, "{left} -> {right}: unreadable: {message}")
    }

    fn unpaired(&mut self, out: &mut dyn Write, path: &str, side: Side) -> io::Result<()> {
        writeln!(out, "{path}: only in the {} folder", side_word(side))
    }

    fn finish(&mut self, out: &mut dyn Write, summary: &DiffSummary) -> io::Result<()> {
        writeln!(out, "{summary}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::diff::fixtures::render;

    #[test]
    fn changes_are_listed_by_section_added_removed_changed() {
        let text = render(&mut TextDiffRenderer);
        let expected = "\
registered.txt -> played.txt: different, 4 changes
  Crypt (3 -> 3 cards)
    added    0 -> 1  Carla Test
    changed  2 -> 1  Alma Test
  Library (5 -> 5 cards)
    removed  1 -> 0  Test Haven
    changed  4 -> 5  Test Bleed
a/x.txt -> b/x.txt: unreadable: b/x.txt: binary data
a/only.txt: only in the left folder
2 pairs: 0 same, 1 different, 1 unreadable; 1 unpaired file
";
        assert_eq!(text, expected);
    }
}
