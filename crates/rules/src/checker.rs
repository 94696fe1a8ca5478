//! Running the rules of a profile over decks, at a fixed date or at each deck's event date.

use std::collections::HashSet;
use std::sync::OnceLock;

use chrono::NaiveDate;

use super::card_facts::{CardFacts, Entry};
use super::profile::CardRef;
use super::{CheckReport, Profile, Rule, Severity, Violation, RULES};
use vtesdeck_cards::{CardDb, CardId, Lookup, MatchKind, PrintingHint};
use vtesdeck_deck::{Deck, DeckCard};

/// The date a deck is judged at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckDate {
    /// A fixed date for every deck.
    On(NaiveDate),
    /// Each deck's own event date (TWDA entries); a deck without one is an error.
    Event,
}

/// An error that keeps a deck (or a whole check) from being judged.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CheckError {
    /// `--date event` on a deck that names no event date.
    #[error(
        "{path}: no event date in this deck (a TWDA header line such as `May 15th 2014`), \
         so it cannot be judged at its event date"
    )]
    NoEventDate {
        /// The deck's path (`-` for standard input).
        path: String,
    },
    /// A profile's card list names a card the database does not know.
    #[error(
        "profile {profile}: {list}: no card {card:?}{}",
        did_you_mean(suggestions)
    )]
    UnknownProfileCard {
        /// The profile's name.
        profile: String,
        /// `allowed_cards` or `banned_cards`.
        list: &'static str,
        /// The name or id as written.
        card: String,
        /// Close card names.
        suggestions: Vec<String>,
    },
}

fn did_you_mean(suggestions: &[String]) -> String {
    if suggestions.is_empty() {
        String::new()
    } else {
        let quoted: Vec<String> = suggestions.iter().map(|s| format!("{s:?}")).collect();
        format!(" (did you mean {}?)", quoted.join(" or "))
    }
}

/// What a rule sees besides the deck: the card database, the profile, the date,
/// and the deck's cards with their facts (built by the [`Checker`]; opaque
/// outside this crate).
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    /// The card database.
    pub(crate) db: &'a CardDb,
    /// The rule set.
    pub(crate) profile: &'a Profile,
    /// The date the deck is judged at.
    pub(crate) date: NaiveDate,
    /// Players at the table (the `classic` library maximum).
    pub(crate) players: u32,
    /// The profile's `allowed_cards`, resolved.
    pub(crate) allowed_cards: &'a HashSet<CardId>,
    /// The profile's `banned_cards`, resolved.
    pub(crate) banned_cards: &'a HashSet<CardId>,
    /// The deck's cards known to the database, crypt then library.
    pub(crate) cards: &'a [Entry<'a>],
    /// The deck's crypt cards known to the database.
    pub(crate) crypt: &'a [Entry<'a>],
    /// The deck's library cards known to the database.
    pub(crate) library: &'a [Entry<'a>],
    /// `--strict`: the reading remarks (`name-corrected`, `printing-chosen`)
    /// are errors, for jobs where a decklist must be exact.
    pub(crate) strict: bool,
}

impl Context<'_> {
    /// The severity of a reading remark: an error under `--strict`, else a warning.
    pub(crate) fn remark_severity(&self) -> Severity {
        if self.strict {
            Severity::Error
        } else {
            Severity::Warning
        }
    }
}

impl Context<'_> {
    /// A problem about one card of the deck: its id, printing name and line.
    pub(crate) fn card_violation(
        &self,
        rule: &'static str,
        severity: Severity,
        entry: &Entry,
        message: String,
    ) -> Violation {
        Violation {
            rule,
            severity,
            message,
            card_id: Some(entry.card.id),
            card: Some(self.db.printing_name(entry.card)),
            line: Some(entry.deck_card.line),
        }
    }

    /// The deck's cards, crypt then library.
    pub(crate) fn cards(&self) -> impl Iterator<Item = &Entry<'_>> {
        self.cards.iter()
    }
}

/// Checks decks under one profile at one [`CheckDate`].
#[derive(Debug)]
pub struct Checker<'a> {
    db: &'a CardDb,
    profile: &'a Profile,
    date: CheckDate,
    players: u32,
    allowed_cards: HashSet<CardId>,
    banned_cards: HashSet<CardId>,
    /// The rules the profile enables, in order, each with whether the profile
    /// denies it (its problems are then errors).
    rules: Vec<(&'static dyn Rule, bool)>,
    /// The facts of each card of the database (at its place in
    /// [`CardDb::cards`]), worked out when a deck first holds it. Boxed, so
    /// that the room set for every card is a pointer (the facts are some
    /// 300 bytes, and most cards are never held by a deck of the run).
    facts: Vec<OnceLock<Box<CardFacts<'a>>>>,
    strict: bool,
    lowest: Severity,
}

impl<'a> Checker<'a> {
    /// Prepares a check: resolves the profile's card lists against the database
    /// and sets room for the facts the rules need about each card.
    pub fn new(
        db: &'a CardDb,
        profile: &'a Profile,
        date: CheckDate,
        players: u32,
    ) -> Result<Checker<'a>, CheckError> {
        Ok(Checker {
            db,
            profile,
            date,
            players,
            allowed_cards: resolve(db, profile, "allowed_cards", &profile.allowed_cards)?,
            banned_cards: resolve(db, profile, "banned_cards", &profile.banned_cards)?,
            rules: RULES
                .iter()
                .filter(|rule| profile.enables(rule.id()))
                .map(|&rule| (rule, profile.denies(rule.id())))
                .collect(),
            facts: db.cards().iter().map(|_| OnceLock::new()).collect(),
            strict: false,
            lowest: Severity::Info,
        })
    }

    /// With `strict`, the reading remarks (`name-corrected`, `printing-chosen`)
    /// are errors: the deck is legal only if every line was read literally.
    pub fn with_strict(mut self, strict: bool) -> Checker<'a> {
        self.strict = strict;
        self
    }

    /// Looks only for problems of severity `lowest` or above: a rule whose
    /// problems would all be below it ([`super::Rule::severity_in`], raised to error
    /// when the profile denies the rule) is not run, and the reports leave such
    /// problems out. For outputs that show none of them (the human output
    /// without `--warnings`); every problem is looked for by default.
    pub fn keeping(mut self, lowest: Severity) -> Checker<'a> {
        self.lowest = lowest;
        self
    }

    /// The date a deck is judged at.
    pub(crate) fn date_of(&self, deck: &Deck) -> Result<NaiveDate, CheckError> {
        match self.date {
            CheckDate::On(date) => Ok(date),
            CheckDate::Event => deck
                .meta
                .event
                .as_ref()
                .and_then(|event| event.date)
                .ok_or_else(|| CheckError::NoEventDate {
                    path: deck.path_label(),
                }),
        }
    }

    /// Calls `run` with the context of a deck judged at `date`.
    pub fn with_context<R>(
        &self,
        deck: &Deck,
        date: NaiveDate,
        run: impl FnOnce(&Context) -> R,
    ) -> R {
        let mut cards = Vec::with_capacity(deck.crypt.len() + deck.library.len());
        cards.extend(self.entries(&deck.crypt));
        let crypt = cards.len();
        cards.extend(self.entries(&deck.library));
        run(&Context {
            db: self.db,
            profile: self.profile,
            date,
            players: self.players,
            allowed_cards: &self.allowed_cards,
            banned_cards: &self.banned_cards,
            cards: &cards,
            crypt: &cards[..crypt],
            library: &cards[crypt..],
            strict: self.strict,
        })
    }

    /// The cards of a deck part with their facts (cards unknown to the database left out).
    fn entries<'d>(
        &'d self,
        part: &'d [DeckCard],
    ) -> impl Iterator<Item = Entry<'d>> + use<'a, 'd> {
        part.iter().filter_map(|deck_card| {
            let at = self.db.position(deck_card.id)?;
            let card = &self.db.cards()[at];
            let facts = self.facts[at].get_or_init(|| Box::new(CardFacts::new(card)));
            Some(Entry {
                deck_card,
                card,
                facts,
            })
        })
    }

    /// Runs every rule the profile enables over a deck.
    pub fn check(&self, deck: &Deck) -> Result<CheckReport, CheckError> {
        let date = self.date_of(deck)?;
        Ok(self.with_context(deck, date, |context| {
            let mut problems = Vec::new();
            for &(rule, denied) in &self.rules {
                if !denied && rule.severity_in(context) < self.lowest {
                    continue;
                }
                let mut found = rule.check(deck, context);
                if denied {
                    for problem in &mut found {
                        problem.severity = Severity::Error;
                    }
                }
                problems.append(&mut found);
            }
            CheckReport::new(deck, context, problems)
        }))
    }
}

/// Resolves a profile card list: ids must exist, names must match exactly
/// (every printing of a crypt name is taken).
fn resolve(
    db: &CardDb,
    profile: &Profile,
    list: &'static str,
    cards: &[CardRef],
) -> Result<HashSet<CardId>, CheckError> {
    let mut ids = HashSet::new();
    for card in cards {
        let unknown = |suggestions| CheckError::UnknownProfileCard {
            profile: profile.name.clone(),
            list,
            card: card.to_string(),
            suggestions,
        };
        match card {
            CardRef::Id(id) => {
                let id = CardId(*id);
                if db.get(id).is_none() {
                    return Err(unknown(Vec::new()));
                }
                ids.insert(id);
            }
            CardRef::Name(name) => match db.lookup(name, PrintingHint::default(), None) {
                Lookup::Found {
                    cards,
                    matched: MatchKind::Exact,
                } => ids.extend(cards),
                Lookup::Found { cards, .. } => {
                    let names = cards
                        .iter()
                        .filter_map(|id| db.get(*id))
                        .map(|c| c.name.clone());
                    let mut names: Vec<String> = names.collect();
                    names.dedup();
                    return Err(unknown(names));
                }
                Lookup::NotFound { suggestions } => return Err(unknown(suggestions)),
            },
        }
    }
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{deck_of, fixture_db};

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    #[test]
    fn event_date_mode_needs_an_event_date() {
        let db = fixture_db();
        let profile = Profile::standard();
        let checker = Checker::new(&db, &profile, CheckDate::Event, 5).unwrap();
        let deck = deck_of(&db, &[(200001, 12), (100003, 60)]);
        let err = checker.check(&deck).unwrap_err();
        assert!(err.to_string().contains("no event date"), "{err}");
    }

    #[test]
    fn fixed_date_applies_to_every_deck() {
        let db = fixture_db();
        let profile = Profile::standard();
        let checker = Checker::new(&db, &profile, CheckDate::On(day("2021-01-01")), 5).unwrap();
        let deck = deck_of(&db, &[(200001, 12), (100003, 60)]);
        let report = checker.check(&deck).unwrap();
        assert!(report.legal, "{:?}", report.problems);
        assert_eq!(report.date, day("2021-01-01"));
    }

    /// A short crypt (error), a misspelt line and an unplayable card and a
    /// doubled event (warnings), a doubled unique location (info note).
    fn deck_with_every_severity(db: &CardDb) -> Deck {
        let text =
            "11x Alma Test\n2x Test Haven\n2x Test Party\n2x Test Chimera\n54x Test Bleedd\n";
        vtesdeck_formats::LoadDeck::from_text(text, Some(vtesdeck_formats::Format::Plain), db)
    }

    fn problems(checker: &Checker, deck: &Deck) -> Vec<(&'static str, Severity)> {
        let report = checker.check(deck).unwrap();
        report
            .problems
            .iter()
            .map(|p| (p.rule, p.severity))
            .collect()
    }

    #[test]
    fn keeping_leaves_out_only_the_problems_below_a_severity() {
        let db = fixture_db();
        let deck = deck_with_every_severity(&db);
        let date = CheckDate::On(day("2021-01-01"));
        let standard = Profile::standard();
        let denied = Profile::standard().deny("unplayable-card").unwrap();
        for (profile, strict) in [(&standard, false), (&standard, true), (&denied, false)] {
            let checker = |lowest| {
                Checker::new(&db, profile, date, 5)
                    .unwrap()
                    .with_strict(strict)
                    .keeping(lowest)
            };
            let all = checker(Severity::Info).check(&deck).unwrap();
            for lowest in [Severity::Warning, Severity::Error] {
                let kept = checker(lowest).check(&deck).unwrap();
                let expected: Vec<Violation> = all
                    .problems
                    .iter()
                    .filter(|p| p.severity >= lowest)
                    .cloned()
                    .collect();
                assert_eq!(kept.problems, expected, "{lowest} strict {strict}");
                assert_eq!(kept.legal, all.legal);
            }
        }
        let all = problems(&Checker::new(&db, &standard, date, 5).unwrap(), &deck);
        assert_eq!(
            all,
            [
                ("name-corrected", Severity::Warning),
                ("crypt-size", Severity::Error),
                ("duplicate-unique", Severity::Info),
                ("duplicate-event", Severity::Warning),
                ("unplayable-card", Severity::Warning),
            ]
        );
        let errors = |profile, strict| {
            let checker = Checker::new(&db, profile, date, 5)
                .unwrap()
                .with_strict(strict)
                .keeping(Severity::Error);
            problems(&checker, &deck)
        };
        assert_eq!(errors(&standard, false), [("crypt-size", Severity::Error)]);
        assert_eq!(
            errors(&standard, true),
            [
                ("name-corrected", Severity::Error),
                ("crypt-size", Severity::Error)
            ]
        );
        assert_eq!(
            errors(&denied, false),
            [
                ("crypt-size", Severity::Error),
                ("unplayable-card", Severity::Error)
            ]
        );
    }

    #[test]
    fn every_rule_finds_problems_of_its_severity_in_the_context() {
        let db = fixture_db();
        let deck = deck_with_every_severity(&db);
        let profile = Profile::standard();
        let date = day("2021-01-01");
        for strict in [false, true] {
            let checker = Checker::new(&db, &profile, CheckDate::On(date), 5)
                .unwrap()
                .with_strict(strict);
            checker.with_context(&deck, date, |context| {
                for rule in RULES {
                    for problem in rule.check(&deck, context) {
                        assert_eq!(problem.severity, rule.severity_in(context), "{problem:?}");
                    }
                }
            });
        }
    }

    #[test]
    fn profile_card_lists_resolve_names_and_ids() {
        let db = fixture_db();
        let mut profile = Profile::standard();
        profile.allowed_cards = vec![CardRef::Name("Theo Test".into()), CardRef::Id(100001)];
        let checker = Checker::new(&db, &profile, CheckDate::Event, 5).unwrap();
        let expected: HashSet<CardId> = [200008, 200009, 200010, 100001].map(CardId).into();
        assert_eq!(checker.allowed_cards, expected);
    }

    #[test]
    fn unknown_profile_card_is_an_error_with_suggestions() {
        let db = fixture_db();
        let mut profile = Profile::standard();
        profile.banned_cards = vec![CardRef::Name("Test Havn".into())];
        let err = Checker::new(&db, &profile, CheckDate::Event, 5).unwrap_err();
        assert!(
            err.to_string()
                .contains("banned_cards: no card \"Test Havn\""),
            "{err}"
        );
        assert!(err.to_string().contains("Test Haven"), "{err}");
        profile.banned_cards = vec![CardRef::Id(1)];
        assert!(Checker::new(&db, &profile, CheckDate::Event, 5).is_err());
    }
}
