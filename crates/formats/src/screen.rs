//! Guards run on a decklist text before any reader sees it, so that hostile or
//! broken input gives a clear problem instead of a wrong reading or an
//! unbounded amount of work: binary data, control characters (a NUL byte),
//! and more lines than any decklist has (in a layout read line by line).
//! The card lines a reader gives are screened after it: one longer than
//! [`MAX_LINE_BYTES`] is no card line (descriptions, comments and markup of
//! any length are read). Also the one reading of a card count that every
//! reader shares.

use std::borrow::Cow;

use vtesdeck_deck::raw::LineProblem;

/// Most lines a decklist text of a layout read line by line is read to; the
/// rest of the file is reported and skipped.
pub const MAX_LINES: usize = 100_000;

/// Longest card line (in bytes): the text a card is read from (a line, a
/// JSON entry, an XML or HTML element's text). A longer one is reported, not
/// read; other lines (descriptions, comments, markup) may be of any length.
pub const MAX_LINE_BYTES: usize = 4096;

/// Largest number of copies one card line may give (and a deck hold of one card).
pub(crate) use vtesdeck_deck::{count_too_large, MAX_CARD_COUNT};

/// How much of a file [`looks_binary`] samples.
const BINARY_SAMPLE_BYTES: usize = 8192;

/// A text with the lines no reader should see blanked out (line numbers kept),
/// and the problems that explain why.
#[derive(Debug)]
pub struct Screened<'a> {
    /// The text to read: unchanged unless some line was blanked or the text cut.
    pub text: Cow<'a, str>,
    /// One problem per blanked line, and one for a text cut at [`MAX_LINES`].
    pub problems: Vec<LineProblem>,
}

/// What is known of a text's control characters before the screen reads
/// it: a file's bytes are tested once, before decoding, for the binary test
/// and the screen both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ControlTest {
    /// Nothing: the screen tests the text.
    Unknown,
    /// The quick test found nothing in the bytes the text is, as written:
    /// no control character, tab, CR or `0xC2` byte (nearly every file).
    Passed,
}

impl ControlTest {
    /// The screen's quick test run on a file's bytes; what it finds holds for
    /// the text only when decoding leaves the bytes as written
    /// ([`crate::decode::decode`] borrows them). Out of line, so that a profile
    /// counts it with the screen (scripts/profile-phases.sh).
    #[inline(never)]
    pub fn of_bytes(bytes: &[u8]) -> ControlTest {
        if may_hold_control(bytes) {
            ControlTest::Unknown
        } else {
            ControlTest::Passed
        }
    }
}

/// Whether a file's bytes are binary data rather than a text: a NUL byte or
/// another control character in more than one in 64 of the first 8 KiB, and
/// at least 8 of them (a stray NUL in a typed list is a line problem, not
/// this). UTF-16 with its byte order mark is a text ([`crate::decode::decode`]).
pub fn looks_binary(bytes: &[u8]) -> bool {
    if super::decode::has_utf16_bom(bytes) {
        return false;
    }
    let sample = &bytes[..bytes.len().min(BINARY_SAMPLE_BYTES)];
    if !may_hold_control(sample) {
        return false;
    }
    let controls = sample.iter().filter(|&&b| is_control_byte(b)).count();
    controls >= 8 && controls * 64 > sample.len()
}

/// Whether bytes that look binary are UTF-16 without its byte order mark
/// (a Latin text: a NUL byte at every other place, in the first 8 KiB).
pub fn looks_utf16(bytes: &[u8]) -> bool {
    let sample = &bytes[..bytes.len().min(BINARY_SAMPLE_BYTES)];
    let pairs = sample.len() / 2;
    let zeros_at = |parity: usize| {
        sample
            .iter()
            .skip(parity)
            .step_by(2)
            .filter(|&&b| b == 0)
            .count()
    };
    let (even, odd) = (zeros_at(0), zeros_at(1));
    pairs >= 4 && (even.min(odd) * 20 <= pairs) && (even.max(odd) * 10 >= pairs * 9)
}

/// The 1-based line of the first control character of a text (for the binary error).
pub fn first_control_line(bytes: &[u8]) -> usize {
    let at = bytes
        .iter()
        .position(|&b| is_control_byte(b))
        .unwrap_or(bytes.len());
    bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1
}

/// A control byte other than tab, LF, CR and form feed.
fn is_control_byte(b: u8) -> bool {
    (b < 0x20) & (b != b'\t') & (b != b'\n') & (b != b'\r') & (b != 0x0c) | (b == 0x7f)
}

/// A quick test before the exact ones: whether a text may hold a control
/// character, that is a control byte, or a tab, CR or form feed (allowed,
/// but one test less per byte to leave them in), or 0xC2 (the first byte of
/// the C1 controls U+0080 to U+009F, and of other Latin-1 signs). False for
/// nearly every decklist.
fn may_hold_control(bytes: &[u8]) -> bool {
    any_byte(bytes, |b| {
        (b < 0x20) & (b != b'\n') | (b == 0x7f) | (b == 0xc2)
    })
}

/// Whether a byte of `bytes` passes a branch-free test: 64 bytes at a time,
/// all tested, which the compiler turns into vector instructions; the last
/// bytes as the last 64 of the text (tested twice, rather than one by one).
fn any_byte(bytes: &[u8], test: impl Fn(u8) -> bool) -> bool {
    let any_in = |chunk: &[u8]| chunk.iter().fold(0, |found, &b| found | u8::from(test(b))) != 0;
    match bytes.len().checked_sub(64) {
        None => any_in(bytes),
        Some(last) => bytes.chunks_exact(64).any(any_in) || any_in(&bytes[last..]),
    }
}

/// Blanks the lines with control characters, and cuts the text after
/// `max_lines` lines ([`MAX_LINES`] for a layout read line by line), each
/// with a problem naming the line. A text whose control test `controls`
/// passed is not tested again.
pub fn screen(text: &str, max_lines: usize, controls: ControlTest) -> Screened<'_> {
    if is_clean(text, max_lines, controls) {
        return Screened {
            text: Cow::Borrowed(text),
            problems: Vec::new(),
        };
    }
    screen_lines(text, max_lines)
}

/// [`screen`], line by line: the reference, and the path of a text that
/// [`is_clean`] finds something wrong in.
fn screen_lines(text: &str, max_lines: usize) -> Screened<'_> {
    let mut problems = Vec::new();
    let mut kept = String::new();
    let mut changed = false;
    let mut end = text.len();
    let mut offset = 0;
    for (index, line) in text.split_inclusive('\n').enumerate() {
        let number = index + 1;
        if number > max_lines {
            problems.push(LineProblem {
                line: number,
                text: String::new(),
                message: format!(
                    "more than {max_lines} lines: the rest of the file is not read (not a decklist?)"
                ),
            });
            end = offset;
            changed = true;
            break;
        }
        let content = line.strip_suffix('\n').unwrap_or(line);
        let control = content
            .chars()
            .find(|&c| c.is_control() && !matches!(c, '\t' | '\r' | '\u{c}'));
        match control {
            Some(c) => {
                if !changed {
                    kept.reserve(text.len());
                    kept.push_str(&text[..offset]);
                    changed = true;
                }
                problems.push(LineProblem {
                    line: number,
                    text: shorten(content),
                    message: format!(
                        "contains the control character U+{:04X}: not read",
                        u32::from(c)
                    ),
                });
                if line.ends_with('\n') {
                    kept.push('\n');
                }
            }
            None if changed => kept.push_str(line),
            None => {}
        }
        offset += line.len();
    }
    let text = match (changed, kept.is_empty() && end < text.len()) {
        (false, _) => Cow::Borrowed(text),
        (true, true) => Cow::Borrowed(&text[..end]),
        (true, false) => Cow::Owned(kept),
    };
    Screened { text, problems }
}

/// Whether [`screen`] has nothing to blank or cut in a text: no control
/// character but tab, CR and form feed, at most `max_lines` lines. One pass
/// over the bytes, the common case of every decklist; the rare text that
/// fails it is screened line by line.
fn is_clean(text: &str, max_lines: usize, controls: ControlTest) -> bool {
    let bytes = text.as_bytes();
    // A quick test first (unless it was run on the file's bytes); a text it
    // finds something in is told apart byte by byte.
    if controls == ControlTest::Unknown && may_hold_control(bytes) && has_control(bytes) {
        return false;
    }
    // A text has no more lines than bytes: the size of most decklists settles it.
    bytes.len() <= max_lines || line_count(bytes) <= max_lines
}

/// The number of lines of a text (the last one counted when it does not end
/// with a newline).
fn line_count(bytes: &[u8]) -> usize {
    let newlines = memchr::memchr_iter(b'\n', bytes).count();
    newlines + usize::from(!bytes.is_empty() && !bytes.ends_with(b"\n"))
}

/// Whether a text holds a control character [`screen`] blanks (any but tab,
/// CR and form feed): the exact test behind [`is_clean`]'s quick one.
fn has_control(bytes: &[u8]) -> bool {
    bytes.iter().enumerate().any(|(at, &b)| {
        is_control_byte(b)
            || (b == 0xc2
                && bytes
                    .get(at + 1)
                    .is_some_and(|next| (0x80..=0x9f).contains(next)))
    })
}

// A line as shown in a problem: a short, printable excerpt (the deck
// model's `excerpt`, the one way every message quotes an input).
pub(crate) use vtesdeck_deck::excerpt as shorten;

/// Reads a card count as written (`"3"`, `"-3"`, `"999999999999"`): 1 to
/// [`MAX_CARD_COUNT`], else the message saying what is wrong with it.
#[inline]
pub fn card_count(text: &str) -> Result<u32, String> {
    // One digit from 1 to 9 (nearly every count): read where the call stands,
    // inlined in the readers' line loops.
    if let &[digit @ b'1'..=b'9'] = text.as_bytes() {
        return Ok(u32::from(digit - b'0'));
    }
    written_card_count(text)
}

/// [`card_count`] for any text.
fn written_card_count(text: &str) -> Result<u32, String> {
    // One to three digits (nearly every count, with no white space to trim):
    // their value, when a count.
    if let [first, rest @ ..] = text.as_bytes() {
        if rest.len() <= 2 && text.bytes().all(|b| b.is_ascii_digit()) {
            let value = rest
                .iter()
                .fold(u32::from(first - b'0'), |n, b| n * 10 + u32::from(b - b'0'));
            if (1..=MAX_CARD_COUNT).contains(&value) {
                return Ok(value);
            }
        }
    }
    let digits = vtesdeck_deck::raw::trim_line(text);
    if digits.starts_with('-') {
        return Err(format!(
            "negative card count {digits} (a count is 1 or more)"
        ));
    }
    match digits.parse::<u64>() {
        Ok(0) => Err("card count 0 (a count is 1 or more)".to_string()),
        Ok(n) if n > u64::from(MAX_CARD_COUNT) => Err(count_too_large(digits)),
        Ok(n) => u32::try_from(n).map_err(|_| format!("card count {digits} too large")),
        Err(_) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            Err(count_too_large(digits))
        }
        Err(_) => Err(format!("invalid card count {digits:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_text_is_borrowed_unchanged() {
        let screened = screen(
            "2x Alma Test\n\n3x Test Bleed\n",
            MAX_LINES,
            ControlTest::Unknown,
        );
        assert!(matches!(
            screened.text,
            Cow::Borrowed("2x Alma Test\n\n3x Test Bleed\n")
        ));
        assert!(screened.problems.is_empty());
    }

    #[test]
    fn fast_check_agrees_with_the_line_by_line_screen() {
        let long = "x".repeat(MAX_LINE_BYTES + 1);
        let lines_at_limit = "a\n".repeat(MAX_LINES);
        let lines_over_limit = "a\n".repeat(MAX_LINES) + "a";
        let texts = [
            "",
            "\n",
            "2x Deflection\n",
            "2x Deflection",
            "tab\there\r\nform\x0cfeed\n",
            "nul\0byte\n",
            "bell\x07\n",
            "del\x7f\n",
            "c1 \u{85} next line\n",
            "c1 \u{9f}\n",
            "not c1: \u{a0} \u{c0} é\n",
            &long,
            &(long.clone() + "\r\n"),
            &(long.clone() + "\u{a0}\n"),
            &("\u{a0}\n".to_string() + &lines_over_limit),
            &lines_at_limit,
            &lines_over_limit,
            &("a\n".repeat(3000) + &long + "\n\u{1}b"),
            &("x".repeat(100) + "\u{1}y"),
            &("x".repeat(127) + "\u{85}"),
            &("x".repeat(64) + "\t\u{c}\r\n"),
            &("\u{7f}".to_string() + &"x".repeat(64)),
        ];
        for text in texts {
            let reference = screen_lines(text, MAX_LINES);
            let clean = reference.problems.is_empty()
                && matches!(reference.text, Cow::Borrowed(t) if t == text);
            let shown = text.get(..40).unwrap_or(text);
            assert_eq!(
                is_clean(text, MAX_LINES, ControlTest::Unknown),
                clean,
                "{shown:?}"
            );
            // A text whose bytes passed the control test before is screened alike.
            if ControlTest::of_bytes(text.as_bytes()) == ControlTest::Passed {
                assert_eq!(
                    is_clean(text, MAX_LINES, ControlTest::Passed),
                    clean,
                    "{shown:?}"
                );
            }
        }
    }

    #[test]
    fn nul_line_is_blanked_and_named() {
        let screened = screen(
            "2x Alma Test\n2x Bruno\0 Test\n3x Test Bleed",
            MAX_LINES,
            ControlTest::Unknown,
        );
        assert_eq!(screened.text, "2x Alma Test\n\n3x Test Bleed");
        assert_eq!(screened.problems.len(), 1);
        assert_eq!(screened.problems[0].line, 2);
        assert_eq!(screened.problems[0].text, "2x Bruno\\u{0} Test");
        assert!(screened.problems[0].message.contains("U+0000"));
    }

    #[test]
    fn carriage_returns_and_tabs_are_text() {
        let screened = screen(
            "2x Alma Test\r\n3\tTest Bleed\r\n",
            MAX_LINES,
            ControlTest::Unknown,
        );
        assert!(screened.problems.is_empty());
    }

    #[test]
    fn a_long_line_is_left_to_the_reader() {
        let long = format!("1x {}\n2x Alma Test\n", "a".repeat(MAX_LINE_BYTES));
        let screened = screen(&long, MAX_LINES, ControlTest::Unknown);
        assert!(matches!(screened.text, Cow::Borrowed(_)));
        assert!(screened.problems.is_empty());
        assert!(shorten(&long).ends_with('…'));
    }

    #[test]
    fn an_excerpt_is_short_and_printable() {
        assert_eq!(shorten("2x Alma Test"), "2x Alma Test");
        let long = "é".repeat(vtesdeck_deck::EXCERPT_CHARS + 1);
        let cut = shorten(&long);
        assert_eq!(cut.chars().count(), vtesdeck_deck::EXCERPT_CHARS + 1);
        assert!(cut.ends_with('…'));
        assert_eq!(
            shorten("a\u{1b}[31mb\tc\u{202e}d\u{200b}e\u{feff}"),
            "a\\u{1b}[31mb\tc\\u{202e}d\\u{200b}e\\u{feff}"
        );
        // Accents and other scripts are printable, and kept.
        assert_eq!(shorten("Étienne Fauberge 東京"), "Étienne Fauberge 東京");
    }

    #[test]
    fn text_is_cut_after_max_lines() {
        let text = "2x Alma Test\n".repeat(MAX_LINES + 5);
        let screened = screen(&text, MAX_LINES, ControlTest::Unknown);
        assert_eq!(screened.text.lines().count(), MAX_LINES);
        assert_eq!(screened.problems.len(), 1);
        assert_eq!(screened.problems[0].line, MAX_LINES + 1);
        // A document (JSON, XML, HTML) is not cut.
        assert!(screen(&text, usize::MAX, ControlTest::Unknown)
            .problems
            .is_empty());
    }

    #[test]
    fn binary_is_told_from_a_stray_nul() {
        assert!(!looks_binary(b"2x Alma\0 Test\n3x Test Bleed\n"));
        let garbage: Vec<u8> = (0..4000u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
            .collect();
        assert!(looks_binary(&garbage));
        assert!(!looks_binary(b""));
        let utf16: Vec<u8> = "2x Alma Test\n3x Test Bleed\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert!(looks_binary(&utf16) && looks_utf16(&utf16));
        assert!(!looks_utf16(&garbage));
        let with_bom: Vec<u8> = [0xff, 0xfe].into_iter().chain(utf16).collect();
        assert!(!looks_binary(&with_bom));
        assert_eq!(first_control_line(b"a\nb\n\x01c"), 3);
    }

    #[test]
    fn counts_say_what_is_wrong() {
        assert_eq!(card_count("3"), Ok(3));
        for count in 1..=MAX_CARD_COUNT {
            let text = count.to_string();
            assert_eq!(card_count(&text), written_card_count(&text), "{text}");
        }
        assert_eq!(card_count("999"), Ok(999));
        assert_eq!(card_count(" 07 "), Ok(7));
        assert!(card_count("00").unwrap_err().contains("1 or more"));
        assert!(card_count("1x").unwrap_err().contains("invalid"));
        assert!(card_count("-3").unwrap_err().contains("negative"));
        assert!(card_count("0").unwrap_err().contains("1 or more"));
        assert!(card_count("1000").unwrap_err().contains("too large"));
        assert!(card_count("999999999999")
            .unwrap_err()
            .contains("too large"));
        assert!(card_count("99999999999999999999999")
            .unwrap_err()
            .contains("too large"));
    }
}
