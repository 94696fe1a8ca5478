//! Disciplines (and Imbued virtues): the static table, levels and library requirements.

use std::fmt;

use serde::{Serialize, Serializer};

/// Every discipline and virtue known to vtesdeck: (abbreviation, full name).
const TABLE: &[(&str, &str)] = &[
    ("abo", "Abombwe"),
    ("ani", "Animalism"),
    ("aus", "Auspex"),
    ("cel", "Celerity"),
    ("chi", "Chimerstry"),
    ("dai", "Daimoinon"),
    ("dem", "Dementation"),
    ("dom", "Dominate"),
    ("fli", "Flight"),
    ("for", "Fortitude"),
    ("mal", "Maleficia"),
    ("mel", "Melpominee"),
    ("myt", "Mytherceria"),
    ("nec", "Necromancy"),
    ("obe", "Obeah"),
    ("obf", "Obfuscate"),
    ("obl", "Oblivion"),
    ("obt", "Obtenebration"),
    ("pot", "Potence"),
    ("pre", "Presence"),
    ("pro", "Protean"),
    ("qui", "Quietus"),
    ("san", "Sanguinus"),
    ("ser", "Serpentis"),
    ("spi", "Spiritus"),
    ("str", "Striga"),
    ("tem", "Temporis"),
    ("thn", "Thanatosis"),
    ("tha", "Thaumaturgy"),
    ("val", "Valeren"),
    ("vic", "Vicissitude"),
    ("vis", "Visceratika"),
    ("def", "Defense"),
    ("inn", "Innocence"),
    ("jud", "Judgment"),
    ("mar", "Martyrdom"),
    ("red", "Redemption"),
    ("ven", "Vengeance"),
    ("viz", "Vision"),
];

/// Where a three-letter lower-case abbreviation sits in [`ABBREVIATIONS`].
const fn abbreviation_slot(key: [u8; 3]) -> Option<usize> {
    let mut slot = 0;
    let mut at = 0;
    while at < 3 {
        if !key[at].is_ascii_lowercase() {
            return None;
        }
        slot = slot * 26 + (key[at] - b'a') as usize;
        at += 1;
    }
    Some(slot)
}

/// The table's indices by abbreviation, one byte per three-letter word
/// (`u8::MAX`: none), built when compiling (an abbreviation of other than
/// three lower-case letters fails the build): a discipline is found by
/// indexing, on every word of every crypt row.
static ABBREVIATIONS: [u8; 26 * 26 * 26] = {
    let mut slots = [u8::MAX; 26 * 26 * 26];
    let mut index = 0;
    while index < TABLE.len() {
        let letters = TABLE[index].0.as_bytes();
        assert!(letters.len() == 3 && index < u8::MAX as usize);
        match abbreviation_slot([letters[0], letters[1], letters[2]]) {
            Some(slot) => slots[slot] = index as u8,
            None => panic!("a discipline abbreviation is three lower-case letters"),
        }
        index += 1;
    }
    slots
};

/// A discipline or virtue: an index in vtesdeck's table (fits a `u64` bit mask).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Discipline(u8);

impl Discipline {
    /// Every known discipline, in table order.
    pub fn all() -> impl Iterator<Item = Discipline> {
        (0..TABLE.len()).map(|i| Discipline(i as u8))
    }

    /// Looks a discipline up by its three-letter abbreviation (any case).
    pub fn from_abbreviation(abbreviation: &str) -> Option<Discipline> {
        // Three letters, lower-cased, looked up by index: cheap on every word
        // of a crypt row.
        let &[a, b, c] = abbreviation.as_bytes() else {
            return None;
        };
        let key = [
            a.to_ascii_lowercase(),
            b.to_ascii_lowercase(),
            c.to_ascii_lowercase(),
        ];
        let index = ABBREVIATIONS[abbreviation_slot(key)?];
        (index != u8::MAX).then_some(Discipline(index))
    }

    /// Looks a discipline up by its full name (any case, surrounding spaces ignored).
    pub(crate) fn from_name(name: &str) -> Option<Discipline> {
        let name = name.trim();
        TABLE
            .iter()
            .position(|(_, full)| full.eq_ignore_ascii_case(name))
            .map(|i| Discipline(i as u8))
    }

    /// Looks a discipline up by abbreviation or full name.
    pub fn parse(text: &str) -> Option<Discipline> {
        Discipline::from_abbreviation(text.trim()).or_else(|| Discipline::from_name(text))
    }

    /// Three-letter lower-case abbreviation (`ani`).
    pub fn abbreviation(self) -> &'static str {
        TABLE[self.0 as usize].0
    }

    /// Full name (`Animalism`).
    pub fn name(self) -> &'static str {
        TABLE[self.0 as usize].1
    }

    /// This discipline's bit in a discipline mask.
    pub fn bit(self) -> u64 {
        1u64 << self.0
    }
}

impl fmt::Display for Discipline {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.abbreviation())
    }
}

impl Serialize for Discipline {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.abbreviation())
    }
}

/// Level of a discipline on a crypt card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DisciplineLevel {
    /// Lower case in the CSV (`ani`).
    Inferior,
    /// Upper case in the CSV (`ANI`).
    Superior,
}

/// A library card's discipline requirement: any one of `terms`, where a term
/// needs all of its disciplines (`A/B` = two terms, `A & B` = one term of two).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisciplineRequirement {
    /// Each term as a mask of [`Discipline::bit`]s.
    pub terms: Vec<u64>,
}

impl DisciplineRequirement {
    /// Parses the CSV's `Discipline` column (`Potence`, `Obeah/Dominate`, `Potence & Presence`).
    /// Returns the unknown name on failure.
    pub fn parse(text: &str) -> Result<Option<DisciplineRequirement>, String> {
        if text.trim().is_empty() {
            return Ok(None);
        }
        let mut terms = Vec::new();
        for alternative in text.split('/') {
            let mut mask = 0u64;
            for part in alternative.split('&') {
                let discipline = Discipline::parse(part).ok_or_else(|| part.trim().to_string())?;
                mask |= discipline.bit();
            }
            terms.push(mask);
        }
        Ok(Some(DisciplineRequirement { terms }))
    }

    /// Whether a crypt card with these disciplines (a mask) meets the requirement.
    pub fn is_met_by(&self, disciplines: u64) -> bool {
        self.terms.iter().any(|term| disciplines & term == *term)
    }

    /// Every discipline named in the requirement.
    pub fn disciplines(&self) -> Vec<Discipline> {
        let all = self.terms.iter().fold(0, |acc, t| acc | t);
        Discipline::all().filter(|d| all & d.bit() != 0).collect()
    }
}

impl fmt::Display for DisciplineRequirement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let terms: Vec<String> = self
            .terms
            .iter()
            .map(|term| {
                Discipline::all()
                    .filter(|d| term & d.bit() != 0)
                    .map(|d| d.name())
                    .collect::<Vec<_>>()
                    .join(" & ")
            })
            .collect();
        f.write_str(&terms.join("/"))
    }
}

impl Serialize for DisciplineRequirement {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(abbr: &str) -> Discipline {
        Discipline::from_abbreviation(abbr).unwrap()
    }

    #[test]
    fn every_abbreviation_is_found_in_any_case_and_nothing_else() {
        for (index, (abbreviation, _)) in TABLE.iter().enumerate() {
            let found = Discipline::from_abbreviation(abbreviation).map(|d| d.0 as usize);
            assert_eq!(found, Some(index), "{abbreviation}");
            let upper = abbreviation.to_ascii_uppercase();
            let found_upper = Discipline::from_abbreviation(&upper).map(|d| d.0 as usize);
            assert_eq!(found_upper, found);
        }
        for word in ["", "do", "domi", "xyz", "d0m", "dóm", "DOM\n", "{om", "`om"] {
            assert_eq!(Discipline::from_abbreviation(word), None, "{word:?}");
        }
    }

    #[test]
    fn any_of_requirement_is_met_by_either_discipline() {
        let req = DisciplineRequirement::parse("Obeah/Dominate")
            .unwrap()
            .unwrap();
        assert!(req.is_met_by(d("dom").bit()));
        assert!(req.is_met_by(d("obe").bit()));
        assert!(!req.is_met_by(d("aus").bit()));
    }

    #[test]
    fn all_of_requirement_needs_both_disciplines() {
        let req = DisciplineRequirement::parse("Potence & Presence")
            .unwrap()
            .unwrap();
        assert!(!req.is_met_by(d("pot").bit()));
        assert!(req.is_met_by(d("pot").bit() | d("pre").bit()));
        assert_eq!(req.to_string(), "Potence & Presence");
    }

    #[test]
    fn stray_spaces_and_unknown_names() {
        assert!(DisciplineRequirement::parse(" Auspex ").unwrap().is_some());
        assert_eq!(DisciplineRequirement::parse("").unwrap(), None);
        assert_eq!(
            DisciplineRequirement::parse("Kungfu").unwrap_err(),
            "Kungfu".to_string()
        );
    }
}
