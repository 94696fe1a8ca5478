//! One influence phase under a transfers [`Policy`]: the one piece of code
//! `transfers` and `goldfish` both play, so that their influence phases can
//! never disagree. The rules are those of [`super::transfers`].

use vtesdeck_deck::STARTING_CRYPT;

use super::deck_tables::DeckTables;
use super::seed::{below, SimRng};
use super::transfers::{Policy, CRYPT_DRAW_TRANSFERS};

/// A crypt card in the uncontrolled region.
#[derive(Debug, Clone, Copy)]
struct Uncontrolled {
    kind: u16,
    /// Which vampire ([`super::deck_tables::CryptKind::vampire`]).
    vampire: u16,
    /// Whether only one copy of it can be in play.
    unique: bool,
    /// Whether it is a key vampire.
    key: bool,
    capacity: u8,
    blood: u8,
}

impl Uncontrolled {
    fn is_full(self) -> bool {
        self.blood >= self.capacity
    }
}

/// What one transfer (or four) does.
enum Spend {
    /// 1 pool on this uncontrolled vampire.
    Transfer(usize),
    /// 4 transfers and 1 pool: the next crypt card in.
    CryptDraw,
    /// Nothing applies: the remaining transfers are lost.
    Stop,
}

/// A vampire that came into play during an influence phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CameOut {
    /// Its crypt kind (index into [`DeckTables::crypt`]).
    pub kind: u16,
    /// Whether it is a key vampire.
    pub key: bool,
}

/// One seat's crypt side for one game: the shuffled crypt, the uncontrolled
/// region and the vampires in play, reused from game to game.
pub(crate) struct Influence<'a> {
    tables: &'a DeckTables,
    crypt: Vec<u16>,
    /// The next crypt card to deal (index into `crypt`).
    next: usize,
    uncontrolled: Vec<Uncontrolled>,
    /// The vampires ([`Uncontrolled::vampire`]) in play.
    controlled: Vec<u16>,
    max_vampires: usize,
    policy: Policy,
}

impl<'a> Influence<'a> {
    /// A crypt in deck order; spending stops at `max_vampires`.
    pub(crate) fn new(tables: &'a DeckTables, policy: Policy, max_vampires: u32) -> Influence<'a> {
        Influence {
            tables,
            crypt: tables.crypt_pile.clone(),
            next: 0,
            uncontrolled: Vec::with_capacity(tables.crypt_pile.len()),
            controlled: Vec::with_capacity(tables.crypt_pile.len()),
            max_vampires: max_vampires as usize,
            policy,
        }
    }

    /// Shuffles the crypt (Fisher-Yates from its current order).
    pub(crate) fn shuffle(&mut self, rng: &mut SimRng) {
        let n = self.crypt.len();
        for i in 0..n.saturating_sub(1) {
            let j = i + below(rng, n - i);
            self.crypt.swap(i, j);
        }
    }

    /// Starts a game on the current crypt order: nothing in play, the first
    /// crypt cards dealt to the uncontrolled region.
    pub(crate) fn start(&mut self) {
        self.uncontrolled.clear();
        self.controlled.clear();
        self.next = (STARTING_CRYPT as usize).min(self.crypt.len());
        for position in 0..self.next {
            self.deal(position);
        }
    }

    /// Vampires in play.
    pub(crate) fn controlled(&self) -> usize {
        self.controlled.len()
    }

    fn deal(&mut self, position: usize) {
        let kind = self.crypt[position];
        let card = &self.tables.crypt[usize::from(kind)];
        self.uncontrolled.push(Uncontrolled {
            kind,
            vampire: card.vampire,
            unique: card.unique,
            key: card.key,
            capacity: card.capacity,
            blood: 0,
        });
    }

    /// Plays one influence phase with `transfers` transfers, paying from
    /// `pool` (never below 1); `key_in_play` says whether a key vampire is
    /// in play (the key policy digs for one until then). The vampires that
    /// come into play are passed to `came_out`, in the order they were dealt.
    /// Returns the transfers left unused.
    pub(crate) fn phase(
        &mut self,
        mut transfers: u32,
        pool: &mut u32,
        key_in_play: bool,
        mut came_out: impl FnMut(CameOut),
    ) -> u32 {
        while transfers > 0 && *pool > 1 {
            let full = self.uncontrolled.iter().filter(|u| u.is_full()).count();
            if self.controlled.len() + full >= self.max_vampires {
                break;
            }
            let can_draw = self.next < self.crypt.len() && transfers >= CRYPT_DRAW_TRANSFERS;
            match self.choose(can_draw, key_in_play, |_| true) {
                Spend::Transfer(target) => {
                    self.uncontrolled[target].blood += 1;
                    *pool -= 1;
                    transfers -= 1;
                }
                Spend::CryptDraw => {
                    self.deal(self.next);
                    self.next += 1;
                    *pool -= 1;
                    transfers -= CRYPT_DRAW_TRANSFERS;
                }
                Spend::Stop => break,
            }
        }
        let controlled = &mut self.controlled;
        self.uncontrolled.retain(|u| {
            if u.is_full() {
                controlled.push(u.vampire);
                came_out(CameOut {
                    kind: u.kind,
                    key: u.key,
                });
                false
            } else {
                true
            }
        });
        transfers
    }

    /// Adds `blood` blood from the bank (no pool paid, no transfer used), all
    /// of it on the one vampire of capacity `min_capacity` or more the
    /// policy would give a transfer, within `max_vampires`; a vampire it fills
    /// comes out at the end of the next [`Influence::phase`]. Returns whether
    /// there was such a vampire (else nothing is added).
    pub(crate) fn add_free_blood(
        &mut self,
        blood: u32,
        min_capacity: u8,
        key_in_play: bool,
    ) -> bool {
        self.add_free_blood_of(blood, key_in_play, |_, capacity| capacity >= min_capacity)
    }

    /// The vampire [`Influence::add_free_blood`] would put its blood on.
    pub(crate) fn free_blood_target(&self, min_capacity: u8, key_in_play: bool) -> Option<usize> {
        self.free_blood_target_of(key_in_play, |_, capacity| capacity >= min_capacity)
    }

    /// As [`Influence::add_free_blood`], on a vampire whose crypt kind and
    /// capacity `wanted` accepts (a clan, say).
    pub(crate) fn add_free_blood_of(
        &mut self,
        blood: u32,
        key_in_play: bool,
        wanted: impl Fn(u16, u8) -> bool,
    ) -> bool {
        let Some(target) = self.free_blood_target_of(key_in_play, wanted) else {
            return false;
        };
        let target = &mut self.uncontrolled[target];
        target.blood = target
            .blood
            .saturating_add(u8::try_from(blood).unwrap_or(u8::MAX));
        true
    }

    /// The vampire [`Influence::add_free_blood_of`] would put its blood on.
    pub(crate) fn free_blood_target_of(
        &self,
        key_in_play: bool,
        wanted: impl Fn(u16, u8) -> bool,
    ) -> Option<usize> {
        let full = self.uncontrolled.iter().filter(|u| u.is_full()).count();
        if self.controlled.len() + full >= self.max_vampires {
            return None;
        }
        match self.choose(false, key_in_play, |u| wanted(u.kind, u.capacity)) {
            Spend::Transfer(target) => Some(target),
            Spend::CryptDraw | Spend::Stop => None,
        }
    }

    /// Moves the top card of the crypt to the uncontrolled region (no pool,
    /// no transfer); returns whether the crypt had one.
    pub(crate) fn draw_crypt(&mut self) -> bool {
        if self.next >= self.crypt.len() {
            return false;
        }
        self.deal(self.next);
        self.next += 1;
        true
    }

    /// Whether the crypt has a card left to draw.
    pub(crate) fn crypt_left(&self) -> bool {
        self.next < self.crypt.len()
    }

    /// What the policy does with the next transfer (`can_draw`: the crypt is
    /// not empty and at least 4 transfers remain), a transfer going only to
    /// a vampire `wanted` accepts.
    fn choose(
        &self,
        can_draw: bool,
        key_in_play: bool,
        wanted: impl Fn(&Uncontrolled) -> bool,
    ) -> Spend {
        let target = match self.policy {
            Policy::Cheapest => self.cheapest_target(&wanted),
            Policy::Biggest => self.biggest_target(&wanted),
            Policy::Key => {
                if let Some(key) = self.cheapest_target(|u| u.key && wanted(u)) {
                    return Spend::Transfer(key);
                }
                let key_in_sight = key_in_play || self.uncontrolled.iter().any(|u| u.key);
                // A vampire first: digging before one is in play would make
                // more transfers a slower start (seat 4 digging on turn 1
                // where seat 3 brings a vampire out).
                if !key_in_sight && can_draw && !self.controlled.is_empty() {
                    return Spend::CryptDraw;
                }
                self.cheapest_target(&wanted)
            }
        };
        match target {
            Some(target) => Spend::Transfer(target),
            None if can_draw => Spend::CryptDraw,
            None => Spend::Stop,
        }
    }

    /// Whether uncontrolled card `u` can receive a transfer: not full, and not
    /// a copy of a unique vampire controlled or already full.
    fn is_eligible(&self, u: &Uncontrolled) -> bool {
        !u.is_full()
            && !(u.unique
                && (self.controlled.contains(&u.vampire)
                    || self
                        .uncontrolled
                        .iter()
                        .any(|other| other.vampire == u.vampire && other.is_full())))
    }

    /// The eligible target among those `wanted` with the largest capacity
    /// (ties: dealt first).
    fn biggest_target(&self, wanted: impl Fn(&Uncontrolled) -> bool) -> Option<usize> {
        let mut best: Option<(usize, u8)> = None;
        for (i, u) in self.uncontrolled.iter().enumerate() {
            if best.is_some_and(|(_, b)| b >= u.capacity) || !wanted(u) || !self.is_eligible(u) {
                continue;
            }
            best = Some((i, u.capacity));
        }
        best.map(|(i, _)| i)
    }

    /// The eligible target among those `wanted` needing the fewest counters
    /// (ties: dealt first).
    fn cheapest_target(&self, wanted: impl Fn(&Uncontrolled) -> bool) -> Option<usize> {
        let mut best: Option<(usize, u8)> = None;
        for (i, u) in self.uncontrolled.iter().enumerate() {
            if u.is_full() {
                continue;
            }
            let needed = u.capacity - u.blood;
            if best.is_some_and(|(_, b)| b <= needed) || !wanted(u) || !self.is_eligible(u) {
                continue;
            }
            best = Some((i, needed));
        }
        best.map(|(i, _)| i)
    }
}
