//! Who can play what: whether a crypt card can play a library card, the one
//! answer `check` (`unplayable-card`), `stats` (playability) and `draw` share.
//!
//! A library card's demands are read once into a [`CryptRequirement`]: its
//! `Discipline` column (`A/B` any of, `A & B` all of, at any level; Flight and
//! the Imbued virtues included), its `Clan` column (any of; the renamed clans
//! of `RENAMED_CLANS` count as one), its `Path`, its type (Power and
//! Conviction cards are played by Imbued), and the terms `vteslibmeta.csv`
//! gives. A crypt card's side is read once into a [`CryptCard`]; then
//! [`CryptRequirement::is_met_by`] answers.
//!
//! `vteslibmeta.csv` lists requirements separated by commas; terms of the same
//! kind are alternatives (`prince,justicar`: either title; `Independent,anarch`:
//! either sect), terms of different kinds all apply (`sabbat,titled`,
//! `anarch,capacity 5 or more`), and each `non-X` term applies on its own.
//! `base` and `advanced` ask for a base or an advanced vampire; `unmerged` is
//! met by every crypt card alone (nothing is merged before it is in play).
//! Terms that are not about the crypt card (`1 Gehenna`, `same circle`,
//! `city title`) are kept aside as unchecked: they never make a card unplayable,
//! and they are shown ([`CryptRequirement::unchecked`]).

use std::fmt;
use std::sync::LazyLock;

use regex::Regex;
use serde::Serialize;

use super::title::title_votes;
use super::{Card, CardType, Discipline, DisciplineLevel, DisciplineRequirement, Sect};

/// Clans the card texts treat as one: the old name and the Fifth Edition name.
pub(crate) const RENAMED_CLANS: [(&str, &str); 3] = [
    ("Assamite", "Banu Haqim"),
    ("Follower of Set", "Ministry"),
    ("Giovanni", "Hecata"),
];

/// Whether a crypt card's clan is the clan a library card names (case-insensitive,
/// renamed clans counted as one).
pub fn is_same_clan(crypt_clan: &str, required: &str) -> bool {
    crypt_clan.eq_ignore_ascii_case(required)
        || RENAMED_CLANS.iter().any(|(old, new)| {
            (crypt_clan.eq_ignore_ascii_case(old) && required.eq_ignore_ascii_case(new))
                || (crypt_clan.eq_ignore_ascii_case(new) && required.eq_ignore_ascii_case(old))
        })
}

/// A trait a crypt card's text (or type, clan, advanced mark) gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Trait {
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
    /// An advanced vampire (`base` asks for its absence).
    Advanced,
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
    /// Every trait.
    const ALL: [Trait; 9] = [
        Trait::BlackHand,
        Trait::Seraph,
        Trait::Infernal,
        Trait::RedList,
        Trait::Sterile,
        Trait::Slave,
        Trait::Imbued,
        Trait::Caitiff,
        Trait::Advanced,
    ];

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
            "advanced" => Trait::Advanced,
            _ => return None,
        })
    }

    /// This trait's bit in a [`CryptCard`]'s trait set.
    fn bit(self) -> u16 {
        1 << (self as u16)
    }

    /// Whether a crypt card has the trait.
    pub(crate) fn is_held_by(self, card: &Card) -> bool {
        match self {
            Trait::Imbued => card.types.contains(&CardType::Imbued),
            Trait::Caitiff => card.clans.iter().any(|c| c.eq_ignore_ascii_case("caitiff")),
            Trait::Advanced => card.advanced,
            other => TRAIT_PATTERNS
                .iter()
                .find(|(t, _)| *t == other)
                .is_some_and(|(_, pattern)| pattern.is_match(&card.text)),
        }
    }
}

/// A crypt card as the playability model sees it: the card, and what is read
/// from it once (disciplines and virtues with Flight, traits).
#[derive(Debug, Clone)]
pub struct CryptCard<'a> {
    card: &'a Card,
    disciplines: u64,
    /// Read from the card text the first time a requirement asks for a trait
    /// (most library cards ask for none, and reading them is the costly part).
    traits: std::sync::OnceLock<u16>,
}

impl<'a> CryptCard<'a> {
    /// Reads a crypt card's disciplines (its traits are read when first asked for).
    pub fn new(card: &'a Card) -> CryptCard<'a> {
        CryptCard {
            card,
            disciplines: crypt_disciplines(card),
            traits: std::sync::OnceLock::new(),
        }
    }

    /// The card.
    pub fn card(&self) -> &'a Card {
        self.card
    }

    /// The same crypt card with one more discipline (a Discipline master card
    /// put on it: `goldfish`).
    pub fn with_discipline(mut self, discipline: Discipline) -> CryptCard<'a> {
        self.disciplines |= discipline.bit();
        self
    }

    /// Disciplines and virtues at any level, Flight included, as a mask of [`Discipline::bit`]s.
    pub fn disciplines(&self) -> u64 {
        self.disciplines
    }

    /// Whether the card has a trait.
    pub(crate) fn has(&self, t: Trait) -> bool {
        let traits = self.traits.get_or_init(|| {
            Trait::ALL
                .into_iter()
                .filter(|t| t.is_held_by(self.card))
                .fold(0, |set, t| set | t.bit())
        });
        traits & t.bit() != 0
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
        if title_votes(term).is_some() {
            return Some(Condition::Title(TitleTerm::Named(term.to_string())));
        }
        Trait::parse(term).map(Condition::Trait)
    }

    fn is_met_by(&self, crypt: &CryptCard) -> bool {
        match self {
            Condition::Sect(sect) => crypt.card.sect == Some(*sect),
            Condition::Title(title) => title.is_held_by(crypt.card),
            Condition::Trait(t) => crypt.has(*t),
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
    /// its type, `vteslibmeta.csv` terms).
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
        let imbued_type = card
            .types
            .iter()
            .any(|t| matches!(t, CardType::Power | CardType::Conviction));
        if imbued_type {
            req.traits.push(Trait::Imbued);
            others.push("imbued".to_string());
        }
        for term in &card.requirements {
            let lower = term.trim().to_ascii_lowercase();
            if imbued_type && lower == "imbued" {
                continue;
            }
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
        match term {
            "base" => {
                self.excluded.push(Condition::Trait(Trait::Advanced));
                return Some(TermKind::Other);
            }
            "unmerged" => return Some(TermKind::Other),
            _ => {}
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

    /// Whether a crypt card can play the library card: the one answer to
    /// "can this crypt card play this card" every command uses.
    pub fn is_met_by(&self, crypt: &CryptCard) -> bool {
        let card = crypt.card;
        if let Some(requirement) = &self.discipline {
            if !requirement.is_met_by(crypt.disciplines) {
                return false;
            }
        }
        if !self.clans.is_empty()
            && !card
                .clans
                .iter()
                .any(|c| self.clans.iter().any(|r| is_same_clan(c, r)))
        {
            return false;
        }
        if let Some(path) = &self.path {
            if !card
                .path
                .as_deref()
                .is_some_and(|p| p.eq_ignore_ascii_case(path))
            {
                return false;
            }
        }
        if !self.sects.is_empty() && !self.sects.iter().any(|s| card.sect == Some(*s)) {
            return false;
        }
        if !self.titles.is_empty() && !self.titles.iter().any(|t| t.is_held_by(card)) {
            return false;
        }
        if !self.traits.iter().all(|t| crypt.has(*t)) {
            return false;
        }
        if self.excluded.iter().any(|c| c.is_met_by(crypt)) {
            return false;
        }
        let capacity = card.capacity.unwrap_or(0);
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

/// Whether a crypt card can play a library card (reads both cards; loops over
/// many pairs should keep a [`CryptRequirement`] and [`CryptCard`]s instead).
pub fn can_play(crypt: &Card, library: &Card) -> bool {
    CryptRequirement::of_card(library).is_met_by(&CryptCard::new(crypt))
}

/// A crypt card's disciplines and virtues with their levels, as every command
/// counts them: the CSV's `Disciplines` column (Imbued virtues included), and
/// Flight, which is not in that column: a card has it (inferior, its only
/// level) when its text says `Flight [FLIGHT]`.
pub fn crypt_discipline_levels(
    card: &Card,
) -> impl Iterator<Item = (Discipline, DisciplineLevel)> + '_ {
    let flight = card
        .text
        .contains("[FLIGHT]")
        .then(|| Discipline::from_abbreviation("fli"))
        .flatten()
        .filter(|fli| !card.disciplines.iter().any(|(d, _)| d == fli))
        .map(|fli| (fli, DisciplineLevel::Inferior));
    card.disciplines.iter().copied().chain(flight)
}

/// A crypt card's disciplines and virtues (any level, Flight included) as a
/// mask of [`Discipline::bit`]s ([`crypt_discipline_levels`]).
pub(crate) fn crypt_disciplines(card: &Card) -> u64 {
    crypt_discipline_levels(card).fold(0, |mask, (d, _)| mask | d.bit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renamed_clans_count_as_one() {
        assert!(is_same_clan("Banu Haqim", "Assamite"));
        assert!(is_same_clan("Follower of Set", "Ministry"));
        assert!(!is_same_clan("Brujah", "Brujah antitribu"));
    }
    use crate::testing::fixture_db;
    use crate::CardId;

    fn plays(library: u32, crypt: u32) -> bool {
        let db = fixture_db();
        can_play(
            db.get(CardId(crypt)).unwrap(),
            db.get(CardId(library)).unwrap(),
        )
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
        req.is_met_by(&CryptCard::new(card))
    }

    /// A library card (no requirement of its own) asking for `discipline`,
    /// one of `clans` and the `vteslibmeta.csv` `terms`.
    fn library(discipline: &str, clans: &[&str], terms: &[&str]) -> Card {
        let mut card = fixture_db().get(CardId(100003)).unwrap().clone();
        card.discipline_requirement = DisciplineRequirement::parse(discipline).unwrap();
        card.clans = clans.iter().map(|c| c.to_string()).collect();
        card.requirements = terms.iter().map(|t| t.to_string()).collect();
        card
    }

    /// A fixture crypt card, edited.
    fn edited(id: u32, edit: impl Fn(&mut Card)) -> Card {
        let mut card = vampire(id);
        edit(&mut card);
        card
    }

    #[test]
    fn one_table_for_every_kind_of_requirement() {
        let alma = vampire(200001); // Camarilla Brujah, pot, capacity 1
        let bruno = vampire(200002); // Camarilla Brujah, cel pot, capacity 3
        let carla = vampire(200003); // Camarilla Brujah primogen, CEL POT pre, capacity 5
        let dario = vampire(200004); // Camarilla Toreador prince, AUS CEL PRE, capacity 7
        let felix = vampire(200006); // Sabbat Nosferatu, OBF ani pot
        let theo_advanced = vampire(200009); // Theo Test (ADV)
        let juno = vampire(200012); // Imbued Avenger, def ven
        let gargoyle = edited(200001, |c| {
            c.clans = vec!["Gargoyle".into()];
            c.text = "Camarilla. Tremere slave: Flight [FLIGHT].".into();
        });
        let banu_haqim = edited(200002, |c| c.clans = vec!["Banu Haqim".into()]);
        let hecata = edited(200002, |c| c.clans = vec!["Hecata".into()]);
        let follower = edited(200002, |c| c.clans = vec!["Follower of Set".into()]);
        let black_hand = edited(200006, |c| c.text = "Sabbat. Black Hand: Test.".into());
        let on_a_path = edited(200006, |c| c.path = Some("Caine".into()));
        let mut power = library("", &[], &[]);
        power.types = vec![CardType::Power];
        let table: Vec<(&str, Card, &Card, bool)> = vec![
            (
                "Flight: a Gargoyle flies",
                library("Flight", &[], &[]),
                &gargoyle,
                true,
            ),
            (
                "Flight: a Brujah does not",
                library("Flight", &[], &[]),
                &alma,
                false,
            ),
            (
                "sect: Camarilla is Camarilla",
                library("", &[], &["camarilla"]),
                &alma,
                true,
            ),
            (
                "sect: Camarilla is not Sabbat",
                library("", &[], &["sabbat"]),
                &alma,
                false,
            ),
            (
                "sect: either of two",
                library("", &[], &["anarch", "sabbat"]),
                &felix,
                true,
            ),
            (
                "non-sect",
                library("", &[], &["non-camarilla"]),
                &alma,
                false,
            ),
            (
                "title: a prince",
                library("", &[], &["prince", "justicar"]),
                &dario,
                true,
            ),
            (
                "title: a primogen is no prince",
                library("", &[], &["prince"]),
                &carla,
                false,
            ),
            (
                "title: any title",
                library("", &[], &["titled"]),
                &carla,
                true,
            ),
            ("title: none", library("", &[], &["titled"]), &bruno, false),
            (
                "capacity 5 or more: 7",
                library("", &[], &["capacity 5 or more"]),
                &dario,
                true,
            ),
            (
                "capacity 5 or more: 3",
                library("", &[], &["capacity 5 or more"]),
                &bruno,
                false,
            ),
            (
                "capacity 2 or less: 1",
                library("", &[], &["capacity 2 or less"]),
                &alma,
                true,
            ),
            (
                "renamed clan: Banu Haqim plays Assamite",
                library("", &["Assamite"], &[]),
                &banu_haqim,
                true,
            ),
            (
                "renamed clan: Follower of Set plays Ministry",
                library("", &["Ministry"], &[]),
                &follower,
                true,
            ),
            (
                "renamed clan: Hecata plays Giovanni",
                library("", &["Giovanni"], &[]),
                &hecata,
                true,
            ),
            (
                "clan: a Brujah is no Assamite",
                library("", &["Assamite"], &[]),
                &bruno,
                false,
            ),
            (
                "clan: any of two",
                library("", &["Toreador", "Brujah"], &[]),
                &bruno,
                true,
            ),
            (
                "Imbued virtue: Vengeance",
                library("Vengeance", &[], &[]),
                &juno,
                true,
            ),
            (
                "Imbued virtue: not Vision",
                library("Vision", &[], &[]),
                &juno,
                false,
            ),
            (
                "Imbued virtue: no vampire has one",
                library("Vengeance", &[], &[]),
                &dario,
                false,
            ),
            ("Power card: an Imbued", power.clone(), &juno, true),
            ("Power card: not a vampire", power, &dario, false),
            ("imbued term", library("", &[], &["imbued"]), &alma, false),
            (
                "&: Potence & Presence, CEL POT pre",
                library("Potence & Presence", &[], &[]),
                &carla,
                true,
            ),
            (
                "&: Potence & Presence, cel pot",
                library("Potence & Presence", &[], &[]),
                &bruno,
                false,
            ),
            (
                "/: Celerity/Auspex, cel",
                library("Celerity/Auspex", &[], &[]),
                &bruno,
                true,
            ),
            (
                "/: Celerity/Auspex, pot",
                library("Celerity/Auspex", &[], &[]),
                &alma,
                false,
            ),
            (
                "inferior counts: Presence, pre",
                library("Presence", &[], &[]),
                &carla,
                true,
            ),
            (
                "trait: Black Hand",
                library("", &[], &["black hand"]),
                &black_hand,
                true,
            ),
            (
                "trait: no Black Hand",
                library("", &[], &["black hand"]),
                &felix,
                false,
            ),
            (
                "trait: Flight text is a slave",
                library("", &[], &["slave"]),
                &gargoyle,
                true,
            ),
            (
                "advanced",
                library("", &[], &["unmerged", "advanced"]),
                &theo_advanced,
                true,
            ),
            (
                "base",
                library("", &[], &["unmerged", "base"]),
                &theo_advanced,
                false,
            ),
            (
                "path: Caine",
                {
                    let mut card = library("", &[], &[]);
                    card.path = Some("Caine".into());
                    card
                },
                &on_a_path,
                true,
            ),
            (
                "path: none",
                {
                    let mut card = library("", &[], &[]);
                    card.path = Some("Caine".into());
                    card
                },
                &felix,
                false,
            ),
            (
                "unchecked terms never forbid",
                library("", &[], &["1 Gehenna"]),
                &alma,
                true,
            ),
            (
                "sect and clan and discipline together",
                library("Potence", &["Brujah"], &["sabbat"]),
                &alma,
                false,
            ),
        ];
        for (what, card, crypt, expected) in table {
            assert_eq!(can_play(crypt, &card), expected, "{what}");
        }
    }

    #[test]
    fn any_of_disciplines_is_met_by_either() {
        // Test Dodge: Celerity/Auspex
        assert!(plays(100005, 200002)); // cel
        assert!(plays(100005, 200004)); // AUS CEL
        assert!(!plays(100005, 200001)); // pot only
    }

    #[test]
    fn all_of_disciplines_needs_both() {
        // Test Duo: Potence & Presence
        assert!(plays(100006, 200003)); // CEL POT pre
        assert!(!plays(100006, 200002)); // cel pot
    }

    #[test]
    fn clan_requirement_accepts_any_listed_clan() {
        // Test Toreador Grace: Toreador/Ventrue
        assert!(plays(100009, 200004)); // Toreador
        assert!(plays(100009, 200013)); // Ventrue
        assert!(!plays(100009, 200001)); // Brujah
    }

    #[test]
    fn clan_and_sect_both_apply() {
        // Test Brujah Pride: Brujah, and `camarilla` in the fixture vteslibmeta.csv
        assert!(plays(100008, 200001)); // Camarilla Brujah
        assert!(!plays(100008, 200010)); // Anarch Brujah
        assert!(!plays(100008, 200004)); // Camarilla Toreador
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
        let levels: Vec<(&str, DisciplineLevel)> = crypt_discipline_levels(&gargoyle)
            .map(|(d, level)| (d.abbreviation(), level))
            .collect();
        assert_eq!(
            levels,
            [
                ("pot", DisciplineLevel::Inferior),
                ("fli", DisciplineLevel::Inferior)
            ]
        );
        let without: Vec<_> = crypt_discipline_levels(&vampire(200001)).collect();
        assert_eq!(without, vampire(200001).disciplines);
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
