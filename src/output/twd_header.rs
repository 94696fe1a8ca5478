//! The TWDA header lines of a deck: `Crypt (12 cards, min=8, max=26, avg=4.42)`,
//! `Library (90 cards)`, then one line per section (`Master (20; 4 trifle)`).

use crate::deck::TwdHeader;

/// Renders the headers, one per line, exactly as a TWDA entry writes them
/// (the wording of [`TwdHeader`]'s `Display`, which `convert --to twd` and
/// `parse` write too).
pub fn render(header: &TwdHeader) -> String {
    header.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::{CryptHeader, LibrarySection};

    #[test]
    fn headers_are_written_as_in_the_archive() {
        let header = TwdHeader {
            crypt: CryptHeader {
                count: 12,
                min: 8,
                max: 26,
                avg: "4.42".into(),
            },
            library: 90,
            sections: vec![
                LibrarySection {
                    type_name: "Master".into(),
                    count: 20,
                    trifles: 4,
                },
                LibrarySection {
                    type_name: "Action Modifier/Reaction".into(),
                    count: 12,
                    trifles: 0,
                },
            ],
        };
        assert_eq!(
            render(&header),
            "Crypt (12 cards, min=8, max=26, avg=4.42)\nLibrary (90 cards)\nMaster (20; 4 trifle)\nAction Modifier/Reaction (12)\n"
        );
    }
}
