//! The lines of a TWDA event header that have a shape of their own: the date
//! (`February 6th 2022`), the players (`12 players`) and the rounds (`2R+F`,
//! `3 rounds`). Read by hand, character by character, as the regular
//! expressions they replace matched: case ignored (Unicode's simple case
//! folding, so `ſ` is an `s`, but for a month's name: ASCII letters, as the
//! event header reads it), Unicode white space and decimal digits, a Unicode
//! word boundary after a word.

use std::sync::LazyLock;

use chrono::NaiveDate;
use regex::Regex;

/// The month names, in order.
const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// The date at the start of a line, as written: month, day and year digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct DateParts<'a> {
    /// 1 to 12.
    pub month: u32,
    /// One or two digits (any decimal digits, not only ASCII).
    pub day: &'a str,
    /// The first four digits of the year.
    pub year: &'a str,
}

impl DateParts<'_> {
    /// The date, when the digits make one (ASCII digits, a day of the month).
    pub fn date(&self) -> Option<NaiveDate> {
        NaiveDate::from_ymd_opt(self.year.parse().ok()?, self.month, self.day.parse().ok()?)
    }
}

/// The date a line starts with: a month name in ASCII letters (any case),
/// white space, a day of one or two digits with an optional `st`/`nd`/`rd`/`th`
/// and comma, white space, four digits (what follows is not looked at: `2021
/// -- December 15th 2021`).
pub(super) fn date_parts(line: &str) -> Option<DateParts<'_>> {
    // Found by a byte comparison: no other month can match the line then, as
    // no month name starts another.
    let month = MONTHS.iter().position(|name| {
        line.as_bytes()
            .get(..name.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(name.as_bytes()))
    })?;
    let mut cursor = Cursor(&line[MONTHS[month].len()..]);
    if !cursor.spaces() {
        return None;
    }
    let day = cursor.digits(2);
    if day.is_empty() {
        return None;
    }
    let _ = ["st", "nd", "rd", "th"]
        .iter()
        .any(|suffix| cursor.word(suffix));
    cursor.char(|c| c == ',');
    if !cursor.spaces() {
        return None;
    }
    let year = cursor.digits(4);
    (year.chars().count() == 4).then_some(DateParts {
        month: u32::try_from(month + 1).ok()?,
        day,
        year,
    })
}

/// The count of a `12 players` line (`1 player` too): the digits, when the
/// line starts so.
pub(super) fn players(line: &str) -> Option<&str> {
    let mut cursor = Cursor(line);
    let count = cursor.digits(usize::MAX);
    if count.is_empty() || !cursor.spaces() || !cursor.word("player") {
        return None;
    }
    cursor.letter(b's');
    cursor.at_word_end().then_some(count)
}

/// Whether a line starts with the rounds played: `2R+F` (spaces allowed
/// around each part) or `3 rounds`.
pub(super) fn is_rounds(line: &str) -> bool {
    let mut cursor = Cursor(line);
    if cursor.digits(usize::MAX).is_empty() {
        return false;
    }
    cursor.spaces();
    let after_count = cursor;
    if cursor.letter(b'r') {
        cursor.spaces();
        if cursor.char(|c| c == '+') {
            cursor.spaces();
            if cursor.letter(b'f') && cursor.at_word_end() {
                return true;
            }
        }
    }
    cursor = after_count;
    if !cursor.word("round") {
        return false;
    }
    cursor.letter(b's');
    cursor.at_word_end()
}

/// What is left of a line to read.
#[derive(Debug, Clone, Copy)]
struct Cursor<'a>(&'a str);

impl<'a> Cursor<'a> {
    /// Takes the next character when it passes `test`.
    fn char(&mut self, test: impl Fn(char) -> bool) -> bool {
        match self.0.chars().next() {
            Some(c) if test(c) => {
                self.0 = &self.0[c.len_utf8()..];
                true
            }
            _ => false,
        }
    }

    /// Takes the next character when it is `letter` (ASCII lowercase), case ignored.
    fn letter(&mut self, letter: u8) -> bool {
        self.char(|c| same_letter(c, letter))
    }

    /// Takes a word (ASCII lowercase) written in any case; nothing is taken
    /// when the text does not start with it.
    fn word(&mut self, word: &str) -> bool {
        let start = *self;
        if word.bytes().all(|letter| self.letter(letter)) {
            return true;
        }
        *self = start;
        false
    }

    /// Takes the white space ahead; whether there was some.
    fn spaces(&mut self) -> bool {
        let rest = self.0.trim_start();
        let found = rest.len() < self.0.len();
        self.0 = rest;
        found
    }

    /// Takes up to `most` decimal digits and gives them.
    fn digits(&mut self, most: usize) -> &'a str {
        // ASCII digits followed by an ASCII character or the end (nearly
        // every count and date) are taken at once: the loop below stops there.
        let bytes = self.0.as_bytes();
        let ascii = bytes
            .iter()
            .take(most)
            .take_while(|b| b.is_ascii_digit())
            .count();
        if ascii == most || bytes.get(ascii).is_none_or(u8::is_ascii) {
            let (digits, rest) = self.0.split_at(ascii);
            self.0 = rest;
            return digits;
        }
        let start = self.0;
        let mut taken = 0;
        while taken < most && self.char(is_decimal_digit) {
            taken += 1;
        }
        &start[..start.len() - self.0.len()]
    }

    /// Whether a word ends here (a word character was just read): the end of
    /// the text or a character that is not a word character.
    fn at_word_end(&self) -> bool {
        !self.0.chars().next().is_some_and(is_word_char)
    }
}

/// Whether `c` is `letter` (ASCII lowercase, a letter of the words read
/// here) in either case, or the one other letter Unicode's simple case
/// folding gives one of them (`ſ` for `s`).
fn same_letter(c: char, letter: u8) -> bool {
    c.to_ascii_lowercase() == char::from(letter) || (letter == b's' && c == '\u{17f}')
}

/// Unicode's decimal digits (`\d`): ASCII ones, else the regex's own class.
fn is_decimal_digit(c: char) -> bool {
    static DECIMAL_DIGIT: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\A\d\z").expect("valid regex"));
    c.is_ascii_digit() || (!c.is_ascii() && c.is_numeric() && in_class(&DECIMAL_DIGIT, c))
}

/// Unicode's word characters (`\w`): ASCII ones, else the regex's own class.
fn is_word_char(c: char) -> bool {
    static WORD_CHAR: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\A\w\z").expect("valid regex"));
    if c.is_ascii() {
        c.is_ascii_alphanumeric() || c == '_'
    } else {
        in_class(&WORD_CHAR, c)
    }
}

/// Whether a regex of one character class matches `c`.
fn in_class(class: &Regex, c: char) -> bool {
    class.is_match(c.encode_utf8(&mut [0; 4]))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The regular expressions the hand readers replace.
    fn date_regex() -> Regex {
        Regex::new(r"(?i)^((?-u:january|february|march|april|may|june|july|august|september|october|november|december))\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})").unwrap()
    }
    fn players_regex() -> Regex {
        Regex::new(r"(?i)^(\d+)\s+players?\b").unwrap()
    }
    fn rounds_regex() -> Regex {
        Regex::new(r"(?i)^\d+\s*R\s*\+\s*F\b|^\d+\s*rounds?\b").unwrap()
    }

    /// Lines built from pieces that each part of the readers looks at, in
    /// every order a small random walk gives, plus hand-picked ones.
    fn tricky_lines() -> Vec<String> {
        let mut lines: Vec<String> = [
            "February 6th 2022",
            "february 6 2022",
            "FEBRUARY 06th, 2022",
            "December 13th 2021 -- December 15th 2021",
            "May 1st, 20222",
            "May 1st,2022",
            "May 1st , 2022",
            "May 123 2022",
            "May 12345 2022",
            "May 1 202",
            "May\u{a0}1\u{3000}2022",
            "May\t1\x0b2022",
            "Mayday 1 2022",
            "Auguſt 3rd 2019",
            "March 3ſt 2019",
            "June \u{661}\u{662} \u{661}\u{669}\u{669}\u{669}",
            "June 1\u{662} 2020",
            "June 12 \u{ff12}\u{ff10}\u{ff12}\u{ff10}",
            "July 4th\n2020",
            "Jul 4th 2020",
            "janvier 4 2020",
            "12 players",
            "1 player",
            "12 Players!",
            "12 playersé",
            "12 players_",
            "12 players\u{301}",
            "12 playerſ",
            "12players",
            "12  \u{2003} PLAYERS (online)",
            "\u{663}\u{664} players",
            "²3 players",
            "2R+F",
            "2 r + f",
            "2R+Final",
            "2R+F.",
            "2R+F\u{200d}",
            "3 rounds",
            "3 round",
            "3 Rounds + final",
            "3roundsé",
            "3 roundſ",
            "3R + 2F",
            "10 rounds\u{a0}",
            "",
            " 12 players",
            "é",
        ]
        .iter()
        .map(|line| line.to_string())
        .collect();
        const PIECES: [&str; 30] = [
            "may", "June", "DECEMBER", "march", "1", "12", "2022", "\u{661}", "st", "nd", "Rd",
            "TH", "ſ", ",", " ", "\u{a0}", "\t", "players", "player", "s", "R", "+", "F", "round",
            "rounds", "é", "_", "x", "\u{301}", "-",
        ];
        let mut random = crate::testing::Pieces(0x9e37_79b9);
        for _ in 0..20_000 {
            let length = 1 + random.next_number() as usize % 8;
            let line = random.text(&PIECES, length);
            // A count first too, so that the players and rounds lines are many.
            lines.push(format!("2{line}"));
            lines.push(line);
        }
        lines
    }

    #[test]
    fn date_parts_are_the_regex_captures() {
        let regex = date_regex();
        let mut dates = 0;
        for line in tricky_lines() {
            let expected = regex.captures(&line).map(|caps| {
                let month = MONTHS
                    .iter()
                    .position(|m| caps[1].to_lowercase().replace('ſ', "s") == *m)
                    .unwrap()
                    + 1;
                (
                    month as u32,
                    caps.get(2).unwrap().as_str(),
                    caps.get(3).unwrap().as_str(),
                )
            });
            let found = date_parts(&line).map(|d| (d.month, d.day, d.year));
            assert_eq!(found, expected, "{line:?}");
            dates += usize::from(found.is_some());
        }
        assert!(dates > 10, "only {dates} dates among the lines");
    }

    #[test]
    fn players_and_rounds_are_the_regex_matches() {
        let (players_re, rounds_re) = (players_regex(), rounds_regex());
        let (mut players_found, mut rounds_found) = (0, 0);
        for line in tricky_lines() {
            let expected = players_re
                .captures(&line)
                .map(|caps| caps.get(1).unwrap().as_str());
            assert_eq!(players(&line), expected, "{line:?}");
            assert_eq!(is_rounds(&line), rounds_re.is_match(&line), "{line:?}");
            players_found += usize::from(expected.is_some());
            rounds_found += usize::from(rounds_re.is_match(&line));
        }
        assert!(players_found > 10 && rounds_found > 10);
    }

    /// Every character a letter of the readers' words matches, case ignored,
    /// is the one the regex matches; and so for white space, digits and word
    /// characters, over all of Unicode.
    #[test]
    fn character_classes_are_the_regex_classes() {
        let any_letter = Regex::new(r"(?i)\A[abcdefghijlmnoprstuvy]\z").unwrap();
        let space = Regex::new(r"\A\s\z").unwrap();
        let digit = Regex::new(r"\A\d\z").unwrap();
        let word = Regex::new(r"\A\w\z").unwrap();
        let letters: Vec<(u8, Regex)> = b"abcdefghijlmnoprstuvy"
            .iter()
            .map(|&l| {
                (
                    l,
                    Regex::new(&format!("(?i)\\A{}\\z", char::from(l))).unwrap(),
                )
            })
            .collect();
        for c in (0..=0x10_ffff).filter_map(char::from_u32) {
            let text = c.to_string();
            if any_letter.is_match(&text) {
                for (letter, regex) in &letters {
                    assert_eq!(same_letter(c, *letter), regex.is_match(&text), "{c:?}");
                }
            } else {
                assert!(letters.iter().all(|(l, _)| !same_letter(c, *l)), "{c:?}");
            }
            assert_eq!(c.is_whitespace(), space.is_match(&text), "{c:?}");
            assert_eq!(is_decimal_digit(c), digit.is_match(&text), "{c:?}");
            assert_eq!(is_word_char(c), word.is_match(&text), "{c:?}");
        }
    }
}
