//! Naming a group of prints the way the card list's `Set` column writes them:
//! a set (`V5`, `Promo-20211015`) or the newer `Promo:` prints of one day
//! (`Promo:20240423` for the column's `Promo:202404235`, a date and a count).

use std::fmt;

use chrono::NaiveDate;

use super::card::Printing;
use super::sets::parse_yyyymmdd;

/// A set, or the `Promo:` prints of one day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PrintRef {
    /// Every print of a set, by abbreviation (`V5`, `Promo-20211015`), any case.
    Set(String),
    /// The prints the `Set` column writes `Promo:YYYYMMDD<count>`, of that day.
    PromoOn(NaiveDate),
}

/// A `Promo:` reference whose date is not a `YYYYMMDD` day.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text:?}: expected a set abbreviation or Promo:YYYYMMDD (the day of the promo prints)")]
pub struct PrintRefError {
    /// The reference as written.
    pub text: String,
}

impl PrintRef {
    /// Reads `V5`, `Promo-20211015` or `Promo:20240423`.
    pub fn parse(text: &str) -> Result<PrintRef, PrintRefError> {
        let text = text.trim();
        match text.strip_prefix("Promo:") {
            Some(day) if day.len() == 8 => parse_yyyymmdd(day)
                .map(PrintRef::PromoOn)
                .ok_or_else(|| PrintRefError { text: text.into() }),
            Some(_) => Err(PrintRefError { text: text.into() }),
            None if text.is_empty() => Err(PrintRefError { text: text.into() }),
            None => Ok(PrintRef::Set(text.to_string())),
        }
    }

    /// Whether a print of a card is one of these prints.
    pub fn matches(&self, print: &Printing) -> bool {
        match self {
            PrintRef::Set(set) => set.eq_ignore_ascii_case(&print.set),
            PrintRef::PromoOn(day) => print.set == "Promo" && print.release == Some(*day),
        }
    }
}

impl fmt::Display for PrintRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PrintRef::Set(set) => f.write_str(set),
            PrintRef::PromoOn(day) => write!(f, "Promo:{}", day.format("%Y%m%d")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sets::SetDates;

    #[test]
    fn promo_day_matches_the_dated_promo_prints_of_that_day_only() {
        let prints =
            SetDates::default().printings("Promo:202404235, Promo:202404234, Promo:202212013");
        let pack = PrintRef::parse("Promo:20240423").unwrap();
        let hits: Vec<bool> = prints.iter().map(|p| pack.matches(p)).collect();
        assert_eq!(hits, [true, true, false]);
        assert_eq!(pack.to_string(), "Promo:20240423");
    }

    #[test]
    fn set_matches_by_abbreviation_in_any_case() {
        let prints = SetDates::default().printings("Jyhad:C, Promo-20211015, v5:PTr1");
        let matching = |text: &str| {
            let set = PrintRef::parse(text).unwrap();
            prints.iter().filter(|p| set.matches(p)).count()
        };
        assert_eq!(matching("Promo-20211015"), 1);
        assert_eq!(matching("V5"), 1);
        assert_eq!(matching("Promo"), 0);
    }

    #[test]
    fn promo_without_a_day_is_an_error() {
        assert!(PrintRef::parse("Promo:2024").is_err());
        assert!(PrintRef::parse("Promo:20241340").is_err());
        assert!(PrintRef::parse(" ").is_err());
    }
}
