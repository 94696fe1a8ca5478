//! The card database: loading, finding it on disk, and looking names up.

use std::path::{Path, PathBuf};

use chrono::NaiveDate;
use smallvec::SmallVec;

use super::card::{Card, CardId, CardKind, Group};
use super::error::DbError;
use super::load;
use super::names::{fold, NameIndex, NameSlot};
use super::sets::{SetDates, SetInfo};
use super::snapshot::{self, Snapshot};

/// The printings a name can mean, in database order: on the stack when there
/// is one (most names), on the heap when there are several.
pub type Printings<'a> = SmallVec<[&'a Card; 1]>;

/// Nicknames and old names kept by the project: `alias<TAB>card name` per line.
const ALIASES: &str = include_str!("../data/aliases.tsv");

/// The official card list, indexed by id and by name.
#[derive(Debug, Clone)]
pub struct CardDb {
    cards: Vec<Card>,
    by_id: rustc_hash::FxHashMap<CardId, usize>,
    names: NameIndex,
    /// Card names exactly as the CSV writes them, with the candidates of
    /// their folded key: most decklists write names this way, and skip the
    /// folding.
    verbatim: rustc_hash::FxHashMap<Box<str>, NameSlot>,
    /// Folded keys that are not a card's own name or aka: the project's
    /// aliases and the short names before a comma.
    nicknames: rustc_hash::FxHashMap<String, NameForm>,
    sets: Vec<SetInfo>,
    source: PathBuf,
    /// The card list's date when this is the snapshot built into the program.
    snapshot_date: Option<NaiveDate>,
}

/// A printing hint written after a crypt name: `(G6)`, `(ADV)`, `(G3 ADV)`, `Gangrel:6`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PrintingHint {
    /// The group asked for.
    pub group: Option<Group>,
    /// Advanced (`Some(true)`) or not; `None` when the line does not say.
    pub advanced: Option<bool>,
}

impl PrintingHint {
    /// Whether the hint says nothing.
    pub fn is_empty(&self) -> bool {
        self.group.is_none() && self.advanced.is_none()
    }
}

/// How a written name was matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchKind {
    /// Same key as a name, aka or alias.
    Exact,
    /// A close spelling (small edit distance, no rival as close).
    Fuzzy,
}

/// Which of a card's names a written name matched exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameForm {
    /// The card's name or one of its Aka names, up to case, accents,
    /// punctuation, `(TM)` and a leading or trailing `The`.
    Name,
    /// The part of a longer name before its first comma (`Al-Ashrad` for
    /// `Al-Ashrad, Amr of Alamut`).
    ShortName,
    /// A nickname or old name from the project's alias table (`Con Boon`).
    Alias,
    /// An abbreviation from the project's alias table: the initials of the
    /// card's name (`DI`, `GtU`), matched only as the whole name written.
    Abbreviation,
}

/// The result of looking a written name up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lookup {
    /// The printings that fit the name and hint (one or more ids, CSV order).
    Found {
        /// Candidate cards: several printings of one name when no hint decides.
        cards: Vec<CardId>,
        /// How the name matched.
        matched: MatchKind,
    },
    /// Nothing fits; up to three suggestions, best first.
    NotFound {
        /// Names of the closest cards.
        suggestions: Vec<String>,
    },
}

impl CardDb {
    /// Builds a database from the CSV texts (paths only name the files in errors).
    pub fn from_csv(
        crypt: (&Path, &str),
        library: (&Path, &str),
        sets: Option<(&Path, &str)>,
        library_meta: Option<(&Path, &str)>,
    ) -> Result<CardDb, DbError> {
        let sets = match sets {
            Some((path, text)) => load::sets(path, text)?,
            None => Vec::new(),
        };
        let dates = SetDates::new(&sets);
        let mut ids = rustc_hash::FxHashSet::default();
        let mut cards = load::crypt_cards(crypt.0, crypt.1, &dates, &mut ids)?;
        cards.extend(load::library_cards(library.0, library.1, &dates, &mut ids)?);
        if let Some((path, text)) = library_meta {
            let mut requirements = load::requirements(path, text)?;
            for card in &mut cards {
                if let Some(req) = requirements.remove(&card.id) {
                    card.requirements = req;
                }
            }
        }
        let source = crypt.0.parent().map(Path::to_path_buf).unwrap_or_default();
        Ok(CardDb::index(cards, sets, source, None))
    }

    /// Loads `vtescrypt.csv` and `vteslib.csv` (and `vtessets.csv`,
    /// `vteslibmeta.csv` when present) from a folder.
    pub fn load(dir: &Path) -> Result<CardDb, DbError> {
        let read = |name: &str, required: bool| -> Result<Option<(PathBuf, String)>, DbError> {
            let path = dir.join(name);
            match std::fs::read(&path) {
                Ok(bytes) => match String::from_utf8(bytes) {
                    Ok(text) => Ok(Some((path, text))),
                    Err(e) => {
                        let offset = e.utf8_error().valid_up_to();
                        let line = e.as_bytes()[..offset]
                            .iter()
                            .filter(|b| **b == b'\n')
                            .count()
                            + 1;
                        Err(DbError::Csv {
                            path,
                            line: line as u64,
                            message: "invalid UTF-8 (the VEKN files are UTF-8)".into(),
                        })
                    }
                },
                Err(e) if e.kind() == std::io::ErrorKind::NotFound && !required => Ok(None),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    Err(DbError::MissingFile { path })
                }
                Err(error) => Err(DbError::Io { path, error }),
            }
        };
        let missing = |name: &str| DbError::MissingFile {
            path: dir.join(name),
        };
        let crypt = read("vtescrypt.csv", true)?.ok_or_else(|| missing("vtescrypt.csv"))?;
        let library = read("vteslib.csv", true)?.ok_or_else(|| missing("vteslib.csv"))?;
        let sets = read("vtessets.csv", false)?;
        let meta = read("vteslibmeta.csv", false)?;
        let mut db = CardDb::from_csv(
            (&crypt.0, &crypt.1),
            (&library.0, &library.1),
            sets.as_ref().map(|(p, t)| (p.as_path(), t.as_str())),
            meta.as_ref().map(|(p, t)| (p.as_path(), t.as_str())),
        )?;
        db.source = dir.to_path_buf();
        Ok(db)
    }

    /// The official card list built into the program (see `crates/cards/data/cards/PROVENANCE`).
    pub fn embedded() -> Result<CardDb, DbError> {
        let Snapshot { date, cards, sets } = snapshot::decode(snapshot::EMBEDDED)?;
        Ok(CardDb::index(cards, sets, PathBuf::new(), Some(date)))
    }

    /// The database in the compact form the program embeds
    /// (`crates/cards/data/cards/cards.bin.gz`, read back by [`CardDb::embedded`]), as the
    /// card list of `date`.
    pub fn encode_snapshot(&self, date: NaiveDate) -> Vec<u8> {
        snapshot::encode(date, &self.cards, &self.sets)
    }

    /// The card list's date when this is the built-in snapshot; `None` for a
    /// database loaded from a folder.
    pub fn snapshot_date(&self) -> Option<NaiveDate> {
        self.snapshot_date
    }

    fn index(
        cards: Vec<Card>,
        sets: Vec<SetInfo>,
        source: PathBuf,
        snapshot_date: Option<NaiveDate>,
    ) -> CardDb {
        let by_id = cards.iter().enumerate().map(|(i, c)| (c.id, i)).collect();
        let mut names = NameIndex::with_capacity(cards.len());
        // Each name is folded once, its key moved into the index, which says
        // where the name's candidates are kept (for the verbatim map).
        let mut name_slots = Vec::with_capacity(cards.len());
        for (i, card) in cards.iter().enumerate() {
            name_slots.push(names.insert_key(fold(&card.name), i));
            for aka in &card.aka {
                names.insert(aka, i);
            }
        }
        // The names' candidates are complete: aliases and short names add
        // keys of their own, never cards to a name's key.
        let mut verbatim =
            rustc_hash::FxHashMap::with_capacity_and_hasher(cards.len(), rustc_hash::FxBuildHasher);
        for (card, slot) in cards.iter().zip(&name_slots) {
            if let Some(candidates) = *slot {
                verbatim.insert(card.name.as_str().into(), candidates);
            }
        }
        let mut db = CardDb {
            cards,
            by_id,
            names,
            verbatim,
            nicknames: rustc_hash::FxHashMap::default(),
            sets,
            source,
            snapshot_date,
        };
        db.add_aliases();
        db.add_short_names();
        db
    }

    /// Adds the project's alias table (`crates/cards/data/aliases.tsv`); an alias never
    /// shadows a real card name.
    fn add_aliases(&mut self) {
        for line in ALIASES.lines() {
            let line = line.trim_end();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            // alias<TAB>card name<TAB>source (the source is for people).
            let mut fields = line.split('\t');
            let (Some(alias), Some(target)) = (fields.next(), fields.next()) else {
                continue;
            };
            let targets: Vec<usize> = self
                .names
                .exact(&fold(target.trim()))
                .map(<[usize]>::to_vec)
                .unwrap_or_default();
            let key = fold(alias);
            if self.names.exact(&key).is_none() && !targets.is_empty() {
                for card in targets {
                    self.names.insert(alias.trim(), card);
                }
                if is_abbreviation(alias.trim(), target.trim()) {
                    self.nicknames.insert(key, NameForm::Abbreviation);
                } else if !is_trademark_form(&key, target) {
                    self.nicknames.insert(key, NameForm::Alias);
                }
            }
        }
    }

    /// Adds the part before the first comma of names that have one
    /// (`Al-Ashrad` for `Al-Ashrad, Amr of Alamut`) when no other card uses it.
    fn add_short_names(&mut self) {
        // The heads in the order of their first card, with their cards.
        let mut heads: Vec<(&str, SmallVec<[usize; 2]>)> = Vec::new();
        let mut places: rustc_hash::FxHashMap<&str, usize> = Default::default();
        for (i, card) in self.cards.iter().enumerate() {
            if let Some(head) = head_before_comma(&card.name) {
                if !card.name.ends_with(", The") && head.len() >= 4 {
                    let place = *places.entry(head).or_insert(heads.len());
                    if place == heads.len() {
                        heads.push((head, SmallVec::new()));
                    }
                    heads[place].1.push(i);
                }
            }
        }
        for (head, cards) in heads {
            let same_name = cards
                .iter()
                .all(|&i| self.cards[i].name == self.cards[cards[0]].name);
            let key = fold(head);
            if same_name && self.names.exact(&key).is_none() {
                for card in cards {
                    self.names.insert(head, card);
                }
                self.nicknames.insert(key, NameForm::ShortName);
            }
        }
    }

    /// Every card, crypt first, in CSV order.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// Where a card stands in [`CardDb::cards`], by id.
    pub fn position(&self, id: CardId) -> Option<usize> {
        self.by_id.get(&id).copied()
    }

    /// Looks a card up by id.
    pub fn get(&self, id: CardId) -> Option<&Card> {
        self.by_id.get(&id).map(|&i| &self.cards[i])
    }

    /// The sets of `vtessets.csv`.
    pub fn sets(&self) -> &[SetInfo] {
        &self.sets
    }

    /// The folder the database was loaded from (empty for the built-in snapshot).
    pub fn source(&self) -> &Path {
        &self.source
    }

    /// Whether several cards share this card's name (printings: groups, advanced).
    pub(crate) fn has_other_printings(&self, card: &Card) -> bool {
        self.names
            .exact(&fold(&card.name))
            .is_some_and(|cards| cards.iter().any(|&i| self.cards[i].id != card.id))
    }

    /// The name that tells this printing apart: `Theo Bell (G6)`, `Kemintiri (ADV)`,
    /// or the plain name when the card has a single printing.
    pub fn printing_name(&self, card: &Card) -> String {
        if card.is_crypt() && self.has_other_printings(card) {
            format!("{} {}", card.name, card.suffix())
        } else {
            card.name.clone()
        }
    }

    /// Whether [`CardDb::lookup`] could find a close spelling of a written
    /// name: `false` when no card name is within the typos a name of its
    /// length is allowed (the search, which compares it with every name,
    /// would find nothing).
    pub fn may_match_closely(&self, written: &str) -> bool {
        let key = fold(written);
        !key.is_empty()
            && key.len() <= super::names::MAX_RANKED_KEY
            && self
                .names
                .may_have_key_within(&key, allowed_typos(key.len()))
    }

    /// The cards whose names hold a written text (a part of a name, its
    /// first letters: [`NameIndex::holding`]), the names that start with it
    /// first.
    pub(crate) fn cards_holding(&self, written: &str) -> impl Iterator<Item = &Card> {
        self.names
            .holding(&fold(written), |_| true)
            .into_iter()
            .flatten()
            .map(|&i| &self.cards[i])
    }

    /// Looks up a written name (printing suffix already removed) with a hint.
    ///
    /// Exact keys win; otherwise a close spelling is accepted only when it is
    /// within a small edit distance and no other name is as close.
    pub fn lookup(&self, written: &str, hint: PrintingHint, kind: Option<CardKind>) -> Lookup {
        self.lookup_where(written, hint, kind, |_| true)
    }

    /// The cards [`CardDb::lookup`] finds for a written name (exactly or by
    /// a close spelling), without its suggestions: the close spellings are
    /// not searched when no card name is within the typos the name is
    /// allowed ([`CardDb::may_match_closely`]), as the search would find
    /// none. For the texts of a line tried after the first (its comments
    /// cut off), whose suggestions are not shown: a line of many comment
    /// marks costs no search for each (issue 41).
    pub fn lookup_found(
        &self,
        written: &str,
        hint: PrintingHint,
        kind: Option<CardKind>,
    ) -> Option<Vec<CardId>> {
        if !self.may_match_closely(written) {
            let (found, _) = self.lookup_exact_form(written, hint, kind)?;
            let cards: Vec<CardId> = found.iter().map(|card| card.id).collect();
            return (!cards.is_empty()).then_some(cards);
        }
        match self.lookup(written, hint, kind) {
            Lookup::Found { cards, .. } => Some(cards),
            Lookup::NotFound { .. } => None,
        }
    }

    /// [`CardDb::lookup`] among the cards of one kind only: the exact name, a
    /// close spelling and the suggestions are all of that kind (a library card
    /// of the name is not found; the closest crypt names are suggested).
    pub fn lookup_of_kind(&self, written: &str, hint: PrintingHint, kind: CardKind) -> Lookup {
        self.lookup_where(written, hint, Some(kind), |card| card.kind == kind)
    }

    /// [`CardDb::lookup`] among the cards `keep` accepts.
    fn lookup_where(
        &self,
        written: &str,
        hint: PrintingHint,
        kind: Option<CardKind>,
        keep: impl Fn(&Card) -> bool,
    ) -> Lookup {
        let kept = |found: Printings| -> Vec<CardId> {
            found
                .iter()
                .filter(|card| keep(card))
                .map(|card| card.id)
                .collect()
        };
        if let Some((found, _)) = self.lookup_exact_form(written, hint, kind) {
            let cards = kept(found);
            if !cards.is_empty() {
                return Lookup::Found {
                    cards,
                    matched: MatchKind::Exact,
                };
            }
        }
        let key = fold(written);
        if key.is_empty() {
            return Lookup::NotFound {
                suggestions: Vec::new(),
            };
        }
        let ranked = self
            .names
            .ranked(&key, 4, |cards| cards.iter().any(|&i| keep(&self.cards[i])));
        if let Some(best) = ranked.first() {
            let runner_up = ranked
                .iter()
                .skip(1)
                .find(|m| !same_cards(&self.cards, m.cards, best.cards));
            let unique = runner_up.is_none_or(|r| r.distance > best.distance);
            if unique && best.distance <= allowed_typos(key.len()) {
                if let Some(found) = self.pick(best.cards, hint, kind) {
                    let cards = kept(found);
                    if !cards.is_empty() {
                        return Lookup::Found {
                            cards,
                            matched: MatchKind::Fuzzy,
                        };
                    }
                }
            }
        }
        // The names that hold the text (a part of a name, its first letters)
        // first, then the closest spellings.
        let holding = self
            .names
            .holding(&key, |cards| cards.iter().any(|&i| keep(&self.cards[i])));
        let mut suggestions: Vec<String> = Vec::new();
        for cards in holding.into_iter().chain(ranked.iter().map(|m| m.cards)) {
            for card in cards.iter().map(|&i| &self.cards[i]).filter(|c| keep(c)) {
                let name = self.printing_name(card);
                if !suggestions.contains(&name) && suggestions.len() < 3 {
                    suggestions.push(name);
                }
            }
        }
        Lookup::NotFound { suggestions }
    }

    /// [`CardDb::lookup`] by exact key only (no close spellings, no
    /// suggestions): cheap whatever the text. The printings a written name
    /// means exactly, and which of the card's names matched; `None` when
    /// nothing fits. The printings are kept on the
    /// stack; a name not written as the card's (its folded key looked up)
    /// allocates that key.
    pub fn lookup_exact_form(
        &self,
        written: &str,
        hint: PrintingHint,
        kind: Option<CardKind>,
    ) -> Option<(Printings<'_>, NameForm)> {
        if let Some(found) = self
            .verbatim
            .get(written)
            .and_then(|&candidates| self.pick(self.names.slot(candidates), hint, kind))
        {
            return Some((found, NameForm::Name));
        }
        let key = fold(written);
        let cards = self
            .names
            .exact(&key)
            .and_then(|cards| self.pick(cards, hint, kind))?;
        let form = self.nicknames.get(key.as_str()).copied();
        Some((cards, form.unwrap_or(NameForm::Name)))
    }

    /// Keeps the candidates that fit the hint and the section; `None` if none do.
    #[inline]
    fn pick(
        &self,
        cards: &[usize],
        hint: PrintingHint,
        kind: Option<CardKind>,
    ) -> Option<Printings<'_>> {
        if let [only] = cards {
            // One card of that name (most names): kept if it fits, here in
            // the caller (the rest is a call away).
            let card = &self.cards[*only];
            if fits_hint(card, hint) {
                return Some(smallvec::smallvec![card]);
            }
        }
        self.pick_among(cards, hint, kind)
    }

    /// [`CardDb::pick`] for several candidates, or one that does not fit the hint.
    #[inline(never)]
    fn pick_among(
        &self,
        cards: &[usize],
        hint: PrintingHint,
        kind: Option<CardKind>,
    ) -> Option<Printings<'_>> {
        let fits = |card: &Card| fits_hint(card, hint);
        let mut chosen: Printings = cards
            .iter()
            .map(|&i| &self.cards[i])
            .filter(|card| fits(card))
            .collect();
        if chosen.is_empty() && hint.advanced.is_some() && hint.group.is_some() {
            // `(G3 ADV)` where only the group or only the flag exists: trust the flag.
            chosen = cards
                .iter()
                .map(|&i| &self.cards[i])
                .filter(|card| Some(card.advanced) == hint.advanced)
                .collect();
        }
        if chosen.is_empty() {
            return None;
        }
        if let Some(kind) = kind {
            if chosen.iter().any(|card| card.kind == kind)
                && chosen.iter().any(|card| card.kind != kind)
            {
                chosen.retain(|card| card.kind == kind);
            }
        }
        Some(chosen)
    }
}

/// Whether a card fits a printing hint: a crypt card of the group and the
/// advanced flag asked for (a library card fits any).
fn fits_hint(card: &Card, hint: PrintingHint) -> bool {
    hint.advanced
        .is_none_or(|adv| card.advanced == adv || !card.is_crypt())
        && hint
            .group
            .is_none_or(|g| card.group == Some(g) || !card.is_crypt())
}

/// The part of a name before its first `, ` (`Al-Ashrad` for `Al-Ashrad,
/// Amr of Alamut`), if it has one.
fn head_before_comma(name: &str) -> Option<&str> {
    let bytes = name.as_bytes();
    memchr::memchr_iter(b',', bytes)
        .find(|&comma| bytes.get(comma + 1) == Some(&b' '))
        .map(|comma| &name[..comma])
}

/// Whether an alias is the initials of its card's name, in any case (`DI`
/// for `Direct Intervention`, `GtU` for `Govern the Unaligned`).
fn is_abbreviation(alias: &str, target: &str) -> bool {
    let initials: String = target
        .split_whitespace()
        .filter_map(|word| word.chars().find(|c| c.is_alphanumeric()))
        .collect();
    alias.len() >= 2
        && alias.chars().all(|c| c.is_ascii_alphanumeric())
        && alias.eq_ignore_ascii_case(&initials)
}

/// Whether an alias is only the name with its `(TM)` written as `TM`
/// (`PentexTM Subversion`, Lackey's spelling): a punctuation form, literal.
fn is_trademark_form(alias_key: &str, target: &str) -> bool {
    if !target.contains("(TM)") {
        return false;
    }
    let without_tm: Vec<&str> = alias_key
        .split(' ')
        .map(|word| {
            word.strip_suffix("tm")
                .filter(|w| !w.is_empty())
                .unwrap_or(word)
        })
        .collect();
    without_tm.join(" ") == fold(target)
}

/// How many typos a key of this length may hold and still match alone.
fn allowed_typos(len: usize) -> usize {
    match len {
        0..=4 => 0,
        5..=9 => 1,
        10..=19 => 2,
        _ => 3,
    }
}

/// Whether two candidate lists name the same card name (printings of one card).
fn same_cards(cards: &[Card], a: &[usize], b: &[usize]) -> bool {
    a.iter()
        .chain(b)
        .all(|&i| cards[i].name == cards[a[0]].name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abbreviations_are_the_initials_of_the_name() {
        assert!(is_abbreviation("GtU", "Govern the Unaligned"));
        assert!(is_abbreviation("WWEF", "Wake with Evening's Freshness"));
        assert!(is_abbreviation("tm", "Telepathic Misdirection"));
        assert!(!is_abbreviation("Govern", "Govern the Unaligned"));
        assert!(!is_abbreviation("Tel Mis", "Telepathic Misdirection"));
        assert!(!is_abbreviation("D", "Deflection"));
    }

    #[test]
    fn head_before_comma_is_the_text_before_the_first_comma_and_space() {
        assert_eq!(
            head_before_comma("Al-Ashrad, Amr of Alamut"),
            Some("Al-Ashrad")
        );
        assert_eq!(
            head_before_comma("Pier 13, Port of Baltimore"),
            Some("Pier 13")
        );
        assert_eq!(head_before_comma("a,b, c, d"), Some("a,b"));
        assert_eq!(head_before_comma("Rack, The"), Some("Rack"));
        assert_eq!(head_before_comma("Céleste, é"), Some("Céleste"));
        assert_eq!(head_before_comma("no comma"), None);
        assert_eq!(head_before_comma("trailing,"), None);
        assert_eq!(head_before_comma(""), None);
    }

    #[test]
    fn a_lookup_of_one_kind_finds_and_suggests_that_kind_only() {
        let db = CardDb::embedded().unwrap();
        let crypt =
            |written: &str| db.lookup_of_kind(written, PrintingHint::default(), CardKind::Crypt);
        let kinds = |names: &[String]| {
            names
                .iter()
                .map(|name| {
                    let (base, hint) = super::super::names::split_printing_suffix(name);
                    match db.lookup(base, hint, None) {
                        Lookup::Found { cards, .. } => db.get(cards[0]).unwrap().kind,
                        Lookup::NotFound { .. } => panic!("{name}"),
                    }
                })
                .collect::<Vec<_>>()
        };
        // A library card is found by the plain lookup, not among crypt cards.
        assert!(matches!(
            db.lookup("Blood Doll", PrintingHint::default(), None),
            Lookup::Found { .. }
        ));
        match crypt("Blood Doll") {
            Lookup::NotFound { suggestions } => {
                assert!(!suggestions.is_empty());
                assert!(
                    kinds(&suggestions).iter().all(|k| *k == CardKind::Crypt),
                    "{suggestions:?}"
                );
            }
            found => panic!("{found:?}"),
        }
        match crypt("Thoe Bell") {
            Lookup::Found { cards, matched } => {
                assert_eq!(matched, MatchKind::Fuzzy);
                assert!(cards
                    .iter()
                    .all(|id| db.get(*id).unwrap().name == "Theo Bell"));
            }
            other => panic!("{other:?}"),
        }
    }

    /// A part of a name, or its first letters, is no card: its suggestions
    /// are the names that hold it first (issue 28), of the kind looked up.
    #[test]
    fn the_names_that_hold_a_text_are_suggested_first() {
        let db = CardDb::embedded().unwrap();
        let suggestions = |lookup: Lookup| match lookup {
            Lookup::NotFound { suggestions } => suggestions,
            found => panic!("{found:?}"),
        };
        let any = |written: &str| suggestions(db.lookup(written, PrintingHint::default(), None));
        assert_eq!(any("Sewer Lid")[0], "Thrown Sewer Lid");
        assert_eq!(any("Carmelita")[0], "Carmelita Neillson");
        // The names that start with the text before those holding it further on.
        let nathan = any("Nathan");
        assert!(nathan.len() >= 2, "{nathan:?}");
        assert!(nathan[0].starts_with("Nathan"), "{nathan:?}");
        // Among crypt cards only: `Deep` holds library cards (Deep Song) and
        // crypt cards; only vampires are offered.
        let crypt =
            suggestions(db.lookup_of_kind("Carmelita", PrintingHint::default(), CardKind::Crypt));
        assert_eq!(crypt[0], "Carmelita Neillson");
        let deep = suggestions(db.lookup_of_kind("Deep", PrintingHint::default(), CardKind::Crypt));
        for name in &deep {
            let (base, hint) = super::super::names::split_printing_suffix(name);
            let Lookup::Found { cards, .. } = db.lookup(base, hint, None) else {
                panic!("{name}");
            };
            assert_eq!(db.get(cards[0]).unwrap().kind, CardKind::Crypt, "{name}");
        }
    }

    #[test]
    fn a_written_name_found_verbatim_is_found_as_by_its_key() {
        let db = CardDb::embedded().unwrap();
        for card in db.cards() {
            let verbatim = db.lookup_exact_form(&card.name, PrintingHint::default(), None);
            let key = fold(&card.name);
            let by_key = db
                .names
                .exact(&key)
                .and_then(|cards| db.pick(cards, PrintingHint::default(), None));
            assert_eq!(
                verbatim
                    .map(|(cards, form)| (cards.iter().map(|c| c.id).collect::<Vec<_>>(), form)),
                by_key.map(|cards| (cards.iter().map(|c| c.id).collect(), NameForm::Name)),
                "{}",
                card.name
            );
        }
    }
}
