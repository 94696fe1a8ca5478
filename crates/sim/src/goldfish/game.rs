//! One seat's game at an idle table, turn by turn, and the integer tallies of
//! many games. The rules played are those of [`super`]'s documentation.

use vtesdeck_cards::{CardDb, Cost};
use vtesdeck_deck::OPENING_HAND;

use super::super::deck_tables::{DeckTables, MASTER_CLASS};
use super::super::influence::Influence;
use super::super::seed::{self, add_counts, below, SeatGame, SimRng};
use super::super::transfers::{first_turn_transfers, STARTING_POOL, TRANSFERS_PER_TURN};
use super::effects::{CardClass, EffectKind, EffectTable};
use super::GoldfishOptions;

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
    /// Its class.
    pub(super) coverage: CardClass,
}

/// The least capacity of the vampire an `uncontrolled_blood` card adds its
/// blood to (its `gain` column).
fn min_capacity(card: &LibCard) -> u8 {
    u8::try_from(card.gain).unwrap_or(u8::MAX)
}

impl LibCard {
    /// The cards of `tables.library`, in its order.
    pub(super) fn of_deck(tables: &DeckTables, db: &CardDb, effects: &EffectTable) -> Vec<LibCard> {
        tables
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
                let (blood_cost, x_blood) = cost(card.and_then(|c| c.blood_cost));
                LibCard {
                    class: kind.class,
                    effect: row.map(|r| r.kind).filter(|k| *k != EffectKind::Inert),
                    amount: row.map_or(0, |r| r.amount),
                    gain: row.map_or(0, |r| r.gain),
                    pool_cost,
                    blood_cost: u8::try_from(blood_cost).unwrap_or(u8::MAX),
                    x_cost: x_pool || x_blood,
                    limited: card.is_some_and(|c| c.text.contains("(limited)")),
                    trifle: card.is_some_and(|c| c.trifle),
                    unique: card.is_some_and(|c| c.text.starts_with("Unique")),
                    coverage: card.map_or(CardClass::NotModelled, |c| effects.class_of(c)),
                }
            })
            .collect()
    }
}

/// A vampire in play.
#[derive(Debug, Clone, Copy)]
struct Vampire {
    kind: u16,
    blood: u8,
    /// Bleed added to each of its bleeds by the cards it carries.
    bonus: u32,
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

/// One thread's game state, reused from game to game.
pub(super) struct Game<'a> {
    tables: &'a DeckTables,
    cards: &'a [LibCard],
    influence: Influence<'a>,
    /// The library in deck order, then shuffled: indices into `cards`.
    library: Vec<u16>,
    /// The next card to draw.
    next: usize,
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
    /// The current turn, from 0.
    turn: u32,
    /// The library's random source, far from the crypt's (a long jump of the
    /// chunk's): the crypts are those `transfers` deals with the same seed.
    library_rng: SimRng,
}

impl<'a> Game<'a> {
    pub(super) fn new(
        tables: &'a DeckTables,
        cards: &'a [LibCard],
        options: &GoldfishOptions,
        chunk_rng: &SimRng,
    ) -> Game<'a> {
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
            cards,
            influence: Influence::new(tables, options.policy, options.max_vampires),
            library,
            next: 0,
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
            turn: 0,
            library_rng,
        }
    }

    fn draw(&mut self) {
        if let Some(&card) = self.library.get(self.next) {
            self.hand.push(card);
            self.next += 1;
        }
    }

    /// Plays the card at `index` of the hand: out of the hand, replaced.
    fn play_card(&mut self, index: usize) -> LibCard {
        let card = self.cards[usize::from(self.hand.swap_remove(index))];
        self.pool -= card.pool_cost;
        self.draw();
        card
    }

    /// Whether the card can be paid (pool never to 0) by a vampire with `blood`.
    fn affordable(&self, card: &LibCard, blood: u8) -> bool {
        !card.x_cost && card.pool_cost < self.pool && card.blood_cost <= blood
    }

    /// The blood dolls move their blood; then one master phase action (one
    /// more per location that gives one, one more after the first trifle):
    /// the master that gains the most pool, else one that adds blood.
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
                    _ => continue,
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
                    if let Some(v) = self.vampires.iter_mut().min_by_key(|v| v.blood) {
                        v.blood = v.blood.saturating_add(card.amount as u8);
                    }
                }
                Some(EffectKind::BloodDoll) => self.dolls += 1,
                Some(EffectKind::Transfers) => self.extra_transfers += card.amount,
                Some(EffectKind::InfluenceBlood) => self.free_blood += card.amount,
                Some(EffectKind::UncontrolledBlood) => {
                    self.influence
                        .add_free_blood(card.amount, min_capacity(&card), false);
                }
                Some(EffectKind::MasterAction) => {
                    self.extra_master_actions += 1;
                }
                Some(EffectKind::Tablets) => {
                    tablet_played = true;
                    self.tablets += 1;
                    if self.tablets == 3 {
                        self.tablets = 0;
                        self.pool += card.amount;
                    }
                }
                _ => {}
            }
            if card.trifle && !trifle_played {
                trifle_played = true;
            } else {
                actions -= 1;
            }
        }
    }

    /// Every vampire in play acts; returns the actions taken.
    fn minion_phase(&mut self) -> u32 {
        let mut actions = 0;
        for v in 0..self.vampires.len() {
            self.used.clear();
            let mut plain_done = false;
            loop {
                if self.prey == 0 {
                    return actions;
                }
                let Some(choice) = self.best_action(v, plain_done) else {
                    break;
                };
                actions += 1;
                self.act(v, choice);
                if choice == PLAIN {
                    plain_done = true;
                }
                if !self.unlock(v, plain_done) {
                    break;
                }
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

    /// Whether vampire `v` can play `card` as an action or modifier now.
    fn usable(&self, v: usize, c: u16) -> bool {
        let card = &self.cards[usize::from(c)];
        let vampire = self.vampires[v];
        card.class != MASTER_CLASS
            && self.tables.can_play(usize::from(vampire.kind), card.class)
            && self.affordable(card, vampire.blood)
            && !self.used.contains(&c)
    }

    /// The action vampire `v` takes: the hand index of the action card that
    /// takes the most pool (bleed, vote) or gains the most, ties to the card
    /// (it cycles the hand); a plain bleed (`PLAIN`) if none is better and it
    /// has not bled plainly this turn yet; `None` when nothing is left. A
    /// bleed bonus is worth its bleed times the turns left after this one.
    fn best_action(&self, v: usize, plain_done: bool) -> Option<usize> {
        let bonus = self.vampires[v].bonus;
        let mut best: Option<(usize, u32)> = (!plain_done).then_some((PLAIN, 1 + bonus));
        for (index, &c) in self.hand.iter().enumerate() {
            let card = &self.cards[usize::from(c)];
            let value = match card.effect {
                Some(EffectKind::Bleed) => 1 + bonus + card.amount + card.gain,
                Some(EffectKind::ActionPool) => card.gain,
                Some(EffectKind::Vote) => card.amount + card.gain,
                Some(EffectKind::VoteTake) if self.prey > self.pool => 2 * card.amount,
                Some(EffectKind::Ally) if !(card.unique && self.unique_in_play.contains(&c)) => {
                    1 + card.amount
                }
                Some(EffectKind::BleedBonus)
                    if !(self.attached.contains(&(v, c))
                        || card.unique && self.unique_in_play.contains(&c)) =>
                {
                    card.amount * self.turns.saturating_sub(self.turn + 1)
                }
                _ => continue,
            };
            if best.is_some_and(|(_, b)| value < b) || !self.usable(v, c) {
                continue;
            }
            if best.is_none_or(|(i, b)| value > b || i == PLAIN) {
                best = Some((index, value));
            }
        }
        best.map(|(index, _)| index)
    }

    /// Vampire `v` takes the action `choice`, with the bleed modifiers it can
    /// add on a bleed.
    fn act(&mut self, v: usize, choice: usize) {
        let (mut bleed, mut taken, mut gain) = (0, 0, 0);
        if choice == PLAIN {
            bleed = 1;
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
                }
                Some(EffectKind::VoteTake) => {
                    taken = card.amount.min(self.prey);
                    gain = taken;
                }
                Some(EffectKind::Ally) => {
                    if card.unique {
                        self.unique_in_play.push(c);
                    }
                    self.recruited.push(card.amount);
                }
                Some(EffectKind::BleedBonus) => {
                    if card.unique {
                        self.unique_in_play.push(c);
                    }
                    self.attached.push((v, c));
                    self.vampires[v].bonus += card.amount;
                }
                _ => {}
            }
        }
        if bleed > 0 {
            bleed += self.vampires[v].bonus + self.modifiers(v);
        }
        self.prey -= (bleed + taken).min(self.prey);
        self.pool += gain;
    }

    /// Plays the bleed modifiers vampire `v` can on its bleed: the largest
    /// limited one, then every other (one copy of a card per action).
    fn modifiers(&mut self, v: usize) -> u32 {
        let mut added = 0;
        let mut limited_played = false;
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
    fn unlock(&mut self, v: usize, plain_done: bool) -> bool {
        let Some(index) = self.hand.iter().position(|&c| {
            self.cards[usize::from(c)].effect == Some(EffectKind::Unlock) && self.usable(v, c)
        }) else {
            return false;
        };
        let c = self.hand[index];
        // Would it act again? Checked with the unlock card still in hand
        // (it is no action card, so it changes nothing).
        if self.best_action(v, plain_done).is_none() {
            return false;
        }
        self.used.push(c);
        let card = self.play_card(index);
        self.vampires[v].blood -= card.blood_cost;
        true
    }

    /// Discards one card no vampire in play can use: inert first, then not
    /// modelled, then a modelled card none of them can play; draws back.
    fn discard_phase(&mut self) {
        let mut worst: Option<(usize, u8)> = None;
        for (index, &c) in self.hand.iter().enumerate() {
            let card = &self.cards[usize::from(c)];
            let rank = match card.coverage {
                CardClass::Inert => 3,
                CardClass::NotModelled => 2,
                CardClass::Modelled
                    if card.class != MASTER_CLASS
                        && !self
                            .vampires
                            .iter()
                            .any(|v| self.tables.can_play(usize::from(v.kind), card.class)) =>
                {
                    1
                }
                CardClass::Modelled => continue,
            };
            if worst.is_none_or(|(_, r)| rank > r) {
                worst = Some((index, rank));
            }
        }
        if let Some((index, _)) = worst {
            self.hand.swap_remove(index);
            self.draw();
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
        for turn in 0..self.turns as usize {
            self.turn = turn as u32;
            let prey_before = self.prey;
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
            let vampires = &mut self.vampires;
            let tables = self.tables;
            self.influence
                .phase(transfers, &mut self.pool, false, |came_out| {
                    vampires.push(Vampire {
                        kind: came_out.kind,
                        blood: tables.crypt[usize::from(came_out.kind)].capacity,
                        bonus: 0,
                    });
                });
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
