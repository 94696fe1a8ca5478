//! One seat's game at an idle table, turn by turn, and the integer tallies of
//! many games. The rules played are those of [`super`]'s documentation.

use vtesdeck_cards::{is_same_clan, CardDb, CardType, Cost, CryptCard, CryptRequirement};
use vtesdeck_deck::OPENING_HAND;

use super::super::deck_tables::{DeckTables, MASTER_CLASS, NON_MINION_CLASS};
use super::super::influence::Influence;
use super::super::seed::{self, add_counts, below, SeatGame, SimRng};
use super::super::transfers::{first_turn_transfers, STARTING_POOL, TRANSFERS_PER_TURN};
use super::effects::{CardClass, Condition, EffectKind, EffectTable};
use super::{TransferOptions, VALUE_HORIZON};

/// The prey's pool at the start: what can be taken from it.
pub(super) const PREY_POOL: u32 = STARTING_POOL;

/// A library card of the deck as the game plays it.
#[derive(Debug, Clone, Copy)]
pub(super) struct LibCard {
    /// Playability class ([`DeckTables::can_play`]).
    class: u16,
    /// Its effect (`None`: not modelled).
    effect: Option<EffectKind>,
    amount: u32,
    gain: u32,
    pool_cost: u32,
    blood_cost: u8,
    /// An X cost: never played.
    x_cost: bool,
    /// A limited bleed modifier: one per action.
    limited: bool,
    /// A trifle master: one more master phase action, once a turn.
    trifle: bool,
    /// Unique: one in play at most.
    unique: bool,
    /// A `discipline` card's slot in [`DeckCards::gains`].
    slot: u8,
    /// An equipment card.
    equipment: bool,
    /// A combat card (its types include Combat).
    combat: bool,
    /// Whether its row asks more of the acting vampire than the card's
    /// requirements ([`super::effects::Effect::condition`]): then only a
    /// vampire [`DeckCards::meets`] accepts plays it.
    conditioned: bool,
    /// Its class.
    pub(super) coverage: CardClass,
}

/// The least capacity of the vampire an `uncontrolled_blood` card adds its
/// blood to (its `gain` column).
fn min_capacity(card: &LibCard) -> u8 {
    u8::try_from(card.gain).unwrap_or(u8::MAX)
}

/// A crypt kind that is no card of the crypt: a vampire The Embrace (or a
/// card like it) put in play. It plays no library card.
const EMBRACED: u16 = u16::MAX;

/// A deck's library as the game plays it: its cards, and what some kinds
/// need read once from the card database.
pub(super) struct DeckCards {
    /// The cards of `tables.library`, in its order.
    pub(super) cards: Vec<LibCard>,
    /// `[card][crypt kind]`: whether the crypt kind meets the card's
    /// requirement (its clan, Black Hand, Anarch: the one playability model,
    /// [`CryptRequirement::is_met_by`]), for the kinds that aim at or need
    /// such a vampire, or the row's condition for a conditioned card; empty
    /// for the other cards.
    meets: Vec<Vec<bool>>,
    /// `[slot][crypt kind]`: the library classes (a bit set of
    /// `tables.words` words) a vampire of that kind can play once it has the
    /// slot's discipline, that it cannot play without it: the one
    /// playability model ([`CryptRequirement::is_met_by`]) on the crypt card
    /// with the discipline added.
    gains: Vec<Vec<Vec<u64>>>,
    /// `[slot][crypt kind]`: the library copies of those classes.
    gain_copies: Vec<Vec<u32>>,
}

impl DeckCards {
    /// Reads the deck's library cards (`tables.library`) and their effects.
    pub(super) fn of_deck(tables: &DeckTables, db: &CardDb, effects: &EffectTable) -> DeckCards {
        let mut slots: Vec<vtesdeck_cards::Discipline> = Vec::new();
        let mut cards: Vec<LibCard> = tables
            .library
            .iter()
            .map(|kind| {
                let card = db.get(kind.id);
                let row = effects.get(kind.id);
                let cost = |cost: Option<Cost>| match cost {
                    Some(Cost::Fixed(n)) => (u32::from(n), false),
                    Some(Cost::X) => (0, true),
                    None => (0, false),
                };
                let (pool_cost, x_pool) = cost(card.and_then(|c| c.pool_cost));
                let (mut blood_cost, mut x_blood) = cost(card.and_then(|c| c.blood_cost));
                let mut effect = row.map(|r| r.kind).filter(|k| *k != EffectKind::Inert);
                if effect == Some(EffectKind::XBleedMod) && x_blood && !x_pool {
                    // X chosen: +X bleed for X blood.
                    effect = Some(EffectKind::BleedMod);
                    blood_cost = row.map_or(0, |r| r.amount);
                    x_blood = false;
                }
                LibCard {
                    class: kind.class,
                    effect,
                    amount: row.map_or(0, |r| r.amount),
                    gain: row.map_or(0, |r| r.gain),
                    pool_cost,
                    blood_cost: u8::try_from(blood_cost).unwrap_or(u8::MAX),
                    x_cost: x_pool || x_blood,
                    limited: card.is_some_and(|c| c.text.contains("(limited)")),
                    trifle: card.is_some_and(|c| c.trifle),
                    unique: card.is_some_and(|c| c.text.starts_with("Unique")),
                    slot: 0,
                    equipment: card.is_some_and(|c| c.types.contains(&CardType::Equipment)),
                    combat: card.is_some_and(|c| c.types.contains(&CardType::Combat)),
                    conditioned: false,
                    coverage: card.map_or(CardClass::NotModelled, |c| effects.class_of(c)),
                }
            })
            .collect();
        let crypt: Vec<_> = tables.crypt.iter().map(|k| db.get(k.id)).collect();
        let mut meets = vec![Vec::new(); cards.len()];
        for (c, kind) in tables.library.iter().enumerate() {
            if !matches!(
                cards[c].effect,
                Some(
                    EffectKind::ClanBlood
                        | EffectKind::ClanInfluenceBlood
                        | EffectKind::GroundBlood
                        | EffectKind::HuntingGround
                        | EffectKind::CombatBleed
                        | EffectKind::ClanBleed
                )
            ) {
                continue;
            }
            let Some(requirement) = db.get(kind.id).map(CryptRequirement::of_card) else {
                continue;
            };
            meets[c] = crypt
                .iter()
                .map(|vampire| vampire.is_some_and(|v| requirement.is_met_by(&CryptCard::new(v))))
                .collect();
        }
        for (c, kind) in tables.library.iter().enumerate() {
            let Some(condition) = effects.get(kind.id).and_then(|row| row.condition()) else {
                continue;
            };
            cards[c].conditioned = true;
            meets[c] = crypt
                .iter()
                .map(|vampire| {
                    vampire.is_some_and(|v| match condition {
                        Condition::Discipline(d) => CryptCard::new(v).disciplines() & d.bit() != 0,
                        Condition::Sect(sect) => v.sect == Some(sect),
                    })
                })
                .collect();
        }
        for (c, kind) in tables.library.iter().enumerate() {
            if cards[c].effect != Some(EffectKind::ClanPool) {
                continue;
            }
            let clan = effects
                .get(kind.id)
                .and_then(|row| row.clan())
                .unwrap_or("");
            meets[c] = crypt
                .iter()
                .map(|vampire| {
                    vampire.is_some_and(|v| v.clans.iter().any(|own| is_same_clan(own, clan)))
                })
                .collect();
        }
        for (c, kind) in tables.library.iter().enumerate() {
            if cards[c].effect != Some(EffectKind::Discipline) {
                continue;
            }
            let Some(discipline) = effects.get(kind.id).and_then(|row| row.discipline()) else {
                cards[c].effect = None;
                continue;
            };
            let slot = match slots.iter().position(|d| *d == discipline) {
                Some(slot) => slot,
                None => {
                    slots.push(discipline);
                    slots.len() - 1
                }
            };
            cards[c].slot = u8::try_from(slot).unwrap_or(u8::MAX);
            if slot >= 32 {
                cards[c].effect = None;
            }
        }
        slots.truncate(32);
        let requirements: Vec<Option<CryptRequirement>> = tables
            .library
            .iter()
            .map(|kind| {
                (kind.class > NON_MINION_CLASS)
                    .then(|| db.get(kind.id).map(CryptRequirement::of_card))
                    .flatten()
            })
            .collect();
        let mut gains = Vec::with_capacity(slots.len());
        let mut gain_copies = Vec::with_capacity(slots.len());
        for discipline in &slots {
            let mut per_kind = Vec::with_capacity(crypt.len());
            let mut copies_per_kind = Vec::with_capacity(crypt.len());
            for (k, vampire) in crypt.iter().enumerate() {
                let mut words = vec![0u64; tables.words];
                let mut copies = 0;
                if let Some(vampire) = vampire {
                    let with = CryptCard::new(vampire).with_discipline(*discipline);
                    for (kind, requirement) in tables.library.iter().zip(&requirements) {
                        let Some(requirement) = requirement else {
                            continue;
                        };
                        if !tables.can_play(k, kind.class) && requirement.is_met_by(&with) {
                            let class = usize::from(kind.class);
                            words[class / 64] |= 1 << (class % 64);
                            copies += kind.count;
                        }
                    }
                }
                per_kind.push(words);
                copies_per_kind.push(copies);
            }
            gains.push(per_kind);
            gain_copies.push(copies_per_kind);
        }
        DeckCards {
            cards,
            meets,
            gains,
            gain_copies,
        }
    }
}

/// A vampire in play.
#[derive(Debug, Clone, Copy)]
struct Vampire {
    /// Its crypt kind, or [`EMBRACED`].
    kind: u16,
    blood: u8,
    /// Its capacity (+1 for each Discipline master card on it): the most
    /// blood it can have.
    capacity: u8,
    /// Bleed added to each of its bleeds by the cards it carries.
    bonus: u32,
    /// The Discipline master slots ([`DeckCards::gains`]) put on it, a bit each.
    gained: u32,
    /// Blood its archetype (`archetype_blood`) gives once a turn after a
    /// successful action (0: none).
    archetype: u32,
    /// Whether the archetype gave its blood this turn.
    archetype_used: bool,
    /// The bleed its plain bleed is at, from a `bleed_equipment` card (no
    /// other bleed added to that one's: the larger of the two counts).
    plain_bonus: u32,
    /// Whether it carries a `cog` card: one more action each turn.
    cog: bool,
    /// Whether it took the cog's action this turn.
    cog_used: bool,
    /// The turn it came into play (from 0).
    since: u32,
}

impl Vampire {
    fn new(kind: u16, blood: u8, capacity: u8, since: u32) -> Vampire {
        Vampire {
            kind,
            blood,
            capacity,
            bonus: 0,
            gained: 0,
            archetype: 0,
            archetype_used: false,
            plain_bonus: 0,
            cog: false,
            cog_used: false,
            since,
        }
    }

    /// The blood it lacks to reach its capacity.
    fn missing(&self) -> u8 {
        self.capacity.saturating_sub(self.blood)
    }
}

/// Integer tallies of one seat over many games.
#[derive(Debug, Clone)]
pub(super) struct Tally {
    /// `[turn][bled]`: games where the prey lost `bled` pool by the end of the turn.
    pub(super) bled: Vec<Vec<u64>>,
    /// `[turn]`: games where the prey is ousted by the end of the turn.
    pub(super) ousted: Vec<u64>,
    /// `[turn]`: sum of the own pool at the end of the turn.
    pub(super) pool: Vec<u64>,
    /// `[turn]`: sum of the vampires in play at the end of the turn.
    pub(super) ready: Vec<u64>,
    /// `[turn]`: sum of the minion actions taken during the turn.
    pub(super) actions: Vec<u64>,
    /// `[turn]`: games whose first pool taken from the prey was that turn.
    pub(super) first_bleed: Vec<u64>,
    /// `[turn]`: games whose prey was ousted that turn.
    pub(super) oust_turn: Vec<u64>,
}

impl Tally {
    pub(super) fn new(turns: usize) -> Tally {
        Tally {
            bled: vec![vec![0; PREY_POOL as usize + 1]; turns],
            ousted: vec![0; turns],
            pool: vec![0; turns],
            ready: vec![0; turns],
            actions: vec![0; turns],
            first_bleed: vec![0; turns],
            oust_turn: vec![0; turns],
        }
    }
}

impl seed::Tally for Tally {
    fn add(&mut self, other: &Tally) {
        for (a, b) in self.bled.iter_mut().zip(&other.bled) {
            add_counts(a, b);
        }
        add_counts(&mut self.ousted, &other.ousted);
        add_counts(&mut self.pool, &other.pool);
        add_counts(&mut self.ready, &other.ready);
        add_counts(&mut self.actions, &other.actions);
        add_counts(&mut self.first_bleed, &other.first_bleed);
        add_counts(&mut self.oust_turn, &other.oust_turn);
    }
}

/// No card: a plain bleed.
const PLAIN: usize = usize::MAX;

/// No card: the hunt of a vampire with no blood.
const HUNT: usize = usize::MAX - 1;

/// What a vampire has done this turn that it can do once a turn: a bleed
/// (a minion performs one bleed action a turn) and a political action (a
/// vampire one a turn).
#[derive(Debug, Clone, Copy, Default)]
struct Done {
    bled: bool,
    voted: bool,
}

impl Done {
    fn after(self, bleed: bool, political: bool) -> Done {
        Done {
            bled: self.bled || bleed,
            voted: self.voted || political,
        }
    }
}

/// One thread's game state, reused from game to game.
pub(super) struct Game<'a> {
    tables: &'a DeckTables,
    deck: &'a DeckCards,
    cards: &'a [LibCard],
    influence: Influence<'a>,
    /// The library in deck order, then shuffled: indices into `cards`.
    library: Vec<u16>,
    /// The next card to draw: `library[next]`, then `bottom[next - library.len()]`.
    next: usize,
    /// Cards put at the bottom of the library this game, in order.
    bottom: Vec<u16>,
    hand: Vec<u16>,
    vampires: Vec<Vampire>,
    /// Cards (indices into `cards`) the acting vampire played this turn.
    used: Vec<u16>,
    turns: u32,
    pool: u32,
    prey: u32,
    /// Blood Dolls and Vessels in play.
    dolls: u32,
    /// Transfers added by locations in play.
    extra_transfers: u32,
    /// Blood from the bank added by locations in play each influence phase.
    free_blood: u32,
    /// Master phase actions added by locations in play.
    extra_master_actions: u32,
    /// Ashur Tablets in play.
    tablets: u32,
    /// Unique cards in play (indices into `cards`).
    unique_in_play: Vec<u16>,
    /// The bleed of each ally in play that can act this turn.
    allies: Vec<u32>,
    /// Allies recruited this turn: they act from the next.
    recruited: Vec<u32>,
    /// Bleed bonus cards on vampires: (index in `vampires`, index into `cards`).
    attached: Vec<(usize, u16)>,
    /// `lock_blood` cards in play: (index into `cards`, uses left).
    locks: Vec<(u16, u32)>,
    /// `clan_influence_blood` locations in play (indices into `cards`).
    clan_locations: Vec<u16>,
    /// Whether a `fill_blood` card was played this game.
    fill_played: bool,
    /// `cycle` equipment in play: the cards each draws.
    cycles: Vec<u32>,
    /// `unlock_blood` locations in play: (index in `vampires`, blood).
    unlock_blood: Vec<(usize, u32)>,
    /// `empty_blood` cards in play (indices into `cards`).
    empties: Vec<u16>,
    /// `ground_blood` or `hunting_ground` locations in play (indices into
    /// `cards`; one at most, a vampire feeds from one hunting ground a turn).
    grounds: Vec<u16>,
    /// `transfer_pool` cards in play (indices into `cards`).
    transfer_pools: Vec<u16>,
    /// `clan_bleed` cards in play: (index into `cards`, counters left).
    clan_bleeds: Vec<(u16, u32)>,
    /// A `combat_bleed` card in play (index into `cards`).
    combat_bleed: Option<u16>,
    /// Library positions (as `next` counts them) taken by a search: never drawn.
    searched: Vec<usize>,
    /// Pool the prey burns each unlock phase (`prey_burn` in play).
    prey_burn: u32,
    /// Cards discarded each discard phase beyond the first.
    extra_discards: u32,
    /// The current turn, from 0.
    turn: u32,
    /// The library's random source, far from the crypt's (a long jump of the
    /// chunk's): the crypts are those `transfers` deals with the same seed.
    library_rng: SimRng,
}

impl<'a> Game<'a> {
    pub(super) fn new(
        tables: &'a DeckTables,
        deck: &'a DeckCards,
        options: &TransferOptions,
        chunk_rng: &SimRng,
    ) -> Game<'a> {
        let cards = &deck.cards[..];
        let mut library_rng = chunk_rng.clone();
        library_rng.long_jump();
        let library = tables
            .library
            .iter()
            .enumerate()
            .flat_map(|(k, kind)| std::iter::repeat_n(k as u16, kind.count as usize))
            .collect();
        Game {
            tables,
            deck,
            cards,
            influence: Influence::new(tables, options.policy, options.max_vampires),
            library,
            next: 0,
            bottom: Vec::new(),
            hand: Vec::with_capacity(16),
            vampires: Vec::with_capacity(16),
            used: Vec::with_capacity(8),
            turns: options.turns,
            pool: STARTING_POOL,
            prey: PREY_POOL,
            dolls: 0,
            extra_transfers: 0,
            free_blood: 0,
            extra_master_actions: 0,
            tablets: 0,
            unique_in_play: Vec::new(),
            allies: Vec::new(),
            recruited: Vec::new(),
            attached: Vec::new(),
            locks: Vec::new(),
            clan_locations: Vec::new(),
            fill_played: false,
            cycles: Vec::new(),
            unlock_blood: Vec::new(),
            empties: Vec::new(),
            grounds: Vec::new(),
            transfer_pools: Vec::new(),
            clan_bleeds: Vec::new(),
            combat_bleed: None,
            searched: Vec::new(),
            prey_burn: 0,
            extra_discards: 0,
            turn: 0,
            library_rng,
        }
    }

    /// The card at library position `position` (`library`, then `bottom`).
    fn library_card(&self, position: usize) -> Option<u16> {
        match position.checked_sub(self.library.len()) {
            None => self.library.get(position).copied(),
            Some(i) => self.bottom.get(i).copied(),
        }
    }

    /// Draws a card; returns whether the library had one.
    fn draw(&mut self) -> bool {
        while self.searched.contains(&self.next) {
            self.next += 1;
        }
        let card = self.library_card(self.next);
        if let Some(card) = card {
            self.hand.push(card);
            self.next += 1;
            true
        } else {
            false
        }
    }

    /// Whether vampire `v` can play library class `class`: its crypt card
    /// ([`DeckTables::can_play`]), or a discipline put on it; a vampire
    /// The Embrace put in play plays nothing.
    fn can_play(&self, v: &Vampire, class: u16) -> bool {
        if v.kind == EMBRACED {
            return false;
        }
        let k = usize::from(v.kind);
        if self.tables.can_play(k, class) {
            return true;
        }
        let c = usize::from(class);
        (0..self.deck.gains.len()).any(|slot| {
            v.gained >> slot & 1 == 1 && self.deck.gains[slot][k][c / 64] >> (c % 64) & 1 == 1
        })
    }

    /// Vampire `v` gains `blood`, up to its capacity.
    /// Among the vampires in play that `pick` accepts, the one missing the
    /// most blood (first in play on ties).
    fn neediest(&self, pick: impl Fn(&Vampire) -> bool) -> Option<usize> {
        (0..self.vampires.len())
            .filter(|&v| pick(&self.vampires[v]))
            .max_by_key(|&v| (self.vampires[v].missing(), std::cmp::Reverse(v)))
    }

    /// Among the vampires in play that `pick` accepts, the one with the
    /// biggest capacity (first in play on ties).
    fn biggest(&self, pick: impl Fn(&Vampire) -> bool) -> Option<usize> {
        (0..self.vampires.len())
            .filter(|&v| pick(&self.vampires[v]))
            .max_by_key(|&v| (self.vampires[v].capacity, std::cmp::Reverse(v)))
    }

    fn gain_blood(&mut self, v: usize, blood: u32) {
        let vampire = &mut self.vampires[v];
        let blood = u8::try_from(blood).unwrap_or(u8::MAX);
        vampire.blood = vampire.blood.saturating_add(blood).min(vampire.capacity);
    }

    /// The vampire a `discipline` card goes on: the one it opens the most
    /// library copies to (none when it opens none).
    fn discipline_target(&self, card: &LibCard) -> Option<usize> {
        let slot = usize::from(card.slot);
        let mut best: Option<(usize, u32)> = None;
        for (v, vampire) in self.vampires.iter().enumerate() {
            if vampire.kind == EMBRACED || vampire.gained >> slot & 1 == 1 {
                continue;
            }
            let copies = self.deck.gain_copies[slot][usize::from(vampire.kind)];
            if copies > 0 && best.is_none_or(|(_, b)| copies > b) {
                best = Some((v, copies));
            }
        }
        best.map(|(v, _)| v)
    }

    /// Whether crypt kind `kind` meets the requirement of card `c` (a kind
    /// of [`DeckCards::meets`]; a vampire The Embrace put in play does not).
    fn meets(&self, c: u16, kind: u16) -> bool {
        self.deck.meets[usize::from(c)]
            .get(usize::from(kind))
            .copied()
            .unwrap_or(false)
    }

    /// The unlock phase: `unlock_blood` locations give their blood, the prey
    /// burns for the `prey_burn` cards, `cycle` equipment draws and puts back.
    fn unlock_phase(&mut self) {
        for i in 0..self.unlock_blood.len() {
            let (v, blood) = self.unlock_blood[i];
            self.gain_blood(v, blood);
        }
        let mut i = 0;
        while i < self.empties.len() {
            let c = self.empties[i];
            if let Some(v) = self.biggest(|vampire| vampire.blood == 0) {
                self.gain_blood(v, self.cards[usize::from(c)].amount);
                self.empties.swap_remove(i);
                self.unique_in_play.retain(|&u| u != c);
            } else {
                i += 1;
            }
        }
        for i in 0..self.grounds.len() {
            let c = self.grounds[i];
            // A `ground_blood` feeds a vampire of its requirement, a
            // `hunting_ground` any.
            let any = self.cards[usize::from(c)].effect == Some(EffectKind::HuntingGround);
            if let Some(v) = self.neediest(|vampire| any || self.meets(c, vampire.kind)) {
                self.gain_blood(v, self.cards[usize::from(c)].amount);
            }
        }
        self.prey -= self.prey_burn.min(self.prey);
        for i in 0..self.cycles.len() {
            let cards = self.cycles[i];
            self.cycle(cards);
        }
    }

    /// Draws up to `cards` cards, as many as the hand holds cards the discard
    /// phase would throw away, then moves that many of those to the bottom
    /// of the library (worst first).
    fn cycle(&mut self, cards: u32) {
        let bad = self
            .hand
            .iter()
            .filter(|&&c| self.discard_rank(c).is_some())
            .count();
        let mut drawn = 0;
        while drawn < bad.min(cards as usize) && self.draw() {
            drawn += 1;
        }
        for _ in 0..drawn {
            if let Some(index) = self.worst_in_hand() {
                let c = self.hand.swap_remove(index);
                self.bottom.push(c);
            }
        }
    }

    /// Plays the card at `index` of the hand: out of the hand, replaced.
    fn play_card(&mut self, index: usize) -> LibCard {
        let card = self.cards[usize::from(self.hand[index])];
        self.pool -= card.pool_cost;
        self.replace(index);
        card
    }

    /// The card at `index` of the hand leaves it; the card drawn to replace
    /// it takes its place (the hand's order decides ties: the card first in
    /// hand is played first).
    fn replace(&mut self, index: usize) {
        if self.draw() {
            if let Some(drawn) = self.hand.pop() {
                self.hand[index] = drawn;
            }
        } else {
            self.hand.remove(index);
        }
    }

    /// The turns a card that pays each turn is counted for: those left after
    /// this one up to [`VALUE_HORIZON`], whatever `--turns` (so that a turn's
    /// figures never depend on the turns played after it).
    fn turns_left(&self) -> u32 {
        VALUE_HORIZON.saturating_sub(self.turn + 1)
    }

    /// Whether the card can be paid (pool never to 0) by a vampire with `blood`.
    fn affordable(&self, card: &LibCard, blood: u8) -> bool {
        !card.x_cost && card.pool_cost < self.pool && card.blood_cost <= blood
    }

    /// The blood dolls move their blood; then one master phase action (one
    /// more per location that gives one, one more after the first trifle):
    /// each time the master of the hand worth the most ([`Self::master_value`]).
    fn master_phase(&mut self) {
        for _ in 0..self.dolls {
            if let Some(v) = self
                .vampires
                .iter_mut()
                .filter(|v| v.blood > 0)
                .max_by_key(|v| v.blood)
            {
                v.blood -= 1;
                self.pool += 1;
            }
        }
        let mut actions = 1 + self.extra_master_actions;
        let mut trifle_played = false;
        let mut tablet_played = false;
        while actions > 0 {
            let mut best: Option<(usize, u32)> = None;
            for (index, &c) in self.hand.iter().enumerate() {
                let card = &self.cards[usize::from(c)];
                if card.class != MASTER_CLASS
                    || !self.affordable(card, 0)
                    || (card.unique && self.unique_in_play.contains(&c))
                {
                    continue;
                }
                let Some(value) = self.master_value(c, card, tablet_played) else {
                    continue;
                };
                if best.is_none_or(|(_, b)| value > b) {
                    best = Some((index, value));
                }
            }
            let Some((index, _)) = best else { break };
            let c = self.hand[index];
            let card = self.play_card(index);
            if card.unique {
                self.unique_in_play.push(c);
            }
            tablet_played |= card.effect == Some(EffectKind::Tablets);
            self.play_master(c, &card);
            if card.trifle && !trifle_played {
                trifle_played = true;
            } else {
                actions -= 1;
            }
        }
    }

    /// What playing master `c` now is worth (pool first, then blood and the
    /// cards that bring them later), or `None` when it would do nothing now.
    fn master_value(&self, c: u16, card: &LibCard, tablet_played: bool) -> Option<u32> {
        let value = match card.effect {
            Some(EffectKind::MasterPool) => 2 + card.amount.saturating_sub(card.pool_cost),
            Some(EffectKind::BloodToPool)
                if self
                    .vampires
                    .iter()
                    .any(|v| u32::from(v.blood) >= card.amount) =>
            {
                2 + card.amount.saturating_sub(card.pool_cost)
            }
            Some(EffectKind::Transfers | EffectKind::InfluenceBlood) => 4,
            Some(EffectKind::MasterAction) => 3,
            Some(EffectKind::BloodDoll) if !self.vampires.is_empty() => 3,
            Some(EffectKind::Tablets) if !tablet_played => 2,
            Some(EffectKind::MasterBlood) if !self.vampires.is_empty() => 1,
            Some(EffectKind::UncontrolledBlood)
                if self
                    .influence
                    .free_blood_target(min_capacity(card), false)
                    .is_some() =>
            {
                1
            }
            Some(EffectKind::LockBlood) => 4,
            Some(EffectKind::ClanInfluenceBlood)
                if self.vampires.iter().any(|v| self.meets(c, v.kind)) =>
            {
                4
            }
            Some(EffectKind::UnlockBlood) if !self.vampires.is_empty() => 3,
            Some(EffectKind::Tap) => match self.tap_target() {
                Some((_, moved)) => 2 + moved,
                None => return None,
            },
            Some(EffectKind::FillBlood) if !self.fill_played => match self.fill_target() {
                Some((_, missing)) => missing,
                None => return None,
            },
            Some(EffectKind::Discipline) if self.discipline_target(card).is_some() => 2,
            Some(EffectKind::ArchetypeBlood) if self.vampires.iter().any(|v| v.archetype == 0) => 2,
            Some(EffectKind::Discard | EffectKind::HandSize) => 2,
            Some(EffectKind::CryptDraw) if self.influence.crypt_left() => 1,
            Some(EffectKind::EmptyBlood) if !self.vampires.is_empty() => 1,
            Some(EffectKind::TransferPool) => 1,
            Some(EffectKind::ClanPool) if self.vampires.iter().any(|v| self.meets(c, v.kind)) => {
                2 + card.amount.saturating_sub(card.pool_cost)
            }
            Some(EffectKind::ClanBleed) if self.vampires.iter().any(|v| self.meets(c, v.kind)) => 2,
            Some(EffectKind::GroundBlood | EffectKind::HuntingGround)
                if self.grounds.is_empty()
                    && self.vampires.iter().any(|v| self.meets(c, v.kind)) =>
            {
                3
            }
            Some(EffectKind::CombatBleed)
                if self.combat_bleed.is_none()
                    && self.vampires.iter().any(|v| self.meets(c, v.kind)) =>
            {
                2
            }
            Some(EffectKind::FreshBonus) if self.fresh_target(card).is_some() => 3,
            _ => return None,
        };
        Some(value)
    }

    /// Plays master `c` (already out of the hand).
    fn play_master(&mut self, c: u16, card: &LibCard) {
        match card.effect {
            Some(EffectKind::MasterPool) => self.pool += card.amount,
            Some(EffectKind::BloodToPool) => {
                if let Some(v) = self.vampires.iter_mut().max_by_key(|v| v.blood) {
                    let moved = card.amount.min(u32::from(v.blood));
                    v.blood -= moved as u8;
                    self.pool += moved;
                }
            }
            Some(EffectKind::MasterBlood) => {
                if let Some(v) = self.neediest(|_| true) {
                    self.gain_blood(v, card.amount);
                }
            }
            Some(EffectKind::BloodDoll) => self.dolls += 1,
            Some(EffectKind::Transfers) => self.extra_transfers += card.amount,
            Some(EffectKind::InfluenceBlood) => self.free_blood += card.amount,
            Some(EffectKind::UncontrolledBlood) => {
                self.influence
                    .add_free_blood(card.amount, min_capacity(card), false);
            }
            Some(EffectKind::MasterAction) => {
                self.extra_master_actions += 1;
            }
            Some(EffectKind::LockBlood) => self.locks.push((c, card.gain)),
            Some(EffectKind::ClanInfluenceBlood) => self.clan_locations.push(c),
            Some(EffectKind::UnlockBlood) => {
                if let Some(v) = self.biggest(|_| true) {
                    self.unlock_blood.push((v, card.amount));
                }
            }
            Some(EffectKind::Tap) => {
                if let Some((v, moved)) = self.tap_target() {
                    self.vampires[v].blood -= moved as u8;
                    self.pool += moved;
                }
            }
            Some(EffectKind::FillBlood) => {
                self.fill_played = true;
                if let Some((v, _)) = self.fill_target() {
                    self.vampires[v].blood = self.vampires[v].capacity;
                }
            }
            Some(EffectKind::Discipline) => {
                if let Some(v) = self.discipline_target(card) {
                    let vampire = &mut self.vampires[v];
                    vampire.gained |= 1 << card.slot;
                    vampire.capacity = vampire.capacity.saturating_add(1);
                }
            }
            Some(EffectKind::ArchetypeBlood) => {
                if let Some(v) = self.vampires.iter_mut().find(|v| v.archetype == 0) {
                    v.archetype = card.amount;
                }
            }
            Some(EffectKind::Discard) => self.extra_discards += card.amount.max(1),
            Some(EffectKind::HandSize) => {
                for _ in 0..card.amount {
                    self.draw();
                }
            }
            Some(EffectKind::CryptDraw) => {
                self.influence.draw_crypt();
            }
            Some(EffectKind::EmptyBlood) => self.empties.push(c),
            Some(EffectKind::GroundBlood | EffectKind::HuntingGround) => self.grounds.push(c),
            Some(EffectKind::TransferPool) => self.transfer_pools.push(c),
            Some(EffectKind::ClanPool) => self.pool += card.amount,
            Some(EffectKind::ClanBleed) => self.clan_bleeds.push((c, card.gain)),
            Some(EffectKind::CombatBleed) => self.combat_bleed = Some(c),
            Some(EffectKind::FreshBonus) => {
                if let Some(v) = self.fresh_target(card) {
                    self.vampires[v].bonus += card.amount;
                }
            }
            Some(EffectKind::Tablets) => {
                self.tablets += 1;
                if self.tablets == 3 {
                    self.tablets = 0;
                    self.pool += card.amount;
                }
            }
            _ => {}
        }
    }

    /// The vampire a `tap` card empties and the blood it moves: the one with
    /// the most blood (first in play on ties), all its blood but 1, when that
    /// is 2 or more.
    fn tap_target(&self) -> Option<(usize, u32)> {
        let (v, vampire) = self
            .vampires
            .iter()
            .enumerate()
            .max_by_key(|(v, vampire)| (vampire.blood, std::cmp::Reverse(*v)))?;
        let moved = u32::from(vampire.blood.saturating_sub(1));
        (moved >= 2).then_some((v, moved))
    }

    /// The vampire a `fill_blood` card fills and the blood it gains: the one
    /// missing the most (first in play on ties), when that is 3 or more.
    fn fill_target(&self) -> Option<(usize, u32)> {
        let v = self.neediest(|_| true)?;
        let missing = u32::from(self.vampires[v].missing());
        (missing >= 3).then_some((v, missing))
    }

    /// The vampire a `fresh_bonus` card goes on: one of capacity `gain` or
    /// more that came out in the last influence phase (the biggest, first
    /// in play on ties).
    fn fresh_target(&self, card: &LibCard) -> Option<usize> {
        self.biggest(|vampire| {
            vampire.kind != EMBRACED
                && vampire.since + 1 == self.turn
                && u32::from(vampire.capacity) >= card.gain
        })
    }

    /// Every vampire in play acts; returns the actions taken. A vampire with
    /// no blood hunts first (1 blood); then it takes its actions
    /// ([`Game::best_action`]): at most one bleed and one political action.
    fn minion_phase(&mut self) -> u32 {
        let mut actions = 0;
        for v in 0..self.vampires.len() {
            self.used.clear();
            self.vampires[v].archetype_used = false;
            self.vampires[v].cog_used = false;
            let mut done = Done::default();
            let mut hunt = self.vampires[v].blood == 0;
            loop {
                if self.prey == 0 {
                    return actions;
                }
                let choice = if hunt {
                    hunt = false;
                    HUNT
                } else {
                    let Some(choice) = self.best_action(v, done) else {
                        break;
                    };
                    choice
                };
                actions += 1;
                if choice == HUNT {
                    self.gain_blood(v, 1);
                } else {
                    done = done.after(self.is_bleed(choice), self.is_political(choice));
                    self.act(v, choice);
                }
                let vampire = self.vampires[v];
                if vampire.archetype > 0 && !vampire.archetype_used {
                    self.vampires[v].archetype_used = true;
                    self.gain_blood(v, vampire.archetype);
                }
                if self.unlock(v, done) {
                    continue;
                }
                let vampire = self.vampires[v];
                if vampire.cog && !vampire.cog_used {
                    self.vampires[v].cog_used = true;
                    continue;
                }
                break;
            }
        }
        for &bleed in &self.allies {
            if self.prey == 0 {
                break;
            }
            actions += 1;
            self.prey -= bleed.min(self.prey);
        }
        self.allies.append(&mut self.recruited);
        actions
    }

    /// Whether action `choice` (a hand index, or [`PLAIN`]) is a bleed.
    fn is_bleed(&self, choice: usize) -> bool {
        choice == PLAIN
            || self.cards[usize::from(self.hand[choice])].effect == Some(EffectKind::Bleed)
    }

    /// Whether action `choice` (a hand index, or [`PLAIN`]) is a political
    /// action.
    fn is_political(&self, choice: usize) -> bool {
        choice != PLAIN
            && matches!(
                self.cards[usize::from(self.hand[choice])].effect,
                Some(EffectKind::Vote | EffectKind::VoteTake)
            )
    }

    /// Whether vampire `v` can play `card` as an action or modifier now.
    fn usable(&self, v: usize, c: u16) -> bool {
        let card = &self.cards[usize::from(c)];
        let vampire = self.vampires[v];
        card.class != MASTER_CLASS
            && self.can_play(&vampire, card.class)
            && (!card.conditioned || self.meets(c, vampire.kind))
            && self.affordable(card, vampire.blood)
            && !self.used.contains(&c)
    }

    /// The action vampire `v` takes: the hand index of the action card that
    /// takes the most pool (bleed, vote) or gains the most, ties to the card
    /// (it cycles the hand); a plain bleed (`PLAIN`) if none is better and it
    /// has not bled plainly this turn yet; `None` when nothing is left. A
    /// bleed bonus is worth its bleed times the turns left after this one.
    fn best_action(&self, v: usize, done: Done) -> Option<usize> {
        let Vampire {
            bonus, plain_bonus, ..
        } = self.vampires[v];
        let mut best: Option<(usize, u32)> =
            (!done.bled).then_some((PLAIN, 1 + bonus.max(plain_bonus)));
        for (index, &c) in self.hand.iter().enumerate() {
            let card = &self.cards[usize::from(c)];
            let value = match card.effect {
                Some(EffectKind::Bleed) if !done.bled => 1 + bonus + card.amount + card.gain,
                Some(EffectKind::ActionPool) => card.gain,
                Some(EffectKind::Vote) if !done.voted => card.amount + card.gain,
                Some(EffectKind::VoteTake) if !done.voted && self.prey > self.pool => {
                    2 * card.amount
                }
                Some(EffectKind::Ally) if !(card.unique && self.unique_in_play.contains(&c)) => {
                    1 + card.amount
                }
                Some(EffectKind::BleedBonus | EffectKind::BleedEquipment | EffectKind::Cycle) => {
                    self.equip_value(v, c)
                }
                Some(EffectKind::TutorEquipment) => match self.tutor_target(v, card) {
                    Some((_, value)) => value,
                    None => continue,
                },
                Some(EffectKind::ClanBlood)
                    if self
                        .influence
                        .free_blood_target_of(false, |kind, _| self.meets(c, kind))
                        .is_some() =>
                {
                    card.amount
                }
                Some(EffectKind::Embrace) => self.turns_left(),
                Some(EffectKind::PreyBurn) if self.prey_burn == 0 => {
                    card.amount * self.turns_left()
                }
                _ => continue,
            };
            if value == 0 {
                continue;
            }
            if best.is_some_and(|(_, b)| value < b) || !self.usable(v, c) {
                continue;
            }
            if best.is_none_or(|(i, b)| value > b || i == PLAIN) {
                best = Some((index, value));
            }
        }
        best.map(|(index, _)| index)
    }

    /// What card `c` (a `bleed_bonus`, `bleed_equipment` or `cycle` card) is
    /// worth on vampire `v`: its bleed (`bleed_equipment`: what it adds to
    /// the plain bleed; `cycle`: 1) times the turns left after this one; 0
    /// when the vampire has it or a unique one is in play.
    fn equip_value(&self, v: usize, c: u16) -> u32 {
        let card = &self.cards[usize::from(c)];
        if self.attached.contains(&(v, c)) || card.unique && self.unique_in_play.contains(&c) {
            return 0;
        }
        let vampire = &self.vampires[v];
        let left = self.turns_left();
        match card.effect {
            Some(EffectKind::BleedBonus) => card.amount * left,
            Some(EffectKind::BleedEquipment) => {
                card.amount
                    .saturating_sub(vampire.plain_bonus.max(vampire.bonus))
                    * left
            }
            Some(EffectKind::Cycle) => left,
            _ => 0,
        }
    }

    /// Puts card `c` (a `bleed_bonus`, `bleed_equipment` or `cycle` card) on
    /// vampire `v` (its cost paid).
    fn equip(&mut self, v: usize, c: u16) {
        let card = self.cards[usize::from(c)];
        if card.unique {
            self.unique_in_play.push(c);
        }
        match card.effect {
            Some(EffectKind::BleedBonus) => {
                self.attached.push((v, c));
                self.vampires[v].bonus += card.amount;
            }
            Some(EffectKind::BleedEquipment) => {
                self.attached.push((v, c));
                let vampire = &mut self.vampires[v];
                vampire.plain_bonus = vampire.plain_bonus.max(card.amount);
            }
            Some(EffectKind::Cycle) => self.cycles.push(card.amount),
            _ => {}
        }
    }

    /// The equipment card a `tutor_equipment` card (`tutor`, its cost still
    /// to pay) finds in the library for vampire `v`: the library position
    /// of the one worth most ([`Game::equip_value`]) that `v` can play and
    /// pay with the tutor's cost, and its worth.
    fn tutor_target(&self, v: usize, tutor: &LibCard) -> Option<(usize, u32)> {
        let vampire = self.vampires[v];
        let mut best: Option<(usize, u32)> = None;
        for position in self.next..self.library.len() + self.bottom.len() {
            if self.searched.contains(&position) {
                continue;
            }
            let Some(c) = self.library_card(position) else {
                continue;
            };
            let card = &self.cards[usize::from(c)];
            if !card.equipment
                || card.x_cost
                || card.pool_cost + tutor.pool_cost >= self.pool
                || card.blood_cost.saturating_add(tutor.blood_cost) > vampire.blood
                || !self.can_play(&vampire, card.class)
                || (card.conditioned && !self.meets(c, vampire.kind))
            {
                continue;
            }
            let value = self.equip_value(v, c);
            if value > 0 && best.is_none_or(|(_, b)| value > b) {
                best = Some((position, value));
            }
        }
        best
    }

    /// Vampire `v` takes the action `choice`, with the bleed modifiers it can
    /// add on a bleed.
    fn act(&mut self, v: usize, choice: usize) {
        let (mut bleed, mut taken, mut gain) = (0, 0, 0);
        let mut vote = false;
        if choice == PLAIN {
            // At the larger of its equipment's bleed and its other bonus
            // (added below).
            let vampire = self.vampires[v];
            bleed = 1 + vampire.plain_bonus.saturating_sub(vampire.bonus);
        } else {
            let c = self.hand[choice];
            self.used.push(c);
            let card = self.play_card(choice);
            self.vampires[v].blood -= card.blood_cost;
            match card.effect {
                Some(EffectKind::Bleed) => {
                    bleed = 1 + card.amount;
                    gain = card.gain;
                }
                Some(EffectKind::ActionPool) => gain = card.gain,
                Some(EffectKind::Vote) => {
                    taken = card.amount;
                    gain = card.gain;
                    vote = true;
                }
                Some(EffectKind::VoteTake) => {
                    taken = card.amount.min(self.prey);
                    gain = taken;
                    vote = true;
                }
                Some(EffectKind::ClanBlood) => {
                    let deck = self.deck;
                    self.influence
                        .add_free_blood_of(card.amount, false, |kind, _| {
                            deck.meets[usize::from(c)]
                                .get(usize::from(kind))
                                .copied()
                                .unwrap_or(false)
                        });
                }
                Some(EffectKind::Embrace) => {
                    let blood = u8::try_from(card.amount).unwrap_or(1).min(1);
                    self.vampires
                        .push(Vampire::new(EMBRACED, blood, 1, self.turn));
                }
                Some(EffectKind::BleedBonus | EffectKind::BleedEquipment | EffectKind::Cycle) => {
                    self.equip(v, c);
                }
                Some(EffectKind::TutorEquipment) => {
                    // Its own cost is paid: the equipment's applies.
                    let free = LibCard {
                        pool_cost: 0,
                        blood_cost: 0,
                        ..card
                    };
                    if let Some((position, _)) = self.tutor_target(v, &free) {
                        self.searched.push(position);
                        if let Some(e) = self.library_card(position) {
                            let equipment = self.cards[usize::from(e)];
                            self.pool -= equipment.pool_cost;
                            self.vampires[v].blood -= equipment.blood_cost;
                            self.equip(v, e);
                        }
                    }
                }
                Some(EffectKind::PreyBurn) => self.prey_burn = self.prey_burn.max(card.amount),
                Some(EffectKind::Ally) => {
                    if card.unique {
                        self.unique_in_play.push(c);
                    }
                    self.recruited.push(card.amount);
                }
                _ => {}
            }
        }
        if bleed > 0 {
            let kind = self.vampires[v].kind;
            let clan: u32 = self
                .clan_bleeds
                .iter()
                .filter(|&&(c, _)| self.meets(c, kind))
                .map(|&(c, _)| self.cards[usize::from(c)].amount)
                .sum();
            bleed += self.vampires[v].bonus + clan + self.modifiers(v);
        }
        self.prey -= (bleed + taken).min(self.prey);
        self.pool += gain;
        if vote {
            self.vote_modifiers(v);
        }
        if bleed > 0 {
            self.cog_after_bleed(v);
        }
    }

    /// After a successful bleed of vampire `v`: puts a `cog` card on it if
    /// it can play one and has none.
    fn cog_after_bleed(&mut self, v: usize) {
        if self.vampires[v].cog {
            return;
        }
        let Some(index) = self.hand.iter().position(|&c| {
            let card = &self.cards[usize::from(c)];
            card.effect == Some(EffectKind::Cog)
                && !(card.unique && self.unique_in_play.contains(&c))
                && self.usable(v, c)
        }) else {
            return;
        };
        let c = self.hand[index];
        self.used.push(c);
        let card = self.play_card(index);
        if card.unique {
            self.unique_in_play.push(c);
        }
        let vampire = &mut self.vampires[v];
        vampire.blood -= card.blood_cost;
        vampire.bonus += card.amount;
        vampire.cog = true;
    }

    /// On a vote of vampire `v`: plays the `vote_pool` and `vote_blood`
    /// modifiers it can (each card once).
    fn vote_modifiers(&mut self, v: usize) {
        while let Some(index) = self.hand.iter().position(|&c| {
            matches!(
                self.cards[usize::from(c)].effect,
                Some(EffectKind::VoteBlood | EffectKind::VotePool)
            ) && self.usable(v, c)
        }) {
            self.used.push(self.hand[index]);
            let card = self.play_card(index);
            self.vampires[v].blood -= card.blood_cost;
            if card.effect == Some(EffectKind::VotePool) {
                self.pool += card.amount;
            } else {
                self.gain_blood(v, card.amount);
            }
        }
    }

    /// Plays the bleed modifiers vampire `v` can on its bleed: the largest
    /// limited one, then every other (one copy of a card per action).
    fn modifiers(&mut self, v: usize) -> u32 {
        let mut added = 0;
        let mut limited_played = false;
        if let Some(law) = self
            .combat_bleed
            .filter(|&law| self.meets(law, self.vampires[v].kind))
        {
            // A combat card the game does not play, discarded and replaced.
            if let Some(index) = self.hand.iter().position(|&c| {
                let card = &self.cards[usize::from(c)];
                card.combat && card.coverage != CardClass::Modelled
            }) {
                self.replace(index);
                added += self.cards[usize::from(law)].amount;
            }
        }
        loop {
            let mut best: Option<(usize, u32)> = None;
            for (index, &c) in self.hand.iter().enumerate() {
                let card = &self.cards[usize::from(c)];
                if card.effect != Some(EffectKind::BleedMod)
                    || (card.limited && limited_played)
                    || best.is_some_and(|(_, b)| card.amount <= b)
                    || !self.usable(v, c)
                {
                    continue;
                }
                best = Some((index, card.amount));
            }
            let Some((index, amount)) = best else {
                return added;
            };
            self.used.push(self.hand[index]);
            let card = self.play_card(index);
            self.vampires[v].blood -= card.blood_cost;
            limited_played |= card.limited;
            added += amount;
        }
    }

    /// After a successful action: plays an unlock card if vampire `v` has one
    /// and an action left to take; returns whether it unlocked.
    fn unlock(&mut self, v: usize, done: Done) -> bool {
        let Some(index) = self.hand.iter().position(|&c| {
            self.cards[usize::from(c)].effect == Some(EffectKind::Unlock) && self.usable(v, c)
        }) else {
            return false;
        };
        let c = self.hand[index];
        // Would it act again? Checked with the unlock card still in hand
        // (it is no action card, so it changes nothing).
        if self.best_action(v, done).is_none() {
            return false;
        }
        self.used.push(c);
        let card = self.play_card(index);
        self.vampires[v].blood -= card.blood_cost;
        true
    }

    /// The influence phase's locks: each `lock_blood` card in play adds its
    /// blood (one use; burned after the last, a unique one can come again),
    /// each `clan_influence_blood` location its blood on a vampire of its clan.
    fn lock_blood(&mut self) {
        let mut i = 0;
        while i < self.locks.len() {
            let (c, uses) = self.locks[i];
            let amount = self.cards[usize::from(c)].amount;
            if uses > 0 && self.influence.add_free_blood(amount, 0, false) {
                self.locks[i].1 -= 1;
            }
            if self.locks[i].1 == 0 {
                self.locks.swap_remove(i);
                self.unique_in_play.retain(|&u| u != c);
            } else {
                i += 1;
            }
        }
        for i in 0..self.clan_locations.len() {
            let c = self.clan_locations[i];
            let amount = self.cards[usize::from(c)].amount;
            let deck = self.deck;
            self.influence.add_free_blood_of(amount, false, |kind, _| {
                deck.meets[usize::from(c)]
                    .get(usize::from(kind))
                    .copied()
                    .unwrap_or(false)
            });
        }
    }

    /// How readily the discard phase throws card `c` away: inert 3, not
    /// modelled 2, a modelled card no vampire in play can play 1; `None`
    /// for a card to keep.
    fn discard_rank(&self, c: u16) -> Option<u8> {
        let card = &self.cards[usize::from(c)];
        match card.coverage {
            CardClass::Inert => Some(3),
            CardClass::NotModelled => Some(2),
            CardClass::Modelled
                if card.class != MASTER_CLASS
                    && !self.vampires.iter().any(|v| self.can_play(v, card.class)) =>
            {
                Some(1)
            }
            CardClass::Modelled => None,
        }
    }

    /// The hand index of the card the discard phase throws away first.
    fn worst_in_hand(&self) -> Option<usize> {
        let mut worst: Option<(usize, u8)> = None;
        for (index, &c) in self.hand.iter().enumerate() {
            let Some(rank) = self.discard_rank(c) else {
                continue;
            };
            if worst.is_none_or(|(_, r)| rank > r) {
                worst = Some((index, rank));
            }
        }
        worst.map(|(index, _)| index)
    }

    /// Discards one card no vampire in play can use (inert first, then not
    /// modelled, then a modelled card none of them can play), one more for
    /// each `discard` location; draws back.
    fn discard_phase(&mut self) {
        for (c, counters) in &mut self.clan_bleeds {
            *counters = counters.saturating_sub(1);
            if *counters == 0 {
                self.unique_in_play.retain(|u| u != c);
            }
        }
        self.clan_bleeds.retain(|&(_, counters)| counters > 0);
        for _ in 0..=self.extra_discards {
            let Some(index) = self.worst_in_hand() else {
                break;
            };
            self.replace(index);
        }
    }
}

impl SeatGame for Game<'_> {
    type Tally = Tally;

    /// Shuffles the crypt with `rng` (as `transfers` does: the same seed
    /// gives the same crypts) and the library with the game's own source.
    fn deal(&mut self, rng: &mut SimRng) {
        self.influence.shuffle(rng);
        let rng = &mut self.library_rng;
        let n = self.library.len();
        for i in 0..n.saturating_sub(1) {
            let j = i + below(rng, n - i);
            self.library.swap(i, j);
        }
    }

    /// Plays one game of one seat on the current crypt and library orders.
    fn play(&mut self, seat: u8, tally: &mut Tally) {
        self.influence.start();
        self.hand.clear();
        self.vampires.clear();
        self.next = 0;
        self.bottom.clear();
        for _ in 0..OPENING_HAND {
            self.draw();
        }
        self.pool = STARTING_POOL;
        self.prey = PREY_POOL;
        self.dolls = 0;
        self.extra_transfers = 0;
        self.free_blood = 0;
        self.extra_master_actions = 0;
        self.tablets = 0;
        self.unique_in_play.clear();
        self.allies.clear();
        self.recruited.clear();
        self.attached.clear();
        self.locks.clear();
        self.clan_locations.clear();
        self.fill_played = false;
        self.cycles.clear();
        self.unlock_blood.clear();
        self.empties.clear();
        self.grounds.clear();
        self.transfer_pools.clear();
        self.clan_bleeds.clear();
        self.combat_bleed = None;
        self.searched.clear();
        self.prey_burn = 0;
        self.extra_discards = 0;
        for turn in 0..self.turns as usize {
            self.turn = turn as u32;
            let prey_before = self.prey;
            self.unlock_phase();
            self.master_phase();
            let actions = self.minion_phase();
            let transfers = self.extra_transfers
                + if turn == 0 {
                    first_turn_transfers(seat)
                } else {
                    TRANSFERS_PER_TURN
                };
            if self.free_blood > 0 {
                self.influence.add_free_blood(self.free_blood, 0, false);
            }
            self.lock_blood();
            let vampires = &mut self.vampires;
            let tables = self.tables;
            let since = self.turn;
            let mut left = self
                .influence
                .phase(transfers, &mut self.pool, false, |came_out| {
                    let capacity = tables.crypt[usize::from(came_out.kind)].capacity;
                    vampires.push(Vampire::new(came_out.kind, capacity, capacity, since));
                });
            // The transfers left burn `transfer_pool` cards for pool.
            while let Some(&c) = self.transfer_pools.last() {
                let card = self.cards[usize::from(c)];
                if left < card.amount {
                    break;
                }
                left -= card.amount;
                self.pool += card.gain;
                self.transfer_pools.pop();
            }
            self.discard_phase();
            let bled = PREY_POOL - self.prey;
            tally.bled[turn][bled as usize] += 1;
            tally.ousted[turn] += u64::from(self.prey == 0);
            tally.pool[turn] += u64::from(self.pool);
            tally.ready[turn] += self.vampires.len() as u64;
            tally.actions[turn] += u64::from(actions);
            if prey_before == PREY_POOL && self.prey < PREY_POOL {
                tally.first_bleed[turn] += 1;
            }
            if prey_before > 0 && self.prey == 0 {
                tally.oust_turn[turn] += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! The new kinds' moves, on a game whose hand, vampires and library the
    //! test sets (nothing shuffled): the figures are worked out by hand.

    use super::*;
    use crate::seed::Seed;
    use crate::testing::{deck_of, fixture_db};
    use crate::transfers::Policy;

    /// Runs `test` on a fresh game of the deck (in deck order, unshuffled)
    /// with the effects of `table`, under `policy`.
    fn with_game(cards: &[(u32, u32)], table: &str, policy: Policy, test: impl FnOnce(&mut Game)) {
        with_cards(cards, table, policy, |_| {}, test);
    }

    /// As [`with_game`], with the cards as `change` leaves them.
    fn with_cards(
        cards: &[(u32, u32)],
        table: &str,
        policy: Policy,
        change: impl FnOnce(&mut DeckCards),
        test: impl FnOnce(&mut Game),
    ) {
        let db = fixture_db();
        let deck = deck_of(&db, cards);
        let tables = DeckTables::new(&deck, &db).unwrap();
        let effects = EffectTable::parse(table).unwrap();
        let mut deck_cards = DeckCards::of_deck(&tables, &db, &effects);
        change(&mut deck_cards);
        let options = TransferOptions {
            policy,
            ..TransferOptions::default()
        };
        let mut game = Game::new(&tables, &deck_cards, &options, &Seed(1).chunk_rng(0));
        // Nothing to draw unless the test says so.
        game.library.clear();
        test(&mut game);
    }

    /// The index into `cards` of library card `id`.
    fn card(game: &Game, id: u32) -> u16 {
        let index = game.tables.library.iter().position(|k| k.id.0 == id);
        index.unwrap() as u16
    }

    /// The crypt kind of crypt card `id`.
    fn kind(game: &Game, id: u32) -> u16 {
        game.tables.crypt.iter().position(|k| k.id.0 == id).unwrap() as u16
    }

    const THEO: u32 = 200008;
    const DARIO: u32 = 200004;
    const TRIFLE: u32 = 100002;
    const HAVEN: u32 = 100001;
    const BLEED: u32 = 100003;
    const VOTE: u32 = 100013;
    const PARTY: u32 = 100011;
    const PUNCH: u32 = 100004;
    const DUO: u32 = 100006;

    #[test]
    fn a_vote_blood_modifier_gives_blood_after_the_vote_up_to_capacity() {
        // Theo (7) with 3 blood votes (Test Vote, the prey burns 1: a tie
        // with his plain bleed goes to the card), then Test Bleed read as
        // Voter Captivation gives him 1 blood: 4. Two copies: one per action.
        let table = "100013\tTest Vote\tvote\t1\t0\tx\n100003\tTest Bleed\tvote_blood\t1\t0\tx\n";
        let cards = [(THEO, 12), (VOTE, 1), (BLEED, 2)];
        with_game(&cards, table, Policy::Cheapest, |game| {
            let (vote, bleed) = (card(game, VOTE), card(game, BLEED));
            game.hand = vec![vote, bleed, bleed];
            game.vampires.push(Vampire::new(kind(game, THEO), 3, 7, 0));
            game.minion_phase();
            assert_eq!((game.prey, game.vampires[0].blood), (29, 4));
            assert_eq!(game.hand, [bleed]);
        });
        // At capacity, the blood is lost.
        with_game(&cards, table, Policy::Cheapest, |game| {
            game.hand = vec![card(game, VOTE), card(game, BLEED)];
            game.vampires.push(Vampire::new(kind(game, THEO), 7, 7, 0));
            game.minion_phase();
            assert_eq!((game.prey, game.vampires[0].blood), (29, 7));
        });
    }

    #[test]
    fn a_tap_moves_all_but_one_blood_of_the_fullest_vampire() {
        // Test Trifle read as Minion Tap: Theo 7 and Dario 5 blood. The
        // first tap moves 6 of Theo's (pool 36), the trifle's extra action a
        // second one 4 of Dario's (40); a third copy waits (no action left).
        let table = "100002\tTest Trifle\ttap\t0\t0\tx\n";
        with_game(
            &[(THEO, 6), (DARIO, 6), (TRIFLE, 3)],
            table,
            Policy::Cheapest,
            |game| {
                let trifle = card(game, TRIFLE);
                game.hand = vec![trifle; 3];
                game.vampires.push(Vampire::new(kind(game, THEO), 7, 7, 0));
                game.vampires.push(Vampire::new(kind(game, DARIO), 5, 7, 0));
                game.master_phase();
                assert_eq!(game.pool, 40);
                assert_eq!((game.vampires[0].blood, game.vampires[1].blood), (1, 1));
                assert_eq!(game.hand.len(), 1);
                // Vampires with 2 blood or less: moving 1 is not worth a card.
                game.vampires[0].blood = 2;
                game.master_phase();
                assert_eq!((game.pool, game.hand.len()), (40, 1));
            },
        );
    }

    #[test]
    fn a_fill_blood_card_fills_a_vampire_once_a_game() {
        // Test Trifle read as Giant's Blood: Theo (7) with 3 blood gains 4;
        // the trifle's extra action cannot play the second copy (one a game).
        let table = "100002\tTest Trifle\tfill_blood\t0\t0\tx\n";
        with_game(
            &[(THEO, 12), (TRIFLE, 2)],
            table,
            Policy::Cheapest,
            |game| {
                game.hand = vec![card(game, TRIFLE); 2];
                game.vampires.push(Vampire::new(kind(game, THEO), 3, 7, 0));
                game.master_phase();
                assert_eq!((game.vampires[0].blood, game.hand.len()), (7, 1));
            },
        );
        // Missing 2 blood: not worth it.
        with_game(
            &[(THEO, 12), (TRIFLE, 2)],
            table,
            Policy::Cheapest,
            |game| {
                game.hand = vec![card(game, TRIFLE); 2];
                game.vampires.push(Vampire::new(kind(game, THEO), 5, 7, 0));
                game.master_phase();
                assert_eq!((game.vampires[0].blood, game.hand.len()), (5, 2));
            },
        );
    }

    #[test]
    fn an_archetype_gives_one_blood_after_the_first_action_of_a_turn() {
        // Test Trifle read as Perfectionist goes on Theo (5 blood); his plain
        // bleed succeeds: 6 blood, the prey 29. Next turn again: 7, then the
        // capacity holds him at 7.
        let table = "100002\tTest Trifle\tarchetype_blood\t1\t0\tx\n";
        with_game(
            &[(THEO, 12), (TRIFLE, 1)],
            table,
            Policy::Cheapest,
            |game| {
                game.hand = vec![card(game, TRIFLE)];
                game.vampires.push(Vampire::new(kind(game, THEO), 5, 7, 0));
                game.master_phase();
                game.minion_phase();
                assert_eq!((game.prey, game.vampires[0].blood), (29, 6));
                game.minion_phase();
                game.minion_phase();
                assert_eq!((game.prey, game.vampires[0].blood), (27, 7));
            },
        );
    }

    #[test]
    fn an_unlock_blood_location_fills_the_biggest_vampire_each_unlock_phase() {
        // Test Haven (1 pool) read as The Rack: chosen among Dario (7, 3
        // blood) and Theo (7, 6 blood, in play first): Theo (the first of
        // the biggest). Unlock phases: 6 -> 7 (capacity), Dario unchanged.
        let table = "100001\tTest Haven\tunlock_blood\t2\t0\tx\n";
        with_game(
            &[(THEO, 6), (DARIO, 6), (HAVEN, 1)],
            table,
            Policy::Cheapest,
            |game| {
                game.hand = vec![card(game, HAVEN)];
                game.vampires.push(Vampire::new(kind(game, THEO), 6, 7, 0));
                game.vampires.push(Vampire::new(kind(game, DARIO), 3, 7, 0));
                game.master_phase();
                assert_eq!(game.pool, 29);
                game.unlock_phase();
                game.unlock_phase();
                assert_eq!((game.vampires[0].blood, game.vampires[1].blood), (7, 3));
                game.vampires[0].blood = 1;
                game.unlock_phase();
                assert_eq!(game.vampires[0].blood, 3);
            },
        );
    }

    #[test]
    fn cycling_draws_as_many_cards_as_the_hand_has_to_throw_and_puts_those_back() {
        // Test Bleed read as Heart of Nizchetus (3 cards): Theo equips it (worth
        // 7 turns left, more than his plain bleed). The hand then holds two
        // Test Party (not modelled) and a Test Punch (inert): the unlock phase
        // draws 3 (two Test Duo and a Test Party), then puts back the Punch
        // and two of the three Parties: two Duos and a Party are left, and
        // the library draws the Punch next.
        let table = "100003\tTest Bleed\tcycle\t3\t0\tx\n100006\tTest Duo\tbleed_mod\t1\t0\tx\n";
        let cards = [(THEO, 12), (BLEED, 1), (PARTY, 3), (PUNCH, 1), (DUO, 2)];
        with_game(&cards, table, Policy::Cheapest, |game| {
            let (party, punch, duo) = (card(game, PARTY), card(game, PUNCH), card(game, DUO));
            game.hand = vec![card(game, BLEED), party, party, punch];
            game.vampires.push(Vampire::new(kind(game, THEO), 7, 7, 0));
            game.minion_phase();
            assert_eq!(game.prey, 30);
            game.library = vec![duo, party, duo];
            game.next = 0;
            game.unlock_phase();
            let mut hand = game.hand.clone();
            hand.sort_unstable();
            let mut expected = vec![duo, duo, party];
            expected.sort_unstable();
            assert_eq!(hand, expected);
            assert_eq!(game.bottom.len(), 3);
            assert!(game.draw());
            assert_eq!(game.hand.last(), Some(&punch));
        });
    }

    #[test]
    fn a_discard_location_throws_one_more_card_and_a_hand_size_one_holds_one_more() {
        // Test Haven read as The Barrens: the discard phase throws the Punch
        // and a Party (no draw left): one Party is left.
        let cards = [(THEO, 12), (HAVEN, 1), (PARTY, 2), (PUNCH, 1)];
        let table = "100001\tTest Haven\tdiscard\t1\t0\tx\n";
        with_game(&cards, table, Policy::Cheapest, |game| {
            let (party, punch) = (card(game, PARTY), card(game, PUNCH));
            game.hand = vec![card(game, HAVEN), party, party, punch];
            game.master_phase();
            game.discard_phase();
            assert_eq!(game.hand, [party]);
        });
        // Read as Elder Library (+1 hand size): played, it is replaced and
        // one more card is drawn: 2 cards in hand where there was 1.
        let table = "100001\tTest Haven\thand_size\t1\t0\tx\n";
        with_game(&cards, table, Policy::Cheapest, |game| {
            let party = card(game, PARTY);
            game.hand = vec![card(game, HAVEN)];
            game.library = vec![party, party, party];
            game.master_phase();
            assert_eq!(game.hand, [party, party]);
        });
    }

    #[test]
    fn a_crypt_draw_brings_the_next_crypt_card_to_the_uncontrolled_region() {
        // Crypt in deck order: four Alma (1, unique), then Ivo (2). Without
        // the card, 4 transfers bring one Alma out (the others are copies)
        // and 3 are lost; Test Trifle read as Effective Management deals Ivo,
        // and the same 4 transfers bring Alma and Ivo out (1 + 2).
        let table = "100002\tTest Trifle\tcrypt_draw\t0\t0\tx\n";
        let cards = [(200001, 4), (200011, 1), (TRIFLE, 1)];
        for (hand, out) in [(true, 2), (false, 1)] {
            with_game(&cards, table, Policy::Cheapest, |game| {
                game.influence.start();
                if hand {
                    game.hand = vec![card(game, TRIFLE)];
                }
                game.master_phase();
                let mut pool = 30;
                let mut came_out = 0;
                game.influence.phase(4, &mut pool, false, |_| came_out += 1);
                assert_eq!(came_out, out, "with the card: {hand}");
            });
        }
    }

    #[test]
    fn clan_blood_goes_to_an_uncontrolled_vampire_of_the_card_s_clan() {
        // Test Brujah Pride (Brujah, 2 blood) read as Thing: Bruno (Brujah,
        // 3 blood) adds 2 blood to Theo (Brujah), not to an Ivo (Caitiff);
        // under the biggest policy 5 transfers then fill Theo (7): out.
        let table = "100008\tTest Brujah Pride\tclan_blood\t2\t0\tx\n";
        let pride = 100008;
        let cards = [(THEO, 1), (200011, 3), (200002, 1), (pride, 1)];
        with_game(&cards, table, Policy::Biggest, |game| {
            game.influence.start();
            game.hand = vec![card(game, pride)];
            game.vampires
                .push(Vampire::new(kind(game, 200002), 3, 3, 0));
            game.minion_phase();
            assert_eq!((game.prey, game.vampires[0].blood), (30, 1));
            let mut pool = 30;
            let mut out = Vec::new();
            game.influence
                .phase(5, &mut pool, false, |c| out.push(c.kind));
            assert_eq!(out, [kind(game, THEO)]);
        });
        // No Brujah in the uncontrolled region: Bruno bleeds instead.
        let cards = [(200011, 4), (200002, 1), (pride, 1)];
        with_game(&cards, table, Policy::Biggest, |game| {
            game.influence.start();
            game.hand = vec![card(game, pride)];
            game.vampires
                .push(Vampire::new(kind(game, 200002), 3, 3, 0));
            game.minion_phase();
            assert_eq!((game.prey, game.vampires[0].blood), (29, 3));
        });
    }

    #[test]
    fn a_clan_location_adds_blood_to_a_vampire_of_its_clan_only() {
        // Test Brujah Pride's clan (Brujah) for a location read as
        // Ecoterrorists, in play: each influence phase 1 blood on Theo, the
        // one Brujah; under the biggest policy, 6 transfers then fill him.
        let table = "100008\tTest Brujah Pride\tclan_influence_blood\t1\t0\tx\n";
        let pride = 100008;
        let cards = [(200011, 3), (THEO, 1), (pride, 1)];
        with_game(&cards, table, Policy::Biggest, |game| {
            game.influence.start();
            game.clan_locations.push(card(game, pride));
            game.lock_blood();
            let mut pool = 30;
            let mut out = Vec::new();
            game.influence
                .phase(6, &mut pool, false, |c| out.push(c.kind));
            assert_eq!(out, [kind(game, THEO)]);
            assert_eq!(pool, 24);
        });
    }

    #[test]
    fn an_empty_blood_card_fills_the_first_vampire_left_with_no_blood_and_goes() {
        // Test Haven (unique, 1 pool) read as Jake Washington (4 blood): in
        // play while no vampire is empty; then Theo and Dario (7) both have
        // none: Theo (first in play) gains 4 and the card is burned.
        let table = "100001\tTest Haven\tempty_blood\t4\t0\tx\n";
        with_game(
            &[(THEO, 6), (DARIO, 6), (HAVEN, 1)],
            table,
            Policy::Cheapest,
            |game| {
                game.hand = vec![card(game, HAVEN)];
                game.vampires.push(Vampire::new(kind(game, THEO), 3, 7, 0));
                game.vampires.push(Vampire::new(kind(game, DARIO), 0, 7, 0));
                game.vampires[1].blood = 2;
                game.master_phase();
                assert_eq!(game.pool, 29);
                game.unlock_phase();
                assert_eq!(game.empties.len(), 1);
                game.vampires[0].blood = 0;
                game.vampires[1].blood = 0;
                game.unlock_phase();
                assert_eq!((game.vampires[0].blood, game.vampires[1].blood), (4, 0));
                assert!(game.empties.is_empty() && game.unique_in_play.is_empty());
            },
        );
    }

    #[test]
    fn a_cog_goes_on_after_a_bleed_and_gives_bleed_and_one_more_action() {
        // Test Duo (Potence & Presence, 1 blood) read as Enkil Cog: Theo
        // bleeds 1 (prey 29), then puts it on (6 blood); nothing else to do.
        // Next turn: his bleed at +1 (27), the cog's action a vote (26).
        let table = "100006\tTest Duo\tcog\t1\t0\tx\n100013\tTest Vote\tvote\t1\t0\tx\n";
        with_game(
            &[(THEO, 12), (DUO, 1), (VOTE, 1)],
            table,
            Policy::Cheapest,
            |game| {
                game.hand = vec![card(game, DUO)];
                game.vampires.push(Vampire::new(kind(game, THEO), 7, 7, 0));
                assert_eq!(game.minion_phase(), 1);
                assert_eq!((game.prey, game.vampires[0].blood), (29, 6));
                game.hand = vec![card(game, VOTE)];
                assert_eq!(game.minion_phase(), 2);
                assert_eq!(game.prey, 26);
            },
        );
    }

    #[test]
    fn a_bleed_equipment_s_bleed_and_a_bleed_bonus_do_not_add() {
        // Test Bleed read as Camera Phone (+1): equipped (worth 7 turns),
        // then Theo's plain bleed is 2 (prey 28). Test Vote read as a +1
        // bleed retainer: taken (worth 7), then his bleed is still 2 (26),
        // the larger of the two.
        let table = "100003\tTest Bleed\tbleed_equipment\t1\t0\tx\n100013\tTest Vote\tbleed_bonus\t1\t0\tx\n";
        with_game(
            &[(THEO, 12), (BLEED, 1), (VOTE, 1)],
            table,
            Policy::Cheapest,
            |game| {
                game.hand = vec![card(game, BLEED)];
                game.vampires.push(Vampire::new(kind(game, THEO), 7, 7, 0));
                game.minion_phase();
                assert_eq!(game.prey, 30);
                game.minion_phase();
                assert_eq!(game.prey, 28);
                game.hand = vec![card(game, VOTE)];
                game.minion_phase();
                assert_eq!(game.prey, 28);
                game.minion_phase();
                assert_eq!(game.prey, 26);
            },
        );
    }

    const BRUNO: u32 = 200002;
    const PRIDE: u32 = 100008;
    const SWORD: u32 = 100010;
    const DODGE: u32 = 100005;

    #[test]
    fn a_hunting_ground_feeds_the_vampire_of_its_requirement_missing_the_most() {
        // Test Brujah Pride's requirement (Brujah) for a location read as
        // Carfax Abbey (1 blood), in play: Dario (Toreador) is not fed; Bruno
        // (3, 1 blood) misses more than Theo (7, 6): 2; then both miss 1,
        // Theo is first in play: 7.
        let table = "100008\tTest Brujah Pride\tground_blood\t1\t0\tx\n";
        let cards = [(THEO, 4), (DARIO, 4), (BRUNO, 4), (PRIDE, 1)];
        with_game(&cards, table, Policy::Cheapest, |game| {
            game.grounds.push(card(game, PRIDE));
            game.vampires.push(Vampire::new(kind(game, DARIO), 2, 7, 0));
            game.vampires.push(Vampire::new(kind(game, THEO), 6, 7, 0));
            game.vampires.push(Vampire::new(kind(game, BRUNO), 1, 3, 0));
            game.unlock_phase();
            game.unlock_phase();
            let blood: Vec<u8> = game.vampires.iter().map(|v| v.blood).collect();
            assert_eq!(blood, [2, 7, 2]);
        });
    }

    #[test]
    fn a_combat_bleed_card_turns_a_combat_card_into_one_bleed_for_its_clan() {
        // Test Brujah Pride's requirement (Brujah) for a card read as Haqim's
        // Law: Retribution, in play: Theo (Brujah) discards Test Punch for a
        // bleed of 2 (prey 28), Dario (Toreador) bleeds 1 (27), Test Dodge
        // is left.
        let table = "100008\tTest Brujah Pride\tcombat_bleed\t1\t0\tx\n";
        let cards = [(THEO, 6), (DARIO, 6), (PRIDE, 1), (PUNCH, 1), (DODGE, 1)];
        with_game(&cards, table, Policy::Cheapest, |game| {
            game.combat_bleed = Some(card(game, PRIDE));
            game.hand = vec![card(game, PUNCH), card(game, DODGE)];
            game.vampires.push(Vampire::new(kind(game, THEO), 7, 7, 0));
            game.vampires.push(Vampire::new(kind(game, DARIO), 7, 7, 0));
            game.minion_phase();
            assert_eq!(game.prey, 27);
            assert_eq!(game.hand, [card(game, DODGE)]);
        });
    }

    #[test]
    fn a_tutor_equips_the_library_s_equipment_and_it_is_never_drawn() {
        // Test Bleed read as Magic of the Smith, Test Sword (made 1 pool, no
        // X) as a +1 bleed equipment: Theo takes it from the library (worth
        // 7 turns): pool 29, no bleed; then his bleed is 2. The library
        // (Party, Sword, Party) gives the two Parties, not the Sword.
        let table = "100003\tTest Bleed\ttutor_equipment\t0\t0\tx\n100010\tTest Sword\tbleed_bonus\t1\t0\tx\n";
        let cards = [(THEO, 12), (BLEED, 1), (SWORD, 1), (PARTY, 2)];
        let change = |deck: &mut DeckCards| {
            for card in &mut deck.cards {
                if card.equipment {
                    card.x_cost = false;
                    card.pool_cost = 1;
                }
            }
        };
        with_cards(&cards, table, Policy::Cheapest, change, |game| {
            let (party, sword) = (card(game, PARTY), card(game, SWORD));
            game.hand = vec![card(game, BLEED)];
            game.library = vec![party, sword, party];
            game.vampires.push(Vampire::new(kind(game, THEO), 7, 7, 0));
            game.minion_phase();
            assert_eq!((game.prey, game.pool, game.vampires[0].bonus), (30, 29, 1));
            game.minion_phase();
            assert_eq!(game.prey, 28);
            assert!(game.draw());
            assert!(!game.draw());
            assert_eq!(game.hand, [party, party]);
        });
    }

    #[test]
    fn a_fresh_bonus_goes_on_a_big_vampire_just_out() {
        // Test Trifle read as Legendary Vampire (+2 bleed, capacity 7 or
        // more) on turn 3 (index 2): Theo came out on turn 1, Bruno (3) on
        // turn 2, too small; Dario (7) on turn 2 gets it: bleeds 1 + 1 + 3.
        let table = "100002\tTest Trifle\tfresh_bonus\t2\t7\tx\n";
        let cards = [(THEO, 4), (DARIO, 4), (BRUNO, 4), (TRIFLE, 1)];
        with_game(&cards, table, Policy::Cheapest, |game| {
            game.turn = 2;
            game.hand = vec![card(game, TRIFLE)];
            game.vampires.push(Vampire::new(kind(game, THEO), 7, 7, 0));
            game.vampires.push(Vampire::new(kind(game, BRUNO), 3, 3, 1));
            game.vampires.push(Vampire::new(kind(game, DARIO), 7, 7, 1));
            game.master_phase();
            game.minion_phase();
            assert_eq!(game.prey, 25);
        });
    }

    #[test]
    fn a_hunting_ground_of_a_clan_feeds_any_vampire() {
        // Test Brujah Pride (Brujah) read as Zoo Hunting Ground (1 blood),
        // in play: Dario (Toreador, 2 of 7) misses the most: 3.
        let table = "100008\tTest Brujah Pride\thunting_ground\t1\t0\tx\n";
        with_game(
            &[(THEO, 6), (DARIO, 6), (PRIDE, 1)],
            table,
            Policy::Cheapest,
            |game| {
                game.grounds.push(card(game, PRIDE));
                game.vampires.push(Vampire::new(kind(game, THEO), 6, 7, 0));
                game.vampires.push(Vampire::new(kind(game, DARIO), 2, 7, 0));
                game.unlock_phase();
                assert_eq!((game.vampires[0].blood, game.vampires[1].blood), (6, 3));
            },
        );
    }

    #[test]
    fn a_clan_bleed_card_adds_to_its_clan_s_bleeds_for_three_turns() {
        // Test Brujah Pride (Brujah) read as Palla Grande (+1 bleed, 3
        // counters) in play: Theo (Brujah) bleeds 2, Dario (Toreador) 1:
        // 3 a turn for the turn it came and two discard phases more, then
        // 2 a turn.
        let table = "100008\tTest Brujah Pride\tclan_bleed\t1\t3\tx\n";
        with_game(
            &[(THEO, 6), (DARIO, 6), (PRIDE, 1)],
            table,
            Policy::Cheapest,
            |game| {
                game.clan_bleeds.push((card(game, PRIDE), 3));
                game.vampires.push(Vampire::new(kind(game, THEO), 7, 7, 0));
                game.vampires.push(Vampire::new(kind(game, DARIO), 7, 7, 0));
                let mut bled = Vec::new();
                for _ in 0..4 {
                    let before = game.prey;
                    game.minion_phase();
                    game.discard_phase();
                    bled.push(before - game.prey);
                }
                assert_eq!(bled, [3, 3, 3, 2]);
                assert!(game.clan_bleeds.is_empty());
            },
        );
    }

    #[test]
    fn an_x_bleed_modifier_is_played_with_x_one() {
        // Test Bloodbath (Obfuscate, X blood) read as Monkey Wrench with
        // X = 1: Felix (OBF, 4 blood) bleeds 2 for 1 blood.
        let table = "100007\tTest Bloodbath\tx_bleed_mod\t1\t0\tx\n";
        with_game(
            &[(200006, 12), (100007, 1)],
            table,
            Policy::Cheapest,
            |game| {
                game.hand = vec![card(game, 100007)];
                game.vampires
                    .push(Vampire::new(kind(game, 200006), 4, 4, 0));
                game.minion_phase();
                assert_eq!((game.prey, game.vampires[0].blood), (28, 3));
            },
        );
    }

    #[test]
    fn a_clan_pool_master_gains_its_pool_with_a_vampire_of_its_clan() {
        // Test Promo (1 pool) read as "gain 3 pool if you control a ready
        // Brujah": with Dario (Toreador) only, not played; with Theo
        // (Brujah), played: 30 - 1 + 3.
        let table =
            "100018\tTest Promo\tclan_pool\t3\t0\tGain 3 pool if you control a ready Brujah\n";
        let cards = [(THEO, 6), (DARIO, 6), (100018, 1)];
        for (vampire, pool) in [(DARIO, 30), (THEO, 32)] {
            with_game(&cards, table, Policy::Cheapest, |game| {
                game.hand = vec![card(game, 100018)];
                game.vampires
                    .push(Vampire::new(kind(game, vampire), 7, 7, 0));
                game.master_phase();
                assert_eq!(game.pool, pool);
            });
        }
    }
    #[test]
    fn a_minion_bleeds_once_a_turn_even_unlocked() {
        // Theo (7) holds Test Bleed read as a bleed at +1 and Test Duo
        // (Potence & Presence, 1 blood) read as an unlock card. He bleeds
        // for 2 (prey 28); a second bleed is not allowed, and nothing else
        // is left to do: the unlock card stays in hand.
        let table = "100003\tTest Bleed\tbleed\t1\t0\tx\n100006\tTest Duo\tunlock\t0\t0\tx\n";
        with_game(
            &[(THEO, 12), (BLEED, 1), (DUO, 1)],
            table,
            Policy::Cheapest,
            |game| {
                game.hand = vec![card(game, BLEED), card(game, DUO)];
                game.vampires.push(Vampire::new(kind(game, THEO), 7, 7, 0));
                assert_eq!(game.minion_phase(), 1);
                assert_eq!((game.prey, game.vampires[0].blood), (28, 7));
                assert_eq!(game.hand, [card(game, DUO)]);
            },
        );
    }

    #[test]
    fn a_vampire_takes_one_political_action_a_turn() {
        // Theo holds Test Vote (the prey burns 3), Test Bleed read as a
        // second vote (2) and Test Duo as an unlock card. He votes for 3
        // (prey 27), unlocks, and his second action is a plain bleed (26),
        // not the second vote (which would leave 25).
        let table = "100013\tTest Vote\tvote\t3\t0\tx\n100003\tTest Bleed\tvote\t2\t0\tx\n100006\tTest Duo\tunlock\t0\t0\tx\n";
        let cards = [(THEO, 12), (VOTE, 1), (BLEED, 1), (DUO, 1)];
        with_game(&cards, table, Policy::Cheapest, |game| {
            game.hand = vec![card(game, VOTE), card(game, BLEED), card(game, DUO)];
            game.vampires.push(Vampire::new(kind(game, THEO), 7, 7, 0));
            assert_eq!(game.minion_phase(), 2);
            assert_eq!(game.prey, 26);
            assert_eq!(game.hand, [card(game, BLEED)]);
        });
    }

    #[test]
    fn a_vampire_with_no_blood_hunts_before_any_other_action() {
        // Theo with no blood: he hunts (1 blood), an action; nothing more
        // (no unlock card): the prey keeps its 30.
        with_game(&[(THEO, 12), (DUO, 1)], "", Policy::Cheapest, |game| {
            game.vampires.push(Vampire::new(kind(game, THEO), 0, 7, 0));
            assert_eq!(game.minion_phase(), 1);
            assert_eq!((game.prey, game.vampires[0].blood), (30, 1));
            // With blood he bleeds.
            assert_eq!(game.minion_phase(), 1);
            assert_eq!((game.prey, game.vampires[0].blood), (29, 1));
        });
        // With Test Duo (1 blood) read as an unlock card: he hunts (1),
        // unlocks for his blood (0), bleeds (prey 29): two actions.
        let table = "100006\tTest Duo\tunlock\t0\t0\tx\n";
        with_game(&[(THEO, 12), (DUO, 1)], table, Policy::Cheapest, |game| {
            game.hand = vec![card(game, DUO)];
            game.vampires.push(Vampire::new(kind(game, THEO), 0, 7, 0));
            assert_eq!(game.minion_phase(), 2);
            assert_eq!((game.prey, game.vampires[0].blood), (29, 0));
        });
    }

    #[test]
    fn a_row_s_condition_picks_the_vampires_that_play_its_effect() {
        // Test Bleed read as "This Anarch gets +1 bleed": the Camarilla Theo
        // (200008) bleeds plainly (29); the Anarch Theo (200010) takes it
        // (worth the turns left) and bleeds for 2 the next turn (28).
        let table = "100003\tTest Bleed\tbleed_bonus\t1\t0\tThis Anarch gets +1 bleed.\n";
        for (theo, prey) in [(THEO, [29, 28]), (200010, [30, 28])] {
            with_game(&[(theo, 12), (BLEED, 1)], table, Policy::Cheapest, |game| {
                game.hand = vec![card(game, BLEED)];
                game.vampires.push(Vampire::new(kind(game, theo), 7, 7, 0));
                game.minion_phase();
                assert_eq!(game.prey, prey[0], "{theo}");
                game.hand.clear();
                game.minion_phase();
                assert_eq!(game.prey, prey[1], "{theo}");
            });
        }
        // Test Bleed read as "[aus] ... +1 bleed": Dario (AUS) bleeds with it
        // for 2, Theo (no Auspex) plainly for 1.
        let table = "100003\tTest Bleed\tbleed\t1\t0\t[aus] x\n";
        for (vampire, prey) in [(DARIO, 28), (THEO, 29)] {
            with_game(
                &[(vampire, 12), (BLEED, 1)],
                table,
                Policy::Cheapest,
                |game| {
                    game.hand = vec![card(game, BLEED)];
                    game.vampires
                        .push(Vampire::new(kind(game, vampire), 7, 7, 0));
                    game.minion_phase();
                    assert_eq!(game.prey, prey, "{vampire}");
                },
            );
        }
    }

    #[test]
    fn a_vote_pool_modifier_gains_its_pool_on_a_vote() {
        // Test Vote (the prey burns 1) with Test Bleed read as Bribes (gain
        // 1 pool): prey 29, pool 31; the second copy waits for the next vote.
        let table = "100013\tTest Vote\tvote\t1\t0\tx\n100003\tTest Bleed\tvote_pool\t1\t0\tx\n";
        with_game(
            &[(THEO, 12), (VOTE, 1), (BLEED, 2)],
            table,
            Policy::Cheapest,
            |game| {
                let (vote, bleed) = (card(game, VOTE), card(game, BLEED));
                game.hand = vec![vote, bleed, bleed];
                game.vampires.push(Vampire::new(kind(game, THEO), 7, 7, 0));
                game.minion_phase();
                assert_eq!((game.prey, game.pool), (29, 31));
                assert_eq!(game.hand, [bleed]);
            },
        );
    }

    #[test]
    fn the_card_drawn_takes_the_place_of_the_card_played() {
        // Hand: Party, Test Bleed (a bleed at +1), Punch; Theo bleeds with
        // Test Bleed and the Duo drawn takes its place: Party, Duo, Punch.
        let table = "100003\tTest Bleed\tbleed\t1\t0\tx\n";
        let cards = [(THEO, 12), (PARTY, 1), (BLEED, 1), (PUNCH, 1), (DUO, 1)];
        with_game(&cards, table, Policy::Cheapest, |game| {
            let (party, punch, duo) = (card(game, PARTY), card(game, PUNCH), card(game, DUO));
            game.hand = vec![party, card(game, BLEED), punch];
            game.library = vec![duo];
            game.vampires.push(Vampire::new(kind(game, THEO), 7, 7, 0));
            game.minion_phase();
            assert_eq!(game.prey, 28);
            assert_eq!(game.hand, [party, duo, punch]);
        });
    }
    #[test]
    fn a_parity_shift_is_worth_what_it_takes_and_gains_when_the_prey_has_more_pool() {
        // Test Vote read as Parity Shift (3), Test Bleed as a bleed at +4
        // (worth 5). With 20 pool Theo shifts (worth 6): prey 27, pool 23.
        // With 31 pool, more than the prey's 30, the shift is worth 0 and
        // is not played: the bleed takes 5.
        let table = "100013\tTest Vote\tvote_take\t3\t3\tx\n100003\tTest Bleed\tbleed\t4\t0\tx\n";
        for (pool, after) in [(20, (27, 23)), (31, (25, 31))] {
            with_game(
                &[(THEO, 12), (VOTE, 1), (BLEED, 1)],
                table,
                Policy::Cheapest,
                |game| {
                    game.pool = pool;
                    game.hand = vec![card(game, BLEED), card(game, VOTE)];
                    game.vampires.push(Vampire::new(kind(game, THEO), 7, 7, 0));
                    game.minion_phase();
                    assert_eq!((game.prey, game.pool), after, "pool {pool}");
                },
            );
        }
    }

    #[test]
    fn masters_the_game_plays_are_never_discarded() {
        // Test Trifle read as Minion Tap, with no vampire in play to tap:
        // the discard phase keeps it and throws the Party.
        let table = "100002\tTest Trifle\ttap\t0\t0\tx\n";
        with_game(
            &[(THEO, 12), (TRIFLE, 1), (PARTY, 1)],
            table,
            Policy::Cheapest,
            |game| {
                let (trifle, party) = (card(game, TRIFLE), card(game, PARTY));
                game.hand = vec![trifle, party];
                game.discard_phase();
                assert_eq!(game.hand, [trifle]);
                game.discard_phase();
                assert_eq!(game.hand, [trifle]);
            },
        );
    }

    #[test]
    fn a_discipline_master_that_opens_nothing_stays_in_hand() {
        // Test Trifle read as Presence: Theo has Presence, and the library
        // holds no card it would open: not played.
        let table = "100002\tTest Trifle\tdiscipline\t0\t0\tlevel of Presence [pre]\n";
        with_game(
            &[(THEO, 12), (TRIFLE, 1), (DUO, 1)],
            table,
            Policy::Cheapest,
            |game| {
                let trifle = card(game, TRIFLE);
                game.hand = vec![trifle];
                game.vampires.push(Vampire::new(kind(game, THEO), 7, 7, 0));
                game.master_phase();
                assert_eq!(game.hand, [trifle]);
                assert_eq!(game.vampires[0].capacity, 7);
            },
        );
    }

    #[test]
    fn one_unlock_card_a_vampire_a_turn() {
        // Two Test Duo read as unlock cards and Test Vote (1): Theo votes
        // (29), unlocks, bleeds (28); the second copy is the same card: no
        // second unlock this turn.
        let table = "100006\tTest Duo\tunlock\t0\t0\tx\n100013\tTest Vote\tvote\t1\t0\tx\n";
        with_game(
            &[(THEO, 12), (DUO, 2), (VOTE, 1)],
            table,
            Policy::Cheapest,
            |game| {
                let (duo, vote) = (card(game, DUO), card(game, VOTE));
                game.hand = vec![vote, duo, duo];
                game.vampires.push(Vampire::new(kind(game, THEO), 7, 7, 0));
                assert_eq!(game.minion_phase(), 2);
                assert_eq!(game.prey, 28);
                assert_eq!(game.hand, [duo]);
            },
        );
    }
}
