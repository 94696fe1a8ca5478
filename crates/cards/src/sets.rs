//! Card sets (`vtessets.csv`) and the parsing of a card's `Set` column.

use std::collections::HashMap;

use chrono::NaiveDate;
use serde::Serialize;

use super::card::Printing;

/// A set from `vtessets.csv`.
#[derive(Debug, Clone, Serialize)]
pub struct SetInfo {
    /// Abbreviation (`V5`, `Promo-20080203`).
    pub abbreviation: String,
    /// Full name.
    pub name: String,
    /// Release date.
    pub release: Option<NaiveDate>,
}

/// Release dates of sets, by abbreviation.
#[derive(Debug, Clone, Default)]
pub struct SetDates {
    dates: HashMap<String, NaiveDate>,
}

impl SetDates {
    /// Builds the lookup from the set list.
    pub fn new(sets: &[SetInfo]) -> SetDates {
        let dates = sets
            .iter()
            .filter_map(|s| Some((s.abbreviation.clone(), s.release?)))
            .collect();
        SetDates { dates }
    }

    /// Parses a `Set` column (`Jyhad:C, VTES:C, Promo-20080203:1, Promo:202404235`).
    pub fn printings(&self, column: &str) -> Vec<Printing> {
        column
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(|print| {
                let (set, rarity) = print.split_once(':').unwrap_or((print, ""));
                let set = set.trim();
                let rarity = rarity.trim();
                let release = self
                    .dates
                    .get(set)
                    .copied()
                    .or_else(|| promo_date(set, rarity));
                Printing {
                    set: set.to_string(),
                    rarity: rarity.to_string(),
                    release,
                }
            })
            .collect()
    }
}

/// Parses a `YYYYMMDD` date.
pub fn parse_yyyymmdd(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text.get(..8)?, "%Y%m%d").ok()
}

/// The date of a promo print: `Promo-YYYYMMDD` or `Promo:YYYYMMDD<count>`.
fn promo_date(set: &str, rarity: &str) -> Option<NaiveDate> {
    if let Some(date) = set.strip_prefix("Promo-") {
        return parse_yyyymmdd(date);
    }
    if set == "Promo" {
        return parse_yyyymmdd(rarity);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> Option<NaiveDate> {
        NaiveDate::from_ymd_opt(y, m, d)
    }

    #[test]
    fn printings_take_set_dates_and_promo_dates() {
        let sets = vec![SetInfo {
            abbreviation: "Jyhad".into(),
            name: "Jyhad".into(),
            release: date(1994, 8, 16),
        }];
        let dates = SetDates::new(&sets);
        let prints = dates.printings("Jyhad:C, POD:DTC, Promo-20080203:1, Promo:202404235");
        assert_eq!(prints.len(), 4);
        assert_eq!(prints[0].release, date(1994, 8, 16));
        assert_eq!(prints[1].set, "POD");
        assert_eq!(prints[1].release, None);
        assert_eq!(prints[2].release, date(2008, 2, 3));
        assert_eq!(prints[3].release, date(2024, 4, 23));
    }
}
