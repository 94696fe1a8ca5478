//! Renderers of deck comparisons ([`DeckDiff`]): text for people, one JSON record
//! per pair, GitHub Actions annotations on the right-hand file. Each writes to any
//! [`Write`].

mod github;
mod json;
mod text;

use std::fmt;
use std::io::{self, Write};

use crate::analysis::{DeckDiff, Side};
use crate::cards::quantity;

pub use github::GithubDiffRenderer;
pub use json::JsonDiffRenderer;
pub use text::TextDiffRenderer;

/// Two decklists compared: their paths as given and what differs.
#[derive(Debug, Clone, Copy)]
pub struct DiffPair<'a> {
    /// The left (registered) decklist: a path, `-` or a URL.
    pub left: &'a str,
    /// The right (played) decklist.
    pub right: &'a str,
    /// What differs.
    pub diff: &'a DeckDiff,
}

impl DiffPair<'_> {
    /// The path of one side.
    pub fn path(&self, side: Side) -> &str {
        match side {
            Side::Left => self.left,
            Side::Right => self.right,
        }
    }
}

/// Counts of a comparison of folders, for the closing line.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DiffSummary {
    /// Pairs the same.
    pub same: usize,
    /// Pairs that differ (or hold a line read as no card).
    pub differ: usize,
    /// Pairs of which a file could not be read.
    pub unreadable: usize,
    /// Files with no file of the same name on the other side.
    pub unpaired: usize,
}

impl DiffSummary {
    /// Counts one compared pair.
    pub fn add(&mut self, diff: &DeckDiff) {
        if diff.is_same() {
            self.same += 1;
        } else {
            self.differ += 1;
        }
    }
}

impl fmt::Display for DiffSummary {
    /// `3 pairs: 1 same, 1 different, 1 unreadable; 2 unpaired files`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pairs = self.same + self.differ + self.unreadable;
        write!(
            f,
            "{}: {} same, {} different",
            quantity(pairs as u64, "pair", "pairs"),
            self.same,
            self.differ
        )?;
        if self.unreadable > 0 {
            write!(f, ", {} unreadable", self.unreadable)?;
        }
        if self.unpaired > 0 {
            let files = quantity(self.unpaired as u64, "unpaired file", "unpaired files");
            write!(f, "; {files}")?;
        }
        Ok(())
    }
}

/// Writes comparison results in one output format.
pub trait DiffRenderer {
    /// One compared pair.
    fn pair(&mut self, out: &mut dyn Write, pair: &DiffPair) -> io::Result<()>;
    /// A pair of which a side could not be read (the message names the file); the
    /// caller also prints it on standard error.
    fn unreadable(
        &mut self,
        out: &mut dyn Write,
        left: &str,
        right: &str,
        message: &str,
    ) -> io::Result<()>;
    /// A file of one folder with no file of the same name in the other.
    fn unpaired(&mut self, out: &mut dyn Write, path: &str, side: Side) -> io::Result<()>;
    /// The end of a comparison of folders (not called for two files).
    fn finish(&mut self, out: &mut dyn Write, summary: &DiffSummary) -> io::Result<()>;
}

/// `left`/`right` as a word for people.
fn side_word(side: Side) -> &'static str {
    match side {
        Side::Left => "left",
        Side::Right => "right",
    }
}

#[cfg(test)]
pub(crate) mod fixtures {
    //! Comparisons for the renderer tests.

    use super::*;
    use crate::formats::Format;
    use crate::testing::fixture_db;

    /// `registered.txt` against `played.txt`: a vampire one copy short, one added,
    /// a library card changed and one removed.
    pub fn diff() -> DeckDiff {
        let db = fixture_db();
        let deck = |text: &str| {
            <crate::deck::Deck as crate::formats::LoadDeck>::from_text(
                text,
                Some(Format::Plain),
                &db,
            )
        };
        let left = deck("2x Alma Test\n1x Bruno Test\n4x Test Bleed\n1x Test Haven\n");
        let right = deck("1x Alma Test\n1x Bruno Test\n1x Carla Test\n5x Test Bleed\n");
        DeckDiff::between(&left, &right, &db)
    }

    /// Renders the fixture pair, an unreadable pair, an unpaired file and the end.
    pub fn render(renderer: &mut dyn DiffRenderer) -> String {
        let diff = diff();
        let pair = DiffPair {
            left: "registered.txt",
            right: "played.txt",
            diff: &diff,
        };
        let mut out = Vec::new();
        renderer.pair(&mut out, &pair).unwrap();
        renderer
            .unreadable(&mut out, "a/x.txt", "b/x.txt", "b/x.txt: binary data")
            .unwrap();
        renderer
            .unpaired(&mut out, "a/only.txt", Side::Left)
            .unwrap();
        let summary = DiffSummary {
            same: 0,
            differ: 1,
            unreadable: 1,
            unpaired: 1,
        };
        renderer.finish(&mut out, &summary).unwrap();
        String::from_utf8(out).unwrap()
    }
}

#[cfg(test)]
mod summary_tests {
    use super::DiffSummary;

    #[test]
    fn one_pair_and_one_unpaired_file_are_in_the_singular() {
        let summary = DiffSummary {
            same: 1,
            unpaired: 1,
            ..DiffSummary::default()
        };
        assert_eq!(
            summary.to_string(),
            "1 pair: 1 same, 0 different; 1 unpaired file"
        );
        let summary = DiffSummary {
            same: 2,
            differ: 1,
            unpaired: 3,
            ..DiffSummary::default()
        };
        assert_eq!(
            summary.to_string(),
            "3 pairs: 2 same, 1 different; 3 unpaired files"
        );
    }
}
