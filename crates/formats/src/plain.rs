//! Any list of counts and names, the way people type them: the count before
//! or after the name with any of the usual marks, or labelled (see
//! [`super::card_line`]); Markdown and HTML wrappers stripped; crypt rows with
//! columns (`Lucita (ADV) 8 DOM FOR OBT cel pot Lasombra:2`). Section headers
//! (`Crypt:`, `# Library (90 cards)`, `Master (20; 3 trifle)`, `Combat [15]`)
//! are skipped, their totals kept as declared counts; comments (`#`, `//`,
//! `--`, `<-`) are dropped. Any other line is a card line: a bare name is one
//! copy, resolved when it names a card and reported otherwise (but a first
//! line without a count that names no card is the list's title).

use super::card_line::{self, Split};
use super::declared_total;
use super::layout::Layout;
use crate::format::Format;
use vtesdeck_cards::{
    split_printing_suffix, CardKind, CardType, Discipline, PrintingHint, CAPACITIES,
};
use vtesdeck_deck::crypt_columns::WrittenColumns;
use vtesdeck_deck::raw::{
    CountPlace, DeclaredTotal, LineKind, LineProblem, OtherReading, RawDeck, RawLine, Reading,
    TotalOf,
};

/// Reads a plain list.
pub fn read(text: &str) -> RawDeck<'_> {
    read_as(text, Format::Plain)
}

/// Reads a plain list, labelled with the given format (JOL, Lackey and
/// Secret Library texts are plain lists with a known layout).
pub fn read_as(text: &str, format: Format) -> RawDeck<'_> {
    read_lines(
        vtesdeck_deck::raw::lines(text)
            .enumerate()
            .map(|(i, l)| (i + 1, l)),
        format,
    )
}

/// Reads numbered lines (1-based) as a plain list: for readers that handle a
/// header of their own and hand the rest of the file over.
pub fn read_lines<'a>(
    lines: impl Iterator<Item = (usize, &'a str)>,
    format: Format,
) -> RawDeck<'a> {
    let mut deck = RawDeck::new(format);
    let mut section = None;
    // A first line without a count may be the list's title: it is a card
    // only if it names one exactly.
    let mut at_top = true;
    // The last line written (not blank) before this one.
    let mut last_written = 0;
    for (number, raw) in lines {
        let was_at_top = at_top;
        let previous = last_written;
        if !raw.trim().is_empty() {
            at_top = false;
            last_written = number;
        }
        // An e-mail's header (`Subject: Re: ...`) before the deck: prose.
        if deck.lines.is_empty() && raw.contains(':') && mail_header(raw) {
            deck.meta.prose_skipped.push(number);
            continue;
        }
        // Metadata values are kept as written (`Saulot &amp; Friends`).
        if raw.contains(':') && is_metadata_field(raw.trim(), &mut deck) {
            if deck.meta.author.is_some() {
                title_before_author(&mut deck, previous);
            }
            continue;
        }
        let unwrapped = card_line::unwrap_markup(raw);
        let mut line = unwrapped.as_ref();
        if let Some(heading) = markdown_heading(line) {
            if let Some(kind) = section_header(heading) {
                section = kind;
                declare(&mut deck, kind, heading, number);
            } else if let Some(total) = declared_total::footer(heading, number, section) {
                deck.declared.totals.push(total);
            } else if was_at_top && deck.meta.name.is_none() && !heading.is_empty() {
                // `# Nossie bleed` on the first line: the list's title.
                deck.meta.name = Some(heading.to_string());
            }
            continue;
        }
        if line.is_empty()
            || line.starts_with('#')
            || line.starts_with("--")
            || line.starts_with("//")
            || line.starts_with("<-")
        {
            continue;
        }
        if let Some(kind) = section_header(line) {
            section = kind;
            // `Crypt: Alma (x2); Bert (x3)`: the section's cards on its line.
            let listed = line
                .split_once(':')
                .and_then(|(_, rest)| card_pieces(rest, number, section));
            match listed {
                Some(pieces) => {
                    for (piece, split) in pieces {
                        push_counted(&mut deck, number, piece, &split, section);
                    }
                }
                None => declare(&mut deck, kind, line, number),
            }
            continue;
        }
        // A heading known by its words, in any decoration (`— Crypt (12) —`,
        // `Action Modifiers:`): a part's opens it.
        if let Some(heading) = super::page::heading(line) {
            if let Some(part) = heading.part {
                section = Some(part);
                declare(&mut deck, Some(part), line, number);
            }
            continue;
        }
        if is_decoration(line) || is_metadata(line, &mut deck) {
            continue;
        }
        if deck.meta.author.is_none() {
            if let Some(author) = author_line(line) {
                if deck.lines.is_empty() || title_before_author(&mut deck, previous) {
                    deck.meta.author = Some(author.to_string());
                    continue;
                }
            }
        }
        line = card_line::strip_comment(line);
        if let Some(total) = declared_total::footer(line, number, section) {
            deck.declared.totals.push(total);
            continue;
        }
        if line.contains(';') {
            if let Some(pieces) = card_pieces(line, number, section) {
                for (piece, split) in pieces {
                    push_counted(&mut deck, number, piece, &split, section);
                }
                continue;
            }
        }
        // A crypt row's trailing `Clan:3` is its group, not a count.
        let split = card_line::split(line)
            .filter(|split| split.place != CountPlace::AfterName || !has_crypt_columns(line));
        let Some(split) = split else {
            if is_type_header(line) {
                continue;
            }
            let (name, hint, columns) = name_and_columns(line);
            let mut raw_line = RawLine::new(
                number,
                line,
                1,
                name,
                hint,
                section,
                if was_at_top {
                    LineKind::MaybeCard
                } else {
                    LineKind::Card
                },
            );
            raw_line.reading.count_place = CountPlace::Unwritten;
            raw_line.reading.columns = columns;
            // The line may be a copy without its markup: owned.
            deck.lines.push(raw_line.into_owned());
            continue;
        };
        push_counted(&mut deck, number, line, &split, section);
    }
    deck
}

/// The pieces of a `;` list of cards with their counts ([`card_line::semicolon_list`]),
/// when none is a declared total (`12 cards; 4 vampires`).
fn card_pieces(
    text: &str,
    number: usize,
    section: Option<CardKind>,
) -> Option<Vec<(&str, Split<'_>)>> {
    if !text.contains(';') {
        return None;
    }
    card_line::semicolon_list(text).filter(|pieces| {
        pieces
            .iter()
            .all(|(piece, _)| declared_total::footer(piece, number, section).is_none())
    })
}

/// Adds a line (or a piece of a `;` list) with a count: a card line, or a
/// problem when the count cannot be read; a type header is skipped.
fn push_counted(
    deck: &mut RawDeck,
    number: usize,
    line: &str,
    split: &Split,
    section: Option<CardKind>,
) {
    let count = match super::screen::card_count(split.count) {
        Ok(n) => n,
        // `2008 Wraiths`: digits too many for a count, maybe the name's.
        Err(_) if split.whole.is_some() && !line.contains('\t') => {
            let mut raw_line = RawLine::new(
                number,
                line,
                1,
                line,
                PrintingHint::default(),
                section,
                LineKind::Card,
            );
            raw_line.reading.count_place = CountPlace::Unwritten;
            deck.lines.push(raw_line.into_owned());
            return;
        }
        Err(_)
            if !vtesdeck_deck::raw::name_like(split.name)
                || split.place == CountPlace::AfterName =>
        {
            // `More decks at http://...?t=1234`, `Nationals 2022`: prose, no card line.
            deck.meta.prose_skipped.push(number);
            return;
        }
        Err(message) => {
            deck.problems.push(LineProblem {
                line: number,
                text: line.to_string(),
                message,
            });
            return;
        }
    };
    if is_type_header(split.name) {
        return;
    }
    deck.lines
        .push(card_line_of(number, line, count, split, section).into_owned());
}

/// The raw line of a split card line, with its other reading when the count
/// is a bare number that could be part of the name.
fn card_line_of<'t>(
    number: usize,
    line: &'t str,
    count: u32,
    split: &Split<'t>,
    section: Option<CardKind>,
) -> RawLine<'t> {
    let (name, hint, columns) = name_and_columns(split.name);
    let mut raw_line = RawLine::new(number, line, count, name, hint, section, LineKind::Card);
    raw_line.reading = Reading {
        count_place: split.place,
        columns,
        other: other_reading(split, &raw_line.name),
    };
    raw_line
}

/// The other reading of a line whose count is a bare number: the number as
/// part of the name (one copy), or the count written after the name.
fn other_reading(split: &Split, primary: &str) -> Option<Box<OtherReading>> {
    let (count, text, count_place) = match split.count_after {
        Some((count, name)) => (
            super::screen::card_count(count).ok()?,
            name,
            CountPlace::AfterName,
        ),
        None => (1, split.whole?, CountPlace::Unwritten),
    };
    let (name, _) = split_printing_suffix(text);
    (name != primary).then(|| {
        Box::new(OtherReading {
            count,
            name: name.to_string(),
            count_place,
        })
    })
}

/// The name, printing tag and columns of a line's text after the count:
/// crypt rows copied from deck sites keep only the name, their columns read
/// apart (they pick the printing).
fn name_and_columns(text: &str) -> (&str, PrintingHint, Option<WrittenColumns<'_>>) {
    if has_crypt_columns(text) {
        let row = crate::crypt_row::crypt_row(text);
        return (row.name, row.hint, row.columns);
    }
    let (name, hint) = split_printing_suffix(text);
    (name, hint, None)
}

/// Whether a text holds crypt columns after the name: a capacity ([`CAPACITIES`])
/// followed by disciplines (`DOM for`, `-none-`).
fn has_crypt_columns(text: &str) -> bool {
    let mut tokens = text.split_whitespace().skip(1).peekable();
    while let Some(token) = tokens.next() {
        let is_capacity =
            token.len() <= 2 && token.parse::<u8>().is_ok_and(|c| CAPACITIES.contains(&c));
        if is_capacity {
            return tokens.peek().is_some_and(|next| {
                next.eq_ignore_ascii_case("-none-") || Discipline::from_abbreviation(next).is_some()
            });
        }
    }
    false
}

/// `# Crypt (12 cards)`, `## Library`: the text of a Markdown heading.
fn markdown_heading(line: &str) -> Option<&str> {
    let hashes = line.bytes().take_while(|&b| b == b'#').count();
    if hashes == 0 || hashes > 6 {
        return None;
    }
    line[hashes..].strip_prefix([' ', '\t']).map(str::trim)
}

/// Keeps the total a section header announces (`Crypt (12 cards)`, `Library
/// [90]`); a second header of the part with another total (`Library: 88 cards`
/// closing the section) is kept as a declared total of its line.
fn declare(deck: &mut RawDeck, kind: Option<CardKind>, header: &str, number: usize) {
    let total = header
        .split(|c: char| !c.is_ascii_digit())
        .find(|digits| !digits.is_empty())
        .and_then(|digits| digits.parse::<u32>().ok());
    let (Some(kind), Some(total)) = (kind, total) else {
        return;
    };
    match deck.declared.of(kind).map(|(count, _)| count) {
        None => deck.declared.set(kind, Some(total), number),
        Some(first) if first != total => deck.declared.totals.push(DeclaredTotal {
            line: number,
            count: total,
            of: TotalOf::Part(kind),
        }),
        Some(_) => {}
    }
}

/// `Crypt`, `Crypt:`, `Crypt [12]`, `Library (90 cards)`: the section a header opens.
fn section_header(line: &str) -> Option<Option<CardKind>> {
    let word: String = line
        .chars()
        .take_while(|c| c.is_alphabetic())
        .collect::<String>()
        .to_ascii_lowercase();
    let rest = line[word.len()..].trim();
    let is_header = rest.is_empty()
        || rest.starts_with(':')
        || rest.starts_with('(')
        || rest.starts_with('[')
        || rest.chars().all(|c| c == '-' || c == '=' || c == ':');
    match word.as_str() {
        "crypt" if is_header => Some(Some(CardKind::Crypt)),
        "library" if is_header => Some(Some(CardKind::Library)),
        _ => None,
    }
}

/// A library type header: `Master (20; 3 trifle)`, `Combat [15]`, `Action Modifier/Combat`.
pub(super) fn is_type_header(line: &str) -> bool {
    // Up to the first `(`, `[` or `:` (ASCII: a byte loop, the type comes
    // first and is short), noting a `/` on the way.
    let mut slash = false;
    let end = line
        .bytes()
        .position(|b| {
            slash |= b == b'/';
            matches!(b, b'(' | b'[' | b':')
        })
        .unwrap_or(line.len());
    let head = &line[..end];
    let one_type = if slash {
        head.split('/').all(|t| CardType::parse(t).is_some())
    } else {
        // One type (nearly every header): no splitting to set up.
        CardType::parse(head).is_some()
    };
    // Else a heading in another decoration, or plural (`Masters:`, `— Combat (3) —`).
    one_type || super::page::heading(line).is_some()
}

/// Underlines and rules: `----`, `====`.
fn is_decoration(line: &str) -> bool {
    line.chars()
        .all(|c| matches!(c, '-' | '=' | '_' | '*' | '~'))
}

/// The author of a `by Someone` or `Created by Someone` line (written
/// before the first card line, without a colon): a few words that do not
/// start with a digit.
pub(super) fn author_line(line: &str) -> Option<&str> {
    let lower_start = |prefix: &str| {
        line.get(..prefix.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
    };
    let prefix = ["by ", "created by ", "deck by "]
        .into_iter()
        .find(|prefix| lower_start(prefix))?;
    let author = line[prefix.len()..].trim();
    let words = author.split_whitespace().count();
    let starts_well = author
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '@');
    (starts_well && (1..=5).contains(&words)).then_some(author)
}

/// A list's last card line, right before an author line (`15 Minutes of
/// Fame` then `by Ann`) with only bare lines before it, is the deck's title:
/// taken out of the card lines. Whether it was (or there was none to take).
fn title_before_author(deck: &mut RawDeck, previous: usize) -> bool {
    let bare = |line: &RawLine| line.reading.count_place == CountPlace::Unwritten;
    match deck.lines.as_slice() {
        [] => true,
        [before @ .., last]
            if last.line == previous
                && deck.meta.name.is_none()
                && before.iter().all(bare)
                && !is_field(&last.text) =>
        {
            let title = deck.lines.pop().map(|line| line.text.trim().to_string());
            deck.meta.name = title;
            true
        }
        _ => false,
    }
}

/// Whether a line is a `key: value` field of one word (`date: 2022-02-10`).
fn is_field(line: &str) -> bool {
    line.split_once(':').is_some_and(|(key, _)| {
        let key = key.trim();
        !key.is_empty() && !key.contains(char::is_whitespace)
    })
}

/// `Deck Name:`, `Author:`, `Description:` lines, kept as metadata; type headers.
fn is_metadata(line: &str, deck: &mut RawDeck) -> bool {
    if line.contains(':') && is_metadata_field(line, deck) {
        return true;
    }
    is_type_header(line)
}

/// `Deck Name:`, `Author:`, `Description:` lines, kept as metadata.
fn is_metadata_field(line: &str, deck: &mut RawDeck) -> bool {
    let Some((key, value)) = line.split_once(':') else {
        return false;
    };
    let value = value.trim().to_string();
    let value = (!value.is_empty()).then_some(value);
    match key.trim().to_ascii_lowercase().as_str() {
        "deck name" | "name" | "deck" => deck.meta.name = value,
        "author" | "created by" => deck.meta.author = value,
        "description" => deck.meta.description = value,
        _ => return false,
    }
    true
}

/// The `Plain` layout in the formats registry.
#[derive(Debug, Clone, Copy, Default)]
pub struct PlainLayout;

impl Layout for PlainLayout {
    fn format(&self) -> Format {
        Format::Plain
    }

    fn looks_like(&self, _text: &str) -> bool {
        true
    }

    fn read<'t>(&self, text: &'t str, _: &crate::reader::Reader) -> RawDeck<'t> {
        read(text)
    }
}

/// Whether a line is an e-mail header (`From: ...`, `Subject: ...`).
pub(crate) fn mail_header(text: &str) -> bool {
    let Some((key, _)) = text.trim().split_once(':') else {
        return false;
    };
    [
        "from", "to", "cc", "bcc", "subject", "date", "sent", "reply-to",
    ]
    .contains(&key.trim().to_ascii_lowercase().as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(text: &str) -> Vec<(u32, String)> {
        read(text)
            .lines
            .into_iter()
            .map(|l| (l.count, l.name.into_owned()))
            .collect()
    }

    #[test]
    fn type_headers_read_as_their_split_heads() {
        for line in [
            "Master (13; 2 trifle)",
            " Master\u{a0}(13)",
            "\u{3000}Combat [15]",
            "Action Modifier/Combat (4)",
            "Action Modifier / Combat",
            "Reaction:",
            "Ally\x0b(2)",
            "Equipment/ (1)",
            "/Master",
            "Politic/al Action",
            "Mastér (2)",
            "Master 2/3 (4)",
            "Combat",
            "",
            "(3)",
        ] {
            let end = line.find(['(', '[', ':']).unwrap_or(line.len());
            let expected = line[..end].split('/').all(|t| CardType::parse(t).is_some())
                || super::super::page::heading(line).is_some();
            assert_eq!(is_type_header(line), expected, "{line:?}");
        }
    }

    #[test]
    fn type_headers_are_told_from_card_lines() {
        for header in [
            "Master (13; 2 trifle)",
            "Action Modifier/Combat [5]",
            "combat: 3",
            "Reaction",
            "\u{a0}Master (2)",
            "Political Action (4)",
        ] {
            assert!(is_type_header(header), "{header:?}");
        }
        for line in [
            "Masterpiece (2)",
            "(Master)",
            "",
            "Master/Dodge (2)",
            "2x Master",
        ] {
            assert!(!is_type_header(line), "{line:?}");
        }
    }

    #[test]
    fn every_count_shape_is_read() {
        let text = "2x Alpha\n3 x Beta\n4xGamma\n5 Delta\n6\tEpsilon\nZeta x7\n8* Eta\n(9) Theta\n[10] Iota\nKappa (11)\nLambda - 12\n";
        let expected: Vec<(u32, String)> = [
            (2, "Alpha"),
            (3, "Beta"),
            (4, "Gamma"),
            (5, "Delta"),
            (6, "Epsilon"),
            (7, "Zeta"),
            (8, "Eta"),
            (9, "Theta"),
            (10, "Iota"),
            (11, "Kappa"),
            (12, "Lambda"),
        ]
        .into_iter()
        .map(|(n, s)| (n, s.to_string()))
        .collect();
        assert_eq!(counts(text), expected);
    }

    #[test]
    fn headers_are_skipped_and_sections_kept() {
        let deck = read("Crypt:\n2x Alma\nLibrary (3 cards)\nMaster (2; 1 trifle)\n2x Haven\nCombat [1]\n1x Punch\n");
        assert_eq!(deck.lines.len(), 3);
        assert_eq!(deck.lines[0].section, Some(CardKind::Crypt));
        assert_eq!(deck.lines[2].section, Some(CardKind::Library));
    }

    #[test]
    fn zero_and_negative_counts_are_problems() {
        let deck = read("0x Alpha\n-2x Beta\n");
        assert_eq!(deck.problems.len(), 2);
        assert!(deck.lines.is_empty());
    }

    #[test]
    fn huge_count_is_a_problem_not_a_panic() {
        let deck = read("999999999999x Alpha\n");
        assert_eq!(deck.problems.len(), 1);
    }

    #[test]
    fn markdown_headings_and_html_are_read() {
        let deck = read("# Crypt (2 cards)<br>\n- **2x Alpha**<br>\n## Master (13; 2 trifle)\n# Library (3 cards)\n3x Beta <- key\n");
        assert_eq!(deck.declared.crypt, Some(2));
        assert_eq!(deck.declared.library, Some(3));
        let lines: Vec<(u32, &str)> = deck.lines.iter().map(|l| (l.count, &*l.name)).collect();
        assert_eq!(lines, [(2, "Alpha"), (3, "Beta")]);
    }

    #[test]
    fn crypt_rows_keep_the_name_and_the_column_group() {
        let deck = read("2x Lucita (ADV)  8  DOM FOR OBT cel pot Lasombra:2\nLucita\t10\tDOM FOR OBT cel pot\tLasombra:3\n");
        assert_eq!(deck.lines[0].name, "Lucita");
        assert_eq!(deck.lines[0].hint.advanced, Some(true));
        let columns = deck.lines[0].reading.columns.as_ref();
        assert_eq!(
            columns.and_then(|c| c.group()),
            Some(vtesdeck_cards::Group::Number(2))
        );
        assert_eq!(columns.and_then(|c| c.read()?.capacity), Some(8));
        assert_eq!(deck.lines[1].name, "Lucita");
        assert_eq!(
            deck.lines[1].hint.group,
            Some(vtesdeck_cards::Group::Number(3))
        );
    }

    #[test]
    fn footer_totals_are_declared_counts_not_cards() {
        let deck = read("Crypt:\n2x Alma\nTotal: 2\nLibrary (3)\n3x Beta\n**Library total: 3**\n## 5 cards total\nLibrary: 4 cards\n");
        let lines: Vec<&str> = deck.lines.iter().map(|l| &*l.name).collect();
        assert_eq!(lines, ["Alma", "Beta"]);
        let totals: Vec<(usize, u32, TotalOf)> = deck
            .declared
            .totals
            .iter()
            .map(|t| (t.line, t.count, t.of))
            .collect();
        assert_eq!(
            totals,
            [
                (3, 2, TotalOf::PartOrDeck(CardKind::Crypt)),
                (6, 3, TotalOf::Part(CardKind::Library)),
                (7, 5, TotalOf::PartOrDeck(CardKind::Library)),
                (8, 4, TotalOf::Part(CardKind::Library)),
            ]
        );
    }

    #[test]
    fn a_title_heading_and_a_by_line_are_the_name_and_author() {
        let deck = read("# Nossie bleed\nby Some One\n2x Alpha\nby Later\n# Other\n");
        assert_eq!(deck.meta.name.as_deref(), Some("Nossie bleed"));
        assert_eq!(deck.meta.author.as_deref(), Some("Some One"));
        let lines: Vec<&str> = deck.lines.iter().map(|l| &*l.name).collect();
        // A `by` line after a card line is a card line; a later heading is no title.
        assert_eq!(lines, ["Alpha", "by Later"]);
        let deck = read("Deck Name: Kept\n# Not the title\nCreated by Ann\n1x Alpha\n");
        assert_eq!(deck.meta.name.as_deref(), Some("Kept"));
        assert_eq!(deck.meta.author.as_deref(), Some("Ann"));
        for line in ["by 3 votes", "by", "bypass", "by a b c d e f"] {
            assert_eq!(author_line(line), None, "{line:?}");
        }
    }

    #[test]
    fn a_list_separated_by_semicolons_is_one_card_line_a_piece() {
        let deck = read(
            "Crypt: Alma (x2); Bert (x3)\nLibrary: 12 cards; 4 vampires\n\
             Deflection (x4); 2x Deny;\nMaster (20; 3 trifle)\n",
        );
        let lines: Vec<(usize, u32, &str, &str)> = deck
            .lines
            .iter()
            .map(|l| (l.line, l.count, &*l.name, &*l.text))
            .collect();
        assert_eq!(
            lines,
            [
                (1, 2, "Alma", "Alma (x2)"),
                (1, 3, "Bert", "Bert (x3)"),
                (3, 4, "Deflection", "Deflection (x4)"),
                (3, 2, "Deny", "2x Deny"),
            ]
        );
        assert_eq!(deck.lines[0].section, Some(CardKind::Crypt));
        assert_eq!(deck.lines[2].section, Some(CardKind::Library));
        assert_eq!(deck.declared.crypt, None);
        assert_eq!(deck.declared.library, Some(12));
        // A piece without a count leaves the line whole.
        let deck = read("Deck Name: x\nAlpha (x2); Beta\n");
        assert_eq!(deck.lines.len(), 1);
    }

    #[test]
    fn bare_names_are_card_lines_of_one_copy() {
        let deck = read("Title\nAlpha\n2xBeta\n");
        assert_eq!(deck.lines[0].kind, LineKind::MaybeCard);
        assert_eq!(deck.lines[1].kind, LineKind::Card);
        assert_eq!(deck.lines[1].count, 1);
        assert_eq!(deck.lines[2].kind, LineKind::Card);
    }
}
