//! One card line as people type it, before any card name is known: Markdown
//! and HTML wrappers, comments, and the count wherever it stands.
//!
//! The count may come before the name (`2x`, `2 x`, `2X`, `2×`, `2xx`, `2*`,
//! `x2`, `xx2`, `*2`, `=2`, `(2)`, `[2]`, `2<TAB>`, `2`), after it (`x2`,
//! `x 2`, `*2`, `=2`, `(2)`, `(x2)`, `[2]`, `- 2`, `-- 2`, `/ 2`, `// 2`,
//! `: 3`, `, 3`, `<TAB>3`, `3x`, `3`), or in a labelled field (`Quantity: 3`,
//! `Qty 3`, `3 copies`). A bare number could also be part of the name
//! (`419 Operation`, `Channel 10`): the split says so, and the card names decide.
//! A count may be glued to the name with its mark (`2xName`, `2*Name`, `4x.44
//! Magnum`), and a line may be a list of cards with counts, `;` between them.

use std::borrow::Cow;

use vtesdeck_deck::raw::CountPlace;

/// A line split into its count and its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Split<'a> {
    /// The count as written (digits, `-` first for a negative count).
    pub count: &'a str,
    /// The name (with its printing tag and columns, if any).
    pub name: &'a str,
    /// Where the count stood.
    pub place: CountPlace,
    /// The whole line as a name, when the count is a bare number that could
    /// be part of the name (`419 Operation`, `Tara 3`).
    pub whole: Option<&'a str>,
    /// With a bare number first, the count written after the name instead
    /// (`419 Operation x2`: two copies of `419 Operation`).
    pub count_after: Option<(&'a str, &'a str)>,
}

/// The marks of copies written with a count, read alike wherever a count is
/// read (every layout, every count cell): `x`, `X` and `×` (U+00D7
/// MULTIPLICATION SIGN, as the Secret Library writes `3×`): `3x`, `3 ×`, `×3`.
pub(crate) const TIMES: [char; 3] = ['x', 'X', '×'];

/// [`TIMES`] as a character class of a regular expression, for the layouts
/// whose lines are told by a pattern.
pub(crate) const TIMES_CLASS: &str = "[xX×]";

/// The line without Markdown and HTML wrappers: list bullets (`- `, `* `, `+ `,
/// `• `), bold marks (`**`, `__`), tags (`<br>`, `<li>`, `<b>`), entities
/// (`&amp;`). Borrowed when there is nothing to remove but bullets.
pub fn unwrap_markup(line: &str) -> Cow<'_, str> {
    let text = strip_bullets(line);
    if !text.contains(['<', '&']) && !text.contains("**") && !text.contains("__") {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(['<', '&']) {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        if let Some(tag_len) = html_tag_len(tail) {
            let inline = [
                "<b>",
                "</b>",
                "<i>",
                "</i>",
                "<strong>",
                "</strong>",
                "<em>",
                "</em>",
            ]
            .iter()
            .any(|t| tail[..tag_len].eq_ignore_ascii_case(t));
            if !inline && !out.ends_with(' ') {
                out.push(' ');
            }
            rest = &tail[tag_len..];
        } else if let Some((entity, len)) = html_entity(tail) {
            out.push_str(entity);
            rest = &tail[len..];
        } else {
            out.push_str(&tail[..1]);
            rest = &tail[1..];
        }
    }
    out.push_str(rest);
    let out = out.replace("**", "").replace("__", "");
    Cow::Owned(strip_bullets(&out).to_string())
}

/// The text without leading list bullets (`- `, `* `, `+ `, `• `, `+30x`).
fn strip_bullets(line: &str) -> &str {
    let mut text = line.trim();
    loop {
        let stripped = ["- ", "* ", "+ ", "• ", "· ", "– "]
            .iter()
            .find_map(|bullet| text.strip_prefix(bullet))
            .or_else(|| {
                text.strip_prefix('+')
                    .filter(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
            });
        match stripped {
            Some(rest) => text = rest.trim_start(),
            None => return text,
        }
    }
}

/// The length of an HTML tag at the start of a text (`<br>`, `</li>`, `<br />`).
fn html_tag_len(text: &str) -> Option<usize> {
    let after = text.strip_prefix('<')?;
    let first = after.chars().next()?;
    if !(first.is_ascii_alphabetic() || first == '/') {
        return None;
    }
    let close = after.find('>')?;
    let inner = &after[..close];
    let name_end = inner
        .find(|c: char| !c.is_ascii_alphanumeric() && c != '/')
        .unwrap_or(inner.len());
    let name = inner[..name_end].trim_matches('/');
    let known = HTML_TAGS.iter().any(|tag| name.eq_ignore_ascii_case(tag));
    let plain = inner.bytes().all(|b| {
        b.is_ascii_alphanumeric() || matches!(b, b'/' | b' ' | b'=' | b'"' | b'\'' | b'-')
    });
    (known && plain).then_some(close + 2)
}

/// The HTML tags a pasted decklist wraps its lines in; any other tag (an XML
/// document's `<card>`) is left in the text, so the line is reported.
const HTML_TAGS: [&str; 22] = [
    "br", "b", "i", "u", "em", "strong", "li", "ul", "ol", "p", "div", "span", "td", "tr", "th",
    "h1", "h2", "h3", "h4", "h5", "h6", "font",
];

/// An HTML entity at the start of a text: its text and length.
fn html_entity(text: &str) -> Option<(&'static str, usize)> {
    const ENTITIES: [(&str, &str); 7] = [
        ("&amp;", "&"),
        ("&nbsp;", " "),
        ("&#39;", "'"),
        ("&apos;", "'"),
        ("&quot;", "\""),
        ("&lt;", "<"),
        ("&gt;", ">"),
    ];
    ENTITIES
        .iter()
        .find(|(entity, _)| {
            text.get(..entity.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(entity))
        })
        .map(|(entity, replacement)| (*replacement, entity.len()))
}

/// The line without a trailing comment after `//`, `#` or `<-` (a `// 2` that
/// is a count is kept).
pub fn strip_comment(line: &str) -> &str {
    // Every comment mark holds `/`, `#` or `<`: most lines have none.
    if !line.bytes().any(|b| matches!(b, b'/' | b'#' | b'<')) {
        return line.trim_end();
    }
    let mut end = line.len();
    for mark in [" //", " #", "<-", "\t//", "\t#"] {
        let mut from = 0;
        while let Some(found) = line[from..end].find(mark) {
            let at = from + found;
            let tail = line[at + mark.len()..].trim_start_matches(['/', '-', '#']);
            if count_token(tail.trim()).is_some() {
                from = at + mark.len();
                continue;
            }
            end = at;
            break;
        }
    }
    line[..end].trim_end()
}

/// A count written as one token: `2`, `2x`, `2X`, `2×`, `2xx`, `2*`, `x2`,
/// `xx2`, `*2`, `=2`, `#2`, `(2)`, `[2]`, `(x2)`, `(2x)`, `-2x`: the digits and
/// whether a mark came with them.
fn count_token(token: &str) -> Option<(&str, bool)> {
    let (inner, bracketed) = match token.as_bytes() {
        [b'(', .., b')'] | [b'[', .., b']'] | [b'{', .., b'}'] => {
            (&token[1..token.len() - 1], true)
        }
        _ => (token, false),
    };
    let inner = inner.trim();
    let mut body = inner;
    let mut marked = bracketed;
    for prefix in ["xx", "x", "X", "×", "*", "=", "#"] {
        if let Some(rest) = body.strip_prefix(prefix) {
            if rest.starts_with(|c: char| c.is_ascii_digit()) {
                body = rest;
                marked = true;
                break;
            }
        }
    }
    let digits_start = usize::from(body.starts_with('-'));
    let digits_end = digits_start
        + body[digits_start..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
    if digits_end == digits_start {
        return None;
    }
    let suffix = &body[digits_end..];
    let suffix_ok = matches!(suffix, "" | "x" | "X" | "×" | "xx" | "XX" | "*");
    if !suffix_ok {
        return None;
    }
    let negative_ok = digits_start == 0 || !bracketed;
    negative_ok.then_some((&body[..digits_end], marked || !suffix.is_empty()))
}

/// Whether a token is a count mark standing alone between count and name
/// (`2 x Name`, `Name - 2`, `Name // 2`).
fn is_mark(token: &str) -> bool {
    matches!(
        token,
        "x" | "X" | "×" | "*" | "=" | "-" | "--" | "/" | "//" | ":" | "|" | "—" | "–"
    )
}

/// Field labels of the deck sites that write `Name, Clan: X, Quantity: 3`.
const FIELD_LABELS: [&str; 13] = [
    "clan",
    "disciplines",
    "discipline",
    "capacity",
    "group",
    "title",
    "sect",
    "type",
    "cost",
    "set",
    "quantity",
    "qty",
    "count",
];

/// Splits a line into its count and its name, in any of the shapes listed
/// above; `None` when the line has no count.
pub fn split(line: &str) -> Option<Split<'_>> {
    let line = line.trim().trim_end_matches([',', ';']).trim_end();
    labelled(line)
        .or_else(|| leading(line))
        .or_else(|| trailing(line))
        .or_else(|| trailing_before_comment(line))
        .filter(|split| !split.name.is_empty() && !split.name.bytes().all(|b| b.is_ascii_digit()))
}

/// The pieces of a list written on one line, `;` between them (`Deflection
/// (x4); Deny (x2)`), each split into its count and name: `None` unless
/// there are two pieces or more and every one has a count.
pub fn semicolon_list(line: &str) -> Option<Vec<(&str, Split<'_>)>> {
    let pieces: Vec<&str> = line
        .split(';')
        .map(str::trim)
        .filter(|piece| !piece.is_empty())
        .collect();
    if pieces.len() < 2 {
        return None;
    }
    pieces
        .into_iter()
        .map(|piece| split(piece).map(|split| (piece, split)))
        .collect()
}

/// `2x Name`, `2 x Name`, `2xName`, `(2) Name`, `x2 Name`, `2<TAB>Name`, `2 Name`.
fn leading(line: &str) -> Option<Split<'_>> {
    let token_end = line.find(char::is_whitespace).unwrap_or(line.len());
    let token = &line[..token_end];
    let (count, marked, after) = match count_token(token) {
        Some((count, marked)) => (count, marked, &line[token_end..]),
        None => {
            // `2xName`, `2*Name`, `4x.44 Magnum`: digits, a mark, then the
            // name (which may start with a dot or a quote).
            let digits = token.bytes().take_while(u8::is_ascii_digit).count();
            let rest = token.get(digits..)?;
            let mark = rest
                .chars()
                .next()
                .filter(|&c| TIMES.contains(&c) || c == '*')?;
            let name_start = &rest[mark.len_utf8()..];
            let starts_a_name = |c: char| c.is_alphabetic() || matches!(c, '.' | '\'' | '"');
            if digits == 0 || !name_start.starts_with(starts_a_name) {
                return None;
            }
            (&token[..digits], true, &line[digits + mark.len_utf8()..])
        }
    };
    let mut name = after.trim_start();
    let mut marked = marked;
    if let Some((first, rest)) = name.split_once(char::is_whitespace) {
        if is_mark(first) {
            name = rest.trim_start();
            marked = true;
        }
    }
    name = name.trim_start_matches([':', '-']).trim_start();
    let whole = (!marked).then_some(line);
    let count_after = whole
        .and_then(trailing)
        .filter(|after| after.whole.is_none() && !after.name.is_empty())
        .map(|after| (after.count, after.name));
    Some(Split {
        count,
        name,
        place: CountPlace::BeforeName,
        whole,
        count_after,
    })
}

/// `Name x2`, `Name x 2`, `Name (2)`, `Name - 2`, `Name: 3`, `Name, 3`,
/// `Name<TAB>3`, `Name 3x`, `Name 3`.
fn trailing(line: &str) -> Option<Split<'_>> {
    // After the last white space, whatever its width in bytes (`\u{a0}` is two).
    let token_start = line
        .char_indices()
        .rev()
        .find(|(_, c)| c.is_whitespace())
        .map_or(0, |(at, c)| at + c.len_utf8());
    let token = &line[token_start..];
    let (count, mut marked) = match count_token(token) {
        Some(found) => found,
        None => {
            // `Name:3`, `Name,3`, `Name=2`.
            let at = token.rfind([':', ',', '='])?;
            let (count, _) = count_token(&token[at + 1..])?;
            let name = line[..token_start + at].trim_end();
            return Some(Split {
                count,
                name,
                place: CountPlace::AfterName,
                whole: None,
                count_after: None,
            });
        }
    };
    if count.starts_with('-') {
        return None;
    }
    let before = &line[..token_start];
    marked |= before.ends_with('\t');
    let mut name = before.trim_end();
    if let Some((head, last)) = name.rsplit_once(char::is_whitespace) {
        if is_mark(last) {
            name = head.trim_end();
            marked = true;
        }
    }
    if let Some(stripped) = name.strip_suffix([':', ',', '=']) {
        name = stripped.trim_end();
        marked = true;
    }
    let whole = (!marked).then_some(line);
    Some(Split {
        count,
        name,
        place: CountPlace::AfterName,
        whole,
        count_after: None,
    })
}

/// `Name x3 (key!)`: a marked count followed by a comment in brackets.
fn trailing_before_comment(line: &str) -> Option<Split<'_>> {
    let open = line.strip_suffix(')')?.rfind('(')?;
    let split = trailing(line[..open].trim_end())?;
    split.whole.is_none().then_some(split)
}

/// `Name, Clan: X, Quantity: 3`, `Name Qty 3`, `Name - 3 copies`, `3 copies of Name`.
fn labelled(line: &str) -> Option<Split<'_>> {
    let lower_has = |needle: &str| {
        line.as_bytes()
            .windows(needle.len())
            .position(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
    };
    for label in ["quantity", "qty"] {
        let Some(at) = lower_has(label) else {
            continue;
        };
        let starts_word = at == 0 || !line.as_bytes()[at - 1].is_ascii_alphanumeric();
        if !starts_word {
            continue;
        }
        let after = line[at + label.len()..].trim_start_matches(['.', ':', '=', ' ', '\t']);
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            continue;
        }
        let name = name_before_fields(&line[..at]);
        return Some(Split {
            count: &after[..digits],
            name,
            place: CountPlace::Labelled,
            whole: None,
            count_after: None,
        });
    }
    for label in [" copies", " copy"] {
        let Some(at) = lower_has(label) else {
            continue;
        };
        let before = line[..at].trim_end();
        let digits_start = before
            .rfind(|c: char| !c.is_ascii_digit())
            .map_or(0, |i| i + 1);
        let count = &before[digits_start..];
        if count.is_empty() {
            continue;
        }
        let head = before[..digits_start]
            .trim_end()
            .trim_end_matches(|c: char| {
                TIMES.contains(&c) || matches!(c, '-' | ':' | ',' | '(' | '[')
            })
            .trim_end();
        let tail = line[at + label.len()..]
            .trim_start_matches([')', ']'])
            .trim_start();
        let tail = tail
            .strip_prefix("of ")
            .or_else(|| tail.strip_prefix("of\t"))
            .unwrap_or(tail)
            .trim_start_matches([':', '-'])
            .trim();
        let name = if head.is_empty() { tail } else { head };
        return Some(Split {
            count,
            name,
            place: CountPlace::Labelled,
            whole: None,
            count_after: None,
        });
    }
    None
}

/// The name before `, Clan: ...` fields (names themselves may hold commas).
fn name_before_fields(text: &str) -> &str {
    let mut end = text.len();
    let mut search = 0;
    while let Some(found) = text[search..].find(',') {
        let comma = search + found;
        let field = text[comma + 1..].trim_start();
        let label_end = field.find([':', ' ']).unwrap_or(field.len());
        let label = &field[..label_end];
        if FIELD_LABELS
            .iter()
            .any(|known| label.eq_ignore_ascii_case(known))
        {
            end = comma;
            break;
        }
        search = comma + 1;
    }
    text[..end]
        .trim_end()
        .trim_end_matches([',', ';', '-', '|', ':'])
        .trim_end()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(line: &str) -> Option<(&str, &str, CountPlace, bool)> {
        split(line).map(|s| (s.count, s.name, s.place, s.whole.is_some()))
    }

    #[test]
    fn a_count_after_a_wide_space_is_read_without_a_panic() {
        // A no-break space is two bytes in UTF-8: the count starts after both.
        assert_eq!(
            read("Deflection\u{a0}x2"),
            Some(("2", "Deflection", CountPlace::AfterName, false))
        );
        assert_eq!(read("Deflection\u{a0}ok\u{3000}"), None);
    }

    /// `3×` (the multiplication sign, as the Secret Library writes it),
    /// `3 ×`, `×3` are counts as `3x`, `3 x`, `x3` are, wherever they stand.
    #[test]
    fn the_multiplication_sign_marks_a_count_as_x_does() {
        use CountPlace::{AfterName as A, BeforeName as B};
        for (line, place) in [
            ("3× Tara", B),
            ("3 × Tara", B),
            ("×3 Tara", B),
            ("3×Tara", B),
            ("(3×) Tara", B),
            ("Tara ×3", A),
            ("Tara 3×", A),
            ("Tara × 3", A),
        ] {
            assert_eq!(read(line), Some(("3", "Tara", place, false)), "{line}");
            let with_x = line.replace('×', "x");
            assert_eq!(read(line), read(&with_x), "{line}");
        }
    }

    #[test]
    fn counts_before_the_name() {
        use CountPlace::BeforeName as B;
        let cases = [
            ("2x Tara", "2", "Tara", false),
            ("2 x Tara", "2", "Tara", false),
            ("2xTara", "2", "Tara", false),
            ("2X Tara", "2", "Tara", false),
            ("2xx Tara", "2", "Tara", false),
            ("x2 Tara", "2", "Tara", false),
            ("xx2 Tara", "2", "Tara", false),
            ("*2 Tara", "2", "Tara", false),
            ("=2 Tara", "2", "Tara", false),
            ("(2) Tara", "2", "Tara", false),
            ("[2] Tara", "2", "Tara", false),
            ("2\tTara", "2", "Tara", true),
            ("2 Tara", "2", "Tara", true),
            ("-3x Tara", "-3", "Tara", false),
            ("x30 Tara", "30", "Tara", false),
            ("2*deny", "2", "deny", false),
            ("4x.44 Magnum", "4", ".44 Magnum", false),
            ("1x'Tara'", "1", "'Tara'", false),
        ];
        for (line, count, name, whole) in cases {
            assert_eq!(read(line), Some((count, name, B, whole)), "{line}");
        }
    }

    #[test]
    fn semicolon_lists_split_when_every_piece_has_a_count() {
        let pieces: Vec<(&str, &str)> = semicolon_list("Deflection (x4); 2*Deny ; Tara x1;")
            .unwrap_or_default()
            .into_iter()
            .map(|(_, s)| (s.count, s.name))
            .collect();
        assert_eq!(pieces, [("4", "Deflection"), ("2", "Deny"), ("1", "Tara")]);
        assert!(semicolon_list("Deflection (x4); Deny").is_none());
        assert!(semicolon_list("Deflection (x4);").is_none());
    }

    #[test]
    fn counts_after_the_name() {
        use CountPlace::AfterName as A;
        let cases = [
            ("Tara x2", "2", "Tara", false),
            ("Tara x 2", "2", "Tara", false),
            ("Tara *2", "2", "Tara", false),
            ("Tara =2", "2", "Tara", false),
            ("Tara (2)", "2", "Tara", false),
            ("Tara (x3)", "3", "Tara", false),
            ("Tara [2]", "2", "Tara", false),
            ("Tara - 2", "2", "Tara", false),
            ("Tara -- 2", "2", "Tara", false),
            ("Tara / 2", "2", "Tara", false),
            ("Tara // 2", "2", "Tara", false),
            ("Tara: 3", "3", "Tara", false),
            ("Tara:3", "3", "Tara", false),
            ("Tara, 3", "3", "Tara", false),
            ("Tara\t3", "3", "Tara", false),
            ("Tara 3x", "3", "Tara", false),
            ("Tara x3,", "3", "Tara", false),
            ("Tara x3 (key!)", "3", "Tara", false),
            ("Tara 3", "3", "Tara", true),
        ];
        for (line, count, name, whole) in cases {
            assert_eq!(read(line), Some((count, name, A, whole)), "{line}");
        }
    }

    #[test]
    fn labelled_counts() {
        use CountPlace::Labelled as L;
        assert_eq!(
            read("Tariq, The Silent (G2), Clan: Assamite, Disciplines: obf qui, Quantity: 3"),
            Some(("3", "Tariq, The Silent (G2)", L, false))
        );
        assert_eq!(
            read("Deflection Qty 4"),
            Some(("4", "Deflection", L, false))
        );
        assert_eq!(
            read("Deflection - 4 copies"),
            Some(("4", "Deflection", L, false))
        );
        assert_eq!(
            read("4 copies of Deflection"),
            Some(("4", "Deflection", L, false))
        );
    }

    #[test]
    fn names_without_counts() {
        assert_eq!(read("Deflection"), None);
        assert_eq!(read("2nd Tradition: Domain"), None);
        assert_eq!(read("12"), None);
    }

    #[test]
    fn markup_and_comments_are_removed() {
        assert_eq!(unwrap_markup("- **2x Tara**<br>"), "2x Tara");
        assert_eq!(unwrap_markup("<li>2x Tara &amp; Co</li>"), "2x Tara & Co");
        assert_eq!(unwrap_markup("+30x Tara"), "30x Tara");
        assert_eq!(unwrap_markup("<name>Tara</name>"), "<name>Tara</name>");
        assert_eq!(strip_comment("2x Tara // the best"), "2x Tara");
        assert_eq!(strip_comment("Tara // 2"), "Tara // 2");
        assert_eq!(strip_comment("2x Tara <- key"), "2x Tara");
        assert_eq!(strip_comment("2x Tara # note"), "2x Tara");
    }
}
