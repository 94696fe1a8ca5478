//! The text of an HTML page as a browser lays it out (as
//! `document.body.innerText` gives it), for the readers of decks inside
//! pages: lines come from the page's blocks, not its source lines. A table
//! row is one line, its cells separated by a tab, however its source breaks
//! (a pretty-printed `<td>` per source line keeps its count); each row, list
//! item, heading, paragraph, `<div>` and `<br>` starts a line, however many
//! of them share a source line; white space is collapsed as a browser
//! collapses it, but in a `<pre>`, whose lines are kept.
//!
//! What a browser shows that is no part of a decklist is left out and its
//! source lines kept, to be said: navigation (`<nav>`, `<menu>`, a site's
//! `<header>` and `<footer>`, an element whose role or class says
//! navigation or menu), buttons and selects, and a table's header rows
//! (`<th>` cells only, or words such as `Qty Card`). What a browser does not
//! show is not text: the `<head>`, scripts, styles, templates, `<noscript>`.
//!
//! Each line of the text keeps the source line its first character is
//! written on ([`PageText::to_source`]), so that what a reader says of a
//! line points into the page. Built from [`super::html`]'s events: one pass,
//! no recursion.

use super::html::{Event, Events};
use super::markup::LineCounter;
use vtesdeck_deck::raw::RawDeck;

/// The text of an HTML page as a browser lays it out, with the source line
/// of each of its lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageText {
    /// The text, a line for each line the browser shows (blank lines
    /// between paragraphs, headings, lists and tables).
    pub text: String,
    /// The 1-based source lines each line of [`PageText::text`] starts and
    /// ends on.
    lines: Vec<(usize, usize)>,
    /// The source lines of the text left out (navigation, header rows), in order.
    left_out: Vec<usize>,
}

/// What an open element is to the layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// Text flows through it (`<b>`, `<a>`, `<span>`).
    Inline,
    /// A block: its start and end break the line.
    Block,
    /// A block set off by a blank line (`<p>`, a heading, a list, a table).
    Spaced,
    /// Its text is kept as written, lines and all.
    Pre,
    /// A table row.
    Row,
    /// A table cell.
    Cell,
    /// Shown by a browser, no part of a decklist: left out and said.
    LeftOut,
    /// Not shown by a browser.
    Hidden,
}

/// Elements whose start and end break the line.
const BLOCKS: [&str; 34] = [
    "address",
    "article",
    "aside",
    "body",
    "caption",
    "center",
    "dd",
    "details",
    "dialog",
    "dir",
    "div",
    "dt",
    "fieldset",
    "figcaption",
    "figure",
    "form",
    "header",
    "footer",
    "hgroup",
    "html",
    "legend",
    "li",
    "listing",
    "main",
    "nav",
    "plaintext",
    "search",
    "section",
    "summary",
    "tbody",
    "tfoot",
    "thead",
    "xmp",
    "frameset",
];

/// Blocks set off by a blank line.
const SPACED: [&str; 13] = [
    "blockquote",
    "dl",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "ol",
    "p",
    "table",
    "ul",
];

/// Elements a browser does not show.
const HIDDEN: [&str; 8] = [
    "head", "title", "template", "noscript", "svg", "math", "datalist", "object",
];

/// Elements shown but never part of a decklist: page furniture.
const FURNITURE: [&str; 6] = ["nav", "menu", "button", "select", "textarea", "footer"];

/// Words of a table's header row (folded: lower case, letters and `#` only).
const HEADER_WORDS: [&str; 20] = [
    "qty", "quantity", "count", "cnt", "copies", "number", "num", "nb", "no", "#", "x", "card",
    "cards", "name", "cardname", "type", "cardtype", "amount", "total", "set",
];

/// Roles and class words of navigation.
const NAVIGATION: [&str; 6] = [
    "navigation",
    "menu",
    "menubar",
    "breadcrumb",
    "banner",
    "contentinfo",
];

/// Words of an id or class (split at `-` and `_`) that say navigation:
/// `site-menu`, `navbar`, `breadcrumbs` (not `unavailable`).
const NAVIGATION_WORDS: [&str; 12] = [
    "nav",
    "navbar",
    "navigation",
    "topnav",
    "sitenav",
    "menu",
    "menubar",
    "mainmenu",
    "breadcrumb",
    "breadcrumbs",
    "sidebar",
    "toolbar",
];

/// The layout of a page being built.
struct Builder<'t> {
    html: &'t str,
    counter: LineCounter<'t>,
    page: PageText,
    /// The line being built, and the source line of its first character.
    current: String,
    current_line: usize,
    /// The source line of the last character of the line being built.
    last_line: usize,
    /// White space seen since the last character of the line.
    space: bool,
    /// A cell opened since the last character of the line.
    cell: bool,
    /// A blank line is due before the next line of text.
    blank: bool,
    /// The open elements' roles, innermost last, each with whether it is
    /// an `<article>` or `<main>`.
    open: Vec<(Role, bool)>,
    /// The offset in the text of each of its lines.
    starts: Vec<usize>,
    /// Open elements leaving their text out, and those keeping lines.
    left_out: usize,
    hidden: usize,
    pre: usize,
    /// A `<pre>` just opened: a line break first in its text is not shown.
    pre_start: bool,
    /// Open `<article>` and `<main>` (a `<header>` inside them is content).
    content: usize,
    /// Open rows: where each row's lines start, and its cells of each kind.
    rows: Vec<Row>,
    /// The source line of the last text left out (each said once).
    last_left_out: usize,
}

impl PageText {
    /// Lays out an HTML page.
    pub fn of(html: &str) -> PageText {
        let mut builder = Builder {
            html,
            counter: LineCounter::new(html),
            page: PageText {
                text: String::with_capacity(html.len() / 2),
                lines: Vec::new(),
                left_out: Vec::new(),
            },
            current: String::new(),
            current_line: 1,
            last_line: 1,
            space: false,
            cell: false,
            blank: false,
            open: Vec::new(),
            starts: Vec::new(),
            left_out: 0,
            hidden: 0,
            pre: 0,
            pre_start: false,
            content: 0,
            rows: Vec::new(),
            last_left_out: 0,
        };
        for event in Events::new(html) {
            match event {
                Event::Open {
                    name,
                    id,
                    class,
                    role,
                    offset,
                } => builder.open(name, [id, class, role], offset),
                Event::Close => builder.close(),
                Event::Text(text) => builder.text(text),
            }
        }
        builder.end_line();
        builder.page
    }

    /// The source line of a 1-based line of the text (past the end: the last).
    pub fn source_line(&self, line: usize) -> usize {
        self.source_lines(line).0
    }

    /// The source lines a 1-based line of the text starts and ends on.
    fn source_lines(&self, line: usize) -> (usize, usize) {
        let at = line
            .saturating_sub(1)
            .min(self.lines.len().saturating_sub(1));
        self.lines.get(at).copied().unwrap_or((1, 1))
    }

    /// The lines of the text, each with its source line.
    #[cfg(test)]
    pub fn lines(&self) -> impl Iterator<Item = (&str, usize)> {
        self.text
            .lines()
            .zip(self.lines.iter().map(|&(start, _)| start))
    }

    /// The source lines of the text left out (navigation, header rows).
    #[cfg(test)]
    pub fn left_out(&self) -> &[usize] {
        &self.left_out
    }

    /// Moves the line numbers of a deck read from [`PageText::text`] to the
    /// page's source lines, and adds the lines left out to its prose skipped.
    pub fn to_source(&self, deck: &mut RawDeck) {
        for line in &mut deck.lines {
            line.line = self.source_line(line.line);
        }
        for problem in &mut deck.problems {
            problem.line = self.source_line(problem.line);
        }
        let declared = &mut deck.declared;
        for line in [&mut declared.crypt_line, &mut declared.library_line]
            .into_iter()
            .flatten()
        {
            *line = self.source_line(*line);
        }
        for total in &mut declared.totals {
            total.line = self.source_line(total.line);
        }
        for list in &mut deck.meta.sideboard_apart {
            list.line = self.source_line(list.line);
            for line in &mut list.lines {
                *line = self.source_line(*line);
            }
            list.lines.dedup();
        }
        // A line of prose skipped is every source line it spans.
        let mut skipped: Vec<usize> = Vec::with_capacity(deck.meta.prose_skipped.len());
        for &line in &deck.meta.prose_skipped {
            let (start, end) = self.source_lines(line);
            skipped.extend(start..=end);
        }
        skipped.extend_from_slice(&self.left_out);
        deck.meta.prose_skipped = skipped;
        let skipped = &mut deck.meta.prose_skipped;
        skipped.sort_unstable();
        skipped.dedup();
    }
}

impl Builder<'_> {
    /// The byte offset of a slice of the page.
    fn offset(&self, slice: &str) -> usize {
        (slice.as_ptr() as usize).saturating_sub(self.html.as_ptr() as usize)
    }

    fn open(&mut self, name: &str, attributes: [Option<&str>; 3], offset: usize) {
        let lower = name.to_ascii_lowercase();
        let name = lower.as_str();
        let [id, class, role] = attributes;
        let navigation = role.is_some_and(|role| NAVIGATION.contains(&role.trim()))
            || [id, class].into_iter().flatten().any(|value| {
                value
                    .split(|c: char| c.is_ascii_whitespace() || c == '-' || c == '_')
                    .any(|word| NAVIGATION_WORDS.contains(&word.to_ascii_lowercase().as_str()))
            });
        let role = if HIDDEN.contains(&name) {
            Role::Hidden
        } else if FURNITURE.contains(&name) || navigation || (name == "header" && self.content == 0)
        {
            Role::LeftOut
        } else if matches!(name, "pre" | "listing" | "plaintext" | "xmp") {
            Role::Pre
        } else if name == "tr" {
            Role::Row
        } else if matches!(name, "td" | "th") {
            Role::Cell
        } else if SPACED.contains(&name) {
            Role::Spaced
        } else if BLOCKS.contains(&name) {
            Role::Block
        } else {
            Role::Inline
        };
        let content = matches!(name, "article" | "main");
        self.content += usize::from(content);
        match role {
            Role::Hidden => self.hidden += 1,
            Role::LeftOut => {
                self.end_line();
                self.left_out += 1;
            }
            Role::Pre => {
                self.spaced();
                self.pre += 1;
                self.pre_start = true;
            }
            Role::Row => {
                self.end_line();
                self.rows.push(Row {
                    start: self.page.lines.len(),
                    td: 0,
                    th: 0,
                });
            }
            Role::Cell => {
                if let Some(row) = self.rows.last_mut() {
                    if name == "td" {
                        row.td += 1;
                    } else {
                        row.th += 1;
                    }
                }
                self.cell = !self.current.is_empty();
            }
            Role::Spaced => self.spaced(),
            Role::Block => self.end_line(),
            Role::Inline => {
                if name == "br" {
                    self.line_break(offset);
                }
            }
        }
        self.open.push((role, content));
    }

    fn close(&mut self) {
        let Some((role, content)) = self.open.pop() else {
            return;
        };
        self.content -= usize::from(content);
        match role {
            Role::Hidden => self.hidden = self.hidden.saturating_sub(1),
            Role::LeftOut => {
                self.end_line();
                self.left_out = self.left_out.saturating_sub(1);
            }
            Role::Pre => {
                self.end_line();
                self.pre = self.pre.saturating_sub(1);
                self.blank = true;
            }
            Role::Row => {
                self.end_line();
                if let Some(row) = self.rows.pop() {
                    if self.is_header_row(&row) {
                        self.leave_out_lines(row.start);
                    }
                }
            }
            Role::Cell | Role::Inline => {}
            Role::Spaced => {
                self.end_line();
                self.blank = true;
            }
            Role::Block => self.end_line(),
        }
    }

    /// Whether a row is a header row: two cells or more, all `<th>`, or
    /// words a header row is made of (`Qty`, `Card`, `Name`). A row of one
    /// `<th>` is a heading (`Crypt (12)`), kept.
    fn is_header_row(&self, row: &Row) -> bool {
        if row.th >= 2 && row.td == 0 {
            return true;
        }
        let text = self.page_lines_from(row.start);
        let mut words = text.split(|c: char| c.is_whitespace() || c == '/' || c == '|');
        let mut any = false;
        let all = words.all(|word| {
            let folded: String = word
                .chars()
                .filter(|c| c.is_alphanumeric() || *c == '#')
                .flat_map(char::to_lowercase)
                .collect();
            any |= !folded.is_empty();
            folded.is_empty() || HEADER_WORDS.contains(&folded.as_str())
        });
        any && all
    }

    /// The text of the page's lines from the `start`-th on.
    fn page_lines_from(&self, start: usize) -> &str {
        let at = self
            .starts
            .get(start)
            .copied()
            .unwrap_or(self.page.text.len());
        &self.page.text[at..]
    }

    /// Takes the page's lines from the `start`-th out, their source lines
    /// kept as left out.
    fn leave_out_lines(&mut self, start: usize) {
        let cut = self.page.text.len() - self.page_lines_from(start).len();
        self.page.text.truncate(cut);
        self.starts.truncate(start);
        for (line, _) in self.page.lines.drain(start..) {
            if self.page.left_out.last() != Some(&line) {
                self.page.left_out.push(line);
            }
        }
    }

    /// A run of text inside the elements open.
    fn text(&mut self, raw: &str) {
        if self.hidden > 0 {
            return;
        }
        let start = self.offset(raw);
        if self.left_out > 0 {
            for (at, _) in words(raw) {
                let line = self.counter.line_at(start + at);
                if line != self.last_left_out {
                    self.last_left_out = line;
                    if self.page.left_out.last() != Some(&line) {
                        self.page.left_out.push(line);
                    }
                }
            }
            return;
        }
        if self.pre > 0 {
            let mut at = 0;
            if std::mem::take(&mut self.pre_start) {
                at = raw.len() - raw.strip_prefix('\r').unwrap_or(raw).len();
                at += usize::from(raw[at..].starts_with('\n'));
            }
            let (start, raw) = (start + at, &raw[at..]);
            at = 0;
            for (index, piece) in raw.split('\n').enumerate() {
                if index > 0 {
                    let line = self.counter.line_at(start + at - 1);
                    self.line_break_at(line);
                }
                let length = piece.len();
                let piece = piece.strip_suffix('\r').unwrap_or(piece);
                if !piece.is_empty() {
                    let line = self.counter.line_at(start + at);
                    self.push(&html_escape::decode_html_entities(piece), line);
                }
                at += length + 1;
            }
            return;
        }
        if raw.starts_with(|c: char| c.is_ascii_whitespace()) {
            self.space = true;
        }
        for (at, word) in words(raw) {
            let line = self.counter.line_at(start + at);
            self.push(&html_escape::decode_html_entities(word), line);
            self.space = true;
        }
        if !raw.ends_with(|c: char| c.is_ascii_whitespace()) {
            self.space = false;
        }
    }

    /// Adds text to the line, written on a source line.
    fn push(&mut self, text: &str, line: usize) {
        if self.current.is_empty() {
            self.current_line = line;
        } else if self.cell {
            self.current.push('\t');
        } else if self.space && self.pre == 0 {
            self.current.push(' ');
        }
        self.cell = false;
        self.space = false;
        self.last_line = line;
        self.current.push_str(text);
    }

    /// Ends the line being built, when it holds text.
    fn end_line(&mut self) {
        if self.current.trim().is_empty() {
            self.current.clear();
            self.space = false;
            self.cell = false;
            return;
        }
        let line = self.current_line;
        self.emit(line);
    }

    /// A `<br>`: the line ends, empty or not.
    fn line_break(&mut self, offset: usize) {
        if self.hidden > 0 || self.left_out > 0 {
            return;
        }
        let line = self.counter.line_at(offset);
        self.line_break_at(line);
    }

    fn line_break_at(&mut self, line: usize) {
        if self.current.is_empty() {
            self.current_line = line;
        }
        self.emit(self.current_line);
    }

    /// Writes the line being built (after the blank line due, if any).
    fn emit(&mut self, line: usize) {
        if self.blank && !self.page.lines.is_empty() && !self.current.is_empty() {
            self.starts.push(self.page.text.len());
            self.page.text.push('\n');
            self.page.lines.push((line, line));
        }
        if !self.current.is_empty() {
            self.blank = false;
        }
        self.starts.push(self.page.text.len());
        self.page.text.push_str(self.current.trim_end());
        self.page.text.push('\n');
        let last = if self.current.is_empty() {
            line
        } else {
            self.last_line.max(line)
        };
        self.page.lines.push((line, last));
        self.current.clear();
        self.space = false;
        self.cell = false;
    }

    /// A block set off by a blank line starts or ends.
    fn spaced(&mut self) {
        self.end_line();
        self.blank = true;
    }
}

/// A table row being laid out: where its lines start, and its cells.
struct Row {
    start: usize,
    td: usize,
    th: usize,
}

/// The words of a text (runs of what is not ASCII white space), each with its offset.
fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split(|c: char| c.is_ascii_whitespace())
        .filter(|word| !word.is_empty())
        .map(move |word| {
            let at = (word.as_ptr() as usize) - (text.as_ptr() as usize);
            (at, word)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page's lines, each with its source line, blank lines left out.
    fn laid_out(html: &str) -> Vec<(String, usize)> {
        let page = PageText::of(html);
        page.lines()
            .filter(|(text, _)| !text.trim().is_empty())
            .map(|(text, line)| (text.to_string(), line))
            .collect()
    }

    fn line(text: &str, at: usize) -> (String, usize) {
        (text.to_string(), at)
    }

    #[test]
    fn a_pretty_printed_row_is_one_line_with_its_count() {
        let html = "<table>\n  <tr>\n    <td>\n      3\n    </td>\n    <td>\n      Deflection\n    </td>\n  </tr>\n\
                    <tr><td>2</td><td>Abbot</td></tr>\n</table>";
        assert_eq!(
            laid_out(html),
            [line("3\tDeflection", 4), line("2\tAbbot", 10)]
        );
    }

    #[test]
    fn rows_and_items_on_one_source_line_are_lines_of_their_own() {
        let html = "<table><tr><td>2x</td><td>Abbot</td></tr><tr><td>1x</td><td>Dreams</td></tr></table>\n\
                    <ul><li>3x Deflection</li><li>4x Bum's Rush</ul>\n\
                    <p>one<br>two<br/>three</p><div>a</div><div>b &amp; c</div>";
        assert_eq!(
            laid_out(html),
            [
                line("2x\tAbbot", 1),
                line("1x\tDreams", 1),
                line("3x Deflection", 2),
                line("4x Bum's Rush", 2),
                line("one", 3),
                line("two", 3),
                line("three", 3),
                line("a", 3),
                line("b & c", 3),
            ]
        );
    }

    #[test]
    fn header_rows_and_navigation_are_left_out_and_kept() {
        let html = "<html><head><title>Deck</title></head><body>\n\
                    <nav><ul><li>Home</li>\n<li>Deflection</li></ul></nav>\n\
                    <div class=\"site-menu\">Deck Search</div>\n\
                    <table><tr><td>Qty</td><td>Card</td></tr>\n\
                    <tr><th>#</th><th>Name</th></tr>\n\
                    <tr><td>2</td><td>Abbot</td></tr></table>\n\
                    <footer>Made with love</footer></body></html>";
        let page = PageText::of(html);
        let lines: Vec<(&str, usize)> = page.lines().filter(|(t, _)| !t.is_empty()).collect();
        assert_eq!(lines, [("2\tAbbot", 7)]);
        assert_eq!(page.left_out(), [2, 3, 4, 5, 6, 8]);
    }

    #[test]
    fn pre_keeps_its_lines_and_white_space_elsewhere_collapses() {
        let html = "<p>A   deck\n  I like</p><pre>\nCrypt (12)\n2x  Abbot\n\n1x Dreams</pre>after";
        let page = PageText::of(html);
        let lines: Vec<(&str, usize)> = page.lines().collect();
        assert_eq!(
            lines,
            [
                ("A deck I like", 1),
                ("", 3),
                ("Crypt (12)", 3),
                ("2x  Abbot", 4),
                ("", 5),
                ("1x Dreams", 6),
                ("", 6),
                ("after", 6),
            ]
        );
    }

    #[test]
    fn an_article_header_is_content_and_a_site_header_is_not() {
        let html = "<header>Site name</header><article><header><h1>My deck</h1></header>\
                    <p>2x Abbot</p></article>";
        assert_eq!(laid_out(html), [line("My deck", 1), line("2x Abbot", 1)]);
        let classes = "<div class=\"top-menu\">Home</div><div id=\"navbar\">Search</div>\
                       <div class=\"card unavailable\">2x Abbot</div>";
        assert_eq!(laid_out(classes), [line("2x Abbot", 1)]);
    }

    /// 200,000 rows on one source line: laid out in linear time, every row a line.
    #[test]
    fn many_rows_on_one_line_are_laid_out_in_one_pass() {
        let rows = 200_000;
        let html = format!(
            "<table>{}</table>",
            "<tr><td>1</td><td>Abbot</td></tr>".repeat(rows)
        );
        let page = PageText::of(&html);
        assert_eq!(page.lines().filter(|(t, _)| *t == "1\tAbbot").count(), rows);
    }
}
