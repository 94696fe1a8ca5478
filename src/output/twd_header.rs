//! The TWDA header lines of a deck: `Crypt (12 cards, min=8, max=26, avg=4.42)`,
//! `Library (90 cards)`, then one line per section (`Master (20; 4 trifle)`).

use std::fmt::Write;

use crate::analysis::TwdHeader;

/// Renders the headers, one per line, exactly as a TWDA entry writes them.
pub fn render(header: &TwdHeader) -> String {
    let mut out = String::new();
    let crypt = &header.crypt;
    let _ = writeln!(
        out,
        "Crypt ({} cards, min={}, max={}, avg={})",
        crypt.count, crypt.min, crypt.max, crypt.avg
    );
    let _ = writeln!(out, "Library ({} cards)", header.library);
    for section in &header.sections {
        if section.trifles > 0 {
            let _ = writeln!(
                out,
                "{} ({}; {} trifle)",
                section.type_name, section.count, section.trifles
            );
        } else {
            let _ = writeln!(out, "{} ({})", section.type_name, section.count);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{CryptHeader, LibrarySection};

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
