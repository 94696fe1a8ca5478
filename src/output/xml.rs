//! Text in XML 1.0 documents (the JUnit report, SVG charts): the markup
//! characters escaped, and the characters XML 1.0 forbids (control characters
//! other than tab, line feed and carriage return; U+FFFE, U+FFFF) or
//! discourages (C1 controls, noncharacters) replaced by U+FFFD, which no
//! reference can spell: a file name holding one then still makes a valid document,
//! and the replacement character shows where it was.

/// The character put in place of one XML cannot hold.
const REPLACEMENT: char = '\u{FFFD}';

/// Whether XML 1.0 cannot hold `c` (forbidden) or advises against it (discouraged).
fn is_unfit(c: char) -> bool {
    let code = u32::from(c);
    match c {
        '\t' | '\n' | '\r' => false,
        _ if code < 0x20 => true,
        '\u{7F}'..='\u{84}' | '\u{86}'..='\u{9F}' => true,
        '\u{FDD0}'..='\u{FDEF}' => true,
        _ => code & 0xFFFE == 0xFFFE,
    }
}

/// Escapes text for element content: markup characters as entities, a carriage
/// return as `&#13;` (a parser would turn a literal one into a line feed),
/// unfit characters replaced; tabs and line feeds kept.
pub(crate) fn escape_text(text: &str) -> String {
    escape(text, false)
}

/// Escapes text for an attribute value (in double or single quotes): as
/// [`escape_text`], and tabs and line breaks as references, which a parser
/// would otherwise turn into spaces.
pub(crate) fn escape_attribute(text: &str) -> String {
    escape(text, true)
}

fn escape(text: &str, attribute: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\r' => out.push_str("&#13;"),
            '\n' if attribute => out.push_str("&#10;"),
            '\t' if attribute => out.push_str("&#9;"),
            c if is_unfit(c) => out.push(REPLACEMENT),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether every character of `text` is one XML 1.0 allows (its `Char` production).
    fn only_xml_chars(text: &str) -> bool {
        text.chars().all(|c| {
            matches!(u32::from(c), 0x9 | 0xA | 0xD | 0x20..=0xD7FF | 0xE000..=0xFFFD | 0x10000..=0x10FFFF)
        })
    }

    #[test]
    fn markup_is_escaped() {
        assert_eq!(
            escape_attribute("a<b>&\"c'\n\td"),
            "a&lt;b&gt;&amp;&quot;c&apos;&#10;&#9;d"
        );
        assert_eq!(escape_text("a\nb\tc\r"), "a\nb\tc&#13;");
    }

    #[test]
    fn forbidden_and_discouraged_characters_become_the_replacement_character() {
        let hostile =
            "deck\u{FFFE}\u{FFFF}\u{0}\u{1B}\u{7F}\u{85}\u{9F}\u{FDD0}\u{1FFFF}\u{10FFFE}.txt";
        let escaped = escape_attribute(hostile);
        assert!(only_xml_chars(&escaped), "{escaped:?}");
        assert_eq!(
            escaped,
            format!(
                "deck{}\u{85}{}.txt",
                "\u{FFFD}".repeat(5),
                "\u{FFFD}".repeat(4)
            )
        );
    }

    #[test]
    fn every_character_comes_out_as_an_xml_character() {
        // All of the Basic Multilingual Plane but the surrogates, and the ends of the other planes.
        let all: String =
            (0u32..=0xFFFF)
                .chain((1..=16).flat_map(|plane| {
                    [plane << 16, (plane << 16) | 0xFFFE, (plane << 16) | 0xFFFF]
                }))
                .filter_map(char::from_u32)
                .collect();
        assert!(only_xml_chars(&escape_text(&all)));
        assert!(only_xml_chars(&escape_attribute(&all)));
    }
}
