//! Votes a crypt card's title gives in a referendum.
//!
//! The standard VTES values (VEKN rulebook, "Titles"): Camarilla primogen 1,
//! prince 2, justicar 3, Inner Circle 4; Sabbat bishop 1, archbishop 2,
//! priscus 3, cardinal 3, regent 4; Anarch baron 2; Laibon magaji 2;
//! independent titles as written on the card (`1 vote`, `2 votes`).

/// The votes a title gives, `None` for a title vtesdeck does not know.
pub fn title_votes(title: &str) -> Option<u32> {
    let title = title.trim().to_ascii_lowercase();
    let votes = match title.as_str() {
        "primogen" | "bishop" => 1,
        "prince" | "archbishop" | "baron" | "magaji" => 2,
        "justicar" | "priscus" | "cardinal" => 3,
        "inner circle" | "regent" => 4,
        written => {
            let (number, word) = written.split_once(' ')?;
            if word != "vote" && word != "votes" {
                return None;
            }
            number.parse().ok()?
        }
    };
    Some(votes)
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
    fn independent_votes_are_read_as_written() {
        assert_eq!(title_votes("1 vote"), Some(1));
        assert_eq!(title_votes("2 votes"), Some(2));
        assert_eq!(title_votes("2 bananas"), None);
        assert_eq!(title_votes("emperor"), None);
    }
}
