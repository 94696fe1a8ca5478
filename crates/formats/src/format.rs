//! The one list of layouts: [`layouts!`] holds each layout's variant (with
//! its doc), name and layout object, in detection order. It declares
//! [`Format`] here, the crate root declares the layouts' modules of it, and
//! [`crate::registry`] makes the layout objects of it. Adding a layout is
//! its file and one row of this list.
//!
//! The list names the layout objects as tokens only: they are made into
//! values where the registry expands the list, so this file imports no other
//! file of the crate, and every layout's file may name its [`Format`]
//! without a circle (`tests/cli/imports.rs`).

use std::fmt;

use vtesdeck_deck::raw::FormatName;

/// Hands every layout to the macro `$then`, in detection order: the first
/// whose shape a text has is taken; `plain` takes anything. The JSON layouts
/// come first, told apart by their keys; `shape` reads any other JSON
/// document, and any XML document the XML layouts after it do not claim, by
/// the shape of its records; `json` (vtesdeck's own) takes the JSON texts
/// left (broken JSON), so that they are reported, never read as text.
///
/// A row is `Variant = "name" => module::LayoutObject,`: the name is used by
/// `--input-format`, `convert --to` and in JSON; the crate root declares the
/// module of each row (`registry` holds the shape layout), and the registry
/// names the object.
macro_rules! layouts {
    ($then:ident) => {
        $then! {
            /// KRCG deck JSON (`Deck.to_json()`: TWDA fields, `crypt` and `library`
            /// objects of `{"id", "count", "name"}`), also one record of KRCG's TWDA archive.
            Krcg = "krcg" => krcg::KrcgLayout,
            /// The `cards` map `{"<VEKN id>": count}`: KRCG's minimal JSON and VDB's deck API answer.
            KrcgMinimal = "krcg-minimal" => krcg_minimal::KrcgMinimalLayout,
            /// KRCG v5 flat document (`cards` array of `{"id", "printed_name", "count", "kind"}`), as JOL stores decks.
            KrcgV5 = "krcg-v5" => krcg_v5::KrcgV5Layout,
            /// JOL's older stored deck (`{"deck": {"crypt", "library"}, "stats"}`).
            JolDeck = "jol-deck" => jol_deck::JolDeckLayout,
            /// VTES Decks' API answer (`crypt` and `library` arrays of `{"id", "number"}`).
            Vtesdecks = "vtesdecks" => vtesdecks::VtesdecksLayout,
            /// Any JSON or XML document no layout reader claims, read by the shape
            /// of its records (a card name or VEKN id and a count).
            Shape = "shape" => registry::ShapeLayout,
            /// vtesdeck's own JSON (the object `parse --json` prints).
            Json = "json" => json::JsonLayout,
            /// ARDB deck XML (`<deck>` with `<crypt>` vampires and `<library>` cards).
            ArdbXml = "ardb-xml" => ardb_xml::ArdbXmlLayout,
            /// Sutekh card-set XML (`<physicalcardset>`).
            SutekhXml = "sutekh-xml" => sutekh_xml::SutekhXmlLayout,
            /// ARDB-style HTML page (as Sutekh's "Export to HTML" writes it).
            ArdbHtml = "ardb-html" => ardb_html::ArdbHtmlLayout,
            /// Sutekh CSV export (`"Card Name", "Expansion", "Number"`).
            SutekhCsv = "sutekh-csv" => sutekh_csv::SutekhCsvLayout,
            /// PmWiki text as Sutekh shows it (`(:title ... :)`, `!! Crypt [N vampires]`).
            Pmwiki = "pmwiki" => pmwiki::PmwikiLayout,
            /// A VDB deck URL (`https://vdb.im/decks?name=...#200001=2;100002=1`).
            VdbUrl = "vdb-url" => vdb_url::VdbUrlLayout,
            /// VEKN forum BBCode as Sutekh writes it.
            Forum = "forum" => forum::ForumLayout,
            /// ELDB deck file: quoted names, one line per copy.
            Eldb = "eldb" => eldb::EldbLayout,
            /// TWDA entry (event header, `Crypt (N cards, ...)`, typed library sections);
            /// also the VDB "Text"/"TWD", VTES Decks "TWD" and Sutekh "TWDA" exports.
            Twd = "twd" => twd::TwdLayout,
            /// ARDB text as Sutekh writes it (`Crypt [12 vampires]`, ` 3x Name ...`).
            Ardb = "ardb" => ardb::ArdbLayout,
            /// Secret Library import text (`Crypt` / `---` / `N Name`).
            SecretLibrary = "secret-library" => secret_library::SecretLibraryLayout,
            /// Lackey CCG: `N<TAB>Name`, library first, then `Crypt:`.
            Lackey = "lackey" => lackey::LackeyLayout,
            /// JOL: `2x Name` / `2 x Name` / bare names, crypt first, blank line, library.
            Jol = "jol" => jol::JolLayout,
            /// Plain `2x Name` lines under `Crypt (N)` / `Library (N)` headers, as
            /// `convert --to text` writes them (read like [`Format::Plain`]).
            Text = "text" => text::TextLayout,
            /// Any list of counts and names (`2x`, `x2`, `2*`, `(2)`, `[2]`, `- 2`).
            Plain = "plain" => plain::PlainLayout,
        }
    };
}
pub(crate) use layouts;

/// Declares [`Format`] from the rows of `layouts!` (their layout objects
/// left to the registry).
macro_rules! declare_format {
    ($($(#[doc = $doc:literal])* $variant:ident = $name:literal => $layout:path,)*) => {
        /// A decklist layout vtesdeck reads.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Format {
            $($(#[doc = $doc])* $variant,)*
        }

        impl Format {
            /// Every format, in detection order (the order of the formats registry).
            pub const ALL: [Format; [$($name),*].len()] = [$(Format::$variant),*];

            /// The name used by `--input-format`, `convert --to` and in JSON.
            pub fn name(self) -> &'static str {
                match self {
                    $(Format::$variant => $name,)*
                }
            }
        }
    };
}

layouts!(declare_format);

impl Format {
    /// Parses a format name as [`Format::name`] writes it.
    /// `vdb` is taken for `vdb-url` (the name `convert --to` first used).
    pub fn parse(name: &str) -> Option<Format> {
        if name == "vdb" {
            return Some(Format::VdbUrl);
        }
        Format::ALL.into_iter().find(|f| f.name() == name)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a deck records of the layout that read it: its name.
impl From<Format> for FormatName {
    fn from(format: Format) -> FormatName {
        FormatName::new(format.name())
    }
}

/// A deck's recorded layout is a format when it has its name.
impl PartialEq<Format> for FormatName {
    fn eq(&self, format: &Format) -> bool {
        self.name() == format.name()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_name_is_one_format_and_parses_back() {
        let names: HashSet<&str> = Format::ALL.iter().map(|f| f.name()).collect();
        assert_eq!(names.len(), Format::ALL.len());
        for format in Format::ALL {
            assert_eq!(Format::parse(format.name()), Some(format));
            assert_eq!(FormatName::from(format), format);
            assert_eq!(format.to_string(), format.name());
        }
        assert_eq!(Format::parse("vdb"), Some(Format::VdbUrl));
        assert_eq!(Format::parse("Twd"), None);
    }

    /// The names the deck model knows on its own are the names of these formats.
    #[test]
    fn the_names_the_deck_model_knows_are_formats() {
        assert_eq!(FormatName::PLAIN, Format::Plain);
        assert_eq!(FormatName::TEXT, Format::Text);
        assert_eq!(FormatName::VDB_URL, Format::VdbUrl);
    }
}
