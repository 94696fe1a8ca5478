//! How people write a card's name other than as the card does: a missing
//! article, numbers in words or in digits. The deck's resolution tries these
//! forms when the name as written names no card.

/// The written name with one missing article put back, in every place
/// between two words (`Dreams of Sphinx` gives `Dreams the of Sphinx`,
/// `Dreams of the Sphinx`): tried when the name as written names no card.
pub fn article_forms(name: &str) -> Vec<String> {
    let words: Vec<&str> = name.split_whitespace().collect();
    if words.len() < 2 || words.len() > 8 {
        return Vec::new();
    }
    (1..words.len())
        .map(|at| {
            let mut form = words[..at].join(" ");
            form.push_str(" the ");
            form.push_str(&words[at..].join(" "));
            form
        })
        .collect()
}

/// Numbers written in digits in some names and in words in the card's name,
/// beyond [`NUMBER_WORDS`] (`Mask of 1000 Faces`).
const BIG_NUMBERS: [(&str, &str); 2] = [("1000", "a thousand"), ("100", "a hundred")];

/// Number words for 1 to 20, and their ordinals, as card names write them.
const NUMBER_WORDS: [(&str, &str); 20] = [
    ("one", "first"),
    ("two", "second"),
    ("three", "third"),
    ("four", "fourth"),
    ("five", "fifth"),
    ("six", "sixth"),
    ("seven", "seventh"),
    ("eight", "eighth"),
    ("nine", "ninth"),
    ("ten", "tenth"),
    ("eleven", "eleventh"),
    ("twelve", "twelfth"),
    ("thirteen", "thirteenth"),
    ("fourteen", "fourteenth"),
    ("fifteen", "fifteenth"),
    ("sixteen", "sixteenth"),
    ("seventeen", "seventeenth"),
    ("eighteen", "eighteenth"),
    ("nineteen", "nineteenth"),
    ("twenty", "twentieth"),
];

/// The written name with its numbers in the other form, when it has any:
/// digits and ordinals as words (`2nd Tradition` gives `second Tradition`),
/// or number words as digits (`Channel Ten` gives `Channel 10`).
pub fn number_forms(name: &str) -> Vec<String> {
    let mut as_words = Vec::new();
    let mut as_digits = Vec::new();
    let (mut words_changed, mut digits_changed) = (false, false);
    for word in name.split(' ') {
        let lower = word.to_ascii_lowercase();
        let digits_end = lower.bytes().take_while(u8::is_ascii_digit).count();
        let number: Option<usize> = lower[..digits_end].parse().ok();
        let suffix = &lower[digits_end..];
        let spelled = number
            .filter(|n| (1..=20).contains(n))
            .and_then(|n| match suffix {
                "" => Some(NUMBER_WORDS[n - 1].0),
                "st" | "nd" | "rd" | "th" => Some(NUMBER_WORDS[n - 1].1),
                _ => None,
            })
            .or_else(|| {
                BIG_NUMBERS
                    .iter()
                    .find(|(digits, _)| *digits == lower)
                    .map(|(_, words)| *words)
            });
        match spelled {
            Some(spelled) => {
                as_words.push(spelled.to_string());
                words_changed = true;
            }
            None => as_words.push(word.to_string()),
        }
        let numeral = NUMBER_WORDS
            .iter()
            .position(|(cardinal, ordinal)| lower == *cardinal || lower == *ordinal)
            .map(|i| {
                let n = i + 1;
                if lower == NUMBER_WORDS[i].0 {
                    n.to_string()
                } else {
                    let suffix = match n {
                        1 => "st",
                        2 => "nd",
                        3 => "rd",
                        _ => "th",
                    };
                    format!("{n}{suffix}")
                }
            });
        match numeral {
            Some(numeral) => {
                as_digits.push(numeral);
                digits_changed = true;
            }
            None => as_digits.push(word.to_string()),
        }
    }
    let mut forms = Vec::new();
    if words_changed {
        forms.push(as_words.join(" "));
    }
    if digits_changed {
        forms.push(as_digits.join(" "));
    }
    forms
}

#[cfg(test)]
mod tests {
    use super::*;
    use vtesdeck_cards::fold;

    #[test]
    fn numbers_turn_into_words_and_back() {
        assert_eq!(number_forms("2nd Tradition"), ["second Tradition"]);
        assert_eq!(number_forms("Channel Ten"), ["Channel 10"]);
        assert_eq!(number_forms("Fourth Tradition"), ["4th Tradition"]);
        assert!(number_forms("Deflection").is_empty());
        assert_eq!(
            number_forms("Mask of 1000 Faces"),
            ["Mask of a thousand Faces"]
        );
    }

    #[test]
    fn a_missing_article_is_put_back_between_words() {
        assert_eq!(
            article_forms("Dreams of Sphinx"),
            ["Dreams the of Sphinx", "Dreams of the Sphinx"]
        );
        assert!(article_forms("Deflection").is_empty());
        assert!(fold("Dreams of the Sphinx") == fold(&article_forms("Dreams of  Sphinx")[1]));
    }
}
