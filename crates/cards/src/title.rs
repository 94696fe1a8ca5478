//! Votes a crypt card's title gives in a referendum.
//!
//! The standard VTES values (VEKN rulebook, "Titles"): Camarilla primogen 1,
//! prince 2, justicar 3, Inner Circle 4; Sabbat bishop 1, archbishop 2,
//! priscus 3, cardinal 3, regent 4; Anarch baron 2; Laibon magaji 2;
//! independent titles as written on the card (`1 vote`, `2 votes`).

/// The sect titles and their votes (independent titles write theirs: `2 votes`).
const TITLES: [(&str, u32); 10] = [
    ("primogen", 1),
    ("bishop", 1),
    ("prince", 2),
    ("archbishop", 2),
    ("baron", 2),
    ("magaji", 2),
    ("justicar", 3),
    ("priscus", 3),
    ("cardinal", 3),
    ("regent", 4),
];

/// The letters a title starts with (lower case), besides digits and `+`.
const FIRST_LETTERS: &[u8] = b"pbamjcri";

/// The votes a title gives, `None` for a title vtesdeck does not know (case
/// and spacing ignored).
pub fn title_votes(title: &str) -> Option<u32> {
    // Every title starts with one of these ASCII letters, a digit (`2 votes`)
    // or `+` (a number's sign), after any white space: a cheap refusal of the
    // other words of a crypt row (clans, paths), which are most calls.
    if let Some(&first) = title.as_bytes().first() {
        if first.is_ascii()
            && !char::from(first).is_whitespace()
            && !first.is_ascii_digit()
            && first != b'+'
            && !FIRST_LETTERS.contains(&first.to_ascii_lowercase())
        {
            return None;
        }
    }
    // One printable ASCII word (`Brujah`, most calls) is its own only word.
    let (first, second) = if !title.is_empty() && title.bytes().all(|b| b.is_ascii_graphic()) {
        (title, None)
    } else {
        let mut words = title.split_whitespace();
        let first = words.next()?;
        let second = words.next();
        if words.next().is_some() {
            return None;
        }
        (first, second)
    };
    match second {
        None => TITLES
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(first))
            .map(|(_, votes)| *votes),
        Some(second) if first.eq_ignore_ascii_case("inner") => {
            second.eq_ignore_ascii_case("circle").then_some(4)
        }
        Some(second) => (second.eq_ignore_ascii_case("vote")
            || second.eq_ignore_ascii_case("votes"))
        .then(|| first.parse().ok())
        .flatten(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sect_titles_have_the_rulebook_values() {
        assert_eq!(title_votes("primogen"), Some(1));
        assert_eq!(title_votes("prince"), Some(2));
        assert_eq!(title_votes("justicar"), Some(3));
        assert_eq!(title_votes("inner circle"), Some(4));
        assert_eq!(title_votes("bishop"), Some(1));
        assert_eq!(title_votes("archbishop"), Some(2));
        assert_eq!(title_votes("priscus"), Some(3));
        assert_eq!(title_votes("cardinal"), Some(3));
        assert_eq!(title_votes("regent"), Some(4));
        assert_eq!(title_votes("baron"), Some(2));
        assert_eq!(title_votes("magaji"), Some(2));
    }

    #[test]
    fn every_title_starts_with_a_letter_of_the_quick_refusal() {
        for (name, _) in TITLES.iter().chain([&("inner circle", 4)]) {
            assert!(FIRST_LETTERS.contains(&name.as_bytes()[0]), "{name}");
        }
        assert_eq!(title_votes("  Prince"), Some(2));
        assert_eq!(title_votes("\u{a0}prince"), Some(2));
        assert_eq!(title_votes("\x0bprince"), Some(2));
        assert_eq!(title_votes("+2 votes"), Some(2));
        assert_eq!(title_votes("Toreador"), None);
        assert_eq!(title_votes(""), None);
    }

    #[test]
    fn independent_votes_are_read_as_written() {
        assert_eq!(title_votes("1 vote"), Some(1));
        assert_eq!(title_votes("2 votes"), Some(2));
        assert_eq!(title_votes("2 bananas"), None);
        assert_eq!(title_votes("emperor"), None);
        assert_eq!(title_votes("Inner  Circle"), Some(4));
        assert_eq!(title_votes("inner"), None);
        assert_eq!(title_votes("prince of paris"), None);
    }
}
