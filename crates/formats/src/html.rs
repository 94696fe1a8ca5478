//! Reading an HTML page as a browser builds it, for the ARDB HTML reader:
//! tags, text, comments and the `<!DOCTYPE>` are told apart in one pass,
//! and the elements are opened and closed as the HTML parsing rules say,
//! end tags a page may leave out included (a `<td>` closes the cell before
//! it, a `<tr>` the row, a `</table>` everything left open in the table, a
//! block the open `<p>`; `<li>`, `<dd>`, `<dt>`, `<option>` alike).
//!
//! No recursion anywhere: the open elements are a stack, so a page nested
//! 60,000 levels deep is read like any other (in memory linear in its depth),
//! and the work is linear in the text.

/// What the reader of a page is told, in document order: every element
/// opened is closed once (at its end tag, at the tag that implies its end,
/// or at the end of the text), and text arrives inside the elements open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event<'t> {
    /// An element opens.
    Open {
        /// Its tag name as written (compare without ASCII case).
        name: &'t str,
        /// Its `id` attribute, as written (character references not decoded).
        id: Option<&'t str>,
        /// Its `class` attribute, as written.
        class: Option<&'t str>,
        /// Its `role` attribute, as written (`navigation`).
        role: Option<&'t str>,
        /// Byte offset of its `<` in the text.
        offset: usize,
    },
    /// The innermost open element closes.
    Close,
    /// Text, as written (character references not decoded); the text of a
    /// `<script>` or `<style>` element is not given.
    Text(&'t str),
}

/// Elements that never hold anything: no end tag, never on the stack.
const VOID: [&str; 17] = [
    "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input",
    "keygen", "link", "meta", "param", "source", "track",
];

/// Elements whose text runs to their end tag, markup unread.
const RAW_TEXT: [&str; 6] = ["script", "style", "xmp", "iframe", "noembed", "noframes"];

/// The elements that stop the search for an open element to close (the
/// "scope" of the HTML rules): an end tag never closes past them.
const SCOPE: [&str; 9] = [
    "applet", "caption", "html", "table", "td", "th", "marquee", "object", "template",
];

/// Start tags that close an open `<p>`: the block elements.
const CLOSES_P: [&str; 37] = [
    "address",
    "article",
    "aside",
    "blockquote",
    "center",
    "details",
    "dialog",
    "dir",
    "div",
    "dl",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hgroup",
    "hr",
    "li",
    "dd",
    "dt",
    "main",
    "menu",
    "nav",
    "ol",
    "p",
    "pre",
    "section",
    "summary",
    "table",
    "ul",
];

/// The elements the HTML rules call special, besides the blocks of
/// [`CLOSES_P`] (special too): the end tag of another element (`</b>`,
/// `</span>`) closes it only when no special element is open inside it,
/// else it is ignored.
const ALSO_SPECIAL: [&str; 23] = [
    "applet", "body", "button", "caption", "colgroup", "frameset", "head", "html", "listing",
    "marquee", "noscript", "object", "search", "select", "tbody", "td", "template", "textarea",
    "tfoot", "th", "thead", "title", "tr",
];

/// Whether a tag name is one of `names` (ASCII case ignored).
fn is_one_of(name: &str, names: &[&str]) -> bool {
    names.iter().any(|n| n.eq_ignore_ascii_case(name))
}

/// The tag names the rules name, in the order of the constants below (each
/// one's number is its place here).
const NAMED: [&str; 19] = [
    "td", "th", "tr", "tbody", "thead", "tfoot", "table", "html", "li", "ol", "ul", "menu", "dd",
    "dt", "dl", "option", "optgroup", "select", "p",
];
const TD: usize = 0;
const TH: usize = 1;
const TR: usize = 2;
const TBODY: usize = 3;
const THEAD: usize = 4;
const TFOOT: usize = 5;
const TABLE: usize = 6;
const HTML: usize = 7;
const LI: usize = 8;
const OL: usize = 9;
const UL: usize = 10;
const MENU: usize = 11;
const DD: usize = 12;
const DT: usize = 13;
const DL: usize = 14;
const OPTION: usize = 15;
const OPTGROUP: usize = 16;
const SELECT: usize = 17;
const P: usize = 18;

/// What the rules need to know of a tag name.
#[derive(Debug, Clone, Copy)]
struct Kind {
    void: bool,
    raw_text: bool,
    scope: bool,
    special: bool,
    closes_p: bool,
}

impl Kind {
    fn of(name: &str) -> Kind {
        Kind {
            void: is_one_of(name, &VOID),
            raw_text: is_one_of(name, &RAW_TEXT),
            scope: is_one_of(name, &SCOPE),
            special: is_one_of(name, &CLOSES_P) || is_one_of(name, &ALSO_SPECIAL),
            closes_p: is_one_of(name, &CLOSES_P),
        }
    }
}

/// What stops the search for an element to close.
#[derive(Debug, Clone, Copy)]
enum Boundary {
    /// The elements of these names.
    Named(&'static [usize]),
    /// The elements of [`SCOPE`].
    Scope,
    /// The special elements ([`CLOSES_P`], [`ALSO_SPECIAL`]).
    Special,
}

/// The open elements, each name's places among them and the places of the
/// scope and special elements: which element an end tag closes is found
/// without walking the stack (a page of 60,000 open `<b>` and as many
/// `</i>` is read in linear time).
#[derive(Debug, Default)]
struct OpenElements {
    /// The name number of each open element, outermost first.
    names: Vec<usize>,
    /// Name numbers by lower-case name ([`NAMED`] first).
    numbers: std::collections::HashMap<String, usize>,
    /// By name number: what the name is, and its elements' places in `names`.
    kinds: Vec<(Kind, Vec<usize>)>,
    /// Places of the open elements of [`SCOPE`].
    scope: Vec<usize>,
    /// Places of the open special elements.
    special: Vec<usize>,
}

impl OpenElements {
    fn new() -> Self {
        let mut open = OpenElements::default();
        for name in NAMED {
            open.number(name);
        }
        open
    }

    /// The number of a tag name (ASCII case ignored).
    fn number(&mut self, name: &str) -> usize {
        let lower = if name.bytes().any(|b| b.is_ascii_uppercase()) {
            std::borrow::Cow::Owned(name.to_ascii_lowercase())
        } else {
            std::borrow::Cow::Borrowed(name)
        };
        if let Some(&number) = self.numbers.get(lower.as_ref()) {
            return number;
        }
        let number = self.kinds.len();
        self.kinds.push((Kind::of(&lower), Vec::new()));
        self.numbers.insert(lower.into_owned(), number);
        number
    }

    fn kind(&self, number: usize) -> Kind {
        self.kinds[number].0
    }

    fn push(&mut self, number: usize) {
        let place = self.names.len();
        let (kind, places) = &mut self.kinds[number];
        places.push(place);
        if kind.scope {
            self.scope.push(place);
        }
        if kind.special {
            self.special.push(place);
        }
        self.names.push(number);
    }

    /// Closes the elements from `place` on; how many closed.
    fn truncate(&mut self, place: usize) -> usize {
        let closed = self.names.len().saturating_sub(place);
        while self.names.len() > place {
            let Some(number) = self.names.pop() else {
                break;
            };
            let (kind, places) = &mut self.kinds[number];
            places.pop();
            if kind.scope {
                self.scope.pop();
            }
            if kind.special {
                self.special.pop();
            }
        }
        closed
    }

    /// The place of the innermost open element of one of these names.
    fn innermost(&self, numbers: &[usize]) -> Option<usize> {
        numbers
            .iter()
            .filter_map(|&n| self.kinds[n].1.last().copied())
            .max()
    }

    /// The place of the innermost open element of one of `targets`, unless
    /// a boundary element is open inside it.
    fn closable(&self, targets: &[usize], boundary: Boundary) -> Option<usize> {
        let target = self.innermost(targets)?;
        let boundary = match boundary {
            Boundary::Named(numbers) => self.innermost(numbers),
            Boundary::Scope => self.scope.last().copied(),
            Boundary::Special => self.special.last().copied(),
        };
        // A target that is itself a boundary is closed.
        match boundary {
            Some(place) if place > target => None,
            _ => Some(target),
        }
    }
}

/// The events of an HTML text, in document order (an iterator).
#[derive(Debug)]
pub struct Events<'t> {
    text: &'t str,
    /// Where the next token starts.
    at: usize,
    open: OpenElements,
    /// Events decided and not yet given, next one last (a tag may close
    /// several elements before it opens its own).
    pending: Vec<Event<'t>>,
}

impl<'t> Events<'t> {
    /// The events of a text.
    pub fn new(text: &'t str) -> Self {
        Events {
            text,
            at: 0,
            open: OpenElements::new(),
            pending: Vec::new(),
        }
    }

    /// Reads tokens until some event is decided; false at the end of the text.
    fn advance(&mut self) -> bool {
        while self.pending.is_empty() {
            if self.at >= self.text.len() {
                // The end of the text closes what is left open.
                self.close_from(0);
                return !self.pending.is_empty();
            }
            self.token();
        }
        // Decided in order, given in order.
        self.pending.reverse();
        true
    }

    /// Closes the open elements from a place on.
    fn close_from(&mut self, place: usize) {
        let closed = self.open.truncate(place);
        self.pending
            .extend(std::iter::repeat_n(Event::Close, closed));
    }

    /// Reads one token: a tag, a comment or declaration, or a run of text.
    fn token(&mut self) {
        let bytes = self.text.as_bytes();
        let start = self.at;
        let rest = &bytes[start..];
        let text_to_next_tag = |events: &mut Self| {
            let end = memchr::memchr(b'<', &rest[1..]).map_or(bytes.len(), |at| start + 1 + at);
            events.at = end;
            events.pending.push(Event::Text(&events.text[start..end]));
        };
        if rest[0] != b'<' {
            text_to_next_tag(self);
            return;
        }
        match rest.get(1) {
            Some(c) if c.is_ascii_alphabetic() => self.start_tag(),
            Some(b'/') => match rest.get(2) {
                Some(c) if c.is_ascii_alphabetic() => self.end_tag(),
                // `</>` is dropped; `</ ...>` is a comment.
                _ => self.skip_past(start + 2, b">"),
            },
            Some(b'!') if rest[2..].starts_with(b"--") => {
                let body = &rest[4..];
                if body.starts_with(b">") {
                    // `<!-->`
                    self.at = start + 5;
                } else if body.starts_with(b"->") {
                    // `<!--->`
                    self.at = start + 6;
                } else {
                    self.skip_past(start + 4, b"-->");
                }
            }
            // `<!DOCTYPE ...>`, `<![CDATA[...]]>`, `<?xml ...?>`: to the next `>`.
            Some(b'!' | b'?') => self.skip_past(start + 2, b">"),
            // A `<` that starts no tag is text.
            _ => text_to_next_tag(self),
        }
    }

    /// Moves past the next `needle` from `from` (to the end of the text when none).
    fn skip_past(&mut self, from: usize, needle: &[u8]) {
        let from = from.min(self.text.len());
        self.at = memchr::memmem::find(&self.text.as_bytes()[from..], needle)
            .map_or(self.text.len(), |at| from + at + needle.len());
    }

    /// A tag's name from `from`: to white space, `/` or `>`.
    fn tag_name(&self, from: usize) -> (&'t str, usize) {
        let bytes = self.text.as_bytes();
        let end = bytes[from..]
            .iter()
            .position(|&b| b.is_ascii_whitespace() || b == b'/' || b == b'>')
            .map_or(bytes.len(), |at| from + at);
        (&self.text[from..end], end)
    }

    /// A start tag at `self.at`: its element opened after the ends it implies.
    fn start_tag(&mut self) {
        let offset = self.at;
        let (name, after_name) = self.tag_name(offset + 1);
        let Some(tag) = attributes(self.text, after_name) else {
            // A tag cut by the end of the text is dropped, as browsers do.
            self.at = self.text.len();
            return;
        };
        self.at = tag.end;
        let number = self.open.number(name);
        let kind = self.open.kind(number);
        self.imply_ends(number, kind);
        self.pending.push(Event::Open {
            name,
            id: tag.id,
            class: tag.class,
            role: tag.role,
            offset,
        });
        if kind.void || tag.self_closing {
            // `<td />` in an XHTML page is an empty cell.
            self.pending.push(Event::Close);
        } else if kind.raw_text {
            // Their text is not the page's: skipped to the end tag.
            self.skip_raw_text(name);
            self.pending.push(Event::Close);
        } else {
            self.open.push(number);
        }
    }

    /// Moves past the end tag of a raw text element (`</script>`), whose
    /// text holds no markup.
    fn skip_raw_text(&mut self, name: &str) {
        let bytes = self.text.as_bytes();
        let mut from = self.at;
        while let Some(at) = memchr::memmem::find(&bytes[from..], b"</") {
            let close = from + at;
            let after = close + 2 + name.len();
            if bytes
                .get(close + 2..after)
                .is_some_and(|n| n.eq_ignore_ascii_case(name.as_bytes()))
                && bytes
                    .get(after)
                    .is_none_or(|&b| b.is_ascii_whitespace() || b == b'/' || b == b'>')
            {
                self.skip_past(after, b">");
                return;
            }
            from = close + 2;
        }
        self.at = bytes.len();
    }

    /// An end tag at `self.at`: the elements it closes.
    fn end_tag(&mut self) {
        let (name, after_name) = self.tag_name(self.at + 2);
        self.at = attributes(self.text, after_name).map_or(self.text.len(), |tag| tag.end);
        let number = self.open.number(name);
        let kind = self.open.kind(number);
        let boundary = match number {
            TD | TH | TR | TBODY | THEAD | TFOOT => Boundary::Named(&[TABLE, HTML]),
            LI => Boundary::Named(&[OL, UL, MENU, TABLE, TD, TH, HTML]),
            _ if kind.scope => Boundary::Named(&[HTML]),
            _ if kind.special => Boundary::Scope,
            // `</b>`, `</span>`: closes its element unless a special one is
            // open inside it.
            _ => Boundary::Special,
        };
        if let Some(place) = self.open.closable(&[number], boundary) {
            self.close_from(place);
        }
    }

    /// The ends a start tag implies: a cell closes the open cell, a row the
    /// open row, a block the open paragraph, and so on.
    fn imply_ends(&mut self, number: usize, kind: Kind) {
        let implied: Option<(&[usize], Boundary)> = match number {
            TD | TH => Some((&[TD, TH], Boundary::Named(&[TR, TABLE, HTML]))),
            TR => Some((&[TR], Boundary::Named(&[TABLE, HTML]))),
            TBODY | THEAD | TFOOT => {
                Some((&[TBODY, THEAD, TFOOT], Boundary::Named(&[TABLE, HTML])))
            }
            LI => Some((&[LI], Boundary::Named(&[OL, UL, MENU, TABLE, TD, TH, HTML]))),
            DD | DT => Some((&[DD, DT], Boundary::Named(&[DL, TABLE, TD, TH, HTML]))),
            OPTION | OPTGROUP => Some((&[OPTION], Boundary::Named(&[SELECT, TABLE, HTML]))),
            _ => None,
        };
        if let Some((targets, boundary)) = implied {
            if let Some(place) = self.open.closable(targets, boundary) {
                self.close_from(place);
            }
        }
        if kind.closes_p {
            if let Some(place) = self.open.closable(&[P], Boundary::Scope) {
                self.close_from(place);
            }
        }
    }
}

impl<'t> Iterator for Events<'t> {
    type Item = Event<'t>;

    fn next(&mut self) -> Option<Event<'t>> {
        if self.pending.is_empty() && !self.advance() {
            return None;
        }
        self.pending.pop()
    }
}

/// What a tag's attributes give: its `id`, `class` and `role`, whether it
/// ends with `/>`, and the offset after its `>`.
struct Tag<'t> {
    id: Option<&'t str>,
    class: Option<&'t str>,
    role: Option<&'t str>,
    self_closing: bool,
    end: usize,
}

/// Reads a tag's attributes from `from` (after its name) to its `>`;
/// `None` when the text ends first.
fn attributes(text: &str, from: usize) -> Option<Tag<'_>> {
    let bytes = text.as_bytes();
    let mut at = from;
    let mut id = None;
    let mut class = None;
    let mut role = None;
    let mut self_closing = false;
    loop {
        while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
            at += 1;
        }
        match *bytes.get(at)? {
            b'>' => {
                return Some(Tag {
                    id,
                    class,
                    role,
                    self_closing,
                    end: at + 1,
                })
            }
            b'/' => {
                self_closing = bytes.get(at + 1) == Some(&b'>');
                at += 1;
                continue;
            }
            _ => {}
        }
        self_closing = false;
        // The name: to white space, `/`, `>` or `=` (a first `=` is part of it).
        let name_start = at;
        at += 1;
        while bytes
            .get(at)
            .is_some_and(|&b| !b.is_ascii_whitespace() && !matches!(b, b'/' | b'>' | b'='))
        {
            at += 1;
        }
        let name = &text[name_start..at];
        while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
            at += 1;
        }
        if bytes.get(at) != Some(&b'=') {
            continue;
        }
        at += 1;
        while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
            at += 1;
        }
        let value = match *bytes.get(at)? {
            quote @ (b'"' | b'\'') => {
                let start = at + 1;
                let end = start + memchr::memchr(quote, &bytes[start..])?;
                at = end + 1;
                &text[start..end]
            }
            _ => {
                let start = at;
                while bytes
                    .get(at)
                    .is_some_and(|&b| !b.is_ascii_whitespace() && b != b'>')
                {
                    at += 1;
                }
                &text[start..at]
            }
        };
        let slot = if name.eq_ignore_ascii_case("id") {
            &mut id
        } else if name.eq_ignore_ascii_case("class") {
            &mut class
        } else if name.eq_ignore_ascii_case("role") {
            &mut role
        } else {
            continue;
        };
        if slot.is_none() {
            *slot = Some(value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page as nested brackets: `name[...]`, text in quotes (white space trimmed).
    fn tree(text: &str) -> String {
        let mut out = String::new();
        for event in Events::new(text) {
            match event {
                Event::Open { name, id, .. } => {
                    out.push_str(name);
                    if let Some(id) = id {
                        out.push('#');
                        out.push_str(id);
                    }
                    out.push('[');
                }
                Event::Close => out.push(']'),
                Event::Text(text) if !text.trim().is_empty() => {
                    out.push('"');
                    out.push_str(text.trim());
                    out.push('"');
                }
                Event::Text(_) => {}
            }
        }
        out
    }

    #[test]
    fn omitted_end_tags_are_implied_as_browsers_imply_them() {
        assert_eq!(
            tree("<table><tr><td>2x<td>Abbot<tr><td>3x<td>Deep Song</table>after"),
            "table[tr[td[\"2x\"]td[\"Abbot\"]]tr[td[\"3x\"]td[\"Deep Song\"]]]\"after\""
        );
        assert_eq!(
            tree("<ul><li>a<li>b</ul><p>one<p>two<div>three</div>"),
            "ul[li[\"a\"]li[\"b\"]]p[\"one\"]p[\"two\"]div[\"three\"]"
        );
        assert_eq!(
            tree("<dl><dt>a<dd>b<dt>c</dl>"),
            "dl[dt[\"a\"]dd[\"b\"]dt[\"c\"]]"
        );
        // `</tr>` closes the open cell; `</div>` what is left open in it.
        assert_eq!(
            tree("<div id=x><table><tr><td>a</tr></table><b>bold</div>z"),
            "div#x[table[tr[td[\"a\"]]]b[\"bold\"]]\"z\""
        );
    }

    #[test]
    fn an_end_tag_of_nothing_open_is_ignored() {
        assert_eq!(tree("<div>a</span>b</div>"), "div[\"a\"\"b\"]");
        // An inline end tag does not close past a block open inside it.
        assert_eq!(tree("<b><div>a</b>c</div>"), "b[div[\"a\"\"c\"]]");
        // A cell's end tag does not close past a table open inside the cell.
        assert_eq!(
            tree("<table><tr><td><table><tr><td>in</table>out</td></tr></table>"),
            "table[tr[td[table[tr[td[\"in\"]]]\"out\"]]]"
        );
    }

    #[test]
    fn void_self_closing_raw_text_comments_and_declarations() {
        assert_eq!(
            tree(
                "<!DOCTYPE html PUBLIC \"x\">\n<?xml version='1.0'?><!-- <td> --><!-->\
                 <td />a<br>b<img src='x>y'><script>if (a<b) '</td>'</script><style>td{}</STYLE >c"
            ),
            "td[]\"a\"br[]\"b\"img[]script[]style[]\"c\""
        );
        assert_eq!(tree("a < b <3 </> c"), "\"a\"\"< b\"\"<3\"\"c\"");
    }

    #[test]
    fn attributes_quoted_unquoted_and_cut() {
        let ids: Vec<Option<&str>> = Events::new(
            "<span class=\"a>b\" id=namevalue>x</span><div ID='crypt'><p id = \"s p\"/><a id=",
        )
        .filter_map(|event| match event {
            Event::Open { id, .. } => Some(id),
            _ => None,
        })
        .collect();
        assert_eq!(ids, [Some("namevalue"), Some("crypt"), Some("s p")]);
    }

    #[test]
    fn every_open_element_is_closed_and_offsets_point_at_the_tags() {
        let text = "<html><body><div><b>x<i>y";
        let events: Vec<Event> = Events::new(text).collect();
        let opens = events
            .iter()
            .filter(|e| matches!(e, Event::Open { .. }))
            .count();
        let closes = events.iter().filter(|e| **e == Event::Close).count();
        assert_eq!((opens, closes), (5, 5));
        for event in events {
            if let Event::Open { name, offset, .. } = event {
                assert_eq!(&text[offset + 1..offset + 1 + name.len()], name);
            }
        }
    }

    #[test]
    fn a_page_nested_sixty_thousand_levels_deep_is_read_without_recursion() {
        let depth = 60_000;
        let text = format!(
            "<div>{}{}</div>",
            "<b>x".repeat(depth),
            "</b>".repeat(depth)
        );
        let mut level = 0usize;
        let mut deepest = 0;
        for event in Events::new(&text) {
            match event {
                Event::Open { .. } => level += 1,
                Event::Close => level -= 1,
                Event::Text(_) => {}
            }
            deepest = deepest.max(level);
        }
        assert_eq!((deepest, level), (depth + 1, 0));
    }
}
