//! Turning a file's bytes into text: BOM, UTF-8, Windows-1252, CRLF.

use std::borrow::Cow;

/// Decodes decklist bytes: UTF-8 (with or without BOM), else Windows-1252
/// (a superset of Latin-1 for printable text), so accents survive; CRLF and
/// lone CR become LF. A UTF-8 text without CR is borrowed, not copied.
// Out of line, so that a profile shows decoding as a phase of its own
// (scripts/profile-phases.sh).
#[inline(never)]
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    let bytes = without_bom(bytes);
    // UTF-8 checked with vector instructions (`simdutf8`, chosen at run
    // time): a third of the instructions of `std::str::from_utf8`.
    let text = match simdutf8::basic::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => from_windows_1252(bytes),
    };
    with_line_feeds(text)
}

/// The bytes after a UTF-8 byte order mark.
fn without_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes)
}

/// Bytes that are not UTF-8, read as Windows-1252.
fn from_windows_1252(bytes: &[u8]) -> Cow<'_, str> {
    encoding_rs::WINDOWS_1252
        .decode_without_bom_handling(bytes)
        .0
}

/// A text with its CRLF and lone CR turned into LF.
fn with_line_feeds(text: Cow<'_, str>) -> Cow<'_, str> {
    if memchr::memchr(b'\r', text.as_bytes()).is_some() {
        Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n"))
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_with_bom_and_crlf() {
        assert_eq!(decode(b"\xef\xbb\xbf2x C\xc3\xa9leste\r\n"), "2x Céleste\n");
    }

    #[test]
    fn latin1_accents_survive() {
        assert_eq!(decode(b"2x C\xe9leste\n"), "2x Céleste\n");
        assert_eq!(decode(b"God\x92s Light"), "God\u{2019}s Light");
    }
}
