//! `vtesdeck report`: a deck on one self-contained HTML page (inline CSS and
//! SVG, no script, no network), and the index of a folder of decks.
//!
//! The page shows the deck as a TWD list, the legality verdict with every
//! problem and its line, the composition, charts of the crypt's capacities and
//! groups, of its disciplines beside the library's requirements and of the
//! transfer curve by seat (the chart of `transfers --plot`), the goldfish
//! figures (`goldfish`), the cards the
//! crypt cannot play and the opening-hand odds. Every text is escaped by
//! `html::escape`; a Content-Security-Policy forbids any load from the
//! network and any script on a deck page.

mod charts;
mod goldfish;
pub(crate) mod html;
mod index;
mod page;

pub use index::{index_page, IndexRow};
pub use page::{deck_page, page_title};

use crate::analysis::Stats;
use crate::cards::CardDb;
use crate::deck::Deck;
use crate::formats::REPORT_PAGE_MARK;
use crate::rules::{CheckError, CheckReport};
use crate::sim::{DrawOdds, GoldfishReport, SimError, TransferCurve};

/// The style sheet of every page (screen and print).
const STYLE: &str = include_str!("style.css");

/// Everything a deck page shows, computed beforehand (the CLI runs the
/// checker and the simulations); what could not be computed carries its error,
/// which the page prints in place of the section.
pub struct DeckReport<'a> {
    /// The deck.
    pub deck: &'a Deck,
    /// The card database it was resolved against.
    pub db: &'a CardDb,
    /// The legality verdict.
    pub check: Result<CheckReport, CheckError>,
    /// Composition, disciplines, playability.
    pub stats: Stats,
    /// The opening-hand odds (`vtesdeck draw`).
    pub draw: Result<DrawOdds, SimError>,
    /// The transfer curve (`vtesdeck transfers`).
    pub transfers: Result<TransferCurve, SimError>,
    /// The deck played alone (`vtesdeck goldfish`).
    pub goldfish: Result<GoldfishReport, SimError>,
}

/// What the page says about how it was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Provenance {
    /// `vtesdeck 0.1.0`.
    pub generator: String,
    /// The card database in use (its folder or name, and date when known).
    pub card_db: String,
}

/// The provenance the unit tests print.
#[cfg(test)]
fn test_provenance() -> Provenance {
    Provenance {
        generator: "vtesdeck test".into(),
        card_db: "fixture".into(),
    }
}

/// The `<head>` of a page, its style and a Content-Security-Policy that lets
/// nothing load from anywhere (`script` is the policy for scripts: `'none'`,
/// or the hash of the one inline script of the index).
fn open_page(out: &mut String, title: &str, script: &str) {
    use std::fmt::Write;
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
         style-src 'unsafe-inline'; img-src data:; script-src {script}\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         {REPORT_PAGE_MARK}\n\
         <title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n",
        html::escape(title)
    );
}
