//! The card effects `goldfish` plays at an idle table: the rows of
//! `crates/sim/data/goldfish-effects.tsv` (one per library card id), and the class every
//! library card falls in ([`CardClass`]): modelled (a row with an effect),
//! inert (no effect at an idle table: a row of kind `inert`, or a card whose
//! every type is Combat or Reaction, a fact of the type: combat needs an
//! opponent's minion, a reaction another player's action, and neither
//! happens at an idle table), or not modelled (played as nothing).

use std::sync::LazyLock;

use rustc_hash::FxHashMap;
use serde::Serialize;

use vtesdeck_cards::{Card, CardId, CardType, Discipline, Sect};

/// The table as shipped.
const TABLE: &str = include_str!("../../data/goldfish-effects.tsv");

/// What a modelled card does (the amounts are in [`Effect`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EffectKind {
    /// Action: (D) bleed with +amount bleed; `gain` pool when it succeeds.
    Bleed,
    /// Action: gain `gain` pool.
    ActionPool,
    /// Action modifier on a bleed: +amount bleed.
    BleedMod,
    /// Action modifier after a successful action: the vampire unlocks.
    Unlock,
    /// Political action: the prey burns `amount` pool; `gain` pool gained.
    Vote,
    /// Political action: `amount` pool moved from the prey to you, when the
    /// prey has more pool than you.
    VoteTake,
    /// Master: gain `amount` pool.
    MasterPool,
    /// Master: move `amount` blood from a vampire you control to your pool.
    BloodToPool,
    /// Master: a ready vampire gains `amount` blood.
    MasterBlood,
    /// Master on a vampire: each master phase, 1 blood of a vampire moves to
    /// your pool (Blood Doll, Vessel).
    BloodDoll,
    /// Master location: +`amount` transfers each influence phase.
    Transfers,
    /// Master location: each influence phase, `amount` blood from the bank
    /// on a vampire in your uncontrolled region (Powerbase: Montreal).
    InfluenceBlood,
    /// Master: `amount` blood from the bank on one vampire in your
    /// uncontrolled region of capacity `gain` or more (0: any), the one a
    /// transfer would go to (Zillah's Valley); played when there is one.
    UncontrolledBlood,
    /// Master location: +1 master phase action each turn.
    MasterAction,
    /// Master, one a turn: the third copy in play is removed with the others
    /// to gain `amount` pool (Ashur Tablets).
    Tablets,
    /// Ally: recruited as an action, it bleeds for `amount` each turn from
    /// the next.
    Ally,
    /// Action (employ a retainer, equip, or a card put on the acting
    /// vampire): this vampire gets +`amount` bleed for the rest of the game;
    /// one copy of a card per vampire.
    BleedBonus,
    /// Master Discipline card on a vampire: +1 level of the discipline whose
    /// abbreviation the row's evidence writes in brackets (`[dom]`) and +1
    /// capacity; the cards the vampire can play follow.
    Discipline,
    /// Master put in play (Dreams of the Sphinx): locked once a turn to add
    /// `amount` blood from the bank to a vampire in your uncontrolled region
    /// (where a transfer would go), burned after `gain` uses.
    LockBlood,
    /// Action modifier after a political action whose referendum passed: the
    /// acting vampire gains `amount` blood (Voter Captivation: 1 for each
    /// vote by which it passed, counted as 1).
    VoteBlood,
    /// Master: move any amount of blood from a vampire you control to your
    /// pool (Minion Tap): all but 1 of the vampire with the most blood,
    /// played when that is 2 or more.
    Tap,
    /// Master, one a game: a vampire you control gains blood up to its
    /// capacity (Giant's Blood), played when one misses 3 blood or more.
    FillBlood,
    /// Action of a clan card: `amount` blood from the bank on a vampire of
    /// the card's clan in your uncontrolled region (Thing).
    ClanBlood,
    /// Master location of a clan, played when you control a vampire of the
    /// clan: each influence phase, `amount` blood from the bank on a vampire
    /// of the clan in your uncontrolled region (Ecoterrorists).
    ClanInfluenceBlood,
    /// Action: a new 1-capacity vampire in play with `amount` blood, acting
    /// from the next turn; it plays no cards (The Embrace).
    Embrace,
    /// Equipment (an action): each unlock phase the bearer draws up to
    /// `amount` cards and moves as many from the hand to the bottom of the
    /// library (Heart of Nizchetus).
    Cycle,
    /// Master archetype on a vampire you control: once each turn, after a
    /// successful action, it gains `amount` blood (Perfectionist).
    ArchetypeBlood,
    /// Master location: one more card discarded (and replaced) each discard
    /// phase (The Barrens).
    Discard,
    /// Master location: +`amount` hand size (Elder Library).
    HandSize,
    /// Master: the top card of the crypt to the uncontrolled region
    /// (Effective Management).
    CryptDraw,
    /// Master location: the vampire chosen as it is played gains `amount`
    /// blood each unlock phase (The Rack).
    UnlockBlood,
    /// Action: put in play; each unlock phase the prey burns `amount` pool,
    /// whatever the copies in play (Army of Rats).
    PreyBurn,
    /// Master put in play (Jake Washington): in an unlock phase, burned to
    /// add `amount` blood to a vampire you control with no blood.
    EmptyBlood,
    /// Action modifier after a successful bleed (Enkil Cog): put on the
    /// vampire, +`amount` bleed and one more action each turn.
    Cog,
    /// Equipment (an action): the bearer's plain bleed is at +`amount`
    /// bleed, no other bleed added to it (Camera Phone).
    BleedEquipment,
    /// Master location (a hunting ground) played when you control a
    /// vampire that meets its requirement (Carfax Abbey: an Anarch): each
    /// unlock phase, such a vampire gains `amount` blood.
    GroundBlood,
    /// Master put in play, played when you control a vampire that meets its
    /// requirement (Haqim's Law: Retribution, an Assamite): on each bleed of
    /// such a vampire, a combat card of the hand is discarded for +`amount`
    /// bleed.
    CombatBleed,
    /// Action (Magic of the Smith): an equipment card of the library (one
    /// the game plays: `bleed_bonus`, `bleed_equipment`, `cycle`) equips the
    /// acting vampire, its requirements and cost applying.
    TutorEquipment,
    /// Master (Legendary Vampire) on a vampire of capacity `gain` or more
    /// that came out in your last influence phase: +`amount` bleed for the
    /// rest of the game.
    FreshBonus,
    /// Master location (a hunting ground of a clan), played when you control
    /// a vampire of its clan: each unlock phase a vampire you control gains
    /// `amount` blood (Zoo Hunting Ground).
    HuntingGround,
    /// Master in play (Wider View): `amount` transfers left unused in an
    /// influence phase burn it to gain `gain` pool.
    TransferPool,
    /// Master put in play with `gain` counters, played when you control a
    /// vampire of its clan (Palla Grande): vampires of the clan get
    /// +`amount` bleed; each discard phase burns a counter, the last burns it.
    ClanBleed,
    /// Action modifier with an X blood cost on a bleed (Monkey Wrench): +X
    /// bleed, played with X = `amount` (1: the least; a lower bound).
    XBleedMod,
    /// Master: gain `amount` pool if you control a ready vampire of the clan
    /// the evidence ends with (The Eternals of Sirius: a Follower of Set).
    ClanPool,
    /// Action modifier during a referendum (Bribes): gain `amount` pool;
    /// played on each political action (each card once).
    VotePool,
    /// No effect at an idle table.
    Inert,
}

impl EffectKind {
    /// Every kind with its name in the table.
    const NAMES: [(&'static str, EffectKind); 46] = [
        ("bleed", EffectKind::Bleed),
        ("action_pool", EffectKind::ActionPool),
        ("bleed_mod", EffectKind::BleedMod),
        ("unlock", EffectKind::Unlock),
        ("vote", EffectKind::Vote),
        ("vote_take", EffectKind::VoteTake),
        ("master_pool", EffectKind::MasterPool),
        ("blood_to_pool", EffectKind::BloodToPool),
        ("master_blood", EffectKind::MasterBlood),
        ("blood_doll", EffectKind::BloodDoll),
        ("transfers", EffectKind::Transfers),
        ("influence_blood", EffectKind::InfluenceBlood),
        ("uncontrolled_blood", EffectKind::UncontrolledBlood),
        ("master_action", EffectKind::MasterAction),
        ("tablets", EffectKind::Tablets),
        ("ally", EffectKind::Ally),
        ("bleed_bonus", EffectKind::BleedBonus),
        ("discipline", EffectKind::Discipline),
        ("lock_blood", EffectKind::LockBlood),
        ("vote_blood", EffectKind::VoteBlood),
        ("tap", EffectKind::Tap),
        ("fill_blood", EffectKind::FillBlood),
        ("clan_blood", EffectKind::ClanBlood),
        ("clan_influence_blood", EffectKind::ClanInfluenceBlood),
        ("embrace", EffectKind::Embrace),
        ("cycle", EffectKind::Cycle),
        ("archetype_blood", EffectKind::ArchetypeBlood),
        ("discard", EffectKind::Discard),
        ("hand_size", EffectKind::HandSize),
        ("crypt_draw", EffectKind::CryptDraw),
        ("unlock_blood", EffectKind::UnlockBlood),
        ("prey_burn", EffectKind::PreyBurn),
        ("empty_blood", EffectKind::EmptyBlood),
        ("cog", EffectKind::Cog),
        ("bleed_equipment", EffectKind::BleedEquipment),
        ("ground_blood", EffectKind::GroundBlood),
        ("combat_bleed", EffectKind::CombatBleed),
        ("tutor_equipment", EffectKind::TutorEquipment),
        ("fresh_bonus", EffectKind::FreshBonus),
        ("hunting_ground", EffectKind::HuntingGround),
        ("transfer_pool", EffectKind::TransferPool),
        ("clan_bleed", EffectKind::ClanBleed),
        ("x_bleed_mod", EffectKind::XBleedMod),
        ("clan_pool", EffectKind::ClanPool),
        ("vote_pool", EffectKind::VotePool),
        ("inert", EffectKind::Inert),
    ];

    /// Reads a kind's name in the table.
    pub fn parse(name: &str) -> Option<EffectKind> {
        EffectKind::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, kind)| *kind)
    }
}

/// One row of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Effect {
    /// The card.
    pub id: CardId,
    /// Its name as the card database writes it.
    pub name: String,
    /// What it does.
    pub kind: EffectKind,
    /// Bleed added, or pool the prey burns, or pool or blood moved.
    pub amount: u32,
    /// Pool the player gains.
    pub gain: u32,
    /// Words of the card's text the row rests on.
    pub evidence: String,
}

/// What a `clan_pool` row's evidence says before the clan.
pub(crate) const CLAN_POOL_WORDS: &str = "pool if you control a ready ";

impl Effect {
    /// The clan a `clan_pool` row asks for: its evidence after
    /// [`CLAN_POOL_WORDS`].
    pub(crate) fn clan(&self) -> Option<&str> {
        let start = self.evidence.find(CLAN_POOL_WORDS)? + CLAN_POOL_WORDS.len();
        Some(self.evidence[start..].trim_end_matches('.')).filter(|clan| !clan.is_empty())
    }

    /// What the acting vampire must be for the row's effect, when its
    /// evidence starts with it: `[mel] ...` (the discipline, at any level:
    /// the card's other disciplines do something else, Virtuosa) or `This
    /// Anarch ...` (a sect the card's requirements do not say, Stolen Police
    /// Cruiser). `None` for an inert row.
    pub(crate) fn condition(&self) -> Option<Condition> {
        if self.kind == EffectKind::Inert {
            return None;
        }
        if let Some(rest) = self.evidence.strip_prefix('[') {
            let end = rest.find(']')?;
            return Discipline::from_abbreviation(&rest[..end]).map(Condition::Discipline);
        }
        let rest = self.evidence.strip_prefix("This ")?;
        let word = rest.split_whitespace().next()?;
        [
            Sect::Camarilla,
            Sect::Sabbat,
            Sect::Independent,
            Sect::Anarch,
            Sect::Laibon,
        ]
        .into_iter()
        .find(|sect| sect.name() == word)
        .map(Condition::Sect)
    }

    /// The discipline a `discipline` row gives: the last `[abc]` of its
    /// evidence.
    pub(crate) fn discipline(&self) -> Option<Discipline> {
        let start = self.evidence.rfind('[')?;
        let end = start + self.evidence[start..].find(']')?;
        Discipline::from_abbreviation(&self.evidence[start + 1..end])
    }
}

/// What the acting vampire must be for a row's effect
/// ([`Effect::condition`]), beyond the card's requirements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Condition {
    /// A discipline, at any level.
    Discipline(Discipline),
    /// A sect.
    Sect(Sect),
}

/// The effect table.
#[derive(Debug, Clone, Default)]
pub struct EffectTable {
    rows: Vec<Effect>,
    by_id: FxHashMap<CardId, usize>,
}

/// A line of the table that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("goldfish effect table, line {line}: {problem}")]
pub struct TableError {
    /// 1-based line.
    pub line: usize,
    /// What is wrong.
    pub problem: String,
}

impl EffectTable {
    /// The table shipped in `crates/sim/data/goldfish-effects.tsv` (checked by the tests:
    /// it always reads).
    pub fn builtin() -> &'static EffectTable {
        static BUILTIN: LazyLock<EffectTable> =
            LazyLock::new(|| EffectTable::parse(TABLE).unwrap_or_else(|err| panic!("{err}")));
        &BUILTIN
    }

    /// Reads a table: `#` comments, a header line starting `id`, then
    /// tab-separated rows of id, name, kind, amount, gain, evidence.
    pub fn parse(text: &str) -> Result<EffectTable, TableError> {
        let mut table = EffectTable::default();
        for (index, line) in text.lines().enumerate() {
            let problem = |problem: String| TableError {
                line: index + 1,
                problem,
            };
            if line.starts_with('#') || line.starts_with("id\t") || line.trim().is_empty() {
                continue;
            }
            let fields: Vec<&str> = line.split('\t').collect();
            let [id, name, kind, amount, gain, evidence] = fields[..] else {
                return Err(problem(format!("{} fields, 6 expected", fields.len())));
            };
            let number = |text: &str| {
                text.parse::<u32>()
                    .map_err(|_| problem(format!("{text:?} is not a number")))
            };
            let id = CardId(number(id)?);
            let kind = EffectKind::parse(kind)
                .ok_or_else(|| problem(format!("{kind:?} is no effect kind")))?;
            if table.by_id.insert(id, table.rows.len()).is_some() {
                return Err(problem(format!("card {id} has two rows")));
            }
            let effect = Effect {
                id,
                name: name.to_string(),
                kind,
                amount: number(amount)?,
                gain: number(gain)?,
                evidence: evidence.to_string(),
            };
            if kind == EffectKind::Discipline && effect.discipline().is_none() {
                return Err(problem(format!(
                    "{evidence:?} names no discipline in brackets"
                )));
            }
            table.rows.push(effect);
        }
        Ok(table)
    }

    /// Every row, in table order (the tests read the whole table).
    #[cfg(test)]
    pub(crate) fn rows(&self) -> &[Effect] {
        &self.rows
    }

    /// The row of a card.
    pub fn get(&self, id: CardId) -> Option<&Effect> {
        self.by_id.get(&id).map(|&i| &self.rows[i])
    }

    /// The class of a library card.
    pub(crate) fn class_of(&self, card: &Card) -> CardClass {
        match self.get(card.id) {
            Some(effect) if effect.kind == EffectKind::Inert => CardClass::Inert,
            Some(_) => CardClass::Modelled,
            None if is_inert_by_type(card) => CardClass::Inert,
            None => CardClass::NotModelled,
        }
    }
}

/// Whether every type of the card is Combat or Reaction (see the module's
/// documentation).
pub(crate) fn is_inert_by_type(card: &Card) -> bool {
    !card.types.is_empty()
        && card
            .types
            .iter()
            .all(|t| matches!(t, CardType::Combat | CardType::Reaction))
}

/// Why a card has no effect at an idle table, by kind: what the coverage
/// line counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum InertReason {
    /// Combat cards, weapons, strength, damage, torpor: no opponent to fight.
    Combat,
    /// Reactions and out-of-turn cards: nobody else acts.
    Reactions,
    /// Stealth and block evasion: nobody blocks.
    Stealth,
    /// Intercept and blocking: nobody acts to be blocked.
    Intercept,
    /// Extra votes and ballots, votes against others: no referendum is
    /// opposed.
    Votes,
    /// Cards aimed at other players or their minions: they have none.
    OtherPlayers,
    /// Anything else that needs what never happens at an idle table.
    Other,
}

impl InertReason {
    /// Its words on the coverage line.
    pub fn label(self) -> &'static str {
        match self {
            InertReason::Combat => "combat",
            InertReason::Reactions => "reactions",
            InertReason::Stealth => "stealth",
            InertReason::Intercept => "intercept",
            InertReason::Votes => "votes",
            InertReason::OtherPlayers => "aimed at other players",
            InertReason::Other => "other",
        }
    }
}

/// Why an inert card does nothing at an idle table: its type (Combat,
/// Reaction), else the words of its row's evidence.
pub(crate) fn inert_reason(card: &Card, effect: Option<&Effect>) -> InertReason {
    if card.types.contains(&CardType::Combat) {
        return InertReason::Combat;
    }
    if card.types.contains(&CardType::Reaction) {
        return InertReason::Reactions;
    }
    let evidence = effect
        .map(|e| e.evidence.to_lowercase())
        .unwrap_or_default();
    let has = |words: &[&str]| words.iter().any(|w| evidence.contains(w));
    if has(&["vote", "ballot", "referendum", "passes automatically"]) {
        InertReason::Votes
    } else if has(&["intercept"]) {
        InertReason::Intercept
    } else if has(&["stealth", "unblockable", "block"]) {
        InertReason::Stealth
    } else if has(&[
        "weapon", "strike", "combat", "maneuver", "press", "strength", "damage", "torpor",
    ]) {
        InertReason::Combat
    } else if has(&[
        "ut-of-turn",
        "cancel",
        "fail",
        "bleed against you",
        "bleeding you",
        "reduce a bleed",
        "reaction",
    ]) {
        InertReason::Reactions
    } else if has(&[
        "prey",
        "predator",
        "methuselah",
        "another",
        "controlled by",
        "younger",
        "ready minion",
        "ready vampire",
        "(d)",
    ]) {
        InertReason::OtherPlayers
    } else {
        InertReason::Other
    }
}

/// What a deck is built to do, read from its library: the group of cards
/// with the most copies among these (the "archetype" of the coverage
/// script's table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Plan {
    /// Bleeds played (bleed actions, modifiers, bonuses, unlocks) and the
    /// stealth that gets them through.
    Bleed,
    /// Political actions played, their modifiers, and the votes and ballots
    /// that pass them.
    Votes,
    /// Allies and embraces played.
    Allies,
    /// Combat cards.
    Combat,
    /// Reactions and intercept: a wall.
    Wall,
}

impl Plan {
    /// Its name.
    pub fn label(self) -> &'static str {
        match self {
            Plan::Bleed => "bleed",
            Plan::Votes => "votes",
            Plan::Allies => "allies",
            Plan::Combat => "combat",
            Plan::Wall => "wall",
        }
    }

    /// The plan a modelled card serves (`None`: masters and the cards that
    /// bring pool or blood).
    pub(crate) fn of_kind(kind: EffectKind) -> Option<Plan> {
        use EffectKind as K;
        match kind {
            K::Bleed
            | K::BleedMod
            | K::Unlock
            | K::BleedBonus
            | K::Cog
            | K::BleedEquipment
            | K::CombatBleed
            | K::TutorEquipment
            | K::FreshBonus
            | K::ClanBleed
            | K::XBleedMod => Some(Plan::Bleed),
            K::Vote | K::VoteTake | K::VoteBlood | K::VotePool => Some(Plan::Votes),
            K::Ally | K::Embrace | K::PreyBurn => Some(Plan::Allies),
            _ => None,
        }
    }

    /// The plan an inert card serves.
    pub(crate) fn of_reason(reason: InertReason) -> Option<Plan> {
        match reason {
            InertReason::Combat => Some(Plan::Combat),
            InertReason::Reactions | InertReason::Intercept => Some(Plan::Wall),
            InertReason::Stealth => Some(Plan::Bleed),
            InertReason::Votes => Some(Plan::Votes),
            InertReason::OtherPlayers | InertReason::Other => None,
        }
    }
}

/// Which of the three classes a library card falls in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CardClass {
    /// Its effect is played.
    Modelled,
    /// No effect at an idle table.
    Inert,
    /// Played as nothing.
    NotModelled,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_table_reads() {
        let table = EffectTable::builtin();
        assert!(table.rows().len() > 100);
        assert_eq!(
            table.get(CardId(100401)).map(|e| (e.kind, e.amount)),
            Some((EffectKind::BleedMod, 2))
        );
    }

    #[test]
    fn bad_rows_are_refused_with_their_line() {
        let err = EffectTable::parse("# c\n1\tA\tbleed\t1\t0\n").unwrap_err();
        assert_eq!(err.line, 2);
        let err = EffectTable::parse("1\tA\tfly\t1\t0\tx\n").unwrap_err();
        assert!(err.problem.contains("fly"));
        let err = EffectTable::parse("1\tA\tbleed\t1\t0\tx\n1\tA\tbleed\t1\t0\tx\n").unwrap_err();
        assert_eq!(err.line, 2);
        let err = EffectTable::parse("1\tA\tbleed\tone\t0\tx\n").unwrap_err();
        assert!(err.problem.contains("one"));
        let err = EffectTable::parse("1\tA\tdiscipline\t0\t0\tlevel of Dominate\n").unwrap_err();
        assert!(err.problem.contains("no discipline"));
        let table =
            EffectTable::parse("1\tA\tdiscipline\t0\t0\tlevel of Dominate [dom]\n").unwrap();
        assert_eq!(
            table.rows()[0].discipline(),
            Discipline::from_abbreviation("dom")
        );
    }
}
