//! The formats registry: every layout vtesdeck knows, in detection order,
//! made of the one list of layouts (`crate::format`), and what it is used
//! for (detection, writing).

use super::json_doc::Object;
use super::layout::Layout;
use super::shape;
use crate::format::{layouts, Format};
use vtesdeck_cards::CardDb;
use vtesdeck_deck::raw::RawDeck;
use vtesdeck_deck::Deck;

/// Makes the registry of the rows of [`layouts!`]: [`LAYOUTS`] and
/// [`layout`].
macro_rules! registry {
    ($(
        $(#[doc = $doc:literal])* $variant:ident = $name:literal => $module:ident::$object:ident,
    )*) => {
        /// Every layout, in detection order (the order of [`Format::ALL`]):
        /// the first whose shape a text has is taken.
        pub static LAYOUTS: [&dyn Layout; Format::ALL.len()] = [$(&crate::$module::$object,)*];

        /// The layout of a format.
        pub(crate) fn layout(format: Format) -> &'static dyn Layout {
            match format {
                $(Format::$variant => &crate::$module::$object,)*
            }
        }
    };
}

layouts!(registry);

/// Picks the format of a text from its content: the first layout of
/// `LAYOUTS` whose shape the text has.
pub(crate) fn detect(text: &str) -> Format {
    LAYOUTS
        .iter()
        .find(|layout| layout.looks_like(text))
        .map_or(Format::Plain, |layout| layout.format())
}

/// The JSON layout whose keys a JSON object has, in registry order; `None`
/// for an object of no known deck shape.
pub(crate) fn detect_object(object: &Object) -> Option<Format> {
    LAYOUTS
        .iter()
        .find(|layout| layout.json().is_some_and(|shape| shape.has_shape(object)))
        .map(|layout| layout.format())
}

/// The formats vtesdeck can write (`convert --to`), in registry order.
pub fn writable() -> impl Iterator<Item = Format> {
    LAYOUTS
        .iter()
        .filter(|layout| layout.writer().is_some())
        .map(|layout| layout.format())
}

/// Writes a deck in a format; `None` when vtesdeck cannot write that layout.
pub fn write(format: Format, deck: &Deck, db: &CardDb) -> Option<String> {
    layout(format).writer().map(|writer| writer.write(deck, db))
}

/// The `Shape` layout in the formats registry: any JSON or XML document no
/// layout reader claims.
#[derive(Debug, Clone, Copy, Default)]
pub struct ShapeLayout;

impl Layout for ShapeLayout {
    fn format(&self) -> Format {
        Format::Shape
    }

    fn looks_like(&self, text: &str) -> bool {
        read_by_shape(text)
    }

    fn read<'t>(&self, text: &'t str, _: &crate::reader::Reader) -> RawDeck<'t> {
        shape::read(text)
    }

    fn reads_lines(&self) -> bool {
        false
    }
}

/// Whether a text is read by its shape ([`ShapeLayout`]): a JSON document
/// whose first object no JSON layout
/// claims (or whose first value is no object), or an XML document that no
/// other document layout claims (an HTML page is not one).
pub(crate) fn read_by_shape(text: &str) -> bool {
    if crate::json_doc::looks_like_json(text) {
        return match crate::json_doc::first_object(text) {
            Some(object) => detect_object(&object).is_none(),
            None => shape::check_json(text).is_ok(),
        };
    }
    let Some(root) = crate::markup::root_element(text) else {
        return false;
    };
    !root.eq_ignore_ascii_case("html")
        && !LAYOUTS.iter().any(|layout| {
            !layout.reads_lines()
                && layout.json().is_none()
                && layout.format() != Format::Shape
                && layout.looks_like(text)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load_deck::LoadDeck;

    /// Each row's layout object reads its row's format (a row pairing a
    /// format with another's layout would be found here).
    #[test]
    fn each_layout_reads_its_rows_format() {
        for (format, object) in Format::ALL.into_iter().zip(LAYOUTS) {
            assert_eq!(object.format(), format);
            assert_eq!(layout(format).format(), format);
        }
    }

    #[test]
    fn the_writable_layouts() {
        let names: Vec<&str> = writable().map(Format::name).collect();
        assert_eq!(
            names,
            ["krcg", "krcg-v5", "json", "vdb-url", "twd", "lackey", "jol", "text"]
        );
    }
    use crate::testing::{deck_of, fixture_db};

    /// Three printings of one name, an accent, `Rack, The`, a trifle, a combined type.
    const CARDS: [(u32, u32); 9] = [
        (200_008, 1),
        (200_009, 2),
        (200_010, 3),
        (200_015, 4),
        (200_011, 2),
        (100_017, 1),
        (100_002, 3),
        (100_007, 5),
        (100_004, 10),
    ];

    #[test]
    fn every_format_reads_back_to_the_same_cards() {
        let db = fixture_db();
        let mut deck = deck_of(&db, &CARDS);
        deck.meta.name = Some("Round trip".to_string());
        deck.meta.author = Some("Tester".to_string());
        let sorted = |deck: &Deck| {
            let mut cards: Vec<(u32, u32)> = deck
                .crypt
                .iter()
                .chain(&deck.library)
                .map(|e| (e.id.0, e.count))
                .collect();
            cards.sort_unstable();
            cards
        };
        // And a deck at the cap: 999 copies of a vampire and of a library card.
        let cap = vtesdeck_deck::MAX_CARD_COUNT;
        let at_cap = deck_of(&db, &[(200_001, cap), (100_004, cap)]);
        for (format, deck) in writable().flat_map(|f| [(f, &deck), (f, &at_cap)]) {
            let text = write(format, deck, &db).unwrap_or_default();
            let back = Deck::from_text(&text, None, &db);
            assert!(
                back.unresolved.is_empty(),
                "{format}: {:?}",
                back.unresolved
            );
            assert_eq!(sorted(&back), sorted(deck), "{format}:\n{text}");
            assert_eq!(Format::parse(format.name()), Some(format));
        }
    }

    #[test]
    fn an_empty_deck_is_written_and_reads_back_empty() {
        let db = fixture_db();
        let deck = Deck::from_text("", None, &db);
        for format in writable() {
            let text = write(format, &deck, &db).unwrap_or_default();
            let back = Deck::from_text(&text, None, &db);
            assert!(back.crypt.is_empty() && back.library.is_empty(), "{format}");
            assert!(
                back.unresolved.is_empty(),
                "{format}: {:?}",
                back.unresolved
            );
        }
        assert!(write(Format::Twd, &deck, &db)
            .unwrap_or_default()
            .starts_with("Crypt (0 cards, min=0, max=0, avg=0)\n"));
    }

    #[test]
    fn jol_lackey_and_text_layouts() {
        let db = fixture_db();
        let mut deck = deck_of(
            &db,
            &[(200_010, 2), (200_015, 1), (100_017, 1), (100_004, 3)],
        );
        assert_eq!(
            write(Format::Jol, &deck, &db).unwrap_or_default(),
            "1x Céleste Test\n2x Theo Test (G6)\n\n1x Rack, The\n3x Test Punch\n"
        );
        assert_eq!(
            write(Format::Lackey, &deck, &db).unwrap_or_default(),
            "1\tRack, The\n3\tTest Punch\nCrypt:\n1\tCeleste Test\n2\tTheo Test (G6)\n"
        );
        deck.meta.name = Some("Two\nlines".to_string());
        assert_eq!(
            write(Format::Text, &deck, &db).unwrap_or_default(),
            "Deck Name: Two lines\n\nCrypt (3)\n1x Céleste Test\n2x Theo Test (G6)\n\nLibrary (4)\n1x Rack, The\n3x Test Punch\n"
        );
    }

    #[test]
    fn json_is_the_parse_json_object() {
        let db = fixture_db();
        let deck = deck_of(&db, &[(200_009, 1), (100_004, 2)]);
        let text = write(Format::Json, &deck, &db).unwrap_or_default();
        assert!(text.ends_with("}\n") && text.lines().count() == 1);
        let value: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        assert_eq!(value["type"], "deck");
        assert_eq!(value["crypt"][0]["id"], 200_009);
        assert_eq!(value["crypt"][0]["name"], "Theo Test (G2 ADV)");
        assert_eq!(value["library"][0]["count"], 2);
    }
}
