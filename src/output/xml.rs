//! Escaping text for XML and SVG: one function for every writer of markup
//! (JUnit reports, SVG charts).

/// Escapes text for XML element content or a quoted attribute value: the five
/// markup characters become entities, and control characters other than tab
/// and line feed (which XML 1.0 forbids, even escaped) are dropped.
pub fn escape_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() && c != '\t' && c != '\n' => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_characters_become_entities_and_controls_go() {
        assert_eq!(
            escape_text("<a href=\"x\">R&D's</a>"),
            "&lt;a href=&quot;x&quot;&gt;R&amp;D&apos;s&lt;/a&gt;"
        );
        assert_eq!(escape_text("a\u{1}b\tc\nd\u{7f}"), "ab\tc\nd");
    }
}
