//! `card --search`: simple filters over the card database.

use super::card::{Card, CardType, Group};
use super::db::CardDb;
use super::discipline::{Discipline, DisciplineLevel};
use super::names::fold;

/// An error in a search filter value.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SearchError {
    /// The type is not a card type.
    #[error("unknown card type {0:?}{suggestion} (one of: {types})", suggestion = suggest(.1), types = type_names())]
    UnknownType(String, Option<String>),
    /// The discipline is not known.
    #[error(
        "unknown discipline {0:?}{suggestion} (an abbreviation like `pot`, `POT` for superior, or a name)",
        suggestion = suggest(.1)
    )]
    UnknownDiscipline(String, Option<String>),
    /// The group is not `1`..`9` or `ANY`.
    #[error("bad group {0:?}{suggestion} (expected 1-9 or ANY)", suggestion = suggest(.1))]
    BadGroup(String, Option<String>),
    /// No card has this clan.
    #[error("unknown clan {0:?}{suggestion}", suggestion = suggest(.1))]
    UnknownClan(String, Option<String>),
    /// No set has this abbreviation or name.
    #[error("unknown set {0:?}{suggestion}", suggestion = suggest(.1))]
    UnknownSet(String, Option<String>),
}

fn type_names() -> String {
    CardType::ALL
        .iter()
        .map(|t| t.name())
        .collect::<Vec<_>>()
        .join(", ")
}

fn suggest(best: &Option<String>) -> String {
    best.as_ref()
        .map(|b| format!("; did you mean {b:?}?"))
        .unwrap_or_default()
}

/// A discipline filter: the discipline and, for `POT`, the superior level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct DisciplineFilter {
    discipline: Discipline,
    level: DisciplineLevel,
}

/// Filters on cards. Every filter given must match; a filter given several
/// times matches when any of its values does, except `discipline` and `text`,
/// where every value must match. `CardSearch::default()` matches every card.
#[derive(Debug, Clone, Default)]
pub struct CardSearch {
    types: Vec<CardType>,
    clans: Vec<String>,
    disciplines: Vec<DisciplineFilter>,
    groups: Vec<Group>,
    sets: Vec<String>,
    texts: Vec<String>,
}

impl CardSearch {
    /// Adds a card type (`vampire`, `political action`; any case).
    pub fn with_type(mut self, text: &str) -> Result<CardSearch, SearchError> {
        let card_type = CardType::parse(text).ok_or_else(|| {
            let names: Vec<&str> = CardType::ALL.iter().map(|t| t.name()).collect();
            SearchError::UnknownType(text.into(), closest(&fold(text), &names))
        })?;
        self.types.push(card_type);
        Ok(self)
    }

    /// Adds a clan (any case and accents); it must be the clan of some card of `db`.
    pub fn with_clan(mut self, text: &str, db: &CardDb) -> Result<CardSearch, SearchError> {
        let key = fold(text);
        let mut clans: Vec<&str> = db
            .cards()
            .iter()
            .flat_map(|c| c.clans.iter().map(String::as_str))
            .collect();
        clans.sort_unstable();
        clans.dedup();
        if !clans.iter().any(|c| fold(c) == key) {
            return Err(SearchError::UnknownClan(text.into(), closest(&key, &clans)));
        }
        self.clans.push(key);
        Ok(self)
    }

    /// Adds a discipline: abbreviation (`pot`; `POT` asks for the superior level) or name.
    pub fn with_discipline(mut self, text: &str) -> Result<CardSearch, SearchError> {
        let text = text.trim();
        let discipline = Discipline::parse(text).ok_or_else(|| {
            let names: Vec<&str> = Discipline::all()
                .flat_map(|d| [d.abbreviation(), d.name()])
                .collect();
            SearchError::UnknownDiscipline(text.into(), closest(&fold(text), &names))
        })?;
        let superior = text.len() == 3 && text.chars().all(|c| c.is_ascii_uppercase());
        self.disciplines.push(DisciplineFilter {
            discipline,
            level: if superior {
                DisciplineLevel::Superior
            } else {
                DisciplineLevel::Inferior
            },
        });
        Ok(self)
    }

    /// Adds a crypt group (`1`..`9`, `ANY`).
    pub fn with_group(mut self, text: &str) -> Result<CardSearch, SearchError> {
        let group = Group::parse(text)
            .ok_or_else(|| SearchError::BadGroup(text.into(), closest(&fold(text), &["ANY"])))?;
        self.groups.push(group);
        Ok(self)
    }

    /// Adds a set, by abbreviation (`V5`) or full name (any case); it must be a set of `db`.
    pub fn with_set(mut self, text: &str, db: &CardDb) -> Result<CardSearch, SearchError> {
        let key = fold(text);
        let mut known: Vec<&str> = db
            .cards()
            .iter()
            .flat_map(|c| c.printings.iter().map(|p| p.set.as_str()))
            .collect();
        known.sort_unstable();
        known.dedup();
        let abbreviation = known
            .iter()
            .find(|a| fold(a) == key)
            .map(|a| a.to_string())
            .or_else(|| {
                db.sets()
                    .iter()
                    .find(|s| fold(&s.name) == key)
                    .map(|s| s.abbreviation.clone())
            });
        match abbreviation {
            Some(abbreviation) => {
                self.sets.push(abbreviation);
                Ok(self)
            }
            None => {
                let names: Vec<&str> = db.sets().iter().map(|s| s.name.as_str()).collect();
                let suggestion = closest(&key, &known).or_else(|| closest(&key, &names));
                Err(SearchError::UnknownSet(text.into(), suggestion))
            }
        }
    }

    /// Adds a piece of card text to look for (any case).
    pub fn with_text(mut self, text: &str) -> CardSearch {
        self.texts.push(text.to_lowercase());
        self
    }

    /// Whether a card passes every filter.
    pub(crate) fn matches(&self, card: &Card) -> bool {
        (self.types.is_empty() || self.types.iter().any(|t| card.types.contains(t)))
            && (self.clans.is_empty() || card.clans.iter().any(|c| self.clans.contains(&fold(c))))
            && self.disciplines.iter().all(|d| has_discipline(card, *d))
            && (self.groups.is_empty() || card.group.is_some_and(|g| self.groups.contains(&g)))
            && (self.sets.is_empty() || card.printings.iter().any(|p| self.sets.contains(&p.set)))
            && (self.texts.is_empty() || {
                let text = card.text.to_lowercase();
                self.texts.iter().all(|t| text.contains(t.as_str()))
            })
    }

    /// The matching cards of `db`, crypt first, in CSV order.
    pub fn run<'a>(&self, db: &'a CardDb) -> Vec<&'a Card> {
        db.cards().iter().filter(|c| self.matches(c)).collect()
    }
}

/// A crypt card with the discipline at that level, or a library card requiring it.
fn has_discipline(card: &Card, filter: DisciplineFilter) -> bool {
    if card.is_crypt() {
        card.has_discipline(filter.discipline, filter.level)
    } else {
        card.discipline_requirement
            .as_ref()
            .is_some_and(|r| r.disciplines().contains(&filter.discipline))
    }
}

/// The closest of `names` to a folded key, if reasonably close.
fn closest(key: &str, names: &[&str]) -> Option<String> {
    names
        .iter()
        .map(|n| (strsim::jaro_winkler(key, &fold(n)), n))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, n)| n.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::fixture_db;

    fn names(search: &CardSearch, db: &CardDb) -> Vec<String> {
        search.run(db).iter().map(|c| c.name.clone()).collect()
    }

    #[test]
    fn filters_combine_with_and() {
        let db = fixture_db();
        let search = CardSearch::default()
            .with_type("vampire")
            .unwrap()
            .with_clan("brujah", &db)
            .unwrap()
            .with_discipline("cel")
            .unwrap();
        let found = search.run(&db);
        assert!(!found.is_empty());
        for card in &found {
            assert!(card.is_crypt() && card.clans.iter().any(|c| c == "Brujah"));
            assert!(
                card.has_discipline(Discipline::parse("cel").unwrap(), DisciplineLevel::Inferior)
            );
        }
        let all_brujah = CardSearch::default().with_clan("Brujah", &db).unwrap();
        assert!(names(&all_brujah, &db).len() > found.len());
    }

    #[test]
    fn upper_case_discipline_asks_for_superior() {
        let db = fixture_db();
        let superior = CardSearch::default()
            .with_discipline("POT")
            .unwrap()
            .with_type("Vampire")
            .unwrap();
        let any = CardSearch::default()
            .with_discipline("pot")
            .unwrap()
            .with_type("Vampire")
            .unwrap();
        let pot = Discipline::parse("pot").unwrap();
        for card in superior.run(&db) {
            assert!(
                card.has_discipline(pot, DisciplineLevel::Superior),
                "{}",
                card.name
            );
        }
        assert!(any.run(&db).len() > superior.run(&db).len());
    }

    #[test]
    fn text_group_and_set_filters_select_cards() {
        let db = fixture_db();
        let by_text = CardSearch::default().with_text("TEST MASTER");
        assert!(names(&by_text, &db).contains(&"Test Haven".to_string()));
        let group = CardSearch::default().with_group("1").unwrap();
        assert!(group.run(&db).iter().all(|c| c.group == Group::parse("1")));
        let set = db.sets()[0].clone();
        let by_abbreviation = CardSearch::default()
            .with_set(&set.abbreviation, &db)
            .unwrap();
        let by_name = CardSearch::default().with_set(&set.name, &db).unwrap();
        assert!(!by_abbreviation.run(&db).is_empty());
        assert_eq!(names(&by_abbreviation, &db), names(&by_name, &db));
    }

    #[test]
    fn unknown_values_are_errors_with_a_suggestion() {
        let db = fixture_db();
        let err = CardSearch::default().with_clan("Bruja", &db).unwrap_err();
        assert!(err.to_string().contains("did you mean \"Brujah\""), "{err}");
        let err = CardSearch::default().with_type("Vampyre").unwrap_err();
        assert!(
            err.to_string().contains("did you mean \"Vampire\""),
            "{err}"
        );
        let err = CardSearch::default()
            .with_discipline("Potance")
            .unwrap_err();
        assert!(
            err.to_string().contains("did you mean \"Potence\""),
            "{err}"
        );
        assert!(CardSearch::default().with_discipline("xyz").is_err());
        let err = CardSearch::default().with_group("AN").unwrap_err();
        assert!(err.to_string().contains("did you mean \"ANY\""), "{err}");
        assert!(CardSearch::default().with_group("0").is_err());
        assert!(CardSearch::default().with_set("Nowhere", &db).is_err());
    }
}
