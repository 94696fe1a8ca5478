use super::screen;
use crate::format::Format;
use crate::registry::detect;
use vtesdeck_deck::raw::LineKind;

/// Extensions of decklist files: a file with one of these is read whatever it holds.
pub(crate) const DECKLIST_EXTENSIONS: &[&str] = &[
    "txt", "text", "twd", "dek", "deck", "lst", "eld", "lackey", "json",
];

/// File stems of the documents a repository keeps beside its content
/// (`README.md`, `LICENSE`, `CHANGELOG.txt`): never decklists.
const REPOSITORY_DOCUMENTS: &[&str] = &[
    "readme",
    "license",
    "licence",
    "copying",
    "changelog",
    "changes",
    "contributing",
    "authors",
    "notice",
    "code_of_conduct",
    "security",
];

/// How many bytes of a file of unknown extension are read to sniff it.
pub(crate) const SNIFF_BYTES: usize = 64 * 1024;

/// The mark in the `<head>` of every page of a vtesdeck report, by which a
/// report written inside a folder of decks is not read back as decks.
pub const REPORT_PAGE_MARK: &str = "<meta name=\"generator\" content=\"vtesdeck\">";

/// Why a file was judged not to be a decklist.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NotDecklist {
    /// A repository document by its name (`README.md`, `LICENSE`).
    Document,
    /// Binary data (an image, an archive).
    Binary,
    /// A text of another extension whose content does not read as a decklist.
    Text,
    /// A page of a vtesdeck report (its [`REPORT_PAGE_MARK`]).
    ReportPage,
    /// A file of a decklist extension in which no line reads as a card (an
    /// empty file, a note of prose), found when it is read.
    NoCardLine,
    /// A `.json` file whose document is of no deck layout and holds no card
    /// entry (a `package.json`, a `renovate.json`): a repository's settings.
    NoCardEntry,
    /// A text in which most card lines name no VTES card (a Magic or
    /// Pokémon list), found when it is read.
    OtherGame,
}

impl NotDecklist {
    /// Why, in words (for the list of skipped files).
    pub fn reason(self) -> &'static str {
        match self {
            NotDecklist::Document => "a repository document (README, LICENSE...), not a decklist",
            NotDecklist::Binary => "binary data (an image, an archive...), not a decklist",
            NotDecklist::Text => {
                "not a decklist extension, and its text does not read as a decklist"
            }
            NotDecklist::ReportPage => "a page of a vtesdeck report, not a decklist",
            NotDecklist::NoCardLine => {
                "no line reads as a card (an empty file, or only prose), not a decklist"
            }
            NotDecklist::NoCardEntry => {
                "a JSON document with no card entry (settings: package.json, renovate.json...), \
                 not a decklist"
            }
            NotDecklist::OtherGame => {
                "most card lines name no VTES card (a list of another game?), not a decklist"
            }
        }
    }
}

/// Whether the file name alone settles it: `Some(true)` for a decklist
/// extension, `Some(false)` for a repository document, `None` when the content
/// must be sniffed.
///
/// Telling the decklists of a folder from the other files a repository of
/// decks holds (a README, a licence, an image): by name and extension first,
/// then by content. Only files found by walking a folder are sorted this way;
/// a file named on the command line is always read.
pub fn by_name(file_name: &str) -> Option<bool> {
    let lower = file_name.to_ascii_lowercase();
    let (stem, extension) = match lower.split_once('.') {
        Some((stem, _)) => (
            stem,
            lower
                .rsplit_once('.')
                .map_or("", |(_, extension)| extension),
        ),
        None => (lower.as_str(), ""),
    };
    if REPOSITORY_DOCUMENTS.contains(&stem) {
        return Some(false);
    }
    DECKLIST_EXTENSIONS.contains(&extension).then_some(true)
}

/// Whether a file of the extension `json` found in a folder is read, by its
/// first bytes (at most [`SNIFF_BYTES`]): a JSON document of no deck layout in
/// which no card entry is found (a `package.json`, a `renovate.json`) is not.
/// A document cut at the sniffed length, or that does not parse, is read, so
/// that its reader says what is wrong with it.
pub(crate) fn json_by_content(head: &[u8]) -> Result<(), NotDecklist> {
    let text = crate::decode::decode(head);
    if detect(&text) == Format::Shape && super::shape::holds_no_card_entry(&text) {
        return Err(NotDecklist::NoCardEntry);
    }
    Ok(())
}

/// Whether the first bytes of a file of unknown extension (at most
/// [`SNIFF_BYTES`]) hold a decklist: a text in a layout of its own shape (TWD,
/// Lackey, JSON...; an HTML page only with the parts of an ARDB deck page,
/// never a vtesdeck report's), or a list whose card lines are at least half
/// of its non-blank lines.
pub(crate) fn by_content(head: &[u8]) -> Result<(), NotDecklist> {
    if screen::looks_binary(head) {
        return Err(NotDecklist::Binary);
    }
    let decoded = crate::decode::decode(head);
    let text = match detect(&decoded) {
        Format::Plain => decoded,
        Format::ArdbHtml if decoded.contains(REPORT_PAGE_MARK) => {
            return Err(NotDecklist::ReportPage)
        }
        // A page that is no deck builder's (a deck guide, a blog post): its
        // text as a browser lays it out, judged as a plain list is.
        Format::ArdbHtml if !super::ardb_html::has_deck_parts(&decoded) => {
            std::borrow::Cow::Owned(super::html_text::PageText::of(&decoded).text)
        }
        // A JSON or XML document of no known layout in which no card entry is found.
        Format::Shape if super::shape::holds_no_card_entry(&decoded) => {
            return Err(NotDecklist::Text)
        }
        _ => return Ok(()),
    };
    let deck = crate::read::read(
        &text,
        Some(Format::Plain),
        &crate::reader::Reader::default(),
    );
    let card_lines = deck
        .lines
        .iter()
        // A bare name is a card line of a plain list, but prose is bare too:
        // only lines with a written count tell a decklist.
        .filter(|line| {
            line.kind != LineKind::MaybeCard
                && line.reading.count_place != vtesdeck_deck::raw::CountPlace::Unwritten
        })
        .count()
        // A sideboard's card lines are card lines of the list, kept apart.
        + deck
            .meta
            .sideboard_apart
            .iter()
            .map(|list| list.lines.len())
            .sum::<usize>();
    // The lines that are neither prose nor headings (a post around a deck).
    let written_lines = vtesdeck_deck::raw::lines(&text)
        .filter(|line| !line.trim().is_empty() && super::page::heading(line).is_none())
        .count()
        .saturating_sub(deck.meta.prose_skipped.len());
    if card_lines > 0 && card_lines * 2 >= written_lines {
        Ok(())
    } else {
        Err(NotDecklist::Text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_settle_extensions_and_documents() {
        assert_eq!(by_name("brujah-rush.txt"), Some(true));
        assert_eq!(by_name("deck.lackey.TXT"), Some(true));
        assert_eq!(by_name("README.md"), Some(false));
        assert_eq!(by_name("README.txt"), Some(false));
        assert_eq!(by_name("LICENSE"), Some(false));
        assert_eq!(by_name("deck.md"), None);
        assert_eq!(by_name("photo.png"), None);
    }

    #[test]
    fn content_tells_decklists_from_prose_and_images() {
        let deck = "Crypt (12 cards)\n12x Alma\n\nLibrary (90 cards)\n90x Bum's Rush\n";
        assert_eq!(by_content(deck.as_bytes()), Ok(()));
        let list = "2 Alma\n3 Bum's Rush\n";
        assert_eq!(by_content(list.as_bytes()), Ok(()));
        let prose = "# My decks\n\nThese are the decks of our group.\nPlay them well.\n";
        assert_eq!(by_content(prose.as_bytes()), Err(NotDecklist::Text));
        let png =
            b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";
        assert_eq!(by_content(png), Err(NotDecklist::Binary));
    }

    #[test]
    fn html_pages_are_decklists_with_a_deck_pages_parts_or_a_list() {
        let page = "<html><body><div id=\"crypt\"><table><tr><td>2x<td>Alma Test</table></div>";
        assert_eq!(by_content(page.as_bytes()), Ok(()));
        let site = "<!DOCTYPE html><html><body><h1>Our decks</h1><p>Read them.</p></body></html>";
        assert_eq!(by_content(site.as_bytes()), Err(NotDecklist::Text));
        // A deck guide: its list among the prose, read as the browser lays it out.
        let guide = "<!DOCTYPE html><html><body><nav><a href=/>Home</a></nav>\
            <p>Our deck.</p><ul><li>2x Alma Test</li><li>3x Bum's Rush</li></ul></body></html>";
        assert_eq!(by_content(guide.as_bytes()), Ok(()));
        let report =
            format!("<!DOCTYPE html>\n<html>\n<head>\n{REPORT_PAGE_MARK}\n</head><body>{page}");
        assert_eq!(by_content(report.as_bytes()), Err(NotDecklist::ReportPage));
    }

    #[test]
    fn documents_of_no_known_layout_are_decklists_only_with_card_entries() {
        let feed = "<rss><channel><title>News</title></channel></rss>";
        assert_eq!(by_content(feed.as_bytes()), Err(NotDecklist::Text));
        let deck = "<list><card qty=\"2\">Alma Test</card></list>";
        assert_eq!(by_content(deck.as_bytes()), Ok(()));
        // Cut at the sniffed length: read, so that its reader says what is wrong.
        assert_eq!(by_content(b"<list><card qty=\"2\">Alma"), Ok(()));
    }

    /// A repository's settings in JSON are no decklists; a JSON deck, of a
    /// layout or read by its shape, and a broken document are read.
    #[test]
    fn json_settings_files_are_not_decklists() {
        let package = r#"{"name": "decks", "version": "1.0.0", "devDependencies": {"x": "1"}}"#;
        assert_eq!(
            json_by_content(package.as_bytes()),
            Err(NotDecklist::NoCardEntry)
        );
        let renovate = r#"{"$schema": "https://x/renovate-schema.json", "extends": ["a"]}"#;
        assert_eq!(
            json_by_content(renovate.as_bytes()),
            Err(NotDecklist::NoCardEntry)
        );
        let krcg = r#"{"crypt": {"cards": [{"count": 12, "name": "Alma"}]}, "library": {}}"#;
        assert_eq!(json_by_content(krcg.as_bytes()), Ok(()));
        let shape = r#"{"cards": [{"name": "Alma", "count": 12}]}"#;
        assert_eq!(json_by_content(shape.as_bytes()), Ok(()));
        assert_eq!(json_by_content(b"{\"cards\": [{\"name\": "), Ok(()));
    }
}
