//! The human output: one line per legal deck, a table of problems per illegal
//! deck (rule, card, line, message), a closing summary line.

use std::io::{self, Write};

use comfy_table::{presets, Cell, Color, ContentArrangement, Table};
use unicode_width::UnicodeWidthStr;

use super::{CheckRenderer, CheckSummary};
use crate::cards::quantity;
use crate::rules::{CheckReport, Severity, Violation};

/// How the table output looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableOptions {
    /// Use colours (the caller decides: terminal, `NO_COLOR`, `--color`).
    pub color: bool,
    /// Standard output is a terminal: let the table take the terminal's width.
    pub terminal: bool,
    /// Table width when not on a terminal.
    pub width: u16,
    /// Show warnings.
    pub warnings: bool,
    /// Show info notes (`--verbose`).
    pub info: bool,
    /// Leave out the lines of legal decks.
    pub quiet: bool,
}

impl Default for TableOptions {
    fn default() -> TableOptions {
        TableOptions {
            color: false,
            terminal: false,
            width: 100,
            warnings: false,
            info: false,
            quiet: false,
        }
    }
}

/// Writes the human output.
#[derive(Debug)]
pub struct TableRenderer {
    options: TableOptions,
    /// The problem table with its style and header and no row, set up once
    /// and copied for each illegal deck.
    empty_table: Table,
}

impl Default for TableRenderer {
    fn default() -> TableRenderer {
        TableRenderer::new(TableOptions::default())
    }
}

impl TableRenderer {
    /// A renderer with these options.
    pub fn new(options: TableOptions) -> TableRenderer {
        let mut table = Table::new();
        table.load_preset(presets::UTF8_FULL_CONDENSED);
        table.set_content_arrangement(ContentArrangement::Dynamic);
        if !options.terminal {
            table.force_no_tty().set_width(options.width);
        }
        if options.color {
            table.enforce_styling();
        }
        table.set_header(HEADER);
        TableRenderer {
            options,
            empty_table: table,
        }
    }

    /// The end of a verdict line about a deck's warnings: `, 1 warning`, and
    /// how to see them when they are not shown (`, 3 warnings: --warnings
    /// shows them`); nothing without warnings, or with `--quiet` alone (the
    /// warnings are then not looked for: [`CheckRenderer::lowest_severity`]).
    fn warnings_note(&self, warnings: usize) -> String {
        if warnings == 0 || (self.options.quiet && !self.options.warnings) {
            return String::new();
        }
        let counted = quantity(warnings as u64, "warning", "warnings");
        if self.options.warnings {
            format!(", {counted}")
        } else {
            let them = if warnings == 1 { "it" } else { "them" };
            format!(", {counted}: --warnings shows {them}")
        }
    }

    fn paint(&self, text: &str, color: &str) -> String {
        if self.options.color {
            format!("\x1b[{color}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// Writes the table of problems, each line ended by a newline: drawn by
    /// [`fitting_table`] when it can be (no colour, a known width, every cell
    /// fits), else by comfy-table.
    fn write_table(&self, out: &mut Vec<u8>, problems: &[&Violation]) {
        let rows: Vec<[String; 4]> = problems.iter().map(|problem| row(problem)).collect();
        if !self.options.color && !self.options.terminal {
            if let Some(drawn) = fitting_table(&rows, self.options.width.into()) {
                out.extend_from_slice(drawn.as_bytes());
                return;
            }
        }
        let severities = problems.iter().map(|problem| problem.severity);
        // Line by line, as the table's `Display` joins them, without the joined copy.
        for line in self.comfy_table(rows.into_iter().zip(severities)).lines() {
            out.extend_from_slice(line.as_bytes());
            out.push(b'\n');
        }
    }

    /// The problem table as comfy-table draws it, from each problem's row and
    /// severity (which colours the rule with `--color`).
    fn comfy_table(&self, rows: impl IntoIterator<Item = ([String; 4], Severity)>) -> Table {
        let mut table = self.empty_table.clone();
        for ([rule, card, line, message], severity) in rows {
            let mut rule = Cell::new(rule);
            if self.options.color {
                rule = rule.fg(match severity {
                    Severity::Error => Color::Red,
                    Severity::Warning => Color::Yellow,
                    Severity::Info => Color::Cyan,
                });
            }
            table.add_row(vec![
                rule,
                Cell::new(card),
                Cell::new(line),
                Cell::new(message),
            ]);
        }
        table
    }
}

/// The problem table's header.
const HEADER: [&str; 4] = ["rule", "card", "line", "message"];

/// The cells of a problem's row: rule (with its severity when not an error),
/// card, line, message.
fn row(problem: &Violation) -> [String; 4] {
    let rule = match problem.severity {
        Severity::Error => problem.rule.to_string(),
        Severity::Warning => format!("{} (warning)", problem.rule),
        Severity::Info => format!("{} (info)", problem.rule),
    };
    [
        rule,
        problem.card.clone().unwrap_or_default(),
        problem
            .line
            .map_or_else(String::new, |line| line.to_string()),
        problem.message.clone(),
    ]
}

/// The problem table with [`HEADER`] and these rows, each line ended by a
/// newline, as comfy-table draws it in the renderer's style
/// (`UTF8_FULL_CONDENSED`, dynamic arrangement, no colour) when every cell fits
/// as it is: each column as wide as its widest cell (at least 1), measured as
/// comfy-table does, plus a space on each side. `None` when that table is
/// wider than `width` (comfy-table then wraps cells) or a cell holds a line
/// break or an escape character; comfy-table draws those. Most tables fit,
/// and this costs a small part of comfy-table's work; the tests compare the two
/// on random tables.
fn fitting_table(rows: &[[String; 4]], width: usize) -> Option<String> {
    let header_widths = HEADER.map(UnicodeWidthStr::width);
    let mut widths = header_widths.map(|width| width.max(1));
    let mut row_widths = Vec::with_capacity(rows.len());
    for row in rows {
        if row.iter().any(|cell| cell.contains(['\n', '\x1b'])) {
            return None;
        }
        let cells = row.each_ref().map(|cell| cell.width());
        for (widest, cell) in widths.iter_mut().zip(cells) {
            *widest = (*widest).max(cell);
        }
        row_widths.push(cells);
    }
    // Five borders, and a space each side of every column.
    let content = widths.iter().sum::<usize>();
    if content > width.saturating_sub(HEADER.len() + 1 + 2 * HEADER.len()) {
        return None;
    }
    // Room for the lines, the borders taking three bytes a character.
    let line_bytes = 3 * (content + 3 * HEADER.len() + 1) + 1;
    let mut drawn = String::with_capacity((rows.len() + 4) * line_bytes);
    let rule = |drawn: &mut String, [left, fill, cross, right]: [&str; 4]| {
        drawn.push_str(left);
        for (column, width) in widths.iter().enumerate() {
            if column > 0 {
                drawn.push_str(cross);
            }
            drawn.push_str(&fill.repeat(width + 2));
        }
        drawn.push_str(right);
        drawn.push('\n');
    };
    // A row of cells, each with its width.
    let cells = |drawn: &mut String, row: [&str; 4], cell_widths: [usize; 4]| {
        drawn.push('│');
        for (column, cell) in row.into_iter().enumerate() {
            if column > 0 {
                drawn.push('┆');
            }
            drawn.push(' ');
            drawn.push_str(cell);
            for _ in 0..widths[column] - cell_widths[column] + 1 {
                drawn.push(' ');
            }
        }
        drawn.push_str("│\n");
    };
    rule(&mut drawn, ["┌", "─", "┬", "┐"]);
    cells(&mut drawn, HEADER, header_widths);
    rule(&mut drawn, ["╞", "═", "╪", "╡"]);
    for (row, cell_widths) in rows.iter().zip(row_widths) {
        cells(&mut drawn, row.each_ref().map(String::as_str), cell_widths);
    }
    rule(&mut drawn, ["└", "─", "┴", "┘"]);
    Some(drawn)
}

/// `crypt 12, library 90, groups 4-5, 2024-05-01, standard`.
fn facts(report: &CheckReport) -> String {
    let groups = match report.groups.as_slice() {
        [] => "no group".to_string(),
        [one] => format!("group {one}"),
        [first, .., last] => format!("groups {first}-{last}"),
    };
    format!(
        "crypt {}, library {}, {groups}, {}, {}",
        report.crypt, report.library, report.date, report.profile
    )
}

impl CheckRenderer for TableRenderer {
    /// Warnings are counted on the line of a legal deck unless `--quiet`.
    fn lowest_severity(&self) -> Severity {
        let warnings = self.options.warnings || !self.options.quiet;
        super::lowest_shown(warnings, self.options.info)
    }

    fn render_deck(&self, out: &mut Vec<u8>, report: &CheckReport) -> io::Result<()> {
        let warnings = report.warnings().count();
        let shown: Vec<&Violation> = report
            .problems
            .iter()
            .filter(|p| match p.severity {
                Severity::Error => true,
                Severity::Warning => self.options.warnings,
                Severity::Info => self.options.info,
            })
            .collect();
        let note = self.warnings_note(warnings);
        if report.legal {
            if self.options.quiet && shown.is_empty() {
                return Ok(());
            }
            writeln!(
                out,
                "{}: {} ({}{note})",
                report.path,
                self.paint("legal", "32"),
                facts(report)
            )?;
        } else {
            writeln!(
                out,
                "{}: {}, {} ({}{note})",
                report.path,
                self.paint("illegal", "1;31"),
                quantity(report.errors().count() as u64, "problem", "problems"),
                facts(report)
            )?;
        }
        if !shown.is_empty() {
            self.write_table(out, &shown);
        }
        Ok(())
    }

    fn input_error(&mut self, _out: &mut dyn Write, _path: &str, _message: &str) -> io::Result<()> {
        Ok(())
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
    fn legal_decks_take_one_line_and_illegal_ones_a_table() {
        let text = render(&mut TableRenderer::new(TableOptions::default()));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "decks/good.txt: legal (crypt 12, library 90, groups 4-5, 2024-05-01, standard)"
        );
        assert_eq!(
            lines[1],
            "decks/bad <1>.txt: illegal, 2 problems (crypt 11, library 90, groups 1-3, 2024-05-01, \
             standard, 1 warning: --warnings shows it)"
        );
        assert!(
            text.contains("│ crypt-grouping ┆ Tony ┆ 34   ┆ Tony (G3) does not fit groups 1-2"),
            "{text}"
        );
        assert!(!text.contains("duplicate-event"));
        assert!(!text.contains('\x1b'));
        assert_eq!(
            *lines.last().unwrap(),
            "2 decks: 1 legal, 1 illegal, 1 error (1 file skipped: not a decklist)"
        );
    }

    /// The table drawn by hand is comfy-table's, byte for byte, on random
    /// tables at random widths: cells of ASCII, accented and wide letters,
    /// combining marks, tabs, empty cells, trailing spaces. A table it
    /// declines (too wide, a line break in a cell) is left to comfy-table,
    /// which then draws something else than the natural table; such tables
    /// are drawn too, so that both paths are taken.
    #[test]
    fn the_table_drawn_by_hand_is_comfy_tables() {
        let pieces = [
            "banned",
            "crypt-grouping",
            "Anthelios, The Red Star",
            "Tony",
            "Gilbert Duane (G2 ADV)",
            "Tupdog",
            "Éloïse",
            "Al-Muntathir",
            "東京",
            "e\u{301}",
            "a\tb",
            "12",
            "",
            "is banned since 2016-02-16",
            "not legal before 2025-01-01",
        ];
        let mut random = crate::testing::Pieces(0x7ab1_e516);
        // A number from 0 to `n` - 1.
        let mut below = |n: usize| random.next_number() as usize % n;
        let (mut by_hand, mut declined) = (0, 0);
        for _ in 0..3000 {
            let width = 10 + below(230) as u16;
            let renderer = TableRenderer::new(TableOptions {
                width,
                ..TableOptions::default()
            });
            let mut rows: Vec<[String; 4]> = (0..1 + below(4))
                .map(|_| {
                    std::array::from_fn(|_| {
                        (0..below(3))
                            .map(|_| pieces[below(pieces.len())])
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                })
                .collect();
            if below(10) == 0 {
                rows[0][below(4)].push_str("\nnext line");
            }
            let comfy = renderer.comfy_table(rows.iter().map(|row| (row.clone(), Severity::Error)));
            let comfy: String = comfy.lines().map(|line| line + "\n").collect();
            match fitting_table(&rows, width.into()) {
                Some(drawn) => {
                    by_hand += 1;
                    assert_eq!(drawn, comfy, "{rows:?} at width {width}");
                }
                None => {
                    declined += 1;
                    // Declined only when comfy-table does not draw the table
                    // at its natural widths: it narrows one too wide (wraps a
                    // cell, or drops a space it would wrap at), and gives a
                    // cell with a line break a line more.
                    match fitting_table(&rows, usize::MAX) {
                        Some(natural) => {
                            assert_ne!(natural, comfy, "{rows:?} at width {width}");
                        }
                        None => assert!(
                            comfy.lines().count() > rows.len() + 4,
                            "{rows:?} at width {width}\n{comfy}"
                        ),
                    }
                }
            }
        }
        assert!(
            by_hand > 1000 && declined > 500,
            "{by_hand} drawn by hand, {declined} declined"
        );
    }

    #[test]
    fn verdict_lines_count_warnings_and_say_how_to_see_them() {
        let mut reports = crate::output::check::fixtures::reports();
        let warning = reports[1].problems[2].clone();
        reports[0].problems = vec![warning.clone(), warning.clone(), warning];
        let verdicts = |options: TableOptions| -> Vec<String> {
            let text = crate::output::check::fixtures::render_reports(
                &mut TableRenderer::new(options),
                reports.clone(),
            );
            text.lines()
                .filter(|line| line.starts_with("decks/"))
                .map(|line| line.split_once(" (").map_or("", |(_, facts)| facts))
                .map(|facts| facts.split_once("standard").map_or("", |(_, end)| end))
                .map(str::to_string)
                .collect()
        };
        assert_eq!(
            verdicts(TableOptions::default()),
            [
                ", 3 warnings: --warnings shows them)",
                ", 1 warning: --warnings shows it)"
            ]
        );
        let shown = TableOptions {
            warnings: true,
            ..TableOptions::default()
        };
        assert_eq!(verdicts(shown), [", 3 warnings)", ", 1 warning)"]);
        let quiet = TableOptions {
            quiet: true,
            ..TableOptions::default()
        };
        assert_eq!(verdicts(quiet), [")"]);
    }

    #[test]
    fn warnings_and_quiet_and_colour() {
        let options = TableOptions {
            warnings: true,
            quiet: true,
            color: true,
            ..TableOptions::default()
        };
        let text = render(&mut TableRenderer::new(options));
        assert!(!text.contains("good.txt"));
        assert!(text.contains("duplicate-event (warning)"));
        assert!(text.contains("\x1b[1;31millegal\x1b[0m"));
    }
}
