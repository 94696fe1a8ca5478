//! Turning a file's bytes into text: BOM, UTF-8 (line by line), Windows-1252,
//! UTF-16 with its BOM, CRLF.

use std::borrow::Cow;

/// A file's text, and the lines of it that were not UTF-8.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Decoded<'a> {
    /// The text, line breaks made LF.
    pub text: Cow<'a, str>,
    /// The lines read as Windows-1252 (not UTF-8), in order.
    pub not_utf8: Vec<NotUtf8>,
}

/// A line that was not UTF-8, read as Windows-1252.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NotUtf8 {
    /// 1-based line number.
    pub line: usize,
    /// The first byte of the line that is not UTF-8.
    pub byte: u8,
}

impl NotUtf8 {
    /// What was done, in words (`line 36 is not UTF-8: byte 0xE9 read as
    /// Windows-1252 "é"`).
    pub fn describe(&self) -> String {
        let byte = [self.byte];
        let read_as = from_windows_1252(&byte);
        format!(
            "line {} is not UTF-8: byte 0x{:02X} read as Windows-1252 {read_as:?}",
            self.line, self.byte
        )
    }
}

/// Decodes decklist bytes as `decode_lines` does, the text only.
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    decode_lines(bytes).text
}

/// Decodes decklist bytes: UTF-16 when they start with its byte order
/// mark; else UTF-8 (with or without BOM), each line that is not UTF-8 read
/// as Windows-1252 (a superset of Latin-1 for printable text), so that the
/// accents of an old file survive and one stray byte does not change how
/// the other lines read. CRLF and lone CR become LF. A UTF-8 text without
/// CR is borrowed, not copied.
// Out of line, so that a profile shows decoding as a phase of its own
// (scripts/profile-phases.sh).
#[inline(never)]
pub(crate) fn decode_lines(bytes: &[u8]) -> Decoded<'_> {
    if let Some(text) = from_utf16(bytes) {
        return Decoded {
            text: with_line_feeds(Cow::Owned(text)),
            not_utf8: Vec::new(),
        };
    }
    let bytes = without_bom(bytes);
    // UTF-8 checked with vector instructions (`simdutf8`, chosen at run
    // time): a third of the instructions of `std::str::from_utf8`.
    if let Ok(text) = simdutf8::basic::from_utf8(bytes) {
        return Decoded {
            text: with_line_feeds(Cow::Borrowed(text)),
            not_utf8: Vec::new(),
        };
    }
    by_line(&line_feeds_of_bytes(bytes))
}

/// Whether bytes start with a UTF-16 byte order mark.
pub fn has_utf16_bom(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\xff\xfe") || bytes.starts_with(b"\xfe\xff")
}

/// The text of UTF-16 bytes with their byte order mark (little or big
/// endian); `None` without one.
fn from_utf16(bytes: &[u8]) -> Option<String> {
    let encoding = if bytes.starts_with(b"\xff\xfe") {
        encoding_rs::UTF_16LE
    } else if bytes.starts_with(b"\xfe\xff") {
        encoding_rs::UTF_16BE
    } else {
        return None;
    };
    let text = encoding.decode_with_bom_removal(bytes).0;
    // A mark written twice (a tool that adds one to a text that had one):
    // the second is no text either.
    Some(text.trim_start_matches('\u{feff}').to_string())
}

/// The bytes after a UTF-8 byte order mark, or after several (a tool that
/// adds one to a text that had one): none of them is text, and a JSON
/// document after two marks is still read as JSON.
fn without_bom(mut bytes: &[u8]) -> &[u8] {
    while let Some(rest) = bytes.strip_prefix(b"\xef\xbb\xbf") {
        bytes = rest;
    }
    bytes
}

/// Bytes that are not UTF-8, read as Windows-1252.
fn from_windows_1252(bytes: &[u8]) -> Cow<'_, str> {
    encoding_rs::WINDOWS_1252
        .decode_without_bom_handling(bytes)
        .0
}

/// Bytes that are not all UTF-8, line by line: a UTF-8 line as it is, any
/// other read as Windows-1252 and noted.
fn by_line(bytes: &[u8]) -> Decoded<'static> {
    let mut text = String::with_capacity(bytes.len() + bytes.len() / 8);
    let mut not_utf8 = Vec::new();
    for (index, line) in bytes.split_inclusive(|&b| b == b'\n').enumerate() {
        match std::str::from_utf8(line) {
            Ok(utf8) => text.push_str(utf8),
            Err(error) => {
                not_utf8.push(NotUtf8 {
                    line: index + 1,
                    byte: line[error.valid_up_to()],
                });
                text.push_str(&from_windows_1252(line));
            }
        }
    }
    Decoded {
        text: Cow::Owned(text),
        not_utf8,
    }
}

/// Bytes with their CRLF and lone CR made LF (ASCII, the same in UTF-8 and
/// Windows-1252).
fn line_feeds_of_bytes(bytes: &[u8]) -> Cow<'_, [u8]> {
    if memchr::memchr(b'\r', bytes).is_none() {
        return Cow::Borrowed(bytes);
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut rest = bytes;
    while let Some(at) = memchr::memchr(b'\r', rest) {
        out.extend_from_slice(&rest[..at]);
        out.push(b'\n');
        rest = &rest[at + 1..];
        if let Some(after_lf) = rest.strip_prefix(b"\n") {
            rest = after_lf;
        }
    }
    out.extend_from_slice(rest);
    Cow::Owned(out)
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

    /// A byte order mark written twice (UTF-8 or UTF-16) is no text either:
    /// issue 41's JSON after two marks was read as no decklist.
    #[test]
    fn a_doubled_byte_order_mark_is_taken_out() {
        assert_eq!(
            decode(b"\xef\xbb\xbf\xef\xbb\xbf{\"a\": 1}\n"),
            "{\"a\": 1}\n"
        );
        let utf16: Vec<u8> = "\u{feff}\u{feff}{}"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(decode(&utf16), "{}");
        // A mark inside the text is kept: only the marks that start it go.
        assert_eq!(decode(b"a\xef\xbb\xbfb"), "a\u{feff}b");
    }

    #[test]
    fn latin1_accents_survive() {
        assert_eq!(decode(b"2x C\xe9leste\n"), "2x Céleste\n");
        assert_eq!(decode(b"God\x92s Light"), "God\u{2019}s Light");
    }

    /// One byte that is not UTF-8 makes its own line Windows-1252, not the
    /// whole file: a correct UTF-8 accent on another line stays as written,
    /// and the line of the byte is named (CR and CRLF counted as one break).
    #[test]
    fn a_stray_byte_changes_its_own_line_only() {
        let mut bytes = b"Deck\r\n".to_vec();
        bytes.extend(b"x\n".repeat(7));
        bytes.extend("2x Céleste Test\r".as_bytes());
        bytes.extend(b"y\n".repeat(26));
        bytes.extend(b"1x Caf\xe9 \xff\n");
        let decoded = decode_lines(&bytes);
        let lines: Vec<&str> = decoded.text.lines().collect();
        assert_eq!(lines[8], "2x Céleste Test");
        assert_eq!(lines[35], "1x Café ÿ");
        assert_eq!(
            decoded.not_utf8,
            [NotUtf8 {
                line: 36,
                byte: 0xe9
            }]
        );
        assert_eq!(
            decoded.not_utf8[0].describe(),
            "line 36 is not UTF-8: byte 0xE9 read as Windows-1252 \"é\""
        );
    }

    #[test]
    fn utf16_with_its_byte_order_mark_is_decoded() {
        let text = "2x Céleste Test\r\n1x Test Punch\n";
        let little: Vec<u8> = b"\xff\xfe"
            .iter()
            .copied()
            .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let big: Vec<u8> = b"\xfe\xff"
            .iter()
            .copied()
            .chain(text.encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        for bytes in [little, big] {
            assert!(has_utf16_bom(&bytes));
            assert_eq!(decode(&bytes), "2x Céleste Test\n1x Test Punch\n");
        }
    }
}
