//! What a library card asks of the crypt card that plays it: disciplines,
//! clan, path, sect, title, capacity, and the traits `vteslibmeta.csv` names.
//!
//! `vteslibmeta.csv` lists requirements separated by commas; terms of the same
//! kind are alternatives (`prince,justicar`: either title; `Independent,anarch`:
//! either sect), terms of different kinds all apply (`sabbat,titled`,
//! `anarch,capacity 5 or more`), and each `non-X` term applies on its own.
//! Terms that are not about the crypt card (`1 Gehenna`, `same circle`) are
//! kept aside as unchecked.

use std::fmt;
use std::sync::LazyLock;

use regex::Regex;
use serde::Serialize;

use crate::cards::{Card, CardType, Discipline, DisciplineRequirement, Sect};

/// A trait a crypt card's text gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Trait {
    /// `Black Hand.`
    BlackHand,
    /// `Seraph.`
    Seraph,
    /// `Infernal.`
    Infernal,
    /// `Red List:`
    RedList,
    /// `Sterile.`
    Sterile,
    /// `Slave:`, `Tremere slave:`
    Slave,
    /// An Imbued (not a vampire).
    Imbued,
    /// A Caitiff.
    Caitiff,
}

static TRAIT_PATTERNS: LazyLock<Vec<(Trait, Regex)>> = LazyLock::new(|| {
    [
        (Trait::BlackHand, r"\bBlack Hand( Seraph)?[.:]"),
        (Trait::Seraph, r"\bSeraph[.:]"),
        (Trait::Infernal, r"\bInfernal[.:]"),
        (Trait::RedList, r"\bRed List[.:]"),
        (Trait::Sterile, r"\bSterile[.:]"),
        (Trait::Slave, r"(?i)\bslave[.:]"),
    ]
    .into_iter()
    .map(|(t, pattern)| (t, Regex::new(pattern).expect("valid regex")))
    .collect()
});

impl Trait {
    /// Parses a `vteslibmeta.csv` term (`black hand`, `red list`).
    fn parse(term: &str) -> Option<Trait> {
        Some(match term {
            "black hand" => Trait::BlackHand,
            "seraph" => Trait::Seraph,
            "infernal" => Trait::Infernal,
            "red list" => Trait::RedList,
            "sterile" => Trait::Sterile,
            "slave" => Trait::Slave,
            "imbued" => Trait::Imbued,
            "caitiff" => Trait::Caitiff,
            _ => return None,
        })
    }

    /// Whether a crypt card has the trait.
    pub fn is_held_by(self, card: &Card) -> bool {
        match self {
            Trait::Imbued => card.types.contains(&CardType::Imbued),
            Trait::Caitiff => card.clans.iter().any(|c| c.eq_ignore_ascii_case("caitiff")),
            other => TRAIT_PATTERNS
                .iter()
                .find(|(t, _)| *t == other)
                .is_some_and(|(_, pattern)| pattern.is_match(&card.text)),
        }
    }
}

/// A title term: one title, or any title at all (`titled`).
#[derive(Debug, Clone, PartialEq, Eq)]
enum TitleTerm {
    Named(String),
    Any,
}

impl TitleTerm {
    fn is_held_by(&self, card: &Card) -> bool {
        match (self, &card.title) {
            (_, None) => false,
            (TitleTerm::Any, Some(_)) => true,
            (TitleTerm::Named(name), Some(title)) => title.eq_ignore_ascii_case(name),
        }
    }
}

/// One condition on a crypt card that must hold (or, negated, must not).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Condition {
    Sect(Sect),
    Title(TitleTerm),
    Trait(Trait),
}

impl Condition {
    fn parse(term: &str) -> Option<Condition> {
        if term == "titled" {
            return Some(Condition::Title(TitleTerm::Any));
        }
        if let Some(sect) = Sect::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(term))
        {
            return Some(Condition::Sect(sect));
        }
        if crate::analysis::votes::title_votes(term).is_some() {
            return Some(Condition::Title(TitleTerm::Named(term.to_string())));
        }
        Trait::parse(term).map(Condition::Trait)
    }

    fn is_met_by(&self, card: &Card) -> bool {
        match self {
            Condition::Sect(sect) => card.sect == Some(*sect),
            Condition::Title(title) => title.is_held_by(card),
            Condition::Trait(t) => t.is_held_by(card),
        }
    }
}

/// Capacity bounds (`capacity 5 or more`, `capacity 2 or less`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CapacityBound {
    AtLeast(u8),
    AtMost(u8),
}

static CAPACITY_TERM: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^capacity (\d+) or (more|less)$").expect("valid regex"));

/// How a `vteslibmeta.csv` term combines with the others: sects are
/// alternatives among themselves, titles too; every other term applies on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TermKind {
    Sect,
    Title,
    Other,
}

/// Everything a library card asks of the crypt card that plays it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CryptRequirement {
    discipline: Option<DisciplineRequirement>,
    clans: Vec<String>,
    path: Option<String>,
    sects: Vec<Sect>,
    titles: Vec<TitleTerm>,
    traits: Vec<Trait>,
    excluded: Vec<Condition>,
    capacity: Vec<CapacityBound>,
    text: Vec<String>,
    unchecked: Vec<String>,
}

impl CryptRequirement {
    /// Reads a library card's requirements (discipline, clan and path columns,
    /// `vteslibmeta.csv` terms).
    pub fn of_card(card: &Card) -> CryptRequirement {
        let mut req = CryptRequirement {
            discipline: card.discipline_requirement.clone(),
            clans: card.clans.clone(),
            path: card.path.clone(),
            ..CryptRequirement::default()
        };
        if let Some(discipline) = &req.discipline {
            req.text.push(discipline.to_string());
        }
        if !req.clans.is_empty() {
            req.text.push(req.clans.join("/"));
        }
        if let Some(path) = &req.path {
            req.text.push(format!("Path of {path}"));
        }
        let mut sects = Vec::new();
        let mut titles = Vec::new();
        let mut others = Vec::new();
        for term in &card.requirements {
            let lower = term.trim().to_ascii_lowercase();
            match req.add_term(&lower) {
                Some(TermKind::Sect) => sects.push(lower),
                Some(TermKind::Title) => titles.push(lower),
                Some(TermKind::Other) => others.push(lower),
                None => req.unchecked.push(term.trim().to_string()),
            }
        }
        for alternatives in [sects, titles] {
            if !alternatives.is_empty() {
                req.text.push(alternatives.join("/"));
            }
        }
        req.text.extend(others);
        req
    }

    /// Adds one `vteslibmeta.csv` term; `None` when it is not about the crypt card.
    fn add_term(&mut self, term: &str) -> Option<TermKind> {
        if let Some(caps) = CAPACITY_TERM.captures(term) {
            let n = caps[1].parse::<u8>().ok()?;
            self.capacity.push(if &caps[2] == "more" {
                CapacityBound::AtLeast(n)
            } else {
                CapacityBound::AtMost(n)
            });
            return Some(TermKind::Other);
        }
        if let Some(negated) = term.strip_prefix("non-") {
            self.excluded.push(Condition::parse(negated)?);
            return Some(TermKind::Other);
        }
        Some(match Condition::parse(term)? {
            Condition::Sect(sect) => {
                self.sects.push(sect);
                TermKind::Sect
            }
            Condition::Title(title) => {
                self.titles.push(title);
                TermKind::Title
            }
            Condition::Trait(t) => {
                self.traits.push(t);
                TermKind::Other
            }
        })
    }

    /// Whether the card asks anything of the crypt card that plays it.
    pub fn is_restrictive(&self) -> bool {
        !self.text.is_empty()
    }

    /// Terms of `vteslibmeta.csv` that are not about the crypt card (`1 Gehenna`).
    pub fn unchecked(&self) -> &[String] {
        &self.unchecked
    }

    /// Whether a crypt card can play the library card.
    pub fn is_met_by(&self, crypt: &Card, disciplines: u64) -> bool {
        if let Some(requirement) = &self.discipline {
            if !requirement.is_met_by(disciplines) {
                return false;
            }
        }
        if !self.clans.is_empty()
            && !crypt
                .clans
                .iter()
                .any(|c| self.clans.iter().any(|r| r.eq_ignore_ascii_case(c)))
        {
            return false;
        }
        if self.path.is_some() && crypt.path != self.path {
            return false;
        }
        if !self.sects.is_empty() && !self.sects.iter().any(|s| crypt.sect == Some(*s)) {
            return false;
        }
        if !self.titles.is_empty() && !self.titles.iter().any(|t| t.is_held_by(crypt)) {
            return false;
        }
        if !self.traits.iter().all(|t| t.is_held_by(crypt)) {
            return false;
        }
        if self.excluded.iter().any(|c| c.is_met_by(crypt)) {
            return false;
        }
        let capacity = crypt.capacity.unwrap_or(0);
        self.capacity.iter().all(|bound| match bound {
            CapacityBound::AtLeast(n) => capacity >= *n,
            CapacityBound::AtMost(n) => capacity <= *n,
        })
    }
}

impl fmt::Display for CryptRequirement {
    /// `Potence & Presence; Brujah; camarilla`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text.join("; "))
    }
}

/// A crypt card's disciplines (any level) as a mask of [`Discipline::bit`]s.
/// Flight is not in the CSV's `Disciplines` column: a card has it when its text
/// says `Flight [FLIGHT]`.
pub fn discipline_mask(card: &Card) -> u64 {
    let mut mask = card
        .disciplines
        .iter()
        .fold(0, |mask, (d, _)| mask | d.bit());
    if card.text.contains("[FLIGHT]") {
        if let Some(flight) = Discipline::from_abbreviation("fli") {
            mask |= flight.bit();
        }
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardId;
    use crate::testing::fixture_db;

    fn can_play(library: u32, crypt: u32) -> bool {
        let db = fixture_db();
        let card = db.get(CardId(library)).unwrap();
        let vampire = db.get(CardId(crypt)).unwrap();
        CryptRequirement::of_card(card).is_met_by(vampire, discipline_mask(vampire))
    }

    fn requirement_with(terms: &[&str]) -> CryptRequirement {
        let mut req = CryptRequirement::default();
        for term in terms {
            assert!(req.add_term(term).is_some(), "{term}");
        }
        req
    }

    fn vampire(id: u32) -> Card {
        fixture_db().get(CardId(id)).unwrap().clone()
    }

    fn meets(req: &CryptRequirement, card: &Card) -> bool {
        req.is_met_by(card, discipline_mask(card))
    }

    #[test]
    fn any_of_disciplines_is_met_by_either() {
        // Test Dodge: Celerity/Auspex
        assert!(can_play(100005, 200002)); // cel
        assert!(can_play(100005, 200004)); // AUS CEL
        assert!(!can_play(100005, 200001)); // pot only
    }

    #[test]
    fn all_of_disciplines_needs_both() {
        // Test Duo: Potence & Presence
        assert!(can_play(100006, 200003)); // CEL POT pre
        assert!(!can_play(100006, 200002)); // cel pot
    }

    #[test]
    fn clan_requirement_accepts_any_listed_clan() {
        // Test Toreador Grace: Toreador/Ventrue
        assert!(can_play(100009, 200004)); // Toreador
        assert!(can_play(100009, 200013)); // Ventrue
        assert!(!can_play(100009, 200001)); // Brujah
    }

    #[test]
    fn clan_and_sect_both_apply() {
        // Test Brujah Pride: Brujah, and `camarilla` in the fixture vteslibmeta.csv
        assert!(can_play(100008, 200001)); // Camarilla Brujah
        assert!(!can_play(100008, 200010)); // Anarch Brujah
        assert!(!can_play(100008, 200004)); // Camarilla Toreador
    }

    #[test]
    fn titles_are_alternatives() {
        let req = requirement_with(&["prince", "justicar"]);
        assert!(meets(&req, &vampire(200004))); // prince
        assert!(meets(&req, &vampire(200005))); // justicar
        assert!(!meets(&req, &vampire(200003))); // primogen
        let titled = requirement_with(&["titled"]);
        assert!(meets(&titled, &vampire(200013))); // 2 votes
        assert!(!meets(&titled, &vampire(200001)));
    }

    #[test]
    fn sect_and_title_both_apply() {
        let req = requirement_with(&["sabbat", "titled"]);
        assert!(meets(&req, &vampire(200007))); // Sabbat bishop
        assert!(!meets(&req, &vampire(200006))); // Sabbat, no title
        assert!(!meets(&req, &vampire(200004))); // Camarilla prince
    }

    #[test]
    fn sects_are_alternatives() {
        let req = requirement_with(&["independent", "anarch"]);
        assert!(meets(&req, &vampire(200011)));
        assert!(meets(&req, &vampire(200014)));
        assert!(!meets(&req, &vampire(200001)));
    }

    #[test]
    fn capacity_bounds_and_negations() {
        let req = requirement_with(&["capacity 5 or more", "non-titled"]);
        assert!(meets(&req, &vampire(200008))); // 7, no title
        assert!(!meets(&req, &vampire(200004))); // 7, prince
        assert!(!meets(&req, &vampire(200002))); // 3
        let small = requirement_with(&["capacity 2 or less"]);
        assert!(meets(&small, &vampire(200011)));
        assert!(!meets(&small, &vampire(200002)));
    }

    #[test]
    fn flight_is_read_from_the_card_text() {
        let mut gargoyle = vampire(200001);
        gargoyle.text = "Camarilla. Tremere slave: Flight [FLIGHT].".into();
        let flight = DisciplineRequirement::parse("Flight").unwrap();
        let req = CryptRequirement {
            discipline: flight,
            ..CryptRequirement::default()
        };
        assert!(meets(&req, &gargoyle));
        assert!(!meets(&req, &vampire(200001)));
        assert!(meets(&requirement_with(&["slave"]), &gargoyle));
    }

    #[test]
    fn imbued_trait_is_the_card_type() {
        let req = requirement_with(&["imbued"]);
        assert!(meets(&req, &vampire(200012)));
        assert!(!meets(&req, &vampire(200001)));
    }

    #[test]
    fn terms_about_the_game_are_unchecked() {
        let mut card = fixture_db().get(CardId(100003)).unwrap().clone();
        card.requirements = vec!["1 Gehenna".into(), "sabbat".into()];
        let req = CryptRequirement::of_card(&card);
        assert_eq!(req.unchecked(), ["1 Gehenna".to_string()]);
        assert_eq!(req.to_string(), "sabbat");
        card.requirements = vec![
            "prince".into(),
            "justicar".into(),
            "capacity 5 or more".into(),
        ];
        assert_eq!(
            CryptRequirement::of_card(&card).to_string(),
            "prince/justicar; capacity 5 or more"
        );
        assert!(req.is_restrictive());
        let plain = CryptRequirement::of_card(fixture_db().get(CardId(100003)).unwrap());
        assert!(!plain.is_restrictive());
    }
}
