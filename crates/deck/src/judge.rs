//! What a line that names no card is, on the evidence of its shape and of
//! the lines around it ([`Judge`]): an unknown card, a heading, or prose.

use crate::raw::{self, CountPlace, LineKind, RawLine};

/// What a line that names no card is, on the evidence of its shape and of
/// the lines around it (issue 39).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Evidence {
    /// An unknown card (an error).
    Card,
    /// A heading known by its count: the count of the card lines under it.
    Heading,
    /// Prose: skipped and said.
    Prose,
}

/// Judges the lines that name no card ([`Evidence`]), in line order: the
/// run of bare names last seen is kept, so that a text of any number of
/// lines is judged in linear time.
pub(crate) struct Judge<'l, 't> {
    /// The deck's card lines.
    lines: &'l [RawLine<'t>],
    /// The indices of the lines that name no card, in order.
    failed: &'l [usize],
    /// The last run of bare names: its start, end and lines that resolve.
    run: Option<(usize, usize, usize)>,
}

impl<'l, 't> Judge<'l, 't> {
    /// A judge of the lines of a deck (`lines`) that name no card (`failed`,
    /// their indices in order).
    pub(crate) fn new(lines: &'l [RawLine<'t>], failed: &'l [usize]) -> Judge<'l, 't> {
        Judge {
            lines,
            failed,
            run: None,
        }
    }

    /// Whether the line at `at` resolves.
    fn resolves(&self, at: usize) -> bool {
        self.failed.binary_search(&at).is_err()
    }

    /// Whether the line at `at` is right after the one before it.
    fn adjacent(&self, at: usize) -> bool {
        at > 0 && at < self.lines.len() && self.lines[at].line == self.lines[at - 1].line + 1
    }

    /// Whether the line at `at` follows the one before it within a few
    /// lines (a blank line, or a page's list markup, between them).
    fn near(&self, at: usize) -> bool {
        at > 0 && at < self.lines.len() && self.lines[at].line <= self.lines[at - 1].line + 3
    }

    /// Whether the line at `at` is a bare name (no count written).
    fn bare(&self, at: usize) -> bool {
        self.lines[at].reading.count_place == CountPlace::Unwritten
    }

    /// What the line at `index`, which names no card, is. A card given by
    /// id, or with a count and a name-like rest, is an unknown card, unless
    /// its count, written after the name as a heading writes it, is the sum
    /// of two card lines or more right under it that resolve (a heading:
    /// `Combo (8)`); a bare name is one between two card lines that resolve,
    /// or in a run of bare names at least half of the others of which
    /// resolve. Any other line is prose.
    pub(crate) fn judge(&mut self, index: usize) -> Evidence {
        let line = &self.lines[index];
        if matches!(line.kind, LineKind::Id(_)) {
            return Evidence::Card;
        }
        if !self.bare(index) {
            let target = u64::from(line.count);
            let mut sum: u64 = 0;
            let mut at = index + 1;
            while sum < target && self.near(at) {
                sum += u64::from(self.lines[at].count);
                at += 1;
            }
            // Two card lines or more that resolve, under a count written as
            // a heading writes it.
            let heading = at > index + 2
                && sum == target
                && raw::heading_count_mark(&line.text)
                && (index + 1..at).all(|at| self.resolves(at));
            if heading {
                return Evidence::Heading;
            }
            return if raw::name_like(&line.name) {
                Evidence::Card
            } else {
                Evidence::Prose
            };
        }
        let between_cards = index > 0
            && self.adjacent(index)
            && self.resolves(index - 1)
            && self.adjacent(index + 1)
            && self.resolves(index + 1);
        if between_cards {
            return Evidence::Card;
        }
        let (start, end, resolving) = match self.run {
            Some(run) if (run.0..run.1).contains(&index) => run,
            _ => {
                let mut start = index;
                while start > 0 && self.adjacent(start) && self.bare(start - 1) {
                    start -= 1;
                }
                let mut end = index + 1;
                while self.adjacent(end) && self.bare(end) {
                    end += 1;
                }
                let resolving = (start..end).filter(|&at| self.resolves(at)).count();
                self.run = Some((start, end, resolving));
                (start, end, resolving)
            }
        };
        let others = end - start - 1;
        if others > 0 && resolving > 0 && 2 * resolving >= others {
            Evidence::Card
        } else {
            Evidence::Prose
        }
    }
}
