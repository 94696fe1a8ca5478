//! The HTML building blocks of the report: the one escaping function every
//! text of the page goes through, and small writers of tables and lists.

use std::fmt::Write;

use crate::output::draw_table::DrawTable;

/// The one escaping function of the pages, for element content and quoted
/// attribute values alike: `& < > " '` as entities, a carriage return as a
/// reference, the characters XML forbids or discourages as U+FFFD (the
/// escaping of every XML vtesdeck writes; HTML keeps line breaks in attribute
/// values as they are, so the same text is right in both places). Every text
/// that reaches a page (deck names, descriptions, card names, messages) goes
/// through it.
pub(crate) use crate::output::xml::escape_text as escape;

/// vtesdeck's prose as HTML: the text escaped ([`escape`]), then the light
/// Markdown its sentences and messages use rendered, never shown as written:
/// `` `code` `` (a line of a decklist, a command) as `<code>`, `**strong**`
/// as `<strong>`. A lone backtick or `**` is kept as text.
pub fn prose(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let spans: Vec<&str> = text.split('`').collect();
    // The backticks that pair up; an odd last one opens nothing.
    let paired = (spans.len() - 1) / 2 * 2;
    for (index, span) in spans.iter().enumerate() {
        let in_code = index % 2 == 1 && index <= paired;
        if index > 0 {
            out.push_str(match index {
                i if i > paired => "`",
                _ if in_code => "<code>",
                _ => "</code>",
            });
        }
        if in_code {
            out.push_str(&escape(span));
        } else {
            out.push_str(&strong(span));
        }
    }
    out
}

/// Escaped text with `**strong**` pairs as `<strong>` (a lone `**` kept).
fn strong(text: &str) -> String {
    let parts: Vec<&str> = text.split("**").collect();
    let paired = (parts.len() - 1) / 2 * 2;
    let mut out = String::with_capacity(text.len());
    for (index, part) in parts.iter().enumerate() {
        if index > 0 {
            out.push_str(match index {
                i if i > paired => "**",
                i if i % 2 == 1 => "<strong>",
                _ => "</strong>",
            });
        }
        out.push_str(&escape(part));
    }
    out
}

/// A cell of a [`Table`]: text (escaped when written, or written as
/// [`prose`]), right-aligned or not, with an optional CSS class.
pub struct Cell {
    text: String,
    number: bool,
    prose: bool,
    class: Option<&'static str>,
}

impl Cell {
    /// A text cell, left-aligned.
    pub fn text(text: impl Into<String>) -> Cell {
        Cell {
            text: text.into(),
            number: false,
            prose: false,
            class: None,
        }
    }

    /// A cell of vtesdeck's prose (a message), left-aligned, its light
    /// Markdown rendered ([`prose`]).
    pub fn prose(text: impl Into<String>) -> Cell {
        Cell {
            prose: true,
            ..Cell::text(text)
        }
    }

    /// A figure, right-aligned.
    pub fn number(text: impl Into<String>) -> Cell {
        Cell {
            number: true,
            ..Cell::text(text)
        }
    }

    /// A CSS class of the cell (`legal`, `illegal`, ...).
    pub fn class(mut self, class: &'static str) -> Cell {
        self.class = Some(class);
        self
    }
}

/// An HTML table with a caption-less header row, written with every text escaped.
pub struct Table {
    header: Vec<(String, bool)>,
    rows: Vec<Vec<Cell>>,
    id: Option<&'static str>,
    text_columns: usize,
}

impl Table {
    /// A table with these column titles; the columns after `text_columns` hold figures.
    pub fn new(header: &[&str], text_columns: usize) -> Table {
        Table {
            header: header
                .iter()
                .enumerate()
                .map(|(i, h)| (h.to_string(), i >= text_columns))
                .collect(),
            rows: Vec::new(),
            id: None,
            text_columns,
        }
    }

    /// The same table as the terminal shows (`vtesdeck draw`).
    pub(crate) fn from_draw_table(table: &DrawTable) -> Table {
        let mut html = Table::new(&table.header, table.text_columns);
        for row in &table.rows {
            html.text_row(row);
        }
        html
    }

    /// Gives the table an `id`.
    pub fn id(mut self, id: &'static str) -> Table {
        self.set_id(id);
        self
    }

    /// Sets the table's `id`.
    pub(crate) fn set_id(&mut self, id: &'static str) {
        self.id = Some(id);
    }

    /// Adds a row of texts: the columns after the table's text columns are figures.
    pub(crate) fn text_row(&mut self, texts: &[String]) {
        let cells = texts
            .iter()
            .enumerate()
            .map(|(index, text)| {
                if index < self.text_columns {
                    Cell::text(text.clone())
                } else {
                    Cell::number(text.clone())
                }
            })
            .collect();
        self.rows.push(cells);
    }

    /// Adds a row.
    pub fn row(&mut self, cells: Vec<Cell>) {
        self.rows.push(cells);
    }

    /// Whether the table has no row.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Writes the table.
    pub fn write(&self, out: &mut String) {
        match self.id {
            Some(id) => {
                let _ = writeln!(out, r#"<table id="{}">"#, escape(id));
            }
            None => out.push_str("<table>\n"),
        }
        out.push_str("<thead><tr>");
        for (title, number) in &self.header {
            let class = if *number { r#" class="num""# } else { "" };
            let _ = write!(out, r#"<th scope="col"{class}>{}</th>"#, escape(title));
        }
        out.push_str("</tr></thead>\n<tbody>\n");
        for row in &self.rows {
            out.push_str("<tr>");
            for cell in row {
                let mut classes = Vec::new();
                if cell.number {
                    classes.push("num");
                }
                if let Some(class) = cell.class {
                    classes.push(class);
                }
                out.push_str("<td");
                if !classes.is_empty() {
                    let _ = write!(out, r#" class="{}""#, classes.join(" "));
                }
                let text = if cell.prose {
                    prose(&cell.text)
                } else {
                    escape(&cell.text)
                };
                let _ = write!(out, ">{text}</td>");
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</tbody>\n</table>\n");
    }
}

/// Writes `<h2 id="...">title</h2>`.
pub fn heading(out: &mut String, id: &str, title: &str) {
    let _ = writeln!(out, r#"<h2 id="{}">{}</h2>"#, escape(id), escape(title));
}

/// Writes a paragraph of vtesdeck's prose ([`prose`]), with an optional class.
pub fn paragraph(out: &mut String, class: Option<&str>, text: &str) {
    match class {
        Some(class) => {
            let _ = writeln!(out, r#"<p class="{}">{}</p>"#, escape(class), prose(text));
        }
        None => {
            let _ = writeln!(out, "<p>{}</p>", prose(text));
        }
    }
}

/// Writes a definition list of `(term, value)` pairs, both escaped.
pub fn facts(out: &mut String, pairs: &[(&str, String)]) {
    out.push_str("<dl class=\"facts\">\n");
    for (term, value) in pairs {
        let _ = writeln!(out, "<dt>{}</dt><dd>{}</dd>", escape(term), escape(value));
    }
    out.push_str("</dl>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_characters_become_entities() {
        assert_eq!(
            escape(r#""><img src=x onerror=alert(1)> & 'q'"#),
            "&quot;&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &apos;q&apos;"
        );
        assert_eq!(escape("</script><script>"), "&lt;/script&gt;&lt;script&gt;");
    }

    #[test]
    fn control_characters_are_replaced_and_text_kept() {
        assert_eq!(
            escape("a\u{0}b\u{1b}c\td\ne\r"),
            "a\u{fffd}b\u{fffd}c\td\ne&#13;"
        );
        assert_eq!(escape("Ébène ×2 — Œuvre"), "Ébène ×2 — Œuvre");
    }

    #[test]
    fn prose_renders_code_and_strong_and_escapes_the_rest() {
        assert_eq!(
            prose("the tables of `vtesdeck draw`, **exact** <odds>"),
            "the tables of <code>vtesdeck draw</code>, <strong>exact</strong> &lt;odds&gt;"
        );
        assert_eq!(
            prose("`<b>Jack x2</b>` read as 2x \"Jack\""),
            "<code>&lt;b&gt;Jack x2&lt;/b&gt;</code> read as 2x &quot;Jack&quot;"
        );
        // A lone mark stays text; nothing else is read as markup.
        assert_eq!(prose("a ` b"), "a ` b");
        assert_eq!(prose("`a` and ` b"), "<code>a</code> and ` b");
        assert_eq!(prose("2 ** 3"), "2 ** 3");
        assert_eq!(prose("*one* _two_ # three"), "*one* _two_ # three");
        assert_eq!(prose(""), "");
    }

    #[test]
    fn tables_escape_every_cell_and_header() {
        let mut table = Table::new(&["<Name>", "Copies"], 1);
        table.row(vec![Cell::text("<b>x</b>"), Cell::number("2")]);
        let mut out = String::new();
        table.write(&mut out);
        assert!(out.contains("<th scope=\"col\">&lt;Name&gt;</th>"), "{out}");
        assert!(out.contains("<td>&lt;b&gt;x&lt;/b&gt;</td>"), "{out}");
        assert!(out.contains(r#"<td class="num">2</td>"#), "{out}");
        assert!(!out.contains("<b>"));
    }
}
