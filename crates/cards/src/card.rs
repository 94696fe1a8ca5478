//! The typed card model: one [`Card`] per row of the VEKN CSV files.

use std::fmt;
use std::sync::LazyLock;

use chrono::NaiveDate;
use rustc_hash::FxHashMap;
use serde::{Serialize, Serializer};

use super::discipline::{Discipline, DisciplineLevel, DisciplineRequirement};

/// The capacities a crypt card has: 1 to 11 (what a crypt row's capacity
/// column is read as, in every layout).
pub const CAPACITIES: std::ops::RangeInclusive<u8> = 1..=11;

/// A card's stable VEKN id (crypt 200000+, library 100000+).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct CardId(pub u32);

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Which half of a deck a card belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CardKind {
    /// Vampires and Imbued.
    Crypt,
    /// Every other card.
    Library,
}

/// A crypt card's group: `1`..`7`, or `ANY` (fits any deck).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Group {
    /// A numbered group.
    Number(u8),
    /// Fits every deck.
    Any,
}

impl Group {
    /// Parses `1`..`9` or `ANY` (case-insensitive).
    pub fn parse(text: &str) -> Option<Group> {
        // One digit (the group column of nearly every crypt row): read at once.
        if let &[digit @ b'1'..=b'9'] = text.as_bytes() {
            return Some(Group::Number(digit - b'0'));
        }
        let text = text.trim();
        if text.eq_ignore_ascii_case("any") {
            return Some(Group::Any);
        }
        match text.parse::<u8>() {
            Ok(n) if (1..=9).contains(&n) => Some(Group::Number(n)),
            _ => None,
        }
    }

    /// The group number, `None` for `ANY`.
    pub fn number(self) -> Option<u8> {
        match self {
            Group::Number(n) => Some(n),
            Group::Any => None,
        }
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Group::Number(n) => write!(f, "{n}"),
            Group::Any => f.write_str("ANY"),
        }
    }
}

impl Serialize for Group {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Group::Number(n) => serializer.serialize_u8(*n),
            Group::Any => serializer.serialize_str("ANY"),
        }
    }
}

/// A card type as printed in the `Type` column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum CardType {
    /// Master card.
    Master,
    /// Conviction (Imbued).
    Conviction,
    /// Action.
    Action,
    /// Political action.
    #[serde(rename = "Political Action")]
    PoliticalAction,
    /// Equipment.
    Equipment,
    /// Retainer.
    Retainer,
    /// Ally.
    Ally,
    /// Action modifier.
    #[serde(rename = "Action Modifier")]
    ActionModifier,
    /// Reaction.
    Reaction,
    /// Combat.
    Combat,
    /// Power (Imbued).
    Power,
    /// Event.
    Event,
    /// Crypt: vampire.
    Vampire,
    /// Crypt: Imbued.
    Imbued,
}

impl CardType {
    /// Every type, library types in the order the TWDA lists its sections
    /// (read from the archive), then the crypt types.
    pub const ALL: [CardType; 14] = [
        CardType::Master,
        CardType::Conviction,
        CardType::Action,
        CardType::Ally,
        CardType::Equipment,
        CardType::PoliticalAction,
        CardType::Power,
        CardType::Retainer,
        CardType::ActionModifier,
        CardType::Reaction,
        CardType::Combat,
        CardType::Event,
        CardType::Vampire,
        CardType::Imbued,
    ];

    /// The type's name as the CSV writes it.
    pub fn name(self) -> &'static str {
        match self {
            CardType::Master => "Master",
            CardType::Conviction => "Conviction",
            CardType::Action => "Action",
            CardType::PoliticalAction => "Political Action",
            CardType::Equipment => "Equipment",
            CardType::Retainer => "Retainer",
            CardType::Ally => "Ally",
            CardType::ActionModifier => "Action Modifier",
            CardType::Reaction => "Reaction",
            CardType::Combat => "Combat",
            CardType::Power => "Power",
            CardType::Event => "Event",
            CardType::Vampire => "Vampire",
            CardType::Imbued => "Imbued",
        }
    }

    /// Parses one type name (case-insensitive).
    pub fn parse(text: &str) -> Option<CardType> {
        CardType::parse_trimmed(text.trim())
    }

    /// Parses one type name (case-insensitive) with no white space around
    /// it, as [`str::trim`] leaves it (a caller that trimmed the text already
    /// does not trim it again).
    pub(crate) fn parse_trimmed(text: &str) -> Option<CardType> {
        /// The types by lower-case name (read on the section headers of every decklist).
        static BY_NAME: LazyLock<FxHashMap<Vec<u8>, CardType>> = LazyLock::new(|| {
            CardType::ALL
                .into_iter()
                .map(|t| (t.name().to_ascii_lowercase().into_bytes(), t))
                .collect()
        });
        // Lowered on the stack: no type name is longer than the buffer.
        let mut buffer = [0u8; 24];
        BY_NAME
            .get(super::names::lowered_bytes_on_stack(text, &mut buffer)?)
            .copied()
    }

    /// Whether this type is a crypt card type.
    pub fn is_crypt(self) -> bool {
        matches!(self, CardType::Vampire | CardType::Imbued)
    }
}

impl fmt::Display for CardType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A pool, blood or conviction cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cost {
    /// A fixed amount.
    Fixed(u8),
    /// `X`: decided when played.
    X,
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cost::Fixed(n) => write!(f, "{n}"),
            Cost::X => f.write_str("X"),
        }
    }
}

impl Serialize for Cost {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Cost::Fixed(n) => serializer.serialize_u8(*n),
            Cost::X => serializer.serialize_str("X"),
        }
    }
}

/// A crypt card's sect, read from the start of its card text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Sect {
    /// Camarilla.
    Camarilla,
    /// Sabbat.
    Sabbat,
    /// Independent.
    Independent,
    /// Anarch.
    Anarch,
    /// Laibon.
    Laibon,
}

impl Sect {
    /// Every sect.
    pub(crate) const ALL: [Sect; 5] = [
        Sect::Camarilla,
        Sect::Sabbat,
        Sect::Independent,
        Sect::Anarch,
        Sect::Laibon,
    ];

    /// The sect's name.
    pub fn name(self) -> &'static str {
        match self {
            Sect::Camarilla => "Camarilla",
            Sect::Sabbat => "Sabbat",
            Sect::Independent => "Independent",
            Sect::Anarch => "Anarch",
            Sect::Laibon => "Laibon",
        }
    }

    /// Reads the sect from a crypt card text (`Sabbat cardinal: ...`,
    /// `Advanced, Camarilla: ...`, `{Anarch}: ...`).
    pub(crate) fn from_card_text(text: &str) -> Option<Sect> {
        let first_line = text.lines().next().unwrap_or("");
        let head = first_line.split(':').next().unwrap_or("");
        head.split(|c: char| !c.is_alphabetic())
            .filter(|word| !word.is_empty() && *word != "Advanced")
            .take(1)
            .find_map(|word| Sect::ALL.into_iter().find(|s| s.name() == word))
    }
}

impl fmt::Display for Sect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One print of a card: `SET:RARITY` in the `Set` column.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Printing {
    /// The set's abbreviation (`Jyhad`, `V5`, `Promo-20080203`, `POD`).
    pub set: String,
    /// The rarity or print details (`C`, `PTr1`, `DTC`); may be empty.
    pub rarity: String,
    /// The release date of that set, when known.
    pub release: Option<NaiveDate>,
}

/// A card of the official database.
#[derive(Debug, Clone, Serialize)]
pub struct Card {
    /// Stable VEKN id.
    pub id: CardId,
    /// Name as the CSV writes it (`Rack, The`).
    pub name: String,
    /// Alternative names from the `Aka` column.
    pub aka: Vec<String>,
    /// Crypt or library.
    pub kind: CardKind,
    /// Types; a library card may have several (`Action Modifier/Combat`).
    pub types: Vec<CardType>,
    /// Clans (crypt: one; library requirement: any of these).
    pub clans: Vec<String>,
    /// Path (crypt cards of the Sabbat paths; library requirement).
    pub path: Option<String>,
    /// Crypt group.
    pub group: Option<Group>,
    /// Advanced vampire.
    pub advanced: bool,
    /// Crypt capacity.
    pub capacity: Option<u8>,
    /// Crypt disciplines (and Imbued virtues) with their level.
    pub disciplines: Vec<(Discipline, DisciplineLevel)>,
    /// Library discipline requirement.
    pub discipline_requirement: Option<DisciplineRequirement>,
    /// Pool cost.
    pub pool_cost: Option<Cost>,
    /// Blood cost.
    pub blood_cost: Option<Cost>,
    /// Conviction cost.
    pub conviction_cost: Option<Cost>,
    /// Has a burn option.
    pub burn_option: bool,
    /// Crypt title (`prince`, `2 votes`, ...).
    pub title: Option<String>,
    /// Crypt sect, read from the card text.
    pub sect: Option<Sect>,
    /// Card text.
    pub text: String,
    /// Prints of the card, in CSV order.
    pub printings: Vec<Printing>,
    /// Year the card was banned.
    pub banned: Option<u16>,
    /// Extra requirements from `vteslibmeta.csv` (`sabbat`, `capacity 5 or more`).
    pub requirements: Vec<String>,
    /// Library `Capacity` column: a capacity change or a clan restriction (`+1`, `Ventrue`).
    pub capacity_change: Option<String>,
    /// Library card with the `Trifle.` keyword.
    pub trifle: bool,
    /// Artists.
    pub artist: String,
}

impl Card {
    /// Whether the card is a crypt card.
    pub fn is_crypt(&self) -> bool {
        self.kind == CardKind::Crypt
    }

    /// The name a decklist usually shows: `The Rack` for `Rack, The`.
    pub fn display_name(&self) -> String {
        match self.name.strip_suffix(", The") {
            Some(base) => format!("The {base}"),
            None => self.name.clone(),
        }
    }

    /// The name with its printing suffix when other printings exist
    /// (`Theo Bell (G6)`, `Kemintiri (ADV)`); see [`super::CardDb::printing_name`].
    pub fn suffix(&self) -> String {
        match (self.group, self.advanced) {
            (Some(g), true) => format!("(G{g} ADV)"),
            (Some(g), false) => format!("(G{g})"),
            (None, true) => "(ADV)".to_string(),
            (None, false) => String::new(),
        }
    }

    /// The type string as the CSV writes it (`Action Modifier/Combat`).
    pub fn type_name(&self) -> String {
        self.types
            .iter()
            .map(|t| t.name())
            .collect::<Vec<_>>()
            .join("/")
    }

    /// Date of the first print whose set has a known release date.
    pub fn first_release(&self) -> Option<NaiveDate> {
        self.printings.iter().filter_map(|p| p.release).min()
    }

    /// Whether the card has the given discipline at the given level or better
    /// (Flight included: `super::playability::crypt_discipline_levels`).
    pub(crate) fn has_discipline(&self, discipline: Discipline, at_least: DisciplineLevel) -> bool {
        super::playability::crypt_discipline_levels(self)
            .any(|(d, level)| d == discipline && level >= at_least)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_types_parse_from_their_names_in_any_case() {
        for card_type in CardType::ALL {
            let name = card_type.name();
            for written in [
                name.to_string(),
                name.to_ascii_uppercase(),
                format!(" {name}\u{a0}"),
            ] {
                assert_eq!(CardType::parse(&written), Some(card_type), "{written:?}");
            }
        }
        for text in [
            "",
            "Masters",
            "Mastér",
            "Political  Action",
            "Action Modifier/Combat",
            "x".repeat(40).as_str(),
        ] {
            assert_eq!(CardType::parse(text), None, "{text:?}");
        }
    }

    #[test]
    fn group_parses_numbers_and_any() {
        assert_eq!(Group::parse("6"), Some(Group::Number(6)));
        assert_eq!(Group::parse("ANY"), Some(Group::Any));
        assert_eq!(Group::parse("0"), None);
        assert_eq!(Group::parse("x"), None);
        for text in [
            "1",
            "9",
            " 3",
            "3 ",
            "03",
            "10",
            "\u{a0}4",
            "4\u{3000}",
            "\x0b5",
            "any ",
            "é",
        ] {
            let general = text.trim();
            let expected = match general.parse::<u8>() {
                Ok(n) if (1..=9).contains(&n) => Some(Group::Number(n)),
                _ if general.eq_ignore_ascii_case("any") => Some(Group::Any),
                _ => None,
            };
            assert_eq!(Group::parse(text), expected, "{text:?}");
        }
    }

    #[test]
    fn sect_is_read_from_card_text() {
        assert_eq!(
            Sect::from_card_text("Sabbat cardinal: blah"),
            Some(Sect::Sabbat)
        );
        assert_eq!(
            Sect::from_card_text("Advanced, Camarilla Prince of Paris: x"),
            Some(Sect::Camarilla)
        );
        assert_eq!(Sect::from_card_text("{Anarch}: x"), Some(Sect::Anarch));
        assert_eq!(Sect::from_card_text("If this vampire ..."), None);
    }

    #[test]
    fn card_type_parses_case_insensitively() {
        assert_eq!(
            CardType::parse("action modifier"),
            Some(CardType::ActionModifier)
        );
        assert_eq!(
            CardType::parse("Political Action"),
            Some(CardType::PoliticalAction)
        );
        assert_eq!(CardType::parse("Nope"), None);
    }
}
