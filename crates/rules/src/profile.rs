//! Rule sets: the profiles shipped in `crates/rules/data/profiles/*.toml` and a user's own TOML file.
//!
//! Every key is optional; a key left out takes the Standard Constructed value.
//!
//! ```toml
//! name = "my-league"            # default: the file name
//! description = "..."
//! rules = ["6.2"]               # the points of the VEKN tournament rules it implements
//! grouping = true               # crypt-grouping on or off
//! max_copies = 4                # copies of any one card; "none" = no limit
//! allowed_sets = ["V5", "NB", "Promo:20240423"]   # card pool: a print in one of these sets
//!                               # (or the `Promo:` prints of that day), from its release day...
//! allowed_cards = ["Ashur Tablets", 100123]   # ...or one of these cards (names or ids)
//! new_releases_after = "2025-10-26"   # ...or any print released after that day
//! boosters = true               # `--boosters N` sets the minimums of Limited (rules 7.2.1)
//! banned_cards = ["Villein"]    # banned in this format, besides the official list
//! disabled_rules = ["not-yet-legal"]
//!
//! [crypt]
//! min = 12
//! max = "none"
//!
//! [library]
//! min = 60
//! max = 90                      # "none" = no maximum
//! max_per_player = 0            # the maximum grows by this per player (--players)
//! ```

use std::fmt;
use std::path::{Path, PathBuf};

use chrono::NaiveDate;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer};

use super::RULES;
use vtesdeck_cards::{PrintRef, Printing};

/// The profiles shipped in the binary: (name, TOML text).
const BUILTIN: &[(&str, &str)] = &[
    (
        Profile::STANDARD,
        include_str!("../data/profiles/standard.toml"),
    ),
    ("v5", include_str!("../data/profiles/v5.toml")),
    ("limited", include_str!("../data/profiles/limited.toml")),
    ("duel", include_str!("../data/profiles/duel.toml")),
    ("classic", include_str!("../data/profiles/classic.toml")),
    ("house-4", include_str!("../data/profiles/house-4.toml")),
];

/// A rule set: sizes, grouping, copy limit, card pool, extra bans.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Profile {
    /// The profile's name, shown in every report.
    pub name: String,
    /// One line describing it.
    pub description: String,
    /// The points of the VEKN tournament rules the profile implements (`6.2`,
    /// `7.2.1`); empty for a house rule.
    pub rules: Vec<String>,
    /// Whether the crypt must come from one group or two consecutive groups.
    pub grouping: bool,
    /// Most copies of any one card (`None`: no limit).
    #[serde(deserialize_with = "limit")]
    pub max_copies: Option<u32>,
    /// Crypt size limits.
    pub crypt: CryptLimits,
    /// Library size limits.
    pub library: LibraryLimits,
    /// The card pool: a card is in it when it has a print of one of these sets
    /// released by the check date (or is listed in `allowed_cards`, or has a print
    /// after `new_releases_after`). All three empty: every card.
    #[serde(deserialize_with = "print_refs")]
    pub allowed_sets: Vec<PrintRef>,
    /// Cards in the pool whatever their sets (names or ids).
    pub allowed_cards: Vec<CardRef>,
    /// A print released after this day puts its card in the pool from its release
    /// day, whatever its set (V5, rules 6.4: new releases join the pool).
    #[serde(deserialize_with = "day")]
    pub new_releases_after: Option<NaiveDate>,
    /// Whether `--boosters N` applies the Limited minimums of rules 7.2.1.
    pub boosters: bool,
    /// Cards banned in this format, besides the official banned list (names or ids).
    pub banned_cards: Vec<CardRef>,
    /// Rule ids not checked under this profile.
    pub disabled_rules: Vec<String>,
    /// Rule ids whose warnings count as errors under this profile (they make a
    /// deck illegal), as `check --deny RULE` does.
    pub denied_rules: Vec<String>,
}

/// Crypt size limits.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CryptLimits {
    /// Fewest crypt cards.
    pub min: u32,
    /// Most crypt cards (`None`: no maximum).
    #[serde(deserialize_with = "limit")]
    pub max: Option<u32>,
}

/// Library size limits.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LibraryLimits {
    /// Fewest library cards.
    pub min: u32,
    /// Most library cards (`None`: no maximum), before `max_per_player`.
    #[serde(deserialize_with = "limit")]
    pub max: Option<u32>,
    /// Added to the maximum for each player at the table.
    pub max_per_player: u32,
}

impl LibraryLimits {
    /// The maximum at a table of `players`.
    pub(crate) fn max_for(&self, players: u32) -> Option<u32> {
        self.max
            .map(|max| max.saturating_add(self.max_per_player.saturating_mul(players)))
    }
}

/// A card named in a profile: its VEKN id or its name.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum CardRef {
    /// A card id (`100123`).
    Id(u32),
    /// A card name (`"Ashur Tablets"`).
    Name(String),
}

impl fmt::Display for CardRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardRef::Id(id) => write!(f, "{id}"),
            CardRef::Name(name) => f.write_str(name),
        }
    }
}

impl Default for CryptLimits {
    fn default() -> CryptLimits {
        CryptLimits { min: 12, max: None }
    }
}

impl Default for LibraryLimits {
    fn default() -> LibraryLimits {
        LibraryLimits {
            min: 60,
            max: Some(90),
            max_per_player: 0,
        }
    }
}

impl Default for Profile {
    /// Standard Constructed, named `custom`.
    fn default() -> Profile {
        Profile {
            name: "custom".to_string(),
            description: String::new(),
            rules: Vec::new(),
            grouping: true,
            max_copies: None,
            crypt: CryptLimits::default(),
            library: LibraryLimits::default(),
            allowed_sets: Vec::new(),
            allowed_cards: Vec::new(),
            new_releases_after: None,
            boosters: false,
            banned_cards: Vec::new(),
            disabled_rules: Vec::new(),
            denied_rules: Vec::new(),
        }
    }
}

/// A number, or `"none"` for no limit.
fn limit<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<u32>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Limit {
        Number(u32),
        Word(String),
    }
    match Option::<Limit>::deserialize(deserializer)? {
        None => Ok(None),
        Some(Limit::Number(n)) => Ok(Some(n)),
        Some(Limit::Word(word)) if word == "none" => Ok(None),
        Some(Limit::Word(word)) => Err(D::Error::custom(format!(
            "expected a number or \"none\", found {word:?}"
        ))),
    }
}

/// Set abbreviations or `Promo:YYYYMMDD` days.
fn print_refs<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<PrintRef>, D::Error> {
    Vec::<String>::deserialize(deserializer)?
        .iter()
        .map(|text| PrintRef::parse(text).map_err(D::Error::custom))
        .collect()
}

/// A day, written `"2025-10-26"` or as a TOML date `2025-10-26`.
fn day<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<NaiveDate>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Day {
        Date(toml::value::Datetime),
        Text(String),
    }
    let text = match Option::<Day>::deserialize(deserializer)? {
        None => return Ok(None),
        Some(Day::Date(date)) => date.to_string(),
        Some(Day::Text(text)) => text,
    };
    NaiveDate::parse_from_str(&text, "%Y-%m-%d")
        .map(Some)
        .map_err(|_| D::Error::custom(format!("expected a day YYYY-MM-DD, found {text:?}")))
}

/// The Limited minimums with boosters only (tournament rules 7.2.1): crypt as many
/// cards as boosters, at most 12; library 5 per booster, at most 40.
pub fn booster_minimums(boosters: u32) -> (u32, u32) {
    (boosters.min(12), boosters.saturating_mul(5).min(40))
}

/// `Ok` for the id of a registered rule; else the error naming the known ones.
fn known_rule(id: &str) -> Result<(), ProfileError> {
    if RULES.iter().any(|rule| rule.id() == id) {
        return Ok(());
    }
    let known: Vec<&str> = RULES.iter().map(|rule| rule.id()).collect();
    Err(ProfileError::UnknownRule {
        rule: id.to_string(),
        known: known.join(", "),
    })
}

/// An error finding, reading or validating a profile.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ProfileError {
    /// Neither a shipped profile nor a file.
    #[error("unknown profile {name:?} (shipped profiles: {known})")]
    Unknown {
        /// What was asked for.
        name: String,
        /// The shipped profile names, comma separated.
        known: String,
    },
    /// The file could not be read.
    #[error("{}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The TOML is malformed or has an unknown key or a bad value.
    #[error("{origin}:{line}: {message}")]
    Syntax {
        /// The file (or `profile <name>` for a shipped one).
        origin: String,
        /// 1-based line of the problem.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// Boosters with a profile that has no booster table.
    #[error("profile {name} does not take boosters (the limited profile does, rules 7.2.1)")]
    NoBoosters {
        /// The profile's name.
        name: String,
    },
    /// A rule id that is not in the registry ([`Profile::allow`], [`Profile::deny`]).
    #[error("unknown rule {rule:?} (rules: {known})")]
    UnknownRule {
        /// The id as written.
        rule: String,
        /// The rule ids, comma separated.
        known: String,
    },
    /// The values contradict each other or name an unknown rule.
    #[error("{origin}: {message}")]
    Invalid {
        /// The file (or `profile <name>`).
        origin: String,
        /// What is wrong.
        message: String,
    },
}

impl Profile {
    /// The name of Standard Constructed, the shipped profile used when none is named.
    pub const STANDARD: &'static str = "standard";

    /// The names of the shipped profiles.
    pub fn builtin_names() -> impl Iterator<Item = &'static str> {
        BUILTIN.iter().map(|(name, _)| *name)
    }

    /// A shipped profile by name.
    pub(crate) fn builtin(name: &str) -> Option<Result<Profile, ProfileError>> {
        BUILTIN
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(n, text)| Profile::parse(text, &format!("profile {n}"), n))
    }

    /// Standard Constructed.
    pub fn standard() -> Profile {
        Profile {
            name: Profile::STANDARD.to_string(),
            ..Profile::default()
        }
    }

    /// A shipped profile name, else a TOML file path.
    pub fn find(name_or_path: &str) -> Result<Profile, ProfileError> {
        if let Some(found) = Profile::builtin(name_or_path) {
            return found;
        }
        let path = Path::new(name_or_path);
        if path.is_file() || name_or_path.ends_with(".toml") {
            return Profile::load(path);
        }
        Err(ProfileError::Unknown {
            name: name_or_path.to_string(),
            known: Profile::builtin_names().collect::<Vec<_>>().join(", "),
        })
    }

    /// Reads a profile file; its name defaults to the file name without `.toml`.
    pub(crate) fn load(path: &Path) -> Result<Profile, ProfileError> {
        let text = std::fs::read_to_string(path).map_err(|source| ProfileError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let stem = path
            .file_stem()
            .map_or_else(|| "custom".into(), |s| s.to_string_lossy());
        Profile::parse(&text, &path.display().to_string(), &stem)
    }

    /// Parses a profile's TOML text; `origin` names it in errors, `default_name`
    /// is used when the text has no `name`.
    pub(crate) fn parse(
        text: &str,
        origin: &str,
        default_name: &str,
    ) -> Result<Profile, ProfileError> {
        let mut profile: Profile = toml::from_str(text).map_err(|err| ProfileError::Syntax {
            origin: origin.to_string(),
            line: err.span().map_or(1, |span| {
                text[..span.start.min(text.len())].matches('\n').count() + 1
            }),
            message: err.message().to_string(),
        })?;
        if !has_name_key(text) {
            profile.name = default_name.to_string();
        }
        profile.validate(origin)?;
        Ok(profile)
    }

    fn validate(&self, origin: &str) -> Result<(), ProfileError> {
        let invalid = |message: String| ProfileError::Invalid {
            origin: origin.to_string(),
            message,
        };
        if let Some(max) = self.crypt.max.filter(|&max| max < self.crypt.min) {
            return Err(invalid(format!(
                "crypt.max ({max}) is below crypt.min ({})",
                self.crypt.min
            )));
        }
        if let Some(max) = self.library.max.filter(|&max| max < self.library.min) {
            if self.library.max_per_player == 0 {
                return Err(invalid(format!(
                    "library.max ({max}) is below library.min ({})",
                    self.library.min
                )));
            }
        }
        if let Some(point) = self.rules.iter().find(|point| !is_rule_point(point)) {
            return Err(invalid(format!(
                "rules: {point:?} is not a rule point (numbers joined by dots: \"6.4\", \"7.2.1\")"
            )));
        }
        if self.max_copies == Some(0) {
            return Err(invalid("max_copies must be at least 1".to_string()));
        }
        for id in &self.disabled_rules {
            known_rule(id).map_err(|err| invalid(format!("disabled_rules: {err}")))?;
        }
        for id in &self.denied_rules {
            known_rule(id).map_err(|err| invalid(format!("denied_rules: {err}")))?;
        }
        Ok(())
    }

    /// The profile with a rule turned off (`check --allow RULE`): its problems are
    /// not reported; an unknown rule id is an error listing the rules.
    pub fn allow(mut self, rule: &str) -> Result<Profile, ProfileError> {
        known_rule(rule)?;
        self.denied_rules.retain(|id| id != rule);
        self.disabled_rules.push(rule.to_string());
        Ok(self)
    }

    /// The profile with a rule's warnings made errors (`check --deny RULE`): the
    /// rule is checked (even when the profile disabled it) and any problem it
    /// finds makes the deck illegal; an unknown rule id is an error.
    pub fn deny(mut self, rule: &str) -> Result<Profile, ProfileError> {
        known_rule(rule)?;
        self.disabled_rules.retain(|id| id != rule);
        self.denied_rules.push(rule.to_string());
        Ok(self)
    }

    /// Whether a rule's problems are errors under this profile whatever their severity.
    pub(crate) fn denies(&self, rule: &str) -> bool {
        self.denied_rules.iter().any(|id| id == rule)
    }

    /// Whether a rule is checked under this profile.
    pub(crate) fn enables(&self, rule: &str) -> bool {
        !self.disabled_rules.iter().any(|id| id == rule)
    }

    /// Whether the profile restricts the card pool.
    pub(crate) fn has_pool(&self) -> bool {
        !self.allowed_sets.is_empty()
            || !self.allowed_cards.is_empty()
            || self.new_releases_after.is_some()
    }

    /// Whether a print puts its card in the pool at `date`: a print of an allowed
    /// set, or one released after `new_releases_after`, counts from its release
    /// day (an allowed print of unknown date always counts).
    pub(crate) fn print_in_pool(&self, print: &Printing, date: NaiveDate) -> bool {
        let released = print.release.is_none_or(|day| day <= date);
        let listed = self.allowed_sets.iter().any(|set| set.matches(print));
        let new_release = self
            .new_releases_after
            .zip(print.release)
            .is_some_and(|(after, day)| day > after);
        released && (listed || new_release)
    }

    /// Whether a print will put its card in the pool after `date` (a pool print not yet released).
    pub(crate) fn print_joins_pool_later(&self, print: &Printing, date: NaiveDate) -> bool {
        print
            .release
            .is_some_and(|day| day > date && self.print_in_pool(print, day))
    }

    /// The profile with the Limited minimums for `boosters` boosters (rules 7.2.1:
    /// 12 or more: crypt 12, library 40; 8 to 11: crypt = boosters, library 40;
    /// 7 down to 1: crypt = boosters, library 5 per booster).
    pub fn with_boosters(mut self, boosters: u32) -> Result<Profile, ProfileError> {
        if !self.boosters {
            return Err(ProfileError::NoBoosters { name: self.name });
        }
        if boosters == 0 {
            return Err(ProfileError::Invalid {
                origin: format!("profile {}", self.name),
                message: "the number of boosters must be at least 1".to_string(),
            });
        }
        let (crypt, library) = booster_minimums(boosters);
        self.crypt.min = crypt;
        self.library.min = library;
        self.description = format!(
            "{} ({boosters} boosters: crypt {crypt}+, library {library}+)",
            self.description
        );
        Ok(self)
    }
}

/// `6`, `6.4`, `7.2.1`: numbers joined by dots.
fn is_rule_point(text: &str) -> bool {
    text.split('.')
        .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether the TOML text sets a top-level `name` (before any table header).
fn has_name_key(text: &str) -> bool {
    text.lines()
        .map(str::trim_start)
        .take_while(|line| !line.starts_with('['))
        .any(|line| {
            line.strip_prefix("name")
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_profile_parses_under_its_name() {
        for name in Profile::builtin_names() {
            let profile = Profile::builtin(name).unwrap().unwrap();
            assert_eq!(profile.name, name);
            assert!(!profile.description.is_empty(), "{name}");
        }
    }

    #[test]
    fn shipped_standard_is_the_default_rule_set() {
        let shipped = Profile::builtin("standard").unwrap().unwrap();
        let standard = Profile::standard();
        assert_eq!(shipped.crypt, standard.crypt);
        assert_eq!(shipped.library, standard.library);
        assert_eq!(shipped.grouping, standard.grouping);
        assert_eq!(shipped.max_copies, standard.max_copies);
    }

    #[test]
    fn left_out_keys_take_standard_values() {
        let profile = Profile::parse("max_copies = 4\n", "test.toml", "test").unwrap();
        assert_eq!(profile.name, "test");
        assert_eq!(profile.max_copies, Some(4));
        assert_eq!(profile.library.max, Some(90));
        assert_eq!(profile.crypt.min, 12);
        assert!(profile.grouping);
    }

    #[test]
    fn classic_library_maximum_grows_with_players() {
        let classic = Profile::builtin("classic").unwrap().unwrap();
        assert_eq!(classic.library.max_for(4), Some(80));
        assert_eq!(classic.library.max_for(5), Some(90));
        assert_eq!(classic.library.min, 40);
    }

    #[test]
    fn none_lifts_a_limit() {
        let profile = Profile::parse("[library]\nmax = \"none\"\n", "t.toml", "t").unwrap();
        assert_eq!(profile.library.max, None);
        assert_eq!(profile.library.max_for(5), None);
    }

    #[test]
    fn card_lists_take_names_and_ids() {
        let text = "allowed_cards = [\"Test Haven\", 100002]\n";
        let profile = Profile::parse(text, "t.toml", "t").unwrap();
        assert_eq!(
            profile.allowed_cards,
            vec![CardRef::Name("Test Haven".into()), CardRef::Id(100002)]
        );
        assert!(profile.has_pool());
    }

    #[test]
    fn unknown_key_is_reported_with_its_line() {
        let err = Profile::parse("name = \"x\"\nmax_copy = 4\n", "x.toml", "x").unwrap_err();
        let message = err.to_string();
        assert!(message.starts_with("x.toml:2: "), "{message}");
        assert!(message.contains("max_copy"), "{message}");
    }

    #[test]
    fn bad_limit_word_is_an_error() {
        let err = Profile::parse("[crypt]\nmax = \"lots\"\n", "x.toml", "x").unwrap_err();
        assert!(err.to_string().contains("\"none\""), "{err}");
    }

    #[test]
    fn contradictory_sizes_and_unknown_rules_are_invalid() {
        let err = Profile::parse("[library]\nmin = 80\nmax = 70\n", "x.toml", "x").unwrap_err();
        assert!(err.to_string().contains("library.max (70)"), "{err}");
        let err = Profile::parse("disabled_rules = [\"nope\"]\n", "x.toml", "x").unwrap_err();
        assert!(err.to_string().contains("unknown rule \"nope\""), "{err}");
        let profile = Profile::parse("disabled_rules = [\"banned\"]\n", "x.toml", "x").unwrap();
        assert!(!profile.enables("banned"));
        assert!(profile.enables("crypt-size"));
    }

    #[test]
    fn booster_minimums_follow_the_table_of_rules_7_2_1() {
        // The table as the rules write it: boosters, crypt minimum, library minimum.
        let table = [
            (1, 1, 5),
            (2, 2, 10),
            (3, 3, 15),
            (4, 4, 20),
            (5, 5, 25),
            (6, 6, 30),
            (7, 7, 35),
            (8, 8, 40),
            (9, 9, 40),
            (10, 10, 40),
            (11, 11, 40),
            (12, 12, 40),
            (13, 12, 40),
            (30, 12, 40),
        ];
        for (boosters, crypt, library) in table {
            assert_eq!(booster_minimums(boosters), (crypt, library), "{boosters}");
        }
    }

    #[test]
    fn boosters_set_the_limited_minimums_and_nothing_else() {
        let limited = Profile::builtin("limited").unwrap().unwrap();
        let six = limited.clone().with_boosters(6).unwrap();
        assert_eq!((six.crypt.min, six.library.min), (6, 30));
        assert_eq!(six.library.max, Some(90));
        assert!(!six.grouping);
        assert!(six
            .description
            .ends_with("(6 boosters: crypt 6+, library 30+)"));
        assert!(limited.with_boosters(0).is_err());
        let err = Profile::standard().with_boosters(6).unwrap_err();
        assert_eq!(
            err.to_string(),
            "profile standard does not take boosters (the limited profile does, rules 7.2.1)"
        );
    }

    #[test]
    fn shipped_profiles_cite_their_rule_points() {
        let cited = |name: &str| Profile::builtin(name).unwrap().unwrap().rules;
        assert_eq!(cited("standard"), ["6.2"]);
        assert_eq!(cited("v5"), ["6.2", "6.4"]);
        assert_eq!(cited("limited"), ["7.2", "7.2.1"]);
        for house in ["duel", "classic", "house-4"] {
            assert!(cited(house).is_empty(), "{house}");
        }
    }

    #[test]
    fn rule_points_are_numbers_joined_by_dots() {
        assert!(Profile::parse("rules = [\"6.4\", \"7.2.1\"]\n", "x.toml", "x").is_ok());
        let err = Profile::parse("rules = [\"6.x\"]\n", "x.toml", "x").unwrap_err();
        assert!(
            err.to_string().contains("\"6.x\" is not a rule point"),
            "{err}"
        );
    }

    #[test]
    fn v5_pool_lists_the_sets_and_promo_packs_of_rules_6_4() {
        let v5 = Profile::builtin("v5").unwrap().unwrap();
        let sets: Vec<String> = v5.allowed_sets.iter().map(ToString::to_string).collect();
        assert_eq!(
            sets,
            [
                "V5",
                "V5A",
                "V5C",
                "NB",
                "NB2",
                "NB3",
                "FoL",
                "SoB",
                "30th",
                "SV5",
                "Promo-20211015",
                "Promo:20240423"
            ]
        );
        assert_eq!(v5.new_releases_after, "2025-10-26".parse().ok());
    }

    #[test]
    fn new_releases_day_takes_a_string_or_a_toml_date() {
        let text = Profile::parse("new_releases_after = \"2025-10-26\"\n", "x.toml", "x").unwrap();
        let date = Profile::parse("new_releases_after = 2025-10-26\n", "x.toml", "x").unwrap();
        assert_eq!(text.new_releases_after, date.new_releases_after);
        assert!(text.has_pool());
        let err = Profile::parse("new_releases_after = \"soon\"\n", "x.toml", "x").unwrap_err();
        assert!(
            err.to_string().contains("expected a day YYYY-MM-DD"),
            "{err}"
        );
        let err = Profile::parse("allowed_sets = [\"Promo:2024\"]\n", "x.toml", "x").unwrap_err();
        assert!(err.to_string().starts_with("x.toml:1: "), "{err}");
    }

    #[test]
    fn unknown_profile_names_the_shipped_ones() {
        let err = Profile::find("nonesuch").unwrap_err();
        assert!(err.to_string().contains("standard, v5, limited"), "{err}");
    }
}
