//! The card effects `goldfish` plays at an idle table: the rows of
//! `data/goldfish-effects.tsv` (one per library card id), and the class every
//! library card falls in ([`CardClass`]): modelled (a row with an effect),
//! inert (no effect at an idle table: a row of kind `inert`, or a card whose
//! every type is Combat or Reaction, a fact of the type: combat needs an
//! opponent's minion, a reaction another player's action, and neither
//! happens at an idle table), or not modelled (played as nothing).

use std::sync::LazyLock;

use rustc_hash::FxHashMap;
use serde::Serialize;

use vtesdeck_cards::{Card, CardId, CardType};

/// The table as shipped.
const TABLE: &str = include_str!("../../../../data/goldfish-effects.tsv");

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
    /// No effect at an idle table.
    Inert,
}

impl EffectKind {
    /// Every kind with its name in the table.
    const NAMES: [(&'static str, EffectKind); 18] = [
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
    /// The table shipped in `data/goldfish-effects.tsv` (checked by the tests:
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
            table.rows.push(Effect {
                id,
                name: name.to_string(),
                kind,
                amount: number(amount)?,
                gain: number(gain)?,
                evidence: evidence.to_string(),
            });
        }
        Ok(table)
    }

    /// Every row, in table order.
    pub fn rows(&self) -> &[Effect] {
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
pub fn is_inert_by_type(card: &Card) -> bool {
    !card.types.is_empty()
        && card
            .types
            .iter()
            .all(|t| matches!(t, CardType::Combat | CardType::Reaction))
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
    }
}
